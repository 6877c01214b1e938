"""`diagnose()`: what doctor reports, without repairing or writing memory."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from autopatch_memory import limits
from autopatch_memory.diagnostics import CheckName, CheckStatus, Diagnosis, diagnose
from autopatch_memory.journal import Outcome
from autopatch_memory.memory import ProjectMemory
from autopatch_memory.store import LOCK_FILE_NAME, MEMORY_DIR_NAME, MEMORY_FILE_NAME


@pytest.fixture
def memory(repo: Path) -> Iterator[ProjectMemory]:
    mem = ProjectMemory.open(repo, backend="off", refresh_profile=False)
    yield mem
    mem.close()


def status(diagnosis: Diagnosis, name: CheckName) -> CheckStatus:
    check = diagnosis.check(name)
    assert check is not None
    return check.status


def test_a_fresh_repository_is_fine_and_nothing_is_written(
    repo: Path, memory: ProjectMemory
) -> None:
    diagnosis = diagnose(memory)
    assert diagnosis.ok
    assert status(diagnosis, CheckName.FOLDER) is CheckStatus.OK
    assert status(diagnosis, CheckName.MEMORY_FILE) is CheckStatus.OK
    assert status(diagnosis, CheckName.LOCK) is CheckStatus.SKIPPED
    assert status(diagnosis, CheckName.MODEL) is CheckStatus.SKIPPED
    assert status(diagnosis, CheckName.PROFILE) is CheckStatus.WARN  # no build file
    assert diagnosis.size_bytes is None
    assert not (repo / MEMORY_DIR_NAME).exists()


def test_a_healthy_memory(repo: Path, memory: ProjectMemory) -> None:
    memory.record_turn("general_chat", "Optional 怎么用？")
    diagnosis = diagnose(memory)
    assert diagnosis.ok
    for name in (CheckName.MEMORY_FILE, CheckName.SIZE, CheckName.INVARIANTS, CheckName.LOCK):
        assert status(diagnosis, name) is CheckStatus.OK, name
    assert diagnosis.size_bytes == (repo / MEMORY_DIR_NAME / MEMORY_FILE_NAME).stat().st_size
    size = diagnosis.check(CheckName.SIZE)
    assert size is not None and "recent turns: 1 of 12 (1 pending)" in size.details
    assert diagnosis.model_dump(mode="json")["ok"] is True


def test_corrupt_and_foreign_files(repo: Path, memory: ProjectMemory) -> None:
    path = repo / MEMORY_DIR_NAME / MEMORY_FILE_NAME
    path.parent.mkdir()
    path.write_text("{ not json")
    diagnosis = diagnose(memory)
    assert not diagnosis.ok
    check = diagnosis.check(CheckName.MEMORY_FILE)
    assert check is not None and check.summary.startswith("corrupt")
    assert diagnosis.check(CheckName.INVARIANTS) is None
    path.write_text(json.dumps({"version": 7}))
    check = diagnose(memory).check(CheckName.MEMORY_FILE)
    assert check is not None and check.summary.startswith("foreign_version")
    assert path.read_text() == json.dumps({"version": 7})  # doctor never repairs


def test_backups_are_reported(repo: Path, memory: ProjectMemory) -> None:
    folder = repo / MEMORY_DIR_NAME
    folder.mkdir()
    (folder / "memory.corrupt.json").write_text("x")
    (folder / "memory.v2.bak.json").write_text("{}")
    check = diagnose(memory).check(CheckName.BACKUPS)
    assert check is not None and check.status is CheckStatus.WARN
    assert check.details == ["memory.corrupt.json", "memory.v2.bak.json"]


def test_broken_invariants_and_size(
    repo: Path, memory: ProjectMemory, monkeypatch: pytest.MonkeyPatch
) -> None:
    for i in range(3):
        memory.record_turn("general_chat", f"question {i}")
    path = repo / MEMORY_DIR_NAME / MEMORY_FILE_NAME
    doc = json.loads(path.read_text())
    turns = doc["working_memory"]["recent_turns"]
    doc["working_memory"]["recent_turns"] = [
        {**turns[0], "id": f"turn_20260101_000000_{i:03d}"} for i in range(1, 14)
    ]
    path.write_text(json.dumps(doc))
    monkeypatch.setattr(limits, "SOFT_LIMIT_BYTES", 100)
    diagnosis = diagnose(memory)
    assert status(diagnosis, CheckName.INVARIANTS) is CheckStatus.WARN
    invariants = diagnosis.check(CheckName.INVARIANTS)
    assert invariants is not None and "recent_turns: 13 > 12" in invariants.details
    assert status(diagnosis, CheckName.SIZE) is CheckStatus.WARN


def test_a_reference_file_with_fifty_rules_and_fifty_notes_is_healthy(
    repo: Path, memory: ProjectMemory
) -> None:
    """The reference implementation caps each list at 50: its file is valid, memory
    works with it, and doctor warns about the cap instead of failing."""
    memory.record_turn("general_chat", "Optional 怎么用？")
    path = repo / MEMORY_DIR_NAME / MEMORY_FILE_NAME
    doc = json.loads(path.read_text(encoding="utf-8"))

    def item(kind: str, n: int) -> dict[str, object]:
        source = "user_explicit" if kind == "durable_preference" else "conversation_summary"
        return {"id": f"mem_20260101_{n:03d}", "type": kind, "label": f"item {n}",
                "summary": f"Item number {n}.", "source": source, "status": "active",
                "created_at": "2026-01-01T10:00:00+08:00",
                "updated_at": "2026-01-01T10:00:00+08:00"}  # fmt: skip

    doc["long_term_memory"] = {
        "durable_preferences": [item("durable_preference", n) for n in range(50)],
        "project_notes": [item("project_note", n) for n in range(50, 100)],
    }
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    diagnosis = diagnose(memory)
    assert status(diagnosis, CheckName.INVARIANTS) is CheckStatus.WARN
    assert diagnosis.ok
    invariants = diagnosis.check(CheckName.INVARIANTS)
    assert invariants is not None and "long-term items: 100 > 50" in invariants.details


def test_the_last_failure_is_reported(memory: ProjectMemory) -> None:
    memory.record_turn("general_chat", "Optional 怎么用？")
    memory.journal.record(
        "summarizer:openai", "summarize", Outcome.FAILED,
        reason="BackendTimeoutError", detail="the model server did not answer in time",
    )  # fmt: skip
    diagnosis = diagnose(memory)
    assert diagnosis.ok  # a warning, memory still works
    assert status(diagnosis, CheckName.JOURNAL) is CheckStatus.WARN
    assert diagnosis.last_failure is not None
    assert diagnosis.last_failure.reason == "BackendTimeoutError"


def test_a_broken_configuration_is_an_error(repo: Path, memory: ProjectMemory) -> None:
    folder = repo / MEMORY_DIR_NAME
    folder.mkdir()
    (folder / "config.toml").write_text("[memory\nbackend = ")
    diagnosis = diagnose(memory)
    assert status(diagnosis, CheckName.CONFIG) is CheckStatus.ERROR
    assert status(diagnosis, CheckName.MODEL) is CheckStatus.SKIPPED
    assert not diagnosis.ok


def test_the_configuration_is_described_without_secrets(
    memory: ProjectMemory, monkeypatch: pytest.MonkeyPatch
) -> None:
    key = "sk-proj-abcdefghijklmnopqrstuvwxyz0123456789"
    monkeypatch.setenv("AUTOPATCH_LLM_API_KEY", key)
    monkeypatch.setenv("AUTOPATCH_LLM_MODEL", "qwen2.5:7b")
    diagnosis = diagnose(memory)
    assert key not in diagnosis.model_dump_json()
    check = diagnosis.check(CheckName.CONFIG)
    assert check is not None and "answering model qwen2.5:7b" in check.summary
    model = diagnosis.check(CheckName.MODEL)
    assert model is not None and "--check-model" in model.summary


def test_an_unreachable_model_is_an_error_when_checked(
    memory: ProjectMemory, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("AUTOPATCH_LLM_MODEL", "qwen2.5:7b")  # conftest: a closed port
    monkeypatch.setenv("AUTOPATCH_LLM_MAX_RETRIES", "0")
    diagnosis = diagnose(memory, check_model=True)
    assert status(diagnosis, CheckName.MODEL) is CheckStatus.ERROR
    assert not diagnosis.ok


def test_a_lock_held_by_another_process(repo: Path, memory: ProjectMemory) -> None:
    memory.record_turn("general_chat", "Optional 怎么用？")
    lock = repo / MEMORY_DIR_NAME / LOCK_FILE_NAME
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys, time; from filelock import FileLock; "
            f"lock = FileLock({str(lock)!r}); lock.acquire(); print('held', flush=True); "
            "sys.stdin.read()",
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        check = diagnose(memory).check(CheckName.LOCK)
        assert check is not None and check.status is CheckStatus.WARN
        assert "another process" in check.summary
    finally:
        holder.communicate("")
    check = diagnose(memory).check(CheckName.LOCK)
    assert check is not None and check.status is CheckStatus.OK


def test_a_salvaged_file_is_reported_before_and_after_the_write(
    repo: Path, memory: ProjectMemory
) -> None:
    path = repo / MEMORY_DIR_NAME / MEMORY_FILE_NAME
    memory.record_turn("general_chat", "Optional 怎么用？")
    raw = json.loads(path.read_text(encoding="utf-8"))
    raw["working_memory"]["recent_turns"].append({"id": "turn_bad", "intent": "code_audit"})
    original = json.dumps(raw).encode()
    path.write_bytes(original)
    diagnosis = diagnose(memory)
    check = diagnosis.check(CheckName.MEMORY_FILE)
    assert check is not None and check.status is CheckStatus.WARN
    assert check.summary.startswith("salvaged: 1 invalid part(s)")
    assert check.details and check.details[0].startswith(
        "working_memory.recent_turns[1] (turn_bad)"
    )
    assert status(diagnosis, CheckName.INVARIANTS) is CheckStatus.OK
    assert path.read_bytes() == original  # doctor never repairs
    memory.record_turn("general_chat", "下一个问题")
    after = diagnose(memory)
    assert status(after, CheckName.MEMORY_FILE) is CheckStatus.OK
    backups = after.check(CheckName.BACKUPS)
    assert backups is not None and backups.details == ["memory.salvaged.json"]
    assert backups.status is CheckStatus.WARN


def test_every_kind_of_backup_is_listed(repo: Path, memory: ProjectMemory) -> None:
    folder = repo / MEMORY_DIR_NAME
    folder.mkdir()
    names = [
        "memory.corrupt.json",
        "memory.oversize.json",
        "memory.salvaged.20260501T120000.json",
        "memory.v2.bak.json",
    ]
    for name in names:
        (folder / name).write_text("x")
    check = diagnose(memory).check(CheckName.BACKUPS)
    assert check is not None and check.details == names


def test_temp_files_left_by_a_crash_are_reported(repo: Path, memory: ProjectMemory) -> None:
    memory.record_turn("general_chat", "Optional 怎么用？")
    folder = repo / MEMORY_DIR_NAME
    (folder / ".memory.json.abc123.tmp").write_text("{half")
    (folder / ".profile.cache.def456.tmp").write_text("{half")
    check = diagnose(memory).check(CheckName.FOLDER)
    assert check is not None and check.status is CheckStatus.WARN
    assert check.details == [".memory.json.abc123.tmp", ".profile.cache.def456.tmp"]
    memory.record_turn("general_chat", "下一个问题")  # the next write removes its own
    check = diagnose(memory).check(CheckName.FOLDER)
    assert check is not None and check.details == [".profile.cache.def456.tmp"]


def test_a_linked_folder_or_journal_is_an_error(
    repo: Path, memory: ProjectMemory, tmp_path: Path
) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    os.symlink(elsewhere, repo / MEMORY_DIR_NAME)
    diagnosis = diagnose(memory)
    assert status(diagnosis, CheckName.FOLDER) is CheckStatus.ERROR and not diagnosis.ok
    (repo / MEMORY_DIR_NAME).unlink()
    memory.record_turn("general_chat", "Optional 怎么用？")
    journal = repo / MEMORY_DIR_NAME / "memory.journal.jsonl"
    journal.unlink()
    os.symlink(tmp_path / "victim.txt", journal)
    diagnosis = diagnose(memory)
    check = diagnosis.check(CheckName.JOURNAL)
    assert check is not None and check.status is CheckStatus.ERROR and not diagnosis.ok
    assert not (tmp_path / "victim.txt").exists()


def test_an_oversized_file_is_an_error_and_not_parsed(repo: Path, memory: ProjectMemory) -> None:
    folder = repo / MEMORY_DIR_NAME
    folder.mkdir()
    (folder / MEMORY_FILE_NAME).write_bytes(b"{" + b" " * limits.MEMORY_FILE_MAX_READ_BYTES)
    diagnosis = diagnose(memory)
    check = diagnosis.check(CheckName.MEMORY_FILE)
    assert check is not None and check.status is CheckStatus.ERROR
    assert check.summary.startswith("too_large") and "memory.oversize.json" in check.details[0]
    assert status(diagnosis, CheckName.SIZE) is CheckStatus.ERROR


_COUNT_READS = """
import sys
from pathlib import Path

from autopatch_memory.diagnostics import diagnose
from autopatch_memory.memory import ProjectMemory

repo, wanted = Path(sys.argv[1]), sys.argv[2]
memory = ProjectMemory.open(repo, backend="off", refresh_profile=False)
opened = []
# Every open of a file, by open() or os.open(), raises the "open" audit event.
sys.addaudithook(
    lambda event, args: opened.append(args[0])
    if event == "open" and str(args[0]).endswith(wanted)
    else None
)
diagnosis = diagnose(memory)
print(len(opened), diagnosis.size_bytes)
"""


def test_doctor_reads_the_memory_file_once(repo: Path, memory: ProjectMemory) -> None:
    memory.record_turn("general_chat", "Optional 怎么用？")
    done = subprocess.run(
        [sys.executable, "-c", _COUNT_READS, str(repo), MEMORY_FILE_NAME],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    reads, size = done.stdout.split()
    assert int(size) == (repo / MEMORY_DIR_NAME / MEMORY_FILE_NAME).stat().st_size
    assert int(reads) == 1
