"""The single background worker of one memory (SPEC §4 "Scheduling").

* Nothing runs until the first request; the worker thread starts lazily.
* A request that arrives while a run is in flight is coalesced: exactly one more
  run follows the current one (a flag, not a queue).
* After a failure the worker backs off, doubling up to a few minutes, so a dead
  model server never sees a storm of calls, then tries again by itself.
  Requests during the backoff wait for it.
* ``close(wait=True)`` lets the run in flight finish (bounded); ``close(wait=False)``
  tells it to drop its result.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from enum import Enum

from autopatch_memory import limits


class RunOutcome(str, Enum):
    """How one drain of the pending turns ended."""

    DONE = "done"  # nothing pending any more (or nothing to do)
    FAILED = "failed"  # a model call failed: back off


class Scheduler:
    """Runs ``drain`` on one daemon thread whenever :meth:`request` is called."""

    def __init__(
        self,
        drain: Callable[[Callable[[], bool]], RunOutcome],
        *,
        name: str = "autopatch-memory-summarizer",
        monotonic: Callable[[], float] = time.monotonic,
    ) -> None:
        """``drain(cancelled)`` summarizes until nothing is pending; it must check
        ``cancelled()`` before applying a result."""
        self._drain = drain
        self._name = name
        self._monotonic = monotonic
        self._cond = threading.Condition()
        self._thread: threading.Thread | None = None
        self._requested = False
        self._running = False
        self._closing = False
        self._drop = False
        self._failures = 0
        self._resume_at = 0.0
        self.runs = 0  # completed drains, for tests and `doctor`

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
            return self._failures > 0 and self._monotonic() < self._resume_at

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
        timed out: the result of the run in flight is dropped when its call
        returns, so nothing is written after ``close`` has returned.
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
            return not thread.is_alive()

    # -- the worker -------------------------------------------------------------------

    def _in_backoff(self) -> bool:
        return self._failures > 0 and self._monotonic() < self._resume_at

    def _cancelled(self) -> bool:
        with self._cond:
            return self._drop

    def _loop(self) -> None:
        while True:
            with self._cond:
                while True:
                    due = self._requested and not self._in_backoff()
                    if self._closing and (self._drop or not due):
                        return  # a last requested run (closing with wait) still goes
                    if due:
                        break
                    wait = self._resume_at - self._monotonic() if self._requested else None
                    self._cond.wait(wait)
                self._requested = False
                self._running = True
            outcome = RunOutcome.FAILED
            try:
                outcome = self._drain(self._cancelled)
            finally:
                with self._cond:
                    self._running = False
                    self.runs += 1
                    if outcome is RunOutcome.FAILED:
                        self._failures += 1
                        delay = min(
                            limits.BACKOFF_INITIAL_SECONDS * 2 ** (self._failures - 1),
                            limits.BACKOFF_MAX_SECONDS,
                        )
                        self._resume_at = self._monotonic() + delay
                        # Retry by itself after the pause: pending turns must
                        # eventually be summarized even if the user goes quiet.
                        self._requested = not self._closing
                    else:
                        self._failures = 0
                    self._cond.notify_all()
