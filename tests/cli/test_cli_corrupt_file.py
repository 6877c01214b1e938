"""A damaged memory.json through the real command line: what parses is kept, and the user
is told in plain words what was kept and where the original is (issue 30, item 2).

(Before, the next write moved such a file aside and memory started empty, with only
``store recover failed (corrupt)`` in the journal.)
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from autopatch_memory import ProjectMemory
from autopatch_memory.store import MEMORY_DIR_NAME, MEMORY_FILE_NAME

DEADLINE_SECONDS = 60


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    """The command line in a process of its own, in the fail-closed environment of conftest."""
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    return subprocess.run(
        [sys.executable, "-m", "autopatch_memory_cli", *args],
        capture_output=True, text=True, encoding="utf-8", env=env, timeout=DEADLINE_SECONDS,
    )  # fmt: skip


def _damaged(repo: Path) -> bytes:
    """Three rules and a note; then the file is cut short inside the second rule."""
    with ProjectMemory.open(repo, backend="off") as memory:
        memory.remember("Always answer in Chinese.")
        memory.remember("以后写测试请用 JUnit 5。")
        memory.remember("Never use field injection.")
        memory.remember("The billing service uses Postgres 14.", kind="note")
    path = repo / MEMORY_DIR_NAME / MEMORY_FILE_NAME
    text = path.read_text(encoding="utf-8")
    broken = text[: text.index("JUnit 5") + 3].encode("utf-8")
    path.write_bytes(broken)
    return broken


def test_a_write_keeps_what_parses_and_says_where_the_original_is(repo: Path) -> None:
    broken = _damaged(repo)
    folder = repo / MEMORY_DIR_NAME

    # Reading warns and changes nothing.
    shown = cli("show", str(repo))
    assert shown.returncode == 0
    assert "Always answer in Chinese." in shown.stdout
    assert "what still parses is kept (1 rule)" in shown.stderr
    assert (folder / MEMORY_FILE_NAME).read_bytes() == broken

    # The first write sets the original aside and says so, once, on stderr.
    done = cli("remember", str(repo), "No wildcard imports.")
    assert done.returncode == 0, done.stderr
    assert "remembered" in done.stdout
    [line] = [line for line in done.stderr.splitlines() if line.startswith("memory:")]
    backup = folder / "memory.corrupt.json"
    assert "the memory file was damaged: kept what still parses: 1 rule" in line
    assert f"the original is {backup}" in line
    assert "Traceback" not in done.stderr
    assert backup.read_bytes() == broken  # byte for byte

    kept = json.loads((folder / MEMORY_FILE_NAME).read_text(encoding="utf-8"))
    rules = [item["summary"] for item in kept["long_term_memory"]["durable_preferences"]]
    assert rules[0] == "Always answer in Chinese." and "No wildcard imports." in rules

    # Told once: the next command has nothing to say about it.
    again = cli("remember", str(repo), "--note", "The api module depends on core.")
    assert again.returncode == 0
    assert "memory:" not in again.stderr


def test_doctor_repair_says_it_through_the_command_line(repo: Path) -> None:
    broken = _damaged(repo)
    checked = cli("doctor", str(repo))
    assert checked.returncode == 0  # a warning, not an error: memory still works
    assert "what still parses is used: 1 rule" in checked.stdout

    repaired = cli("doctor", str(repo), "--repair")
    assert "kept what still parses: 1 rule" in repaired.stdout
    assert "memory.corrupt.json" in repaired.stdout
    assert (repo / MEMORY_DIR_NAME / "memory.corrupt.json").read_bytes() == broken


def test_json_output_stays_one_document_when_a_write_sets_the_file_aside(repo: Path) -> None:
    _damaged(repo)
    done = cli("remember", str(repo), "使用 AssertJ 写断言。", "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["outcome"] == "created"
    assert "kept what still parses" in done.stderr
