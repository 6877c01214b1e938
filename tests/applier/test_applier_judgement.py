"""The applier's checks, for every backend (docs/design.md#grounding-is-mechanical):
grounding in the user's quoted words (found mechanically, a standing or request form, no
veto), superseding only what an op names by id, archiving on a quoted cancel, revisions
instead of overwrites, duplicates as equal texts, forgotten items staying forgotten,
per-delta caps, no eviction of active items, and user-authored changes."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from typing import Any

import pytest

from autopatch_memory import limits
from autopatch_memory.applier import ApplyReport, apply_delta
from autopatch_memory.delta import delta_from_object
from autopatch_memory.intents import IntentType
from autopatch_memory.lang.quotes import grounds_of
from autopatch_memory.model import (
    ItemStatus,
    LongTermItem,
    LongTermType,
    MemoryDocument,
    Source,
    Turn,
    check_invariants,
)
from autopatch_memory.reasons import Reason

TZ = timezone(timedelta(hours=8))
T0 = datetime(2026, 5, 1, 9, 0, tzinfo=TZ)
NOW = T0 + timedelta(hours=3)
PREF, NOTE = LongTermType.DURABLE_PREFERENCE, LongTermType.PROJECT_NOTE


def doc_with(*texts: str) -> tuple[MemoryDocument, list[str]]:
    """A document whose recent turns say ``texts`` (one minute apart)."""
    doc = MemoryDocument()
    ids = []
    for minute, text in enumerate(texts):
        at = T0 + timedelta(minutes=minute)
        turn = Turn(
            id=at.strftime("turn_%Y%m%d_%H%M%S_001"),
            intent=IntentType.GENERAL_CHAT,
            user_text=text,
            created_at=at,
        )
        doc.working_memory.recent_turns.append(turn)
        ids.append(turn.id)
    return doc, ids


def add_item(
    doc: MemoryDocument,
    kind: LongTermType,
    label: str,
    summary: str,
    *,
    archived_at: datetime | None = None,
) -> LongTermItem:
    number = len(doc.long_term_memory.items()) + 1
    item = LongTermItem(
        id=f"mem_20260430_{number:03d}",
        type=kind,
        label=label,
        summary=summary,
        status=ItemStatus.ARCHIVED if archived_at else ItemStatus.ACTIVE,
        source=Source.USER_EXPLICIT if kind is PREF else Source.CONVERSATION_SUMMARY,
        created_at=T0 - timedelta(days=1),
        updated_at=archived_at or T0 - timedelta(days=1),
    )
    doc.long_term_memory.list_for(kind).append(item)
    return item


def preference(
    label: str, summary: str, evidence: list[str], quote: str | None = None, **extra: Any
) -> dict[str, Any]:
    op = {
        "operation": "create_new",
        "type": "durable_preference",
        "label": label,
        "summary": summary,
        "source": "user_explicit",
        "evidence_turn_ids": evidence,
        "evidence_quote": quote,
    }
    op.update(extra)
    return op


def apply(
    doc: MemoryDocument, *ops: dict[str, Any], **kwargs: Any
) -> tuple[MemoryDocument, ApplyReport]:
    delta, _ = delta_from_object({"long_term_operations": list(ops)})
    after, report = apply_delta(doc, delta, now=NOW, **kwargs)
    assert check_invariants(after) == []
    return after, report


def reasons(report: ApplyReport) -> list[Reason]:
    return [r.reason for r in report.rejected]


def active_labels(doc: MemoryDocument, kind: LongTermType = PREF) -> list[str]:
    return [i.label for i in doc.long_term_memory.list_for(kind) if i.is_active]


# --- grounding: a standing directive, not a word ----------------------------------------


@pytest.mark.parametrize(
    ("text", "quote", "why"),
    [
        (
            "记住密码功能在 Spring Security 里怎么实现？",
            "记住密码功能在 Spring Security 里怎么实现",
            "a question",
        ),
        ("Why does the build always fail?", "Why does the build always fail?", "a question"),
        ("My colleague says always use tabs.", "always use tabs", "reported-speech"),
        ("Just this once, answer in Chinese.", "answer in Chinese", "only-this-once"),
        ("Please don't explain this one.", "Please don't explain this one.", "only-this-once"),
        ("I always forget the flag.", "I always forget the flag.", "own-habit"),
        (
            "If I said from now on answer in English, would you?",
            "from now on answer in English",
            "a question",
        ),
        ("不是说以后都要用 Optional。", "以后都要用 Optional", "negated-away"),
        ("我们 CI 一律加 -T 4。", "我们 CI 一律加 -T 4。", "project note"),
    ],
)
def test_a_quote_that_is_no_standing_directive_is_ungrounded(
    text: str, quote: str, why: str
) -> None:
    doc, [turn] = doc_with(text)
    after, report = apply(doc, preference("rule", "A rule the model saw.", [turn], quote))
    assert reasons(report) == [Reason.UNGROUNDED]
    assert why in report.rejected[0].detail
    assert after.long_term_memory.items() == []


@pytest.mark.parametrize(
    ("text", "label", "summary"),
    [
        ("I really dislike field injection.", "avoid field injection", "Avoid field injection."),
        ("Stop suggesting Lombok, we don't use it anymore.", "no Lombok", "Do not suggest Lombok."),
        ("In future answers, skip the intro.", "skip the intro", "Skip the intro."),
        ("以后 Javadoc 注释用英文写。", "Javadoc 用英文", "Javadoc 注释用英文写。"),
        ("回答的时候不要一上来就铺垫。", "回答不要铺垫", "回答不要一上来就铺垫。"),
        ("Could you always give the conclusion first?", "conclusion first", "Conclusion first."),
    ],
)
def test_directives_any_backend_can_store(text: str, label: str, summary: str) -> None:
    doc, [turn] = doc_with(text)
    after, report = apply(doc, preference(label, summary, [turn], text))
    assert report.rejected == [], report.rejected
    assert active_labels(after) == [label]
    # Without the quote the program does not look for the sentence itself: no rule.
    _after, report = apply(doc, preference(label, summary, [turn]))
    assert reasons(report) == [Reason.UNGROUNDED]


def test_a_partial_quote_is_judged_with_its_whole_sentence() -> None:
    doc, [turn] = doc_with("Optional 怎么用？以后回答都用中文，先给结论。")
    _after, report = apply(doc, preference("回答用中文", "回答用中文。", [turn], "回答都用中文"))
    assert report.rejected == []
    doc, [turn] = doc_with("这次回答都用中文。")
    _after, report = apply(doc, preference("回答用中文", "回答用中文。", [turn], "回答都用中文"))
    assert reasons(report) == [Reason.UNGROUNDED]


def test_a_quote_not_in_the_turn_is_ungrounded_even_beside_a_real_rule() -> None:
    # No fallback to "the only directive there is": an invented quote is refused always.
    doc, [turn] = doc_with("From now on, give me Gradle commands.")
    for quote in ("use gradle please", "use lombok", "From now on, give me Maven commands."):
        _after, report = apply(doc, preference("build", "Give Gradle commands.", [turn], quote))
        assert reasons(report) == [Reason.UNGROUNDED]
        assert "not in the user's words" in report.rejected[0].detail
    # The quote of another turn, or of the assistant's answer, is no better.
    doc, [first, _second] = doc_with("Optional 怎么用？", "以后回答都用中文。")
    doc.working_memory.recent_turns[0].assistant_text = "以后 Optional 都别直接 get()。"
    for quote, turn in (("以后回答都用中文。", first), ("以后 Optional 都别直接 get()", first)):
        _after, report = apply(doc, preference("中文", "回答用中文。", [turn], quote))
        assert reasons(report) == [Reason.UNGROUNDED]


def test_a_quote_is_found_as_a_model_writes_it() -> None:
    doc, [turn] = doc_with("我们用的是 Maven。以后回答都用中文，先给结论！")
    for quote in (
        "以后回答都用中文，先给结论！",  # the whole sentence
        "以后回答都用中文,先给结论",  # other punctuation and width
        "回答都用中文  ",  # a clause, trailing spaces
        "以后回答…先给结论",  # two parts of the turn joined by an ellipsis
    ):
        _after, report = apply(doc, preference("回答用中文", "回答用中文。", [turn], quote))
        assert report.rejected == [], (quote, report.rejected)
    for quote in ("用中文", "以后…结论"):  # too short to mean anything
        _after, report = apply(doc, preference("回答用中文", "回答用中文。", [turn], quote))
        assert reasons(report) == [Reason.UNGROUNDED], quote


def test_code_in_a_turn_grounds_nothing() -> None:
    doc, [turn] = doc_with(
        "```java\n// always use tabs from now on\nint x = 1;\n```\n这段代码有问题吗？"
    )
    _after, report = apply(doc, preference("tabs", "Always use tabs.", [turn]))
    assert reasons(report) == [Reason.UNGROUNDED]


def test_a_preference_names_turns_that_exist() -> None:
    doc, _ = doc_with("以后回答用中文。")
    quote = "以后回答用中文。"
    missing = preference("中文", "回答用中文。", ["turn_20990101_000000_001"], quote)
    _after, report = apply(doc, missing)
    assert reasons(report) == [Reason.UNKNOWN_TARGET]
    _after, report = apply(doc, preference("中文", "回答用中文。", [], quote))
    assert reasons(report) == [Reason.UNGROUNDED]


# --- superseding ----------------------------------------------------------------------


def test_a_rule_supersedes_only_what_it_names() -> None:
    # The model judges the subject and names the old rule; the program does not guess.
    text = "We migrated to Gradle. From now on give me Gradle commands."
    doc, [turn] = doc_with(text)
    maven = add_item(doc, PREF, "give Maven commands", "Always give me Maven commands.")
    op = preference("Gradle commands", "Give Gradle commands.", [turn], text)
    after, report = apply(doc, op)
    assert report.accepted[0].superseded == []
    assert active_labels(after) == ["give Maven commands", "Gradle commands"]
    after, report = apply(doc, {**op, "supersedes": [maven.id]})
    [created] = report.accepted
    [new_id] = created.ids
    old = after.long_term_item(maven.id)
    assert old is not None and old.status is ItemStatus.ARCHIVED
    assert old.superseded_by == new_id and old.updated_at == NOW
    assert created.superseded == [maven.id]
    assert active_labels(after) == ["Gradle commands"]


def test_rules_that_share_a_word_both_stay() -> None:
    for old, new in (
        (("回答用中文", "以后回答都用中文。"), "以后 Javadoc 注释用英文写。"),
        (("no Guava", "Never recommend Guava."), "Never recommend Joda-Time."),
        (("不用 fastjson", "以后别用 fastjson"), "以后别用 Gson"),
    ):
        doc, [turn] = doc_with(new)
        add_item(doc, PREF, *old)
        after, report = apply(doc, preference(new[:20], new, [turn], new))
        assert report.rejected == [] and report.accepted[0].superseded == []
        assert active_labels(after) == [old[0], new[:20]]


def test_an_explicit_supersede_is_checked() -> None:
    doc, [turn] = doc_with("From now on answer in English.")
    old = add_item(doc, PREF, "answer style", "Engineering-style, direct answers.")
    note = add_item(doc, NOTE, "review module", "review 模块管理 finding 队列。")
    op = preference(
        "answer in English", "Answer in English.", [turn], "From now on answer in English."
    )
    _after, report = apply(doc, {**op, "supersedes": old.id})
    assert report.accepted[0].superseded == [old.id]
    _after, report = apply(doc, {**op, "supersedes": "mem_20990101_001"})
    assert reasons(report) == [Reason.UNKNOWN_TARGET]
    _after, report = apply(doc, {**op, "supersedes": note.id})
    assert reasons(report) == [Reason.INVALID_TYPE]
    # Not a rule the user stated after the words that would replace it.
    old.updated_at = NOW
    _after, report = apply(doc, {**op, "supersedes": [old.id]})
    assert reasons(report) == [Reason.STALE_GENERATION]


def test_a_paraphrase_is_a_new_item_and_an_equal_text_changes_nothing() -> None:
    doc, [first, second] = doc_with("以后回答都用中文。", "Please answer in Chinese from now on.")
    after, _ = apply(
        doc, preference("回答用中文", "以后回答都用中文。", [first], "以后回答都用中文")
    )
    after, report = apply(
        after,
        preference(
            "Chinese answers", "Answer in Chinese.", [second], "answer in Chinese from now on"
        ),
    )
    assert report.rejected == [] and len(active_labels(after)) == 2
    # Equal once folded (case, width, spaces, punctuation): a duplicate, nothing changes.
    after, report = apply(
        after, preference("中文", "以后 回答都用中文！", [first], "以后回答都用中文")
    )
    assert report.accepted[0].note == "duplicate: unchanged" and len(active_labels(after)) == 2


def test_a_model_update_is_a_revision_that_keeps_the_old_text() -> None:
    doc, [turn] = doc_with("把字数限制放宽到 500 字吧，300 有时候说不清楚")
    limit = add_item(doc, PREF, "字数限制", "回答不超过 300 字。")
    update = {
        "operation": "update_existing",
        "target_id": limit.id,
        "summary": "回答不超过 500 字。",
        "evidence_turn_ids": [turn],
        "evidence_quote": "把字数限制放宽到 500 字吧",
    }
    after, report = apply(doc, update)
    [accepted] = report.accepted
    [revision_id] = accepted.revisions
    item, revision = after.long_term_item(limit.id), after.long_term_item(revision_id)
    assert item is not None and item.summary == "回答不超过 500 字。" and item.is_active
    assert revision is not None and revision.summary == "回答不超过 300 字。"
    assert not revision.is_active and revision.revision_of == limit.id
    # A model's create under an active item's label is a revision of it too.
    same_label = preference("字数限制", "回答不超过 800 字。", [turn], "把字数限制放宽到 500 字吧")
    again, report = apply(after, same_label)
    assert report.accepted[0].ids == [limit.id] and report.accepted[0].revisions
    assert len(active_labels(again)) == 1


def test_two_rules_of_one_delta_both_stay() -> None:
    # The program no longer decides that a later rule replaces an earlier one: the model
    # supersedes by id, and ids of items this delta creates do not exist yet.
    doc, [zh, en] = doc_with("以后回答用中文。", "From now on answer in English.")
    chinese = preference("回答用中文", "以后回答用中文。", [zh], "以后回答用中文。")
    english = preference(
        "answer in English", "Answer in English.", [en], "From now on answer in English."
    )
    after, report = apply(doc, chinese, english)
    assert report.rejected == []
    assert active_labels(after) == ["回答用中文", "answer in English"]


# --- archiving on a cancel -------------------------------------------------------------


def archive(target: str, evidence: list[str], quote: str | None = None) -> dict[str, Any]:
    return {
        "operation": "archive_existing",
        "target_id": target,
        "evidence_turn_ids": evidence,
        "evidence_quote": quote,
    }


@pytest.mark.parametrize(
    ("text", "label", "summary"),
    [
        (
            "Forget what I said about the compatibility note.",
            "compatibility note",
            "Add a compatibility note for Java 8.",
        ),
        ("不用再给我 Maven 命令了。", "给 Maven 命令", "每次都给完整的 Maven 命令。"),
        (
            "Stop suggesting Lombok, we don't use it anymore.",
            "Lombok for DTOs",
            "Use Lombok @Data.",
        ),
    ],
)
def test_a_cancel_archives_the_item_it_names(text: str, label: str, summary: str) -> None:
    doc, [turn] = doc_with(text)
    item = add_item(doc, PREF, label, summary)
    after, report = apply(doc, archive(item.id, [turn], text))
    assert report.rejected == []
    archived = after.long_term_item(item.id)
    assert archived is not None and archived.status is ItemStatus.ARCHIVED
    _after, report = apply(doc, archive(item.id, [turn]))
    assert reasons(report) == [Reason.UNGROUNDED]  # no quote, no archive


def test_an_archive_must_be_grounded_in_a_quoted_cancel() -> None:
    doc, [cancel, question] = doc_with("不用再给我 Maven 命令了。", "Maven 怎么跳过测试？")
    maven = add_item(doc, PREF, "给 Maven 命令", "每次都给完整的 Maven 命令。")
    quote = "不用再给我 Maven 命令了。"
    _after, report = apply(doc, archive(maven.id, [question], "Maven 怎么跳过测试？"))
    assert reasons(report) == [Reason.UNGROUNDED]  # a question cancels nothing
    _after, report = apply(doc, archive(maven.id, [cancel], "别再给我 Gradle 命令了"))
    assert reasons(report) == [Reason.UNGROUNDED]  # not the user's words
    _after, report = apply(doc, archive(maven.id, [], quote))
    assert reasons(report) == [Reason.UNGROUNDED]
    done, _ = apply(doc, archive(maven.id, [cancel], quote))
    _after, report = apply(done, archive(maven.id, [cancel], quote))
    assert reasons(report) == [Reason.INACTIVE_TARGET]


def test_topics_are_never_archived_by_a_delta() -> None:
    doc, _ = doc_with("hello")
    delta, _ = delta_from_object(
        {"topic_operations": [{"operation": "archive_existing", "target_id": "topic_x"}]}
    )
    _after, report = apply_delta(doc, delta, now=NOW)
    assert reasons(report) == [Reason.UNKNOWN_OPERATION]


def test_a_note_that_quotes_the_user_must_quote_a_real_turn() -> None:
    doc, [turn] = doc_with("Optional 怎么用？")
    copied = {
        "operation": "create_new",
        "type": "project_note",
        "label": "mall-order calls mall-search via Feign",
        "summary": "mall-order calls mall-search through a Feign client.",
        "evidence_turn_ids": [turn],
        "evidence_quote": "Remember that mall-order calls mall-search via Feign.",
    }
    _after, report = apply(doc, copied)
    assert reasons(report) == [Reason.UNGROUNDED]  # a worked example copied by a weak model
    doc, [turn] = doc_with("Remember that mall-order calls mall-search via Feign.")
    after, report = apply(doc, copied)
    assert report.rejected == [] and active_labels(after, NOTE) == [copied["label"]]
    # Without a quote a note needs no evidence (older models, the reference's deltas).
    _after, report = apply(doc, {**copied, "evidence_quote": None, "evidence_turn_ids": []})
    assert report.rejected == []


@pytest.mark.parametrize(
    "summary",
    [
        "以后回答 berth-planner 的问题时一律先给结论。",
        "From now on the assistant always pastes the Redis key layout first when answering.",
    ],
)
def test_a_rule_about_the_answers_filed_as_a_note_is_refused(summary: str) -> None:
    # A model moved the user's rule into a note, where no quote grounds it (blind
    # proposals set probe_y): a rule is the user's, a note is the project's.
    doc, [turn] = doc_with("berth-planner 的泊位打分是怎么算的？")
    note = {
        "operation": "create_new",
        "type": "project_note",
        "label": "回答方式",
        "summary": summary,
        "source": "conversation_summary",
        "evidence_turn_ids": [turn],
    }
    _after, report = apply(doc, note)
    assert reasons(report) == [Reason.INVALID_TYPE]
    # A fact of the project with a standing word stays a note.
    fact = {**note, "summary": "berth-planner 每次排期都会先读 tide-feed 的潮汐数据。"}
    after, report = apply(doc, fact)
    assert report.rejected == [] and active_labels(after, NOTE) == ["回答方式"]


# --- a forgotten item stays forgotten --------------------------------------------------------


def test_restating_a_forgotten_rule_does_not_revive_it() -> None:
    # A late summary of the same words, in other words: the item remembers what grounded it.
    doc, [turn] = doc_with("以后回答都用中文。")
    forgotten = add_item(
        doc, PREF, "回答用中文", "以后回答都用中文。", archived_at=T0 + timedelta(hours=1)
    )
    forgotten.grounds = grounds_of("以后回答都用中文。")
    after, report = apply(
        doc, preference("中文回答", "Answer in Chinese.", [turn], "以后回答都用中文。")
    )
    assert reasons(report) == [Reason.INACTIVE_TARGET]
    assert forgotten.id in report.rejected[0].detail
    assert active_labels(after) == []  # neither revived nor created afresh


def test_a_new_instruction_after_the_archive_brings_it_back() -> None:
    doc, [turn] = doc_with("还是用中文回答吧，以后都用中文。")
    forgotten = add_item(
        doc, PREF, "回答用中文", "以后回答都用中文。", archived_at=T0 - timedelta(hours=1)
    )
    english = add_item(doc, PREF, "answer in English", "From now on answer in English.")
    op = preference("回答用中文", "以后回答都用中文。", [turn], "还是用中文回答吧，以后都用中文。")
    after, report = apply(doc, {**op, "supersedes": [english.id]})
    assert report.rejected == [] and report.accepted[0].ids == [forgotten.id]
    revived = after.long_term_item(forgotten.id)
    assert revived is not None and revived.is_active and revived.superseded_by is None
    assert report.accepted[0].superseded == [english.id]


def test_an_instruction_before_the_archive_does_not_revive_a_forgotten_rule() -> None:
    doc, [turn] = doc_with("以后回答都用中文。")
    add_item(doc, PREF, "回答用中文", "以后回答都用中文。", archived_at=T0 + timedelta(hours=1))
    op = preference("回答用中文", "以后回答都用中文。", [turn], "以后回答都用中文。")
    _after, report = apply(doc, op)
    assert reasons(report) == [Reason.INACTIVE_TARGET]


def test_a_forgotten_note_stays_forgotten_without_new_evidence() -> None:
    doc, [turn] = doc_with("Remember that mall-order calls mall-search via Feign.")
    forgotten = add_item(
        doc,
        NOTE,
        "Feign between modules",
        "mall-order calls mall-search via Feign.",
        archived_at=T0 + timedelta(hours=1),
    )
    note = {
        "operation": "create_new",
        "type": "project_note",
        "label": "mall-order → mall-search",
        "summary": "mall-order calls mall-search via Feign.",
    }
    _after, report = apply(doc, note)
    assert reasons(report) == [Reason.INACTIVE_TARGET]
    _after, report = apply(doc, {**note, "evidence_turn_ids": [turn]})
    assert reasons(report) == [Reason.INACTIVE_TARGET]  # the turn is older than the archive
    forgotten.updated_at = T0 - timedelta(hours=1)
    _after, report = apply(doc, {**note, "evidence_turn_ids": [turn]})
    assert report.accepted[0].ids == [forgotten.id]


def test_a_note_stated_in_the_turn_that_cancelled_a_similar_one_replaces_it() -> None:
    # "pay-core 迁到 JUnit 5 了" cancels the old note and states the new one: the new note
    # reads much like the old, yet it is no restatement of what was forgotten.
    doc, [turn] = doc_with("pay-core 迁到 JUnit 5 了，以后测试都按 Jupiter 写。")
    old = add_item(doc, NOTE, "pay-core 测试框架", "pay-core 还在用 JUnit 4，没迁到 JUnit 5。")
    new = {
        "operation": "create_new",
        "type": "project_note",
        "label": "pay-core 测试框架（已迁移）",
        "summary": "pay-core 已迁到 JUnit 5。",
        "evidence_turn_ids": [turn],
    }
    after, report = apply(doc, archive(old.id, [turn], "pay-core 迁到 JUnit 5 了"), new)
    assert report.rejected == [], report.rejected
    assert active_labels(after, NOTE) == ["pay-core 测试框架（已迁移）"]
    archived = after.long_term_item(old.id)
    assert archived is not None and archived.status is ItemStatus.ARCHIVED


@pytest.mark.parametrize(
    ("text", "label", "summary"),
    [
        ("Please default to constructor injection.", "constructor injection", "Use it."),
        ("Make sure every Redis key you suggest has an expiry.", "Redis keys expire", "TTL."),
        ("Change of plan: keep answers concise from here on.", "concise answers", "Short."),
        (
            "给我回答的时候，每次最后加一句风险提示，说明这个改动可能影响什么。",
            "风险提示",
            "加风险提示。",
        ),
        ("我改主意了，commit message 还是给我中文的吧。", "commit message 用中文", "中文。"),
        ("From here on, Gradle commands please.", "Gradle commands", "Give Gradle commands."),
    ],
)
def test_directives_the_first_blind_set_found_ungrounded(
    text: str, label: str, summary: str
) -> None:
    doc, [turn] = doc_with(text)
    after, report = apply(doc, preference(label, summary, [turn], text))
    assert report.rejected == [], report.rejected
    assert active_labels(after) == [label]


# --- caps and capacity --------------------------------------------------------------------------


def test_each_kind_of_long_term_operation_is_capped_per_delta() -> None:
    texts = [f"以后第 {i} 条规则：回答里提到 Module{i} 时附上链接。" for i in range(10)]
    doc, turns = doc_with(*texts)
    items = [add_item(doc, NOTE, f"module {i}", f"Module{i} owns table t{i}.") for i in range(6)]
    creates = [
        {
            "operation": "create_new",
            "type": "project_note",
            "label": f"fact {i}",
            "summary": f"Service{i} is deployed on node n{i}.",
        }
        for i in range(limits.DELTA_MAX_CREATES + 1)
    ]
    updates = [
        {"operation": "update_existing", "target_id": items[i % 6].id, "summary": f"Module{i} v2."}
        for i in range(limits.DELTA_MAX_UPDATES + 1)
    ]
    archives = [archive(items[i].id, [turns[0]]) for i in range(limits.DELTA_MAX_ARCHIVES + 1)]
    _after, report = apply(doc, *creates, *updates, *archives)
    cut = [(r.index, r.reason) for r in report.rejected if r.reason is Reason.TOO_MANY_OPERATIONS]
    assert [index for index, _ in cut] == [
        limits.DELTA_MAX_CREATES,
        len(creates) + limits.DELTA_MAX_UPDATES,
        len(creates) + len(updates) + limits.DELTA_MAX_ARCHIVES,
    ]


def test_capacity_never_costs_an_active_item() -> None:
    doc, _ = doc_with("hello")
    for i in range(limits.MAX_LONG_TERM_ITEMS):
        add_item(doc, NOTE, f"module {i}", f"Module{i} owns the tables named t{i}_x.")
    before = [i.id for i in doc.long_term_memory.items()]
    note = {
        "operation": "create_new",
        "type": "project_note",
        "label": "gateway",
        "summary": "The gateway limits requests per user.",
    }
    after, report = apply(doc, note)
    assert reasons(report) == [Reason.CAPACITY]
    assert [i.id for i in after.long_term_memory.items()] == before
    doc.long_term_memory.project_notes[3].status = ItemStatus.ARCHIVED
    after, report = apply(doc, note)
    assert report.rejected == [] and report.accepted[0].evicted == [before[3]]


# --- user-authored changes ------------------------------------------------------------------------


def test_a_user_authored_rule_is_grounded_by_the_users_own_words() -> None:
    doc, _ = doc_with("hello")
    op = preference("tabs", "Use tabs for indentation.", [], "use tabs for indentation")
    after, report = apply(doc, op, user_authored=True)
    assert report.rejected == [] and active_labels(after) == ["tabs"]
    _after, report = apply(doc, {**op, "evidence_quote": None}, user_authored=True)
    assert reasons(report) == [Reason.UNGROUNDED]
    # Without the flag the same op needs a turn.
    _after, report = apply(doc, op)
    assert reasons(report) == [Reason.UNGROUNDED]


def test_a_user_authored_change_still_meets_every_other_guard() -> None:
    doc, _ = doc_with("hello")
    english = add_item(doc, PREF, "answer in English", "From now on answer in English.")
    forgotten = add_item(
        doc, PREF, "give Maven commands", "Always give Maven commands.", archived_at=T0
    )
    quote = {"evidence_quote": "my own words"}
    too_long = preference("x", "长" * (limits.MAX_SUMMARY_CHARS + 1), [], **quote)
    code = preference("code", "public class A { void f() { int x = 1; } }", [], **quote)
    _after, report = apply(doc, too_long, code, user_authored=True)
    assert reasons(report) == [Reason.TOO_LONG, Reason.CODE_OR_LOG]
    chinese = preference("回答用中文", "以后回答用中文。", [], **quote)
    after, report = apply(doc, chinese, user_authored=True)
    assert report.accepted[0].superseded == []  # nothing named: both stay
    after, report = apply(doc, {**chinese, "supersedes": [english.id]}, user_authored=True)
    assert report.accepted[0].superseded == [english.id]
    again = preference("Maven commands", "Always give Maven commands.", [], **quote)
    after, report = apply(doc, again, user_authored=True)
    assert report.accepted[0].ids == [forgotten.id]  # the user said it again: back
    duplicate = preference("English", "From now on, answer in English!", [], **quote)
    after, report = apply(doc, duplicate, user_authored=True)
    assert report.accepted[0].ids == [english.id] and active_labels(after) == ["answer in English"]


def test_rejections_leave_the_document_untouched() -> None:
    doc, [turn] = doc_with("Why does the build always fail?")
    add_item(doc, PREF, "回答用中文", "以后回答都用中文。")
    before = doc.model_dump()
    apply(doc, preference("build", "Always fail.", [turn]), archive("mem_20260430_001", [turn]))
    assert doc.model_dump() == before
