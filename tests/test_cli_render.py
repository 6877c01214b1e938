"""Terminal conventions: colour, progress, degraded lines, exit codes for interrupts and bugs."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from autopatch_memory_cli import answer
from autopatch_memory_cli.app import app
from autopatch_memory_cli.render import Console, Styler, color_enabled
from typer.testing import CliRunner


class FakeTerminal(io.StringIO):
    """A text stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def test_colour_only_on_a_terminal_without_no_color(monkeypatch: pytest.MonkeyPatch) -> None:
    assert not color_enabled(FakeTerminal())  # conftest sets NO_COLOR=1
    monkeypatch.delenv("NO_COLOR")
    monkeypatch.delenv("TERM", raising=False)
    assert color_enabled(FakeTerminal())
    assert not color_enabled(io.StringIO())  # not a terminal
    monkeypatch.setenv("NO_COLOR", "")  # empty counts as unset (no-color.org)
    assert color_enabled(FakeTerminal())
    monkeypatch.setenv("TERM", "dumb")
    assert not color_enabled(FakeTerminal())


def test_styler() -> None:
    assert Styler(False)("text", "bold", "red") == "text"
    styled = Styler(True)("text", "bold", "red")
    assert styled.startswith("\x1b[1;31m") and styled.endswith("\x1b[0m")


def test_progress_only_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    console = Console()
    plain = io.StringIO()
    monkeypatch.setattr("sys.stderr", plain)
    with console.progress("asking…"):
        pass
    assert plain.getvalue() == ""
    terminal = FakeTerminal()
    monkeypatch.setattr("sys.stderr", terminal)
    with console.progress("asking…"):
        pass
    written = terminal.getvalue()
    assert "asking…" in written
    assert written.endswith("\r\x1b[K")  # the line is cleared afterwards


def test_degraded_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    Console().degraded(["memory: profile failed: x", "memory: this turn was not recorded: x"])
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert err.startswith("memory: this turn was not recorded: x (+1 more")
    Console().degraded([])
    assert capsys.readouterr().err == ""


def test_ctrl_c_exits_130(repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(answer.TurnRunner, "run", interrupted)
    result = CliRunner().invoke(app, ["ask", str(repo), "Optional 怎么用？"])
    assert result.exit_code == 130
    assert "Traceback" not in result.output


def test_a_bug_is_one_line_unless_debugging(repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(answer.TurnRunner, "run", broken)
    monkeypatch.delenv("AUTOPATCH_MEMORY_DEBUG", raising=False)
    result = CliRunner().invoke(app, ["ask", str(repo), "Optional 怎么用？"])
    assert result.exit_code == 1
    assert "error: internal error: RuntimeError: boom" in result.stderr
    assert "Traceback" not in result.output
    monkeypatch.setenv("AUTOPATCH_MEMORY_DEBUG", "1")
    with pytest.raises(RuntimeError, match="boom"):
        CliRunner().invoke(app, ["ask", str(repo), "Optional 怎么用？"], catch_exceptions=False)
