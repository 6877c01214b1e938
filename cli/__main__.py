"""The program's entry point: ``python -m autopatch_memory_cli`` and the
``autopatch-memory`` console script.

It imports nothing before it is inside its ``try``: Ctrl-C while the program is still
loading (its first half second) ends it like Ctrl-C anywhere else — exit 130 and one
line, never a traceback (docs/cli.md, "Exit codes").
"""

from __future__ import annotations

import os
import sys

EXIT_INTERRUPTED = 130


def _interrupted() -> None:
    # Plain: rich may not be loaded yet (it may be what was loading).
    sys.stderr.write("\ninterrupted\n")
    sys.stderr.flush()


def main() -> None:
    """Run the command line; an interrupt while it loads is one line and exit 130."""
    try:
        from .app import main as run
    except KeyboardInterrupt:
        _interrupted()
        sys.stdout.flush()
        # Nothing is open yet. A plain exit could still end by SIGINT instead of 130:
        # the interpreter remembers an interrupt that went through an import it ran.
        os._exit(EXIT_INTERRUPTED)
    try:
        run()  # a command handles its own interrupt, with the same line
    except KeyboardInterrupt:
        _interrupted()
        raise SystemExit(EXIT_INTERRUPTED) from None
    except SystemExit as exc:
        # typer ends an interrupt outside a command's body (while it parses the
        # arguments) with a silent exit 130: say the line the command would have said.
        if exc.code == EXIT_INTERRUPTED and not _reported():
            _interrupted()
        raise


def _reported() -> bool:
    from .commands.base import console

    return console.interrupt_reported


if __name__ == "__main__":
    main()
