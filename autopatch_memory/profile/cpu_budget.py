"""CPU-time budgets: how long one parse, and one whole collection, may run (docs/profile.md).

Every parser is linear in its input, and every input is capped in bytes before it
is parsed; the budget is the last line of defence against a shape nobody thought
of: a parse that runs past :data:`~autopatch_memory.limits.PROFILE_PARSE_CPU_SECONDS`
stops where it is and says so, and a collection that runs past
:data:`~autopatch_memory.limits.PROFILE_COLLECT_CPU_SECONDS` reads no further file.
The time is the calling thread's CPU time: waiting for a core on a busy machine
costs the parser nothing, and a collection in a background thread is not charged
for the host's work.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator
from typing import TypeVar

from autopatch_memory import limits

_T = TypeVar("_T")
# The clock is a system call (~0.2 µs): read once every this many checks.
_CHECK_EVERY = 16


class CpuBudget:
    """The CPU time a piece of work may still take; spent for good once it is over."""

    def __init__(self, seconds: float | None = None) -> None:
        allowed = limits.PROFILE_PARSE_CPU_SECONDS if seconds is None else seconds
        self.seconds = allowed
        self._deadline = time.thread_time() + allowed
        self._calls = 0
        self.exhausted = False

    def spent(self) -> bool:
        """True once the budget is spent (the clock is read every few calls)."""
        if self.exhausted:
            return True
        self._calls += 1
        if self._calls % _CHECK_EVERY == 0 and time.thread_time() > self._deadline:
            self.exhausted = True
        return self.exhausted

    def spent_now(self) -> bool:
        """:meth:`spent`, reading the clock now (between costly steps)."""
        if not self.exhausted and time.thread_time() > self._deadline:
            self.exhausted = True
        return self.exhausted

    def bounded(self, items: Iterable[_T]) -> Iterator[_T]:
        """``items`` until the budget is spent (the clock read every few items)."""
        if self.exhausted:
            return
        countdown = _CHECK_EVERY
        for item in items:
            # Inlined, not `spent()`: this wraps every scan of every build file.
            countdown -= 1
            if not countdown:
                if self.spent_now():
                    return
                countdown = _CHECK_EVERY
            yield item


def parse_budget(budget: CpuBudget | None) -> CpuBudget:
    """``budget``, or a fresh one of :data:`~autopatch_memory.limits.PROFILE_PARSE_CPU_SECONDS`."""
    return budget if budget is not None else CpuBudget()
