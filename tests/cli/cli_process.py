"""The command line in a process of its own, for the tests that go through the real entry
point (``python -m autopatch_memory_cli``) in the fail-closed environment of conftest."""

from __future__ import annotations

import os
import subprocess
import sys

__all__ = ["DEADLINE_SECONDS", "run_cli"]

DEADLINE_SECONDS = 60  # generous: a loaded 2-core machine


def run_cli(
    *args: str, input: str | None = None, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """Run ``autopatch-memory ARGS``; ``input``: its standard input (else none: an empty
    stream, so that ``ask`` never waits for a pipe)."""
    return subprocess.run(
        [sys.executable, "-m", "autopatch_memory_cli", *args],
        input=input if input is not None else "",
        capture_output=True,
        text=True,
        encoding="utf-8",
        env={**os.environ, "PYTHONIOENCODING": "utf-8", **(env or {})},
        timeout=DEADLINE_SECONDS,
    )
