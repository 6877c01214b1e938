"""A model that answers pending turns with ``{}`` fails the run, visibly (issue 30, item 13).

Before, an empty delta counted as a run: no journal entry, no event, no last failure,
and the turns stayed pending until something else asked for a summary. Now it is
journaled (``empty_delta``), sent as a ``summary_failed`` event, and retried with the
worker's backoff like any failure. The model is the real ``openai`` client talking to
the fake OpenAI-compatible server of tests/fake_openai_server.py.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from fake_openai_server import FakeOpenAIServer, Reply

from autopatch_memory import (
    Backoff,
    EventKind,
    InvalidReplyError,
    MemoryEvent,
    MemorySettings,
    Outcome,
    ProjectMemory,
    Reason,
)
from autopatch_memory.testing import ScriptedBackend

DEADLINE = 30.0
EMPTY_REPLIES = [
    {},
    {"turn_summaries": []},
    {"turn_summaries": [], "topic_operations": [], "long_term_operations": []},
]


def wait_until(condition: Callable[[], bool], timeout: float = DEADLINE) -> bool:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.01)
    return True


class Events:
    def __init__(self) -> None:
        self.seen: list[MemoryEvent] = []
        self._lock = threading.Lock()

    def __call__(self, event: MemoryEvent) -> None:
        with self._lock:
            self.seen.append(event)

    def of(self, kind: EventKind) -> list[MemoryEvent]:
        with self._lock:
            return [e for e in self.seen if e.kind is kind]


def settings_for(server: FakeOpenAIServer, repo: Path, backoff: Backoff) -> MemorySettings:
    env = {
        "AUTOPATCH_MEMORY_BACKEND": "openai",
        "AUTOPATCH_LLM_BASE_URL": server.url,
        "AUTOPATCH_LLM_MODEL": "fake-model",
        "AUTOPATCH_LLM_API_KEY": "x",
        "AUTOPATCH_LLM_MAX_RETRIES": "0",
    }
    settings = MemorySettings.from_env(repo, environ=env)
    return settings.model_copy(update={"backoff": backoff})


@pytest.mark.parametrize("reply", EMPTY_REPLIES, ids=["braces", "no-summaries", "all-empty"])
def test_an_empty_delta_is_journaled_sent_and_retried_with_backoff(
    repo: Path, reply: dict[str, object]
) -> None:
    events = Events()
    with FakeOpenAIServer(default=Reply.json(reply)) as server:
        fast = Backoff(initial_seconds=0.05, max_seconds=0.2)
        memory = ProjectMemory.open(
            repo, settings=settings_for(server, repo, fast), on_event=events
        )
        first = memory.record_turn("general_chat", "Optional 怎么用？", "Optional 是容器。")
        second = memory.record_turn("general_chat", "HashMap 线程安全吗？", "不是。")
        assert first and second  # two pending turns ask for a run by themselves
        # Retried by itself after the backoff: at least three calls without a new request.
        assert wait_until(lambda: len(server.chat_requests) >= 3), len(server.chat_requests)
        status = memory.status()
        memory.close(wait=False)

    assert status.consecutive_failures >= 2
    assert status.last_failure is not None
    assert status.last_failure.reason == Reason.EMPTY_DELTA.value
    assert status.last_failure.target == f"{first},{second}"
    failed = [e for e in memory.journal_entries() if e.op == "summarize"]
    assert failed and all(e.outcome is Outcome.FAILED for e in failed)
    assert {e.reason for e in failed} == {"empty_delta"}
    assert "empty delta for 2 pending turn(s)" in (failed[0].detail or "")
    sent = events.of(EventKind.SUMMARY_FAILED)
    assert sent and sent[0].target == f"{first},{second}"
    assert (sent[0].detail or "").startswith("empty_delta: ")
    assert not events.of(EventKind.SUMMARY_APPLIED)
    assert [t.id for t in memory.document().pending_turns()] == [first, second]


def test_the_retry_after_an_empty_delta_summarizes_the_turns(repo: Path) -> None:
    with FakeOpenAIServer() as server:
        fast = Backoff(initial_seconds=0.05, max_seconds=0.2)
        memory = ProjectMemory.open(repo, settings=settings_for(server, repo, fast))
        server.script(Reply.json({}))
        first = memory.record_turn("general_chat", "Optional 怎么用？", "Optional 是容器。")
        server.script(
            Reply.json(
                {"turn_summaries": [{"turn_id": first, "summary": "用户问 Optional 的用法。"}]}
            )
        )
        memory.request_summary()
        # The worker backs off once, tries again by itself, and the second reply lands.
        assert wait_until(lambda: not memory.document().pending_turns())
        assert memory.wait_idle(DEADLINE)
        status = memory.status()
        memory.close()
    assert len(server.chat_requests) == 2
    assert status.consecutive_failures == 0  # a success resets the backoff
    done = memory.document().working_memory.recent_turns[0]
    assert done.summary == "用户问 Optional 的用法。"
    ops = [(e.op, e.outcome, e.reason) for e in memory.journal_entries()]
    assert ("summarize", Outcome.FAILED, "empty_delta") in ops


def test_summarize_now_raises_for_an_empty_delta(repo: Path) -> None:
    backend = ScriptedBackend({})
    with ProjectMemory.open(repo, backend=backend) as memory:
        memory.record_turn("general_chat", "Optional 怎么用？")
        with pytest.raises(InvalidReplyError) as caught:
            memory.summarize_now()
        assert caught.value.reason is Reason.EMPTY_DELTA
        failure = memory.last_failure()
        assert failure is not None and failure.reason == "empty_delta"
        assert len(memory.document().pending_turns()) == 1


def test_a_delta_that_only_summarizes_is_not_empty(repo: Path) -> None:
    # The check is "no operation at all", not "no long-term change": summaries alone land.
    def summaries(request: object) -> dict[str, object]:
        turns = getattr(request, "turns", [])
        return {"turn_summaries": [{"turn_id": t.id, "summary": "问 Optional。"} for t in turns]}

    backend = ScriptedBackend(summaries)
    with ProjectMemory.open(repo, backend=backend) as memory:
        memory.record_turn("general_chat", "Optional 怎么用？")
        report = memory.summarize_now()
        assert report is not None and report.accepted
        assert memory.document().pending_turns() == []
        assert memory.last_failure() is None
