"""The CLI's rule-based bilingual intent router, measured on labelled sets.

Sets: every file of ``tests/data/router/`` (see its README): ``cases`` and ``held_out`` are
the router's own labelled questions, every other set was written blind, by someone who
never saw the rules. The bar, on every set: at least 95% of all (question, pending-patch)
pairs right, and not one audit or patch request routed to a memory intent — that would
break the isolation of the audit and patch flows. ``pytest -s`` prints the per-intent
table of every set. A blind set whose classes are not all fixed yet keeps its own
accuracy bar, and a set measured at a round's end its leak allowance (both may only go
up, or down, as its classes are fixed). A sealed set (``sealed*.jsonl``) is measured and its table printed,
but held to no bar and never looked into: its cases carry the ``sealed`` marker.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from autopatch_memory_cli.classify import DEFAULT, FORCED, choose, classify, forced, mentioned_paths
from autopatch_memory_cli.classify.clauses import zh_first_verb, zh_statement_changes
from autopatch_memory_cli.classify.reader import read
from corpora import RouterCase, is_sealed, router_cases, splits

from autopatch_memory.intents import IntentType, memory_access

ACCURACY_BAR = 0.95
# A blind set whose misses are not all fixed yet keeps its own accuracy bar (its leaks to
# memory are fixed first: the isolation bar holds on every set). probe_k: first 89.6%.
ACCURACY_BARS = {
    "probe_k": 0.92,
    "probe_l": 0.90,
    "probe_m": 0.90,
    "probe_n": 0.91,
    "probe_o": 0.93,
    "probe_p": 0.84,
    "probe_t": 0.91,
    "probe_y": 0.89,
}
# A blind set measured at the end of a round, its classes not all fixed yet, keeps the
# number of audit or patch rows it still routes to memory (tests/data/router/README.md):
# the next round's work; an allowance may only go down.
LEAK_ALLOWANCES = {"probe_p": 6, "probe_y": 1}
# …and the share of memory rows it sends to audit.
MEMORY_TO_AUDIT_ALLOWANCES = {"probe_p": 0.11, "probe_t": 0.07, "probe_y": 0.10}
# A question kept outside memory only loses context, but it should stay rare.
MEMORY_TO_AUDIT_BAR = 0.02
CJK = re.compile(r"[\u4e00-\u9fff]")
LATIN = re.compile(r"[A-Za-z]{3,}")
AUDIT = IntentType.CODE_AUDIT
EXPLAIN = IntentType.CODE_EXPLAIN
CHAT = IntentType.GENERAL_CHAT
P_EXPLAIN = IntentType.PATCH_EXPLAIN
P_REVISE = IntentType.PATCH_REVISE

SETS = splits("router")
OWN_SETS = ("cases", "held_out")  # written with the rules, tuned on round by round
BLIND_SETS = [name for name in SETS if name not in OWN_SETS and not is_sealed(name)]
CASES, HELD_OUT = router_cases("cases"), router_cases("held_out")
# Rows of a blind set whose label the specification decides otherwise, each with its
# reason (tests/data/router/README.md, "Disputed labels"): measured, held to no bar.
DISPUTES = json.loads((Path(__file__).parents[1] / "data/router/disputes.json").read_text("utf-8"))

Row = tuple[str, bool, IntentType, IntentType]  # question, patch pending, expected, got


def each_set() -> list[Any]:
    """Every set, a sealed one with the ``sealed`` marker."""
    return [
        pytest.param(name, marks=pytest.mark.sealed) if is_sealed(name) else name for name in SETS
    ]


def evaluations(cases: Sequence[RouterCase]) -> list[Row]:
    """(question, patch pending, expected, got) for every case in both situations."""
    found = []
    for question, without, with_patch in cases:
        for pending, expected in ((False, without), (True, with_patch)):
            got = classify(question, patch_pending=pending).intent
            found.append((question, pending, expected, got))
    return found


def undisputed(name: str, rows: list[Row]) -> list[Row]:
    """``rows`` without the disputed rows of set ``name``."""
    disputed = {(d["text"], d["patch_pending"]) for d in DISPUTES if d["split"] == name}
    return [row for row in rows if (row[0], row[1]) not in disputed]


def table(rows: list[Row]) -> str:
    """Per-intent accuracy, one line per expected intent, and the overall share."""
    total, right = Counter[IntentType](), Counter[IntentType]()
    for _q, _pending, expected, got in rows:
        total[expected] += 1
        right[expected] += expected is got
    lines = [f"{'intent':<15}{'right':>7}{'of':>6}{'accuracy':>10}"]
    for intent in IntentType:
        if total[intent]:
            share = right[intent] / total[intent]
            lines.append(f"{intent.value:<15}{right[intent]:>7}{total[intent]:>6}{share:>10.1%}")
    overall = sum(right.values()) / sum(total.values())
    lines.append(f"{'overall':<15}{sum(right.values()):>7}{sum(total.values()):>6}{overall:>10.1%}")
    return "\n".join(lines)


def leaks(rows: list[Row]) -> list[tuple[str, bool, str, str]]:
    """Audit or patch requests routed to an intent that reads memory."""
    return [
        (q, pending, expected.value, got.value)
        for q, pending, expected, got in rows
        if not memory_access(expected).reads and memory_access(got).reads
    ]


def test_the_labelled_sets_are_big_bilingual_and_cover_every_intent() -> None:
    assert len(BLIND_SETS) >= 2
    every: list[str] = []
    for name in ["cases+held_out", *BLIND_SETS]:
        cases = CASES + HELD_OUT if name == "cases+held_out" else router_cases(name)
        questions = [q for q, _, _ in cases]
        assert len(set(questions)) == len(questions) >= 300, name
        assert {a for _, a, _ in cases} == {AUDIT, EXPLAIN, CHAT}, name
        assert {b for _, _, b in cases} == set(IntentType), name
        assert sum(1 for _, a, b in cases if a is not b) >= 30, name  # patch questions
        every += questions
    # Each blind set has a style of its own (one mostly Chinese, one mostly English);
    # together, and in the router's own set, both languages and their mix are plenty.
    for questions in (every, [q for q, _, _ in CASES + HELD_OUT]):
        chinese = [q for q in questions if CJK.search(q)]
        english = [q for q in questions if not CJK.search(q)]
        mixed = [q for q in chinese if LATIN.search(q)]
        assert len(chinese) >= 300 and len(english) >= 300 and len(mixed) >= 100


@pytest.mark.parametrize("name", each_set())
def test_accuracy_and_isolation(name: str) -> None:
    rows = evaluations(router_cases(name))
    report = table(rows)
    print(f"\n{name}\n{report}")
    if is_sealed(name):
        print(f"audit or patch requests routed to memory: {len(leaks(rows))}")
        return  # reported above, in aggregate; a sealed set is held to no bar
    rows = undisputed(name, rows)
    assert len(leaks(rows)) <= LEAK_ALLOWANCES.get(name, 0), f"{report}\n{leaks(rows)}"
    wrong = [(q, p, e.value, g.value) for q, p, e, g in rows if e is not g]
    assert 1 - len(wrong) / len(rows) >= ACCURACY_BARS.get(name, ACCURACY_BAR), f"{report}\n{wrong}"


@pytest.mark.parametrize("dispute", DISPUTES, ids=lambda d: f"{d['split']}:{d['text'][:24]}")
def test_a_disputed_label_is_in_its_set_and_routed_as_the_dispute_says(
    dispute: dict[str, Any],
) -> None:
    """A dispute names a real row and the route the specification gives it; one the router
    no longer makes, or a row that is gone, fails here (the dispute is stale)."""
    assert not is_sealed(dispute["split"]) and dispute["reason"]
    cases = {case.text: case for case in router_cases(dispute["split"])}
    case = cases[dispute["text"]]
    label = case.intent_with_patch if dispute["patch_pending"] else case.intent
    assert label.value == dispute["label"] != dispute["routed"]
    got = classify(dispute["text"], patch_pending=dispute["patch_pending"]).intent
    assert got.value == dispute["routed"]


@pytest.mark.parametrize("name", each_set())
def test_memory_questions_sent_to_audit_are_few(name: str) -> None:
    """The other direction costs only context; it is counted, and kept rare."""
    rows = undisputed(name, evaluations(router_cases(name)))
    memory_rows = [r for r in rows if memory_access(r[2]).reads]
    memory_to_audit = [q for q, _p, _e, got in memory_rows if not memory_access(got).reads]
    if is_sealed(name):
        print(f"\n{name}: {len(memory_to_audit)} of {len(memory_rows)} memory rows sent to audit")
        return  # a sealed set is held to no bar
    bar = MEMORY_TO_AUDIT_ALLOWANCES.get(name, MEMORY_TO_AUDIT_BAR)
    assert len(memory_to_audit) <= bar * len(memory_rows), memory_to_audit


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # Questions about this repository get the repo profile (code_explain).
        ("What Java version do we need?", EXPLAIN),
        ("Which database does mall use?", EXPLAIN),
        ("mall-admin 怎么登录？", EXPLAIN),
        # Neither is an audit: looking at dependencies, the HTTP PATCH method.
        ("检查一下这个项目的依赖", EXPLAIN),
        ("Explain the PATCH endpoint", EXPLAIN),
        ("What is the difference between PUT and PATCH?", CHAT),
        # A patch word without a pending patch stays outside memory.
        ("Explain the patch", AUDIT),
        ("解释一下这个补丁", AUDIT),
    ],
)
def test_the_examples_of_the_issue(question: str, expected: IntentType) -> None:
    assert classify(question).intent is expected


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # A request is found by its form and its verb, however politely it is put.
        ("能不能帮我把 OrderService 拆成两个类？", AUDIT),
        ("麻烦帮忙看下 CartController 有没有并发问题", AUDIT),
        ("Would you mind tightening the CORS config?", AUDIT),
        ("OrderService 里的 if-else 太多了，能不能优化一下", AUDIT),
        ("JwtTokenUtil 的 secret 写死在配置里了，帮我改成从环境变量读", AUDIT),
        ("有 ${} 的地方吗？有的话改成 #{}", AUDIT),
        # A verb the lists do not hold still acts on code.
        ("cap the page size of the order list endpoint at 100", AUDIT),
        # A negated change with an explanation asked for is a question.
        ("不要改代码，只解释一下 OrderTimeOutCancelTask 是干什么的", EXPLAIN),
        ("don't change anything, just tell me where the JWT secret is read", EXPLAIN),
        # The user's own plan is no request to us.
        ("新增一个接口的话，这个项目里要动哪些地方？我自己来写", EXPLAIN),
        # Asking whether it can be deleted is a question; asking to delete it is not.
        ("mall-demo 模块是干嘛用的，可以删吗", EXPLAIN),
        ("帮我把 mall-demo 模块删了", AUDIT),
        # "补充一下：" announces information; "补充一下测试用例" asks for tests.
        ("补充一下：我们的 api 模块只部署在内网。", EXPLAIN),
        ("补充：数据库用的是 MySQL 8", EXPLAIN),
        ("另外补充一点，review 模块也会调用 PatchPlanner", EXPLAIN),
        ("补充一下：给 OrderService 加上判空", AUDIT),
        ("补充一下测试用例", AUDIT),
    ],
)
def test_requests_are_read_by_form_politeness_and_negation(
    question: str, expected: IntentType
) -> None:
    assert classify(question).intent is expected


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # No spaces between Chinese and English, full-width punctuation, typos.
        ("看下mall-admin的登录接口在哪个controller", EXPLAIN),
        ("帮我把mall-portal里所有的System.out都删了", AUDIT),
        ("ＵｍｓＡｄｍｉｎＣｏｎｔｒｏｌｌｅｒ 是干嘛的？", EXPLAIN),
        ("商品搜索走的是 Elasticsearh 吗", EXPLAIN),
        ("Elasticsearh 的倒排索引是啥", CHAT),
        # "bug" is not in "debug", "review" is not a request in "review 模块".
        ("idea 里怎么远程 debug 一个 jar", CHAT),
        ("review 模块是怎么组织的？", EXPLAIN),
        # Words of the Java world asked about in general are knowledge.
        ("HashMap 为什么线程不安全", CHAT),
        ("Is HashMap thread-safe?", CHAT),
        ("Is FindingQueue thread-safe?", AUDIT),
    ],
)
def test_mixed_text_is_tokenized_robustly(question: str, expected: IntentType) -> None:
    assert classify(question).intent is expected


def test_patch_intents_only_while_a_patch_is_pending() -> None:
    for question, _, _ in CASES + HELD_OUT:
        assert classify(question).intent not in {P_EXPLAIN, P_REVISE}
    assert classify("Revise the patch", patch_pending=True).intent is P_REVISE
    assert classify("Why this change?", patch_pending=True).intent is P_EXPLAIN
    # A new subject while a patch is pending is a new audit, not the patch's revision.
    assert classify("upgrade jackson to 2.15", patch_pending=True).intent is AUDIT
    assert classify("换成 switch 写法", patch_pending=True).intent is P_REVISE


def test_the_repository_names_from_the_profile_count() -> None:
    # "mallard" is no word the rules know: only the profile says it is this project.
    question = "Is mallard compatible with Java 21?"
    assert classify(question).intent is CHAT
    assert classify(question, names=["mallard", "mallard-search"]).intent is EXPLAIN
    # A common word that happens to be a module name is not a pointer by itself.
    assert classify("Can you give an example of that?", names=["example"]).intent is CHAT


def test_a_pasted_stack_trace_is_read_by_its_question() -> None:
    frames = "\n".join(
        f"\tat com.example.review.FindingQueue.next(FindingQueue.java:{n})" for n in range(60)
    )
    trace = f"java.lang.NullPointerException: finding\n{frames}\n"
    assert classify(trace + "这个报错是什么原因？").intent is CHAT
    assert classify(trace + "帮我修复这个空指针").intent is AUDIT
    # A paste of any size is classified (head and tail), not scanned in full.
    assert classify("x = 1;\n" * 50_000 + "What does FindingQueue do?").intent is EXPLAIN


@pytest.mark.parametrize(
    "hostile",
    ["把" * 5000, "a-" * 3000, "OrderService " * 600, "'a" * 3000, "吗？" * 3000, "@x " * 2000,
     "is a b or c " * 500, "catch " * 1000, "\x00\u200b\ufeff" * 100, ""],
)  # fmt: skip
def test_any_text_gets_an_intent(hostile: str) -> None:
    """Repetitive, huge, odd or empty input is read like any question (bounded, no error)."""
    for pending in (False, True):
        result = classify(hostile, patch_pending=pending)
        assert result.intent in set(IntentType)
        assert result.explanation


def test_the_result_says_why() -> None:
    result = classify("Fix the NPE in ReviewController")
    assert result.rule == "audit-words"
    assert result.matched == ["fix"]
    assert result.explanation == 'audit-words "fix"'
    change = classify("把 UserService 里的字段注入改成构造器注入")
    assert change.rule == "change-request" and "改成" in change.matched
    explain = classify("What does ReviewService do?")
    assert explain.rule == "names-this-code" and explain.matched == ["ReviewService"]
    assert classify("Optional 怎么用？").rule == DEFAULT
    assert forced(P_REVISE).intent is P_REVISE
    assert forced(P_REVISE).explanation == "chosen by you"
    assert choose("Optional 怎么用？", IntentType.CODE_AUDIT).rule == FORCED


def test_mentioned_paths() -> None:
    text = "看看 @review 和 @api/pom.xml，还有 @Data 注解，mail me@example.com"
    assert mentioned_paths(text) == ["review", "api/pom.xml"]
    assert mentioned_paths("@src/Foo.java, @src/Foo.java.") == ["src/Foo.java"]


@pytest.mark.parametrize(
    "wish",
    [
        "请以后先给结论",
        "Stop suggesting Lombok, we don't use it anymore",
        "以后所有示例都改成用构造器注入",
        "From now on, change your examples to use records instead of Lombok @Data",
        "以后别再把整个类贴出来，给改动的方法就行",
        "Going forward, never add explanations to the code you give me",
    ],
)
def test_a_standing_wish_that_sounds_like_a_change_is_remembered_not_gated(wish: str) -> None:
    # The memory's own directive grammar says it is a rule about the answers: gating it
    # as an audit would lose the rule. Any intent that records the turn keeps it.
    assert memory_access(classify(wish).intent).writes


@pytest.mark.parametrize(
    "request_",
    [
        "修一下 OrderService 的空指针，以后别再写这种代码",
        "Fix the NPE in OrderService, and from now on always check for null",
        "delete the mall-demo module",
        "Remove the unused imports in the api module",
    ],
)
def test_a_request_to_act_now_stays_an_audit_beside_a_wish(request_: str) -> None:
    assert classify(request_).intent is IntentType.CODE_AUDIT


# A verb said twice: each occurrence is judged where it stands. The first one here is
# done ("删掉了吗"), a noun ("检查型异常") or a state ("迁移完成"); the second one asks.
@pytest.mark.parametrize(
    ("text", "verb"),
    [("日志删掉了吗，没用的配置也删掉", "删掉"), ("迁移完成了，下一个模块也迁移", "迁移")],
)
def test_a_change_verb_said_twice_is_read_where_it_asks(text: str, verb: str) -> None:
    assert [request.verb for request in zh_statement_changes(text)] == [verb]


def test_a_verb_after_the_same_word_as_a_noun_is_a_verb() -> None:
    request = zh_first_verb("检查型异常那块，帮我检查一下", head=True)
    assert request is not None and request.verb == "检查"


# A negation limits the verb right after it (再 may stand between), not a later
# occurrence of the same verb.
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("不要删掉日志要删掉配置", [(2, True), (7, False)]),
        ("千万别再删掉日志要删掉配置", [(4, True), (9, False)]),
        ("不要再删掉日志", [(3, True)]),
    ],
)
def test_a_negation_limits_only_the_verb_it_stands_before(
    text: str, expected: list[tuple[int, bool]]
) -> None:
    seen = {(r.start, r.negative) for r in read(text).requests if r.verb == "删掉"}
    assert sorted(seen) == expected


# --- Round D: classes of the misses of blind set D (wordings of our own) ----------------
@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # A complaint about named code asks to have it judged.
        ("PaymentCallbackHandler.handle 这个方法也太乱了吧", AUDIT),
        ("@src/main/java/com/shop/cart/CartMerger.java 这段 switch 嵌套看着头疼", AUDIT),
        ("InvoiceService 里这个变量名 tmp3 什么鬼", AUDIT),
        ("The retry loop in SmsSender is way too long", AUDIT),
        ("CouponMapper.xml is a nightmare to read", AUDIT),
        ("OrderController 的 create 方法太长了", AUDIT),
        # …but a complaint about the Java world is chat, and one that asks to be told what
        # the code does is an explanation.
        ("Kotlin 的协程也太难学了吧", CHAT),
        ("这个方法太绕了，给我讲讲它在干嘛", EXPLAIN),
        # Problems said in other words: saturation, data crossing threads, a swallowed error.
        ("StockSyncJob 的 while 循环没有退出条件，CPU 会跑满吧", AUDIT),
        ("UserContext 的 ThreadLocal 没 remove，会不会串号？", AUDIT),
        ("ReportExporter 里 catch 住异常什么也不干", AUDIT),
        # 把 X <any verb> 到/成 Y is a change.
        ("把各个 Controller 里重复的参数校验收拢到一个切面", AUDIT),
    ],
)
def test_a_complaint_or_a_problem_about_code_here_is_an_audit(
    question: str, expected: IntentType
) -> None:
    assert classify(question).intent is expected


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # A limit beside a request with a subject of its own is a new audit…
        ("先不要改，帮我 review 一下 ShipmentTracker 有没有并发问题", AUDIT),
        ("Don't modify anything for now; scan InvoicePdfRenderer for XXE", AUDIT),
        ("别动现有接口，只把 t_refund 的状态机补全", AUDIT),
        # …a bare limit revises the pending patch.
        ("不要改接口，只改实现", P_REVISE),
        ("don't touch the tests, just fix the NPE", P_REVISE),
        # A line of a named file is that file's, a bare line is the patch's.
        ("CartService 第 88 行 quantity 可能为负数，没有校验", AUDIT),
        ("line 57 of PriceCalculator divides by zero when the cart is empty", AUDIT),
        ("第 12 行为什么要加锁", P_EXPLAIN),
        # The places still to change are not the patch's changes.
        ("把 billing 模块从 JUnit 4 升到 JUnit 5，需要改的地方都改掉", AUDIT),
        # "Patch looks big": a noun before a verb, not the verb "patch".
        ("Patch is hard to follow. Walk me through it.", P_EXPLAIN),
        # A change measured in lines revises the patch, though it explains why.
        ("补丁里能不能删两行没用的日志", P_REVISE),
        ("可以在补丁里加几行注释解释一下为什么这样判断吗", P_REVISE),
        # A limit on the answers' form is no revision.
        ("不要用 emoji", CHAT),
    ],
)
def test_with_a_patch_pending_a_request_of_its_own_is_a_new_audit(
    question: str, expected: IntentType
) -> None:
    assert classify(question, patch_pending=True).intent is expected


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # A record of past fixes is read, not audited.
        ("CHANGELOG 里 3.0 版本修复了哪些 bug", EXPLAIN),
        ("Which bugs were fixed in 2.0 according to CHANGELOG.md?", EXPLAIN),
        ("What did release 1.4.2 fix according to the release notes?", EXPLAIN),
        ("CHANGELOG 说 2.3.1 修复了 XSS，我们现在的代码还有没有这个漏洞？", AUDIT),
        ("你刚才修复了什么？", AUDIT),
        # Audit words that name a thing of the code.
        ("操作审计的切面 OperationAuditAspect 记录了哪些字段", EXPLAIN),
        ("审计日志表 t_audit_log 保存多久", EXPLAIN),
        ("What does our audit log table store?", EXPLAIN),
        ("帮我审计一下日志模块", AUDIT),
        # A review that ends in an explanation of what the code is, nothing judged.
        ("帮我 review 一下 docker-compose.yml，说说每个服务是干嘛的", EXPLAIN),
        ("Review settings.gradle and tell me what each module is for", EXPLAIN),
        ("review 一下 PayService，说说有什么问题", AUDIT),
        ("review OrderService and tell me what you think", AUDIT),
    ],
)
def test_audit_words_that_ask_for_no_audit(question: str, expected: IntentType) -> None:
    assert classify(question).intent is expected


@pytest.mark.parametrize(
    ("question", "pending", "expected"),
    [
        # After a remark, the question the user turns to decides…
        ("我们的网关用了 Sentinel。顺便问一下，Sentinel 的滑动窗口是怎么统计的？", False, CHAT),
        (
            "We use Flyway for migrations. By the way, how does Flyway handle checksums in "
            "general?",
            False,
            CHAT,
        ),
        ("补丁我已经合进去了。另外问一下，record 类能继承别的类吗？", True, CHAT),
        # …and so does what follows a concern set aside.
        (
            "RefundService 看着有点乱，可能有坑，先不说这个，你先讲讲退款流程是怎么走的",
            False,
            EXPLAIN,
        ),
        # A first part that asks for something, or looks for a problem, keeps the whole.
        ("帮我修一下 PayService 的空指针。顺便问一下，Optional 怎么用？", False, AUDIT),
        ("PayService 有没有线程安全问题？顺便问一下，HashMap 为什么不安全", False, AUDIT),
    ],
)
def test_the_last_request_decides_after_a_remark(
    question: str, pending: bool, expected: IntentType
) -> None:
    assert classify(question, patch_pending=pending).intent is expected


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # Knowledge questions with audit or patch words.
        ("code review 有没有好的模板", CHAT),
        ("修复 Spring4Shell 一般要升级到哪个版本", CHAT),
        ("审计日志一般存多久", CHAT),
        ("调优 JVM 一般从哪几个方面入手", CHAT),
        ("Java agent 热补丁一般怎么实现", CHAT),
        # Which of two tools this repository uses.
        ("消息队列用的 RocketMQ 还是 Kafka", EXPLAIN),
        ("服务注册是用 Eureka 做的还是 Nacos", EXPLAIN),
        ("限流用的 Sentinel 吗", EXPLAIN),
        ("网关是用 Spring Cloud Gateway 做的还是 Zuul", EXPLAIN),
        ("JWT 放在 localStorage 里还是 cookie 里更安全？", CHAT),
        ("这个爬虫的调度是怎么从种子 URL 扩散到整个站点的？", EXPLAIN),
        # Members, commands and plugins of the Java world are not names here.
        ("Hutool 的 StrUtil 和 Apache 的 StringUtils 哪个好用", CHAT),
        ("How does Spring auto-wiring pick between two beans?", CHAT),
        ("maven release-plugin 怎么配置", CHAT),
        ("Kotlin 的 when 支持模式匹配了吗？", CHAT),
    ],
)
def test_knowledge_and_this_repository_are_told_apart(question: str, expected: IntentType) -> None:
    assert classify(question).intent is expected


@pytest.mark.parametrize(
    ("question", "pending", "expected"),
    [
        # A problem stated as a fact about named code: a check never made, a removal never
        # done, the opposite done, the same effect twice, a known bug pattern, a catch-all.
        ("PaymentNotifyHandler 没判断签名是否为空，伪造的回调会不会直接入账", False, AUDIT),
        ("ZipService 解压完的文件没删，服务器磁盘满过两回", False, AUDIT),
        ("CartMerger 里 quantity 的判断搞反了吧，第 52 行", False, AUDIT),
        ("RefundWorker 超时重试的时候会不会把同一笔退款退两次", False, AUDIT),
        ("TokenCache 的 instance 字段没加 volatile，帮忙看一下", False, AUDIT),
        ("PriceCalculator 里用 == 比较两个 Long", False, AUDIT),
        ("FeedParser catches Throwable and quietly returns null", False, AUDIT),
        (
            "SessionStore catches Throwable and returns null. That will bite us in production, "
            "sort this out.",
            False,
            AUDIT,
        ),
        (
            "ReportMailer never deletes its temp files and the disk filled up last week, find "
            "other places that do the same",
            False,
            AUDIT,
        ),
        # A consequence feared, with a patch pending: a new subject, a new audit.
        ("ImageProxy 不限制图片尺寸，一张超大图会不会把服务撑爆", True, AUDIT),
        # An urgent request with a verb no list held.
        ("头像上传没校验文件大小，赶快封住", False, AUDIT),
        # Complaints: reading it hurts, a heap of code blamed.
        ("OrderAssembler.build 这一坨谁写的，看得我头晕", False, AUDIT),
        ("PriceRule 这一大堆 switch 谁写的", True, AUDIT),
        # The object first, the inspection after it.
        ("OrderMapper.xml 审一下", False, AUDIT),
        ("@src/main/java/com/shop/PayService.java 审一下", True, AUDIT),
        ("UserController review 一下吧", False, AUDIT),
        # Boundaries: advice on a change is no choice of how the code works; a part of this
        # application keeps a request; a problem stated keeps the whole message.
        ("OrderMapper 要不要先加个索引还是直接改 SQL？", False, AUDIT),
        ("修复一下登录接口的越权，一般怎么做", False, AUDIT),
        ("OrderService has a race. In general, how should I fix races?", False, AUDIT),
        ("Does the UploadService prevent path traversal?", False, AUDIT),
        ("OrderService 有没有防止 SQL 注入？", False, AUDIT),
    ],
)
def test_a_problem_stated_about_named_code_is_an_audit(
    question: str, pending: bool, expected: IntentType
) -> None:
    assert classify(question, patch_pending=pending).intent is expected


@pytest.mark.parametrize(
    ("question", "pending", "expected"),
    [
        # A problem the code reports, watches for or keeps away is a feature to explain.
        ("CrashReportService 收集崩溃信息之后发到哪里了？", False, EXPLAIN),
        ("SlowQueryInterceptor 拦截慢查询以后记到哪张表", False, EXPLAIN),
        ("Where does the deadlock detector in LockWatchdog report to?", False, EXPLAIN),
        ("BatchImporter 读大文件的时候是如何防止内存溢出的？", False, EXPLAIN),
        ("How does StreamingExporter avoid running out of memory on big exports?", False, EXPLAIN),
        # Dependency injection by annotation, a term with a judging word, a snake_case name.
        ("OrderFacade 为什么用 @Resource 注入，不用构造器注入？", False, EXPLAIN),
        ("CdcSyncJob 允许多大的乱序窗口？", False, EXPLAIN),
        ("replay_guard_table 存的是什么", False, EXPLAIN),
        # Audit and patch words naming a field, a state, a profile, a patch mechanism.
        ("ArticleEntity 的 audit 字段和 review 字段分别是什么时候写的？", False, EXPLAIN),
        ("What values does the audit status column of t_claim hold?", False, EXPLAIN),
        ("What is the `scan` profile in application-scan.yml for?", False, EXPLAIN),
        ("PluginLoader 是从哪个目录读 patch 脚本的？", True, EXPLAIN),
        ("Where does the HotPatcher keep its patch scripts?", True, EXPLAIN),
        # A backticked package is this repository's, though its name is the world's too.
        ("What does the `flink` package hold?", False, EXPLAIN),
        # Options ordered in a choice ask for nothing.
        ("UserSync 是先删缓存还是先更新数据库？", False, EXPLAIN),
        ("BillingJob 出账是先写账单还是先改订单状态", False, EXPLAIN),
        # "哪几个类" asks where; a domain noun's table is this application's.
        ("要支持新的支付渠道，一般要改哪几个类？先讲思路", False, EXPLAIN),
        ("挂号记录是按什么分表的，一共分了几张", False, EXPLAIN),
        ("How does the UploadService prevent path traversal?", False, EXPLAIN),
        ("OrderService 是怎么防止 SQL 注入的？", False, EXPLAIN),
        # A library not added is no safeguard missing.
        ("项目里没加 Lombok 依赖吗", False, EXPLAIN),
    ],
)
def test_problem_audit_and_patch_words_that_name_a_thing(
    question: str, pending: bool, expected: IntentType
) -> None:
    assert classify(question, patch_pending=pending).intent is expected


@pytest.mark.parametrize(
    ("question", "pending", "expected"),
    [
        # The pending patch set aside: what follows decides.
        ("补丁先放一放，LoginFilter 是干什么用的？", True, EXPLAIN),
        ("diff 待会儿再看，先说说 OrderRouter 的路由规则在哪配的", True, EXPLAIN),
        (
            "Forget the patch for now, where is the retry policy of MailSender configured?",
            True,
            EXPLAIN,
        ),
        ("补丁回头再说，我问个别的：Java 的 record 能继承别的类吗", True, CHAT),
        # A general question announced after a remark about this repository.
        ("我们用的是 Kafka 2.8。问个通用的问题：消费者 rebalance 是同步的还是异步的", False, CHAT),
        (
            "Our services run on Kubernetes. Generally speaking, how do liveness and readiness "
            "probes differ?",
            False,
            CHAT,
        ),
        ("我们项目用的 Redisson，想问下看门狗续期的原理是什么", False, CHAT),
        (
            "OrderServiceImpl 写得挺乱的，不过先不用管它。一般怎么给 service 层分包比较好",
            False,
            CHAT,
        ),
        # A limit beside a question, a change or a problem of its own: not a revision.
        ("先别动代码啊，我就想知道 ReportJob 的 cron 表达式写在哪", True, EXPLAIN),
        ("不要动 DTO，只改实现：OrderQueryService.list 改成分页查询", True, AUDIT),
        (
            "Don't touch the controller; just make InvoiceService.total use BigDecimal instead "
            "of double",
            True,
            AUDIT,
        ),
        ("别改表结构，在代码里给优惠券的重复领取加个校验", True, AUDIT),
        # A standing wish about patches to come is remembered.
        ("以后出补丁的时候先列出改了哪些文件，再给 diff", True, CHAT),
        ("From now on, when you send a patch, put a one-line summary above the diff.", True, CHAT),
        # A tool's patches; the patch as a subject; "patch 一下" asks for a new patch.
        ("git diff 和 git format-patch 导出的补丁格式有啥不同", True, CHAT),
        ("patch 会不会影响老版本的客户端？", True, P_EXPLAIN),
        ("OrderLock 的锁没释放，麻烦 patch 一下", True, AUDIT),
        # Past the patch set aside, a request or a problem is a new audit.
        ("补丁先放着，帮我把 UserService 的 NPE 修了", True, AUDIT),
        ("先不管补丁，PayService 有没有重复扣款的问题", True, AUDIT),
        ("以后补丁都别改测试", True, CHAT),
        ("We use Kafka. In general, is exactly-once delivery possible?", False, CHAT),
    ],
)
def test_what_a_message_turns_to_or_sets_aside(
    question: str, pending: bool, expected: IntentType
) -> None:
    assert classify(question, patch_pending=pending).intent is expected


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # A bare choice between names of the Java world, an advice by quality.
        ("缓存用 Caffeine 还是 Guava", CHAT),
        ("token 存 sessionStorage 还是 cookie 更稳妥", CHAT),
        # What a symptom says in general; a recommendation asked.
        ("一个方法里 mock 了十几个依赖是不是说明类的职责太多", CHAT),
        ("日志里 warn 太多是不是说明代码有问题", CHAT),
        ("推荐一款好用的 Java 反编译工具，Procyon 太老了", CHAT),
        ("how i can make the cache thread safe without lock it", CHAT),
        # A verb phrase naming the topic of a general question asks nothing of us.
        ("修复 Fastjson 反序列化漏洞，通常的做法是什么？", CHAT),
        ("Fixing a Log4Shell hole. What are the usual steps?", CHAT),
        # A kind of codebase or service, not this one.
        ("Is it worth adding Sonar to an old codebase?", CHAT),
        ("普通后台服务用虚拟线程有意义吗，还是线程池就够了", CHAT),
        ("Shenandoah 适合普通的后台服务吗，还是 Parallel GC 就够了", CHAT),
        # A difference's "where" and "遇到哪些坑" are no locations.
        ("ArrayList 和 LinkedList 区别在哪", CHAT),
        ("JDK 11 升到 21 会碰到哪些坑", CHAT),
        # How to address the user is a wish, not a change.
        ("叫我老王就行", CHAT),
        ("Just call me Wang, no need for formalities", CHAT),
        # 反 in a term is no mistake.
        ("SQL 里用反引号包字段名是什么意思", CHAT),
    ],
)
def test_knowledge_advice_and_wishes_with_words_of_code(
    question: str, expected: IntentType
) -> None:
    assert classify(question).intent is expected
