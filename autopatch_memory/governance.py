"""The user's own changes to memory: remember, edit, restore, forget, import, undo.

A user (or an agent acting for them over MCP) adds a rule or a note in their own
words, rewrites one, brings a forgotten one back, imports a list, or undoes what was
done. These are *user-authored* changes: they go through the same applier as a
summarizer's delta (:func:`~autopatch_memory.applier.apply_delta` with
``user_authored=True``, where the user's text is the evidence), so every other guard
still holds — redaction, length (``too_long``, never clipped), code and logs
(``code_or_log``), capacity. Nothing is overwritten (docs/design.md#nothing-is-lost):

* an edit is a revision: the old text stays, archived, ``revision_of`` the item;
* only a text equal to an active item's (once folded) is a duplicate; anything else,
  however alike, is a new item;
* a new rule replaces an older one only when it *names* what it replaces ("instead
  of Maven", "不再用 Maven") and the name is in that rule; named in one clause of a
  longer rule, the pair is kept and reported as a conflict;
* restoring a revision gives its item that text back (the current text becomes a
  revision in turn); restoring a superseded rule leaves the newer one active and
  reports the pair as a conflict;
* an import is previewed first (``dry_run``), never restores an archived item and
  never revises one by similarity; a Markdown file that is not one of our exports is
  refused unless the user says to take its bullets as rules or notes;
* ``undo`` reverts the last changes from the journal's change records, and a reset
  from its backup.

Each function works on a :class:`~autopatch_memory.store.Transaction` (the document
under the lock) and queues its journal entries there, under the action's name
(``remember``, ``edit``, ``restore``, ``forget``, ``import``, ``undo``) and the
caller's actor. A refused change is journaled and comes back as a
:class:`MemoryChange` with outcome ``rejected``; the facade raises it as
:class:`~autopatch_memory.errors.ChangeRejectedError`.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import datetime

from autopatch_memory import limits
from autopatch_memory.applier import apply_delta
from autopatch_memory.apply_report import AcceptedOp, RejectedOp
from autopatch_memory.budget import active_long_term_bytes
from autopatch_memory.changes import ChangeAction, ChangeOutcome, ImportCandidate, MemoryChange
from autopatch_memory.errors import ChangeRejectedError, ItemNotFoundError, StoreError
from autopatch_memory.item_labels import derive_label, label_is_redundant
from autopatch_memory.journal import JournalEntry, Outcome
from autopatch_memory.lang import is_cjk_char
from autopatch_memory.lang.fold import fold_identity, same_text
from autopatch_memory.model import (
    SOURCE_OF_TYPE,
    ItemStatus,
    LongTermItem,
    LongTermOp,
    LongTermType,
    MemoryDelta,
    MemoryDocument,
    Operation,
    Turn,
    deep_copy,
)
from autopatch_memory.privacy import MARKER_PREFIX, redact
from autopatch_memory.prose import split_sentences
from autopatch_memory.reasons import Reason
from autopatch_memory.standing.explicit import named_replacements, replaced_items
from autopatch_memory.standing.vetoes import VETOES
from autopatch_memory.store import Transaction
from autopatch_memory.store.history import item_from
from autopatch_memory.text import clean_text, has_control_characters

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
    "undo",
]

_FULL_WIDTH_ENDS = "。！？；：，"
_QUESTION = VETOES.get("question-requests-nothing")
_CREDENTIAL = VETOES.get("credential")


@dataclass(frozen=True)
class ScreenedText:
    """A user's text as it may be stored: redacted, on one line, without credentials."""

    text: str
    left_out: int  # sentences about a credential that were left out


# --- screening the user's text --------------------------------------------------------------


def _about_credential(sentence: str) -> bool:
    """The sentence holds a secret (redacted) or asks to keep one ("remember my token")."""
    return MARKER_PREFIX in sentence or _CREDENTIAL.fires(sentence)


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
    nothing is clipped), nothing left once the sentences about a credential are left
    out (``credential``), or, for a ``statement``, only questions that ask for nothing
    (``ungrounded``: "Optional 怎么用？" is neither a rule nor a fact; "Can you always
    answer in Chinese?" is a request, a rule).
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
    if statement and all(_QUESTION.fires(s) for s in kept):
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
    # The applier changes the transaction's document in place, copy on write (a rejected
    # operation changes nothing).
    doc, report = apply_delta(
        txn.doc,
        MemoryDelta(long_term_operations=[op]),
        now=txn.now,
        user_authored=True,
        own=txn.own,
        ids_in_use=txn.ids_in_use,
    )
    if report.rejected:
        rejected: RejectedOp = report.rejected[0]
        return _rejected(txn, action, rejected.reason, rejected.detail, target=op.target_id)
    accepted: AcceptedOp = report.accepted[0]
    item = doc.long_term_item(accepted.ids[0])
    assert item is not None  # the applier accepted it: it is in the document
    previous = before.get(item.id)
    outcome = _outcome(previous, item)
    notes = [accepted.note] if accepted.note else []
    if left_out:
        notes.append(f"{left_out} sentence(s) about a credential left out")
    if accepted.conflicts:
        notes.append("may contradict " + ", ".join(accepted.conflicts) + " in part: both kept")
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
        previous=previous if outcome is ChangeOutcome.UPDATED else None,
        superseded=list(accepted.superseded),
        evicted=list(accepted.evicted),
        revisions=list(accepted.revisions),
        conflicts=list(accepted.conflicts),
        detail=detail,
    )


def _log_side_effects(
    txn: Transaction, item_id: str, superseded: Sequence[str], evicted: Sequence[str]
) -> None:
    for old in superseded:
        txn.log("supersede", target=old, detail=f"superseded by {item_id}")
    for gone in evicted:
        txn.log("evict", Outcome.TRIMMED, target=gone, reason=Reason.CAPACITY.value)


def _named_in(
    doc: MemoryDocument, kind: LongTermType, text: str, *, besides: str | None = None
) -> tuple[list[str], list[str]]:
    """The active items of ``kind`` (but ``besides``) that ``text`` names as replaced
    ("instead of X"): replaced whole, and named in one clause only (conflicts)."""
    names = named_replacements(text)
    if not names:
        return [], []
    active = [
        (i.id, i.summary)
        for i in doc.long_term_memory.list_for(kind)
        if i.is_active and i.id != besides
    ]
    found = replaced_items(names, active)
    return list(found.whole), list(found.partly)


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
    replaced, conflicts = _named_in(txn.doc, kind, screened.text)
    op = LongTermOp(
        operation=Operation.CREATE_NEW,
        type=kind.value,
        label=given or derive_label(kind, screened.text),
        summary=screened.text,
        source=SOURCE_OF_TYPE[kind].value,
        evidence_quote=screened.text,
        supersedes=replaced,
        conflicts_with=conflicts,
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


def edit(
    txn: Transaction,
    item_id: str,
    text: str,
    label: str | None = None,
    *,
    besides: Collection[str] = (),
) -> MemoryChange:
    """Rewrite an active rule or note in the user's words; the old text is kept as an
    archived revision (``restore`` brings it back).

    Without ``label`` the item keeps its label, unless the label was made from the
    old text: then it is made again from the new one. The text may not be another active
    item's (``duplicate``), unless that item is one of ``besides`` (a plan that changes it
    too: two texts swapped, a text taken over from an item the plan forgets).
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
    twin = next(
        (
            i
            for i in txn.doc.long_term_memory.list_for(item.type)
            if i.is_active
            and i.id != item_id
            and i.id not in besides
            and same_text(i.summary, screened.text)
        ),
        None,
    )
    if twin is not None:
        return _rejected(
            txn,
            action,
            Reason.DUPLICATE,
            f"{twin.id} already says this: forget {item_id} if it is no longer wanted",
            target=item_id,
        )
    if given is None and _was_derived(item):
        given = derive_label(item.type, screened.text)
    replaced, conflicts = _named_in(txn.doc, item.type, screened.text, besides=item_id)
    op = LongTermOp(
        operation=Operation.UPDATE_EXISTING,
        target_id=item_id,
        label=given,
        summary=screened.text,
        evidence_quote=screened.text,
        supersedes=replaced,
        conflicts_with=conflicts,
    )
    change = _apply(txn, action, op, left_out=screened.left_out)
    if change.outcome is ChangeOutcome.UPDATED:
        # The user rewrote one of a conflicting pair: that settles the pair (a conflict
        # this edit itself names stays).
        _settle_conflicts(txn, item_id, keep=set(conflicts))
    return change


def _settle_conflicts(txn: Transaction, item_id: str, *, keep: set[str]) -> None:
    """Forget the conflicts recorded between ``item_id`` and other items, but ``keep``."""
    for other in txn.doc.long_term_memory.items():
        if other.id == item_id and any(c not in keep for c in other.conflicts_with):
            other = txn.own(other)
            other.conflicts_with = [c for c in other.conflicts_with if c in keep]
        elif item_id in other.conflicts_with and other.id not in keep:
            other = txn.own(other)
            other.conflicts_with = [c for c in other.conflicts_with if c != item_id]


def restore(txn: Transaction, item_id: str) -> MemoryChange:
    """Bring an archived rule or note back.

    A revision (an earlier text of an item still active) gives that item its text back,
    the current text archived as a revision in turn. Any other archived item becomes
    active again; when a newer rule had superseded it, both stay active and the pair is
    reported as a conflict (the user's latest word is this restore; the program does
    not judge which of the two it meant to replace). An item that left the file is
    found in the cold archive and comes back as it was.
    """
    action = ChangeAction.RESTORE
    doc = txn.doc
    item = doc.long_term_item(item_id)
    if item is None:
        if doc.topic(item_id) is not None or doc.turn(item_id) is not None:
            return _not_long_term(txn, action, item_id)
        return _restore_from_cold(txn, item_id)
    if item.is_active:
        return MemoryChange(
            action=action,
            outcome=ChangeOutcome.UNCHANGED,
            item_id=item_id,
            item=item.model_copy(),
            detail="already active",
        )
    parent = doc.long_term_item(item.revision_of or "")
    if parent is not None and parent.is_active:
        return _restore_revision(txn, item, parent)
    newer = doc.long_term_item(item.superseded_by or "")
    item = txn.own(item)
    item.status = ItemStatus.ACTIVE
    item.superseded_by = None
    item.revision_of = None
    item.updated_at = txn.now
    conflicts = [newer.id] if newer is not None and newer.is_active else []
    item.conflicts_with = conflicts
    detail = (
        f"{conflicts[0]}, which had replaced it, stays active too: forget one of them"
        if conflicts
        else None
    )
    txn.log(action.value, target=item_id, detail=detail or ChangeOutcome.RESTORED.value)
    return MemoryChange(
        action=action,
        outcome=ChangeOutcome.RESTORED,
        item_id=item_id,
        item=item.model_copy(),
        conflicts=conflicts,
        detail=detail,
    )


def _restore_revision(
    txn: Transaction, revision: LongTermItem, parent: LongTermItem
) -> MemoryChange:
    """``parent`` says again what its archived ``revision`` says; its current text is kept
    as a revision in turn, and the restored revision leaves the file (its text is the
    item's again)."""
    action = ChangeAction.RESTORE
    op = LongTermOp(
        operation=Operation.UPDATE_EXISTING,
        target_id=parent.id,
        label=revision.label,
        summary=revision.summary,
        evidence_quote=revision.summary,
    )
    change = _apply(txn, action, op)
    # Only a restore that changed the item takes the revision out: an unchanged one
    # (the item says that already) leaves it where it is.
    if change.outcome is ChangeOutcome.UPDATED:
        items = txn.doc.long_term_memory.list_for(revision.type)
        # At the size limit the write may have made room by moving the oldest revisions,
        # this one among them, to the cold archive already.
        items[:] = [i for i in items if i.id != revision.id]
        change = change.model_copy(
            update={
                "outcome": ChangeOutcome.RESTORED,
                "detail": f"{revision.id}'s text is {parent.id}'s again",
            }
        )
    return change


def _restore_from_cold(txn: Transaction, item_id: str) -> MemoryChange:
    """An item that left the file, brought back from the cold archive as it last was."""
    try:
        found = txn.cold_archive.find(item_id)
    except StoreError:
        found = None
    if found is None:
        raise ItemNotFoundError(f"no memory item {item_id!r}")
    doc = txn.doc
    parent = doc.long_term_item(found.revision_of) if found.revision_of else None
    if parent is not None and parent.is_active and parent.type is found.type:
        # An earlier text of an item still here: the item takes it back, as from a
        # revision in the file (it was brought back beside it, a second rule).
        return _restore_revision(txn, found, parent)
    taken = doc.all_ids()
    from autopatch_memory.ids import new_memory_id

    back = found.model_copy(
        update={
            "id": found.id if found.id not in taken else new_memory_id(txn.now, txn.ids_in_use()),
            "status": ItemStatus.ACTIVE,
            "superseded_by": None,
            "revision_of": None,
            "conflicts_with": [],
            "updated_at": txn.now,
        }
    )
    duplicate = next(
        (
            i
            for i in doc.long_term_memory.list_for(back.type)
            if i.is_active and same_text(i.summary, back.summary)
        ),
        None,
    )
    if duplicate is not None:
        return MemoryChange(
            action=ChangeAction.RESTORE,
            outcome=ChangeOutcome.UNCHANGED,
            item_id=duplicate.id,
            item=duplicate.model_copy(),
            detail=f"{duplicate.id} already says this",
        )
    op = LongTermOp(
        operation=Operation.CREATE_NEW,
        type=back.type.value,
        label=back.label,
        summary=back.summary,
        evidence_quote=back.summary,
    )
    change = _apply(txn, ChangeAction.RESTORE, op)
    if change.outcome is ChangeOutcome.REJECTED or change.item_id is None:
        return change
    restored = doc.long_term_item(change.item_id)
    if restored is not None and back.id not in taken and restored.id != back.id:
        restored = txn.own(restored)
        restored.id = back.id  # the id it had, when it is still free
    return change.model_copy(
        update={
            "outcome": ChangeOutcome.RESTORED,
            "item_id": restored.id if restored else change.item_id,
            "item": restored.model_copy() if restored else change.item,
            "detail": "brought back from the cold archive",
        }
    )


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
        item = txn.own(item)
        item.status = ItemStatus.ARCHIVED
        item.updated_at = txn.now
        _settle_conflicts(txn, item_id, keep=set())
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


# --- import ---------------------------------------------------------------------------------------


def import_candidates(
    txn: Transaction, candidates: Sequence[ImportCandidate]
) -> list[MemoryChange]:
    """Each candidate as if the user remembered it, in order; one change per candidate.

    Never restores an archived item and never revises one by similarity: a candidate
    equal to an active item changes nothing, one equal to an archived item is skipped
    (``restore`` brings it back), anything else is new — unless it carries the id of an
    item here (our own export), which it then revises (the old text kept), provided the
    file's copy is newer. An archived candidate is skipped. A candidate that would
    replace, rewrite or restore an item changed after the file's copy is skipped: an old
    export never undoes what the user decided since.
    """
    changes: list[MemoryChange] = []
    gone: dict[str, str] | None = None  # the cold archive's texts, read once, when needed
    for candidate in candidates:
        if not candidate.active:
            changes.append(_skipped("archived in the file: not imported"))
            continue
        if gone is None:
            gone = _left_the_file(txn)
        left = gone.get(fold_identity(candidate.summary))
        if left is not None and not _held_active(txn.doc, candidate):
            # forgotten, and since moved out of the file: still not brought back
            changes.append(
                _skipped(f"archived in memory as {left}: restore it to bring it back", left)
            )
            continue
        changes.append(_import_one(txn, candidate))
    return changes


def _left_the_file(txn: Transaction) -> dict[str, str]:
    """The texts of the cold archive (folded as for equality) and the id of each."""
    try:
        entries = txn.cold_archive.entries()
    except StoreError:
        return {}
    return {fold_identity(e.item.summary): e.item.id for e in entries}


def _held_active(doc: MemoryDocument, candidate: ImportCandidate) -> bool:
    """An active item of the candidate's kind already says its text."""
    return any(
        i.is_active and same_text(i.summary, candidate.summary)
        for i in doc.long_term_memory.list_for(candidate.type)
    )


def _skipped(detail: str, item_id: str | None = None) -> MemoryChange:
    return MemoryChange(
        action=ChangeAction.IMPORT, outcome=ChangeOutcome.SKIPPED, item_id=item_id, detail=detail
    )


def _import_one(txn: Transaction, candidate: ImportCandidate) -> MemoryChange:
    """One active candidate through the applier, undone when it would override newer items."""
    doc = txn.doc
    same_id = doc.long_term_item(candidate.item_id or "")
    if (
        same_id is not None
        and same_id.type is candidate.type
        and candidate.epoch is not None
        and candidate.epoch == doc.epoch
        and same_id.created_at == candidate.created_at
    ):
        # The same item of the same memory, not a namesake from another repository.
        return _import_over(txn, candidate, same_id)
    archived = next(
        (
            i
            for i in doc.long_term_memory.list_for(candidate.type)
            if not i.is_active and same_text(i.summary, candidate.summary)
        ),
        None,
    )
    if archived is not None and not _held_active(doc, candidate):
        return _skipped(
            f"archived in memory as {archived.id}: restore it to bring it back", archived.id
        )
    when = candidate.updated_at
    saved = deep_copy(doc)  # what an undone import goes back to (copy on write may not)
    logged = len(txn.entries)
    change = _create(txn, ChangeAction.IMPORT, candidate.type, candidate.summary, candidate.label)
    if change.outcome is ChangeOutcome.UNCHANGED:
        _keep_date(saved, txn, change.item_id)
    if when is None:
        return change
    newer = _newer_items_touched(saved, change, when)
    if not newer:
        return change
    # Undone: the document as it was, and none of this change's journal entries.
    txn.doc = saved
    del txn.entries[logged:]
    listed = ", ".join(newer)
    return _skipped(
        f"older than {listed} in memory (changed after {when.isoformat(timespec='seconds')} "
        "in the file): not imported"
    )


def _import_over(txn: Transaction, candidate: ImportCandidate, item: LongTermItem) -> MemoryChange:
    """A candidate with the id of an item here: our own export read back."""
    if same_text(item.summary, candidate.summary):
        return MemoryChange(
            action=ChangeAction.IMPORT,
            outcome=ChangeOutcome.UNCHANGED,
            item_id=item.id,
            item=item.model_copy(),
        )
    if not item.is_active:
        return _skipped(f"{item.id} is archived in memory: restore it, then import again", item.id)
    when = candidate.updated_at
    if when is None or item.updated_at > when:
        return _skipped(f"{item.id} changed in memory after the file's copy: not imported", item.id)
    try:
        screened = screen_text(candidate.summary)
        given = _label(candidate.label)
    except ChangeRejectedError as exc:
        return _rejected(txn, ChangeAction.IMPORT, exc.reason, str(exc), target=item.id)
    op = LongTermOp(
        operation=Operation.UPDATE_EXISTING,
        target_id=item.id,
        label=given,
        summary=screened.text,
        evidence_quote=screened.text,
    )
    return _apply(txn, ChangeAction.IMPORT, op, left_out=screened.left_out)


def _keep_date(before: MemoryDocument, txn: Transaction, item_id: str | None) -> None:
    """An import that restates an item word for word changes nothing, not even its date:
    an old export must not make a rule look newer than the rules that came after it."""
    old = before.long_term_item(item_id or "")
    new = txn.doc.long_term_item(item_id or "")
    if old is not None and new is not None and (old.label, old.summary) == (new.label, new.summary):
        txn.own(new).updated_at = old.updated_at


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


# --- undo -----------------------------------------------------------------------------------------

UNDOABLE_OPS = frozenset({"change"})


def undo(
    txn: Transaction, records: Sequence[JournalEntry], backups: dict[str, MemoryDocument]
) -> list[MemoryChange]:
    """Revert the writes of ``records`` (change records, newest first) on the transaction's
    document: each rule and note goes back to exactly what it was before them (an item
    a write created leaves the file, kept in the cold archive). A reset's record brings
    back, from ``backups`` (by the record's backup name), what the reset removed, beside
    what was added since.

    An item changed again after the write being undone gets its earlier text back too;
    its later text goes to the cold archive (nothing is lost, not even by an undo).
    """
    changes: list[MemoryChange] = []
    for record in records:
        if record.op == "reset":
            backup = backups.get(record.target or "")
            if backup is not None:
                changes.extend(_undo_reset(txn, backup))
            txn.undoes.append(record.file or "")
            continue
        for item_change in record.items or []:
            changes.append(_revert(txn, item_change.id, item_change.before))
        txn.undoes.append(record.file or "")
    txn.log(
        "undo",
        target=",".join(r.file or "?" for r in records),
        detail=f"{len(records)} change(s) undone",
    )
    return changes


def _revert(txn: Transaction, item_id: str, before: dict[str, object] | None) -> MemoryChange:
    doc = txn.doc
    current = doc.long_term_item(item_id)
    if before is None:
        if current is not None:
            doc.long_term_memory.list_for(current.type).remove(current)
        return MemoryChange(
            action=ChangeAction.UNDO, outcome=ChangeOutcome.REMOVED, item_id=item_id
        )
    old = item_from(before)
    if current is None:
        doc.long_term_memory.list_for(old.type).append(old)
        return MemoryChange(
            action=ChangeAction.UNDO,
            outcome=ChangeOutcome.RESTORED,
            item_id=item_id,
            item=old.model_copy(),
        )
    items = doc.long_term_memory.list_for(current.type)
    items[items.index(current)] = old
    return MemoryChange(
        action=ChangeAction.UNDO,
        outcome=ChangeOutcome.UPDATED,
        item_id=item_id,
        item=old.model_copy(),
        previous=current.model_copy(),
    )


def _undo_reset(txn: Transaction, backup: MemoryDocument) -> list[MemoryChange]:
    doc = txn.doc
    # What the reset removed comes back even where it was over the hard limit (a file
    # another implementation wrote bigger): the user had it, the undo gives it back.
    txn.restores_long_term_bytes += active_long_term_bytes(backup)
    changes = []
    taken = doc.all_ids()
    for item in backup.long_term_memory.items():
        if item.id in taken:
            continue
        doc.long_term_memory.list_for(item.type).append(item)
        changes.append(
            MemoryChange(
                action=ChangeAction.UNDO,
                outcome=ChangeOutcome.RESTORED,
                item_id=item.id,
                item=item.model_copy(),
            )
        )
    wm, old_wm = doc.working_memory, backup.working_memory
    # A turn recorded after the reset may have taken a cleared turn's id (ids of turns
    # count within their second): the cleared turn comes back under a new one, so a rule
    # it holds is still read (the reset took its turns, the undo gives them back).
    from autopatch_memory.ids import new_turn_id  # as new_memory_id above

    returning: list[Turn] = []
    held = taken | {t.id for t in old_wm.recent_turns}  # no new id takes a returning one's
    for turn in old_wm.recent_turns:
        if turn.id in taken:
            fresh = new_turn_id(turn.created_at, held)
            held.add(fresh)
            turn = turn.model_copy(update={"id": fresh})
        returning.append(turn)
    wm.recent_turns[:0] = returning
    del wm.recent_turns[: max(0, len(wm.recent_turns) - limits.MAX_RECENT_TURNS)]
    wm.active_topics[:0] = [t for t in old_wm.active_topics if t.id not in taken]
    del wm.active_topics[: max(0, len(wm.active_topics) - limits.MAX_ACTIVE_TOPICS)]
    if doc.repo_profile is None:
        doc.repo_profile = backup.repo_profile
    return changes
