"""Which sentences of a quote speak for it (docs/design.md#grounding-is-mechanical).

A quote can span several sentences — or what a naive splitter takes for several. The
sentences with a standing or request form speak for the quote, and one of them that
passes admits it; with no form anywhere, every sentence must pass: a bare "行" or "ok"
beside a one-off is no rule.
"""

from __future__ import annotations

import pytest

from autopatch_memory.lang.quotes import find_quote
from autopatch_memory.lang.sentences import sentences
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
