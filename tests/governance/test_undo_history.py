"""Undo tells writes apart by their place in the journal, not by their digest alone.

Found while adding the MCP server's ``undo`` tool: an undo brings back exactly the bytes
of an earlier file, so the digest of its write equals the digest of the write before the
one it reverted. The writes were grouped by digest, so that earlier write was taken for
part of the undo and skipped: the next undo reverted the wrong changes (a rule from
further back) and left the last one in place.
"""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

from autopatch_memory import ProjectMemory

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
