"""The one boundary of OS errors (autopatch_memory.safe_io.os_errors): what a host sees
when a system call of the store, the lock or the journal fails (docs/errors.md)."""

from __future__ import annotations

import errno
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from autopatch_memory.errors import StoreError
from autopatch_memory.memory import ProjectMemory
from autopatch_memory.safe_io import os_error_text, os_errors


def _fail_on(
    monkeypatch: pytest.MonkeyPatch, call: str, number: int, when: Callable[[Any], bool]
) -> None:
    real = getattr(os, call)

    def failing(*args: Any, **kwargs: Any) -> Any:
        if when(args[0]):
            raise OSError(number, os.strerror(number))
        return real(*args, **kwargs)

    monkeypatch.setattr(os, call, failing)


def test_the_boundary_names_what_was_done_and_the_error_code() -> None:
    with pytest.raises(StoreError) as raised, os_errors("cannot write the journal"):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
    assert str(raised.value) == "cannot write the journal: No space left on device (ENOSPC)"
    assert isinstance(raised.value.__cause__, OSError)
    assert os_error_text(OSError("plain")) == "plain"


def test_other_errors_pass_the_boundary_unchanged() -> None:
    with pytest.raises(KeyError), os_errors("cannot read"):
        raise KeyError("not an OS error")


def test_an_error_on_the_lock_descriptors_fstat_fails_the_turn_quietly(
    repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    memory = ProjectMemory.open(repo, backend="off")
    lock = repo / ".autopatch-j" / "memory.json.lock"
    real_open, locks = os.open, set()

    def tracking_open(path: Any, *args: Any, **kwargs: Any) -> int:
        fd = real_open(path, *args, **kwargs)
        if os.fspath(path) == str(lock):
            locks.add(fd)
        return fd

    monkeypatch.setattr(os, "open", tracking_open)
    _fail_on(monkeypatch, "fstat", errno.EIO, lambda fd: fd in locks)
    assert memory.record_turn("general_chat", "How does OrderService refund?", "") is None
    assert memory.last_error is not None
    assert "cannot lock" in memory.last_error.message and "EIO" in memory.last_error.message
    monkeypatch.undo()
    assert memory.record_turn("general_chat", "How does OrderService refund?", "") is not None


def test_a_folder_that_will_not_close_after_its_fsync_does_not_undo_a_write(
    repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The replace has landed and the folder is fsynced: the write is done.
    memory = ProjectMemory.open(repo, backend="off")
    folder = repo / ".autopatch-j"
    real_open, folders = os.open, set()

    def tracking_open(path: Any, *args: Any, **kwargs: Any) -> int:
        fd = real_open(path, *args, **kwargs)
        if os.fspath(path) == str(folder):
            folders.add(fd)
        return fd

    real_close = os.close

    def failing_close(fd: int) -> None:
        real_close(fd)
        if fd in folders:
            raise OSError(errno.EIO, os.strerror(errno.EIO))

    monkeypatch.setattr(os, "open", tracking_open)
    monkeypatch.setattr(os, "close", failing_close)
    turn = memory.record_turn("general_chat", "How does OrderService refund?", "")
    monkeypatch.undo()
    assert turn is not None and folders
    assert [t.id for t in memory.document().working_memory.recent_turns] == [turn]


def test_a_folder_stat_error_in_open_is_a_store_error(
    repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _fail_on(monkeypatch, "stat", errno.EACCES, lambda path: os.fspath(path) == str(repo))
    with pytest.raises(StoreError, match=r"repository folder not found: .*EACCES"):
        ProjectMemory.open(repo, backend="off")


def _deep_folder(base: Path, length: int, monkeypatch: pytest.MonkeyPatch) -> str:
    """A folder whose absolute path is ``length`` characters long (made with relative
    steps: the system refuses such a path whole)."""
    base.mkdir()
    monkeypatch.chdir(base)
    path, part = str(base), "d" * 200
    while len(path) + 1 + len(part) < length - 20:
        os.mkdir(part)
        os.chdir(part)
        path += "/" + part
    last = "e" * (length - len(path) - 1)
    os.mkdir(last)
    return f"{path}/{last}"


@pytest.mark.skipif(os.name != "posix", reason="PATH_MAX of a POSIX system")
def test_a_repository_path_longer_than_the_system_allows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    limit = os.pathconf("/", "PC_PATH_MAX")
    # The repository's own path is too long: open says so as a StoreError.
    too_long = _deep_folder(tmp_path / "a", limit + 50, monkeypatch)
    with pytest.raises(StoreError):
        ProjectMemory.open(too_long, backend="off")
    # The repository fits but its memory folder does not: the turn degrades.
    near = _deep_folder(tmp_path / "b", limit - 8, monkeypatch)
    memory = ProjectMemory.open(near, backend="off")
    assert memory.context("general_chat", "OrderService").is_empty
    assert memory.record_turn("general_chat", "How does OrderService refund?", "") is None
    assert memory.last_error is not None and "ENAMETOOLONG" in memory.last_error.message
