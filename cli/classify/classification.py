"""The router's answer: the intent chosen, the ids of the rules that chose it, and the
words that made them choose (:class:`Classification`).

Apart from the rules because the rest of the command line (turns, streaming, the
rendering of "why this intent") reads the answer without the rules that produce it.
"""

from __future__ import annotations

import re

from pydantic import BaseModel, ConfigDict, Field

from autopatch_memory import IntentType, limits, normalize_text

# Ids of decisions that are no rule of the registry (docs/cli.md#routing-and-the-transcript).
FORCED = "forced"  # --intent, /intent
DEFAULT = "default"  # no rule fired: general_chat
MODEL = "model-route"  # the configured model chose (cli.classify.model)

# A word of a pasted stack trace or a JDK name: never shown as the reason.
_FRAME_RE = re.compile(
    r"\bat\s+[\w$.]+\(|\(\w+\.(?:java|kt):\d+\)|\.java:\d+|^(?:java|javax|jdk|sun|jakarta)\."
    r"|^com\.sun\.",
    re.IGNORECASE,
)


class Classification(BaseModel):
    """The intent chosen for a question, and why."""

    model_config = ConfigDict(frozen=True)

    intent: IntentType
    # The rules that decided, in order: the readings that chose the part of the message
    # read, the rule that decided, then what overrode it (a standing wish, the model).
    rule_ids: tuple[str, ...] = (DEFAULT,)
    # The words that decided, as found (unredacted: never serialized, only :attr:`cue` shows).
    matched: list[str] = Field(default_factory=list, exclude=True)
    # With ``classify(text, explain=True)``: every rule of the registry that fires on the
    # message, in registry order (the first of them decided, unless a reading did).
    fired: tuple[str, ...] = ()
    # The question as the router read it: the reason shows only words found in it once
    # redacted.
    text: str = Field(default="", repr=False, exclude=True)

    @property
    def rule(self) -> str:
        """The id of the rule that decided last (``ask --json``'s ``intent_rule``)."""
        return self.rule_ids[-1]

    @property
    def cue(self) -> str:
        """At most one short word that decided, as the redacted question says it ("" when
        there is none to show: no word, only long ones, stack frames or secrets)."""
        if not self.matched:
            return ""
        from autopatch_memory.privacy import redact  # loaded when a reason is shown

        shown = normalize_text(redact(self.text)) if self.text else ""
        for word in self.matched:
            word = " ".join(word.split())
            if not word or len(word) > limits.ROUTER_CUE_MAX_CHARS or _FRAME_RE.search(word):
                continue
            if self.text and normalize_text(word) not in shown:
                continue  # redacted away, or not the user's own words
            return word
        return ""

    @property
    def explanation(self) -> str:
        """A short reason: the rule ids and one quoted cue, e.g. ``audit-words "fix"``."""
        if self.rule_ids == (FORCED,):
            return "chosen by you"
        cue = self.cue
        ids = ", ".join(self.rule_ids)
        return f'{ids} "{cue}"' if cue else ids
