"""The plan an edited Markdown text asks for (``edit`` without an id): by id, never by
similarity, and an untouched text asks for nothing — whatever its items hold (Markdown
that the export escapes, labels shown in bold, Chinese sections, lines joined), even
when a bullet lost its id comment but says exactly what an item says."""

from __future__ import annotations

from pathlib import Path

import pytest

from autopatch_memory import ChangeAction, LongTermType, ProjectMemory


@pytest.fixture
def memory(repo: Path) -> ProjectMemory:
    opened = ProjectMemory.open(repo, backend="off")
    yield opened
    opened.close()


def test_an_untouched_text_asks_for_nothing(memory: ProjectMemory) -> None:
    memory.remember("Put the sources under src/main/java/<module>, never a raw `<T>`.")
    memory.remember("以后回答请用中文，并且先给结论再解释。", label="回答用中文")
    memory.remember("Run mvn verify before every push.", label="CI gate")
    memory.remember("订单服务用的是 MySQL 8。", kind="note")
    text = memory.edit_text()
    assert "**CI gate**: Run mvn verify before every push." in text
    assert memory.plan_edit(text).is_empty


def test_a_bullet_that_lost_its_id_but_says_the_same_is_that_item(
    memory: ProjectMemory,
) -> None:
    # The comment removed, the plan was a new rule and a forget of the one it equals:
    # applied, the user's rule was archived (a data-loss hunt).
    junit = memory.remember("Use JUnit 5 for tests.").item_id
    text = memory.edit_text().replace(f" <!-- {junit} -->", "")
    assert memory.plan_edit(text).is_empty
    moved = text.replace("Use JUnit 5 for tests.", "Use JUnit 5 and AssertJ.")
    assert [s.action for s in memory.plan_edit(moved).steps] == [
        ChangeAction.REMEMBER,
        ChangeAction.FORGET,
    ]


def test_changes_are_read_by_id(memory: ProjectMemory) -> None:
    junit = memory.remember("Use JUnit 5 for tests.").item_id
    mysql = memory.remember("订单服务用的是 MySQL 8。", kind="note").item_id
    text = memory.edit_text()
    # The JUnit bullet moves and changes, the note's bullet is deleted, its id pasted
    # on a second new bullet (a copy is new, not a second edit of the same item).
    moved = f"- Use JUnit 5 and AssertJ. <!-- {junit} -->\n- Copied twice. <!-- {junit} -->\n"
    edited = (
        text.replace(f"- Use JUnit 5 for tests. <!-- {junit} -->\n", "")
        .replace(f"- 订单服务用的是 MySQL 8。 <!-- {mysql} -->", "- 订单服务已迁到 PostgreSQL 15。")
        .replace("## 规则\n", f"## 规则\n\n{moved}")  # the headings follow the items: Chinese
    )
    plan = memory.plan_edit(edited)
    assert [(s.action, s.item_id, s.type) for s in plan.steps] == [
        (ChangeAction.EDIT, junit, LongTermType.DURABLE_PREFERENCE),
        (ChangeAction.REMEMBER, None, LongTermType.DURABLE_PREFERENCE),
        (ChangeAction.REMEMBER, None, LongTermType.PROJECT_NOTE),
        (ChangeAction.FORGET, mysql, LongTermType.PROJECT_NOTE),
    ]
    assert plan.steps[0].before == "Use JUnit 5 for tests."
    assert plan.steps[0].after == "Use JUnit 5 and AssertJ."
    assert plan.steps[2].after == "订单服务已迁到 PostgreSQL 15。"

    changes = memory.apply_edit(plan)
    assert [c.outcome.value for c in changes] == ["updated", "created", "created", "archived"]
    kept = {i.summary for i in memory.document().long_term_memory.items()}
    assert {"Use JUnit 5 for tests.", "订单服务用的是 MySQL 8。"} <= kept  # nothing lost


def test_a_refused_step_does_not_stop_the_others(memory: ProjectMemory) -> None:
    memory.remember("Use JUnit 5 for tests.")
    text = memory.edit_text().replace(
        "## Rules\n", "## Rules\n\n- My password is hunter2-Secret!9 keep it.\n- Use AssertJ.\n"
    )
    changes = memory.apply_edit(memory.plan_edit(text))
    assert [c.outcome.value for c in changes] == ["rejected", "created"]
    assert changes[0].reason is not None and changes[0].reason.value == "credential"


def test_a_text_taken_over_or_swapped_in_one_plan_is_no_duplicate(
    memory: ProjectMemory,
) -> None:
    # One item given the other's text while that one's bullet is deleted: the user's
    # text stays active (a review of the duplicate refusal: it archived it instead).
    maven = memory.remember("Use Maven for builds.").item_id
    gradle = memory.remember("Use Gradle for builds.").item_id
    text = memory.edit_text()
    taken = text.replace(f"- Use Gradle for builds. <!-- {gradle} -->\n", "").replace(
        f"- Use Maven for builds. <!-- {maven} -->", f"- Use Gradle for builds. <!-- {maven} -->"
    )
    memory.apply_edit(memory.plan_edit(taken))
    active = [i.summary for i in memory.document().long_term_memory.items() if i.is_active]
    assert active == ["Use Gradle for builds."]
    # Two texts swapped: both edits go through.
    java = memory.remember("以后示例用 Java 21。").item_id
    text = memory.edit_text()
    swapped = text.replace(
        f"- Use Gradle for builds. <!-- {maven} -->", f"- 以后示例用 Java 21。 <!-- {maven} -->"
    ).replace(
        f"- 以后示例用 Java 21。 <!-- {java} -->", f"- Use Gradle for builds. <!-- {java} -->"
    )
    changes = memory.apply_edit(memory.plan_edit(swapped))
    assert [c.outcome.value for c in changes] == ["updated", "updated"]
