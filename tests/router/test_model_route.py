"""Routing with the configured model, through the real ``openai`` client against the local
fake server (docs/cli.md#routing-and-the-transcript; issue 30, item 9).

One short call with the five intents and their definitions, its reply read strictly,
within ``limits.ROUTER_MODEL_TIMEOUT_SECONDS``; the rules stay the fast path and the
fallback, and audit wins a disagreement about memory.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from autopatch_memory_cli.classify import MODEL, classify
from autopatch_memory_cli.classify.model import (
    ROUTE_PROMPT,
    asks_the_model,
    parse_route,
    route_with_model,
)
from fake_openai_server import FakeOpenAIServer, Reply
from pydantic import SecretStr

from autopatch_memory import limits
from autopatch_memory.backends.llm import LLMOptions
from autopatch_memory.backends.openai_compat import OpenAICompatBackend
from autopatch_memory.intents import IntentType

AUDIT = IntentType.CODE_AUDIT
EXPLAIN = IntentType.CODE_EXPLAIN
CHAT = IntentType.GENERAL_CHAT
# The rules say general_chat (a debugging question), without a plain cue.
DEBUG_WHY = "Why does OrderServiceImpl.create throw a NullPointerException?"


@pytest.fixture
def server() -> Iterator[FakeOpenAIServer]:
    with FakeOpenAIServer() as fake:
        yield fake


@pytest.fixture
def backend(server: FakeOpenAIServer) -> Iterator[OpenAICompatBackend]:
    options = LLMOptions(
        base_url=server.url, model="fake-model", api_key=SecretStr("sk-test"), max_retries=2
    )
    model = OpenAICompatBackend(options)
    yield model
    model.close()


def route(text: str, backend: OpenAICompatBackend, *, patch_pending: bool = False) -> tuple:
    rules = classify(text, patch_pending=patch_pending)
    chosen = route_with_model(text, rules, backend, patch_pending=patch_pending)
    return rules, chosen


def test_the_call_is_short_and_carries_the_intent_table_and_no_memory(
    server: FakeOpenAIServer, backend: OpenAICompatBackend
) -> None:
    server.route(Reply.text("general_chat"))
    rules, chosen = route(DEBUG_WHY, backend)
    assert chosen.intent is CHAT and chosen.rule_ids == (*rules.rule_ids, MODEL)
    [request] = server.route_requests
    assert server.chat_requests == []  # nothing else was asked
    assert request.system_prompt == ROUTE_PROMPT
    for intent in IntentType:
        assert f"{intent.value}:" in request.system_prompt
    assert "inspect code and produce patches" in request.system_prompt
    assert request.last_user_message.endswith(DEBUG_WHY)
    assert "No patch is awaiting confirmation." in request.last_user_message
    body = request.body or {}
    assert body.get("max_tokens") == limits.ROUTER_MODEL_MAX_TOKENS
    assert body.get("temperature") == 0 and not body.get("stream")
    assert [m["role"] for m in request.messages] == ["system", "user"]


def test_audit_wins_when_the_model_says_audit_where_the_rules_said_memory(
    server: FakeOpenAIServer, backend: OpenAICompatBackend
) -> None:
    server.route(Reply.text("code_audit"))
    rules, chosen = route(DEBUG_WHY, backend)
    assert rules.intent is CHAT
    assert chosen.intent is AUDIT
    assert chosen.rule_ids[-1] == MODEL and chosen.explanation.endswith(MODEL)


def test_between_memory_intents_the_model_is_taken(
    server: FakeOpenAIServer, backend: OpenAICompatBackend
) -> None:
    server.route(Reply.text("code_explain"))
    rules, chosen = route("那这个线程池的参数怎么设置比较合适？", backend)
    assert rules.intent is CHAT and chosen.intent is EXPLAIN


def test_a_patch_intent_with_no_patch_pending_is_an_audit(
    server: FakeOpenAIServer, backend: OpenAICompatBackend
) -> None:
    server.route(Reply.text("patch_explain"), Reply.text("patch_explain"))
    _, without = route("那这一步为什么这样处理？", backend)
    assert without.intent is AUDIT
    _, pending = route("那这一步为什么这样处理？", backend, patch_pending=True)
    assert pending.intent is IntentType.PATCH_EXPLAIN
    assert "A patch is awaiting confirmation." in server.route_requests[-1].last_user_message


@pytest.mark.parametrize(
    "reply",
    [
        Reply.text("I think this is code_audit"),
        Reply.text("code audit"),
        Reply.text('{"intent": "code_audit"}'),
        Reply.text(""),
        Reply.text("code_audit\ngeneral_chat"),
        Reply.fail(500, "crashed"),
        Reply.fail(401, "bad key"),
        Reply(raw_body=b"<html>not json</html>"),
    ],
)
def test_garbage_or_a_failure_leaves_the_rules_choice(
    server: FakeOpenAIServer, backend: OpenAICompatBackend, reply: Reply
) -> None:
    server.route(reply)
    rules, chosen = route(DEBUG_WHY, backend)
    assert chosen == rules
    assert len(server.route_requests) == 1  # one call, no retry


def test_a_slow_model_is_not_waited_for_past_the_budget(
    server: FakeOpenAIServer, backend: OpenAICompatBackend, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(limits, "ROUTER_MODEL_TIMEOUT_SECONDS", 0.3)
    server.route(Reply.text("code_audit", delay=5))
    started = time.monotonic()
    rules, chosen = route(DEBUG_WHY, backend)
    elapsed = time.monotonic() - started
    assert chosen == rules and chosen.intent is CHAT
    assert elapsed < 3, elapsed  # the budget, not the 5 s reply (nor a retry of it)


def test_the_default_budget_is_two_seconds() -> None:
    assert limits.ROUTER_MODEL_TIMEOUT_SECONDS == 2.0


@pytest.mark.parametrize(
    "question",
    [
        "find the bugs in OrderService",  # an audit: a model's "memory" could not overrule it
        "Fix the NPE in ReviewController",
        "Explain the patch",
        "is our password-reset flow secure?",
        "以后涉及命令行的地方都给两个版本",  # a wish about the answers: plain
    ],
)
def test_a_plain_choice_or_an_audit_asks_nothing(
    server: FakeOpenAIServer, backend: OpenAICompatBackend, question: str
) -> None:
    rules, chosen = route(question, backend)
    assert not asks_the_model(rules)
    assert chosen == rules
    assert server.route_requests == []


def test_a_host_model_without_a_quick_reply_is_not_asked() -> None:
    rules = classify(DEBUG_WHY)
    assert route_with_model(DEBUG_WHY, rules, object()) == rules


@pytest.mark.parametrize(
    ("reply", "expected"),
    [
        ("code_audit", AUDIT),
        ("  General_Chat \n", CHAT),
        ("`code_explain`", EXPLAIN),
        ('"patch_revise".', IntentType.PATCH_REVISE),
        ("code_audit.", AUDIT),
        ("code_audit: it asks for a fix", None),
        ("audit", None),
        ("general chat", None),
        ("", None),
    ],
)
def test_the_reply_is_read_strictly(reply: str, expected: IntentType | None) -> None:
    assert parse_route(reply) is expected


def test_a_reasoning_block_before_the_name_is_set_aside(
    server: FakeOpenAIServer, backend: OpenAICompatBackend
) -> None:
    server.route(Reply.text("<think>the user wants a fix?</think>\ncode_audit"))
    _, chosen = route(DEBUG_WHY, backend)
    assert chosen.intent is AUDIT
