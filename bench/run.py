"""The benchmark (docs/design.md#performance-goals): each operation as a ratio to its floor.

    python bench/run.py                 # 5 rounds; results to bench/results/last-run.json
    python bench/run.py --quick         # fewer samples and rounds (a smoke run)
    python bench/run.py --rounds 7      # more rounds; each ratio is the median over them
    python bench/run.py --dir /dev/shm  # memory files on a tmpfs: the CPU's share alone
    python bench/run.py --no-startup    # skip the start-up block (it builds a wheel)
    python bench/run.py --save          # also update bench/results/latest.json (tracked)

Absolute times drift tenfold on a shared machine; a ratio to a floor measured in
the same run, sample next to sample, does not. On a memory file at the 32 KiB limit:

* floor J: read the file and ``json.loads`` it (no model built);
* floor B: one durable read-modify-write of the same file: read, parse it into a
  ``MemoryDocument``, dump, write a temp file, fsync it, replace, fsync the folder;
* building the context, against floor J (goal ≤ 2×);
* recording a turn and applying a delta that changes the file (one operation, and
  three), every one trimming (the file is at the limit), against floor B (goal
  ≤ 1.3× on a disk, ≤ 1.5× on a tmpfs, where no fsync hides the CPU's share); every
  question, answer and delta text is new, so redaction is measured, not its cache;
* the first write of a process (a CLI ``record``, a host's first turn): a fresh
  process that has imported the library and written once to another repository
  (start-up is measured apart), then takes a floor sample and makes one write;
* the same two host calls while a summarizer that takes 2 s is in flight;
* start-up (``bench/startup.py``, from a wheel installed with its bytecode): the
  command line's ``--help``, ``show`` and ``context`` against ``python -c "import
  typer, rich"``, and the library's import + open + ``context()`` in milliseconds;
* the repo profile, cold and cached (``bench/profile_repos.py``, absolute budgets);
* the injected context's size against replaying the recent history.

Every block runs once per round, its samples interleaved with their floors' samples,
and every ratio is the median over the rounds (their spread is reported). Each run is
compared with the previous one (``last-run.json``, else the committed ``latest.json``).
This is a benchmark, not a test: it exits 1 when a ratio is over its goal (or the
profile over its budget), so a regression shows in CI logs.
"""

from __future__ import annotations

import argparse
import gc
import itertools
import json
import os
import platform
import shutil
import statistics
import subprocess
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
from startup import bench_startup, render_startup, startup_over

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

# Goals (docs/design.md#performance-goals): an operation's median over its floor's (per
# pair of samples). A write's goal depends on where the file is: on a tmpfs no fsync
# hides the CPU's share.
CONTEXT_GOAL = 2.0
WRITE_GOALS = {"disk": 1.3, "tmpfs": 1.5}
FLOOR_NAMES = {
    "read_json": "floor J: read + json.loads",
    "durable_rmw": "floor B: read + parse + dump + write + 2 fsync",
}
SLOW_SUMMARIZER_SECONDS = 2.0
FIRST_WRITE_SAMPLES = 3  # per round and kind: a fresh process each
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


# Every recorded question and answer is new, in every run of every process, as in real
# use: a repeated one would be served by the redaction cache.
_SERIAL = itertools.count(os.getpid() * 1_000_000)


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


def filesystem_kind(path: Path) -> str:
    """``tmpfs`` when ``path`` is on a memory file system (an fsync costs nothing), else
    ``disk``."""
    try:
        mounts = Path("/proc/self/mounts").read_text(encoding="utf-8").splitlines()
    except OSError:
        return "disk"
    real = os.path.realpath(path)
    best, kind = "", "disk"
    for line in mounts:
        parts = line.split()
        if len(parts) < 3:
            continue
        mount, fstype = parts[1], parts[2]
        inside = real == mount or real.startswith(mount.rstrip("/") + "/")
        if inside and len(mount) > len(best):
            best, kind = mount, "tmpfs" if fstype in ("tmpfs", "ramfs") else "disk"
    return kind


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

    def read_json(self) -> float:
        """Floor J, in seconds."""
        self.sync()
        started = time.perf_counter()
        json.loads(self.path.read_bytes())
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


def turn_summary_delta(doc: MemoryDocument) -> dict[str, Any]:
    """One operation: the summary of the newest pending turn (what a run yields most)."""
    pending = doc.pending_turns()[-1]
    n = next(_SERIAL)
    summary = f"用户询问 review 模块如何管理 finding 队列（第 {n} 次）。"
    return {"turn_summaries": [{"turn_id": pending.id, "summary": summary}]}


def typical_delta(doc: MemoryDocument) -> dict[str, Any]:
    """One turn summary, one topic, one note update: what a run usually yields, in
    words never seen before (as a model's are). The turn summarized is a new pending
    one, so the delta changes the file every time."""
    note = doc.long_term_memory.project_notes[-1]
    n = next(_SERIAL)
    return {
        **turn_summary_delta(doc),
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
    context = Paired()
    writes = {"record_turn": Paired(), "apply_delta_1": Paired(), "apply_delta_3": Paired()}
    for i in range(samples):
        asked = QUESTIONS[i % len(QUESTIONS)]
        floor = floors.read_json()
        context.add(floor, _time(lambda q=asked: memory.context("general_chat", q)))
    conversation: list[str] = []  # what a host without memory would replay
    checks = {"record_trimmed": 0, "apply_changed": 0, "apply_trimmed": 0}
    for i in range(samples // 4):
        # The three writes in turn, each next to a floor sample of its own.
        asked, reply = question(i), answer()
        conversation[len(conversation) :] = [asked, reply]
        floor = floors.durable_rmw()
        record = _time(lambda q=asked, a=reply: memory.record_turn("general_chat", q, a))
        writes["record_turn"].add(floor, record)
        checks["record_trimmed"] += _trimmed_last_write(memory)
        for name, make in (("apply_delta_1", turn_summary_delta), ("apply_delta_3", typical_delta)):
            memory.record_turn("code_explain", f"review 模块的第 {next(_SERIAL)} 个问题", "回答")
            delta = make(memory.store.read())
            floor = floors.durable_rmw()
            started = time.perf_counter()
            report = memory.apply_delta(delta)
            writes[name].add(floor, time.perf_counter() - started)
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
        **{name: paired.stats() for name, paired in writes.items()},
        # Every record and apply sample must have trimmed, and every apply changed the file.
        "checks": {**checks, "samples": samples // 4, "applies": 2 * (samples // 4)},
        "injected_context": {
            "chars": injected.chars,
            "tokens": injected.tokens,
            "items": len(ctx.items),
            "replay_chars": replay.chars,
            "replay_tokens": replay.tokens,
            "stored_history_chars": stored.chars,
        },
    }


# --- the first write of a process ---------------------------------------------------------


def _warm_up(folder: Path) -> None:
    """What a process has done before its first write to the measured file: imported
    the library and the redaction rules, and written (and read) another repository's
    memory, so that neither imports nor compiling patterns are counted here (start-up
    is measured on its own)."""
    repo = folder / "warm-up"
    (repo / ".git").mkdir(parents=True, exist_ok=True)
    memory = ProjectMemory.open(repo, backend="off", refresh_profile=False)
    fill_to_limit(memory)
    memory.apply_delta(typical_delta(memory.store.read()))
    memory.context("general_chat", QUESTIONS[0])
    memory.close()
    # Another process's file: read (parsed, validated) before it is written.
    ProjectMemory.open(repo, backend="off", refresh_profile=False).record_turn(
        "general_chat", question(0), answer()
    )
    Floors(memory.store.path, folder / "warm-up-floor").durable_rmw()
    # The warm-up's own garbage is not the measured write's: collected now, as an idle
    # moment of the process would (else one sample pays a full collection of it).
    gc.collect()


def first_write_sample(kind: str, repo: Path, scratch: Path) -> dict[str, Any]:
    """In a fresh process: warm up elsewhere, then a floor sample on a copy of ``repo``'s
    file and the process's first write to ``repo`` (``record_turn`` or a one-operation
    ``apply_delta``)."""
    _warm_up(scratch)
    path = repo / ".autopatch-j" / "memory.json"
    floors = Floors(path, scratch / "floor")
    memory = ProjectMemory.open(repo, backend="off", refresh_profile=False)
    if kind == "record_turn":
        asked, reply = question(0), answer()
        floor = floors.durable_rmw()
        op = _time(lambda: memory.record_turn("general_chat", asked, reply))
        changed = True
    else:
        # The turn to summarize, found without the store (which would then hold the
        # document parsed, as a write that follows a context would).
        raw = json.loads(path.read_bytes())
        turns = raw["working_memory"]["recent_turns"]
        pending = [t for t in turns if t["summary_status"] == "pending"]
        summary = f"用户询问 review 模块如何管理 finding 队列（第 {next(_SERIAL)} 次）。"
        delta = {"turn_summaries": [{"turn_id": pending[-1]["id"], "summary": summary}]}
        floor = floors.durable_rmw()
        started = time.perf_counter()
        report = memory.apply_delta(delta)
        op = time.perf_counter() - started
        changed = report.changed
    result = {"floor": floor, "op": op, "changed": changed, "trimmed": _trimmed_last_write(memory)}
    memory.close()
    return result


def bench_first_writes(repo: Path, samples: int) -> dict[str, Any]:
    """``samples`` fresh processes per kind, each making its first write to ``repo``
    (a file at the limit that another process wrote last)."""
    paired = {"record_turn": Paired(), "apply_delta_1": Paired()}
    checks = {"changed": 0, "trimmed": 0, "samples": 0}
    for _ in range(samples):
        for kind, pair in paired.items():
            # On the file system of ``repo``: the floor's folder is in it.
            with tempfile.TemporaryDirectory(
                prefix="autopatch-bench-first-", dir=repo.parent
            ) as scratch:
                done = subprocess.run(
                    [sys.executable, __file__, "--first-write", kind, str(repo), scratch],
                    capture_output=True,
                    text=True,
                    check=False,
                )
            if done.returncode != 0:
                raise SystemExit(f"a first-write sample failed:\n{done.stderr}")
            found = json.loads(done.stdout.splitlines()[-1])
            pair.add(found["floor"], found["op"])
            checks["changed"] += found["changed"]
            checks["trimmed"] += found["trimmed"]
            checks["samples"] += 1
    return {**{name: pair.stats() for name, pair in paired.items()}, "checks": checks}


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
        floor = floors.read_json()
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


# --- one round, several rounds ----------------------------------------------------------

# (block, operation, label, goal kind) of every ratio the table shows and the goals check.
ROWS = (
    ("core", "context", "context (32 KiB file)", "context"),
    ("core", "record_turn", "record_turn (trims; lock, journal, durable)", "write"),
    ("core", "apply_delta_1", "apply_delta, 1 operation (changes, trims)", "write"),
    ("core", "apply_delta_3", "apply_delta, 3 operations (changes, trims)", "write"),
    ("first", "record_turn", "record_turn, first write of a process", "write"),
    ("first", "apply_delta_1", "apply_delta (1 op), first write of a process", "write"),
    ("in_flight", "record_turn", "record_turn, 2 s summarizer in flight", "write"),
    ("in_flight", "context", "context, 2 s summarizer in flight", "context"),
)
FLOOR_OF = {"context": "read_json", "write": "durable_rmw"}


def goal_of(kind: str, where: str) -> float:
    """The goal of a row's kind on a file system of kind ``where``."""
    return CONTEXT_GOAL if kind == "context" else WRITE_GOALS[where]


def run_round(samples: int, first_samples: int, where: Path | None) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="autopatch-bench-", dir=where) as tmp:
        base = Path(tmp)
        for name in ("core", "flight"):
            (base / name / ".git").mkdir(parents=True)
        core = bench_core(base / "core", samples)
        if first_samples:
            # The first-write repository starts as a copy of the core one (at the limit).
            shutil.copytree(base / "core", base / "first", symlinks=True)
            first = bench_first_writes(base / "first", first_samples)
        else:
            first = {}
        flight = bench_in_flight(base / "flight", samples)
        return {"core": core, "first": first, "in_flight": flight}


def combine(rounds: list[dict[str, Any]]) -> dict[str, Any]:
    """The first round's details, with every ratio and time the median over the rounds."""
    combined: dict[str, Any] = json.loads(json.dumps(rounds[0]))
    for block, op, _, _ in ROWS:
        if op not in rounds[0][block]:
            continue
        for key in ("ratio", "median_ms", "p95_ms", "floor_ms"):
            values = [r[block][op][key] for r in rounds]
            combined[block][op][key] = round(statistics.median(values), 3)
        combined[block][op]["runs"] = [r[block][op]["ratio"] for r in rounds]
    return combined


def _profile_over(numbers: dict[str, float | int]) -> bool:
    return numbers["cold_ms"] > BUDGET_COLD_MS or numbers["cached_ms"] > BUDGET_CACHED_MS


def over_goal(results: dict[str, Any]) -> list[str]:
    """Names of the measurements over their goal (or budget), and failed checks."""
    where = results["filesystem"]
    over = [
        f"{block}.{op}"
        for block, op, _, kind in ROWS
        if op in results[block] and results[block][op]["ratio"] > goal_of(kind, where)
    ]
    checks = results["core"]["checks"]
    over += [
        f"core.checks.{name}"
        for name, total in (
            ("record_trimmed", checks["samples"]),
            ("apply_changed", checks["applies"]),
            ("apply_trimmed", checks["applies"]),
        )
        if checks[name] < total
    ]
    first = results["first"].get("checks")
    if first is not None:
        over += [
            f"first.checks.{name}"
            for name in ("changed", "trimmed")
            if first[name] < first["samples"]
        ]
    over += [f"profile.{name}" for name, n in results["profile"].items() if _profile_over(n)]
    if results.get("startup"):
        over += [f"startup.{name}" for name in startup_over(results["startup"])]
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


def _spread(row: dict[str, Any]) -> str:
    runs = row.get("runs") or [row["ratio"]]
    return f"{min(runs):.2f}–{max(runs):.2f}"


def render(results: dict[str, Any], previous: dict[str, Any] | None) -> str:
    core, flight, prof = results["core"], results["in_flight"], results["profile"]
    rounds, where = results["rounds"], results["filesystem"]
    lines = [
        f"memory file: {core['file_bytes']} bytes (hard limit {limits.HARD_LIMIT_BYTES}) on a "
        f"{where} ({results['folder']}); {rounds} round(s)"
        f"{', medians over rounds' if rounds > 1 else ''}; load {results['load']}",
        "",
        f"{'operation':<46} {'median':>7} {'floor':>7} {'ratio':>6} {'rounds':>10} "
        f"{'goal':>6} {'Δ ratio':>8}",
        f"{'':<46} {'ms':>7} {'ms':>7}",
        "-" * 98,
    ]
    for block, op, label, kind in ROWS:
        row = results[block].get(op)
        if row is None:
            continue
        goal = goal_of(kind, where)
        verdict = "ok" if row["ratio"] <= goal else "OVER"
        before = _previous(previous, block, op, "ratio")
        lines.append(
            f"{label:<46} {row['median_ms']:>7.3f} {row['floor_ms']:>7.3f} "
            f"{row['ratio']:>6.2f} {_spread(row):>10} {'≤ ' + format(goal, 'g'):>6} "
            f"{_change(row['ratio'], before):>8}  {verdict}"
        )
    lines += [f"  {key}: {text}" for key, text in FLOOR_NAMES.items()]
    checks = core["checks"]
    lines.append(
        f"  every sample trimmed: record {checks['record_trimmed']}/{checks['samples']}, "
        f"apply {checks['apply_trimmed']}/{checks['applies']}; "
        f"apply changed the file {checks['apply_changed']}/{checks['applies']}"
    )
    first = results["first"].get("checks")
    if first is not None:
        lines.append(
            f"  first writes: changed {first['changed']}/{first['samples']}, "
            f"trimmed {first['trimmed']}/{first['samples']} (each a fresh process)"
        )
    if results.get("startup"):
        lines += ["", render_startup(results["startup"])]
    lines += [
        "",
        f"{'repo profile':<46} {'cold ms':>9} {'cached ms':>9} {'budget':>11}",
        "-" * 98,
    ]
    budget = f"{BUDGET_COLD_MS:g} / {BUDGET_CACHED_MS:g}"
    for name, numbers in prof.items():
        verdict = "OVER" if _profile_over(numbers) else "ok"
        cold, cached = numbers["cold_ms"], numbers["cached_ms"]
        lines.append(f"{name:<46} {cold:>9.1f} {cached:>9.2f} {budget:>11}  {verdict}")
    inj = core["injected_context"]
    in_flight = flight["model_call_in_flight_throughout"]
    lines += [
        "",
        f"injected context: {inj['chars']} chars ≈ {inj['tokens']} tokens ({inj['items']} items)",
        f"replaying the last {limits.MAX_RECENT_TURNS} turns instead: {inj['replay_chars']} chars "
        f"≈ {inj['replay_tokens']} tokens",
        f"model call in flight during the last block: {in_flight}; "
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
    parser.add_argument(
        "--rounds", "--repeat", type=int, default=None, help="rounds (default 5; 2 with --quick)"
    )
    parser.add_argument("--save", action="store_true", help=f"also write {SAVED}")
    parser.add_argument(
        "--dir",
        type=Path,
        default=None,
        help="where the memory files live (default: the system's temp folder); "
        "a tmpfs such as /dev/shm leaves the CPU's share alone",
    )
    parser.add_argument("--no-startup", action="store_true", help="skip the start-up block")
    parser.add_argument(
        "--source",
        type=Path,
        default=Path(__file__).resolve().parent.parent,
        help="the source tree the start-up block builds its wheel from (default: this one)",
    )
    parser.add_argument(
        "--json", type=Path, default=LAST_RUN, help=f"where to write the results ({LAST_RUN})"
    )
    parser.add_argument("--first-write", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.first_write:  # one sample of the first-write block, in its own process
        kind, repo, scratch = args.first_write
        print(json.dumps(first_write_sample(kind, Path(repo), Path(scratch))))
        return 0
    rounds_wanted = args.rounds or (2 if args.quick else 5)
    samples = 60 if args.quick else 160
    first_samples = 1 if args.quick else FIRST_WRITE_SAMPLES
    folder = args.dir or Path(tempfile.gettempdir())
    previous = _load(args.json) or _load(SAVED)
    load_before = _load_average()
    rounds = [run_round(samples, first_samples, args.dir) for _ in range(max(1, rounds_wanted))]
    startup = None
    if not args.no_startup:
        runs = 1 if args.quick else 3
        startup = bench_startup(args.source, rounds=max(5, rounds_wanted), runs=runs)
    with tempfile.TemporaryDirectory(prefix="autopatch-bench-profile-") as tmp:
        profile = bench_profile(Path(tmp))
    results: dict[str, Any] = {
        "machine": {
            "python": platform.python_version(),
            "platform": platform.platform(),
            "cpus": os.cpu_count() or 1,
        },
        "rounds": len(rounds),
        "folder": str(folder),
        "filesystem": filesystem_kind(folder),
        "load": f"{load_before} before, {_load_average()} after",
        **combine(rounds),
        "startup": startup,
        "profile": profile,
    }
    results["over_goal"] = over_goal(results)
    print(render(results, previous))
    secrets = bench_secrets()  # secret recall/precision (tests/privacy corpus), per form
    print("\n" + render_summary(secrets))
    results["secrets"] = {k: v for k, v in secrets.items() if k != "table"}
    if results["over_goal"]:
        print("\nover goal: " + ", ".join(results["over_goal"]))
    text = json.dumps(results, indent=2, ensure_ascii=False) + "\n"
    for path in (args.json, SAVED) if args.save else (args.json,):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        print(f"results written to {path}", file=sys.stderr)
    return 1 if results["over_goal"] else 0


if __name__ == "__main__":
    threading.current_thread().name = "bench"
    sys.exit(main())
