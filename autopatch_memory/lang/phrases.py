"""Phrase lists as regex alternations, for every family of word rules.

English phrases match whole words (not inside ``always_on``); Chinese phrases match
anywhere; a space in a phrase matches any run of whitespace, and beside a Chinese
character none too ("sql 注入" is in "sql注入": Chinese writers often leave it out);
with ``optional_spaces`` none anywhere ("switch 表达式" finds "switch表达式"); with
``plurals``, an English phrase also matches its plural ("whole files"). A word is bounded
by anything but a letter, a digit or ``_`` (``word_chars``: for text where ``_`` joins two
words, ``"a-z0-9"``, so that "timeout" is found in ``wait_timeout``). Patterns are written
for text that is already lower-cased and NFKC-folded by the caller.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from autopatch_memory.lang.chars import is_cjk_char


def _spaces_beside_cjk(escaped: str) -> str:
    """``escaped`` (a phrase through ``re.escape``) with each escaped space that has a CJK
    character on either side made optional (compared by code point: a pattern with the CJK
    class costs ~2 ms to compile)."""
    parts = escaped.split("\\ ")
    out = [parts[0]]
    for part in parts[1:]:
        before, after = out[-1][-1:], part[:1]
        out.append(r"\s*" if is_cjk_char(before) or is_cjk_char(after) else "\\ ")
        out.append(part)
    return "".join(out)


def phrase_alternation(
    phrases: Iterable[str],
    *,
    plurals: bool = False,
    optional_spaces: bool = False,
    word_chars: str = "a-z0-9_",
) -> str:
    """A non-capturing alternation of ``phrases``, longest first."""
    space = r"\s*" if optional_spaces else r"\s+"
    parts = []
    # Longest first; ties in a fixed order, so the pattern's source is the same in every
    # process (a set's order is not: the compiled patterns' cache keys on it).
    for phrase in sorted(set(phrases), key=lambda p: (-len(p), p)):
        body = _spaces_beside_cjk(re.escape(phrase)).replace(r"\ ", space)
        if phrase[:1].isascii() and phrase[:1].isalnum():
            body = f"(?<![{word_chars}])" + body
        if plurals and phrase[-1:].isascii() and phrase[-1:].isalpha():
            body += r"(?:s|es)?"
        if phrase[-1:].isascii() and phrase[-1:].isalnum():
            body += f"(?![{word_chars}])"
        parts.append(body)
    return "(?:" + "|".join(parts) + ")"


def phrase_pieces(phrases: Iterable[str]) -> tuple[str, ...]:
    """One piece of each phrase that every match of its alternation holds as written: the
    phrase up to its first space (a space matches any spacing; the rest of a phrase is
    literal). A text that holds none of them holds none of the phrases: its pattern need
    not be compiled or searched (a shortcut only, never a different answer)."""
    return tuple(sorted({phrase.split(" ", 1)[0] for phrase in phrases}))


def phrase_pattern(
    *phrases: str,
    plurals: bool = False,
    optional_spaces: bool = False,
    word_chars: str = "a-z0-9_",
) -> re.Pattern[str]:
    """:func:`phrase_alternation` compiled."""
    return re.compile(
        phrase_alternation(
            phrases, plurals=plurals, optional_spaces=optional_spaces, word_chars=word_chars
        )
    )


def any_of(*patterns: re.Pattern[str]) -> re.Pattern[str]:
    """One pattern that finds what any of ``patterns`` finds."""
    return re.compile("|".join(f"(?:{p.pattern})" for p in patterns))
