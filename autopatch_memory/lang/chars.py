"""The CJK character class, written once for every module that tells Chinese from Latin text."""

from __future__ import annotations

from autopatch_memory.lang.lazy_pattern import lazy_compile

# Ideographs (the common block first: most characters a test meets are in it), with their
# extensions and compatibility forms, kana and Hangul syllables.
_CJK_RANGES = (
    (0x4E00, 0x9FFF),
    (0x3400, 0x4DBF),
    (0xF900, 0xFAFF),
    (0x20000, 0x2EBEF),
    (0x3040, 0x30FF),
    (0xAC00, 0xD7AF),
)
CJK_CLASS = "".join(f"{chr(lo)}-{chr(hi)}" for lo, hi in _CJK_RANGES)
"""The same ranges inside a regex character class."""

CJK_RE = lazy_compile(f"[{CJK_CLASS}]")
"""One CJK character (``CJK_RE.search(text)``: the text holds one)."""
CJK_RUN_RE = lazy_compile(f"[{CJK_CLASS}]+")
"""A run of CJK characters."""


def is_ascii_word(ch: str) -> bool:
    """True for one Latin letter or digit of ASCII (what a value or a name is made of)."""
    return ch.isascii() and ch.isalnum()


def is_cjk_char(ch: str) -> bool:
    """True for one Chinese/Japanese/Korean ideograph or syllable (compared by code point:
    no pattern to compile, which costs a command ~2 ms for a class this wide)."""
    if len(ch) != 1:
        return False
    point = ord(ch)
    return any(lo <= point <= hi for lo, hi in _CJK_RANGES)


def cjk_count(text: str) -> int:
    """How many CJK characters ``text`` holds."""
    return len(CJK_RE.findall(text))
