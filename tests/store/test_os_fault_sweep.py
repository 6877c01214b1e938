"""A fault at any system call of the library never escapes as a raw OSError, and never
tears a file (docs/errors.md, docs/design.md#failure-policy).

The sweep first runs a host's turn cycle (open, context, record_turn twice, context)
once with every system call observed, and lists the distinct places in the library
that make each call. Then, for each place and each of EIO, EACCES, ENOSPC and EROFS,
it runs the cycle again with that place failing, on a fresh repository and on one
that already has memory: ``open`` raises nothing but ``StoreError``, ``record_turn``
returns an id or ``None`` with ``last_error`` set, ``context`` degrades to an empty
context, and afterwards the memory file is a whole, valid file and every journal line
is a whole entry.

(A fault injection of this kind once found 12 of 124 faulted runs escaping as a raw
OSError: the lock descriptor's fstat, the folder stat in open, the close of the folder
after its fsync.)
"""

from __future__ import annotations

import errno
import fcntl
import json
import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from types import FrameType
from typing import Any

import pytest

import autopatch_memory
from autopatch_memory.context import MemoryContext
from autopatch_memory.errors import StoreError
from autopatch_memory.memory import ProjectMemory
from autopatch_memory.store import parse_document

PACKAGE = os.path.dirname(autopatch_memory.__file__)
ERRNOS = (errno.EIO, errno.EACCES, errno.ENOSPC, errno.EROFS)
# Every system call the store, the lock and the journal make (and some the facade and
# the profile collector make on the way).
OS_CALLS = (
    "open",
    "fstat",
    "stat",
    "lstat",
    "fsync",
    "replace",
    "close",
    "write",
    "read",
    "pread",
    "mkdir",
    "unlink",
    "scandir",
    "listdir",
    "chmod",
    "lseek",
    "ftruncate",
)

Site = tuple[str, str, int]  # (call, library file, line)


class Faults:
    """Wraps the system calls: observes where the library makes them, or fails one place."""

    def __init__(self) -> None:
        self.observing = False
        self.seen: set[Site] = set()
        self.target: Site | None = None
        self.errno = 0
        self.hits = 0

    @staticmethod
    def _site(call: str, frame: FrameType | None) -> Site | None:
        # The first frame inside the library: calls made through pathlib or tempfile
        # count at the library line that asked for them.
        while frame is not None:
            name = frame.f_code.co_filename
            if name.startswith(PACKAGE):
                return (call, os.path.relpath(name, PACKAGE), frame.f_lineno)
            frame = frame.f_back
        return None

    def wrap(self, call: str, real: Callable[..., Any]) -> Callable[..., Any]:
        def faulty(*args: Any, **kwargs: Any) -> Any:
            if self.observing or self.target is not None:
                site = self._site(call, sys._getframe(1))
                if site is not None:
                    if self.observing:
                        self.seen.add(site)
                    elif site == self.target:
                        self.hits += 1
                        raise OSError(self.errno, os.strerror(self.errno))
            return real(*args, **kwargs)

        return faulty

    @classmethod
    def installed(cls, monkeypatch: pytest.MonkeyPatch) -> Faults:
        faults = cls()
        for call in OS_CALLS:
            monkeypatch.setattr(os, call, faults.wrap(call, getattr(os, call)))
        monkeypatch.setattr(fcntl, "flock", faults.wrap("flock", fcntl.flock))
        return faults

    def failing(self, site: Site, number: int) -> _Failing:
        return _Failing(self, site, number)


class _Failing:
    def __init__(self, faults: Faults, site: Site, number: int) -> None:
        self.faults, self.site, self.number = faults, site, number

    def __enter__(self) -> None:
        self.faults.target, self.faults.errno, self.faults.hits = self.site, self.number, 0

    def __exit__(self, *exc: object) -> None:
        self.faults.target = None


def _repository(root: Path) -> Path:
    (root / ".git").mkdir(parents=True)
    (root / "pom.xml").write_text(
        "<project><artifactId>shop</artifactId><version>1</version></project>", encoding="utf-8"
    )
    return root


def _turns(repo: Path) -> Iterator[str | None]:
    """One host's turns: open, context, two recorded turns, context again."""
    memory = ProjectMemory.open(repo, backend="off")
    try:
        context = memory.context("general_chat", "How does OrderService refund?")
        assert isinstance(context, MemoryContext)
        for question in ("How does OrderService refund?", "以后回答请用中文。"):
            turn = memory.record_turn("general_chat", question, "It calls the gateway.")
            assert turn is not None or memory.last_error is not None
            yield turn
        assert isinstance(memory.context("general_chat", "OrderService"), MemoryContext)
    finally:
        memory.close()


def _run_turns(repo: Path) -> None:
    try:
        for _ in _turns(repo):
            pass
    except StoreError:
        pass  # open may refuse a folder it cannot use: that is the library's error


def _assert_whole_files(repo: Path) -> None:
    folder = repo / ".autopatch-j"
    memory_file = folder / "memory.json"
    if memory_file.exists():
        _, problem = parse_document(memory_file.read_bytes())
        assert problem is None, problem
    for name in ("memory.journal.jsonl", "memory.journal.1.jsonl"):
        journal = folder / name
        if journal.exists():
            for line in journal.read_bytes().splitlines():
                assert isinstance(json.loads(line), dict), line


def test_no_fault_at_any_system_call_escapes_as_a_raw_os_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    faults = Faults.installed(monkeypatch)
    faults.observing = True
    seeded = _repository(tmp_path / "seen")
    _run_turns(seeded)
    _run_turns(seeded)  # with memory already there: the read and replace paths
    faults.observing = False
    sites = sorted(faults.seen)
    assert {call for call, _, _ in sites} >= {"open", "fstat", "fsync", "replace", "close"}

    runs, escaped = 0, []
    for index, site in enumerate(sites):
        for number in ERRNOS:
            for existing in (False, True):
                repo = _repository(tmp_path / f"r{index}-{number}-{int(existing)}")
                if existing:
                    _run_turns(repo)
                with faults.failing(site, number):
                    try:
                        _run_turns(repo)
                    except OSError as exc:  # what this test is about
                        escaped.append(f"{site} {errno.errorcode[number]}: {exc!r}")
                hit = faults.hits > 0
                runs += hit
                _assert_whole_files(repo)
    with capsys.disabled():
        print(f"\nOS fault sweep: {len(sites)} call sites, {runs} faulted runs, all contained")
    assert escaped == []
    assert runs >= 100  # the sweep really faulted the library, many times over
