"""Folding text for comparison: what two texts have in common once the way they were
typed (width, case, spacing, punctuation, compatibility forms) is set aside.

Used wherever the program compares texts *mechanically*: a model's quote against the
user's turn, a new rule against the stored ones ("duplicates are equal texts, not
similar ones"), a label against a label.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from itertools import pairwise

from autopatch_memory.lang.chars import is_ascii_word, is_cjk_char

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


# Punctuation that only shapes a sentence: dropped by :func:`fold_identity` (its
# full-width forms are these once NFKC has run) — but only where no value follows it: a
# mark right before a letter or a digit belongs to the value (``.5``, ``!list``, ``.env``,
# ``1.8``, ``–5``, ``3~5``, ``1、3``, ``5。0``). What is not here carries meaning and is
# always kept: symbols (``C++``, ``>=``, ``!=``, ``$``), brackets (``String[]``, ``foo()``),
# ``#``, ``%``, ``-``, ``_``, ``/``, ``@``, ``&``.
_SENTENCE_PUNCTUATION = frozenset(".,;:!?…「」『』【】《》〈〉、。・—–~")
# Quotes around a term go wherever they are, but for an apostrophe inside a word ("don't").
_QUOTES = frozenset("'\"`‘’“”")
# A run of marks before one of these is part of the value: "!=", "...[", "?(".
_VALUE_SYMBOLS = frozenset("=<>+-*/&|^%#@$_[({")


def _spaced_word(ch: str) -> bool:
    """A letter or digit of a script that writes spaces between its words."""
    return ch.isalnum() and not is_cjk_char(ch)


# Chinese sentence marks, which NFKC would turn into the ASCII ones a value may hold: kept
# apart from them until read (private-use stand-ins), so that "以后，Java…" is a pause
# while "！=" and "用 ； 分隔" are values.
_FULL_WIDTH_MARKS = {"，": ",", "：": ":", "；": ";", "！": "!", "？": "?"}
_STAND_IN = {mark: chr(0xE000 + n) for n, mark in enumerate(_FULL_WIDTH_MARKS)}
_AS_ASCII = {_STAND_IN[mark]: ascii for mark, ascii in _FULL_WIDTH_MARKS.items()}


def _written_out(text: str) -> str:
    """``text`` with a superscript or subscript digit kept apart from the digits before it
    (NFKC would make ``10³`` the ``103`` it is not), "…" as the range mark it is between
    two values (NFKC would make it three dots), and a Chinese sentence mark as the pause it
    is (NFKC would make "，" the ASCII "," a value may hold)."""
    if text.isascii():
        return text
    out = []
    for ch in text:
        if ch == "…":
            out.append("~")
            continue
        if ch in _STAND_IN:
            out.append(_STAND_IN[ch])
            continue
        form = unicodedata.decomposition(ch) if not ch.isascii() else ""
        if form.startswith("<super>"):
            out.append("^" + unicodedata.normalize("NFKC", ch))
        elif form.startswith("<sub>"):
            out.append("_" + unicodedata.normalize("NFKC", ch))
        else:
            out.append(ch)
    return "".join(out)


_MARKS = _SENTENCE_PUNCTUATION | _QUOTES | frozenset(_AS_ASCII)


def _standing_alone(folded: str) -> set[int]:
    """Where a run of marks stands alone between spaces (or the text's ends, with a word
    on the other side): the mark is what the sentence is about ("CSV uses ; as the
    separator", "quote with ' not \"", "prefer \"\" over null"), not how it is written."""
    found: set[int] = set()
    index, end = 0, len(folded)
    while index < end:
        if folded[index] not in _MARKS:
            index += 1
            continue
        start = index
        while index < end and folded[index] in _MARKS:
            index += 1
        before_space = start == 0 or folded[start - 1].isspace()
        after_space = index == end or folded[index].isspace()
        if before_space and after_space and folded.strip() != folded[start:index]:
            found.update(range(start, index))
    return found


@lru_cache(maxsize=4096)
def fold_identity(text: str) -> str:
    """``text`` as compared for *equality*: NFKC (full width → ASCII), case-folded,
    without the punctuation that only shapes a sentence, quotes around a term, invisible
    characters, or spacing other than one space between two ASCII words.

    Stricter than :func:`fold` (which matches a quote however it is punctuated): two
    texts that differ in a value differ here — ``C++`` and ``C``, ``Java 1.8`` and ``Java
    18``, ``-Xmx`` and ``Xmx``, ``>= 80%`` and ``80``, ``.5`` and ``5``, ``3~5`` and ``35``,
    ``10³`` and ``103``, ``!list`` and ``list``, ``String[]`` and ``String``.
    ``fold_identity("Never recommend Guava.") == fold_identity("never  recommend guava")``;
    ``fold_identity("以后，回答用中文！") == fold_identity("以后 回答用中文")``.
    """
    folded = unicodedata.normalize("NFKC", _written_out(text)).casefold()
    kept: list[str] = []
    last = len(folded) - 1
    # What follows each run of sentence marks ("" at the end): "1..5" keeps its dots,
    # "Wait..." does not.
    follows = [""] * len(folded)
    after = ""
    for index in range(last, -1, -1):
        follows[index] = after
        if folded[index] not in _SENTENCE_PUNCTUATION and folded[index] not in _AS_ASCII:
            after = folded[index]
    alone = _standing_alone(folded)
    for index, ch in enumerate(folded):
        if index in alone:  # "use ; as the separator": the mark is the value
            kept.append(_AS_ASCII.get(ch, ch))
            continue
        if ch in _AS_ASCII:  # a Chinese mark: a value's only before a digit or a symbol
            after = follows[index]
            if after and (after.isdigit() or after in _VALUE_SYMBOLS):
                kept.append(_AS_ASCII[ch])
            continue
        category = unicodedata.category(ch)
        if ch.isspace() or category.startswith("Z"):
            kept.append(" ")
        elif category.startswith("C"):
            continue
        elif ch in _QUOTES:
            inner = 0 < index < last and is_ascii_word(folded[index - 1])
            if inner and is_ascii_word(folded[index + 1]):
                kept.append(ch)
        elif ch in _SENTENCE_PUNCTUATION:
            after = follows[index]
            if after and (is_ascii_word(after) or after in _VALUE_SYMBOLS):
                kept.append(ch)
        else:
            kept.append(ch)
    # One space between two words, none beside a character of a script written without
    # spaces ("以后 回答" is "以后回答", "以后 Java" is "以后Java"), nor beside a mark
    # ("x = y" is "x=y"); "то же" is not "тоже".
    words = "".join(kept).split()
    out = words[:1]
    for before, word in pairwise(words):
        spaced = _spaced_word(before[-1]) and _spaced_word(word[0])
        out.append(" " + word if spaced else word)
    return "".join(out)


def same_text(a: str, b: str) -> bool:
    """``a`` and ``b`` are the same text (and not both empty): equal once the way they were
    typed is set aside — width, case, spacing, sentence punctuation — never when a value
    differs (:func:`fold_identity`). Duplicates are equal texts, not similar ones."""
    folded = fold_identity(a)
    return bool(folded) and folded == fold_identity(b)


@lru_cache(maxsize=8192)
def _compatible_char(ch: str) -> str:
    folded = unicodedata.normalize("NFKC", ch)
    return folded if len(folded) == 1 else ch


# Blocks in which NFKC maps no character to one other (ASCII, Latin-1 letters, Cyrillic,
# kana, CJK ideographs, Hangul, arrows, box drawing, emoji…; tests/text/test_fold_compatible.py
# checks every character): most text is made of them, and a scan for any character
# outside them costs a fraction of looking up each distinct character.
NEVER_FOLDED: tuple[tuple[int, int], ...] = (
    (0x0000, 0x007F),
    (0x00C0, 0x017E),
    (0x0400, 0x04FF),
    (0x2010, 0x2010),
    (0x2012, 0x2023),
    (0x2025, 0x202E),
    (0x2030, 0x205E),
    (0x2190, 0x21FF),
    (0x2500, 0x27BF),
    (0x3001, 0x3011),
    (0x3040, 0x30FF),
    (0x3400, 0x4DBF),
    (0x4E00, 0x9FFF),
    (0xAC00, 0xD7A3),
    (0x1F300, 0x1FAFF),
)


@lru_cache(maxsize=8)
def _might_fold(keep: frozenset[str]) -> re.Pattern[str]:
    """Any character outside :data:`NEVER_FOLDED` and ``keep``."""
    blocks = "".join(f"\\U{low:08x}-\\U{high:08x}" for low, high in NEVER_FOLDED)
    kept = "".join(f"\\U{ord(ch):08x}" for ch in sorted(keep))
    return re.compile(f"[^{blocks}{kept}]")


def fold_compatible(text: str, keep: frozenset[str] = frozenset()) -> str:
    """``text`` with every character that NFKC maps to one other character replaced by it
    (full-width letters, digits and symbols, the ideographic space, no-break spaces,
    superscripts…), except those in ``keep``; offsets stay those of ``text``.

    For matching: a rule reads ``ｐａｓｓｗｏｒｄ＝…`` typed with a Chinese input method as
    ``password=…``, and a span it finds is the same span of the original text. A character
    NFKC expands to several (a ligature, ``…``) is left as it is. Linear: one scan for
    the characters that might fold, each distinct one looked up once, the text
    translated in C.
    """
    if text.isascii():
        return text
    might = _might_fold(keep).findall(text)
    if not might:
        return text
    table = {ord(ch): folded for ch in set(might) if (folded := _compatible_char(ch)) != ch}
    return text.translate(table) if table else text
