"""``purge``: the one way to delete everything (issue 26, item 5), through the real command
line. It names every file it deletes — memory, journal, cold archive, backups, the
profile cache — asks (or takes ``--yes``), and leaves what is not this program's."""

from __future__ import annotations

import json
import os
import signal
import sys
from pathlib import Path

import pexpect
import pytest
from cli_process import run_cli

from autopatch_memory import ProjectMemory
from autopatch_memory.store import MEMORY_DIR_NAME

TIMEOUT = 60


@pytest.fixture
def used(repo: Path) -> Path:
    """A memory that has a journal, a cold archive, a reset backup, a damaged file set
    aside and a profile cache, beside a config file and another tool's file."""
    (repo / "pom.xml").write_text(
        "<project><artifactId>shop</artifactId><version>1</version></project>", encoding="utf-8"
    )
    with ProjectMemory.open(repo, backend="off") as memory:
        memory.remember("Always answer in Chinese.")
        memory.reset()
        memory.remember("Use Gradle.")
        memory.undo()  # the new rule goes to the cold archive
        memory.refresh_profile()
    folder = repo / MEMORY_DIR_NAME
    (folder / "memory.json").write_text('{"version": 1, "long_term', encoding="utf-8")
    with ProjectMemory.open(repo, backend="off") as memory:
        memory.repair_file()  # the damaged file is set aside as memory.corrupt.json
    (folder / "config.toml").write_text('[llm]\nmodel = "qwen"\n', encoding="utf-8")
    (folder / "symbols.idx").write_text("another tool's file", encoding="utf-8")
    return repo


# Not this program's memory: the user's config, another tool's file, and the folder's
# .gitignore, which goes only with the folder (here the other files keep it).
KEPT = {"config.toml", "symbols.idx", ".gitignore"}


def _ours(repo: Path) -> set[str]:
    return {p.name for p in (repo / MEMORY_DIR_NAME).iterdir()} - KEPT


def test_purge_names_every_file_then_deletes_them(used: Path) -> None:
    before = _ours(used)
    assert {"memory.json", "memory.journal.jsonl", "memory.archive.jsonl",
            "profile.cache.json", "memory.corrupt.json"} <= before  # fmt: skip
    assert any(name.startswith("memory.reset") for name in before)

    refused = run_cli("purge", str(used))  # no terminal to ask on, no --yes
    assert refused.returncode == 2 and refused.stdout == ""
    assert "pass --yes" in refused.stderr
    assert _ours(used) == before

    done = run_cli("purge", str(used), "--yes")
    assert done.returncode == 0, done.stderr
    listed = {line.split()[0] for line in done.stdout.splitlines() if line.startswith("  memory")
              or line.startswith("  profile")}  # fmt: skip
    assert listed == before
    assert "files deleted" in done.stdout
    left = {p.name for p in (used / MEMORY_DIR_NAME).iterdir()}
    assert left == KEPT  # not this program's: kept

    again = run_cli("purge", str(used), "--yes", "--json")
    assert json.loads(again.stdout) == {
        "folder": str(used / MEMORY_DIR_NAME),
        "files": [],
        "purged": False,
    }


def test_purge_json_names_the_files(used: Path) -> None:
    before = _ours(used)
    done = run_cli("purge", str(used), "--yes", "--json")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["purged"] is True and set(report["files"]) == before


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pty")
@pytest.mark.reliability  # a process on a pseudo-terminal
@pytest.mark.parametrize("answer", ["n", "y"])
def test_purge_asks_on_a_terminal(used: Path, answer: str) -> None:
    before = _ours(used)
    child = pexpect.spawn(
        sys.executable,
        ["-m", "autopatch_memory_cli", "purge", str(used)],
        env=dict(os.environ),
        encoding="utf-8",
        timeout=TIMEOUT,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    child.expect("memory.archive.jsonl")
    child.expect(r"Delete these \d+ files\? This cannot be undone \[y/N\]")
    child.sendline(answer)
    child.expect(pexpect.EOF)
    child.close()
    if answer == "n":
        assert child.exitstatus == 1
        assert _ours(used) == before
    else:
        assert child.exitstatus == 0
        assert _ours(used) == set()
