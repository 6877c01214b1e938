"""Refusals reach the agent's model (issue 30, item 10).

Under the negotiated protocol (2025-11-25, SEP-1303) a bad argument or a domain refusal
is a tool result with ``isError: true`` and one line ``<reason>: <why>`` — the model
reads it and can retry — and only an unknown tool or a malformed request is a JSON-RPC
error. Before, every refusal was a JSON-RPC error: ``isError`` was never true and the
model never saw why. Driven through the SDK's client over stdio.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from autopatch_memory_cli.mcp_server import META_FIELDS
from mcp.shared.exceptions import MCPError
from mcp.types import INVALID_PARAMS
from mcp_cases import CASES
from mcp_client import (
    connect,
    data,
    journal,
    memory_file,
    no_server_crash,
    refusal_reason,
    refused,
    run,
    text_of,
)

from autopatch_memory import limits
from autopatch_memory.store import MEMORY_DIR_NAME


def test_every_refusal_is_an_is_error_result_with_a_one_line_reason(
    repo: Path, tmp_path: Path
) -> None:
    errlog = tmp_path / "server.log"

    async def main() -> None:
        async with connect(repo, errlog) as session:
            kept = data(await session.call_tool("remember", {"text": "Answer in English"}))
            before = memory_file(repo).read_bytes()
            got = [(tool, await refused(session, tool, arguments)) for tool, arguments, _ in CASES]
            assert got == [(tool, reason) for tool, _, reason in CASES]
            assert memory_file(repo).read_bytes() == before
            # Restoring an active item is no error and changes nothing.
            again = data(await session.call_tool("restore", {"item_id": kept["item_id"]}))
            assert again["outcome"] == "unchanged"
            # The server still serves.
            assert data(await session.call_tool("search_memory", {"query": "English"}))["hits"]

    run(main)
    applied = [e for e in journal(repo) if e["outcome"] == "applied" and e["op"] != "change"]
    assert [e["op"] for e in applied] == ["remember"]
    assert "hunter2" not in (repo / MEMORY_DIR_NAME / "memory.journal.jsonl").read_text("utf-8")
    no_server_crash(errlog)


def test_a_refusal_says_what_to_fix_and_never_echoes_the_value(repo: Path, tmp_path: Path) -> None:
    async def main() -> None:
        async with connect(repo, tmp_path / "server.log") as session:
            extra = await session.call_tool(
                "remember", {"text": "use Gradle", "type": "rule", "secret": "hunter2"}
            )
            assert refusal_reason(extra) == "bad_arguments"
            line = text_of(extra)
            assert "type is not an argument of this tool" in line
            assert "(its arguments: text, kind, label)" in line
            assert "hunter2" not in line
            assert extra.meta is not None and extra.meta[META_FIELDS] == ["secret", "type"]

            bounds = await session.call_tool("search_memory", {"query": "x", "limit": 0})
            assert text_of(bounds) == (
                "bad_arguments: limit Input should be greater than or equal to 1"
            )
            missing = await session.call_tool("get_context", {"intent": "general_chat"})
            assert text_of(missing) == "bad_arguments: question is required"

            long = await session.call_tool("remember", {"text": "我们的约定 " * 400})
            assert refusal_reason(long) == "too_long"
            assert "我们的约定 我们的约定" not in text_of(long)

            many = await session.call_tool(
                "record_turn", {"intent": 1, "question": 2, "answer": 3, "a": 1, "b": 2, "c": 3}
            )
            assert refusal_reason(many) == "bad_arguments"
            assert text_of(many).count(";") == limits.MCP_MAX_REPORTED_PROBLEMS
            assert "more" in text_of(many)

    run(main)


def test_only_an_unknown_tool_is_a_protocol_error(repo: Path, tmp_path: Path) -> None:
    async def main() -> None:
        async with connect(repo, tmp_path / "server.log") as session:
            with pytest.raises(MCPError) as caught:
                await session.call_tool("no_such_tool", {})
            assert caught.value.code == INVALID_PARAMS
            assert caught.value.data == {"reason": "unknown_tool"}
            assert caught.value.message.startswith("unknown_tool: ")
            with pytest.raises(MCPError):
                await session.call_tool("x" * 5000, {})
            # The session goes on.
            assert data(await session.call_tool("get_profile", {}))["profile"] is None

    run(main)


def test_an_unwritable_memory_is_a_refusal_not_a_crash(repo: Path, tmp_path: Path) -> None:
    errlog = tmp_path / "server.log"
    (repo / MEMORY_DIR_NAME).write_text("a file where the memory folder belongs", encoding="utf-8")

    async def main() -> None:
        async with connect(repo, errlog) as session:
            turn = {"intent": "general_chat", "question": "Optional 怎么用？"}
            assert await refused(session, "record_turn", turn) == "store_error"
            assert (
                await refused(session, "remember", {"text": "Answer in English"}) == "store_error"
            )
            assert await refused(session, "undo", {}) == "store_error"
            # Reading degrades to an empty context, as for any host.
            ctx = data(await session.call_tool("get_context", turn))
            assert ctx["items"] == []

    run(main)
    assert (repo / MEMORY_DIR_NAME).is_file()
    no_server_crash(errlog)
