"""The public names of autopatch_memory, written once: type checkers read them here,
and at run time the package loads each from its module on first use
(autopatch_memory/lazy.py; __all__ is derived from this file)."""

from autopatch_memory.apply_report import (
    AcceptedOp as AcceptedOp,
    ApplyReport as ApplyReport,
    RejectedOp as RejectedOp,
)
from autopatch_memory.backends.base import (
    ChatModel as ChatModel,
    SummaryBackend as SummaryBackend,
    SummaryItem as SummaryItem,
    SummaryRequest as SummaryRequest,
    SummaryTurn as SummaryTurn,
)
from autopatch_memory.backends.chat import (
    ChatSummaryBackend as ChatSummaryBackend,
)
from autopatch_memory.backends.llm import (
    AnswerBackend as AnswerBackend,
    BackendCheck as BackendCheck,
    StructuredOutput as StructuredOutput,
)
from autopatch_memory.changes import (
    ChangeAction as ChangeAction,
    ChangeOutcome as ChangeOutcome,
    MemoryChange as MemoryChange,
)
from autopatch_memory.config import (
    ENV_API_KEY as ENV_API_KEY,
    ENV_BASE_URL as ENV_BASE_URL,
    ENV_MODEL as ENV_MODEL,
    ENV_TIMEOUT as ENV_TIMEOUT,
    BackendChoice as BackendChoice,
    MemorySettings as MemorySettings,
    make_answerer as make_answerer,
)
from autopatch_memory.context import (
    ContextItem as ContextItem,
    ContextSection as ContextSection,
    ContextSize as ContextSize,
    MemoryContext as MemoryContext,
    empty_context as empty_context,
    estimate_tokens as estimate_tokens,
    history_replay_size as history_replay_size,
)
from autopatch_memory.delta import (
    extract_json_object as extract_json_object,
)
from autopatch_memory.diagnostics import (
    Check as Check,
    CheckName as CheckName,
    CheckStatus as CheckStatus,
    Diagnosis as Diagnosis,
    diagnose as diagnose,
)
from autopatch_memory.directives import (
    Directive as Directive,
    DirectiveKind as DirectiveKind,
    directives_in as directives_in,
)
from autopatch_memory.editing import (
    EditPlan as EditPlan,
    EditStep as EditStep,
)
from autopatch_memory.errors import (
    AutopatchMemoryError as AutopatchMemoryError,
    BackendAuthError as BackendAuthError,
    BackendError as BackendError,
    BackendResponseError as BackendResponseError,
    BackendTimeoutError as BackendTimeoutError,
    BackendUnavailableError as BackendUnavailableError,
    BuildFileError as BuildFileError,
    CatalogError as CatalogError,
    ChangeRejectedError as ChangeRejectedError,
    ConfigError as ConfigError,
    DeltaError as DeltaError,
    DeltaParseError as DeltaParseError,
    HardLimitError as HardLimitError,
    InvalidReplyError as InvalidReplyError,
    ItemNotFoundError as ItemNotFoundError,
    LockTimeoutError as LockTimeoutError,
    PomError as PomError,
    StoreError as StoreError,
    UnknownIntentError as UnknownIntentError,
)
from autopatch_memory.events import (
    EventCallback as EventCallback,
    EventKind as EventKind,
    MemoryEvent as MemoryEvent,
)
from autopatch_memory.exchange import (
    ExportFormat as ExportFormat,
    ImportReport as ImportReport,
    export_markdown as export_markdown,
)
from autopatch_memory.intents import (
    IntentType as IntentType,
    MemoryAccess as MemoryAccess,
    memory_access as memory_access,
    parse_intent as parse_intent,
)
from autopatch_memory.item_labels import (
    label_is_redundant as label_is_redundant,
)
from autopatch_memory.journal import (
    JournalEntry as JournalEntry,
    Outcome as Outcome,
)
from autopatch_memory.memory import (
    BackendSpec as BackendSpec,
    Failure as Failure,
    HostModel as HostModel,
    ProjectMemory as ProjectMemory,
)
from autopatch_memory.model import (
    DELTA_SECTIONS as DELTA_SECTIONS,
    BuildTool as BuildTool,
    ItemStatus as ItemStatus,
    LongTermItem as LongTermItem,
    LongTermMemory as LongTermMemory,
    LongTermType as LongTermType,
    MemoryDelta as MemoryDelta,
    MemoryDocument as MemoryDocument,
    Origin as Origin,
    RepoProfile as RepoProfile,
    Source as Source,
    SummaryStatus as SummaryStatus,
    Topic as Topic,
    Turn as Turn,
    WorkingMemory as WorkingMemory,
)
from autopatch_memory.privacy import (
    redact as redact,
)
from autopatch_memory.profile import (
    BUILD_FILES as BUILD_FILES,
    REPO_MARKERS as REPO_MARKERS,
    ProfileReport as ProfileReport,
    collect_repo_profile as collect_repo_profile,
    find_repo_root as find_repo_root,
)
from autopatch_memory.reasons import (
    Reason as Reason,
)
from autopatch_memory.scheduler import (
    Backoff as Backoff,
)
from autopatch_memory.search import (
    ItemHistory as ItemHistory,
    MemoryItemKind as MemoryItemKind,
    SearchHit as SearchHit,
)
from autopatch_memory.status import (
    FileProblem as FileProblem,
    MemoryFileInfo as MemoryFileInfo,
    MemoryPaths as MemoryPaths,
    MemoryStatus as MemoryStatus,
)
from autopatch_memory.store import (
    MEMORY_DIR_NAME as MEMORY_DIR_NAME,
    LoadProblem as LoadProblem,
    ResetResult as ResetResult,
)
from autopatch_memory.text import (
    TERMINAL_UNSAFE_RE as TERMINAL_UNSAFE_RE,
    Language as Language,
    clean_output as clean_output,
    clean_text as clean_text,
    has_project_signal as has_project_signal,
    normalize_text as normalize_text,
)
from autopatch_memory.undo import (
    UndoReport as UndoReport,
)

__version__: str
