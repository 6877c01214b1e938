"""The boundary: the five intents and which of them may read or write memory.

See docs/design.md#intents-and-the-gate.

Q&A has memory; audit and patch flows stay isolated. The facade consults
:func:`memory_access` before it touches the store, so a gated call never opens
the memory file.
"""

from __future__ import annotations

from enum import Enum
from typing import NamedTuple

from autopatch_memory.errors import UnknownIntentError


class IntentType(str, Enum):
    """What a natural-language turn of the host is about."""

    CODE_AUDIT = "code_audit"
    CODE_EXPLAIN = "code_explain"
    GENERAL_CHAT = "general_chat"
    PATCH_EXPLAIN = "patch_explain"
    PATCH_REVISE = "patch_revise"

    def __str__(self) -> str:
        return self.value


class MemoryAccess(NamedTuple):
    """Whether an intent may read (receive context) and write (record turns)."""

    reads: bool
    writes: bool


_POLICY: dict[IntentType, MemoryAccess] = {
    IntentType.CODE_AUDIT: MemoryAccess(reads=False, writes=False),
    IntentType.CODE_EXPLAIN: MemoryAccess(reads=True, writes=True),
    IntentType.GENERAL_CHAT: MemoryAccess(reads=True, writes=True),
    IntentType.PATCH_EXPLAIN: MemoryAccess(reads=False, writes=False),
    IntentType.PATCH_REVISE: MemoryAccess(reads=False, writes=False),
}

# Intents a stored turn may carry: exactly those that write.
MEMORY_INTENTS: frozenset[IntentType] = frozenset(i for i, a in _POLICY.items() if a.writes)


def parse_intent(value: IntentType | str) -> IntentType:
    """Return the intent named by ``value``; unknown strings raise, never default."""
    if isinstance(value, IntentType):
        return value
    if isinstance(value, str):
        try:
            return IntentType(value.strip().lower())
        except ValueError:
            pass
    known = ", ".join(i.value for i in IntentType)
    raise UnknownIntentError(f"unknown intent {value!r}; expected one of: {known}")


def memory_access(intent: IntentType | str) -> MemoryAccess:
    """The read/write policy of ``intent`` (raises :class:`UnknownIntentError`)."""
    return _POLICY[parse_intent(intent)]
