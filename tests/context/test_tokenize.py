"""The relevance tokenizer (docs/context.md#the-tokenizer): CJK bigrams, Java identifiers, paths, English words."""

from __future__ import annotations

import pytest

from autopatch_memory.text import anchor_tokens, query_tokens, tokenize


def test_cjk_is_split_into_character_bigrams() -> None:
    assert tokenize("补丁确认") == ["补丁", "丁确", "确认"]
    assert tokenize("队列") == ["队列"]


def test_a_single_cjk_character_is_kept_when_it_is_all_there_is() -> None:
    assert tokenize("锁") == ["锁"]


def test_chinese_stop_phrases_leave_no_stray_bigrams() -> None:
    tokens = tokenize("用户关注 review 模块如何管理 finding 队列")
    assert "户关" not in tokens and "用户" not in tokens and "关注" not in tokens
    assert "如何" not in tokens and "何管" not in tokens
    assert {"review", "模块", "管理", "finding", "队列"} <= set(tokens)
    assert tokenize("Optional 怎么用") == ["optional"]
    assert tokenize("脚本放在哪里") == ["脚本"]


def test_camel_case_identifiers_keep_the_whole_word_and_their_parts() -> None:
    assert tokenize("UserServiceImpl") == ["userserviceimpl", "user", "service", "impl"]
    assert tokenize("HTTPClientFactory") == ["httpclientfactory", "http", "client", "factory"]
    assert tokenize("orElseGet") == ["orelseget", "or", "else", "get"]


def test_snake_case_identifiers_keep_the_whole_word_and_their_parts() -> None:
    assert tokenize("user_id") == ["user_id", "user", "id"]
    assert tokenize("MAX_RETRY_COUNT") == ["max_retry_count", "max", "retry", "count"]


def test_paths_are_split_into_segments_without_the_boilerplate() -> None:
    tokens = tokenize("src/main/java/com/mall/review/ReviewService.java")
    assert {"mall", "review", "reviewservice", "service"} <= set(tokens)
    # Every Java repository has these: they carry no topic.
    assert not {"src", "main", "java", "com"} & set(tokens)
    assert tokenize("gradle/libs.versions.toml") == ["gradle", "lib", "version", "toml"]


def test_english_words_are_lowercased_and_stopwords_dropped() -> None:
    assert tokenize("What is the Gradle Wrapper?") == ["gradle", "wrapper"]
    assert tokenize("How do I use it?") == []


def test_regular_plurals_fold_to_the_singular() -> None:
    assert tokenize("modules dependencies classes queues") == [
        "module",
        "dependency",
        "class",
        "queue",
    ]
    # Words that only look plural stay as they are.
    assert tokenize("class status redis focus always") == [
        "class",
        "status",
        "redis",
        "focus",
        "always",
    ]
    assert tokenize("repos DTOs") == ["repo", "dto"]
    # The whole identifier is kept exactly; its parts fold.
    assert tokenize("UserServices") == ["userservices", "user", "service"]


def test_numbers_are_kept() -> None:
    assert tokenize("Java 17 and Gradle 8") == ["17", "gradle", "8"]


def test_full_width_forms_are_folded() -> None:
    assert tokenize("ＲｅｖｉｅｗＳｅｒｖｉｃｅ") == tokenize("ReviewService")


def test_mixed_chinese_and_english() -> None:
    tokens = tokenize("PaymentCallbackHandler 如何验签，支付回调走 Alipay")
    assert {"paymentcallbackhandler", "payment", "callback", "handler"} <= set(tokens)
    assert {"验签", "支付", "回调", "alipay"} <= set(tokens)


@pytest.mark.parametrize(
    ("text", "signal"),
    [
        ("以后回答都用中文", "以后"),
        ("记住，每次都要写测试", "记住"),
        ("from now on always answer in English", "always"),
        ("Remember to run the tests every time", "remember"),
    ],
)
def test_query_tokens_drop_long_term_signals(text: str, signal: str) -> None:
    stored = tokenize(text)
    asked = query_tokens(text)
    assert any(signal in token for token in stored) or signal in {"always", "remember"}
    assert not any(signal in token for token in asked)
    # The rest of the question survives.
    assert set(asked) <= set(stored)


def test_a_question_made_only_of_signals_has_no_tokens() -> None:
    assert query_tokens("以后") == []
    assert query_tokens("from now on") == []
    assert query_tokens("From now on, always remember that.") == []


def test_anchors_are_everything_but_identifier_parts() -> None:
    assert anchor_tokens("HashMap") == frozenset({"hashmap"})
    assert anchor_tokens("the review module") == frozenset({"review", "module"})
    assert anchor_tokens("补丁确认") == frozenset({"补丁", "丁确", "确认"})
    assert anchor_tokens("ReviewService 和 review") == frozenset({"reviewservice", "review"})
    assert "以后" not in anchor_tokens("以后用 Optional", query=True)
    assert "optional" in anchor_tokens("以后用 Optional", query=True)


def test_tokenize_returns_a_fresh_list() -> None:
    first = tokenize("ReviewService")
    first.append("mutated")
    assert "mutated" not in tokenize("ReviewService")
