"""What around a quote keeps it from grounding a rule or an archive: the user's next
message taking the rule back, a code span holding the quote, an archive whose sentence
withdraws nothing (docs/quality.md, "Model proposals")."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import pytest

from autopatch_memory.applier import apply_delta
from autopatch_memory.intents import IntentType
from autopatch_memory.model import (
    ItemStatus,
    LongTermItem,
    LongTermType,
    MemoryDelta,
    MemoryDocument,
    SummaryStatus,
    Turn,
)

_AT = datetime.fromisoformat("2026-12-07T10:00:00+08:00")
_RULE = "mem_20261201_001"


def _doc(*messages: str, rule: str | None = None) -> MemoryDocument:
    doc = MemoryDocument()
    for i, text in enumerate(messages):
        doc.working_memory.recent_turns.append(
            Turn(
                id=f"turn_20261207_10000{i}_001",
                intent=IntentType.GENERAL_CHAT,
                user_text=text,
                assistant_text="好的。",
                summary_status=SummaryStatus.PENDING,
                created_at=_AT + timedelta(seconds=i),
            )
        )
    if rule is not None:
        doc.long_term_memory.durable_preferences.append(
            LongTermItem(
                id=_RULE,
                type=LongTermType.DURABLE_PREFERENCE,
                label=rule[:20],
                summary=rule,
                status=ItemStatus.ACTIVE,
                source="user_explicit",
                created_at=_AT - timedelta(days=6),
                updated_at=_AT - timedelta(days=6),
            )
        )
    return doc


def _admitted(doc: MemoryDocument, op: dict[str, Any]) -> bool:
    _after, report = apply_delta(
        doc, MemoryDelta(long_term_operations=[op]), now=_AT + timedelta(minutes=5)
    )
    return bool(report.accepted) and not report.rejected


def _rule(quote: str, turn: int = 0) -> dict[str, Any]:
    return {
        "operation": "create_new",
        "type": "durable_preference",
        "label": "rule",
        "summary": quote,
        "source": "user_explicit",
        "evidence_turn_ids": [f"turn_20261207_10000{turn}_001"],
        "evidence_quote": quote,
    }


def _archive(quote: str) -> dict[str, Any]:
    return {
        "operation": "archive_existing",
        "target_id": _RULE,
        "evidence_turn_ids": ["turn_20261207_100000_001"],
        "evidence_quote": quote,
    }


@pytest.mark.parametrize(
    ("first", "second"),
    [
        (
            "以后接口统一返回 HTTP 200，错误码放 body 里",
            "算了，刚才那条不算，还是按 REST 的状态码来",
        ),
        (
            "Always use virtual threads for the blocking calls in app-bff.",
            "Wait, scratch that — the driver pins carrier threads.",
        ),
    ],
)
def test_a_rule_the_next_message_takes_back_is_refused(first: str, second: str) -> None:
    assert not _admitted(_doc(first, second), _rule(first.rstrip(".")))
    # the same rule, with a next message that goes on to something else, stands
    assert _admitted(
        _doc(first, "好的，另外 settlement 的导出任务怎么排查？"), _rule(first.rstrip("."))
    )


@pytest.mark.parametrize(
    "text",
    [
        "what does this mean? `// NOTE: always call release() before close(), never the other way round`",
        "这行注释啥意思：`// 以后所有回调都必须先验签，再处理业务`",
    ],
)
def test_a_quote_inside_a_code_span_grounds_nothing(text: str) -> None:
    code = (
        text[text.index("`") + 1 : text.rindex("`")].removeprefix("// NOTE: ").removeprefix("// ")
    )
    assert not _admitted(_doc(text), _rule(code))


def test_a_rule_beside_a_code_span_stands() -> None:
    text = '以后给 Gradle 依赖都用 Kotlin DSL 的 `implementation("...")` 写法'
    assert _admitted(_doc(text), _rule("以后给 Gradle 依赖都用 Kotlin DSL"))


@pytest.mark.parametrize(
    "text",
    [
        "上次你给的 Gradle 命令少了个 --info，以后记得带上哈",
        "Remember to add --info to it every time",
    ],
)
def test_an_archive_whose_sentence_withdraws_nothing_is_refused(text: str) -> None:
    doc = _doc(text, rule="每次回答末尾附上对应的 Gradle 命令。")
    quote = "以后记得带上哈" if "以后" in text else text
    assert not _admitted(doc, _archive(quote))


@pytest.mark.parametrize(
    "text", ["以后回答不用附 Gradle 命令了", "Stop adding the Gradle command at the end."]
)
def test_an_archive_whose_sentence_withdraws_stands(text: str) -> None:
    doc = _doc(text, rule="每次回答末尾附上对应的 Gradle 命令。")
    assert _admitted(doc, _archive(text.rstrip(".")))
