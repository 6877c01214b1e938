"""The reason shown for a route (docs/cli.md#routing-and-the-transcript; issue 30, item 6).

``[intent · why]`` names the rules that decided and quotes at most one short word of the
question, taken from the redacted question only: never a secret, never a stack frame or
a JDK name, never a clause cut off in the middle.
"""

from __future__ import annotations

import re

import pytest
from autopatch_memory_cli.classify import classify

from autopatch_memory import limits, normalize_text
from autopatch_memory.privacy import redact

SECRETS = {
    "sk-proj-abcdef1234567890abcdef1234567890ABCD": (
        "Is sk-proj-abcdef1234567890abcdef1234567890ABCD still used in OpenAiClient?"
    ),
    "ghp_abcdefghijklmnopqrstuvwxyz0123456789": (
        "ghp_abcdefghijklmnopqrstuvwxyz0123456789 为什么在 GithubClient 里会报 401"
    ),
    "Hunter2Secret": "AuthConfig 里 password=Hunter2Secret!x 写死了，会不会泄露？",
}


def quoted(explanation: str) -> list[str]:
    return re.findall(r'"([^"]*)"', explanation)


@pytest.mark.parametrize(("secret", "question"), SECRETS.items())
def test_the_reason_never_echoes_a_secret(secret: str, question: str) -> None:
    result = classify(question)
    assert secret.lower() not in result.explanation.lower()
    assert secret.lower() not in str(result.model_dump()).lower()  # not even in ask --json
    for word in quoted(result.explanation):
        assert normalize_text(word) in normalize_text(redact(question))


@pytest.mark.parametrize(
    "question",
    [
        "Exception in thread main java.lang.NullPointerException at "
        "com.shop.OrderServiceImpl.create(OrderServiceImpl.java:88) 为什么？",
        "java.lang.IllegalStateException at com.foo.OrderService.pay(OrderService.java:12) "
        "OrderService 帮我修一下",
        "at org.springframework.beans.factory.support.AbstractBeanFactory.getBean("
        "AbstractBeanFactory.java:208) what does this mean for OrderConfig?",
    ],
)
def test_the_reason_shows_no_stack_frame(question: str) -> None:
    explanation = classify(question).explanation
    assert ".java:" not in explanation
    assert "java.lang" not in explanation and "org.springframework" not in explanation
    assert not re.search(r"\bat [\w$.]+\(", explanation)


@pytest.mark.parametrize(
    "question",
    [
        "用户输入是直接拼进 OrderDao 的查询语句里面去的而且没有做任何处理，会不会被注入",
        "The nightly reconciliation job in LedgerSync writes partial rows when the upstream "
        "times out, could that double count anything?",
        "Why does OrderServiceImpl.create throw a NullPointerException?",
        "Fix the NPE in ReviewController and in ReviewService and in FindingQueue",
    ],
)
def test_the_reason_quotes_at_most_one_short_whole_word(question: str) -> None:
    result = classify(question)
    words = quoted(result.explanation)
    assert len(words) <= 1
    for word in words:
        assert 0 < len(word) <= limits.ROUTER_CUE_MAX_CHARS
        assert normalize_text(word) in normalize_text(question)  # said as it was, not cut
    # The rule ids come first, as they are in the registry.
    assert result.explanation.startswith(", ".join(result.rule_ids))
