"""The CJK character class, written once for every module that tells Chinese from Latin text."""

from __future__ import annotations

from autopatch_memory.lang.lazy_pattern import lazy_compile

CJK_CLASS = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0002ebef\u3040-\u30ff\uac00-\ud7af"
"""Inside a regex character class: ideographs (with extensions and compatibility forms),
kana and Hangul syllables."""

CJK_RE = lazy_compile(f"[{CJK_CLASS}]")
"""One CJK character (``CJK_RE.search(text)``: the text holds one)."""
CJK_RUN_RE = lazy_compile(f"[{CJK_CLASS}]+")
"""A run of CJK characters."""


def is_cjk_char(ch: str) -> bool:
    """True for one Chinese/Japanese/Korean ideograph or syllable."""
    return len(ch) == 1 and CJK_RE.match(ch) is not None


def cjk_count(text: str) -> int:
    """How many CJK characters ``text`` holds."""
    return len(CJK_RE.findall(text))
