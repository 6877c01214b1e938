"""Sentences as spans of the text (autopatch_memory/lang/sentences.py): what the offline
reader and the quote check judge one at a time."""

from __future__ import annotations

import pytest

from autopatch_memory import limits
from autopatch_memory.lang.sentences import sentences
from autopatch_memory.standing.explicit import explicit_rules


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # dictated text without marks: a space between Chinese words is a pause
        ("好的 以后都用中文 谢谢", ["好的", "以后都用中文", "谢谢"]),
        # a mention names who the words after it are said to: it is not a sentence
        ("@阿强 以后发版前 先在群里说一声", ["@阿强 以后发版前", "先在群里说一声"]),
        ("@小周 下次 记得带上截图", ["@小周 下次", "记得带上截图"]),
        # what follows a verb of saying is what was said
        (
            "组长周会上说了 以后每周五都要写周报 我觉得没必要",
            ["组长周会上说了 以后每周五都要写周报", "我觉得没必要"],
        ),
        ("你别说了 以后直接改", ["你别说了", "以后直接改"]),
        # with marks, only the marks end sentences
        ("@阿强 以后发版前先说一声。好吗？", ["@阿强 以后发版前先说一声。", "好吗？"]),
    ],
)
def test_a_pause_ends_a_sentence_but_not_a_mention(text: str, expected: list[str]) -> None:
    assert sentences(text) == expected


def test_a_rule_said_to_a_colleague_by_mention_is_no_rule_for_the_assistant() -> None:
    # The mention used to be cut off as a sentence of its own, and what followed it read as
    # a rule for the assistant.
    assert explicit_rules("@阿强 以后改 Redis 配置 麻烦先在群里同步一下") == []
    assert explicit_rules("以后改 Redis 配置 麻烦先在群里同步一下") != []


def test_a_text_pasted_after_its_announcement_holds_no_rule_of_the_user() -> None:
    # Its items are the pasted text's: "上线 checklist 贴一下：1. 每次… 2. 永远…".
    pasted = "值班手册贴一下：1. 每次切流量前必须通知客服 2. 永远不要在周五下午变更。这样写清楚吗"
    assert explicit_rules(pasted) == []
    assert explicit_rules("Here's our on-call checklist: always page twice. Is that enough?") == []
    # the paste runs to the end of its line: a rule on the next line is the user's
    after = "值班手册贴给你：每次切流量前必须通知客服。\n以后回答都用中文"
    assert explicit_rules(after) == ["以后回答都用中文"]


def test_a_run_of_rules_too_long_for_one_is_cut_between_its_sentences() -> None:
    # Three long rules in a row were joined into one text over the length cap, which the
    # applier refused, and none was stored (a data-loss hunt).
    sentences_ = [
        f"From now on, always run the full Gradle check task with every static analysis "
        f"plugin enabled before you push anything to the {branch} branch of the repo."
        for branch in ("main", "release", "hotfix")
    ]
    rules = explicit_rules(" ".join(sentences_))
    assert rules and all(len(rule) <= limits.MAX_SUMMARY_CHARS for rule in rules)
    assert " ".join(rules) == " ".join(sentences_)
