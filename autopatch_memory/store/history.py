"""What one write does to the rules and notes: the diff the store journals for ``undo``
and the texts it must keep in the cold archive (docs/design.md#nothing-is-lost).

The store takes a :class:`LongTermSnapshot` of the document before a write's changes and
compares it with the document it is about to write. Because this happens in the store,
for every write, no code path can drop a text unnoticed: whatever text leaves the file
goes to the cold archive, whoever removed it.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, NamedTuple

from autopatch_memory.ids import new_memory_id
from autopatch_memory.journal import ItemChange
from autopatch_memory.lang.fold import fold_identity
from autopatch_memory.model import ItemStatus, LongTermItem, MemoryDocument


class LongTermDiff(NamedTuple):
    """What a write did to the rules and notes."""

    changes: list[ItemChange]  # every item created, changed or removed
    lost: list[LongTermItem]  # items whose text is in no item of the new document


class LongTermSnapshot:
    """The rules and notes of a document, as they were when it was taken.

    The document is the one a write read, which the write never changes (it copies on
    write, :class:`~autopatch_memory.store.Transaction`): the snapshot holds its items
    themselves, and an item the write did not touch is the same object afterwards."""

    def __init__(self, doc: MemoryDocument) -> None:
        self._before = doc.long_term_memory.items()

    def diff(self, doc: MemoryDocument, now_time: datetime) -> LongTermDiff:
        """What changed between the snapshot and ``doc``. A lost text whose item is still
        in ``doc`` (with another text) is kept under a new id, as a revision of it."""
        after = doc.long_term_memory.items()
        if len(after) == len(self._before) and all(
            a is b for a, b in zip(after, self._before, strict=True)
        ):
            return LongTermDiff([], [])  # nothing touched: the same items, in the same order
        before = {item.id: item for item in self._before}
        now = {item.id: item for item in after}
        changes: list[ItemChange] = []
        for item_id, old in before.items():
            new = now.get(item_id)
            if new is None:
                changes.append(ItemChange(id=item_id, before=_dump(old), after=None))
            elif new is not old and new.__dict__ != old.__dict__:
                changes.append(ItemChange(id=item_id, before=_dump(old), after=_dump(new)))
        for item_id, new in now.items():
            if item_id not in before:
                changes.append(ItemChange(id=item_id, before=None, after=_dump(new)))
        if not changes:
            return LongTermDiff([], [])
        # A text is kept when an item of its type still says it (equal texts only: a
        # text that differs in a value, "Java 1.8" and "Java 18", is another text).
        texts = {(item.type, fold_identity(item.summary)) for item in now.values()}
        taken = doc.all_ids()
        lost = []
        for old in before.values():
            if (old.type, fold_identity(old.summary)) in texts:
                continue
            item = old
            if item.id in now:
                revision_id = new_memory_id(now_time, taken)
                taken.add(revision_id)
                item = item.model_copy(
                    update={
                        "id": revision_id,
                        "status": ItemStatus.ARCHIVED,
                        "superseded_by": item.id,
                        "revision_of": item.id,
                    }
                )
            lost.append(item)
        return LongTermDiff(changes, lost)


def _dump(item: LongTermItem) -> dict[str, Any]:
    dumped: dict[str, Any] = item.model_dump(mode="json")
    return dumped


def item_from(data: dict[str, Any]) -> LongTermItem:
    """An item back from a change record."""
    return LongTermItem.model_validate(data)
