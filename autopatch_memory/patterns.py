r"""Spelling regex patterns so that Python's engine searches them fast.

The engine tries a pattern at every position of a text unless the pattern starts
with a literal (then it jumps to that character in C) or with a set of literals
(then it skips characters outside the set). An alternation whose alternatives each
start with a literal letter, grouped by that letter, gets the second; a look-behind
that must come first is written right after the first character instead
(``(?<![\w].)``), which tests the same character. These helpers rewrite patterns
into that shape; what they match is unchanged (tests compare each rewritten pattern
with its plain spelling).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator


def one_of(alternatives: Iterable[str], after_first: str = "") -> str:
    """An alternation grouped by first letter, order kept within a letter:
    ``(?:a(?:pi…|ccess…)|s(?:ecret…)|…)``. It matches what the flat alternation
    matches; the engine rejects a position after one test per letter instead of one
    per alternative (a constant factor on keyword-heavy text). ``after_first`` goes
    right after each letter (a look-behind that every alternative shares)."""
    groups: dict[str, list[str]] = {}
    for alternative in alternatives:
        groups.setdefault(alternative[0], []).append(alternative[1:])
    return (
        "(?:"
        + "|".join(f"{c}{after_first}(?:{'|'.join(rest)})" for c, rest in groups.items())
        + ")"
    )


def _syntax(pattern: str) -> Iterator[tuple[int, str, int]]:
    """The characters of ``pattern`` that are syntax (not escaped, not inside a
    class): ``(index, character, depth of groups before it)``."""
    depth, in_class, i = 0, False, 0
    while i < len(pattern):
        ch = pattern[i]
        if ch == "\\":
            i += 2
            continue
        if in_class:
            in_class = ch != "]"
        elif ch == "[":
            in_class = True
        else:
            yield i, ch, depth
            depth += {"(": 1, ")": -1}.get(ch, 0)
        i += 1


def split_top(pattern: str) -> list[str]:
    """``pattern``'s alternatives: split at each ``|`` outside groups and classes."""
    bars = [i for i, ch, depth in _syntax(pattern) if ch == "|" and depth == 0]
    return [pattern[a + 1 : b] for a, b in zip([-1, *bars], [*bars, len(pattern)], strict=True)]


def literal_first(pattern: str) -> list[str]:
    """``pattern`` as alternatives that each start with a literal letter, digit or
    ``_``, in the order the engine tries them: ``(?:sk|rk)_x|whsec_y`` gives
    ``sk_x``, ``rk_x``, ``whsec_y`` (an alternation distributes over what follows
    it). Raises ``ValueError`` for a shape it cannot write so."""
    expanded: list[str] = []
    for alternative in split_top(pattern):
        first = alternative[:1]
        if first.isascii() and (first.isalnum() or first == "_"):
            expanded.append(alternative)
            continue
        if not alternative.startswith("(?:"):
            raise ValueError(f"no literal first character: {alternative!r}")
        end = next(i for i, ch, depth in _syntax(alternative) if ch == ")" and depth == 1)
        inner, after = alternative[3:end], alternative[end + 1 :]
        if after[:1] in ("?", "*", "+", "{"):
            raise ValueError(f"a quantified first group: {alternative!r}")
        expanded += [head + after for head in literal_first(inner)]
    return expanded
