"""How big a context is for a model: characters, UTF-8 bytes and estimated tokens, and
what replaying the recent history instead would cost."""

from __future__ import annotations

import math

from pydantic import BaseModel, ConfigDict

from autopatch_memory import limits
from autopatch_memory.lang import is_cjk_char
from autopatch_memory.model import MemoryDocument

__all__ = ["ContextSize", "estimate_tokens", "history_replay_size", "size_of"]

# Code points below this are never CJK: skip the regex for ASCII and Latin text.
_FIRST_CJK_CODE_POINT = 0x3040


class ContextSize(BaseModel):
    """How big a piece of text is for a model: characters, UTF-8 bytes, estimated tokens."""

    model_config = ConfigDict(frozen=True)

    chars: int
    bytes: int
    tokens: int


def estimate_tokens(text: str) -> int:
    """A tokenizer-free estimate of model tokens.

    A CJK character is about one token in common BPE vocabularies; other text
    is about :data:`~autopatch_memory.limits.TOKEN_ESTIMATE_CHARS_PER_TOKEN`
    characters per token. Good to compare sizes, not to bill by.
    """
    cjk = sum(1 for ch in text if ord(ch) >= _FIRST_CJK_CODE_POINT and is_cjk_char(ch))
    other = len(text) - cjk
    return cjk + math.ceil(other / limits.TOKEN_ESTIMATE_CHARS_PER_TOKEN)


def size_of(text: str) -> ContextSize:
    """Characters, UTF-8 bytes and estimated tokens of ``text``."""
    return ContextSize(
        chars=len(text), bytes=len(text.encode("utf-8")), tokens=estimate_tokens(text)
    )


def history_replay_size(doc: MemoryDocument) -> ContextSize:
    """What replaying the full recent history (every question and answer) would cost.

    The alternative the memory context replaces; reported next to it.
    """
    parts: list[str] = []
    for turn in doc.working_memory.recent_turns:
        parts.append(turn.user_text)
        if turn.assistant_text:
            parts.append(turn.assistant_text)
    return size_of("\n\n".join(parts))
