"""Salvage has a CPU-time budget (``SALVAGE_CPU_SECONDS``): a planted file of tens of
thousands of invalid items cannot block the host's turn (docs/file-format.md).

(Found by a fault hunt: a planted 123 KiB memory file full of invalid items blocked
the host's turn for over a second during salvage.)
"""

from __future__ import annotations

import gc
import json
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from autopatch_memory import limits
from autopatch_memory.memory import ProjectMemory
from autopatch_memory.store import LoadProblem, parse_document

# CPU time of this thread: what the turn itself costs, whatever else the machine runs.
_cpu = time.thread_time


@contextmanager
def _no_collection() -> Iterator[None]:
    """A collection of the whole test process's heap (thousands of tests' objects) is
    not what salvage costs a host: it is kept out of the measurement."""
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


PLANTED_BYTES = 123 * 1024


def _planted(element: str) -> bytes:
    """A version-1 file of about 123 KiB whose turns are all ``element`` (invalid)."""
    count = (PLANTED_BYTES - 64) // (len(element) + 1)
    turns = ",".join([element] * count)
    return f'{{"version": 1, "working_memory": {{"recent_turns": [{turns}]}}}}'.encode()


ELEMENTS = ["0", "{}", '"x"', '{"id": "t"}']


@pytest.mark.parametrize("element", ELEMENTS)
def test_salvaging_a_planted_file_stays_within_its_budget(element: str) -> None:
    data = _planted(element)
    assert len(data) > 120 * 1024
    with _no_collection():
        started = _cpu()
        doc, problem = parse_document(data)
        spent = _cpu() - started
    assert spent < 0.2, f"{spent:.3f} s"
    assert doc.working_memory.recent_turns == []
    assert problem is not None and problem.kind is LoadProblem.SALVAGED
    # What the budget left unexamined is one part, kept in the backup.
    assert "not examined" in str(problem.dropped[-1])


def test_the_hosts_turn_on_a_planted_file_stays_under_a_fifth_of_a_second(repo: Path) -> None:
    warm = repo.parent / "warm"
    (warm / ".git").mkdir(parents=True)
    with ProjectMemory.open(warm, backend="off") as memory:  # the grammar and rules load once
        memory.record_turn("general_chat", "How does OrderService refund?", "")
        memory.context("general_chat", "OrderService")
    folder = repo / ".autopatch-j"
    folder.mkdir()
    planted = _planted("0")
    (folder / "memory.json").write_bytes(planted)
    with ProjectMemory.open(repo, backend="off") as memory, _no_collection():
        started = _cpu()
        memory.context("general_chat", "How does OrderService refund?")
        turn = memory.record_turn("general_chat", "How does OrderService refund?", "")
        spent = _cpu() - started
        assert turn is not None
    assert spent < 0.2, f"{spent:.3f} s"
    assert (folder / "memory.salvaged.json").read_bytes() == planted  # nothing is lost


def test_with_no_budget_left_nothing_is_examined_and_nothing_is_lost(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The budget is what bounds the work: with none, the items are left out unexamined.
    monkeypatch.setattr(limits, "SALVAGE_CPU_SECONDS", 0.0)
    turns = [{"id": "turn_bad", "intent": "code_audit"}] * 3
    data = json.dumps({"version": 1, "working_memory": {"recent_turns": turns}}).encode()
    _, problem = parse_document(data)
    assert problem is not None
    assert [str(p) for p in problem.dropped] == [
        "working_memory.recent_turns[0:]: 3 item(s) not examined: the salvage ran out of its "
        "0 s time budget (kept in the backup)"
    ]


def test_a_file_of_ordinary_size_is_salvaged_whole() -> None:
    turns = [
        {
            "id": f"turn_20260501_120000_{n:03d}",
            "intent": "code_audit" if n % 2 else "general_chat",
            "user_text": f"question {n}",
            "created_at": "2026-05-01T12:00:00+08:00",
        }
        for n in range(limits.MAX_RECENT_TURNS * 4)
    ]
    data = json.dumps({"version": 1, "working_memory": {"recent_turns": turns}}).encode()
    doc, problem = parse_document(data)
    assert len(doc.working_memory.recent_turns) == limits.MAX_RECENT_TURNS * 2
    assert problem is not None and len(problem.dropped) == limits.MAX_RECENT_TURNS * 2
    assert not any("not examined" in str(p) for p in problem.dropped)


def test_many_valid_items_are_not_a_problem() -> None:
    # Past the count validated whole, every item is validated alone: all are kept.
    turns = [
        {
            "id": f"turn_20260501_120000_{n:03d}",
            "intent": "general_chat",
            "user_text": f"question {n}",
            "created_at": "2026-05-01T12:00:00+08:00",
        }
        for n in range(limits.WHOLE_VALIDATION_MAX_ITEMS + 5)
    ]
    data = json.dumps({"version": 1, "working_memory": {"recent_turns": turns}}).encode()
    doc, problem = parse_document(data)
    assert problem is None
    assert len(doc.working_memory.recent_turns) == limits.WHOLE_VALIDATION_MAX_ITEMS + 5
