"""Reading the user's messages in ``chat``.

On a terminal, ``prompt_toolkit`` reads them: line editing, a session history (Up and
Down), Tab completion of slash commands, and **bracketed paste**, so a pasted stack
trace of 60 lines arrives as one message instead of 60 questions. A message of
several lines can also be typed: Esc then Enter (or Alt-Enter) inserts a newline;
Enter sends. Ctrl-C drops the line being typed, Ctrl-D on an empty line ends the chat.

The history lives only as long as the session: questions are not written to a file
outside memory, whose contents are redacted and governed.

Off a terminal (a pipe, a script) every line is one message, read as it comes.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Sequence
from typing import Protocol, TextIO

from prompt_toolkit import PromptSession
from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent

__all__ = ["LineReader", "MessageReader", "TerminalReader", "make_reader"]

CONTINUATION = "... "


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


class _SlashCompleter(Completer):
    """Completes ``/name`` at the start of a message."""

    def __init__(self, names: Sequence[str]) -> None:
        self._names = sorted(names)

    def get_completions(
        self, document: Document, complete_event: CompleteEvent
    ) -> Iterable[Completion]:
        text = document.text_before_cursor
        if not text.startswith("/") or " " in text or "\n" in text:
            return
        for name in self._names:
            if name.startswith(text[1:]):
                yield Completion(f"/{name}", start_position=-len(text))


def _key_bindings() -> KeyBindings:
    bindings = KeyBindings()

    @bindings.add("escape", "enter")
    def _newline(event: KeyPressEvent) -> None:
        """Esc Enter / Alt-Enter: a newline in the message instead of sending it."""
        event.current_buffer.insert_text("\n")

    return bindings


class TerminalReader:
    """Messages typed or pasted on a terminal (see the module docstring)."""

    def __init__(self, commands: Sequence[str] = ()) -> None:
        self._session: PromptSession[str] = PromptSession(
            history=InMemoryHistory(),
            key_bindings=_key_bindings(),
            completer=_SlashCompleter(commands),
            complete_while_typing=False,
            multiline=False,
            prompt_continuation=CONTINUATION,
        )

    def read(self, prompt: str) -> str | None:
        """The next message, None on Ctrl-D (end of input)."""
        try:
            return self._session.prompt(prompt)
        except EOFError:
            return None


def make_reader(
    stdin: TextIO | None, *, interactive: bool, commands: Sequence[str]
) -> MessageReader:
    """A terminal reader when the session runs on the process's own terminal, else lines."""
    if interactive and (stdin is None or stdin is sys.stdin) and sys.stdout.isatty():
        return TerminalReader(commands)
    return LineReader(stdin if stdin is not None else sys.stdin)
