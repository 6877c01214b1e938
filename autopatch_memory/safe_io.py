"""The repository's state folder, and reading files in it without following links.

Everything this library writes lives in ``<repo>/.autopatch-j/``. A cloned repo
could carry that folder, or a file in it, as a symbolic link to anywhere; the
helpers here refuse to follow such links, so memory is only ever read and
written inside the repository itself.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from autopatch_memory.errors import StoreError

STATE_DIR_NAME = ".autopatch-j"


def state_dir(repo_root: str | os.PathLike[str]) -> Path:
    """``<repo>/.autopatch-j`` (not created)."""
    return Path(repo_root) / STATE_DIR_NAME


def check_state_dir(folder: Path) -> None:
    """Raise :class:`StoreError` when ``folder`` exists but is a link or not a folder."""
    try:
        mode = os.lstat(folder).st_mode
    except FileNotFoundError:
        return
    except OSError as exc:
        raise StoreError(f"cannot inspect {folder}: {exc.strerror or exc}") from exc
    if stat.S_ISLNK(mode):
        raise StoreError(f"{folder} is a symbolic link; refusing to follow it")
    if not stat.S_ISDIR(mode):
        raise StoreError(f"{folder} is not a folder")


def ensure_state_dir(folder: Path) -> None:
    """Create ``folder`` if needed; refuse a link or a non-folder (:class:`StoreError`)."""
    check_state_dir(folder)
    try:
        folder.mkdir(exist_ok=True)
    except OSError as exc:
        raise StoreError(f"cannot create {folder}: {exc.strerror or exc}") from exc


def read_no_follow(path: Path) -> bytes:
    """The bytes of ``path``; a symbolic link raises ``OSError`` (ELOOP) instead of
    being followed. ``FileNotFoundError`` when there is no file."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    with os.fdopen(fd, "rb") as fh:
        return fh.read()
