"""A chat model as a summary backend: prompt → call → parse → one repair.

A chat model is a plain synchronous callable: OpenAI-style messages in (a list
of ``{"role": ..., "content": ...}`` dicts), the reply's text out. The library
does everything else: :func:`summarize_with_chat` builds the prompt, calls the
model, parses the reply into a Memory Delta and, when the reply is unusable,
asks once for a repair that quotes what was wrong. The applier then validates
every operation, whoever the model is.

:class:`ChatSummaryBackend` wraps a host's own callable (``ProjectMemory.open(repo,
llm=...)``); the OpenAI-compatible backend passes its completion call to the
same loop, so both behave alike.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import ValidationError

from autopatch_memory import limits
from autopatch_memory.backends.base import ChatModel, SummaryRequest
from autopatch_memory.delta import parse_delta, strip_reasoning
from autopatch_memory.errors import (
    BackendError,
    BackendResponseError,
    DeltaParseError,
    InvalidReplyError,
)
from autopatch_memory.model import LongTermOp, MemoryDelta, TopicOp, TurnSummaryOp
from autopatch_memory.prevalidate import delta_problems
from autopatch_memory.privacy import redact
from autopatch_memory.prompts import Message, build_messages, build_repair_messages
from autopatch_memory.text import clip

__all__ = [
    "ChatModel",
    "ChatSummaryBackend",
    "repair_messages",
    "reply_problems",
    "summarize_with_chat",
]

_OP_MODELS: dict[str, type[TurnSummaryOp | TopicOp | LongTermOp]] = {
    "turn_summaries": TurnSummaryOp,
    "topic_operations": TopicOp,
    "long_term_operations": LongTermOp,
}


def reply_problems(
    delta: MemoryDelta, bad_sections: Sequence[str], request: SummaryRequest
) -> list[str]:
    """What in a parsed reply is worth the one repair request (empty: use it as it is).

    Structural problems first (sections that are not lists, entries that are not
    operations); when the shape is right, what the applier would reject checked
    against ``request`` alone (ungrounded, too_long, code_or_log, unknown ids…), so
    the model hears the semantic reasons too, not only parse errors.
    """
    problems = [f"'{name}' must be a list" for name in bad_sections]
    for section, op_model in _OP_MODELS.items():
        for index, entry in enumerate(getattr(delta, section)):
            try:
                op_model.model_validate(entry)
            except ValidationError as error:
                first = error.errors()[0]
                where = ".".join(str(p) for p in first.get("loc", ())) or "entry"
                problems.append(f"{section}[{index}].{where}: {first.get('msg', 'invalid')}")
    return problems or delta_problems(delta, request, bad_sections)


def repair_messages(request: SummaryRequest, reply: str, problems: Sequence[str]) -> list[Message]:
    """The one repair request: the original prompt, the unusable reply, what was wrong."""
    return build_repair_messages(request, strip_reasoning(reply), "; ".join(problems))


def summarize_with_chat(complete: ChatModel, request: SummaryRequest) -> MemoryDelta:
    """Ask ``complete`` for the delta of ``request``; one repair retry on an unusable reply.

    Raises :class:`InvalidReplyError` (with ``reason``) when no delta can be
    parsed even after the repair, :class:`BackendResponseError` when the model
    returns something that is not text, and whatever ``complete`` raises.
    Operations still malformed after the repair go on to the applier, which
    rejects each of them (``bad_shape``) and keeps the rest.
    """
    messages = build_messages(request)
    attempts = 1 + limits.LLM_REPAIR_ATTEMPTS
    for attempt in range(attempts):
        reply = complete(messages)
        if not isinstance(reply, str):
            raise BackendResponseError(f"the model returned {type(reply).__name__}, not text")
        last = attempt == attempts - 1
        try:
            delta, bad_sections = parse_delta(reply)
        except DeltaParseError as error:
            if last:
                raise InvalidReplyError(
                    error.reason, f"no valid delta after the repair retry: {error}"
                ) from None
            messages = repair_messages(request, reply, [str(error)])
            continue
        problems = reply_problems(delta, bad_sections, request)
        if not problems or last:
            return delta
        messages = repair_messages(request, reply, problems)
    raise AssertionError("unreachable")  # pragma: no cover


class ChatSummaryBackend:
    """A :class:`~autopatch_memory.backends.base.SummaryBackend` over a host's chat model.

    ``complete`` gets a fresh list of message dicts on every call and returns the
    reply's text. Whatever it raises is the model's failure, reported as a
    :class:`~autopatch_memory.errors.BackendError` (the worker journals it and
    backs off); it never reaches the host's thread or terminal.
    """

    def __init__(self, complete: ChatModel, *, name: str = "host") -> None:
        if not callable(complete):
            raise TypeError(f"complete must be callable, not {type(complete).__name__}")
        self._complete = complete
        self._name = name

    @property
    def name(self) -> str:
        """Used in the journal as ``summarizer:<name>``."""
        return self._name

    def __repr__(self) -> str:
        return f"ChatSummaryBackend({self._complete!r}, name={self._name!r})"

    def summarize(self, request: SummaryRequest) -> MemoryDelta:
        """The delta for ``request``, through the host's model (see :func:`summarize_with_chat`)."""
        return summarize_with_chat(self._call, request)

    def _call(self, messages: list[Message]) -> str:
        try:
            # A copy: the callable may keep or change what it is given.
            return self._complete([dict(message) for message in messages])
        except BackendError:
            raise
        except Exception as error:
            detail = clip(redact(str(error)), limits.LLM_ERROR_DETAIL_CHARS)
            raise BackendError(
                f"the host's model {self._name!r} raised {type(error).__name__}: {detail}"
            ) from error
