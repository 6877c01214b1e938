"""Typed events a host can follow: ``ProjectMemory.open(repo, on_event=callback)``.

The callback receives a :class:`MemoryEvent` on the thread where the thing
happened: the host's own thread for a recorded turn, a profile refresh or a file
set aside by one of its writes; the background worker's thread for summaries.
An exception raised by the callback is contained: it is journaled (actor
``host``, op ``on_event``) and logged, and never disturbs the memory or the
host's turn. See docs/embedding.md.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from datetime import datetime
from enum import Enum

from pydantic import BaseModel, ConfigDict, Field

from autopatch_memory.apply_report import ApplyReport
from autopatch_memory.ids import Clock
from autopatch_memory.journal import Journal, JournalEntry, Outcome
from autopatch_memory.reasons import Reason

__all__ = ["EventCallback", "EventKind", "EventSink", "MemoryEvent"]

_log = logging.getLogger(__name__)


class EventKind(str, Enum):
    """What happened."""

    TURN_RECORDED = "turn_recorded"  # target: the new turn's id
    SUMMARY_APPLIED = "summary_applied"  # report: what the summary changed
    SUMMARY_REJECTED = "summary_rejected"  # reasons: why operations (or the delta) were refused
    SUMMARY_FAILED = "summary_failed"  # detail: the model's error, or an internal error
    FILE_PROBLEM = "file_problem"  # at open: the file cannot be used as it is (not touched yet)
    FILE_SALVAGED = "file_salvaged"  # a write dropped invalid parts; target: the backup
    FILE_MOVED_ASIDE = "file_moved_aside"  # a write moved an unusable file; target: the backup
    PROFILE_REFRESHED = "profile_refreshed"  # the stored repo profile changed

    def __str__(self) -> str:
        return self.value


class MemoryEvent(BaseModel):
    """One event. Fields that do not apply to a kind are empty."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    kind: EventKind
    at: datetime
    actor: str  # "record", "summarizer:<backend>", "store", "profile", "host"
    target: str | None = None  # a turn id, the turn ids of a batch, a backup file name
    reasons: list[Reason] = Field(default_factory=list)  # SUMMARY_REJECTED, distinct, in order
    report: ApplyReport | None = None  # SUMMARY_APPLIED / SUMMARY_REJECTED
    detail: str | None = None  # what went wrong, in a short sentence


EventCallback = Callable[[MemoryEvent], None]
"""What ``on_event`` accepts."""

# Journal operations of a write that set the file aside, and the event each one is.
_RECOVERY_EVENTS: dict[str, EventKind] = {
    "salvage": EventKind.FILE_SALVAGED,
    "recover": EventKind.FILE_MOVED_ASIDE,
}


class EventSink:
    """Delivers events to the host's callback (or nowhere), containing its failures."""

    def __init__(self, callback: EventCallback | None, *, journal: Journal, clock: Clock) -> None:
        if callback is not None and not callable(callback):
            raise TypeError(f"on_event must be callable, not {type(callback).__name__}")
        self._callback = callback
        self._journal = journal
        self._clock = clock

    @property
    def listening(self) -> bool:
        """A callback is registered (events cost nothing otherwise)."""
        return self._callback is not None

    def emit(
        self,
        kind: EventKind,
        *,
        actor: str,
        target: str | None = None,
        reasons: Iterable[Reason] = (),
        report: ApplyReport | None = None,
        detail: str | None = None,
    ) -> None:
        """Build the event and hand it to the callback; a callback failure is journaled."""
        if self._callback is None:
            return
        event = MemoryEvent(
            kind=kind,
            at=self._clock(),
            actor=actor,
            target=target,
            reasons=list(dict.fromkeys(reasons)),
            report=report,
            detail=detail,
        )
        try:
            self._callback(event)
        except Exception as error:
            # The host's callback is the host's code: its failure must not undo or
            # interrupt what memory did, but the operator sees it.
            _log.warning("on_event callback raised for %s", kind.value, exc_info=error)
            self._journal.record(
                "host",
                "on_event",
                Outcome.FAILED,
                target=kind.value,
                reason=type(error).__name__,
                detail=str(error),
            )

    def summary(self, report: ApplyReport, *, actor: str, target: str | None) -> None:
        """The events of one applied summary: what it changed, and what was refused."""
        if report.accepted:
            self.emit(EventKind.SUMMARY_APPLIED, actor=actor, target=target, report=report)
        if report.rejected:
            self.emit(
                EventKind.SUMMARY_REJECTED,
                actor=actor,
                target=target,
                reasons=[rejected.reason for rejected in report.rejected],
                report=report,
            )

    def recovered(self, entries: Iterable[JournalEntry]) -> None:
        """One event per file a write salvaged or moved aside (its journal entries)."""
        for entry in entries:
            kind = _RECOVERY_EVENTS.get(entry.op)
            if kind is not None and entry.outcome is Outcome.RECOVERED:
                self.emit(kind, actor=entry.actor, target=entry.target, detail=entry.detail)
