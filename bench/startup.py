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

``bench/run.py`` also uses :func:`bench_startup`, which measures the goals
(docs/design.md#performance-goals) the way a user meets them: from a wheel built from
the source tree and installed into a virtual environment of its own (bytecode
compiled, as pip installs it; the dependencies linked from this environment), it runs
``python -c "import typer, rich"`` — the floor — and ``autopatch-memory --help``,
``show`` and ``context`` on a repository whose memory file is 24 KiB, interleaved, in
rounds; and the library's ``import autopatch_memory`` + ``ProjectMemory.open`` +
``context()`` on that file, timed inside the process, in milliseconds.
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
import sysconfig
import tempfile
import time
from pathlib import Path
from typing import Any, NamedTuple

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
    """The environment every command runs in: no model, no network, no user config,
    and no ``PYTHONPATH`` (each interpreter runs the library installed with it); the
    compiled patterns' cache in ``home`` (filled by the warm-up runs, as a user's is by
    the commands before)."""
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("AUTOPATCH_", "OPENAI_")) and key != "PYTHONPATH"
    }
    env["OPENAI_BASE_URL"] = f"http://127.0.0.1:{closed_port()}/v1"
    env["XDG_CONFIG_HOME"] = str(home)
    env["XDG_CACHE_HOME"] = str(home / "cache")
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


# --- the goals (bench/run.py) ------------------------------------------------------------

# Each command's median wall time over the floor's (``python -c "import typer, rich"``),
# and the library's own import + open + context() in milliseconds.
STARTUP_GOALS: dict[str, float] = {"--help": 1.5, "show": 2.5, "context": 2.5}
LIBRARY_BUDGET_MS = 150.0
LIBRARY_FILE_BYTES = 24 * 1024
FLOOR_CODE = "import typer, rich"
# For reference, not a goal: the smallest typer program that runs a command (one path
# argument, one flag). Since typer 0.29 a command's parameters are converted by pydantic
# adapters that typer builds when it runs one: this program is what any typer command
# line starts at.
TYPER_APP_CODE = (
    "import pathlib, sys, typer\n"
    "app = typer.Typer()\n"
    "@app.command()\n"
    "def show(repo: pathlib.Path, json: bool = False) -> None: pass\n"
    "@app.command()\n"
    "def other() -> None: pass\n"
    "app(['show', sys.argv[1]])\n"
)
TYPER_APP_LABEL = "a one-command typer program (reference)"
_GOAL_COMMANDS: dict[str, tuple[str, ...]] = {
    "--help": ("--help",),
    "show": ("show", "{repo}"),
    "context": ("context", "{repo}", QUESTION),
}
# Timed inside the process, from before the first import to the context built: its CPU
# time, then its wall time.
_LIBRARY_CODE = """import time
started, cpu = time.perf_counter(), time.process_time()
from autopatch_memory import IntentType, ProjectMemory
memory = ProjectMemory.open({repo!r})
memory.context(IntentType.CODE_EXPLAIN, {question!r})
elapsed, used = time.perf_counter() - started, time.process_time() - cpu
memory.close()
print(used, elapsed)
"""
_PURELIB = "import sysconfig; print(sysconfig.get_paths()['purelib'])"
PROJECT_DISTRIBUTION = "autopatch-memory"
_SKIPPED_IN_COPY = (
    ".git",
    ".venv",
    "build",
    "dist",
    "*.egg-info",
    "__pycache__",
    ".mypy_cache",
    ".ruff_cache",
    ".pytest_cache",
    ".hypothesis",
    "tests",
    "bench",
    "docs",
)


def wheel_environment(source: Path, folder: Path) -> Path:
    """A virtual environment in ``folder`` with the project at ``source`` built into a
    wheel and installed (pip compiles its bytecode), its run-time dependencies linked
    from this interpreter's environment (:func:`_runtime_entries`); returns its ``bin``
    folder."""
    tree = folder / "source"
    shutil.copytree(source, tree, ignore=shutil.ignore_patterns(*_SKIPPED_IN_COPY))
    dist = folder / "dist"
    pip = [sys.executable, "-m", "pip"]
    _quietly([*pip, "wheel", "-q", "--no-deps", "--no-build-isolation", "-w", str(dist), str(tree)])
    venv = folder / "venv"
    _quietly([sys.executable, "-m", "venv", "--without-pip", str(venv)])
    bin_dir = venv / ("Scripts" if os.name == "nt" else "bin")
    site = Path(_quietly([str(bin_dir / "python"), "-c", _PURELIB]).strip())
    ours = Path(sysconfig.get_paths()["purelib"])
    for name in sorted(_runtime_entries(ours)):
        entry = ours / name
        if entry.exists() and not (site / name).exists():
            (site / name).symlink_to(entry, target_is_directory=entry.is_dir())
    wheel = next(dist.glob("*.whl"))
    target = str(bin_dir / "python")
    _quietly([*pip, "--python", target, "install", "-q", "--no-deps", "--no-index", str(wheel)])
    return bin_dir


def _runtime_entries(site: Path) -> set[str]:
    """The names in ``site`` (this environment's site-packages) of the distributions the
    project needs at run time, and theirs, recursively: an installed wheel's environment
    holds these and no test or lint tools (pydantic scans every installed distribution's
    entry points when it builds its first model)."""
    from importlib import metadata

    from packaging.requirements import Requirement

    entries: set[str] = set()
    seen: set[str] = set()
    todo = [PROJECT_DISTRIBUTION]
    while todo:
        name = todo.pop()
        key = name.lower().replace("_", "-")
        if key in seen:
            continue
        seen.add(key)
        try:
            dist = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            continue
        for text in dist.requires or []:
            requirement = Requirement(text)
            if requirement.marker is None or requirement.marker.evaluate({"extra": ""}):
                todo.append(requirement.name)
        if key == PROJECT_DISTRIBUTION:
            continue  # the wheel installs it
        for file in dist.files or []:
            top = file.parts[0]
            if top not in ("..", "__pycache__") and not top.endswith(".pth"):
                entries.add(top)
    return {e for e in entries if (site / e).exists()}


def _quietly(args: list[str]) -> str:
    """Run ``args``; its stdout, or :class:`SystemExit` with its stderr when it fails."""
    done = subprocess.run(args, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(args)} exited {done.returncode}:\n{done.stderr}")
    return done.stdout


def fill_repo(parent: Path, size: int = LIBRARY_FILE_BYTES) -> Path:
    """:func:`make_repo`, with turns, rules and notes added until its memory file is at
    least ``size`` bytes."""
    repo = make_repo(parent)
    memory = ProjectMemory.open(repo, backend="off")
    try:
        number = 0
        while memory.store.path.stat().st_size < size:
            number += 1
            if number % 3 == 0:
                memory.remember(
                    f"Module review-{number} owns the finding queue of batch {number}; "
                    "its tests use JUnit 5.",
                    kind=LongTermType.PROJECT_NOTE,
                )
            else:
                question, answer = _TURNS[number % len(_TURNS)]
                memory.record_turn(IntentType.CODE_EXPLAIN, f"{question} ({number})", answer * 3)
    finally:
        memory.close()
    return repo


def _fill_repo_installed(bin_dir: Path, parent: Path) -> Path:
    """:func:`fill_repo`, run by the installed wheel: a file written under the measured
    tree's redaction rules is known redacted to it (one written under other rules would
    be redacted again at every read, and ``--source`` would measure that)."""
    code = (
        f"import sys; sys.path.insert(0, {str(Path(__file__).resolve().parent)!r})\n"
        "from pathlib import Path\nimport startup\n"
        f"print(startup.fill_repo(Path({str(parent)!r})))"
    )
    # -I: not the working directory's tree (a checkout's own package) but the installed one
    out = _quietly([str(bin_dir / "python"), "-I", "-c", code])
    return Path(out.strip().splitlines()[-1])


def _timed(args: list[str], env: dict[str, str], cwd: Path) -> tuple[Sample, str]:
    """One run of ``args``: its wall and CPU time, and its stdout."""
    cpu_before = _children_cpu()
    start = time.perf_counter()
    done = subprocess.run(
        args, env=env, cwd=cwd, stdin=subprocess.DEVNULL, capture_output=True, check=False
    )
    wall = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(
            f"{' '.join(args)} exited {done.returncode}:\n"
            + done.stderr.decode("utf-8", errors="replace")
        )
    sample = Sample(wall, _children_cpu() - cpu_before)
    return sample, done.stdout.decode("utf-8", errors="replace")


def bench_startup(source: Path, *, rounds: int = 5, runs: int = 3) -> dict[str, Any]:
    """The start-up goals, measured from a wheel of ``source``: every command's ratio to
    the floor and the library's milliseconds, each the median over ``rounds`` rounds (of
    ``runs`` interleaved runs each), with the rounds' values.

    The goals are checked on CPU time (user + system), which the other work of a shared
    machine disturbs less than wall time; the wall times are reported beside (on an
    idle machine the two agree: these processes wait for nothing)."""
    with tempfile.TemporaryDirectory(prefix="apm-startup-goals-") as folder:
        parent = Path(folder)
        bin_dir = wheel_environment(source, parent / "install")
        repo = _fill_repo_installed(bin_dir, parent)
        home = parent / "config-home"
        home.mkdir()
        env = environment(home)
        # Bytecode for every module, the dependencies' too (an environment may have been
        # installed without it): written by the first, unmeasured run of each command.
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(parent / "bytecode")
        python = str(bin_dir / "python")
        program = str(bin_dir / "autopatch-memory")
        commands = {
            label: [program, *(a.replace("{repo}", str(repo)) for a in template)]
            for label, template in _GOAL_COMMANDS.items()
        }
        library = [python, "-c", _LIBRARY_CODE.format(repo=str(repo), question=QUESTION)]
        floor_args = [python, "-c", FLOOR_CODE]
        commands[TYPER_APP_LABEL] = [python, "-c", TYPER_APP_CODE, str(repo)]
        for args in (floor_args, *commands.values(), library):  # bytecode, page cache
            _timed(args, env, parent)
        per_round: list[dict[str, Sample]] = []
        library_rounds: list[tuple[float, float]] = []  # (cpu, wall) in seconds
        for _ in range(rounds):
            samples: dict[str, list[Sample]] = {label: [] for label in ("floor", *commands)}
            inside: list[tuple[float, float]] = []
            for _ in range(runs):
                samples["floor"].append(_timed(floor_args, env, parent)[0])
                for label, args in commands.items():
                    samples[label].append(_timed(args, env, parent)[0])
                cpu, wall = _timed(library, env, parent)[1].split()[-2:]
                inside.append((float(cpu), float(wall)))
            per_round.append(
                {
                    label: Sample(
                        statistics.median(s.wall for s in found),
                        statistics.median(s.cpu for s in found),
                    )
                    for label, found in samples.items()
                }
            )
            library_rounds.append(
                (statistics.median(c for c, _ in inside), statistics.median(w for _, w in inside))
            )
    floor_cpu = statistics.median(r["floor"].cpu for r in per_round)
    floor_wall = statistics.median(r["floor"].wall for r in per_round)
    result: dict[str, Any] = {
        "floor": FLOOR_CODE,
        "floor_ms": round(floor_cpu * 1000, 1),
        "floor_wall_ms": round(floor_wall * 1000, 1),
        "commands": {},
    }
    for label in commands:
        cpu_ratios = [r[label].cpu / r["floor"].cpu for r in per_round]
        wall_ratios = [r[label].wall / r["floor"].wall for r in per_round]
        result["commands"][label] = {
            "ratio": round(statistics.median(cpu_ratios), 3),
            "runs": [round(v, 3) for v in cpu_ratios],
            "median_ms": round(statistics.median(r[label].cpu for r in per_round) * 1000, 1),
            "wall_ratio": round(statistics.median(wall_ratios), 3),
            "wall_ms": round(statistics.median(r[label].wall for r in per_round) * 1000, 1),
            "goal": STARTUP_GOALS.get(label),
        }
    result["library"] = {
        "median_ms": round(statistics.median(c for c, _ in library_rounds) * 1000, 1),
        "runs": [round(c * 1000, 1) for c, _ in library_rounds],
        "wall_ms": round(statistics.median(w for _, w in library_rounds) * 1000, 1),
        "budget_ms": LIBRARY_BUDGET_MS,
        "file_bytes": LIBRARY_FILE_BYTES,
    }
    return result


def startup_over(numbers: dict[str, Any]) -> list[str]:
    """The start-up measurements over their goal."""
    over = [
        label
        for label, row in numbers["commands"].items()
        if row["goal"] is not None and row["ratio"] > row["goal"]
    ]
    if numbers["library"]["median_ms"] > numbers["library"]["budget_ms"]:
        over.append("library")
    return over


def render_startup(numbers: dict[str, Any]) -> str:
    """The start-up block of bench/run.py's table (CPU time; wall time beside)."""
    floor_label = f'python -c "{numbers["floor"]}" (the floor)'
    lines = [
        f"{'start-up (installed wheel, bytecode; CPU time)':<46} {'median':>7} {'ratio':>6} "
        f"{'rounds':>10} {'goal':>7}   wall: ms, ratio",
        f"{'':<46} {'ms':>7}",
        "-" * 98,
        f"{floor_label:<46} {numbers['floor_ms']:>7.0f} {'':>6} {'':>10} {'':>7}   "
        f"{numbers['floor_wall_ms']:.0f}",
    ]
    for label, row in numbers["commands"].items():
        goal = row["goal"]
        verdict = "" if goal is None else "ok" if row["ratio"] <= goal else "OVER"
        spread = f"{min(row['runs']):.2f}–{max(row['runs']):.2f}"
        name = label if goal is None else "autopatch-memory " + label
        shown_goal = "" if goal is None else "≤ " + format(goal, "g")
        lines.append(
            f"{name:<46} {row['median_ms']:>7.0f} {row['ratio']:>6.2f} "
            f"{spread:>10} {shown_goal:>7}  {verdict:<4} "
            f"{row['wall_ms']:.0f}, {row['wall_ratio']:.2f}"
        )
    lib = numbers["library"]
    verdict = "ok" if lib["median_ms"] <= lib["budget_ms"] else "OVER"
    spread = f"{min(lib['runs']):.0f}–{max(lib['runs']):.0f}"
    lines.append(
        f"{'library: import + open + context() (24 KiB)':<46} {lib['median_ms']:>7.0f} "
        f"{'':>6} {spread:>10} {'≤ ' + format(lib['budget_ms'], 'g') + ' ms':>7}  {verdict:<4} "
        f"{lib['wall_ms']:.0f}"
    )
    return "\n".join(lines)


if __name__ == "__main__":
    main()
