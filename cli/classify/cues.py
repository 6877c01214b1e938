"""What each rule of the router looks for in a :class:`.reading.MessageReading`: its cue.

A cue returns the words that show it (the reason a rule decides) or ``None``. The rules
of :mod:`.rules` name them, give their examples and put them in order; a cue looks at
one reading and nothing else, so each can be tried (and tested) on its own.
"""

from __future__ import annotations

import re

from autopatch_memory import IntentType, limits

from . import debugging, safety
from .acts import EN_AUDIT_PHRASES, Act
from .clauses import clause_requests
from .knowledge import FOLLOW_UP_RE
from .lexicon import CJK, any_of, matches, rx
from .patch import (
    ADJUST_RE,
    ANSWER_FORM,
    CONFUSED,
    FOLLOW_UP_CHANGE,
    LINE_OF_NAME,
    PATCH_IMPLIED_RE,
    RESTRICTIVE_RE,
    REVISE_WORDS,
)
from .problems import SENSITIVE
from .reader import names_the_world, read
from .reading import Clause, MessageReading, Request

Cue = list[str] | None

# Inspection verbs that are an audit by themselves ("帮我 review 一下 X", "审一下 pom 依赖").
AUDIT_VERBS = frozenset(
    {
        "audit", "review", "scan", "vet", "pentest", "double-check", "sanity-check",
        *EN_AUDIT_PHRASES, "审计", "审查", "审一下", "审下", "扫描", "扫一下", "扫扫", "扫一扫",
        "扫一遍", "走查", "评审", "把关",
    }
)  # fmt: skip
# Audit words that are verbs: in a where-question they say what the code does.
_AUDIT_VERB_WORDS = frozenset(
    {"scan", "fix", "fixes", "fixing", "audit", "audits", "auditing", "repair", "harden",
     "hardening", "扫描", "修复", "审计", "审查"}
)  # fmt: skip
# Tools whose own patches a question may be about ("git 怎么导出一个 patch 文件").
_TOOLS = frozenset(
    {"git", "svn", "idea", "intellij", "eclipse", "vscode", "gitlab", "github", "gerrit"}
)
# "check the upload handler for path traversal": looking for something (not "what each
# module is for", a purpose).
_CHECK_FOR_RE = rx(
    r"\b(?:check|scan|inspect|review|audit|test)\b.{1,60}(?<!\bis )(?<!\bare )\bfor\b"
    r"(?!\s+(?:me|us|you)\b)"
)
# A yes-or-no question or a confirmation ("没有校验文件类型吧").
_CONFIRMATION_RE = rx(r"吧\s*[。.!！]?$")
_ZH_YES_NO_RE = rx(r"吗|会不会|能不能|是不是|有没有|是否|可不可能|有无|存不存在|对不对|可能")
_EN_YES_NO_RE = rx(
    r"^(?:is|are|was|were|does|do|did|can|could|will|would|has|have|any|isn't|aren't|doesn't)\b"
)
# "怎么改比较好", "how should we refactor…": advice on changing code; about this code, an audit.
_HOW_TO_CHANGE_RE = any_of(
    r"(?:怎么|如何|怎样)(?:改|修改|重构|优化|拆|修|调整|改进|简化)",
    r"\bhow (?:should|would|can|could|do) (?:i|we|you) (?:refactor|improve|fix|change|rewrite"
    r"|simplify|split|clean up|optimi[sz]e)\b",
)
# An inspection that verifies a condition, or one that looks something up.
_YES_NO_RE = rx(r"有没有|是否|是不是|有无|会不会|能不能|\bwhether\b|\bif\b|\bany\b")
# A part of this code named by what it is: "gateway 的 SSL 配置", "the gateway's TLS config".
_PART_OF_CODE_RE = rx(
    r"(?<![\w-])[a-z][\w-]{2,40}\s*的\s*[\w \-]{0,16}?(?:配置|实现|代码|逻辑|处理|校验)"
    r"|\b[a-z][\w-]{2,40}'s\s+(?:[\w-]+\s+){0,2}(?:config|configuration|implementation|code"
    r"|logic|handler|settings)\b"
)
# A sweep over this code: "所有 Feign/Dubbo 调用", "每个 controller", "all the endpoints".
_ALL_OF_THIS_CODE_RE = rx(
    r"(?:所有|全部|每个|每一个|各个)的?\s*[\w/ .-]{0,24}?(?:调用|接口|controller|service|mapper"
    r"|sql|查询|方法|类|地方|模块|服务|配置|入口|定时任务|消费者|listener)"
    r"|\ball (?:the |our )?(?:[\w/-]+ ){0,2}(?:calls|endpoints|controllers|services|mappers|queries"
    r"|handlers|listeners|consumers|jobs|places)\b"
)
# Find and change: "帮我找出来改掉", "定位到然后修掉", "find them and fix them".
_FIND_AND_CHANGE_RE = rx(
    r"(?:找出来?|找到|查出来?|定位到?)(?:并|然后|再|后|了)?\s*(?:改掉|修掉|修复|改了|干掉|去掉|删掉"
    r"|改一下|修一下|处理掉)|\b(?:find|locate|spot)\b.{0,40}\band\s+(?:fix|change|remove|replace)\b"
)
_LOOKUP_RE = rx(r"哪|什么|啥|几|多少|\b(?:which|what|where|how many|how much|list)\b")
# The assistant addressed: what "you" fixed is the audit's own work.
_ASSISTANT_RE = rx(r"你|您|\byou\b")
# Asking for a judgement of code: "写得怎么样", "有什么建议", "what do you think".
_JUDGEMENT_RE = rx(
    r"怎么样|好不好|写得|觉得|看法|意见|建议|改进|优化|规范|\b(?:think|opinion|feedback|suggest\w*"
    r"|improve\w*|better)\b"
)
# "把锁的粒度改小一点", "make it smaller": an adjustment of something already there.
_COMPARATIVE_RE = rx(r"一点|一些|\b(?:smaller|simpler|shorter)\b")


def about_answer(reading: MessageReading) -> bool:
    """A request about the previous answer or the conversation, not about code."""
    return bool(reading.answer_words or reading.preference) and not reading.strong


# --- the pending patch ------------------------------------------------------------------


def patch_decision(reading: MessageReading) -> tuple[IntentType, list[str]] | None:
    """With a patch pending: a message about it, or a change that continues it (computed
    once per reading: both patch rules ask)."""
    if "patch" not in reading.memo:
        reading.memo["patch"] = _patch_decision(reading)
    found = reading.memo["patch"]
    assert found is None or isinstance(found, tuple)
    return found


def _patch_decision(reading: MessageReading) -> tuple[IntentType, list[str]] | None:
    # "Maven Wrapper 有什么用？为什么要把 .mvn 目录提交上去？": a knowledge question's "why"
    # is not about the patch.
    implied = [] if reading.knowledge else matches(PATCH_IMPLIED_RE, _without_named_lines(reading))
    # "git format-patch 和 git diff 生成的补丁有什么区别": a tool's patches, not this one.
    refs = [] if _tool_question(reading) else reading.patch_refs + implied
    if not refs:
        follow_up = _revises_unnamed(reading)
        return (IntentType.PATCH_REVISE, follow_up) if follow_up else None
    # A limit ("补丁里别动测试") or an adjustment ("补丁能再短一点吗") revises it too; a change
    # verb inside a why-question asks about the change ("这个补丁为什么只改了 Mapper？").
    changes = [
        r
        for c in reading.clauses
        for r in clause_requests(c)
        if (r.act in (Act.CHANGE, Act.CREATE) or r.negative) and not _after_a_why(r, c)
    ]
    if adjust := ADJUST_RE.search(reading.norm):
        changes.append(Request(Act.CHANGE, adjust.group(0)))
    explains = reading.acts(Act.EXPLAIN) or CONFUSED.find(reading.norm)
    if changes and not (explains and _explain_first(reading)):
        return IntentType.PATCH_REVISE, [*refs, *(r.verb for r in changes)]
    if explains or reading.is_question:
        return IntentType.PATCH_EXPLAIN, refs
    if revise := REVISE_WORDS.find(reading.norm):
        return IntentType.PATCH_REVISE, [*refs, *revise]
    return IntentType.PATCH_EXPLAIN, refs


def _after_a_why(request: Request, clause: Clause) -> bool:
    """``request``'s verb follows a why in a question ("这个补丁为什么只改了 Mapper？",
    "why did you change…"): the change is asked about, not asked for ("能不能加一行注释说明
    为什么要加锁" asks for it)."""
    why = debugging.WHY_RE.search(clause.norm) if clause.question else None
    if why is None:
        return False
    at = request.start if request.start is not None else clause.norm.find(request.verb)
    return at >= why.start()


def patch_revision(reading: MessageReading) -> Cue:
    """A change, a limit or an adjustment of the pending patch."""
    found = patch_decision(reading)
    return found[1] if found is not None and found[0] is IntentType.PATCH_REVISE else None


def patch_question(reading: MessageReading) -> Cue:
    """A question about the pending patch, or a mention of it that asks for no change."""
    found = patch_decision(reading)
    return found[1] if found is not None and found[0] is IntentType.PATCH_EXPLAIN else None


def _without_named_lines(reading: MessageReading) -> str:
    """The message without the lines of files it names ("OrderService 第 120 行"): a line
    of a named file is that file's, not the pending patch's."""
    norm = reading.norm
    for name in {*reading.identifiers, *reading.names}:
        norm = re.sub(LINE_OF_NAME.format(name=re.escape(name.lower())), " ", norm)
    return norm


def _revises_unnamed(reading: MessageReading) -> list[str]:
    """A change request that continues the pending patch without naming it.

    "换成 switch 写法", "use a StringBuilder there instead", "只动 OrderService": a follow-up
    phrasing with nothing new to change. A change that names its own subject ("upgrade
    jackson", "add a check to the decoder", "把 Swagger 换成 SpringDoc") or fixes a
    problem is a new audit.
    """
    restrictive = matches(RESTRICTIVE_RE, reading.norm)
    if restrictive and _only_limits(reading):
        return restrictive
    changes = reading.acts(Act.CHANGE)
    if not changes or reading.audit or reading.problems or about_answer(reading):
        return []
    follow_up = FOLLOW_UP_CHANGE.find(reading.norm)
    # "把超时改成 5 秒", "把 lock timeout 改成 10s": a part of code named by what it is, as
    # the patch has it; "把 Swagger 换成 SpringDoc" names a thing of the Java world anew.
    targeted = (
        any(r.targeted for r in changes)
        and not _COMPARATIVE_RE.search(reading.norm)
        and names_the_world(reading.norm)
    )
    # "the if check", "the extra logging": a part of code a patch holds, not a new target
    # ("add a check to the decoder" names one).
    definite = [d for d in reading.definite if not _PATCH_PART_RE.search(d)]
    named = reading.strong or reading.weak or definite or targeted
    return [*follow_up, *(r.verb for r in changes)] if follow_up and not named else []


# The parts of code a patch is made of, named by what they are.
_PATCH_PART_RE = rx(
    r"\b(?:(?:if|null|nil|bounds|size|length|permission|auth)\s+)?(?:check|checks|guard|guards"
    r"|logging|log|logs|log line|log lines|lock|locks|timeout|timeouts|retry|retries|loop|test"
    r"|tests|comment|comments|constant|constants|import|imports|annotation|annotations|catch"
    r"|try|variable|variables|parameter|parameters|validation|assert|asserts|assertion"
    r"|assertions)$"
)


def _only_limits(reading: MessageReading) -> bool:
    """A limit ("不要改接口，只改实现", "don't touch the tests, just fix the NPE") that asks
    nothing else: no explanation, nothing about the answers or their form ("别用表情符号"),
    and no request with a subject of its own — an inspection ("先别改代码，帮我审计一下 X",
    "check X for races, but don't change anything yet") or a change that names what it
    changes ("不要动表结构，只在代码里把 t_order 的逻辑补上") is a new audit."""
    if reading.acts(Act.EXPLAIN, Act.INSPECT) or about_answer(reading):
        return False
    if ANSWER_FORM.find(reading.norm) or _own_problem(reading):
        return False
    return not (reading.strong and (_own_change(reading) or _own_question(reading)))


def _own_problem(reading: MessageReading) -> bool:
    """Beside a limit, a problem of code it names ("别动表结构，给运单的重复提交做个防重"), not
    one the pending patch is about ("don't touch the tests, just fix the NPE")."""
    if not reading.problems:
        return False
    rest = [c.norm for c in reading.clauses if not RESTRICTIVE_RE.search(c.norm)]
    rest_reading = read("，".join(rest))
    return bool(rest_reading.problems and rest_reading.here)


def _own_change(reading: MessageReading) -> bool:
    """Beside a limit, a change with a verb of its own ("不要改接口，只改实现：X.find 改成先走
    缓存", "给 X 加上校验"), not the limit's own "只改"."""
    return any(r.targeted or not RESTRICTIVE_RE.fullmatch(r.verb) for r in reading.acts(Act.CHANGE))


def _own_question(reading: MessageReading) -> bool:
    """Beside a limit, a question of its own ("先别改代码，我就想搞明白 X 多久跑一次")."""
    return any(c.question and not RESTRICTIVE_RE.search(c.norm) for c in reading.clauses)


def _explain_first(reading: MessageReading) -> bool:
    """The first request explains ("Explain the change to X in the patch")."""
    return bool(reading.requests) and reading.requests[0].act is Act.EXPLAIN


def _tool_question(reading: MessageReading) -> bool:
    # "git 怎么导出一个 patch 文件": a question about a tool, no patch of this code.
    tools = _TOOLS.intersection(re.findall(r"[a-z]+", reading.norm))
    return bool(tools) and reading.knowledge and not reading.requests


# --- audits -----------------------------------------------------------------------------


def patch_words(reading: MessageReading) -> Cue:
    """Words of a patch (or "why did you change…") with no patch pending, or a new patch
    asked for."""
    if reading.patch_refs and not _tool_question(reading):
        return reading.patch_refs
    if reading.new_patch:
        return reading.patch_words or ["patch"]
    return None


def record_of_fixes(reading: MessageReading) -> Cue:
    """A lookup in a record of past fixes ("CHANGELOG 里 2.3.1 修复了哪些问题", "README 里的
    known issues 都有哪些"): its fix and problem words are the record's, nothing is asked of
    this code. Whether a fix holds here ("…我们还有没有这个问题") is still an audit."""
    if not reading.records or reading.acts(Act.CHANGE, Act.CREATE, Act.INSPECT):
        return None
    if _ASSISTANT_RE.search(reading.norm):
        return None  # "你刚才修复了什么": the audit's own work, not a record
    if _LOOKUP_RE.search(reading.norm) and not _YES_NO_RE.search(reading.norm):
        return reading.records
    return None


def audit_verb(reading: MessageReading) -> Cue:
    """An audit verb asked of code (audit, review, scan, 审计, 审一下…), not of the Java
    world, nor a review that ends in an explanation of what the code is."""
    audits = [r.verb for r in reading.acts(Act.INSPECT) if r.verb in AUDIT_VERBS]
    if audits and not reading.knowledge and not _reviews_to_explain(reading):
        return audits
    return None


def _reviews_to_explain(reading: MessageReading) -> bool:
    """ "review 一下 pom 里的依赖，给我讲讲每个是干嘛的": a look that ends in an explanation of
    what the code is, with no problem and no judgement asked, is an explanation."""
    acts = [r.act for r in reading.requests if not r.negative]
    if Act.EXPLAIN not in acts or acts[-1] is not Act.EXPLAIN:
        return False
    judged = reading.problems or reading.evaluative or reading.complaints or reading.audit
    return not judged and not _JUDGEMENT_RE.search(reading.norm)


def audit_words(reading: MessageReading) -> Cue:
    """Audit words (fix, 修复, 漏洞…) unless the question asks for knowledge, or asks where
    the code does it ("Where do we scan the classpath for plugins?", "哪个类负责修复…")."""
    if not reading.audit:
        return None
    if reading.acts(Act.CHANGE, Act.INSPECT):
        return reading.audit
    if reading.knowledge:
        return None
    nouns = [w for w in reading.audit if w not in _AUDIT_VERB_WORDS]
    return reading.audit if nouns or reading.problems or not reading.where else None


def change_request(reading: MessageReading) -> Cue:
    """A request to change code, or to write code for this repository.

    A change request is an audit unless it is about the previous answer ("上面那个例子改成
    lambda") or asks how to do something in general: whatever its verb or object, acting
    on code outside the audit flow would break the isolation.
    """
    changes = [r for r in reading.acts(Act.CHANGE) if not _names_a_plan(reading, r)]
    creates = reading.acts(Act.CREATE)
    if changes and not (about_answer(reading) and not reading.problems):
        targets = [*reading.strong, *reading.weak, *reading.problems, *reading.audit]
        targets += [r.verb for r in changes if r.targeted]
        if targets or not (reading.generic or reading.how_to):
            return [*(r.verb for r in changes), *targets[:3]]
    targets = [*reading.strong, *reading.app_parts, *reading.definite]
    creates = [r for r in creates if not _creates_a_document(reading, r)]
    if creates and targets and not reading.answer_words and not reading.generic:
        return [*(r.verb for r in creates), *targets[:3]]
    if reading.strong and (change := matches(_HOW_TO_CHANGE_RE, reading.norm)):
        return [*change, *reading.strong[:3]]  # "OrderService 怎么重构比较好"
    swap = matches(_SWAP_RE, reading.norm)
    if swap and not reading.preference and names_the_world(reading.norm):
        return swap  # "别用 ReentrantLock 了，还是用 Redis 锁吧": one for another, in code
    return _bare_limit(reading)


# One thing of code for another, asked: "别用 X 了 还是用 Y 吧", "don't use X, go with Y".
_SWAP_RE = any_of(
    r"(?:别|不要)再?用\s*[\w.@\-]{2,40}\s*了?[\s，,]*(?:还是|就|改|换)?用\s*[^\s，,。]{2,24}?\s*吧",
    r"\b(?:don't|do not) use\b.{1,40}?[,;]\s*(?:just\s+)?(?:go with|use|switch to)\b",
)


def _object_of(reading: MessageReading, request: Request) -> str:
    """What follows ``request``'s verb in its clause (its object, and what comes after)."""
    clause = reading.clause_of(request)
    start = request.start if request.start is not None else clause.find(request.verb)
    return clause[start:][: limits.ROUTER_CREATED_OBJECT_CHARS] if start >= 0 else ""


def _creates_a_document(reading: MessageReading, request: Request) -> bool:
    """What ``request`` makes is a plan or a document about the code ("出一个迁移计划",
    "write a migration plan"), no code ("create a report endpoint" is code)."""
    made = _object_of(reading, request)
    return bool(_DOCUMENT_RE.search(made)) and not _CODE_ARTIFACT_RE.search(made)


def _names_a_plan(reading: MessageReading, request: Request) -> bool:
    """A change verb that only says what a plan asked for is about ("出一个拆分模块的计划",
    "做个迁到 21 的迁移方案"): the plan is asked for, no change ("修改…的方案" changes)."""
    if request.start is None:
        return False
    clause = reading.clause_of(request)
    asked = _PLAN_ASKED_RE.search(clause[: request.start])
    return asked is not None and bool(_PLAN_OF_RE.match(clause, request.start))


def _bare_limit(reading: MessageReading) -> Cue:
    """A limit on changing code and nothing else ("别动 DTO", "不要改返回值类型，前端会挂",
    "don't touch the tests"): it can only be a change's, a patch's (the safe side) — not a
    standing wish ("以后…"), a question, a limit on the answers or on what is used."""
    if reading.is_question or reading.preference or about_answer(reading):
        return None
    if any(not r.negative for r in reading.requests):
        return None  # "不要改代码，只解释一下 X": the other request decides
    limits = [r.verb for r in reading.requests if r.negative and _limits_code(reading, r)]
    return limits or None


def _limits_code(reading: MessageReading, request: Request) -> bool:
    """A prohibition ("别动", "不要改", "don't touch") of something named after it, which is
    no memory of ours ("别删这条笔记"), and not "不用改了" (nothing is needed) or "别动不动就…"."""
    verb = request.verb
    if not _LIMIT_ON_CODE_RE.search(verb) or not _PROHIBITION_RE.match(verb):
        return False
    after = _object_of(reading, request)[len(verb) :]
    return bool(after.strip(" ，,。.!！了吧啊")) and not _NOT_CODE_AFTER_LIMIT_RE.match(after)


# What a plan or a document is called, and what code is: "迁移计划" is no code, "实现" is.
_DOCUMENT_RE = rx(
    r"(?:计划|方案|文档|清单|大纲|报告|排期|路线图)(?=\s*(?:[，,。.;；!！?？]|$|吧|呗|给我|出来))"
    r"|\b(?:plan|document|doc|outline|checklist|roadmap|report|summary)\b"
    r"(?=\s*(?:[,.;!?]|$|for\b|of\b|to\b|on\b|that\b))"
)
# A verb followed by what it is the plan of: "拆分模块的计划", "升级到 21 的迁移方案".
_PLAN_OF_RE = rx(
    r"(?:.{0,24}?的\s*[\w" + CJK + r"]{0,4}?|[" + CJK + r"]{0,2}\s*)"
    r"(?:计划|方案|文档|清单|排期|路线图)(?!里|中)"
)
# A plan asked for before the verb that says what it is about: "出一个", "做个", "写一份".
_PLAN_ASKED_RE = rx(r"(?:出|做|写|列|拟|制定|整理|给)(?:一个|个|一份|份|一版|版)")
_CODE_ARTIFACT_RE = rx(
    r"类|方法|接口(?!文档)|代码|实现|测试|单测|补丁|脚本|函数|\b(?:class|method|code|test|tests"
    r"|patch|script|function|implementation|endpoints?|handlers?|dtos?|apis?|controllers?"
    r"|services?|jobs?)\b"
)
# A prohibition opens the limit (a plain 不 or 不用 says what is not done or needed).
_PROHIBITION_RE = rx(r"别|不要|先别|千万别|\b(?:don'?t|do not|never)\b")
# After a limit's verb: our own memory ("别删这条笔记"), the answer, or an idiom ("动不动").
_NOT_CODE_AFTER_LIMIT_RE = rx(
    r"\s*(?:不动|了|掉)?\s*(?:这条|那条|我的|我那条|上一条)?[^，,。]{0,12}?(?:笔记|记忆|规则|偏好|话题|设置"
    r"|记录|备注|回答|答案)|不动"
)
# The verbs of a limit on changing code (not 用/加/引入: what is used is a choice, often a
# standing one).
_LIMIT_ON_CODE_RE = rx(r"[动改碰删吞抛]$|\b(?:touch|change|modify|remove|delete|rename)\b")


def debug_why(reading: MessageReading) -> Cue:
    """A question *why* code fails (:mod:`.debugging`): asked to be understood, not fixed,
    and not of a security hole."""
    if not reading.is_question or reading.acts(Act.CHANGE, Act.CREATE):
        return None
    if any(r.verb in AUDIT_VERBS for r in reading.acts(Act.INSPECT)):
        return None
    asked = " ".join(c.norm for c in reading.clauses if c.question)
    why = debugging.WHY_RE.search(asked)
    if why is None or debugging.PURPOSE_RE.search(asked):
        return None
    symptoms = matches(debugging.SYMPTOM_RE, reading.norm)
    if reading.pasted_log:
        symptoms.append("<trace>")  # the pasted trace is the failure asked about
    if not symptoms or _security_asked(reading) or debugging.DEFECT_RE.search(reading.norm):
        return None
    symptoms.sort(key=lambda word: word in debugging.HOW_OFTEN)  # "超时" before "偶尔"
    return [*symptoms, why.group(0)]


def _security_asked(reading: MessageReading) -> bool:
    """The message names a security hole or an abuse (an injection, 越权, a bypass…)."""
    vulnerable = [w for w in reading.audit if w in ("漏洞", "vulnerability", "vulnerabilities")]
    injection = [w for w in reading.problems if safety.INJECTION_RE.search(w)]
    abuse = safety.ABUSE_RE.search(reading.norm)
    predicate = [w for w in safety.SAFETY.find(reading.norm) if w not in ("安全", "safe")]
    return bool(vulnerable or injection or abuse or predicate)


def safety_question(reading: MessageReading) -> Cue:
    """A question whether code here is safe, vulnerable, bypassable, injectable, guarded
    (:mod:`.safety`): an inspection of this code."""
    # "Is the JWT validation bypassable?": a definite thing is this code's, though its name
    # is the Java world's; an abuse of the application ("can a user unbind someone else's
    # car") is asked of this application.
    if reading.knowledge and not reading.definite and not _abuse_of_this_app(reading):
        return None
    # "Are passwords hashed?", "check whether the admin APIs are protected".
    if reading.safeguards:
        return reading.safeguards
    if _said_general(reading):
        return None
    if not reading.is_question and not _CONFIRMATION_RE.search(reading.norm):
        return None
    asked = [c.norm for c in reading.clauses if c.question] or [reading.norm]
    whether = any(safety.ASKS_WHETHER_RE.search(clause) for clause in asked)
    if not whether and not _CONFIRMATION_RE.search(reading.norm):
        return None
    abuse = matches(safety.ABUSE_RE, reading.norm) + matches(safety.DATA_LEAK_RE, reading.norm)
    injection = [w for w in reading.problems if safety.INJECTION_RE.search(w)]
    race = _race(reading)
    predicate = safety.SAFETY.find(reading.norm) + injection + abuse + race
    if not predicate:
        return None
    sensitive = SENSITIVE.find(reading.norm)  # "密码是用 MD5 存的吗？安全吗"
    # Code here, not a design of the Java world ("JWT 里放租户 id 安全吗").
    here = reading.strong or ([] if reading.known_topic else reading.here)
    if race and not abuse and not reading.strong:
        here = [*reading.app_parts, *reading.domain]  # not "what happens if…" alone
    subject = here or reading.definite or reading.we or sensitive
    if subject or abuse:
        return [*predicate[:1], *subject[:2]]
    if race and _SAME_RE.search(reading.norm) and not names_the_world(reading.norm):
        return race  # "two requests redeem the same coupon": a thing of this application
    return None


def _abuse_of_this_app(reading: MessageReading) -> bool:
    """An abuse asked of no name of the Java world: of this application."""
    return bool(safety.ABUSE_RE.search(reading.norm)) and not names_the_world(reading.norm)


# A setting's dotted name in lower case: "enable.auto.commit", "spring.jpa.open-in-view".
_SETTING_NAME_RE = rx(r"[a-z][a-z0-9-]*(?:\.[a-z0-9-]+)+")


def _said_general(reading: MessageReading) -> bool:
    """The question says it is general ("in general", "一般"), and names nothing of this code
    but settings' names ("Is enable.auto.commit=true safe to use in general?")."""
    return bool(safety.GENERAL_RE.search(reading.norm)) and all(
        _SETTING_NAME_RE.fullmatch(name) for name in reading.strong
    )


# The same thing twice: a race asked about a thing of the application ("the same coupon").
_SAME_RE = rx(r"\bthe same\b|同一")


def _race(reading: MessageReading) -> list[str]:
    """Two at once on the same thing, or whether a step is atomic / thread-safe (not what a
    safeguard is for: "这个锁是防止两个人同时编辑的吗")."""
    norm = reading.norm
    if safety.PURPOSE_RE.search(norm):
        return []
    if (two := safety.RACE_RE.search(norm)) and safety.RACE_EFFECT_RE.search(norm):
        return [two.group(0)]
    return matches(safety.ATOMIC_RE, norm)


def problem_in_code(reading: MessageReading) -> Cue:
    """A problem (a bug, an injection, a leak, a missing check…) asked about this code."""
    problems, knowledge = reading.problems, reading.knowledge
    if not problems:
        return None
    inspects = [r.verb for r in reading.acts(Act.INSPECT)]
    if here := reading.here:
        return [*problems, *here[:3]]
    if inspects and not reading.generic:
        return [*problems, *inspects]
    if reading.existence and not knowledge:  # "有没有地方把密码打印到日志里？"
        return problems
    if reading.describes and not reading.generic:  # "用户输入是直接拼进去的，会不会被注入"
        return [*problems, *reading.describes[:1]]
    if not knowledge and not reading.conversation and _asks_or_confirms(reading):
        return problems
    if reading.definite and reading.is_question and not knowledge:  # "Is the token guessable?"
        return [*problems, *reading.definite[:1]]
    return None


def _asks_or_confirms(reading: MessageReading) -> bool:
    """A yes-or-no question or a confirmation about a problem: "会不会被利用？", "没有校验文件
    类型吧", "Could it deadlock?" (not "How do static analysis tools find bugs?", "金额用
    double 存有什么问题")."""
    if _CONFIRMATION_RE.search(reading.norm):
        return True
    return any(
        c.question and (_ZH_YES_NO_RE.search(c.norm) or _EN_YES_NO_RE.match(c.norm))
        for c in reading.clauses
    )


def looks_for_something(reading: MessageReading) -> Cue:
    """An inspection that looks for something ("check the upload handler for path
    traversal") or verifies a condition of this code ("检查一下 X 有没有把 debug 打开"), not
    one that looks something up ("检查一下 X 依赖了些啥", "check which version…")."""
    inspects = [r.verb for r in reading.acts(Act.INSPECT)]
    if not inspects or reading.knowledge:
        return None
    if _CHECK_FOR_RE.search(reading.norm) or _FIND_AND_CHANGE_RE.search(reading.norm):
        return inspects
    norm = reading.norm
    verifies = _YES_NO_RE.search(norm) and not _LOOKUP_RE.search(norm) and not reading.usage
    if reading.here and verifies:
        return [*inspects, *reading.here[:3]]
    if verifies and (part := _PART_OF_CODE_RE.search(norm) or _ALL_OF_THIS_CODE_RE.search(norm)):
        return [*inspects, part.group(0)]
    return None


def judges_code(reading: MessageReading) -> Cue:
    """A judgement asked of code here ("SecurityConfig 里把 CSRF 禁用了，这样有问题吗"), not
    of a design of the Java world ("JWT 里放租户 id 合理吗"); or a complaint about it
    ("OrderService 这个方法也太长了吧"), unless it asks to be told what the code does
    ("这个方法太绕了，给我讲讲它在干嘛")."""
    here = reading.here
    judged = reading.strong or (here and not reading.known_topic)
    if not judged or _said_general(reading):
        return None
    inspects = reading.acts(Act.INSPECT)
    if reading.evaluative and (inspects or reading.is_question):
        return [*reading.evaluative, *here[:3]]
    if reading.complaints and not reading.acts(Act.EXPLAIN):
        return [*reading.complaints, *here[:3]]
    return None


# --- memory -----------------------------------------------------------------------------


def wish_about_answers(reading: MessageReading) -> Cue:
    """A wish about the answers that asks for nothing ("以后涉及命令行的地方都给两个版本")."""
    return [] if reading.preference and not reading.requests else None


def path_in_question(reading: MessageReading) -> Cue:
    """A path or a file of this repository ("@review/pom.xml", "src/main/resources")."""
    return reading.paths or None


def names_this_code(reading: MessageReading) -> Cue:
    """A name of this repository: a class, a package, a module, "this project", "we/our"."""
    return reading.strong or None


def follow_up(reading: MessageReading) -> Cue:
    """A follow-up, thanks or a wish about the answers, with nothing firm of this
    repository ("还有吗？", "that's clear, thanks"): the conversation goes on."""
    if not reading.here:
        return None
    if reading.preference:
        return []
    firm = reading.usage or reading.facts or reading.app_parts or reading.parts
    if len(reading.norm) < limits.ROUTER_SHORT_MESSAGE_CHARS:
        return None if firm else [reading.norm]
    said = reading.conversation or matches(FOLLOW_UP_RE, reading.norm)
    return said if said and not firm else None


def domain_question(reading: MessageReading) -> Cue:
    """A question about the nouns of this application's domain only ("优惠券过期之后会怎样
    处理")."""
    here = reading.here
    return here if here and here == reading.domain else None


def code_here(reading: MessageReading) -> Cue:
    """A part, a fact or a piece of code of this repository ("这个方法", "the login
    endpoint", "用的是 Redis 还是数据库")."""
    return reading.here or None
