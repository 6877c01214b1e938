"""The journal: bounded, redacted, readable; failures visible to the operator."""

from __future__ import annotations

from pathlib import Path

import pytest

from autopatch_memory import limits
from autopatch_memory.journal import Journal, Outcome


def test_entries_round_trip_and_last_failure(tmp_path: Path) -> None:
    journal = Journal(tmp_path / ".autopatch-j")
    journal.record("record", "record_turn", Outcome.APPLIED, target="turn_1")
    journal.record(
        "summarizer:openai",
        "summarize",
        Outcome.FAILED,
        reason="timeout",
        detail="no answer in 60 s",
    )
    journal.record("user", "forget", Outcome.APPLIED, target="mem_1")
    entries = journal.read()
    assert [e.op for e in entries] == ["record_turn", "summarize", "forget"]
    failure = journal.last_failure()
    assert (
        failure is not None and failure.reason == "timeout" and failure.actor == "summarizer:openai"
    )
    assert [e.op for e in journal.read(last=2)] == ["summarize", "forget"]


def test_entries_are_redacted(tmp_path: Path) -> None:
    journal = Journal(tmp_path)
    journal.record(
        "store", "write", Outcome.FAILED, detail="cannot reach https://bob:hunter2@example.com"
    )
    text = (tmp_path / "memory.journal.jsonl").read_text(encoding="utf-8")
    assert "hunter2" not in text and "[REDACTED:url_credentials]" in text


def test_journal_is_rotated_and_bounded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits, "JOURNAL_ROTATE_BYTES", 4096)
    journal = Journal(tmp_path)
    for i in range(500):
        journal.record("record", "record_turn", Outcome.APPLIED, target=f"turn_{i:04d}")
    current = tmp_path / "memory.journal.jsonl"
    rotated = tmp_path / "memory.journal.1.jsonl"
    assert rotated.exists()
    assert current.stat().st_size <= 4096 + 200
    assert rotated.stat().st_size <= 4096 + 200
    assert journal.read()[-1].target == "turn_0499"


def test_bad_lines_are_skipped(tmp_path: Path) -> None:
    journal = Journal(tmp_path)
    journal.record("record", "record_turn", Outcome.APPLIED, target="a")
    with (tmp_path / "memory.journal.jsonl").open("a", encoding="utf-8") as fh:
        fh.write("{torn line\n")
    journal.record("record", "record_turn", Outcome.APPLIED, target="b")
    assert [e.target for e in journal.read()] == ["a", "b"]


def test_unwritable_journal_is_reported_not_raised(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x", encoding="utf-8")
    journal = Journal(blocker)
    assert journal.record("record", "x", Outcome.APPLIED) is False
