"""Blind evaluation set E for memory judgement (rules, supersession, cancels, notes).

Written by a helper from the product brief and SPEC alone, without reading the judgement
code or the existing evaluation conversations. First measured on main 4203080, before any
change (docs/quality.md publishes that first measurement); then one round of class-level
fixes followed, tested with wordings of their own. The gold is as written.

The writer's own description follows.

Blind evaluation set E for the memory judgement (written without reading the
product's judgement code or any earlier evaluation conversation).

Format: tests/quality/gold.py. Labels follow docs/quality.md and issue 13: a rule is the
user's own standing directive about future answers or work; a fact is what the user
states or corrects about the project; questions, quotes of others, hypotheticals,
one-offs, self-descriptions, negated wishes, credentials and chit-chat give nothing.
"""

from __future__ import annotations

from gold import Conversation, FollowUp, Project, Turn, fact, rule

# A prohibition: the summary of a "don't / no more / stop" rule must keep its negation.
NEG = (
    "不要|不用|别|禁止|不再|避免|勿|无需|不需要|不许|不准|不能|去掉|不得|"
    "no |not |n't|never|avoid|stop|without|skip|omit|instead of|rather than|dont|forbid|ban"
)

BLIND_E: tuple[Conversation, ...] = (
    # 1 hospital HIS, voice-input Chinese, rule at the end of a long message
    Conversation(
        id="e01-his-voice",
        project=Project(
            name="his-outpatient",
            build_tool="maven",
            java_version="8",
            modules=("his-registration", "his-pharmacy", "his-billing", "his-emr", "his-common"),
            frameworks=("spring boot", "mybatis"),
        ),
        turns=(
            Turn(
                "你帮我看一下挂号那块的号源锁是怎么做的 我们这边是用 redis 分布式锁 放在 "
                "his-registration 里面 RegisterLockService 那个类 另外跟你说一下以后你回答我的时候"
                "代码注释都写中文 我们医院这边好几个同事英文不太行",
                intent="code_explain",
                scope=("his-registration",),
                rules=(
                    rule(
                        "r_cmt_zh",
                        ("注释|comment", "中文|chinese"),
                        "代码注释用中文",
                        "回答里的代码注释都写中文。",
                        "以后你回答我的时候代码注释都写中文",
                        unless=("注释用英文|注释写英文|comments in english|english comments",),
                    ),
                ),
                facts=(
                    fact(
                        "f_lock",
                        ("redis", "lock|锁"),
                        "挂号号源锁",
                        "his-registration 的号源锁用 Redis 分布式锁实现（RegisterLockService）。",
                        "我们这边是用 redis 分布式锁",
                    ),
                ),
            ),
            Turn(
                "跟你交代下背景：药房发药完成以后会发一条 RocketMQ 消息，his-billing 订阅 dispensed "
                "这个 topic 去记账。",
                facts=(
                    fact(
                        "f_mq",
                        ("rocketmq", "billing|计费|记账"),
                        "发药记账消息",
                        "药房发药完成后发 RocketMQ 消息，his-billing 订阅 dispensed topic 记账。",
                        "药房发药完成以后会发一条 RocketMQ 消息",
                    ),
                ),
            ),
            Turn("谢谢 清楚了"),
            Turn(
                "his-emr 病历模板是存数据库还是存文件的？",
                intent="code_explain",
                scope=("his-emr",),
            ),
        ),
        followups=(
            FollowUp(
                "his-billing 记账的时候重复消费怎么处理？",
                relevant=("rocketmq|billing|计费|记账|dispensed",),
                must=("rocketmq",),
                must_not=("redis",),
            ),
        ),
    ),
    # 2 TMS on Gradle, non-native English, conditional standing rule, reported speech
    Conversation(
        id="e02-tms-wrapper",
        project=Project(
            name="tms-dispatch",
            build_tool="gradle",
            java_version="17",
            modules=(
                "tms-dispatch-core",
                "tms-dispatch-api",
                "tms-route",
                "tms-waybill",
                "tms-settlement",
            ),
            frameworks=("spring boot", "spring cloud"),
        ),
        turns=(
            Turn(
                "Hello, I am new in this project. Please when you give me command, give the gradle one "
                "with the wrapper, like ./gradlew, not the gradle installed in system, because the one on "
                "my laptop is some very old version.",
                rules=(
                    rule(
                        "r_wrapper",
                        ("gradlew|wrapper",),
                        "Gradle commands via ./gradlew wrapper",
                        "Give Gradle commands with the wrapper (./gradlew), not a system-installed gradle.",
                        "Please when you give me command, give the gradle one with the wrapper, like "
                        "./gradlew, not the gradle installed in system, because the one on my laptop is "
                        "some very old version.",
                        unless=("not the wrapper|without the wrapper|不用 wrapper|不要用 gradlew",),
                    ),
                ),
            ),
            Turn(
                "tms-route 里面路径规划用的是什么算法，帮我讲讲 RoutePlanner",
                intent="code_explain",
                scope=("tms-route/src/main/java/com/tms/route/RoutePlanner.java",),
            ),
            Turn(
                "ok got it. btw only tms-route calls the Gaode map API, the other modules never call "
                "the map API directly, they go through tms-route.",
                facts=(
                    fact(
                        "f_gaode",
                        ("tms-route", "gaode|高德"),
                        "map API access",
                        "Only tms-route calls the Gaode map API; other modules go through tms-route.",
                        "only tms-route calls the Gaode map API",
                    ),
                ),
            ),
            Turn(
                "My teammate Li always say we should put all constants in one Constants class, what "
                "do you think?"
            ),
        ),
        followups=(
            FollowUp(
                "How does tms-route handle the rate limit of the map API?",
                relevant=("gaode|高德|map|地图|tms-route|route",),
                must=("gaode|高德",),
            ),
            FollowUp(
                "tms-waybill 运单号生成规则是什么？",
                intent="code_explain",
                relevant=("waybill|运单",),
                must_not=("gaode|高德",),
            ),
        ),
    ),
    # 3 clearing on Dubbo: facts, a rule with a reason, a question with 总是, a fact corrected
    Conversation(
        id="e03-clearing-dubbo",
        project=Project(
            name="clearing-center",
            build_tool="maven",
            java_version="11",
            modules=(
                "clearing-api",
                "clearing-provider",
                "clearing-batch",
                "clearing-recon",
                "clearing-common",
            ),
            frameworks=("spring boot", "dubbo", "mybatis-plus"),
        ),
        turns=(
            Turn(
                "咱们这边 Dubbo 接口的超时统一是 3 秒，清算相关的接口一律不允许重试。",
                facts=(
                    fact(
                        "f_timeout3",
                        ("超时|timeout", "3 秒|3秒|3s|3 s|3 second|3000"),
                        "Dubbo 超时",
                        "Dubbo 接口超时统一 3 秒。",
                        "咱们这边 Dubbo 接口的超时统一是 3 秒",
                        unless=("5 秒|5秒|5s|5 s|5 second|5000",),
                    ),
                    fact(
                        "f_noretry",
                        ("重试|retr", "不允许|禁止|不重试|no retr|not allowed|disabled|never|0"),
                        "清算接口重试",
                        "清算相关的 Dubbo 接口不允许重试。",
                        "清算相关的接口一律不允许重试",
                    ),
                ),
            ),
            Turn(
                "帮我在 clearing-recon 里写一个对账差错的补偿 Job，每 10 分钟跑一次。",
                scope=("clearing-recon",),
            ),
            Turn(
                "写得不错。以后给我写 MyBatis-Plus 代码的时候，复杂查询别再用 LambdaQueryWrapper "
                "链式拼一大串了，直接写在 XML 里，出了问题好排查。",
                rules=(
                    rule(
                        "r_xml",
                        ("xml", "查询|quer|sql|wrapper"),
                        "复杂查询写 XML",
                        "MyBatis-Plus 复杂查询写在 XML 里，不用 LambdaQueryWrapper 长链。",
                        "以后给我写 MyBatis-Plus 代码的时候，复杂查询别再用 LambdaQueryWrapper 链式拼一大串了，"
                        "直接写在 XML 里，出了问题好排查。",
                    ),
                ),
            ),
            Turn("另外问一下，为什么 Dubbo 的 Filter 里总是拿不到 RpcContext 的 attachment？"),
            Turn(
                "哦对了，超时那个我说错了，是 5 秒不是 3 秒。",
                cancels=("f_timeout3",),
                cancel_quote="超时那个我说错了，是 5 秒不是 3 秒。",
                facts=(
                    fact(
                        "f_timeout5",
                        ("超时|timeout", "5 秒|5秒|5s|5 s|5 second|5000"),
                        "Dubbo 超时时间（更正）",
                        "Dubbo 接口超时统一 5 秒（之前说的 3 秒是错的）。",
                        "是 5 秒不是 3 秒",
                    ),
                ),
            ),
        ),
        followups=(
            FollowUp(
                "clearing-provider 调下游的 Dubbo 超时要不要单独调大？",
                relevant=("超时|timeout|dubbo|重试|retr",),
                must=("5 秒|5秒|5s|5 s|5 second|5000",),
            ),
        ),
    ),
    # 4 Netty IM server, terse English, a one-off, a standing rule with "not only today"
    Conversation(
        id="e04-im-netty-terse",
        project=Project(
            name="chatx",
            build_tool="maven",
            java_version="21",
            modules=("chatx-gateway", "chatx-logic", "chatx-push", "chatx-store", "chatx-protocol"),
            frameworks=("spring boot", "netty"),
        ),
        turns=(
            Turn(
                "netty pipeline order in chatx-gateway?",
                intent="code_explain",
                scope=("chatx-gateway",),
            ),
            Turn(
                "fyi we use protobuf over websocket, not json. frames are length-prefixed.",
                facts=(
                    fact(
                        "f_pb",
                        ("protobuf", "websocket"),
                        "wire format",
                        "chatx uses protobuf over WebSocket, not JSON.",
                        "we use protobuf over websocket, not json.",
                    ),
                    fact(
                        "f_len",
                        ("length|长度",),
                        "frame format",
                        "Frames are length-prefixed.",
                        "frames are length-prefixed.",
                    ),
                ),
            ),
            Turn(
                "just this once, skip the explanation and give me only the code for a heartbeat handler"
            ),
            Turn(
                "And in general, not only today, keep answers short. I read them on a tiny second "
                "monitor lol",
                rules=(
                    rule(
                        "r_short",
                        ("short|concise|brief|简短|简洁|精简",),
                        "short answers",
                        "Keep answers short.",
                        "And in general, not only today, keep answers short.",
                        unless=("detailed answer|详细回答|longer answers",),
                    ),
                ),
            ),
            Turn(
                "My old lead used to say never touch ThreadLocal inside Netty handlers. Is that "
                "actually true?"
            ),
            Turn(
                "I'm not asking you to stop using var everywhere, just curious: does var hurt readability in handlers?"
            ),
        ),
        followups=(
            FollowUp(
                "how should chatx-push encode offline messages?",
                relevant=("protobuf|websocket|length|长度|push",),
                must=("protobuf",),
            ),
        ),
    ),
    # 5 risk control: long preamble of facts, rule last; conditional rule without punctuation; cancel
    Conversation(
        id="e05-risk-preamble",
        project=Project(
            name="riskguard",
            build_tool="gradle",
            java_version="17",
            modules=("risk-engine", "risk-feature", "risk-decision", "risk-admin", "risk-common"),
            frameworks=("spring boot", "kafka"),
        ),
        turns=(
            Turn(
                "我先说一下背景，我们风控这边的规则引擎是自研的，不是 Drools；特征都在 risk-feature 里算好"
                "放 Redis，决策服务 risk-decision 只读 Redis、不算特征。所以你以后给我出方案的时候，"
                "不要再建议引入 Drools 或者 Easy Rules 这种第三方规则引擎了。",
                facts=(
                    fact(
                        "f_selfbuilt",
                        (
                            "自研|in-house|self-built|homegrown|self-developed|built ourselves|custom",
                            "引擎|engine",
                        ),
                        "规则引擎",
                        "风控规则引擎是自研的，不是 Drools。",
                        "我们风控这边的规则引擎是自研的，不是 Drools",
                    ),
                    fact(
                        "f_feature",
                        ("risk-feature", "redis"),
                        "特征存储",
                        "特征在 risk-feature 里计算后放 Redis。",
                        "特征都在 risk-feature 里算好放 Redis",
                    ),
                    fact(
                        "f_decision",
                        ("risk-decision", "redis"),
                        "决策服务",
                        "risk-decision 只读 Redis，不计算特征。",
                        "决策服务 risk-decision 只读 Redis、不算特征",
                    ),
                ),
                rules=(
                    rule(
                        "r_nodrools",
                        ("drools|规则引擎|rule engine", NEG),
                        "不建议第三方规则引擎",
                        "出方案时不要建议引入 Drools、Easy Rules 等第三方规则引擎。",
                        "所以你以后给我出方案的时候，不要再建议引入 Drools 或者 Easy Rules 这种第三方规则引擎了。",
                    ),
                ),
            ),
            Turn(
                "risk-decision 的决策流是怎么编排的？",
                intent="code_explain",
                scope=("risk-decision",),
            ),
            Turn(
                "每次你写 Kafka 消费者的时候记得手动提交 offset 别开 auto commit",
                rules=(
                    rule(
                        "r_offset",
                        ("offset|提交|commit", "手动|manual"),
                        "Kafka 手动提交 offset",
                        "写 Kafka 消费者时手动提交 offset，不开 auto commit。",
                        "每次你写 Kafka 消费者的时候记得手动提交 offset 别开 auto commit",
                        unless=(
                            "开启自动提交|enable auto commit|enable auto-commit|use auto commit",
                        ),
                    ),
                ),
            ),
            Turn(
                "算了，Drools 那条不用记了，这事还没定。",
                cancels=("r_nodrools",),
                cancel_quote="Drools 那条不用记了",
            ),
        ),
        followups=(
            FollowUp(
                "risk-feature 新加一个设备指纹特征放哪？",
                relevant=("risk-feature|redis|特征|feature",),
                must=("redis",),
            ),
        ),
    ),
    # 6 search: facts about indexer/api, rule with "From here on out, whenever", prefix follow-ups
    Conversation(
        id="e06-search-prefix",
        project=Project(
            name="seek",
            build_tool="maven",
            java_version="17",
            modules=(
                "search-indexer",
                "search-api",
                "search-query",
                "search-admin",
                "search-common",
            ),
            frameworks=("spring boot",),
        ),
        turns=(
            Turn(
                "search-indexer 是从 Canal 订阅 binlog 增量建索引的，full rebuild 每天凌晨 3 点跑一次。",
                facts=(
                    fact(
                        "f_canal",
                        ("canal|binlog",),
                        "增量索引",
                        "search-indexer 通过 Canal 订阅 binlog 增量建索引。",
                        "search-indexer 是从 Canal 订阅 binlog 增量建索引的",
                    ),
                    fact(
                        "f_rebuild",
                        ("rebuild|重建|全量", "3 点|3点|3am|3 am|03:00|3:00"),
                        "全量重建",
                        "全量 rebuild 每天凌晨 3 点跑一次。",
                        "full rebuild 每天凌晨 3 点跑一次",
                    ),
                ),
            ),
            Turn("search-query 里 bool query 的 should 和 filter 混用的时候，为啥打分不对？"),
            Turn("我倒不是要求你以后都用英文回答哈，中英都行，你看着办。"),
            Turn(
                "Got it. From here on out, whenever you write ES queries for me, use the Java API "
                "Client (co.elastic.clients), not the old RestHighLevelClient, that one's deprecated.",
                rules=(
                    rule(
                        "r_javaclient",
                        (
                            "java api client|co.elastic.clients|elasticsearch java client|java client",
                        ),
                        "ES Java API Client",
                        "Write ES queries with the Java API Client (co.elastic.clients), not RestHighLevelClient.",
                        "From here on out, whenever you write ES queries for me, use the Java API Client "
                        "(co.elastic.clients), not the old RestHighLevelClient, that one's deprecated.",
                        unless=("use resthighlevelclient|用 resthighlevelclient",),
                    ),
                ),
            ),
            Turn(
                "search-api 对外只暴露 REST，不走 Dubbo。",
                facts=(
                    fact(
                        "f_rest",
                        ("search-api", "rest"),
                        "search-api 协议",
                        "search-api 对外只暴露 REST 接口，不走 Dubbo。",
                        "search-api 对外只暴露 REST，不走 Dubbo。",
                    ),
                ),
            ),
        ),
        followups=(
            FollowUp(
                "search-api 的接口要加限流，放哪一层合适？",
                relevant=("search-api|rest|限流",),
                must=("rest",),
                must_not=("canal|binlog",),
            ),
            FollowUp(
                "search-indexer 增量延迟很大怎么排查？",
                relevant=("canal|binlog|search-indexer|索引|index|rebuild|重建|全量",),
                must=("canal|binlog",),
                must_not=("search-api",),
            ),
        ),
    ),
    # 7 bank reconciliation batch: conditional rule, stack trace, fact corrected, rule cancelled
    Conversation(
        id="e07-recon-batch",
        project=Project(
            name="recon-batch",
            build_tool="gradle",
            java_version="11",
            modules=("recon-job", "recon-reader", "recon-writer", "recon-report"),
            frameworks=("spring boot", "spring batch"),
        ),
        turns=(
            Turn(
                "每次给我写 SQL 的时候，表名字段名都用反引号包起来，省得撞关键字。",
                rules=(
                    rule(
                        "r_backtick",
                        ("反引号|backtick",),
                        "SQL 标识符加反引号",
                        "写 SQL 时表名字段名都用反引号包起来。",
                        "每次给我写 SQL 的时候，表名字段名都用反引号包起来，省得撞关键字。",
                        unless=(
                            "不用加|不加|不要加|不用再|不再|no backtick|without backtick|don't use backtick|don't add|drop the backtick",
                        ),
                    ),
                ),
            ),
            Turn(
                "recon-job 的 chunk size 现在是 500，skip limit 是 100。",
                facts=(
                    fact(
                        "f_chunk500",
                        ("chunk", "500"),
                        "chunk size",
                        "recon-job 的 chunk size 是 500。",
                        "recon-job 的 chunk size 现在是 500",
                        unless=("1000",),
                    ),
                    fact(
                        "f_skip",
                        ("skip", "100"),
                        "skip limit",
                        "recon-job 的 skip limit 是 100。",
                        "skip limit 是 100",
                        unless=("skip limit 是 1000|skip limit is 1000|skip limit of 1000",),
                    ),
                ),
            ),
            Turn(
                "帮我看看这个报错\n"
                "org.springframework.batch.item.file.FlatFileParseException: Parsing error at line: 1203 "
                "in resource=[file [/data/recon/20240301/ccb.txt]], input=[20240301|6222****1234|12.50|]\n"
                "\tat org.springframework.batch.item.file.FlatFileItemReader.doRead(FlatFileItemReader.java:189)\n"
                "\tat org.springframework.batch.item.support.AbstractItemCountingItemStreamItemReader.read("
                "AbstractItemCountingItemStreamItemReader.java:93)",
            ),
            Turn(
                "Thanks. 对了 chunk 那个改了，上周已经调成 1000 了。",
                cancels=("f_chunk500",),
                cancel_quote="chunk 那个改了，上周已经调成 1000 了。",
                facts=(
                    fact(
                        "f_chunk1000",
                        ("chunk", "1000"),
                        "recon-job chunk size",
                        "recon-job 的 chunk size 上周调成了 1000。",
                        "上周已经调成 1000 了",
                    ),
                ),
            ),
            Turn(
                "以后 SQL 不用再加反引号了，看着太乱。",
                cancels=("r_backtick",),
                cancel_quote="以后 SQL 不用再加反引号了，看着太乱。",
            ),
        ),
        allowed=(
            rule(
                "a_nobacktick",
                ("反引号|backtick", "不用|不加|不要|no |without|don't|不再|omit|skip|drop"),
                "SQL 不加反引号",
                "SQL 不再加反引号。",
                "以后 SQL 不用再加反引号了",
            ),
        ),
        followups=(
            FollowUp(
                "recon-writer 写库很慢，chunk 调多大合适？",
                relevant=("chunk|skip|1000|recon",),
                must=("1000",),
            ),
        ),
    ),
    # 8 Quarkus telemetry: polite rule after a question, hypothetical, rule and fact cancelled
    Conversation(
        id="e08-quarkus-native",
        project=Project(
            name="telemetry-hub",
            build_tool="maven",
            java_version="21",
            modules=("ingest", "rules", "storage", "api"),
            frameworks=("quarkus", "kafka"),
        ),
        turns=(
            Turn(
                "Hi! Quick question first: is it OK to inject EntityManager into an @ApplicationScoped "
                "bean in Quarkus? Also, going forward I'd appreciate it if you'd assume native-image "
                "compatibility in everything you suggest, since we ship native binaries to the edge gateways.",
                rules=(
                    rule(
                        "r_native",
                        ("native",),
                        "native-image compatibility",
                        "Assume GraalVM native-image compatibility in every suggestion.",
                        "going forward I'd appreciate it if you'd assume native-image compatibility in "
                        "everything you suggest",
                        unless=("jvm",),
                    ),
                ),
                facts=(
                    fact(
                        "f_edge",
                        ("native", "edge|gateway|边缘|网关"),
                        "deployment",
                        "Native binaries are shipped to the edge gateways.",
                        "we ship native binaries to the edge gateways",
                        unless=("jvm",),
                    ),
                ),
            ),
            Turn(
                "If we ever moved to JVM mode, would you then always recommend Hibernate Reactive?"
            ),
            Turn(
                "ingest reads from MQTT (HiveMQ) and writes everything to the Kafka topic telemetry.raw",
                facts=(
                    fact(
                        "f_ingest",
                        ("mqtt|hivemq", "kafka|telemetry.raw"),
                        "ingest pipeline",
                        "ingest reads from MQTT (HiveMQ) and writes to Kafka topic telemetry.raw.",
                        "ingest reads from MQTT (HiveMQ) and writes everything to the Kafka topic telemetry.raw",
                    ),
                ),
            ),
            Turn("thx"),
            Turn(
                "Actually scratch the native thing. We're dropping native builds, too many reflection "
                "headaches; everything runs in JVM mode from now on.",
                cancels=("r_native", "f_edge"),
                cancel_quote="Actually scratch the native thing.",
                facts=(
                    fact(
                        "f_jvm",
                        ("jvm",),
                        "deployment mode",
                        "Native builds are dropped; the services run in JVM mode.",
                        "everything runs in JVM mode from now on.",
                    ),
                ),
            ),
        ),
        allowed=(
            rule(
                "a_jvm",
                ("jvm",),
                "JVM mode",
                "Assume JVM mode, not native image.",
                "everything runs in JVM mode from now on.",
            ),
        ),
        followups=(
            FollowUp(
                "Which Kafka topic does ingest publish to?",
                relevant=("kafka|telemetry|mqtt|hivemq|ingest",),
                must=("telemetry.raw",),
            ),
        ),
    ),
    # 9 Micronaut parking, English with typos, fact corrected by its author
    Conversation(
        id="e09-parking-typos",
        project=Project(
            name="parking-svc",
            build_tool="gradle",
            java_version="17",
            modules=("parking-gate", "parking-billing", "parking-plate", "parking-common"),
            frameworks=("micronaut",),
        ),
        turns=(
            Turn(
                "pls alwyas use records for DTOs in this repo, no more lombok @Data classes",
                rules=(
                    rule(
                        "r_records",
                        ("record", "dto"),
                        "records for DTOs",
                        "Use Java records for DTOs instead of Lombok @Data classes.",
                        "pls alwyas use records for DTOs in this repo, no more lombok @Data classes",
                        unless=("use lombok @data for dto|dtos with lombok",),
                    ),
                ),
            ),
            Turn("whats teh diff between @Controller and @Client in micronaut"),
            Turn(
                "parking-billing charges in 15 min blocks, first 30 min are free",
                facts=(
                    fact(
                        "f_blocks",
                        ("15",),
                        "billing blocks",
                        "parking-billing charges in 15-minute blocks.",
                        "parking-billing charges in 15 min blocks",
                    ),
                    fact(
                        "f_free30",
                        ("30", "free|免费"),
                        "free period",
                        "The first 30 minutes are free.",
                        "first 30 min are free",
                        unless=("20",),
                    ),
                ),
            ),
            Turn(
                "oops, first 20 min free, not 30. my bad",
                cancels=("f_free30",),
                cancel_quote="oops, first 20 min free, not 30.",
                facts=(
                    fact(
                        "f_free20",
                        ("20", "free|免费"),
                        "free parking period",
                        "The first 20 minutes are free (not 30).",
                        "first 20 min free, not 30.",
                    ),
                ),
            ),
        ),
        followups=(
            FollowUp(
                "how to compute the fee for a 50 min stay in parking-billing?",
                relevant=("billing|计费|15|20|free|免费|min|分钟",),
                must=("20",),
                must_not=("plate",),
            ),
        ),
    ),
    # 10 Vert.x gateway: rule, cancel with a fact, revival
    Conversation(
        id="e10-vertx-revive",
        project=Project(
            name="edge-gw",
            build_tool="maven",
            java_version="17",
            modules=("gw-core", "gw-auth", "gw-route", "gw-metrics"),
            frameworks=("vert.x",),
        ),
        turns=(
            Turn(
                "以后写 Vert.x 代码统一用 Future 组合的写法，别再给我写回调嵌套了，看着头疼。",
                rules=(
                    rule(
                        "r_future",
                        ("future",),
                        "Vert.x 用 Future 组合",
                        "Vert.x 代码统一用 Future 组合写法，不写回调嵌套。",
                        "以后写 Vert.x 代码统一用 Future 组合的写法，别再给我写回调嵌套了，看着头疼。",
                        unless=("用回调写|use callbacks instead",),
                    ),
                ),
            ),
            Turn("gw-auth 的 JWT 校验是放在 event loop 上还是 worker 上？", intent="code_explain"),
            Turn(
                "Future 那条先撤了吧，我们老代码全是回调风格，混着写更乱。",
                cancels=("r_future",),
                cancel_quote="Future 那条先撤了吧",
                facts=(
                    fact(
                        "f_callback",
                        ("回调|callback",),
                        "老代码风格",
                        "edge-gw 的老代码全是回调风格。",
                        "我们老代码全是回调风格",
                    ),
                ),
            ),
            Turn("Vert.x 4 升 5 你怎么看？"),
            Turn(
                "想了想还是按 Future 来吧，往后新代码一律 Future 组合，老代码不动。",
                revives=("r_future",),
            ),
        ),
        followups=(
            FollowUp(
                "gw-route 新加一个转发 handler，老代码那边要一起改吗？",
                relevant=("回调|callback|future|route|老代码",),
            ),
        ),
    ),
    # 11 school admin: credential, polite rule, fact, chit-chat
    Conversation(
        id="e11-edu-admin",
        project=Project(
            name="edu-admin",
            build_tool="maven",
            java_version="8",
            modules=("edu-system", "edu-quartz", "edu-generator", "edu-framework", "edu-common"),
            frameworks=("spring boot", "mybatis", "spring security"),
        ),
        turns=(
            Turn("记住我的数据库密码 password=Edu@2024db 下次直接用"),
            Turn("edu-generator 生成的代码能不能改成 MyBatis-Plus 风格？", intent="code_explain"),
            Turn(
                "你好，能不能以后给我改代码的时候，只给改动的那几行，不要整个类都贴出来，太长了手机上翻不动",
                rules=(
                    rule(
                        "r_diffonly",
                        ("改动|变更|diff|changed|修改|只给|only", "类|class|代码|code"),
                        "只给改动的代码",
                        "改代码时只给改动的那几行，不要贴整个类。",
                        "能不能以后给我改代码的时候，只给改动的那几行，不要整个类都贴出来",
                        unless=("贴完整的类|贴整个类吧|paste the whole class|full class please",),
                    ),
                ),
            ),
            Turn(
                "edu-quartz 里的定时任务我们已经全停了，现在改用 XXL-Job 调度。",
                facts=(
                    fact(
                        "f_xxl",
                        ("xxl",),
                        "定时任务",
                        "定时任务已从 edu-quartz 迁到 XXL-Job 调度，edu-quartz 任务全停。",
                        "edu-quartz 里的定时任务我们已经全停了，现在改用 XXL-Job 调度。",
                    ),
                ),
            ),
            Turn("好的谢谢"),
        ),
        followups=(
            FollowUp(
                "edu-system 里加个每天凌晨同步学籍的任务，怎么配？",
                relevant=("xxl|quartz|调度|定时|任务",),
                must=("xxl",),
            ),
        ),
    ),
    # 12 hotel PMS: answer language superseded twice, the first rule revived
    Conversation(
        id="e12-pms-language-chain",
        project=Project(
            name="pms-cloud",
            build_tool="maven",
            java_version="17",
            modules=("pms-room", "pms-order", "pms-member", "pms-gateway", "pms-common"),
            frameworks=("spring boot", "spring cloud"),
        ),
        turns=(
            Turn(
                "Answer in English please, from now on. I'm on the Singapore team and my Chinese "
                "reading is slow.",
                rules=(
                    rule(
                        "r_en",
                        ("english|英文|英语",),
                        "answer language: English",
                        "Answer in English.",
                        "Answer in English please, from now on.",
                        unless=(
                            "先|first|顶部|at the top|on top|开头|then english|再英文|再给英文|双语|bilingual",
                        ),
                    ),
                ),
            ),
            Turn(
                "How is room status from pms-room synced to the OTA channels?",
                intent="code_explain",
            ),
            Turn(
                "Hmm actually, put a short Chinese summary at the top, then the English answer. Our PM "
                "reads these too. Do that for all answers going forward.",
                supersedes=("r_en",),
                rules=(
                    rule(
                        "r_bi",
                        ("中文|chinese", "english|英文|英语", "摘要|summary|总结"),
                        "answer language: Chinese summary + English",
                        "Start every answer with a short Chinese summary at the top, then the English answer.",
                        "put a short Chinese summary at the top, then the English answer. Our PM reads these "
                        "too. Do that for all answers going forward.",
                        unless=(
                            "english only|only english|只用英文|仅用英文|纯英文|no chinese|不要中文|不用中文|不需要中文|不再",
                        ),
                    ),
                ),
            ),
            Turn("pms-order 超售是怎么防的？", intent="code_explain"),
            Turn(
                "Hmm, on second thought: back to English only, no Chinese summary needed anymore.",
                cancels=("r_bi",),
                cancel_quote="no Chinese summary needed anymore.",
                revives=("r_en",),
            ),
        ),
    ),
    # 13 insurance claims: question with always, facts, money rule, reported speech
    Conversation(
        id="e13-claims-money",
        project=Project(
            name="claim-core",
            build_tool="maven",
            java_version="11",
            modules=("claim-intake", "claim-assess", "claim-payout", "claim-doc"),
            frameworks=("spring boot", "jpa"),
        ),
        turns=(
            Turn("Is it true that you always need @Transactional on JPA repository methods?"),
            Turn(
                "我们 claim-assess 里定损金额都是用 BigDecimal 存的，scale 是 2，舍入统一用 HALF_UP。",
                facts=(
                    fact(
                        "f_bigdecimal",
                        ("bigdecimal", "定损|assess|金额|amount"),
                        "定损金额类型",
                        "claim-assess 定损金额用 BigDecimal 存，scale 2。",
                        "我们 claim-assess 里定损金额都是用 BigDecimal 存的",
                    ),
                    fact(
                        "f_halfup",
                        ("half_up|half-up|四舍五入",),
                        "舍入模式",
                        "金额舍入统一用 HALF_UP。",
                        "舍入统一用 HALF_UP",
                    ),
                ),
            ),
            Turn(
                "以后涉及金额计算的示例，BigDecimal 一律用 String 构造或者 valueOf，别给我 new "
                "BigDecimal(double) 这种写法。",
                rules=(
                    rule(
                        "r_bdstring",
                        ("bigdecimal", "string|字符串|valueof"),
                        "BigDecimal 构造方式",
                        "金额示例中 BigDecimal 用 String 构造或 valueOf，不用 new BigDecimal(double)。",
                        "以后涉及金额计算的示例，BigDecimal 一律用 String 构造或者 valueOf，别给我 new "
                        "BigDecimal(double) 这种写法。",
                    ),
                ),
            ),
            Turn("我同事说金额用 long 存“分”更好，你觉得呢？"),
        ),
        followups=(
            FollowUp(
                "claim-payout 打款金额要怎么四舍五入？",
                relevant=("bigdecimal|half_up|half-up|金额|amount|四舍五入|round|舍入",),
                must=("half_up|half-up",),
            ),
        ),
    ),
    # 14 game server: self-description, negated wish + one-off, fact, conditional rule
    Conversation(
        id="e14-game-netty",
        project=Project(
            name="mmo-server",
            build_tool="gradle",
            java_version="21",
            modules=("game-login", "game-scene", "game-battle", "game-db", "game-proto"),
            frameworks=("netty",),
        ),
        turns=(
            Turn(
                "I always forget to release ByteBufs, lol. Can you explain ReferenceCountUtil.release "
                "vs safeRelease?"
            ),
            Turn("我可没说以后都要用 Stream 写啊，这个方法用普通 for 循环就行。"),
            Turn(
                "game-scene 的 AOI 用的是九宫格，不是十字链表。",
                facts=(
                    fact(
                        "f_aoi",
                        ("九宫格|grid|nine",),
                        "AOI 算法",
                        "game-scene 的 AOI 用九宫格实现，不是十字链表。",
                        "game-scene 的 AOI 用的是九宫格，不是十字链表。",
                    ),
                ),
            ),
            Turn(
                "From now on, when you show Netty code, stick to the 4.1 APIs please.",
                rules=(
                    rule(
                        "r_netty41",
                        ("4.1",),
                        "Netty 4.1 APIs",
                        "Netty code should use the Netty 4.1 APIs.",
                        "From now on, when you show Netty code, stick to the 4.1 APIs please.",
                    ),
                ),
            ),
        ),
        followups=(
            FollowUp(
                "game-scene 里玩家移动的时候，视野同步怎么做？",
                relevant=("九宫格|grid|aoi|scene|场景|视野",),
                must=("九宫格|grid|nine",),
            ),
        ),
    ),
    # 15 online exam: chatty long message with a polite rule, facts, a restatement, prefix follow-up
    Conversation(
        id="e15-exam-chatty",
        project=Project(
            name="exam-platform",
            build_tool="maven",
            java_version="17",
            modules=("exam-paper", "exam-judge", "exam-user", "exam-proctor"),
            frameworks=("spring boot", "mybatis-plus"),
        ),
        turns=(
            Turn(
                "哈喽～今天想问个问题哈，就是我们那个交卷的接口，高峰期一万多人同时交，数据库扛不住，目前是 "
                "exam-judge 收到答卷先写 Redis 再异步落库的，想问下这个方案有没有丢数据的风险？顺便说一句，"
                "你以后回答能不能先给结论再展开，我每次都要翻到最后才看到结论😂",
                facts=(
                    fact(
                        "f_redis_async",
                        ("redis", "异步|async"),
                        "交卷落库",
                        "exam-judge 收到答卷先写 Redis 再异步落库。",
                        "目前是 exam-judge 收到答卷先写 Redis 再异步落库的",
                    ),
                    fact(
                        "f_peak",
                        ("一万|10000|10k|10,000|1 万|1万",),
                        "交卷峰值",
                        "交卷高峰期一万多人同时提交。",
                        "高峰期一万多人同时交",
                    ),
                ),
                rules=(
                    rule(
                        "r_concl",
                        ("结论|conclusion|bottom line|tl;dr",),
                        "先给结论",
                        "回答先给结论再展开。",
                        "你以后回答能不能先给结论再展开",
                    ),
                ),
            ),
            Turn("嗯嗯懂了"),
            Turn(
                "exam-proctor is only used in the mock-exam environment for now, real exams don't go "
                "through it.",
                facts=(
                    fact(
                        "f_proctor",
                        ("proctor|监考", "mock|模拟"),
                        "exam-proctor usage",
                        "exam-proctor is only used in the mock-exam environment, not in real exams.",
                        "exam-proctor is only used in the mock-exam environment for now",
                    ),
                ),
            ),
            Turn("先给结论那个你记下了吧？再强调下，结论放最前面。", restates=("r_concl",)),
        ),
        followups=(
            FollowUp(
                "exam-judge 落库失败了怎么补偿？",
                relevant=("redis|异步|async|落库|exam-judge|judge|交卷|答卷|一万",),
                must=("redis",),
                must_not=("proctor|监考",),
            ),
        ),
    ),
    # 16 elevator IoT: voice-input rule with a fact inside, requirement fact, hypothetical, scoped exception
    Conversation(
        id="e16-lift-result",
        project=Project(
            name="lift-care",
            build_tool="gradle",
            java_version="17",
            modules=("lift-device", "lift-workorder", "lift-alarm", "lift-app-api", "lift-common"),
            frameworks=("spring boot", "mybatis"),
        ),
        turns=(
            Turn(
                "那个你以后给我写接口的时候返回值统一包一层 Result 就是我们 lift-common 里面那个 Result 类 "
                "别直接返回实体",
                rules=(
                    rule(
                        "r_result",
                        ("result",),
                        "接口返回统一包 Result",
                        "写接口时返回值统一包一层 lift-common 的 Result，不直接返回实体。",
                        "那个你以后给我写接口的时候返回值统一包一层 Result",
                        unless=("appresponse",),
                    ),
                ),
                facts=(
                    fact(
                        "f_resultcls",
                        ("result", "common"),
                        "Result 类",
                        "lift-common 里有统一的 Result 返回类。",
                        "就是我们 lift-common 里面那个 Result 类",
                    ),
                ),
            ),
            Turn(
                "lift-alarm 收到困人告警以后必须 30 秒内推送到维保人员 App，这个是硬性要求。",
                facts=(
                    fact(
                        "f_30s",
                        ("30", "告警|alarm|推送|push"),
                        "困人告警时效",
                        "lift-alarm 收到困人告警后须 30 秒内推送到维保人员 App。",
                        "lift-alarm 收到困人告警以后必须 30 秒内推送到维保人员 App",
                    ),
                ),
            ),
            Turn(
                "what if we used MQTT retained messages for the alarm state, would that break anything?"
            ),
            Turn(
                "对了 lift-app-api 是例外，它是给 App 用的，返回统一用 AppResponse，别套 Result。",
                rules=(
                    rule(
                        "r_appresp",
                        ("appresponse",),
                        "lift-app-api 返回 AppResponse",
                        "lift-app-api 的接口返回统一用 AppResponse，不套 Result。",
                        "返回统一用 AppResponse，别套 Result。",
                    ),
                ),
                facts=(
                    fact(
                        "f_appapi",
                        ("lift-app-api",),
                        "lift-app-api",
                        "lift-app-api 是给 App 用的接口模块。",
                        "它是给 App 用的",
                    ),
                ),
            ),
        ),
        followups=(
            FollowUp(
                "lift-alarm 推送超时了要怎么升级告警？",
                relevant=("30|告警|alarm|推送|push",),
                must=("30",),
            ),
        ),
    ),
    # 17 pharmacy ERP: one-off, facts, a rule inside a fact-laden sentence
    Conversation(
        id="e17-pharma-erp",
        project=Project(
            name="pharma-erp",
            build_tool="maven",
            java_version="8",
            modules=("erp-purchase", "erp-inventory", "erp-sales", "erp-gsp"),
            frameworks=("spring boot", "mybatis"),
        ),
        turns=(
            Turn("这次先别管规范了，直接给我能跑的代码就行，急着上线"),
            Turn(
                "erp-gsp 里的批号效期校验，近效期是按 180 天算的。",
                facts=(
                    fact(
                        "f_180",
                        ("180",),
                        "近效期",
                        "erp-gsp 近效期按 180 天计算。",
                        "近效期是按 180 天算的",
                    ),
                ),
            ),
            Turn(
                "我们 erp-inventory 出库是按批号先进先出走的，那块是药监要求的，所以往后涉及出库的改动你都"
                "先跟我确认一下再动手。",
                facts=(
                    fact(
                        "f_fifo",
                        ("fifo|先进先出",),
                        "出库策略",
                        "erp-inventory 出库按批号先进先出（FIFO），是药监要求。",
                        "我们 erp-inventory 出库是按批号先进先出走的",
                    ),
                ),
                rules=(
                    rule(
                        "r_confirm",
                        ("出库|outbound|stock-out|stock out", "确认|confirm|ask|check with"),
                        "出库改动先确认",
                        "涉及出库的改动先跟用户确认再动手。",
                        "所以往后涉及出库的改动你都先跟我确认一下再动手。",
                    ),
                ),
            ),
            Turn("thanks, that's all for today"),
        ),
        followups=(
            FollowUp(
                "erp-sales 退货入库要不要也按批号走？",
                relevant=("批号|batch|fifo|先进先出|效期|180|出库|入库|inventory",),
            ),
        ),
    ),
    # 18 ad bidder: very terse English, an ambiguous aside allowed
    Conversation(
        id="e18-adx-terse",
        project=Project(
            name="adx-bidder",
            build_tool="gradle",
            java_version="21",
            modules=("bidder-core", "bidder-model", "bidder-budget", "bidder-report"),
            frameworks=("netty", "kafka"),
        ),
        turns=(
            Turn(
                "p99 budget for a bid response is 80ms. hard limit.",
                facts=(
                    fact(
                        "f_80ms",
                        ("80",),
                        "bid latency budget",
                        "p99 budget for a bid response is 80 ms (hard limit).",
                        "p99 budget for a bid response is 80ms.",
                    ),
                ),
            ),
            Turn(
                "no Optional in the hot path. ever. allocations matter here.",
                rules=(
                    rule(
                        "r_nooptional",
                        ("optional", "hot|热路径|关键路径|性能", NEG),
                        "no Optional in hot path",
                        "Never use Optional in the hot path (allocations).",
                        "no Optional in the hot path. ever.",
                    ),
                ),
            ),
            Turn(
                "bidder-budget pacing: spend counters live in Redis, updated with Lua, flushed to MySQL "
                "every 10s",
                facts=(
                    fact(
                        "f_redis_lua",
                        ("redis", "lua|spend|计数|counter"),
                        "budget pacing",
                        "bidder-budget keeps spend counters in Redis, updated with Lua.",
                        "spend counters live in Redis, updated with Lua",
                    ),
                    fact(
                        "f_flush10",
                        ("10s|10 s|10 秒|10秒|10 second",),
                        "spend flush",
                        "Spend counters are flushed to MySQL every 10 s.",
                        "flushed to MySQL every 10s",
                    ),
                ),
            ),
            Turn(
                "protobuf vs jsoniter for the bid response, which is faster? (dont explain jmh basics, "
                "i know them)"
            ),
        ),
        allowed=(
            rule(
                "a_jmh",
                ("jmh",),
                "no JMH basics",
                "Don't explain JMH basics.",
                "dont explain jmh basics, i know them",
            ),
        ),
        followups=(
            FollowUp(
                "should bidder-report read spend from Redis directly?",
                relevant=("redis|lua|spend|budget|10s|10 秒|10秒|mysql",),
                must=("redis",),
            ),
        ),
    ),
    # 19 cinema tickets: facts, hypothetical, rule superseded by a revision
    Conversation(
        id="e19-ticket-saga",
        project=Project(
            name="ticket-hub",
            build_tool="maven",
            java_version="17",
            modules=("ticket-seat", "ticket-order", "ticket-pay", "ticket-show"),
            frameworks=("spring boot", "spring cloud"),
        ),
        turns=(
            Turn(
                "锁座是 ticket-seat 用 Redis 的 bitmap 做的，15 分钟不支付自动释放。",
                facts=(
                    fact(
                        "f_bitmap",
                        ("bitmap",),
                        "锁座实现",
                        "ticket-seat 用 Redis bitmap 实现锁座。",
                        "锁座是 ticket-seat 用 Redis 的 bitmap 做的",
                    ),
                    fact(
                        "f_15min",
                        ("15", "释放|release|支付|pay"),
                        "锁座超时",
                        "锁座 15 分钟不支付自动释放。",
                        "15 分钟不支付自动释放",
                    ),
                ),
            ),
            Turn("If you were me, would you always go with Seata AT mode here?"),
            Turn(
                "以后 ticket 这边的分布式事务方案，默认按 Seata TCC 给我，别给 AT 模式。",
                rules=(
                    rule(
                        "r_tcc",
                        ("tcc",),
                        "分布式事务默认 TCC",
                        "分布式事务方案默认用 Seata TCC，不用 AT 模式。",
                        "以后 ticket 这边的分布式事务方案，默认按 Seata TCC 给我，别给 AT 模式。",
                        unless=("saga",),
                    ),
                ),
            ),
            Turn("再问个：ticket-show 的排片数据是从哪来的？", intent="code_explain"),
            Turn(
                "刚才 TCC 那个改一下吧，TCC 一个操作要写三个接口太累了，以后给我 Saga 的方案。",
                supersedes=("r_tcc",),
                rules=(
                    rule(
                        "r_saga",
                        ("saga",),
                        "分布式事务用 Saga",
                        "分布式事务方案改用 Saga（不再用 TCC）。",
                        "以后给我 Saga 的方案。",
                    ),
                ),
            ),
        ),
        followups=(
            FollowUp(
                "ticket-order 下单和锁座怎么保证一致？",
                relevant=("bitmap|redis|锁座|seat|15|释放|release",),
                must=("bitmap|15",),
            ),
        ),
    ),
    # 20 smart meters: non-native English rule, self-description, cancel by "I'll do it myself"
    Conversation(
        id="e20-meter-645",
        project=Project(
            name="meter-collect",
            build_tool="maven",
            java_version="11",
            modules=("collect-front", "collect-parser", "collect-store", "collect-task"),
            frameworks=("spring boot", "netty"),
        ),
        turns=(
            Turn(
                "collect-front 跟电表之间走的是 DL/T 645 协议，TCP 长连接，由集中器主动连上来。",
                facts=(
                    fact(
                        "f_645",
                        ("645",),
                        "电表协议",
                        "collect-front 与电表之间走 DL/T 645 协议。",
                        "collect-front 跟电表之间走的是 DL/T 645 协议",
                    ),
                    fact(
                        "f_conc",
                        ("集中器|concentrator", "连|connect"),
                        "连接方式",
                        "TCP 长连接，由集中器主动连到 collect-front。",
                        "由集中器主动连上来",
                    ),
                ),
            ),
            Turn(
                "When you write parser code for me, please every time write also the unit test for the "
                "frame, with a real hex frame example. I will copy it to the test folder.",
                rules=(
                    rule(
                        "r_frametest",
                        ("test|测试", "hex|帧|frame|报文"),
                        "parser code comes with a frame unit test",
                        "When writing parser code, always add a unit test with a real hex frame example.",
                        "When you write parser code for me, please every time write also the unit test "
                        "for the frame, with a real hex frame example.",
                    ),
                ),
            ),
            Turn("我老是搞混 BCD 码和 HEX，你给我讲讲区别"),
            Turn(
                "单测那条就不用了，parser 的单测我还是自己写吧。",
                cancels=("r_frametest",),
                cancel_quote="单测那条就不用了",
            ),
        ),
        followups=(
            FollowUp(
                "collect-parser 解析 645 帧的时候校验和怎么算？",
                relevant=("645|帧|frame|集中器|concentrator|parser|collect",),
                must=("645",),
            ),
        ),
    ),
    # 21 HR SaaS: fact + rule in one message, facts, a fact corrected in English, prefix follow-ups
    Conversation(
        id="e21-hr-jooq",
        project=Project(
            name="hr-saas",
            build_tool="gradle",
            java_version="17",
            modules=("payroll-calc", "payroll-tax", "hr-employee", "hr-attendance"),
            frameworks=("spring boot",),
        ),
        turns=(
            Turn(
                "we use jOOQ, not JPA, for all DB access. so please stop writing JPA entities in your answers",
                facts=(
                    fact(
                        "f_jooq",
                        ("jooq",),
                        "DB access",
                        "All DB access uses jOOQ, not JPA.",
                        "we use jOOQ, not JPA, for all DB access.",
                    ),
                ),
                rules=(
                    rule(
                        "r_nojpa",
                        ("jpa", NEG),
                        "no JPA entities",
                        "Don't write JPA entities in answers; the project uses jOOQ.",
                        "so please stop writing JPA entities in your answers",
                    ),
                ),
            ),
            Turn(
                "payroll-tax 的个税是按累计预扣法算的。",
                facts=(
                    fact(
                        "f_cumul",
                        ("累计预扣|cumulative",),
                        "个税算法",
                        "payroll-tax 个税按累计预扣法计算。",
                        "payroll-tax 的个税是按累计预扣法算的。",
                    ),
                ),
            ),
            Turn(
                "hr-attendance 那边的考勤数据是每天凌晨从钉钉拉的。",
                facts=(
                    fact(
                        "f_ding",
                        ("钉钉|dingtalk",),
                        "考勤数据来源",
                        "hr-attendance 每天凌晨从钉钉拉考勤数据。",
                        "hr-attendance 那边的考勤数据是每天凌晨从钉钉拉的。",
                        unless=("飞书|feishu|lark",),
                    ),
                ),
            ),
            Turn(
                "correction: attendance data comes from Feishu now, we moved off DingTalk in March.",
                cancels=("f_ding",),
                cancel_quote="correction: attendance data comes from Feishu now, we moved off DingTalk in March.",
                facts=(
                    fact(
                        "f_feishu",
                        ("飞书|feishu|lark",),
                        "attendance source",
                        "hr-attendance pulls attendance data from Feishu (moved off DingTalk in March).",
                        "attendance data comes from Feishu now",
                    ),
                ),
            ),
        ),
        followups=(
            FollowUp(
                "payroll-calc 需要考勤数据，从哪拿？",
                relevant=("飞书|feishu|lark|考勤|attendance|累计|cumulative|tax|个税",),
                must=("飞书|feishu|lark",),
            ),
            FollowUp(
                "hr-employee 的员工主键用什么类型好？",
                relevant=("hr-employee|员工|employee|jooq",),
                must_not=("飞书|feishu|钉钉|dingtalk|累计|cumulative",),
            ),
        ),
    ),
    # 22 core banking: answer length superseded, then cancelled; fact with a vague aside
    Conversation(
        id="e22-acct-length",
        project=Project(
            name="acct-core",
            build_tool="maven",
            java_version="8",
            modules=("acct-ledger", "acct-posting", "acct-interest", "acct-batch"),
            frameworks=("spring boot", "mybatis"),
        ),
        turns=(
            Turn(
                "以后回答控制在 200 字以内，我基本都是用手机看",
                rules=(
                    rule(
                        "r_200",
                        ("200",),
                        "回答长度 200 字",
                        "回答控制在 200 字以内。",
                        "以后回答控制在 200 字以内",
                        unless=("500",),
                    ),
                ),
            ),
            Turn("acct-posting 里记账分录是怎么保证借贷平衡的？", intent="code_explain"),
            Turn("假如以后我们上了 Seata，是不是所有跨库的接口都得加 @GlobalTransactional？"),
            Turn(
                "200 字太少了讲不清楚，放宽到 500 字吧",
                supersedes=("r_200",),
                rules=(
                    rule(
                        "r_500",
                        ("500",),
                        "回答长度 500 字",
                        "回答控制在 500 字以内。",
                        "放宽到 500 字吧",
                    ),
                ),
            ),
            Turn(
                "ok whatever, forget the word limit entirely, just use your judgement",
                cancels=("r_500",),
                cancel_quote="forget the word limit entirely",
            ),
            Turn(
                "我们数据库是 Oracle 19c，不是 MySQL，写 SQL 的时候注意下方言。",
                facts=(
                    fact(
                        "f_oracle",
                        ("oracle",),
                        "数据库",
                        "acct-core 用 Oracle 19c，不是 MySQL。",
                        "我们数据库是 Oracle 19c，不是 MySQL",
                    ),
                ),
            ),
        ),
        allowed=(
            rule(
                "a_oracle_sql",
                ("oracle",),
                "SQL 用 Oracle 方言",
                "写 SQL 时用 Oracle 方言。",
                "写 SQL 的时候注意下方言。",
            ),
        ),
        followups=(
            FollowUp(
                "acct-ledger 分页查询怎么写？",
                relevant=("oracle|19c|数据库|sql|mysql",),
                must=("oracle",),
            ),
        ),
    ),
    # 23 loyalty points on Dubbo: facts, rule with typos, log paste, a note cancelled, prefix follow-ups
    Conversation(
        id="e23-points-member",
        project=Project(
            name="member-center",
            build_tool="maven",
            java_version="8",
            modules=("points-api", "points-service", "points-job", "member-api", "member-service"),
            frameworks=("spring", "dubbo"),
        ),
        turns=(
            Turn(
                "points-service 的积分过期是 points-job 每晚扫表做的，一次扫 5000 条。",
                facts=(
                    fact(
                        "f_expire",
                        ("points-job", "过期|expir"),
                        "积分过期",
                        "积分过期由 points-job 每晚扫表处理。",
                        "points-service 的积分过期是 points-job 每晚扫表做的",
                    ),
                    fact(
                        "f_5000",
                        ("5000",),
                        "扫表批量",
                        "points-job 一次扫 5000 条。",
                        "一次扫 5000 条",
                    ),
                ),
            ),
            Turn(
                "member-service 注册中心还在 ZooKeeper 上，明年才迁 Nacos。",
                facts=(
                    fact(
                        "f_zk",
                        ("zookeeper|zk",),
                        "注册中心",
                        "member-service 注册中心还在 ZooKeeper 上。",
                        "member-service 注册中心还在 ZooKeeper 上",
                    ),
                    fact(
                        "f_nacos",
                        ("nacos",),
                        "注册中心迁移",
                        "member-service 计划明年迁到 Nacos。",
                        "明年才迁 Nacos",
                    ),
                ),
            ),
            Turn(
                "going forward dont give me xml dubbo config, anotation style (@DubboService / "
                "@DubboReference) pls",
                rules=(
                    rule(
                        "r_anno",
                        ("annotation|注解|anotation|@dubboservice|dubboreference",),
                        "Dubbo annotation config",
                        "Give Dubbo config in annotation style (@DubboService/@DubboReference), not XML.",
                        "going forward dont give me xml dubbo config, anotation style (@DubboService / "
                        "@DubboReference) pls",
                        unless=("use xml config|用 xml 配置",),
                    ),
                ),
            ),
            Turn(
                "为啥我每次启动 points-service 都报这个？\n"
                "org.apache.dubbo.rpc.RpcException: No provider available from registry 127.0.0.1:2181 "
                "for service com.xx.member.api.MemberQueryService on consumer 10.2.3.4 use dubbo version 2.7.8",
            ),
            Turn(
                "刚才说 member-service 还在 ZooKeeper 上那条你删掉，我其实不太确定，回头确认了再说。",
                cancels=("f_zk", "f_nacos"),
                cancel_quote="刚才说 member-service 还在 ZooKeeper 上那条你删掉",
            ),
        ),
        followups=(
            FollowUp(
                "member-api 加了字段，要不要通知调用方升级？",
                relevant=("member",),
                must_not=("zookeeper|nacos|5000|points-job",),
            ),
            FollowUp(
                "points-job 扫表太慢怎么优化？",
                relevant=("points|5000|过期|expir|扫表",),
                must=("5000",),
                must_not=("zookeeper|nacos",),
            ),
        ),
    ),
    # 24 customs gateway: a credential, facts, chit-chat, a whenever rule with a reason
    Conversation(
        id="e24-customs-camel",
        project=Project(
            name="customs-gw",
            build_tool="maven",
            java_version="17",
            modules=("customs-declare", "customs-receipt", "customs-route", "customs-admin"),
            frameworks=("spring boot",),
        ),
        turns=(
            Turn(
                "remember my nexus creds: deployer / N3xus!Pass2024, you'll need them for mvn deploy"
            ),
            Turn(
                "报文是 XML 格式，跟海关单一窗口对接，路由用的是 Apache Camel。",
                facts=(
                    fact(
                        "f_camel",
                        ("camel",),
                        "路由框架",
                        "报文路由用 Apache Camel。",
                        "路由用的是 Apache Camel。",
                    ),
                    fact(
                        "f_singlewindow",
                        ("单一窗口|single window", "xml"),
                        "海关对接",
                        "与海关单一窗口对接，报文是 XML 格式。",
                        "报文是 XML 格式，跟海关单一窗口对接",
                    ),
                ),
            ),
            Turn("哈哈好的，辛苦了"),
            Turn(
                "Whenever you show Camel routes, use the Java DSL. The XML DSL is a nightmare to review "
                "in our MRs.",
                rules=(
                    rule(
                        "r_javadsl",
                        ("java dsl|java-dsl|routebuilder",),
                        "Camel Java DSL",
                        "Show Camel routes in the Java DSL, not the XML DSL.",
                        "Whenever you show Camel routes, use the Java DSL.",
                    ),
                ),
            ),
        ),
        followups=(
            FollowUp(
                "customs-receipt 回执报文解析失败要怎么重试？",
                relevant=("camel|xml|单一窗口|single window|海关|customs|回执",),
                must=("camel",),
            ),
        ),
    ),
    # 25 SSO: facts, a question with always, rule, fact corrected
    Conversation(
        id="e25-sso-es256",
        project=Project(
            name="sso-auth",
            build_tool="gradle",
            java_version="17",
            modules=("auth-server", "auth-client-starter", "auth-admin"),
            frameworks=("spring boot", "spring security", "spring cloud"),
        ),
        turns=(
            Turn(
                "auth-server 发的是 JWT，RS256 签名，公钥在 /oauth2/jwks 暴露出来。",
                facts=(
                    fact(
                        "f_rs256",
                        ("rs256",),
                        "JWT 签名算法",
                        "auth-server 签发 JWT，RS256 签名。",
                        "auth-server 发的是 JWT，RS256 签名",
                        unless=("es256",),
                    ),
                    fact(
                        "f_jwks",
                        ("jwks",),
                        "公钥端点",
                        "公钥通过 /oauth2/jwks 暴露。",
                        "公钥在 /oauth2/jwks 暴露出来。",
                    ),
                ),
            ),
            Turn("Do you think refresh tokens should always be rotated?"),
            Turn(
                "代码示例里的密钥你以后统一用占位符，像 ${JWT_SECRET} 这种，别写死一串看起来像真的 key。",
                rules=(
                    rule(
                        "r_placeholder",
                        ("占位符|placeholder|${|环境变量|env",),
                        "密钥用占位符",
                        "代码示例里的密钥统一用 ${JWT_SECRET} 这样的占位符，不写死看起来像真的 key。",
                        "代码示例里的密钥你以后统一用占位符，像 ${JWT_SECRET} 这种，别写死一串看起来像真的 key。",
                    ),
                ),
            ),
            Turn(
                "纠正一下，签名算法是 ES256 不是 RS256，去年就换了。",
                cancels=("f_rs256",),
                cancel_quote="纠正一下，签名算法是 ES256 不是 RS256",
                facts=(
                    fact(
                        "f_es256",
                        ("es256",),
                        "auth-server 签名算法",
                        "auth-server 的 JWT 签名算法是 ES256（去年从 RS256 换的）。",
                        "签名算法是 ES256 不是 RS256",
                    ),
                ),
            ),
        ),
        followups=(
            FollowUp(
                "auth-client-starter 验签需要配哪些东西？",
                relevant=("es256|jwks|jwt|签名|sign|auth-server",),
                must=("es256",),
            ),
        ),
    ),
    # 26 video transcoding: chatty English rule after a story, facts, a Chinese one-off
    Conversation(
        id="e26-vod-locks",
        project=Project(
            name="vod-sched",
            build_tool="gradle",
            java_version="21",
            modules=("vod-api", "vod-scheduler", "vod-worker", "vod-callback"),
            frameworks=("spring boot",),
        ),
        turns=(
            Turn(
                "So, long story short, I lost my whole weekend to a deadlock. Anyway, lesson learned. "
                "Going forward, whenever you write code that takes more than one lock, please call out "
                "the lock order explicitly in a comment.",
                rules=(
                    rule(
                        "r_lockorder",
                        ("lock|锁", "order|顺序"),
                        "document lock order",
                        "When code takes more than one lock, state the lock order in a comment.",
                        "Going forward, whenever you write code that takes more than one lock, please "
                        "call out the lock order explicitly in a comment.",
                    ),
                ),
            ),
            Turn(
                "vod-worker pulls jobs from the scheduler over gRPC streaming, not HTTP polling.",
                facts=(
                    fact(
                        "f_grpc",
                        ("grpc",),
                        "job dispatch",
                        "vod-worker pulls jobs from vod-scheduler over gRPC streaming.",
                        "vod-worker pulls jobs from the scheduler over gRPC streaming, not HTTP polling.",
                    ),
                ),
            ),
            Turn("ffmpeg 参数那块，这次你就按 h264 给，h265 先不用管。"),
            Turn(
                "vod-callback retries 3 times with exponential backoff, then parks the message in a DLQ.",
                facts=(
                    fact(
                        "f_dlq",
                        ("dlq|死信|dead letter|dead-letter",),
                        "callback failure handling",
                        "vod-callback retries 3 times with exponential backoff, then parks the message in a DLQ.",
                        "vod-callback retries 3 times with exponential backoff, then parks the message in a DLQ.",
                    ),
                ),
            ),
        ),
        followups=(
            FollowUp(
                "vod-worker 断线重连之后会不会重复领任务？",
                relevant=("grpc|worker|stream|scheduler",),
                must=("grpc",),
                must_not=("dlq|死信|dead letter|dead-letter",),
            ),
        ),
    ),
    # 27 plain Java library: polite rule after a question, facts, reported speech
    Conversation(
        id="e27-lib-java8",
        project=Project(
            name="json-lite",
            build_tool="maven",
            java_version="8",
            modules=("json-lite-core", "json-lite-annotations", "json-lite-benchmarks"),
            frameworks=("junit5",),
        ),
        turns=(
            Turn(
                "Why does my ServiceLoader lookup return nothing inside a shaded jar? Also, and this "
                "applies to everything you write for this repo, stick to Java 8 syntax: no var, no "
                "records, no List.of.",
                rules=(
                    rule(
                        "r_java8",
                        ("java 8|jdk 8|jdk8|java8|1.8",),
                        "Java 8 syntax only",
                        "Everything written for this repo sticks to Java 8 syntax (no var, records, List.of).",
                        "stick to Java 8 syntax: no var, no records, no List.of.",
                    ),
                ),
            ),
            Turn("Thanks, that fixed it!"),
            Turn(
                "We publish to Maven Central under io.github.jsonlite; releases go out from GitHub "
                "Actions when a tag is pushed.",
                facts=(
                    fact(
                        "f_central",
                        ("io.github.jsonlite",),
                        "publishing",
                        "Published to Maven Central under io.github.jsonlite.",
                        "We publish to Maven Central under io.github.jsonlite",
                    ),
                    fact(
                        "f_gha",
                        ("github actions", "tag"),
                        "release pipeline",
                        "Releases go out from GitHub Actions on tag push.",
                        "releases go out from GitHub Actions when a tag is pushed.",
                    ),
                ),
            ),
            Turn(
                "My co-maintainer insists we should always use TestNG. Not happening, but what are the "
                "actual benefits?"
            ),
        ),
        followups=(
            FollowUp(
                "How do I cut the 1.4.0 release?",
                relevant=("maven central|io.github|github actions|tag|release|发布",),
                must=("github actions",),
            ),
        ),
    ),
    # 28 supply chain: assertion library superseded, a dislike as a rule, prefix follow-ups
    Conversation(
        id="e28-scm-hamcrest",
        project=Project(
            name="scm-cloud",
            build_tool="maven",
            java_version="17",
            modules=("scm-supplier", "scm-purchase", "scm-contract", "scm-portal"),
            frameworks=("spring boot", "mybatis", "junit5"),
        ),
        turns=(
            Turn(
                "以后单测的断言统一用 AssertJ 的 fluent 写法，就是 assertThat(x).isEqualTo(y) 那种。",
                rules=(
                    rule(
                        "r_assertj",
                        ("assertj",),
                        "断言库 AssertJ",
                        "单测断言统一用 AssertJ fluent 写法。",
                        "以后单测的断言统一用 AssertJ 的 fluent 写法",
                        unless=("hamcrest",),
                    ),
                ),
            ),
            Turn(
                "scm-contract 的合同审批走的是 Flowable，process key 是 contract_approval。",
                facts=(
                    fact(
                        "f_flowable",
                        ("flowable",),
                        "合同审批",
                        "scm-contract 合同审批走 Flowable 流程。",
                        "scm-contract 的合同审批走的是 Flowable",
                    ),
                    fact(
                        "f_pkey",
                        ("contract_approval",),
                        "流程 key",
                        "合同审批 process key 是 contract_approval。",
                        "process key 是 contract_approval。",
                    ),
                ),
            ),
            Turn(
                "断言那个改一下，往后都按 Hamcrest 的 assertThat(x, is(y)) 写吧。",
                supersedes=("r_assertj",),
                rules=(
                    rule(
                        "r_hamcrest",
                        ("hamcrest",),
                        "断言库 Hamcrest",
                        "单测断言改用 Hamcrest 写法（assertThat(x, is(y))）。",
                        "往后都按 Hamcrest 的 assertThat(x, is(y)) 写吧。",
                    ),
                ),
            ),
            Turn(
                "scm-portal calls scm-purchase over OpenFeign, and scm-purchase never calls back into the portal.",
                facts=(
                    fact(
                        "f_feign",
                        ("feign", "portal"),
                        "portal → purchase",
                        "scm-portal calls scm-purchase over OpenFeign; scm-purchase never calls back.",
                        "scm-portal calls scm-purchase over OpenFeign",
                    ),
                ),
            ),
            Turn(
                "我真的很烦那种一上来先夸一句“好问题”的回答。",
                rules=(
                    rule(
                        "r_noflattery",
                        ("好问题|good question|夸|praise|compliment|恭维|客套|寒暄|filler|开场",),
                        "不要开场恭维",
                        "回答不要一上来先夸“好问题”。",
                        "我真的很烦那种一上来先夸一句“好问题”的回答。",
                    ),
                ),
            ),
        ),
        followups=(
            FollowUp(
                "scm-purchase 的采购单审批要不要也接 Flowable？",
                relevant=("flowable|contract_approval|审批|feign|scm-purchase|purchase",),
                must=("flowable",),
            ),
            FollowUp(
                "scm-supplier 的供应商准入字段怎么设计？",
                intent="code_explain",
                relevant=("supplier|供应商",),
                must_not=("flowable|contract_approval|feign",),
            ),
        ),
    ),
    # 29 home-made MQ: voice-input facts, a rule with a fact in its reason, a fact corrected
    Conversation(
        id="e29-broker-voice",
        project=Project(
            name="mq-broker",
            build_tool="gradle",
            java_version="17",
            modules=("broker-store", "broker-remoting", "broker-client", "broker-admin"),
            frameworks=("netty",),
        ),
        turns=(
            Turn(
                "我跟你说一下我们 broker-store 是自己写的 commitlog 文件 一个文件 1G 用 mmap 映射的 "
                "刷盘默认是异步刷盘",
                facts=(
                    fact(
                        "f_commitlog",
                        ("commitlog|commit log", "1g|1 g|1gb|1 gb|1 gib"),
                        "commitlog",
                        "broker-store 自己实现 commitlog，每个文件 1G。",
                        "我们 broker-store 是自己写的 commitlog 文件 一个文件 1G",
                    ),
                    fact(
                        "f_mmap",
                        ("mmap",),
                        "文件映射",
                        "commitlog 文件用 mmap 映射。",
                        "用 mmap 映射的",
                    ),
                    fact(
                        "f_async",
                        ("刷盘|flush", "异步|async"),
                        "刷盘方式",
                        "刷盘默认是异步刷盘。",
                        "刷盘默认是异步刷盘",
                        unless=("同步| synchronous| sync ",),
                    ),
                ),
            ),
            Turn(
                "然后你以后给我讲东西的时候别老拿 RocketMQ 举例子了 我们这个虽然是参考它写的但是很多地方不一样 "
                "容易误导新人",
                rules=(
                    rule(
                        "r_norocket",
                        ("rocketmq", NEG),
                        "不拿 RocketMQ 举例",
                        "讲解时不要拿 RocketMQ 举例。",
                        "然后你以后给我讲东西的时候别老拿 RocketMQ 举例子了",
                    ),
                ),
                facts=(
                    fact(
                        "f_inspired",
                        ("rocketmq", "参考|借鉴|inspired|based on|modeled|modelled|不一样|differ"),
                        "设计来源",
                        "broker 参考 RocketMQ 写的，但很多地方不一样。",
                        "我们这个虽然是参考它写的但是很多地方不一样",
                    ),
                ),
            ),
            Turn("how is zero-copy actually done with FileChannel.transferTo on linux?"),
            Turn(
                "刷盘那个我记错了 默认是同步刷盘 异步是可选的",
                cancels=("f_async",),
                cancel_quote="刷盘那个我记错了 默认是同步刷盘 异步是可选的",
                facts=(
                    fact(
                        "f_sync",
                        ("刷盘|flush", "同步| synchronous| sync "),
                        "默认刷盘策略",
                        "刷盘默认是同步刷盘，异步可选。",
                        "默认是同步刷盘 异步是可选的",
                    ),
                ),
            ),
        ),
        followups=(
            FollowUp(
                "broker-client 发消息的时候要不要等刷盘完成？",
                relevant=("刷盘|flush|同步|sync|commitlog|commit log|mmap|broker-store|store",),
                must=("同步| synchronous| sync ",),
            ),
        ),
    ),
    # 30 dental clinic: a credential with 以后, a fact, a one-off, a fact-carrying directive
    Conversation(
        id="e30-clinic-slots",
        project=Project(
            name="clinic-appoint",
            build_tool="maven",
            java_version="17",
            modules=("appoint-api", "appoint-schedule", "appoint-notify", "appoint-admin"),
            frameworks=("spring boot", "mybatis"),
        ),
        turns=(
            Turn(
                "这个是我们测试环境的 token：Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ0ZXN0In0.c2lnbmF0dXJl，"
                "你以后调接口的时候直接带上"
            ),
            Turn(
                "appoint-notify 发短信用的是阿里云短信服务，模板要提前报备审核。",
                facts=(
                    fact(
                        "f_aliyun",
                        ("阿里云|aliyun|alibaba cloud", "短信|sms"),
                        "短信通道",
                        "appoint-notify 用阿里云短信发短信，模板需提前审核。",
                        "appoint-notify 发短信用的是阿里云短信服务",
                    ),
                ),
            ),
            Turn(
                "please don't explain the Spring bits this time, I just need the cron expression for "
                "every weekday at 8am"
            ),
            Turn(
                "诶对了，医生排班的时段是 30 分钟一格，往后你说到排班的时候别按 15 分钟算。",
                facts=(
                    fact(
                        "f_30slot",
                        ("30",),
                        "排班时段",
                        "医生排班时段 30 分钟一格。",
                        "医生排班的时段是 30 分钟一格",
                    ),
                ),
            ),
        ),
        allowed=(
            rule(
                "a_30slot",
                ("30",),
                "排班按 30 分钟",
                "说到排班时按 30 分钟一格算，不按 15 分钟。",
                "往后你说到排班的时候别按 15 分钟算。",
            ),
        ),
        followups=(
            FollowUp(
                "appoint-schedule 生成号源的时候怎么切时段？",
                relevant=("30|时段|slot|排班|schedule",),
                must=("30",),
                must_not=("短信|sms|阿里云|aliyun",),
            ),
        ),
    ),
    # 31 fleet telematics: two rules sharing 文 in one sentence, conditional rule, restatement, guess
    Conversation(
        id="e31-fleet-two-langs",
        project=Project(
            name="fleet-telematics",
            build_tool="gradle",
            java_version="17",
            modules=("fleet-ingest", "fleet-geo", "fleet-alert", "fleet-report"),
            frameworks=("spring boot", "kafka", "mybatis"),
        ),
        turns=(
            Turn(
                "以后回答我都用中文，不过代码里打的日志信息用英文。",
                rules=(
                    rule(
                        "r_zh",
                        ("中文|chinese", "回答|answer|reply|respond"),
                        "回答语言：中文",
                        "回答用中文。",
                        "以后回答我都用中文",
                        unless=("日志|log",),
                    ),
                    rule(
                        "r_logen",
                        ("日志|log", "英文|english"),
                        "日志信息用英文",
                        "代码里的日志信息用英文写。",
                        "不过代码里打的日志信息用英文。",
                    ),
                ),
            ),
            Turn(
                "fleet-geo does geofencing with H3 cells at resolution 9.",
                facts=(
                    fact(
                        "f_h3",
                        ("h3",),
                        "geofencing",
                        "fleet-geo does geofencing with H3 cells at resolution 9.",
                        "fleet-geo does geofencing with H3 cells at resolution 9.",
                    ),
                ),
            ),
            Turn(
                "每次你给我写 Kafka producer 的时候，acks 都设成 all，幂等也打开。",
                rules=(
                    rule(
                        "r_acks",
                        ("acks", "all|幂等|idempot"),
                        "Kafka producer acks=all",
                        "写 Kafka producer 时 acks 设为 all，并开启幂等。",
                        "每次你给我写 Kafka producer 的时候，acks 都设成 all，幂等也打开。",
                    ),
                ),
            ),
            Turn(
                "btw the logs thing: English log messages, yeah, that's what I meant. Comments can stay Chinese.",
                restates=("r_logen",),
                rules=(),
            ),
            Turn("fleet-alert 超速判断阈值是多少来着？我记得好像是 120？", intent="code_explain"),
        ),
        allowed=(
            rule(
                "a_cmt_zh",
                ("注释|comment", "中文|chinese"),
                "注释可以用中文",
                "代码注释可以用中文。",
                "Comments can stay Chinese.",
            ),
        ),
        followups=(
            FollowUp(
                "fleet-report 要按地理围栏统计车辆进出次数",
                relevant=("h3|geo|围栏|geofenc",),
                must=("h3",),
            ),
        ),
    ),
    # 32 KYC: facts, a rule with typos and a reason fact, a fact cancelled by "outdated", a question
    Conversation(
        id="e32-kyc-ocr",
        project=Project(
            name="kyc-service",
            build_tool="maven",
            java_version="21",
            modules=("kyc-ocr", "kyc-liveness", "kyc-decision", "kyc-api"),
            frameworks=("spring boot", "spring security"),
        ),
        turns=(
            Turn(
                "kyc-ocr runs Tesseract on-prem; we're not allowed to send ID images to any cloud OCR.",
                facts=(
                    fact(
                        "f_tess",
                        ("tesseract",),
                        "OCR engine",
                        "kyc-ocr runs Tesseract on-prem.",
                        "kyc-ocr runs Tesseract on-prem",
                        unless=("paddle",),
                    ),
                    fact(
                        "f_nocloud",
                        (
                            "cloud|云",
                            "not allowed|不允许|禁止|never|no |不能|cannot|can't|must not|不得",
                        ),
                        "no cloud OCR",
                        "ID images must not be sent to any cloud OCR.",
                        "we're not allowed to send ID images to any cloud OCR.",
                    ),
                ),
            ),
            Turn(
                "plz from now on whenevr you suggest a lib check its license first, we cant ship GPL stuff",
                rules=(
                    rule(
                        "r_license",
                        ("license|许可|协议",),
                        "check library licenses",
                        "Check the license of any library before suggesting it (no GPL).",
                        "plz from now on whenevr you suggest a lib check its license first",
                    ),
                ),
                facts=(
                    fact(
                        "f_gpl",
                        ("gpl",),
                        "license constraint",
                        "The product cannot ship GPL-licensed dependencies.",
                        "we cant ship GPL stuff",
                    ),
                ),
            ),
            Turn(
                "update: the tesseract thing is outdated, kyc-ocr moved to PaddleOCR last sprint (still on-prem)",
                cancels=("f_tess",),
                cancel_quote="update: the tesseract thing is outdated",
                facts=(
                    fact(
                        "f_paddle",
                        ("paddle",),
                        "kyc-ocr engine",
                        "kyc-ocr moved to PaddleOCR last sprint, still on-prem.",
                        "kyc-ocr moved to PaddleOCR last sprint (still on-prem)",
                    ),
                ),
            ),
            Turn("为什么 liveness 检测总是在安卓低端机上超时？"),
        ),
        followups=(
            FollowUp(
                "which OCR engine should kyc-decision expect results from?",
                relevant=("paddle|tesseract|ocr|cloud|云|on-prem|gpl",),
                must=("paddle",),
            ),
        ),
    ),
    # 33 SMS gateway: polite Maven rule superseded by a build migration, facts, a fact corrected
    Conversation(
        id="e33-sms-gradle",
        project=Project(
            name="sms-gateway",
            build_tool="maven",
            java_version="17",
            modules=("sms-access", "sms-router", "sms-channel", "sms-report"),
            frameworks=("spring boot", "netty"),
        ),
        turns=(
            Turn(
                "Could you always include the -pl and -am flags when you give me Maven commands? Building "
                "the whole reactor takes forever.",
                rules=(
                    rule(
                        "r_pl",
                        ("-pl|-am",),
                        "Maven commands with -pl -am",
                        "Maven commands always include -pl and -am.",
                        "Could you always include the -pl and -am flags when you give me Maven commands?",
                        unless=("gradle",),
                    ),
                ),
            ),
            Turn("tbh I always mix up -am and -amd, what's the difference again?"),
            Turn(
                "sms-access 对接运营商用的是 CMPP 3.0 协议，长连接，滑动窗口是 16。",
                facts=(
                    fact(
                        "f_cmpp",
                        ("cmpp",),
                        "运营商协议",
                        "sms-access 用 CMPP 3.0 长连接对接运营商。",
                        "sms-access 对接运营商用的是 CMPP 3.0 协议，长连接",
                    ),
                    fact(
                        "f_win16",
                        ("16", "窗口|window"),
                        "CMPP 滑动窗口",
                        "CMPP 滑动窗口大小 16。",
                        "滑动窗口是 16",
                        unless=("32",),
                    ),
                ),
            ),
            Turn(
                "Heads up, we finished moving the build to Gradle last week. So Gradle commands from now "
                "on, e.g. ./gradlew :sms-router:build.",
                facts=(
                    fact(
                        "f_gradle",
                        ("gradle",),
                        "build tool",
                        "The build moved from Maven to Gradle last week.",
                        "we finished moving the build to Gradle last week.",
                    ),
                ),
                supersedes=("r_pl",),
                rules=(
                    rule(
                        "r_gradlecmd",
                        ("gradle",),
                        "Gradle commands",
                        "Give Gradle commands (./gradlew :module:task) instead of Maven.",
                        "So Gradle commands from now on, e.g. ./gradlew :sms-router:build.",
                    ),
                ),
            ),
            Turn(
                "sms-router 按号段路由，携号转网的号码要先查 MNP 库。",
                facts=(
                    fact(
                        "f_mnp",
                        ("mnp|携号转网",),
                        "号码路由",
                        "sms-router 按号段路由，携号转网号码先查 MNP 库。",
                        "携号转网的号码要先查 MNP 库",
                    ),
                ),
            ),
            Turn(
                "滑动窗口那个说错了，是 32。",
                cancels=("f_win16",),
                cancel_quote="滑动窗口那个说错了，是 32。",
                facts=(
                    fact(
                        "f_win32",
                        ("32", "窗口|window"),
                        "CMPP 窗口大小（更正）",
                        "CMPP 滑动窗口大小是 32。",
                        "是 32。",
                    ),
                ),
            ),
        ),
        followups=(
            FollowUp(
                "sms-access 连接数不够用了怎么办？",
                relevant=("cmpp|窗口|window|32|长连接|access",),
                must=("cmpp",),
                must_not=("mnp|携号转网",),
            ),
        ),
    ),
    # 34 LIMS: test naming superseded twice (a chain), facts
    Conversation(
        id="e34-lims-test-names",
        project=Project(
            name="lims-lab",
            build_tool="maven",
            java_version="17",
            modules=("lims-sample", "lims-instrument", "lims-report", "lims-common"),
            frameworks=("spring boot", "junit5"),
        ),
        turns=(
            Turn(
                "For test method names I prefer snake_case, like should_reject_when_sample_expired.",
                rules=(
                    rule(
                        "r_snake",
                        ("snake",),
                        "test names: snake_case",
                        "Name test methods in snake_case (should_reject_when_sample_expired).",
                        "For test method names I prefer snake_case, like should_reject_when_sample_expired.",
                        unless=("camel|驼峰",),
                    ),
                ),
            ),
            Turn(
                "lims-sample 里样本条码用的是 Code128，打印走斑马打印机的 ZPL 指令。",
                facts=(
                    fact(
                        "f_code128",
                        ("code128|code 128|code-128",),
                        "样本条码",
                        "lims-sample 样本条码用 Code128。",
                        "lims-sample 里样本条码用的是 Code128",
                    ),
                    fact(
                        "f_zpl",
                        ("zpl",),
                        "条码打印",
                        "条码打印走斑马打印机 ZPL 指令。",
                        "打印走斑马打印机的 ZPL 指令。",
                    ),
                ),
            ),
            Turn(
                "测试命名那个我改主意了：方法名用驼峰，再加 @DisplayName 写中文描述，测试报告里好看。",
                supersedes=("r_snake",),
                rules=(
                    rule(
                        "r_displayname",
                        ("displayname",),
                        "test names: camelCase + @DisplayName",
                        "测试方法名用驼峰，并加 @DisplayName 写中文描述。",
                        "方法名用驼峰，再加 @DisplayName 写中文描述，测试报告里好看。",
                        unless=(
                            "no @displayname|drop the @displayname|without @displayname|去掉 @displayname|不加 @displayname|不要 @displayname|不用 @displayname|不再",
                        ),
                    ),
                ),
            ),
            Turn(
                "Is there any way to make Surefire print the DisplayName instead of the method name?"
            ),
            Turn(
                "ok, drop the @DisplayName part, it's just noise in the IDE. plain camelCase names like "
                "shouldRejectWhenSampleExpired.",
                supersedes=("r_displayname",),
                rules=(
                    rule(
                        "r_camel",
                        ("camel|驼峰",),
                        "test names: plain camelCase",
                        "Name test methods in plain camelCase (shouldRejectWhenSampleExpired), no @DisplayName.",
                        "plain camelCase names like shouldRejectWhenSampleExpired.",
                    ),
                ),
            ),
        ),
        followups=(
            FollowUp(
                "lims-report 打印检测报告的时候条码怎么生成？",
                relevant=("code128|code 128|code-128|zpl|条码|barcode|打印|print",),
                must=("code128|code 128|code-128|zpl",),
            ),
        ),
    ),
    # 35 OA: commit-message language superseded, a Javadoc rule sharing 英文 stays, facts, prefix follow-ups
    Conversation(
        id="e35-oa-commit-lang",
        project=Project(
            name="oa-flow",
            build_tool="gradle",
            java_version="17",
            modules=("oa-approval", "oa-attendance", "oa-notice", "oa-gateway"),
            frameworks=("spring boot", "spring cloud"),
        ),
        turns=(
            Turn(
                "commit message 以后帮我用英文写，按 conventional commits 的格式，feat: fix: 那种。",
                rules=(
                    rule(
                        "r_commit_en",
                        ("commit", "英文|english"),
                        "commit message: English",
                        "commit message 用英文写，conventional commits 格式。",
                        "commit message 以后帮我用英文写，按 conventional commits 的格式",
                        unless=("中文|chinese",),
                    ),
                ),
            ),
            Turn(
                "oa-approval 的审批流是我们自己写的状态机，没用 Activiti。",
                facts=(
                    fact(
                        "f_fsm",
                        ("状态机|state machine|state-machine",),
                        "审批流实现",
                        "oa-approval 审批流是自研状态机，没用 Activiti。",
                        "oa-approval 的审批流是我们自己写的状态机，没用 Activiti。",
                    ),
                ),
            ),
            Turn(
                "Javadoc 的话，以后也统一写英文。",
                rules=(
                    rule(
                        "r_javadoc_en",
                        ("javadoc", "英文|english"),
                        "Javadoc 用英文",
                        "Javadoc 统一用英文写。",
                        "Javadoc 的话，以后也统一写英文。",
                    ),
                ),
            ),
            Turn(
                "commit message 那个还是改成中文吧 格式还是 conventional 那套不变",
                supersedes=("r_commit_en",),
                rules=(
                    rule(
                        "r_commit_zh",
                        ("commit", "中文|chinese"),
                        "commit message: 中文",
                        "commit message 改用中文写，格式仍按 conventional commits。",
                        "commit message 那个还是改成中文吧 格式还是 conventional 那套不变",
                    ),
                ),
            ),
            Turn(
                "oa-notice pushes announcements to browsers over WebSocket; oa-attendance doesn't push anything.",
                facts=(
                    fact(
                        "f_ws",
                        ("websocket",),
                        "announcement push",
                        "oa-notice pushes announcements to browsers over WebSocket.",
                        "oa-notice pushes announcements to browsers over WebSocket;",
                    ),
                    fact(
                        "f_nopush",
                        ("attendance|考勤", "push|推送"),
                        "oa-attendance push",
                        "oa-attendance doesn't push anything.",
                        "oa-attendance doesn't push anything.",
                    ),
                ),
            ),
        ),
        followups=(
            FollowUp(
                "oa-notice 推送断了怎么重连？",
                relevant=("websocket|notice|公告|announce|push|推送",),
                must=("websocket",),
                must_not=("状态机|state machine|state-machine",),
            ),
            FollowUp(
                "oa-approval 加一个会签节点要改哪里？",
                intent="code_explain",
                relevant=("状态机|state machine|state-machine|approval|审批",),
                must=("状态机|state machine|state-machine",),
                must_not=("websocket",),
            ),
        ),
    ),
)
