"""The ProjectMemory facade: the gate, recording, governance, failure policy."""

from __future__ import annotations

import json
import os
import shutil
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from enum import Enum
from pathlib import Path

import pytest

from autopatch_memory import MEMORY_DIR_NAME, LoadProblem, limits
from autopatch_memory.backends.base import SummaryRequest
from autopatch_memory.errors import ItemNotFoundError, StoreError, UnknownIntentError
from autopatch_memory.intents import IntentType
from autopatch_memory.journal import Outcome
from autopatch_memory.memory import ProjectMemory
from autopatch_memory.model import (
    ItemStatus,
    MemoryDelta,
    MemoryDocument,
    check_invariants,
)
from autopatch_memory.reasons import Reason
from autopatch_memory.testing import DocumentBuilder

GATED = [IntentType.CODE_AUDIT, IntentType.PATCH_EXPLAIN, IntentType.PATCH_REVISE]
TOPIC_LABEL = "Java Optional"
PREFERENCE_SUMMARY = "用户偏好中文回答。"


@pytest.fixture
def memory(repo: Path) -> Iterator[ProjectMemory]:
    mem = ProjectMemory.open(repo, backend="off")
    yield mem
    mem.close()


def fill_memory(mem: ProjectMemory) -> tuple[str, str]:
    """Put a bit of everything into the file; returns the topic's and the preference's ids."""
    builder = DocumentBuilder()
    for i in range(12):
        builder.add_turn(f"问题 {i}：Optional 怎么用？", assistant_text="回答" * 50)
    topic = builder.add_topic(TOPIC_LABEL, "用户关注 Optional。")
    preference = builder.add_preference("answer language", PREFERENCE_SUMMARY)
    builder.write(mem.repo_root)
    return topic, preference


# --- the public API ------------------------------------------------------------------


def test_open_missing_repo_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="repository folder not found"):
        ProjectMemory.open(tmp_path / "nope", backend="off")


# From the first fresh-eyes bug hunt (a test written before its fix).
@pytest.mark.parametrize("name", ["~no-such-user-x", "x" * 300])
def test_opening_a_repository_that_cannot_be_looked_up_is_a_store_error(
    tmp_path: Path, name: str
) -> None:
    # The documented error for a missing folder; a RuntimeError (no such user) or an
    # OSError (name too long) escaped instead.
    with pytest.raises(StoreError, match="repository folder not found"):
        ProjectMemory.open(name if name.startswith("~") else tmp_path / name)


# From the second fresh-eyes bug hunt (a test written before its fix).
@pytest.mark.parametrize("question", [None, 42, b"Optional?"])
def test_context_of_a_question_that_is_not_text_is_a_clear_type_error(
    repo: Path, question: object
) -> None:
    # It raised "expected string or bytes-like object, got 'NoneType'" from a regex deep
    # inside the relevance code; record_turn says what is wrong, context must too.
    memory = ProjectMemory.open(repo, backend="off", collect_profile=False)
    with pytest.raises(TypeError, match="user_text must be str"):
        memory.context("general_chat", question)  # type: ignore[arg-type]


# --- the gate ---------------------------------------------------------------------------


@contextmanager
def opened_files(folder: Path) -> Iterator[list[str]]:
    """Every file under ``folder`` that Python opens while the block runs (audit hook)."""
    seen: list[str] = []
    active = True
    prefix = str(folder)

    def hook(event: str, args: tuple[object, ...]) -> None:
        if active and event in {"open", "os.open", "os.listdir", "os.scandir"} and args:
            path = args[0]
            if isinstance(path, (str, bytes, os.PathLike)) and os.fsdecode(path).startswith(prefix):
                seen.append(os.fsdecode(path))

    sys.addaudithook(hook)
    try:
        yield seen
    finally:
        active = False


@pytest.mark.parametrize("intent", GATED)
def test_gated_intents_never_open_the_file(memory: ProjectMemory, intent: IntentType) -> None:
    fill_memory(memory)
    memory.record_turn("general_chat", "Optional 的 orElse 呢？")  # the journal has entries too
    paths = memory.paths
    before = paths.memory_file.read_bytes()
    mtime = paths.memory_file.stat().st_mtime_ns
    journal_before = paths.journal_file.read_bytes()
    with opened_files(paths.folder) as seen:
        ctx = memory.context(intent, "请审计 review 模块并修复 Optional 的问题")
        turn_id = memory.record_turn(intent, "请修复这个漏洞", "patch ...")
        ctx_str = memory.context(intent.value, "explain the patch")
    assert seen == []
    assert ctx.is_empty and ctx.items == [] and ctx.render() == ""
    assert ctx_str.is_empty
    assert turn_id is None
    assert paths.memory_file.read_bytes() == before
    assert paths.memory_file.stat().st_mtime_ns == mtime
    assert paths.journal_file.read_bytes() == journal_before


def test_the_audit_hook_does_see_a_memory_read(memory: ProjectMemory) -> None:
    # Guard against a vacuous gate test: an allowed intent does open the file.
    fill_memory(memory)
    with opened_files(memory.paths.folder) as seen:
        memory.context("general_chat", "Optional 怎么用")
    assert any(p.endswith("memory.json") for p in seen)


def test_unknown_intent_is_an_error(memory: ProjectMemory) -> None:
    with pytest.raises(UnknownIntentError):
        memory.record_turn("chat", "hi")
    with pytest.raises(UnknownIntentError):
        memory.context("audit", "hi")


# --- recording ---------------------------------------------------------------------------


def test_record_turn_stores_a_pending_turn(memory: ProjectMemory, repo: Path) -> None:
    turn_id = memory.record_turn(
        IntentType.CODE_EXPLAIN,
        "  review 模块是做什么的？ ",
        "它管理 finding 队列。",
        scope_paths=[repo / "src" / "review", "src/review", "pom.xml"],
    )
    assert turn_id is not None
    turn = memory.document().turn(turn_id)
    assert turn is not None
    assert turn.user_text == "review 模块是做什么的？"
    assert turn.summary_status.value == "pending"
    assert turn.scope_paths == ["src/review", "pom.xml"]
    raw = json.loads(memory.paths.memory_file.read_text(encoding="utf-8"))
    stored = raw["working_memory"]["recent_turns"][0]
    assert stored["id"] == turn_id
    assert stored["created_at"].endswith(("+00:00",)) or stored["created_at"][-6] in "+-"


def test_texts_are_clipped_with_a_mark(memory: ProjectMemory) -> None:
    turn_id = memory.record_turn(
        "general_chat",
        "问" * 1500,
        "答" * 2500,
        scope_paths=[f"p{i}/" + "x" * 300 for i in range(15)],
    )
    turn = memory.document().turn(turn_id or "")
    assert turn is not None
    assert len(turn.user_text) == limits.MAX_USER_TEXT_CHARS and turn.user_text.endswith("…")
    assert len(turn.assistant_text) == limits.MAX_ASSISTANT_TEXT_CHARS
    assert len(turn.scope_paths) == limits.MAX_SCOPE_PATHS
    assert all(len(p) <= limits.MAX_SCOPE_PATH_CHARS for p in turn.scope_paths)


def test_empty_question_records_nothing(memory: ProjectMemory) -> None:
    assert memory.record_turn("general_chat", "   ") is None
    assert not memory.file_info().exists


def test_recent_turns_are_capped_and_ids_unique(memory: ProjectMemory) -> None:
    ids = [memory.record_turn("general_chat", f"question {i}") for i in range(20)]
    doc = memory.document()
    kept = [t.id for t in doc.working_memory.recent_turns]
    assert kept == ids[-limits.MAX_RECENT_TURNS :]
    assert len(set(ids)) == 20
    assert all(i is not None and i.startswith("turn_") and len(i.split("_")) == 4 for i in ids)


def test_two_hundred_long_chinese_turns_stay_within_the_hard_limit(repo: Path) -> None:
    mem = ProjectMemory.open(repo, backend="off")
    fill_memory(mem)
    long_term_before = mem.document().long_term_memory.model_dump()
    last_ids: list[str] = []
    for i in range(200):
        question = f"第{i:03d}个问题：" + "请解释这个模块的职责和边界" * 80
        turn_id = mem.record_turn("general_chat", question[:1000], "这是一个很长的回答。" * 200)
        assert turn_id is not None  # recording always succeeds
        last_ids.append(turn_id)
        assert mem.file_info().size_bytes <= limits.HARD_LIMIT_BYTES
    doc = mem.document()
    assert doc.long_term_memory.model_dump() == long_term_before
    kept = [t.id for t in doc.working_memory.recent_turns]
    assert kept and kept == last_ids[-len(kept) :]  # the newest turns, in order
    assert check_invariants(doc) == []
    mem.close()


class _HostIntent(str, Enum):
    """A host's own intent enum: a ``str`` subclass with the same values as ours."""

    CODE_EXPLAIN = "code_explain"
    GENERAL_CHAT = "general_chat"


# From the second fresh-eyes bug hunt (a test written before its fix).
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


INVISIBLE_QUESTIONS = ["\x00\x01", "\u200b\u200b", "\x1b[31m\x1b[0m", "\ufeff"]


# From the first fresh-eyes bug hunt (a test written before its fix).
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


# --- governance ----------------------------------------------------------------------------


def test_forget_archives_long_term_items_and_drops_topics(memory: ProjectMemory) -> None:
    topic, preference = fill_memory(memory)
    assert PREFERENCE_SUMMARY in memory.context("general_chat", "回答语言").render()
    memory.forget(preference)
    item = memory.document().long_term_item(preference)
    assert item is not None and item.status is ItemStatus.ARCHIVED  # kept, not deleted
    assert PREFERENCE_SUMMARY not in memory.context("general_chat", "回答语言").render()
    memory.forget(topic)
    assert memory.document().topic(topic) is None
    with pytest.raises(ItemNotFoundError):
        memory.forget("mem_29990101_001")
    entries = [e for e in memory.journal_entries() if e.op == "forget"]
    assert [e.actor for e in entries] == ["user", "user"]


def test_reset_empties_memory_and_raises_generation(memory: ProjectMemory) -> None:
    fill_memory(memory)
    generation = memory.reset().generation
    assert generation == 1
    doc = memory.document()
    assert doc.generation == 1
    assert doc.working_memory.recent_turns == [] and doc.long_term_memory.items() == []
    assert memory.file_info().exists
    assert memory.reset().generation == 2


def test_document_is_a_copy(memory: ProjectMemory) -> None:
    fill_memory(memory)
    doc = memory.document()
    doc.working_memory.recent_turns.clear()
    assert memory.document().working_memory.recent_turns


def test_read_file_is_file_info_and_document_from_one_read(repo: Path) -> None:
    (repo / "pom.xml").write_text(
        "<project><modelVersion>4.0.0</modelVersion><artifactId>shop</artifactId></project>",
        encoding="utf-8",
    )
    mem = ProjectMemory.open(repo, backend="off")  # the profile waits for the first write
    try:
        info, doc = mem.read_file()
        assert info == mem.file_info() and not info.exists
        assert doc == mem.document() and doc.repo_profile.build_tool == "maven"
        fill_memory(mem)
        info, doc = mem.read_file()
        assert info == mem.file_info() and info.exists
        assert doc == mem.document()
        doc.working_memory.recent_turns.clear()  # a copy, as document() is
        assert mem.document().working_memory.recent_turns
    finally:
        mem.close()


# --- failure policy ---------------------------------------------------------------------------


def test_unwritable_memory_folder_degrades_quietly(repo: Path) -> None:
    (repo / ".autopatch-j").write_text("a file, not a folder", encoding="utf-8")
    mem = ProjectMemory.open(repo, backend="off")
    assert mem.record_turn("general_chat", "Optional 怎么用？") is None
    assert mem.last_error is not None and mem.last_error.operation in {"record_turn", "profile"}
    assert mem.context("general_chat", "Optional").is_empty
    assert (repo / ".autopatch-j").read_text(encoding="utf-8") == "a file, not a folder"
    mem.close()


def test_corrupt_file_recovery_through_the_facade(repo: Path) -> None:
    folder = repo / ".autopatch-j"
    folder.mkdir()
    (folder / "memory.json").write_bytes(b"\x00\x01 not json")
    mem = ProjectMemory.open(repo, backend="off")
    assert mem.record_turn("general_chat", "hello there") is not None
    assert (folder / "memory.corrupt.json").read_bytes() == b"\x00\x01 not json"
    assert any(e.outcome is Outcome.RECOVERED for e in mem.journal_entries())
    mem.close()


def test_the_suite_cannot_reach_the_network() -> None:
    import socket

    with pytest.raises(ConnectionRefusedError, match="may not reach the network"):
        socket.getaddrinfo("api.openai.com", 443)
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        with pytest.raises(ConnectionRefusedError):
            sock.sendto(b"x", ("8.8.8.8", 53))
    finally:
        sock.close()
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        with pytest.raises(ConnectionRefusedError):
            sock.connect(("1.1.1.1", 443))
    finally:
        sock.close()


# --- the operator view: paths, file, journal, status ----------------------------------------


def test_paths_name_the_files_without_reading_them(repo: Path, memory: ProjectMemory) -> None:
    paths = memory.paths
    assert paths.folder == repo.resolve() / MEMORY_DIR_NAME
    assert paths.memory_file == paths.folder / "memory.json"
    assert paths.lock_file.parent == paths.journal_file.parent == paths.folder
    assert not paths.folder.exists()  # naming them created nothing


def test_file_info_tells_size_and_problems(repo: Path, memory: ProjectMemory) -> None:
    info = memory.file_info()
    assert not info.exists and info.size_bytes == 0 and info.problem is None
    memory.record_turn("general_chat", "Optional 怎么用？")
    info = memory.file_info()
    assert info.exists and info.problem is None
    assert info.size_bytes == memory.paths.memory_file.stat().st_size
    assert info.modified_ns == memory.paths.memory_file.stat().st_mtime_ns
    memory.paths.memory_file.write_text('{"version": 7}', encoding="utf-8")
    problem = memory.file_info().problem
    assert problem is not None and problem.kind is LoadProblem.FOREIGN_VERSION
    assert problem.backup_name == "memory.v7.bak.json" and "7" in problem.detail
    memory.paths.memory_file.write_text("not json", encoding="utf-8")
    problem = memory.file_info().problem
    assert problem is not None and problem.kind is LoadProblem.CORRUPT
    assert problem.backup_name == "memory.corrupt.json"


def test_file_info_raises_when_the_folder_is_not_a_folder(repo: Path) -> None:
    (repo / MEMORY_DIR_NAME).write_text("a file", encoding="utf-8")
    with ProjectMemory.open(repo, backend="off") as memory, pytest.raises(StoreError):
        memory.file_info()


def test_journal_entries_newest_last(memory: ProjectMemory) -> None:
    ids = [memory.record_turn("general_chat", f"question {i}") for i in range(5)]
    recorded = [e.target for e in memory.journal_entries() if e.op == "record_turn"]
    assert recorded == ids
    last_two = memory.journal_entries(last=2)
    assert [e.target for e in last_two if e.op == "record_turn"] == ids[-2:]


def test_status_without_a_backend(memory: ProjectMemory) -> None:
    memory.record_turn("general_chat", "a")
    status = memory.status()
    assert status.backend == "off" and status.pending_turns == 1
    assert not (status.run_in_flight or status.run_requested or status.backing_off)
    assert status.retry_at is None and status.runs == 0 and status.last_failure is None
    assert not memory.request_summary()  # no backend: nothing to ask
    memory.close()
    assert memory.status().closed


def test_status_when_the_file_cannot_be_read(repo: Path) -> None:
    (repo / MEMORY_DIR_NAME).write_text("a file", encoding="utf-8")
    with ProjectMemory.open(repo, backend="off") as memory:
        assert memory.status().pending_turns is None


# --- hostile scope paths -------------------------------------------------------------------------


def test_scope_paths_never_leave_the_repository(memory: ProjectMemory, repo: Path) -> None:
    (repo / "src").mkdir()
    turn_id = memory.record_turn(
        "code_explain",
        "这些文件是做什么的？",
        scope_paths=[
            "../../etc/passwd",
            "~/.ssh/id_rsa",
            "~nosuchuser/x",
            "/etc/hosts",
            str(repo.parent / "other-repo" / "Main.java"),
            str(repo / "src" / ".." / ".." / "escape.txt"),
            "src/../../outside.txt",
            "..",
            "..\\..\\windows\\win.ini",
            "C:\\Users\\alice\\notes.txt",
            "",
            ".",
            str(repo),
            str(repo / "src" / "A.java"),
            "src/./main/../B.java",
            "src/\x00C\x1b[2J.java",
            "./pom.xml",
            "pom.xml",
        ],
    )
    turn = memory.document().turn(turn_id or "")
    assert turn is not None
    assert turn.scope_paths == ["src/A.java", "src/B.java", "src/C[2J.java", "pom.xml"]


# --- what the operator sees ------------------------------------------------------------------------


def test_last_failure_shows_a_problem_on_disk_before_and_after_the_write(repo: Path) -> None:
    folder = repo / ".autopatch-j"
    folder.mkdir()
    (folder / "memory.json").write_text("{ half a file", encoding="utf-8")
    mem = ProjectMemory.open(repo, backend="off", refresh_profile=False)
    pending = mem.last_failure()
    assert pending is not None and pending.reason == "corrupt" and pending.op == "load"
    assert pending.detail is not None and "memory.corrupt.json" in pending.detail
    assert mem.last_failure() == pending  # stable: not a new failure on every call
    info, _ = mem.read_file()
    assert mem.last_failure(info) == pending  # the same, from the file as just read
    assert mem.record_turn("general_chat", "hello") is not None
    handled = mem.last_failure()
    assert mem.last_failure(mem.file_info()) == handled  # handled: the journal's entry
    assert handled is not None and (handled.op, handled.outcome) == ("recover", Outcome.RECOVERED)
    assert handled.target == "memory.corrupt.json"
    mem.close()


# --- reset and purge ---------------------------------------------------------------------------------


def test_reset_keeps_conversation_text_only_in_its_backup(repo: Path) -> None:
    # A reset keeps what it removes (redacted) in memory.reset.<time>.json, so that undo
    # can bring it back; everything else of the folder holds no conversation text.
    mem = ProjectMemory.open(repo, backend="off")
    mem.record_turn("general_chat", "我们的订单服务部署在 prod-order-7 上，怎么排查超时？")
    mem.apply_delta("I think the answer is prod-order-7 and 订单超时 but no JSON here")
    turn_id = mem.document().pending_turns()[0].id
    mem.apply_delta(
        {
            "turn_summaries": [{"turn_id": turn_id, "summary": "x" * 400 + " prod-order-7"}],
            "topic_operations": [{"operation": "update_existing", "target_id": "prod-order-7"}],
        }
    )
    folder = repo / ".autopatch-j"
    assert "prod-order-7" in (folder / "memory.journal.jsonl").read_text(encoding="utf-8")
    (folder / "memory.corrupt.json").write_text("prod-order-7: the user's own backup")
    mem.reset()
    for path in folder.iterdir():
        if path.name.startswith(("memory.corrupt", "memory.reset")):
            continue  # a backup is the user's data: kept (docs/file-format.md)
        text = path.read_bytes().decode("utf-8", errors="replace")
        assert "prod-order-7" not in text and "订单" not in text, path.name
    entries = mem.journal.read()
    assert "reset" in [e.op for e in entries][-2:] and all(e.detail is None for e in entries)
    assert all(e.items is None for e in entries)  # change records hold texts: scrubbed
    [backup] = folder.glob("memory.reset*.json")
    assert "prod-order-7" in backup.read_text(encoding="utf-8")
    assert any(e.reason == "invalid_json" for e in entries)  # the record itself is kept
    mem.close()


class HeldBackend:
    """A summary backend whose call the test holds until it has changed the file."""

    name = "held"

    def __init__(self) -> None:
        self.started = threading.Event()
        self.release = threading.Event()
        self.requests: list[SummaryRequest] = []

    def summarize(self, request: SummaryRequest) -> MemoryDelta:
        self.requests.append(request)
        self.started.set()
        assert self.release.wait(30), "the test never released the model call"
        ids = [t.id for t in request.turns]
        return MemoryDelta(
            turn_summaries=[{"turn_id": i, "summary": f"用户询问了 {i}"} for i in ids],
            topic_operations=[
                {
                    "operation": "create_new",
                    "label": "订单超时",
                    "summary": "用户关注订单超时取消：" + "、".join(ids),
                    "related_turn_ids": ids,
                }
            ],
            long_term_operations=[
                {
                    "operation": "create_new",
                    "type": "project_note",
                    "label": "订单超时处理",
                    "summary": "mall-portal 用延迟消息取消超时订单（来自 "
                    + "、".join(ids)
                    + "）。",
                    "source": "conversation_summary",
                }
            ],
        )


def test_forgetting_a_turn_while_it_is_summarized_discards_the_result(repo: Path) -> None:
    backend = HeldBackend()
    mem = ProjectMemory.open(repo, backend=backend)
    # (no fact in it: a fact would trigger a summary of this turn alone)
    secret_turn = mem.record_turn(
        "general_chat", "订单超时怎么取消？内网地址 10.8.0.3 能直接连吗？"
    )
    kept_turn = mem.record_turn("general_chat", "延迟队列用的是哪个交换机？")
    assert secret_turn and kept_turn
    assert backend.started.wait(30)
    assert [t.id for t in backend.requests[0].turns] == [secret_turn, kept_turn]
    mem.forget(secret_turn)
    backend.release.set()
    assert mem.wait_idle(30)
    doc = mem.document()
    assert doc.working_memory.active_topics == [] and doc.long_term_memory.items() == []
    assert [t.id for t in doc.pending_turns()] == [kept_turn]  # summarized again later
    assert secret_turn not in doc.model_dump_json()
    gone = [e for e in mem.journal.read() if e.reason == Reason.BATCH_TURN_GONE.value]
    assert gone and gone[0].outcome is Outcome.DISCARDED and secret_turn in (gone[0].detail or "")
    report = mem.summarize_now()  # the next run: without the forgotten turn
    assert report is not None and not report.discarded
    [topic] = mem.document().working_memory.active_topics
    assert topic.related_turn_ids == [kept_turn] and secret_turn not in topic.summary
    mem.close()


def test_a_result_for_a_deleted_and_recreated_folder_is_discarded(repo: Path) -> None:
    # The reference host's /reset: reset(), then delete the folder; the next turn
    # starts a new file at generation 0 again. Only the epoch tells them apart.
    backend = HeldBackend()
    mem = ProjectMemory.open(repo, backend=backend, refresh_profile=False)
    mem.record_turn("general_chat", "订单超时怎么取消？")
    mem.record_turn("general_chat", "延迟队列用的是哪个交换机？")
    assert backend.started.wait(30)
    before = mem.document()
    mem.reset()
    shutil.rmtree(repo / ".autopatch-j")
    fresh = mem.record_turn("general_chat", "新的问题：怎么配置 Redis？")
    after = mem.document()
    assert after.generation == before.generation == 0 and after.epoch != before.epoch
    backend.release.set()
    assert mem.wait_idle(30)
    doc = mem.document()
    assert [t.id for t in doc.working_memory.recent_turns] == [fresh]
    assert doc.working_memory.active_topics == [] and doc.long_term_memory.items() == []
    stale = [e for e in mem.journal.read() if e.reason == Reason.STALE_GENERATION.value]
    assert stale and "epoch" in (stale[0].detail or "")
    mem.close()


def test_purge_deletes_the_folder_and_drops_the_run_in_flight(repo: Path) -> None:
    backend = HeldBackend()
    mem = ProjectMemory.open(repo, backend=backend, refresh_profile=False)
    mem.record_turn("general_chat", "订单超时怎么取消？")
    mem.record_turn("general_chat", "延迟队列用的是哪个交换机？")
    assert backend.started.wait(30)
    assert mem.purge() is True
    assert not (repo / ".autopatch-j").exists()
    backend.release.set()
    assert mem.wait_idle(30)
    assert not (repo / ".autopatch-j").exists()  # the late result did not bring it back
    assert mem.document() == MemoryDocument()
    # Afterwards the memory works as a fresh one.
    turn_id = mem.record_turn("general_chat", "新的问题")
    assert turn_id is not None and [t.id for t in mem.document().working_memory.recent_turns] == [
        turn_id
    ]
    assert mem.purge() is True and mem.purge() is False
    mem.close()


@pytest.mark.parametrize(
    ("call", "name"),
    [
        (lambda m: m.remember(None), "text"),
        (lambda m: m.remember("以后回答都用中文", label=5), "label"),
        (lambda m: m.edit("mem_20260101_001", None), "text"),
        (lambda m: m.search(None), "text"),
        (lambda m: m.context("general_chat", None), "user_text"),
        (lambda m: m.record_turn("general_chat", "Optional 怎么用？", None), "assistant_text"),
    ],
)
def test_a_host_passing_none_gets_a_clear_type_error(
    memory: ProjectMemory, call: Callable[[ProjectMemory], object], name: str
) -> None:
    with pytest.raises(TypeError, match=f"^{name} must be str, not "):
        call(memory)
