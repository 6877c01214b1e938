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

import sys
from collections.abc import Sequence
from typing import Protocol, TextIO

__all__ = ["LineReader", "MessageReader", "make_reader"]


class MessageReader(Protocol):
    """Where the chat's messages come from."""

    def read(self, prompt: str) -> str | None:
        """The next message, None at the end of input; raises KeyboardInterrupt on Ctrl-C."""
        ...


class LineReader:
    """One message per line of a text stream (a pipe or a script)."""

    def __init__(self, stream: TextIO, *, echo_prompt: TextIO | None = None) -> None:
        self._stream = stream
        self._echo_prompt = echo_prompt

    def read(self, prompt: str) -> str | None:
        """The next line without its newline, or None at the end of input."""
        if self._echo_prompt is not None:
            self._echo_prompt.write(prompt)
            self._echo_prompt.flush()
        line = self._stream.readline()
        if line == "":
            return None
        return line.rstrip("\r\n")


def make_reader(
    stdin: TextIO | None, *, interactive: bool, commands: Sequence[str]
) -> MessageReader:
    """A terminal reader when the session runs on the process's own terminal, else lines."""
    if interactive and (stdin is None or stdin is sys.stdin) and sys.stdout.isatty():
        # Imported here: prompt_toolkit would cost every other command its import time.
        from .prompt import TerminalReader

        return TerminalReader(commands)
    return LineReader(stdin if stdin is not None else sys.stdin)
