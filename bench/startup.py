"""Start-up benchmark of the command line: each command, in a fresh process, N times.

    python bench/startup.py                              # this interpreter, 11 runs each
    python bench/startup.py --runs 21
    python bench/startup.py --python before=/path/to/main/.venv/bin/python \\
                            --python after=.venv/bin/python   # two installs, side by side

A command's wall time from ``fork`` to exit is what a user waits for, and most of it
is importing: the library, typer and rich, and whatever the command itself needs.
Each command runs as ``<python> -m autopatch_memory_cli …`` on a small repository:
the bundled demo repository (``cli/demo_repo``) copied to a temporary folder, with a
few turns, rules and a summary written into its memory through the library. No
network: ``OPENAI_BASE_URL`` points at a closed local port, no model is named, and
the user's config folder is an empty temporary one.

With several ``--python``, the runs are interleaved (one run of each interpreter in
turn, for every command), so a machine that slows down in the middle of the run
slows every column alike. Two tables: the median wall time per command and
interpreter, and the median CPU time (user + system) of the process, which other
work on a shared machine disturbs less; each with every column's ratio to the first.
This is a benchmark, not a test: it asserts nothing, and a run only fails when a
command exits with an error.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

from autopatch_memory import IntentType, LongTermType, ProjectMemory

DEFAULT_RUNS = 11
DEMO_REPO = Path(__file__).resolve().parent.parent / "cli" / "demo_repo"
SEARCH_TEXT = "FindingQueue"
QUESTION = "How does FindingQueue order the findings?"

# (label, arguments after the program; "{repo}" is the temporary repository).
COMMANDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("--version", ("--version",)),
    ("--help", ("--help",)),
    ("show --help", ("show", "--help")),
    ("show", ("show", "{repo}")),
    ("log", ("log", "{repo}")),
    ("search", ("search", "{repo}", SEARCH_TEXT)),
    ("export", ("export", "{repo}")),
    ("doctor", ("doctor", "{repo}")),
    ("profile", ("profile", "{repo}")),
    ("context", ("context", "{repo}", QUESTION)),
    ("ask (no model)", ("ask", "{repo}", QUESTION)),
)

# (question, answer) turns recorded before the run, in both languages.
_TURNS: tuple[tuple[str, str], ...] = (
    (
        "How is this project organised into modules?",
        "A Maven multi-module build: `review` holds the finding queue, `api` the REST layer.",
    ),
    (
        "review 模块里的 FindingQueue 是怎么排序的？",
        "FindingQueue 用 PriorityQueue，按严重程度、路径、行号排序。",
    ),
    (
        "What does PatchConfirmation.decide() do with a rejected finding?",
        "It records the decision and removes the finding from the queue without applying it.",
    ),
)
_RULES: tuple[str, ...] = (
    "Always answer in Chinese and give the conclusion first.",
    "以后写测试请用 JUnit 5 和 AssertJ。",
)
_NOTE = "The api module depends on review; review knows nothing of api."


def closed_port() -> int:
    """A local TCP port nothing listens on (bound, then released)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def make_repo(parent: Path) -> Path:
    """The demo repository with some memory in it, written through the library."""
    repo = parent / "demo-review-service"
    shutil.copytree(DEMO_REPO, repo)
    memory = ProjectMemory.open(repo, backend="heuristic")
    try:
        for question, answer in _TURNS:
            memory.record_turn(IntentType.CODE_EXPLAIN, question, answer)
        for rule in _RULES:
            memory.remember(rule)
        memory.remember(_NOTE, kind=LongTermType.PROJECT_NOTE)
        memory.summarize_now()
    finally:
        memory.close()
    return repo


def environment(home: Path) -> dict[str, str]:
    """The environment every command runs in: no model, no network, no user config."""
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("AUTOPATCH_", "OPENAI_"))
    }
    env["OPENAI_BASE_URL"] = f"http://127.0.0.1:{closed_port()}/v1"
    env["XDG_CONFIG_HOME"] = str(home)
    env["NO_COLOR"] = "1"
    return env


class Sample(NamedTuple):
    """One run of one command: wall time, and the CPU time (user + system) it used."""

    wall: float
    cpu: float


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_once(python: str, args: list[str], env: dict[str, str], cwd: Path) -> Sample:
    """One command, timed from start to exit; raises when it fails."""
    cpu_before = _children_cpu()
    start = time.perf_counter()
    done = subprocess.run(
        [python, "-m", "autopatch_memory_cli", *args],
        env=env,
        cwd=cwd,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        check=False,
    )
    wall = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(
            f"{python} {' '.join(args)} exited {done.returncode}:\n"
            + done.stderr.decode("utf-8", errors="replace")
        )
    return Sample(wall, _children_cpu() - cpu_before)


def parse_pythons(values: list[str] | None) -> list[tuple[str, str]]:
    """``[label=]path`` values as (label, path); default: this interpreter."""
    if not values:
        return [("this", sys.executable)]
    found = []
    for number, value in enumerate(values, 1):
        label, sep, path = value.partition("=")
        if not sep:
            label, path = f"python {number}", value
        # Absolute, not resolved: a venv's python is a link, and the venv is found by it.
        found.append((label, os.path.abspath(path)))
    return found


def measure(
    pythons: list[tuple[str, str]], runs: int, repo: Path, env: dict[str, str]
) -> dict[str, dict[str, list[Sample]]]:
    """Samples per command and interpreter, runs interleaved across interpreters."""
    samples: dict[str, dict[str, list[Sample]]] = {}
    for label, template in COMMANDS:
        args = [part.replace("{repo}", str(repo)) for part in template]
        per_python = samples.setdefault(label, {name: [] for name, _ in pythons})
        for _name, python in pythons:  # a first, unmeasured run fills the page cache
            run_once(python, args, env, repo.parent)
        for _ in range(runs):
            for name, python in pythons:
                per_python[name].append(run_once(python, args, env, repo.parent))
    return samples


def print_table(samples: dict[str, dict[str, list[Sample]]], names: list[str], field: str) -> None:
    """Medians of one field in milliseconds, and each column's ratio to the first."""
    header = ["command", *(f"{name} ms" for name in names)]
    header += [f"{name} / {names[0]}" for name in names[1:]]
    rows = [header]
    for label, per_python in samples.items():
        medians = [
            statistics.median(getattr(sample, field) for sample in per_python[name]) * 1000
            for name in names
        ]
        row = [label, *(f"{value:.0f}" for value in medians)]
        row += [f"{value / medians[0]:.2f}" for value in medians[1:]]
        rows.append(row)
    widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
    for number, row in enumerate(rows):
        cells = [row[0].ljust(widths[0])]
        cells += [cell.rjust(width) for cell, width in zip(row[1:], widths[1:], strict=True)]
        print("  ".join(cells))
        if number == 0:
            print("  ".join("-" * width for width in widths))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--python",
        action="append",
        metavar="[LABEL=]PATH",
        help="an interpreter with autopatch-memory installed (repeatable; default: this one)",
    )
    parser.add_argument("--runs", type=int, default=DEFAULT_RUNS, help="runs per command")
    options = parser.parse_args()
    pythons = parse_pythons(options.python)
    with tempfile.TemporaryDirectory(prefix="apm-startup-") as folder:
        parent = Path(folder)
        repo = make_repo(parent)
        home = parent / "config-home"
        home.mkdir()
        samples = measure(pythons, options.runs, repo, environment(home))
    names = [name for name, _ in pythons]
    print(f"wall time, median of {options.runs} runs per command (a fresh process each)")
    print_table(samples, names, "wall")
    print(f"\nCPU time (user + system), median of {options.runs} runs")
    print_table(samples, names, "cpu")


if __name__ == "__main__":
    main()
