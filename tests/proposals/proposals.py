"""The model-proposal corpus (``tests/data/proposals/*.jsonl``) and how it is scored.

Each case is a short conversation, the active items already in memory and one operation
a model proposes; ``expected`` says whether a correct applier admits it. The case is
played through the real applier: its turns and items become a document, the proposal
a one-operation delta. Admitted means the operation was accepted.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from autopatch_memory.applier import apply_delta
from autopatch_memory.apply_report import RejectedOp
from autopatch_memory.intents import IntentType
from autopatch_memory.model import (
    SOURCE_OF_TYPE,
    ItemStatus,
    LongTermItem,
    LongTermType,
    MemoryDelta,
    MemoryDocument,
    SummaryStatus,
    Turn,
)

DATA = Path(__file__).resolve().parents[1] / "data" / "proposals"


@dataclass(frozen=True)
class Case:
    """One proposal and whether a correct applier admits it."""

    id: str
    lang: str
    kind: str
    expected: bool
    turns: tuple[dict[str, Any], ...]
    existing: tuple[dict[str, Any], ...]
    proposal: dict[str, Any]

    def document(self) -> MemoryDocument:
        doc = MemoryDocument()
        for raw in self.turns:
            doc.working_memory.recent_turns.append(
                Turn(
                    id=raw["id"],
                    intent=IntentType.GENERAL_CHAT,
                    user_text=raw["user_text"],
                    assistant_text=raw.get("assistant_text") or "",
                    summary_status=SummaryStatus.PENDING,
                    created_at=raw["created_at"],
                )
            )
        for raw in self.existing:
            kind = LongTermType(raw["type"])
            created = raw.get("created_at") or "2026-05-01T09:00:00+08:00"
            doc.long_term_memory.list_for(kind).append(
                LongTermItem(
                    id=raw["id"],
                    type=kind,
                    label=raw["label"],
                    summary=raw["summary"],
                    # As the case gives them (an archived item, a model's note).
                    status=ItemStatus(raw.get("status") or ItemStatus.ACTIVE.value),
                    source=raw.get("source") or SOURCE_OF_TYPE[kind],
                    created_at=created,
                    updated_at=raw.get("updated_at") or created,
                )
            )
        return doc

    def admitted(self) -> tuple[bool, RejectedOp | None]:
        """Whether the real applier accepts the proposal (and why not)."""
        times = [datetime.fromisoformat(t["created_at"]) for t in self.turns]
        now = max(times) if times else datetime.fromisoformat("2026-06-01T12:00:00+08:00")
        delta = MemoryDelta(long_term_operations=[self.proposal])
        _doc, report = apply_delta(self.document(), delta, now=now)
        rejected = report.rejected[0] if report.rejected else None
        return rejected is None and bool(report.accepted), rejected


def load(name: str) -> list[Case]:
    """The cases of ``tests/data/proposals/<name>.jsonl``."""
    cases = []
    for line in (DATA / f"{name}.jsonl").read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        raw = json.loads(line)
        cases.append(
            Case(
                id=raw["id"],
                lang=raw.get("lang", ""),
                kind=raw.get("class", ""),
                expected=raw["expected"] == "accept",
                turns=tuple(raw.get("turns") or ()),
                existing=tuple(raw.get("existing") or ()),
                proposal=raw["proposal"],
            )
        )
    return cases


def splits() -> list[str]:
    """Every split of the corpus (file stem), sealed ones included."""
    return sorted(p.stem for p in DATA.glob("*.jsonl"))


_INVENTED = {
    "invented_quote",
    "missing_quote",
    "wrong_turn",
    "ellipsis_invented",
    "supersede_invented",
}
# What a note means (a guess, a fact about Java rather than the project, an event of the
# day) is the model's call, never the program's (docs/design.md#grounding-is-mechanical):
# such a proposal is well formed and admitted, and counted apart from the bars.
_MODELS_CALL = {"note_guess", "note_general", "note_event"}


def _needs_a_quote(proposal: dict[str, Any]) -> bool:
    """A rule, an archive or a supersede must quote the user; a note need not."""
    return (
        proposal.get("type") == LongTermType.DURABLE_PREFERENCE.value
        or proposal.get("operation") == "archive_existing"
        or bool(proposal.get("supersedes"))
    )


@dataclass
class Score:
    """How the applier did on a split."""

    good: int = 0
    good_admitted: int = 0
    bad: int = 0
    bad_refused: int = 0
    invented: int = 0
    invented_refused: int = 0
    models_call: int = 0
    models_call_admitted: int = 0
    wrongly_refused: list[str] = field(default_factory=list)
    wrongly_admitted: list[str] = field(default_factory=list)
    misses_by_kind: Counter[str] = field(default_factory=Counter)

    def row(self) -> dict[str, str]:
        def share(part: int, whole: int) -> str:
            return f"{part / whole:.1%} ({part}/{whole})" if whole else "-"

        row = {
            "correct proposals accepted": share(self.good_admitted, self.good),
            "bad proposals rejected": share(self.bad_refused, self.bad),
            "invented or missing quotes rejected": share(self.invented_refused, self.invented),
        }
        if self.models_call:
            row["notes left to the model's judgement, admitted"] = share(
                self.models_call_admitted, self.models_call
            )
        return row


def score(cases: list[Case], *, keep_cases: bool = True) -> Score:
    """Score ``cases``; ``keep_cases=False`` keeps only counts (a sealed split)."""
    result = Score()
    for case in cases:
        admitted, rejected = case.admitted()
        if case.kind in _MODELS_CALL:
            result.models_call += 1
            result.models_call_admitted += admitted
            continue
        invented = case.kind in _INVENTED or (
            not case.expected
            and not (case.proposal.get("evidence_quote") or "").strip()
            and _needs_a_quote(case.proposal)
        )
        if case.expected:
            result.good += 1
            result.good_admitted += admitted
        else:
            result.bad += 1
            result.bad_refused += not admitted
            if invented:
                result.invented += 1
                result.invented_refused += not admitted
        if admitted != case.expected:
            result.misses_by_kind[case.kind] += 1
            if keep_cases:
                why = f" ({rejected.reason.value}: {rejected.detail})" if rejected else ""
                entry = f"{case.id} [{case.kind}] {case.proposal.get('evidence_quote')!r}{why}"
                (result.wrongly_refused if case.expected else result.wrongly_admitted).append(entry)
    return result
