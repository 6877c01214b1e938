"""The adversarial split: written by the judgement's authors after the first blind set
(``set_a``) had been measured, to test the classes of wording its misses exposed in
wordings of their own — supersession chains, anaphora, universal scopes, revisions,
one-offs in disguise, changes of a project fact. It is development data, not held-out:
docs/quality.md labels it so.
"""

from __future__ import annotations

from gold import Conversation, FollowUp, Project, Turn, fact, rule

ANSWER = "回答|回复|answer|repl|respon"
NEG = "不要|不用|别|避免|禁止|don't|do not|never|avoid|no |not |without|stop"

LEDGER = Project(
    name="ledger",
    build_tool="maven",
    java_version="17",
    modules=("ledger-api", "ledger-core", "ledger-batch", "ledger-report"),
    frameworks=("spring boot", "mybatis", "junit5"),
)
SHIPPING = Project(
    name="shipping",
    build_tool="gradle",
    java_version="21",
    modules=("shipping-rate-fedex", "shipping-rate-ups", "shipping-label", "shipping-common"),
    frameworks=("spring boot", "jpa"),
)
CHAT = Project(
    name="chat-hub",
    build_tool="maven",
    java_version="11",
    modules=("hub-gateway", "hub-session", "hub-push"),
    frameworks=("netty", "spring boot"),
)

ADVERSARIAL: tuple[Conversation, ...] = (
    Conversation(
        "adv-en-test-framework-chain",
        project=LEDGER,
        turns=(
            Turn(
                "For any test you write for ledger-core, use TestNG.",
                rules=(
                    rule(
                        "testng",
                        ("testng",),
                        "TestNG tests",
                        "Write tests with TestNG.",
                        "For any test you write for ledger-core, use TestNG.",
                        unless=("junit",),
                    ),
                ),
            ),
            Turn("What's the difference between @BeforeMethod and @BeforeClass?"),
            Turn(
                "We just moved ledger-core off TestNG. Switch to JUnit 4 for tests, please.",
                rules=(
                    rule(
                        "junit4",
                        ("junit 4|junit4",),
                        "JUnit 4 tests",
                        "Write tests with JUnit 4.",
                        "Switch to JUnit 4 for tests, please.",
                        unless=("junit 5|junit5|jupiter",),
                    ),
                ),
                supersedes=("testng",),
                facts=(
                    fact(
                        "off_testng",
                        ("ledger-core", "testng"),
                        "ledger-core left TestNG",
                        "ledger-core no longer uses TestNG.",
                        "We just moved ledger-core off TestNG.",
                    ),
                ),
            ),
            Turn("thanks"),
            Turn(
                "Change of plan: JUnit 5 from here on, Jupiter only.",
                rules=(
                    rule(
                        "junit5",
                        ("junit 5|junit5|jupiter",),
                        "JUnit 5 tests",
                        "Write tests with JUnit 5 (Jupiter).",
                        "Change of plan: JUnit 5 from here on, Jupiter only.",
                    ),
                ),
                supersedes=("junit4",),
            ),
        ),
    ),
    Conversation(
        "adv-zh-language-chain",
        project=LEDGER,
        turns=(
            Turn(
                "以后回答都用中文。",
                rules=(
                    rule(
                        "zh",
                        ("中文|chinese", ANSWER),
                        "回答用中文",
                        "用中文回答。",
                        "以后回答都用中文。",
                        unless=("英文|english|双语|bilingual",),
                    ),
                ),
            ),
            Turn("ledger-batch 的对账任务为什么总是跑两遍？"),
            Turn(
                "接下来的回复都换成英文吧，要转给海外同事看。",
                rules=(
                    rule(
                        "en",
                        ("英文|english", ANSWER),
                        "回复用英文",
                        "用英文回复。",
                        "接下来的回复都换成英文吧",
                        unless=("中文|chinese|双语|bilingual",),
                    ),
                ),
                supersedes=("zh",),
            ),
            Turn(
                "我改主意了，以后用中英双语回答。",
                rules=(
                    rule(
                        "both",
                        ("双语|bilingual|中英",),
                        "中英双语回答",
                        "用中英双语回答。",
                        "我改主意了，以后用中英双语回答。",
                    ),
                ),
                supersedes=("en",),
            ),
            Turn("好的"),
        ),
    ),
    Conversation(
        "adv-en-anaphora-and-scope",
        project=SHIPPING,
        turns=(
            Turn(
                "Lombok is not allowed in shipping. Don't suggest it anymore, plain records.",
                facts=(
                    fact(
                        "lombok_banned",
                        ("lombok", "not allowed|banned|禁止"),
                        "Lombok not allowed",
                        "Lombok is not allowed in the shipping project.",
                        "Lombok is not allowed in shipping.",
                    ),
                ),
                rules=(
                    rule(
                        "no_lombok",
                        ("lombok", NEG),
                        "no Lombok",
                        "Don't suggest Lombok; use plain records.",
                        "Don't suggest it anymore, plain records.",
                    ),
                ),
            ),
            Turn(
                "In anything you write for me, catch the exception, log it and rethrow.",
                rules=(
                    rule(
                        "log_rethrow",
                        ("rethrow|重新抛",),
                        "log and rethrow",
                        "Catch exceptions, log them and rethrow.",
                        "In anything you write for me, catch the exception, log it and rethrow.",
                    ),
                ),
            ),
            Turn("How do I map a sealed interface hierarchy with JPA?"),
            Turn(
                "Honestly I can't stand wildcard imports. Never do that in my code.",
                rules=(
                    rule(
                        "no_wildcard",
                        ("wildcard|通配", "import"),
                        "no wildcard imports",
                        "No wildcard imports.",
                        "Honestly I can't stand wildcard imports.",
                    ),
                ),
            ),
        ),
    ),
    Conversation(
        "adv-zh-one-offs-in-disguise",
        project=CHAT,
        turns=(
            Turn("先别管异常处理，把 hub-session 的心跳逻辑写出来。"),
            Turn("这个类就不用写注释了，我自己补。"),
            Turn("以后有空再优化连接池吧。"),
            Turn("不要紧，测试我来写。"),
            Turn(
                "另外，所有的示例都要兼容 Java 11，别用 var 以外的新语法。",
                rules=(
                    rule(
                        "java11",
                        ("java 11|jdk 11|java11|jdk11",),
                        "示例兼容 Java 11",
                        "示例兼容 Java 11。",
                        "另外，所有的示例都要兼容 Java 11，别用 var 以外的新语法。",
                    ),
                ),
            ),
            Turn("谢谢，明白了"),
        ),
    ),
    Conversation(
        "adv-en-questions-with-standing-words",
        project=LEDGER,
        turns=(
            Turn("Could you explain why MyBatis always caches within a session by default?"),
            Turn("From now on, which is better for ledger ids, UUIDv7 or a sequence?"),
            Turn("Do you remember when the default isolation level changed in MySQL 8?"),
            Turn("Whenever I run the report job it hangs, any idea?"),
            Turn("I'm not asking you to always use streams, just curious how they compare."),
            Turn("能不能解释一下为什么 Spring 默认是单例？"),
        ),
    ),
    Conversation(
        "adv-zh-reported-and-hypothetical",
        project=CHAT,
        turns=(
            Turn("开发手册里写着永远不要在 Netty 的 IO 线程里做阻塞调用，这个怎么理解？"),
            Turn("技术经理要求以后所有接口都加签名，你觉得有必要吗？"),
            Turn("假如以后都换成 WebFlux，hub-push 要改多少？"),
            Turn(
                "hub-push 用的是 Netty 4.1，推送走 WebSocket。",
                facts=(
                    fact(
                        "push_netty",
                        ("hub-push", "netty|websocket"),
                        "hub-push 技术栈",
                        "hub-push 用 Netty 4.1，推送走 WebSocket。",
                        "hub-push 用的是 Netty 4.1，推送走 WebSocket。",
                    ),
                ),
            ),
        ),
        followups=(
            FollowUp(
                "hub-push 推送失败的时候怎么重试？",
                relevant=("hub-push", "netty|websocket|推送"),
                must=("hub-push",),
            ),
        ),
    ),
    Conversation(
        "adv-mixed-facts-change",
        project=SHIPPING,
        turns=(
            Turn(
                "shipping-label renders labels with a 30-second timeout and stores PDFs in S3.",
                facts=(
                    fact(
                        "label_s3",
                        ("shipping-label", "s3"),
                        "shipping-label storage",
                        "shipping-label stores PDFs in S3.",
                        "shipping-label renders labels with a 30-second timeout and stores PDFs in S3.",
                    ),
                    fact(
                        "label_timeout_30",
                        ("timeout|超时", "30"),
                        "shipping-label timeout",
                        "shipping-label renders labels with a 30-second timeout.",
                        "shipping-label renders labels with a 30-second timeout",
                        unless=("60",),
                    ),
                ),
            ),
            Turn("How do I stream a PDF back from S3 without loading it all?"),
            Turn(
                "shipping-label 的超时已经改成 60 秒了。",
                cancels=("label_timeout_30",),
                cancel_quote="shipping-label 的超时已经改成 60 秒了。",
                facts=(
                    fact(
                        "label_timeout_60",
                        ("超时|timeout", "60"),
                        "shipping-label 超时",
                        "shipping-label 超时为 60 秒。",
                        "shipping-label 的超时已经改成 60 秒了。",
                    ),
                ),
            ),
            Turn(
                "Also FYI shipping-rate-fedex calls the FedEx REST API v1.",
                facts=(
                    fact(
                        "fedex_rest",
                        ("shipping-rate-fedex", "rest"),
                        "shipping-rate-fedex API",
                        "shipping-rate-fedex calls the FedEx REST API v1.",
                        "shipping-rate-fedex calls the FedEx REST API v1.",
                    ),
                ),
            ),
        ),
        followups=(
            FollowUp(
                "shipping-label 生成面单超时了怎么办？",
                relevant=("shipping-label", "timeout|超时|s3"),
                must=("60",),
            ),
            FollowUp(
                "How should shipping-rate-ups authenticate to the UPS API?",
                relevant=("shipping-rate-ups", "ups"),
                must_not=("fedex",),
            ),
        ),
    ),
    Conversation(
        "adv-zh-cancel-wordings",
        project=LEDGER,
        turns=(
            Turn(
                "以后每次回答最后都加一句风险提示。",
                rules=(
                    rule(
                        "risk",
                        ("风险|risk",),
                        "回答末尾加风险提示",
                        "每次回答最后加一句风险提示。",
                        "以后每次回答最后都加一句风险提示。",
                    ),
                ),
            ),
            Turn(
                "SQL 关键字一律大写。",
                rules=(
                    rule(
                        "sql_upper",
                        ("sql", "大写|upper"),
                        "SQL 关键字大写",
                        "SQL 关键字一律大写。",
                        "SQL 关键字一律大写。",
                        unless=("小写|lower",),
                    ),
                ),
            ),
            Turn("ledger-report 导出 Excel 内存溢出怎么办？"),
            Turn(
                "风险提示那个不用管了。",
                cancels=("risk",),
                cancel_quote="风险提示那个不用管了。",
            ),
            Turn(
                "SQL 关键字统一改成小写吧，看着顺眼。",
                rules=(
                    rule(
                        "sql_lower",
                        ("sql", "小写|lower"),
                        "SQL 关键字小写",
                        "SQL 关键字用小写。",
                        "SQL 关键字统一改成小写吧",
                        unless=("大写|upper",),
                    ),
                ),
                supersedes=("sql_upper",),
            ),
        ),
    ),
    Conversation(
        "adv-en-restate-and-revive",
        project=SHIPPING,
        turns=(
            Turn(
                "Always include the imports in snippets.",
                rules=(
                    rule(
                        "imports",
                        ("import",),
                        "include imports",
                        "Include the imports in snippets.",
                        "Always include the imports in snippets.",
                        unless=("no import|without import|skip|omit|not need|no need",),
                    ),
                ),
            ),
            Turn("Again, imports in every snippet please.", restates=("imports",)),
            Turn(
                "Let's drop the imports rule, my IDE handles it.",
                cancels=("imports",),
                cancel_quote="Let's drop the imports rule",
            ),
            Turn("How do I configure Jackson to ignore unknown properties globally?"),
            Turn(
                "On second thought, include the imports again from now on.",
                revives=("imports",),
            ),
        ),
    ),
    Conversation(
        "adv-zh-dislikes-and-layout",
        project=CHAT,
        turns=(
            Turn(
                "说实话我很反感回答里一上来就是一大段背景介绍。",
                rules=(
                    rule(
                        "no_intro",
                        ("背景|铺垫|intro|介绍",),
                        "避免一上来大段背景介绍",
                        "回答不要一上来就是大段背景介绍。",
                        "说实话我很反感回答里一上来就是一大段背景介绍。",
                    ),
                ),
            ),
            Turn(
                "步骤类的回答请用编号列出来。",
                rules=(
                    rule(
                        "numbered",
                        ("编号|numbered",),
                        "步骤用编号",
                        "步骤类回答用编号列出。",
                        "步骤类的回答请用编号列出来。",
                        unless=("段落|paragraph",),
                    ),
                ),
            ),
            Turn("hub-gateway 的 IdleStateHandler 参数怎么配？"),
            Turn(
                "以后还是写成段落吧，编号太碎了。",
                rules=(
                    rule(
                        "prose",
                        ("段落|paragraph",),
                        "写成段落",
                        "回答写成段落。",
                        "以后还是写成段落吧",
                    ),
                ),
                supersedes=("numbered",),
            ),
        ),
    ),
    Conversation(
        "adv-en-facts-and-siblings",
        project=SHIPPING,
        turns=(
            Turn(
                "Heads up: shipping-rate-ups caches rates in Redis for 10 minutes.",
                facts=(
                    fact(
                        "ups_cache",
                        ("shipping-rate-ups", "redis"),
                        "shipping-rate-ups cache",
                        "shipping-rate-ups caches rates in Redis for 10 minutes.",
                        "shipping-rate-ups caches rates in Redis for 10 minutes.",
                    ),
                ),
            ),
            Turn(
                "shipping-rate-fedex doesn't cache at all.",
                facts=(
                    fact(
                        "fedex_nocache",
                        ("shipping-rate-fedex", "cache|缓存"),
                        "shipping-rate-fedex cache",
                        "shipping-rate-fedex does not cache.",
                        "shipping-rate-fedex doesn't cache at all.",
                    ),
                ),
            ),
            Turn("Why is the first UPS quote of the morning so slow?"),
            Turn(
                "Our label printer integration is owned by another team, not us.",
                facts=(
                    fact(
                        "printer_team",
                        ("printer",),
                        "label printer integration",
                        "The label printer integration is owned by another team.",
                        "Our label printer integration is owned by another team, not us.",
                    ),
                ),
            ),
        ),
        followups=(
            FollowUp(
                "How long does shipping-rate-ups keep a quote?",
                relevant=("shipping-rate-ups", "redis|cache|缓存"),
                must=("redis",),
                must_not=("doesn't cache",),
            ),
        ),
    ),
    Conversation(
        "adv-mixed-logging-supersede",
        project=LEDGER,
        turns=(
            Turn(
                "Going forward, logging examples should use Log4j2.",
                rules=(
                    rule(
                        "log4j2",
                        ("log4j",),
                        "Log4j2 logging",
                        "Use Log4j2 in logging examples.",
                        "Going forward, logging examples should use Log4j2.",
                        unless=("logback",),
                    ),
                ),
            ),
            Turn("ledger-api 的日志怎么按天滚动？"),
            Turn(
                "我们已经切到 Logback 了，以后日志示例都用 Logback。",
                rules=(
                    rule(
                        "logback",
                        ("logback",),
                        "日志示例用 Logback",
                        "日志示例用 Logback。",
                        "以后日志示例都用 Logback。",
                    ),
                ),
                supersedes=("log4j2",),
                facts=(
                    fact(
                        "on_logback",
                        ("logback",),
                        "日志框架",
                        "项目已切到 Logback。",
                        "我们已经切到 Logback 了",
                    ),
                ),
            ),
            Turn(
                "还有，日志内容一律英文。",
                rules=(
                    rule(
                        "log_en",
                        ("日志|log", "英文|english"),
                        "日志用英文",
                        "日志内容用英文。",
                        "还有，日志内容一律英文。",
                    ),
                ),
            ),
        ),
    ),
)
