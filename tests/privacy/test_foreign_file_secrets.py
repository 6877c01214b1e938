"""A memory file another program wrote, secrets in clear: nothing this program writes or
shows of it holds them (docs/privacy.md).

The first write redacts the whole file (the choke point); before it, what the write
keeps of the old texts — the cold archive, the journal's change record, a reset's backup —
and what reads show (``document``, ``search``, ``history``, ``export``, the editor's
text) are redacted too. A text that redaction alone changed is no edit: it makes no
revision. Messages that quote what the caller gave (a refused delta's detail, an id
that names nothing) quote it redacted.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from autopatch_memory import ItemNotFoundError, ProjectMemory

PASSWORD = "Hunter2Secret!9"
TOKEN = "ghp_" + "aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5"
SECRETS = (PASSWORD, TOKEN)


def _foreign(repo: Path) -> None:
    """A memory.json as a hand or another program wrote it: no epoch, secrets in clear."""
    stamp = "2026-05-01T12:30:00+08:00"

    def item(n: int, kind: str, summary: str, status: str = "active") -> dict[str, str]:
        return {
            "id": f"mem_20260501_00{n}",
            "type": kind,
            "label": f"item {n}",
            "summary": summary,
            "status": status,
            "source": "user_explicit" if kind == "durable_preference" else "conversation_summary",
            "created_at": stamp,
            "updated_at": stamp,
        }

    doc = {
        "version": 1,
        "long_term_memory": {
            "durable_preferences": [
                item(1, "durable_preference", f"Give Gradle commands. password={PASSWORD}")
            ],
            "project_notes": [
                item(2, "project_note", f"CI deploys with the token {TOKEN}."),
                item(3, "project_note", f"数据库密码是 {PASSWORD}", status="inactive"),
            ],
        },
    }
    folder = repo / ".autopatch-j"
    folder.mkdir(exist_ok=True)
    (folder / "memory.json").write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")


def _in_clear(text: str) -> list[str]:
    return [secret[:4] for secret in SECRETS if secret in text]


def _files(repo: Path) -> str:
    folder = repo / ".autopatch-j"
    return "\n".join(
        path.read_text(encoding="utf-8", errors="replace")
        for path in sorted(folder.iterdir())
        if path.is_file()
    )


@pytest.fixture
def foreign(repo: Path) -> Path:
    _foreign(repo)
    return repo


def test_the_first_write_keeps_no_secret_anywhere(foreign: Path) -> None:
    with ProjectMemory.open(foreign, backend="off", collect_profile=False) as memory:
        memory.remember("Always answer in Chinese.")
        assert _in_clear(_files(foreign)) == []
        # Redaction alone is no edit: no revision, nothing in the cold archive.
        assert memory.history("mem_20260501_002").revisions == []
        assert not (foreign / ".autopatch-j" / "memory.archive.jsonl").exists()
        memory.forget("mem_20260501_002")
        memory.undo(2)
        assert _in_clear(_files(foreign)) == []


def test_a_reset_backs_up_the_redacted_document(foreign: Path) -> None:
    with ProjectMemory.open(foreign, backend="off", collect_profile=False) as memory:
        memory.reset()
        backups = list((foreign / ".autopatch-j").glob("memory.reset*.json"))
        assert len(backups) == 1
        assert _in_clear(backups[0].read_text(encoding="utf-8")) == []
        assert _in_clear(_files(foreign)) == []


def test_reading_before_any_write_shows_no_secret(foreign: Path) -> None:
    with ProjectMemory.open(foreign, backend="off", collect_profile=False) as memory:
        shown = [
            memory.document().model_dump_json(),
            repr(memory.search("token", include_archived=True)),
            repr(memory.search("密码", include_archived=True)),
            memory.history("mem_20260501_002").model_dump_json(),
            memory.export("markdown"),
            memory.export("json"),
            memory.edit_text(),
        ]
        assert [_in_clear(text) for text in shown] == [[]] * len(shown)
        # Nothing was written by reading.
        assert _in_clear((foreign / ".autopatch-j" / "memory.json").read_text("utf-8")) != []


def test_a_refusal_quotes_what_it_refuses_redacted(repo: Path) -> None:
    with ProjectMemory.open(repo, backend="off", collect_profile=False) as memory:
        report = memory.apply_delta(
            {"long_term_operations": [{"operation": "archive_existing", "target_id": TOKEN}]},
            actor="summarizer:test",
        )
        assert report.rejected and _in_clear(report.model_dump_json()) == []
        with pytest.raises(ItemNotFoundError) as missing:
            memory.forget(f"password={PASSWORD}")
        assert _in_clear(str(missing.value)) == []
