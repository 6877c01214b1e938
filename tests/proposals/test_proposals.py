"""A model's proposals are admitted mechanically (docs/design.md#grounding-is-mechanical).

Measured on the proposal corpus (``tests/data/proposals/``): correct proposals written the
way a model writes them, and bad ones. Bars on every split that is not sealed: at least
98 % of correct proposals accepted, 95 % of bad ones rejected, and every invented or
missing quote rejected. A sealed split is measured on request only (``-m sealed``), as
counts; its first measurement is in docs/quality.md.
"""

from __future__ import annotations

import pytest
from proposals import load, score, splits

ACCEPT_BAR = 0.98
REJECT_BAR = 0.95

OPEN_SPLITS = [name for name in splits() if not name.startswith("sealed")]
SEALED_SPLITS = [name for name in splits() if name.startswith("sealed")]


@pytest.mark.parametrize("name", OPEN_SPLITS)
def test_the_applier_admits_what_a_correct_model_proposes(name: str) -> None:
    result = score(load(name))
    assert result.good_admitted >= ACCEPT_BAR * result.good, result.wrongly_refused
    assert result.bad_refused >= REJECT_BAR * result.bad, result.wrongly_admitted
    assert result.invented_refused == result.invented, result.wrongly_admitted


def test_the_corpus_is_bilingual_and_covers_both_verdicts() -> None:
    cases = [c for name in OPEN_SPLITS for c in load(name)]
    assert {c.lang for c in cases} >= {"zh", "en"}
    assert sum(c.expected for c in cases) >= 90
    assert sum(not c.expected for c in cases) >= 90


@pytest.mark.sealed
@pytest.mark.parametrize("name", SEALED_SPLITS)
def test_sealed_split_is_measured_in_aggregate(name: str) -> None:
    result = score(load(name), keep_cases=False)
    print(f"{name}: {result.row()}")
    assert result.invented_refused == result.invented
