"""The needed strings of a pattern (``autopatch_memory/lang/prefilter.py``): every match
holds one of them, so a text without any is never searched — and a search through the
prefilter answers what the plain pattern answers, on every rule of the instruction-like
family and every reading of the open corpora."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from autopatch_memory.injection import INSTRUCTION_RULES
from autopatch_memory.injection.reading import compiled, found, looks, may_match, said, squeezed
from autopatch_memory.lang.prefilter import announced, branches, needed

DATA = Path(__file__).resolve().parents[1] / "data" / "instruction_like"


@pytest.mark.parametrize(
    ("pattern", "expected"),
    [
        (r"\bignore\s+all", {"ignore"}),  # the longer of two literal stretches
        (r"(?:ab|cd)ef", {"abef", "cdef"}),  # an alternation distributes over what follows
        (r"a[xy]z", {"axz", "ayz"}),
        (r"(?:foo|bar)\s+(?:x|yy)", {"foo", "bar"}),
        (r"(?:foo|ba)\d+", {"foo", "ba"}),
        (r"x(?=abc)y", {"xy"}),  # a look-ahead consumes nothing
        (r"colou?r", {"color", "colour"}),
        (r"(?:ab)+c", {"ab"}),
        (r"ignore(?:\s+previous)?", {"ignore"}),
    ],
)
def test_needed_strings_of_a_pattern(pattern: str, expected: set[str]) -> None:
    assert set(needed(pattern) or ()) == expected


@pytest.mark.parametrize(
    "pattern",
    [
        r"\w+",
        r"(?:abc)?",
        r"a*",
        r"[^a]bc|x",  # one branch needs "bc", the other "x": fine; but see below
        r"(?i)abc",  # case folded: a literal is not what it matches
        r"(?:abc|.)",
    ],
)
def test_nothing_certain_is_no_gate(pattern: str) -> None:
    if pattern == r"[^a]bc|x":
        assert set(needed(pattern) or ()) == {"bc", "x"}
    else:
        assert needed(pattern) is None


def test_a_match_always_holds_a_needed_string() -> None:
    for pattern, text in [
        (r"\bignore\s+all", "please IGNORE all, ignore  all"),
        (r"(?:ab|cd)ef", "xxcdefyy"),
        (r"colou?r", "colr color colour"),
        (r"(?:ab)+c", "ababc"),
    ]:
        for match in re.finditer(pattern, text):
            assert any(s in match.group(0) for s in needed(pattern) or ("",))


def test_branches_cut_only_at_the_top_level() -> None:
    assert branches(r"a|b(?:c|d)|[|]e|\|f") == ("a", "b(?:c|d)", "[|]e", r"\|f")
    assert branches(r"(a)|\1") == (r"(a)|\1",)  # a back-reference keeps it whole
    assert branches(r"(?i)a|b") == (r"(?i)a|b",)  # so does a global flag


def _texts() -> list[str]:
    texts = [
        json.loads(line)["text"]
        for path in sorted(DATA.glob("*.jsonl"))
        if not path.name.startswith("sealed")  # held out: never read here
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.strip()
    ]
    for rule in INSTRUCTION_RULES:
        texts += [*rule.examples_match, *rule.examples_no_match]
    return texts + [t.upper() for t in texts] + [" ".join(t) for t in texts[:200]]


def _sources() -> list[str]:
    # Every pattern of the family: its rules' own and those their functions search.
    sources = list(announced())
    for rule in INSTRUCTION_RULES:
        assert all(s in sources for s in (rule.anywhere, rule.in_said, rule.in_squeezed) if s)
    assert len(sources) > len(INSTRUCTION_RULES)
    return sources


def test_found_answers_what_the_whole_pattern_answers_on_every_reading() -> None:
    sources = _sources()
    compared = matched = 0
    for text in _texts():
        for reading in {looks(text), said(text), squeezed(text)}:
            for source in sources:
                whole = compiled(source).search(reading) is not None
                assert found(source, reading) == whole, (source[:60], reading)
                assert may_match(source, reading) or not whole
                compared += 1
                matched += whole
    assert matched > 500 and compared > 50_000  # the corpus exercises the rules
