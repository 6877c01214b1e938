"""Search across the two languages through the real command line (issue 30, item 8):
the words the memory context maps between Chinese and English, and the name of a kind
of choice, find what the query's own words miss.

(Before, ``search language`` found neither language rule, and ``/search 延迟队列`` missed
the note that says "delayed queue" once a Chinese note matched by its words.)
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_process import run_cli

from autopatch_memory import ProjectMemory


@pytest.fixture
def remembered(repo: Path) -> dict[str, str]:
    with ProjectMemory.open(repo, backend="off") as memory:
        texts = {
            "zh_rule": ("Always answer in Chinese.", "rule"),
            "en_comments": ("以后代码注释请用英文写", "rule"),
            "junit": ("Use JUnit 5 for every new test.", "rule"),
            "delayed_en": ("Refund requests go through the delayed queue (delay level 3).", "note"),
            "delayed_zh": ("订单超时关闭用的是延迟队列", "note"),
            "redis": ("The session store is Redis.", "note"),
            # languages besides the two the memory itself speaks
            "ja_rule": ("Reply in Japanese from now on.", "rule"),
            "de_rule": ("以后用德语回答", "rule"),
        }
        return {
            key: str(memory.remember(text, kind=kind).item_id)
            for key, (text, kind) in texts.items()
        }


def search(repo: Path, text: str) -> list[str]:
    done = run_cli("search", str(repo), text, "--json")
    assert done.returncode == 0, done.stderr
    return [hit["id"] for hit in json.loads(done.stdout)]


def test_a_kind_of_choice_finds_the_rules_that_make_one(
    repo: Path, remembered: dict[str, str]
) -> None:
    language_rules = {remembered[key] for key in ("zh_rule", "en_comments", "ja_rule", "de_rule")}
    assert set(search(repo, "language")) == language_rules
    assert set(search(repo, "语言")) == language_rules


def test_a_word_finds_its_translation_beside_its_own_language(
    repo: Path, remembered: dict[str, str]
) -> None:
    # The words find the note in their language first, the concept the other one after.
    assert search(repo, "延迟队列") == [remembered["delayed_zh"], remembered["delayed_en"]]
    assert search(repo, "delayed queue") == [remembered["delayed_en"], remembered["delayed_zh"]]


def test_the_chat_search_finds_it_too(repo: Path, remembered: dict[str, str]) -> None:
    done = run_cli("chat", str(repo), input="/search 延迟队列\n/exit\n")
    assert done.returncode == 0, done.stderr
    assert remembered["delayed_en"] in done.stdout and remembered["delayed_zh"] in done.stdout
    assert remembered["redis"] not in done.stdout
