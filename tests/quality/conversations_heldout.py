"""The held-out split: written after the judgement was built, and not tuned on.

New repositories (a RuoYi-style admin system, a flash-sale service, an IM server),
new phrasings, the same classes. docs/quality.md reports its numbers as first
measured, next to the development split's.
"""

from __future__ import annotations

from gold import Conversation, FollowUp, Project, Turn, fact, rule

RUOYI = Project(
    name="ruoyi",
    build_tool="maven",
    java_version="17",
    modules=("ruoyi-admin", "ruoyi-framework", "ruoyi-system", "ruoyi-common", "ruoyi-quartz",
             "ruoyi-generator"),
    frameworks=("spring boot", "spring security", "mybatis"),
)  # fmt: skip
SECKILL = Project(
    name="seckill",
    build_tool="gradle",
    java_version="21",
    modules=("seckill-gateway", "seckill-order", "seckill-stock", "seckill-user"),
    frameworks=("spring boot", "spring cloud"),
)
IM = Project(
    name="im-server",
    build_tool="maven",
    java_version="17",
    modules=("im-core", "im-gateway", "im-push", "im-storage"),
    frameworks=("netty", "spring boot"),
)
SHOP = Project(
    name="shop-api",
    build_tool="maven",
    java_version="17",
    modules=(),
    frameworks=("spring boot", "jpa"),
)

NEGATIVE = "don't|do not|never|stop|no longer|not |avoid|不要|别|不用|不再|禁止"

HELDOUT: tuple[Conversation, ...] = (
    Conversation(
        "ho-zh-class-and-method-names",
        project=RUOYI,
        turns=(
            Turn(
                "RuoYi 的权限注解 @PreAuthorize(\"@ss.hasPermi('system:user:list')\") 是怎么生效的？"
            ),
            Turn(
                "以后讲源码的时候请标出类名和方法名，方便我去 IDEA 里搜。",
                rules=(
                    rule(
                        "names",
                        ("类名|class name", "方法名|method name"),
                        "标出类名和方法名",
                        "讲源码时标出类名和方法名。",
                        "以后讲源码的时候请标出类名和方法名",
                    ),
                ),
            ),
            Turn("SysLoginService 的登录流程呢？", intent="code_explain"),
            Turn(
                "记住，我们这个项目的验证码是关着的。",
                facts=(
                    fact(
                        "captcha-off",
                        ("验证码|captcha",),
                        "验证码已关闭",
                        "项目的验证码是关闭的。",
                        "记住，我们这个项目的验证码是关着的。",
                    ),
                ),
            ),
        ),
        followups=(
            FollowUp(
                "登录接口为什么没有校验验证码？",
                relevant=("验证码|登录|sysloginservice",),
                must=("验证码",),
            ),
        ),
    ),
    Conversation(
        "ho-en-format-rule-cancelled",
        project=SHOP,
        turns=(
            Turn(
                "Going forward, please format every answer as: summary, details, then code.",
                rules=(
                    rule(
                        "format",
                        ("summary", "details|detail"),
                        "answer format",
                        "Format answers as summary, details, then code.",
                        "Going forward, please format every answer as: summary, details, then code.",
                    ),
                ),
            ),
            Turn("What's the difference between @Async and CompletableFuture.supplyAsync?"),
            Turn(
                "Nah, drop that format thing, it's too rigid.",
                cancels=("format",),
                cancel_quote="drop that format thing",
            ),
            Turn("Thanks, that's all."),
        ),
    ),
    Conversation(
        "ho-mixed-seckill-fact-and-rule",
        project=SECKILL,
        turns=(
            Turn(
                "我们的秒杀服务 seckill-order 用 Redis 预减库存，再异步下单。",
                facts=(
                    fact(
                        "redis-stock",
                        ("redis", "库存|stock"),
                        "seckill-order 用 Redis 预减库存",
                        "seckill-order 用 Redis 预减库存，再异步下单。",
                        "我们的秒杀服务 seckill-order 用 Redis 预减库存，再异步下单。",
                    ),
                ),
            ),
            Turn("How do I avoid overselling when Redis and MySQL disagree?"),
            Turn(
                "以后给方案时，都附上压测需要关注的指标。",
                rules=(
                    rule(
                        "load-test",
                        ("压测|load test|benchmark",),
                        "附上压测指标",
                        "给方案时附上压测需要关注的指标。",
                        "以后给方案时，都附上压测需要关注的指标。",
                    ),
                ),
            ),
            Turn("seckill-stock 的 Lua 脚本应该放在哪里？"),
        ),
        followups=(
            FollowUp(
                "seckill-order 下单失败怎么回滚 Redis 库存？",
                relevant=("seckill-order|redis|库存|lua",),
                must=("redis",),
            ),
            FollowUp(
                "seckill-user 的登录态存在哪？", relevant=("seckill-user|登录",), must_not=("预减",)
            ),
        ),
    ),
    Conversation(
        "ho-en-nothing-to-keep",
        project=SHOP,
        turns=(
            Turn("Do you always need @Transactional on service methods?"),
            Turn("My tech lead insists we never use Optional as a parameter."),
            Turn("I usually write tests after the implementation, is that bad?"),
            Turn("Just for this question, show me the Kotlin version."),
            Turn("ok cool"),
        ),
    ),
    Conversation(
        "ho-zh-build-commands-superseded",
        project=RUOYI,
        turns=(
            Turn(
                "以后给打包命令都用 mvn -pl 指定模块的写法。",
                rules=(
                    rule(
                        "mvn-pl",
                        ("mvn|maven",),
                        "打包命令用 mvn -pl",
                        "打包命令用 mvn -pl 指定模块。",
                        "以后给打包命令都用 mvn -pl 指定模块的写法。",
                        unless=("gradle",),
                    ),
                ),
            ),
            Turn("ruoyi-admin 打包之后 jar 在哪？"),
            Turn(
                "我们准备把构建迁到 Gradle 了，从现在开始命令都给 Gradle 版本的。",
                rules=(
                    rule(
                        "gradle",
                        ("gradle",),
                        "命令用 Gradle",
                        "从现在开始命令都给 Gradle 版本。",
                        "从现在开始命令都给 Gradle 版本的",
                    ),
                ),
                supersedes=("mvn-pl",),
            ),
            Turn("Gradle 怎么只打 ruoyi-admin 一个模块？"),
        ),
    ),
    Conversation(
        "ho-en-answer-length-changed",
        project=SHOP,
        turns=(
            Turn(
                "Please keep your answers concise from now on.",
                rules=(
                    rule(
                        "concise",
                        ("concise|short|brief|简短",),
                        "concise answers",
                        "Keep answers concise.",
                        "Please keep your answers concise from now on.",
                        unless=("detail",),
                    ),
                ),
            ),
            Turn("How does Spring's @Cacheable handle null values?"),
            Turn(
                "Actually I changed my mind — give me detailed explanations with the reasoning from now on.",
                rules=(
                    rule(
                        "detailed",
                        ("detail",),
                        "detailed explanations",
                        "Give detailed explanations with the reasoning.",
                        "give me detailed explanations with the reasoning from now on",
                    ),
                ),
                supersedes=("concise",),
            ),
            Turn(
                "Also, always write code comments in English.",
                rules=(
                    rule(
                        "comments-en",
                        ("comment|注释", "english|英文"),
                        "code comments in English",
                        "Write code comments in English.",
                        "always write code comments in English",
                    ),
                ),
            ),
        ),
    ),
    Conversation(
        "ho-zh-reported-quoted-hypothetical",
        project=RUOYI,
        turns=(
            Turn("听同事说以后公司要统一用 JDK 21，是真的要升吗？"),
            Turn("文档里写着“禁止在 Controller 里写业务逻辑”，为什么？"),
            Turn("要是我以后让你只用英文回答，你还能看懂中文问题吗？"),
            Turn("我一般都是先写接口再写实现。"),
        ),
    ),
    Conversation(
        "ho-en-kotlin-snippets-cancelled",
        project=SECKILL,
        turns=(
            Turn(
                "Always show the equivalent Kotlin snippet next to the Java one.",
                rules=(
                    rule(
                        "kotlin",
                        ("kotlin",),
                        "Kotlin snippet next to Java",
                        "Show the equivalent Kotlin snippet next to the Java one.",
                        "Always show the equivalent Kotlin snippet next to the Java one.",
                        unless=(NEGATIVE,),
                    ),
                ),
            ),
            Turn("How do I write a custom Spring Boot starter?"),
            Turn(
                "You can stop adding the Kotlin versions, nobody on the team uses Kotlin.",
                cancels=("kotlin",),
                cancel_quote="You can stop adding the Kotlin versions",
            ),
            Turn("What's the naming convention for auto-configuration classes?"),
        ),
    ),
    Conversation(
        "ho-zh-im-facts-and-correction",
        project=IM,
        turns=(
            Turn(
                "im-gateway 用 Netty 做长连接，im-push 负责离线推送。",
                facts=(
                    fact(
                        "gateway-netty",
                        ("im-gateway", "netty"),
                        "im-gateway 用 Netty",
                        "im-gateway 用 Netty 做长连接。",
                        "im-gateway 用 Netty 做长连接",
                    ),
                    fact(
                        "push-offline",
                        ("im-push", "离线|offline"),
                        "im-push 负责离线推送",
                        "im-push 负责离线推送。",
                        "im-push 负责离线推送",
                    ),
                ),
            ),
            Turn("消息是存在 MongoDB 里的吧？"),
            Turn(
                "不是，消息存储用的是 HBase，MongoDB 只存会话列表。",
                facts=(
                    fact(
                        "hbase",
                        ("hbase",),
                        "消息存储用 HBase",
                        "消息存储用 HBase，MongoDB 只存会话列表。",
                        "消息存储用的是 HBase",
                    ),
                ),
            ),
            Turn("im-storage 怎么做分页拉取历史消息？"),
        ),
        followups=(
            FollowUp(
                "历史消息的存储表结构是什么样的？",
                relevant=("hbase|存储|消息|im-storage",),
                must=("hbase",),
            ),
            FollowUp(
                "im-push 的推送失败怎么重试？",
                relevant=("im-push|推送",),
                must=("离线",),
                must_not=("hbase",),
            ),
        ),
    ),
    Conversation(
        "ho-en-several-rules-and-a-repeat",
        project=SHOP,
        turns=(
            Turn(
                "From now on: no emojis, no filler, and put commands in separate code blocks.",
                rules=(
                    rule(
                        "emoji",
                        ("emoji",),
                        "no emojis",
                        "No emojis in answers.",
                        "From now on: no emojis, no filler, and put commands in separate code blocks.",
                    ),
                    rule(
                        "filler",
                        ("filler",),
                        "no filler",
                        "No filler in answers.",
                        "From now on: no emojis, no filler, and put commands in separate code blocks.",
                    ),
                    rule(
                        "code-blocks",
                        ("code block",),
                        "commands in separate code blocks",
                        "Put commands in separate code blocks.",
                        "From now on: no emojis, no filler, and put commands in separate code blocks.",
                    ),
                ),
            ),
            Turn("How do I tune the HikariCP pool size?"),
            Turn("Again: please don't use emojis.", restates=("emoji",)),
        ),
    ),
    Conversation(
        "ho-zh-signal-words-in-questions",
        project=RUOYI,
        turns=(
            Turn("Spring Boot 默认的连接池是哪个？"),
            Turn("为什么 IDEA 每次打开项目都要重新索引？"),
            Turn("HashMap 总是线程不安全的吗"),
            Turn(
                "以后回答里涉及配置的，都给 YAML 格式，不要 properties。",
                rules=(
                    rule(
                        "yaml",
                        ("yaml|yml",),
                        "配置给 YAML 格式",
                        "涉及配置时给 YAML 格式，不要 properties。",
                        "以后回答里涉及配置的，都给 YAML 格式，不要 properties。",
                    ),
                ),
            ),
        ),
    ),
    Conversation(
        "ho-en-conventions-as-notes",
        project=SHOP,
        turns=(
            Turn(
                "FYI, all our services log in JSON via logstash-logback-encoder.",
                facts=(
                    fact(
                        "json-logs",
                        ("json", "log"),
                        "services log in JSON",
                        "All services log in JSON via logstash-logback-encoder.",
                        "FYI, all our services log in JSON via logstash-logback-encoder.",
                    ),
                ),
            ),
            Turn(
                "We version the API in the URL path, like /api/v2/orders.",
                facts=(
                    fact(
                        "url-version",
                        ("version", "path|url"),
                        "API versioned in the URL path",
                        "The API is versioned in the URL path, like /api/v2/orders.",
                        "We version the API in the URL path, like /api/v2/orders.",
                    ),
                ),
            ),
            Turn("How should I add a new field to the order response without breaking clients?"),
        ),
        followups=(
            FollowUp(
                "How do I add a correlation id to every log line?",
                relevant=("log|json",),
                must=("json",),
            ),
            FollowUp(
                "What's the best way to paginate the orders endpoint?",
                relevant=("api|version|order|path",),
                must_not=("logstash",),
            ),
        ),
    ),
    Conversation(
        "ho-mixed-chit-chat-and-secrets",
        project=SECKILL,
        turns=(
            Turn("hi"),
            Turn(
                "这个 token 一直过期：eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.abcdefghijklmnopqrstuv 为什么？"
            ),
            Turn(
                "Please remember the staging DB password is Sup3rSecret!9 so you can help me debug."
            ),
            Turn("多谢"),
        ),
    ),
    Conversation(
        "ho-zh-language-switched-back",
        project=RUOYI,
        turns=(
            Turn(
                "以后回答用英文，我在练英语。",
                rules=(
                    rule(
                        "en",
                        ("英文|english",),
                        "回答用英文",
                        "以后回答用英文。",
                        "以后回答用英文，我在练英语。",
                        unless=("中文|chinese",),
                    ),
                ),
            ),
            Turn("What's the lifecycle of a Spring bean?"),
            Turn(
                "还是换回中文吧，以后都中文回答。",
                rules=(
                    rule(
                        "zh",
                        ("中文|chinese",),
                        "回答用中文",
                        "以后都用中文回答。",
                        "以后都中文回答。",
                        unless=("英文|english",),
                    ),
                ),
                supersedes=("en",),
            ),
            Turn("Bean 的作用域有哪些？"),
        ),
    ),
    Conversation(
        "ho-en-javadoc-answers-imports",
        project=SHOP,
        turns=(
            Turn(
                "Javadoc should always be in English, but keep answers in Chinese.",
                rules=(
                    rule(
                        "javadoc-en",
                        ("javadoc", "english|英文"),
                        "Javadoc in English",
                        "Javadoc is always written in English.",
                        "Javadoc should always be in English, but keep answers in Chinese.",
                    ),
                    rule(
                        "answers-zh",
                        ("answer|回答", "chinese|中文"),
                        "answers in Chinese",
                        "Keep answers in Chinese.",
                        "Javadoc should always be in English, but keep answers in Chinese.",
                        unless=("javadoc",),
                    ),
                ),
            ),
            Turn(
                "I hate wildcard imports, never use them in examples.",
                rules=(
                    rule(
                        "imports",
                        ("wildcard|import",),
                        "no wildcard imports",
                        "Never use wildcard imports in examples.",
                        "I hate wildcard imports, never use them in examples.",
                    ),
                ),
            ),
            Turn("How do I configure Checkstyle for that?"),
        ),
    ),
    Conversation(
        "ho-zh-note-cancelled",
        project=RUOYI,
        turns=(
            Turn(
                "记住：ruoyi-quartz 模块我们已经不用了，定时任务都迁到 XXL-JOB 了。",
                facts=(
                    # Gold fixed after the first measurement: the first part is a fact too.
                    fact(
                        "quartz-unused",
                        ("ruoyi-quartz",),
                        "ruoyi-quartz 已不用",
                        "ruoyi-quartz 模块已经不用了。",
                        "ruoyi-quartz 模块我们已经不用了",
                    ),
                    fact(
                        "xxl",
                        ("xxl-job",),
                        "定时任务迁到 XXL-JOB",
                        "定时任务已从 ruoyi-quartz 迁到 XXL-JOB。",
                        "定时任务都迁到 XXL-JOB 了",
                    ),
                ),
            ),
            Turn("XXL-JOB 的执行器怎么注册？"),
            Turn(
                "刚才说的 ruoyi-quartz 那条不用记了，我们其实还在用。",
                cancels=("quartz-unused", "xxl"),
                cancel_quote="刚才说的 ruoyi-quartz 那条不用记了",
            ),
        ),
        followups=(
            FollowUp("定时任务怎么配置？", relevant=("定时|quartz|任务",), must_not=("xxl-job",)),
        ),
    ),
)
