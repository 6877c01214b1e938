"""The memory context: what the answering model sees before it answers (docs/context.md).

Selection and rendering are apart, each a room of its own:

* :mod:`~autopatch_memory.context.items`: the sections, in priority order, and the items
  (already redacted, single-line and clipped);
* :mod:`~autopatch_memory.context.selection`: :func:`build_context`, the pure selection
  of a document's items for a turn (preferences always, the profile, the notes and
  topics that match, the last turns), within the byte budget;
* :mod:`~autopatch_memory.context.rendering`: :class:`MemoryContext` and the block it
  renders in either language;
* :mod:`~autopatch_memory.context.sizes`: characters, bytes and estimated tokens.

The bilingual concepts that match a question to a note in other words are the shared
vocabulary's (:mod:`autopatch_memory.lang.vocabulary`). Never injected: assistant text,
archived items, ids, scores, timestamps. A summary is context, not fact: the rendered
block says so, and that it is no evidence for code changes. The rendered block stays
within :data:`~autopatch_memory.limits.CONTEXT_MAX_BYTES`, dropping the lowest-priority
items first, and :attr:`MemoryContext.items` always lists exactly what it shows.
"""

from __future__ import annotations

from autopatch_memory.context.items import (
    REPO_PROFILE_ITEM_ID,
    SECTION_PRIORITY,
    ContextItem,
    ContextSection,
)
from autopatch_memory.context.rendering import FENCE_CLOSE, FENCE_OPEN, MemoryContext
from autopatch_memory.context.selection import build_context, concept_tokens, empty_context
from autopatch_memory.context.sizes import (
    ContextSize,
    estimate_tokens,
    history_replay_size,
    size_of,
)

__all__ = [
    "FENCE_CLOSE",
    "FENCE_OPEN",
    "REPO_PROFILE_ITEM_ID",
    "SECTION_PRIORITY",
    "ContextItem",
    "ContextSection",
    "ContextSize",
    "MemoryContext",
    "build_context",
    "concept_tokens",
    "empty_context",
    "estimate_tokens",
    "history_replay_size",
    "size_of",
]
