"""Transactions on the memory file: :class:`MemoryStore` and the cycle under the lock
(docs/design.md#storage-guarantees).

* Every read-modify-write holds a cross-process lock (``memory.json.lock``,
  :class:`~autopatch_memory.locking.ProcessLock`) for the whole cycle, plus a
  thread lock so threads of one process queue cheaply. The file is re-read under
  the lock, so a transaction always sees the latest document.
* The cycle of a write: load under the lock, run the caller's function on a
  copy-on-write copy of the document (:class:`Transaction`), redact what is new
  (the choke point), trim to the budget, check the hard limit, keep the original
  of a file that is not used as it is, journal, then replace. The journal entries
  of a write are appended *before* the replace, stamped with the digests of the new
  and the replaced file, so a crash between the two steps is visible
  (:func:`~autopatch_memory.journal.unlanded_writes`).
* Copy on write: the document read is never changed (readers share it); the
  transaction's copy shares its elements, and an element is changed through a copy
  put in its place (:meth:`Transaction.own`). So what a write did not touch keeps its
  identity, and its text, its redaction and its change record are known unchanged
  without comparing anything.
* A write builds its bytes from what changed: the text of the file this store wrote
  last is cut at its elements and reused for every element the write kept
  (:class:`~autopatch_memory.file_text.FileText`); whatever the store changes
  afterwards (``updated_at``, trims) is patched into that text.

Reads take no lock (``os.replace`` makes them see a whole file) and reuse the
parsed document while the file's bytes are unchanged.
"""

from __future__ import annotations

import os
import threading
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from datetime import datetime
from enum import Enum
from pathlib import Path
from typing import Any, Generic, NamedTuple, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from autopatch_memory import limits
from autopatch_memory.budget import TrimAction, TrimResult, active_long_term_bytes, trim_to_budget
from autopatch_memory.errors import HardLimitError, StoreError
from autopatch_memory.file_text import FileText
from autopatch_memory.ids import Clock, local_now, new_epoch
from autopatch_memory.journal import (
    JOURNAL_FILES,
    USER_ACTOR,
    Journal,
    JournalEntry,
    Outcome,
    file_digest,
    stamp,
)
from autopatch_memory.locking import ProcessLock
from autopatch_memory.model import (
    MemoryDocument,
    Turn,
    deep_copy,
    document_copy,
    element_lists,
    elements,
    empty_document,
)
from autopatch_memory.safe_io import (
    check_state_dir,
    list_state_files,
    os_errors,
    read_no_follow,
    remove_state_files,
    store_error,
)
from autopatch_memory.store.archive import ColdArchive
from autopatch_memory.store.codec import parse_document
from autopatch_memory.store.files import (
    BACKUP_PATTERNS,
    MEMORY_DIR_NAME,
    MEMORY_FILE_NAME,
    RESET_BACKUP_STEM,
    STORE_FILES,
    StoreFiles,
)
from autopatch_memory.store.held_ids import held_ids
from autopatch_memory.store.history import LongTermSnapshot
from autopatch_memory.store.problems import LoadProblem, Unusable
from autopatch_memory.store.redaction import redact_changed, redact_model, redaction_fingerprint

T = TypeVar("T")
_E = TypeVar("_E", bound=BaseModel)

# What "no file yet" compares equal to: an empty document as this program writes it.
_EMPTY_FILE = empty_document().to_bytes()

# One thread lock per memory file for the whole process, so that two stores (or
# two ProjectMemory objects) on the same repo also queue up on threads.
_THREAD_LOCKS: dict[Path, threading.Lock] = {}
_THREAD_LOCKS_GUARD = threading.Lock()


def _thread_lock_for(path: Path) -> threading.Lock:
    with _THREAD_LOCKS_GUARD:
        return _THREAD_LOCKS.setdefault(path, threading.Lock())


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

    ``doc`` is the transaction's own copy of the freshly loaded document (the
    document read stays shared with readers and is never changed): add, remove and
    reorder its elements freely, or assign a new document. Its elements (turns,
    topics, long-term items) and its profile are still the document read's: change
    one only through :meth:`own`, which puts a copy in its place (copy on write).
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
        held_ids: Callable[[], frozenset[str]] | None = None,
    ) -> None:
        self.base = doc  # the document read: shared, never changed
        self.doc = document_copy(doc)
        self.now = now
        self.actor = actor
        self._journal = journal
        self.cold_archive = cold_archive
        self._find_held = held_ids
        self._held: frozenset[str] | None = None
        self.entries: list[JournalEntry] = []
        # The rules and notes as they were before ``fn`` (what the write is compared with).
        self.snapshot = LongTermSnapshot(doc)
        # Texts this write removes from the file go to the cold archive, unless the write
        # keeps them elsewhere (a reset's backup).
        self.keep_lost = True
        # The writes this one reverts (an undo), journaled with its change record.
        self.undoes: list[str] = []
        # The active long-term bytes this write may add over the hard limit: an undo of
        # a reset brings back what the file held before it, however big that was.
        self.restores_long_term_bytes = 0
        # Pending turns this write drops before any summary read them (the turn cap):
        # kept in the cold archive, as the size policy's are.
        self.dropped_unread: list[Turn] = []
        # Copy on write: the ids of the document read's elements (alive as long as it
        # is, so never reused), and the copy made of each one owned.
        self._shared: dict[int, BaseModel] = {id(e): e for e in elements(doc)}
        if doc.repo_profile is not None:
            self._shared[id(doc.repo_profile)] = doc.repo_profile
        self._copies: dict[int, BaseModel] = {}
        self._origins: dict[int, BaseModel] = {}
        # (Tests) everything in the document read, to check it is unchanged at the end.
        self.read_as: list[Any] | None = None

    def own(self, element: _E) -> _E:
        """``element`` (a turn, a topic, a long-term item or the profile of :attr:`doc`)
        as one this transaction may change: itself when it is new or already owned,
        else a copy, which takes its place in :attr:`doc` (and is what every later
        ``own`` of it returns). Never change an element without it: the document read
        is shared."""
        key = id(element)
        if key not in self._shared:
            return element
        copy = self._copies.get(key)
        if copy is None:
            copy = deep_copy(element)
            self._copies[key] = copy
            self._origins[id(copy)] = element
            _put_in_place(self.doc, element, copy)
        return copy  # type: ignore[return-value]

    def is_shared(self, element: BaseModel) -> bool:
        """Whether ``element`` is the document read's own (unchanged, by copy on write)."""
        return self._shared.get(id(element)) is element

    def origin(self, element: BaseModel) -> BaseModel | None:
        """The element of the document read that ``element`` is an owned copy of."""
        return self._origins.get(id(element))

    def ids_in_use(self) -> set[str]:
        """The ids a new rule, note or topic counts past: the document's, and the highest
        of today's ids that the journal, the cold archive or a backup still holds (looked
        up once per transaction, when a new id is first needed: :meth:`MemoryStore.held_ids`
        gives the highest of each kind already)."""
        if self._held is None:
            self._held = self._find_held() if self._find_held is not None else frozenset()
        return self.doc.all_ids() | self._held

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


def _put_in_place(doc: MemoryDocument, old: BaseModel, new: BaseModel) -> None:
    """Put ``new`` where ``doc`` holds ``old`` (by identity); nowhere when it does not."""
    if doc.repo_profile is old:
        doc.repo_profile = new  # type: ignore[assignment]
        return
    for items in element_lists(doc):
        for index, element in enumerate(items):
            if element is old:
                items[index] = new
                return


class ResetResult(BaseModel):
    """What a reset removed, and where the document was kept first."""

    # Its schema is built on first use, not at import (start-up, docs/benchmarks.md).
    model_config = ConfigDict(defer_build=True)

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

    model_config = ConfigDict(defer_build=True)

    value: T
    changed: bool
    size_bytes: int
    generation: int
    trimmed: int = 0  # how many things the size policy removed or shortened
    # The entries of a file this write salvaged (op "salvage") or set aside (op
    # "recover"), both with outcome "recovered": for the facade's events.
    recovered: list[JournalEntry] = Field(default_factory=list)


class _Parsed(NamedTuple):
    """A file's bytes, what they read as, and, when this program wrote it, the
    fingerprint of the redaction rules its texts passed (``""``: not recorded)."""

    data: bytes
    doc: MemoryDocument  # shared: never changed
    problem: Unusable | None
    redaction: str | None  # None: not known to be this program's write


class _Written(NamedTuple):
    """The last file a store wrote: what the next write can take from it."""

    data: bytes
    text: FileText  # its text and the document it was written from (never changed)
    digest: str  # its file_digest, for the next write's journal entries

    @property
    def doc(self) -> MemoryDocument:
        """The document it was written from (shared with readers: never changed)."""
        return self.text.doc


class MemoryStore:
    """Load, lock, trim, redact and atomically write one repository's memory file."""

    # Tests set this: every write then checks that it left the document it read (shared
    # with readers and with the next write) exactly as it was (copy on write).
    check_copy_on_write = False

    def __init__(
        self,
        repo_root: Path,
        *,
        clock: Clock = local_now,
        journal: Journal | None = None,
        fault_hook: Callable[[WritePoint], None] | None = None,
    ):
        """``repo_root`` is resolved to its real path: every file is placed against it.
        ``fault_hook`` is for tests: it is called at each :class:`WritePoint` of
        every write, so a test can crash a process at that exact instant."""
        self.repo_root = Path(os.path.realpath(repo_root))
        self.folder = self.repo_root / MEMORY_DIR_NAME
        self.files = StoreFiles(self.folder, clock=clock)
        self.path = self.files.path
        self.lock_path = self.files.lock_path
        self.clock = clock
        self.journal = journal or Journal(self.folder, clock=clock)
        self.cold_archive = ColdArchive(self.folder)
        self._fault_hook = fault_hook
        self._lock = ProcessLock(self.lock_path)
        self._thread_lock = _thread_lock_for(self.path.absolute())
        self._cache: _Parsed | None = None  # the file read last, and what it reads as
        self._written: _Written | None = None  # the last file this store wrote
        self._digest: tuple[bytes, str] | None = None  # the last digest computed, and of what

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

    @os_errors("cannot read the memory file")
    def inspect(self) -> FileState:
        """The file as found on disk, lock-free, without changing anything.

        The document is shared: callers must not mutate it. Raises
        :class:`StoreError` when the folder or the file cannot be read (a link,
        a FIFO, no permission).
        """
        self.files.folder_stat()
        data, size, problem = self.files.read()
        if data is None:
            return FileState(None, size, empty_document(), problem)
        cached = self._cache
        if cached is None or cached.data != data:
            cached = self._cache = self._parse(data)
        return FileState(data, size, cached.doc, cached.problem)

    def read(self) -> MemoryDocument:
        """The current document, lock-free. Shared: callers must not mutate it.

        A missing, corrupt, foreign-version or oversized file reads as an empty
        memory; a salvaged one without its invalid parts. Nothing is moved or
        rewritten until a write (see :meth:`update`).
        """
        return self.inspect().doc

    def is_redacted(self, doc: MemoryDocument) -> bool:
        """Whether every string of ``doc`` is known to have passed redaction under the
        rules this program runs: ``doc`` is what :meth:`read` gave for a file this store
        wrote, or one whose write the journal stamps with these rules."""
        cached = self._cache
        return cached is not None and cached.doc is doc and _known_redacted(cached)

    def problem(self) -> Unusable | None:
        """Why the file on disk cannot be used as it is (salvaged or unusable), or ``None``."""
        return self.inspect().problem

    @os_errors("cannot inspect the memory folder")
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
            modified_ns = self.files.modified_ns()
        if modified_ns is not None:
            modified = datetime.fromtimestamp(modified_ns // 1_000_000_000).astimezone()
            entry = entry.model_copy(update={"ts": modified})
        return entry

    # -- writing -------------------------------------------------------------------

    @os_errors("cannot write the memory file")
    def update(
        self, fn: Callable[[Transaction], T], *, actor: str, repair: bool = False
    ) -> UpdateResult[T]:
        """Run ``fn`` on the current document under the lock and write what changed.

        The file is re-read under the lock, so ``fn`` always sees the latest
        document, never a snapshot taken earlier. Raises :class:`StoreError`
        (:class:`LockTimeoutError`, :class:`HardLimitError`) when nothing could be
        written; the previous file then stays intact. ``repair``: write even when
        nothing changed if the file on disk has a problem, so that it is handled now
        (salvaged, or set aside with what still parses kept) instead of by the next
        write (``doctor --repair``).
        """
        try:
            with self._thread_lock, self._locked():
                return self._cycle(fn, actor, repair)
        except (OSError, StoreError):
            self._recheck()  # whatever the write path took for granted: check it again
            raise

    def _cycle(self, fn: Callable[[Transaction], T], actor: str, repair: bool) -> UpdateResult[T]:
        """One read-modify-write, under the lock."""
        state, clean = self._load_for_write()
        baseline = self._baseline(state)
        now = self.clock()
        read = state.doc
        if not clean:
            # Another program wrote the file (or it was salvaged): its texts are redacted
            # before the write sees them, so that what the write keeps of them — the
            # cold archive, the journal's change record, a reset's backup — holds no
            # secret in clear, and a text redaction alone changed is no edit. The copy
            # is then known redacted: the choke point redacts only what the write adds.
            read = deep_copy(read)
            redact_model(read)
        txn = Transaction(
            read,
            now=now,
            actor=actor,
            journal=self.journal,
            cold_archive=self.cold_archive,
            held_ids=lambda: self.held_ids(now, damaged=state.data if state.problem else None),
        )
        if self.check_copy_on_write:
            txn.read_as = _fingerprint(read)
        try:
            value = fn(txn)
            # The choke point: the text compared and written is redacted.
            text = self._redacted_text(txn, state)
            if text.data == baseline and not (repair and state.problem is not None):
                self._journal_quietly(txn.entries)
                return UpdateResult(
                    value=value,
                    changed=False,
                    size_bytes=state.size or 0,
                    generation=txn.doc.generation,
                )
            return self._write(state, txn, value, text)
        finally:
            _check_copy_on_write(txn)

    def reset(self, *, actor: str = USER_ACTOR) -> ResetResult:
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
                path = self.files.backup_name(RESET_BACKUP_STEM)
                self.files.atomic_write(path, old.to_bytes())
                backup = path.name
            txn.keep_lost = False  # the backup keeps them
            txn.doc = empty_document(generation, epoch=old.epoch)
            txn.log("reset", target=backup or f"generation:{generation}", detail=removed.describe())
            return removed.model_copy(update={"backup": backup})

        return self.update(clear, actor=actor).value

    def held_ids(self, now: datetime, *, damaged: bytes | None = None) -> frozenset[str]:
        """Of the ids of ``now``'s day that the journal, the cold archive, a backup
        written that day or the ``damaged`` bytes of a file that reads only in part hold,
        the highest of each kind (:mod:`.held_ids`): a new id counts past them, so none
        is issued again."""
        return held_ids(
            now,
            logs=(self.journal.rotated_path, self.journal.path, self.cold_archive.path),
            folder=self.folder,
            backups=BACKUP_PATTERNS,
            damaged=damaged,
        )

    @os_errors("cannot read a backup")
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
        doc, problem = parse_document(data)
        if problem is not None and problem.kind is not LoadProblem.SALVAGED:
            raise StoreError(f"the backup {name} is not a usable memory file ({problem.why})")
        return doc

    @os_errors("cannot purge the memory folder")
    def purge_files(self) -> list[Path]:
        """The files :meth:`purge` deletes, as they are now (by name)."""
        from autopatch_memory.profile.cache import CACHE_FILES  # only a purge needs it

        return list_state_files(self.folder, (*STORE_FILES, *JOURNAL_FILES, *CACHE_FILES))

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
        self.files.ensure_folder()
        try:
            self._lock.acquire()
        except FileNotFoundError:
            # The folder was deleted since (a purge in another process): create it again.
            self.files.ensure_folder(again=True)
            try:
                self._lock.acquire()
            except FileNotFoundError as exc:
                raise store_error(f"cannot lock {self.lock_path}", exc) from exc
        try:
            yield
        finally:
            self._lock.release()

    def _recheck(self) -> None:
        """Forget what the write path checked before (after a failed write, a purge)."""
        self.files.forget_checks()
        self._written = None

    def _load_for_write(self) -> tuple[FileState, bool]:
        """The file as :meth:`inspect` sees it, and whether every string of its document
        is known redacted; temp files a crash left in the folder are swept first.

        The document is shared (the transaction copies on write): the one this store
        wrote last while the file is still that one, the one a lock-free read parsed
        while the bytes are unchanged, else the file parsed now. Known redacted: the
        file this store wrote last, or one the journal says this program wrote (its
        digest is a write's, under the same redaction rules)."""
        folder = self.files.folder_stat()
        self.files.sweep_temp_files(folder)
        data, size, problem = self.files.read()
        if data is None:
            return FileState(None, size, empty_document(), problem), True
        written = self._written
        if written is not None and data == written.data:
            return FileState(data, size, written.doc, None), True
        cached = self._cache
        if cached is None or cached.data != data:
            cached = self._parse(data)
        # else: read lock-free before (the host's context() before its record_turn): what
        # parsing gave then, without parsing (or salvaging) it again.
        state = FileState(data, size, cached.doc, cached.problem)
        return state, _known_redacted(cached)

    def _parse(self, data: bytes) -> _Parsed:
        """What ``data`` (the file on disk) reads as.

        A file this program wrote (the journal names a write that produced it) is read
        as the document it was written from: validated, without the salvage's checks
        (keys written twice, unknown fields, ids given twice), which its writer's
        validation already passed. Any other file is parsed with them all
        (:func:`~autopatch_memory.store.codec.parse_document`).
        """
        redaction = self.journal.stamp_of(self._digest_of(data))
        if redaction is not None:
            try:
                return _Parsed(data, MemoryDocument.model_validate_json(data), None, redaction)
            except ValidationError:
                pass  # not what its digest says: read as any file
        doc, problem = parse_document(data)
        return _Parsed(data, doc, problem, None)

    @staticmethod
    def _baseline(state: FileState) -> bytes:
        """What the document serializes to when the caller changes nothing."""
        if state.data is None:
            return _EMPTY_FILE  # no file: an empty document is no change
        if state.problem is None and state.doc.epoch is not None:
            return state.data  # a file this program wrote is its document's JSON
        # Salvaged, set aside (empty, or what still parses of it), or written by another
        # program (no epoch yet): compare with our serialization of what it reads as,
        # so that a call that changes nothing writes (and moves) nothing.
        return state.doc.to_bytes()

    def _redacted_text(self, txn: Transaction, state: FileState) -> FileText:
        """The transaction's document, every string redacted, and its file text: the
        choke point.

        Every string of the document the transaction read is known redacted (a file
        this program wrote, see :meth:`_load_for_write`; any other was redacted whole
        before the transaction saw it, see :meth:`_cycle`), so only what the transaction
        added or changed is redacted: what it did not touch is the document read's (copy
        on write). The text is derived from the file this store wrote last, when that is
        the file on disk: the text of every element kept is reused.
        """
        doc = txn.doc
        redact_changed(doc, txn)
        written = self._written
        if written is None or state.data != written.data or written.doc is not txn.base:
            return FileText(doc)
        return FileText(doc, copied_from=written.text)

    def _write(
        self, state: FileState, txn: Transaction, value: T, text: FileText
    ) -> UpdateResult[T]:
        doc = txn.doc
        if doc.epoch is None:
            doc.epoch = new_epoch()  # a fresh file, or one another program wrote
            text.set_field("epoch")
        doc.updated_at = txn.now
        text.set_field("updated_at")
        trimmed = trim_to_budget(doc, text, now=txn.now)
        data = trimmed.data
        over_limit = self._check_size(
            doc, trimmed, state, txn.actor, allowed=txn.restores_long_term_bytes
        )
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
            *self._archive_leaving(txn),
        ]
        unread = [
            *txn.dropped_unread,
            *(action.turn for action in trimmed.actions if action.turn is not None),
        ]
        if unread:  # turns dropped before any summary read them
            self.cold_archive.append_turns(unread, now=txn.now, actor=txn.actor)
        stamp(
            entries,
            file=digest,
            prev_file=None if in_place is None else self._digest_of(in_place),
            redaction=redaction_fingerprint(),
        )
        _check_copy_on_write(txn)  # (tests) before anything of this write is on disk
        # Journal first: a crash before the replace leaves entries whose file never
        # landed, which readers can tell (journal.unlanded_writes); never a write
        # the journal does not know about.
        self._journal_quietly(entries)
        self._fault(WritePoint.JOURNALED)
        self.files.replace_memory_file(data)
        self._fault(WritePoint.REPLACED)
        # ``doc`` is private to this update: safe to share with lock-free readers (and
        # with the next write, which copies on write).
        self._cache = _Parsed(data, doc, None, redaction_fingerprint())
        self._written = _Written(data, text, digest)
        return UpdateResult(
            value=value,
            changed=True,
            size_bytes=len(data),
            generation=doc.generation,
            trimmed=len(trimmed.actions),
            recovered=entries[: len(recovered)],
        )

    def _archive_leaving(self, txn: Transaction) -> list[JournalEntry]:
        """Nothing is lost (docs/design.md#nothing-is-lost): a text this write removes
        from the file goes to the cold archive first, and what it did to each rule and
        note becomes a change record in the journal (what ``undo`` restores from).

        Called under the lock after the transaction, the size policy and the
        hard-limit check, before the journal append and the replace (a refused write
        never gets here), so an item is archived exactly when the write that drops it is
        about to land. Raises :class:`StoreError` when the cold archive cannot be
        written: the file is then not written either.
        """
        diff = txn.snapshot.diff(txn.doc, txn.now)
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
        known = self._digest
        if known is not None and known[0] == data:
            return known[1]
        digest = file_digest(data)
        self._digest = (data, digest)
        return digest

    def _check_size(
        self,
        doc: MemoryDocument,
        trimmed: TrimResult,
        state: FileState,
        actor: str,
        *,
        allowed: int = 0,
    ) -> list[JournalEntry]:
        """Raise :class:`HardLimitError` (journaled) for a write over the hard limit;
        the entry that explains an allowed one.

        Allowed over the limit: a write that shrinks the file on disk (hand-edited, or
        from another implementation, bigger still: forgetting items is how it gets
        back under), and a write to a file whose active long-term items alone pass the
        limit that keeps within the size policy's room and does not grow them — the
        user's own rules and notes are never deleted to make room, and recording a
        turn must not fail (docs/file-format.md). ``allowed``: the active long-term bytes
        the write may add (what an undo of a reset brings back).
        """
        size, floor = len(trimmed.data), trimmed.long_term_floor
        if size <= limits.HARD_LIMIT_BYTES:
            return []
        shrinks = size < (state.size or 0)
        if shrinks or (
            floor is not None and size <= trimmed.limit and not _long_term_grew(doc, state, allowed)
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
        kept = self.files.keep_original(problem, state.data)
        if kept.op == "salvage":
            how = "original kept with its secrets redacted" if kept.redacted else "original kept"
            parts = [f"dropped {len(problem.dropped)} invalid part(s), {how}"]
            if problem.dropped:
                parts[0] += f": {problem.left_out}"
            detail = "; ".join([*parts, *problem.notes])
        elif problem.kept:
            # In plain words, what matters first (the entry's detail is clipped).
            lost = f"; lost {len(problem.dropped)}: {problem.left_out}" if problem.dropped else ""
            detail = (
                f"kept what still parses: {problem.kept}; the original is "
                f"{kept.backup.name} ({problem.why}){lost}"
            )
        else:
            detail = problem.why
        return [
            self.journal.entry(
                "store",
                kept.op,
                Outcome.RECOVERED,
                target=kept.backup.name,
                reason=problem.kind.value,
                detail=detail,
            )
        ]

    def _fault(self, point: WritePoint) -> None:
        if self._fault_hook is not None:
            self._fault_hook(point)

    def _journal_quietly(self, entries: list[JournalEntry]) -> None:
        # The memory file is the asset; a journal that cannot be written (full
        # disk) must not undo or block a write. journal.append_error keeps why.
        # Under the lock the folder was just checked (_load_for_write): not again.
        with suppress(StoreError):
            self.journal.append(*entries, folder_checked=True)


def _known_redacted(parsed: _Parsed) -> bool:
    """Every string of the file is known redacted under the rules this program runs."""
    fingerprint = redaction_fingerprint()
    return parsed.problem is None and bool(fingerprint) and parsed.redaction == fingerprint


def _check_copy_on_write(txn: Transaction) -> None:
    """(Tests, see :attr:`MemoryStore.check_copy_on_write`.) Raise when the write changed
    the document it read."""
    if txn.read_as is not None and _fingerprint(txn.base) != txn.read_as:
        raise AssertionError("a write changed the document it read (see Transaction.own)")


def _fingerprint(doc: MemoryDocument) -> list[Any]:
    """Everything in ``doc``, to tell whether it changed (a test's check, see
    :attr:`MemoryStore.check_copy_on_write`)."""
    return [doc.model_dump(), [(id(e), e.model_dump()) for e in elements(doc)]]


def _long_term_grew(doc: MemoryDocument, state: FileState, allowed: int) -> bool:
    """Whether the write's active long-term items take more bytes than the file's on
    disk and the ``allowed`` bytes it may add (what it restores)."""
    before = parse_document(state.data)[0] if state.data is not None else empty_document()
    return active_long_term_bytes(doc) > active_long_term_bytes(before) + allowed
