"""Driving the MCP server as a real subprocess through the SDK's own client over stdio.

Every MCP test starts ``python -m autopatch_memory_cli mcp REPO`` with
``mcp.client.stdio.stdio_client`` and talks to it with ``ClientSession``; these are the
helpers they share (tests/README.md: a helper of one folder stays in that folder).
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio
from autopatch_memory_cli.mcp_server import META_REASON
from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp.types import CallToolResult, Implementation, TextContent

from autopatch_memory.store import MEMORY_DIR_NAME, MEMORY_FILE_NAME

SESSION_DEADLINE = 90  # seconds a whole session may take on a loaded machine
CLIENT = "pytest-agent"


def server_params(repo: Path, env: dict[str, str] | None = None) -> StdioServerParameters:
    environment = dict(os.environ)  # the fail-closed environment of conftest
    environment["PYTHONIOENCODING"] = "utf-8"
    environment.update(env or {})
    return StdioServerParameters(
        command=sys.executable,
        args=["-m", "autopatch_memory_cli", "mcp", str(repo)],
        env=environment,
    )


@asynccontextmanager
async def connect(
    repo: Path, errlog: Path, *, name: str = CLIENT, env: dict[str, str] | None = None
) -> AsyncIterator[ClientSession]:
    with errlog.open("a", encoding="utf-8") as log:
        async with stdio_client(server_params(repo, env), errlog=log) as (read, write):
            info = Implementation(name=name, version="1.0")
            async with ClientSession(read, write, client_info=info) as session:
                await session.initialize()
                yield session


def run(main: Callable[[], Awaitable[None]]) -> None:
    async def bounded() -> None:
        with anyio.fail_after(SESSION_DEADLINE):
            await main()

    anyio.run(bounded)


def data(result: CallToolResult) -> dict[str, Any]:
    """The structured content of a successful result (it must be one)."""
    assert not result.is_error, result.content
    assert result.structured_content is not None
    text = result.content[0]
    assert isinstance(text, TextContent) and text.text  # every result has a short text
    return dict(result.structured_content)


def text_of(result: CallToolResult) -> str:
    block = result.content[0]
    assert isinstance(block, TextContent)
    return block.text


def refusal_reason(result: CallToolResult) -> str:
    """The reason code of a refused call: a tool result with ``isError`` whose one line of
    text starts with the code, the code also in ``_meta``; never a traceback."""
    assert result.is_error is True, result
    assert len(result.content) == 1
    line = text_of(result)
    assert "\n" not in line and "Traceback" not in line, line
    reason, _, why = line.partition(": ")
    assert why.strip(), line
    assert result.meta is not None and result.meta[META_REASON] == reason
    assert result.structured_content is None
    return reason


async def refused(session: ClientSession, tool: str, arguments: dict[str, Any]) -> str:
    """The reason code of the refusal a call gets (it must get one)."""
    return refusal_reason(await session.call_tool(tool, arguments))


def memory_file(repo: Path) -> Path:
    return repo / MEMORY_DIR_NAME / MEMORY_FILE_NAME


def stored(repo: Path) -> dict[str, Any]:
    value: dict[str, Any] = json.loads(memory_file(repo).read_text(encoding="utf-8"))
    return value


def journal(repo: Path) -> list[dict[str, Any]]:
    path = repo / MEMORY_DIR_NAME / "memory.journal.jsonl"
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def no_server_crash(errlog: Path) -> None:
    text = errlog.read_text(encoding="utf-8") if errlog.exists() else ""
    assert "Traceback" not in text, text
