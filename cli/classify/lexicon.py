"""Matching phrases in mixed Chinese/English text: the router's regex helpers.

Every word list of the router is matched through these: a regex with ASCII classes
(:func:`rx`), alternatives in one regex (:func:`any_of`) and :class:`Lexicon`, which
finds a list's phrases at word boundaries in Latin text and anywhere in Chinese.
The phrase patterns, the CJK class and the pattern compiled at its first use
(:class:`~autopatch_memory.lang.LazyPattern`) are the language kernel's
(:mod:`autopatch_memory.lang`); what is the router's own is that every pattern and list
is compiled at its first use, a list's phrases normalized as the message is, with
exceptions blanked out.
They are apart from the lists because every vocabulary module builds on them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cached_property

from autopatch_memory import normalize_text
from autopatch_memory.lang import CJK_CLASS, LazyPattern, phrase_alternation, phrase_pieces


def rx(pattern: str, flags: int = 0) -> LazyPattern:
    """A regex with ASCII classes, compiled at its first use: a Latin word right after a
    Chinese character ("看下mall-admin") still starts at a word boundary, and ``\\w``
    never runs on into Chinese."""
    return LazyPattern(pattern, flags | re.ASCII)


def any_of(*patterns: str) -> LazyPattern:
    """One regex that matches where any of ``patterns`` matches (compiled by :func:`rx`)."""
    return rx("|".join(f"(?:{p})" for p in patterns))


CJK = CJK_CLASS
HAS_CJK_RE = rx(f"[{CJK}]")


class Lexicon:
    """Finds the phrases of a word list in normalized text.

    A phrase that starts or ends with a Latin letter or digit matches only at a word
    boundary there ("bug" is not in "debug", "review" is in "review一下"); Chinese
    characters match anywhere (Chinese has no spaces). ``exceptions`` are blanked out
    first ("依赖注入" is no injection).
    """

    def __init__(self, *phrases: Iterable[str], exceptions: Iterable[str] = ()) -> None:
        words = {normalize_text(p) for group in phrases for p in group}
        self._source = phrase_alternation(words) if words else ""
        # A message holding none of these holds none of the phrases: the list's pattern is
        # then neither compiled nor searched (most lists, for most messages).
        self._pieces = phrase_pieces(words)
        self._exceptions = tuple(_longest_first({normalize_text(e) for e in exceptions}))

    @cached_property
    def _pattern(self) -> LazyPattern | None:
        # Compiled at the first message, then an attribute like any other: the lists'
        # regexes are half of the import, which a command that routes nothing skips.
        return rx(self._source) if self._source else None

    def find(self, norm: str) -> list[str]:
        """The phrases present in ``norm`` (already normalized), in text order."""
        return [phrase for phrase, _ in self.spans(norm)]

    def spans(self, norm: str) -> list[tuple[str, int]]:
        """Each phrase found in ``norm`` with where it starts, in text order (a phrase
        said twice is found twice, each at its own place)."""
        if self._pattern is None or not any(piece in norm for piece in self._pieces):
            return []
        for exception in self._exceptions:
            norm = norm.replace(exception, " " * len(exception))  # same length: same places
        return [(m.group(0), m.start()) for m in self._pattern.finditer(norm)]


def _longest_first(words: set[str]) -> list[str]:
    # Longest first, so that an exception wins over its own prefix.
    return sorted(words, key=lambda w: (-len(w), w))


def matches(pattern: LazyPattern | re.Pattern[str], text: str) -> list[str]:
    """Every match of ``pattern`` in ``text``, stripped, in text order."""
    return [m.group(0).strip() for m in pattern.finditer(text)]
