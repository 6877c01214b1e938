"""The context of each new document: what the selection worked out for the document
before is reused only where the write left it alone (docs/context.md)."""

from __future__ import annotations

from pathlib import Path

from autopatch_memory.context import ContextSection
from autopatch_memory.memory import ProjectMemory


def _rules(memory: ProjectMemory, question: str) -> list[str]:
    ctx = memory.context("general_chat", question)
    return [item.text for item in ctx.section(ContextSection.PREFERENCES)]


def test_a_recorded_turn_keeps_the_rules_and_a_changed_rule_shows_its_new_text(
    repo: Path,
) -> None:
    memory = ProjectMemory.open(repo, backend="off", refresh_profile=False)
    first = memory.remember("以后回答都用中文，先给结论").item_id
    memory.remember("From now on, cite the file path of every class you mention")
    assert any("中文" in text for text in _rules(memory, "review 模块做什么？"))

    # A turn changes the turns alone: the rules shown are the same.
    memory.record_turn("general_chat", "review 模块做什么？", "它负责排序 finding。")
    shown = _rules(memory, "review 模块做什么？")
    assert any("中文" in text for text in shown)
    assert any("file path" in text for text in shown)

    # An edit replaces the element: its new text is shown, never the old one.
    assert first is not None
    memory.edit(first, "以后回答都用英文，先给结论")
    shown = _rules(memory, "review 模块做什么？")
    assert any("英文" in text for text in shown)
    assert not any("中文" in text for text in shown)

    # A forgotten rule leaves the context at the next question.
    memory.forget(first)
    memory.record_turn("general_chat", "打包命令是什么？", "mvn package。")
    shown = _rules(memory, "打包命令是什么？")
    assert not any("英文" in text for text in shown)
    assert any("file path" in text for text in shown)


def test_a_changed_profile_changes_which_notes_name_another_module(repo: Path) -> None:
    # A note about shipping-rate-fedex is about another module once the profile names it
    # (kept out of a question about shipping-rate-ups): the view worked out before the
    # profile changed must not answer for it.
    from autopatch_memory.model import BuildTool, RepoProfile

    memory = ProjectMemory.open(repo, backend="off", refresh_profile=False)
    memory.remember("shipping-rate-fedex calls the FedEx REST API v1.", kind="note")
    question = "What API does shipping-rate-ups call?"

    def notes() -> list[str]:
        ctx = memory.context("general_chat", question)
        return [item.text for item in ctx.section(ContextSection.PROJECT_NOTES)]

    memory.set_profile(
        RepoProfile(build_tool=BuildTool.GRADLE, modules=["shipping-rate-ups", "shipping-label"])
    )
    notes()
    memory.set_profile(
        RepoProfile(
            build_tool=BuildTool.GRADLE,
            modules=["shipping-rate-ups", "shipping-rate-fedex", "shipping-label"],
        )
    )
    assert notes() == []
