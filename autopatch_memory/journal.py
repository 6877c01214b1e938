"""The bounded journal of every change and every rejection (SPEC §9, §13).

One JSON object per line in ``.autopatch-j/memory.journal.jsonl``. When the file
passes :data:`~autopatch_memory.limits.JOURNAL_ROTATE_BYTES` it is rotated to
``memory.journal.1.jsonl`` (replacing the previous rotation), so the journal never
holds more than about twice that. Entries carry ids, operations, reasons and a
short, redacted detail (an error message, the head of an unusable model reply);
a recorded turn's text is never copied into them.
"""

from __future__ import annotations

import json
import os
from collections import deque
from enum import Enum
from pathlib import Path

from filelock import FileLock, Timeout
from pydantic import BaseModel, ConfigDict, ValidationError

from autopatch_memory import limits
from autopatch_memory.errors import StoreError
from autopatch_memory.ids import Clock, local_now
from autopatch_memory.model import Timestamp
from autopatch_memory.privacy import redact
from autopatch_memory.safe_io import check_state_dir, ensure_state_dir, read_no_follow
from autopatch_memory.text import clip

# Never follow a link planted where the journal should be.
_APPEND_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_APPEND | getattr(os, "O_NOFOLLOW", 0)

JOURNAL_FILE_NAME = "memory.journal.jsonl"
ROTATED_FILE_NAME = "memory.journal.1.jsonl"


class Outcome(str, Enum):
    """What happened to the operation a journal entry describes."""

    APPLIED = "applied"  # the file changed
    REJECTED = "rejected"  # a delta operation was refused (see reason)
    FAILED = "failed"  # something went wrong (a model call, a write, a parse)
    RECOVERED = "recovered"  # a corrupt or foreign file was backed up
    DISCARDED = "discarded"  # a result was dropped (stale generation, hard limit)
    TRIMMED = "trimmed"  # the size policy dropped working memory


class JournalEntry(BaseModel):
    """One line of the journal."""

    model_config = ConfigDict(extra="ignore")

    ts: Timestamp
    actor: str  # "record", "summarizer:<backend>", "user", "store", "profile"
    op: str
    target: str | None = None
    outcome: Outcome
    reason: str | None = None
    detail: str | None = None

    @property
    def is_failure(self) -> bool:
        """A failure the operator should see in ``show``/``doctor``."""
        return self.outcome is Outcome.FAILED


class Journal:
    """Append-only, rotated, redacted JSONL log next to the memory file."""

    def __init__(self, folder: Path, *, clock: Clock = local_now) -> None:
        self.folder = folder
        self.path = folder / JOURNAL_FILE_NAME
        self.rotated_path = folder / ROTATED_FILE_NAME
        self._clock = clock
        self._lock = FileLock(
            str(folder / (JOURNAL_FILE_NAME + ".lock")),
            timeout=limits.LOCK_TIMEOUT_SECONDS,
            poll_interval=limits.LOCK_POLL_SECONDS,
        )

    def entry(
        self,
        actor: str,
        op: str,
        outcome: Outcome,
        *,
        target: str | None = None,
        reason: str | None = None,
        detail: str | None = None,
    ) -> JournalEntry:
        """Build an entry stamped now (not yet written)."""
        return JournalEntry(
            ts=self._clock(),
            actor=actor,
            op=op,
            target=target,
            outcome=outcome,
            reason=reason,
            # Redact before clipping: a clipped secret no longer matches its pattern.
            detail=clip(redact(detail), limits.JOURNAL_DETAIL_CHARS) if detail else None,
        )

    def append(self, *entries: JournalEntry) -> None:
        """Write ``entries``; raises :class:`StoreError` when the folder is not writable."""
        if not entries:
            return
        lines = "".join(
            json.dumps(
                {
                    k: redact(v) if isinstance(v, str) else v
                    for k, v in e.model_dump(mode="json").items()
                },
                ensure_ascii=False,
            )
            + "\n"
            for e in entries
        )
        data = lines.encode("utf-8")
        ensure_state_dir(self.folder)
        try:
            self._rotate_if_needed()
            # O_APPEND: concurrent appenders never overwrite each other's lines, so
            # appending needs no lock; only the rare rotation takes one.
            fd = os.open(self.path, _APPEND_FLAGS, limits.FILE_MODE)
            try:
                written = 0
                while written < len(data):  # a short write (a full disk) must not tear a line
                    written += os.write(fd, data[written:])
            finally:
                os.close(fd)
        except Timeout as exc:
            raise StoreError(f"journal lock busy: {exc}") from exc
        except OSError as exc:
            raise StoreError(
                f"cannot write the journal {self.path}: {exc.strerror or exc}"
            ) from exc

    def record(self, actor: str, op: str, outcome: Outcome, **fields: str | None) -> bool:
        """Build (see :meth:`entry`) and append one entry; returns False instead of
        raising when it cannot be written.

        Used on failure paths, where the journal itself may be what is broken
        (a full disk): the caller still reports the failure in other ways.
        """
        try:
            self.append(self.entry(actor, op, outcome, **fields))
        except StoreError:
            return False
        return True

    def _size(self) -> int:
        try:
            return self.path.stat().st_size
        except FileNotFoundError:
            return 0

    def _rotate_if_needed(self) -> None:
        if self._size() < limits.JOURNAL_ROTATE_BYTES:
            return
        with self._lock:
            # Re-check under the lock: another process may have rotated already.
            if self._size() >= limits.JOURNAL_ROTATE_BYTES:
                os.replace(self.path, self.rotated_path)

    def read(self, last: int | None = None) -> list[JournalEntry]:
        """The newest ``last`` entries (all when ``None``), oldest first; bad lines are skipped."""
        check_state_dir(self.folder)
        entries: deque[JournalEntry] = deque(maxlen=last)
        for path in (self.rotated_path, self.path):
            try:
                text = read_no_follow(path).decode("utf-8", errors="replace")
                for line in text.splitlines():
                    try:
                        entries.append(JournalEntry.model_validate_json(line))
                    except ValidationError:
                        continue
            except FileNotFoundError:
                continue
            except OSError as exc:
                raise StoreError(f"cannot read the journal {path}: {exc.strerror or exc}") from exc
        return list(entries)

    def last_failure(self) -> JournalEntry | None:
        """The most recent failure, if any."""
        return next((e for e in reversed(self.read()) if e.is_failure), None)
