"""The ``autopatch-memory`` command line (docs/cli.md): the typer application, whose
commands — one module per group in ``cli/commands/`` — are loaded when one is run
(:mod:`cli.registry`), so ``--help`` and ``--version`` import none of them.

Conventions every command follows:

* ``[REPO]`` is optional everywhere: without it the repository is discovered
  from the current directory (:mod:`cli.repo`);
* human output passes one terminal-safety filter (:mod:`cli.console`); colour,
  spinners and Markdown come from rich, and only on a terminal;
* ``--json`` prints exactly one JSON document on stdout and nothing else;
  answers go to stdout, diagnostics to stderr;
* exit codes: 0 ok, 1 runtime error, 2 usage error, 130 interrupted (Ctrl-C);
* a runtime error is one line, ``error: …``, on stderr — never a traceback. The
  library's exceptions are translated in exactly one place,
  :func:`cli.commands.base.translated_errors`, which every command runs inside.

Set ``AUTOPATCH_MEMORY_DEBUG=1`` to let an unexpected exception (a bug) show its
traceback instead of the one-line ``internal error``.
"""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from .registry import LazyGroup

__all__ = ["app", "main"]

PROG_NAME = "autopatch-memory"

app = typer.Typer(
    name=PROG_NAME,
    help="Project-level Q&A memory for a Java-repo assistant: chat about a repository, "
    "and see and govern what it remembers.",
    # The commands of cli/registry.py, each imported when it is run.
    cls=LazyGroup,
    no_args_is_help=True,
    # --install-completion / --show-completion for bash, zsh, fish and PowerShell.
    add_completion=True,
    # Plain click output: no boxes, no colour off a terminal, one predictable format.
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version(value: bool) -> None:
    if value:
        # Only this option reads the version (importlib.metadata is slow to import); the
        # line is ASCII, so it needs none of the console's terminal safety.
        from autopatch_memory import __version__

        typer.echo(f"{PROG_NAME} {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help="Show the version."),
    ] = False,
) -> None:
    """Project-level Q&A memory for a Java-repo assistant."""


def main() -> None:
    """Console-script entry point."""
    for stream in (sys.stdout, sys.stderr):
        # A pipe with a legacy encoding must not turn a Chinese answer into a crash.
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="replace")
    app(prog_name=PROG_NAME)
