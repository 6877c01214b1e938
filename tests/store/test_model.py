"""The document model's own helpers: the deep copy handed to hosts, and the copy every
write starts from (its sections and lists its own, its elements shared: copy on write)."""

from __future__ import annotations

import copy
import random
from datetime import datetime, timedelta
from typing import Literal

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_budget import random_document

from autopatch_memory.model import MemoryDocument, deep_copy, document_copy, elements


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=2**32))
def test_a_deep_copy_is_equal_and_serializes_the_same(seed: int) -> None:
    doc = random_document(seed)
    copied = deep_copy(doc)
    assert copied == doc
    assert copied.to_bytes() == doc.to_bytes()
    assert copied.model_dump() == doc.model_dump()
    assert copied.model_fields_set == doc.model_fields_set
    assert MemoryDocument.model_validate(copied.model_dump()) == copied


def test_changing_a_deep_copy_leaves_the_original_alone() -> None:
    doc = random_document(4)  # a document with something in every part
    wm, ltm = doc.working_memory, doc.long_term_memory
    assert wm.recent_turns and wm.active_topics and ltm.project_notes and doc.repo_profile
    before = copy.deepcopy(doc)
    copied = deep_copy(doc)
    rng = random.Random(1)
    for turn in copied.working_memory.recent_turns:
        turn.scope_paths.append("src/Changed.java")  # a list inside an element
        turn.user_text = "changed"
    copied.working_memory.recent_turns.reverse()
    copied.working_memory.active_topics.clear()
    for item in copied.long_term_memory.items():
        item.updated_at += timedelta(seconds=rng.randint(1, 9))
    copied.long_term_memory.project_notes.append(copied.long_term_memory.project_notes[0])
    if copied.repo_profile is not None:
        copied.repo_profile.modules.append("changed-module")
    copied.generation += 1
    assert doc == before
    assert doc.to_bytes() == before.to_bytes()


def test_a_deep_copy_copies_every_field_that_can_hold_something_mutable() -> None:
    from pydantic import BaseModel

    from autopatch_memory.model import RepoProfile, _Copy, _copy_plan

    class Inner(BaseModel):
        tags: list[str] = []

    class Outer(BaseModel):
        name: str = ""
        when: datetime | None = None
        kind: Literal["a", "b"] = "a"
        inner: Inner | None = None
        items: list[Inner] = []
        table: dict[str, list[str]] = {}
        words: list[str] = []

    assert dict(_copy_plan(Outer)) == {
        "inner": _Copy.DEEP,
        "items": _Copy.DEEP,
        "table": _Copy.DEEP,
        "words": _Copy.LIST,
    }
    assert dict(_copy_plan(RepoProfile)) == dict.fromkeys(
        ("modules", "frameworks", "source_files"), _Copy.LIST
    )
    outer = Outer(
        inner=Inner(tags=["x"]), items=[Inner(tags=["y"])], table={"k": ["v"]}, words=["w"]
    )
    copied = deep_copy(outer)
    assert copied == outer
    assert copied.inner is not outer.inner and copied.inner is not None
    assert copied.inner.tags is not outer.inner.tags  # type: ignore[union-attr]
    assert copied.items[0] is not outer.items[0] and copied.words is not outer.words
    assert copied.table["k"] is not outer.table["k"]


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=2**32))
def test_a_document_copy_shares_the_elements_and_nothing_else(seed: int) -> None:
    doc = random_document(seed)
    before = doc.to_bytes()
    copied = document_copy(doc)
    assert copied == doc and copied.to_bytes() == before
    assert copied.model_fields_set == doc.model_fields_set
    assert all(a is b for a, b in zip(elements(copied), elements(doc), strict=True))
    assert copied.repo_profile is doc.repo_profile
    wm, ltm = copied.working_memory, copied.long_term_memory
    assert wm is not doc.working_memory and ltm is not doc.long_term_memory
    wm.recent_turns.reverse()
    wm.active_topics.clear()
    ltm.project_notes.append(ltm.durable_preferences[0]) if ltm.durable_preferences else None
    ltm.durable_preferences[:] = []
    copied.generation += 1
    assert doc.to_bytes() == before


def test_pydantic_copies_keep_their_values_in_their_own_dict() -> None:
    # What deep_copy and document_copy rely on: model_copy() gives a model whose __dict__
    # is its own (a shallow copy of the source's), read and written as the model's fields,
    # without the source's fields-set changing; a model's fields are its __dict__.
    doc = random_document(4)
    turn = doc.working_memory.recent_turns[0]
    copy = turn.model_copy()
    assert copy.__dict__ is not turn.__dict__ and copy.__dict__ == turn.__dict__
    assert set(copy.__dict__) == set(type(turn).model_fields)
    copy.__dict__.update(user_text="changed")
    assert copy.user_text == "changed" and turn.user_text != "changed"
    assert copy.model_fields_set == turn.model_fields_set
    assert b"changed" in copy.__pydantic_serializer__.to_json(copy)
