"""Traditional Chinese read as Simplified (lang/traditional.py), and the router reading it."""

from __future__ import annotations

from autopatch_memory_cli.classify import classify

from autopatch_memory import IntentType
from autopatch_memory.lang.traditional import to_simplified


def test_each_character_maps_to_one_and_the_rest_is_kept() -> None:
    text = "幫我看一下 CdnNodeSelector 權重計算是不是寫錯了喔"
    simplified = to_simplified(text)
    assert simplified == "帮我看一下 CdnNodeSelector 权重计算是不是写错了喔"
    assert len(simplified) == len(text)
    assert to_simplified("甚至 plain ascii") == "甚至 plain ascii"  # not in the table


def test_the_router_reads_traditional_chinese_as_it_reads_simplified() -> None:
    for traditional, simplified in (
        ("幫我審計一下登錄模組", "帮我审计一下登录模组"),
        ("這個修改會不會讓結算延遲啊", "这个修改会不会让结算延迟啊"),
    ):
        assert (
            classify(traditional, patch_pending=False).intent
            is classify(simplified, patch_pending=False).intent
            is IntentType.CODE_AUDIT
        )


def test_written_cantonese_is_read_as_mandarin() -> None:
    from autopatch_memory.lang.traditional import as_mandarin

    assert as_mandarin("點解要咁改") == "为什么要这么改"
    assert as_mandarin("唔該改返用 Optional") == "麻烦改回用 Optional"
    assert as_mandarin("plain text 甚至") == "plain text 甚至"
    assert classify("点解要咁改", patch_pending=False).intent is IntentType.CODE_AUDIT


def test_the_standing_lexicon_reads_a_cantonese_request() -> None:
    from autopatch_memory.standing.lexicon import folded_words

    assert (
        folded_words("可唔可以每次都同我列埋受影响嘅页面") == "可不可以每次都同我列埋受影响的页面"
    )
