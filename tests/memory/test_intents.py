"""The intent boundary: which intents read and write memory (docs/design.md#intents-and-the-gate)."""

from __future__ import annotations

import pytest

from autopatch_memory.errors import UnknownIntentError
from autopatch_memory.intents import MEMORY_INTENTS, IntentType, memory_access, parse_intent


def test_five_intents_with_spec_values() -> None:
    assert {i.value for i in IntentType} == {
        "code_audit",
        "code_explain",
        "general_chat",
        "patch_explain",
        "patch_revise",
    }


@pytest.mark.parametrize(
    ("intent", "reads", "writes"),
    [
        ("code_audit", False, False),
        ("code_explain", True, True),
        ("general_chat", True, True),
        ("patch_explain", False, False),
        ("patch_revise", False, False),
    ],
)
def test_policy_table(intent: str, reads: bool, writes: bool) -> None:
    access = memory_access(intent)
    assert (access.reads, access.writes) == (reads, writes)
    assert memory_access(IntentType(intent)) == access


def test_strings_and_enums_are_accepted() -> None:
    assert parse_intent("general_chat") is IntentType.GENERAL_CHAT
    assert parse_intent(" Code_Explain ") is IntentType.CODE_EXPLAIN
    assert parse_intent(IntentType.CODE_AUDIT) is IntentType.CODE_AUDIT
    assert {IntentType.CODE_EXPLAIN, IntentType.GENERAL_CHAT} == MEMORY_INTENTS


@pytest.mark.parametrize("bad", ["chat", "", "general-chat", "audit", None, 3])
def test_unknown_intent_is_an_error_not_general_chat(bad: object) -> None:
    with pytest.raises(UnknownIntentError, match="unknown intent"):
        parse_intent(bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError):  # also a ValueError for hosts that catch that
        memory_access(bad)  # type: ignore[arg-type]
