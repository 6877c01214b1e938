"""Full-width input (a Chinese input method): rules read the text NFKC-folded, and a marker
replaces the secret as typed, everything around it kept as typed."""

from __future__ import annotations

import pytest

from autopatch_memory.lang import fold_compatible
from autopatch_memory.privacy import redact
from autopatch_memory.privacy.rule import fold_for_matching


def _fw(text: str) -> str:
    """``text`` typed full width."""
    return "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in text)


@pytest.mark.parametrize(
    ("text", "secret", "kept"),
    [
        (_fw("password=Kq9xLm2#vT"), _fw("Kq9xLm2#vT"), _fw("password=")),
        (
            "数据库的" + _fw("password:") + _fw("Red@prod2024") + "，别外传",
            _fw("Red@prod2024"),
            "，别外传",
        ),
        (
            "token：" + _fw("ghp_" + "aB3cD5eF7gH9iJ1kL3mN5oP7qR9sT1uV3wX5"),
            "ａＢ３ｃＤ５",
            "token：",
        ),
        ("my password is " + _fw("Hunter#2025"), _fw("Hunter#2025"), "my password is "),
        (_fw("MYSQL_ROOT_PASSWORD:") + _fw("Mysql@Root77"), _fw("Mysql@Root77"), _fw("MYSQL_ROOT")),
    ],
)
def test_a_full_width_secret_is_redacted_where_it_was_typed(
    text: str, secret: str, kept: str
) -> None:
    out = redact(text)
    assert secret not in out and "[REDACTED:" in out
    assert kept in out  # the text around the marker is as it was typed
    assert redact(out) == out


def test_folding_keeps_offsets_and_the_punctuation_that_ends_a_chinese_clause() -> None:
    text = "ｐａｓｓｗｏｒｄ＝Ｋｑ９，好！（注）：；？…\u3000x"
    folded = fold_for_matching(text)
    assert len(folded) == len(text)
    assert folded == "password=Kq9，好！（注）：；？… x"
    assert fold_for_matching("plain ascii") == "plain ascii"
    assert fold_compatible("ﬁ①", frozenset()) == "ﬁ1"  # a ligature expands: kept as it is


def test_full_width_look_alikes_stay() -> None:
    for text in (
        _fw("password=${DB_PASS}"),
        "ｐａｓｓｗｏｒｄ：Ｓｔｒｉｎｇ",
        "密码：见 １Ｐａｓｓｗｏｒｄ",
    ):
        assert redact(text) == text


def test_clause_punctuation_inside_a_full_width_value_is_part_of_it() -> None:
    # A password typed in full width holds a "！": between two full-width letters it is a
    # character of the value, not the end of a Chinese clause.
    text = "跳板机新密码：ｋ！ＬｙｌｂＮＮＫＷ２ｗＴｖ，输入法切成全角了"
    assert fold_for_matching(text) == "跳板机新密码：k!LylbNNKW2wTv，输入法切成全角了"
    out = redact(text)
    assert "ＬｙｌｂＮＮＫＷ" not in out and "ｋ！" not in out
    assert out.endswith("，输入法切成全角了")
    assert fold_for_matching("好！好") == "好！好"  # between Chinese words it ends a clause
