"""The heuristic backend's reading of a request: the Memory Delta it proposes
(see :mod:`.backend`). Imported at the first summary: the rules it reads by (the
directive grammar among them) take longer to load than anything else a host's first
turn needs."""

from __future__ import annotations

from collections.abc import Sequence

from autopatch_memory import limits
from autopatch_memory.backends.base import SummaryItem, SummaryRequest
from autopatch_memory.directives import DirectiveKind
from autopatch_memory.injection import instruction_like, overrides_assistant
from autopatch_memory.lang.fold import same_text
from autopatch_memory.model import LongTermOp, LongTermType, MemoryDelta, Operation, TopicOp
from autopatch_memory.text import clip, same_label

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


def _not_instructing(op: LongTermOp | TopicOp) -> bool:
    """The applier stores ``op``'s text: a rule that does not override the assistant's
    instructions, a note or topic that instructs it in nothing (a sentence the reader took
    for a rule can be "以后 forget what I said about…")."""
    if op.label is None and op.summary is None:
        return True  # an archive: no text of its own
    text = f"{op.label or ''}\n{op.summary or ''}"
    rule = isinstance(op, LongTermOp) and op.type == LongTermType.DURABLE_PREFERENCE.value
    return (overrides_assistant(text) if rule else instruction_like(text)) is None


def _distinct_labels(ops: list[LongTermOp], items: Sequence[SummaryItem]) -> list[LongTermOp]:
    """``ops`` with each new item's label distinct from the labels of the other items of
    its type. A label this reader made is a clipped subject ("Never recommend any library
    from the Apache…"), so two different rules can get the same one; and the applier reads
    a same-label create as a revision of that item — a rule the user never named would
    leave the prompt. A colliding label becomes the text itself, then gets a number."""
    held = [(i.type, i.label, i.summary) for i in items]
    out: list[LongTermOp] = []
    for op in ops:
        summary = op.summary
        if op.operation is Operation.CREATE_NEW and op.label and summary:
            label = op.label
            others = [
                lb for kind, lb, text in held if kind == op.type and not same_text(text, summary)
            ]
            if any(same_label(label, other) for other in others):
                label = clip(summary, limits.MAX_LABEL_CHARS)
                number = 2
                while any(same_label(label, other) for other in others):
                    label = f"{clip(summary, limits.MAX_LABEL_CHARS - 5)} ({number})"
                    number += 1
                op = op.model_copy(update={"label": label})
            held.append((op.type, label, summary))
        out.append(op)
    return out


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
    long_term = [op for op in long_term if _not_instructing(op)]
    topics = topic_ops(views, request.topics, modules, request.earlier_turns)
    return MemoryDelta(
        turn_summaries=[turn_summary(v) for v in views],
        topic_operations=[op for op in topics if _not_instructing(op)],
        long_term_operations=_distinct_labels(_within_caps(long_term), request.long_term),
    )
