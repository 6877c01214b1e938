"""Governing memory directly (docs/cli.md, "Governing memory"): ``remember``,
``forget``, ``restore``, ``undo``, ``export``, ``import``, ``reset``, ``purge`` (``edit``:
:mod:`.editing`).

Every change goes through the library's facade, with the same checks as a change a
model proposes; a refusal is one error line (and, with ``--json``, the refused change).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from autopatch_memory import (
    ChangeAction,
    ChangeOutcome,
    ChangeRejectedError,
    ExportFormat,
    LongTermType,
    limits,
)

from ..render import (
    refusal,
    render_import,
    render_purge_plan,
    render_undo,
    reset_message,
)
from ..repo import resolve_repo
from .arguments import (
    JsonOpt,
    LabelOpt,
    RepoAndId,
    RepoAndText,
    RepoArg,
    source_file,
    split_repo,
    stdin_bytes,
    text_arg,
)
from .base import (
    CommandFailed,
    UsageProblem,
    command,
    console,
    offline_memory,
    os_error_text,
    print_change,
    run_change,
)

__all__ = [
    "export",
    "forget",
    "import_",
    "purge",
    "remember",
    "reset",
    "restore",
    "undo",
]


@command()
def forget(
    args: RepoAndId,
    json_out: JsonOpt = False,
) -> None:
    """Forget an item: a rule or note is archived (kept, never injected; `restore` brings it
    back); a topic or turn is removed."""
    repo, item_id = split_repo(args, "ID")
    root = resolve_repo(repo)
    with offline_memory(root) as memory:
        change = memory.forget(item_id)
    if json_out:
        console.json(change.model_dump(mode="json"))
    elif change.outcome is ChangeOutcome.ARCHIVED:
        console.out(f"{item_id} archived (kept in the file, never injected; `restore` undoes it)")
    elif change.outcome is ChangeOutcome.REMOVED:
        console.out(f"{item_id} removed")
    else:
        console.out(f"{item_id} was already archived")


@command()
def remember(
    args: RepoAndText,
    note: Annotated[
        bool, typer.Option("--note", help="A project note (a fact about the project), not a rule.")
    ] = False,
    label: LabelOpt = None,
    json_out: JsonOpt = False,
) -> None:
    """Remember a rule (or with --note a project note) in your own words; a rule that says
    what it replaces ("instead of Maven") archives that one."""
    repo, text = split_repo(args, "TEXT")
    if label is not None:
        text_arg(label, "--label")
    root = resolve_repo(repo)
    kind = LongTermType.PROJECT_NOTE if note else LongTermType.DURABLE_PREFERENCE
    with offline_memory(root) as memory:
        change = run_change(
            ChangeAction.REMEMBER,
            json_out,
            lambda: memory.remember(text, kind=kind, label=label),
        )
        print_change(memory, change, json_out)


@command()
def restore(
    args: RepoAndId,
    json_out: JsonOpt = False,
) -> None:
    """Bring an archived rule or note back (a forgotten one, an old text of an edited one,
    or one from the cold archive)."""
    repo, item_id = split_repo(args, "ID")
    root = resolve_repo(repo)
    with offline_memory(root) as memory:
        change = run_change(ChangeAction.RESTORE, json_out, lambda: memory.restore(item_id))
        print_change(memory, change, json_out)


@command()
def undo(
    args: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="[REPO] [N]",
            help="The repository (optional) and how many changes to undo (default 1).",
            show_default=False,
        ),
    ] = None,
    json_out: JsonOpt = False,
) -> None:
    """Undo the last change(s) to rules and notes: yours, a summary's, an import, a reset."""
    given = list(args or [])
    count = 1
    if given and given[-1].isdigit() and not Path(given[-1]).is_dir():
        count = int(given.pop())
    if len(given) > 1 or count < 1:
        raise UsageProblem("usage: autopatch-memory undo [REPO] [N] (N: a count of at least 1)")
    root = resolve_repo(given[0] if given else None)
    with offline_memory(root) as memory:
        report = memory.undo(count)
    if json_out:
        console.json(report.model_dump(mode="json"))
        return
    console.lines(render_undo(report))


FormatOpt = Annotated[
    ExportFormat,
    typer.Option(
        "--format", "-f", case_sensitive=False, help="markdown (for people) or json (for tools)."
    ),
]


@command()
def export(
    repo: RepoArg = None,
    format: FormatOpt = ExportFormat.MARKDOWN,
    output: Annotated[
        Path | None,
        typer.Option(
            "--output",
            "-o",
            metavar="FILE",
            help="Write to FILE instead of stdout.",
            dir_okay=False,
            show_default=False,
        ),
    ] = None,
    include_ids: Annotated[
        bool, typer.Option("--ids", help="Markdown: add each item's id as an HTML comment.")
    ] = False,
) -> None:
    """Export the rules and notes: Markdown to paste into an AGENTS.md, or JSON for tools."""
    root = resolve_repo(repo)
    with offline_memory(root, writes=False) as memory:
        text = memory.export(format, include_ids=include_ids)
        folder = memory.paths.folder
    if output is None:
        if format is ExportFormat.JSON:
            console.stdout.write(text)  # exact, like every --json document
            console.stdout.flush()
        else:
            console.write_raw(text)
        return
    _outside_memory_folder(folder, output)
    try:
        output.expanduser().write_text(text, encoding="utf-8")
    except OSError as exc:
        raise CommandFailed(f"could not write {output}: {os_error_text(exc)}") from None
    except RuntimeError as exc:  # "~typo/…": no such user's home
        raise CommandFailed(f"could not write {output}: {exc}") from None
    console.note(f"wrote the {format.value} export to {output}")


def _outside_memory_folder(folder: Path, output: Path) -> None:
    """Refuse an export into the memory folder: it would overwrite the memory file (or
    its backups and journal) without the lock, outside every guarantee of the store."""
    try:
        inside = output.expanduser().resolve().is_relative_to(folder.resolve())
    except (OSError, RuntimeError):
        return  # the write itself reports the path's problem
    if inside:
        raise UsageProblem(f"--output cannot be inside {folder.name}/: it holds the memory")


@command(name="import")
def import_(
    args: Annotated[
        list[str],
        typer.Argument(
            metavar="[REPO] FILE",
            help="The repository (optional), an export (Markdown or JSON) or - for stdin.",
        ),
    ],
    format: Annotated[
        ExportFormat | None,
        typer.Option(
            "--format",
            "-f",
            case_sensitive=False,
            help="markdown or json (default: told by the content).",
            show_default=False,
        ),
    ] = None,
    dry_run: Annotated[
        bool,
        typer.Option("--dry-run", "-n", help="Show what the import would do; change nothing."),
    ] = False,
    as_rules: Annotated[
        bool,
        typer.Option("--as-rules", help="Take each bullet of any Markdown file as a new rule."),
    ] = False,
    as_notes: Annotated[
        bool,
        typer.Option("--as-notes", help="Take each bullet of any Markdown file as a new note."),
    ] = False,
    json_out: JsonOpt = False,
) -> None:
    """Import rules and notes (each checked as if you remembered it); prints one line per item.

    Markdown must be an `export` of this tool unless --as-rules or --as-notes says how to
    read it; an import never restores an archived item or revises one by similarity."""
    if as_rules and as_notes:
        raise UsageProblem("--as-rules and --as-notes exclude each other")
    take_as = "rule" if as_rules else "note" if as_notes else None
    repo, source = split_repo(args, "FILE")
    root = resolve_repo(repo)
    path = source_file(source, "import file")
    if path is None:
        data = stdin_bytes(limits.IMPORT_MAX_BYTES + 1)
    else:
        with path.open("rb") as handle:
            data = handle.read(limits.IMPORT_MAX_BYTES + 1)
    with offline_memory(root) as memory:
        try:
            report = memory.import_items(data, format=format, dry_run=dry_run, take_as=take_as)
        except ChangeRejectedError as exc:
            raise CommandFailed(refusal(ChangeAction.IMPORT, exc.reason, str(exc))) from None
    if report.foreign_project is not None:
        later = "if imported" if report.dry_run else "`undo` takes the import back"
        console.warn(
            f"this is an export of another project, {report.foreign_project!r}: its rules "
            f"and notes may not hold here ({later})"
        )
    if json_out:
        console.json(report.model_dump(mode="json"))
        return
    console.lines(render_import(report))


@command()
def purge(
    repo: RepoArg = None,
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Do not ask for confirmation.")] = False,
    json_out: JsonOpt = False,
) -> None:
    """Delete everything this program keeps for the repository (memory, journal, backups,
    cold archive, caches), after naming each file; asks unless --yes. Cannot be undone."""
    root = resolve_repo(repo)
    if not yes and (sys.stdin is None or not sys.stdin.isatty()):
        raise UsageProblem("purge asks for confirmation on a terminal; pass --yes to skip it")
    with offline_memory(root, writes=False) as memory:
        folder = memory.paths.folder
        files = memory.purge_files()
        if not files:
            if json_out:
                console.json({"folder": str(folder), "files": [], "purged": False})
            else:
                console.out(f"nothing to purge: no memory files in {folder}")
            return
        if not json_out:
            console.lines(render_purge_plan(folder, files))
        question = f"Delete these {len(files)} files? This cannot be undone"
        if not yes and not typer.confirm(question, default=False, err=True):
            raise CommandFailed("purge cancelled; nothing deleted")
        memory.purge()
    if json_out:
        console.json({"folder": str(folder), "files": [f.name for f in files], "purged": True})
    else:
        console.out(f"purged: {len(files)} files deleted; memory starts empty with the next write")


@command()
def reset(
    repo: RepoArg = None,
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Do not ask for confirmation.")] = False,
) -> None:
    """Clear the repository's memory (asks to confirm unless --yes)."""
    root = resolve_repo(repo)
    if not yes:
        if sys.stdin is None or not sys.stdin.isatty():
            raise UsageProblem("reset asks for confirmation on a terminal; pass --yes to skip it")
        if not typer.confirm(f"Clear all memory of {root}?", default=False):
            raise CommandFailed("reset cancelled; nothing changed")
    with offline_memory(root) as memory:
        result = memory.reset()
    console.out(reset_message(result))
