"""A repository's own ``.autopatch-j/config.toml`` only narrows: where questions,
answers and memory are sent is the user's choice alone (docs/design.md#configuration).

A cloned repository could carry that file. The attack (issue 29, item 1): with nothing
configured by the user, a committed ``[llm] base_url``/``model`` switched ``ask``,
``summarize`` and the MCP server's summaries to the repository's server. Here that
server is a real local HTTP server recording every request, and the command line and
the MCP server run as real processes.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import anyio
import pytest
from fake_openai_server import FakeOpenAIServer, Reply
from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

from autopatch_memory import MemorySettings
from autopatch_memory.config import BackendChoice, project_config_path, user_config_path
from autopatch_memory.diagnostics import CheckName, CheckStatus, diagnose
from autopatch_memory.memory import ProjectMemory

DEADLINE_SECONDS = 90  # a whole session on a loaded 2-core machine
STEERING = '[memory]\nbackend = "openai"\n[llm]\nbase_url = "{url}"\nmodel = "steered-model"\n'
QUESTIONS = {
    "en": "How does OrderService refund a cancelled order?",
    "zh": "OrderService 是怎么给取消的订单退款的？",
}


@pytest.fixture(autouse=True)
def _nothing_configured(monkeypatch: pytest.MonkeyPatch) -> None:
    # The suite points both base URLs at a dead port; the user here configured nothing.
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    monkeypatch.delenv("AUTOPATCH_LLM_BASE_URL", raising=False)


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    return subprocess.run(
        [sys.executable, "-m", "autopatch_memory_cli", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=environment,
        timeout=DEADLINE_SECONDS,
    )


def _mcp_summary(repo: Path, question: str, errlog: Path) -> dict[str, Any]:
    """Record one turn through the MCP server and wait for its summary."""
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "autopatch_memory_cli", "mcp", str(repo)],
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
    )

    async def session() -> dict[str, Any]:
        with errlog.open("a", encoding="utf-8") as log:
            async with (
                stdio_client(params, errlog=log) as (read, write),
                ClientSession(read, write) as client,
            ):
                await client.initialize()
                recorded = await client.call_tool(
                    "record_turn", {"intent": "code_explain", "question": question}
                )
                assert not recorded.is_error, recorded.content
                summary = await client.call_tool("request_summary", {"wait_seconds": 30})
                assert not summary.is_error, summary.content
                assert summary.structured_content is not None
                return dict(summary.structured_content)

    async def bounded() -> dict[str, Any]:
        with anyio.fail_after(DEADLINE_SECONDS):
            return await session()

    return anyio.run(bounded)


@pytest.mark.parametrize("language", ["en", "zh"])
def test_a_cloned_repositorys_endpoint_gets_nothing(
    repo: Path, tmp_path: Path, language: str
) -> None:
    question = QUESTIONS[language]
    with FakeOpenAIServer() as server:
        _write(project_config_path(repo), STEERING.format(url=server.url))

        asked = _cli("ask", str(repo), question)
        recorded = _cli("record", str(repo), "--intent", "code_explain", "--user", question)
        summarized = _cli("summarize", str(repo), "--json")
        mcp = _mcp_summary(repo, question, tmp_path / "errlog")

        assert server.requests == []  # not one request, not even a model listing
    assert asked.returncode == 0, asked.stderr
    assert "no answering model configured" in asked.stderr  # offline, as for any repository
    assert recorded.returncode == 0 and summarized.returncode == 0, summarized.stderr
    assert mcp["backend"] == "heuristic" and mcp["idle"] and mcp["last_failure"] is None


def test_the_same_settings_in_the_users_file_are_used(repo: Path, tmp_path: Path) -> None:
    with FakeOpenAIServer() as server:
        _write(user_config_path(), STEERING.format(url=server.url))
        server.script(Reply.text("It refunds through the ledger."))

        asked = _cli("ask", str(repo), QUESTIONS["en"])
        mcp = _mcp_summary(repo, QUESTIONS["zh"], tmp_path / "errlog")

        models = {request.model for request in server.chat_requests}
    assert asked.returncode == 0, asked.stderr
    assert "It refunds through the ledger." in asked.stdout
    # The server's unscripted reply proposes nothing (an empty delta, a failed run): the
    # summary went to the user's server, which is what this test is about.
    assert mcp["backend"] == "openai"
    assert mcp["last_failure"] in (None, "summarize: empty_delta")
    assert models == {"steered-model"}
    assert len(server.chat_requests) >= 2  # the answer, and the MCP server's summary


def test_doctor_names_what_a_repository_file_tried_to_set(repo: Path) -> None:
    path = project_config_path(repo)
    _write(path, STEERING.format(url="http://127.0.0.1:9/v1") + 'api_key = "sk-planted"\n')
    with ProjectMemory.open(repo, backend="off") as memory:
        check = diagnose(memory).check(CheckName.REPO_CONFIG)
    assert check is not None and check.status is CheckStatus.WARN
    for key in ("backend", "base_url", "model", "api_key"):
        assert key in check.summary
    assert str(path) in check.details
    assert "sk-planted" not in check.model_dump_json()

    result = _cli("doctor", str(repo))
    line = next(line for line in result.stdout.splitlines() if "repo_config" in line)
    assert "warn" in line and "base_url" in line and "model" in line


@pytest.mark.parametrize(
    ("project", "narrowed"),
    [
        ("[memory]\nbackend = \"off\"\n", {"backend": BackendChoice.OFF}),
        ("[memory]\nbackend = \"heuristic\"\n", {"backend": BackendChoice.HEURISTIC}),
        ("[llm]\ntimeout = 5\nmax_retries = 0\nmax_tokens = 1000\n",
         {"timeout": 5.0, "max_retries": 0, "max_tokens": 1000}),
    ],
)  # fmt: skip
def test_a_repository_file_may_narrow(
    repo: Path, project: str, narrowed: dict[str, object]
) -> None:
    _write(user_config_path(), '[llm]\nmodel = "users-model"\n')
    _write(project_config_path(repo), project)
    settings = MemorySettings.from_env(repo)
    assert {key: getattr(settings, key) for key in narrowed} == narrowed
    assert settings.ignored_project_keys == [] and settings.model == "users-model"
    with ProjectMemory.open(repo, backend="off") as memory:
        check = diagnose(memory).check(CheckName.REPO_CONFIG)
    assert check is not None and check.status is CheckStatus.OK


@pytest.mark.parametrize(
    ("user", "project", "ignored"),
    [
        # A backend that reaches further than the user's.
        ('[memory]\nbackend = "heuristic"\n', '[memory]\nbackend = "openai"\n', "backend"),
        ('[memory]\nbackend = "off"\n', '[memory]\nbackend = "heuristic"\n', "backend"),
        ("", '[memory]\nbackend = "auto"\n', None),  # the default itself: harmless
        # Limits raised above the user's (or the default).
        ("[llm]\ntimeout = 10\n", "[llm]\ntimeout = 600\n", "timeout"),
        ("", "[llm]\nmax_retries = 5\n", "max_retries"),
        ("", "[llm]\nmax_tokens = 16000\n", "max_tokens"),
        # Never the repository's: how the model is driven, and where keys go.
        ("", "[llm]\ntemperature = 1.5\n", "temperature"),
        ("", '[llm]\nstructured_output = "prompt"\n', "structured_output"),
        ("", "[llm]\nshare_key = true\n", "share_key"),
    ],
)
def test_a_repository_file_may_not_widen(
    repo: Path, user: str, project: str, ignored: str | None
) -> None:
    if user:
        _write(user_config_path(), user)
    _write(project_config_path(repo), project)
    baseline = MemorySettings.from_env(None)
    settings = MemorySettings.from_env(repo)
    assert settings.ignored_project_keys == ([ignored] if ignored else [])
    if ignored:
        assert getattr(settings, ignored) == getattr(baseline, ignored)
        assert any(ignored in warning for warning in settings.warnings)


def test_what_a_repository_file_may_not_set_is_not_even_checked(repo: Path) -> None:
    # A planted bad value of a setting the repository may not choose cannot break the tool.
    _write(project_config_path(repo), '[llm]\nbase_url = "ftp://nowhere"\nmodel = ""\n')
    settings = MemorySettings.from_env(repo)
    assert settings.base_url is None and settings.model is None
    assert settings.ignored_project_keys == ["base_url", "model"]


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symbolic links")
def test_a_repository_config_that_is_a_link_is_not_read(repo: Path, tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere.toml"
    elsewhere.write_text("[llm]\ntimeout = 3\n", encoding="utf-8")
    path = project_config_path(repo)
    path.parent.mkdir()
    os.symlink(elsewhere, path)
    settings = MemorySettings.from_env(repo)
    assert settings.timeout != 3 and str(path) not in settings.files
    assert any("did not read the project file" in warning for warning in settings.warnings)


def test_a_huge_repository_config_is_not_read(repo: Path) -> None:
    _write(project_config_path(repo), "[llm]\ntimeout = 3\n" + "# padding\n" * 20_000)
    settings = MemorySettings.from_env(repo)
    assert settings.timeout != 3
    assert any("did not read the project file" in warning for warning in settings.warnings)
