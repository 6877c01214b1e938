"""Blind evaluation set C for memory judgement (rules, supersession, cancels, notes).

Written by a second helper from the product brief and SPEC alone, without reading the
judgement code, the project's own evaluation conversations or set A's repositories and
wordings. It was the *held-out* blind set: measured once after the fixes for set A
(docs/quality.md publishes that first measurement), after which one round of
class-level fixes followed, tested with wordings of their own. Its current numbers are
therefore no held-out numbers any more. The gold is unchanged.
"""

from __future__ import annotations

from gold import Conversation, FollowUp, Project, Turn, fact, rule

# Alternatives shared by many keys. Every key is lower case (keys are not normalized).
ANSWER = "回答|回复|答复|answer|reply|replies|respond|response"
NEG = (
    "不要|不用|不再|不使用|不能|不准|不许|别|禁止|避免|勿|去掉|"
    "don't|dont|do not|never|avoid|stop|no longer|without|not |must not|forbid|prohibit"
)

RUOYI = Project(
    name="ruoyi-vue",
    build_tool="maven",
    java_version="8",
    modules=(
        "ruoyi-admin",
        "ruoyi-framework",
        "ruoyi-system",
        "ruoyi-common",
        "ruoyi-quartz",
        "ruoyi-generator",
    ),
    frameworks=("spring boot", "spring security", "mybatis"),
)
COUPON = Project(
    name="coupon-center",
    build_tool="maven",
    java_version="17",
    modules=("coupon-template", "coupon-calculation", "coupon-customer", "coupon-gateway"),
    frameworks=("spring cloud", "spring boot", "jpa"),
)
LOAN = Project(
    name="loan-core",
    build_tool="maven",
    java_version="8",
    modules=("loan-apply", "loan-risk", "loan-repay", "loan-account", "loan-common"),
    frameworks=("spring cloud", "spring boot", "mybatis-plus", "kafka"),
)
PUSH = Project(
    name="push-server",
    build_tool="maven",
    java_version="11",
    modules=("push-connector", "push-dispatcher", "push-admin"),
    frameworks=("netty", "spring boot", "testng"),
)
TICKET = Project(
    name="ticket-svc",
    build_tool="gradle",
    java_version="21",
    modules=("ticket-api", "ticket-booking", "ticket-inventory"),
    frameworks=("micronaut", "hibernate"),
)
ORDER = Project(
    name="order-platform",
    build_tool="maven",
    java_version="17",
    modules=("order-api", "order-service", "order-job", "order-common"),
    frameworks=("spring boot", "dubbo", "mybatis", "junit5"),
)
PETCLINIC = Project(
    name="spring-petclinic",
    build_tool="maven",
    java_version="17",
    modules=(),
    frameworks=("spring boot", "jpa"),
)
WMS = Project(
    name="wms",
    build_tool="gradle",
    java_version="11",
    modules=("wms-inbound", "wms-outbound", "wms-stock", "wms-base"),
    frameworks=("spring boot", "mybatis-plus"),
)
REPORT = Project(
    name="report-batch",
    build_tool="gradle",
    java_version="17",
    modules=("report-job", "report-export"),
    frameworks=("spring boot", "spring", "jpa"),
)
EDGE = Project(
    name="edge-gateway",
    build_tool="maven",
    java_version="17",
    modules=("edge-core", "edge-filter", "edge-admin"),
    frameworks=("netty", "spring boot"),
)
CMS = Project(
    name="cms",
    build_tool="maven",
    java_version="11",
    modules=("cms-content", "cms-media", "cms-web"),
    frameworks=("spring boot", "mybatis-plus", "lombok"),
)
FLEET = Project(
    name="fleet-tracker",
    build_tool="gradle",
    java_version="21",
    modules=("tracker-ingest", "tracker-query"),
    frameworks=("quarkus", "kafka"),
)


BLIND_C: tuple[Conversation, ...] = (
    # ---------------------------------------------------------------------------------
    Conversation(
        id="c01_mixed_language_chain",
        project=RUOYI,
        turns=(
            Turn(
                "回复请一律用简体中文。",
                rules=(
                    rule(
                        "zh_replies",
                        ("中文|chinese|汉语", ANSWER),
                        "回复语言（中文）",
                        "回复一律用简体中文",
                        "回复请一律用简体中文。",
                        unless=("英文|english|双语|bilingual|中英|both",),
                    ),
                ),
            ),
            Turn(
                "ruoyi-framework 里的 DataScopeAspect 是怎么拼数据权限 SQL 的？",
                intent="code_explain",
                scope=(
                    "ruoyi-framework/src/main/java/com/ruoyi/framework/aspectj/DataScopeAspect.java",
                ),
            ),
            Turn(
                "新来的同事是巴西人，接下来的回复都改成英文吧，我会直接转给他。",
                rules=(
                    rule(
                        "en_replies",
                        ("英文|english|英语", ANSWER),
                        "回复语言（英文）",
                        "接下来的回复都用英文",
                        "接下来的回复都改成英文吧",
                        unless=("中文|chinese|双语|bilingual|中英|both",),
                    ),
                ),
                supersedes=("zh_replies",),
            ),
            Turn("thanks, that's clear."),
            Turn(
                "还是不行，他中文也在学。以后中英双语回答，先中文后英文。",
                rules=(
                    rule(
                        "bilingual_replies",
                        (
                            "双语|中英|bilingual|both chinese and english|both english and chinese|chinese and english|chinese then english|chinese, then english|chinese first|both languages|两种语言",
                        ),
                        "中英双语回答",
                        "以后中英双语回答，先中文后英文",
                        "以后中英双语回答，先中文后英文。",
                    ),
                ),
                supersedes=("en_replies",),
            ),
        ),
    ),
    # ---------------------------------------------------------------------------------
    Conversation(
        id="c02_en_coupon_prefix_modules",
        project=COUPON,
        turns=(
            Turn(
                "What does each module in coupon-center do?",
                intent="code_explain",
                project_level=True,
            ),
            Turn(
                "Worth knowing: coupon-calculation is stateless. It gets the cart and the user's "
                "coupons in the request and never touches the database.",
                facts=(
                    fact(
                        "calc_stateless",
                        ("coupon-calculation", "stateless|无状态|database|数据库|db"),
                        "coupon-calculation is stateless",
                        "coupon-calculation is stateless: cart and coupons come in the request, it never touches the database",
                        "coupon-calculation is stateless.",
                    ),
                ),
            ),
            Turn(
                "coupon-customer owns the user_coupon table, and it calls coupon-template over "
                "OpenFeign to check the template rules.",
                facts=(
                    fact(
                        "customer_owns_table",
                        ("coupon-customer", "user_coupon"),
                        "coupon-customer data",
                        "coupon-customer owns the user_coupon table",
                        "coupon-customer owns the user_coupon table",
                    ),
                    fact(
                        "customer_calls_template",
                        ("coupon-customer", "coupon-template", "feign"),
                        "coupon-customer to coupon-template",
                        "coupon-customer calls coupon-template over OpenFeign to check template rules",
                        "it calls coupon-template over OpenFeign to check the template rules.",
                    ),
                ),
            ),
            Turn(
                "Why would a coupon show as usable in coupon-customer but then get rejected by "
                "coupon-calculation?",
                intent="code_explain",
                project_level=True,
            ),
            Turn("ok, makes sense"),
        ),
        followups=(
            FollowUp(
                "Where should I add a cache for the template rules in coupon-template?",
                relevant=("coupon-template",),
                must=("coupon-template",),
                must_not=("stateless|无状态",),
            ),
            FollowUp(
                "coupon-calculation 算出来的优惠金额和预期差一分钱，怎么排查？",
                relevant=("coupon-calculation",),
                must=("coupon-calculation",),
                must_not=("user_coupon",),
            ),
        ),
    ),
    # ---------------------------------------------------------------------------------
    Conversation(
        id="c03_zh_loan_remember_constraint",
        project=LOAN,
        turns=(
            Turn(
                "如果以后要上 K8s，这个项目有哪些要提前注意的？",
                intent="code_explain",
                project_level=True,
            ),
            Turn(
                "记住：loan-repay 绝不能直接调 loan-account 改余额，必须发 Kafka 消息，由 loan-account 自己处理。",
                facts=(
                    fact(
                        "repay_via_kafka",
                        ("loan-repay", "loan-account", "kafka"),
                        "loan-repay 改余额方式",
                        "loan-repay 不直接调 loan-account 改余额，而是发 Kafka 消息由 loan-account 处理",
                        "loan-repay 绝不能直接调 loan-account 改余额，必须发 Kafka 消息，由 loan-account 自己处理。",
                    ),
                ),
            ),
            Turn("要是我们以后把 Kafka 换成 RocketMQ，loan-repay 这边改动大吗？"),
            Turn("风控组有人说“永远不要在事务里发 MQ”，这是为啥？"),
            Turn(
                "loan-risk 的规则引擎用的是 Drools 7。",
                facts=(
                    fact(
                        "risk_drools",
                        ("drools",),
                        "loan-risk 规则引擎",
                        "loan-risk 的规则引擎是 Drools 7",
                        "loan-risk 的规则引擎用的是 Drools 7。",
                    ),
                ),
            ),
            Turn("收到"),
        ),
        allowed=(
            rule(
                "repay_via_kafka_rule",
                ("loan-repay", "loan-account", "kafka"),
                "loan-repay 只发 Kafka 消息",
                "写代码时 loan-repay 不直接调 loan-account，改余额发 Kafka 消息",
                "loan-repay 绝不能直接调 loan-account 改余额",
            ),
        ),
        followups=(
            FollowUp(
                "loan-repay 还款成功以后，怎么更新账户余额比较稳？",
                relevant=("loan-repay", "loan-account", "kafka"),
                must=("kafka",),
                must_not=("drools",),
            ),
        ),
    ),
    # ---------------------------------------------------------------------------------
    Conversation(
        id="c04_en_lombok_then_no_lombok",
        project=ORDER,
        turns=(
            Turn(
                "By default, use Lombok in the model classes you write for me: @Getter/@Setter, "
                "and @Builder where it helps.",
                rules=(
                    rule(
                        "use_lombok",
                        ("lombok",),
                        "Lombok in models",
                        "Use Lombok (@Getter/@Setter, @Builder) in model classes",
                        "By default, use Lombok in the model classes you write for me",
                        unless=(
                            "no lombok|without lombok|not use lombok|don't use lombok|do not use lombok|don't suggest|not suggest|stop|不用 lombok|不要 lombok|别用 lombok|不要再推荐|别再推荐|不要推荐|不推荐|不再|去掉|移除|removed|avoid|plain java",
                        ),
                    ),
                ),
            ),
            Turn(
                "order-service exposes OrderQueryFacade over Dubbo, and order-api only holds the "
                "interfaces and DTOs.",
                facts=(
                    fact(
                        "facade_dubbo",
                        ("orderqueryfacade", "dubbo"),
                        "OrderQueryFacade",
                        "order-service exposes OrderQueryFacade over Dubbo",
                        "order-service exposes OrderQueryFacade over Dubbo",
                    ),
                    fact(
                        "api_holds_contracts",
                        ("order-api", "interface|接口|dto"),
                        "order-api contents",
                        "order-api only holds the service interfaces and DTOs",
                        "order-api only holds the interfaces and DTOs.",
                    ),
                ),
            ),
            Turn(
                "We ripped Lombok out of the build last sprint, it kept breaking on the new JDK. "
                "Don't suggest it anymore, plain Java or records.",
                rules=(
                    rule(
                        "no_lombok",
                        (
                            "lombok",
                            NEG + "|no lombok|instead of lombok|rather than lombok|plain java",
                        ),
                        "no Lombok",
                        "Don't suggest Lombok; use plain Java or records",
                        "Don't suggest it anymore, plain Java or records.",
                    ),
                ),
                supersedes=("use_lombok",),
                facts=(
                    fact(
                        "lombok_removed",
                        ("lombok", "removed|移除|去掉|ripped|dropped|no longer|不再|删"),
                        "Lombok removed",
                        "Lombok was removed from the build (it broke on the new JDK)",
                        "We ripped Lombok out of the build last sprint",
                    ),
                ),
            ),
            Turn("How do I make a record work with MyBatis result mapping?"),
            Turn("great, thanks"),
        ),
        followups=(
            FollowUp(
                "Where do I put a new DTO for the order detail query?",
                relevant=("order-api", "dto", "orderqueryfacade", "order-service"),
                must=("order-api",),
            ),
        ),
    ),
    # ---------------------------------------------------------------------------------
    Conversation(
        id="c05_zh_netty_one_offs",
        project=PUSH,
        turns=(
            Turn("这个问题麻烦回答详细一点：Netty 的 EventLoopGroup 线程数到底怎么定？"),
            Turn("我老是搞不清 ByteBuf 的 retain 和 release 到底什么时候调。"),
            Turn(
                "我希望以后涉及 Netty 的代码都标清楚哪一步引用计数 +1、哪一步要 release。",
                rules=(
                    rule(
                        "mark_refcounts",
                        ("release|引用计数|reference count|refcnt|retain",),
                        "标注引用计数",
                        "Netty 代码标清楚哪一步引用计数 +1、哪一步要 release",
                        "我希望以后涉及 Netty 的代码都标清楚哪一步引用计数 +1、哪一步要 release。",
                    ),
                ),
            ),
            Turn(
                "push-connector 每台机器大概维持 20 万长连接，跑的是 epoll。",
                facts=(
                    fact(
                        "connector_epoll",
                        (
                            "push-connector",
                            "epoll|20 万|20万|200k|200,000|200 000|200000|二十万",
                        ),
                        "push-connector 连接规模",
                        "push-connector 每台机器约 20 万长连接，使用 epoll",
                        "push-connector 每台机器大概维持 20 万长连接，跑的是 epoll。",
                    ),
                ),
            ),
            Turn("今天先别给我贴完整的 Handler 代码了，说思路就行。"),
            Turn("👍"),
        ),
        followups=(
            FollowUp(
                "push-connector 的 epoll 参数要怎么调优？",
                relevant=("push-connector", "epoll", "连接|connection"),
                must=("push-connector",),
            ),
        ),
    ),
    # ---------------------------------------------------------------------------------
    Conversation(
        id="c06_en_petclinic_diff_forgotten",
        project=PETCLINIC,
        turns=(
            Turn(
                "In future answers, format every code change as a unified diff rather than the whole file.",
                rules=(
                    rule(
                        "changes_as_diff",
                        ("diff|补丁|patch",),
                        "code changes as diffs",
                        "Format code changes as unified diffs instead of whole files",
                        "In future answers, format every code change as a unified diff rather than the whole file.",
                        unless=(
                            "show the whole file|give the whole file|full files instead of diff|完整文件而不是|不要 diff|no diff",
                        ),
                    ),
                ),
            ),
            Turn(
                "Our petclinic fork uses an in-memory H2 database by default, and the mysql "
                "profile for the real one.",
                facts=(
                    fact(
                        "h2_default",
                        ("h2",),
                        "database profiles",
                        "H2 in-memory database by default; the mysql profile uses MySQL",
                        "Our petclinic fork uses an in-memory H2 database by default, and the mysql profile for the real one.",
                    ),
                ),
            ),
            Turn(
                "Why does OwnerController return the view name as a String instead of a ModelAndView?",
                intent="code_explain",
                scope=(
                    "src/main/java/org/springframework/samples/petclinic/owner/OwnerController.java",
                ),
            ),
            Turn(
                "Forget the diff thing I asked for earlier, diffs are hard to read on my side.",
                cancels=("changes_as_diff",),
                cancel_quote="Forget the diff thing I asked for earlier",
            ),
            Turn(
                "Which fetch type does Owner.pets use?",
                intent="code_explain",
                scope=("src/main/java/org/springframework/samples/petclinic/owner/Owner.java",),
            ),
        ),
        followups=(
            FollowUp(
                "How do I run the tests against MySQL instead of the default database?",
                relevant=("h2", "mysql", "profile", "database|数据库"),
                must=("h2",),
            ),
        ),
    ),
    # ---------------------------------------------------------------------------------
    Conversation(
        id="c07_zh_answers_zh_comments_en",
        project=WMS,
        turns=(
            Turn(
                "往后的回答用中文，但代码注释一律写英文。",
                rules=(
                    rule(
                        "zh_answers",
                        ("中文|chinese|汉语", ANSWER),
                        "回答语言",
                        "回答用中文",
                        "往后的回答用中文",
                        unless=(
                            "英文回答|用英文回答|answer in english|reply in english|answers in english",
                        ),
                    ),
                    rule(
                        "comments_en",
                        ("注释|comment", "英文|english"),
                        "代码注释用英文",
                        "代码注释一律写英文",
                        "但代码注释一律写英文。",
                        unless=("注释用中文|注释写中文|comments in chinese instead",),
                    ),
                ),
            ),
            Turn(
                "wms-outbound 的波次拣货算法在哪个类里？",
                intent="code_explain",
                scope=("wms-outbound",),
            ),
            Turn(
                "再提醒一下，注释写英文哈，上次你给的注释还是中文的。",
                restates=("comments_en",),
            ),
            Turn(
                "wms-stock 的库存是按 仓库+库位+批次 三个维度记的，表叫 stock_detail。",
                facts=(
                    fact(
                        "stock_dimensions",
                        ("wms-stock|stock_detail", "批次|batch|lot"),
                        "wms-stock 库存维度",
                        "wms-stock 库存按仓库+库位+批次三个维度记录，表为 stock_detail",
                        "wms-stock 的库存是按 仓库+库位+批次 三个维度记的，表叫 stock_detail。",
                    ),
                ),
            ),
            Turn("ok 了解"),
        ),
        followups=(
            FollowUp(
                "wms-stock 做库存冻结的时候要锁哪些维度？",
                relevant=("wms-stock", "stock_detail", "批次|库位|batch|location|lot"),
                must=("stock_detail|批次|batch|lot",),
            ),
        ),
    ),
    # ---------------------------------------------------------------------------------
    Conversation(
        id="c08_en_micronaut_questions_only",
        project=TICKET,
        turns=(
            Turn(
                "Should I always put @Serdeable on DTOs in Micronaut 4, or only on the ones that "
                "cross HTTP?",
            ),
            Turn("Do you remember the annotation that makes a bean eager at startup?"),
            Turn(
                "Why does ticket-booking never release the seat lock when the payment times out?",
                intent="code_explain",
                scope=("ticket-booking",),
            ),
            Turn(
                "Here's the log:\n"
                "```\n"
                "10:14:03.221 WARN  i.m.s.DefaultTaskExceptionHandler - Error invoking scheduled task\n"
                "java.lang.IllegalStateException: No active transaction for context\n"
                "\tat io.micronaut.transaction.support.AbstractPropagatedStatusTransactionOperations.execute(...)\n"
                "```",
            ),
            Turn("found it, the @Transactional was on a private method. thx"),
        ),
    ),
    # ---------------------------------------------------------------------------------
    Conversation(
        id="c09_zh_timeout_corrected",
        project=LOAN,
        turns=(
            Turn(
                "loan-risk 调第三方征信用的是同步 HTTP，超时设的 3 秒。",
                facts=(
                    fact(
                        "credit_http",
                        ("征信|credit", "http"),
                        "loan-risk 征信调用",
                        "loan-risk 通过同步 HTTP 调第三方征信",
                        "loan-risk 调第三方征信用的是同步 HTTP",
                    ),
                    fact(
                        "credit_timeout_3s",
                        ("3 秒|3秒|3s|3 s|3 second|三秒|3000",),
                        "征信调用超时",
                        "征信调用超时 3 秒",
                        "超时设的 3 秒。",
                        unless=("5 秒|5秒|5s|5 s|5 second|五秒|5000",),
                    ),
                ),
            ),
            Turn("为什么压测的时候 loan-risk 的线程池总是被打满？"),
            Turn(
                "更正一下，超时不是 3 秒，是 5 秒，上个月改的。",
                cancels=("credit_timeout_3s",),
                cancel_quote="更正一下，超时不是 3 秒，是 5 秒",
                facts=(
                    fact(
                        "credit_timeout_5s",
                        ("5 秒|5秒|5s|5 s|5 second|五秒|5000",),
                        "征信调用超时（更正）",
                        "征信调用超时是 5 秒",
                        "超时不是 3 秒，是 5 秒，上个月改的。",
                    ),
                ),
            ),
            Turn("谢谢，那线程池应该怎么配？"),
        ),
        followups=(
            FollowUp(
                "loan-risk 调征信接口偶发超时，重试怎么设计？",
                relevant=("loan-risk", "征信|credit", "超时|timeout", "http"),
                must=("5 秒|5秒|5s|5 second|五秒|5000",),
            ),
        ),
    ),
    # ---------------------------------------------------------------------------------
    Conversation(
        id="c10_en_batch_negated_wish",
        project=REPORT,
        turns=(
            Turn(
                "I'm not asking for Kotlin examples from now on, I was only curious how the DSL would look."
            ),
            Turn(
                "Please remember to point out anything that only exists in Spring Batch 5, "
                "we're still on 4.3.",
                rules=(
                    rule(
                        "flag_batch5",
                        ("batch 5|batch5|5.x|5.0|v5",),
                        "flag Spring Batch 5 APIs",
                        "Point out APIs that only exist in Spring Batch 5",
                        "Please remember to point out anything that only exists in Spring Batch 5",
                    ),
                ),
                facts=(
                    fact(
                        "batch_43",
                        ("4.3",),
                        "Spring Batch version",
                        "The project is on Spring Batch 4.3",
                        "we're still on 4.3.",
                    ),
                ),
            ),
            Turn(
                "report-export writes the monthly Excel files with EasyExcel and uploads them to an S3 bucket.",
                facts=(
                    fact(
                        "export_easyexcel",
                        ("easyexcel", "s3"),
                        "report-export output",
                        "report-export writes monthly Excel files with EasyExcel and uploads them to S3",
                        "report-export writes the monthly Excel files with EasyExcel and uploads them to an S3 bucket.",
                    ),
                ),
            ),
            Turn("How do I restart a failed job from the failed step only?"),
            Turn(
                "By the way, I wasn't complaining about the tests you added earlier, they're fine."
            ),
            Turn("cheers"),
        ),
        followups=(
            FollowUp(
                "Can report-export stream the rows instead of building the whole workbook in memory?",
                relevant=("report-export", "easyexcel", "s3", "excel"),
                must=("easyexcel",),
                must_not=("4.3",),
            ),
        ),
    ),
    # ---------------------------------------------------------------------------------
    Conversation(
        id="c11_zh_pagehelper_and_secret",
        project=RUOYI,
        turns=(
            Turn("记一下测试环境 Redis 密码：Ry@redis2026，回头写配置会用到。"),
            Turn(
                "别再给我推荐 PageHelper 以外的分页插件了，我们项目统一用 PageHelper。",
                rules=(
                    rule(
                        "only_pagehelper",
                        ("pagehelper",),
                        "分页只用 PageHelper",
                        "不推荐 PageHelper 以外的分页插件",
                        "别再给我推荐 PageHelper 以外的分页插件了",
                    ),
                ),
                facts=(
                    fact(
                        "uses_pagehelper",
                        ("pagehelper",),
                        "项目分页插件",
                        "项目统一使用 PageHelper 分页",
                        "我们项目统一用 PageHelper。",
                    ),
                ),
            ),
            Turn(
                "ruoyi-system 的 sys_user 表用 del_flag 做逻辑删除，2 代表已删除。",
                facts=(
                    fact(
                        "user_del_flag",
                        ("del_flag",),
                        "sys_user 逻辑删除",
                        "sys_user 表用 del_flag 逻辑删除，2 表示已删除",
                        "ruoyi-system 的 sys_user 表用 del_flag 做逻辑删除，2 代表已删除。",
                    ),
                ),
            ),
            Turn("为啥 @DataScope 注解加在 Service 的私有方法上不生效？"),
            Turn("懂了 thx"),
        ),
        followups=(
            FollowUp(
                "查询用户列表的时候要排除已删除的用户，SQL 条件怎么写？",
                relevant=("del_flag", "sys_user", "ruoyi-system", "删除|delete", "pagehelper"),
                must=("del_flag",),
            ),
        ),
    ),
    # ---------------------------------------------------------------------------------
    Conversation(
        id="c12_mixed_next_steps_cancel_revive",
        project=COUPON,
        turns=(
            Turn(
                "I prefer answers that end with a short 'what to check next' list.",
                rules=(
                    rule(
                        "next_steps",
                        ("next|下一步|后续|接下来", "check|检查|排查|list|清单"),
                        "what to check next",
                        "End answers with a short 'what to check next' list",
                        "I prefer answers that end with a short 'what to check next' list.",
                        unless=("no next-steps|without a next|不要清单|不用清单|不附清单",),
                    ),
                ),
            ),
            Turn(
                "coupon-template 的模板规则存在一个 JSON 字段里，用 JPA 的 AttributeConverter 转换。",
                facts=(
                    fact(
                        "template_rule_json",
                        ("coupon-template", "json"),
                        "coupon-template 规则存储",
                        "coupon-template 的模板规则存在 JSON 字段里，用 JPA AttributeConverter 转换",
                        "coupon-template 的模板规则存在一个 JSON 字段里，用 JPA 的 AttributeConverter 转换。",
                    ),
                ),
            ),
            Turn(
                "那个“下一步检查清单”先取消吧，内容太长了。",
                cancels=("next_steps",),
                cancel_quote="那个“下一步检查清单”先取消吧",
            ),
            Turn("How do I validate the JSON rule before a template gets saved?"),
            Turn(
                "Actually bring the next-steps list back, but keep it to three bullets max from now on.",
                revives=("next_steps",),
            ),
        ),
        followups=(
            FollowUp(
                "coupon-template 的规则里要加一个叠加互斥的配置，改哪里？",
                relevant=("coupon-template", "json", "规则|rule"),
                must=("json",),
            ),
        ),
    ),
    # ---------------------------------------------------------------------------------
    Conversation(
        id="c13_en_testng_junit4_junit5",
        project=PUSH,
        turns=(
            Turn(
                "From now on write the tests with TestNG, please.",
                rules=(
                    rule(
                        "testng",
                        ("testng",),
                        "TestNG tests",
                        "Write tests with TestNG",
                        "From now on write the tests with TestNG, please.",
                        unless=("junit",),
                    ),
                ),
            ),
            Turn("How do I share a Netty EmbeddedChannel between test methods safely?"),
            Turn(
                "Hmm, I'd rather stay consistent with my older tests. Switch to JUnit 4 for any "
                "test you write.",
                rules=(
                    rule(
                        "junit4",
                        ("junit 4|junit4",),
                        "JUnit 4 tests",
                        "Write tests with JUnit 4",
                        "Switch to JUnit 4 for any test you write.",
                        unless=("junit 5|junit5|jupiter",),
                    ),
                ),
                supersedes=("testng",),
            ),
            Turn("ok"),
            Turn(
                "Last change on this, promise: we upgraded push-dispatcher to JUnit 5, so write "
                "Jupiter tests from now on.",
                rules=(
                    rule(
                        "junit5",
                        ("junit 5|junit5|jupiter",),
                        "JUnit 5 tests",
                        "Write tests with JUnit 5 (Jupiter)",
                        "so write Jupiter tests from now on.",
                    ),
                ),
                supersedes=("junit4",),
                facts=(
                    fact(
                        "dispatcher_junit5",
                        ("push-dispatcher", "junit 5|junit5|jupiter"),
                        "push-dispatcher test framework",
                        "push-dispatcher was upgraded to JUnit 5",
                        "we upgraded push-dispatcher to JUnit 5",
                    ),
                ),
            ),
        ),
        followups=(
            FollowUp(
                "How should I test the retry logic in push-dispatcher?",
                relevant=("push-dispatcher", "junit|jupiter|test"),
                must=("junit 5|junit5|jupiter",),
            ),
        ),
    ),
    # ---------------------------------------------------------------------------------
    Conversation(
        id="c14_zh_cms_no_preamble_storage",
        project=CMS,
        turns=(
            Turn(
                "我没说以后都不用 Lombok 啊，只是这个类别加 @Data，它有双向关联，toString 会栈溢出。"
            ),
            Turn(
                "我不喜欢回答里一上来就铺垫背景，直接说怎么做。",
                rules=(
                    rule(
                        "no_preamble",
                        (
                            "铺垫|背景|preamble|intro|background|直接|straight|directly|开门见山|point",
                            NEG + "|直接|directly|straight|开门见山|to the point|skip",
                        ),
                        "不要铺垫背景",
                        "回答不要一上来铺垫背景，直接说怎么做",
                        "我不喜欢回答里一上来就铺垫背景，直接说怎么做。",
                    ),
                ),
            ),
            Turn(
                "cms-media 上传的图片存在 MinIO 里，桶名是 cms-media-prod。",
                facts=(
                    fact(
                        "media_minio",
                        ("minio",),
                        "cms-media 存储",
                        "cms-media 上传的图片存在 MinIO，桶名 cms-media-prod",
                        "cms-media 上传的图片存在 MinIO 里，桶名是 cms-media-prod。",
                    ),
                ),
            ),
            Turn("图片缩略图是同步生成好，还是应该异步？"),
            Turn(
                "cms-content 的文章正文存在 MongoDB，元数据在 MySQL。",
                facts=(
                    fact(
                        "content_mongo",
                        ("mongodb|mongo",),
                        "cms-content 正文存储",
                        "cms-content 文章正文存 MongoDB，元数据存 MySQL",
                        "cms-content 的文章正文存在 MongoDB，元数据在 MySQL。",
                        unless=(
                            "迁回|迁到 mysql|已迁|不再|no longer|moved back|migrated back|moved to mysql|migrated to mysql|now in mysql",
                        ),
                    ),
                ),
            ),
            Turn(
                "MongoDB 那条你忘了吧，上个月正文已经迁回 MySQL 了。",
                cancels=("content_mongo",),
                cancel_quote="MongoDB 那条你忘了吧",
                facts=(
                    fact(
                        "content_mysql",
                        ("mysql", "正文|content|body|文章|article"),
                        "cms-content 正文存储（迁移后）",
                        "cms-content 文章正文已迁回 MySQL",
                        "上个月正文已经迁回 MySQL 了。",
                    ),
                ),
            ),
        ),
        followups=(
            FollowUp(
                "cms-media 要支持视频上传，存储这块要注意什么？",
                relevant=("cms-media", "minio", "存储|storage"),
                must=("minio",),
            ),
        ),
    ),
    # ---------------------------------------------------------------------------------
    Conversation(
        id="c15_en_short_methods_repeat",
        project=ORDER,
        turns=(
            Turn(
                "Always keep the methods you write under ~30 lines; split them up otherwise.",
                rules=(
                    rule(
                        "short_methods",
                        ("30", "method|方法|line|行"),
                        "methods under 30 lines",
                        "Keep methods under about 30 lines; split longer ones",
                        "Always keep the methods you write under ~30 lines; split them up otherwise.",
                    ),
                ),
            ),
            Turn(
                "order-job runs on XXL-JOB, and the timeout-cancel job is sharded by order id.",
                facts=(
                    fact(
                        "order_job_xxl",
                        ("xxl",),
                        "order-job scheduler",
                        "order-job runs on XXL-JOB; the timeout-cancel job is sharded by order id",
                        "order-job runs on XXL-JOB, and the timeout-cancel job is sharded by order id.",
                    ),
                ),
            ),
            Turn(
                "Could you maybe use Optional return types more? I see a lot of null checks in your code."
            ),
            Turn("Again, short methods please, under 30 lines.", restates=("short_methods",)),
            Turn("What's the right way to make the cancel job idempotent?"),
        ),
        allowed=(
            rule(
                "optional_returns",
                ("optional", "return|返回"),
                "Optional return types",
                "Use Optional return types instead of returning null",
                "Could you maybe use Optional return types more?",
            ),
        ),
        followups=(
            FollowUp(
                "The timeout-cancel job in order-job missed some orders last night, where do I look?",
                relevant=("order-job", "xxl", "shard|分片", "cancel|取消"),
                must=("xxl",),
            ),
        ),
    ),
    # ---------------------------------------------------------------------------------
    Conversation(
        id="c16_zh_wms_erp_sync_changed",
        project=WMS,
        turns=(
            Turn(
                "wms-base 里的仓库主数据每天凌晨从 ERP 同步一次。",
                facts=(
                    fact(
                        "erp_nightly_sync",
                        ("erp", "同步|sync"),
                        "仓库主数据同步（每日）",
                        "wms-base 仓库主数据每天凌晨从 ERP 同步一次",
                        "wms-base 里的仓库主数据每天凌晨从 ERP 同步一次。",
                        unless=("实时|real-time|realtime|推送|push|回调|callback",),
                    ),
                ),
            ),
            Turn(
                "你刚才说 wms-outbound 用的是 RabbitMQ？不是的，我们用的是 RocketMQ。",
                facts=(
                    fact(
                        "outbound_rocketmq",
                        ("rocketmq",),
                        "wms-outbound 消息队列",
                        "wms-outbound 使用 RocketMQ（不是 RabbitMQ）",
                        "不是的，我们用的是 RocketMQ。",
                    ),
                ),
            ),
            Turn(
                "ERP 同步那条删掉吧，上周改成实时推送了，是 ERP 那边回调我们的接口。",
                cancels=("erp_nightly_sync",),
                cancel_quote="ERP 同步那条删掉吧",
                facts=(
                    fact(
                        "erp_realtime_push",
                        ("erp", "实时|real-time|realtime|推送|push|回调|callback"),
                        "仓库主数据同步（实时）",
                        "ERP 改为实时推送，回调 wms 的接口",
                        "上周改成实时推送了，是 ERP 那边回调我们的接口。",
                    ),
                ),
            ),
            Turn("好"),
        ),
        followups=(
            FollowUp(
                "wms-base 的仓库数据和 ERP 对不上，先查哪里？",
                relevant=("erp", "wms-base"),
                must=("实时|real-time|realtime|推送|push|回调|callback",),
            ),
        ),
    ),
    # ---------------------------------------------------------------------------------
    Conversation(
        id="c17_en_fleet_partitions_changed",
        project=FLEET,
        turns=(
            Turn(
                "I dislike big try/catch blocks that swallow exceptions. In anything you write for "
                "me, log and rethrow instead.",
                rules=(
                    rule(
                        "no_swallowing",
                        ("catch|exception|异常", "rethrow|重新抛|抛出|swallow|吞"),
                        "don't swallow exceptions",
                        "Don't swallow exceptions in try/catch; log and rethrow",
                        "In anything you write for me, log and rethrow instead.",
                    ),
                ),
            ),
            Turn(
                "Suppose we moved tracker-ingest from Kafka to Pulsar, would the SmallRye "
                "connector config change much?",
            ),
            Turn(
                "tracker-ingest consumes the vehicle-positions topic, which has 12 partitions.",
                facts=(
                    fact(
                        "positions_topic",
                        ("vehicle-positions", "tracker-ingest"),
                        "tracker-ingest topic",
                        "tracker-ingest consumes the vehicle-positions topic",
                        "tracker-ingest consumes the vehicle-positions topic",
                    ),
                    fact(
                        "partitions_12",
                        ("partition|分区", "12"),
                        "vehicle-positions partitions",
                        "vehicle-positions has 12 partitions",
                        "which has 12 partitions.",
                        unless=("24",),
                    ),
                ),
            ),
            Turn("My AWS key is AKIAIOSFODNN7EXAMPLE, keep it around for the S3 examples."),
            Turn(
                "tracker-query serves the latest positions from a Redis geo index.",
                facts=(
                    fact(
                        "query_redis_geo",
                        ("tracker-query|geo", "redis"),
                        "tracker-query store",
                        "tracker-query serves latest positions from a Redis geo index",
                        "tracker-query serves the latest positions from a Redis geo index.",
                    ),
                ),
            ),
            Turn(
                "Ignore what I said about 12 partitions, we bumped the topic to 24 this morning.",
                cancels=("partitions_12",),
                cancel_quote="Ignore what I said about 12 partitions",
                facts=(
                    fact(
                        "partitions_24",
                        ("partition|分区", "24"),
                        "vehicle-positions partitions (now)",
                        "vehicle-positions now has 24 partitions",
                        "we bumped the topic to 24 this morning.",
                    ),
                ),
            ),
        ),
        followups=(
            FollowUp(
                "Consumer lag on tracker-ingest keeps growing, how many consumers can I add?",
                relevant=("tracker-ingest", "vehicle-positions", "partition|分区", "kafka"),
                must=("24",),
                must_not=("geo",),
            ),
        ),
    ),
    # ---------------------------------------------------------------------------------
    Conversation(
        id="c18_zh_skiptests_cancelled",
        project=ORDER,
        turns=(
            Turn(
                "默认给我 Maven 命令的时候带上 -DskipTests。",
                rules=(
                    rule(
                        "skip_tests",
                        ("skiptests|跳过测试|skip tests|skip the tests",),
                        "Maven 命令加 -DskipTests",
                        "给 Maven 命令时默认带 -DskipTests",
                        "默认给我 Maven 命令的时候带上 -DskipTests。",
                        unless=(
                            "不要跳过|不跳过|don't skip|do not skip|不用加 -dskiptests|不再加",
                        ),
                    ),
                ),
            ),
            Turn("order-service 打包太慢了，有啥办法？"),
            Turn(
                "我们 CI 上一律跑 mvn clean verify -Pci，不跑 install。",
                facts=(
                    fact(
                        "ci_verify",
                        ("-pci|clean verify",),
                        "CI 构建命令",
                        "CI 上一律跑 mvn clean verify -Pci，不跑 install",
                        "我们 CI 上一律跑 mvn clean verify -Pci，不跑 install。",
                    ),
                ),
            ),
            Turn(
                "-DskipTests 那个不用再加了，测试现在跑得很快。",
                cancels=("skip_tests",),
                cancel_quote="-DskipTests 那个不用再加了",
            ),
            Turn("👌"),
        ),
        followups=(
            FollowUp(
                "CI 上 verify 阶段挂了，本地怎么复现？",
                relevant=("ci", "verify", "-pci"),
                must=("verify|-pci",),
            ),
        ),
    ),
    # ---------------------------------------------------------------------------------
    Conversation(
        id="c19_en_ticket_team_facts_with_signal_words",
        project=TICKET,
        turns=(
            Turn(
                "We always deploy ticket-booking as two replicas behind the gateway; it never runs "
                "as a single instance.",
                facts=(
                    fact(
                        "booking_two_replicas",
                        ("ticket-booking", "replica|副本|实例|instance"),
                        "ticket-booking deployment",
                        "ticket-booking is always deployed as two replicas behind the gateway",
                        "We always deploy ticket-booking as two replicas behind the gateway",
                    ),
                ),
            ),
            Turn(
                "Seat locks live in Redis with a 10 minute expiry.",
                facts=(
                    fact(
                        "seat_lock_redis",
                        ("seat|座位", "redis"),
                        "seat locks",
                        "Seat locks are kept in Redis with a 10-minute expiry",
                        "Seat locks live in Redis with a 10 minute expiry.",
                    ),
                ),
            ),
            Turn("Is it safe to use a local ConcurrentHashMap for seat holds then?"),
            Turn(
                "In all future answers, mention it when a solution breaks with more than one replica.",
                rules=(
                    rule(
                        "flag_multi_replica",
                        ("replica|副本|多实例|instance|节点|node",),
                        "multi-replica caveat",
                        "Mention when a solution breaks with more than one replica",
                        "In all future answers, mention it when a solution breaks with more than one replica.",
                    ),
                ),
            ),
            Turn("thank you!"),
        ),
        followups=(
            FollowUp(
                "How do I make the seat hold expire reliably?",
                relevant=("seat|座位", "redis", "expir|过期"),
                must=("redis",),
            ),
        ),
    ),
    # ---------------------------------------------------------------------------------
    Conversation(
        id="c20_mixed_loan_canary_english",
        project=LOAN,
        turns=(
            Turn(
                "我们每次发版都先在 loan-apply 上灰度 10% 的流量。",
                facts=(
                    fact(
                        "apply_canary",
                        ("loan-apply", "灰度|canary|gray|grey"),
                        "loan-apply 灰度发布",
                        "每次发版先在 loan-apply 上灰度 10% 流量",
                        "我们每次发版都先在 loan-apply 上灰度 10% 的流量。",
                    ),
                ),
            ),
            Turn(
                "这一次用英文回答，我要贴到英文周报里：what's the difference between canary and "
                "blue-green deployment?",
            ),
            Turn(
                "Going forward reply in English, actually. My manager reads these threads now.",
                rules=(
                    rule(
                        "en_replies",
                        ("英文|english|英语", ANSWER),
                        "reply language",
                        "Reply in English",
                        "Going forward reply in English, actually.",
                        unless=("中文|chinese",),
                    ),
                ),
            ),
            Turn("How do we roll back loan-apply quickly if the canary looks bad?"),
            Turn(
                "loan-account 的余额表有乐观锁 version 字段。",
                facts=(
                    fact(
                        "account_version",
                        ("loan-account", "version|乐观锁|optimistic"),
                        "loan-account 余额表",
                        "loan-account 余额表有乐观锁 version 字段",
                        "loan-account 的余额表有乐观锁 version 字段。",
                    ),
                ),
            ),
        ),
        followups=(
            FollowUp(
                "loan-apply 灰度的时候怎么只把新用户切过去？",
                relevant=("loan-apply", "灰度|canary|gray|grey"),
                must=("灰度|canary|gray|grey",),
                must_not=("乐观锁|optimistic",),
            ),
        ),
    ),
    # ---------------------------------------------------------------------------------
    Conversation(
        id="c21_en_steps_then_paragraphs",
        project=REPORT,
        turns=(
            Turn(
                "The checkstyle config has a rule saying 'always use braces'. Does that apply to lambdas too?"
            ),
            Turn(
                "From now on, structure how-to answers as numbered steps.",
                rules=(
                    rule(
                        "numbered_steps",
                        ("numbered|编号|步骤|step",),
                        "numbered steps",
                        "Structure how-to answers as numbered steps",
                        "From now on, structure how-to answers as numbered steps.",
                        unless=("paragraph|段落|prose",),
                    ),
                ),
            ),
            Turn(
                "report-job reads from a read-only replica of the orders database.",
                facts=(
                    fact(
                        "job_reads_replica",
                        ("replica|从库|只读|read-only|readonly",),
                        "report-job data source",
                        "report-job reads from a read-only replica of the orders database",
                        "report-job reads from a read-only replica of the orders database.",
                    ),
                ),
            ),
            Turn(
                "Actually, numbered steps feel robotic. Just write how-to answers as short "
                "paragraphs from now on.",
                rules=(
                    rule(
                        "short_paragraphs",
                        ("paragraph|段落|prose",),
                        "short paragraphs",
                        "Write how-to answers as short paragraphs",
                        "Just write how-to answers as short paragraphs from now on.",
                    ),
                ),
                supersedes=("numbered_steps",),
            ),
            Turn("Why does JpaPagingItemReader skip rows when the data changes mid-run?"),
        ),
        followups=(
            FollowUp(
                "Can report-job write its checkpoint table to the same database?",
                relevant=("report-job", "replica|从库|只读|read-only|readonly", "database|数据库"),
                must=("read-only|readonly|只读|replica|从库",),
            ),
        ),
    ),
    # ---------------------------------------------------------------------------------
    Conversation(
        id="c22_zh_cms_race_rule",
        project=CMS,
        turns=(
            Turn(
                "cms-content 发布文章的时候偶尔会重复发布两次，下面是 service：\n"
                "```java\n"
                "@Transactional\n"
                "public void publish(Long id) {\n"
                "    Article a = articleMapper.selectById(id);\n"
                "    if (a.getStatus() == Status.DRAFT) {\n"
                "        a.setStatus(Status.PUBLISHED);\n"
                "        articleMapper.updateById(a);\n"
                '        mqTemplate.send("article-published", id);\n'
                "    }\n"
                "}\n"
                "```\n"
                "这种一般怎么处理？",
                intent="code_explain",
                scope=("cms-content/src/main/java/com/cms/content/service/ArticleService.java",),
            ),
            Turn(
                "给你定个规则：以后涉及并发的回答，先说有没有竞态，再给方案。",
                rules=(
                    rule(
                        "race_first",
                        ("竞态|race|并发|concurren",),
                        "并发问题先说竞态",
                        "涉及并发的回答先说明有没有竞态，再给方案",
                        "以后涉及并发的回答，先说有没有竞态，再给方案。",
                    ),
                ),
            ),
            Turn(
                "cms-content 用的是 MyBatis-Plus，乐观锁插件已经开了。",
                facts=(
                    fact(
                        "content_optimistic_lock",
                        ("乐观锁|optimistic",),
                        "cms-content 乐观锁",
                        "cms-content 使用 MyBatis-Plus，已开启乐观锁插件",
                        "cms-content 用的是 MyBatis-Plus，乐观锁插件已经开了。",
                    ),
                ),
            ),
            Turn("好的，我用版本号试试"),
        ),
        followups=(
            FollowUp(
                "发布接口要加乐观锁，实体上要加什么？",
                relevant=("乐观锁|optimistic", "cms-content", "mybatis-plus"),
                must=("乐观锁|optimistic",),
            ),
        ),
    ),
    # ---------------------------------------------------------------------------------
    Conversation(
        id="c23_en_log4j2_to_logback",
        project=EDGE,
        turns=(
            Turn(
                "Use Log4j2 in every logging example you give me.",
                rules=(
                    rule(
                        "log4j2",
                        ("log4j",),
                        "Log4j2 in examples",
                        "Use Log4j2 in logging examples",
                        "Use Log4j2 in every logging example you give me.",
                        unless=("logback",),
                    ),
                ),
            ),
            Turn(
                "edge-filter runs the auth check before the rate limiter in the Netty pipeline.",
                facts=(
                    fact(
                        "filter_order",
                        ("edge-filter", "auth|认证|鉴权", "rate|限流"),
                        "edge-filter pipeline order",
                        "edge-filter runs the auth check before the rate limiter in the Netty pipeline",
                        "edge-filter runs the auth check before the rate limiter in the Netty pipeline.",
                    ),
                ),
            ),
            Turn(
                "We no longer ship Log4j2 after the CVE scare, everything is on Logback now. "
                "Logback in examples from now on.",
                rules=(
                    rule(
                        "logback",
                        ("logback",),
                        "Logback in examples",
                        "Use Logback in logging examples",
                        "Logback in examples from now on.",
                        unless=("log4j2 instead|use log4j2 rather|用 log4j2 而不是",),
                    ),
                ),
                supersedes=("log4j2",),
                facts=(
                    fact(
                        "on_logback",
                        ("logback",),
                        "logging backend",
                        "The project moved from Log4j2 to Logback",
                        "everything is on Logback now.",
                    ),
                ),
            ),
            Turn("Why is my MDC traceId empty inside the Netty event loop?"),
            Turn("makes sense, thanks"),
        ),
        followups=(
            FollowUp(
                "How do I add a per-route timeout in edge-filter?",
                relevant=("edge-filter", "route", "timeout|超时", "pipeline"),
                must=("edge-filter",),
                must_not=("logback",),
            ),
        ),
    ),
    # ---------------------------------------------------------------------------------
    Conversation(
        id="c24_zh_ruoyi_chitchat_questions",
        project=RUOYI,
        turns=(
            Turn("在吗"),
            Turn("为什么每次重启以后验证码都失效？"),
            Turn("登录总是提示“用户不存在/密码错误”，但账号密码明明是对的，可能是什么原因？"),
            Turn("默认的 admin 账号能改名吗？"),
            Turn("群里有人说“以后验证码干脆都关掉算了”，你觉得这样安全吗？"),
            Turn("好的谢谢，先这样"),
        ),
    ),
    # ---------------------------------------------------------------------------------
    Conversation(
        id="c25_en_java_time_dropped",
        project=COUPON,
        turns=(
            Turn(
                "Never use java.util.Date in code for me, java.time only.",
                rules=(
                    rule(
                        "java_time_only",
                        ("java.time|localdatetime|localdate|instant|zoneddatetime|offsetdatetime",),
                        "java.time only",
                        "Use java.time only, never java.util.Date",
                        "Never use java.util.Date in code for me, java.time only.",
                        unless=(
                            "rather than java.time|instead of java.time|而不是 java.time|不用 java.time|no java.time",
                        ),
                    ),
                ),
            ),
            Turn(
                "coupon-template stores validity windows as UTC instants.",
                facts=(
                    fact(
                        "validity_utc",
                        ("utc", "validity|有效期|window"),
                        "coupon validity",
                        "coupon-template stores validity windows as UTC instants",
                        "coupon-template stores validity windows as UTC instants.",
                    ),
                ),
            ),
            Turn("Why is my @Scheduled expiry sweep off by eight hours?"),
            Turn(
                "Drop the java.time rule. Some legacy DTOs need Date for the old client and I'm tired "
                "of the conversions.",
                cancels=("java_time_only",),
                cancel_quote="Drop the java.time rule.",
            ),
            Turn("ok"),
        ),
        followups=(
            FollowUp(
                "How should coupon-customer check that a coupon is still inside its validity window?",
                relevant=("utc", "validity|有效期|window", "coupon-customer"),
                must=("utc",),
            ),
        ),
    ),
    # ---------------------------------------------------------------------------------
    Conversation(
        id="c26_zh_petclinic_vets_split",
        project=PETCLINIC,
        turns=(
            Turn(
                "这个项目的包结构是怎么组织的？按层还是按功能？",
                intent="code_explain",
                project_level=True,
            ),
            Turn("Vet 和 Specialty 是多对多的关系吗？", intent="code_explain", project_level=True),
            Turn(
                "不对，我们 fork 之后把 vets 拆成了单独的服务，通过 REST 调用，不在这个仓库里。",
                facts=(
                    fact(
                        "vets_separate_service",
                        ("vet", "rest|单独|独立|separate|split|拆"),
                        "vets 服务",
                        "fork 后 vets 拆成单独服务，通过 REST 调用，不在本仓库",
                        "我们 fork 之后把 vets 拆成了单独的服务，通过 REST 调用，不在这个仓库里。",
                    ),
                ),
            ),
            Turn(
                "以后回答涉及 vets 的问题时，提醒我去另一个仓库看。",
                rules=(
                    rule(
                        "vets_other_repo",
                        ("vet", "仓库|repo"),
                        "vets 问题提醒另一个仓库",
                        "涉及 vets 的问题提醒去另一个仓库看",
                        "以后回答涉及 vets 的问题时，提醒我去另一个仓库看。",
                    ),
                ),
            ),
            Turn("谢谢"),
        ),
        followups=(
            FollowUp(
                "给 Vet 加一个排班字段，要改哪个类？",
                relevant=("vet",),
                must=("vet",),
            ),
        ),
    ),
    # ---------------------------------------------------------------------------------
    Conversation(
        id="c27_mixed_doc_links_cancel_revive",
        project=FLEET,
        turns=(
            Turn(
                "以后回答 Quarkus 相关的问题，附上官方文档链接。",
                rules=(
                    rule(
                        "doc_links",
                        ("文档|doc|guide", "链接|link|url"),
                        "附官方文档链接",
                        "回答 Quarkus 相关问题时附上官方文档链接",
                        "以后回答 Quarkus 相关的问题，附上官方文档链接。",
                        unless=("不要链接|不附链接|no link|without link|不用附",),
                    ),
                ),
            ),
            Turn(
                "tracker-query 的 REST 接口返回的是 GeoJSON。",
                facts=(
                    fact(
                        "query_geojson",
                        ("geojson",),
                        "tracker-query 返回格式",
                        "tracker-query 的 REST 接口返回 GeoJSON",
                        "tracker-query 的 REST 接口返回的是 GeoJSON。",
                    ),
                ),
            ),
            Turn(
                "链接那个先停一下，我在内网打不开外网。",
                cancels=("doc_links",),
                cancel_quote="链接那个先停一下",
            ),
            Turn("How do I write a native-image friendly Jackson serializer for GeoJSON?"),
            Turn(
                "VPN 弄好了，文档链接继续附上吧，以后都要。",
                revives=("doc_links",),
            ),
        ),
        followups=(
            FollowUp(
                "tracker-query 要加一个按区域查车辆的接口，返回格式怎么定？",
                relevant=("tracker-query", "geojson"),
                must=("geojson",),
            ),
        ),
    ),
)
