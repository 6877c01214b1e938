"""The profile cache: ``<repo>/.autopatch-j/profile.cache.json`` (SPEC §6).

The cache holds the last report and the fingerprint (size, mtime_ns, or
absence) of every path the collector probed: build files it read, and the
candidates it looked for and did not find. It is valid while every fingerprint
is unchanged, so editing a module POM or creating a ``settings.gradle``
invalidates it, and an unchanged repository is answered with one ``stat`` per
input. A corrupt, foreign or racy cache is ignored; it is disposable, so it is
written atomically (temp file + ``os.replace``) but without fsync. Nothing is
ever written outside ``<repo>/.autopatch-j/``.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile

from pydantic import BaseModel, ValidationError

from autopatch_memory import limits
from autopatch_memory.errors import StoreError
from autopatch_memory.model import RepoProfile
from autopatch_memory.profile.files import Fingerprint, fingerprint
from autopatch_memory.safe_io import STATE_DIR_NAME, ensure_state_dir, state_dir

STATE_DIR = STATE_DIR_NAME
CACHE_FILE_NAME = "profile.cache.json"
_TEMP_PREFIX = ".profile.cache."
_TEMP_SUFFIX = ".tmp"


class CachedReport(BaseModel):
    """What the cache file holds."""

    format: int
    collected_at_ns: int
    inputs: dict[str, Fingerprint]
    profile: RepoProfile
    problems: list[str]


def cache_path(root: str) -> str:
    """Where the cache of the repository at ``root`` lives."""
    return os.path.join(root, STATE_DIR, CACHE_FILE_NAME)


def load(root: str) -> CachedReport | None:
    """The cached report when every input is unchanged, else ``None`` (never raises)."""
    path = cache_path(root)
    try:
        if stat.S_ISLNK(os.lstat(path).st_mode):
            return None  # never read through a link planted in our folder
        with open(path, "rb") as handle:
            data = handle.read(limits.PROFILE_MAX_FILE_BYTES)
        cached = CachedReport.model_validate_json(data)
    except (OSError, ValidationError, ValueError):
        return None
    if cached.format != limits.PROFILE_CACHE_FORMAT:
        return None
    return cached if _unchanged(root, cached) else None


def _unchanged(root: str, cached: CachedReport) -> bool:
    # A file written just before the collection may change again within the same
    # mtime tick without its fingerprint moving: such an entry proves nothing.
    racy_after = cached.collected_at_ns - limits.PROFILE_CACHE_RACY_WINDOW_NS
    prefix = root + os.sep
    for rel, recorded in cached.inputs.items():
        if isinstance(recorded, list) and recorded[1] >= racy_after:
            return False
        if fingerprint(prefix + rel if rel else root) != recorded:
            return False
    return True


def _state_dir(root: str) -> str:
    """Our folder inside the repository, created if needed; refuses anything but a real folder."""
    directory = state_dir(root)
    ensure_state_dir(directory)
    return str(directory)


def save(root: str, cached: CachedReport) -> None:
    """Write the cache atomically. Raises :class:`StoreError` when it cannot be written."""
    try:
        directory = _state_dir(root)
        handle, temp = tempfile.mkstemp(prefix=_TEMP_PREFIX, suffix=_TEMP_SUFFIX, dir=directory)
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(cached.model_dump_json().encode("utf-8"))
            os.replace(temp, os.path.join(directory, CACHE_FILE_NAME))
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temp)
            raise
    except StoreError as exc:
        raise StoreError(f"profile cache not written: {exc}") from exc
    except OSError as exc:
        raise StoreError(f"profile cache not written: {exc.strerror or exc}") from exc


def clear(root: str) -> None:
    """Remove the cache file and any leftover temp files. Raises :class:`StoreError`."""
    directory = os.path.join(root, STATE_DIR)
    try:
        if not os.path.isdir(directory) or os.path.islink(directory):
            return
        for name in os.listdir(directory):
            is_temp = name.startswith(_TEMP_PREFIX) and name.endswith(_TEMP_SUFFIX)
            if name == CACHE_FILE_NAME or is_temp:
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(os.path.join(directory, name))
    except OSError as exc:
        raise StoreError(f"profile cache not removed: {exc.strerror or exc}") from exc
