"""Reading the user's messages in ``chat``.

On a terminal, ``prompt_toolkit`` reads them (:mod:`cli.prompt`): line editing, a
session history (Up and Down), Tab completion of slash commands, and **bracketed
paste**, so a pasted stack trace of 60 lines arrives as one message instead of 60
questions. A message of
several lines can also be typed: Esc then Enter (or Alt-Enter) inserts a newline;
Enter sends. Ctrl-C drops the line being typed, Ctrl-D on an empty line ends the chat.

The history lives only as long as the session: questions are not written to a file
outside memory, whose contents are redacted and governed.

Off a terminal (a pipe, a script) every line is one message, read as it comes.
"""

from __future__ import annotations

import io
import sys
from collections.abc import Sequence
from typing import IO, AnyStr, Protocol, TextIO

from autopatch_memory import limits

__all__ = ["LineReader", "MessageReader", "UnreadableLine", "make_reader"]


class MessageReader(Protocol):
    """Where the chat's messages come from."""

    def read(self, prompt: str) -> str | None:
        """The next message, None at the end of input; raises KeyboardInterrupt on Ctrl-C."""
        ...


class UnreadableLine(ValueError):
    """A line of input that is not text in the input's encoding (a GBK file piped into a
    UTF-8 session): reported and skipped, never sent or stored as mojibake."""


class LineReader:
    """One message per line of a text stream (a pipe or a script)."""

    def __init__(self, stream: TextIO, *, echo_prompt: TextIO | None = None) -> None:
        self._stream = stream
        self._echo_prompt = echo_prompt

    def read(self, prompt: str) -> str | None:
        """The next line without its newline, or None at the end of input.

        Raises :class:`UnreadableLine` for a line that does not decode; the next
        read goes on with the line after it.
        """
        if self._echo_prompt is not None:
            self._echo_prompt.write(prompt)
            self._echo_prompt.flush()
        line = self._next_line()
        if line == "":
            return None
        return line.rstrip("\r\n")

    def _next_line(self) -> str:
        # A process stream is read as bytes, one line at a time, and decoded strictly
        # with its own encoding: its text layer would raise mid-buffer (strict) and
        # lose the lines after, or turn the bytes into lone surrogates (C locale).
        binary: IO[bytes] | None = getattr(self._stream, "buffer", None)
        if binary is None:
            return _capped_line(self._stream)
        data = _capped_line(binary)
        encoding = getattr(self._stream, "encoding", None) or "utf-8"
        try:
            return data.decode(encoding)
        except UnicodeDecodeError as exc:
            raise UnreadableLine(
                f"a line of input is not {encoding.upper()} text (byte {exc.start + 1} "
                "cannot be decoded): skipped; save the input as UTF-8"
            ) from None


def _capped_line(source: IO[AnyStr]) -> AnyStr:
    """The next line of ``source``; a line longer than the cap raises
    :class:`UnreadableLine` and is read to its end in chunks, never held whole."""
    cap = limits.CHAT_LINE_MAX_BYTES
    line = source.readline(cap + 1)
    if len(line) <= cap or line[-1:] in ("\n", b"\n"):
        return line
    while (rest := source.readline(cap)) and rest[-1:] not in ("\n", b"\n"):
        pass
    raise UnreadableLine(f"a line of input is longer than {cap} bytes: skipped")


def make_reader(
    stdin: TextIO | None, *, interactive: bool, commands: Sequence[str]
) -> MessageReader:
    """A terminal reader when the session runs on the process's own terminal, else lines."""
    if interactive and (stdin is None or stdin is sys.stdin) and sys.stdout.isatty():
        # Imported here: prompt_toolkit would cost every other command its import time.
        from .prompt import TerminalReader

        return TerminalReader(commands)
    # A process started with its stdin closed (`<&-`) has no input: the chat ends at once.
    return LineReader(stdin if stdin is not None else sys.stdin or io.StringIO())
