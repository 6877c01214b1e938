"""The strict applier: the only way a delta changes memory (docs/delta.md).

A pure function over a document: ``apply_delta(doc, delta, now=…)`` returns a new
document and a report, and does no I/O. Each operation is validated on its own
against the *current* document; a bad one is rejected with a :class:`Reason` and
the others still apply. The model understands; the program constrains, mechanically:

* ids are never invented or "repaired": an unknown id rejects the operation;
* model-written text over its limit is rejected (``too_long``), never clipped;
* code, diffs, stack traces and logs are rejected (``code_or_log``), and so is text
  that instructs the assistant (``instruction_like``);
* a durable preference, an archive and a supersede must be **grounded**: the op's
  ``evidence_quote`` is found in the user's words of a named evidence turn, the
  sentence around it has a standing or request form, and no veto of the short deny-list
  fires (:mod:`autopatch_memory.standing`); no quote, no rule (``ungrounded``);
* **nothing is overwritten**: an update is a revision (the old text stays, archived,
  ``revision_of`` the item); only texts that are equal once folded are duplicates;
  an item is superseded only when the op names it in ``supersedes`` (an active item of
  the same type, older than the words that replace it);
* a restated *inactive* item stays forgotten unless the user said it again after it
  was archived (``inactive_target``);
* one delta may create, update and archive only a handful of items
  (``too_many_operations``), and never evicts an active item: capacity is made
  from archived items only (``capacity`` otherwise), and what leaves the file goes to
  the cold archive (the store does that);
* the model can never delete, and never touches the repo profile.

``user_authored=True`` is for changes the user typed directly (``remember``,
``edit``): the op's ``evidence_quote`` is the user's own text and grounds it
without a turn; every other guard still applies.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Sequence
from datetime import datetime
from typing import Any, Protocol, TypeVar

from pydantic import BaseModel, ValidationError

from autopatch_memory import limits
from autopatch_memory.apply_report import AcceptedOp, ApplyReport, RejectedOp, discarded_report
from autopatch_memory.budget import item_bytes, long_term_bytes, stalest_first
from autopatch_memory.ids import new_memory_id, new_topic_id
from autopatch_memory.injection import instruction_like, overrides_assistant
from autopatch_memory.lang.fold import same_text
from autopatch_memory.lang.quotes import QuoteMatch, find_quote, grounds_of
from autopatch_memory.model import (
    DELTA_SECTIONS,
    SOURCE_OF_TYPE,
    DeltaSection,
    ItemStatus,
    LongTermItem,
    LongTermOp,
    LongTermType,
    MemoryDelta,
    MemoryDocument,
    Operation,
    Origin,
    SummaryStatus,
    Topic,
    TopicOp,
    Turn,
    TurnSummaryOp,
    deep_copy,
)
from autopatch_memory.privacy import is_only_redacted, redact, titled_for_a_secret
from autopatch_memory.reasons import Reason
from autopatch_memory.standing.admission import (
    refuse_grounded_cancel,
    refuse_grounded_rule,
    rule_about_the_answers,
)
from autopatch_memory.standing.lexicon import has_standing_marker
from autopatch_memory.text import (
    clean_text,
    has_control_characters,
    looks_like_code_or_log,
    same_label,
)

_Op = TypeVar("_Op", bound=BaseModel)

_OPERATION_CAPS: dict[Operation, int] = {
    Operation.CREATE_NEW: limits.DELTA_MAX_CREATES,
    Operation.UPDATE_EXISTING: limits.DELTA_MAX_UPDATES,
    Operation.ARCHIVE_EXISTING: limits.DELTA_MAX_ARCHIVES,
}


class Own(Protocol):
    """How the applier gets an element it may change (copy on write: see
    :meth:`~autopatch_memory.store.Transaction.own`)."""

    def __call__(self, element: _Op, /) -> _Op: ...


def _itself(element: _Op) -> _Op:
    """The element itself: a private document's elements are changed in place."""
    return element


class _Reject(Exception):
    """Internal: one operation is refused."""

    def __init__(self, reason: Reason, detail: str = "") -> None:
        super().__init__(detail)
        self.reason = reason
        self.detail = detail


# --- field checks -----------------------------------------------------------------


def _coerce(raw: Any, model: type[_Op]) -> _Op:
    if isinstance(raw, model):
        return raw
    if isinstance(raw, BaseModel):
        raw = raw.model_dump()
    if not isinstance(raw, dict):
        raise _Reject(Reason.BAD_SHAPE, f"an operation is an object, not {type(raw).__name__}")
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        error = exc.errors()[0]
        field = ".".join(str(p) for p in error["loc"])
        if error["type"] == "missing":
            raise _Reject(Reason.EMPTY_FIELD, f"{field} is missing") from None
        if field == "operation":
            raise _Reject(
                Reason.UNKNOWN_OPERATION, f"operation {raw.get('operation')!r} is not allowed"
            ) from None
        raise _Reject(Reason.BAD_SHAPE, f"{field}: {error['msg']}") from None


def _text(
    value: str | None, field: str, limit: int, *, required: bool = True, item: bool = True
) -> str | None:
    """A model-written text: stripped, non-empty when required, within its limit, not code;
    for a topic or long-term ``item``, more than a redacted secret."""
    if value is None or not value.strip():
        if required:
            raise _Reject(Reason.EMPTY_FIELD, f"{field} is empty")
        return None
    # Hostile characters (docs/privacy.md): an escape sequence or a control character
    # in a label rejects the operation; anywhere else it is dropped, like invisible
    # characters; a label is one line.
    label = field == "label"
    if label and has_control_characters(value):
        raise _Reject(Reason.BAD_SHAPE, f"{field}: control characters")
    value = clean_text(value, single_line=label).strip()
    if not value:
        raise _Reject(Reason.EMPTY_FIELD, f"{field} is empty")
    # The limit applies to what would be stored: redaction markers count.
    value = redact(value)
    if item and is_only_redacted(value):
        raise _Reject(Reason.EMPTY_FIELD, f"{field}: only redacted text")
    if len(value) > limit:
        raise _Reject(Reason.TOO_LONG, f"{field} has {len(value)} characters (limit {limit})")
    if looks_like_code_or_log(value):
        raise _Reject(
            Reason.CODE_OR_LOG, f"{field} looks like code, a diff, a stack trace or a log"
        )
    return value


def _refuse_a_secret(label: str, summary: str) -> None:
    """An item titled for a credential whose value is redacted would hold only the secret
    (docs/privacy.md: a turn whose point is to store a credential makes no item)."""
    if titled_for_a_secret(label, summary):
        raise _Reject(
            Reason.CREDENTIAL, "the item is titled for a credential whose value is redacted"
        )


def _long_term_type(value: str | None) -> LongTermType:
    if value is None or not str(value).strip():
        raise _Reject(Reason.EMPTY_FIELD, "type is missing")
    try:
        return LongTermType(str(value).strip())
    except ValueError:
        raise _Reject(Reason.INVALID_TYPE, f"type {value!r} is not allowed") from None


def _check_source(value: str | None, kind: LongTermType) -> None:
    if value is None:
        return  # the source follows from the type
    expected = SOURCE_OF_TYPE[kind]
    if str(value).strip() != expected.value:
        raise _Reject(
            Reason.INVALID_SOURCE, f"a {kind.value} has source {expected.value}, not {value!r}"
        )


def _declared_operation(raw: Any) -> Operation | None:
    """The operation an entry asks for, before any other check (for the per-delta caps)."""
    value = raw.get("operation") if isinstance(raw, dict) else getattr(raw, "operation", None)
    try:
        return Operation(value)
    except ValueError:
        return None


class _Applier:
    """One application of one delta to a private copy of the document."""

    def __init__(
        self,
        doc: MemoryDocument,
        now: datetime,
        *,
        user_authored: bool,
        changed_since: Collection[str] = (),
        ids_in_use: Callable[[], set[str]] | None = None,
        own: Own = _itself,
        labels_name_items: bool = True,
    ) -> None:
        self.doc = doc
        # An element is changed only through this (copy on write when ``doc`` shares its
        # elements with a document others read; the identity on a private copy).
        self.own = own
        self.now = now
        self._ids_in_use = ids_in_use
        self.user_authored = user_authored
        self.labels_name_items = labels_name_items
        self.changed_since = changed_since
        self.report = ApplyReport(generation=doc.generation)
        self._counts: Counter[Operation] = Counter()
        # Items this delta created or brought back: a later op of it may not supersede them.
        self._created: set[str] = set()
        # The digest of the user's words that grounded the op being applied (None: none).
        self._grounds: str | None = None

    def _taken_ids(self) -> set[str]:
        """The ids a new one must differ from: the document's, and those the caller
        knows are held elsewhere (a store transaction: the journal, the archive)."""
        return self._ids_in_use() if self._ids_in_use is not None else self.doc.all_ids()

    # -- turn summaries ----------------------------------------------------------

    def turn_summary(self, raw: Any) -> AcceptedOp:
        op = _coerce(raw, TurnSummaryOp)
        if not op.turn_id.strip():
            raise _Reject(Reason.EMPTY_FIELD, "turn_id is empty")
        turn = self.doc.turn(op.turn_id)
        if turn is None:
            raise _Reject(Reason.UNKNOWN_TARGET, f"no recent turn {op.turn_id}")
        summary = _text(op.summary, "summary", limits.MAX_SUMMARY_CHARS, item=False)
        assert summary is not None
        turn = self.own(turn)
        turn.summary = summary
        turn.summary_status = SummaryStatus.READY
        return _accepted("turn_summaries", "summarize", [turn.id])

    # -- topics --------------------------------------------------------------------

    def topic_op(self, raw: Any) -> AcceptedOp:
        op = _coerce(raw, TopicOp)
        if op.operation is Operation.ARCHIVE_EXISTING:
            raise _Reject(Reason.UNKNOWN_OPERATION, "topics are created or updated, not archived")
        # Only turns that exist, each once (never "repaired", silently dropped).
        related = list(dict.fromkeys(t for t in op.related_turn_ids if self.doc.turn(t)))
        if op.operation is Operation.CREATE_NEW:
            return self._create_topic(op, related)
        target = _target_id(op.target_id)
        found = self.doc.topic(target)
        if found is None:
            raise _Reject(Reason.UNKNOWN_TARGET, f"no active topic {target}")
        summary = _text(op.summary, "summary", limits.MAX_SUMMARY_CHARS)
        label = _text(op.label, "label", limits.MAX_LABEL_CHARS, required=False)
        assert summary is not None
        _refuse_instructions(label or "", summary)
        note = self._touch_topic(found, summary, label, related)
        return _accepted("topic_operations", "update_existing", [found.id], note)

    def _create_topic(self, op: TopicOp, related: list[str]) -> AcceptedOp:
        label = _text(op.label, "label", limits.MAX_LABEL_CHARS)
        summary = _text(op.summary, "summary", limits.MAX_SUMMARY_CHARS)
        assert label is not None and summary is not None
        _refuse_instructions(label, summary)
        topics = self.doc.working_memory.active_topics
        existing = next((t for t in topics if same_label(t.label, label)), None)
        if existing is not None:
            self._touch_topic(existing, summary, None, related)
            return _accepted("topic_operations", "create_new", [existing.id], "same label: updated")
        evicted: list[str] = []
        # Topics are working memory, allowed to be forgotten: the stalest one makes room.
        while len(topics) >= limits.MAX_ACTIVE_TOPICS:
            stale = stalest_first(topics, lambda t: t.last_touched_at, self.now)[0]
            topics.remove(stale)
            evicted.append(stale.id)
        topic = Topic(
            id=new_topic_id(self.now, self._taken_ids()),
            label=label,
            summary=summary,
            related_turn_ids=related[-limits.MAX_RELATED_TURN_IDS :],
            last_touched_at=self.now,
        )
        topics.append(topic)
        return _accepted("topic_operations", "create_new", [topic.id], evicted=evicted)

    def _touch_topic(
        self, topic: Topic, summary: str, label: str | None, related: list[str]
    ) -> str | None:
        """Update ``topic`` (through :attr:`own`); returns a note, if any."""
        note = None
        topic = self.own(topic)
        topic.summary = summary
        if label and not same_label(label, topic.label):
            others = self.doc.working_memory.active_topics
            if any(t is not topic and same_label(t.label, label) for t in others):
                note = "label kept: another topic already has that label"
            else:
                topic.label = label
        merged = [t for t in topic.related_turn_ids if t not in related] + related
        topic.related_turn_ids = merged[-limits.MAX_RELATED_TURN_IDS :]
        topic.last_touched_at = self.now
        return note

    # -- long-term memory ----------------------------------------------------------

    def long_term_op(self, raw: Any) -> AcceptedOp:
        declared = _declared_operation(raw)
        if declared is not None:
            self._counts[declared] += 1
            cap = _OPERATION_CAPS[declared]
            if self._counts[declared] > cap:
                raise _Reject(
                    Reason.TOO_MANY_OPERATIONS,
                    f"one delta may {declared.value.replace('_', ' ')} at most {cap} items",
                )
        op = _coerce(raw, LongTermOp)
        if op.operation is Operation.CREATE_NEW:
            return self._create_long_term(op)
        if op.operation is Operation.ARCHIVE_EXISTING:
            return self._archive_long_term(op)
        return self._update_long_term(op)

    def _create_long_term(self, op: LongTermOp) -> AcceptedOp:
        self._grounds = None
        kind = _long_term_type(op.type)
        _check_source(op.source, kind)
        label = _text(op.label, "label", limits.MAX_LABEL_CHARS)
        summary = _text(op.summary, "summary", limits.MAX_SUMMARY_CHARS)
        assert label is not None and summary is not None
        if not self.user_authored:  # what the user typed is screened before (governance)
            _refuse_a_secret(label, summary)
        _refuse_instructions(label, summary, rule_of_user=kind is LongTermType.DURABLE_PREFERENCE)
        if (
            not self.user_authored
            and kind is LongTermType.PROJECT_NOTE
            and rule_about_the_answers(summary)
        ):
            raise _Reject(
                Reason.INVALID_TYPE,
                "a rule about the answers, filed as a note: propose a durable_preference"
                " grounded in the user's words",
            )
        stated: datetime | None
        origin: Origin | None = None
        if kind is LongTermType.DURABLE_PREFERENCE:
            stated, origin = self._ground_rule(op)
        else:
            stated = self._ground_note(op)
        replaced = self._targets(op.supersedes, kind, stated, "supersedes")
        conflicts = self._targets(op.conflicts_with, kind, None, "conflicts_with")
        duplicate = self._active_with_text(kind, summary)
        if duplicate is not None:
            superseded = self._supersede(replaced, duplicate, stated)
            return _accepted(
                "long_term_operations",
                "create_new",
                [duplicate.id],
                "duplicate: unchanged",
                superseded=superseded,
            )
        if not self.user_authored and self.labels_name_items:
            # A model names the item it means by its label: the same label is a revision
            # of that item (the old text kept), never a second item, never an overwrite.
            same = self._active_with_label(kind, label)
            if same is not None and same not in replaced:
                revisions, note = self._revise(same, summary, label)
                superseded = self._supersede(replaced, same, stated)
                return _accepted(
                    "long_term_operations",
                    "create_new",
                    [same.id],
                    note or "same label: revised",
                    superseded=superseded,
                    revisions=revisions,
                )
        dead = self._inactive_with_text(kind, summary) or self._inactive_grounded_alike(kind)
        if dead is not None:
            return self._revive(dead, label, stated, replaced)
        # Dated when the user said it: a late summary of an older turn is older than what
        # the user said since (the context lists rules newest first, and the first holds).
        said = stated if stated is not None and stated <= self.now else self.now
        item = LongTermItem(
            id=new_memory_id(self.now, self._taken_ids()),
            type=kind,
            label=label,
            summary=summary,
            status=ItemStatus.ACTIVE,
            source=SOURCE_OF_TYPE[kind],
            created_at=said,
            updated_at=said,
            origin=origin,
            grounds=self._grounds,
            conflicts_with=[c.id for c in conflicts],
        )
        evicted = self._make_room(item)
        superseded = self._supersede(replaced, item, stated)
        return _accepted(
            "long_term_operations",
            "create_new",
            [item.id],
            evicted=evicted,
            superseded=superseded,
            conflicts=item.conflicts_with,
        )

    def _update_long_term(self, op: LongTermOp) -> AcceptedOp:
        item = self._active_target(op)
        if op.type is not None and str(op.type).strip() != item.type.value:
            raise _Reject(Reason.INVALID_TYPE, f"{item.id} is a {item.type.value}")
        _check_source(op.source, item.type)
        summary = _text(op.summary, "summary", limits.MAX_SUMMARY_CHARS)
        label = _text(op.label, "label", limits.MAX_LABEL_CHARS, required=False)
        assert summary is not None
        if not self.user_authored:
            _refuse_a_secret(label or item.label, summary)
        _refuse_instructions(
            label or "", summary, rule_of_user=item.type is LongTermType.DURABLE_PREFERENCE
        )
        stated: datetime | None
        if item.type is LongTermType.DURABLE_PREFERENCE:
            stated, _origin = self._ground_rule(op)
        else:
            stated = self._ground_note(op)
        replaced = self._targets(op.supersedes, item.type, stated, "supersedes")
        conflicts = self._targets(op.conflicts_with, item.type, None, "conflicts_with")
        revisions, note = self._revise(item, summary, label)
        superseded = self._supersede(replaced, item, stated)
        if conflicts:
            item.conflicts_with = [c.id for c in conflicts if c is not item]
        return _accepted(
            "long_term_operations",
            "update_existing",
            [item.id],
            note,
            superseded=superseded,
            revisions=revisions,
            conflicts=item.conflicts_with if conflicts else None,
        )

    def _archive_long_term(self, op: LongTermOp) -> AcceptedOp:
        item = self._active_target(op)
        if item.id in self.changed_since:
            # The cancel was said before the user edited or restored the item: their
            # later word keeps it.
            raise _Reject(
                Reason.STALE_GENERATION,
                f"{item.id} was changed after the summary run started; it stays active",
            )
        said = self._ground_cancel(op)
        if said is not None and item.updated_at > said and item.id not in self._created:
            raise _Reject(
                Reason.STALE_GENERATION,
                f"{item.id} was changed after the turn that cancels it; it stays active",
            )
        self._archive(item)
        return _accepted("long_term_operations", "archive_existing", [item.id])

    # -- finding items -----------------------------------------------------------------

    def _items(self, kind: LongTermType, *, active: bool) -> list[LongTermItem]:
        return [i for i in self.doc.long_term_memory.list_for(kind) if i.is_active is active]

    def _active_with_text(self, kind: LongTermType, summary: str) -> LongTermItem | None:
        """The active item of ``kind`` that says exactly ``summary`` (once folded)."""
        return next(
            (i for i in self._items(kind, active=True) if same_text(i.summary, summary)), None
        )

    def _active_with_label(self, kind: LongTermType, label: str) -> LongTermItem | None:
        return next((i for i in self._items(kind, active=True) if same_label(i.label, label)), None)

    def _inactive_with_text(self, kind: LongTermType, summary: str) -> LongTermItem | None:
        """The newest archived item of ``kind`` that says exactly ``summary``."""
        dead = [i for i in self._items(kind, active=False) if same_text(i.summary, summary)]
        return max(dead, key=lambda i: i.updated_at, default=None)

    def _inactive_grounded_alike(self, kind: LongTermType) -> LongTermItem | None:
        """The newest archived item of ``kind`` grounded in the same words of the user (a
        late summary of the sentence that made a forgotten rule says it in other words)."""
        if self._grounds is None:
            return None
        alike = [i for i in self._items(kind, active=False) if i.grounds == self._grounds]
        alike = [i for i in alike if i.revision_of is None]
        return max(alike, key=lambda i: i.updated_at, default=None)

    def _active_target(self, op: LongTermOp) -> LongTermItem:
        target = _target_id(op.target_id)
        item = self.doc.long_term_item(target)
        if item is None:
            raise _Reject(Reason.UNKNOWN_TARGET, f"no long-term item {target}")
        if not item.is_active:
            raise _Reject(Reason.INACTIVE_TARGET, f"{target} is archived")
        return self.own(item)  # an update or an archive changes it

    def _targets(
        self, ids: Sequence[str], kind: LongTermType, stated: datetime | None, field: str
    ) -> list[LongTermItem]:
        """The active items of ``kind`` that ``ids`` name: each must exist, be active, be of
        the same type and — for ``supersedes`` — be older than the words that replace it
        and unchanged since the run began."""
        found: list[LongTermItem] = []
        for raw in dict.fromkeys(i.strip() for i in ids if isinstance(i, str) and i.strip()):
            item = self.doc.long_term_item(raw)
            if item is None:
                raise _Reject(Reason.UNKNOWN_TARGET, f"{field} names no item {raw}")
            if not item.is_active:
                raise _Reject(Reason.INACTIVE_TARGET, f"{field}: {raw} is archived")
            if item.type is not kind:
                raise _Reject(Reason.INVALID_TYPE, f"{field}: {raw} is a {item.type.value}")
            if field == "supersedes":
                if item.id in self.changed_since or item.id in self._created:
                    raise _Reject(
                        Reason.STALE_GENERATION,
                        f"{raw} was changed after the words that replace it",
                    )
                if stated is not None and item.updated_at > stated:
                    raise _Reject(
                        Reason.STALE_GENERATION,
                        f"{raw} was stated after the evidence turn: it is the newer word",
                    )
            found.append(item)
        return found

    # -- changing items --------------------------------------------------------------------

    def _supersede(
        self, replaced: Sequence[LongTermItem], by: LongTermItem, stated: datetime | None
    ) -> list[str]:
        """Archive each of ``replaced`` (but ``by`` itself), ``superseded_by`` ``by``."""
        done = []
        for old in replaced:
            if old is by or not old.is_active:
                continue
            self._archive(old, by=by.id)
            done.append(old.id)
        if done:
            by = self.own(by)
            by.conflicts_with = [c for c in by.conflicts_with if c not in done]
        return done

    def _archive(self, item: LongTermItem, *, by: str | None = None) -> None:
        """Make ``item`` inactive (``by``: the item that superseded it)."""
        item = self.own(item)
        item.status = ItemStatus.ARCHIVED
        item.updated_at = self.now
        if by is not None:
            item.superseded_by = by
        for other in self.doc.long_term_memory.items():
            if item.id in other.conflicts_with:
                other = self.own(other)
                other.conflicts_with = [c for c in other.conflicts_with if c != item.id]

    def _revive(
        self,
        dead: LongTermItem,
        label: str,
        stated: datetime | None,
        replaced: Sequence[LongTermItem],
    ) -> AcceptedOp:
        """An archived item said again: active again only when the user said it after it
        was archived (a forgotten item stays forgotten otherwise)."""
        said_again = self.user_authored or (stated is not None and stated > dead.updated_at)
        if not said_again:
            raise _Reject(
                Reason.INACTIVE_TARGET,
                f"restates {dead.id}, which was archived; only a new instruction brings it back",
            )
        dead = self.own(dead)
        dead.status = ItemStatus.ACTIVE
        dead.superseded_by = None
        dead.revision_of = None
        dead.updated_at = self.now
        if label and not same_label(label, dead.label):
            dead.label = label
        self._created.add(dead.id)
        superseded = self._supersede(replaced, dead, stated)
        return _accepted(
            "long_term_operations",
            "create_new",
            [dead.id],
            "restated after it was archived: active again",
            superseded=superseded,
        )

    def _revise(
        self, item: LongTermItem, summary: str, label: str | None
    ) -> tuple[list[str], str | None]:
        """Give ``item`` a new text, its old text kept as an archived revision; returns the
        revision's id (``[]`` when nothing changed) and a note, if any."""
        if item.id in self.changed_since:
            # The model rewrote the item as it was when the run started; someone (the
            # user's edit, another run) changed it since: their text must not be lost.
            raise _Reject(
                Reason.STALE_GENERATION,
                f"{item.id} was changed after the summary run started; its new text is kept",
            )
        new_label = label if label and not same_label(label, item.label) else None
        note = None
        siblings = self.doc.long_term_memory.list_for(item.type)
        if (
            new_label is not None
            and not self.user_authored
            and any(
                i is not item and i.is_active and same_label(i.label, new_label) for i in siblings
            )
        ):
            # A model names an item by its label: it never gives two active items one.
            # (The user names items by id: their label follows their text, as a
            # ``remember`` does.)
            new_label, note = None, "label kept: another item already has that label"
        if same_text(summary, item.summary) and new_label is None:
            return [], note or "same text: unchanged"
        item = self.own(item)
        size_before = item_bytes(item)
        revision = item.model_copy(
            update={
                "id": new_memory_id(self.now, self._taken_ids()),
                "status": ItemStatus.ARCHIVED,
                "updated_at": self.now,
                "superseded_by": item.id,
                "revision_of": item.id,
                "conflicts_with": [],
            }
        )
        before = (item.label, item.summary, item.updated_at)
        item.summary = summary
        if new_label is not None:
            item.label = new_label
        item.updated_at = self.now
        if item_bytes(item) > size_before and self._active_bytes() > limits.LONG_TERM_BUDGET_BYTES:
            item.label, item.summary, item.updated_at = before
            raise _Reject(Reason.CAPACITY, "long-term memory would pass its byte budget")
        kept = self._keep_revision(revision)
        return ([revision.id] if kept else []), note

    def _keep_revision(self, revision: LongTermItem) -> bool:
        """Put an archived revision into the file, making room from older archived items;
        False when even then there is no room (the store keeps its text in the cold
        archive, docs/file-format.md#the-cold-archive)."""
        try:
            self._make_room(revision)
        except _Reject:
            return False
        return True

    def _active_bytes(self) -> int:
        return sum(item_bytes(i) for i in self.doc.long_term_memory.items() if i.is_active)

    def _make_room(self, item: LongTermItem) -> list[str]:
        """Add ``item``, evicting archived items (oldest first) if needed; returns their ids.

        An evicted item leaves the file, not memory: the store moves every text that
        leaves the file to the cold archive. A delta never evicts an active item: when
        only active items are left, the create is rejected (``capacity``) and the user
        decides what to forget.
        """
        ltm = self.doc.long_term_memory
        saved = (list(ltm.durable_preferences), list(ltm.project_notes))
        evicted: list[LongTermItem] = []
        ltm.list_for(item.type).append(item)

        def full() -> bool:
            return (
                len(ltm.items()) > limits.MAX_LONG_TERM_ITEMS
                or long_term_bytes(self.doc) > limits.LONG_TERM_BUDGET_BYTES
            )

        while full():
            inactive = [i for i in ltm.items() if not i.is_active and i is not item]
            if not inactive:
                # Nothing may go: undo, nothing is lost.
                ltm.durable_preferences[:], ltm.project_notes[:] = saved
                raise _Reject(
                    Reason.CAPACITY,
                    "long-term memory is full of active items; forget some to make room",
                )
            victim = stalest_first(inactive, lambda i: i.updated_at, self.now)[0]
            ltm.list_for(victim.type).remove(victim)
            evicted.append(victim)
        if item.is_active:
            self._created.add(item.id)
        return [v.id for v in evicted]

    # -- grounding (mechanical: docs/design.md#grounding-is-mechanical) --------------------

    def _evidence_turns(self, evidence: list[str]) -> list[Turn]:
        turns = []
        for turn_id in evidence:
            turn = self.doc.turn(turn_id) if isinstance(turn_id, str) else None
            if turn is None:
                raise _Reject(Reason.UNKNOWN_TARGET, f"evidence names no recent turn {turn_id}")
            turns.append(turn)
        return turns

    def _quoted(self, op: LongTermOp, what: str) -> tuple[Turn, QuoteMatch]:
        """The evidence turn that holds ``op``'s quote, and where; rejects ``ungrounded``."""
        quote = (op.evidence_quote or "").strip()
        if not quote:
            raise _Reject(Reason.UNGROUNDED, f"{what} carries evidence_quote: the user's own words")
        if not op.evidence_turn_ids:
            raise _Reject(Reason.UNGROUNDED, f"{what} names the user's turn in evidence_turn_ids")
        for turn in self._evidence_turns(op.evidence_turn_ids):
            found = find_quote(quote, turn.user_text)
            if found is not None:
                return turn, found
        raise _Reject(
            Reason.UNGROUNDED,
            "evidence_quote is not in the user's words of the evidence turns "
            f"(at least {limits.QUOTE_MIN_UNITS // 2} words or {limits.QUOTE_MIN_UNITS} "
            "Chinese characters, quoted as the user wrote them)",
        )

    def _ground_rule(self, op: LongTermOp) -> tuple[datetime, Origin]:
        """When the user stated the rule ``op`` proposes, and how (stated or adopted)."""
        if self.user_authored:
            quote = (op.evidence_quote or "").strip()
            if not quote:
                raise _Reject(Reason.UNGROUNDED, "a user-authored change carries evidence_quote")
            self._grounds = grounds_of(quote)
            return self.now, Origin.EXPLICIT
        turn, found = self._quoted(op, "a rule")
        self._grounds = grounds_of(found.sentence)
        adopted = bool((op.adopted_from or "").strip())
        # A quote across sentences ("We migrated to Gradle. From now on…") is grounded by
        # the one that gives the instruction.
        refusal = refuse_grounded_rule(
            turn.user_text, found, adopted=adopted, next_message=self._next_message(turn)
        )
        if refusal is not None:
            raise _Reject(Reason.UNGROUNDED, refusal.why)
        if not adopted:
            return turn.created_at, Origin.EXPLICIT
        turns = self.doc.working_memory.recent_turns
        position = turns.index(turn)
        before = turns[position - 1] if position > 0 else None
        if before is None or find_quote(op.adopted_from or "", before.assistant_text) is None:
            raise _Reject(
                Reason.UNGROUNDED,
                "adopted_from is not in the assistant's answer of the turn before the evidence",
            )
        # A go-ahead that only asks ("就按你说的改吧") adopts a change, not a rule: the
        # confirmation or the suggestion adopted says that it lasts.
        if not any(has_standing_marker(s) for s in (*found.sentences, op.adopted_from or "")):
            raise _Reject(
                Reason.UNGROUNDED,
                "an adoption lasts only with a standing marker in the confirmation or in the "
                "suggestion adopted (a go-ahead alone adopts a change, not a rule)",
            )
        return turn.created_at, Origin.ADOPTED

    def _next_message(self, turn: Turn) -> str:
        """The user's message after ``turn`` among the recent turns (``""``: none yet)."""
        turns = self.doc.working_memory.recent_turns
        position = next((i for i, t in enumerate(turns) if t is turn), len(turns))
        return turns[position + 1].user_text if position + 1 < len(turns) else ""

    def _ground_cancel(self, op: LongTermOp) -> datetime | None:
        """When the user withdrew the item ``op`` archives (``None``: the user, now)."""
        if self.user_authored:
            return None
        turn, found = self._quoted(op, "an archive")
        refusal = refuse_grounded_cancel(turn.user_text, found)
        if refusal is not None:
            raise _Reject(Reason.UNGROUNDED, refusal.why)
        return turn.created_at

    def _ground_note(self, op: LongTermOp) -> datetime | None:
        """When the user stated what a note says (``None``: no evidence given). A quote, or
        a note that replaces another, must be found in a named turn."""
        if self.user_authored:
            return self.now
        if (op.evidence_quote or "").strip() or op.supersedes:
            turn, found = self._quoted(op, "a note that quotes the user or replaces a note")
            self._grounds = grounds_of(found.sentence)
            return turn.created_at
        turns = [self.doc.turn(t) for t in op.evidence_turn_ids if isinstance(t, str)]
        times = [t.created_at for t in turns if t is not None]
        return max(times) if times else None


def _refuse_instructions(label: str, summary: str, *, rule_of_user: bool = False) -> None:
    """A note or topic never holds text that instructs the assistant; a user's rule never
    one that overrides its instructions (docs/privacy.md#instruction-like-text)."""
    text = f"{label}\n{summary}"
    rule = overrides_assistant(text) if rule_of_user else instruction_like(text)
    if rule is not None:
        raise _Reject(
            Reason.INSTRUCTION_LIKE,
            f"reads as an instruction to the assistant, not memory ({rule})",
        )


def _target_id(value: str | None) -> str:
    if value is None or not value.strip():
        raise _Reject(Reason.EMPTY_FIELD, "target_id is missing")
    return value.strip()


def _accepted(
    section: DeltaSection,
    operation: str,
    ids: list[str],
    note: str | None = None,
    *,
    evicted: list[str] | None = None,
    superseded: list[str] | None = None,
    revisions: list[str] | None = None,
    conflicts: list[str] | None = None,
) -> AcceptedOp:
    return AcceptedOp(
        section=section,
        index=-1,
        operation=operation,
        ids=ids,
        evicted=evicted or [],
        superseded=superseded or [],
        revisions=revisions or [],
        conflicts=conflicts or [],
        note=note,
    )


def apply_delta(
    doc: MemoryDocument,
    delta: MemoryDelta,
    *,
    now: datetime,
    bad_sections: Sequence[str] = (),
    expected_generation: int | None = None,
    user_authored: bool = False,
    in_place: bool = False,
    own: Own | None = None,
    changed_since: Collection[str] = (),
    ids_in_use: Callable[[], set[str]] | None = None,
    labels_name_items: bool = True,
) -> tuple[MemoryDocument, ApplyReport]:
    """Apply ``delta`` to a copy of ``doc``; returns the new document and the report.

    ``bad_sections`` names delta sections the parser dropped (not lists).
    ``expected_generation``: the generation the delta was computed for; when the
    document has moved on (a reset), the whole delta is discarded.
    ``user_authored``: the user typed these changes (``remember``, ``edit``); each
    preference or archive is grounded by its ``evidence_quote`` instead of a turn.
    ``in_place``: ``doc`` is the caller's private copy: change it instead of copying it
    first. ``own``: ``doc`` is a store transaction's copy-on-write document, changed in
    place, each element through ``own`` (:meth:`~autopatch_memory.store.Transaction.own`).
    ``changed_since``: ids of long-term items changed (or added)
    after the delta was computed; an operation that would rewrite one is rejected
    (``stale_generation``), and no rule of the delta supersedes one. ``ids_in_use``:
    the ids a new item must not take (default: the document's); a store transaction
    passes its own, which also holds the ids that left the file. ``labels_name_items``:
    a create whose label is an active item's revises that item (a model names what it
    means); ``False`` for the offline reader, whose labels are made from words.
    """
    if expected_generation is not None and doc.generation != expected_generation:
        return doc, discarded_report(
            Reason.STALE_GENERATION,
            f"computed for generation {expected_generation}, memory is at {doc.generation}",
            generation=doc.generation,
        )
    base = doc if in_place or own is not None else deep_copy(doc)
    applier = _Applier(
        base,
        now,
        user_authored=user_authored,
        changed_since=changed_since,
        # a copy has its own ids; a transaction's document those of the transaction
        ids_in_use=ids_in_use if in_place or own is not None else None,
        own=own or _itself,
        labels_name_items=labels_name_items,
    )
    report = applier.report
    for name in bad_sections:
        report.rejected.append(
            RejectedOp(
                section=_section(name),
                index=None,
                reason=Reason.BAD_SHAPE,
                detail=f"{name} is not a list",
            )
        )
    handlers: tuple[tuple[DeltaSection, list[Any], Callable[[Any], AcceptedOp]], ...] = (
        ("turn_summaries", delta.turn_summaries, applier.turn_summary),
        ("topic_operations", delta.topic_operations, applier.topic_op),
        ("long_term_operations", delta.long_term_operations, applier.long_term_op),
    )
    for section_name, ops, handle in handlers:
        for index, raw in enumerate(ops):
            try:
                accepted = handle(raw)
            except _Reject as rejection:
                report.rejected.append(
                    RejectedOp(
                        section=section_name,
                        index=index,
                        reason=rejection.reason,
                        detail=rejection.detail,
                    )
                )
                continue
            accepted.index = index
            report.accepted.append(accepted)
    return applier.doc, report


def _section(name: str) -> DeltaSection | None:
    return next((s for s in DELTA_SECTIONS if s == name), None)
