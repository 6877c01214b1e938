"""Project notes: what the user stated or corrected about the project.

"mall-order calls mall-search via Feign", "我们 CI 一律加 -T 4", "不对，我们用的是
Spring Security，不是 Shiro". Never a question the user asked, never what the
assistant answered. A correction ("…, not Y") rewrites the note that said Y.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from autopatch_memory import limits
from autopatch_memory.backends.base import SummaryItem
from autopatch_memory.directives import DirectiveKind, fact_label, fact_text
from autopatch_memory.model import SOURCE_OF_TYPE, LongTermOp, LongTermType, Operation
from autopatch_memory.text import normalize

from .summaries import safe
from .turns import TurnView, end_with

_NOTE = LongTermType.PROJECT_NOTE
# The alternative a correction rejects: "…，不是 Shiro", "…, not Shiro".
_REJECTED_RE = re.compile(r"(?:[,，]\s*|\s)(?:而?不是|而非|not)\s*([^,，。.;；]+)", re.I)


def _corrected(clause: str, notes: Sequence[SummaryItem]) -> SummaryItem | None:
    """The note a correction rewrites: the one that names the rejected alternative."""
    found = _REJECTED_RE.search(clause)
    if found is None:
        return None
    wrong = normalize(found.group(1)).strip()
    if len(wrong) < limits.HEURISTIC_TERM_MIN_CHARS:
        return None
    return next((n for n in notes if wrong in normalize(f"{n.label} {n.summary}")), None)


def note_ops(views: Sequence[TurnView], items: Sequence[SummaryItem]) -> list[LongTermOp]:
    """A create (or, for a correction, an update) per fact the user stated."""
    notes = [i for i in items if i.type == _NOTE.value]
    ops: list[LongTermOp] = []
    source = SOURCE_OF_TYPE[_NOTE].value
    for view in views:
        for directive in view.of_kind(DirectiveKind.FACT):
            label = safe(fact_label(directive.clause), limits.MAX_LABEL_CHARS)
            summary = safe(
                end_with(fact_text(directive.clause), directive.language), limits.MAX_SUMMARY_CHARS
            )
            if not label or not summary:
                continue
            target = _corrected(directive.clause, notes)
            ops.append(
                LongTermOp(
                    operation=Operation.UPDATE_EXISTING if target else Operation.CREATE_NEW,
                    type=None if target else _NOTE.value,
                    target_id=target.id if target else None,
                    label=label,
                    summary=summary,
                    source=source,
                    evidence_turn_ids=[view.id],
                    evidence_quote=directive.sentence,
                )
            )
    return ops
