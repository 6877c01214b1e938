"""Checking the installation and trying the program: ``doctor`` and ``demo``."""

from __future__ import annotations

from typing import Annotated

import typer

from autopatch_memory import diagnose

from ..render import render_diagnosis
from ..repo import resolve_repo
from .arguments import JsonOpt, RepoArg
from .base import EXIT_FAILURE, EXIT_OK, command, console, offline_memory

__all__ = ["demo", "doctor"]


@command()
def doctor(
    repo: RepoArg = None,
    check_model: Annotated[
        bool,
        typer.Option("--check-model", help="Also call the configured model endpoint once."),
    ] = False,
    repair: Annotated[
        bool,
        typer.Option(
            "--repair",
            help="First handle a broken memory file now, as the next write would: keep what "
            "still parses, the original set aside as a backup.",
        ),
    ] = False,
    json_out: JsonOpt = False,
) -> None:
    """Check the memory file, budgets, backups, lock, configuration (and the model)."""
    root = resolve_repo(repo)
    with offline_memory(root, writes=False) as memory:
        if check_model:
            with console.progress("checking the model endpoint…"):
                diagnosis = diagnose(memory, check_model=True, repair=repair)
        else:
            diagnosis = diagnose(memory, repair=repair)
    if json_out:
        console.json(diagnosis.model_dump(mode="json"))
    else:
        console.lines(render_diagnosis(diagnosis))
    if not diagnosis.ok:
        raise typer.Exit(EXIT_FAILURE)


@command()
def demo() -> None:
    """Run an offline walk-through on a bundled demo repository (a temporary copy)."""
    from ..demo import run_demo

    code = run_demo(console)
    if code != EXIT_OK:
        raise typer.Exit(code)
