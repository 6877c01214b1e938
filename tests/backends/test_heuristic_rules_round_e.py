"""Cancels and revisions of rules found by blind set E, through the heuristic backend and
the real applier, with wordings of our own, in Chinese and English."""

from __future__ import annotations

from datetime import timedelta

import pytest
from test_heuristic_backend import NOTES, PREFS, START, _item, add_turn, summarize

from autopatch_memory.applier import ApplyReport, apply_delta
from autopatch_memory.model import (
    LongTermOp,
    MemoryDelta,
    MemoryDocument,
    Operation,
    Source,
    Turn,
)


def _turn(doc: MemoryDocument, minute: int, text: str) -> Turn:
    return add_turn(doc, minute, "general_chat", text)


def _summarized(doc: MemoryDocument, turns: list[Turn]) -> tuple[MemoryDocument, ApplyReport]:
    new_doc, report, _delta = summarize(doc, turns)
    return new_doc, report


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
    rule_id = _item(doc, PREFS, rule.rstrip("。."), rule, 1).id
    note_id = _item(doc, NOTES, note.rstrip("。."), note, 2).id
    new_doc, report = _summarized(doc, [_turn(doc, 1, cancel)])
    assert report.rejected == []
    assert not _active(new_doc, rule_id)
    assert _active(new_doc, note_id)


def test_a_correction_naming_that_item_does_not_pick_the_rule() -> None:
    doc = MemoryDocument()
    rule_id = _item(doc, PREFS, "超时重试别超过 3 次", "以后写超时重试别超过 3 次。", 1).id
    note_id = _item(doc, NOTES, "网关超时 3 秒", "网关超时是 3 秒。", 2).id
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
    old_id = _item(doc, PREFS, old.rstrip("。."), old, 1).id
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
