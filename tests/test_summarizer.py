"""Background summarization end to end: triggers, the worker, generations, real servers."""

from __future__ import annotations

import statistics
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from fake_openai_server import FakeOpenAIServer, Reply

from autopatch_memory import limits
from autopatch_memory.backends.base import SummaryRequest
from autopatch_memory.errors import BackendUnavailableError, ConfigError
from autopatch_memory.journal import Outcome
from autopatch_memory.memory import ProjectMemory
from autopatch_memory.model import MemoryDelta, SummaryStatus
from autopatch_memory.reasons import Reason
from autopatch_memory.triggers import Trigger, triggers_after_record


def summaries_for(request: SummaryRequest, prefix: str = "摘要") -> dict[str, Any]:
    return {
        "turn_summaries": [
            {"turn_id": t.id, "summary": f"{prefix}：{t.user_text[:30]}"} for t in request.turns
        ]
    }


class ScriptedBackend:
    """A real SummaryBackend whose calls the test can hold and release."""

    name = "scripted"

    def __init__(self, *, hold: bool = False, fail: int = 0) -> None:
        self.requests: list[SummaryRequest] = []
        self.started = threading.Event()
        self.release = threading.Event()
        if not hold:
            self.release.set()
        self.failures_left = fail

    def summarize(self, request: SummaryRequest) -> MemoryDelta:
        self.requests.append(request)
        self.started.set()
        assert self.release.wait(10), "the test never released the model call"
        if self.failures_left:
            self.failures_left -= 1
            raise BackendUnavailableError("model server is down")
        return MemoryDelta(**summaries_for(request))


def use_server(monkeypatch: pytest.MonkeyPatch, server: FakeOpenAIServer) -> None:
    """The issue's recipe: configure the OpenAI-compatible backend through the environment."""
    monkeypatch.setenv("AUTOPATCH_MEMORY_BACKEND", "openai")
    monkeypatch.setenv("OPENAI_BASE_URL", server.url)
    monkeypatch.delenv("AUTOPATCH_LLM_BASE_URL", raising=False)
    monkeypatch.setenv("OPENAI_API_KEY", "x")
    monkeypatch.setenv("AUTOPATCH_LLM_MODEL", "fake-model")
    monkeypatch.setenv("AUTOPATCH_LLM_TIMEOUT", "5")


# --- triggers -----------------------------------------------------------------------------


def _doc_after(memory: ProjectMemory, texts: list[tuple[str, str]]) -> Any:
    for intent, text in texts:
        memory.record_turn(intent, text)
    return memory.document()


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
        doc = _doc_after(memory, turns[:-1])
        memory.record_turn(turns[-1][0], turns[-1][1], project_level=project_level)
        doc = memory.document()
        last = doc.working_memory.recent_turns[-1]
        assert set(triggers_after_record(doc, last, project_level=project_level)) == expected


def test_recent_turns_trigger(repo: Path) -> None:
    with ProjectMemory.open(repo, backend="off") as memory:
        for i in range(6):
            memory.record_turn("general_chat", f"question {i}")
        doc = memory.document()
        for turn in doc.working_memory.recent_turns[:-1]:
            turn.summary_status = SummaryStatus.READY
        fired = triggers_after_record(doc, doc.working_memory.recent_turns[-1], project_level=False)
        assert fired == [Trigger.RECENT_TURNS]


# --- the worker ----------------------------------------------------------------------------


def test_recording_returns_before_the_model_is_called(repo: Path) -> None:
    backend = ScriptedBackend(hold=True)
    memory = ProjectMemory.open(repo, backend=backend)
    memory.record_turn("general_chat", "Optional 怎么用？")
    started = time.perf_counter()
    memory.record_turn("general_chat", "Stream 怎么用？")  # the pending trigger fires
    assert time.perf_counter() - started < 1.0
    assert backend.started.wait(5)  # the call runs on the worker, not here
    assert threading.current_thread().name != "autopatch-memory-summarizer"
    backend.release.set()
    assert memory.wait_idle(5)
    doc = memory.document()
    assert [t.summary_status for t in doc.working_memory.recent_turns] == [SummaryStatus.READY] * 2
    memory.close()


def test_nothing_runs_at_start_up(repo: Path) -> None:
    with ProjectMemory.open(repo, backend="off") as memory:
        memory.record_turn("general_chat", "a")
        memory.record_turn("general_chat", "b")
    backend = ScriptedBackend()
    memory = ProjectMemory.open(repo, backend=backend)
    time.sleep(0.2)
    assert backend.requests == []  # two pending turns, but no trigger since opening
    memory.close()


def test_triggers_during_a_run_are_coalesced_into_one_more_run(repo: Path) -> None:
    backend = ScriptedBackend(hold=True)
    memory = ProjectMemory.open(repo, backend=backend)
    memory.record_turn("general_chat", "first question")
    memory.record_turn("general_chat", "以后都先给结论")  # run 1 starts
    assert backend.started.wait(5)
    for i in range(5):  # five triggers while the call is in flight
        memory.record_turn("general_chat", f"以后第 {i} 条规则")
    backend.release.set()
    assert memory.wait_idle(10)
    # Run 1 took the two turns pending at its start; exactly one follow-up run took
    # the five recorded meanwhile in two batches (4 + 1): three calls, not seven.
    assert [len(r.turns) for r in backend.requests] == [2, 4, 1]
    assert memory.document().pending_turns() == []
    assert memory._scheduler is not None and memory._scheduler.runs == 2
    memory.close()


def test_batches_take_the_oldest_four_until_none_is_left(repo: Path) -> None:
    with ProjectMemory.open(repo, backend="off") as memory:
        ids = [memory.record_turn("general_chat", f"question {i}") for i in range(10)]
    backend = ScriptedBackend()
    memory = ProjectMemory.open(repo, backend=backend)
    report = memory.summarize_now()
    assert report is not None and not report.rejected
    assert [[t.id for t in r.turns] for r in backend.requests] == [ids[0:4], ids[4:8], ids[8:10]]
    assert memory.summarize_now() is None  # nothing pending any more
    memory.close()


def test_failures_back_off_and_are_recorded(repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits, "BACKOFF_INITIAL_SECONDS", 0.3)
    backend = ScriptedBackend(fail=2)
    memory = ProjectMemory.open(repo, backend=backend)
    memory.record_turn("general_chat", "a")
    memory.record_turn("general_chat", "b")
    deadline = time.monotonic() + 5
    while len(backend.requests) < 3 and time.monotonic() < deadline:
        time.sleep(0.02)
    calls = len(backend.requests)
    assert calls == 3  # failed, waited 0.3 s, failed, waited 0.6 s, succeeded
    assert memory.wait_idle(5)
    failures = [e for e in memory.journal.read() if e.outcome is Outcome.FAILED]
    assert len(failures) == 2 and failures[0].actor == "summarizer:scripted"
    assert memory.last_failure() is not None
    assert memory.document().pending_turns() == []  # retried by itself after the pause
    memory.close()


def test_no_call_storm_while_backing_off(repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits, "BACKOFF_INITIAL_SECONDS", 60)
    backend = ScriptedBackend(fail=100)
    memory = ProjectMemory.open(repo, backend=backend)
    for i in range(10):
        memory.record_turn("general_chat", f"以后规则 {i}")
        time.sleep(0.02)
    assert memory.wait_idle(2)  # the retry is held back: idle, not busy for a minute
    assert len(backend.requests) == 1
    assert len(memory.document().pending_turns()) == 10  # failed turns stay pending
    ctx = memory.context("general_chat", "规则")
    assert "以后规则 9" in ctx.render()  # and still reach the prompt as raw text
    memory.close(wait=False)


def test_summarize_now_raises_backend_errors_after_journaling(repo: Path) -> None:
    memory = ProjectMemory.open(repo, backend=ScriptedBackend(fail=1))
    with ProjectMemory.open(repo, backend="off") as writer:
        writer.record_turn("general_chat", "Optional?")
    with pytest.raises(BackendUnavailableError):
        memory.summarize_now()
    assert memory.last_failure() is not None
    memory.close()
    with ProjectMemory.open(repo, backend="off") as off, pytest.raises(ConfigError):
        off.summarize_now()


def test_close_without_waiting_drops_the_result(repo: Path) -> None:
    backend = ScriptedBackend(hold=True)
    memory = ProjectMemory.open(repo, backend=backend)
    memory.record_turn("general_chat", "a")
    memory.record_turn("general_chat", "b")
    assert backend.started.wait(5)
    memory.close(wait=False)
    backend.release.set()
    time.sleep(0.3)
    assert len(memory.document().pending_turns()) == 2
    assert any(e.outcome is Outcome.DISCARDED for e in memory.journal.read())


def test_close_waiting_lets_the_run_finish(repo: Path) -> None:
    backend = ScriptedBackend(hold=True)
    memory = ProjectMemory.open(repo, backend=backend)
    memory.record_turn("general_chat", "a")
    memory.record_turn("general_chat", "b")
    assert backend.started.wait(5)
    threading.Timer(0.2, backend.release.set).start()
    memory.close(wait=True)
    assert memory.document().pending_turns() == []


# --- generations and stale snapshots -------------------------------------------------------------


def test_turns_recorded_during_the_call_survive(repo: Path) -> None:
    backend = ScriptedBackend(hold=True)
    memory = ProjectMemory.open(repo, backend=backend)
    first = [memory.record_turn("general_chat", f"早先的问题 {i}") for i in range(2)]
    assert backend.started.wait(5)
    during = [memory.record_turn("general_chat", f"模型思考时的问题 {i}") for i in range(3)]
    backend.release.set()
    assert memory.wait_idle(10)
    doc = memory.document()
    ids = [t.id for t in doc.working_memory.recent_turns]
    assert ids == [*first, *during]  # no stale snapshot overwrote the newer turns
    assert all(not t.is_pending for t in doc.working_memory.recent_turns)
    memory.close()


def test_reset_during_the_call_discards_the_late_result(repo: Path) -> None:
    backend = ScriptedBackend(hold=True)
    memory = ProjectMemory.open(repo, backend=backend)
    memory.record_turn("general_chat", "以后都用中文回答")
    assert backend.started.wait(5)
    generation = memory.reset()
    backend.release.set()
    assert memory.wait_idle(5)
    doc = memory.document()
    assert doc.generation == generation
    assert doc.working_memory.recent_turns == [] and doc.long_term_memory.items() == []
    stale = [e for e in memory.journal.read() if e.reason == Reason.STALE_GENERATION.value]
    assert stale and stale[0].outcome is Outcome.DISCARDED
    memory.close()


RESETTER = textwrap.dedent(
    """
    import sys
    from autopatch_memory.memory import ProjectMemory
    memory = ProjectMemory.open(sys.argv[1], backend="off")
    print(memory.reset())
    memory.close()
    """
)


def test_reset_in_another_process_discards_the_late_result(repo: Path) -> None:
    backend = ScriptedBackend(hold=True)
    memory = ProjectMemory.open(repo, backend=backend)
    memory.record_turn("general_chat", "以后都用中文回答")
    assert backend.started.wait(5)
    done = subprocess.run(
        [sys.executable, "-c", RESETTER, str(repo)], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    backend.release.set()
    assert memory.wait_idle(5)
    doc = memory.document()
    assert doc.generation == int(done.stdout.strip())
    assert doc.working_memory.recent_turns == []
    assert any(e.reason == Reason.STALE_GENERATION.value for e in memory.journal.read())
    memory.close()


# --- through the real openai client and a local server ----------------------------------------------


def test_environment_recipe_summarizes_through_the_server(
    repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with FakeOpenAIServer() as server:
        use_server(monkeypatch, server)
        memory = ProjectMemory.open(repo)
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
                        }
                    ],
                }
            )
        )
        assert memory.wait_idle(10)
        request = server.chat_requests[-1]
        assert request.model == "fake-model" and request.authorization == "Bearer x"
        assert "Optional 怎么用" in request.last_user_message
        doc = memory.document()
        assert doc.pending_turns() == []
        assert [p.label for p in doc.long_term_memory.durable_preferences] == ["回答风格"]
        memory.close()


@pytest.mark.parametrize(
    ("replies", "expect_summaries"),
    [
        (lambda d: [Reply.json(d)], True),
        (lambda d: [Reply.fenced(d)], True),
        (lambda d: [Reply.think(d)], True),
        (lambda d: [Reply.text("sorry, no JSON here"), Reply.json(d)], True),  # the repair retry
        (lambda d: [Reply.fail(500), Reply.json(d)], True),  # the SDK's retry
    ],
    ids=["good", "fenced", "think", "repair", "500-then-ok"],
)
def test_replies_through_the_real_client(
    repo: Path, monkeypatch: pytest.MonkeyPatch, replies: Any, expect_summaries: bool
) -> None:
    with FakeOpenAIServer() as server:
        use_server(monkeypatch, server)
        memory = ProjectMemory.open(repo)
        turn = memory.record_turn("general_chat", "HashMap 和 TreeMap 的区别？")
        assert turn is not None
        server.script(
            *replies(
                {"turn_summaries": [{"turn_id": turn, "summary": "用户比较 HashMap 与 TreeMap。"}]}
            )
        )
        report = memory.summarize_now()
        assert report is not None and [a.ids for a in report.accepted] == [[turn]]
        assert memory.document().turn(turn).summary == "用户比较 HashMap 与 TreeMap。"  # type: ignore[union-attr]
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
        memory = ProjectMemory.open(repo)
        turn = memory.record_turn("general_chat", "volatile 是什么？")
        server.script(reply)
        with pytest.raises(Exception) as caught:
            memory.summarize_now()
        assert type(caught.value).__name__ == error
        failure = memory.last_failure()
        assert failure is not None and failure.actor == "summarizer:openai"
        assert memory.document().turn(turn or "") is not None  # the turn stays pending
        memory.close(wait=False)


def test_slow_server_never_blocks_the_host(repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with FakeOpenAIServer() as server:
        use_server(monkeypatch, server)
        memory = ProjectMemory.open(repo)
        first = [
            memory.record_turn("general_chat", f"问题 {i}：Optional 怎么用？") for i in range(2)
        ]
        server.script(
            Reply.slow(
                2, {"turn_summaries": [{"turn_id": first[0], "summary": "用户询问 Optional。"}]}
            )
        )
        # The run started by the second record is now waiting 2 s for the server.
        record_times: list[float] = []
        context_times: list[float] = []
        during: list[str | None] = []
        deadline = time.monotonic() + 1.5
        while time.monotonic() < deadline:
            started = time.perf_counter()
            during.append(memory.record_turn("general_chat", f"追问 {len(during)}"))
            record_times.append(time.perf_counter() - started)
            started = time.perf_counter()
            memory.context("general_chat", "Optional 怎么用")
            context_times.append(time.perf_counter() - started)
        # Each call stays far from the 2 s the model takes (the budget itself is
        # checked by the benchmark, not by timing tests).
        assert max(record_times) < 1.0 and max(context_times) < 1.0
        assert statistics.median(record_times) < 0.1
        assert memory.wait_idle(15)
        ids = {t.id for t in memory.document().working_memory.recent_turns}
        survivors = [t for t in during[-(limits.MAX_RECENT_TURNS - 2) :] if t]
        assert set(survivors) <= ids  # every turn recorded meanwhile is still there
        assert memory.document().turn(first[0]) is None or memory.document().turn(first[0]).summary  # type: ignore[union-attr]
        memory.close()


def test_close_waiting_runs_a_requested_but_unstarted_summary(repo: Path) -> None:
    for _ in range(20):  # the race is between the request and the worker's start
        backend = ScriptedBackend()
        memory = ProjectMemory.open(repo, backend=backend)
        memory.reset()
        memory.record_turn("general_chat", "a")
        memory.record_turn("general_chat", "b")  # requests a run...
        memory.close(wait=True)  # ...which must happen before close returns
        assert memory.document().pending_turns() == []


class BrokenBackend:
    """A backend with a bug: raises something that is not a BackendError."""

    name = "broken"

    def summarize(self, request: SummaryRequest) -> MemoryDelta:
        raise KeyError("a bug in the backend")


@pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")
def test_a_bug_in_the_worker_is_journaled_not_hidden(repo: Path) -> None:
    memory = ProjectMemory.open(repo, backend=BrokenBackend())
    memory.record_turn("general_chat", "a")
    memory.record_turn("general_chat", "b")
    deadline = time.monotonic() + 5
    while memory.last_failure() is None and time.monotonic() < deadline:
        time.sleep(0.02)
    failure = memory.last_failure()
    assert failure is not None and failure.reason == "internal_error"
    assert "a bug in the backend" in (failure.detail or "")
    memory.close(wait=True)  # joins the dead worker: its exception is reported here
    with pytest.raises(KeyError):  # summarize_now does not swallow it either
        ProjectMemory.open(repo, backend=BrokenBackend()).summarize_now()


def test_a_hostile_reply_cannot_kill_the_worker(repo: Path) -> None:
    class Hostile:
        name = "hostile"

        def summarize(self, request: SummaryRequest) -> MemoryDelta:
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

    memory = ProjectMemory.open(repo, backend=Hostile())
    memory.record_turn("general_chat", "a")
    memory.record_turn("general_chat", "b")
    assert memory.wait_idle(5)
    assert memory.last_failure() is None
    assert memory.document().working_memory.recent_turns[0].summary == "bad \ufffd text"
    memory.close()


def test_summarizer_input_is_capped_and_most_relevant_first(repo: Path) -> None:
    from autopatch_memory.model import LongTermItem, LongTermType, Source, Topic
    from autopatch_memory.store import Transaction
    from autopatch_memory.summarizer import build_request

    with ProjectMemory.open(repo, backend="off") as memory:
        memory.record_turn("general_chat", "FindingQueue 在 review 模块里怎么排序？")

        def seed(txn: Transaction) -> None:
            now = txn.now
            notes = txn.doc.long_term_memory.project_notes
            for i in range(30):
                label, summary = (f"module {i}", f"Module{i} owns table t{i}.")
                if i == 3:
                    label, summary = "review module", "review 模块管理 FindingQueue 与补丁确认。"
                notes.append(
                    LongTermItem(
                        id=f"mem_20260101_{i:03d}",
                        type=LongTermType.PROJECT_NOTE,
                        label=label,
                        summary=summary,
                        source=Source.CONVERSATION_SUMMARY,
                        created_at=now,
                        updated_at=now,
                    )
                )
            for i in range(8):
                txn.doc.working_memory.active_topics.append(
                    Topic(
                        id=f"topic_20260101_{i:03d}",
                        label=f"topic {i}",
                        summary="话题",
                        last_touched_at=now,
                    )
                )

        memory.store.update(seed, actor="test")
        doc = memory.document()
        request = build_request(doc, doc.pending_turns())
    assert len(request.long_term) == limits.SUMMARIZER_MAX_CONTEXT_ITEMS
    assert request.long_term[0].id == "mem_20260101_003"  # the relevant note first
    assert len(request.topics) == 8
    assert request.language.value == "zh"
    assert all(t.assistant_text == "" for t in request.turns)
