"""Memory a user governs directly: remember, edit, restore, forget, search, export, import.

Real files in temporary repositories, the real applier (user-authored mode), the
journal read back from disk; bilingual throughout. The search and credential
evaluation sets are data: tests/data/governance/ (read by tests/corpora.py).
"""

from __future__ import annotations

import itertools
import json
import re
import threading
from collections.abc import Iterator
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
from corpora import governance_texts, mixed_texts, search_items, search_queries

from autopatch_memory import (
    ChangeAction,
    ChangeOutcome,
    ChangeRejectedError,
    ExportFormat,
    IntentType,
    ItemNotFoundError,
    LongTermType,
    ProjectMemory,
    Reason,
    limits,
)
from autopatch_memory.directives import fact_label, rule_label
from autopatch_memory.store import MEMORY_DIR_NAME, MEMORY_FILE_NAME
from autopatch_memory.testing import DocumentBuilder

# The bars of the evaluation sets (measured: precision 0.94, recall 1.0 on search).
SEARCH_MIN_PRECISION = 0.85
SEARCH_MIN_RECALL = 0.95

SEARCH_ITEMS, SEARCH_QUERIES = search_items(), search_queries()
# Refused (ungrounded): only questions. Stored: requests and statements, even when they
# end with a question mark.
QUESTION_TEXTS, REQUEST_TEXTS = (
    governance_texts("question_texts"),
    governance_texts("request_texts"),
)
# The point is a credential: nothing may be stored (not even redacted). About credentials,
# holding none: stored as they are. (text, secret): the secret's sentence is left out.
CREDENTIAL_TEXTS, LEGIT_TEXTS = (
    governance_texts("credential_texts"),
    governance_texts("legit_texts"),
)
MIXED_TEXTS = mixed_texts()


@pytest.fixture
def memory(repo: Path) -> Iterator[ProjectMemory]:
    opened = ProjectMemory.open(repo, backend="off")
    yield opened
    opened.close()


def file_of(repo: Path) -> dict[str, object]:
    data = json.loads((repo / MEMORY_DIR_NAME / MEMORY_FILE_NAME).read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def active_items(memory: ProjectMemory) -> list[tuple[str, str, str]]:
    """(type, label, summary) of every active rule and note, in file order."""
    return [
        (i.type.value, i.label, i.summary)
        for i in memory.document().long_term_memory.items()
        if i.is_active
    ]


def file_text(repo: Path) -> str:
    folder = repo / MEMORY_DIR_NAME
    return "".join(p.read_text(encoding="utf-8") for p in sorted(folder.glob("*.json*")))


# --- remember -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "clause"),
    [
        ("以后回答都用中文", "以后回答都用中文"),
        ("Always use constructor injection, never field injection", None),
        ("示例代码不要用 Lombok", "示例代码不要用 Lombok"),
    ],
)
def test_remember_stores_a_rule_in_the_users_words(
    memory: ProjectMemory, repo: Path, text: str, clause: str | None
) -> None:
    change = memory.remember(text)
    assert change.action is ChangeAction.REMEMBER
    assert change.outcome is ChangeOutcome.CREATED
    assert change.item is not None and change.item_id == change.item.id
    stored = memory.document().long_term_item(change.item_id)
    assert stored is not None
    assert stored.type is LongTermType.DURABLE_PREFERENCE
    assert stored.summary == text  # the user's own words, not a paraphrase
    assert stored.source.value == "user_explicit"
    # The label comes from the summarizer's own labelling code.
    assert stored.label == rule_label(clause or text)
    prefs = file_of(repo)["long_term_memory"]["durable_preferences"]  # type: ignore[index]
    assert [p["summary"] for p in prefs] == [text]


def test_remember_a_note_and_a_given_label(memory: ProjectMemory) -> None:
    note = memory.remember("mall-order 通过 Feign 调用 mall-search", kind="note")
    assert note.item is not None and note.item.type is LongTermType.PROJECT_NOTE
    assert note.item.label == fact_label("mall-order 通过 Feign 调用 mall-search")
    assert note.item.source.value == "conversation_summary"
    rule = memory.remember("Write Javadoc for every public method", label="Javadoc rule")
    assert rule.item is not None and rule.item.label == "Javadoc rule"
    assert memory.remember("CI runs mvn -T 4 verify", kind=LongTermType.PROJECT_NOTE).item


def test_a_rejected_remember_raises_with_the_reason_and_changes_nothing(
    memory: ProjectMemory, repo: Path
) -> None:
    memory.remember("Answer in English")
    before = memory.document().long_term_memory
    cases = [
        ("x" * (limits.MAX_SUMMARY_CHARS + 1), Reason.TOO_LONG, "301 characters"),
        ("   ", Reason.EMPTY_FIELD, "empty"),
        ("public class Foo { private int x = 1; }", Reason.CODE_OR_LOG, "code"),
        (
            'Exception in thread "main" java.lang.NullPointerException\n\tat com.acme.A.b(A.java:3)',
            Reason.CODE_OR_LOG,
            "code",
        ),
        ("以后回答都用中文" * 40, Reason.TOO_LONG, "at most 300"),
        ("Use Gradle\x1b[2J commands", Reason.BAD_SHAPE, "escape sequences"),
    ]
    for text, reason, words in cases:
        with pytest.raises(ChangeRejectedError) as caught:
            memory.remember(text)
        assert caught.value.reason is reason
        assert words in str(caught.value)
    with pytest.raises(ChangeRejectedError) as label_error:
        memory.remember("Use Gradle", label="g" * (limits.MAX_LABEL_CHARS + 1))
    assert label_error.value.reason is Reason.TOO_LONG
    assert memory.document().long_term_memory == before
    rejected = [e for e in memory.journal_entries() if e.outcome.value == "rejected"]
    assert [e.reason for e in rejected] == [
        "too_long", "empty_field", "code_or_log", "code_or_log", "too_long", "bad_shape",
        "too_long",
    ]  # fmt: skip
    assert all(e.op == "remember" and e.actor == "user" for e in rejected)


def test_an_unknown_kind_is_refused(memory: ProjectMemory) -> None:
    with pytest.raises(ChangeRejectedError) as caught:
        memory.remember("Use Gradle", kind="topic")
    assert caught.value.reason is Reason.INVALID_TYPE


def test_an_equal_text_changes_nothing_and_a_rewording_is_its_own_rule(
    memory: ProjectMemory,
) -> None:
    first = memory.remember("以后回答都用中文")
    again = memory.remember("以后，回答都用中文！")  # equal once folded
    assert again.item_id == first.item_id
    assert again.outcome is ChangeOutcome.UNCHANGED
    reworded = memory.remember("以后回答请都用中文")
    assert reworded.item_id != first.item_id
    assert reworded.outcome is ChangeOutcome.CREATED
    assert len(active_items(memory)) == 2


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("以后回答都用中文", "以后回答改用英文，不再用中文"),
        ("Give me Maven commands", "Use Gradle commands instead of Maven"),
        ("回答要详细", "回答不用再详细了，尽量简短"),
        ("Always use JUnit 4 for tests", "Use JUnit 5 for tests from now on, not JUnit 4"),
    ],
)
def test_a_new_rule_supersedes_the_old_one_it_names(
    memory: ProjectMemory, old: str, new: str
) -> None:
    first = memory.remember(old)
    second = memory.remember(new)
    assert second.outcome is ChangeOutcome.CREATED
    assert second.superseded == [first.item_id]
    replaced = memory.document().long_term_item(first.item_id or "")
    assert replaced is not None and not replaced.is_active
    assert replaced.superseded_by == second.item_id
    entries = memory.journal_entries()
    assert any(e.op == "supersede" and e.target == first.item_id for e in entries)
    # Only the new rule reaches the context.
    context = memory.context(IntentType.GENERAL_CHAT, "HashMap 怎么用？").render()
    assert new in context and old not in context


def test_rules_on_different_subjects_both_stay(memory: ProjectMemory) -> None:
    memory.remember("以后回答都用中文")
    memory.remember("Write Javadoc in English")
    assert len(active_items(memory)) == 2


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # Two rules about different things, however alike: never merged, never replaced.
        ("Never recommend Guava.", "Never recommend Joda-Time."),
        ("以后别用 fastjson", "以后别用 Gson"),
        # A new rule that does not name the old one: both stay (the program does not
        # judge that two rules are about the same thing; a model may say so by id).
        ("以后回答都用中文", "Answer in English from now on"),
    ],
)
def test_a_rule_that_names_nothing_replaces_nothing(
    memory: ProjectMemory, old: str, new: str
) -> None:
    first = memory.remember(old)
    second = memory.remember(new)
    assert second.outcome is ChangeOutcome.CREATED and second.superseded == []
    assert {summary for _type, _label, summary in active_items(memory)} == {old, new}
    assert first.item_id != second.item_id


def test_a_rule_named_in_one_clause_of_another_is_a_conflict_not_a_replacement(
    memory: ProjectMemory,
) -> None:
    both = memory.remember("Use Maven, and always show the full command line.")
    gradle = memory.remember("Use Gradle instead of Maven.")
    assert gradle.superseded == [] and gradle.conflicts == [both.item_id]
    assert {summary for _type, _label, summary in active_items(memory)} == {
        "Use Maven, and always show the full command line.",
        "Use Gradle instead of Maven.",
    }
    [(newer, older)] = memory.conflicts()
    assert (newer.id, older.id) == (gradle.item_id, both.item_id)
    memory.forget(both.item_id or "")
    assert memory.conflicts() == []


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # One more thing said in another sentence, or chosen beside the named one (a
        # data-loss hunt found each of these archived whole).
        ("Always use Maven. Show the full command line.", "Use Gradle instead of Maven."),
        ("以后用 Maven。命令要写全。", "不再用 Maven"),
        ("以后用 Maven 和 JUnit 5", "改成 Gradle，不再用 Maven"),
        ("每次都用 Lombok 和 MapStruct", "把 Lombok 换成 records"),
        ("以后测试用 JUnit 5 与 AssertJ", "不再用 AssertJ"),
        ("Always use Lombok with MapStruct.", "Use records instead of Lombok."),
        ("Use Maven as well as Docker for the builds.", "Use Gradle instead of Maven."),
        ("Prefer Guava or Apache Commons for helpers.", "Stop using Guava."),
        # one more thing after a colon, in brackets, after a dash, or in another language
        ("Always use Maven: show the full command line too.", "Use Gradle instead of Maven."),
        ("Always use Maven (show the full command line).", "Use Gradle instead of Maven."),
        ("Always use Maven — show the full command line.", "Use Gradle instead of Maven."),
        ("Всегда используй Maven и показывай команду целиком.", "Use Gradle instead of Maven."),
    ],
)
def test_a_rule_that_says_more_than_the_named_thing_is_kept_beside_the_new_one(
    memory: ProjectMemory, old: str, new: str
) -> None:
    first = memory.remember(old)
    second = memory.remember(new)
    assert second.superseded == [] and second.conflicts == [first.item_id]
    assert {summary for _type, _label, summary in active_items(memory)} == {old, new}


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # The name is a whole word of the old rule, and compared with its values: a word
        # that only starts with it, or a version that folds like it, is another thing
        # (a second data-loss hunt found each of these archived).
        ("Always pretty-print JSON error bodies.", "Use YAML instead of JS."),
        ("Always use constant-time comparison for tokens.", "Use Gradle instead of Ant."),
        ("Always target Java 18.", "Use Java 21 instead of Java 1.8."),
        ("Always use Log4j2 for logging.", "Use Logback instead of Log4j."),
        ("以后返回都用 JSON 格式", "不再用 JS"),
        # a part of a joined name: an artifact, a package
        ("Use spring-boot-starter-web.", "Stop using web."),
        ("Put the DTOs in com.shop.order.dto.", "Stop using dto."),
    ],
)
def test_a_name_inside_another_word_or_value_replaces_nothing(
    memory: ProjectMemory, old: str, new: str
) -> None:
    first = memory.remember(old)
    second = memory.remember(new)
    assert second.superseded == [] and second.conflicts == []
    assert {summary for _type, _label, summary in active_items(memory)} == {old, new}
    assert first.item_id != second.item_id


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # a name that itself joins two things names a rule of both whole
        ("Always use Lombok with MapStruct.", "Use records instead of Lombok with MapStruct."),
        ("Always use Maven.", "Use Gradle instead of Maven."),
        ("以后用 Maven", "不再用 Maven 了"),
        ("每次都用 Lombok", "把 Lombok 换成 records"),
    ],
)
def test_a_rule_that_says_only_the_named_thing_is_replaced(
    memory: ProjectMemory, old: str, new: str
) -> None:
    first = memory.remember(old)
    second = memory.remember(new)
    assert second.superseded == [first.item_id]
    assert {summary for _type, _label, summary in active_items(memory)} == {new}


@pytest.mark.parametrize("rewritten", ["newer", "older"])
def test_rewriting_one_rule_of_a_conflict_settles_it(memory: ProjectMemory, rewritten: str) -> None:
    both = memory.remember("以后用 Maven 构建，而且每次都给出完整命令行。")
    gradle = memory.remember("以后不再用 Maven，改用 Gradle。")
    assert gradle.conflicts == [both.item_id]
    if rewritten == "older":
        memory.edit(both.item_id or "", "每次都给出完整命令行。")
    else:
        memory.edit(gradle.item_id or "", "以后构建都用 Gradle，命令行写完整。")
    assert memory.conflicts() == []
    # The rewritten text's old wording is still there, as a revision.
    kept = {i.summary for i in memory.document().long_term_memory.items()}
    assert "以后用 Maven 构建，而且每次都给出完整命令行。" in kept
    assert "以后不再用 Maven，改用 Gradle。" in kept


def test_remembering_a_forgotten_rule_brings_it_back(memory: ProjectMemory) -> None:
    first = memory.remember("示例代码不要用 Lombok")
    memory.forget(first.item_id or "")
    again = memory.remember("示例代码不要用 Lombok")
    assert again.item_id == first.item_id
    assert again.outcome is ChangeOutcome.RESTORED
    assert active_items(memory) == [
        ("durable_preference", "示例代码不要用 Lombok", "示例代码不要用 Lombok")
    ]


def test_a_full_memory_refuses_with_capacity(memory: ProjectMemory, repo: Path) -> None:
    builder = DocumentBuilder()
    for n in range(limits.MAX_LONG_TERM_ITEMS):
        builder.add_note(f"module m{n}", f"Module m{n} owns the q{n * 7919} queue")
    builder.write(repo)
    with pytest.raises(ChangeRejectedError) as caught:
        memory.remember("Answer in English")
    assert caught.value.reason is Reason.CAPACITY
    assert "forget" in str(caught.value)


def test_the_journal_names_who_changed_what(memory: ProjectMemory) -> None:
    rule = memory.remember("Answer in English", actor="mcp:claude-code")
    memory.forget(rule.item_id or "", actor="mcp:cursor")
    memory.restore(rule.item_id or "")
    ops = [(e.actor, e.op, e.target) for e in memory.journal_entries() if e.op != "change"]
    assert ops == [
        ("mcp:claude-code", "remember", rule.item_id),
        ("mcp:cursor", "forget", rule.item_id),
        ("user", "restore", rule.item_id),
    ]


# --- questions ------------------------------------------------------------------------------


@pytest.mark.parametrize("text", QUESTION_TEXTS)
def test_a_question_is_neither_a_rule_nor_a_note(memory: ProjectMemory, text: str) -> None:
    for kind in ("rule", "note"):
        with pytest.raises(ChangeRejectedError) as caught:
            memory.remember(text, kind=kind)
        assert caught.value.reason is Reason.UNGROUNDED
        assert "say it as a statement" in str(caught.value)
    assert memory.document().long_term_memory.items() == []


@pytest.mark.parametrize("text", REQUEST_TEXTS)
def test_a_request_with_a_question_mark_is_a_rule(memory: ProjectMemory, text: str) -> None:
    change = memory.remember(text)
    assert change.item is not None and change.item.summary == text


def test_a_question_mark_in_a_label_is_fine(memory: ProjectMemory) -> None:
    change = memory.remember("Answer in English", label="language?")
    assert change.item is not None and change.item.label == "language?"


# --- credentials ---------------------------------------------------------------------------


@pytest.mark.parametrize("text", CREDENTIAL_TEXTS)
def test_a_credential_is_never_remembered(memory: ProjectMemory, repo: Path, text: str) -> None:
    with pytest.raises(ChangeRejectedError) as caught:
        memory.remember(text)
    assert caught.value.reason is Reason.CREDENTIAL
    assert memory.document().long_term_memory.items() == []
    journal = (repo / MEMORY_DIR_NAME / "memory.journal.jsonl").read_text(encoding="utf-8")
    assert "credential" in journal


@pytest.mark.parametrize(("text", "secret"), MIXED_TEXTS)
def test_a_credential_beside_a_rule_is_left_out(
    memory: ProjectMemory, repo: Path, text: str, secret: str
) -> None:
    change = memory.remember(text, kind="note" if "MySQL" in text else "rule")
    assert change.item is not None and secret not in change.item.summary
    assert change.detail is not None and "credential left out" in change.detail
    assert secret not in file_text(repo)
    assert secret not in (repo / MEMORY_DIR_NAME / "memory.journal.jsonl").read_text("utf-8")


@pytest.mark.parametrize("text", LEGIT_TEXTS)
def test_texts_about_credentials_are_remembered_whole(memory: ProjectMemory, text: str) -> None:
    # A rule or note about handling credentials holds none: nothing is left out.
    change = memory.remember(text, kind="note")
    assert change.item is not None and change.item.summary == text
    assert change.detail is None


# --- edit -----------------------------------------------------------------------------------


def test_edit_rewrites_an_item_and_keeps_a_given_label(memory: ProjectMemory) -> None:
    rule = memory.remember("Write Javadoc for public methods", label="Javadoc")
    edited = memory.edit(rule.item_id or "", "Write Javadoc for every public and protected method")
    assert edited.action is ChangeAction.EDIT and edited.outcome is ChangeOutcome.UPDATED
    assert edited.item is not None and edited.item.label == "Javadoc"
    assert edited.item.summary == "Write Javadoc for every public and protected method"
    relabelled = memory.edit(rule.item_id or "", "Javadoc for all public methods", label="docs")
    assert relabelled.item is not None and relabelled.item.label == "docs"
    ops = [e.op for e in memory.journal_entries() if e.op != "change"]
    assert ops == ["remember", "edit", "edit"]


def test_an_edit_keeps_the_old_text_as_a_revision_and_restore_brings_it_back(
    memory: ProjectMemory,
) -> None:
    rule = memory.remember("Write Javadoc for public methods")
    edited = memory.edit(rule.item_id or "", "Write Javadoc for every method")
    assert edited.previous is not None
    assert edited.previous.summary == "Write Javadoc for public methods"
    [revision_id] = edited.revisions
    doc = memory.document()
    revision = doc.long_term_item(revision_id)
    assert revision is not None and not revision.is_active
    assert revision.summary == "Write Javadoc for public methods"
    assert revision.revision_of == rule.item_id
    hits = memory.search("public methods", include_archived=True)
    assert revision_id in [h.id for h in hits]
    back = memory.restore(revision_id)
    assert back.outcome is ChangeOutcome.RESTORED and back.item_id == rule.item_id
    doc = memory.document()
    item = doc.long_term_item(rule.item_id or "")
    assert item is not None and item.summary == "Write Javadoc for public methods"
    # The text it had is kept in turn: nothing is lost by going back either.
    kept = [i.summary for i in doc.long_term_memory.items() if i.revision_of == rule.item_id]
    assert "Write Javadoc for every method" in kept


def test_edit_remakes_a_label_that_was_made_from_the_text(memory: ProjectMemory) -> None:
    note = memory.remember("订单服务用 MySQL 8", kind="note")
    edited = memory.edit(note.item_id or "", "订单服务用 PostgreSQL 15")
    assert edited.item is not None
    assert edited.item.label == fact_label("订单服务用 PostgreSQL 15")


@pytest.mark.parametrize(
    ("first", "second", "collides"),
    [
        ("以后回答用中文", "以后先给结论再解释", "回答用中文"),
        ("From now on answer in English", "Always put the conclusion first", "answer in English"),
    ],
)
def test_an_edit_into_another_rules_text_is_refused_and_a_label_follows_the_text(
    memory: ProjectMemory, first: str, second: str, collides: str
) -> None:
    one = memory.remember(first)
    two = memory.remember(second)
    # The same text as another active rule: refused, and the edited rule keeps its own.
    with pytest.raises(ChangeRejectedError) as twin:
        memory.edit(two.item_id or "", first + " ")
    assert twin.value.reason is Reason.DUPLICATE and (one.item_id or "") in str(twin.value)
    item = memory.document().long_term_item(two.item_id or "")
    assert item is not None and item.summary == second and item.is_active
    # A text whose label (made from it) another rule already has: the label still
    # follows the text, as ``remember`` of that text would give (never the old,
    # misleading one).
    edited = memory.edit(two.item_id or "", collides)
    assert edited.item is not None and edited.item.summary == collides
    assert edited.item.label == rule_label(collides) == (one.item.label if one.item else None)


def test_an_edited_rule_supersedes_only_a_rule_it_names(memory: ProjectMemory) -> None:
    english = memory.remember("Answer in English")
    javadoc = memory.remember("Write Javadoc in English")
    edited = memory.edit(javadoc.item_id or "", "以后回答都用中文")
    assert edited.superseded == []
    edited = memory.edit(javadoc.item_id or "", "Answer in Chinese instead of English")
    assert edited.superseded == [english.item_id]


def test_edit_refuses_what_it_cannot_edit(memory: ProjectMemory) -> None:
    rule = memory.remember("Answer in English")
    turn = memory.record_turn("general_chat", "Optional 怎么用？")
    with pytest.raises(ItemNotFoundError):
        memory.edit("mem_19990101_001", "anything")
    with pytest.raises(ChangeRejectedError) as on_turn:
        memory.edit(turn or "", "anything")
    assert on_turn.value.reason is Reason.INVALID_TYPE
    with pytest.raises(ChangeRejectedError) as too_long:
        memory.edit(rule.item_id or "", "y" * 400)
    assert too_long.value.reason is Reason.TOO_LONG
    memory.forget(rule.item_id or "")
    with pytest.raises(ChangeRejectedError) as archived:
        memory.edit(rule.item_id or "", "Answer in French")
    assert archived.value.reason is Reason.INACTIVE_TARGET
    assert "restore it first" in str(archived.value)
    item = memory.document().long_term_item(rule.item_id or "")
    assert item is not None and item.summary == "Answer in English"


# --- restore and forget ----------------------------------------------------------------------


def test_restore_brings_a_forgotten_note_back(memory: ProjectMemory, repo: Path) -> None:
    note = memory.remember("The api module exposes REST endpoints under /api/v1", kind="note")
    forgotten = memory.forget(note.item_id or "")
    assert forgotten.outcome is ChangeOutcome.ARCHIVED
    assert memory.context(IntentType.CODE_EXPLAIN, "api module REST endpoints").section
    restored = memory.restore(note.item_id or "")
    assert restored.outcome is ChangeOutcome.RESTORED
    notes = file_of(repo)["long_term_memory"]["project_notes"]  # type: ignore[index]
    assert notes[0]["status"] == "active"
    rendered = memory.context(IntentType.CODE_EXPLAIN, "api module REST endpoints").render()
    assert "/api/v1" in rendered
    again = memory.restore(note.item_id or "")
    assert again.outcome is ChangeOutcome.UNCHANGED and again.detail == "already active"


def test_a_restored_rule_and_the_rule_that_replaced_it_both_stay_as_a_conflict(
    memory: ProjectMemory,
) -> None:
    chinese = memory.remember("Always answer in Chinese")
    english = memory.remember("From now on answer in English instead of Chinese")
    assert english.superseded == [chinese.item_id]
    restored = memory.restore(chinese.item_id or "")
    assert restored.superseded == [] and restored.conflicts == [english.item_id]
    doc = memory.document()
    old, new = doc.long_term_item(chinese.item_id or ""), doc.long_term_item(english.item_id or "")
    assert old is not None and old.is_active and old.superseded_by is None
    assert new is not None and new.is_active
    assert [(a.id, b.id) for a, b in memory.conflicts()] == [(chinese.item_id, english.item_id)]
    ops = [(e.op, e.target) for e in memory.journal_entries() if e.op != "change"][-1:]
    assert ops == [("restore", chinese.item_id)]


def test_restore_refuses_unknown_ids_and_topics(memory: ProjectMemory, repo: Path) -> None:
    builder = DocumentBuilder()
    topic = builder.add_topic("Java Optional", "用户关注 Optional")
    builder.write(repo)
    with pytest.raises(ItemNotFoundError):
        memory.restore("mem_19990101_001")
    with pytest.raises(ChangeRejectedError) as caught:
        memory.restore(topic)
    assert caught.value.reason is Reason.INVALID_TYPE


def test_forget_reports_what_it_did(memory: ProjectMemory) -> None:
    turn = memory.record_turn("general_chat", "HashMap 线程安全吗？")
    rule = memory.remember("Answer in English")
    assert memory.forget(turn or "").outcome is ChangeOutcome.REMOVED
    assert memory.forget(rule.item_id or "").outcome is ChangeOutcome.ARCHIVED
    assert memory.forget(rule.item_id or "").outcome is ChangeOutcome.UNCHANGED
    with pytest.raises(ItemNotFoundError):
        memory.forget("mem_19990101_001")


# --- search ---------------------------------------------------------------------------------


def _search_memory(repo: Path) -> dict[str, str]:
    """The evaluation memory written to ``repo``; returns id -> case key."""
    builder = DocumentBuilder()
    keys: dict[str, str] = {}
    for item in SEARCH_ITEMS:
        if item.kind == "rule":
            made = builder.add_preference(item.label, item.summary, active=item.active)
        elif item.kind == "note":
            made = builder.add_note(item.label, item.summary, active=item.active)
        else:
            made = builder.add_topic(item.label, item.summary)
        keys[made] = item.key
    builder.write(repo)
    return keys


def test_search_precision_and_recall_on_the_bilingual_set(
    memory: ProjectMemory, repo: Path
) -> None:
    keys = _search_memory(repo)
    found = expected = correct = 0
    misses: list[str] = []
    for query in SEARCH_QUERIES:
        hits = memory.search(query.text, include_archived=query.include_archived)
        got = {keys[hit.id] for hit in hits}
        found += len(got)
        expected += len(query.expected)
        correct += len(got & query.expected)
        if got != query.expected:
            misses.append(f"{query.text!r}: got {sorted(got)}, want {sorted(query.expected)}")
    precision, recall = correct / found, correct / expected
    assert precision >= SEARCH_MIN_PRECISION, misses
    assert recall >= SEARCH_MIN_RECALL, misses


def test_search_ranks_best_first_and_hides_archived_items(
    memory: ProjectMemory, repo: Path
) -> None:
    keys = _search_memory(repo)
    hits = memory.search("mall-search")
    assert [keys[h.id] for h in hits][:2] == ["feign_search", "kafka_events"]
    assert all(a.score >= b.score for a, b in itertools.pairwise(hits))
    assert memory.search("PostgreSQL") == []
    archived = memory.search("PostgreSQL", include_archived=True)
    assert [keys[h.id] for h in archived] == ["old_db"] and not archived[0].active


def test_search_finds_an_id_a_fragment_and_nothing(memory: ProjectMemory, repo: Path) -> None:
    keys = _search_memory(repo)
    some_id = next(i for i, key in keys.items() if key == "kafka_events")
    assert [h.id for h in memory.search(some_id)] == [some_id]
    # One Chinese character has no bigram: found literally.
    assert {keys[h.id] for h in memory.search("库")} >= {"order_db"}
    assert memory.search("Grad")[0].label == "Gradle commands"
    assert memory.search("") == [] and memory.search("量子计算") == []


def test_search_reads_and_never_writes(repo: Path) -> None:
    with ProjectMemory.open(repo, backend="off") as memory:
        assert memory.search("anything") == []
    assert not (repo / MEMORY_DIR_NAME).exists()


# --- export and import -----------------------------------------------------------------------


def _governed_memory(memory: ProjectMemory) -> None:
    memory.remember("以后回答都用中文，先给结论")
    memory.remember("示例代码不要用 Lombok")
    old = memory.remember("构建命令用 Maven")
    memory.forget(old.item_id or "")
    memory.remember("mall-order 通过 Feign 调用 mall-search", kind="note")
    memory.remember("订单服务的数据库是 MySQL 8", kind="note", label="订单库")


def test_markdown_export_is_ready_for_an_agents_file(memory: ProjectMemory) -> None:
    _governed_memory(memory)
    text = memory.export()
    assert text.startswith("# 项目记忆：repo\n")
    assert "\n## 规则\n\n- 以后回答都用中文，先给结论\n- 示例代码不要用 Lombok\n" in text
    assert "\n## 项目笔记\n" in text
    assert "- **订单库**: 订单服务的数据库是 MySQL 8" in text
    assert "Maven" not in text  # archived: not exported for people
    assert "mem_" not in text and not re.search(r"\d{4}-\d{2}-\d{2}", text)  # no ids, no dates
    with_ids = memory.export(ExportFormat.MARKDOWN, include_ids=True)
    assert with_ids.count("<!-- mem_") == 4


def test_markdown_export_in_english(memory: ProjectMemory) -> None:
    memory.remember("Always use constructor injection")
    text = memory.export("markdown")
    assert text.startswith("# Project memory: repo\n")
    assert "## Rules\n\n- Always use constructor injection\n" in text
    assert "## Project notes" not in text


def test_json_export_round_trips_into_an_empty_repository(
    memory: ProjectMemory, tmp_path: Path
) -> None:
    _governed_memory(memory)
    exported = memory.export("json")
    data = json.loads(exported)
    assert data["format"] == "autopatch-memory/export"
    assert len(data["durable_preferences"]) == 3  # the archived one too, for tools
    other = tmp_path / "other"
    (other / ".git").mkdir(parents=True)
    with ProjectMemory.open(other, backend="off") as fresh:
        report = fresh.import_items(exported)
        assert report.format is ExportFormat.JSON
        assert [c.outcome for c in report.items] == [
            ChangeOutcome.CREATED,
            ChangeOutcome.CREATED,
            ChangeOutcome.SKIPPED,  # archived in the file
            ChangeOutcome.CREATED,
            ChangeOutcome.CREATED,
        ]
        assert report.changed
        assert active_items(fresh) == active_items(memory)
        assert {e.op for e in fresh.journal_entries()} == {"import", "change"}
        # Importing it again changes nothing.
        again = fresh.import_items(exported)
        assert again.count(ChangeOutcome.UNCHANGED) == 4


def test_markdown_round_trips_too(memory: ProjectMemory, tmp_path: Path) -> None:
    _governed_memory(memory)
    other = tmp_path / "other"
    (other / ".git").mkdir(parents=True)
    with ProjectMemory.open(other, backend="off") as fresh:
        report = fresh.import_items(memory.export(include_ids=True))
        assert report.format is ExportFormat.MARKDOWN
        assert active_items(fresh) == active_items(memory)


def test_markdown_import_keeps_comment_text_the_user_wrote(memory: ProjectMemory) -> None:
    markdown = """# Project memory: repo

## Rules

- Never commit generated files <!-- see the CI job --> to the repo
- 模板里的 <!-- 占位符 --> 不要删除
- Keep `<!--` markers in JSP pages intact

## Project notes

- The legacy login page is pure HTML <!-- hidden comment -->
- Export marker only at the end: mall-order owns the cart <!-- mem_20260501_007 -->
"""
    report = memory.import_items(markdown)
    assert [c.outcome for c in report.items] == [ChangeOutcome.CREATED] * 5
    assert [c.item.summary for c in report.items if c.item is not None] == [
        "Never commit generated files <!-- see the CI job --> to the repo",
        "模板里的 <!-- 占位符 --> 不要删除",
        "Keep `<!--` markers in JSP pages intact",
        "The legacy login page is pure HTML <!-- hidden comment -->",
        "Export marker only at the end: mall-order owns the cart",
    ]


def test_an_import_checks_every_item_and_reports_each(memory: ProjectMemory, repo: Path) -> None:
    agents_md = """# AGENTS.md

Some prose that is not a list item.

## Conventions

- Use constructor injection, never field injection
- 示例代码不要用 Lombok
* my password is hunter2
- public class Foo { private int x = 1; }

```java
- this is inside a code block
```

## Architecture notes

1. mall-order calls mall-search via Feign
2. **Order DB**: MySQL 8 with ShardingSphere
   sharded by user id
"""
    # Not one of our exports: refused, unless the user says how to read its bullets.
    with pytest.raises(ChangeRejectedError) as refused:
        memory.import_items(agents_md)
    assert refused.value.reason is Reason.BAD_SHAPE and "--as-rules" in str(refused.value)
    report = memory.import_items(agents_md, take_as="rule")
    outcomes = [(c.outcome, c.reason) for c in report.items]
    assert outcomes == [
        (ChangeOutcome.CREATED, None),
        (ChangeOutcome.CREATED, None),
        (ChangeOutcome.REJECTED, Reason.CREDENTIAL),
        (ChangeOutcome.REJECTED, Reason.CODE_OR_LOG),
        (ChangeOutcome.CREATED, None),
        (ChangeOutcome.CREATED, None),
    ]
    rules = memory.document().long_term_memory.durable_preferences
    assert [(n.label, n.summary) for n in rules][3] == (
        "Order DB",
        "MySQL 8 with ShardingSphere sharded by user id",
    )
    assert "hunter2" not in file_text(repo)
    assert "inside a code block" not in file_text(repo)
    journal = [(e.op, e.outcome.value, e.reason) for e in memory.journal_entries()]
    assert ("import", "rejected", "credential") in journal


def test_an_unusable_import_changes_nothing(memory: ProjectMemory, repo: Path) -> None:
    memory.remember("Answer in English")
    before = (repo / MEMORY_DIR_NAME / MEMORY_FILE_NAME).read_bytes()
    cases: list[tuple[str | bytes, Reason]] = [
        ("{not json", Reason.INVALID_JSON),
        ("[1, 2]", Reason.BAD_SHAPE),
        ('{"rules": []}', Reason.BAD_SHAPE),
        ('{"durable_preferences": [{"summary": 5}]}', Reason.BAD_SHAPE),
        ('{"durable_preferences": "x"}', Reason.BAD_SHAPE),
        ("just prose, no list", Reason.BAD_SHAPE),
        ("- a bullet of a README", Reason.BAD_SHAPE),
        (b"x" * (limits.IMPORT_MAX_BYTES + 1), Reason.TOO_LONG),
    ]
    for data, reason in cases:
        with pytest.raises(ChangeRejectedError) as caught:
            memory.import_items(data)
        assert caught.value.reason is reason, data
    too_many = "\n".join(f"- rule {n}" for n in range(limits.IMPORT_MAX_ITEMS + 1))
    for data, reason in (("just prose, no list", Reason.EMPTY_FIELD), (too_many, Reason.TOO_LONG)):
        with pytest.raises(ChangeRejectedError) as caught:
            memory.import_items(data, take_as="rule")
        assert caught.value.reason is reason, data
    with pytest.raises(ValueError):
        memory.import_items("- x", format="yaml")
    assert (repo / MEMORY_DIR_NAME / MEMORY_FILE_NAME).read_bytes() == before


def test_a_memory_json_can_be_imported(memory: ProjectMemory, repo: Path, tmp_path: Path) -> None:
    _governed_memory(memory)
    raw = (repo / MEMORY_DIR_NAME / MEMORY_FILE_NAME).read_text(encoding="utf-8")
    other = tmp_path / "other"
    (other / ".git").mkdir(parents=True)
    with ProjectMemory.open(other, backend="off") as fresh:
        fresh.import_items(raw, format="json")
        assert active_items(fresh) == active_items(memory)


def test_an_imported_rule_supersedes_an_older_one_it_names(memory: ProjectMemory) -> None:
    old = memory.remember("Always answer in Chinese")
    report = memory.import_items("- Answer in English from now on\n", take_as="rule")
    assert report.items[0].superseded == []
    report = memory.import_items("- Answer in English instead of Chinese\n", take_as="rule")
    assert report.items[0].superseded == [old.item_id]


def test_an_import_is_previewed_first(memory: ProjectMemory, repo: Path) -> None:
    rule = memory.remember("Always answer in Chinese")
    before = file_of(repo)
    export = _export_with("Answer in English instead of Chinese", "2099-01-01T10:00:00+08:00")
    plan = memory.import_items(export, dry_run=True)
    assert plan.dry_run and not plan.changed
    assert [(c.outcome, c.superseded) for c in plan.items] == [
        (ChangeOutcome.CREATED, [rule.item_id])
    ]
    assert file_of(repo) == before  # nothing written
    done = memory.import_items(export)
    assert [(c.outcome, c.superseded) for c in done.items] == [
        (ChangeOutcome.CREATED, [rule.item_id])
    ]


def test_an_import_never_restores_an_archived_item(memory: ProjectMemory) -> None:
    rule = memory.remember("示例代码不要用 Lombok")
    memory.forget(rule.item_id or "")
    report = memory.import_items("- 示例代码不要用 Lombok\n", take_as="rule")
    [change] = report.items
    assert change.outcome is ChangeOutcome.SKIPPED and "restore" in (change.detail or "")
    item = memory.document().long_term_item(rule.item_id or "")
    assert item is not None and not item.is_active


def test_an_import_never_brings_back_an_item_that_left_for_the_cold_archive(
    memory: ProjectMemory,
) -> None:
    # Once the forgotten rule had moved out of the file, an import of an export holding
    # it created it again (a data-loss hunt): the cold archive counts as archived too.
    rule = memory.remember("示例代码不要用 Lombok")
    exported = memory.export("json")
    memory.forget(rule.item_id or "")
    memory.store.update(lambda txn: _move_to_cold(txn, rule.item_id or ""), actor="store")
    assert memory.document().long_term_item(rule.item_id or "") is None
    report = memory.import_items(exported)
    [change] = report.items
    assert change.outcome is ChangeOutcome.SKIPPED and "restore" in (change.detail or "")
    assert all(not i.is_active for i in memory.document().long_term_memory.items())


def _move_to_cold(txn: Any, item_id: str) -> None:
    """Take an archived item out of the file, as the size policy does (to the cold archive)."""
    items = txn.doc.long_term_memory.durable_preferences
    items[:] = [i for i in items if i.id != item_id]


def test_our_own_export_revises_its_items_by_id_and_keeps_the_old_text(
    memory: ProjectMemory,
) -> None:
    rule = memory.remember("Write Javadoc for public methods")
    export = json.loads(memory.export("json"))
    export["durable_preferences"][0]["summary"] = "Write Javadoc for every method"
    export["durable_preferences"][0]["updated_at"] = "2099-01-01T00:00:00+08:00"
    report = memory.import_items(json.dumps(export))
    [change] = report.items
    assert change.outcome is ChangeOutcome.UPDATED and change.item_id == rule.item_id
    assert change.previous is not None
    assert change.previous.summary == "Write Javadoc for public methods"
    assert change.revisions  # the old text is an archived revision


def _export_with(summary: str, updated_at: str) -> str:
    """A JSON export holding one rule last changed at ``updated_at``."""
    rule = {
        "id": "mem_20260401_001",
        "type": "durable_preference",
        "label": "answer language",
        "summary": summary,
        "status": "active",
        "source": "user_explicit",
        "created_at": updated_at,
        "updated_at": updated_at,
    }
    return json.dumps(
        {"format": "autopatch-memory/export", "version": 1, "durable_preferences": [rule]},
        ensure_ascii=False,
    )


def test_an_older_rule_from_an_export_does_not_supersede_a_newer_one(repo: Path) -> None:
    now = datetime(2026, 5, 1, 12, 0, tzinfo=timezone(timedelta(hours=8)))
    summary = "Always answer in Chinese instead of English"
    with ProjectMemory.open(repo, backend="off", clock=lambda: now) as memory:
        newer = memory.remember("Answer in English from now on")
        before = file_of(repo)
        report = memory.import_items(_export_with(summary, "2026-04-01T10:00:00+08:00"))
        [change] = report.items
        assert change.outcome is ChangeOutcome.SKIPPED
        assert change.superseded == []
        assert change.detail is not None and str(newer.item_id) in change.detail
        assert not report.changed and file_of(repo) == before  # the newer rule stays in force
        assert [s for _, _, s in active_items(memory)] == ["Answer in English from now on"]
        # A rule from the export that is newer than the one in force still replaces it.
        report = memory.import_items(_export_with(summary, "2026-06-01T10:00:00+08:00"))
        assert report.items[0].superseded == [newer.item_id]
        assert [s for _, _, s in active_items(memory)] == [summary]


def test_a_rewording_from_an_export_never_overwrites_a_rule(repo: Path) -> None:
    now = datetime(2026, 5, 1, 12, 0, tzinfo=timezone(timedelta(hours=8)))
    with ProjectMemory.open(repo, backend="off", clock=lambda: now) as memory:
        rule = memory.remember("Answer in English from now on", label="answer language")
        report = memory.import_items(
            _export_with("Answer in English, briefly, from now on", "2026-04-01T10:00:00+08:00")
        )
        assert report.items[0].outcome is ChangeOutcome.CREATED  # its own item
        item = memory.document().long_term_item(rule.item_id or "")
        assert item is not None and item.summary == "Answer in English from now on"


# From the first fresh-eyes bug hunt (a test written before its fix).
def test_a_markdown_round_trip_keeps_glob_patterns(repo: Path, tmp_path: Path) -> None:
    # The importer removed every "**" (bold), so "/api/**" came back as "/api/": a
    # different fact. Ant-style globs are everyday text in a Java repository; and a
    # text's own "**Build**:" came back as a label (a data-loss hunt).
    notes = [
        "the gateway routes /api/** to mall-admin",
        "sources live under src/**/*.java, tests under src/test/**",
        "Spring scans com.example.** for components",
    ]
    rule = "always write **Javadoc** on public methods"
    with ProjectMemory.open(repo, backend="off") as memory:
        for note in notes:
            memory.remember(note, kind="note")
        memory.remember(rule)
        exported = memory.export("markdown")
    other = tmp_path / "other"
    (other / ".git").mkdir(parents=True)
    with ProjectMemory.open(other, backend="off") as fresh:
        fresh.import_items(exported)
        summaries = {i.summary for i in fresh.document().long_term_memory.items()}
    assert set(notes) <= summaries
    # the export escapes the text's own asterisks: it comes back as the user typed it
    assert rule in summaries


# From the second fresh-eyes bug hunt (a test written before its fix).
@pytest.mark.parametrize("encoding", ["gbk", "utf-16"])
def test_an_import_file_that_is_not_utf8_is_refused_not_stored_as_mojibake(
    repo: Path, encoding: str
) -> None:
    # An AGENTS.md saved by a Chinese Windows editor is often GBK (or UTF-16): decoded
    # with replacement characters, its rules were stored as "�Ժ�ش�������".
    data = "## 规则\n\n- 以后回答都用中文\n- 提交信息用英文\n".encode(encoding)
    memory = ProjectMemory.open(repo, backend="off", collect_profile=False)
    with pytest.raises(ChangeRejectedError) as caught:
        memory.import_items(data)
    assert caught.value.reason is Reason.BAD_SHAPE
    assert "UTF-8" in str(caught.value)
    assert not (repo / MEMORY_DIR_NAME).exists()  # nothing was written


# --- concurrency ----------------------------------------------------------------------------


def test_concurrent_changes_from_two_handles_lose_nothing(repo: Path) -> None:
    """Two hosts on one repository (threads here; processes in test_mcp_server.py)."""
    first = ProjectMemory.open(repo, backend="off")
    second = ProjectMemory.open(repo, backend="off")
    subjects = ["Kafka", "Redis", "Nacos", "Dubbo", "Seata", "Sentinel", "MinIO", "Elastic"]

    def work(memory: ProjectMemory, half: int) -> None:
        for n, subject in enumerate(subjects[half * 4 : half * 4 + 4]):
            memory.remember(f"模块 m{half}{n} 使用 {subject} 处理 q{n}", kind="note")

    threads = [threading.Thread(target=work, args=(m, i)) for i, m in enumerate((first, second))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    first.close()
    second.close()
    with ProjectMemory.open(repo, backend="off") as memory:
        summaries = {s for _, _, s in active_items(memory)}
    assert len(summaries) == len(subjects)


@pytest.mark.parametrize("form", ["json", "markdown"])
def test_importing_an_item_word_for_word_changes_nothing_not_even_its_date(
    memory: ProjectMemory, repo: Path, form: str
) -> None:
    memory.remember("以后回答都用中文")
    path = repo / MEMORY_DIR_NAME / MEMORY_FILE_NAME
    raw = json.loads(path.read_text(encoding="utf-8"))
    raw["long_term_memory"]["durable_preferences"][0]["updated_at"] = "2025-01-01T10:00:00+08:00"
    path.write_text(json.dumps(raw, ensure_ascii=False), encoding="utf-8")
    exported = memory.export(form)
    report = memory.import_items(exported)
    assert [i.outcome for i in report.items] == [ChangeOutcome.UNCHANGED]
    [rule] = memory.document().long_term_memory.durable_preferences
    assert rule.updated_at == datetime(2025, 1, 1, 2, tzinfo=timezone.utc)
    before = path.read_bytes()  # as this program writes it
    again = memory.import_items(exported)
    assert not again.changed and path.read_bytes() == before


def test_a_markdown_round_trip_keeps_emphasis_and_task_boxes_as_text(
    repo: Path, tmp_path: Path
) -> None:
    texts = ["**Build**: always use the Gradle wrapper", "[ ] boxes are never used in MR titles"]
    with ProjectMemory.open(repo, backend="off") as memory:
        for text in texts:
            memory.remember(text)
        exported = memory.export("markdown")
    other = tmp_path / "other"
    (other / ".git").mkdir(parents=True)
    with ProjectMemory.open(other, backend="off") as fresh:
        fresh.import_items(exported)
        summaries = {i.summary for i in fresh.document().long_term_memory.items()}
    assert summaries == set(texts)
