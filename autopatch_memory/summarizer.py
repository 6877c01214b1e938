"""One summarization run (docs/design.md#one-run): snapshot → batch → model (no lock) → apply.

The model call happens outside the file lock. Its delta is applied by
:meth:`MemoryStore.update` to the file as it is *when the call returns*, and only
if that is still the file the batch was taken from (docs/file-format.md):

* the same ``epoch`` and ``generation`` — a reset (here or in another process),
  a deleted or purged folder, or a file set aside and started afresh makes the
  late result be discarded (``stale_generation``);
* every turn of the batch still there — a turn forgotten (or trimmed) meanwhile
  discards the whole delta (``batch_turn_gone``), so nothing derived from it
  lands; the other turns stay pending for the next run.

Failures on the background worker never escape it: whatever a backend raises is
the backend's failure (a :class:`BackendError`: journaled, the worker backs off);
anything else that goes wrong in a run is a bug of this library, journaled as
``internal_error`` and logged with its traceback, so it is seen without the host's
process or terminal paying for it. A delta without any operation (``{}``) for pending
turns is a failure too (``empty_delta``): journaled, a ``summary_failed`` event, and
retried with backoff, instead of leaving the turns pending without a trace.
"""

from __future__ import annotations

import logging
import threading
import traceback
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from types import MappingProxyType
from typing import NamedTuple, Protocol, TypeVar

# privacy as a module: its rules load at the first redaction.
from autopatch_memory import limits, privacy
from autopatch_memory.apply_report import ApplyReport, discarded_report
from autopatch_memory.backends.base import SummaryBackend
from autopatch_memory.errors import (
    AutopatchMemoryError,
    BackendError,
    HardLimitError,
    InvalidReplyError,
    StoreError,
)
from autopatch_memory.events import EventKind, EventSink
from autopatch_memory.journal import Outcome
from autopatch_memory.model import ItemStatus, LongTermItem, MemoryDelta, MemoryDocument, Turn
from autopatch_memory.reasons import Reason
from autopatch_memory.relevance import by_recency, rank
from autopatch_memory.scheduler import NEVER_DROPPED, RunGuard, RunOutcome
from autopatch_memory.store import MemoryStore, Transaction, UpdateResult
from autopatch_memory.summary_request import (
    SummaryConflict,
    SummaryItem,
    SummaryRequest,
    SummaryTurn,
)
from autopatch_memory.text import clip, detect_language, query_tokens, tokenize

_Item = TypeVar("_Item")
_T = TypeVar("_T")
_log = logging.getLogger(__name__)

INTERNAL_ERROR = "internal_error"
"""The journal's reason for a failure that is a bug of this library."""


class StoreWriter(Protocol):
    """Where a run writes: :class:`MemoryStore`, or the facade's wrapper around it."""

    def update(self, fn: Callable[[Transaction], _T], *, actor: str) -> UpdateResult[_T]:
        """Run ``fn`` on the current document under the lock and write what changed."""
        ...

    def has_folder(self) -> bool:
        """Whether the memory folder exists (a late result never recreates it)."""
        ...


def journal_report(txn: Transaction, report: ApplyReport) -> None:
    """Queue one journal entry per accepted and per rejected operation."""
    for ok in report.accepted:
        txn.log(f"{ok.section}.{ok.operation}", target=",".join(ok.ids) or None, detail=ok.note)
        for gone in ok.evicted:
            txn.log("evict", Outcome.TRIMMED, target=gone, reason="capacity")
        for old in ok.superseded:
            txn.log("supersede", target=old, detail=f"superseded by {','.join(ok.ids)}")
    for bad in report.rejected:
        op = f"{bad.section}[{bad.index}]" if bad.section is not None else "delta"
        outcome = Outcome.REJECTED if bad.section is not None else Outcome.DISCARDED
        txn.log(op, outcome, reason=bad.reason.value, detail=bad.detail)


# What a run must find unchanged in a long-term item to rewrite it. Timestamps are
# to the second, so the text is compared too: an edit in the same second counts.
_ItemState = tuple[str, str, ItemStatus, datetime]


def _item_state(item: LongTermItem) -> _ItemState:
    return (item.label, item.summary, item.status, item.updated_at)


class FileStamp(NamedTuple):
    """Which file a result was computed from: its epoch and generation, and the state
    of each long-term item."""

    epoch: str | None
    generation: int
    items: Mapping[str, _ItemState] = MappingProxyType({})

    @classmethod
    def of(cls, doc: MemoryDocument) -> FileStamp:
        """The stamp of the file ``doc`` was read from."""
        items = {i.id: _item_state(i) for i in doc.long_term_memory.items()}
        return cls(doc.epoch, doc.generation, items)

    def same_file(self, doc: MemoryDocument) -> bool:
        """``doc`` is the stamped file (epoch and generation), whatever its items say."""
        return (self.epoch, self.generation) == (doc.epoch, doc.generation)

    def changed_items(self, doc: MemoryDocument) -> frozenset[str]:
        """Ids of the stamped items that ``doc`` holds changed (or no longer holds), and
        of the items ``doc`` holds that were not stamped (added since)."""
        changed = {
            item_id
            for item_id, state in self.items.items()
            if (item := doc.long_term_item(item_id)) is None or _item_state(item) != state
        }
        changed.update(i.id for i in doc.long_term_memory.items() if i.id not in self.items)
        return frozenset(changed)


def _staleness(
    doc: MemoryDocument, computed_from: FileStamp | None, batch: Sequence[str]
) -> ApplyReport | None:
    """A discarded report when the delta no longer belongs to ``doc``, else ``None``."""
    if computed_from is not None and not computed_from.same_file(doc):
        # Strict: a file without an epoch (the reference's) that got one meanwhile
        # is another file too; discarding is safe, applying might not be.
        detail = (
            f"computed from epoch {computed_from.epoch} generation {computed_from.generation}, "
            f"the file is now epoch {doc.epoch} generation {doc.generation}"
        )
        return discarded_report(Reason.STALE_GENERATION, detail, generation=doc.generation)
    gone = [turn_id for turn_id in batch if doc.turn(turn_id) is None]
    if gone:
        detail = f"turn(s) {', '.join(gone)} no longer in memory; the others stay pending"
        return discarded_report(Reason.BATCH_TURN_GONE, detail, generation=doc.generation)
    return None


class _Dropped(Exception):
    """The run's result is dropped (the memory was closed without waiting)."""


def apply_in_store(
    store: StoreWriter,
    delta: MemoryDelta,
    *,
    actor: str,
    bad_sections: Sequence[str] = (),
    expected_generation: int | None = None,
    computed_from: FileStamp | None = None,
    batch: Sequence[str] = (),
    guard: RunGuard | None = None,
    labels_name_items: bool = True,
) -> ApplyReport:
    """Apply ``delta`` to the current file under the lock; journal every operation.

    ``computed_from`` and ``batch`` (the turns the delta summarizes) make a late
    result be discarded when the file or one of those turns is gone (see the
    module docstring). A write refused for size comes back as a report with
    ``hard_limit``. ``guard``: the run's; when it no longer admits the result
    (the memory was closed without waiting), nothing is written and
    :class:`_Dropped` is raised. ``labels_name_items``: see
    :func:`~autopatch_memory.applier.apply_delta` (``False`` for the offline reader).
    """
    if computed_from is not None and not store.has_folder():
        # Deleted (purge): the result is void, and applying it must not bring the
        # folder back, not even to journal the discard.
        return discarded_report(
            Reason.STALE_GENERATION, "the memory folder was deleted since the run started"
        )

    admitted = False

    def apply(txn: Transaction) -> ApplyReport:
        nonlocal admitted
        # Decided under the memory lock, and held until the write is done: close()
        # either stops this result here or waits for its write (scheduler.RunGuard).
        if guard is not None:
            if not guard.admit():
                raise _Dropped
            admitted = True
        stale = _staleness(txn.doc, computed_from, batch)
        if stale is not None:
            journal_report(txn, stale)
            return stale
        # The applier and the checks it runs load with the first result to apply: a
        # host opens memory (and makes a summarizer) before it has anything to summarize.
        from autopatch_memory.applier import apply_delta

        txn.doc, report = apply_delta(
            txn.doc,
            delta,
            now=txn.now,
            bad_sections=bad_sections,
            expected_generation=expected_generation,
            own=txn.own,  # the transaction's document: changed in place, copy on write
            changed_since=computed_from.changed_items(txn.doc) if computed_from else (),
            ids_in_use=txn.ids_in_use,
            labels_name_items=labels_name_items,
        )
        journal_report(txn, report)
        return report

    try:
        result = store.update(apply, actor=actor)
    except HardLimitError as exc:
        return discarded_report(Reason.HARD_LIMIT, str(exc))
    finally:
        if admitted:
            assert guard is not None
            guard.release()
    report = result.value
    report.changed = result.changed
    report.size_bytes = result.size_bytes
    report.generation = result.generation
    return report


def _most_relevant(
    items: list[_Item], texts: Callable[[_Item], str], recency: list[float], query: list[str]
) -> list[_Item]:
    """At most SUMMARIZER_MAX_CONTEXT_ITEMS items: matches first, then the newest."""
    ranked = [i for i, _ in rank(query, [tokenize(texts(it)) for it in items], recency)]
    rest = [i for i in by_recency(recency) if i not in set(ranked)]
    return [items[i] for i in (ranked + rest)[: limits.SUMMARIZER_MAX_CONTEXT_ITEMS]]


def build_request(doc: MemoryDocument, batch: list[Turn]) -> SummaryRequest:
    """The summarizer input for ``batch``: the turns, the most relevant topics and
    active long-term items (at most 20 each), and the repo profile."""
    asked = " ".join(t.user_text for t in batch)
    query = query_tokens(asked)
    topics = doc.working_memory.active_topics
    long_term = [i for i in doc.long_term_memory.items() if i.is_active]
    chosen_topics = _most_relevant(
        topics,
        lambda t: f"{t.label} {t.summary}",
        [t.last_touched_at.timestamp() for t in topics],
        query,
    )
    chosen_items = _most_relevant(
        long_term,
        lambda i: f"{i.label} {i.summary}",
        [i.updated_at.timestamp() for i in long_term],
        query,
    )
    turns = doc.working_memory.recent_turns
    first = turns.index(batch[0]) if batch and batch[0] in turns else 0
    shown = {i.id for i in chosen_items}
    return SummaryRequest(
        turns=[_summary_turn(t) for t in batch],
        previous_turn=_summary_turn(turns[first - 1]) if first > 0 else None,
        earlier_turns=[
            SummaryItem(id=t.id, label="", summary=t.summary)
            for t in turns
            if not t.is_pending and t.summary.strip()
        ][-limits.SUMMARIZER_EARLIER_TURNS :],
        topics=[SummaryItem(id=t.id, label=t.label, summary=t.summary) for t in chosen_topics],
        long_term=[
            SummaryItem(
                id=i.id,
                label=i.label,
                summary=i.summary,
                type=i.type.value,
                updated_at=i.updated_at,
                grounds=i.grounds,
            )
            for i in chosen_items
        ],
        conflicts=[
            SummaryConflict(newer=i.id, older=other)
            for i in long_term
            if i.id in shown
            for other in i.conflicts_with
            if other in shown
        ],
        repo_profile=doc.repo_profile,
        language=detect_language(asked),
    )


def _summary_turn(turn: Turn) -> SummaryTurn:
    return SummaryTurn(
        id=turn.id,
        intent=turn.intent,
        user_text=turn.user_text,
        assistant_text=turn.assistant_text,
        scope_paths=turn.scope_paths,
        created_at=turn.created_at,
        project_level=turn.project_level,
    )


class Summarizer:
    """Runs batches of at most four pending turns through a backend."""

    def __init__(
        self,
        store: MemoryStore,
        backend: SummaryBackend,
        *,
        writer: StoreWriter | None = None,
        events: EventSink | None = None,
    ) -> None:
        """``writer`` applies results (default: ``store``); ``events`` hears about them."""
        self.store = store
        self.backend = backend
        self.actor = f"summarizer:{backend.name}"
        self._writer: StoreWriter = writer or store
        self._events = events
        # One run at a time in this process (the worker and summarize_now).
        self._run_lock = threading.Lock()

    def run_batch(
        self, guard: RunGuard = NEVER_DROPPED, *, skip: frozenset[str] = frozenset()
    ) -> tuple[ApplyReport | None, list[str]]:
        """Summarize the oldest pending turns (not in ``skip``) once.

        Returns the report (``None`` when nothing was pending or the result was
        dropped: ``guard`` decides, under the memory lock) and the ids of the turns
        sent. Raises :class:`BackendError` (after journaling it) when the model call
        fails, whatever the backend raised.
        """
        with self._run_lock:
            snapshot = self.store.read()
            pending = [t for t in snapshot.pending_turns() if t.id not in skip]
            batch = pending[: limits.SUMMARY_BATCH_TURNS]
            if not batch:
                return None, []
            sent = [t.id for t in batch]
            target = ",".join(sent)
            delta = self._summarize(build_request(snapshot, batch), target)
            try:
                if guard():  # closed meanwhile: not even the lock is waited for
                    raise _Dropped
                report = apply_in_store(
                    self._writer,
                    delta,
                    actor=self.actor,
                    computed_from=FileStamp.of(snapshot),
                    batch=sent,
                    guard=guard,
                    # the offline reader's labels are words, not names (HeuristicBackend)
                    labels_name_items=getattr(self.backend, "names_items_by_label", True),
                )
            except _Dropped:
                if not self._folder_left():
                    return None, sent
                self.store.journal.record(
                    self.actor,
                    "summarize",
                    Outcome.DISCARDED,
                    target=target,
                    detail="memory closed without waiting for the run",
                )
                return None, sent
            if self._events is not None:
                self._events.summary(report, actor=self.actor, target=target)
            return report, sent

    def _folder_left(self) -> bool:
        """Whether the memory folder is still there to journal in: a purge after the
        close must not be undone by the entry of the run it dropped."""
        try:
            return self.store.has_folder()
        except StoreError:
            return False  # a link or a file in its place: nothing to write through

    def _summarize(self, request: SummaryRequest, target: str) -> MemoryDelta:
        """The backend's delta; any failure of the backend becomes a journaled BackendError."""
        try:
            delta = self.backend.summarize(request)
            if not isinstance(delta, MemoryDelta):
                raise BackendError(
                    f"the {self.backend.name} backend returned {type(delta).__name__}, "
                    "not a MemoryDelta"
                )
            if delta.is_empty:
                # "{}" for pending turns summarizes nothing: applied, it would leave them
                # pending with no trace, so it fails the run (journaled, an event, backoff).
                raise InvalidReplyError(
                    Reason.EMPTY_DELTA,
                    f"the {self.backend.name} backend returned an empty delta for "
                    f"{len(request.turns)} pending turn(s): nothing was summarized",
                )
        except Exception as exc:
            # A backend may be the host's own code: whatever it raises is its failure,
            # contained like a model server error (never a crash of the worker).
            error = exc if isinstance(exc, BackendError) else _backend_failure(self.backend, exc)
            reason = getattr(error, "reason", None) or type(error).__name__
            self._failed(str(reason), error, target=target)
            if error is exc:
                raise
            raise error from exc
        return delta

    def run_all(self, guard: RunGuard = NEVER_DROPPED) -> ApplyReport | None:
        """Batches until no pending turn is left; the reports merged (``None`` when
        nothing was pending). A turn the model left pending is not sent twice in
        one run, so a stubborn reply cannot loop."""
        merged: ApplyReport | None = None
        sent: set[str] = set()
        while not guard():
            report, batch = self.run_batch(guard, skip=frozenset(sent))
            if not batch or report is None:
                break
            sent.update(batch)
            merged = report if merged is None else _merge(merged, report)
            if report.discarded:
                break
        return merged

    def drain(self, guard: RunGuard = NEVER_DROPPED) -> RunOutcome:
        """The scheduler's entry point: :meth:`run_all`, every failure turned into an outcome.

        Nothing escapes to the worker thread. A model failure is already journaled;
        another library error (a write that failed) is journaled here; anything else
        is a bug: journaled as ``internal_error``, logged with its traceback, and
        reported as a ``summary_failed`` event.
        """
        try:
            self.run_all(guard)
        except BackendError:
            return RunOutcome.FAILED  # journaled by run_batch
        except AutopatchMemoryError as exc:
            self._failed(type(exc).__name__, exc)
            return RunOutcome.FAILED
        except Exception as exc:
            _log.error("internal error in a summary run", exc_info=exc)
            self._failed(INTERNAL_ERROR, exc, detail=_bug_detail(exc))
            return RunOutcome.FAILED
        return RunOutcome.DONE

    def _failed(
        self, reason: str, exc: Exception, *, target: str | None = None, detail: str | None = None
    ) -> None:
        """Journal a failed run and tell the host."""
        text = detail or str(exc)
        self.store.journal.record(
            self.actor, "summarize", Outcome.FAILED, target=target, reason=reason, detail=text
        )
        if self._events is not None:
            self._events.emit(
                EventKind.SUMMARY_FAILED,
                actor=self.actor,
                target=target,
                detail=f"{reason}: {text}" if reason != type(exc).__name__ else text,
            )


def _backend_failure(backend: SummaryBackend, exc: Exception) -> BackendError:
    detail = clip(privacy.redact(str(exc)), limits.LLM_ERROR_DETAIL_CHARS)
    return BackendError(f"the {backend.name} backend raised {type(exc).__name__}: {detail}")


def _bug_detail(exc: Exception) -> str:
    """The exception and where it was raised: enough to find the bug from the journal."""
    frames = traceback.extract_tb(exc.__traceback__)
    where = f" at {frames[-1].filename}:{frames[-1].lineno}" if frames else ""
    return f"{type(exc).__name__}: {exc}{where}"


def _merge(first: ApplyReport, second: ApplyReport) -> ApplyReport:
    return ApplyReport(
        accepted=[*first.accepted, *second.accepted],
        rejected=[*first.rejected, *second.rejected],
        changed=first.changed or second.changed,
        size_bytes=second.size_bytes,
        generation=second.generation,
    )
