"""What keeps the offline reader from taking a sentence for a project note (family
``offline-note-vetoes``; docs/quality.md#the-offline-reader).

A project note is a lasting fact the user asserts about the project. Some sentences
read like one and assert nothing: a message the user marks as a joke, a guess. Others
state something that is no new note: that a thing is no longer used, with nothing named
in its place (it can only revise the note that said it was: a new note "we don't use
Redis" would stand in every later context), what is happening at this moment, what
another team's project uses, and a question asked without its question mark ("…还是…啊").
The first two veto every note; the others only a new one (a correction or a change still
revises the note it is about). Without a model nothing else decides, so each is a named
rule with its examples; a note that is missed can always be remembered in full
(``remember --note``).
"""

from __future__ import annotations

import re

from autopatch_memory.lang import CJK_CLASS
from autopatch_memory.lang.rules import FunctionRule, PatternRule, Registry
from autopatch_memory.text import looks_like_code_or_log

__all__ = ["GUESS", "JOKE", "NEW_NOTE_VETOES", "NOTE_VETOES"]

# A sentence after a fact that is only a joke mark ("Kidding.", "开个玩笑。"), at most this long.
JOKE_TAIL_CHARS = 16

JOKE = PatternRule(
    "marked-as-joke",
    "the message marks itself as a joke or sarcasm (kidding, /s, 开玩笑, 狗头, a face crying"
    " with laughter, laughter that ends the sentence, a sarcastic 'Oh sure,' or 'Oh great,'):"
    " read for the whole message, since the mark often stands in a sentence of its own"
    " (laughter that opens a message answers the one before: what follows is still a fact)",
    examples_match=(
        "Our deployment strategy is 'push to prod on Friday and pray'. Kidding.",
        "Sure, our tests all pass on the first try, jk",
        "We have zero tech debt /s",
        "我们的运维就是重启大法 😂",
        "咱们项目的文档就是代码本身，开个玩笑",
        "我们的架构师是 Stack Overflow [狗头]",
        "支付模块的单测覆盖率是负数，哈哈哈",
        "search-api is held together by duct tape lol",
        "Oh sure, the batch jobs are self-healing.",
        "我们的技术栈就是 Redis 加祈祷",
        "我们的架构是微服务单体 懂的都懂",
        "Our deploy process is a distributed monolith, fight me",
        "the recommender is basically a coin flip",
        "our real config center is a wiki page",
        "the sync job is held together with duct tape",
    ),
    examples_no_match=(
        "The order service runs on JDK 17.",
        "我们用 Postgres 16，不是 14。",
        "The lol-service module handles the chat stickers.",
        "哈哈，我们项目用的是 Gradle 8.5",
        "lol yes, the push gateway keeps about 200k connections a machine",
        "The checkstyle config has a rule saying 'always use braces'.",
        "Oh right, our billing service uses Postgres 14.",
        "Our payment module is covered by contract tests, obviously.",
        "The prayer-time service is in module prayer-api.",
    ),
    pattern=re.compile(
        r"\b(?:just\s+)?kidding\b|\bjk\b|(?:^|\s)/s\b"
        r"|开(?:个|了个)?玩笑|说着玩|狗头|笑死|[\U0001F602\U0001F923\U0001F643\U0001F61C\U0001F92A\U0001F605\U0001F606]"
        # prayer as a part of the stack, a wink: "Kafka 加祈祷", "懂的都懂", "fight me"
        r"|祈祷|烧香|拜一拜|\U0001F64F|懂的都懂|\bfight\s+me\b|\band\s+(?:a\s+)?prayers?\b"
        # hyperbole: "basically a coin flip", "our real message broker is email", "随机数生成器"
        r"|\bbasically\s+(?:a\s+)?(?:coin\s+flip|random|joke|dice\s+roll)\b"
        r"|\bheld\s+together\s+(?:by|with)\s+(?:duct\s+tape|tape|hope|prayers?|luck|glue)\b"
        r"|\bour\s+real\s+(?!estate\b)[\w-]+(?:\s+[\w-]+)?\s+is\b|真正的\s*[\w-]{1,12}\s*是|抛硬币|掷骰子|随机数生成器"
        # laughter that ends the sentence it follows ("…写的，哈哈", "… duct tape lol")
        r"|(?<=\S)[，,\s]\s*(?:哈{2,}|h{3,}|\blol\b|\blmao\b|\brofl\b)[\s。.!！~～]*$"
        # sarcasm: "Oh sure, …", "Oh great, …" ("Oh right, …" only remembers)
        r"|^\W*oh\s+(?:sure|great)\b",
        re.IGNORECASE,
    ),
)

GUESS = PatternRule(
    "guess",
    "the sentence guesses, predicts or plans instead of stating (maybe, probably, I guess,"
    " might, at some point, planning to, 估计, 可能, 大概, 说不定, 好像, 不清楚, 打算): a fact the"
    " user is not sure of, or one still to come, is no note",
    examples_match=(
        "CI will probably move to GitHub Actions.",
        "I guess the billing service is on Postgres 14.",
        "Maybe we use Kafka for the audit events, not sure.",
        "CI 估计以后会换成 GitHub Actions 吧。",
        "We might move the gateway to Envoy at some point.",
        "We're evaluating Pulsar as a replacement for Kafka.",
        "我们打算把配置中心迁到 Nacos",
        "report-service 用的是 ES 还是 Solr 我不太清楚",
        "订单服务好像是 JDK 11",
        "网关大概是 Spring Cloud Gateway 做的",
        "对账 job 应该是用 XXL-JOB 调的，大概吧",
        "我猜 report-api 用的是 MyBatis 3.5",
        "Priya wants to replace Quartz with Spring Scheduler in ops-batch, nothing's approved.",
        "有个提议要把 label-service 拆出去",
        "for the record, the goal is to get every service on Java 21 by the end of the year",
        "btw 下个版本准备 introduce Kafka for the audit log，目前还没开始做",
        "记一下 — say we upgraded to Spring Boot 3.3, 那 Jenkins 的镜像也得跟着换",
        "note that we'd like pharmacy-stock to eventually own its own RabbitMQ vhost",
    ),
    examples_no_match=(
        "记一下：proposal-service 负责提案的审批流",
        "FYI orders not approved within 24h are auto-cancelled by order-job.",
        "The billing service uses Postgres 14.",
        "We moved the audit events to Kafka last year.",
        "我们的网关是 Spring Cloud Gateway。",
        "订单服务可用性要求 99.9%",
        "对账 job 每天凌晨 2 点跑，数据量大概 300 万行。",
        "push-connector 每台机器大概维持 20 万长连接。",
        "The release plan lives in docs/release.md.",
        "计划任务都在 scheduler 模块里",
        "风控服务负责评估订单风险",
        "Prices might change during checkout, so we lock them for 15 minutes.",
        "FYI the order events eventually land in ClickHouse via the sync-job",
        "记一下：order-api 如果超时会重试 3 次",
    ),
    pattern=re.compile(
        r"\b(?:maybe|perhaps|probably|possibly|presumably|i\s+guess|i\s+suppose"
        r"|not\s+(?:100\s*%\s+|entirely\s+|totally\s+|quite\s+|completely\s+)?sure|i\s+heard"
        r"|might\s+be|i\s+(?:think|believe)\s+(?:that\s+)?(?:we|it|the|our))\b"
        r"|听说|据说|传言|传闻|\brumou?rs?\b|我(?:觉得|认为|感觉)|还没定|没定下来|未定"
        r"|\b(?:still\s+)?debating\b|\bundecided\b|\bnot\s+(?:yet\s+)?decided\b|估计|也许|大概(?=是|会|要|在用|用的|吧)|或许|说不定|好像|似乎|可能(?!性)|应该会|应该是"
        r"|不太确定|不确定|不太清楚|我(?:也|都|还)?不(?:是很)?清楚|我(?:也|都)?不知道"
        # a plan, not a fact yet: "We might move X to WebFlux at some point", "打算迁到 K8s"
        r"|\bwe\s+might\b|\bmight\s+(?:move|switch|migrate|replace|drop|adopt|go)\b"
        r"|\bat\s+some\s+point\b|\bsomeday\b|\bone\s+day\b"
        r"|\b(?:we(?:'re|\s+are)|currently)\s+(?:evaluating|piloting|trialing|trialling|prototyping)\b"
        r"|(?:正在|在)(?:评估|调研|试点)"
        r"|\b(?:plan(?:s|ning)?|thinking\s+about|considering)\s+(?:to\s+|on\s+)?(?:move|moving"
        r"|switch|switching|migrate|migrating|replace|replacing|drop|dropping|adopt|adopting)\b"
        r"|打算|计划(?=把|用|换|迁|改|上|引入)|考虑(?=把|用|换|迁|改|上|引入|升级)|准备(?=把|换|迁|改|上|引入)|回头(?=把|换|迁|改)"
        # a guess said with 猜; a change someone proposes, not decided: "X wants to replace…,
        # nothing's approved yet", "there's a proposal to drop…", "有个提议要…"
        r"|我猜|\b(?:wants?|would\s+like)\s+to\s+(?:replace|move|switch|migrate|drop|adopt|rewrite)\b"
        r"|\b(?:a|the)\s+proposal\s+to\b|\bnothing(?:'s|\s+is)\s+(?:yet\s+)?approved\b"
        r"|\bnot\s+yet\s+approved\b|有个?提议|提议(?:要|把)|有个?提案|还没批"
        # a goal, a wish, a plan not started: "the goal is to…", "we'd like X to eventually…",
        # "下个版本准备 introduce Kafka，目前还没开始做"
        r"|\bthe\s+(?:goal|plan|idea|aim)\s+is\s+to\b"
        r"|\bwe'?d\s+like\b[^.;]{0,40}\b(?:to\s+eventually|eventually|to\s+(?:move|switch|migrate|replace))\b"
        r"|\b(?:to|will|should|would|might)\s+eventually\b"
        r"|\bby\s+the\s+end\s+of\s+(?:the\s+|this\s+|next\s+)?(?:year|quarter|month|sprint)\b"
        r"|准备\s*(?=[a-z])|还没开始|目前还没|尚未开始"
        # a hypothetical: "say we upgraded to 3.3, …", "假如/要是…"
        r"|\b(?:say|suppose|assuming|imagine)\s+we\b|\blet'?s\s+say\b|假如|假设",
        re.IGNORECASE,
    ),
)

# What names a replacement: "…, we use Caffeine instead", "改用 Caffeine", "换成了 Nacos".
_REPLACEMENT = (
    r"改用|改成|改为|换成|换了|换到|替换|替代|取代|迁到|迁移到|切到|切换到|转到|现在用|现在走|统一用|用的是"
    r"|都用|一律用|只用|全用|都走|都是走|统一走|走的是|只走|\bonly\s+uses?\b|\ball\s+use\b"
    r"|\binstead\b|\breplaced\b|\bmoved\s+to\b|\bmigrated\s+to\b|\bswitched\s+to\b"
    r"|\bnow\s+(?:use|uses|on|runs?)\b|->|→"
)
_REPLACED_RE = re.compile(_REPLACEMENT, re.IGNORECASE)
# A second clause may name what replaced the thing: the rule holds for one clause only.
_CLAUSES_RE = re.compile(r"[:：;；,，—]")
_NO_LONGER_RE = re.compile(
    r"不再(?:用|走|依赖|使用|接|调用?)|不用[^，。,.;；]{1,30}?了|已经不用|不走[^，。,.;；]{1,30}?了"
    r"|去掉了|下掉了|弃用了|移除了|\bno\s+longer\b|\bdropped\b|\bremoved\b|\bstopped\s+using\b",
    re.IGNORECASE,
)
# Not used at all: "项目里没用 Spring Cloud Gateway", "live-class doesn't use Spring Cloud"
# (not "没用的代码", useless code).
_NOT_USED_RE = re.compile(
    r"(?:没|没有|并没有|从没|从来没|从来不|并不)(?:用|使用|引入|接入|上)(?!的|处|过来|来|到|户|于|法)"
    # "review-service 不走 kafka", "不再连 ClickHouse", "项目里已经没有 Dubbo 了"
    r"|(?<![要得会就])不(?:再)?(?:走|连|接|依赖)\s*[a-z]|已经没有\s*[a-z][\w.\-]*\s*了"
    r"|\b(?:don'?t|do\s+not|doesn'?t|does\s+not|never)\s+(?:use|go\s+through|talk\s+to"
    r"|connect\s+to|depend\s+on)\b|\bthere(?:'s|\s+is)\s+no\s+[a-z][\w.\-]*\s+in\s+(?:this|the|our)\b",
    re.IGNORECASE,
)


def _no_longer_used(sentence: str) -> bool:
    if _REPLACED_RE.search(sentence) or _CLAUSES_RE.search(sentence):
        return False
    return bool(_NO_LONGER_RE.search(sentence) or _NOT_USED_RE.search(sentence))


NO_LONGER_USED = FunctionRule(
    "no-longer-used",
    "the sentence (one clause) only says a thing is not or no longer used (不用…了, 不再用,"
    " 去掉了, 没用 X, dropped, no longer, doesn't use) and names nothing in its place: no new"
    " note (it may revise the note that said the thing was used)",
    examples_match=(
        "payment-service 已经不走 Feign 了",
        "咱们早就不用 Zookeeper 了",
        "report-service 不再依赖 Elasticsearch 了",
        "The report module dropped the Quartz dependency.",
        "we don't use Hystrix anymore",
        "audit-log no longer writes to MongoDB.",
        "我们项目里没用 Spring Cloud Gateway",
        "billing doesn't use Kafka at all.",
        "search-api 不走 kafka",
        "项目里已经没有 Zookeeper 了",
        "there's no Dubbo in this repo",
        "report-service doesn't go through the gateway",
    ),
    examples_no_match=(
        "payment-service 不走 Feign 了，改用 Dubbo 直连",
        "We don't use Hystrix anymore, Sentinel replaced it.",
        "audit-log no longer writes to MongoDB; it moved to ClickHouse.",
        "We dropped the Nacos config center: config now comes from Apollo.",
        "我们的日志统一用 Logback。",
        "没用的配置都在 legacy 目录里",
        "We don't use Lombok, getters are written by hand.",
        "定时任务都用 XXL-JOB 没用 Spring 的 @Scheduled",
        "服务之间都是走 gRPC 不走 http",
    ),
    test=_no_longer_used,
)
AT_THIS_MOMENT = PatternRule(
    "at-this-moment",
    "the sentence tells what is happening at this moment (这会儿, 此刻, 眼下, right now, at the"
    " moment, as we speak): an event, not a lasting fact",
    examples_match=(
        "order-sync 这会儿 Kafka 消费延迟有五分钟",
        "the gateway is throwing 502s right now",
        "眼下 search-api 的 CPU 到了 95%",
        "这两天 ES 集群在重建索引，搜索会慢一点",
        "Jenkins 今天特别慢，队列排了十几个",
        "the staging database is read-only today",
        "payment 目前在迁移中 这两天接口可能不太稳定",
        "order-api is in code freeze until Friday",
        "checkout is mid-migration this week, expect flaky tests",
        "你记着，这两天 Jenkins 的 agent 少了一台，构建会慢一点",
        "for the next few days the lab-results build skips integration tests",
        "btw 今晚的发布窗口 moved to 11pm，就这一次",
    ),
    examples_no_match=(
        "order-sync 消费 Kafka 的 order-events topic",
        "The gateway runs on Spring Cloud Gateway 4.",
        "现在整个项目都跑在 JDK 17 上",
        "订单服务用 Redis 分布式锁，这会保证库存不超卖",
        "这周我们把构建切到了 Gradle",
        "从本周三开始，order 服务改用 Kafka 发消息",
        "从今天起构建统一用 JDK 21",
        "订单状态有：待支付、发布中、已完成",
        "The report is generated for orders placed today.",
        "Cache entries are valid until tomorrow midnight.",
        "Starting today, releases go through the change board.",
    ),
    pattern=re.compile(
        r"这会儿|此刻|此时此刻|眼下|这时候|\bright\s+now\b|\bat\s+the\s+moment\b"
        r"|\bas\s+we\s+speak\b"
        # a day's event: "CI 今天有点慢" (not "从今天起改用…", a change that lasts)
        r"|(?<!从)(?:今天|今晚|今早|今儿)(?![起以]|开始)[^，。,.;；!?！？]{0,20}?(?:有点|特别|很|又|一直|老是|在"
        r"|突然|挂|慢|卡|报错|不能|不可用|只读|维护|发版|上线|宕|停|down)"
        r"|\b(?:i'?m|i\s+am|we'?re|we\s+are|i'?ve\s+got|it'?s)\b[^.,;]{0,40}\btoday\b"
        r"|\b(?:is|are|was|were|am|'m|'re)\s+(?:[\w/.-]+\s+){0,2}(?:today|tonight|this\s+morning"
        r"|this\s+week)\b"
        # a state that ends: "在迁移中", "pipeline 现在是红的", "in code freeze until Friday"
        r"|(?:正在|目前在|现在在|还在|在)(?:迁移|改造|重构|升级)中?|(?:现在|目前)是红的|挂着呢"
        # down now, a person away: "CI 现在 down 了", "老周这周休假", "Wei is on leave"
        r"|(?:现在|目前|这会)\s*(?:down|挂|不可用|不通|起不来)|休假|请假|出差"
        r"|\bon\s+(?:leave|vacation|holiday|pto)\b|\bout\s+of\s+(?:the\s+)?office\b"
        r"|\bmid-(?:migration|release|rollout)\b|\bin\s+(?:a\s+)?code\s+freeze\b"
        r"|\b(?:frozen|blocked|paused|on\s+hold|down)\b[^.,;]{0,20}\buntil\b"
        r"|(?:这两天|这几天|这阵子)[^。.!?！？]{0,30}?(?:可能|会|不太|不稳|少了|慢)"
        r"|\bfor\s+the\s+next\s+(?:few|couple(?:\s+of)?|\d+|two|three)\s+(?:days|weeks|hours)\b"
        r"|\buntil\b[^.;]{0,40}\b(?:is|are|gets?)\s+(?:fixed|done|resolved)\b"
        r"|就这一次|只是这一次|只有这一次|这次例外|\bjust\s+this\s+(?:once|time)\b"
        # something under way for a window of days: "这两天 Redis 集群在扩容" (not "这周我们把
        # 构建切到了 Gradle", a change that lasts)
        r"|(?<!从)(?:这两天|这几天|这阵子|这周(?!期)|本周|最近几天)"
        r"(?![一二三四五六日天末]?(?:起|开始|以后))[^，。,.!?！？]{0,20}?(?:正在|在)",
        re.IGNORECASE,
    ),
)
INCIDENT = PatternRule(
    "incident",
    "the sentence reports an incident (飙到, 打满了, 宕机了, 挂了, went down, spiked; an alert or"
    " error that just fired: 刚才…告警): an event, not a lasting fact",
    examples_match=(
        "search-api 的 CPU 飙到 95% 了",
        "刚才 Grafana 告警，order-api 的错误率上来了",
        "the gateway went down at 3am",
        "Redis 连接池又打满了",
        "We had a Redis latency spike after the deploy.",
        "checkout dropped about 300 webhooks last night",
        "pricing returned all zeros this morning right after the deploy",
        "FYI gate-api 的 pod 又 OOMKilled 了",
        "for the record, the appointment-desk outage on Monday was caused by a bad failover",
    ),
    examples_no_match=(
        "告警走飞书机器人，值班表在 Wiki 上",
        "支付服务宕机时会切到备用通道",
        "服务挂了会被 K8s 自动拉起来",
        "Alerts go to the #ops channel through Alertmanager.",
        "A crashing pod is restarted by the liveness probe.",
    ),
    pattern=re.compile(
        r"飙到|飙升|飙了|打满了|宕机了|挂了(?!会|就|的话|以后|之后)|挂掉了"
        r"|\b(?:went|is|was)\s+down\b|\bspik(?:ed|ing)\b|\bcrashed\b|\bis\s+crashing\b"
        r"|\bhad\s+(?:an?\s+)?(?:[\w-]+\s+){0,3}(?:spike|outage|incident)\b"
        r"(?!\s+(?:review|process|management|response|playbook|runbook|policy))"
        r"|(?:刚才|刚刚)[^。！？!?]{0,20}(?:告警|报警|报错|异常)|\bOOMKilled\b|\bOOM\s*了"
        # what happened on a day: "dropped 200 callbacks last night", "昨晚丢了…"
        # (not "yesterday's data", "对比昨天的流水": a day the code reads)
        r"|\b(?:last\s+night|yesterday|this\s+morning|this\s+afternoon)\b(?!'s)"
        r"|(?:昨晚|昨天|前天|今早|今天早上)(?!的)|\bright\s+after\s+the\s+(?:deploy|release|rollout)\b"
        r"|\b(?:outage|post-?mortem)\b(?!\s+(?:alerts?|notifications?|review|process|playbook"
        r"|runbook|policy|channel|template|drills?))|\bwas\s+caused\s+by\b",
        re.IGNORECASE,
    ),
)
ANOTHER_TEAM = PatternRule(
    "another-team",
    "the sentence is about another team's or company's project, named as its subject (隔壁…,"
    " 兄弟团队…, another team…, the other team's…): not this project's fact",
    examples_match=(
        "隔壁风控组用的是 Flink",
        "兄弟团队的网关是 Kong",
        "The other team's billing stack runs on Go.",
        "数据中台部的离线数仓用的是 Hive",
        "another team uses Pulsar for their events",
        "运维组那边的监控用的是 Zabbix",
        "财务系统用的是 SAP，跟我们这边没关系",
        "风控团队的规则引擎是 Drools",
        "The security team's scanner runs on SonarQube.",
        "HR 系统用 Workday，跟我们的代码没关系",
        "风控团队那边用的是 Flink 做实时计算",
        "The logistics BU runs everything on Dubbo.",
        "the payments team next door uses Gradle and Kotlin",
        "核心账务系统那边用的是 DB2",
        "Keep in mind that our biggest customer runs their own ERP on SAP.",
        "税务局的接口平台他们内部是 .NET 写的",
        "你要知道，门店收银的 POS 机是供应商自带的系统，我们不对接",
        "美团那边的订单系统用的是 Go 写的微服务",
        "btw 宠物保险公司那边的理赔系统 uses Kafka，跟我们这边完全独立",
    ),
    examples_no_match=(
        "Keep in mind each microservice has their own database schema.",
        "我们的风控服务用 Flink 做实时计算",
        "The billing stack runs on Java 17.",
        "Team Atlas owns the billing module.",
        "Our label printer integration is owned by another team, not us.",
        "我们的支付接口是隔壁组维护的",
        "我们组那边的监控用的是 Prometheus",
        "支付中心的对账服务用 Spring Batch",
        "内部的 RPC 统一用 Dubbo 3",
        "我们组的网关是 Spring Cloud Gateway",
        "Our team's services all run on JDK 21.",
        "The backend team's services all run on JDK 21.",
        "项目组的代码规范在 wiki 上",
        "Each division has its own tenant id.",
        "记一下：order 和 payment 的数据库完全独立，不共享 schema",
        "记一下：我们不对接支付宝，只接微信支付",
    ),
    pattern=re.compile(
        # the other team opens the sentence as its subject ("our X is owned by another team"
        # is this project's fact)
        r"^\W*(?:(?:咱们|我们)?隔壁|兄弟团队|别的团队|其他团队|其它团队|别的组|其他组|别的项目"
        r"|其他项目|其它项目|友商"
        # a department by its name: "大数据部的…" (not "X中心", which names modules too)
        r"|(?!我们|咱们|本)[\u4e00-\u9fff]{1,6}(?<![内外全局顶底头细])(?:部门?|事业部)的"
        r"|(?:another|the\s+other|a\s+sister|a\s+different|other)\s+"
        r"(?:team|company|project|org)s?\b"
        # a group named, then "over there": "数据平台组那边的数仓…"
        r"|(?!我们|咱们|本组|我组|我们组)[\u4e00-\u9fff]{1,8}组那边"
        # another team's thing as the subject: "客服组的工单系统…", "The data team's warehouse…"
        r"|(?!我们|咱们|本组|我组|项目|开发|研发)[" + CJK_CLASS + r"]{2,6}(?:组|团队)(?:的|那边)"
        r"|the\s+[\w-]+\s+(?:bu|business\s+unit|division|subsidiary|department|dept)\b"
        r"|(?!我们|咱们)[" + CJK_CLASS + r"]{2,8}那边的[^，。,.]{0,6}?(?:系统|平台|项目|服务)"
        r"|(?!我们|咱们)[" + CJK_CLASS + r"]{2,8}(?:系统|平台)那边"
        r"|(?:the\s+)?(?!(?:the|our|my|backend|frontend|dev|platform|engineering|whole)\b)"
        r"[a-z][\w-]*(?:\s+[a-z][\w-]*)?\s+team'?s\s)"
        # said outright: "…，跟我们这边没关系", "nothing to do with us"
        r"|(?:跟|和|与)(?:我们|咱们)(?:这边|这个\s*[\w-]{1,6}\s*|的\s*[\w-]{1,12}\s*)?"
        r"(?:没(?:啥|什么)?关系|无关)"
        r"|\bnothing\s+to\s+do\s+with\b|\bseparate\s+from\s+(?:us|ours|our)\b"
        # said to be apart: "…，我们不对接", "跟我们这边完全独立", "we don't integrate with it"
        r"|(?:供应商|第三方|外部|对方|他们)[^。]{0,30}(?:我们|咱们)(?:并)?(?:不|没有?)(?:对接|接入|集成)"
        r"|(?:跟|和|与)(?:我们|咱们)(?:这边)?完全独立"
        r"|\bwe\s+(?:don'?t|do\s+not|never)\s+(?:integrate|connect|talk)\s+(?:with|to)\b"
        # a previous employer: "at my old job we…", "上家公司用的…"
        r"|\b(?:at|in)\s+my\s+(?:old|previous|last|former)\s+(?:job|company|team|employer)\b"
        r"|上家公司|前公司|老东家|之前的?公司|以前的?公司|我以前(?:那个|的)|以前那个"
        r"|(?:另一个|另外一个|另外的)[^，。,.]{0,6}(?:系统|项目|码头|公司|团队|平台|部门)"
        r"|^\W*(?:the\s+)?[a-z][\w-]*\s+team\s+(?:uses?|runs?|has|is|are|owns?|builds?|deploys?)\b"
        r"|\b(?:different|separate)\s+from\s+(?:us|ours|our)\b|\bnot\s+our\s+(?:code|project|system|repo)\b"
        # a team somewhere else: "the payments team next door uses…"
        r"|\bteam\s+next\s+door\b"
        # someone else's own system: "a customer runs their own … on .NET", "他们自己内部用 Python"
        r"|\b(?:customers?|clients?|partners?|vendors?|suppliers?)\b[^.;]{0,40}\b(?:run|runs|use"
        r"|uses|have|has|built|build)\s+their\s+own\b|他们自己内部|他们内部",
        re.IGNORECASE,
    ),
)
OPINION = PatternRule(
    "opinion",
    "the sentence judges instead of stating (太…了, 没必要, 真难用, 很烂, is a mess, overkill,"
    " way too …): an opinion of the project, not a fact of it",
    examples_match=(
        "我们的分支规范太繁琐了 没必要",
        "这个项目的打包脚本真难用",
        "Our release process is way too slow.",
        "The module layout is a mess, honestly.",
        "promo 的代码写得跟屎一样 谁写的",
        "the billing module should be rewritten from scratch",
        "search-api is the worst codebase in this org imo",
        "备注：billing-hub 的 Jenkins pipeline 慢得要死，真的很难用",
        "just so you know, RabbitMQ is honestly overkill for what pharmacy-stock does",
    ),
    examples_no_match=(
        "发布脚本在 scripts/release.sh",
        "我们的分支规范是 git flow",
        "Releases go out every Tuesday.",
        "超时时间是 3 秒，太短了会被网关断开",
        "Honestly, we use Gradle 8.5 for all modules.",
        "The worst-case latency budget is 200ms.",
    ),
    pattern=re.compile(
        r"太[" + CJK_CLASS + r"]{1,3}了(?:吧|啊)?\s*[，,]?\s*(?:没必要|[。!！]|$)"
        r"|真(?:的)?(?:很|太)?(?:难用|烂|坑|麻烦)|很烂|[慢烂卡]得要死"
        r"|跟屎一样|屎山|一坨|谁写的|烂透"
        r"|\b(?:imo|imho)\b|\bthe\s+worst\b(?![-\s]case)|\bshould\s+be\s+(?:rewritten|deleted|killed"
        r"|thrown\s+away)\b"
        r"|\b(?:is|are)\s+(?:\w+ly\s+)?(?:a\s+mess|overkill|a\s+nightmare|terrible|awful|ridiculous)\b"
        r"|\bway\s+too\s+\w+",
        re.IGNORECASE,
    ),
)
ALTERNATIVE_QUESTION = PatternRule(
    "alternative-question",
    "a question between two things with no question mark (…是 A 还是 B 啊/呢/吗): asked, not"
    " stated",
    examples_match=(
        "网关是 Kong 还是 APISIX 啊",
        "咱们消息用的 Kafka 还是 RocketMQ 呢",
        "我们用的是dubbo还是spring cloud 我新来的",
        "我们的 redis 是几点几的版本啊",
        "promo 的配置是放 Nacos 还是 application.yml 里",
    ),
    examples_no_match=(
        "网关还是 Kong，没换。",
        "我们还是用 Maven 构建。",
        "用的是 Kafka，还是老样子",
    ),
    pattern=re.compile(
        r"还是[^，。,.;；]{1,40}?(?:啊|呢|吗|呀|嘛|来着)\s*[?？]?\s*$"
        # "…用的是 A 还是 B", a choice asked; "是几点几的版本啊", an interrogative with its particle
        r"|是\s*[^，。,.;；]{1,30}?\s*还是\s*[a-z"
        + CJK_CLASS
        + r"](?![^，。,.;；]{0,24}(?:由|取决于|根据|看))"
        r"|(?:几|什么|啥|哪|多少|多大|多久)[^，。,.;；]{0,20}(?:啊|呢|呀|嘛|来着)\s*$",
        re.IGNORECASE,
    ),
)

# What names this project: the user's own ("we", "our", 我们, 咱), a part of it (a project,
# module, service, repository, environment word) or a name the way modules are named
# ("work-order", "billing_center", a path, a build file).
_PROJECT_ANCHOR_RE = re.compile(
    r"\b(?:we|we'?re|we'?ve|our|ours|us)\b|\bthis\s+(?:project|repo|repository|codebase|app)\b"
    r"|\b(?:project|repo|repository|codebase|module|modules|service|services|microservices?"
    r"|prod|production|staging|pre-?prod|environment|env|cluster|pipeline|ci|cd)\b"
    r"|我们|咱们|咱|我司|本项目|项目|仓库|工程|服务|模块|系统|平台|生产|线上|测试环境|预发|灰度|集群"
    r"|环境|流水线|主库|从库|\bdb\b"
    # a change is the project's ("已经从 Eureka 换到 Nacos"), as is an exact version, or
    # what it builds, tests, deploys and stores
    r"|换到|切到|迁到|升到|升级到|换成|改成|\b(?:replaced|migrated|moved|switched|upgraded)\b"
    r"|\b\d+\.\d+\.\d+\b|\b(?:tests?|builds?|agents?|deploy(?:s|ments?)?|releases?|branch(?:es)?"
    r"|main|master|logs?|config|scripts?|database|schema|tables?|topics?|queues?|jobs?)\b"
    r"|测试|构建|部署|发布|发版|分支|日志|配置|脚本|数据库|表|队列|定时任务|接口"
    r"|\b(?!(?:thread|type|null|read|write|built|non|well|high|low|real|long|open|multi|single"
    r"|back|front|self|pre|re|co)-)[a-z][a-z0-9]*[-_][a-z][\w-]*|(?<![\w.-])[\w.-]{1,80}/[\w./-]+"
    r"|\b[\w-]+\.(?:xml|ya?ml|properties|gradle"
    r"|kts|toml|json|sql|sh)\b",
    re.IGNORECASE,
)

NO_PROJECT_ANCHOR = FunctionRule(
    "no-project-anchor",
    "the sentence names nothing of this project (no we/our/我们, no module, service,"
    " repository or environment, no module-like name or path): a fact about Java or a"
    " library in general, not a note of this project",
    examples_match=(
        "HashMap 不是线程安全的。",
        "G1 从 JDK 9 开始就是默认 GC 了。",
        "Spring Boot 3 requires at least Java 17.",
        "Virtual threads became final in Java 21.",
        "Java 17 的 record 默认就是 final 的。",
    ),
    examples_no_match=(
        "我们用的是 Spring Security，不是 Shiro。",
        "订单服务用的是 PostgreSQL 14。",
        "billing-center 归张伟管",
        "Our CI runs on Jenkins.",
        "生产库是只读的",
        "Migrations live under db/migration.",
        "The version catalog is in gradle/libs.versions.toml.",
    ),
    test=lambda sentence: _PROJECT_ANCHOR_RE.search(sentence) is None,
)

LOG_LINE = PatternRule(
    "log-line",
    "the sentence holds a line of a log or a stack trace (a qualified exception name,"
    " 'Caused by:', a level and a logger name): pasted output, not a fact of the project",
    examples_match=(
        "记一下这个报错：org.apache.kafka.common.errors.TimeoutException: Topic not present",
        "补充一下：Caused by: java.net.SocketTimeoutException: Read timed out",
        "记一下这个 log：WARN o.a.k.c.NetworkClient - Connection to node 2 failed",
        "FYI 2026-01-03 12:00:01 ERROR [main] c.e.OrderService - boom",
    ),
    examples_no_match=(
        "We wrap every SQLException in a DataAccessException.",
        "日志级别在生产是 WARN，logger 配置在 logback-spring.xml",
        "The base package is com.example.billing.",
    ),
    pattern=re.compile(
        r"\b(?:[a-z_]\w{0,30}\.){2,10}[A-Z]\w{0,60}(?:Exception|Error)\b\s*:|\bCaused\s+by:"
        r"|\b(?:TRACE|DEBUG|INFO|WARN|ERROR|FATAL)\s+(?:\[[^\]]{1,40}\]\s+)?(?:[a-zA-Z_]\w{0,40}\.){1,12}\w+\s+-\s"
        r"|\b(?:TRACE|DEBUG|INFO|WARN|WARNING|ERROR|FATAL)\s+\d{4}-\d{2}-\d{2}"
        r"|(?:[:：>]|->)\s*(?:TRACE|DEBUG|INFO|WARN|WARNING|ERROR|FATAL)\s"
        # a property set to a value: "spring.datasource.url=jdbc:…"
        r"|\b[a-z][\w-]{0,40}(?:\.[a-z][\w-]{0,40}){1,12}\s*=\s*\S"
    ),
)

CODE_AT_HAND = PatternRule(
    "code-at-hand",
    "the sentence points at code the user has in front of them (this method, this class,"
    " 这段代码, 这个方法): about the code of one question, not a fact of the project",
    examples_match=(
        "Note that this method can return null.",
        "跟你说一下，这段代码报 NPE 了",
        "注意这个类不是线程安全的",
        "this function is called twice on startup",
        '备注一下 settings.gradle.kts 里的这段：include(":core")',
    ),
    examples_no_match=(
        "Our OrderService is the only writer of the orders table.",
        "这个项目用 Gradle 构建",
        "this module owns the billing tables",
    ),
    pattern=re.compile(
        r"\bthis\s+(?:method|class|function|line|snippet|code|constructor|field|loop|call"
        r"|stack\s*trace|error|exception|log|trace|output)\b"
        r"|(?:这|那)(?:段|行|个|块|条)\s*(?:代码|方法|函数|类|字段|循环|调用|报错|错误|日志|log|异常|堆栈"
        r"|配置|输出)"
        # a pointer at what is pasted after it: "build.gradle.kts 里的这段：", "this bit:"
        r"|(?:这|那|下面)(?:段|几行|部分)\s*[：:]|\b(?:this|the\s+following)\s+(?:bit|part|block)\s*:",
        re.IGNORECASE,
    ),
)

# A change that lasts, said with the day it was made: "we moved X to Y last quarter", "上个月
# 把日志切到了 Loki", "renamed A to B last sprint", "the upgrade finished last week".
_LASTING_CHANGE_RE = re.compile(
    _REPLACEMENT + r"|切到了|迁到了|改名|已经把|升级到|升到|扩容到|引入了"
    r"|\b(?:moved|migrated|switched|renamed|upgraded|replaced|finished|completed|converted"
    r"|adopted|introduced)\b|\bas\s+of\b",
    re.IGNORECASE,
)
_DATED_RE = re.compile(
    # (not after 从/自/since/starting: the start of a lasting state)
    r"(?<![从自起])(?:上周|本周|这周|下周|上个?月|这个月|本月|下个?月|上个?季度|这个\s*sprint"
    r"|本\s*sprint|上个\s*sprint)(?![一二三四五六日天末]?(?:起|开始|以后|之后))"
    r"|周[一二三四五六日天](?:上线|发版|发布|部署)?的时候"
    r"|(?<!since\s)(?<!starting\s)(?<!from\s)\b(?:this|last|next)\s+(?:monday|tuesday|wednesday"
    r"|thursday|friday|saturday|sunday|week|month|quarter|sprint)\b(?!'s)"
    r"|\bon\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d{1,2}"
    r"(?:st|nd|rd|th)?\b|(?<!每)\d{1,2}月\d{1,2}[日号]",
    re.IGNORECASE,
)


# What comes back: "每周三发版的时候", "每月 1 号", "every Thursday".
_RECURRING_RE = re.compile(r"每(?:周|月|年|天|日|次|个)|\bevery\b", re.IGNORECASE)


def _dated_event(sentence: str) -> bool:
    return (
        bool(_DATED_RE.search(sentence))
        and not _LASTING_CHANGE_RE.search(sentence)
        and not _RECURRING_RE.search(sentence)
    )


DATED_EVENT = FunctionRule(
    "dated-event",
    "the sentence dates what it says to one day, week, month or sprint (上周, 本周, 这个"
    " sprint, 周一…的时候, this Thursday, last month, on March 3rd, 3月5日): an event or a"
    " window that passes, not a lasting fact ('从本周三开始…' starts one, '每周二' repeats, 'we"
    " moved X to Y last month' made one)",
    examples_match=(
        "FYI the deploy window this Friday is cancelled.",
        "记一下，这个 sprint 只做 gate-api 的需求",
        "For the record, on April 2nd the ledger job ran twice.",
        "补充一下，上个月 report-api 的证书过期了",
        "记一下：周三上线的时候 ticket-core 回滚了一次",
        "备注：3月5日 order-db 做过一次主从切换",
    ),
    examples_no_match=(
        "记一下：每周三发版的时候要先停 order-job",
        "记一下：上周 order-api 升级到了 Spring Boot 3.2",
        "FYI as of last month, all services log in JSON.",
        "记一下，刚刚确认了，order-db 是 MySQL 8.0",
        "从本周三开始，order 服务改用 Kafka 发消息",
        "Releases go out on Tuesday and Thursday afternoons.",
        "记一下：每周二晚上有例行发布",
        "Starting next month, all services log in JSON.",
        "The monthly report covers last month's orders.",
        "对账 job 每天凌晨 2 点跑",
        "FYI we migrated the ledger from MySQL to TiDB last quarter.",
        "记一下，上个月已经把日志切到了 Loki",
    ),
    test=_dated_event,
)


ABOUT_THE_USER = PatternRule(
    "about-the-user",
    "the sentence is about the user, not the project (我的电脑/账号/工号, 我这台, my laptop,"
    " my username): a fact of one person",
    examples_match=(
        "FYI 我这台 Mac 只有 8G 内存",
        "备注：我的工号是 A1024，GitLab 用户名 leo-w",
        "For the record, my laptop can't run the whole stack.",
        "keep in mind my GitHub handle is leo-dev",
    ),
    examples_no_match=(
        "记一下：我这边的机器都是 CentOS 7，order-api 也部署在上面",
        "记一下：我的 identity-service 是唯一的登录入口",
        "记一下：gate-api 归我负责",
        "FYI our GitLab group is ops/zoo",
        "My team owns the billing module.",
    ),
    pattern=re.compile(
        r"我(?:的|这台)\s*(?:[a-z0-9-]{1,12}\s*)?(?:电脑|笔记本|机器|mac(?![a-z])|工号|账号|用户名|邮箱"
        r"|手机|ide(?![a-z])|idea(?![a-z]))"
        r"|\bmy\s+(?:[\w-]+\s+)?(?:laptop|machine|computer|mac|pc|workstation|username|user\s+name"
        r"|handle|employee\s+(?:id|number)|email|ide)\b(?!-)",
        re.IGNORECASE,
    ),
)


def _pasted_after_colon(sentence: str) -> bool:
    rest = re.split(r"[:：]", sentence, maxsplit=1)
    return len(rest) == 2 and looks_like_code_or_log(rest[1].strip())


PASTED_AFTER_COLON = FunctionRule(
    "pasted-after-colon",
    "what follows the sentence's colon is a command, code or a log line ('remember this"
    " snippet: kubectl …', '把这个记一下：redis-cli …'): pasted, not a fact stated",
    examples_match=(
        "remember this snippet: kubectl -n pet-records rollout restart deploy/pet-records",
        "btw 把这个记一下：redis-cli -h appt-redis KEYS 'appt:lock:*' | wc -l",
    ),
    examples_no_match=(
        "记一下：pet-records 用的是 MySQL 8",
        "FYI: deploys go through Argo CD, never kubectl by hand.",
    ),
    test=_pasted_after_colon,
)

TAKEN_BACK = PatternRule(
    "taken-back",
    "the message takes back what it stated or says not to keep it (算了不对, 记错了, 当我没说,"
    " 不算数, 忘掉吧, 别存, 不用记; actually no, never mind, forget it, scratch that, don't put"
    " that in your notes): read in the sentence and in the ones after it",
    examples_match=(
        "备注：appointment-desk 用的是 MongoDB——算了不对，我记错了，当我没说",
        "你记着，发版窗口是周二晚上，嗯不对，我再去问问",
        "FYI billing-hub uses Redis for idempotency keys — actually no, ignore that",
        "wait, that repo was archived. never mind",
        "备注：前面让你记的发版窗口不算数了，忘掉吧",
        "for the record, scratch what I said earlier about lab-results using Elasticsearch",
        "你要知道，Jenkins 的 pipeline 是每个服务一个，不过这个别存到笔记里",
        "btw appointment-desk caches opening hours in Redis — no need to note that down",
        "FYI vet-mobile-api sits behind SLB. don't put that in your notes though",
    ),
    examples_no_match=(
        "订单号不对外暴露，只在内部用",
        "不对，我们用的是 Spring Security，不是 Shiro，你记一下",
        "备注：我们用 Spotless 做格式检查，格式不对 CI 直接红。",
        "记一下：pet-records 归老周管",
        "FYI the gateway drops requests that are not signed.",
        "Note that we never delete medical records, only archive them.",
        "记一下：超过 3 次重试就算了，直接进死信队列",
        "记一下：session 不用存 Redis，我们是 JWT 无状态的",
        "FYI: the token is cached in memory; we don't store it in the DB",
        "for the record, when a pet record is archived we never delete it",
        "记一下：优惠券过期后自动作废",
    ),
    pattern=re.compile(
        # (不对 as an interjection after what it takes back: not "格式不对 CI 直接红", nor "不对，
        # 我们用的是 X" correcting the assistant; 算了 only so: not "超过 3 次重试就算了")
        r"(?<=[，,。—\s])(?:嗯|哦|噢|啊|呃)?\s*(?:算了)?\s*不对(?=[，,。！!\s]|$)|算了不对|记错了|说错了"
        r"|我再(?:去)?(?:问问|确认|查查|核实)|不算数|忘掉|(?:那条|这条|前面|刚才)[^，。]{0,12}作废"
        # not to be kept: "这个别存到笔记里", "不用记" (not "session 不用存 Redis")
        r"|(?:别|不要|不用|无需|不必)(?:存|记|放)(?:到|进)?(?:笔记|备忘|memory|记忆|notes)"
        r"|(?:这个|这条|这些)(?:就)?(?:别|不用|不要)(?:记|存)|不用记|\bactually,?\s+no\b"
        r"|\bi'?m\s+mixing\b|\bnever\s*mind\b|\bignore\s+(?:that|this|it)\b|\bforget\s+(?:it|that)\b"
        r"|\bscratch\s+(?:that|what)\b|\bdisregard\s+(?:that|this|it|what)\b|\bnot\s+a\s+fact\b"
        r"|\bplease\s+delete\s+(?:it|that|this)\b|\bdelete\s+(?:that|this)\s+note\b"
        r"|\bno\s+need\s+to\s+(?:note|remember|record|save|store|keep)\b"
        r"|\bdon'?t\s+(?:put|note|save|store|record|remember|keep)\s+(?:that|this|it)\s+"
        r"(?:in\s+(?:your|the)\s+(?:notes|memory)|down)\b"
        r"|\b(?:oh\s+)?wait,\s+(?:that|this|it|no)\b",
        re.IGNORECASE,
    ),
)

NOTE_VETOES: Registry[PatternRule | FunctionRule] = Registry(
    "offline-note-vetoes",
    [
        JOKE,
        GUESS,
        NO_LONGER_USED,
        AT_THIS_MOMENT,
        INCIDENT,
        ANOTHER_TEAM,
        OPINION,
        ALTERNATIVE_QUESTION,
        NO_PROJECT_ANCHOR,
        LOG_LINE,
        CODE_AT_HAND,
        DATED_EVENT,
        ABOUT_THE_USER,
        TAKEN_BACK,
        PASTED_AFTER_COLON,
    ],
)
"""Every rule, in the order they are tried."""
NEW_NOTE_VETOES = tuple(rule for rule in NOTE_VETOES if rule not in (JOKE, GUESS))
"""The rules that keep a sentence from making a new note (it may still revise one): all
but the two that veto every note."""
