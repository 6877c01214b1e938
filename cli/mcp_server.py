"""``autopatch-memory mcp``: a repository's memory served to coding agents over MCP (docs/mcp.md).

Built on the official ``mcp`` SDK (:class:`mcp.server.mcpserver.MCPServer`, stdio
transport); no protocol code of our own. The server is a host like the command
line: it opens :class:`~autopatch_memory.memory.ProjectMemory` once, with the
settings the command line would use, and calls nothing but its public methods.
So every guarantee holds for an agent too: gated intents get no context and
record nothing (the memory folder is not even opened), a rule is grounded in the
user's words and checked by the applier, a secret never reaches the file.

* **Tools** return structured JSON (``structuredContent``, with an output schema)
  plus a short text for the model. A refusal or a failure is an MCP error whose
  ``data.reason`` is our reason code (``unknown_target``, ``too_long``,
  ``credential``, ``bad_arguments``…), never a traceback.
* **Resources** (read-only): the rendered context, the rules, the notes, the profile.
* **Never blocking**: tools run on worker threads; summaries run on the memory's
  own background worker (``request_summary`` only asks, and waits only if told
  to); the file lock is held only inside a write, so several servers and the
  command line share a repository without losing a write.
* **Leaving**: when the client closes the connection (or disappears mid-call) the
  server waits briefly for a summary in flight, closes memory and exits; a write
  in progress finishes or never happened (atomic replace), so the file stays valid.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from copy import deepcopy
from pathlib import Path
from typing import Annotated, Any, Literal

from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ResourceError, ToolError, UnexpectedToolError
from mcp.shared.exceptions import MCPError
from mcp_types import (
    INTERNAL_ERROR,
    INVALID_PARAMS,
    CallToolResult,
    InputRequiredResult,
    TextContent,
    ToolAnnotations,
)
from pydantic import BaseModel, BeforeValidator, Field, ValidationError

from autopatch_memory import (
    AutopatchMemoryError,
    ChangeRejectedError,
    ContextItem,
    HardLimitError,
    IntentType,
    ItemNotFoundError,
    LockTimeoutError,
    LongTermType,
    MemoryChange,
    MemorySettings,
    ProjectMemory,
    RepoProfile,
    SearchHit,
    StoreError,
    UnknownIntentError,
    __version__,
    clean_output,
    export_markdown,
    limits,
    memory_access,
)

__all__ = ["RESOURCE_URIS", "SERVER_NAME", "TOOL_NAMES", "build_server", "serve"]

SERVER_NAME = "autopatch-memory"
_URI = "autopatch-memory://"
RESOURCE_URIS = tuple(f"{_URI}{name}" for name in ("context", "preferences", "notes", "profile"))
TOOL_NAMES = (
    "get_context",
    "record_turn",
    "remember",
    "forget",
    "restore",
    "search_memory",
    "get_profile",
    "request_summary",
)

# Reason codes of the server itself, next to the library's (autopatch_memory.reasons).
BAD_ARGUMENTS = "bad_arguments"  # the arguments do not fit the tool's input schema
UNKNOWN_TOOL = "unknown_tool"
UNKNOWN_INTENT = "unknown_intent"
STORE_ERROR = "store_error"  # the memory folder or file cannot be read or written
LOCK_TIMEOUT = "lock_timeout"
INTERNAL = "internal_error"  # a bug: the traceback goes to stderr

_log = logging.getLogger(__name__)
_CLIENT_NAME_RE = re.compile(r"[^A-Za-z0-9._-]+")

INSTRUCTIONS = """\
Project memory of this Java repository: the user's standing rules, notes about the project,
recent topics and build facts. Call get_context before answering a question about the
repository or about Java/engineering (intent code_explain or general_chat) and follow the
rules it returns; it is background, not evidence for code changes. After answering such a
question call record_turn. Never send audits or patches (code_audit, patch_explain,
patch_revise) to memory: those intents get nothing and record nothing. Call remember only
with the user's own words when they state a standing rule or a fact about the project.
"""


# --- results --------------------------------------------------------------------------------


class ContextResult(BaseModel):
    """The memory context for one question (empty for a gated intent)."""

    intent: IntentType
    gated: bool  # the intent is outside memory: nothing was read
    items: list[ContextItem]
    rendered: str  # the block to put into the system prompt ("" when empty)
    chars: int
    estimated_tokens: int


class RecordResult(BaseModel):
    """What recording a finished turn did."""

    intent: IntentType
    gated: bool  # outside memory: nothing was written
    turn_id: str | None


class SearchResult(BaseModel):
    """Rules, notes and topics that match, best first."""

    query: str
    hits: list[SearchHit]


class ProfileResult(BaseModel):
    """The build facts of the repository (``None`` before any was found)."""

    profile: RepoProfile | None


class SummaryResult(BaseModel):
    """The summarizer after a request: asked, finished, what is still pending."""

    backend: str
    requested: bool  # False when no summary backend is configured (backend "off")
    idle: bool  # no run in flight or due (a retry held back by a backoff does not count)
    pending_turns: int | None
    last_failure: str | None


def _result(model: BaseModel, text: str) -> CallToolResult:
    """Structured JSON plus a short text, the shape of every tool result; neither holds a
    control, escape, bidi or invisible character (docs/privacy.md#hostile-text)."""
    data, shown = clean_output((model.model_dump(mode="json"), text))
    return CallToolResult(content=[TextContent(type="text", text=shown)], structured_content=data)


def _error(code: int, reason: str, message: str) -> MCPError:
    return MCPError(code=code, message=f"{reason}: {message}", data={"reason": reason})


@contextmanager
def _translated() -> Iterator[None]:
    """Our errors as MCP errors carrying the reason code; nothing else changes."""
    try:
        yield
    except ChangeRejectedError as exc:
        raise _error(INVALID_PARAMS, exc.reason.value, str(exc)) from None
    except ItemNotFoundError as exc:
        raise _error(INVALID_PARAMS, "unknown_target", str(exc)) from None
    except UnknownIntentError as exc:
        raise _error(INVALID_PARAMS, UNKNOWN_INTENT, str(exc)) from None
    except HardLimitError as exc:
        raise _error(INTERNAL_ERROR, "hard_limit", str(exc)) from None
    except LockTimeoutError as exc:
        raise _error(INTERNAL_ERROR, LOCK_TIMEOUT, str(exc)) from None
    except (StoreError, AutopatchMemoryError) as exc:
        raise _error(INTERNAL_ERROR, STORE_ERROR, str(exc)) from None


def _validation_message(exc: ValidationError) -> tuple[str, list[str]]:
    """The fields at fault and why, without echoing the values (they may be huge or secret)."""
    fields: list[str] = []
    parts: list[str] = []
    for error in exc.errors():
        where = ".".join(str(p) for p in error["loc"]) or "arguments"
        fields.append(where)
        parts.append(f"{where}: {error['msg']}")
    return "; ".join(parts), sorted(set(fields))


class _MemoryServer(MCPServer[Any]):
    """``MCPServer`` whose argument errors carry our reason codes like every other error."""

    async def call_tool(
        self,
        name: str,
        arguments: dict[str, Any],
        context: Context[Any, Any] | None = None,
    ) -> CallToolResult | InputRequiredResult:
        try:
            return await super().call_tool(name, arguments, context)
        except MCPError:
            raise
        except UnexpectedToolError as exc:
            _log.error("tool %r failed", name, exc_info=exc.__cause__ or exc)
            raise _error(INTERNAL_ERROR, INTERNAL, f"{name} failed (see the server log)") from None
        except ToolError as exc:
            cause = exc.__cause__
            if isinstance(cause, ValidationError):
                message, fields = _validation_message(cause)
                raise MCPError(
                    code=INVALID_PARAMS,
                    message=f"{BAD_ARGUMENTS}: {message}",
                    data={"reason": BAD_ARGUMENTS, "fields": fields},
                ) from None
            raise _error(INVALID_PARAMS, UNKNOWN_TOOL, str(exc)) from None


def _actor(ctx: Context[Any, Any] | None) -> str:
    """``mcp:<client name>`` for the journal (who changed what)."""
    name = ""
    try:
        params = ctx.session.client_params if ctx is not None else None
        name = params.client_info.name if params is not None else ""
    except (AttributeError, LookupError, ValueError):
        name = ""  # a context without a session (a direct call): the actor says only "mcp"
    cleaned = _CLIENT_NAME_RE.sub("-", name).strip("-.")[: limits.MCP_CLIENT_NAME_CHARS]
    return f"mcp:{cleaned or 'client'}"


# --- argument types (their bounds are part of each tool's input schema) -------------------------


def _null_means(default: Any) -> BeforeValidator:
    """An optional argument sent as ``null`` reads as its default: function calling in
    strict mode makes every parameter required and nullable, so agents send null for
    the ones they do not use."""
    return BeforeValidator(lambda value: deepcopy(default) if value is None else value)


IntentArg = Annotated[
    IntentType,
    Field(
        description="code_explain (the project, a module, a file), general_chat (Java, "
        "engineering), or the gated code_audit, patch_explain, patch_revise (no memory)."
    ),
]
LongText = Annotated[str, Field(max_length=limits.MCP_MAX_TEXT_CHARS)]
ItemId = Annotated[
    str,
    Field(
        min_length=1,
        max_length=limits.MCP_MAX_ID_CHARS,
        description="A memory id (mem_…, topic_…, turn_…).",
    ),
]
ScopePath = Annotated[str, Field(max_length=limits.MCP_MAX_SCOPE_PATH_CHARS)]


def _change_text(change: MemoryChange) -> str:
    item = change.item
    subject = f"{change.item_id}: {item.label}" if item is not None else str(change.item_id)
    text = f"{change.action.value} {change.outcome.value} {subject}"
    if change.superseded:
        text += f" (supersedes {', '.join(change.superseded)})"
    return text + (f" — {change.detail}" if change.detail else "")


def _hits_text(hits: list[SearchHit]) -> str:
    if not hits:
        return "nothing in memory matches"
    lines = [f"{len(hits)} match(es):"]
    for hit in hits:
        archived = "" if hit.active else " [archived]"
        lines.append(f"- {hit.id} ({hit.kind.value}) {hit.label}: {hit.summary}{archived}")
    return "\n".join(lines)


# --- the server -----------------------------------------------------------------------------


def build_server(memory: ProjectMemory) -> MCPServer[Any]:
    """The MCP server of ``memory``: its tools and resources (run it with ``.run()``)."""
    server = _MemoryServer(
        SERVER_NAME,
        instructions=INSTRUCTIONS,
        version=__version__,
        log_level="WARNING",
    )
    _add_turn_tools(server, memory)
    _add_governing_tools(server, memory)
    _add_reading_tools(server, memory)
    _add_summary_tool(server, memory)
    _add_resources(server, memory)
    return server


def _add_turn_tools(server: MCPServer[Any], memory: ProjectMemory) -> None:
    """``get_context`` before an answer, ``record_turn`` after it."""
    _add_context_tool(server, memory)
    _add_record_tool(server, memory)


def _add_context_tool(server: MCPServer[Any], memory: ProjectMemory) -> None:
    read_only = ToolAnnotations(read_only_hint=True, open_world_hint=False)

    @server.tool(annotations=read_only)
    def get_context(
        intent: IntentArg,
        question: Annotated[LongText, Field(description="The user's question, as asked.")],
    ) -> Annotated[CallToolResult, ContextResult]:
        """The memory context to put into the system prompt before answering `question`:
        the user's rules, the repository profile, relevant notes and topics, recent turns.
        It is background, not evidence for code changes. A gated intent gets an empty
        context, and memory is not even read."""
        gated = not memory_access(intent).reads
        with _translated():
            ctx = memory.context(intent, question)
        rendered = ctx.render()
        size = ctx.size_report()
        result = ContextResult(
            intent=intent,
            gated=gated,
            items=list(ctx.items),
            rendered=rendered,
            chars=size.chars,
            estimated_tokens=size.tokens,
        )
        if gated:
            text = f"{intent.value} is outside memory: no context"
        else:
            text = rendered or "(memory holds nothing for this question)"
        return _result(result, text)


def _add_record_tool(server: MCPServer[Any], memory: ProjectMemory) -> None:
    @server.tool(annotations=ToolAnnotations(read_only_hint=False, open_world_hint=False))
    def record_turn(
        intent: IntentArg,
        question: Annotated[LongText, Field(description="The user's question.")],
        ctx: Context[Any, Any],
        answer: Annotated[
            LongText, _null_means(""), Field(description="The answer you gave.")
        ] = "",
        scope_paths: Annotated[
            list[ScopePath],
            _null_means([]),
            Field(
                max_length=limits.MCP_MAX_SCOPE_PATHS,
                description="Files or folders (repository-relative) the turn was about.",
            ),
        ] = [],  # noqa: B006 - the SDK reads the default for the schema; never mutated
        project_level: Annotated[
            bool,
            _null_means(False),
            Field(description="An explanation of the project as a whole."),
        ] = False,
    ) -> Annotated[CallToolResult, RecordResult]:
        """Record a finished question-and-answer turn (after answering a code_explain or
        general_chat question). Returns at once; summaries run in the background. A gated
        intent records nothing."""
        if not memory_access(intent).writes:
            result = RecordResult(intent=intent, gated=True, turn_id=None)
            return _result(result, f"{intent.value} is outside memory: nothing recorded")
        if not question.strip():
            raise _error(INVALID_PARAMS, "empty_field", "the question is empty")
        memory.last_error = None  # so that a None below is this call's failure, if any
        turn_id = memory.record_turn(
            intent,
            question,
            answer,
            scope_paths=scope_paths,
            project_level=project_level,
            actor=_actor(ctx),
        )
        if turn_id is None and memory.last_error is None:
            # Nothing was written and nothing failed: no text once control and
            # invisible characters are removed.
            raise _error(INVALID_PARAMS, "empty_field", "the question has no visible text")
        if turn_id is None:  # the write failed; the journal and last_error say why
            failure = memory.last_error
            why = failure.message if failure is not None else "the turn could not be written"
            raise _error(INTERNAL_ERROR, STORE_ERROR, why)
        result = RecordResult(intent=intent, gated=False, turn_id=turn_id)
        return _result(result, f"recorded {turn_id}")


def _add_governing_tools(server: MCPServer[Any], memory: ProjectMemory) -> None:
    writes = ToolAnnotations(read_only_hint=False, destructive_hint=False, open_world_hint=False)

    @server.tool(annotations=writes)
    def remember(
        text: Annotated[
            LongText,
            Field(
                description="The user's own words: a standing rule, or a fact about the project."
            ),
        ],
        ctx: Context[Any, Any],
        kind: Annotated[
            Literal["rule", "note"],
            _null_means("rule"),
            Field(description="rule (how to answer or work) or note (a fact about the project)."),
        ] = "rule",
        label: Annotated[
            str | None,
            Field(max_length=limits.MAX_LABEL_CHARS, description="A short label (optional)."),
        ] = None,
    ) -> Annotated[CallToolResult, MemoryChange]:
        """Remember a rule or a project note the USER stated, in their own words (never your
        own inference). It is checked like any memory change: redacted, at most 300
        characters, no code or logs; a new rule on the subject of an older one supersedes it;
        a text about a credential stores nothing."""
        with _translated():
            change = memory.remember(text, kind=kind, label=label, actor=_actor(ctx))
        return _result(change, _change_text(change))

    @server.tool(annotations=writes)
    def forget(item_id: ItemId, ctx: Context[Any, Any]) -> Annotated[CallToolResult, MemoryChange]:
        """Forget a memory item when the user asks: a rule or note is archived (kept in the
        file, never injected again; restore brings it back), a topic or turn is removed."""
        with _translated():
            change = memory.forget(item_id, actor=_actor(ctx))
        return _result(change, _change_text(change))

    @server.tool(annotations=writes)
    def restore(item_id: ItemId, ctx: Context[Any, Any]) -> Annotated[CallToolResult, MemoryChange]:
        """Bring a forgotten (archived) rule or note back when the user asks; a restored rule
        supersedes the current rule on its subject."""
        with _translated():
            change = memory.restore(item_id, actor=_actor(ctx))
        return _result(change, _change_text(change))


def _add_reading_tools(server: MCPServer[Any], memory: ProjectMemory) -> None:
    read_only = ToolAnnotations(read_only_hint=True, open_world_hint=False)

    @server.tool(annotations=read_only)
    def search_memory(
        query: Annotated[
            str,
            Field(
                min_length=1, max_length=limits.SEARCH_MAX_QUERY_CHARS, description="A few words."
            ),
        ],
        include_archived: Annotated[
            bool,
            _null_means(False),
            Field(description="Also search forgotten (archived) rules and notes."),
        ] = False,
        limit: Annotated[
            int,
            _null_means(limits.MCP_SEARCH_DEFAULT_LIMIT),
            Field(ge=1, le=limits.MAX_LONG_TERM_ITEMS),
        ] = limits.MCP_SEARCH_DEFAULT_LIMIT,
    ) -> Annotated[CallToolResult, SearchResult]:
        """Search the rules, notes and topics of memory, best match first (to find an id for
        forget or restore, or to check what is remembered)."""
        with _translated():
            hits = memory.search(query, include_archived=include_archived)[:limit]
        return _result(SearchResult(query=query, hits=hits), _hits_text(hits))

    @server.tool(annotations=read_only)
    def get_profile() -> Annotated[CallToolResult, ProfileResult]:
        """The repository's build facts (build tool, Java version, modules, frameworks), read
        from pom.xml / build.gradle."""
        with _translated():
            profile = memory.profile()
        if profile is None:
            text = "no build facts found"
        else:
            text = ", ".join(
                f"{key}: {value}"
                for key, value in profile.model_dump(mode="json", exclude={"updated_at"}).items()
                if value
            )
        return _result(ProfileResult(profile=profile), text)


def _add_summary_tool(server: MCPServer[Any], memory: ProjectMemory) -> None:
    @server.tool(annotations=ToolAnnotations(read_only_hint=False, open_world_hint=False))
    def request_summary(
        wait_seconds: Annotated[
            float,
            _null_means(0),
            Field(
                ge=0,
                le=limits.MCP_SUMMARY_MAX_WAIT_SECONDS,
                description="How long to wait for the summary (0: ask and return at once).",
            ),
        ] = 0,
    ) -> Annotated[CallToolResult, SummaryResult]:
        """Ask the background summarizer to summarize the recorded turns now (it also runs by
        itself). Returns at once unless wait_seconds is given."""
        requested = memory.request_summary()
        idle = memory.wait_idle(wait_seconds if requested else 0)
        status = memory.status()
        failure = status.last_failure
        result = SummaryResult(
            backend=status.backend,
            requested=requested,
            idle=idle,
            pending_turns=status.pending_turns,
            last_failure=f"{failure.op}: {failure.reason or failure.detail}" if failure else None,
        )
        if not requested:
            text = "no summary backend is configured (backend off): nothing to do"
        else:
            state = "done" if idle else "running in the background"
            text = f"summary {state}; {status.pending_turns} turn(s) pending"
        return _result(result, text)


# The resources that list the active long-term items of one kind, as Markdown.
_ITEM_RESOURCES: tuple[tuple[str, LongTermType, str], ...] = (
    (
        "preferences",
        LongTermType.DURABLE_PREFERENCE,
        "The user's active rules (durable preferences).",
    ),
    ("notes", LongTermType.PROJECT_NOTE, "The active project notes."),
)


def _add_resources(server: MCPServer[Any], memory: ProjectMemory) -> None:
    @server.resource(
        f"{_URI}context",
        name="context",
        mime_type="text/markdown",
        description="The memory context a code_explain question gets (rules, profile, "
        "recent turns); background, not evidence for code changes.",
    )
    def context_resource() -> str:
        with _resource_errors():
            return memory.context(IntentType.CODE_EXPLAIN, "").render()

    for name, kind, description in _ITEM_RESOURCES:
        server.resource(
            f"{_URI}{name}", name=name, mime_type="text/markdown", description=description
        )(_items_markdown(memory, kind))

    @server.resource(
        f"{_URI}profile",
        name="profile",
        mime_type="application/json",
        description="The repository profile from its build files.",
    )
    def profile_resource() -> str:
        with _resource_errors():
            profile = memory.profile()
        return ProfileResult(profile=profile).model_dump_json(indent=2)


def _items_markdown(memory: ProjectMemory, kind: LongTermType) -> Callable[[], str]:
    """The function serving the active items of ``kind`` as a Markdown resource."""

    def read() -> str:
        with _resource_errors():
            return export_markdown(memory.document(), project=memory.repo_root.name, kinds=(kind,))

    return read


@contextmanager
def _resource_errors() -> Iterator[None]:
    try:
        yield
    except AutopatchMemoryError as exc:
        raise ResourceError(f"{STORE_ERROR}: {exc}") from None


def serve(repo_root: Path, settings: MemorySettings) -> None:
    """Run the server on stdin/stdout until the client goes away, then close memory
    (one short wait for a summary in flight; its turns otherwise stay pending)."""
    memory = ProjectMemory.open(repo_root, settings=settings)
    try:
        build_server(memory).run("stdio")
    finally:
        memory.wait_idle(limits.MCP_EXIT_WAIT_SECONDS)
        memory.close(wait=False)
