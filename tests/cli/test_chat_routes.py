"""The chat's routes and transcript through the real entry points (docs/cli.md#routing-and-the-transcript).

A chat process with piped input, answered by the local fake server: a debugging
question gets memory, an audit-routed one is answered without it and says so in one
dim line, its follow-up still reaches the model with the earlier turns (the session's
transcript is the chat's context, not memory), ``/clear`` empties the transcript only,
and with a model configured the model's "audit" wins over the rules' "memory". On a
pseudo-terminal the line is dim, and plain under ``NO_COLOR`` (issue 30, items 1 and 9).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from autopatch_memory_cli.answer import BASE_PROMPT
from autopatch_memory_cli.app import app
from autopatch_memory_cli.streaming import GATED_NOTE
from fake_openai_server import FakeOpenAIServer, RecordedRequest, Reply
from typer.testing import CliRunner

from autopatch_memory.memory import ProjectMemory
from autopatch_memory.store import MEMORY_DIR_NAME, MEMORY_FILE_NAME

DEMO_REPO = Path(__file__).resolve().parents[2] / "cli" / "demo_repo"
TIMEOUT = 60  # a loaded two-core machine starts Python and imports openai slowly
RULE = "Always answer in English."
DEBUG_WHY = "Why does FindingQueue.next throw a NullPointerException?"
AUDIT = "find the bugs in FindingQueue"
FOLLOW_UP = "give an example of that"
EXPLAIN = "What does FindingQueue do?"


@pytest.fixture
def java_repo(tmp_path: Path) -> Path:
    root = tmp_path / "demo-review-service"
    shutil.copytree(DEMO_REPO, root, ignore=shutil.ignore_patterns(MEMORY_DIR_NAME))
    (root / ".git").mkdir()
    memory = ProjectMemory.open(root, backend="off")
    turn_id = memory.record_turn("general_chat", "From now on, always answer in English.")
    report = memory.apply_delta(
        {
            "long_term_operations": [
                {
                    "operation": "create_new",
                    "type": "durable_preference",
                    "label": "answer language",
                    "summary": RULE,
                    "source": "user_explicit",
                    "evidence_turn_ids": [turn_id],
                    "evidence_quote": "always answer in English",
                }
            ]
        }
    )
    memory.close()
    assert report.accepted, report
    return root


@pytest.fixture
def server() -> Iterator[FakeOpenAIServer]:
    with FakeOpenAIServer() as fake:
        yield fake


def model_env(server: FakeOpenAIServer) -> dict[str, str]:
    env = dict(os.environ)  # the fail-closed environment of conftest
    env.update(
        AUTOPATCH_LLM_BASE_URL=server.url,
        AUTOPATCH_LLM_MODEL="fake-model",
        AUTOPATCH_LLM_MAX_RETRIES="0",
        # Summaries stay offline: every chat request the server sees is an answer or a route.
        AUTOPATCH_MEMORY_BACKEND="heuristic",
        AUTOPATCH_MEMORY_DEBUG="1",
        PYTHONIOENCODING="utf-8",
    )
    return env


def answers(server: FakeOpenAIServer) -> dict[str, RecordedRequest]:
    """The answer requests, by the question they carry."""
    return {r.last_user_message: r for r in server.chat_requests}


def recorded_questions(repo: Path) -> list[str]:
    doc = json.loads((repo / MEMORY_DIR_NAME / MEMORY_FILE_NAME).read_text(encoding="utf-8"))
    return [t["user_text"] for t in doc["working_memory"]["recent_turns"]]


def test_a_chat_keeps_its_transcript_for_every_route_and_memory_for_memory_routes(
    java_repo: Path, server: FakeOpenAIServer
) -> None:
    server.script(
        Reply.streamed("NPE-ANSWER: next() reads a closed queue."),
        Reply.streamed("AUDIT-ANSWER: two bugs."),
        Reply.streamed("EXAMPLE-ANSWER: queue.close(); queue.next();"),
        Reply.streamed("EXPLAIN-ANSWER: it orders findings."),
    )
    server.route(Reply.text("general_chat"))  # the debugging question; then unreadable replies
    script = "\n".join([DEBUG_WHY, AUDIT, FOLLOW_UP, "/clear", EXPLAIN, "/exit"]) + "\n"
    done = subprocess.run(
        [sys.executable, "-m", "autopatch_memory_cli", "chat", str(java_repo)],
        input=script,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=model_env(server),
        timeout=TIMEOUT,
    )
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    sent = answers(server)

    # A why asked of a failure is debugging Q&A: memory (the user's rule) goes with it.
    debug = sent[DEBUG_WHY]
    assert RULE in debug.system_prompt
    assert [m["role"] for m in debug.messages] == ["system", "user"]
    # An audit is answered without memory, with the transcript, and says so in one line.
    audit = sent[AUDIT]
    assert audit.system_prompt == BASE_PROMPT
    assert [m["role"] for m in audit.messages] == ["system", "user", "assistant", "user"]
    gated = [line for line in done.stderr.splitlines() if GATED_NOTE in line]
    assert len(gated) == 1
    assert gated[0].startswith("[code_audit · problem-in-code")
    # Its follow-up still has the earlier turns, the audit's included, and memory again.
    follow_up = sent[FOLLOW_UP]
    assert [m["role"] for m in follow_up.messages] == ["system", "user"] + [
        "assistant",
        "user",
    ] * 2
    assert "AUDIT-ANSWER" in str(follow_up.messages)
    assert RULE in follow_up.system_prompt
    # /clear empties the transcript only: memory still goes with the next question.
    assert "session transcript cleared (3 exchanges); memory unchanged" in done.stdout
    explain = sent[EXPLAIN]
    assert [m["role"] for m in explain.messages] == ["system", "user"]
    assert RULE in explain.system_prompt
    # The audit asked the model nothing (an audit stands), and was not recorded.
    routed = [r.last_user_message for r in server.route_requests]
    assert len(routed) == 3 and not any(AUDIT in text for text in routed)
    assert AUDIT not in recorded_questions(java_repo)
    assert {DEBUG_WHY, FOLLOW_UP, EXPLAIN} <= set(recorded_questions(java_repo))


def test_the_models_audit_wins_over_the_rules_memory(
    java_repo: Path, server: FakeOpenAIServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name, value in model_env(server).items():
        monkeypatch.setenv(name, value)
    before = (java_repo / MEMORY_DIR_NAME / MEMORY_FILE_NAME).read_bytes()
    server.route(Reply.text("code_audit"))
    server.script(Reply.text("Audit flow."))
    result = CliRunner().invoke(app, ["ask", str(java_repo), DEBUG_WHY], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    [line] = [line for line in result.stderr.splitlines() if GATED_NOTE in line]
    assert line.startswith("[code_audit · debug-why-question, model-route")
    [request] = server.chat_requests
    assert request.system_prompt == BASE_PROMPT  # no memory: the rule stayed home
    assert (java_repo / MEMORY_DIR_NAME / MEMORY_FILE_NAME).read_bytes() == before


def _default_interrupt() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.reliability  # a process on a pseudo-terminal
@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pty")
@pytest.mark.parametrize("no_color", [False, True])
def test_on_a_terminal_the_line_is_dim_unless_no_color(
    java_repo: Path, server: FakeOpenAIServer, no_color: bool
) -> None:
    import pexpect

    server.script(Reply.streamed("AUDIT-ANSWER"))
    env = model_env(server)
    env.update(TERM="xterm-256color", PROMPT_TOOLKIT_NO_CPR="1")
    env.pop("NO_COLOR", None)
    if no_color:
        env["NO_COLOR"] = "1"
    child = pexpect.spawn(
        sys.executable,
        ["-m", "autopatch_memory_cli", "chat", str(java_repo)],
        env=env,
        encoding="utf-8",
        timeout=TIMEOUT,
        dimensions=(40, 400),
        preexec_fn=_default_interrupt,
    )
    child.expect("you>")
    child.send(AUDIT + "\r")
    child.expect("AUDIT-ANSWER")
    shown = child.before
    child.expect("you>")
    child.sendcontrol("d")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    [line] = [line for line in shown.splitlines() if "answered without memory" in line]
    styles = re.findall(r"\x1b\[[0-9;]*m", line)  # colours and dim (SGR), not cursor moves
    if no_color:
        assert styles == [] or set(styles) <= {"\x1b[0m", "\x1b[m"}, repr(line)
    else:
        assert "\x1b[2m" in styles, repr(line)
