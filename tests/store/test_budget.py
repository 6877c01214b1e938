"""The size policy in one pass, and the file text it patches (file_text.FileText).

The oracle is the step-by-step policy as it was before: serialize the whole
document after every single removal and stop as soon as it fits. The one-pass
policy must keep exactly what it kept: the same removals in the same order, and
byte for byte the same file.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from datetime import datetime, timedelta, timezone
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from autopatch_memory import file_text, limits
from autopatch_memory.budget import TrimAction, long_term_bytes, trim_to_budget
from autopatch_memory.file_text import FileText, model_lists
from autopatch_memory.intents import IntentType
from autopatch_memory.model import (
    ItemStatus,
    LongTermItem,
    LongTermType,
    MemoryDocument,
    RepoProfile,
    Source,
    SummaryStatus,
    Topic,
    Turn,
    document_copy,
)
from autopatch_memory.text import clip

# --- the oracle: the policy as it was, one full serialization per removal -------------


def _old_drop_ready_answers(doc: MemoryDocument) -> Iterator[TrimAction]:
    for turn in doc.working_memory.recent_turns:
        if not turn.is_pending and turn.assistant_text:
            turn.assistant_text = ""
            yield TrimAction(op="drop_answer", target=turn.id)


def _old_drop_old_ready_turns(doc: MemoryDocument) -> Iterator[TrimAction]:
    turns = doc.working_memory.recent_turns
    ready = [t for t in turns if not t.is_pending]
    for turn in ready[: max(0, len(ready) - limits.KEEP_READY_TURNS_WHEN_TRIMMING)]:
        turns.remove(turn)
        yield TrimAction(op="drop_turn", target=turn.id)


def _old_clip_pending_answers(doc: MemoryDocument) -> Iterator[TrimAction]:
    for turn in doc.working_memory.recent_turns:
        if turn.is_pending and len(turn.assistant_text) > limits.TRIMMED_ASSISTANT_TEXT_CHARS:
            turn.assistant_text = clip(turn.assistant_text, limits.TRIMMED_ASSISTANT_TEXT_CHARS)
            yield TrimAction(op="clip_answer", target=turn.id)


def _old_drop_oldest_topics(doc: MemoryDocument) -> Iterator[TrimAction]:
    topics = doc.working_memory.active_topics
    for topic in sorted(topics, key=lambda t: t.last_touched_at):
        topics.remove(topic)
        yield TrimAction(op="drop_topic", target=topic.id)


def _old_drop_archived_long_term(doc: MemoryDocument) -> Iterator[TrimAction]:
    ltm = doc.long_term_memory
    for item in sorted((i for i in ltm.items() if not i.is_active), key=lambda i: i.updated_at):
        ltm.list_for(item.type).remove(item)
        yield TrimAction(op="drop_archived", target=item.id)


def _old_drop_ready_turns_but_newest(doc: MemoryDocument) -> Iterator[TrimAction]:
    turns = doc.working_memory.recent_turns
    for turn in list(turns[:-1]):
        if not turn.is_pending:
            turns.remove(turn)
            yield TrimAction(op="drop_turn", target=turn.id)


def _old_drop_pending_answers(doc: MemoryDocument) -> Iterator[TrimAction]:
    for turn in doc.working_memory.recent_turns[:-1]:
        if turn.is_pending and turn.assistant_text:
            turn.assistant_text = ""
            yield TrimAction(op="drop_answer", target=turn.id)


def _old_drop_all_but_newest_turn(doc: MemoryDocument) -> Iterator[TrimAction]:
    turns = doc.working_memory.recent_turns
    for turn in list(turns[:-1]):
        turns.remove(turn)
        yield TrimAction(op="drop_turn", target=turn.id)


def _old_shrink_newest_turn(doc: MemoryDocument) -> Iterator[TrimAction]:
    turns = doc.working_memory.recent_turns
    if not turns:
        return
    newest = turns[-1]
    if newest.assistant_text:
        newest.assistant_text = ""
        yield TrimAction(op="drop_answer", target=newest.id)
    length = len(newest.user_text)
    while length > 0:
        length //= 2
        newest.user_text = clip(newest.user_text, length)
        yield TrimAction(op="clip_question", target=newest.id)


_OldStep = Callable[[MemoryDocument], Iterator[TrimAction]]
_OLD_SOFT: tuple[_OldStep, ...] = (
    _old_drop_ready_answers,
    _old_drop_old_ready_turns,
    _old_clip_pending_answers,
    _old_drop_oldest_topics,
)
_OLD_LAST_RESORT: tuple[_OldStep, ...] = (
    _old_drop_archived_long_term,
    _old_drop_ready_turns_but_newest,
    _old_drop_pending_answers,
    _old_drop_all_but_newest_turn,
    _old_shrink_newest_turn,
)


def old_trim(doc: MemoryDocument) -> tuple[list[TrimAction], bytes, int]:
    """The step-by-step policy; returns its actions, the bytes, and how many dumps."""
    dumps = 0

    def size() -> bytes:
        nonlocal dumps
        dumps += 1
        return doc.to_json().encode("utf-8")

    data = size()
    actions: list[TrimAction] = []

    def run(steps: tuple[_OldStep, ...], limit: int) -> bool:
        nonlocal data
        if len(data) <= limit:
            return True
        for step in steps:
            for action in step(doc):
                actions.append(action)
                data = size()
                if len(data) <= limit:
                    return True
        return False

    if not run(_OLD_SOFT, limits.SOFT_LIMIT_BYTES):
        run(_OLD_LAST_RESORT, limits.HARD_LIMIT_BYTES)
    return actions, data, dumps


# --- documents of every shape near and over the limits ----------------------------------

# Text the serializer must escape or encode in several bytes: CJK, quotes, backslashes,
# control characters, four-byte emoji, the clip mark.
_ALPHABETS = (
    "模块用户偏好中文回答配置缓存队列补丁的以后总是事务边界",
    "abcdefghijklmnopqrstuvwxyz ABCDEFGHIJ 0123456789 .,;:-_/",
    '"\\\n\t\r\x01\x1f\u2028😀…<>&',
)
_OFFSETS = (
    timezone.utc,
    timezone(timedelta(hours=8)),
    timezone(timedelta(hours=-5, minutes=-30)),
)
_T0 = datetime(2026, 5, 1, 12, 0, 0, tzinfo=timezone(timedelta(hours=8)))


def _text(rng: random.Random, longest: int) -> str:
    size = rng.choice((0, 1, rng.randint(0, longest), longest))
    pools = rng.sample(_ALPHABETS, rng.randint(1, len(_ALPHABETS)))
    alphabet = "".join(pools)
    return "".join(rng.choice(alphabet) for _ in range(size))


def _when(rng: random.Random) -> datetime:
    moment = _T0 + timedelta(seconds=rng.randint(-86_400, 86_400))
    return moment.astimezone(rng.choice(_OFFSETS))


def _long_term_item(rng: random.Random, index: int, kind: LongTermType) -> LongTermItem:
    created = _when(rng)
    return LongTermItem(
        id=f"mem_20260501_{index:03d}",
        type=kind,
        label=_text(rng, limits.MAX_LABEL_CHARS) or "label",
        summary=_text(rng, limits.MAX_SUMMARY_CHARS) or "summary",
        status=ItemStatus.ARCHIVED if rng.random() < 0.3 else ItemStatus.ACTIVE,
        source=Source.USER_EXPLICIT
        if kind is LongTermType.DURABLE_PREFERENCE
        else Source.CONVERSATION_SUMMARY,
        created_at=created,
        # Ties on purpose: the order of equal keys must be the same too.
        updated_at=created if rng.random() < 0.3 else _when(rng),
    )


def _turn(rng: random.Random, index: int) -> Turn:
    ready = rng.random() < 0.5
    return Turn(
        id=f"turn_20260501_1200{index:02d}_{index + 1:03d}",
        intent=rng.choice((IntentType.GENERAL_CHAT, IntentType.CODE_EXPLAIN)),
        user_text=_text(rng, limits.MAX_USER_TEXT_CHARS) or "q",
        assistant_text=_text(rng, limits.MAX_ASSISTANT_TEXT_CHARS),
        summary=_text(rng, limits.MAX_SUMMARY_CHARS) if ready else "",
        summary_status=SummaryStatus.READY if ready else SummaryStatus.PENDING,
        scope_paths=[f"src/{_text(rng, 12)}.java" for _ in range(rng.randint(0, 3))],
        created_at=_when(rng),
    )


def random_document(seed: int) -> MemoryDocument:
    """A document of random shape and size, often far over the soft limit."""
    rng = random.Random(seed)
    doc = MemoryDocument(generation=rng.randint(0, 3), epoch=f"{seed:016x}"[-16:])
    if rng.random() < 0.7:
        doc.repo_profile = RepoProfile(
            build_tool="maven",
            java_version="17",
            project_name=_text(rng, 40) or "demo",
            modules=[_text(rng, 30) or "m" for _ in range(rng.randint(0, 20))],
            frameworks=["spring boot", "mybatis"],
            source_files=["pom.xml"],
            updated_at=_when(rng),
        )
    ltm = doc.long_term_memory
    for index in range(rng.randint(0, 50)):
        kind = rng.choice(tuple(LongTermType))
        ltm.list_for(kind).append(_long_term_item(rng, index, kind))
    for index in range(rng.randint(0, limits.MAX_ACTIVE_TOPICS)):
        doc.working_memory.active_topics.append(
            Topic(
                id=f"topic_20260501_{index + 1:03d}",
                label=_text(rng, limits.MAX_LABEL_CHARS) or "topic",
                summary=_text(rng, limits.MAX_SUMMARY_CHARS),
                related_turn_ids=[f"turn_{i}" for i in range(rng.randint(0, 3))],
                last_touched_at=_when(rng),
            )
        )
    for index in range(rng.randint(0, limits.MAX_RECENT_TURNS)):
        doc.working_memory.recent_turns.append(_turn(rng, index))
    return doc


def _copy(doc: MemoryDocument) -> MemoryDocument:
    return MemoryDocument.model_validate_json(doc.to_bytes())


def _ops(actions: list[TrimAction]) -> list[tuple[str, str]]:
    return [(a.op, a.target) for a in actions]


# --- one pass == step by step --------------------------------------------------------


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=2**32))
def test_one_pass_trim_keeps_exactly_what_the_step_by_step_policy_keeps(seed: int) -> None:
    doc = random_document(seed)
    mine, oracle = _copy(doc), _copy(doc)
    result = trim_to_budget(mine)
    actions, data, _ = old_trim(oracle)
    assert _ops(result.actions) == _ops(actions)
    assert result.data == data
    # The patched text is the trimmed document's own serialization.
    assert result.data == mine.to_bytes()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=2**32))
def test_a_layout_file_text_does_not_know_still_trims_exactly(seed: int) -> None:
    # The fallback (serialize after every change) must give the same result too.
    doc = random_document(seed)
    mine, oracle = _copy(doc), _copy(doc)
    original = file_text._cut
    file_text._cut = lambda data, lists: None  # type: ignore[assignment]
    try:
        result = trim_to_budget(mine)
    finally:
        file_text._cut = original
    actions, data, _ = old_trim(oracle)
    assert _ops(result.actions) == _ops(actions)
    assert result.data == data


def _over_the_limit_with_many_removals() -> MemoryDocument:
    """Twelve ready turns with long answers and eight topics: twenty removals at least."""
    rng = random.Random(7)
    doc = MemoryDocument(epoch="e" * 16)
    for index in range(20):
        note = _long_term_item(rng, index, LongTermType.PROJECT_NOTE)
        note.summary = "说明" * 100
        doc.long_term_memory.project_notes.append(note)
    for index in range(limits.MAX_ACTIVE_TOPICS):
        doc.working_memory.active_topics.append(
            Topic(
                id=f"topic_20260501_{index + 1:03d}",
                label=f"topic {index}",
                summary="话题" * 140,
                last_touched_at=_T0 + timedelta(minutes=index),
            )
        )
    for index in range(limits.MAX_RECENT_TURNS):
        doc.working_memory.recent_turns.append(
            Turn(
                id=f"turn_20260501_1200{index:02d}_{index + 1:03d}",
                intent=IntentType.GENERAL_CHAT,
                user_text="问题" * 300,
                assistant_text="回答" * 900,
                summary="摘要",
                summary_status=SummaryStatus.READY,
                created_at=_T0,
            )
        )
    return doc


def test_a_trim_serializes_the_document_once_however_many_removals(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    doc = _over_the_limit_with_many_removals()
    _, _, old_dumps = old_trim(_copy(doc))
    dumps = 0
    real = MemoryDocument.to_bytes

    def counted(self: MemoryDocument) -> bytes:
        nonlocal dumps
        dumps += 1
        return real(self)

    monkeypatch.setattr(MemoryDocument, "to_bytes", counted)
    result = trim_to_budget(doc)
    assert len(result.actions) >= 20 and old_dumps > 20
    assert dumps == 1
    monkeypatch.undo()
    assert result.data == doc.to_bytes()
    assert len(result.data) <= limits.HARD_LIMIT_BYTES


# --- the file text, patched in place, stays the document's serialization --------------


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=2**32), st.randoms(use_true_random=False))
def test_every_patch_keeps_the_text_equal_to_a_fresh_serialization(
    seed: int, rng: random.Random
) -> None:
    doc = random_document(seed)
    text = FileText(doc)
    for _ in range(12):
        choice = rng.randrange(5)
        elements: list[tuple[list[Any], Any]] = [
            (items, element) for items in model_lists(doc) for element in items
        ]
        if choice == 0:
            doc.updated_at = _when(rng) if rng.random() < 0.8 else None
            text.set_field("updated_at")
        elif choice == 1:
            doc.epoch = rng.choice([None, "", "0123456789abcdef", "新纪元\n"])
            text.set_field("epoch")
        elif choice == 2 and elements:
            items, element = rng.choice(elements)
            text.remove(items, element)
            assert all(e is not element for e in items)
        elif choice == 3 and elements:
            _, element = rng.choice(elements)
            field = "summary" if isinstance(element, LongTermItem | Topic) else "assistant_text"
            setattr(element, field, _text(rng, 400))
            text.changed(element)
        else:
            doc.generation += 1
            text.set_field("generation")
        assert text.data == doc.to_bytes()
        assert text.size == len(text.data)
    # Element texts are the elements' own serializations, in file order.
    listed = text.elements()
    assert listed is not None
    assert [model for model, _ in listed] == [e for items in model_lists(doc) for e in items]
    assert all(body == file_text.element_text(model) for model, body in listed)


def _changed_copy(doc: MemoryDocument, rng: random.Random) -> MemoryDocument:
    """A private copy of ``doc`` (as the store makes one), changed the ways an update can."""
    copy = MemoryDocument.model_validate(doc.model_dump())
    for _ in range(rng.randint(0, 6)):
        elements = [(items, e) for items in model_lists(copy) for e in items]
        choice = rng.randrange(9)
        if choice == 0 and elements:
            items, element = rng.choice(elements)
            items.remove(element)
        elif choice == 1 and elements:
            _, element = rng.choice(elements)
            field = "summary" if isinstance(element, LongTermItem | Topic) else "assistant_text"
            setattr(element, field, _text(rng, 300))
        elif choice == 2 and elements:
            # The same instant at another offset: equal, and still written differently.
            _, element = rng.choice(elements)
            field = "last_touched_at" if isinstance(element, Topic) else "created_at"
            moment = getattr(element, field)
            setattr(element, field, moment.astimezone(rng.choice(_OFFSETS)))
        elif choice == 3:
            copy.working_memory.recent_turns.append(_turn(rng, 40 + rng.randint(0, 50)))
        elif choice == 4:
            copy.working_memory.recent_turns.clear()  # a list emptied
        elif choice == 5:
            index = rng.randint(60, 90)
            copy.long_term_memory.project_notes.insert(
                0, _long_term_item(rng, index, LongTermType.PROJECT_NOTE)
            )
        elif choice == 6:
            copy.generation += 1
        elif choice == 7 and copy.repo_profile is not None:
            copy.repo_profile.modules.append(_text(rng, 20) or "m")
        elif elements:  # the same element twice in a list: ids no longer unique
            items, element = rng.choice(elements)
            items.append(element.model_copy())
    return copy


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=2**32), st.integers(min_value=0, max_value=2**32))
def test_a_text_derived_from_the_last_write_is_the_copys_serialization(
    seed: int, changes: int
) -> None:
    doc = random_document(seed)
    written = FileText(doc)
    written.elements()  # cut, as after a write
    copy = _changed_copy(doc, random.Random(changes))
    derived = FileText(copy, copied_from=written)
    assert derived.data == copy.to_bytes()
    assert derived.size == len(derived.data)
    # It can be patched like any other.
    for items in model_lists(copy):
        derived.remove(items, items[0])
        break
    assert derived.data == copy.to_bytes()


def test_a_derived_text_reuses_the_texts_of_unchanged_elements(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    doc = random_document(5)
    doc.working_memory.recent_turns[:] = [_turn(random.Random(i), i) for i in range(6)]
    written = FileText(doc)
    written.elements()
    copy = MemoryDocument.model_validate(doc.model_dump())
    copy.working_memory.recent_turns.pop(0)
    copy.working_memory.recent_turns.append(_turn(random.Random(9), 9))
    serialized: list[Any] = []
    real = file_text.element_text

    def counted(model: Any) -> bytes:
        serialized.append(model)
        return real(model)

    real_dump = MemoryDocument.to_bytes

    def skeleton_only(self: MemoryDocument) -> bytes:
        assert not any(model_lists(self)), "the whole document was serialized"
        return real_dump(self)

    monkeypatch.setattr(file_text, "element_text", counted)
    monkeypatch.setattr(MemoryDocument, "to_bytes", skeleton_only)
    derived = FileText(copy, copied_from=written)
    assert serialized == [copy.working_memory.recent_turns[-1]]  # only the new turn
    monkeypatch.undo()
    assert derived.data == copy.to_bytes()


def test_a_patch_file_text_cannot_place_falls_back_to_a_full_serialization() -> None:
    doc = random_document(3)
    doc.working_memory.recent_turns.append(_turn(random.Random(1), 30))
    text = FileText(doc)
    stranger = _turn(random.Random(2), 31)  # in no list of this document
    doc.working_memory.recent_turns.append(stranger)
    text.changed(stranger)
    assert text.data == doc.to_bytes()
    assert text.elements() is None  # from now on, the whole document every time
    text.remove(doc.working_memory.recent_turns, stranger)
    assert stranger not in doc.working_memory.recent_turns
    assert text.data == doc.to_bytes()


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=2**32), st.integers(min_value=0, max_value=2**32))
def test_long_term_bytes_is_the_size_of_the_sections_own_text(seed: int, changes: int) -> None:
    doc = random_document(seed)

    def own_text() -> int:
        return len(doc.long_term_memory.model_dump_json(indent=2).encode("utf-8"))

    assert long_term_bytes(doc) == own_text()
    # A copy with changed items, as the applier sees one: sizes known by id are
    # reused only for items whose values are still the same.
    doc = _changed_copy(doc, random.Random(changes))
    rng = random.Random(changes)
    for item in doc.long_term_memory.items():
        if rng.random() < 0.3:
            item.summary = _text(rng, 200) or "s"
        elif rng.random() < 0.2:
            item.updated_at = item.updated_at.astimezone(rng.choice(_OFFSETS))
    assert long_term_bytes(doc) == own_text()
    assert long_term_bytes(doc) == own_text()  # from the cache


def test_a_text_derived_from_a_copy_on_write_serializes_only_what_changed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The store's writes: a document_copy shares the elements of the document written
    # last; a changed element is a copy put in its place. The derived text reuses every
    # shared element's text by identity, and the glue between the elements while the
    # profile and the scalars are unchanged: nothing else is serialized.
    doc = random_document(5)
    doc.working_memory.recent_turns[:] = [_turn(random.Random(i), i) for i in range(6)]
    written = FileText(doc)
    written.elements()
    copy = document_copy(doc)
    turns = copy.working_memory.recent_turns
    turns.pop(0)
    turns.append(_turn(random.Random(9), 9))
    changed = turns[1].model_copy(update={"summary": "改过的摘要"})
    turns[1] = changed
    serialized: list[Any] = []
    real = file_text.element_text

    def counted(model: Any) -> bytes:
        serialized.append(model)
        return real(model)

    def never(self: MemoryDocument) -> bytes:
        raise AssertionError("the document was serialized")

    monkeypatch.setattr(file_text, "element_text", counted)
    monkeypatch.setattr(MemoryDocument, "to_bytes", never)
    derived = FileText(copy, copied_from=written)
    data = derived.data
    monkeypatch.undo()
    assert serialized == [changed, turns[-1]]  # the changed turn and the new one
    assert data == copy.to_bytes()
    # A shortened element put in the place of a shared one (the size policy's way).
    shortened = turns[2].model_copy(update={"assistant_text": ""})
    derived.replace(turns, turns[2], shortened)
    assert turns[2] is shortened
    assert derived.data == copy.to_bytes() and derived.size == len(derived.data)
    assert doc.to_bytes() == written.data  # the document written last is untouched
