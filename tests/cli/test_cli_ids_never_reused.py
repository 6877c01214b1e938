"""An id the journal, a backup or the cold archive holds is never issued again (issue 30,
item 8), through the real command line.

(Before, ids restarted at ``_001`` after a reset, after an undo of a new rule and after a
damaged file was set aside: ``restore mem_…_001`` could then name two different texts.)
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from cli_process import run_cli

from autopatch_memory import ProjectMemory
from autopatch_memory.store import MEMORY_DIR_NAME, MEMORY_FILE_NAME

ID = re.compile(r"mem_\d{8}_(\d{3})")


def remember(repo: Path, text: str, *extra: str) -> str:
    done = run_cli("remember", str(repo), text, *extra, "--json")
    assert done.returncode == 0, done.stderr
    item_id = json.loads(done.stdout)["item_id"]
    assert ID.fullmatch(item_id), item_id
    return str(item_id)


def test_after_a_reset_and_an_undo_new_ids_go_on_counting(repo: Path) -> None:
    with ProjectMemory.open(repo, backend="off") as memory:
        first = memory.remember("Always answer in Chinese.").item_id
        second = memory.remember("以后写测试请用 JUnit 5。").item_id
    assert run_cli("reset", str(repo), "--yes").returncode == 0
    third = remember(repo, "Use Gradle for every build.")
    assert third not in (first, second)
    assert run_cli("undo", str(repo)).returncode == 0  # the new rule leaves the file
    fourth = remember(repo, "The api module depends on core.", "--note")
    assert fourth not in (first, second, third)


def test_a_damaged_file_set_aside_keeps_its_ids_taken(repo: Path) -> None:
    with ProjectMemory.open(repo, backend="off") as memory:
        memory.remember("Always answer in Chinese.")
        lost = memory.remember("Never use field injection.").item_id
    path = repo / MEMORY_DIR_NAME / MEMORY_FILE_NAME
    text = path.read_text(encoding="utf-8")
    path.write_text(text[: text.index("Never use field")], encoding="utf-8")  # cut short
    (repo / MEMORY_DIR_NAME / "memory.journal.jsonl").unlink()  # only the file knows it
    new = remember(repo, "Use AssertJ for assertions.")
    assert new != lost
