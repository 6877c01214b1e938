"""Hostile repositories, files and text: nothing escapes, nothing is lost, nothing leaks."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from autopatch_memory import limits
from autopatch_memory.journal import Journal, Outcome
from autopatch_memory.memory import ProjectMemory
from autopatch_memory.model import check_invariants
from autopatch_memory.reasons import Reason
from autopatch_memory.store import LoadProblem, MemoryStore, parse_document

# Part of the reliability suite: deselected by default, run with -m reliability.
pytestmark = pytest.mark.reliability

REFERENCE = Path(__file__).resolve().parents[2] / "fixtures" / "memory" / "reference.json"


# --- links planted by a cloned repository -----------------------------------------------


def test_a_linked_state_folder_is_never_written_through(repo: Path, tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    os.symlink(elsewhere, repo / ".autopatch-j")
    memory = ProjectMemory.open(repo, backend="off")
    assert memory.record_turn("general_chat", "Optional 怎么用？") is None
    assert memory.last_error is not None and "symbolic link" in memory.last_error.message
    assert memory.context("general_chat", "Optional").is_empty
    assert list(elsewhere.iterdir()) == []
    memory.close()


def test_a_linked_journal_or_memory_file_is_never_followed(repo: Path, tmp_path: Path) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n", encoding="utf-8")
    folder = repo / ".autopatch-j"
    folder.mkdir()
    os.symlink(victim, folder / "memory.journal.jsonl")
    os.symlink(victim, folder / "memory.json")
    memory = ProjectMemory.open(repo, backend="off")
    memory.record_turn("general_chat", "Optional 怎么用？")
    assert victim.read_text(encoding="utf-8") == "precious\n"
    assert memory.last_error is not None
    memory.close()


# --- text that cannot be encoded ---------------------------------------------------------------


def test_lone_surrogates_are_replaced_not_fatal(repo: Path) -> None:
    with ProjectMemory.open(repo, backend="off") as memory:
        turn_id = memory.record_turn("general_chat", "lone \ud800 surrogate", "answer \udcff")
        assert turn_id is not None
        turn = memory.document().turn(turn_id)
        assert turn is not None and turn.user_text == "lone \ufffd surrogate"
        report = memory.apply_delta(
            {
                "turn_summaries": [{"turn_id": turn_id, "summary": "bad \ud800 text"}],
                "topic_operations": [
                    {"operation": "update_existing", "target_id": "t\ud800", "summary": "x"}
                ],
            }
        )
        assert [r.reason for r in report.rejected] == [Reason.UNKNOWN_TARGET]
        assert memory.document().turn(turn_id).summary == "bad \ufffd text"  # type: ignore[union-attr]
        memory.store.path.read_bytes().decode("utf-8")  # valid UTF-8 throughout
        memory.journal.path.read_bytes().decode("utf-8")


def test_a_file_with_surrogate_escapes_loads_and_stays_writable(repo: Path) -> None:
    raw = json.loads(REFERENCE.read_text(encoding="utf-8"))
    raw["working_memory"]["recent_turns"][0]["user_text"] = "x\ud800y"
    folder = repo / ".autopatch-j"
    folder.mkdir()
    (folder / "memory.json").write_text(json.dumps(raw), encoding="ascii")
    with ProjectMemory.open(repo, backend="off") as memory:
        assert memory.document().working_memory.recent_turns[0].user_text == "x\ufffdy"
        assert memory.record_turn("general_chat", "still works?") is not None
        assert memory.context("general_chat", "x y").render().encode("utf-8")


# --- corrupt files that break parsers -----------------------------------------------------------


@pytest.mark.parametrize(
    "data",
    [
        b"[" * 100_000,
        b'{"version": 1, "generation": ' + b"9" * 5000 + b"}",
        b'{"a":' * 20_000,
        b"\xff\xfe not utf-8",
        b'{"version": true}',
        b'{"version": 1.5}',
    ],
    ids=["deep-list", "huge-int", "deep-object", "not-utf8", "bool-version", "float-version"],
)
def test_any_corrupt_file_is_backed_up_and_memory_restarts(repo: Path, data: bytes) -> None:
    folder = repo / ".autopatch-j"
    folder.mkdir()
    (folder / "memory.json").write_bytes(data)
    _, problem = parse_document(data)
    assert problem is not None and problem.kind is LoadProblem.CORRUPT
    with ProjectMemory.open(repo, backend="off") as memory:
        assert memory.record_turn("general_chat", "hello") is not None
    assert (folder / "memory.corrupt.json").read_bytes() == data


@pytest.mark.parametrize(
    ("data", "where"),
    [
        (b'{"version": 1, "generation": -1}', "generation"),
        (b'{"version": 1, "working_memory": null, "long_term_memory": 7}', "long_term_memory"),
        (b'{"version": 1, "updated_at": "yesterday"}', "updated_at"),
        (b'{"version": 1, "repo_profile": {"build_tool": "ant", "java_version": "17"}}',
         "repo_profile.build_tool"),
    ],
    ids=["negative-generation", "section-not-an-object", "bad-timestamp", "unknown-build-tool"],
)  # fmt: skip
def test_an_invalid_field_of_a_version_1_file_is_dropped_alone(
    repo: Path, data: bytes, where: str
) -> None:
    folder = repo / ".autopatch-j"
    folder.mkdir()
    (folder / "memory.json").write_bytes(data)
    _, problem = parse_document(data)
    assert problem is not None and problem.kind is LoadProblem.SALVAGED
    assert [p.where for p in problem.dropped] == [where]
    with ProjectMemory.open(repo, backend="off", refresh_profile=False) as memory:
        assert memory.record_turn("general_chat", "hello") is not None
        profile = memory.profile()
    assert (folder / "memory.salvaged.json").read_bytes() == data
    assert not (folder / "memory.corrupt.json").exists()
    if where == "repo_profile.build_tool":
        assert profile is not None and profile.java_version == "17"  # the rest is kept


def test_a_file_far_over_the_hard_limit_is_never_parsed_and_kept(repo: Path) -> None:
    folder = repo / ".autopatch-j"
    folder.mkdir()
    # 20 MB of a valid-looking document: parsing it would take seconds.
    filler = json.dumps([{"x": "问" * 100}] * 60_000).encode()
    data = b'{"version": 1, "extra": ' + filler + b"}"
    assert len(data) > 10_000_000
    (folder / "memory.json").write_bytes(data)
    memory = ProjectMemory.open(repo, backend="off", refresh_profile=False)
    problem = memory.store.problem()
    assert problem is not None and problem.kind is LoadProblem.TOO_LARGE
    assert memory.document().working_memory.recent_turns == []
    failure = memory.last_failure()
    assert failure is not None and failure.reason == "too_large"
    assert memory.context("general_chat", "hello").is_empty
    assert (folder / "memory.json").read_bytes() == data  # reading moved nothing
    assert memory.record_turn("general_chat", "hello") is not None
    assert (folder / "memory.oversize.json").read_bytes() == data  # kept, byte for byte
    recovered = [e for e in memory.journal.read() if e.op == "recover"]
    assert [(e.target, e.reason) for e in recovered] == [("memory.oversize.json", "too_large")]
    memory.close()


def test_a_byte_order_mark_is_not_corruption(repo: Path) -> None:
    folder = repo / ".autopatch-j"
    folder.mkdir()
    (folder / "memory.json").write_bytes(b"\xef\xbb\xbf" + REFERENCE.read_bytes())
    with ProjectMemory.open(repo, backend="off") as memory:
        assert len(memory.document().working_memory.recent_turns) == 2
        memory.record_turn("general_chat", "hello")
    assert not (folder / "memory.corrupt.json").exists()


@pytest.mark.parametrize(
    "reply", ["[" * 100_000, '{"a":' * 40_000, "{" * 200_000, "x" * (limits.DELTA_MAX_CHARS + 1)]
)
def test_pathological_replies_are_invalid_json(repo: Path, reply: str) -> None:
    with ProjectMemory.open(repo, backend="off") as memory:
        report = memory.apply_delta(reply)
    assert report.discarded and report.rejected[0].reason in {Reason.INVALID_JSON, Reason.BAD_SHAPE}


# --- the journal never keeps the head of a secret ---------------------------------------------------


def test_a_secret_cut_by_the_detail_limit_is_still_redacted(tmp_path: Path) -> None:
    journal = Journal(tmp_path)
    key = "sk-proj-" + "A" * 40
    # The key straddles the clip point: a clipped key would no longer match.
    detail = "x" * (limits.JOURNAL_DETAIL_CHARS - 20) + " " + key + " tail"
    journal.record("user", "delta", Outcome.FAILED, detail=detail)
    text = journal.path.read_text(encoding="utf-8")
    assert "sk-proj-AAAA" not in text and "AAAAAAAAAA" not in text


def test_an_unparseable_reply_preview_is_redacted(repo: Path) -> None:
    with ProjectMemory.open(repo, backend="off") as memory:
        memory.apply_delta("no json here, but ghp_" + "b" * 36 + " is my token")
        text = memory.journal.path.read_text(encoding="utf-8")
    assert "ghp_bbbb" not in text


# --- a file that arrived over the hard limit -------------------------------------------------------------


def _oversize_reference(repo: Path) -> int:
    raw = json.loads(REFERENCE.read_text(encoding="utf-8"))
    # Nothing the size policy may trim: no turns, no topics, no archived items.
    raw["working_memory"] = {"recent_turns": [], "active_topics": []}
    raw["long_term_memory"]["durable_preferences"] = raw["long_term_memory"]["durable_preferences"][
        :1
    ]
    notes = raw["long_term_memory"]["project_notes"]
    template = notes[0]
    for i in range(30):
        note = dict(template, id=f"mem_20260501_x{i:03d}", label=f"module {i}")
        note["summary"] = "".join(chr(0x4E00 + i * 280 + k) for k in range(280))
        notes.append(note)
    folder = repo / ".autopatch-j"
    folder.mkdir()
    data = json.dumps(raw, ensure_ascii=False, indent=2).encode("utf-8")
    (folder / "memory.json").write_bytes(data)
    return len(data)


def test_an_oversize_file_still_records_and_gets_under_the_limit_after_forget(
    repo: Path,
) -> None:
    size = _oversize_reference(repo)
    assert size > limits.HARD_LIMIT_BYTES
    memory = ProjectMemory.open(repo, backend="off")
    before = memory.document().long_term_memory
    # The long-term items alone pass the limit: the turn is recorded, nothing is lost,
    # and the journal says why the file is over the limit.
    assert memory.record_turn("general_chat", "hello") is not None
    doc = memory.document()
    assert doc.long_term_memory == before
    assert [t.user_text for t in doc.working_memory.recent_turns] == ["hello"]
    assert [e.op for e in memory.journal.read() if e.reason == "hard_limit"] == ["over_limit"]
    # Archiving items the user no longer needs makes room: archived items are
    # the last resort of the size policy once the active ones fit.
    for i in range(3):
        memory.forget(f"mem_20260501_x{i:03d}")
    assert memory.store.path.stat().st_size <= limits.HARD_LIMIT_BYTES
    assert memory.record_turn("general_chat", "hello again") is not None
    doc = memory.document()
    assert memory.store.path.stat().st_size <= limits.HARD_LIMIT_BYTES
    assert check_invariants(doc) == []
    active = [i.id for i in doc.long_term_memory.items() if i.is_active]
    assert "mem_20260501_x029" in active and "mem_20260501_m3n5" in active
    memory.close()


def test_store_refuses_an_unusable_folder_cleanly(repo: Path) -> None:
    (repo / ".autopatch-j").write_text("not a folder", encoding="utf-8")
    store = MemoryStore(repo)
    with pytest.raises(Exception, match="not a folder"):
        store.read_bytes()


# --- FIFOs and other non-files planted in the folder ---------------------------------------------

PLANTED = textwrap.dedent(
    """
    import json, os, sys
    from pathlib import Path
    from autopatch_memory.diagnostics import diagnose
    from autopatch_memory.memory import ProjectMemory

    repo, name = Path(sys.argv[1]), sys.argv[2]
    folder = repo / ".autopatch-j"
    folder.mkdir()
    os.mkfifo(folder / name)
    memory = ProjectMemory.open(repo, backend="off")
    turn = memory.record_turn("general_chat", "Optional 怎么用？")
    failure = memory.last_failure()
    print(json.dumps({
        "turn": turn,
        "error": memory.last_error.message if memory.last_error else None,
        "context_empty": memory.context("general_chat", "Optional").is_empty,
        "gated_empty": memory.context("code_audit", "审计这个项目").is_empty,
        "failure": failure.reason if failure else None,
        "doctor": {c.name.value: c.status.value for c in diagnose(memory).checks},
    }))
    memory.close()
    """
)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this platform")
@pytest.mark.parametrize("name", ["memory.json", "memory.journal.jsonl", "memory.json.lock"])
def test_a_fifo_in_the_folder_never_blocks_anything(repo: Path, name: str) -> None:
    # In a child process: a blocking open would hang it, and the timeout fails the test.
    done = subprocess.run(
        [sys.executable, "-c", PLANTED, str(repo), name],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout)
    assert seen["gated_empty"] is True
    if name == "memory.json":
        assert seen["turn"] is None and "not a regular file" in seen["error"]
        assert seen["context_empty"] is True
        assert seen["failure"] == "unreadable"
        assert seen["doctor"]["memory_file"] == "error"
    elif name == "memory.journal.jsonl":
        assert seen["turn"] is not None  # the memory file is the asset: it is still written
        assert seen["doctor"]["journal"] == "error"
    else:
        assert seen["turn"] is None and "not a regular file" in seen["error"]
        assert seen["doctor"]["lock"] == "error"
    assert stat.S_ISFIFO(os.lstat(repo / ".autopatch-j" / name).st_mode)  # left as it was
