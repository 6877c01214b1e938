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

from .lexicon import CJK, Lexicon, any_of, rx
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
    # Tight enough: "scoped tightly enough", "权限收得够不够严".
    "tightly enough", "locked down", "strict enough", "够严", "够不够严", "太宽",
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
    r"|any user|a guest|guests|a logged[- ]out user"
    # a role of this application, plainly: "a regular club member", "an ordinary driver"
    r"|an? (?:normal|regular|ordinary|plain|basic|free|non-admin) [a-z-]+(?: [a-z-]+)?"
    r"|an? (?:unauthenticated|anonymous|unauthori[sz]ed|non-admin) (?:user|client|caller"
    r"|request))\b.{0,60}\b(?:call|reach|access|read|see|view"
    r"|change|modify|delete|download|upload|list|get at|use|trigger|invoke|hit|submit|post"
    r"|approve|cancel|replay|forge|skip|bypass)\b",
    r"\b(?:someone|other users?|another user)(?:'s| else'?s)\b",
    r"(?:不登录|没登录|未登录|免登录|绕过登录|不带\s*token|没有\s*token|匿名).{0,12}(?:访问|调用|调|请求"
    r"|查|看|拿|下载|上传|操作|删)",
    r"(?:有人|别人|他人|外部|攻击者|任何人|普通用户|其他用户).{0,20}(?:访问|调用|调到|查到|看到|拿到|改|删"
    r"|下载|操作|伪造|篡改|重放|刷|拿|冒用|盗用|解绑)",
    # Done to the application by someone: "会不会被人刷爆", "被脚本抢光", "被黄牛刷单".
    # (not what people say of it: "Java 被人吐槽慢")
    r"被(?:人|别人|他人|黑客|脚本|机器人|黄牛|羊毛党|攻击者|恶意用户|坏人)"
    r"(?!吐槽|说|骂|夸|笑|嫌|诟病|批评|称为|叫做|评价|推荐|问)",
    # Another party's data, or one's own approval: "租户A拿到租户B的数据", "撤回别人发的消息",
    # "看到不是自己科室的病历", "审批人自己批自己".
    # (another thread, node, version… is the Java world's: "会不会被别的线程的值覆盖")
    r"(?:别人|他人|其他人|(?:其他|其它|别的|另一个)(?!线程|进程|节点|实例|事务|版本|对象|方法|类|模块|服务"
    r"|接口|请求|连接)[" + CJK + r"]{1,3}?)(?:发|提|建|创建|上传|下)?的(?=[" + CJK + r"a-z])",
    # Party A reaching party B's data: "租户A…拿到租户B的数据", "商户甲能看到商户乙的账单".
    f"(?!线程|进程|节点|实例|事务|版本)(?P<party>[{CJK}]{{2}})\\s*[a-z甲乙丙](?![a-z]).{{0,30}}?"
    r"(?:看到|拿到|查到|访问|读到|改|删|操作|下载)"
    r".{0,10}?(?P=party)\s*[a-z甲乙丙](?![a-z])"
    r"|不是(?:自己|本人|他|她)(?:的|[^，,。？?的]{1,6}的)"
    r"|自己(?:批|审|审批|审核|给)自己",
    r"\b(?:another|other|a different) (?:tenant|customer|account|user|merchant|shop|org"
    r"|organi[sz]ation)s?(?:'s?)?\b",
    # Abusing the application's limits: "刷爆", "暴力试出来", "不交钱就出去", "一个人领好几张",
    # "a negative quantity", "redeemed twice", "dodge the rate limit".
    r"刷爆|刷单|刷光|抢光|薅羊毛|暴力(?:破解|试|猜|枚举|尝试)|(?:试|猜|撞)出来|不(?:交钱|付钱|付款|买单)"
    r"|白嫖|免费(?:拿|领)|改价|领到?(?:好几|多)张|多领"
    # a negative number sent, not one the code computes ("库存为啥会变成负数" is a bug's symptom)
    r"|(?:传|发|输入|填|提交|给)(?:个|一个|了)?\s*负(?:数|的)",
    r"\b(?:someone|somebody|a user|users|a client|the client|a caller|the caller|an attacker"
    r"|a customer)\b.{0,30}\bnegative (?:quantity|quantities|amount|amounts|price|prices|number"
    r"|count|balance|value)\b"
    r"|\b(?:redeem\w*|claim\w*|use[sd]?|spen[dt]\w*|refund\w*|appl(?:y|ied|ies)|counted|credited"
    r"|charged|paid|processed|recorded|accepted)\b.{0,30}"
    r"\b(?:twice|more than once|multiple times|two times)\b",
    r"\b(?:dodg\w+|evad\w+|sidestep\w*)\b",
    # A payload of an attack: "传个 ../../etc/passwd", "能传 jsp 上去吗", "a .jsp onto the server".
    r"\.\./|%2e%2e|<script|\$\{jndi|\bor 1\s*=\s*1\b"
    r"|(?:传|上传)\s*(?:个|一个)?\s*\.?(?:jsp|jspx|php|asp|aspx|exe|war|sh|svg|html)\b"
    r"|\ban? \.(?:jsp|jspx|php|asp|aspx|war|sh|exe)\b",
    # A value the client sends, changed: "redirect 地址能被改成别的域名吗", "改一下 plateNo 参数".
    r"(?:直接)?拼(?:接)?(?:的|了)?\s*(?:前端|客户端|用户|请求)(?:传|给|输入)"
    r"|能被(?:改|换|替换|指定)成|(?:改|换|篡改)(?:一下|了|掉)?\s*[\w.-]{0,24}\s*(?:参数|字段|请求头|header)"
    r"(?:的值)?(?:就)?能",
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
    r"\b(?:a user|users|the client|a client|clients|the browser|the caller|a caller|the frontend"
    r"|a customer|the request)\b.{0,24}\b(?:change|modify|set|tamper with|edit|send|pass|choose"
    r"|override|force|skip|trigger)\b.{0,30}\b(?:price|prices|amount|total|discount|role|roles"
    r"|user ?id|tenant ?id|owner|quantity|balance|status|permissions?|transition|transitions|state"
    r"|states)\b",
    r"(?:前端|客户端|用户|请求)(?:能|可以|传|自己)?.{0,10}(?:改|传|指定|篡改).{0,10}(?:价格|金额|角色"
    r"|userid|用户\s*id|租户|数量|余额|状态|权限)",
    # Reached from outside: "reachable from the internet", "外网能直接访问".
    r"\b(?:reach\w*|hit|access\w*|call\w*|open|exposed)\b.{0,40}\b(?:from outside|from the"
    r" internet|publicly|externally|from the public internet)\b",
    r"(?:外网|公网|外部|互联网)(?:能|可以|也能|上)?(?:直接)?(?:访问|调用|调到|打到|连到|连上|访问到)",
    # A library with known holes, at the version this code uses: "用的 fastjson 1.2.24 有没有事",
    # "we're on log4j 2.14".
    r"(?:用的|用了|引的|引入的|依赖的?|我们的?|咱们的?|项目里的?|\bwe(?:'re| are)? (?:use|on)"
    r"|\bour)\s*[^，,。？?]{0,12}?\b(?:fastjson|log4j(?:-core)?|shiro|struts2?|xstream"
    r"|commons-collections|jackson-databind|snakeyaml|xxl-job|nacos|druid)\s*[:@ ]?\s*"
    r"v?\d+(?:\.\d+)+",
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
    # Whole requests in the log: "log the whole request body", "把整个请求体打到日志里".
    r"\blog(?:s|ged|ging)?\b.{0,20}\b(?:whole|full|entire|raw|complete) (?:request|response"
    r"|body|payload|headers?)",
    r"(?:整个|完整的?|全部的?)(?:请求体|请求|响应|报文|body|入参|参数).{0,10}(?:打|记|写|输出)(?:到|进|在)?"
    r"(?:日志|log)",
)
# Two at once on the same thing: "two requests redeem the same coupon twice", "两个请求同时领券".
RACE_RE = any_of(
    r"\b(?:two|2|multiple|several|concurrent\w*|parallel|simultaneous\w*)\b(?: \w+){0,3}"
    r" (?:requests?|threads?|workers?|users?|instances?|nodes?|consumers?|calls|clicks|pods)\b"
    r"|\bat the same time\b|\bat once\b|\bconcurrently\b|\bin parallel\b|\bunder load\b",
    r"同时|并发|多线程|多个线程|(?:两|多)个(?:请求|线程|用户|实例|节点|worker|消费者|服务|pod)|高并发",
    # Two runs that meet, a user's repeated click: "overlap", "double-clicks", "连点两下".
    r"\boverlap\w*\b|\bdouble[- ]click\w*|双击|连点|连续点|重复点击|快速点击|点两下",
)
# What the code is for, asked: "这个锁是防止两个人同时编辑的吗" (a fact, not a worry).
PURPOSE_RE = rx(
    r"(?:是|用来|为了)(?:为了)?(?:防止|避免|防)|\bis (?:it|this|that) (?:meant|there) to\b"
)
RACE_EFFECT_RE = any_of(
    r"\b(?:twice|double\w*|two times|duplicat\w*|both|the same|oversell\w*|atomic|lost updates?"
    r"|race\w*)\b",
    r"两次|两遍|重复|超卖|同一|原子|覆盖|丢失|串|负数|变负|多扣|超扣",
    r"\b(?:negative|below zero|overdrawn|overdraw\w*)\b",
    # Whether it holds at all: "多线程读写应该没事吧", "is it fine with two pods".
    r"没事|有事|有问题|出问题|\b(?:ok|okay|fine|safe)\b",
)
# Is it atomic: "Is the stock decrement atomic?", "库存扣减是原子的吗".
ATOMIC_RE = rx(r"\batomic\w*|\bthread[- ]safe\w*|原子|线程安全")
# Asking whether it holds: a yes-or-no question, a risk asked about.
ASKS_WHETHER_RE = any_of(
    r"^(?:so |and |but |hmm,? )?(?:is|are|was|were|can|could|would|will|does|do|did|might|may"
    r"|has|have|isn't|aren't|doesn't)\b(?! (?:you|u)\b)",
    r"\bis there (?:any|a) (?:way|chance|risk)\b|\bany (?:way|chance|risk)\b|\bwhether\b",
    # Asked to confirm that it holds: "verify that one tenant can never read…".
    r"\b(?:verify|confirm|double[- ]check|make sure|prove) (?:that|it|this)\b",
    r"吗|会不会|能不能|是不是|有没有|是否|可不可能|可能|能否|有无|风险|隐患|安全性",
    r"\bwhat (?:happens|would happen) (?:if|when)\b|会怎样|会怎么样|会咋样|咋办",
    # Colloquial: "稳不稳", "有没有事", "没事吧", "要紧吗", "enough?".
    r"稳不稳|稳吗|靠谱吗|有没有事|有事吗|没事吧|要紧吗|要不要紧|\benough\?",
)
# The question is about the Java world, not this code: "Is JWT safe in general?".
GENERAL_RE = rx(r"一般|通常|\bin general\b|\bgenerally\b|\busually\b|\btypically\b")
