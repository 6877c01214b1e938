"""A full disk never tears the journal: each entry lands whole or not at all, and an
entry is never glued to a torn one (docs/file-format.md#journal).

(Found by a fault injection: after ENOSPC a torn last line was glued to the next
entry, and both were lost to a reader.)
"""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path
from typing import Any

import pytest

from autopatch_memory.errors import StoreError
from autopatch_memory.journal import JOURNAL_FILE_NAME, Journal, Outcome
from autopatch_memory.memory import ProjectMemory


def _short_then_full(monkeypatch: pytest.MonkeyPatch, journal: Path, keep: int) -> list[int]:
    """Make the next append to ``journal`` write ``keep`` bytes, then fail with ENOSPC."""
    real_open, real_write = os.open, os.write
    opened: set[int] = set()
    calls: list[int] = []

    def tracking_open(path: Any, *args: Any, **kwargs: Any) -> int:
        fd = real_open(path, *args, **kwargs)
        if os.fspath(path) == str(journal):
            opened.add(fd)
        return fd

    def full_disk(fd: int, data: Any) -> int:
        if fd not in opened:
            return real_write(fd, data)
        calls.append(len(data))
        if len(calls) == 1:
            return real_write(fd, bytes(data[:keep]))
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    real_close = os.close

    def tracking_close(fd: int) -> None:
        opened.discard(fd)  # the number may be reused for another file
        real_close(fd)

    monkeypatch.setattr(os, "open", tracking_open)
    monkeypatch.setattr(os, "write", full_disk)
    monkeypatch.setattr(os, "close", tracking_close)
    return calls


def _lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_bytes().splitlines()]


def test_a_write_cut_short_by_a_full_disk_is_cut_back_to_the_last_whole_entry(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    journal = Journal(tmp_path)
    journal.record("user", "remember", Outcome.APPLIED, target="mem_1")
    before = journal.path.read_bytes()
    first = journal.entry("user", "remember", Outcome.APPLIED, target="mem_2")
    second = journal.entry("user", "remember", Outcome.APPLIED, target="mem_3")
    one_line = len(first.model_dump_json()) + 1
    calls = _short_then_full(monkeypatch, journal.path, keep=one_line + 10)
    with pytest.raises(StoreError, match="ENOSPC"):
        journal.append(first, second)
    monkeypatch.undo()
    assert len(calls) == 2  # a short write, then the full disk
    # The whole first entry stays, the torn head of the second is gone.
    after = journal.path.read_bytes()
    assert after.startswith(before) and after.endswith(b"\n")
    assert [line["target"] for line in _lines(journal.path)] == ["mem_1", "mem_2"]
    assert journal.append_error is not None and "No space left" in journal.append_error


def test_an_entry_after_a_torn_line_starts_on_a_line_of_its_own(tmp_path: Path) -> None:
    # A torn line another process left (it could not cut it back: a crash).
    journal = Journal(tmp_path)
    journal.record("user", "remember", Outcome.APPLIED, target="mem_1")
    with journal.path.open("ab") as torn:
        torn.write(b'{"ts": "2026-05-01T12:00:00+08:00", "actor": "us')
    journal.record("user", "forget", Outcome.APPLIED, target="mem_1")
    lines = journal.path.read_bytes().splitlines()
    assert len(lines) == 3 and lines[1].startswith(b'{"ts": "2026') and not lines[1].endswith(b"}")
    # Reading skips the torn line and keeps both whole entries.
    assert [(e.op, e.target) for e in journal.read()] == [
        ("remember", "mem_1"),
        ("forget", "mem_1"),
    ]


def test_a_full_disk_on_the_journal_never_tears_it_or_fails_the_turn(
    repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with ProjectMemory.open(repo, backend="off") as memory:
        assert memory.record_turn("general_chat", "How does OrderService refund?", "")
        path = repo / ".autopatch-j" / JOURNAL_FILE_NAME
        _short_then_full(monkeypatch, path, keep=17)
        # The memory file is the asset: the turn is recorded; the journal says nothing
        # half.
        second = memory.record_turn("general_chat", "And what does OrderQueue sort by?", "")
        monkeypatch.undo()
        assert second is not None
        assert all(isinstance(line, dict) for line in _lines(path))
        assert memory.record_turn("general_chat", "Which module owns payments?", "")
        ops = [e.op for e in memory.journal_entries()]
        assert ops.count("record_turn") == 2  # the first and the third; none glued
