"""The table of commands (``cli/registry.py``): the program's ``--help`` lists it without
loading a command, so each line there must be what the command itself says, and every
command of ``cli/commands/`` must be in it."""

from __future__ import annotations

from importlib import import_module

from autopatch_memory_cli.app import app
from autopatch_memory_cli.commands.base import Command
from autopatch_memory_cli.registry import COMMANDS, PlainHelpCommand, load_command
from typer.testing import CliRunner

COMMAND_MODULES = ("conversation", "editing", "governance", "hosts", "reading", "setup")


def test_each_line_of_help_is_the_commands_own_description() -> None:
    for entry in COMMANDS:
        built = load_command(entry)
        assert isinstance(built, PlainHelpCommand)
        assert built.name == entry.name
        assert built.get_short_help_str() == entry.summary, entry.name


def test_every_command_of_the_modules_is_in_the_table_once() -> None:
    defined = set()
    for name in COMMAND_MODULES:
        module = import_module(f"autopatch_memory_cli.commands.{name}")
        for attribute, value in vars(module).items():
            if isinstance(value, Command):
                defined.add((name, attribute))
                # A command's own name, when it sets one, is its name in the table.
                entry = next(e for e in COMMANDS if (e.module, e.attribute) == (name, attribute))
                assert value.name in (None, entry.name)
    listed = [(entry.module, entry.attribute) for entry in COMMANDS]
    assert sorted(listed) == sorted(defined)
    assert len({entry.name for entry in COMMANDS}) == len(COMMANDS)


def test_help_lists_the_table_in_order_and_a_misspelt_name_is_suggested() -> None:
    runner = CliRunner()
    listing = runner.invoke(app, ["--help"]).stdout
    commands = listing.split("Commands:", 1)[1].splitlines()
    # A command's line starts two spaces in; a wrapped description, further.
    names = [line.split()[0] for line in commands if line[:3].strip() and line[:2] == "  "]
    assert names == [entry.name for entry in COMMANDS]
    flat = " ".join(listing.split())
    for entry in COMMANDS:
        assert f"{entry.name} {entry.summary}" in flat
    typo = runner.invoke(app, ["shw"])
    assert typo.exit_code == 2
    assert "No such command 'shw'. Did you mean 'show'?" in typo.output
