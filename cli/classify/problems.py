"""Problems an audit looks for: bugs, injections, leaks, missing checks, worries; the
words that judge code; what a safeguard protects; audit, fix and scan words.

A problem asked about this code makes a message an audit: :func:`.reader._read_problems`
finds these words, the audit rules of :mod:`.rules` weigh them.
"""

from __future__ import annotations

from .lexicon import CJK, Lexicon, any_of, rx

_PROBLEM_WORDS = (
    # Chinese ("bug" too: Chinese questions say it)
    "漏洞", "越权", "绕过", "泄漏", "泄露", "内存溢出", "溢出", "死锁", "竞态", "竞争条件",
    "并发问题", "线程安全", "线程不安全", "空指针", "超卖", "丢数据", "数据丢失", "丢消息",
    "消息丢失", "吞异常", "吞掉", "被吞", "吞了", "硬编码", "写死", "明文", "弱口令", "弱密码",
    "弱加密", "暴力破解", "被刷", "刷接口", "重放", "被利用", "被攻击", "被篡改", "被破解",
    "被绕过", "被注入", "任意文件", "路径穿越", "目录穿越", "反序列化漏洞", "敏感信息", "安全问题",
    "安全隐患", "安全风险", "隐患", "缺陷", "慢查询", "全表扫描", "性能问题", "性能瓶颈", "瓶颈",
    "没生效", "不生效", "失效", "写错", "错了", "有误", "报错", "崩溃", "卡死", "超时了", "会超时",
    "经常超时", "不兼容", "编译不过", "跑不过", "挂了", "挂掉", "内存泄漏", "连接泄漏", "重复下单",
    "重复支付", "重复扣款", "重复消费", "重复入账", "重复提交", "重复执行", "重复发送", "重复领取",
    "重复创建", "重复扣", "会重复", "重复了", "错乱", "不一致", "脏数据", "脏读", "幻读", "会丢",
    "丢了", "异常被", "安全漏洞", "不安全", "风险", "问题", "坑", "bug", "重复代码", "死代码",
    "没用到", "无用", "没用的", "阻塞", "死循环", "内存占用", "cpu 飙高", "慢sql", "算错", "算不对",
    "出错", "不对劲", "不正确", "不准", "打满", "跑满", "串数据", "串号", "数据串了", "串到别的",
    # A consequence feared: "会不会把服务打挂", "磁盘满过一次", "内存撑爆".
    "打挂", "搞挂", "弄挂", "打崩", "搞崩", "拖垮", "压垮", "打爆", "撑爆", "磁盘满", "磁盘写满",
    "写满磁盘",
    # Load it may not bear: "扛得住吗", "is the sync gonna choke".
    "扛得住", "扛不住", "扛住", "顶得住", "顶不住", "顶住", "撑得住", "撑不住", "choke", "chokes",
    "hold up under", "fall over", "falls over",
    # Northern words: "整坏了" (broken), "老埋汰了" (a mess).
    "整坏", "埋汰",
    # A worry about code: "鉴权逻辑总觉得不对" ("好像不对" answers an explanation too).
    "总觉得不对",
    # Whether a step of the code was forgotten: "ByteBuf 有没有忘了 release 的？" (not "有没有
    # 忘了哪些知识点", "我是不是忘了说")
    "忘了 release", "忘了释放", "忘记释放", "漏了释放", "忘了 close", "忘了关闭", "忘记关闭",
    "忘了关连接", "忘了加锁", "忘了解锁", "忘了回滚", "忘了判空", "忘了校验",
    # A property to verify: "检查一下 PrizePayoutService 的幂等性"
    "幂等性",
    # A result that changes run to run: "排序不稳定", "同分的顺序每次都不一样".
    "不稳定", "每次都不一样",
    # One tenant's data in another's: "会不会串租户".
    "串租户", "串租",
    # English
    "bugs", "buggy", "vulnerability", "vulnerabilities", "vulnerable", "exploit", "exploitable",
    "injection", "injections", "injectable", "xss", "csrf", "ssrf", "rce", "xxe", "idor", "npe",
    "npes", "null pointer", "null pointers", "nullpointerexception", "leak", "leaks", "leaking",
    "leaked", "race condition", "race conditions", "racy", "data race", "data races", "has a race",
    "have a race", "deadlock", "deadlocks", "thread-safe",
    "thread safe", "thread safety", "thread-safety", "concurrency issue", "concurrency issues",
    "idempotency", "forgot to release", "forgot to close", "forget to release", "forget to close",
    "concurrency bug", "hard-coded", "hardcoded", "plaintext", "plain text", "cleartext",
    "path traversal", "insecure", "unsafe", "log4shell", "deserialization", "mass assignment",
    "open redirect", "brute force", "brute-force", "weak password", "weak crypto", "weak hash",
    "weak encryption", "missing validation", "missing authorization", "missing authentication",
    "missing check", "missing checks", "missing null check", "personal data", "sensitive data",
    "are missing", "is missing", "was missing", "were missing",
    "pii", "guessable", "predictable", "bypass", "bypassed", "bypassable", "swallow", "swallows",
    "swallowed", "overflow", "empty catch", "n+1", "slow query", "slow queries", "full table scan",
    "bottleneck", "bottlenecks", "times out", "crash", "crashes", "broken", "out of memory",
    "runs out of memory", "oom", "memory keeps growing", "being retained", "never freed",
    "not garbage collected", "off-by-one", "flaky", "replay", "dangerous", "misconfiguration",
    "misconfigurations", "misconfigured", "double charge", "duplicate orders", "duplicate payments",
    "oversell", "overselling", "lost update", "lost updates", "data loss", "stale", "unclosed",
    "not closed", "never closed", "not released", "resource leak", "memory leak", "memory leaks",
    "connection leak", "security issue", "security issues", "security hole", "security holes",
    "security risk", "security risks", "security problem", "security problems", "security flaw",
    "exposes secrets", "exposed secrets", "exposes credentials", "publicly exposed", "secrets",
    "credentials", "unused", "dead code", "duplicated", "deprecated", "typo", "typos",
    "error-prone", "fragile", "mistake", "mistakes", "incorrect", "incorrectly", "zip slip",
    "zipslip", "ssti", "template injection", "jndi injection", "clickjacking", "session fixation",
    "timing attack", "toctou", "denial of service", "dos", "redos", "billion laughs",
    "directory traversal", "arbitrary file", "unrestricted upload", "auth bypass",
    "authentication bypass", "privilege escalation", "broken access control",
    "information disclosure", "info leak", "stack trace", "stack traces", "default credentials",
    "weak random", "insecure random", "hole", "holes", "auth hole", "auth holes", "blocking call",
    "blocking calls", "blocks the event loop", "miscalculate", "miscalculates", "wrong result",
    "divide by zero", "divides by zero", "division by zero", "除零", "除以零", "除以 0",
    "bite us", "bites us", "bite you", "blow up", "blows up", "take down prod", "takes down prod",
    # A worry about this code asks to look for the problem: "我有点担心 X 会算错".
    "担心", "怀疑", "不放心", "不太放心", "不是很放心", "有点慌", "worried", "worry", "suspect",
    "concerned", "afraid",
)  # fmt: skip
# Words that judge code: a problem only when the question points at this code.
_EVALUATIVE_WORDS = (
    "对不对", "对吗", "合理吗", "合不合理", "有没有问题", "有问题吗", "什么问题", "安全吗",
    "是否安全", "安不安全", "够不够", "靠谱吗", "稳吗", "正确吗", "是否正确", "是否合理",
    "有没有考虑", "考虑了吗", "太长", "太宽", "太大", "太多", "太深", "太松", "太久", "太慢",
    "太乱", "太复杂", "太重", "太短", "太小", "不够", "优化空间", "改进", "更好的写法", "副作用",
    "影响性能", "魔法数字", "魔法值", "坏味道", "冗余", "magic number", "magic numbers",
    "code smell", "code smells", "duplication", "乱", "混乱", "难看", "难读", "难维护", "臃肿",
    "冗长", "丑", "messy", "ugly", "bloated", "convoluted", "hard to read", "hard to maintain",
    "spaghetti", "correct", "correctly", "wrong", "safe", "secure", "properly", "good enough",
    "risky", "risk", "risks", "problem", "problems", "issue", "issues", "flaw", "flaws", "weakness",
    "weaknesses", "smell", "smells", "anti-pattern", "anti-patterns", "bad practice",
    "best practices", "break", "breaks", "fail", "fails", "failing", "go wrong", "too long",
    "too wide", "too big", "too many", "too complex", "too slow", "too permissive", "too broad",
    "improve", "improved", "improvements", "slow", "inefficient",
    # Whether it works as written: "加在 private 方法上了 这样会生效吗".
    "会生效吗", "能生效吗", "生效吗", "管用吗", "好使吗", "will this work", "would that work",
    "does that work", "does this work",
    # "is our consumer ok with auto commit on?"
    "ok with", "okay with", "fine with",
)  # fmt: skip
NOT_PROBLEMS = (
    "依赖注入", "构造器注入", "构造函数注入", "字段注入", "属性注入", "setter 注入", "注入方式",
    "dependency injection", "constructor injection", "field injection", "setter injection",
    "问题排查", "常见问题", "这个问题", "那个问题", "一个问题", "的问题吗", "问个问题", "问题是",
    "解决问题", "解决什么问题", "解决了什么问题", "解决哪些问题", "解决的问题", "面试题",
    "异常处理", "处理异常", "漏洞扫描插件", "漏洞扫描工具", "扫描工具", "扫描插件", "防重复提交",
    "防重复下单", "防重复", "防重放", "防刷", "防注入", "防篡改", "防超卖", "防止重复提交",
    "防止重复", "防止注入", "防止越权", "防止超卖",
    # A term with a judging word inside: "允许多少乱序", "打乱顺序".
    "乱序", "打乱",
)  # fmt: skip
PROBLEMS = Lexicon(_PROBLEM_WORDS, exceptions=NOT_PROBLEMS)
# Problem words that say no problem of this code, in more words than a list holds.
NOT_PROBLEM_RE = any_of(
    # A problem the code reports or watches for, a feature: "上报崩溃", "慢查询拦截",
    # "crash reporting", "the leak detector".
    r"(?:上报|收集|统计|记录|采集|监控|检测|拦截|告警|报警)(?:的)?\s*(?:崩溃|慢查询|慢\s*sql|死锁|泄漏"
    r"|泄露|bug|crash(?:es)?|deadlocks?|leaks?)",
    r"(?:崩溃|慢查询|慢\s*sql|死锁|泄漏|泄露|\bbug|\bcrash|\bleak|\bdeadlock)\s*(?:上报|日志|报告|收集"
    r"|统计|监控|检测|拦截|告警|报警|分析|reports?\b|reporting|detect\w*|monitor\w*|alert\w*|track\w*)",
    # How the code keeps a problem away, asked as a fact: "导出的时候是怎么避免 OOM 的",
    # "how does the exporter avoid running out of memory".
    r"是(?:怎么|如何|怎样)[^，,。？?；;]{0,8}?(?:避免|防止|规避|应对|防范|防)[^，,。？?；;]{0,20}?的"
    r"(?=\s*(?:[，,。？?；;]|$))",
    r"\bhow (?:does|do|did|is|are) [^,.?;]{0,40}?\b(?:avoid|prevent|guard against|protect against)"
    r"[^,.?;]{0,30}",
    # Dependency injection by its annotation: "加 @Lazy 注入", "@Autowired 注入".
    r"@\w+\s*注入",
)
EVALUATIVE = Lexicon(_EVALUATIVE_WORDS, exceptions=NOT_PROBLEMS)
# Problems said in more words than a list holds.
PROBLEM_RE = any_of(
    # An injection, not dependency injection: "会不会有注入", "${} 注入" (not "怎么注入的").
    r"(?<!依赖)(?<!构造器)(?<!构造函数)(?<!字段)(?<!属性)(?<!方法)(?<!setter )(?<!怎么)(?<!如何)"
    r"(?<!怎样)注入(?!方式|的方式|原理|进来|到|的[？?]?$|的$)",
    # A safeguard missing: "没有做登录校验", "缺少参数校验", "isn't closed", "doesn't trim",
    # "missing a permission check", "without a TTL".
    r"(?:没(?!有)|(?<!有)没有|缺少?|缺失|漏了?|漏掉|忘了?|未)(?:做|加|设置?|配置?|处理|进行|写)?"
    r"[\w"
    + CJK
    + r"]{0,4}?(?:校验|验证|鉴权|认证|授权|权限|验签|判空|过滤|转义|加密|限制|限流|分页"
    r"|重试|超时|关闭?|释放|remove|回滚|幂等|防护|日志|过期|索引|事务|捕获|兜底|判断|检查|锁)",
    # What was never removed or added: "临时文件没删", "没加 volatile", "没加 @Transactional"
    # (not a soft-delete state: "没删除的数据"; not a library: "没加 Lombok 依赖吗").
    r"没有?(?:及时)?(?:删|删除|清理|清掉|清空|回收)(?!除?的)",
    r"没有?加\s*(?:volatile|synchronized|final|@transactional|@valid|@validated|@preauthorize"
    r"|@secured|@notnull|@notblank|@version|@lock)\b",
    r"\b(?:isn't|aren't|is not|are not|wasn't|weren't|never|not)\s+(?:being\s+|properly\s+"
    r"|always\s+)?(?:removed|closed|released|freed|cleaned|cleared|checked|validated|escaped"
    r"|sanitized|trimmed|handled|caught|rolled back|unsubscribed|shut down|encrypted|hashed"
    r"|authenticated|authorized|verified|limited|bounded)\b",
    r"\b(?:doesn't|does not|didn't|did not|never)\s+(?:check|validate|close|release|trim|remove"
    r"|escape|verify|handle|sanitize|free|clean|clear|encrypt|hash|limit|bound|authenticate"
    r"|authorize|roll back|shut down|unsubscribe|delete|purge|dispose)\b",
    # "never deletes its temp files", "never closes the stream".
    r"\bnever\s+(?:check|validate|close|release|trim|remove|escape|verify|handle|sanitize|free"
    r"|clean|clear|encrypt|hash|limit|delete|purge|dispose)s\b",
    r"\bmissing\s+(?:a\s+|an\s+|the\s+|any\s+)?@?[\w-]+",
    r"\b(?:lacks?|lacking)\b",
    r"\bwithout (?:a |an |any |proper )?(?:ttl|timeout|expiry|expiration|limit|check|checks"
    r"|validation|auth\w*|lock|locking|index|transaction|retry|escaping|sanitiz\w+)\b",
    # Whether a safeguard is there: "有没有做权限控制", "是否做了参数校验", "都做鉴权了吗".
    r"(?:有没有|是否|有无|都)(?:做了?|加了?|进行|有)?[\w"
    + CJK
    + r"]{0,6}?(?:校验|鉴权|认证|权限控制"
    r"|验证|验签|过滤|转义|加密|限流|防护|幂等|脱敏|判空)"
    # (asked with where it is, a lookup: "网关层有没有限流 配在哪")
    r"(?![^，,。？?]{0,12}(?:在哪|哪里|哪儿|哪个文件|哪个类))",
    # An attack or an abuse, in any form: "replayed", "forged", "bypassing", "leaks".
    # Not inside a snake_case name ("leak_detect_task").
    r"\b(?:replay|forg|tamper|spoof|hijack|brute[- ]?forc|exploit|bypass|inject|leak|overflow)"
    r"[a-z]*\b",
    # Data of others: "能查到别人的地址", "other users' files".
    r"(?:查到|看到|访问|修改|删除|拿到|操作|改)(?:了)?别人的",
    r"\bother users?'?s?\b",
    r"\bsomeone else'?s\b",
    # A secret written to a log: "把密码打印到日志里", "do we log passwords".
    r"(?:密码|口令|令牌|token|密钥|secret|appsecret|卡号|身份证|手机号|敏感).{0,12}"
    r"(?:打印|输出|写|记录|打).{0,6}(?:日志|log)",
    r"\blog(?:s|ged|ging)? (?:the |user |any |raw )?(?:passwords?|tokens?|secrets?|credentials"
    r"|card numbers?|personal data)\b",
    # An exception swallowed or shown: "catch 了 Exception 什么都不做", "returns stack traces to…".
    r"catch.{0,24}(?:(?:什么|啥)(?:也|都)不(?:做|干|管)|不处理|没处理|直接吞|忽略)",
    r"空的?\s*catch",
    r"catch\s*块?是空的",
    r"\bcatch(?:es|ing)?\b.{0,30}\b(?:ignore|ignores|swallow|swallows|does nothing|do nothing"
    r"|returns? null|returning null)\b",
    # Catching everything: "catches Throwable", "catch 了 Throwable".
    r"\bcatch(?:es|ing)?\s+(?:throwable|error)\b|catch\s*(?:了|住)?\s*throwable",
    r"catch.{0,24}(?:返回|return)\s*null",
    r"\bignor(?:e|es|ed|ing) (?:it|them|the exception|exceptions|the error|errors)\b",
    r"(?:异常|堆栈|错误)(?:信息)?.{0,6}(?:返回|暴露|抛|透传)给?(?:前端|客户端|用户|调用方)",
    r"\breturn(?:s|ing|ed)? (?:the )?(?:raw )?(?:stack traces?|exception messages?"
    r"|internal errors?) to\b",
    # Input that reaches a query or a path: "SQL 是拼接的", "build SQL by string concatenation".
    r"(?:sql|query|queries|hql|jpql|语句).{0,30}(?:concatenat|拼接|拼进|拼到|\+\s*\w)",
    r"(?:concatenat\w*|拼接|拼进|拼到|string building).{0,20}(?:sql|query|queries|查询|语句)",
    r"\b(?:from|with|using|on) (?:raw |unsanitized |untrusted )?user(?:-supplied| supplied)?"
    r" input\b",
    r"\b(?:unsanitized|untrusted|user-controlled|attacker-controlled)\b",
    r"(?:拼接|直接拼|直接用)用户输入",
    # Identity taken from the client: "tenant id taken from the request body", "前端传的 memberId".
    r"\b(?:user|tenant|member|account|owner|customer)[ _-]?id\b.{0,40}\b(?:from|in) (?:the )?"
    r"(?:request|body|query|params?|parameters|client|url|header)",
    r"(?:用户|租户|会员|userid|memberid|tenantid|用户id|租户id).{0,10}前端传|前端传(?:过来|进来)?的.{0,6}id",
    # Blocking where nothing may block: "block() on an event loop thread".
    r"\bblock(?:s|ing)?(?:\(\))?\s+(?:on\s+)?(?:an?\s+|the\s+)?event[- ]?loop",
    # A mistake: "算错", "锁错对象", "配错了"; a duplicate effect: "double-refunds".
    r"(?:算|写|锁|传|用|配|判断|取|设|拼|弄|搞|填)错",
    # The opposite done: "判断写反了", "条件搞反了", "参数传反".
    r"(?:写|判断|弄|搞|传|配|用|填)反(?!射|序列|向|转|馈|应|引|斜|编|爬|问|而|倒|正)",
    # The same effect twice: "同一条指令发两次", "会不会扣两遍" (not a schedule: "每天执行两次").
    r"(?<![天周月时分秒年])(?:发|执行|扣|扣款|退|退款|支付|下单|消费|推送|发送|入账|插入|写入|调用"
    r"|触发|处理)(?:了)?(?:两|2)(?:次|遍)",
    # A known bug pattern: boxed numbers or strings compared with ==.
    r"==\s*(?:比较|判断|对比|判等)|(?:用|拿)\s*==|\bcompar\w*\b.{0,30}\bwith ==|\busing ==",
    r"\bdouble[- ](?:refund|charge|pay|spend|book|submit|count|process|send|deduct)\w*",
    # Something wrong, unnamed: "tell me if anything is off", "有没有哪里不对劲".
    r"\b(?:anything|something)(?: (?:is|looks|seems|that is|that looks))? (?:off|wrong|fishy"
    r"|suspicious|weird|odd|broken|dodgy)\b",
    # Memory or a pool that may blow, a worry ("内存会不会爆", "连接池会不会打满"; not "内存直接
    # 爆了", a failure asked about).
    r"(?:内存|磁盘|cpu|连接池|线程池|队列|堆)[^，,。？?]{0,6}(?:会不会|会|可能)(?:爆|打满|满|溢出)",
    # A load named with a number: "can it handle 50k qps".
    r"\bhandle\s+\d+(?:\.\d+)?k?\s*(?:qps|tps|rps|requests|users|connections|msgs?|messages)\b",
    # A hunch about code: "feels off to me", "looks a bit fishy", "感觉不太对", "看着怪怪的".
    r"\b(?:feels?|looks?|seems?|smells?)\s+(?:a\s+bit\s+|kinda\s+|a\s+little\s+)?(?:off|wrong"
    r"|fishy|suspicious|dodgy)\b",
    r"(?:感觉|看着|看起来)(?:不太对|不对劲|有点不对|怪怪的|有问题)",
)
# A complaint about code ("也太长了吧", "什么鬼", "看着头疼", "这样不行吧", "way too long"):
# said of code here, it asks to have the code judged, like "有没有问题".
COMPLAINT_RE = any_of(
    r"什么鬼|啥玩意|看着头疼|看得头疼|头疼|头大|辣眼睛|离谱|看不下去|受不了|坑爹",
    # Reading it hurts: "看得我眼睛疼", "看晕了", "屎山"; a heap of code blamed:
    # "这一堆 if else 谁写的".
    r"眼睛疼|眼疼|看得我[" + CJK + r"]{0,3}(?:疼|晕|吐)|看晕了?|看吐了?|屎山|一坨",
    r"(?:这|这一|那|那一)(?:堆|坨|大堆)[^，,。；;!！?？]{0,16}谁写的",
    # "也太深了", "真是太乱了", "create 方法太长了" (not "太好了", "太感谢了").
    r"(?:也|真是?|实在|简直)太(?!好|棒|强|妙|赞|方便|厉害|清楚|优雅|感谢|谢谢|巧妙|简洁|快了)"
    r"[" + CJK + r"]{1,3}了",
    r"太(?!好|棒|强|妙|赞|方便|厉害|清楚|优雅|感谢|谢谢|巧妙|简洁|快了)[" + CJK + r"]{1,3}了"
    r"(?:吧|啊|呀)?(?=\s*(?:[，,。.!！;；]|$))",
    r"(?:这样|这么写|这么搞|这种写法)?(?:不行|不好|不对|不妥|不太好|不合适|不太对)吧",
    r"\b(?:what the hell|wtf|what a mess|such a mess|way too (?:long|big|deep|complex|slow|many)"
    r"|painful to read|a nightmare to (?:read|maintain))\b",
)
# What a safeguard protects: asking whether it is safe is an audit ("密码是用 MD5 存的吗？安全吗").
SENSITIVE = Lexicon(
    ("密码", "口令", "令牌", "密钥", "私钥", "身份证", "手机号", "银行卡", "卡号", "上传",
     "用户输入", "password", "passwords", "token", "tokens", "secret", "secrets", "credential",
     "credentials", "private key", "upload", "uploads", "user input", "session", "sessions",
     "cookie", "cookies", "api key", "api keys"),
)  # fmt: skip
# A choice between options: "存在数据库里还是写死在前端？".
CHOICE_RE = rx(r"是.{1,30}还是|\bor\b.{1,30}\??$")
# Whether a safeguard holds: "Are passwords hashed?", "check whether the admin APIs are protected".
SAFEGUARD_RE = any_of(
    # "礼物扣款接口防不防重放": whether a guard is there, A-not-A.
    r"防不防\S{1,8}",
    # "check whether the admin APIs are protected", "确认一下是否做了鉴权".
    r"(?:\b(?:check|verify|confirm|see)\s+(?:whether|if|that)\b|(?:检查|确认|看看|看下|查一下)\s*"
    r"(?:是否|有没有|是不是)).{0,60}(?:protected|authenticated|authorized|validated|sanitized|escaped"
    r"|encrypted|hashed|secured|checked|verified|closed|released|idempotent|safe|校验|鉴权|认证|加密"
    r"|过滤|转义|幂等|权限|安全|脱敏|限流)",
    # "Are passwords hashed before they are stored?"
    r"^(?:is|are|was|were)\b.{0,40}\b(?:protected|authenticated|authorized|validated|sanitized"
    r"|escaped|encrypted|hashed|salted|rate[- ]limited|idempotent|checked|verified|closed|released"
    r"|guarded|secured|signed)\b",
    # "Does the upload handler validate file types?"
    r"^(?:does|do|did)\b.{0,60}\b(?:validate|sanitize|escape|verify|hash|encrypt|authenticate"
    r"|authorize|rate-limit|check|close|release|allow|permit|accept|trust)s?\b",
)
# Audit words: an audit, fix or patch, whatever form the message has.
_AUDIT_WORDS = (
    "审计", "审查", "代码审查", "修复", "修一下", "修下", "修掉", "修好", "怎么修", "修一修",
    "修个", "漏洞", "扫描", "打补丁", "排雷", "渗透测试", "加固", "安全检查", "安全审计",
    "code review", "audit", "audits", "auditing", "fix", "fixes", "fixing", "vulnerability",
    "vulnerabilities", "security review", "security audit", "harden", "hardening", "pentest",
    "repair", "find bugs", "find bug", "scan",
)  # fmt: skip
_NOT_AUDIT = (
    "包扫描", "组件扫描", "注解扫描", "扫描包", "扫描路径", "component scan", "component scanning",
    "classpath scanning", "扫描插件", "漏洞扫描插件", "fix version", "hotfix 分支", "hotfix branch",
)  # fmt: skip
AUDIT = Lexicon(_AUDIT_WORDS, exceptions=_NOT_AUDIT)
# Audit words that name a thing of the code, not an audit: "安全检查的拦截器", "审计日志",
# "the audit log table", "our security-check filter".
AUDIT_NOUN_RE = any_of(
    r"(?:安全检查|安全审计|代码审查|审计|审查|漏洞扫描|扫描)(?:的\s*(?:拦截器|过滤器|切面|注解|模块|服务|接口"
    r"|表|日志|任务|配置|开关|功能|规则|记录|字段|组件|页面|菜单)|(?:日志|表|字段|记录)(?!模块|服务|代码))",
    # A module named by the word: "审计模块的表结构", "扫描服务在哪配的" (not "审计一下 X 模块").
    r"(?:安全检查|安全审计|代码审查|审计|审查|漏洞扫描|扫描|修复)(?:模块|服务|子系统|中心|组件)"
    r"(?=的|是|里|有|怎|在|负责|用|会|[？?，,。]|\s|$)",
    r"\b(?:the|our|an?|this|that)\s+(?:audit|security[- ]check|security review|scan)\s+(?:log|logs"
    r"|logging|trail|table|events?|records?|interceptor|filter|aspect|service|module|job)\b",
    r"\baudit (?:log|logs|logging|trail)\b(?= (?:and|or|vs|versus|table|entries|records)\b)",
    # A state, field or profile named by the word: "review 状态和 audit 状态", "the `fix` profile".
    r"(?:\b(?:audit|review|fix|scan)|审计|审查|修复|扫描)`?\s*(?:状态|字段|标志|标记|类型|节点|环节|阶段"
    r"|status|state|flag|field|column|type|profile|stage|step)(?![a-z0-9_])",
)
# A record of past fixes read, not an audit asked: "CHANGELOG 里 2.3.1 修复了哪些问题",
# "README 里写的 known issues 都有哪些", "what did 2.3.1 fix?".
RECORD_RE = any_of(
    r"\bchange ?log\b|\brelease notes?\b|\bknown issues?\b|\bcommit (?:log|history|messages?)\b"
    r"|\bgit log\b|更新日志|变更日志|变更记录|发布说明|版本说明|发版记录|已知问题|提交记录"
    r"|提交历史",
    r"(?:修复|修掉|修好|解决)(?:了|过)(?:哪些|什么|啥|几个)",
    r"\b(?:what|which)\b.{0,40}\b(?:did .{1,30} fix|(?:was|were|got) fixed)\b",
)
