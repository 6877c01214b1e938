"""Nothing leaves the repository: scope paths that lead out through a link are not
stored, and no state file is read or written through a hard link or a symbolic link
(docs/design.md#storage-guarantees, docs/file-format.md#files-next-to-it)."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

from autopatch_memory.diagnostics import CheckName, CheckStatus, diagnose
from autopatch_memory.memory import ProjectMemory
from autopatch_memory.store import MemoryStore

pytestmark = pytest.mark.skipif(not hasattr(os, "link"), reason="needs hard links")

VALID_MEMORY = json.dumps({"version": 1}).encode("utf-8")


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    """A folder outside the repository, holding a file someone cares about."""
    folder = tmp_path / "outside"
    folder.mkdir()
    (folder / "precious.txt").write_bytes(b"precious\n")
    (folder / "notes").mkdir()
    return folder


def _links(repo: Path, outside: Path) -> None:
    (repo / "src").mkdir()
    (repo / "src" / "A.java").write_text("class A {}", encoding="utf-8")
    (repo / "documentation").mkdir()
    os.symlink(outside, repo / "vendor")  # leads out
    os.symlink(outside / "precious.txt", repo / "src" / "precious.txt")  # leads out
    os.symlink(repo / "documentation", repo / "docs")  # stays in


def test_scope_paths_that_lead_out_through_a_link_are_not_stored(repo: Path, outside: Path) -> None:
    _links(repo, outside)
    given = [
        "vendor/notes/secret.md",  # through a linked folder
        "vendor",
        "src/precious.txt",  # a linked file
        "docs/../vendor/x",  # a `..` after a link that stays in, then out
        "src/A.java",
        "docs/guide.md",  # a link inside the repository, to a folder inside it
        str(repo / "vendor" / "notes"),  # absolute, through the link
        str(repo / "src" / "A.java"),
    ]
    with ProjectMemory.open(repo, backend="off") as memory:
        turn = memory.record_turn("code_explain", "What does A do?", "", scope_paths=given)
        assert turn is not None
        stored = memory.document().working_memory.recent_turns[0].scope_paths
    assert stored == ["src/A.java", "docs/guide.md"]


def test_a_scope_path_through_a_link_is_not_stored_over_mcp(
    repo: Path, outside: Path, tmp_path: Path
) -> None:
    _links(repo, outside)
    environment = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "autopatch_memory_cli", "mcp", str(repo)],
        env=environment,
    )

    async def main() -> dict[str, Any]:
        arguments = {
            "intent": "code_explain",
            "question": "What does A do?",
            "scope_paths": ["vendor/notes/secret.md", "src/A.java"],
        }
        with (tmp_path / "errlog").open("a", encoding="utf-8") as log:
            async with (
                stdio_client(params, errlog=log) as (read, write),
                ClientSession(read, write) as session,
            ):
                await session.initialize()
                result = await session.call_tool("record_turn", arguments)
                assert not result.is_error, result.content
                assert result.structured_content is not None
                return dict(result.structured_content)

    async def bounded() -> dict[str, Any]:
        with anyio.fail_after(90):
            return await main()

    assert anyio.run(bounded)["turn_id"]
    stored = json.loads((repo / ".autopatch-j" / "memory.json").read_text(encoding="utf-8"))
    assert stored["working_memory"]["recent_turns"][0]["scope_paths"] == ["src/A.java"]


def test_the_store_places_its_files_against_the_real_repository_root(
    repo: Path, tmp_path: Path
) -> None:
    linked = tmp_path / "linked-repo"
    os.symlink(repo, linked)
    store = MemoryStore(linked)
    assert store.repo_root == repo.resolve()
    assert store.path == repo.resolve() / ".autopatch-j" / "memory.json"


def _state_folder(repo: Path) -> Path:
    folder = repo / ".autopatch-j"
    folder.mkdir()
    return folder


def test_a_journal_hard_linked_to_a_file_outside_is_never_written_through(
    repo: Path, outside: Path
) -> None:
    folder = _state_folder(repo)
    os.link(outside / "precious.txt", folder / "memory.journal.jsonl")
    with ProjectMemory.open(repo, backend="off") as memory:
        # The memory file is the asset: the turn is recorded, the journal refused.
        assert memory.record_turn("general_chat", "How does OrderService refund?", "")
        assert memory.journal.append_error is not None
        assert "hard link" in memory.journal.append_error
        journal = diagnose(memory).check(CheckName.JOURNAL)
        assert journal is not None and journal.status is CheckStatus.ERROR
        assert "hard link" in journal.summary
    assert (outside / "precious.txt").read_bytes() == b"precious\n"


def test_a_hard_linked_lock_file_refuses_the_write(repo: Path, outside: Path) -> None:
    folder = _state_folder(repo)
    os.link(outside / "precious.txt", folder / "memory.json.lock")
    with ProjectMemory.open(repo, backend="off") as memory:
        assert memory.record_turn("general_chat", "How does OrderService refund?", "") is None
        assert memory.last_error is not None and "hard link" in memory.last_error.message
        lock = diagnose(memory).check(CheckName.LOCK)
        assert lock is not None and lock.status is CheckStatus.ERROR
    assert not (folder / "memory.json").exists()
    assert (outside / "precious.txt").read_bytes() == b"precious\n"


def test_a_hard_linked_memory_file_is_neither_read_nor_replaced(repo: Path, outside: Path) -> None:
    folder = _state_folder(repo)
    (outside / "memory.json").write_bytes(VALID_MEMORY)
    os.link(outside / "memory.json", folder / "memory.json")
    with ProjectMemory.open(repo, backend="off") as memory:
        assert memory.context("general_chat", "OrderService").is_empty
        assert memory.last_error is not None and "hard link" in memory.last_error.message
        assert memory.record_turn("general_chat", "How does OrderService refund?", "") is None
        check = diagnose(memory).check(CheckName.MEMORY_FILE)
        assert check is not None and check.status is CheckStatus.ERROR
        assert "hard link" in check.summary
    assert (outside / "memory.json").read_bytes() == VALID_MEMORY
    assert os.stat(folder / "memory.json").st_nlink == 2  # still the user's to sort out


def test_a_hard_linked_profile_cache_is_replaced_never_written_through(
    repo: Path, outside: Path
) -> None:
    (repo / "pom.xml").write_text(
        "<project><artifactId>shop</artifactId><version>1</version></project>", encoding="utf-8"
    )
    folder = _state_folder(repo)
    os.link(outside / "precious.txt", folder / "profile.cache.json")
    with ProjectMemory.open(repo, backend="off") as memory:
        memory.refresh_profile()
    assert (outside / "precious.txt").read_bytes() == b"precious\n"


def test_a_journal_that_is_a_symbolic_link_is_never_written_through(
    repo: Path, outside: Path
) -> None:
    folder = _state_folder(repo)
    os.symlink(outside / "precious.txt", folder / "memory.journal.jsonl")
    with ProjectMemory.open(repo, backend="off") as memory:
        assert memory.record_turn("general_chat", "How does OrderService refund?", "")
        assert memory.journal.append_error is not None
        assert "is a symbolic link; refusing to follow it" in memory.journal.append_error
    assert (outside / "precious.txt").read_bytes() == b"precious\n"
