"""The only module that touches ``memory.json`` on disk (SPEC §9).

* Every read-modify-write holds a cross-process lock (``memory.json.lock``) for
  the whole cycle, plus a thread lock so threads of one process queue cheaply.
* Writes are atomic and durable: temp file in the same folder, flush + fsync,
  ``os.replace``, fsync of the folder. A crash leaves the old or the new file.
* A corrupt file is moved to ``memory.corrupt.json`` (or a timestamped name); a
  file of another format version to ``memory.v<N>.bak.json``; then memory starts
  empty. Backups are never overwritten or deleted.
* Every string of the document passes :func:`~autopatch_memory.privacy.redact`
  right before it is written: the single secret choke point.
* Before a write that passes the soft limit, working memory is trimmed
  (:mod:`autopatch_memory.budget`); a write that would still pass the hard limit
  is refused with :class:`~autopatch_memory.errors.HardLimitError`.

Reads take no lock (``os.replace`` makes them see a whole file) and reuse the
parsed document while the file's bytes are unchanged.
"""

from __future__ import annotations

import json
import os
import tempfile
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from datetime import datetime
from enum import Enum
from pathlib import Path
from typing import Any, Generic, NamedTuple, TypeVar

from filelock import FileLock, Timeout
from pydantic import BaseModel, ValidationError

from autopatch_memory import limits
from autopatch_memory.budget import trim_to_budget
from autopatch_memory.errors import HardLimitError, LockTimeoutError, StoreError
from autopatch_memory.ids import Clock, local_now
from autopatch_memory.journal import Journal, JournalEntry, Outcome
from autopatch_memory.model import MemoryDocument, empty_document
from autopatch_memory.privacy import redact, scrub
from autopatch_memory.safe_io import (
    STATE_DIR_NAME,
    check_state_dir,
    ensure_state_dir,
    read_no_follow,
)

MEMORY_DIR_NAME = STATE_DIR_NAME
MEMORY_FILE_NAME = "memory.json"
LOCK_FILE_NAME = "memory.json.lock"
_TEMP_PREFIX = ".memory.json."
_TEMP_SUFFIX = ".tmp"

T = TypeVar("T")

# What "no file yet" compares equal to: an empty document as this program writes it.
_EMPTY_FILE = empty_document().to_json().encode("utf-8")

# One thread lock per memory file for the whole process, so that two stores (or
# two ProjectMemory objects) on the same repo also queue up on threads.
_THREAD_LOCKS: dict[Path, threading.Lock] = {}
_THREAD_LOCKS_GUARD = threading.Lock()


def _thread_lock_for(path: Path) -> threading.Lock:
    with _THREAD_LOCKS_GUARD:
        return _THREAD_LOCKS.setdefault(path, threading.Lock())


class LoadProblem(str, Enum):
    """Why a memory file on disk could not be used as it is."""

    CORRUPT = "corrupt"  # not JSON, or not the shape of a memory document
    FOREIGN_VERSION = "foreign_version"  # a memory document of another format version


class Unusable(NamedTuple):
    """A memory file that cannot be used as it is, and why."""

    kind: LoadProblem
    why: str
    version: int | None = None  # the foreign format version

    @property
    def backup_stem(self) -> str:
        """Where the next write moves the file: ``<stem>.json`` (or ``<stem>.<ts>.json``)."""
        if self.kind is LoadProblem.FOREIGN_VERSION:
            return f"memory.v{self.version}.bak"
        return "memory.corrupt"


class Transaction:
    """What an :meth:`MemoryStore.update` callback works on.

    ``doc`` is a private, freshly loaded document: mutate it or assign a new one.
    ``log`` queues journal entries, written under the same lock as the file.
    """

    def __init__(self, doc: MemoryDocument, *, now: datetime, actor: str, journal: Journal) -> None:
        self.doc = doc
        self.now = now
        self.actor = actor
        self._journal = journal
        self.entries: list[JournalEntry] = []

    def log(
        self,
        op: str,
        outcome: Outcome = Outcome.APPLIED,
        *,
        target: str | None = None,
        reason: str | None = None,
        detail: str | None = None,
        actor: str | None = None,
    ) -> None:
        """Queue a journal entry for this transaction."""
        self.entries.append(
            self._journal.entry(
                actor or self.actor, op, outcome, target=target, reason=reason, detail=detail
            )
        )


class UpdateResult(BaseModel, Generic[T]):
    """What an update did."""

    value: T
    changed: bool
    size_bytes: int
    generation: int
    trimmed: int = 0  # how many things the size policy removed or shortened
    recovered: list[JournalEntry] = []  # journal entries of a salvage or move-aside it wrote


def redact_document(doc: MemoryDocument) -> None:
    """Redact every string of ``doc`` in place (the choke point every write passes).

    Generic over the models, so a new text field is covered without a change here.
    Enum values (``type(v) is not str``) hold no free text and are left alone.
    """

    def walk(value: Any) -> Any:
        if type(value) is str:
            return redact(value)
        if isinstance(value, list):
            for i, element in enumerate(value):
                new = walk(element)
                if new is not element:
                    value[i] = new
        elif isinstance(value, BaseModel):
            # Write through __dict__: the value is already validated text.
            fields = value.__dict__
            for name, current in fields.items():
                new = walk(current)
                if new is not current:
                    fields[name] = new
        return value

    walk(doc)


class MemoryStore:
    """Load, lock, trim, redact and atomically write one repository's memory file."""

    def __init__(
        self, repo_root: Path, *, clock: Clock = local_now, journal: Journal | None = None
    ):
        self.repo_root = repo_root
        self.folder = repo_root / MEMORY_DIR_NAME
        self.path = self.folder / MEMORY_FILE_NAME
        self.lock_path = self.folder / LOCK_FILE_NAME
        self.clock = clock
        self.journal = journal or Journal(self.folder, clock=clock)
        self._file_lock = FileLock(
            str(self.lock_path),
            timeout=limits.LOCK_TIMEOUT_SECONDS,
            poll_interval=limits.LOCK_POLL_SECONDS,
        )
        self._thread_lock = _thread_lock_for(self.path.absolute())
        self._cache: tuple[bytes, MemoryDocument] | None = None

    # -- reading -------------------------------------------------------------------

    def read_bytes(self) -> bytes | None:
        """The file's raw bytes, or ``None`` when there is no file yet."""
        check_state_dir(self.folder)
        try:
            return read_no_follow(self.path)
        except FileNotFoundError:
            return None
        except OSError as exc:
            raise StoreError(f"cannot read {self.path}: {exc.strerror or exc}") from exc

    def read(self) -> MemoryDocument:
        """The current document, lock-free. Shared: callers must not mutate it.

        A missing, corrupt or foreign-version file reads as an empty memory; the
        next write moves it to a backup first (see :meth:`update`).
        """
        data = self.read_bytes()
        if data is None:
            return empty_document()
        cached = self._cache
        if cached is not None and cached[0] == data:
            return cached[1]
        doc, problem = parse_document(data)
        if problem is None:
            self._cache = (data, doc)
        return doc

    def problem(self) -> Unusable | None:
        """Why the file on disk is unusable (with a short explanation), or ``None``."""
        data = self.read_bytes()
        if data is None:
            return None
        _, found = parse_document(data)
        return found

    # -- writing -------------------------------------------------------------------

    def update(self, fn: Callable[[Transaction], T], *, actor: str) -> UpdateResult[T]:
        """Run ``fn`` on the current document under the lock and write what changed.

        The file is re-read under the lock, so ``fn`` always sees the latest
        document, never a snapshot taken earlier. Raises :class:`StoreError`
        (:class:`LockTimeoutError`, :class:`HardLimitError`) when nothing could be
        written; the previous file then stays intact.
        """
        self._ensure_folder()
        with self._thread_lock, self._locked():
            self._remove_stale_temp_files()
            recovery: list[JournalEntry] = []
            doc, raw = self._load_for_update(recovery)
            txn = Transaction(doc, now=self.clock(), actor=actor, journal=self.journal)
            value = fn(txn)
            doc = txn.doc
            # The choke point: nothing below (not even the comparison) sees unredacted text.
            redact_document(doc)
            # A file this program wrote is byte-identical to its document's JSON, so
            # comparing with the bytes on disk tells whether ``fn`` changed anything.
            if not recovery and doc.to_json().encode("utf-8") == (raw or _EMPTY_FILE):
                self._journal_quietly(txn.entries)
                return UpdateResult(
                    value=value,
                    changed=False,
                    size_bytes=len(raw or b""),
                    generation=doc.generation,
                )
            doc.updated_at = txn.now
            trimmed = trim_to_budget(doc)
            data = trimmed.data
            trim_entries = [
                self.journal.entry("store", t.op, Outcome.TRIMMED, target=t.target)
                for t in trimmed.actions
            ]
            # Over the hard limit is refused, unless the file on disk (hand-edited,
            # or from another implementation) was bigger still: a shrinking write
            # (say, forgetting items) is how such a file gets back under it.
            if len(data) > limits.HARD_LIMIT_BYTES and len(data) >= len(raw or b""):
                refused = self.journal.entry(
                    actor,
                    "write",
                    Outcome.DISCARDED,
                    reason="hard_limit",
                    detail=f"{len(data)} bytes > {limits.HARD_LIMIT_BYTES}",
                )
                self._journal_quietly([*recovery, refused])
                raise HardLimitError(
                    f"refused a write of {len(data)} bytes (hard limit {limits.HARD_LIMIT_BYTES})"
                )
            self._atomic_write(data)
            # ``doc`` is private to this update: safe to share with lock-free readers.
            self._cache = (data, doc)
            self._journal_quietly([*recovery, *txn.entries, *trim_entries])
            return UpdateResult(
                value=value,
                changed=True,
                size_bytes=len(data),
                generation=doc.generation,
                trimmed=len(trimmed.actions),
                recovered=recovery,
            )

    def reset(self, *, actor: str = "user") -> int:
        """Empty the memory, keeping the file and raising ``generation``; returns it."""

        def clear(txn: Transaction) -> int:
            generation = txn.doc.generation + 1
            txn.doc = empty_document(generation)
            txn.log("reset", target=f"generation:{generation}")
            return generation

        return self.update(clear, actor=actor).value

    # -- internals -------------------------------------------------------------------

    def _ensure_folder(self) -> None:
        ensure_state_dir(self.folder)

    @contextmanager
    def _locked(self) -> Iterator[None]:
        try:
            self._file_lock.acquire()
        except Timeout as exc:
            raise LockTimeoutError(
                f"another process held {self.lock_path} for more than "
                f"{limits.LOCK_TIMEOUT_SECONDS:g} s"
            ) from exc
        except OSError as exc:
            raise StoreError(f"cannot lock {self.lock_path}: {exc.strerror or exc}") from exc
        try:
            yield
        finally:
            self._file_lock.release()

    def _load_for_update(self, recovery: list[JournalEntry]) -> tuple[MemoryDocument, bytes | None]:
        """The document to update and the bytes it came from (``None``: no usable file)."""
        data = self.read_bytes()
        if data is None:
            return empty_document(), None
        doc, found = parse_document(data)
        if found is None:
            return doc, data
        backup = self._backup_name(found.backup_stem)
        try:
            os.replace(self.path, backup)
        except OSError as exc:
            raise StoreError(
                f"cannot back up {self.path} to {backup.name}: {exc.strerror or exc}"
            ) from exc
        self._fsync_folder()
        recovery.append(
            self.journal.entry(
                "store",
                "recover",
                Outcome.RECOVERED,
                target=backup.name,
                reason=found.kind.value,
                detail=found.why,
            )
        )
        return empty_document(), None

    def _backup_name(self, stem: str) -> Path:
        """A backup name that is not taken yet: backups are never overwritten."""
        candidate = self.folder / f"{stem}.json"
        stamp = self.clock().strftime("%Y%m%dT%H%M%S")
        n = 0
        while candidate.exists():
            n += 1
            suffix = stamp if n == 1 else f"{stamp}-{n}"
            candidate = self.folder / f"{stem}.{suffix}.json"
        return candidate

    def _atomic_write(self, data: bytes) -> None:
        fd, tmp = tempfile.mkstemp(prefix=_TEMP_PREFIX, suffix=_TEMP_SUFFIX, dir=self.folder)
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(data)
                fh.flush()
                os.fsync(fh.fileno())
            os.chmod(tmp, limits.FILE_MODE)
            os.replace(tmp, self.path)
        except OSError as exc:
            _unlink_quietly(Path(tmp))
            raise StoreError(f"cannot write {self.path}: {exc.strerror or exc}") from exc
        except BaseException:
            _unlink_quietly(Path(tmp))
            raise
        self._fsync_folder()

    def _fsync_folder(self) -> None:
        try:
            dir_fd = os.open(self.folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
        except OSError:
            return  # platforms without directory fds: the replace is still atomic
        try:
            os.fsync(dir_fd)
        except OSError:
            pass
        finally:
            os.close(dir_fd)

    def _remove_stale_temp_files(self) -> None:
        # Under the lock nobody else is writing: any temp file left is from a crash.
        try:
            for entry in os.scandir(self.folder):
                if entry.name.startswith(_TEMP_PREFIX) and entry.name.endswith(_TEMP_SUFFIX):
                    _unlink_quietly(Path(entry.path))
        except OSError:
            pass

    def _journal_quietly(self, entries: list[JournalEntry]) -> None:
        # The memory file is the asset; a journal that cannot be written (full
        # disk) must not undo or block a write that succeeded.
        with suppress(StoreError):
            self.journal.append(*entries)


def _decode_json(data: bytes) -> Any:
    # utf-8-sig: a file saved by an editor that adds a byte-order mark is still ours.
    return json.loads(data.decode("utf-8-sig"))


def _scrubbed(value: Any) -> Any:
    """The decoded JSON with lone surrogates (``"\\ud800"`` escapes) replaced."""
    if isinstance(value, str):
        return scrub(value)
    if isinstance(value, list):
        return [_scrubbed(v) for v in value]
    if isinstance(value, dict):
        return {scrub(k): _scrubbed(v) for k, v in value.items()}
    return value


def parse_document(data: bytes) -> tuple[MemoryDocument, Unusable | None]:
    """Parse a file's bytes; an unusable file gives an empty document and the problem.

    Never raises for any content: deep nesting and absurd numbers are corruption too.
    """
    try:
        raw = _decode_json(data)
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        return empty_document(), Unusable(LoadProblem.CORRUPT, f"not valid JSON: {exc}")
    if b"\\ud" in data.lower():
        raw = _scrubbed(raw)
    if not isinstance(raw, dict):
        return empty_document(), Unusable(LoadProblem.CORRUPT, "not a JSON object")
    if "version" not in raw:
        return empty_document(), Unusable(LoadProblem.CORRUPT, "no format version")
    version = raw.get("version")
    if (
        isinstance(version, int)
        and not isinstance(version, bool)
        and version != limits.FORMAT_VERSION
    ):
        return empty_document(), Unusable(
            LoadProblem.FOREIGN_VERSION,
            f"format version {version}, this program reads version {limits.FORMAT_VERSION}",
            version,
        )
    try:
        return MemoryDocument.model_validate(raw), None
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        return empty_document(), Unusable(
            LoadProblem.CORRUPT, f"wrong shape at {where}: {first['msg']}"
        )


def _unlink_quietly(path: Path) -> None:
    with suppress(OSError):
        path.unlink()
