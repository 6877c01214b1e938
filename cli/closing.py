"""Closing a repository's memory at the end of a command or a chat.

A summary may be running in the background (a recorded turn triggered it). Closing
waits for it once, visibly and for a bounded time
(:data:`~autopatch_memory.limits.CLI_EXIT_WAIT_SECONDS`); Ctrl-C skips the wait. Then
memory closes without a second wait: a summary still in flight is dropped when its
call returns, and the turns it was summarizing simply stay pending — the next
session summarizes them.
"""

from __future__ import annotations

from autopatch_memory import (
    ProjectMemory,
    StoreError,
    limits,
)

from .console import Console

__all__ = ["finish"]


def _pending_turns(memory: ProjectMemory) -> int:
    try:
        return len(memory.document().pending_turns())
    except StoreError:
        return 0


def finish(
    memory: ProjectMemory,
    console: Console,
    *,
    wait: bool = True,
    seconds: float = limits.CLI_EXIT_WAIT_SECONDS,
) -> None:
    """Close ``memory`` after at most one bounded, visible wait for a summary in flight."""
    if wait and not memory.wait_idle(0):
        try:
            with console.progress(
                f"finishing the memory summary (up to {seconds:g} s, Ctrl-C skips)"
            ):
                memory.wait_idle(seconds)
        except KeyboardInterrupt:
            console.err("")
        if not memory.wait_idle(0):
            pending = _pending_turns(memory)
            if pending:
                turns = "1 turn stays" if pending == 1 else f"{pending} turns stay"
                console.note(f"memory: {turns} pending; the next session summarizes them")
    memory.close(wait=False)
