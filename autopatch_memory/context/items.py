"""What a memory context is made of: its sections, in priority order, and its items,
each already redacted, single-line and clipped (:func:`clean_text`)."""

from __future__ import annotations

from enum import Enum

from pydantic import BaseModel, ConfigDict

from autopatch_memory.privacy import redact
from autopatch_memory.text import clip

__all__ = [
    "REPO_PROFILE_ITEM_ID",
    "SECTION_PRIORITY",
    "ContextItem",
    "ContextSection",
    "clean_text",
]

REPO_PROFILE_ITEM_ID = "repo_profile"
"""The :attr:`ContextItem.id` of the repo profile (it has no memory id of its own)."""


class ContextSection(str, Enum):
    """Where an injected item comes from; the members are in priority order."""

    PREFERENCES = "preferences"
    REPO_PROFILE = "repo_profile"
    PROJECT_NOTES = "project_notes"
    TOPICS = "topics"
    RECENT_SUMMARIES = "recent_summaries"
    PENDING_QUESTIONS = "pending_questions"

    def __str__(self) -> str:
        return self.value


# Highest priority first; trimming to the byte budget walks it backwards.
SECTION_PRIORITY: tuple[ContextSection, ...] = tuple(ContextSection)


class ContextItem(BaseModel):
    """One injected piece of memory, exactly as it is rendered.

    ``label`` and ``text`` are already redacted, single-line and clipped; ``id`` is
    the memory id (``"repo_profile"`` for the profile) and is never rendered.
    """

    model_config = ConfigDict(frozen=True)

    section: ContextSection
    id: str
    label: str = ""
    text: str


def clean_text(text: str, limit: int) -> str:
    """Redacted, single-line, clipped text, safe to put on one bullet line.

    Redaction runs before anything else (clipping first could cut a secret in a
    way the patterns no longer recognise) and again after whitespace is folded,
    in case folding joined the parts of one.
    """
    folded = " ".join(redact(text).split())
    return clip(redact(folded), limit)
