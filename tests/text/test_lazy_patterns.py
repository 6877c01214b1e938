"""Patterns compiled at their first use: they match as compiled ones, every one the
library holds compiles, and a command that reads one question compiles few of them."""

from __future__ import annotations

import gc
import json
import pkgutil
import re
import subprocess
import sys
import threading
import unicodedata
from importlib import import_module
from pathlib import Path

import autopatch_memory
from autopatch_memory import privacy
from autopatch_memory.lang import LazyPattern, lazy_compile
from autopatch_memory.lang.phrases import phrase_pieces
from autopatch_memory.lang.vocabulary import (
    CONCEPTS,
    LANGUAGE_FEATURES,
    concept_pattern,
    concepts_in,
)

DATA = Path(__file__).resolve().parent.parent / "data"


def test_a_lazy_pattern_matches_as_the_compiled_one_and_then_is_it() -> None:
    source = r"(?P<key>password|密码)\s*[:=：]\s*(?P<value>\S+)"
    lazy, compiled = lazy_compile(source, re.IGNORECASE), re.compile(source, re.IGNORECASE)
    assert not lazy.is_compiled  # nothing compiled yet
    assert lazy.pattern == source and lazy.flags == re.IGNORECASE
    text = "PASSWORD = x1 and 密码：y2, password:z3"
    assert [m.span() for m in lazy.finditer(text)] == [m.span() for m in compiled.finditer(text)]
    assert lazy.search(text, 5) is not None and lazy.match(text, 1) is None
    assert lazy.sub("<>", text) == compiled.sub("<>", text)
    assert lazy.findall(text) == compiled.findall(text)
    assert lazy.groupindex == compiled.groupindex
    # Once compiled, a call goes to the compiled pattern's own method.
    assert lazy.search == lazy.compiled.search
    match = lazy.search(text)
    assert match is not None and match.re is lazy.compiled


def test_the_public_patterns_stay_compiled_patterns() -> None:
    # Public names keep their type: re.sub(MARKER_RE, …) works, as it always did.
    assert isinstance(autopatch_memory.TERMINAL_UNSAFE_RE, re.Pattern)
    assert isinstance(privacy.MARKER_RE, re.Pattern)
    assert re.sub(privacy.MARKER_RE, "x", "a [REDACTED:password] b") == "a x b"


def test_threads_that_meet_a_pattern_first_share_one_compiled_pattern() -> None:
    # A rule compares a match's pattern with ``compiled`` (``m.re is X.compiled``).
    patterns = [lazy_compile(rf"(?P<k>key{i})=(?P<v>\w+)") for i in range(200)]
    start = threading.Barrier(8)
    seen: list[tuple[int, object]] = []

    def run() -> None:
        start.wait()
        for i, pattern in enumerate(patterns):
            match = pattern.search(f"key{i}=v")
            assert match is not None
            seen.append((i, match.re))

    threads = [threading.Thread(target=run) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(seen) == 8 * len(patterns)
    assert all(found is patterns[i].compiled for i, found in seen)


def _all_modules() -> None:
    for package in (autopatch_memory, import_module("autopatch_memory_cli")):
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            if info.name.endswith("__main__"):
                continue
            import_module(info.name)


def test_every_pattern_compiled_at_first_use_compiles() -> None:
    # A typo in a lazy pattern would only show on the first text that needs it.
    _all_modules()
    found = [o for o in gc.get_objects() if isinstance(o, LazyPattern)]
    assert len(found) > 600  # it does see the redaction engine's and the router's
    for pattern in found:
        assert isinstance(pattern.compiled, re.Pattern), pattern.pattern


def _open_texts() -> list[str]:
    texts: list[str] = []
    for name in ("governance/question_texts.jsonl", "router/cases.jsonl", "router/set_a.jsonl"):
        for line in (DATA / name).read_text(encoding="utf-8").splitlines():
            if line.strip():
                texts.append(json.loads(line)["text"])
    return texts


def test_the_concepts_found_with_the_pieces_shortcut_are_those_the_patterns_find() -> None:
    phrases = [p for words in (*CONCEPTS.values(), LANGUAGE_FEATURES) for p in words]
    texts = [
        *_open_texts(),
        *phrases,
        *(f"about the {p}s here" for p in phrases),
        *(p.replace(" ", "") for p in phrases),
        *(f"x_{p}_y" for p in phrases),
    ]
    full = {name: concept_pattern(words) for name, words in CONCEPTS.items()}
    features = concept_pattern(LANGUAGE_FEATURES)
    for text in texts:
        folded = unicodedata.normalize("NFKC", text).lower()
        expected = [name for name, pattern in full.items() if pattern.search(folded)]
        found = concepts_in(folded, question=True)
        assert list(found[: len(expected)]) == expected, text
        if features.search(folded):
            assert "java_version" in found, text


def test_the_pieces_of_a_phrase_are_in_every_text_that_holds_it() -> None:
    assert phrase_pieces(["connection pool", "连接 池", "pool"]) == ("connection", "pool", "连接")


def test_redacting_a_short_question_compiles_few_of_the_engines_patterns() -> None:
    # In a fresh process: what a `context` command pays for the reason it shows.
    code = """
import gc
from autopatch_memory.lang import LazyPattern
from autopatch_memory.privacy import redact
redact("How does FindingQueue order the findings?")
lazy = [o for o in gc.get_objects() if isinstance(o, LazyPattern)]
print(len(lazy), sum(o.is_compiled for o in lazy))
"""
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    held, compiled = map(int, done.stdout.split())
    assert held > 500
    assert compiled < held // 10, (compiled, held)
