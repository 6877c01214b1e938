"""The pattern spellings: the alternatives they write, and that they match the same."""

from __future__ import annotations

import re

import pytest

from autopatch_memory.patterns import literal_first, one_of, split_top


def test_split_top_splits_outside_groups_and_classes() -> None:
    assert split_top(r"a|b(?:c|d)|[|]e|\|f") == ["a", "b(?:c|d)", "[|]e", r"\|f"]
    assert split_top("abc") == ["abc"]


def test_literal_first_distributes_a_leading_group() -> None:
    assert literal_first(r"(?:sk|rk)_x|whsec_y") == ["sk_x", "rk_x", "whsec_y"]
    assert literal_first(r"(?:A(?:B|C)|D)[0-9]{2}") == ["A(?:B|C)[0-9]{2}", "D[0-9]{2}"]
    assert literal_first(r"a[|(]b|c") == ["a[|(]b", "c"]  # '|' in a class
    with pytest.raises(ValueError):
        literal_first(r"[0-9]{32}")
    with pytest.raises(ValueError):
        literal_first(r"(?:a|b)?c")


def test_one_of_matches_what_the_flat_alternation_matches() -> None:
    words = ["password", "passwd", "pwd", "secret", "token", "tok"]
    grouped = re.compile(one_of(words, after_first=r"(?<!\w.)"))
    flat = re.compile(r"\b(?:" + "|".join(words) + ")")
    for text in ["my password", "apwd", "tokens", "x_secret", "中token", "pwd", "passw"]:
        assert [m.span() for m in grouped.finditer(text)] == [
            m.span() for m in flat.finditer(text)
        ], text
