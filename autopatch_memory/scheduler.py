"""The single background worker of one memory (see docs/architecture.md, "How data moves").

* Nothing runs until the first request; the worker thread starts lazily.
* A request that arrives while a run is in flight is coalesced: exactly one more
  run follows the current one (a flag, not a queue).
* After a failure the worker backs off (a :class:`Backoff` policy: doubling up to
  a few minutes), so a dead model server never sees a storm of calls, then tries
  again by itself. Requests during the backoff wait for it.
* ``close(wait=True)`` lets the run in flight finish (bounded); ``close(wait=False)``
  tells it to drop its result. Either way nothing is written after ``close`` has
  returned: a run decides whether its result still lands under the memory lock
  (:class:`RunGuard`), and ``close`` waits only for a write already decided.
* The thread never dies of an exception: ``drain`` is expected to turn every
  failure into :attr:`RunOutcome.FAILED`; should it raise anyway, the exception
  is logged (never printed) and counts as a failed run.
"""

from __future__ import annotations

import logging
import math
import threading
import time
from collections.abc import Callable
from enum import Enum

from pydantic import BaseModel, ConfigDict, Field

from autopatch_memory import limits

_log = logging.getLogger(__name__)


class RunOutcome(str, Enum):
    """How one drain of the pending turns ended."""

    DONE = "done"  # nothing pending any more (or nothing to do)
    FAILED = "failed"  # a model call failed: back off


class Backoff(BaseModel):
    """How long the worker waits after consecutive failed runs.

    The first failure waits ``initial_seconds``; each further one doubles the
    wait, up to ``max_seconds``. A success resets it.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    initial_seconds: float = Field(default=limits.BACKOFF_INITIAL_SECONDS, gt=0)
    max_seconds: float = Field(default=limits.BACKOFF_MAX_SECONDS, gt=0)

    def delay(self, failures: int) -> float:
        """The wait after ``failures`` consecutive failures (``failures`` ≥ 1)."""
        doublings = min(max(failures - 1, 0), limits.BACKOFF_MAX_DOUBLINGS)
        return min(math.ldexp(self.initial_seconds, doublings), self.max_seconds)


class WorkerState(BaseModel):
    """A snapshot of the worker, for :meth:`ProjectMemory.status`."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    running: bool  # a run is in flight
    requested: bool  # a run is due (or held back by the backoff)
    failures: int  # consecutive failed runs (0 after a success)
    retry_in_seconds: float | None  # while backing off: how long until the next try
    runs: int  # completed runs since the memory was opened
    closed: bool


class RunGuard:
    """Whether a run's result is dropped, decided at the last moment.

    Called, it answers "dropped?" (the cheap check a run makes after its model call).
    :meth:`admit` is the binding one: a run calls it under the memory lock right
    before it writes; on ``True`` the run holds the guard until :meth:`release`,
    after its write. :meth:`drop` marks every later result dropped and returns once
    no admitted write is in progress, so after it returns nothing more is written.
    """

    def __init__(self) -> None:
        # Re-entrant: a host callback on the worker thread may close the memory.
        self._gate = threading.RLock()
        self._dropped = False

    def __call__(self) -> bool:
        return self._dropped

    def admit(self) -> bool:
        """True (the guard then held until :meth:`release`) when the result may be written."""
        self._gate.acquire()
        if self._dropped:
            self._gate.release()
            return False
        return True

    def release(self) -> None:
        """End an admitted write."""
        self._gate.release()

    def drop(self) -> None:
        """Drop every result not admitted yet; wait for an admitted write to end."""
        self._dropped = True
        with self._gate:
            pass


NEVER_DROPPED = RunGuard()
"""The guard of a run nobody can cancel (``summarize_now``)."""


class Scheduler:
    """Runs ``drain`` on one daemon thread whenever :meth:`request` is called."""

    def __init__(
        self,
        drain: Callable[[RunGuard], RunOutcome],
        *,
        backoff: Backoff | None = None,
        name: str = "autopatch-memory-summarizer",
        monotonic: Callable[[], float] = time.monotonic,
    ) -> None:
        """``drain(guard)`` summarizes until nothing is pending; it must write a
        result only when ``guard.admit()`` allows it, under the memory lock."""
        self._drain = drain
        self._backoff = backoff or Backoff()
        self._name = name
        self._monotonic = monotonic
        self._cond = threading.Condition()
        self._thread: threading.Thread | None = None
        self._requested = False
        self._running = False
        self._closing = False
        self._drop = False
        self._guard = RunGuard()
        self._failures = 0
        self._resume_at = 0.0
        self._runs = 0

    # -- public ------------------------------------------------------------------

    def request(self) -> None:
        """Ask for a run; returns at once."""
        with self._cond:
            if self._closing:
                return
            self._requested = True
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._loop, name=self._name, daemon=True)
                self._thread.start()
            self._cond.notify_all()

    @property
    def busy(self) -> bool:
        """A run is in flight or requested."""
        with self._cond:
            return self._running or self._requested

    @property
    def backing_off(self) -> bool:
        """The last run failed and the worker is waiting before the next try."""
        with self._cond:
            return self._in_backoff()

    def state(self) -> WorkerState:
        """What the worker is doing now."""
        with self._cond:
            waiting = self._in_backoff()
            return WorkerState(
                running=self._running,
                requested=self._requested,
                failures=self._failures,
                retry_in_seconds=self._resume_at - self._monotonic() if waiting else None,
                runs=self._runs,
                closed=self._closing,
            )

    def wait_idle(self, timeout: float | None = None) -> bool:
        """Wait until no run is in flight or due; False on timeout.

        A request held back by the failure backoff does not count as due: waiting
        for it could take minutes.
        """
        deadline = None if timeout is None else self._monotonic() + timeout
        with self._cond:
            while self._running or (self._requested and not self._in_backoff()):
                remaining = None if deadline is None else deadline - self._monotonic()
                if remaining is not None and remaining <= 0:
                    return False
                self._cond.wait(remaining)
            return True

    def close(self, *, wait: bool = True, timeout: float | None = None) -> bool:
        """Stop the worker; returns True when it has stopped.

        ``wait=True``: the run in flight, and a run requested but not started yet,
        finish first (up to ``timeout``, default a few seconds; a retry held back
        by the failure backoff is not waited for). ``wait=False``, or a wait that
        timed out: the result of the run in flight is dropped. Nothing is written
        after ``close`` has returned: it waits for a write the run already began
        (one write, never a model call or another process's lock).
        """
        with self._cond:
            self._closing = True
            if not wait:
                self._requested = False
                self._drop = True
            self._cond.notify_all()
            thread = self._thread
        if thread is None:
            return True
        if wait:
            thread.join(limits.CLOSE_WAIT_SECONDS if timeout is None else timeout)
        with self._cond:
            if thread.is_alive():
                self._drop = True
            dropping = self._drop
        if dropping:
            self._guard.drop()
        return not thread.is_alive()

    # -- the worker -------------------------------------------------------------------

    def _in_backoff(self) -> bool:
        return self._failures > 0 and self._monotonic() < self._resume_at

    def _next_run(self) -> bool:
        """Wait for a due run and mark it running; False when the worker should stop."""
        with self._cond:
            while True:
                due = self._requested and not self._in_backoff()
                if self._closing and (self._drop or not due):
                    return False  # a last requested run (closing with wait) still goes
                if due:
                    break
                wait = self._resume_at - self._monotonic() if self._requested else None
                self._cond.wait(wait)
            self._requested = False
            self._running = True
            return True

    def _run_once(self) -> RunOutcome:
        try:
            return self._drain(self._guard)
        except Exception:
            # The drain contains every failure it knows of; this is the last line,
            # so that a bug can neither kill the thread nor print to the host's terminal.
            _log.exception("the summary worker's run raised")
            return RunOutcome.FAILED

    def _finish(self, outcome: RunOutcome) -> None:
        with self._cond:
            self._running = False
            self._runs += 1
            if outcome is RunOutcome.FAILED:
                self._failures += 1
                self._resume_at = self._monotonic() + self._backoff.delay(self._failures)
                # Retry by itself after the pause: pending turns must
                # eventually be summarized even if the user goes quiet.
                self._requested = not self._closing
            else:
                self._failures = 0
            self._cond.notify_all()

    def _loop(self) -> None:
        while self._next_run():
            outcome = RunOutcome.FAILED
            try:
                outcome = self._run_once()
            finally:
                self._finish(outcome)  # even on SystemExit: waiters must not hang
