"""The heuristic backend's reading of a request: the Memory Delta it proposes
(see :mod:`.backend`). Imported at the first summary: the rules it reads by (the
directive grammar among them) take longer to load than anything else a host's first
turn needs."""

from __future__ import annotations

from collections.abc import Sequence

from autopatch_memory import limits
from autopatch_memory.backends.base import SummaryItem, SummaryRequest
from autopatch_memory.directives import DirectiveKind
from autopatch_memory.model import LongTermOp, LongTermType, MemoryDelta, Operation

from .notes import note_ops, partly_cancelled
from .rules import archive_ops, preference_ops
from .summaries import turn_summary
from .topics import topic_ops
from .turns import TurnView, view

_CAPS = {
    Operation.CREATE_NEW: limits.DELTA_MAX_CREATES,
    Operation.UPDATE_EXISTING: limits.DELTA_MAX_UPDATES,
    Operation.ARCHIVE_EXISTING: limits.DELTA_MAX_ARCHIVES,
}


def _within_caps(ops: list[LongTermOp]) -> list[LongTermOp]:
    """The first operations of each kind, as many as one delta may carry."""
    kept: list[LongTermOp] = []
    counts: dict[Operation, int] = {}
    for op in ops:
        counts[op.operation] = counts.get(op.operation, 0) + 1
        if counts[op.operation] <= _CAPS[op.operation]:
            kept.append(op)
    return kept


def _replaced_notes(
    views: Sequence[TurnView], items: Sequence[SummaryItem], archives: Sequence[LongTermOp]
) -> dict[tuple[str | None, str | None], SummaryItem]:
    """Notes a cancel archives in a sentence that also states a fact: the fact rewrites
    them instead, keyed by (sentence, note id)."""
    notes = {i.id: i for i in items if i.type == LongTermType.PROJECT_NOTE.value}
    stated = {d.sentence for v in views for d in v.of_kind(DirectiveKind.FACT)}
    return {
        (op.evidence_quote, op.target_id): notes[op.target_id]
        for op in archives
        if op.target_id in notes and op.evidence_quote in stated
    }


def _kept_part(
    archive: LongTermOp, notes: dict[str, SummaryItem], views: Sequence[TurnView]
) -> LongTermOp:
    """``archive``, or the update that keeps what else the note says when its cancel is
    about one statement of it."""
    note = notes.get(archive.target_id or "")
    return (partly_cancelled(archive, note, views) if note else None) or archive


def heuristic_delta(request: SummaryRequest) -> MemoryDelta:
    """The delta for ``request``; the same request always gives the same delta."""
    profile = request.repo_profile
    modules = [m.rstrip("/").rsplit("/", 1)[-1] for m in (profile.modules if profile else [])]
    # The project's own name also names a part of it ("Order ids in seckill come from…").
    names = [*modules, *([profile.project_name] if profile and profile.project_name else [])]
    views = [view(t, names) for t in request.turns]
    archives = archive_ops(views, request.long_term)
    replaced = _replaced_notes(views, request.long_term, archives)
    notes = {i.id: i for i in request.long_term if i.type == LongTermType.PROJECT_NOTE.value}
    proposed = [
        *(
            _kept_part(op, notes, views)
            for op in archives
            if (op.evidence_quote, op.target_id) not in replaced
        ),
        *preference_ops(views, request.long_term, archives),
        *note_ops(
            views, request.long_term, {s: n for (s, _), n in replaced.items() if s is not None}
        ),
    ]
    # In the order the user said them: a rule restated in one turn and cancelled in
    # the next must reach the applier in that order.
    order = {v.id: index for index, v in enumerate(views)}
    long_term = sorted(proposed, key=lambda op: order.get(op.evidence_turn_ids[0], 0))
    return MemoryDelta(
        turn_summaries=[turn_summary(v) for v in views],
        topic_operations=topic_ops(views, request.topics, modules, request.earlier_turns),
        long_term_operations=_within_caps(long_term),
    )
