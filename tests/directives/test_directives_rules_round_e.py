"""Rule classes found by blind set E, each tested with wordings of our own (never the
set's sentences), in Chinese and English."""

from __future__ import annotations

import pytest

from autopatch_memory.directives import (
    DirectiveKind,
    conflicting,
    directives_in,
    read_sentence,
    refers_to,
    restating,
    rule_shape,
)
from autopatch_memory.prose import split_sentences

RULE, FACT = DirectiveKind.RULE, DirectiveKind.FACT


@pytest.mark.parametrize(
    "sentence",
    [
        # one slipped letter in a standing word
        "pls allways put the DTOs in the api package",
        "alwyas give me the curl command next to the endpoint",
        "whenevr you write a listener, log the message key",
        # a one-off word negated widens the scope
        "And generally, not just today, answer in English.",
        "Not only this time: keep the examples runnable.",
        "不只是这次，示例都用 JUnit 5 写。",
        # a greeting before a polite request with a standing scope
        "您好，能不能以后给我写 SQL 的时候，关键字都写成大写",
        "Hi, could you always add the imports to the snippets?",
        # "please" before a condition over a kind of work; a plural dropped
        "Please when you show me query, format it on several lines.",
        "Also when you write test, use the given/when/then layout.",
        # after a condition, an instruction with its object first
        "每次给我写 Redis 缓存的时候，过期时间都设成 10 分钟。",
        "以后写 Feign 接口的时候，重试别再打开了。",
    ],
)
def test_rules_in_wordings_blind_e_exposed(sentence: str) -> None:
    assert read_sentence(sentence).kind is RULE


@pytest.mark.parametrize(
    "sentence",
    [
        # 默认是 states what the default is: no "by default"
        "缓存的淘汰策略默认是 LRU",
        "网关的超时默认是 30 秒。",
        # a one-off word stays a one-off without the negation
        "Just for today, skip the tests in the examples.",
        "这次先只给代码，不用解释。",
        # a fronted statement of what was done is no instruction
        "每次发版的时候，order-api 也打开了灰度。",
        # a slip that is another word changes nothing
        "I was a member of the platform team.",
    ],
)
def test_no_rule_in_look_alikes(sentence: str) -> None:
    assert read_sentence(sentence).kind is not RULE


def test_a_fronted_addition_under_one_condition_is_the_same_rule() -> None:
    rules = [
        d.clause
        for d in directives_in(
            "每次给我写线程池的时候，核心线程数都设成 CPU 核数，拒绝策略也配上。"
        )
        if d.kind is RULE
    ]
    assert len(rules) == 1 and "拒绝策略" in rules[0]


def test_where_to_put_it_is_no_condition_of_the_next_part() -> None:
    rules = [
        d.clause
        for d in directives_in(
            "以后写 Mapper 的时候，动态 SQL 别再拼字符串了，直接写在 XML 里，好维护。"
        )
        if d.kind is RULE
    ]
    assert len(rules) == 1 and "XML" in rules[0]


def test_a_named_way_and_the_old_way_no_longer_are_one_rule() -> None:
    rules = [
        d.clause
        for d in directives_in(
            "以后写异步代码统一用 CompletableFuture 的写法，别再给我写 Callback 了。"
        )
        if d.kind is RULE
    ]
    assert len(rules) == 1 and "Callback" in rules[0]


def test_future_is_a_content_word_and_in_the_future_is_none() -> None:
    assert "future" in rule_shape("以后一律用 Future 组合").terms
    assert "future" not in rule_shape("In the future, answer in English.").terms


def test_revision_words_carry_no_subject() -> None:
    assert rule_shape("想了想还是按 Future 来吧").terms == rule_shape("按 Future 来").terms


@pytest.mark.parametrize(
    ("text", "sentences"),
    [
        # voice input: no punctuation, its pauses written as spaces between Chinese words
        (
            "帮我看下这个接口是怎么鉴权的 另外以后回答都用中文",
            ["帮我看下这个接口是怎么鉴权的", "另外以后回答都用中文"],
        ),
        # with punctuation a space only sets a term apart
        (
            "库存按 仓库+批次 两个维度记，表叫 stock。",
            ["库存按 仓库+批次 两个维度记，表叫 stock。"],
        ),
        # a space between Chinese and Latin words is no pause
        ("我们用 redis 做缓存", ["我们用 redis 做缓存"]),
    ],
)
def test_voice_pauses_end_sentences_only_in_unpunctuated_text(
    text: str, sentences: list[str]
) -> None:
    assert split_sentences(text) == sentences


def test_a_rule_after_a_question_in_voice_input() -> None:
    found = directives_in("这个定时任务是怎么触发的 对了以后代码注释都写英文 谢谢")
    assert [d.kind for d in found] == [RULE]
    assert "注释" in found[0].clause


def test_a_prohibition_after_a_voice_pause_joins_its_rule() -> None:
    found = directives_in(
        "以后写 Controller 的时候参数统一用 DTO 接 就是 common 包里那些类 别直接用 Map"
    )
    rules = [d for d in found if d.kind is RULE]
    assert len(rules) == 1 and "Map" in rules[0].clause and "DTO" in rules[0].clause


@pytest.mark.parametrize(
    "sentence",
    [
        # the artifact with its choice, then the time, no verb
        "So Maven commands from now on.",
        "Chinese comments going forward",
        # a limit on length moved to a new number revises a standing limit
        "100 字太短了，放宽到 300 字吧",
        "150 words is too tight, bump it to 300 words.",
    ],
)
def test_verbless_and_revised_rules(sentence: str) -> None:
    assert read_sentence(sentence).kind is RULE


@pytest.mark.parametrize(
    "sentence",
    [
        "The tests from now on run on CI.",
        "Bump the timeout to 300 seconds.",
        "我们把线程池改成 300 了",
    ],
)
def test_statements_and_tasks_near_those_rules(sentence: str) -> None:
    assert read_sentence(sentence).kind is not RULE


def test_a_new_word_limit_replaces_the_old_and_the_word_limit_names_both() -> None:
    old, new = rule_shape("以后回答控制在 150 字以内"), rule_shape("放宽到 400 字吧")
    assert conflicting(new, old)
    assert not conflicting(rule_shape("answers under 150 words please"), old)
    assert refers_to("forget the word limit", "以后回答控制在 150 字以内")
    assert refers_to("字数那条不用管了", "keep answers under 200 words")


def test_a_cancel_names_a_rule_by_a_word_of_its_compound() -> None:
    assert refers_to("scratch the reactive thing", "Assume reactive-stack answers.")
    assert refers_to("取消 native 那条", "以后的方案都要兼容 native-image")
    assert not refers_to("scratch the native thing", "Use the reactor pattern.")


@pytest.mark.parametrize(
    "sentence",
    [
        "For test method names I prefer snake_case, like should_save_when_valid.",
        "For the DTO classes I'd like Java records.",
        # a rule on a thing, named and changed
        "Javadoc 那个还是改成英文吧",
        "注释那条就改成中文吧",
    ],
)
def test_more_rules_blind_e_exposed(sentence: str) -> None:
    assert read_sentence(sentence).kind is RULE


@pytest.mark.parametrize(
    "sentence",
    ["In my spare time I like hiking.", "For this class I want to know why it fails."],
)
def test_a_topic_then_a_wish_about_no_artifact_is_no_rule(sentence: str) -> None:
    assert read_sentence(sentence).kind is not RULE


def test_naming_styles_and_transaction_modes_are_choices() -> None:
    assert conflicting(rule_shape("测试方法名以后用驼峰"), rule_shape("test names in snake_case"))
    assert conflicting(
        rule_shape("以后给我 Saga 的方案"), rule_shape("默认按 Seata TCC 给我，别给 AT 模式")
    )
    assert not conflicting(rule_shape("以后给我 TCC 的方案"), rule_shape("别给 AT 模式"))


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("Forget the Chinese comments rule. English comments.", "English comments"),
        ("Drop the snake_case part. Plain camelCase test names.", "Plain camelCase test names"),
        ("那条下划线命名的规则取消吧。纯驼峰命名。", "纯驼峰命名"),
    ],
)
def test_a_bare_choice_after_a_cancel_is_the_rule_that_replaces_it(text: str, rule: str) -> None:
    found = directives_in(text)
    assert [d.kind for d in found] == [DirectiveKind.CANCEL, RULE]
    assert found[1].clause == rule


@pytest.mark.parametrize(
    "text",
    [
        "English comments.",
        "Forget the Chinese comments rule. English is hard for the new hires.",
        "Thanks for the answer. English comments.",
    ],
)
def test_a_bare_choice_without_a_cancel_before_it_is_no_rule(text: str) -> None:
    assert [d for d in directives_in(text) if d.kind is RULE] == []


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        (
            "以后 commit message 用英文写，按 conventional commits 的格式，feat: 那种",
            "conventional",
        ),
        (
            "From now on write commit messages in English, commit messages should follow "
            "the Conventional Commits format.",
            "Conventional",
        ),
    ],
)
def test_how_to_do_the_same_thing_is_the_same_rule(text: str, kept: str) -> None:
    rules = [d.clause for d in directives_in(text) if d.kind is RULE]
    assert len(rules) == 1 and kept in rules[0]


def test_a_complaint_beside_a_rule_is_its_reason() -> None:
    rules = [
        d.clause
        for d in directives_in("XA 模式每个库都要配代理太麻烦了，以后给我 TCC 的方案。")
        if d.kind is RULE
    ]
    assert rules == ["以后给我 TCC 的方案"]


@pytest.mark.parametrize(
    "text",
    [
        "我们这边 HTTP 接口的超时统一是 5 秒，对账相关的任务一律不允许并发跑。",
        "咱们 MQ 都是 RocketMQ，支付相关的消息一律必须走事务消息。",
    ],
)
def test_a_norm_of_the_system_after_a_fact_is_no_rule(text: str) -> None:
    assert [d.kind for d in directives_in(text)] == [FACT]


def test_a_norm_addressed_to_the_assistant_after_a_fact_stays_a_rule() -> None:
    found = directives_in("我们的网关超时是 5 秒，以后写 Feign 调用的时候一律不允许重试。")
    assert [d.kind for d in found] == [FACT, RULE]


@pytest.mark.parametrize(
    ("general", "exception"),
    [
        (
            "以后写接口返回值统一包一层 Result。",
            "order-app-api 的接口返回统一用 AppResult，不套 Result。",
        ),
        ("Log messages in English.", "for billing-batch, log messages in Chinese."),
    ],
)
def test_a_rule_for_one_module_is_an_exception_not_a_replacement(
    general: str, exception: str
) -> None:
    new, old = rule_shape(exception), rule_shape(general)
    assert not conflicting(new, old)
    assert not restating(new, old)


def test_the_same_rule_for_every_module_still_replaces() -> None:
    assert conflicting(
        rule_shape("Log messages in Chinese."), rule_shape("Log messages in English.")
    )
    same_module = rule_shape("for billing-batch, log messages in English.")
    assert conflicting(rule_shape("for billing-batch, log messages in Chinese."), same_module)
