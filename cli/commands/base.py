"""What every command shares: the console, the exit codes, the one place where
exceptions become exit codes and one-line messages, and opening a repository's memory.

The library's exceptions are translated in exactly one place, :func:`translated_errors`,
which every command runs inside (:func:`command`). Set ``AUTOPATCH_MEMORY_DEBUG=1`` to
let an unexpected exception (a bug) show its traceback instead of the one-line
``internal error``.
"""

from __future__ import annotations

import errno
import functools
import os
import threading
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from autopatch_memory import AutopatchMemoryError, ChangeRejectedError, UnknownIntentError

from ..console import Console
from ..failures import take_last_error
from ..repo import RepoNotFoundError

if TYPE_CHECKING:
    # Types only. The facade, its models and the views load when a command opens memory
    # or shows a change, not with this module: a command's own `--help` and a usage
    # error load none of them.
    from autopatch_memory import (
        BackendSpec,
        ChangeAction,
        MemoryChange,
        MemoryEvent,
        MemorySettings,
        ProjectMemory,
    )

__all__ = [
    "DEBUG_ENV",
    "EXIT_FAILURE",
    "EXIT_INTERRUPTED",
    "EXIT_OK",
    "EXIT_USAGE",
    "Command",
    "CommandFailed",
    "FileNotices",
    "UsageProblem",
    "command",
    "console",
    "file_notice",
    "note_degraded",
    "note_profile_failure",
    "offline_memory",
    "opened",
    "os_error_text",
    "print_change",
    "run_change",
    "settings_for",
    "translated_errors",
]

DEBUG_ENV = "AUTOPATCH_MEMORY_DEBUG"
EXIT_OK = 0
EXIT_FAILURE = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130

console = Console()


# --- errors ---------------------------------------------------------------------------


class UsageProblem(Exception):
    """The command was called wrongly (exit 2)."""


class CommandFailed(Exception):
    """The command could not do its job for a reason it detected itself (exit 1)."""


def os_error_text(exc: OSError) -> str:
    """An OS error as the end of one line: its reason and the file it names."""
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
        console.interrupt_reported = True
        raise typer.Exit(EXIT_INTERRUPTED) from None
    except OSError as exc:
        if exc.errno == errno.EPIPE:
            raise  # typer quiets a closed pipe (`… | head`) by itself
        console.error(os_error_text(exc))
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


@dataclass(frozen=True)
class Command:
    """A command of the program: its name on the command line (``None``: the function's
    name) and the function typer calls, which runs inside :func:`translated_errors`."""

    name: str | None
    run: Callable[..., Any]


def command(*, name: str | None = None) -> Callable[[Callable[..., Any]], Command]:
    """Make ``fn`` a command that runs inside :func:`translated_errors`
    (``cli/registry.py`` lists it)."""

    def wrap(fn: Callable[..., Any]) -> Command:
        @functools.wraps(fn)
        def run(*args: Any, **kwargs: Any) -> Any:
            with translated_errors():
                return fn(*args, **kwargs)

        return Command(name=name, run=run)

    return wrap


# --- a change of memory ---------------------------------------------------------------------


def run_change(
    action: ChangeAction, json_out: bool, run: Callable[[], MemoryChange]
) -> MemoryChange:
    """Run one change; a refusal is one error line (and, with --json, the refused change)."""
    try:
        return run()
    except ChangeRejectedError as exc:
        from autopatch_memory import ChangeOutcome, MemoryChange

        from ..render import refusal

        if json_out:
            refused = MemoryChange(
                action=action, outcome=ChangeOutcome.REJECTED, reason=exc.reason, detail=str(exc)
            )
            console.json(refused.model_dump(mode="json"))
        raise CommandFailed(refusal(action, exc.reason, str(exc))) from None


def print_change(memory: ProjectMemory, change: MemoryChange, json_out: bool) -> None:
    """A change as JSON, or as lines (with the labels of the rules it superseded)."""
    from ..render import render_change, superseded_labels

    if json_out:
        console.json(change.model_dump(mode="json"))
        return
    console.lines(render_change(change, labels=superseded_labels(memory, change)))


# --- the memory of a repository -----------------------------------------------------------


def file_notice(event: MemoryEvent, folder: Path) -> str | None:
    """The one line that tells the user a write set the memory file aside: what was kept
    and where the original is (None for any other event)."""
    from autopatch_memory import EventKind

    # What a write did to a memory file it could not use as it was (the event's detail
    # says what was kept); the original's name is then written out as a full path.
    set_aside = {
        EventKind.FILE_MOVED_ASIDE: "was damaged",
        EventKind.FILE_SALVAGED: "had invalid parts",
    }
    what = set_aside.get(event.kind)
    if what is None or event.target is None:
        return None
    original = str(folder / event.target)
    detail = event.detail or ""
    if f"the original is {event.target}" in detail:
        detail = detail.replace(f"the original is {event.target}", f"the original is {original}")
    else:
        detail = (
            f"{detail}; the original is {original}" if detail else f"the original is {original}"
        )
    return f"memory: the memory file {what}: {detail} (`doctor` shows more)"


class FileNotices:
    """Tells the user, on stderr, when a write of this command set the memory file aside.

    On the main thread the line is printed at once; a background summary's write (in
    ``chat``) is told when the command ends, not in the middle of the prompt."""

    def __init__(self, folder: Path) -> None:
        self._folder = folder
        self._later: list[str] = []
        self._lock = threading.Lock()

    def __call__(self, event: MemoryEvent) -> None:
        line = file_notice(event, self._folder)
        if line is None:
            return
        if threading.current_thread() is threading.main_thread():
            console.note(line)
        else:
            with self._lock:
                self._later.append(line)

    def flush(self) -> None:
        """Print what a background write set aside."""
        with self._lock:
            later, self._later = self._later, []
        for line in later:
            console.note(line)


def settings_for(root: Path | None, model: str | None = None) -> MemorySettings:
    """The configuration of ``root`` the command-line way; ``model``: ``-m/--model``, over
    every other source (as ``AUTOPATCH_LLM_MODEL`` would be)."""
    from autopatch_memory import MemorySettings

    return MemorySettings.from_env(root, {"model": model} if model is not None else None)


@contextmanager
def opened(
    root: Path,
    *,
    backend: BackendSpec,
    refresh_profile: bool,
    finish_summaries: bool = False,
    settings: MemorySettings | None = None,
    writes: bool = True,
) -> Iterator[ProjectMemory]:
    """Open the memory of ``root`` and always close it.

    ``finish_summaries``: a command that recorded a turn waits once, visibly and
    bounded, for the summary run it may have triggered (:func:`cli.closing.finish`);
    otherwise the process would exit before the background worker got to it.
    ``settings``: the configuration the caller already read (else read here when needed).
    ``writes``: the command may write, so a memory file its write sets aside is told
    (:class:`FileNotices`); a command that only reads does not listen, and reads the
    file once.
    """
    from autopatch_memory import MEMORY_DIR_NAME, BackendChoice, ProjectMemory

    from ..closing import finish

    # Configuration (environment, files) is read only when the backend comes from it.
    from_config = backend is None or backend in (BackendChoice.AUTO, BackendChoice.OPENAI)
    if settings is None and from_config:
        settings = settings_for(root)
    notices = FileNotices(root / MEMORY_DIR_NAME)
    memory = ProjectMemory.open(
        root,
        backend=backend,
        settings=settings if from_config else None,
        collect_profile=refresh_profile,
        on_event=notices if writes else None,
    )
    try:
        yield memory
    except BaseException:
        memory.close(wait=False)  # failing or interrupted: drop work in flight
        notices.flush()
        raise
    finish(memory, console, wait=finish_summaries)
    notices.flush()


def offline_memory(root: Path, *, writes: bool = True) -> AbstractContextManager[ProjectMemory]:
    """The memory of ``root`` for a command that reads or maintains it: no summary
    backend (nothing is summarized, no model called, no configuration read) and no
    profile collection, so the command does only what it was asked. ``writes``: as
    for :func:`opened`."""
    return opened(root, backend="off", refresh_profile=False, writes=writes)


def note_degraded(messages: list[str]) -> None:
    """One dim line for the memory failures the command survived (none: nothing)."""
    console.degraded(messages)


def note_profile_failure(memory: ProjectMemory) -> None:
    """Tell the failure memory degraded on while opening (collecting the profile), once."""
    note_degraded(take_last_error(memory))
