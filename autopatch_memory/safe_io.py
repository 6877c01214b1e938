"""The repository's state folder, files in it opened without following links, and
the one boundary where the OS errors of the store, the lock and the journal become
the library's own.

Everything this library writes lives in ``<repo>/.autopatch-j/``. A cloned repo
could carry that folder, or a file in it, as a symbolic link to anywhere, or as a
FIFO or device that blocks whoever opens it; the helpers here refuse to follow
such links and open regular files only, without blocking, so memory is only ever
read and written inside the repository itself. A state file with more than one
hard link (``st_nlink > 1``: another name for it may be anywhere on the same file
system, outside the repository too) is refused as well: nothing is read or written
through it.

:func:`os_errors` is the boundary: every public method of the store, the journal
and the lock runs inside it, so whatever system call fails underneath (an
``fstat`` of the lock's descriptor, the ``close`` of a folder after its fsync, a
full disk, a read-only file system, a name too long), the caller sees a
:class:`~autopatch_memory.errors.StoreError` that says what was being done, never
a raw ``OSError`` (docs/errors.md).
"""

from __future__ import annotations

import errno
import os
import stat
from contextlib import ContextDecorator, suppress
from dataclasses import dataclass
from fnmatch import fnmatch
from pathlib import Path
from types import TracebackType

from autopatch_memory import limits
from autopatch_memory.errors import StoreError

STATE_DIR_NAME = ".autopatch-j"
GITIGNORE_NAME = ".gitignore"
# Written when the folder is created, as pytest does for its cache: the folder holds
# the user's questions and never belongs in a commit (docs/file-format.md).
GITIGNORE_TEXT = "# Created by autopatch-memory automatically.\n*\n"

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
# Where the system has O_NOFOLLOW (Linux, macOS, the BSDs) the open itself refuses a
# link. Elsewhere (Windows) the same guarantee comes from looking first and checking
# after: the name is not a link before the open, and after it still names the file
# that was opened (see _open_regular). Tests force the fallback through this flag.
KERNEL_REFUSES_LINKS: bool = _NOFOLLOW != 0
# A Windows reparse point that stands for another path (a symbolic link, a junction)
# sets this bit of its tag; other reparse points (cloud placeholders) are plain files.
_NAME_SURROGATE = 0x20000000
# O_NONBLOCK: opening a FIFO planted where a file should be must not hang the
# caller (a FIFO opened for reading blocks until a writer appears, and for writing
# until a reader does). Windows has neither flag; it has no FIFOs in the file system.
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
# Windows opens descriptors in text mode (newline translation) unless told otherwise.
_BINARY = getattr(os, "O_BINARY", 0)
_READ_FLAGS = os.O_RDONLY | _NOFOLLOW | _NONBLOCK | _BINARY
# Read and write: an append first reads the file's last byte (see append_lines).
_APPEND_FLAGS = os.O_RDWR | os.O_CREAT | os.O_APPEND | _NOFOLLOW | _NONBLOCK | _BINARY
_CREATE_NEW_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _BINARY


def os_error_text(exc: OSError) -> str:
    """An OS error in plain words, with its code: ``No space left on device (ENOSPC)``."""
    code = errno.errorcode.get(exc.errno) if isinstance(exc.errno, int) else None
    text = exc.strerror or str(exc) or type(exc).__name__
    return f"{text} ({code})" if code else text


def store_error(action: str, exc: OSError) -> StoreError:
    """The :class:`StoreError` of ``exc`` raised while doing ``action`` ("cannot lock X")."""
    return StoreError(f"{action}: {os_error_text(exc)}")


class OsErrorBoundary(ContextDecorator):
    """An ``OSError`` raised inside leaves as a :class:`StoreError` saying what was being
    done; anything else passes unchanged. See :func:`os_errors`."""

    __slots__ = ("action",)

    def __init__(self, action: str) -> None:
        self.action = action

    def __enter__(self) -> None:
        return None

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if isinstance(exc, OSError):
            raise store_error(self.action, exc) from exc


def os_errors(action: str) -> OsErrorBoundary:
    """The one boundary of OS errors of the state folder, as a decorator or a ``with``
    block: ``@os_errors("cannot write the journal")``."""
    return OsErrorBoundary(action)


def is_link(found: os.stat_result) -> bool:
    """Whether an ``lstat`` result is a link to another path: a symbolic link, or on
    Windows any reparse point that stands for another path (a directory junction too)."""
    if stat.S_ISLNK(found.st_mode):
        return True
    return bool(getattr(found, "st_reparse_tag", 0) & _NAME_SURROGATE)


def state_dir(repo_root: str | os.PathLike[str]) -> Path:
    """``<repo>/.autopatch-j`` (not created)."""
    return Path(repo_root) / STATE_DIR_NAME


def check_state_dir(folder: Path) -> bool:
    """Whether ``folder`` exists; raise :class:`StoreError` when it is a link or not a folder."""
    return state_dir_stat(folder) is not None


def state_dir_stat(folder: Path) -> os.stat_result | None:
    """``folder``'s own stat (``None`` when it does not exist), as :func:`check_state_dir`
    checks it."""
    try:
        found = os.lstat(folder)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise store_error(f"cannot inspect {folder}", exc) from exc
    if is_link(found):
        raise StoreError(f"{folder} is a symbolic link; refusing to follow it")
    if not stat.S_ISDIR(found.st_mode):
        raise StoreError(f"{folder} is not a folder")
    return found


def ensure_state_dir(folder: Path) -> None:
    """Create ``folder`` if needed; refuse a link or a non-folder (:class:`StoreError`).

    A folder created here gets a ``.gitignore`` holding ``*``, so it never shows in
    ``git status``.
    """
    if check_state_dir(folder):
        return
    try:
        folder.mkdir()
    except FileExistsError:
        check_state_dir(folder)  # created meanwhile: by another process, or planted
        return
    except OSError as exc:
        raise store_error(f"cannot create {folder}", exc) from exc
    _write_gitignore(folder / GITIGNORE_NAME)


def _write_gitignore(path: Path) -> None:
    # Best effort: memory works without it; never replace a file someone put there.
    try:
        fd = os.open(path, _CREATE_NEW_FLAGS, 0o644)
    except OSError:
        return
    with suppress(OSError):
        try:
            os.write(fd, GITIGNORE_TEXT.encode("utf-8"))
        finally:
            os.close(fd)


def check_regular_or_absent(path: Path) -> None:
    """Raise :class:`StoreError` when the state file ``path`` exists but is not a
    regular file, or has another hard link.

    For files opened by third-party code (the lock file): older ``filelock``
    releases open it with ``O_TRUNC`` and follow links, so a planted link would
    truncate whatever it points to.
    """
    try:
        found = os.lstat(path)
    except FileNotFoundError:
        return
    except OSError as exc:
        raise store_error(f"cannot inspect {path}", exc) from exc
    if is_link(found) or not stat.S_ISREG(found.st_mode):
        kind = "a symbolic link" if is_link(found) else "not a regular file"
        raise StoreError(f"{path} is {kind}; refusing to open it")
    check_single_link(path, found)


def check_single_link(path: Path, found: os.stat_result) -> None:
    """Raise :class:`StoreError` when the state file ``path`` (its stat ``found``) has
    more than one hard link: another name for it may be outside the repository."""
    if found.st_nlink > 1:
        raise StoreError(
            f"{path} is a hard link ({found.st_nlink} names for one file, one may be "
            "outside the repository); refusing to read or write through it"
        )


def _open_regular(
    path: Path, flags: int, mode: int = 0o777, *, state: bool = False
) -> tuple[int, os.stat_result]:
    """A descriptor of the regular file ``path`` opened with ``flags`` (which never
    follow a link), and its stat; anything but a regular file is refused (EINVAL),
    and a ``state`` file with another hard link too (:class:`StoreError`). A link is
    refused (ELOOP) by the open itself, or without O_NOFOLLOW by :func:`_unlinked_open`."""
    try:
        if KERNEL_REFUSES_LINKS:
            fd = os.open(path, flags, mode)
        else:
            fd = _unlinked_open(path, flags & ~_NOFOLLOW, mode)
    except OSError as exc:
        if state and exc.errno == errno.ELOOP:
            raise StoreError(f"{path} is a symbolic link; refusing to follow it") from exc
        raise
    try:
        found = os.fstat(fd)
        if not stat.S_ISREG(found.st_mode):
            raise OSError(errno.EINVAL, "not a regular file", str(path))
        if state:
            check_single_link(path, found)
    except BaseException:
        with suppress(OSError):
            os.close(fd)
        raise
    return fd, found


def _refuse_link(path: Path) -> None:
    """ELOOP when ``path`` is a link (nothing when there is nothing at ``path``)."""
    try:
        found = os.lstat(path)
    except FileNotFoundError:
        return
    if is_link(found):
        raise OSError(errno.ELOOP, "a symbolic link", str(path))


def _unlinked_open(path: Path, flags: int, mode: int) -> int:
    """``os.open`` where the system has no O_NOFOLLOW: ``path`` is looked at first (a
    link is refused), and afterwards must still name the file that was opened, so a
    link swapped in between is refused too (ELOOP)."""
    _refuse_link(path)
    fd = os.open(path, flags, mode)
    try:
        _still_named(path, os.fstat(fd))
    except BaseException:
        with suppress(OSError):
            os.close(fd)
        raise
    return fd


def _still_named(path: Path, opened: os.stat_result) -> None:
    """ELOOP unless ``path`` still names the file ``opened``, and is not a link: a link
    swapped in between the look and the open is caught here."""
    try:
        now = os.lstat(path)
    except FileNotFoundError as exc:
        raise OSError(errno.ELOOP, "replaced while it was opened", str(path)) from exc
    if is_link(now) or (now.st_dev, now.st_ino) != (opened.st_dev, opened.st_ino):
        raise OSError(errno.ELOOP, "a symbolic link, or replaced while it was opened", str(path))


def open_no_follow(path: Path, *, state: bool = False) -> int:
    """A read-only descriptor of the regular file ``path``, never following a link
    (ELOOP) or blocking; anything but a regular file is refused (EINVAL), and a
    ``state`` file with another hard link too (:class:`StoreError`). The caller
    closes the descriptor."""
    return _open_regular(path, _READ_FLAGS, state=state)[0]


def read_no_follow(
    path: Path, *, max_bytes: int | None = None, tail: bool = False, state: bool = False
) -> bytes:
    """The bytes of the regular file ``path``, never following a link or blocking.

    Raises ``FileNotFoundError`` when there is no file, and ``OSError`` when it is
    a symbolic link (ELOOP), not a regular file (a FIFO, a device, a folder:
    EINVAL) or larger than ``max_bytes`` (EFBIG) — checked before reading, so an
    absurd file costs one ``fstat``. With ``tail``, a larger file is not an error:
    its last ``max_bytes`` bytes are returned. A ``state`` file (one of this
    program's in ``.autopatch-j/``) with another hard link raises :class:`StoreError`.
    """
    fd, found = _open_regular(path, _READ_FLAGS, state=state)
    try:
        size = found.st_size
        if max_bytes is None:
            return _read_to_end(fd, size)
        if size > max_bytes:
            if not tail:
                raise OSError(
                    errno.EFBIG, f"{size} bytes, more than {max_bytes} expected", str(path)
                )
            os.lseek(fd, size - max_bytes, os.SEEK_SET)
            return _read_to_end(fd, max_bytes, limit=max_bytes)
        data = _read_to_end(fd, size, limit=max_bytes + 1)
        if len(data) > max_bytes:  # grew while we read
            if tail:
                return data[-max_bytes:]
            raise OSError(errno.EFBIG, f"more than {max_bytes} bytes", str(path))
        return data
    finally:
        os.close(fd)


@dataclass(frozen=True)
class ReadMark:
    """Where :func:`read_appended` stopped reading a file: which file (device, inode),
    up to which offset, and the bytes just before that offset (to tell a file cut back
    and written again from one only appended to)."""

    device: int
    inode: int
    end: int
    last: bytes


def read_appended(
    path: Path, *, max_bytes: int, since: ReadMark | None = None
) -> tuple[bytes, ReadMark, bool]:
    """The last ``max_bytes`` bytes of the regular file ``path`` (never following a
    link, as :func:`read_no_follow` with ``tail``), or, when ``since`` marks an earlier
    read of the same file and the file was only appended to since, the bytes appended
    after it (with the ``limits.READ_OVERLAP_BYTES`` before them, so that a word cut by
    the earlier read's end is read whole). Returns the bytes, the mark of this read and
    whether the bytes only continue the earlier read."""
    fd, found = _open_regular(path, _READ_FLAGS)
    try:
        size = found.st_size
        start = max(0, size - max_bytes)
        overlap = limits.READ_OVERLAP_BYTES
        continued = (
            since is not None
            and (since.device, since.inode) == (found.st_dev, found.st_ino)
            and since.end <= size
            and since.end - overlap >= start
            and _read_at(fd, since.end - len(since.last), len(since.last)) == since.last
        )
        if continued:
            assert since is not None
            start = since.end - len(since.last)
        os.lseek(fd, start, os.SEEK_SET)
        data = _read_to_end(fd, size - start, limit=max_bytes)
    finally:
        os.close(fd)
    end = start + len(data)
    mark = ReadMark(found.st_dev, found.st_ino, end, data[-overlap:])
    return data, mark, continued


def _read_at(fd: int, offset: int, count: int) -> bytes:
    os.lseek(fd, offset, os.SEEK_SET)
    return os.read(fd, count)


def _read_to_end(fd: int, expected: int, *, limit: int | None = None) -> bytes:
    """Read ``fd`` to its end (at most ``limit`` bytes). ``expected`` is its size as
    last seen, so that a file that did not change is read in one call."""
    chunks: list[bytes] = []
    total = 0
    want = expected + 1
    while True:
        if limit is not None:
            want = min(want, limit - total)
            if want <= 0:
                break
        chunk = os.read(fd, want)
        if not chunk:
            break
        chunks.append(chunk)
        total += len(chunk)
        if len(chunk) < want:  # a short read of a regular file: its end
            break
        want = limits.READ_CHUNK_BYTES
    return chunks[0] if len(chunks) == 1 else b"".join(chunks)


def open_append_sized(path: Path, mode: int) -> tuple[int, int]:
    """A descriptor appending to the regular state file ``path`` (created with
    ``mode``), and the file's size before anything is appended.

    Never follows a link (ELOOP), never blocks on a FIFO, and refuses anything but
    a regular file (EINVAL) or a file with another hard link (:class:`StoreError`).
    The caller closes the descriptor.
    """
    fd, found = _open_regular(path, _APPEND_FLAGS, mode, state=True)
    return fd, found.st_size


def append_lines(fd: int, data: bytes, size: int) -> None:
    """Append ``data`` (whole lines, each ending with a newline) to the file open on
    ``fd`` for appending, whose size was ``size``: each line lands whole or not at all.

    A line torn by an earlier failure (the file does not end with a newline) is left
    on a line of its own: ``data`` starts on the next one, so it is not glued to the
    torn one. When a write fails part-way (a full disk), what was written of a line
    is cut back to the last whole line, unless another process appended after it
    (cutting would take that process's lines too; a reader skips the torn line).
    Raises ``OSError``.
    """
    if size and _last_byte(fd, size) != b"\n":
        data = b"\n" + data
    view = memoryview(data)
    written = 0
    try:
        while written < len(data):
            written += os.write(fd, view[written:])
    except OSError:
        if written:
            _cut_back(fd, data, written)
        raise


def _last_byte(fd: int, size: int) -> bytes:
    if hasattr(os, "pread"):
        return os.pread(fd, 1, size - 1)
    os.lseek(fd, size - 1, os.SEEK_SET)  # pragma: no cover - Windows: appends ignore the offset
    return os.read(fd, 1)  # pragma: no cover


def _cut_back(fd: int, data: bytes, written: int) -> None:
    """Truncate the file to the last whole line of the ``written`` bytes of ``data``
    just appended (best effort: the write already failed)."""
    with suppress(OSError):
        end = os.lseek(fd, 0, os.SEEK_CUR)  # after an append: the end of our bytes
        if os.fstat(fd).st_size != end:
            return  # another process appended after us
        os.ftruncate(fd, end - written + data.rfind(b"\n", 0, written) + 1)


def create_no_follow(path: Path, mode: int) -> int:
    """A write descriptor of a new regular file ``path`` (``FileExistsError`` when the
    name is taken, even by a link), created with ``mode`` (less the umask)."""
    return os.open(path, _CREATE_NEW_FLAGS, mode)


def write_all(fd: int, data: bytes) -> None:
    """Write all of ``data`` to ``fd``: a short write (a full disk) must not tear a file."""
    view = memoryview(data)
    written = 0
    while written < len(data):
        written += os.write(fd, view[written:])


def list_state_files(folder: Path, patterns: tuple[str, ...]) -> list[Path]:
    """The files (links included, never folders) in ``folder`` whose names match
    ``patterns``, by name: what :func:`remove_state_files` would delete. Empty when
    there is no folder; a linked or non-folder ``folder`` raises :class:`StoreError`."""
    try:
        mode = os.lstat(folder).st_mode
    except FileNotFoundError:
        return []
    except OSError as exc:
        raise store_error(f"cannot inspect {folder}", exc) from exc
    if stat.S_ISLNK(mode):
        raise StoreError(f"{folder} is a symbolic link; refusing to list through it")
    if not stat.S_ISDIR(mode):
        raise StoreError(f"{folder} is not a folder")
    try:
        with os.scandir(folder) as entries:
            return sorted(
                (
                    Path(entry.path)
                    for entry in entries
                    if not entry.is_dir(follow_symlinks=False)
                    and any(fnmatch(entry.name, pattern) for pattern in patterns)
                ),
                key=lambda path: path.name,
            )
    except FileNotFoundError:
        return []  # removed meanwhile (a purge)
    except OSError as exc:
        raise store_error(f"cannot list {folder}", exc) from exc


def remove_state_files(folder: Path, patterns: tuple[str, ...]) -> bool:
    """Delete the files in ``folder`` whose names match ``patterns``, then the folder
    itself when nothing else is left in it (but the ``.gitignore`` written when it was
    created); returns False when there was no folder.

    The folder is shared: a host keeps files of its own there (the reference host its
    symbol index, review findings and input history), and those are never touched.
    Never follows a link: a linked ``folder`` is refused (:class:`StoreError`), and a
    link that matches is removed, not its target.
    """
    try:
        mode = os.lstat(folder).st_mode
    except FileNotFoundError:
        return False
    except OSError as exc:
        raise store_error(f"cannot inspect {folder}", exc) from exc
    if stat.S_ISLNK(mode):
        raise StoreError(f"{folder} is a symbolic link; refusing to delete through it")
    if not stat.S_ISDIR(mode):
        raise StoreError(f"{folder} is not a folder; refusing to delete it")
    try:
        with os.scandir(folder) as entries:
            ours = [
                entry.path
                for entry in entries
                if not entry.is_dir(follow_symlinks=False)
                and any(fnmatch(entry.name, pattern) for pattern in patterns)
            ]
        for path in ours:
            with suppress(FileNotFoundError):  # removed meanwhile (another purge)
                os.unlink(path)
        _remove_if_ours_alone(folder)
    except FileNotFoundError:
        pass  # the folder was removed meanwhile (another purge)
    except OSError as exc:
        raise store_error(f"cannot delete in {folder}", exc) from exc
    return True


def _remove_if_ours_alone(folder: Path) -> None:
    """Remove ``folder`` when it holds nothing, or only the ``.gitignore`` we wrote."""
    names = os.listdir(folder)
    if names == [GITIGNORE_NAME]:
        gitignore = folder / GITIGNORE_NAME
        try:
            written = read_no_follow(gitignore, max_bytes=len(GITIGNORE_TEXT) + 1)
        except (OSError, StoreError):
            return
        if written != GITIGNORE_TEXT.encode("utf-8"):
            return  # someone's own .gitignore: the folder is theirs too
        gitignore.unlink()
    elif names:
        return
    with suppress(OSError):  # a file created meanwhile keeps the folder
        folder.rmdir()
