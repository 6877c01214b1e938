"""A safety question: is this code safe, vulnerable, bypassable, injectable?

Asking whether code here holds against misuse is an inspection, whatever the wording:
"is our password-reset flow secure?", "could someone call /internal/refund without logging
in?", "UserMapper 里用 ${} 的地方有没有注入风险？". The class is read from three parts: a
predicate of safety or abuse (:data:`SAFETY`, :data:`ABUSE_RE`), a question whether it
holds (:data:`ASKS_WHETHER_RE`), and a subject of this code (the reading's pointers, a
definite "the reset token", or an actor reaching a part of the application). The same
words about the Java world ("Is JWT safe?", "什么是 SQL 注入？") are knowledge.
"""

from __future__ import annotations

from .lexicon import Lexicon, any_of, rx
from .problems import NOT_PROBLEMS

_SAFETY_WORDS = (
    # English: judged safe or not, open to an attack.
    "safe", "unsafe", "secure", "insecure", "vulnerable", "vulnerability", "vulnerabilities",
    "exploitable", "exploit", "exploited", "bypass", "bypassable", "bypassed", "injectable",
    "forge", "forgeable", "forged", "tamper", "tampered", "spoof",
    "spoofed", "spoofable", "replay", "replayed", "replayable", "hijack", "hijacked",
    "brute force", "brute-force", "brute-forced", "enumerate", "enumerated", "guessable",
    "predictable", "exposed", "traversal", "xss", "csrf", "ssrf", "xxe", "idor", "rce",
    "escalate", "privilege escalation", "unauthenticated", "unauthorized", "anonymous",
    "attacker", "attackers", "malicious", "abuse", "abused", "leak secrets", "leaks secrets",
    "leak data", "leaks data", "leak user data", "leak personal data",
    # Chinese.
    "安全", "不安全", "漏洞", "越权", "绕过", "伪造", "篡改", "重放", "劫持", "爆破",
    "暴力破解", "泄露", "暴露", "未授权", "未登录", "不登录", "没登录", "免登录", "匿名", "别人的",
    "他人的", "攻击", "被利用", "被刷", "猜到", "猜出", "遍历", "穿越", "提权", "恶意", "跨站",
    "任意文件", "敏感信息",
)  # fmt: skip
SAFETY = Lexicon(_SAFETY_WORDS, exceptions=NOT_PROBLEMS)
# An injection is read where the problems are (not dependency injection, "怎么注入的"): the
# reading's problems that name one.
INJECTION_RE = rx(r"注入|\binject")
# Reaching what should be closed: "call /internal/refund without logging in", "someone else's
# orders", "能查到别人的地址", "不登录也能访问".
ABUSE_RE = any_of(
    r"\bwithout (?:being )?(?:logging in|logged in|login|a login|auth\w*|a token|a session"
    r"|permission|permissions|credentials|an account|signing in|signed in)\b",
    r"\b(?:someone|somebody|anyone|anybody|an attacker|a stranger|another user|other users"
    r"|any user|a normal user|a regular user|a guest|guests|a logged[- ]out user"
    r"|an? (?:unauthenticated|anonymous|unauthori[sz]ed|non-admin) (?:user|client|caller"
    r"|request))\b.{0,60}\b(?:call|reach|access|read|see|view"
    r"|change|modify|delete|download|upload|list|get at|use|trigger|invoke|hit)\b",
    r"\b(?:someone|other users?|another user)(?:'s| else'?s)\b",
    r"(?:不登录|没登录|未登录|免登录|绕过登录|不带\s*token|没有\s*token|匿名).{0,12}(?:访问|调用|调|请求"
    r"|查|看|拿|下载|上传|操作|删)",
    r"(?:有人|别人|他人|外部|攻击者|任何人|普通用户|其他用户).{0,20}(?:访问|调用|调到|查到|看到|拿到|改|删"
    r"|下载|操作|伪造|篡改|重放|刷)",
    # A check skipped: "skip the captcha", "验签能不能被跳过".
    r"\b(?:skip|skipped|skipping|get around|circumvent\w*)\b.{0,30}\b(?:captcha|signature"
    r"|check|checks|validation|verification|auth\w*|login|rate limit\w*|2fa|mfa|otp)\b",
    r"(?:验签|验证码|校验|鉴权|登录|签名|限流|二次验证|权限).{0,8}(?:跳过|绕开|被跳过)"
    r"|(?:跳过|绕开)(?:了)?.{0,6}(?:验签|验证码|校验|鉴权|登录|签名|限流|二次验证|权限)",
    # What should be refused, let through: "an expired token still accepted",
    # "过期的 token 还会放行".
    r"\b(?:expired|revoked|forged|invalid|fake|tampered|stolen|reused|old)\b.{0,40}\b(?:accepted"
    r"|allowed|let through|pass|passes|still works?|still valid)\b",
    r"(?:过期|伪造|失效|假的|篡改|旧的|注销).{0,16}(?:放行|通过|有效|能用|接受|生效|还能)",
    # A value the client sends and should not choose: "a user change the price in the request".
    r"\b(?:a user|users|the client|the browser|the caller|the frontend|a customer|the request)"
    r"\b.{0,24}\b(?:change|modify|set|tamper with|edit|send|pass|choose|override)\b.{0,30}"
    r"\b(?:price|prices|amount|total|discount|role|roles|user ?id|tenant ?id|owner|quantity"
    r"|balance|status|permissions?)\b",
    r"(?:前端|客户端|用户|请求)(?:能|可以|传|自己)?.{0,10}(?:改|传|指定|篡改).{0,10}(?:价格|金额|角色"
    r"|userid|用户\s*id|租户|数量|余额|状态|权限)",
    # Reached from outside: "reachable from the internet", "外网能直接访问".
    r"\b(?:reach\w*|hit|access\w*|call\w*|open|exposed)\b.{0,40}\b(?:from outside|from the"
    r" internet|publicly|externally|from the public internet)\b",
    r"(?:外网|公网|外部|互联网)(?:能|可以|也能|上)?(?:直接)?(?:访问|调用|调到|打到|连到|连上|访问到)",
)
# Personal or secret data where it should not be: in the logs, in a response, in clear text.
DATA_LEAK_RE = any_of(
    r"\b(?:card numbers?|passwords?|tokens?|secrets?|credentials|api keys?|personal data|pii"
    r"|phone numbers?|id numbers?|ssn|emails?)\b.{0,40}\b(?:logs?|logged|logging|printed"
    r"|plain ?text|clear ?text|in the response|to the (?:client|frontend|browser|user))\b",
    r"\b(?:log|logs|logged|logging|print|prints|printed|write|writes|written|return|returns"
    r"|returned|expose|exposes|exposed|send|sends|sent)\b.{0,40}\b(?:card numbers?|passwords?"
    r"|tokens?|secrets?|credentials|api keys?|personal data|pii|phone numbers?|id numbers?"
    r"|ssn)\b",
    r"(?:卡号|银行卡|密码|口令|令牌|token|密钥|身份证|手机号|隐私|敏感)[^，,。？?]{0,20}(?:日志|打印|输出"
    r"|明文|返回给|返回到|返回出去|暴露|响应里)",
    r"(?:日志|打印|输出|明文|暴露|响应里)[^，,。？?]{0,20}(?:卡号|银行卡|密码|口令|令牌|token|密钥"
    r"|身份证|手机号|隐私|敏感)",
)
# Two at once on the same thing: "two requests redeem the same coupon twice", "两个请求同时领券".
RACE_RE = any_of(
    r"\b(?:two|2|multiple|several|concurrent\w*|parallel|simultaneous\w*)\b(?: \w+){0,3}"
    r" (?:requests?|threads?|workers?|users?|instances?|nodes?|consumers?|calls|clicks|pods)\b"
    r"|\bat the same time\b|\bat once\b|\bconcurrently\b|\bin parallel\b|\bunder load\b",
    r"同时|并发|多线程|多个线程|(?:两|多)个(?:请求|线程|用户|实例|节点|worker|消费者|服务|pod)|高并发",
)
# What the code is for, asked: "这个锁是防止两个人同时编辑的吗" (a fact, not a worry).
PURPOSE_RE = rx(
    r"(?:是|用来|为了)(?:为了)?(?:防止|避免|防)|\bis (?:it|this|that) (?:meant|there) to\b"
)
RACE_EFFECT_RE = any_of(
    r"\b(?:twice|double\w*|two times|duplicat\w*|both|the same|oversell\w*|atomic|lost updates?"
    r"|race\w*)\b",
    r"两次|两遍|重复|超卖|同一|原子|覆盖|丢失|串",
)
# Is it atomic: "Is the stock decrement atomic?", "库存扣减是原子的吗".
ATOMIC_RE = rx(r"\batomic\w*|\bthread[- ]safe\w*|原子|线程安全")
# Asking whether it holds: a yes-or-no question, a risk asked about.
ASKS_WHETHER_RE = any_of(
    r"^(?:so |and |but |hmm,? )?(?:is|are|was|were|can|could|would|will|does|do|did|might|may"
    r"|has|have|isn't|aren't|doesn't)\b(?! (?:you|u)\b)",
    r"\bis there (?:any|a) (?:way|chance|risk)\b|\bany (?:way|chance|risk)\b|\bwhether\b",
    r"吗|会不会|能不能|是不是|有没有|是否|可不可能|可能|能否|有无|风险|隐患|安全性",
    r"\bwhat (?:happens|would happen) (?:if|when)\b|会怎样|会怎么样",
)
# The question is about the Java world, not this code: "Is JWT safe in general?".
GENERAL_RE = rx(r"一般|通常|\bin general\b|\bgenerally\b|\busually\b|\btypically\b")
