"""``ProjectMemory``: the one facade a host uses (SPEC §12).

Every public method checks the intent gate *before* it touches anything: a gated
intent (audit, patch) returns an empty context or records nothing without the
memory file even being opened. Storage failures never break the host's turn:
they are journaled, kept in :attr:`ProjectMemory.last_error`, and the call
degrades (an empty context, no turn id). Programming errors are not swallowed.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path
from types import TracebackType
from typing import Any

from pydantic import BaseModel

from autopatch_memory import limits
from autopatch_memory.applier import ApplyReport, discarded_report
from autopatch_memory.backends.base import SummaryBackend
from autopatch_memory.backends.heuristic import HeuristicBackend
from autopatch_memory.config import load_settings, make_backend
from autopatch_memory.context import MemoryContext, build_context, empty_context
from autopatch_memory.delta import delta_from_object, parse_delta
from autopatch_memory.errors import ConfigError, DeltaParseError, ItemNotFoundError, StoreError
from autopatch_memory.ids import Clock, local_now, new_turn_id
from autopatch_memory.intents import IntentType, memory_access, parse_intent
from autopatch_memory.journal import JournalEntry, Outcome
from autopatch_memory.model import (
    ItemStatus,
    MemoryDelta,
    MemoryDocument,
    RepoProfile,
    Turn,
)
from autopatch_memory.privacy import redact
from autopatch_memory.profile import ProfileReport, clear_cache, collect
from autopatch_memory.scheduler import Scheduler
from autopatch_memory.store import MemoryStore, Transaction
from autopatch_memory.summarizer import Summarizer, apply_in_store
from autopatch_memory.text import clean_text, clip
from autopatch_memory.triggers import Trigger, size_trigger, triggers_after_record

BackendSpec = SummaryBackend | str | None
"""``None`` (from configuration), a backend name (``"auto"``, ``"openai"``,
``"heuristic"``, ``"off"``), or a backend object."""


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
    return clip(redact(clean_text(text, single_line=False).strip()), limit)


class Failure(BaseModel):
    """The last thing that went wrong in this process (also in the journal)."""

    operation: str
    message: str


def _resolve_backend(repo_root: Path, backend: BackendSpec) -> SummaryBackend | None:
    # The two offline choices need no configuration (and cannot be broken by it).
    if backend == "off":
        return None
    if backend == "heuristic":
        return HeuristicBackend()
    if backend is None or isinstance(backend, str):
        overrides = {"backend": backend} if isinstance(backend, str) else None
        return make_backend(load_settings(repo_root, overrides))
    if isinstance(backend, SummaryBackend):
        return backend
    raise ConfigError(f"not a summary backend: {backend!r}")


class ProjectMemory:
    """The project-level Q&A memory of one repository."""

    def __init__(
        self,
        repo_root: Path,
        *,
        backend: SummaryBackend | None,
        clock: Clock = local_now,
    ) -> None:
        """Prefer :meth:`open`, which also resolves the backend and refreshes the profile."""
        self.repo_root = repo_root
        self.store = MemoryStore(repo_root, clock=clock)
        self.journal = self.store.journal
        self.backend = backend
        self.last_error: Failure | None = None
        self._summarizer = Summarizer(self.store, backend) if backend is not None else None
        self._scheduler = (
            Scheduler(self._summarizer.drain) if self._summarizer is not None else None
        )
        self._closed = False

    # -- lifecycle ----------------------------------------------------------------

    @classmethod
    def open(
        cls,
        repo_root: str | os.PathLike[str],
        backend: BackendSpec = None,
        *,
        clock: Clock | None = None,
        refresh_profile: bool = True,
    ) -> ProjectMemory:
        """Open the memory of the repository at ``repo_root``.

        ``backend``: ``None`` takes it from configuration (SPEC §10); a name
        (``"auto"``, ``"openai"``, ``"heuristic"``, ``"off"``) or a backend object
        overrides it. The repo profile is refreshed from the build files (cached,
        so cheap when nothing changed). No model is called here.
        """
        root = Path(repo_root).expanduser()
        if not root.is_dir():
            raise StoreError(f"repository folder not found: {root}")
        memory = cls(
            root.resolve(), backend=_resolve_backend(root, backend), clock=clock or local_now
        )
        if refresh_profile:
            memory.refresh_profile()
        return memory

    def close(self, wait: bool = True) -> None:
        """Stop background work: wait (bounded) for a run in flight, or drop it."""
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
        """The memory context for answering ``user_text`` (empty for gated intents)."""
        kind = parse_intent(intent)
        if not memory_access(kind).reads:
            return empty_context(kind)  # the gate: the file is not opened
        try:
            doc = self.store.read()
        except StoreError as exc:
            self._failed("context", exc)
            return empty_context(kind)
        return build_context(doc, kind, user_text)

    def record_turn(
        self,
        intent: IntentType | str,
        user_text: str,
        assistant_text: str = "",
        scope_paths: Iterable[str | os.PathLike[str]] = (),
        project_level: bool = False,
    ) -> str | None:
        """Record an answered turn; returns its id.

        Returns ``None`` without touching anything for a gated intent or an empty
        question, and ``None`` (with :attr:`last_error` set and a journal entry)
        when the file cannot be written. Text is redacted and clipped; never fails
        because of size.
        """
        kind = parse_intent(intent)
        if not memory_access(kind).writes:
            return None  # the gate: nothing is written, not even a timestamp
        if not isinstance(user_text, str) or not isinstance(assistant_text, str):
            raise TypeError("user_text and assistant_text must be str")
        if not user_text.strip():
            return None
        paths = self._scope_paths(scope_paths)

        def add(txn: Transaction) -> tuple[Turn, list[Trigger]]:
            turns = txn.doc.working_memory.recent_turns
            turn = Turn(
                id=new_turn_id(txn.now, txn.doc.all_ids()),
                intent=kind,
                user_text=_stored_text(user_text, limits.MAX_USER_TEXT_CHARS),
                assistant_text=_stored_text(assistant_text, limits.MAX_ASSISTANT_TEXT_CHARS),
                scope_paths=paths,
                created_at=txn.now,
            )
            turns.append(turn)
            while len(turns) > limits.MAX_RECENT_TURNS:
                # Oldest ready turn first: a pending one still waits for its summary.
                victim = next((t for t in turns if not t.is_pending), turns[0])
                turns.remove(victim)
                txn.log("drop_turn", Outcome.TRIMMED, target=victim.id, reason="recent_turns cap")
            txn.log("record_turn", target=turn.id)
            return turn, triggers_after_record(txn.doc, turn, project_level=project_level)

        try:
            result = self.store.update(add, actor="record")
        except StoreError as exc:
            self._failed("record_turn", exc)
            return None
        turn, fired = result.value
        if size_trigger(result.size_bytes, result.trimmed):
            fired.append(Trigger.SIZE)
        if fired:
            self._request_summary()
        return turn.id

    # -- governance -------------------------------------------------------------------

    def document(self) -> MemoryDocument:
        """A copy of the whole memory document (its ``model_dump(mode="json")`` is the file)."""
        return self.store.read().model_copy(deep=True)

    def apply_delta(
        self, delta: str | dict[str, Any] | MemoryDelta, *, actor: str = "user"
    ) -> ApplyReport:
        """Apply a Memory Delta (a model's raw reply, a decoded object, or a model).

        Every operation is validated against the current file and journaled.
        """
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
        return apply_in_store(self.store, parsed, actor=actor, bad_sections=bad)

    def summarize_now(self) -> ApplyReport | None:
        """Summarize every pending turn now, on this thread; ``None`` when nothing was pending.

        Raises :class:`~autopatch_memory.errors.BackendError` when the model call
        fails (journaled first) and :class:`ConfigError` when no backend is configured.
        """
        if self._summarizer is None:
            raise ConfigError("no summary backend is configured (backend 'off')")
        return self._summarizer.run_all()

    def wait_idle(self, timeout: float | None = None) -> bool:
        """Wait until no background run is in flight or due; False on timeout."""
        return True if self._scheduler is None else self._scheduler.wait_idle(timeout)

    def reset(self) -> int:
        """Empty the memory; returns the new ``generation``.

        Results of runs in flight (here or in another process) are discarded
        because they were computed for an older generation. Profile caches are
        removed and the profile is collected again from the build files.
        """
        generation = self.store.reset(actor="user")
        try:
            clear_cache(self.repo_root)
        except StoreError as exc:
            self._failed("reset", exc)  # memory is reset; only the cache is left over
        self.refresh_profile(use_cache=False)
        return generation

    def forget(self, item_id: str) -> None:
        """Archive a long-term item (kept, never injected), or drop a topic or turn.

        Raises :class:`ItemNotFoundError` for an id the file does not hold.
        """

        def archive(txn: Transaction) -> None:
            doc = txn.doc
            item = doc.long_term_item(item_id)
            if item is not None:
                if item.is_active:
                    item.status = ItemStatus.ARCHIVED
                    item.updated_at = txn.now
                    txn.log("forget", target=item_id)
                return
            topic = doc.topic(item_id)
            if topic is not None:
                doc.working_memory.active_topics.remove(topic)
                txn.log("forget", target=item_id)
                return
            turn = doc.turn(item_id)
            if turn is not None:
                doc.working_memory.recent_turns.remove(turn)
                txn.log("forget", target=item_id)
                return
            raise ItemNotFoundError(f"no memory item {item_id!r}")

        self.store.update(archive, actor="user")

    # -- the repo profile ---------------------------------------------------------------

    def profile(self) -> RepoProfile | None:
        """The repo profile stored in memory (``None`` before one was collected)."""
        return self.store.read().repo_profile

    def refresh_profile(self, *, use_cache: bool = True) -> ProfileReport:
        """Collect the profile from the build files and store it if it changed.

        Never raises for repository content; a write failure is journaled and
        kept in :attr:`last_error`.
        """
        report = collect(self.repo_root, use_cache=use_cache)
        new = report.profile

        stored = None if new.is_empty and not new.source_files else new

        def store_profile(txn: Transaction) -> None:
            old = txn.doc.repo_profile
            if (old and old.facts()) == (stored and stored.facts()):
                return  # unchanged: no write, no journal entry
            txn.doc.repo_profile = stored
            txn.log("profile", target=",".join(new.source_files) or None)

        try:
            self.store.update(store_profile, actor="profile")
        except StoreError as exc:
            self._failed("profile", exc)
        return report

    # -- operator view --------------------------------------------------------------------

    def last_failure(self) -> JournalEntry | None:
        """The most recent failure recorded in the journal (any process)."""
        try:
            return self.journal.last_failure()
        except StoreError:
            return None

    # -- internals --------------------------------------------------------------------------

    def _request_summary(self) -> None:
        if self._scheduler is not None and not self._closed:
            self._scheduler.request()

    def _failed(self, operation: str, exc: Exception) -> None:
        self.last_error = Failure(operation=operation, message=str(exc))
        self.journal.record(
            "store", operation, Outcome.FAILED, reason=type(exc).__name__, detail=str(exc)
        )

    def _scope_paths(self, paths: Iterable[str | os.PathLike[str]]) -> list[str]:
        """Repo-relative POSIX paths, de-duplicated, capped in number and length.

        Absolute paths outside the repository are dropped: they are not about this
        project and would put the host's own folders into memory.
        """
        if isinstance(paths, (str, os.PathLike)):
            paths = [paths]
        result: list[str] = []
        for raw in paths:
            # Redact first: normalizing "scheme://user:pw@host" would hide the pattern.
            path = Path(redact(os.fspath(raw)))
            if path.is_absolute():
                try:
                    path = path.resolve().relative_to(self.repo_root)
                except ValueError:
                    continue
            text = clip(path.as_posix(), limits.MAX_SCOPE_PATH_CHARS)
            if text and text != "." and text not in result:
                result.append(text)
            if len(result) == limits.MAX_SCOPE_PATHS:
                break
        return result


__all__ = ["BackendSpec", "Failure", "ProjectMemory"]
