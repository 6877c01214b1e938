"""The public surface: exactly what a host imports from ``autopatch_memory``.

A change to the list below is a change of the library's API: make it on purpose.
"""

from __future__ import annotations

import inspect
import types
import typing
from importlib.metadata import version

import autopatch_memory
from autopatch_memory import errors, testing
from autopatch_memory.memory import ProjectMemory

EXPORTED = [
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
    "Outcome",
    "PomError",
    "ProfileReport",
    "ProjectMemory",
    "Reason",
    "RejectedOp",
    "RepoProfile",
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
    "UnknownIntentError",
    "WorkingMemory",
    "__version__",
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
]

TESTING_EXPORTED = [
    "DocumentBuilder",
    "ScriptExhaustedError",
    "ScriptedBackend",
    "ScriptedChat",
    "summarize_turns",
]


def test_the_export_list_is_pinned() -> None:
    assert autopatch_memory.__all__ == EXPORTED
    assert testing.__all__ == TESTING_EXPORTED


def test_every_exported_name_resolves() -> None:
    namespace: dict[str, object] = {}
    exec("from autopatch_memory import *", namespace)
    assert set(namespace) - {"__builtins__"} == set(EXPORTED)
    for name in TESTING_EXPORTED:
        assert getattr(testing, name) is not None


def test_nothing_public_is_left_out() -> None:
    # Submodules are reachable as attributes of a package; everything else that is
    # public must be in __all__.
    public = {
        name
        for name, value in vars(autopatch_memory).items()
        if not name.startswith("_") and not isinstance(value, types.ModuleType)
    }
    assert public == set(EXPORTED) - {"__version__"}


def test_every_error_is_exported() -> None:
    assert set(errors.__all__) <= set(EXPORTED)
    defined = {
        name
        for name, value in vars(errors).items()
        if inspect.isclass(value) and issubclass(value, BaseException)
    }
    assert defined == set(errors.__all__)


def _our_classes(annotation: object) -> set[type]:
    """The classes of this library an annotation names (through unions and generics)."""
    found: set[type] = set()
    if inspect.isclass(annotation) and annotation.__module__.startswith("autopatch_memory"):
        found.add(annotation)
    for argument in typing.get_args(annotation):
        found |= _our_classes(argument)
    return found


def test_every_return_type_of_the_facade_is_exported() -> None:
    exported = {getattr(autopatch_memory, name) for name in EXPORTED}
    returned: set[type] = set()
    for name, member in inspect.getmembers(ProjectMemory):
        if name.startswith("_"):
            continue
        function = member.fget if isinstance(member, property) else member
        if callable(function):
            hints = typing.get_type_hints(function)
            returned |= _our_classes(hints.get("return"))
    assert returned, "no return types found"
    missing = {cls.__name__ for cls in returned if cls not in exported}
    assert missing == set()


def test_the_version_comes_from_the_package_metadata() -> None:
    assert autopatch_memory.__version__ == version("autopatch-memory")


def test_the_command_line_uses_only_the_public_surface() -> None:
    # The CLI (and the MCP server in it) is a host like any other: it imports from
    # ``autopatch_memory`` itself, never from the library's modules.
    import ast
    from pathlib import Path

    cli = Path(__file__).resolve().parents[1] / "cli"
    reaching = []
    for path in sorted(cli.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(
                "autopatch_memory."
            ):
                reaching.append(f"{path.name}:{node.lineno} {node.module}")
            if isinstance(node, ast.Import):
                reaching += [
                    f"{path.name}:{node.lineno} {a.name}"
                    for a in node.names
                    if a.name.startswith("autopatch_memory.")
                ]
    assert reaching == []
