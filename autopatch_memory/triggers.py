"""Which summarization trigger, if any, a newly recorded turn calls for.

See docs/design.md#triggers.
"""

from __future__ import annotations

from enum import Enum

from autopatch_memory import limits
from autopatch_memory.intents import IntentType
from autopatch_memory.model import MemoryDocument, Turn


class Trigger(str, Enum):
    """Why a summarization run was requested."""

    PENDING_TURNS = "pending_turns"  # >= 2 pending turns: keep the amnesia window short
    RECENT_TURNS = "recent_turns"  # >= 6 recent turns with pending ones among them
    PROJECT_EXPLAIN = "project_explain"  # a project-level code_explain turn
    # "from now on…", "forget what I said about…", "不对，我们用的是…": a rule, a cancel
    # or a fact must not stay short-term (the directive grammar's cheap check).
    LONG_TERM_SIGNAL = "long_term_signal"
    SIZE = "size"  # the file passed the soft limit: compaction
    MANUAL = "manual"  # the host or the user asked (summarize_now, `summarize`)


def triggers_after_record(doc: MemoryDocument, turn: Turn, *, project_level: bool) -> list[Trigger]:
    """Every content trigger that fires now that ``turn`` is in ``doc``.

    The size trigger depends on the written file, so :func:`size_trigger` is
    checked after the write.
    """
    fired = state_triggers(doc, turn, project_level=project_level)
    if signal_trigger(turn):
        fired.append(Trigger.LONG_TERM_SIGNAL)
    return fired


def state_triggers(doc: MemoryDocument, turn: Turn, *, project_level: bool) -> list[Trigger]:
    """The triggers read off the document and the turn's flags: counts, no text.

    Cheap enough for the write lock; :func:`signal_trigger`, which reads the text,
    is not, and a host that only needs to know whether *any* trigger fired skips it
    when one of these did.
    """
    turns = doc.working_memory.recent_turns
    pending = sum(1 for t in turns if t.is_pending)
    fired: list[Trigger] = []
    if pending >= limits.TRIGGER_PENDING_TURNS:
        fired.append(Trigger.PENDING_TURNS)
    if len(turns) >= limits.TRIGGER_RECENT_TURNS and pending:
        fired.append(Trigger.RECENT_TURNS)
    if (project_level or turn.project_level) and turn.intent is IntentType.CODE_EXPLAIN:
        fired.append(Trigger.PROJECT_EXPLAIN)
    return fired


def signal_trigger(turn: Turn) -> bool:
    """True when the turn's question may hold a rule, a cancel, a correction or a
    project fact (:func:`~autopatch_memory.directives.might_hold_directive`)."""
    # Here, not at the top: the grammar loads with the first turn recorded, not
    # with the facade that imports this module.
    from autopatch_memory.directives import might_hold_directive

    return might_hold_directive(turn.user_text)


def size_trigger(size_bytes: int, trimmed: int) -> bool:
    """The write passed the soft limit (and the size policy had to trim)."""
    return trimmed > 0 or size_bytes > limits.SOFT_LIMIT_BYTES
