"""Bugs found by a second fresh-eyes review (host drop-in, CLI, MCP server), each
proven by a test written before its fix."""

from __future__ import annotations

from enum import Enum
from pathlib import Path

from autopatch_memory.memory import ProjectMemory

DEADLINE_SECONDS = 60  # generous: a loaded 2-core machine


class _HostIntent(str, Enum):
    """A host's own intent enum: a ``str`` subclass with the same values as ours."""

    CODE_EXPLAIN = "code_explain"
    GENERAL_CHAT = "general_chat"


# --- a host that passes scope_paths=None ---------------------------------------------------


def test_record_turn_takes_no_scope_paths_as_none(repo: Path) -> None:
    # The reference host passes ``scope_paths=None`` for a code explanation without a
    # scope (and for every general chat): the turn is recorded, with no paths.
    memory = ProjectMemory.open(repo, backend="off", collect_profile=False)
    turn_id = memory.record_turn(
        _HostIntent.CODE_EXPLAIN, "这个项目的模块怎么划分？", "分为 api 和 service。", None
    )
    assert turn_id is not None
    turn = memory.document().turn(turn_id)
    assert turn is not None and turn.scope_paths == []
    assert memory.last_error is None
