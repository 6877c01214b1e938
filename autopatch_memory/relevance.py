"""Relevance of memory items to a question, and near-duplicate detection.

See docs/context.md#relevance and docs/context.md#near-duplicates-used-by-the-applier.

The program — not the model — decides what is relevant: Okapi BM25 over the
tokens of each item's label and summary (:func:`~autopatch_memory.text.tokenize`:
CJK bigrams, Java identifiers whole and split, path segments, English words).

Everything here is pure and cheap: token lists come from the tokenizer's cache, and
the statistics of a corpus are cached by its content, so asking the same memory
about a new question only scores the new query.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from functools import lru_cache

from autopatch_memory import limits
from autopatch_memory.lang import is_cjk_char
from autopatch_memory.text import normalize, tokenize


class _Corpus:
    """Term statistics of one list of documents (each document a token sequence)."""

    __slots__ = ("avg_len", "idf", "lengths", "postings")

    def __init__(self, docs: tuple[tuple[str, ...], ...]) -> None:
        self.lengths = [len(doc) for doc in docs]
        self.avg_len = (sum(self.lengths) / len(docs)) if docs else 0.0
        # term -> [(doc index, term frequency)]: scoring a query touches only the
        # documents that contain one of its terms.
        self.postings: dict[str, list[tuple[int, int]]] = {}
        for index, doc in enumerate(docs):
            for term, freq in Counter(doc).items():
                self.postings.setdefault(term, []).append((index, freq))
        total = len(docs)
        # The "plus one" IDF (as in Lucene) stays positive even for a term present in
        # every document, so a match is never scored as a penalty.
        self.idf = {
            term: math.log(1.0 + (total - len(posts) + 0.5) / (len(posts) + 0.5))
            for term, posts in self.postings.items()
        }

    def scores(
        self, query: Sequence[str], weights: Mapping[str, float] | None = None
    ) -> dict[int, float]:
        """BM25 score of each document that shares at least one term with ``query``
        (a term's contribution times its weight, 1.0 unless ``weights`` says otherwise)."""
        k1, b = limits.BM25_K1, limits.BM25_B
        avg = self.avg_len or 1.0
        result: dict[int, float] = {}
        # A term repeated in the query counts once: "hash map HashMap" is not a
        # stronger question about maps than "HashMap".
        for term in dict.fromkeys(query):
            posts = self.postings.get(term)
            if not posts:
                continue
            idf = self.idf[term] * (weights.get(term, 1.0) if weights else 1.0)
            for index, freq in posts:
                norm = k1 * (1.0 - b + b * self.lengths[index] / avg)
                result[index] = result.get(index, 0.0) + idf * freq * (k1 + 1.0) / (freq + norm)
        return result


@lru_cache(maxsize=limits.BM25_CORPUS_CACHE_ENTRIES)
def _corpus(docs: tuple[tuple[str, ...], ...]) -> _Corpus:
    return _Corpus(docs)


def bm25_scores(
    query_tokens: Sequence[str],
    docs_tokens: Sequence[Sequence[str]],
    weights: Mapping[str, float] | None = None,
) -> list[float]:
    """The Okapi BM25 score of every document for the query (0.0 where nothing matches)."""
    corpus = _corpus(tuple(tuple(doc) for doc in docs_tokens))
    found = corpus.scores(query_tokens, weights)
    return [found.get(index, 0.0) for index in range(len(docs_tokens))]


def rank(
    query_tokens: Sequence[str],
    docs_tokens: Sequence[Sequence[str]],
    recency: Sequence[float],
    *,
    query_anchors: Collection[str] | None = None,
    docs_anchors: Sequence[Collection[str]] | None = None,
    weights: Mapping[str, float] | None = None,
) -> list[tuple[int, float]]:
    """Documents that match the query, best first, as ``(index, score)`` pairs.

    Only documents with a score above zero are returned. Equal scores are ordered
    by ``recency`` (larger is newer, e.g. a POSIX timestamp), newest first, then by
    position, so the order is fully deterministic.

    With anchors (:func:`~autopatch_memory.text.anchor_tokens` of the query and of
    each document), a document also needs one shared term that stands on its own on
    at least one side: fragments of two different identifiers (``HashMap`` and
    ``MapStruct`` share "map") still add to the score of a real match, but are no
    match by themselves. ``weights`` scale some query terms (a shared concept counts
    less than a shared word).
    """
    if len(recency) != len(docs_tokens):
        raise ValueError("recency must give one value per document")
    if docs_anchors is not None and len(docs_anchors) != len(docs_tokens):
        raise ValueError("docs_anchors must give one set per document")
    scores = bm25_scores(query_tokens, docs_tokens, weights)
    matched = [(index, score) for index, score in enumerate(scores) if score > 0.0]
    if query_anchors is not None and docs_anchors is not None:
        query_terms = set(query_tokens)
        matched = [
            (index, score)
            for index, score in matched
            if _anchored(query_terms, docs_tokens[index], query_anchors, docs_anchors[index])
        ]
    matched.sort(key=lambda pair: (-pair[1], -recency[pair[0]], pair[0]))
    return matched


def _anchored(
    query_terms: set[str],
    doc: Sequence[str],
    query_anchors: Collection[str],
    doc_anchors: Collection[str],
) -> bool:
    # The terms both share (one set operation, in C), then one of them that stands alone.
    return any(
        term in query_anchors or term in doc_anchors for term in query_terms.intersection(doc)
    )


def by_recency(recency: Sequence[float]) -> list[int]:
    """Indexes of ``recency`` newest first (ties keep their order)."""
    return sorted(range(len(recency)), key=lambda index: -recency[index])


# --- near-duplicate detection ------------------------------------------------------


@lru_cache(maxsize=limits.SIMILARITY_FEATURE_CACHE_ENTRIES)
def _features(text: str) -> dict[str, float]:
    """Weighted features of ``text`` for near-duplicate detection.

    * CJK bigrams weigh 1. Bigrams alone are brittle for Chinese paraphrase:
      "偏好中文、直接的回答" and "偏好直接的中文回答" share every word but few
      bigrams, because reordering creates new bigrams at each seam ("好中" vs "好直").
    * So the single CJK characters of the kept bigrams are added at a lower weight
      (stop phrases are already cut out): reordering becomes cheap while texts
      about different things still differ in most characters.
    * Latin tokens (identifiers, English words, numbers) weigh more: they name the
      specific thing a note is about (``MyBatis`` vs ``JPA``, Java 17 vs 21), so a
      difference there is a real difference even when the Chinese around it is
      the same.
    """
    features: dict[str, float] = {}
    for token in tokenize(text):
        if is_cjk_char(token[0]):
            features[token] = 1.0
            for ch in token:
                features[f"#{ch}"] = limits.SIMILARITY_CJK_CHAR_WEIGHT
        else:
            features[token] = limits.SIMILARITY_LATIN_WEIGHT
    return features


def similarity(a_text: str, b_text: str) -> float:
    """How much two texts say the same thing, in ``[0, 1]`` (1.0 for equal texts).

    A weighted Dice coefficient over :func:`_features`. Dice (not containment) so
    that a short text inside a long one is not called a duplicate of it: an update
    would replace the long text's extra content. Compare against
    :data:`~autopatch_memory.limits.NEAR_DUPLICATE_SIMILARITY`.
    """
    if " ".join(normalize(a_text).split()) == " ".join(normalize(b_text).split()):
        return 1.0
    a, b = _features(a_text), _features(b_text)
    total = sum(a.values()) + sum(b.values())
    if not a or not b or total <= 0.0:
        return 0.0
    shared = sum(weight for key, weight in a.items() if key in b)
    return 2.0 * shared / total


def is_near_duplicate(a_text: str, b_text: str) -> bool:
    """True when :func:`similarity` reaches the near-duplicate threshold.

    The threshold is :data:`~autopatch_memory.limits.NEAR_DUPLICATE_SIMILARITY`.
    """
    return similarity(a_text, b_text) >= limits.NEAR_DUPLICATE_SIMILARITY
