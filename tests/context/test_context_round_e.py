"""Injection classes found by blind set E, with wordings of our own: a note about a
sibling module that shares a word of the domain (not a technique, not a word of every
project), a number, or the word that names the note's module; a wire format."""

from __future__ import annotations

import pytest
from test_context import CHAT, _notes_memory, note_keys

from autopatch_memory.context import build_context


@pytest.mark.parametrize(
    ("modules", "note", "question"),
    [
        # a Chinese word of the domain both say
        (
            ["park-gate", "park-fee"],
            "park-gate 的车牌识别走的是海康的 SDK，识别失败会转人工。",
            "park-fee 计费的时候车牌识别错了怎么补救？",
        ),
        (
            ["wms-inbound", "wms-label"],
            "wms-inbound 的托盘标签用的是 DataMatrix 码。",
            "wms-label 补打托盘标签要用什么格式？",
        ),
        # a number long enough to mean one thing (a protocol, a port)
        (
            ["iot-front", "iot-decode"],
            "iot-front 跟网关之间走的是 Modbus TCP，端口 502。",
            "iot-decode 解析 502 端口过来的报文要注意什么？",
        ),
        # English: the word that only the note's module name has
        (
            ["risk-score", "risk-ocr"],
            "risk-ocr now runs PaddleOCR in the cluster.",
            "Which OCR model should risk-score expect scores from?",
        ),
    ],
)
def test_a_note_about_a_sibling_module_that_shares_the_domain_is_injected(
    modules: list[str], note: str, question: str
) -> None:
    doc = _notes_memory(modules, [("n", note[:12], note)])
    assert note_keys(build_context(doc, CHAT, question)) == ["n"]


@pytest.mark.parametrize(
    ("modules", "note", "question"),
    [
        # a technique each module does its own way is no shared subject
        (
            ["shop-pay", "shop-notify"],
            "shop-notify 靠 notify_log 表的唯一索引保证回调幂等。",
            "shop-pay 的回调幂等怎么做？",
        ),
        # words of every project (and the bigram across two of them), short numbers
        (
            ["crm-lead", "crm-contract"],
            "crm-contract 的接口数据都存在 MongoDB，每页 20 条。",
            "crm-lead 的接口数据怎么校验，20 个字段够吗？",
        ),
        (
            ["hr-leave", "hr-payslip"],
            "hr-payslip signs every PDF with the company seal.",
            "How should hr-leave store the leave requests?",
        ),
    ],
)
def test_a_note_about_a_sibling_module_sharing_nothing_specific_is_left_out(
    modules: list[str], note: str, question: str
) -> None:
    doc = _notes_memory(modules, [("n", note[:12], note)])
    assert note_keys(build_context(doc, CHAT, question)) == []


@pytest.mark.parametrize(
    ("question", "note"),
    [
        ("How should push-svc encode the payload it sends?", "We use Protobuf on the wire."),
        ("设备上报的报文用什么编码？", "设备协议统一用 JSON 传输。"),
    ],
)
def test_a_wire_format_answers_a_question_about_encoding(question: str, note: str) -> None:
    doc = _notes_memory([], [("w", note[:12], note)])
    assert note_keys(build_context(doc, CHAT, question)) == ["w"]
