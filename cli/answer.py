"""Answering one turn: pick the intent, get the memory context, ask the model, record.

This is the host loop of a memory-using assistant (see ``docs/cli.md``), as the
command line runs it:

1. the intent comes from the classifier (:mod:`cli.classify`) unless the user forced one;
   with a model configured, the model is asked too when the rules' choice is not plain
   (:mod:`cli.classify.model`: one short call, audit wins a disagreement about memory);
2. ``memory.context(intent, question)`` gives the memory context (empty for a
   gated intent, without the file even being opened);
3. with a model configured, the model answers with a short base prompt plus the
   rendered context as its system prompt; files named with ``@path`` go, with
   their current content, into the *user* message — never into memory; the answer
   streams to the display as it arrives;
4. the turn is recorded (question, answer, ``@path`` paths as ``scope_paths``);
   a gated turn records nothing.

Across sessions, what the model knows about earlier turns is what memory injects
(summaries, topics, the last unsummarized questions): bounded, governed context
instead of history. Within one ``chat`` session the session's own transcript is sent
again as chat messages on every turn, whatever its intent (:mod:`cli.history`), so that
"give an example of that" works; it is the chat's context, not memory, which stays gated.

With no model configured the turn still works: the result carries the context a
model would have been given, and (unless ``record_unanswered`` is off, as in ``ask``)
the turn is recorded with an empty answer.
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager, nullcontext
from enum import Enum
from pathlib import Path
from typing import Any, Protocol

from pydantic import BaseModel, ConfigDict, Field

from autopatch_memory import (
    ENV_BASE_URL,
    ENV_MODEL,
    MEMORY_DIR_NAME,
    AnswerBackend,
    BackendError,
    IntentType,
    MemoryContext,
    MemorySettings,
    ProjectMemory,
    empty_context,
    has_project_signal,
    limits,
    make_answerer,
    memory_access,
)

from .classify import Classification, choose, mentioned_paths
from .classify.model import route_with_model
from .failures import FailureWatch, describe_failure, failure_hint, take_last_error
from .history import SessionHistory
from .repo import LOOKUP_ERRORS, lookup_problem

__all__ = [
    "BASE_PROMPT",
    "NO_MODEL_HINT",
    "QUIET",
    "Attachment",
    "TextSink",
    "TurnDisplay",
    "TurnResult",
    "TurnRunner",
    "build_user_message",
    "resolve_mentions",
]

# The answering model's standing instructions; the memory context follows them.
BASE_PROMPT = (
    "You are the assistant of a command-line tool that works on one Java repository. "
    "You explain the project, its modules, folders, files and code, and answer general "
    "Java and software-engineering questions. Be direct and concrete, and answer in the "
    "language of the user's question. Files the user attached are their current content: "
    "base statements about the code on them, and say so when you are unsure instead of "
    "guessing."
)
NO_MODEL_HINT = (
    f"no answering model configured: set {ENV_MODEL} (plus {ENV_BASE_URL} for a local "
    "server such as http://localhost:11434/v1) to get answers"
)


class AttachmentKind(str, Enum):
    """What an ``@path`` named."""

    FILE = "file"
    FOLDER = "folder"


class Attachment(BaseModel):
    """A file or folder put in scope with ``@path``; its content goes to the model only."""

    model_config = ConfigDict(frozen=True)

    path: str  # repository-relative, POSIX separators
    kind: AttachmentKind
    content: str
    truncated: bool = False


class Mentions(BaseModel):
    """The ``@path`` mentions of a question, resolved inside the repository."""

    attachments: list[Attachment] = Field(default_factory=list)
    problems: list[str] = Field(default_factory=list)

    @property
    def scope_paths(self) -> list[str]:
        """The paths to record with the turn."""
        return [a.path for a in self.attachments]


def _inside(path: Path, root: Path) -> bool:
    try:
        path.relative_to(root)
    except ValueError:
        return False
    return True


def _read_file(path: Path, budget: int) -> tuple[str, bool] | None:
    """The text of ``path`` within ``budget`` bytes (and whether it was cut); None if binary."""
    limit = min(limits.ATTACHMENT_MAX_BYTES, budget)
    # O_NONBLOCK: a FIFO (or a device) in the repository must not hang the turn; only
    # a regular file is read.
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    with os.fdopen(fd, "rb") as fh:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(errno.EINVAL, "not a regular file", str(path))
        data = fh.read(limit + 1)
    if b"\0" in data[: limits.ATTACHMENT_BINARY_PROBE_BYTES]:
        return None
    truncated = len(data) > limit
    return data[:limit].decode("utf-8", errors="replace"), truncated


def _list_folder(path: Path) -> tuple[str, bool]:
    names = sorted(
        entry.name + ("/" if entry.is_dir() else "")
        for entry in os.scandir(path)
        if entry.name != MEMORY_DIR_NAME
    )
    shown = names[: limits.ATTACHMENT_MAX_FOLDER_ENTRIES]
    return "\n".join(shown), len(names) > len(shown)


def _located(mention: str, root: Path, cwd: Path | None) -> Path | None:
    """The resolved path ``mention`` names (relative to ``root`` first, then ``cwd``), or
    ``None`` when there is none. Raises what the lookup raises."""
    raw = Path(mention).expanduser()
    candidates = [raw] if raw.is_absolute() else [root / raw, (cwd or Path.cwd()) / raw]
    return next((c.resolve() for c in candidates if c.exists()), None)


def resolve_mentions(question: str, repo_root: Path, *, cwd: Path | None = None) -> Mentions:
    """Resolve the ``@path`` mentions of ``question``.

    A path is looked up relative to the repository root first, then to ``cwd``.
    Only paths inside the repository are attached (symlinks are resolved first);
    the memory folder is never attached — memory reaches the model only as the
    governed context. Problems (not found, outside, binary) are reported, not raised.
    """
    root = repo_root.resolve()
    result = Mentions()
    budget = limits.ATTACHMENTS_MAX_TOTAL_BYTES
    for mention in mentioned_paths(question):
        try:
            target = _located(mention, root, cwd)
        except LOOKUP_ERRORS as exc:
            result.problems.append(f"@{mention}: cannot be looked up ({lookup_problem(exc)})")
            continue
        if target is None:
            result.problems.append(f"@{mention}: not found in the repository")
            continue
        if not _inside(target, root):
            result.problems.append(f"@{mention}: outside the repository, not attached")
            continue
        relative = target.relative_to(root).as_posix() or "."
        if relative.split("/")[0] == MEMORY_DIR_NAME:
            result.problems.append(f"@{mention}: the memory folder is never attached")
            continue
        if any(a.path == relative for a in result.attachments):
            continue
        try:
            if target.is_dir():
                content, truncated = _list_folder(target)
                kind = AttachmentKind.FOLDER
            else:
                read = _read_file(target, budget)
                if read is None:
                    result.problems.append(f"@{mention}: a binary file, not attached")
                    continue
                content, truncated = read
                kind = AttachmentKind.FILE
        except OSError as exc:
            result.problems.append(f"@{mention}: cannot read ({exc.strerror or exc})")
            continue
        budget -= len(content.encode("utf-8"))
        if truncated:
            result.problems.append(f"@{mention}: too long, only the beginning is attached")
        result.attachments.append(
            Attachment(path=relative, kind=kind, content=content, truncated=truncated)
        )
        if budget <= 0:
            break
    return result


def build_user_message(question: str, attachments: Sequence[Attachment]) -> str:
    """The user message for the model: the question, then each attachment's content."""
    if not attachments:
        return question
    parts = [question, "", "---", "Attached by the user with @path (current content):"]
    for attachment in attachments:
        label = "folder listing" if attachment.kind is AttachmentKind.FOLDER else "file"
        cut = " (truncated)" if attachment.truncated else ""
        parts += ["", f"### {attachment.path} ({label}{cut})", "```", attachment.content, "```"]
    return "\n".join(parts)


def build_system_prompt(context: MemoryContext) -> str:
    """The base prompt plus the rendered memory context (nothing for a gated intent)."""
    rendered = context.render()
    return f"{BASE_PROMPT}\n\n{rendered}" if rendered else BASE_PROMPT


class TurnResult(BaseModel):
    """Everything one turn did; ``ask --json`` prints :meth:`to_json_dict`."""

    question: str
    classification: Classification
    context: MemoryContext
    attachments: list[Attachment] = Field(default_factory=list)
    problems: list[str] = Field(default_factory=list)
    answer: str | None = None
    streamed: bool = False  # the answer was already shown while it arrived
    model: str | None = None
    turn_id: str | None = None
    degraded: list[str] = Field(default_factory=list)
    error: str | None = None  # the model call failed: nothing was recorded
    error_type: str | None = None
    hint: str | None = None

    @property
    def intent(self) -> IntentType:
        """The intent the turn ran under."""
        return self.classification.intent

    @property
    def gated(self) -> bool:
        """Outside memory: no context was given and nothing was recorded."""
        return not memory_access(self.intent).reads

    @property
    def scope_paths(self) -> list[str]:
        """The paths put in scope with ``@path``."""
        return [a.path for a in self.attachments]

    def to_json_dict(self) -> dict[str, Any]:
        """The ``ask --json`` document."""
        error = None
        if self.error is not None:
            error = {"type": self.error_type, "message": self.error, "hint": self.hint}
        return {
            "intent": self.intent.value,
            "intent_rule": self.classification.rule,
            "gated": self.gated,
            "context": self.context.to_json_dict(),
            "scope_paths": self.scope_paths,
            "answer": self.answer,
            "model": self.model,
            "turn_id": self.turn_id,
            "problems": self.problems,
            "degraded": self.degraded,
            "error": error,
        }


TextSink = Callable[[str], None]


class TurnDisplay(Protocol):
    """How a runner shows a turn while it runs (the console, or nothing)."""

    def chosen(self, classification: Classification, *, gated: bool) -> None:
        """The intent is known and a model is about to be asked."""

    def answering(self, model: str) -> AbstractContextManager[TextSink]:
        """While the model answers: a sink for each piece of text as it arrives."""
        ...


class _Quiet:
    """Shows nothing; the answer is returned whole."""

    def chosen(self, classification: Classification, *, gated: bool) -> None:
        return None

    def answering(self, model: str) -> AbstractContextManager[TextSink]:
        return nullcontext(lambda _piece: None)


QUIET: TurnDisplay = _Quiet()


class TurnRunner:
    """Runs turns against one repository's memory and an optional answering model.

    ``memory`` is None for a runner that only ever runs gated turns (``ask`` with an
    audit or patch intent): it then touches nothing under ``.autopatch-j``.
    ``history`` (a chat session's transcript) is sent with every turn and grows with each
    answered one, whatever its intent: it is the chat's context, not memory.
    ``record_unanswered``: without a model, the question is still recorded (a ``chat``
    session's; the offline reader may find a rule in it); ``ask`` records only a turn a
    model answered.
    """

    record_unanswered: bool = True

    def __init__(
        self,
        memory: ProjectMemory | None,
        answerer: AnswerBackend | None,
        *,
        repo_root: Path | None = None,
        model_name: str | None = None,
        timeout: float | None = None,
        cwd: Path | None = None,
        history: SessionHistory | None = None,
        names: Sequence[str] = (),
    ) -> None:
        if memory is None and repo_root is None:
            raise ValueError("a runner without memory needs the repository root")
        self.memory = memory
        self.repo_root = repo_root or (memory.repo_root if memory else Path.cwd())
        self.answerer = answerer
        self.model_name = model_name
        self.timeout = timeout
        self.cwd = cwd
        self.history = history
        self.names = list(names)  # the repository's own names, for the classifier
        self.watch = FailureWatch(memory) if memory is not None else None

    @classmethod
    def from_settings(
        cls,
        memory: ProjectMemory | None,
        settings: MemorySettings,
        *,
        repo_root: Path | None = None,
        cwd: Path | None = None,
        history: SessionHistory | None = None,
        names: Sequence[str] = (),
    ) -> TurnRunner:
        """A runner that answers through the model the settings name (if any)."""
        return cls(
            memory,
            make_answerer(settings),
            repo_root=repo_root,
            model_name=settings.model,
            timeout=settings.timeout,
            cwd=cwd,
            history=history,
            names=names,
        )

    def run(
        self,
        question: str,
        *,
        intent: IntentType | None = None,
        patch_pending: bool = False,
        display: TurnDisplay = QUIET,
    ) -> TurnResult:
        """Answer and record one turn.

        A failed model call is returned as the result's ``error`` (with a ``hint``):
        then nothing is recorded, the turn was not answered.
        """
        question = question.strip()
        classification = choose(question, intent, patch_pending=patch_pending, names=self.names)
        if intent is None and self.answerer is not None:
            classification = route_with_model(
                question, classification, self.answerer, patch_pending=patch_pending
            )
        kind = classification.intent
        in_memory = memory_access(kind).reads and self.memory is not None
        if in_memory and self.watch is not None:
            self.watch.start()
        result = TurnResult(
            question=question,
            classification=classification,
            context=self._context(kind, question),
            model=self.model_name if self.answerer is not None else None,
        )
        mentions = resolve_mentions(question, self.repo_root, cwd=self.cwd)
        result.attachments, result.problems = mentions.attachments, mentions.problems
        if self.answerer is not None:
            display.chosen(classification, gated=result.gated)
            self._answer(result, display)
            if result.error is not None:
                return result
        if in_memory and (result.answer is not None or self.record_unanswered):
            self._record(result)
        return result

    def _context(self, kind: IntentType, question: str) -> MemoryContext:
        if self.memory is None:
            return empty_context(kind)
        self.memory.last_error = None
        return self.memory.context(kind, question)  # empty, file untouched, when gated

    def _answer(self, result: TurnResult, display: TurnDisplay) -> None:
        assert self.answerer is not None
        # The session's transcript goes with every turn (docs/cli.md#routing-and-the-transcript):
        # the chat's own context, not memory; a gated turn still gets no memory context.
        history = self.history.messages() if self.history else ()
        try:
            with display.answering(self.model_name or "the model") as sink:
                result.answer = self.answerer.answer(
                    build_system_prompt(result.context),
                    build_user_message(result.question, result.attachments),
                    history=history,
                    on_text=sink,
                )
        except BackendError as exc:
            result.error, result.error_type = str(exc), type(exc).__name__
            result.hint = failure_hint(exc, self.timeout)
            return
        result.streamed = display is not QUIET
        if self.history is not None:
            self.history.add(result.question, result.answer)

    def _record(self, result: TurnResult) -> None:
        memory = self.memory
        assert memory is not None
        reported: list[str] = []  # failure messages already on a line
        if memory.last_error is not None:
            reported.append(memory.last_error.message)
            result.degraded.extend(take_last_error(memory))
        kind = result.intent
        project_level = (
            kind is IntentType.CODE_EXPLAIN
            and not result.attachments
            and has_project_signal(result.question)
        )
        result.turn_id = memory.record_turn(
            kind,
            result.question,
            result.answer or "",
            scope_paths=result.scope_paths,
            project_level=project_level,
        )
        if result.turn_id is None and memory.last_error is not None:
            failure = memory.last_error
            result.degraded.append(f"memory: this turn was not recorded: {failure.message}")
            reported.append(failure.message)
        result.degraded.extend(self.background_failures(skip=reported))

    def background_failures(self, skip: Sequence[str] = ()) -> list[str]:
        """A line for a failure the journal gained since the last look (if any).

        ``skip``: messages already reported through ``last_error`` (they are in
        the journal too and must not be reported twice).
        """
        entry = self.watch.new_failure() if self.watch is not None else None
        if entry is None or (entry.detail is not None and entry.detail in skip):
            return []
        return [describe_failure(entry)]
