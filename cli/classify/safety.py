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
)
# Asking whether it holds: a yes-or-no question, a risk asked about.
ASKS_WHETHER_RE = any_of(
    r"^(?:so |and |but |hmm,? )?(?:is|are|was|were|can|could|would|will|does|do|did|might|may"
    r"|has|have|isn't|aren't|doesn't)\b(?! (?:you|u)\b)",
    r"\bis there (?:any|a) (?:way|chance|risk)\b|\bany (?:way|chance|risk)\b|\bwhether\b",
    r"吗|会不会|能不能|是不是|有没有|是否|可不可能|可能|能否|有无|风险|隐患|安全性",
)
# The question is about the Java world, not this code: "Is JWT safe in general?".
GENERAL_RE = rx(r"一般|通常|\bin general\b|\bgenerally\b|\busually\b|\btypically\b")
