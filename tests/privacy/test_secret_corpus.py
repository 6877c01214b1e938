"""Secret recall and precision, measured on the corpus in ``secret_corpus.py``.

``bench/secrets.py`` prints the same numbers per form. The bars are the issue's goals:
at least 98% of the secrets gone and 97% of the look-alikes untouched.
"""

from __future__ import annotations

import re

from secret_corpus import LOOK_ALIKES, SECRET_CASES, render, score

from autopatch_memory.privacy import redact

RECALL_BAR = 0.98
PRECISION_BAR = 0.97
_CJK = re.compile(r"[\u4e00-\u9fff]")


def test_the_corpus_is_big_varied_and_bilingual() -> None:
    secrets = [s for case in SECRET_CASES for s in case.secrets]
    assert len(secrets) >= 150
    assert len({case.form for case in SECRET_CASES}) >= 40
    assert len(LOOK_ALIKES) >= 80
    for texts in ([c.text for c in SECRET_CASES], [c.text for c in LOOK_ALIKES]):
        chinese = sum(1 for t in texts if _CJK.search(t))
        assert chinese >= len(texts) // 10 and len(texts) - chinese >= len(texts) // 10


def test_recall_and_precision_meet_the_bar() -> None:
    result = score(redact)
    table = render(result)
    assert result.recall.rate >= RECALL_BAR, table
    assert result.precision.rate >= PRECISION_BAR, table


def test_redaction_is_idempotent_on_the_whole_corpus() -> None:
    for text in [c.text for c in SECRET_CASES] + [c.text for c in LOOK_ALIKES]:
        once = redact(text)
        assert redact(once) == once, text


def test_the_scorer_counts_misses_and_changes() -> None:
    # A redactor that removes nothing has no recall and full precision; one that
    # removes everything has full recall and no precision: the scorer can fail.
    assert score(lambda t: t).recall.ok == 0
    assert score(lambda t: t).precision.rate == 1.0
    assert score(lambda t: "").recall.rate == 1.0
    assert score(lambda t: "").precision.ok == 0
