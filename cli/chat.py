"""The ``chat`` REPL: questions about the repository, with memory, and slash commands.

On a terminal the messages are read with ``prompt_toolkit`` (:mod:`cli.input`): a
paste is one message, Esc Enter (Alt-Enter) adds a line, Up/Down recall the
session's earlier messages. Off a terminal every line of stdin is one message, so a
script or a test can drive it. A message starting with ``/name`` is a slash command
(any unique prefix works: ``/mem`` is ``/memory``); everything else is a question,
answered through :class:`cli.answer.TurnRunner`, its answer streamed as it arrives.
Within the session, follow-ups keep their subject: the session's transcript goes with
every question, whatever its intent (:mod:`cli.history`); ``/clear`` empties it.

The ``/help`` text is generated from the docstrings of the ``_cmd_*`` methods
below: the docstring of a slash command *is* its help.

Ctrl-C at the prompt drops the line; Ctrl-C during an answer cancels it (nothing
is recorded) and returns to the prompt; Ctrl-D or ``/exit`` quits, after one
bounded, visible wait for a summary in flight (:func:`cli.closing.finish`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TextIO

from rich.text import Text

from autopatch_memory import (
    BackendError,
    ChangeAction,
    ChangeRejectedError,
    ConfigError,
    ExportFormat,
    IntentType,
    ItemNotFoundError,
    LongTermType,
    MemoryChange,
    MemorySettings,
    ProjectMemory,
    StoreError,
    UnknownIntentError,
    make_answerer,
    parse_intent,
    redact,
)

from .answer import NO_MODEL_HINT, TurnResult, TurnRunner
from .closing import finish
from .console import Console
from .input import MessageReader, UnreadableLine, make_reader
from .render import (
    refusal,
    render_change,
    render_context,
    render_document,
    render_hits,
    render_profile,
    render_report,
    render_undo,
    reset_message,
    superseded_labels,
)
from .streaming import ConsoleDisplay

__all__ = ["ChatSession", "SlashCommand"]

PROMPT = "you> "
_CONFIRM_WORDS = frozenset({"y", "yes", "是", "确认"})
# A slash command is "/" followed by a word; "/src/main/..." is a path in a question.
_COMMAND_RE = re.compile(r"^/([A-Za-z][\w-]*)(?:\s+(.*))?$", re.DOTALL)
# Keeps `/intent auto` from being mistaken for an intent name.
_AUTO_INTENT = "auto"
# An option where a rule's text should begin (a rule never starts with "--word").
_OPTION_RE = re.compile(r"--[A-Za-z][\w-]*(?:\s|$)")

Handler = Callable[["ChatSession", str], bool]


def _flag(argument: str, flag: str) -> tuple[bool, str]:
    """``(True, rest)`` when ``argument`` starts with ``flag`` (``/remember --note …``)."""
    text = argument.strip()
    head, _, rest = text.partition(" ")
    if head == flag:
        return True, rest.strip()
    return False, text


@dataclass(frozen=True)
class SlashCommand:
    """One slash command: its name, argument synopsis and handler (whose docstring is the help)."""

    name: str
    usage: str
    handler: Handler

    @property
    def help(self) -> str:
        """The first paragraph of the handler's docstring, on one line."""
        doc = (self.handler.__doc__ or "").strip().split("\n\n")[0]
        return " ".join(doc.split())

    @property
    def synopsis(self) -> str:
        """``/name ARGS``."""
        return f"/{self.name} {self.usage}".rstrip()


def slash(name: str, usage: str = "") -> Callable[[Handler], Handler]:
    """Mark a ``ChatSession`` method as the slash command ``/name``."""

    def mark(handler: Handler) -> Handler:
        handler.slash_command = SlashCommand(name, usage, handler)  # type: ignore[attr-defined]
        return handler

    return mark


class ChatSession:
    """One interactive session on one repository's memory."""

    def __init__(
        self,
        memory: ProjectMemory,
        runner: TurnRunner,
        console: Console,
        *,
        stdin: TextIO | None = None,
        interactive: bool | None = None,
        reader: MessageReader | None = None,
    ) -> None:
        self.memory = memory
        self.runner = runner
        self.console = console
        if interactive is None:
            isatty = getattr(stdin, "isatty", None) if stdin is not None else None
            interactive = bool(isatty and isatty()) if stdin is not None else console.interactive
        self.interactive = interactive
        names = [c.name for c in self.commands()]
        self.reader = reader or make_reader(stdin, interactive=interactive, commands=names)
        self.display = ConsoleDisplay(console, timeout=runner.timeout)
        self.next_intent: IntentType | None = None
        self.last: TurnResult | None = None

    # -- the command table ------------------------------------------------------------

    @classmethod
    def commands(cls) -> list[SlashCommand]:
        """Every slash command, in the order they are defined."""
        found: list[SlashCommand] = []
        for value in vars(cls).values():
            command = getattr(value, "slash_command", None)
            if isinstance(command, SlashCommand):
                found.append(command)
        return found

    @classmethod
    def lookup(cls, word: str) -> list[SlashCommand]:
        """The commands ``word`` names: an exact name, else every name it prefixes."""
        word = word.lower()
        commands = cls.commands()
        exact = [c for c in commands if c.name == word]
        return exact or [c for c in commands if c.name.startswith(word)]

    # -- the loop ----------------------------------------------------------------------

    def run(self) -> int:
        """Read and handle messages until ``/exit`` or end of input; returns the exit code."""
        self._banner()
        try:
            while True:
                self._report_background_failures()
                try:
                    message = self.reader.read(PROMPT)
                except KeyboardInterrupt:
                    # Ctrl-C at the prompt drops the line, as a shell does.
                    self.console.note("(line cancelled; Ctrl-D or /exit quits)")
                    continue
                except UnreadableLine as exc:
                    self.console.warn(str(exc))
                    continue
                if message is None:
                    break
                if self._handle(message.strip()):
                    break
        finally:
            finish(self.memory, self.console)
        return 0

    def _handle(self, text: str) -> bool:
        """Handle one message; True when the session should end."""
        if not text:
            return False
        # A slash command is one line; a pasted text that starts with "/" is a question.
        command = _COMMAND_RE.match(text) if "\n" not in text else None
        if command is not None:
            return self._dispatch(command.group(1), (command.group(2) or "").strip())
        self._ask(text)
        return False

    def _banner(self) -> None:
        model = self.runner.model_name if self.runner.answerer is not None else None
        answering = f"answers from {model}" if model else "no model: shows the memory context"
        self.console.err(
            Text(
                f"autopatch-memory chat · {self.memory.repo_root} · {answering} · "
                f"summaries: {self.memory.backend_name}",
                style="bold",
            )
        )
        keys = " Esc Enter adds a line;" if self.interactive else ""
        self.console.note(
            f"Ask about the repo; @path puts a file in scope;{keys} /help lists commands."
        )
        if self.runner.answerer is None:
            self.console.note(NO_MODEL_HINT)

    def _confirm(self, question: str) -> bool:
        """Ask a yes/no question on the conversation's own input; default no."""
        prompt = f"{question} [y/N] "
        if not self.interactive:  # a script's answer comes without a prompt on screen
            self.console.out(prompt.rstrip())
            prompt = ""
        try:
            answer = self.reader.read(prompt)
        except KeyboardInterrupt:
            self.console.err("")
            return False
        except UnreadableLine as exc:
            self.console.warn(str(exc))
            return False
        return answer is not None and answer.strip().lower() in _CONFIRM_WORDS

    def _dispatch(self, word: str, argument: str) -> bool:
        """Run the slash command ``word``; True when the session should end."""
        matches = self.lookup(word)
        if not matches:
            self.console.warn(f"unknown command /{word}; /help lists the commands")
            return False
        if len(matches) > 1:
            names = ", ".join(f"/{c.name}" for c in matches)
            self.console.warn(f"/{word} is ambiguous: {names} — type more letters")
            return False
        return matches[0].handler(self, argument)

    def _ask(self, question: str) -> None:
        intent, self.next_intent = self.next_intent, None  # a forced intent lasts one turn
        try:
            result = self.runner.run(question, intent=intent, display=self.display)
        except KeyboardInterrupt:
            self.console.err("")
            self.console.note("(cancelled; nothing was recorded)")
            return
        self.last = result
        if result.error is not None:
            self.console.error(
                f"the model call failed, nothing was recorded: {result.error} — {result.hint}"
            )
            return
        self.display.finished(result)
        self.console.degraded(result.degraded)

    def _report_background_failures(self) -> None:
        for line in self.runner.background_failures():
            self.console.note(line)

    # -- slash commands (their docstrings are the /help text) ---------------------------

    @slash("help")
    def _cmd_help(self, argument: str) -> bool:
        """List the slash commands (or explain one: /help NAME)."""
        commands = self.lookup(argument.lstrip("/")) if argument else self.commands()
        if not commands:
            self.console.warn(f"no command /{argument.lstrip('/')}")
            return False
        width = max(len(c.synopsis) for c in commands)
        for command in commands:
            self.console.out(
                Text.assemble("  ", (command.synopsis.ljust(width), "cyan"), f"  {command.help}")
            )
        if not argument:
            self.console.out(
                Text(
                    "  Any unique prefix works (/mem = /memory). Other messages are questions; "
                    "@path puts a file in scope. Keys: Enter sends, Esc Enter (Alt-Enter) adds "
                    "a line, a paste is one message, Ctrl-C cancels, Ctrl-D quits.",
                    style="dim",
                )
            )
        return False

    @slash("memory")
    def _cmd_memory(self, argument: str) -> bool:
        """Show what memory holds: preferences, notes, topics, recent turns and the file size."""
        try:
            doc = self.memory.document()
        except StoreError as exc:
            self.console.error(str(exc))
            return False
        self.console.lines(
            render_document(
                doc,
                path=str(self.memory.paths.memory_file),
                size_bytes=doc.size_bytes(),
                compact=True,
            )
        )
        return False

    @slash("forget", "ID")
    def _cmd_forget(self, argument: str) -> bool:
        """Forget a memory item by its ID (see /memory): a rule or note is archived (kept in
        the file, never injected again; /restore brings it back); a topic or turn is removed."""
        item_id = argument.strip()
        if not item_id:
            self.console.warn("usage: /forget ID (the ids are listed by /memory)")
            return False
        self._change(ChangeAction.FORGET, lambda: self.memory.forget(item_id))
        return False

    @slash("remember", "[--note] TEXT")
    def _cmd_remember(self, argument: str) -> bool:
        """Remember a rule in your own words (--note: a fact about the project); a rule that
        says what it replaces ("instead of Maven") archives that one."""
        note, text = _flag(argument, "--note")
        if not text or _OPTION_RE.match(text):
            # "/remember --label x text" would store "--label x text" as the rule.
            self.console.warn("usage: /remember [--note] TEXT")
            return False
        kind = LongTermType.PROJECT_NOTE if note else LongTermType.DURABLE_PREFERENCE
        self._change(ChangeAction.REMEMBER, lambda: self.memory.remember(text, kind=kind))
        return False

    @slash("edit", "ID TEXT")
    def _cmd_edit(self, argument: str) -> bool:
        """Rewrite a rule or note (ID from /memory or /search) in your own words; the old
        text is kept (/restore brings it back, /undo undoes the edit)."""
        item_id, _, text = argument.strip().partition(" ")
        if not item_id or not text.strip():
            self.console.warn("usage: /edit ID TEXT (the ids are listed by /memory)")
            return False
        self._change(ChangeAction.EDIT, lambda: self.memory.edit(item_id, text.strip()))
        return False

    @slash("restore", "ID")
    def _cmd_restore(self, argument: str) -> bool:
        """Bring a forgotten rule or note back (/search --all finds archived ones)."""
        item_id = argument.strip()
        if not item_id:
            self.console.warn("usage: /restore ID (/search --all TEXT finds archived items)")
            return False
        self._change(ChangeAction.RESTORE, lambda: self.memory.restore(item_id))
        return False

    @slash("search", "[--all] TEXT")
    def _cmd_search(self, argument: str) -> bool:
        """Search rules, notes and topics (--all: archived ones too), best match first."""
        include_archived, text = _flag(argument, "--all")
        if not text:
            self.console.warn("usage: /search [--all] TEXT")
            return False
        try:
            hits = self.memory.search(text, include_archived=include_archived)
        except StoreError as exc:
            self.console.error(f"could not search: {exc}")
            return False
        self.console.lines(render_hits(hits))
        return False

    @slash("export", "[markdown|json]")
    def _cmd_export(self, argument: str) -> bool:
        """Print the rules and notes as Markdown (to paste into an AGENTS.md) or as JSON."""
        choice = argument.strip().lower() or ExportFormat.MARKDOWN.value
        if choice not in {f.value for f in ExportFormat}:
            self.console.warn("usage: /export [markdown|json]")
            return False
        try:
            text = self.memory.export(choice)
        except StoreError as exc:
            self.console.error(f"could not export: {exc}")
            return False
        self.console.lines(text.rstrip("\n").split("\n"))
        return False

    def _change(self, action: ChangeAction, run: Callable[[], MemoryChange]) -> None:
        """Run one change of memory and show what it did (a refusal is one warning)."""
        try:
            change = run()
        except ItemNotFoundError as exc:
            self.console.warn(f"{exc}; /memory lists the ids")
            return
        except ChangeRejectedError as exc:
            self.console.warn(refusal(action, exc.reason, str(exc)))
            return
        except StoreError as exc:
            self.console.error(f"could not {action.value}: {exc}")
            return
        self.console.lines(render_change(change, labels=superseded_labels(self.memory, change)))

    @slash("undo", "[N]")
    def _cmd_undo(self, argument: str) -> bool:
        """Undo the last change (or the last N) to rules and notes: yours, a summary's, an
        import, a reset."""
        text = argument.strip() or "1"
        if not text.isdigit() or int(text) < 1:
            self.console.warn("usage: /undo [N] (N: how many changes, 1 by default)")
            return False
        try:
            report = self.memory.undo(int(text))
        except StoreError as exc:
            self.console.error(f"could not undo: {exc}")
            return False
        self.console.lines(render_undo(report))
        return False

    @slash("reset")
    def _cmd_reset(self, argument: str) -> bool:
        """Clear this repository's memory (asks to confirm); summaries in flight are dropped."""
        if not self._confirm(f"Clear all memory of {self.memory.repo_root}?"):
            self.console.out("reset cancelled")
            return False
        try:
            result = self.memory.reset()
        except StoreError as exc:
            self.console.error(f"could not reset: {exc}")
            return False
        self.last = None
        if self.runner.history is not None:
            self.runner.history.clear()
        self.console.out(reset_message(result) + "; pending summaries dropped")
        return False

    @slash("clear")
    def _cmd_clear(self, argument: str) -> bool:
        """Clear this session's transcript (the earlier questions and answers sent with
        each question); memory is not touched (/reset clears memory)."""
        history = self.runner.history
        count = len(history) if history is not None else 0
        if history is not None:
            history.clear()
        self.console.out(f"session transcript cleared ({count} exchanges); memory unchanged")
        return False

    @slash("profile")
    def _cmd_profile(self, argument: str) -> bool:
        """Show the repo profile collected from the build files (and what it was read from)."""
        report = self.memory.refresh_profile()
        self.console.lines(
            render_profile(report.profile, problems=report.problems, from_cache=report.from_cache)
        )
        return False

    @slash("context")
    def _cmd_context(self, argument: str) -> bool:
        """Show exactly what the last answer was given: intent, memory context and files."""
        if self.last is None:
            self.console.out("no question asked yet in this session")
            return False
        last = self.last
        # shown as memory would keep it: a key typed into the question is not echoed
        self.console.out(f"last question: {redact(last.question)}")
        self.console.out(f"intent: {last.intent.value} ({last.classification.explanation})")
        if last.gated:
            self.console.out(Text("outside memory: no context was given", style="yellow"))
        self.console.lines(render_context(last.context))
        if last.attachments:
            self.console.out(f"files in scope: {', '.join(last.scope_paths)}")
        return False

    @slash("intent", "NAME")
    def _cmd_intent(self, argument: str) -> bool:
        """Force the intent of the next question (code_explain, general_chat, code_audit,
        patch_explain, patch_revise); /intent auto goes back to the classifier."""
        names = ", ".join(i.value for i in IntentType)
        name = argument.strip()
        if not name:
            current = self.next_intent.value if self.next_intent else "auto (classifier)"
            self.console.out(f"next intent: {current}; choose one of: {names}, {_AUTO_INTENT}")
            return False
        if name.lower() == _AUTO_INTENT:
            self.next_intent = None
            self.console.out("next intent: chosen by the classifier")
            return False
        try:
            self.next_intent = parse_intent(name)
        except UnknownIntentError:
            self.console.warn(f"unknown intent {name!r}; choose one of: {names}")
            return False
        self.console.out(f"next question will be treated as {self.next_intent.value}")
        return False

    @slash("model", "[NAME]")
    def _cmd_model(self, argument: str) -> bool:
        """Show which model answers and which backend writes the summaries; /model NAME
        answers with that model from now on in this session (as -m NAME would)."""
        name = argument.strip()
        if name:
            try:
                settings = MemorySettings.from_env(self.memory.repo_root, {"model": name})
            except ConfigError as exc:
                self.console.warn(str(exc))
                return False
            self.runner.answerer = make_answerer(settings)
            self.runner.model_name = settings.model
            self.runner.timeout = settings.timeout
            self.display = ConsoleDisplay(self.console, timeout=settings.timeout)
            self.console.out(
                f"answering model: {settings.model} (this session; summaries stay with "
                f"{self.memory.backend_name})"
            )
            return False
        if self.runner.answerer is not None:
            self.console.out(f"answering model: {self.runner.model_name}")
        else:
            self.console.out(f"answering model: none — {NO_MODEL_HINT}")
        self.console.out(f"summary backend: {self.memory.backend_name}")
        return False

    @slash("summarize")
    def _cmd_summarize(self, argument: str) -> bool:
        """Summarize the pending turns now instead of waiting for a trigger."""
        try:
            with self.console.progress("summarizing…"):
                report = self.memory.summarize_now()
        except (BackendError, ConfigError, StoreError) as exc:
            self.console.error(f"summarizing failed: {exc}")
            return False
        if report is None:
            self.console.out("nothing to summarize: no pending turns")
            return False
        self.console.lines(render_report(report))
        return False

    @slash("exit")
    def _cmd_exit(self, argument: str) -> bool:
        """Leave the chat (Ctrl-D works too)."""
        return True
