"""The ``autopatch-memory`` command line (docs/cli.md), built with typer.

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
  :func:`translated_errors`, which every command runs inside.

Set ``AUTOPATCH_MEMORY_DEBUG=1`` to let an unexpected exception (a bug) show its
traceback instead of the one-line ``internal error``.
"""

from __future__ import annotations

import difflib
import errno
import functools
import os
import re
import sys
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, TypeVar

import typer
from typer.core import TyperCommand

from autopatch_memory import (
    DELTA_SECTIONS,
    ApplyReport,
    AutopatchMemoryError,
    BackendChoice,
    BackendSpec,
    ChangeAction,
    ChangeOutcome,
    ChangeRejectedError,
    DeltaParseError,
    ExportFormat,
    IntentType,
    LongTermType,
    MemoryChange,
    MemorySettings,
    ProjectMemory,
    UnknownIntentError,
    __version__,
    diagnose,
    extract_json_object,
    limits,
    memory_access,
)

from .closing import finish
from .console import Console
from .failures import FailureWatch, describe_failure, take_last_error
from .render import (
    NO_PROFILE_FOUND,
    refusal,
    render_change,
    render_context,
    render_diagnosis,
    render_document,
    render_hits,
    render_import,
    render_journal,
    render_profile,
    render_report,
    render_undo,
    reset_message,
    superseded_labels,
)
from .repo import BUILD_FILES, LOOKUP_ERRORS, RepoNotFoundError, resolve_repo

# Start-up time (bench/startup.py): the commands that answer or classify a question
# import the turn machinery (the intent router, the turn runner, the chat loop, the
# streaming view) in their own bodies, so that `--help`, `show`, `log` and the other
# commands on stored memory never load it.
if TYPE_CHECKING:
    from .answer import TurnResult, TurnRunner
    from .classify import Classification

__all__ = ["app", "main"]

PROG_NAME = "autopatch-memory"
DEBUG_ENV = "AUTOPATCH_MEMORY_DEBUG"
EXIT_OK = 0
EXIT_FAILURE = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130
STDIN_PATH = "-"

console = Console()

app = typer.Typer(
    name=PROG_NAME,
    help="Project-level Q&A memory for a Java-repo assistant: chat about a repository, "
    "and see and govern what it remembers.",
    no_args_is_help=True,
    # --install-completion / --show-completion for bash, zsh, fish and PowerShell.
    add_completion=True,
    # Plain click output: no boxes, no colour off a terminal, one predictable format.
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


# --- errors ---------------------------------------------------------------------------


class UsageProblem(Exception):
    """The command was called wrongly (exit 2)."""


class CommandFailed(Exception):
    """The command could not do its job for a reason it detected itself (exit 1)."""


def _os_error_text(exc: OSError) -> str:
    where = f": {exc.filename}" if exc.filename else ""
    return f"{exc.strerror or exc}{where}"


@contextmanager
def translated_errors() -> Iterator[None]:
    """The one place where exceptions become exit codes and one-line messages."""
    try:
        yield
    except (UsageProblem, RepoNotFoundError, UnknownIntentError) as exc:
        console.error(str(exc))
        raise typer.Exit(EXIT_USAGE) from None
    except (CommandFailed, AutopatchMemoryError) as exc:
        console.error(str(exc))
        raise typer.Exit(EXIT_FAILURE) from None
    except KeyboardInterrupt:
        console.err("")
        console.note("interrupted")
        raise typer.Exit(EXIT_INTERRUPTED) from None
    except OSError as exc:
        if exc.errno == errno.EPIPE:
            raise  # typer quiets a closed pipe (`… | head`) by itself
        console.error(_os_error_text(exc))
        raise typer.Exit(EXIT_FAILURE) from None
    except (typer.Exit, typer.Abort):
        raise
    except Exception as exc:
        if os.environ.get(DEBUG_ENV):
            raise
        console.error(
            f"internal error: {type(exc).__name__}: {exc} "
            f"(set {DEBUG_ENV}=1 for the traceback, and please report it)"
        )
        raise typer.Exit(EXIT_FAILURE) from None


F = TypeVar("F", bound=Callable[..., Any])


class PlainHelpCommand(TyperCommand):
    """A command whose help names arguments by their metavar, not by a Python type.

    typer shows ``[REPO] QUESTION <list[str]>``; a user needs ``[REPO] QUESTION``.
    """

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


def command(*, name: str | None = None) -> Callable[[F], F]:
    """Register a command that runs inside :func:`translated_errors`."""

    def register(fn: F) -> F:
        @functools.wraps(fn)
        def run(*args: Any, **kwargs: Any) -> Any:
            with translated_errors():
                return fn(*args, **kwargs)

        app.command(name=name, cls=PlainHelpCommand)(run)
        return fn

    return register


# --- shared arguments -------------------------------------------------------------------

RepoArg = Annotated[
    str | None,
    typer.Argument(
        metavar="REPO",
        help="The repository (default: found from the current directory).",
        show_default=False,
    ),
]
JsonOpt = Annotated[
    bool, typer.Option("--json", help="Print one JSON document on stdout, nothing else.")
]
RepoAndQuestion = Annotated[
    list[str],
    typer.Argument(metavar="[REPO] QUESTION", help="The repository (optional), the question."),
]
RepoAndId = Annotated[
    list[str],
    typer.Argument(metavar="[REPO] ID", help="The repository (optional), the item id."),
]
IntentOpt = Annotated[
    IntentType | None,
    typer.Option(
        "--intent",
        "-i",
        case_sensitive=False,
        help="The intent of the question (default: chosen by the rule-based classifier).",
        show_default=False,
    ),
]


def _is_folder(value: str) -> bool:
    """``value`` names an existing folder. A text that cannot be a path (longer than a
    file name may be, "~word" of no user) names none: it is a question, not an error."""
    try:
        return Path(value).expanduser().is_dir()
    except LOOKUP_ERRORS:
        return False


# Command-line bytes that are not UTF-8 (a GBK terminal or script) reach Python as lone
# surrogates (surrogateescape); stored, a text of them would be U+FFFD mojibake.
_UNDECODED_ARG = re.compile("[\udc80-\udcff]")
_TEXT_ARGS = ("QUESTION", "TEXT")


def _text_arg(value: str, what: str) -> str:
    """``value``, or a usage error when the command line did not give it as UTF-8 text."""
    if _UNDECODED_ARG.search(value):
        raise UsageProblem(
            f"{what} is not UTF-8 text (the terminal or script uses another encoding): "
            "give it again in UTF-8"
        )
    return value


def _split_repo(args: list[str], what: str) -> tuple[str | None, str]:
    """``[REPO] WHAT`` from variadic arguments: one is WHAT, two are REPO and WHAT."""
    if len(args) == 1:
        repo, value = None, args[0]
        if _is_folder(value):
            # `ask mall`: a folder and no question is a forgotten argument, not a question.
            raise UsageProblem(
                f"{value!r} is a folder: give the {what} after it ([REPO] {what}; "
                f"quote a {what} with spaces)"
            )
    elif len(args) == 2:
        repo, value = args
    else:
        raise UsageProblem(
            f"expected [REPO] {what}, got {len(args)} arguments (quote a {what} with spaces)"
        )
    if not value.strip():
        raise UsageProblem(f"{what} is empty")
    if what in _TEXT_ARGS:
        _text_arg(value, what)
    return repo, value


@contextmanager
def opened(
    root: Path,
    *,
    backend: BackendSpec,
    refresh_profile: bool,
    finish_summaries: bool = False,
    settings: MemorySettings | None = None,
) -> Iterator[ProjectMemory]:
    """Open the memory of ``root`` and always close it.

    ``finish_summaries``: a command that recorded a turn waits once, visibly and
    bounded, for the summary run it may have triggered (:func:`cli.closing.finish`);
    otherwise the process would exit before the background worker got to it.
    ``settings``: the configuration the caller already read (else read here when needed).
    """
    # Configuration (environment, files) is read only when the backend comes from it.
    from_config = backend is None or backend in (BackendChoice.AUTO, BackendChoice.OPENAI)
    if settings is None and from_config:
        settings = MemorySettings.from_env(root)
    memory = ProjectMemory.open(
        root,
        backend=backend,
        settings=settings if from_config else None,
        collect_profile=refresh_profile,
    )
    try:
        yield memory
    except BaseException:
        memory.close(wait=False)  # failing or interrupted: drop work in flight
        raise
    finish(memory, console, wait=finish_summaries)


def offline_memory(root: Path) -> AbstractContextManager[ProjectMemory]:
    """The memory of ``root`` for a command that reads or maintains it: no summary
    backend (nothing is summarized, no model called, no configuration read) and no
    profile collection, so the command does only what it was asked."""
    return opened(root, backend="off", refresh_profile=False)


def _note_degraded(messages: list[str]) -> None:
    console.degraded(messages)


def _note_profile_failure(memory: ProjectMemory) -> None:
    _note_degraded(take_last_error(memory))


def _profile_names(memory: ProjectMemory) -> list[str]:
    """The project's and modules' names, which make a question about this repository."""
    profile = memory.profile()
    if profile is None:
        return []
    names = [profile.project_name] if profile.project_name else []
    return names + [module.rsplit("/", 1)[-1] for module in profile.modules]


# --- commands ---------------------------------------------------------------------------


def _version(value: bool) -> None:
    if value:
        console.out(f"{PROG_NAME} {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help="Show the version."),
    ] = False,
) -> None:
    """Project-level Q&A memory for a Java-repo assistant."""


@command()
def chat(repo: RepoArg = None) -> None:
    """Chat about the repository, with memory (type /help inside)."""
    from .answer import TurnRunner  # the turn machinery: see the note at the imports
    from .chat import ChatSession
    from .history import SessionHistory

    root = resolve_repo(repo)
    settings = MemorySettings.from_env(root)
    with opened(root, backend=None, refresh_profile=True, settings=settings) as memory:
        _note_profile_failure(memory)
        runner = TurnRunner.from_settings(
            memory, settings, cwd=Path.cwd(), history=SessionHistory(), names=_profile_names(memory)
        )
        code = ChatSession(memory, runner, console).run()
    if code != EXIT_OK:
        raise typer.Exit(code)


def _question(args: list[str], intent: IntentType | None) -> tuple[Path, str, Classification]:
    """``[REPO] QUESTION`` of ``ask`` and ``context``: the repository, the question, and
    its intent (the user's, else the classifier's), so both commands route alike."""
    from .classify import choose  # the intent router: see the note at the imports

    repo, question = _split_repo(args, "QUESTION")
    return resolve_repo(repo), question, choose(question, intent)


@command()
def ask(
    args: RepoAndQuestion,
    intent: IntentOpt = None,
    json_out: JsonOpt = False,
) -> None:
    """Ask one question (non-interactive); the turn is recorded in memory."""
    from .answer import TurnRunner  # the turn machinery: see the note at the imports

    root, question, classification = _question(args, intent)
    if not memory_access(classification.intent).reads:
        # The gate holds for the whole command: an audit or patch turn opens nothing
        # under .autopatch-j — not the memory, the journal, nor the project's config.
        runner = TurnRunner.from_settings(
            None, MemorySettings.from_env(None), repo_root=root, cwd=Path.cwd()
        )
        _answer_once(runner, question, intent, json_out, early=[])
        return
    settings = MemorySettings.from_env(root)
    with opened(
        root, backend=None, refresh_profile=True, finish_summaries=True, settings=settings
    ) as memory:
        early = take_last_error(memory)
        runner = TurnRunner.from_settings(memory, settings, cwd=Path.cwd())
        # The answer is printed inside: before the bounded wait for a summary in flight.
        result = _answer_once(runner, question, intent, json_out, early=early, defer_json=True)
    late = runner.background_failures()  # a summary that failed while we waited
    if json_out:
        _print_ask_json(result, [*early, *result.degraded, *late])
    else:
        _note_degraded(late)


def _answer_once(
    runner: TurnRunner,
    question: str,
    intent: IntentType | None,
    json_out: bool,
    *,
    early: list[str],
    defer_json: bool = False,
) -> TurnResult:
    """Run one turn and print it (the JSON document unless ``defer_json``)."""
    from .answer import NO_MODEL_HINT, QUIET  # the turn machinery: see the note at the imports
    from .streaming import ConsoleDisplay

    display = None if json_out else ConsoleDisplay(console, timeout=runner.timeout)
    result = runner.run(question, intent=intent, display=display or QUIET)
    if display is None:
        if result.error is not None or not defer_json:
            _print_ask_json(result, [*early, *result.degraded])
    else:
        if result.error is None:
            display.finished(result, no_model_hint=NO_MODEL_HINT)
        _note_degraded([*early, *result.degraded])
    if result.error is not None:
        if not json_out:
            console.error(f"{result.error} — {result.hint}")
        raise typer.Exit(EXIT_FAILURE)
    return result


def _print_ask_json(result: TurnResult, degraded: list[str]) -> None:
    document = result.to_json_dict()
    document["degraded"] = degraded
    console.json(document)
    for problem in result.problems:
        console.warn(problem)
    _note_degraded(degraded)


def _missing_profile(root: Path) -> str:
    """Why ``show`` has no profile to show: none found, or none collected yet."""
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
    root = resolve_repo(repo)
    with offline_memory(root) as memory:
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
    root, question, classification = _question(args, intent)
    reads = memory_access(classification.intent).reads
    with opened(root, backend="off", refresh_profile=reads) as memory:
        degraded = take_last_error(memory)
        ctx = memory.context(classification.intent, question)
        _note_degraded([*degraded, *take_last_error(memory)])
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
    root = resolve_repo(repo)
    with offline_memory(root) as memory:
        report = memory.refresh_profile(use_cache=not refresh)
        _note_profile_failure(memory)
    if json_out:
        console.json(report.profile.model_dump(mode="json"))
        for problem in report.problems:
            console.warn(problem)
        return
    console.lines(
        render_profile(report.profile, problems=report.problems, from_cache=report.from_cache)
    )


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
    with opened(root, backend=None, refresh_profile=True, finish_summaries=True) as memory:
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
    json_out: JsonOpt = False,
) -> None:
    """Summarize the pending turns now and print the apply report."""
    root = resolve_repo(repo)
    spec = backend.value if backend is not None else None
    with opened(root, backend=spec, refresh_profile=True) as memory:
        # Noted only if the command succeeds: a failure below says it all in one line.
        early = take_last_error(memory)
        with console.progress(f"summarizing with {memory.backend_name}…"):
            report = memory.summarize_now()
        note = "nothing to summarize: no pending turns" if report is None else None
        final = report if report is not None else _empty_report(memory)
    _print_report(final, json_out, empty_note=note)
    _note_degraded(early)


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
    repo, source = _split_repo(args, "DELTA_FILE")
    root = resolve_repo(repo)
    path = _source_file(source, "delta file")
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
        data = _stdin_bytes(cap + 1)
    else:
        with path.open("rb") as handle:
            data = handle.read(cap + 1)
    if len(data) > cap:
        raise UsageProblem(f"the delta file is larger than {cap} bytes, the most a delta takes")
    return data


def _stdin_bytes(count: int) -> bytes:
    """At most ``count`` bytes of standard input; a usage error when the process has
    none (started with it closed, ``<&-``)."""
    if sys.stdin is None:
        raise UsageProblem("there is no standard input to read ('-'): give a file instead")
    data: bytes = sys.stdin.buffer.read(count)
    return data


def _source_file(source: str, what: str) -> Path | None:
    """The file a FILE argument names, or None for ``-`` (stdin); a usage error if none."""
    if source == STDIN_PATH:
        return None
    try:
        path = Path(source).expanduser()
        found = path.is_file()
    except LOOKUP_ERRORS:
        found = False  # "~typo", a name over the file-name limit
    if not found:
        raise UsageProblem(f"{what} not found: {source}")
    return path


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
def forget(
    args: RepoAndId,
    json_out: JsonOpt = False,
) -> None:
    """Forget an item: a rule or note is archived (kept, never injected; `restore` brings it
    back); a topic or turn is removed."""
    repo, item_id = _split_repo(args, "ID")
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


# --- governing memory directly (docs/cli.md, "Governing memory") ----------------------------

RepoAndText = Annotated[
    list[str],
    typer.Argument(
        metavar="[REPO] TEXT",
        help="The repository (optional), the rule or note in your own words.",
    ),
]
LabelOpt = Annotated[
    str | None,
    typer.Option(
        "--label",
        "-l",
        metavar="LABEL",
        help="A short label (default: made from the text).",
        show_default=False,
    ),
]


def _change(action: ChangeAction, json_out: bool, run: Callable[[], MemoryChange]) -> MemoryChange:
    """Run one change; a refusal is one error line (and, with --json, the refused change)."""
    try:
        return run()
    except ChangeRejectedError as exc:
        if json_out:
            refused = MemoryChange(
                action=action, outcome=ChangeOutcome.REJECTED, reason=exc.reason, detail=str(exc)
            )
            console.json(refused.model_dump(mode="json"))
        raise CommandFailed(refusal(action, exc.reason, str(exc))) from None


def _print_change(memory: ProjectMemory, change: MemoryChange, json_out: bool) -> None:
    if json_out:
        console.json(change.model_dump(mode="json"))
        return
    console.lines(render_change(change, labels=superseded_labels(memory, change)))


def _repo_id_and_text(args: list[str]) -> tuple[str | None, str, str]:
    """``[REPO] ID TEXT`` from variadic arguments."""
    if len(args) == 3:
        repo, item_id, text = args
    elif len(args) == 2:
        repo, (item_id, text) = None, args
        if _is_folder(item_id):
            raise UsageProblem(f"{item_id!r} is a folder: give the ID and the TEXT after it")
    else:
        raise UsageProblem(
            f"expected [REPO] ID TEXT, got {len(args)} arguments (quote a TEXT with spaces)"
        )
    if not text.strip():
        raise UsageProblem("TEXT is empty")
    return repo, item_id, _text_arg(text, "TEXT")


@command()
def remember(
    args: RepoAndText,
    note: Annotated[
        bool, typer.Option("--note", help="A project note (a fact about the project), not a rule.")
    ] = False,
    label: LabelOpt = None,
    json_out: JsonOpt = False,
) -> None:
    """Remember a rule (or with --note a project note) in your own words; a new rule
    supersedes the older one on the same subject."""
    repo, text = _split_repo(args, "TEXT")
    if label is not None:
        _text_arg(label, "--label")
    root = resolve_repo(repo)
    kind = LongTermType.PROJECT_NOTE if note else LongTermType.DURABLE_PREFERENCE
    with offline_memory(root) as memory:
        change = _change(
            ChangeAction.REMEMBER,
            json_out,
            lambda: memory.remember(text, kind=kind, label=label),
        )
        _print_change(memory, change, json_out)


@command()
def edit(
    args: Annotated[
        list[str],
        typer.Argument(
            metavar="[REPO] ID TEXT",
            help="The repository (optional), the item id, its new text.",
        ),
    ],
    label: LabelOpt = None,
    json_out: JsonOpt = False,
) -> None:
    """Rewrite a rule or note in your own words (the same checks as remember)."""
    repo, item_id, text = _repo_id_and_text(args)
    if label is not None:
        _text_arg(label, "--label")
    root = resolve_repo(repo)
    with offline_memory(root) as memory:
        change = _change(
            ChangeAction.EDIT, json_out, lambda: memory.edit(item_id, text, label=label)
        )
        _print_change(memory, change, json_out)


@command()
def restore(
    args: RepoAndId,
    json_out: JsonOpt = False,
) -> None:
    """Bring an archived rule or note back (a forgotten one, an old text of an edited one,
    or one from the cold archive)."""
    repo, item_id = _split_repo(args, "ID")
    root = resolve_repo(repo)
    with offline_memory(root) as memory:
        change = _change(ChangeAction.RESTORE, json_out, lambda: memory.restore(item_id))
        _print_change(memory, change, json_out)


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
    repo, text = _split_repo(args, "TEXT")
    root = resolve_repo(repo)
    with offline_memory(root) as memory:
        hits = memory.search(text, include_archived=include_archived)
    if json_out:
        console.json([hit.model_dump(mode="json") for hit in hits])
        return
    console.lines(render_hits(hits))


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
    with offline_memory(root) as memory:
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
        raise CommandFailed(f"could not write {output}: {_os_error_text(exc)}") from None
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
    repo, source = _split_repo(args, "FILE")
    root = resolve_repo(repo)
    path = _source_file(source, "import file")
    if path is None:
        data = _stdin_bytes(limits.IMPORT_MAX_BYTES + 1)
    else:
        with path.open("rb") as handle:
            data = handle.read(limits.IMPORT_MAX_BYTES + 1)
    with offline_memory(root) as memory:
        try:
            report = memory.import_items(data, format=format, dry_run=dry_run, take_as=take_as)
        except ChangeRejectedError as exc:
            raise CommandFailed(refusal(ChangeAction.IMPORT, exc.reason, str(exc))) from None
    if json_out:
        console.json(report.model_dump(mode="json"))
        return
    console.lines(render_import(report))


@command()
def mcp(repo: RepoArg = None) -> None:
    """Serve this repository's memory to a coding agent over MCP (stdio); see docs/mcp.md."""
    from .mcp_server import serve

    root = resolve_repo(repo)
    serve(root, MemorySettings.from_env(root))


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
    with offline_memory(root) as memory:
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
def log(
    repo: RepoArg = None,
    last: Annotated[
        int,
        typer.Option("-n", "--last", min=1, metavar="N", help="How many of the newest entries."),
    ] = limits.LOG_DEFAULT_ENTRIES,
    json_out: JsonOpt = False,
) -> None:
    """Show the journal: what changed, what was rejected and why."""
    root = resolve_repo(repo)
    with offline_memory(root) as memory:
        entries = memory.journal_entries(last=last)
    if json_out:
        console.json([entry.model_dump(mode="json") for entry in entries])
        return
    console.lines(render_journal(entries))


@command()
def demo() -> None:
    """Run an offline walk-through on a bundled demo repository (a temporary copy)."""
    from .demo import run_demo

    code = run_demo(console)
    if code != EXIT_OK:
        raise typer.Exit(code)


def main() -> None:
    """Console-script entry point."""
    for stream in (sys.stdout, sys.stderr):
        # A pipe with a legacy encoding must not turn a Chinese answer into a crash.
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="replace")
    app(prog_name=PROG_NAME)
