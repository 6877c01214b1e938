"""Showing an answer while it arrives.

On a terminal: a spinner on stderr until the first visible text (it counts the
seconds and says when the model is slow, naming the timeout that will end the wait),
then the answer rendered as Markdown as it grows — only its last screenful is
redrawn while it streams, then the whole of it is printed once. Off a terminal (a
pipe): the text is written as it comes, plain. Either way reasoning blocks
(``<think>…</think>``) are not shown, and everything passes the console's
terminal-safety filter.
"""

from __future__ import annotations

import contextlib
import os
import re
import sys
from collections.abc import Callable
from types import TracebackType
from typing import TYPE_CHECKING

from rich.console import Console as RichConsole
from rich.console import ConsoleOptions, RenderResult
from rich.segment import Segment
from rich.status import Status

from autopatch_memory import limits

from .console import Console, WaitingText, terminal_safe
from .render import render_turn

if TYPE_CHECKING:  # imported when an answer streams: every other command is spared them
    from rich.live import Live
    from rich.markdown import Markdown

    from .answer import TurnResult
    from .classify import Classification

__all__ = ["GATED_NOTE", "AnswerView", "ConsoleDisplay", "ReasoningFilter"]

# Said once, on the route's line, when an audit or patch turn is answered.
GATED_NOTE = (
    "answered without memory: audit and patch questions get no rules, notes or topics, "
    "and are not recorded"
)

# The reasoning blocks a model may stream before (or inside) its answer.
_OPEN_TAG_RE = re.compile(r"<(think|thinking|reasoning|reflection)>", re.IGNORECASE)
_LONGEST_OPEN_TAG = len("<reflection>")


class ReasoningFilter:
    """Drops ``<think>…</think>`` (and similar) blocks from text that arrives in pieces."""

    def __init__(self) -> None:
        self._pending = ""
        self._inside: str | None = None  # the open tag's name while inside a block
        self._started = False  # visible text was emitted (leading blank lines are not)

    def feed(self, piece: str) -> str:
        """The visible text that ``piece`` completes."""
        self._pending += piece
        shown: list[str] = []
        while True:
            if self._inside is None:
                match = _OPEN_TAG_RE.search(self._pending)
                if match is None:
                    shown.append(self._release_outside())
                    break
                shown.append(self._pending[: match.start()])
                self._inside = match.group(1).lower()
                self._pending = self._pending[match.end() :]
            else:
                close = f"</{self._inside}>"
                at = self._pending.lower().find(close)
                if at == -1:
                    # Keep only what could be the start of the closing tag.
                    self._pending = self._pending[-(len(close) - 1) :]
                    break
                self._pending = self._pending[at + len(close) :]
                self._inside = None
        return self._visible("".join(shown))

    def finish(self) -> str:
        """What is left at the end (an unclosed block is dropped, as the answer does)."""
        rest, self._pending = ("" if self._inside else self._pending), ""
        return self._visible(rest)

    def _release_outside(self) -> str:
        # A "<" near the end may be the start of a tag split across pieces.
        cut = self._pending.rfind("<")
        if cut != -1 and len(self._pending) - cut < _LONGEST_OPEN_TAG:
            tail = self._pending[cut:].lower()
            if any(f"<{name}>".startswith(tail) for name in _TAG_NAMES):
                released, self._pending = self._pending[:cut], self._pending[cut:]
                return released
        released, self._pending = self._pending, ""
        return released

    def _visible(self, text: str) -> str:
        if not self._started:
            text = text.lstrip()
            self._started = bool(text)
        return text


_TAG_NAMES = ("think", "thinking", "reasoning", "reflection")


class _Tail:
    """The last lines of the answer so far that fit the screen, as Markdown (what a live
    region can redraw). The text is parsed when the region redraws (a few times a
    second), not once per streamed piece: a long answer would be parsed again and again."""

    def __init__(self, view: AnswerView) -> None:
        self._view = view

    def __rich_console__(self, console: RichConsole, options: ConsoleOptions) -> RenderResult:
        height = max(1, console.size.height - 1)
        lines = console.render_lines(self._view.markdown(), options, pad=False)
        for line in lines[-height:]:
            yield from line
            yield Segment.line()


def _silence_terminal_echo() -> Callable[[], None] | None:
    """Turn the terminal's echo off while an answer is drawn; returns what turns it back on
    (None: nothing was changed — no terminal on stdin, or no termios, as on Windows).

    The live region is erased and redrawn by counting its lines: a ``^C`` (or a key)
    the terminal echoes at the end of a full line wraps to a line the count does not
    know, and the region's first line then stays on screen above its redraw."""
    try:
        import termios
    except ImportError:
        return None
    try:
        fd = sys.stdin.fileno()
        if not os.isatty(fd):
            return None
        saved = termios.tcgetattr(fd)
        quiet = list(saved)
        quiet[3] &= ~(termios.ECHO | getattr(termios, "ECHOCTL", 0))
        termios.tcsetattr(fd, termios.TCSANOW, quiet)
    except (AttributeError, OSError, ValueError, termios.error):
        return None

    def restore() -> None:
        with contextlib.suppress(OSError, termios.error):  # a terminal gone: nothing to restore
            termios.tcsetattr(fd, termios.TCSANOW, saved)

    return restore


class AnswerView:
    """Shows one streamed answer; use as a context manager, call it with each piece."""

    def __init__(self, console: Console, model: str, *, timeout: float | None) -> None:
        self._console = console
        self._model = model
        self._timeout = timeout
        self._filter = ReasoningFilter()
        self._text = ""
        self._terminal = console.stdout_is_terminal and console.interactive
        self._spinner: Status | None = None
        self._live: Live | None = None
        self._restore_echo: Callable[[], None] | None = None

    @property
    def text(self) -> str:
        """The visible text shown so far."""
        return self._text

    def __enter__(self) -> AnswerView:
        if self._terminal:
            self._restore_echo = _silence_terminal_echo()
        if self._console.interactive:
            timeout = f"timeout {self._timeout:g} s; " if self._timeout else ""
            waiting = WaitingText(
                f"asking {self._model}…",
                limits.CLI_SLOW_MODEL_SECONDS,
                f"the model is slow ({timeout}Ctrl-C cancels)",
            )
            self._spinner = self._console.spinner(waiting)
            self._spinner.start()
        return self

    def __call__(self, piece: str) -> None:
        visible = self._filter.feed(piece)
        if visible:
            self._show(visible)

    def _show(self, visible: str) -> None:
        self._stop_spinner()
        self._text += visible
        if not self._terminal:
            self._console.write_raw(visible)
            return
        if self._live is None:
            rich = self._console.rich(self._console.stdout)
            # The live view counts the lines it draws to redraw them: Markdown wrapped at
            # the terminal's width, not soft-wrapped lines the terminal would fold (and
            # the view crop).
            rich.soft_wrap = False
            from rich.live import Live

            self._live = Live(
                _Tail(self),
                console=rich,
                transient=True,
                auto_refresh=True,
                refresh_per_second=limits.CLI_STREAM_REFRESH_PER_SECOND,
                redirect_stdout=False,
                redirect_stderr=False,
            )
            self._live.start()

    def markdown(self) -> Markdown:
        """The answer so far as Markdown, made safe for the terminal."""
        from rich.markdown import Markdown

        return Markdown(terminal_safe(self._text))

    def _stop_spinner(self) -> None:
        if self._spinner is not None:
            self._spinner.stop()
            self._spinner = None

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        try:
            rest = self._filter.finish()
            if rest:
                self._show(rest)
            self._stop_spinner()
            if self._live is not None:
                self._live.stop()  # transient: the tail goes, the whole answer follows once
                self._live.console.print(self.markdown())
            elif self._text and not self._text.endswith("\n"):
                self._console.write_raw("\n")
        finally:
            if self._restore_echo is not None:
                self._restore_echo()
                self._restore_echo = None


class ConsoleDisplay:
    """Shows a running turn on the console: its intent, then the answer as it streams."""

    def __init__(self, console: Console, *, timeout: float | None = None) -> None:
        self.console = console
        self.timeout = timeout

    def chosen(self, classification: Classification, *, gated: bool) -> None:
        """``[intent · why]`` on stderr, one dim line; a turn routed to an audit or patch
        intent says on the same line that it is answered without memory (the user's rules
        and notes are not given to it, nothing is recorded)."""
        line = f"[{classification.intent.value} · {classification.explanation}]"
        if gated:
            line += f" {GATED_NOTE}"
        self.console.note(line)

    def answering(self, model: str) -> AnswerView:
        """The view the answer streams into."""
        return AnswerView(self.console, model, timeout=self.timeout)

    def finished(self, result: TurnResult, *, no_model_hint: str | None = None) -> None:
        """What is left to show after a turn that did not fail (``ask`` and ``chat``).

        A streamed answer is on screen already: only the id it was recorded under.
        Otherwise the whole turn, then ``no_model_hint`` when no model answered (a
        chat says that once, in its banner). Then the problems with its ``@path`` mentions.
        """
        if result.streamed:
            if result.turn_id is not None:
                self.console.note(f"(recorded {result.turn_id})")
        else:
            self.console.lines(render_turn(result))
            if result.answer is None and no_model_hint is not None:
                self.console.note(no_model_hint)
        for problem in result.problems:
            self.console.warn(problem)
