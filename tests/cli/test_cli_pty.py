"""The ``chat`` REPL in a real pseudo-terminal (pexpect), answered by the fake server.

What only a terminal shows: a bracketed paste of a stack trace is one message, an
answer appears while it streams, Ctrl-C cancels an answer and returns to the prompt,
Ctrl-D leaves after one bounded wait with pending turns left pending. Each test waits
for output (generous timeouts, no sleeps); the fake server holds a stream until the
test releases it, so "before the answer is complete" is a fact, not a race.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import sys
import threading
from pathlib import Path
from typing import Any

import pexpect
import pytest
from fake_openai_server import FakeOpenAIServer, Reply

from autopatch_memory import limits
from autopatch_memory.store import MEMORY_DIR_NAME, MEMORY_FILE_NAME

DEMO_REPO = Path(__file__).resolve().parents[2] / "cli" / "demo_repo"
# A loaded 2-core machine starts Python and imports openai slowly: wait generously.
TIMEOUT = 60
PROMPT = "you>"
EMPTY_DELTA = {"turn_summaries": [], "topic_operations": [], "long_term_operations": []}
PASTE_START, PASTE_END = "\x1b[200~", "\x1b[201~"

pytestmark = [
    pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pty"),
    pytest.mark.reliability,  # a process each, on a pseudo-terminal
]


@pytest.fixture
def java_repo(tmp_path: Path) -> Path:
    root = tmp_path / "demo-review-service"
    shutil.copytree(DEMO_REPO, root, ignore=shutil.ignore_patterns(MEMORY_DIR_NAME))
    (root / ".git").mkdir()
    return root


def _default_interrupt() -> None:
    # A runner started in the background of a shell (nohup, `cmd &`, some CI agents)
    # ignores SIGINT, and an ignored SIGINT is inherited: Python then never raises
    # KeyboardInterrupt. A user's terminal delivers Ctrl-C, so the chat starts with it.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def start_chat(repo: Path, server: FakeOpenAIServer, *, backend: str = "heuristic") -> Any:
    env = dict(os.environ)  # the fail-closed environment of conftest
    env.update(
        AUTOPATCH_LLM_BASE_URL=server.url,
        AUTOPATCH_LLM_MODEL="fake-model",
        AUTOPATCH_LLM_MAX_RETRIES="0",
        AUTOPATCH_MEMORY_BACKEND=backend,
        TERM="xterm-256color",
        # pexpect does not answer prompt_toolkit's cursor position requests.
        PROMPT_TOOLKIT_NO_CPR="1",
    )
    child = pexpect.spawn(
        sys.executable,
        ["-m", "autopatch_memory_cli", "chat", str(repo)],
        env=env,
        encoding="utf-8",
        timeout=TIMEOUT,
        dimensions=(40, 120),
        preexec_fn=_default_interrupt,
    )
    child.expect(PROMPT)
    return child


def turns(repo: Path) -> list[dict[str, Any]]:
    doc = json.loads((repo / MEMORY_DIR_NAME / MEMORY_FILE_NAME).read_text(encoding="utf-8"))
    return list(doc["working_memory"]["recent_turns"])


def quit_chat(child: Any) -> int:
    child.sendcontrol("d")
    child.expect(pexpect.EOF)
    child.close()
    return int(child.exitstatus)


def test_a_paste_is_one_message_and_esc_enter_adds_a_line(java_repo: Path) -> None:
    frames = "".join(
        f"\tat com.example.review.FindingQueue.next(FindingQueue.java:{n})\n" for n in range(58)
    )
    trace = f"java.lang.IllegalStateException: queue closed\n{frames}为什么会这样？"
    assert trace.count("\n") == 59  # 60 lines
    with FakeOpenAIServer() as server:
        server.script(
            Reply.streamed("The queue was closed before next()."),
            Reply.streamed("Both lines arrived."),
        )
        child = start_chat(java_repo, server)
        child.send(PASTE_START + trace + PASTE_END)
        child.send("\r")
        child.expect("closed before next")
        child.expect(PROMPT)
        child.send("first line of the question")
        child.send("\x1b\r")  # Esc Enter: a newline, not "send"
        child.send("second line\r")
        child.expect("Both lines arrived")
        child.expect(PROMPT)
        assert quit_chat(child) == 0
        pasted = server.chat_requests[0]
    assert "FindingQueue.java:57" in pasted.last_user_message
    first, second = turns(java_repo)  # two turns: not one per pasted line
    assert first["user_text"].startswith("java.lang.IllegalStateException: queue closed\n")
    assert second["user_text"] == "first line of the question\nsecond line"


def test_answers_stream_and_ctrl_c_cancels_one(java_repo: Path) -> None:
    never, later = threading.Event(), threading.Event()
    try:
        with FakeOpenAIServer() as server:
            server.script(
                Reply.streamed("PARTIAL-3 begins", " and never ends", hold=never),
                Reply.streamed("ALPHA-7 first part, ", "OMEGA-9 the end.", hold=later),
            )
            child = start_chat(java_repo, server)
            child.send("How is the project organised?\r")
            child.expect("PARTIAL-3")
            child.sendintr()  # Ctrl-C during the answer
            child.expect("cancelled; nothing was recorded")
            child.expect(PROMPT)
            child.send("What does FindingQueue do?\r")
            child.expect("ALPHA-7")  # shown while the server still holds the rest
            assert "OMEGA-9" not in child.before + child.after
            later.set()
            child.expect("OMEGA-9")
            child.expect(PROMPT)
            assert quit_chat(child) == 0
    finally:
        never.set()
        later.set()
    [turn] = turns(java_repo)
    assert turn["user_text"] == "What does FindingQueue do?"
    assert turn["assistant_text"] == "ALPHA-7 first part, OMEGA-9 the end."


def test_ctrl_d_waits_once_and_leaves_pending_turns_pending(java_repo: Path) -> None:
    # Summaries go to a model that never answers in time: the exit wait must end anyway.
    slow = Reply.slow(10 * limits.CLI_EXIT_WAIT_SECONDS, EMPTY_DELTA)
    with FakeOpenAIServer(default=slow) as server:
        server.script(Reply.streamed("好的，以后用中文回答。"))
        child = start_chat(java_repo, server, backend="openai")
        child.send("以后回答都用中文\r")  # a long-term wish: a summary starts at once
        child.expect("以后用中文回答")
        child.expect(PROMPT)
        child.sendcontrol("d")
        child.expect("finishing the memory summary")
        child.expect("1 turn stays pending", timeout=TIMEOUT + limits.CLI_EXIT_WAIT_SECONDS)
        child.expect(pexpect.EOF)
        child.close()
        assert child.exitstatus == 0
    [turn] = turns(java_repo)
    assert turn["summary_status"] == "pending"


def test_ctrl_c_skips_the_exit_wait(java_repo: Path) -> None:
    slow = Reply.slow(10 * limits.CLI_EXIT_WAIT_SECONDS, EMPTY_DELTA)
    with FakeOpenAIServer(default=slow) as server:
        server.script(Reply.streamed("好的。"))
        child = start_chat(java_repo, server, backend="openai")
        child.send("以后回答都用中文\r")
        child.expect("好的")
        child.expect(PROMPT)
        child.sendcontrol("d")
        child.expect("Ctrl-C skips")
        child.sendintr()
        child.expect("1 turn stays pending")
        child.expect(pexpect.EOF)
        child.close()
        assert child.exitstatus == 0
    assert turns(java_repo)[0]["summary_status"] == "pending"
