"""The memory-judgement bar (docs/quality.md), measured on the bilingual evaluation set.

The heuristic backend and an oracle (what a perfect model would propose, derived from
the gold) run every conversation through the real pipeline; the scorer checks what
memory holds at the end and what the follow-up questions get. The bar applies to each
split on its own: a split that falls below it cannot hide behind the others. A sealed
split (``tests/data/conversations/sealed*.jsonl``) is measured and its aggregate row
printed (``pytest -s``), but held to no bar and never looked into: its cases carry the
``sealed`` marker.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

import pytest
from gold import Conversation, has_key
from harness import OracleBackend, Score, run_all, score
from splits import NAMES, SEALED, SPLITS, conversations_of

from autopatch_memory.backends.heuristic import HeuristicBackend
from autopatch_memory.privacy import redact
from autopatch_memory.reasons import Reason
from autopatch_memory.text import Language, detect_language

# The set the gold checks and the secret check read: the open splits (not the sealed ones).
ALL: tuple[Conversation, ...] = tuple(c for split in SPLITS.values() for c in split)

ORACLE_RECALL_BAR = 0.95
INJECTION_BAR = 0.80
NOTE_PRECISION_BAR = 0.95


def each_split() -> list[Any]:
    """Every split, a sealed one with the ``sealed`` marker."""
    return [
        pytest.param(name, marks=pytest.mark.sealed) if name in SEALED else name for name in NAMES
    ]


@cache
def heuristic(split: str) -> Score:
    return score(run_all(conversations_of(split), HeuristicBackend))


@cache
def oracle(split: str) -> Score:
    return score(run_all(conversations_of(split), OracleBackend))


def test_the_set_is_large_varied_and_bilingual() -> None:
    assert len(ALL) >= 40
    assert len({c.id for c in ALL}) == len(ALL)
    languages = {detect_language(t.text) for c in ALL for t in c.turns}
    assert languages == {Language.ZH, Language.EN}
    mixed = [c for c in ALL if len({detect_language(t.text) for t in c.turns}) == 2]
    assert len(mixed) >= 5
    assert sum(len(c.rules()) for c in ALL) >= 40
    assert sum(len(c.inactive_rules()) for c in ALL) >= 8  # corrections and cancels
    assert sum(len(c.facts()) for c in ALL) >= 10
    assert sum(len(c.followups) for c in ALL) >= 10


def test_the_gold_is_consistent() -> None:
    for conversation in ALL:
        for turn in conversation.turns:
            for item in (*turn.rules, *turn.facts):
                # The oracle proposes the gold wording: it must cover its own keys, and
                # quote the user's own words.
                assert item.covered_by(f"{item.label} {item.summary}"), (conversation.id, item.id)
                assert item.quote and item.quote in turn.text, (conversation.id, item.id)
            if turn.cancels:
                assert turn.cancel_quote and turn.cancel_quote in turn.text, conversation.id
        for followup in conversation.followups:
            for key in (*followup.must, *followup.must_not):
                assert key.strip(), conversation.id
            assert not any(has_key(followup.question, k) for k in followup.must_not), (
                conversation.id
            )


@pytest.mark.parametrize("split", each_split())
def test_the_heuristic_meets_the_bar(split: str) -> None:
    """The offline reader stores only what the user says explicitly: no rule the user
    never stated, on any set. Recall, and the corrections it cannot understand (an older
    rule left active beside the newer one, rendered after it), are reported, not barred:
    understanding them is the model's job (docs/quality.md#the-offline-reader)."""
    result = heuristic(split)
    print(f"\nheuristic / {split}:", result.row())
    if split in SEALED:
        return  # reported above, in aggregate; a sealed split is held to no bar
    assert result.false_preferences == []
    assert result.cancelled_notes_left_active == []
    assert result.note_precision >= NOTE_PRECISION_BAR, result.unsupported_notes
    assert result.injection_relevance >= INJECTION_BAR, result.irrelevant_injections


@pytest.mark.parametrize("split", each_split())
def test_an_oracle_through_the_applier_meets_the_bar(split: str) -> None:
    result = oracle(split)
    print(f"\noracle / {split}:", result.row())
    if split in SEALED:
        return  # reported above, in aggregate; a sealed split is held to no bar
    assert result.recall >= ORACLE_RECALL_BAR, result.missed_rules
    assert result.false_preferences == []
    assert result.superseded_left_active == []
    assert result.duplicates == []


@pytest.mark.parametrize("split", [n for n in NAMES if n not in SEALED])
def test_an_oracle_without_quotes_gets_no_rule_in(split: str) -> None:
    """A model that does not quote the user (an older model, the reference host's
    prompt) has no rule, archive or supersede accepted: each is ``ungrounded``. Its
    notes, which need no quote, still are."""
    runs = run_all(conversations_of(split), lambda: OracleBackend(quotes=False))
    for run in runs:
        assert not [p for p in run.doc.long_term_memory.durable_preferences if p.is_active]
        for report in run.reports:
            for rejected in report.rejected:
                if rejected.section == "long_term_operations":
                    assert rejected.reason is Reason.UNGROUNDED, rejected
    assert score(runs).fact_recall >= ORACLE_RECALL_BAR


_MARKER = re.compile(r"\[REDACTED:[a-z_]+\]")


def _secrets(text: str) -> set[str]:
    """The values redaction takes out of each word of ``text`` on its own (a word's
    trailing punctuation dropped): what must never reach memory, whatever the context."""
    found = set()
    for word in text.split():
        word = word.rstrip(",.;:!?，。；：！？)")
        parts = _MARKER.split(redact(word))
        if len(parts) == 2 and word.startswith(parts[0]) and word.endswith(parts[1]):
            found.add(word[len(parts[0]) : len(word) - len(parts[1])])
    return found


def test_no_secret_reaches_any_item() -> None:
    for run in run_all(ALL, HeuristicBackend):
        text = run.doc.to_json()
        assert text == redact(text)
        # Nor a secret that redaction misses in its sentence, or in a clipped label, in a
        # rule or a note the grammar judged. (Turns and topics copy the turn text as
        # record_turn redacted it: that is privacy.redact's to get right.)
        items = run.doc.long_term_memory.model_dump_json()
        for turn in run.conversation.turns:
            for secret in _secrets(turn.text):
                assert secret not in items, (run.conversation.id, secret)
