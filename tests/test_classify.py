"""The CLI's rule-based bilingual intent classifier, measured on a labelled set.

``tests/intent_cases.py`` holds the labelled questions (see its docstring). The bar:
at least 95% of all (question, pending-patch) pairs right, and not one audit or
patch request routed to a memory intent — that would break the isolation of the
audit and patch flows. ``pytest -s`` prints the per-intent table.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest
from autopatch_memory_cli.classify import Rule, choose, classify, forced, mentioned_paths
from intent_cases import AUDIT, CASES, CHAT, EXPLAIN, HELD_OUT, P_EXPLAIN, P_REVISE, Case

from autopatch_memory.intents import IntentType, memory_access

ACCURACY_BAR = 0.95
CJK = re.compile(r"[\u4e00-\u9fff]")
LATIN = re.compile(r"[A-Za-z]{3,}")


def evaluations(cases: list[Case]) -> list[tuple[str, bool, IntentType, IntentType]]:
    """(question, patch pending, expected, got) for every case in both situations."""
    found = []
    for question, without, with_patch in cases:
        for pending, expected in ((False, without), (True, with_patch)):
            got = classify(question, patch_pending=pending).intent
            found.append((question, pending, expected, got))
    return found


def table(rows: list[tuple[str, bool, IntentType, IntentType]]) -> str:
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


def test_the_labelled_set_is_big_bilingual_and_covers_every_intent() -> None:
    cases = CASES + HELD_OUT
    questions = [q for q, _, _ in cases]
    assert len(set(questions)) == len(questions) >= 200
    chinese = [q for q in questions if CJK.search(q)]
    english = [q for q in questions if not CJK.search(q)]
    mixed = [q for q in chinese if LATIN.search(q)]
    assert len(chinese) >= 150 and len(english) >= 150 and len(mixed) >= 40
    assert {a for _, a, _ in cases} == {AUDIT, EXPLAIN, CHAT}
    assert {b for _, _, b in cases} == set(IntentType)
    assert sum(1 for _, a, b in cases if a is not b) >= 60  # patch questions


@pytest.mark.parametrize("name", ["CASES", "HELD_OUT"])
def test_accuracy_and_isolation(name: str) -> None:
    rows = evaluations({"CASES": CASES, "HELD_OUT": HELD_OUT}[name])
    report = table(rows)
    print(f"\n{name}\n{report}")
    gated_to_memory = [
        (q, pending, expected.value, got.value)
        for q, pending, expected, got in rows
        if not memory_access(expected).reads and memory_access(got).reads
    ]
    assert gated_to_memory == [], report
    wrong = [(q, p, e.value, g.value) for q, p, e, g in rows if e is not g]
    assert 1 - len(wrong) / len(rows) >= ACCURACY_BAR, f"{report}\n{wrong}"


def test_memory_questions_sent_to_audit_are_few() -> None:
    """The other direction costs only context; it is counted, and kept rare."""
    rows = evaluations(CASES + HELD_OUT)
    memory_to_audit = [
        q
        for q, _pending, expected, got in rows
        if memory_access(expected).reads and not memory_access(got).reads
    ]
    memory_rows = [r for r in rows if memory_access(r[2]).reads]
    assert len(memory_to_audit) <= 0.02 * len(memory_rows), memory_to_audit


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


def test_patch_intents_only_while_a_patch_is_pending() -> None:
    for question, _, _ in CASES + HELD_OUT:
        assert classify(question).intent not in {P_EXPLAIN, P_REVISE}
    assert classify("Revise the patch", patch_pending=True).intent is P_REVISE
    assert classify("Why this change?", patch_pending=True).intent is P_EXPLAIN


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


def test_the_result_says_why() -> None:
    result = classify("Fix the NPE in ReviewController")
    assert result.rule is Rule.AUDIT
    assert result.matched == ["fix"]
    assert '"fix"' in result.explanation
    assert classify("Optional 怎么用？").rule is Rule.DEFAULT
    assert forced(P_REVISE).intent is P_REVISE
    assert forced(P_REVISE).explanation == "chosen by you"
    assert choose("Optional 怎么用？", IntentType.CODE_AUDIT).rule is Rule.FORCED


def test_mentioned_paths() -> None:
    text = "看看 @review 和 @api/pom.xml，还有 @Data 注解，mail me@example.com"
    assert mentioned_paths(text) == ["review", "api/pom.xml"]
    assert mentioned_paths("@src/Foo.java, @src/Foo.java.") == ["src/Foo.java"]
