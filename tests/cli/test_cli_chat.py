"""The `chat` REPL (a real subprocess with piped stdin, and its slash commands) and `demo`."""

from __future__ import annotations

import io
import json
import os
import re
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from autopatch_memory_cli.answer import TurnRunner
from autopatch_memory_cli.chat import ChatSession
from autopatch_memory_cli.closing import finish
from autopatch_memory_cli.console import Console
from autopatch_memory_cli.input import LineReader, UnreadableLine

from autopatch_memory import limits
from autopatch_memory.backends.base import SummaryRequest
from autopatch_memory.memory import ProjectMemory
from autopatch_memory.model import MemoryDelta
from autopatch_memory.store import MEMORY_DIR_NAME, MEMORY_FILE_NAME

DEMO_REPO = Path(__file__).resolve().parents[2] / "cli" / "demo_repo"
SUBPROCESS_TIMEOUT = 60
AUDIT_MARKER = "ZEBRA-AUDIT-5521"


@pytest.fixture
def java_repo(tmp_path: Path) -> Path:
    root = tmp_path / "demo-review-service"
    shutil.copytree(DEMO_REPO, root, ignore=shutil.ignore_patterns(MEMORY_DIR_NAME))
    (root / ".git").mkdir()
    return root


def run_cli(
    *args: str, stdin: str = "", cwd: Path | None = None
) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)  # the fail-closed environment of conftest
    env["AUTOPATCH_MEMORY_DEBUG"] = "1"
    env["PYTHONIOENCODING"] = "utf-8"
    return subprocess.run(
        [sys.executable, "-m", "autopatch_memory_cli", *args],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        cwd=cwd,
        timeout=SUBPROCESS_TIMEOUT,
    )


def seed_preference(repo: Path) -> str:
    """A grounded durable preference in memory; returns its id."""
    memory = ProjectMemory.open(repo, backend="off")
    turn_id = memory.record_turn("general_chat", "From now on, always answer in English.")
    report = memory.apply_delta(
        {
            "long_term_operations": [
                {
                    "operation": "create_new",
                    "type": "durable_preference",
                    "label": "answer language",
                    "summary": "Always answer in English.",
                    "source": "user_explicit",
                    "evidence_turn_ids": [turn_id],
                    "evidence_quote": "always answer in English",
                }
            ]
        }
    )
    memory.close()
    assert report.accepted, report
    return report.accepted[0].ids[0]


def test_a_chat_session_through_a_real_subprocess(java_repo: Path) -> None:
    pref_id = seed_preference(java_repo)
    script = "\n".join(
        [
            "How is this project organised into modules?",
            "Optional 怎么用？",
            "/mem",
            "/intent code_audit",
            f"Please look at the api module {AUDIT_MARKER}",
            "/context",
            f"/forget {pref_id}",
            "/forget mem_19990101_001",
            "/m",
            "/nosuchcommand",
            "/reset",
            "y",
            "What does the review module do?",
            "/exit",
            "this line is never read",
        ]
    )
    done = run_cli("chat", str(java_repo), stdin=script + "\n")
    assert done.returncode == 0, done.stderr
    out, err = done.stdout, done.stderr
    assert "Traceback" not in err, err

    # Turns without a model: the intent and the context a model would be given.
    assert "[code_explain · names-this-code" in out
    assert "memory context a model would be given:" in out
    assert "Always answer in English." in out  # the seeded preference was injected
    assert "AUTOPATCH_LLM_MODEL" in err  # how to configure a model, once
    # /mem is /memory (a unique prefix); /m is ambiguous.
    assert "Durable preferences (1 active, 1 total)" in out
    assert "/m is ambiguous: /memory, /model" in err
    assert "unknown command /nosuchcommand" in err
    # /intent code_audit gates exactly the next turn.
    assert "next question will be treated as code_audit" in out
    assert "code_audit is outside memory" in out
    assert "intent: code_audit (chosen by you)" in out  # /context
    # /forget archives; an unknown id is a message, not a crash.
    assert f"{pref_id} archived" in out
    assert "no memory item 'mem_19990101_001'" in err
    # /reset asked and cleared.
    assert "Clear all memory of" in out
    assert "memory cleared: " in out and "autopatch-memory undo" in out

    memory_file = java_repo / MEMORY_DIR_NAME / MEMORY_FILE_NAME
    doc = json.loads(memory_file.read_text(encoding="utf-8"))
    assert doc["generation"] == 1
    assert [t["user_text"] for t in doc["working_memory"]["recent_turns"]] == [
        "What does the review module do?"
    ]
    assert doc["long_term_memory"]["durable_preferences"] == []
    journal = (java_repo / MEMORY_DIR_NAME / "memory.journal.jsonl").read_text(encoding="utf-8")
    assert AUDIT_MARKER not in memory_file.read_text(encoding="utf-8")
    assert AUDIT_MARKER not in journal
    entries = [json.loads(line) for line in journal.splitlines()]
    assert any(e["op"] == "forget" and e["target"] == pref_id for e in entries)
    assert any(e["op"] == "reset" for e in entries)


def test_chat_ends_at_end_of_input(java_repo: Path) -> None:
    done = run_cli("chat", str(java_repo), stdin="Optional 怎么用？\n")
    assert done.returncode == 0
    doc = json.loads((java_repo / MEMORY_DIR_NAME / MEMORY_FILE_NAME).read_text(encoding="utf-8"))
    assert doc["working_memory"]["recent_turns"][0]["user_text"] == "Optional 怎么用？"


def test_the_demo_runs_offline(tmp_path: Path) -> None:
    done = run_cli("demo", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    for heading in (
        "1. Opening memory collects the repo profile",
        "3. The summarizer compresses pending turns",
        "4. A follow-up question gets a small, governed memory context",
        "5. After a longer session the context stays small; the history does not",
        "6. Audit and patch flows stay isolated",
        "7. A pasted secret never reaches the file",
        "8. /reset in a chat session clears the memory",
    ):
        assert heading in out
    assert "Durable preferences (1 active" in out  # Chinese answers, conclusion first
    # After the longer session: the call-chain rule is one rule (its next step included),
    # the fact the user stated is a note, and no question became one.
    assert "Durable preferences (2 active" in out
    assert "以后解释代码时先给调用链，再讲细节。" in out
    assert "Project notes (1 active" in out
    assert "我们的 api 模块只部署在内网" in out
    assert "earlier answers in the prompt: no" in out
    assert "memory file unchanged: yes" in out
    assert "[REDACTED:" in out
    assert "memory.json contains hunt…: no" in out
    assert "memory cleared: " in out and "autopatch-memory undo" in out
    # After the longer session, one measure for both sizes: the context is the smaller.
    context = re.search(r"memory context for the follow-up: (\d+) chars", out)
    replay = re.search(r"replaying the recent history instead: (\d+) chars", out)
    assert context is not None and replay is not None
    assert int(context.group(1)) < int(replay.group(1))
    match = re.search(r"repository: (\S+)", out)
    assert match is not None
    assert not Path(match.group(1)).exists()  # the temporary copy is gone
    assert not (tmp_path / MEMORY_DIR_NAME).exists()


# From the second fresh-eyes bug hunt (a test written before its fix).
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
        timeout=SUBPROCESS_TIMEOUT,
    )
    stderr = done.stderr.decode("utf-8", "replace")
    assert done.returncode == 0, stderr
    assert "internal error" not in stderr
    assert "not utf-8 text" in stderr.lower()
    doc = ProjectMemory.open(repo, backend="off", collect_profile=False).document()
    assert [i.summary for i in doc.long_term_memory.items()] == ["以后回答都先给结论"]


# From the second fresh-eyes bug hunt (a test written before its fix).
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
        timeout=SUBPROCESS_TIMEOUT,
    )
    stderr = done.stderr.decode("utf-8", "replace")
    assert done.returncode == 0, stderr
    assert f"longer than {limits.CHAT_LINE_MAX_BYTES} bytes: skipped" in stderr
    doc = ProjectMemory.open(repo, backend="off", collect_profile=False).document()
    assert [i.summary for i in doc.long_term_memory.items()] == ["以后回答都先给结论"]
    assert all("xxxx" not in t.user_text for t in doc.working_memory.recent_turns)


# From the second fresh-eyes bug hunt (a test written before its fix).
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


# --- the session object -----------------------------------------------------------------


class Interrupting(io.StringIO):
    """stdin whose first read is a Ctrl-C."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.interrupted = False

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        if not self.interrupted:
            self.interrupted = True
            raise KeyboardInterrupt
        return super().readline()


def session(repo: Path, stdin: io.StringIO) -> ChatSession:
    memory = ProjectMemory.open(repo, backend="off")
    return ChatSession(memory, TurnRunner(memory, None), Console(), stdin=stdin, interactive=False)


def test_help_is_generated_from_the_docstrings(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    chat = session(repo, io.StringIO("/help\n/h intent\n"))
    assert chat.run() == 0
    out = capsys.readouterr().out
    commands = ChatSession.commands()
    assert {c.name for c in commands} >= {
        "help", "reset", "memory", "forget", "profile", "context", "intent", "exit",
    }  # fmt: skip
    for command in commands:
        assert command.help, f"/{command.name} has no docstring"
        assert command.help in out
    assert "/forget ID" in out and "/intent NAME" in out


def test_prefix_lookup() -> None:
    assert [c.name for c in ChatSession.lookup("mem")] == ["memory"]
    assert [c.name for c in ChatSession.lookup("MEMORY")] == ["memory"]
    assert sorted(c.name for c in ChatSession.lookup("m")) == ["memory", "model"]
    assert ChatSession.lookup("zzz") == []


def test_ctrl_c_at_the_prompt_cancels_the_line(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    chat = session(repo, Interrupting("Optional 怎么用？\n/exit\n"))
    assert chat.run() == 0
    captured = capsys.readouterr()
    assert "line cancelled" in captured.err
    assert "(recorded turn_" in captured.out


def test_reset_declined_keeps_memory(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    chat = session(repo, io.StringIO("Optional 怎么用？\n/reset\nno\n/context\n"))
    assert chat.run() == 0
    out = capsys.readouterr().out
    assert "reset cancelled" in out
    assert "last question: Optional 怎么用？" in out
    doc = json.loads((repo / MEMORY_DIR_NAME / MEMORY_FILE_NAME).read_text(encoding="utf-8"))
    assert doc["generation"] == 0 and doc["working_memory"]["recent_turns"]


def test_context_shows_the_last_question_without_its_secrets(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # /context showed the question as typed: a password in it was echoed back in clear.
    chat = session(repo, io.StringIO("我的密码是 Zq8!vR2#pLm9 登录为什么失败？\n/context\n"))
    assert chat.run() == 0
    out = capsys.readouterr().out
    assert "last question: 我的密码是 [REDACTED:" in out
    assert "Zq8!vR2#pLm9" not in out


def test_a_path_is_a_question_not_a_command(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    chat = session(repo, io.StringIO("/src/main/java 下面是什么？\n"))
    assert chat.run() == 0
    captured = capsys.readouterr()
    assert "unknown command" not in captured.err
    assert "[code_explain" in captured.out


def test_without_a_model_the_intent_is_shown_once(repo: Path) -> None:
    done = run_cli("chat", str(repo), stdin="What does FindingQueue do?\n")
    assert done.returncode == 0, done.stderr
    assert (done.stdout + done.stderr).count("[code_explain · ") == 1


class BlockingBackend:
    """A summary backend whose call returns only when the test says so."""

    def __init__(self) -> None:
        self.started = threading.Event()
        self.release = threading.Event()

    @property
    def name(self) -> str:
        return "blocking"

    def summarize(self, request: SummaryRequest) -> MemoryDelta:
        self.started.set()
        self.release.wait(SUBPROCESS_TIMEOUT)
        return MemoryDelta(
            turn_summaries=[{"turn_id": t.id, "summary": "late"} for t in request.turns]
        )


def test_closing_waits_once_and_leaves_the_turn_pending(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    backend = BlockingBackend()
    memory = ProjectMemory.open(repo, backend=backend)
    memory.record_turn("general_chat", "From now on, always answer in English.")  # triggers
    assert backend.started.wait(SUBPROCESS_TIMEOUT)
    closed_with: list[bool] = []
    close = memory.close
    memory.close = lambda wait=True: (closed_with.append(wait), close(wait=wait))[1]  # type: ignore[method-assign]
    closing = threading.Thread(target=finish, args=(memory, Console()), kwargs={"seconds": 0.2})
    closing.start()
    closing.join(SUBPROCESS_TIMEOUT)  # a second, unbounded wait would hang here
    assert not closing.is_alive()
    assert closed_with == [False]  # the one wait was finish's own: close adds none
    assert "1 turn stays pending" in capsys.readouterr().err
    backend.release.set()  # the summary comes back after closing: it is dropped
    assert memory.wait_idle(SUBPROCESS_TIMEOUT)
    [turn] = ProjectMemory.open(repo, backend="off").document().working_memory.recent_turns
    assert turn.is_pending
