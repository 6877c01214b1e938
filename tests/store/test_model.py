"""The document model's own helpers: the deep copy every write starts from."""

from __future__ import annotations

import copy
import random
from datetime import datetime, timedelta
from typing import Literal

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_budget import random_document

from autopatch_memory.model import MemoryDocument, clone


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=2**32))
def test_a_clone_is_equal_and_serializes_the_same(seed: int) -> None:
    doc = random_document(seed)
    copied = clone(doc)
    assert copied == doc
    assert copied.to_bytes() == doc.to_bytes()
    assert copied.model_dump() == doc.model_dump()
    assert copied.model_fields_set == doc.model_fields_set
    assert MemoryDocument.model_validate(copied.model_dump()) == copied


def test_changing_a_clone_leaves_the_original_alone() -> None:
    doc = random_document(4)  # a document with something in every part
    wm, ltm = doc.working_memory, doc.long_term_memory
    assert wm.recent_turns and wm.active_topics and ltm.project_notes and doc.repo_profile
    before = copy.deepcopy(doc)
    copied = clone(doc)
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


def test_a_clone_copies_every_field_that_can_hold_something_mutable() -> None:
    from pydantic import BaseModel

    from autopatch_memory.model import RepoProfile, _clone_plan, _Copy

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

    assert dict(_clone_plan(Outer)) == {
        "inner": _Copy.DEEP,
        "items": _Copy.DEEP,
        "table": _Copy.DEEP,
        "words": _Copy.LIST,
    }
    assert dict(_clone_plan(RepoProfile)) == dict.fromkeys(
        ("modules", "frameworks", "source_files"), _Copy.LIST
    )
    outer = Outer(
        inner=Inner(tags=["x"]), items=[Inner(tags=["y"])], table={"k": ["v"]}, words=["w"]
    )
    copied = clone(outer)
    assert copied == outer
    assert copied.inner is not outer.inner and copied.inner is not None
    assert copied.inner.tags is not outer.inner.tags  # type: ignore[union-attr]
    assert copied.items[0] is not outer.items[0] and copied.words is not outer.words
    assert copied.table["k"] is not outer.table["k"]
