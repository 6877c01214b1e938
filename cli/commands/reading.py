"""Reading memory: ``show``, ``context``, ``profile``, ``search``, ``log``.

None of them changes memory; each opens it without a summary backend (``context`` and
``profile`` may collect the repo profile, as a question would). The views
(:mod:`cli.render`, with the library's models) load in the command's body: a command's
own ``--help`` and a usage error load none of it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from autopatch_memory import limits, memory_access

from ..failures import take_last_error
from ..repo import BUILD_FILES, resolve_repo
from .arguments import IntentOpt, JsonOpt, RepoAndQuestion, RepoArg, read_question, split_repo
from .base import command, console, note_degraded, note_profile_failure, offline_memory, opened

__all__ = ["context", "log", "profile", "search", "show"]


def _missing_profile(root: Path) -> str:
    """Why ``show`` has no profile to show: none found, or none collected yet."""
    from ..render import NO_PROFILE_FOUND

    readme = any(root.glob("README*")) or any(root.glob("readme*"))
    if readme or any((root / name).exists() for name in BUILD_FILES):
        return (
            "no repo profile collected yet: `profile` collects it from the build files "
            "(so does any question)"
        )
    return NO_PROFILE_FOUND


@command()
def show(
    repo: RepoArg = None,
    include_archived: Annotated[
        bool,
        typer.Option("--all", "-a", help="Also list archived rules and notes (and old texts)."),
    ] = False,
    json_out: JsonOpt = False,
) -> None:
    """Show what memory holds: profile, preferences, notes, topics, turns, sizes."""
    from ..render import NO_PROFILE_FOUND, render_document

    root = resolve_repo(repo)
    with offline_memory(root, writes=False) as memory:
        info, doc = memory.read_file()
        failure = memory.last_failure(info)  # the one read serves both
    problem = info.problem
    if problem is not None:
        console.warn(f"{problem.explain} (see `doctor`)")
    if json_out:
        console.json(doc.model_dump(mode="json"))
        return
    console.lines(
        render_document(
            doc,
            path=str(info.path),
            size_bytes=info.size_bytes,
            last_failure=failure,
            missing_profile=_missing_profile(root)
            if doc.repo_profile is None
            else NO_PROFILE_FOUND,
            include_archived=include_archived,
        )
    )
    if not info.exists:
        console.note("no memory file yet: nothing has been recorded in this repository")


@command()
def context(
    args: RepoAndQuestion,
    intent: IntentOpt = None,
    json_out: JsonOpt = False,
) -> None:
    """Show exactly the memory context a question would be given."""
    from ..render import render_context

    root, question, classification = read_question(args, intent)
    reads = memory_access(classification.intent).reads
    with opened(root, backend="off", refresh_profile=reads, writes=False) as memory:
        degraded = take_last_error(memory)
        ctx = memory.context(classification.intent, question)
        note_degraded([*degraded, *take_last_error(memory)])
    if json_out:
        console.json(ctx.to_json_dict())
        return
    console.out(f"intent: {classification.intent.value} ({classification.explanation})")
    if not reads:
        console.out("outside memory: this intent is never given memory context")
        return
    console.lines(render_context(ctx))


@command()
def profile(
    repo: RepoArg = None,
    refresh: Annotated[
        bool, typer.Option("--refresh", help="Read the build files again, ignoring the cache.")
    ] = False,
    json_out: JsonOpt = False,
) -> None:
    """Show the repo profile collected from the build files, and the files it came from."""
    from ..render import render_profile

    root = resolve_repo(repo)
    with offline_memory(root) as memory:
        report = memory.refresh_profile(use_cache=not refresh)
        note_profile_failure(memory)
    if json_out:
        console.json(report.profile.model_dump(mode="json"))
        for problem in report.problems:
            console.warn(problem)
        return
    console.lines(
        render_profile(report.profile, problems=report.problems, from_cache=report.from_cache)
    )


@command()
def search(
    args: Annotated[
        list[str],
        typer.Argument(metavar="[REPO] TEXT", help="The repository (optional), a few words."),
    ],
    include_archived: Annotated[
        bool, typer.Option("--all", "-a", help="Also search archived (forgotten) items.")
    ] = False,
    json_out: JsonOpt = False,
) -> None:
    """Search rules, notes and topics, best match first."""
    from ..render import render_hits

    repo, text = split_repo(args, "TEXT")
    root = resolve_repo(repo)
    with offline_memory(root, writes=False) as memory:
        hits = memory.search(text, include_archived=include_archived)
    if json_out:
        console.json([hit.model_dump(mode="json") for hit in hits])
        return
    console.lines(render_hits(hits))


@command()
def log(
    repo: RepoArg = None,
    last: Annotated[
        int,
        typer.Option("-n", "--last", min=1, metavar="N", help="How many of the newest entries."),
    ] = limits.LOG_DEFAULT_ENTRIES,
    verbose: Annotated[
        bool,
        typer.Option(
            "--verbose", "-v", help="Every field whole: the full detail, the items changed."
        ),
    ] = False,
    json_out: JsonOpt = False,
) -> None:
    """Show the journal, one entry per line within the terminal's width: what changed, what
    was rejected and why."""
    from ..render import render_journal

    root = resolve_repo(repo)
    with offline_memory(root, writes=False) as memory:
        entries = memory.journal_entries(last=last)
    if json_out:
        console.json([entry.model_dump(mode="json") for entry in entries])
        return
    console.lines(render_journal(entries, width=console.width, verbose=verbose))
