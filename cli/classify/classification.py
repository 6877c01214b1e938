"""The router's answer: the intent chosen, the rule that chose it, and the words that
made it choose (:class:`Classification`, :class:`Rule`).

Apart from the rules because the rest of the command line (turns, streaming, the
rendering of "why this intent") reads the answer without the rules that produce it.
"""

from __future__ import annotations

from enum import Enum

from pydantic import BaseModel, ConfigDict, Field

from autopatch_memory import IntentType


class Rule(str, Enum):
    """Which rule chose the intent."""

    FORCED = "forced"  # --intent / /intent
    PATCH_REVISE = "patch_revise_words"
    PATCH_EXPLAIN = "patch_explain_words"
    AUDIT = "audit_words"
    PROBLEM = "problem_in_code"
    CHANGE = "change_request"
    PATH = "path_in_question"
    EXPLAIN = "code_words"
    CODE_ELEMENT = "code_element_words"
    DOMAIN = "domain_question"
    STANDING_WISH = "standing_wish"
    DEFAULT = "default"

    def __str__(self) -> str:
        return self.value


class Classification(BaseModel):
    """The intent chosen for a question, and why."""

    model_config = ConfigDict(frozen=True)

    intent: IntentType
    rule: Rule
    matched: list[str] = Field(default_factory=list)

    @property
    def explanation(self) -> str:
        """A short human reason, e.g. ``audit words: "fix"``."""
        words = ", ".join(f'"{w}"' for w in self.matched)
        return {
            Rule.FORCED: "chosen by you",
            Rule.PATCH_REVISE: f"asks to change the pending patch: {words}",
            Rule.PATCH_EXPLAIN: f"asks about the pending patch: {words}",
            Rule.AUDIT: f"audit words: {words}",
            Rule.PROBLEM: f"looks for a problem in this code: {words}",
            Rule.CHANGE: f"asks to change this code: {words}",
            Rule.PATH: f"names a file or path: {words}",
            Rule.EXPLAIN: f"about this repository: {words}",
            Rule.CODE_ELEMENT: f"about code here: {words}",
            Rule.DOMAIN: "a question about this application's own domain",
            Rule.STANDING_WISH: f"a standing wish about the answers: {words}",
            Rule.DEFAULT: "no audit, patch or repository words",
        }[self.rule]
