"""Bugs found hunting in this round's new code paths, each pinned by the test that found it."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from autopatch_memory import limits, privacy
from autopatch_memory.intents import IntentType
from autopatch_memory.memory import ProjectMemory
from autopatch_memory.model import MemoryDocument
from autopatch_memory.privacy.markers import MARKER_RE
from autopatch_memory.store import MemoryStore
from autopatch_memory.testing import ScriptedBackend, summarize_turns


def _note(index: int, summary: str) -> dict[str, object]:
    return {
        "id": f"mem_20250601_{index:08x}",
        "type": "project_note",
        "label": f"模块 {index}",
        "summary": summary,
        "status": "active",
        "source": "conversation_summary",
        "created_at": "2025-06-01T10:00:00+08:00",
        "updated_at": "2025-06-01T10:00:00+08:00",
    }


def _file_with_long_term_size(size: int) -> dict[str, object]:
    """A file of active notes alone, exactly ``size`` bytes as this program writes it."""
    notes = [_note(i, "订单服务的说明。" * 40) for i in range(20)]
    raw: dict[str, object] = {
        "version": 1,
        "working_memory": {"recent_turns": [], "active_topics": []},
        "long_term_memory": {"durable_preferences": [], "project_notes": notes},
    }
    missing = size - MemoryDocument.model_validate(raw).size_bytes()
    assert missing >= 0
    notes[-1]["summary"] = str(notes[-1]["summary"]) + "x" * missing
    assert MemoryDocument.model_validate(raw).size_bytes() == size
    return raw


@pytest.mark.parametrize("slack", [40, 150, 300])
def test_a_turn_is_recorded_when_the_long_term_part_leaves_no_room_for_one(
    repo: Path, slack: int
) -> None:
    # Active notes just under the hard limit: too little room for even an empty turn,
    # though the notes alone do not pass the limit.
    store = MemoryStore(repo)
    raw = _file_with_long_term_size(limits.HARD_LIMIT_BYTES - slack)
    store.folder.mkdir(parents=True, exist_ok=True)
    store.path.write_text(json.dumps(raw, ensure_ascii=False, indent=2), encoding="utf-8")
    memory = ProjectMemory.open(repo, backend="off", collect_profile=False)
    try:
        question = "Optional 怎么用？"
        assert memory.record_turn(IntentType.GENERAL_CHAT, question) is not None
        assert memory.last_error is None
    finally:
        memory.close()
    written = json.loads(store.path.read_text(encoding="utf-8"))
    assert written["long_term_memory"] == raw["long_term_memory"]
    assert written["working_memory"]["recent_turns"][-1]["user_text"] == question
    over = [e for e in store.journal.read() if e.op == "over_limit"]
    assert over and over[-1].detail is not None and "no room for a turn" in over[-1].detail


def test_a_salvage_backup_keeps_every_value_when_two_secret_keys_redact_alike(repo: Path) -> None:
    # A host's extra map keyed by tokens: both keys read as [REDACTED:github_token] once
    # redacted, and the backup must still hold both values.
    first, second = "ghp_" + "a1B2" * 9, "ghp_" + "z9Y8" * 9
    raw = {
        "version": 1,
        "host_tokens": {first: "CI 用的令牌", second: "release token"},
        "working_memory": {"recent_turns": [], "active_topics": []},
        "long_term_memory": {"durable_preferences": [], "project_notes": []},
    }
    store = MemoryStore(repo)
    store.folder.mkdir(parents=True, exist_ok=True)
    store.path.write_text(json.dumps(raw, ensure_ascii=False), encoding="utf-8")
    memory = ProjectMemory.open(repo, backend="off", collect_profile=False)
    try:
        assert memory.record_turn(IntentType.GENERAL_CHAT, "What is a record class?")
    finally:
        memory.close()
    backup = (store.folder / "memory.salvaged.json").read_text(encoding="utf-8")
    assert first not in backup and second not in backup
    kept = json.loads(backup)["host_tokens"]
    assert sorted(kept.values()) == ["CI 用的令牌", "release token"]


def _closed_stdin() -> None:
    # In the child, before exec: fd 0 closed, so Python starts with sys.stdin None
    # (a host or a cron job that runs the command with `<&-`).
    os.close(0)


@pytest.mark.parametrize(
    ("args", "stderr_word"),
    [
        (["apply", "{repo}", "-"], "standard input"),
        (["import", "{repo}", "-"], "standard input"),
        (["reset", "{repo}"], "--yes"),
        (["chat", "{repo}"], ""),
    ],
)
def test_a_command_that_reads_stdin_runs_with_stdin_closed(
    repo: Path, args: list[str], stderr_word: str
) -> None:
    argv = [arg.format(repo=repo) for arg in args]
    done = subprocess.run(
        [sys.executable, "-m", "autopatch_memory_cli", *argv],
        stdin=None,
        capture_output=True,
        text=True,
        timeout=120,
        preexec_fn=_closed_stdin,
    )
    assert "internal error" not in done.stderr
    assert done.returncode in (0, 2), done.stderr
    assert stderr_word in done.stderr


@pytest.mark.parametrize(
    "text",
    [
        "MYSQL_PASSWORD: secret_value\nAPI_KEY: sk-" + "a" * 40,
        "DB_PASSWORD: aws_access_key\nAWS key AKIAIOSFODNN7EXAMPLE",
        "数据库密码：private_key\n另外 GitHub 令牌 ghp_" + "a1B2" * 9,
    ],
)
def test_a_repeated_value_is_not_replaced_inside_a_marker(text: str) -> None:
    # The value, redacted once, is also a word of a marker's kind: the other markers
    # must stay whole ([REDACTED:kind]), not get a marker nested inside them.
    redacted = privacy.redact(text)
    assert "[REDACTED:[" not in redacted
    assert all(MARKER_RE.fullmatch(m) for m in re.findall(r"\[REDACTED:[^\]]*\]\]?", redacted))


def test_a_run_dropped_by_close_does_not_bring_a_purged_folder_back(repo: Path) -> None:
    backend = ScriptedBackend(default=summarize_turns())
    backend.hold()
    before = set(threading.enumerate())
    memory = ProjectMemory.open(repo, backend=backend, collect_profile=False)
    memory.record_turn(IntentType.GENERAL_CHAT, "以后提交信息都用英文写")
    memory.record_turn(IntentType.GENERAL_CHAT, "Always run mvn verify before pushing.")
    assert backend.wait_for_calls(1, 30.0)
    workers = [t for t in threading.enumerate() if t not in before and "summarizer" in t.name]
    assert workers
    memory.close(wait=False)
    # The host deletes the memory once it has closed it, while the dropped run still waits
    # for its model.
    with ProjectMemory.open(repo, backend="off", collect_profile=False) as other:
        assert other.purge()
    backend.release()
    for worker in workers:  # the dropped run ends once its model answers
        worker.join(30.0)
        assert not worker.is_alive()
    assert not (repo / ".autopatch-j").exists()


@pytest.mark.parametrize(
    "text",
    [
        "password=hunter2 and token ghp_" + "a1B2" * 9,
        "my password is hunter2 and the token ghp_" + "a1B2" * 9,
        "测试库密码是 hunter2，另外 token ghp_" + "a1B2" * 9,
    ],
)
def test_the_marker_after_a_stated_password_is_not_read_as_its_value(text: str) -> None:
    # "[R] and token [REDACTED:github_token]": the colon inside the second marker is no
    # "is" before a value; the marker stays whole and keeps its kind.
    redacted = privacy.redact(text)
    assert "[REDACTED:github_token]" in redacted
    assert "[REDACTED:[" not in redacted and "ghp_" not in redacted
