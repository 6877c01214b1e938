"""Rule classes found by blind set D, each tested with wordings of our own (never the
set's sentences), in Chinese and English."""

from __future__ import annotations

import pytest

from autopatch_memory.directives import (
    DirectiveKind,
    NotADirective,
    conflicting,
    directives_in,
    read_sentence,
    rule_shape,
)

RULE, FACT = DirectiveKind.RULE, DirectiveKind.FACT


@pytest.mark.parametrize(
    "sentence",
    [
        # chat spellings of standing words and verbs
        "from now on gimme the maven wrapper commands, not plain mvn",
        "whenver you write a controller, add the validation annotations pls",
        "frm now on pls answer in english",
        # a polite question with a standing scope is a request
        "Could you please, whenever you write a repository, add the @Repository annotation?",
        "Would you please, any time you show a DTO, use a Java record?",
        "另外能不能别每次都把完整的 pom 贴出来？",
        "还有，能不能别每次都在结尾加一段总结？",
        # a condition with 每次…的时候, then the instruction (记得 / 顺手 …)
        "每次写 Feign 客户端的时候，记得加上超时配置。",
        "每次给我写 Mapper 的时候，顺手把 resultMap 也写上。",
        "以后写定时任务的时候，记得加上分布式锁，不然会重复跑。",
        # 什么的 after a list means "and so on"; an embedded "是哪个" after 问我/确认
        "以后示例里手机号、邮箱什么的都用假的。",
        "以后凡是聊消息队列，都先确认是哪个集群，不要默认是 Kafka。",
        "以后凡是涉及缓存，都先问我用的是哪个 Redis 集群。",
    ],
)
def test_rules_in_wordings_blind_d_exposed(sentence: str) -> None:
    assert read_sentence(sentence).kind is RULE


@pytest.mark.parametrize(
    "sentence",
    [
        # a statement that something is absent is no prohibition
        "report-export runs on its own worker pool, no Kafka involved.",
        "The admin module is a plain servlet app, no Redis needed.",
    ],
)
def test_no_x_involved_is_no_rule(sentence: str) -> None:
    assert not any(d.kind is RULE for d in directives_in(sentence))


@pytest.mark.parametrize(
    ("text", "clauses"),
    [
        # 凡是…，都…: the scope and its instruction are one rule; 别默认 X is its other half
        (
            "以后凡是讲消息幂等，都先问我是哪个消费组，别默认 RocketMQ。",
            ["以后凡是讲消息幂等，都先问我是哪个消费组，别默认 RocketMQ"],
        ),
        # what the user will do with the answers is no rule
        ("以后回答我要拿去发给客户，所以别用缩写。", ["所以别用缩写"]),
        ("还是别用表情了，以后回答我要贴进周报里。", ["还是别用表情了"]),
        # a prohibition, then "only …就行" in the next sentence: one rule
        (
            "以后别给我贴完整的类了。只给改动的方法就好。",
            ["以后别给我贴完整的类了；只给改动的方法就好"],
        ),
        (
            "Please stop pasting the whole pom every time. Just the dependency block is fine.",
            ["Please stop pasting the whole pom every time; Just the dependency block is fine"],
        ),
        # …but not after a positive rule on another subject
        ("以后回答用中文。只要结论就行。", ["以后回答用中文"]),
    ],
)
def test_the_parts_of_one_rule(text: str, clauses: list[str]) -> None:
    assert [d.clause for d in directives_in(text) if d.kind is RULE] == clauses


@pytest.mark.parametrize(
    ("text", "name", "head"),
    [
        (
            "Huge gripe of mine: star imports. Never use them in code you write for me.",
            "star imports",
            "Huge",
        ),
        ("Sonar 天天报的一个问题：通配符导入。以后别再用它了。", "通配符导入", "Sonar"),
    ],
)
def test_a_pronoun_after_a_colon_head_means_what_follows_the_colon(
    text: str, name: str, head: str
) -> None:
    rules = [d.clause for d in directives_in(text) if d.kind is RULE]
    assert len(rules) == 1
    assert name in rules[0]
    # the capitalised first word of the head is no name the pronoun stands for
    assert not rules[0].startswith(head) and f"use {head}" not in rules[0]
    assert f"用 {head}" not in rules[0]


@pytest.mark.parametrize(
    "sentence",
    [
        "这个类是干什么的",
        "你确认一下是哪个版本？",
        "为什么每次都报错？",
    ],
)
def test_questions_stay_questions(sentence: str) -> None:
    assert read_sentence(sentence).why_not is NotADirective.QUESTION


def test_a_fact_after_remember_stays_a_fact() -> None:
    assert read_sentence("记住：网关会把 /api 前缀去掉。").kind is FACT


@pytest.mark.parametrize(
    "sentence",
    [
        # a part with a norm of its own (…都用…) is no topic, even when a reason follows
        "每次举例涉及用户信息的时候，手机号什么的都用假号码，我要截图发群里。",
        "以后写订单相关的示例，金额字段都用 BigDecimal 的写法，我们财务很敏感。",
        # a condition over a kind of the assistant's work
        "When you answer about Kafka consumers, please use the new KafkaConsumer API.",
        "When you write about caching, please mention the eviction policy.",
        # 算了 before a new standing instruction revises, it does not retract
        "算了，以后还是给我 Maven 命令吧。",
        "算了，中文看着也累，往后还是用英文回答。",
    ],
)
def test_rules_with_a_condition_or_a_revision(sentence: str) -> None:
    assert read_sentence(sentence).kind is RULE


@pytest.mark.parametrize(
    ("sentence", "why_not"),
    [
        ("When you answer about this error, please use English.", NotADirective.ONE_OFF),
        ("算了，以后再说吧。", NotADirective.NEGATED),
        ("算了，不问了。", NotADirective.NEGATED),
    ],
)
def test_a_condition_on_this_once_or_a_bare_retraction_is_no_rule(
    sentence: str, why_not: NotADirective
) -> None:
    assert read_sentence(sentence).why_not is why_not


@pytest.mark.parametrize(
    ("text", "clauses"),
    [
        ("算了，往后还是用英文回答，注释照旧中文。", ["往后还是用英文回答", "注释照旧中文"]),
        (
            "Change of plan: from now on answer in Chinese, commit messages in English as before.",
            [
                "Change of plan: from now on answer in Chinese",
                "commit messages in English as before",
            ],
        ),
    ],
)
def test_a_rule_kept_as_before_is_no_part_of_the_new_one(text: str, clauses: list[str]) -> None:
    assert [d.clause for d in directives_in(text) if d.kind is RULE] == clauses


@pytest.mark.parametrize(
    "sentence",
    [
        "单测那条以后不用加了，太占篇幅。",
        "时序图那个以后不必画了。",
        "Update: drop the no-Lombok rule, we allow it again.",
        "Quick update: scrap the rule about Javadoc on getters.",
    ],
)
def test_cancels_blind_d_exposed(sentence: str) -> None:
    assert read_sentence(sentence).kind is DirectiveKind.CANCEL


@pytest.mark.parametrize(
    ("text", "count"),
    [
        (
            "Two things for this whole repo: always show the imports, and don't use Optional "
            "fields, the team dislikes them.",
            2,
        ),
        ("A couple of things for every answer here: add Javadoc, and never use Lombok.", 2),
    ],
)
def test_an_announced_list_holds_rules_of_their_own(text: str, count: int) -> None:
    assert len([d for d in directives_in(text) if d.kind is RULE]) == count


@pytest.mark.parametrize(
    ("old", "new"),
    [
        (
            "以后示例都按 Java 8 写，别用 Optional 和 stream 以外的新东西。",
            "往后示例可以用文本块和 switch 表达式了。",
        ),
        (
            "Keep every example on Java 8 syntax, please.",
            "From now on examples may use text blocks and sealed classes.",
        ),
    ],
)
def test_a_permission_naming_new_java_features_replaces_a_java_8_rule(old: str, new: str) -> None:
    assert conflicting(rule_shape(new), rule_shape(old))


@pytest.mark.parametrize(
    ("text", "clauses"),
    [
        # under one condition, the instruction and the prohibition of the old way are one rule
        (
            "以后写 HTTP 客户端的时候，统一用 WebClient，不要再出现 RestTemplate 了。",
            ["以后写 HTTP 客户端的时候，统一用 WebClient，不要再出现 RestTemplate 了"],
        ),
        (
            "When you show Kafka code, use the new consumer API, and never use the old "
            "ZooKeeper-based one anymore.",
            [
                "When you show Kafka code, use the new consumer API, and never use the old "
                "ZooKeeper-based one anymore"
            ],
        ),
        # …but two rules without a condition stay two
        ("以后回答用中文，不要再加 emoji 了。", ["以后回答用中文", "不要再加 emoji 了"]),
        # a bare dislike, then the instruction: one rule, the dislike its reason
        (
            "I hate Lombok. In every class you write for me, spell out the getters.",
            ["In every class you write for me, spell out the getters; I hate Lombok"],
        ),
        (
            "我实在受不了 Lombok。以后示例里 getter setter 都手写。",
            ["以后示例里 getter setter 都手写；我实在受不了 Lombok"],
        ),
        # …unless the instruction chooses something of another kind
        (
            "I hate long answers. Always answer in Chinese.",
            ["I hate long answers", "Always answer in Chinese"],
        ),
        # a rule said again in several parts is one rule
        ("再重复一遍：先给结论，别铺垫。", ["再重复一遍：先给结论，别铺垫"]),
        ("重复一下：注释用英文，别写拼音。", ["重复一下：注释用英文，别写拼音"]),
    ],
)
def test_one_rule_or_two(text: str, clauses: list[str]) -> None:
    assert [d.clause for d in directives_in(text) if d.kind is RULE] == clauses


@pytest.mark.parametrize(
    "sentence",
    [
        # an object-fronted prohibition addressed to the assistant; a revision after thinking
        "想通了，MyBatis-Plus 还是别给我推荐了。",
        "Lombok 就别再给我推荐了。",
        "考虑清楚了，Kafka Streams 还是别给我推荐了，太重。",
    ],
)
def test_a_fronted_prohibition_is_a_rule(sentence: str) -> None:
    assert read_sentence(sentence).kind is RULE


@pytest.mark.parametrize("sentence", ["那个 3.x 已经删了。", "这个参数早就删了。"])
def test_what_was_removed_is_no_cancel(sentence: str) -> None:
    assert read_sentence(sentence).kind is not DirectiveKind.CANCEL
