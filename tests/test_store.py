"""MemoryStore: atomic writes, recovery backups, redaction choke point, size policy."""

from __future__ import annotations

import errno
import json
import os
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from autopatch_memory import limits
from autopatch_memory.errors import HardLimitError, StoreError
from autopatch_memory.ids import new_turn_id
from autopatch_memory.intents import IntentType
from autopatch_memory.journal import Outcome
from autopatch_memory.model import (
    LongTermItem,
    LongTermType,
    MemoryDocument,
    Source,
    SummaryStatus,
    Topic,
    Turn,
    check_invariants,
)
from autopatch_memory.store import MemoryStore, Transaction, parse_document

CST = timezone(timedelta(hours=8))
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
    store.update(add_turn("fresh"), actor="record")
    assert (store.folder / "memory.corrupt.json").read_bytes() == garbage
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
    [
        {"version": 1, "working_memory": {"recent_turns": [{"id": 1}]}},
        {"version": 1, "working_memory": {"recent_turns": "nope"}},
        {
            "version": 1,
            "working_memory": {
                "recent_turns": [
                    {
                        "id": "t",
                        "intent": "code_audit",
                        "user_text": "x",
                        "created_at": "2026-05-01T12:00:00+08:00",
                    }
                ]
            },
        },
        {"version": "1"},
        {},
    ],
)
def test_wrong_shape_is_corrupt(repo: Path, shape: dict) -> None:
    _, problem = parse_document(json.dumps(shape).encode())
    assert problem is not None and problem.kind.value == "corrupt"


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
    source = Path(__file__).parent.parent / "fixtures" / "memory" / "reference.json"
    raw = json.loads(source.read_text(encoding="utf-8"))
    doc, problem = parse_document(source.read_bytes())
    assert problem is None
    expected = json.loads(source.read_text(encoding="utf-8"))
    expected["long_term_memory"]["durable_preferences"][1]["status"] = (
        "archived"  # legacy "inactive"
    )
    expected["repo_profile"]["module_count"] = None  # a key the reference format lacks
    assert doc.model_dump(mode="json") == expected
    assert raw["long_term_memory"]["durable_preferences"][1]["status"] == "inactive"
    # And it survives a write unchanged (apart from the status spelling and updated_at).
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
    assert not (store.folder / "memory.corrupt.json").exists()


def test_reset_raises_generation_and_keeps_the_file(repo: Path) -> None:
    store = MemoryStore(repo, clock=fixed_clock)
    store.update(add_turn("one"), actor="record")
    assert store.reset() == 1
    assert store.reset() == 2
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
    assert trims and trims[0].op == "drop_answer"


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
