"""Start-up budgets, by the interpreter's own account of what importing costs.

``python -X importtime`` times every import. Absolute times mean nothing on a shared CI
machine, so each budget is a ratio to ``import typer, rich`` (the frameworks every
command needs) measured in the same test, the runs interleaved, the fastest of each
kept (the least disturbed). Every run has bytecode for every module (a cache folder of
its own, filled by a first run), as an installed package has.

The budgets sit above today's costs with room for a loaded machine's noise (on two busy
cores the ratios moved between 4 and 5 for the library; the app, which loads no command,
stays near 1): they do
not measure start-up (``bench/startup.py`` does, against its goals), they catch a change
that makes a path import what it does not use — the redaction rules or the directive
grammar each cost more than the room left (docs/benchmarks.md, "Start-up").
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from autopatch_memory import IntentType, LongTermType, ProjectMemory

FLOOR = "import typer, rich"
RUNS = 7
# Opening memory and building a context (what a host does every turn): pydantic and the
# document's models are most of it; no rule table.
LIBRARY_BUDGET = 6.5
# What every command imports before it runs, and all that `--help` imports: the app,
# which holds no command (cli/registry.py), about the floor itself (the goal of `--help`).
APP_BUDGET = 1.5


def import_ms(code: str, env: dict[str, str]) -> float:
    """What importing took in a fresh interpreter running ``code`` (the top-level
    imports' cumulative times, in milliseconds)."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", code],
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    total = 0
    for line in done.stderr.splitlines():
        if not line.startswith("import time:") or "cumulative" in line:
            continue
        _self, cumulative, name = line.removeprefix("import time:").split("|")
        if not name.startswith("  "):  # a top-level import: its cumulative time holds the rest
            total += int(cumulative)
    return total / 1000


@pytest.fixture(scope="module")
def startup_env(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = str(tmp_path_factory.mktemp("bytecode"))
    return env


@pytest.fixture(scope="module")
def remembered(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A repository whose memory holds turns, rules and a note, in both languages."""
    repo = tmp_path_factory.mktemp("budget") / "shop"
    (repo / ".git").mkdir(parents=True)
    with ProjectMemory.open(repo, backend="off") as memory:
        memory.record_turn(IntentType.CODE_EXPLAIN, "OrderService 怎么处理退款？", "调用 Gateway。")
        memory.record_turn(IntentType.CODE_EXPLAIN, "What does OrderQueue sort by?", "Priority.")
        memory.remember("以后写测试请用 JUnit 5 和 AssertJ。")
        memory.remember("The api module depends on core.", kind=LongTermType.PROJECT_NOTE)
    # Opened again now that the memory folder is there: the profile cache is written, as
    # it is in any repository where memory lives.
    ProjectMemory.open(repo, backend="off").close()
    return repo


def ratios(probes: dict[str, str], env: dict[str, str]) -> dict[str, float]:
    """Each probe's import time over the floor's, the fastest of ``RUNS`` interleaved
    runs of each (after one that writes their bytecode)."""
    everything = {"floor": FLOOR, **probes}
    for code in everything.values():
        import_ms(code, env)
    best = dict.fromkeys(everything, float("inf"))
    for _ in range(RUNS):
        for name, code in everything.items():
            best[name] = min(best[name], import_ms(code, env))
    return {name: best[name] / best["floor"] for name in probes}


def _host_turn(repo: Path) -> str:
    """A host's first turn: import the library, open memory (the default, offline
    summarizer; the profile from its cache), build a context."""
    return "\n".join(
        [
            "from autopatch_memory import IntentType, ProjectMemory",
            f"memory = ProjectMemory.open({str(repo)!r})",
            "memory.context(IntentType.CODE_EXPLAIN, 'How is OrderQueue sorted?')",
            "memory.close()",
        ]
    )


# What a host's first turn never needs: the rule tables (redaction: the file this program
# wrote is known redacted; the directive grammar; the applier and governance; the offline
# summarizer's rules), the build-file parsers, a model client.
_NOT_FOR_A_TURN = (
    "autopatch_memory.privacy.engine",
    "autopatch_memory.directives",
    "autopatch_memory.applier",
    "autopatch_memory.governance",
    "autopatch_memory.backends.heuristic.deltas",
    "autopatch_memory.profile.combine",
    "autopatch_memory.profile.maven",
    "lxml",
    "openai",
    "filelock",
)


def test_a_hosts_first_turn_loads_no_rule_table(remembered: Path) -> None:
    code = _host_turn(remembered) + "\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))"
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    loaded = set(json.loads(done.stdout.splitlines()[-1]))
    assert "autopatch_memory.context" in loaded  # the probe did build a context
    assert (
        sorted(
            name
            for name in _NOT_FOR_A_TURN
            if any(m == name or m.startswith(f"{name}.") for m in loaded)
        )
        == []
    )


def test_opening_memory_and_building_a_context_import_within_budget(
    startup_env: dict[str, str], remembered: Path
) -> None:
    found = ratios({"library": _host_turn(remembered)}, startup_env)
    assert found["library"] <= LIBRARY_BUDGET, found


def test_the_command_line_imports_within_budget(startup_env: dict[str, str]) -> None:
    found = ratios({"app": "import autopatch_memory_cli.app"}, startup_env)
    assert found["app"] <= APP_BUDGET, found
