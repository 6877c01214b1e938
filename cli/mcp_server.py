"""``autopatch-memory mcp``: a repository's memory served to coding agents over MCP (docs/mcp.md).

Built on the official ``mcp`` SDK (:class:`mcp.server.mcpserver.MCPServer`, stdio
transport); no protocol code of our own. The server is a host like the command
line: it opens :class:`~autopatch_memory.memory.ProjectMemory` once, with the
settings the command line would use, and calls nothing but its public methods.
So every guarantee holds for an agent too: gated intents get no context and
record nothing (the memory folder is not even opened), a rule is grounded in the
user's words and checked by the applier, a secret never reaches the file.

* **Tools** return structured JSON (``structuredContent``, with an output schema)
  plus a short text for the model. Their input schemas say what the server enforces
  (:mod:`.mcp_schema`). A refusal or a failure is a tool result with ``isError`` and
  one line ``<reason>: <why>`` the agent's model reads and can act on (the negotiated
  protocol, 2025-11-25: SEP-1303); the reason code is also in ``_meta``. Only an
  unknown tool or a malformed request is a JSON-RPC error. Never a traceback.
* **Resources** (read-only): the rendered context, the rules, the notes, the profile.
  **Prompt** ``memory_context``: a question with the memory context it gets.
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
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any, Literal

from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ResourceError, ToolError, UnexpectedToolError
from mcp.server.mcpserver.prompts.base import UserMessage
from mcp.server.mcpserver.tools import Tool
from mcp.shared.exceptions import MCPError
from mcp.types import (
    INVALID_PARAMS,
    CallToolResult,
    InputRequiredResult,
    TextContent,
    ToolAnnotations,
)
from pydantic import BaseModel, Field, ValidationError

from autopatch_memory import (
    AutopatchMemoryError,
    ChangeRejectedError,
    ContextItem,
    HardLimitError,
    IntentType,
    ItemHistory,
    ItemNotFoundError,
    LockTimeoutError,
    LongTermItem,
    LongTermType,
    MemoryChange,
    MemorySettings,
    ProjectMemory,
    RepoProfile,
    SearchHit,
    StoreError,
    UndoReport,
    UnknownIntentError,
    __version__,
    clean_output,
    export_markdown,
    limits,
    memory_access,
    redact,
)

from .mcp_schema import null_means, strict_tool

__all__ = [
    "PROMPT_NAMES",
    "RESOURCE_URIS",
    "SERVER_NAME",
    "TOOL_NAMES",
    "build_server",
    "output_text",
    "refusal",
    "serve",
    "tool_text",
]

SERVER_NAME = "autopatch-memory"
_URI = "autopatch-memory://"
RESOURCE_URIS = tuple(f"{_URI}{name}" for name in ("context", "preferences", "notes", "profile"))
TOOL_NAMES = (
    "get_context",
    "record_turn",
    "remember",
    "edit_memory",
    "forget",
    "restore",
    "undo",
    "search_memory",
    "list_memory",
    "get_memory",
    "get_profile",
    "request_summary",
)
PROMPT_NAMES = ("memory_context",)

# Reason codes of the server itself, next to the library's (autopatch_memory.reasons).
BAD_ARGUMENTS = "bad_arguments"  # the arguments do not fit the tool's input schema
UNKNOWN_TOOL = "unknown_tool"  # the one refusal that is a JSON-RPC error (-32602)
UNKNOWN_TARGET = "unknown_target"  # an id memory does not hold
UNKNOWN_INTENT = "unknown_intent"
STORE_ERROR = "store_error"  # the memory folder or file cannot be read or written
LOCK_TIMEOUT = "lock_timeout"
HARD_LIMIT = "hard_limit"
EMPTY_FIELD = "empty_field"
INTERNAL = "internal_error"  # a bug: the traceback goes to stderr
# Where a refusal's reason code (and the arguments at fault) travel for a host's code;
# the model reads the same code at the head of the text.
META_REASON = "autopatch-memory/reason"
META_FIELDS = "autopatch-memory/fields"

_log = logging.getLogger(__name__)
_CLIENT_NAME_RE = re.compile(r"[^A-Za-z0-9._-]+")

INSTRUCTIONS = """\
Project memory of this Java repository: the user's standing rules, notes about the project,
recent topics and build facts. Call get_context before answering a question about the
repository or about Java/engineering (intent code_explain or general_chat) and follow the
rules it returns; it is background, not evidence for code changes. After answering such a
question call record_turn. Never send audits or patches (code_audit, patch_explain,
patch_revise) to memory: those intents get nothing and record nothing. Call remember only
with the user's own words when they state a standing rule or a fact about the project, and
edit_memory, forget, restore or undo only when the user asks; list_memory, search_memory
and get_memory show what is kept and the ids. A refused call says why in one line
("<reason>: <why>"): fix the arguments, or tell the user.
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


class ListResult(BaseModel):
    """One page of the active rules and notes (rules first, each in the file's order)."""

    items: list[LongTermItem]
    total: int  # active rules and notes of the kind asked for, all pages
    offset: int
    next_offset: int | None  # where the next page starts; None on the last page


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


def output_text(text: str) -> str:
    """Every text the server sends passes here — tool results, refusals, the prompt, the
    resources: the one place to make output text safe for a model and a terminal."""
    return clean_output(text)


def tool_text(text: str) -> list[TextContent]:
    """The content blocks of a tool result, a refusal or the prompt's message."""
    return [TextContent(type="text", text=output_text(text))]


def _result(model: BaseModel, text: str) -> CallToolResult:
    """Structured JSON plus a short text, the shape of every tool result; neither holds a
    control, escape, bidi or invisible character (docs/privacy.md#hostile-text)."""
    data = clean_output(model.model_dump(mode="json"))
    return CallToolResult(content=tool_text(text), structured_content=data)


def refusal(reason: str, message: str, fields: Sequence[str] = ()) -> CallToolResult:
    """A refused or failed call as a tool result the agent's model reads: ``isError`` and
    one line ``<reason>: <why>``. No structured content: it would not match the tool's
    output schema."""
    line = " ".join(f"{reason}: {message}".split())
    meta: dict[str, Any] = {META_REASON: reason}
    if fields:
        meta[META_FIELDS] = list(fields)
    return CallToolResult(content=tool_text(line), is_error=True, meta=meta)


class _Refused(ToolError):
    """Raised by a tool: the call is refused for ``reason`` (a tool result with isError)."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(f"{reason}: {message}")
        self.reason = reason
        self.message = message


@contextmanager
def _translated() -> Iterator[None]:
    """The library's errors as refusals carrying their reason code; nothing else changes."""
    try:
        yield
    except ChangeRejectedError as exc:
        raise _Refused(exc.reason.value, str(exc)) from None
    except ItemNotFoundError as exc:
        raise _Refused(
            UNKNOWN_TARGET, f"{exc} (search_memory or list_memory shows the ids)"
        ) from None
    except UnknownIntentError as exc:
        raise _Refused(UNKNOWN_INTENT, str(exc)) from None
    except HardLimitError as exc:
        raise _Refused(HARD_LIMIT, str(exc)) from None
    except LockTimeoutError as exc:
        raise _Refused(LOCK_TIMEOUT, f"{exc} (try again)") from None
    except (StoreError, AutopatchMemoryError) as exc:
        raise _Refused(STORE_ERROR, str(exc)) from None


# Friendlier words than pydantic's for the two mistakes a model makes most.
_PROBLEM_WORDS = {
    "missing": "is required",
    "extra_forbidden": "is not an argument of this tool",
}


def _bad_arguments(exc: ValidationError, tool: Tool) -> CallToolResult:
    """The arguments at fault and why, without echoing the values (they may be huge or
    secret); for an unknown argument, the tool's own argument names."""
    problems: list[str] = []
    fields: list[str] = []
    for error in exc.errors():
        where = ".".join(str(p) for p in error["loc"])[: limits.MCP_MAX_ID_CHARS] or "arguments"
        fields.append(where)
        problems.append(f"{where} {_PROBLEM_WORDS.get(error['type'], error['msg'])}")
    shown = problems[: limits.MCP_MAX_REPORTED_PROBLEMS]
    if len(problems) > len(shown):
        shown.append(f"{len(problems) - len(shown)} more")
    message = "; ".join(shown)
    if "extra_forbidden" in {e["type"] for e in exc.errors()}:
        names = ", ".join(tool.parameters.get("properties", {})) or "none"
        message += f" (its arguments: {names})"
    return refusal(BAD_ARGUMENTS, message, sorted(set(fields)))


class _MemoryServer(MCPServer[Any]):
    """``MCPServer`` whose tool failures are tool results with ``isError`` (SEP-1303):
    argument errors, refusals and failures alike; only an unknown tool is a protocol error."""

    def __init__(self, tools: list[Tool]) -> None:
        super().__init__(
            SERVER_NAME,
            instructions=INSTRUCTIONS,
            version=__version__,
            log_level="WARNING",
            tools=tools,
        )
        self._tools = {tool.name: tool for tool in tools}

    async def call_tool(
        self,
        name: str,
        arguments: dict[str, Any],
        context: Context[Any, Any] | None = None,
    ) -> CallToolResult | InputRequiredResult:
        tool = self._tools.get(name)
        if tool is None:
            shown = name[: limits.MCP_MAX_ID_CHARS]
            raise MCPError(
                code=INVALID_PARAMS,
                message=f"{UNKNOWN_TOOL}: no tool named {shown!r} (tools/list names them)",
                data={"reason": UNKNOWN_TOOL},
            )
        try:
            return await super().call_tool(name, arguments, context)
        except MCPError:
            raise
        except UnexpectedToolError as exc:
            _log.error("tool %r failed", name, exc_info=exc.__cause__ or exc)
            return refusal(INTERNAL, f"{name} failed (the server's log has the details)")
        except ToolError as exc:
            cause = exc.__cause__
            if isinstance(cause, ValidationError):
                return _bad_arguments(cause, tool)
            if isinstance(cause, _Refused):
                return refusal(cause.reason, cause.message)
            _log.error("tool %r failed", name, exc_info=exc)
            return refusal(INTERNAL, f"{name} failed (the server's log has the details)")


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

IntentArg = Annotated[
    IntentType,
    Field(
        strict=False,  # the arguments are strict (mcp_schema); an enum arrives as its value
        description="code_explain (the project, a module, a file), general_chat (Java, "
        "engineering), or the gated code_audit, patch_explain, patch_revise (no memory).",
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
RuleOrNoteId = Annotated[
    str,
    Field(
        min_length=1,
        max_length=limits.MCP_MAX_ID_CHARS,
        description="The id of a rule or note (mem_…), as list_memory or search_memory shows it.",
    ),
]
ScopePath = Annotated[str, Field(max_length=limits.MCP_MAX_SCOPE_PATH_CHARS)]
Label = Annotated[
    str | None,
    Field(max_length=limits.MAX_LABEL_CHARS, description="A short label (optional)."),
]
Kind = Literal["rule", "note"]
_KIND_TYPES = {"rule": LongTermType.DURABLE_PREFERENCE, "note": LongTermType.PROJECT_NOTE}
_TYPE_WORDS = {LongTermType.DURABLE_PREFERENCE: "rule", LongTermType.PROJECT_NOTE: "note"}


def _item_line(item: LongTermItem) -> str:
    state = "" if item.is_active else ", archived"
    return f"{item.id} ({_TYPE_WORDS[item.type]}{state}) {item.label}: {item.summary}"


def _change_text(change: MemoryChange) -> str:
    item = change.item
    subject = f"{change.item_id}: {item.label}" if item is not None else str(change.item_id)
    text = f"{change.action.value} {change.outcome.value} {subject}"
    if change.superseded:
        text += f" (supersedes {', '.join(change.superseded)})"
    if change.revisions:
        text += f" (earlier text kept as {', '.join(change.revisions)})"
    if change.conflicts:
        text += f" (may conflict with {', '.join(change.conflicts)})"
    return text + (f" — {change.detail}" if change.detail else "")


def _hits_text(hits: list[SearchHit]) -> str:
    if not hits:
        return "nothing in memory matches"
    lines = [f"{len(hits)} match(es):"]
    for hit in hits:
        archived = "" if hit.active else " [archived]"
        lines.append(f"- {hit.id} ({hit.kind.value}) {hit.label}: {hit.summary}{archived}")
    return "\n".join(lines)


def _page_text(page: ListResult) -> str:
    if not page.items:
        return "no rules or notes" if page.total == 0 else f"no items past {page.offset}"
    first = page.offset + 1
    lines = [f"{first}–{page.offset + len(page.items)} of {page.total}:"]
    lines += [f"- {_item_line(item)}" for item in page.items]
    if page.next_offset is not None:
        lines.append(f"(more: offset {page.next_offset})")
    return "\n".join(lines)


def _history_text(found: ItemHistory) -> str:
    lines = [_item_line(found.item)]
    if found.item.superseded_by:
        lines.append(f"replaced by {found.item.superseded_by}")
    if found.item.revision_of:
        lines.append(f"an earlier text of {found.item.revision_of}")
    if found.revisions:
        lines.append("earlier texts, newest first:")
        lines += [f"- {r.id}: {r.summary}" for r in found.revisions]
    return "\n".join(lines)


def _undo_text(report: UndoReport) -> str:
    if report.undone == 0:
        return "nothing to undo"
    lines = [f"undid {report.undone} change(s):"]
    lines += [f"- {_change_text(change)}" for change in report.changes]
    return "\n".join(lines)


# --- the server -----------------------------------------------------------------------------

_READS = ToolAnnotations(read_only_hint=True, open_world_hint=False)
_WRITES = ToolAnnotations(read_only_hint=False, destructive_hint=False, open_world_hint=False)
# Undo may take back what the user or another agent just did: clients ask first.
_REVERTS = ToolAnnotations(
    read_only_hint=False, destructive_hint=True, idempotent_hint=False, open_world_hint=False
)


def build_server(memory: ProjectMemory) -> MCPServer[Any]:
    """The MCP server of ``memory``: its tools, resources and prompt (run it with ``.run()``)."""
    server = _MemoryServer(
        [
            *_turn_tools(memory),
            *_governing_tools(memory),
            *_reading_tools(memory),
            _summary_tool(memory),
        ]
    )
    _add_resources(server, memory)
    _add_prompt(server, memory)
    return server


def _turn_tools(memory: ProjectMemory) -> list[Tool]:
    """``get_context`` before an answer, ``record_turn`` after it."""
    return [_context_tool(memory), _record_tool(memory)]


def _context_tool(memory: ProjectMemory) -> Tool:
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

    return strict_tool(get_context, annotations=_READS)


def _record_tool(memory: ProjectMemory) -> Tool:
    def record_turn(
        intent: IntentArg,
        question: Annotated[LongText, Field(description="The user's question.")],
        ctx: Context[Any, Any],
        answer: Annotated[LongText, null_means(""), Field(description="The answer you gave.")] = "",
        scope_paths: Annotated[
            list[ScopePath],
            Field(max_length=limits.MCP_MAX_SCOPE_PATHS),
            null_means([]),
            Field(description="Files or folders (repository-relative) the turn was about."),
        ] = [],  # noqa: B006 - the SDK reads the default for the schema; never mutated
        project_level: Annotated[
            bool,
            null_means(False),
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
            raise _Refused(EMPTY_FIELD, "the question is empty")
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
            raise _Refused(EMPTY_FIELD, "the question has no visible text")
        if turn_id is None:  # the write failed; the journal and last_error say why
            failure = memory.last_error
            why = failure.message if failure is not None else "the turn could not be written"
            raise _Refused(STORE_ERROR, why)
        result = RecordResult(intent=intent, gated=False, turn_id=turn_id)
        return _result(result, f"recorded {turn_id}")

    return strict_tool(record_turn, annotations=_WRITES)


def _governing_tools(memory: ProjectMemory) -> list[Tool]:
    """The user's own changes, made by the agent when the user asks; the actor in the
    journal is the agent (``mcp:<client>``)."""

    def remember(
        text: Annotated[
            LongText,
            Field(
                description="The user's own words: a standing rule, or a fact about the project."
            ),
        ],
        ctx: Context[Any, Any],
        kind: Annotated[
            Kind,
            null_means("rule"),
            Field(description="rule (how to answer or work) or note (a fact about the project)."),
        ] = "rule",
        label: Label = None,
    ) -> Annotated[CallToolResult, MemoryChange]:
        """Remember a rule or a project note the USER stated, in their own words (never your
        own inference). It is checked like any memory change: redacted, at most 300
        characters, no code or logs, a text about a credential stores nothing. A rule
        that says what it replaces ("use X instead of Y", "不再用 Y") supersedes the older
        rule; one that only partly contradicts another is kept beside it as a conflict."""
        with _translated():
            change = memory.remember(text, kind=kind, label=label, actor=_actor(ctx))
        return _result(change, _change_text(change))

    def edit_memory(
        item_id: RuleOrNoteId,
        text: Annotated[LongText, Field(description="The new text, in the user's words.")],
        ctx: Context[Any, Any],
        label: Label = None,
    ) -> Annotated[CallToolResult, MemoryChange]:
        """Rewrite an active rule or note when the USER asks, in their words (the same
        checks as remember). The old text is not lost: it is kept as an archived revision
        (get_memory lists it, restore brings it back)."""
        with _translated():
            change = memory.edit(item_id, text, label=label, actor=_actor(ctx))
        return _result(change, _change_text(change))

    def forget(item_id: ItemId, ctx: Context[Any, Any]) -> Annotated[CallToolResult, MemoryChange]:
        """Forget a memory item when the user asks: a rule or note is archived (kept in the
        file, never injected again; restore brings it back), a topic or turn is removed."""
        with _translated():
            change = memory.forget(item_id, actor=_actor(ctx))
        return _result(change, _change_text(change))

    def restore(
        item_id: RuleOrNoteId, ctx: Context[Any, Any]
    ) -> Annotated[CallToolResult, MemoryChange]:
        """Bring an archived rule or note back when the user asks: a forgotten one, or an
        earlier text that get_memory lists (the current text is then kept as a revision)."""
        with _translated():
            change = memory.restore(item_id, actor=_actor(ctx))
        return _result(change, _change_text(change))

    def undo(
        ctx: Context[Any, Any],
        count: Annotated[
            int,
            Field(ge=1, le=limits.MCP_UNDO_MAX_COUNT),
            null_means(1),
            Field(description="How many of the last changes to take back."),
        ] = 1,
    ) -> Annotated[CallToolResult, UndoReport]:
        """Undo the last change(s) to the rules and notes when the USER asks — whoever made
        them: the user, a summary, an import, another agent. Each item gets exactly its
        earlier text and status back; nothing is deleted (what a change created moves to
        the cold archive)."""
        with _translated():
            report = memory.undo(count, actor=_actor(ctx))
        return _result(report, _undo_text(report))

    return [
        strict_tool(remember, annotations=_WRITES),
        strict_tool(edit_memory, annotations=_WRITES),
        strict_tool(forget, annotations=_WRITES),
        strict_tool(restore, annotations=_WRITES),
        strict_tool(undo, annotations=_REVERTS),
    ]


def _reading_tools(memory: ProjectMemory) -> list[Tool]:
    def search_memory(
        query: Annotated[
            str,
            Field(
                min_length=1, max_length=limits.SEARCH_MAX_QUERY_CHARS, description="A few words."
            ),
        ],
        include_archived: Annotated[
            bool,
            null_means(False),
            Field(
                description="Also search forgotten (archived) rules and notes, and the"
                " questions of turns dropped before a summary read them (kind turn)."
            ),
        ] = False,
        limit: Annotated[
            int,
            Field(ge=1, le=limits.MAX_LONG_TERM_ITEMS),
            null_means(limits.MCP_SEARCH_DEFAULT_LIMIT),
            Field(description="At most this many hits."),
        ] = limits.MCP_SEARCH_DEFAULT_LIMIT,
    ) -> Annotated[CallToolResult, SearchResult]:
        """Search the rules, notes and topics of memory, best match first (to find an id for
        get_memory, edit_memory, forget or restore, or to check what is remembered; a hit
        of kind turn is a dropped question, which those tools do not take)."""
        with _translated():
            hits = memory.search(query, include_archived=include_archived)[:limit]
        # The query is echoed redacted: what an agent searched for may hold a secret.
        shown = redact(query)
        return _result(SearchResult(query=shown, hits=hits), _hits_text(hits))

    def list_memory(
        kind: Annotated[
            Kind | None,
            Field(description="rule or note; null lists both (rules first)."),
        ] = None,
        offset: Annotated[
            int,
            Field(ge=0, le=limits.MAX_LONG_TERM_ITEMS),
            null_means(0),
            Field(description="Skip this many items (next_offset of the page before)."),
        ] = 0,
        limit: Annotated[
            int,
            Field(ge=1, le=limits.MAX_LONG_TERM_ITEMS),
            null_means(limits.MCP_LIST_DEFAULT_LIMIT),
            Field(description="At most this many items."),
        ] = limits.MCP_LIST_DEFAULT_LIMIT,
    ) -> Annotated[CallToolResult, ListResult]:
        """The active rules and notes memory holds, a page at a time (rules first, each in
        the order they were made)."""
        with _translated():
            doc = memory.document()
        kinds = [_KIND_TYPES[kind]] if kind is not None else list(_KIND_TYPES.values())
        active = [
            item
            for wanted in kinds
            for item in doc.long_term_memory.list_for(wanted)
            if item.is_active
        ]
        items = active[offset : offset + limit]
        end = offset + len(items)
        page = ListResult(
            items=items,
            total=len(active),
            offset=offset,
            next_offset=end if end < len(active) else None,
        )
        return _result(page, _page_text(page))

    def get_memory(item_id: RuleOrNoteId) -> Annotated[CallToolResult, ItemHistory]:
        """One rule or note by id — active, forgotten or superseded — with its earlier texts
        (the archived revisions an edit or an update left, newest first)."""
        with _translated():
            found = memory.history(item_id)
        return _result(found, _history_text(found))

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

    return [
        strict_tool(search_memory, annotations=_READS),
        strict_tool(list_memory, annotations=_READS),
        strict_tool(get_memory, annotations=_READS),
        strict_tool(get_profile, annotations=_READS),
    ]


def _summary_tool(memory: ProjectMemory) -> Tool:
    def request_summary(
        wait_seconds: Annotated[
            float,
            Field(ge=0, le=limits.MCP_SUMMARY_MAX_WAIT_SECONDS),
            null_means(0),
            Field(description="How long to wait for the summary (0: ask and return at once)."),
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
            failed = idle and result.last_failure is not None and bool(status.pending_turns)
            state = "failed" if failed else "done" if idle else "running in the background"
            text = f"summary {state}; {status.pending_turns} turn(s) pending"
            if result.last_failure and status.pending_turns:
                # The turns still wait: say why, so the agent does not ask again and again.
                text += f"; last failure: {result.last_failure}"
        return _result(result, text)

    # Not read-only: it writes summaries (in the background).
    return strict_tool(
        request_summary, annotations=ToolAnnotations(read_only_hint=False, open_world_hint=False)
    )


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
            return output_text(memory.context(IntentType.CODE_EXPLAIN, "").render())

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
        return output_text(ProfileResult(profile=profile).model_dump_json(indent=2))


def _items_markdown(memory: ProjectMemory, kind: LongTermType) -> Callable[[], str]:
    """The function serving the active items of ``kind`` as a Markdown resource."""

    def read() -> str:
        with _resource_errors():
            doc = memory.document()
        return output_text(export_markdown(doc, project=memory.repo_root.name, kinds=(kind,)))

    return read


@contextmanager
def _resource_errors() -> Iterator[None]:
    try:
        yield
    except AutopatchMemoryError as exc:
        raise ResourceError(f"{STORE_ERROR}: {exc}") from None


def _prompt_error(reason: str, message: str) -> MCPError:
    # A prompt has no isError result: its refusals are protocol errors, with the same code.
    return MCPError(code=INVALID_PARAMS, message=f"{reason}: {message}", data={"reason": reason})


def _add_prompt(server: MCPServer[Any], memory: ProjectMemory) -> None:
    @server.prompt(
        name="memory_context",
        description="A question with the memory context it gets: the user's rules, the "
        "project's notes and recent topics this repository's memory holds for it, then the "
        "question. An audit or patch question gets no memory (as get_context).",
    )
    def memory_context(
        question: Annotated[str, Field(description="The question to ask.")],
        intent: Annotated[
            str | None,
            Field(
                description="code_explain, general_chat, code_audit, patch_explain or "
                "patch_revise; when left out, the command line's router chooses."
            ),
        ] = None,
    ) -> list[UserMessage]:
        if not question.strip():
            raise _prompt_error(EMPTY_FIELD, "the question is empty")
        if len(question) > limits.MCP_MAX_TEXT_CHARS:
            raise _prompt_error(
                BAD_ARGUMENTS, f"the question is over {limits.MCP_MAX_TEXT_CHARS} characters"
            )
        chosen = _prompt_intent(question, intent)
        try:
            rendered = memory.context(chosen, question).render()
        except AutopatchMemoryError as exc:
            raise _prompt_error(STORE_ERROR, str(exc)) from None
        text = f"{rendered}\n\n{question}" if rendered else question
        return [UserMessage(content=tool_text(text)[0])]


def _prompt_intent(question: str, intent: str | None) -> IntentType:
    """The intent given, else the command line's router's choice (audits stay gated)."""
    if intent is not None and intent.strip():
        try:
            return IntentType(intent.strip())
        except ValueError:
            names = ", ".join(kind.value for kind in IntentType)
            raise _prompt_error(UNKNOWN_INTENT, f"intent is one of {names}") from None
    from .classify import choose  # the router loads with the first prompt that needs it

    return choose(question).intent


def serve(repo_root: Path, settings: MemorySettings) -> None:
    """Run the server on stdin/stdout until the client goes away, then close memory
    (one short wait for a summary in flight; its turns otherwise stay pending)."""
    memory = ProjectMemory.open(repo_root, settings=settings)
    try:
        build_server(memory).run("stdio")
    finally:
        memory.wait_idle(limits.MCP_EXIT_WAIT_SECONDS)
        memory.close(wait=False)
