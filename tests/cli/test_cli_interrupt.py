"""Ctrl-C through the real command line (issue 30, item 5).

* During a streamed answer on a terminal, the partial answer is on screen once: the
  terminal's echo of ``^C`` no longer wraps a full last line onto a line the live view
  does not count (which left the answer's first line above its redraw).
* While the program is still loading (its first half second), Ctrl-C is exit 130 and
  one line, never a ``KeyboardInterrupt`` traceback.
"""

from __future__ import annotations

import io
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pexpect
import pytest
from fake_openai_server import FakeOpenAIServer, Reply
from terminal_screen import Screen

TIMEOUT = 60
HEIGHT = 40
FIRST_LINE = "FIRST-LINE of the partial answer"


def _last_line(width: int) -> str:
    """A line that ends one column before the margin: an echoed "^C" would wrap. On a
    narrower terminal it is wider than the screen: the live view must wrap it, not crop it."""
    line = " ".join(["word"] * 23) + " ends"
    assert len(line) == 119
    return line


def _default_interrupt() -> None:
    # A runner started in the background ignores SIGINT, and children inherit that;
    # a user's terminal delivers it (see test_cli_pty.py).
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _env(server: FakeOpenAIServer) -> dict[str, str]:
    env = dict(os.environ)  # the fail-closed environment of conftest
    env.update(
        AUTOPATCH_LLM_BASE_URL=server.url,
        AUTOPATCH_LLM_MODEL="fake-model",
        AUTOPATCH_LLM_MAX_RETRIES="0",
        AUTOPATCH_MEMORY_BACKEND="off",
        PYTHONIOENCODING="utf-8",
    )
    return env


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pty")
@pytest.mark.reliability  # a process on a pseudo-terminal
@pytest.mark.parametrize(("command", "width"), [("ask", 120), ("chat", 120), ("ask", 80)])
def test_ctrl_c_during_a_streamed_answer_shows_it_once(
    repo: Path, command: str, width: int
) -> None:
    last_line = _last_line(width)
    never = threading.Event()
    try:
        with FakeOpenAIServer() as server:
            server.script(Reply.streamed(f"{FIRST_LINE}\n\n{last_line}", " and more", hold=never))
            env = _env(server)
            env.update(TERM="xterm-256color", PROMPT_TOOLKIT_NO_CPR="1")
            # The terminal's own size, not the test runner's (pytest-xdist sets COLUMNS=80).
            for name in ("COLUMNS", "LINES"):
                env.pop(name, None)
            args = ["ask", str(repo), "What is Optional?"] if command == "ask" else ["chat"]
            if command == "chat":
                args.append(str(repo))
            child = pexpect.spawn(
                sys.executable,
                ["-m", "autopatch_memory_cli", *args],
                env=env,
                encoding="utf-8",
                timeout=TIMEOUT,
                dimensions=(HEIGHT, width),
                preexec_fn=_default_interrupt,
            )
            shown = io.StringIO()
            child.logfile_read = shown
            if command == "chat":
                child.expect("you>")
                child.send("What is Optional?\r")
            child.expect("ends")  # the whole first piece is on screen, the rest held
            child.sendintr()
            if command == "chat":
                child.expect("nothing was recorded")
                child.expect("you>")
                child.sendcontrol("d")
            child.expect(pexpect.EOF)
            child.close()
    finally:
        never.set()
    screen = Screen(width, HEIGHT)
    screen.feed(shown.getvalue())
    lines = screen.lines()
    text = " ".join(" ".join(lines).split())  # a wrapped line read whole again
    assert sum(FIRST_LINE in line for line in lines) == 1, "\n".join(lines)
    assert text.count(last_line) == 1, "\n".join(lines)
    assert "Traceback" not in shown.getvalue()
    if command == "ask":
        assert child.exitstatus == 130
        assert lines[-1] == "interrupted" or lines[-2:] == ["interrupted", ""]
    else:
        assert child.exitstatus == 0
        assert any("(cancelled; nothing was recorded)" in line for line in lines)


# Started, then interrupted after these many seconds: the first ones land while the
# program is still importing, the last ones in the command, waiting for the model. None
# is 0: the few microseconds between the probe's "started" and the entry point's first
# line are the probe's own, where no program can catch an interrupt.
DELAYS = (0.01, 0.05, 0.1, 0.2, 0.3, 0.5)

# Waits until the interpreter has started and the entry point is importable (what comes
# before is the interpreter's own start-up, which no program can change), then runs it.
_RUN = """
import sys
from autopatch_memory_cli.__main__ import main
sys.argv = ["autopatch-memory", *sys.argv[1:]]
print("started", flush=True)
main()
"""


@pytest.mark.skipif(sys.platform == "win32", reason="needs POSIX signals")
def test_ctrl_c_while_loading_is_one_line_and_exit_130(repo: Path) -> None:
    never = threading.Event()
    try:
        with FakeOpenAIServer() as server:
            server.script(*[Reply.streamed("x", "y", hold=never) for _ in DELAYS])
            for delay in DELAYS:
                child = subprocess.Popen(
                    [sys.executable, "-c", _RUN, "ask", str(repo), "What is Optional?"],
                    stdin=subprocess.DEVNULL,
                    stdout=subprocess.PIPE,
                    stderr=subprocess.PIPE,
                    env=_env(server),
                    text=True,
                    encoding="utf-8",
                    preexec_fn=_default_interrupt,
                )
                assert child.stdout is not None
                assert child.stdout.readline() == "started\n"
                time.sleep(delay)
                child.send_signal(signal.SIGINT)
                _, err = child.communicate(timeout=TIMEOUT)
                assert child.returncode == 130, (delay, child.returncode, err)
                assert "Traceback" not in err, (delay, err)
                said = [line for line in err.splitlines() if line.strip()]
                assert said[-1] == "interrupted" and said.count("interrupted") == 1, (delay, err)
    finally:
        never.set()


def test_ctrl_c_while_typer_parses_the_arguments_is_still_one_line(
    repo: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """typer ends an interrupt before the command's body with a silent exit 130; the entry
    point says the line for it, and only once when the command said it itself."""
    import typer.core
    from autopatch_memory_cli import __main__ as entry
    from autopatch_memory_cli.commands.base import console

    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(console, "interrupt_reported", False)
    monkeypatch.setattr(typer.core.TyperCommand, "make_context", interrupted)
    monkeypatch.setattr(sys, "argv", ["autopatch-memory", "ask", str(repo), "What is Optional?"])
    with pytest.raises(SystemExit) as ended:
        entry.main()
    assert ended.value.code == 130
    err = capsys.readouterr().err
    assert [line for line in err.splitlines() if line.strip()] == ["interrupted"]
