"""A key written twice in memory.json is read as every copy of it, never as the last
alone (docs/file-format.md#loading-salvage-never-lose-a-file).

(Found by a fault hunt: a file with two "long_term_memory" keys read as valid, and the
next write kept only the last copy's rules.)
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

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


def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, indent=2)


def _file_with_two_long_term_sections() -> bytes:
    first = {"durable_preferences": [_rule(1, "Answer in Chinese")], "project_notes": []}
    later = {
        "durable_preferences": [
            _rule(1, "Use JUnit 5 for tests"),  # the same id, another rule
            _rule(2, "No wildcard imports"),
        ]
    }
    text = (
        '{\n  "version": 1,\n  "generation": 3,\n'
        f'  "long_term_memory": {_dump(first)},\n'
        f'  "long_term_memory": {_dump(later)}\n}}\n'
    )
    return text.encode("utf-8")


def _rules(memory: ProjectMemory) -> list[tuple[str, str]]:
    return [(i.id, i.label) for i in memory.document().long_term_memory.durable_preferences]


def test_every_copy_of_a_key_written_twice_is_read_ids_kept_unique() -> None:
    doc, problem = parse_document(_file_with_two_long_term_sections())
    assert [(i.id, i.label) for i in doc.long_term_memory.durable_preferences] == [
        ("mem_20260501_001", "Answer in Chinese"),
        ("mem_20260501_003", "Use JUnit 5 for tests"),  # its id was taken: a new one
        ("mem_20260501_002", "No wildcard imports"),
    ]
    assert problem is not None and problem.kind is LoadProblem.SALVAGED
    assert problem.dropped == ()
    assert any('"long_term_memory" is written 2 times' in note for note in problem.notes)
    assert any("kept as mem_20260501_003" in note for note in problem.notes)
    assert "the next write keeps the original as memory.salvaged.json" in problem.explain


def test_the_same_item_in_two_copies_is_kept_once() -> None:
    section = {"durable_preferences": [_rule(1, "Answer in Chinese")]}
    text = f'{{"version": 1, "long_term_memory": {_dump(section)}, "long_term_memory": {_dump(section)}}}'
    doc, problem = parse_document(text.encode("utf-8"))
    assert [i.id for i in doc.long_term_memory.items()] == ["mem_20260501_001"]
    assert problem is not None and problem.kind is LoadProblem.SALVAGED


def test_a_list_written_twice_keeps_both_lists_items() -> None:
    text = (
        '{"version": 1, "long_term_memory": {'
        f'"durable_preferences": {_dump([_rule(1, "Answer in Chinese")])}, '
        f'"durable_preferences": {_dump([_rule(2, "No wildcard imports")])}}}}}'
    )
    doc, problem = parse_document(text.encode("utf-8"))
    assert [i.label for i in doc.long_term_memory.durable_preferences] == [
        "Answer in Chinese",
        "No wildcard imports",
    ]
    assert problem is not None
    assert problem.notes == (
        '"durable_preferences" is written 2 times: the items of every copy are read',
    )


def test_a_value_written_twice_reads_as_the_last_and_says_so() -> None:
    item = _dump(_rule(1, "Answer in Chinese")).replace(
        '"status": "active",', '"status": "active",\n  "status": "inactive",'
    )
    text = (
        '{"version": 1, "generation": 2, "generation": 5, '
        f'"long_term_memory": {{"durable_preferences": [{item}]}}}}'
    )
    doc, problem = parse_document(text.encode("utf-8"))
    assert doc.generation == 5
    assert not doc.long_term_memory.durable_preferences[0].is_active
    assert problem is not None
    assert any('"generation" is written 2 times with different values' in n for n in problem.notes)
    assert any('"status" is written 2 times with different values' in n for n in problem.notes)


def test_a_file_with_a_key_twice_is_backed_up_journaled_and_rewritten_whole(
    repo: Path,
) -> None:
    folder = repo / ".autopatch-j"
    folder.mkdir()
    original = _file_with_two_long_term_sections()
    (folder / "memory.json").write_bytes(original)
    events: list[MemoryEvent] = []
    with ProjectMemory.open(repo, backend="off", on_event=events.append) as memory:
        problem = memory.file_info().problem
        assert problem is not None and problem.notes and problem.dropped == []
        assert memory.record_turn("general_chat", "How does OrderService refund?", "")
        assert len(_rules(memory)) == 3
        salvage = [e for e in memory.journal_entries() if e.op == "salvage"]
    assert (folder / "memory.salvaged.json").read_bytes() == original
    assert salvage[0].outcome is Outcome.RECOVERED
    assert salvage[0].target == "memory.salvaged.json"
    assert salvage[0].detail is not None and "written 2 times" in salvage[0].detail
    assert [e.kind for e in events if e.kind is EventKind.FILE_SALVAGED]
    written = (folder / "memory.json").read_text(encoding="utf-8")
    assert written.count('"long_term_memory"') == 1
    assert json.loads(written)["generation"] == 3


def test_a_secret_in_a_file_with_a_key_twice_is_redacted_in_the_backup_every_copy_kept(
    repo: Path,
) -> None:
    folder = repo / ".autopatch-j"
    folder.mkdir()
    token = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"
    first = {"durable_preferences": [_rule(1, f"Deploy with {token}")]}
    later = {"durable_preferences": [_rule(2, "No wildcard imports")]}
    text = (
        f'{{"version": 1, "long_term_memory": {_dump(first)}, "long_term_memory": {_dump(later)}}}'
    )
    (folder / "memory.json").write_text(text, encoding="utf-8")
    with ProjectMemory.open(repo, backend="off") as memory:
        assert memory.record_turn("general_chat", "How does OrderService refund?", "")
    backup = (folder / "memory.salvaged.json").read_text(encoding="utf-8")
    assert token not in backup and "[REDACTED:github_token]" in backup
    assert backup.count('"long_term_memory"') == 2 and "No wildcard imports" in backup
