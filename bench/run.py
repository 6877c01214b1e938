"""The benchmark (docs/design.md#performance-goals): each operation as a ratio to its floor.

    python bench/run.py                 # full run; results to bench/results/last-run.json
    python bench/run.py --quick         # fewer samples (a smoke run)
    python bench/run.py --repeat 5      # five runs, medians of their ratios
    python bench/run.py --save          # also update bench/results/latest.json (tracked)

Absolute times drift tenfold on a shared machine; a ratio to a floor measured in
the same run, sample next to sample, does not. On a memory file at the 32 KiB limit:

* floor A: read the file and parse it into a ``MemoryDocument``;
* floor B: one durable read-modify-write of the same file: read, parse, dump,
  write a temp file, fsync it, replace, fsync the folder;
* building the context, against floor A (goal ≤ 2.5×);
* recording a turn and applying a delta that changes the file, both trimming it
  (the file is at the limit), against floor B (goal ≤ 1.5×); every question, answer
  and delta text is new, so redaction is measured, not its cache;
* the same two host calls while a summarizer that takes 2 s is in flight;
* the repo profile, cold and cached (``bench/profile_repos.py``, absolute budgets);
* the injected context's size against replaying the recent history.

Each run is compared with the previous one (``last-run.json``, else the committed
``latest.json``). This is a benchmark, not a test: it exits 1 when a ratio is over
its goal (or the profile over its budget), so a regression shows in CI logs.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import platform
import shutil
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

from profile_repos import BUDGET_CACHED_MS, BUDGET_COLD_MS, bench_profile
from secret_redaction import bench_secrets, render_summary

from autopatch_memory import limits
from autopatch_memory.backends.base import SummaryRequest
from autopatch_memory.context import history_replay_size, size_of
from autopatch_memory.journal import Outcome, file_digest
from autopatch_memory.memory import ProjectMemory
from autopatch_memory.model import (
    LongTermItem,
    LongTermType,
    MemoryDelta,
    MemoryDocument,
    RepoProfile,
    Source,
    Topic,
)
from autopatch_memory.store import Transaction

# Goals (docs/design.md#performance-goals): an operation's median over its floor's
# (per pair of samples).
GOALS = {"context": 2.5, "record_turn": 1.5, "apply_delta": 1.5}
FLOOR_OF = {"context": "read_parse", "record_turn": "durable_rmw", "apply_delta": "durable_rmw"}
FLOOR_NAMES = {
    "read_parse": "floor A: read + parse",
    "durable_rmw": "floor B: read + parse + dump + write + 2 fsync",
}
SLOW_SUMMARIZER_SECONDS = 2.0
RESULTS_DIR = Path(__file__).parent / "results"
LAST_RUN = RESULTS_DIR / "last-run.json"  # untracked (.gitignore)
SAVED = RESULTS_DIR / "latest.json"  # tracked: written with --save only

QUESTIONS = [
    "review 模块是怎么管理 finding 队列的？",
    "How is this project built and which Java version does it use?",
    "Optional 的 orElse 和 orElseGet 有什么区别？",
    "What does ReviewService do with pending patches?",
    "这个项目依赖哪些框架？",
    "How should I write unit tests for the config loader?",
]
_ANSWER_BODY = (
    "先给结论：finding 队列由 ReviewService 按严重程度排序，同一文件的 finding 合并后再交给"
    "PatchPlanner。The queue is a PriorityQueue ordered by severity, then path and line; a "
    "rejected patch puts its finding back with a lower priority, so the next run does not "
    "retry it at once. 细节上，QueueStore 在每次出队前检查 finding 是否仍然存在，避免对已经"
    "修复的代码重复生成补丁；如果需要调整顺序，修改 FindingComparator 即可。"
)


# Every recorded question and answer is new, in every run of the process, as in real use:
# a repeated one would be served by the redaction cache.
_SERIAL = itertools.count()


def question(i: int) -> str:
    """A question never recorded before in this process."""
    return f"{QUESTIONS[i % len(QUESTIONS)]} #{next(_SERIAL)}"


def answer() -> str:
    """An answer never recorded before in this process, long enough that recording it
    at the limit trims."""
    return f"回答 {next(_SERIAL)}：" + _ANSWER_BODY * 2


class SlowBackend:
    """A summarizer that thinks for two seconds, like a remote model."""

    name = "slow"

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.calls = 0

    def summarize(self, request: SummaryRequest) -> MemoryDelta:
        self.calls += 1
        time.sleep(self.seconds)
        return MemoryDelta(
            turn_summaries=[
                {"turn_id": t.id, "summary": f"用户询问：{t.user_text[:40]}"} for t in request.turns
            ]
        )


def fill_to_limit(memory: ProjectMemory) -> None:
    """A realistic worst case: long-term memory near its budget, every list full."""

    def seed(txn: Transaction) -> None:
        doc, now = txn.doc, txn.now
        doc.repo_profile = RepoProfile(
            build_tool="maven",
            java_version="17",
            project_name="autopatch-demo",
            modules=[f"services/module-{i:02d}" for i in range(limits.PROFILE_MAX_LIST_ITEMS)],
            frameworks=["spring boot", "mybatis-plus", "lombok", "junit5", "mockito"],
            source_files=["pom.xml"],
            updated_at=now,
        )
        ltm = doc.long_term_memory
        for i in range(8):
            ltm.durable_preferences.append(
                LongTermItem(
                    id=f"mem_20260101_{i:03d}",
                    type=LongTermType.DURABLE_PREFERENCE,
                    label=f"rule {i}",
                    summary=f"用户要求第 {i} 条规则：回答先给结论，再给理由，使用中文。",
                    source=Source.USER_EXPLICIT,
                    created_at=now,
                    updated_at=now,
                )
            )
        for i in range(30):
            ltm.project_notes.append(
                LongTermItem(
                    id=f"mem_20260101_{100 + i:03d}",
                    type=LongTermType.PROJECT_NOTE,
                    label=f"module-{i:02d} duties",
                    summary=(
                        f"module-{i:02d} 负责 Service{i} 的领域逻辑，依赖 mapper 层访问数据库，"
                        "对外暴露 REST 接口；用户关注它的事务边界与异常处理。"
                    )
                    * 2,
                    source=Source.CONVERSATION_SUMMARY,
                    created_at=now,
                    updated_at=now + timedelta(seconds=i),
                )
            )
        for i in range(limits.MAX_ACTIVE_TOPICS):
            doc.working_memory.active_topics.append(
                Topic(
                    id=f"topic_20260101_{i:03d}",
                    label=f"topic {i}",
                    summary=f"用户近期关注话题 {i}：Optional、Stream 与事务传播行为的正确用法。"
                    * 3,
                    last_touched_at=now,
                )
            )

    memory.store.update(seed, actor="bench")
    for i in range(limits.MAX_RECENT_TURNS):
        memory.record_turn("general_chat", question(i), answer())


# --- the floors ------------------------------------------------------------------------


class Floors:
    """The two floors, on a copy of the memory file in a folder of their own (so the
    store's folder sees no foreign writes), refreshed from the real file before each
    sample."""

    def __init__(self, source: Path, folder: Path) -> None:
        self.source = source
        folder.mkdir(parents=True, exist_ok=True)
        self.folder = folder
        self.path = folder / "memory.json"
        self.temp = folder / ".memory.json.floor.tmp"

    def sync(self) -> None:
        shutil.copyfile(self.source, self.path)

    def read_parse(self) -> float:
        """Floor A, in seconds."""
        self.sync()
        started = time.perf_counter()
        MemoryDocument.model_validate_json(self.path.read_bytes())
        return time.perf_counter() - started

    def durable_rmw(self) -> float:
        """Floor B, in seconds."""
        self.sync()
        started = time.perf_counter()
        doc = MemoryDocument.model_validate_json(self.path.read_bytes())
        data = doc.to_bytes()
        fd = os.open(self.temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        try:
            os.write(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(self.temp, self.path)
        folder = os.open(self.folder, os.O_RDONLY)
        try:
            os.fsync(folder)
        finally:
            os.close(folder)
        return time.perf_counter() - started


# --- measuring ---------------------------------------------------------------------------


def _time(action: Callable[[], object]) -> float:
    started = time.perf_counter()
    action()
    return time.perf_counter() - started


class Paired:
    """Samples of an operation, each next to a sample of its floor."""

    def __init__(self) -> None:
        self.op: list[float] = []
        self.floor: list[float] = []

    def add(self, floor: float, op: float) -> None:
        self.floor.append(floor)
        self.op.append(op)

    def stats(self) -> dict[str, float]:
        ordered = sorted(self.op)
        p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
        return {
            "median_ms": round(statistics.median(self.op) * 1000, 3),
            "p95_ms": round(p95 * 1000, 3),
            "floor_ms": round(statistics.median(self.floor) * 1000, 3),
            "ratio": round(
                statistics.median(o / f for o, f in zip(self.op, self.floor, strict=True)), 3
            ),
            "n": len(self.op),
        }


def typical_delta(doc: MemoryDocument) -> dict[str, Any]:
    """One turn summary, one topic, one note update: what a run usually yields, in
    words never seen before (as a model's are). The turn summarized is a new pending
    one, so the delta changes the file every time."""
    pending = doc.pending_turns()[-1]
    note = doc.long_term_memory.project_notes[-1]
    n = next(_SERIAL)
    summary = f"用户询问 review 模块如何管理 finding 队列（第 {n} 次）。"
    return {
        "turn_summaries": [{"turn_id": pending.id, "summary": summary}],
        "topic_operations": [
            {
                "operation": "create_new",
                "label": "review module",
                "summary": f"用户关注 review 模块的队列管理（{n}）。",
            }
        ],
        "long_term_operations": [
            {
                "operation": "update_existing",
                "target_id": note.id,
                "summary": f"该模块负责领域逻辑与事务边界（{n}）。",
            }
        ],
    }


def _trimmed_last_write(memory: ProjectMemory) -> bool:
    """Whether the write that produced the file on disk trimmed it (from the journal)."""
    digest = file_digest(memory.store.path.read_bytes())
    return any(
        e.outcome is Outcome.TRIMMED and e.file == digest for e in memory.journal.read(last=20)
    )


def bench_core(repo: Path, samples: int) -> dict[str, Any]:
    memory = ProjectMemory.open(repo, backend="off", refresh_profile=False)
    fill_to_limit(memory)
    floors = Floors(memory.store.path, repo.parent / (repo.name + "-floor"))
    context, record, apply = Paired(), Paired(), Paired()
    for i in range(samples):
        asked = QUESTIONS[i % len(QUESTIONS)]
        floor = floors.read_parse()
        context.add(floor, _time(lambda q=asked: memory.context("general_chat", q)))
    conversation: list[str] = []  # what a host without memory would replay
    checks = {"record_trimmed": 0, "apply_changed": 0, "apply_trimmed": 0}
    for i in range(samples // 4):
        asked, reply = question(i), answer()
        conversation[len(conversation) :] = [asked, reply]
        floor = floors.durable_rmw()
        record.add(floor, _time(lambda q=asked, a=reply: memory.record_turn("general_chat", q, a)))
        checks["record_trimmed"] += _trimmed_last_write(memory)
    for i in range(samples // 4):
        memory.record_turn("code_explain", f"review 模块的第 {i} 个问题", "回答")
        delta = typical_delta(memory.store.read())
        floor = floors.durable_rmw()
        started = time.perf_counter()
        report = memory.apply_delta(delta)
        apply.add(floor, time.perf_counter() - started)
        checks["apply_changed"] += report.changed
        checks["apply_trimmed"] += _trimmed_last_write(memory)
    size = memory.store.path.stat().st_size
    doc = memory.document()
    ctx = memory.context("code_explain", "这个项目怎么构建？review 模块做什么？")
    injected = ctx.size_report()
    # Replaying the last twelve turns verbatim (questions and full answers), and
    # what is left of them in the file after the size policy.
    replay = size_of("\n\n".join(conversation[-2 * limits.MAX_RECENT_TURNS :]))
    stored = history_replay_size(doc)
    memory.close()
    return {
        "file_bytes": size,
        "context": context.stats(),
        "record_turn": record.stats(),
        "apply_delta": apply.stats(),
        # Every record and apply sample must have trimmed, and every apply changed the file.
        "checks": {**checks, "samples": samples // 4},
        "injected_context": {
            "chars": injected.chars,
            "tokens": injected.tokens,
            "items": len(ctx.items),
            "replay_chars": replay.chars,
            "replay_tokens": replay.tokens,
            "stored_history_chars": stored.chars,
        },
    }


def bench_in_flight(repo: Path, samples: int) -> dict[str, Any]:
    backend = SlowBackend(SLOW_SUMMARIZER_SECONDS)
    memory = ProjectMemory.open(repo, backend=backend, refresh_profile=False)
    fill_to_limit(memory)  # its turns trigger the first 2-second run
    floors = Floors(memory.store.path, repo.parent / (repo.name + "-floor"))
    deadline = time.monotonic() + SLOW_SUMMARIZER_SECONDS * 0.9
    record, context = Paired(), Paired()
    busy_checks: list[bool] = []
    i = 0
    while time.monotonic() < deadline and len(record.op) < samples:
        asked, reply = question(i), answer()
        floor = floors.durable_rmw()
        record.add(floor, _time(lambda q=asked, a=reply: memory.record_turn("general_chat", q, a)))
        floor = floors.read_parse()
        topic = QUESTIONS[i % len(QUESTIONS)]
        context.add(floor, _time(lambda q=topic: memory.context("general_chat", q)))
        busy_checks.append(memory.wait_idle(0) is False)
        i += 1
    in_flight = all(busy_checks) and backend.calls >= 1
    started = time.monotonic()
    memory.close(wait=True)
    turns_kept = len(memory.document().working_memory.recent_turns)
    return {
        "summarizer_seconds": SLOW_SUMMARIZER_SECONDS,
        "model_call_in_flight_throughout": in_flight,
        "record_turn": record.stats(),
        "context": context.stats(),
        "close_wait_seconds": round(time.monotonic() - started, 2),
        "turns_kept": turns_kept,
    }


# --- one run, several runs ---------------------------------------------------------------

# (block, operation, label) of every ratio the table shows and the goals check.
ROWS = (
    ("core", "context", "context (32 KiB file)"),
    ("core", "record_turn", "record_turn (trims; lock, journal, durable)"),
    ("core", "apply_delta", "apply_delta (changes the file, trims)"),
    ("in_flight", "record_turn", "record_turn, 2 s summarizer in flight"),
    ("in_flight", "context", "context, 2 s summarizer in flight"),
)


def run_once(samples: int, where: Path | None) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="autopatch-bench-", dir=where) as tmp:
        base = Path(tmp)
        for name in ("core", "flight"):
            (base / name / ".git").mkdir(parents=True)
        return {
            "core": bench_core(base / "core", samples),
            "in_flight": bench_in_flight(base / "flight", samples),
        }


def combine(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """The first run's details, with every ratio and time the median over the runs."""
    combined: dict[str, Any] = json.loads(json.dumps(runs[0]))
    for block, op, _ in ROWS:
        for key in ("ratio", "median_ms", "p95_ms", "floor_ms"):
            values = [run[block][op][key] for run in runs]
            combined[block][op][key] = round(statistics.median(values), 3)
        combined[block][op]["runs"] = [run[block][op]["ratio"] for run in runs]
    return combined


def _profile_over(numbers: dict[str, float | int]) -> bool:
    return numbers["cold_ms"] > BUDGET_COLD_MS or numbers["cached_ms"] > BUDGET_CACHED_MS


def over_goal(results: dict[str, Any]) -> list[str]:
    """Names of the measurements over their goal (or budget), and failed checks."""
    over = [f"{block}.{op}" for block, op, _ in ROWS if results[block][op]["ratio"] > GOALS[op]]
    checks = results["core"]["checks"]
    over += [
        f"core.checks.{name}"
        for name in ("record_trimmed", "apply_changed", "apply_trimmed")
        if checks[name] < checks["samples"]
    ]
    over += [f"profile.{name}" for name, n in results["profile"].items() if _profile_over(n)]
    return over


# --- the report ------------------------------------------------------------------------


def _change(now: float, before: float | None) -> str:
    if before is None or before == 0:
        return ""
    return f"{(now - before) / before:+.0%}"


def _previous(results: dict[str, Any] | None, block: str, op: str, key: str) -> float | None:
    try:
        value = results[block][op][key] if results is not None else None
    except (KeyError, TypeError):
        return None
    return value if isinstance(value, (int, float)) else None


def render(results: dict[str, Any], previous: dict[str, Any] | None) -> str:
    core, flight, prof = results["core"], results["in_flight"], results["profile"]
    runs = results["runs"]
    lines = [
        f"memory file: {core['file_bytes']} bytes (hard limit {limits.HARD_LIMIT_BYTES}); "
        f"{runs} run(s){', medians over runs' if runs > 1 else ''}; load {results['load']}",
        "",
        f"{'operation':<44} {'median':>8} {'floor':>8} {'ratio':>6} {'goal':>6} {'Δ ratio':>8}",
        f"{'':<44} {'ms':>8} {'ms':>8}",
        "-" * 86,
    ]
    for block, op, label in ROWS:
        row = results[block][op]
        verdict = "ok" if row["ratio"] <= GOALS[op] else "OVER"
        before = _previous(previous, block, op, "ratio")
        lines.append(
            f"{label:<44} {row['median_ms']:>8.3f} {row['floor_ms']:>8.3f} "
            f"{row['ratio']:>6.2f} {'≤ ' + format(GOALS[op], 'g'):>6} "
            f"{_change(row['ratio'], before):>8}  {verdict}"
        )
    lines += [f"  {key}: {text}" for key, text in FLOOR_NAMES.items()]
    checks = core["checks"]
    lines += [
        f"  every sample trimmed: record {checks['record_trimmed']}/{checks['samples']}, "
        f"apply {checks['apply_trimmed']}/{checks['samples']}; "
        f"apply changed the file {checks['apply_changed']}/{checks['samples']}",
        "",
        f"{'repo profile':<44} {'cold ms':>9} {'cached ms':>9} {'budget':>11}",
        "-" * 86,
    ]
    budget = f"{BUDGET_COLD_MS:g} / {BUDGET_CACHED_MS:g}"
    for name, numbers in prof.items():
        verdict = "OVER" if _profile_over(numbers) else "ok"
        cold, cached = numbers["cold_ms"], numbers["cached_ms"]
        lines.append(f"{name:<44} {cold:>9.1f} {cached:>9.2f} {budget:>11}  {verdict}")
    inj = core["injected_context"]
    in_flight = flight["model_call_in_flight_throughout"]
    lines += [
        "",
        f"injected context: {inj['chars']} chars ≈ {inj['tokens']} tokens ({inj['items']} items)",
        f"replaying the last {limits.MAX_RECENT_TURNS} turns instead: {inj['replay_chars']} chars "
        f"≈ {inj['replay_tokens']} tokens",
        f"model call in flight during the second block: {in_flight}; "
        f"turns kept afterwards: {flight['turns_kept']}",
    ]
    return "\n".join(lines)


def _load(path: Path) -> dict[str, Any] | None:
    try:
        found = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return found if isinstance(found, dict) else None


def _load_average() -> str:
    try:
        one, five, fifteen = os.getloadavg()
    except OSError:
        return "unknown"
    return f"{one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count() or 1} cpus"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--quick", action="store_true", help="fewer samples (a smoke run)")
    parser.add_argument("--repeat", type=int, default=1, help="runs; ratios are their medians")
    parser.add_argument("--save", action="store_true", help=f"also write {SAVED}")
    parser.add_argument(
        "--dir",
        type=Path,
        default=None,
        help="where the memory files live (default: the system's temp folder); "
        "a tmpfs such as /dev/shm leaves the CPU's share alone",
    )
    parser.add_argument(
        "--json", type=Path, default=LAST_RUN, help=f"where to write the results ({LAST_RUN})"
    )
    args = parser.parse_args(argv)
    samples = 60 if args.quick else 600
    previous = _load(args.json) or _load(SAVED)
    load_before = _load_average()
    runs = [run_once(samples, args.dir) for _ in range(max(1, args.repeat))]
    with tempfile.TemporaryDirectory(prefix="autopatch-bench-profile-") as tmp:
        profile = bench_profile(Path(tmp))
    results: dict[str, Any] = {
        "machine": {
            "python": platform.python_version(),
            "platform": platform.platform(),
            "cpus": os.cpu_count() or 1,
        },
        "runs": len(runs),
        "folder": str(args.dir or tempfile.gettempdir()),
        "load": f"{load_before} before, {_load_average()} after",
        **combine(runs),
        "profile": profile,
    }
    results["over_goal"] = over_goal(results)
    print(render(results, previous))
    secrets = bench_secrets()  # secret recall/precision (tests/privacy corpus), per form
    print("\n" + render_summary(secrets))
    results["secrets"] = {k: v for k, v in secrets.items() if k != "table"}
    text = json.dumps(results, indent=2, ensure_ascii=False) + "\n"
    for path in (args.json, SAVED) if args.save else (args.json,):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        print(f"results written to {path}", file=sys.stderr)
    return 1 if results["over_goal"] else 0


if __name__ == "__main__":
    threading.current_thread().name = "bench"
    sys.exit(main())
