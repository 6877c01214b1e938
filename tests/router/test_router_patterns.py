"""The router's patterns compile at their first use (``cli/classify/lexicon.py``): every
one of them must compile, whether or not a test's message reaches it; a word list is
skipped on a message that holds none of its pieces, and finds the same."""

from __future__ import annotations

import gc
import json
import pkgutil
import re
from importlib import import_module
from pathlib import Path
from typing import Any

import autopatch_memory_cli.classify as router
from autopatch_memory_cli.classify.lexicon import Lexicon, rx

from autopatch_memory import normalize_text
from autopatch_memory.lang import LazyPattern


def _walk(value: Any, seen: dict[int, Any], depth: int = 0) -> None:
    """Put in ``seen`` what ``value`` holds, a few levels down (``seen`` keeps each
    alive, so that no id is reused)."""
    if id(value) in seen or depth > 5:
        return
    seen[id(value)] = value
    if isinstance(value, dict):
        items: list[Any] = [*value.keys(), *value.values()]
    elif isinstance(value, (list, tuple, set, frozenset)):
        items = list(value)
    elif hasattr(value, "__dict__") and type(value).__module__.startswith(router.__name__):
        items = list(vars(value).values())
    else:
        return
    for item in items:
        _walk(item, seen, depth + 1)


def _router_patterns_and_lists() -> list[Any]:
    """What the router's modules hold (a few levels down), and every object alive."""
    seen: dict[int, Any] = {}
    for info in pkgutil.iter_modules(router.__path__):
        _walk(list(vars(import_module(f"{router.__name__}.{info.name}")).values()), seen)
    for alive in gc.get_objects():
        seen.setdefault(id(alive), alive)
    return list(seen.values())


def _router_patterns() -> list[LazyPattern]:
    """Every pattern of the router: held by its modules (a few levels down), or alive."""
    held = _router_patterns_and_lists()
    found = [o for o in held if isinstance(o, LazyPattern)]
    lexicons = [o for o in held if isinstance(o, Lexicon)]
    assert len(lexicons) >= 20  # it does see the word lists
    return found + [lexicon._pattern for lexicon in lexicons if lexicon._pattern is not None]


def test_every_pattern_of_the_router_compiles() -> None:
    patterns = _router_patterns()
    assert len(patterns) > 140
    for pattern in patterns:
        assert isinstance(pattern.compiled, re.Pattern), pattern.pattern


def test_a_lazy_pattern_matches_as_its_compiled_regex() -> None:
    lazy = rx(r"\bfix(?:es)?\b|修")
    compiled = re.compile(lazy.pattern, re.ASCII)
    text = "看下mall-admin fixes 修复 prefix"
    assert lazy.flags & re.ASCII
    assert [m.span() for m in lazy.finditer(text)] == [m.span() for m in compiled.finditer(text)]
    assert lazy.search(text) is not None and lazy.match(text) is None
    assert lazy.fullmatch("fix") is not None
    assert lazy.sub("_", text) == compiled.sub("_", text)
    assert lazy.split(text) == compiled.split(text)
    assert lazy.search(text, 12) is not None and lazy.search(text, 0, 5) is None


def test_a_list_skipped_by_its_pieces_would_have_found_nothing() -> None:
    # The pieces are a shortcut only: every list finds, in every open router message, what
    # its whole pattern finds there.
    data = Path(__file__).resolve().parent.parent / "data" / "router"
    messages = [
        normalize_text(json.loads(line)["text"])
        for name in ("cases.jsonl", "set_a.jsonl", "set_b.jsonl", "set_c.jsonl", "held_out.jsonl")
        for line in (data / name).read_text(encoding="utf-8").splitlines()
        if line.strip()
    ]
    lexicons = [o for o in _router_patterns_and_lists() if isinstance(o, Lexicon)]
    assert len(lexicons) >= 20
    for lexicon in lexicons:
        whole = lexicon._pattern
        if whole is None:
            continue
        for norm in messages:
            blanked = norm
            for exception in lexicon._exceptions:
                blanked = blanked.replace(exception, " " * len(exception))
            expected = [(m.group(0), m.start()) for m in whole.finditer(blanked)]
            assert lexicon.spans(norm) == expected, (norm, lexicon._source[:80])
