"""Blind evaluation set A for memory judgement (rules, supersession, cancels, notes).

Written by a second helper from the product brief and SPEC alone, without reading the
judgement code or the project's own evaluation conversations. Chinese, English and mixed
turns by Java developers in many kinds of repositories. It was the *development* blind
set: measured once before any change (docs/quality.md publishes that first measurement),
then the classes of its misses were fixed. One gold change since: the cancelled fact
``core_on_junit4`` ("pay-core 还没迁到 JUnit 5") lacked the user's own wording of its
replacement ("pay-core 迁到 JUnit 5 了") among its ``unless`` keys, so a note in the
user's words counted as the cancelled fact.
"""

from __future__ import annotations

from gold import Conversation, FollowUp, Project, Turn, fact, rule

# Alternatives shared by many keys. Every key is lower case (keys are not normalized).
ANSWER = "回答|回复|答复|answer|reply|replies|respond|response"
NEG = (
    "不要|不用|不再|不使用|不能|不准|不许|别|禁止|避免|勿|去掉|"
    "don't|dont|do not|never|avoid|stop|no longer|without|not |must not|forbid|prohibit"
)

MALL = Project()
PAY = Project(
    name="pay-gateway",
    build_tool="gradle",
    java_version="21",
    modules=(
        "pay-api",
        "pay-core",
        "pay-channel-alipay",
        "pay-channel-wechat",
        "pay-notify",
    ),
    frameworks=("spring boot", "mybatis-plus", "junit5", "mockito"),
)
ADMIN = Project(
    name="admin-platform",
    build_tool="maven",
    java_version="8",
    modules=(
        "admin-system",
        "admin-framework",
        "admin-quartz",
        "admin-generator",
        "admin-common",
    ),
    frameworks=("spring boot", "mybatis", "spring security"),
)
MEMBER = Project(
    name="member-center",
    build_tool="maven",
    java_version="11",
    modules=("member-api", "member-provider", "member-consumer"),
    frameworks=("spring boot", "dubbo", "mybatis"),
)
INVENTORY = Project(
    name="inventory-svc",
    build_tool="gradle",
    java_version="21",
    modules=("inventory-api", "inventory-core"),
    frameworks=("quarkus", "hibernate"),
)
IM = Project(
    name="im-server",
    build_tool="maven",
    java_version="17",
    modules=("im-gateway", "im-logic", "im-router", "im-storage", "im-common"),
    frameworks=("netty", "spring boot", "junit5"),
)
SHOP = Project(
    name="cloud-shop",
    build_tool="maven",
    java_version="17",
    modules=("shop-gateway", "shop-auth", "shop-user", "shop-product", "shop-order"),
    frameworks=("spring cloud", "spring boot", "mybatis-plus"),
)
SECKILL = Project(
    name="seckill",
    build_tool="gradle",
    java_version="17",
    modules=("seckill-service", "seckill-admin", "seckill-common"),
    frameworks=("spring boot", "mybatis"),
)
SETTLE = Project(
    name="settle-batch",
    build_tool="maven",
    java_version="8",
    modules=("settle-job", "settle-reader", "settle-writer"),
    frameworks=("spring boot", "spring", "mybatis"),
)
HIS = Project(
    name="hospital-his",
    build_tool="maven",
    java_version="8",
    modules=("his-outpatient", "his-inpatient", "his-pharmacy", "his-report"),
    frameworks=("spring boot", "mybatis-plus"),
)
FLOW = Project(
    name="flow-engine",
    build_tool="maven",
    java_version="17",
    modules=("flow-core", "flow-web", "flow-designer"),
    frameworks=("spring boot", "jpa"),
)
COLLECTOR = Project(
    name="log-collector",
    build_tool="gradle",
    java_version="17",
    modules=("collector-agent", "collector-server"),
    frameworks=("spring boot", "kafka"),
)
CRM = Project(
    name="crm-system",
    build_tool="maven",
    java_version="11",
    modules=("crm-customer", "crm-sales", "crm-web"),
    frameworks=("spring boot", "mybatis", "junit5", "mapstruct"),
)


BLIND_A: tuple[Conversation, ...] = (
    # ---------------------------------------------------------------------------------
    Conversation(
        id="a01_zh_feign_and_es",
        turns=(
            Turn(
                "往后回答我都用中文吧，英文文档我看着太累了。",
                rules=(
                    rule(
                        "zh_answers",
                        ("中文|chinese|汉语", ANSWER),
                        "回答语言",
                        "用中文回答用户",
                        "往后回答我都用中文吧",
                        unless=(
                            "英文回答|用英文回答|answer in english|reply in english|respond in english|answers in english",
                        ),
                    ),
                ),
            ),
            Turn(
                "mall-order 启动报错：\n"
                "```\n"
                "org.springframework.beans.factory.UnsatisfiedDependencyException: Error creating "
                "bean with name 'omsPortalOrderServiceImpl': Unsatisfied dependency expressed "
                "through field 'searchClient'\n"
                "Caused by: org.springframework.beans.factory.NoSuchBeanDefinitionException: No "
                "qualifying bean of type 'com.macro.mall.order.client.SearchClient' available\n"
                "```\n"
                "这是怎么回事？",
            ),
            Turn(
                "哦对了，mall-order 是通过 OpenFeign 调 mall-search 的，SearchClient 就是那个 Feign 接口。",
                facts=(
                    fact(
                        "order_feign_search",
                        ("mall-order", "mall-search", "feign"),
                        "mall-order 调用 mall-search",
                        "mall-order 通过 OpenFeign 调用 mall-search（SearchClient 是 Feign 接口）",
                        "mall-order 是通过 OpenFeign 调 mall-search 的",
                    ),
                ),
            ),
            Turn("好了，加了 @EnableFeignClients 的扫描包就起来了，谢谢"),
            Turn(
                "顺便说下，mall-search 那边用的是 Elasticsearch 7.17，还没升 8。",
                facts=(
                    fact(
                        "search_es_version",
                        ("mall-search", "7.17|elasticsearch 7|es 7|es7|es 7.x"),
                        "mall-search 的 ES 版本",
                        "mall-search 使用 Elasticsearch 7.17，尚未升级到 8",
                        "mall-search 那边用的是 Elasticsearch 7.17，还没升 8。",
                    ),
                ),
            ),
        ),
        followups=(
            FollowUp(
                "mall-order 下单时调用超时了，Feign 的超时时间应该在哪配？",
                relevant=("feign", "mall-order", "超时|timeout"),
                must=("feign",),
                must_not=("7.17|elasticsearch 7|es 7",),
            ),
            FollowUp(
                "mall-search 的商品索引想加一个 ik 分词的字段，mapping 怎么写？",
                relevant=("mall-search", "elasticsearch|7.17|es 7|mapping|索引|分词"),
                must=("7.17|elasticsearch 7|es 7|es7",),
            ),
        ),
    ),
    # ---------------------------------------------------------------------------------
    Conversation(
        id="a02_en_maven_to_gradle_then_kts",
        project=PAY,
        turns=(
            Turn(
                "Whenever you show build commands, give me the Maven version, that's what our CI runs.",
                rules=(
                    rule(
                        "maven_cmds",
                        ("maven|mvn", "command|命令"),
                        "Maven commands",
                        "Give build commands for Maven",
                        "Whenever you show build commands, give me the Maven version",
                        unless=("gradle",),
                    ),
                ),
            ),
            Turn(
                "How do I skip the integration tests but still run the unit tests? "
                "Surefire vs failsafe always confuses me.",
            ),
            Turn(
                "Quick update: we finished moving the whole repo to Gradle last week. "
                "From here on, Gradle commands please.",
                rules=(
                    rule(
                        "gradle_cmds",
                        ("gradle", "command|命令"),
                        "Gradle commands",
                        "Give build commands for Gradle",
                        "From here on, Gradle commands please.",
                        unless=("no gradle|not gradle|不要 gradle|不用 gradle|instead of gradle",),
                    ),
                ),
                supersedes=("maven_cmds",),
                facts=(
                    fact(
                        "repo_on_gradle",
                        ("gradle",),
                        "build tool migration",
                        "The whole repo moved from Maven to Gradle",
                        "we finished moving the whole repo to Gradle last week.",
                    ),
                ),
            ),
            Turn("ok thanks"),
            Turn(
                "And for build scripts, always write your examples in the Kotlin DSL.",
                rules=(
                    rule(
                        "kotlin_dsl",
                        ("kotlin|kts", "dsl|script|脚本|build.gradle|构建"),
                        "Gradle Kotlin DSL",
                        "Write build script examples in the Gradle Kotlin DSL",
                        "And for build scripts, always write your examples in the Kotlin DSL.",
                        unless=("groovy dsl instead|用 groovy",),
                    ),
                ),
            ),
            Turn(
                "How do I declare a version catalog alias for the alipay-sdk-java dependency "
                "and use it in pay-channel-alipay?",
            ),
        ),
    ),
    # ---------------------------------------------------------------------------------
    Conversation(
        id="a03_zh_signal_word_questions",
        project=ADMIN,
        turns=(
            Turn(
                "这个项目的权限是怎么做的？每次登录都会把菜单查一遍吗？",
                intent="code_explain",
                project_level=True,
            ),
            Turn("“记住我”功能在这个框架里默认是关掉的吗？要开的话改哪？"),
            Turn(
                "为什么 admin-quartz 里的定时任务总是执行两次？日志如下：\n"
                "2026-05-02 10:00:00.013 INFO [quartzScheduler_Worker-1] c.a.q.task.SyncTask - sync start\n"
                "2026-05-02 10:00:00.015 INFO [quartzScheduler_Worker-2] c.a.q.task.SyncTask - sync start",
                intent="code_explain",
                scope=("admin-quartz",),
            ),
            Turn(
                "我们生产上是两台机器部署的，admin-quartz 没开集群模式。",
                facts=(
                    fact(
                        "quartz_no_cluster",
                        ("quartz", "集群|cluster"),
                        "admin-quartz 部署",
                        "生产两台机器部署，admin-quartz 未开启集群模式",
                        "我们生产上是两台机器部署的，admin-quartz 没开集群模式。",
                    ),
                ),
            ),
            Turn("懂了，谢谢！"),
        ),
        followups=(
            FollowUp(
                "admin-quartz 要开集群的话需要建哪些表？",
                relevant=("quartz", "集群|cluster"),
                must=("quartz",),
            ),
        ),
    ),
    # ---------------------------------------------------------------------------------
    Conversation(
        id="a04_en_dubbo_reported_and_hypothetical",
        project=MEMBER,
        turns=(
            Turn(
                'My tech lead keeps telling everyone "never return null from a Dubbo provider". '
                "Is that actually a Dubbo thing or just taste?",
            ),
            Turn(
                "If I told you to always wrap provider results in a Result<T>, would the "
                "consumer side need to change?",
            ),
            Turn(
                "For context, member-provider exposes MemberQueryService over Dubbo 3 with the "
                "Triple protocol.",
                facts=(
                    fact(
                        "member_triple",
                        ("member-provider|memberqueryservice", "triple"),
                        "member-provider protocol",
                        "member-provider exposes MemberQueryService over Dubbo 3 using the Triple protocol",
                        "member-provider exposes MemberQueryService over Dubbo 3 with the Triple protocol.",
                    ),
                ),
            ),
            Turn(
                "Please default to constructor injection in any Spring code you write for me. "
                "I can't stand @Autowired on fields.",
                rules=(
                    rule(
                        "ctor_injection",
                        ("constructor|构造", "inject|注入"),
                        "constructor injection",
                        "Use constructor injection in Spring code, no @Autowired on fields",
                        "Please default to constructor injection in any Spring code you write for me.",
                        unless=(
                            "prefer field injection|use field injection|用字段注入|字段注入优先",
                        ),
                    ),
                ),
            ),
            Turn("cool"),
        ),
        followups=(
            FollowUp(
                "How should member-consumer handle a timeout when calling MemberQueryService?",
                relevant=(
                    "memberqueryservice|member-provider|member-consumer|triple|dubbo|timeout"
                ),
                must=("memberqueryservice|member-provider",),
            ),
        ),
    ),
    # ---------------------------------------------------------------------------------
    Conversation(
        id="a05_mixed_one_offs_then_standing",
        turns=(
            Turn("这次先别讲原理，直接告诉我 MyBatis 的 foreach 批量插入怎么写。"),
            Turn(
                "就这一个问题用英文回答吧，我要转给外包同事：how do I configure a second "
                "datasource in Spring Boot 3?",
            ),
            Turn(
                "不过平时的回答还是请默认先给结论，再展开细节。",
                rules=(
                    rule(
                        "conclusion_first",
                        ("结论|conclusion|bottom line|tl;dr|tldr|answer first",),
                        "先给结论",
                        "回答先给结论，再展开细节",
                        "不过平时的回答还是请默认先给结论，再展开细节。",
                        unless=("结论放最后|结论放在最后|conclusion at the end|conclusion last",),
                    ),
                ),
            ),
            Turn(
                "mall-portal 首页接口 /home/content 很慢，controller 是这样的：\n"
                "```java\n"
                '@GetMapping("/content")\n'
                "public CommonResult<HomeContentResult> content() {\n"
                "    HomeContentResult contentResult = homeService.content();\n"
                "    return CommonResult.success(contentResult);\n"
                "}\n"
                "```\n"
                "瓶颈可能在哪？",
                intent="code_explain",
                scope=(
                    "mall-portal/src/main/java/com/macro/mall/portal/controller/HomeController.java",
                ),
            ),
            Turn("ok"),
        ),
    ),
    # ---------------------------------------------------------------------------------
    Conversation(
        id="a06_en_quarkus_self_descriptions",
        project=INVENTORY,
        turns=(
            Turn(
                "I always mix up @ApplicationScoped and @Singleton in Quarkus. What's the real difference?"
            ),
            Turn(
                "To be clear, I'm not saying every answer has to use Mutiny. I was just "
                "curious how Uni compares to CompletionStage.",
            ),
            Turn(
                "inventory-core talks to Postgres through Hibernate ORM with Panache, using the "
                "repository pattern, not active record.",
                facts=(
                    fact(
                        "panache_repository",
                        ("panache", "repository|仓储|仓库"),
                        "inventory-core persistence",
                        "inventory-core uses Hibernate ORM with Panache in the repository pattern (not active record) on Postgres",
                        "inventory-core talks to Postgres through Hibernate ORM with Panache, using the repository pattern, not active record.",
                        unless=(
                            "uses active record|uses panache active record|采用 active record|使用 active record",
                        ),
                    ),
                ),
            ),
            Turn(
                "Never put business logic in the JAX-RS resource classes in your suggestions; "
                "keep it in the services.",
                rules=(
                    rule(
                        "no_logic_in_resources",
                        (
                            "resource|资源类|jax-rs",
                            "logic|逻辑",
                            "service|服务|不放|no business|" + NEG,
                        ),
                        "no business logic in resources",
                        "Never put business logic in JAX-RS resource classes; keep it in services",
                        "Never put business logic in the JAX-RS resource classes in your suggestions; keep it in the services.",
                    ),
                ),
            ),
            Turn(
                "I keep forgetting which flag runs quarkus dev with the staging profile. What is it?"
            ),
            Turn("thanks!"),
        ),
        followups=(
            FollowUp(
                "How would you structure a new stock reservation endpoint in inventory-api?",
                relevant=("inventory|panache|repository|resource|stock|库存",),
                must=("panache",),
            ),
        ),
    ),
    # ---------------------------------------------------------------------------------
    Conversation(
        id="a07_zh_tests_cancel_and_revive",
        project=IM,
        turns=(
            Turn(
                "以后给我的代码示例都带上单元测试，用 JUnit 5。",
                rules=(
                    rule(
                        "examples_with_tests",
                        ("测试|test", "junit 5|junit5|jupiter"),
                        "示例附带单元测试",
                        "代码示例附带 JUnit 5 单元测试",
                        "以后给我的代码示例都带上单元测试，用 JUnit 5。",
                        unless=(
                            "不用写测试|不要附测试|不附测试|no tests|without tests|skip tests",
                        ),
                    ),
                ),
            ),
            Turn(
                "im-gateway 用 Netty 的 IdleStateHandler 做心跳检测，读空闲 60 秒就断开连接。",
                facts=(
                    fact(
                        "gateway_heartbeat",
                        ("im-gateway", "心跳|heartbeat|idle|空闲", "60"),
                        "im-gateway 心跳",
                        "im-gateway 用 IdleStateHandler 做心跳，读空闲 60 秒断开连接",
                        "im-gateway 用 Netty 的 IdleStateHandler 做心跳检测，读空闲 60 秒就断开连接。",
                    ),
                ),
            ),
            Turn("帮我写一个 ChannelHandler，把收到的 WebSocket 文本帧转成 JSON 消息对象。"),
            Turn(
                "单元测试那条先不用了，最近赶工期。",
                cancels=("examples_with_tests",),
                cancel_quote="单元测试那条先不用了",
            ),
            Turn(
                "im-logic 和 im-router 之间走的是 gRPC 还是 MQ 来着？我记不清了",
                intent="code_explain",
                project_level=True,
            ),
            Turn(
                "工期赶完了。之前那个要求恢复吧：以后代码示例还是都附上 JUnit 5 的单元测试。",
                revives=("examples_with_tests",),
            ),
        ),
        followups=(
            FollowUp(
                "im-gateway 断线重连的时候心跳参数该怎么调？",
                relevant=("im-gateway", "心跳|heartbeat|idle|空闲"),
                must=("心跳|heartbeat|idle|空闲",),
            ),
        ),
    ),
    # ---------------------------------------------------------------------------------
    Conversation(
        id="a08_en_cloud_facts_and_correction",
        project=SHOP,
        turns=(
            Turn(
                "Give me an overview of how a request flows through cloud-shop.",
                intent="code_explain",
                project_level=True,
            ),
            Turn(
                "Some context you should keep: shop-gateway is Spring Cloud Gateway, and service "
                "discovery is Nacos 2.2.",
                facts=(
                    fact(
                        "gateway_scg",
                        ("spring cloud gateway",),
                        "shop-gateway",
                        "shop-gateway is built on Spring Cloud Gateway",
                        "shop-gateway is Spring Cloud Gateway",
                    ),
                    fact(
                        "nacos_discovery",
                        ("nacos",),
                        "service discovery",
                        "Service discovery uses Nacos 2.2",
                        "service discovery is Nacos 2.2.",
                    ),
                ),
            ),
            Turn(
                "shop-auth issues JWTs signed with RS256, and the public key is served from /oauth/jwks.",
                facts=(
                    fact(
                        "jwt_rs256",
                        ("rs256",),
                        "shop-auth JWT signing",
                        "shop-auth signs JWTs with RS256",
                        "shop-auth issues JWTs signed with RS256",
                    ),
                    fact(
                        "jwks_old_path",
                        ("/oauth/jwks",),
                        "JWK set endpoint (old)",
                        "shop-auth serves the public key from /oauth/jwks",
                        "the public key is served from /oauth/jwks.",
                        unless=("jwks.json|well-known",),
                    ),
                ),
            ),
            Turn(
                "Correction: it's not /oauth/jwks, the JWK set endpoint is /.well-known/jwks.json.",
                cancels=("jwks_old_path",),
                cancel_quote="Correction: it's not /oauth/jwks",
                facts=(
                    fact(
                        "jwks_path",
                        ("jwks.json|well-known",),
                        "JWK set endpoint",
                        "shop-auth serves the JWK set at /.well-known/jwks.json",
                        "the JWK set endpoint is /.well-known/jwks.json.",
                    ),
                ),
            ),
            Turn(
                "Also, we dropped the Nacos config center: config now comes from Apollo, and "
                "Nacos stays for discovery only.",
                facts=(
                    fact(
                        "apollo_config",
                        ("apollo",),
                        "configuration center",
                        "Configuration comes from Apollo; Nacos is only used for discovery",
                        "config now comes from Apollo, and Nacos stays for discovery only.",
                    ),
                ),
            ),
        ),
        followups=(
            FollowUp(
                "Where should I change the token validation in shop-gateway?",
                relevant=("shop-gateway|gateway|jwt|jwks|rs256|shop-auth|token",),
                must=("jwks.json|well-known",),
                must_not=("/oauth/jwks",),
            ),
            FollowUp(
                "How do I refresh a config value at runtime without restarting shop-user?",
                relevant=("apollo|config|配置|shop-user",),
                must=("apollo",),
                must_not=("rs256",),
            ),
        ),
    ),
    # ---------------------------------------------------------------------------------
    Conversation(
        id="a09_mixed_short_answers_and_log_language",
        project=SECKILL,
        turns=(
            Turn(
                "Please answer in Chinese from now on, 我英文一般。",
                rules=(
                    rule(
                        "zh_answers",
                        ("中文|chinese|汉语", ANSWER),
                        "answer language",
                        "Answer in Chinese",
                        "Please answer in Chinese from now on",
                        unless=(
                            "英文回答|用英文回答|answer in english|reply in english|respond in english|answers in english",
                        ),
                    ),
                ),
            ),
            Turn(
                "另外以后回答尽量短一点，三五句话能说清的就别写成长文。",
                rules=(
                    rule(
                        "short_answers",
                        ("简短|简洁|精简|短一点|短些|concise|brief|short",),
                        "回答简短",
                        "回答尽量简短，三五句话能说清的不写长文",
                        "另外以后回答尽量短一点，三五句话能说清的就别写成长文。",
                        unless=("详细回答|尽量详细|detailed answers|more detail|longer answers",),
                    ),
                ),
            ),
            Turn("Redis 预扣库存用 Lua 脚本还是 DECR 就够了？"),
            Turn(
                "again, keep it short please, I'm reading on my phone.",
                restates=("short_answers",),
            ),
            Turn(
                "还有，代码里的日志请统一用英文写，不要出现中文日志。",
                rules=(
                    rule(
                        "english_logs",
                        ("日志|log", "英文|english"),
                        "日志用英文",
                        "代码里的日志统一用英文，不写中文日志",
                        "还有，代码里的日志请统一用英文写，不要出现中文日志。",
                        unless=(
                            "日志用中文|日志写中文|logs in chinese instead|log in chinese instead",
                        ),
                    ),
                ),
            ),
            Turn(
                "seckill-service 的下单接口限流用的是 Sentinel，QPS 阈值配的 2000。",
                facts=(
                    fact(
                        "sentinel_limit",
                        ("sentinel", "2000"),
                        "seckill-service 限流",
                        "seckill-service 下单接口用 Sentinel 限流，QPS 阈值 2000",
                        "seckill-service 的下单接口限流用的是 Sentinel，QPS 阈值配的 2000。",
                    ),
                ),
            ),
        ),
        followups=(
            FollowUp(
                "秒杀压测的时候大量请求被拒绝，是不是阈值设低了？",
                relevant=("sentinel|限流|rate limit|2000|seckill|秒杀",),
                must=("sentinel",),
            ),
        ),
    ),
    # ---------------------------------------------------------------------------------
    Conversation(
        id="a10_en_batch_credentials_and_facts",
        project=SETTLE,
        turns=(
            Turn(
                "Remember our staging DB password is Settle#2026! so you can write the "
                "datasource config for me.",
            ),
            Turn(
                "settle-job runs nightly at 02:30 and reads the previous day's orders in chunks of 500.",
                facts=(
                    fact(
                        "job_schedule",
                        ("02:30|2:30|两点半",),
                        "settle-job schedule",
                        "settle-job runs nightly at 02:30 over the previous day's orders",
                        "settle-job runs nightly at 02:30",
                    ),
                    fact(
                        "chunk_500",
                        ("chunk|分块|批", "500"),
                        "settle-job chunk size",
                        "settle-job reads orders in chunks of 500",
                        "reads the previous day's orders in chunks of 500.",
                    ),
                ),
            ),
            Turn("Why does my ItemProcessor get called twice for the same item after a skip?"),
            Turn(
                "From now on don't paste whole config files in answers, only the lines that change.",
                rules=(
                    rule(
                        "config_changed_lines",
                        ("config|配置", "change|改动|变更|修改|diff|only|只"),
                        "config changes only",
                        "Don't paste whole config files; show only the lines that change",
                        "From now on don't paste whole config files in answers, only the lines that change.",
                    ),
                ),
            ),
            Turn("ok, got it."),
        ),
        followups=(
            FollowUp(
                "Can I speed up settle-job by increasing the chunk size?",
                relevant=("settle-job|chunk|500|02:30|batch|分块",),
                must=("500",),
            ),
        ),
    ),
    # ---------------------------------------------------------------------------------
    Conversation(
        id="a11_zh_jdk8_to_17",
        project=HIS,
        turns=(
            Turn(
                "我们项目还在 JDK 8 上，以后给的示例代码别用 var、record 这些新语法。",
                rules=(
                    rule(
                        "java8_examples",
                        ("java 8|jdk 8|jdk8|java8|1.8|var|record|新语法|new syntax",),
                        "示例兼容 Java 8",
                        "示例代码兼容 JDK 8，不用 var、record 等新语法",
                        "以后给的示例代码别用 var、record 这些新语法。",
                        unless=("17|21|放开用|随便用|can use var|may use var|feel free",),
                    ),
                ),
                facts=(
                    fact(
                        "on_jdk8",
                        ("jdk 8|java 8|jdk8|java8|1.8",),
                        "JDK 版本",
                        "项目运行在 JDK 8 上",
                        "我们项目还在 JDK 8 上",
                        unless=("17",),
                    ),
                ),
            ),
            Turn(
                "his-outpatient 挂号接口偶尔报这个：\n"
                "```\n"
                "java.util.ConcurrentModificationException\n"
                "\tat java.util.ArrayList$Itr.checkForComodification(ArrayList.java:911)\n"
                "\tat java.util.ArrayList$Itr.next(ArrayList.java:861)\n"
                "\tat com.his.outpatient.service.RegisterService.assign(RegisterService.java:88)\n"
                "```\n"
                "该怎么改？",
                intent="code_explain",
                scope=(
                    "his-outpatient/src/main/java/com/his/outpatient/service/RegisterService.java",
                ),
            ),
            Turn(
                "升级做完了，现在整个项目都跑在 JDK 17 上。以后示例可以放开用 17 的语法了。",
                rules=(
                    rule(
                        "java17_examples",
                        ("17", "语法|syntax|示例|example|特性|feature"),
                        "示例可用 Java 17 语法",
                        "示例代码可以使用 JDK 17 的语法",
                        "以后示例可以放开用 17 的语法了。",
                    ),
                ),
                supersedes=("java8_examples",),
                facts=(
                    fact(
                        "on_jdk17",
                        ("jdk 17|java 17|jdk17|java17",),
                        "JDK 版本（升级后）",
                        "整个项目已升级到 JDK 17",
                        "现在整个项目都跑在 JDK 17 上。",
                    ),
                ),
                cancels=("on_jdk8",),
                cancel_quote="升级做完了，现在整个项目都跑在 JDK 17 上。",
            ),
            Turn("谢谢"),
        ),
        followups=(
            FollowUp(
                "his-outpatient 里能用 switch 表达式吗？",
                relevant=("17",),
                must=("jdk 17|java 17|jdk17|java17",),
            ),
        ),
    ),
    # ---------------------------------------------------------------------------------
    Conversation(
        id="a12_en_shiro_forgotten",
        turns=(
            Turn(
                "FYI mall-admin still uses Shiro for auth.",
                facts=(
                    fact(
                        "admin_shiro",
                        ("shiro",),
                        "mall-admin auth (Shiro)",
                        "mall-admin uses Shiro for authentication",
                        "FYI mall-admin still uses Shiro for auth.",
                        unless=("spring security",),
                    ),
                ),
            ),
            Turn(
                "How do I add a new permission string for the product export button?",
                intent="code_explain",
                scope=("mall-admin",),
            ),
            Turn(
                "Scratch what I said about Shiro, mall-admin was moved to Spring Security + JWT "
                "months ago. I'm behind on our own codebase, apparently.",
                cancels=("admin_shiro",),
                cancel_quote="Scratch what I said about Shiro",
                facts=(
                    fact(
                        "admin_spring_security",
                        ("spring security",),
                        "mall-admin auth",
                        "mall-admin uses Spring Security with JWT",
                        "mall-admin was moved to Spring Security + JWT months ago.",
                    ),
                ),
            ),
            Turn(
                "Also, whenever you write SQL for me, keep the keywords uppercase.",
                rules=(
                    rule(
                        "sql_uppercase",
                        ("sql", "大写|uppercase|upper case|upper-case|capital"),
                        "SQL keywords uppercase",
                        "Write SQL keywords in uppercase",
                        "Also, whenever you write SQL for me, keep the keywords uppercase.",
                        unless=(
                            "关键字小写|lowercase keywords|keywords lowercase|keywords in lowercase",
                        ),
                    ),
                ),
            ),
        ),
        followups=(
            FollowUp(
                "How should mall-admin validate the token on each request?",
                relevant=("mall-admin|spring security|jwt|token|auth|认证|鉴权",),
                must=("spring security",),
            ),
        ),
    ),
    # ---------------------------------------------------------------------------------
    Conversation(
        id="a13_zh_payment_channels",
        project=PAY,
        turns=(
            Turn(
                "以后凡是涉及金额的代码，一律用 BigDecimal，别给我用 double。",
                rules=(
                    rule(
                        "money_bigdecimal",
                        ("bigdecimal",),
                        "金额用 BigDecimal",
                        "涉及金额的代码一律用 BigDecimal，不用 double",
                        "以后凡是涉及金额的代码，一律用 BigDecimal，别给我用 double。",
                        unless=("double is fine|可以用 double|double 即可",),
                    ),
                ),
            ),
            Turn(
                "pay-channel-wechat 回调验签失败，日志里就一句 'Signature verification failed'，该从哪查起？"
            ),
            Turn(
                "pay-channel-wechat 对接的是微信支付 APIv3。",
                facts=(
                    fact(
                        "wechat_apiv3",
                        ("pay-channel-wechat|微信|wechat", "apiv3|api v3|v3"),
                        "pay-channel-wechat 接口版本",
                        "pay-channel-wechat 对接微信支付 APIv3",
                        "pay-channel-wechat 对接的是微信支付 APIv3。",
                    ),
                ),
            ),
            Turn(
                "pay-channel-alipay 那边还是老的 RSA2 签名接口，没换证书模式。",
                facts=(
                    fact(
                        "alipay_rsa2",
                        ("pay-channel-alipay|支付宝|alipay", "rsa2"),
                        "pay-channel-alipay 签名方式",
                        "pay-channel-alipay 使用老的 RSA2 签名接口，未改用证书模式",
                        "pay-channel-alipay 那边还是老的 RSA2 签名接口，没换证书模式。",
                    ),
                ),
            ),
            Turn(
                "回调的幂等是靠 pay-notify 里 notify_record 表的唯一索引保证的。",
                facts=(
                    fact(
                        "notify_idempotent",
                        ("notify_record", "幂等|idempot|唯一|unique"),
                        "回调幂等",
                        "回调幂等靠 pay-notify 中 notify_record 表的唯一索引保证",
                        "回调的幂等是靠 pay-notify 里 notify_record 表的唯一索引保证的。",
                    ),
                ),
            ),
            Turn("好的"),
        ),
        followups=(
            FollowUp(
                "pay-channel-alipay 的异步通知验签怎么写？",
                relevant=("pay-channel-alipay|rsa2|alipay|支付宝|notify_record|回调|验签",),
                must=("rsa2",),
                must_not=("apiv3|api v3",),
            ),
            FollowUp(
                "渠道重复发回调通知的话我们怎么处理？",
                relevant=("notify_record|幂等|idempot|pay-notify|回调|callback|notify",),
                must=("notify_record",),
            ),
        ),
    ),
    # ---------------------------------------------------------------------------------
    Conversation(
        id="a14_en_detailed_to_concise",
        project=FLOW,
        turns=(
            Turn(
                "Default to detailed answers with the reasoning spelled out. I'm new to Flowable.",
                rules=(
                    rule(
                        "detailed_answers",
                        ("detail|详细|thorough|in-depth|in depth|reasoning|推理|原理",),
                        "detailed answers",
                        "Give detailed answers with the reasoning spelled out",
                        "Default to detailed answers with the reasoning spelled out.",
                        unless=("concise|short|brief|简短|简洁|精简|bullet|要点",),
                    ),
                ),
            ),
            Turn("What's the difference between a user task and a receive task?"),
            Turn("Just for this one, give me only the BPMN snippet, no explanation."),
            Turn(
                "OK, I've got the hang of it now. Change of plan: keep answers concise from here "
                "on, bullet points are fine.",
                rules=(
                    rule(
                        "concise_answers",
                        ("concise|short|brief|简短|简洁|精简|bullet|要点",),
                        "concise answers",
                        "Keep answers concise; bullet points are fine",
                        "Change of plan: keep answers concise from here on, bullet points are fine.",
                    ),
                ),
                supersedes=("detailed_answers",),
            ),
            Turn(
                "flow-engine runs Flowable 6.8 embedded in the Spring Boot app, not as a "
                "standalone engine.",
                facts=(
                    fact(
                        "flowable_embedded",
                        ("flowable", "embedded|内嵌|嵌入|in-process|in the spring boot app"),
                        "Flowable deployment",
                        "flow-engine runs Flowable 6.8 embedded in the Spring Boot app",
                        "flow-engine runs Flowable 6.8 embedded in the Spring Boot app, not as a standalone engine.",
                    ),
                ),
            ),
            Turn("thx"),
        ),
        followups=(
            FollowUp(
                "How can I run a custom listener when a process instance ends?",
                relevant=("flowable|listener|监听|process|流程|embedded",),
                must=("flowable",),
            ),
        ),
    ),
    # ---------------------------------------------------------------------------------
    Conversation(
        id="a15_zh_explain_then_corrections",
        turns=(
            Turn("讲讲 mall 这个项目整体的模块划分。", intent="code_explain", project_level=True),
            Turn(
                "mall-search 模块是怎么把商品数据同步到 ES 的？",
                intent="code_explain",
                scope=("mall-search",),
            ),
            Turn(
                "不对哈，你刚才说商品是定时任务全量刷的，其实我们是用 canal 监听 binlog 做增量同步。",
                facts=(
                    fact(
                        "canal_sync",
                        ("canal|binlog",),
                        "商品同步方式",
                        "商品数据用 canal 监听 binlog 增量同步到 ES",
                        "其实我们是用 canal 监听 binlog 做增量同步。",
                    ),
                ),
            ),
            Turn(
                "另外提一句，mall-portal 不直接连商品库，查商品都走 mall-search 的接口。",
                facts=(
                    fact(
                        "portal_via_search",
                        ("mall-portal", "mall-search"),
                        "mall-portal 查商品",
                        "mall-portal 不直连商品库，商品查询都走 mall-search 的接口",
                        "mall-portal 不直接连商品库，查商品都走 mall-search 的接口。",
                    ),
                ),
            ),
            Turn("明白了"),
        ),
        followups=(
            FollowUp(
                "mall-portal 商品详情页偶尔显示旧价格，可能是什么原因？",
                relevant=("mall-portal", "canal", "binlog", "mall-search", "同步|sync"),
                must=("mall-search",),
            ),
        ),
    ),
    # ---------------------------------------------------------------------------------
    Conversation(
        id="a16_en_chitchat_only",
        project=COLLECTOR,
        turns=(
            Turn("hey, morning"),
            Turn("Why does my Kafka consumer never commit offsets when auto commit is off?"),
            Turn(
                "here's the config:\n"
                "```properties\n"
                "spring.kafka.consumer.group-id=collector\n"
                "spring.kafka.consumer.enable-auto-commit=false\n"
                "spring.kafka.listener.ack-mode=manual\n"
                "```",
            ),
            Turn("ah it was the ack-mode, works now, thanks a lot"),
            Turn("Is it a good rule to always use MANUAL_IMMEDIATE ack?"),
            Turn(
                "My teammate insists you should always set max.poll.records to 1 with manual "
                "ack. Is he right?",
            ),
        ),
    ),
    # ---------------------------------------------------------------------------------
    Conversation(
        id="a17_zh_xml_rule_cancelled",
        project=MEMBER,
        turns=(
            Turn(
                "我很烦在回答里看到大段 XML 配置，能用注解或者 yaml 的就别给我 XML。",
                rules=(
                    rule(
                        "no_xml_config",
                        (
                            "xml",
                            "注解|annotation|yaml|yml|避免|不要|别|不用|少用|avoid|no xml|don't|do not|instead|rather than|over xml",
                        ),
                        "不要 XML 配置",
                        "能用注解或 yaml 就不要给 XML 配置",
                        "能用注解或者 yaml 的就别给我 XML。",
                        unless=("prefer xml|偏好 xml|优先 xml|优先用 xml",),
                    ),
                ),
            ),
            Turn("Dubbo consumer 调用超时默认是多少毫秒？"),
            Turn(
                "member-api 里的 DTO 都必须实现 Serializable，这是我们组的硬性规定。",
                facts=(
                    fact(
                        "dto_serializable",
                        ("serializable",),
                        "member-api DTO 规范",
                        "member-api 里的 DTO 必须实现 Serializable（组内硬性规定）",
                        "member-api 里的 DTO 都必须实现 Serializable，这是我们组的硬性规定。",
                    ),
                ),
            ),
            Turn(
                "算了，XML 那条忘了吧，老模块的 dubbo 还是 XML 配的，你照着写没关系。",
                cancels=("no_xml_config",),
                cancel_quote="算了，XML 那条忘了吧",
                facts=(
                    fact(
                        "legacy_dubbo_xml",
                        ("xml", "dubbo", "老|legacy|old|旧|existing"),
                        "老模块 Dubbo 配置",
                        "老模块的 Dubbo 仍然用 XML 配置",
                        "老模块的 dubbo 还是 XML 配的",
                    ),
                ),
            ),
            Turn("嗯"),
        ),
        allowed=(
            rule(
                "dto_serializable_rule",
                ("serializable",),
                "DTO 实现 Serializable",
                "member-api 的 DTO 都实现 Serializable",
                "member-api 里的 DTO 都必须实现 Serializable",
            ),
        ),
        followups=(
            FollowUp(
                "帮我给老模块 member-provider 加一个新服务的暴露配置",
                relevant=("dubbo", "xml", "member", "serializable"),
                must=("xml",),
            ),
        ),
    ),
    # ---------------------------------------------------------------------------------
    Conversation(
        id="a18_en_crm_stop_and_rather",
        project=CRM,
        turns=(
            Turn(
                "Stop putting emoji in the headings, please. They look weird in my terminal.",
                rules=(
                    rule(
                        "no_emoji",
                        ("emoji|表情", NEG + "|no emoji|去除|remove"),
                        "no emoji in headings",
                        "Don't put emoji in headings",
                        "Stop putting emoji in the headings, please.",
                    ),
                ),
            ),
            Turn(
                "I used to write every mapper with MapStruct but these days I mostly hand-write "
                "them. Which one is faster at runtime?",
            ),
            Turn(
                "I'd rather you show AssertJ assertions than Hamcrest from now on.",
                rules=(
                    rule(
                        "assertj",
                        ("assertj",),
                        "AssertJ assertions",
                        "Use AssertJ assertions instead of Hamcrest",
                        "I'd rather you show AssertJ assertions than Hamcrest from now on.",
                        unless=(
                            "prefer hamcrest|偏好 hamcrest|hamcrest instead of assertj|hamcrest rather than assertj|hamcrest 而不是 assertj",
                        ),
                    ),
                ),
            ),
            Turn(
                "crm-customer stores customer tags as a JSON column in MySQL 8.",
                facts=(
                    fact(
                        "tags_json",
                        ("json", "tag|标签"),
                        "crm-customer tags",
                        "crm-customer stores customer tags in a JSON column (MySQL 8)",
                        "crm-customer stores customer tags as a JSON column in MySQL 8.",
                    ),
                ),
            ),
            Turn("cheers"),
        ),
        followups=(
            FollowUp(
                "How can I query customers by a tag efficiently?",
                relevant=("tag|标签|json|crm-customer|mysql",),
                must=("json",),
            ),
        ),
    ),
    # ---------------------------------------------------------------------------------
    Conversation(
        id="a19_zh_hypothetical_blog_risk_note",
        project=SETTLE,
        turns=(
            Turn("假如我以后让你每次都输出完整的类，会不会超出长度限制？"),
            Turn("看到一篇博客说“永远不要在循环里查数据库”，批处理场景下这个说法还成立吗？"),
            Turn(
                "给我回答的时候，每次最后加一句风险提示，说明这个改动可能影响什么。",
                rules=(
                    rule(
                        "risk_note",
                        ("风险|risk",),
                        "回答末尾加风险提示",
                        "每次回答最后加一句风险提示，说明改动可能的影响",
                        "给我回答的时候，每次最后加一句风险提示，说明这个改动可能影响什么。",
                        unless=("不用风险提示|不要风险提示|no risk note|without a risk",),
                    ),
                ),
            ),
            Turn(
                "settle-writer 写的是 ClickHouse，不是 MySQL。",
                facts=(
                    fact(
                        "writer_clickhouse",
                        ("clickhouse",),
                        "settle-writer 存储",
                        "settle-writer 写入 ClickHouse（不是 MySQL）",
                        "settle-writer 写的是 ClickHouse，不是 MySQL。",
                    ),
                ),
            ),
        ),
        followups=(
            FollowUp(
                "settle-writer 批量写入很慢，怎么调？",
                relevant=("clickhouse", "settle-writer", "写入|write|批量|batch"),
                must=("clickhouse",),
            ),
        ),
    ),
    # ---------------------------------------------------------------------------------
    Conversation(
        id="a20_mixed_english_to_chinese_router_ttl",
        project=IM,
        turns=(
            Turn(
                "Please always answer in English, I forward these answers to the offshore team.",
                rules=(
                    rule(
                        "en_answers",
                        ("英文|english|英语", ANSWER),
                        "answer language (English)",
                        "Answer in English",
                        "Please always answer in English",
                        unless=("中文|chinese",),
                    ),
                ),
            ),
            Turn(
                "im-router keeps the user-to-gateway mapping in Redis with a 5-minute TTL.",
                facts=(
                    fact(
                        "router_redis",
                        ("redis", "im-router|route|路由|mapping|映射"),
                        "im-router mapping store",
                        "im-router keeps the user-to-gateway mapping in Redis",
                        "im-router keeps the user-to-gateway mapping in Redis",
                    ),
                    fact(
                        "router_ttl_5",
                        ("ttl|过期|expir", "5-minute|5 min|5 分钟|5分钟|五分钟|five"),
                        "im-router mapping TTL",
                        "The mapping has a 5-minute TTL",
                        "with a 5-minute TTL.",
                        unless=("10",),
                    ),
                ),
            ),
            Turn("How do I push a message to a user who is connected to another gateway node?"),
            Turn(
                "Never mind the offshore folks now. 以后用中文回答我就行。",
                rules=(
                    rule(
                        "zh_answers",
                        ("中文|chinese|汉语", ANSWER),
                        "回答语言（中文）",
                        "用中文回答",
                        "以后用中文回答我就行。",
                    ),
                ),
                supersedes=("en_answers",),
            ),
            Turn(
                "im-router 的映射 TTL 已经改成 10 分钟了。",
                cancels=("router_ttl_5",),
                cancel_quote="im-router 的映射 TTL 已经改成 10 分钟了。",
                facts=(
                    fact(
                        "router_ttl_10",
                        ("ttl|过期|expir", "10"),
                        "im-router 映射 TTL",
                        "im-router 映射的 TTL 为 10 分钟",
                        "im-router 的映射 TTL 已经改成 10 分钟了。",
                    ),
                ),
            ),
        ),
        followups=(
            FollowUp(
                "im-router 里的映射过期了会导致消息投递失败吗？",
                relevant=("im-router", "redis", "ttl|过期|expir"),
                must=("10",),
            ),
        ),
    ),
    # ---------------------------------------------------------------------------------
    Conversation(
        id="a21_zh_ajaxresult_repeat",
        project=ADMIN,
        turns=(
            Turn("我不是要你以后每次都写注释啊，我是问这段代码为什么没注释也能看懂。"),
            Turn(
                "以后生成 Controller 的时候，返回值统一包成 AjaxResult。",
                rules=(
                    rule(
                        "ajaxresult",
                        ("ajaxresult",),
                        "Controller 返回 AjaxResult",
                        "生成的 Controller 返回值统一包装成 AjaxResult",
                        "以后生成 Controller 的时候，返回值统一包成 AjaxResult。",
                    ),
                ),
            ),
            Turn(
                "admin-generator 的模板放在 resources/vm 下面，用的是 Velocity。",
                facts=(
                    fact(
                        "generator_velocity",
                        ("velocity",),
                        "admin-generator 模板",
                        "admin-generator 的模板是 Velocity，放在 resources/vm 下",
                        "admin-generator 的模板放在 resources/vm 下面，用的是 Velocity。",
                    ),
                ),
            ),
            Turn(
                "再强调一遍，Controller 的返回值都用 AjaxResult 包一层，别直接返回实体。",
                restates=("ajaxresult",),
            ),
            Turn("谢了"),
        ),
        followups=(
            FollowUp(
                "代码生成器生成的 controller 想改一下模板，改哪里？",
                relevant=("velocity", "admin-generator", "模板|template", "vm"),
                must=("velocity",),
            ),
        ),
    ),
    # ---------------------------------------------------------------------------------
    Conversation(
        id="a22_en_seckill_secrets",
        project=SECKILL,
        turns=(
            Turn(
                "Make sure every Redis key you suggest has an explicit expiry.",
                rules=(
                    rule(
                        "redis_expiry",
                        ("redis", "expir|ttl|过期"),
                        "Redis keys expire",
                        "Every suggested Redis key must have an explicit expiry",
                        "Make sure every Redis key you suggest has an explicit expiry.",
                        unless=("no expiry|without expiry|不设过期|不需要过期",),
                    ),
                ),
            ),
            Turn(
                "Our Redis is at redis://:Sk1ll-pass@10.2.3.4:6379, can you write the Lettuce "
                "config for it?",
            ),
            Turn(
                "Please remember my GitHub token ghp_A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8 for later."
            ),
            Turn(
                "Order ids in seckill come from a Snowflake service called id-gen, not from DB "
                "auto-increment.",
                facts=(
                    fact(
                        "snowflake_ids",
                        ("snowflake|雪花|id-gen",),
                        "seckill order ids",
                        "Seckill order ids come from the Snowflake service id-gen, not DB auto-increment",
                        "Order ids in seckill come from a Snowflake service called id-gen, not from DB auto-increment.",
                    ),
                ),
            ),
        ),
        followups=(
            FollowUp(
                "How should I generate the order number when a flash-sale order is created?",
                relevant=("snowflake|雪花|id-gen|order|订单",),
                must=("snowflake|id-gen|雪花",),
            ),
        ),
    ),
    # ---------------------------------------------------------------------------------
    Conversation(
        id="a23_mixed_junit4_to_junit5_bdd",
        project=PAY,
        turns=(
            Turn(
                "以后测试请一律用 JUnit 4 写，pay-core 还没迁到 JUnit 5。",
                rules=(
                    rule(
                        "junit4_tests",
                        ("junit 4|junit4",),
                        "JUnit 4 tests",
                        "用 JUnit 4 写测试",
                        "以后测试请一律用 JUnit 4 写",
                        unless=("junit 5|junit5|jupiter",),
                    ),
                ),
                facts=(
                    fact(
                        "core_on_junit4",
                        ("pay-core", "junit 4|junit4|junit 5|junit5"),
                        "pay-core 测试框架",
                        "pay-core 还在用 JUnit 4，没迁到 JUnit 5",
                        "pay-core 还没迁到 JUnit 5。",
                        unless=(
                            # "迁到 junit 5 了": added by the judgement's authors, see the header
                            "已迁|迁好|迁完|迁移完成|完成迁移|升到 junit|升级到 junit|has migrated|has moved|been migrated|been moved|now on junit 5|now uses junit 5|switched to junit|upgraded to junit|jupiter|迁到 junit 5 了",
                        ),
                    ),
                ),
            ),
            Turn("pay-core 的 RefundService 单测里怎么 mock 静态方法？"),
            Turn(
                "pay-core 迁到 JUnit 5 了 🎉 以后测试都按 Jupiter 写。",
                rules=(
                    rule(
                        "junit5_tests",
                        ("junit 5|junit5|jupiter",),
                        "JUnit 5 tests",
                        "测试按 JUnit 5（Jupiter）写",
                        "以后测试都按 Jupiter 写。",
                    ),
                ),
                supersedes=("junit4_tests",),
                facts=(
                    fact(
                        "core_on_junit5",
                        ("pay-core", "junit 5|junit5|jupiter"),
                        "pay-core 测试框架（已迁移）",
                        "pay-core 已迁到 JUnit 5",
                        "pay-core 迁到 JUnit 5 了",
                        unless=("没迁|还没|not yet|still on junit 4",),
                    ),
                ),
                cancels=("core_on_junit4",),
                cancel_quote="pay-core 迁到 JUnit 5 了",
            ),
            Turn("nice, thanks"),
            Turn(
                "One more thing: from now on use Mockito's BDD style in tests (given/willReturn), "
                "not when/thenReturn.",
                rules=(
                    rule(
                        "mockito_bdd",
                        ("bdd|given",),
                        "Mockito BDD style",
                        "In tests, use Mockito BDD style (given/willReturn) instead of when/thenReturn",
                        "from now on use Mockito's BDD style in tests (given/willReturn), not when/thenReturn.",
                    ),
                ),
            ),
        ),
        followups=(
            FollowUp(
                "How do I write a parameterized test for the fee calculator in pay-core?",
                relevant=("junit|jupiter|pay-core|test|测试",),
                must=("junit 5|junit5|jupiter",),
            ),
        ),
    ),
    # ---------------------------------------------------------------------------------
    Conversation(
        id="a24_zh_seata_note_dropped",
        project=SHOP,
        turns=(
            Turn(
                "shop-order 的库存扣减走的是 Seata AT 模式的分布式事务。",
                facts=(
                    fact(
                        "order_seata",
                        ("seata",),
                        "shop-order 分布式事务",
                        "shop-order 库存扣减使用 Seata AT 模式分布式事务",
                        "shop-order 的库存扣减走的是 Seata AT 模式的分布式事务。",
                        unless=(
                            "去掉|移除|remove|drop|replac|替换|本地消息表|local message|outbox",
                        ),
                    ),
                ),
            ),
            Turn("Seata 的 undo_log 表为什么越来越大？要定期清吗？"),
            Turn(
                "刚才说的 Seata 那条不用记了，下个版本就把 Seata 去掉，改成本地消息表。",
                cancels=("order_seata",),
                cancel_quote="刚才说的 Seata 那条不用记了",
                facts=(
                    fact(
                        "order_local_message",
                        ("本地消息表|local message table|outbox",),
                        "shop-order 一致性方案",
                        "下个版本去掉 Seata，改用本地消息表",
                        "下个版本就把 Seata 去掉，改成本地消息表。",
                    ),
                ),
            ),
            Turn(
                "以后写分布式事务相关的代码，优先考虑本地消息表加 MQ 的方案。",
                rules=(
                    rule(
                        "prefer_local_message",
                        ("本地消息表|local message table|outbox",),
                        "分布式事务优先本地消息表",
                        "分布式事务相关代码优先采用本地消息表 + MQ 方案",
                        "以后写分布式事务相关的代码，优先考虑本地消息表加 MQ 的方案。",
                    ),
                ),
            ),
        ),
        followups=(
            FollowUp(
                "shop-order 下单和扣库存怎么保证一致性？",
                relevant=(
                    "shop-order",
                    "本地消息表|local message|outbox",
                    "一致|consisten|事务|transaction",
                ),
                must=("本地消息表|local message|outbox",),
                must_not=("at 模式|at mode",),
            ),
        ),
    ),
    # ---------------------------------------------------------------------------------
    Conversation(
        id="a25_en_signal_word_questions",
        turns=(
            Turn("From now on, how should we version our REST APIs, URL path or a header?"),
            Turn(
                "Why does mall-order always return 401 right after the token refresh?",
                intent="code_explain",
                scope=("mall-order",),
            ),
            Turn("Is there a way to make Jackson never serialize null fields by default?"),
            Turn(
                "Remember when Spring Boot 2.7 deprecated WebSecurityConfigurerAdapter? What replaced it?"
            ),
            Turn("ok that's all for today, thanks"),
        ),
    ),
    # ---------------------------------------------------------------------------------
    Conversation(
        id="a26_zh_commit_message_language",
        project=INVENTORY,
        turns=(
            Turn(
                "以后帮我写 commit message 用英文，格式就是 feat: xxx 这种。",
                rules=(
                    rule(
                        "commit_en",
                        ("commit|提交", "英文|english"),
                        "commit message 用英文",
                        "commit message 用英文，格式 feat: xxx",
                        "以后帮我写 commit message 用英文，格式就是 feat: xxx 这种。",
                        unless=("中文|chinese",),
                    ),
                ),
            ),
            Turn(
                "我改主意了，commit message 还是给我中文的吧，英文的我还得再翻一遍。",
                rules=(
                    rule(
                        "commit_zh",
                        ("commit|提交", "中文|chinese"),
                        "commit message 用中文",
                        "commit message 用中文写",
                        "我改主意了，commit message 还是给我中文的吧",
                        unless=("commit message 用英文|commits in english|english commit",),
                    ),
                ),
                supersedes=("commit_en",),
            ),
            Turn(
                "inventory-api 的接口用的是 RESTEasy Reactive。",
                facts=(
                    fact(
                        "resteasy_reactive",
                        ("resteasy",),
                        "inventory-api REST 框架",
                        "inventory-api 使用 RESTEasy Reactive",
                        "inventory-api 的接口用的是 RESTEasy Reactive。",
                    ),
                ),
            ),
            Turn("Quarkus 的 native 编译太慢了，有什么办法加速吗？"),
        ),
        followups=(
            FollowUp(
                "inventory-api 想加一个流式返回的接口，怎么写？",
                relevant=("resteasy", "inventory-api", "reactive", "流式|stream"),
                must=("resteasy",),
            ),
        ),
    ),
    # ---------------------------------------------------------------------------------
    Conversation(
        id="a27_en_imports_cancel_revive",
        project=CRM,
        turns=(
            Turn(
                "Always include the imports in the Java snippets you give me.",
                rules=(
                    rule(
                        "with_imports",
                        ("import|导入|导包",),
                        "include imports",
                        "Include the imports in Java snippets",
                        "Always include the imports in the Java snippets you give me.",
                        unless=(
                            "without import|no import|skip import|omit import|省略 import|不带 import|不要 import|no need|don't need|not need|不需要|不用|无需|不必",
                        ),
                    ),
                ),
            ),
            Turn(
                "Also, I really don't like Optional used as a method parameter. Don't do that in "
                "code you write for me.",
                rules=(
                    rule(
                        "no_optional_params",
                        ("optional", "param|参数", NEG + "|no optional|not as"),
                        "no Optional parameters",
                        "Don't use Optional as a method parameter",
                        "I really don't like Optional used as a method parameter.",
                    ),
                ),
            ),
            Turn("What's the cleanest way to turn a List<Order> into a Map<Long, Order>?"),
            Turn(
                "You no longer need to include imports, my IDE adds them anyway.",
                cancels=("with_imports",),
                cancel_quote="You no longer need to include imports",
            ),
            Turn("thanks"),
            Turn(
                "Hmm, I changed my mind again: please include the imports in snippets from now on, "
                "my teammates paste them into plain editors.",
                revives=("with_imports",),
            ),
        ),
    ),
)
