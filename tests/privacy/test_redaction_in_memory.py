"""Redaction through the ProjectMemory facade: no secret of the redaction table reaches
the memory file or the journal, and text that only looks like one is kept as typed."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_privacy import NOT_SECRETS, SECRETS

from autopatch_memory.memory import ProjectMemory


@pytest.fixture
def memory(repo: Path) -> Iterator[ProjectMemory]:
    mem = ProjectMemory.open(repo, backend="off")
    yield mem
    mem.close()


def test_every_secret_is_absent_from_file_and_journal(memory: ProjectMemory) -> None:
    for text, _secret, _kind in SECRETS:
        memory.record_turn(
            "general_chat", text, f"answer mentioning {text}", scope_paths=[text[:200]]
        )
    # Without the epoch and the file digests (random hex the program makes): a short
    # secret such as "abc" may occur in them by chance.
    stored = json.loads(memory.paths.memory_file.read_text(encoding="utf-8"))
    stored.pop("epoch", None)
    file_text = json.dumps(stored, ensure_ascii=False)
    journal_text = "\n".join(
        json.dumps(
            {k: v for k, v in json.loads(line).items() if k not in ("file", "prev_file")},
            ensure_ascii=False,
        )
        for line in memory.paths.journal_file.read_text(encoding="utf-8").splitlines()
    )
    for _text, secret, _kind in SECRETS:
        assert secret not in file_text
        assert secret not in journal_text


def test_non_secrets_are_kept(memory: ProjectMemory) -> None:
    for text in NOT_SECRETS:
        turn_id = memory.record_turn("general_chat", text)
        turn = memory.document().turn(turn_id or "")
        assert turn is not None and turn.user_text == text.strip()
