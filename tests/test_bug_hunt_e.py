"""Bugs found by a second fresh-eyes review (host drop-in, CLI, MCP server), each
proven by a test written before its fix."""

from __future__ import annotations

import threading
from enum import Enum
from pathlib import Path

import pytest

from autopatch_memory.backends.base import SummaryRequest
from autopatch_memory.governance import ChangeOutcome
from autopatch_memory.memory import ProjectMemory
from autopatch_memory.model import MemoryDelta

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


# --- a rule the user restated or restored while a summary was in flight -------------------


class _HeldRuleSummarizer:
    """A backend that turns the first turn it is shown into a rule, once ``release`` is set."""

    name = "held-rule"

    def __init__(self) -> None:
        self.called = threading.Event()
        self.release = threading.Event()

    def summarize(self, request: SummaryRequest) -> MemoryDelta:
        turn = request.turns[0]
        self.called.set()
        assert self.release.wait(DEADLINE_SECONDS)
        return MemoryDelta.model_validate(
            {
                "turn_summaries": [{"turn_id": turn.id, "summary": "用户要求以后用英文回答。"}],
                "long_term_operations": [
                    {
                        "operation": "create_new",
                        "type": "durable_preference",
                        "label": "回答用英文",
                        "summary": "以后回答都用英文。",
                        "source": "user_explicit",
                        "evidence_turn_ids": [turn.id],
                        "evidence_quote": turn.user_text,
                    }
                ],
            }
        )


@pytest.mark.parametrize("change", ["restate", "restore", "new", "import"])
def test_a_rule_the_user_stated_during_a_run_is_not_superseded_by_it(
    repo: Path, change: str
) -> None:
    # The run was computed from a turn said *before* the user's direct word on the same
    # subject; the user's latest word must win, not the late result of an older turn.
    backend = _HeldRuleSummarizer()
    with ProjectMemory.open(repo, backend=backend, collect_profile=False) as memory:
        chinese = None
        if change in ("restate", "restore"):
            chinese = memory.remember("以后回答都用中文").item_id
            assert chinese is not None
        if change == "restore":
            memory.forget(chinese)
        memory.record_turn("general_chat", "以后回答都用英文吧", "OK")
        assert memory.request_summary()
        assert backend.called.wait(DEADLINE_SECONDS)
        if change == "restore":
            assert memory.restore(chinese).outcome is ChangeOutcome.RESTORED
        elif change == "restate":
            assert memory.remember("还是以后回答都用中文").item_id == chinese
        elif change == "new":
            chinese = memory.remember("还是以后回答都用中文").item_id
        else:
            chinese = memory.import_items("## 规则\n\n- 以后回答都用中文\n").items[0].item_id
        assert chinese is not None
        backend.release.set()
        assert memory.wait_idle(DEADLINE_SECONDS)
        doc = memory.document()
        rules = doc.long_term_memory.durable_preferences
        assert [i.id for i in rules if i.is_active] == [chinese]
        # The turn's summary still applies.
        assert doc.working_memory.recent_turns[0].summary == "用户要求以后用英文回答。"
