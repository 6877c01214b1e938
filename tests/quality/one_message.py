"""One user message as the only turn of a fresh memory, read by the offline reader and
applied by the real applier: the single-message probes of docs/quality.md score what it
stores."""

from __future__ import annotations

import json
from collections import Counter
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from autopatch_memory.applier import apply_delta
from autopatch_memory.backends.heuristic import HeuristicBackend
from autopatch_memory.intents import IntentType
from autopatch_memory.model import LongTermType, MemoryDocument, Turn
from autopatch_memory.privacy import redact
from autopatch_memory.summarizer import build_request

START = datetime(2026, 12, 1, 9, 0, tzinfo=timezone.utc)


def stored(text: str, kind: LongTermType) -> list[str]:
    """The active items of ``kind`` that ``text``, said once in a chat, leaves in memory."""
    doc = MemoryDocument()
    turn = Turn(
        id="turn_20261201_090000_001",
        intent=IntentType.GENERAL_CHAT,
        user_text=redact(text),  # as the store keeps it
        assistant_text="OK.",
        created_at=START,
    )
    doc.working_memory.recent_turns.append(turn)
    delta = HeuristicBackend().summarize(build_request(doc, [turn]))
    after, _report = apply_delta(doc, delta, now=START + timedelta(minutes=1))
    return [i.summary for i in after.long_term_memory.list_for(kind) if i.is_active]


def cases(path: Path) -> list[dict[str, Any]]:
    """The messages of a probe file (one JSON object a line)."""
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def outcomes(path: Path, kind: LongTermType, label: str) -> Counter[tuple[str, str]]:
    """(expected, got) of every message of a probe file: got is ``label`` when the message
    leaves an item of ``kind``, ``"none"`` when it leaves none."""
    return Counter(
        (case["expected"], label if stored(case["text"], kind) else "none") for case in cases(path)
    )
