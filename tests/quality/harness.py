"""Running a gold conversation through the real pipeline, and scoring the result.

The pipeline is the library's own: each turn is recorded as ``record_turn`` stores
it (redacted, clipped, ``project_level`` kept), the real triggers decide when a
summary runs, the real ``build_request`` makes the backend's input, the real
applier applies its delta, and the real context builder answers the follow-up
questions. Only the disk is left out: the store's guarantees are tested elsewhere,
and this keeps the evaluation deterministic and fast.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone

from gold import Conversation, FollowUp, Item, Turn, has_key

from autopatch_memory import limits
from autopatch_memory.applier import ApplyReport, apply_delta
from autopatch_memory.backends.base import SummaryBackend, SummaryRequest
from autopatch_memory.context import ContextSection, MemoryContext, build_context
from autopatch_memory.ids import new_turn_id
from autopatch_memory.intents import IntentType
from autopatch_memory.model import (
    LongTermItem,
    LongTermOp,
    MemoryDelta,
    MemoryDocument,
    Operation,
    RepoProfile,
    TurnSummaryOp,
)
from autopatch_memory.model import Turn as StoredTurn
from autopatch_memory.privacy import redact
from autopatch_memory.summarizer import build_request
from autopatch_memory.text import clip
from autopatch_memory.triggers import triggers_after_record

START = datetime(2026, 5, 4, 9, 0, tzinfo=timezone(timedelta(hours=8)))


@dataclass
class Run:
    """What a conversation left in memory, and the contexts of its follow-ups."""

    conversation: Conversation
    doc: MemoryDocument
    reports: list[ApplyReport]
    contexts: list[tuple[FollowUp, MemoryContext]] = field(default_factory=list)


def profile_of(conversation: Conversation) -> RepoProfile:
    p = conversation.project
    return RepoProfile(
        build_tool=p.build_tool,
        java_version=p.java_version,
        project_name=p.name,
        modules=list(p.modules),
        frameworks=list(p.frameworks),
        source_files=["pom.xml" if p.build_tool == "maven" else "settings.gradle"],
        updated_at=START,
    )


def _record(doc: MemoryDocument, turn: Turn, now: datetime) -> StoredTurn:
    """Add a turn the way ``ProjectMemory.record_turn`` stores it."""
    stored = StoredTurn(
        id=new_turn_id(now, doc.all_ids()),
        intent=IntentType(turn.intent),
        user_text=clip(redact(turn.text.strip()), limits.MAX_USER_TEXT_CHARS),
        assistant_text="（回答略）"
        if any("\u4e00" <= c <= "\u9fff" for c in turn.text)
        else "(answer)",
        scope_paths=list(turn.scope),
        created_at=now,
        project_level=turn.project_level,
    )
    turns = doc.working_memory.recent_turns
    turns.append(stored)
    while len(turns) > limits.MAX_RECENT_TURNS:
        turns.remove(next((t for t in turns if not t.is_pending), turns[0]))
    return stored


def _summarize_all(
    doc: MemoryDocument, backend: SummaryBackend, now: datetime, reports: list[ApplyReport]
) -> MemoryDocument:
    """Batches of pending turns until none is left (as ``Summarizer.run_all``)."""
    sent: set[str] = set()
    while True:
        batch = [t for t in doc.pending_turns() if t.id not in sent][: limits.SUMMARY_BATCH_TURNS]
        if not batch:
            return doc
        sent.update(t.id for t in batch)
        delta = backend.summarize(build_request(doc, batch))
        doc, report = apply_delta(doc, delta, now=now)
        reports.append(report)


def run(conversation: Conversation, backend: SummaryBackend) -> Run:
    """Play the conversation; summarize when a trigger fires and once at the end."""
    doc = MemoryDocument(repo_profile=profile_of(conversation))
    reports: list[ApplyReport] = []
    bind = getattr(backend, "bind", None)
    for index, turn in enumerate(conversation.turns):
        now = START + timedelta(minutes=2 * index)
        stored = _record(doc, turn, now)
        if bind is not None:
            bind(stored.id, turn)
        if triggers_after_record(doc, stored, project_level=turn.project_level):
            doc = _summarize_all(doc, backend, now + timedelta(seconds=30), reports)
    end = START + timedelta(minutes=2 * len(conversation.turns))
    doc = _summarize_all(doc, backend, end, reports)
    result = Run(conversation, doc, reports)
    for followup in conversation.followups:
        result.contexts.append((followup, build_context(doc, followup.intent, followup.question)))
    return result


# --- the oracle: what a perfect model would propose -------------------------------------


class OracleBackend:
    """Proposes exactly the gold: each rule with its quote (and what it supersedes), each
    cancel as ``archive_existing``, each fact as a note. ``quotes=False`` leaves the
    quotes out, as an older model or the reference implementation would."""

    def __init__(self, *, quotes: bool = True) -> None:
        self.quotes = quotes
        self._gold: dict[str, Turn] = {}

    @property
    def name(self) -> str:
        return "oracle"

    def bind(self, turn_id: str, turn: Turn) -> None:
        """Tell the oracle which gold turn a stored turn is."""
        self._gold[turn_id] = turn

    def _item_for(self, gold: Item, request: SummaryRequest) -> str | None:
        return next((i.id for i in request.long_term if i.label == gold.label), None)

    def summarize(self, request: SummaryRequest) -> MemoryDelta:
        ops: list[LongTermOp] = []
        summaries: list[TurnSummaryOp] = []
        for index, pending in enumerate(request.turns):
            turn = self._gold[pending.id]
            summaries.append(TurnSummaryOp(turn_id=pending.id, summary=clip(turn.text, 200)))
            # A perfect model does not store what a later turn of the same batch cancels.
            later = [self._gold[t.id] for t in request.turns[index + 1 :]]
            gone = {c for t in later for c in (*t.cancels, *t.supersedes)}
            ops.extend(self._turn_ops(pending.id, turn, request, skip=gone))
        return MemoryDelta(turn_summaries=summaries, long_term_operations=ops)

    def _turn_ops(
        self, turn_id: str, turn: Turn, request: SummaryRequest, *, skip: set[str]
    ) -> list[LongTermOp]:
        ops: list[LongTermOp] = []
        golds = {i.id: i for t in self._gold.values() for i in (*t.rules, *t.facts)}
        for target in turn.cancels:
            item_id = self._item_for(golds[target], request)
            if item_id is not None:
                ops.append(
                    LongTermOp(
                        operation=Operation.ARCHIVE_EXISTING,
                        target_id=item_id,
                        evidence_turn_ids=[turn_id],
                        evidence_quote=turn.cancel_quote if self.quotes else None,
                    )
                )
        for again in (*turn.restates, *turn.revives):
            gold = golds[again]
            ops.append(
                LongTermOp(
                    operation=Operation.CREATE_NEW,
                    type="durable_preference",
                    label=gold.label,
                    summary=gold.summary,
                    source="user_explicit",
                    evidence_turn_ids=[turn_id],
                    evidence_quote=turn.text if self.quotes else None,
                )
            )
        replaced = [self._item_for(golds[r], request) for r in turn.supersedes if r in golds]
        for index, gold in enumerate(turn.rules):
            if gold.id in skip:
                # Not stored, but what it replaced still ends ("放宽到 500 字" … "forget the
                # word limit": the 200 limit goes too).
                old = replaced[index] if index < len(replaced) else None
                if old is not None:
                    ops.append(
                        LongTermOp(
                            operation=Operation.ARCHIVE_EXISTING,
                            target_id=old,
                            evidence_turn_ids=[turn_id],
                            evidence_quote=gold.quote if self.quotes else None,
                        )
                    )
                continue
            ops.append(
                LongTermOp(
                    operation=Operation.CREATE_NEW,
                    type="durable_preference",
                    label=gold.label,
                    summary=gold.summary,
                    source="user_explicit",
                    evidence_turn_ids=[turn_id],
                    evidence_quote=gold.quote if self.quotes else None,
                    supersedes=replaced[index] if index < len(replaced) else None,
                )
            )
        for gold in turn.facts:
            if gold.id in skip:
                continue
            ops.append(
                LongTermOp(
                    operation=Operation.CREATE_NEW,
                    type="project_note",
                    label=gold.label,
                    summary=gold.summary,
                    source="conversation_summary",
                    evidence_turn_ids=[turn_id],
                )
            )
        return ops


# --- scoring ------------------------------------------------------------------------------


def _text(item: LongTermItem) -> str:
    return f"{item.label} {item.summary}"


@dataclass
class Score:
    """Counts over a set of conversations (see docs/quality.md for each definition)."""

    conversations: int = 0
    expected_rules: int = 0
    recalled_rules: int = 0
    active_preferences: int = 0
    correct_preferences: int = 0
    false_preferences: list[str] = field(default_factory=list)
    superseded_left_active: list[str] = field(default_factory=list)
    duplicates: list[str] = field(default_factory=list)
    missed_rules: list[str] = field(default_factory=list)
    expected_facts: int = 0
    recalled_facts: int = 0
    missed_facts: list[str] = field(default_factory=list)
    cancelled_notes_left_active: list[str] = field(default_factory=list)
    active_notes: int = 0
    supported_notes: int = 0
    unsupported_notes: list[str] = field(default_factory=list)
    injected: int = 0
    injected_relevant: int = 0
    irrelevant_injections: list[str] = field(default_factory=list)
    must_inject: int = 0
    must_injected: int = 0
    missing_injections: list[str] = field(default_factory=list)
    forbidden_injections: list[str] = field(default_factory=list)

    @property
    def precision(self) -> float:
        return (
            self.correct_preferences / self.active_preferences if self.active_preferences else 1.0
        )

    @property
    def recall(self) -> float:
        return self.recalled_rules / self.expected_rules if self.expected_rules else 1.0

    @property
    def fact_recall(self) -> float:
        return self.recalled_facts / self.expected_facts if self.expected_facts else 1.0

    @property
    def note_precision(self) -> float:
        return self.supported_notes / self.active_notes if self.active_notes else 1.0

    @property
    def injection_relevance(self) -> float:
        return self.injected_relevant / self.injected if self.injected else 1.0

    def row(self) -> dict[str, str]:
        """The numbers docs/quality.md publishes."""
        return {
            "conversations": str(self.conversations),
            "preference precision": f"{self.precision:.1%} ({self.correct_preferences}/{self.active_preferences})",
            "preference recall": f"{self.recall:.1%} ({self.recalled_rules}/{self.expected_rules})",
            "false preferences": str(len(self.false_preferences)),
            "superseded rules left active": str(len(self.superseded_left_active)),
            "duplicates": str(len(self.duplicates)),
            "fact recall (notes)": f"{self.fact_recall:.1%} ({self.recalled_facts}/{self.expected_facts})",
            "note precision": f"{self.note_precision:.1%} ({self.supported_notes}/{self.active_notes})",
            "cancelled notes left active": str(len(self.cancelled_notes_left_active)),
            "injected notes+topics relevant": f"{self.injection_relevance:.1%} ({self.injected_relevant}/{self.injected})",
            "required injections": f"{self.must_injected}/{self.must_inject}",
            "forbidden injections": str(len(self.forbidden_injections)),
        }


def score(runs: Sequence[Run]) -> Score:
    """Score finished runs against their gold."""
    total = Score()
    for result in runs:
        _score_preferences(result, total)
        _score_notes(result, total)
        _score_contexts(result, total)
        total.conversations += 1
    return total


def _score_preferences(result: Run, total: Score) -> None:
    conv = result.conversation
    active = [p for p in result.doc.long_term_memory.durable_preferences if p.is_active]
    wanted, ended = conv.active_rules(), conv.inactive_rules()
    total.expected_rules += len(wanted)
    total.active_preferences += len(active)
    for pref in active:
        covers = [r for r in (*wanted, *conv.allowed) if r.covered_by(_text(pref))]
        if covers:
            total.correct_preferences += 1
        elif not any(r.covered_by(_text(pref)) for r in ended):
            total.false_preferences.append(f"{conv.id}: {pref.label} | {pref.summary}")
    for gold in wanted:
        holders = [p for p in active if gold.covered_by(_text(p))]
        if holders:
            total.recalled_rules += 1
        else:
            total.missed_rules.append(f"{conv.id}: {gold.id}")
        if len(holders) > 1:
            total.duplicates.append(f"{conv.id}: {gold.id} x{len(holders)}")
    for gold in ended:
        if any(gold.covered_by(_text(p)) for p in active):
            total.superseded_left_active.append(f"{conv.id}: {gold.id}")


def _score_notes(result: Run, total: Score) -> None:
    conv = result.conversation
    notes = [n for n in result.doc.long_term_memory.project_notes if n.is_active]
    wanted = conv.active_facts()
    total.expected_facts += len(wanted)
    total.active_notes += len(notes)
    for note in notes:
        if any(f.covered_by(_text(note)) for f in conv.facts()):
            total.supported_notes += 1
        else:
            total.unsupported_notes.append(f"{conv.id}: {note.label} | {note.summary}")
    for gold in wanted:
        if any(gold.covered_by(_text(n)) for n in notes):
            total.recalled_facts += 1
        else:
            total.missed_facts.append(f"{conv.id}: {gold.id}")
    for gold in conv.inactive_facts():
        if any(gold.covered_by(_text(n)) for n in notes):
            total.cancelled_notes_left_active.append(f"{conv.id}: {gold.id}")


_INJECTED = (ContextSection.PROJECT_NOTES, ContextSection.TOPICS)


def _score_contexts(result: Run, total: Score) -> None:
    for followup, ctx in result.contexts:
        items = [i for i in ctx.items if i.section in _INJECTED]
        texts = [f"{i.label} {i.text}" for i in items]
        total.injected += len(items)
        for text in texts:
            if any(has_key(text, key) for key in followup.relevant):
                total.injected_relevant += 1
            else:
                total.irrelevant_injections.append(
                    f"{result.conversation.id}: {followup.question!r} <- {text[:80]}"
                )
        for key in followup.must:
            total.must_inject += 1
            if any(has_key(t, key) for t in texts):
                total.must_injected += 1
            else:
                total.missing_injections.append(
                    f"{result.conversation.id}: {followup.question!r} lacks {key}"
                )
        for key in followup.must_not:
            if any(has_key(t, key) for t in texts):
                total.forbidden_injections.append(
                    f"{result.conversation.id}: {followup.question!r} got {key}"
                )


def run_all(
    conversations: Sequence[Conversation], make_backend: Callable[[], SummaryBackend]
) -> list[Run]:
    """One fresh backend per conversation."""
    return [run(c, make_backend()) for c in conversations]
