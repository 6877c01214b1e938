"""Phrase lists as regex alternations, for every family of word rules.

English phrases match whole words (not inside ``always_on``); Chinese phrases match
anywhere; a space in a phrase matches any run of whitespace. Patterns are written
for text that is already lower-cased and NFKC-folded by the caller.
"""

from __future__ import annotations

import re
from collections.abc import Iterable


def phrase_alternation(phrases: Iterable[str]) -> str:
    """A non-capturing alternation of ``phrases``, longest first."""
    parts = []
    for phrase in sorted(set(phrases), key=len, reverse=True):
        body = re.escape(phrase).replace(r"\ ", r"\s+")
        if phrase[:1].isascii() and phrase[:1].isalnum():
            body = r"(?<![a-z0-9_])" + body
        if phrase[-1:].isascii() and phrase[-1:].isalnum():
            body += r"(?![a-z0-9_])"
        parts.append(body)
    return "(?:" + "|".join(parts) + ")"


def phrase_pattern(*phrases: str) -> re.Pattern[str]:
    """:func:`phrase_alternation` compiled."""
    return re.compile(phrase_alternation(phrases))
