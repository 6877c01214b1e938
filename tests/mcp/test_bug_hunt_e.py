"""Bugs found by a second fresh-eyes review (host drop-in, CLI, MCP server), each
proven by a test written before its fix."""

from __future__ import annotations

import io
import itertools
import os
import subprocess
import sys
from datetime import datetime, timedelta, timezone
from enum import Enum
from pathlib import Path
from typing import Any

import pytest
from autopatch_memory_cli.input import LineReader, UnreadableLine
from test_bug_hunt import HeldSummarizer
from test_mcp_server import connect, data, no_server_crash
from test_mcp_server import run as run_mcp

from autopatch_memory import limits
from autopatch_memory.backends.base import SummaryRequest
from autopatch_memory.errors import ChangeRejectedError
from autopatch_memory.governance import ChangeOutcome
from autopatch_memory.memory import ProjectMemory
from autopatch_memory.reasons import Reason
from autopatch_memory.store import MEMORY_DIR_NAME

DEADLINE_SECONDS = 60  # generous: a loaded 2-core machine


def _cli(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}  # the fail-closed environment of conftest
    return subprocess.run(
        [sys.executable, "-m", "autopatch_memory_cli", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        cwd=cwd,
        timeout=DEADLINE_SECONDS,
    )


class _HostIntent(str, Enum):
    """A host's own intent enum: a ``str`` subclass with the same values as ours."""

    CODE_EXPLAIN = "code_explain"
    GENERAL_CHAT = "general_chat"


# --- a host that passes scope_paths=None ---------------------------------------------------


def test_record_turn_takes_no_scope_paths_as_none(repo: Path) -> None:
    # The reference host passes ``scope_paths=None`` for a code explanation without a
    # scope (and for every general chat): the turn is recorded, with no paths.
    memory = ProjectMemory.open(repo, backend="off", collect_profile=False)
    turn_id = memory.record_turn(
        _HostIntent.CODE_EXPLAIN, "这个项目的模块怎么划分？", "分为 api 和 service。", None
    )
    assert turn_id is not None
    turn = memory.document().turn(turn_id)
    assert turn is not None and turn.scope_paths == []
    assert memory.last_error is None


# --- a rule the user restated or restored while a summary was in flight -------------------


def _english_rule(request: SummaryRequest) -> dict[str, Any]:
    """The first turn shown, made a rule."""
    turn = request.turns[0]
    return {
        "turn_summaries": [{"turn_id": turn.id, "summary": "用户要求以后用英文回答。"}],
        "long_term_operations": [
            {
                "operation": "create_new",
                "type": "durable_preference",
                "label": "回答用英文",
                "summary": "以后回答都用英文。",
                "source": "user_explicit",
                "evidence_turn_ids": [turn.id],
                "evidence_quote": turn.user_text,
            }
        ],
    }


@pytest.mark.parametrize("change", ["restate", "restore", "new", "import"])
def test_a_rule_the_user_stated_during_a_run_is_not_superseded_by_it(
    repo: Path, change: str
) -> None:
    # The run was computed from a turn said *before* the user's direct word on the same
    # subject; the user's latest word must win, not the late result of an older turn.
    backend = HeldSummarizer(_english_rule)
    with ProjectMemory.open(repo, backend=backend, collect_profile=False) as memory:
        chinese = None
        if change in ("restate", "restore"):
            chinese = memory.remember("以后回答都用中文").item_id
            assert chinese is not None
        if change == "restore":
            memory.forget(chinese)
        memory.record_turn("general_chat", "以后回答都用英文吧", "OK")
        assert memory.request_summary()
        assert backend.called.wait(DEADLINE_SECONDS)
        if change == "restore":
            assert memory.restore(chinese).outcome is ChangeOutcome.RESTORED
        elif change == "restate":
            assert memory.remember("还是以后回答都用中文").item_id == chinese
        elif change == "new":
            chinese = memory.remember("还是以后回答都用中文").item_id
        else:
            chinese = memory.import_items("## 规则\n\n- 以后回答都用中文\n").items[0].item_id
        assert chinese is not None
        backend.release.set()
        assert memory.wait_idle(DEADLINE_SECONDS)
        doc = memory.document()
        rules = doc.long_term_memory.durable_preferences
        assert [i.id for i in rules if i.is_active] == [chinese]
        # The turn's summary still applies.
        assert doc.working_memory.recent_turns[0].summary == "用户要求以后用英文回答。"


# --- an import file that is not UTF-8 -----------------------------------------------------


@pytest.mark.parametrize("encoding", ["gbk", "utf-16"])
def test_an_import_file_that_is_not_utf8_is_refused_not_stored_as_mojibake(
    repo: Path, encoding: str
) -> None:
    # An AGENTS.md saved by a Chinese Windows editor is often GBK (or UTF-16): decoded
    # with replacement characters, its rules were stored as "�Ժ�ش�������".
    data = "## 规则\n\n- 以后回答都用中文\n- 提交信息用英文\n".encode(encoding)
    memory = ProjectMemory.open(repo, backend="off", collect_profile=False)
    with pytest.raises(ChangeRejectedError) as caught:
        memory.import_items(data)
    assert caught.value.reason is Reason.BAD_SHAPE
    assert "UTF-8" in str(caught.value)
    assert not (repo / MEMORY_DIR_NAME).exists()  # nothing was written


def test_the_cli_refuses_a_gbk_import_file_with_one_line(repo: Path, tmp_path: Path) -> None:
    source = tmp_path / "AGENTS.md"
    source.write_bytes("- 以后回答都用中文\n".encode("gbk"))
    done = _cli("import", str(repo), str(source))
    assert done.returncode == 1, done.stderr
    assert done.stderr.startswith("error: not imported (bad_shape)"), done.stderr
    assert "UTF-8" in done.stderr and "Traceback" not in done.stderr
    assert done.stdout == ""


# --- chat fed a line that is not text in its input encoding ----------------------------------


@pytest.mark.parametrize("io_encoding", ["utf-8", None])
def test_chat_skips_a_line_that_is_not_text_and_goes_on(
    repo: Path, io_encoding: str | None
) -> None:
    # A GBK file piped into a UTF-8 session: with strict decoding (PYTHONIOENCODING=utf-8,
    # a zh_CN.UTF-8 locale) the chat died with "internal error: UnicodeDecodeError" and
    # the lines after it were lost; under the C locale (surrogateescape) the rule was
    # stored as mojibake ("�Ժ�ش�����Ӣ��").
    env = {**os.environ, "LC_ALL": "C.UTF-8"}
    env.pop("PYTHONIOENCODING", None)
    if io_encoding is not None:
        env["PYTHONIOENCODING"] = io_encoding
    lines = [
        b"/remember " + "以后回答都用英文".encode("gbk"),
        "/remember 以后回答都先给结论".encode(),
        b"/exit",
    ]
    done = subprocess.run(
        [sys.executable, "-m", "autopatch_memory_cli", "chat", str(repo)],
        input=b"\n".join(lines) + b"\n",
        capture_output=True,
        env=env,
        timeout=DEADLINE_SECONDS,
    )
    stderr = done.stderr.decode("utf-8", "replace")
    assert done.returncode == 0, stderr
    assert "internal error" not in stderr
    assert "not utf-8 text" in stderr.lower()
    doc = ProjectMemory.open(repo, backend="off", collect_profile=False).document()
    assert [i.summary for i in doc.long_term_memory.items()] == ["以后回答都先给结论"]


def test_chat_skips_a_line_longer_than_its_cap_and_goes_on(repo: Path) -> None:
    # A line without end (a generated file piped in) was read whole into memory: a 5 MB
    # line took seconds, an endless one grew without bound.
    lines = [
        b"x" * (limits.CHAT_LINE_MAX_BYTES * 3),
        "/remember 以后回答都先给结论".encode(),
        b"/exit",
    ]
    done = subprocess.run(
        [sys.executable, "-m", "autopatch_memory_cli", "chat", str(repo)],
        input=b"\n".join(lines) + b"\n",
        capture_output=True,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
        timeout=DEADLINE_SECONDS,
    )
    stderr = done.stderr.decode("utf-8", "replace")
    assert done.returncode == 0, stderr
    assert f"longer than {limits.CHAT_LINE_MAX_BYTES} bytes: skipped" in stderr
    doc = ProjectMemory.open(repo, backend="off", collect_profile=False).document()
    assert [i.summary for i in doc.long_term_memory.items()] == ["以后回答都先给结论"]
    assert all("xxxx" not in t.user_text for t in doc.working_memory.recent_turns)


@pytest.mark.parametrize("binary", [True, False])
def test_the_line_reader_reads_a_line_at_its_cap_and_skips_a_longer_one(binary: bool) -> None:
    cap = limits.CHAT_LINE_MAX_BYTES
    raw = b"a" * cap + b"\n" + b"b" * (cap + 1) + b"\n" + b"after\n"
    stream = (
        io.TextIOWrapper(io.BytesIO(raw), encoding="utf-8") if binary else io.StringIO(raw.decode())
    )
    reader = LineReader(stream)
    assert reader.read("> ") == "a" * cap
    with pytest.raises(UnreadableLine, match="longer than"):
        reader.read("> ")
    assert reader.read("> ") == "after"
    assert reader.read("> ") is None


# --- a command-line text that is not UTF-8 ------------------------------------------------

_GBK_RULE = "以后不要用 Lombok".encode("gbk")


@pytest.mark.parametrize(
    "args",
    [
        [b"remember", _GBK_RULE],
        [b"remember", b"--label", _GBK_RULE, "以后不要用 Lombok".encode()],
        [b"ask", _GBK_RULE],
        [b"context", _GBK_RULE],
        [b"edit", b"mem_20260501_001", _GBK_RULE],
    ],
    ids=["remember", "label", "ask", "context", "edit"],
)
def test_a_text_argument_that_is_not_utf8_is_a_usage_error(repo: Path, args: list[bytes]) -> None:
    # Python hands undecodable argv bytes (a GBK terminal) over as lone surrogates; they
    # were stored as U+FFFD mojibake ("�Ժ���Ҫ�� Lombok"), as a rule injected into every
    # prompt, or as a question. (`record`, for host programs, keeps recording such a
    # turn with U+FFFD: tests/cli/test_cli.py pins it.)
    memory_file = repo / MEMORY_DIR_NAME / "memory.json"
    env = {**os.environ, "LC_ALL": "C.UTF-8", "PYTHONIOENCODING": "utf-8"}
    command = [sys.executable.encode(), b"-m", b"autopatch_memory_cli", args[0], str(repo).encode()]
    done = subprocess.run(
        [*command, *args[1:]], capture_output=True, env=env, timeout=DEADLINE_SECONDS
    )
    stderr = done.stderr.decode("utf-8", "replace")
    assert done.returncode == 2, stderr
    assert "not UTF-8" in stderr and "Traceback" not in stderr
    assert not memory_file.exists() or "\ufffd" not in memory_file.read_text(encoding="utf-8")


# --- a cancel computed before the user's own edit or restore of the item ----------------------


def _rule_archive(request: SummaryRequest) -> dict[str, Any]:
    """The first rule shown archived, grounded in the first turn."""
    turn = request.turns[0]
    rule = next(i for i in request.long_term if i.type == "durable_preference")
    return {
        "turn_summaries": [{"turn_id": turn.id, "summary": "用户取消了 XML 缩进规则。"}],
        "long_term_operations": [
            {
                "operation": "archive_existing",
                "type": "durable_preference",
                "target_id": rule.id,
                "evidence_turn_ids": [turn.id],
                "evidence_quote": turn.user_text,
            }
        ],
    }


@pytest.mark.parametrize("change", ["edit", "restore"])
def test_a_rule_the_user_edited_during_a_run_is_not_archived_by_it(repo: Path, change: str) -> None:
    # The cancel was said before the user's own edit (or forget-and-restore) of the rule:
    # the user's latest word keeps the rule, the late result must not archive it.
    backend = HeldSummarizer(_rule_archive)
    # Every reading of the clock is a second later: the forget and the restore happen in
    # other seconds than the remember (an item's state is its text and its timestamp).
    ticks = itertools.count()
    start = datetime(2026, 5, 1, 12, 0, 0, tzinfo=timezone(timedelta(hours=8)))

    def clock() -> datetime:
        return start + timedelta(seconds=next(ticks))

    memory = ProjectMemory.open(repo, backend=backend, collect_profile=False, clock=clock)
    with memory:
        rule = memory.remember("以后 XML 配置都用两个空格缩进").item_id
        assert rule is not None
        memory.record_turn("general_chat", "XML 缩进那条规则忘了吧", "好的")
        assert memory.request_summary()
        assert backend.called.wait(DEADLINE_SECONDS)
        if change == "edit":
            memory.edit(rule, "以后 XML 配置都用四个空格缩进")
        else:
            memory.forget(rule)
            assert memory.restore(rule).outcome is ChangeOutcome.RESTORED
        backend.release.set()
        assert memory.wait_idle(DEADLINE_SECONDS)
        doc = memory.document()
        item = doc.long_term_item(rule)
        assert item is not None and item.is_active
        assert doc.working_memory.recent_turns[0].summary == "用户取消了 XML 缩进规则。"


# --- an agent that sends null for the optional arguments it does not use --------------------


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

    run_mcp(main)
    turn = ProjectMemory.open(repo, backend="off", collect_profile=False).document()
    assert [t.assistant_text for t in turn.working_memory.recent_turns] == [""]
    assert turn.working_memory.recent_turns[0].scope_paths == []
    no_server_crash(errlog)


# --- context() given something that is not text --------------------------------------------


@pytest.mark.parametrize("question", [None, 42, b"Optional?"])
def test_context_of_a_question_that_is_not_text_is_a_clear_type_error(
    repo: Path, question: object
) -> None:
    # It raised "expected string or bytes-like object, got 'NoneType'" from a regex deep
    # inside the relevance code; record_turn says what is wrong, context must too.
    memory = ProjectMemory.open(repo, backend="off", collect_profile=False)
    with pytest.raises(TypeError, match="user_text must be str"):
        memory.context("general_chat", question)  # type: ignore[arg-type]
