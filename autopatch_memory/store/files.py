"""The store's files in ``.autopatch-j/``: their names, reading the memory file,
backups, the atomic durable write and the sweep of temp files a crash left
(docs/file-format.md#files-next-to-it).

* A write is atomic and durable: a temp file in the same folder, written and
  fsynced, ``os.replace``d over the target, then the folder fsynced. A crash at
  any instant leaves the old file or the new one.
* A file the store cannot use as it is is kept before anything overwrites it: a
  salvaged file is copied (its secrets redacted), an unusable one moved aside byte
  for byte, readable by its owner only. Backups are never overwritten or deleted.
* Nothing is opened through a link or as anything but a regular file
  (:mod:`autopatch_memory.safe_io`).
"""

from __future__ import annotations

import errno
import itertools
import os
import stat
from contextlib import suppress
from pathlib import Path
from typing import NamedTuple

from autopatch_memory import limits
from autopatch_memory.ids import Clock
from autopatch_memory.locking import process_id
from autopatch_memory.safe_io import (
    STATE_DIR_NAME,
    create_no_follow,
    ensure_state_dir,
    read_no_follow,
    state_dir_stat,
    store_error,
    write_all,
)
from autopatch_memory.store.archive import COLD_ARCHIVE_FILES
from autopatch_memory.store.problems import LoadProblem, Unusable
from autopatch_memory.store.redaction import redacted_original

MEMORY_DIR_NAME = STATE_DIR_NAME
MEMORY_FILE_NAME = "memory.json"
LOCK_FILE_NAME = "memory.json.lock"
TEMP_PREFIX = ".memory.json."
TEMP_SUFFIX = ".tmp"
# Files the store sets aside instead of losing them (docs/file-format.md): never
# deleted by the program except by a purge.
BACKUP_PATTERNS: tuple[str, ...] = (
    "memory.corrupt*.json",
    "memory.v*.bak*.json",
    "memory.salvaged*.json",
    "memory.oversize*.json",
    "memory.reset*.json",
)
RESET_BACKUP_STEM = "memory.reset"
"""A reset writes the document it empties to ``memory.reset.<time>.json`` first."""
# Every file the store writes in the state folder (what a purge deletes).
STORE_FILES: tuple[str, ...] = (
    MEMORY_FILE_NAME,
    LOCK_FILE_NAME,
    f"{TEMP_PREFIX}*{TEMP_SUFFIX}",
    *BACKUP_PATTERNS,
    *COLD_ARCHIVE_FILES,
)

# Temp file names: unique in this process, and the pid keeps processes apart.
_TEMP_NAMES = itertools.count()


class KeptOriginal(NamedTuple):
    """What :meth:`StoreFiles.keep_original` did with a file about to be replaced."""

    op: str  # "salvage" (copied) or "recover" (moved aside)
    backup: Path
    redacted: bool  # the copy's secrets were redacted


class StoreFiles:
    """The memory file, its lock file, backups and temp files of one repository.

    Remembers what the write path checked (the folder exists, no temp file is left,
    whether new files need a chmod) so that it is not checked again on every write;
    :meth:`forget_checks` makes the next write check again.
    """

    def __init__(self, folder: Path, *, clock: Clock) -> None:
        self.folder = folder
        self.path = folder / MEMORY_FILE_NAME
        self.lock_path = folder / LOCK_FILE_NAME
        self._clock = clock
        self._folder_ready = False  # .autopatch-j/ was created or found
        self._swept_mtime: int | None = None  # the folder's mtime when it had no temp file
        self._fix_mode: bool | None = None  # whether new files need a chmod to FILE_MODE

    def forget_checks(self) -> None:
        """Check everything again at the next write (after a failed write, a purge)."""
        self._folder_ready = False
        self._swept_mtime = None
        self._fix_mode = None

    # -- the folder --------------------------------------------------------------------

    def folder_stat(self) -> os.stat_result | None:
        """The folder's own stat (``None``: no folder); :class:`StoreError` for a link."""
        return state_dir_stat(self.folder)

    def ensure_folder(self, *, again: bool = False) -> None:
        """Create the folder unless it was found before (``again``: check anyway)."""
        if again or not self._folder_ready:
            ensure_state_dir(self.folder)
            self._folder_ready = True

    # -- reading -------------------------------------------------------------------------

    def read(self) -> tuple[bytes | None, int | None, Unusable | None]:
        """The memory file's bytes, size and problem (``None, None, None``: no file).

        A file over :data:`~autopatch_memory.limits.MEMORY_FILE_MAX_READ_BYTES` is not
        read (``TOO_LARGE``). Raises :class:`StoreError` for anything but a readable
        regular file. The folder is not checked here.
        """
        cap = limits.MEMORY_FILE_MAX_READ_BYTES
        try:
            data = read_no_follow(self.path, max_bytes=cap, state=True)
        except FileNotFoundError:
            return None, None, None
        except OSError as exc:
            if exc.errno != errno.EFBIG:
                raise store_error(f"cannot read {self.path}", exc) from exc
            try:
                size: int | None = os.lstat(self.path).st_size
            except OSError:
                size = None
            why = (
                f"{size if size is not None else 'more than ' + str(cap)} bytes, far more than "
                f"the {limits.HARD_LIMIT_BYTES} this program ever writes: not read"
            )
            return None, size, Unusable(LoadProblem.TOO_LARGE, why)
        return data, len(data), None

    def modified_ns(self) -> int | None:
        """The memory file's modification time (``None``: no file, or not known)."""
        try:
            return os.lstat(self.path).st_mtime_ns
        except OSError:
            return None

    # -- writing -------------------------------------------------------------------------

    def sweep_temp_files(self, folder: os.stat_result | None) -> None:
        """Remove temp files a crashed write left, unless the folder is unchanged since
        the last sweep found none (its mtime moves when a file is created). Call it
        under the lock: nobody else is writing then."""
        if folder is None or folder.st_mtime_ns == self._swept_mtime:
            return
        removed = False
        with suppress(OSError):
            for entry in os.scandir(self.folder):
                if entry.name.startswith(TEMP_PREFIX) and entry.name.endswith(TEMP_SUFFIX):
                    _unlink_quietly(Path(entry.path))
                    removed = True
        self._swept_mtime = None if removed else folder.st_mtime_ns

    def replace_memory_file(self, data: bytes) -> None:
        """Write the memory file atomically and durably (the write path's last step)."""
        # Our own write is the folder's last change: no temp file is left in it.
        self._swept_mtime = self.atomic_write(self.path, data)

    def atomic_write(self, target: Path, data: bytes) -> int | None:
        """Write ``data`` to ``target`` atomically and durably; returns the folder's
        mtime afterwards (``None`` when unknown). Raises :class:`StoreError`."""
        tmp: Path | None = None
        try:
            fd, tmp = self._create_temp()
            try:
                write_all(fd, data)
                os.fsync(fd)
            finally:
                os.close(fd)
            os.replace(tmp, target)
        except OSError as exc:
            if tmp is not None:
                _unlink_quietly(tmp)
            self.forget_checks()
            raise store_error(f"cannot write {target}", exc) from exc
        except BaseException:
            if tmp is not None:
                _unlink_quietly(tmp)
            raise
        return self.fsync_folder()

    def _create_temp(self) -> tuple[int, Path]:
        """A new temp file in the folder, with mode ``FILE_MODE``, and its descriptor."""
        for _ in range(limits.TEMP_NAME_ATTEMPTS):
            path = self.folder / f"{TEMP_PREFIX}{process_id()}-{next(_TEMP_NAMES)}{TEMP_SUFFIX}"
            try:
                fd = create_no_follow(path, limits.FILE_MODE)
            except FileExistsError:
                continue  # left by a crashed process that had the same pid
            try:
                if self._fix_mode is None:  # once: does the umask leave FILE_MODE alone?
                    self._fix_mode = stat.S_IMODE(os.fstat(fd).st_mode) != limits.FILE_MODE
                if self._fix_mode:
                    os.chmod(path, limits.FILE_MODE)
            except BaseException:
                os.close(fd)
                _unlink_quietly(path)
                raise
            return fd, path
        raise FileExistsError(errno.EEXIST, "no free temp file name", str(self.folder))

    def fsync_folder(self) -> int | None:
        """Make the folder's entries durable; returns its mtime (``None`` when unknown)."""
        try:
            dir_fd = os.open(self.folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
        except OSError:
            return None  # platforms without directory fds: the replace is still atomic
        try:
            with suppress(OSError):
                os.fsync(dir_fd)
            return os.fstat(dir_fd).st_mtime_ns
        except OSError:
            return None
        finally:
            # The replace has landed: a descriptor that will not close must not make
            # the write look failed.
            with suppress(OSError):
                os.close(dir_fd)

    # -- backups -------------------------------------------------------------------------

    def keep_original(self, problem: Unusable, data: bytes | None) -> KeptOriginal:
        """Keep the memory file about to be replaced: a salvaged file (``data``) is
        copied, an unusable one moved aside. Raises :class:`StoreError`."""
        backup = self.backup_name(problem.backup_stem)
        if problem.kind is LoadProblem.SALVAGED and data is not None:
            # A copy: the file in place stays whole until the new one replaces it. It
            # passes the choke point too: a secret the file held in clear (another
            # program wrote it) must not outlive the write that redacts the file.
            kept, redacted = redacted_original(data)
            self.atomic_write(backup, kept)
            return KeptOriginal("salvage", backup, redacted)
        try:
            os.replace(self.path, backup)
        except OSError as exc:
            raise store_error(f"cannot back up {self.path} to {backup.name}", exc) from exc
        # Kept byte for byte (this version cannot read it, so it cannot tell what in
        # it is a secret): readable by its owner only (docs/privacy.md).
        with suppress(OSError):
            os.chmod(backup, limits.BACKUP_FILE_MODE)
        self.fsync_folder()
        return KeptOriginal("recover", backup, False)

    def backup_name(self, stem: str) -> Path:
        """A backup name that is not taken yet: backups are never overwritten."""
        candidate = self.folder / f"{stem}.json"
        stamp = self._clock().strftime("%Y%m%dT%H%M%S")
        n = 0
        while os.path.lexists(candidate):
            n += 1
            suffix = stamp if n == 1 else f"{stamp}-{n}"
            candidate = self.folder / f"{stem}.{suffix}.json"
        return candidate


def _unlink_quietly(path: Path) -> None:
    with suppress(OSError):
        path.unlink()
