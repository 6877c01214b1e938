"""The chat's prompt on a terminal, with ``prompt_toolkit`` (see :mod:`cli.input`)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from prompt_toolkit import PromptSession
from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.layout.processors import TabsProcessor

__all__ = ["CONTINUATION", "TerminalReader"]

CONTINUATION = "... "


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
            # A pasted stack trace's tabs show as spaces, not as "^I" (the text keeps them).
            input_processors=[TabsProcessor(tabstop=4, char1=" ", char2=" ")],
        )

    def read(self, prompt: str) -> str | None:
        """The next message, None on Ctrl-D (end of input)."""
        try:
            return self._session.prompt(prompt)
        except EOFError:
            return None
