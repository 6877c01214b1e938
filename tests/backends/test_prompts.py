"""The summarizer prompt: rules, schema, languages, and redaction of every text."""

from __future__ import annotations

import json
import re
from datetime import datetime, timezone
from typing import Any

import pytest

from autopatch_memory import limits
from autopatch_memory.backends.base import SummaryItem, SummaryRequest, SummaryTurn
from autopatch_memory.delta import parse_delta
from autopatch_memory.intents import IntentType
from autopatch_memory.model import LongTermOp, Operation, RepoProfile
from autopatch_memory.prompts import (
    ASSISTANT_KEY,
    build_messages,
    build_repair_messages,
    delta_json_schema,
    example_deltas,
    repair_instruction,
    request_payload,
    system_prompt,
)
from autopatch_memory.text import Language

NOW = datetime(2026, 5, 1, 12, 30, tzinfo=timezone.utc)
SECRETS = (
    "sk-abcdefghijklmnopqrstuvwxyz0123456789",
    "hunter2",
    "ghp_abcdefghijklmnopqrstuvwxyz0123456789",
    "AKIAABCDEFGHIJKLMNOP",
)


def make_request(language: Language = Language.EN, *, with_secrets: bool = False) -> SummaryRequest:
    leak = " password=hunter2 sk-abcdefghijklmnopqrstuvwxyz0123456789" if with_secrets else ""
    token = " token=ghp_abcdefghijklmnopqrstuvwxyz0123456789" if with_secrets else ""
    return SummaryRequest(
        turns=[
            SummaryTurn(
                id="turn_20260501_123000_001",
                intent=IntentType.GENERAL_CHAT,
                user_text="Optional 怎么用？" + leak,
                assistant_text="Optional 是容器。" + token,
                scope_paths=["src/main/java/App.java"],
                created_at=NOW,
            )
        ],
        topics=[
            SummaryItem(
                id="topic_20260501_001",
                label="Java Optional",
                summary="Optional usage." + (" AKIAABCDEFGHIJKLMNOP" if with_secrets else ""),
            )
        ],
        long_term=[
            SummaryItem(
                id="mem_20260501_001",
                label="answer style",
                summary="Short answers." + leak,
                type="durable_preference",
            )
        ],
        repo_profile=RepoProfile(
            build_tool="maven",
            java_version="17",
            project_name="demo",
            modules=["api", "review"],
            source_files=["pom.xml"],
        ),
        language=language,
        earlier_turns=[
            SummaryItem(
                id="turn_20260501_122000_001", label="", summary="用户询问 HashMap 的扩容。"
            )
        ],
    )


def payload_of(messages: list[dict[str, str]]) -> dict[str, Any]:
    user = messages[1]["content"]
    return json.loads(user.split("\n", 1)[1])


def test_messages_are_system_then_user_with_the_input() -> None:
    messages = build_messages(make_request())
    assert [m["role"] for m in messages] == ["system", "user"]
    payload = payload_of(messages)
    assert payload["pending_turns"][0]["id"] == "turn_20260501_123000_001"
    assert payload["pending_turns"][0]["intent"] == "general_chat"
    assert payload["pending_turns"][0]["project_level"] is False
    assert payload["earlier_turns"] == [
        {"id": "turn_20260501_122000_001", "summary": "用户询问 HashMap 的扩容。"}
    ]
    assert payload["pending_turns"][0]["scope_paths"] == ["src/main/java/App.java"]
    assert payload["active_topics"] == [
        {"id": "topic_20260501_001", "label": "Java Optional", "summary": "Optional usage."}
    ]
    assert payload["long_term_items"][0]["type"] == "durable_preference"
    assert payload["repo_profile"]["modules"] == ["api", "review"]
    assert "source_files" not in payload["repo_profile"]


@pytest.mark.parametrize("language", list(Language))
def test_the_system_prompt_states_the_rules(language: Language) -> None:
    text = system_prompt(language)
    for needle in (
        "JSON",
        "turn_summaries",
        "topic_operations",
        "long_term_operations",
        "durable_preference",
        "project_note",
        "user_explicit",
        "conversation_summary",
        "evidence_turn_ids",
        "evidence_quote",
        "supersedes",
        "update_existing",
        "create_new",
        "archive_existing",
        ASSISTANT_KEY,
        str(limits.SUMMARIZER_MAX_CONTEXT_ITEMS),
        str(limits.DELTA_MAX_CREATES),
        str(limits.DELTA_MAX_ARCHIVES),
        str(limits.MAX_LABEL_CHARS),
        str(limits.MAX_SUMMARY_CHARS),
    ):
        assert needle in text, needle


@pytest.mark.parametrize("language", list(Language))
def test_the_prompt_teaches_what_is_not_a_preference(language: Language) -> None:
    text = system_prompt(language)
    # Negative cases in the rules: a question, someone else's words, a one-off, a habit.
    for needle in {
        Language.EN: (
            "why does the build always fail?",
            "my colleague says",
            "just this once",
            "I always forget",
            "do not supersede",
        ),
        Language.ZH: (
            "记住密码功能怎么实现？",
            "我同事说",
            "这次用英文",
            "我每次都忘记",
            "不要替换",
        ),
    }[language]:
        assert needle in text, needle


@pytest.mark.parametrize("language", list(Language))
def test_no_placeholder_a_weak_model_could_copy(language: Language) -> None:
    # The old prompt showed "<at most 60 characters>" as values; weak models copied them.
    assert not re.search(r"<[^<>\n]{2,60}>", system_prompt(language))


def test_english_and_chinese_variants_differ_in_language() -> None:
    en, zh = system_prompt(Language.EN), system_prompt(Language.ZH)
    assert "use only ids from the input" in en.lower()
    assert "business purpose" not in en and "what the project is for" in en
    assert "in English" in en
    assert "只能使用输入中的 id" in zh and "业务用途" in zh and "使用中文" in zh
    assert "Never guess" not in zh
    assert build_messages(make_request(Language.ZH))[0]["content"] == zh


@pytest.mark.parametrize("language", list(Language))
def test_the_worked_examples_are_deltas_with_grounded_operations(language: Language) -> None:
    examples = example_deltas(language)
    assert len(examples) >= 5
    # The first two are negative examples: thanks, a one-off and a quoted rule change nothing.
    assert all(not e["long_term_operations"] for e in examples[:2])
    operations = set()
    for example in examples:
        delta, bad = parse_delta(json.dumps(example, ensure_ascii=False))
        assert bad == []
        assert delta.turn_summaries
        for raw in delta.long_term_operations:
            op = LongTermOp.model_validate(raw)
            operations.add(op.operation)
            assert op.evidence_turn_ids and op.evidence_quote
    assert operations == {Operation.CREATE_NEW, Operation.ARCHIVE_EXISTING}
    assert any(raw.get("supersedes") for e in examples for raw in e["long_term_operations"]), (
        "a worked example of superseding"
    )
    assert any(
        raw.get("type") == "project_note" for e in examples for raw in e["long_term_operations"]
    ), "a worked example of a fact as a note"


def test_the_assistant_answer_is_marked_unverified() -> None:
    turn = payload_of(build_messages(make_request()))["pending_turns"][0]
    assert "assistant_text" not in turn
    assert turn[ASSISTANT_KEY] == "Optional 是容器。"


def test_every_text_is_redacted() -> None:
    request = make_request(with_secrets=True)
    wire = json.dumps(build_messages(request), ensure_ascii=False)
    for leaked in SECRETS:
        assert leaked not in wire
    assert wire.count("[REDACTED:") >= 4
    assert "hunter2" not in json.dumps(request_payload(request), ensure_ascii=False)


def test_repair_messages_quote_the_error_and_the_reply() -> None:
    request = make_request()
    messages = build_repair_messages(
        request, "not json password=hunter2", "no JSON object found in the reply"
    )
    assert messages[:2] == build_messages(request)
    assert messages[2]["role"] == "assistant"
    assert "hunter2" not in messages[2]["content"]
    assert messages[3]["role"] == "user"
    assert "no JSON object found in the reply" in messages[3]["content"]


def test_repair_instruction_is_bounded_and_in_the_conversation_language() -> None:
    long_error = "x" * 5000
    assert len(repair_instruction(long_error, Language.EN)) < limits.LLM_REPAIR_ERROR_CHARS + 300
    assert "问题：bad" in repair_instruction("bad", Language.ZH)
    assert "Problems: bad" in repair_instruction("bad", Language.EN)


def _walk_objects(schema: Any) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    if isinstance(schema, dict):
        if schema.get("type") == "object":
            found.append(schema)
        for value in schema.values():
            found.extend(_walk_objects(value))
    elif isinstance(schema, list):
        for value in schema:
            found.extend(_walk_objects(value))
    return found


def test_the_schema_is_strict_and_names_only_input_ids() -> None:
    schema = delta_json_schema(make_request())
    objects = _walk_objects(schema)
    assert len(objects) == 4
    for obj in objects:
        assert obj["additionalProperties"] is False
        assert obj["required"] == list(obj["properties"])
    props = schema["properties"]
    topic = props["topic_operations"]["items"]["properties"]
    assert topic["target_id"]["anyOf"][0]["enum"] == ["topic_20260501_001"]
    assert topic["related_turn_ids"]["items"]["enum"] == ["turn_20260501_123000_001"]
    long_term = props["long_term_operations"]["items"]["properties"]
    assert long_term["target_id"]["anyOf"][0]["enum"] == ["mem_20260501_001"]
    assert long_term["supersedes"]["items"]["enum"] == ["mem_20260501_001"]
    assert long_term["operation"]["enum"] == ["create_new", "update_existing", "archive_existing"]
    assert topic["operation"]["enum"] == ["create_new", "update_existing"]
    assert long_term["type"]["anyOf"][0]["enum"] == ["durable_preference", "project_note"]
    assert long_term["source"]["anyOf"][0]["enum"] == ["user_explicit", "conversation_summary"]


def test_the_schema_without_topics_allows_no_topic_target() -> None:
    request = make_request().model_copy(update={"topics": [], "long_term": []})
    props = delta_json_schema(request)["properties"]
    assert props["topic_operations"]["items"]["properties"]["target_id"] == {"type": "null"}
    generic = delta_json_schema()["properties"]["turn_summaries"]["items"]["properties"]
    assert generic["turn_id"] == {"type": "string"}
