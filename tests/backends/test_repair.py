"""Semantic repair: what the applier would reject is fed back to the model once, through
the real ``openai`` client against the local fake server."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, timedelta, timezone

import pytest
from fake_openai_server import FakeOpenAIServer, Reply
from pydantic import SecretStr

from autopatch_memory.applier import apply_delta
from autopatch_memory.backends.base import SummaryItem, SummaryRequest, SummaryTurn
from autopatch_memory.backends.llm import LLMOptions, StructuredOutput
from autopatch_memory.backends.openai_compat import OpenAICompatBackend
from autopatch_memory.delta import delta_from_object
from autopatch_memory.intents import IntentType
from autopatch_memory.model import MemoryDelta
from autopatch_memory.prevalidate import delta_problems, request_document
from autopatch_memory.text import Language

NOW = datetime(2026, 5, 1, 12, 30, tzinfo=timezone(timedelta(hours=8)))
QUESTION = "turn_20260501_123000_001"
RULE = "turn_20260501_123100_001"
ITEM = "mem_20260501_001"


def request() -> SummaryRequest:
    return SummaryRequest(
        turns=[
            SummaryTurn(
                id=QUESTION,
                intent=IntentType.GENERAL_CHAT,
                user_text="为什么构建总是失败？",
                assistant_text="因为你总是忘记先安装 mall-common。你喜欢简短的回答。",
                created_at=NOW,
            ),
            SummaryTurn(
                id=RULE,
                intent=IntentType.GENERAL_CHAT,
                user_text="以后回答都用英文。",
                created_at=NOW + timedelta(minutes=1),
            ),
        ],
        long_term=[
            SummaryItem(
                id=ITEM, label="回答用中文", summary="以后回答都用中文。", type="durable_preference"
            )
        ],
        language=Language.ZH,
        now=NOW + timedelta(minutes=2),
    )


def summaries() -> list[dict[str, str]]:
    return [
        {"turn_id": QUESTION, "summary": "用户询问构建为什么失败。"},
        {"turn_id": RULE, "summary": "用户要求以后用英文回答。"},
    ]


def preference(evidence: str, quote: str, label: str, summary: str) -> dict[str, object]:
    return {
        "operation": "create_new",
        "type": "durable_preference",
        "target_id": None,
        "label": label,
        "summary": summary,
        "source": "user_explicit",
        "evidence_turn_ids": [evidence],
        "evidence_quote": quote,
        "supersedes": None,
    }


# A model that turned the assistant's claim and a question into rules.
BAD = {
    "turn_summaries": summaries(),
    "topic_operations": [],
    "long_term_operations": [
        preference(QUESTION, "为什么构建总是失败？", "构建总是失败", "构建总是失败。"),
        preference(QUESTION, "你喜欢简短的回答。", "简短回答", "用户喜欢简短的回答。"),
        preference(RULE, "以后回答都用英文。", "回答用英文", "以后回答都用英文。"),
    ],
}
GOOD = {
    "turn_summaries": summaries(),
    "topic_operations": [],
    "long_term_operations": [
        {
            **preference(RULE, "以后回答都用英文。", "回答用英文", "以后回答都用英文。"),
            "supersedes": ITEM,
        }
    ],
}


def test_delta_problems_are_the_appliers_rejections() -> None:
    bad, _ = delta_from_object(BAD)
    problems = delta_problems(bad, request())
    assert [p.split(" (")[0] for p in problems] == [
        "long_term_operations[0]: ungrounded",
        "long_term_operations[1]: ungrounded",
    ]
    assert "question-requests-nothing" in problems[0]
    assert "not in the user's words" in problems[1]
    good, _ = delta_from_object(GOOD)
    assert delta_problems(good, request()) == []
    # The same checks as applying to the memory the request shows.
    _doc, report = apply_delta(request_document(request()), bad, now=NOW + timedelta(minutes=2))
    assert len(report.rejected) == len(problems)


def test_capacity_is_not_the_models_fault() -> None:
    full = request().model_copy(
        update={
            "long_term": [
                SummaryItem(
                    id=f"mem_20260501_{i:03d}",
                    label=f"note {i}",
                    summary=f"Module{i} owns t{i}.",
                    type="project_note",
                )
                for i in range(50)
            ]
        }
    )
    delta = MemoryDelta(
        long_term_operations=[
            {
                "operation": "create_new",
                "type": "project_note",
                "label": "gateway",
                "summary": "The gateway limits requests per user.",
            }
        ]
    )
    assert delta_problems(delta, full) == []


@pytest.fixture
def server() -> Iterator[FakeOpenAIServer]:
    with FakeOpenAIServer() as fake:
        yield fake


def backend(server: FakeOpenAIServer) -> OpenAICompatBackend:
    return OpenAICompatBackend(
        LLMOptions(
            base_url=server.url,
            model="fake-model",
            api_key=SecretStr("test-key"),
            timeout=1.0,
            max_retries=0,
            structured_output=StructuredOutput.JSON_OBJECT,
        )
    )


def test_an_ungrounded_preference_is_fed_back_once(server: FakeOpenAIServer) -> None:
    server.script(Reply.json(BAD), Reply.json(GOOD))
    delta = backend(server).summarize(request())
    assert delta.long_term_operations == GOOD["long_term_operations"]
    first, repair = server.chat_requests
    quoted = repair.last_user_message
    assert (
        "long_term_operations[0]: ungrounded (the quoted sentence is a question that asks about something"
        in quoted
    )
    assert "long_term_operations[2]" not in quoted  # the grounded rule is not a problem
    assert repair.messages[: len(first.messages)] == first.messages


def test_a_good_reply_needs_no_repair(server: FakeOpenAIServer) -> None:
    server.script(Reply.json(GOOD))
    backend(server).summarize(request())
    assert len(server.chat_requests) == 1


def test_a_reply_still_rejected_after_the_repair_goes_to_the_applier(
    server: FakeOpenAIServer,
) -> None:
    server.script(Reply.json(BAD), Reply.json(BAD), Reply.json(GOOD))
    delta = backend(server).summarize(request())
    assert len(server.chat_requests) == 2  # one repair, never a third call
    # The applier rejects the bad operations one by one and keeps the good one.
    doc = request_document(request())
    _doc, report = apply_delta(doc, delta, now=NOW + timedelta(minutes=2))
    assert [op.ids for op in report.accepted if op.section == "long_term_operations"] != []
