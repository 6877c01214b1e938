"""Rules and cancels the user states explicitly: durable preferences and archives
(docs/quality.md#the-offline-reader).

A rule is a sentence with an explicit standing marker and no veto
(:func:`~autopatch_memory.standing.explicit.explicit_rules`); its summary is the
user's sentence. It replaces an older rule only when it names what it replaces
("instead of Maven", "不再用 Maven") and the name is in that rule; named in one clause
of a longer rule, the pair is a conflict (both kept). A cancel archives the rule it
names ("forget what I said about Lombok", "fastjson 那条不用记了") when it names it whole
and means no other; a cancel of a note goes by the fact reader (an archived note is
kept and can be restored). The applier checks the rest mechanically.
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
    refers_to,
    rule_shape,
)
from autopatch_memory.item_labels import derive_label
from autopatch_memory.lang.quotes import find_quote, grounds_of
from autopatch_memory.model import SOURCE_OF_TYPE, LongTermOp, LongTermType, Operation
from autopatch_memory.standing.admission import admits_cancel, admits_rule
from autopatch_memory.standing.explicit import (
    named_cancels,
    named_replacements,
    replaced_items,
)
from autopatch_memory.text import normalize

from .summaries import safe
from .turns import TurnView, end_with, quotable

_PREFERENCE = LongTermType.DURABLE_PREFERENCE
_NOTE = LongTermType.PROJECT_NOTE


def _texts(items: Sequence[SummaryItem], kind: LongTermType | None = None) -> list[tuple[str, str]]:
    return [(i.id, i.summary) for i in items if kind is None or i.type == kind.value]


def preference_ops(
    views: Sequence[TurnView], items: Sequence[SummaryItem], archives: Sequence[LongTermOp] = ()
) -> list[LongTermOp]:
    """One create per explicit rule, in the order the user stated them (not for a sentence
    that archived something: a cancel, not a new rule)."""
    archived = {op.evidence_quote for op in archives}
    # A rule a cancel or an earlier rule of this delta archives is gone: a later rule
    # cannot replace it too.
    gone = {op.target_id for op in archives}
    # A sentence that already grounds an active rule was read before (a turn summarized
    # again, or a rule the host recorded from it): one sentence, one rule.
    read = {i.grounds for i in items if i.type == _PREFERENCE.value and i.grounds}
    ops: list[LongTermOp] = []
    for position, view in enumerate(views):
        after = views[position + 1].turn.user_text if position + 1 < len(views) else ""
        for directive in view.of_kind(DirectiveKind.RULE):
            sentence = directive.sentence
            quote = quotable(sentence, view)
            if (
                sentence in archived
                or quote is None
                or not admits_rule(quote, view.turn.user_text, after)
            ):
                continue  # a cancel; or words the applier would not find or admit as quoted
            found = find_quote(quote, view.turn.user_text)
            if found is None or grounds_of(found.sentence) in read:
                continue
            summary = safe(end_with(sentence, directive.language), limits.MAX_SUMMARY_CHARS)
            if summary is None or len(sentence) > limits.MAX_SUMMARY_CHARS:
                continue
            label = safe(derive_label(_PREFERENCE, summary), limits.MAX_LABEL_CHARS)
            if not label:
                continue
            rules = [(i, text) for i, text in _texts(items, _PREFERENCE) if i not in gone]
            named = replaced_items(named_replacements(sentence), rules)
            gone.update(named.whole)
            ops.append(
                LongTermOp(
                    operation=Operation.CREATE_NEW,
                    type=_PREFERENCE.value,
                    label=label,
                    summary=summary,
                    source=SOURCE_OF_TYPE[_PREFERENCE].value,
                    evidence_turn_ids=[view.id],
                    evidence_quote=quote,
                    supersedes=list(named.whole),
                    conflicts_with=list(named.partly),
                )
            )
    return ops


# "Drools 那条规则不用记了", "drop the Lombok rule": the cancel says which kind it means.
_NAMES_A_RULE = re.compile(r"规则|要求|规定|\b(?:rule|instruction|preference|request)s?\b")
_NAMES_A_NOTE = re.compile(r"笔记|说法|事实|\b(?:note|fact)s?\b")


def archive_ops(views: Sequence[TurnView], items: Sequence[SummaryItem]) -> list[LongTermOp]:
    """An archive of each rule a cancel names whole (never one it names only in part, and
    none when it could mean several), and of the note a cancel is about."""
    ops: list[LongTermOp] = []
    taken: set[str] = set()
    for view in views:
        for directive in view.of_kind(DirectiveKind.CANCEL):
            quote = quotable(directive.sentence, view)
            if quote is None or not admits_cancel(quote, view.turn.user_text):
                continue
            for item_id in _named_items(directive, items) or _note_of(directive, items, taken):
                if item_id in taken:
                    continue
                taken.add(item_id)
                ops.append(
                    LongTermOp(
                        operation=Operation.ARCHIVE_EXISTING,
                        target_id=item_id,
                        evidence_turn_ids=[view.id],
                        evidence_quote=quote,
                    )
                )
    return ops


def _named_items(directive: Directive, items: Sequence[SummaryItem]) -> list[str]:
    """The items the cancel names whole: rules, or notes when it says it means a note."""
    said = normalize(directive.sentence)
    kind = _NOTE if _NAMES_A_NOTE.search(said) and not _NAMES_A_RULE.search(said) else None
    candidates = _texts(items, kind or _PREFERENCE)
    found = replaced_items(named_cancels(directive.sentence), candidates)
    return list(found.whole) if len(found.whole) == 1 or _NAMES_A_RULE.search(said) else []


def _note_of(directive: Directive, items: Sequence[SummaryItem], taken: set[str]) -> list[str]:
    """The note a cancel is most clearly about, as the fact reader reads it (archiving a
    note keeps it: forgotten, restorable); none when two fit equally well."""
    notes = [i for i in items if i.type == _NOTE.value and i.id not in taken]
    scored = [(_strength(directive, i), i) for i in notes]
    best = max(scored, key=lambda pair: pair[0], default=None)
    if best is None or best[0] == 0:
        return []
    tied = [item for score, item in scored if score == best[0]]
    return [best[1].id] if len(tied) == 1 else []


def _strength(directive: Directive, item: SummaryItem) -> int:
    """How clearly a cancel names a note (0: not at all)."""
    text = f"{item.label}. {item.summary}"
    if not refers_to(directive.sentence, text):
        return 0
    mine, theirs = rule_shape(cancel_content(directive.sentence)), rule_shape(text)
    return 1 + len(mine.terms & theirs.terms) + 2 * len(mine.choices & theirs.choices)
