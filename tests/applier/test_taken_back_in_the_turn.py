"""A rule the user takes back in the same turn is no rule: the words right after its quote
are read for it (the `taken-back` check, docs/quality.md, "Model proposals")."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from autopatch_memory.applier import apply_delta
from autopatch_memory.intents import IntentType
from autopatch_memory.model import LongTermType, MemoryDelta, MemoryDocument, SummaryStatus, Turn
from autopatch_memory.reasons import Reason

_AT = datetime.fromisoformat("2026-12-07T10:00:00+08:00")
_TURN = "turn_20261207_100000_001"


def _apply(user_text: str, quote: str) -> tuple[bool, str]:
    doc = MemoryDocument()
    doc.working_memory.recent_turns.append(
        Turn(
            id=_TURN,
            intent=IntentType.GENERAL_CHAT,
            user_text=user_text,
            assistant_text="好的。",
            summary_status=SummaryStatus.PENDING,
            created_at=_AT,
        )
    )
    proposal = {
        "operation": "create_new",
        "type": "durable_preference",
        "label": "rule",
        "summary": quote,
        "source": "user_explicit",
        "evidence_turn_ids": [_TURN],
        "evidence_quote": quote,
    }
    after, report = apply_delta(
        doc, MemoryDelta(long_term_operations=[proposal]), now=_AT + timedelta(minutes=1)
    )
    kept = bool(after.long_term_memory.list_for(LongTermType.DURABLE_PREFERENCE))
    rejected = report.rejected[0] if report.rejected else None
    assert rejected is None or rejected.reason is Reason.UNGROUNDED
    return kept, rejected.detail if rejected else ""


@pytest.mark.parametrize(
    ("user_text", "quote"),
    [
        (
            "以后 DTO 都用 record 写吧……啊不行，咱们还有服务在用老版本 Jackson，算了不用了",
            "以后 DTO 都用 record 写吧",
        ),
        ("每次回答都附上参考文档链接，嗯……还是算了，链接经常是错的", "每次回答都附上参考文档链接"),
        (
            "always add Swagger annotations to new endpoints — nah, forget it",
            "always add Swagger annotations to new endpoints",
        ),
        (
            "new rule: every answer must end with a cat pun 😹 jk jk. anyway, where's the retry config?",
            "new rule: every answer must end with a cat pun",
        ),
    ],
)
def test_a_rule_taken_back_right_after_it_is_refused(user_text: str, quote: str) -> None:
    kept, why = _apply(user_text, quote)
    assert not kept
    assert "taken-back" in why


@pytest.mark.parametrize(
    ("user_text", "quote"),
    [
        (
            "以后 DTO 都用 record 写吧，超过三个字段的就别手写 getter 了",
            "以后 DTO 都用 record 写吧",
        ),
        (
            "always add Swagger annotations to new endpoints — it keeps the docs honest",
            "always add Swagger annotations to new endpoints",
        ),
        # what the user takes back comes before the rule: the rule stands
        ("算了，不纠结了：以后回答都先给结论", "以后回答都先给结论"),
        (
            "nah, forget the old style. From now on, give me Gradle commands.",
            "From now on, give me Gradle commands.",
        ),
    ],
)
def test_a_rule_said_and_kept_stands(user_text: str, quote: str) -> None:
    kept, why = _apply(user_text, quote)
    assert kept, why
