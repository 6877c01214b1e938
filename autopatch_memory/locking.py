"""The cross-process lock of one lock file, safe for threads too (docs/file-format.md).

On POSIX the lock is ``fcntl.flock`` on a descriptor this object keeps open: taking
and releasing it costs two system calls, where opening the file every time (as
``filelock`` does) costs ten times more on the write path. Elsewhere (Windows)
``filelock.FileLock`` is the portable fallback. Both lock the same way on POSIX
(``flock`` on the lock file), so this lock also excludes ``filelock`` holders, such as
``doctor``'s probe and earlier versions of this program.

A kept descriptor has two hazards, both handled here:

* the lock file can be deleted or replaced while it is kept open (``purge`` deletes
  the folder): a lock taken on a file no longer at the path excludes nobody, so
  after every acquisition the descriptor's file is checked against the path, and
  a stale one is reopened;
* a forked child inherits the descriptor, and ``flock`` locks belong to the open
  file, shared with the parent: a child always opens its own.

``flock`` excludes other *open files*, not other threads using the same one, so the
object also holds a thread lock for as long as it holds the file lock.
"""

from __future__ import annotations

import errno
import os
import stat
import threading
import time
import weakref
from contextlib import suppress
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING

from autopatch_memory import limits
from autopatch_memory.errors import LockTimeoutError, StoreError
from autopatch_memory.safe_io import check_regular_or_absent, check_single_link, store_error

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

if TYPE_CHECKING:
    from filelock import FileLock

# Whether ``flock`` is there; tests set it to False to run the portable fallback.
FLOCK_AVAILABLE = fcntl is not None

# This process's id, kept up to date across fork (os.getpid() is a system call).
_pid = os.getpid()


def _forked() -> None:
    global _pid
    _pid = os.getpid()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forked)


def process_id() -> int:
    """This process's id (cached; a forked child gets its own)."""
    return _pid


_OPEN_FLAGS = (
    os.O_RDWR
    | os.O_CREAT
    | getattr(os, "O_NOFOLLOW", 0)
    | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_CLOEXEC", 0)
)


class ProcessLock:
    """An exclusive lock on ``path``, across processes and across threads.

    Use as a context manager, or :meth:`acquire` / :meth:`release`. Raises
    :class:`LockTimeoutError` after ``timeout`` seconds of waiting,
    :class:`StoreError` when the lock file cannot be used (a link, not a regular
    file, no permission, any other error of the OS), and ``FileNotFoundError`` when
    its folder is missing (the caller creates the folder and tries again).
    """

    def __init__(
        self, path: Path, *, timeout: float | None = None, poll_interval: float | None = None
    ) -> None:
        """``timeout`` and ``poll_interval`` default to ``LOCK_TIMEOUT_SECONDS`` and
        ``LOCK_POLL_SECONDS`` (read at each acquisition)."""
        self.path = path
        self._timeout_setting = timeout
        self._poll_setting = poll_interval
        self.portable = not FLOCK_AVAILABLE
        self._thread_lock = threading.Lock()
        self._held = _Descriptor()
        # Closed with the object (and at exit), not left to the garbage collector's order.
        weakref.finalize(self, self._held.close)
        self._fallback: FileLock | None = None
        if self.portable:
            # Imported here: filelock is slow to import, and only a system without
            # flock needs it.
            from filelock import FileLock

            self._fallback = FileLock(str(path))

    @property
    def timeout(self) -> float:
        """Seconds to wait for the lock before :class:`LockTimeoutError`."""
        setting = self._timeout_setting
        return limits.LOCK_TIMEOUT_SECONDS if setting is None else setting

    @property
    def poll_interval(self) -> float:
        """Seconds between two tries while another process holds the lock."""
        setting = self._poll_setting
        return limits.LOCK_POLL_SECONDS if setting is None else setting

    def __enter__(self) -> ProcessLock:
        self.acquire()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.release()

    def acquire(self) -> None:
        """Wait for the lock (see the class docstring for what is raised)."""
        deadline = time.monotonic() + self.timeout
        if not self._thread_lock.acquire(timeout=self.timeout):
            raise self._timeout()
        try:
            if self._fallback is not None:
                self._acquire_portable()
            else:
                self._acquire_flock(deadline)
        except FileNotFoundError:
            self._thread_lock.release()
            raise  # no folder: the caller creates it and tries again
        except OSError as exc:
            self._thread_lock.release()
            raise store_error(f"cannot lock {self.path}", exc) from exc
        except BaseException:
            self._thread_lock.release()
            raise

    def release(self) -> None:
        """Release the lock (the descriptor stays open for the next time)."""
        try:
            if self._fallback is not None:
                with suppress(FileNotFoundError):  # purge deleted the lock file under us
                    self._fallback.release()
            elif self._held.fd is not None and fcntl is not None:
                with suppress(OSError):
                    fcntl.flock(self._held.fd, fcntl.LOCK_UN)
        finally:
            self._thread_lock.release()

    # -- flock ---------------------------------------------------------------------

    def _acquire_flock(self, deadline: float) -> None:
        assert fcntl is not None
        while True:
            fd = self._descriptor()
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    raise self._timeout() from None
                time.sleep(self.poll_interval)
                continue
            except OSError as exc:
                raise store_error(f"cannot lock {self.path}", exc) from exc
            if self._still_at_path():
                return
            # Deleted or replaced meanwhile: this lock excludes nobody. Start over
            # on the file now at the path.
            with suppress(OSError):
                fcntl.flock(fd, fcntl.LOCK_UN)
            self._held.close()

    def _descriptor(self) -> int:
        held = self._held
        if held.fd is not None and held.pid == _pid:
            return held.fd
        if held.fd is not None:
            # Inherited through fork: the parent's open file, and its lock, are not
            # ours. Closing our copy leaves the parent's lock alone.
            with suppress(OSError):
                os.close(held.fd)
            held.fd = None
        try:
            fd = os.open(self.path, _OPEN_FLAGS, limits.FILE_MODE)
        except FileNotFoundError:
            raise
        except OSError as exc:
            if exc.errno == errno.ELOOP:
                raise StoreError(f"cannot lock {self.path}: a symbolic link") from exc
            raise store_error(f"cannot lock {self.path}", exc) from exc
        try:
            found = os.fstat(fd)
            if not stat.S_ISREG(found.st_mode):
                raise StoreError(f"cannot lock {self.path}: not a regular file")
            check_single_link(self.path, found)
        except OSError as exc:
            with suppress(OSError):
                os.close(fd)
            raise store_error(f"cannot lock {self.path}", exc) from exc
        except BaseException:
            with suppress(OSError):
                os.close(fd)
            raise
        held.fd, held.pid, held.file = fd, _pid, (found.st_dev, found.st_ino)
        return fd

    def _still_at_path(self) -> bool:
        try:
            now = os.lstat(self.path)
        except FileNotFoundError:
            return False
        except OSError as exc:
            raise store_error(f"cannot lock {self.path}", exc) from exc
        return self._held.file == (now.st_dev, now.st_ino)

    # -- the portable fallback -----------------------------------------------------------

    def _acquire_portable(self) -> None:
        assert self._fallback is not None
        from filelock import Timeout  # loaded with FileLock in __init__

        # filelock opens the file itself, and older releases follow links.
        check_regular_or_absent(self.path)
        if not self.path.parent.is_dir():
            raise FileNotFoundError(errno.ENOENT, "no folder for the lock file", str(self.path))
        try:
            self._fallback.acquire(timeout=self.timeout, poll_interval=self.poll_interval)
        except Timeout as exc:
            raise self._timeout() from exc
        except OSError as exc:
            raise store_error(f"cannot lock {self.path}", exc) from exc

    def _timeout(self) -> LockTimeoutError:
        return LockTimeoutError(
            f"another process held {self.path} for more than {self.timeout:g} s"
        )


class _Descriptor:
    """The descriptor a :class:`ProcessLock` keeps open: which process opened it, and
    the file it is open on."""

    __slots__ = ("fd", "file", "pid")

    def __init__(self) -> None:
        self.fd: int | None = None
        self.pid = 0
        self.file = (0, 0)  # (st_dev, st_ino)

    def close(self) -> None:
        fd, self.fd = self.fd, None
        if fd is not None and self.pid == _pid:
            with suppress(OSError):
                os.close(fd)
