"""What applying one delta did: the report of the applier (:mod:`autopatch_memory.applier`).

The report models live apart from the applier so that what only carries or shows a
report (the events, the facade, the command line) does not import the applier and
the directive grammar under it.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, field_validator

from autopatch_memory.model import DeltaSection
from autopatch_memory.reasons import Reason

__all__ = ["AcceptedOp", "ApplyReport", "RejectedOp", "discarded_report"]


class AcceptedOp(BaseModel):
    """An operation that changed (or confirmed) memory."""

    # Its schema is built on first use, not at import (start-up, docs/benchmarks.md).
    model_config = ConfigDict(defer_build=True)

    section: DeltaSection
    index: int
    operation: str  # "summarize" | "create_new" | "update_existing" | "archive_existing"
    ids: list[str] = Field(default_factory=list)  # what it created, updated or archived
    evicted: list[str] = Field(default_factory=list)  # inactive items removed to make room
    superseded: list[str] = Field(default_factory=list)  # rules this one replaced
    # Archived revisions made by this operation: the earlier texts it replaced, kept.
    revisions: list[str] = Field(default_factory=list)
    # Active items this one may contradict in part, left for the user to settle.
    conflicts: list[str] = Field(default_factory=list)
    note: str | None = None  # e.g. "duplicate: unchanged"


class RejectedOp(BaseModel):
    """An operation (or a whole delta, when ``section`` is ``None``) that was refused."""

    model_config = ConfigDict(defer_build=True)

    section: DeltaSection | None = None
    index: int | None = None
    reason: Reason
    detail: str = ""

    @field_validator("detail")
    @classmethod
    def _redacted(cls, detail: str) -> str:
        # A detail quotes what it refuses (an id, a type, a text): whatever a model put
        # there, a secret never leaves in a report (docs/privacy.md).
        if not detail:
            return detail
        from autopatch_memory import privacy  # its rules load at the first refusal

        return privacy.redact(detail)


class ApplyReport(BaseModel):
    """What applying one delta did. ``changed``/``size_bytes`` are filled in by the store."""

    model_config = ConfigDict(defer_build=True)

    accepted: list[AcceptedOp] = Field(default_factory=list)
    rejected: list[RejectedOp] = Field(default_factory=list)
    changed: bool = False
    size_bytes: int = 0
    generation: int | None = None

    @property
    def discarded(self) -> bool:
        """The whole delta was refused (bad JSON, stale generation, hard limit)."""
        return any(r.section is None for r in self.rejected)


def discarded_report(reason: Reason, detail: str, *, generation: int | None = None) -> ApplyReport:
    """A report for a delta refused as a whole (nothing applied)."""
    return ApplyReport(rejected=[RejectedOp(reason=reason, detail=detail)], generation=generation)
