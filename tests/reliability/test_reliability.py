"""Storage under real concurrency and real crashes (separately runnable: -m reliability)."""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from unprivileged import require_permissions, run_unprivileged

from autopatch_memory import limits
from autopatch_memory.diagnostics import CheckName, CheckStatus, diagnose
from autopatch_memory.journal import file_digest, unlanded_writes
from autopatch_memory.memory import ProjectMemory
from autopatch_memory.model import MemoryDocument, check_invariants

pytestmark = pytest.mark.reliability

WRITER = textwrap.dedent(
    """
    import sys
    from autopatch_memory import locking
    from autopatch_memory.memory import ProjectMemory

    repo, worker, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    if sys.argv[4:] == ["portable"]:  # the lock's fallback where flock is missing
        locking.FLOCK_AVAILABLE = False
    memory = ProjectMemory.open(repo, backend="off", refresh_profile=False)
    for i in range(count):
        turn_id = memory.record_turn("general_chat", f"w{worker}-{i:03d} " + "问" * 40, "答" * 80)
        if turn_id is None:
            raise SystemExit(f"record failed: {memory.last_error}")
    memory.close()
    """
)

READER = textwrap.dedent(
    """
    import json, sys, time
    from pathlib import Path

    path, stop = Path(sys.argv[1]), Path(sys.argv[2])
    reads = bad = 0
    while not stop.exists():
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            continue
        reads += 1
        try:
            json.loads(data)
        except ValueError:
            bad += 1
    print(json.dumps({"reads": reads, "bad": bad}))
    """
)


def _python(code: str, *args: object) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", code, *map(str, args)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


@pytest.mark.parametrize("lock", ["flock", "portable", "both"])
def test_eight_processes_recording_at_once_lose_nothing(repo: Path, lock: str) -> None:
    # "both": half the processes lock with flock, half with the portable fallback.
    workers, per_worker = 8, 50 if lock == "flock" else 25
    ProjectMemory.open(repo, backend="off").close()  # create the folder and an empty file
    path = repo / ".autopatch-j" / "memory.json"
    stop = repo / "stop-reader"
    reader = _python(READER, path, stop)
    kinds = {"flock": ["flock"], "portable": ["portable"], "both": ["flock", "portable"]}[lock]
    writers = [_python(WRITER, repo, w, per_worker, kinds[w % len(kinds)]) for w in range(workers)]
    for proc in writers:
        _, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err
    stop.write_text("stop", encoding="utf-8")
    out, err = reader.communicate(timeout=30)
    seen = json.loads(out)
    assert seen["reads"] > 0 and seen["bad"] == 0  # valid JSON after every write

    memory = ProjectMemory.open(repo, backend="off")
    doc = memory.document()
    assert check_invariants(doc) == []
    # The journal orders every write (it is appended under the same lock).
    recorded = [e.target for e in memory.journal.read() if e.op == "record_turn"]
    assert len(recorded) == workers * per_worker
    assert len(set(recorded)) == workers * per_worker  # unique ids across processes
    kept = doc.working_memory.recent_turns
    # No write lost to a race: the file holds exactly the last 12 writes, in order.
    assert [t.id for t in kept] == recorded[-limits.MAX_RECENT_TURNS :]
    for turn in kept:  # and each surviving turn is intact
        tag = turn.user_text.split(" ")[0]
        worker, index = tag[1:].split("-")
        assert 0 <= int(worker) < workers and 0 <= int(index) < per_worker
        assert turn.user_text == f"{tag} " + "问" * 40
        assert turn.assistant_text == "答" * 80
    # Per worker, the surviving turns keep the order that worker wrote them in.
    for w in range(workers):
        mine = [
            int(t.user_text.split(" ")[0].split("-")[1])
            for t in kept
            if t.user_text.startswith(f"w{w}-")
        ]
        assert mine == sorted(mine)
    memory.close()


CRASHER = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from autopatch_memory.store import MemoryStore

    repo, log = Path(sys.argv[1]), Path(sys.argv[2])
    store = MemoryStore(repo)

    def write(n):
        def fn(txn):
            txn.doc.generation = n
            # Enough text that a torn write would be visible.
            txn.doc.working_memory.active_topics.clear()
            from autopatch_memory.model import Topic
            txn.doc.working_memory.active_topics.append(
                Topic(id="topic_20260101_001", label=f"write {n}", summary="x" * 3000, last_touched_at=txn.now)
            )
        return fn

    n = store.read().generation
    print("ready", flush=True)  # imports done: the parent kills during writes, not start-up
    with log.open("a", buffering=1) as out:
        while True:
            n += 1
            out.write(f"begin {n}\\n")  # line-buffered: on disk before the write starts
            store.update(write(n), actor="crash-test")
            out.write(f"done {n}\\n")
    """
)


def test_sigkill_during_writes_never_tears_the_file(repo: Path) -> None:
    rng = random.Random(20261202)
    log = repo / "done.log"
    path = repo / ".autopatch-j" / "memory.json"
    for _ in range(50):
        done_before = _count_done(log)
        proc = subprocess.Popen(
            [sys.executable, "-c", CRASHER, str(repo), str(log)], stdout=subprocess.PIPE, text=True
        )
        assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
        # At least one write of this process completes, whatever the machine's load,
        # then the kill falls at a random moment among the writes that follow.
        _wait_for_done(log, more_than=done_before)
        time.sleep(rng.uniform(0.0, 0.02))
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        if not path.exists():
            continue
        doc = MemoryDocument.model_validate_json(path.read_bytes())  # always parses
        events = [line.split() for line in log.read_text(encoding="utf-8").splitlines()]
        done = [int(n) for kind, n in events if kind == "done"]
        begun = [int(n) for kind, n in events if kind == "begin"]
        # A whole write that began, no older than the last completed one: a write
        # can land after its "begin" but before its "done" (then the next process
        # starts from it), never half of one.
        assert doc.generation in begun
        assert doc.generation >= (done[-1] if done else 0)
        topic = doc.working_memory.active_topics[0]
        assert topic.label == f"write {doc.generation}"
        assert topic.summary == "x" * 3000
    assert _count_done(log) >= 50


def _count_done(log: Path) -> int:
    return log.read_text(encoding="utf-8").count("done") if log.exists() else 0


def _wait_for_done(log: Path, *, more_than: int, seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds
    while _count_done(log) <= more_than:
        assert time.monotonic() < deadline, "no write completed in time"
        time.sleep(0.001)


APPLIER = textwrap.dedent(
    """
    import sys, time
    from autopatch_memory.memory import ProjectMemory

    repo, rounds = sys.argv[1], int(sys.argv[2])
    memory = ProjectMemory.open(repo, backend="off", refresh_profile=False)
    applied = 0
    for i in range(rounds):
        pending = memory.document().pending_turns()
        delta = {
            "turn_summaries": [{"turn_id": t.id, "summary": f"摘要 {t.user_text[:12]}"} for t in pending],
            "topic_operations": [{"operation": "create_new", "label": f"topic {i % 3}", "summary": f"round {i}"}],
        }
        report = memory.apply_delta(delta)
        applied += sum(1 for a in report.accepted if a.section == "turn_summaries")
        time.sleep(0.005)
    print(applied)
    memory.close()
    """
)


def test_recording_and_applying_at_once_from_many_processes(repo: Path) -> None:
    ProjectMemory.open(repo, backend="off").close()
    writers = [_python(WRITER, repo, w, 30) for w in range(4)]
    appliers = [_python(APPLIER, repo, 40) for _ in range(2)]
    for proc in writers:
        _, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err
    summarized = 0
    for proc in appliers:
        out, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err
        summarized += int(out)
    memory = ProjectMemory.open(repo, backend="off")
    doc = memory.document()
    assert check_invariants(doc) == []
    recorded = [e.target for e in memory.journal.read() if e.op == "record_turn"]
    assert len(recorded) == 120
    # Applying never dropped a turn recorded meanwhile: the newest writes are all there.
    assert [t.id for t in doc.working_memory.recent_turns] == recorded[-limits.MAX_RECENT_TURNS :]
    assert summarized > 0
    for turn in doc.working_memory.recent_turns:
        if not turn.is_pending:
            assert turn.summary.startswith("摘要 ")
    assert {t.label for t in doc.working_memory.active_topics} <= {"topic 0", "topic 1", "topic 2"}
    memory.close()


FULL_DISK = textwrap.dedent(
    """
    import json, resource, signal, sys
    from autopatch_memory.memory import ProjectMemory

    repo = sys.argv[1]
    memory = ProjectMemory.open(repo, backend="off", refresh_profile=False)
    # A real write failure from the OS: files may not grow past this size (EFBIG).
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (2048, 2048))
    turn_id = memory.record_turn("general_chat", "问" * 900, "答" * 1900)
    context = memory.context("general_chat", "Optional")
    print(json.dumps({
        "turn_id": turn_id,
        "error": memory.last_error.message if memory.last_error else None,
        "context_items": len(context.items),
    }))
    """
)


def test_a_full_disk_fails_the_write_not_the_turn(repo: Path) -> None:
    with ProjectMemory.open(repo, backend="off") as memory:
        memory.record_turn("general_chat", "Optional 怎么用？")
    path = repo / ".autopatch-j" / "memory.json"
    before = path.read_bytes()
    done = subprocess.run(
        [sys.executable, "-c", FULL_DISK, str(repo)], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr  # the host's turn went on
    outcome = json.loads(done.stdout)
    assert outcome["turn_id"] is None
    assert outcome["error"] and "File too large" in outcome["error"]
    assert outcome["context_items"] == 1  # reading still works
    assert path.read_bytes() == before  # the old file is intact
    assert not [p for p in path.parent.iterdir() if p.name.endswith(".tmp")]


# --- faults: permissions, and a crash between the journal and the replace ----------------------

FAULTED = textwrap.dedent(
    """
    import json, sys
    from autopatch_memory.diagnostics import diagnose
    from autopatch_memory.memory import ProjectMemory

    memory = ProjectMemory.open(sys.argv[1], backend="off", refresh_profile=False)
    turn = memory.record_turn("general_chat", "订单超时怎么处理？")
    diagnosis = diagnose(memory)
    print(json.dumps({
        "turn": turn,
        "error": memory.last_error.message if memory.last_error else None,
        "context_items": len(memory.context("general_chat", "Optional").items),
        "journal_error": memory.journal.append_error,
        "checks": {c.name.value: [c.status.value, c.summary] for c in diagnosis.checks},
        "ok": diagnosis.ok,
    }))
    memory.close()
    """
)


def _faulted(repo: Path) -> dict[str, Any]:
    done = run_unprivileged(FAULTED, repo)
    assert done.returncode == 0, done.stderr  # no exception reached the host
    result: dict[str, Any] = json.loads(done.stdout)
    return result


@pytest.fixture
def writable_repo(repo: Path) -> Iterator[Path]:
    require_permissions()
    with ProjectMemory.open(repo, backend="off") as memory:
        memory.record_turn("general_chat", "Optional 怎么用？")
    yield repo
    for path in (repo, repo / ".autopatch-j", repo / ".autopatch-j" / "memory.journal.jsonl"):
        if path.exists():
            path.chmod(0o755 if path.is_dir() else 0o644)  # let pytest clean up


def test_a_read_only_folder_degrades_the_turn_and_doctor_says_so(writable_repo: Path) -> None:
    folder = writable_repo / ".autopatch-j"
    before = (folder / "memory.json").read_bytes()
    folder.chmod(0o555)
    seen = _faulted(writable_repo)
    assert seen["turn"] is None and "Permission denied" in seen["error"]
    assert seen["context_items"] == 1  # reading still works
    assert seen["checks"]["folder"][0] == "error" and "not writable" in seen["checks"]["folder"][1]
    assert seen["ok"] is False
    assert (folder / "memory.json").read_bytes() == before


def test_an_unwritable_repository_is_found_by_doctor(writable_repo: Path) -> None:
    shutil.rmtree(writable_repo / ".autopatch-j")
    writable_repo.chmod(0o555)
    seen = _faulted(writable_repo)
    assert seen["turn"] is None and "Permission denied" in seen["error"]
    folder = seen["checks"]["folder"]
    assert folder[0] == "error" and "cannot be created" in folder[1]
    assert seen["ok"] is False


def test_an_unwritable_journal_is_found_by_doctor(writable_repo: Path) -> None:
    journal = writable_repo / ".autopatch-j" / "memory.journal.jsonl"
    before = journal.read_bytes()
    journal.chmod(0o444)
    seen = _faulted(writable_repo)
    assert seen["turn"] is not None  # the memory file is the asset: it is still written
    assert seen["journal_error"] and "Permission denied" in seen["journal_error"]
    check = seen["checks"]["journal"]
    assert check[0] == "error" and "cannot be written" in check[1]
    assert seen["ok"] is False
    assert journal.read_bytes() == before


CRASH_AT = textwrap.dedent(
    """
    import os, signal, sys
    from pathlib import Path
    from autopatch_memory.store import MemoryStore, WritePoint

    repo, point = Path(sys.argv[1]), WritePoint(sys.argv[2])

    def crash(at):
        if at is point:
            os.kill(os.getpid(), signal.SIGKILL)

    store = MemoryStore(repo, fault_hook=crash)

    def add_note(txn):
        txn.own(txn.doc.working_memory.recent_turns[0]).summary = "written by the crashing process"
        txn.log("edit", target=txn.doc.working_memory.recent_turns[0].id)

    store.update(add_note, actor="crash-test")
    """
)


@pytest.mark.parametrize("point", ["journaled", "replaced"])
def test_a_crash_between_journal_and_replace_is_visible(repo: Path, point: str) -> None:
    with ProjectMemory.open(repo, backend="off", refresh_profile=False) as memory:
        memory.record_turn("general_chat", "Optional 怎么用？")
    path = repo / ".autopatch-j" / "memory.json"
    before = path.read_bytes()
    crashed = subprocess.run(
        [sys.executable, "-c", CRASH_AT, str(repo), point], capture_output=True, timeout=60
    )
    assert crashed.returncode == -signal.SIGKILL
    with ProjectMemory.open(repo, backend="off", refresh_profile=False) as memory:
        entries = memory.journal.read()
        [edit] = [e for e in entries if e.op == "edit"]
        assert edit.file is not None and edit.prev_file == file_digest(before)
        now = path.read_bytes()
        lost = unlanded_writes(entries, file_digest(now))
        journal = diagnose(memory).check(CheckName.JOURNAL)
        assert journal is not None
        if point == "journaled":  # the entry is there, the file is the old one
            assert now == before and lost == [edit.file]
            assert journal.status is CheckStatus.WARN and "never reached" in journal.summary
            assert journal.details == [f"write {edit.file}"]
        else:  # the file landed: the journal and the file agree
            assert file_digest(now) == edit.file and lost == []
            assert journal.status is CheckStatus.OK
        # The next write goes on from whatever is on disk, and lands.
        memory.record_turn("general_chat", "下一个问题")
        assert unlanded_writes(memory.journal.read(), file_digest(path.read_bytes())) == lost
