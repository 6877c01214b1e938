"""What a memory context is made of: its sections, in priority order, and its items,
each already redacted, single-line and clipped (:func:`clean_text`)."""

from __future__ import annotations

from enum import Enum
from functools import lru_cache

from pydantic import BaseModel, ConfigDict

# privacy as a module: its rules load at the first redaction, and a document every string
# of which is known redacted needs none (see clean_text).
from autopatch_memory import limits, privacy
from autopatch_memory.text import clean_output, clip

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


# Items change rarely between two questions: their cleaned lines are kept, so cleaning
# what leaves costs the context nothing on the usual call.
@lru_cache(maxsize=limits.ITEM_TOKEN_CACHE_ENTRIES)
def clean_text(text: str, limit: int, redacted: bool = False) -> str:
    """Redacted, single-line, clipped text, safe to put on one bullet line: no control,
    escape, bidi or invisible character (:func:`~autopatch_memory.text.clean_output`,
    docs/privacy.md#hostile-text), whatever the memory file or a build file holds.

    Redaction runs before anything else (clipping first could cut a secret in a
    way the patterns no longer recognise) and again after the text is cleaned and
    folded, in case that joined the parts of one. ``redacted``: ``text`` is known to
    have passed redaction (a file this program wrote under its rules): only a text that
    cleaning changed is redacted again.
    """
    folded = clean_output(text if redacted else privacy.redact(text), single_line=True)
    if not redacted or folded != text:
        folded = privacy.redact(folded)
    return clip(folded, limit)
