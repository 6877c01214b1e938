"""Where the command line writes: streams, styles, spinners, and terminal safety.

Conventions (``docs/cli.md``): answers and views go to stdout, diagnostics to stderr;
``--json`` prints exactly one JSON document on stdout. Colour only when the stream is
a terminal, ``NO_COLOR`` is unset or empty (https://no-color.org) and ``TERM`` is not
``dumb``; a spinner only on a terminal. Styling, spinners and Markdown come from
``rich``; streams are looked up on every write, not at import, because test runners
swap ``sys.stdout``/``sys.stderr``.

Everything human-readable passes :func:`terminal_safe` here, in one place: text from
memory or from a repository (labels, summaries, a ``rootProject.name``, journal
details, a model's answer) may carry escape sequences that clear the screen or write
the clipboard (OSC 52). JSON output has its strings cleaned by the library's
``clean_output`` (the same rule).
"""

from __future__ import annotations

import json
import os
import re
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, TextIO

from rich.console import Console as RichConsole
from rich.text import Span, Text

if TYPE_CHECKING:  # the spinner loads when one is shown: on a terminal, while waiting
    from rich.console import RenderableType
    from rich.status import Status

__all__ = ["Console", "Line", "WaitingText", "color_enabled", "safe", "terminal_safe"]

Line = str | Text
"""One line of a view: plain text, or rich ``Text`` with styles."""


def _unsafe() -> re.Pattern[str]:
    # The library's text rules load with the first line written, not with this module:
    # a command's `--help` and a usage error write nothing through here.
    from autopatch_memory import TERMINAL_UNSAFE_RE

    return TERMINAL_UNSAFE_RE


def terminal_safe(text: str) -> str:
    """``text`` without escape sequences, control characters (tab and newline kept) and
    invisible format characters: the library's :data:`TERMINAL_UNSAFE_RE`, the same
    rule that cleans stored text. Linear in the length of the text."""
    return _unsafe().sub("", text)


def _safe_rich_text(text: Text) -> Text:
    """A rich ``Text`` cleaned like :func:`terminal_safe`, its styles kept in place."""
    plain = text.plain
    unsafe = _unsafe()
    removed = [m.span() for m in unsafe.finditer(plain)]
    if not removed:
        return text
    # new_position[i]: where old position i lands once the removed runs are gone.
    new_position: list[int] = []
    shift = cursor = 0
    for start, end in removed:
        new_position.extend(i - shift for i in range(cursor, start))
        new_position.extend([start - shift] * (end - start))
        shift += end - start
        cursor = end
    new_position.extend(i - shift for i in range(cursor, len(plain) + 1))
    clean = Text(unsafe.sub("", plain), style=text.style, justify=text.justify, end=text.end)
    clean.spans = [
        Span(new_position[s.start], new_position[s.end], s.style)
        for s in text.spans
        if new_position[s.start] < new_position[s.end]
    ]
    return clean


def safe(line: Line) -> Text:
    """One line made terminal-safe, as rich ``Text``."""
    if isinstance(line, Text):
        return _safe_rich_text(line)
    return Text(terminal_safe(line))


def color_enabled(stream: TextIO) -> bool:
    """Colour for ``stream``: a terminal, ``NO_COLOR`` unset or empty, not a dumb terminal."""
    if os.environ.get("NO_COLOR", ""):
        return False
    if os.environ.get("TERM") == "dumb":
        return False
    return _is_terminal(stream)


def _is_terminal(stream: TextIO) -> bool:
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty and isatty())
    except ValueError:  # a closed stream
        return False


class WaitingText:
    """A spinner's text with the seconds waited so far (rendered on every refresh)."""

    def __init__(self, message: str, slow_after: float | None, slow_note: str) -> None:
        self._message = message
        self._started = time.monotonic()
        self._slow_after = slow_after
        self._slow_note = slow_note

    def __rich__(self) -> Text:
        waited = time.monotonic() - self._started
        text = Text(self._message, style="dim")
        if waited >= 1:
            text.append(f" {waited:.0f} s", style="dim")
        if self._slow_after is not None and waited >= self._slow_after:
            text.append(f" · {self._slow_note}", style="yellow")
        return text


class Console:
    """Where the command line writes. Streams are resolved at write time."""

    # Set when a command has said "interrupted": the entry point says it only for an
    # interrupt typer ended by itself (one that came while it parsed the arguments).
    interrupt_reported = False

    # -- streams ----------------------------------------------------------------------

    @property
    def stdout(self) -> TextIO:
        """The current standard output."""
        return sys.stdout

    @property
    def stderr(self) -> TextIO:
        """The current standard error."""
        return sys.stderr

    @property
    def interactive(self) -> bool:
        """Standard error is a terminal (spinners are shown)."""
        return _is_terminal(self.stderr)

    @property
    def stdout_is_terminal(self) -> bool:
        """Standard output is a terminal (answers are rendered as Markdown)."""
        return _is_terminal(self.stdout)

    @property
    def width(self) -> int:
        """The width of standard output in columns (the terminal's, else ``COLUMNS`` or 80)."""
        return self.rich(self.stdout).width

    def rich(self, stream: TextIO) -> RichConsole:
        """A rich console on ``stream`` that follows this module's colour rules."""
        colour = color_enabled(stream)
        return RichConsole(
            file=stream,
            color_system="auto" if colour else None,
            no_color=not colour,
            force_terminal=_is_terminal(stream) or None,
            highlight=False,
            markup=False,
            emoji=False,
            soft_wrap=True,
        )

    # -- writing ------------------------------------------------------------------------

    def out(self, line: Line = "") -> None:
        """One line on stdout, made terminal-safe."""
        self._print(self.stdout, line)

    def lines(self, lines: Sequence[Line]) -> None:
        """Several lines on stdout."""
        for line in lines:
            self.out(line)

    def err(self, line: Line) -> None:
        """A diagnostic line on stderr, made terminal-safe."""
        self._print(self.stderr, line)

    def _print(self, stream: TextIO, line: Line) -> None:
        self.rich(stream).print(safe(line), soft_wrap=True)
        stream.flush()

    def write_raw(self, text: str) -> None:
        """Part of a line on stdout (a streamed answer), made terminal-safe."""
        self.stdout.write(terminal_safe(text))
        self.stdout.flush()

    def json(self, value: Any) -> None:
        """The one JSON document of a ``--json`` command, its strings cleaned like every
        line (``json.dumps`` escapes C0 controls, but not C1 ones nor bidi overrides)."""
        from autopatch_memory import clean_output

        self.stdout.write(json.dumps(clean_output(value), ensure_ascii=False, indent=2) + "\n")
        self.stdout.flush()

    def note(self, text: str) -> None:
        """A dim diagnostic line (memory degraded, hints) on stderr."""
        self.err(Text(text, style="dim"))

    def warn(self, text: str) -> None:
        """A warning line on stderr."""
        self.err(Text(f"warning: {text}", style="yellow"))

    def error(self, text: str) -> None:
        """The one line of a failed command: ``error: …``."""
        self.err(Text.assemble(("error: ", "bold red"), text))

    def degraded(self, messages: Sequence[str]) -> None:
        """One dim line for the memory failures a turn survived.

        One cause (an unwritable folder) often fails several steps; the last
        message says what it cost, the count says there was more.
        """
        if not messages:
            return
        more = len(messages) - 1
        suffix = f" (+{more} more; run `doctor`)" if more else ""
        self.note(messages[-1] + suffix)

    # -- waiting ----------------------------------------------------------------------------

    @contextmanager
    def progress(
        self, message: str, *, slow_after: float | None = None, slow_note: str = ""
    ) -> Iterator[None]:
        """A spinner on stderr while the block runs (only on a terminal).

        It counts the seconds; after ``slow_after`` it adds ``slow_note``.
        """
        if not self.interactive:
            yield
            return
        from rich.status import Status

        status = Status(
            WaitingText(message, slow_after, slow_note),
            console=self.rich(self.stderr),
            spinner="dots",
        )
        with status:
            yield

    def spinner(self, renderable: RenderableType) -> Status:
        """A spinner on stderr showing ``renderable`` (the caller starts and stops it)."""
        from rich.status import Status

        return Status(renderable, console=self.rich(self.stderr), spinner="dots")
