"""``doctor`` reports the pairs of active rules or notes recorded as contradicting each
other in part (issue 26, item 3), through the real command line: a warning naming each
pair's ids and labels, gone once the user forgets one of them."""

from __future__ import annotations

import json
from pathlib import Path

from cli_process import run_cli

from autopatch_memory import ProjectMemory


def test_doctor_warns_of_each_conflicting_pair(repo: Path) -> None:
    with ProjectMemory.open(repo, backend="off") as memory:
        both = memory.remember("Use Maven, and always show the full command line.")
        gradle = memory.remember("Use Gradle instead of Maven.")
        memory.remember("以后回答请用中文。")
    assert gradle.conflicts == [both.item_id]  # kept both: a partial conflict

    done = run_cli("doctor", str(repo), "--json")
    assert done.returncode == 0  # a warning: memory works, the user decides
    check = {c["name"]: c for c in json.loads(done.stdout)["checks"]}["conflicts"]
    assert check["status"] == "warn"
    [detail] = check["details"]
    assert gradle.item_id in detail and both.item_id in detail
    assert gradle.item and gradle.item.label in detail
    human = run_cli("doctor", str(repo)).stdout
    assert "conflicts" in human and f"{gradle.item_id} " in human and "↔" in human

    assert run_cli("forget", str(repo), str(both.item_id)).returncode == 0
    check = {c["name"]: c for c in json.loads(run_cli("doctor", str(repo), "--json").stdout)[
        "checks"]}["conflicts"]  # fmt: skip
    assert check["status"] == "ok" and check["details"] == []
