"""The tool surface an agent expects (issue 30, item 12), through the SDK's client.

``list_memory`` pages through the active rules and notes, ``get_memory`` gives one by id
with its earlier texts, ``edit_memory`` makes a revision, ``undo`` takes changes back, and
the ``memory_context`` prompt hands an agent a question with its memory context — gated
by intent like everything else. Every write goes through the library with the agent as
the journal's actor.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from mcp.client.session import ClientSession
from mcp.shared.exceptions import MCPError
from mcp.types import TextContent
from mcp_client import CLIENT, connect, data, journal, no_server_crash, refused, run, text_of

from autopatch_memory.store import MEMORY_DIR_NAME

ACTOR = f"mcp:{CLIENT}"
RULES = (
    "以后回答都用中文，先给结论",
    "Never recommend Guava.",
    "Always show the full mvn command.",
)
NOTES = ("order-service 的数据库是 MySQL 8", "The api module exposes REST under /api/v1")


async def remember_all(session: ClientSession) -> dict[str, str]:
    ids = {}
    for text in RULES:
        ids[text] = data(await session.call_tool("remember", {"text": text}))["item_id"]
    for text in NOTES:
        arguments = {"text": text, "kind": "note"}
        ids[text] = data(await session.call_tool("remember", arguments))["item_id"]
    return ids


def test_list_memory_pages_through_the_active_rules_and_notes(repo: Path, tmp_path: Path) -> None:
    async def main() -> None:
        async with connect(repo, tmp_path / "server.log") as session:
            empty = await session.call_tool("list_memory", {})
            assert data(empty) == {"items": [], "total": 0, "offset": 0, "next_offset": None}
            assert text_of(empty) == "no rules or notes"
            ids = await remember_all(session)
            data(await session.call_tool("forget", {"item_id": ids["Never recommend Guava."]}))
            seen: list[str] = []
            offset: int | None = 0
            while offset is not None:
                page = data(await session.call_tool("list_memory", {"offset": offset, "limit": 2}))
                assert page["total"] == 4 and page["offset"] == offset
                assert len(page["items"]) <= 2
                seen += [item["summary"] for item in page["items"]]
                offset = page["next_offset"]
            # Rules first, each kind in the order it was made; the forgotten rule is not listed.
            assert seen == [RULES[0], RULES[2], *NOTES]
            notes = data(await session.call_tool("list_memory", {"kind": "note"}))
            assert [item["summary"] for item in notes["items"]] == list(NOTES)
            assert all(item["type"] == "project_note" for item in notes["items"])
            first = await session.call_tool("list_memory", {"limit": 1})
            assert text_of(first).splitlines()[0] == "1–1 of 4:"
            assert "(more: offset 1)" in text_of(first)
            past = data(await session.call_tool("list_memory", {"offset": 10}))
            assert past["items"] == [] and past["next_offset"] is None

    run(main)


def test_edit_memory_keeps_the_old_text_and_get_memory_shows_it(repo: Path, tmp_path: Path) -> None:
    errlog = tmp_path / "server.log"

    async def main() -> None:
        async with connect(repo, errlog) as session:
            ids = await remember_all(session)
            rule = ids["Never recommend Guava."]
            first = data(
                await session.call_tool(
                    "edit_memory", {"item_id": rule, "text": "Never recommend Guava or Joda-Time."}
                )
            )
            assert first["outcome"] == "updated" and first["item_id"] == rule
            assert first["previous"]["summary"] == "Never recommend Guava."
            second = await session.call_tool(
                "edit_memory",
                {"item_id": rule, "text": "Never recommend Guava, Joda-Time or fastjson."},
            )
            assert "earlier text kept as" in text_of(second)
            got = data(await session.call_tool("get_memory", {"item_id": rule}))
            assert got["item"]["summary"] == "Never recommend Guava, Joda-Time or fastjson."
            assert [r["summary"] for r in got["revisions"]] == [
                "Never recommend Guava or Joda-Time.",
                "Never recommend Guava.",
            ]
            assert all(
                r["revision_of"] == rule and r["status"] == "inactive" for r in got["revisions"]
            )
            # An earlier text is found by its own id, and restore brings it back.
            oldest = got["revisions"][-1]["id"]
            alone = data(await session.call_tool("get_memory", {"item_id": oldest}))
            assert alone["item"]["revision_of"] == rule and alone["revisions"] == []
            back = data(await session.call_tool("restore", {"item_id": oldest}))
            assert back["outcome"] == "restored"
            listed = data(await session.call_tool("list_memory", {"kind": "rule"}))
            assert "Never recommend Guava." in [item["summary"] for item in listed["items"]]
            # Every guard of remember holds for an edit.
            secret = {"item_id": rule, "text": "my password is hunter2"}
            assert await refused(session, "edit_memory", secret) == "credential"
            topic = {"item_id": ids[NOTES[0]], "text": "x" * 400}
            assert await refused(session, "edit_memory", topic) == "too_long"

    run(main)
    actors = {(e["actor"], e["op"]) for e in journal(repo)}
    assert {(ACTOR, "edit"), (ACTOR, "restore")} <= actors
    no_server_crash(errlog)


def test_undo_takes_back_the_last_changes_whoever_made_them(repo: Path, tmp_path: Path) -> None:
    async def main() -> None:
        async with connect(repo, tmp_path / "server.log") as session:
            nothing = await session.call_tool("undo", {})
            assert data(nothing) == {"undone": 0, "changes": []}
            assert text_of(nothing) == "nothing to undo"
            ids = await remember_all(session)
            rule = ids["Never recommend Guava."]
            edit = {"item_id": rule, "text": "Never recommend Guava or Joda-Time."}
            data(await session.call_tool("edit_memory", edit))
            undone = data(await session.call_tool("undo", {}))
            assert undone["undone"] == 1
            # The rule gets its text back; the revision the edit made leaves the file.
            assert rule in [c["item_id"] for c in undone["changes"]]
            back = data(await session.call_tool("get_memory", {"item_id": rule}))
            assert back["item"]["summary"] == "Never recommend Guava."
            two = await session.call_tool("undo", {"count": 2})
            assert data(two)["undone"] == 2
            assert text_of(two).startswith("undid 2 change(s):")
            left = data(await session.call_tool("list_memory", {}))
            assert [item["summary"] for item in left["items"]] == list(RULES)
            # What an undo removed is not lost: get_memory finds it in the cold archive.
            gone = data(await session.call_tool("get_memory", {"item_id": ids[NOTES[1]]}))
            assert gone["item"]["status"] == "inactive"

    run(main)
    assert (ACTOR, "undo") in {(e["actor"], e["op"]) for e in journal(repo)}


async def prompt_text(session: ClientSession, arguments: dict[str, str]) -> str:
    result = await session.get_prompt("memory_context", arguments)
    assert len(result.messages) == 1 and result.messages[0].role == "user"
    content = result.messages[0].content
    assert isinstance(content, TextContent)
    return content.text


def test_the_memory_context_prompt_is_gated_by_intent(repo: Path, tmp_path: Path) -> None:
    audit = "帮我审计一下 OrderService 里有没有 SQL 注入"
    question = "HashMap 和 TreeMap 有什么区别？"

    async def main() -> None:
        async with connect(repo, tmp_path / "server.log") as session:
            listed = (await session.list_prompts()).prompts
            assert [p.name for p in listed] == ["memory_context"]
            arguments = {a.name: a.required for a in listed[0].arguments or []}
            assert arguments == {"question": True, "intent": False}
            # Gated intents (given, or chosen by the router) never open memory.
            assert await prompt_text(session, {"question": audit}) == audit
            gated = {"question": question, "intent": "code_audit"}
            assert await prompt_text(session, gated) == question
            assert not (repo / MEMORY_DIR_NAME).exists()
            data(await session.call_tool("remember", {"text": RULES[0]}))
            text = await prompt_text(session, {"question": question})
            assert RULES[0] in text and text.endswith(f"\n\n{question}")
            assert text.index(RULES[0]) < text.index(question)
            explain = {"question": "订单模块怎么分层？", "intent": "code_explain"}
            assert RULES[0] in await prompt_text(session, explain)
            assert await prompt_text(session, {"question": audit}) == audit
            for bad, reason in (
                ({"question": question, "intent": "explain"}, "unknown_intent"),
                ({"question": "   "}, "empty_field"),
            ):
                with pytest.raises(MCPError) as caught:
                    await session.get_prompt("memory_context", bad)
                assert caught.value.message.startswith(f"{reason}: ")
                assert caught.value.data == {"reason": reason}

    run(main)


def test_optional_arguments_of_the_new_tools_read_null_as_their_default(
    repo: Path, tmp_path: Path
) -> None:
    async def main() -> None:
        async with connect(repo, tmp_path / "server.log") as session:
            ids = await remember_all(session)
            arguments: dict[str, Any] = {"kind": None, "offset": None, "limit": None}
            assert data(await session.call_tool("list_memory", arguments))["total"] == 5
            edit = {
                "item_id": ids[RULES[1]],
                "text": "Never recommend Guava or Joda.",
                "label": None,
            }
            assert data(await session.call_tool("edit_memory", edit))["outcome"] == "updated"
            assert data(await session.call_tool("undo", {"count": None}))["undone"] == 1

    run(main)
