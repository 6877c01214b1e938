"""``ProjectMemory.history(id)``: one rule or note by id, with the texts it replaced.

An agent (the MCP server's ``get_memory``) or a host asks for an item by id and gets its
archived revisions with it, in the file or already moved to the cold archive.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from autopatch_memory import (
    ChangeRejectedError,
    ItemNotFoundError,
    ItemStatus,
    ProjectMemory,
    SearchHit,
)


def test_an_edited_rule_comes_with_its_earlier_texts_newest_first(repo: Path) -> None:
    with ProjectMemory.open(repo, backend="off") as memory:
        rule = memory.remember("以后别用 fastjson")
        assert rule.item_id is not None
        memory.edit(rule.item_id, "以后别用 fastjson，JSON 统一用 Jackson")
        memory.edit(rule.item_id, "以后别用 fastjson 和 Gson，JSON 统一用 Jackson")
        other = memory.remember("Never recommend Joda-Time.")
        found = memory.history(rule.item_id)
    assert found.item.id == rule.item_id and found.item.status is ItemStatus.ACTIVE
    assert found.item.summary == "以后别用 fastjson 和 Gson，JSON 统一用 Jackson"
    assert [r.summary for r in found.revisions] == [
        "以后别用 fastjson，JSON 统一用 Jackson",
        "以后别用 fastjson",
    ]
    assert all(r.revision_of == rule.item_id and not r.is_active for r in found.revisions)
    assert other.item_id not in {r.id for r in found.revisions}


def test_a_revision_and_a_forgotten_note_are_found_by_their_own_ids(repo: Path) -> None:
    with ProjectMemory.open(repo, backend="off") as memory:
        note = memory.remember("The billing service uses Postgres 14", kind="note")
        assert note.item_id is not None
        edited = memory.edit(note.item_id, "The billing service uses Postgres 16")
        old = edited.revisions[0]
        revision = memory.history(old)
        memory.forget(note.item_id)
        forgotten = memory.history(note.item_id)
    assert revision.item.summary == "The billing service uses Postgres 14"
    assert revision.item.revision_of == note.item_id and revision.revisions == []
    assert forgotten.item.status is ItemStatus.ARCHIVED
    assert [r.id for r in forgotten.revisions] == [old]


def test_an_item_in_the_cold_archive_is_found_too(repo: Path) -> None:
    with ProjectMemory.open(repo, backend="off") as memory:
        rule = memory.remember("Answer in English")
        assert rule.item_id is not None
        memory.undo()  # what the change created leaves the file for the cold archive
        assert memory.document().long_term_item(rule.item_id) is None
        found = memory.history(rule.item_id)
    assert found.item.summary == "Answer in English" and not found.item.is_active


@pytest.mark.parametrize("item_id", ["mem_19990101_001", "", "../../etc/passwd"])
def test_an_unknown_id_is_item_not_found(repo: Path, item_id: str) -> None:
    with ProjectMemory.open(repo, backend="off") as memory:
        memory.remember("Answer in English")
        with pytest.raises(ItemNotFoundError):
            memory.history(item_id)


def test_a_topic_or_turn_has_no_history(repo: Path) -> None:
    with ProjectMemory.open(repo, backend="off") as memory:
        turn = memory.record_turn("general_chat", "Optional 怎么用？")
        assert turn is not None
        with pytest.raises(ItemNotFoundError):
            memory.history(turn)


def test_search_hits_write_timestamps_as_the_file_does(repo: Path) -> None:
    with ProjectMemory.open(repo, backend="off") as memory:
        memory.remember("Answer in English")
        hit = memory.search("English")[0]
        stored = json.loads(memory.paths.memory_file.read_text(encoding="utf-8"))
    written = stored["long_term_memory"]["durable_preferences"][0]["updated_at"]
    assert isinstance(hit, SearchHit)
    assert hit.model_dump(mode="json")["updated_at"] == written


def test_an_earlier_text_is_restored_when_memory_is_full(repo: Path) -> None:
    # At the byte budget the restore's write made room by moving the oldest revision
    # (the one being restored) to the cold archive, then crashed taking it out of the
    # file (a data-loss hunt's finding): the user could not go back exactly when full.
    reason = " because the billing module has many legacy callers we must respect, so " * 3
    with ProjectMemory.open(repo, backend="off") as memory:
        first = memory.remember(("Always use JUnit 5 for tests" + reason)[:290])
        number = 0
        with pytest.raises(ChangeRejectedError, match="full"):
            while True:
                memory.remember((f"Never recommend library {number}" + reason)[:290])
                number += 1
        memory.forget(str(memory.search(f"library {number - 1}")[0].id))
        edited = memory.edit(str(first.item_id), ("Always use JUnit 5 and AssertJ" + reason)[:290])
        [revision] = edited.revisions
        restored = memory.restore(revision)
        assert restored.outcome.value == "restored"
        assert memory.history(str(first.item_id)).item.summary.startswith(
            "Always use JUnit 5 for tests"
        )
        assert memory.search("AssertJ", include_archived=True)


def test_an_earlier_text_in_the_cold_archive_is_the_items_again(repo: Path) -> None:
    # A revision that had left the file came back as a second active rule beside the
    # item it was a text of (a data-loss hunt): the item takes the text back instead.
    with ProjectMemory.open(repo, backend="off") as memory:
        rule = memory.remember("Use JUnit 5 for every test, version 0.")
        item_id = str(rule.item_id)
        [revision] = memory.edit(item_id, "Use JUnit 5 for every test, version 1.").revisions

        def to_the_cold_archive(txn: Any) -> None:
            items = txn.doc.long_term_memory.durable_preferences
            items[:] = [i for i in items if i.id != revision]

        memory.store.update(to_the_cold_archive, actor="store")
        assert memory.document().long_term_item(revision) is None
        restored = memory.restore(revision)
        assert restored.outcome.value == "restored"
        active = [i for i in memory.document().long_term_memory.items() if i.is_active]
    assert [(i.id, i.summary) for i in active] == [
        (item_id, "Use JUnit 5 for every test, version 0.")
    ]
