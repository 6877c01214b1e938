"""The repository's state folder, and reading files in it without following links.

Everything this library writes lives in ``<repo>/.autopatch-j/``. A cloned repo
could carry that folder, or a file in it, as a symbolic link to anywhere; the
helpers here refuse to follow such links, so memory is only ever read and
written inside the repository itself.
"""

from __future__ import annotations

import errno
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


# O_NONBLOCK: opening a FIFO planted where a file should be must not hang the
# caller (a FIFO opened for reading blocks until a writer appears). Windows has
# neither flag; it has no FIFOs in the file system either.
_READ_FLAGS = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)


def read_no_follow(path: Path, *, max_bytes: int | None = None) -> bytes:
    """The bytes of the regular file ``path``, never following a link or blocking.

    Raises ``FileNotFoundError`` when there is no file, and ``OSError`` when it is
    a symbolic link (ELOOP), not a regular file (a FIFO, a device, a folder:
    EINVAL) or larger than ``max_bytes`` (EFBIG) — checked before reading, so an
    absurd file costs one ``fstat``.
    """
    fd = os.open(path, _READ_FLAGS)
    with os.fdopen(fd, "rb") as fh:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise OSError(errno.EINVAL, "not a regular file", str(path))
        if max_bytes is not None and info.st_size > max_bytes:
            raise OSError(
                errno.EFBIG, f"{info.st_size} bytes, more than {max_bytes} expected", str(path)
            )
        data = fh.read() if max_bytes is None else fh.read(max_bytes + 1)
        if max_bytes is not None and len(data) > max_bytes:  # grew while we read
            raise OSError(errno.EFBIG, f"more than {max_bytes} bytes", str(path))
        return data
