"""The code guard reads a Java annotation with named arguments, on a line of its own, as
code; an annotation named in a sentence is prose."""

from __future__ import annotations

import pytest

from autopatch_memory.text import looks_like_code_or_log


@pytest.mark.parametrize(
    "text",
    [
        "@Retryable(retryFor = ElevatorTimeoutException.class, maxAttempts = 3, backoff ="
        " @Backoff(delay = 2000))",
        "@Transactional(rollbackFor = Exception.class)",
    ],
)
def test_an_annotation_with_arguments_alone_is_code(text: str) -> None:
    assert looks_like_code_or_log(text)


@pytest.mark.parametrize(
    "text",
    [
        "以后都加 @Transactional(rollbackFor = Exception.class)",
        "@Transactional 只加在 service 层",
        "Always put @Retryable(maxAttempts = 3) on the elevator calls.",
    ],
)
def test_an_annotation_named_in_a_sentence_is_prose(text: str) -> None:
    assert not looks_like_code_or_log(text)
