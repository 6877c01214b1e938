"""The MCP server, driven as a real subprocess through the SDK's own client over stdio.

Every test starts ``python -m autopatch_memory_cli mcp REPO`` with
``mcp.client.stdio.stdio_client`` and talks to it with ``ClientSession``: list the
tools, call them, read the resources, then check the memory file on disk.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import anyio
import pytest
from autopatch_memory_cli.mcp_server import PROMPT_NAMES, RESOURCE_URIS, TOOL_NAMES
from fake_openai_server import FakeOpenAIServer, Reply
from mcp_client import (
    CLIENT,
    SESSION_DEADLINE,
    connect,
    data,
    journal,
    no_server_crash,
    run,
    stored,
    text_of,
)

from autopatch_memory import MemoryDocument, ProjectMemory
from autopatch_memory.model import check_invariants
from autopatch_memory.store import MEMORY_DIR_NAME


@pytest.fixture
def errlog(tmp_path: Path) -> Path:
    return tmp_path / "server-stderr.log"


# --- a whole session ------------------------------------------------------------------------


def test_a_whole_agent_session_end_to_end(repo: Path, errlog: Path) -> None:
    (repo / "pom.xml").write_text(
        "<project><artifactId>order-service</artifactId>"
        "<properties><java.version>17</java.version></properties></project>",
        encoding="utf-8",
    )

    async def main() -> None:
        async with connect(repo, errlog) as session:
            tools = {tool.name: tool for tool in (await session.list_tools()).tools}
            assert sorted(tools) == sorted(TOOL_NAMES)
            for tool in tools.values():
                assert tool.description and tool.input_schema["type"] == "object"
                assert tool.output_schema is not None
            intents = tools["get_context"].input_schema["$defs"]["IntentType"]["enum"]
            assert set(intents) == {
                "code_audit", "code_explain", "general_chat", "patch_explain", "patch_revise",
            }  # fmt: skip
            resources = {str(r.uri) for r in (await session.list_resources()).resources}
            assert resources == set(RESOURCE_URIS)
            prompts = {p.name for p in (await session.list_prompts()).prompts}
            assert prompts == set(PROMPT_NAMES)

            # The user states a rule; the agent remembers it in the user's words.
            rule = data(await session.call_tool("remember", {"text": "以后回答都用中文，先给结论"}))
            assert rule["outcome"] == "created"
            note = data(
                await session.call_tool(
                    "remember",
                    {"text": "order-service 的数据库是 MySQL 8", "kind": "note", "label": "订单库"},
                )
            )
            # Before answering: the context, with the rule in it.
            ctx = data(
                await session.call_tool(
                    "get_context", {"intent": "code_explain", "question": "订单库用的什么数据库？"}
                )
            )
            assert not ctx["gated"]
            sections = {item["section"] for item in ctx["items"]}
            assert {"preferences", "project_notes", "repo_profile"} <= sections
            assert "以后回答都用中文，先给结论" in ctx["rendered"]
            # After answering: record the turns.
            first = data(
                await session.call_tool(
                    "record_turn",
                    {
                        "intent": "code_explain",
                        "question": "订单库用的什么数据库？",
                        "answer": "MySQL 8。",
                        "scope_paths": ["pom.xml"],
                    },
                )
            )
            second = data(
                await session.call_tool(
                    "record_turn",
                    {
                        "intent": "general_chat",
                        "question": "Optional 的 orElseGet 和 orElse 有什么区别？",
                    },
                )
            )
            assert first["turn_id"] and second["turn_id"]
            # A summary, on request, waited for.
            summary = data(await session.call_tool("request_summary", {"wait_seconds": 30}))
            assert summary["requested"] and summary["idle"], summary
            assert summary["pending_turns"] == 0 and summary["backend"] == "heuristic"
            # Search, forget, restore, the profile.
            hits = data(await session.call_tool("search_memory", {"query": "MySQL"}))["hits"]
            assert [hit["id"] for hit in hits] == [note["item_id"]]
            forgotten = data(await session.call_tool("forget", {"item_id": rule["item_id"]}))
            assert forgotten["outcome"] == "archived"
            ctx = data(
                await session.call_tool(
                    "get_context", {"intent": "general_chat", "question": "HashMap 怎么用？"}
                )
            )
            assert "先给结论" not in ctx["rendered"]
            restored = data(await session.call_tool("restore", {"item_id": rule["item_id"]}))
            assert restored["outcome"] == "restored"
            profile = data(await session.call_tool("get_profile", {}))["profile"]
            assert profile["project_name"] == "order-service" and profile["java_version"] == "17"
            # Resources an agent can attach.
            preferences = await session.read_resource("autopatch-memory://preferences")
            assert "以后回答都用中文，先给结论" in preferences.contents[0].text  # type: ignore[union-attr]
            notes = await session.read_resource("autopatch-memory://notes")
            assert "MySQL 8" in notes.contents[0].text  # type: ignore[union-attr]
            context = await session.read_resource("autopatch-memory://context")
            assert "以后回答都用中文" in context.contents[0].text  # type: ignore[union-attr]
            profile_json = await session.read_resource("autopatch-memory://profile")
            assert json.loads(profile_json.contents[0].text)["profile"]["java_version"] == "17"  # type: ignore[union-attr]

    run(main)
    doc = stored(repo)
    turns = doc["working_memory"]["recent_turns"]
    assert [t["summary_status"] for t in turns] == ["ready", "ready"]
    assert all(t["assistant_text"] != "" or t["intent"] == "general_chat" for t in turns)
    assert turns[0]["scope_paths"] == ["pom.xml"]
    prefs = doc["long_term_memory"]["durable_preferences"]
    assert [(p["summary"], p["status"]) for p in prefs] == [
        ("以后回答都用中文，先给结论", "active")
    ]
    who = {(e["actor"], e["op"]) for e in journal(repo)}
    assert {
        (f"mcp:{CLIENT}", "record_turn"),
        (f"mcp:{CLIENT}", "remember"),
        (f"mcp:{CLIENT}", "forget"),
        (f"mcp:{CLIENT}", "restore"),
    } <= who
    no_server_crash(errlog)


def test_gated_intents_leave_the_memory_folder_untouched(repo: Path, errlog: Path) -> None:
    async def main() -> None:
        async with connect(repo, errlog) as session:
            for intent in ("code_audit", "patch_explain", "patch_revise"):
                ctx = data(
                    await session.call_tool(
                        "get_context", {"intent": intent, "question": "审计一下 OrderService"}
                    )
                )
                assert ctx == {
                    "intent": intent, "gated": True, "items": [], "rendered": "",
                    "chars": 0, "estimated_tokens": 0,
                }  # fmt: skip
                recorded = data(
                    await session.call_tool(
                        "record_turn",
                        {
                            "intent": intent,
                            "question": "修复这个漏洞",
                            "answer": "diff --git a/x b/x",
                        },
                    )
                )
                assert recorded == {"intent": intent, "gated": True, "turn_id": None}
            # Reading memory never creates it either.
            await session.call_tool("get_context", {"intent": "general_chat", "question": "hi"})
            await session.call_tool("search_memory", {"query": "anything"})
            for uri in RESOURCE_URIS:
                await session.read_resource(uri)

    run(main)
    assert not (repo / MEMORY_DIR_NAME).exists()
    no_server_crash(errlog)


def test_the_server_never_waits_for_a_slow_summarizer(repo: Path, errlog: Path) -> None:
    with FakeOpenAIServer(default=Reply.slow(120, {"turn_summaries": []})) as model:
        env = {
            "AUTOPATCH_MEMORY_BACKEND": "openai",
            "AUTOPATCH_LLM_BASE_URL": model.url,
            "AUTOPATCH_LLM_MODEL": "fake-model",
            "AUTOPATCH_LLM_MAX_RETRIES": "0",
        }

        async def main() -> None:
            async with connect(repo, errlog, env=env) as session:
                for question in ("Optional 怎么用？", "HashMap 线程安全吗？"):
                    arguments = {"intent": "general_chat", "question": question}
                    data(await session.call_tool("record_turn", arguments))
                # Two pending turns trigger a summary; its model call is now in flight.
                while not model.chat_requests:
                    await anyio.sleep(0.05)
                status = data(await session.call_tool("request_summary", {}))
                assert status["backend"] == "openai" and not status["idle"]
                # Everything else goes on meanwhile, writes included.
                ctx = data(
                    await session.call_tool(
                        "get_context", {"intent": "general_chat", "question": "Optional？"}
                    )
                )
                assert {i["section"] for i in ctx["items"]} == {"pending_questions"}
                data(await session.call_tool("remember", {"text": "Answer in English"}))
                data(await session.call_tool("search_memory", {"query": "English"}))
                assert len(model.chat_requests) == 1  # still the one call, still unanswered

        run(main)
    doc = stored(repo)
    assert [t["summary_status"] for t in doc["working_memory"]["recent_turns"]] == [
        "pending",
        "pending",
    ]  # the summary never landed: the turns simply stay pending
    assert doc["long_term_memory"]["durable_preferences"][0]["summary"] == "Answer in English"
    no_server_crash(errlog)


def test_an_empty_delta_reaches_the_agent_as_the_last_failure(repo: Path, errlog: Path) -> None:
    # Issue 30, item 13: a model answering {} for pending turns is a failure the agent sees.
    with FakeOpenAIServer(default=Reply.json({})) as model:
        env = {
            "AUTOPATCH_MEMORY_BACKEND": "openai",
            "AUTOPATCH_LLM_BASE_URL": model.url,
            "AUTOPATCH_LLM_MODEL": "fake-model",
            "AUTOPATCH_LLM_MAX_RETRIES": "0",
        }

        async def main() -> None:
            async with connect(repo, errlog, env=env) as session:
                question = {"intent": "general_chat", "question": "Optional 怎么用？"}
                data(await session.call_tool("record_turn", question))
                asked = await session.call_tool("request_summary", {"wait_seconds": 30})
                status = data(asked)
                assert status["idle"] and status["pending_turns"] == 1
                assert status["last_failure"] == "summarize: empty_delta"
                assert text_of(asked) == (
                    "summary failed; 1 turn(s) pending; last failure: summarize: empty_delta"
                )

        run(main)
    assert len(model.chat_requests) >= 1
    failed = [e for e in journal(repo) if e["op"] == "summarize"]
    assert failed and failed[0]["outcome"] == "failed" and failed[0]["reason"] == "empty_delta"
    no_server_crash(errlog)


# From the second fresh-eyes bug hunt (a test written before its fix).
def test_mcp_tools_read_null_optional_arguments_as_their_defaults(
    repo: Path, tmp_path: Path
) -> None:
    # Function calling in "strict" mode makes every parameter required and nullable, so
    # agents send {"answer": null, "scope_paths": null}: the turn was refused as
    # bad_arguments and never recorded.
    errlog = tmp_path / "server-stderr.log"

    async def main() -> None:
        async with connect(repo, errlog) as session:
            recorded = data(
                await session.call_tool(
                    "record_turn",
                    {
                        "intent": "code_explain",
                        "question": "订单模块怎么分层？",
                        "answer": None,
                        "scope_paths": None,
                        "project_level": None,
                    },
                )
            )
            assert recorded["turn_id"]
            rule = data(
                await session.call_tool(
                    "remember", {"text": "以后回答都用中文", "kind": None, "label": None}
                )
            )
            assert rule["outcome"] == "created"
            assert rule["item"]["type"] == "durable_preference"
            found = data(
                await session.call_tool(
                    "search_memory",
                    {"query": "中文", "include_archived": None, "limit": None},
                )
            )
            assert [hit["id"] for hit in found["hits"]] == [rule["item_id"]]
            asked = data(await session.call_tool("request_summary", {"wait_seconds": None}))
            assert asked["requested"] is True

    run(main)
    turn = ProjectMemory.open(repo, backend="off", collect_profile=False).document()
    assert [t.assistant_text for t in turn.working_memory.recent_turns] == [""]
    assert turn.working_memory.recent_turns[0].scope_paths == []
    no_server_crash(errlog)


# --- several writers ------------------------------------------------------------------------

# Notes two agents and the command line write at once (distinct facts: similar ones would
# rightly be merged as duplicates).
_NOTES = {
    "alpha": (
        "mall-order 通过 Feign 调用 mall-search 查询商品",
        "The review module keeps the finding queue in PostgreSQL",
        "订单号由雪花算法生成，workerId 从 Nacos 读取",
        "CI runs on GitHub Actions with mvn -T 4 verify",
        "Redis caches product details for ten minutes",
        "mall-portal 的首页数据来自 /home/content 接口",
    ),
    "beta": (
        "Kafka topic order-events carries order state changes",
        "用户认证使用 Spring Security 加 JWT",
        "The api module exposes REST endpoints under /api/v1",
        "支付回调由 mall-portal 的 PayController 处理",
        "Images are stored in MinIO bucket mall-images",
        "Elasticsearch 索引 pms 每晚全量重建",
    ),
}
_CLI_NOTES = (
    "Dubbo 只在 legacy-gateway 里使用",
    "Prometheus scrapes /actuator/prometheus every 15 seconds",
    "Seata 负责下单和扣库存的分布式事务",
)


@pytest.mark.reliability
def test_two_servers_and_the_cli_write_at_once_without_losing_a_write(
    repo: Path, errlog: Path, tmp_path: Path
) -> None:
    env = dict(os.environ)
    env["PYTHONIOENCODING"] = "utf-8"
    cli = [
        subprocess.Popen(
            [sys.executable, "-m", "autopatch_memory_cli", "remember", str(repo), text, "--note"],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        for text in _CLI_NOTES
    ]

    async def agent(name: str) -> None:
        async with connect(repo, errlog, name=name) as session:
            for index, text in enumerate(_NOTES[name]):
                data(await session.call_tool("remember", {"text": text, "kind": "note"}))
                if index % 2 == 0:
                    question = f"{name} 的第 {index} 个问题：{text.split()[0]} 怎么配置？"
                    arguments = {"intent": "general_chat", "question": question}
                    data(await session.call_tool("record_turn", arguments))

    async def main() -> None:
        async with anyio.create_task_group() as group:
            for writer in _NOTES:
                group.start_soon(agent, writer)

    run(main)
    for process in cli:
        _, err = process.communicate(timeout=SESSION_DEADLINE)
        assert process.returncode == 0, err
    doc = MemoryDocument.model_validate(stored(repo))
    assert check_invariants(doc) == []
    notes = {n.summary for n in doc.long_term_memory.project_notes if n.is_active}
    wanted = {text for texts in _NOTES.values() for text in texts} | set(_CLI_NOTES)
    assert wanted <= notes, wanted - notes
    questions = [t.user_text for t in doc.working_memory.recent_turns]
    assert len(questions) == sum(len(texts[::2]) for texts in _NOTES.values())
    actors = {e["actor"] for e in journal(repo) if e["op"] == "remember"}
    assert actors == {"mcp:alpha", "mcp:beta", "user"}
    no_server_crash(errlog)


# --- a client that dies mid-call -------------------------------------------------------------

_CLIENT_SCRIPT = textwrap.dedent(
    """
    import os, sys
    import anyio
    from mcp.client.session import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client

    async def main():
        repo, errlog = sys.argv[1], sys.argv[2]
        params = StdioServerParameters(
            command=sys.executable,
            args=["-m", "autopatch_memory_cli", "mcp", repo],
            env=dict(os.environ),
        )
        with open(errlog, "a") as log:
            async with stdio_client(params, errlog=log) as (read, write):
                async with ClientSession(read, write) as session:
                    await session.initialize()
                    n = 0
                    while True:
                        text = f"Module m{n} publishes its events to the topic t{n}"
                        done = await session.call_tool("remember", {"text": text, "kind": "note"})
                        await session.call_tool("forget", {"item_id": done.structured_content["item_id"]})
                        await session.call_tool(
                            "record_turn", {"intent": "general_chat", "question": f"How does c{n} expire?"}
                        )
                        n += 1
                        print(n, flush=True)

    anyio.run(main)
    """
)


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        state = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"  # a zombie has exited; its parent just has not reaped it


@pytest.mark.reliability
@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc to find the server")
def test_a_client_killed_mid_call_leaves_a_valid_file(
    repo: Path, errlog: Path, tmp_path: Path
) -> None:
    script = tmp_path / "client.py"
    script.write_text(_CLIENT_SCRIPT, encoding="utf-8")
    env = dict(os.environ)
    client = subprocess.Popen(
        [sys.executable, str(script), str(repo), str(errlog)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert client.stdout is not None
        for line in client.stdout:
            if int(line) >= 3:
                break
        servers = _children(client.pid)
        assert servers, "the server process was not found"
        client.send_signal(signal.SIGKILL)  # mid-call: the loop never pauses
        client.wait(timeout=SESSION_DEADLINE)
    finally:
        if client.poll() is None:
            client.kill()
    for server in servers:
        # The server sees its stdin close and leaves by itself; poll with a generous bound.
        deadline = time.monotonic() + SESSION_DEADLINE
        while _alive(server) and time.monotonic() < deadline:
            time.sleep(0.05)
        if _alive(server):
            os.kill(server, signal.SIGKILL)
            pytest.fail("the server did not exit after its client died")
    doc = MemoryDocument.model_validate(stored(repo))
    assert check_invariants(doc) == []
    with ProjectMemory.open(repo, backend="off") as memory:
        assert memory.file_info().problem is None
        assert memory.document().working_memory.recent_turns
    no_server_crash(errlog)

    async def main() -> None:
        async with connect(repo, errlog) as session:
            assert data(
                await session.call_tool(
                    "search_memory", {"query": "events topic", "include_archived": True}
                )
            )

    run(main)


# --- layering -----------------------------------------------------------------------------------


def test_the_library_never_imports_the_mcp_sdk(repo: Path) -> None:
    library = Path(__file__).resolve().parents[2] / "autopatch_memory"
    for source in library.rglob("*.py"):
        for line in source.read_text(encoding="utf-8").splitlines():
            words = line.split()
            if len(words) >= 2 and words[0] in ("import", "from"):
                assert words[1].split(".")[0] not in ("mcp", "mcp_types"), source
    script = (
        "import sys\n"
        "from autopatch_memory import ProjectMemory\n"
        "import autopatch_memory_cli.app\n"
        "memory = ProjectMemory.open(sys.argv[1], backend='off')\n"
        "memory.remember('Answer in English')\n"
        "memory.search('English'); memory.export('json')\n"
        "memory.close()\n"
        "loaded = [m for m in sys.modules if m.split('.')[0] in ('mcp', 'mcp_types')]\n"
        "assert not loaded, loaded\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, str(repo)],
        capture_output=True,
        text=True,
        env=dict(os.environ),
        timeout=SESSION_DEADLINE,
    )
    assert done.returncode == 0, done.stderr
