"""The strict applier: the only way a delta changes memory (docs/delta.md).

A pure function over a document: ``apply_delta(doc, delta, now=…)`` returns a new
document and a report, and does no I/O. Each operation is validated on its own
against the *current* document; a bad one is rejected with a :class:`Reason` and
the others still apply. The program constrains what the model proposes:

* ids are never invented or "repaired": an unknown id rejects the operation;
* model-written text over its limit is rejected (``too_long``), never clipped;
* code, diffs, stack traces and logs are rejected (``code_or_log``);
* a durable preference, and any archive, must be **grounded** in a standing
  directive the user stated in an evidence turn (:mod:`~autopatch_memory.directives`):
  the quoted sentence, or one the program finds there itself (``ungrounded``);
* a new rule on the subject of an active one **supersedes** it (the old one
  becomes inactive with ``superseded_by``); a restated rule or note updates the
  active one (no duplicates); a restated *inactive* item stays forgotten unless
  the user said it again after it was archived (``inactive_target``);
* one delta may create, update and archive only a handful of items
  (``too_many_operations``), and never evicts an active item: capacity is made
  from inactive items only (``capacity`` otherwise);
* the model can never delete, and never touches the repo profile.

``user_authored=True`` is for changes the user typed directly (``remember``,
``edit``): the op's ``evidence_quote`` is the user's own text and grounds it
without a turn; every other guard still applies.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Sequence
from datetime import datetime
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from autopatch_memory import limits
from autopatch_memory.apply_report import AcceptedOp, ApplyReport, RejectedOp, discarded_report
from autopatch_memory.budget import item_bytes, long_term_bytes, stalest_first
from autopatch_memory.directives import (
    DirectiveKind,
    Reading,
    conflicting,
    directives_in,
    find_quote,
    read_sentence,
    refers_to,
    restating,
    rule_shape,
)
from autopatch_memory.ids import new_memory_id, new_topic_id
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
    SummaryStatus,
    Topic,
    TopicOp,
    Turn,
    TurnSummaryOp,
    clone,
)
from autopatch_memory.privacy import is_only_redacted, redact
from autopatch_memory.reasons import Reason
from autopatch_memory.relevance import similarity
from autopatch_memory.text import (
    clean_text,
    has_control_characters,
    looks_like_code_or_log,
    same_label,
    tokenize,
)

_Op = TypeVar("_Op", bound=BaseModel)

# What a preference or an archive may rest on: a rule or a cancel, never a fact.
_GROUNDING_KINDS = frozenset({DirectiveKind.RULE, DirectiveKind.CANCEL})
_NOTE_ARCHIVE_KINDS = frozenset({*_GROUNDING_KINDS, DirectiveKind.FACT})
_OPERATION_CAPS: dict[Operation, int] = {
    Operation.CREATE_NEW: limits.DELTA_MAX_CREATES,
    Operation.UPDATE_EXISTING: limits.DELTA_MAX_UPDATES,
    Operation.ARCHIVE_EXISTING: limits.DELTA_MAX_ARCHIVES,
}


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
    ) -> None:
        self.doc = doc
        self.now = now
        self.user_authored = user_authored
        self.changed_since = changed_since
        self.report = ApplyReport(generation=doc.generation)
        self._counts: Counter[Operation] = Counter()
        # When the user stated each rule created by this delta (a later statement wins).
        self._stated_at: dict[str, datetime] = {}
        # Items this delta archived, and when the user said to (a new item stated in that
        # turn replaces what was cancelled: it does not restate it).
        self._archived_at: dict[str, datetime] = {}

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
        note = self._touch_topic(found, summary, label, related)
        return _accepted("topic_operations", "update_existing", [found.id], note)

    def _create_topic(self, op: TopicOp, related: list[str]) -> AcceptedOp:
        label = _text(op.label, "label", limits.MAX_LABEL_CHARS)
        summary = _text(op.summary, "summary", limits.MAX_SUMMARY_CHARS)
        assert label is not None and summary is not None
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
            id=new_topic_id(self.now, self.doc.all_ids()),
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
        """Update ``topic`` in place; returns a note, if any."""
        note = None
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
        kind = _long_term_type(op.type)
        _check_source(op.source, kind)
        label = _text(op.label, "label", limits.MAX_LABEL_CHARS)
        summary = _text(op.summary, "summary", limits.MAX_SUMMARY_CHARS)
        assert label is not None and summary is not None
        text = f"{label}. {summary}"
        stated: datetime | None
        if kind is LongTermType.DURABLE_PREFERENCE:
            stated = self._grounding(op, about=text)
            replaced = self._explicit_supersede(op.supersedes)
        else:
            self._check_note_quote(op, text)
            stated = self._note_evidence_time(op)
            replaced = None
        duplicate = self._duplicate_of(kind, label, summary)
        if duplicate is not None:
            return self._restated(duplicate, summary, stated)
        revived = self._revival(kind, label, summary, stated, op)
        if revived is not None:
            return self._revive(revived, label, summary, stated)
        later = self._replaced_later(kind, text, stated)
        if later is not None:
            return _accepted(
                "long_term_operations",
                "create_new",
                [later.id],
                f"{later.id}, stated later, replaces it: not created",
            )
        item = LongTermItem(
            id=new_memory_id(self.now, self.doc.all_ids()),
            type=kind,
            label=label,
            summary=summary,
            status=ItemStatus.ACTIVE,
            source=SOURCE_OF_TYPE[kind],
            created_at=self.now,
            updated_at=self.now,
        )
        evicted = self._make_room(item)
        superseded: list[str] = []
        if stated is not None and kind is LongTermType.DURABLE_PREFERENCE:
            self._stated_at[item.id] = stated
            superseded = self._supersede_conflicts(item, stated, also=replaced)
        return _accepted(
            "long_term_operations",
            "create_new",
            [item.id],
            evicted=evicted,
            superseded=superseded,
        )

    def _update_long_term(self, op: LongTermOp) -> AcceptedOp:
        item = self._active_target(op)
        if op.type is not None and str(op.type).strip() != item.type.value:
            raise _Reject(Reason.INVALID_TYPE, f"{item.id} is a {item.type.value}")
        _check_source(op.source, item.type)
        summary = _text(op.summary, "summary", limits.MAX_SUMMARY_CHARS)
        label = _text(op.label, "label", limits.MAX_LABEL_CHARS, required=False)
        assert summary is not None
        superseded: list[str] = []
        if item.type is LongTermType.DURABLE_PREFERENCE:
            stated = self._grounding(op, about=f"{label or item.label}. {summary}")
            note = self._revise(item, summary, label)
            superseded = self._supersede_conflicts(item, stated)
        else:
            note = self._revise(item, summary, label)
        return _accepted(
            "long_term_operations", "update_existing", [item.id], note, superseded=superseded
        )

    def _restated(self, item: LongTermItem, summary: str, stated: datetime | None) -> AcceptedOp:
        """A create that restates an active item updates it (no duplicates)."""
        later = self._stated_at.get(item.id)
        if later is not None and stated is not None and later > stated:
            return _accepted(
                "long_term_operations",
                "create_new",
                [item.id],
                "an instruction stated later in this delta covers it: unchanged",
            )
        note = self._revise(item, summary, None)
        superseded: list[str] = []
        if item.type is LongTermType.DURABLE_PREFERENCE and stated is not None:
            superseded = self._supersede_conflicts(item, stated)
        return _accepted(
            "long_term_operations",
            "create_new",
            [item.id],
            note or "duplicate: updated",
            superseded=superseded,
        )

    def _archive_long_term(self, op: LongTermOp) -> AcceptedOp:
        item = self._successor_in_this_delta(op) or self._active_target(op)
        if item.id in self.changed_since:
            # The cancel was said before the user edited or restored the item: their
            # later word keeps it.
            raise _Reject(
                Reason.STALE_GENERATION,
                f"{item.id} was changed after the summary run started; it stays active",
            )
        # A note may also be archived by the user's correction of it ("不对，…不是雪花算法").
        kinds = _NOTE_ARCHIVE_KINDS if item.type is LongTermType.PROJECT_NOTE else _GROUNDING_KINDS
        said = self._grounding(op, about=item.text, must_refer=True, kinds=kinds)
        self._archive(item, said)
        return _accepted("long_term_operations", "archive_existing", [item.id])

    def _archive(self, item: LongTermItem, said: datetime | None, *, by: str | None = None) -> None:
        """Make ``item`` inactive (``by``: the rule that superseded it), remembering when
        the user said so: a later turn of this delta that says it again revives it."""
        item.status = ItemStatus.ARCHIVED
        item.updated_at = self.now
        if by is not None:
            item.superseded_by = by
        if said is not None:
            self._archived_at[item.id] = said

    def _successor_in_this_delta(self, op: LongTermOp) -> LongTermItem | None:
        """The rule that replaced ``op``'s target earlier in this delta: the user revised a
        rule and then withdrew it ("放宽到 500 字吧" … "forget the word limit"), and the
        cancel, written against the rules shown before, ends the current version."""
        item = self.doc.long_term_item(_target_id(op.target_id))
        if item is None or item.is_active or item.superseded_by not in self._stated_at:
            return None
        successor = self.doc.long_term_item(item.superseded_by or "")
        return successor if successor is not None and successor.is_active else None

    def _active_target(self, op: LongTermOp) -> LongTermItem:
        target = _target_id(op.target_id)
        item = self.doc.long_term_item(target)
        if item is None:
            raise _Reject(Reason.UNKNOWN_TARGET, f"no long-term item {target}")
        if not item.is_active:
            raise _Reject(Reason.INACTIVE_TARGET, f"{target} is archived")
        return item

    # -- grounding -------------------------------------------------------------------

    def _evidence_turns(self, evidence: list[str]) -> list[Turn]:
        turns = []
        for turn_id in evidence:
            turn = self.doc.turn(turn_id) if isinstance(turn_id, str) else None
            if turn is None:
                raise _Reject(Reason.UNKNOWN_TARGET, f"evidence names no recent turn {turn_id}")
            turns.append(turn)
        return turns

    def _grounding(
        self,
        op: LongTermOp,
        *,
        about: str,
        must_refer: bool = False,
        kinds: frozenset[DirectiveKind] = _GROUNDING_KINDS,
    ) -> datetime:
        """When the user stated the directive this op rests on; rejects ``ungrounded``.

        The quoted sentence must be in an evidence turn and be a standing rule or a
        cancel; without a quote (or when it is not found) the evidence turns are
        searched for one that is about ``about`` (or the only one there is).
        """
        quote = (op.evidence_quote or "").strip()
        if self.user_authored:
            if not quote:
                raise _Reject(Reason.UNGROUNDED, "a user-authored change carries evidence_quote")
            return self.now
        if not op.evidence_turn_ids:
            raise _Reject(Reason.UNGROUNDED, "needs evidence_turn_ids naming the user's turn")
        turns = self._evidence_turns(op.evidence_turn_ids)
        if quote:
            for turn in turns:
                sentences = find_quote(quote, turn.user_text)
                if sentences:
                    return self._quoted(turn, sentences, about, must_refer=must_refer, kinds=kinds)
        return self._searched(turns, about, quote_missing=bool(quote), kinds=kinds)

    def _quoted(
        self,
        turn: Turn,
        sentences: list[str],
        about: str,
        *,
        must_refer: bool,
        kinds: frozenset[DirectiveKind],
    ) -> datetime:
        readings = [read_sentence(s) for s in sentences]
        grounded = [r for r in readings if r.kind in kinds] or self._read_in_turn(
            turn, sentences, kinds
        )
        if not grounded:
            first = readings[0]
            why = (
                "a project fact: store it as a project note"
                if first.kind is DirectiveKind.FACT
                else str(first.why_not)
            )
            raise _Reject(Reason.UNGROUNDED, f"the quoted sentence is {why}")
        if must_refer and not any(refers_to(r.sentence, about) for r in grounded):
            raise _Reject(Reason.UNGROUNDED, "the quoted sentence is not about this item")
        return turn.created_at

    @staticmethod
    def _read_in_turn(
        turn: Turn, sentences: list[str], kinds: frozenset[DirectiveKind]
    ) -> list[Reading]:
        """The quoted sentences that the grammar reads as a directive only with the
        sentences before them ("Drop the X part. Plain camelCase names.")."""
        wanted = {s.strip() for s in sentences}
        return [
            Reading(d.sentence, kind=d.kind)
            for d in directives_in(turn.user_text)
            if d.kind in kinds and d.sentence in wanted
        ]

    def _searched(
        self,
        turns: list[Turn],
        about: str,
        *,
        quote_missing: bool,
        kinds: frozenset[DirectiveKind] = _GROUNDING_KINDS,
    ) -> datetime:
        found = [
            (turn, d) for turn in turns for d in directives_in(turn.user_text) if d.kind in kinds
        ]
        missing = "the quote is not in the evidence turns; " if quote_missing else ""
        if not found:
            raise _Reject(
                Reason.UNGROUNDED, f"{missing}no evidence turn states a standing instruction"
            )
        related = [turn for turn, d in found if refers_to(d.clause, about)]
        if related:
            return max(t.created_at for t in related)
        if len({d.sentence for _, d in found}) == 1:
            return found[0][0].created_at
        raise _Reject(
            Reason.UNGROUNDED, f"{missing}no instruction in the evidence turns is about this item"
        )

    def _check_note_quote(self, op: LongTermOp, text: str) -> None:
        """A note that quotes the user must quote a turn it names (a copied example
        does not): the quote is there, or the note at least shares content with it."""
        quote = (op.evidence_quote or "").strip()
        if not quote or self.user_authored:
            return
        if not op.evidence_turn_ids:
            raise _Reject(Reason.UNGROUNDED, "a note that quotes the user names its turn")
        turns = self._evidence_turns(op.evidence_turn_ids)
        if any(find_quote(quote, t.user_text) for t in turns):
            return
        mine = set(tokenize(text))
        if not any(mine & set(tokenize(t.user_text)) for t in turns):
            raise _Reject(Reason.UNGROUNDED, "the quote is not in the evidence turns")

    def _note_evidence_time(self, op: LongTermOp) -> datetime | None:
        """When the user stated what a note restates (None: no evidence given)."""
        if self.user_authored:
            return self.now
        turns = [self.doc.turn(t) for t in op.evidence_turn_ids if isinstance(t, str)]
        times = [t.created_at for t in turns if t is not None]
        return max(times) if times else None

    # -- duplicates, superseding, forgotten items -----------------------------------

    def _same_item(self, kind: LongTermType, label: str, summary: str, item: LongTermItem) -> bool:
        """``label``/``summary`` restate ``item`` (and do not replace it)."""
        if kind is LongTermType.DURABLE_PREFERENCE:
            new, old = rule_shape(f"{label}. {summary}"), rule_shape(item.text)
            if conflicting(new, old):
                return False
            if restating(new, old) and (new.choices or new.terms):
                return True
        if same_label(item.label, label):
            return True
        return similarity(summary, item.summary) >= limits.NEAR_DUPLICATE_SIMILARITY

    def _duplicate_of(self, kind: LongTermType, label: str, summary: str) -> LongTermItem | None:
        active = [i for i in self.doc.long_term_memory.list_for(kind) if i.is_active]
        return next((i for i in active if self._same_item(kind, label, summary, i)), None)

    def _revival(
        self,
        kind: LongTermType,
        label: str,
        summary: str,
        stated: datetime | None,
        op: LongTermOp,
    ) -> LongTermItem | None:
        """An inactive item the op restates (the op has no active duplicate): revived when
        the user said it again after it was archived; otherwise the op is rejected (a
        forgotten item stays forgotten)."""
        inactive = [i for i in self.doc.long_term_memory.list_for(kind) if not i.is_active]
        dead = next((i for i in inactive if self._same_item(kind, label, summary, i)), None)
        if dead is None:
            return None
        cancelled = self._archived_at.get(dead.id)
        replaced = cancelled is not None and stated is not None and stated >= cancelled
        if replaced and not self.user_authored:
            # "pay-core 迁到 JUnit 5 了" archives the old note and states the new one: a
            # replacement in the turn that cancelled, not a restatement of the forgotten.
            return None
        # The user typing it now says it again, even within the second it was archived.
        said_again = self.user_authored or (stated is not None and stated > dead.updated_at)
        if said_again and not self.user_authored:
            said_again = self._evidence_names(op, dead)
        if not said_again:
            raise _Reject(
                Reason.INACTIVE_TARGET,
                f"restates {dead.id}, which was archived; only a new instruction brings it back",
            )
        return dead

    def _evidence_names(self, op: LongTermOp, item: LongTermItem) -> bool:
        """A newer evidence turn of ``op`` speaks about ``item`` (not just any directive)."""
        turns = [self.doc.turn(t) for t in op.evidence_turn_ids if isinstance(t, str)]
        recent = [t for t in turns if t is not None and t.created_at > item.updated_at]
        old = rule_shape(item.text)
        for turn in recent:
            for directive in directives_in(turn.user_text):
                new = rule_shape(directive.clause)
                if new.choices or old.choices:
                    if restating(new, old):
                        return True  # "还是用中文回答吧", not "answer in English"
                elif refers_to(directive.clause, item.text):
                    return True
        return False

    def _revive(
        self, item: LongTermItem, label: str, summary: str, stated: datetime | None
    ) -> AcceptedOp:
        note = self._revise(item, summary, label)
        item.status = ItemStatus.ACTIVE
        item.superseded_by = None
        superseded: list[str] = []
        if item.type is LongTermType.DURABLE_PREFERENCE and stated is not None:
            self._stated_at[item.id] = stated
            superseded = self._supersede_conflicts(item, stated)
        return _accepted(
            "long_term_operations",
            "create_new",
            [item.id],
            note or "restated after it was archived: active again",
            superseded=superseded,
        )

    def _replaced_later(
        self, kind: LongTermType, text: str, stated: datetime | None
    ) -> LongTermItem | None:
        """An active rule on the same subject stated after ``stated`` (see
        :meth:`_stated_after`; a model may list operations out of order): it wins."""
        if kind is not LongTermType.DURABLE_PREFERENCE or stated is None:
            return None
        shape = rule_shape(text)
        for item in self.doc.long_term_memory.durable_preferences:
            newer = item.is_active and self._stated_after(item, stated)
            if newer and conflicting(shape, rule_shape(item.text)):
                return item
        return None

    def _stated_after(self, item: LongTermItem, stated: datetime | None) -> bool:
        """``item`` was stated after an instruction stated at ``stated``: created by this
        delta from a later one, or changed after the run started (by the user, or
        another run), so after every turn the run was given."""
        later = self._stated_at.get(item.id)
        if later is None:
            return item.id in self.changed_since
        return stated is not None and later > stated

    def _explicit_supersede(self, target: str | None) -> LongTermItem | None:
        if target is None or not target.strip():
            return None
        item = self.doc.long_term_item(target.strip())
        if item is None:
            raise _Reject(Reason.UNKNOWN_TARGET, f"supersedes names no item {target}")
        if item.type is not LongTermType.DURABLE_PREFERENCE:
            raise _Reject(Reason.INVALID_TYPE, f"{item.id} is not a preference")
        if not item.is_active:
            raise _Reject(Reason.INACTIVE_TARGET, f"{item.id} is archived")
        return item

    def _supersede_conflicts(
        self, item: LongTermItem, stated: datetime | None, *, also: LongTermItem | None = None
    ) -> list[str]:
        """Make every active rule that ``item`` replaces inactive, ``superseded_by`` it."""
        shape = rule_shape(item.text)
        victims = []
        if also is not None and also is not item and not self._stated_after(also, stated):
            victims.append(also)
        for other in self.doc.long_term_memory.durable_preferences:
            if other is item or not other.is_active or other in victims:
                continue
            if self._stated_after(other, stated):
                continue  # a rule the user stated after this one stays
            if conflicting(shape, rule_shape(other.text)):
                victims.append(other)
        for victim in victims:
            self._archive(victim, stated, by=item.id)
        return [v.id for v in victims]

    def _revise(self, item: LongTermItem, summary: str, label: str | None) -> str | None:
        """Update ``item`` in place within the byte budget; returns a note, if any.

        A revision that does not make the item bigger cannot pass the budget (nothing
        else changed), so only one that grows it has the whole section measured.
        """
        if item.id in self.changed_since:
            # The model rewrote the item as it was when the run started; someone (the
            # user's edit, another run) changed it since: their text must not be lost.
            raise _Reject(
                Reason.STALE_GENERATION,
                f"{item.id} was changed after the summary run started; its new text is kept",
            )
        before = (item.label, item.summary, item.updated_at)
        size_before = item_bytes(item)
        note = None
        item.summary = summary
        if label and not same_label(label, item.label):
            siblings = self.doc.long_term_memory.list_for(item.type)
            if any(i is not item and i.is_active and same_label(i.label, label) for i in siblings):
                note = "label kept: another item already has that label"
            else:
                item.label = label
        item.updated_at = self.now
        if (
            item_bytes(item) > size_before
            and long_term_bytes(self.doc) > limits.LONG_TERM_BUDGET_BYTES
        ):
            item.label, item.summary, item.updated_at = before
            raise _Reject(Reason.CAPACITY, "long-term memory would pass its byte budget")
        return note

    def _make_room(self, item: LongTermItem) -> list[str]:
        """Add ``item``, evicting inactive items (oldest first) if needed; returns their ids.

        A delta never evicts an active item: the user has not seen it replaced. When
        only active items are left, the create is rejected (``capacity``) and the
        user decides what to forget.
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
        return [v.id for v in evicted]


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
) -> AcceptedOp:
    return AcceptedOp(
        section=section,
        index=-1,
        operation=operation,
        ids=ids,
        evicted=evicted or [],
        superseded=superseded or [],
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
    changed_since: Collection[str] = (),
) -> tuple[MemoryDocument, ApplyReport]:
    """Apply ``delta`` to a copy of ``doc``; returns the new document and the report.

    ``bad_sections`` names delta sections the parser dropped (not lists).
    ``expected_generation``: the generation the delta was computed for; when the
    document has moved on (a reset), the whole delta is discarded.
    ``user_authored``: the user typed these changes (``remember``, ``edit``); each
    preference or archive is grounded by its ``evidence_quote`` instead of a turn.
    ``in_place``: ``doc`` is the caller's private copy (a store transaction's): change it instead
    of copying it first. ``changed_since``: ids of long-term items changed (or added)
    after the delta was computed; an operation that would rewrite one is rejected
    (``stale_generation``), and no rule of the delta supersedes one.
    """
    if expected_generation is not None and doc.generation != expected_generation:
        return doc, discarded_report(
            Reason.STALE_GENERATION,
            f"computed for generation {expected_generation}, memory is at {doc.generation}",
            generation=doc.generation,
        )
    base = doc if in_place else clone(doc)
    applier = _Applier(base, now, user_authored=user_authored, changed_since=changed_since)
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
