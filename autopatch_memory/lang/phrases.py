"""Phrase lists as regex alternations, for every family of word rules.

English phrases match whole words (not inside ``always_on``); Chinese phrases match
anywhere; a space in a phrase matches any run of whitespace, and beside a Chinese
character none too ("sql 注入" is in "sql注入": Chinese writers often leave it out).
Patterns are written for text that is already lower-cased and NFKC-folded by the caller.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from autopatch_memory.lang.chars import CJK_CLASS

# A space with a CJK character on either side of it (in the escaped phrase).
_CJK_SPACE_RE = re.compile(rf"(?<=[{CJK_CLASS}])\\ |\\ (?=[{CJK_CLASS}])")


def phrase_alternation(phrases: Iterable[str]) -> str:
    """A non-capturing alternation of ``phrases``, longest first."""
    parts = []
    for phrase in sorted(set(phrases), key=len, reverse=True):
        body = _CJK_SPACE_RE.sub(lambda _m: r"\s*", re.escape(phrase)).replace(r"\ ", r"\s+")
        if phrase[:1].isascii() and phrase[:1].isalnum():
            body = r"(?<![a-z0-9_])" + body
        if phrase[-1:].isascii() and phrase[-1:].isalnum():
            body += r"(?![a-z0-9_])"
        parts.append(body)
    return "(?:" + "|".join(parts) + ")"


def phrase_pattern(*phrases: str) -> re.Pattern[str]:
    """:func:`phrase_alternation` compiled."""
    return re.compile(phrase_alternation(phrases))
