"""The summarizer's view of a model: the ``SummaryBackend`` protocol, and the
``ChatModel`` a host may give instead.

See docs/design.md#summary-backends.

A backend turns a :class:`SummaryRequest` (the pending turns plus the memory they
may refer to) into a :class:`~autopatch_memory.model.MemoryDelta`. It never sees
the file and never writes: the applier decides what of the delta is kept.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, runtime_checkable

from autopatch_memory.model import MemoryDelta

# The request types live beside the model (a backend takes one; what builds or checks
# one never imports a backend); named here too, where a backend's author looks.
from autopatch_memory.summary_request import (
    SummaryConflict,
    SummaryItem,
    SummaryRequest,
    SummaryTurn,
)

__all__ = [
    "ChatModel",
    "SummaryBackend",
    "SummaryConflict",
    "SummaryItem",
    "SummaryRequest",
    "SummaryTurn",
]


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
