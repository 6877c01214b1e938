"""What the user is told about failures a turn survived or a model call ended with.

Apart from the turn runner (``answer.py``) so that ``record``, which reports a late
memory failure but answers nothing, does not load the intent router with it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from autopatch_memory import (
    BackendAuthError,
    BackendError,
    BackendTimeoutError,
    BackendUnavailableError,
)

if TYPE_CHECKING:  # types only: importing this module loads none of the library's machinery
    from autopatch_memory import JournalEntry, ProjectMemory

__all__ = ["FailureWatch", "describe_failure", "failure_hint", "take_last_error"]


class FailureWatch:
    """Notices failures newly recorded in the journal (e.g. a background summary).

    The journal is first read by :meth:`start`, so a watch that is never started
    (a gated turn) touches nothing. Only failures after the start are reported, once
    each: an old failure does not warn again on every command.
    """

    def __init__(self, memory: ProjectMemory) -> None:
        self._memory = memory
        self._started = False
        self._seen: tuple[Any, ...] | None = None

    @staticmethod
    def _key(entry: JournalEntry | None) -> tuple[Any, ...] | None:
        if entry is None:
            return None
        return (entry.ts, entry.actor, entry.op, entry.reason, entry.detail)

    def start(self) -> None:
        """Take the journal's last failure as the baseline (once)."""
        if not self._started:
            self._started = True
            self._seen = self._key(self._memory.last_failure())

    def new_failure(self) -> JournalEntry | None:
        """The latest failure if it is new since the last call, else None."""
        if not self._started:
            return None
        entry = self._memory.last_failure()
        key = self._key(entry)
        if key is None or key == self._seen:
            return None
        self._seen = key
        return entry


def describe_failure(entry: JournalEntry) -> str:
    """One dim line about a memory failure the user's turn survived."""
    reason = f" ({entry.reason})" if entry.reason else ""
    detail = f": {entry.detail}" if entry.detail else ""
    return f"memory: {entry.actor} {entry.op} failed{reason}{detail} — see `log`"


def take_last_error(memory: ProjectMemory) -> list[str]:
    """The line about the failure memory degraded on in this process (none if none);
    clears it, so that it is told once."""
    failure, memory.last_error = memory.last_error, None
    return [] if failure is None else [f"memory: {failure.operation} failed: {failure.message}"]


def failure_hint(error: BackendError, timeout: float | None) -> str:
    """What to do about a failed model call, in one clause."""
    from autopatch_memory import ENV_API_KEY, ENV_BASE_URL, ENV_TIMEOUT  # the configuration's

    if isinstance(error, BackendTimeoutError):
        waited = f" ({timeout:g} s)" if timeout else ""
        return f"raise {ENV_TIMEOUT} or `timeout` under [llm] to wait longer{waited}"
    if isinstance(error, BackendUnavailableError):
        return f"is the model server running? (`doctor --check-model`; {ENV_BASE_URL})"
    if isinstance(error, BackendAuthError):
        return f"check the key ({ENV_API_KEY})"
    return "nothing was recorded"
