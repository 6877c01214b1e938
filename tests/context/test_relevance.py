"""BM25 ranking and near-duplicate similarity (docs/context.md#relevance, docs/context.md#near-duplicates-used-by-the-applier)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from autopatch_memory import limits
from autopatch_memory.relevance import bm25_scores, by_recency, is_near_duplicate, rank, similarity
from autopatch_memory.text import anchor_tokens, query_tokens, tokenize

DOCS = [
    "review module: ReviewService manages the finding queue and patch confirmation",
    "Gradle build: the version catalog lives in gradle/libs.versions.toml",
    "order 模块负责订单创建和支付回调",
    "Redis 缓存商品详情，过期时间 30 分钟",
]


def _docs(texts: list[str]) -> list[list[str]]:
    return [tokenize(t) for t in texts]


def test_only_matching_documents_score() -> None:
    scores = bm25_scores(query_tokens("ReviewService 的 finding 队列"), _docs(DOCS))
    assert scores[0] > 0
    assert scores[1:] == [0.0, 0.0, 0.0]


def test_rank_returns_matches_best_first() -> None:
    ranked = rank(query_tokens("Gradle 的 review 流程"), _docs(DOCS), [0, 0, 0, 0])
    assert [index for index, _ in ranked] in ([0, 1], [1, 0])
    assert all(score > 0 for _, score in ranked)
    assert ranked[0][1] >= ranked[1][1]
    ranked = rank(query_tokens("订单支付回调"), _docs(DOCS), [0, 0, 0, 0])
    assert [index for index, _ in ranked] == [2]


def test_rarer_terms_weigh_more() -> None:
    docs = _docs(["alpha beta", "alpha gamma", "alpha delta", "beta epsilon"])
    scores = bm25_scores(["alpha"], docs)
    rare = bm25_scores(["epsilon"], docs)
    assert rare[3] > scores[0]


def test_shorter_documents_win_for_the_same_term_frequency() -> None:
    docs = _docs(["kafka topic", "kafka topic plus many other words about unrelated things here"])
    short, long = bm25_scores(["kafka"], docs)
    assert short > long > 0


def test_repeated_terms_saturate() -> None:
    docs = _docs(["redis", "redis redis redis redis redis redis", "other"])
    one, many, _ = bm25_scores(["redis"], docs)
    assert many < 3 * one


def test_a_repeated_query_term_counts_once() -> None:
    docs = _docs(DOCS)
    assert bm25_scores(["gradle"], docs) == bm25_scores(["gradle", "gradle"], docs)


def test_ties_break_by_recency_newest_first() -> None:
    docs = _docs(["redis cache", "redis cache", "redis cache"])
    ranked = rank(["redis"], docs, [100.0, 300.0, 200.0])
    assert [index for index, _ in ranked] == [1, 2, 0]
    # Equal recency too: the order is still deterministic (by position).
    ranked = rank(["redis"], docs, [5.0, 5.0, 5.0])
    assert [index for index, _ in ranked] == [0, 1, 2]


def test_empty_query_or_corpus() -> None:
    assert rank([], _docs(DOCS), [0, 0, 0, 0]) == []
    assert rank(["redis"], [], []) == []
    assert bm25_scores(["redis"], [[]]) == [0.0]


def test_recency_must_match_the_documents() -> None:
    with pytest.raises(ValueError):
        rank(["redis"], _docs(DOCS), [0.0])


def test_identifier_fragments_alone_are_no_match_with_anchors() -> None:
    texts = ["DTO 映射用 MapStruct", "Thread safety of HashMap", "the map of regions"]
    docs = _docs(texts)
    anchors = [anchor_tokens(t) for t in texts]
    question = "HashMap 和 TreeMap 的区别"
    query = query_tokens(question)
    plain = {index for index, _ in rank(query, docs, [0, 0, 0])}
    assert plain == {0, 1, 2}  # BM25 alone: "map" is shared by all three
    anchored = rank(
        query,
        docs,
        [0, 0, 0],
        query_anchors=anchor_tokens(question, query=True),
        docs_anchors=anchors,
    )
    # HashMap matches as a whole word; "map" stands alone in the third text; the
    # MapStruct note only shares a fragment.
    assert {index for index, _ in anchored} == {1, 2}


def test_by_recency() -> None:
    assert by_recency([1.0, 3.0, 2.0]) == [1, 2, 0]
    assert by_recency([]) == []


# --- near-duplicate similarity -----------------------------------------------------

DUPLICATES = [
    ("用户偏好中文、直接的回答", "用户偏好直接的中文回答"),
    ("用户偏好中文、工程化、直接的回答。", "用户偏好工程化、直接的中文回答。"),
    ("回答时先给结论，再给理由。", "回答时先说结论再说理由"),
    ("不要在回答中使用表情符号", "回答中不要使用表情符号"),
    (
        "用户关注 review 模块如何管理 finding 队列和补丁确认。",
        "用户关注 review 模块怎样管理 finding 队列以及补丁确认",
    ),
    (
        "提交信息必须使用 <type>: <lowercase english phrase> 格式。",
        "提交信息要使用 <type>: <lowercase english phrase> 的格式",
    ),
    (
        "The user prefers concise, direct answers in Chinese.",
        "User prefers direct and concise answers in Chinese.",
    ),
    (
        "The review module manages the finding queue and patch confirmation.",
        "The review module manages finding queues and confirms patches.",
    ),
    (
        "Always run mvn verify before pushing changes.",
        "Run mvn verify before pushing any change, always.",
    ),
]
UNRELATED = [
    (
        "用户关注 review 模块如何管理 finding 队列和补丁确认。",
        "用户关注 Gradle 构建脚本如何管理依赖版本。",
    ),
    ("用户偏好中文、直接的回答", "提交信息必须使用英文小写短语"),
    ("用户偏好中文、直接的回答", "用户偏好英文、详细的回答"),
    ("order 模块负责订单创建和支付回调", "payment 模块负责支付渠道对接和回调验签"),
    ("UserServiceImpl 使用 MyBatis 访问数据库", "OrderServiceImpl 使用 JPA 访问数据库"),
    ("项目使用 Spring Boot 3 和 Java 17", "项目使用 Gradle 构建，Java 21"),
    (
        "The review module manages the finding queue and patch confirmation.",
        "The audit module scans the code and produces findings.",
    ),
    ("The user prefers concise answers.", "The user prefers detailed answers with examples."),
    ("Tests use JUnit 5 and Mockito.", "The build uses Gradle with a version catalog."),
    ("用户关注 Java Optional 的空值建模", "用户关注 Java Stream 的并行流性能"),
]


@pytest.mark.parametrize(("a", "b"), DUPLICATES)
def test_paraphrases_are_near_duplicates(a: str, b: str) -> None:
    assert similarity(a, b) >= limits.NEAR_DUPLICATE_SIMILARITY
    assert is_near_duplicate(a, b)


@pytest.mark.parametrize(("a", "b"), UNRELATED)
def test_different_notes_are_not_near_duplicates(a: str, b: str) -> None:
    assert similarity(a, b) < limits.NEAR_DUPLICATE_SIMILARITY
    assert not is_near_duplicate(a, b)


def test_similarity_edges() -> None:
    assert similarity("Java Optional", "java   optional") == 1.0
    assert similarity("", "") == 1.0
    assert similarity("用户偏好中文", "") == 0.0
    assert similarity("的了吗", "什么怎么") == 0.0  # nothing but stop phrases
    # A short text inside a long one is not the same note.
    short = "用户偏好中文回答"
    long = "用户偏好中文回答，提交信息用英文，测试用 JUnit 5，日志用 SLF4J 占位符。"
    assert similarity(short, long) < limits.NEAR_DUPLICATE_SIMILARITY


_TEXTS = st.text(alphabet=st.sampled_from(list("abc XYZ_/用户模块中文回答的以后")), max_size=30)


@given(a=_TEXTS, b=_TEXTS)
def test_similarity_is_symmetric_and_bounded(a: str, b: str) -> None:
    value = similarity(a, b)
    assert 0.0 <= value <= 1.0
    assert value == pytest.approx(similarity(b, a))
    assert similarity(a, a) == 1.0
