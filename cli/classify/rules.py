"""The rules: the decision order over a :class:`.reading.Reading` (see the package
docstring), and the public entry points :func:`classify`, :func:`choose` and
:func:`forced`.

A pending patch's rule first, then the audit rules (patch words, audit verbs and words,
a change request, a problem, an inspection), then the explanation rule, else
``general_chat``; a standing wish about the answers is remembered, not gated.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence

from autopatch_memory import DirectiveKind, IntentType, directives_in, limits, normalize_text
from autopatch_memory.intents import memory_access

from .acts import EN_AUDIT_PHRASES, Act
from .classification import Classification, Rule
from .clauses import last_turn
from .knowledge import FOLLOW_UP_RE
from .lexicon import any_of, matches, rx
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
from .reader import read
from .reading import Reading, Request

# Inspection verbs that are an audit by themselves ("帮我 review 一下 X", "审一下 pom 依赖").
_AUDIT_VERBS = frozenset(
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


def _result(intent: IntentType, rule: Rule, matched: Iterable[str]) -> Classification:
    unique: dict[str, str] = {}
    for word in matched:
        unique.setdefault(word.lower(), word)  # "ReviewController" once, as written
    return Classification(intent=intent, rule=rule, matched=list(unique.values()))


def _about_answer(reading: Reading) -> bool:
    """A request about the previous answer or the conversation, not about code."""
    return bool(reading.answer_words or reading.preference) and not reading.strong


def _patch_rule(reading: Reading) -> Classification | None:
    """With a patch pending: a message about it, or a change that continues it."""
    # "Maven Wrapper 有什么用？为什么要把 .mvn 目录提交上去？": a knowledge question's "why"
    # is not about the patch.
    implied = [] if reading.knowledge else matches(PATCH_IMPLIED_RE, _without_named_lines(reading))
    # "git format-patch 和 git diff 生成的补丁有什么区别": a tool's patches, not this one.
    refs = [] if _tool_question(reading) else reading.patch_refs + implied
    if not refs:
        if follow_up := _revises_unnamed(reading):
            return _result(IntentType.PATCH_REVISE, Rule.PATCH_REVISE, follow_up)
        return None
    # A limit ("补丁里别动测试") or an adjustment ("补丁能再短一点吗") revises it too.
    changes = reading.acts(Act.CHANGE, Act.CREATE) + [r for r in reading.requests if r.negative]
    if adjust := ADJUST_RE.search(reading.norm):
        changes.append(Request(Act.CHANGE, adjust.group(0)))
    explains = reading.acts(Act.EXPLAIN) or CONFUSED.find(reading.norm)
    if changes and not (explains and _explain_first(reading)):
        words = [*refs, *(r.verb for r in changes)]
        return _result(IntentType.PATCH_REVISE, Rule.PATCH_REVISE, words)
    if explains or reading.is_question:
        return _result(IntentType.PATCH_EXPLAIN, Rule.PATCH_EXPLAIN, refs)
    if revise := REVISE_WORDS.find(reading.norm):
        return _result(IntentType.PATCH_REVISE, Rule.PATCH_REVISE, [*refs, *revise])
    return _result(IntentType.PATCH_EXPLAIN, Rule.PATCH_EXPLAIN, refs)


def _without_named_lines(reading: Reading) -> str:
    """The message without the lines of files it names ("OrderService 第 120 行"): a line
    of a named file is that file's, not the pending patch's."""
    norm = reading.norm
    for name in {*reading.identifiers, *reading.names}:
        norm = re.sub(LINE_OF_NAME.format(name=re.escape(name.lower())), " ", norm)
    return norm


def _revises_unnamed(reading: Reading) -> list[str]:
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
    if not changes or reading.audit or reading.problems or _about_answer(reading):
        return []
    follow_up = FOLLOW_UP_CHANGE.find(reading.norm)
    targeted = any(r.targeted for r in changes) and not _COMPARATIVE_RE.search(reading.norm)
    named = reading.strong or reading.weak or reading.definite or targeted
    return [*follow_up, *(r.verb for r in changes)] if follow_up and not named else []


def _only_limits(reading: Reading) -> bool:
    """A limit ("不要改接口，只改实现", "don't touch the tests, just fix the NPE") that asks
    nothing else: no explanation, nothing about the answers or their form ("别用表情符号"),
    and no request with a subject of its own — an inspection ("先别改代码，帮我审计一下 X",
    "check X for races, but don't change anything yet") or a change that names what it
    changes ("不要动表结构，只在代码里把 t_order 的逻辑补上") is a new audit."""
    if reading.acts(Act.EXPLAIN, Act.INSPECT) or _about_answer(reading):
        return False
    if ANSWER_FORM.find(reading.norm) or _own_problem(reading):
        return False
    return not (reading.strong and (_own_change(reading) or _own_question(reading)))


def _own_problem(reading: Reading) -> bool:
    """Beside a limit, a problem of code it names ("别动表结构，给运单的重复提交做个防重"), not
    one the pending patch is about ("don't touch the tests, just fix the NPE")."""
    if not reading.problems:
        return False
    rest = [c.norm for c in reading.clauses if not RESTRICTIVE_RE.search(c.norm)]
    rest_reading = read("，".join(rest))
    return bool(rest_reading.problems and rest_reading.here)


def _own_change(reading: Reading) -> bool:
    """Beside a limit, a change with a verb of its own ("不要改接口，只改实现：X.find 改成先走
    缓存", "给 X 加上校验"), not the limit's own "只改"."""
    return any(r.targeted or not RESTRICTIVE_RE.fullmatch(r.verb) for r in reading.acts(Act.CHANGE))


def _own_question(reading: Reading) -> bool:
    """Beside a limit, a question of its own ("先别改代码，我就想搞明白 X 多久跑一次")."""
    return any(c.question and not RESTRICTIVE_RE.search(c.norm) for c in reading.clauses)


def _explain_first(reading: Reading) -> bool:
    """The first request explains ("Explain the change to X in the patch")."""
    return bool(reading.requests) and reading.requests[0].act is Act.EXPLAIN


def _audit_rule(reading: Reading) -> Classification | None:
    """An audit: patch words, audit verbs and words, a change request on code, a problem
    looked for here, an inspection that verifies or judges this code."""
    if reading.patch_refs and not _tool_question(reading):
        return _result(IntentType.CODE_AUDIT, Rule.AUDIT, reading.patch_refs)
    if reading.new_patch:
        return _result(IntentType.CODE_AUDIT, Rule.AUDIT, reading.patch_words or ["patch"])
    if _reads_a_record(reading):
        return None
    audits = [r.verb for r in reading.acts(Act.INSPECT) if r.verb in _AUDIT_VERBS]
    if audits and not reading.knowledge and not _reviews_to_explain(reading):
        return _result(IntentType.CODE_AUDIT, Rule.AUDIT, audits)
    if reading.audit and _asks_for_audit(reading):
        return _result(IntentType.CODE_AUDIT, Rule.AUDIT, reading.audit)
    return _change_request(reading) or _problem_rule(reading) or _inspection_rule(reading)


def _reads_a_record(reading: Reading) -> bool:
    """A lookup in a record of past fixes ("CHANGELOG 里 2.3.1 修复了哪些问题", "README 里的
    known issues 都有哪些"): its fix and problem words are the record's, nothing is asked of
    this code. Whether a fix holds here ("…我们还有没有这个问题") is still an audit."""
    if not reading.records or reading.acts(Act.CHANGE, Act.CREATE, Act.INSPECT):
        return False
    if _ASSISTANT_RE.search(reading.norm):
        return False  # "你刚才修复了什么": the audit's own work, not a record
    return bool(_LOOKUP_RE.search(reading.norm)) and not _YES_NO_RE.search(reading.norm)


def _reviews_to_explain(reading: Reading) -> bool:
    """ "review 一下 pom 里的依赖，给我讲讲每个是干嘛的": a look that ends in an explanation of
    what the code is, with no problem and no judgement asked, is an explanation."""
    acts = [r.act for r in reading.requests if not r.negative]
    if Act.EXPLAIN not in acts or acts[-1] is not Act.EXPLAIN:
        return False
    judged = reading.problems or reading.evaluative or reading.complaints or reading.audit
    return not judged and not _JUDGEMENT_RE.search(reading.norm)


def _asks_for_audit(reading: Reading) -> bool:
    """Audit words ask for an audit unless the question asks for knowledge, or asks where
    the code does it ("Where do we scan the classpath for plugins?", "哪个类负责修复…")."""
    if reading.acts(Act.CHANGE, Act.INSPECT):
        return True
    if reading.knowledge:
        return False
    nouns = [w for w in reading.audit if w not in _AUDIT_VERB_WORDS]
    return bool(nouns or reading.problems or not reading.where)


def _tool_question(reading: Reading) -> bool:
    # "git 怎么导出一个 patch 文件": a question about a tool, no patch of this code.
    tools = _TOOLS.intersection(re.findall(r"[a-z]+", reading.norm))
    return bool(tools) and reading.knowledge and not reading.requests


def _change_request(reading: Reading) -> Classification | None:
    """A request to change code, or to write code for this repository.

    A change request is an audit unless it is about the previous answer ("上面那个例子改成
    lambda") or asks how to do something in general: whatever its verb or object, acting
    on code outside the audit flow would break the isolation.
    """
    changes = reading.acts(Act.CHANGE)
    creates = reading.acts(Act.CREATE)
    if changes and not (_about_answer(reading) and not reading.problems):
        targets = [*reading.strong, *reading.weak, *reading.problems, *reading.audit]
        targets += [r.verb for r in changes if r.targeted]
        if targets or not (reading.generic or reading.how_to):
            words = [*(r.verb for r in changes), *targets[:3]]
            return _result(IntentType.CODE_AUDIT, Rule.CHANGE, words)
    targets = [*reading.strong, *reading.app_parts, *reading.definite]
    if creates and targets and not reading.answer_words and not reading.generic:
        return _result(
            IntentType.CODE_AUDIT, Rule.CHANGE, [*(r.verb for r in creates), *targets[:3]]
        )
    return None


def _problem_rule(reading: Reading) -> Classification | None:
    """A problem (a bug, an injection, a leak, a missing check…) asked about this code."""
    problems, knowledge = reading.problems, reading.knowledge
    if not problems:
        return None
    inspects = [r.verb for r in reading.acts(Act.INSPECT)]
    if here := reading.here:
        return _result(IntentType.CODE_AUDIT, Rule.PROBLEM, [*problems, *here[:3]])
    if inspects and not reading.generic:
        return _result(IntentType.CODE_AUDIT, Rule.PROBLEM, [*problems, *inspects])
    if reading.existence and not knowledge:  # "有没有地方把密码打印到日志里？"
        return _result(IntentType.CODE_AUDIT, Rule.PROBLEM, problems)
    if reading.describes and not reading.generic:  # "用户输入是直接拼进去的，会不会被注入"
        return _result(IntentType.CODE_AUDIT, Rule.PROBLEM, [*problems, *reading.describes[:1]])
    if not knowledge and not reading.conversation and _asks_or_confirms(reading):
        return _result(IntentType.CODE_AUDIT, Rule.PROBLEM, problems)
    if reading.definite and reading.is_question and not knowledge:  # "Is the token guessable?"
        return _result(IntentType.CODE_AUDIT, Rule.PROBLEM, [*problems, *reading.definite[:1]])
    return None


def _inspection_rule(reading: Reading) -> Classification | None:
    """An inspection that looks for something, verifies a safeguard or judges this code."""
    here, inspects = reading.here, [r.verb for r in reading.acts(Act.INSPECT)]
    if inspects and _CHECK_FOR_RE.search(reading.norm) and not reading.knowledge:
        return _result(IntentType.CODE_AUDIT, Rule.PROBLEM, inspects)
    if reading.safeguards and not reading.knowledge:  # "Are passwords hashed?"
        return _result(IntentType.CODE_AUDIT, Rule.PROBLEM, reading.safeguards)
    sensitive = SENSITIVE.find(reading.norm)  # "密码是用 MD5 存的吗？安全吗"
    if sensitive and reading.evaluative and reading.is_question and not reading.generic:
        return _result(IntentType.CODE_AUDIT, Rule.PROBLEM, [*reading.evaluative, *sensitive])
    if reading.strong and (change := matches(_HOW_TO_CHANGE_RE, reading.norm)):
        return _result(IntentType.CODE_AUDIT, Rule.CHANGE, [*change, *reading.strong[:3]])
    if inspects and here and _verifies(reading):
        return _result(IntentType.CODE_AUDIT, Rule.PROBLEM, [*inspects, *here[:3]])
    # Judging code here ("SecurityConfig 里把 CSRF 禁用了，这样有安全问题吗"), not a design of
    # the Java world ("JWT 里放租户 id 安全吗").
    judged = reading.strong or (here and not reading.known_topic)
    if reading.evaluative and judged and (inspects or reading.is_question):
        return _result(IntentType.CODE_AUDIT, Rule.PROBLEM, [*reading.evaluative, *here[:3]])
    # A complaint about code here ("OrderService 这个方法也太长了吧", "这个命名什么鬼") asks
    # to have it judged as much as "有没有问题" does, unless it asks for an explanation
    # ("这个方法太绕了，给我讲讲它在干嘛").
    if reading.complaints and judged and not reading.acts(Act.EXPLAIN):
        return _result(IntentType.CODE_AUDIT, Rule.PROBLEM, [*reading.complaints, *here[:3]])
    return None


def _asks_or_confirms(reading: Reading) -> bool:
    """A yes-or-no question or a confirmation about a problem: "会不会被利用？", "没有校验文件
    类型吧", "Could it deadlock?" (not "How do static analysis tools find bugs?", "金额用
    double 存有什么问题")."""
    if _CONFIRMATION_RE.search(reading.norm):
        return True
    return any(
        c.question and (_ZH_YES_NO_RE.search(c.norm) or _EN_YES_NO_RE.match(c.norm))
        for c in reading.clauses
    )


def _verifies(reading: Reading) -> bool:
    """An inspection that verifies a condition of this code ("检查一下 X 有没有把 debug 打开"),
    not one that looks something up ("检查一下 X 依赖了些啥", "check which version…")."""
    norm = reading.norm
    return bool(_YES_NO_RE.search(norm)) and not _LOOKUP_RE.search(norm) and not reading.usage


def _explain_rule(reading: Reading) -> Classification | None:
    """A question about this repository."""
    if reading.preference and not reading.requests:
        return None  # "以后涉及命令行的地方都给两个版本": a wish about the answers
    if reading.paths:
        return _result(IntentType.CODE_EXPLAIN, Rule.PATH, reading.paths)
    if reading.strong:
        return _result(IntentType.CODE_EXPLAIN, Rule.EXPLAIN, reading.strong)
    here = reading.here
    if not here or _is_conversation(reading):
        return None
    if here == reading.domain:
        return _result(IntentType.CODE_EXPLAIN, Rule.DOMAIN, here)
    return _result(IntentType.CODE_EXPLAIN, Rule.CODE_ELEMENT, here)


def _is_conversation(reading: Reading) -> bool:
    """A follow-up, thanks or a wish about the answers, with nothing firm of this repository."""
    if reading.preference:
        return True
    firm = reading.usage or reading.facts or reading.app_parts or reading.parts
    if len(reading.norm) < limits.ROUTER_SHORT_MESSAGE_CHARS:
        return not firm  # "还有吗？"
    return bool(reading.conversation or FOLLOW_UP_RE.search(reading.norm)) and not firm


def classify(
    text: str, *, patch_pending: bool = False, names: Sequence[str] = ()
) -> Classification:
    """Choose the intent of ``text`` by the rules of the module docstring.

    ``patch_pending``: a patch awaits the user's confirmation, so "explain/revise
    the patch" mean that patch; without one, patch words stay outside memory
    (``code_audit``). ``names``: the repository's own names (project and module
    names from its profile), which make a question about this repository.
    """
    # "补充一下：…" adds information; without its colon it is a request ("补充一下测试用例").
    text = _ADDING_LEAD_RE.sub("", text, count=1)
    text = _final_request(text, names)
    reading = read(text, names=names)
    rules: list[Callable[[Reading], Classification | None]] = [_audit_rule, _explain_rule]
    if patch_pending:
        rules.insert(0, _patch_rule)
    for rule in rules:
        found = rule(reading)
        if found is not None:
            # "以后给我补丁的时候先用一句话说明改了什么": a wish about patches to come.
            if not memory_access(found.intent).reads and _only_a_standing_wish(text, names):
                return _result(IntentType.GENERAL_CHAT, Rule.STANDING_WISH, found.matched)
            return found
    return Classification(intent=IntentType.GENERAL_CHAT, rule=Rule.DEFAULT)


def _final_request(text: str, names: Sequence[str]) -> str:
    """The part of ``text`` that decides: after a remark, a turn to another question decides
    ("我们项目用了 MyBatis。顺便问一下，一级缓存什么时候失效？"), and so does what follows a
    concern set aside ("…也不确定有没有 bug，先不管这个。你先讲讲整体流程"). A part before
    that asks for something ("帮我修一下 X。顺便问一下…"), or looks for a problem without
    being set aside, keeps the whole message."""
    turn = last_turn(text)
    if turn is None:
        return text
    head, tail, set_aside = turn
    before = read(head, names=names)
    asks = [r for r in before.requests if r.act is not Act.EXPLAIN and not r.negative]
    if asks or before.new_patch:
        return text
    if set_aside:
        return tail
    judged = before.problems or before.complaints or before.evaluative or before.audit
    return text if before.is_question or judged else tail


# A lead-in that announces added information ("补充一下：", "顺便说一下，", "另外补充一点："):
# its verb asks for no change.
_ADDING_LEAD_RE = rx(
    r"^\s*(?:另外|顺便|再|我)?(?:补充(?:一下|一点|一句|说明)?|说明一下|顺便说一下|说一下|提一下"
    r"|顺带一提|备注)\s*[：:，,]\s*"
)


# What makes a wish *standing* (future answers, every time) rather than a request to act
# now: "delete the module" is a request; "以后别再…", "stop suggesting X" are wishes.
_STANDING_MARKER_RE = rx(
    r"以后|今后|往后|从现在|从今|每次|每回|默认|一律|别再|不要再|不用再|总是|始终|永远"
    r"|\b(?:from now on|going forward|in (?:the )?future|always|never|every time|by default"
    r"|no longer|any ?more|stop \w+ing)\b"
)


def _only_a_standing_wish(text: str, names: Sequence[str]) -> bool:
    """``text`` is a standing rule or cancel about the answers and nothing else ("请以后先给
    结论", "Stop suggesting Lombok, we don't use it anymore"): the memory's own directive
    grammar decides what a rule is, so a wish that merely sounds like a change request is
    remembered, not gated. What is left once its clauses are removed must ask for no
    audit ("修一下 X 的空指针，以后别再写这种代码" stays an audit)."""
    wishes = [
        d
        for d in directives_in(text)
        if d.kind in (DirectiveKind.RULE, DirectiveKind.CANCEL)
        and _STANDING_MARKER_RE.search(normalize_text(d.clause))
    ]
    if not wishes:
        return False
    rest = text
    for wish in wishes:
        rest = rest.replace(wish.clause, " ")
    rest_reading = read(rest, names=names)
    return _audit_rule(rest_reading) is None and not rest_reading.patch_refs


def forced(intent: IntentType) -> Classification:
    """The classification of an intent the user chose explicitly."""
    return Classification(intent=intent, rule=Rule.FORCED)


def choose(
    text: str,
    intent: IntentType | None = None,
    *,
    patch_pending: bool = False,
    names: Sequence[str] = (),
) -> Classification:
    """The intent the user forced (``--intent``, ``/intent``), else the classifier's choice."""
    if intent is not None:
        return forced(intent)
    return classify(text, patch_pending=patch_pending, names=names)
