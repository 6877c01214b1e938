"""What a user's own change to memory is: its action, its outcome, what it did; and
an item read from an import file. The changes themselves are made by
:mod:`autopatch_memory.governance`.

These models live apart from governance so that what only shows a change (the
command line) or reads an import file (:mod:`autopatch_memory.exchange`) does not
import the applier and the directive grammar under governance.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import Enum

from pydantic import BaseModel, ConfigDict, Field

from autopatch_memory.model import LongTermItem, LongTermType
from autopatch_memory.reasons import Reason

__all__ = ["ChangeAction", "ChangeOutcome", "ImportCandidate", "MemoryChange"]


class ChangeAction(str, Enum):
    """What the user asked for; also the journal's operation name."""

    REMEMBER = "remember"
    EDIT = "edit"
    RESTORE = "restore"
    FORGET = "forget"
    IMPORT = "import"
    UNDO = "undo"

    def __str__(self) -> str:
        return self.value


class ChangeOutcome(str, Enum):
    """What a user's change did to memory."""

    CREATED = "created"  # a new item
    UPDATED = "updated"  # an existing item now says this (a restatement, an edit)
    UNCHANGED = "unchanged"  # memory already said exactly this
    RESTORED = "restored"  # an archived item is active again
    ARCHIVED = "archived"  # forgotten: kept in the file, never injected
    REMOVED = "removed"  # a topic or a recent turn was dropped
    REJECTED = "rejected"  # refused by a guard (see ``reason``): nothing changed
    SKIPPED = "skipped"  # import: an archived item of the file, not brought in

    def __str__(self) -> str:
        return self.value


class MemoryChange(BaseModel):
    """What one user-authored change did (or why it was refused)."""

    # Its schema is built on first use, not at import (start-up, docs/benchmarks.md).
    model_config = ConfigDict(defer_build=True)

    action: ChangeAction
    outcome: ChangeOutcome
    item_id: str | None = None
    item: LongTermItem | None = None  # the item as stored afterwards
    previous: LongTermItem | None = None  # what a revised item said before (``updated``)
    superseded: list[str] = Field(default_factory=list)  # rules it replaced (now archived)
    evicted: list[str] = Field(default_factory=list)  # archived items removed to make room
    revisions: list[str] = Field(default_factory=list)  # archived revisions keeping old texts
    conflicts: list[str] = Field(default_factory=list)  # active items it may contradict in part
    reason: Reason | None = None  # why it was refused (outcome ``rejected``)
    detail: str | None = None  # a readable note: why refused, what was left out

    @property
    def changed_memory(self) -> bool:
        """The change altered what memory holds."""
        return self.outcome not in (
            ChangeOutcome.UNCHANGED,
            ChangeOutcome.REJECTED,
            ChangeOutcome.SKIPPED,
        )


@dataclass(frozen=True)
class ImportCandidate:
    """One item read from an import file, before any guard has looked at it."""

    type: LongTermType
    summary: str
    label: str | None = None
    active: bool = True
    # The item's id in the file (a JSON export or a memory.json): an item of this memory
    # with that id is revised by it, never another one by similarity.
    item_id: str | None = None
    created_at: datetime | None = None
    # The memory the file came from (its epoch): with the same epoch and ``item_id``, the
    # same item, not a namesake from another repository.
    epoch: str | None = None
    # When the item was last changed, if the file says (a JSON export, a memory.json):
    # an import never lets it replace a rule or note changed after that.
    updated_at: datetime | None = None
