"""Text piped into ``ask`` through the real command line (issue 30, item 3):
``cat trace.txt | autopatch-memory ask . "explain"`` sends the trace with the question,
and ``ask . -`` takes the question itself from standard input, as simonw/llm does.

(Before, the trace was dropped silently and ``-`` was sent as the question.)
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from fake_openai_server import FakeOpenAIServer, Reply

from autopatch_memory import limits

DEADLINE_SECONDS = 60
TRACE = (
    'java.lang.NullPointerException: Cannot invoke "Order.getId()" because "order" is null\n'
    "\tat com.shop.OrderService.create(OrderService.java:42)\n"
    "\tat com.shop.OrderController.post(OrderController.java:17)\n"
)


@pytest.fixture
def server() -> Iterator[FakeOpenAIServer]:
    with FakeOpenAIServer() as fake:
        yield fake


def ask(
    server: FakeOpenAIServer, *args: str, stdin: bytes | None
) -> subprocess.CompletedProcess[bytes]:
    """``ask`` in a process of its own; ``stdin``: the bytes piped in (None: /dev/null)."""
    env = {
        **os.environ,  # the fail-closed environment of conftest
        "PYTHONIOENCODING": "utf-8",
        "AUTOPATCH_LLM_BASE_URL": server.url,
        "AUTOPATCH_LLM_MODEL": "fake-model",
        "AUTOPATCH_LLM_MAX_RETRIES": "0",
        "AUTOPATCH_MEMORY_BACKEND": "off",
    }
    return subprocess.run(
        [sys.executable, "-m", "autopatch_memory_cli", "ask", *args],
        input=stdin if stdin is not None else None,
        stdin=subprocess.DEVNULL if stdin is None else None,
        capture_output=True, env=env, timeout=DEADLINE_SECONDS,
    )  # fmt: skip


def test_piped_text_follows_the_question(repo: Path, server: FakeOpenAIServer) -> None:
    server.script(Reply.text("The order is null at line 42."))
    done = ask(server, str(repo), "explain this", stdin=TRACE.encode("utf-8"))
    assert done.returncode == 0, done.stderr.decode()
    assert done.stdout.decode().strip() == "The order is null at line 42."
    [request] = server.chat_requests
    assert request.last_user_message.startswith("explain this\n\njava.lang.NullPointerException")
    assert "OrderController.java:17" in request.last_user_message


def test_a_dash_takes_the_question_from_stdin(repo: Path, server: FakeOpenAIServer) -> None:
    server.script(Reply.text("用 orElse 或 orElseThrow。"))
    done = ask(server, str(repo), "-", stdin="Optional 怎么用？\n".encode())
    assert done.returncode == 0, done.stderr.decode()
    [request] = server.chat_requests
    assert request.last_user_message == "Optional 怎么用？"


def test_an_empty_pipe_adds_nothing_and_an_empty_dash_is_a_usage_error(
    repo: Path, server: FakeOpenAIServer
) -> None:
    server.script(Reply.text("ok"))
    done = ask(server, str(repo), "What is a record class?", stdin=None)
    assert done.returncode == 0, done.stderr.decode()
    assert server.chat_requests[-1].last_user_message == "What is a record class?"

    empty = ask(server, str(repo), "-", stdin=b"")
    assert empty.returncode == 2
    assert empty.stdout == b""
    assert empty.stderr.decode().strip() == "error: QUESTION is '-' but standard input is empty"


def test_a_long_pipe_is_capped_with_a_warning_and_a_binary_one_left_out(
    repo: Path, server: FakeOpenAIServer
) -> None:
    cap = limits.ASK_STDIN_MAX_BYTES
    server.script(Reply.text("long"), Reply.text("binary"))
    # A 3-byte character across the cap: it is left out, not mangled.
    long_input = b"x" * (cap - 1) + "错".encode() + b"y" * 1000
    done = ask(server, str(repo), "summarize", stdin=long_input)
    assert done.returncode == 0, done.stderr.decode()
    assert "standard input is longer than 64 KiB: only its beginning is used" in (
        done.stderr.decode()
    )
    sent = server.chat_requests[-1].last_user_message
    assert sent == "summarize\n\n" + "x" * (cap - 1)

    binary = ask(server, str(repo), "what is this?", stdin=b"PK\x03\x04\x00\x00jar")
    assert binary.returncode == 0
    assert "standard input looks binary (a NUL byte): left out" in binary.stderr.decode()
    assert server.chat_requests[-1].last_user_message == "what is this?"
