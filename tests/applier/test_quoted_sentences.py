"""What around a quote grounds a rule or an archive, or keeps it from grounding one
(docs/design.md#grounding-is-mechanical).

A quote can span several sentences — or what a naive splitter takes for several. The
sentences with a standing or request form speak for the quote, and one of them that
passes admits it; with no form anywhere, every sentence must pass: a bare "行" or "ok"
beside a one-off is no rule. Around the quote: the rest of its sentence and the user's
next message may take the rule back, a code span or a quoted line holds no rule, and an
archive's sentence must withdraw something.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import pytest

from autopatch_memory.applier import apply_delta
from autopatch_memory.intents import IntentType
from autopatch_memory.lang.quotes import find_quote
from autopatch_memory.lang.sentences import sentences
from autopatch_memory.model import (
    ItemStatus,
    LongTermItem,
    LongTermType,
    MemoryDelta,
    MemoryDocument,
    SummaryStatus,
    Turn,
)
from autopatch_memory.reasons import Reason
from autopatch_memory.standing.admission import refuse_quoted_rule


@pytest.mark.parametrize(
    "text",
    ["以后连测试库就用这个密码 k9!mQ_27x 别再问我了", "the token is ab?cd!ef, keep it"],
)
def test_an_exclamation_or_question_mark_inside_a_token_ends_no_sentence(text: str) -> None:
    assert len(sentences(text)) == 1


def test_a_mark_between_words_still_ends_a_sentence() -> None:
    assert sentences("Really? Always use tabs!好的") == ["Really?", "Always use tabs!", "好的"]


@pytest.mark.parametrize(
    ("quote", "text"),
    [
        ("行 这次先这么打包", "行 这次先这么打包"),
        ("ok. just this once, skip the tests", "ok. just this once, skip the tests"),
    ],
)
def test_a_bare_assent_beside_a_one_off_is_no_rule(quote: str, text: str) -> None:
    found = find_quote(quote, text)
    assert found is not None and len(found.sentences) == 2
    refusal = refuse_quoted_rule(found.sentences)
    assert refusal is not None and refusal.veto == "only-this-once"


@pytest.mark.parametrize(
    "text",
    ["We migrated to Gradle. From now on give me Gradle commands.", "好 以后都这样"],
)
def test_the_sentence_with_a_form_speaks_for_the_quote(text: str) -> None:
    found = find_quote(text, text)
    assert found is not None and len(found.sentences) == 2
    assert refuse_quoted_rule(found.sentences, adopted=True) is None


def test_a_secret_in_a_quoted_rule_is_refused_whole() -> None:
    text = "以后连测试库就用这个密码 k9!mQ_27x 别再问我了"
    found = find_quote("以后连测试库就用这个密码 k9!mQ_27x", text)
    assert found is not None
    refusal = refuse_quoted_rule(found.sentences)
    assert refusal is not None and refusal.veto == "credential"


_AT = datetime.fromisoformat("2026-12-07T10:00:00+08:00")
_RULE = "mem_20261201_001"


def _doc(*messages: str, rule: str | None = None) -> MemoryDocument:
    doc = MemoryDocument()
    for i, text in enumerate(messages):
        doc.working_memory.recent_turns.append(
            Turn(
                id=f"turn_20261207_10000{i}_001",
                intent=IntentType.GENERAL_CHAT,
                user_text=text,
                assistant_text="好的。",
                summary_status=SummaryStatus.PENDING,
                created_at=_AT + timedelta(seconds=i),
            )
        )
    if rule is not None:
        doc.long_term_memory.durable_preferences.append(
            LongTermItem(
                id=_RULE,
                type=LongTermType.DURABLE_PREFERENCE,
                label=rule[:20],
                summary=rule,
                status=ItemStatus.ACTIVE,
                source="user_explicit",
                created_at=_AT - timedelta(days=6),
                updated_at=_AT - timedelta(days=6),
            )
        )
    return doc


def _applied(doc: MemoryDocument, op: dict[str, Any]) -> tuple[bool, str]:
    """Whether the applier admits ``op`` on ``doc``, and why not (an ``ungrounded`` refusal)."""
    _after, report = apply_delta(
        doc, MemoryDelta(long_term_operations=[op]), now=_AT + timedelta(minutes=5)
    )
    rejected = report.rejected[0] if report.rejected else None
    assert rejected is None or rejected.reason is Reason.UNGROUNDED
    return bool(report.accepted) and rejected is None, rejected.detail if rejected else ""


def _admitted(doc: MemoryDocument, op: dict[str, Any]) -> bool:
    return _applied(doc, op)[0]


def _rule(quote: str, turn: int = 0) -> dict[str, Any]:
    return {
        "operation": "create_new",
        "type": "durable_preference",
        "label": "rule",
        "summary": quote,
        "source": "user_explicit",
        "evidence_turn_ids": [f"turn_20261207_10000{turn}_001"],
        "evidence_quote": quote,
    }


def _archive(quote: str) -> dict[str, Any]:
    return {
        "operation": "archive_existing",
        "target_id": _RULE,
        "evidence_turn_ids": ["turn_20261207_100000_001"],
        "evidence_quote": quote,
    }


@pytest.mark.parametrize(
    ("first", "second"),
    [
        (
            "以后接口统一返回 HTTP 200，错误码放 body 里",
            "算了，刚才那条不算，还是按 REST 的状态码来",
        ),
        (
            "Always use virtual threads for the blocking calls in app-bff.",
            "Wait, scratch that — the driver pins carrier threads.",
        ),
    ],
)
def test_a_rule_the_next_message_takes_back_is_refused(first: str, second: str) -> None:
    assert not _admitted(_doc(first, second), _rule(first.rstrip(".")))
    # the same rule, with a next message that goes on to something else, stands
    assert _admitted(
        _doc(first, "好的，另外 settlement 的导出任务怎么排查？"), _rule(first.rstrip("."))
    )


@pytest.mark.parametrize(
    "text",
    [
        "what does this mean? `// NOTE: always call release() before close(), never the other way round`",
        "这行注释啥意思：`// 以后所有回调都必须先验签，再处理业务`",
    ],
)
def test_a_quote_inside_a_code_span_grounds_nothing(text: str) -> None:
    code = (
        text[text.index("`") + 1 : text.rindex("`")].removeprefix("// NOTE: ").removeprefix("// ")
    )
    assert not _admitted(_doc(text), _rule(code))


def test_a_rule_beside_a_code_span_stands() -> None:
    text = '以后给 Gradle 依赖都用 Kotlin DSL 的 `implementation("...")` 写法'
    assert _admitted(_doc(text), _rule("以后给 Gradle 依赖都用 Kotlin DSL"))


@pytest.mark.parametrize(
    "text",
    [
        "上次你给的 Gradle 命令少了个 --info，以后记得带上哈",
        "Remember to add --info to it every time",
    ],
)
def test_an_archive_whose_sentence_withdraws_nothing_is_refused(text: str) -> None:
    doc = _doc(text, rule="每次回答末尾附上对应的 Gradle 命令。")
    quote = "以后记得带上哈" if "以后" in text else text
    assert not _admitted(doc, _archive(quote))


@pytest.mark.parametrize(
    "text", ["以后回答不用附 Gradle 命令了", "Stop adding the Gradle command at the end."]
)
def test_an_archive_whose_sentence_withdraws_stands(text: str) -> None:
    doc = _doc(text, rule="每次回答末尾附上对应的 Gradle 命令。")
    assert _admitted(doc, _archive(text.rstrip(".")))


@pytest.mark.parametrize(
    ("user_text", "quote"),
    [
        (
            "以后 DTO 都用 record 写吧……啊不行，咱们还有服务在用老版本 Jackson，算了不用了",
            "以后 DTO 都用 record 写吧",
        ),
        ("每次回答都附上参考文档链接，嗯……还是算了，链接经常是错的", "每次回答都附上参考文档链接"),
        (
            "always add Swagger annotations to new endpoints — nah, forget it",
            "always add Swagger annotations to new endpoints",
        ),
        (
            "new rule: every answer must end with a cat pun 😹 jk jk. anyway, where's the retry config?",
            "new rule: every answer must end with a cat pun",
        ),
    ],
)
def test_a_rule_taken_back_right_after_it_is_refused(user_text: str, quote: str) -> None:
    kept, why = _applied(_doc(user_text), _rule(quote))
    assert not kept
    assert "taken-back" in why


@pytest.mark.parametrize(
    ("user_text", "quote"),
    [
        (
            "以后 DTO 都用 record 写吧，超过三个字段的就别手写 getter 了",
            "以后 DTO 都用 record 写吧",
        ),
        (
            "always add Swagger annotations to new endpoints — it keeps the docs honest",
            "always add Swagger annotations to new endpoints",
        ),
        # what the user takes back comes before the rule: the rule stands
        ("算了，不纠结了：以后回答都先给结论", "以后回答都先给结论"),
        (
            "nah, forget the old style. From now on, give me Gradle commands.",
            "From now on, give me Gradle commands.",
        ),
    ],
)
def test_a_rule_said_and_kept_stands(user_text: str, quote: str) -> None:
    kept, why = _applied(_doc(user_text), _rule(quote))
    assert kept, why
