"""Folding text for comparison: what two texts have in common once the way they were
typed (width, case, spacing, punctuation, compatibility forms) is set aside.

Used wherever the program compares texts *mechanically*: a model's quote against the
user's turn, a new rule against the stored ones ("duplicates are equal texts, not
similar ones"), a label against a label.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

# Unicode categories dropped by :func:`fold`: punctuation, symbols, separators, controls
# and format characters (zero-width spaces, bidi marks).
_DROPPED_CATEGORIES = ("P", "S", "Z", "C")


@lru_cache(maxsize=4096)
def fold(text: str) -> str:
    """``text`` as compared: NFKC (full width → ASCII), case-folded, without
    whitespace, punctuation, symbols or invisible characters.

    ``fold("以后，回答用中文！") == fold("以后 回答用中文")``;
    ``fold("Never recommend Guava.") == fold("never  recommend guava")``.
    """
    folded = unicodedata.normalize("NFKC", text).casefold()
    return "".join(
        ch for ch in folded if not unicodedata.category(ch).startswith(_DROPPED_CATEGORIES)
    )


def same_text(a: str, b: str) -> bool:
    """``a`` and ``b`` are the same text once folded (and not both empty)."""
    folded = fold(a)
    return bool(folded) and folded == fold(b)


@lru_cache(maxsize=8192)
def _compatible_char(ch: str) -> str:
    folded = unicodedata.normalize("NFKC", ch)
    return folded if len(folded) == 1 else ch


def fold_compatible(text: str, keep: frozenset[str] = frozenset()) -> str:
    """``text`` with every character that NFKC maps to one other character replaced by it
    (full-width letters, digits and symbols, the ideographic space, no-break spaces,
    superscripts…), except those in ``keep``; offsets stay those of ``text``.

    For matching: a rule reads ``ｐａｓｓｗｏｒｄ＝…`` typed with a Chinese input method as
    ``password=…``, and a span it finds is the same span of the original text. A character
    NFKC expands to several (a ligature, ``…``) is left as it is. Linear: the distinct
    characters are looked up once, the text translated in C.
    """
    if text.isascii() or unicodedata.is_normalized("NFKC", text):
        return text
    table = {
        ord(ch): folded
        for ch in set(text)
        if not ch.isascii() and ch not in keep and (folded := _compatible_char(ch)) != ch
    }
    return text.translate(table) if table else text
