"""A memory.json that is not valid JSON keeps what still parses, item by item; the
original is kept byte for byte, and the journal, the event and doctor say in plain words
what was kept and where the original is (docs/file-format.md#loading-salvage-never-lose-a-file).

(Before, the next write moved such a file aside and memory started empty: a file cut
short by a crash lost every rule in it.)
"""

from __future__ import annotations

import json
import random
import stat
from pathlib import Path
from typing import Any

from autopatch_memory_cli.app import app
from typer.testing import CliRunner

from autopatch_memory import limits
from autopatch_memory.diagnostics import CheckName, CheckStatus, diagnose
from autopatch_memory.events import EventKind, MemoryEvent
from autopatch_memory.journal import Outcome
from autopatch_memory.memory import ProjectMemory
from autopatch_memory.store import LoadProblem, parse_document

STAMP = "2026-05-01T12:00:00+08:00"


def _rule(number: int, label: str, *, status: str = "active") -> dict[str, Any]:
    return {
        "id": f"mem_20260501_{number:03d}",
        "type": "durable_preference",
        "label": label,
        "summary": f"{label}.",
        "status": status,
        "source": "user_explicit",
        "created_at": STAMP,
        "updated_at": STAMP,
    }


def _turn(number: int, question: str) -> dict[str, Any]:
    return {
        "id": f"turn_20260501_120000_{number:03d}",
        "intent": "general_chat",
        "user_text": question,
        "assistant_text": "",
        "summary": "",
        "summary_status": "pending",
        "scope_paths": [],
        "created_at": STAMP,
    }


RULES = [
    _rule(1, "Answer in Chinese"),
    _rule(2, "Use JUnit 5 for tests"),
    _rule(3, "Never use field injection", status="inactive"),
    _rule(4, "No wildcard imports"),
    _rule(5, "Run mvn verify before pushing"),
]


def _whole() -> str:
    doc = {
        "version": 1,
        "generation": 4,
        "epoch": "5f0c2a9e41d7b38c",
        "updated_at": STAMP,
        "repo_profile": {"build_tool": "maven", "project_name": "shop"},
        "working_memory": {
            "recent_turns": [_turn(1, "How does OrderService refund?")],
            "active_topics": [],
        },
        "long_term_memory": {"durable_preferences": RULES, "project_notes": []},
    }
    return json.dumps(doc, ensure_ascii=False, indent=2)


def _labels(doc: Any) -> list[str]:
    return [item.label for item in doc.long_term_memory.durable_preferences]


def test_a_file_cut_short_keeps_every_whole_item_before_the_cut() -> None:
    text = _whole()
    cut = text[: text.index("No wildcard imports") + 4]  # inside the fourth rule
    doc, problem = parse_document(cut.encode("utf-8"))
    assert _labels(doc) == [
        "Answer in Chinese",
        "Use JUnit 5 for tests",
        "Never use field injection",
    ]
    assert not doc.long_term_memory.durable_preferences[2].is_active  # kept as it was
    assert [t.id for t in doc.working_memory.recent_turns] == ["turn_20260501_120000_001"]
    assert doc.generation == 4 and doc.epoch is None  # a new lifetime: the file is set aside
    assert doc.repo_profile is not None and doc.repo_profile.project_name == "shop"
    assert problem is not None and problem.kind is LoadProblem.CORRUPT
    assert problem.kept == "3 rules, 1 turn, the repo profile"
    line = cut[: cut.index('"id": "mem_20260501_004"')].count("\n")  # its "{" line
    assert [str(part) for part in problem.dropped] == [
        f"long_term_memory.durable_preferences, line {line} (mem_20260501_004): damaged: not "
        "valid JSON there"
    ]
    assert "what still parses is kept (3 rules, 1 turn, the repo profile)" in problem.explain
    assert "moves the original to memory.corrupt.json" in problem.explain


def test_a_stray_byte_loses_only_the_item_around_it() -> None:
    text = _whole().replace('"label": "Use JUnit 5 for tests"', '"label": "Use JUnit 5 for tests"x')
    doc, problem = parse_document(text.encode("utf-8"))
    assert _labels(doc) == [
        "Answer in Chinese",
        "Never use field injection",
        "No wildcard imports",
        "Run mvn verify before pushing",
    ]
    assert problem is not None and problem.kind is LoadProblem.CORRUPT
    assert [part.id for part in problem.dropped] == ["mem_20260501_002"]


def test_an_item_closed_early_by_a_stray_brace_is_lost_not_revived() -> None:
    # The brace cuts the archived rule before its status: read alone, it would come
    # back active. It is left out instead.
    text = _whole().replace(
        '"summary": "Never use field injection.",', '"summary": "Never use field injection."},'
    )
    doc, problem = parse_document(text.encode("utf-8"))
    assert "Never use field injection" not in _labels(doc)
    assert len(_labels(doc)) == 4
    assert problem is not None
    assert [(p.id, p.why) for p in problem.dropped] == [
        ("mem_20260501_003", "damaged: cut short by a stray brace")
    ]


def test_a_byte_that_is_not_utf8_keeps_everything() -> None:
    data = _whole().encode("utf-8").replace(b"No wildcard", b"No \xff wildcard")
    doc, problem = parse_document(data)
    assert len(_labels(doc)) == 5 and "No \ufffd wildcard imports" in _labels(doc)
    assert problem is not None and problem.kind is LoadProblem.CORRUPT
    assert problem.kept == "5 rules, 1 turn, the repo profile" and problem.dropped == ()


def test_a_broken_file_of_another_version_is_set_aside_untouched() -> None:
    text = _whole().replace('"version": 1', '"version": 2')
    doc, problem = parse_document(text[: len(text) // 2].encode("utf-8"))
    assert doc.long_term_memory.items() == []
    assert problem is not None and problem.kind is LoadProblem.CORRUPT and problem.kept is None
    assert "it reads as empty" in problem.explain


def test_a_file_with_nothing_to_keep_reads_as_empty_as_before() -> None:
    doc, problem = parse_document(b'{"version": 1, "working_memory": {"recent_turns": [{"id": ')
    assert doc.working_memory.recent_turns == []
    assert problem is not None and problem.kind is LoadProblem.CORRUPT and problem.kept is None


def _broken_repo(repo: Path) -> tuple[Path, bytes]:
    folder = repo / ".autopatch-j"
    folder.mkdir()
    text = _whole()
    broken = text[: text.index("No wildcard imports") + 4].encode("utf-8")
    (folder / "memory.json").write_bytes(broken)
    return folder, broken


def test_the_write_keeps_what_parses_and_says_where_the_original_is(repo: Path) -> None:
    folder, broken = _broken_repo(repo)
    events: list[MemoryEvent] = []
    with ProjectMemory.open(repo, backend="off", on_event=events.append) as memory:
        # Before any write: memory works with what parses, and says so.
        assert "Answer in Chinese" in memory.context("general_chat", "怎么写单元测试？").render()
        opened = [e for e in events if e.kind is EventKind.FILE_PROBLEM]
        assert opened and "what still parses is kept (3 rules" in (opened[0].detail or "")
        assert memory.record_turn("general_chat", "Optional 怎么用？", "")
        document = memory.document()
        entries = memory.journal_entries()
    assert _labels(document)[:3] == [
        "Answer in Chinese",
        "Use JUnit 5 for tests",
        "Never use field injection",
    ]
    assert len(document.working_memory.recent_turns) == 2
    backup = folder / "memory.corrupt.json"
    assert backup.read_bytes() == broken  # byte for byte
    assert stat.S_IMODE(backup.stat().st_mode) == limits.BACKUP_FILE_MODE
    recover = next(e for e in entries if e.op == "recover")
    assert recover.outcome is Outcome.RECOVERED and recover.target == "memory.corrupt.json"
    assert recover.detail is not None
    assert recover.detail.startswith(
        "kept what still parses: 3 rules, 1 turn, the repo profile; the original is "
        "memory.corrupt.json"
    )
    moved = [e for e in events if e.kind is EventKind.FILE_MOVED_ASIDE]
    assert moved and moved[0].detail == recover.detail


def test_doctor_says_what_is_kept_and_repair_handles_it_now(repo: Path) -> None:
    folder, broken = _broken_repo(repo)
    with ProjectMemory.open(repo, backend="off") as memory:
        check = diagnose(memory).check(CheckName.MEMORY_FILE)
        assert check is not None and check.status is CheckStatus.WARN
        assert check.details[0] == "what still parses is used: 3 rules, 1 turn, the repo profile"
        assert any("mem_20260501_004" in line for line in check.details)
        assert check.details[-1].startswith(
            "the next write (or doctor --repair) moves the original"
        )
        assert (folder / "memory.json").read_bytes() == broken  # doctor alone changes nothing

    result = CliRunner().invoke(app, ["doctor", str(repo), "--repair", "--json"])
    checks = {c["name"]: c for c in json.loads(result.stdout)["checks"]}
    # a warning, not ok: one note could not be read (the original keeps it)
    assert checks["repair"]["status"] == "warn"
    assert checks["repair"]["summary"] == "moved memory.json aside to memory.corrupt.json"
    assert "; lost 1: " in checks["repair"]["details"][0]
    assert checks["repair"]["details"][0].startswith("kept what still parses: 3 rules")
    assert checks["memory_file"]["status"] == "ok"
    assert checks["backups"]["details"] == ["memory.corrupt.json"]
    assert (folder / "memory.corrupt.json").read_bytes() == broken
    kept = json.loads((folder / "memory.json").read_text(encoding="utf-8"))
    assert len(kept["long_term_memory"]["durable_preferences"]) == 3

    again = CliRunner().invoke(app, ["doctor", str(repo), "--repair", "--json"])
    checks = {c["name"]: c for c in json.loads(again.stdout)["checks"]}
    assert checks["repair"]["summary"] == "nothing to repair"


def test_repair_rewrites_a_salvaged_file_now(repo: Path) -> None:
    folder = repo / ".autopatch-j"
    folder.mkdir()
    doc = json.loads(_whole())
    doc["working_memory"]["recent_turns"].append({"id": "turn_bad", "intent": "code_audit"})
    original = json.dumps(doc).encode("utf-8")
    (folder / "memory.json").write_bytes(original)
    with ProjectMemory.open(repo, backend="off") as memory:
        done = memory.repair_file()
        assert [(e.op, e.target) for e in done] == [("salvage", "memory.salvaged.json")]
        assert memory.file_info().problem is None
        assert memory.repair_file() == []
    assert (folder / "memory.salvaged.json").read_bytes() == original


def test_no_cut_or_stray_byte_brings_a_forgotten_rule_back_or_raises() -> None:
    # Every place the file could be cut, and seeded stray, missing and replaced bytes:
    # reading never raises, and the archived rule never reads as active (unless the
    # damage is in its own status value).
    data = _whole().encode("utf-8")
    status_at = data.index(b'"status": "inactive"')
    rng = random.Random(20260501)
    mutants = [(data[:cut], cut) for cut in range(len(data))]
    for _ in range(1500):
        at, byte = rng.randrange(len(data)), bytes([rng.choice(b'{}[],:"x\\ \n0\xff')])
        inserted, deleted = data[:at] + byte + data[at:], data[:at] + data[at + 1 :]
        replaced = data[:at] + byte + data[at + 1 :]
        mutants.append((rng.choice([inserted, deleted, replaced]), at))
    for mutant, at in mutants:
        doc, _ = parse_document(mutant)
        if status_at - 2 <= at <= status_at + 22:
            continue
        revived = [
            item.id
            for item in doc.long_term_memory.items()
            if item.is_active and (item.id.endswith("003") or "field injection" in item.label)
        ]
        assert revived == [], mutant[max(0, at - 40) : at + 40]
