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
file + ``os.replace``) but without fsync, and a temp file left by a crashed
writer is removed by a later write. Every string in it passes the privacy choke
point. It is never read or written through a link, and nothing is ever written
outside ``<repo>/.autopatch-j/``.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
import time
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import repeat
from operator import attrgetter
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from autopatch_memory import limits
from autopatch_memory.errors import StoreError
from autopatch_memory.model import RepoProfile
from autopatch_memory.privacy import redact
from autopatch_memory.profile.files import Inputs
from autopatch_memory.safe_io import (
    STATE_DIR_NAME,
    check_state_dir,
    ensure_state_dir,
    read_no_follow,
    state_dir,
)

STATE_DIR = STATE_DIR_NAME
CACHE_FILE_NAME = "profile.cache.json"
_TEMP_PREFIX = ".profile.cache."
_TEMP_SUFFIX = ".tmp"
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
    if redact(joined) != joined:
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
    """Write the cache atomically. Raises :class:`StoreError` when it cannot be written."""
    data = json.dumps(record, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    try:
        directory = state_dir(root)
        ensure_state_dir(directory)
        _remove_stale_temps(str(directory))
        handle, temp = tempfile.mkstemp(prefix=_TEMP_PREFIX, suffix=_TEMP_SUFFIX, dir=directory)
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(data)
            os.replace(temp, os.path.join(directory, CACHE_FILE_NAME))
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temp)
            raise
    except StoreError as exc:
        raise StoreError(f"profile cache not written: {exc}") from exc
    except OSError as exc:
        raise StoreError(f"profile cache not written: {exc.strerror or exc}") from exc


def _is_temp(name: str) -> bool:
    return name.startswith(_TEMP_PREFIX) and name.endswith(_TEMP_SUFFIX)


def _remove_stale_temps(directory: str) -> None:
    """Remove temp files of interrupted writes (a crash, a kill) — never a live writer's."""
    stale_before = time.time() - limits.PROFILE_CACHE_STALE_TEMP_SECONDS
    with contextlib.suppress(OSError), os.scandir(directory) as entries:
        for entry in entries:
            if not _is_temp(entry.name):
                continue
            with contextlib.suppress(OSError):
                if entry.stat(follow_symlinks=False).st_mtime < stale_before:
                    os.unlink(entry.path)


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
