"""A kit for testing a host that embeds autopatch-memory (and for this library's own tests).

* :class:`ScriptedBackend` — a :class:`~autopatch_memory.SummaryBackend` that
  answers from a script, records every request it saw, can fail, and can hold a
  call until the test releases it (to test what happens while a run is in flight).
* :class:`ScriptedChat` — the same for ``ProjectMemory.open(repo, llm=...)``: a
  chat callable that returns scripted reply texts and records the messages.
* :class:`DocumentBuilder` — a memory document with turns, topics, preferences
  and notes, with valid ids and timestamps, ready to assert on or to write into a
  repository (:meth:`DocumentBuilder.write`).

Nothing here touches the network. Waiting is always bounded: a helper that waits
returns False (or raises ``AssertionError``) instead of hanging a test run.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterable, Sequence
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any, Generic, TypeVar

from autopatch_memory.backends.base import SummaryRequest
from autopatch_memory.delta import delta_from_object, parse_delta
from autopatch_memory.errors import BackendError
from autopatch_memory.ids import new_memory_id, new_topic_id, new_turn_id
from autopatch_memory.intents import IntentType
from autopatch_memory.model import (
    ItemStatus,
    LongTermItem,
    LongTermType,
    MemoryDelta,
    MemoryDocument,
    RepoProfile,
    Source,
    SummaryStatus,
    Topic,
    Turn,
    deep_copy,
    empty_document,
)
from autopatch_memory.prompts import Message
from autopatch_memory.store import MemoryStore, Transaction

__all__ = [
    "DocumentBuilder",
    "ScriptExhaustedError",
    "ScriptedBackend",
    "ScriptedChat",
    "summarize_turns",
]

# How long a held call or a wait may last before the kit gives up: far longer
# than any healthy test needs, short enough that a bug fails instead of hanging.
_WAIT_SECONDS = 30.0

BackendReply = (
    MemoryDelta
    | dict[str, Any]
    | str
    | BaseException
    | Callable[[SummaryRequest], MemoryDelta | dict[str, Any] | str]
)
"""One scripted answer of :class:`ScriptedBackend`: a delta (a model, a dict, or
a raw model reply to parse), an exception to raise, or a function of the request."""

ChatReply = str | dict[str, Any] | MemoryDelta | BaseException | Callable[[list[Message]], str]
"""One scripted answer of :class:`ScriptedChat`: reply text (a dict or a delta is
sent as JSON), an exception to raise, or a function of the messages."""


_R = TypeVar("_R")


class ScriptExhaustedError(BackendError):
    """A scripted double was called more often than its script has replies."""


def summarize_turns(prefix: str = "summary") -> Callable[[SummaryRequest], MemoryDelta]:
    """A reply for :class:`ScriptedBackend` that summarizes every turn of the request
    as ``"<prefix>: <the question's start>"``."""

    def reply(request: SummaryRequest) -> MemoryDelta:
        return MemoryDelta(
            turn_summaries=[
                {"turn_id": turn.id, "summary": f"{prefix}: {turn.user_text[:40]}"}
                for turn in request.turns
            ]
        )

    return reply


class _Script(Generic[_R]):
    """Replies handed out in order, calls counted, an optional hold — thread-safe."""

    def __init__(self, replies: Sequence[_R], default: _R | None) -> None:
        self._replies = list(replies)
        self._default = default
        self._cond = threading.Condition()
        self._calls = 0
        self._held = False

    def next(self, what: str) -> _R:
        with self._cond:
            self._calls += 1
            self._cond.notify_all()
            if not self._cond.wait_for(lambda: not self._held, _WAIT_SECONDS):
                raise AssertionError(f"the test held {what} and never released it")
            if self._replies:
                return self._replies.pop(0)
        if self._default is None:
            raise ScriptExhaustedError(f"{what} was called more often than its script has replies")
        return self._default

    @property
    def calls(self) -> int:
        with self._cond:
            return self._calls

    @property
    def remaining(self) -> int:
        with self._cond:
            return len(self._replies)

    def hold(self) -> None:
        with self._cond:
            self._held = True

    def release(self) -> None:
        with self._cond:
            self._held = False
            self._cond.notify_all()

    def wait_for_calls(self, count: int, timeout: float) -> bool:
        with self._cond:
            return self._cond.wait_for(lambda: self._calls >= count, timeout)


class ScriptedBackend:
    """A summary backend that answers from a script.

    Each call takes the next reply; when the script is used up, ``default`` answers
    every further call (without one, the call raises :class:`ScriptExhaustedError`,
    a :class:`BackendError`, which the worker contains like a model failure).
    ``requests`` lists every request seen, in order.

    :meth:`hold` makes calls wait (after they are counted) until :meth:`release`,
    so a test can act while a run is in flight; :meth:`wait_for_calls` waits until
    the backend has been called a number of times.
    """

    def __init__(
        self, *replies: BackendReply, default: BackendReply | None = None, name: str = "scripted"
    ) -> None:
        self._script: _Script[BackendReply] = _Script(replies, default)
        self._name = name
        self._lock = threading.Lock()
        self._requests: list[SummaryRequest] = []

    @property
    def name(self) -> str:
        """The journal's actor is ``summarizer:<name>``."""
        return self._name

    @property
    def requests(self) -> list[SummaryRequest]:
        """Every request seen so far (a copy), oldest first."""
        with self._lock:
            return list(self._requests)

    @property
    def calls(self) -> int:
        """How many times :meth:`summarize` was called (held calls included)."""
        return self._script.calls

    @property
    def remaining(self) -> int:
        """Scripted replies not used yet."""
        return self._script.remaining

    def hold(self) -> None:
        """Make calls wait until :meth:`release`."""
        self._script.hold()

    def release(self) -> None:
        """Let held and further calls go on."""
        self._script.release()

    def wait_for_calls(self, count: int, timeout: float = _WAIT_SECONDS) -> bool:
        """Wait until at least ``count`` calls began; False on timeout."""
        return self._script.wait_for_calls(count, timeout)

    def summarize(self, request: SummaryRequest) -> MemoryDelta:
        """The next scripted reply, as a delta (or its exception, raised)."""
        with self._lock:
            self._requests.append(request)
        reply = self._script.next(f"the {self._name} backend")
        if isinstance(reply, BaseException):
            raise reply
        if callable(reply):
            reply = reply(request)
        if isinstance(reply, MemoryDelta):
            return reply
        delta, _bad = parse_delta(reply) if isinstance(reply, str) else delta_from_object(reply)
        return delta


class ScriptedChat:
    """A chat callable for ``ProjectMemory.open(repo, llm=...)`` that replies from a script.

    ``calls`` holds the messages of every call. Replies, exhaustion, :meth:`hold`
    and :meth:`wait_for_calls` work as in :class:`ScriptedBackend`.
    """

    def __init__(self, *replies: ChatReply, default: ChatReply | None = None) -> None:
        self._script: _Script[ChatReply] = _Script(replies, default)
        self._lock = threading.Lock()
        self._calls: list[list[Message]] = []

    @property
    def calls(self) -> list[list[Message]]:
        """The messages of every call (copies), oldest first."""
        with self._lock:
            return [list(messages) for messages in self._calls]

    @property
    def remaining(self) -> int:
        """Scripted replies not used yet."""
        return self._script.remaining

    def hold(self) -> None:
        """Make calls wait until :meth:`release`."""
        self._script.hold()

    def release(self) -> None:
        """Let held and further calls go on."""
        self._script.release()

    def wait_for_calls(self, count: int, timeout: float = _WAIT_SECONDS) -> bool:
        """Wait until at least ``count`` calls began; False on timeout."""
        return self._script.wait_for_calls(count, timeout)

    def __call__(self, messages: list[Message]) -> str:
        with self._lock:
            self._calls.append([dict(message) for message in messages])
        reply = self._script.next("the scripted chat model")
        if isinstance(reply, BaseException):
            raise reply
        if callable(reply):
            return reply([dict(message) for message in messages])
        if isinstance(reply, MemoryDelta):
            return reply.model_dump_json()
        if isinstance(reply, dict):
            return json.dumps(reply, ensure_ascii=False)
        return reply


class DocumentBuilder:
    """Builds a valid memory document step by step; every ``add_*`` returns the new id.

    Timestamps start at ``start`` and advance by ``step`` with every item, so
    "newer" means "added later". Ids follow the file's formats.
    """

    def __init__(
        self,
        *,
        start: datetime | None = None,
        step: timedelta = timedelta(minutes=1),
        generation: int = 0,
    ) -> None:
        self._now = start or datetime(2026, 5, 1, 12, 0, tzinfo=timezone(timedelta(hours=8)))
        self._step = step
        self._doc = empty_document(generation)

    def _tick(self) -> datetime:
        self._now += self._step
        return self._now

    def _ids(self) -> set[str]:
        return self._doc.all_ids()

    def add_turn(
        self,
        user_text: str,
        *,
        intent: IntentType = IntentType.GENERAL_CHAT,
        assistant_text: str = "",
        summary: str | None = None,
        scope_paths: Iterable[str] = (),
    ) -> str:
        """A recent turn: pending, or ready when ``summary`` is given."""
        now = self._tick()
        turn = Turn(
            id=new_turn_id(now, self._ids()),
            intent=intent,
            user_text=user_text,
            assistant_text=assistant_text,
            summary=summary or "",
            summary_status=SummaryStatus.READY if summary else SummaryStatus.PENDING,
            scope_paths=list(scope_paths),
            created_at=now,
        )
        self._doc.working_memory.recent_turns.append(turn)
        return turn.id

    def add_topic(self, label: str, summary: str, *, turns: Iterable[str] = ()) -> str:
        """An active topic, related to the given turn ids."""
        now = self._tick()
        topic = Topic(
            id=new_topic_id(now, self._ids()),
            label=label,
            summary=summary,
            related_turn_ids=list(turns),
            last_touched_at=now,
        )
        self._doc.working_memory.active_topics.append(topic)
        return topic.id

    def add_preference(self, label: str, summary: str, *, active: bool = True) -> str:
        """A durable preference (the user's own rule)."""
        return self._add_item(LongTermType.DURABLE_PREFERENCE, label, summary, active)

    def add_note(self, label: str, summary: str, *, active: bool = True) -> str:
        """A project note."""
        return self._add_item(LongTermType.PROJECT_NOTE, label, summary, active)

    def _add_item(self, kind: LongTermType, label: str, summary: str, active: bool) -> str:
        now = self._tick()
        item = LongTermItem(
            id=new_memory_id(now, self._ids()),
            type=kind,
            label=label,
            summary=summary,
            status=ItemStatus.ACTIVE if active else ItemStatus.ARCHIVED,
            source=Source.USER_EXPLICIT
            if kind is LongTermType.DURABLE_PREFERENCE
            else Source.CONVERSATION_SUMMARY,
            created_at=now,
            updated_at=now,
        )
        self._doc.long_term_memory.list_for(kind).append(item)
        return item.id

    def set_profile(self, **facts: Any) -> None:
        """The repo profile (``build_tool``, ``java_version``, ``project_name``, ``modules``...)."""
        self._doc.repo_profile = RepoProfile(**facts, updated_at=self._tick())

    def build(self) -> MemoryDocument:
        """The document so far (a copy: the builder can go on)."""
        return deep_copy(self._doc)

    def write(self, repo_root: str | Path) -> Path:
        """Write the document as ``<repo>/.autopatch-j/memory.json``, the way memory
        writes it (locked, redacted, within budget); returns the file's path."""
        store = MemoryStore(Path(repo_root))
        doc = self.build()

        def replace(txn: Transaction) -> None:
            txn.doc = doc

        store.update(replace, actor="test")
        return store.path
