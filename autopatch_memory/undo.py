"""Which writes ``undo`` can revert, found in the journal (docs/design.md#undo).

Every write that changed rules or notes left a change record (op ``change``: each item
before and after); a reset left its entry (op ``reset``, naming its backup). The
entries of one write share its ``file`` digest. An undo is a write too: its record
lists the writes it reverted (``undoes``), so the next undo goes further back instead
of undoing the undo.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict, Field

from autopatch_memory.changes import MemoryChange
from autopatch_memory.journal import JournalEntry

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
    reached the disk (``unlanded``: digests of journaled writes that did not land)."""
    writes: dict[str, list[JournalEntry]] = {}
    for entry in entries:
        if entry.file is not None:
            writes.setdefault(entry.file, []).append(entry)
    undone: set[str] = set(unlanded)
    for group in writes.values():
        for entry in group:
            undone.update(entry.undoes or ())
    units: list[JournalEntry] = []
    for digest, group in writes.items():
        if digest in undone or any(e.op == "undo" or e.undoes for e in group):
            continue
        reset = next((e for e in group if e.op == "reset"), None)
        change = next((e for e in group if e.op == "change" and e.items), None)
        unit = reset or change
        if unit is not None:
            units.append(unit)
    return units[::-1]
