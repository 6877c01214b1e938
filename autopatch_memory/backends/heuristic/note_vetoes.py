"""What keeps the offline reader from taking a sentence for a project note (family
``offline-note-vetoes``; docs/quality.md#the-offline-reader).

A project note is a lasting fact the user asserts about the project. Two classes of
sentence read like one and assert nothing: a message the user marks as a joke, and a
guess. Without a model nothing else decides, so each is a named rule with its examples;
a note that is missed can always be remembered in full (``remember --note``).
"""

from __future__ import annotations

import re

from autopatch_memory.lang.rules import PatternRule, Registry

__all__ = ["GUESS", "JOKE", "NOTE_VETOES"]

# A sentence after a fact that is only a joke mark ("Kidding.", "开个玩笑。"), at most this long.
JOKE_TAIL_CHARS = 16

JOKE = PatternRule(
    "marked-as-joke",
    "the message marks itself as a joke or sarcasm (kidding, /s, 开玩笑, 狗头, a face crying"
    " with laughter): read for the whole message, since the mark often stands in a sentence of"
    " its own ('lol' and 哈哈 are only laughter: a fact said with them is still a fact)",
    examples_match=(
        "Our deployment strategy is 'push to prod on Friday and pray'. Kidding.",
        "Sure, our tests all pass on the first try, jk",
        "We have zero tech debt /s",
        "我们的运维就是重启大法 😂",
        "咱们项目的文档就是代码本身，开个玩笑",
        "我们的架构师是 Stack Overflow [狗头]",
    ),
    examples_no_match=(
        "The order service runs on JDK 17.",
        "我们用 Postgres 16，不是 14。",
        "The lol-service module handles the chat stickers.",
        "哈哈，我们项目用的是 Gradle 8.5",
        "The push gateway keeps about 200k connections a machine, I checked lol",
    ),
    pattern=re.compile(
        r"\b(?:just\s+)?kidding\b|\bjk\b|(?:^|\s)/s\b"
        r"|开(?:个|了个)?玩笑|说着玩|狗头|笑死|[\U0001F602\U0001F923\U0001F643\U0001F61C\U0001F92A]",
        re.IGNORECASE,
    ),
)

GUESS = PatternRule(
    "guess",
    "the sentence guesses or predicts instead of stating (maybe, probably, I guess, 估计,"
    " 可能, 大概, 说不定, 好像): a fact the user is not sure of is no note",
    examples_match=(
        "CI will probably move to GitHub Actions.",
        "I guess the billing service is on Postgres 14.",
        "Maybe we use Kafka for the audit events, not sure.",
        "CI 估计以后会换成 GitHub Actions 吧。",
        "订单服务好像是 JDK 11",
        "网关大概是 Spring Cloud Gateway 做的",
    ),
    examples_no_match=(
        "The billing service uses Postgres 14.",
        "We moved the audit events to Kafka last year.",
        "我们的网关是 Spring Cloud Gateway。",
        "订单服务可用性要求 99.9%",
        "对账 job 每天凌晨 2 点跑，数据量大概 300 万行。",
        "push-connector 每台机器大概维持 20 万长连接。",
    ),
    pattern=re.compile(
        r"\b(?:maybe|perhaps|probably|possibly|presumably|i\s+guess|i\s+suppose|not\s+sure"
        r"|might\s+be|i\s+(?:think|believe)\s+(?:that\s+)?(?:we|it|the|our))\b"
        r"|估计|也许|大概(?=是|会|要|在用|用的)|或许|说不定|好像|似乎|可能(?!性)|应该会|不太确定|不确定",
        re.IGNORECASE,
    ),
)

NOTE_VETOES: Registry[PatternRule] = Registry("offline-note-vetoes", [JOKE, GUESS])
"""Every rule, in the order they are tried."""
