"""An adopted suggestion is a rule only when something says it lasts (docs/design.md,
"Grounding is mechanical"): a standing marker in the user's confirmation or in the
suggestion adopted. A go-ahead alone ("就按你说的改吧") adopts a change, not a rule."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from autopatch_memory.applier import apply_delta
from autopatch_memory.delta import MemoryDelta
from autopatch_memory.intents import IntentType
from autopatch_memory.model import MemoryDocument, SummaryStatus, Turn
from autopatch_memory.reasons import Reason

NOW = datetime(2026, 12, 7, 10, 0, tzinfo=timezone(timedelta(hours=8)))


def _conversation(answer: str, confirmation: str) -> MemoryDocument:
    doc = MemoryDocument()
    for i, (asked, said) in enumerate(
        [("分页接口怎么改比较好？", answer), (confirmation, "好的。")], start=1
    ):
        doc.working_memory.recent_turns.append(
            Turn(
                id=f"turn_20261207_09000{i}_001",
                intent=IntentType.GENERAL_CHAT,
                user_text=asked,
                assistant_text=said,
                summary_status=SummaryStatus.PENDING,
                created_at=NOW - timedelta(minutes=10 - i),
            )
        )
    return doc


def _adopt(doc: MemoryDocument, quote: str, suggestion: str) -> list[Reason]:
    delta = MemoryDelta(
        long_term_operations=[
            {
                "operation": "create_new",
                "type": "durable_preference",
                "label": "列表分页用 keyset",
                "summary": "列表分页用 keyset 分页。",
                "source": "user_explicit",
                "evidence_turn_ids": ["turn_20261207_090002_001"],
                "evidence_quote": quote,
                "adopted_from": suggestion,
            }
        ]
    )
    _doc, report = apply_delta(doc, delta, now=NOW)
    return [r.reason for r in report.rejected]


@pytest.mark.parametrize(
    ("answer", "confirmation", "quote", "suggestion"),
    [
        # the confirmation says it lasts
        (
            "可以改成 keyset 分页。",
            "行，以后列表都按这个来",
            "以后列表都按这个来",
            "改成 keyset 分页",
        ),
        # the suggestion does
        (
            "建议以后大表的列表都用 keyset 分页。",
            "好，就按你说的来吧",
            "就按你说的来吧",
            "以后大表的列表都用 keyset 分页",
        ),
        (
            "Going forward, paginate large tables with keyset.",
            "ok let's make that the rule",
            "let's make that the rule",
            "paginate large tables with keyset",
        ),
    ],
)
def test_an_adoption_that_lasts_is_admitted(
    answer: str, confirmation: str, quote: str, suggestion: str
) -> None:
    assert _adopt(_conversation(answer, confirmation), quote, suggestion) == []


def test_a_go_ahead_alone_adopts_no_rule() -> None:
    doc = _conversation("可以改成 keyset 分页，offset 太深会慢。", "行，就按你说的改吧")
    assert _adopt(doc, "就按你说的改吧", "改成 keyset 分页") == [Reason.UNGROUNDED]
