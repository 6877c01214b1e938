"""Hostile text through the public API: what a model writes (labels, summaries) and what
a turn records. Control characters, escape sequences, invisible characters and items
that are only a secret (see docs/privacy.md)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from autopatch_memory.memory import ProjectMemory
from autopatch_memory.reasons import Reason


@pytest.fixture
def memory(repo: Path) -> Iterator[ProjectMemory]:
    mem = ProjectMemory.open(repo, backend="off")
    yield mem
    mem.close()


def _turn(memory: ProjectMemory, text: str = "Optional 的 orElse 和 orElseGet 有什么区别？") -> str:
    turn_id = memory.record_turn("general_chat", text)
    assert turn_id is not None
    return turn_id


def _topic(label: str, summary: str, turn_id: str) -> dict[str, object]:
    return {
        "operation": "create_new",
        "label": label,
        "summary": summary,
        "related_turn_ids": [turn_id],
    }


def _note(label: str, summary: str) -> dict[str, object]:
    return {
        "operation": "create_new",
        "type": "project_note",
        "label": label,
        "summary": summary,
        "source": "conversation_summary",
    }


@pytest.mark.parametrize(
    "label",
    [
        "Java Optional\x1b[2J",
        "title\x1b]0;pwned\x07",
        "clip\x1b]52;c;cm0gLXJmIH4=\x07",
        "nul\x00byte",
        "c1\x9b31m",
    ],
)
def test_a_label_with_control_characters_is_rejected(memory: ProjectMemory, label: str) -> None:
    turn_id = _turn(memory)
    report = memory.apply_delta(
        {
            "topic_operations": [
                _topic(label, "用户关注 Optional 的用法。", turn_id),
                _topic("Java Stream", "用户关注 Stream 的用法。", turn_id),
            ]
        }
    )
    assert [(r.index, r.reason, r.detail) for r in report.rejected] == [
        (0, Reason.BAD_SHAPE, "label: control characters")
    ]
    labels = [t.label for t in memory.document().working_memory.active_topics]
    assert labels == ["Java Stream"]  # the other operation still applied


def test_a_summary_loses_its_escape_sequences_and_invisible_characters(
    memory: ProjectMemory,
) -> None:
    turn_id = _turn(memory)
    summary = "\x1b[31m用户关注\u200b Optional\u202e 的用法\x1b[0m，\x07尤其 orElseGet。"
    report = memory.apply_delta({"topic_operations": [_topic("Java Optional", summary, turn_id)]})
    assert not report.rejected
    (topic,) = memory.document().working_memory.active_topics
    assert topic.summary == "用户关注 Optional 的用法，尤其 orElseGet。"


def test_invisible_characters_do_not_defeat_de_duplication(memory: ProjectMemory) -> None:
    turn_id = _turn(memory)
    memory.apply_delta(
        {
            "topic_operations": [_topic("Java Optional", "用户关注 Optional。", turn_id)],
            "long_term_operations": [_note("review module", "review 模块管理 finding 队列。")],
        }
    )
    report = memory.apply_delta(
        {
            "topic_operations": [_topic("Java\u200bOptional", "用户关注 orElseGet。", turn_id)],
            "long_term_operations": [
                _note("review\u2060 module\ufeff", "review 模块\u200b管理 finding 队列。"),
                _note("review\u200bmodule", "review 模块负责 finding 队列的排序。"),
            ],
        }
    )
    assert not report.rejected
    doc = memory.document()
    assert [t.label for t in doc.working_memory.active_topics] == ["Java Optional"]
    notes = [n for n in doc.long_term_memory.project_notes if n.is_active]
    # The same label once cleaned is the same item: the second note revises it.
    assert [(n.label, n.summary) for n in notes] == [
        ("review module", "review 模块负责 finding 队列的排序。")
    ]
    assert all("\u200b" not in n.summary and "\u2060" not in n.label for n in notes)


@pytest.mark.parametrize(
    ("label", "summary"),
    [
        ("OpenAI key", "用户的 OpenAI key 是 sk-proj-4fGh7JkL9mNp2QrS5tUv8WxY1zAb3CdE"),
        ("deploy token", "remember the deploy token: ghp_R4nd0mT0k3nV4lu3F0rT3st1ngOnly12"),
        ("sk-proj-4fGh7JkL9mNp2QrS5tUv8WxY1zAb3CdE", "用户保存了一个 API key，用于本地调试。"),
    ],
)
def test_an_item_that_is_only_a_secret_is_never_created(
    memory: ProjectMemory, label: str, summary: str
) -> None:
    turn_id = _turn(memory)
    report = memory.apply_delta(
        {
            "topic_operations": [_topic(label, summary, turn_id)],
            "long_term_operations": [_note(label, summary)],
        }
    )
    assert {(r.reason, r.detail.split(": ")[-1]) for r in report.rejected} == {
        (Reason.EMPTY_FIELD, "only redacted text")
    }
    doc = memory.document()
    assert not doc.working_memory.active_topics and not doc.long_term_memory.project_notes


@pytest.mark.parametrize(
    ("label", "summary"),
    [
        (
            "payments 测试 Redis 密码",
            "payments 测试环境 Redis 的密码是 Rd_test_7788，省得每次去翻。",
        ),
        ("staging DB password", "The staging MySQL for ledger-sync uses password Lx9#vQ2m!rT."),
    ],
)
def test_an_item_titled_for_a_redacted_credential_is_never_created(
    memory: ProjectMemory, label: str, summary: str
) -> None:
    # More is left than the secret ("payments 测试环境 Redis"), but the item is about it.
    report = memory.apply_delta({"long_term_operations": [_note(label, summary)]})
    assert [r.reason for r in report.rejected] == [Reason.CREDENTIAL]
    assert not memory.document().long_term_memory.project_notes


def test_a_note_titled_for_a_key_that_is_no_credential_is_kept(memory: ProjectMemory) -> None:
    # "sharding key" names no credential, and the redacted value is the DSN's password.
    summary = (
        "Orders are sharded by tenant_id; the shard DSN is jdbc:mysql://app:S3cr3t!x@db:3306/o"
    )
    report = memory.apply_delta({"long_term_operations": [_note("Order sharding key", summary)]})
    assert not report.rejected
    (note,) = memory.document().long_term_memory.project_notes
    assert "S3cr3t!x" not in note.summary


def test_a_note_that_mentions_a_redacted_secret_beside_its_fact_is_kept(
    memory: ProjectMemory,
) -> None:
    report = memory.apply_delta(
        {
            "long_term_operations": [
                _note("ledger-sync Redis", "ledger-sync 的 Redis 用哨兵模式，密码是 Rd_test_7788。")
            ]
        }
    )
    assert not report.rejected
    (note,) = memory.document().long_term_memory.project_notes
    assert "Rd_test_7788" not in note.summary and "哨兵模式" in note.summary


def test_a_turn_summary_may_be_a_redacted_question(memory: ProjectMemory) -> None:
    # The turn exists either way; refusing its summary would leave it pending forever.
    turn_id = _turn(memory, "password=hunter2")
    report = memory.apply_delta(
        {"turn_summaries": [{"turn_id": turn_id, "summary": "password=hunter2"}]}
    )
    assert not report.rejected
    turn = memory.document().turn(turn_id)
    assert turn is not None and turn.summary == "password=[REDACTED:secret_value]"


def test_a_remember_my_key_turn_produces_no_item(repo: Path) -> None:
    memory = ProjectMemory.open(repo, backend="heuristic")
    try:
        for text in (
            "以后记住我的 OpenAI key：sk-proj-4fGh7JkL9mNp2QrS5tUv8WxY1zAb3CdE",
            "From now on remember my GitHub token ghp_R4nd0mT0k3nV4lu3F0rT3st1ngOnly12",
            "以后 password=hunter2",
        ):
            memory.record_turn("general_chat", text)
        assert memory.wait_idle(30)
        doc = memory.document()
    finally:
        memory.close()
    items = doc.long_term_memory.durable_preferences + doc.long_term_memory.project_notes
    assert [i.summary for i in items if "[REDACTED:" in i.summary] == []
    assert "sk-proj-" not in doc.model_dump_json() and "hunter2" not in doc.model_dump_json()


def test_recorded_text_loses_escapes_and_controls_but_keeps_newlines(
    memory: ProjectMemory,
) -> None:
    turn_id = memory.record_turn(
        "general_chat",
        "\x1b[31mred\x1b[0m question\r\nsecond\u200b line\x00\tend",
        "answer\x1b]52;c;cm0gLXJmIH4=\x07 done\u2028next",
    )
    turn = memory.document().turn(turn_id or "")
    assert turn is not None
    assert turn.user_text == "red question\nsecond line\tend"
    assert turn.assistant_text == "answer done\nnext"
