"""One summarization run (SPEC §4): snapshot → batch → model (no lock) → apply.

The model call happens outside the file lock. Its delta is applied by
:meth:`MemoryStore.update` to the file as it is *when the call returns*, and only
if the file's ``generation`` is still the one the batch was taken from: a reset
here or in another process makes the late result be discarded.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import TypeVar

from autopatch_memory import limits
from autopatch_memory.applier import ApplyReport, apply_delta, discarded_report
from autopatch_memory.backends.base import SummaryBackend, SummaryItem, SummaryRequest, SummaryTurn
from autopatch_memory.errors import AutopatchMemoryError, BackendError, HardLimitError
from autopatch_memory.journal import Outcome
from autopatch_memory.model import MemoryDelta, MemoryDocument, Turn
from autopatch_memory.reasons import Reason
from autopatch_memory.relevance import by_recency, rank
from autopatch_memory.scheduler import RunOutcome
from autopatch_memory.store import MemoryStore, Transaction
from autopatch_memory.text import detect_language, query_tokens, tokenize

_Item = TypeVar("_Item")


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


def apply_in_store(
    store: MemoryStore,
    delta: MemoryDelta,
    *,
    actor: str,
    bad_sections: Sequence[str] = (),
    expected_generation: int | None = None,
) -> ApplyReport:
    """Apply ``delta`` to the current file under the lock; journal every operation.

    A write refused for size comes back as a report with ``hard_limit``.
    """

    def apply(txn: Transaction) -> ApplyReport:
        txn.doc, report = apply_delta(
            txn.doc,
            delta,
            now=txn.now,
            bad_sections=bad_sections,
            expected_generation=expected_generation,
        )
        journal_report(txn, report)
        return report

    try:
        result = store.update(apply, actor=actor)
    except HardLimitError as exc:
        return discarded_report(Reason.HARD_LIMIT, str(exc))
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
    return SummaryRequest(
        turns=[
            SummaryTurn(
                id=t.id,
                intent=t.intent,
                user_text=t.user_text,
                assistant_text=t.assistant_text,
                scope_paths=t.scope_paths,
                created_at=t.created_at,
                project_level=t.project_level,
            )
            for t in batch
        ],
        earlier_turns=[
            SummaryItem(id=t.id, label="", summary=t.summary)
            for t in doc.working_memory.recent_turns
            if not t.is_pending and t.summary.strip()
        ][-limits.SUMMARIZER_EARLIER_TURNS :],
        topics=[SummaryItem(id=t.id, label=t.label, summary=t.summary) for t in chosen_topics],
        long_term=[
            SummaryItem(id=i.id, label=i.label, summary=i.summary, type=i.type.value)
            for i in chosen_items
        ],
        repo_profile=doc.repo_profile,
        language=detect_language(asked),
    )


class Summarizer:
    """Runs batches of at most four pending turns through a backend."""

    def __init__(self, store: MemoryStore, backend: SummaryBackend) -> None:
        self.store = store
        self.backend = backend
        self.actor = f"summarizer:{backend.name}"
        # One run at a time in this process (the worker and summarize_now).
        self._run_lock = threading.Lock()

    def run_batch(
        self, cancelled: Callable[[], bool] = lambda: False, *, skip: frozenset[str] = frozenset()
    ) -> tuple[ApplyReport | None, list[str]]:
        """Summarize the oldest pending turns (not in ``skip``) once.

        Returns the report (``None`` when nothing was pending or the result was
        dropped) and the ids of the turns sent. Raises :class:`BackendError`
        (after journaling it) when the model call fails.
        """
        with self._run_lock:
            snapshot = self.store.read()
            pending = [t for t in snapshot.pending_turns() if t.id not in skip]
            batch = pending[: limits.SUMMARY_BATCH_TURNS]
            if not batch:
                return None, []
            sent = [t.id for t in batch]
            request = build_request(snapshot, batch)
            try:
                delta = self.backend.summarize(request)
            except BackendError as exc:
                self.store.journal.record(
                    self.actor,
                    "summarize",
                    Outcome.FAILED,
                    target=",".join(sent),
                    reason=str(getattr(exc, "reason", "") or type(exc).__name__),
                    detail=str(exc),
                )
                raise
            if cancelled():
                self.store.journal.record(
                    self.actor,
                    "summarize",
                    Outcome.DISCARDED,
                    target=",".join(sent),
                    detail="memory closed without waiting for the run",
                )
                return None, sent
            report = apply_in_store(
                self.store, delta, actor=self.actor, expected_generation=snapshot.generation
            )
            return report, sent

    def run_all(self, cancelled: Callable[[], bool] = lambda: False) -> ApplyReport | None:
        """Batches until no pending turn is left; the reports merged (``None`` when
        nothing was pending). A turn the model left pending is not sent twice in
        one run, so a stubborn reply cannot loop."""
        merged: ApplyReport | None = None
        sent: set[str] = set()
        while not cancelled():
            report, batch = self.run_batch(cancelled, skip=frozenset(sent))
            if not batch or report is None:
                break
            sent.update(batch)
            merged = report if merged is None else _merge(merged, report)
            if report.discarded:
                break
        return merged

    def drain(self, cancelled: Callable[[], bool] = lambda: False) -> RunOutcome:
        """The scheduler's entry point: :meth:`run_all`, failures turned into an outcome.

        Every failure lands in the journal (a model failure already has). A bug is
        journaled too, then re-raised: the operator sees it, tests fail on it.
        """
        try:
            self.run_all(cancelled)
        except BackendError:
            return RunOutcome.FAILED  # journaled by run_batch
        except AutopatchMemoryError as exc:
            self._journal_failure(type(exc).__name__, exc)
            return RunOutcome.FAILED
        except Exception as exc:
            self._journal_failure("internal_error", exc)
            raise
        return RunOutcome.DONE

    def _journal_failure(self, reason: str, exc: Exception) -> None:
        self.store.journal.record(
            self.actor, "summarize", Outcome.FAILED, reason=reason, detail=str(exc)
        )


def _merge(first: ApplyReport, second: ApplyReport) -> ApplyReport:
    return ApplyReport(
        accepted=[*first.accepted, *second.accepted],
        rejected=[*first.rejected, *second.rejected],
        changed=first.changed or second.changed,
        size_bytes=second.size_bytes,
        generation=second.generation,
    )
