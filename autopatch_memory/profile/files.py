"""Safe, recorded access to the files of one repository (SPEC §6, robustness).

Every parser reads through :class:`RepoFiles`, which

* only opens regular files that resolve *inside* the repository (a symlink that
  leaves it, or loops, is reported and never read);
* never enters generated folders (``build/``, ``target/``, ``.git/``...);
* turns OS errors into human-readable problems instead of exceptions;
* records a fingerprint of every path it probed, present or absent, so that the
  cache can later tell, with one ``stat`` per path, whether any input changed.
"""

from __future__ import annotations

import os
import posixpath
import re
import stat
from typing import TypeAlias, Union

from autopatch_memory import limits
from autopatch_memory.text import clip

SKIPPED_DIRS = frozenset(
    {"build", "target", ".git", "node_modules", ".gradle", "out", ".autopatch-j"}
)
"""Folders that hold generated output, VCS data or our own state: never read from."""

Fingerprint: TypeAlias = Union[list[int], str, None]  # noqa: UP007 (a runtime alias on 3.10)
"""``[size, mtime_ns]`` of a present path, ``None`` when absent, ``"error"`` when unstattable."""

_ERROR = "error"
_WINDOWS_DRIVE = re.compile(r"[A-Za-z]:(?:/|$)")


def fingerprint(path: str) -> Fingerprint:
    """What the cache compares: size and mtime of ``path`` (following links), or absence."""
    try:
        st = os.stat(path)
    except (FileNotFoundError, NotADirectoryError):
        return None
    except (OSError, ValueError):
        # Loops, permission denied on a parent, embedded NUL: stable "error" state.
        return _ERROR
    return [st.st_size, st.st_mtime_ns]


def normalize_rel(base_dir: str, relative: str) -> str | None:
    """``relative`` joined to ``base_dir`` as a normalized posix path inside the root.

    Returns ``""`` for the root itself and ``None`` for a path that leaves the root
    or is absolute (a declaration such as ``<module>../other</module>``).
    """
    cleaned = relative.strip().replace("\\", "/")
    if not cleaned or cleaned.startswith("/") or _WINDOWS_DRIVE.match(cleaned):
        return None
    joined = posixpath.normpath(posixpath.join(base_dir, cleaned) if base_dir else cleaned)
    if joined == ".":
        return ""
    if joined == ".." or joined.startswith("../"):
        return None
    return joined


def skipped_part(rel: str) -> str | None:
    """The generated/VCS folder ``rel`` goes through, if any."""
    for part in rel.split("/"):
        if part in SKIPPED_DIRS:
            return part
    return None


class RepoFiles:
    """Reads files of one repository safely and remembers what it looked at."""

    def __init__(self, root: str) -> None:
        self.root = os.path.abspath(root)
        self._real_root = os.path.realpath(self.root)
        self.problems: list[str] = []
        self.fingerprints: dict[str, Fingerprint] = {}
        self.files_read = 0
        self._budget_reported = False

    # -- problems ------------------------------------------------------------------

    def problem(self, message: str) -> None:
        """Record a human-readable problem (bounded in count and length)."""
        if len(self.problems) < limits.PROFILE_MAX_PROBLEMS:
            self.problems.append(clip(message, limits.PROFILE_MAX_PROBLEM_CHARS))

    # -- probing ---------------------------------------------------------------------

    def _abs(self, rel: str) -> str:
        return os.path.join(self.root, *rel.split("/")) if rel else self.root

    def _stat(self, rel: str) -> os.stat_result | None:
        path = self._abs(rel)
        try:
            st = os.stat(path)
        except (FileNotFoundError, NotADirectoryError):
            self.fingerprints[rel] = None
            return None
        except (OSError, ValueError) as exc:
            self.fingerprints[rel] = _ERROR
            self.problem(f"{rel}: cannot access ({_reason(exc)})")
            return None
        self.fingerprints[rel] = [st.st_size, st.st_mtime_ns]
        return st

    def is_file(self, rel: str) -> bool:
        """True when ``rel`` exists as a regular file (the probe is recorded)."""
        st = self._stat(rel)
        return st is not None and stat.S_ISREG(st.st_mode)

    def was_absent(self, rel: str) -> bool:
        """True when the last probe of ``rel`` found nothing there."""
        return rel in self.fingerprints and self.fingerprints[rel] is None

    def _inside(self, rel: str) -> str | None:
        """The real path of ``rel`` when it stays inside the repository, else ``None``."""
        real = os.path.realpath(self._abs(rel))
        if real == self._real_root or real.startswith(self._real_root + os.sep):
            return real
        return None

    def _allowed(self, rel: str) -> bool:
        part = skipped_part(rel)
        if part is not None:
            self.problem(f"{rel}: skipped (inside {part}/)")
            return False
        return True

    # -- reading -----------------------------------------------------------------------

    def read_bytes(
        self, rel: str, *, max_bytes: int = limits.PROFILE_MAX_FILE_BYTES, truncate: bool = False
    ) -> bytes | None:
        """The content of ``rel``; ``None`` (with a problem, unless simply absent) otherwise.

        ``truncate`` reads only the first ``max_bytes`` of a longer file instead of
        refusing it (enough for a README title).
        """
        if not self._allowed(rel):
            return None
        st = self._stat(rel)
        if st is None:
            return None
        if not stat.S_ISREG(st.st_mode):
            self.problem(f"{rel}: not a regular file")
            return None
        real = self._inside(rel)
        if real is None:
            self.problem(f"{rel}: not read (a symbolic link that leaves the repository)")
            return None
        if st.st_size > max_bytes and not truncate:
            self.problem(f"{rel}: not read (larger than {max_bytes} bytes)")
            return None
        if self.files_read >= limits.PROFILE_MAX_BUILD_FILES:
            if not self._budget_reported:
                self._budget_reported = True
                self.problem(f"stopped after reading {limits.PROFILE_MAX_BUILD_FILES} files")
            return None
        try:
            # Open the resolved path: a link swapped after the check cannot redirect us.
            with open(real, "rb") as handle:
                data = handle.read(max_bytes)
        except OSError as exc:
            self.problem(f"{rel}: cannot read ({_reason(exc)})")
            return None
        self.files_read += 1
        return data

    def read_text(
        self, rel: str, *, max_bytes: int = limits.PROFILE_MAX_FILE_BYTES, truncate: bool = False
    ) -> str | None:
        """:meth:`read_bytes` decoded as UTF-8 (undecodable bytes replaced)."""
        data = self.read_bytes(rel, max_bytes=max_bytes, truncate=truncate)
        if data is None:
            return None
        return data.decode("utf-8", errors="replace").lstrip("\ufeff")

    def list_dir(self, rel: str) -> list[str]:
        """Sorted entry names of the folder ``rel`` (recorded, so additions invalidate)."""
        if not self._allowed(rel):
            return []
        st = self._stat(rel)
        if st is None or not stat.S_ISDIR(st.st_mode):
            return []
        if self._inside(rel) is None:
            self.problem(f"{rel}: not read (a symbolic link that leaves the repository)")
            return []
        try:
            return sorted(os.listdir(self._abs(rel)))
        except OSError as exc:
            self.problem(f"{rel}: cannot list ({_reason(exc)})")
            return []


def _reason(exc: BaseException) -> str:
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror.lower()
    return type(exc).__name__
