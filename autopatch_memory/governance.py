"""The user's own changes to memory: remember, edit, restore, forget, import.

A user (or an agent acting for them over MCP) adds a rule or a note in their own
words, rewrites one, brings a forgotten one back, or imports a list. These are
*user-authored* changes: they go through the same applier as a summarizer's delta
(:func:`~autopatch_memory.applier.apply_delta` with ``user_authored=True``, where the
user's text is the evidence), so every other guard still holds — redaction, length
(``too_long``, never clipped), code and logs (``code_or_log``), duplicates (a
restated item is updated, not copied), superseding (a new rule on the subject of an
active one replaces it), a forgotten item brought back only by saying it again,
capacity. Decided here, and documented in docs/cli.md ("Governing memory"):

* a text whose point is a credential ("my password is hunter2", "remember my OpenAI
  key sk-…") stores nothing (``credential``); a sentence about a credential is left
  out of a longer text; a text that only asks a question stores nothing either
  (``ungrounded``);
* the label, unless the user gives one, comes from the same code that labels the
  summarizer's rules and notes (:func:`~autopatch_memory.directives.rule_label`,
  :func:`~autopatch_memory.directives.fact_label`);
* restoring an archived rule makes it active again, and it supersedes the active
  rule that now covers its subject: the user's latest word wins, as for a new rule.

Each function works on a :class:`~autopatch_memory.store.Transaction` (the document
under the lock) and queues its journal entries there, under the action's name
(``remember``, ``edit``, ``restore``, ``forget``, ``import``) and the caller's actor.
A refused change is journaled and comes back as a :class:`MemoryChange` with outcome
``rejected``; the facade raises it as :class:`~autopatch_memory.errors.ChangeRejectedError`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from autopatch_memory import limits
from autopatch_memory.applier import apply_delta
from autopatch_memory.apply_report import AcceptedOp, RejectedOp
from autopatch_memory.changes import ChangeAction, ChangeOutcome, ImportCandidate, MemoryChange
from autopatch_memory.directives import (
    NotADirective,
    conflicting,
    read_sentence,
    restating,
    rule_shape,
)
from autopatch_memory.errors import ChangeRejectedError, ItemNotFoundError
from autopatch_memory.item_labels import derive_label, label_is_redundant
from autopatch_memory.journal import Outcome
from autopatch_memory.model import (
    SOURCE_OF_TYPE,
    ItemStatus,
    LongTermItem,
    LongTermOp,
    LongTermType,
    MemoryDelta,
    MemoryDocument,
    Operation,
    clone,
)
from autopatch_memory.privacy import MARKER_PREFIX, redact
from autopatch_memory.prose import split_sentences
from autopatch_memory.reasons import Reason
from autopatch_memory.store import Transaction
from autopatch_memory.text import clean_text, has_control_characters, is_cjk_char

__all__ = [
    "ScreenedText",
    "derive_label",
    "edit",
    "forget",
    "import_candidates",
    "item_type",
    "label_is_redundant",
    "remember",
    "restore",
    "screen_text",
]

_FULL_WIDTH_ENDS = "。！？；：，"


@dataclass(frozen=True)
class ScreenedText:
    """A user's text as it may be stored: redacted, on one line, without credentials."""

    text: str
    left_out: int  # sentences about a credential that were left out


# --- screening the user's text --------------------------------------------------------------


def _about_credential(sentence: str) -> bool:
    """The sentence holds a secret (redacted) or asks to keep one ("remember my token")."""
    if MARKER_PREFIX in sentence:
        return True
    return read_sentence(sentence).why_not is NotADirective.CREDENTIAL


def _join(sentences: Sequence[str]) -> str:
    """Sentences back into one line: a space between them, none at a Chinese seam."""
    parts = [" ".join(s.split()) for s in sentences]
    text = parts[0]
    for part in parts[1:]:
        chinese_seam = is_cjk_char(text[-1]) or text[-1] in _FULL_WIDTH_ENDS
        text = f"{text}{part}" if chinese_seam else f"{text} {part}"
    return text


def screen_text(text: str, *, field: str = "text", statement: bool = True) -> ScreenedText:
    """``text`` as memory may store it, or :class:`ChangeRejectedError`.

    Empty (``empty_field``), holding control characters or escape sequences
    (``bad_shape``), longer than a summary may be (``too_long``: the user shortens it;
    nothing is clipped), nothing left once the sentences about a
    credential are left out (``credential``), or, for a ``statement``, only
    questions (``ungrounded``: "Optional 怎么用？" is neither a rule nor a fact; "Can
    you always answer in Chinese?" is a rule, as the directive grammar reads it).
    """
    stripped = text.strip()
    if not stripped:
        raise ChangeRejectedError(Reason.EMPTY_FIELD, f"the {field} is empty")
    if has_control_characters(stripped):
        raise ChangeRejectedError(
            Reason.BAD_SHAPE,
            f"the {field} holds control characters or escape sequences: type it again without them",
        )
    # Invisible format characters (zero-width, bidi controls) are copy-paste debris: dropped.
    stripped = clean_text(stripped, single_line=False).strip()
    limit = limits.MAX_SUMMARY_CHARS
    if len(stripped) > limit * limits.REMEMBER_PRECHECK_FACTOR:
        raise ChangeRejectedError(Reason.TOO_LONG, _too_long(field, len(stripped), limit))
    redacted = redact(stripped)
    sentences = split_sentences(redacted) or [redacted]
    kept = [s for s in sentences if not _about_credential(s)]
    if not kept:
        raise ChangeRejectedError(
            Reason.CREDENTIAL,
            f"the {field} is about a credential; memory never stores passwords, keys or "
            "tokens (keep them in a secret store, and remember where they are instead)",
        )
    if statement and all(read_sentence(s).why_not is NotADirective.QUESTION for s in kept):
        raise ChangeRejectedError(
            Reason.UNGROUNDED,
            f"the {field} is a question, not a rule or a fact: say it as a statement "
            '("以后都用中文回答", "the order service uses MySQL 8")',
        )
    left_out = len(sentences) - len(kept)
    result = _join(kept) if left_out else " ".join(redacted.split())
    if len(result) > limit:
        raise ChangeRejectedError(Reason.TOO_LONG, _too_long(field, len(result), limit))
    return ScreenedText(result, left_out)


def _too_long(field: str, length: int, limit: int) -> str:
    return (
        f"the {field} has {length} characters; a memory item holds at most {limit}: "
        "shorten it (several short rules are better than one long one)"
    )


def _label(label: str | None) -> str | None:
    """A label the user gave, checked like a text (never clipped)."""
    if label is None or not label.strip():
        return None
    screened = screen_text(label, field="label", statement=False)
    if len(screened.text) > limits.MAX_LABEL_CHARS:
        raise ChangeRejectedError(
            Reason.TOO_LONG,
            f"the label has {len(screened.text)} characters (limit {limits.MAX_LABEL_CHARS})",
        )
    return screened.text


_TYPE_ALIASES = {
    "rule": LongTermType.DURABLE_PREFERENCE,
    "preference": LongTermType.DURABLE_PREFERENCE,
    "note": LongTermType.PROJECT_NOTE,
}


def item_type(kind: LongTermType | str) -> LongTermType:
    """``kind`` as a long-term type: the type itself, its value, ``rule`` or ``note``.

    Raises :class:`ChangeRejectedError` (``invalid_type``) for anything else.
    """
    if isinstance(kind, LongTermType):
        return kind
    key = str(kind).strip().lower()
    found = _TYPE_ALIASES.get(key) or next((t for t in LongTermType if t.value == key), None)
    if found is None:
        raise ChangeRejectedError(
            Reason.INVALID_TYPE, f"{kind!r} is no kind of memory item (rule or note)"
        )
    return found


# --- applying a change ---------------------------------------------------------------------------


def _rejected(
    txn: Transaction,
    action: ChangeAction,
    reason: Reason,
    detail: str,
    *,
    target: str | None = None,
) -> MemoryChange:
    txn.log(action.value, Outcome.REJECTED, target=target, reason=reason.value, detail=detail)
    return MemoryChange(
        action=action, outcome=ChangeOutcome.REJECTED, item_id=target, reason=reason, detail=detail
    )


def _outcome(before: LongTermItem | None, after: LongTermItem) -> ChangeOutcome:
    if before is None:
        return ChangeOutcome.CREATED
    if not before.is_active:
        return ChangeOutcome.RESTORED
    if (before.label, before.summary) == (after.label, after.summary):
        return ChangeOutcome.UNCHANGED
    return ChangeOutcome.UPDATED


def _apply(
    txn: Transaction, action: ChangeAction, op: LongTermOp, *, left_out: int = 0
) -> MemoryChange:
    """Apply one user-authored operation to the transaction's document and journal it."""
    before = {i.id: i.model_copy() for i in txn.doc.long_term_memory.items()}
    # The transaction's document is private to it: the applier changes it in place (a
    # rejected operation changes nothing).
    doc, report = apply_delta(
        txn.doc,
        MemoryDelta(long_term_operations=[op]),
        now=txn.now,
        user_authored=True,
        in_place=True,
    )
    if report.rejected:
        rejected: RejectedOp = report.rejected[0]
        return _rejected(txn, action, rejected.reason, rejected.detail, target=op.target_id)
    accepted: AcceptedOp = report.accepted[0]
    item = doc.long_term_item(accepted.ids[0])
    assert item is not None  # the applier accepted it: it is in the document
    outcome = _outcome(before.get(item.id), item)
    notes = [accepted.note] if accepted.note else []
    if left_out:
        notes.append(f"{left_out} sentence(s) about a credential left out")
    detail = "; ".join(notes) or None
    txn.log(
        action.value,
        target=item.id,
        detail=f"{outcome.value}: {detail}" if detail else outcome.value,
    )
    _log_side_effects(txn, item.id, accepted.superseded, accepted.evicted)
    return MemoryChange(
        action=action,
        outcome=outcome,
        item_id=item.id,
        item=item.model_copy(),
        superseded=list(accepted.superseded),
        evicted=list(accepted.evicted),
        detail=detail,
    )


def _log_side_effects(
    txn: Transaction, item_id: str, superseded: Sequence[str], evicted: Sequence[str]
) -> None:
    for old in superseded:
        txn.log("supersede", target=old, detail=f"superseded by {item_id}")
    for gone in evicted:
        txn.log("evict", Outcome.TRIMMED, target=gone, reason=Reason.CAPACITY.value)


def _create(
    txn: Transaction,
    action: ChangeAction,
    kind: LongTermType,
    text: str,
    label: str | None,
) -> MemoryChange:
    try:
        screened = screen_text(text)
        given = _label(label)
    except ChangeRejectedError as exc:
        return _rejected(txn, action, exc.reason, str(exc))
    op = LongTermOp(
        operation=Operation.CREATE_NEW,
        type=kind.value,
        label=given or derive_label(kind, screened.text),
        summary=screened.text,
        source=SOURCE_OF_TYPE[kind].value,
        evidence_quote=screened.text,
    )
    return _apply(txn, action, op, left_out=screened.left_out)


def remember(
    txn: Transaction, kind: LongTermType, text: str, label: str | None = None
) -> MemoryChange:
    """Store a rule (``durable_preference``) or a note (``project_note``) in the user's words."""
    return _create(txn, ChangeAction.REMEMBER, kind, text, label)


def _not_long_term(txn: Transaction, action: ChangeAction, item_id: str) -> MemoryChange:
    """A topic or turn id given to a change of rules and notes; else the id is unknown."""
    doc = txn.doc
    if doc.topic(item_id) is None and doc.turn(item_id) is None:
        raise ItemNotFoundError(f"no memory item {item_id!r}")
    what = "a topic" if doc.topic(item_id) is not None else "a recent turn"
    return _rejected(
        txn,
        action,
        Reason.INVALID_TYPE,
        f"{item_id} is {what}: only rules and notes can be {action.value}d "
        "(forget removes topics and turns)",
        target=item_id,
    )


def _was_derived(item: LongTermItem) -> bool:
    return item.label == derive_label(item.type, item.summary)


def edit(txn: Transaction, item_id: str, text: str, label: str | None = None) -> MemoryChange:
    """Rewrite an active rule or note in the user's words.

    Without ``label`` the item keeps its label, unless the label was made from the
    old text: then it is made again from the new one.
    """
    action = ChangeAction.EDIT
    item = txn.doc.long_term_item(item_id)
    if item is None:
        return _not_long_term(txn, action, item_id)
    if not item.is_active:
        return _rejected(
            txn,
            action,
            Reason.INACTIVE_TARGET,
            f"{item_id} is archived: restore it first, then edit it",
            target=item_id,
        )
    try:
        screened = screen_text(text)
        given = _label(label)
    except ChangeRejectedError as exc:
        return _rejected(txn, action, exc.reason, str(exc), target=item_id)
    if given is None and _was_derived(item):
        given = derive_label(item.type, screened.text)
    op = LongTermOp(
        operation=Operation.UPDATE_EXISTING,
        target_id=item_id,
        label=given,
        summary=screened.text,
        evidence_quote=screened.text,
    )
    return _apply(txn, action, op, left_out=screened.left_out)


def _covers_subject(restored: LongTermItem, other: LongTermItem) -> bool:
    """``other`` is an active rule on the subject of ``restored``: another choice or
    polarity (it conflicts), or the same rule said again."""
    mine, theirs = rule_shape(restored.text), rule_shape(other.text)
    if conflicting(mine, theirs):
        return True
    return restating(mine, theirs) and bool(mine.choices or mine.terms)


def restore(txn: Transaction, item_id: str) -> MemoryChange:
    """Make an archived rule or note active again (``superseded_by`` cleared).

    A restored rule supersedes the active rules on its subject (the user's latest
    word wins), as a new rule would.
    """
    action = ChangeAction.RESTORE
    doc = txn.doc
    item = doc.long_term_item(item_id)
    if item is None:
        return _not_long_term(txn, action, item_id)
    if item.is_active:
        return MemoryChange(
            action=action,
            outcome=ChangeOutcome.UNCHANGED,
            item_id=item_id,
            item=item.model_copy(),
            detail="already active",
        )
    item.status = ItemStatus.ACTIVE
    item.superseded_by = None
    item.updated_at = txn.now
    superseded = _supersede_for(doc, item, txn)
    txn.log(action.value, target=item_id, detail=ChangeOutcome.RESTORED.value)
    _log_side_effects(txn, item_id, superseded, ())
    return MemoryChange(
        action=action,
        outcome=ChangeOutcome.RESTORED,
        item_id=item_id,
        item=item.model_copy(),
        superseded=superseded,
    )


def _supersede_for(doc: MemoryDocument, item: LongTermItem, txn: Transaction) -> list[str]:
    if item.type is not LongTermType.DURABLE_PREFERENCE:
        return []
    victims = [
        other
        for other in doc.long_term_memory.durable_preferences
        if other is not item and other.is_active and _covers_subject(item, other)
    ]
    for victim in victims:
        victim.status = ItemStatus.ARCHIVED
        victim.superseded_by = item.id
        victim.updated_at = txn.now
    return [v.id for v in victims]


def forget(txn: Transaction, item_id: str) -> MemoryChange:
    """Archive a rule or note (kept in the file, never injected), or drop a topic or turn.

    Raises :class:`ItemNotFoundError` for an id the file does not hold.
    """
    action = ChangeAction.FORGET
    doc = txn.doc
    item = doc.long_term_item(item_id)
    if item is not None:
        if not item.is_active:
            return MemoryChange(
                action=action,
                outcome=ChangeOutcome.UNCHANGED,
                item_id=item_id,
                item=item.model_copy(),
                detail="already archived",
            )
        item.status = ItemStatus.ARCHIVED
        item.updated_at = txn.now
        txn.log(action.value, target=item_id)
        return MemoryChange(
            action=action, outcome=ChangeOutcome.ARCHIVED, item_id=item_id, item=item.model_copy()
        )
    topic = doc.topic(item_id)
    turn = doc.turn(item_id)
    if topic is not None:
        doc.working_memory.active_topics.remove(topic)
    elif turn is not None:
        doc.working_memory.recent_turns.remove(turn)
    else:
        raise ItemNotFoundError(f"no memory item {item_id!r}")
    txn.log(action.value, target=item_id)
    return MemoryChange(action=action, outcome=ChangeOutcome.REMOVED, item_id=item_id)


def import_candidates(
    txn: Transaction, candidates: Sequence[ImportCandidate]
) -> list[MemoryChange]:
    """Each candidate as if the user remembered it, in order; one change per candidate.

    Archived candidates are skipped (a forgotten item is not brought back by an
    import); a later rule on the subject of an earlier one supersedes it. A
    candidate whose file says when it was last changed is skipped when it would
    replace, rewrite or restore an item changed after that: an old export never
    undoes what the user decided since.
    """
    changes: list[MemoryChange] = []
    for candidate in candidates:
        if not candidate.active:
            changes.append(
                MemoryChange(
                    action=ChangeAction.IMPORT,
                    outcome=ChangeOutcome.SKIPPED,
                    detail="archived in the file: not imported",
                )
            )
            continue
        changes.append(_import_one(txn, candidate))
    return changes


def _import_one(txn: Transaction, candidate: ImportCandidate) -> MemoryChange:
    """One active candidate through the applier, undone when it would override newer items."""
    when = candidate.updated_at
    saved = clone(txn.doc)
    logged = len(txn.entries)
    change = _create(txn, ChangeAction.IMPORT, candidate.type, candidate.summary, candidate.label)
    if change.outcome is ChangeOutcome.UNCHANGED:
        _keep_date(saved, txn.doc, change.item_id)
    if when is None:
        return change
    newer = _newer_items_touched(saved, change, when)
    if not newer:
        return change
    # Undone: the document as it was, and none of this change's journal entries.
    txn.doc = saved
    del txn.entries[logged:]
    listed = ", ".join(newer)
    return MemoryChange(
        action=ChangeAction.IMPORT,
        outcome=ChangeOutcome.SKIPPED,
        detail=(
            f"older than {listed} in memory (changed after {when.isoformat(timespec='seconds')} "
            "in the file): not imported"
        ),
    )


def _keep_date(before: MemoryDocument, after: MemoryDocument, item_id: str | None) -> None:
    """An import that restates an item word for word changes nothing, not even its date:
    an old export must not make a rule look newer than the rules that came after it."""
    old = before.long_term_item(item_id or "")
    new = after.long_term_item(item_id or "")
    if old is not None and new is not None and (old.label, old.summary) == (new.label, new.summary):
        new.updated_at = old.updated_at


def _newer_items_touched(before: MemoryDocument, change: MemoryChange, when: datetime) -> list[str]:
    """The ids of items, changed after ``when``, that ``change`` superseded, rewrote or restored."""
    touched = list(change.superseded)
    if change.outcome in (ChangeOutcome.UPDATED, ChangeOutcome.RESTORED) and change.item_id:
        touched.insert(0, change.item_id)
    newer = []
    for item_id in touched:
        item = before.long_term_item(item_id)
        if item is not None and item.updated_at > when:
            newer.append(item_id)
    return newer
