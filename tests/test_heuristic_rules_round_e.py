"""Cancels and revisions of rules found by blind set E, through the heuristic backend and
the real applier, with wordings of our own, in Chinese and English."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from autopatch_memory.applier import ApplyReport, apply_delta
from autopatch_memory.backends.heuristic import HeuristicBackend
from autopatch_memory.intents import IntentType
from autopatch_memory.model import (
    LongTermItem,
    LongTermOp,
    LongTermType,
    MemoryDelta,
    MemoryDocument,
    Operation,
    Source,
    Turn,
)
from autopatch_memory.privacy import redact
from autopatch_memory.summarizer import build_request

START = datetime(2026, 6, 1, 9, 0, tzinfo=timezone(timedelta(hours=8)))
PREFS, NOTES = LongTermType.DURABLE_PREFERENCE, LongTermType.PROJECT_NOTE


def _turn(doc: MemoryDocument, minute: int, text: str) -> Turn:
    now = START + timedelta(minutes=minute)
    turn = Turn(
        id=now.strftime("turn_%Y%m%d_%H%M%S_001"),
        intent=IntentType.GENERAL_CHAT,
        user_text=redact(text),
        assistant_text="(the answer)",
        created_at=now,
    )
    doc.working_memory.recent_turns.append(turn)
    return turn


def _item(doc: MemoryDocument, kind: LongTermType, label: str, summary: str, n: int) -> str:
    item = LongTermItem(
        id=f"mem_20260601_{n:03d}",
        type=kind,
        label=label,
        summary=summary,
        source=Source.USER_EXPLICIT if kind is PREFS else Source.CONVERSATION_SUMMARY,
        created_at=START,
        updated_at=START,
    )
    doc.long_term_memory.list_for(kind).append(item)
    return item.id


def _summarized(doc: MemoryDocument, turns: list[Turn]) -> tuple[MemoryDocument, ApplyReport]:
    delta = HeuristicBackend().summarize(build_request(doc, turns))
    return apply_delta(doc, delta, now=START + timedelta(minutes=59))


def _active(doc: MemoryDocument, item_id: str) -> bool:
    item = doc.long_term_item(item_id)
    assert item is not None
    return item.is_active


@pytest.mark.parametrize(
    ("rule", "note", "cancel"),
    [
        (
            "以后出方案的时候不要推荐 Kafka Streams。",
            "我们的流处理是自研的，不是 Kafka Streams。",
            "Kafka Streams 那条不用记了，还没定。",
        ),
        (
            "Never suggest Lombok in the examples.",
            "We removed Lombok from the api module last year.",
            "Please drop the Lombok rule.",
        ),
    ],
)
def test_a_cancel_naming_a_rule_archives_the_rule_not_the_note_sharing_its_word(
    rule: str, note: str, cancel: str
) -> None:
    doc = MemoryDocument()
    rule_id = _item(doc, PREFS, rule.rstrip("。."), rule, 1)
    note_id = _item(doc, NOTES, note.rstrip("。."), note, 2)
    new_doc, report = _summarized(doc, [_turn(doc, 1, cancel)])
    assert report.rejected == []
    assert not _active(new_doc, rule_id)
    assert _active(new_doc, note_id)


def test_a_correction_naming_that_item_does_not_pick_the_rule() -> None:
    doc = MemoryDocument()
    rule_id = _item(doc, PREFS, "超时重试别超过 3 次", "以后写超时重试别超过 3 次。", 1)
    note_id = _item(doc, NOTES, "网关超时 3 秒", "网关超时是 3 秒。", 2)
    new_doc, _report = _summarized(doc, [_turn(doc, 1, "超时那条我说错了，不是 3 秒。")])
    assert _active(new_doc, rule_id)
    assert new_doc.long_term_item(note_id) is not None


@pytest.mark.parametrize(
    ("old", "revision", "cancel"),
    [
        ("以后回答控制在 150 字以内。", "150 字太少了，放宽到 400 字吧", "算了，字数那条不用管了"),
        (
            "Keep answers under 100 words from now on.",
            "100 words is too tight, bump it to 250 words.",
            "Actually forget the word limit.",
        ),
    ],
)
def test_a_limit_revised_then_withdrawn_in_one_batch_ends_both(
    old: str, revision: str, cancel: str
) -> None:
    doc = MemoryDocument()
    old_id = _item(doc, PREFS, old.rstrip("。."), old, 1)
    turns = [_turn(doc, 1, revision), _turn(doc, 2, cancel)]
    new_doc, report = _summarized(doc, turns)
    assert report.rejected == []
    assert not _active(new_doc, old_id)
    assert [p for p in new_doc.long_term_memory.durable_preferences if p.is_active] == []


@pytest.mark.parametrize(
    ("text", "quote"),
    [
        ("Drop the snake_case rule. Plain camelCase test names.", "Plain camelCase test names."),
        ("下划线命名那条取消吧。纯驼峰命名。", "纯驼峰命名。"),
    ],
)
def test_a_model_may_quote_a_rule_the_grammar_reads_with_the_sentence_before(
    text: str, quote: str
) -> None:
    doc = MemoryDocument()
    turn = _turn(doc, 1, text)
    op = LongTermOp(
        operation=Operation.CREATE_NEW,
        type=PREFS.value,
        label="test names: camelCase",
        summary="Name test methods in camelCase.",
        source=Source.USER_EXPLICIT.value,
        evidence_turn_ids=[turn.id],
        evidence_quote=quote,
    )
    delta = MemoryDelta(long_term_operations=[op])
    new_doc, report = apply_delta(doc, delta, now=START + timedelta(minutes=59))
    assert report.rejected == []
    assert [p.label for p in new_doc.long_term_memory.durable_preferences] == [
        "test names: camelCase"
    ]


def test_a_bare_choice_alone_still_grounds_nothing() -> None:
    doc = MemoryDocument()
    turn = _turn(doc, 1, "Thanks. Plain camelCase test names.")
    op = LongTermOp(
        operation=Operation.CREATE_NEW,
        type=PREFS.value,
        label="test names: camelCase",
        summary="Name test methods in camelCase.",
        source=Source.USER_EXPLICIT.value,
        evidence_turn_ids=[turn.id],
        evidence_quote="Plain camelCase test names.",
    )
    _new_doc, report = apply_delta(
        doc, MemoryDelta(long_term_operations=[op]), now=START + timedelta(minutes=59)
    )
    assert [r.reason.value for r in report.rejected] == ["ungrounded"]
