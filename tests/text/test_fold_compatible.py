"""fold_compatible: NFKC's one-to-one mappings, found by a scan for the characters that
might fold (outside the blocks NFKC never maps), offsets kept."""

from __future__ import annotations

import unicodedata

import pytest

from autopatch_memory.lang.fold import NEVER_FOLDED, fold_compatible


def _folds(ch: str) -> bool:
    folded = unicodedata.normalize("NFKC", ch)
    return len(folded) == 1 and folded != ch


@pytest.mark.parametrize(("low", "high"), NEVER_FOLDED)
def test_no_character_of_a_never_folded_block_folds(low: int, high: int) -> None:
    # The scan skips these blocks: one character that folds would be read unfolded.
    folding = [hex(i) for i in range(low, high + 1) if _folds(chr(i))]
    assert folding == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("ｐａｓｓｗｏｒｄ＝Ｋｑ９", "password=Kq9"),
        ("密码是\u3000ａｂｃ１２３", "密码是 abc123"),  # the ideographic space
        ("x\u00a0y²", "x y2"),  # a no-break space, a superscript
        ("ﬁle…", "ﬁle…"),  # expanded by NFKC: left as typed
        ("以后回答用中文，先给结论。", "以后回答用中文,先给结论。"),
        ("Привет, ｍｉｒ", "Привет, mir"),
    ],
)
def test_folds_each_compatibility_character_in_place(text: str, expected: str) -> None:
    folded = fold_compatible(text)
    assert folded == expected
    assert len(folded) == len(text)


def test_keep_leaves_those_characters_as_typed() -> None:
    assert fold_compatible("好的，ｏｋ：", frozenset("，：")) == "好的，ok："


def test_a_text_with_nothing_to_fold_is_returned_as_it_is() -> None:
    text = "先给结论：".replace("：", "") + " PriorityQueue 按严重程度排序 — 그리고 ✓ 🙂"
    assert fold_compatible(text) is text


def test_agrees_with_nfkc_on_every_character_it_maps() -> None:
    # Every BMP character: folded exactly when NFKC maps it to one other character.
    text = "".join(chr(i) for i in range(0x80, 0x10000) if not 0xD800 <= i <= 0xDFFF)
    folded = fold_compatible(text)
    for ch, out in zip(text, folded, strict=True):
        assert out == (unicodedata.normalize("NFKC", ch) if _folds(ch) else ch)
