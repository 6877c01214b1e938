"""Blind evaluation set D for memory judgement (rules, supersession, cancels, notes).

Written by a helper from the product brief and SPEC alone, without reading the judgement
code or the existing evaluation conversations. First measured on main fb2c6ef, before any
change (docs/quality.md publishes that first measurement); then one round of class-level
fixes followed, tested with wordings of their own. The gold is as written.

The writer's own description follows.

Written from the product brief (the specification of memory judgement, issue 13) and the gold format
(`tests/quality/gold.py`) alone, for repositories and wordings of its own: a TMS on
Spring Cloud Alibaba, a Gradle payment gateway, a Netty IM server, a Dubbo user
centre, Quarkus, Micronaut, Vert.x, Spring Batch, a RuoYi-style admin system, a risk
engine, an Elasticsearch platform, a port terminal system, a hospital system, Camunda,
an MQTT hub, XXL-JOB, Canal, a delivery dispatcher, a campus card system, live gifts…

Labelling conventions (see README.md next to this file):
- a rule is a *standing* directive of the user about future answers or work; its quote
  is the user's own sentence; nothing else in the turn becomes a rule;
- a fact is what the user states or corrects about the project (never a question, never
  the assistant's claim, never something the user is unsure of);
- keys list bilingual alternatives; `NEG` makes a "don't…" rule reject a summary that
  states the opposite; `unless` keys of a replaced rule or corrected fact carry the
  wording of its replacement, so the new item never counts as the old one.
"""

from __future__ import annotations

from gold import Conversation, FollowUp, Project, Turn, fact, rule

# A negation marker: a "don't do X" rule must say so (a summary "use X" does not cover it).
NEG = (
    "不|别|禁|勿|没|免|avoid|never|stop|without|instead|rather than|dislike|hate|"
    "can't stand|n't|not |no |no-|drop|skip|exclude|against"
)

# --- d01: TMS on Spring Cloud Alibaba (zh, colloquial) -----------------------------------

D01 = Conversation(
    id="d01-tms-nacos-feign",
    project=Project(
        name="tms-platform",
        build_tool="maven",
        java_version="11",
        modules=("tms-gateway", "tms-order", "tms-dispatch", "tms-track", "tms-common"),
        frameworks=("spring boot", "spring cloud", "mybatis"),
    ),
    turns=(
        Turn(
            "咱们 tms 项目注册中心和配置中心都是 Nacos 2.2，配置按环境分 namespace。"
            "帮我捋一下 tms-dispatch 和 tms-order 之间是怎么调用的？",
            intent="code_explain",
            project_level=True,
            facts=(
                fact(
                    "f_nacos",
                    ("nacos",),
                    "注册与配置中心",
                    "项目的注册中心和配置中心都是 Nacos 2.2，配置按环境分 namespace。",
                    "咱们 tms 项目注册中心和配置中心都是 Nacos 2.2，配置按环境分 namespace。",
                ),
            ),
        ),
        Turn(
            "不对，dispatch 调 order 走的是 OpenFeign，不是 Dubbo，项目里压根没引 Dubbo。",
            intent="code_explain",
            facts=(
                fact(
                    "f_feign",
                    ("feign", "dispatch|调度"),
                    "tms-dispatch 调用方式",
                    "tms-dispatch 通过 OpenFeign 调用 tms-order。",
                    "不对，dispatch 调 order 走的是 OpenFeign，不是 Dubbo，项目里压根没引 Dubbo。",
                ),
                fact(
                    "f_nodubbo",
                    ("dubbo", "没|不|no |not |n't|without"),
                    "项目未使用 Dubbo",
                    "项目里没有引入 Dubbo。",
                    "不对，dispatch 调 order 走的是 OpenFeign，不是 Dubbo，项目里压根没引 Dubbo。",
                ),
            ),
        ),
        Turn(
            "以后给我贴配置都用 yaml 的写法，properties 一长串看着眼花。",
            rules=(
                rule(
                    "r_yaml",
                    ("yaml|yml",),
                    "配置示例用 YAML",
                    "贴配置时一律用 YAML 写法，不用 properties。",
                    "以后给我贴配置都用 yaml 的写法，properties 一长串看着眼花。",
                    unless=(
                        "不用 yaml|不要 yaml|别用 yaml|not yaml|no yaml|instead of yaml|"
                        "rather than yaml|不用 yml|not yml",
                    ),
                ),
            ),
        ),
        Turn("行，谢谢"),
        Turn(
            "另外 tms-track 的轨迹点我们是存 ClickHouse 的，按天分区。轨迹查询慢一般从哪查起？",
            intent="code_explain",
            facts=(
                fact(
                    "f_clickhouse",
                    ("clickhouse",),
                    "轨迹存储",
                    "tms-track 的轨迹点存在 ClickHouse，按天分区。",
                    "另外 tms-track 的轨迹点我们是存 ClickHouse 的，按天分区。",
                ),
            ),
        ),
    ),
    followups=(
        FollowUp(
            "tms-order 里 Feign 调用的超时时间怎么调？",
            intent="code_explain",
            relevant=("feign|tms-order|dispatch|调度|dubbo",),
            must=("feign",),
            must_not=("clickhouse",),
        ),
        FollowUp(
            "轨迹表按天分区以后，查询还要加什么索引？",
            relevant=("clickhouse|tms-track|轨迹|分区|partition",),
            must=("clickhouse",),
            must_not=("feign",),
        ),
    ),
)

# --- d02: Gradle payment gateway (en, terse, typos) -----------------------------------

D02 = Conversation(
    id="d02-paygw-kotlin-dsl",
    project=Project(
        name="paygw",
        build_tool="gradle",
        java_version="17",
        modules=(
            "paygw-api",
            "paygw-core",
            "paygw-channel-alipay",
            "paygw-channel-wechat",
            "paygw-settle",
        ),
        frameworks=("spring boot", "spring security", "junit5"),
    ),
    turns=(
        Turn(
            "how do i make a idempotent refund endpoint? we key refunds by out_refund_no, "
            "unique index on it in mysql.",
            facts=(
                fact(
                    "f_refund_key",
                    ("out_refund_no",),
                    "refund idempotency key",
                    "Refunds are keyed by out_refund_no, with a unique index on it in MySQL.",
                    "we key refunds by out_refund_no, unique index on it in mysql.",
                ),
            ),
        ),
        Turn(
            "my lead keeps saying 'always use BigDecimal for money, never double'. is that "
            "still true for java 17 or is it old advice?",
        ),
        Turn(
            "ok thx. from now on gimme gradle kotlin dsl snippets, not groovy. we converted "
            "all build files last month.",
            rules=(
                rule(
                    "r_kts",
                    ("kotlin|kts",),
                    "Gradle snippets in Kotlin DSL",
                    "Give Gradle snippets in the Kotlin DSL (build.gradle.kts), not Groovy.",
                    "from now on gimme gradle kotlin dsl snippets, not groovy.",
                    unless=(
                        "not kotlin|no kotlin|不用 kotlin|instead of kotlin|rather than kotlin",
                    ),
                ),
            ),
            facts=(
                fact(
                    "f_kts",
                    ("kotlin|kts", "build|构建|脚本|script"),
                    "build files in Kotlin DSL",
                    "All Gradle build files were converted to the Kotlin DSL last month.",
                    "we converted all build files last month.",
                ),
            ),
        ),
        Turn("just this once paste the groovy version as well, i need it for a diff"),
        Turn(
            "paygw-settle runs the daily reconciliation at 01:30, pulls both alipay and "
            "wechat bills",
            intent="code_explain",
            facts=(
                fact(
                    "f_settle",
                    ("reconcil|对账", "01:30|1:30|1 点半|1点半|一点半|凌晨 1|1.30"),
                    "daily reconciliation",
                    "paygw-settle runs the daily reconciliation at 01:30, pulling both the "
                    "Alipay and WeChat bills.",
                    "paygw-settle runs the daily reconciliation at 01:30, pulls both alipay "
                    "and wechat bills",
                ),
            ),
        ),
    ),
    followups=(
        FollowUp(
            "why does paygw-settle sometimes miss the wechat bill?",
            intent="code_explain",
            relevant=("settle|reconcil|对账|wechat|bill|账单",),
            must=("reconcil|对账",),
            must_not=("out_refund_no",),
        ),
    ),
)

# --- d03: Netty IM server (mixed; language rule replaced, comment rule stays) ----------------

D03 = Conversation(
    id="d03-im-language-switch",
    project=Project(
        name="im-server",
        build_tool="maven",
        java_version="17",
        modules=("im-gateway", "im-logic", "im-storage", "im-push", "im-common"),
        frameworks=("netty", "spring boot", "kafka"),
    ),
    turns=(
        Turn(
            "最近在练英语，以后回答都用英文吧，技术词不用翻译。",
            rules=(
                rule(
                    "r_en",
                    ("英文|english", "回答|answer|reply|respond|回复"),
                    "answer language: English",
                    "Answer in English from now on; keep technical terms untranslated.",
                    "最近在练英语，以后回答都用英文吧，技术词不用翻译。",
                    unless=("中文|chinese", "注释|comment"),
                ),
            ),
        ),
        Turn(
            "ok so why does im-gateway drop long connections after exactly 60s? "
            "IdleStateHandler is set to 120s reader idle on our side.",
            intent="code_explain",
            facts=(
                fact(
                    "f_idle",
                    ("idlestatehandler|idle", "120"),
                    "im-gateway idle timeout",
                    "im-gateway's IdleStateHandler uses a 120 s reader idle time.",
                    "IdleStateHandler is set to 120s reader idle on our side.",
                ),
            ),
        ),
        Turn(
            "Also, code comments in examples: always keep them in English, easier to paste "
            "into our codebase.",
            rules=(
                rule(
                    "r_comment_en",
                    ("注释|comment", "英文|english"),
                    "code comments in English",
                    "Write code comments in examples in English.",
                    "Also, code comments in examples: always keep them in English, easier to "
                    "paste into our codebase.",
                ),
            ),
        ),
        Turn(
            "算了，英文看着太累，往后还是用中文回答，注释照旧英文。",
            rules=(
                rule(
                    "r_zh",
                    ("中文|chinese", "回答|answer|reply|respond|回复"),
                    "回答语言：中文",
                    "以后用中文回答。",
                    "算了，英文看着太累，往后还是用中文回答，注释照旧英文。",
                ),
            ),
            supersedes=("r_en",),
            restates=("r_comment_en",),
        ),
        Turn("谢了"),
    ),
    followups=(
        FollowUp(
            "im-gateway 的心跳超时应该怎么和客户端配合？",
            intent="code_explain",
            relevant=("idle|心跳|heartbeat|im-gateway|120",),
            must=("idle",),
        ),
    ),
)

# --- d04: Dubbo user centre (zh; a rule cancelled; signal words in questions) -------------

D04 = Conversation(
    id="d04-dubbo-doc-links-cancel",
    project=Project(
        name="user-center",
        build_tool="maven",
        java_version="8",
        modules=("uc-api", "uc-provider", "uc-consumer-web", "uc-common"),
        frameworks=("dubbo", "spring boot", "mybatis"),
    ),
    turns=(
        Turn("Dubbo 的 timeout 默认到底是多少？为什么我们 uc-provider 总是报超时？"),
        Turn(
            "每次回答完在最后给我附上官方文档链接，我好自己再核对一下。",
            rules=(
                rule(
                    "r_doc_links",
                    ("文档|doc|参考|reference", "链接|link|url"),
                    "附官方文档链接",
                    "每次回答末尾附上官方文档链接。",
                    "每次回答完在最后给我附上官方文档链接，我好自己再核对一下。",
                ),
            ),
        ),
        Turn(
            "org.apache.dubbo.rpc.RpcException: Failed to invoke the method getUser in the "
            "service com.acme.uc.api.UserService. Tried 3 times of the providers "
            "[uc-provider-2:20880] (1/2) from the registry nacos:8848, cause: Waiting "
            "server-side response timeout by scan timer.\n"
            "\tat org.apache.dubbo.rpc.cluster.support.FailoverClusterInvoker.doInvoke"
            "(FailoverClusterInvoker.java:114)\n"
            "\tat org.apache.dubbo.rpc.cluster.support.AbstractClusterInvoker.invoke"
            "(AbstractClusterInvoker.java:341)\n"
            "这个是重试了 3 次都超时，是不是 retries 要关掉？",
        ),
        Turn(
            "我们 uc-provider 的接口都是读多写少，写接口已经单独配了 retries=0。",
            intent="code_explain",
            facts=(
                fact(
                    "f_retries",
                    ("retries|retry|重试", "写|write"),
                    "uc-provider 写接口重试",
                    "uc-provider 接口读多写少，写接口单独配置了 retries=0（不重试）。",
                    "我们 uc-provider 的接口都是读多写少，写接口已经单独配了 retries=0。",
                ),
            ),
        ),
        Turn(
            "文档链接那条以后不用附了，基本没点开过。",
            cancels=("r_doc_links",),
            cancel_quote="文档链接那条以后不用附了，基本没点开过。",
        ),
        Turn("好的"),
    ),
    followups=(
        FollowUp(
            "uc-provider 写接口超时之后会不会重复扣积分？",
            intent="code_explain",
            relevant=("retries|retry|重试|uc-provider|写接口",),
            must=("retries|retry|重试",),
        ),
    ),
)

# --- d05: Quarkus fleet service (en, polite; self-description, hypothetical) -------------

D05 = Conversation(
    id="d05-quarkus-reactive",
    project=Project(
        name="fleet-quarkus",
        build_tool="maven",
        java_version="21",
        modules=("fleet-api", "fleet-telemetry", "fleet-billing"),
        frameworks=("quarkus", "hibernate", "kafka"),
    ),
    turns=(
        Turn(
            "Hi! Quick one: I always mix up @Inject and @Autowired semantics. In Quarkus, "
            "does @Inject on a private field still work in native mode?",
        ),
        Turn(
            "Thanks. Could you please, whenever you show REST endpoints, use the RESTEasy "
            "Reactive style (@RestPath, Uni return types)? That's what the whole codebase uses.",
            rules=(
                rule(
                    "r_resteasy_reactive",
                    ("resteasy reactive|reactive|响应式",),
                    "REST endpoint style",
                    "Whenever showing REST endpoints, use the RESTEasy Reactive style "
                    "(@RestPath, Uni return types).",
                    "Could you please, whenever you show REST endpoints, use the RESTEasy "
                    "Reactive style (@RestPath, Uni return types)?",
                ),
            ),
            facts=(
                fact(
                    "f_resteasy_reactive",
                    ("reactive|响应式",),
                    "REST stack",
                    "The whole codebase uses RESTEasy Reactive for REST endpoints.",
                    "That's what the whole codebase uses.",
                ),
            ),
        ),
        Turn(
            "If I asked you to always use Panache active record instead of repositories, "
            "would the entity classes get messier?",
        ),
        Turn(
            "For context: our CI builds a native image with Mandrel 23.1 on every merge to "
            "main, so reflection-heavy libs are a no-go.",
            facts=(
                fact(
                    "f_mandrel",
                    ("mandrel",),
                    "native image build",
                    "CI builds a native image with Mandrel 23.1 on every merge to main, so "
                    "reflection-heavy libraries are ruled out.",
                    "For context: our CI builds a native image with Mandrel 23.1 on every merge "
                    "to main, so reflection-heavy libs are a no-go.",
                ),
            ),
        ),
        Turn("Perfect, that answers it."),
    ),
    # "reflection-heavy libs are a no-go" may be read as a standing rule for suggestions.
    allowed=(
        rule(
            "r_no_reflection",
            ("reflect|反射", NEG),
            "no reflection-heavy libraries",
            "Don't suggest reflection-heavy libraries (native image build).",
            "so reflection-heavy libs are a no-go.",
        ),
    ),
    followups=(
        FollowUp(
            "Can I use a library that relies on runtime reflection in fleet-billing?",
            intent="code_explain",
            relevant=("native|mandrel|reflect|反射|fleet-billing",),
            must=("mandrel|native",),
        ),
    ),
)

# --- d06: Micronaut inventory (en; a credential, a dislike, a fact) ----------------------

D06 = Conversation(
    id="d06-micronaut-credential-ctor",
    project=Project(
        name="inventory-mn",
        build_tool="gradle",
        java_version="17",
        modules=("inventory-api", "inventory-core", "inventory-sync"),
        frameworks=("micronaut", "jpa", "junit5"),
    ),
    turns=(
        Turn(
            "remember the staging db password is Qw8!mn_stg_2024 so you can plug it into examples",
        ),
        Turn(
            "I really can't stand field injection. In every snippet you write for me, go "
            "through the constructor.",
            rules=(
                rule(
                    "r_ctor",
                    ("constructor|构造",),
                    "constructor injection",
                    "Use constructor injection in every snippet; no field injection.",
                    "In every snippet you write for me, go through the constructor.",
                ),
            ),
        ),
        Turn(
            "inventory-sync pulls stock from the ERP every 5 min via a @Scheduled job, and "
            "it's the only module that talks to the ERP.",
            intent="code_explain",
            facts=(
                fact(
                    "f_erp",
                    ("erp", "sync|同步"),
                    "inventory-sync and the ERP",
                    "inventory-sync pulls stock from the ERP every 5 minutes with a scheduled "
                    "job; it is the only module that talks to the ERP.",
                    "inventory-sync pulls stock from the ERP every 5 min via a @Scheduled job, "
                    "and it's the only module that talks to the ERP.",
                ),
            ),
        ),
        Turn("how would I test that scheduled job without waiting 5 minutes?"),
    ),
    followups=(
        FollowUp(
            "the ERP call times out sometimes, where should the retry go?",
            relevant=("erp|inventory-sync|sync|schedul|定时",),
            must=("erp",),
        ),
        FollowUp(
            "what's the difference between @Singleton and @Prototype in Micronaut?",
            relevant=("singleton|prototype|bean|scope",),
            must_not=("erp",),
        ),
    ),
)

# --- d07: Vert.x quote service (en; Maven commands replaced by Gradle) ---------------------

D07 = Conversation(
    id="d07-vertx-maven-to-gradle",
    project=Project(
        name="quote-service",
        build_tool="maven",
        java_version="17",
        modules=("quote-api", "quote-engine", "quote-feed"),
        frameworks=("vert.x", "junit5"),
    ),
    turns=(
        Turn(
            "Going forward, when you give build commands, make them Maven ones (./mvnw), I "
            "copy them straight into the terminal.",
            rules=(
                rule(
                    "r_mvn",
                    ("maven|mvn",),
                    "build commands: Maven",
                    "Give build commands as Maven commands (./mvnw).",
                    "Going forward, when you give build commands, make them Maven ones (./mvnw), "
                    "I copy them straight into the terminal.",
                    unless=("gradle",),
                ),
            ),
        ),
        Turn(
            "also, every time you give me a shell command, put it in its own code block with "
            "no prompt sign ($) in front.",
            rules=(
                rule(
                    "r_shell_block",
                    ("$|prompt|提示符",),
                    "shell command format",
                    "Put every shell command in its own code block, without a leading $ prompt.",
                    "also, every time you give me a shell command, put it in its own code block "
                    "with no prompt sign ($) in front.",
                ),
            ),
        ),
        Turn("How do I deploy a verticle with 4 instances from the main method?"),
        Turn(
            "a colleague told me 'always pin the vert.x version through the stack BOM', does "
            "that actually matter for us?",
        ),
        Turn(
            "Heads up: we switched the repo to Gradle this week (Maven is gone). So build "
            "commands should be Gradle from here on, ./gradlew.",
            rules=(
                rule(
                    "r_gradle",
                    ("gradle",),
                    "build commands: Gradle",
                    "Give build commands as Gradle commands (./gradlew).",
                    "So build commands should be Gradle from here on, ./gradlew.",
                ),
            ),
            facts=(
                fact(
                    "f_gradle",
                    ("gradle",),
                    "build tool",
                    "The repo switched from Maven to Gradle this week.",
                    "Heads up: we switched the repo to Gradle this week (Maven is gone).",
                ),
            ),
            supersedes=("r_mvn",),
        ),
        Turn("ok cool"),
    ),
    followups=(
        FollowUp(
            "what's the command to run only the quote-engine tests?",
            intent="code_explain",
            relevant=("gradle|quote-engine",),
            must=("gradle",),
        ),
    ),
)

# --- d08: Spring Batch settlement (zh; a fact corrected by a change, conditional rule) ------

D08 = Conversation(
    id="d08-batch-schedule-change",
    project=Project(
        name="settle-batch",
        build_tool="maven",
        java_version="11",
        modules=("batch-core", "batch-jobs", "batch-admin"),
        frameworks=("spring boot", "spring batch", "mybatis"),
    ),
    turns=(
        Turn(
            "这个项目里的对账 job 每天凌晨 2 点由 batch-jobs 里的 ReconcileJob 跑，"
            "数据量大概 300 万行。chunk size 设多少合适？",
            intent="code_explain",
            project_level=True,
            facts=(
                fact(
                    "f_2am",
                    ("2 点|2点|两点|2:00|02:00|2 am|2am|2 a.m",),
                    "对账 job 运行时间",
                    "batch-jobs 里的 ReconcileJob 每天凌晨 2 点跑对账。",
                    "这个项目里的对账 job 每天凌晨 2 点由 batch-jobs 里的 ReconcileJob 跑，"
                    "数据量大概 300 万行。",
                    unless=("3 点半|3点半|三点半|3:30|03:30|3.30",),
                ),
                fact(
                    "f_rows",
                    ("300 万|300万|3 million|三百万|3,000,000|3000000|3m",),
                    "对账数据量",
                    "对账 job 每次处理大约 300 万行数据。",
                    "这个项目里的对账 job 每天凌晨 2 点由 batch-jobs 里的 ReconcileJob 跑，"
                    "数据量大概 300 万行。",
                ),
            ),
        ),
        Turn(
            "每次给我写 SQL 的时候，顺手把该建的索引也写上。",
            rules=(
                rule(
                    "r_sql_index",
                    ("sql", "索引|index"),
                    "SQL 附索引建议",
                    "写 SQL 时同时给出需要建的索引。",
                    "每次给我写 SQL 的时候，顺手把该建的索引也写上。",
                ),
            ),
        ),
        Turn(
            "select * from t_settle_detail where biz_date = ? and status in (0,1) order by "
            "id limit 1000 这个语句在 reader 里越跑越慢，怎么改？",
        ),
        Turn(
            "刚才说凌晨 2 点那个不对了，上个月已经挪到 3 点半了，避开核心系统日切。",
            facts=(
                fact(
                    "f_330",
                    ("3 点半|3点半|三点半|3:30|03:30|3.30",),
                    "对账 job 运行时间（调整后）",
                    "对账 job 上个月起改在凌晨 3 点半跑，避开核心系统日切。",
                    "刚才说凌晨 2 点那个不对了，上个月已经挪到 3 点半了，避开核心系统日切。",
                ),
            ),
            cancels=("f_2am",),
            cancel_quote="刚才说凌晨 2 点那个不对了，上个月已经挪到 3 点半了，避开核心系统日切。",
        ),
        Turn("嗯"),
    ),
    followups=(
        FollowUp(
            "ReconcileJob 跑的时候会不会影响核心系统？",
            intent="code_explain",
            relevant=("reconcil|对账|3 点半|3点半|三点半|3:30|batch-jobs|300",),
            must=("3 点半|3点半|三点半|3:30|03:30|3.30",),
        ),
    ),
)

# --- d09: RuoYi-style admin (zh; one-offs, a negated wish, a standing rule) ---------------

D09 = Conversation(
    id="d09-admin-ajaxresult",
    project=Project(
        name="oa-admin",
        build_tool="maven",
        java_version="8",
        modules=(
            "admin-system",
            "admin-framework",
            "admin-generator",
            "admin-quartz",
            "admin-common",
        ),
        frameworks=("spring boot", "spring security", "mybatis", "mybatis-plus"),
    ),
    turns=(
        Turn(
            "这次先别讲原理了，直接给我 SysUserController 加个按部门导出 Excel 的接口。",
            intent="code_explain",
            scope=("admin-system/src/main/java/com/oa/system/controller/SysUserController.java",),
        ),
        Turn(
            "往后写 Controller 统一返回 AjaxResult，别自己 new HashMap 往里塞 code/msg 了。",
            rules=(
                rule(
                    "r_ajaxresult",
                    ("ajaxresult",),
                    "Controller 返回值",
                    "Controller 统一返回 AjaxResult，不要自己 new HashMap 塞 code/msg。",
                    "往后写 Controller 统一返回 AjaxResult，别自己 new HashMap 往里塞 code/msg "
                    "了。",
                ),
            ),
        ),
        Turn(
            "我也不是说以后都必须用 MyBatis-Plus 的 LambdaQueryWrapper，"
            "就是这个查询想看看它怎么写。",
        ),
        Turn("组长说以后所有 Controller 入参都要加 @Validated，这个真有必要吗？"),
        Turn(
            "对了，我们的 admin-quartz 模块已经不用了，定时任务都迁到 XXL-JOB 了。",
            intent="code_explain",
            facts=(
                fact(
                    "f_xxl",
                    ("xxl",),
                    "定时任务平台",
                    "admin-quartz 模块已停用，定时任务都迁到了 XXL-JOB。",
                    "对了，我们的 admin-quartz 模块已经不用了，定时任务都迁到 XXL-JOB 了。",
                ),
            ),
        ),
        Turn("ok 谢谢"),
    ),
    followups=(
        FollowUp(
            "新加一个每天统计考勤的定时任务，放哪个模块？",
            intent="code_explain",
            relevant=("xxl|quartz|定时|schedul",),
            must=("xxl",),
        ),
    ),
)

# --- d10: risk engine (mixed; a rule cancelled, then stated again) -------------------------

D10 = Conversation(
    id="d10-risk-drools-revived",
    project=Project(
        name="risk-engine",
        build_tool="maven",
        java_version="17",
        modules=("risk-rule", "risk-feature", "risk-decision", "risk-admin"),
        frameworks=("spring boot", "kafka", "mybatis"),
    ),
    turns=(
        Turn(
            "规则引擎这块，don't recommend Drools to me anymore — 我们评估过，太重了，"
            "现在规则都是自己写的 DSL + Groovy 脚本。",
            rules=(
                rule(
                    "r_no_drools",
                    ("drools", NEG),
                    "不推荐 Drools",
                    "不要再推荐 Drools。",
                    "规则引擎这块，don't recommend Drools to me anymore",
                ),
            ),
            facts=(
                fact(
                    "f_dsl",
                    ("dsl|groovy",),
                    "规则实现方式",
                    "规则引擎用的是自研 DSL + Groovy 脚本。",
                    "现在规则都是自己写的 DSL + Groovy 脚本。",
                ),
            ),
        ),
        Turn(
            "risk-feature 的特征是实时算的，从 Kafka 消费交易流水，写到 Redis 里供 risk-decision "
            "读。",
            intent="code_explain",
            facts=(
                fact(
                    "f_feature_redis",
                    ("redis", "feature|特征"),
                    "实时特征链路",
                    "risk-feature 实时计算特征：从 Kafka 消费交易流水，写入 Redis 供 risk-decision "
                    "读取。",
                    "risk-feature 的特征是实时算的，从 Kafka 消费交易流水，写到 Redis 里供 "
                    "risk-decision 读。",
                ),
            ),
        ),
        Turn(
            "Scratch the Drools thing I said earlier, I might end up needing it after all.",
            cancels=("r_no_drools",),
            cancel_quote="Scratch the Drools thing I said earlier, I might end up needing it after "
            "all.",
        ),
        Turn("为什么 risk-decision 的 P99 总是在整点飙高？"),
        Turn(
            "ok 想清楚了，Drools 还是别给我推荐了，不折腾了。",
            revives=("r_no_drools",),
        ),
    ),
    followups=(
        FollowUp(
            "risk-decision 读特征的时候 Redis 超时了怎么兜底？",
            intent="code_explain",
            relevant=("redis|risk-feature|特征|feature|risk-decision|kafka",),
            must=("redis",),
            must_not=("groovy",),
        ),
    ),
)

# --- d11: Elasticsearch platform (en; modules sharing a prefix) ---------------------------

D11 = Conversation(
    id="d11-search-platform-prefix",
    project=Project(
        name="search-platform",
        build_tool="gradle",
        java_version="17",
        modules=("search-api", "search-indexer", "search-admin", "search-suggest"),
        frameworks=("spring boot", "kafka"),
    ),
    turns=(
        Turn(
            "Some background before I ask stuff: search-indexer consumes product change events "
            "from Kafka topic product-cdc and bulk-writes to Elasticsearch 8.11.",
            intent="code_explain",
            project_level=True,
            facts=(
                fact(
                    "f_indexer",
                    ("product-cdc|kafka", "indexer"),
                    "search-indexer input",
                    "search-indexer consumes product change events from the Kafka topic "
                    "product-cdc and bulk-writes them to Elasticsearch.",
                    "Some background before I ask stuff: search-indexer consumes product change "
                    "events from Kafka topic product-cdc and bulk-writes to Elasticsearch 8.11.",
                ),
                fact(
                    "f_es_version",
                    ("8.11",),
                    "Elasticsearch version",
                    "The search cluster runs Elasticsearch 8.11.",
                    "Some background before I ask stuff: search-indexer consumes product change "
                    "events from Kafka topic product-cdc and bulk-writes to Elasticsearch 8.11.",
                ),
            ),
        ),
        Turn(
            "search-suggest is separate: it serves autocomplete from an in-memory FST it "
            "rebuilds every hour, no ES involved.",
            intent="code_explain",
            facts=(
                fact(
                    "f_suggest_fst",
                    ("fst", "suggest|autocomplete|补全|联想"),
                    "search-suggest autocomplete",
                    "search-suggest serves autocomplete from an in-memory FST rebuilt every "
                    "hour, without Elasticsearch.",
                    "search-suggest is separate: it serves autocomplete from an in-memory FST it "
                    "rebuilds every hour, no ES involved.",
                ),
            ),
        ),
        Turn(
            "search-api is the only public one; search-admin sits behind the VPN.",
            intent="code_explain",
            facts=(
                fact(
                    "f_api_public",
                    ("search-api", "public|公开|对外|外网|external|唯一|only"),
                    "public module",
                    "search-api is the only public-facing module.",
                    "search-api is the only public one; search-admin sits behind the VPN.",
                ),
                fact(
                    "f_admin_vpn",
                    ("vpn", "admin"),
                    "search-admin access",
                    "search-admin is reachable only behind the VPN.",
                    "search-api is the only public one; search-admin sits behind the VPN.",
                ),
            ),
        ),
        Turn(
            "cool. When you answer about ES queries, please use the Java API Client, not the "
            "deprecated RestHighLevelClient.",
            rules=(
                rule(
                    "r_es_java_client",
                    ("java api client|java client|elasticsearch-java|elasticsearchclient",),
                    "Elasticsearch client in answers",
                    "When answering about Elasticsearch queries, use the Elasticsearch Java API "
                    "Client, not the deprecated RestHighLevelClient.",
                    "When you answer about ES queries, please use the Java API Client, not the "
                    "deprecated RestHighLevelClient.",
                    unless=(
                        "instead of the java api client|instead of java api client|"
                        "not the java api client|不用 java api client|别用 java api client|"
                        "rather than the java api client",
                    ),
                ),
            ),
        ),
    ),
    followups=(
        FollowUp(
            "search-suggest results are stale for new products, why?",
            intent="code_explain",
            relevant=("suggest|fst|autocomplete|补全|联想",),
            must=("fst",),
            must_not=("vpn",),
        ),
        FollowUp(
            "the bulk requests from search-indexer get 429s, how do I back off?",
            intent="code_explain",
            relevant=("indexer|product-cdc|kafka|bulk|8.11",),
            must=("product-cdc|kafka",),
            must_not=("fst",),
        ),
        FollowUp(
            "can external partners call search-admin directly?",
            intent="code_explain",
            relevant=("search-admin|vpn|search-api|public|公开|对外",),
            must=("vpn",),
            must_not=("fst",),
        ),
    ),
)

# --- d12: order centre (zh; a rule inside a long message after a pasted trace) -------------

D12 = Conversation(
    id="d12-order-deadlock-rule-in-trace",
    project=Project(
        name="order-center",
        build_tool="maven",
        java_version="17",
        modules=("order-api", "order-service", "order-job", "order-common"),
        frameworks=("spring boot", "mybatis-plus", "spring cloud"),
    ),
    turns=(
        Turn(
            "帮我看下这个报错：\n```\n"
            "org.springframework.dao.DeadlockLoserDataAccessException: \n"
            "### Error updating database.  Cause: com.mysql.cj.jdbc.exceptions."
            "MySQLTransactionRollbackException: Deadlock found when trying to get lock; try "
            "restarting transaction\n"
            "### The error may involve com.acme.order.mapper.OrderMapper.updateStatus-Inline\n"
            "\tat org.springframework.jdbc.support.SQLErrorCodeSQLExceptionTranslator.doTranslate"
            "(SQLErrorCodeSQLExceptionTranslator.java:267)\n"
            "\tat com.acme.order.service.impl.OrderServiceImpl.cancel(OrderServiceImpl.java:211)\n"
            "```\n"
            "是取消订单和支付回调同时更新同一行导致的吧？另外说一下，往后这种排查类的问题，"
            "你先给最可能的原因，再给验证步骤，别一上来就贴一大段改好的代码。",
            intent="code_explain",
            scope=(
                "order-service/src/main/java/com/acme/order/service/impl/OrderServiceImpl.java",
            ),
            rules=(
                rule(
                    "r_diag_order",
                    ("原因|cause", "验证|verif|步骤|step"),
                    "排查类问题的回答顺序",
                    "排查类问题先给最可能的原因，再给验证步骤，不要一上来贴大段代码。",
                    "往后这种排查类的问题，你先给最可能的原因，再给验证步骤，"
                    "别一上来就贴一大段改好的代码。",
                ),
            ),
        ),
        Turn(
            "我们订单状态更新都是用乐观锁的，version 字段，mapper 里 where 带 version。",
            intent="code_explain",
            facts=(
                fact(
                    "f_optimistic",
                    ("乐观锁|optimistic",),
                    "订单状态更新方式",
                    "订单状态更新都用乐观锁（version 字段，where 条件带 version）。",
                    "我们订单状态更新都是用乐观锁的，version 字段，mapper 里 where 带 version。",
                ),
            ),
        ),
        Turn(
            "支付回调是 order-api 里的 PayNotifyController 收的，收到后发 MQ 给 order-service "
            "异步处理。",
            intent="code_explain",
            facts=(
                fact(
                    "f_pay_notify",
                    ("回调|callback|notify", "mq|消息|message|queue|异步|async"),
                    "支付回调链路",
                    "支付回调由 order-api 的 PayNotifyController 接收，再发 MQ 给 order-service "
                    "异步处理。",
                    "支付回调是 order-api 里的 PayNotifyController 收的，收到后发 MQ 给 "
                    "order-service 异步处理。",
                ),
            ),
        ),
        Turn("懂了，谢谢！"),
    ),
    # The second half of the rule may be kept as a preference of its own.
    allowed=(
        rule(
            "r_no_code_dump",
            ("代码|code", NEG),
            "不要一上来贴大段代码",
            "排查问题时不要一上来就贴一大段改好的代码。",
            "别一上来就贴一大段改好的代码。",
        ),
    ),
    followups=(
        FollowUp(
            "支付回调重复推送的话，order-service 怎么保证幂等？",
            intent="code_explain",
            relevant=("回调|callback|notify|乐观锁|optimistic|version|order-service",),
            must=("回调|callback|notify",),
        ),
    ),
)

# --- d13: live-commerce rush sale (zh; paraphrased repeat, rules sharing a word) ----------

D13 = Conversation(
    id="d13-rush-restate-uppercase",
    project=Project(
        name="promo-rush",
        build_tool="maven",
        java_version="17",
        modules=("rush-web", "rush-stock", "rush-order", "rush-common"),
        frameworks=("spring boot", "mybatis", "kafka"),
    ),
    turns=(
        Turn(
            "往后回答我直接说结论，背景知识放后面，实在需要再讲。",
            rules=(
                rule(
                    "r_conclusion_first",
                    ("结论|conclusion|bottom line|answer first|up front|upfront|tl;dr|tldr",),
                    "回答先给结论",
                    "回答先直接给结论，背景知识放在后面，必要时再讲。",
                    "往后回答我直接说结论，背景知识放后面，实在需要再讲。",
                ),
            ),
        ),
        Turn(
            "还有，写 SQL 的时候关键字一律大写。",
            rules=(
                rule(
                    "r_sql_upper",
                    ("sql", "大写|upper"),
                    "SQL 关键字大写",
                    "写 SQL 时关键字一律大写。",
                    "还有，写 SQL 的时候关键字一律大写。",
                ),
            ),
        ),
        Turn(
            "rush-stock 里库存预扣是用 Redis 的 DECR 做的，扣成功再发 Kafka 消息给 rush-order "
            "落库。",
            intent="code_explain",
            facts=(
                fact(
                    "f_decr",
                    ("redis", "decr|预扣|扣减|deduct|decrement|扣库存"),
                    "库存预扣",
                    "rush-stock 用 Redis DECR 预扣库存，成功后发 Kafka 消息给 rush-order 落库。",
                    "rush-stock 里库存预扣是用 Redis 的 DECR 做的，扣成功再发 Kafka 消息给 "
                    "rush-order 落库。",
                ),
            ),
        ),
        Turn(
            "Java 常量也统一全大写加下划线，这个你也记着。",
            rules=(
                rule(
                    "r_const_upper",
                    ("常量|constant", "大写|upper"),
                    "Java 常量命名",
                    "Java 常量统一用全大写加下划线命名。",
                    "Java 常量也统一全大写加下划线，这个你也记着。",
                ),
            ),
        ),
        Turn("重复一遍哈：先甩结论，别绕弯子。", restates=("r_conclusion_first",)),
        Turn("rush-order 落库慢的时候 Kafka 会积压吗？", intent="code_explain"),
    ),
    followups=(
        FollowUp(
            "超卖了，库存扣成负数，可能是哪一步的问题？",
            relevant=("redis|decr|库存|stock|预扣|扣减|kafka|rush-order",),
            must=("redis",),
        ),
    ),
)

# --- d14: Spring Security auth centre (zh; 记住 in a question, a correction) -----------------

D14 = Conversation(
    id="d14-auth-jwt-correction",
    project=Project(
        name="auth-center",
        build_tool="maven",
        java_version="17",
        modules=("auth-server", "auth-client-starter", "auth-admin"),
        frameworks=("spring boot", "spring security"),
    ),
    turns=(
        Turn("记住我（remember-me）功能在 Spring Security 6 里还推荐用吗？token 存哪儿比较好？"),
        Turn("auth-server 现在是怎么发 token 的？", intent="code_explain"),
        Turn(
            "不是 session，我们用的是 JWT，RS256 签名，公钥放在 auth-server 的 /oauth2/jwks "
            "接口上。",
            intent="code_explain",
            facts=(
                fact(
                    "f_jwt",
                    ("jwt", "rs256|jwks|公钥|public key"),
                    "auth-server token 方案",
                    "auth-server 发 JWT（RS256 签名），公钥通过 /oauth2/jwks 接口提供，不是 "
                    "session。",
                    "不是 session，我们用的是 JWT，RS256 签名，公钥放在 auth-server 的 "
                    "/oauth2/jwks 接口上。",
                ),
            ),
        ),
        Turn("我老是搞混 permitAll 和 anonymous，能举个例子吗？"),
        Turn(
            "以后涉及安全配置的示例，都按 SecurityFilterChain 的 Bean 写法来，不要再出现 "
            "WebSecurityConfigurerAdapter 了，那个 6.x 已经删了。",
            rules=(
                rule(
                    "r_filter_chain",
                    ("securityfilterchain|filterchain|filter chain|过滤器链",),
                    "安全配置写法",
                    "安全配置示例一律用 SecurityFilterChain Bean 写法，不再用 "
                    "WebSecurityConfigurerAdapter。",
                    "以后涉及安全配置的示例，都按 SecurityFilterChain 的 Bean 写法来，不要再出现 "
                    "WebSecurityConfigurerAdapter 了，那个 6.x 已经删了。",
                ),
            ),
        ),
        Turn(
            "另外能不能别每次都把整个配置类贴出来？只贴改动的那几行就行。",
            rules=(
                rule(
                    "r_changed_lines",
                    ("配置|config", "改动|变更|chang|diff|几行|lines|片段|snippet|部分"),
                    "只贴改动的配置",
                    "不要每次都贴完整的配置类，只贴改动的那几行。",
                    "另外能不能别每次都把整个配置类贴出来？只贴改动的那几行就行。",
                ),
            ),
        ),
    ),
    followups=(
        FollowUp(
            "auth-client-starter 里怎么校验 token？",
            intent="code_explain",
            relevant=("jwt|rs256|jwks|token|公钥",),
            must=("jwt",),
        ),
    ),
)

# --- d15: card billing (en; assertion rule replaced, naming rule stays) --------------------

D15 = Conversation(
    id="d15-billing-assertions",
    project=Project(
        name="card-billing",
        build_tool="gradle",
        java_version="21",
        modules=("billing-core", "billing-statement", "billing-notify"),
        frameworks=("spring boot", "junit5", "mockito"),
    ),
    turns=(
        Turn(
            "For unit tests, use AssertJ assertions, I find Hamcrest matchers hard to read.",
            rules=(
                rule(
                    "r_assertj",
                    ("assertj",),
                    "test assertions: AssertJ",
                    "Use AssertJ assertions in unit tests, not Hamcrest matchers.",
                    "For unit tests, use AssertJ assertions, I find Hamcrest matchers hard to "
                    "read.",
                    unless=("junit",),
                ),
            ),
        ),
        Turn(
            "Also test method names: I prefer the should_doX_when_Y style, in English.",
            rules=(
                rule(
                    "r_test_names",
                    ("should", "test|测试"),
                    "test method naming",
                    "Name test methods in the should_doX_when_Y style, in English.",
                    "Also test method names: I prefer the should_doX_when_Y style, in English.",
                ),
            ),
        ),
        Turn("what's the cleanest way to mock LocalDate.now() in billing-statement?"),
        Turn("I'm not asking you to always inject a Clock, I just want it for this one test."),
        Turn(
            "fyi billing-statement generates statements on each customer's bill day, not at "
            "month end, using a Clock bean we inject everywhere.",
            intent="code_explain",
            facts=(
                fact(
                    "f_bill_day",
                    ("bill day|账单日|billing day|statement day",),
                    "statement generation day",
                    "billing-statement generates statements on each customer's bill day, not at "
                    "month end.",
                    "fyi billing-statement generates statements on each customer's bill day, not "
                    "at month end, using a Clock bean we inject everywhere.",
                ),
                fact(
                    "f_clock",
                    ("clock",),
                    "time source",
                    "A Clock bean is injected everywhere as the time source.",
                    "fyi billing-statement generates statements on each customer's bill day, not "
                    "at month end, using a Clock bean we inject everywhere.",
                ),
            ),
        ),
        Turn(
            "Change of plan on assertions: go with plain JUnit 5 assertEquals/assertThrows from "
            "now on, I've got used to them.",
            rules=(
                rule(
                    "r_junit_asserts",
                    ("junit|assertequals",),
                    "test assertions: plain JUnit",
                    "Use plain JUnit 5 assertions (assertEquals, assertThrows) in tests.",
                    "Change of plan on assertions: go with plain JUnit 5 assertEquals/assertThrows "
                    "from now on, I've got used to them.",
                    unless=("instead of junit|not junit|不用 junit|rather than junit",),
                ),
            ),
            supersedes=("r_assertj",),
        ),
    ),
    followups=(
        FollowUp(
            "how do I test the bill day logic around February 29?",
            relevant=("bill day|账单日|clock|billing-statement|statement",),
            must=("clock|bill day|账单日",),
        ),
    ),
)

# --- d16: clickstream ETL (en, typos; answer length replaced twice) ------------------------

D16 = Conversation(
    id="d16-etl-length-chain",
    project=Project(
        name="clickstream-etl",
        build_tool="maven",
        java_version="11",
        modules=("etl-ingest", "etl-transform", "etl-sink"),
        frameworks=("kafka", "spring boot"),
    ),
    turns=(
        Turn(
            "frm now on pls keep ur answers short, like 5-6 lines max, i read them on my phone lol",
            rules=(
                rule(
                    "r_short",
                    ("short|concise|brief|简短|简洁|精简|5-6|6 lines|六行|few lines",),
                    "answer length: short",
                    "Keep answers short, 5-6 lines at most.",
                    "frm now on pls keep ur answers short, like 5-6 lines max, i read them on my "
                    "phone lol",
                    unless=("detail|详细|no line limit|不限|summary|总结|摘要|概要|tl;dr|tldr",),
                ),
            ),
        ),
        Turn(
            "whats the diff between at-least-once and exactly-once in kafka streams? we run EOS "
            "v2 on etl-transform",
            facts=(
                fact(
                    "f_eos",
                    ("eos|exactly-once|exactly once|精确一次",),
                    "etl-transform processing guarantee",
                    "etl-transform runs Kafka Streams with exactly-once (EOS v2).",
                    "we run EOS v2 on etl-transform",
                ),
            ),
        ),
        Turn(
            "ok scratch the 5 lines thing, answers were too thin. go as detailed as needed, no "
            "line limit.",
            rules=(
                rule(
                    "r_detailed",
                    ("detail|详细|no line limit|不限|no limit|thorough|完整|in depth|in-depth",),
                    "answer length: detailed",
                    "Answers can be as detailed as needed, with no line limit.",
                    "go as detailed as needed, no line limit.",
                    unless=("summary|总结|摘要|概要|tl;dr|tldr",),
                ),
            ),
            supersedes=("r_short",),
        ),
        Turn(
            "etl-sink writes parquet to s3 every 10 min, partitioned by dt/hour",
            intent="code_explain",
            facts=(
                fact(
                    "f_parquet",
                    ("parquet",),
                    "etl-sink output",
                    "etl-sink writes Parquet files to S3 every 10 minutes, partitioned by dt/hour.",
                    "etl-sink writes parquet to s3 every 10 min, partitioned by dt/hour",
                ),
            ),
        ),
        Turn(
            "hmm middle ground: from now on put a 2-line summary at the top, then the details "
            "below.",
            rules=(
                rule(
                    "r_summary_top",
                    (
                        "summary|总结|摘要|概要|tl;dr|tldr|概述",
                        "top|前|开头|first|先|首|上面|begin|start",
                    ),
                    "answer format: summary first",
                    "Start answers with a two-line summary at the top, then the details below.",
                    "hmm middle ground: from now on put a 2-line summary at the top, then the "
                    "details below.",
                ),
            ),
            supersedes=("r_detailed",),
        ),
        Turn("thx!!"),
    ),
    followups=(
        FollowUp(
            "the files etl-sink writes are tiny, how do i compact them?",
            intent="code_explain",
            relevant=("parquet|s3|etl-sink|sink|partition|分区",),
            must=("parquet",),
            must_not=("eos|exactly",),
        ),
    ),
)

# --- d17: CRM JDK upgrade (zh; a fact changed, the rule built on it replaced) --------------

D17 = Conversation(
    id="d17-crm-jdk-upgrade",
    project=Project(
        name="crm-backend",
        build_tool="maven",
        java_version="8",
        modules=("crm-web", "crm-service", "crm-dao"),
        frameworks=("spring boot", "mybatis"),
    ),
    turns=(
        Turn(
            "我们线上还是 JDK 8，所以以后给的示例代码都按 Java 8 的语法写，别用 var 和 record。",
            facts=(
                fact(
                    "f_jdk8",
                    ("jdk 8|jdk8|java 8|java8|1.8",),
                    "线上 JDK 版本",
                    "线上运行的是 JDK 8。",
                    "我们线上还是 JDK 8，所以以后给的示例代码都按 Java 8 的语法写，别用 var 和 "
                    "record。",
                    unless=("17",),
                ),
            ),
            rules=(
                rule(
                    "r_java8_syntax",
                    ("java 8|java8|jdk 8|jdk8|1.8",),
                    "示例代码的 Java 版本",
                    "示例代码按 Java 8 语法写，不用 var 和 record。",
                    "我们线上还是 JDK 8，所以以后给的示例代码都按 Java 8 的语法写，别用 var 和 "
                    "record。",
                    unless=(
                        "17|放开|可以用|可以使用|允许|不再|no longer|can use|may use|allowed|"
                        "now use|新语法|new syntax",
                    ),
                ),
            ),
        ),
        Turn(
            "crm-service 里那个客户公海池回收是用 @Scheduled 每小时扫一次的吧？怎么改成延迟队列？",
            intent="code_explain",
        ),
        Turn(
            "上周末我们全量升级到 JDK 17 了，Spring Boot 也上了 3.1。往后示例可以放开用 record、"
            "switch 表达式、文本块这些。",
            facts=(
                fact(
                    "f_jdk17",
                    ("17", "jdk|java"),
                    "JDK 升级",
                    "上周末全量升级到了 JDK 17。",
                    "上周末我们全量升级到 JDK 17 了，Spring Boot 也上了 3.1。",
                ),
                fact(
                    "f_boot31",
                    ("3.1", "boot"),
                    "Spring Boot 版本",
                    "Spring Boot 升级到了 3.1。",
                    "上周末我们全量升级到 JDK 17 了，Spring Boot 也上了 3.1。",
                ),
            ),
            rules=(
                rule(
                    "r_java17_syntax",
                    ("17|record|switch 表达式|switch expression|文本块|text block",),
                    "示例代码可用 Java 17 语法",
                    "示例代码可以用 Java 17 语法，如 record、switch 表达式、文本块。",
                    "往后示例可以放开用 record、switch 表达式、文本块这些。",
                ),
            ),
            supersedes=("r_java8_syntax",),
            cancels=("f_jdk8",),
            cancel_quote="上周末我们全量升级到 JDK 17 了，Spring Boot 也上了 3.1。",
        ),
        Turn("nice，那 crm-dao 里的 PageHelper 要不要换？", intent="code_explain"),
    ),
    followups=(
        FollowUp(
            "crm-web 里能直接用 java.net.http 的 HttpClient 吗？",
            intent="code_explain",
            relevant=("17|jdk|java|boot|3.1",),
            must=("17",),
        ),
    ),
)

# --- d18: payroll on plain MyBatis (zh; reported speech, a hypothetical) ------------------

D18 = Conversation(
    id="d18-payroll-mybatis-xml",
    project=Project(
        name="hr-payroll",
        build_tool="maven",
        java_version="11",
        modules=("payroll-api", "payroll-calc", "payroll-report"),
        frameworks=("spring boot", "mybatis"),
    ),
    turns=(
        Turn(
            "咱们这边只用原生 MyBatis + XML mapper，别再给我出 MyBatis-Plus 的写法了。",
            rules=(
                rule(
                    "r_no_mybatis_plus",
                    ("mybatis-plus|mybatis plus|mybatisplus", NEG),
                    "不要 MyBatis-Plus 写法",
                    "不要再给 MyBatis-Plus 的写法，只用原生 MyBatis + XML mapper。",
                    "别再给我出 MyBatis-Plus 的写法了。",
                ),
            ),
            facts=(
                fact(
                    "f_mybatis_xml",
                    ("xml", "mybatis|mapper"),
                    "持久层",
                    "项目只用原生 MyBatis + XML mapper。",
                    "咱们这边只用原生 MyBatis + XML mapper，",
                ),
            ),
        ),
        Turn(
            "我同事说 mapper 接口上都应该加 @Mapper，不然扫不到，是这样吗？我们启动类上有 "
            "@MapperScan 的。",
            facts=(
                fact(
                    "f_mapperscan",
                    ("mapperscan",),
                    "mapper 扫描",
                    "启动类上配置了 @MapperScan 扫描 mapper 接口。",
                    "我们启动类上有 @MapperScan 的。",
                ),
            ),
        ),
        Turn(
            "payroll-calc 算个税的时候，累计预扣法的数据是存在 t_tax_accumulate 表里的，"
            "按员工+年份一行。",
            intent="code_explain",
            facts=(
                fact(
                    "f_tax_table",
                    ("t_tax_accumulate",),
                    "个税累计数据",
                    "payroll-calc 的个税累计预扣数据存在 t_tax_accumulate 表，每个员工每年一行。",
                    "payroll-calc 算个税的时候，累计预扣法的数据是存在 t_tax_accumulate 表里的，"
                    "按员工+年份一行。",
                ),
            ),
        ),
        Turn("假如我以后想都换成注解 SQL，XML 还能留着混用吗？"),
        Turn("好，明白"),
    ),
    followups=(
        FollowUp(
            "年中入职的员工，个税累计数据怎么初始化？",
            relevant=("t_tax_accumulate|个税|累计|tax|payroll-calc",),
            must=("t_tax_accumulate",),
            must_not=("mapperscan",),
        ),
    ),
)

# --- d19: port terminal system (mixed; modules tos-yard and tos-yard-plan) -----------------

D19 = Conversation(
    id="d19-tos-yard-prefix",
    project=Project(
        name="tos",
        build_tool="maven",
        java_version="17",
        modules=("tos-berth", "tos-yard", "tos-yard-plan", "tos-gate", "tos-common"),
        frameworks=("spring boot", "dubbo", "mybatis-plus"),
    ),
    turns=(
        Turn(
            "给你交代下背景：tos-yard 管堆场的实时箱位，tos-yard-plan 只做第二天的堆存计划，"
            "两个是独立部署的。",
            intent="code_explain",
            project_level=True,
            facts=(
                fact(
                    "f_yard_live",
                    ("箱位|slot|position", "实时|real-time|realtime|live|current"),
                    "tos-yard 职责",
                    "tos-yard 管理堆场的实时箱位。",
                    "给你交代下背景：tos-yard 管堆场的实时箱位，tos-yard-plan "
                    "只做第二天的堆存计划，"
                    "两个是独立部署的。",
                ),
                fact(
                    "f_yard_plan",
                    ("第二天|next day|next-day|次日|明天|tomorrow|following day", "计划|plan"),
                    "tos-yard-plan 职责",
                    "tos-yard-plan 只做第二天的堆存计划。",
                    "给你交代下背景：tos-yard 管堆场的实时箱位，tos-yard-plan "
                    "只做第二天的堆存计划，"
                    "两个是独立部署的。",
                ),
                fact(
                    "f_yard_deploy",
                    ("独立|independent|separate", "部署|deploy"),
                    "堆场模块部署",
                    "tos-yard 和 tos-yard-plan 是独立部署的两个服务。",
                    "给你交代下背景：tos-yard 管堆场的实时箱位，tos-yard-plan "
                    "只做第二天的堆存计划，"
                    "两个是独立部署的。",
                ),
            ),
        ),
        Turn(
            "tos-gate calls tos-yard through Dubbo to get a slot when a truck checks in; the "
            "timeout is 800ms.",
            intent="code_explain",
            facts=(
                fact(
                    "f_gate_dubbo",
                    ("dubbo", "800"),
                    "tos-gate 调用 tos-yard",
                    "集卡进闸时 tos-gate 通过 Dubbo 调 tos-yard 分配箱位，超时 800ms。",
                    "tos-gate calls tos-yard through Dubbo to get a slot when a truck checks in; "
                    "the timeout is 800ms.",
                ),
            ),
        ),
        Turn(
            "以后回答里提到 Dubbo 配置的时候，给 XML 和注解两种写法对照，我们新老代码都有。",
            rules=(
                rule(
                    "r_dubbo_both_styles",
                    ("dubbo", "xml", "注解|annotation"),
                    "Dubbo 配置写法对照",
                    "回答涉及 Dubbo 配置时，同时给出 XML 和注解两种写法。",
                    "以后回答里提到 Dubbo 配置的时候，给 XML 和注解两种写法对照，",
                ),
            ),
            facts=(
                fact(
                    "f_dubbo_mixed",
                    ("xml", "注解|annotation"),
                    "Dubbo 配置现状",
                    "代码里 Dubbo 的 XML 配置和注解配置新老并存。",
                    "我们新老代码都有。",
                ),
            ),
        ),
        Turn("ok 收到"),
    ),
    followups=(
        FollowUp(
            "tos-yard-plan 的计划算法跑太慢，怎么优化？",
            intent="code_explain",
            relevant=("tos-yard-plan|第二天|next day|次日|计划|plan|独立|independent|separate",),
            must=("第二天|next day|next-day|次日|明天|tomorrow|following day",),
            must_not=("800",),
        ),
        FollowUp(
            "tos-gate 调用超时报错怎么排查？",
            intent="code_explain",
            relevant=("tos-gate|gate|闸|dubbo|800|超时|timeout|xml|注解",),
            must=("800",),
            must_not=("第二天|next day|次日|tomorrow",),
        ),
    ),
)

# --- d20: hospital system (zh; a fact withdrawn without replacement) -----------------------

D20 = Conversation(
    id="d20-his-fact-withdrawn",
    project=Project(
        name="his-cloud",
        build_tool="maven",
        java_version="8",
        modules=("his-outpatient", "his-inpatient", "his-pharmacy", "his-emr"),
        frameworks=("spring cloud", "spring boot", "mybatis"),
    ),
    turns=(
        Turn(
            "his-emr 的病历是存在 MongoDB 里的，其他模块都用 Oracle 11g。",
            intent="code_explain",
            facts=(
                fact(
                    "f_emr_mongo",
                    ("mongo", "emr|病历"),
                    "病历存储",
                    "his-emr 的病历存储在 MongoDB 中。",
                    "his-emr 的病历是存在 MongoDB 里的，其他模块都用 Oracle 11g。",
                    unless=(
                        "迁回|确认|confirm|unsure|不确定|待|migrated back|moved back|no longer",
                    ),
                ),
                fact(
                    "f_oracle",
                    ("oracle", "11"),
                    "其他模块数据库",
                    "除 his-emr 外，其他模块都用 Oracle 11g。",
                    "his-emr 的病历是存在 MongoDB 里的，其他模块都用 Oracle 11g。",
                ),
            ),
        ),
        Turn(
            "每次举例子涉及患者信息的时候，姓名身份证什么的都用明显的假数据，"
            "我经常要截图给别人看。",
            rules=(
                rule(
                    "r_fake_patient_data",
                    (
                        "假|fake|dummy|mock|placeholder|虚构|made-up|fictional|synthetic",
                        "患者|patient|病人",
                    ),
                    "示例中的患者数据",
                    "示例涉及患者信息（姓名、身份证等）时一律用明显的假数据。",
                    "每次举例子涉及患者信息的时候，姓名身份证什么的都用明显的假数据，",
                ),
            ),
        ),
        Turn("Oracle 11g 分页用 rownum 还是 row_number 好？"),
        Turn(
            "等下，刚说 his-emr 用 MongoDB 那条先别记，我去确认下，好像去年迁回 Oracle 了。",
            cancels=("f_emr_mongo",),
            cancel_quote="等下，刚说 his-emr 用 MongoDB 那条先别记，我去确认下，好像去年迁回 "
            "Oracle 了。",
        ),
        Turn("谢谢哈"),
    ),
    followups=(
        FollowUp(
            "his-emr 的病历全文检索怎么做？",
            intent="code_explain",
            relevant=("emr|病历|oracle",),
            must_not=("mongo",),
        ),
    ),
)

# --- d21: Camunda claims workflow (en, polite; one-off, self-description) ------------------

D21 = Conversation(
    id="d21-camunda-bpmn",
    project=Project(
        name="claims-workflow",
        build_tool="maven",
        java_version="17",
        modules=("claims-api", "claims-process", "claims-worker"),
        frameworks=("spring boot", "junit5"),
    ),
    turns=(
        Turn(
            "Hello! Could you, going forward, include the BPMN snippet whenever you explain a "
            "change to a process? It helps me review it in the Modeler. Thank you!",
            rules=(
                rule(
                    "r_bpmn",
                    ("bpmn",),
                    "include BPMN for process changes",
                    "Whenever explaining a change to a process, include the BPMN snippet.",
                    "Could you, going forward, include the BPMN snippet whenever you explain a "
                    "change to a process?",
                ),
            ),
        ),
        Turn(
            "We're on Camunda 7.19 embedded in claims-process, with external task workers in "
            "claims-worker.",
            intent="code_explain",
            facts=(
                fact(
                    "f_camunda",
                    ("7.19",),
                    "Camunda version",
                    "Camunda 7.19 runs embedded in claims-process.",
                    "We're on Camunda 7.19 embedded in claims-process, with external task workers "
                    "in claims-worker.",
                ),
                fact(
                    "f_external_tasks",
                    ("external task|外部任务|external-task",),
                    "claims-worker",
                    "claims-worker runs the external task workers.",
                    "We're on Camunda 7.19 embedded in claims-process, with external task workers "
                    "in claims-worker.",
                ),
            ),
        ),
        Turn(
            "Please don't explain the history cleanup config this time, I just need the "
            "property name.",
        ),
        Turn("I keep forgetting to set asyncBefore on service tasks, is there a lint for that?"),
        Turn("That's all for today, thanks a lot."),
    ),
    followups=(
        FollowUp(
            "A claims-worker job got locked and never completed, what should I check?",
            intent="code_explain",
            relevant=("external task|外部任务|external-task|claims-worker|worker|7.19|camunda",),
            must=("external task|外部任务|external-task",),
        ),
    ),
)

# --- d22: MQTT hub on Netty (en, typos; a negated wish, a conditional rule, a leak log) -----

D22 = Conversation(
    id="d22-iot-netty-pipeline",
    project=Project(
        name="iot-hub",
        build_tool="gradle",
        java_version="17",
        modules=("hub-mqtt", "hub-rule", "hub-device", "hub-console"),
        frameworks=("netty", "spring boot", "kafka"),
    ),
    turns=(
        Turn(
            "I'm not saying you should never use Unpooled buffers, I'm just curious why my "
            "handler leaks with them.",
        ),
        Turn(
            "hub-mqtt holds ~200k device connections per node, epoll transport, 8 worker threads.",
            intent="code_explain",
            facts=(
                fact(
                    "f_conn_count",
                    ("200k|200 k|20 万|20万|200,000|200000|200 thousand",),
                    "hub-mqtt connections",
                    "Each hub-mqtt node holds about 200k device connections.",
                    "hub-mqtt holds ~200k device connections per node, epoll transport, 8 worker "
                    "threads.",
                ),
                fact(
                    "f_epoll",
                    ("epoll",),
                    "hub-mqtt transport",
                    "hub-mqtt uses the epoll transport with 8 worker threads.",
                    "hub-mqtt holds ~200k device connections per node, epoll transport, 8 worker "
                    "threads.",
                ),
            ),
        ),
        Turn(
            "whenver you touch the netty pipeline in an answer, show the full ChannelInitializer "
            "not just the handler, pls",
            rules=(
                rule(
                    "r_full_initializer",
                    ("channelinitializer|initializer|完整 pipeline|full pipeline",),
                    "show the full ChannelInitializer",
                    "Whenever an answer touches the Netty pipeline, show the full "
                    "ChannelInitializer, not just the handler.",
                    "whenver you touch the netty pipeline in an answer, show the full "
                    "ChannelInitializer not just the handler, pls",
                ),
            ),
        ),
        Turn(
            "LEAK: ByteBuf.release() was not called before it's garbage-collected. Recent "
            "access records:\n#1:\n"
            "\tio.netty.buffer.AdvancedLeakAwareByteBuf.r"
            "eadBytes(AdvancedLeakAwareByteBuf.java:496)\n"
            "\tcom.acme.hub.mqtt.codec.PublishDecoder.decode(PublishDecoder.java:58)\n"
            "\tio.netty.handler.codec.ByteToMessageDecode"
            "r.callDecode(ByteToMessageDecoder.java:529)\n"
            "any idea?",
            intent="code_explain",
        ),
        Turn("k fixed it, was a missing release in the decoder. thx"),
    ),
    followups=(
        FollowUp(
            "how many event loop threads should hub-mqtt use on a 16 core box?",
            intent="code_explain",
            relevant=("epoll|200k|200 k|worker|hub-mqtt|connection|连接|thread",),
            must=("epoll|200k|200 k|200,000|200000",),
        ),
    ),
)

# --- d23: trade platform (zh; the user corrects their own fact) ---------------------------

D23 = Conversation(
    id="d23-trade-seata-corrected",
    project=Project(
        name="trade-platform",
        build_tool="maven",
        java_version="11",
        modules=("trade-order", "trade-account", "trade-inventory", "trade-gateway"),
        frameworks=("dubbo", "spring boot", "mybatis"),
    ),
    turns=(
        Turn(
            "trade-order 下单时要同时扣 trade-account 的余额和 trade-inventory 的库存，我们用 "
            "Seata AT 模式保证一致性。",
            intent="code_explain",
            facts=(
                fact(
                    "f_order_flow",
                    ("trade-account|余额|balance", "trade-inventory|库存|inventory|stock"),
                    "下单涉及的服务",
                    "trade-order 下单时要同时扣 trade-account 的余额和 trade-inventory 的库存。",
                    "trade-order 下单时要同时扣 trade-account 的余额和 trade-inventory 的库存，",
                ),
                fact(
                    "f_seata",
                    ("seata",),
                    "下单一致性方案（Seata）",
                    "下单链路用 Seata AT 模式保证一致性。",
                    "我们用 Seata AT 模式保证一致性。",
                    unless=(
                        "本地消息|local message|outbox|消息表|message table|没有用 seata|"
                        "没用 seata|没上 seata|not seata|no seata|不是 seata|instead of seata|"
                        "预研|evaluat",
                    ),
                ),
            ),
        ),
        Turn("Seata 的 undo_log 表总是涨得很快，要定期清吗？"),
        Turn(
            "哦不对，我记错了，下单那块没上 Seata，是用本地消息表 + 定时补偿做的最终一致，"
            "Seata 只是当时预研过。",
            facts=(
                fact(
                    "f_local_message",
                    ("本地消息|local message|outbox|消息表|message table",),
                    "下单一致性方案",
                    "下单链路没有用 Seata，而是本地消息表 + 定时补偿实现最终一致。",
                    "哦不对，我记错了，下单那块没上 Seata，是用本地消息表 + 定时补偿做的最终一致，"
                    "Seata 只是当时预研过。",
                ),
            ),
            cancels=("f_seata",),
            cancel_quote="哦不对，我记错了，下单那块没上 Seata，是用本地消息表 + "
            "定时补偿做的最终一致，"
            "Seata 只是当时预研过。",
        ),
        Turn(
            "以后凡是讲分布式事务，都先问我一下是哪个链路，别默认 Seata。",
            rules=(
                rule(
                    "r_ask_which_flow",
                    ("分布式|distributed", "问|ask|确认|confirm|clarif"),
                    "分布式事务先确认链路",
                    "讲分布式事务时先问清是哪个链路，不要默认 Seata。",
                    "以后凡是讲分布式事务，都先问我一下是哪个链路，别默认 Seata。",
                ),
            ),
        ),
        Turn(
            "trade-gateway 是 Spring Cloud Gateway，不走 Dubbo，对外只暴露 HTTP。",
            intent="code_explain",
            facts=(
                fact(
                    "f_gateway_http",
                    ("http", "gateway|网关"),
                    "trade-gateway",
                    "trade-gateway 是 Spring Cloud Gateway，不走 Dubbo，对外只暴露 HTTP。",
                    "trade-gateway 是 Spring Cloud Gateway，不走 Dubbo，对外只暴露 HTTP。",
                ),
            ),
        ),
    ),
    followups=(
        FollowUp(
            "trade-inventory 扣库存失败了，订单那边要怎么回滚？",
            intent="code_explain",
            relevant=(
                "本地消息|local message|outbox|消息表|补偿|compensat|最终一致|eventual|"
                "trade-order|trade-inventory|库存",
            ),
            must=("本地消息|local message|outbox|消息表|message table",),
            must_not=("http",),
        ),
    ),
)

# --- d24: report centre (zh; chit-chat, 记得…, an ambiguous length wish) -------------------

D24 = Conversation(
    id="d24-report-export-chitchat",
    project=Project(
        name="report-center",
        build_tool="maven",
        java_version="8",
        modules=("report-engine", "report-export", "report-web"),
        frameworks=("spring boot", "mybatis"),
    ),
    turns=(
        Turn("在吗"),
        Turn(
            "report-export 导出 Excel 用的是 EasyExcel 3.x，大文件会写到 OSS 再给下载链接。",
            intent="code_explain",
            facts=(
                fact(
                    "f_easyexcel",
                    ("easyexcel",),
                    "导出组件",
                    "report-export 用 EasyExcel 3.x 导出 Excel。",
                    "report-export 导出 Excel 用的是 EasyExcel 3.x，大文件会写到 OSS "
                    "再给下载链接。",
                ),
                fact(
                    "f_oss",
                    ("oss", "下载|download|链接|link|url|大文件|large"),
                    "大文件导出方式",
                    "大文件导出会先写到 OSS，再给用户下载链接。",
                    "report-export 导出 Excel 用的是 EasyExcel 3.x，大文件会写到 OSS "
                    "再给下载链接。",
                ),
            ),
        ),
        Turn(
            "记得以后给导出相关的代码都加上分页查询，别一次性全查出来，我们吃过 OOM 的亏。",
            rules=(
                rule(
                    "r_export_paging",
                    ("分页|paginat|page|分批|batch", "导出|export"),
                    "导出代码分页查询",
                    "导出相关代码一律分页查询，不要一次性全部查出。",
                    "记得以后给导出相关的代码都加上分页查询，别一次性全查出来，",
                ),
            ),
        ),
        Turn("👍"),
        Turn("ok，回答短一点就好"),
        Turn(
            "report-engine 那边的 SQL 模板是存在数据库里的，运营可以自己改。",
            intent="code_explain",
            facts=(
                fact(
                    "f_sql_templates",
                    ("模板|template", "数据库|database|db|表|table"),
                    "报表 SQL 模板",
                    "report-engine 的 SQL 模板存在数据库里，运营可以自己修改。",
                    "report-engine 那边的 SQL 模板是存在数据库里的，运营可以自己改。",
                ),
            ),
        ),
    ),
    # "回答短一点就好" has no standing marker: it may be about the next answer only.
    allowed=(
        rule(
            "r_short_maybe",
            ("短|简|short|concise|brief",),
            "回答简短",
            "回答简短一些。",
            "ok，回答短一点就好",
        ),
    ),
    followups=(
        FollowUp(
            "导出 50 万行的时候内存又爆了，怎么办？",
            relevant=("easyexcel|oss|导出|export|report-export",),
            must=("easyexcel",),
            must_not=("模板|template",),
        ),
    ),
)

# --- d25: member points (mixed; two rules in one message, one cancelled) ------------------

D25 = Conversation(
    id="d25-points-two-rules",
    project=Project(
        name="member-points",
        build_tool="gradle",
        java_version="17",
        modules=("points-core", "points-mall", "points-expire"),
        frameworks=("spring boot", "mybatis-plus", "junit5"),
    ),
    turns=(
        Turn(
            "Two things for the rest of this project: always include the import lines in code "
            "snippets, and don't use `var`, my reviewers hate it.",
            rules=(
                rule(
                    "r_imports",
                    ("import",),
                    "include imports in snippets",
                    "Always include the import lines in code snippets.",
                    "Two things for the rest of this project: always include the import lines in "
                    "code snippets, and don't use `var`, my reviewers hate it.",
                ),
                rule(
                    "r_no_var",
                    ("var", NEG),
                    "no var",
                    "Don't use var in code.",
                    "Two things for the rest of this project: always include the import lines in "
                    "code snippets, and don't use `var`, my reviewers hate it.",
                ),
            ),
        ),
        Turn(
            "points-expire 每月 1 号凌晨把过期积分清掉，用的是分片广播任务，10 个分片。",
            intent="code_explain",
            facts=(
                fact(
                    "f_expire_shards",
                    ("分片|shard", "过期|expir"),
                    "积分过期任务",
                    "points-expire 每月 1 号凌晨清理过期积分，用 10 个分片的分片广播任务。",
                    "points-expire 每月 1 号凌晨把过期积分清掉，用的是分片广播任务，10 个分片。",
                ),
            ),
        ),
        Turn(
            "why is my @Transactional not rolling back in points-core when I catch the exception?"
        ),
        Turn("我老是忘了 rollbackFor，有啥办法统一处理吗"),
        Turn(
            "Update: drop the no-`var` rule, I'm fine with it now. Imports still please.",
            cancels=("r_no_var",),
            cancel_quote="Update: drop the no-`var` rule, I'm fine with it now.",
            restates=("r_imports",),
        ),
    ),
    followups=(
        FollowUp(
            "points-expire 有个分片一直没跑完，怎么查？",
            intent="code_explain",
            relevant=("分片|shard|points-expire|过期|expir",),
            must=("分片|shard",),
        ),
    ),
)

# --- d26: route planning on Gradle (zh; 咱们这边…, a version rule replaced) ----------------

D26 = Conversation(
    id="d26-route-gradle-version",
    project=Project(
        name="logistics-route",
        build_tool="gradle",
        java_version="21",
        modules=("route-planner", "route-api", "route-osm"),
        frameworks=("spring boot", "junit5"),
    ),
    turns=(
        Turn(
            "咱们这边 gradle 开了 configuration cache 和远程 build cache，节点在内网 Nexus 上。",
            facts=(
                fact(
                    "f_config_cache",
                    ("configuration cache|配置缓存|configuration-cache",),
                    "Gradle configuration cache",
                    "Gradle 开启了 configuration cache。",
                    "咱们这边 gradle 开了 configuration cache 和远程 build cache，节点在内网 Nexus "
                    "上。",
                ),
                fact(
                    "f_remote_cache",
                    ("remote|远程", "cache|缓存"),
                    "Gradle 远程构建缓存",
                    "Gradle 开了远程 build cache，缓存节点在内网 Nexus 上。",
                    "咱们这边 gradle 开了 configuration cache 和远程 build cache，节点在内网 Nexus "
                    "上。",
                ),
            ),
        ),
        Turn(
            "以后我问构建相关的问题，默认按 Gradle 8.5 来答，别给我 Gradle 6 的老写法。",
            rules=(
                rule(
                    "r_gradle_85",
                    ("8.5",),
                    "构建问题按 Gradle 8.5",
                    "构建问题默认按 Gradle 8.5 回答，不给 Gradle 6 的老写法。",
                    "以后我问构建相关的问题，默认按 Gradle 8.5 来答，别给我 Gradle 6 的老写法。",
                    unless=("8.10",),
                ),
            ),
        ),
        Turn(
            "route-planner 算路用的是 GraphHopper，路网数据从 route-osm 每周同步一次。",
            intent="code_explain",
            facts=(
                fact(
                    "f_graphhopper",
                    ("graphhopper",),
                    "算路引擎",
                    "route-planner 用 GraphHopper 算路。",
                    "route-planner 算路用的是 GraphHopper，路网数据从 route-osm 每周同步一次。",
                ),
                fact(
                    "f_osm_weekly",
                    (
                        "每周|weekly|每星期|once a week|every week|一周一次",
                        "osm|路网|road network|map",
                    ),
                    "路网数据同步",
                    "路网数据每周从 route-osm 同步一次。",
                    "route-planner 算路用的是 GraphHopper，路网数据从 route-osm 每周同步一次。",
                ),
            ),
        ),
        Turn("为什么开了 configuration cache 之后，有些 task 总是报 not compatible？"),
        Turn(
            "Gradle 升级了，现在是 8.10。以后构建问题都按 8.10 来答。",
            facts=(
                fact(
                    "f_gradle_810",
                    ("8.10", "gradle"),
                    "Gradle 版本",
                    "项目的 Gradle 已升级到 8.10。",
                    "Gradle 升级了，现在是 8.10。",
                ),
            ),
            rules=(
                rule(
                    "r_gradle_810",
                    ("8.10",),
                    "构建问题按 Gradle 8.10",
                    "构建问题默认按 Gradle 8.10 回答。",
                    "以后构建问题都按 8.10 来答。",
                ),
            ),
            supersedes=("r_gradle_85",),
        ),
    ),
    followups=(
        FollowUp(
            "route-api 调 route-planner 算路超时，怎么排查？",
            intent="code_explain",
            relevant=("graphhopper|route-planner|算路|route-osm|路网",),
            must=("graphhopper",),
            must_not=("configuration cache|配置缓存",),
        ),
    ),
)

# --- d27: Spring Cloud Gateway edge (en; a rule after a question, then withdrawn) ---------

D27 = Conversation(
    id="d27-edge-webflux-withdrawn",
    project=Project(
        name="edge-gateway",
        build_tool="maven",
        java_version="17",
        modules=("edge-gateway", "edge-auth", "edge-ratelimit"),
        frameworks=("spring cloud", "spring boot"),
    ),
    turns=(
        Turn(
            "How do I add a global filter that logs request latency? Also, going forward please "
            "assume WebFlux in your answers, there's no servlet stack anywhere in this repo.",
            rules=(
                rule(
                    "r_webflux",
                    ("webflux|reactive|响应式",),
                    "assume WebFlux",
                    "Assume WebFlux (reactive stack) in answers.",
                    "Also, going forward please assume WebFlux in your answers, there's no servlet "
                    "stack anywhere in this repo.",
                ),
            ),
            facts=(
                fact(
                    "f_no_servlet",
                    ("servlet",),
                    "web stack",
                    "The repo has no servlet stack anywhere; it is reactive.",
                    "there's no servlet stack anywhere in this repo.",
                ),
            ),
        ),
        Turn(
            "edge-ratelimit uses the Redis token bucket via RequestRateLimiter, 100 req/s per "
            "API key.",
            intent="code_explain",
            facts=(
                fact(
                    "f_rate_limit",
                    ("token bucket|令牌桶|requestratelimiter|ratelimiter|rate limiter", "100"),
                    "edge-ratelimit",
                    "edge-ratelimit uses a Redis token bucket (RequestRateLimiter), 100 requests "
                    "per second per API key.",
                    "edge-ratelimit uses the Redis token bucket via RequestRateLimiter, 100 req/s "
                    "per API key.",
                ),
            ),
        ),
        Turn(
            "ok, what if I wanted every route to default to a 3s timeout, hypothetically, is "
            "that a global property?",
        ),
        Turn(
            "Never mind the WebFlux thing actually, I'll just tell you when it matters.",
            cancels=("r_webflux",),
            cancel_quote="Never mind the WebFlux thing actually, I'll just tell you when it "
            "matters.",
        ),
        Turn("cheers"),
    ),
    followups=(
        FollowUp(
            "clients get 429 too often from edge-ratelimit, what knobs do I have?",
            intent="code_explain",
            relevant=(
                "ratelimit|rate limit|限流|token bucket|令牌桶|100|requestratelimiter|rate limiter",
            ),
            must=("token bucket|令牌桶|requestratelimiter|rate limiter|ratelimiter",),
            must_not=("servlet",),
        ),
    ),
)

# --- d28: SMS marketing (zh; 记得…, a one-off language switch) ------------------------------

D28 = Conversation(
    id="d28-sms-mdc-oneoff",
    project=Project(
        name="sms-marketing",
        build_tool="maven",
        java_version="11",
        modules=("sms-task", "sms-channel", "sms-template", "sms-admin"),
        frameworks=("spring boot", "mybatis-plus"),
    ),
    turns=(
        Turn(
            "sms-channel 对接了三家短信通道：阿里云、腾讯云、创蓝，按成功率动态路由。",
            intent="code_explain",
            facts=(
                fact(
                    "f_channel_routing",
                    ("成功率|success rate",),
                    "短信通道路由",
                    "sms-channel 对接阿里云、腾讯云、创蓝三家短信通道，按成功率动态路由。",
                    "sms-channel 对接了三家短信通道：阿里云、腾讯云、创蓝，按成功率动态路由。",
                ),
            ),
        ),
        Turn(
            "每次写 JobHandler 的时候，记得加上 traceId 的 MDC 埋点，不然日志串不起来。",
            rules=(
                rule(
                    "r_mdc_trace",
                    ("mdc|traceid|trace id|trace-id|链路 id",),
                    "JobHandler 加 traceId",
                    "写 JobHandler 时都加上 traceId 的 MDC 埋点。",
                    "每次写 JobHandler 的时候，记得加上 traceId 的 MDC 埋点，不然日志串不起来。",
                ),
            ),
        ),
        Turn(
            "记住我们短信平台的 AccessKey 是 LTAI5tQx9mZ2kP7vR3nW8bYc，后面写示例直接用这个。",
        ),
        Turn(
            "为什么群发任务总是重复发送？任务是分片广播的。",
            facts=(
                fact(
                    "f_broadcast",
                    ("分片|shard", "广播|broadcast"),
                    "群发任务执行方式",
                    "群发任务以分片广播方式执行。",
                    "任务是分片广播的。",
                ),
            ),
        ),
        Turn("这次回答你用英文吧，我要转给新加坡的同事看。"),
        Turn("好的 谢谢"),
    ),
    followups=(
        FollowUp(
            "某个通道成功率突然掉到 60%，会自动切走吗？",
            intent="code_explain",
            relevant=("成功率|success rate|路由|rout|sms-channel|通道|channel",),
            must=("成功率|success rate",),
            must_not=("广播|broadcast",),
        ),
    ),
)

# --- d29: Canal to Elasticsearch sync (en; a credential, then a rule against credentials) ---

D29 = Conversation(
    id="d29-canal-credentials",
    project=Project(
        name="product-sync",
        build_tool="maven",
        java_version="8",
        modules=("sync-canal", "sync-es", "sync-monitor"),
        frameworks=("spring boot", "kafka"),
    ),
    turns=(
        Turn(
            "btw the es cluster creds are elastic / Pr0d-Es#2291, keep them handy for the examples",
        ),
        Turn(
            "On second thought, never put real credentials in examples, always use "
            "${ES_PASSWORD}-style placeholders.",
            rules=(
                rule(
                    "r_placeholders",
                    (
                        "placeholder|占位|环境变量|env var|environment variable|${",
                        "credential|password|密码|凭据|凭证|secret|账号",
                    ),
                    "credentials in examples",
                    "Never put real credentials in examples; use environment-variable placeholders "
                    "such as ES_PASSWORD.",
                    "On second thought, never put real credentials in examples, always use "
                    "${ES_PASSWORD}-style placeholders.",
                ),
            ),
        ),
        Turn(
            "sync-canal reads the MySQL binlog of the product DB and pushes row changes to Kafka "
            "topic prod.product.binlog.",
            intent="code_explain",
            facts=(
                fact(
                    "f_canal_binlog",
                    ("binlog",),
                    "sync-canal source",
                    "sync-canal reads the product database's MySQL binlog and pushes row changes "
                    "to the Kafka topic prod.product.binlog.",
                    "sync-canal reads the MySQL binlog of the product DB and pushes row changes to "
                    "Kafka topic prod.product.binlog.",
                ),
            ),
        ),
        Turn(
            "sync-es consumes that topic, we keep ordering by partitioning on product_id.",
            intent="code_explain",
            facts=(
                fact(
                    "f_partition_key",
                    ("product_id",),
                    "sync-es ordering",
                    "sync-es consumes the binlog topic; ordering is kept by partitioning on "
                    "product_id.",
                    "sync-es consumes that topic, we keep ordering by partitioning on product_id.",
                ),
            ),
        ),
        Turn("why do updates sometimes arrive before inserts in ES?"),
    ),
    followups=(
        FollowUp(
            "updates for the same product land out of order in ES, why?",
            relevant=("product_id|partition|分区|binlog|sync-es|sync-canal|kafka|顺序|order",),
            must=("product_id",),
        ),
    ),
)

# --- d30: delivery dispatch (zh; a rule cancelled, then stated again) ----------------------

D30 = Conversation(
    id="d30-dispatch-emoji-revived",
    project=Project(
        name="delivery-dispatch",
        build_tool="maven",
        java_version="17",
        modules=("dispatch-core", "dispatch-geo", "dispatch-rider", "dispatch-admin"),
        frameworks=("spring boot", "mybatis-plus", "kafka"),
    ),
    turns=(
        Turn(
            "回答里别再带 emoji 和感叹号了，看着像营销号。",
            rules=(
                rule(
                    "r_no_emoji",
                    ("emoji|表情", NEG),
                    "不用 emoji",
                    "回答里不要带 emoji 和感叹号。",
                    "回答里别再带 emoji 和感叹号了，看着像营销号。",
                ),
            ),
        ),
        Turn(
            "dispatch-geo 用 Redis GEO 存骑手实时位置，每 5 秒上报一次。",
            intent="code_explain",
            facts=(
                fact(
                    "f_rider_geo",
                    ("redis", "5 秒|5秒|5s|5 sec|5 second|five sec|五秒|每 5|every 5"),
                    "骑手位置存储",
                    "dispatch-geo 用 Redis GEO 存骑手实时位置，每 5 秒上报一次。",
                    "dispatch-geo 用 Redis GEO 存骑手实时位置，每 5 秒上报一次。",
                ),
            ),
        ),
        Turn(
            "emoji 那条算了吧，偶尔带一两个其实也挺活泼的。",
            cancels=("r_no_emoji",),
            cancel_quote="emoji 那条算了吧，偶尔带一两个其实也挺活泼的。",
        ),
        Turn("派单算法里骑手的顺路度一般怎么算？"),
        Turn(
            "想了想还是别带 emoji 了，以后回答我要直接贴进技术方案里。",
            revives=("r_no_emoji",),
        ),
    ),
    followups=(
        FollowUp(
            "骑手位置上报延迟会影响派单吗？",
            relevant=("geo|位置|location|redis|骑手|rider|5 秒|5秒",),
            must=("geo|redis",),
        ),
    ),
)

# --- d31: campus card (en; "like I said" repeat, facts per module) ------------------------

D31 = Conversation(
    id="d31-campus-card-wildcards",
    project=Project(
        name="campus-card",
        build_tool="maven",
        java_version="17",
        modules=("card-core", "card-pos", "card-recharge", "card-web"),
        frameworks=("spring boot", "jpa", "junit5"),
    ),
    turns=(
        Turn(
            "Pet peeve of mine: wildcard imports. Please never use them in anything you write "
            "for me.",
            rules=(
                rule(
                    "r_no_wildcard",
                    ("wildcard|通配|.*", NEG),
                    "no wildcard imports",
                    "Never use wildcard imports in code written for the user.",
                    "Pet peeve of mine: wildcard imports. Please never use them in anything you "
                    "write for me.",
                ),
            ),
        ),
        Turn(
            "card-pos talks to the POS terminals over a custom TCP protocol, and every swipe is "
            "written to card_txn with the terminal id.",
            intent="code_explain",
            facts=(
                fact(
                    "f_pos_tcp",
                    ("tcp",),
                    "card-pos protocol",
                    "card-pos talks to the POS terminals over a custom TCP protocol.",
                    "card-pos talks to the POS terminals over a custom TCP protocol, and every "
                    "swipe is written to card_txn with the terminal id.",
                ),
                fact(
                    "f_card_txn",
                    ("card_txn",),
                    "swipe records",
                    "Every swipe is written to the card_txn table with the terminal id.",
                    "card-pos talks to the POS terminals over a custom TCP protocol, and every "
                    "swipe is written to card_txn with the terminal id.",
                ),
            ),
        ),
        Turn(
            "How should I model the recharge flow in JPA so a failed bank callback doesn't "
            "double-credit?",
        ),
        Turn(
            "Like I said, no wildcard imports. You slipped one into that last snippet.",
            restates=("r_no_wildcard",),
        ),
        Turn(
            "card-recharge is the only module that talks to the bank; it's behind a separate "
            "firewall zone.",
            intent="code_explain",
            facts=(
                fact(
                    "f_recharge_bank",
                    ("bank|银行", "recharge|充值"),
                    "bank integration",
                    "card-recharge is the only module that talks to the bank.",
                    "card-recharge is the only module that talks to the bank;",
                ),
                fact(
                    "f_firewall",
                    ("firewall|防火墙",),
                    "card-recharge network zone",
                    "card-recharge sits behind a separate firewall zone.",
                    "it's behind a separate firewall zone.",
                ),
            ),
        ),
    ),
    followups=(
        FollowUp(
            "A swipe shows up twice in card_txn, where do I look?",
            intent="code_explain",
            relevant=("card_txn|tcp|card-pos|pos|swipe|刷卡",),
            must=("card_txn",),
            must_not=("firewall|防火墙",),
        ),
    ),
)

# --- d32: live gifts (zh, colloquial; 以后都给我…, 统一…) -----------------------------------

D32 = Conversation(
    id="d32-live-gift-colloquial",
    project=Project(
        name="live-gift",
        build_tool="maven",
        java_version="17",
        modules=("gift-core", "gift-rank", "gift-settle", "live-room"),
        frameworks=("spring boot", "netty", "kafka", "mybatis"),
    ),
    turns=(
        Turn(
            "以后都给我先写单测再写实现，TDD 那个顺序，我想练练手。",
            rules=(
                rule(
                    "r_tdd",
                    (
                        "tdd|先写单|先写测试|test first|test-first|tests first|tests before|"
                        "测试先行|测试优先",
                    ),
                    "先写单测（TDD）",
                    "先写单元测试再写实现，按 TDD 的顺序。",
                    "以后都给我先写单测再写实现，TDD 那个顺序，我想练练手。",
                ),
            ),
        ),
        Turn(
            "gift-rank 的榜单是 Redis ZSET，按直播间一个 key，每天零点清。",
            intent="code_explain",
            facts=(
                fact(
                    "f_rank_zset",
                    ("zset|sorted set|有序集合",),
                    "礼物榜单存储",
                    "gift-rank 的榜单用 Redis ZSET，每个直播间一个 key，每天零点清空。",
                    "gift-rank 的榜单是 Redis ZSET，按直播间一个 key，每天零点清。",
                ),
            ),
        ),
        Turn(
            "统一一下：金额字段一律用分（long），别给我 BigDecimal 元。",
            rules=(
                rule(
                    "r_amount_cents",
                    ("long", "分|cent|fen"),
                    "金额字段类型",
                    "金额字段一律用 long 类型、以分为单位，不用 BigDecimal 元。",
                    "统一一下：金额字段一律用分（long），别给我 BigDecimal 元。",
                ),
            ),
        ),
        Turn(
            "gift-settle 给主播结算是 T+1，走的是 Kafka 里 gift-paid 这个 topic 的数据。",
            intent="code_explain",
            facts=(
                fact(
                    "f_settle_t1",
                    ("t+1",),
                    "主播结算周期",
                    "gift-settle 给主播按 T+1 结算。",
                    "gift-settle 给主播结算是 T+1，走的是 Kafka 里 gift-paid 这个 topic 的数据。",
                ),
                fact(
                    "f_gift_paid_topic",
                    ("gift-paid",),
                    "结算数据来源",
                    "gift-settle 的结算数据来自 Kafka topic gift-paid。",
                    "gift-settle 给主播结算是 T+1，走的是 Kafka 里 gift-paid 这个 topic 的数据。",
                ),
            ),
        ),
        Turn("礼物连击的时候 Kafka 消息会不会乱序？"),
        Turn("谢谢，就这些"),
    ),
    followups=(
        FollowUp(
            "主播说昨天的礼物收益没到账，从哪查？",
            relevant=("gift-settle|t+1|gift-paid|结算|settle",),
            must=("t+1|gift-paid",),
            must_not=("zset",),
        ),
        FollowUp(
            "榜单每天零点清的时候会不会有并发问题？",
            intent="code_explain",
            relevant=("zset|gift-rank|榜单|rank",),
            must=("zset",),
            must_not=("gift-paid",),
        ),
    ),
)

BLIND_D: tuple[Conversation, ...] = (
    D01,
    D02,
    D03,
    D04,
    D05,
    D06,
    D07,
    D08,
    D09,
    D10,
    D11,
    D12,
    D13,
    D14,
    D15,
    D16,
    D17,
    D18,
    D19,
    D20,
    D21,
    D22,
    D23,
    D24,
    D25,
    D26,
    D27,
    D28,
    D29,
    D30,
    D31,
    D32,
)
