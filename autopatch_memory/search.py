"""Searching memory: rules, notes and topics that match a few words (docs/cli.md).

The same relevance as the memory context (:mod:`~autopatch_memory.relevance`):
Okapi BM25 over each item's label and summary, with the same tokenizer (CJK
bigrams, Java identifiers whole and split, path segments, English words) and the
same anchors (a shared fragment of two different identifiers is no match by
itself), and a hit needs, as a relevant note does,
:data:`~autopatch_memory.limits.CONTEXT_MIN_RELATIVE_SCORE` of the best score. One
difference suits a search: every word the user typed counts (a context question
drops "always"/"以后" so that they do not make every rule relevant; a search for
"以后" wants them).

When no item shares a word with the text, two fallbacks follow, in order: items
that share a *concept* with it — the directive grammar's bilingual lexicon knows
that "缓存" is "cache", "英文" is the English choice, "commit message" is what
"提交信息" governs — so a search in one language finds an item written in the
other; then items that contain the text literally (a single Chinese character, the
start of a word). An id finds its item. Ties break by recency, newest first.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import Enum

from pydantic import BaseModel, ConfigDict

from autopatch_memory import limits
from autopatch_memory.model import LongTermItem, LongTermType, MemoryDocument, Topic
from autopatch_memory.relevance import rank
from autopatch_memory.text import anchor_tokens, tokenize

__all__ = ["MemoryItemKind", "SearchHit", "search_memory"]


class MemoryItemKind(str, Enum):
    """What kind of memory item a search found."""

    DURABLE_PREFERENCE = "durable_preference"
    PROJECT_NOTE = "project_note"
    TOPIC = "topic"

    def __str__(self) -> str:
        return self.value


class SearchHit(BaseModel):
    """One item that matches a search, best first."""

    # Its schema is built on first use, not at import (start-up, docs/benchmarks.md).
    model_config = ConfigDict(defer_build=True)

    id: str
    kind: MemoryItemKind
    label: str
    summary: str
    active: bool  # False: archived (forgotten, or superseded by ``superseded_by``)
    superseded_by: str | None = None
    score: float  # BM25 score (0.0 for a literal match only)
    updated_at: datetime


@dataclass(frozen=True)
class _Candidate:
    kind: MemoryItemKind
    id: str
    label: str
    summary: str
    active: bool
    superseded_by: str | None
    updated_at: datetime

    def hit(self, score: float) -> SearchHit:
        return SearchHit(
            id=self.id,
            kind=self.kind,
            label=self.label,
            summary=self.summary,
            active=self.active,
            superseded_by=self.superseded_by,
            score=round(score, 4),
            updated_at=self.updated_at,
        )


_KIND_OF_TYPE = {
    LongTermType.DURABLE_PREFERENCE: MemoryItemKind.DURABLE_PREFERENCE,
    LongTermType.PROJECT_NOTE: MemoryItemKind.PROJECT_NOTE,
}


def _from_item(item: LongTermItem) -> _Candidate:
    return _Candidate(
        kind=_KIND_OF_TYPE[item.type],
        id=item.id,
        label=item.label,
        summary=item.summary,
        active=item.is_active,
        superseded_by=item.superseded_by,
        updated_at=item.updated_at,
    )


def _from_topic(topic: Topic) -> _Candidate:
    return _Candidate(
        kind=MemoryItemKind.TOPIC,
        id=topic.id,
        label=topic.label,
        summary=topic.summary,
        active=True,
        superseded_by=None,
        updated_at=topic.last_touched_at,
    )


def _candidates(doc: MemoryDocument, include_archived: bool) -> list[_Candidate]:
    items = [i for i in doc.long_term_memory.items() if include_archived or i.is_active]
    return [*map(_from_item, items), *map(_from_topic, doc.working_memory.active_topics)]


def _folded(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


def _scored(query: str, found: Sequence[_Candidate]) -> list[tuple[int, float]]:
    """BM25 hits as ``(index, score)``, best first, at or above the relative floor."""
    query_terms = tokenize(query)
    if not query_terms:
        return []
    texts = [f"{c.label}\n{c.summary}" for c in found]
    ranked = rank(
        query_terms,
        [tokenize(t) for t in texts],
        [c.updated_at.timestamp() for c in found],
        query_anchors=anchor_tokens(query),
        docs_anchors=[anchor_tokens(t) for t in texts],
    )
    if not ranked:
        return []
    floor = ranked[0][1] * limits.CONTEXT_MIN_RELATIVE_SCORE
    return [(i, score) for i, score in ranked if score >= floor]


def _concepts(text: str) -> frozenset[str]:
    """What a text is about in language-neutral terms: the things a rule governs
    (commit messages, tests), the choices it names (Chinese, Gradle) and the concepts
    of the directive grammar's bilingual lexicon ("缓存" is "cache")."""
    # Here, not at the top: only this fallback needs the grammar, slow to import, and
    # the facade imports this module.
    from autopatch_memory.directives import rule_shape

    shape = rule_shape(text)
    objects = shape.objects - rule_shape("").objects  # not the default every text gets
    return frozenset(
        {f"object:{o}" for o in objects}
        | {f"choice:{cls}={value}" for cls, value in shape.choices}
        | {f"term:{t}" for t in shape.terms}
    )


def _concept_hits(query: str, found: Sequence[_Candidate]) -> list[int]:
    """Items that share a concept with the query, the most shared first, then the newest."""
    wanted = _concepts(query)
    if not wanted:
        return []
    shared = [
        (len(wanted & _concepts(f"{c.label}. {c.summary}")), index) for index, c in enumerate(found)
    ]
    shared = [(n, index) for n, index in shared if n]
    shared.sort(key=lambda pair: (-pair[0], -found[pair[1]].updated_at.timestamp(), pair[1]))
    return [index for _, index in shared]


def search_memory(
    doc: MemoryDocument, text: str, *, include_archived: bool = False
) -> list[SearchHit]:
    """Rules, notes and topics of ``doc`` that match ``text``, best first.

    An id finds its item. Otherwise BM25 ranks; when no item shares a word with
    the text, items that share a concept with it (its words in the other language)
    are listed; failing that, items that contain the text literally. Archived rules
    and notes only with ``include_archived``. Pure: nothing is read or written.
    """
    query = text.strip()[: limits.SEARCH_MAX_QUERY_CHARS]
    found = _candidates(doc, include_archived)
    if not query or not found:
        return []
    exact = [c for c in found if c.id == query]
    if exact:
        return [exact[0].hit(0.0)]
    scored = _scored(query, found)
    if scored:
        return [found[index].hit(score) for index, score in scored]
    # Nothing shares a word: the text may name the same thing in the other language.
    concept = _concept_hits(query, found)
    if concept:
        return [found[index].hit(0.0) for index in concept]
    needle = _folded(query)
    literal = [c for c in found if needle in _folded(f"{c.label} {c.summary}")]
    literal.sort(key=lambda c: -c.updated_at.timestamp())
    return [c.hit(0.0) for c in literal]
