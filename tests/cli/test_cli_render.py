"""The console layer: terminal safety, colour rules, spinners, streamed answers, session history."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from autopatch_memory_cli import answer
from autopatch_memory_cli.app import app
from autopatch_memory_cli.console import Console, color_enabled, safe, terminal_safe
from autopatch_memory_cli.history import SessionHistory
from autopatch_memory_cli.render import render_journal
from autopatch_memory_cli.streaming import AnswerView, ReasoningFilter
from rich.text import Text
from typer.testing import CliRunner

from autopatch_memory.context import estimate_tokens
from autopatch_memory.journal import JournalEntry, Outcome

ESC = "\x1b"


class FakeTerminal(io.StringIO):
    """A text stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


# --- terminal safety ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hostile", "shown"),
    [
        ("demo\x1b[2Jservice", "demoservice"),  # CSI: clear the screen
        ("a\x1b[1;31mred\x1b[0m", "ared"),
        ("name\x1b]52;c;ZXZpbCBjbGlwYm9hcmQ=\x07end", "nameend"),  # OSC 52, BEL-terminated
        ("name\x1b]52;c;ZXZpbA==\x1b\\end", "nameend"),  # OSC 52, ST-terminated
        ("x\x1b]0;window title\x07y", "xy"),  # OSC 0: set the window title
        ("x\x1bPq#0;2;0;0;0\x1b\\y", "xy"),  # DCS string
        ("x\x9b2Jy", "xy"),  # 8-bit CSI
        ("x\x9d52;c;ZXZpbA==\x9cy", "xy"),  # 8-bit OSC and ST
        ("bell\x07 back\x08space\x7f del\rreturn", "bell backspace delreturn"),
        ("\u202eevil\u202c reversed", "evil reversed"),  # bidi override
        ("x\x1bcy", "xy"),  # ESC c: reset the terminal
        # Without its terminator only the introducer goes: what is left is plain text.
        ("unterminated \x1b]52;c;ZXZpbA==", "unterminated 52;c;ZXZpbA=="),
    ],
)
def test_escape_sequences_and_control_characters_are_removed(hostile: str, shown: str) -> None:
    assert terminal_safe(hostile) == shown


def test_text_a_reader_needs_is_kept() -> None:
    text = "用户关注 Optional 的用法\n\tindented — 😀 café [REDACTED:password] ${name} <T>"
    assert terminal_safe(text) == text


@pytest.mark.parametrize("unit", ["\x1b[", "\x1b]", "\x1b", "\x9b", "\x1b[1;", ";", "\x1b]52;"])
def test_adversarial_inputs_are_cleaned_whole(unit: str) -> None:
    # Linear: 256 KiB of any shape is cleaned in one pass (the size of a model reply cap).
    hostile = unit * (256 * 1024 // len(unit))
    assert ESC not in terminal_safe(hostile)
    assert "\x9b" not in terminal_safe(hostile)


def test_styles_survive_cleaning_in_place() -> None:
    line = Text.assemble(("abc", "red"), "\x1b[2Jdef\x1b]52;c;eA==\x1b\\", ("ghi", "bold"))
    clean = safe(line)
    assert clean.plain == "abcdefghi"
    assert [(s.start, s.end, str(s.style)) for s in clean.spans] == [
        (0, 3, "red"),
        (6, 9, "bold"),
    ]


def test_a_rich_text_that_lost_its_terminator_is_still_safe() -> None:
    # rich drops BEL when it builds a Text: the OSC loses its introducer, and what is
    # left is plain text a terminal prints as it is.
    line = Text.assemble("name ", ("\x1b]52;c;ZXZpbA==\x07", "bold"), "\nnext line")
    assert safe(line).plain == "name 52;c;ZXZpbA==\nnext line"


def test_every_line_printed_is_cleaned(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    console = Console()
    console.out("project \x1b]52;c;ZXZpbA==\x07demo")
    console.out(Text("summary \x1b[2Jhere", style="bold"))
    console.err("journal \x1b[2Jdetail")
    console.note("note \x9b2J")
    captured = capsys.readouterr()
    assert ESC not in captured.out + captured.err
    assert captured.out == "project demo\nsummary here\n"
    # JSON too: json.dumps would escape ESC, but print a C1 CSI or a bidi override raw.
    console.json({"name": "a\x1b[2Jb\x9b2J\u202ec"})
    assert json.loads(capsys.readouterr().out) == {"name": "abc"}


# --- colour and spinners -------------------------------------------------------------------


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


def test_styles_reach_a_colour_terminal_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR")
    monkeypatch.setenv("TERM", "xterm-256color")
    terminal = FakeTerminal()
    monkeypatch.setattr("sys.stdout", terminal)
    Console().out(Text("warning", style="yellow"))
    assert f"{ESC}[" in terminal.getvalue()
    plain = io.StringIO()
    monkeypatch.setattr("sys.stdout", plain)
    Console().out(Text("warning", style="yellow"))
    assert plain.getvalue() == "warning\n"


def test_a_spinner_only_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
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
    assert "asking…" in terminal.getvalue()


def test_degraded_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    Console().degraded(["memory: profile failed: x", "memory: this turn was not recorded: x"])
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert err.startswith("memory: this turn was not recorded: x (+1 more")
    Console().degraded([])
    assert capsys.readouterr().err == ""


# --- streamed answers ------------------------------------------------------------------------


def feed(pieces: list[str]) -> str:
    reasoning = ReasoningFilter()
    return "".join(reasoning.feed(p) for p in pieces) + reasoning.finish()


@pytest.mark.parametrize(
    ("pieces", "visible"),
    [
        (["<think>plan", " it</think>", "\n\nAnswer."], "Answer."),
        (["<th", "ink>hidden</th", "ink>shown"], "shown"),  # tags split across pieces
        (["Use List<String> and a < b", " <b>bold</b>"], "Use List<String> and a < b <b>bold</b>"),
        (["before <reasoning>x</reasoning> after"], "before  after"),
        (["answer <think>never closed"], "answer "),
        (["plain text without tags"], "plain text without tags"),
    ],
)
def test_reasoning_blocks_are_hidden_while_streaming(pieces: list[str], visible: str) -> None:
    assert feed(pieces) == visible
    # Piece boundaries never matter: one character at a time gives the same text.
    assert feed([c for p in pieces for c in p]) == visible


def test_off_a_terminal_an_answer_streams_plain(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    with AnswerView(Console(), "fake-model", timeout=60) as view:
        view("<think>x</think>**Bold** ")
        assert capsys.readouterr().out == "**Bold** "  # written as it arrives
        view("and \x1b[2Jdone")
    assert capsys.readouterr().out == "and done\n"


# --- the session's history ------------------------------------------------------------------


def test_history_keeps_the_newest_exchanges_within_the_budget() -> None:
    history = SessionHistory(budget_tokens=60)
    for n in range(5):
        history.add(f"question {n}", f"answer {n} " + "word " * 20)
    messages = history.messages()
    assert messages[-2:] == [("user", "question 4"), ("assistant", "answer 4 " + "word " * 20)]
    assert ("user", "question 0") not in messages
    assert sum(estimate_tokens(text) for _role, text in messages) <= 60
    assert [role for role, _ in messages] == ["user", "assistant"] * (len(messages) // 2)


def test_one_long_answer_is_cut_to_the_budget() -> None:
    history = SessionHistory(budget_tokens=40)
    history.add("给我一个例子", "很长的回答" * 200)
    [(_, question), (_, cut)] = history.messages()
    assert question == "给我一个例子"
    assert cut.startswith("很长的回答") and cut.endswith("…")
    assert estimate_tokens(question) + estimate_tokens(cut) <= 40
    history.clear()
    assert history.messages() == []


# --- views ---------------------------------------------------------------------------------


def test_journal_columns_are_aligned() -> None:
    entries = [
        JournalEntry.model_validate(
            {
                "ts": "2026-05-01T12:00:00+08:00",
                "actor": actor,
                "op": op,
                "outcome": outcome,
                "target": target,
            }
        )
        for actor, op, outcome, target in [
            ("record", "record_turn", "applied", "turn_20260501_120000_001"),
            ("summarizer:heuristic", "turn_summaries.summarize", "applied", "turn_1"),
            ("user", "forget", "rejected", None),
        ]
    ]
    lines = [line.plain if isinstance(line, Text) else line for line in render_journal(entries)]
    starts = {
        line.index(o.value)
        for line, o in zip(lines, [Outcome.APPLIED] * 2 + [Outcome.REJECTED], strict=True)
    }
    assert len(starts) == 1


# --- exit codes -------------------------------------------------------------------------------


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
