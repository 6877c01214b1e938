"""What can be wrong with a memory file on disk, in words an operator reads.

:class:`Unusable` is the verdict of :func:`~autopatch_memory.store.codec.parse_document`
(or of the size check before it): the kind of problem, why, what the document leaves
out, and where the next write keeps the original.
"""

from __future__ import annotations

from enum import Enum
from typing import NamedTuple

from pydantic import BaseModel, ConfigDict

from autopatch_memory import limits


class LoadProblem(str, Enum):
    """Why a memory file on disk cannot be used exactly as it is."""

    CORRUPT = "corrupt"  # not JSON, not an object, or no usable format version
    FOREIGN_VERSION = "foreign_version"  # a memory document of another format version
    TOO_LARGE = "too_large"  # far larger than this program ever writes: never parsed
    SALVAGED = "salvaged"  # version 1 with invalid parts: those alone are dropped


class DroppedPart(BaseModel):
    """One invalid part of a salvaged file: where it was, its id, and why it was dropped."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    where: str  # "working_memory.recent_turns[3]", "repo_profile.build_tool", "generation"
    id: str | None = None
    why: str

    def __str__(self) -> str:
        name = f"{self.where} ({self.id})" if self.id else self.where
        return f"{name}: {self.why}"


class Unusable(NamedTuple):
    """A memory file that cannot be used exactly as it is, and why.

    ``SALVAGED`` files are used (minus ``dropped``); a ``CORRUPT`` one is used for
    what of it still parses (``kept``), else it reads as empty, like the others.
    """

    kind: LoadProblem
    why: str
    version: int | None = None  # the foreign format version
    dropped: tuple[DroppedPart, ...] = ()  # what the document leaves out
    # What reading the file did besides leaving parts out, in words: copies of a key
    # written twice merged, an id taken by the other copy renamed.
    notes: tuple[str, ...] = ()
    kept: str | None = None  # a corrupt file: what of it parses and is kept ("2 rules, 3 turns")

    @property
    def backup_stem(self) -> str:
        """Where the next write keeps the original: ``<stem>.json`` (or ``<stem>.<ts>.json``)."""
        if self.kind is LoadProblem.FOREIGN_VERSION:
            return f"memory.v{self.version}.bak"
        if self.kind is LoadProblem.SALVAGED:
            return "memory.salvaged"
        if self.kind is LoadProblem.TOO_LARGE:
            return "memory.oversize"
        return "memory.corrupt"

    @property
    def left_out(self) -> str:
        """The parts left out, as the journal and ``doctor`` name them (the first few)."""
        shown = "; ".join(str(p) for p in self.dropped[: limits.SALVAGE_DETAIL_PARTS])
        more = len(self.dropped) - limits.SALVAGE_DETAIL_PARTS
        return shown + (f"; +{more} more" if more > 0 else "")

    @property
    def explain(self) -> str:
        """One sentence for the operator: what is wrong and what the next write does."""
        if self.kind is LoadProblem.SALVAGED:
            parts = list(self.notes)
            if self.dropped:
                parts.insert(
                    0,
                    f"{len(self.dropped)} invalid or unknown part(s) of the memory file are "
                    f"left out ({self.why})",
                )
            return (
                "; ".join(parts) + "; everything else is used, and the next write keeps the "
                f"original as {self.backup_stem}.json"
            )
        if self.kept:
            lost = (
                f"; {len(self.dropped)} damaged or invalid part(s) are lost" if self.dropped else ""
            )
            return (
                f"the memory file is unusable as it is ({self.kind.value}: {self.why}); what "
                f"still parses is kept ({self.kept}){lost}, and the next write moves the "
                f"original to {self.backup_stem}.json"
            )
        return (
            f"the memory file is unusable ({self.kind.value}: {self.why}); it reads as "
            f"empty and the next write sets it aside as {self.backup_stem}.json"
        )
