"""Background summarization end to end: triggers, the worker, generations, real servers.

No test sleeps and then asserts: each waits for an event or polls a condition
with a generous deadline. The worker's backoff is injected through the
settings, never by patching limits.
"""

from __future__ import annotations

import itertools
import logging
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Callable
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
from fake_openai_server import FakeOpenAIServer, Reply

from autopatch_memory import (
    BackendError,
    BackendUnavailableError,
    Backoff,
    ConfigError,
    EventKind,
    MemoryDelta,
    MemoryEvent,
    MemorySettings,
    Outcome,
    ProjectMemory,
    Reason,
    SummaryRequest,
    SummaryStatus,
    applier,
    limits,
)
from autopatch_memory.governance import ChangeOutcome
from autopatch_memory.intents import IntentType
from autopatch_memory.summarizer import INTERNAL_ERROR, build_request
from autopatch_memory.testing import DocumentBuilder, ScriptedBackend, summarize_turns
from autopatch_memory.triggers import Trigger, triggers_after_record

DEADLINE_SECONDS = 30.0
GENEROUS_SECONDS = 60  # for runs held in flight: generous on a loaded 2-core machine
FAST = MemorySettings(backoff=Backoff(initial_seconds=0.05, max_seconds=0.2))
PATIENT = MemorySettings(backoff=Backoff(initial_seconds=60, max_seconds=60))


def wait_until(condition: Callable[[], bool], timeout: float = DEADLINE_SECONDS) -> bool:
    """Poll ``condition`` until it holds; False after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.01)
    return True


class Events:
    """An ``on_event`` callback that keeps every event and lets a test wait for one."""

    def __init__(self) -> None:
        self.seen: list[MemoryEvent] = []
        self._cond = threading.Condition()

    def __call__(self, event: MemoryEvent) -> None:
        with self._cond:
            self.seen.append(event)
            self._cond.notify_all()

    def of(self, kind: EventKind) -> list[MemoryEvent]:
        with self._cond:
            return [e for e in self.seen if e.kind is kind]

    def wait_for(self, kind: EventKind, count: int = 1) -> bool:
        with self._cond:
            return self._cond.wait_for(
                lambda: len([e for e in self.seen if e.kind is kind]) >= count, DEADLINE_SECONDS
            )


def use_server(monkeypatch: pytest.MonkeyPatch, server: FakeOpenAIServer) -> None:
    """The issue's recipe: configure the OpenAI-compatible backend through the environment."""
    monkeypatch.setenv("AUTOPATCH_MEMORY_BACKEND", "openai")
    monkeypatch.setenv("OPENAI_BASE_URL", server.url)
    monkeypatch.delenv("AUTOPATCH_LLM_BASE_URL", raising=False)
    monkeypatch.setenv("OPENAI_API_KEY", "x")
    monkeypatch.setenv("AUTOPATCH_LLM_MODEL", "fake-model")
    monkeypatch.setenv("AUTOPATCH_LLM_TIMEOUT", "5")


# --- triggers -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("turns", "project_level", "expected"),
    [
        ([("general_chat", "Optional 怎么用？")], False, set()),
        (
            [("general_chat", "Optional 怎么用？"), ("general_chat", "Stream 呢？")],
            False,
            {Trigger.PENDING_TURNS},
        ),
        ([("general_chat", "以后回答都用中文")], False, {Trigger.LONG_TERM_SIGNAL}),
        ([("general_chat", "From now on, answer in English.")], False, {Trigger.LONG_TERM_SIGNAL}),
        ([("code_explain", "这个项目的结构是怎样的？")], True, {Trigger.PROJECT_EXPLAIN}),
        ([("code_explain", "What does ReviewService do?")], False, set()),
    ],
)
def test_triggers(
    repo: Path, turns: list[tuple[str, str]], project_level: bool, expected: set[Trigger]
) -> None:
    with ProjectMemory.open(repo, backend="off") as memory:
        for intent, text in turns[:-1]:
            memory.record_turn(intent, text)
        memory.record_turn(turns[-1][0], turns[-1][1], project_level=project_level)
        doc = memory.document()
        last = doc.working_memory.recent_turns[-1]
        assert set(triggers_after_record(doc, last, project_level=project_level)) == expected


def test_recent_turns_trigger() -> None:
    builder = DocumentBuilder()
    for i in range(5):
        builder.add_turn(f"question {i}", summary=f"summary {i}")
    builder.add_turn("question 5")  # the sixth turn, pending
    doc = builder.build()
    fired = triggers_after_record(doc, doc.working_memory.recent_turns[-1], project_level=False)
    assert fired == [Trigger.RECENT_TURNS]


# --- the worker ----------------------------------------------------------------------------


def test_recording_returns_before_the_model_is_called(repo: Path) -> None:
    callers: list[str] = []

    def reply(request: SummaryRequest) -> MemoryDelta:
        callers.append(threading.current_thread().name)
        return summarize_turns()(request)

    backend = ScriptedBackend(default=reply)
    backend.hold()  # a model call that never ends while the test acts
    memory = ProjectMemory.open(repo, backend=backend)
    memory.record_turn("general_chat", "Optional 怎么用？")
    turn = memory.record_turn("general_chat", "Stream 怎么用？")  # the pending trigger fires
    assert turn is not None  # returned although the model call is held
    assert backend.wait_for_calls(1)
    assert memory.status().run_in_flight
    backend.release()
    assert memory.wait_idle(DEADLINE_SECONDS)
    assert callers and threading.current_thread().name not in callers
    doc = memory.document()
    assert [t.summary_status for t in doc.working_memory.recent_turns] == [SummaryStatus.READY] * 2
    memory.close()


def test_nothing_runs_at_start_up(repo: Path) -> None:
    with ProjectMemory.open(repo, backend="off") as memory:
        memory.record_turn("general_chat", "a")
        memory.record_turn("general_chat", "b")
    backend = ScriptedBackend(default=summarize_turns())
    memory = ProjectMemory.open(repo, backend=backend)
    status = memory.status()
    # Two turns are pending, but nothing triggered a run since opening.
    assert status.pending_turns == 2
    assert not status.run_requested and not status.run_in_flight and status.runs == 0
    assert backend.calls == 0
    assert memory.request_summary()  # the host can ask for one explicitly
    assert memory.wait_idle(DEADLINE_SECONDS)
    assert backend.calls == 1 and memory.status().pending_turns == 0
    memory.close()
    assert not memory.request_summary()  # closed: nothing to ask


def test_triggers_during_a_run_are_coalesced_into_one_more_run(repo: Path) -> None:
    backend = ScriptedBackend(default=summarize_turns())
    backend.hold()
    memory = ProjectMemory.open(repo, backend=backend)
    memory.record_turn("general_chat", "first question")
    memory.record_turn("general_chat", "以后都先给结论")  # run 1 starts
    assert backend.wait_for_calls(1)
    for i in range(5):  # five triggers while the call is in flight
        memory.record_turn("general_chat", f"以后第 {i} 条规则")
    backend.release()
    assert memory.wait_idle(DEADLINE_SECONDS)
    # Run 1 took the two turns pending at its start; exactly one follow-up run took
    # the five recorded meanwhile in two batches (4 + 1): three calls, not seven.
    assert [len(r.turns) for r in backend.requests] == [2, 4, 1]
    assert memory.document().pending_turns() == []
    assert memory.status().runs == 2
    memory.close()


def test_batches_take_the_oldest_four_until_none_is_left(repo: Path) -> None:
    with ProjectMemory.open(repo, backend="off") as memory:
        ids = [memory.record_turn("general_chat", f"question {i}") for i in range(10)]
    backend = ScriptedBackend(default=summarize_turns())
    memory = ProjectMemory.open(repo, backend=backend)
    report = memory.summarize_now()
    assert report is not None and not report.rejected
    assert [[t.id for t in r.turns] for r in backend.requests] == [ids[0:4], ids[4:8], ids[8:10]]
    assert memory.summarize_now() is None  # nothing pending any more
    memory.close()


def test_failures_back_off_then_retry_by_themselves(repo: Path) -> None:
    events = Events()
    backend = ScriptedBackend(
        BackendUnavailableError("model server is down"),
        BackendUnavailableError("model server is down"),
        default=summarize_turns(),
    )
    memory = ProjectMemory.open(repo, backend=backend, settings=FAST, on_event=events)
    memory.record_turn("general_chat", "a")
    memory.record_turn("general_chat", "b")
    # Failed, waited, failed, waited longer, succeeded: with nobody asking again.
    assert events.wait_for(EventKind.SUMMARY_APPLIED)
    assert backend.calls == 3
    assert len(events.of(EventKind.SUMMARY_FAILED)) == 2
    failures = [e for e in memory.journal_entries() if e.outcome is Outcome.FAILED]
    assert len(failures) == 2 and failures[0].actor == "summarizer:scripted"
    assert failures[0].reason == "BackendUnavailableError"
    assert memory.last_failure() is not None
    assert memory.wait_idle(DEADLINE_SECONDS)
    assert memory.document().pending_turns() == []
    assert memory.status().consecutive_failures == 0  # a success resets the backoff
    memory.close()


def test_status_shows_the_backoff(repo: Path) -> None:
    events = Events()
    backend = ScriptedBackend(default=BackendUnavailableError("model server is down"))
    memory = ProjectMemory.open(repo, backend=backend, settings=PATIENT, on_event=events)
    memory.record_turn("general_chat", "a")
    memory.record_turn("general_chat", "b")
    assert events.wait_for(EventKind.SUMMARY_FAILED)
    assert wait_until(lambda: not memory.status().run_in_flight)
    status = memory.status()
    assert status.backing_off and status.consecutive_failures == 1 and status.run_requested
    assert status.retry_at is not None and status.pending_turns == 2
    assert status.last_failure is not None and status.last_failure.outcome is Outcome.FAILED
    assert events.of(EventKind.SUMMARY_FAILED)[0].detail == "model server is down"
    memory.close(wait=False)


def test_backoff_doubles_up_to_its_cap() -> None:
    backoff = Backoff(initial_seconds=5, max_seconds=300)
    assert [backoff.delay(n) for n in range(1, 9)] == [5, 10, 20, 40, 80, 160, 300, 300]
    assert backoff.delay(10**6) == 300  # days of failures do not overflow
    assert Backoff().delay(1) == limits.BACKOFF_INITIAL_SECONDS
    with pytest.raises(ValueError):
        Backoff(initial_seconds=0)


def test_no_call_storm_while_backing_off(repo: Path) -> None:
    backend = ScriptedBackend(default=BackendUnavailableError("model server is down"))
    memory = ProjectMemory.open(repo, backend=backend, settings=PATIENT)
    for i in range(10):
        memory.record_turn("general_chat", f"以后规则 {i}")
    assert memory.wait_idle(DEADLINE_SECONDS)  # the retry is held back: idle, not busy
    assert backend.calls == 1
    assert len(memory.document().pending_turns()) == 10  # failed turns stay pending
    ctx = memory.context("general_chat", "规则")
    assert "以后规则 9" in ctx.render()  # and still reach the prompt as raw text
    memory.close(wait=False)


def test_summarize_now_raises_backend_errors_after_journaling(repo: Path) -> None:
    memory = ProjectMemory.open(repo, backend=ScriptedBackend(BackendUnavailableError("down")))
    with ProjectMemory.open(repo, backend="off") as writer:
        writer.record_turn("general_chat", "Optional?")
    with pytest.raises(BackendUnavailableError):
        memory.summarize_now()
    assert memory.last_failure() is not None
    memory.close()
    with ProjectMemory.open(repo, backend="off") as off, pytest.raises(ConfigError):
        off.summarize_now()


def test_close_without_waiting_drops_the_result(repo: Path) -> None:
    backend = ScriptedBackend(default=summarize_turns())
    backend.hold()
    memory = ProjectMemory.open(repo, backend=backend)
    memory.record_turn("general_chat", "a")
    memory.record_turn("general_chat", "b")
    assert backend.wait_for_calls(1)
    memory.close(wait=False)
    backend.release()

    def discarded() -> bool:
        return any(e.outcome is Outcome.DISCARDED for e in memory.journal_entries())

    assert wait_until(discarded)
    assert len(memory.document().pending_turns()) == 2


def test_close_waiting_lets_the_run_finish(repo: Path) -> None:
    backend = ScriptedBackend(default=summarize_turns())
    backend.hold()
    memory = ProjectMemory.open(repo, backend=backend)
    memory.record_turn("general_chat", "a")
    memory.record_turn("general_chat", "b")
    assert backend.wait_for_calls(1)
    threading.Timer(0.2, backend.release).start()
    memory.close(wait=True)
    assert memory.document().pending_turns() == []


# From the hunt in round E's new code paths (the test that found it).
def test_a_run_dropped_by_close_does_not_bring_a_purged_folder_back(repo: Path) -> None:
    backend = ScriptedBackend(default=summarize_turns())
    backend.hold()
    before = set(threading.enumerate())
    memory = ProjectMemory.open(repo, backend=backend, collect_profile=False)
    memory.record_turn(IntentType.GENERAL_CHAT, "以后提交信息都用英文写")
    memory.record_turn(IntentType.GENERAL_CHAT, "Always run mvn verify before pushing.")
    assert backend.wait_for_calls(1, 30.0)
    workers = [t for t in threading.enumerate() if t not in before and "summarizer" in t.name]
    assert workers
    memory.close(wait=False)
    # The host deletes the memory once it has closed it, while the dropped run still waits
    # for its model.
    with ProjectMemory.open(repo, backend="off", collect_profile=False) as other:
        assert other.purge()
    backend.release()
    for worker in workers:  # the dropped run ends once its model answers
        worker.join(30.0)
        assert not worker.is_alive()
    assert not (repo / ".autopatch-j").exists()


# --- generations and stale snapshots -------------------------------------------------------------


def test_turns_recorded_during_the_call_survive(repo: Path) -> None:
    backend = ScriptedBackend(default=summarize_turns())
    backend.hold()
    memory = ProjectMemory.open(repo, backend=backend)
    first = [memory.record_turn("general_chat", f"早先的问题 {i}") for i in range(2)]
    assert backend.wait_for_calls(1)
    during = [memory.record_turn("general_chat", f"模型思考时的问题 {i}") for i in range(3)]
    backend.release()
    assert memory.wait_idle(DEADLINE_SECONDS)
    doc = memory.document()
    ids = [t.id for t in doc.working_memory.recent_turns]
    assert ids == [*first, *during]  # no stale snapshot overwrote the newer turns
    assert all(not t.is_pending for t in doc.working_memory.recent_turns)
    memory.close()


def test_reset_during_the_call_discards_the_late_result(repo: Path) -> None:
    events = Events()
    backend = ScriptedBackend(default=summarize_turns())
    backend.hold()
    memory = ProjectMemory.open(repo, backend=backend, on_event=events)
    memory.record_turn("general_chat", "以后都用中文回答")
    assert backend.wait_for_calls(1)
    generation = memory.reset().generation
    backend.release()
    assert memory.wait_idle(DEADLINE_SECONDS)
    doc = memory.document()
    assert doc.generation == generation
    assert doc.working_memory.recent_turns == [] and doc.long_term_memory.items() == []
    stale = [e for e in memory.journal_entries() if e.reason == Reason.STALE_GENERATION.value]
    assert stale and stale[0].outcome is Outcome.DISCARDED
    [rejected] = events.of(EventKind.SUMMARY_REJECTED)
    assert rejected.reasons == [Reason.STALE_GENERATION]
    assert events.of(EventKind.SUMMARY_APPLIED) == []
    memory.close()


RESETTER = textwrap.dedent(
    """
    import sys
    from autopatch_memory import ProjectMemory
    memory = ProjectMemory.open(sys.argv[1], backend="off")
    print(memory.reset().generation)
    memory.close()
    """
)


def test_reset_in_another_process_discards_the_late_result(repo: Path) -> None:
    backend = ScriptedBackend(default=summarize_turns())
    backend.hold()
    memory = ProjectMemory.open(repo, backend=backend)
    memory.record_turn("general_chat", "以后都用中文回答")
    assert backend.wait_for_calls(1)
    done = subprocess.run(
        [sys.executable, "-c", RESETTER, str(repo)], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    backend.release()
    assert memory.wait_idle(DEADLINE_SECONDS)
    doc = memory.document()
    assert doc.generation == int(done.stdout.strip())
    assert doc.working_memory.recent_turns == []
    assert any(e.reason == Reason.STALE_GENERATION.value for e in memory.journal_entries())
    memory.close()


class HeldSummarizer:
    """A backend that answers ``delta_of(request)`` once ``release`` is set; ``called`` is
    set as soon as it is asked (the run is then in flight)."""

    name = "held"

    def __init__(self, delta_of: Callable[[SummaryRequest], dict[str, Any]]) -> None:
        self.called = threading.Event()
        self.release = threading.Event()
        self._delta_of = delta_of

    def summarize(self, request: SummaryRequest) -> MemoryDelta:
        self.called.set()
        assert self.release.wait(GENEROUS_SECONDS)
        return MemoryDelta.model_validate(self._delta_of(request))


def _note_update(request: SummaryRequest) -> dict[str, Any]:
    """The first project note shown, rewritten."""
    note = next(i for i in request.long_term if i.type == "project_note")
    return {
        "turn_summaries": [
            {"turn_id": request.turns[0].id, "summary": "The user asked about the order DB."}
        ],
        "long_term_operations": [
            {
                "operation": "update_existing",
                "target_id": note.id,
                "summary": "The order service uses MySQL 5.7 with a read replica.",
            }
        ],
    }


# From the first fresh-eyes bug hunt (a test written before its fix).
def test_an_edit_made_while_a_summary_runs_is_not_overwritten_by_it(repo: Path) -> None:
    # The model's update was computed from the note as it was before the user's edit,
    # and replaced the edit: the user's correction was lost without a word.
    backend = HeldSummarizer(_note_update)
    with ProjectMemory.open(repo, backend=backend) as memory:
        note = memory.remember("the order service uses MySQL 5.7", kind="note").item_id
        assert note is not None
        memory.record_turn("code_explain", "which database does the order service use?", "MySQL")
        assert memory.request_summary()
        assert backend.called.wait(GENEROUS_SECONDS)
        edited = "the order service uses PostgreSQL 15 since the 2026 migration"
        memory.edit(note, edited)
        backend.release.set()
        assert memory.wait_idle(GENEROUS_SECONDS)
        doc = memory.document()
        item = doc.long_term_item(note)
        assert item is not None and item.summary == edited
        # The rest of the result still applies; the refusal is journaled.
        assert doc.working_memory.recent_turns[0].summary == "The user asked about the order DB."
        refused = [e for e in memory.journal_entries() if e.outcome is Outcome.REJECTED]
        assert [e.reason for e in refused] == ["stale_generation"]


def _english_rule(request: SummaryRequest) -> dict[str, Any]:
    """The first turn shown, made a rule."""
    turn = request.turns[0]
    return {
        "turn_summaries": [{"turn_id": turn.id, "summary": "用户要求以后用英文回答。"}],
        "long_term_operations": [
            {
                "operation": "create_new",
                "type": "durable_preference",
                "label": "回答用英文",
                "summary": "以后回答都用英文。",
                "source": "user_explicit",
                "evidence_turn_ids": [turn.id],
                "evidence_quote": turn.user_text,
            }
        ],
    }


# From the second fresh-eyes bug hunt (a test written before its fix).
@pytest.mark.parametrize("change", ["restate", "restore", "new", "import"])
def test_a_rule_the_user_stated_during_a_run_is_not_superseded_by_it(
    repo: Path, change: str
) -> None:
    # The run was computed from a turn said *before* the user's direct word on the same
    # subject; the user's latest word must win, not the late result of an older turn.
    backend = HeldSummarizer(_english_rule)
    with ProjectMemory.open(repo, backend=backend, collect_profile=False) as memory:
        chinese = None
        if change in ("restate", "restore"):
            chinese = memory.remember("以后回答都用中文").item_id
            assert chinese is not None
        if change == "restore":
            memory.forget(chinese)
        memory.record_turn("general_chat", "以后回答都用英文吧", "OK")
        assert memory.request_summary()
        assert backend.called.wait(GENEROUS_SECONDS)
        if change == "restore":
            assert memory.restore(chinese).outcome is ChangeOutcome.RESTORED
        elif change == "restate":
            assert memory.remember("以后回答都用中文！").item_id == chinese  # equal once folded
        elif change == "new":
            chinese = memory.remember("还是以后回答都用中文").item_id
        else:
            chinese = memory.import_items("- 以后回答都用中文\n", take_as="rule").items[0].item_id
        assert chinese is not None
        backend.release.set()
        assert memory.wait_idle(GENEROUS_SECONDS)
        doc = memory.document()
        # The late result does not replace the user's later word (it names nothing to
        # replace); it is dated when its turn was said, so the user's later rule comes
        # first in the context, where the first of two disagreeing rules holds.
        rules = doc.long_term_memory.durable_preferences
        assert chinese in [i.id for i in rules if i.is_active]
        context = memory.context("general_chat", "HashMap 怎么用？")
        preferences = [i.id for i in context.items if i.section.value == "preferences"]
        assert preferences[0] == chinese
        # The turn's summary still applies.
        assert doc.working_memory.recent_turns[0].summary == "用户要求以后用英文回答。"


def _rule_archive(request: SummaryRequest) -> dict[str, Any]:
    """The first rule shown archived, grounded in the first turn."""
    turn = request.turns[0]
    rule = next(i for i in request.long_term if i.type == "durable_preference")
    return {
        "turn_summaries": [{"turn_id": turn.id, "summary": "用户取消了 XML 缩进规则。"}],
        "long_term_operations": [
            {
                "operation": "archive_existing",
                "type": "durable_preference",
                "target_id": rule.id,
                "evidence_turn_ids": [turn.id],
                "evidence_quote": turn.user_text,
            }
        ],
    }


# From the second fresh-eyes bug hunt (a test written before its fix).
@pytest.mark.parametrize("change", ["edit", "restore"])
def test_a_rule_the_user_edited_during_a_run_is_not_archived_by_it(repo: Path, change: str) -> None:
    # The cancel was said before the user's own edit (or forget-and-restore) of the rule:
    # the user's latest word keeps the rule, the late result must not archive it.
    backend = HeldSummarizer(_rule_archive)
    # Every reading of the clock is a second later: the forget and the restore happen in
    # other seconds than the remember (an item's state is its text and its timestamp).
    ticks = itertools.count()
    start = datetime(2026, 5, 1, 12, 0, 0, tzinfo=timezone(timedelta(hours=8)))

    def clock() -> datetime:
        return start + timedelta(seconds=next(ticks))

    memory = ProjectMemory.open(repo, backend=backend, collect_profile=False, clock=clock)
    with memory:
        rule = memory.remember("以后 XML 配置都用两个空格缩进").item_id
        assert rule is not None
        memory.record_turn("general_chat", "XML 缩进那条规则忘了吧", "好的")
        assert memory.request_summary()
        assert backend.called.wait(GENEROUS_SECONDS)
        if change == "edit":
            memory.edit(rule, "以后 XML 配置都用四个空格缩进")
        else:
            memory.forget(rule)
            assert memory.restore(rule).outcome is ChangeOutcome.RESTORED
        backend.release.set()
        assert memory.wait_idle(GENEROUS_SECONDS)
        doc = memory.document()
        item = doc.long_term_item(rule)
        assert item is not None and item.is_active
        assert doc.working_memory.recent_turns[0].summary == "用户取消了 XML 缩进规则。"


# --- through the real openai client and a local server ----------------------------------------------


def test_environment_recipe_summarizes_through_the_server(
    repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with FakeOpenAIServer() as server:
        use_server(monkeypatch, server)
        memory = ProjectMemory.open(repo, settings=MemorySettings.from_env(repo))
        assert memory.backend_name == "openai"
        turn_a = memory.record_turn("general_chat", "Optional 怎么用？", "Optional 是容器。")
        turn_b = memory.record_turn("general_chat", "以后回答都用中文，先给结论。", "好的。")
        server.script(
            Reply.json(
                {
                    "turn_summaries": [
                        {"turn_id": turn_a, "summary": "用户询问 Optional 的用法。"},
                        {"turn_id": turn_b, "summary": "用户要求以后用中文回答并先给结论。"},
                    ],
                    "long_term_operations": [
                        {
                            "operation": "create_new",
                            "type": "durable_preference",
                            "label": "回答风格",
                            "summary": "用中文回答，先给结论。",
                            "source": "user_explicit",
                            "evidence_turn_ids": [turn_b],
                            "evidence_quote": "以后回答都用中文，先给结论",
                        }
                    ],
                }
            )
        )
        assert memory.wait_idle(DEADLINE_SECONDS)
        request = server.chat_requests[-1]
        assert request.model == "fake-model" and request.authorization == "Bearer x"
        assert "Optional 怎么用" in request.last_user_message
        doc = memory.document()
        assert doc.pending_turns() == []
        assert [p.label for p in doc.long_term_memory.durable_preferences] == ["回答风格"]
        memory.close()


@pytest.mark.parametrize(
    "replies",
    [
        lambda d: [Reply.json(d)],
        lambda d: [Reply.fenced(d)],
        lambda d: [Reply.think(d)],
        lambda d: [Reply.text("sorry, no JSON here"), Reply.json(d)],  # the repair retry
        lambda d: [Reply.fail(500), Reply.json(d)],  # the SDK's retry
    ],
    ids=["good", "fenced", "think", "repair", "500-then-ok"],
)
def test_replies_through_the_real_client(
    repo: Path, monkeypatch: pytest.MonkeyPatch, replies: Any
) -> None:
    with FakeOpenAIServer() as server:
        use_server(monkeypatch, server)
        memory = ProjectMemory.open(repo, settings=MemorySettings.from_env(repo))
        turn = memory.record_turn("general_chat", "HashMap 和 TreeMap 的区别？")
        assert turn is not None
        server.script(
            *replies(
                {"turn_summaries": [{"turn_id": turn, "summary": "用户比较 HashMap 与 TreeMap。"}]}
            )
        )
        report = memory.summarize_now()
        assert report is not None and [a.ids for a in report.accepted] == [[turn]]
        stored = memory.document().turn(turn)
        assert stored is not None and stored.summary == "用户比较 HashMap 与 TreeMap。"
        memory.close()


@pytest.mark.parametrize(
    ("reply", "error"),
    [(Reply.fail(401, "bad key"), "BackendAuthError"), (Reply.slow(3, {}), "BackendTimeoutError")],
)
def test_failures_through_the_real_client(
    repo: Path, monkeypatch: pytest.MonkeyPatch, reply: Reply, error: str
) -> None:
    with FakeOpenAIServer() as server:
        use_server(monkeypatch, server)
        monkeypatch.setenv("AUTOPATCH_LLM_TIMEOUT", "0.5")
        monkeypatch.setenv("AUTOPATCH_LLM_MAX_RETRIES", "0")
        memory = ProjectMemory.open(repo, settings=MemorySettings.from_env(repo))
        turn = memory.record_turn("general_chat", "volatile 是什么？")
        server.script(reply)
        with pytest.raises(BackendError) as caught:
            memory.summarize_now()
        assert type(caught.value).__name__ == error
        failure = memory.last_failure()
        assert failure is not None and failure.actor == "summarizer:openai"
        assert memory.document().turn(turn or "") is not None  # the turn stays pending
        memory.close(wait=False)


def test_a_slow_server_never_blocks_the_host(repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # How fast the host's calls are while a model call is in flight is the
    # benchmark's to measure; this proves they do not wait for it.
    with FakeOpenAIServer() as server:
        use_server(monkeypatch, server)
        monkeypatch.setenv("AUTOPATCH_LLM_TIMEOUT", "120")
        memory = ProjectMemory.open(repo, settings=MemorySettings.from_env(repo))
        server.script(Reply.slow(120, {"turn_summaries": []}))  # released by closing the server
        first = [
            memory.record_turn("general_chat", f"问题 {i}：Optional 怎么用？") for i in range(2)
        ]
        assert wait_until(lambda: len(server.chat_requests) == 1)  # the call is in flight
        during = [memory.record_turn("general_chat", f"追问 {i}") for i in range(5)]
        contexts = [memory.context("general_chat", "Optional 怎么用") for _ in range(5)]
        assert memory.status().run_in_flight  # all of the above ran during the call
        assert all(during) and all(not ctx.is_empty for ctx in contexts)
        ids = {t.id for t in memory.document().working_memory.recent_turns}
        assert set(first) | set(during) <= ids
        memory.close(wait=False)


def test_close_waiting_runs_a_requested_but_unstarted_summary(repo: Path) -> None:
    for _ in range(20):  # the race is between the request and the worker's start
        backend = ScriptedBackend(default=summarize_turns())
        memory = ProjectMemory.open(repo, backend=backend)
        memory.reset()
        memory.record_turn("general_chat", "a")
        memory.record_turn("general_chat", "b")  # requests a run...
        memory.close(wait=True)  # ...which must happen before close returns
        assert memory.document().pending_turns() == []


# --- nothing escapes the worker ------------------------------------------------------------------


class BrokenBackend:
    """A host's backend with a bug: raises something that is not a BackendError."""

    name = "broken"

    def summarize(self, request: SummaryRequest) -> MemoryDelta:
        raise KeyError("a bug in the backend")


@pytest.mark.filterwarnings("error::pytest.PytestUnhandledThreadExceptionWarning")
def test_a_backend_raising_anything_is_contained(
    repo: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    events = Events()
    memory = ProjectMemory.open(repo, backend=BrokenBackend(), settings=PATIENT, on_event=events)
    memory.record_turn("general_chat", "a")
    memory.record_turn("general_chat", "b")
    assert events.wait_for(EventKind.SUMMARY_FAILED)
    failure = memory.status().last_failure
    assert failure is not None and failure.actor == "summarizer:broken"
    assert "KeyError" in (failure.detail or "") and "a bug in the backend" in (failure.detail or "")
    assert memory.wait_idle(DEADLINE_SECONDS)
    assert memory.status().backing_off  # treated like a model failure: back off, retry later
    memory.close(wait=True)
    out, err = capfd.readouterr()
    assert "Traceback" not in err and "KeyError" not in err and "a bug" not in out + err
    # On the caller's thread it is a BackendError too, with the original as its cause.
    with pytest.raises(BackendError) as caught:
        ProjectMemory.open(repo, backend=BrokenBackend()).summarize_now()
    assert isinstance(caught.value.__cause__, KeyError)


@pytest.mark.filterwarnings("error::pytest.PytestUnhandledThreadExceptionWarning")
def test_a_library_bug_on_the_worker_is_journaled_logged_and_survived(
    internal_errors_expected: None,
    repo: Path,
    monkeypatch: pytest.MonkeyPatch,
    capfd: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> None:
    def broken_apply(*args: object, **kwargs: object) -> Any:
        raise RuntimeError("a bug in the applier")

    events = Events()
    backend = ScriptedBackend(default=summarize_turns())
    memory = ProjectMemory.open(repo, backend=backend, settings=FAST, on_event=events)
    with monkeypatch.context() as patch, caplog.at_level(logging.ERROR):
        # The summarizer imports the applier where it applies a result (a host opens
        # memory before it has anything to apply): patched at its home.
        patch.setattr(applier, "apply_delta", broken_apply)
        memory.record_turn("general_chat", "a")
        memory.record_turn("general_chat", "b")
        assert events.wait_for(EventKind.SUMMARY_FAILED)
    failure = memory.status().last_failure
    assert failure is not None and failure.reason == INTERNAL_ERROR
    assert "RuntimeError: a bug in the applier" in (failure.detail or "")
    assert "summarizer.py" in (failure.detail or "")  # where it happened
    logged = [
        r
        for r in caplog.records
        if r.exc_info and "a bug in the applier" in r.getMessage() + str(r.exc_info[1])
    ]
    assert logged  # the traceback went to logging, where a host's handlers see it
    # The worker survived: it retries by itself after the backoff, now with a working applier.
    assert events.wait_for(EventKind.SUMMARY_APPLIED)
    assert memory.wait_idle(DEADLINE_SECONDS)
    assert memory.document().pending_turns() == []
    memory.close()
    _out, err = capfd.readouterr()
    assert "Traceback" not in err and "a bug in the applier" not in err


def test_a_hostile_reply_cannot_kill_the_worker(repo: Path) -> None:
    def hostile(request: SummaryRequest) -> MemoryDelta:
        turn = request.turns[0].id
        return MemoryDelta(
            turn_summaries=[
                {"turn_id": turn, "summary": "bad \ud800 text"},
                {"turn_id": "\udcff"},
            ],
            topic_operations=[
                [[[]]],
                "x",
                None,
                {"operation": "create_new", "label": {"a": 1}},
            ],
        )

    memory = ProjectMemory.open(repo, backend=ScriptedBackend(default=hostile, name="hostile"))
    memory.record_turn("general_chat", "a")
    memory.record_turn("general_chat", "b")
    assert memory.wait_idle(DEADLINE_SECONDS)
    assert memory.last_failure() is None
    assert memory.document().working_memory.recent_turns[0].summary == "bad \ufffd text"
    memory.close()


def test_summarizer_input_is_capped_and_most_relevant_first() -> None:
    builder = DocumentBuilder()
    builder.add_turn("FindingQueue 在 review 模块里怎么排序？")
    notes = []
    for i in range(30):
        label, summary = (f"module {i}", f"Module{i} owns table t{i}.")
        if i == 3:
            label, summary = "review module", "review 模块管理 FindingQueue 与补丁确认。"
        notes.append(builder.add_note(label, summary))
    for i in range(8):
        builder.add_topic(f"topic {i}", "话题")
    doc = builder.build()
    request = build_request(doc, doc.pending_turns())
    assert len(request.long_term) == limits.SUMMARIZER_MAX_CONTEXT_ITEMS
    assert request.long_term[0].id == notes[3]  # the relevant note first
    assert len(request.topics) == 8
    assert request.language.value == "zh"
    assert all(t.assistant_text == "" for t in request.turns)


def _summary_workers() -> set[threading.Thread]:
    return {t for t in threading.enumerate() if t.name == "autopatch-memory-summarizer"}


def _waiting_for_the_file_lock(thread: threading.Thread) -> bool:
    frame = sys._current_frames().get(thread.ident or -1)
    while frame is not None:
        if frame.f_code.co_name == "acquire" and frame.f_code.co_filename.endswith("locking.py"):
            return True
        frame = frame.f_back
    return False


def test_nothing_is_written_after_close_without_waiting_returns(repo: Path) -> None:
    backend = ScriptedBackend(default=summarize_turns())
    backend.hold()
    others = _summary_workers()
    memory = ProjectMemory.open(repo, backend=backend, collect_profile=False)
    memory.record_turn("general_chat", "Optional 怎么用？")
    memory.record_turn("general_chat", "What is a record class?")
    assert backend.wait_for_calls(1)
    # Another process holds the memory lock: the run, its reply in hand and not
    # cancelled yet, waits for it to apply the result.
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys; from pathlib import Path; from autopatch_memory.locking import "
            f"ProcessLock; lock = ProcessLock(Path({str(memory.store.lock_path)!r})); "
            "lock.acquire(); print('held', flush=True); sys.stdin.read()",
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
    [worker] = _summary_workers() - others
    try:
        backend.release()
        assert wait_until(lambda: _waiting_for_the_file_lock(worker))
        memory.close(wait=False)  # returns at once: the lock is still held elsewhere
        at_close = memory.store.path.read_bytes()
    finally:
        assert holder.stdin is not None
        holder.stdin.close()
        holder.wait(timeout=DEADLINE_SECONDS)
    worker.join(DEADLINE_SECONDS)
    assert not worker.is_alive()
    assert memory.store.path.read_bytes() == at_close  # the late result never landed
    assert len(memory.document().pending_turns()) == 2
