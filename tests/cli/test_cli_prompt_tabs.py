"""A pasted stack trace in the chat's prompt, on a real pseudo-terminal (issue 30, item 8):
its tabs show as spaces, not as ``^I``, and the message keeps them."""

from __future__ import annotations

import io
import json
import os
import signal
import sys
from pathlib import Path

import pexpect
import pytest
from terminal_screen import Screen

from autopatch_memory.store import MEMORY_DIR_NAME, MEMORY_FILE_NAME

TIMEOUT = 60
PASTE_START, PASTE_END = "\x1b[200~", "\x1b[201~"

pytestmark = [
    pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pty"),
    pytest.mark.reliability,  # a process on a pseudo-terminal
]


def test_pasted_tabs_show_as_spaces(repo: Path) -> None:
    trace = "java.lang.IllegalStateException: closed\n\tat com.shop.Queue.next(Queue.java:42)"
    env = dict(os.environ)  # the fail-closed environment of conftest: no model
    env.update(TERM="xterm-256color", PROMPT_TOOLKIT_NO_CPR="1", AUTOPATCH_MEMORY_BACKEND="off")
    for name in ("COLUMNS", "LINES"):  # the terminal's own size (pytest-xdist sets them)
        env.pop(name, None)
    child = pexpect.spawn(
        sys.executable,
        ["-m", "autopatch_memory_cli", "chat", str(repo)],
        env=env,
        encoding="utf-8",
        timeout=TIMEOUT,
        dimensions=(40, 120),
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    shown = io.StringIO()
    child.logfile_read = shown
    child.expect("you>")
    child.send(PASTE_START + trace + PASTE_END)
    child.expect("Queue.java:42")  # drawn in the prompt before it is sent
    child.send("\r")
    child.expect("recorded turn_")
    child.expect("you>")
    child.sendcontrol("d")
    child.expect(pexpect.EOF)
    child.close()
    screen = Screen(120, 40)
    screen.feed(shown.getvalue())
    assert not any("^I" in line for line in screen.lines()), "\n".join(screen.lines())
    assert "^I" not in shown.getvalue()
    doc = json.loads((repo / MEMORY_DIR_NAME / MEMORY_FILE_NAME).read_text(encoding="utf-8"))
    assert "\tat com.shop.Queue.next" in doc["working_memory"]["recent_turns"][-1]["user_text"]
