"""What one summarization call may use: the request types (docs/design.md#one-run).

Apart from :mod:`autopatch_memory.backends` so that what builds or checks a request (the
prompt, the pre-validation, the summarizer) depends only on these types and
:mod:`autopatch_memory.model` beside them, never on the backends above them.
"""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, ConfigDict, Field

from autopatch_memory.intents import IntentType
from autopatch_memory.model import RepoProfile, Timestamp
from autopatch_memory.text import Language

__all__ = ["SummaryConflict", "SummaryItem", "SummaryRequest", "SummaryTurn"]


class SummaryTurn(BaseModel):
    """A pending turn as the summarizer sees it."""

    # Its schema is built on first use, not at import (start-up, docs/benchmarks.md).
    model_config = ConfigDict(defer_build=True)

    id: str
    intent: IntentType
    user_text: str
    assistant_text: str = ""
    scope_paths: list[str] = Field(default_factory=list)
    created_at: Timestamp
    project_level: bool = False  # the host said: about the project as a whole, no file


class SummaryItem(BaseModel):
    """An existing topic or long-term item the delta may update (by id)."""

    model_config = ConfigDict(defer_build=True)

    id: str
    label: str
    summary: str
    type: str | None = None  # long-term items only: durable_preference | project_note
    updated_at: datetime | None = None  # long-term items: when it was last changed
    # Long-term items: the digest of the sentence that grounded it (the offline reader
    # does not read a sentence twice; never sent to a model).
    grounds: str | None = None


class SummaryConflict(BaseModel):
    """Two active items that may contradict each other in part (found, not resolved): the
    model may settle it, superseding the older one and keeping its remainder."""

    model_config = ConfigDict(defer_build=True)

    newer: str
    older: str


class SummaryRequest(BaseModel):
    """Everything one summarization call may use; nothing else reaches the model."""

    model_config = ConfigDict(defer_build=True)

    turns: list[SummaryTurn]
    # The turn right before the batch, for context only: an assistant's suggestion that a
    # pending turn adopts ("好，就按你说的，以后都这样") is quoted from its answer.
    previous_turn: SummaryTurn | None = None
    # Summaries of recent turns that are already summarized (context only; newest last).
    earlier_turns: list[SummaryItem] = Field(default_factory=list)
    topics: list[SummaryItem] = Field(default_factory=list)
    long_term: list[SummaryItem] = Field(default_factory=list)
    conflicts: list[SummaryConflict] = Field(default_factory=list)
    repo_profile: RepoProfile | None = None
    language: Language = Language.EN
    now: datetime | None = None
