"""The literal strings a regular expression cannot match without (docs/design.md#rules).

A long pattern tried on a short text costs its full scan even when the text holds none
of its words. :func:`needed` reads a pattern's parse tree and derives a set of literal
strings of which every match must contain one: ``\\bignore\\s+(?:all|any)\\s+rules``
cannot match a text without ``"ignore"``. Testing ``needed in text`` first (``str``'s
fast substring search) skips the pattern on most texts, and never changes a result:
only what a match consumes is counted — lookarounds, anchors, classes too wide and
optional parts count as nothing — so the set is a necessary condition by construction,
or ``None`` (no gate) when nothing is certain.

:func:`branches` cuts a pattern at its top-level ``|``: a text matches the whole
pattern exactly when it matches one of its branches, and each branch gets its own set.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Iterable
from functools import cache, lru_cache
from types import ModuleType
from typing import Any

from autopatch_memory.lang.pattern_cache import code_digest, derived
from autopatch_memory.patterns import split_top


def _parser() -> ModuleType:
    # The standard library's own regex parser: ``re._parser`` since 3.11, ``sre_parse``
    # before (importing that name warns from 3.11 on).
    try:
        return importlib.import_module("re._parser")
    except ImportError:  # pragma: no cover - Python 3.10
        return importlib.import_module("sre_parse")


# A set of alternatives grows by cross product along a sequence; past this size it is
# closed and a new one started (the gate stays exact, only less selective).
_MOST = 64
# A character class is a set of one-letter strings only when it is this small.
_CLASS_MOST = 12

Strings = frozenset[str]


class _Node:
    """What one piece of a pattern can match: ``exact``, every string it can match
    (when few and known), and ``need``, strings one of which every match contains."""

    __slots__ = ("exact", "need")

    def __init__(self, exact: Strings | None, need: Strings | None) -> None:
        self.exact = exact
        self.need = need if need is None or "" not in need else None


_EMPTY = _Node(frozenset({""}), None)
_UNKNOWN = _Node(None, None)


def _better(a: Strings | None, b: Strings | None) -> Strings | None:
    """The more selective of two needed sets (longer shortest string, then fewer)."""
    if a is None:
        return b
    if b is None:
        return a
    score_a = (min(map(len, a)), -len(a))
    score_b = (min(map(len, b)), -len(b))
    return a if score_a >= score_b else b


def _class(p: ModuleType, items: list[tuple[Any, Any]]) -> _Node:
    chars: set[str] = set()
    for op, av in items:
        if op is p.LITERAL:
            chars.add(chr(av))
        elif op is p.RANGE and av[1] - av[0] < _CLASS_MOST:
            chars.update(chr(c) for c in range(av[0], av[1] + 1))
        else:  # NEGATE, CATEGORY, a wide range
            return _UNKNOWN
    if not chars or len(chars) > _CLASS_MOST:
        return _UNKNOWN
    exact = frozenset(chars)
    return _Node(exact, exact)


def _sequence(p: ModuleType, items: Iterable[tuple[Any, Any]]) -> _Node:
    run: Strings = frozenset({""})  # what the pieces since the last unknown one match
    best: Strings | None = None
    whole = True  # every piece's exact set known: the sequence's is ``run``
    literal = p.LITERAL
    chars: list[str] = []  # a stretch of literal characters, appended to ``run`` at once
    for op, av in items:
        if op is literal:  # the common case, without a node
            chars.append(chr(av))
            continue
        if chars:
            run = _append(run, "".join(chars))
            chars.clear()
        node = _node(p, op, av)
        if node.exact is not None and len(run) * len(node.exact) <= _MOST:
            run = frozenset(a + b for a in run for b in node.exact)
            continue
        whole = False
        best = _better(best, _Node(run, run).need)
        best = _better(best, node.need)
        run = node.exact if node.exact is not None else frozenset({""})
    if chars:
        run = _append(run, "".join(chars))
    best = _better(best, _Node(run, run).need)
    return _Node(run if whole else None, best)


def _append(run: Strings, tail: str) -> Strings:
    return frozenset(a + tail for a in run)


def _node(p: ModuleType, op: Any, av: Any) -> _Node:
    if op is p.LITERAL:
        one = frozenset({chr(av)})
        return _Node(one, one)
    if op is p.IN:
        return _class(p, av)
    if op in (p.AT, p.ASSERT, p.ASSERT_NOT):
        return _EMPTY  # zero-width: consumes nothing
    if op is p.SUBPATTERN:
        _group, add_flags, _del_flags, sub = av
        if add_flags & re.IGNORECASE:
            return _UNKNOWN
        return _sequence(p, sub)
    if op is getattr(p, "ATOMIC_GROUP", None):
        return _sequence(p, av)
    if op is p.BRANCH:
        nodes = [_sequence(p, branch) for branch in av[1]]
        exact: Strings | None = frozenset()
        need: Strings | None = frozenset()
        for node in nodes:
            exact = None if exact is None or node.exact is None else exact | node.exact
            need = None if need is None or node.need is None else need | node.need
        if exact is not None and len(exact) > _MOST:
            exact = None
        return _Node(exact, need)
    if op in (p.MAX_REPEAT, p.MIN_REPEAT, getattr(p, "POSSESSIVE_REPEAT", None)):
        least, most, sub = av
        node = _sequence(p, sub)
        if least == 0:
            if most == 1 and node.exact is not None:
                return _Node(node.exact | {""}, None)
            return _UNKNOWN
        if least == most == 1:
            return node
        return _Node(None, node.need)
    return _UNKNOWN  # ANY, NOT_LITERAL, CATEGORY, GROUPREF …


def _minimal(strings: Strings) -> tuple[str, ...]:
    # A string holding another of the set adds nothing: the shorter one is found first.
    kept = sorted(strings, key=len)
    out: list[str] = []
    for s in kept:
        if not any(k in s for k in out):
            out.append(s)
    return tuple(out)


def _need_of(p: ModuleType, tree: Any) -> tuple[str, ...] | None:
    if tree.state.flags & re.IGNORECASE:
        return None
    try:
        need = _sequence(p, tree.data).need
    except (AttributeError, TypeError, ValueError):  # a node this reading does not know
        return None
    return _minimal(need) if need else None


@cache
def needed(source: str) -> tuple[str, ...] | None:
    """Literal strings one of which every match of ``source`` (compiled with
    ``re.MULTILINE``, no other flag) contains, or ``None`` when none is certain."""
    p = _parser()
    try:
        tree = p.parse(source, re.MULTILINE)
    except re.error:
        return None
    return _need_of(p, tree)


# Compiled on first use (``re``'s own cache), never on import.
_GLOBAL_FLAGS = r"^\(\?[aiLmsux]+\)"
_BACKREFERENCE = r"\\[1-9]|\(\?P=|\(\?\("


def _cut(source: str) -> tuple[str, ...]:
    if re.match(_GLOBAL_FLAGS, source) or re.search(_BACKREFERENCE, source):
        return (source,)
    return tuple(split_top(source))


_BranchNeeds = tuple[tuple[str, tuple[str, ...] | None], ...]
# What is kept: this module's reading of a pattern, as this code (and the splitter it
# uses) reads it.
_KIND = "prefilter.branches:" + code_digest(__name__, "autopatch_memory.patterns")


@cache
def _branches_needs(source: str) -> _BranchNeeds:
    # Parsing is most of what the first check of a family costs (~130 ms for the
    # instruction-like rules): what it gives is kept between runs with the compiled
    # patterns (a pure function of the source).
    return derived(_KIND, source, _parsed_branches_needs, _is_branch_needs)


def _is_branch_needs(value: object) -> bool:
    """Whether ``value`` (read from the cache file) has the shape of a ``_BranchNeeds``."""
    return isinstance(value, tuple) and all(
        isinstance(pair, tuple)
        and len(pair) == 2
        and isinstance(pair[0], str)
        and (
            pair[1] is None
            or (isinstance(pair[1], tuple) and all(isinstance(s, str) and s for s in pair[1]))
        )
        for pair in value
    )


def _parsed_branches_needs(source: str) -> _BranchNeeds:
    # Each branch parsed once: a parse error means a cut in the wrong place (the
    # pattern is then kept whole); the parse tree gives the branch's needed strings.
    p = _parser()
    parts = _cut(source)
    try:
        trees = [p.parse(part, re.MULTILINE) for part in parts]
    except re.error:
        return ((source, needed(source)),)
    return tuple((part, _need_of(p, tree)) for part, tree in zip(parts, trees, strict=True))


def branches(source: str) -> tuple[str, ...]:
    """``source`` cut at its top-level ``|`` (``(source,)`` when it has none, or when a
    cut could change what it matches: a back-reference, a global flag)."""
    return tuple(part for part, _need in _branches_needs(source))


class _Plan:
    """One pattern cut into branches: those with no needed strings (always tried) and,
    for each needed string, the branches it lets through."""

    __slots__ = ("by_string", "strings", "ungated")

    def __init__(self, source: str) -> None:
        ungated: list[str] = []
        by_string: dict[str, list[str]] = {}
        for branch, need in _branches_needs(source):
            if need is None:
                ungated.append(branch)
                continue
            for s in need:
                by_string.setdefault(s, []).append(branch)
        self.ungated = tuple(ungated)
        self.by_string = {s: tuple(b) for s, b in by_string.items()}
        self.strings = frozenset(by_string)


@cache
def _plan(source: str) -> _Plan:
    return _Plan(source)


class _Index:
    """Every needed string of the known patterns, by its first two characters, so that
    one pass over a text finds which of them it holds, and which patterns they let
    through."""

    def __init__(self, sources: Iterable[str]) -> None:
        by_pair: dict[str, set[str]] = {}
        singles: set[str] = set()
        users: dict[str, set[str]] = {}  # a needed string -> the patterns that need it
        always: set[str] = set()  # patterns with a branch that needs nothing
        for source in sources:
            plan = _plan(source)
            if plan.ungated:
                always.add(source)
            for s in plan.strings:
                users.setdefault(s, set()).add(source)
                if len(s) == 1:
                    singles.add(s)
                else:
                    by_pair.setdefault(s[:2], set()).add(s)
        self.by_pair = {pair: tuple(strings) for pair, strings in by_pair.items()}
        self.pairs = frozenset(by_pair)
        self.singles = frozenset(singles)
        self.users = {s: frozenset(sources) for s, sources in users.items()}
        self.always = frozenset(always)


class _Scan:
    """What one text holds: the needed strings, and the patterns they let through."""

    __slots__ = ("held", "live")

    def __init__(self, index: _Index, text: str) -> None:
        held = set(index.singles.intersection(text))
        pairs = index.pairs.intersection([text[i : i + 2] for i in range(len(text) - 1)])
        for pair in pairs:
            held.update(s for s in index.by_pair[pair] if s in text)
        live = set(index.always)
        for s in held:
            live.update(index.users[s])
        self.held = frozenset(held)
        self.live = frozenset(live)


_SOURCES: dict[str, None] = {}  # every pattern announced, in order (an ordered set)
_CURRENT: list[_Index] = []


def expect(*sources: str) -> None:
    """Announce patterns :func:`found` will be asked about, so that one index (one pass
    over a text) covers them all. Costs nothing until the first :func:`found`."""
    new = [s for s in sources if s and s not in _SOURCES]
    if new:
        _SOURCES.update(dict.fromkeys(new))
        _CURRENT.clear()


def announced() -> tuple[str, ...]:
    """Every pattern announced so far (:func:`expect`, or a first :func:`found`)."""
    return tuple(_SOURCES)


def _index() -> _Index:
    if not _CURRENT:
        _CURRENT.append(_Index(list(_SOURCES)))
    return _CURRENT[0]


@lru_cache(maxsize=256)
def _scan(index: _Index, text: str) -> _Scan:
    return _Scan(index, text)


def _candidates(source: str, text: str) -> tuple[str, ...]:
    if source not in _SOURCES:
        expect(source)
    scan = _scan(_index(), text)
    if source not in scan.live:  # the common case
        return ()
    plan = _plan(source)
    through: dict[str, None] = dict.fromkeys(plan.ungated)
    # In a fixed order (a set's changes with the hash seed): the branches tried, and so
    # compiled, before one matches are the same in every process.
    for s in sorted(plan.strings.intersection(scan.held)):
        through.update(dict.fromkeys(plan.by_string[s]))
    return tuple(through)


def found(source: str, text: str, compile_: Callable[[str], re.Pattern[str]]) -> bool:
    """Whether ``source`` matches somewhere in ``text`` — the same answer as
    ``compile_(source).search(text) is not None`` — trying only the branches whose
    needed strings ``text`` holds (``compile_`` compiles a branch: the same flags)."""
    return any(compile_(branch).search(text) is not None for branch in _candidates(source, text))


def live(text: str) -> frozenset[str]:
    """The announced patterns (:func:`expect`) that may match somewhere in ``text``: any
    other cannot (one pass over ``text`` for all of them)."""
    return _scan(_index(), text).live


def may_match(source: str, text: str) -> bool:
    """``False`` only when ``source`` cannot match anywhere in ``text``."""
    return bool(_candidates(source, text))
