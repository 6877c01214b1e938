"""Note classes found by blind set E, each tested with wordings of our own (never the
set's sentences), in Chinese and English: topic-first corrections, dictated Chinese
without punctuation, "let me tell you" lead-ins, the people around the project."""

from __future__ import annotations

import pytest
from test_heuristic_backend import NOTES, _item, add_turn, assert_note_rewritten, summarize

from autopatch_memory.directives import DirectiveKind, directives_in, fact_text
from autopatch_memory.model import MemoryDocument, Operation, RepoProfile

RULE, FACT = DirectiveKind.RULE, DirectiveKind.FACT


def kinds(text: str, names: tuple[str, ...] = ()) -> list[tuple[DirectiveKind, str]]:
    return [(d.kind, d.clause) for d in directives_in(text, names)]


# --- a correction that names its topic first ---------------------------------------------


@pytest.mark.parametrize(
    ("old", "said", "kept", "gone"),
    [
        # "<topic>那个(我)说错了/记错了，是 <new>": the statement about the topic goes.
        (
            "pay-gw 调银行的连接池大小是 20，读超时 8 秒。",
            "诶，连接池那个我说错了，是 50 不是 20。",
            ["读超时 8 秒", "连接池是 50"],
            ["大小是 20"],
        ),
        (
            "cache-sync 每次批量同步 200 条，失败重试 3 次。",
            "批量那个记错了，是 800 条",
            ["重试 3 次", "800"],
            ["200"],
        ),
        # "<topic> 那个改了，…调成 <new>": a change, told the same way.
        (
            "report-job 的 page size 是 300，线程数是 4。",
            "对了 page size 那个改了，前天已经调成 600 了。",
            ["线程数是 4", "600"],
            ["是 300"],
        ),
        # dictated: no comma between the admission and the new value
        (
            "log-agent 的日志默认是按天滚动的，保留 7 天。",
            "滚动那个我搞错了 默认是按小时滚动",
            ["保留 7 天", "按小时"],
            ["按天"],
        ),
        # an interjection and the value it replaces: "oops, A, not B"
        (
            "coupon-svc gives a 10% discount to new users, capped at 30 yuan.",
            "oops, the cap is 50 yuan, not 30.",
            ["10% discount", "50 yuan"],
            ["at 30"],
        ),
        # "update: the X thing is outdated, <new state>"
        (
            "mail-out sends through SendGrid.",
            "update: the sendgrid thing is outdated, mail-out moved to Amazon SES in May.",
            ["SES"],
            ["SendGrid."],
        ),
    ],
)
def test_a_topic_first_correction_rewrites_the_note(
    old: str, said: str, kept: list[str], gone: list[str]
) -> None:
    modules = ["pay-gw", "cache-sync", "report-job", "log-agent", "coupon-svc", "mail-out"]
    assert_note_rewritten(modules, old, said, kept, gone)


@pytest.mark.parametrize(
    ("old", "said", "kept", "gone"),
    [
        # a withdrawal names the platform in the other language than the note
        (
            "notify-svc 的告警走企业微信机器人，每 5 分钟汇总一次。",
            "update: alerts go to Feishu now, we moved off WeCom last month.",
            ["5 分钟", "Feishu"],
            ["企业微信"],
        ),
        (
            "sso-bridge syncs the org chart from DingTalk every night.",
            "sso-bridge 现在从飞书同步组织架构了，已经不用钉钉了。",
            ["飞书"],
            ["DingTalk"],
        ),
        # the same withdrawal in one language
        (
            "ci-runner 的流水线跑在 Jenkins 上。",
            "ci-runner 的流水线已经迁到 GitLab CI 了，去年就下掉了 Jenkins。",
            ["GitLab CI"],
            ["Jenkins 上"],
        ),
    ],
)
def test_a_withdrawal_rewrites_the_note_that_names_the_old_platform(
    old: str, said: str, kept: list[str], gone: list[str]
) -> None:
    assert_note_rewritten(["notify-svc", "sso-bridge", "ci-runner"], old, said, kept, gone)


@pytest.mark.parametrize(
    ("clause", "text"),
    [
        ("哦对了，重试次数那个我说错了，是 5 次不是 2 次", "重试次数是 5 次不是 2 次"),
        ("窗口大小那个说错了，是 64", "窗口大小是 64"),
        ("不对，是 Spring Security", "是 Spring Security"),  # no topic: unchanged
    ],
)
def test_the_new_value_of_a_topic_first_correction_keeps_its_topic(clause: str, text: str) -> None:
    assert fact_text(clause) == text


@pytest.mark.parametrize(
    "text",
    [
        "登录那个我说错了。",  # an admission alone states nothing
        "那个类我改了一下，你再看看？",  # a question about the user's own change
        "Update: I'm still looking into it.",
        "oops, wrong file",
    ],
)
def test_an_admission_or_an_update_with_no_fact_is_no_note(text: str) -> None:
    assert [k for k, _ in kinds(text)] == []


# --- dictated Chinese: spaces part the clauses -----------------------------------------------


def test_a_dictated_question_then_facts_then_a_rule_are_read_apart() -> None:
    said = (
        "帮我看下库存扣减是怎么防超卖的 我们这边是用 lua 脚本在 redis 里扣 "
        "脚本放在 stock-core 里面 另外以后你给我写代码的时候日志都打英文"
    )
    found = kinds(said, ("stock-core",))
    assert [k for k, _ in found] == [FACT, RULE]
    assert "lua" in found[0][1] and "stock-core" in found[0][1]
    assert "日志都打英文" in found[1][1]


def test_a_dictated_fact_goes_on_for_several_clauses() -> None:
    said = "我跟你说一下我们 msg-store 是自己实现的索引文件 每个文件 512M 用 mmap 读 刷盘默认异步"
    [(kind, clause)] = kinds(said, ("msg-store",))
    assert kind is FACT
    for piece in ("msg-store", "512M", "mmap", "刷盘默认异步"):
        assert piece in clause
    assert "跟你说" not in fact_text(clause)


def test_a_dictated_rule_goes_on_without_a_standing_phrase_of_its_own() -> None:
    said = "以后你给我写 service 的时候异常统一包成 BizException 别直接抛 RuntimeException"
    [(kind, clause)] = kinds(said)
    assert kind is RULE
    assert "BizException" in clause and "RuntimeException" in clause


def test_a_dictated_reason_that_points_back_is_no_note() -> None:
    said = "以后别老拿 Kafka 举例子了 我们这个虽然是照着它设计的但是差别挺大"
    assert [k for k, _ in kinds(said)] == [RULE]


def test_a_punctuated_sentence_is_not_cut_at_its_spaces() -> None:
    said = "我们 order-api 用的是 Spring Cloud Gateway 前面的 nginx，不走 Dubbo。"
    [(kind, clause)] = kinds(said, ("order-api",))
    assert kind is FACT and "nginx" in clause


# --- the people around the project are no fact of it ----------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Our QA lead reads these answers as well.",
        "My teammates are mostly new to Kotlin.",
        "我们组好几个新同事没写过 Spring Boot。",
        "我们这边的产品经理也会看这些回答。",
    ],
)
def test_who_reads_the_answers_is_no_note(text: str) -> None:
    assert [k for k, _ in kinds(text)] == []


@pytest.mark.parametrize(
    "text",
    [
        "Our build runs on Jenkins, not GitHub Actions.",
        "我们这边的审批流是自己写的状态机。",
    ],
)
def test_a_statement_of_the_team_about_the_project_is_still_a_note(text: str) -> None:
    assert [k for k, _ in kinds(text)] == [FACT]


# --- a common noun and its value ------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "piece"),
    [
        ("消息体是 JSON 格式，通过 MQTT 推给设备。", "MQTT"),
        ("对账文件用的是 SFTP 拉取。", "SFTP"),
        ("号段的长度是 12 位。", "12"),
        ("The p95 latency target for checkout is 150ms.", "150ms"),
        ("Idle sessions are capped at 30 minutes.", "30"),
        # a head before a colon names what the statement is about
        (
            "ledger-sync notes: snapshots live in Elasticsearch, refreshed every 5 min",
            "ledger-sync",
        ),
    ],
)
def test_a_thing_of_the_project_and_its_value_is_a_note(text: str, piece: str) -> None:
    [(kind, clause)] = kinds(text, ("ledger-sync",))
    assert kind is FACT and piece in clause


@pytest.mark.parametrize(
    "text",
    [
        "原因是 GC 太频繁吧。",
        "这个是 Java 8 的写法。",
        "The answer is 42.",
        "My commute is 40 min, so I read answers on the train.",
        "问题是 Kafka 消费不到消息。",
    ],
)
def test_a_word_about_the_talk_or_the_user_and_a_value_is_no_note(text: str) -> None:
    assert FACT not in [k for k, _ in kinds(text)]


def test_a_norm_of_an_answer_after_a_rule_stays_with_the_rule() -> None:
    said = "以后提交信息用中文写，格式还是 angular 那一套。"
    assert [k for k, _ in kinds(said)] == [RULE]


def test_a_value_after_a_semicolon_goes_on_with_the_fact_before() -> None:
    said = "pay-core calls risk-api over gRPC before each capture; the deadline is 300ms."
    [(kind, clause)] = kinds(said, ("pay-core", "risk-api"))
    assert kind is FACT and "gRPC" in clause and "300ms" in clause


# --- a cancel of a statement takes what goes on from it --------------------------------------


@pytest.mark.parametrize(
    ("old", "said"),
    [
        (
            "bill-core 的对账文件还放在 FTP 上，下个月才迁 OSS。",
            "刚才说 bill-core 还放在 FTP 上那条先别记，我再确认下。",
        ),
        (
            "bill-core still reads its config from Consul, and then moves to Nacos in Q3.",
            "Forget the bit about bill-core and Consul, I'm not sure about it.",
        ),
    ],
)
def test_a_cancel_of_a_statement_takes_the_part_that_goes_on_from_it(old: str, said: str) -> None:
    doc = MemoryDocument(repo_profile=RepoProfile(modules=["bill-core"]))
    note = _item(doc, NOTES, old[:12], old, 1)
    turn = add_turn(doc, 1, "general_chat", said)
    _new_doc, _report, delta = summarize(doc, [turn])
    assert [(op.operation, op.target_id) for op in delta.long_term_operations] == [
        (Operation.ARCHIVE_EXISTING, note.id)
    ]


# --- what the user meant is no new fact ------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "btw the cache thing: per-tenant keys, yeah, that's what I meant.",
        "我的意思是 order-api 那边只读缓存，不写。",
        "fyi what I meant was Redis for sessions only.",
    ],
)
def test_a_clarification_of_what_was_said_is_no_note(text: str) -> None:
    assert FACT not in [k for k, _ in kinds(text, ("order-api",))]


# --- what the project does after an event: 以后 as "after" -----------------------------------


@pytest.mark.parametrize(
    ("text", "piece"),
    [
        ("订单支付成功以后会发一条 Kafka 消息，积分服务订阅它加积分。", "Kafka"),
        ("退款完成之后都会写一条记录到 ClickHouse。", "ClickHouse"),
    ],
)
def test_what_the_project_does_after_an_event_is_a_note(text: str, piece: str) -> None:
    found = kinds(text)
    assert [k for k, _ in found] == [FACT] and piece in found[0][1]


@pytest.mark.parametrize(
    "text",
    [
        "如果下单以后会发 Kafka 消息，你怎么保证顺序？",
        "支付完成以后会不会发 MQ 消息？",
    ],
)
def test_a_question_or_a_condition_about_an_event_is_no_note(text: str) -> None:
    assert FACT not in [k for k, _ in kinds(text)]


# --- a plain noun described right after a fact ----------------------------------------------


def test_a_part_described_after_a_fact_goes_on_with_it() -> None:
    said = "fyi audit-log ships events to Kafka, not RabbitMQ. payloads are gzip-compressed."
    [(kind, clause)] = kinds(said, ("audit-log",))
    assert kind is FACT and "Kafka" in clause and "gzip-compressed" in clause


def test_a_sentence_after_a_fact_that_describes_nothing_stays_out() -> None:
    said = "audit-log ships events to Kafka. Can you explain consumer groups?"
    [(kind, clause)] = kinds(said, ("audit-log",))
    assert kind is FACT and "consumer" not in clause


def test_a_fact_about_another_module_after_a_semicolon_is_a_note_of_its_own() -> None:
    said = "shop-api is the only public module; shop-admin sits behind the VPN."
    assert [k for k, _ in kinds(said, ("shop-api", "shop-admin"))] == [FACT, FACT]


def test_a_withdrawn_value_is_no_topic_of_the_new_fact() -> None:
    assert not fact_text("刚才说晚上 11 点那个不对了，上周已经改到 1 点了").startswith("刚才")
