"""The rules: named, with their examples, in the order they decide (docs/cli.md#intents),
and the public entry points :func:`classify`, :func:`choose` and :func:`forced`.

:data:`INTENT_RULES` is the ordered registry of the cues that choose an intent (the
``intent-cues`` family of :mod:`autopatch_memory.lang.rules`): the pending patch's rules
first (tried only while a patch awaits confirmation), then the audit rules, the debugging
question, the safety and problem rules, then this repository's, else ``general_chat``.
:data:`READING_RULES` (``intent-readings``) choose the part of a message that is read
(after a remark, what the user turns to) and keep a standing wish about the answers
outside the audit. ``tests/rules/test_rule_examples.py`` walks both.

A rule whose cue fires decides; a rule without an intent of its own (a lookup in a
record of past fixes) clears the message of the audit rules, and the rules of this
repository decide. Adding a wording class is adding a rule with its examples.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Literal, overload

from autopatch_memory import IntentType, normalize_text
from autopatch_memory.intents import memory_access
from autopatch_memory.lang import FunctionRule, Registry, Rule

from . import cues
from .acts import Act
from .classification import DEFAULT, FORCED, Classification
from .clauses import last_turn
from .cues import Cue
from .lexicon import rx
from .reader import read
from .reading import MessageReading


@dataclass(frozen=True, eq=False)
class IntentRule(Rule):
    """A named cue of the router: the intent it chooses when its cue finds something.

    ``intent`` ``None``: the message is no audit; the rules of this repository decide.
    ``with_patch``: tried only while a patch awaits confirmation (its examples are read
    as if one did). ``decisive``: the choice is plain enough that the configured model
    is not asked (:mod:`.model`).
    """

    intent: IntentType | None = field(default=None, kw_only=True)
    cue: Callable[[MessageReading], Cue] = field(default=lambda _reading: None, kw_only=True)
    with_patch: bool = field(default=False, kw_only=True)
    decisive: bool = field(default=False, kw_only=True)

    def fires(self, text: str) -> bool:
        if self.gated_out(text.lower()):
            return False
        return self.cue(read(text)) is not None


_AUDIT, _EXPLAIN, _CHAT = IntentType.CODE_AUDIT, IntentType.CODE_EXPLAIN, IntentType.GENERAL_CHAT

INTENT_RULES: Registry[IntentRule] = Registry(
    "intent-cues",
    [
        IntentRule(
            "patch-revision",
            "while a patch is pending: a change, a limit or an adjustment of it, or a change "
            "that continues it and names nothing new",
            intent=IntentType.PATCH_REVISE,
            cue=cues.patch_revision,
            with_patch=True,
            decisive=True,
            examples_match=(
                "补丁里别动测试",
                "Can the patch be split into two commits?",
                "换成 switch 写法",
                "补丁能再短一点吗",
                "把超时改成 5 秒",
                "别删那个日志 保留着",
                "Use Optional.ofNullable instead of the null check.",
                "把那个魔法值抽成常量再给我看看",
            ),
            examples_no_match=(
                "为什么这么改？",
                "upgrade jackson to 2.15",
                "把 Swagger 换成 SpringDoc",
                "add a check to the decoder instead",
                "Optional 怎么用？",
            ),
        ),
        IntentRule(
            "patch-question",
            "while a patch is pending: a question about it, or a mention that asks no change",
            intent=IntentType.PATCH_EXPLAIN,
            cue=cues.patch_question,
            with_patch=True,
            decisive=True,
            examples_match=(
                "为什么这么改？",
                "Why did you change the return type?",
                "第 12 行为什么要加锁",
            ),
            examples_no_match=("补丁里别动测试", "What does FindingQueue do?"),
        ),
        IntentRule(
            "patch-words",
            "patch words (the patch, this fix, why did you…) with no patch pending, or a new "
            "patch asked for",
            intent=_AUDIT,
            cue=cues.patch_words,
            decisive=True,
            examples_match=(
                "Explain the patch",
                "解释一下这个补丁",
                "打个补丁吧",
                "give me a patch",
                "你为什么把重试删了？",
                "为啥要改第 12 行？",
                "改完之后缓存还会失效吗",
                "为啥把 HashMap 换成 ConcurrentHashMap 了",
                "点解要咁改",
                "why a new class instead of editing OrderService",
                "为啥不直接用 Caffeine 要自己写缓存",
                "why'd you drop the retry?",
                "这个 change 会影响对账吗",
            ),
            examples_no_match=(
                "为什么 Spring Boot 3 把 javax 换成了 jakarta",
                "为什么要把构造器设成 private",
                "为什么不直接用 synchronized",
                "Why does Spring use proxies instead of modifying the bytecode?",
                "kafka vs rocketmq transactions, what's the diff",
                "Explain the PATCH endpoint",
                "git format-patch 和 git diff 有什么区别",
                "What does FindingQueue do?",
            ),
        ),
        IntentRule(
            "record-of-fixes",
            "a lookup in a record of past fixes (a changelog, release notes): no audit asked",
            intent=None,
            cue=cues.record_of_fixes,
            examples_match=(
                "CHANGELOG 里 3.0 版本修复了哪些 bug",
                "What did release 1.4.2 fix according to the release notes?",
            ),
            examples_no_match=(
                "CHANGELOG 说 2.3.1 修复了 XSS，我们现在的代码还有没有这个漏洞？",
                "你刚才修复了什么？",
            ),
        ),
        IntentRule(
            "audit-verb",
            "an audit verb asked of code (audit, review, scan, 审计, 审一下), not a review that "
            "ends in an explanation of what the code is",
            intent=_AUDIT,
            cue=cues.audit_verb,
            decisive=True,
            examples_match=(
                "帮我审计一下日志模块",
                "帮我 double check 一下 RefundService 的金额校验",
                "帮我过一遍最近改的 CouponHandler",
                "review OrderService and tell me what you think",
                "OrderMapper.xml 审一下",
                "my tech lead asked me to review CouponController before Friday",
            ),
            examples_no_match=(
                "Review settings.gradle and tell me what each module is for",
                "code review 有没有好的模板",
                "review 模块是怎么组织的？",
            ),
        ),
        IntentRule(
            "audit-words",
            "audit words (fix, 修复, 漏洞…) that ask for an audit, not for knowledge or where "
            "the code does it",
            intent=_AUDIT,
            cue=cues.audit_words,
            decisive=True,
            examples_match=(
                "fix it",
                "Fix the NPE in ReviewController",
                "登录接口的越权漏洞修一下",
            ),
            examples_no_match=(
                "什么是 SQL 注入？",
                "How do I fix a ConcurrentModificationException?",
                "Where do we scan the classpath for plugins?",
                "这段提交说明帮我改得地道一点：“fix the duplicate refund bug”",
            ),
        ),
        IntentRule(
            "change-request",
            "a request to change code here or write code for it, whatever its verb; advice "
            "on how to change named code",
            intent=_AUDIT,
            cue=cues.change_request,
            decisive=True,
            examples_match=(
                "把 UserService 里的字段注入改成构造器注入",
                "cap the page size of the order list endpoint at 100",
                "能不能帮我把 OrderService 拆成两个类？",
                "OrderService 怎么重构比较好",
                "把 OrderService 里的 System.out 删了",
                "别动 OrderDTO",
                "行，就按你说的改吧",
                "顺便帮我修了",
                "别用 synchronized 了 还是用 ReentrantLock 吧",
                "我想让你帮我把 OrderHelper 那些 static 方法全改成注入的方式",
                "把 SmsSender 的 retry 逻辑 refactor 一下",
                "不要新建类 直接在原来的方法里改",
                "InvoiceService 那块整得老埋汰了 你给拾掇拾掇",
                "we need a list endpoint in CouponController",
            ),
            examples_no_match=(
                "上面那个例子改成 lambda",
                "不要改代码，只解释一下 OrderTimeOutCancelTask 是干什么的",
                "新增一个接口的话，这个项目里要动哪些地方？我自己来写",
                "我把 CSRF 禁用了",
                "好的，那我先去吃饭了",
                "给 mall-admin 出一个拆分模块的计划，先别动代码",
                "帮我讲讲 OrderService 的调用链，文字版就行",
            ),
        ),
        IntentRule(
            "debug-why-question",
            "a question why code fails (an exception, a timeout, a wrong result): debugging "
            "Q&A, not a hunt for bugs, a fix or a security question",
            intent=_CHAT,
            cue=cues.debug_why,
            examples_match=(
                "Why does InvoiceExporter.render throw an IllegalStateException?",
                "为什么下单接口偶尔会超时？",
                "How come the nightly sync job hangs after midnight?",
                "PayService 为什么老是报空指针",
                "OrderJob 报了个 SQLTransientConnectionException，这个报错具体是啥意思",
                "这个报错是什么原因？",
            ),
            examples_no_match=(
                "OrderServiceImpl 里为什么用 BigDecimal 算金额？",
                "Why does the api module depend on review?",
                "为什么有人不登录也能调用 /admin/users 接口？",
                "find the bugs in OrderService",
                "CrashController 为什么要故意抛异常？",
            ),
        ),
        IntentRule(
            "safety-question",
            "a question whether code here is safe, vulnerable, bypassable, injectable or "
            "guarded (an inspection), not the same words about the Java world",
            intent=_AUDIT,
            cue=cues.safety_question,
            examples_match=(
                "Is the coupon redemption endpoint safe against replay?",
                "Can a logged-out user reach /api/admin/users?",
                "会不会有人伪造支付回调？",
                "导出接口的文件名参数有没有路径穿越的风险？",
                "OrderMapper 的排序字段能被注入吗",
                "Are passwords hashed before they are stored?",
                # An abuse of the application, in its own words (docs/router.md).
                "抽奖接口会不会被黄牛刷爆",
                "商户A能不能通过导出接口看到商户B的账单",
                "报销单能不能自己审批自己的",
                "Could one shop read another shop's invoices through /api/invoice?",
                "What happens if a client posts a negative amount to /wallet/topup?",
                "ImportController 传个 ../../ 开头的文件名会怎么样",
                "BillMapper 的排序字段是直接拼的前端传的参数 稳不稳",
                "WalletService 两个线程同时扣余额会不会变负数",
                "积分兑换连点两下会不会兑两次",
                "用的 fastjson 1.2.47 有没有事",
                "商户能不能看到别的商户的核销数据",
                "支付回调接口防不防重放 帮我查查",
                "OrderStateMachine - can a client force a transition from CLOSED back to PAID?",
                "can a user unbind someone else's card",
                "can you verify that one shop can never see another shop's orders?",
            ),
            examples_no_match=(
                "What happens if you pass a negative number to Math.sqrt?",
                "线程 A 能看到线程 B 的修改吗",
                "ThreadLocal 会不会被别的线程的值覆盖",
                "Is it possible to read another user's environment variables in Java?",
                "暴力破解一般怎么防",
                "fastjson 1.2.47 有哪些已知漏洞",
                "Is JWT safe?",
                "什么是 SQL 注入？",
                "MyBatis 的 ${} 为什么有注入风险",
                "How does Spring Security protect against CSRF in general?",
            ),
        ),
        IntentRule(
            "problem-in-code",
            "a problem (a bug, a leak, a race, a missing check, a worry) asked about this code",
            intent=_AUDIT,
            cue=cues.problem_in_code,
            examples_match=(
                "find the bugs in OrderService",
                "Is FindingQueue thread-safe?",
                "UserContext 的 ThreadLocal 没 remove，会不会串号？",
                "RetryTemplate in SmsSender feels off to me, take a look",
                "高峰期几百个请求同时进来 SeatCache 扛得住吗",
                "TenantContextHolder 用的 ThreadLocal，异步线程里会不会串租户",
                "幫我看一下 PriceCalculator 的權重計算是不是寫錯了",
                "ComboAggregator 内存会不会爆",
                "can TicketSplitter handle 50k qps",
            ),
            examples_no_match=(
                "Is HashMap thread-safe?",
                "NPE 一般是什么原因导致的",
                "What does FindingQueue do?",
            ),
        ),
        IntentRule(
            "looks-for-something",
            "an inspection that looks for something or verifies a condition of this code, not "
            "one that looks something up",
            intent=_AUDIT,
            cue=cues.looks_for_something,
            examples_match=(
                "check the upload handler for path traversal",
                "检查一下 OrderService 有没有把 debug 打开",
                "检查一下所有 Controller 有没有加鉴权注解",
            ),
            examples_no_match=(
                "check which Spring Boot version we use",
                "检查一下 OrderService 依赖了些啥",
            ),
        ),
        IntentRule(
            "judges-code",
            "a judgement asked of code here, or a complaint about it",
            intent=_AUDIT,
            cue=cues.judges_code,
            examples_match=(
                "OrderService 这样写合理吗",
                "OrderController 的 create 方法太长了",
                "The retry loop in SmsSender is way too long",
                "is our OrderConsumer ok with manual acks turned off?",
                "OrderService 里 @Transactional 加在 private 方法上了 这样会生效吗",
            ),
            examples_no_match=(
                "Is spring.jpa.open-in-view=true fine in general?",
                "Kotlin 的协程也太难学了吧",
                "这个方法太绕了，给我讲讲它在干嘛",
                "What does OrderService do?",
            ),
        ),
        IntentRule(
            "wish-about-answers",
            "a wish about the answers that asks for nothing",
            intent=_CHAT,
            cue=cues.wish_about_answers,
            decisive=True,
            examples_match=(
                "以后涉及命令行的地方都给两个版本",
                "From now on I prefer answers in English",
            ),
            examples_no_match=("What does ReviewService do?", "这个接口以后还会变吗？"),
        ),
        IntentRule(
            "path-in-question",
            "a path or a file of this repository",
            intent=_EXPLAIN,
            cue=cues.path_in_question,
            examples_match=(
                "What does @review/pom.xml declare?",
                "src/main/resources 下面都有什么",
            ),
            examples_no_match=("What is a HashMap?", "I/O 和 NIO 有什么区别"),
        ),
        IntentRule(
            "names-this-code",
            "a name of this repository: a class, a package, a module, this project, we/our",
            intent=_EXPLAIN,
            cue=cues.names_this_code,
            examples_match=(
                "What does ReviewService do?",
                "mall-admin 怎么登录？",
                "我们线上用的是哪个 Kafka 集群",
            ),
            examples_no_match=("What is a HashMap?", "Optional 怎么用？"),
        ),
        IntentRule(
            "follow-up",
            "a follow-up or thanks with nothing firm of this repository",
            intent=_CHAT,
            cue=cues.follow_up,
            decisive=True,
            examples_match=("能再举个这里的例子吗", "那这里呢？"),
            examples_no_match=("What does ReviewService do?", "这里的 catch 是干嘛的"),
        ),
        IntentRule(
            "domain-question",
            "a question about this application's own domain nouns",
            intent=_EXPLAIN,
            cue=cues.domain_question,
            examples_match=("优惠券过期之后会怎样处理",),
            examples_no_match=("Optional 怎么用？", "这里的 catch 是干嘛的"),
        ),
        IntentRule(
            "code-here",
            "a part, a fact or a piece of code of this repository",
            intent=_EXPLAIN,
            cue=cues.code_here,
            examples_match=("这里的 catch 是干嘛的", "the login endpoint returns what?"),
            examples_no_match=("Optional 怎么用？", "What is a HashMap?"),
        ),
    ],
)


# --- readings: which part of a message is read --------------------------------------------

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
    # to be remembered: "请记住我更喜欢看 diff 格式的代码改动" (a liking alone may ask for
    # now: "我希望能加个缓存，帮我写一下", "I prefer the second option — go ahead")
    r"|记住|\bremember\b"
    r"|\b(?:from now on|going forward|in (?:the )?future|always|never|every time|by default"
    r"|no longer|any ?more|stop \w+ing)\b"
)


# The message says its question is general, not about this code: "不用看我们代码，讲讲通用的
# 就行", "纯理论地问一下", "General question, nothing to do with our code:", "问个算法题：".
_SAID_GENERAL_RE = rx(
    r"不用看(?:我们的?|咱们的?)?代码|不(?:针对|涉及)(?:我们的?|咱们的?)?(?:项目|代码|具体代码)"
    r"|纯理论|讲讲?通用的|问个算法题|算法题[：:]"
    r"|\b(?:nothing to do with|not about|unrelated to|independent of) (?:our|the|this) "
    r"(?:code|project|repo|codebase)\b|\b(?:general|algorithm|theory) question\s*[:：]"
    r"|\b(?:no need to|don'?t) look at (?:our|the) code\b"
)


def _says_it_is_general(text: str) -> bool:
    return _SAID_GENERAL_RE.search(normalize_text(text)) is not None


def _added_information(text: str) -> bool:
    return _ADDING_LEAD_RE.match(text) is not None


def _turned_away(text: str, names: Sequence[str] = (), *, set_aside: bool) -> bool:
    tail = _final_request(text, names)
    turn = last_turn(text)
    return tail is not text and turn is not None and turn[2] is set_aside


def _only_a_standing_wish(text: str, names: Sequence[str] = ()) -> bool:
    """``text`` is a standing rule or cancel about the answers and nothing else ("请以后先给
    结论", "Stop suggesting Lombok, we don't use it anymore"): the memory's own directive
    grammar decides what a rule is, so a wish that merely sounds like a change request is
    remembered, not gated. What is left once its clauses are removed must ask for no
    audit ("修一下 X 的空指针，以后别再写这种代码" stays an audit)."""
    # The directive grammar loads here, for a message that would stay outside memory: a
    # question routed to memory (most of them, and every `context`) never pays for it.
    from autopatch_memory import DirectiveKind, directives_in

    wishes = [
        d
        for d in directives_in(text)
        if d.kind in (DirectiveKind.RULE, DirectiveKind.CANCEL)
        and _STANDING_MARKER_RE.search(normalize_text(d.clause))
    ]
    if not wishes:
        return False
    # A class of this repository named in the wish makes it a change of that code with a
    # marker of when ("Make ApprovalNodeExecutor emit an event every time…", "帮我看看
    # RfqBidEvaluator…每次刷新顺序都不一样"): a wish about the answers that names a class
    # ("以后 OrderService 相关的回答都先给结论") is chosen before any audit rule.
    if any(read(wish.clause, names=names).identifiers for wish in wishes):
        return False
    rest = text
    for wish in wishes:
        rest = rest.replace(wish.clause, " ")
    found = _decide(read(rest, names=names), patch_pending=False)
    return found is None or memory_access(found[0].intent or _CHAT).reads


READING_RULES: Registry[FunctionRule] = Registry(
    "intent-readings",
    [
        FunctionRule(
            "added-information",
            "a lead-in that announces added information (补充一下：…): its verb asks nothing",
            test=_added_information,
            examples_match=(
                "补充一下：我们的 api 模块只部署在内网。",
                "补充：数据库用的是 MySQL 8",
            ),
            examples_no_match=("补充一下测试用例", "帮我补充一下注释"),
        ),
        FunctionRule(
            "turn-to-another-question",
            "after a remark, a turn to another question (顺便问一下, by the way): what follows "
            "is read, unless the part before asks for something or looks for a problem",
            test=lambda text: _turned_away(text, set_aside=False),
            examples_match=(
                "我们项目用了 MyBatis。顺便问一下，一级缓存什么时候失效？",
                "We use Flyway. By the way, how does Flyway handle checksums in general?",
            ),
            examples_no_match=(
                "帮我修一下 PayService 的空指针。顺便问一下，Optional 怎么用？",
                "Optional 怎么用？",
            ),
        ),
        FunctionRule(
            "set-aside",
            "a concern or the pending patch set aside (先不管这个, 补丁先放着): what "
            "follows is read",
            test=lambda text: _turned_away(text, set_aside=True),
            examples_match=(
                "RefundService 看着有点乱，先不说这个，你先讲讲退款流程是怎么走的",
                "补丁先放一放，LoginFilter 是干什么用的？",
                "上周出过一次丢单问题（已经修好了，不用再看），我想知道 OrderSyncJob 是怎么调度的",
            ),
            examples_no_match=("补丁先放着", "LoginFilter 是干什么用的？"),
        ),
        FunctionRule(
            "said-to-be-general",
            "the message says its question is general, not about this code (不用看我们代码,"
            " 纯理论, 'nothing to do with our code', 'Algorithm question:'): general chat, unless"
            " a patch awaits confirmation",
            test=_says_it_is_general,
            examples_match=(
                "我们 FareCalculator 用的 double，一般来说金额用 BigDecimal 有啥坑？不用看我们代码",
                "General question, nothing to do with our code: what is a phantom read?",
                "问个算法题：区间合并怎么写最快",
            ),
            examples_no_match=(
                "FareCalculator 用 double 算金额有没有问题",
                "What is a phantom read?",
            ),
        ),
        FunctionRule(
            "standing-wish",
            "only a standing wish about the answers (以后…, from now on, stop …ing) that sounds "
            "like a change: remembered, not gated",
            test=_only_a_standing_wish,
            examples_match=("请以后先给结论", "Stop suggesting Lombok, we don't use it anymore"),
            examples_no_match=(
                "修一下 OrderService 的空指针，以后别再写这种代码",
                "delete the mall-demo module",
                "Make InvoiceExporter write an audit line every time an invoice is voided",
                "帮我看看 CouponAllocator 的分配逻辑，每次刷新结果都不一样",
            ),
        ),
    ],
)
_STANDING_WISH = READING_RULES.get("standing-wish")
_SAID_TO_BE_GENERAL = READING_RULES.get("said-to-be-general")


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


# --- deciding ---------------------------------------------------------------------------


def _decide(reading: MessageReading, *, patch_pending: bool) -> tuple[IntentRule, list[str]] | None:
    """The first rule that decides on ``reading``, with its words (``None``: no rule)."""
    audit_cleared = False
    for rule in INTENT_RULES:
        if rule.with_patch and not patch_pending:
            continue
        if audit_cleared and rule.intent is not None and not memory_access(rule.intent).reads:
            continue
        words = rule.cue(reading)
        if words is None:
            continue
        if rule.intent is None:
            audit_cleared = True
            continue
        return rule, words
    return None


def _unique(words: Sequence[str]) -> list[str]:
    seen: dict[str, str] = {}
    for word in words:
        seen.setdefault(word.lower(), word)  # "ReviewController" once, as written
    return list(seen.values())


@overload
def classify(
    text: str,
    *,
    patch_pending: bool = ...,
    names: Sequence[str] = ...,
    explain: Literal[False] = ...,
) -> Classification: ...


@overload
def classify(
    text: str, *, patch_pending: bool = ..., names: Sequence[str] = ..., explain: bool
) -> Classification: ...


def classify(
    text: str, *, patch_pending: bool = False, names: Sequence[str] = (), explain: bool = False
) -> Classification:
    """Choose the intent of ``text`` by the rules of :data:`INTENT_RULES`, in order.

    ``patch_pending``: a patch awaits the user's confirmation, so "explain/revise
    the patch" mean that patch; without one, patch words stay outside memory
    (``code_audit``). ``names``: the repository's own names (project and module
    names from its profile), which make a question about this repository.
    ``explain``: also list in ``fired`` every rule of the registry that fires on the
    message read (for tests and diagnostics; the reason shown uses ``rule_ids``).
    """
    via: list[str] = []
    read_text = text
    if _ADDING_LEAD_RE.match(read_text):
        # "补充一下：…" adds information; without its colon it is a request ("补充一下测试用例").
        read_text = _ADDING_LEAD_RE.sub("", read_text, count=1)
        via.append("added-information")
    tail = _final_request(read_text, names)
    if tail is not read_text:
        turn = last_turn(read_text)
        via.append("set-aside" if turn is not None and turn[2] else "turn-to-another-question")
        read_text = tail
    reading = read(read_text, names=names)
    fired = _fired(reading, patch_pending) if explain else ()
    if not patch_pending and _says_it_is_general(read_text):
        return Classification(
            intent=_CHAT, rule_ids=(*via, _SAID_TO_BE_GENERAL.id), fired=fired, text=read_text
        )
    found = _decide(reading, patch_pending=patch_pending)
    if found is None:
        return Classification(intent=_CHAT, rule_ids=(*via, DEFAULT), fired=fired, text=read_text)
    rule, words = found
    intent = rule.intent or _CHAT
    ids = (*via, rule.id)
    # "以后给我补丁的时候先用一句话说明改了什么": a wish about patches to come.
    if not memory_access(intent).reads and _only_a_standing_wish(read_text, names):
        intent, ids = _CHAT, (*ids, _STANDING_WISH.id)
    return Classification(
        intent=intent, rule_ids=ids, matched=_unique(words), fired=fired, text=read_text
    )


def _fired(reading: MessageReading, patch_pending: bool) -> tuple[str, ...]:
    return tuple(
        rule.id
        for rule in INTENT_RULES
        if (patch_pending or not rule.with_patch) and rule.cue(reading) is not None
    )


def decisive(classification: Classification) -> bool:
    """The rules' choice is plain: forced, or made by a rule marked ``decisive`` (the
    configured model is not asked, :mod:`.model`)."""
    if classification.rule_ids == (FORCED,):
        return True
    ids = set(classification.rule_ids)
    if _STANDING_WISH.id in ids:
        return True
    return any(rule.decisive and rule.id in ids for rule in INTENT_RULES)


def forced(intent: IntentType) -> Classification:
    """The classification of an intent the user chose explicitly."""
    return Classification(intent=intent, rule_ids=(FORCED,))


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
