"""The heuristic backend: deterministic deltas, by the directive grammar, that the real
applier accepts whole."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from autopatch_memory import limits
from autopatch_memory.applier import ApplyReport, apply_delta
from autopatch_memory.backends.base import SummaryBackend
from autopatch_memory.backends.heuristic import HeuristicBackend
from autopatch_memory.intents import IntentType
from autopatch_memory.model import (
    ItemStatus,
    LongTermItem,
    LongTermOp,
    LongTermType,
    MemoryDelta,
    MemoryDocument,
    Operation,
    RepoProfile,
    Source,
    Topic,
    TopicOp,
    Turn,
    TurnSummaryOp,
    check_invariants,
)
from autopatch_memory.privacy import redact
from autopatch_memory.summarizer import build_request
from autopatch_memory.text import detect_language, looks_like_code_or_log

TZ = timezone(timedelta(hours=8))
START = datetime(2026, 5, 1, 9, 0, tzinfo=TZ)
PROFILE = RepoProfile(
    build_tool="maven",
    java_version="17",
    project_name="demo-service",
    modules=["api", "review", "services/order"],
)


# --- helpers: a document and the summarizer's view of it ------------------------------------


def add_turn(
    doc: MemoryDocument,
    minute: int,
    intent: str,
    text: str,
    scope: list[str] | None = None,
    *,
    project_level: bool = False,
) -> Turn:
    now = START + timedelta(minutes=minute)
    turn = Turn(
        id=now.strftime("turn_%Y%m%d_%H%M%S_001"),
        intent=IntentType(intent),
        user_text=redact(text),  # as the store keeps it
        assistant_text="(the answer)",
        scope_paths=scope or [],
        created_at=now,
        project_level=project_level,
    )
    doc.working_memory.recent_turns.append(turn)
    del doc.working_memory.recent_turns[: -limits.MAX_RECENT_TURNS]
    return turn


def summarize(
    doc: MemoryDocument, turns: list[Turn], minute: int = 59
) -> tuple[MemoryDocument, ApplyReport, MemoryDelta]:
    delta = HeuristicBackend().summarize(build_request(doc, turns))
    new_doc, report = apply_delta(doc, delta, now=START + timedelta(minutes=minute))
    return new_doc, report, delta


def texts_of(delta: MemoryDelta) -> list[str]:
    found: list[str] = []
    for op in [*delta.turn_summaries, *delta.topic_operations, *delta.long_term_operations]:
        for name in ("label", "summary"):
            value = getattr(op, name, None)
            if value:
                found.append(value)
    return found


def active(doc: MemoryDocument, kind: LongTermType) -> list[LongTermItem]:
    return [i for i in doc.long_term_memory.list_for(kind) if i.is_active]


PREFS, NOTES = LongTermType.DURABLE_PREFERENCE, LongTermType.PROJECT_NOTE


# --- a scripted 20-turn bilingual conversation --------------------------------------------

CONVERSATION: list[tuple[str, str, list[str]]] = [
    ("general_chat", "Optional 怎么用？有没有推荐的写法", []),
    ("code_explain", "这个项目的整体结构是怎样的？", []),
    ("code_explain", "review 模块负责什么？", ["review/"]),
    ("general_chat", "以后回答都用中文，先给结论", []),
    ("general_chat", "Optional 的 orElse 和 orElseGet 有什么区别？", []),
    ("general_chat", "What is the difference between HashMap and ConcurrentHashMap?", []),
    ("code_explain", "What does the api module do?", ["api"]),
    ("general_chat", "How does ConcurrentHashMap handle resizing?", []),
    ("general_chat", "From now on, always show a short code example after the explanation.", []),
    ("code_explain", "review 模块里的 FindingQueue 类是做什么的？", ["review/src/main/java"]),
    ("general_chat", "Stream 的 map 和 flatMap 有什么区别？", []),
    (
        "general_chat",
        "为什么 Stream 不能重复使用？\n```java\nStream<String> s = list.stream();\ns.count();\n"
        's.count();\n```\nException in thread "main" java.lang.IllegalStateException: stream has '
        "already been operated upon or closed\n\tat java.util.stream.AbstractPipeline.evaluate"
        "(AbstractPipeline.java:229)",
        [],
    ),
    ("general_chat", "Why does Java always box ints in generics?", []),
    ("code_explain", "Explain the order module and how it talks to review.", ["services/order"]),
    ("general_chat", "不要在回答里使用 Lombok，我不喜欢", []),
    ("general_chat", "Is Optional a good return type for repository methods?", []),
    ("general_chat", "What are virtual threads in Java 21?", []),
    ("general_chat", "From now on answer in English.", []),
    ("general_chat", "不对，我们用的是 Spring Security，不是 Shiro，你记一下", []),
    ("general_chat", "Remember: my password=hunter2 is for the test db only, never print it.", []),
]


def run_conversation() -> tuple[MemoryDocument, list[ApplyReport], list[MemoryDelta]]:
    backend = HeuristicBackend()
    doc = MemoryDocument(repo_profile=PROFILE)
    reports: list[ApplyReport] = []
    deltas: list[MemoryDelta] = []
    for minute, (intent, text, scope) in enumerate(CONVERSATION):
        add_turn(doc, minute, intent, text, scope)
        # Summarize as the triggers would: every second pending turn.
        if len(doc.pending_turns()) >= limits.TRIGGER_PENDING_TURNS:
            batch = doc.pending_turns()[: limits.SUMMARY_BATCH_TURNS]
            delta = backend.summarize(build_request(doc, batch))
            doc, report = apply_delta(doc, delta, now=START + timedelta(minutes=minute))
            reports.append(report)
            deltas.append(delta)
    return doc, reports, deltas


def test_a_bilingual_conversation_is_accepted_whole() -> None:
    doc, reports, deltas = run_conversation()

    rejected = [(r.section, r.index, r.reason, r.detail) for rep in reports for r in rep.rejected]
    assert rejected == []
    assert doc.pending_turns() == []
    assert check_invariants(doc) == []
    for delta in deltas:
        for text in texts_of(delta):
            assert not looks_like_code_or_log(text), text
            assert "hunter2" not in text


def test_the_conversation_keeps_the_rules_the_user_stated() -> None:
    doc, _reports, _deltas = run_conversation()
    # Every sentence the user said with a standing marker, in the user's words; the
    # English rule names nothing it replaces, so the Chinese one stays too (the offline
    # reader never judges that two rules are about the same thing).
    assert {p.summary for p in active(doc, PREFS)} == {
        "以后回答都用中文，先给结论。",
        "From now on, always show a short code example after the explanation.",
        "不要在回答里使用 Lombok，我不喜欢。",
        "From now on answer in English.",
    }
    # A question that happens to say "always", and a credential, are no rules.
    assert not any("box" in p.summary or "password" in p.summary for p in active(doc, PREFS))


def test_the_conversation_notes_facts_not_questions() -> None:
    doc, _reports, _deltas = run_conversation()
    notes = active(doc, NOTES)
    # The correction given to keep is stored (without its marker); the module questions
    # are not notes.
    assert [n.summary for n in notes] == ["我们用的是 Spring Security，不是 Shiro。"]


def test_the_conversation_follows_concerns_across_turns() -> None:
    doc, _reports, _deltas = run_conversation()
    topics = {t.label: t for t in doc.working_memory.active_topics}

    assert {"Optional", "ConcurrentHashMap"} <= set(topics)
    for topic in topics.values():
        assert len(topic.related_turn_ids) >= limits.HEURISTIC_TOPIC_MIN_TURNS
    asked = [t.id for t in doc.working_memory.recent_turns if "Optional" in t.user_text]
    assert set(asked) <= set(topics["Optional"].related_turn_ids)


def test_the_conversation_is_deterministic() -> None:
    first, _, first_deltas = run_conversation()
    second, _, second_deltas = run_conversation()
    assert first.to_json() == second.to_json()
    assert first_deltas == second_deltas


# --- turn summaries ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Optional 怎么用？", "zh"),
        ("How do I use Optional?", "en"),
        ("我在看 OrderService。它的 submit 方法为什么要加锁？", "zh"),
        ("谢谢！", "zh"),
        ("thanks", "en"),
    ],
)
def test_every_turn_gets_a_summary_in_the_users_language(text: str, language: str) -> None:
    doc = MemoryDocument()
    turn = add_turn(doc, 0, "general_chat", text)
    delta = HeuristicBackend().summarize(build_request(doc, [turn]))
    [op] = delta.turn_summaries
    assert isinstance(op, TurnSummaryOp) and op.turn_id == turn.id
    assert detect_language(op.summary).value == language


@pytest.mark.parametrize("text", ["谢谢！", "好的谢谢啦", "ok cool", "great, thanks, that helps"])
def test_chit_chat_is_only_acknowledged(text: str) -> None:
    doc = MemoryDocument()
    turn = add_turn(doc, 0, "general_chat", text)
    delta = HeuristicBackend().summarize(build_request(doc, [turn]))
    [op] = delta.turn_summaries
    assert op.summary in {"用户表示感谢或确认。", "The user acknowledged the answer."}
    assert delta.topic_operations == [] and delta.long_term_operations == []


def test_the_summary_states_the_question_and_keeps_annotations() -> None:
    doc = MemoryDocument()
    first = add_turn(doc, 0, "general_chat", "我在看 OrderService。它的 submit 方法为什么要加锁？")
    second = add_turn(doc, 1, "general_chat", "@Data 和 @Value 有什么区别？看 @review/Finding.java")
    ops = HeuristicBackend().summarize(build_request(doc, [first, second])).turn_summaries
    assert [op.summary for op in ops] == [
        "用户询问：它的 submit 方法为什么要加锁？（涉及 OrderService）",
        "用户询问：@Data 和 @Value 有什么区别？（涉及 review/Finding.java）",
    ]


@pytest.mark.parametrize(
    "text",
    [
        "```java\npublic class A { void f() { int x = 1; } }\n```",
        "java.lang.NullPointerException\n\tat com.demo.A.f(A.java:10)\n\tat com.demo.B.g(B.java:3)",
        "diff --git a/A.java b/A.java\n--- a/A.java\n+++ b/A.java\n@@ -1 +1 @@\n-int a;\n+long a;",
        "2026-05-01 12:00:00.123 ERROR [main] c.d.App - boom\n2026-05-01 12:00:01 INFO done",
        "x" * 1000,
        "为什么" * 400,
        "my key sk-abcdefghijklmnopqrstuvwxyz0123456789 does not work, password=hunter2",
        "",
    ],
)
def test_hostile_input_still_gives_an_acceptable_summary(text: str) -> None:
    doc = MemoryDocument()
    turn = add_turn(doc, 0, "general_chat", text)
    _doc, report, delta = summarize(doc, [turn])
    assert report.rejected == []
    [op] = delta.turn_summaries
    assert 0 < len(op.summary) <= limits.MAX_SUMMARY_CHARS
    assert "hunter2" not in op.summary and "sk-abcdefghijklmnop" not in op.summary


# --- preferences --------------------------------------------------------------------------------


def test_a_sentence_with_a_standing_marker_is_one_grounded_preference() -> None:
    doc = MemoryDocument()
    turn = add_turn(doc, 0, "general_chat", "以后回答都用中文，先给结论。")
    new_doc, report, delta = summarize(doc, [turn])
    ops = [op for op in delta.long_term_operations if isinstance(op, LongTermOp)]
    assert [(op.summary, op.evidence_turn_ids, op.evidence_quote) for op in ops] == [
        ("以后回答都用中文，先给结论。", [turn.id], "以后回答都用中文，先给结论。"),
    ]
    assert report.rejected == []
    assert all(p.source is Source.USER_EXPLICIT for p in active(new_doc, PREFS))


@pytest.mark.parametrize(
    "text",
    [
        "记住密码功能在 Spring Security 里怎么实现？",
        "Why does the build always fail?",
        "I always forget the -DskipTests flag.",
        "My colleague says always use tabs.",
        "Just this once, answer in Chinese.",
        "Please don't explain this one.",
        "这次用英文回答吧。",
        "谢谢！",
        "Remember my OpenAI key: sk-proj-abcdefghijklmnopqrstuvwxyz0123456789",
    ],
)
def test_questions_quotes_one_offs_and_credentials_produce_no_item(text: str) -> None:
    doc = MemoryDocument(repo_profile=PROFILE)
    turn = add_turn(doc, 0, "general_chat", text)
    new_doc, _report, delta = summarize(doc, [turn])
    assert delta.long_term_operations == [] and delta.topic_operations == []
    assert new_doc.long_term_memory.items() == []


def _item(
    doc: MemoryDocument, kind: LongTermType, label: str, summary: str, n: int
) -> LongTermItem:
    item = LongTermItem(
        id=f"mem_20260501_{n:03d}",
        type=kind,
        label=label,
        summary=summary,
        source=Source.USER_EXPLICIT if kind is PREFS else Source.CONVERSATION_SUMMARY,
        created_at=START,
        updated_at=START,
    )
    doc.long_term_memory.list_for(kind).append(item)
    return item


def test_a_new_rule_that_names_the_old_one_supersedes_it_through_the_applier() -> None:
    doc = MemoryDocument()
    old = _item(doc, PREFS, "give Maven commands", "Always give me Maven commands.", 1)
    keep = _item(doc, PREFS, "回答用中文", "以后回答都用中文。", 2)
    turn = add_turn(
        doc,
        1,
        "general_chat",
        "We migrated to Gradle. From now on give me Gradle commands instead of Maven.",
    )
    new_doc, report, _delta = summarize(doc, [turn])
    assert report.rejected == []
    gradle = next(p for p in active(new_doc, PREFS) if "Gradle" in p.summary)
    replaced = new_doc.long_term_item(old.id)
    assert replaced is not None and replaced.superseded_by == gradle.id
    assert new_doc.long_term_item(keep.id) in active(new_doc, PREFS)  # another subject
    # "We migrated to Gradle" is said in passing, not given to keep: offline, no note
    # (docs/quality.md#the-offline-reader).
    assert active(new_doc, NOTES) == []


def test_a_cancel_archives_the_item_it_names() -> None:
    doc = MemoryDocument()
    maven = _item(doc, PREFS, "给完整的 Maven 命令", "以后每次都给我完整的 Maven 命令。", 1)
    other = _item(doc, PREFS, "回答用中文", "以后回答都用中文。", 2)
    turn = add_turn(doc, 1, "general_chat", "我们已经切到 Gradle 了，不用再给我 Maven 命令了。")
    new_doc, report, delta = summarize(doc, [turn])
    archives = [
        op for op in delta.long_term_operations if op.operation is Operation.ARCHIVE_EXISTING
    ]
    assert [op.target_id for op in archives] == [maven.id]
    assert report.rejected == []
    assert new_doc.long_term_item(maven.id).status is ItemStatus.ARCHIVED  # type: ignore[union-attr]
    assert new_doc.long_term_item(other.id).is_active  # type: ignore[union-attr]


def test_a_cancel_that_names_nothing_changes_nothing() -> None:
    doc = MemoryDocument()
    _item(doc, PREFS, "回答用中文", "以后回答都用中文。", 1)
    turn = add_turn(doc, 1, "general_chat", "Forget what I said about the compatibility note.")
    _new_doc, _report, delta = summarize(doc, [turn])
    assert delta.long_term_operations == []


@pytest.mark.parametrize(
    "text",
    [
        "以后不用再提醒我加 @Transactional 了",
        "今后不用再给我 Maven 命令了",
        "From now on, no need to give me Maven commands.",
    ],
)
def test_a_cancel_of_an_action_with_nothing_to_cancel_is_a_rule(text: str) -> None:
    # What the user no longer wants done is a rule from now on, not lost.
    doc = MemoryDocument()
    _item(doc, PREFS, "回答用中文", "以后回答都用中文。", 1)
    turn = add_turn(doc, 1, "general_chat", text)
    new_doc, report, _delta = summarize(doc, [turn])
    assert report.rejected == []
    created = [p for p in active(new_doc, PREFS) if p.id != "mem_20260501_001"]
    assert [p.summary.rstrip("。.") for p in created] == [text.rstrip("。.")]


@pytest.mark.parametrize(
    "text",
    [
        "Never mind the offshore folks now.",
        "那个不用了",
        "Forget the English thing.",
        # about this answer only: no future in it
        "不用再写测试了，这个类很简单",
        "不用再解释了，我懂了",
    ],
)
def test_a_cancel_of_no_action_or_of_this_answer_alone_changes_nothing(text: str) -> None:
    doc = MemoryDocument()
    turn = add_turn(doc, 1, "general_chat", text)
    _new_doc, _report, delta = summarize(doc, [turn])
    assert [op for op in delta.long_term_operations if op.type == PREFS.value] == []


# --- blind E, rules: cancels and revisions through the applier (wordings of our own) ------


def _turn(doc: MemoryDocument, minute: int, text: str) -> Turn:
    return add_turn(doc, minute, "general_chat", text)


def _summarized(doc: MemoryDocument, turns: list[Turn]) -> tuple[MemoryDocument, ApplyReport]:
    new_doc, report, _delta = summarize(doc, turns)
    return new_doc, report


def _active(doc: MemoryDocument, item_id: str) -> bool:
    item = doc.long_term_item(item_id)
    assert item is not None
    return item.is_active


@pytest.mark.parametrize(
    ("rule", "note", "cancel"),
    [
        (
            "以后出方案的时候不要推荐 Kafka Streams。",
            "我们的流处理是自研的，不是 Kafka Streams。",
            "Kafka Streams 那条不用记了，还没定。",
        ),
        (
            "Never suggest Lombok in the examples.",
            "We removed Lombok from the api module last year.",
            "Please drop the Lombok rule.",
        ),
    ],
)
def test_a_cancel_naming_a_rule_archives_the_rule_not_the_note_sharing_its_word(
    rule: str, note: str, cancel: str
) -> None:
    doc = MemoryDocument()
    rule_id = _item(doc, PREFS, rule.rstrip("。."), rule, 1).id
    note_id = _item(doc, NOTES, note.rstrip("。."), note, 2).id
    new_doc, report = _summarized(doc, [_turn(doc, 1, cancel)])
    assert report.rejected == []
    assert not _active(new_doc, rule_id)
    assert _active(new_doc, note_id)


def test_a_correction_naming_that_item_does_not_pick_the_rule() -> None:
    doc = MemoryDocument()
    rule_id = _item(doc, PREFS, "超时重试别超过 3 次", "以后写超时重试别超过 3 次。", 1).id
    note_id = _item(doc, NOTES, "网关超时 3 秒", "网关超时是 3 秒。", 2).id
    new_doc, _report = _summarized(doc, [_turn(doc, 1, "超时那条我说错了，不是 3 秒。")])
    assert _active(new_doc, rule_id)
    assert new_doc.long_term_item(note_id) is not None


@pytest.mark.parametrize(
    ("old", "revision", "cancel"),
    [
        ("以后回答控制在 150 字以内。", "150 字太少了，放宽到 400 字吧", "算了，字数那条不用管了"),
        (
            "Keep answers under 100 words from now on.",
            "100 words is too tight, bump it to 250 words.",
            "Actually forget the word limit.",
        ),
    ],
)
def test_a_limit_revised_then_withdrawn_in_one_batch_ends_both(
    old: str, revision: str, cancel: str
) -> None:
    doc = MemoryDocument()
    old_id = _item(doc, PREFS, old.rstrip("。."), old, 1).id
    turns = [_turn(doc, 1, revision), _turn(doc, 2, cancel)]
    new_doc, report = _summarized(doc, turns)
    assert report.rejected == []
    # Offline, a revision without a standing marker is no rule, and a cancel that names
    # no stored words withdraws nothing: the rule stays as it was (a model, or the user's
    # own /edit and /forget, settle it). Nothing false is stored, nothing is lost.
    assert _active(new_doc, old_id)
    assert [p.id for p in new_doc.long_term_memory.durable_preferences if p.is_active] == [old_id]


@pytest.mark.parametrize(
    ("text", "quote"),
    [
        ("Drop the snake_case rule. Plain camelCase test names.", "Plain camelCase test names."),
        ("下划线命名那条取消吧。纯驼峰命名。", "纯驼峰命名。"),
    ],
)
def test_a_model_may_quote_a_rule_the_grammar_reads_with_the_sentence_before(
    text: str, quote: str
) -> None:
    doc = MemoryDocument()
    turn = _turn(doc, 1, text)
    op = LongTermOp(
        operation=Operation.CREATE_NEW,
        type=PREFS.value,
        label="test names: camelCase",
        summary="Name test methods in camelCase.",
        source=Source.USER_EXPLICIT.value,
        evidence_turn_ids=[turn.id],
        evidence_quote=quote,
    )
    delta = MemoryDelta(long_term_operations=[op])
    new_doc, report = apply_delta(doc, delta, now=START + timedelta(minutes=59))
    assert report.rejected == []
    assert [p.label for p in new_doc.long_term_memory.durable_preferences] == [
        "test names: camelCase"
    ]


def test_a_bare_choice_is_the_models_call() -> None:
    # No standing marker, no request form, but no statement about the project either:
    # the program does not judge the wording; a model that proposes it is trusted.
    doc = MemoryDocument()
    turn = _turn(doc, 1, "Thanks. Plain camelCase test names.")
    op = LongTermOp(
        operation=Operation.CREATE_NEW,
        type=PREFS.value,
        label="test names: camelCase",
        summary="Name test methods in camelCase.",
        source=Source.USER_EXPLICIT.value,
        evidence_turn_ids=[turn.id],
        evidence_quote="Plain camelCase test names.",
    )
    _new_doc, report = apply_delta(
        doc, MemoryDelta(long_term_operations=[op]), now=START + timedelta(minutes=59)
    )
    assert report.rejected == []


# --- project notes --------------------------------------------------------------------------------


def test_a_correction_rewrites_the_note_it_corrects() -> None:
    doc = MemoryDocument()
    wrong = _item(doc, NOTES, "鉴权框架", "项目用 Shiro 做登录鉴权。", 1)
    turn = add_turn(doc, 1, "general_chat", "不对，我们用的是 Spring Security，不是 Shiro。")
    new_doc, report, delta = summarize(doc, [turn])
    [op] = delta.long_term_operations
    assert isinstance(op, LongTermOp)
    assert (op.operation, op.target_id) == (Operation.UPDATE_EXISTING, wrong.id)
    assert report.rejected == []
    assert new_doc.long_term_item(wrong.id).summary == "我们用的是 Spring Security，不是 Shiro。"  # type: ignore[union-attr]


def assert_note_rewritten(
    modules: list[str], old: str, said: str, kept: list[str], gone: list[str]
) -> None:
    """``said`` updates the one note that held ``old`` (and only that): ``kept`` stays in
    it, ``gone`` does not."""
    doc = MemoryDocument(repo_profile=RepoProfile(modules=modules))
    note = _item(doc, NOTES, old[:20], old, 1)
    turn = add_turn(doc, 1, "general_chat", said)
    new_doc, report, delta = summarize(doc, [turn])
    assert [(op.operation, op.target_id) for op in delta.long_term_operations] == [
        (Operation.UPDATE_EXISTING, note.id)
    ]
    assert report.rejected == []
    [only] = active(new_doc, NOTES)
    for text in kept:
        assert text in only.summary, only.summary
    for text in gone:
        assert text not in only.summary, only.summary


@pytest.mark.parametrize(
    ("old", "said", "kept", "gone"),
    [
        # Another choice from the same set: the old note said nothing else.
        ("我们项目还在 JDK 8 上。", "现在整个项目都跑在 JDK 17 上。", ["JDK 17"], ["JDK 8"]),
        # A change of one setting of a named module: what else the note said stays.
        (
            "im-router keeps the mapping in Redis with a 5-minute TTL.",
            "im-router 的映射 TTL 已经改成 10 分钟了。",
            ["Redis", "10 分钟"],
            [],
        ),
        # A correction of a number, with or without the value it replaces, in either language.
        (
            "The orders topic has 12 partitions.",
            "Correction: the orders topic has 24 partitions, not 12.",
            ["24"],
            ["has 12"],
        ),
        (
            "The orders topic has 12 partitions.",
            "更正一下：orders topic 是 24 个 partitions，不是 12 个。",
            ["24"],
            ["has 12"],
        ),
        (
            "The orders topic has 12 partitions.",
            "Actually the orders topic has 24 partitions.",
            ["24"],
            ["12"],
        ),
        # A correction of one statement of a note: the other statement stays.
        (
            "shop-auth signs JWTs with RS256, and the key is served from /oauth/jwks.",
            "Correction: it's not /oauth/jwks, the JWK set endpoint is /.well-known/jwks.json.",
            ["RS256", "jwks.json"],
            ["served from /oauth/jwks"],
        ),
    ],
)
def test_a_fact_that_changes_a_note_rewrites_it(
    old: str, said: str, kept: list[str], gone: list[str]
) -> None:
    assert_note_rewritten(["im-router", "shop-auth"], old, said, kept, gone)


@pytest.mark.parametrize(
    ("old", "said", "kept", "gone"),
    [
        (
            "order-sync consumes the orders topic, which has 6 partitions.",
            "Forget what I said about 6 partitions, we raised it to 16 last week.",
            ["orders topic", "16"],
            ["6 partitions"],
        ),
        (
            "cms-article 的正文存在 Elasticsearch，元数据在 PostgreSQL。",
            "Elasticsearch 那条你忘了吧，正文已经搬回 PostgreSQL 了。",
            ["元数据在 PostgreSQL", "搬回"],
            ["存在 Elasticsearch"],
        ),
    ],
)
def test_a_cancel_with_the_new_state_rewrites_the_note(
    old: str, said: str, kept: list[str], gone: list[str]
) -> None:
    assert_note_rewritten(["order-sync", "cms-article"], old, said, kept, gone)


@pytest.mark.parametrize(
    ("old", "said"),
    [
        (
            "im-router keeps the mapping with a 5-minute TTL.",
            "记一下：im-gateway 的超时已经改成 60 秒了。",
        ),
        # "12" of a year is not the rejected 12
        (
            "The nightly job was written in 2012.",
            "For the record: our cache TTL is 10 minutes, not 12.",
        ),
    ],
)
def test_a_fact_about_something_else_is_a_note_of_its_own(old: str, said: str) -> None:
    doc = MemoryDocument(repo_profile=RepoProfile(modules=["im-router", "im-gateway"]))
    _item(doc, NOTES, old[:20], old, 1)
    turn = add_turn(doc, 1, "general_chat", said)
    new_doc, _report, delta = summarize(doc, [turn])
    assert [op.operation for op in delta.long_term_operations] == [Operation.CREATE_NEW]
    assert len(active(new_doc, NOTES)) == 2


def test_a_rule_summary_is_the_users_sentence() -> None:
    doc = MemoryDocument()
    turn = add_turn(
        doc,
        1,
        "general_chat",
        "我改主意了，commit message 还是给我中文的吧，英文的我还得再翻一遍。",
    )
    _new_doc, _report, delta = summarize(doc, [turn])
    # No standing marker: offline, no rule (a model reads it; the user can remember it).
    assert [op for op in delta.long_term_operations if op.type == PREFS.value] == []
    turn = add_turn(doc, 2, "general_chat", "我们已经升到 JDK 17 了，以后示例可以用新语法了。")
    _new_doc, _report, delta = summarize(doc, [turn])
    rules = [op for op in delta.long_term_operations if op.type == PREFS.value]
    assert [op.summary for op in rules] == ["我们已经升到 JDK 17 了，以后示例可以用新语法了。"]


@pytest.mark.parametrize(
    ("text", "intent", "scope", "project_level"),
    [
        ("review 模块负责什么？", "code_explain", ["review/"], True),
        ("这个项目的整体结构是怎样的？", "code_explain", [], True),
        ("这个类做什么？", "code_explain", ["review/src/Finding.java"], False),
        ("What does the api module do?", "code_explain", [], False),
    ],
)
def test_questions_about_the_code_are_not_notes(
    text: str, intent: str, scope: list[str], project_level: bool
) -> None:
    doc = MemoryDocument(repo_profile=PROFILE)
    turn = add_turn(doc, 0, intent, text, scope, project_level=project_level)
    assert HeuristicBackend().summarize(build_request(doc, [turn])).long_term_operations == []


def test_stated_facts_are_notes_with_their_evidence() -> None:
    doc = MemoryDocument(repo_profile=RepoProfile(modules=["mall-order", "mall-search"]))
    first = add_turn(
        doc, 0, "general_chat", "Remember that mall-order calls mall-search via Feign."
    )
    second = add_turn(doc, 1, "general_chat", "顺便说一下，我们 CI 一律加 -T 4。")
    new_doc, report, delta = summarize(doc, [first, second])
    assert report.rejected == []
    assert [(n.label, n.summary) for n in active(new_doc, NOTES)] == [
        ("mall-order calls mall-search via Feign", "mall-order calls mall-search via Feign."),
        ("我们 CI 一律加 -T 4", "我们 CI 一律加 -T 4。"),
    ]
    assert [op.evidence_turn_ids for op in delta.long_term_operations] == [[first.id], [second.id]]


# --- blind E, notes: a correction that names its topic first ---------------------------------


@pytest.mark.parametrize(
    ("old", "said", "kept", "gone"),
    [
        # "<topic>那个(我)说错了/记错了，是 <new>": the statement about the topic goes.
        (
            "pay-gw 调银行的连接池大小是 20，读超时 8 秒。",
            "诶，连接池那个我说错了，是 50 不是 20。",
            ["读超时 8 秒", "连接池是 50"],
            ["大小是 20"],
        ),
        (
            "cache-sync 每次批量同步 200 条，失败重试 3 次。",
            "批量那个记错了，是 800 条",
            ["重试 3 次", "800"],
            ["200"],
        ),
        # "<topic> 那个改了，…调成 <new>": a change, told the same way.
        (
            "report-job 的 page size 是 300，线程数是 4。",
            "对了 page size 那个改了，前天已经调成 600 了。",
            ["线程数是 4", "600"],
            ["是 300"],
        ),
        # dictated: no comma between the admission and the new value
        (
            "log-agent 的日志默认是按天滚动的，保留 7 天。",
            "滚动那个我搞错了 默认是按小时滚动",
            ["保留 7 天", "按小时"],
            ["按天"],
        ),
        # an interjection and the value it replaces: "oops, A, not B"
        (
            "coupon-svc gives a 10% discount to new users, capped at 30 yuan.",
            "oops, the cap is 50 yuan, not 30.",
            ["10% discount", "50 yuan"],
            ["at 30"],
        ),
        # "update: the X thing is outdated, <new state>"
        (
            "mail-out sends through SendGrid.",
            "update: the sendgrid thing is outdated, mail-out moved to Amazon SES in May.",
            ["SES"],
            ["SendGrid."],
        ),
    ],
)
def test_a_topic_first_correction_rewrites_the_note(
    old: str, said: str, kept: list[str], gone: list[str]
) -> None:
    modules = ["pay-gw", "cache-sync", "report-job", "log-agent", "coupon-svc", "mail-out"]
    assert_note_rewritten(modules, old, said, kept, gone)


@pytest.mark.parametrize(
    ("old", "said", "kept", "gone"),
    [
        # a withdrawal names the platform in the other language than the note
        (
            "notify-svc 的告警走企业微信机器人，每 5 分钟汇总一次。",
            "update: alerts go to Feishu now, we moved off WeCom last month.",
            ["5 分钟", "Feishu"],
            ["企业微信"],
        ),
        (
            "sso-bridge syncs the org chart from DingTalk every night.",
            "sso-bridge 现在从飞书同步组织架构了，已经不用钉钉了。",
            ["飞书"],
            ["DingTalk"],
        ),
        # the same withdrawal in one language
        (
            "ci-runner 的流水线跑在 Jenkins 上。",
            "ci-runner 的流水线已经迁到 GitLab CI 了，去年就下掉了 Jenkins。",
            ["GitLab CI"],
            ["Jenkins 上"],
        ),
    ],
)
def test_a_withdrawal_rewrites_the_note_that_names_the_old_platform(
    old: str, said: str, kept: list[str], gone: list[str]
) -> None:
    assert_note_rewritten(["notify-svc", "sso-bridge", "ci-runner"], old, said, kept, gone)


# --- blind E, notes: a cancel of a statement takes what goes on from it ----------------------


@pytest.mark.parametrize(
    ("old", "said"),
    [
        (
            "bill-core 的对账文件还放在 FTP 上，下个月才迁 OSS。",
            "刚才说 bill-core 还放在 FTP 上那条先别记，我再确认下。",
        ),
        (
            "bill-core still reads its config from Consul, and then moves to Nacos in Q3.",
            "Forget the bit about bill-core and Consul, I'm not sure about it.",
        ),
    ],
)
def test_a_cancel_of_a_statement_takes_the_part_that_goes_on_from_it(old: str, said: str) -> None:
    doc = MemoryDocument(repo_profile=RepoProfile(modules=["bill-core"]))
    note = _item(doc, NOTES, old[:12], old, 1)
    turn = add_turn(doc, 1, "general_chat", said)
    _new_doc, _report, delta = summarize(doc, [turn])
    assert [(op.operation, op.target_id) for op in delta.long_term_operations] == [
        (Operation.ARCHIVE_EXISTING, note.id)
    ]


# --- topics ---------------------------------------------------------------------------------------


def test_an_existing_topic_is_updated_not_duplicated() -> None:
    doc = MemoryDocument()
    doc.working_memory.active_topics.append(
        Topic(
            id="topic_20260501_001",
            label="Java Optional",
            summary="用户近期关注 Optional 的用法。",
            last_touched_at=START,
        )
    )
    first = add_turn(doc, 1, "general_chat", "Optional.orElseThrow 什么时候用？")
    second = add_turn(doc, 2, "general_chat", "Optional 能序列化吗？")
    delta = HeuristicBackend().summarize(build_request(doc, [first, second]))
    [op] = delta.topic_operations
    assert isinstance(op, TopicOp)
    assert op.target_id == "topic_20260501_001" and op.related_turn_ids == [first.id, second.id]


def test_a_question_asked_twice_is_said_once_in_the_topic() -> None:
    # "The user is looking into Optional: What is Optional? What is Optional?"
    doc = MemoryDocument()
    turns = [
        add_turn(doc, 0, "general_chat", "What is Optional in Java?"),
        add_turn(doc, 1, "general_chat", "What is Optional in Java?"),
        add_turn(doc, 2, "general_chat", "When should Optional not be a field?"),
    ]
    [op] = HeuristicBackend().summarize(build_request(doc, turns)).topic_operations
    assert isinstance(op, TopicOp) and op.summary is not None
    assert op.summary.count("What is Optional in Java?") == 1
    assert "When should Optional not be a field?" in op.summary


def test_one_question_alone_is_no_topic() -> None:
    doc = MemoryDocument()
    turn = add_turn(doc, 0, "general_chat", "Spring Security 的 CSRF 怎么关掉？")
    assert HeuristicBackend().summarize(build_request(doc, [turn])).topic_operations == []


@pytest.mark.parametrize(
    ("questions", "label"),
    [
        (
            ["Spring Security 的 CSRF 怎么关掉？", "Spring Security 怎么配置多个过滤链？"],
            "Spring Security",
        ),
        (["@Data 会生成哪些方法？", "@Data 和 equals 有什么坑？"], "@Data"),
        (["依赖注入有什么好处？", "构造器注入和字段依赖注入哪个好？"], "依赖注入"),
        (
            ["How does Spring Cloud Gateway route requests?", "Can Spring Cloud Gateway retry?"],
            "Spring Cloud Gateway",
        ),
    ],
)
def test_topic_labels_name_the_concern(questions: list[str], label: str) -> None:
    doc = MemoryDocument()
    turns = [add_turn(doc, i, "general_chat", q) for i, q in enumerate(questions)]
    delta = HeuristicBackend().summarize(build_request(doc, turns))
    assert [op.label for op in delta.topic_operations if isinstance(op, TopicOp)] == [label]


def test_a_concern_is_followed_across_batches() -> None:
    doc = MemoryDocument()
    first = add_turn(doc, 0, "general_chat", "Optional 怎么用？")
    other = add_turn(doc, 1, "general_chat", "Gradle 怎么配置多模块？")
    doc, _report, _delta = summarize(doc, [first, other], minute=2)
    assert doc.working_memory.active_topics == []
    later = add_turn(doc, 3, "general_chat", "Optional 的 orElse 和 orElseGet 有什么区别？")
    doc, report, _delta = summarize(doc, [later], minute=4)
    [topic] = doc.working_memory.active_topics
    assert topic.label == "Optional" and topic.related_turn_ids == [first.id, later.id]
    assert report.rejected == []


@pytest.mark.parametrize("project_level", [True, False])
def test_a_project_level_question_is_about_the_module_it_names(project_level: bool) -> None:
    doc = MemoryDocument()  # no profile: the build's modules are unknown
    # Not project-level: a file is in scope (the flag is false by default, so a
    # code_explain turn with no file in scope counts as project-level too).
    scope = [] if project_level else ["billing/src/main/java/Billing.java"]
    turns = [
        add_turn(
            doc,
            0,
            "code_explain",
            "What does the billing module do?",
            scope,
            project_level=project_level,
        ),
        add_turn(
            doc,
            1,
            "code_explain",
            "Who calls the billing module?",
            scope,
            project_level=project_level,
        ),
    ]
    delta = HeuristicBackend().summarize(build_request(doc, turns))
    labels = [op.label for op in delta.topic_operations if isinstance(op, TopicOp)]
    # A project-level question is about the project's structure: "billing" is a module,
    # not a plain English word.
    assert labels == (["billing"] if project_level else [])


def test_at_most_two_new_topics_per_call() -> None:
    doc = MemoryDocument()
    turns = [
        add_turn(doc, 0, "general_chat", "HashMap 和 TreeMap 的 Comparator 有什么关系？"),
        add_turn(doc, 1, "general_chat", "TreeMap 的 Comparator 可以为 null 吗？"),
        add_turn(doc, 2, "general_chat", "HashMap 的扩容和 TreeMap 有什么不同？"),
        add_turn(doc, 3, "general_chat", "CompletableFuture 和 HashMap 一起用要注意什么？"),
    ]
    _doc, report, delta = summarize(doc, turns)
    assert len(delta.topic_operations) <= limits.HEURISTIC_MAX_NEW_TOPICS
    labels = [op.label for op in delta.topic_operations if isinstance(op, TopicOp)]
    assert labels[:1] == ["HashMap"]
    assert report.rejected == []


# --- the protocol and robustness -------------------------------------------------------------


def test_it_is_a_summary_backend() -> None:
    backend = HeuristicBackend()
    assert isinstance(backend, SummaryBackend)
    assert backend.name == "heuristic"


_FRAGMENTS = st.sampled_from(
    [
        "以后", "always ", "never ", "from now on ", "回答", "中文", "模块", " module ", "Optional",
        "UserServiceImpl", "src/main/java/App.java", "review/", "？", "?", "。", ". ", "\n", "{",
        "}", ";", "```", "`", "at com.x.Y(Y.java:1)", "password=abc", "public class A {",
        "return x;", "-", "+", "@", " ", "不对，", "我们用的是 ", "forget what I said about ",
        "不用再", "stop suggesting ", "，不是 ", "记住", "remember that ", "mall-order ",
    ]
)  # fmt: skip
_TEXT = st.lists(
    st.one_of(_FRAGMENTS, st.text(min_size=0, max_size=12)), min_size=0, max_size=40
).map("".join)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    texts=st.lists(_TEXT, min_size=1, max_size=limits.SUMMARY_BATCH_TURNS),
    intents=st.lists(st.sampled_from(["general_chat", "code_explain"]), min_size=4, max_size=4),
)
# A rule restated in one turn and cancelled in the next, in one batch.
@example(texts=["以后回答", "中文不用再"], intents=["general_chat"] * 4)
# A rule replaced in one turn and said again, vaguely, in the next (found by hypothesis).
@example(texts=["never 中文", "以后回答"], intents=["general_chat"] * 4)
# Two turns that share only a secret's key: the topic would say nothing but the secret.
@example(texts=["password=abc", "password=abc以后以后"], intents=["general_chat"] * 4)
# A sentence read as a rule that reads as an order to drop instructions (found by hypothesis).
@example(texts=["以后forget what I said about "], intents=["general_chat"] * 4)
# A rule cancelled in one turn and replaced in the next: one archive, no supersede of it.
@example(texts=["forget what I said about 以后", "以后不用再以后"], intents=["general_chat"] * 4)
# The same replacing rule in two turns: the item it replaces is superseded once.
@example(texts=["always stop suggesting 以后"] * 2, intents=["general_chat"] * 4)
def test_any_input_gives_a_delta_the_applier_accepts_whole(
    texts: list[str], intents: list[str]
) -> None:
    doc = MemoryDocument(repo_profile=PROFILE)
    _item(doc, PREFS, "回答用中文", "以后回答都用中文。", 1)
    _item(doc, NOTES, "鉴权框架", "项目用 Shiro 做登录鉴权。", 2)
    turns = [
        add_turn(doc, i, intents[i], text[: limits.MAX_USER_TEXT_CHARS], ["review/"] if i else [])
        for i, text in enumerate(texts)
    ]
    delta = HeuristicBackend().summarize(build_request(doc, turns))
    _doc, report = apply_delta(doc, delta, now=START + timedelta(hours=1))
    assert report.rejected == []
    assert len(delta.turn_summaries) == len(turns)


@pytest.mark.parametrize(
    ("old", "said", "kept", "gone"),
    [
        # What the user said before is withdrawn, the new value follows; the rest stays.
        (
            "wms-sync 每周一晚上 10 点全量同步，每次大约 50 万条。",
            "刚才说每周一晚上 10 点那个不对了，上个月已经改到周三凌晨了。",
            ["50 万条", "周三凌晨"],
            ["全量同步"],
        ),
        (
            "wms-sync pulls the stock every 15 minutes, about 2000 rows a run.",
            "I was wrong about every 15 minutes, it pulls every 5 minutes now.",
            ["2000 rows", "every 5 minutes now"],
            ["pulls the stock every 15 minutes"],
        ),
        # A correction that says the project never used what the note named.
        (
            "wms-sync 和 wms-stock 之间用 RocketMQ 事务消息保证一致。",
            "哦不对，我记错了，同步那块没用 RocketMQ，是靠定时对账补的。",
            ["定时对账"],
            ["RocketMQ 事务消息保证一致"],
        ),
        (
            "wms-sync keeps stock consistent with Seata transactions.",
            "Oh no, my bad, we never used Seata there, it's a nightly reconciliation.",
            ["nightly reconciliation"],
            ["with Seata transactions"],
        ),
    ],
)
def test_a_withdrawn_value_rewrites_the_note_that_held_it(
    old: str, said: str, kept: list[str], gone: list[str]
) -> None:
    assert_note_rewritten(["wms-sync", "wms-stock"], old, said, kept, gone)


@pytest.mark.parametrize(
    ("old", "said", "kept", "gone"),
    [
        (
            "crm-file 的附件存在 MinIO 里，其他服务的文件都放 NAS。",
            "稍等，crm-file 用 MinIO 那条先别记，我再核对一下。",
            ["NAS"],
            ["MinIO"],
        ),
        (
            "crm-file keeps attachments in MinIO; the other services write to an NFS share.",
            "Hold on, forget the bit about crm-file and MinIO, I need to double-check it.",
            ["NFS"],
            ["MinIO"],
        ),
    ],
)
def test_a_cancel_of_one_statement_of_a_note_keeps_the_others(
    old: str, said: str, kept: list[str], gone: list[str]
) -> None:
    assert_note_rewritten(["crm-file"], old, said, kept, gone)


def test_a_cancel_of_the_whole_note_still_archives_it() -> None:
    doc = MemoryDocument(repo_profile=RepoProfile(modules=["crm-file"]))
    note = _item(doc, NOTES, "附件存储", "crm-file 的附件存在 MinIO 里。", 1)
    turn = add_turn(doc, 1, "general_chat", "crm-file 用 MinIO 那条先别记。")
    _new_doc, _report, delta = summarize(doc, [turn])
    assert [(op.operation, op.target_id) for op in delta.long_term_operations] == [
        (Operation.ARCHIVE_EXISTING, note.id)
    ]


def test_a_cancel_that_names_only_the_topic_of_a_note_archives_all_of_it() -> None:
    """ "crm-file 那条" is about all that was said of crm-file, its consequences too."""
    doc = MemoryDocument(repo_profile=RepoProfile(modules=["crm-file"]))
    note = _item(doc, NOTES, "附件存储", "crm-file 模块已经下线了，附件都迁到 OSS 了。", 1)
    turn = add_turn(doc, 1, "general_chat", "刚才说的 crm-file 那条不用记了。")
    _new_doc, _report, delta = summarize(doc, [turn])
    assert [(op.operation, op.target_id) for op in delta.long_term_operations] == [
        (Operation.ARCHIVE_EXISTING, note.id)
    ]
