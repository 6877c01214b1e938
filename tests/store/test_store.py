"""MemoryStore: atomic writes, recovery backups, redaction choke point, size policy."""

from __future__ import annotations

import errno
import json
import os
import shutil
import stat
import subprocess
import sys
import threading
from collections.abc import Callable
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from autopatch_memory import limits, locking
from autopatch_memory.errors import HardLimitError, LockTimeoutError, StoreError
from autopatch_memory.file_text import model_lists
from autopatch_memory.governance import ChangeOutcome
from autopatch_memory.ids import new_turn_id
from autopatch_memory.intents import IntentType
from autopatch_memory.journal import Outcome, file_digest, unlanded_writes
from autopatch_memory.memory import ProjectMemory
from autopatch_memory.model import (
    ItemStatus,
    LongTermItem,
    LongTermType,
    MemoryDocument,
    RepoProfile,
    Source,
    SummaryStatus,
    Topic,
    Turn,
    check_invariants,
)
from autopatch_memory.reasons import Reason
from autopatch_memory.store import (
    LoadProblem,
    MemoryStore,
    Transaction,
    Unusable,
    WritePoint,
    parse_document,
)

CST = timezone(timedelta(hours=8))
ROOT = Path(__file__).resolve().parents[2]
REFERENCE = ROOT / "fixtures" / "memory" / "reference.json"
T0 = datetime(2026, 5, 1, 12, 0, 0, tzinfo=CST)


def fixed_clock() -> datetime:
    return T0


def add_turn(text: str, answer: str = "", status: SummaryStatus = SummaryStatus.PENDING):
    def fn(txn: Transaction) -> str:
        turn = Turn(
            id=new_turn_id(txn.now, txn.doc.all_ids()),
            intent=IntentType.GENERAL_CHAT,
            user_text=text,
            assistant_text=answer,
            summary="summary" if status is SummaryStatus.READY else "",
            summary_status=status,
            created_at=txn.now,
        )
        txn.doc.working_memory.recent_turns.append(turn)
        return turn.id

    return fn


def test_first_write_creates_folder_and_readable_file(repo: Path) -> None:
    store = MemoryStore(repo, clock=fixed_clock)
    result = store.update(add_turn("How do I use Optional?"), actor="record")
    assert result.changed
    assert store.path == repo / ".autopatch-j" / "memory.json"
    text = store.path.read_text(encoding="utf-8")
    raw = json.loads(text)
    assert list(raw) == [
        "version",
        "generation",
        "epoch",
        "updated_at",
        "repo_profile",
        "working_memory",
        "long_term_memory",
    ]
    assert raw["updated_at"] == "2026-05-01T12:00:00+08:00"
    assert text.startswith('{\n  "version": 1,')  # indent=2, human-diffable
    assert result.size_bytes == len(text.encode())


def test_chinese_is_written_as_utf8_not_escaped(repo: Path) -> None:
    store = MemoryStore(repo, clock=fixed_clock)
    store.update(add_turn("Optional 怎么用？"), actor="record")
    text = store.path.read_text(encoding="utf-8")
    assert "Optional 怎么用？" in text
    assert "\\u" not in text


def test_no_change_means_no_write(repo: Path) -> None:
    store = MemoryStore(repo, clock=fixed_clock)
    store.update(add_turn("q"), actor="record")
    before = store.path.stat().st_mtime_ns, store.path.stat().st_ino
    result = store.update(lambda txn: None, actor="record")
    assert not result.changed
    assert (store.path.stat().st_mtime_ns, store.path.stat().st_ino) == before


def test_update_always_sees_the_file_not_a_stale_snapshot(repo: Path) -> None:
    first = MemoryStore(repo, clock=fixed_clock)
    second = MemoryStore(repo, clock=fixed_clock)
    first.update(add_turn("one"), actor="record")
    snapshot = second.read()
    assert len(snapshot.working_memory.recent_turns) == 1
    first.update(add_turn("two"), actor="record")
    second.update(add_turn("three"), actor="record")
    texts = [t.user_text for t in first.read().working_memory.recent_turns]
    assert texts == ["one", "two", "three"]


def test_reads_are_cached_by_content(repo: Path) -> None:
    store = MemoryStore(repo, clock=fixed_clock)
    store.update(add_turn("one"), actor="record")
    assert store.read() is store.read()
    # Another writer (a second store) changes the bytes: the cache must notice.
    MemoryStore(repo, clock=fixed_clock).update(add_turn("two"), actor="record")
    assert [t.user_text for t in store.read().working_memory.recent_turns] == ["one", "two"]


def test_secrets_are_redacted_at_the_write_choke_point(repo: Path) -> None:
    store = MemoryStore(repo, clock=fixed_clock)
    secret = "ghp_abcdefghijklmnopqrstuvwxyz0123456789"

    def sneak(txn: Transaction) -> None:
        # Bypass every caller-side redaction: the store must still catch it.
        txn.doc.working_memory.active_topics.append(
            Topic(
                id="topic_20260501_001",
                label="tokens",
                summary=f"uses {secret}",
                last_touched_at=txn.now,
            )
        )

    store.update(sneak, actor="record")
    text = store.path.read_text(encoding="utf-8")
    assert secret not in text
    assert "[REDACTED:github_token]" in text


def test_failed_write_leaves_old_file_and_no_temp(
    repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = MemoryStore(repo, clock=fixed_clock)
    store.update(add_turn("one"), actor="record")
    old = store.path.read_bytes()

    def full_disk(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full_disk)
    with pytest.raises(StoreError, match="No space left"):
        store.update(add_turn("two"), actor="record")
    monkeypatch.undo()
    assert store.path.read_bytes() == old
    assert [p.name for p in store.folder.iterdir() if p.name.endswith(".tmp")] == []


def test_stale_temp_files_from_a_crash_are_removed(repo: Path) -> None:
    store = MemoryStore(repo, clock=fixed_clock)
    store.update(add_turn("one"), actor="record")
    leftover = store.folder / ".memory.json.abc123.tmp"
    leftover.write_text("{half", encoding="utf-8")
    store.update(add_turn("two"), actor="record")
    assert not leftover.exists()


# --- recovery ------------------------------------------------------------------


def test_corrupt_file_is_backed_up_byte_for_byte(repo: Path) -> None:
    store = MemoryStore(repo, clock=fixed_clock)
    store.folder.mkdir(parents=True)
    garbage = b'{"version": 1, "working_memory": [not json'
    store.path.write_bytes(garbage)
    assert store.read().working_memory.recent_turns == []  # reads as empty, moves nothing
    assert store.path.read_bytes() == garbage
    result = store.update(add_turn("fresh"), actor="record")
    assert (store.folder / "memory.corrupt.json").read_bytes() == garbage
    assert [(e.op, e.target, e.reason) for e in result.recovered] == [
        ("recover", "memory.corrupt.json", "corrupt")
    ]
    assert [t.user_text for t in store.read().working_memory.recent_turns] == ["fresh"]
    recovered = [e for e in store.journal.read() if e.outcome is Outcome.RECOVERED]
    assert recovered and recovered[0].target == "memory.corrupt.json"


def test_second_corrupt_file_gets_a_timestamped_backup(repo: Path) -> None:
    store = MemoryStore(repo, clock=fixed_clock)
    store.folder.mkdir(parents=True)
    (store.folder / "memory.corrupt.json").write_bytes(b"first")
    store.path.write_bytes(b"[1, 2, 3]")  # JSON, but not an object
    store.update(add_turn("x"), actor="record")
    assert (store.folder / "memory.corrupt.json").read_bytes() == b"first"
    assert (store.folder / "memory.corrupt.20260501T120000.json").read_bytes() == b"[1, 2, 3]"
    store.path.write_bytes(b"not json at all")
    store.update(add_turn("y"), actor="record")
    assert (
        store.folder / "memory.corrupt.20260501T120000-2.json"
    ).read_bytes() == b"not json at all"


@pytest.mark.parametrize(
    "shape",
    [{"version": "1"}, {}, {"version": None}, {"version": 1.5}, {"version": True}, ["version", 1]],
)
def test_no_usable_version_is_corrupt(repo: Path, shape: object) -> None:
    doc, problem = parse_document(json.dumps(shape).encode())
    assert problem is not None and problem.kind is LoadProblem.CORRUPT
    assert doc == MemoryDocument()


def test_foreign_version_is_kept_in_a_versioned_backup(repo: Path) -> None:
    store = MemoryStore(repo, clock=fixed_clock)
    store.folder.mkdir(parents=True)
    future = json.dumps({"version": 2, "memories": ["keep me"]}).encode()
    store.path.write_bytes(future)
    assert store.problem() is not None
    store.update(add_turn("x"), actor="record")
    assert (store.folder / "memory.v2.bak.json").read_bytes() == future
    assert json.loads(store.path.read_bytes())["version"] == 1
    # A second foreign file never overwrites the first backup.
    store.path.write_bytes(future + b" ")
    store.update(add_turn("y"), actor="record")
    assert (store.folder / "memory.v2.bak.json").read_bytes() == future
    assert (store.folder / "memory.v2.bak.20260501T120000.json").read_bytes() == future + b" "


def test_reference_format_loads_without_loss(repo: Path) -> None:
    source = REFERENCE
    doc, problem = parse_document(source.read_bytes())
    assert problem is None
    expected = json.loads(source.read_text(encoding="utf-8"))
    assert expected["long_term_memory"]["durable_preferences"][1]["status"] == "inactive"
    dumped = doc.model_dump(mode="json")
    assert dumped.pop("epoch") is None  # the file has none yet
    expected["repo_profile"]["module_count"] = None  # a key the reference format lacks
    assert dumped == expected  # "inactive" stays "inactive"
    # And it survives a write unchanged (apart from updated_at and a new epoch).
    store = MemoryStore(repo, clock=fixed_clock)
    store.folder.mkdir(parents=True)
    store.path.write_bytes(source.read_bytes())
    store.update(add_turn("new"), actor="record")
    written = json.loads(store.path.read_text(encoding="utf-8"))
    assert written["long_term_memory"] == expected["long_term_memory"]
    assert (
        written["working_memory"]["recent_turns"][:2] == expected["working_memory"]["recent_turns"]
    )
    assert written["generation"] == 3
    assert isinstance(written["epoch"], str) and len(written["epoch"]) == limits.EPOCH_HEX_CHARS
    assert sorted(p.name for p in store.folder.glob("memory.*.json")) == []  # nothing set aside


def test_reset_raises_generation_and_keeps_the_file(repo: Path) -> None:
    store = MemoryStore(repo, clock=fixed_clock)
    store.update(add_turn("one"), actor="record")
    assert store.reset().generation == 1
    assert store.reset().generation == 2
    doc = store.read()
    assert doc.generation == 2 and doc.working_memory.recent_turns == []
    assert store.path.exists()


# --- size policy ---------------------------------------------------------------------


def long_term_items(count: int, chars: int) -> list[LongTermItem]:
    return [
        LongTermItem(
            id=f"mem_20260501_{i:03d}",
            type=LongTermType.PROJECT_NOTE,
            label=f"note {i}",
            summary="项目说明" * (chars // 4),
            source=Source.CONVERSATION_SUMMARY,
            created_at=T0,
            updated_at=T0,
        )
        for i in range(count)
    ]


def test_trimming_follows_the_spec_order_and_never_touches_long_term(repo: Path) -> None:
    store = MemoryStore(repo, clock=fixed_clock)

    def seed(txn: Transaction) -> None:
        txn.doc.long_term_memory.project_notes.extend(long_term_items(12, 200))
        for i in range(8):
            txn.doc.working_memory.active_topics.append(
                Topic(
                    id=f"topic_20260501_{i:03d}",
                    label=f"t{i}",
                    summary="话题" * 100,
                    last_touched_at=T0 + timedelta(minutes=i),
                )
            )

    store.update(seed, actor="test")
    for i in range(12):
        status = SummaryStatus.READY if i < 8 else SummaryStatus.PENDING
        store.update(add_turn(f"问题 {i} " + "问" * 300, "答" * 1500, status), actor="record")
    doc = store.read()
    assert store.path.stat().st_size <= limits.SOFT_LIMIT_BYTES
    assert len(doc.long_term_memory.project_notes) == 12  # long-term untouched
    turns = doc.working_memory.recent_turns
    ready = [t for t in turns if t.summary_status is SummaryStatus.READY]
    assert all(t.assistant_text == "" for t in ready)  # step 1 happened first
    assert len(ready) <= limits.KEEP_READY_TURNS_WHEN_TRIMMING  # step 2
    assert [t.user_text.split()[1] for t in turns][-4:] == ["8", "9", "10", "11"]  # newest kept
    trims = [e for e in store.journal.read() if e.outcome is Outcome.TRIMMED]
    # One entry per write, naming every target, step by step in the size policy's order.
    assert trims and all(e.op == "trim" and e.actor == "store" for e in trims)
    assert trims[0].detail is not None and trims[0].detail.startswith("drop_answer ")
    assert trims[0].target is not None and trims[0].target.startswith("turn_")


def test_hard_limit_refuses_and_keeps_previous_file(repo: Path) -> None:
    store = MemoryStore(repo, clock=fixed_clock)
    store.update(add_turn("small"), actor="record")
    before = store.path.read_bytes()

    def bloat(txn: Transaction) -> None:
        txn.doc.long_term_memory.project_notes.extend(long_term_items(50, 300))

    with pytest.raises(HardLimitError):
        store.update(bloat, actor="test")
    assert store.path.read_bytes() == before
    refused = [e for e in store.journal.read() if e.reason == "hard_limit"]
    assert refused


def test_last_resort_keeps_the_newest_turn_under_the_hard_limit(repo: Path) -> None:
    store = MemoryStore(repo, clock=fixed_clock)

    def seed(txn: Transaction) -> None:
        # About 21 KiB of long-term memory: working memory must shrink a lot.
        txn.doc.long_term_memory.project_notes.extend(long_term_items(23, 300))

    store.update(seed, actor="test")
    for i in range(12):
        store.update(add_turn(f"{i:02d} " + "长" * 997, "答" * 2000), actor="record")
        assert store.path.stat().st_size <= limits.HARD_LIMIT_BYTES
    doc = store.read()
    assert doc.working_memory.recent_turns[-1].user_text.startswith("11 ")
    assert len(doc.long_term_memory.project_notes) == 23
    assert check_invariants(doc) == []


def test_unwritable_folder_is_a_store_error(repo: Path) -> None:
    blocker = repo / ".autopatch-j"
    blocker.write_text("a file where the folder should be", encoding="utf-8")
    store = MemoryStore(repo, clock=fixed_clock)
    with pytest.raises(StoreError):
        store.update(add_turn("x"), actor="record")
    assert blocker.read_text(encoding="utf-8") == "a file where the folder should be"


def test_document_type_consistency_is_checked() -> None:
    raw = MemoryDocument().model_dump(mode="json")
    raw["long_term_memory"]["durable_preferences"] = [
        {
            "id": "mem_1",
            "type": "project_note",
            "label": "x",
            "summary": "y",
            "status": "active",
            "source": "conversation_summary",
            "created_at": "2026-05-01T12:00:00+08:00",
            "updated_at": "2026-05-01T12:00:00+08:00",
        }
    ]
    _, problem = parse_document(json.dumps(raw).encode())
    assert problem is not None


# --- reading only regular files, without blocking ------------------------------------


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this platform")
def test_read_no_follow_refuses_a_fifo_without_blocking(tmp_path: Path) -> None:
    from autopatch_memory.safe_io import read_no_follow

    fifo = tmp_path / "memory.json"
    os.mkfifo(fifo)
    with pytest.raises(OSError) as caught:
        read_no_follow(fifo)  # would hang forever on a blocking open
    assert caught.value.errno == errno.EINVAL


def test_read_no_follow_refuses_a_file_over_its_cap_before_reading(tmp_path: Path) -> None:
    from autopatch_memory.safe_io import read_no_follow

    big = tmp_path / "big.json"
    big.write_bytes(b"x" * 1000)
    with pytest.raises(OSError) as caught:
        read_no_follow(big, max_bytes=999)
    assert caught.value.errno == errno.EFBIG
    assert read_no_follow(big, max_bytes=1000) == b"x" * 1000


# --- salvage: one invalid item never costs the others ------------------------------------


def _turn(turn_id: str, **overrides: object) -> dict[str, object]:
    return {
        "id": turn_id,
        "intent": "general_chat",
        "user_text": "Optional 怎么用？",
        "created_at": "2026-05-01T12:00:00+08:00",
        **overrides,
    }


def _item(item_id: str, kind: str = "project_note", **overrides: object) -> dict[str, object]:
    return {
        "id": item_id,
        "type": kind,
        "label": "review 模块",
        "summary": "review 模块管理 finding 队列。",
        "status": "active",
        "source": "user_explicit" if kind == "durable_preference" else "conversation_summary",
        "created_at": "2026-05-01T12:00:00+08:00",
        "updated_at": "2026-05-01T12:00:00+08:00",
        **overrides,
    }


@pytest.mark.parametrize(
    ("bad", "where"),
    [
        ({"working_memory": {"recent_turns": [_turn("t1"), {"id": 1}, _turn("t3")]}},
         "working_memory.recent_turns[1]"),
        ({"working_memory": {"recent_turns": [_turn("t1"), _turn("t2", intent="code_audit"),
                                              _turn("t3")]}},
         "working_memory.recent_turns[1]"),
        ({"working_memory": {"recent_turns": [_turn("t1"), _turn("t2", created_at=""),
                                              _turn("t3")]}},
         "working_memory.recent_turns[1]"),
        ({"working_memory": {"recent_turns": [_turn("t1"), _turn("t2", scope_paths="src"),
                                              _turn("t3")]}},
         "working_memory.recent_turns[1]"),
        ({"long_term_memory": {"project_notes": [_item("m1"), _item("m2", status="gone"),
                                                 _item("m3")]}},
         "long_term_memory.project_notes[1]"),
        ({"long_term_memory": {"project_notes": [_item("m1"), _item("m2", "durable_preference"),
                                                 _item("m3")]}},
         "long_term_memory.project_notes[1]"),
        ({"working_memory": {"recent_turns": "nope"}}, "working_memory.recent_turns"),
        ({"repo_profile": ["maven"]}, "repo_profile"),
    ],
    ids=["turn-id-not-a-string", "gated-intent", "no-timestamp", "scope-not-a-list",
         "unknown-status", "item-in-the-wrong-list", "turns-not-a-list", "profile-not-an-object"],
)  # fmt: skip
def test_an_invalid_part_is_dropped_alone(repo: Path, bad: dict[str, object], where: str) -> None:
    raw = {"version": 1, "generation": 4, **bad}
    data = json.dumps(raw, ensure_ascii=False).encode()
    doc, problem = parse_document(data)
    assert problem is not None and problem.kind is LoadProblem.SALVAGED
    assert [p.where for p in problem.dropped] == [where]
    assert doc.generation == 4
    turns = [t.id for t in doc.working_memory.recent_turns]
    notes = [i.id for i in doc.long_term_memory.project_notes]
    if "recent_turns[1]" in where:
        assert turns == ["t1", "t3"]
    if "project_notes[1]" in where:
        assert notes == ["m1", "m3"]
    # The write keeps the original once, and journals what was dropped and why.
    store = MemoryStore(repo, clock=fixed_clock)
    store.folder.mkdir()
    store.path.write_bytes(data)
    result = store.update(add_turn("new"), actor="record")
    assert (store.folder / "memory.salvaged.json").read_bytes() == data
    [entry] = result.recovered
    assert (entry.op, entry.outcome, entry.reason) == ("salvage", Outcome.RECOVERED, "salvaged")
    assert entry.detail is not None and where in entry.detail
    assert entry in store.journal.read() or entry.model_dump() in [
        e.model_dump() for e in store.journal.read()
    ]
    assert store.problem() is None and store.read().generation == 4


def test_reference_empty_strings_mean_missing() -> None:
    raw = {
        "version": 1,
        "updated_at": "",
        "epoch": "",
        "repo_profile": {
            "build_tool": "", "java_version": "", "project_name": "", "modules": [],
            "frameworks": [], "source_files": [], "updated_at": "",
        },
        "working_memory": {
            "recent_turns": [_turn("t1", summary_status="", scope_paths=None, summary=None)],
            "active_topics": [],
        },
        "long_term_memory": {
            "durable_preferences": [_item("m1", "durable_preference", status="")],
            "project_notes": [_item("m2", status="archived"), _item("m3", status=" Inactive ")],
        },
    }  # fmt: skip
    doc, problem = parse_document(json.dumps(raw).encode())
    assert problem is None
    assert doc.updated_at is None and doc.epoch is None and doc.repo_profile is None
    turn = doc.working_memory.recent_turns[0]
    assert turn.summary_status is SummaryStatus.PENDING and turn.scope_paths == []
    assert [i.status for i in doc.long_term_memory.items()] == [
        ItemStatus.ACTIVE,
        ItemStatus.ARCHIVED,
        ItemStatus.ARCHIVED,
    ]
    dumped = doc.model_dump(mode="json")["long_term_memory"]["project_notes"]
    assert [i["status"] for i in dumped] == ["inactive", "inactive"]  # written as on disk
    # A partly filled reference profile keeps what it has.
    raw["repo_profile"] = {"build_tool": "Maven", "java_version": "", "modules": ["a"]}
    doc, problem = parse_document(json.dumps(raw).encode())
    assert problem is None and doc.repo_profile is not None
    assert doc.repo_profile.build_tool is not None and doc.repo_profile.build_tool.value == "maven"
    assert doc.repo_profile.java_version is None and doc.repo_profile.modules == ["a"]


def test_nothing_is_moved_or_rewritten_by_an_update_that_changes_nothing(repo: Path) -> None:
    store = MemoryStore(repo, clock=fixed_clock)
    store.folder.mkdir()
    for data in (b"{ not json", b'{"version": 1, "generation": -5}', b'{"version": 9}'):
        store.path.write_bytes(data)
        result = store.update(lambda txn: None, actor="test")
        assert not result.changed and result.recovered == []
        assert store.path.read_bytes() == data
        assert sorted(p.name for p in store.folder.glob("memory.*.json")) == []


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


# From the first fresh-eyes bug hunt (a test written before its fix).
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


# --- the epoch: which file a result was computed from ------------------------------------------


def test_every_fresh_file_gets_its_own_epoch_and_reset_keeps_it(repo: Path) -> None:
    store = MemoryStore(repo, clock=fixed_clock)
    assert store.read().epoch is None  # no file yet
    store.update(add_turn("one"), actor="record")
    first = store.read().epoch
    assert first is not None and len(first) == limits.EPOCH_HEX_CHARS
    store.update(add_turn("two"), actor="record")
    assert store.read().epoch == first  # the same file
    store.reset()
    assert (store.read().epoch, store.read().generation) == (first, 1)
    store.path.write_bytes(b"garbage")  # set aside at the next write: a fresh file
    store.update(add_turn("three"), actor="record")
    second = store.read().epoch
    assert second is not None and second != first
    assert store.purge()
    store.update(add_turn("four"), actor="record")
    assert store.read().epoch not in (None, first, second)


# --- the journal orders writes -----------------------------------------------------------------


def test_a_write_is_journaled_before_the_replace_with_the_digest_of_its_file(repo: Path) -> None:
    seen: list[tuple[WritePoint, list[str | None], bytes | None]] = []
    store = MemoryStore(repo, clock=fixed_clock)

    def hook(point: WritePoint) -> None:
        files = [e.file for e in store.journal.read()]
        data = store.path.read_bytes() if store.path.exists() else None
        seen.append((point, files, data))

    store = MemoryStore(repo, clock=fixed_clock, fault_hook=hook)
    store.update(add_turn("one"), actor="record")
    first = file_digest(store.path.read_bytes())
    store.update(add_turn("two"), actor="record")
    second = file_digest(store.path.read_bytes())
    (point, files, data), (point2, _, data2) = seen[0], seen[1]
    assert (point, point2) == (WritePoint.JOURNALED, WritePoint.REPLACED)
    assert files == [first] and data is None  # journaled, not yet on disk
    assert data2 is not None and file_digest(data2) == first
    entries = store.journal.read()
    assert [(e.file, e.prev_file) for e in entries] == [(first, None), (second, first)]
    assert unlanded_writes(entries, second) == []
    assert unlanded_writes(entries, first) == [second]  # as if the second never landed
    assert unlanded_writes(entries, None) == [second]


def test_unwritable_journal_never_blocks_a_write(repo: Path) -> None:
    store = MemoryStore(repo, clock=fixed_clock)
    store.folder.mkdir()
    (store.folder / "memory.journal.jsonl").mkdir()  # not a file: appends fail
    result = store.update(add_turn("one"), actor="record")
    assert result.changed and store.read().working_memory.recent_turns
    assert store.journal.append_error is not None and "journal" in store.journal.append_error


# --- the folder and the files in it ------------------------------------------------------------


def test_a_new_folder_gets_a_gitignore_an_existing_one_is_left_alone(repo: Path) -> None:
    store = MemoryStore(repo, clock=fixed_clock)
    store.update(add_turn("one"), actor="record")
    ignore = store.folder / ".gitignore"
    assert ignore.read_text(encoding="utf-8").splitlines()[-1] == "*"
    ignore.write_text("keep me\n", encoding="utf-8")
    store.update(add_turn("two"), actor="record")
    assert ignore.read_text(encoding="utf-8") == "keep me\n"
    other = MemoryStore(repo.parent / "other", clock=fixed_clock)
    (repo.parent / "other" / ".autopatch-j").mkdir(parents=True)
    other.update(add_turn("x"), actor="record")
    assert not (other.folder / ".gitignore").exists()  # not created by us: not ours to add


def test_git_ignores_the_folder(repo: Path) -> None:
    git = shutil.which("git")
    if git is None:
        pytest.skip("git is not installed")
    shutil.rmtree(repo / ".git")
    subprocess.run([git, "init", "-q", str(repo)], check=True)
    (repo / "pom.xml").write_text("<project/>", encoding="utf-8")
    MemoryStore(repo, clock=fixed_clock).update(add_turn("one"), actor="record")
    status = subprocess.run(
        [git, "-C", str(repo), "status", "--porcelain", "--untracked-files=all"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert status.stdout.splitlines() == ["?? pom.xml"]


def test_a_linked_lock_file_is_refused_and_its_target_untouched(repo: Path, tmp_path: Path) -> None:
    victim = tmp_path / "authorized_keys"
    victim.write_text("ssh-ed25519 AAAA precious\n", encoding="utf-8")
    store = MemoryStore(repo, clock=fixed_clock)
    store.folder.mkdir()
    os.symlink(victim, store.lock_path)
    with pytest.raises(StoreError, match="symbolic link"):
        store.update(add_turn("one"), actor="record")
    assert victim.read_text(encoding="utf-8") == "ssh-ed25519 AAAA precious\n"


def test_purge_deletes_the_folder_and_nothing_outside_it(repo: Path, tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "keep.txt").write_text("keep", encoding="utf-8")
    store = MemoryStore(repo, clock=fixed_clock)
    store.update(add_turn("one"), actor="record")
    (store.folder / "memory.corrupt.json").write_text("backup", encoding="utf-8")
    (store.folder / "profile.cache.json").write_text("{}", encoding="utf-8")
    (store.folder / ".memory.json.99-1.tmp").write_text("{", encoding="utf-8")
    # a link with the name of a file of ours is removed, never its target
    os.symlink(outside / "keep.txt", store.folder / "memory.salvaged.json")
    assert (store.folder / ".gitignore").exists() and store.journal.path.exists()
    assert store.purge() is True
    assert not store.folder.exists() and (outside / "keep.txt").read_text() == "keep"
    assert store.purge() is False  # nothing left to delete
    assert store.read() == MemoryDocument()
    store.update(add_turn("fresh"), actor="record")
    assert [t.user_text for t in store.read().working_memory.recent_turns] == ["fresh"]


def test_purge_keeps_the_files_a_host_keeps_in_the_folder(repo: Path, tmp_path: Path) -> None:
    """The reference host keeps its symbol index, review findings and input history in
    ``.autopatch-j/``: purging memory must not delete them, nor the user's config."""
    outside = tmp_path / "outside"
    outside.mkdir()
    store = MemoryStore(repo, clock=fixed_clock)
    store.update(add_turn("one"), actor="record")
    (store.folder / "findings").mkdir()
    (store.folder / "findings" / "scan-1.json").write_text("{}", encoding="utf-8")
    (store.folder / "index.db").write_bytes(b"SQLite format 3\0")
    (store.folder / "history.txt").write_text("+ask\n", encoding="utf-8")
    (store.folder / "config.toml").write_text("[model]\n", encoding="utf-8")
    os.symlink(outside, store.folder / "linked-folder")
    assert store.purge() is True
    left = sorted(p.name for p in store.folder.iterdir())
    assert left == [".gitignore", "config.toml", "findings", "history.txt", "index.db",
                    "linked-folder"]  # fmt: skip
    assert (store.folder / "findings" / "scan-1.json").read_text() == "{}"
    assert store.read() == MemoryDocument() and not store.journal.path.exists()
    store.update(add_turn("fresh"), actor="record")
    assert [t.user_text for t in store.read().working_memory.recent_turns] == ["fresh"]


def test_purge_keeps_a_folder_whose_gitignore_is_someone_elses(repo: Path) -> None:
    store = MemoryStore(repo, clock=fixed_clock)
    store.update(add_turn("one"), actor="record")
    (store.folder / ".gitignore").write_text("index.db\n", encoding="utf-8")
    assert store.purge() is True
    assert [p.name for p in store.folder.iterdir()] == [".gitignore"]


def test_purge_refuses_a_linked_folder(repo: Path, tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "memory.json").write_text("{}", encoding="utf-8")
    os.symlink(elsewhere, repo / ".autopatch-j")
    with pytest.raises(StoreError, match="symbolic link"):
        MemoryStore(repo).purge()
    assert (elsewhere / "memory.json").exists() and (repo / ".autopatch-j").is_symlink()


def test_a_version_written_as_a_float_is_that_version() -> None:
    raw = {"version": 1.0, "working_memory": {"recent_turns": [_turn("t1")]}}
    doc, problem = parse_document(json.dumps(raw).encode())
    assert problem is None and doc.version == 1
    assert [t.id for t in doc.working_memory.recent_turns] == ["t1"]
    for odd in (1.5, "1", True):
        assert parse_document(json.dumps({"version": odd}).encode())[1] is not None


@pytest.mark.parametrize("blank", ["", None])
def test_a_blank_optional_section_is_missing_not_invalid(blank: object) -> None:
    raw = {
        "version": 1,
        "repo_profile": blank,
        "working_memory": {"recent_turns": blank, "active_topics": [_turn("t1")][:0]},
        "long_term_memory": blank,
    }
    doc, problem = parse_document(json.dumps(raw).encode())
    assert problem is None and doc == MemoryDocument()


def test_the_file_format_page_documents_every_reason_and_backup() -> None:
    doc = (ROOT / "docs" / "file-format.md").read_text(encoding="utf-8")
    codes = doc.split("## Reason codes", 1)[1]
    for reason in Reason:
        assert f"`{reason.value}`" in codes, reason
    for problem in LoadProblem:
        stem = Unusable(problem, "", version=2).backup_stem.replace("v2", "v<N>")
        assert f"`{stem}.json`" in doc, stem
    assert f"{limits.MEMORY_FILE_MAX_READ_BYTES // limits.KIB} KiB" in doc


# --- the write path at the limit: one serialization, the choke point still complete ---------


def _at_the_limit(store: MemoryStore) -> None:
    """Long-term memory near its budget and every working list full: each write trims."""

    def seed(txn: Transaction) -> None:
        txn.doc.long_term_memory.project_notes.extend(long_term_items(30, 200))
        for i in range(limits.MAX_ACTIVE_TOPICS):
            txn.doc.working_memory.active_topics.append(
                Topic(
                    id=f"topic_20260501_{i:03d}",
                    label=f"t{i}",
                    summary="话题" * 100,
                    last_touched_at=T0 + timedelta(minutes=i),
                )
            )

    store.update(seed, actor="test")
    for i in range(limits.MAX_RECENT_TURNS):
        store.update(add_turn(f"问题 {i} " + "问" * 200, "答" * 1500), actor="record")


def _with_a_bit_of_everything(store: MemoryStore) -> None:
    def seed(txn: Transaction) -> None:
        txn.doc.long_term_memory.project_notes.extend(long_term_items(5, 50))
        txn.doc.working_memory.active_topics.append(
            Topic(id="topic_20260501_001", label="t", summary="话题", last_touched_at=T0)
        )

    store.update(seed, actor="test")
    store.update(add_turn("问题一", "答", SummaryStatus.READY), actor="record")
    store.update(add_turn("问题二", "答"), actor="record")


def _counting_dumps(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts serializations of the whole document (not of a skeleton without elements)."""
    calls = [0]
    real = MemoryDocument.to_bytes

    def counted(self: MemoryDocument) -> bytes:
        calls[0] += any(model_lists(self))
        return real(self)

    monkeypatch.setattr(MemoryDocument, "to_bytes", counted)
    return calls


@pytest.mark.parametrize(
    ("fresh_store", "dumps"), [(False, 0), (True, 1)], ids=["same store", "another store"]
)
def test_a_write_that_trims_serializes_the_document_at_most_once(
    repo: Path, monkeypatch: pytest.MonkeyPatch, fresh_store: bool, dumps: int
) -> None:
    store = MemoryStore(repo, clock=fixed_clock)
    _at_the_limit(store)
    if fresh_store:  # the file is not this store's own: everything is redacted again
        store = MemoryStore(repo, clock=fixed_clock)
    calls = _counting_dumps(monkeypatch)
    result = store.update(add_turn("再问一次 " + "问" * 200, "答" * 1500), actor="record")
    assert result.changed and result.trimmed >= 2
    # After its own write, a store takes the unchanged elements' text from that file.
    assert calls[0] == dumps
    monkeypatch.undo()
    data = store.path.read_bytes()
    assert len(data) <= limits.HARD_LIMIT_BYTES
    assert data == parse_document(data)[0].to_bytes()  # the patched text is the document's


def test_the_size_policy_leaves_one_journal_entry_per_write(repo: Path) -> None:
    store = MemoryStore(repo, clock=fixed_clock)
    _at_the_limit(store)
    before = len(store.journal.read())
    result = store.update(add_turn("再问一次 " + "问" * 200, "答" * 1500), actor="record")
    entries = store.journal.read()[before:]
    trims = [e for e in entries if e.outcome is Outcome.TRIMMED]
    assert result.trimmed >= 2 and len(trims) == 1
    (trim,) = trims
    assert (trim.actor, trim.op) == ("store", "trim")
    assert trim.file == file_digest(store.path.read_bytes())  # stamped like the write's others
    assert trim.target is not None and trim.detail is not None
    # Every step taken, with its count, and every target, in order.
    steps = dict(part.rsplit(" ", 1) for part in trim.detail.split(", "))
    assert sum(int(n) for n in steps.values()) == result.trimmed
    assert all(target.startswith(("turn_", "topic_")) for target in trim.target.split(","))


_SECRET = "ghp_" + "abcdefghijklmnopqrstuvwxyz0123456789"


def _with_secret(where: str) -> Callable[[Transaction], None]:
    """A transaction that puts the secret into one place of the document, bypassing
    every caller-side redaction."""

    def fn(txn: Transaction) -> None:
        doc = txn.doc
        wm = doc.working_memory
        if where == "new turn":
            wm.recent_turns.append(
                Turn(
                    id="turn_20260501_130000_001",
                    intent=IntentType.GENERAL_CHAT,
                    user_text=f"token {_SECRET}",
                    created_at=txn.now,
                )
            )
        elif where == "field of a turn changed":
            txn.own(wm.recent_turns[0]).summary = f"uses {_SECRET}"
        elif where == "list inside a turn changed":
            txn.own(wm.recent_turns[-1]).scope_paths.append(f"src/{_SECRET}.java")
        elif where == "topic list changed":
            txn.own(wm.active_topics[0]).related_turn_ids.append(_SECRET)
        elif where == "long-term item replaced":
            notes = doc.long_term_memory.project_notes
            notes[3] = notes[3].model_copy(update={"label": _SECRET})
        elif where == "whole list replaced":
            wm.active_topics = [
                t.model_copy(update={"summary": f"{t.summary} {_SECRET}"}) for t in wm.active_topics
            ]
        elif where == "profile":
            doc.repo_profile = RepoProfile(project_name=f"demo {_SECRET}", modules=[_SECRET])
        elif where == "top-level field":
            doc.epoch = _SECRET
        elif where == "answer that the size policy then trims":
            wm.recent_turns.append(
                Turn(
                    id="turn_20260501_130000_002",
                    intent=IntentType.GENERAL_CHAT,
                    user_text="问" * 900,
                    assistant_text=f"{_SECRET} " + "答" * 1900,
                    created_at=txn.now,
                )
            )

    return fn


@pytest.mark.parametrize(
    "where",
    [
        "new turn",
        "field of a turn changed",
        "list inside a turn changed",
        "topic list changed",
        "long-term item replaced",
        "whole list replaced",
        "profile",
        "top-level field",
        "answer that the size policy then trims",
    ],
)
def test_a_secret_put_anywhere_never_reaches_the_disk(repo: Path, where: str) -> None:
    store = MemoryStore(repo, clock=fixed_clock)
    if where == "answer that the size policy then trims":
        _at_the_limit(store)
    else:
        _with_a_bit_of_everything(store)
    store.update(add_turn("热身"), actor="record")  # the store now knows its text as clean
    result = store.update(_with_secret(where), actor="test")
    data = store.path.read_bytes()
    assert result.changed
    assert _SECRET.encode() not in data
    assert b"[REDACTED:github_token]" in data or where == "answer that the size policy then trims"
    # And the next write, which skips what it knows to be clean, keeps it so.
    store.update(add_turn("再问"), actor="record")
    assert _SECRET.encode() not in store.path.read_bytes()


def test_a_write_that_changes_the_document_it_read_fails_under_the_tests_check(
    repo: Path,
) -> None:
    # The document a write reads is shared (with readers, with the next write): an
    # element is changed through txn.own. The suite checks every write (conftest.py);
    # a change in place is caught, and the file is not written.
    store = MemoryStore(repo, clock=fixed_clock)
    _with_a_bit_of_everything(store)
    before = store.path.read_bytes()
    shared = store.read()

    def in_place(txn: Transaction) -> None:
        txn.doc.working_memory.recent_turns[0].summary = "changed in place"

    assert MemoryStore.check_copy_on_write
    with pytest.raises(AssertionError, match=r"Transaction\.own"):
        store.update(in_place, actor="test")
    assert store.path.read_bytes() == before
    assert shared.working_memory.recent_turns[0].summary == "changed in place"  # caught


def test_owning_an_element_copies_it_once_and_leaves_the_document_read_alone(
    repo: Path,
) -> None:
    store = MemoryStore(repo, clock=fixed_clock)
    _with_a_bit_of_everything(store)
    read = store.read()
    first = read.working_memory.recent_turns[0]
    seen: dict[str, object] = {}

    def change(txn: Transaction) -> None:
        turn = txn.doc.working_memory.recent_turns[0]
        assert turn is first and txn.is_shared(turn)
        owned = txn.own(turn)
        assert owned is not turn and txn.own(turn) is owned and txn.own(owned) is owned
        assert txn.doc.working_memory.recent_turns[0] is owned and txn.origin(owned) is turn
        owned.summary = "summarized"
        seen["kept"] = txn.doc.working_memory.recent_turns[1] is read.working_memory.recent_turns[1]

    store.update(change, actor="test")
    assert seen["kept"] is True
    assert first.summary != "summarized"  # the document read is as it was
    assert store.read().working_memory.recent_turns[0].summary == "summarized"


def test_a_secret_another_process_wrote_is_redacted_at_the_next_write(repo: Path) -> None:
    store = MemoryStore(repo, clock=fixed_clock)
    _at_the_limit(store)
    # Written behind the store's back (another program, an editor): not ours, not clean.
    raw = json.loads(store.path.read_bytes())
    raw["long_term_memory"]["project_notes"][0]["summary"] = f"deploy key {_SECRET}"
    store.path.write_text(json.dumps(raw, ensure_ascii=False, indent=2), encoding="utf-8")
    store.update(add_turn("再问"), actor="record")
    data = store.path.read_bytes()
    assert _SECRET.encode() not in data and b"[REDACTED:github_token]" in data


def test_secrets_through_the_facade_never_reach_the_disk(repo: Path) -> None:
    from autopatch_memory.memory import ProjectMemory

    memory = ProjectMemory.open(repo, backend="off", refresh_profile=False)
    _at_the_limit(memory.store)
    turn = memory.record_turn("general_chat", f"my token is {_SECRET}", f"answer {_SECRET}")
    assert turn is not None
    report = memory.apply_delta(
        {
            "turn_summaries": [{"turn_id": turn, "summary": f"用户给了 {_SECRET}"}],
            "topic_operations": [
                {"operation": "create_new", "label": "tokens", "summary": f"令牌 {_SECRET}"}
            ],
        }
    )
    assert report.changed
    memory.set_profile({"project_name": f"svc-{_SECRET}", "build_tool": "maven"})
    memory.close()
    assert _SECRET.encode() not in memory.store.path.read_bytes()


# --- timestamps: the bytes every version wrote ------------------------------------------------


@pytest.mark.parametrize(
    "moment",
    [
        datetime(2026, 5, 1, 12, 30, 0, tzinfo=timezone.utc),
        datetime(2026, 5, 1, 12, 30, 0, 987654, tzinfo=timezone.utc),
        datetime(2026, 5, 1, 12, 30, 0, tzinfo=CST),
        datetime(2026, 5, 1, 12, 30, 0, tzinfo=timezone(timedelta(hours=-5, minutes=-30))),
        datetime(1900, 1, 1, 0, 0, 0, tzinfo=timezone(timedelta(hours=8, minutes=5, seconds=43))),
        datetime(2026, 5, 1, 12, 30, 0),  # naive, assigned without validation
    ],
)
def test_a_timestamp_is_written_as_isoformat_to_the_second(moment: datetime) -> None:
    doc = MemoryDocument()
    doc.updated_at = moment  # as the store sets it: no validation on assignment
    expected = moment.isoformat(timespec="seconds")
    assert f'"updated_at": "{expected}"' in doc.to_json()
    if moment.utcoffset() == timedelta(0):
        assert expected.endswith("+00:00")  # never "Z": what the reference reads


def test_one_instant_in_two_offsets_keeps_each_offset() -> None:
    # Aware datetimes of one instant compare equal: the cache must not mix them up.
    here = datetime(2026, 5, 1, 20, 0, 0, tzinfo=CST)
    utc = here.astimezone(timezone.utc)
    assert here == utc
    for first, second in ((here, utc), (utc, here)):
        doc = MemoryDocument()
        doc.updated_at = first
        doc.working_memory.active_topics.append(
            Topic(id="topic_20260501_001", label="t", summary="s", last_touched_at=second)
        )
        text = doc.to_json()
        assert f'"updated_at": "{first.isoformat()}"' in text
        assert f'"last_touched_at": "{second.isoformat()}"' in text


def test_a_copy_of_a_written_document_is_what_reading_its_file_gives() -> None:
    # The store copies the document it wrote instead of parsing its own file again.
    from test_budget import random_document

    for seed in range(30):
        doc = random_document(seed)
        doc.updated_at = datetime(2026, 5, 1, 12, 0, 0, 123456)  # naive, with a fraction
        copied = MemoryDocument.model_validate(doc.model_dump())
        parsed, problem = parse_document(doc.to_bytes())
        assert problem is None
        assert copied == parsed
        assert copied.to_bytes() == parsed.to_bytes()


# --- the files of a write ------------------------------------------------------------------------


def test_a_written_file_has_its_mode_whatever_the_umask(repo: Path) -> None:
    previous = os.umask(0o077)
    try:
        store = MemoryStore(repo, clock=fixed_clock)
        store.update(add_turn("one"), actor="record")
        store.update(add_turn("two"), actor="record")
    finally:
        os.umask(previous)
    assert stat.S_IMODE(store.path.stat().st_mode) == limits.FILE_MODE


def test_a_new_store_removes_what_a_crashed_write_left(repo: Path) -> None:
    MemoryStore(repo, clock=fixed_clock).update(add_turn("one"), actor="record")
    folder = repo / ".autopatch-j"
    leftovers = [folder / ".memory.json.4242-7.tmp", folder / ".memory.json.x1y2z3.tmp"]
    for leftover in leftovers:
        leftover.write_text("{half", encoding="utf-8")
    MemoryStore(repo, clock=fixed_clock).update(add_turn("two"), actor="record")
    assert not any(p.exists() for p in leftovers)
    assert [p.name for p in folder.iterdir() if p.name.endswith(".tmp")] == []


def test_a_write_after_the_folder_was_deleted_creates_it_again(repo: Path) -> None:
    store = MemoryStore(repo, clock=fixed_clock)
    store.update(add_turn("one"), actor="record")
    shutil.rmtree(store.folder)  # another process purged it (or a user deleted it)
    store.update(add_turn("two"), actor="record")
    assert [t.user_text for t in store.read().working_memory.recent_turns] == ["two"]
    assert (store.folder / ".gitignore").exists()


# --- the lock: flock on a kept descriptor, filelock as the portable fallback ------------------


@pytest.fixture(params=["flock", "portable"])
def lock_kind(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Each lock test runs with flock and with the portable fallback forced."""
    if request.param == "portable":
        monkeypatch.setattr(locking, "FLOCK_AVAILABLE", False)
    elif not locking.FLOCK_AVAILABLE:
        pytest.skip("no flock on this platform")
    return str(request.param)


def _hold_in_another_process(lock_path: Path, holder: str) -> subprocess.Popen[str]:
    """A process holding ``lock_path`` (with filelock, or with this library's lock with
    flock or the portable fallback) until its stdin closes."""
    if holder == "filelock":
        take = f"from filelock import FileLock; lock = FileLock({str(lock_path)!r}); lock.acquire()"
    else:
        take = (
            "from pathlib import Path; from autopatch_memory import locking; "
            f"locking.FLOCK_AVAILABLE = {holder == 'flock'}; "
            f"lock = locking.ProcessLock(Path({str(lock_path)!r})); lock.acquire()"
        )
    process = subprocess.Popen(
        [sys.executable, "-c", f"import sys; {take}; print('held', flush=True); sys.stdin.read()"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None and process.stdout.readline().strip() == "held"
    return process


@pytest.mark.parametrize("holder", ["filelock", "flock", "portable"])
def test_a_write_waits_for_a_lock_held_by_another_process(
    repo: Path, monkeypatch: pytest.MonkeyPatch, lock_kind: str, holder: str
) -> None:
    # Whichever lock each side uses (doctor's probe and older versions use filelock).
    if holder == "flock" and not hasattr(locking, "fcntl"):
        pytest.skip("no flock on this platform")
    store = MemoryStore(repo, clock=fixed_clock)
    store.update(add_turn("one"), actor="record")
    before = store.path.read_bytes()
    monkeypatch.setattr(limits, "LOCK_TIMEOUT_SECONDS", 0.3)
    process = _hold_in_another_process(store.lock_path, holder)
    try:
        with pytest.raises(LockTimeoutError, match="another process"):
            store.update(add_turn("two"), actor="record")
        assert store.path.read_bytes() == before
    finally:
        process.communicate("")
    store.update(add_turn("two"), actor="record")  # released: the write goes through
    assert [t.user_text for t in store.read().working_memory.recent_turns] == ["one", "two"]


def test_another_process_waits_while_a_write_holds_the_lock(repo: Path, lock_kind: str) -> None:
    store = MemoryStore(repo, clock=fixed_clock)
    store.update(add_turn("one"), actor="record")
    probe = (
        "import sys; from filelock import FileLock, Timeout\n"
        f"try:\n    FileLock({str(store.lock_path)!r}).acquire(timeout=0.3)\n"
        "except Timeout:\n    print('waited')\nelse:\n    print('acquired')\n"
    )
    outcome: list[str] = []

    def probe_inside(txn: Transaction) -> None:
        done = subprocess.run(
            [sys.executable, "-c", probe], capture_output=True, text=True, check=True
        )
        outcome.append(done.stdout.strip())

    store.update(probe_inside, actor="test")
    assert outcome == ["waited"]


def test_threads_sharing_one_lock_take_turns(tmp_path: Path, lock_kind: str) -> None:
    lock = locking.ProcessLock(tmp_path / "x.lock")
    counter = tmp_path / "counter"
    counter.write_text("0", encoding="utf-8")
    inside: list[int] = []
    overlaps: list[int] = []

    def work() -> None:
        for _ in range(40):
            with lock:
                inside.append(1)
                if len(inside) > 1:
                    overlaps.append(len(inside))
                value = int(counter.read_text(encoding="utf-8"))
                counter.write_text(str(value + 1), encoding="utf-8")
                inside.pop()

    threads = [threading.Thread(target=work) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not any(thread.is_alive() for thread in threads)
    assert overlaps == [] and counter.read_text(encoding="utf-8") == str(6 * 40)


def test_two_locks_of_one_process_on_one_file_exclude_each_other(
    tmp_path: Path, lock_kind: str
) -> None:
    # Two stores of one repository in one process: each keeps its own descriptor, and
    # flock excludes other open files, in the same process too.
    first = locking.ProcessLock(tmp_path / "x.lock")
    second = locking.ProcessLock(tmp_path / "x.lock", timeout=0.2)
    with first, pytest.raises(LockTimeoutError):
        second.acquire()
    with second:
        pass


def test_a_lock_file_deleted_meanwhile_is_locked_anew(
    repo: Path, monkeypatch: pytest.MonkeyPatch, lock_kind: str
) -> None:
    mine = MemoryStore(repo, clock=fixed_clock)
    mine.update(add_turn("one"), actor="record")  # its lock file is open now
    assert MemoryStore(repo).purge()  # another process deletes the folder, lock file too
    mine.update(add_turn("two"), actor="record")  # creates the folder and lock file again
    monkeypatch.setattr(limits, "LOCK_TIMEOUT_SECONDS", 0.3)
    process = _hold_in_another_process(mine.lock_path, "filelock")
    try:
        # Locking the deleted file would exclude nobody: it must wait for the new one.
        with pytest.raises(LockTimeoutError):
            mine.update(add_turn("three"), actor="record")
    finally:
        process.communicate("")
    assert [t.user_text for t in mine.read().working_memory.recent_turns] == ["two"]


@pytest.mark.skipif(not hasattr(os, "fork") or not locking.FLOCK_AVAILABLE, reason="no fork")
def test_a_forked_child_does_not_share_its_parents_lock(tmp_path: Path) -> None:
    lock = locking.ProcessLock(tmp_path / "x.lock", timeout=0.3)
    lock.acquire()
    lock.release()  # the descriptor stays open, and a child inherits it
    ready_r, ready_w = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        os.close(ready_w)
        os.read(ready_r, 1)  # the parent holds the lock now
        try:
            lock.acquire()
        except LockTimeoutError:
            os._exit(0)
        os._exit(1)  # the parent's lock was taken for this child's own
    os.close(ready_r)
    lock.acquire()
    try:
        os.write(ready_w, b"x")
        _, status = os.waitpid(pid, 0)
    finally:
        lock.release()
        os.close(ready_w)
    assert os.waitstatus_to_exitcode(status) == 0


def test_a_file_larger_than_its_size_when_opened_is_read_to_its_end(tmp_path: Path) -> None:
    # As if it grew between the fstat and the read: the rest comes in further reads.
    from autopatch_memory.safe_io import _read_to_end

    path = tmp_path / "grown"
    data = os.urandom(3 * limits.READ_CHUNK_BYTES + 17)
    path.write_bytes(data)
    for expected, limit, wanted in (
        (10, None, data),
        (0, None, data),
        (len(data), None, data),
        (10, 1000, data[:1000]),
        (10, len(data) + 1, data),
    ):
        fd = os.open(path, os.O_RDONLY)
        try:
            assert _read_to_end(fd, expected, limit=limit) == wanted
        finally:
            os.close(fd)


# --- a file whose long-term memory alone is over the hard limit ------------------------------


def _reference_item(index: int, kind: LongTermType) -> dict[str, object]:
    """A long-term item as the reference implementation writes it (random hex id suffix)."""
    preference = kind is LongTermType.DURABLE_PREFERENCE
    return {
        "id": f"mem_20250601_{index:08x}",
        "type": kind.value,
        "label": f"规则 {index} " + "标签" * 20,
        "summary": f"第{index}条：" + "提交信息必须使用规范格式并且保持简洁明确。" * 12,
        "status": "active",
        "source": "user_explicit" if preference else "conversation_summary",
        "created_at": "2025-06-01T10:00:00+08:00",
        "updated_at": "2025-06-01T10:00:00+08:00",
    }


def _oversized_reference_file(store: MemoryStore, *, archived: int = 0) -> dict[str, object]:
    """A reference-format file whose 40 long-term items alone are about 48 KiB."""
    preferences = [_reference_item(i, LongTermType.DURABLE_PREFERENCE) for i in range(20)]
    notes = [_reference_item(100 + i, LongTermType.PROJECT_NOTE) for i in range(20)]
    for item in notes[:archived]:
        item["status"] = "inactive"
    raw: dict[str, object] = {
        "version": 1,
        "updated_at": "2025-06-01T10:00:00+08:00",
        "repo_profile": {
            "build_tool": "",
            "java_version": "",
            "project_name": "",
            "modules": [],
            "frameworks": [],
            "source_files": [],
            "updated_at": "",
        },
        "working_memory": {"recent_turns": [], "active_topics": []},
        "long_term_memory": {"durable_preferences": preferences, "project_notes": notes},
    }
    store.folder.mkdir(parents=True, exist_ok=True)
    store.path.write_text(json.dumps(raw, ensure_ascii=False, indent=2), encoding="utf-8")
    assert store.path.stat().st_size > limits.HARD_LIMIT_BYTES + 8 * limits.KIB
    return raw


def test_a_file_over_the_limit_by_its_long_term_part_alone_still_records_turns(
    repo: Path,
) -> None:
    store = MemoryStore(repo, clock=fixed_clock)
    raw = _oversized_reference_file(store, archived=3)
    long_term = raw["long_term_memory"]
    questions = [f"第 {i} 个问题：Optional 怎么用？" + "详细" * 150 for i in range(14)]
    for question in questions:
        store.update(add_turn(question, "答" * 1500), actor="record")
        written = json.loads(store.path.read_text(encoding="utf-8"))
        # The user's long-term items, archived ones too, are never dropped or cut.
        assert written["long_term_memory"] == long_term
        # The newest turn is recorded whole, and the file stays readable.
        assert written["working_memory"]["recent_turns"][-1]["user_text"] == question
        size = store.path.stat().st_size
        assert size < limits.MEMORY_FILE_MAX_READ_BYTES
    doc = store.read()
    assert store.problem() is None
    assert len(doc.working_memory.recent_turns) > 1  # working memory keeps some room
    # Working memory is trimmed hard: only the long-term part may pass the hard limit.
    floor = len(doc.model_copy(update={"working_memory": type(doc.working_memory)()}).to_bytes())
    assert size <= floor + limits.OVER_LIMIT_WORKING_ROOM_BYTES
    # The operator can see why the file is over the limit.
    over = [e for e in store.journal.read() if e.reason == Reason.HARD_LIMIT.value]
    assert over and all(e.outcome is Outcome.APPLIED for e in over)
    assert over[-1].detail is not None and "long-term" in over[-1].detail


def test_a_write_that_grows_an_oversized_long_term_part_is_refused(repo: Path) -> None:
    store = MemoryStore(repo, clock=fixed_clock)
    _oversized_reference_file(store)
    store.update(add_turn("问题"), actor="record")
    before = store.path.read_bytes()

    def grow(txn: Transaction) -> None:
        txn.doc.long_term_memory.project_notes.extend(long_term_items(1, 200))

    with pytest.raises(HardLimitError):
        store.update(grow, actor="test")
    assert store.path.read_bytes() == before


def test_forgetting_brings_an_oversized_file_back_under_the_limit(repo: Path) -> None:
    from autopatch_memory.memory import ProjectMemory

    memory = ProjectMemory.open(repo, backend="off", collect_profile=False)
    store = MemoryStore(repo, clock=fixed_clock)
    raw = _oversized_reference_file(store)
    assert memory.record_turn(IntentType.GENERAL_CHAT, "Optional 怎么用？") is not None
    notes = raw["long_term_memory"]["project_notes"]  # type: ignore[index]
    for note in notes:
        memory.forget(note["id"])
        memory.record_turn(IntentType.GENERAL_CHAT, "What is a record class?")
    memory.close()
    assert store.path.stat().st_size <= limits.HARD_LIMIT_BYTES
    doc = store.read()
    assert len(doc.long_term_memory.durable_preferences) == 20
    assert doc.working_memory.recent_turns[-1].user_text == "What is a record class?"


def _note(index: int, summary: str) -> dict[str, object]:
    return {
        "id": f"mem_20250601_{index:08x}",
        "type": "project_note",
        "label": f"模块 {index}",
        "summary": summary,
        "status": "active",
        "source": "conversation_summary",
        "created_at": "2025-06-01T10:00:00+08:00",
        "updated_at": "2025-06-01T10:00:00+08:00",
    }


def _file_with_long_term_size(size: int) -> dict[str, object]:
    """A file of active notes alone, exactly ``size`` bytes as this program writes it."""
    notes = [_note(i, "订单服务的说明。" * 40) for i in range(20)]
    raw: dict[str, object] = {
        "version": 1,
        "working_memory": {"recent_turns": [], "active_topics": []},
        "long_term_memory": {"durable_preferences": [], "project_notes": notes},
    }
    missing = size - MemoryDocument.model_validate(raw).size_bytes()
    assert missing >= 0
    notes[-1]["summary"] = str(notes[-1]["summary"]) + "x" * missing
    assert MemoryDocument.model_validate(raw).size_bytes() == size
    return raw


# From the hunt in round E's new code paths (the test that found it).
@pytest.mark.parametrize("slack", [40, 150, 300])
def test_a_turn_is_recorded_when_the_long_term_part_leaves_no_room_for_one(
    repo: Path, slack: int
) -> None:
    # Active notes just under the hard limit: too little room for even an empty turn,
    # though the notes alone do not pass the limit.
    store = MemoryStore(repo)
    raw = _file_with_long_term_size(limits.HARD_LIMIT_BYTES - slack)
    store.folder.mkdir(parents=True, exist_ok=True)
    store.path.write_text(json.dumps(raw, ensure_ascii=False, indent=2), encoding="utf-8")
    memory = ProjectMemory.open(repo, backend="off", collect_profile=False)
    try:
        question = "Optional 怎么用？"
        assert memory.record_turn(IntentType.GENERAL_CHAT, question) is not None
        assert memory.last_error is None
    finally:
        memory.close()
    written = json.loads(store.path.read_text(encoding="utf-8"))
    assert written["long_term_memory"] == raw["long_term_memory"]
    assert written["working_memory"]["recent_turns"][-1]["user_text"] == question
    over = [e for e in store.journal.read() if e.op == "over_limit"]
    assert over and over[-1].detail is not None and "no room for a turn" in over[-1].detail


# --- fields this version does not know -----------------------------------------------------------


def _with_unknown_fields() -> dict[str, object]:
    """A valid file plus fields a newer version or a host added, at every level."""
    raw = json.loads(REFERENCE.read_text(encoding="utf-8"))
    raw["host_state"] = {"last_audit": "2026-05-01", "findings": [1, 2]}
    raw["repo_profile"]["gradle_version"] = "8.5"
    raw["working_memory"]["pinned_turn_ids"] = []
    raw["working_memory"]["recent_turns"][0]["rating"] = 5
    raw["long_term_memory"]["project_notes"][0]["owner"] = "张三"
    return raw


def test_unknown_fields_are_kept_in_a_backup_before_the_write_that_drops_them(
    repo: Path,
) -> None:
    store = MemoryStore(repo, clock=fixed_clock)
    store.folder.mkdir(parents=True)
    raw = _with_unknown_fields()
    original = json.dumps(raw, ensure_ascii=False, indent=2).encode("utf-8")
    store.path.write_bytes(original)
    problem = store.problem()
    assert problem is not None and problem.kind is LoadProblem.SALVAGED
    assert sorted(p.where for p in problem.dropped) == [
        "host_state",
        "long_term_memory.project_notes[0].owner",
        "repo_profile.gradle_version",
        "working_memory.pinned_turn_ids",
        "working_memory.recent_turns[0].rating",
    ]
    turn_id = raw["working_memory"]["recent_turns"][0]["id"]  # type: ignore[index]
    assert [p.id for p in problem.dropped if p.where.endswith(".rating")] == [turn_id]
    # Everything this version knows is read as it is.
    assert store.read() == parse_document(REFERENCE.read_bytes())[0]
    assert store.path.read_bytes() == original  # reading changes nothing
    store.update(add_turn("new"), actor="record")
    backups = sorted(p.name for p in store.folder.glob("memory.*.json"))
    assert backups == ["memory.salvaged.json"]
    assert (store.folder / "memory.salvaged.json").read_bytes() == original
    salvage = [e for e in store.journal.read() if e.op == "salvage"]
    assert len(salvage) == 1 and salvage[0].detail is not None
    assert "host_state" in salvage[0].detail
    # Once written, the file is this version's: no more backups.
    assert store.problem() is None
    store.update(add_turn("newer"), actor="record")
    assert sorted(p.name for p in store.folder.glob("memory.*.json")) == backups


# --- backups of a file that held a secret in clear ---------------------------------------------


def test_a_salvage_backup_keeps_everything_but_the_secrets(repo: Path) -> None:
    store = MemoryStore(repo, clock=fixed_clock)
    store.folder.mkdir(parents=True)
    raw = json.loads(REFERENCE.read_text(encoding="utf-8"))
    turns = raw["working_memory"]["recent_turns"]
    turns[0]["user_text"] = f"我的 GitHub token 是 {_SECRET}，帮我看看 CI"
    # An invalid turn (a gated intent) holding a secret, and a host's field holding one.
    turns.append(dict(turns[1], id="turn_x", intent="code_audit", user_text=f"key {_SECRET}"))
    raw["host_state"] = {"deploy": f"token={_SECRET}", "note": "keep me"}
    store.path.write_text(json.dumps(raw, ensure_ascii=False, indent=2), encoding="utf-8")
    store.update(add_turn("new"), actor="record")
    backup = store.folder / "memory.salvaged.json"
    assert _SECRET.encode() not in store.path.read_bytes()
    assert _SECRET.encode() not in backup.read_bytes()
    kept = json.loads(backup.read_text(encoding="utf-8"))
    # Everything else of the original is there: the invalid turn, the host's fields.
    assert [t["id"] for t in kept["working_memory"]["recent_turns"]] == [t["id"] for t in turns]
    assert kept["host_state"]["note"] == "keep me"
    assert "[REDACTED:" in kept["host_state"]["deploy"]
    assert kept["working_memory"]["recent_turns"][0]["user_text"].endswith("，帮我看看 CI")
    salvage = [e for e in store.journal.read() if e.op == "salvage"]
    assert salvage and salvage[0].detail is not None and "redacted" in salvage[0].detail


def test_a_salvage_backup_without_secrets_is_the_original_byte_for_byte(repo: Path) -> None:
    store = MemoryStore(repo, clock=fixed_clock)
    store.folder.mkdir(parents=True)
    raw = _with_unknown_fields()
    original = json.dumps(raw, ensure_ascii=False).encode("utf-8")  # not our layout
    store.path.write_bytes(original)
    store.update(add_turn("new"), actor="record")
    assert (store.folder / "memory.salvaged.json").read_bytes() == original


@pytest.mark.parametrize(
    ("content", "backup"),
    [
        (
            '{"version": 1, "working_memory": {"recent_turns": [ password=SECRET',
            "memory.corrupt.json",
        ),
        ('{"version": 2, "note": "password=SECRET"}', "memory.v2.bak.json"),
    ],
)
def test_a_file_set_aside_is_readable_by_its_owner_only(
    repo: Path, content: str, backup: str
) -> None:
    store = MemoryStore(repo, clock=fixed_clock)
    store.folder.mkdir(parents=True)
    original = content.replace("SECRET", _SECRET).encode("utf-8")
    store.path.write_bytes(original)
    store.path.chmod(0o644)
    store.update(add_turn("new"), actor="record")
    moved = store.folder / backup
    # Kept byte for byte (this version cannot read it, so it cannot redact it), but private.
    assert moved.read_bytes() == original
    assert stat.S_IMODE(moved.stat().st_mode) == limits.BACKUP_FILE_MODE == 0o600


# From the hunt in round E's new code paths (the test that found it).
def test_a_salvage_backup_keeps_every_value_when_two_secret_keys_redact_alike(repo: Path) -> None:
    # A host's extra map keyed by tokens: both keys read as [REDACTED:github_token] once
    # redacted, and the backup must still hold both values.
    first, second = "ghp_" + "a1B2" * 9, "ghp_" + "z9Y8" * 9
    raw = {
        "version": 1,
        "host_tokens": {first: "CI 用的令牌", second: "release token"},
        "working_memory": {"recent_turns": [], "active_topics": []},
        "long_term_memory": {"durable_preferences": [], "project_notes": []},
    }
    store = MemoryStore(repo)
    store.folder.mkdir(parents=True, exist_ok=True)
    store.path.write_text(json.dumps(raw, ensure_ascii=False), encoding="utf-8")
    memory = ProjectMemory.open(repo, backend="off", collect_profile=False)
    try:
        assert memory.record_turn(IntentType.GENERAL_CHAT, "What is a record class?")
    finally:
        memory.close()
    backup = (store.folder / "memory.salvaged.json").read_text(encoding="utf-8")
    assert first not in backup and second not in backup
    kept = json.loads(backup)["host_tokens"]
    assert sorted(kept.values()) == ["CI 用的令牌", "release token"]


# --- a file this program wrote (the journal's stamp) -----------------------------------


def _redactions(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text the store's choke point redacts from now on."""
    from autopatch_memory.store import redaction

    seen: list[str] = []
    real = redaction.privacy.redact

    def counted(text: str) -> str:
        seen.append(text)
        return real(text)

    monkeypatch.setattr(redaction.privacy, "redact", counted)
    return seen


def test_the_journal_names_each_write_and_the_redaction_code_it_passed(repo: Path) -> None:
    from autopatch_memory.store.redaction import redaction_fingerprint

    store = MemoryStore(repo, clock=fixed_clock)
    _with_a_bit_of_everything(store)
    digest = file_digest(store.path.read_bytes())
    fingerprint = redaction_fingerprint()
    assert fingerprint and len(fingerprint) == limits.FILE_DIGEST_HEX_CHARS
    assert store.journal.stamp_of(digest) == fingerprint
    last = store.journal.read(last=1)[0]
    assert (last.file, last.redaction) == (digest, fingerprint)
    assert store.journal.stamp_of("0" * limits.FILE_DIGEST_HEX_CHARS) is None


def test_a_file_another_store_of_this_program_wrote_is_not_redacted_again(
    repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Another process (here: another store, with nothing in memory of its own) writes
    # next: the journal names the file, under the same rules, so only the new turn is
    # redacted, and the file is read without the salvage's checks.
    _with_a_bit_of_everything(MemoryStore(repo, clock=fixed_clock))
    other = MemoryStore(repo, clock=fixed_clock)
    seen = _redactions(monkeypatch)
    monkeypatch.setattr(
        "autopatch_memory.store.transactions.parse_document",
        lambda data: pytest.fail("a file this program wrote was salvage-parsed"),
    )
    other.update(add_turn("第三个问题 about OrderQueue"), actor="record")
    assert "第三个问题 about OrderQueue" in seen
    assert not any(text.startswith("note ") or "话题" in text for text in seen), seen


def test_a_file_written_under_other_redaction_rules_is_redacted_whole(
    repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _with_a_bit_of_everything(MemoryStore(repo, clock=fixed_clock))
    # This process runs other rules (another version of the program wrote the file).
    monkeypatch.setattr(
        "autopatch_memory.store.transactions.redaction_fingerprint", lambda: "0123456789ab"
    )
    other = MemoryStore(repo, clock=fixed_clock)
    seen = _redactions(monkeypatch)
    other.update(add_turn("第三个问题"), actor="record")
    assert "话题" in seen  # an old topic's summary: everything was redacted again
    assert other.journal.read(last=1)[0].redaction == "0123456789ab"
