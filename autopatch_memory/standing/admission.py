"""Admitting a model's proposal by form and deny-list, never by meaning
(docs/design.md#grounding-is-mechanical).

The applier finds the quote (:func:`~autopatch_memory.lang.quotes.find_quote`) and gives
the sentences around it here. A rule's sentence must carry a standing marker or a request
form (:mod:`.lexicon`); a cancel's, a cancel form too. Then no veto of
:data:`~autopatch_memory.standing.vetoes.VETOES` may fire. That is all: everything that
passes is the model's judgement.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import NamedTuple

from autopatch_memory import limits
from autopatch_memory.lang.quotes import QuoteMatch, find_quote
from autopatch_memory.lang.rules import Rule
from autopatch_memory.lang.sentences import sentence_spans
from autopatch_memory.standing.lexicon import (
    folded_words,
    has_cancel_form,
    has_request_form,
    has_standing_marker,
)
from autopatch_memory.standing.vetoes import (
    ADOPTION_VETOES,
    AFTER_QUOTE_VETOES,
    CANCEL_VETOES,
    NEXT_TURN_VETOES,
    VETOES,
    looks_like_statement,
)


class Refusal(NamedTuple):
    """Why a quoted sentence cannot ground the proposal: the veto that fired (or ``None``
    when it has no form at all) and a readable reason."""

    veto: str | None
    why: str


def refuse_rule(sentence: str, *, adopted: bool = False) -> Refusal | None:
    """Why ``sentence`` cannot ground a durable preference (``None``: it can).

    ``adopted``: the user adopts the assistant's suggestion, quoted from the answer
    before; "以后都这样" then says what it means."""
    if not (has_standing_marker(sentence) or has_request_form(sentence)) and (
        looks_like_statement(sentence)
    ):
        return Refusal(
            None,
            "the quoted sentence asks for nothing (no standing marker or request form): "
            "a statement is a project note",
        )
    lifted = ADOPTION_VETOES if adopted else frozenset()
    return _vetoed(sentence, lambda veto: veto not in lifted)


def refuse_quoted_rule(sentences: Sequence[str], *, adopted: bool = False) -> Refusal | None:
    """Why the sentences a quote spans cannot ground a rule (``None``: they can).

    The sentences with a form speak for the quote ("We migrated to Gradle. From now on
    give me Gradle commands."): one of them that passes is enough. With no form anywhere,
    every sentence must pass — "行" beside "这次先这么打包" is no rule."""
    formed = [s for s in sentences if has_standing_marker(s) or has_request_form(s)]
    refusals = [refuse_rule(s, adopted=adopted) for s in formed or sentences]
    if formed:
        return None if None in refusals else refusals[0]
    return next((r for r in refusals if r is not None), None)


_FIRST_CLAUSE = re.compile(r"[，,;；:：—–…]")


def refuse_taken_back(text: str, end: int, next_message: str = "") -> Refusal | None:
    """Why a rule quoted from ``text`` up to ``end`` cannot stand (``None``: it can): the
    rest of its sentence or the first clause of the next one take it back, or the user's
    next message, ``next_message``, does."""
    spans = sentence_spans(text)
    at = next((i for i, (a, b) in enumerate(spans) if a < end <= b), len(spans) - 1)
    after = text[end : spans[at][1]] if spans else text[end:]
    if at + 1 < len(spans):  # and the next sentence's first clause
        after += "\n" + _FIRST_CLAUSE.split(text[slice(*spans[at + 1])], maxsplit=1)[0]
    veto: Rule | None = AFTER_QUOTE_VETOES.first(after[: limits.QUOTE_TAKEN_BACK_CHARS])
    if veto is None:
        veto = NEXT_TURN_VETOES.first(next_message[: limits.QUOTE_TAKEN_BACK_CHARS])
    if veto is None:
        return None
    return Refusal(veto.id, f"the user's words after the quote take it back ({veto.id})")


# A code span (`…`), a fenced block (```…```) or a line quoted with ">" (a pasted document's
# text): what is in one is code or someone's text, not the user's word.
_CODE_SPAN = re.compile(r"```[\s\S]*?```|`[^`\n]+`|^[ \t]*>[^\n]*", re.MULTILINE)


def refuse_in_code(text: str, spans: Sequence[tuple[int, int]]) -> Refusal | None:
    """Why a quote at ``spans`` of the user's ``text`` cannot ground anything (``None``: it
    can): it lies inside a code span or a fenced block — pasted code, a comment in it."""
    code = [m.span() for m in _CODE_SPAN.finditer(text)]
    if code and all(any(a <= start and end <= b for a, b in code) for start, end in spans):
        return Refusal(
            "code-or-log", "the quote is inside a code span or a quoted line: not the user's words"
        )
    return None


def refuse_quoted_cancel(sentences: Sequence[str]) -> Refusal | None:
    """:func:`refuse_quoted_rule` for an archive: one sentence that withdraws is enough."""
    refusals = [refuse_cancel(s) for s in sentences]
    return None if None in refusals else refusals[0]


# A stop or a negation: what a withdrawal says when it names no cancel word ("以后不用附链接",
# "don't add Javadoc anymore", "never mind the diagrams", "别再画时序图").
_WITHDRAWS = re.compile(
    r"不|别|没|无需|免了|停|\b(?:don'?t|do not|doesn'?t|stop|no|not|never|without|skip|quit)\b"
)


def refuse_cancel(sentence: str) -> Refusal | None:
    """Why ``sentence`` cannot ground archiving an item (``None``: it can)."""
    if not (has_cancel_form(sentence) or _WITHDRAWS.search(folded_words(sentence))):
        # "以后记得带上哈" asks for more of the rule, it withdraws nothing
        return Refusal(None, "the quoted sentence withdraws nothing (no cancel or stop form)")
    return _vetoed(sentence, lambda veto: veto in CANCEL_VETOES)


def _vetoed(sentence: str, applies: Callable[[str], bool]) -> Refusal | None:
    veto = next((v for v in VETOES if applies(v.id) and v.fires(sentence)), None)
    if veto is None:
        return None
    return Refusal(veto.id, f"the quoted sentence is {veto.description} ({veto.id})")


def refuse_grounded_rule(
    text: str, found: QuoteMatch, *, adopted: bool = False, next_message: str = ""
) -> Refusal | None:
    """Why a rule whose quote was ``found`` in the user's ``text`` (followed by their
    ``next_message``) cannot stand (``None``: it can): the quote is in code, its sentences
    have no form or a veto, or what follows takes it back."""
    return (
        refuse_in_code(text, found.spans)
        or refuse_quoted_rule(found.sentences, adopted=adopted)
        or refuse_taken_back(text, found.spans[-1][1], next_message)
    )


def refuse_grounded_cancel(text: str, found: QuoteMatch) -> Refusal | None:
    """:func:`refuse_grounded_rule` for an archive."""
    return refuse_in_code(text, found.spans) or refuse_quoted_cancel(found.sentences)


def admits_rule(quote: str, text: str, next_message: str = "") -> bool:
    """Whether the applier would admit a rule quoting ``quote`` from the user's ``text``
    (followed by their ``next_message``): what the offline reader checks before it
    proposes, so it never proposes what is refused."""
    found = find_quote(quote, text)
    return (
        found is not None and refuse_grounded_rule(text, found, next_message=next_message) is None
    )


def admits_cancel(quote: str, text: str) -> bool:
    """:func:`admits_rule` for a cancel."""
    found = find_quote(quote, text)
    return found is not None and refuse_grounded_cancel(text, found) is None


# What the assistant produces, named: a rule about it is the user's rule, not a fact of
# the project ("以后回答 berth-planner 的问题一律先给结论", "always paste the key layout first
# when answering").
_THE_ANSWERS = re.compile(
    r"回答|答复|回复|作答|助手|\bassistant\b|\banswers?\b|\banswering\b|\brepl(?:y|ies)\b"
    r"|\brespond(?:ing)?\b",
    re.IGNORECASE,
)


def rule_about_the_answers(text: str) -> bool:
    """``text`` (a note a model proposes) is a standing rule about the assistant's answers:
    a standing marker and the answers named — a rule filed as a note."""
    return has_standing_marker(text) and _THE_ANSWERS.search(text) is not None
