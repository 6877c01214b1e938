"""Compiled regular expressions kept between runs (docs/benchmarks.md, "Start-up").

Compiling is most of what a command's first look at a text costs: the router reads a
question with some 200 patterns, and compiling them took 70 ms of the 260 ms a
``context`` command ran. What CPython's ``re`` compiles a pattern to (its program for
the ``_sre`` engine) depends on nothing but the pattern, its flags and the
interpreter, so the programs one run compiles are kept in a file of the user's cache
folder, and the next run builds its patterns from them (about 1 ms for the same 200).

Nothing here changes what a pattern matches: a pattern built from a kept program is the
one ``re.compile`` returns (tests/text/test_pattern_cache.py compares every pattern the
library holds). The file is a cache, never trusted further than that:

* it is read only when it is the current user's and no one else may write it (POSIX),
  and only when it was written by this very interpreter (its name carries a digest of
  the interpreter's version and the engine's ``MAGIC``);
* a program the engine refuses (``_sre.compile`` checks every program it is given), a
  file that does not read, or an interpreter whose ``re`` internals differ (Python
  3.10, PyPy) means compiling as ``re.compile`` does, quietly;
* it is written once, when the process exits and only if it compiled something the
  file did not hold (a temporary file, then an atomic replace; what another process
  wrote before is merged in — two processes that save at the same moment may each drop
  the other's new entries, which the next run compiles again), and holds at most
  :data:`MAX_FILE_BYTES`;
* a value derived from a pattern (:func:`derived`) is keyed by a digest of the code that
  derived it (:func:`code_digest`), so an upgrade never reads an older version's.

``AUTOPATCH_MEMORY_PATTERN_CACHE=off`` turns it off; the folder is
``$XDG_CACHE_HOME/autopatch-memory`` (``~/.cache/autopatch-memory`` by default).
"""

from __future__ import annotations

import atexit
import hashlib
import marshal
import os
import re
import sys
import tempfile
import threading
from array import array
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, TypeVar

from autopatch_memory import limits

__all__ = [
    "MAX_FILE_BYTES",
    "cache_file",
    "code_digest",
    "compile_pattern",
    "derived",
    "enabled",
    "stats",
]

MAX_FILE_BYTES = 8 * 1024 * 1024
"""The most the file may hold (what a day of use keeps is 1 to 3 MiB)."""

_FORMAT = 2  # bumped when what an entry holds changes
_OFF_VALUES = {"0", "off", "false", "no"}

try:  # CPython 3.11 and later: the compiler's parts the file keeps the output of.
    import _sre  # type: ignore[import-not-found]
    from re import _compiler, _parser  # type: ignore[attr-defined]

    _INTERNALS: Any = (_sre, _compiler, _parser) if hasattr(_compiler, "_code") else None
except ImportError:  # pragma: no cover - Python 3.10, PyPy
    _INTERNALS = None

# (pattern, flags) -> (final flags, program as array bytes, groups, groupindex, indexgroup)
_Entry = tuple[int, bytes, int, dict[str, int], tuple[str | None, ...]]
_Key = tuple[str, int | str]
V = TypeVar("V")


class _Kept:
    """What this process knows of the file: the entries read from it, and those made
    here that it did not hold. An entry is a program, keyed ``(pattern, flags)``, or a
    value derived from a pattern, keyed ``(kind, source)`` (:func:`derived`)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.path: Path | None = None
        self.loaded: dict[_Key, Any] | None = None
        self.new: dict[_Key, Any] = {}
        self.used: set[_Key] = set()
        self.hits = 0
        self.misses = 0
        self.saving = False

    def load(self) -> dict[_Key, Any]:
        with self.lock:
            if self.loaded is None:
                self.path = cache_file()
                self.loaded = _read(self.path) if self.path is not None else {}
            return self.loaded


_KEPT = _Kept()


def enabled(environ: Mapping[str, str] | None = None) -> bool:
    """Whether kept programs are used (and kept): this interpreter's ``re`` is the one
    they are made for, and ``AUTOPATCH_MEMORY_PATTERN_CACHE`` does not turn them off."""
    env = os.environ if environ is None else environ
    value = env.get("AUTOPATCH_MEMORY_PATTERN_CACHE", "").strip().lower()
    return _INTERNALS is not None and value not in _OFF_VALUES


def _interpreter_tag() -> str:
    sre = _INTERNALS[0]
    key = f"{_FORMAT}|{sys.version}|{sys.implementation.cache_tag}|{sre.MAGIC}|{sre.CODESIZE}"
    return hashlib.sha256(key.encode()).hexdigest()[:16]


def cache_file(environ: Mapping[str, str] | None = None) -> Path | None:
    """The file of kept programs for this interpreter; ``None`` when they are not used."""
    env = os.environ if environ is None else environ
    if not enabled(env):
        return None
    base = env.get("XDG_CACHE_HOME", "")
    # As for the config folder: a relative value is invalid and ignored (XDG spec).
    if base and os.path.isabs(base):
        root = Path(base)
    else:
        try:
            root = Path.home() / ".cache"
        except (RuntimeError, KeyError, OSError):
            return None  # no home (a container's user without one): no cache, no error
    return root / "autopatch-memory" / f"patterns-{_interpreter_tag()}.marshal"


def _trusted(fd: int) -> bool:
    """Whether an open file may be read: on POSIX, the current user's and writable by
    no one else (a program read from it runs as the user's patterns)."""
    if os.name != "posix":
        return True
    info = os.fstat(fd)
    return info.st_uid == os.getuid() and not info.st_mode & 0o022


def _read(path: Path) -> dict[_Key, Any]:
    """The entries of the file at ``path``; none when it is absent, unreadable, not to be
    trusted or not what this module writes."""
    try:
        # (binary on Windows, where a descriptor is opened in text mode by default)
        flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
        fd = os.open(path, flags)
    except OSError:
        return {}
    try:
        if not _trusted(fd):
            return {}
        with os.fdopen(os.dup(fd), "rb") as file:
            data = file.read(MAX_FILE_BYTES + 1)
        if len(data) > MAX_FILE_BYTES:
            return {}
        entries = marshal.loads(data)
    except (OSError, ValueError, EOFError, TypeError):
        return {}
    finally:
        os.close(fd)
    return entries if isinstance(entries, dict) else {}


def _program(pattern: str, flags: int) -> tuple[re.Pattern[str], _Entry]:
    """``pattern`` compiled as ``re.compile`` compiles it, with its program."""
    _, compiler, parser = _INTERNALS
    parsed = parser.parse(pattern, flags)
    code = compiler._code(parsed, flags)
    groupindex = dict(parsed.state.groupdict)
    indexgroup: list[str | None] = [None] * parsed.state.groups
    for name, index in groupindex.items():
        indexgroup[index] = name
    entry: _Entry = (
        int(flags | parsed.state.flags),
        array(_CODE_TYPE, code).tobytes(),
        parsed.state.groups - 1,
        groupindex,
        tuple(indexgroup),
    )
    return _built(pattern, entry), entry


def _built(pattern: str, entry: _Entry) -> re.Pattern[str]:
    final_flags, program, groups, groupindex, indexgroup = entry
    code = array(_CODE_TYPE)
    code.frombytes(program)
    compiled: re.Pattern[str] = _INTERNALS[0].compile(
        pattern, final_flags, code.tolist(), groups, groupindex, indexgroup
    )
    return compiled


def _code_type() -> str:
    size = _INTERNALS[0].CODESIZE if _INTERNALS is not None else 4
    return next((t for t in "IL" if array(t).itemsize == size), "L")


_CODE_TYPE = _code_type()


def compile_pattern(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """``re.compile(pattern, flags)``, built from the program a run before this one
    kept when there is one (and kept for the next run when there is not)."""
    flags = int(flags)
    if not enabled() or not isinstance(pattern, str) or flags & re.DEBUG:
        return re.compile(pattern, flags)
    key = (pattern, flags)
    entry = _KEPT.load().get(key)
    if entry is not None:
        try:
            compiled = _built(pattern, entry)
        except Exception:  # a program the engine refuses: compiled anew below
            pass
        else:
            _KEPT.used.add(key)
            _KEPT.hits += 1
            return compiled
    try:
        compiled, entry = _program(pattern, flags)
    except re.error:
        raise  # a bad pattern: the error re.compile gives
    except Exception:  # internals not as expected: as re does it
        return re.compile(pattern, flags)
    _keep(key, entry)
    return compiled


def derived(kind: str, source: str, compute: Callable[[str], V], check: Callable[[Any], bool]) -> V:
    """``compute(source)``, for a pure function of a pattern's source whose value
    ``marshal`` writes (strings, numbers, tuples, ``None``): read from the file when a run
    before kept it and ``check`` accepts what was read, else computed now (and kept).

    ``kind`` must name the code that computes the value as well as what it is (see
    :func:`code_digest`): a value kept by another version of that code is never read."""
    if not enabled():
        return compute(source)
    key = (kind, source)
    value = _KEPT.load().get(key)
    if value is not None and check(value):
        _KEPT.used.add(key)
        _KEPT.hits += 1
        return value  # type: ignore[no-any-return]
    value = compute(source)
    _keep(key, value)
    return value


def code_digest(*modules: str) -> str:
    """A short digest of the source files of ``modules`` (dotted names; their version
    when a source file cannot be read), for a :func:`derived` kind: an upgrade, or two
    installs sharing one cache folder, never read each other's values."""
    digest = hashlib.sha256()
    for name in modules:
        module = sys.modules.get(name)
        path = getattr(module, "__file__", None)
        try:
            digest.update(Path(path).read_bytes() if path else name.encode())
        except OSError:
            digest.update(name.encode())
    return digest.hexdigest()[:16]


def _keep(key: _Key, entry: object) -> None:
    """Keep ``entry`` for the next run (written at exit)."""
    _KEPT.misses += 1
    _KEPT.used.add(key)
    with _KEPT.lock:
        _KEPT.new[key] = entry
        if not _KEPT.saving:
            _KEPT.saving = True
            atexit.register(save)


def save() -> None:
    """Write what this process made, with what the file holds now, to the file (at exit;
    a failure is ignored: it is a cache)."""
    # Ctrl-C can leave the lock held (an interrupt between a `with` taking it and the body
    # that would release it): at exit, a save skipped is better than a process that
    # never ends.
    if not _KEPT.lock.acquire(timeout=limits.PATTERN_CACHE_SAVE_WAIT_SECONDS):
        return
    try:
        path, new = _KEPT.path, dict(_KEPT.new)
        _KEPT.new.clear()
    finally:
        _KEPT.lock.release()
    if path is None or not new:
        return
    try:
        merged = {**_read(path), **new}
        data = marshal.dumps(merged)
        if len(data) > MAX_FILE_BYTES:  # what this run used, and nothing else
            data = marshal.dumps({k: e for k, e in merged.items() if k in _KEPT.used})
        if len(data) > MAX_FILE_BYTES:
            return
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        fd, temp = tempfile.mkstemp(prefix=".patterns-", dir=path.parent)
        try:
            with os.fdopen(fd, "wb") as file:
                file.write(data)
            os.replace(temp, path)
        except BaseException:
            Path(temp).unlink(missing_ok=True)
            raise
    except OSError:
        pass


def stats() -> dict[str, int]:
    """How many patterns this process built from kept programs (``hits``) and compiled
    (``misses``), and how many programs it has read (``kept``)."""
    kept = len(_KEPT.loaded) if _KEPT.loaded is not None else 0
    return {"hits": _KEPT.hits, "misses": _KEPT.misses, "kept": kept}
