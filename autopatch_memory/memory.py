"""``ProjectMemory``: the one facade a host uses (docs/embedding.md).

Every public method checks the intent gate *before* it touches anything: a gated
intent (audit, patch) returns an empty context or records nothing without the
memory file even being opened. Storage failures never break the host's turn:
they are journaled, kept in :attr:`ProjectMemory.last_error`, and the call
degrades (an empty context, no turn id). Programming errors are not swallowed.

Opening memory is quiet: it reads no environment variable and no config file
(pass :class:`~autopatch_memory.config.MemorySettings`, or build them with
``MemorySettings.from_env``), calls no model, and writes nothing to the memory
file. The repo profile it collects is kept in memory — :meth:`ProjectMemory.context`
uses it at once — and stored by the next write the host asks for.

Opening is also cheap to import: the machinery of the operations that change memory
or read a question — the applier and the directive grammar under governance and the
summarizer, the context builder, the build-file parsers of the profile — is imported
by the method that runs it. A command that only shows memory (``show``, ``log``)
never loads it.
"""

from __future__ import annotations

import os
import posixpath
import re
import stat
import threading
from collections.abc import Callable, Iterable
from datetime import timedelta
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

from pydantic import BaseModel, ConfigDict

# privacy as a module: its rules load at the first redaction, and reading memory never redacts.
from autopatch_memory import limits, privacy
from autopatch_memory.apply_report import ApplyReport, discarded_report
from autopatch_memory.backends.base import ChatModel, SummaryBackend
from autopatch_memory.changes import ChangeAction, ChangeOutcome, MemoryChange
from autopatch_memory.config import MemorySettings, make_backend
from autopatch_memory.errors import (
    ChangeRejectedError,
    ConfigError,
    DeltaParseError,
    ItemNotFoundError,
    StoreError,
)
from autopatch_memory.events import EventCallback, EventKind, EventSink
from autopatch_memory.exchange import (
    ExportFormat,
    ExportOrigin,
    ImportReport,
    export_json,
    export_markdown,
    export_origin,
    parse_import,
)
from autopatch_memory.ids import Clock, local_now, new_turn_id
from autopatch_memory.intents import IntentType, memory_access, parse_intent
from autopatch_memory.journal import (
    USER_ACTOR,
    JournalEntry,
    Outcome,
    file_digest,
    unlanded_writes,
)
from autopatch_memory.model import (
    ItemStatus,
    LongTermItem,
    LongTermType,
    MemoryDelta,
    MemoryDocument,
    RepoProfile,
    Turn,
    conflicting_pairs,
    deep_copy,
    document_copy,
)
from autopatch_memory.reasons import Reason
from autopatch_memory.safe_io import store_error
from autopatch_memory.scheduler import Backoff, Scheduler
from autopatch_memory.status import FileProblem, MemoryFileInfo, MemoryPaths, MemoryStatus
from autopatch_memory.store import (
    RESET_BACKUP_STEM,
    FileState,
    MemoryStore,
    ResetResult,
    Transaction,
    UpdateResult,
    redact_text,
)
from autopatch_memory.text import clean_output, clean_text, clip
from autopatch_memory.triggers import Trigger, signal_trigger, size_trigger, state_triggers
from autopatch_memory.undo import UndoReport, undoable

if TYPE_CHECKING:
    from autopatch_memory.context import MemoryContext
    from autopatch_memory.editing import EditPlan
    from autopatch_memory.profile import ProfileReport
    from autopatch_memory.search import ItemHistory, SearchHit
    from autopatch_memory.summarizer import Summarizer

_T = TypeVar("_T")

BackendSpec = SummaryBackend | str | None
"""``None`` (from the settings), a backend name (``"auto"``, ``"openai"``,
``"heuristic"``, ``"off"``), or a backend object."""

HostModel = ChatModel | SummaryBackend
"""What ``llm=`` accepts: a chat callable (messages → text) or a ``SummaryBackend``."""

RECORD_ACTOR = "record"
"""The journal's actor for a recorded turn, unless the host names itself."""


def _require_text(**values: object) -> None:
    """Raise ``TypeError`` naming the first of ``values`` that is not a ``str``: a host's
    ``None`` gets that message instead of an error from deep inside."""
    for name, value in values.items():
        if not isinstance(value, str):
            raise TypeError(f"{name} must be str, not {type(value).__name__}")


def _stored_text(text: str, limit: int) -> str:
    """Recorded text: cleaned, redacted, then clipped to ``limit`` (newlines kept, cut marked).

    A generous first cut keeps a pasted 10 MB log from costing seconds of regex
    work. It falls on whitespace, so it never leaves the unrecognisable head of a
    token behind for redaction to miss. Escape sequences, control and invisible
    characters go (a pasted terminal log must not replay itself when memory is shown).
    """
    text = text.strip()
    rough_limit = limit * limits.PRE_REDACTION_CLIP_FACTOR
    if len(text) > rough_limit:
        text = text[:rough_limit].rsplit(None, 1)[0]
    return clip(redact_text(clean_text(text, single_line=False).strip()), limit)


class Failure(BaseModel):
    """The last thing that went wrong in this process (also in the journal)."""

    # Its schema is built on first use, not at import (start-up, docs/benchmarks.md).
    model_config = ConfigDict(defer_build=True)

    operation: str
    message: str


def _resolve_backend(
    backend: BackendSpec, llm: HostModel | None, settings: MemorySettings
) -> SummaryBackend | None:
    """The summary backend: the host's model, a backend object or name, else the settings'."""
    if llm is not None:
        if backend is not None:
            raise ConfigError("give the host's model as llm= or a backend as backend=, not both")
        if isinstance(llm, SummaryBackend):
            return llm
        if callable(llm):
            from autopatch_memory.backends.chat import ChatSummaryBackend  # see the module note

            return ChatSummaryBackend(llm)
        raise ConfigError(
            f"llm= must be a callable (messages -> text) or a SummaryBackend, not {llm!r}"
        )
    if isinstance(backend, SummaryBackend):
        return backend
    if isinstance(backend, str):
        return make_backend(settings.with_backend(backend))
    if backend is None:
        return make_backend(settings)
    raise ConfigError(f"not a summary backend: {backend!r}")


# --- the repo profile between collection and storage ---------------------------------


class _PendingProfile(NamedTuple):
    """A profile to store with the next write (``None``: the repo has none to store)."""

    profile: RepoProfile | None
    actor: str  # who supplied it: "profile" (collected) or "host" (set_profile)


def _worth_storing(profile: RepoProfile) -> RepoProfile | None:
    # Nothing found and nothing read: store no profile rather than an empty one.
    return None if profile.is_empty and not profile.source_files else profile


def _capped_values(values: Iterable[str]) -> list[str]:
    kept: list[str] = []
    for value in values:
        text = clip(value.strip(), limits.PROFILE_MAX_VALUE_CHARS)
        if text and text not in kept:
            kept.append(text)
        if len(kept) == limits.PROFILE_MAX_LIST_ITEMS:
            break
    return kept


def _capped_profile(profile: RepoProfile) -> RepoProfile:
    """A host's profile within the file's caps (the collector's output already is)."""

    def text(value: str | None) -> str | None:
        clipped = clip(value.strip(), limits.PROFILE_MAX_VALUE_CHARS) if value else ""
        return clipped or None

    return profile.model_copy(
        update={
            "project_name": text(profile.project_name),
            "java_version": text(profile.java_version),
            "modules": _capped_values(profile.modules),
            "frameworks": _capped_values(profile.frameworks),
            "source_files": _capped_values(profile.source_files),
        }
    )


def _store_profile(txn: Transaction, pending: _PendingProfile) -> bool:
    """Put ``pending`` into the document; True when that changed the stored profile."""
    old, new = txn.doc.repo_profile, pending.profile
    if (old and old.facts()) == (new and new.facts()):
        return False  # unchanged: no write, no journal entry
    if new is not None and new.updated_at is None:
        new = new.model_copy(update={"updated_at": txn.now})
    txn.doc.repo_profile = new
    target = ",".join(new.source_files) if new is not None else None
    txn.log("profile", target=target or None, actor=pending.actor)
    return True


class _Writes:
    """Every write of the facade: stores a profile collected since the last one in
    the same transaction, and reports files a write set aside."""

    def __init__(self, store: MemoryStore, events: EventSink) -> None:
        self._store = store
        self._events = events
        self._lock = threading.Lock()
        self._pending: _PendingProfile | None = None

    @property
    def pending(self) -> _PendingProfile | None:
        """The profile waiting for the next write, if any."""
        with self._lock:
            return self._pending

    def set_pending(self, pending: _PendingProfile) -> None:
        """Store ``pending`` with the next write (replacing an earlier one)."""
        with self._lock:
            self._pending = pending

    def has_folder(self) -> bool:
        """:meth:`MemoryStore.has_folder`."""
        return self._store.has_folder()

    def update(
        self, fn: Callable[[Transaction], _T], *, actor: str, repair: bool = False
    ) -> UpdateResult[_T]:
        """:meth:`MemoryStore.update`, plus the pending profile and the events."""
        pending = self.pending
        profile_changed = False

        def run(txn: Transaction) -> _T:
            nonlocal profile_changed
            if pending is not None:
                profile_changed = _store_profile(txn, pending)
            return fn(txn)

        result = self._store.update(run, actor=actor, repair=repair)
        with self._lock:
            if self._pending is pending:  # a newer one arrived meanwhile: it waits
                self._pending = None
        self._events.recovered(result.recovered)
        if profile_changed and result.changed and pending is not None:
            self._events.emit(EventKind.PROFILE_REFRESHED, actor=pending.actor)
        return result


class ProjectMemory:
    """The project-level Q&A memory of one repository."""

    def __init__(
        self,
        repo_root: Path,
        *,
        backend: SummaryBackend | None,
        clock: Clock = local_now,
        on_event: EventCallback | None = None,
        backoff: Backoff | None = None,
    ) -> None:
        """Prefer :meth:`open`, which also resolves the backend and collects the profile."""
        self.repo_root = repo_root
        # The store and the journal are the library's own; hosts use the methods below.
        self.store = MemoryStore(repo_root, clock=clock)
        self.journal = self.store.journal
        self.backend = backend
        self.last_error: Failure | None = None
        self._events = EventSink(on_event, journal=self.journal, clock=clock)
        self._writes = _Writes(self.store, self._events)
        self._summarizer: Summarizer | None = None
        if backend is not None:
            from autopatch_memory.summarizer import Summarizer  # see the module note

            self._summarizer = Summarizer(
                self.store, backend, writer=self._writes, events=self._events
            )
        self._scheduler = (
            Scheduler(self._summarizer.drain, backoff=backoff)
            if self._summarizer is not None
            else None
        )
        self._closed = False

    # -- lifecycle ----------------------------------------------------------------

    @classmethod
    def open(
        cls,
        repo_root: str | os.PathLike[str],
        backend: BackendSpec = None,
        *,
        llm: HostModel | None = None,
        settings: MemorySettings | None = None,
        on_event: EventCallback | None = None,
        clock: Clock | None = None,
        collect_profile: bool = True,
        refresh_profile: bool | None = None,
    ) -> ProjectMemory:
        """Open the memory of the repository at ``repo_root``.

        ``llm``: the host's own model — a callable taking OpenAI-style messages
        (``[{"role": ..., "content": ...}]``) and returning the reply's text, or a
        :class:`SummaryBackend`; the library builds the prompt, parses, repairs
        and validates. ``settings``: a :class:`MemorySettings` (default: the
        offline heuristic backend); nothing is read from the environment or from
        config files unless you build them with ``MemorySettings.from_env``.
        ``backend``: a name (``"auto"``, ``"openai"``, ``"heuristic"``, ``"off"``)
        overriding the settings' choice, or a backend object. ``on_event``: called
        with a :class:`~autopatch_memory.events.MemoryEvent` for each thing that
        happens. ``collect_profile``: collect the repo profile from the build
        files (cached) now; it is stored with the next write (``refresh_profile``
        is its older name).

        No model is called and the memory file is neither written nor moved here.
        Raises :class:`StoreError` for a missing folder, :class:`ConfigError` for
        an unusable backend choice.
        """
        root = _repository_root(repo_root)
        chosen = settings or MemorySettings()
        memory = cls(
            root,
            backend=_resolve_backend(backend, llm, chosen),
            clock=clock or local_now,
            on_event=on_event,
            backoff=chosen.backoff,
        )
        if collect_profile if refresh_profile is None else refresh_profile:
            # The cache is used (and refreshed) only in a repository that already
            # has the memory folder: opening must not create it.
            memory._collect_profile(use_cache=memory._has_folder())
        memory._report_file_problem()
        return memory

    def close(self, wait: bool = True) -> None:
        """Stop background work: wait (bounded) for a run in flight, or drop it.

        Either way the memory file does not change after this returns (a write the
        run already began is waited for; the journal may still get its discard entry).
        """
        self._closed = True
        if self._scheduler is not None:
            self._scheduler.close(wait=wait)

    def __enter__(self) -> ProjectMemory:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close(wait=exc_type is None)

    @property
    def backend_name(self) -> str:
        """``off`` or the backend's name."""
        return self.backend.name if self.backend is not None else "off"

    # -- the host's turn ------------------------------------------------------------

    def context(self, intent: IntentType | str, user_text: str) -> MemoryContext:
        """The memory context for answering ``user_text`` (empty for gated intents).

        Raises :class:`TypeError` when ``user_text`` is not a ``str``.
        """
        from autopatch_memory.context import build_context, empty_context  # see the module note

        kind = parse_intent(intent)
        _require_text(user_text=user_text)
        if not memory_access(kind).reads:
            return empty_context(kind)  # the gate: the file is not opened
        try:
            doc = self.store.read()
        except StoreError as exc:
            self._failed("context", exc)
            return empty_context(kind)
        shown = self._with_pending_profile(doc)
        # A file this program wrote holds only redacted text: shown as it is.
        redacted = shown is doc and self.store.is_redacted(doc)
        # The store's documents never change (it copies on write): the selection's
        # work on one is kept while the file is unchanged.
        return build_context(shown, kind, user_text, redacted=redacted, unchanging=shown is doc)

    def record_turn(
        self,
        intent: IntentType | str,
        user_text: str,
        assistant_text: str = "",
        scope_paths: Iterable[str | os.PathLike[str]] | None = (),
        project_level: bool = False,
        *,
        actor: str = RECORD_ACTOR,
    ) -> str | None:
        """Record an answered turn; returns its id.

        Returns ``None`` without touching anything for a gated intent or an empty
        question (also one that is empty once control and invisible characters are
        removed), and ``None`` (with :attr:`last_error` set and a journal entry)
        when the file cannot be written. Text is redacted and clipped; never fails
        because of size. ``scope_paths=None`` means none. ``actor`` names the
        recording host in the journal (``record`` by default; the MCP server passes
        ``mcp:<client>``).
        """
        kind = parse_intent(intent)
        if not memory_access(kind).writes:
            return None  # the gate: nothing is written, not even a timestamp
        _require_text(user_text=user_text, assistant_text=assistant_text)
        # Cleaned first: a question of control or invisible characters alone is empty too.
        question = _stored_text(user_text, limits.MAX_USER_TEXT_CHARS) if user_text.strip() else ""
        if not question.strip():
            return None
        answer = _stored_text(assistant_text, limits.MAX_ASSISTANT_TEXT_CHARS)
        paths = self._scope_paths(scope_paths)

        def add(txn: Transaction) -> tuple[Turn, list[Trigger]]:
            turns = txn.doc.working_memory.recent_turns
            turn = Turn(
                id=new_turn_id(txn.now, txn.doc.all_ids()),
                intent=kind,
                user_text=question,
                assistant_text=answer,
                scope_paths=paths,
                created_at=txn.now,
                project_level=project_level,
            )
            turns.append(turn)
            while len(turns) > limits.MAX_RECENT_TURNS:
                # Oldest ready turn first: a pending one still waits for its summary.
                victim = next((t for t in turns if not t.is_pending), turns[0])
                turns.remove(victim)
                if victim.is_pending:  # unread: kept in the cold archive
                    txn.dropped_unread.append(victim)
                txn.log("drop_turn", Outcome.TRIMMED, target=victim.id, reason="recent_turns cap")
            txn.log("record_turn", target=turn.id)
            return turn, state_triggers(txn.doc, turn, project_level=project_level)

        try:
            result = self._writes.update(add, actor=actor)
        except StoreError as exc:
            self._failed("record_turn", exc)
            return None
        turn, fired = result.value
        self._events.emit(EventKind.TURN_RECORDED, actor=actor, target=turn.id)
        if size_trigger(result.size_bytes, result.trimmed):
            fired.append(Trigger.SIZE)
        # The text's check (the grammar) runs outside the lock, and only when no
        # cheaper trigger already asked for a run.
        if fired or signal_trigger(turn):
            self.request_summary()
        return turn.id

    # -- governance -------------------------------------------------------------------

    def document(self) -> MemoryDocument:
        """A copy of the whole memory document (its ``model_dump(mode="json")`` is the file).

        A profile collected at open and not stored yet is already in it.
        """
        return deep_copy(self._with_pending_profile(self._readable()))

    def _readable(self, doc: MemoryDocument | None = None) -> MemoryDocument:
        """The document read (or ``doc``, one the store read), as it may leave the
        library: a file this program wrote holds only redacted text; any other (another
        program wrote it, or it was salvaged) is redacted first, as the next write would
        store it."""
        doc = self.store.read() if doc is None else doc
        if self.store.is_redacted(doc):
            return doc
        from autopatch_memory.store import redact_model  # the rules load here, not at open

        copy = deep_copy(doc)
        redact_model(copy)
        return copy

    def apply_delta(
        self, delta: str | dict[str, Any] | MemoryDelta, *, actor: str = USER_ACTOR
    ) -> ApplyReport:
        """Apply a Memory Delta (a model's raw reply, a decoded object, or a model).

        Every operation is validated against the current file and journaled.
        """
        from autopatch_memory.delta import delta_from_object, parse_delta  # with the first delta

        try:
            if isinstance(delta, str):
                parsed, bad = parse_delta(delta)
            else:
                parsed, bad = delta_from_object(delta)
        except DeltaParseError as exc:
            self.journal.record(
                actor, "delta", Outcome.FAILED, reason=exc.reason.value, detail=str(exc)
            )
            return discarded_report(exc.reason, str(exc))
        from autopatch_memory.summarizer import apply_in_store  # see the module note

        return apply_in_store(self._writes, parsed, actor=actor, bad_sections=bad)

    def summarize_now(self) -> ApplyReport | None:
        """Summarize every pending turn now, on this thread; ``None`` when nothing was pending.

        Raises :class:`~autopatch_memory.errors.BackendError` when the model call
        fails, whatever the backend raised (journaled first), and
        :class:`ConfigError` when no backend is configured.
        """
        if self._summarizer is None:
            raise ConfigError("no summary backend is configured (backend 'off')")
        return self._summarizer.run_all()

    def request_summary(self) -> bool:
        """Ask the background worker to summarize the pending turns; returns at once.

        False when there is nothing to ask (no backend, or the memory is closed).
        A request during a run adds exactly one more run; during a backoff it waits.
        """
        if self._scheduler is None or self._closed:
            return False
        self._scheduler.request()
        return True

    def wait_idle(self, timeout: float | None = None) -> bool:
        """Wait until no background run is in flight or due; False on timeout."""
        return True if self._scheduler is None else self._scheduler.wait_idle(timeout)

    def status(self) -> MemoryStatus:
        """Pending turns, the worker's state (running, backing off until when), the last failure."""
        try:
            pending: int | None = len(self.store.read().pending_turns())
        except StoreError:
            pending = None
        state = self._scheduler.state() if self._scheduler is not None else None
        retry_in = state.retry_in_seconds if state is not None else None
        return MemoryStatus(
            backend=self.backend_name,
            pending_turns=pending,
            run_in_flight=state is not None and state.running,
            run_requested=state is not None and state.requested,
            backing_off=retry_in is not None,
            retry_at=None if retry_in is None else self.store.clock() + timedelta(seconds=retry_in),
            consecutive_failures=state.failures if state is not None else 0,
            runs=state.runs if state is not None else 0,
            closed=self._closed,
            last_failure=self.last_failure(),
        )

    def reset(self) -> ResetResult:
        """Empty the memory; returns what it removed and where it kept it first.

        The document is first written (redacted, as it is on disk) to a backup,
        ``memory.reset.<time>.json``, which :meth:`undo` brings back. Results of runs in
        flight (here or in another process) are discarded because they were computed
        for an older generation. The journal is rewritten without any detail (where
        replies and rejected values were quoted). Profile caches are removed and the
        profile is collected again from the build files. Only :meth:`purge` deletes.
        """
        from autopatch_memory.profile import clear_cache  # see the module note

        result = self.store.reset(actor=USER_ACTOR)
        try:
            self.journal.scrub()
        except StoreError as exc:
            self._failed("reset", exc)  # memory is reset; only old details are left over
        try:
            clear_cache(self.repo_root)
        except StoreError as exc:
            self._failed("reset", exc)  # memory is reset; only the cache is left over
        self.refresh_profile(use_cache=False)
        return result

    def undo(self, count: int = 1, *, actor: str = USER_ACTOR) -> UndoReport:
        """Revert the last ``count`` changes to the rules and notes — the user's, a
        model's, an import's, a reset — from the journal (docs/design.md#undo).

        Each rule and note goes back to exactly its earlier text and status; what a
        change created leaves the file for the cold archive (nothing is lost, not even
        by an undo), and a reset's backup comes back beside what was added since. An
        undo is not undone by the next one: it goes further back. Raises
        :class:`StoreError` when the journal cannot be read.
        """
        from autopatch_memory import governance  # see the module note

        if count < 1:
            raise ValueError("undo needs a count of at least 1")
        entries = self.journal.read()
        data = self.store.read_bytes()
        current = file_digest(data) if data is not None else None
        units = undoable(entries, unlanded_writes(entries, current))[:count]
        if not units:
            return UndoReport(undone=0, changes=[])
        backups: dict[str, MemoryDocument] = {}
        for unit in units:
            if unit.op == "reset" and unit.target and unit.target.startswith(RESET_BACKUP_STEM):
                backups[unit.target] = self.store.read_backup(unit.target)
        result = self._writes.update(lambda txn: governance.undo(txn, units, backups), actor=actor)
        return UndoReport(undone=len(units), changes=result.value)

    def purge_files(self) -> list[Path]:
        """Every file :meth:`purge` would delete now, by name: the memory file and its
        lock, the journal (and its rotated part), the cold archive, every backup (reset,
        corrupt, salvaged, other-version, oversized), the profile cache, temp files a
        crash left. For a host to name them before it asks the user. Raises
        :class:`StoreError` when the folder cannot be listed (a link, not a folder)."""
        return self.store.purge_files()

    def purge(self) -> bool:
        """Delete this program's files in ``.autopatch-j/``: memory, journal, caches,
        backups; and the folder, when nothing else is left in it. For hosts that want
        memory gone rather than emptied (prefer :meth:`reset`, which keeps backups and
        the journal's record). A host's own files in the folder and ``config.toml``
        stay.

        Never deletes anything outside the folder, never through a link (a linked
        folder raises :class:`StoreError`). Results of runs in flight, here or in
        another process, are dropped: they were computed from a file that no
        longer exists. Afterwards the memory works as a fresh one; the folder is
        created again by the next write. Returns False when there was no folder.
        """
        removed = self.store.purge()
        self.journal.append_error = None
        return removed

    def forget(self, item_id: str, *, actor: str = USER_ACTOR) -> MemoryChange:
        """Archive a long-term item (kept, never injected), or drop a topic or turn.

        Returns what it did (``archived``, ``removed``, or ``unchanged`` for an item
        already archived). Raises :class:`ItemNotFoundError` for an id the file does
        not hold. ``actor`` names who asked, in the journal.
        """
        from autopatch_memory import governance  # see the module note

        return self._govern(lambda txn: governance.forget(txn, item_id), actor)

    # -- governed by the user (docs/cli.md, "Governing memory") -------------------------

    def remember(
        self,
        text: str,
        *,
        kind: LongTermType | str = LongTermType.DURABLE_PREFERENCE,
        label: str | None = None,
        actor: str = USER_ACTOR,
    ) -> MemoryChange:
        """Remember a rule (the default) or a project note (``kind="note"``) in the
        user's own words: the text is the evidence.

        Every guard of the applier holds: the text is redacted, never clipped (over
        the summary limit it is refused), never code or a log; a text equal to an
        active item's (once folded) changes nothing. A new rule replaces an older one
        only when it names what it replaces ("instead of Maven", "不再用 Maven") and
        the named words are the whole of that rule (the older text is kept as an
        archived revision); named words in only part of it record the pair as a
        conflict, both kept. A text about a credential stores nothing. ``label``
        defaults to one made from the text, as the summarizer makes it. Raises
        :class:`ChangeRejectedError` (with the reason code) when refused; the
        refusal is journaled like the change would have been.
        """
        from autopatch_memory import governance  # see the module note

        _require_text(text=text, label="" if label is None else label)
        chosen = governance.item_type(kind)
        return self._govern(lambda txn: governance.remember(txn, chosen, text, label), actor)

    def edit(
        self, item_id: str, text: str, *, label: str | None = None, actor: str = USER_ACTOR
    ) -> MemoryChange:
        """Rewrite an active rule or note in the user's words (guards as for
        :meth:`remember`). The old text is kept as an archived revision (``restore``
        or ``undo`` bring it back); a conflict recorded with the item is settled.

        Raises :class:`ItemNotFoundError` for an unknown id and
        :class:`ChangeRejectedError` for an archived item (restore it first), a topic
        or turn, or a text a guard refuses.
        """
        return self._edit_in_plan(item_id, text, label, actor, frozenset())

    def _edit_in_plan(
        self, item_id: str, text: str, label: str | None, actor: str, changing: frozenset[str]
    ) -> MemoryChange:
        """An edit, of a plan whose other steps change ``changing`` too: their texts now are
        no twin of this one's (two texts swapped, one taken over from an item forgotten)."""
        from autopatch_memory import governance  # see the module note

        _require_text(item_id=item_id, text=text, label="" if label is None else label)
        return self._govern(
            lambda txn: governance.edit(txn, item_id, text, label, besides=changing), actor
        )

    def edit_text(self) -> str:
        """The active rules and notes as one Markdown text for the user to edit (the
        export's shape, each bullet with its id in a comment): see :meth:`plan_edit`."""
        from autopatch_memory.editing import editable_text  # see the module note

        doc = self._readable()
        return editable_text(doc, project=self._project_name(doc))

    def plan_edit(self, text: str) -> EditPlan:
        """What an edited :meth:`edit_text` asks for, compared with memory by id: edits
        (revisions), new items, forgets. Nothing is written: show it, then
        :meth:`apply_edit`."""
        from autopatch_memory.editing import plan_edit  # see the module note

        _require_text(text=text)
        return plan_edit(self._readable(), text)

    def apply_edit(self, plan: EditPlan, *, actor: str = USER_ACTOR) -> list[MemoryChange]:
        """Apply a plan step by step, each through :meth:`remember`, :meth:`edit` or
        :meth:`forget` (the same guards; each step one journaled change, an edit a
        revision that keeps the old text, so ``undo`` takes steps back one by one).
        A step that is refused, or whose item is gone or archived meanwhile, is returned
        as ``rejected`` and the next steps still run."""
        changes = []
        # Items the plan edits or forgets: an edit's new text is compared with where the
        # plan leaves the others, not with where they are now.
        changing = frozenset(
            step.item_id
            for step in plan.steps
            if step.item_id and step.action in (ChangeAction.EDIT, ChangeAction.FORGET)
        )
        for step in plan.steps:
            try:
                if step.action is ChangeAction.EDIT:
                    change = self._edit_in_plan(
                        step.item_id or "",
                        step.after or "",
                        step.label,
                        actor,
                        changing - {step.item_id or ""},
                    )
                elif step.action is ChangeAction.FORGET:
                    change = self.forget(step.item_id or "", actor=actor)
                else:
                    change = self.remember(
                        step.after or "", kind=step.type, label=step.label, actor=actor
                    )
            except (ChangeRejectedError, ItemNotFoundError) as exc:
                reason = exc.reason if isinstance(exc, ChangeRejectedError) else None
                change = MemoryChange(
                    action=step.action,
                    outcome=ChangeOutcome.REJECTED,
                    item_id=step.item_id,
                    reason=reason or Reason.UNKNOWN_TARGET,
                    detail=str(exc),
                )
            changes.append(change)
        return changes

    def restore(self, item_id: str, *, actor: str = USER_ACTOR) -> MemoryChange:
        """Bring an archived rule or note back (un-forget; ``superseded_by`` is cleared).

        An archived revision gives its item that text back (the current text kept as a
        revision in turn). A restored rule that a newer rule had replaced stays active
        beside it, the pair recorded as a conflict for the user to settle; an item
        that left the file is found in the cold archive. Restoring an active item
        changes nothing (``unchanged``).
        """
        from autopatch_memory import governance  # see the module note

        return self._govern(lambda txn: governance.restore(txn, item_id), actor)

    def search(self, text: str, *, include_archived: bool = False) -> list[SearchHit]:
        """Rules, notes and topics that match ``text``, best first, ranked by the same
        relevance as the memory context; archived items only with ``include_archived``."""
        from autopatch_memory.search import search_memory  # a turn never searches

        _require_text(text=text)
        doc = self._readable()
        if not include_archived:
            return search_memory(doc, text)
        try:
            # the newest line of each turn (a turn dropped in two writes is one hit)
            lines = self.store.cold_archive.dropped_turns()
            dropped = list({line.turn.id: line.turn for line in lines}.values())
        except StoreError:
            dropped = []
        return search_memory(
            self._with_cold_archive(doc), text, include_archived=True, dropped=dropped
        )

    def history(self, item_id: str) -> ItemHistory:
        """The rule or note ``item_id`` — active, archived, or in the cold archive — with
        its archived revisions (the earlier texts an edit, a model's update or an import
        replaced), newest first. Raises :class:`ItemNotFoundError` when no rule or note
        has that id (a topic or a turn has no history)."""
        from autopatch_memory.search import item_history

        _require_text(item_id=item_id)
        found = item_history(self._with_cold_archive(self._readable()), item_id.strip())
        if found is None:
            raise ItemNotFoundError(f"no rule or note {item_id!r}")
        return found

    def conflicts(self) -> list[tuple[LongTermItem, LongTermItem]]:
        """Pairs of active rules or notes that may contradict each other in part, found but
        not resolved (the newer one first): the user decides, by forgetting or editing one."""
        return conflicting_pairs(self._readable())

    def _with_cold_archive(self, doc: MemoryDocument) -> MemoryDocument:
        """``doc`` with the items of the cold archive that left it, as archived items."""
        try:
            entries = self.store.cold_archive.entries()
        except StoreError:
            return doc
        if not entries:
            return doc
        copy = document_copy(doc)  # archived items are added; none is changed
        taken = copy.all_ids()
        for entry in reversed(entries):  # the newest state of each item
            item = entry.item
            if item.id in taken:
                continue
            taken.add(item.id)
            archived = item.model_copy(update={"status": ItemStatus.ARCHIVED})
            copy.long_term_memory.list_for(item.type).append(archived)
        return copy

    def export(
        self, format: ExportFormat | str = ExportFormat.MARKDOWN, *, include_ids: bool = False
    ) -> str:
        """The rules and notes as Markdown (active ones, ready for an AGENTS.md; ids as
        HTML comments only with ``include_ids``) or as JSON (everything, for tools and
        :meth:`import_items`)."""
        doc = self._readable()
        project = self._project_name(doc)
        chosen = ExportFormat(format)
        if chosen is ExportFormat.JSON:
            return export_json(doc, project=project, now=self.store.clock())
        return export_markdown(doc, project=project, include_ids=include_ids)

    def import_items(
        self,
        data: str | bytes,
        *,
        format: ExportFormat | str | None = None,
        actor: str = USER_ACTOR,
        dry_run: bool = False,
        take_as: LongTermType | str | None = None,
    ) -> ImportReport:
        """Import rules and notes (an :meth:`export`, a memory.json, or — with ``take_as``
        ``"rule"``/``"note"`` — the bullets of any Markdown file), each through the
        applier as if the user had remembered it, in one write.

        ``dry_run``: the plan only (what each item would do), nothing written. Returns
        one change per item (created, revised with its previous text, unchanged,
        rejected with its reason, or skipped), and ``foreign_project``: the project the
        export names when it is another one than this (a host warns: its rules may not
        hold here). An import never restores an archived item
        and never revises one by similarity. Raises :class:`ChangeRejectedError` when the
        file as a whole is unusable (not JSON, not an export, Markdown that is not one of
        our exports, too large, no item in it); nothing is changed then.
        """
        from autopatch_memory import governance  # see the module note

        kind = None if take_as is None else governance.item_type(take_as)
        chosen, candidates = parse_import(data, format, take_as=kind)
        foreign = self._foreign_project(export_origin(data))
        if dry_run:
            txn = Transaction(
                self.store.read(),  # copied on write: the store's document stays as it is
                now=self.store.clock(),
                actor=actor,
                journal=self.journal,
                cold_archive=self.store.cold_archive,
            )
            planned = governance.import_candidates(txn, candidates)
            return ImportReport(
                format=chosen, items=planned, changed=False, dry_run=True, foreign_project=foreign
            )
        result = self._writes.update(
            lambda txn: governance.import_candidates(txn, candidates), actor=actor
        )
        return ImportReport(
            format=chosen,
            items=result.value,
            changed=result.changed,
            size_bytes=result.size_bytes,
            foreign_project=foreign,
        )

    def _foreign_project(self, origin: ExportOrigin) -> str | None:
        """The project an export names when it is another project than this one (not the
        same memory, not the same name); ``None`` otherwise."""
        if origin.project is None:
            return None
        try:
            doc = self.store.read()
        except StoreError:
            return None  # the import itself reports the file's problem
        if origin.epoch is not None and origin.epoch == doc.epoch:
            return None  # this very memory, whatever it was called then
        from autopatch_memory.lang.fold import same_text

        return None if same_text(origin.project, self._project_name(doc)) else origin.project

    # -- the repo profile ---------------------------------------------------------------

    def profile(self) -> RepoProfile | None:
        """The repo profile (``None`` before one was collected); a collected profile
        not stored yet counts. Its values come from a repository's files or the memory
        file: what leaves has no control, escape, bidi or invisible character."""
        profile = self._with_pending_profile(self.store.read()).repo_profile
        if profile is None:
            return None
        return RepoProfile.model_validate(clean_output(profile.model_dump(), single_line=True))

    def refresh_profile(self, *, use_cache: bool = True) -> ProfileReport:
        """Collect the profile from the build files and store it now if it changed.

        Never raises for repository content; a write failure is journaled and
        kept in :attr:`last_error` (the profile is then stored by the next write).
        """
        report = self._collect_profile(use_cache=use_cache)
        try:
            self._writes.update(lambda txn: None, actor="profile")
        except StoreError as exc:
            self._failed("profile", exc)
        return report

    def set_profile(self, profile: RepoProfile | None) -> None:
        """Store a repo profile the host supplies (``None`` removes it).

        It replaces one collected at open; open with ``collect_profile=False`` so
        that none is collected. Values are clipped to the file's caps. Raises
        :class:`StoreError` when it cannot be written (it is then stored by the
        next write that succeeds).
        """
        supplied = None if profile is None else _capped_profile(RepoProfile.model_validate(profile))
        self._writes.set_pending(_PendingProfile(supplied, "host"))
        self._writes.update(lambda txn: None, actor="host")

    def repair_file(self, *, actor: str = USER_ACTOR) -> list[JournalEntry]:
        """Handle a problem of the memory file now, as the next write would (``doctor
        --repair``): a salvaged file is rewritten without its invalid parts, its
        original copied aside; a corrupt one is moved aside and memory keeps what of it
        still parses; a foreign or oversized one is moved aside untouched. Returns the
        journal entries of what was done (empty when the file was fine or absent).

        Raises :class:`StoreError` when the file cannot be read or written.
        """
        return self._writes.update(lambda txn: None, actor=actor, repair=True).recovered

    # -- operator view --------------------------------------------------------------------

    @property
    def paths(self) -> MemoryPaths:
        """Where this memory's files are (nothing is read)."""
        return MemoryPaths(
            repo_root=self.repo_root,
            folder=self.store.folder,
            memory_file=self.store.path,
            lock_file=self.store.lock_path,
            journal_file=self.journal.path,
        )

    def file_info(self) -> MemoryFileInfo:
        """The memory file as it is on disk: size, modification time, and whether it is usable.

        Lock-free; a file too large to be ours is reported without being read.
        Raises :class:`StoreError` when it cannot be inspected (a link, not a file...).
        """
        return self._file_info(self.store.inspect())

    def read_file(self) -> tuple[MemoryFileInfo, MemoryDocument]:
        """:meth:`file_info` and :meth:`document` from one read of the file, so that
        what a host checks or shows about both (``doctor``) describes the same bytes.

        Raises :class:`StoreError` as :meth:`file_info` does.
        """
        state = self.store.inspect()
        shown = self._with_pending_profile(self._readable(state.doc))
        return self._file_info(state), deep_copy(shown)

    def _file_info(self, state: FileState) -> MemoryFileInfo:
        if state.size is None:
            return MemoryFileInfo(
                path=self.store.path, exists=False, size_bytes=0, modified_ns=None, problem=None
            )
        try:
            modified: int | None = os.lstat(self.store.path).st_mtime_ns
        except OSError:
            modified = None  # gone since it was read
        unusable = state.problem
        problem = (
            None
            if unusable is None
            else FileProblem(
                kind=unusable.kind,
                detail=unusable.why,
                explain=unusable.explain,
                backup_name=f"{unusable.backup_stem}.json",
                dropped=[str(part) for part in unusable.dropped],
                notes=list(unusable.notes),
                kept=unusable.kept,
            )
        )
        return MemoryFileInfo(
            path=self.store.path,
            exists=True,
            size_bytes=state.size,
            modified_ns=modified,
            digest=file_digest(state.data) if state.data is not None else None,
            problem=problem,
        )

    def journal_entries(self, last: int | None = None) -> list[JournalEntry]:
        """The newest ``last`` journal entries (all when ``None``), oldest first.

        Raises :class:`StoreError` when the journal cannot be read.
        """
        return self.journal.read(last=last)

    def last_failure(self, file: MemoryFileInfo | None = None) -> JournalEntry | None:
        """What went wrong last, in any process: a failure, or a memory file that
        was salvaged or set aside (journal outcome ``recovered``). A problem of the
        file on disk that no write has handled yet (a salvage or a move aside the
        next write will do, an unreadable file) comes first.

        ``file``: the file as :meth:`read_file` has just described it; its problem
        then serves, and the file is not read again."""
        if file is None:
            pending = self.store.pending_problem()
        elif file.problem is None:
            pending = None
        else:
            problem = file.problem
            pending = self.store.load_failure(
                problem.kind.value, problem.explain, modified_ns=file.modified_ns
            )
        if pending is not None:
            return pending
        try:
            return self.journal.last_failure(include_recoveries=True)
        except StoreError:
            return None

    # -- internals --------------------------------------------------------------------------

    def _govern(self, change: Callable[[Transaction], MemoryChange], actor: str) -> MemoryChange:
        """Run one user-authored change in a write; a refusal becomes the error."""
        result = self._writes.update(change, actor=actor).value
        if result.outcome is ChangeOutcome.REJECTED:
            reason = result.reason or Reason.BAD_SHAPE
            raise ChangeRejectedError(reason, result.detail or reason.value)
        return result

    def _project_name(self, doc: MemoryDocument) -> str:
        profile = self._with_pending_profile(doc).repo_profile
        return (profile.project_name if profile is not None else None) or self.repo_root.name

    def _with_pending_profile(self, doc: MemoryDocument) -> MemoryDocument:
        pending = self._writes.pending
        if pending is None:
            return doc
        stored, collected = doc.repo_profile, pending.profile
        if (stored and stored.facts()) == (collected and collected.facts()):
            return doc  # the same facts: what the next write would store (nothing new)
        # A shallow copy: the store's cached document is shared and must not change.
        return doc.model_copy(update={"repo_profile": pending.profile})

    def _collect_profile(self, *, use_cache: bool) -> ProfileReport:
        """Collect the profile to store with the next write; writes nothing now."""
        from autopatch_memory.profile import collect  # see the module note

        report = collect(self.repo_root, use_cache=use_cache)
        self._writes.set_pending(_PendingProfile(_worth_storing(report.profile), "profile"))
        return report

    def _has_folder(self) -> bool:
        """Whether ``.autopatch-j/`` is there and usable (an error says no: the first
        write reports it)."""
        try:
            return self.store.has_folder()
        except StoreError:
            return False

    def _report_file_problem(self) -> None:
        """Tell the host at once when the file on disk cannot be used as it is."""
        if not self._events.listening:
            return
        try:
            problem = self.store.problem()
        except StoreError:
            return  # the first write will fail and say why
        if problem is not None:
            self._events.emit(
                EventKind.FILE_PROBLEM,
                actor="store",
                target=f"{problem.backup_stem}.json",
                detail=problem.explain,
            )

    def _failed(self, operation: str, exc: Exception) -> None:
        self.last_error = Failure(operation=operation, message=str(exc))
        self.journal.record(
            "store", operation, Outcome.FAILED, reason=type(exc).__name__, detail=str(exc)
        )

    def _scope_paths(self, paths: Iterable[str | os.PathLike[str]] | None) -> list[str]:
        """Repo-relative POSIX paths, de-duplicated, capped in number and length.

        Paths that are not inside the repository are dropped: absolute paths
        elsewhere, ``~/…``, anything that climbs out with ``..`` (after
        normalization), and anything that leads out through a link in the
        repository. They are not about this project, and would put the host's own
        folders (or a hostile reply's ``../../etc/passwd``) into memory.
        """
        if paths is None:  # hosts written for the reference format pass None for "no scope"
            return []
        if isinstance(paths, (str, os.PathLike)):
            paths = [paths]
        result: list[str] = []
        for raw in paths:
            # Redact first: normalizing "scheme://user:pw@host" would hide the pattern.
            path = _inside_repo(privacy.redact(os.fspath(raw)), self.store.repo_root)
            if path is None:
                continue
            text = clip(path, limits.MAX_SCOPE_PATH_CHARS)
            if text not in result:
                result.append(text)
            if len(result) == limits.MAX_SCOPE_PATHS:
                break
        return result


def _repository_root(repo_root: str | os.PathLike[str]) -> Path:
    """The real path of the repository folder ``repo_root`` (links resolved): every
    path memory stores or writes is placed against it. Raises :class:`StoreError`
    when it is not a folder or cannot be used."""
    try:
        root = Path(repo_root).expanduser()
    except (RuntimeError, ValueError) as exc:  # "~typo", a NUL byte
        raise StoreError(f"repository folder not found: {repo_root} ({exc})") from None
    try:
        found = os.stat(root)
        real = Path(os.path.realpath(root))
    except (FileNotFoundError, NotADirectoryError):
        raise StoreError(f"repository folder not found: {root}") from None
    except OSError as exc:  # a name longer than the system allows, no permission, EIO
        raise store_error(f"repository folder not found: {root}", exc) from None
    except ValueError as exc:  # a NUL byte in the path
        raise StoreError(f"repository folder not found: {repo_root} ({exc})") from None
    if not stat.S_ISDIR(found.st_mode):
        raise StoreError(f"repository folder not found: {root}")
    return real


_CONTROL_CHARS = re.compile("[\x00-\x1f\x7f-\x9f]")
_WINDOWS_DRIVE = re.compile(r"^[A-Za-z]:")


def _inside_repo(raw: str, repo_root: Path) -> str | None:
    """``raw`` as a normalized path relative to ``repo_root`` (a real path: links
    resolved), or ``None`` when it names nothing inside the repository (or the
    repository itself), also when it leads out through a link in the repository."""
    text = _CONTROL_CHARS.sub("", raw).strip().replace("\\", "/")
    if not text:
        return None
    if text.startswith("~"):
        text = os.path.expanduser(text)
        if text.startswith("~"):  # an unknown user: not a path we can place
            return None
    if os.path.isabs(text):
        try:
            relative = Path(text).resolve().relative_to(repo_root)
        except (ValueError, OSError, RuntimeError):
            return None
        text = relative.as_posix()
    elif _WINDOWS_DRIVE.match(text):
        return None  # "C:\\…" on a POSIX host: somewhere else entirely
    normal = posixpath.normpath(text)
    if normal in (".", "") or normal == ".." or normal.startswith("../"):
        return None
    if not _resolves_inside(repo_root, text):
        return None
    return normal


def _resolves_inside(repo_root: Path, relative: str) -> bool:
    """Whether ``relative``, resolved under ``repo_root`` the way the system resolves it
    (each link followed before a ``..`` after it), names something inside the
    repository; a path that does not exist yet resolves as far as it does."""
    try:
        real = os.path.realpath(os.path.join(repo_root, relative))
    except (OSError, ValueError):
        return False
    root = os.fspath(repo_root)
    return real != root and real.startswith(root.rstrip(os.sep) + os.sep)


__all__ = ["RECORD_ACTOR", "USER_ACTOR", "BackendSpec", "Failure", "HostModel", "ProjectMemory"]
