"""Rules and cancels: durable preferences from what the user told the assistant to do.

Each clause of a standing directive becomes one preference, labelled with its
subject (negation kept) and grounded in the user's sentence; the applier decides
whether it is new, restates an active rule, or supersedes one. A cancel archives
the item it is about, found among the items the request shows. A cancel that
matches nothing, cancels an action of the assistant and speaks of the future
("以后不用再给我 Maven 命令了", "from now on, no need to remind me") is the user's rule
from now on: it becomes one. Any other cancel that matches nothing ("forget what I
said about X", "不用再写测试了，这个类很简单") changes nothing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from autopatch_memory import limits
from autopatch_memory.backends.base import SummaryItem
from autopatch_memory.directives import (
    Directive,
    DirectiveKind,
    cancel_content,
    cancels_an_action,
    refers_to,
    rule_label,
    rule_shape,
)
from autopatch_memory.model import SOURCE_OF_TYPE, LongTermOp, LongTermType, Operation
from autopatch_memory.prose import END_PUNCTUATION
from autopatch_memory.text import Language, normalize

from .summaries import safe
from .turns import TurnView, end_with

_PREFERENCE = LongTermType.DURABLE_PREFERENCE


def _summary(directive: Directive, facts: Sequence[Directive]) -> str | None:
    """The rule in the user's words: its clause, with the facts of the same sentence as
    its context ("我们已经升到 JDK 17 了，以后示例可以用新语法了") but without the user's
    reasons ("…，英文的我还得再翻一遍" would read as a wish for English)."""
    clauses = [f.clause for f in facts if f.sentence == directive.sentence]
    clauses.append(directive.clause)
    ordered = sorted(clauses, key=directive.sentence.find)
    separator = "，" if directive.language is Language.ZH else ", "
    text = separator.join(c.rstrip(END_PUNCTUATION + " ") for c in ordered)
    return safe(end_with(text, directive.language), limits.MAX_SUMMARY_CHARS)


def preference_ops(
    views: Sequence[TurnView], archives: Sequence[LongTermOp] = ()
) -> list[LongTermOp]:
    """One create per rule clause, in the order the user stated them, and one per
    cancel of a future action that archives nothing (``archives``: the archives
    proposed for the same turns)."""
    archived = {op.evidence_quote for op in archives}
    ops: list[LongTermOp] = []
    for view in views:
        facts = view.of_kind(DirectiveKind.FACT)
        rules = [
            d
            for d in view.directives
            if d.kind is DirectiveKind.RULE
            or (
                d.kind is DirectiveKind.CANCEL
                and d.sentence not in archived
                and cancels_an_action(d.sentence)
            )
        ]
        for directive in rules:
            label = safe(rule_label(directive.clause), limits.MAX_LABEL_CHARS)
            summary = _summary(directive, facts)
            if not label or not summary:
                continue
            ops.append(
                LongTermOp(
                    operation=Operation.CREATE_NEW,
                    type=_PREFERENCE.value,
                    label=label,
                    summary=summary,
                    source=SOURCE_OF_TYPE[_PREFERENCE].value,
                    evidence_turn_ids=[view.id],
                    evidence_quote=directive.sentence,
                )
            )
    return ops


def _strength(directive: Directive, item: SummaryItem) -> int:
    """How clearly a cancel names an item (0: not at all)."""
    text = f"{item.label}. {item.summary}"
    if not refers_to(directive.sentence, text):
        return 0
    mine, theirs = rule_shape(cancel_content(directive.sentence)), rule_shape(text)
    return 1 + len(mine.terms & theirs.terms) + 2 * len(mine.choices & theirs.choices)


# "Drools 那条不用记了", "drop the Lombok rule": the cancel names an instruction.
_NAMES_A_RULE = re.compile(
    r"那条|这条|规则|要求|规定|\b(?:rule|instruction|preference|request)s?\b"
)
# "超时那条我说错了": a correction is about a fact, whatever it calls it.
_CORRECTS = re.compile(r"说错|记错|写错|搞错|弄错|不对|\b(?:wrong|mistaken?|correction|my bad)\b")


def _the_rule_among(
    directive: Directive, tied: Sequence[SummaryItem], score: int
) -> tuple[int, SummaryItem] | None:
    """Among items that fit a cancel equally well, the one preference when the cancel
    names an instruction and no note ("Drools 那条不用记了" beside a note that also says
    Drools); else none."""
    said = normalize(directive.sentence)
    if not _NAMES_A_RULE.search(said) or _CORRECTS.search(said):
        return None
    rules = [item for item in tied if item.type == _PREFERENCE.value]
    return (score, rules[0]) if len(rules) == 1 else None


def archive_ops(views: Sequence[TurnView], items: Sequence[SummaryItem]) -> list[LongTermOp]:
    """An archive of the item each cancel is most clearly about (none when unclear)."""
    ops: list[LongTermOp] = []
    taken: set[str] = set()
    for view in views:
        for directive in view.of_kind(DirectiveKind.CANCEL):
            scored = [(_strength(directive, i), i) for i in items if i.id not in taken]
            best = max(scored, key=lambda pair: pair[0], default=None)
            if best is None or best[0] == 0:
                continue
            tied = [item for score, item in scored if score == best[0]]
            if len(tied) > 1:
                best = _the_rule_among(directive, tied, best[0])
            if best is None:
                continue  # two items fit equally well: the user's words do not say which
            taken.add(best[1].id)
            ops.append(
                LongTermOp(
                    operation=Operation.ARCHIVE_EXISTING,
                    target_id=best[1].id,
                    evidence_turn_ids=[view.id],
                    evidence_quote=directive.sentence,
                )
            )
    return ops
