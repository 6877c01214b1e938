"""Choosing the model for a run: ``-m/--model`` on the commands that use one, and
``/model NAME`` in the chat (issue 30, item 7), through the real command line against the
local fake OpenAI-compatible server."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from cli_process import run_cli
from fake_openai_server import FakeOpenAIServer, Reply


@pytest.fixture
def server() -> Iterator[FakeOpenAIServer]:
    with FakeOpenAIServer() as fake:
        yield fake


def _env(server: FakeOpenAIServer) -> dict[str, str]:
    return {
        "AUTOPATCH_LLM_BASE_URL": server.url,
        "AUTOPATCH_LLM_MODEL": "configured-model",
        "AUTOPATCH_LLM_MAX_RETRIES": "0",
        "AUTOPATCH_MEMORY_BACKEND": "heuristic",  # summaries offline: every request answers
    }


def test_ask_answers_with_the_model_it_is_given(repo: Path, server: FakeOpenAIServer) -> None:
    server.script(Reply.text("用 orElse。"), Reply.text("Use orElse."))
    assert run_cli("ask", str(repo), "Optional 怎么用？", env=_env(server)).returncode == 0
    done = run_cli("ask", str(repo), "-m", "qwen2.5:7b", "Optional 怎么用？", env=_env(server))
    assert done.returncode == 0, done.stderr
    assert [r.model for r in server.chat_requests] == ["configured-model", "qwen2.5:7b"]


def test_an_empty_model_is_a_usage_error(repo: Path, server: FakeOpenAIServer) -> None:
    done = run_cli("ask", str(repo), "--model", " ", "Optional 怎么用？", env=_env(server))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.strip() == "error: --model is empty"
    assert server.chat_requests == []


def test_chat_switches_model_with_slash_model(repo: Path, server: FakeOpenAIServer) -> None:
    server.script(Reply.text("one"), Reply.text("two"))
    script = "What is a record?\n/model deepseek-coder\nWhat is a sealed class?\n/exit\n"
    done = run_cli("chat", str(repo), "-m", "first-model", input=script, env=_env(server))
    assert done.returncode == 0, done.stderr
    assert "answering model: deepseek-coder (this session" in done.stdout
    assert [r.model for r in server.chat_requests] == ["first-model", "deepseek-coder"]


def test_summarize_uses_the_model_it_is_given(repo: Path, server: FakeOpenAIServer) -> None:
    empty = {"turn_summaries": [], "topic_operations": [], "long_term_operations": []}
    server.script(Reply.json(empty))
    env = {**_env(server), "AUTOPATCH_MEMORY_BACKEND": "openai"}
    record = run_cli(
        "record", str(repo), "--intent", "general_chat", "--user", "Optional 怎么用？",
        env={**env, "AUTOPATCH_MEMORY_BACKEND": "off"},
    )  # fmt: skip
    assert record.returncode == 0, record.stderr
    run_cli("summarize", str(repo), "--model", "summary-model", env=env)
    assert [r.model for r in server.chat_requests] == ["summary-model"]
