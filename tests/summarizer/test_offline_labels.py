"""The offline reader's labels are made from words: one equal to an older rule's label
is no revision of that rule (docs/design.md, labels).

A data-loss hunt: with 23 rules, a new rule said in chat got the derived label of an
older rule the request did not show, and the applier took the create for a same-label
revision: the older rule was replaced by a contradicting one, with no name given.
"""

from __future__ import annotations

from pathlib import Path

from autopatch_memory import ProjectMemory

OLD = (
    "Always run mvn clean verify with the checkstyle and spotbugs profiles before you push to main."
)
NEW = (
    "From now on, always run mvn clean verify with the checkstyle and PMD profiles, never spotbugs."
)


def test_a_new_rule_whose_label_an_older_rule_has_is_a_second_rule(repo: Path) -> None:
    with ProjectMemory.open(repo, backend="heuristic") as memory:
        old = memory.remember(OLD)
        for number in range(22):
            memory.remember(
                f"For module m{number}, never run mvn clean verify with the checkstyle, PMD "
                "or spotbugs profiles locally; CI runs them."
            )
        memory.record_turn("general_chat", NEW, "ok")
        memory.wait_idle(60)
        memory.summarize_now()
        active = {i.summary for i in memory.document().long_term_memory.items() if i.is_active}
        kept = memory.document().long_term_item(str(old.item_id))
    assert OLD in active and NEW in active
    assert kept is not None and kept.summary == OLD
