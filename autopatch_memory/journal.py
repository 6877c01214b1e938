"""The bounded journal of every change and every rejection (docs/file-format.md#journal).

One JSON object per line in ``.autopatch-j/memory.journal.jsonl``. When the file
passes :data:`~autopatch_memory.limits.JOURNAL_ROTATE_BYTES` it is rotated to
``memory.journal.1.jsonl`` (replacing the previous rotation), so the journal never
holds more than about twice that. Entries carry ids, operations, reasons and a
short, redacted detail (an error message, the head of an unusable model reply);
a recorded turn's text is never copied into them, and :meth:`Journal.scrub`
(called by a reset) removes every detail.

Appends are lock-free (``O_APPEND``: concurrent lines never overwrite each
other), and each line lands whole or not at all: a write a full disk cuts short is
cut back to its last whole line, the next append starts on a line of its own after
a torn one, and reading skips a line that is not a whole entry.

The store appends the entries of a write *before* it replaces the file, each
stamped with the digest of the file the write produces (``file``) and of the file
it replaces (``prev_file``); :func:`unlanded_writes` tells from these which
journaled writes never reached the disk (a crash between the two steps).
"""

from __future__ import annotations

import hashlib
import os
import sys
import tempfile
from collections import deque
from collections.abc import Iterable
from contextlib import suppress
from enum import Enum
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

# privacy as a module: its rules load at the first redaction, and reading memory never redacts.
from autopatch_memory import limits, privacy
from autopatch_memory.errors import LockTimeoutError, StoreError
from autopatch_memory.ids import Clock, local_now
from autopatch_memory.locking import ProcessLock
from autopatch_memory.model import Timestamp
from autopatch_memory.safe_io import (
    append_lines,
    check_state_dir,
    ensure_state_dir,
    open_append_sized,
    open_no_follow,
    os_errors,
    read_no_follow,
    store_error,
)
from autopatch_memory.text import clip

JOURNAL_FILE_NAME = "memory.journal.jsonl"
USER_ACTOR = "user"
"""The journal's actor for a change the user made directly (an MCP client is ``mcp:<name>``)."""
ROTATED_FILE_NAME = "memory.journal.1.jsonl"
JOURNAL_LOCK_NAME = JOURNAL_FILE_NAME + ".lock"
_TEMP_PREFIX = ".memory.journal."
_TEMP_SUFFIX = ".tmp"
# Every file the journal writes in the state folder (what a purge deletes).
JOURNAL_FILES: tuple[str, ...] = (
    JOURNAL_FILE_NAME,
    ROTATED_FILE_NAME,
    JOURNAL_LOCK_NAME,
    f"{_TEMP_PREFIX}*{_TEMP_SUFFIX}",
)


class Outcome(str, Enum):
    """What happened to the operation a journal entry describes."""

    APPLIED = "applied"  # the file changed
    REJECTED = "rejected"  # a delta operation was refused (see reason)
    FAILED = "failed"  # something went wrong (a model call, a write, a parse)
    RECOVERED = "recovered"  # an unusable file was set aside, or a salvaged one backed up
    DISCARDED = "discarded"  # a result was dropped (stale generation, hard limit)
    TRIMMED = "trimmed"  # the size policy dropped working memory


def _is_none(value: object) -> bool:
    return value is None


class ItemChange(BaseModel):
    """What one write did to one rule or note: the item before and after, as the file
    wrote it (``None``: it did not exist). What ``undo`` restores from."""

    model_config = ConfigDict(extra="ignore", defer_build=True)

    id: str
    before: dict[str, Any] | None = None
    after: dict[str, Any] | None = None


class JournalEntry(BaseModel):
    """One line of the journal."""

    model_config = ConfigDict(extra="ignore", defer_build=True)

    ts: Timestamp
    actor: str  # "record", "summarizer:<backend>", USER_ACTOR, "store", "profile"
    op: str
    target: str | None = None
    outcome: Outcome
    reason: str | None = None
    detail: str | None = None
    # The write this entry belongs to: digests (see file_digest) of the file it
    # produced and of the file it replaced. None for entries that wrote nothing.
    file: str | None = None
    prev_file: str | None = None
    # The redaction rules every text of that file passed (their fingerprint): a file
    # this program wrote under the rules it runs now is not redacted again.
    redaction: str | None = Field(default=None, exclude_if=_is_none)
    # A write that changed rules or notes (op "change"): each item before and after.
    items: list[ItemChange] | None = Field(default=None, exclude_if=_is_none)
    # An undo (op "undo"): the writes (their ``file`` digests) whose changes it reverted.
    undoes: list[str] | None = Field(default=None, exclude_if=_is_none)

    @property
    def is_failure(self) -> bool:
        """A failure the operator should see in ``show``/``doctor``."""
        return self.outcome is Outcome.FAILED

    @property
    def needs_attention(self) -> bool:
        """A failure, or a memory file that was salvaged or set aside."""
        return self.outcome in (Outcome.FAILED, Outcome.RECOVERED)


def file_digest(data: bytes) -> str:
    """A short digest naming one version of the memory file in the journal."""
    return hashlib.sha256(data).hexdigest()[: limits.FILE_DIGEST_HEX_CHARS]


def unlanded_writes(entries: Iterable[JournalEntry], current_file: str | None) -> list[str]:
    """Digests of journaled writes that never reached the disk, oldest first.

    A write landed when the file on disk is the one it produced (``current_file``,
    the digest of the file now, ``None`` when there is none) or when a later
    write replaced it. Anything else was journaled and then lost: the process
    died between the journal append and the file replace (or the file was
    changed outside this program).
    """
    replaced: set[str] = set()
    announced: list[str] = []
    for entry in entries:
        if entry.prev_file is not None:
            replaced.add(entry.prev_file)
        if entry.file is not None and entry.file not in announced:
            announced.append(entry.file)
    return [f for f in announced if f != current_file and f not in replaced]


# Fields the program fills itself (a time, a closed set, digests): they hold no text
# from a conversation, so redaction would only spend time on them. Every other field
# (a new one too) is redacted.
_PROGRAM_MADE_FIELDS = frozenset({"ts", "outcome", "file", "prev_file", "redaction"})
_TEXT_FIELDS = tuple(name for name in JournalEntry.model_fields if name not in _PROGRAM_MADE_FIELDS)


def _line(entry: JournalEntry) -> bytes:
    """The entry as one line of the journal, its text fields redacted."""
    redacted = {}
    for name in _TEXT_FIELDS:
        value = getattr(entry, name)
        if isinstance(value, str) and (clean := privacy.redact(value)) != value:
            redacted[name] = clean
    if redacted:
        entry = entry.model_copy(update=redacted)
    return entry.__pydantic_serializer__.to_json(entry) + b"\n"


def _parse_lines(data: bytes) -> Iterable[JournalEntry]:
    # Lines end at "\n" only: str.splitlines() would also cut at a NEL, U+2028 or a
    # file separator that a JSON string may hold raw, and lose the entry.
    for line in data.decode("utf-8", errors="replace").split("\n"):
        try:
            yield JournalEntry.model_validate_json(line)
        except ValidationError:
            continue


class Journal:
    """Append-only, rotated, redacted JSONL log next to the memory file."""

    def __init__(self, folder: Path, *, clock: Clock = local_now) -> None:
        self.folder = folder
        self.path = folder / JOURNAL_FILE_NAME
        self.rotated_path = folder / ROTATED_FILE_NAME
        self.lock_path = folder / JOURNAL_LOCK_NAME
        self._clock = clock
        self._lock = ProcessLock(self.lock_path)
        # Why the last append failed (None after a success): appends on the write
        # path fail quietly, so the facade and doctor can still say so.
        self.append_error: str | None = None

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
            detail=clip(privacy.redact(detail), limits.JOURNAL_DETAIL_CHARS) if detail else None,
        )

    @os_errors("cannot write the journal")
    def append(self, *entries: JournalEntry, folder_checked: bool = False) -> None:
        """Write ``entries``; raises :class:`StoreError` when the folder is not writable.

        ``folder_checked``: the caller has just made sure the folder exists and is
        no link (the store, under its lock), so it is not checked again.
        """
        if not entries:
            return
        data = b"".join(map(_line, entries))
        try:
            if not folder_checked:
                ensure_state_dir(self.folder)
            # O_APPEND: concurrent appenders never overwrite each other's lines, so
            # appending needs no lock; only the rare rotation takes one.
            fd, size = open_append_sized(self.path, limits.FILE_MODE)
            if size >= limits.JOURNAL_ROTATE_BYTES:
                os.close(fd)
                self._rotate()
                fd, size = open_append_sized(self.path, limits.FILE_MODE)
            self._append(fd, data, size)
        except StoreError as exc:
            self.append_error = str(exc)
            raise
        except OSError as exc:
            error = store_error(f"cannot write the journal {self.path}", exc)
            self.append_error = str(error)
            raise error from exc
        self.append_error = None

    @staticmethod
    def _append(fd: int, data: bytes, size: int) -> None:
        try:
            append_lines(fd, data, size)  # a full disk must not tear a line, nor glue two
        finally:
            os.close(fd)

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

    def stamp_of(self, file: str) -> str | None:
        """The redaction rules' fingerprint stamped on the write that produced the file of
        digest ``file`` (``""`` when it has none), when an entry near the end of the
        journal names that write; ``None`` when none does (or the journal cannot be read):
        then the file is not known to be this program's."""
        try:
            tail = read_no_follow(
                self.path, max_bytes=limits.JOURNAL_WROTE_TAIL_BYTES, tail=True, state=True
            )
        except (OSError, StoreError):
            return None
        # The line of that write's last entry (a later write names it as prev_file).
        at = tail.rfind(f'"file":"{file}"'.encode())
        if at < 0:
            return None
        end = tail.find(b"\n", at)
        line = tail[at : len(tail) if end < 0 else end]
        key = b'"redaction":"'
        start = line.find(key)
        if start < 0:
            return ""
        start += len(key)
        stop = line.find(b'"', start)
        return line[start:stop].decode("ascii", "replace") if stop > 0 else ""

    def _size(self) -> int:
        try:
            return os.lstat(self.path).st_size
        except FileNotFoundError:
            return 0

    def _rotate(self) -> None:
        with self._lock:
            # Re-check under the lock: another process may have rotated already.
            if self._size() >= limits.JOURNAL_ROTATE_BYTES:
                os.replace(self.path, self.rotated_path)

    @os_errors("cannot read the journal")
    def read(self, last: int | None = None) -> list[JournalEntry]:
        """The newest ``last`` entries (all when ``None``), oldest first; bad lines are skipped.

        Each file is read from its tail, at most
        :data:`~autopatch_memory.limits.JOURNAL_MAX_READ_BYTES` of it.
        """
        check_state_dir(self.folder)
        # A count beyond what a deque can bound (``log -n 10**20``) asks for every entry.
        bounded = None if last is None or last >= sys.maxsize else last
        entries: deque[JournalEntry] = deque(maxlen=bounded)
        cap = limits.JOURNAL_MAX_READ_BYTES
        for path in (self.rotated_path, self.path):
            try:
                data = read_no_follow(path, max_bytes=cap, tail=True, state=True)
            except FileNotFoundError:
                continue
            except OSError as exc:
                raise store_error(f"cannot read the journal {path}", exc) from exc
            if len(data) >= cap:  # read from the middle: the first line may be torn
                data = data[data.find(b"\n") + 1 :]
            entries.extend(_parse_lines(data))
        return list(entries)

    def last_failure(self, *, include_recoveries: bool = False) -> JournalEntry | None:
        """The most recent failure, if any (with ``include_recoveries``, also the most
        recent salvaged or set-aside memory file)."""
        for entry in reversed(self.read()):
            if entry.needs_attention if include_recoveries else entry.is_failure:
                return entry
        return None

    # -- reset: no conversation-derived text is left behind ----------------------------

    @os_errors("cannot scrub the journal")
    def scrub(self) -> None:
        """Rewrite both journal files without any ``detail`` (where model replies,
        rejected values and error messages are quoted), keeping times, actors,
        operations, targets (ids), outcomes and reasons.

        Each file is replaced atomically under the rotation lock; a line appended
        by another process while it is rewritten is carried over, scrubbed too.
        Raises :class:`StoreError` when a file cannot be rewritten.
        """
        if not check_state_dir(self.folder):
            return
        try:
            with self._lock:
                for path in (self.rotated_path, self.path):
                    self._scrub_file(path)
        except LockTimeoutError as exc:
            raise StoreError(f"journal lock busy: {exc}") from exc
        except OSError as exc:
            raise store_error(f"cannot scrub the journal {self.path}", exc) from exc

    def _scrub_file(self, path: Path) -> None:
        try:
            fd = open_no_follow(path, state=True)
        except FileNotFoundError:
            return
        with os.fdopen(fd, "rb") as old:
            size = os.fstat(old.fileno()).st_size
            cap = limits.JOURNAL_MAX_READ_BYTES
            if size > cap:  # a planted or runaway file: keep (scrubbed) its tail only
                old.seek(size - cap)
            data = old.read()
            tmp_fd, tmp = tempfile.mkstemp(
                prefix=_TEMP_PREFIX, suffix=_TEMP_SUFFIX, dir=self.folder
            )
            try:
                with os.fdopen(tmp_fd, "wb") as new:
                    new.write(_scrubbed(data))
                    new.flush()
                    os.fsync(new.fileno())
                os.chmod(tmp, limits.FILE_MODE)
                os.replace(tmp, path)
            except BaseException:
                with suppress(OSError):
                    os.unlink(tmp)
                raise
            # Lines another process appended to the old file after we read it.
            late = old.read()
        if late:
            fd, size = open_append_sized(path, limits.FILE_MODE)
            self._append(fd, _scrubbed(late), size)


def _scrubbed(data: bytes) -> bytes:
    """Journal lines without details or item texts; unreadable lines (which may hold
    anything) dropped."""
    return b"".join(
        _line(e.model_copy(update={"detail": None, "items": None})) for e in _parse_lines(data)
    )


def stamp(
    entries: Iterable[JournalEntry], *, file: str, prev_file: str | None, redaction: str | None
) -> None:
    """Mark ``entries`` as belonging to the write that produced ``file``, every text of
    which passed the redaction rules ``redaction`` names."""
    for entry in entries:
        entry.file, entry.prev_file, entry.redaction = file, prev_file, redaction
