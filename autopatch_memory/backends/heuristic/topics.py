"""Topics: concerns the user follows across turns, labelled with what they are about.

A turn that names an existing topic's subject updates it; terms that two or more
of the other turns share become new topics (at most two per call, the most
shared and most specific first). One question alone is no topic, and turns that
only state rules, or say thanks, follow no topic.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field

from autopatch_memory import limits
from autopatch_memory.backends.base import SummaryItem
from autopatch_memory.model import Operation, TopicOp
from autopatch_memory.text import Language, detect_language, normalize, same_label, tokenize

from .summaries import one_line, safe
from .terms import NAMED, Term, module_subjects, shared_cjk_terms, terms_of
from .turns import TurnView, is_project_level


@dataclass
class _Candidate:
    """A term some turns share, and which turns."""

    term: Term
    turns: list[str] = field(default_factory=list)
    order: int = 0


def _names(label: str, view: TurnView) -> bool:
    """The turn names the topic's subject: all of its label's words, or its Chinese label."""
    wanted = set(tokenize(label))
    if not wanted:
        return False
    have = set(tokenize(f"{view.prose} {' '.join(view.turn.scope_paths)}"))
    if wanted <= have:
        return True
    return detect_language(label) is Language.ZH and normalize(label) in normalize(view.prose)


def _summary(label: str, views: Sequence[TurnView], previous: str | None) -> str | None:
    """What the user asked about a topic; an existing summary is extended while it fits."""
    # A question asked twice is said once ("What is Optional? What is Optional?").
    questions = list(
        dict.fromkeys(q for v in views if (q := v.question(limits.HEURISTIC_TOPIC_QUESTION_CHARS)))
    )
    if previous:
        new = " ".join(q for q in questions if q and q not in previous)
        extended = one_line(f"{previous} {new}") if new else previous
        if len(extended) <= limits.MAX_SUMMARY_CHARS and safe(extended, limits.MAX_SUMMARY_CHARS):
            return extended
    asked = " ".join(q for q in questions if q)
    if detect_language(" ".join(v.prose for v in views)) is Language.ZH:
        text = f"用户近期关注 {label}：{asked}"
    else:
        text = f"The user is looking into {label}: {asked}"
    return safe(text, limits.MAX_SUMMARY_CHARS)


def _candidates(
    texts: Sequence[tuple[str, str, Language]], module_names: Collection[str]
) -> list[_Candidate]:
    """Terms of each (turn id, text, language), with the turns that name them."""
    found: dict[str, _Candidate] = {}
    for turn_id, text, language in texts:
        for term in terms_of(text, language, module_names):
            candidate = found.setdefault(term.key, _Candidate(term, order=len(found)))
            if term.strength > candidate.term.strength:
                candidate.term = term
            if turn_id not in candidate.turns:
                candidate.turns.append(turn_id)
    for cjk in shared_cjk_terms([text for _, text, _ in texts]):
        candidate = found.setdefault(cjk, _Candidate(Term(cjk, NAMED), order=len(found)))
        candidate.turns = [turn_id for turn_id, text, _ in texts if cjk in text]
    return list(found.values())


def _new_topic_terms(
    views: Sequence[TurnView], earlier: Sequence[SummaryItem], module_names: Collection[str]
) -> list[_Candidate]:
    """Terms shared by two or more turns, at least one of them pending."""
    pending = {v.id for v in views}
    texts = [
        *((e.id, e.summary, detect_language(e.summary)) for e in earlier),
        *((v.id, " ".join(v.asks), v.language) for v in views),
    ]
    # A project-level question is about the module it names, listed in the build or not.
    modules = {
        *module_names,
        *(m for v in views if is_project_level(v.turn) for m in module_subjects(" ".join(v.asks))),
    }
    shared = sorted(
        (
            c
            for c in _candidates(texts, modules)
            if len(c.turns) >= limits.HEURISTIC_TOPIC_MIN_TURNS
            and c.term.strength >= NAMED
            and pending & set(c.turns)
        ),
        key=lambda c: (-len(c.turns), -c.term.strength, -len(c.term.display), c.order),
    )
    chosen: list[_Candidate] = []
    for candidate in shared:
        if len(chosen) >= limits.HEURISTIC_MAX_NEW_TOPICS:
            break
        if any(set(candidate.turns) <= set(c.turns) for c in chosen):
            continue  # the same turns already have their topic
        chosen.append(candidate)
    return chosen


def topic_ops(
    views: Sequence[TurnView],
    topics: Sequence[SummaryItem],
    module_names: Collection[str],
    earlier: Sequence[SummaryItem] = (),
) -> list[TopicOp]:
    """Updates of the topics the turns continue, then at most two new topics for terms
    the other turns share with each other or with earlier (summarized) turns."""
    topical = [v for v in views if v.topical]
    updates: dict[str, list[TurnView]] = {}
    unmatched: list[TurnView] = []
    for view in topical:
        match = next((t for t in topics if _names(t.label, view)), None)
        if match is None:
            unmatched.append(view)
        else:
            updates.setdefault(match.id, []).append(view)
    ops: list[TopicOp] = []
    for topic in topics:
        matched = updates.get(topic.id)
        summary = _summary(topic.label, matched, topic.summary) if matched else None
        if matched and summary:
            ops.append(
                TopicOp(
                    operation=Operation.UPDATE_EXISTING,
                    target_id=topic.id,
                    summary=summary,
                    related_turn_ids=[v.id for v in matched],
                )
            )
    for candidate in _new_topic_terms(unmatched, earlier, module_names):
        members = [v for v in unmatched if v.id in candidate.turns]
        label = safe(candidate.term.display, limits.MAX_LABEL_CHARS)
        existing = next((t for t in topics if same_label(t.label, candidate.term.display)), None)
        summary = _summary(candidate.term.display, members, existing.summary if existing else None)
        if not label or not summary:
            continue
        ops.append(
            TopicOp(
                operation=Operation.UPDATE_EXISTING if existing else Operation.CREATE_NEW,
                target_id=existing.id if existing else None,
                label=None if existing else label,
                summary=summary,
                related_turn_ids=candidate.turns,
            )
        )
    return ops
