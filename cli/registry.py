"""The program's commands by name, each loaded when it is run
(docs/architecture.md#what-a-command-loads).

Start-up is mostly importing, and a command's module imports the library's facade and
whatever the command needs. So the typer application (``cli/app.py``) holds no command:
its group, :class:`LazyGroup`, knows them from :data:`COMMANDS` — the name, the module
under ``cli/commands/`` and the line the program's ``--help`` shows — and imports a
command's module only when that command is run, completed or asked for its own help.
``autopatch-memory --help`` and ``--version`` import no command module and nothing of
the library behind its names.

A test builds every command and holds each entry's line to the command's docstring.
"""

from __future__ import annotations

from collections.abc import Iterator, MutableMapping
from importlib import import_module
from typing import Any, NamedTuple

from typer.core import TyperCommand, TyperGroup
from typer.main import get_command_from_info
from typer.models import CommandInfo

__all__ = ["COMMANDS", "CommandEntry", "LazyGroup", "PlainHelpCommand", "load_command"]


class CommandEntry(NamedTuple):
    """One command: its name on the command line, the module of ``cli/commands/`` that
    defines it, the name of its :class:`~cli.commands.base.Command` there, and its line
    in the program's ``--help`` (the first paragraph of its docstring, on one line)."""

    name: str
    module: str
    attribute: str
    summary: str


# The order of `--help`.
COMMANDS: tuple[CommandEntry, ...] = (
    CommandEntry(
        "chat",
        "conversation",
        "chat",
        "Chat about the repository, with memory (type /help inside).",
    ),
    CommandEntry(
        "ask",
        "conversation",
        "ask",
        "Ask one question (non-interactive): text piped in follows it, and `-` reads the "
        "question from stdin; the answered turn is recorded in memory.",
    ),
    CommandEntry(
        "show",
        "reading",
        "show",
        "Show what memory holds: profile, preferences, notes, topics, turns, sizes.",
    ),
    CommandEntry(
        "context",
        "reading",
        "context",
        "Show exactly the memory context a question would be given.",
    ),
    CommandEntry(
        "profile",
        "reading",
        "profile",
        "Show the repo profile collected from the build files, and the files it came from.",
    ),
    CommandEntry(
        "record",
        "hosts",
        "record",
        "Record an answered turn (for hosts not written in Python); prints the turn id.",
    ),
    CommandEntry(
        "summarize",
        "hosts",
        "summarize",
        "Summarize the pending turns now and print the apply report.",
    ),
    CommandEntry(
        "apply",
        "hosts",
        "apply",
        "Apply a Memory Delta (JSON) and print the report; exit 1 if it was discarded whole.",
    ),
    CommandEntry(
        "forget",
        "governance",
        "forget",
        "Forget an item: a rule or note is archived (kept, never injected; `restore` brings "
        "it back); a topic or turn is removed.",
    ),
    CommandEntry(
        "remember",
        "governance",
        "remember",
        "Remember a rule (or with --note a project note) in your own words; a rule that "
        'says what it replaces ("instead of Maven") archives that one.',
    ),
    CommandEntry(
        "edit",
        "editing",
        "edit",
        "Rewrite a rule or note in your own words (the old text is kept); without TEXT it "
        "opens in $EDITOR, and without ID every rule and note opens there as Markdown.",
    ),
    CommandEntry(
        "restore",
        "governance",
        "restore",
        "Bring an archived rule or note back (a forgotten one, an old text of an edited "
        "one, or one from the cold archive).",
    ),
    CommandEntry(
        "undo",
        "governance",
        "undo",
        "Undo the last change(s) to rules and notes: yours, a summary's, an import, a reset.",
    ),
    CommandEntry(
        "search",
        "reading",
        "search",
        "Search rules, notes and topics, best match first.",
    ),
    CommandEntry(
        "export",
        "governance",
        "export",
        "Export the rules and notes: Markdown to paste into an AGENTS.md, or JSON for tools.",
    ),
    CommandEntry(
        "import",
        "governance",
        "import_",
        "Import rules and notes (each checked as if you remembered it); prints one line per item.",
    ),
    CommandEntry(
        "mcp",
        "hosts",
        "mcp",
        "Serve this repository's memory to a coding agent over MCP (stdio); see docs/mcp.md.",
    ),
    CommandEntry(
        "reset",
        "governance",
        "reset",
        "Clear the repository's memory (asks to confirm unless --yes).",
    ),
    CommandEntry(
        "purge",
        "governance",
        "purge",
        "Delete everything this program keeps for the repository (memory, journal, "
        "backups, cold archive, caches), after naming each file; asks unless --yes. "
        "Cannot be undone.",
    ),
    CommandEntry(
        "doctor",
        "setup",
        "doctor",
        "Check the memory file, budgets, backups, lock, configuration (and the model).",
    ),
    CommandEntry(
        "log",
        "reading",
        "log",
        "Show the journal, one entry per line within the terminal's width: what changed, "
        "what was rejected and why.",
    ),
    CommandEntry(
        "demo",
        "setup",
        "demo",
        "Run an offline walk-through on a bundled demo repository (a temporary copy).",
    ),
)

_BY_NAME = {entry.name: entry for entry in COMMANDS}


class PlainHelpCommand(TyperCommand):
    """A command whose help names arguments by their metavar, not by a Python type.

    typer shows ``[REPO] QUESTION <list[str]>``; a user needs ``[REPO] QUESTION``.
    """

    def get_short_help_str(self, limit: int = 45) -> str:
        """The command's line in the program's ``--help``: the first paragraph of its
        description, whole (click cuts it at ``limit`` with "..."; the list wraps it)."""
        first = (self.short_help or self.help or "").strip().split("\n\n")[0]
        return " ".join(first.split())

    # typer's click is private; its Context and HelpFormatter are only passed through.
    def format_options(self, ctx: Any, formatter: Any) -> None:
        arguments: list[tuple[str, str]] = []
        options: list[tuple[str, str]] = []
        for param in self.get_params(ctx):
            if param.param_type_name == "argument":
                if not getattr(param, "hidden", False):
                    text = (getattr(param, "help", None) or "") + (
                        " [required]" if param.required else ""
                    )
                    arguments.append((param.metavar or (param.name or "").upper(), text))
            elif (record := param.get_help_record(ctx)) is not None:
                options.append(record)
        if arguments:
            with formatter.section("Arguments"):
                formatter.write_dl(arguments)
        if options:
            with formatter.section("Options"):
                formatter.write_dl(options)


def load_command(entry: CommandEntry, *, rich_markup_mode: Any = None) -> Any:
    """The click command of ``entry``, built from its module (imported now)."""
    module = import_module(f"{__package__}.commands.{entry.module}")
    defined = getattr(module, entry.attribute)
    info = CommandInfo(name=entry.name, cls=PlainHelpCommand, callback=defined.run)
    # pretty_exceptions_short only tunes typer's own traceback, which the app turns off.
    return get_command_from_info(
        info, pretty_exceptions_short=True, rich_markup_mode=rich_markup_mode
    )


class _LazyCommands(MutableMapping[str, Any]):
    """A group's commands: every name of :data:`COMMANDS`, each command built on first
    lookup (click's group, typer's suggestions for a misspelt name and shell completion
    all go through this mapping)."""

    def __init__(self, rich_markup_mode: Any) -> None:
        self._built: dict[str, Any] = {}
        self._rich_markup_mode = rich_markup_mode

    def __getitem__(self, name: str) -> Any:
        found = self._built.get(name)
        if found is None:
            found = self._built[name] = load_command(
                _BY_NAME[name], rich_markup_mode=self._rich_markup_mode
            )
        return found

    def __setitem__(self, name: str, command: Any) -> None:  # pragma: no cover
        raise TypeError("the program's commands are fixed: add one to COMMANDS")

    def __delitem__(self, name: str) -> None:  # pragma: no cover
        raise TypeError("the program's commands are fixed: add one to COMMANDS")

    def __iter__(self) -> Iterator[str]:
        return iter(_BY_NAME)

    def __len__(self) -> int:
        return len(_BY_NAME)

    def __contains__(self, name: object) -> bool:
        return name in _BY_NAME


class LazyGroup(TyperGroup):
    """The program's group (typer's ``cls=``): its commands are :data:`COMMANDS`, and
    its ``--help`` lists them from there without loading one."""

    def __init__(self, **attrs: Any) -> None:
        super().__init__(**attrs)
        self.commands = _LazyCommands(self.rich_markup_mode)

    def list_commands(self, ctx: Any) -> list[str]:
        """The names in the order of ``--help`` (none loaded)."""
        return list(self.commands)

    def format_commands(self, ctx: Any, formatter: Any) -> None:
        """The ``Commands`` section of ``--help``, each command's line from the table:
        the same lines its :class:`PlainHelpCommand` would give, without importing it."""
        with formatter.section("Commands"):
            formatter.write_dl([(entry.name, entry.summary) for entry in COMMANDS])
