"""Wording classes of the router, each a named rule (docs/cli.md#routing-and-the-transcript).

A question *why* code fails is debugging Q&A (``general_chat``: memory is injected); a
question whether code here is safe, vulnerable, bypassable, injectable or racy is an
inspection (``code_audit``). The cases are written for these tests, in both languages,
in wordings the rules' own examples do not use (issue 30, items 1 and 9).
"""

from __future__ import annotations

import pytest
from autopatch_memory_cli.classify import INTENT_RULES, classify

from autopatch_memory.intents import IntentType

AUDIT = IntentType.CODE_AUDIT
EXPLAIN = IntentType.CODE_EXPLAIN
CHAT = IntentType.GENERAL_CHAT


@pytest.mark.parametrize(
    "question",
    [
        # The issue's own examples.
        "Why does OrderServiceImpl.create throw a NullPointerException?",
        "为什么这个接口偶尔超时？",
        # Exceptions, statuses, hangs, wrong or missing results, twice, never.
        "Why do the integration tests fail only on CI?",
        "why is the /orders/export endpoint so slow with 10k rows",
        "Why does the app crash on startup with a BeanCreationException?",
        "Why does the scheduler run the cleanup job twice?",
        "How come the refund callback is never called?",
        "What is causing the 502s from the gateway after deploy?",
        "why does CartMerger lose items when two tabs are open",
        "Why does the payment status stay PENDING forever?",
        "Any idea why the Kafka consumer keeps rebalancing?",
        "Why does InvoiceService.total return a negative amount for some carts?",
        "Why does the checkout page show the wrong total?",
        "为什么订单导出到一半就卡住了？",
        "为什么 CouponService 发券的时候会重复发？",
        "库存扣减为啥有时候会变成负数",
        "为啥启动的时候报 Failed to configure a DataSource",
        "为什么 /api/orders 接口返回 500",
        "定时任务为什么没执行",
        "为什么上传大文件的时候会 OOM",
        "为什么登录之后 session 老是丢",
        "这个 NPE 是什么原因导致的？",
        "为什么同一个订单会被支付两次",
        "为什么 Redis 里的缓存一直不过期",
        "Why does OrderService deadlock under load?",
        "为什么两个线程同时下单会超卖",
        "为什么 OrderService 的金额会算错？",
    ],
)
def test_a_why_asked_of_a_failure_is_debugging_chat(question: str) -> None:
    result = classify(question)
    assert result.intent is CHAT, result.explanation
    assert result.rule == "debug-why-question"


def test_a_pasted_trace_with_a_why_is_debugging_chat() -> None:
    trace = (
        "java.lang.NullPointerException: order\n"
        "\tat com.shop.order.OrderServiceImpl.create(OrderServiceImpl.java:88)\n"
    )
    for why in ("为什么会报这个？", "why does this happen?"):
        assert classify(trace + why).rule == "debug-why-question"
    assert classify(trace + "帮我修复这个空指针").intent is AUDIT


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # A fix, a hunt for bugs or a patch asked is an audit, whatever the why around it.
        ("find the bugs in OrderService", AUDIT),
        ("帮我看下为什么 OrderServiceImpl 的单测跑不过，顺便修一下", AUDIT),
        ("Please look into why OrderResource#list is slow and speed it up", AUDIT),
        ("fix it", AUDIT),
        ("give me a patch", AUDIT),
        # A why asked of a security hole, or of a defect named, stays an inspection.
        ("为什么有人能越权查看别人的订单？", AUDIT),
        ("Why is OrderService vulnerable to SQL injection?", AUDIT),
        ("为什么这里 catch 了异常却不处理", AUDIT),
        ("Why is the DB password hard-coded in DataSourceConfig?", AUDIT),
        # An inspection of named code that asks whether anything is wrong.
        ("Take a look at OrderMapper.xml and tell me if anything is off", AUDIT),
        # An audit word naming a module of this code asks for no audit.
        ("审计模块的表结构是怎样的", EXPLAIN),
        # A why of a design (what it is for) is an explanation of this code.
        ("为什么这个方法要 catch 异常？", EXPLAIN),
        ("Why does OrderController return ResponseEntity instead of the DTO?", EXPLAIN),
        ("CrashController 为什么要故意抛异常？", EXPLAIN),
        ("为什么 InventoryService 要加 @Lazy 注入？是因为有循环依赖吗", EXPLAIN),
    ],
)
def test_what_is_no_debugging_question(question: str, expected: IntentType) -> None:
    assert classify(question).intent is expected


@pytest.mark.parametrize(
    "question",
    [
        # The issue's own examples.
        "is our password-reset flow secure?",
        "could someone call /internal/refund without logging in?",
        "UserMapper 里用 ${} 的地方有没有注入风险？",
        # Safe, secure, exposed, bypassable, injectable.
        "Is the file download endpoint safe?",
        "Is our session handling secure enough?",
        "Is the invoice PDF renderer exposed to XXE?",
        "Can the signature check on the webhook be bypassed?",
        "Is the JWT validation bypassable?",
        "Could the search box be used for SQL injection?",
        "Is the sort parameter in ProductMapper.xml injectable?",
        "这个下载接口安全吗？",
        "我们的会话管理够安全吗",
        "登录页的验证码能被绕过吗",
        "ProductMapper.xml 里的排序参数有没有注入风险",
        "搜索框会不会被 SQL 注入",
        # Access: a user, anyone, the outside, a check skipped, what should be refused.
        "Can a regular user delete another user's address through /api/address/{id}?",
        "Can anyone hit the actuator endpoints from outside?",
        "Could a user change the price in the checkout request?",
        "Is it possible to skip the captcha on the login page?",
        "Would an expired token still be accepted by the gateway filter?",
        "普通用户能不能删掉别人的收货地址？",
        "外网能直接访问 actuator 吗？",
        "回调接口的验签能不能被跳过",
        "过期的 token 网关还会放行吗？",
        # Data where it should not be.
        "Does the order API leak other customers' phone numbers?",
        "Do we write card numbers into the logs anywhere?",
        "订单接口会不会把别人的手机号返回出去？",
        "报错页面会不会把堆栈暴露给用户",
        "日志里有没有打印银行卡号？",
        # Two at once on the same thing; whether a step is atomic.
        "Can two concurrent requests redeem the same coupon twice?",
        "What happens if two workers pick up the same job at the same time — could it be "
        "processed twice?",
        "Is the stock decrement in InventoryService atomic?",
        "两个请求同时领同一张券会不会领两次",
        "库存扣减是原子的吗？并发下会不会出问题",
    ],
)
def test_a_question_whether_code_here_is_safe_is_an_audit(question: str) -> None:
    result = classify(question)
    assert result.intent is AUDIT, result.explanation


@pytest.mark.parametrize(
    "question",
    [
        # The same words about the Java world are knowledge.
        "Is HashMap thread-safe?",
        "Is it safe to store JWT in localStorage?",
        "Is JWT safe?",
        "SQL 注入一般怎么防",
        "What is CSRF?",
        "越权漏洞一般怎么修",
        "两个线程同时修改同一个 HashMap 会怎样",
        "多线程下 i++ 是原子的吗",
        "MyBatis 的 #{} 和 ${} 有什么区别，为什么 ${} 有注入风险",
    ],
)
def test_safety_words_about_the_java_world_are_knowledge(question: str) -> None:
    assert classify(question).intent is CHAT


def test_explain_lists_the_rules_that_fire_and_the_result_names_those_that_decided() -> None:
    question = "Why does OrderServiceImpl.create throw a NullPointerException?"
    plain = classify(question)
    assert plain.fired == ()  # only on request
    explained = classify(question, explain=True)
    assert explained.intent is plain.intent
    assert explained.fired[0] == "debug-why-question" == explained.rule
    # The problem rule fires too, but later in the order: the debugging question decided.
    assert "problem-in-code" in explained.fired
    assert set(explained.fired) <= {rule.id for rule in INTENT_RULES}
    # A reading that chose the part read is named before the rule that decided.
    turned = classify("我们项目用了 MyBatis。顺便问一下，一级缓存什么时候失效？")
    assert turned.rule_ids == ("turn-to-another-question", "default")
    wish = classify("以后给我补丁的时候先用一句话说明改了什么")
    assert wish.intent is CHAT and wish.rule_ids[-1] == "standing-wish"


def test_the_rules_are_ordered_audit_before_memory_and_patch_first() -> None:
    ids = [rule.id for rule in INTENT_RULES]
    assert ids[:2] == ["patch-revision", "patch-question"]
    # A why of a failure is read before the problem rules, after every request to act.
    for request in ("patch-words", "audit-verb", "audit-words", "change-request"):
        assert ids.index(request) < ids.index("debug-why-question")
    assert ids.index("debug-why-question") < ids.index("problem-in-code")
    memory = [r for r in INTENT_RULES if r.intent in (EXPLAIN, CHAT)]
    audit = [r for r in INTENT_RULES if r.intent is AUDIT]
    # Memory rules come last, but for the debugging question (a why, never a request).
    assert max(ids.index(r.id) for r in audit) < min(
        ids.index(r.id) for r in memory if r.id != "debug-why-question"
    )


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # A change verb after a why asks about the change, not for one.
        ("这个补丁为什么只改了 Mapper？", IntentType.PATCH_EXPLAIN),
        ("为什么补丁里把 HashMap 换成了 ConcurrentHashMap", IntentType.PATCH_EXPLAIN),
        # A change passive, applying "this": the pending patch, implied.
        ("Why is the lock moved out of the loop?", IntentType.PATCH_EXPLAIN),
        ("What's the risk of applying this?", IntentType.PATCH_EXPLAIN),
        # A request around a why still asks for the change.
        ("能不能在补丁里加一行注释说明为什么要加锁", IntentType.PATCH_REVISE),
        (
            "Can you add a comment in the patch explaining why the lock is needed?",
            IntentType.PATCH_REVISE,
        ),
        ("Why did you change the return type? Change it back.", IntentType.PATCH_REVISE),
        # With a patch pending, a debugging question of its own keeps its route.
        ("Why does OrderServiceImpl.create throw a NullPointerException?", CHAT),
    ],
)
def test_with_a_patch_pending_a_why_asks_about_the_patch(
    question: str, expected: IntentType
) -> None:
    assert classify(question, patch_pending=True).intent is expected
