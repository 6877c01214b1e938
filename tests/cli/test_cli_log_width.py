"""``log`` fits the terminal: one entry per line within the width, the details on
``--verbose`` and ``--json`` (issue 30, item 4), through the real command line.

(Before, a column was padded to the longest target in view: a profile entry naming
every build file it read made each line 700+ characters wide.)
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from autopatch_memory import ProjectMemory
from autopatch_memory.journal import Outcome

DEADLINE_SECONDS = 60
SOURCES = ",".join(f"module-{n:02d}/pom.xml" for n in range(40))  # ~700 characters
DETAIL = "the long-term items alone take 33000 bytes, over the hard limit: " + "x" * 300


def cli(*args: str, columns: int) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONIOENCODING": "utf-8", "COLUMNS": str(columns)}
    return subprocess.run(
        [sys.executable, "-m", "autopatch_memory_cli", *args],
        capture_output=True, text=True, encoding="utf-8", env=env, timeout=DEADLINE_SECONDS,
    )  # fmt: skip


@pytest.fixture
def journaled(repo: Path) -> Path:
    with ProjectMemory.open(repo, backend="off") as memory:
        memory.remember("Always answer in Chinese.")
        memory.record_turn("general_chat", "Optional 怎么用？")
        memory.journal.record("profile", "profile", Outcome.APPLIED, target=SOURCES)
        memory.journal.record(
            "store", "over_limit", Outcome.APPLIED, reason="hard_limit", detail=DETAIL
        )
    return repo


@pytest.mark.parametrize("columns", [80, 120])
def test_every_entry_is_one_line_within_the_width(journaled: Path, columns: int) -> None:
    done = cli("log", str(journaled), columns=columns)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 5  # remember, its change record, record_turn, profile, over_limit
    assert max(len(line) for line in lines) <= columns
    assert any("remember" in line and "mem_" in line for line in lines)
    turn = next(line for line in lines if "record_turn" in line)
    assert "turn_" in turn and len(turn.split()[-1]) >= len("turn_20260501_120000_001")
    profile = next(line for line in lines if " profile " in line)
    assert profile.endswith("…")  # the 700-character target is cut, not padded to


def test_verbose_and_json_keep_every_detail(journaled: Path) -> None:
    verbose = cli("log", str(journaled), "--verbose", columns=80)
    assert verbose.returncode == 0
    assert SOURCES in verbose.stdout
    assert f"detail: {DETAIL}" in verbose.stdout
    assert "mem_" in verbose.stdout and "new → active" in verbose.stdout  # the change's item

    entries = json.loads(cli("log", str(journaled), "--json", columns=40).stdout)
    assert entries[-1]["detail"] == DETAIL
    assert entries[-2]["target"] == SOURCES
