"""The CLI's rule-based bilingual intent classifier (SPEC §1)."""

from __future__ import annotations

import pytest
from autopatch_memory_cli.classify import Rule, classify, forced, mentioned_paths

from autopatch_memory.intents import IntentType

AUDIT = IntentType.CODE_AUDIT
EXPLAIN = IntentType.CODE_EXPLAIN
CHAT = IntentType.GENERAL_CHAT
P_EXPLAIN = IntentType.PATCH_EXPLAIN
P_REVISE = IntentType.PATCH_REVISE

# (question, intent without a pending patch, intent while a patch is pending)
TABLE: list[tuple[str, IntentType, IntentType]] = [
    # audit words, both languages
    ("审计一下 review 模块有没有 SQL 注入", AUDIT, AUDIT),
    ("帮我修复 ReviewController 里的空指针", AUDIT, AUDIT),
    ("这个项目有哪些安全漏洞？", AUDIT, AUDIT),
    ("扫描一下 api 模块", AUDIT, AUDIT),
    ("Audit the api module for SQL injection", AUDIT, AUDIT),
    ("Fix the NPE in ReviewController", AUDIT, AUDIT),
    ("Scan the codebase for vulnerabilities", AUDIT, AUDIT),
    ("Is the login endpoint vulnerable to XSS?", AUDIT, AUDIT),
    # patch words: patch intents only while a patch is pending; otherwise they stay gated
    ("解释一下这个补丁", AUDIT, P_EXPLAIN),
    ("为什么这么改？", CHAT, P_EXPLAIN),
    ("Explain the patch, please", AUDIT, P_EXPLAIN),
    ("Why this change?", CHAT, P_EXPLAIN),
    ("修改补丁，改用 Optional 返回", AUDIT, P_REVISE),
    ("Revise the patch to keep the old method signature", AUDIT, P_REVISE),
    ("Rewrite the patch without Lombok", AUDIT, P_REVISE),
    # the repository: project/module/file words, @path, paths and file names
    ("这个项目是做什么的？", EXPLAIN, EXPLAIN),
    ("review 模块是怎么组织的？", EXPLAIN, EXPLAIN),
    ("src/main/java 目录下有什么", EXPLAIN, EXPLAIN),
    ("看看 @pom.xml。", EXPLAIN, EXPLAIN),
    ("application.yml 里的配置是什么意思", EXPLAIN, EXPLAIN),
    ("这个类是干什么的？", EXPLAIN, EXPLAIN),
    ("Explain the structure of this project", EXPLAIN, EXPLAIN),
    ("Which modules does the build have?", EXPLAIN, EXPLAIN),
    ("What does @review/src/main/java/com/example/review/FindingQueue.java do?", EXPLAIN, EXPLAIN),
    ("What does ReviewService do?", EXPLAIN, EXPLAIN),
    ("How does the FindingQueue class work?", EXPLAIN, EXPLAIN),
    ("Where is the entry point of the api module?", EXPLAIN, EXPLAIN),
    # general Java and engineering questions
    ("Optional 怎么用？", CHAT, CHAT),
    ("什么是依赖注入？", CHAT, CHAT),
    ("检查型异常和运行时异常有什么区别？", CHAT, CHAT),
    ("讲讲 Spring Boot 自动配置的原理", CHAT, CHAT),
    ("Java 17 的 record 和 Lombok 的 @Data 有什么区别？", CHAT, CHAT),
    ("以后回答请用中文，先给结论", CHAT, CHAT),
    ("What is a class in Java?", CHAT, CHAT),
    ("What is dependency injection?", CHAT, CHAT),
    ("What is the difference between ArrayList and LinkedList?", CHAT, CHAT),
    ("How do I send an HTTP PATCH request with RestTemplate?", CHAT, CHAT),
    ("How do I check for null in Java?", CHAT, CHAT),
    ("What does volatile do?", CHAT, CHAT),
    ("From now on, always answer in English.", CHAT, CHAT),
]


def test_the_table_is_big_and_bilingual() -> None:
    assert len(TABLE) >= 30
    assert sum(1 for q, _, _ in TABLE if any("\u4e00" <= ch <= "\u9fff" for ch in q)) >= 12
    assert {expected for _, expected, _ in TABLE} == {AUDIT, EXPLAIN, CHAT}
    assert {pending for _, _, pending in TABLE} == {AUDIT, EXPLAIN, CHAT, P_EXPLAIN, P_REVISE}


@pytest.mark.parametrize(("question", "expected", "_pending"), TABLE)
def test_classify_without_a_pending_patch(
    question: str, expected: IntentType, _pending: IntentType
) -> None:
    assert classify(question).intent is expected


@pytest.mark.parametrize(("question", "_expected", "pending"), TABLE)
def test_classify_with_a_pending_patch(
    question: str, _expected: IntentType, pending: IntentType
) -> None:
    assert classify(question, patch_pending=True).intent is pending


def test_patch_intents_never_without_a_pending_patch() -> None:
    for question, _, _ in TABLE:
        assert classify(question).intent not in {P_EXPLAIN, P_REVISE}


def test_the_result_says_why() -> None:
    result = classify("Fix the NPE in ReviewController")
    assert result.rule is Rule.AUDIT
    assert result.matched == ["fix"]
    assert '"fix"' in result.explanation
    assert classify("Optional 怎么用？").rule is Rule.DEFAULT
    assert forced(P_REVISE).intent is P_REVISE
    assert forced(P_REVISE).explanation == "chosen by you"


def test_mentioned_paths() -> None:
    text = "看看 @review 和 @api/pom.xml，还有 @Data 注解，mail me@example.com"
    assert mentioned_paths(text) == ["review", "api/pom.xml"]
    assert mentioned_paths("@src/Foo.java, @src/Foo.java.") == ["src/Foo.java"]
