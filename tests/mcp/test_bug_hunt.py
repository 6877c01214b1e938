"""Bugs found by a fresh-eyes review, each proven by a test written before its fix."""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from autopatch_memory_cli.answer import resolve_mentions

from autopatch_memory.backends.base import SummaryRequest
from autopatch_memory.errors import StoreError
from autopatch_memory.governance import ChangeOutcome
from autopatch_memory.journal import Outcome
from autopatch_memory.memory import ProjectMemory
from autopatch_memory.model import MemoryDelta
from autopatch_memory.privacy import redact
from autopatch_memory.store import LoadProblem

DEADLINE_SECONDS = 60  # generous: a loaded 2-core machine


def _cli(
    *args: str, cwd: Path | None = None, unset: tuple[str, ...] = (), **extra: str
) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, **extra}  # the fail-closed environment of conftest
    for name in unset:
        env.pop(name, None)
    env["PYTHONIOENCODING"] = "utf-8"
    return subprocess.run(
        [sys.executable, "-m", "autopatch_memory_cli", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        cwd=cwd,
        timeout=DEADLINE_SECONDS,
    )


# --- @path naming a FIFO inside the repository -------------------------------------------------


def _release_fifo_readers(fifo: Path) -> None:
    """Open ``fifo`` for writing without blocking, so that a reader stuck in open() returns."""
    try:
        fd = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
    except OSError as exc:  # ENXIO: no reader is waiting
        assert exc.errno == errno.ENXIO
        return
    os.close(fd)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this platform")
def test_an_at_path_naming_a_fifo_is_reported_not_waited_on(repo: Path) -> None:
    # `ask "explain @pipe"` hung for ever: the attachment was opened with a blocking open().
    fifo = repo / "pipe"
    os.mkfifo(fifo)
    (repo / "Main.java").write_text("class Main {}\n", encoding="utf-8")
    found: list[object] = []
    worker = threading.Thread(
        target=lambda: found.append(resolve_mentions("explain @pipe and @Main.java", repo)),
        daemon=True,
    )
    worker.start()
    worker.join(DEADLINE_SECONDS)
    if worker.is_alive():
        _release_fifo_readers(fifo)
        worker.join(DEADLINE_SECONDS)
        pytest.fail("resolving @pipe blocked on the FIFO")
    (mentions,) = found
    assert [a.path for a in mentions.attachments] == ["Main.java"]  # type: ignore[attr-defined]
    assert any("@pipe" in p for p in mentions.problems)  # type: ignore[attr-defined]


# --- `log -n` with a number no journal could hold -------------------------------------------------


def test_log_with_a_huge_count_lists_the_journal(repo: Path) -> None:
    with ProjectMemory.open(repo, backend="off") as memory:
        turn_id = memory.record_turn("general_chat", "Optional 怎么用？")
        assert memory.journal_entries(last=10**30)[-1].target == turn_id
    result = _cli("log", str(repo), "-n", "99999999999999999999")
    assert result.returncode == 0, result.stderr
    assert "internal error" not in result.stderr
    assert str(turn_id) in result.stdout


# --- a secret right after another one -----------------------------------------------------------

SECRET_AFTER_SECRET = [
    'export OPENAI_API_KEY=sk-proj-abcdefabcdefabcdef12345678 "password=hunter2"',
    "ghp_1234567890abcdefghij1234567890abcdef 'DB_PASSWORD=hunter2'",
    'AKIAIOSFODNN7EXAMPLE "secret=hunter2"',
    'my password is Tr0ub4dor "token=hunter2"',
]


@pytest.mark.parametrize("text", SECRET_AFTER_SECRET)
def test_a_quoted_secret_right_after_a_redacted_one_is_redacted_too(repo: Path, text: str) -> None:
    # The first secret's marker ends with a keyword ("[REDACTED:api_key]"); the generic
    # assignment rule matched that keyword, then the quoted text after it as its value,
    # saw it was inside a marker and left the whole match alone: the second secret
    # was stored as it was typed.
    assert "hunter2" not in redact(text)
    with ProjectMemory.open(repo, backend="off") as memory:
        assert memory.record_turn("general_chat", f"why does login fail? {text}") is not None
    stored = (repo / ".autopatch-j" / "memory.json").read_text(encoding="utf-8")
    assert "hunter2" not in stored and "[REDACTED:" in stored


# --- a Markdown export imported again ---------------------------------------------------------


def test_a_markdown_round_trip_keeps_glob_patterns(repo: Path, tmp_path: Path) -> None:
    # The importer removed every "**" (bold), so "/api/**" came back as "/api/": a
    # different fact. Ant-style globs are everyday text in a Java repository.
    notes = [
        "the gateway routes /api/** to mall-admin",
        "sources live under src/**/*.java, tests under src/test/**",
        "Spring scans com.example.** for components",
    ]
    rule = "always write **Javadoc** on public methods"
    with ProjectMemory.open(repo, backend="off") as memory:
        for note in notes:
            memory.remember(note, kind="note")
        memory.remember(rule)
        exported = memory.export("markdown")
    other = tmp_path / "other"
    (other / ".git").mkdir(parents=True)
    with ProjectMemory.open(other, backend="off") as fresh:
        fresh.import_items(exported)
        summaries = {i.summary for i in fresh.document().long_term_memory.items()}
    assert set(notes) <= summaries
    assert "always write Javadoc on public methods" in summaries  # bold is still markup


# --- a question that is empty once cleaned ----------------------------------------------------------

INVISIBLE_QUESTIONS = ["\x00\x01", "\u200b\u200b", "\x1b[31m\x1b[0m", "\ufeff"]


@pytest.mark.parametrize("question", INVISIBLE_QUESTIONS)
def test_a_question_of_control_or_invisible_characters_records_nothing(
    repo: Path, question: str
) -> None:
    # It passed the "empty question" check, was cleaned to "" and stored as a turn
    # with no text, which the summarizer then described as "shared code or a log".
    with ProjectMemory.open(repo, backend="off") as memory:
        assert memory.record_turn("general_chat", question, "an answer") is None
        assert memory.document().working_memory.recent_turns == []
    assert not (repo / ".autopatch-j" / "memory.json").exists()


def test_mcp_record_turn_of_invisible_characters_is_an_empty_field(
    repo: Path, tmp_path: Path
) -> None:
    from test_mcp_server import connect, refused, run

    async def main() -> None:
        async with connect(repo, tmp_path / "server.log") as session:
            turn = {"intent": "general_chat", "question": "\u200b\x00"}
            assert await refused(session, "record_turn", turn) == "empty_field"

    run(main)
    assert not (repo / ".autopatch-j" / "memory.json").exists()


# --- a file that holds one id twice ---------------------------------------------------------------


def _rule(summary: str, label: str = "answer language") -> dict[str, object]:
    stamp = "2026-05-01T12:31:00+08:00"
    return {
        "id": "mem_20260501_001",
        "type": "durable_preference",
        "label": label,
        "summary": summary,
        "status": "active",
        "source": "user_explicit",
        "created_at": stamp,
        "updated_at": stamp,
    }


def test_an_id_held_twice_is_salvaged_so_forget_forgets(repo: Path) -> None:
    # A hand-merged file with the same rule twice: `forget` archived the first copy and
    # said so, the second stayed active and was still injected (a second forget said
    # "unchanged"), so the user could not forget the rule at all.
    folder = repo / ".autopatch-j"
    folder.mkdir()
    doc = {
        "version": 1,
        "long_term_memory": {
            "durable_preferences": [
                _rule("Always answer in English."),
                _rule("Always answer in English.", "language"),
            ]
        },
    }
    original = json.dumps(doc, ensure_ascii=False, indent=2).encode("utf-8")
    (folder / "memory.json").write_bytes(original)
    with ProjectMemory.open(repo, backend="off") as memory:
        problem = memory.file_info().problem
        assert problem is not None and problem.kind is LoadProblem.SALVAGED
        assert "duplicate id" in " ".join(problem.dropped)
        assert memory.forget("mem_20260501_001").outcome is ChangeOutcome.ARCHIVED
        assert memory.context("general_chat", "How do I use Optional?").is_empty
        kept = memory.document().long_term_memory.durable_preferences
        assert [(i.id, i.label) for i in kept] == [("mem_20260501_001", "answer language")]
    assert (folder / "memory.salvaged.json").read_bytes() == original  # nothing is lost


# --- a user's edit while a summary is in flight -----------------------------------------------------


class HeldSummarizer:
    """A backend that answers ``delta_of(request)`` once ``release`` is set; ``called`` is
    set as soon as it is asked (the run is then in flight)."""

    name = "held"

    def __init__(self, delta_of: Callable[[SummaryRequest], dict[str, Any]]) -> None:
        self.called = threading.Event()
        self.release = threading.Event()
        self._delta_of = delta_of

    def summarize(self, request: SummaryRequest) -> MemoryDelta:
        self.called.set()
        assert self.release.wait(DEADLINE_SECONDS)
        return MemoryDelta.model_validate(self._delta_of(request))


def _note_update(request: SummaryRequest) -> dict[str, Any]:
    """The first project note shown, rewritten."""
    note = next(i for i in request.long_term if i.type == "project_note")
    return {
        "turn_summaries": [
            {"turn_id": request.turns[0].id, "summary": "The user asked about the order DB."}
        ],
        "long_term_operations": [
            {
                "operation": "update_existing",
                "target_id": note.id,
                "summary": "The order service uses MySQL 5.7 with a read replica.",
            }
        ],
    }


def test_an_edit_made_while_a_summary_runs_is_not_overwritten_by_it(repo: Path) -> None:
    # The model's update was computed from the note as it was before the user's edit,
    # and replaced the edit: the user's correction was lost without a word.
    backend = HeldSummarizer(_note_update)
    with ProjectMemory.open(repo, backend=backend) as memory:
        note = memory.remember("the order service uses MySQL 5.7", kind="note").item_id
        assert note is not None
        memory.record_turn("code_explain", "which database does the order service use?", "MySQL")
        assert memory.request_summary()
        assert backend.called.wait(DEADLINE_SECONDS)
        edited = "the order service uses PostgreSQL 15 since the 2026 migration"
        memory.edit(note, edited)
        backend.release.set()
        assert memory.wait_idle(DEADLINE_SECONDS)
        doc = memory.document()
        item = doc.long_term_item(note)
        assert item is not None and item.summary == edited
        # The rest of the result still applies; the refusal is journaled.
        assert doc.working_memory.recent_turns[0].summary == "The user asked about the order DB."
        refused = [e for e in memory.journal_entries() if e.outcome is Outcome.REJECTED]
        assert [e.reason for e in refused] == ["stale_generation"]


# --- @path mentions that cannot even be looked up -------------------------------------------------


@pytest.mark.parametrize("mention", ["~no-such-user-x/Main.java", "a" * 5000 + ".java"])
def test_an_at_path_that_cannot_be_looked_up_is_a_warning(repo: Path, mention: str) -> None:
    # "~user" of no user raised RuntimeError and a name over NAME_MAX raised OSError out
    # of resolve_mentions: `ask` failed, and `chat` ended the whole session.
    (repo / "Main.java").write_text("class Main {}\n", encoding="utf-8")
    mentions = resolve_mentions(f"explain @{mention} and @Main.java", repo)
    assert [a.path for a in mentions.attachments] == ["Main.java"]
    assert len(mentions.problems) == 1 and mention[:20] in mentions.problems[0]


# --- a single argument that is text, not a path -----------------------------------------------------

LONG_CHINESE_QUESTION = (
    "为什么订单服务在高并发下会出现重复扣款，应该怎么排查和修复" * 4
)  # > 255 bytes


@pytest.mark.parametrize(
    "args",
    [
        ("context", LONG_CHINESE_QUESTION),
        ("ask", "~Foo 在这个项目里是什么意思"),
        ("search", "~x"),
        ("remember", "以后回答都要先给结论再解释原因，" * 10),
    ],
)
def test_a_long_or_tilde_text_is_not_taken_for_a_path(repo: Path, args: tuple[str, str]) -> None:
    # Without REPO, the one argument was checked as a folder first: a text over the
    # file-name limit (86 Chinese characters) failed with "File name too long", and
    # "~word" with an internal error (no such user's home).
    result = _cli(*args, cwd=repo)
    assert result.returncode == 0, result.stderr
    assert "error" not in result.stderr


@pytest.mark.parametrize(
    "args",
    [("show", "~no-such-user-x"), ("show", "r" * 300), ("import", ".", "~no-such-user-x/a.md")],
)
def test_a_path_argument_that_cannot_be_looked_up_is_a_usage_error(
    repo: Path, args: tuple[str, ...]
) -> None:
    result = _cli(*args, cwd=repo)
    assert result.returncode == 2, result.stderr
    assert "internal error" not in result.stderr and len(result.stderr.splitlines()) == 1


# --- a model URL whose port is out of range -------------------------------------------------------


@pytest.mark.parametrize("where", ["environment", "project file"])
def test_a_base_url_with_a_port_out_of_range_is_a_config_error(repo: Path, where: str) -> None:
    # It passed validation; the first failed call then described the server with
    # urlsplit().port, which raised ValueError: an internal error instead of the answer's
    # one-line failure.
    url = "http://127.0.0.1:99999/v1"
    ask = ("ask", str(repo), "what is Optional?", "--intent", "general_chat")
    if where == "environment":
        result = _cli(*ask, AUTOPATCH_LLM_MODEL="m", AUTOPATCH_LLM_BASE_URL=url)
    else:
        (repo / ".autopatch-j").mkdir()
        (repo / ".autopatch-j" / "config.toml").write_text(
            f'[llm]\nbase_url = "{url}"\n', encoding="utf-8"
        )
        unset = ("AUTOPATCH_LLM_BASE_URL", "OPENAI_BASE_URL")
        result = _cli(*ask, unset=unset, AUTOPATCH_LLM_MODEL="m")
    assert result.returncode == 1
    assert "internal error" not in result.stderr
    assert "base_url" in result.stderr.lower() and "99999" in result.stderr


@pytest.mark.parametrize("name", ["~no-such-user-x", "x" * 300])
def test_opening_a_repository_that_cannot_be_looked_up_is_a_store_error(
    tmp_path: Path, name: str
) -> None:
    # The documented error for a missing folder; a RuntimeError (no such user) or an
    # OSError (name too long) escaped instead.
    with pytest.raises(StoreError, match="repository folder not found"):
        ProjectMemory.open(name if name.startswith("~") else tmp_path / name)


def test_a_delta_on_stdin_is_read_as_utf8_whatever_the_locale(repo: Path) -> None:
    # stdin was decoded with the locale's codec (GBK on a Chinese Windows console, ASCII
    # here): an undecodable byte was an internal error, and UTF-8 text became mojibake.
    with ProjectMemory.open(repo, backend="off") as memory:
        turn_id = memory.record_turn("general_chat", "Optional 怎么用？")
    assert turn_id is not None
    delta = json.dumps(
        {"turn_summaries": [{"turn_id": turn_id, "summary": "用户询问 Optional 的用法。"}]},
        ensure_ascii=False,
    ).encode("utf-8")
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}

    def apply(data: bytes) -> subprocess.CompletedProcess[bytes]:
        return subprocess.run(
            [sys.executable, "-m", "autopatch_memory_cli", "apply", str(repo), "-"],
            input=data,
            capture_output=True,
            env=env,
            timeout=DEADLINE_SECONDS,
        )

    # A byte that is no UTF-8 is one clear usage error (not an internal one), and
    # nothing is applied.
    refused = apply(delta + b"\n\xff")
    assert refused.returncode == 2 and b"not UTF-8" in refused.stderr
    assert b"Traceback" not in refused.stderr
    result = apply(delta)
    assert result.returncode == 0, result.stderr
    with ProjectMemory.open(repo, backend="off") as memory:
        turn = memory.document().turn(turn_id)
        assert turn is not None and turn.summary == "用户询问 Optional 的用法。"
