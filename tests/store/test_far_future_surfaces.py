"""A naive far-future timestamp raises out of no public surface (docs/design.md#storage-guarantees).

The first report (issue 29, item 7) was an ``OverflowError`` from opening memory; the
clamp on read is tested in test_timestamps.py. Here every timestamp a file holds —
items, topics, turns, the document's own, journal entries — is ``9999-12-31T23:59:59``
without an offset (or the first second of year 1), and each way a host or a user
reads memory is walked: search, export, status, the journal, doctor, undo, a summary
run, and the command line's views in a real process.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from datetime import datetime, timezone
from pathlib import Path

import pytest

from autopatch_memory.diagnostics import diagnose
from autopatch_memory.exchange import export_json, export_markdown
from autopatch_memory.memory import ProjectMemory

# Each end of the calendar with a local zone on the side where reading it as local time
# leaves the calendar: behind UTC for the last second, ahead of it for the first.
EDGES = [("9999-12-31T23:59:59", "America/New_York"), ("0001-01-01T00:00:00", "Asia/Shanghai")]


@pytest.fixture(params=EDGES, ids=["last-second-new-york", "first-second-shanghai"])
def when(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    if not hasattr(time, "tzset"):
        pytest.skip("needs time.tzset")
    stamp, zone = request.param
    monkeypatch.setenv("TZ", zone)  # the command line's processes inherit it
    time.tzset()
    yield stamp
    monkeypatch.undo()
    time.tzset()


def _memory_with_edges(repo: Path, when: str) -> None:
    with ProjectMemory.open(repo, backend="off") as memory:
        memory.remember("Always answer in English.")
        memory.remember("订单服务用 MySQL 8。", kind="project_note")
        memory.record_turn("code_explain", "How does OrderService refund an order?", "Ledger.")
    folder = repo / ".autopatch-j"
    path = folder / "memory.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["updated_at"] = when
    for item in (*doc["long_term_memory"]["project_notes"],
                 *doc["long_term_memory"]["durable_preferences"]):  # fmt: skip
        item["created_at"] = item["updated_at"] = when
    for turn in doc["working_memory"]["recent_turns"]:
        turn["created_at"] = when
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    entry = {"ts": when, "actor": "user", "op": "remember", "target": "mem_x", "outcome": "applied"}
    with (folder / "memory.journal.jsonl").open("a", encoding="utf-8") as journal:
        journal.write(json.dumps(entry) + "\n")


def test_every_library_surface_reads_edge_timestamps(repo: Path, when: str) -> None:
    _memory_with_edges(repo, when)
    with ProjectMemory.open(repo, backend="heuristic") as memory:
        assert memory.search("MySQL") and memory.search("English")
        doc = memory.document()
        assert "MySQL" in export_markdown(doc, project="shop")
        assert "MySQL" in export_json(doc, project="shop", now=datetime.now(timezone.utc))
        assert memory.status().pending_turns is not None
        assert any(entry.target == "mem_x" for entry in memory.journal_entries())
        assert diagnose(memory).ok
        assert memory.context("code_explain", "OrderService 怎么退款？").render()
        assert memory.record_turn("code_explain", "Which database does the order service use?")
        memory.summarize_now()
        assert memory.remember("以后回答先给结论。").item_id
        memory.undo()
        assert memory.last_error is None


def test_the_command_lines_views_read_edge_timestamps(repo: Path, when: str) -> None:
    _memory_with_edges(repo, when)
    for command in (("show",), ("log",), ("search", "MySQL"), ("show", "--json")):
        name, *rest = command
        result = subprocess.run(
            [sys.executable, "-m", "autopatch_memory_cli", name, str(repo), *rest],
            capture_output=True,
            text=True,
            encoding="utf-8",
            env={**os.environ, "PYTHONIOENCODING": "utf-8"},
            timeout=60,
        )
        assert result.returncode == 0, (command, result.stderr)
        assert "Traceback" not in result.stderr and "internal error" not in result.stderr
