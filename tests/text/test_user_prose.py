"""The user's words as the readers see them: pasted configuration is no statement."""

from __future__ import annotations

import pytest

from autopatch_memory import limits
from autopatch_memory.prose import user_prose


def test_a_pasted_yaml_block_is_left_out_and_the_question_kept() -> None:
    text = (
        "帮我看看这段配置有啥问题\n"
        "spring:\n"
        "  cloud:\n"
        "    nacos:\n"
        "      server-addr: nacos.test:8848  # 测试环境\n"
        "      group: ORDER"
    )
    assert user_prose(text) == "帮我看看这段配置有啥问题"


def test_a_properties_block_is_left_out() -> None:
    text = "db.url=jdbc:mysql://db/shop\ndb.user=app\ndb.pool=10\n这是 order 的配置"
    assert user_prose(text) == "这是 order 的配置"


@pytest.mark.parametrize(
    "text",
    [
        # The user's own list of facts: values in Chinese.
        "模块分工：\norder-center: 下单\nrider-dispatch: 派单\npayment-core: 支付",
        # Labels followed by sentences.
        "Note: we use Gradle.\nAlso: answer in English.\nPS: thanks",
        # Headings and keys people write, not configuration's.
        "记一下我们的技术栈:\n构建: Gradle\nJDK: 21\nCI: Jenkins",
        "Stack:\n- DB: Postgres\n- Cache: Redis\n- MQ: Kafka",
        "Reminder:\nOwner: alice\nReviewer: bob\nDeadline: Friday",
        # Fewer lines than a block.
        "timeout: 3s\n" * (limits.CONFIG_BLOCK_MIN_LINES - 1) + "这个超时合理吗",
    ],
)
def test_lines_that_are_the_users_words_stay(text: str) -> None:
    assert user_prose(text) == "\n".join(line.strip() for line in text.splitlines())


def test_a_long_line_of_blanks_is_read_in_linear_time() -> None:
    import time

    started = time.perf_counter()
    user_prose("a:" + " " * 50_000 + "x y")
    assert time.perf_counter() - started < 1.0
