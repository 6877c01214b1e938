"""Health checks of one repository's memory: what ``doctor`` reports (docs/cli.md,
docs/design.md#failure-policy).

Nothing is silent for the operator: a repository or folder memory cannot be
written to, a corrupt or salvaged file, a backup left behind, temp files left by
a crash, a lock another process holds, a journal that cannot be written or that
records writes which never reached the file, a broken configuration or the last
failure in the journal all show up here. :func:`diagnose` reads; it calls a model
only when asked (``check_model``), and repairs only when asked (``repair``: the file's
problem is handled at once, as the next write would handle it, and said in plain
words). Otherwise it never writes the memory file; the only file it may create is the
lock file, because trying the lock is the lock check.

This module is library code: it returns data (:class:`Diagnosis`) and leaves
presenting it to the caller.
"""

from __future__ import annotations

import os
import time
from enum import Enum
from pathlib import Path

from pydantic import BaseModel, Field, computed_field

from autopatch_memory import limits
from autopatch_memory.config import (
    ENV_BASE_URL,
    ENV_MODEL,
    MemorySettings,
    SettingOrigin,
    make_answerer,
    project_config_path,
)
from autopatch_memory.errors import ConfigError, StoreError
from autopatch_memory.journal import JournalEntry, unlanded_writes
from autopatch_memory.memory import ProjectMemory
from autopatch_memory.model import MemoryDocument, check_invariants, conflicting_pairs
from autopatch_memory.safe_io import check_regular_or_absent, check_state_dir
from autopatch_memory.status import MemoryFileInfo, MemoryPaths
from autopatch_memory.store import BACKUP_PATTERNS, LoadProblem

__all__ = ["BACKUP_PATTERNS", "Check", "CheckName", "CheckStatus", "Diagnosis", "diagnose"]

# Temp files of an atomic write ("."-prefixed, ".tmp"): left behind only by a crash.
TEMP_FILE_PATTERN = ".*.tmp"
_MS_PER_SECOND = 1000


class CheckStatus(str, Enum):
    """The verdict of one check."""

    OK = "ok"
    WARN = "warn"  # works, but the operator should look
    ERROR = "error"  # memory cannot work as it should
    SKIPPED = "skipped"  # not applicable, or not asked for

    def __str__(self) -> str:
        return self.value


class CheckName(str, Enum):
    """The checks, in the order they are reported."""

    REPAIR = "repair"  # only when asked (doctor --repair)
    FOLDER = "folder"
    MEMORY_FILE = "memory_file"
    SIZE = "size"
    INVARIANTS = "invariants"
    CONFLICTS = "conflicts"  # active rules or notes that may contradict each other in part
    BACKUPS = "backups"
    LOCK = "lock"
    JOURNAL = "journal"
    CONFIG = "config"
    REPO_CONFIG = "repo_config"  # only when the repository has a config file
    PROFILE = "profile"
    MODEL = "model"

    def __str__(self) -> str:
        return self.value


class Check(BaseModel):
    """One finding: a verdict, one summary line and optional detail lines."""

    name: CheckName
    status: CheckStatus
    summary: str
    details: list[str] = Field(default_factory=list)


class Diagnosis(BaseModel):
    """Everything ``doctor`` found about one repository's memory."""

    repo: str
    memory_file: str
    size_bytes: int | None = None  # None when there is no readable file
    soft_limit_bytes: int = limits.SOFT_LIMIT_BYTES
    hard_limit_bytes: int = limits.HARD_LIMIT_BYTES
    settings: dict[str, str] = Field(default_factory=dict)  # redacted, from config.describe()
    last_failure: JournalEntry | None = None
    checks: list[Check] = Field(default_factory=list)

    @computed_field  # type: ignore[prop-decorator]
    @property
    def ok(self) -> bool:
        """No check ended in an error (warnings are allowed)."""
        return all(check.status is not CheckStatus.ERROR for check in self.checks)

    def check(self, name: CheckName | str) -> Check | None:
        """The check called ``name``, if it ran."""
        wanted = CheckName(name)
        return next((c for c in self.checks if c.name is wanted), None)


def _kib(size: int) -> str:
    return f"{size / limits.KIB:.1f} KiB"


def _limits_text() -> str:
    return (
        f"soft limit {limits.SOFT_LIMIT_BYTES // limits.KIB} KiB, "
        f"hard limit {limits.HARD_LIMIT_BYTES // limits.KIB} KiB"
    )


def _folder_check(repo_root: Path, folder: Path) -> Check:
    try:
        exists = check_state_dir(folder)
    except StoreError as exc:
        return Check(
            name=CheckName.FOLDER,
            status=CheckStatus.ERROR,
            summary=f"{exc}: memory cannot be written (move it away)",
        )
    if not exists:
        if not os.access(repo_root, os.W_OK | os.X_OK):
            return Check(
                name=CheckName.FOLDER,
                status=CheckStatus.ERROR,
                summary=f"the repository {repo_root} is not writable: "
                f"{folder.name}/ cannot be created, nothing can be remembered",
            )
        return Check(
            name=CheckName.FOLDER,
            status=CheckStatus.OK,
            summary=f"{folder.name}/ does not exist yet (created on the first write)",
        )
    if not os.access(folder, os.W_OK | os.X_OK):
        return Check(
            name=CheckName.FOLDER,
            status=CheckStatus.ERROR,
            summary=f"{folder} is not writable: memory cannot be written",
        )
    try:
        leftovers = sorted(p.name for p in folder.glob(TEMP_FILE_PATTERN))
    except OSError:
        leftovers = []
    if leftovers:
        return Check(
            name=CheckName.FOLDER,
            status=CheckStatus.WARN,
            summary=f"{folder} is writable; {len(leftovers)} temp file(s) left by an "
            "interrupted write (removed by the next write or reset)",
            details=leftovers,
        )
    return Check(name=CheckName.FOLDER, status=CheckStatus.OK, summary=f"{folder} is writable")


# The memory file as read once for every check that looks at it, or why it could not be.
_FileRead = tuple[MemoryFileInfo, MemoryDocument] | StoreError


def _read_file(memory: ProjectMemory) -> _FileRead:
    try:
        return memory.read_file()
    except StoreError as exc:
        return exc


def _file_checks(read: _FileRead) -> tuple[list[Check], int | None]:
    """The file, size and invariant checks, and the file's size (None: no file)."""
    if isinstance(read, StoreError):
        return (
            [Check(name=CheckName.MEMORY_FILE, status=CheckStatus.ERROR, summary=str(read))],
            None,
        )
    info, doc = read
    if not info.exists:
        return (
            [
                Check(
                    name=CheckName.MEMORY_FILE,
                    status=CheckStatus.OK,
                    summary="no memory file yet (memory is empty)",
                )
            ],
            None,
        )
    checks = [_memory_file_check(info, doc)]
    checks.append(_size_check(info.size_bytes, doc))
    problem = info.problem
    if problem is None or problem.kind is LoadProblem.SALVAGED:
        checks.append(_invariants_check(doc))
    checks.append(_conflicts_check(doc))
    return checks, info.size_bytes


def _conflicts_check(doc: MemoryDocument) -> Check:
    # A warning: both items stay active and both reach the model until the user decides.
    pairs = conflicting_pairs(doc)
    if not pairs:
        return Check(
            name=CheckName.CONFLICTS,
            status=CheckStatus.OK,
            summary="no rules or notes recorded as contradicting each other",
        )
    return Check(
        name=CheckName.CONFLICTS,
        status=CheckStatus.WARN,
        summary=f"{len(pairs)} pair(s) of active items may contradict each other in part "
        "(both kept and both given to the model): forget or edit one of each",
        details=[f"{a.id} {a.label!r} ↔ {b.id} {b.label!r}" for a, b in pairs],
    )


def _invariants_check(doc: MemoryDocument) -> Check:
    # A warning, not an error: only a file this program did not write (the reference
    # implementation's caps are per list, a hand edit) breaks a cap, and memory works
    # with it. Nothing is lost; the next write brings working memory within its caps,
    # and new long-term items are refused (capacity) while the items are over theirs.
    broken = check_invariants(doc)
    if not broken:
        return Check(
            name=CheckName.INVARIANTS,
            status=CheckStatus.OK,
            summary="every cap and field rule holds",
        )
    return Check(
        name=CheckName.INVARIANTS,
        status=CheckStatus.WARN,
        summary=f"{len(broken)} broken (a file this program did not write; memory works, "
        "nothing is dropped; forget items to bring long-term memory within its cap)",
        details=broken,
    )


def _memory_file_check(info: MemoryFileInfo, doc: MemoryDocument) -> Check:
    problem = info.problem
    if problem is None:
        return Check(
            name=CheckName.MEMORY_FILE,
            status=CheckStatus.OK,
            summary=f"valid (format version {doc.version}, generation {doc.generation})",
        )
    if problem.kind is LoadProblem.SALVAGED:
        return Check(
            name=CheckName.MEMORY_FILE,
            status=CheckStatus.WARN,
            summary=f"salvaged: {len(problem.dropped)} invalid part(s) left out, everything "
            f"else is used; the next write (or doctor --repair) keeps the original as "
            f"{problem.backup_name}",
            details=[*_shown(problem.dropped), *problem.notes],
        )
    if problem.kept:
        # Memory works with what still parses: the operator should look, not worry.
        return Check(
            name=CheckName.MEMORY_FILE,
            status=CheckStatus.WARN,
            summary=f"{problem.kind.value}: {problem.detail}",
            details=[
                f"what still parses is used: {problem.kept}",
                *(f"lost: {part}" for part in _shown(problem.dropped)),
                *problem.notes,
                f"the next write (or doctor --repair) moves the original to "
                f"{problem.backup_name}, byte for byte",
            ],
        )
    return Check(
        name=CheckName.MEMORY_FILE,
        status=CheckStatus.ERROR,
        summary=f"{problem.kind.value}: {problem.detail}",
        details=[
            f"memory reads as empty; the next write (or doctor --repair) moves the file to "
            f"{problem.backup_name}"
        ],
    )


def _shown(lines: list[str]) -> list[str]:
    """At most ``DOCTOR_DETAIL_LINES`` of ``lines``, and how many more there are."""
    shown = lines[: limits.DOCTOR_DETAIL_LINES]
    more = len(lines) - len(shown)
    return [*shown, f"+{more} more (the backup keeps them)"] if more > 0 else shown


def _repair_check(memory: ProjectMemory) -> Check:
    """Handle the memory file's problem now (doctor --repair), and say what was done."""
    try:
        done = memory.repair_file()
    except StoreError as exc:
        return Check(
            name=CheckName.REPAIR, status=CheckStatus.ERROR, summary=f"cannot repair: {exc}"
        )
    if not done:
        return Check(name=CheckName.REPAIR, status=CheckStatus.OK, summary="nothing to repair")
    said = []
    for entry in done:
        if entry.op == "salvage":
            said.append(
                f"rewrote {memory.paths.memory_file.name} without its invalid parts; "
                f"the original is {entry.target}"
            )
        else:
            said.append(f"moved {memory.paths.memory_file.name} aside to {entry.target}")
    # Parts that could not be read were left out: the originals keep them, but the file
    # no longer does, and the operator should look.
    lost = any(entry.op == "salvage" or "; lost " in (entry.detail or "") for entry in done)
    return Check(
        name=CheckName.REPAIR,
        status=CheckStatus.WARN if lost else CheckStatus.OK,
        summary="; ".join(said),
        details=[entry.detail for entry in done if entry.detail],
    )


def _size_check(size: int, doc: MemoryDocument) -> Check:
    if size > limits.HARD_LIMIT_BYTES:
        status, note = CheckStatus.ERROR, "over the hard limit"
    elif size > limits.SOFT_LIMIT_BYTES:
        status, note = CheckStatus.WARN, "over the soft limit: the next write trims working memory"
    else:
        status, note = CheckStatus.OK, "within budget"
    wm, ltm = doc.working_memory, doc.long_term_memory
    return Check(
        name=CheckName.SIZE,
        status=status,
        summary=f"{_kib(size)} ({size} bytes): {note} ({_limits_text()})",
        details=[
            f"recent turns: {len(wm.recent_turns)} of {limits.MAX_RECENT_TURNS} "
            f"({len(doc.pending_turns())} pending)",
            f"active topics: {len(wm.active_topics)} of {limits.MAX_ACTIVE_TOPICS}",
            f"long-term items: {len(ltm.items())} of {limits.MAX_LONG_TERM_ITEMS} "
            f"({len(ltm.durable_preferences)} preferences, {len(ltm.project_notes)} notes)",
        ],
    )


def _backups_check(folder: Path) -> Check:
    if not folder.is_dir():
        return Check(name=CheckName.BACKUPS, status=CheckStatus.OK, summary="none")
    try:
        found = sorted({p.name for pattern in BACKUP_PATTERNS for p in folder.glob(pattern)})
    except OSError as exc:
        return Check(name=CheckName.BACKUPS, status=CheckStatus.WARN, summary=f"cannot list: {exc}")
    if not found:
        return Check(name=CheckName.BACKUPS, status=CheckStatus.OK, summary="none")
    return Check(
        name=CheckName.BACKUPS,
        status=CheckStatus.WARN,
        summary=f"{len(found)} set-aside file(s): a corrupt, foreign-version, oversized or "
        "salvaged memory file was kept for you to inspect (delete them when done)",
        details=found,
    )


def _lock_check(memory: ProjectMemory) -> Check:
    folder, lock_path = memory.paths.folder, memory.paths.lock_file
    try:
        usable = check_state_dir(folder)
    except StoreError:
        usable = False  # the folder check reports it
    if not usable:
        return Check(
            name=CheckName.LOCK, status=CheckStatus.SKIPPED, summary="no usable memory folder"
        )
    try:
        check_regular_or_absent(lock_path)
    except StoreError as exc:
        return Check(name=CheckName.LOCK, status=CheckStatus.ERROR, summary=str(exc))
    # Imported here: only this check needs filelock, slow to import, and every
    # command of the command line imports this module.
    from filelock import FileLock, Timeout

    timeout = limits.DOCTOR_LOCK_TIMEOUT_SECONDS
    lock = FileLock(str(lock_path), timeout=timeout, poll_interval=limits.LOCK_POLL_SECONDS)
    started = time.monotonic()
    try:
        with lock:
            waited = time.monotonic() - started
    except Timeout:
        return Check(
            name=CheckName.LOCK,
            status=CheckStatus.WARN,
            summary=f"another process held {lock_path.name} for more than {timeout:g} s "
            "(a long write, or a stuck process)",
        )
    except OSError as exc:
        return Check(
            name=CheckName.LOCK,
            status=CheckStatus.ERROR,
            summary=f"cannot lock {lock_path}: {exc.strerror or exc}",
        )
    return Check(
        name=CheckName.LOCK,
        status=CheckStatus.OK,
        summary=f"acquired and released in {waited * _MS_PER_SECOND:.0f} ms",
    )


def _journal_unwritable(paths: MemoryPaths) -> str | None:
    """Why appending to the journal would fail, or ``None`` (checked, never written)."""
    try:
        if not check_state_dir(paths.folder):
            return None  # created with the folder (see the folder check)
        check_regular_or_absent(paths.journal_file)
    except StoreError as exc:
        return str(exc)
    if not os.access(paths.folder, os.W_OK | os.X_OK):
        return f"{paths.folder} is not writable"
    if os.path.lexists(paths.journal_file) and not os.access(paths.journal_file, os.W_OK):
        return f"{paths.journal_file} is not writable"
    return None


def _journal_check(memory: ProjectMemory, read: _FileRead) -> tuple[Check, JournalEntry | None]:
    try:
        entries = memory.journal_entries()
    except StoreError as exc:
        return Check(name=CheckName.JOURNAL, status=CheckStatus.ERROR, summary=str(exc)), None
    unwritable = _journal_unwritable(memory.paths)
    if unwritable is not None:
        summary = f"cannot be written ({unwritable}): changes and failures go unrecorded"
        return Check(name=CheckName.JOURNAL, status=CheckStatus.ERROR, summary=summary), None
    failure = next((e for e in reversed(entries) if e.is_failure), None)
    lost = _unlanded(read, entries)
    if failure is None and not lost:
        return (
            Check(
                name=CheckName.JOURNAL,
                status=CheckStatus.OK,
                summary=f"{len(entries)} entries, no failure recorded",
            ),
            None,
        )
    parts: list[str] = []
    details: list[str] = []
    if lost:
        parts.append(
            f"{len(lost)} journaled write(s) never reached {memory.paths.memory_file.name} "
            "(interrupted between the journal and the file replace, or the file was "
            "changed by another program): their entries describe changes not in the file"
        )
        details.extend(f"write {digest}" for digest in lost)
    if failure is not None:
        parts.append(
            f"last failure {failure.ts.isoformat()}: {failure.actor} {failure.op}"
            + (f" ({failure.reason})" if failure.reason else "")
        )
        details.extend([failure.detail] if failure.detail else [])
    return (
        Check(
            name=CheckName.JOURNAL,
            status=CheckStatus.WARN,
            summary="; ".join(parts),
            details=details,
        ),
        failure,
    )


def _unlanded(read: _FileRead, entries: list[JournalEntry]) -> list[str]:
    if isinstance(read, StoreError):
        return []  # the memory file check reports it
    info = read[0]
    if info.exists and info.digest is None:
        return []  # too large to read: not this program's file (reported above)
    return unlanded_writes(entries, info.digest)


def _profile_check(repo_root: Path) -> Check:
    # Imported here: only this check needs the build-file parsers, and every command
    # of the command line imports this module.
    from autopatch_memory.profile import collect

    # A fresh collection that writes nothing (no cache), so doctor sees what is there now.
    report = collect(repo_root, use_cache=False)
    profile = report.profile
    if profile.is_empty:
        summary = "no build file or README title found: no repo profile"
        status = CheckStatus.WARN
    else:
        parts = [
            part
            for part in (
                profile.build_tool.value if profile.build_tool else None,
                f"Java {profile.java_version}" if profile.java_version else None,
                f"{profile.module_count or len(profile.modules)} module(s)"
                if profile.modules
                else None,
                ", ".join(profile.frameworks) if profile.frameworks else None,
            )
            if part
        ]
        summary = "; ".join(parts) + f" (from {', '.join(profile.source_files) or 'nothing'})"
        status = CheckStatus.WARN if report.problems else CheckStatus.OK
    return Check(name=CheckName.PROFILE, status=status, summary=summary, details=report.problems)


def diagnose(
    memory: ProjectMemory, *, check_model: bool = False, repair: bool = False
) -> Diagnosis:
    """Check the memory of ``memory``'s repository; see the module docstring.

    ``check_model``: also probe the configured model endpoint once (a network
    call, bounded by :data:`~autopatch_memory.limits.LLM_CHECK_TIMEOUT_SECONDS`).
    ``repair``: first handle a problem of the memory file (a salvage, a corrupt,
    foreign or oversized file set aside) as the next write would, and report what was
    done as the first check; the other checks then see the file as it is afterwards.
    """
    paths = memory.paths
    checks: list[Check] = [_repair_check(memory)] if repair else []
    checks.append(_folder_check(memory.repo_root, paths.folder))
    read = _read_file(memory)
    file_checks, size = _file_checks(read)
    checks.extend(file_checks)
    checks.append(_backups_check(paths.folder))
    checks.append(_lock_check(memory))
    journal_check, failure = _journal_check(memory, read)
    checks.append(journal_check)

    described: dict[str, str] = {}
    settings: MemorySettings | None = None
    try:
        settings = MemorySettings.from_env(memory.repo_root)
    except ConfigError as exc:
        checks.append(Check(name=CheckName.CONFIG, status=CheckStatus.ERROR, summary=str(exc)))
    else:
        described = settings.describe()
        answering = settings.model or "none"
        checks.append(
            Check(
                name=CheckName.CONFIG,
                status=CheckStatus.WARN if settings.warnings else CheckStatus.OK,
                summary=f"summary backend {settings.resolved_backend().value}; "
                f"answering model {answering}",
                details=[f"{key}: {value}" for key, value in described.items()],
            )
        )
        repo_check = _repo_config_check(settings, project_config_path(memory.repo_root))
        if repo_check is not None:
            checks.append(repo_check)
    checks.append(_profile_check(memory.repo_root))
    checks.append(_model_check(settings, check_model))
    return Diagnosis(
        repo=str(memory.repo_root),
        memory_file=str(paths.memory_file),
        size_bytes=size,
        settings=described,
        last_failure=failure,
        checks=checks,
    )


def _repo_config_check(settings: MemorySettings, path: Path) -> Check | None:
    """What the repository's own config file tried to set (None: it has none)."""
    if settings.ignored_project_keys:
        keys = ", ".join(settings.ignored_project_keys)
        return Check(
            name=CheckName.REPO_CONFIG,
            status=CheckStatus.WARN,
            summary=f"the repository's {path.parent.name}/{path.name} tried to set {keys}: "
            "ignored (a repository's file may only narrow: lower limits, summaries off)",
            details=[str(path)],
        )
    if str(path) not in settings.files:
        return None
    label = f"{SettingOrigin.PROJECT_FILE.value} {path}"
    narrowed = sorted(key for key, source in settings.sources.items() if source == label)
    return Check(
        name=CheckName.REPO_CONFIG,
        status=CheckStatus.OK,
        summary="only narrows: " + (", ".join(narrowed) if narrowed else "nothing set"),
        details=[str(path)],
    )


def _model_check(settings: MemorySettings | None, check_model: bool) -> Check:
    if settings is None:
        return Check(
            name=CheckName.MODEL, status=CheckStatus.SKIPPED, summary="configuration is broken"
        )
    if not settings.model:
        return Check(
            name=CheckName.MODEL,
            status=CheckStatus.SKIPPED,
            summary=f"no model configured (set {ENV_MODEL}, and {ENV_BASE_URL} for a local server)",
        )
    if not check_model:
        return Check(
            name=CheckName.MODEL,
            status=CheckStatus.SKIPPED,
            summary="not checked (ask with --check-model; it makes one network call)",
        )
    try:
        answerer = make_answerer(settings)
    except ConfigError as exc:
        return Check(name=CheckName.MODEL, status=CheckStatus.ERROR, summary=str(exc))
    if answerer is None:  # pragma: no cover - settings.model was checked above
        return Check(name=CheckName.MODEL, status=CheckStatus.SKIPPED, summary="no model")
    result = answerer.check()
    return Check(
        name=CheckName.MODEL,
        status=CheckStatus.OK if result.ok else CheckStatus.ERROR,
        summary=result.detail,
        details=result.models,
    )
