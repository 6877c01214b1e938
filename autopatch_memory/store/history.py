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
from autopatch_memory.lang.fold import fold
from autopatch_memory.model import ItemStatus, LongTermItem, MemoryDocument


def _fields(item: LongTermItem) -> dict[str, Any]:
    # A copy of the item's fields (its lists copied too): cheap, and unaffected by later
    # changes to the item.
    return {k: (list(v) if type(v) is list else v) for k, v in item.__dict__.items()}


class LongTermDiff(NamedTuple):
    """What a write did to the rules and notes."""

    changes: list[ItemChange]  # every item created, changed or removed
    lost: list[LongTermItem]  # items whose text is in no item of the new document


class LongTermSnapshot:
    """The rules and notes of a document, as they were when it was taken."""

    def __init__(self, doc: MemoryDocument) -> None:
        self._items = {item.id: _fields(item) for item in doc.long_term_memory.items()}

    def diff(self, doc: MemoryDocument, now_time: datetime) -> LongTermDiff:
        """What changed between the snapshot and ``doc``. A lost text whose item is still
        in ``doc`` (with another text) is kept under a new id, as a revision of it."""
        now = {item.id: item for item in doc.long_term_memory.items()}
        changes: list[ItemChange] = []
        for item_id, before in self._items.items():
            after = now.get(item_id)
            if after is None:
                changes.append(ItemChange(id=item_id, before=_dump(before), after=None))
            elif after.__dict__ != before:
                changes.append(
                    ItemChange(id=item_id, before=_dump(before), after=_dump(after.__dict__))
                )
        for item_id, after in now.items():
            if item_id not in self._items:
                changes.append(ItemChange(id=item_id, before=None, after=_dump(after.__dict__)))
        if not changes:
            return LongTermDiff([], [])
        texts = {fold(item.summary) for item in now.values()}
        taken = doc.all_ids()
        lost = []
        for before in self._items.values():
            if fold(before["summary"]) in texts:
                continue
            item = LongTermItem.model_construct(**before)
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


def _dump(fields: dict[str, Any]) -> dict[str, Any]:
    item = LongTermItem.model_construct(**fields)
    dumped: dict[str, Any] = item.model_dump(mode="json")
    return dumped


def item_from(data: dict[str, Any]) -> LongTermItem:
    """An item back from a change record."""
    return LongTermItem.model_validate(data)
