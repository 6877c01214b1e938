"""The applier against hostile and sloppy deltas: each operation's exact outcome."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from typing import Any

import pytest

from autopatch_memory import limits
from autopatch_memory.applier import ApplyReport, apply_delta, discarded_report
from autopatch_memory.budget import long_term_bytes
from autopatch_memory.delta import delta_from_object, parse_delta
from autopatch_memory.errors import DeltaParseError
from autopatch_memory.intents import IntentType
from autopatch_memory.model import (
    ItemStatus,
    LongTermItem,
    LongTermType,
    MemoryDelta,
    MemoryDocument,
    RepoProfile,
    Source,
    SummaryStatus,
    Topic,
    Turn,
    check_invariants,
)
from autopatch_memory.reasons import Reason

CST = timezone(timedelta(hours=8))
T0 = datetime(2026, 5, 1, 12, 0, 0, tzinfo=CST)
NOW = datetime(2026, 5, 2, 9, 0, 0, tzinfo=CST)

OPTIONAL_TURN = "turn_20260501_120000_001"
ZH_RULE_TURN = "turn_20260501_120100_001"
REVIEW_TURN = "turn_20260501_120200_001"
EN_RULE_TURN = "turn_20260501_120300_001"
OPTIONAL_TOPIC = "topic_20260501_001"
PREF = "mem_20260501_001"
REVIEW_NOTE = "mem_20260501_002"
ARCHIVED_NOTE = "mem_20260501_003"
BUILD_NOTE = "mem_20260501_004"


def base_document() -> MemoryDocument:
    def turn(tid: str, intent: IntentType, text: str, minute: int) -> Turn:
        return Turn(
            id=tid,
            intent=intent,
            user_text=text,
            assistant_text="an answer",
            created_at=T0 + timedelta(minutes=minute),
        )

    def item(
        iid: str,
        kind: LongTermType,
        label: str,
        summary: str,
        status: ItemStatus = ItemStatus.ACTIVE,
    ) -> LongTermItem:
        source = (
            Source.USER_EXPLICIT
            if kind is LongTermType.DURABLE_PREFERENCE
            else Source.CONVERSATION_SUMMARY
        )
        return LongTermItem(
            id=iid,
            type=kind,
            label=label,
            summary=summary,
            status=status,
            source=source,
            created_at=T0,
            updated_at=T0,
        )

    doc = MemoryDocument(
        generation=4,
        repo_profile=RepoProfile(
            build_tool="maven", java_version="17", project_name="demo", source_files=["pom.xml"]
        ),
    )
    doc.working_memory.recent_turns = [
        turn(OPTIONAL_TURN, IntentType.GENERAL_CHAT, "Optional 怎么用？", 0),
        turn(ZH_RULE_TURN, IntentType.GENERAL_CHAT, "以后回答都用中文，先给结论。", 1),
        turn(REVIEW_TURN, IntentType.CODE_EXPLAIN, "review 模块是做什么的？", 2),
        turn(
            EN_RULE_TURN,
            IntentType.GENERAL_CHAT,
            "From now on, always answer in English with the conclusion first.",
            3,
        ),
    ]
    doc.working_memory.active_topics = [
        Topic(
            id=OPTIONAL_TOPIC,
            label="Java Optional",
            summary="用户关注 Optional 的正确用法。",
            last_touched_at=T0,
        )
    ]
    doc.long_term_memory.durable_preferences = [
        item(
            PREF, LongTermType.DURABLE_PREFERENCE, "answer language", "用户偏好中文、直接的回答。"
        ),
    ]
    doc.long_term_memory.project_notes = [
        item(
            REVIEW_NOTE,
            LongTermType.PROJECT_NOTE,
            "review module",
            "review 模块管理 finding 队列和补丁确认。",
        ),
        item(
            ARCHIVED_NOTE,
            LongTermType.PROJECT_NOTE,
            "old gradle note",
            "项目曾经用 Gradle 构建。",
            ItemStatus.ARCHIVED,
        ),
        item(
            BUILD_NOTE,
            LongTermType.PROJECT_NOTE,
            "build tool",
            "The project is built with Maven and targets Java 17.",
        ),
    ]
    return doc


def ts(turn_id: Any, summary: Any = "用户询问 Optional 的用法。") -> dict[str, Any]:
    return {"turn_summaries": [{"turn_id": turn_id, "summary": summary}]}


def topic(**op: Any) -> dict[str, Any]:
    return {"topic_operations": [op]}


def lt(**op: Any) -> dict[str, Any]:
    return {"long_term_operations": [op]}


def pref(
    summary: str = "用户要求回答时先给结论。", label: str = "conclusion first", **extra: Any
) -> dict[str, Any]:
    op = {
        "operation": "create_new",
        "type": "durable_preference",
        "label": label,
        "summary": summary,
        "source": "user_explicit",
        "evidence_turn_ids": [ZH_RULE_TURN],
        "evidence_quote": "以后回答都用中文，先给结论。",
    }
    op.update(extra)
    return lt(**op)


def note(
    summary: str = "用户关注 config 模块如何加载 YAML 配置。",
    label: str = "config module",
    **extra: Any,
) -> dict[str, Any]:
    op = {
        "operation": "create_new",
        "type": "project_note",
        "label": label,
        "summary": summary,
        "source": "conversation_summary",
    }
    op.update(extra)
    return lt(**op)


GOOD = {"turn_summaries": [{"turn_id": OPTIONAL_TURN, "summary": "用户询问 Optional 的用法。"}]}
STACK = "java.lang.NullPointerException\n\tat com.acme.Foo.bar(Foo.java:42)\n\tat com.acme.Main.main(Main.java:7)"
DIFF = "--- a/Foo.java\n+++ b/Foo.java\n@@ -1,3 +1,3 @@\n-  return x;\n+  return y;"
LOG = "2026-05-01 12:00:01.123 ERROR 4242 --- [main] o.s.boot.SpringApplication : Application run failed"
CODE = "public class ReviewService { void run() { queue.poll(); } }"

# (id, delta, expected) — expected maps a section to one outcome per operation:
# "ok" (a new id), "ok:<id>" (touched that existing id), or a Reason. A Reason alone
# (not in a dict) means the whole delta was discarded.
CASES: list[tuple[str, Any, Any]] = [
    ("turn summary", GOOD, {"turn_summaries": ["ok:" + OPTIONAL_TURN]}),
    (
        "hallucinated turn id",
        ts("turn_20260501_120000_002"),
        {"turn_summaries": [Reason.UNKNOWN_TARGET]},
    ),
    ("made-up turn id", ts("turn_1"), {"turn_summaries": [Reason.UNKNOWN_TARGET]}),
    ("empty turn summary", ts(OPTIONAL_TURN, "   "), {"turn_summaries": [Reason.EMPTY_FIELD]}),
    (
        "missing turn id",
        {"turn_summaries": [{"summary": "x"}]},
        {"turn_summaries": [Reason.EMPTY_FIELD]},
    ),
    ("turn summary too long", ts(OPTIONAL_TURN, "长" * 301), {"turn_summaries": [Reason.TOO_LONG]}),
    (
        "turn summary is a stack trace",
        ts(OPTIONAL_TURN, STACK),
        {"turn_summaries": [Reason.CODE_OR_LOG]},
    ),
    ("turn summary is a log", ts(OPTIONAL_TURN, LOG), {"turn_summaries": [Reason.CODE_OR_LOG]}),
    (
        "turn summary op is a string",
        {"turn_summaries": ["summarize everything"]},
        {"turn_summaries": [Reason.BAD_SHAPE]},
    ),
    ("turn id is a number", ts(12), {"turn_summaries": [Reason.BAD_SHAPE]}),
    ("summary is a number", ts(OPTIONAL_TURN, 42), {"turn_summaries": [Reason.BAD_SHAPE]}),
    (
        "topic create",
        topic(
            operation="create_new",
            label="Spring 事务",
            summary="用户关注 @Transactional 的传播行为。",
        ),
        {"topic_operations": ["ok"]},
    ),
    (
        "topic create with existing label becomes update",
        topic(
            operation="create_new",
            label="java  OPTIONAL",
            summary="用户继续追问 orElseGet 与 orElse 的区别。",
        ),
        {"topic_operations": ["ok:" + OPTIONAL_TOPIC]},
    ),
    (
        "topic create without summary",
        topic(operation="create_new", label="Spring"),
        {"topic_operations": [Reason.EMPTY_FIELD]},
    ),
    (
        "topic create without label",
        topic(operation="create_new", summary="s"),
        {"topic_operations": [Reason.EMPTY_FIELD]},
    ),
    (
        "topic label too long",
        topic(operation="create_new", label="L" * 61, summary="s"),
        {"topic_operations": [Reason.TOO_LONG]},
    ),
    (
        "topic summary is a diff",
        topic(operation="create_new", label="patch", summary=DIFF),
        {"topic_operations": [Reason.CODE_OR_LOG]},
    ),
    (
        "topic update unknown",
        topic(operation="update_existing", target_id="topic_20260501_009", summary="s"),
        {"topic_operations": [Reason.UNKNOWN_TARGET]},
    ),
    (
        "topic update without target",
        topic(operation="update_existing", summary="s"),
        {"topic_operations": [Reason.EMPTY_FIELD]},
    ),
    (
        "topic update",
        topic(
            operation="update_existing",
            target_id=OPTIONAL_TOPIC,
            summary="用户关注 Optional 链式调用。",
        ),
        {"topic_operations": ["ok:" + OPTIONAL_TOPIC]},
    ),
    (
        "topic delete is not allowed",
        topic(operation="delete", target_id=OPTIONAL_TOPIC),
        {"topic_operations": [Reason.UNKNOWN_OPERATION]},
    ),
    (
        "topic without operation",
        topic(label="x", summary="y"),
        {"topic_operations": [Reason.EMPTY_FIELD]},
    ),
    (
        "related ids not a list",
        topic(operation="create_new", label="x", summary="y", related_turn_ids="turn_1"),
        {"topic_operations": [Reason.BAD_SHAPE]},
    ),
    ("preference grounded in Chinese", pref(), {"long_term_operations": ["ok"]}),
    (
        "preference grounded in English",
        pref(
            "The user wants the conclusion first.",
            "answer order",
            evidence_turn_ids=[EN_RULE_TURN],
            evidence_quote="always answer in English with the conclusion first",
        ),
        {"long_term_operations": ["ok"]},
    ),
    (
        "preference without evidence",
        pref(evidence_turn_ids=[]),
        {"long_term_operations": [Reason.UNGROUNDED]},
    ),
    (
        "preference the user never stated",
        pref(
            "用户喜欢 Optional。",
            "likes optional",
            evidence_turn_ids=[OPTIONAL_TURN],
            evidence_quote="Optional 怎么用？",
        ),
        {"long_term_operations": [Reason.UNGROUNDED]},
    ),
    (
        "preference with invented evidence",
        pref(evidence_turn_ids=["turn_20260501_999999_001"]),
        {"long_term_operations": [Reason.UNKNOWN_TARGET]},
    ),
    (
        "preference with evidence not a list",
        pref(evidence_turn_ids=ZH_RULE_TURN),
        {"long_term_operations": [Reason.BAD_SHAPE]},
    ),
    (
        "preference with note source",
        pref(source="conversation_summary"),
        {"long_term_operations": [Reason.INVALID_SOURCE]},
    ),
    (
        "note with user source",
        note(source="user_explicit"),
        {"long_term_operations": [Reason.INVALID_SOURCE]},
    ),
    (
        "note with made-up source",
        note(source="model_inference"),
        {"long_term_operations": [Reason.INVALID_SOURCE]},
    ),
    (
        "wrong long-term type",
        note(type="user_profile"),
        {"long_term_operations": [Reason.INVALID_TYPE]},
    ),
    ("missing long-term type", note(type=None), {"long_term_operations": [Reason.EMPTY_FIELD]}),
    ("note", note(), {"long_term_operations": ["ok"]}),
    (
        "note without source gets its type's source",
        note(source=None),
        {"long_term_operations": ["ok"]},
    ),
    (
        "note with existing label becomes update",
        note(label="Review Module"),
        {"long_term_operations": ["ok:" + REVIEW_NOTE]},
    ),
    (
        "Chinese paraphrase of a preference is a new item",
        pref("用户偏好直接的中文回答。", "回答风格"),
        {"long_term_operations": ["ok"]},
    ),
    (
        "Chinese preference of an equal text is a duplicate",
        pref("用户偏好中文，直接的回答！", "回答风格"),
        {"long_term_operations": ["ok:" + PREF]},
    ),
    (
        "English paraphrase of a note is a new item",
        note("The project is built with Maven, targeting Java 17.", "maven build"),
        {"long_term_operations": ["ok"]},
    ),
    (
        "English note of an equal text is a duplicate",
        note("the project is built with maven and targets java 17", "maven build"),
        {"long_term_operations": ["ok:" + BUILD_NOTE]},
    ),
    (
        "note that is code",
        note(CODE, "review service"),
        {"long_term_operations": [Reason.CODE_OR_LOG]},
    ),
    (
        "note that is a stack trace",
        note(STACK, "npe"),
        {"long_term_operations": [Reason.CODE_OR_LOG]},
    ),
    ("note label too long", note(label="模" * 61), {"long_term_operations": [Reason.TOO_LONG]}),
    ("note summary too long", note("x" * 301), {"long_term_operations": [Reason.TOO_LONG]}),
    (
        "update archived item",
        lt(operation="update_existing", target_id=ARCHIVED_NOTE, summary="s"),
        {"long_term_operations": [Reason.INACTIVE_TARGET]},
    ),
    (
        "update unknown item",
        lt(operation="update_existing", target_id="mem_20260501_042", summary="s"),
        {"long_term_operations": [Reason.UNKNOWN_TARGET]},
    ),
    (
        "update a topic id as long-term",
        lt(operation="update_existing", target_id=OPTIONAL_TOPIC, summary="s"),
        {"long_term_operations": [Reason.UNKNOWN_TARGET]},
    ),
    (
        "update preference without evidence",
        lt(operation="update_existing", target_id=PREF, summary="用户偏好英文。"),
        {"long_term_operations": [Reason.UNGROUNDED]},
    ),
    (
        "update preference with evidence",
        lt(
            operation="update_existing",
            target_id=PREF,
            summary="用户偏好英文回答，先给结论。",
            evidence_turn_ids=[EN_RULE_TURN],
            evidence_quote="From now on, always answer in English with the conclusion first.",
        ),
        {"long_term_operations": ["ok:" + PREF]},
    ),
    (
        "update with wrong source",
        lt(operation="update_existing", target_id=REVIEW_NOTE, summary="s", source="user_explicit"),
        {"long_term_operations": [Reason.INVALID_SOURCE]},
    ),
    (
        "update with wrong type",
        lt(
            operation="update_existing",
            target_id=REVIEW_NOTE,
            summary="s",
            type="durable_preference",
        ),
        {"long_term_operations": [Reason.INVALID_TYPE]},
    ),
    (
        "update note",
        lt(
            operation="update_existing",
            target_id=REVIEW_NOTE,
            summary="review 模块负责 finding 队列。",
        ),
        {"long_term_operations": ["ok:" + REVIEW_NOTE]},
    ),
    (
        "archive is not allowed",
        lt(operation="archive", target_id=REVIEW_NOTE),
        {"long_term_operations": [Reason.UNKNOWN_OPERATION]},
    ),
    (
        "delete is not allowed",
        lt(operation="delete", target_id=PREF),
        {"long_term_operations": [Reason.UNKNOWN_OPERATION]},
    ),
    (
        "section not a list",
        {"turn_summaries": {"turn_id": OPTIONAL_TURN, "summary": "s"}},
        {"turn_summaries": [Reason.BAD_SHAPE]},
    ),
    (
        "fenced JSON",
        "Here you go:\n```json\n" + json.dumps(GOOD) + "\n```\n",
        {"turn_summaries": ["ok:" + OPTIONAL_TURN]},
    ),
    (
        "think-wrapped JSON",
        "<think>The user asked about Optional {maybe}...</think>\n" + json.dumps(GOOD),
        {"turn_summaries": ["ok:" + OPTIONAL_TURN]},
    ),
    (
        "prose around JSON",
        "Sure! The delta is " + json.dumps(GOOD) + " Hope this helps.",
        {"turn_summaries": ["ok:" + OPTIONAL_TURN]},
    ),
    ("truncated JSON", json.dumps(GOOD)[:-3], Reason.INVALID_JSON),
    ("no JSON at all", "I could not summarize these turns.", Reason.INVALID_JSON),
    ("unclosed think", "<think>still thinking " + json.dumps(GOOD), Reason.INVALID_JSON),
    ("a JSON list", json.dumps([GOOD]), Reason.BAD_SHAPE),
    (
        "unknown keys only",
        {"memory": {"everything": True}, "repo_profile": {"build_tool": "gradle"}},
        {},
    ),
    (
        "mixed good and bad",
        {**GOOD, **note(CODE, "x")},
        {"turn_summaries": ["ok:" + OPTIONAL_TURN], "long_term_operations": [Reason.CODE_OR_LOG]},
    ),
]


def _run(delta: Any) -> tuple[MemoryDocument, MemoryDocument, ApplyReport]:
    before = base_document()
    try:
        if isinstance(delta, str):
            parsed, bad = parse_delta(delta)
        else:
            parsed, bad = delta_from_object(delta)
    except DeltaParseError as exc:
        return before, before, discarded_report(exc.reason, str(exc))
    after, report = apply_delta(before, parsed, now=NOW, bad_sections=bad)
    return before, after, report


@pytest.mark.parametrize(("name", "delta", "expected"), CASES, ids=[c[0] for c in CASES])
def test_delta_outcome(name: str, delta: Any, expected: Any) -> None:
    before, after, report = _run(delta)
    if isinstance(expected, Reason):
        assert report.discarded and [r.reason for r in report.rejected] == [expected]
        assert after.model_dump() == base_document().model_dump()
        return
    outcomes: dict[str, list[Any]] = {}
    for ok in report.accepted:
        outcomes.setdefault(ok.section, []).append((ok.index, ok.ids))
    for bad in report.rejected:
        outcomes.setdefault(bad.section or "", []).append((bad.index, bad.reason))
    existing = base_document().all_ids()
    got: dict[str, list[Any]] = {}
    for section, items in outcomes.items():
        got[section] = []
        for _index, result in sorted(items, key=lambda pair: -1 if pair[0] is None else pair[0]):
            if isinstance(result, Reason):
                got[section].append(result)
            else:
                first = result[0]
                got[section].append("ok" if first not in existing else "ok:" + first)
    assert got == expected
    assert check_invariants(after) == []
    assert after.repo_profile == before.repo_profile
    # The input document is never mutated: the applier works on a copy.
    assert before.model_dump() == base_document().model_dump()


def test_there_are_at_least_forty_cases() -> None:
    assert len(CASES) >= 40


def test_accepted_turn_summary_marks_the_turn_ready() -> None:
    _, after, _ = _run(GOOD)
    turn = after.turn(OPTIONAL_TURN)
    assert turn is not None and turn.summary_status is SummaryStatus.READY
    assert turn.summary == "用户询问 Optional 的用法。"


def test_new_ids_are_program_made() -> None:
    _, after, report = _run(
        {**note(), **topic(operation="create_new", label="Spring 事务", summary="传播行为")}
    )
    ids = [i for ok in report.accepted for i in ok.ids]
    assert "mem_20260502_001" in ids and "topic_20260502_001" in ids
    created = after.long_term_item("mem_20260502_001")
    assert created is not None and created.source is Source.CONVERSATION_SUMMARY
    assert created.created_at == NOW


def test_related_turn_ids_keep_only_existing_turns() -> None:
    _, after, _ = _run(
        topic(
            operation="create_new",
            label="Spring",
            summary="s",
            related_turn_ids=[OPTIONAL_TURN, "turn_x"],
        )
    )
    created = next(t for t in after.working_memory.active_topics if t.label == "Spring")
    assert created.related_turn_ids == [OPTIONAL_TURN]


def test_secrets_in_model_text_are_redacted() -> None:
    _, after, report = _run(
        note("配置里 spring.datasource.password=hunter2 需要外置。", "datasource")
    )
    assert report.accepted
    text = after.model_dump_json()
    assert "hunter2" not in text and "[REDACTED:secret_value]" in text


def test_duplicate_creates_in_one_delta_do_not_duplicate() -> None:
    delta = {
        "topic_operations": [
            {"operation": "create_new", "label": "Spring 事务", "summary": "a"},
            {"operation": "create_new", "label": "spring 事务", "summary": "b"},
        ],
        "long_term_operations": note()["long_term_operations"]
        + note(label="CONFIG module")["long_term_operations"],
    }
    _, after, report = _run(delta)
    assert not report.rejected
    assert [t.label for t in after.working_memory.active_topics].count("Spring 事务") == 1
    assert (
        sum(1 for i in after.long_term_memory.project_notes if i.label.lower() == "config module")
        == 1
    )


def test_stale_generation_discards_the_whole_delta() -> None:
    doc = base_document()
    parsed, _ = delta_from_object(GOOD)
    after, report = apply_delta(doc, parsed, now=NOW, expected_generation=3)
    assert after is doc
    assert [r.reason for r in report.rejected] == [Reason.STALE_GENERATION]
    assert report.discarded


def test_topic_capacity_evicts_least_recently_touched() -> None:
    doc = base_document()
    for i in range(2, 9):
        doc.working_memory.active_topics.append(
            Topic(
                id=f"topic_20260501_{i:03d}",
                label=f"t{i}",
                summary="s",
                last_touched_at=T0 + timedelta(hours=i),
            )
        )
    parsed, _ = delta_from_object(topic(operation="create_new", label="new one", summary="s"))
    after, report = apply_delta(doc, parsed, now=NOW)
    ids = [t.id for t in after.working_memory.active_topics]
    assert OPTIONAL_TOPIC not in ids  # touched at T0: the oldest
    assert len(ids) == 8
    assert report.accepted[0].evicted == [OPTIONAL_TOPIC]


def _fill_long_term(doc: MemoryDocument, preferences: int, notes: int, archived: int) -> None:
    ltm = doc.long_term_memory
    ltm.durable_preferences.clear()
    ltm.project_notes.clear()
    for i in range(preferences):
        ltm.durable_preferences.append(
            LongTermItem(
                id=f"mem_20260401_{i:03d}",
                type=LongTermType.DURABLE_PREFERENCE,
                label=f"rule {i}",
                summary=f"规则 {i}",
                source=Source.USER_EXPLICIT,
                created_at=T0,
                updated_at=T0 + timedelta(minutes=i),
            )
        )
    for i in range(notes + archived):
        ltm.project_notes.append(
            LongTermItem(
                id=f"mem_20260402_{i:03d}",
                type=LongTermType.PROJECT_NOTE,
                label=f"module {i}",
                summary=f"Module{i} owns the tables named t{i}_*",
                status=ItemStatus.ARCHIVED if i < archived else ItemStatus.ACTIVE,
                source=Source.CONVERSATION_SUMMARY,
                created_at=T0,
                updated_at=T0 + timedelta(minutes=100 - i),
            )
        )


def test_capacity_evicts_archived_items_first_and_never_an_active_note() -> None:
    doc = base_document()
    _fill_long_term(doc, preferences=10, notes=38, archived=2)
    parsed, _ = delta_from_object(note())
    after, report = apply_delta(doc, parsed, now=NOW)
    assert not report.rejected
    assert len(after.long_term_memory.items()) == 50
    # The archived note updated longest ago goes first.
    assert after.long_term_item("mem_20260402_001") is None
    assert after.long_term_item("mem_20260402_000") is not None
    assert report.accepted[0].evicted == ["mem_20260402_001"]
    parsed, _ = delta_from_object(note("用户关注 cache 模块的失效策略。", "cache module"))
    after2, report2 = apply_delta(after, parsed, now=NOW)
    assert after2.long_term_item("mem_20260402_000") is None
    assert report2.accepted[0].evicted == ["mem_20260402_000"]
    # Only active items are left: a delta never evicts one the user has not seen replaced.
    active_before = [i.id for i in after2.long_term_memory.items()]
    parsed, _ = delta_from_object(note("用户关注 gateway 模块的限流配置。", "gateway module"))
    after3, report3 = apply_delta(after2, parsed, now=NOW)
    assert [r.reason for r in report3.rejected] == [Reason.CAPACITY]
    assert [i.id for i in after3.long_term_memory.items()] == active_before


def test_a_thousand_creates_cannot_evict_the_users_notes() -> None:
    doc = base_document()
    _fill_long_term(doc, preferences=0, notes=40, archived=0)
    ops = [
        note(f"用户关注第 {i} 号模块的配置。", f"module {i + 100}")["long_term_operations"][0]
        for i in range(1000)
    ]
    parsed, _ = delta_from_object({"long_term_operations": ops})
    after, report = apply_delta(doc, parsed, now=NOW)
    notes = {i.id for i in doc.long_term_memory.project_notes}
    assert notes <= {i.id for i in after.long_term_memory.project_notes if i.is_active}
    created = [ok for ok in report.accepted if ok.operation == "create_new"]
    assert len(created) == limits.DELTA_MAX_CREATES
    too_many = [r for r in report.rejected if r.reason is Reason.TOO_MANY_OPERATIONS]
    assert len(too_many) == 1000 - limits.DELTA_MAX_CREATES
    assert check_invariants(after) == []


def test_preferences_are_never_evicted() -> None:
    doc = base_document()
    _fill_long_term(doc, preferences=50, notes=0, archived=0)
    parsed, _ = delta_from_object(note())
    after, report = apply_delta(doc, parsed, now=NOW)
    assert [r.reason for r in report.rejected] == [Reason.CAPACITY]
    assert after.long_term_memory.model_dump() == doc.long_term_memory.model_dump()
    parsed, _ = delta_from_object(pref("用户要求提交信息使用英文小写短语。", "commit style"))
    after, report = apply_delta(doc, parsed, now=NOW)
    assert [r.reason for r in report.rejected] == [Reason.CAPACITY]


def _distinct_summary(i: int) -> str:
    """~290 CJK characters no other note shares (no near-duplicate merging)."""
    return "".join(chr(0x4E00 + i * 290 + k) for k in range(290))


def test_long_term_byte_budget_rejects_instead_of_evicting_active_notes() -> None:
    doc = base_document()
    _fill_long_term(doc, preferences=0, notes=0, archived=0)
    outcomes = []
    for i in range(40):
        parsed, _ = delta_from_object(note(_distinct_summary(i), f"module number {i}"))
        doc, report = apply_delta(doc, parsed, now=NOW + timedelta(minutes=i))
        outcomes.append(report.rejected[0].reason if report.rejected else "ok")
        assert long_term_bytes(doc) <= limits.LONG_TERM_BUDGET_BYTES
        assert not any(ok.evicted for ok in report.accepted)  # bytes never cost a note
    accepted = outcomes.count("ok")
    assert 10 < accepted < 40
    assert outcomes == ["ok"] * accepted + [Reason.CAPACITY] * (40 - accepted)
    assert len(doc.long_term_memory.project_notes) == accepted
    # An archived item does make room.
    doc.long_term_memory.project_notes[0].status = ItemStatus.ARCHIVED
    parsed, _ = delta_from_object(note(_distinct_summary(99), "module 99"))
    doc, report = apply_delta(doc, parsed, now=NOW + timedelta(hours=2))
    assert not report.rejected and report.accepted[0].evicted == ["mem_20260502_001"]


def _update(target_id: str, summary: str) -> MemoryDelta:
    op = {"operation": "update_existing", "target_id": target_id, "summary": summary}
    parsed, _ = delta_from_object({"long_term_operations": [op]})
    return parsed


def _notes_past(size: int, *, summary_chars: int) -> MemoryDocument:
    """A document whose long-term section just passed ``size`` bytes, of distinct notes."""
    doc = base_document()
    _fill_long_term(doc, preferences=0, notes=0, archived=0)
    i = 0
    while long_term_bytes(doc) <= size:
        doc.long_term_memory.project_notes.append(
            LongTermItem(
                id=f"mem_20260403_{i:03d}",
                type=LongTermType.PROJECT_NOTE,
                label=f"module number {i}",
                summary=_distinct_summary(i)[:summary_chars],
                source=Source.CONVERSATION_SUMMARY,
                created_at=T0,
                updated_at=T0,
            )
        )
        i += 1
    return doc


def test_only_an_update_that_grows_an_item_can_pass_the_byte_budget() -> None:
    # A hand-edited file already over the budget: an update that does not make its item
    # bigger cannot make that worse and is applied; one that grows it is refused.
    doc = _notes_past(limits.LONG_TERM_BUDGET_BYTES, summary_chars=290)
    target = doc.long_term_memory.project_notes[0]
    shorter = _distinct_summary(0)[:200]
    after, report = apply_delta(doc, _update(target.id, shorter), now=NOW)
    assert not report.rejected and after.long_term_item(target.id).summary == shorter
    longer = _distinct_summary(0) + "，另外负责审计日志。"
    after, report = apply_delta(doc, _update(target.id, longer), now=NOW)
    assert [r.reason for r in report.rejected] == [Reason.CAPACITY]
    assert after.long_term_item(target.id) == target  # nothing changed


def test_an_update_that_grows_an_item_past_the_byte_budget_is_refused() -> None:
    doc = _notes_past(limits.LONG_TERM_BUDGET_BYTES - 600, summary_chars=100)
    assert long_term_bytes(doc) <= limits.LONG_TERM_BUDGET_BYTES
    target = doc.long_term_memory.project_notes[0]
    grown = _distinct_summary(0)  # 290 CJK characters: 190 more, about 570 bytes
    after, report = apply_delta(doc, _update(target.id, grown), now=NOW)
    assert [r.reason for r in report.rejected] == [Reason.CAPACITY]
    assert long_term_bytes(after) <= limits.LONG_TERM_BUDGET_BYTES


def test_redaction_counts_toward_the_limit() -> None:
    # 296 characters that grow past 300 once every value is replaced by a marker.
    summary = ("pwd=a " * 50)[:296]
    _, after, report = _run(ts(OPTIONAL_TURN, summary))
    assert [r.reason for r in report.rejected] == [Reason.TOO_LONG]
    assert check_invariants(after) == []


def test_updating_to_another_items_label_keeps_the_label() -> None:
    _, after, report = _run(
        lt(
            operation="update_existing",
            target_id=BUILD_NOTE,
            label="review module",
            summary="Maven 构建。",
        )
    )
    item = after.long_term_item(BUILD_NOTE)
    assert item is not None and item.label == "build tool" and item.summary == "Maven 构建。"
    assert report.accepted[0].note is not None and "label kept" in report.accepted[0].note


def test_related_turn_ids_are_kept_once() -> None:
    _, after, _ = _run(
        topic(
            operation="create_new",
            label="Spring",
            summary="s",
            related_turn_ids=[OPTIONAL_TURN] * 3,
        )
    )
    created = next(t for t in after.working_memory.active_topics if t.label == "Spring")
    assert created.related_turn_ids == [OPTIONAL_TURN]
