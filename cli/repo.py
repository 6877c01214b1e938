"""Finding the repository a command works on (SPEC §11).

Every command takes an optional ``REPO``. Without one, the repository is found
from the current directory: walk up to the nearest folder holding ``.git`` or a
build file (``pom.xml``, ``build.gradle[.kts]``, ``settings.gradle[.kts]``).

A module folder of a multi-module build has its own ``pom.xml``; running a
command from ``api/src/main/java`` must still find the root of the build, not
the ``api`` module (its memory would be a separate file nobody looks at). So
from the nearest build folder the walk keeps climbing while the parent folder is
part of the same build (it holds a build file), and stops at a ``.git`` folder.
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["BUILD_FILES", "REPO_MARKERS", "RepoNotFoundError", "discover_repo", "resolve_repo"]

VCS_MARKER = ".git"
BUILD_FILES: tuple[str, ...] = (
    "pom.xml",
    "build.gradle",
    "build.gradle.kts",
    "settings.gradle",
    "settings.gradle.kts",
)
REPO_MARKERS: tuple[str, ...] = (VCS_MARKER, *BUILD_FILES)


class RepoNotFoundError(Exception):
    """No repository could be found (a usage problem: the user must say which)."""


def _has_any(folder: Path, names: tuple[str, ...]) -> bool:
    # `.git` may be a file (worktrees, submodules): existence is what counts.
    return any((folder / name).exists() for name in names)


def discover_repo(start: Path) -> Path | None:
    """The repository root for a command run in ``start``, or ``None``."""
    folder = start.resolve()
    nearest = next((f for f in (folder, *folder.parents) if _has_any(f, REPO_MARKERS)), None)
    if nearest is None:
        return None
    root = nearest
    while not _has_any(root, (VCS_MARKER,)):
        parent = root.parent
        if parent == root or not _has_any(parent, REPO_MARKERS):
            break
        root = parent
    return root


def resolve_repo(argument: str | Path | None, *, cwd: Path | None = None) -> Path:
    """The repository named by ``argument``, or discovered from ``cwd``.

    Raises :class:`RepoNotFoundError` with a one-sentence explanation when the
    named folder does not exist or nothing was found.
    """
    if argument is not None and str(argument) != "":
        path = Path(argument).expanduser()
        if not path.exists():
            raise RepoNotFoundError(f"repository folder not found: {path}")
        if not path.is_dir():
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
