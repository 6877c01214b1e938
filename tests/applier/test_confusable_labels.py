"""Labels that differ only by look-alike characters are one label (docs/privacy.md#hostile-text).

The attack (issue 29, item 3): a Latin "review" and a "rеview" spelled with a Cyrillic
"е" looked the same to a reader but were two labels, so a model (or a planted file)
could slip a second topic or rule in beside the first under the same visible name.
Label matching goes through :func:`autopatch_memory.lang.confusables.skeleton`.
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

import pytest

from autopatch_memory.applier import apply_delta
from autopatch_memory.model import MemoryDelta, MemoryDocument
from autopatch_memory.text import same_label

NOW = datetime(2026, 5, 1, 10, 0, tzinfo=timezone.utc)
CYRILLIC_E, CYRILLIC_O, CYRILLIC_A, GREEK_O = "\u0435", "\u043e", "\u0430", "\u03bf"


@pytest.mark.parametrize(
    ("shown", "spoof"),
    [
        ("review", f"r{CYRILLIC_E}view"),
        ("Code review", f"C{CYRILLIC_O}de r{CYRILLIC_E}view"),
        ("payment flow", f"p{CYRILLIC_A}yment fl{GREEK_O}w"),
        ("代码review规范", f"代码r{CYRILLIC_E}vi{CYRILLIC_E}w规范"),
        ("订单 order 服务", f"订单 {CYRILLIC_O}rder 服务"),
        ("ＲＥＶＩＥＷ", f"r{CYRILLIC_E}view"),  # full width and a homoglyph at once
    ],
)
def test_look_alike_labels_are_the_same_label(shown: str, spoof: str) -> None:
    assert same_label(shown, spoof)
    assert same_label(spoof, shown)


@pytest.mark.parametrize(
    ("one", "other"),
    [("review", "reviews"), ("代码评审", "代码审查"), ("order", "border"), ("pay", "play")],
)
def test_different_labels_stay_different(one: str, other: str) -> None:
    assert not same_label(one, other)


def _apply(doc: MemoryDocument, delta: dict[str, Any]) -> tuple[MemoryDocument, Any]:
    return apply_delta(doc, MemoryDelta.model_validate(delta), now=NOW)


@pytest.mark.parametrize(
    ("label", "spoof"),
    [
        ("Code review", f"C{CYRILLIC_O}de r{CYRILLIC_E}view"),
        ("代码review", f"代码r{CYRILLIC_E}view"),
    ],
)
def test_a_topic_under_a_look_alike_label_updates_the_first(label: str, spoof: str) -> None:
    doc = MemoryDocument()
    for text, summary in (
        (label, "用户问代码评审的流程。"),
        (spoof, "The user asked who approves."),
    ):
        op = {"operation": "create_new", "label": text, "summary": summary}
        doc, report = _apply(doc, {"topic_operations": [op]})
        assert report.rejected == []
    topics = doc.working_memory.active_topics
    assert [t.label for t in topics] == [label]
    assert report.accepted[0].note == "same label: updated"


def test_a_note_under_a_look_alike_label_is_a_revision_not_a_second_note() -> None:
    doc = MemoryDocument()
    for label, summary in (
        ("payment review", "用户关注 payment 模块的评审流程。"),
        (f"p{CYRILLIC_A}yment r{CYRILLIC_E}view", "Payment changes need two approvals."),
    ):
        op = {
            "operation": "create_new",
            "type": "project_note",
            "label": label,
            "summary": summary,
            "source": "conversation_summary",
        }
        doc, report = _apply(doc, {"long_term_operations": [op]})
        assert report.rejected == []
    active = [n for n in doc.long_term_memory.project_notes if n.is_active]
    assert len(active) == 1 and active[0].label == "payment review"
    assert report.accepted[0].revisions  # the old text kept as a revision
