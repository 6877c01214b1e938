"""The shared bilingual vocabulary (lang/vocabulary.py) and the phrase patterns under it."""

from __future__ import annotations

import pytest

from autopatch_memory.lang.phrases import phrase_pattern
from autopatch_memory.lang.vocabulary import (
    ARTIFACTS,
    CHOICES,
    CONCEPTS,
    JAVA_VERSION,
    PLATFORMS,
    SYNONYMS,
    concepts_in,
    related_terms,
)
from autopatch_memory.text import normalize


@pytest.mark.parametrize(
    ("term", "related"),
    [
        ("缓存", {"cache", "caching"}),  # a concept, Chinese to English
        ("Configuration", {"配置", "config"}),  # folded: case set aside
        ("DingTalk", {"钉钉"}),  # a platform's names
        ("注释", {"comment", "comments"}),  # what a rule governs
        ("中文", {"chinese", "汉语"}),  # one value of a choice…
        ("commit message", {"提交信息"}),
        ("铺垫", {"intro", "preamble"}),  # a synonym of a rule's content
    ],
)
def test_related_terms_cross_the_languages(term: str, related: set[str]) -> None:
    found = related_terms(term)
    assert term in found
    assert related <= found


def test_related_terms_keep_the_alternatives_of_a_choice_apart() -> None:
    # …not the other values of its class: Chinese is no kin of English.
    assert "english" not in related_terms("中文")
    assert "gradle" not in related_terms("maven")


def test_a_term_no_table_knows_is_related_to_itself_only() -> None:
    assert related_terms("kyc-ocr") == frozenset({"kyc-ocr"})
    assert related_terms("") == frozenset({""})


def test_every_table_holds_lower_case_phrases_the_folded_text_can_match() -> None:
    groups = [
        *CONCEPTS.values(),
        *ARTIFACTS.values(),
        *(words for values in CHOICES.values() for words in values.values()),
        *SYNONYMS.values(),
    ]
    for group in groups:
        assert group and all(phrase == normalize(phrase) for phrase in group), group
    assert all(len(names) >= 2 for names in PLATFORMS)


@pytest.mark.parametrize(
    ("text", "question", "concepts"),
    [
        ("配置中心用的 Nacos", False, ("config",)),
        ("MySQL wait_timeout 是多少", False, ("database", "timeout")),  # "_" joins words here
        ("notes on JDK 17", False, (JAVA_VERSION,)),
        ("switch 表达式能用吗？", True, (JAVA_VERSION,)),  # a language feature asked about
        ("switch 表达式能用吗？", False, ()),  # …is no Java release in a note
        ("how do records work", True, (JAVA_VERSION,)),
        ("the cached value", False, ("cache",)),
        ("scached", False, ()),  # a whole word only
    ],
)
def test_concepts_in(text: str, question: bool, concepts: tuple[str, ...]) -> None:
    assert concepts_in(normalize(text), question=question) == concepts


def test_phrase_patterns_bound_words_and_may_take_plurals_and_joined_words() -> None:
    plain = phrase_pattern("file", "以后")
    assert plain.search("a file") and plain.search("以后都这样")
    assert not plain.search("files") and not plain.search("file_name")
    assert phrase_pattern("file", plurals=True).search("whole files")
    assert phrase_pattern("file", word_chars="a-z0-9").search("file_name")
    assert phrase_pattern("message queue", optional_spaces=True).search("messagequeue")
    assert not phrase_pattern("message queue").search("messagequeue")
