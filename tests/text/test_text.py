"""Text helpers: clipping, language, bilingual signal words, the content guard."""

from __future__ import annotations

import pytest

from autopatch_memory import signals
from autopatch_memory.text import (
    Language,
    clip,
    detect_language,
    has_long_term_signal,
    has_project_signal,
    looks_like_code_or_log,
    same_label,
)


def test_clip_marks_the_cut_and_keeps_newlines() -> None:
    assert clip("abc", 5) == "abc"
    out = clip("line one\nline two\nline three", 12)
    assert out == "line one\nli…" and len(out) == 12
    assert len(clip("长" * 2000, 1000)) == 1000


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Optional 怎么用？", Language.ZH),
        ("review 模块是做什么的", Language.ZH),
        ("How do I use Optional in Java 17?", Language.EN),
        ("What does ReviewService do? 谢谢", Language.EN),
        ("", Language.EN),
    ],
)
def test_language_detection(text: str, language: Language) -> None:
    assert detect_language(text) is language


@pytest.mark.parametrize("phrase", signals.LONG_TERM_SIGNALS_ZH)
def test_every_chinese_long_term_signal_fires(phrase: str) -> None:
    assert has_long_term_signal(f"请注意，{phrase}这样做。")


@pytest.mark.parametrize("phrase", signals.LONG_TERM_SIGNALS_EN)
def test_every_english_long_term_signal_fires(phrase: str) -> None:
    assert has_long_term_signal(f"Please note: {phrase} do it this way.")
    assert has_long_term_signal(f"{phrase.upper()} do it this way")


@pytest.mark.parametrize(
    "text",
    [
        "Optional 怎么用？",
        "要不要用 Optional？",
        "What is the difference between orElse and orElseGet?",
        "Nevertheless, explain the review module.",
        "the remembered value",  # "remember" only as a whole word
    ],
)
def test_one_off_questions_carry_no_long_term_signal(text: str) -> None:
    assert not has_long_term_signal(text)


def test_curly_apostrophes_match() -> None:
    assert has_long_term_signal("I don’t like long answers")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("这个项目怎么构建？", True),
        ("review 模块依赖哪些框架", True),
        ("How is this repository built?", True),
        ("Which modules does the project have?", True),
        ("Optional 怎么用？", False),
        ("What is a volatile field?", False),
    ],
)
def test_project_signal(text: str, expected: bool) -> None:
    assert has_project_signal(text) is expected


@pytest.mark.parametrize(
    "text",
    [
        "public class Foo { }",
        "import java.util.List;",
        "package com.acme.review;",
        "\tat com.acme.Foo.bar(Foo.java:12)",
        'Exception in thread "main" java.lang.IllegalStateException',
        "Caused by: java.sql.SQLException: boom",
        "Traceback (most recent call last):",
        "2026-05-01 12:00:00.123 ERROR 1 --- [main] boom",
        "[INFO] BUILD SUCCESS",
        "diff --git a/x b/x",
        "@@ -1,2 +1,2 @@",
        "int x = 1; return x;",
        "if (a) { b(); } return c;",
        "System.out.println(x)",
    ],
)
def test_code_and_logs_are_recognised(text: str) -> None:
    assert looks_like_code_or_log(text)


@pytest.mark.parametrize(
    "text",
    [
        "用户关注 Optional.orElseGet() 与 orElse() 的区别",
        "review module manages the finding queue; patches need confirmation",
        "用户偏好中文回答，先给结论。",
        "The user asked about NullPointerException handling in ReviewService",
        "Map<String, List<Integer>> 的用法",
        "commit message format: <type>: <lowercase english phrase>",
        "- first point\n- second point",
        "Java 17; Spring Boot 3",
    ],
)
def test_prose_about_code_is_not_code(text: str) -> None:
    assert not looks_like_code_or_log(text)


def test_labels_compare_ignoring_case_width_and_space() -> None:
    assert same_label("Java Optional", "java  optional")
    assert same_label("ＪＡＶＡ Optional", "javaoptional")
    assert same_label("回答 风格", "回答风格")
    assert not same_label("review module", "review modules")
