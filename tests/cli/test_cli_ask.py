"""`ask` (and `doctor --check-model`) against the local OpenAI-compatible fake server."""

from __future__ import annotations

import errno
import json
import os
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from autopatch_memory_cli.answer import BASE_PROMPT, resolve_mentions
from autopatch_memory_cli.app import app
from fake_openai_server import FakeOpenAIServer, RecordedRequest, Reply
from typer.testing import CliRunner, Result

from autopatch_memory.memory import ProjectMemory
from autopatch_memory.store import MEMORY_DIR_NAME, MEMORY_FILE_NAME

DEMO_REPO = Path(__file__).resolve().parents[2] / "cli" / "demo_repo"
EARLIER_QUESTION = "How does FindingQueue order the findings?"
EARLIER_ANSWER = "ZEBRA-7731: a PriorityQueue ordered by severity, then path and line."
FILE = "review/src/main/java/com/example/review/FindingQueue.java"
FILE_LINE = "private final PriorityQueue<Finding> pending"
DEADLINE_SECONDS = 60  # generous: a loaded 2-core machine


@pytest.fixture(autouse=True)
def _bugs_raise(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AUTOPATCH_MEMORY_DEBUG", "1")


@pytest.fixture
def server(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeOpenAIServer]:
    with FakeOpenAIServer() as fake:
        monkeypatch.setenv("AUTOPATCH_LLM_BASE_URL", fake.url)
        monkeypatch.setenv("AUTOPATCH_LLM_MODEL", "fake-model")
        monkeypatch.setenv("AUTOPATCH_LLM_MAX_RETRIES", "0")
        # Answers come from the model; summaries stay offline so that every chat
        # request the server sees is an answer request.
        monkeypatch.setenv("AUTOPATCH_MEMORY_BACKEND", "heuristic")
        yield fake


@pytest.fixture
def java_repo(tmp_path: Path) -> Path:
    root = tmp_path / "demo-review-service"
    shutil.copytree(DEMO_REPO, root, ignore=shutil.ignore_patterns(MEMORY_DIR_NAME))
    (root / ".git").mkdir()
    memory = ProjectMemory.open(root, backend="off")
    memory.record_turn("code_explain", EARLIER_QUESTION, EARLIER_ANSWER)
    memory.close()
    return root


def invoke(*args: str) -> Result:
    return CliRunner().invoke(app, list(args), catch_exceptions=False)


def answer_requests(server: FakeOpenAIServer) -> list[RecordedRequest]:
    return [r for r in server.chat_requests if r.system_prompt.startswith(BASE_PROMPT)]


def test_the_system_prompt_has_the_memory_context_and_no_earlier_answer(
    java_repo: Path, server: FakeOpenAIServer
) -> None:
    server.script(Reply.text("FindingQueue keeps pending findings, most severe first."))
    result = invoke("ask", str(java_repo), f"What does @{FILE} do?")
    assert result.exit_code == 0, result.output
    assert result.stdout.strip() == "FindingQueue keeps pending findings, most severe first."

    [request] = answer_requests(server)
    assert request.model == "fake-model"
    system = request.system_prompt
    assert "## Memory of earlier conversations" in system
    assert EARLIER_QUESTION in system  # the earlier turn, as an unsummarized clue
    assert "demo-review-service" in system  # the repo profile (code_explain)
    assert "ZEBRA-7731" not in system  # an assistant_text is never injected
    assert all("ZEBRA-7731" not in str(m["content"]) for m in request.messages)
    # The @path file's content goes to the model in the user message...
    assert FILE_LINE in request.last_user_message
    assert FILE_LINE not in system

    # ...and never into memory; the answer and the path do.
    text = (java_repo / MEMORY_DIR_NAME / MEMORY_FILE_NAME).read_text(encoding="utf-8")
    assert FILE_LINE not in text
    turn = json.loads(text)["working_memory"]["recent_turns"][-1]
    assert turn["scope_paths"] == [FILE]
    assert turn["assistant_text"] == "FindingQueue keeps pending findings, most severe first."


def test_ask_json_with_a_model(java_repo: Path, server: FakeOpenAIServer) -> None:
    server.script(Reply.text("<think>hmm</think>Use orElseThrow."))
    result = invoke("ask", str(java_repo), "Optional 怎么用？", "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["answer"] == "Use orElseThrow."
    assert data["model"] == "fake-model"
    assert data["intent"] == "general_chat"
    assert data["turn_id"]


def test_a_gated_question_is_answered_without_memory(
    java_repo: Path, server: FakeOpenAIServer
) -> None:
    before = (java_repo / MEMORY_DIR_NAME / MEMORY_FILE_NAME).read_bytes()
    server.script(Reply.text("Run the audit flow."))
    result = invoke("ask", str(java_repo), "Audit FindingQueue for thread-safety bugs")
    assert result.exit_code == 0
    assert result.stdout.strip() == "Run the audit flow."
    assert "answered without memory" in result.stderr
    [request] = answer_requests(server)
    assert request.system_prompt == BASE_PROMPT
    assert EARLIER_QUESTION not in str(request.messages)
    assert (java_repo / MEMORY_DIR_NAME / MEMORY_FILE_NAME).read_bytes() == before


def test_a_failed_model_call_is_one_line_and_records_nothing(
    java_repo: Path, server: FakeOpenAIServer
) -> None:
    before = (java_repo / MEMORY_DIR_NAME / MEMORY_FILE_NAME).read_bytes()
    server.script(Reply.fail(500, "model crashed"))
    result = invoke("ask", str(java_repo), "Optional 怎么用？")
    assert result.exit_code == 1
    errors = [line for line in result.stderr.splitlines() if line.startswith("error: ")]
    assert len(errors) == 1 and "500" in errors[0]
    assert "Traceback" not in result.output
    assert result.stdout == ""
    assert (java_repo / MEMORY_DIR_NAME / MEMORY_FILE_NAME).read_bytes() == before


def test_doctor_checks_the_model_only_on_request(
    java_repo: Path, server: FakeOpenAIServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    key = "sk-proj-doctorNeverPrintsThis0123456789"
    monkeypatch.setenv("AUTOPATCH_LLM_API_KEY", key)
    plain = invoke("doctor", str(java_repo))
    assert key not in plain.output
    data = json.loads(invoke("doctor", str(java_repo), "--json").stdout)
    assert {c["name"]: c for c in data["checks"]}["model"]["status"] == "skipped"
    assert server.requests == []
    result = invoke("doctor", str(java_repo), "--check-model", "--json")
    assert result.exit_code == 0
    model = {c["name"]: c for c in json.loads(result.stdout)["checks"]}["model"]
    assert model["status"] == "ok"
    assert "fake-model" in model["details"]
    assert key not in result.stdout
    assert server.requests[-1].authorization == f"Bearer {key}"


def test_ask_json_reports_a_failed_model_call(java_repo: Path, server: FakeOpenAIServer) -> None:
    before = (java_repo / MEMORY_DIR_NAME / MEMORY_FILE_NAME).read_bytes()
    server.script(Reply.fail(503, "overloaded"))
    result = invoke("ask", str(java_repo), "Optional 怎么用？", "--json")
    assert result.exit_code == 1
    data = json.loads(result.stdout)  # one document, even on failure
    assert data["answer"] is None and data["turn_id"] is None
    assert data["error"]["type"] == "BackendUnavailableError"
    assert "503" in data["error"]["message"]
    assert data["error"]["hint"]
    assert (java_repo / MEMORY_DIR_NAME / MEMORY_FILE_NAME).read_bytes() == before


def test_a_timeout_names_the_setting_to_raise(
    java_repo: Path, server: FakeOpenAIServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("AUTOPATCH_LLM_TIMEOUT", "1")
    server.script(Reply.text("too late", delay=30))
    result = invoke("ask", str(java_repo), "Optional 怎么用？")
    assert result.exit_code == 1
    [line] = [line for line in result.stderr.splitlines() if line.startswith("error: ")]
    assert "did not answer in time" in line
    assert "AUTOPATCH_LLM_TIMEOUT" in line and "timeout` under [llm]" in line


def test_an_unreachable_server_says_so(java_repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AUTOPATCH_LLM_MODEL", "some-model")  # the base URL is a closed port
    monkeypatch.setenv("AUTOPATCH_LLM_MAX_RETRIES", "0")
    result = invoke("ask", str(java_repo), "Optional 怎么用？")
    assert result.exit_code == 1
    assert "could not be reached — is the model server running?" in result.stderr


def test_the_answer_is_streamed(java_repo: Path, server: FakeOpenAIServer) -> None:
    server.script(Reply.streamed("<think>plan</think>First, ", "then ", "done."))
    result = invoke("ask", str(java_repo), "Optional 怎么用？")
    assert result.exit_code == 0, result.output
    assert result.stdout == "First, then done.\n"
    [request] = answer_requests(server)
    assert request.body is not None and request.body.get("stream") is True
    turn = json.loads((java_repo / MEMORY_DIR_NAME / MEMORY_FILE_NAME).read_text())[
        "working_memory"
    ]["recent_turns"][-1]
    assert turn["assistant_text"] == "First, then done."


def test_follow_ups_in_a_chat_keep_their_subject(java_repo: Path, server: FakeOpenAIServer) -> None:
    server.script(
        Reply.streamed("Optional wraps a value that may be absent. ZEBRA-1"),
        Reply.streamed("Audit flow. ZEBRA-2"),
        Reply.streamed("Optional.ofNullable(x).orElse(y)"),
    )
    script = "Optional 怎么用？\nAudit FindingQueue for race conditions\nCan you give an example of that?\n"
    result = CliRunner().invoke(app, ["chat", str(java_repo)], input=script)
    assert result.exit_code == 0, result.output
    first, audit, follow_up = answer_requests(server)
    assert [m["role"] for m in first.messages] == ["system", "user"]
    # The session's transcript is the chat's context, not memory: the audit turn gets it,
    # but no memory context (its system prompt is the base prompt alone)...
    assert [m["role"] for m in audit.messages] == ["system", "user", "assistant", "user"]
    assert audit.system_prompt == BASE_PROMPT
    assert EARLIER_QUESTION not in str(audit.messages)
    # ...and the follow-up gets both earlier exchanges, the audit's too.
    roles = [m["role"] for m in follow_up.messages]
    assert roles == ["system", "user", "assistant", "user", "assistant", "user"]
    assert follow_up.messages[1]["content"] == "Optional 怎么用？"
    assert "ZEBRA-2" in follow_up.messages[4]["content"]
    assert "Optional.ofNullable(x).orElse(y)" in result.stdout
    # One dim line says the audit was answered without memory; the others say nothing of it.
    assert result.stderr.count("answered without memory") == 1


def test_a_gated_ask_does_not_read_the_project_config(
    java_repo: Path, server: FakeOpenAIServer
) -> None:
    # A broken project config: any command that reads it fails on it.
    config = java_repo / MEMORY_DIR_NAME / "config.toml"
    config.write_text("[llm\nthis is not TOML", encoding="utf-8")
    assert invoke("ask", str(java_repo), "Optional 怎么用？").exit_code == 1
    server.script(Reply.text("audit answer"))
    result = invoke("ask", str(java_repo), "Audit FindingQueue for race conditions")
    assert result.exit_code == 0, result.output
    assert result.stdout == "audit answer\n"


# --- @path mentions that cannot be read -------------------------------------------------


def _release_fifo_readers(fifo: Path) -> None:
    """Open ``fifo`` for writing without blocking, so that a reader stuck in open() returns."""
    try:
        fd = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
    except OSError as exc:  # ENXIO: no reader is waiting
        assert exc.errno == errno.ENXIO
        return
    os.close(fd)


# From the first fresh-eyes bug hunt (a test written before its fix).
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this platform")
def test_an_at_path_naming_a_fifo_is_reported_not_waited_on(repo: Path) -> None:
    # `ask "explain @pipe"` hung for ever: the attachment was opened with a blocking open().
    fifo = repo / "pipe"
    os.mkfifo(fifo)
    (repo / "Main.java").write_text("class Main {}\n", encoding="utf-8")
    found: list[object] = []
    worker = threading.Thread(
        target=lambda: found.append(resolve_mentions("explain @pipe and @Main.java", repo)),
        daemon=True,
    )
    worker.start()
    worker.join(DEADLINE_SECONDS)
    if worker.is_alive():
        _release_fifo_readers(fifo)
        worker.join(DEADLINE_SECONDS)
        pytest.fail("resolving @pipe blocked on the FIFO")
    (mentions,) = found
    assert [a.path for a in mentions.attachments] == ["Main.java"]  # type: ignore[attr-defined]
    assert any("@pipe" in p for p in mentions.problems)  # type: ignore[attr-defined]


# From the first fresh-eyes bug hunt (a test written before its fix).
@pytest.mark.parametrize("mention", ["~no-such-user-x/Main.java", "a" * 5000 + ".java"])
def test_an_at_path_that_cannot_be_looked_up_is_a_warning(repo: Path, mention: str) -> None:
    # "~user" of no user raised RuntimeError and a name over NAME_MAX raised OSError out
    # of resolve_mentions: `ask` failed, and `chat` ended the whole session.
    (repo / "Main.java").write_text("class Main {}\n", encoding="utf-8")
    mentions = resolve_mentions(f"explain @{mention} and @Main.java", repo)
    assert [a.path for a in mentions.attachments] == ["Main.java"]
    assert len(mentions.problems) == 1 and mention[:20] in mentions.problems[0]
