"""autopatch-memory: the project-level Q&A memory of a Java-repo assistant.

Raw turns are material, not memory. A summary is context, not fact. Long-term
memory is a governed asset. The model understands; the program constrains.
Q&A has memory; audit and patch flows stay isolated.

Everything a host uses is importable from here (``__all__``; a test pins the
list); embedding it is described in docs/embedding.md. The kit for a host's own
tests is :mod:`autopatch_memory.testing`.

Each name is imported from its module on first use (:mod:`autopatch_memory.lazy`):
``import autopatch_memory`` loads none of the modules behind them.
"""

import logging as _logging
import typing as _typing

from autopatch_memory.lazy import lazy_names as _lazy_names

if _typing.TYPE_CHECKING:  # what type checkers and IDEs see; at run time, __getattr__ below
    from autopatch_memory.apply_report import AcceptedOp, ApplyReport, RejectedOp
    from autopatch_memory.backends.base import (
        ChatModel,
        SummaryBackend,
        SummaryItem,
        SummaryRequest,
        SummaryTurn,
    )
    from autopatch_memory.backends.chat import ChatSummaryBackend
    from autopatch_memory.backends.llm import AnswerBackend, BackendCheck, StructuredOutput
    from autopatch_memory.changes import ChangeAction, ChangeOutcome, MemoryChange
    from autopatch_memory.config import (
        ENV_API_KEY,
        ENV_BASE_URL,
        ENV_MODEL,
        ENV_TIMEOUT,
        BackendChoice,
        MemorySettings,
        make_answerer,
    )
    from autopatch_memory.context import (
        ContextItem,
        ContextSection,
        ContextSize,
        MemoryContext,
        empty_context,
        estimate_tokens,
        history_replay_size,
    )
    from autopatch_memory.delta import extract_json_object
    from autopatch_memory.diagnostics import Check, CheckName, CheckStatus, Diagnosis, diagnose
    from autopatch_memory.directives import Directive, DirectiveKind, directives_in
    from autopatch_memory.editing import EditPlan, EditStep
    from autopatch_memory.errors import (
        AutopatchMemoryError,
        BackendAuthError,
        BackendError,
        BackendResponseError,
        BackendTimeoutError,
        BackendUnavailableError,
        BuildFileError,
        CatalogError,
        ChangeRejectedError,
        ConfigError,
        DeltaError,
        DeltaParseError,
        HardLimitError,
        InvalidReplyError,
        ItemNotFoundError,
        LockTimeoutError,
        PomError,
        StoreError,
        UnknownIntentError,
    )
    from autopatch_memory.events import EventCallback, EventKind, MemoryEvent
    from autopatch_memory.exchange import ExportFormat, ImportReport, export_markdown
    from autopatch_memory.intents import IntentType, MemoryAccess, memory_access, parse_intent
    from autopatch_memory.item_labels import label_is_redundant
    from autopatch_memory.journal import JournalEntry, Outcome
    from autopatch_memory.memory import BackendSpec, Failure, HostModel, ProjectMemory
    from autopatch_memory.model import (
        DELTA_SECTIONS,
        BuildTool,
        ItemStatus,
        LongTermItem,
        LongTermMemory,
        LongTermType,
        MemoryDelta,
        MemoryDocument,
        Origin,
        RepoProfile,
        Source,
        SummaryStatus,
        Topic,
        Turn,
        WorkingMemory,
    )
    from autopatch_memory.privacy import redact
    from autopatch_memory.profile import (
        BUILD_FILES,
        REPO_MARKERS,
        ProfileReport,
        collect_repo_profile,
        find_repo_root,
    )
    from autopatch_memory.reasons import Reason
    from autopatch_memory.scheduler import Backoff
    from autopatch_memory.search import ItemHistory, MemoryItemKind, SearchHit
    from autopatch_memory.status import FileProblem, MemoryFileInfo, MemoryPaths, MemoryStatus
    from autopatch_memory.store import MEMORY_DIR_NAME, LoadProblem, ResetResult
    from autopatch_memory.text import (
        TERMINAL_UNSAFE_RE,
        Language,
        clean_output,
        clean_text,
        has_project_signal,
    )
    from autopatch_memory.text import normalize as normalize_text
    from autopatch_memory.undo import UndoReport

    __version__: str

# What is exported, by the submodule that defines it: each name is imported from
# there on first use; the imports above say the same to type checkers.
_EXPORTS: dict[str, tuple[str, ...]] = {
    "apply_report": ("AcceptedOp", "ApplyReport", "RejectedOp"),
    "backends.base": (
        "ChatModel",
        "SummaryBackend",
        "SummaryItem",
        "SummaryRequest",
        "SummaryTurn",
    ),
    "backends.chat": ("ChatSummaryBackend",),
    "backends.llm": ("AnswerBackend", "BackendCheck", "StructuredOutput"),
    "config": (
        "ENV_API_KEY",
        "ENV_BASE_URL",
        "ENV_MODEL",
        "ENV_TIMEOUT",
        "BackendChoice",
        "MemorySettings",
        "make_answerer",
    ),
    "context": (
        "ContextItem",
        "ContextSection",
        "ContextSize",
        "MemoryContext",
        "empty_context",
        "estimate_tokens",
        "history_replay_size",
    ),
    "delta": ("extract_json_object",),
    "diagnostics": ("Check", "CheckName", "CheckStatus", "Diagnosis", "diagnose"),
    "directives": ("Directive", "DirectiveKind", "directives_in"),
    "errors": (
        "AutopatchMemoryError",
        "BackendAuthError",
        "BackendError",
        "BackendResponseError",
        "BackendTimeoutError",
        "BackendUnavailableError",
        "BuildFileError",
        "CatalogError",
        "ChangeRejectedError",
        "ConfigError",
        "DeltaError",
        "DeltaParseError",
        "HardLimitError",
        "InvalidReplyError",
        "ItemNotFoundError",
        "LockTimeoutError",
        "PomError",
        "StoreError",
        "UnknownIntentError",
    ),
    "editing": ("EditPlan", "EditStep"),
    "events": ("EventCallback", "EventKind", "MemoryEvent"),
    "exchange": ("ExportFormat", "ImportReport", "export_markdown"),
    "changes": ("ChangeAction", "ChangeOutcome", "MemoryChange"),
    "item_labels": ("label_is_redundant",),
    "intents": ("IntentType", "MemoryAccess", "memory_access", "parse_intent"),
    "journal": ("JournalEntry", "Outcome"),
    "memory": ("BackendSpec", "Failure", "HostModel", "ProjectMemory"),
    "model": (
        "DELTA_SECTIONS",
        "BuildTool",
        "ItemStatus",
        "LongTermItem",
        "LongTermMemory",
        "LongTermType",
        "MemoryDelta",
        "MemoryDocument",
        "Origin",
        "RepoProfile",
        "Source",
        "SummaryStatus",
        "Topic",
        "Turn",
        "WorkingMemory",
    ),
    "profile": (
        "BUILD_FILES",
        "REPO_MARKERS",
        "ProfileReport",
        "collect_repo_profile",
        "find_repo_root",
    ),
    "privacy": ("redact",),
    "reasons": ("Reason",),
    "scheduler": ("Backoff",),
    "search": ("ItemHistory", "MemoryItemKind", "SearchHit"),
    "status": ("FileProblem", "MemoryFileInfo", "MemoryPaths", "MemoryStatus"),
    "store": ("MEMORY_DIR_NAME", "LoadProblem", "ResetResult"),
    "text": (
        "TERMINAL_UNSAFE_RE",
        "Language",
        "clean_output",
        "clean_text",
        "has_project_signal",
        "normalize_text",
    ),
    "undo": ("UndoReport",),
}

# A library never prints on its own: what it logs (a contained bug on the worker
# thread) reaches the host's handlers if it configured any, and nothing otherwise.
_logging.getLogger(__name__).addHandler(_logging.NullHandler())


def _version() -> str:
    # importlib.metadata (and the email package under it) is slow to import: only
    # `--version` pays for it.
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("autopatch-memory")
    except PackageNotFoundError:  # pragma: no cover - a source tree that was never installed
        return "0+unknown"


if not _typing.TYPE_CHECKING:  # hidden from type checkers: a misspelt name stays an error
    _exported, __dir__ = _lazy_names(__name__, _EXPORTS, renamed={"normalize_text": "normalize"})

    def __getattr__(name: str) -> object:
        """An exported name, imported from its submodule on first use."""
        if name == "__version__":
            globals()[name] = _version()
            return globals()[name]
        return _exported(name)


__all__ = [
    "BUILD_FILES",
    "DELTA_SECTIONS",
    "ENV_API_KEY",
    "ENV_BASE_URL",
    "ENV_MODEL",
    "ENV_TIMEOUT",
    "MEMORY_DIR_NAME",
    "REPO_MARKERS",
    "TERMINAL_UNSAFE_RE",
    "AcceptedOp",
    "AnswerBackend",
    "ApplyReport",
    "AutopatchMemoryError",
    "BackendAuthError",
    "BackendCheck",
    "BackendChoice",
    "BackendError",
    "BackendResponseError",
    "BackendSpec",
    "BackendTimeoutError",
    "BackendUnavailableError",
    "Backoff",
    "BuildFileError",
    "BuildTool",
    "CatalogError",
    "ChangeAction",
    "ChangeOutcome",
    "ChangeRejectedError",
    "ChatModel",
    "ChatSummaryBackend",
    "Check",
    "CheckName",
    "CheckStatus",
    "ConfigError",
    "ContextItem",
    "ContextSection",
    "ContextSize",
    "DeltaError",
    "DeltaParseError",
    "Diagnosis",
    "Directive",
    "DirectiveKind",
    "EditPlan",
    "EditStep",
    "EventCallback",
    "EventKind",
    "ExportFormat",
    "Failure",
    "FileProblem",
    "HardLimitError",
    "HostModel",
    "ImportReport",
    "IntentType",
    "InvalidReplyError",
    "ItemHistory",
    "ItemNotFoundError",
    "ItemStatus",
    "JournalEntry",
    "Language",
    "LoadProblem",
    "LockTimeoutError",
    "LongTermItem",
    "LongTermMemory",
    "LongTermType",
    "MemoryAccess",
    "MemoryChange",
    "MemoryContext",
    "MemoryDelta",
    "MemoryDocument",
    "MemoryEvent",
    "MemoryFileInfo",
    "MemoryItemKind",
    "MemoryPaths",
    "MemorySettings",
    "MemoryStatus",
    "Origin",
    "Outcome",
    "PomError",
    "ProfileReport",
    "ProjectMemory",
    "Reason",
    "RejectedOp",
    "RepoProfile",
    "ResetResult",
    "SearchHit",
    "Source",
    "StoreError",
    "StructuredOutput",
    "SummaryBackend",
    "SummaryItem",
    "SummaryRequest",
    "SummaryStatus",
    "SummaryTurn",
    "Topic",
    "Turn",
    "UndoReport",
    "UnknownIntentError",
    "WorkingMemory",
    "__version__",
    "clean_output",
    "clean_text",
    "collect_repo_profile",
    "diagnose",
    "directives_in",
    "empty_context",
    "estimate_tokens",
    "export_markdown",
    "extract_json_object",
    "find_repo_root",
    "has_project_signal",
    "history_replay_size",
    "label_is_redundant",
    "make_answerer",
    "memory_access",
    "normalize_text",
    "parse_intent",
    "redact",
]
