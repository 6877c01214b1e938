"""The journal: bounded, redacted, readable; failures visible to the operator."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from autopatch_memory import limits
from autopatch_memory.errors import StoreError
from autopatch_memory.journal import Journal, JournalEntry, Outcome, unlanded_writes


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


def test_every_text_field_of_an_entry_is_redacted_when_written(tmp_path: Path) -> None:
    journal = Journal(tmp_path)
    entry = journal.entry("mcp:ghp_abcdefghijklmnopqrstuvwxyz0123456789", "write", Outcome.APPLIED)
    entry.target = "password=Hunter2Secret!"  # set after the entry was built
    entry.reason = "token: sk-proj-4fGh7JkL9mNp2QrS5tUv8WxY1zAb3CdE"
    journal.append(entry)
    text = (tmp_path / "memory.journal.jsonl").read_text(encoding="utf-8")
    assert text.count("\n") == 1 and text.count("[REDACTED:") == 3, text
    assert "Hunter2Secret" not in text and "ghp_" not in text and "sk-proj" not in text
    [read] = journal.read()
    assert read.op == "write" and read.outcome is Outcome.APPLIED


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


def test_scrub_keeps_the_record_and_drops_every_detail(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(limits, "JOURNAL_ROTATE_BYTES", 2048)
    journal = Journal(tmp_path)
    for i in range(30):
        journal.record(
            "summarizer:openai",
            "delta",
            Outcome.FAILED,
            target=f"turn_20260501_120000_{i:03d}",
            reason="invalid_json",
            detail=f"reply began: 我的数据库在 10.0.0.{i} 上，用户叫 alice-{i}",
        )
    with journal.path.open("a", encoding="utf-8") as fh:
        fh.write('{"torn": "用户的问题原文"\n')  # an unreadable line may hold anything
    assert journal.rotated_path.exists()
    before = journal.read()
    journal.scrub()
    after = journal.read()
    for path in (journal.path, journal.rotated_path):
        text = path.read_text(encoding="utf-8")
        assert "alice" not in text and "10.0.0" not in text and "用户的问题原文" not in text
    assert [e.detail for e in after] == [None] * len(after)
    assert [e.model_dump(exclude={"detail"}) for e in after] == [
        e.model_dump(exclude={"detail"}) for e in before
    ]
    assert not list(tmp_path.glob("*.tmp"))


def test_unlanded_writes_are_told_from_landed_ones() -> None:
    journal = Journal(Path("/nonexistent"))

    def write(new: str, old: str | None) -> JournalEntry:
        entry = journal.entry("record", "record_turn", Outcome.APPLIED)
        return entry.model_copy(update={"file": new, "prev_file": old})

    failure = journal.entry("store", "record_turn", Outcome.FAILED)
    history = [write("a", None), write("b", "a"), failure, write("c", "b")]
    assert unlanded_writes(history, "c") == []
    # "d" was journaled, then the process died before the replace; "e" replaced "c".
    history += [write("d", "c"), write("e", "c")]
    assert unlanded_writes(history, "e") == ["d"]
    assert unlanded_writes(history, "c") == ["d", "e"]  # the file went back: e never landed


def test_a_huge_journal_is_read_from_its_tail(tmp_path: Path) -> None:
    journal = Journal(tmp_path)
    line = journal.entry("record", "record_turn", Outcome.APPLIED, target="t").model_dump_json()
    count = limits.JOURNAL_MAX_READ_BYTES // len(line) * 3
    journal.path.write_text((line + "\n") * count, encoding="utf-8")
    journal.record("user", "forget", Outcome.APPLIED, target="last")
    entries = journal.read()
    assert entries[-1].target == "last"
    assert 0 < len(entries) < count


FIFO_JOURNAL = """
import json, os, sys
from pathlib import Path
from autopatch_memory.journal import Journal, Outcome
from autopatch_memory.errors import StoreError
folder = Path(sys.argv[1])
os.mkfifo(folder / "memory.journal.jsonl")
journal = Journal(folder)
written = journal.record("record", "record_turn", Outcome.APPLIED)
try:
    journal.read()
    read = "ok"
except StoreError as exc:
    read = str(exc)
print(json.dumps({"written": written, "read": read, "error": journal.append_error}))
"""


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this platform")
def test_a_fifo_journal_never_blocks(tmp_path: Path) -> None:
    # In a child: a blocking open would hang it, and the timeout would fail the test.
    done = subprocess.run(
        [sys.executable, "-c", FIFO_JOURNAL, str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    outcome = json.loads(done.stdout)
    assert outcome["written"] is False and "journal" in outcome["error"]
    assert "not a regular file" in outcome["read"]


def test_every_field_a_conversation_could_fill_is_redacted(tmp_path: Path) -> None:
    # The fields the program fills itself (time, outcome, digests) skip redaction;
    # everything else passes it, whoever built the entry.
    journal = Journal(tmp_path)
    secret = "ghp_" + "abcdefghijklmnopqrstuvwxyz0123456789"
    entry = JournalEntry(
        ts=journal.entry("x", "x", Outcome.APPLIED).ts,
        actor=f"host {secret}",
        op=f"op {secret}",
        target=f"turn_1,{secret}",
        outcome=Outcome.APPLIED,
        reason=f"why {secret}",
        detail=f"detail {secret}",
        file="0123456789ab",
        prev_file="ba9876543210",
    )
    journal.append(entry)
    text = (tmp_path / "memory.journal.jsonl").read_text(encoding="utf-8")
    assert secret not in text and text.count("[REDACTED:github_token]") == 5
    (read,) = journal.read()
    assert (read.file, read.prev_file, read.ts) == ("0123456789ab", "ba9876543210", entry.ts)


def test_an_append_for_a_checked_folder_never_creates_it(tmp_path: Path) -> None:
    # The store checks the folder under its lock and says so: a folder deleted since
    # is an error, not silently created again without its .gitignore.
    journal = Journal(tmp_path / ".autopatch-j")
    entry = journal.entry("record", "record_turn", Outcome.APPLIED)
    with pytest.raises(StoreError):
        journal.append(entry, folder_checked=True)
    assert not (tmp_path / ".autopatch-j").exists()
    journal.append(entry)
    assert [e.op for e in journal.read()] == ["record_turn"]
    assert (tmp_path / ".autopatch-j" / ".gitignore").exists()


def test_a_journal_of_exactly_the_rotation_size_is_rotated_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(limits, "JOURNAL_ROTATE_BYTES", 1000)
    journal = Journal(tmp_path)
    (tmp_path / "memory.journal.jsonl").write_bytes(b"x" * 999 + b"\n")
    journal.record("record", "record_turn", Outcome.APPLIED, target="after")
    assert (tmp_path / "memory.journal.1.jsonl").read_bytes() == b"x" * 999 + b"\n"
    assert [e.target for e in journal.read()] == ["after"]
