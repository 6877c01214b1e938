"""The profile cache: ``<repo>/.autopatch-j/profile.cache.json`` (see docs/profile.md).

The cache holds the last report and what the collection depended on (see
:class:`~autopatch_memory.profile.files.Inputs`): the size and mtime of every
present input (files read or probed, folders listed), the absent candidates, and
the paths that could not be inspected. It is valid while all of that is
unchanged, so editing a module POM, creating a ``settings.gradle`` or deleting a
build file invalidates it, and an unchanged repository is answered with one
``stat`` per build file and one existence check per absent candidate. It is also
tied to the identity (device, inode) and name of the repository folder: a cache
copied with a repository, or planted in one, is never trusted.

The layout is compact and checked without pydantic on the hot path: flat JSON
arrays, and only the small profile validated as a model. A corrupt, foreign,
oversized or racy cache is ignored. It is disposable: written atomically (temp
file + ``os.replace``) but without fsync. A temp file left by a crashed writer is
removed by a later write (or, when it was too young to judge then, by a later
cache hit): only once it is a few seconds old, and never while a writer holds it
(each writer locks its temp file while it writes it). Every string in it passes
the privacy choke point. It is never read or written through a link, and nothing
is ever written outside ``<repo>/.autopatch-j/``.
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
import tempfile
import time
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import repeat
from operator import attrgetter
from pathlib import Path
from typing import Any

from pydantic import ValidationError

# privacy as a module: its rules load when a profile is saved, not when one is read.
from autopatch_memory import limits, privacy
from autopatch_memory.errors import StoreError
from autopatch_memory.model import RepoProfile
from autopatch_memory.profile.files import Inputs
from autopatch_memory.safe_io import (
    STATE_DIR_NAME,
    check_state_dir,
    ensure_state_dir,
    read_no_follow,
    state_dir,
)

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

STATE_DIR = STATE_DIR_NAME
CACHE_FILE_NAME = "profile.cache.json"
_TEMP_PREFIX = ".profile.cache."
_TEMP_SUFFIX = ".tmp"
# The record says temp files were left that were too young to judge: a hit sweeps.
_SWEEP_KEY = "sweep"
_SWEEP_OPEN_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_NOFOLLOW", 0)
    | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_CLOEXEC", 0)
)
# Every file the cache writes in the state folder (what a purge deletes).
CACHE_FILES: tuple[str, ...] = (CACHE_FILE_NAME, f"{_TEMP_PREFIX}*{_TEMP_SUFFIX}")


@dataclass
class CachedReport:
    """A report served from the cache."""

    profile: RepoProfile
    problems: list[str]


def cache_path(root: str) -> str:
    """Where the cache of the repository at ``root`` lives."""
    return os.path.join(root, STATE_DIR, CACHE_FILE_NAME)


def _root_name(root: str) -> str:
    # Gradle names a build after its folder: a renamed checkout is another profile.
    return os.path.basename(root.rstrip(os.sep))


def _root_identity(root: str) -> list[int]:
    st = os.stat(root)
    return [st.st_dev, st.st_ino]


# --- reading ------------------------------------------------------------------------------


def load(root: str) -> CachedReport | None:
    """The cached report when every input is unchanged, else ``None`` (never raises)."""
    try:
        check_state_dir(state_dir(root))  # never read through a linked state folder
        data = read_no_follow(Path(cache_path(root)), max_bytes=limits.PROFILE_CACHE_MAX_BYTES)
        record = json.loads(data)
        if not isinstance(record, dict) or record.get("format") != limits.PROFILE_CACHE_FORMAT:
            return None
        if record.get("root_name") != _root_name(root):
            return None
        if record.get("root") != _root_identity(root) or not _unchanged(root, record):
            return None
        problems = record["problems"]
        if not isinstance(problems, list) or not all(isinstance(p, str) for p in problems):
            return None
        if record.get(_SWEEP_KEY) is True:
            sweep_stale_temps(os.fspath(state_dir(root)))
        return CachedReport(profile=RepoProfile.model_validate(record["profile"]),
                            problems=problems)  # fmt: skip
    except (OSError, StoreError, ValidationError, ValueError, TypeError, KeyError):
        return None


def _unchanged(root: str, record: dict[str, Any]) -> bool:
    """True when every recorded input is as it was. Raises ``TypeError``/``KeyError`` on junk.

    The loops run in C (``map``): at thousands of build files the syscalls are the
    whole cost, so no per-file Python work is added to them.
    """
    present, absent, errors = record["present"], record["absent"], record["errors"]
    mtimes = present[2::3]
    # A path written just before the collection may change again within the same
    # mtime tick without its fingerprint moving: such an entry proves nothing.
    racy_after = int(record["collected_at_ns"]) - limits.PROFILE_CACHE_RACY_WINDOW_NS
    if mtimes and max(mtimes) >= racy_after:
        return False
    paths = _paths(root, present[0::3])
    try:
        now = list(map(_FINGERPRINT, map(os.stat, paths)))
    except OSError:
        return False  # a recorded file is gone or unreadable
    if now != list(zip(present[1::3], mtimes, strict=True)):
        return False
    if any(map(os.access, _paths(root, absent), repeat(os.F_OK))):
        return False  # a candidate appeared
    for path, number in zip(_paths(root, errors[0::2]), errors[1::2], strict=True):
        try:
            os.stat(path)
        except OSError as exc:
            if exc.errno == number:
                continue
        return False
    return True


_FINGERPRINT = attrgetter("st_size", "st_mtime_ns")


def _paths(root: str, rels: Iterable[str]) -> list[str]:
    """Absolute paths of posix ``rels`` (``""`` is the root itself)."""
    prefix = root + os.sep
    if os.sep == "/":
        return [prefix + rel if rel else root for rel in rels]
    return [prefix + rel.replace("/", os.sep) if rel else root for rel in rels]


# --- writing -----------------------------------------------------------------------------------


def record_for(
    root: str, *, collected_at_ns: int, inputs: Inputs, profile: RepoProfile, problems: list[str]
) -> dict[str, Any] | None:
    """The cache record of a collection, or ``None`` when it must not be cached.

    ``profile`` and ``problems`` must already be redacted. Paths are checked segment by
    segment: a repository whose file names look like credentials is not cached at all
    (a path cannot be masked and still be checked).
    """
    present: list[str | int] = []
    for rel, (size, mtime) in inputs.present.items():
        present += (rel, size, mtime)
    errors: list[str | int] = []
    for rel, number in inputs.errors.items():
        errors += (rel, number)
    segments = {part for rel in (*inputs.present, *inputs.absent, *inputs.errors)
                for part in rel.split("/")}  # fmt: skip
    segments.add(_root_name(root))
    joined = "\n".join(sorted(segments))
    if privacy.redact(joined) != joined:
        return None
    try:
        identity = _root_identity(root)
    except OSError:
        return None  # the repository went away meanwhile
    return {
        "format": limits.PROFILE_CACHE_FORMAT,
        "collected_at_ns": collected_at_ns,
        "root_name": _root_name(root),
        "root": identity,
        "present": present,
        "absent": list(inputs.absent),
        "errors": errors,
        "profile": profile.model_dump(mode="json"),
        "problems": problems,
    }


def save(root: str, record: dict[str, Any]) -> None:
    """Write the cache atomically. Raises :class:`StoreError` when it cannot be written.

    Temp files that interrupted writes left behind are swept first; when some were
    too young to judge, the record says so and a later cache hit sweeps again.
    """
    try:
        directory = state_dir(root)
        ensure_state_dir(directory)
        if sweep_stale_temps(os.fspath(directory)):
            record = {**record, _SWEEP_KEY: True}
        data = json.dumps(record, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        handle, temp = tempfile.mkstemp(prefix=_TEMP_PREFIX, suffix=_TEMP_SUFFIX, dir=directory)
        try:
            _write_locked(handle, temp, data, os.path.join(directory, CACHE_FILE_NAME))
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temp)
            raise
    except StoreError as exc:
        raise StoreError(f"profile cache not written: {exc}") from exc
    except OSError as exc:
        raise StoreError(f"profile cache not written: {exc.strerror or exc}") from exc


def _write_locked(handle: int, temp: str, data: bytes, target: str) -> None:
    """Write ``data`` to the temp file ``handle`` and rename it to ``target``, holding a
    lock on it throughout, so that a sweep never takes a temp file being written."""
    with os.fdopen(handle, "wb") as out:
        if fcntl is None:  # pragma: no cover - Windows renames no open file; age alone decides
            out.write(data)
        else:
            # Blocking: a sweep holds a writer's fresh file for a few microseconds at most.
            fcntl.flock(out.fileno(), fcntl.LOCK_EX)
            out.write(data)
            out.flush()
            os.replace(temp, target)  # still locked: the lock goes with the file
            return
    os.replace(temp, target)  # pragma: no cover - Windows


def _is_temp(name: str) -> bool:
    return name.startswith(_TEMP_PREFIX) and name.endswith(_TEMP_SUFFIX)


def sweep_stale_temps(directory: str) -> int:
    """Remove the temp files interrupted writes left in ``directory`` (a crash, a kill);
    how many temp files are left there (young, or held by a live writer). Never raises.

    A temp file is removed once it is older than
    :data:`~autopatch_memory.limits.PROFILE_CACHE_STALE_TEMP_SECONDS` and no writer
    holds its lock; a link named like one is removed (never followed) once as old.
    """
    stale_before = time.time() - limits.PROFILE_CACHE_STALE_TEMP_SECONDS
    left = 0
    with contextlib.suppress(OSError), os.scandir(directory) as entries:
        for entry in entries:
            if _is_temp(entry.name) and not _remove_if_stale(entry.path, stale_before):
                left += 1
    return left


def _remove_if_stale(path: str, stale_before: float) -> bool:
    """Remove the temp file ``path`` when it is stale; whether it is gone (or not a file)."""
    try:
        found = os.lstat(path)
        if not (stat.S_ISREG(found.st_mode) or stat.S_ISLNK(found.st_mode)):
            return True  # a folder or a FIFO named like one: not ours to judge, nor to wait for
        if found.st_mtime >= stale_before:
            return False
        if stat.S_ISREG(found.st_mode) and fcntl is not None and _held(path, found):
            return False
        os.unlink(path)
    except FileNotFoundError:
        pass  # renamed by its writer, or removed by another sweep
    except OSError:
        return False
    return True


def _held(path: str, found: os.stat_result) -> bool:
    """True when a live writer holds the temp file ``path`` (or it changed under us)."""
    fd = os.open(path, _SWEEP_OPEN_FLAGS)
    try:
        same = os.fstat(fd)
        if (same.st_dev, same.st_ino) != (found.st_dev, found.st_ino):
            return True  # replaced since we looked: judge it another time
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            return True
        return False  # unlocked when the descriptor is closed
    finally:
        os.close(fd)


def clear(root: str) -> None:
    """Remove the cache file and any leftover temp files. Raises :class:`StoreError`."""
    directory = os.path.join(root, STATE_DIR)
    try:
        if not os.path.isdir(directory) or os.path.islink(directory):
            return
        for name in os.listdir(directory):
            if name == CACHE_FILE_NAME or _is_temp(name):
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(os.path.join(directory, name))
    except OSError as exc:
        raise StoreError(f"profile cache not removed: {exc.strerror or exc}") from exc
