"""The gold format of the memory-judgement evaluation set (docs/quality.md).

The conversations themselves are data, ``tests/data/conversations/<split>.jsonl``, read
into these classes by ``corpora.conversations``.

A conversation is a list of user turns in one repository. Each turn says what a
perfect memory takes from it: the rules it states (with the user's sentence as
the quote), the rules it supersedes, the items it cancels, the project facts it
states. What must be true at the end follows: rules stated and not superseded
or cancelled are active, the others are not; facts stated and not cancelled
are notes. Follow-up questions say what injected notes and topics are relevant.

Matching is by keys: an item *covers* a gold rule or fact when its label and
summary contain every key (each key lists alternatives, ``"中文|chinese"``) and
none of its ``unless`` keys. Keys are written to accept any faithful wording in
either language, so the same gold scores the heuristic, the oracle and a model.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from autopatch_memory.text import normalize


@dataclass(frozen=True)
class Project:
    """The repository the conversation is about (its profile is built from this)."""

    name: str = "mall"
    build_tool: str = "maven"
    java_version: str = "17"
    modules: tuple[str, ...] = (
        "mall-admin",
        "mall-order",
        "mall-search",
        "mall-portal",
        "mall-common",
    )
    frameworks: tuple[str, ...] = ("spring boot", "mybatis")


@dataclass(frozen=True)
class Item:
    """A gold rule (durable preference) or fact (project note)."""

    id: str
    keys: tuple[str, ...]
    label: str
    summary: str
    quote: str
    unless: tuple[str, ...] = ()

    def covered_by(self, text: str) -> bool:
        """``text`` (an item's label and summary) states this rule or fact."""
        folded = normalize(text)
        has = all(any(alt in folded for alt in key.lower().split("|")) for key in self.keys)
        return has and not any(
            any(alt in folded for alt in key.lower().split("|")) for key in self.unless
        )


@dataclass(frozen=True)
class Turn:
    """One user turn and what a perfect memory takes from it."""

    text: str
    intent: str = "general_chat"
    scope: tuple[str, ...] = ()
    project_level: bool = False
    rules: tuple[Item, ...] = ()
    facts: tuple[Item, ...] = ()
    supersedes: tuple[str, ...] = ()  # gold rule ids a rule of this turn replaces
    cancels: tuple[str, ...] = ()  # gold rule or fact ids this turn cancels
    cancel_quote: str = ""  # the user's sentence that cancels them
    restates: tuple[str, ...] = ()  # gold rule ids this turn says again (no new rule)
    revives: tuple[str, ...] = ()  # gold rule ids, cancelled before, this turn states again


@dataclass(frozen=True)
class FollowUp:
    """A later question and what the memory context should give it."""

    question: str
    intent: str = "general_chat"
    relevant: tuple[str, ...] = ()  # an injected note/topic is relevant if it has one of these
    must: tuple[str, ...] = ()  # keys some injected note/topic must carry
    must_not: tuple[str, ...] = ()  # keys no injected note/topic may carry


@dataclass(frozen=True)
class Conversation:
    """A multi-turn conversation with its gold expectations."""

    id: str
    turns: tuple[Turn, ...]
    project: Project = field(default_factory=Project)
    allowed: tuple[Item, ...] = ()  # preferences that may be active without being required
    followups: tuple[FollowUp, ...] = ()

    def rules(self) -> list[Item]:
        """Every rule stated, in order."""
        return [r for t in self.turns for r in t.rules]

    def facts(self) -> list[Item]:
        """Every fact stated, in order."""
        return [f for t in self.turns for f in t.facts]

    def ended(self) -> set[str]:
        """Ids of rules and facts superseded or cancelled (and not revived after)."""
        gone: set[str] = set()
        for turn in self.turns:
            gone.difference_update(turn.revives)
            gone.update((*turn.supersedes, *turn.cancels))
        return gone

    def active_rules(self) -> list[Item]:
        """Rules that must be active at the end."""
        ended = self.ended()
        return [r for r in self.rules() if r.id not in ended]

    def inactive_rules(self) -> list[Item]:
        """Rules that must not be active at the end (superseded or cancelled)."""
        ended = self.ended()
        return [r for r in self.rules() if r.id in ended]

    def active_facts(self) -> list[Item]:
        """Facts that must be project notes at the end."""
        ended = self.ended()
        return [f for f in self.facts() if f.id not in ended]

    def inactive_facts(self) -> list[Item]:
        """Facts the user cancelled: no active note may state them at the end."""
        ended = self.ended()
        return [f for f in self.facts() if f.id in ended]


def has_key(text: str, key: str) -> bool:
    """``text`` contains one of the alternatives of ``key``."""
    folded = normalize(text)
    return any(alt in folded for alt in key.lower().split("|"))
