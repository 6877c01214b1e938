"""The only module that touches ``memory.json`` on disk (docs/design.md#storage-guarantees).

* Every read-modify-write holds a cross-process lock (``memory.json.lock``,
  :class:`~autopatch_memory.locking.ProcessLock`) for the whole cycle, plus a
  thread lock so threads of one process queue cheaply.
* Writes are atomic and durable: temp file in the same folder, write + fsync,
  ``os.replace``, fsync of the folder. A crash leaves the old or the new file.
* The journal entries of a write are appended *before* the replace, stamped with
  the digests of the new and the replaced file, so a crash between the two steps
  is visible (:func:`~autopatch_memory.journal.unlanded_writes`).
* A version-1 file with invalid parts (or fields this version does not know,
  which a write would not carry over) is *salvaged*: each invalid item (or
  field) alone is dropped, and before the first write the original bytes are
  copied to ``memory.salvaged.json`` (or a timestamped name). Only a file that is
  not a JSON object, has another ``version`` or is far larger than this program
  ever writes is set aside (``memory.corrupt.json``, ``memory.v<N>.bak.json``,
  ``memory.oversize.json``) and memory starts empty. Backups are never
  overwritten or deleted. Nothing happens to the file until a write is asked for.
* Every string of the document passes :func:`~autopatch_memory.privacy.redact`
  before it is written: the single secret choke point (see :meth:`MemoryStore.update`
  for the strings it may skip because they already passed it).
* Before a write that passes the soft limit, working memory is trimmed
  (:mod:`autopatch_memory.budget`); a write that would still pass the hard limit
  is refused with :class:`~autopatch_memory.errors.HardLimitError`.
* A write serializes its document once: whatever the store changes afterwards
  (``updated_at``, trims) is patched into that text
  (:class:`~autopatch_memory.file_text.FileText`).

Reads take no lock (``os.replace`` makes them see a whole file) and reuse the
parsed document while the file's bytes are unchanged.
"""

from __future__ import annotations

import codecs
import errno
import itertools
import json
import os
import stat
import threading
from collections import Counter
from collections.abc import Callable, Collection, Iterator
from contextlib import contextmanager, suppress
from datetime import datetime
from enum import Enum
from functools import cache
from pathlib import Path
from typing import Any, Generic, NamedTuple, TypeVar, get_args

from pydantic import BaseModel, ConfigDict, Field, ValidationError

# privacy as a module: its rules load at the first redaction, and reading memory never redacts.
from autopatch_memory import limits, privacy
from autopatch_memory.budget import (
    TrimAction,
    TrimResult,
    active_long_term_bytes,
    trim_to_budget,
)
from autopatch_memory.errors import HardLimitError, StoreError
from autopatch_memory.file_text import FileText
from autopatch_memory.ids import Clock, local_now, new_epoch
from autopatch_memory.cold_archive import COLD_ARCHIVE_FILES, ColdArchive
from autopatch_memory.history import LongTermSnapshot
from autopatch_memory.journal import (
    JOURNAL_FILES,
    Journal,
    JournalEntry,
    Outcome,
    file_digest,
    stamp,
)
from autopatch_memory.locking import ProcessLock, process_id
from autopatch_memory.model import (
    LongTermItem,
    LongTermType,
    MemoryDocument,
    RepoProfile,
    Topic,
    Turn,
    clone,
    empty_document,
)
from autopatch_memory.safe_io import (
    STATE_DIR_NAME,
    check_state_dir,
    create_no_follow,
    ensure_state_dir,
    read_no_follow,
    remove_state_files,
    state_dir_stat,
    write_all,
)

MEMORY_DIR_NAME = STATE_DIR_NAME
MEMORY_FILE_NAME = "memory.json"
LOCK_FILE_NAME = "memory.json.lock"
_TEMP_PREFIX = ".memory.json."
_TEMP_SUFFIX = ".tmp"
# Files the store sets aside instead of losing them (docs/file-format.md): never
# deleted by the program except by a purge.
BACKUP_PATTERNS: tuple[str, ...] = (
    "memory.corrupt*.json",
    "memory.v*.bak*.json",
    "memory.salvaged*.json",
    "memory.oversize*.json",
    "memory.reset*.json",
)
RESET_BACKUP_STEM = "memory.reset"
"""A reset writes the document it empties to ``memory.reset.<time>.json`` first."""
# Every file the store writes in the state folder (what a purge deletes).
STORE_FILES: tuple[str, ...] = (
    MEMORY_FILE_NAME,
    LOCK_FILE_NAME,
    f"{_TEMP_PREFIX}*{_TEMP_SUFFIX}",
    *BACKUP_PATTERNS,
    *COLD_ARCHIVE_FILES,
)

T = TypeVar("T")

# What "no file yet" compares equal to: an empty document as this program writes it.
_EMPTY_FILE = empty_document().to_bytes()

# One thread lock per memory file for the whole process, so that two stores (or
# two ProjectMemory objects) on the same repo also queue up on threads.
_THREAD_LOCKS: dict[Path, threading.Lock] = {}
_THREAD_LOCKS_GUARD = threading.Lock()


def _thread_lock_for(path: Path) -> threading.Lock:
    with _THREAD_LOCKS_GUARD:
        return _THREAD_LOCKS.setdefault(path, threading.Lock())


class LoadProblem(str, Enum):
    """Why a memory file on disk cannot be used exactly as it is."""

    CORRUPT = "corrupt"  # not JSON, not an object, or no usable format version
    FOREIGN_VERSION = "foreign_version"  # a memory document of another format version
    TOO_LARGE = "too_large"  # far larger than this program ever writes: never parsed
    SALVAGED = "salvaged"  # version 1 with invalid parts: those alone are dropped


class DroppedPart(BaseModel):
    """One invalid part of a salvaged file: where it was, its id, and why it was dropped."""

    model_config = ConfigDict(frozen=True)

    where: str  # "working_memory.recent_turns[3]", "repo_profile.build_tool", "generation"
    id: str | None = None
    why: str

    def __str__(self) -> str:
        name = f"{self.where} ({self.id})" if self.id else self.where
        return f"{name}: {self.why}"


class Unusable(NamedTuple):
    """A memory file that cannot be used exactly as it is, and why.

    ``SALVAGED`` files are used (minus ``dropped``); the others read as empty.
    """

    kind: LoadProblem
    why: str
    version: int | None = None  # the foreign format version
    dropped: tuple[DroppedPart, ...] = ()  # what a salvage leaves out

    @property
    def backup_stem(self) -> str:
        """Where the next write keeps the original: ``<stem>.json`` (or ``<stem>.<ts>.json``)."""
        if self.kind is LoadProblem.FOREIGN_VERSION:
            return f"memory.v{self.version}.bak"
        if self.kind is LoadProblem.SALVAGED:
            return "memory.salvaged"
        if self.kind is LoadProblem.TOO_LARGE:
            return "memory.oversize"
        return "memory.corrupt"

    @property
    def explain(self) -> str:
        """One sentence for the operator: what is wrong and what the next write does."""
        if self.kind is LoadProblem.SALVAGED:
            return (
                f"{len(self.dropped)} invalid or unknown part(s) of the memory file are left out "
                f"({self.why}); everything else is used, and the next write keeps the "
                f"original as {self.backup_stem}.json"
            )
        return (
            f"the memory file is unusable ({self.kind.value}: {self.why}); it reads as "
            f"empty and the next write sets it aside as {self.backup_stem}.json"
        )


class FileState(NamedTuple):
    """The memory file as found on disk."""

    data: bytes | None  # None: no file, or one too large to read
    size: int | None  # bytes on disk (None: no file)
    doc: MemoryDocument  # what it reads as
    problem: Unusable | None


class WritePoint(str, Enum):
    """Named instants of a write, for :class:`MemoryStore`'s ``fault_hook``."""

    JOURNALED = "journaled"  # the entries are appended; the file is not replaced yet
    REPLACED = "replaced"  # the new file is in place and durable


class Transaction:
    """What an :meth:`MemoryStore.update` callback works on.

    ``doc`` is a private, freshly loaded document: mutate it or assign a new one.
    ``log`` queues journal entries, written under the same lock as the file.
    """

    def __init__(
        self,
        doc: MemoryDocument,
        *,
        now: datetime,
        actor: str,
        journal: Journal,
        cold_archive: ColdArchive,
    ) -> None:
        self.doc = doc
        self.now = now
        self.actor = actor
        self._journal = journal
        self.cold_archive = cold_archive
        self.entries: list[JournalEntry] = []
        # Texts this write removes from the file go to the cold archive, unless the write
        # keeps them elsewhere (a reset's backup).
        self.keep_lost = True
        # The writes this one reverts (an undo), journaled with its change record.
        self.undoes: list[str] = []

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


class ResetResult(BaseModel):
    """What a reset removed, and where the document was kept first."""

    generation: int
    rules: int = 0
    notes: int = 0
    topics: int = 0
    turns: int = 0
    backup: str | None = None  # the backup's file name in the state folder

    @classmethod
    def counting(cls, doc: MemoryDocument, generation: int) -> ResetResult:
        """The counts of what resetting ``doc`` removes (archived items count too)."""
        ltm, wm = doc.long_term_memory, doc.working_memory
        return cls(
            generation=generation,
            rules=len(ltm.durable_preferences),
            notes=len(ltm.project_notes),
            topics=len(wm.active_topics),
            turns=len(wm.recent_turns),
        )

    @property
    def empty(self) -> bool:
        """Nothing was there to remove."""
        return not (self.rules or self.notes or self.topics or self.turns)

    def describe(self) -> str:
        """``2 rules, 3 notes, 1 topic, 4 turns removed`` (what a user is told)."""
        parts = [
            f"{count} {word}{'' if count == 1 else 's'}"
            for count, word in (
                (self.rules, "rule"),
                (self.notes, "note"),
                (self.topics, "topic"),
                (self.turns, "turn"),
            )
        ]
        return ", ".join(parts) + " removed"


class UpdateResult(BaseModel, Generic[T]):
    """What an update did."""

    value: T
    changed: bool
    size_bytes: int
    generation: int
    trimmed: int = 0  # how many things the size policy removed or shortened
    # The entries of a file this write salvaged (op "salvage") or set aside (op
    # "recover"), both with outcome "recovered": for the facade's events.
    recovered: list[JournalEntry] = Field(default_factory=list)


def redact_document(doc: MemoryDocument) -> bool:
    """Redact every string of ``doc`` in place (the choke point every write passes);
    True when any string changed.

    Generic over the models, so a new text field is covered without a change here.
    Enum values (``type(v) is not str``) hold no free text and are left alone.
    """
    return redact_strings(doc)


def redact_strings(root: BaseModel | list[Any], skip: Collection[int] = ()) -> bool:
    """Redact every string inside ``root`` (models and lists, at any depth) in place,
    except inside the lists or models whose ``id()`` is in ``skip``; True when any
    string changed."""
    changed = False
    stack: list[Any] = [root]
    while stack:
        value = stack.pop()
        # A model is written through __dict__: the value is already validated text.
        slots: dict[Any, Any] | list[Any] = (
            value.__dict__ if isinstance(value, BaseModel) else value
        )
        pairs = slots.items() if isinstance(slots, dict) else enumerate(slots)
        for key, current in pairs:
            if type(current) is str:
                if current:
                    new = privacy.redact(current)
                    if new != current:
                        slots[key] = new
                        changed = True
            elif isinstance(current, (list, BaseModel)) and id(current) not in skip:
                stack.append(current)
    return changed


class _Written(NamedTuple):
    """The last file a store wrote: what the next write can take from it."""

    data: bytes
    text: FileText  # its text and the document it was written from (never mutated)
    digest: str  # its file_digest, for the next write's journal entries
    clean: frozenset[bytes]  # texts of its elements known to be redacted

    @property
    def doc(self) -> MemoryDocument:
        """The document it was written from (shared with readers: never mutated)."""
        return self.text.doc

    @classmethod
    def of(cls, data: bytes, digest: str, text: FileText) -> _Written:
        elements = text.elements() or []
        # Elements the size policy re-serialized after redaction are not known clean.
        clean = frozenset(body for model, body in elements if id(model) not in text.patched)
        return cls(data, text, digest, clean)


# Temp file names: unique in this process, and the pid keeps processes apart.
_TEMP_NAMES = itertools.count()


class MemoryStore:
    """Load, lock, trim, redact and atomically write one repository's memory file."""

    def __init__(
        self,
        repo_root: Path,
        *,
        clock: Clock = local_now,
        journal: Journal | None = None,
        fault_hook: Callable[[WritePoint], None] | None = None,
    ):
        """``fault_hook`` is for tests: it is called at each :class:`WritePoint` of
        every write, so a test can crash a process at that exact instant."""
        self.repo_root = repo_root
        self.folder = repo_root / MEMORY_DIR_NAME
        self.path = self.folder / MEMORY_FILE_NAME
        self.lock_path = self.folder / LOCK_FILE_NAME
        self.clock = clock
        self.journal = journal or Journal(self.folder, clock=clock)
        self.cold_archive = ColdArchive(self.folder)
        self._fault_hook = fault_hook
        self._lock = ProcessLock(self.lock_path)
        self._thread_lock = _thread_lock_for(self.path.absolute())
        self._cache: tuple[bytes, MemoryDocument, Unusable | None] | None = None
        # What the write path checked or did before, so that it is not done again
        # on every write (all re-checked after a write that failed):
        self._folder_ready = False  # .autopatch-j/ was created or found
        self._swept_mtime: int | None = None  # the folder's mtime when it had no temp file
        self._fix_mode: bool | None = None  # whether new files need a chmod to FILE_MODE
        self._written: _Written | None = None  # the last file this store wrote

    # -- reading -------------------------------------------------------------------

    def read_bytes(self) -> bytes | None:
        """The file's raw bytes, or ``None`` when there is no file yet.

        Raises :class:`StoreError` for anything but a readable regular file of at
        most :data:`~autopatch_memory.limits.MEMORY_FILE_MAX_READ_BYTES`.
        """
        state = self.inspect()
        if state.data is None and state.problem is not None:
            raise StoreError(f"{self.path}: {state.problem.why}")
        return state.data

    def inspect(self) -> FileState:
        """The file as found on disk, lock-free, without changing anything.

        The document is shared: callers must not mutate it. Raises
        :class:`StoreError` when the folder or the file cannot be read (a link,
        a FIFO, no permission).
        """
        data, size, problem = self._read_file()
        if data is None:
            return FileState(None, size, empty_document(), problem)
        cached = self._cache
        if cached is not None and cached[0] == data:
            return FileState(data, size, cached[1], cached[2])
        doc, problem = parse_document(data)
        self._cache = (data, doc, problem)
        return FileState(data, size, doc, problem)

    def read(self) -> MemoryDocument:
        """The current document, lock-free. Shared: callers must not mutate it.

        A missing, corrupt, foreign-version or oversized file reads as an empty
        memory; a salvaged one without its invalid parts. Nothing is moved or
        rewritten until a write (see :meth:`update`).
        """
        return self.inspect().doc

    def problem(self) -> Unusable | None:
        """Why the file on disk cannot be used as it is (salvaged or unusable), or ``None``."""
        return self.inspect().problem

    def has_folder(self) -> bool:
        """Whether ``.autopatch-j/`` exists (a link or a file there raises :class:`StoreError`)."""
        return check_state_dir(self.folder)

    def pending_problem(self) -> JournalEntry | None:
        """The problem of the file on disk that no write has handled yet, as an
        (unwritten) journal entry dated by the file's modification time, so the
        same problem always looks the same; ``None`` when the file is fine or
        absent. A file that cannot be read at all is such a problem too."""
        try:
            problem = self.problem()
        except StoreError as exc:
            return self.load_failure("unreadable", str(exc))
        if problem is None:
            return None
        return self.load_failure(problem.kind.value, problem.explain)

    def load_failure(
        self, reason: str, detail: str, modified_ns: int | None = None
    ) -> JournalEntry:
        """The (unwritten) journal entry of a problem the file on disk has, dated by
        its modification time (``modified_ns`` when the caller already has it, else
        looked up), so the same problem always looks the same."""
        entry = self.journal.entry(
            "store", "load", Outcome.FAILED, target=MEMORY_FILE_NAME, reason=reason, detail=detail
        )
        if modified_ns is None:
            with suppress(OSError):
                modified_ns = os.lstat(self.path).st_mtime_ns
        if modified_ns is not None:
            modified = datetime.fromtimestamp(modified_ns // 1_000_000_000).astimezone()
            entry = entry.model_copy(update={"ts": modified})
        return entry

    def _read_file(self) -> tuple[bytes | None, int | None, Unusable | None]:
        """The file's bytes, size and problem (the state folder is checked first)."""
        state_dir_stat(self.folder)
        return self._read_file_unchecked()

    def _read_file_unchecked(self) -> tuple[bytes | None, int | None, Unusable | None]:
        cap = limits.MEMORY_FILE_MAX_READ_BYTES
        try:
            data = read_no_follow(self.path, max_bytes=cap)
        except FileNotFoundError:
            return None, None, None
        except OSError as exc:
            if exc.errno != errno.EFBIG:
                raise StoreError(f"cannot read {self.path}: {exc.strerror or exc}") from exc
            try:
                size: int | None = os.lstat(self.path).st_size
            except OSError:
                size = None
            why = (
                f"{size if size is not None else 'more than ' + str(cap)} bytes, far more than "
                f"the {limits.HARD_LIMIT_BYTES} this program ever writes: not read"
            )
            return None, size, Unusable(LoadProblem.TOO_LARGE, why)
        return data, len(data), None

    # -- writing -------------------------------------------------------------------

    def update(self, fn: Callable[[Transaction], T], *, actor: str) -> UpdateResult[T]:
        """Run ``fn`` on the current document under the lock and write what changed.

        The file is re-read under the lock, so ``fn`` always sees the latest
        document, never a snapshot taken earlier. Raises :class:`StoreError`
        (:class:`LockTimeoutError`, :class:`HardLimitError`) when nothing could be
        written; the previous file then stays intact.
        """
        with self._thread_lock, self._locked():
            state, folder = self._load_private()
            self._sweep_temp_files(folder)
            baseline = self._baseline(state)
            snapshot = LongTermSnapshot(state.doc)
            txn = Transaction(
                state.doc,
                now=self.clock(),
                actor=actor,
                journal=self.journal,
                cold_archive=self.cold_archive,
            )
            value = fn(txn)
            # The choke point: the text compared and written is redacted.
            text = self._redacted_text(txn.doc, state)
            if text.data == baseline:
                self._journal_quietly(txn.entries)
                return UpdateResult(
                    value=value,
                    changed=False,
                    size_bytes=state.size or 0,
                    generation=txn.doc.generation,
                )
            return self._write(state, txn, value, text, snapshot)

    def reset(self, *, actor: str = "user") -> ResetResult:
        """Empty the memory, keeping the file and its epoch and raising ``generation``.

        The document is first written, as it is on disk (redacted), to a backup
        (``memory.reset.<time>.json``), so that ``undo`` can bring it back; the journal
        entry says how much was removed and names the backup."""

        def clear(txn: Transaction) -> ResetResult:
            old = txn.doc
            generation = old.generation + 1
            removed = ResetResult.counting(old, generation)
            backup = None
            if not removed.empty:
                path = self._backup_name(RESET_BACKUP_STEM)
                self._atomic_write(path, old.to_bytes())
                backup = path.name
            txn.keep_lost = False  # the backup keeps them
            txn.doc = empty_document(generation, epoch=old.epoch)
            txn.log("reset", target=backup or f"generation:{generation}", detail=removed.describe())
            return removed.model_copy(update={"backup": backup})

        return self.update(clear, actor=actor).value

    def read_backup(self, name: str) -> MemoryDocument:
        """A reset backup (or any backup this store wrote) by file name, parsed.

        Raises :class:`StoreError` when it is not there or is not a memory file."""
        path = self.folder / name
        if path.parent != self.folder or not name.startswith("memory."):
            raise StoreError(f"not a backup of this memory: {name}")
        try:
            data = read_no_follow(path, max_bytes=limits.MEMORY_FILE_MAX_READ_BYTES)
        except FileNotFoundError:
            raise StoreError(f"the backup {name} is gone") from None
        except OSError as exc:
            raise StoreError(f"cannot read the backup {name}: {exc.strerror or exc}") from exc
        doc, problem = parse_document(data)
        if problem is not None and problem.kind is not LoadProblem.SALVAGED:
            raise StoreError(f"the backup {name} is not a usable memory file ({problem.why})")
        return doc

    def purge(self) -> bool:
        """Delete every file this program keeps in ``.autopatch-j/`` (memory, lock,
        journal, backups, profile cache), and the folder when nothing else is left in
        it; returns False when there was no folder.

        Files of others stay: a host's own files in the folder (the reference host
        keeps its symbol index and review findings there) and ``config.toml``. Never
        anything outside the folder, never through a link. The next write starts a
        fresh file with a new epoch, so a result computed from the deleted file (in
        any process) is discarded. Raises :class:`StoreError` when a file cannot be
        deleted.
        """
        from autopatch_memory.profile.cache import CACHE_FILES  # only a purge needs it

        with self._thread_lock:
            if not check_state_dir(self.folder):
                return False
            # Under the memory lock: no write of this program is half-way through.
            with self._locked():
                removed = remove_state_files(
                    self.folder, (*STORE_FILES, *JOURNAL_FILES, *CACHE_FILES)
                )
            self._cache = None
            self._recheck()
            return removed

    # -- internals -------------------------------------------------------------------

    @contextmanager
    def _locked(self) -> Iterator[None]:
        if not self._folder_ready:
            ensure_state_dir(self.folder)
            self._folder_ready = True
        try:
            self._lock.acquire()
        except FileNotFoundError:
            # The folder was deleted since (a purge in another process): create it again.
            ensure_state_dir(self.folder)
            try:
                self._lock.acquire()
            except FileNotFoundError as exc:
                raise StoreError(f"cannot lock {self.lock_path}: {exc.strerror or exc}") from exc
        try:
            yield
        finally:
            self._lock.release()

    def _recheck(self) -> None:
        """Forget what the write path checked before (after a failed write, a purge)."""
        self._folder_ready = False
        self._swept_mtime = None
        self._fix_mode = None
        self._written = None

    def _load_private(self) -> tuple[FileState, os.stat_result | None]:
        """The file as :meth:`inspect` sees it, with a document private to the caller,
        and the folder's stat (``None``: no folder)."""
        folder = state_dir_stat(self.folder)
        data, size, problem = self._read_file_unchecked()
        if data is None:
            return FileState(None, size, empty_document(), problem), folder
        written = self._written
        if written is not None and data == written.data:
            # The file this store wrote last, unchanged: a copy of the document it wrote
            # is what parsing those bytes gives, at about half the cost.
            doc = clone(written.doc)
            return FileState(data, size, doc, None), folder
        doc, problem = parse_document(data)
        return FileState(data, size, doc, problem), folder

    @staticmethod
    def _baseline(state: FileState) -> bytes:
        """What the document serializes to when the caller changes nothing."""
        if state.data is None or (
            state.problem is not None and state.problem.kind is not LoadProblem.SALVAGED
        ):
            return _EMPTY_FILE  # no usable file: an empty document is no change
        if state.problem is None and state.doc.epoch is not None:
            return state.data  # a file this program wrote is its document's JSON
        # Salvaged, or written by another program (no epoch yet): compare with our
        # serialization of it, so that a call that changes nothing writes nothing.
        return state.doc.to_bytes()

    def _redacted_text(self, doc: MemoryDocument, state: FileState) -> FileText:
        """``doc``'s file text with every string redacted: the choke point.

        An element (a turn, a topic, a long-term item) whose text is byte for byte
        an element of the file this store wrote last, and that file is still the
        one on disk, holds only strings that already passed :func:`redact` (which is
        idempotent): it is skipped. Everything else is redacted. The first write of
        a store, and any write after another process wrote, redacts every string.
        """
        written = self._own_file(state)
        if written is None:
            redact_document(doc)
            return FileText(doc)
        # ``doc`` is usually a copy of the document last written (see _load_private):
        # the texts of the elements it did not change are reused.
        text = FileText(doc, copied_from=written.text)
        elements = text.elements()
        if elements is None:  # a layout FileText does not know: every string
            if redact_document(doc):
                text.rebuild()
            return text
        # Outside the elements (the profile, the scalars): unless it is the written
        # file's, byte for byte.
        if not text.outside_unchanged and redact_strings(
            doc, skip={id(items) for items in text.lists()}
        ):
            text.rebuild()  # a secret outside the elements: serialize again
        for model, body in elements:
            if body not in written.clean and redact_strings(model):
                text.changed(model)
        return text

    def _own_file(self, state: FileState) -> _Written | None:
        """The last write of this store when it is the file on disk (whose element texts
        are known to be redacted); else ``None``."""
        written = self._written
        if written is None or state.problem is not None or state.data != written.data:
            return None
        return written

    def _sweep_temp_files(self, folder: os.stat_result | None) -> None:
        """Remove temp files a crashed write left, unless the folder is unchanged since
        this store last saw it without any (its mtime moves when a file is created)."""
        if folder is None or folder.st_mtime_ns == self._swept_mtime:
            return
        removed = False
        # Under the lock nobody else is writing: any temp file left is from a crash.
        with suppress(OSError):
            for entry in os.scandir(self.folder):
                if entry.name.startswith(_TEMP_PREFIX) and entry.name.endswith(_TEMP_SUFFIX):
                    _unlink_quietly(Path(entry.path))
                    removed = True
        self._swept_mtime = None if removed else folder.st_mtime_ns

    def _write(
        self,
        state: FileState,
        txn: Transaction,
        value: T,
        text: FileText,
        snapshot: LongTermSnapshot,
    ) -> UpdateResult[T]:
        doc = txn.doc
        if doc.epoch is None:
            doc.epoch = new_epoch()  # a fresh file, or one another program wrote
            text.set_field("epoch")
        doc.updated_at = txn.now
        text.set_field("updated_at")
        text.patched.clear()  # from here on, a re-serialized element skipped redaction
        trimmed = trim_to_budget(doc, text)
        data = trimmed.data
        over_limit = self._check_size(doc, trimmed, state, txn.actor)
        history = self._keep_history(snapshot, txn)
        recovered = self._keep_original(state)
        moved_aside = state.problem is not None and state.problem.kind is not LoadProblem.SALVAGED
        in_place = None if state.data is None or moved_aside else state.data
        # Every write leaves a line, even one whose caller logged nothing.
        logged = txn.entries or [self.journal.entry(txn.actor, "write", Outcome.APPLIED)]
        digest = file_digest(data)
        # The entries were made for this write alone: stamped in place, not copied.
        entries = [
            *recovered,
            *logged,
            *self._trim_entries(trimmed.actions),
            *over_limit,
            *history,
        ]
        stamp(
            entries, file=digest, prev_file=None if in_place is None else self._digest_of(in_place)
        )
        # Journal first: a crash before the replace leaves entries whose file never
        # landed, which readers can tell (journal.unlanded_writes); never a write
        # the journal does not know about.
        self._journal_quietly(entries)
        self._fault(WritePoint.JOURNALED)
        # Our own write is the folder's last change: no temp file is left in it.
        self._swept_mtime = self._atomic_write(self.path, data)
        self._fault(WritePoint.REPLACED)
        # ``doc`` is private to this update: safe to share with lock-free readers.
        self._cache = (data, doc, None)
        self._written = _Written.of(data, digest, text)
        return UpdateResult(
            value=value,
            changed=True,
            size_bytes=len(data),
            generation=doc.generation,
            trimmed=len(trimmed.actions),
            recovered=entries[: len(recovered)],
        )

    def _keep_history(self, snapshot: LongTermSnapshot, txn: Transaction) -> list[JournalEntry]:
        """Nothing is lost: texts this write removes from the file go to the cold archive
        first, and what it did to each rule and note becomes a change record in the
        journal (what ``undo`` restores from). Raises :class:`StoreError` when the cold
        archive cannot be written: then the file is not written either."""
        diff = snapshot.diff(txn.doc, txn.now)
        if not diff.changes:
            return []
        if diff.lost and txn.keep_lost:
            self.cold_archive.append(diff.lost, now=txn.now, actor=txn.actor, why="left the file")
        entry = self.journal.entry(
            txn.actor,
            "change",
            Outcome.APPLIED,
            target=",".join(c.id for c in diff.changes[: limits.CHANGE_TARGETS_SHOWN]),
            detail=f"{len(diff.changes)} rule(s) or note(s)",
        )
        entry.items = diff.changes
        entry.undoes = txn.undoes or None
        return [entry]

    def _trim_entries(self, actions: list[TrimAction]) -> list[JournalEntry]:
        """One entry for everything the size policy did in a write: its targets, in
        order, and how many times it took each step (``drop_answer 2, drop_turn 1``)."""
        if not actions:
            return []
        steps = Counter(action.op for action in actions)
        detail = ", ".join(f"{op} {count}" for op, count in steps.items())
        targets = ",".join(dict.fromkeys(action.target for action in actions))
        return [self.journal.entry("store", "trim", Outcome.TRIMMED, target=targets, detail=detail)]

    def _digest_of(self, data: bytes) -> str:
        written = self._written
        if written is not None and data == written.data:
            return written.digest
        return file_digest(data)

    def _check_size(
        self, doc: MemoryDocument, trimmed: TrimResult, state: FileState, actor: str
    ) -> list[JournalEntry]:
        """Raise :class:`HardLimitError` (journaled) for a write over the hard limit;
        the entry that explains an allowed one.

        Allowed over the limit: a write that shrinks the file on disk (hand-edited, or
        from another implementation, bigger still: forgetting items is how it gets
        back under), and a write to a file whose active long-term items alone pass the
        limit that keeps within the size policy's room and does not grow them — the
        user's own rules and notes are never deleted to make room, and recording a
        turn must not fail (docs/file-format.md).
        """
        size, floor = len(trimmed.data), trimmed.long_term_floor
        if size <= limits.HARD_LIMIT_BYTES:
            return []
        shrinks = size < (state.size or 0)
        if shrinks or (
            floor is not None and size <= trimmed.limit and not _long_term_grew(doc, state)
        ):
            if floor is None:
                return []
            how = "over" if floor > limits.HARD_LIMIT_BYTES else "leaving no room for a turn under"
            detail = (
                f"the long-term items alone take {floor} bytes, {how} the "
                f"{limits.HARD_LIMIT_BYTES}-byte hard limit: written at {size} bytes with "
                f"every item kept; forget or edit items to bring it under"
            )
            entry = self.journal.entry(
                "store",
                "over_limit",
                Outcome.APPLIED,
                target=MEMORY_FILE_NAME,
                reason="hard_limit",
                detail=detail,
            )
            return [entry]
        refused = self.journal.entry(
            actor,
            "write",
            Outcome.DISCARDED,
            reason="hard_limit",
            detail=f"{size} bytes > {limits.HARD_LIMIT_BYTES}",
        )
        self._journal_quietly([refused])
        raise HardLimitError(
            f"refused a write of {size} bytes (hard limit {limits.HARD_LIMIT_BYTES})"
        )

    def _keep_original(self, state: FileState) -> list[JournalEntry]:
        """Keep the file about to be replaced when it holds more than its document:
        a salvaged file is copied, an unusable one moved aside. Its journal entries."""
        problem = state.problem
        if problem is None:
            return []
        backup = self._backup_name(problem.backup_stem)
        if problem.kind is LoadProblem.SALVAGED and state.data is not None:
            # A copy: the file in place stays whole until the new one replaces it. It
            # passes the choke point too: a secret the file held in clear (another
            # program wrote it) must not outlive the write that redacts the file.
            kept, redacted = _redacted_original(state.data)
            self._atomic_write(backup, kept)
            shown = "; ".join(str(p) for p in problem.dropped[: limits.SALVAGE_DETAIL_PARTS])
            more = len(problem.dropped) - limits.SALVAGE_DETAIL_PARTS
            how = "original kept with its secrets redacted" if redacted else "original kept"
            detail = f"dropped {len(problem.dropped)} invalid part(s), {how}: {shown}"
            op = "salvage"
            detail += f"; +{more} more" if more > 0 else ""
        else:
            try:
                os.replace(self.path, backup)
            except OSError as exc:
                raise StoreError(
                    f"cannot back up {self.path} to {backup.name}: {exc.strerror or exc}"
                ) from exc
            # Kept byte for byte (this version cannot read it, so it cannot tell what in
            # it is a secret): readable by its owner only (docs/privacy.md).
            with suppress(OSError):
                os.chmod(backup, limits.BACKUP_FILE_MODE)
            self._fsync_folder()
            op, detail = "recover", problem.why
        return [
            self.journal.entry(
                "store",
                op,
                Outcome.RECOVERED,
                target=backup.name,
                reason=problem.kind.value,
                detail=detail,
            )
        ]

    def _backup_name(self, stem: str) -> Path:
        """A backup name that is not taken yet: backups are never overwritten."""
        candidate = self.folder / f"{stem}.json"
        stamp = self.clock().strftime("%Y%m%dT%H%M%S")
        n = 0
        while os.path.lexists(candidate):
            n += 1
            suffix = stamp if n == 1 else f"{stamp}-{n}"
            candidate = self.folder / f"{stem}.{suffix}.json"
        return candidate

    def _atomic_write(self, target: Path, data: bytes) -> int | None:
        """Write ``data`` to ``target`` atomically and durably; returns the folder's
        mtime afterwards (``None`` when unknown)."""
        tmp: Path | None = None
        try:
            fd, tmp = self._create_temp()
            try:
                write_all(fd, data)
                os.fsync(fd)
            finally:
                os.close(fd)
            os.replace(tmp, target)
        except OSError as exc:
            if tmp is not None:
                _unlink_quietly(tmp)
            self._recheck()
            raise StoreError(f"cannot write {target}: {exc.strerror or exc}") from exc
        except BaseException:
            if tmp is not None:
                _unlink_quietly(tmp)
            raise
        return self._fsync_folder()

    def _create_temp(self) -> tuple[int, Path]:
        """A new temp file in the folder, with mode ``FILE_MODE``, and its descriptor."""
        for _ in range(limits.TEMP_NAME_ATTEMPTS):
            path = self.folder / f"{_TEMP_PREFIX}{process_id()}-{next(_TEMP_NAMES)}{_TEMP_SUFFIX}"
            try:
                fd = create_no_follow(path, limits.FILE_MODE)
            except FileExistsError:
                continue  # left by a crashed process that had the same pid
            try:
                if self._fix_mode is None:  # once: does the umask leave FILE_MODE alone?
                    self._fix_mode = stat.S_IMODE(os.fstat(fd).st_mode) != limits.FILE_MODE
                if self._fix_mode:
                    os.chmod(path, limits.FILE_MODE)
            except BaseException:
                os.close(fd)
                _unlink_quietly(path)
                raise
            return fd, path
        raise FileExistsError(errno.EEXIST, "no free temp file name", str(self.folder))

    def _fault(self, point: WritePoint) -> None:
        if self._fault_hook is not None:
            self._fault_hook(point)

    def _fsync_folder(self) -> int | None:
        """Make the folder's entries durable; returns its mtime (``None`` when unknown)."""
        try:
            dir_fd = os.open(self.folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
        except OSError:
            return None  # platforms without directory fds: the replace is still atomic
        try:
            with suppress(OSError):
                os.fsync(dir_fd)
            return os.fstat(dir_fd).st_mtime_ns
        except OSError:
            return None
        finally:
            os.close(dir_fd)

    def _journal_quietly(self, entries: list[JournalEntry]) -> None:
        # The memory file is the asset; a journal that cannot be written (full
        # disk) must not undo or block a write. journal.append_error keeps why.
        # Under the lock the folder was just checked (_load_private): not again.
        with suppress(StoreError):
            self.journal.append(*entries, folder_checked=True)


# --- parsing and salvage ----------------------------------------------------------------


def _decode_json(data: bytes) -> Any:
    # A file saved by an editor that adds a byte-order mark is still ours. (Stripped
    # here: the "utf-8-sig" codec is far slower than plain "utf-8".)
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8) :]
    return json.loads(data.decode("utf-8"))


def _redacted_original(data: bytes) -> tuple[bytes, bool]:
    """A salvaged file's bytes with every string in it (keys too) redacted, and whether
    any was; the bytes themselves when nothing held a secret."""
    try:
        raw = _decode_json(data)
        if not _redact_json(raw):
            return data, False
        return json.dumps(raw, ensure_ascii=False, indent=2).encode("utf-8"), True
    except (UnicodeError, ValueError, RecursionError):
        # Nested too deeply to walk: redact the text itself (still no secret kept).
        text = data.decode("utf-8", "replace")
        redacted = privacy.redact(text)
        return redacted.encode("utf-8"), redacted != text


def _redact_json(root: Any) -> bool:
    """Redact every string of decoded JSON in place (iteratively: any depth); True when
    any changed."""
    changed = False
    stack = [root]
    while stack:
        node = stack.pop()
        pairs = list(node.items()) if isinstance(node, dict) else list(enumerate(node))
        for key, value in pairs:
            if isinstance(value, str) and value:
                new = privacy.redact(value)
                if new != value:
                    node[key] = new
                    changed = True
            elif isinstance(value, (dict, list)):
                stack.append(value)
            if isinstance(key, str) and key:
                new_key = privacy.redact(key)
                if new_key != key:
                    taken = {*node, *(k for k, _ in pairs)}
                    node[_free_key(new_key, taken)] = node.pop(key)
                    changed = True
    return changed


def _free_key(key: str, taken: set[Any]) -> str:
    """``key``, or ``key (2)``, ``key (3)``…: the first name not ``taken``, so two
    secrets that redact alike do not leave one value in place of two."""
    name, count = key, 1
    while name in taken:
        count += 1
        name = f"{key} ({count})"
    return name


def _scrubbed(value: Any) -> Any:
    """The decoded JSON with lone surrogates (``"\\ud800"`` escapes) replaced."""
    if isinstance(value, str):
        return privacy.scrub(value)
    if isinstance(value, list):
        return [_scrubbed(v) for v in value]
    if isinstance(value, dict):
        return {privacy.scrub(k): _scrubbed(v) for k, v in value.items()}
    return value


def parse_document(data: bytes) -> tuple[MemoryDocument, Unusable | None]:
    """Parse a file's bytes into the document it reads as, and its problem if any.

    An unusable file gives an empty document; a version-1 file with invalid parts
    gives the document without them (``LoadProblem.SALVAGED``). Never raises for
    any content: deep nesting and absurd numbers are corruption too.
    """
    if len(data) > limits.MEMORY_FILE_MAX_READ_BYTES:
        return empty_document(), Unusable(
            LoadProblem.TOO_LARGE, f"{len(data)} bytes, far more than this program writes"
        )
    try:
        raw = _decode_json(data)
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        return empty_document(), Unusable(LoadProblem.CORRUPT, f"not valid JSON: {exc}")
    if b"\\ud" in data or b"\\uD" in data:  # escaped surrogates (\uD800-\uDFFF)
        raw = _scrubbed(raw)
    if not isinstance(raw, dict):
        return empty_document(), Unusable(LoadProblem.CORRUPT, "not a JSON object")
    if "version" not in raw:
        return empty_document(), Unusable(LoadProblem.CORRUPT, "no format version")
    version = raw["version"]
    if isinstance(version, float) and version.is_integer():
        # "version": 1.0 (a tool that writes every number as a float) is version 1.
        version = raw["version"] = int(version)
    if not isinstance(version, int) or isinstance(version, bool):
        return empty_document(), Unusable(
            LoadProblem.CORRUPT, f"format version {json.dumps(version)[:40]} is not an integer"
        )
    if version != limits.FORMAT_VERSION:
        return empty_document(), Unusable(
            LoadProblem.FOREIGN_VERSION,
            f"format version {version}, this program reads version {limits.FORMAT_VERSION}",
            version,
        )
    unknown = _unknown_fields(raw)
    try:
        doc = MemoryDocument.model_validate(raw)
    except (ValidationError, RecursionError):
        pass
    else:
        if not _has_duplicate_ids(doc):
            if not unknown:
                return doc, None
            shown = "; ".join(str(p) for p in unknown[: limits.SALVAGE_DETAIL_PARTS])
            return doc, Unusable(LoadProblem.SALVAGED, shown, dropped=tuple(unknown))
    try:
        doc, dropped = _salvage(raw)
    except (ValidationError, RecursionError) as exc:  # pragma: no cover - salvage validates parts
        return empty_document(), Unusable(LoadProblem.CORRUPT, f"wrong shape: {exc}")
    dropped += unknown
    shown = "; ".join(str(p) for p in dropped[: limits.SALVAGE_DETAIL_PARTS])
    return doc, Unusable(LoadProblem.SALVAGED, shown, dropped=tuple(dropped))


_UNKNOWN_FIELD = "a field this version does not know (kept in the backup)"


def _unknown_fields(raw: dict[str, Any]) -> list[DroppedPart]:
    """The keys of ``raw`` (at any level the format has objects) that no model field
    reads: a newer version's or a host's. Validation ignores them, so the next write
    would drop them; reported like an invalid part, they are backed up first."""
    return _unknown_in(raw, MemoryDocument, "")


def _unknown_in(value: dict[str, Any], model: type[BaseModel], where: str) -> list[DroppedPart]:
    """The unknown keys of ``value`` read as ``model``, and of the objects it holds."""
    found = _unknown_keys(value, model, where)
    for key, inner in _nested_models(model):
        child, path = value.get(key), _under(where, key)
        if isinstance(child, dict):
            found += _unknown_in(child, inner, path)
        elif isinstance(child, list):
            for index, element in enumerate(child):
                if isinstance(element, dict):
                    found += _unknown_in(element, inner, f"{path}[{index}]")
    return found


def _under(where: str, key: str) -> str:
    return f"{where}.{key}" if where else key


@cache
def _nested_models(model: type[BaseModel]) -> tuple[tuple[str, type[BaseModel]], ...]:
    """The fields of ``model`` that hold a model (itself, optional, or in a list), read
    from the models, so the walk follows the format wherever it grows."""
    found = []
    for key, info in model.model_fields.items():
        for candidate in (info.annotation, *get_args(info.annotation)):
            if isinstance(candidate, type) and issubclass(candidate, BaseModel):
                found.append((key, candidate))
                break
    return tuple(found)


def _unknown_keys(value: dict[str, Any], model: type[BaseModel], where: str) -> list[DroppedPart]:
    fields = model.model_fields
    if all(key in fields for key in value):
        return []
    return [
        DroppedPart(where=_under(where, key), id=_item_id(value), why=_UNKNOWN_FIELD)
        for key in value
        if key not in fields
    ]


def _has_duplicate_ids(doc: MemoryDocument) -> bool:
    wm, ltm = doc.working_memory, doc.long_term_memory
    count = len(wm.recent_turns) + len(wm.active_topics) + len(ltm.items())
    return len(doc.all_ids()) != count


def _drop_duplicate_ids(lists: list[tuple[str, list[Any]]], dropped: list[DroppedPart]) -> None:
    """Keep the first item of each id: ids name one item (``forget`` of an id held twice
    would archive one copy and leave the other active). Later copies are dropped alone."""
    seen: set[str] = set()
    for where, items in lists:
        kept = []
        for item in items:
            if item.id in seen:
                dropped.append(DroppedPart(where=where, id=item.id, why="duplicate id"))
                continue
            seen.add(item.id)
            kept.append(item)
        items[:] = kept


def _first_error(exc: ValidationError) -> str:
    first = exc.errors()[0]
    where = ".".join(str(p) for p in first["loc"])
    return f"{where}: {first['msg']}" if where else first["msg"]


def _item_id(value: Any) -> str | None:
    found = value.get("id") if isinstance(value, dict) else None
    return found[: limits.MAX_LABEL_CHARS] if isinstance(found, str) else None


_ItemModel = TypeVar("_ItemModel", Turn, Topic, LongTermItem)


def _salvage_list(
    section: dict[str, Any],
    where: str,
    model: type[_ItemModel],
    dropped: list[DroppedPart],
    kind: LongTermType | None = None,
) -> list[_ItemModel]:
    """The valid items of one list; each invalid one is dropped alone."""
    name = where.rsplit(".", 1)[1]
    value = section.get(name)
    if value is None or value == "":
        return []
    if not isinstance(value, list):
        dropped.append(DroppedPart(where=where, why=f"not a list but {type(value).__name__}"))
        return []
    kept: list[_ItemModel] = []
    for index, element in enumerate(value):
        try:
            item = model.model_validate(element)
        except (ValidationError, RecursionError) as exc:
            why = _first_error(exc) if isinstance(exc, ValidationError) else "nested too deeply"
            dropped.append(DroppedPart(where=f"{where}[{index}]", id=_item_id(element), why=why))
            continue
        if kind is not None and isinstance(item, LongTermItem) and item.type is not kind:
            why = f"a {item.type.value} in the {kind.value} list"
            dropped.append(DroppedPart(where=f"{where}[{index}]", id=item.id, why=why))
            continue
        kept.append(item)
    return kept


def _salvage_section(raw: dict[str, Any], name: str, dropped: list[DroppedPart]) -> dict[str, Any]:
    value = raw.get(name)
    if value is None or value == "":
        return {}
    if not isinstance(value, dict):
        dropped.append(DroppedPart(where=name, why=f"not an object but {type(value).__name__}"))
        return {}
    return value


def _salvage_profile(value: Any, dropped: list[DroppedPart]) -> RepoProfile | None:
    """The profile with each invalid field dropped alone (the program re-collects it)."""
    if value is None or value == "":
        return None
    if not isinstance(value, dict):
        dropped.append(
            DroppedPart(where="repo_profile", why=f"not an object but {type(value).__name__}")
        )
        return None
    kept: dict[str, Any] = {}
    for name in RepoProfile.model_fields:
        if name not in value:
            continue
        try:
            RepoProfile.model_validate({name: value[name]})
        except (ValidationError, RecursionError) as exc:
            why = _first_error(exc) if isinstance(exc, ValidationError) else "nested too deeply"
            dropped.append(DroppedPart(where=f"repo_profile.{name}", why=why))
            continue
        kept[name] = value[name]
    return RepoProfile.model_validate(kept)


def _salvage(raw: dict[str, Any]) -> tuple[MemoryDocument, list[DroppedPart]]:
    """A version-1 document from ``raw`` without its invalid parts, and those parts."""
    dropped: list[DroppedPart] = []
    clean: dict[str, Any] = {"version": limits.FORMAT_VERSION}
    for name in ("generation", "epoch", "updated_at"):
        if name not in raw:
            continue
        try:
            MemoryDocument.model_validate({"version": limits.FORMAT_VERSION, name: raw[name]})
        except (ValidationError, RecursionError) as exc:
            why = _first_error(exc) if isinstance(exc, ValidationError) else "nested too deeply"
            dropped.append(DroppedPart(where=name, why=why))
            continue
        clean[name] = raw[name]
    profile = _salvage_profile(raw.get("repo_profile"), dropped)
    working = _salvage_section(raw, "working_memory", dropped)
    long_term = _salvage_section(raw, "long_term_memory", dropped)
    wm, ltm = "working_memory", "long_term_memory"
    turns = _salvage_list(working, f"{wm}.recent_turns", Turn, dropped)
    topics = _salvage_list(working, f"{wm}.active_topics", Topic, dropped)
    preferences = _salvage_list(
        long_term,
        f"{ltm}.durable_preferences",
        LongTermItem,
        dropped,
        LongTermType.DURABLE_PREFERENCE,
    )
    notes = _salvage_list(
        long_term, f"{ltm}.project_notes", LongTermItem, dropped, LongTermType.PROJECT_NOTE
    )
    _drop_duplicate_ids(
        [
            (f"{wm}.recent_turns", turns),
            (f"{wm}.active_topics", topics),
            (f"{ltm}.durable_preferences", preferences),
            (f"{ltm}.project_notes", notes),
        ],
        dropped,
    )
    clean["working_memory"] = {"recent_turns": turns, "active_topics": topics}
    clean["long_term_memory"] = {"durable_preferences": preferences, "project_notes": notes}
    clean["repo_profile"] = profile
    return MemoryDocument.model_validate(clean), dropped


def _long_term_grew(doc: MemoryDocument, state: FileState) -> bool:
    """Whether the write's active long-term items take more bytes than the file's on disk."""
    before = parse_document(state.data)[0] if state.data is not None else empty_document()
    return active_long_term_bytes(doc) > active_long_term_bytes(before)


def _unlink_quietly(path: Path) -> None:
    with suppress(OSError):
        path.unlink()
