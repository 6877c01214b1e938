"""The labels of rules and notes: the one made from an item's text, and whether a
label tells a reader anything its summary does not.

The label grammar itself (:func:`~autopatch_memory.directives.rule_label`,
:func:`~autopatch_memory.directives.fact_label`) works on clauses; this module
applies it to a whole item. It lives apart from governance so that what only
shows items (``export``, ``search``, the command line's views) can tell a
redundant label without importing governance and the applier under it.
"""

from __future__ import annotations

import re

from autopatch_memory import limits
from autopatch_memory.directives import DirectiveKind, directives_in, fact_label, rule_label
from autopatch_memory.model import LongTermType
from autopatch_memory.prose import split_sentences
from autopatch_memory.text import clip

__all__ = ["derive_label", "label_is_redundant"]


def derive_label(kind: LongTermType, text: str) -> str:
    """The label of a rule or note the user stated, made as the summarizer makes it:
    the subject of its first rule (or fact) clause, else of its first sentence."""
    wanted = DirectiveKind.RULE if kind is LongTermType.DURABLE_PREFERENCE else DirectiveKind.FACT
    clause = next((d.clause for d in directives_in(text) if d.kind is wanted), None)
    if clause is None:
        clause = (split_sentences(text) or [text])[0]
    made = rule_label(clause) if kind is LongTermType.DURABLE_PREFERENCE else fact_label(clause)
    return clip(" ".join(made.split()), limits.MAX_LABEL_CHARS)


def label_is_redundant(kind: LongTermType | None, label: str, summary: str) -> bool:
    """The label tells a reader nothing the summary does not: it is empty, the summary
    says it, or it was made from the summary (``kind`` ``None``: a topic, never made)."""
    squashed = re.sub(r"\W+", "", summary).casefold()
    if not label.strip() or re.sub(r"\W+", "", label).casefold() in squashed:
        return True
    return kind is not None and label == derive_label(kind, summary)
