"""The OpenAI-compatible backend through the real ``openai`` client against a local server."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from datetime import datetime, timezone
from pathlib import Path

import pytest
from fake_openai_server import FakeOpenAIServer, Reply
from pydantic import SecretStr

from autopatch_memory import limits
from autopatch_memory.backends.base import SummaryBackend, SummaryItem, SummaryRequest, SummaryTurn
from autopatch_memory.backends.chat import ChatSummaryBackend
from autopatch_memory.backends.llm import LLMOptions, StructuredOutput
from autopatch_memory.backends.openai_compat import OpenAICompatBackend
from autopatch_memory.config import PLACEHOLDER_API_KEY, MemorySettings, make_answerer, make_backend
from autopatch_memory.errors import (
    BackendAuthError,
    BackendError,
    BackendResponseError,
    BackendTimeoutError,
    BackendUnavailableError,
    InvalidReplyError,
)
from autopatch_memory.intents import IntentType
from autopatch_memory.model import MemoryDelta
from autopatch_memory.reasons import Reason
from autopatch_memory.testing import ScriptedChat
from autopatch_memory.text import Language

NOW = datetime(2026, 5, 1, 12, 30, tzinfo=timezone.utc)
TURN_1 = "turn_20260501_123000_001"
TURN_2 = "turn_20260501_123100_001"
TOPIC = "topic_20260501_001"
ITEM = "mem_20260501_001"
USER_OPENAI_KEY = "sk-user0penaikey0123456789abcdefXYZ"

GOOD_DELTA = {
    "turn_summaries": [{"turn_id": TURN_1, "summary": "The user asked how Optional works."}],
    "topic_operations": [
        {
            "operation": "update_existing",
            "target_id": TOPIC,
            "label": None,
            "summary": "The user is following Optional usage.",
            "related_turn_ids": [TURN_1],
        }
    ],
    "long_term_operations": [],
}


@pytest.fixture
def server() -> Iterator[FakeOpenAIServer]:
    with FakeOpenAIServer() as fake:
        yield fake


def make_request(
    language: Language = Language.EN, *, user_text: str | None = None
) -> SummaryRequest:
    return SummaryRequest(
        turns=[
            SummaryTurn(
                id=TURN_1,
                intent=IntentType.GENERAL_CHAT,
                user_text=user_text or "How should I use Optional?",
                assistant_text="Optional models a value that may be absent.",
                created_at=NOW,
            ),
            SummaryTurn(
                id=TURN_2,
                intent=IntentType.CODE_EXPLAIN,
                user_text="From now on answer with the conclusion first.",
                scope_paths=["review/"],
                created_at=NOW,
            ),
        ],
        topics=[SummaryItem(id=TOPIC, label="Java Optional", summary="Optional usage.")],
        long_term=[
            SummaryItem(
                id=ITEM, label="answer style", summary="Short answers.", type="durable_preference"
            )
        ],
        language=language,
        now=NOW,
    )


def make_backend_for(
    server: FakeOpenAIServer | str,
    *,
    mode: StructuredOutput = StructuredOutput.JSON_SCHEMA,
    # Generous: a loaded machine (xdist, `stress`) may take seconds to serve a reply, and
    # a timeout would stand in for the error a test expects. Timeout tests pass their own.
    timeout: float = 10.0,
    max_retries: int = 0,
    key: str = "test-key",
) -> OpenAICompatBackend:
    url = server if isinstance(server, str) else server.url
    return OpenAICompatBackend(
        LLMOptions(
            base_url=url,
            model="fake-model",
            api_key=SecretStr(key),
            timeout=timeout,
            max_retries=max_retries,
            structured_output=mode,
        )
    )


# --- replies that parse ------------------------------------------------------------------


def test_good_reply_is_returned_as_a_delta(server: FakeOpenAIServer) -> None:
    server.script(Reply.json(GOOD_DELTA))
    backend = make_backend_for(server)
    assert isinstance(backend, SummaryBackend)
    assert backend.name == "openai"

    delta = backend.summarize(make_request())

    assert isinstance(delta, MemoryDelta)
    assert delta.turn_summaries == GOOD_DELTA["turn_summaries"]
    assert delta.topic_operations == GOOD_DELTA["topic_operations"]
    [sent] = server.chat_requests
    assert sent.model == "fake-model"
    assert sent.authorization == "Bearer test-key"
    assert sent.body is not None
    assert sent.body["temperature"] <= 0.2
    assert 0 < sent.body["max_tokens"] <= limits.LLM_MAX_TOKENS_CAP
    assert [m["role"] for m in sent.messages] == ["system", "user"]


@pytest.mark.parametrize("reply", [Reply.fenced(GOOD_DELTA), Reply.think(GOOD_DELTA)])
def test_fenced_and_think_wrapped_replies_parse(server: FakeOpenAIServer, reply: Reply) -> None:
    server.script(reply)
    delta = make_backend_for(server).summarize(make_request())
    assert delta.turn_summaries == GOOD_DELTA["turn_summaries"]
    assert len(server.chat_requests) == 1  # no repair needed


def test_invalid_json_then_valid_repair(server: FakeOpenAIServer) -> None:
    server.script(Reply.text("Sure! The user asked about Optional."), Reply.json(GOOD_DELTA))

    delta = make_backend_for(server).summarize(make_request())

    assert delta.turn_summaries == GOOD_DELTA["turn_summaries"]
    first, repair = server.chat_requests
    assert repair.messages[: len(first.messages)] == first.messages
    assert repair.messages[-2] == {
        "role": "assistant",
        "content": "Sure! The user asked about Optional.",
    }
    quoted = repair.last_user_message
    assert "no JSON object found" in quoted  # the validation error, quoted
    assert repair.response_format == first.response_format


def test_still_invalid_after_one_repair_raises_with_reason(server: FakeOpenAIServer) -> None:
    server.script(Reply.text("no json here"), Reply.text("still no json"), Reply.json(GOOD_DELTA))

    with pytest.raises(InvalidReplyError) as caught:
        make_backend_for(server).summarize(make_request())

    assert isinstance(caught.value, BackendResponseError)
    assert caught.value.reason is Reason.INVALID_JSON
    assert len(server.chat_requests) == 2  # exactly one repair, never a third call
    assert server.pending_replies == 1


def test_a_section_that_is_not_a_list_gets_one_repair(server: FakeOpenAIServer) -> None:
    server.script(Reply.json({"turn_summaries": "oops"}), Reply.json(GOOD_DELTA))

    delta = make_backend_for(server).summarize(make_request())

    assert delta.turn_summaries == GOOD_DELTA["turn_summaries"]
    assert "'turn_summaries' must be a list" in server.chat_requests[1].last_user_message


def test_malformed_operations_after_the_repair_go_to_the_applier(server: FakeOpenAIServer) -> None:
    bad = {"turn_summaries": [{"summary": "no id"}], "topic_operations": []}
    server.script(Reply.json(bad), Reply.json(bad))

    delta = make_backend_for(server).summarize(make_request())

    # The applier rejects the bad entry on its own; nothing else is lost.
    assert delta.turn_summaries == [{"summary": "no id"}]
    assert "turn_summaries[0].turn_id" in server.chat_requests[1].last_user_message


def test_an_empty_message_is_repaired_too(server: FakeOpenAIServer) -> None:
    server.script(Reply.text(""), Reply.json(GOOD_DELTA))
    assert make_backend_for(server).summarize(make_request()).turn_summaries


# --- structured output modes ---------------------------------------------------------------


def test_json_schema_mode_sends_the_delta_schema_with_the_request_ids(
    server: FakeOpenAIServer,
) -> None:
    make_backend_for(server, mode=StructuredOutput.JSON_SCHEMA).summarize(make_request())
    [sent] = server.chat_requests
    fmt = sent.response_format
    assert fmt is not None and fmt["type"] == "json_schema"
    schema = fmt["json_schema"]["schema"]
    assert fmt["json_schema"]["name"] == "memory_delta"
    turn_id = schema["properties"]["turn_summaries"]["items"]["properties"]["turn_id"]
    assert turn_id["enum"] == [TURN_1, TURN_2]


def test_json_object_mode(server: FakeOpenAIServer) -> None:
    make_backend_for(server, mode=StructuredOutput.JSON_OBJECT).summarize(make_request())
    assert server.chat_requests[0].response_format == {"type": "json_object"}


def test_prompt_mode_sends_no_response_format(server: FakeOpenAIServer) -> None:
    make_backend_for(server, mode=StructuredOutput.PROMPT).summarize(make_request())
    body = server.chat_requests[0].body
    assert body is not None and "response_format" not in body
    assert "JSON" in server.chat_requests[0].system_prompt


# --- prompts on the wire ---------------------------------------------------------------------


def test_secrets_never_reach_the_prompt(server: FakeOpenAIServer) -> None:
    secret_text = (
        "my key is sk-abcdefghijklmnopqrstuvwxyz0123456789 and password=hunter2, "
        "token ghp_abcdefghijklmnopqrstuvwxyz0123456789"
    )
    make_backend_for(server).summarize(make_request(user_text=secret_text))
    wire = json.dumps(server.chat_requests[0].body, ensure_ascii=False)
    for secret in ("sk-abcdefghijklmnop", "hunter2", "ghp_abcdefghijklmnop"):
        assert secret not in wire
    assert "[REDACTED:" in wire


def test_secrets_in_a_bad_reply_are_not_quoted_back(server: FakeOpenAIServer) -> None:
    server.script(Reply.text("password=hunter2 and no json"), Reply.json(GOOD_DELTA))
    make_backend_for(server).summarize(make_request())
    wire = json.dumps(server.chat_requests[1].body, ensure_ascii=False)
    assert "hunter2" not in wire


def test_chinese_and_english_prompts(server: FakeOpenAIServer) -> None:
    backend = make_backend_for(server)
    backend.summarize(make_request(Language.ZH))
    backend.summarize(make_request(Language.EN))
    zh, en = server.chat_requests
    assert "只输出一个 JSON 对象" in zh.system_prompt
    assert "exactly one JSON object" in en.system_prompt
    assert "只输出一个 JSON 对象" not in en.system_prompt
    for sent in (zh, en):
        assert TURN_1 in sent.last_user_message
        assert "user_explicit" in sent.system_prompt


# --- failures map to the library's errors --------------------------------------------------


def test_500_then_success_is_retried_by_the_client(server: FakeOpenAIServer) -> None:
    server.script(Reply.fail(500), Reply.json(GOOD_DELTA))
    delta = make_backend_for(server, max_retries=1).summarize(make_request())
    assert delta.turn_summaries == GOOD_DELTA["turn_summaries"]
    assert len(server.chat_requests) == 2


def test_timeout_maps_to_backend_timeout(server: FakeOpenAIServer) -> None:
    server.script(Reply.slow(8.0, GOOD_DELTA))
    started = time.monotonic()
    with pytest.raises(BackendTimeoutError):
        make_backend_for(server, timeout=0.5).summarize(make_request())
    assert time.monotonic() - started < 6.0  # long before the reply: room for a loaded machine


def test_a_delayed_reply_within_the_timeout_succeeds(server: FakeOpenAIServer) -> None:
    server.script(Reply.slow(0.3, GOOD_DELTA))
    delta = make_backend_for(server, timeout=5.0).summarize(make_request())
    assert delta.turn_summaries == GOOD_DELTA["turn_summaries"]


@pytest.mark.parametrize(
    ("status", "expected"),
    [
        (401, BackendAuthError),
        (403, BackendAuthError),
        (429, BackendUnavailableError),
        (500, BackendUnavailableError),
        (503, BackendUnavailableError),
        (400, BackendError),
        (404, BackendError),
        (422, BackendError),
    ],
)
def test_status_errors_map_to_library_errors(
    server: FakeOpenAIServer, status: int, expected: type[BackendError]
) -> None:
    server.script(Reply.fail(status, "nope"))
    with pytest.raises(BackendError) as caught:
        make_backend_for(server).summarize(make_request())
    assert type(caught.value) is expected
    assert type(caught.value).__module__.startswith("autopatch_memory")
    assert str(status) in str(caught.value)
    assert "test-key" not in str(caught.value)


def test_connection_refused_maps_to_unavailable(closed_port: int) -> None:
    backend = make_backend_for(f"http://127.0.0.1:{closed_port}/v1")
    with pytest.raises(BackendUnavailableError):
        backend.summarize(make_request())


def test_garbage_http_body_is_a_backend_error(server: FakeOpenAIServer) -> None:
    server.script(Reply(raw_body=b"<html>not json</html>"))
    with pytest.raises(BackendError) as caught:
        make_backend_for(server).summarize(make_request())
    assert type(caught.value).__module__.startswith("autopatch_memory")


def test_no_request_at_construction(server: FakeOpenAIServer) -> None:
    backend = make_backend_for(server)
    _ = backend.options, repr(backend)
    assert server.requests == []
    assert "test-key" not in repr(backend)


# --- answering and checking -------------------------------------------------------------------


def test_answer_sends_history_and_strips_reasoning(server: FakeOpenAIServer) -> None:
    server.script(Reply.text("<think>hmm</think>\nUse orElseGet for lazy defaults."))
    backend = make_backend_for(server)

    text = backend.answer(
        "You explain Java.",
        "And orElseGet?",
        history=[("user", "What is Optional?"), ("assistant", "A container.")],
    )

    assert text == "Use orElseGet for lazy defaults."
    [sent] = server.chat_requests
    assert sent.messages == [
        {"role": "system", "content": "You explain Java."},
        {"role": "user", "content": "What is Optional?"},
        {"role": "assistant", "content": "A container."},
        {"role": "user", "content": "And orElseGet?"},
    ]
    assert sent.response_format is None


def test_answer_rejects_an_unknown_history_role(server: FakeOpenAIServer) -> None:
    with pytest.raises(ValueError, match="role"):
        make_backend_for(server).answer("s", "q", history=[("system", "x")])
    assert server.requests == []


def test_answer_errors_are_mapped(server: FakeOpenAIServer) -> None:
    server.script(Reply.fail(401))
    with pytest.raises(BackendAuthError):
        make_backend_for(server).answer("s", "q")


def test_check_lists_models(server: FakeOpenAIServer) -> None:
    result = make_backend_for(server).check()
    assert result.ok and result.model_listed is True
    assert result.models == ["fake-model"]
    assert server.chat_requests == []


def test_check_falls_back_to_a_one_token_call() -> None:
    with FakeOpenAIServer(models_status=404) as server:
        result = make_backend_for(server).ping()
        assert result.ok and result.model_listed is None
        [sent] = server.chat_requests
        assert sent.body is not None and sent.body["max_tokens"] == 1


def test_check_reports_failures_without_raising() -> None:
    with FakeOpenAIServer(models_status=401) as server:
        result = make_backend_for(server).check()
    assert not result.ok and result.error == "BackendAuthError"


# --- the key rule, as the server sees it ----------------------------------------------------


def _summarize_through_settings(repo: Path | None) -> None:
    backend = make_backend(MemorySettings.from_env(repo))
    assert isinstance(backend, OpenAICompatBackend)
    backend.summarize(make_request())


def test_openai_key_goes_to_its_paired_base_url(
    server: FakeOpenAIServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("AUTOPATCH_LLM_BASE_URL")
    monkeypatch.setenv("OPENAI_BASE_URL", server.url)
    monkeypatch.setenv("OPENAI_API_KEY", USER_OPENAI_KEY)
    monkeypatch.setenv("AUTOPATCH_LLM_MODEL", "fake-model")
    monkeypatch.setenv("AUTOPATCH_MEMORY_BACKEND", "openai")

    _summarize_through_settings(None)

    assert server.chat_requests[0].authorization == f"Bearer {USER_OPENAI_KEY}"


def test_openai_key_is_withheld_from_a_custom_base_url(
    server: FakeOpenAIServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("AUTOPATCH_LLM_BASE_URL", server.url)
    monkeypatch.setenv("OPENAI_API_KEY", USER_OPENAI_KEY)
    monkeypatch.setenv("AUTOPATCH_LLM_MODEL", "fake-model")

    _summarize_through_settings(None)

    sent = server.chat_requests[0]
    assert sent.authorization == f"Bearer {PLACEHOLDER_API_KEY}"
    assert USER_OPENAI_KEY not in json.dumps(sent.headers)


def test_openai_key_is_shared_when_the_user_opts_in(
    server: FakeOpenAIServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("AUTOPATCH_LLM_BASE_URL", server.url)
    monkeypatch.setenv("OPENAI_API_KEY", USER_OPENAI_KEY)
    monkeypatch.setenv("AUTOPATCH_LLM_MODEL", "fake-model")
    monkeypatch.setenv("AUTOPATCH_LLM_SHARE_KEY", "1")

    _summarize_through_settings(None)

    assert server.chat_requests[0].authorization == f"Bearer {USER_OPENAI_KEY}"


def test_a_project_file_cannot_redirect_the_users_key(
    server: FakeOpenAIServer, monkeypatch: pytest.MonkeyPatch, repo: Path
) -> None:
    monkeypatch.delenv("AUTOPATCH_LLM_BASE_URL")
    monkeypatch.delenv("OPENAI_BASE_URL")
    monkeypatch.setenv("AUTOPATCH_LLM_API_KEY", "sk-tool0nlykey0123456789abcdefghij")
    monkeypatch.setenv("OPENAI_API_KEY", USER_OPENAI_KEY)
    config = repo / ".autopatch-j" / "config.toml"
    config.parent.mkdir()
    config.write_text(
        f'[memory]\nbackend = "openai"\n[llm]\nbase_url = "{server.url}"\nmodel = "fake-model"\n'
        'share_key = true\napi_key = "sk-fromtherepo0123456789abcdefghij"\n',
        encoding="utf-8",
    )

    settings = MemorySettings.from_env(repo)

    # The repository's file chooses neither the server, nor the model, nor the backend:
    # no model backend is built, and nothing reaches the server it names.
    assert not isinstance(make_backend(settings), OpenAICompatBackend)
    assert settings.api_key is None or settings.uses_openai_host
    assert server.chat_requests == []


def test_environment_account_headers_do_not_leak_to_a_custom_server(
    server: FakeOpenAIServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_ORG_ID", "org-private")
    monkeypatch.setenv("OPENAI_PROJECT_ID", "proj-private")
    monkeypatch.setenv("OPENAI_CUSTOM_HEADERS", f"Authorization: Bearer {USER_OPENAI_KEY}")

    make_backend_for(server).summarize(make_request())

    sent = server.chat_requests[0]
    assert sent.authorization == "Bearer test-key"
    assert "openai-organization" not in sent.headers
    assert "openai-project" not in sent.headers


def test_answerer_uses_the_same_client_and_rules(
    server: FakeOpenAIServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("AUTOPATCH_LLM_BASE_URL", server.url)
    monkeypatch.setenv("AUTOPATCH_LLM_MODEL", "fake-model")
    monkeypatch.setenv("AUTOPATCH_MEMORY_BACKEND", "heuristic")
    server.script(Reply.text("42"))

    answerer = make_answerer(MemorySettings.from_env(None))

    assert answerer is not None
    assert answerer.answer("system", "question") == "42"
    assert server.chat_requests[0].authorization == f"Bearer {PLACEHOLDER_API_KEY}"


# --- one loop for every chat model -------------------------------------------------------------


def test_the_host_chat_backend_and_this_one_send_the_same_conversation(
    server: FakeOpenAIServer,
) -> None:
    # Both go through backends.chat: same prompt, same parse, same one repair.
    script = ("Sure! The user asked about Optional.", json.dumps(GOOD_DELTA))
    server.script(*(Reply.text(text) for text in script))
    chat = ScriptedChat(*script)

    over_http = make_backend_for(server, mode=StructuredOutput.PROMPT).summarize(make_request())
    in_process = ChatSummaryBackend(chat).summarize(make_request())

    assert over_http == in_process
    assert [request.messages for request in server.chat_requests] == chat.calls
    assert len(chat.calls) == 2  # the one repair


def test_a_reply_that_is_not_text_is_a_response_error() -> None:
    backend = ChatSummaryBackend(lambda messages: None)  # type: ignore[arg-type, return-value]
    with pytest.raises(BackendResponseError, match="NoneType"):
        backend.summarize(make_request())


def test_a_host_model_failure_becomes_a_backend_error_with_its_cause() -> None:
    def broken(messages: list[dict[str, str]]) -> str:
        raise TimeoutError("password=hunter2 upstream timed out")

    with pytest.raises(BackendError) as caught:
        ChatSummaryBackend(broken, name="acme").summarize(make_request())
    assert "acme" in str(caught.value) and "TimeoutError" in str(caught.value)
    assert "hunter2" not in str(caught.value)  # redacted like everything the journal keeps
    assert isinstance(caught.value.__cause__, TimeoutError)
    with pytest.raises(TypeError):
        ChatSummaryBackend("not callable")  # type: ignore[arg-type]
