"""The size policy (docs/design.md#size-policy), as a pure function over a document.

Before a write that would pass the soft limit, working memory is trimmed in this
order; active long-term items and the repo profile are never touched:

1. drop ``assistant_text`` of ready turns, oldest first;
2. drop ready turns beyond the newest four, oldest first;
3. clip ``assistant_text`` of pending turns, oldest first;
4. drop topics, least recently touched first.

"Oldest" and "least recently touched" never rest on the wall clock alone: an item
dated after the write's time (the clock went back) goes first, and equal times keep
the order of the list (:func:`stalest_first`).

Recording a turn must always succeed, so when the file would still pass the hard
limit a last resort follows (docs/design.md#size-policy):

5. drop archived long-term items, oldest first: the user already forgot them,
   and they are the first to go under the capacity rules too (this is how a
   file that arrived over the limit becomes writable again after ``forget``);
6. drop the ready turns but the newest, oldest first;
7. drop the answers of pending turns (the question is what a summary reads);
8. drop the oldest turns (pending ones too) until only the newest is left — a pending
   turn dropped unread is kept in the cold archive (:attr:`TrimAction.turn`);
9. drop the newest turn's answer, then clip its question.

A file whose active long-term items alone pass the hard limit (a foreign or
hand-edited file; this program's own long-term budget keeps far below it) cannot
be brought under it without deleting rules and notes the user wrote. Nothing
long-term is dropped then, archived items included; the last resort works
against the long-term part plus :data:`~autopatch_memory.limits.OVER_LIMIT_WORKING_ROOM_BYTES`
of working memory instead (never past what this program reads back), and the
store lets such a write pass the hard limit as long as it does not grow the
active long-term part (docs/file-format.md).

Every step removes one thing at a time and stops as soon as the size is back
under the limit it works against, so no more is dropped than needed. A shortened turn
is a copy put in the place of the original: the document may share its elements with
the one the write read (copy on write), which must not change. The size
after each removal is known without serializing the document again: the file's
text is serialized once and patched (:class:`~autopatch_memory.file_text.FileText`),
so a trim costs one dump however many removals it takes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from datetime import datetime, timezone
from typing import TypeVar

from pydantic import BaseModel, ConfigDict

from autopatch_memory import limits
from autopatch_memory.file_text import FileText, element_size, element_text, section_size
from autopatch_memory.model import LongTermItem, MemoryDocument, Topic, Turn
from autopatch_memory.text import clip


class TrimAction(BaseModel):
    """One thing the size policy removed or shortened."""

    # Its schema is built on first use, not at import (start-up, docs/benchmarks.md).
    model_config = ConfigDict(defer_build=True)

    op: str  # drop_answer | drop_turn | clip_answer | drop_topic | drop_archived | clip_question
    target: str
    # A pending turn dropped before any summary read it: kept beside the file (the store
    # appends it to the cold archive), so what the user said in it is not lost.
    turn: Turn | None = None


def _shortened(text: FileText, items: list[Turn], turn: Turn, **fields: str) -> Turn:
    """A copy of ``turn`` with ``fields`` put in its place (the document may share the
    turn with others: it is never changed in place)."""
    new = turn.model_copy(update=fields)
    text.replace(items, turn, new)
    return new


def _drop_ready_answers(doc: MemoryDocument, text: FileText, now: datetime) -> Iterator[TrimAction]:
    turns = doc.working_memory.recent_turns
    for turn in list(turns):
        if not turn.is_pending and turn.assistant_text:
            _shortened(text, turns, turn, assistant_text="")
            yield TrimAction(op="drop_answer", target=turn.id)


def _drop_old_ready_turns(
    doc: MemoryDocument, text: FileText, now: datetime
) -> Iterator[TrimAction]:
    turns = doc.working_memory.recent_turns
    ready = [t for t in turns if not t.is_pending]
    for turn in ready[: max(0, len(ready) - limits.KEEP_READY_TURNS_WHEN_TRIMMING)]:
        text.remove(turns, turn)
        yield TrimAction(op="drop_turn", target=turn.id)


def _clip_pending_answers(
    doc: MemoryDocument, text: FileText, now: datetime
) -> Iterator[TrimAction]:
    turns = doc.working_memory.recent_turns
    for turn in list(turns):
        if turn.is_pending and len(turn.assistant_text) > limits.TRIMMED_ASSISTANT_TEXT_CHARS:
            clipped = clip(turn.assistant_text, limits.TRIMMED_ASSISTANT_TEXT_CHARS)
            _shortened(text, turns, turn, assistant_text=clipped)
            yield TrimAction(op="clip_answer", target=turn.id)


def _drop_oldest_topics(doc: MemoryDocument, text: FileText, now: datetime) -> Iterator[TrimAction]:
    topics = doc.working_memory.active_topics
    for topic in stalest_first(topics, _touched, now):
        text.remove(topics, topic)
        yield TrimAction(op="drop_topic", target=topic.id)


def _drop_archived_long_term(
    doc: MemoryDocument, text: FileText, now: datetime
) -> Iterator[TrimAction]:
    ltm = doc.long_term_memory
    archived = [i for i in ltm.items() if not i.is_active]
    for item in stalest_first(archived, _updated, now):
        text.remove(ltm.list_for(item.type), item)
        yield TrimAction(op="drop_archived", target=item.id)


def _drop_ready_turns_but_newest(
    doc: MemoryDocument, text: FileText, now: datetime
) -> Iterator[TrimAction]:
    turns = doc.working_memory.recent_turns
    for turn in list(turns[:-1]):
        if not turn.is_pending:
            text.remove(turns, turn)
            yield TrimAction(op="drop_turn", target=turn.id)


def _drop_pending_answers(
    doc: MemoryDocument, text: FileText, now: datetime
) -> Iterator[TrimAction]:
    turns = doc.working_memory.recent_turns
    for turn in list(turns[:-1]):
        if turn.is_pending and turn.assistant_text:
            _shortened(text, turns, turn, assistant_text="")
            yield TrimAction(op="drop_answer", target=turn.id)


def _drop_all_but_newest_turn(
    doc: MemoryDocument, text: FileText, now: datetime
) -> Iterator[TrimAction]:
    turns = doc.working_memory.recent_turns
    for turn in list(turns[:-1]):
        text.remove(turns, turn)
        kept = turn if turn.is_pending else None
        yield TrimAction(op="drop_turn", target=turn.id, turn=kept)


def _shrink_newest_turn(doc: MemoryDocument, text: FileText, now: datetime) -> Iterator[TrimAction]:
    turns = doc.working_memory.recent_turns
    if not turns:
        return
    newest = turns[-1]
    if newest.assistant_text:
        newest = _shortened(text, turns, newest, assistant_text="")
        yield TrimAction(op="drop_answer", target=newest.id)
    length = len(newest.user_text)
    while length > 0:
        length //= 2
        newest = _shortened(text, turns, newest, user_text=clip(newest.user_text, length))
        yield TrimAction(op="clip_question", target=newest.id)


_Step = Callable[[MemoryDocument, FileText, datetime], Iterator[TrimAction]]
_SOFT_STEPS: tuple[_Step, ...] = (
    _drop_ready_answers,
    _drop_old_ready_turns,
    _clip_pending_answers,
    _drop_oldest_topics,
)
_LAST_RESORT_STEPS: tuple[_Step, ...] = (
    _drop_archived_long_term,
    _drop_ready_turns_but_newest,
    _drop_pending_answers,
    _drop_all_but_newest_turn,
    _shrink_newest_turn,
)


_OVER_LIMIT_STEPS: tuple[_Step, ...] = (
    _drop_ready_turns_but_newest,
    _drop_pending_answers,
    _drop_all_but_newest_turn,
    _shrink_newest_turn,
)


class TrimResult(BaseModel):
    """What the size policy did, and the file's bytes after it."""

    model_config = ConfigDict(defer_build=True)

    actions: list[TrimAction]
    data: bytes
    # The size the write may not pass: the hard limit, unless the long-term part alone
    # passes it (then ``long_term_floor`` is that part's size in the file).
    limit: int = limits.HARD_LIMIT_BYTES
    long_term_floor: int | None = None


def _run(
    text: FileText, steps: tuple[_Step, ...], limit: int, actions: list[TrimAction], now: datetime
) -> bool:
    """Apply ``steps`` one removal at a time until the document fits ``limit``."""
    if text.size <= limit:
        return True
    for step in steps:
        for action in step(text.doc, text, now):
            actions.append(action)
            if text.size <= limit:
                return True
    return False


def trim_to_budget(
    doc: MemoryDocument, text: FileText | None = None, *, now: datetime | None = None
) -> TrimResult:
    """Trim ``doc`` in place per the size policy; returns what was removed and the
    document's bytes afterwards.

    ``text`` is ``doc``'s :class:`FileText` when the caller has one (it is patched
    along); otherwise ``doc`` is serialized here, once. ``now`` is the write's time
    (default: the document's ``updated_at``), which tells what the clock says is in
    the future (see :func:`stalest_first`). The caller still checks the hard limit:
    when long-term memory and the profile alone do not fit, nothing here can help
    and the write must be refused.
    """
    text = FileText(doc) if text is None else text
    now = now or doc.updated_at or _LAST_INSTANT
    actions: list[TrimAction] = []
    if _run(text, _SOFT_STEPS, limits.SOFT_LIMIT_BYTES, actions, now):
        return TrimResult(actions=actions, data=text.data)
    if text.size <= limits.HARD_LIMIT_BYTES or _last_resort_fits(text):
        _run(text, _LAST_RESORT_STEPS, limits.HARD_LIMIT_BYTES, actions, now)
        return TrimResult(actions=actions, data=text.data)
    # The active long-term part alone passes the hard limit, or leaves no room under it
    # for the newest turn cut to nothing: keep every long-term item.
    floor = text.size_keeping(_is_long_term)
    limit = min(floor + limits.OVER_LIMIT_WORKING_ROOM_BYTES, limits.MEMORY_FILE_MAX_READ_BYTES)
    _run(text, _OVER_LIMIT_STEPS, limit, actions, now)
    return TrimResult(actions=actions, data=text.data, limit=limit, long_term_floor=floor)


def _last_resort_fits(text: FileText) -> bool:
    """Whether the last resort can bring the file under the hard limit: the active
    long-term items and the newest turn, its answer dropped and its question cut to
    nothing, fit."""
    turns = text.doc.working_memory.recent_turns
    if not turns:
        return text.size_keeping(_is_active_item) <= limits.HARD_LIMIT_BYTES
    newest = turns[-1]
    with_newest = text.size_keeping(lambda m: _is_active_item(m) or m is newest)
    bare = newest.model_copy(update={"user_text": clip(newest.user_text, 0), "assistant_text": ""})
    shrunk = len(element_text(bare)) - len(element_text(newest))
    return with_newest + shrunk <= limits.HARD_LIMIT_BYTES


# No time is later than this: with it as "now", nothing is in the future.
_LAST_INSTANT = datetime.max.replace(tzinfo=timezone.utc)

_Item = TypeVar("_Item")


def stalest_first(
    items: Sequence[_Item], touched: Callable[[_Item], datetime], now: datetime
) -> list[_Item]:
    """``items`` in the order they go when room is needed: least recently touched first.

    Not by the clock alone. A time later than ``now`` was written before the clock
    went back (it was set back, or the file came from a machine ahead): such an item
    was touched before every item stamped since, so it goes first (by its own time
    among its like), instead of staying forever while fresh items go. Equal times
    keep the list's order, the order the items came in.
    """
    stamps = [touched(item) for item in items]
    order = sorted(range(len(items)), key=lambda i: (stamps[i] <= now, stamps[i], i))
    return [items[i] for i in order]


def _touched(topic: Topic) -> datetime:
    return topic.last_touched_at


def _updated(item: LongTermItem) -> datetime:
    return item.updated_at


def _is_long_term(model: BaseModel) -> bool:
    return isinstance(model, LongTermItem)


def _is_active_item(model: BaseModel) -> bool:
    return isinstance(model, LongTermItem) and model.is_active


def active_long_term_bytes(doc: MemoryDocument) -> int:
    """Bytes the active long-term items take (each as :func:`item_bytes` counts it)."""
    return sum(item_bytes(item) for item in doc.long_term_memory.items() if item.is_active)


def long_term_bytes(doc: MemoryDocument) -> int:
    """Bytes the long-term section takes in the file (its own JSON, indented)."""
    return section_size(doc.long_term_memory)


def item_bytes(item: LongTermItem) -> int:
    """Bytes one long-term item takes in :func:`long_term_bytes`."""
    return element_size(item)
