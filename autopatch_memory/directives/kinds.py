"""What the directive grammar says about a sentence: the kinds of directive
(:class:`DirectiveKind`), why a sentence is none (:class:`NotADirective`), the verdict
on one sentence (:class:`Reading`) and one directive found (:class:`Directive`).

These are the grammar's results, imported by every consumer; they are apart from the
grammar itself so that a reader of the results never needs its word lists.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from autopatch_memory.text import Language


class DirectiveKind(str, Enum):
    """What a directive sentence does."""

    RULE = "rule"  # a standing instruction about future answers or work
    CANCEL = "cancel"  # revokes an earlier rule or note ("forget what I said about…")
    FACT = "fact"  # a fact about the project the user states or corrects

    def __str__(self) -> str:
        return self.value


class NotADirective(str, Enum):
    """Why a sentence is not a directive (used in rejection details and tests)."""

    NO_MARKER = "not a standing instruction"
    QUESTION = "a question"
    REPORTED = "quoted or reported speech"
    HYPOTHETICAL = "hypothetical"
    ONE_OFF = "limited to this once"
    SELF_DESCRIPTION = "a description of the user's own habits"
    NEGATED = "negated away"
    CREDENTIAL = "about a credential"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class Reading:
    """The grammar's verdict on one sentence."""

    sentence: str
    kind: DirectiveKind | None = None
    why_not: NotADirective | None = None

    @property
    def is_directive(self) -> bool:
        """The sentence is a rule, a cancel or a fact."""
        return self.kind is not None


@dataclass(frozen=True)
class Directive:
    """One rule, cancel or fact: the whole sentence (the quote) and its own clause."""

    kind: DirectiveKind
    sentence: str
    clause: str
    language: Language
