"""Finding a quote in a text mechanically (docs/design.md#grounding-is-mechanical).

A model that proposes a rule quotes the user's words. The program does not judge the
quote's meaning; it checks that the words are there: both are folded (NFKC, width,
case, whitespace and punctuation set aside, :func:`~autopatch_memory.lang.fold.fold`),
and the folded quote must be a contiguous part of the folded text. An ellipsis may
join two (or more) parts of the same text, found in order. Each part must be long
enough to mean something — at least :data:`~autopatch_memory.limits.QUOTE_MIN_UNITS`
units, a CJK character counting one and a Latin word two (6 Chinese characters or 3
words), joined parts :data:`~autopatch_memory.limits.QUOTE_MIN_PART_UNITS` each and that
much together — unless it is a whole sentence of the text (a short sentence is quoted whole).
"""

from __future__ import annotations

import hashlib
import unicodedata
from dataclasses import dataclass

from autopatch_memory import limits
from autopatch_memory.lang.chars import cjk_count
from autopatch_memory.lang.fold import fold_identity
from autopatch_memory.lang.lazy_pattern import lazy_compile
from autopatch_memory.lang.sentences import sentence_spans

_DROPPED_CATEGORIES = ("P", "S", "Z", "C")
_ELLIPSIS_RE = lazy_compile(r"…+|\.{3,}|⋯+|。{3,}")
_LATIN_WORD_RE = lazy_compile(r"[A-Za-z0-9][A-Za-z0-9'_-]*")


@dataclass(frozen=True)
class QuoteMatch:
    """Where a quote was found: its spans in the text and the sentences around them."""

    spans: tuple[tuple[int, int], ...]
    sentences: tuple[str, ...]

    @property
    def sentence(self) -> str:
        """The sentences that hold the quote, as one text."""
        return " ".join(self.sentences)


def _folded_with_offsets(text: str) -> tuple[str, list[int]]:
    """:func:`fold` of ``text``, and for each folded character the index of the
    original character it came from."""
    chars: list[str] = []
    offsets: list[int] = []
    for index, ch in enumerate(text):
        for folded in unicodedata.normalize("NFKC", ch).casefold():
            if not unicodedata.category(folded).startswith(_DROPPED_CATEGORIES):
                chars.append(folded)
                offsets.append(index)
    return "".join(chars), offsets


def quote_units(text: str) -> int:
    """How much a quote says: one per CJK character, two per Latin word or number."""
    return cjk_count(text) + 2 * len(_LATIN_WORD_RE.findall(text))


def quote_parts(quote: str) -> list[str]:
    """The parts an ellipsis joins in ``quote`` (one part when there is none)."""
    return [part for part in _ELLIPSIS_RE.split(quote) if _folded_with_offsets(part)[0]]


def find_quote(quote: str, text: str) -> QuoteMatch | None:
    """Where ``quote`` is in ``text`` (see the module note), or ``None``."""
    parts = quote_parts(quote)
    if not parts:
        return None
    folded_text, offsets = _folded_with_offsets(text)
    spans = sentence_spans(text)
    found: list[tuple[int, int]] = []
    position = 0
    short = 0  # units of the parts that are not whole sentences
    least = limits.QUOTE_MIN_UNITS if len(parts) == 1 else limits.QUOTE_MIN_PART_UNITS
    for part in parts:
        wanted = _folded_with_offsets(part)[0]  # folded as the text is, character by character
        if not wanted:
            return None
        at = folded_text.find(wanted, position)
        if at < 0:
            return None
        start, end = offsets[at], offsets[at + len(wanted) - 1] + 1
        if not _whole_sentence(wanted, (start, end), spans, text):
            units = quote_units(part)
            if units < least:
                return None
            short += units
        found.append((start, end))
        position = at + len(wanted)
    if 0 < short < limits.QUOTE_MIN_UNITS and len(parts) > 1:
        return None
    covering = [text[a:b] for a, b in spans if any(a < end and start < b for start, end in found)]
    return QuoteMatch(spans=tuple(found), sentences=tuple(covering))


def _whole_sentence(
    wanted: str, span: tuple[int, int], spans: list[tuple[int, int]], text: str
) -> bool:
    """The quote part is (the folded whole of) the sentence it is in."""
    return any(
        a <= span[0] and span[1] <= b and _folded_with_offsets(text[a:b])[0] == wanted
        for a, b in spans
    )


def grounds_of(words: str) -> str:
    """A short digest of ``words`` once folded for equality: the same words, however
    typed, give the same digest, and words that differ in a value ("Java 1.8", "Java 18")
    do not (an item remembers what grounded it without storing the sentence)."""
    digest = hashlib.sha1(fold_identity(words).encode("utf-8"), usedforsecurity=False)
    return digest.hexdigest()[: limits.GROUNDS_DIGEST_CHARS]
