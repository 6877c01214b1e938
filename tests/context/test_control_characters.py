"""Terminal and bidi control characters never leave the library (docs/privacy.md#hostile-text).

The attack (issue 29, item 3): escape sequences, C1 controls and bidi overrides planted
in a repository's build files or in its memory file (a cloned repository can carry
``.autopatch-j/memory.json``) reached MCP clients and terminals through the profile,
search results and the context. Here they are planted in a pom.xml, a build.gradle,
rules, notes, topics and turn summaries, in English and in Chinese, and read back
through the library, the command line (a real process) and the MCP server (the SDK's
client over stdio).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp.types import TextContent, TextResourceContents

from autopatch_memory import MemoryDelta, ProjectMemory, RepoProfile, clean_output
from autopatch_memory.exchange import export_json, export_markdown

DEADLINE_SECONDS = 90

# Each kind of character the issue names: an OSC 52 clipboard write, a screen clear, an
# 8-bit CSI, BEL, NUL, a carriage return that rewrites a line, NEL, and the bidi
# overrides, isolates and marks.
PLANTED = (
    "\x1b]52;c;ZXZpbA==\x07\x1b[2J\x9b31m\x07\x00\r\x85"
    "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c"
)
# What must never come out: C0 but tab and newline, DEL, C1, and the bidi controls.
FORBIDDEN = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]")


def assert_clean(text: str, where: str) -> None:
    found = FORBIDDEN.search(text)
    assert found is None, f"{where}: {found.group(0)!r} at {found.start()} in {text!r}"


def _all_strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in (*_all_strings(k), *_all_strings(v))]
    if isinstance(value, (list, tuple)):
        return [s for item in value for s in _all_strings(item)]
    return []


# --- planting --------------------------------------------------------------------------------


def _build_files(repo: Path) -> None:
    # XML 1.0 refuses C0 controls even as references: the pom carries what XML allows.
    bidi = "\u202e\u2066\x9b31m\x85\u200f"
    (repo / "pom.xml").write_text(
        "<project><groupId>com.acme</groupId>"
        f"<artifactId>shop{bidi}</artifactId><name>Shop{bidi}</name><version>1</version>"
        f"<properties><java.version>17{bidi}</java.version></properties>"
        f"<modules><module>order{bidi}</module><module>billing</module></modules>"
        "</project>",
        encoding="utf-8",
    )
    for module in ("order", "billing"):
        (repo / module).mkdir()
        (repo / module / "build.gradle").write_text(
            f"plugins {{ id 'java' }}\ndescription = 'mod{PLANTED}ule'\nversion = '1.0{PLANTED}'\n",
            encoding="utf-8",
        )


def _topic(label: str) -> MemoryDelta:
    return MemoryDelta.model_validate(
        {"topic_operations": [{"operation": "create_new", "label": label, "summary": label}]}
    )


def _plant(repo: Path) -> None:
    """Memory made the ordinary way, then every text of the file given the controls."""
    _build_files(repo)
    with ProjectMemory.open(repo, backend="off") as memory:
        memory.remember("Always review OrderService refunds before merging.")
        memory.remember("订单退款走 ledger 表，不直接改余额。", kind="project_note")
        memory.record_turn("code_explain", "How does OrderService refund an order?", "Ledger.")
        memory.record_turn("code_explain", "OrderService 怎么退款？", "走账本。")
        memory.apply_delta(_topic("OrderService refund flow"))
        memory.apply_delta(_topic("订单退款流程"))
    path = repo / ".autopatch-j" / "memory.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    long_term = doc["long_term_memory"]
    for item in (*long_term["durable_preferences"], *long_term["project_notes"]):
        item["label"] = item["label"][:6] + PLANTED + item["label"][6:]
        item["summary"] += PLANTED + "结尾"
    for topic in doc["working_memory"]["active_topics"]:
        topic["label"] += PLANTED
        topic["summary"] = PLANTED + topic["summary"]
    for turn in doc["working_memory"]["recent_turns"]:
        turn["summary"] = f"The user asked about OrderService{PLANTED} 退款"
        turn["summary_status"] = "ready"
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    entry = {
        "ts": "2026-05-01T10:00:00+00:00",
        "actor": f"host{PLANTED}",
        "op": "remember",
        "target": f"mem{PLANTED}",
        "outcome": "applied",
        "detail": f"细节{PLANTED}detail",
    }
    with (repo / ".autopatch-j" / "memory.journal.jsonl").open("a", encoding="utf-8") as journal:
        journal.write(json.dumps(entry, ensure_ascii=False) + "\n")


@pytest.fixture
def planted(repo: Path) -> Path:
    _plant(repo)
    return repo


QUESTIONS = ("How does OrderService refund work?", "OrderService 的订单退款是怎么做的？")


# --- the library -------------------------------------------------------------------------------


@pytest.mark.parametrize("question", QUESTIONS)
def test_the_librarys_outputs_hold_no_controls(planted: Path, question: str) -> None:
    with ProjectMemory.open(planted, backend="off") as memory:
        context = memory.context("code_explain", question)
        rendered = context.render()
        assert "OrderService" in rendered and "退款" in rendered  # the words survive
        assert_clean(rendered, "rendered context")
        for text in _all_strings(context.to_json_dict()):
            assert_clean(text, "context items")
        hits = memory.search("OrderService") + memory.search("退款")
        assert len(hits) >= 3
        for hit in hits:
            assert_clean(hit.label, "search label")
            assert_clean(hit.summary, "search summary")
        for text in _all_strings(memory.profile().model_dump(mode="json")):  # type: ignore[union-attr]
            assert_clean(text, "profile")
        doc = memory.document()
        assert_clean(export_markdown(doc, project="shop"), "markdown export")
        assert_clean(
            export_json(doc, project="shop", now=datetime.now(timezone.utc)), "json export"
        )


def test_a_profile_a_host_supplies_leaves_clean(repo: Path) -> None:
    with ProjectMemory.open(repo, backend="off", collect_profile=False) as memory:
        memory.set_profile(
            RepoProfile(project_name=f"shop{PLANTED}", modules=[f"订单{PLANTED}", "billing"])
        )
        profile = memory.profile()
        context = memory.context("code_explain", "这个项目有哪些模块？").render()
    assert profile is not None and profile.project_name == "shop"
    assert profile.modules == ["订单", "billing"]
    assert "订单" in context
    assert_clean(context, "context")


def test_clean_output_keeps_newlines_and_tabs_and_folds_when_asked() -> None:
    data = {f"key{PLANTED}": [f"line one\tcol{PLANTED}\nline two", ("元组", 3, None)]}
    # CR and NEL are line breaks: each becomes a newline, everything else goes.
    assert clean_output(data) == {"key\n\n": ["line one\tcol\n\n\nline two", ["元组", 3, None]]}
    assert clean_output(f"a\tb{PLANTED}\nc", single_line=True) == "a b c"


# --- the command line ------------------------------------------------------------------------


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "autopatch_memory_cli", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
        timeout=DEADLINE_SECONDS,
    )


COMMANDS = [
    *((name, *rest, *flag) for name, *rest in (
        ("show",), ("log",), ("profile",), ("search", "OrderService"), ("search", "退款"),
        ("context", QUESTIONS[0]), ("context", QUESTIONS[1]),
    ) for flag in ((), ("--json",))),
    ("export",),
    ("export", "--format", "json"),
]  # fmt: skip


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_the_command_lines_output_holds_no_controls(
    planted: Path, command: tuple[str, ...]
) -> None:
    name, *rest = command
    result = _cli(name, str(planted), *rest)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip()
    if name == "log":  # the planted entry is read (a NEL in it does not cut its line)
        assert "细节" in result.stdout
    assert_clean(result.stdout, f"{name} stdout")
    assert_clean(result.stderr, f"{name} stderr")
    if "--json" in rest or "json" in rest:
        for text in _all_strings(json.loads(result.stdout)):
            assert_clean(text, f"{name} JSON value")


# --- the MCP server --------------------------------------------------------------------------


def test_the_mcp_servers_results_hold_no_controls(planted: Path, tmp_path: Path) -> None:
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "autopatch_memory_cli", "mcp", str(planted)],
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
    )
    calls: list[tuple[str, dict[str, Any]]] = [
        ("get_context", {"intent": "code_explain", "question": QUESTIONS[0]}),
        ("get_context", {"intent": "code_explain", "question": QUESTIONS[1]}),
        ("search_memory", {"query": "OrderService"}),
        ("search_memory", {"query": "退款", "include_archived": True}),
        ("get_profile", {}),
    ]

    async def session() -> list[tuple[str, Any, str]]:
        seen: list[tuple[str, Any, str]] = []
        with (tmp_path / "errlog").open("a", encoding="utf-8") as log:
            async with (
                stdio_client(params, errlog=log) as (read, write),
                ClientSession(read, write) as client,
            ):
                await client.initialize()
                for name, arguments in calls:
                    result = await client.call_tool(name, arguments)
                    assert not result.is_error, result.content
                    block = result.content[0]
                    assert isinstance(block, TextContent)
                    seen.append((name, result.structured_content, block.text))
                for resource in (await client.list_resources()).resources:
                    read_back = await client.read_resource(resource.uri)
                    for content in read_back.contents:
                        assert isinstance(content, TextResourceContents)
                        seen.append((str(resource.uri), None, content.text))
        return seen

    async def bounded() -> list[tuple[str, Any, str]]:
        with anyio.fail_after(DEADLINE_SECONDS):
            return await session()

    seen = anyio.run(bounded)
    assert len(seen) == len(calls) + 4  # and the four resources
    words = " ".join(text for _, _, text in seen)
    assert "OrderService" in words and "退款" in words
    for where, structured, text in seen:
        assert_clean(text, where)
        for value in _all_strings(structured):
            assert_clean(value, f"{where} structured")
