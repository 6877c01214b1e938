"""What makes a stated fact a note without a model: the user says it is for the assistant
to keep (family ``offline-note-markers``; docs/quality.md#the-offline-reader).

Seven fresh sets, each written by someone who never read the reader, put the precision
of "every stated fact is a note" at 71–93 % on first contact: jokes, guesses, other
teams' systems, incidents, plans — each new set brought new wordings. So the offline
reader, like its rules, takes only what the user gives explicitly: a fact in a sentence
that says it is for the assistant ("记一下", "顺便说一下", "FYI", "for the record",
"keep in mind"), or right after a short sentence that is only such a marker ("记一下。
订单服务用 PG 14。"). A fact said in passing is left to the model, and the user can always
``remember --note`` it. A correction or a change of a note that exists still revises it
without a marker: it names what it replaces.
"""

from __future__ import annotations

import re

from autopatch_memory.lang.rules import PatternRule, Registry
from autopatch_memory.standing.lexicon import has_request_form, has_standing_marker

__all__ = [
    "MARKER_SENTENCE_REST_CHARS",
    "NOTE_MARKERS",
    "TOLD_TO_KEEP",
    "only_a_marker",
    "plain_statement",
    "told_fact",
    "without_marker",
]

# A sentence of its own that is a marker and nearly nothing else (at most this many letters
# besides it) marks the sentence next to it ("记一下。", "For the record:", "Please keep
# that in mind.", "这个你记着。").
MARKER_SENTENCE_REST_CHARS = 8

TOLD_TO_KEEP = PatternRule(
    "told-to-keep",
    "the user says the fact is for the assistant to keep or to know as background: a verb"
    " of keeping (记住, 记一下, 记着, 存着, 留个底, 备注; remember, note, jot down, store, keep in"
    " mind), a word of telling for information (顺便说一下, 跟你说一下, 补充一下, 给你交代下,"
    " 你要知道; FYI, for the record, just so you know, by the way) or of background (背景,"
    " 心里有个数; for context, background info), or the assistant's memory named (你的 memory,"
    " your notes)",
    examples_match=(
        "记一下：订单服务用的是 PostgreSQL 14。",
        "你记着，billing-center 归张伟管",
        "已经从 Eureka 换到 Nacos 了，记一下。",
        "顺便说一下：我们的 api 模块只部署在内网，外部请求都经过网关。",
        "跟你说一下，我们的构建用的是 Gradle 8.5",
        "补充一下背景，生产库是只读的",
        "你要知道，我们所有服务都跑在 JDK 17 上",
        "备注：配置都在 Apollo 里",
        "给你留个底，定时任务统一走 XXL-JOB",
        "你心里有个数，日志每天大概 2 亿条",
        "这个信息你存着：值班表在 docs/oncall.md",
        "update 一下你的 memory：新服务都上 JDK 21 了",
        "FYI, the order service runs on JDK 17.",
        "For the record, shipping-api is owned by the logistics team.",
        "Keep in mind that the payments module talks to Stripe through a proxy.",
        "Just so you know, all our migrations live under db/migration.",
        "Note that the gateway is Spring Cloud Gateway, not Zuul.",
        "Jot this down: artifacts go to nexus.example.internal.",
        "Store this somewhere: our Kafka cluster runs in KRaft mode.",
        "Remember, new services target Java 21.",
        "remeber this pls: the gateway is Spring Cloud Gateway",
        "Context you'll need later: grid-adapter speaks IEC 104.",
        "btw our CI runs on Jenkins",
    ),
    examples_no_match=(
        "订单服务用的是 PostgreSQL 14。",
        "我老记不住这个 mvn 命令",
        "记得帮我看下这个日志",
        "每次给出的代码记得带上 import",
        "The order service runs on JDK 17.",
        "I never remember the flag for skipping tests.",
        "Do you remember which module owns billing?",
        "Remember when the build broke last week?",
        "Please note the deadline.",
        "Keep this method private.",
        "这个类的备注写错了吗？",
    ),
    pattern=re.compile(
        # keeping, in Chinese: 记住/记着/记下/记一下/记一笔/记到…, 存着, 留个底, 备注, 备忘
        r"记(?:住|着|下|好|牢|上|一下|一笔|到|录一下|录下)|记得(?![帮把给去先改看跑提加删换用写检查我当那以上第带附标注说告问补关开放填回留])"
        r"|存(?:一下|下来|着|好)|留(?:着|个底|个档)|备注(?=[:：一下]|\s*[:：])|备忘(?!录)"
        # telling for information, background
        r"|顺便(?:说|提|讲)|顺带(?:说|提)|(?:跟|和|给)你(?:说|讲|同步|交代|介绍|打个招呼)"
        r"|告诉你|补充(?:一下|下|说明|个|点|背景)|交代(?:一下|下)|先说明|说明(?:一下|下)(?=[，,:：\s])"
        r"|打个招呼|你(?:要|得|需要|应该)知道|供你参考|心里有个数|(?:当|作为)(?:个)?背景"
        r"|背景(?:知识|信息|\s*info|是|：|:)|(?:你的|your)\s*(?:memory|记忆|notes|小本本)|小本本"
        # keeping, in English (not "I never remember", "remember when…", "do you remember")
        r"|(?<!never\s)(?<!n't\s)(?<!not\s)(?<!you\s)\bremem?ber\b(?!\s+(?:when|how|what|where"
        r"|why|which|who|whether|if|to)\b)|\bremeber\b"
        r"|\bnot(?:e|ing)\s+(?:that|this|it|down|for\s+later|:)|\bnote\s*(?::|一下)"
        r"|\bkeep\s+(?:(?:this|that|it)\s+)?in\s+(?:mind|your\s+(?:notes|memory|head))\b"
        r"|\bjot\s+(?:(?:this|it|that)\s+)?down\b|\b(?:store|save|file|keep)\s+(?:this|that)\b"
        r"(?!\s+(?:method|class|function|file|code|line|field|variable|test|bean|interface))"
        r"|\btake\s+(?:a\s+)?note\b|\bmake\s+a\s+note\b|\bfor\s+the\s+record\b|\bfyi\b"
        r"|\bfor\s+your\s+(?:information|reference|memory|notes)\b|\bfor\s+future\s+reference\b"
        r"|\b(?:just\s+)?so\s+you\s+(?:know|remember)\b|\byou\s+should\s+know\b|\bgood\s+to\s+know\b"
        r"|\bheads\s+up\b|\bby\s+the\s+way\b|\bbtw\b|\bpermanent\s+fact\b"
        r"|\b(?:for|as)\s+(?:some\s+)?context\b|\bcontext\s*(?::|you'?ll\s+need|going\s+forward)"
        r"|\b(?:some\s+|quick\s+)?background(?:\s+info(?:rmation)?)?\s*(?::|you|so|for)\b"
        r"|\bas\s+(?:some\s+)?background\b",
        re.IGNORECASE,
    ),
)

NOTE_MARKERS: Registry[PatternRule] = Registry("offline-note-markers", (TOLD_TO_KEEP,))


# A marker opens the sentence when it starts within this many characters ("你记着，…",
# "Please remember that …").
_OPENING_CHARS = 8
# What may follow an opening marker before the fact: punctuation, a dash, filler.
# A marker closes the sentence when at most this many characters follow it ("记一下吧").
_CLOSING_SLACK = 3
_CLOSING = " \t,，:：;；.。!！~～"
_CLAUSE_MARKS = ("，", ",", "。", ". ", "；", ";", "！", "!")
_AFTER_MARKER_RE = re.compile(
    r"^[\s,，:：;；.。—\-~～!！哈啊哦吧呀嘛]*(?:(?:that|this|it)\b[\s,，:：—\-]*)?", re.IGNORECASE
)


def without_marker(sentence: str) -> str:
    """``sentence`` without the marker that opens or closes it: the fact itself ("记一下，
    隔壁组用 Dubbo" → "隔壁组用 Dubbo"; "…换到 Nacos 了，你记着。" → "…换到 Nacos 了"),
    which is what the vetoes read and the note keeps (a veto of a subject that opens the
    sentence would not see it behind the marker)."""
    found = TOLD_TO_KEEP.pattern.search(sentence)
    if found is not None and found.start() <= _OPENING_CHARS:
        rest = sentence[found.end() :]
        sentence = rest[_AFTER_MARKER_RE.match(rest).end() :]  # type: ignore[union-attr]
    body = sentence.rstrip(_CLOSING)
    last = None
    for found_last in TOLD_TO_KEEP.pattern.finditer(body):
        last = found_last
    if last is not None and len(body) - last.end() <= _CLOSING_SLACK and last.start() > 0:
        # the clause that holds the closing marker goes ("…，这个你记着", "…. Please keep
        # that in mind")
        cut = max(body.rfind(mark, 0, last.start()) for mark in _CLAUSE_MARKS)
        if cut > 0:
            return body[:cut].rstrip(_CLOSING)
    return sentence


# The assistant or its answers addressed: what is left is a rule for the assistant.
_TO_THE_ASSISTANT_RE = re.compile(
    r"你|回答|答复|回复|\b(?:you|your|answers?|repl(?:y|ies)|respond|explain)\b", re.IGNORECASE
)


def told_fact(sentence: str) -> bool:
    """The user gives the assistant a fact to keep: a keeping marker, and what is left
    without it a plain statement ("Please remember that work-order is the ticketing
    module" is a note; "记住以后回答用中文", "remember to show the full command" are rules)."""
    if not TOLD_TO_KEEP.fires(sentence):
        return False
    rest = without_marker(sentence)
    return rest != sentence and plain_statement(rest)


def plain_statement(text: str) -> bool:
    """``text`` states how things are: no standing marker, no request form, not about
    the assistant or its answers."""
    return (
        not has_standing_marker(text)
        and not has_request_form(text)
        and _TO_THE_ASSISTANT_RE.search(text) is None
    )


def only_a_marker(sentence: str) -> bool:
    """The sentence is a keeping marker and little else ("记一下。", "Please keep that in
    mind."): it marks the sentence next to it."""
    rest = TOLD_TO_KEEP.pattern.sub("", sentence)
    return rest != sentence and sum(c.isalnum() for c in rest) <= MARKER_SENTENCE_REST_CHARS
