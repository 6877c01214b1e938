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

After the items that share a word come those that share only a *concept* with the
text, so that a search in one language finds an item written in the other: the
directive grammar's bilingual lexicon knows that "英文" is the English choice and
"commit message" is what "提交信息" governs; the memory context's vocabulary
(:mod:`autopatch_memory.lang.vocabulary`) that "延迟队列" is a "delayed queue" and "缓存" a
"cache"; and a word that names a kind of choice ("language", "语言", "build tool") finds
the rules that make one ("answer in Chinese"). When nothing shares a word or a concept,
items that contain the text literally follow (a single Chinese character, the start of
a word). An id finds its item. Ties break by recency, newest first.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import Enum
from functools import lru_cache

from pydantic import BaseModel, ConfigDict

from autopatch_memory import limits
from autopatch_memory.lang.vocabulary import (
    GENERIC_CONCEPT_TOKENS,
    concept_pattern,
    concept_tokens,
)
from autopatch_memory.model import (
    LongTermItem,
    LongTermType,
    MemoryDocument,
    Timestamp,
    Topic,
    Turn,
)
from autopatch_memory.relevance import rank
from autopatch_memory.text import Language, anchor_tokens, clean_output, detect_language, tokenize

__all__ = ["ItemHistory", "MemoryItemKind", "SearchHit", "item_history", "search_memory"]


class MemoryItemKind(str, Enum):
    """What kind of memory item a search found."""

    DURABLE_PREFERENCE = "durable_preference"
    PROJECT_NOTE = "project_note"
    TOPIC = "topic"
    # A pending turn the size policy dropped before any summary read it, kept in the cold
    # archive (found by a search of everything: its question may hold a rule)
    TURN = "turn"

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
    updated_at: Timestamp  # written as the memory file writes it (ISO 8601, its offset)


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
        # What leaves holds no control, escape, bidi or invisible character
        # (docs/privacy.md#hostile-text).
        label = DROPPED_TURN_LABEL if self.kind is MemoryItemKind.TURN else self.label
        return SearchHit(
            id=self.id,
            kind=self.kind,
            label=clean_output(label, single_line=True),
            summary=clean_output(self.summary),
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


DROPPED_TURN_LABEL = "dropped before a summary read it"


def _from_dropped_turn(turn: Turn) -> _Candidate:
    return _Candidate(
        kind=MemoryItemKind.TURN,
        id=turn.id,
        label="",  # (the label shown is the program's words: nothing a query should match)
        summary=turn.user_text,
        active=False,
        superseded_by=None,
        updated_at=turn.created_at,
    )


def _candidates(
    doc: MemoryDocument, include_archived: bool, dropped: Sequence[Turn]
) -> list[_Candidate]:
    items = [i for i in doc.long_term_memory.items() if include_archived or i.is_active]
    return [
        *map(_from_item, items),
        *map(_from_topic, doc.working_memory.active_topics),
        *(map(_from_dropped_turn, dropped) if include_archived else ()),
    ]


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


# What each kind of choice of the directive grammar is called, beyond its own name
# ("build_tool" is also "build tool"): a search for the kind finds every rule that makes
# such a choice.
_CHOICE_CLASS_NAMES: dict[str, tuple[str, ...]] = {
    "language": ("language", "languages", "语言"),
    "build_tool": ("build tool", "build tools", "构建工具"),
    "gradle_dsl": ("gradle dsl",),
    "test_framework": ("test framework", "testing framework", "测试框架"),
    "injection": ("dependency injection", "injection style", "依赖注入", "注入方式"),
    "length": ("answer length", "回答长度", "篇幅"),
    "indentation": ("indentation", "缩进"),
    "config_format": ("config format", "configuration format", "配置格式"),
    "orm": ("orm", "持久层框架"),
    "json_library": ("json library", "json 库"),
    "order": ("answer order", "回答顺序"),
    "java_version": ("java version", "jdk version", "java 版本", "jdk 版本"),
    "letter_case": ("letter case", "大小写"),
    "logging_library": ("logging library", "logging framework", "日志库", "日志框架"),
    "assertion_library": ("assertion library", "断言库"),
    "layout": ("layout", "排版"),
    "transaction_mode": ("transaction mode", "事务模式"),
    "naming_style": ("naming style", "naming convention", "命名风格", "命名规范"),
    "mapping_style": ("mapping style", "映射方式"),
}  # fmt: skip


@lru_cache(maxsize=1)
def _class_patterns() -> dict[str, re.Pattern[str]]:
    return {cls: concept_pattern(names) for cls, names in _CHOICE_CLASS_NAMES.items()}


def _concepts(text: str, *, query: bool = False) -> frozenset[str]:
    """What a text is about in language-neutral terms: the things a rule governs
    (commit messages, tests), the choices it names (Chinese, Gradle), the concepts of the
    directive grammar's bilingual lexicon and of the context's vocabulary ("缓存" is
    "cache"); an item also the kinds of choice it makes, a query the kinds it names."""
    # Here, not at the top: only this step needs the grammar, slow to import, and the
    # facade imports this module.
    from autopatch_memory.directives import rule_shape

    shape = rule_shape(text)
    objects = shape.objects - rule_shape("").objects  # not the default every text gets
    found = (
        {f"object:{o}" for o in objects}
        | {f"choice:{cls}={value}" for cls, value in shape.choices}
        | {f"term:{t}" for t in shape.terms}
        | (set(concept_tokens(text)) - GENERIC_CONCEPT_TOKENS)  # "配置" alone ties no two items
    )
    if query:
        folded = unicodedata.normalize("NFKC", text).lower()
        found |= {f"class:{cls}" for cls, p in _class_patterns().items() if p.search(folded)}
    else:
        found |= {f"class:{cls}" for cls in shape.choice_classes}
    return frozenset(found)


def _concept_hits(query: str, found: Sequence[_Candidate], words_found: set[int]) -> list[int]:
    """Items that share a concept with the query, the most shared first, then the newest.

    Beside the items the query's words found (``words_found``), a concept adds only what
    words could not find: items in a language none of those is written in ("延迟队列"
    finds the Chinese note by its words and the English "delayed queue" note by its
    concept; "JWT" does not add every Chinese note about logging in)."""
    wanted = _concepts(query, query=True)
    if not wanted:
        return []
    languages = {_language(found[index]) for index in words_found}
    shared = [
        (len(wanted & _concepts(f"{c.label}. {c.summary}")), index)
        for index, c in enumerate(found)
        if index not in words_found and _language(c) not in languages
    ]
    shared = [(n, index) for n, index in shared if n]
    shared.sort(key=lambda pair: (-pair[0], -found[pair[1]].updated_at.timestamp(), pair[1]))
    return [index for _, index in shared]


def _language(candidate: _Candidate) -> Language:
    return detect_language(f"{candidate.label} {candidate.summary}")


def search_memory(
    doc: MemoryDocument,
    text: str,
    *,
    include_archived: bool = False,
    dropped: Sequence[Turn] = (),
) -> list[SearchHit]:
    """Rules, notes and topics of ``doc`` that match ``text``, best first.

    An id finds its item. Otherwise BM25 ranks; the items that share only a concept
    with the text (its words in the other language, the kind of choice it names)
    follow; failing both, items that contain the text literally. Archived rules
    and notes, and the ``dropped`` turns (pending turns the size policy dropped unread,
    from the cold archive), only with ``include_archived``. Pure: nothing is read or
    written.
    """
    query = text.strip()[: limits.SEARCH_MAX_QUERY_CHARS]
    found = _candidates(doc, include_archived, dropped)
    if not query or not found:
        return []
    exact = [c for c in found if c.id == query]
    if exact:
        return [exact[0].hit(0.0)]
    scored = _scored(query, found)
    # Then what names the same thing in the other language, or the kind of thing named.
    concept = _concept_hits(query, found, {index for index, _ in scored})
    if scored or concept:
        hits = [found[index].hit(score) for index, score in scored]
        return hits + [found[index].hit(0.0) for index in concept]
    needle = _folded(query)
    literal = [c for c in found if needle in _folded(f"{c.label} {c.summary}")]
    literal.sort(key=lambda c: -c.updated_at.timestamp())
    return [c.hit(0.0) for c in literal]


class ItemHistory(BaseModel):
    """One rule or note found by its id, with the earlier texts it replaced."""

    item: LongTermItem  # as stored: active, archived, or from the cold archive (archived)
    # Its archived revisions (``revision_of`` is its id): the texts an edit, a model's
    # update or an import replaced, newest first; ``restore`` brings one back.
    revisions: list[LongTermItem]


def item_history(doc: MemoryDocument, item_id: str) -> ItemHistory | None:
    """The rule or note ``item_id`` of ``doc`` with its revisions; ``None`` when ``doc``
    holds no rule or note with that id. Pure: nothing is read or written."""
    item = doc.long_term_item(item_id)
    if item is None:
        return None
    revisions = [i for i in doc.long_term_memory.items() if i.revision_of == item.id]
    # Newest first; revisions of one second keep the file's order, later ones first.
    revisions.reverse()
    revisions.sort(key=lambda i: i.updated_at, reverse=True)
    return ItemHistory(item=item, revisions=revisions)
