"""Finding the repository a command works on.

Every command takes an optional ``REPO``; a folder given there is used as it is.
Without one, the repository is found from the current directory by
:func:`autopatch_memory.find_repo_root`: the outermost build (up to the VCS root)
that aggregates the current folder, else the VCS root (docs/cli.md).
"""

from __future__ import annotations

from pathlib import Path

from autopatch_memory import BUILD_FILES, REPO_MARKERS, find_repo_root

__all__ = [
    "BUILD_FILES",
    "LOOKUP_ERRORS",
    "REPO_MARKERS",
    "RepoNotFoundError",
    "discover_repo",
    "lookup_problem",
    "resolve_repo",
]

# What looking up a path the user typed can raise instead of answering: "~typo" of no
# such user (RuntimeError), a name over the file-name limit (OSError), a NUL (ValueError).
LOOKUP_ERRORS = (OSError, RuntimeError, ValueError)


def lookup_problem(exc: BaseException) -> str:
    """Why a lookup failed, in a few words (the system's message for an OSError)."""
    return exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)


class RepoNotFoundError(Exception):
    """No repository could be found (a usage problem: the user must say which)."""


def discover_repo(start: Path) -> Path | None:
    """The repository root for a command run in ``start``, or ``None``."""
    return find_repo_root(start)


def resolve_repo(argument: str | Path | None, *, cwd: Path | None = None) -> Path:
    """The repository named by ``argument``, or discovered from ``cwd``.

    Raises :class:`RepoNotFoundError` with a one-sentence explanation when the
    named folder does not exist or nothing was found.
    """
    if argument is not None and str(argument) != "":
        try:
            path = Path(argument).expanduser()
            exists, is_dir = path.exists(), path.is_dir()
        except LOOKUP_ERRORS as exc:
            why = lookup_problem(exc)
            raise RepoNotFoundError(f"repository folder not found: {argument} ({why})") from None
        if not exists:
            raise RepoNotFoundError(f"repository folder not found: {path}")
        if not is_dir:
            raise RepoNotFoundError(f"not a folder: {path}")
        return path.resolve()
    here = (cwd or Path.cwd()).resolve()
    found = discover_repo(here)
    if found is None:
        markers = ", ".join(REPO_MARKERS)
        raise RepoNotFoundError(
            f"no repository found in {here} or its parents (looked for {markers}); "
            "run inside a repository or pass REPO"
        )
    return found
