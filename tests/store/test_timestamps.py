"""Timestamps a file holds never break memory: they are clamped to a sane range on read,
and what makes room (topics, archived items, turns) never rests on the clock alone
(docs/file-format.md#fields, docs/design.md#size-policy).

(Both found by a fault hunt: a naive "9999-12-31T23:59:59" raised OverflowError out
of the library, and after the clock went back, future-dated topics were never evicted
while fresh ones were.)
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest

from autopatch_memory import limits
from autopatch_memory.applier import apply_delta
from autopatch_memory.budget import stalest_first, trim_to_budget
from autopatch_memory.memory import ProjectMemory
from autopatch_memory.model import MemoryDelta, MemoryDocument
from autopatch_memory.store import parse_document

CST = timezone(timedelta(hours=8))
NOW = datetime(2026, 5, 1, 12, 0, 0, tzinfo=CST)
PAST = "2026-04-30T09:00:00+08:00"
FUTURE = "2030-01-01T09:00:00+08:00"  # written before the clock went back


@pytest.fixture
def new_york(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A local zone behind UTC: a naive 9999-12-31T23:59:59 read as local time overflows."""
    if not hasattr(time, "tzset"):
        pytest.skip("needs time.tzset")
    monkeypatch.setenv("TZ", "America/New_York")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def _topic(index: int, when: str, label: str | None = None) -> dict[str, Any]:
    return {
        "id": f"topic_20260430_{index:03d}",
        "label": label or f"topic {index}",
        "summary": f"用户关注第 {index} 个话题：Optional 与 Stream 的用法。",
        "related_turn_ids": [],
        "last_touched_at": when,
    }


def _item(index: int, when: str, *, active: bool = True, size: int = 0) -> dict[str, Any]:
    return {
        "id": f"mem_20260430_{index:03d}",
        "type": "project_note",
        "label": f"module-{index:02d} duties",
        "summary": f"module-{index:02d} 负责 Service{index} 的领域逻辑。" + "说明" * size,
        "status": "active" if active else "inactive",
        "source": "conversation_summary",
        "created_at": PAST,
        "updated_at": when,
    }


def _file(**sections: Any) -> bytes:
    doc = {
        "version": 1,
        "working_memory": {"recent_turns": [], "active_topics": sections.get("topics", [])},
        "long_term_memory": {"durable_preferences": [], "project_notes": sections.get("notes", [])},
    }
    return json.dumps(doc, ensure_ascii=False, indent=2).encode("utf-8")


# --- the sane range -------------------------------------------------------------------


@pytest.mark.usefixtures("new_york")
def test_a_naive_far_future_timestamp_is_clamped_not_an_overflow(repo: Path) -> None:
    folder = repo / ".autopatch-j"
    folder.mkdir()
    topics = [_topic(1, "9999-12-31T23:59:59"), _topic(2, "0001-01-01T00:00:00+14:00")]
    (folder / "memory.json").write_bytes(_file(topics=topics))
    with ProjectMemory.open(repo, backend="off") as memory:
        memory.context("general_chat", "Optional 怎么用？")
        stored = memory.document().working_memory.active_topics
        assert memory.record_turn("general_chat", "Optional 怎么用？", "用 orElse。")
    last, first = stored[0].last_touched_at, stored[1].last_touched_at
    assert (last.year, last.month, last.day, last.hour, last.minute, last.second) == (
        limits.TIMESTAMP_MAX_YEAR, 12, 31, 23, 59, 59,
    )  # fmt: skip
    assert (first.year, first.month, first.day) == (limits.TIMESTAMP_MIN_YEAR, 1, 1)
    assert last.tzinfo is not None and first.tzinfo is not None


@pytest.mark.parametrize(
    "written",
    ["9999-12-31T23:59:59", "9999-12-31T23:59:59-12:00", "0001-01-01T00:00:00+14:00"],
)
@pytest.mark.usefixtures("new_york")
def test_any_timestamp_at_the_ends_of_the_calendar_reads_and_sorts(written: str) -> None:
    doc, problem = parse_document(_file(topics=[_topic(1, written), _topic(2, PAST)]))
    assert problem is None
    topics = doc.working_memory.active_topics
    assert len(stalest_first(topics, lambda t: t.last_touched_at, NOW)) == 2
    assert all(t.last_touched_at.tzinfo is not None for t in topics)


# --- a clock that went back ---------------------------------------------------------------


def test_future_dated_items_go_first_the_rest_by_time_then_position() -> None:
    stamps = ["b-past", "future-2", "a-past-tie", "future-1", "a-past-tie-2"]
    when = {
        "b-past": NOW - timedelta(hours=1),
        "a-past-tie": NOW - timedelta(days=1),
        "a-past-tie-2": NOW - timedelta(days=1),
        "future-1": NOW + timedelta(days=100),
        "future-2": NOW + timedelta(days=200),
    }
    assert stalest_first(stamps, when.__getitem__, NOW) == [
        "future-1",
        "future-2",
        "a-past-tie",
        "a-past-tie-2",
        "b-past",
    ]


def _new_topic(label: str) -> MemoryDelta:
    return MemoryDelta.model_validate(
        {
            "topic_operations": [
                {"operation": "create_new", "label": label, "summary": f"用户关注 {label}。"}
            ]
        }
    )


def test_the_applier_evicts_future_dated_topics_before_fresh_ones() -> None:
    topics = [_topic(i, PAST) for i in range(1, limits.MAX_ACTIVE_TOPICS - 1)]
    topics.insert(2, _topic(90, FUTURE, "stuck in the future"))
    topics.append(_topic(91, FUTURE, "also in the future"))
    doc, _ = parse_document(_file(topics=topics))
    assert len(doc.working_memory.active_topics) == limits.MAX_ACTIVE_TOPICS
    evicted = []
    for label in ("Redis 缓存", "事务传播", "JUnit 5"):
        doc, report = apply_delta(doc, _new_topic(label), now=NOW)
        evicted += report.accepted[0].evicted
    # The two future-dated ones first (the clock says they are the newest), then the
    # oldest of the rest, by time, then by position.
    assert evicted == ["topic_20260430_090", "topic_20260430_091", "topic_20260430_001"]


def test_the_applier_makes_room_with_a_future_dated_archived_item_first(repo: Path) -> None:
    notes = [_item(i, PAST) for i in range(1, limits.MAX_LONG_TERM_ITEMS - 1)]
    notes.append(_item(60, PAST, active=False))
    notes.append(_item(61, FUTURE, active=False))
    folder = repo / ".autopatch-j"
    folder.mkdir()
    (folder / "memory.json").write_bytes(_file(notes=notes))
    with ProjectMemory.open(repo, backend="off", clock=lambda: NOW) as memory:
        change = memory.remember("Always run mvn verify before pushing.")
        kept = {item.id for item in memory.document().long_term_memory.items()}
    assert change.evicted == ["mem_20260430_061"]
    assert "mem_20260430_060" in kept


def test_the_size_policy_drops_future_dated_topics_first() -> None:
    # Long-term notes near the soft limit, so that the policy reaches its topic step.
    notes = [_item(i, PAST, size=150) for i in range(1, 45)]
    topics = [_topic(i, PAST) for i in range(1, 7)]
    topics.insert(3, _topic(90, FUTURE, "stuck in the future"))
    doc, _ = parse_document(_file(notes=notes, topics=topics))
    assert isinstance(doc, MemoryDocument)
    result = trim_to_budget(doc, now=NOW)
    dropped = [a.target for a in result.actions if a.op == "drop_topic"]
    assert dropped, "the document must pass the soft limit for this test"
    assert dropped[0] == "topic_20260430_090"
    assert dropped[1:] == [f"topic_20260430_{i:03d}" for i in range(1, len(dropped))]
