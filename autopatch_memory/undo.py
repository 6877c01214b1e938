"""Which writes ``undo`` can revert, found in the journal (docs/design.md#undo).

Every write that changed rules or notes left a change record (op ``change``: each item
before and after); a reset left its entry (op ``reset``, naming its backup). The
entries of one write follow each other and share its ``file`` digest. An undo is a write
too: its record lists the writes it reverted (``undoes``), so the next undo goes further
back instead of undoing the undo.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict, Field

from autopatch_memory.changes import MemoryChange
from autopatch_memory.journal import JournalEntry
from autopatch_memory.store import RESET_BACKUP_STEM

__all__ = ["UndoReport", "undoable"]


class UndoReport(BaseModel):
    """What an undo did: how many changes it reverted, and to what."""

    # Its schema is built on first use, not at import (start-up, docs/benchmarks.md).
    model_config = ConfigDict(defer_build=True)

    undone: int
    changes: list[MemoryChange] = Field(default_factory=list)


def undoable(entries: Sequence[JournalEntry], unlanded: Sequence[str] = ()) -> list[JournalEntry]:
    """The record of each write an undo may revert, newest first: a reset's entry, or a
    change record; never an undo's own write, one already undone, or one that never
    reached the disk (``unlanded``: digests of journaled writes that did not land).

    A write is told apart by its place in the journal, not by its digest alone: an undo
    may bring back exactly the bytes of an earlier file, so a digest can name two writes.
    An undo takes back, for each digest it lists, the newest write before it that
    produced that digest and is not undone yet.
    """
    lost = set(unlanded)
    live: list[list[JournalEntry]] = []  # writes an undo may still revert, oldest first
    for group in _writes(entries):
        undoes = [digest for entry in group for digest in entry.undoes or ()]
        if undoes or any(entry.op == "undo" for entry in group):
            for digest in undoes:
                newest = next(
                    (i for i in reversed(range(len(live))) if live[i][0].file == digest), None
                )
                if newest is not None:
                    del live[newest]
            continue
        if group[0].file not in lost:
            live.append(group)
    units: list[JournalEntry] = []
    for group in live:
        # A reset of a memory that was empty wrote no backup: it has nothing to bring back,
        # and undoing it would change nothing, forever (the next undo must go further).
        reset = next((e for e in group if e.op == "reset" and _backed_up(e)), None)
        change = next((e for e in group if e.op == "change" and e.items), None)
        unit = reset or change
        if unit is not None:
            units.append(unit)
    return units[::-1]


def _backed_up(reset: JournalEntry) -> bool:
    return (reset.target or "").startswith(RESET_BACKUP_STEM)


def _writes(entries: Sequence[JournalEntry]) -> list[list[JournalEntry]]:
    """The journal's entries of each write, in journal order. One write's entries are
    appended together (one ``O_APPEND`` write), so they follow each other with the same
    digests; entries that wrote nothing (no ``file``) belong to none."""
    writes: list[list[JournalEntry]] = []
    for entry in entries:
        if entry.file is None:
            continue
        last = writes[-1][-1] if writes else None
        if last is not None and (last.file, last.prev_file) == (entry.file, entry.prev_file):
            writes[-1].append(entry)
        else:
            writes.append([entry])
    return writes
