"""Pre-validating a delta against the request it answers (docs/delta.md).

The repair step of a model backend asks the model to fix what the applier would
reject — an ``ungrounded`` preference, a ``too_long`` summary, an unknown id — not
only replies that fail to parse. :func:`delta_problems` runs the real applier on
a document made from the request alone (its turns, topics and items), so the
checks are exactly the applier's; nothing is read or written.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta

from autopatch_memory.applier import apply_delta
from autopatch_memory.model import (
    SOURCE_OF_TYPE,
    LongTermItem,
    LongTermType,
    MemoryDelta,
    MemoryDocument,
    RepoProfile,
    Topic,
    Turn,
)
from autopatch_memory.reasons import Reason
from autopatch_memory.summary_request import SummaryRequest

__all__ = ["delta_problems", "request_document"]

# Rejections that depend on the whole file, not on what the model wrote: no repair.
_NOT_THE_MODELS_FAULT = frozenset({Reason.CAPACITY, Reason.HARD_LIMIT, Reason.STALE_GENERATION})


def _now(request: SummaryRequest) -> datetime:
    if request.now is not None:
        return request.now
    times = [t.created_at for t in request.turns]
    return max(times) if times else datetime.now().astimezone()


def request_document(request: SummaryRequest) -> MemoryDocument:
    """The memory as the request shows it: its turns pending, its topics and items active."""
    now = _now(request)
    doc = MemoryDocument(repo_profile=request.repo_profile or RepoProfile())
    shown = [request.previous_turn] if request.previous_turn is not None else []
    doc.working_memory.recent_turns = [
        Turn(
            id=t.id,
            intent=t.intent,
            user_text=t.user_text,
            assistant_text=t.assistant_text,
            scope_paths=t.scope_paths,
            created_at=t.created_at,
            project_level=t.project_level,
        )
        for t in (*shown, *request.turns)
    ]
    # An item's own time (before the turns that may replace it), else just before them.
    first = min((t.created_at for t in request.turns), default=now)
    before = first - timedelta(seconds=1)
    doc.working_memory.active_topics = [
        Topic(id=t.id, label=t.label, summary=t.summary, last_touched_at=now)
        for t in request.topics
    ]
    for item in request.long_term:
        try:
            kind = LongTermType(item.type or "")
        except ValueError:
            continue
        doc.long_term_memory.list_for(kind).append(
            LongTermItem(
                id=item.id,
                type=kind,
                label=item.label,
                summary=item.summary,
                source=SOURCE_OF_TYPE[kind],
                created_at=item.updated_at or before,
                updated_at=item.updated_at or before,
            )
        )
    return doc


def delta_problems(
    delta: MemoryDelta, request: SummaryRequest, bad_sections: Sequence[str] = ()
) -> list[str]:
    """What the applier would reject in ``delta``, one line per operation (``[]``: none).

    Each line names the section, the index, the reason code and its detail, e.g.
    ``long_term_operations[1]: ungrounded (the quoted sentence is a question)``.
    """
    _doc, report = apply_delta(
        request_document(request),  # built for this call alone: no copy needed
        delta,
        now=_now(request),
        bad_sections=bad_sections,
        in_place=True,
    )
    problems = []
    for rejected in report.rejected:
        if rejected.reason in _NOT_THE_MODELS_FAULT:
            continue
        where: str = rejected.section or "delta"
        if rejected.index is not None:
            where = f"{where}[{rejected.index}]"
        detail = f" ({rejected.detail})" if rejected.detail else ""
        problems.append(f"{where}: {rejected.reason.value}{detail}")
    return problems
