"""The heuristic backend: a Memory Delta by rules, offline and deterministic (docs/delta.md).

It is the default when no model is configured, so memory works on a fresh
machine. It only restates what the user wrote — never what the assistant
answered (an answer may guess) — and only what the user said explicitly: zero
false rules comes before recall (docs/quality.md#the-offline-reader).

* a turn summary for every pending turn (:mod:`.summaries`);
* a durable preference per rule the user states with an explicit standing marker,
  an archive per item a cancel names (:mod:`.rules`); a rule replaces an older one
  only when it names what it replaces;
* a project note per fact the user states or corrects (:mod:`.notes`);
* topics for concerns followed across turns (:mod:`.topics`).

Chit-chat, one-off requests, questions, reported speech and credentials produce
nothing but a summary.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from autopatch_memory.backends.base import SummaryRequest
    from autopatch_memory.model import MemoryDelta


class HeuristicBackend:
    """Rule-based :class:`~autopatch_memory.backends.base.SummaryBackend`: no network, no model.

    Cheap to make (opening memory makes one): its rules load at the first summary
    (:mod:`.deltas`)."""

    # Its labels are made from a rule's words, not chosen to name an item: two different
    # rules may get one label, and a label that equals an older item's is no revision of
    # it (the applier's same-label rule is for a model, which names what it means).
    names_items_by_label = False

    @property
    def name(self) -> str:
        """``heuristic`` (the journal's actor is ``summarizer:heuristic``)."""
        return "heuristic"

    def summarize(self, request: SummaryRequest) -> MemoryDelta:
        """The delta for ``request``; the same request always gives the same delta."""
        from .deltas import heuristic_delta  # see the class note

        return heuristic_delta(request)
