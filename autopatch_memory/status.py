"""What the facade reports about itself: where its files are, the state of the
memory file, and what the background worker is doing (docs/embedding.md).

Plain typed data: :class:`~autopatch_memory.memory.ProjectMemory` fills these in
(``paths``, ``file_info()``, ``status()``) so that hosts — the command line and
``doctor`` included — never reach into the store or the journal.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from pydantic import BaseModel, ConfigDict

from autopatch_memory.journal import JournalEntry
from autopatch_memory.store import LoadProblem

__all__ = ["FileProblem", "MemoryFileInfo", "MemoryPaths", "MemoryStatus"]


class MemoryPaths(BaseModel):
    """Where one repository's memory lives (nothing is read to tell)."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    repo_root: Path
    folder: Path  # <repo>/.autopatch-j
    memory_file: Path  # memory.json
    lock_file: Path  # memory.json.lock
    journal_file: Path  # memory.journal.jsonl


class FileProblem(BaseModel):
    """Why the memory file on disk cannot be used as it is."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    kind: LoadProblem
    detail: str
    explain: str  # one sentence for the operator: what is wrong, what the next write does
    backup_name: str  # where the next write keeps the original bytes
    dropped: list[str] = []  # the parts left out ("where (id): why")
    # What reading it did besides leaving parts out: copies of a key written twice
    # merged, ids renamed.
    notes: list[str] = []
    kept: str | None = None  # a corrupt file: what of it still parses and is used


class MemoryFileInfo(BaseModel):
    """The memory file as it is on disk now."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    path: Path
    exists: bool
    size_bytes: int  # 0 when there is no file
    modified_ns: int | None  # its mtime, None when there is no file
    digest: str | None = None  # short hash of its bytes (the journal names writes by it)
    problem: FileProblem | None  # None: the file is usable (or absent)


class MemoryStatus(BaseModel):
    """What memory is doing: pending work, the worker, the last failure."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    backend: str  # the summary backend's name, "off" when there is none
    pending_turns: int | None  # turns waiting for a summary; None: the file cannot be read
    run_in_flight: bool  # a summary run is in progress
    run_requested: bool  # a run is due, or held back by the backoff
    backing_off: bool  # the last run failed; the worker waits before trying again
    retry_at: datetime | None  # when it tries again, while backing off
    consecutive_failures: int
    runs: int  # summary runs completed since the memory was opened
    closed: bool
    last_failure: JournalEntry | None  # the newest failure in the journal (any process)
