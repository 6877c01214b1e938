"""Safe, recorded access to the files of one repository (see docs/profile.md).

Every parser reads through :class:`RepoFiles`, which

* only opens regular files that resolve *inside* the repository (a symlink that
  leaves it, or loops, is reported and never read), without following a link at
  the last step and without ever blocking on a FIFO or a device;
* never enters generated folders (``build/``, ``target/``, ``.git/``...);
* turns OS errors into human-readable problems instead of exceptions;
* records what it saw — the size and mtime of every present path, every absent
  candidate, every path it could not inspect — so that the cache can later tell
  cheaply whether any input changed (:meth:`RepoFiles.inputs`).
"""

from __future__ import annotations

import errno
import os
import posixpath
import re
import stat
from dataclasses import dataclass, field
from pathlib import Path

from autopatch_memory import limits
from autopatch_memory.profile.cpu_budget import CpuBudget
from autopatch_memory.safe_io import open_no_follow, read_no_follow
from autopatch_memory.text import clip

SKIPPED_DIRS = frozenset(
    {"build", "target", ".git", "node_modules", ".gradle", "out", ".autopatch-j"}
)
"""Folders that hold generated output, VCS data or our own state: never read from."""

_WINDOWS_DRIVE = re.compile(r"[A-Za-z]:(?:/|$)")


@dataclass
class Inputs:
    """What a collection depended on, in the form the cache checks.

    ``present``: path → ``(size, mtime_ns)`` of the files read or probed and the
    folders listed (an entry created in a folder moves its mtime). ``absent``:
    candidates that were not there, checked by existence alone — not through
    their folder's mtime, which build output, editor swap files or our own state
    folder move all the time. ``errors``: path → errno of a path that could not
    even be inspected (a symlink loop, a denied parent).
    """

    present: dict[str, tuple[int, int]] = field(default_factory=dict)
    absent: list[str] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)


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
    """The generated/VCS folder ``rel`` goes through, if any.

    Past ``src/<source set>/<language>/`` folders are packages (``com/acme/build``),
    never generated output: they are not skipped.
    """
    parts = rel.split("/")
    for index, part in enumerate(parts):
        if part == _SOURCE_ROOT and len(parts) > index + _SOURCE_DEPTH:
            return None
        if part in SKIPPED_DIRS:
            return part
    return None


_SOURCE_ROOT = "src"
_SOURCE_DEPTH = 3  # src/main/kotlin


def _read_head(path: str, max_bytes: int) -> bytes:
    """The first ``max_bytes`` of the regular file ``path`` (no link at the end, no blocking)."""
    with os.fdopen(open_no_follow(Path(path)), "rb") as handle:
        return handle.read(max_bytes)


def _read_whole(path: str, max_bytes: int, truncate: bool) -> bytes:
    """The regular file ``path``, up to ``max_bytes``; with ``truncate``, a file that grew
    past them since it was probed is read up to them instead of refused."""
    try:
        return read_no_follow(Path(path), max_bytes=max_bytes)
    except OSError as exc:
        if not truncate or exc.errno != errno.EFBIG:
            raise
        return _read_head(path, max_bytes)


class RepoFiles:
    """Reads files of one repository safely and remembers what it looked at."""

    def __init__(self, root: str) -> None:
        self.root = os.path.abspath(root)
        self._real_root = os.path.realpath(self.root)
        self.problems: list[str] = []
        self.files_read = 0
        self._budget_reported = False
        self._time_reported = False
        # The CPU time the whole collection may take; each parse has its own budget too.
        self.cpu = CpuBudget(limits.PROFILE_COLLECT_CPU_SECONDS)
        # One stat per path and collection: parsers probe the same path repeatedly.
        self._stats: dict[str, os.stat_result | None] = {}
        self._errors: dict[str, int] = {}
        self._real_dirs: dict[str, str] = {"": self._real_root}

    # -- problems ------------------------------------------------------------------

    def problem(self, message: str) -> None:
        """Record a human-readable problem (bounded in count and length)."""
        if len(self.problems) < limits.PROFILE_MAX_PROBLEMS:
            self.problems.append(clip(message, limits.PROFILE_MAX_PROBLEM_CHARS))

    # -- probing ---------------------------------------------------------------------

    def _abs(self, rel: str) -> str:
        if not rel:
            return self.root
        return f"{self.root}{os.sep}{rel if os.sep == '/' else rel.replace('/', os.sep)}"

    def _stat(self, rel: str) -> os.stat_result | None:
        """The collector's probe of ``rel`` (once per collection), recorded as an input."""
        if rel in self._stats:
            return self._stats[rel]
        st: os.stat_result | None = None
        try:
            st = os.stat(self._abs(rel))
            if not (stat.S_ISREG(st.st_mode) or stat.S_ISDIR(st.st_mode)):
                # A FIFO, a device, a socket where a build file belongs: never opened.
                self.problem(f"{rel}: not a regular file")
        except (FileNotFoundError, NotADirectoryError):
            pass
        except (OSError, ValueError) as exc:
            # Loops, permission denied on a parent, embedded NUL: a stable "error" state.
            self._errors[rel] = (exc.errno or 0) if isinstance(exc, OSError) else 0
            self.problem(f"{rel}: cannot access ({_reason(exc)})")
        self._stats[rel] = st
        return st

    def is_file(self, rel: str) -> bool:
        """True when ``rel`` exists as a regular file (the probe is recorded)."""
        st = self._stat(rel)
        return st is not None and stat.S_ISREG(st.st_mode)

    def is_dir(self, rel: str) -> bool:
        """True when ``rel`` exists as a folder (the probe is recorded)."""
        st = self._stat(rel)
        return st is not None and stat.S_ISDIR(st.st_mode)

    def was_absent(self, rel: str) -> bool:
        """True when the probe of ``rel`` found nothing there."""
        return self._stats.get(rel, False) is None and rel not in self._errors

    def inputs(self) -> Inputs:
        """Everything the collection depended on, as the cache checks it (see :class:`Inputs`)."""
        found = Inputs(errors=dict(self._errors))
        for rel, st in self._stats.items():
            if st is not None:
                found.present[rel] = (st.st_size, st.st_mtime_ns)
            elif rel not in self._errors:
                found.absent.append(rel)
        return found

    # -- where paths really lead ---------------------------------------------------------

    def _real_dir(self, rel: str) -> str:
        """The real path of ``rel``: one ``lstat`` per path component never seen."""
        found = self._real_dirs.get(rel)
        if found is not None:
            return found
        current = self._real_root
        prefix = ""
        for part in rel.split("/"):
            prefix = f"{prefix}/{part}" if prefix else part
            known = self._real_dirs.get(prefix)
            if known is None:
                known = self._resolved(os.path.join(current, part))
                self._real_dirs[prefix] = known
            current = known
        return current

    @staticmethod
    def _resolved(path: str) -> str:
        return os.path.realpath(path) if os.path.islink(path) else path

    def real_path(self, rel: str) -> str:
        """Where ``rel`` really leads (links resolved; absent parts kept as written)."""
        return self._real_dir(rel) if rel else self._real_root

    def real_rel(self, rel: str) -> str | None:
        """``rel`` with every link resolved, relative to the real root; ``None`` outside it."""
        real = self.real_path(rel)
        if real == self._real_root:
            return ""
        if not real.startswith(self._real_root + os.sep):
            return None
        return real[len(self._real_root) + 1 :].replace(os.sep, "/")

    def _inside(self, rel: str) -> str | None:
        """The real path of ``rel`` when it stays inside the repository, else ``None``."""
        real = self.real_path(rel)
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

    def _may_read(self, rel: str, max_bytes: int, truncate: bool) -> str | None:
        """The real path to open, or ``None`` (with a problem unless simply absent)."""
        if not self._allowed(rel):
            return None
        st = self._stat(rel)
        if st is None:
            return None
        if not stat.S_ISREG(st.st_mode):
            if stat.S_ISDIR(st.st_mode):  # special files were reported when probed
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
            self.report_budget()
            return None
        if self.cpu.spent():
            self.report_time()
            return None
        return real

    def report_budget(self) -> None:
        """Say once that the file budget stopped the collection."""
        if not self._budget_reported:
            self._budget_reported = True
            self.problem(f"stopped after reading {limits.PROFILE_MAX_BUILD_FILES} files")

    def report_time(self) -> None:
        """Say once that the collection's CPU budget stopped it."""
        if not self._time_reported:
            self._time_reported = True
            seconds = limits.PROFILE_COLLECT_CPU_SECONDS
            self.problem(f"stopped after {seconds:g} s of CPU time; the rest not read")

    def report_cut(self, rel: str) -> None:
        """Say that the parse of ``rel`` ran out of its CPU budget."""
        seconds = limits.PROFILE_PARSE_CPU_SECONDS
        self.problem(f"{rel}: cut short after {seconds:g} s of CPU time; the rest not read")

    def read_bytes(
        self, rel: str, *, max_bytes: int | None = None, truncate: bool = False
    ) -> bytes | None:
        """The content of ``rel``; ``None`` (with a problem, unless simply absent) otherwise.

        A file larger than ``max_bytes`` (default PROFILE_MAX_FILE_BYTES) is refused;
        ``truncate`` reads only its first ``max_bytes`` instead (enough for a README
        title, or the whole lines of a script).
        """
        if max_bytes is None:
            max_bytes = limits.PROFILE_MAX_FILE_BYTES
        real = self._may_read(rel, max_bytes, truncate)
        if real is None:
            return None
        try:
            # The resolved path is opened without following a link at its end, so a
            # link swapped in after the check cannot redirect us; a FIFO swapped in
            # is refused by fstat instead of blocking the open.
            probed = self._stats.get(rel)
            if truncate and probed is not None and probed.st_size > max_bytes:
                data = _read_head(real, max_bytes)
            else:
                # Sized by fstat, read at once: the common case (a head read asks the
                # allocator for `max_bytes` whatever the file's size).
                data = _read_whole(real, max_bytes, truncate)
        except OSError as exc:
            self.problem(f"{rel}: cannot read ({_reason(exc)})")
            return None
        self.files_read += 1
        return data

    def read_text(
        self, rel: str, *, max_bytes: int | None = None, truncate: bool = False
    ) -> str | None:
        """:meth:`read_bytes` decoded as UTF-8 (undecodable bytes replaced)."""
        data = self.read_bytes(rel, max_bytes=max_bytes, truncate=truncate)
        if data is None:
            return None
        return data.decode("utf-8", errors="replace").lstrip("\ufeff")

    def read_lines(self, rel: str, *, max_bytes: int | None = None) -> str | None:
        """:meth:`read_text` of a line-oriented file (a Gradle script, a TOML catalog) read
        up to ``max_bytes`` (default PROFILE_MAX_FILE_BYTES): a longer one is cut at its
        last line break within them, and a problem says so — the lines read still say
        what they say."""
        if max_bytes is None:
            max_bytes = limits.PROFILE_MAX_FILE_BYTES
        data = self.read_bytes(rel, max_bytes=max_bytes + 1, truncate=True)
        if data is None:
            return None
        if len(data) > max_bytes:
            data = data[: data.rfind(b"\n", 0, max_bytes) + 1]
            self.problem(f"{rel}: cut short: only its first {len(data)} bytes read")
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
