"""The model path end to end: what a model proposes, through the real ``openai`` client and
a local OpenAI-compatible server, and what the program lets in (docs/design.md#grounding-is-mechanical).

The model understands — it picks the rule, names by id what the rule replaces, writes
the untouched remainder as its own rule, notices an adopted suggestion. The program
only checks what it can check mechanically: the quote is in the user's turn, the
adopted suggestion is in the assistant's previous answer, the ids exist and are older.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fake_openai_server import FakeOpenAIServer, Reply

from autopatch_memory import MemorySettings, Origin, ProjectMemory, Reason

RULE = "durable_preference"


def use_server(monkeypatch: pytest.MonkeyPatch, server: FakeOpenAIServer) -> None:
    monkeypatch.setenv("AUTOPATCH_MEMORY_BACKEND", "openai")
    monkeypatch.setenv("OPENAI_BASE_URL", server.url)
    monkeypatch.delenv("AUTOPATCH_LLM_BASE_URL", raising=False)
    monkeypatch.setenv("OPENAI_API_KEY", "x")
    monkeypatch.setenv("AUTOPATCH_LLM_MODEL", "fake-model")
    monkeypatch.setenv("AUTOPATCH_LLM_TIMEOUT", "5")


def create(label: str, summary: str, turn: str, quote: str | None, **more: Any) -> dict[str, Any]:
    op: dict[str, Any] = {
        "operation": "create_new",
        "type": RULE,
        "label": label,
        "summary": summary,
        "source": "user_explicit",
        "evidence_turn_ids": [turn],
        **more,
    }
    if quote is not None:
        op["evidence_quote"] = quote
    return op


def record(repo: Path, user_text: str, assistant_text: str = "") -> str:
    """Record a turn with no backend: it waits, pending, for the model's summary."""
    quiet = ProjectMemory.open(repo, backend="off")
    turn = quiet.record_turn("general_chat", user_text, assistant_text)
    quiet.close()
    assert turn is not None
    return turn


def summarize(
    memory: ProjectMemory, server: FakeOpenAIServer, turn: str, *ops: Any, refused: bool = False
) -> Any:
    """One summary run whose model proposes ``ops`` — and, when the program refuses one and
    asks for a repair (``refused``), proposes the same again (a stubborn model)."""
    delta = {
        "turn_summaries": [{"turn_id": turn, "summary": "The user set a rule."}],
        "long_term_operations": list(ops),
    }
    server.script(*[Reply.json(delta)] * (2 if refused else 1))
    report = memory.summarize_now()
    assert report is not None
    return report


def test_a_model_replaces_part_of_a_rule_by_id_and_keeps_the_rest(
    repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with FakeOpenAIServer() as server:
        use_server(monkeypatch, server)
        first = record(repo, "以后都用 Maven，而且每次都给出完整的命令行。")
        memory = ProjectMemory.open(repo, settings=MemorySettings.from_env(repo))
        report = summarize(
            memory,
            server,
            first,
            create(
                "Maven 与完整命令", "用 Maven，并且每次给出完整命令行。", first, "以后都用 Maven"
            ),
        )
        [maven] = report.accepted[-1].ids
        memory.close()
        second = record(repo, "Use Gradle from now on.")
        memory = ProjectMemory.open(repo, settings=MemorySettings.from_env(repo))
        report = summarize(
            memory,
            server,
            second,
            create(
                "Gradle builds",
                "Use Gradle for builds.",
                second,
                "Use Gradle from now on.",
                supersedes=[maven],
            ),
            create("完整命令行", "每次给出完整命令行。", second, "Use Gradle from now on."),
        )
        assert not report.rejected, report.rejected
        # The model saw the rule it replaced, by id.
        assert maven in server.chat_requests[-1].last_user_message
        assert len(server.chat_requests) == 2  # no repair: nothing was refused
        doc = memory.document()
        old = doc.long_term_item(maven)
        assert old is not None and not old.is_active  # archived, its text kept
        assert old.summary == "用 Maven，并且每次给出完整命令行。"
        active = {p.summary for p in doc.long_term_memory.durable_preferences if p.is_active}
        assert active == {"Use Gradle for builds.", "每次给出完整命令行。"}
        # And the user can take it back.
        memory.undo(1)
        restored = memory.document().long_term_item(maven)
        assert restored is not None and restored.is_active
        memory.close()


def test_an_adopted_suggestion_is_grounded_in_the_answer_before(
    repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with FakeOpenAIServer() as server:
        use_server(monkeypatch, server)
        record(
            repo,
            "Controller 的返回值怎么设计比较好？",
            "建议以后每个 controller 方法都返回 ResponseEntity，这样状态码更明确。",
        )
        agreed = record(repo, "好，就按你说的，以后都这样。")
        memory = ProjectMemory.open(repo, settings=MemorySettings.from_env(repo))
        suggestion = "以后每个 controller 方法都返回 ResponseEntity"
        report = summarize(
            memory,
            server,
            agreed,
            create(
                "返回 ResponseEntity",
                "controller 方法都返回 ResponseEntity。",
                agreed,
                "就按你说的，以后都这样",
                adopted_from=suggestion,
            ),
            # A suggestion the assistant never made is not adopted.
            create(
                "统一用 Lombok",
                "实体类统一用 Lombok。",
                agreed,
                "就按你说的，以后都这样",
                adopted_from="实体类统一用 Lombok 生成 getter",
            ),
            refused=True,
        )
        # The model was shown the answer it may quote; asked to repair what the program
        # refused, with the reason.
        assert "ResponseEntity" in server.chat_requests[0].last_user_message
        assert "adopted_from" in server.chat_requests[-1].last_user_message
        [accepted] = [a for a in report.accepted if a.section == "long_term_operations"]
        item = memory.document().long_term_item(accepted.ids[0])
        assert item is not None and item.origin is Origin.ADOPTED
        assert [r.reason for r in report.rejected] == [Reason.UNGROUNDED]
        memory.close()


@pytest.mark.parametrize(
    "quote",
    [None, "以后都用 Gradle", "always answer in English"],
    ids=["no quote", "invented in Chinese", "invented in English"],
)
def test_a_rule_without_the_users_words_never_gets_in(
    repo: Path, monkeypatch: pytest.MonkeyPatch, quote: str | None
) -> None:
    with FakeOpenAIServer() as server:
        use_server(monkeypatch, server)
        # The turn holds another rule: no "the only rule of the turn" fallback.
        turn = record(repo, "以后回答都用中文。Optional 怎么用？")
        memory = ProjectMemory.open(repo, settings=MemorySettings.from_env(repo))
        report = summarize(
            memory, server, turn, create("Gradle", "用 Gradle。", turn, quote), refused=True
        )
        assert [r.reason for r in report.rejected] == [Reason.UNGROUNDED]
        assert "ungrounded" in server.chat_requests[-1].last_user_message  # the repair asked
        assert memory.document().long_term_memory.durable_preferences == []
        memory.close()
