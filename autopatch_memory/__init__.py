"""autopatch-memory: the project-level Q&A memory of a Java-repo assistant.

Raw turns are material, not memory. A summary is context, not fact. Long-term
memory is a governed asset. The model understands; the program constrains.
Q&A has memory; audit and patch flows stay isolated.
"""

from __future__ import annotations

from autopatch_memory.applier import AcceptedOp, ApplyReport, RejectedOp
from autopatch_memory.backends.base import SummaryBackend, SummaryRequest
from autopatch_memory.context import ContextItem, ContextSection, MemoryContext
from autopatch_memory.errors import (
    AutopatchMemoryError,
    BackendAuthError,
    BackendError,
    BackendResponseError,
    BackendTimeoutError,
    BackendUnavailableError,
    BuildFileError,
    CatalogError,
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
from autopatch_memory.intents import IntentType
from autopatch_memory.memory import ProjectMemory
from autopatch_memory.model import MemoryDelta, MemoryDocument, RepoProfile
from autopatch_memory.profile import collect_repo_profile
from autopatch_memory.reasons import Reason

__version__ = "0.1.0"

__all__ = [
    "AcceptedOp",
    "ApplyReport",
    "AutopatchMemoryError",
    "BackendAuthError",
    "BackendError",
    "BackendResponseError",
    "BackendTimeoutError",
    "BackendUnavailableError",
    "BuildFileError",
    "CatalogError",
    "ConfigError",
    "ContextItem",
    "ContextSection",
    "DeltaError",
    "DeltaParseError",
    "HardLimitError",
    "IntentType",
    "InvalidReplyError",
    "ItemNotFoundError",
    "LockTimeoutError",
    "MemoryContext",
    "MemoryDelta",
    "MemoryDocument",
    "PomError",
    "ProjectMemory",
    "Reason",
    "RejectedOp",
    "RepoProfile",
    "StoreError",
    "SummaryBackend",
    "SummaryRequest",
    "UnknownIntentError",
    "collect_repo_profile",
]
