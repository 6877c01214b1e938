"""The cold archive: texts that leave the memory file are kept beside it
(docs/file-format.md#the-cold-archive).

When memory needs room, archived items are evicted from ``memory.json`` — but each is
appended to ``memory.archive.jsonl`` first, where ``restore`` and ``search --all`` find
it. The archive is bounded: past its byte cap the oldest lines go, the newest stay.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from autopatch_memory import ProjectMemory, limits
from autopatch_memory.changes import ChangeOutcome
from autopatch_memory.search import MemoryItemKind
from autopatch_memory.store import archive as cold

LIBRARIES = [f"lib{n:02d}" for n in range(limits.MAX_LONG_TERM_ITEMS + 10)]


def _fill_and_forget(memory: ProjectMemory, forgotten: int) -> list[str]:
    """Memory full of rules; the first ``forgotten`` of them archived. Their ids."""
    ids = []
    for name in LIBRARIES[: limits.MAX_LONG_TERM_ITEMS]:
        change = memory.remember(f"以后示例代码里不要用 {name}。")
        assert change.item_id is not None
        ids.append(change.item_id)
    for item_id in ids[:forgotten]:
        memory.forget(item_id)
    return ids


def test_an_archived_rule_evicted_for_room_goes_to_the_cold_archive_and_comes_back(
    repo: Path,
) -> None:
    memory = ProjectMemory.open(repo, backend="off")
    ids = _fill_and_forget(memory, forgotten=3)
    # Three new rules need the room the three archived ones hold.
    for name in LIBRARIES[limits.MAX_LONG_TERM_ITEMS : limits.MAX_LONG_TERM_ITEMS + 3]:
        memory.remember(f"Never recommend {name}.")
    in_file = {i.id for i in memory.document().long_term_memory.items()}
    evicted = [i for i in ids[:3] if i not in in_file]
    assert evicted, "the archived rules made room"
    # Kept beside the file, as they were.
    lines = (repo / ".autopatch-j" / cold.COLD_ARCHIVE_FILE_NAME).read_text(encoding="utf-8")
    kept = {json.loads(line)["item"]["id"] for line in lines.splitlines()}
    assert set(evicted) <= kept
    # Found by search --all, and restore brings one back.
    hits = memory.search(LIBRARIES[0], include_archived=True)
    assert any(h.id == ids[0] for h in hits)
    memory.forget(memory.document().long_term_memory.items()[-1].id)  # room for it
    restored = memory.restore(evicted[0])
    assert restored.outcome is ChangeOutcome.RESTORED
    item = memory.document().long_term_item(evicted[0])
    assert item is not None and item.is_active
    assert item.summary.endswith("。") and "lib" in item.summary
    memory.close()


def test_the_archive_keeps_the_newest_lines_past_its_cap(
    repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(limits, "COLD_ARCHIVE_MAX_BYTES", 2048)
    memory = ProjectMemory.open(repo, backend="off")
    ids = _fill_and_forget(memory, forgotten=20)
    for name in LIBRARIES[limits.MAX_LONG_TERM_ITEMS :]:
        memory.remember(f"Never recommend {name}.")
    path = repo / ".autopatch-j" / cold.COLD_ARCHIVE_FILE_NAME
    assert path.stat().st_size <= 2048
    kept = [e.item.id for e in memory.store.cold_archive.entries()]
    assert kept, "the newest evicted items are kept"
    evicted = [i for i in ids[:20] if memory.document().long_term_item(i) is None]
    # The newest evictions are the ones kept (the oldest lines went first).
    assert kept == [i for i in evicted if i in kept]
    assert evicted[-1] in kept
    memory.close()


def _churn(repo: Path, rule_actor: str, new_ids: bool) -> list[cold.ColdEntry]:
    """A user's rule archived (by ``rule_actor``'s write), then 80 revisions of an agent's
    note (each its own item when ``new_ids``), with a 4 KiB cap: the entries kept."""
    with ProjectMemory.open(repo, backend="off") as memory:
        memory.remember("以后别用 fastjson。")
        memory.remember("The agent's scratch note.", kind="note", actor="mcp:agent")
        rule, note = memory.document().long_term_memory.items()
        archive = memory.store.cold_archive
        now = memory.document().updated_at
        archive.append([rule], now=now, actor=rule_actor, why="left the file")
        for number in range(80):
            update: dict[str, object] = {"summary": f"The agent's scratch note {number}."}
            if new_ids:
                update |= {"id": f"mem_20260101_{number + 100:03d}", "revision_of": note.id}
            archive.append([note.model_copy(update=update)], now=now, actor="mcp:agent", why="x")
    path = repo / ".autopatch-j" / cold.COLD_ARCHIVE_FILE_NAME
    assert path.stat().st_size <= 4096
    return cold.ColdArchive(path.parent).entries()


def test_past_its_cap_the_archive_keeps_the_users_texts_before_an_agents(
    repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # An agent rewriting its own note a thousand times (each old text archived) pushed
    # out of the archive the rule text the user had revised once (a data-loss hunt, over
    # MCP): past the cap, the agents' and the models' oldest lines go first.
    monkeypatch.setattr(limits, "COLD_ARCHIVE_MAX_BYTES", 4096)
    entries = _churn(repo, rule_actor="user", new_ids=False)
    assert [e.item.summary for e in entries if e.actor == "user"] == ["以后别用 fastjson。"]
    agents = [e.item.summary for e in entries if e.actor == "mcp:agent"]
    assert agents and agents[-1] == "The agent's scratch note 79."  # the newest stay
    assert "The agent's scratch note 0." not in agents


def test_past_its_cap_the_archive_keeps_the_last_text_of_every_item(
    repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The user's forgotten rule left the file in a write of an agent's (so its line was
    # the agent's), and the agent's thousand revisions of one note then pushed it out (a
    # third data-loss hunt): every item keeps its newest line first.
    monkeypatch.setattr(limits, "COLD_ARCHIVE_MAX_BYTES", 4096)
    summaries = [e.item.summary for e in _churn(repo, rule_actor="mcp:agent", new_ids=True)]
    assert "以后别用 fastjson。" in summaries
    assert summaries[-1] == "The agent's scratch note 79."


def test_a_pending_turn_dropped_unread_is_kept_in_the_cold_archive(repo: Path) -> None:
    # With no summary to read them (a model down), long turns filled the file and the
    # size policy's last resort dropped the oldest pending one: a rule stated in it was
    # in no file at all (a data-loss hunt). Ready turns and answers go first now, and a
    # pending turn that must go is kept beside the file.
    rule = "以后回答都先给结论再解释，记住这条。" + "背景说明" * 220
    with ProjectMemory.open(repo, backend="off") as memory:
        memory.record_turn("general_chat", rule, "好的" * 200)
        for number in range(12):
            memory.record_turn("general_chat", f"第 {number} 个问题：" + "细节" * 450, "答" * 300)
        in_file = [t.user_text for t in memory.document().working_memory.recent_turns]
        kept = [c.turn.user_text for c in memory.store.cold_archive.dropped_turns()]
        entries = memory.store.cold_archive.entries()  # item readers skip the turn lines
    assert rule not in in_file
    assert rule in kept
    assert all(e.item is not None for e in entries)


def test_a_line_nested_past_the_parser_does_not_stop_the_archive(
    repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Trimming reads every line; one too deeply nested for the JSON parser raised
    # RecursionError, and every later write that added to the archive failed.
    monkeypatch.setattr(limits, "COLD_ARCHIVE_MAX_BYTES", 4096)
    folder = repo / ".autopatch-j"
    with ProjectMemory.open(repo, backend="off") as memory:
        memory.remember("以后别用 fastjson。")
        [rule] = memory.document().long_term_memory.items()
        (folder / cold.COLD_ARCHIVE_FILE_NAME).write_text("[" * 100_000 + "\n", "utf-8")
        for _ in range(30):
            memory.store.cold_archive.append([rule], now=rule.updated_at, actor="user", why="x")
    assert (folder / cold.COLD_ARCHIVE_FILE_NAME).stat().st_size <= 4096


def test_a_pending_turn_over_the_turn_cap_is_kept_in_the_cold_archive(repo: Path) -> None:
    # With no summary running, the thirteenth turn pushed the oldest pending one out of
    # the file with no trace of its text (a data-loss hunt).
    with ProjectMemory.open(repo, backend="off") as memory:
        for number in range(limits.MAX_RECENT_TURNS + 3):
            memory.record_turn("general_chat", f"From now on, module m{number} logs retries.", "")
        kept = [c.turn.user_text for c in memory.store.cold_archive.dropped_turns()]
    assert kept == [f"From now on, module m{number} logs retries." for number in range(3)]


@pytest.mark.parametrize(
    ("question", "query"),
    [
        ("From now on, module m{n} logs every retry at WARN.", "retry WARN"),
        ("以后 m{n} 模块的重试日志都打 WARN 级别。", "重试日志"),
    ],
)
def test_a_search_of_everything_finds_a_turn_dropped_unread(
    repo: Path, question: str, query: str
) -> None:
    # The turn is kept beside the file, and `search --all` is how the user finds it again
    # (a plain search reads the file alone).
    with ProjectMemory.open(repo, backend="off") as memory:
        for number in range(limits.MAX_RECENT_TURNS + 1):
            memory.record_turn("general_chat", question.format(n=number), "")
        plain = memory.search(query)
        everything = memory.search(query, include_archived=True)
        # the label is the program's words: a query for them finds no turn
        labelled = memory.search("dropped before a summary read it", include_archived=True)
    assert all(hit.kind is not MemoryItemKind.TURN for hit in labelled)
    dropped = [hit for hit in everything if hit.kind is MemoryItemKind.TURN]
    assert [hit.summary for hit in dropped] == [question.format(n=0)]
    assert not dropped[0].active and dropped[0].id.startswith("turn_")
    assert all(hit.kind is not MemoryItemKind.TURN for hit in plain)
