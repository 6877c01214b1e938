"""A debugging question: *why* code fails, asked rather than a fix or a hunt for bugs.

"Why does OrderServiceImpl.create throw a NullPointerException?", "为什么这个接口偶尔超时？"
ask to understand a failure seen: debugging Q&A, which the intent table puts in
``general_chat`` (memory helps: the user's rules and the project notes). "Find the bugs in
X", "fix it", "give me a patch" ask to inspect or change code: ``code_audit``. The words
here say *why* (:data:`WHY_RE`), not *what for* (:data:`PURPOSE_RE`: "为什么要故意抛异常",
"why do we use MapStruct"), and which failure was seen (:data:`SYMPTOM_RE`).
A why asked of a security hole is no debugging question: whether a hole is there is an
inspection (:mod:`.safety`), and erring there would break the isolation.
"""

from __future__ import annotations

from .lexicon import any_of

# Asking why, or what causes it.
WHY_RE = any_of(
    r"\bwhy\b|\bhow come\b|\bwhat(?:'s| is| could be| might be| would be)? (?:causing|behind)\b",
    r"\bwhat (?:causes|caused|could cause|might cause|would cause)\b|\bthe (?:root )?cause\b",
    r"\bany idea why\b|\bfigure out why\b",
    r"为什么|为啥|为何|怎么会|咋会|咋就|怎么就|怎么老是|怎么总是|怎么一直|什么原因|啥原因|原因是什么"
    r"|原因是啥|是什么导致|什么导致|啥导致|导致.{0,12}的原因|怎么回事|咋回事|什么情况",
    # What an error means: "这个报错具体是啥意思", "what does this exception mean".
    r"(?:报错|异常|错误|这个错)[^，,。？?]{0,8}(?:啥意思|什么意思)",
    r"\bwhat does (?:this|that|it) (?:error|exception|trace|message)? ?mean\b"
    r"|\bwhat (?:generally|usually|typically) causes\b",
)
# Asking what a design is for, not why something fails: "为什么要…", "why do we use…".
PURPOSE_RE = any_of(
    r"(?:为什么|为啥|为何)[^，,。？?；;]{0,12}?(?:要|需要|非要)(?!这么|那么|很久|好久|等)|故意|特意|专门",
    r"\bwhy (?:do|did|would|should|does) (?:we|you|i|they|the team) (?:need|use|have|want|keep"
    r"|choose|chose|pick|prefer|add|split|depend)\b",
    r"\bwhy (?:is|are) there\b|\bon purpose\b|\bdeliberately\b|\bintentionally\b",
)
# A defect of the code named in the question ("为什么这里 catch 了异常却不处理", "why is the
# secret hard-coded"): a problem to inspect, asked as a why.
DEFECT_RE = any_of(
    r"吞|写死|硬编码|明文|缺少|忘了|魔法数字|魔法值|拼接|没有?(?:做|加)?(?:校验|验证|鉴权|判空|加锁|锁|限流|幂等"
    r"|转义|过滤|事务|索引|超时)|catch.{0,20}(?:不处理|没处理|忽略|什么都不做|啥都不做)",
    r"\bswallow\w*|\bhard-?coded\b|\bplain ?text\b|\bconcatenat\w*|\bmagic numbers?\b"
    r"|\bmissing (?:a |an |the )?(?:check|validation|null check|lock|index|transaction|timeout)\b"
    r"|\bwithout (?:a |an |any )?(?:check|validation|lock|index|transaction|timeout)\b"
    r"|\bignor\w* (?:the |all )?exceptions?\b|\bempty catch\b",
)
# How often it fails: said beside a failure, never the failure itself (not shown as the reason).
HOW_OFTEN = frozenset(
    {"偶尔", "有时候", "时不时", "老是", "总是", "一直", "频繁", "sometimes", "randomly", "forever"}
)
# A failure seen: an exception, an error status, a hang, a wrong or missing result.
SYMPTOM_RE = any_of(
    r"\bthis (?:error|exception|failure|crash|stack ?trace|trace|happen\w*)\b",
    r"报这个|这个报错|这个错",
    r"\b(?:throw|throws|threw|thrown|throwing)\b|exception\b|\berrors?\b|\bfail(?:s|ed|ing|ure)?\b",
    r"\bcrash(?:es|ed|ing)?\b|\bhang(?:s|ing)?\b|\bfreez(?:e|es|ing)\b|\bstuck\b|\bslow(?:er|ly)?\b",
    r"\btim(?:es|ed|ing) out\b|\btimeouts?\b|\bnpes?\b|\bnull\b|\bdeadlock\w*|\boom\b",
    r"out of memory",
    r"\b(?:memory|connection) leaks?\b|\bleak(?:s|ing)? (?:memory|connections)\b",
    r"\b(?:doesn't|does not|don't|won't|isn't|aren't|wasn't|weren't|didn't|never|not)"
    r" (?:get |being |been )?(?:work|working|start|starting|run|running|fire|firing|expire"
    r"|expiring|called|invoked|triggered|applied|saved|updated|found|loaded|picked up|rolled back"
    r"|committed|sent|received|shown|refreshed|released|closed)\b",
    r"\bnever (?:\w+s)\b|\bstopped working\b|\bkeeps? \w+ing\b",
    r"\bwrong\b|\bincorrect\w*|\bstale\b|\bduplicat\w*|\btwice\b|\bmissing\b|\bempty\b|\bblank\b",
    r"\bgarbled\b|\blost\b|\bbroken\b|\bbreaks?\b|\bflaky\b|\bintermittent\w*|\bsometimes\b",
    r"\brandomly\b|\boverflow\w*|\b(?:can't|cannot|unable to)\b|\boversell\w*|\bhigh cpu\b",
    r"\breturns? (?:a |an )?(?:null|nothing|empty|the wrong|\d{3})\b|\b[45]\d\ds?\b",
    r"\bnegative\b|\blos(?:e|es|ing)\b|\bdisappear\w*|\bforever\b|\bvanish\w*",
    r"报错|报了?个?错|错误|异常|抛出?|空指针|超时|卡住|卡死|卡顿|慢|挂了|挂掉|崩|宕机|失败|不生效|没生效"
    r"|失效|不起作用|没起作用|没反应|不执行|没执行|没有执行|不触发|没触发|进不去|重复|丢|乱码|为空|是空的"
    r"|是\s*null|不对|错了|不一致|死锁|内存溢出|溢出|(?:内存|连接)泄[漏露]|超卖|偶尔|有时候|时不时"
    r"|老是|总是|一直|频繁|启动不了|起不来|连不上|找不到|拿不到|查不到|读不到|收不到|无法|不能|没法"
    r"|打不开|不更新|没更新|没保存|不显示|不回滚|没回滚|回滚不了|跑不过|编译不过|不准|算错|飙高|打满|负数|变成负|两次|两遍|多次|没了|不见了|消失",
)
