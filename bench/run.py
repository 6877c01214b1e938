"""The benchmark of SPEC §14: prints a table and writes JSON.

    python bench/run.py                 # full run, JSON to bench/results/latest.json
    python bench/run.py --quick         # fewer samples (a smoke run)
    python bench/run.py --json out.json

Measured on a memory file at the 32 KiB limit:
* building the context, recording a turn (lock + atomic durable write), applying
  a typical delta — median and p95;
* the same while a summarizer that takes 2 s is in flight;
* the repo profile, cold and cached, on generated 500-module Maven and
  500-project Gradle repositories;
* the injected context's size against replaying the recent history.

This is a benchmark, not a test: it reports numbers against the budget and exits
1 when a median is over it, so a regression is visible in CI logs if run there.
"""

from __future__ import annotations

import argparse
import json
import platform
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
from autopatch_memory.memory import ProjectMemory
from autopatch_memory.model import (
    LongTermItem,
    LongTermType,
    MemoryDelta,
    RepoProfile,
    Source,
    Topic,
)
from autopatch_memory.store import Transaction

BUDGET_MS = {"context": 2.0, "record_turn": 10.0, "apply_delta": 10.0}
SLOW_SUMMARIZER_SECONDS = 2.0
RESULTS = Path(__file__).parent / "results" / "latest.json"

QUESTIONS = [
    "review 模块是怎么管理 finding 队列的？",
    "How is this project built and which Java version does it use?",
    "Optional 的 orElse 和 orElseGet 有什么区别？",
    "What does ReviewService do with pending patches?",
    "这个项目依赖哪些框架？",
    "How should I write unit tests for the config loader?",
]


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
        memory.record_turn(
            "general_chat", f"{QUESTIONS[i % len(QUESTIONS)]} #{i}", "回答：" + "细节" * 400
        )


def _stats(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return {
        "median_ms": round(statistics.median(ordered) * 1000, 3),
        "p95_ms": round(p95 * 1000, 3),
        "n": len(ordered),
    }


def _time(action: Callable[[], object]) -> float:
    started = time.perf_counter()
    action()
    return time.perf_counter() - started


def typical_delta(memory: ProjectMemory) -> dict[str, Any]:
    """One turn summary, one topic update, one note update: what a run usually yields."""
    doc = memory.document()
    pending = doc.pending_turns()[-1]
    note = doc.long_term_memory.project_notes[-1]
    return {
        "turn_summaries": [
            {"turn_id": pending.id, "summary": "用户询问 review 模块如何管理 finding 队列。"}
        ],
        # Same label each time: created once, then an update (the size policy may
        # have dropped topics, which is what happens at the limit).
        "topic_operations": [
            {
                "operation": "create_new",
                "label": "review module",
                "summary": "用户关注 review 模块的队列管理。",
            }
        ],
        "long_term_operations": [
            {
                "operation": "update_existing",
                "target_id": note.id,
                "summary": "该模块负责领域逻辑与事务边界。",
            }
        ],
    }


def bench_core(repo: Path, samples: int) -> dict[str, Any]:
    memory = ProjectMemory.open(repo, backend="off", refresh_profile=False)
    fill_to_limit(memory)
    context = [
        _time(lambda q=q: memory.context("general_chat", q))
        for q in QUESTIONS * (samples // len(QUESTIONS))
    ]
    conversation: list[str] = []  # what a host without memory would replay
    record: list[float] = []
    for i in range(samples // 4):
        question, answer = f"{QUESTIONS[i % len(QUESTIONS)]} #{i}", "回答：" + "细节" * 400
        conversation[len(conversation) :] = [question, answer]
        record.append(_time(lambda q=question, a=answer: memory.record_turn("general_chat", q, a)))
    apply: list[float] = []
    for i in range(samples // 4):
        memory.record_turn("code_explain", f"review 模块的第 {i} 个问题", "回答")
        delta = typical_delta(memory)
        apply.append(_time(lambda d=delta: memory.apply_delta(d)))
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
        "context": _stats(context),
        "record_turn": _stats(record),
        "apply_delta": _stats(apply),
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
    deadline = time.monotonic() + SLOW_SUMMARIZER_SECONDS * 0.9
    record: list[float] = []
    context: list[float] = []
    busy_checks: list[bool] = []
    i = 0
    while time.monotonic() < deadline and len(record) < samples:
        question = QUESTIONS[i % len(QUESTIONS)]
        text = f"{question} (in flight {i})"
        record.append(_time(lambda t=text: memory.record_turn("general_chat", t)))
        context.append(_time(lambda q=question: memory.context("general_chat", q)))
        busy_checks.append(memory.wait_idle(0) is False)
        i += 1
    in_flight = all(busy_checks) and backend.calls >= 1
    started = time.monotonic()
    memory.close(wait=True)
    turns_kept = len(memory.document().working_memory.recent_turns)
    return {
        "summarizer_seconds": SLOW_SUMMARIZER_SECONDS,
        "model_call_in_flight_throughout": in_flight,
        "record_turn": _stats(record),
        "context": _stats(context),
        "close_wait_seconds": round(time.monotonic() - started, 2),
        "turns_kept": turns_kept,
    }


def _profile_over(numbers: dict[str, float | int]) -> bool:
    return numbers["cold_ms"] > BUDGET_COLD_MS or numbers["cached_ms"] > BUDGET_CACHED_MS


def _row(name: str, stats: dict[str, float], budget: float | None) -> str:
    verdict = "" if budget is None else ("ok" if stats["median_ms"] <= budget else "OVER")
    limit = "" if budget is None else f"≤ {budget:g} ms"
    return f"{name:<44} {stats['median_ms']:>9.3f} {stats['p95_ms']:>9.3f} {limit:>9}  {verdict}"


def render(results: dict[str, Any]) -> str:
    core, flight, prof = results["core"], results["in_flight"], results["profile"]
    lines = [
        f"memory file: {core['file_bytes']} bytes (hard limit {limits.HARD_LIMIT_BYTES})",
        "",
        f"{'operation':<44} {'median ms':>9} {'p95 ms':>9} {'budget':>9}",
        "-" * 78,
        _row("context (32 KiB file)", core["context"], BUDGET_MS["context"]),
        _row(
            "record_turn (lock + atomic durable write)",
            core["record_turn"],
            BUDGET_MS["record_turn"],
        ),
        _row("apply_delta (typical delta)", core["apply_delta"], BUDGET_MS["apply_delta"]),
        _row(
            "record_turn, 2 s summarizer in flight", flight["record_turn"], BUDGET_MS["record_turn"]
        ),
        _row("context, 2 s summarizer in flight", flight["context"], BUDGET_MS["context"]),
        "",
        f"{'repo profile':<44} {'cold ms':>9} {'cached ms':>9} {'budget':>9}",
        "-" * 78,
    ]
    budget = f"{BUDGET_COLD_MS:g} / {BUDGET_CACHED_MS:g}"
    for name, numbers in prof.items():
        verdict = "OVER" if _profile_over(numbers) else "ok"
        cold, cached = numbers["cold_ms"], numbers["cached_ms"]
        lines.append(f"{name:<44} {cold:>9.1f} {cached:>9.2f} {budget:>9}  {verdict}")
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


def over_budget(results: dict[str, Any]) -> list[str]:
    """Names of measurements whose median is over the budget."""
    over = [
        f"{block}.{name}"
        for block in ("core", "in_flight")
        for name, budget in BUDGET_MS.items()
        if name in results[block] and results[block][name]["median_ms"] > budget
    ]
    over += [f"profile.{name}" for name, n in results["profile"].items() if _profile_over(n)]
    return over


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--quick", action="store_true", help="fewer samples (a smoke run)")
    parser.add_argument(
        "--json", type=Path, default=RESULTS, help="where to write the JSON results"
    )
    args = parser.parse_args(argv)
    samples = 60 if args.quick else 600
    with tempfile.TemporaryDirectory(prefix="autopatch-bench-") as tmp:
        base = Path(tmp)
        for name in ("core", "flight"):
            (base / name / ".git").mkdir(parents=True)
        results: dict[str, Any] = {
            "machine": {
                "python": platform.python_version(),
                "platform": platform.platform(),
                "cpus": _cpu_count(),
            },
            "core": bench_core(base / "core", samples),
            "in_flight": bench_in_flight(base / "flight", samples),
            "profile": bench_profile(base / "profile"),
        }
    results["over_budget"] = over_budget(results)
    print(render(results))
    secrets = bench_secrets()  # secret recall/precision (tests/privacy corpus), per form
    print("\n" + render_summary(secrets))
    results["secrets"] = {k: v for k, v in secrets.items() if k != "table"}
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(results, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"\nJSON written to {args.json}", file=sys.stderr)
    return 1 if results["over_budget"] else 0


def _cpu_count() -> int:
    import os

    return os.cpu_count() or 1


if __name__ == "__main__":
    threading.current_thread().name = "bench"
    sys.exit(main())
