"""The summarizer's view of a model: the ``SummaryBackend`` protocol, and the
``ChatModel`` a host may give instead.

See docs/design.md#summary-backends.

A backend turns a :class:`SummaryRequest` (the pending turns plus the memory they
may refer to) into a :class:`~autopatch_memory.model.MemoryDelta`. It never sees
the file and never writes: the applier decides what of the delta is kept.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Protocol, runtime_checkable

from pydantic import BaseModel, Field

from autopatch_memory.intents import IntentType
from autopatch_memory.model import MemoryDelta, RepoProfile, Timestamp
from autopatch_memory.text import Language


class SummaryTurn(BaseModel):
    """A pending turn as the summarizer sees it."""

    id: str
    intent: IntentType
    user_text: str
    assistant_text: str = ""
    scope_paths: list[str] = Field(default_factory=list)
    created_at: Timestamp
    project_level: bool = False  # the host said: about the project as a whole, no file


class SummaryItem(BaseModel):
    """An existing topic or long-term item the delta may update (by id)."""

    id: str
    label: str
    summary: str
    type: str | None = None  # long-term items only: durable_preference | project_note


class SummaryRequest(BaseModel):
    """Everything one summarization call may use; nothing else reaches the model."""

    turns: list[SummaryTurn]
    # Summaries of recent turns that are already summarized (context only; newest last).
    earlier_turns: list[SummaryItem] = Field(default_factory=list)
    topics: list[SummaryItem] = Field(default_factory=list)
    long_term: list[SummaryItem] = Field(default_factory=list)
    repo_profile: RepoProfile | None = None
    language: Language = Language.EN
    now: datetime | None = None


@runtime_checkable
class SummaryBackend(Protocol):
    """Something that can compress pending turns into a Memory Delta."""

    @property
    def name(self) -> str:
        """Short name used in the journal (``summarizer:<name>``)."""
        ...

    def summarize(self, request: SummaryRequest) -> MemoryDelta:
        """Return the delta for ``request``.

        Raises :class:`~autopatch_memory.errors.BackendError` (or a subclass) when
        the model cannot be reached or its reply is unusable after one repair try.
        """
        ...


ChatModel = Callable[[list[dict[str, str]]], str]
"""A chat model: OpenAI-style messages in, the reply's text out (synchronous).

:class:`~autopatch_memory.backends.chat.ChatSummaryBackend` makes a summary backend
of one; it is defined here, with the protocol, so that naming it (as the facade's
``llm=`` does) does not import the prompt, parse and repair loop."""
