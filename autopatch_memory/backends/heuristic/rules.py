"""Rules and cancels the user states explicitly: durable preferences and archives
(docs/quality.md#the-offline-reader).

A rule is a sentence with an explicit standing marker and no veto
(:func:`~autopatch_memory.standing.explicit.explicit_rules`); its summary is the
user's sentence. It replaces an older rule only when it names what it replaces
("instead of Maven", "不再用 Maven") and the name is in that rule; named in one clause
of a longer rule, the pair is a conflict (both kept). A cancel archives the items it
names ("forget what I said about Lombok", "fastjson 那条不用记了"), and only those whose
every clause it names. The applier checks the rest mechanically.
"""

from __future__ import annotations

from collections.abc import Sequence

from autopatch_memory import limits
from autopatch_memory.backends.base import SummaryItem
from autopatch_memory.directives import DirectiveKind
from autopatch_memory.item_labels import derive_label
from autopatch_memory.model import SOURCE_OF_TYPE, LongTermOp, LongTermType, Operation
from autopatch_memory.standing.explicit import (
    named_cancels,
    named_replacements,
    replaced_items,
)

from .summaries import safe
from .turns import TurnView, end_with

_PREFERENCE = LongTermType.DURABLE_PREFERENCE


def _texts(items: Sequence[SummaryItem], kind: LongTermType | None = None) -> list[tuple[str, str]]:
    return [(i.id, i.summary) for i in items if kind is None or i.type == kind.value]


def preference_ops(
    views: Sequence[TurnView], items: Sequence[SummaryItem], archives: Sequence[LongTermOp] = ()
) -> list[LongTermOp]:
    """One create per explicit rule, in the order the user stated them (not for a sentence
    that archived something: a cancel, not a new rule)."""
    archived = {op.evidence_quote for op in archives}
    rules = _texts(items, _PREFERENCE)
    ops: list[LongTermOp] = []
    for view in views:
        for directive in view.of_kind(DirectiveKind.RULE):
            sentence = directive.sentence
            if sentence in archived:
                continue
            summary = safe(end_with(sentence, directive.language), limits.MAX_SUMMARY_CHARS)
            if summary is None or len(sentence) > limits.MAX_SUMMARY_CHARS:
                continue
            label = safe(derive_label(_PREFERENCE, summary), limits.MAX_LABEL_CHARS)
            if not label:
                continue
            named = replaced_items(named_replacements(sentence), rules)
            ops.append(
                LongTermOp(
                    operation=Operation.CREATE_NEW,
                    type=_PREFERENCE.value,
                    label=label,
                    summary=summary,
                    source=SOURCE_OF_TYPE[_PREFERENCE].value,
                    evidence_turn_ids=[view.id],
                    evidence_quote=sentence,
                    supersedes=list(named.whole),
                    conflicts_with=list(named.partly),
                )
            )
    return ops


def archive_ops(views: Sequence[TurnView], items: Sequence[SummaryItem]) -> list[LongTermOp]:
    """An archive of each item a cancel names whole (none when it names only a part)."""
    ops: list[LongTermOp] = []
    taken: set[str] = set()
    for view in views:
        for directive in view.of_kind(DirectiveKind.CANCEL):
            named = replaced_items(named_cancels(directive.sentence), _texts(items))
            for item_id in named.whole:
                if item_id in taken:
                    continue
                taken.add(item_id)
                ops.append(
                    LongTermOp(
                        operation=Operation.ARCHIVE_EXISTING,
                        target_id=item_id,
                        evidence_turn_ids=[view.id],
                        evidence_quote=directive.sentence,
                    )
                )
    return ops
