"""Undo tells writes apart by their place in the journal, not by their digest alone.

Found while adding the MCP server's ``undo`` tool: an undo brings back exactly the bytes
of an earlier file, so the digest of its write equals the digest of the write before the
one it reverted. The writes were grouped by digest, so that earlier write was taken for
part of the undo and skipped: the next undo reverted the wrong changes (a rule from
further back) and left the last one in place.
"""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path

from autopatch_memory import ProjectMemory, limits

NOW = datetime(2026, 6, 1, 9, 30, tzinfo=timezone.utc)


def fixed() -> datetime:
    return NOW  # one second for everything: equal documents are equal bytes


def active(memory: ProjectMemory) -> list[str]:
    return [i.summary for i in memory.document().long_term_memory.items() if i.is_active]


def test_the_undo_after_an_undo_reverts_the_changes_before_it(repo: Path) -> None:
    with ProjectMemory.open(repo, backend="off", clock=fixed, collect_profile=False) as memory:
        for text in (
            "以后回答都用中文",
            "Never recommend Guava.",
            "Always show the full mvn command.",
        ):
            memory.remember(text)
        guava = memory.search("Guava")[0].id
        memory.edit(guava, "Never recommend Guava or Joda-Time.")
        assert memory.undo().undone == 1  # the file is again exactly as before the edit
        assert active(memory)[1] == "Never recommend Guava."
        report = memory.undo(2)
        assert report.undone == 2
        assert active(memory) == ["以后回答都用中文"]
        assert memory.undo().undone == 1
        assert active(memory) == []
        assert memory.undo().undone == 0


def test_a_change_made_again_after_its_undo_can_be_undone_again(repo: Path) -> None:
    with ProjectMemory.open(repo, backend="off", clock=fixed, collect_profile=False) as memory:
        memory.remember("以后回答都用中文")
        memory.remember("Never recommend Guava.")
        memory.undo()
        memory.remember("Never recommend Guava.")  # the same write, byte for byte
        assert active(memory) == ["以后回答都用中文", "Never recommend Guava."]
        assert memory.undo().undone == 1
        assert active(memory) == ["以后回答都用中文"]
        assert memory.undo().undone == 1
        assert active(memory) == []


def test_undo_of_a_reset_brings_back_a_file_bigger_than_the_hard_limit(repo: Path) -> None:
    # A file another implementation wrote compact (50 rules, 50 notes, 25 KB) is over the
    # hard limit once written indented; the reset said undo would bring it back, and the
    # undo was refused as too big, forever (a data-loss hunt's finding).
    stamp = "2026-05-01T12:30:00+08:00"

    def item(number: int, kind: str) -> dict[str, str]:
        rule = kind == "durable_preference"
        return {
            "id": f"mem_20260501_{'a' if rule else 'b'}{number:03x}",
            "type": kind,
            "label": f"{'rule' if rule else 'note'} number {number}",
            "summary": f"以后别用库{number}" if rule else f"模块{number}负责对账",
            "status": "active",
            "source": "user_explicit" if rule else "conversation_summary",
            "created_at": stamp,
            "updated_at": stamp,
        }

    document = {
        "version": 1,
        "updated_at": stamp,
        "working_memory": {"recent_turns": [], "active_topics": []},
        "long_term_memory": {
            "durable_preferences": [item(n, "durable_preference") for n in range(50)],
            "project_notes": [item(n, "project_note") for n in range(50)],
        },
    }
    # compact it fits; written indented, as this program writes, it would not
    assert len(json.dumps(document, ensure_ascii=False).encode()) < limits.HARD_LIMIT_BYTES
    pretty = json.dumps(document, ensure_ascii=False, indent=2).encode()
    assert len(pretty) > limits.HARD_LIMIT_BYTES
    folder = repo / ".autopatch-j"
    folder.mkdir()
    (folder / "memory.json").write_text(json.dumps(document, ensure_ascii=False), "utf-8")
    with ProjectMemory.open(repo, backend="off") as memory:
        assert len(memory.document().long_term_memory.items()) == 100
        memory.reset()
        assert memory.document().long_term_memory.items() == []
        assert memory.undo().undone == 1
        summaries = {i.summary for i in memory.document().long_term_memory.items()}
    assert summaries == {f"以后别用库{n}" for n in range(50)} | {
        f"模块{n}负责对账" for n in range(50)
    }


def test_undo_of_a_reset_brings_back_a_turn_whose_id_was_taken_since(repo: Path) -> None:
    # A turn recorded in the same second after the reset took the cleared turn's id, and
    # the undo skipped the cleared turn: the rule it held was never read (a data-loss hunt).
    second = datetime(2026, 6, 1, 9, 0, tzinfo=timezone.utc)
    with ProjectMemory.open(repo, backend="off", clock=lambda: second) as memory:
        memory.record_turn("general_chat", "From now on, always answer in Chinese.", "")
        memory.record_turn("general_chat", "From now on, never use Lombok.", "")
        memory.reset()
        memory.record_turn("general_chat", "以后都用 Gradle 构建。", "")
        assert memory.undo().undone == 1
        turns = memory.document().working_memory.recent_turns
    assert sorted(t.user_text for t in turns) == [
        "From now on, always answer in Chinese.",
        "From now on, never use Lombok.",
        "以后都用 Gradle 构建。",
    ]
    assert len({t.id for t in turns}) == 3  # no new id takes another returning turn's
