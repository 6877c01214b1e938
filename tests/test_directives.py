"""The directive grammar: what is a rule, a cancel, a fact — and what is none of them."""

from __future__ import annotations

import pytest

from autopatch_memory.directives import (
    DirectiveKind,
    NotADirective,
    conflicting,
    directives_in,
    find_quote,
    might_hold_directive,
    read_sentence,
    refers_to,
    restating,
    rule_clauses,
    rule_label,
    rule_shape,
    same_subject,
)

RULE, CANCEL, FACT = DirectiveKind.RULE, DirectiveKind.CANCEL, DirectiveKind.FACT
Q = NotADirective.QUESTION
REP = NotADirective.REPORTED
HYP = NotADirective.HYPOTHETICAL
ONCE = NotADirective.ONE_OFF
SELF = NotADirective.SELF_DESCRIPTION
NEG = NotADirective.NEGATED
CRED = NotADirective.CREDENTIAL
NONE = NotADirective.NO_MARKER

# (sentence, what it is). Written to cover each class with several wordings, in
# Chinese, English and both; a grammar fitted to one wording fails the others.
SENTENCES: list[tuple[str, DirectiveKind | NotADirective]] = [
    # --- standing rules -----------------------------------------------------------
    ("以后回答都用中文。", RULE),
    ("今后所有回答先给结论，再讲原因。", RULE),
    ("往后示例代码统一用 Java 17 的写法。", RULE),
    ("从现在开始，代码注释一律用英文。", RULE),
    ("默认给我 Gradle Kotlin DSL 的写法。", RULE),
    ("每次给 SQL 的时候都带上索引建议。", RULE),
    ("别再给我贴整个类了，只贴改动的方法。", RULE),
    ("不要再用 System.out.println 举例了。", RULE),
    ("记住：回答里的命令都要能直接复制运行。", RULE),
    ("请记住，以后解释源码时先画调用链。", RULE),
    ("我更喜欢简短一点的回答。", RULE),
    ("我不喜欢回答里有太多客套话。", RULE),
    ("我希望你以后解释并发问题时附上时序图。", RULE),
    ("回答的时候不要一上来就铺垫。", RULE),
    ("代码示例里不要用 var。", RULE),
    ("From now on, answer in English.", RULE),
    ("Going forward, show Gradle commands instead of Maven ones.", RULE),
    ("In future answers, skip the intro.", RULE),
    ("Always include the import statements in code examples.", RULE),
    ("Never use field injection in examples.", RULE),
    ("Stop suggesting Lombok, we don't use it anymore.", RULE),
    ("Please stop adding emojis to your answers.", RULE),
    ("I really dislike field injection.", RULE),
    ("I prefer constructor injection over setters.", RULE),
    ("I'd rather you keep answers under 20 lines.", RULE),
    ("Please remember to mention the Spring Boot version an API needs.", RULE),
    ("By default, assume the code runs on Java 21.", RULE),
    ("Don't paste whole files, only the methods that change.", RULE),
    ("No more Lombok in examples, please.", RULE),
    ("Could you always put the conclusion first?", RULE),
    ("能不能以后都用中文回答？", RULE),
    ("Every time you show a Maven command, add -q.", RULE),
    ("Commit messages should always be in English.", RULE),
    ("Answers should be short and to the point from now on.", RULE),
    ("From now on 回答用中文，代码注释用英文。", RULE),
    ("以后讲 MyBatis 的时候，给 XML 映射的写法，不要注解。", RULE),
    ("Give me Gradle commands from now on.", RULE),
    ("Keep answers short from now on, I read them on my phone.", RULE),
    ("Keep using Maven in the examples.", RULE),
    ("For the rest of this project, assume PostgreSQL, not MySQL.", RULE),
    ("I'd appreciate it if you always linked the relevant source file.", RULE),
    ("回答控制在 200 字以内。", RULE),
    ("中文回答就行，以后都这样。", RULE),
    ("如果涉及 SQL，以后都给出执行计划怎么看。", RULE),
    ("以后遇到异常处理的问题，优先推荐自定义异常 + 全局处理器。", RULE),
    ("I told you to always use Gradle!", RULE),
    ("No emojis.", RULE),
    ("以后的回答里，代码块都标上语言。", RULE),
    ("咱们约定一下：以后所有示例都用 Spring Boot 3 的写法。", RULE),
    ("拜托以后别再推荐 Hibernate 了，我们组用 MyBatis。", RULE),
    ("每次给 SQL 都顺便说下索引怎么建。", RULE),
    ("你以后能不能别老是用英文回答？", RULE),
    ("I'd rather you not use Lombok in examples.", RULE),
    # --- cancels ------------------------------------------------------------------
    ("Forget what I said about the compatibility note.", CANCEL),
    ("不用再给我 Maven 命令了。", CANCEL),
    ("忘掉我之前说的先给结论那条。", CANCEL),
    ("取消之前关于 Javadoc 用英文的要求。", CANCEL),
    ("You don't need to add the Java 8 note anymore.", CANCEL),
    ("Ignore my earlier rule about tabs.", CANCEL),
    ("之前说的回答用英文那条作废。", CANCEL),
    ("No need to give me the full stack trace analysis anymore.", CANCEL),
    ("Lombok 那条规则可以删了。", CANCEL),
    ("总结要点那个不需要了，太啰嗦。", CANCEL),
    ("以后不用给我 Maven 命令了。", CANCEL),
    ("Actually, scratch the rule about tabs.", CANCEL),
    ("算了，之前那条先给结论的规则取消吧。", CANCEL),
    ("刚才说的 ruoyi-quartz 那条不用记了，我们其实还在用。", CANCEL),
    ("You can drop the Java 8 caveat now.", CANCEL),
    ("Disregard the earlier note about the cache TTL.", CANCEL),
    # --- project facts ------------------------------------------------------------
    ("Remember that mall-order calls mall-search via Feign.", FACT),
    ("我们 CI 一律加 -T 4。", FACT),
    ("不对，我们用的是 Spring Security，不是 Shiro。", FACT),
    ("mall-order calls mall-search via Feign.", FACT),
    ("We deploy order-service on Kubernetes with Helm.", FACT),
    ("我们的网关用的是 Spring Cloud Gateway。", FACT),
    ("记住我们线上用的是 MySQL 8.0。", FACT),
    ("Actually, we're on Spring Boot 3.2, not 2.7.", FACT),
    ("FYI our Redis runs in cluster mode.", FACT),
    ("payment-service 通过 RocketMQ 通知 order-service。", FACT),
    ("其实我们早就不用 Eureka 了，注册中心换成了 Nacos。", FACT),
    ("Note: the gateway strips the /api prefix before routing.", FACT),
    ("注意：网关会把 /api 前缀去掉再转发。", FACT),
    ("不是，消息存储用的是 HBase，MongoDB 只存会话列表。", FACT),
    ("We version the API in the URL path, like /api/v2/orders.", FACT),
    ("flow-admin 我们只给内部运营用，不对外开放。", FACT),
    ("Heads up: the orders table is partitioned by month.", FACT),
    ("Correction — the cache TTL is 10 minutes, not 5.", FACT),
    ("We deploy with Jib, not Dockerfiles.", FACT),
    # --- questions that carry a signal word ----------------------------------------
    ("记住密码功能在 Spring Security 里怎么实现？", Q),
    ("Why does the build always fail on CI?", Q),
    ("为什么每次启动都要重新下载依赖？", Q),
    ("Should I always close the stream?", Q),
    ("默认的隔离级别是什么？", Q),
    ("以后如果要升级到 Spring Boot 3，需要改哪些配置？", Q),
    ("Do you remember what Optional is for?", Q),
    ("要不要以后都用 record？", Q),
    ("Is it bad practice to never use checked exceptions?", Q),
    ("不要在循环里 new 对象吗？", Q),
    ("Can you explain why HashMap is never thread-safe?", Q),
    ("What happens if a bean is always created lazily?", Q),
    # --- quoted or reported speech -------------------------------------------------
    ("My colleague says always use tabs.", REP),
    ("我们组长说以后都要写单元测试。", REP),
    ("The docs say never block inside a reactive pipeline.", REP),
    ("听说以后 Spring 都要用构造器注入。", REP),
    ("According to the style guide, always use final for parameters.", REP),
    ("网上说“永远不要用 SELECT *”。", REP),
    ('"Never use field injection" is what our architect keeps repeating.', REP),
    # --- hypothetical ----------------------------------------------------------------
    ("If I said from now on answer in English, would that stick?", Q),
    ("如果我说以后都用英文回答，你会一直记得吗", Q),
    ("Suppose I told you to always use Kotlin examples.", HYP),
    ("假如我让你以后都不用 Lombok。", HYP),
    # --- limited to this once ---------------------------------------------------------
    ("Just this once, answer in Chinese.", ONCE),
    ("这次用英文回答吧。", ONCE),
    ("Please don't explain this one, just give the code.", ONCE),
    ("这个问题先别管性能。", ONCE),
    ("For now, skip the tests.", ONCE),
    ("这里不要用 Stream。", ONCE),
    # --- the user's own habits ------------------------------------------------------------
    ("I always forget the -DskipTests flag.", SELF),
    ("我每次都搞混 @Component 和 @Bean。", SELF),
    ("I never remember the argument order of Collectors.toMap.", SELF),
    ("我总是记不住 Maven 的生命周期。", SELF),
    ("I keep mixing up map and flatMap.", SELF),
    # --- negated away --------------------------------------------------------------------
    ("I'm not saying you should always use streams.", NEG),
    ("不是说以后都要用 Optional。", NEG),
    ("never mind", NEG),
    ("算了，当我没说。", NEG),
    ("No need to remember this, it's a one-time script.", NEG),
    # --- credentials -------------------------------------------------------------------------
    ("Remember my API key: [REDACTED:openai_key]", CRED),
    ("记住我的数据库密码是 [REDACTED:secret_value]", CRED),
    ("Please remember my GitHub token for later.", CRED),
    # --- nothing to remember ------------------------------------------------------------------
    ("谢谢！", NONE),
    ("Thanks, that helps.", NONE),
    ("HashMap is never thread-safe.", NONE),
    ("Spring always creates a proxy for @Transactional beans.", NONE),
    ("构建总是失败。", NONE),
    ("Use Gradle for this one.", ONCE),
    ("The build always takes ten minutes.", NONE),
    ("We have a problem with the order service.", NONE),
    ("我们想把订单服务拆成两个。", NONE),
    ("以后有空再聊 JVM 调优。", ONCE),
    ("The answers are too long.", NONE),
    ("Don't worry about backward compatibility.", NONE),
    ("never", NONE),
    ("我同事总说以后都要写 Javadoc。", REP),
    ("Someone on the team said never to use parallel streams.", REP),
    ("Do I always have to call flush()?", Q),
    ("今天先不讨论性能。", ONCE),
]


@pytest.mark.parametrize(("sentence", "expected"), SENTENCES, ids=[s for s, _ in SENTENCES])
def test_reading(sentence: str, expected: DirectiveKind | NotADirective) -> None:
    reading = read_sentence(sentence, known_names=("mall-order", "payment-service"))
    got = reading.kind if reading.kind is not None else reading.why_not
    assert got == expected


def test_the_table_covers_every_class_in_both_languages() -> None:
    kinds = {expected for _, expected in SENTENCES}
    assert kinds == {*DirectiveKind, *NotADirective}
    for kind in (RULE, CANCEL, FACT, Q, REP, ONCE, SELF, NEG, CRED):
        texts = [s for s, e in SENTENCES if e is kind]
        assert any(any("\u4e00" <= c <= "\u9fff" for c in t) for t in texts), kind
        assert any(t.isascii() for t in texts), kind


# --- clauses, labels, quotes --------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "clauses"),
    [
        ("以后回答都用中文，先给结论。", ["以后回答都用中文", "先给结论"]),
        ("Stop suggesting Lombok, we don't use it anymore.", ["Stop suggesting Lombok"]),
        (
            "我真的很不喜欢字段注入，以后示例都用构造器注入。",
            ["我真的很不喜欢字段注入，以后示例都用构造器注入"],
        ),
        (
            "Don't paste whole files, show only the lines that change.",
            ["Don't paste whole files, show only the lines that change"],
        ),
        (
            "Always answer in English, even if I ask in Chinese.",
            ["Always answer in English, even if I ask in Chinese"],
        ),
        ("Always put a TL;DR at the top.", ["Always put a TL;DR at the top"]),
        ("不要在回答里使用 Lombok，我不喜欢。", ["不要在回答里使用 Lombok"]),
    ],
)
def test_rule_clauses(sentence: str, clauses: list[str]) -> None:
    assert rule_clauses(sentence) == clauses


def test_facts_and_rules_of_one_sentence_are_told_apart() -> None:
    found = directives_in(
        "Actually we're still on JUnit 4 in payment-service, so from now on write tests with "
        "JUnit 4."
    )
    assert [(d.kind, d.clause) for d in found] == [
        (FACT, "Actually we're still on JUnit 4 in payment-service"),
        (RULE, "so from now on write tests with JUnit 4"),
    ]
    found = directives_in("Going forward, format every answer as: summary, details, then code.")
    # One rule with its list: "then code" is an item of it, not a rule of its own.
    assert [d.clause for d in found] == [
        "Going forward, format every answer as: summary, details, then code"
    ]
    found = directives_in("I hate wildcard imports, never use them in examples.")
    assert [d.clause for d in found] == ["I hate wildcard imports, never use them in examples"]


def test_a_sentence_with_a_fact_and_a_cancel_gives_both() -> None:
    found = directives_in("我们已经切到 Gradle 了，不用再给我 Maven 命令了。")
    assert [(d.kind, d.clause) for d in found] == [
        (FACT, "我们已经切到 Gradle 了"),
        (CANCEL, "不用再给我 Maven 命令了"),
    ]


def test_a_question_can_state_a_fact_before_it_asks() -> None:
    found = directives_in("我们用的是 MyBatis-Plus，分页插件怎么配？")
    assert [(d.kind, d.clause) for d in found] == [(FACT, "我们用的是 MyBatis-Plus")]


def test_code_logs_and_secrets_never_become_directives() -> None:
    text = (
        "以后回答都用中文。\n```java\n// from now on always use tabs\nint x = 1;\n```\n"
        "at com.acme.Foo.always(Foo.java:12)\npassword=hunter2 remember it"
    )
    found = directives_in(text)
    assert [d.clause for d in found] == ["以后回答都用中文"]


@pytest.mark.parametrize(
    ("clause", "label"),
    [
        ("以后回答都用中文", "回答用中文"),
        ("回答的时候不要一上来就铺垫", "回答的时候不要一上来就铺垫"),
        ("I really dislike field injection", "avoid field injection"),
        ("Always assume we run everything inside Docker", "assume we run everything inside Docker"),
        ("Always put a TL;DR at the top", "put a TL;DR at the top"),
        ("Stop suggesting Lombok", "Stop suggesting Lombok"),
        ("From now on give me Gradle commands", "give Gradle commands"),
        ("我不喜欢回答里有太多客套话", "避免回答里有太多客套话"),
    ],
)
def test_labels_name_the_subject_and_keep_the_negation(clause: str, label: str) -> None:
    assert rule_label(clause) == label


def test_a_label_is_cut_at_a_word_without_a_dangling_word() -> None:
    label = rule_label("From now on, always show a short code example after the explanation of it")
    assert label == "show a short code example after the explanation"


def test_find_quote_gives_the_whole_sentence() -> None:
    text = "Optional 怎么用？以后回答都用中文，先给结论。谢谢"
    assert find_quote("回答都用中文", text) == ["以后回答都用中文，先给结论。"]
    assert find_quote("以后 回答都用中文 ， 先给结论", text) == ["以后回答都用中文，先给结论。"]
    assert find_quote("answer in English", text) == []
    across = "We migrated to Gradle. From now on give me Gradle commands."
    assert find_quote("Gradle. From now on give", across) == [
        "We migrated to Gradle.",
        "From now on give me Gradle commands.",
    ]


# --- subjects: supersede, restate, coexist -----------------------------------------------

# (old rule, new rule, relation): "supersede" = same subject, the new one replaces the
# old; "restate" = the same rule again; "coexist" = different subjects.
PAIRS: list[tuple[str, str, str]] = [
    ("以后回答都用中文", "From now on answer in English", "supersede"),
    ("Always give me Maven commands", "From now on use Gradle", "supersede"),
    ("Always use Chinese", "以后 Javadoc 注释用英文写", "coexist"),
    ("Don't explain basic Java syntax", "基础语法不用解释", "restate"),
    ("别贴整个类，只贴改动的方法", "Don't paste whole files", "restate"),
    ("Always give me Maven commands", "From now on give me Gradle commands", "supersede"),
    ("I prefer short answers", "以后回答详细一点", "supersede"),
    ("Always suggest Lombok", "Stop suggesting Lombok", "supersede"),
    ("以后测试示例都用 JUnit 5", "from now on write tests with JUnit 4", "supersede"),
    ("Always assume Java 17", "From now on assume Java 21 features are available", "supersede"),
    ("先给结论再解释", "以后把结论放在最后", "supersede"),
    ("以后回答都用中文", "以后 Javadoc 注释用英文写", "coexist"),
    ("answer in Chinese", "write Javadoc in English", "coexist"),
    ("I prefer short answers", "以后回答用中文", "coexist"),
    ("不要一上来就铺垫", "先给结论", "coexist"),
    ("Commit messages in English", "以后回答用中文", "coexist"),
    ("代码注释用英文", "回答用中文", "coexist"),
    ("Never use Lombok in examples", "Keep examples under 30 lines", "coexist"),
    ("以后回答都用中文", "记住，用中文回答我", "restate"),
    ("Never use Lombok in examples", "示例代码里不要用 Lombok", "restate"),
    ("I really dislike field injection", "prefer constructor injection", "restate"),
    ("用构造器注入", "不要用字段注入", "restate"),
    ("回答的时候不要一上来就铺垫", "In future answers, skip the intro", "restate"),
    ("先给结论", "Put a TL;DR at the top", "restate"),
    ("The user wants all answers in Chinese.", "Answer in Chinese", "restate"),
]


@pytest.mark.parametrize(("old", "new", "relation"), PAIRS, ids=[f"{a}|{b}" for a, b, _ in PAIRS])
def test_rule_subjects(old: str, new: str, relation: str) -> None:
    a, b = rule_shape(new), rule_shape(old)
    assert same_subject(a, b) is (relation != "coexist")
    assert conflicting(a, b) is (relation == "supersede")
    assert restating(a, b) is (relation == "restate")


def test_a_cancel_refers_to_the_item_it_names() -> None:
    assert refers_to(
        "Forget what I said about the compatibility note.",
        "compatibility note. Add a note when an API needs Java 9+.",
    )
    assert refers_to("不用再给我 Maven 命令了。", "给 Maven 命令. 每次都给出完整的 Maven 命令。")
    assert not refers_to("不用再给我 Maven 命令了。", "回答用中文. 以后回答都用中文。")


@pytest.mark.parametrize(
    "text",
    [
        "以后回答用中文",
        "forget what I said about tabs",
        "不对，我们用的是 Gradle",
        "I dislike Lombok",
        "Remember that we use MyBatis",
        "不用再给我 Maven 命令了",
    ],
)
def test_the_trigger_check_sees_every_directive(text: str) -> None:
    assert might_hold_directive(text)
