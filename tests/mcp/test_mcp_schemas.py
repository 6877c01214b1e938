"""The tools' schemas say what the server enforces (issue 30, item 11).

Read from ``tools/list`` through the SDK's client: every bound is a JSON Schema keyword
(``minimum``/``maximum``, not pydantic's ``ge``/``le`` that validators ignore), every
optional argument the server reads as its default when null is nullable, no argument
outside the schema is accepted (``additionalProperties: false``), descriptions carry no
docstring indentation; and a JSON Schema validator and the server agree on every call
below. Timestamps in results are written as the memory file writes them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from mcp.types import Tool
from mcp_cases import CASES
from mcp_client import connect, data, refused, run, stored

PYDANTIC_ONLY_KEYS = {"ge", "le", "gt", "lt", "min_length", "max_length", "multiple_of"}
# The memory file's own timestamps: ISO 8601 to the second, with the UTC offset.
FILE_TIMESTAMP = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$")

# Calls the schema accepts: the server must not refuse them as bad arguments.
VALID_CALLS: list[tuple[str, dict[str, Any]]] = [
    ("get_context", {"intent": "general_chat", "question": "Optional 怎么用？"}),
    # a number with no fraction is an integer to JSON Schema: to the server too
    ("search_memory", {"query": "x", "limit": 5.0}),
    ("list_memory", {"offset": 0.0}),
    (
        "record_turn",
        {
            "intent": "code_explain",
            "question": "订单模块怎么分层？",
            "answer": None,
            "scope_paths": None,
            "project_level": None,
        },
    ),
    ("record_turn", {"intent": "general_chat", "question": "q", "scope_paths": ["a"] * 100}),
    ("remember", {"text": "以后回答都用中文", "kind": None, "label": None}),
    ("remember", {"text": "The api module exposes REST under /api/v1", "kind": "note"}),
    ("search_memory", {"query": "中文", "include_archived": None, "limit": None}),
    ("search_memory", {"query": "x", "limit": 50}),
    ("list_memory", {}),
    ("list_memory", {"kind": None, "offset": None, "limit": None}),
    ("list_memory", {"kind": "note", "offset": 50, "limit": 1}),
    ("undo", {"count": None}),
    ("get_profile", {}),
    ("request_summary", {"wait_seconds": None}),
    ("request_summary", {"wait_seconds": 0.5}),
]


def _walk(node: Any) -> Iterator[dict[str, Any]]:
    if isinstance(node, dict):
        yield node
        for value in node.values():
            yield from _walk(value)
    elif isinstance(node, list):
        for value in node:
            yield from _walk(value)


def _branches(prop: dict[str, Any]) -> list[dict[str, Any]]:
    """The non-null alternatives of a property (itself when it is no union)."""
    options = prop.get("anyOf", [prop])
    return [o for o in options if o.get("type") != "null"]


def _nullable(prop: dict[str, Any]) -> bool:
    return {"type": "null"} in prop.get("anyOf", [])


def check_tool(tool: Tool) -> None:
    schema = tool.input_schema
    Draft202012Validator.check_schema(schema)
    assert tool.output_schema is not None
    Draft202012Validator.check_schema(tool.output_schema)
    assert schema["type"] == "object" and schema["additionalProperties"] is False
    assert not [n for n in _walk(schema) if PYDANTIC_ONLY_KEYS & set(n)], schema
    required = set(schema.get("required", []))
    for name, prop in schema["properties"].items():
        if name not in required:
            # Null is read as the default: the schema says null is accepted.
            assert _nullable(prop) and "default" in prop, (tool.name, name, prop)
        for branch in _branches(prop):
            kind = branch.get("type")
            if kind in ("integer", "number"):
                assert "minimum" in branch and "maximum" in branch, (tool.name, name)
            if kind == "string" and "enum" not in branch:
                assert "maxLength" in branch, (tool.name, name)
            if kind == "array":
                assert "maxItems" in branch and "maxLength" in branch["items"], (tool.name, name)
    description = tool.description or ""
    assert description and description == description.strip()
    assert "\n " not in description and "  " not in description, description


def test_every_schema_says_what_the_server_enforces(repo: Path, tmp_path: Path) -> None:
    async def main() -> None:
        async with connect(repo, tmp_path / "server.log") as session:
            tools = {tool.name: tool for tool in (await session.list_tools()).tools}
            for tool in tools.values():
                check_tool(tool)
            validators = {
                name: Draft202012Validator(tool.input_schema) for name, tool in tools.items()
            }
            # What the schema refuses, the server refuses as bad arguments...
            for name, arguments, reason in CASES:
                schema_ok = validators[name].is_valid(arguments)
                assert schema_ok is (reason != "bad_arguments"), (name, arguments)
            for name, arguments, reason in CASES:
                if reason == "bad_arguments":
                    assert await refused(session, name, arguments) == "bad_arguments"
            # ...and what it accepts, the server accepts.
            for name, arguments in VALID_CALLS:
                assert validators[name].is_valid(arguments), (name, arguments)
                result = await session.call_tool(name, arguments)
                assert not result.is_error, (name, arguments, result.content)

    run(main)


def test_results_write_timestamps_as_the_memory_file_does(repo: Path, tmp_path: Path) -> None:
    found: dict[str, Any] = {}

    async def main() -> None:
        async with connect(repo, tmp_path / "server.log") as session:
            rule = data(await session.call_tool("remember", {"text": "Answer in English"}))
            edited = data(
                await session.call_tool(
                    "edit_memory",
                    {"item_id": rule["item_id"], "text": "Answer in English, briefly"},
                )
            )
            found["results"] = [
                rule,
                edited,
                data(await session.call_tool("search_memory", {"query": "English"})),
                data(await session.call_tool("list_memory", {})),
                data(await session.call_tool("get_memory", {"item_id": rule["item_id"]})),
            ]

    run(main)
    on_disk = {item["id"]: item for item in stored(repo)["long_term_memory"]["durable_preferences"]}
    stamps = [
        (node.get("id"), key, value)
        for result in found["results"]
        for node in _walk(result)
        for key, value in node.items()
        if key.endswith("_at")
    ]
    assert len(stamps) >= 8
    for item_id, key, value in stamps:
        assert FILE_TIMESTAMP.match(value), (key, value)
        if item_id in on_disk and key == "created_at":
            assert value == on_disk[item_id][key]
