"""State files are never read or written through a link on a system without O_NOFOLLOW
(Windows): the portable path in ``safe_io`` looks before it opens and checks after
(docs/design.md#storage-guarantees).

Every test forces that path (``safe_io.KERNEL_REFUSES_LINKS = False``: O_NOFOLLOW is
then left out of every open), so the checks run here on Linux and macOS exactly as
they run on Windows.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from types import SimpleNamespace

import pytest

from autopatch_memory import safe_io
from autopatch_memory.diagnostics import CheckName, CheckStatus, diagnose
from autopatch_memory.errors import StoreError
from autopatch_memory.memory import ProjectMemory

pytestmark = pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symbolic links")

PRECIOUS = b"precious\n"
QUESTION = "How does OrderService refund a cancelled order?"
# Windows reparse tags (winnt.h), spelled out: the stat module has them on Windows only.
MOUNT_POINT, SYMLINK, CLOUD = 0xA0000003, 0xA000000C, 0x9000001A


@pytest.fixture(autouse=True)
def without_nofollow(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(safe_io, "KERNEL_REFUSES_LINKS", False)


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    """A file outside the repository that nobody may write through a link."""
    target = tmp_path / "outside" / "precious.txt"
    target.parent.mkdir()
    target.write_bytes(PRECIOUS)
    return target


def _state(repo: Path) -> Path:
    folder = repo / ".autopatch-j"
    folder.mkdir()
    return folder


def test_memory_works_on_the_portable_path(repo: Path) -> None:
    with ProjectMemory.open(repo, backend="off") as memory:
        assert memory.record_turn("general_chat", QUESTION, "")
        assert memory.remember("以后回答都先给结论。").item_id
        assert memory.last_error is None and memory.journal.append_error is None
        assert len(memory.journal_entries()) >= 2
    with ProjectMemory.open(repo, backend="off") as memory:
        assert len(memory.document().working_memory.recent_turns) == 1


def test_a_linked_journal_is_refused(repo: Path, outside: Path) -> None:
    os.symlink(outside, _state(repo) / "memory.journal.jsonl")
    with ProjectMemory.open(repo, backend="off") as memory:
        assert memory.record_turn("general_chat", QUESTION, "")  # the memory file is the asset
        assert memory.journal.append_error is not None
        assert "symbolic link" in memory.journal.append_error
        check = diagnose(memory).check(CheckName.JOURNAL)
        assert check is not None and check.status is CheckStatus.ERROR
    assert outside.read_bytes() == PRECIOUS


def test_a_linked_memory_file_is_neither_read_nor_written(repo: Path, outside: Path) -> None:
    os.symlink(outside, _state(repo) / "memory.json")
    with ProjectMemory.open(repo, backend="off") as memory:
        assert memory.context("general_chat", QUESTION).is_empty
        assert memory.last_error is not None and "symbolic link" in memory.last_error.message
        assert memory.record_turn("general_chat", QUESTION, "") is None
        check = diagnose(memory).check(CheckName.MEMORY_FILE)
        assert check is not None and check.status is CheckStatus.ERROR
        assert "symbolic link" in check.summary
    assert outside.read_bytes() == PRECIOUS


def test_a_hard_linked_journal_is_refused(repo: Path, outside: Path) -> None:
    os.link(outside, _state(repo) / "memory.journal.jsonl")
    with ProjectMemory.open(repo, backend="off") as memory:
        assert memory.record_turn("general_chat", QUESTION, "")
        assert memory.journal.append_error is not None
        assert "hard link" in memory.journal.append_error
    assert outside.read_bytes() == PRECIOUS


def test_a_link_swapped_in_between_the_look_and_the_open_is_refused(
    repo: Path, outside: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The race the look-then-open leaves: a plain journal when it is looked at, a link
    # when it is opened. The check after the open sees the name no longer names the
    # file that was opened.
    journal = _state(repo) / "memory.journal.jsonl"
    journal.write_bytes(b"")
    real_open = os.open

    def swap_then_open(path: str | os.PathLike[str], flags: int, mode: int = 0o777) -> int:
        if Path(path) == journal and not journal.is_symlink():
            journal.unlink()
            os.symlink(outside, journal)
        return real_open(path, flags, mode)

    monkeypatch.setattr(os, "open", swap_then_open)
    with pytest.raises(StoreError, match="symbolic link"):
        safe_io.open_append_sized(journal, 0o600)
    assert outside.read_bytes() == PRECIOUS


def test_a_linked_state_folder_is_refused(repo: Path, tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    os.symlink(elsewhere, repo / ".autopatch-j")
    with ProjectMemory.open(repo, backend="off") as memory:
        assert memory.record_turn("general_chat", QUESTION, "") is None
        assert memory.last_error is not None and "symbolic link" in memory.last_error.message
    assert list(elsewhere.iterdir()) == []


@pytest.mark.parametrize(
    ("mode", "tag", "linked"),
    [
        (stat.S_IFDIR, MOUNT_POINT, True),  # a Windows junction
        (stat.S_IFREG, SYMLINK, True),
        (stat.S_IFREG, CLOUD, False),  # a cloud placeholder: a plain file
        (stat.S_IFLNK, 0, True),
        (stat.S_IFREG, 0, False),
    ],
)
def test_what_counts_as_a_link(mode: int, tag: int, linked: bool) -> None:
    found = SimpleNamespace(st_mode=mode | 0o644, st_reparse_tag=tag)
    assert safe_io.is_link(found) is linked  # type: ignore[arg-type]
