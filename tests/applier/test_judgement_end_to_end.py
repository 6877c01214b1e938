"""Memory judgement through the public facade, on real files: superseding is journaled,
``project_level`` is stored and reaches the backend, a forgotten rule stays forgotten."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from pathlib import Path

from autopatch_memory.backends.base import SummaryRequest
from autopatch_memory.backends.heuristic import HeuristicBackend
from autopatch_memory.memory import ProjectMemory
from autopatch_memory.model import ItemStatus, MemoryDelta
from autopatch_memory.reasons import Reason
from autopatch_memory.store import MEMORY_DIR_NAME


class RecordingHeuristic(HeuristicBackend):
    """The heuristic backend, keeping the requests it saw."""

    def __init__(self) -> None:
        self.requests: list[SummaryRequest] = []

    def summarize(self, request: SummaryRequest) -> MemoryDelta:
        self.requests.append(request)
        return super().summarize(request)


class Minutes:
    """A clock one minute further at every reading: each step is clearly after the last
    (the file's timestamps have one-second resolution)."""

    def __init__(self) -> None:
        self.now = datetime(2026, 5, 4, 9, 0, tzinfo=timezone(timedelta(hours=8)))

    def __call__(self) -> datetime:
        self.now += timedelta(minutes=1)
        return self.now


def open_memory(repo: Path, backend: HeuristicBackend) -> ProjectMemory:
    return ProjectMemory.open(repo, backend=backend, refresh_profile=False, clock=Minutes())


def test_a_rule_that_names_what_it_replaces_supersedes_it_and_the_journal_says_so(
    repo: Path,
) -> None:
    with open_memory(repo, HeuristicBackend()) as memory:
        memory.record_turn("general_chat", "Always give me Maven commands.", "OK.")
        assert memory.wait_idle(30)
        [maven] = memory.document().long_term_memory.durable_preferences
        # Without naming the old rule, the offline reader keeps both: it never judges
        # that two rules are about the same thing.
        memory.record_turn("general_chat", "From now on give me Gradle commands.", "Sure.")
        assert memory.wait_idle(30)
        prefs = memory.document().long_term_memory.durable_preferences
        assert [p.is_active for p in prefs] == [True, True]
        memory.record_turn(
            "general_chat", "From now on use Bazel commands instead of Maven.", "Sure."
        )
        assert memory.wait_idle(30)
        prefs = {p.id: p for p in memory.document().long_term_memory.durable_preferences}
        bazel = next(p for p in prefs.values() if "Bazel" in p.summary)
        assert prefs[maven.id].status is ItemStatus.ARCHIVED
        assert prefs[maven.id].superseded_by == bazel.id and bazel.is_active
        entries = [e for e in memory.journal.read() if e.op == "supersede"]
        assert [e.target for e in entries] == [maven.id]
    raw = json.loads((repo / MEMORY_DIR_NAME / "memory.json").read_text(encoding="utf-8"))
    stored = {p["id"]: p for p in raw["long_term_memory"]["durable_preferences"]}
    assert stored[maven.id]["superseded_by"] == bazel.id
    assert "superseded_by" not in stored[bazel.id]  # written only when set


def test_the_project_level_flag_is_stored_and_reaches_the_backend(repo: Path) -> None:
    backend = RecordingHeuristic()
    with open_memory(repo, backend) as memory:
        turn_id = memory.record_turn(
            "code_explain",
            "review 模块负责什么？",
            "review 模块管理 finding 队列。",
            project_level=True,
        )
        other_id = memory.record_turn("general_chat", "Optional 怎么用？", "用 orElse。")
        assert memory.wait_idle(30)
    raw = json.loads((repo / MEMORY_DIR_NAME / "memory.json").read_text(encoding="utf-8"))
    turns = {t["id"]: t for t in raw["working_memory"]["recent_turns"]}
    assert turns[turn_id]["project_level"] is True
    assert "project_level" not in turns[other_id]  # the reference format has no such key
    seen = {t.id: t.project_level for r in backend.requests for t in r.turns}
    assert seen == {turn_id: True, other_id: False}


def test_a_forgotten_rule_stays_forgotten_when_a_model_restates_it(repo: Path) -> None:
    with open_memory(repo, HeuristicBackend()) as memory:
        turn_id = memory.record_turn("general_chat", "以后回答都用中文。", "好的。")
        assert memory.wait_idle(30)
        [rule] = memory.document().long_term_memory.durable_preferences
        memory.forget(rule.id)
        # A late or repeated summary of the old turn restates the rule.
        report = memory.apply_delta(
            {
                "long_term_operations": [
                    {
                        "operation": "create_new",
                        "type": "durable_preference",
                        "label": "Chinese answers",
                        "summary": "Answer in Chinese.",
                        "evidence_turn_ids": [turn_id],
                        "evidence_quote": "以后回答都用中文。",
                    }
                ]
            },
            actor="summarizer:test",
        )
        assert [r.reason for r in report.rejected] == [Reason.INACTIVE_TARGET]
        prefs = memory.document().long_term_memory.durable_preferences
        assert [(p.id, p.status) for p in prefs] == [(rule.id, ItemStatus.ARCHIVED)]
        # Said again after the archive, in the same words, it is back.
        memory.record_turn("general_chat", "以后回答都用中文。", "好的。")
        assert memory.wait_idle(30)
        prefs = memory.document().long_term_memory.durable_preferences
        assert [(p.id, p.status) for p in prefs] == [(rule.id, ItemStatus.ACTIVE)]
