"""Commands for hosts and agents: ``record`` a turn a host answered, ``summarize`` the
pending turns now, ``apply`` a Memory Delta, and ``mcp`` (the MCP server over stdio)."""

from __future__ import annotations

import difflib
from pathlib import Path
from typing import Annotated

import typer

from autopatch_memory import (
    DELTA_SECTIONS,
    ApplyReport,
    BackendChoice,
    DeltaParseError,
    IntentType,
    ProjectMemory,
    extract_json_object,
    limits,
    memory_access,
)

from ..failures import FailureWatch, describe_failure, take_last_error
from ..render import render_report
from ..repo import resolve_repo
from .arguments import JsonOpt, ModelOpt, RepoArg, model_arg, source_file, split_repo, stdin_bytes
from .base import (
    CommandFailed,
    UsageProblem,
    command,
    console,
    note_degraded,
    offline_memory,
    opened,
    settings_for,
)

__all__ = ["apply", "mcp", "record", "summarize"]


@command()
def record(
    repo: RepoArg = None,
    intent: Annotated[
        IntentType,
        typer.Option("--intent", "-i", case_sensitive=False, help="The turn's intent."),
    ] = ...,  # type: ignore[assignment]
    user: Annotated[str, typer.Option("--user", metavar="TEXT", help="The user's question.")] = ...,  # type: ignore[assignment]
    assistant: Annotated[
        str, typer.Option("--assistant", metavar="TEXT", help="The answer given.")
    ] = "",
    scope: Annotated[
        list[str] | None,
        typer.Option(
            "--scope", metavar="PATH", help="A file or folder the turn was about (repeatable)."
        ),
    ] = None,
    project_level: Annotated[
        bool,
        typer.Option("--project-level", help="A project-level explanation (no specific file)."),
    ] = False,
    model: ModelOpt = None,
    json_out: JsonOpt = False,
) -> None:
    """Record an answered turn (for hosts not written in Python); prints the turn id."""
    if not user.strip():
        raise UsageProblem("--user is empty")
    root = resolve_repo(repo)
    if not memory_access(intent).writes:
        # The gate: a gated turn opens nothing and writes nothing.
        if json_out:
            console.json({"turn_id": None, "gated": True})
        else:
            console.note(f"{intent.value} is outside memory: nothing recorded")
        return
    settings = settings_for(root, model_arg(model))
    with opened(
        root, backend=None, refresh_profile=True, finish_summaries=True, settings=settings
    ) as memory:
        watch = FailureWatch(memory)
        watch.start()
        memory.last_error = None
        turn_id = memory.record_turn(
            intent, user, assistant, scope_paths=scope or (), project_level=project_level
        )
        if turn_id is None:
            failure = memory.last_error
            raise CommandFailed(
                f"the turn was not recorded: {failure.message if failure else 'empty text'}"
            )
        # The id goes out before the bounded wait for a summary the turn triggered.
        if json_out:
            console.json({"turn_id": turn_id})
        else:
            console.out(turn_id)
    late = watch.new_failure()
    if late is not None:
        console.note(describe_failure(late))


def _empty_report(memory: ProjectMemory) -> ApplyReport:
    info, doc = memory.read_file()
    return ApplyReport(changed=False, size_bytes=info.size_bytes, generation=doc.generation)


def _print_report(
    report: ApplyReport,
    json_out: bool,
    *,
    empty_note: str | None = None,
    unknown_sections: list[str] | None = None,
) -> None:
    if json_out:
        document = report.model_dump(mode="json")
        if unknown_sections is not None:
            document["unknown_sections"] = unknown_sections
        console.json(document)
    elif empty_note is not None:
        console.out(empty_note)
    else:
        console.lines(render_report(report, unknown_sections=unknown_sections or []))
    if report.discarded:
        why = "; ".join(
            f"{r.reason.value}: {r.detail}" if r.detail else r.reason.value
            for r in report.rejected
            if r.section is None
        )
        raise CommandFailed(f"the whole delta was discarded ({why})")


@command()
def summarize(
    repo: RepoArg = None,
    backend: Annotated[
        BackendChoice | None,
        typer.Option(
            "--backend",
            "-b",
            case_sensitive=False,
            help="Summary backend for this run (default: from configuration).",
            show_default=False,
        ),
    ] = None,
    model: ModelOpt = None,
    json_out: JsonOpt = False,
) -> None:
    """Summarize the pending turns now and print the apply report."""
    root = resolve_repo(repo)
    spec = backend.value if backend is not None else None
    settings = settings_for(root, model_arg(model))
    with opened(root, backend=spec, refresh_profile=True, settings=settings) as memory:
        # Noted only if the command succeeds: a failure below says it all in one line.
        early = take_last_error(memory)
        with console.progress(f"summarizing with {memory.backend_name}…"):
            report = memory.summarize_now()
        note = "nothing to summarize: no pending turns" if report is None else None
        final = report if report is not None else _empty_report(memory)
    _print_report(final, json_out, empty_note=note)
    note_degraded(early)


@command()
def apply(
    args: Annotated[
        list[str],
        typer.Argument(
            metavar="[REPO] DELTA_FILE",
            help="The repository (optional), a Memory Delta JSON file or - for stdin.",
        ),
    ],
    json_out: JsonOpt = False,
) -> None:
    """Apply a Memory Delta (JSON) and print the report; exit 1 if it was discarded whole."""
    repo, source = split_repo(args, "DELTA_FILE")
    root = resolve_repo(repo)
    path = source_file(source, "delta file")
    # Bytes decoded as UTF-8 (JSON's encoding) from stdin too, as from a file: not with
    # the locale's codec (GBK on a Chinese Windows console). A file in another encoding
    # is refused: decoded with replacements it would store mojibake summaries.
    try:
        text = _read_delta(path).decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise UsageProblem(
            f"the delta file is not UTF-8 text (byte {exc.start}); save it as UTF-8"
        ) from None
    if len(text) > limits.DELTA_MAX_CHARS:
        raise UsageProblem(
            f"the delta file has {len(text)} characters (limit {limits.DELTA_MAX_CHARS})"
        )
    unknown = _unknown_sections(text)
    with offline_memory(root) as memory:
        report = memory.apply_delta(text)
    _print_report(report, json_out, unknown_sections=unknown)


def _read_delta(path: Path | None) -> bytes:
    """A delta file's bytes (``None``: stdin), read no further than the cap: an endless
    stream or a huge file is a usage error, not a wait or a memory blow-up."""
    cap = limits.DELTA_INPUT_MAX_BYTES
    if path is None:
        data = stdin_bytes(cap + 1)
    else:
        with path.open("rb") as handle:
            data = handle.read(cap + 1)
    if len(data) > cap:
        raise UsageProblem(f"the delta file is larger than {cap} bytes, the most a delta takes")
    return data


def _unknown_sections(text: str) -> list[str]:
    """Top-level keys of the delta that are no delta section (a typo, usually).

    They are ignored, as the format says; each gets a warning, and a delta with
    nothing but unknown keys is refused: applying it would silently do nothing.
    """
    try:
        delta = extract_json_object(text)
    except DeltaParseError:
        return []  # the applier reports the unparseable delta itself
    unknown = [key for key in delta if key not in DELTA_SECTIONS]
    for key in unknown:
        close = difflib.get_close_matches(key, DELTA_SECTIONS, n=1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        sections = ", ".join(DELTA_SECTIONS)
        console.warn(f"{key!r} is not a delta section (one of {sections}): ignored{hint}")
    if unknown and not any(key in DELTA_SECTIONS for key in delta):
        raise CommandFailed("the delta has no section this program knows; nothing was applied")
    return unknown


@command()
def mcp(repo: RepoArg = None, model: ModelOpt = None) -> None:
    """Serve this repository's memory to a coding agent over MCP (stdio); see docs/mcp.md."""
    from ..mcp_server import serve

    root = resolve_repo(repo)
    serve(root, settings_for(root, model_arg(model)))
