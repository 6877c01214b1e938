"""The heuristic backend: deterministic deltas that the real applier accepts whole."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from autopatch_memory import limits
from autopatch_memory.applier import ApplyReport, apply_delta
from autopatch_memory.backends.base import SummaryBackend, SummaryTurn
from autopatch_memory.backends.heuristic import (
    HeuristicBackend,
    Subject,
    clean_prose,
    is_project_level,
    is_wish,
    note_subject,
    sentences,
)
from autopatch_memory.intents import IntentType
from autopatch_memory.model import (
    ItemStatus,
    LongTermItem,
    LongTermOp,
    LongTermType,
    MemoryDelta,
    MemoryDocument,
    RepoProfile,
    Source,
    Topic,
    TopicOp,
    Turn,
    TurnSummaryOp,
    check_invariants,
)
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
    doc: MemoryDocument, minute: int, intent: str, text: str, scope: list[str] | None = None
) -> Turn:
    now = START + timedelta(minutes=minute)
    turn = Turn(
        id=now.strftime("turn_%Y%m%d_%H%M%S_001"),
        intent=IntentType(intent),
        user_text=text,
        assistant_text="(the answer)",
        scope_paths=scope or [],
        created_at=now,
    )
    doc.working_memory.recent_turns.append(turn)
    # Like the store: keep the newest turns only.
    del doc.working_memory.recent_turns[: -limits.MAX_RECENT_TURNS]
    return turn


def summarize_pending(
    doc: MemoryDocument, now: datetime, backend: HeuristicBackend
) -> tuple[MemoryDocument, ApplyReport, MemoryDelta]:
    batch = doc.pending_turns()[: limits.SUMMARY_BATCH_TURNS]
    delta = backend.summarize(build_request(doc, batch))
    new_doc, report = apply_delta(doc, delta, now=now)
    return new_doc, report, delta


def texts_of(delta: MemoryDelta) -> list[str]:
    found: list[str] = []
    for op in [*delta.turn_summaries, *delta.topic_operations, *delta.long_term_operations]:
        for name in ("label", "summary"):
            value = getattr(op, name, None)
            if value:
                found.append(value)
    return found


# --- the scripted 20-turn bilingual conversation --------------------------------------------

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
    ("general_chat", "虚拟线程和平台线程的区别是什么？", []),
    ("code_explain", "How are the modules of this project built with Maven?", []),
    ("general_chat", "Remember: my password=hunter2 is for the test db only, never print it.", []),
]


def run_conversation() -> tuple[MemoryDocument, list[ApplyReport], list[MemoryDelta]]:
    backend = HeuristicBackend()
    doc = MemoryDocument(repo_profile=PROFILE)
    reports: list[ApplyReport] = []
    deltas: list[MemoryDelta] = []
    for minute, (intent, text, scope) in enumerate(CONVERSATION):
        add_turn(doc, minute, intent, text, scope)
        # Summarize as the triggers would: every second pending turn, and at the end.
        if len(doc.pending_turns()) >= limits.TRIGGER_PENDING_TURNS:
            doc, report, delta = summarize_pending(doc, START + timedelta(minutes=minute), backend)
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
            # The store redacts user text; what the backend writes is redacted already.
            assert "hunter2" not in text


def test_the_conversation_yields_grounded_preferences() -> None:
    doc, _reports, _deltas = run_conversation()
    preferences = {p.label: p.summary for p in doc.long_term_memory.durable_preferences}

    assert preferences["回答语言"] == "以后回答都用中文，先给结论。"
    assert any("short code example" in s for s in preferences.values())
    assert any("Lombok" in label for label in preferences)
    # A question that happens to say "always" is not a rule.
    assert not any("box ints" in s for s in preferences.values())
    for item in doc.long_term_memory.durable_preferences:
        assert item.source is Source.USER_EXPLICIT
    assert len(preferences) == 4


def test_the_conversation_yields_project_notes_about_focus_not_purpose() -> None:
    doc, _reports, _deltas = run_conversation()
    notes = {n.label: n.summary for n in doc.long_term_memory.project_notes}

    assert set(notes) == {"项目结构", "review 模块", "api module", "order module"}
    assert "FindingQueue" in notes["review 模块"]  # the later question extended the note
    for summary in notes.values():
        assert summary.startswith(("用户关注", "The user is interested in"))


def test_the_conversation_yields_sensible_topics() -> None:
    doc, _reports, _deltas = run_conversation()
    topics = {t.label: t for t in doc.working_memory.active_topics}

    assert {"Optional", "Stream", "HashMap"} <= set(topics)
    assert len(topics) <= limits.MAX_ACTIVE_TOPICS
    optional = topics["Optional"]
    asked = [t.id for t in doc.working_memory.recent_turns if "Optional" in t.user_text]
    assert set(asked) <= set(optional.related_turn_ids)
    assert "orElseGet" in optional.summary  # updated, not duplicated


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
    ],
)
def test_every_turn_gets_a_summary_in_the_users_language(text: str, language: str) -> None:
    doc = MemoryDocument()
    turn = add_turn(doc, 0, "general_chat", text)
    delta = HeuristicBackend().summarize(build_request(doc, [turn]))
    [op] = delta.turn_summaries
    assert isinstance(op, TurnSummaryOp) and op.turn_id == turn.id
    assert detect_language(op.summary).value == language


def test_the_summary_states_the_question_not_the_preamble() -> None:
    doc = MemoryDocument()
    turn = add_turn(doc, 0, "general_chat", "我在看 OrderService。它的 submit 方法为什么要加锁？")
    [op] = HeuristicBackend().summarize(build_request(doc, [turn])).turn_summaries
    assert op.summary == "用户询问：它的 submit 方法为什么要加锁？（涉及 OrderService）"


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
    delta = HeuristicBackend().summarize(build_request(doc, [turn]))
    _doc, report = apply_delta(doc, delta, now=START)
    assert report.rejected == []
    [op] = delta.turn_summaries
    assert 0 < len(op.summary) <= limits.MAX_SUMMARY_CHARS
    assert "hunter2" not in op.summary and "sk-abcdefghijklmnop" not in op.summary


def test_clean_prose_drops_code_and_logs_but_keeps_names() -> None:
    text = "See `Optional.get()` here.\n```\nint x = 1;\n```\nat com.x.Y.z(Y.java:12)\nWhy?"
    assert clean_prose(text) == "See Optional.get() here.\nWhy?"
    assert sentences("我在看 A。它为什么慢？ See Optional.get(). Then what?") == [
        "我在看 A。",
        "它为什么慢？",
        "See Optional.get().",
        "Then what?",
    ]


# --- preferences -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "wish"),
    [
        ("以后回答都用中文，先给结论", True),
        ("不要用 Lombok", True),
        ("每次回答先给结论", True),
        ("记住我们用 JUnit 5", True),
        ("From now on, always answer in English.", True),
        ("Never use Lombok in examples.", True),
        ("I prefer short answers.", True),
        ("Could you always give the conclusion first?", True),
        ("Please don't paste whole files.", True),
        ("Why does Java always box ints?", False),
        ("Do you remember what Optional is?", False),
        ("接口方法必须是 public 吗", False),
        ("要不要用 Optional？", False),
        ("这个方法必须是 static 的吗？", False),
        ("Optional 怎么用？", False),
        ("HashMap is never thread-safe.", False),
    ],
)
def test_wishes_are_told_from_questions_and_facts(sentence: str, wish: bool) -> None:
    assert is_wish(sentence) is wish


def _preference(doc: MemoryDocument, label: str, summary: str) -> LongTermItem:
    item = LongTermItem(
        id="mem_20260501_001",
        type=LongTermType.DURABLE_PREFERENCE,
        label=label,
        summary=summary,
        status=ItemStatus.ACTIVE,
        source=Source.USER_EXPLICIT,
        created_at=START,
        updated_at=START,
    )
    doc.long_term_memory.durable_preferences.append(item)
    return item


def test_a_new_wish_of_the_same_kind_updates_the_existing_preference() -> None:
    doc = MemoryDocument()
    item = _preference(doc, "回答语言", "以后回答都用中文。")
    turn = add_turn(doc, 1, "general_chat", "From now on, answer in English please.")

    delta = HeuristicBackend().summarize(build_request(doc, [turn]))
    new_doc, report = apply_delta(doc, delta, now=START + timedelta(minutes=1))

    [op] = delta.long_term_operations
    assert isinstance(op, LongTermOp)
    assert (op.operation.value, op.target_id, op.evidence_turn_ids) == (
        "update_existing",
        item.id,
        [turn.id],
    )
    assert report.rejected == []
    [updated] = new_doc.long_term_memory.durable_preferences
    assert updated.summary == "From now on, answer in English please."


def test_two_wishes_of_one_kind_in_a_batch_make_one_item_and_the_later_wins() -> None:
    doc = MemoryDocument()
    first = add_turn(doc, 0, "general_chat", "以后都用中文回答")
    second = add_turn(doc, 1, "general_chat", "Actually, from now on answer in English.")
    delta = HeuristicBackend().summarize(build_request(doc, [first, second]))
    [op] = delta.long_term_operations
    assert isinstance(op, LongTermOp) and op.evidence_turn_ids == [second.id]


def test_no_preference_without_a_signal_in_the_turn() -> None:
    doc = MemoryDocument()
    turn = add_turn(doc, 0, "general_chat", "I like concise answers about Optional?")
    delta = HeuristicBackend().summarize(build_request(doc, [turn]))
    assert delta.long_term_operations == []


# --- project notes --------------------------------------------------------------------------------


def _turn(intent: str, text: str, scope: list[str] | None = None) -> SummaryTurn:
    return SummaryTurn(
        id="turn_20260501_090000_001",
        intent=IntentType(intent),
        user_text=text,
        scope_paths=scope or [],
        created_at=START,
    )


@pytest.mark.parametrize(
    ("text", "scope", "subject"),
    [
        ("review 模块负责什么？", [], Subject("review", "module")),
        ("这个目录是干什么的", ["src/main/java/com/demo/review/"], Subject("review", "folder")),
        ("What does the api module do?", [], Subject("api", "module")),
        ("Explain the module mall-admin", [], Subject("mall-admin", "module")),
        ("Which module handles orders?", [], Subject("", "project")),
        ("How does order talk to api?", [], Subject("order", "module")),
        ("讲讲 FindingQueue 是怎么工作的", [], Subject("FindingQueue", "class")),
        ("这个项目的结构是怎样的？", [], Subject("", "project")),
        ("order 包括哪些东西", [], Subject("order", "module")),
    ],
)
def test_note_subjects(text: str, scope: list[str], subject: Subject) -> None:
    modules = ["api", "review", "services/order", "mall-admin"]
    assert note_subject(_turn("code_explain", text, scope), modules) == subject


def test_only_project_level_code_explain_turns_make_notes() -> None:
    assert is_project_level(_turn("code_explain", "review 模块负责什么？", ["review/"]))
    assert not is_project_level(_turn("code_explain", "这个类做什么", ["review/Finding.java"]))
    assert not is_project_level(_turn("general_chat", "review 模块负责什么？"))
    doc = MemoryDocument()
    turn = add_turn(doc, 0, "code_explain", "这个类做什么？", ["review/src/Finding.java"])
    assert HeuristicBackend().summarize(build_request(doc, [turn])).long_term_operations == []


def test_a_note_on_a_known_subject_is_updated() -> None:
    doc = MemoryDocument()
    doc.long_term_memory.project_notes.append(
        LongTermItem(
            id="mem_20260501_002",
            type=LongTermType.PROJECT_NOTE,
            label="review module",
            summary="用户关注 review 模块如何管理 finding 队列。",
            source=Source.CONVERSATION_SUMMARY,
            created_at=START,
            updated_at=START,
        )
    )
    turn = add_turn(doc, 1, "code_explain", "review 模块怎么确认补丁？")
    delta = HeuristicBackend().summarize(build_request(doc, [turn]))
    [op] = delta.long_term_operations
    assert isinstance(op, LongTermOp) and op.target_id == "mem_20260501_002"
    new_doc, report = apply_delta(doc, delta, now=START)
    assert report.rejected == []
    assert new_doc.long_term_memory.project_notes[0].summary == (
        "用户关注 review 模块如何管理 finding 队列；又问：review 模块怎么确认补丁？"
    )


# --- topics ---------------------------------------------------------------------------------


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


def test_at_most_two_new_topics_per_call() -> None:
    doc = MemoryDocument()
    turns = [
        add_turn(doc, 0, "general_chat", "HashMap 和 TreeMap 的 Comparator 有什么关系？"),
        add_turn(doc, 1, "general_chat", "TreeMap 的 Comparator 可以为 null 吗？"),
        add_turn(doc, 2, "general_chat", "HashMap 的扩容和 TreeMap 有什么不同？"),
        add_turn(doc, 3, "general_chat", "CompletableFuture 和 HashMap 一起用要注意什么？"),
    ]
    delta = HeuristicBackend().summarize(build_request(doc, turns))
    assert len(delta.topic_operations) <= limits.HEURISTIC_MAX_NEW_TOPICS
    labels = [op.label for op in delta.topic_operations if isinstance(op, TopicOp)]
    assert labels[0] == "HashMap"
    _doc, report = apply_delta(doc, delta, now=START)
    assert report.rejected == []


def test_shared_chinese_terms_become_a_topic() -> None:
    doc = MemoryDocument()
    turns = [
        add_turn(doc, 0, "general_chat", "依赖注入有什么好处？"),
        add_turn(doc, 1, "general_chat", "构造器注入和字段依赖注入哪个好？"),
    ]
    delta = HeuristicBackend().summarize(build_request(doc, turns))
    assert [op.label for op in delta.topic_operations if isinstance(op, TopicOp)] == ["依赖注入"]


# --- the protocol and robustness -------------------------------------------------------------


def test_it_is_a_summary_backend() -> None:
    backend = HeuristicBackend()
    assert isinstance(backend, SummaryBackend)
    assert backend.name == "heuristic"


_FRAGMENTS = st.sampled_from(
    [
        "以后",
        "always ",
        "never ",
        "from now on ",
        "回答",
        "中文",
        "模块",
        " module ",
        "Optional",
        "UserServiceImpl",
        "src/main/java/App.java",
        "review/",
        "？",
        "?",
        "。",
        ". ",
        "\n",
        "{",
        "}",
        ";",
        "```",
        "`",
        "at com.x.Y(Y.java:1)",
        "password=abc",
        "public class A {",
        "return x;",
        "-",
        "+",
        "@",
        " ",
    ]
)
_TEXT = st.lists(
    st.one_of(_FRAGMENTS, st.text(min_size=0, max_size=12)), min_size=0, max_size=40
).map("".join)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    texts=st.lists(_TEXT, min_size=1, max_size=limits.SUMMARY_BATCH_TURNS),
    intents=st.lists(st.sampled_from(["general_chat", "code_explain"]), min_size=4, max_size=4),
)
def test_any_input_gives_a_delta_the_applier_accepts_whole(
    texts: list[str], intents: list[str]
) -> None:
    doc = MemoryDocument(repo_profile=PROFILE)
    turns = [
        add_turn(doc, i, intents[i], text[: limits.MAX_USER_TEXT_CHARS], ["review/"] if i else [])
        for i, text in enumerate(texts)
    ]
    delta = HeuristicBackend().summarize(build_request(doc, turns))
    _doc, report = apply_delta(doc, delta, now=START)
    assert report.rejected == []
    assert len(delta.turn_summaries) == len(turns)
