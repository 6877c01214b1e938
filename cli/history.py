"""The transcript of one chat session, sent again so that follow-ups keep their subject.

"Can you give an example of that?" means nothing without the answer before it. Within
a ``chat`` session the runner therefore sends the newest questions and answers again,
as chat messages, newest kept first, within an estimated token budget
(:data:`~autopatch_memory.limits.CHAT_HISTORY_MAX_TOKENS`); an exchange that alone
exceeds what is left is cut, keeping the head of its answer. Nothing here is stored:
what carries across sessions is the memory, not this transcript.

The transcript is the chat's context, not memory (docs/cli.md#routing-and-the-transcript):
every answered turn joins it and every turn gets it, whatever its intent, so a follow-up
to an audit-routed question keeps its subject. Memory (the user's rules, notes, topics)
stays gated: an audit or patch turn gets none of it. ``/clear`` empties the transcript
only; ``/reset`` clears memory and the transcript.
"""

from __future__ import annotations

from collections import deque

from pydantic import BaseModel

from autopatch_memory import (
    estimate_tokens,
    limits,
)

__all__ = ["Exchange", "SessionHistory"]

# History keeps a few more exchanges than a budget could ever need: the budget decides.
_MAX_EXCHANGES = 2 * limits.MAX_RECENT_TURNS
_CLIP_MARK = limits.CLIP_MARK


class Exchange(BaseModel):
    """One question and the answer the model gave to it."""

    question: str
    answer: str


def _fit(text: str, tokens: int) -> str:
    """The head of ``text`` within about ``tokens`` estimated tokens."""
    if estimate_tokens(text) <= tokens:
        return text
    low, high = 0, len(text)
    while low < high:  # the longest head that fits (the estimate grows with length)
        middle = (low + high + 1) // 2
        if estimate_tokens(text[:middle]) + 1 <= tokens:
            low = middle
        else:
            high = middle - 1
    return text[:low].rstrip() + _CLIP_MARK


class SessionHistory:
    """The exchanges of one session, oldest first."""

    def __init__(self, budget_tokens: int = limits.CHAT_HISTORY_MAX_TOKENS) -> None:
        self.budget_tokens = budget_tokens
        self._exchanges: deque[Exchange] = deque(maxlen=_MAX_EXCHANGES)

    def __len__(self) -> int:
        return len(self._exchanges)

    def add(self, question: str, answer: str) -> None:
        """Remember an answered exchange."""
        if question.strip() and answer.strip():
            self._exchanges.append(Exchange(question=question, answer=answer))

    def clear(self) -> None:
        """Forget the session's exchanges (``/clear``, ``/reset``)."""
        self._exchanges.clear()

    def messages(self) -> list[tuple[str, str]]:
        """``(role, text)`` chat messages, oldest first, within the token budget."""
        left = self.budget_tokens
        chosen: list[Exchange] = []
        for exchange in reversed(self._exchanges):
            question_cost = estimate_tokens(exchange.question)
            cost = question_cost + estimate_tokens(exchange.answer)
            if cost <= left:
                chosen.append(exchange)
                left -= cost
                continue
            if not chosen and question_cost < left:
                answer = _fit(exchange.answer, left - question_cost)
                chosen.append(Exchange(question=exchange.question, answer=answer))
            break
        messages: list[tuple[str, str]] = []
        for exchange in reversed(chosen):
            messages += [("user", exchange.question), ("assistant", exchange.answer)]
        return messages
