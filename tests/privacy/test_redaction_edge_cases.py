"""Redaction next to other redactions: a secret right after a marker, a value repeated
inside the markers of the text, a marker after a stated password."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from autopatch_memory import privacy
from autopatch_memory.memory import ProjectMemory
from autopatch_memory.privacy import redact
from autopatch_memory.privacy.markers import MARKER_RE

SECRET_AFTER_SECRET = [
    'export OPENAI_API_KEY=sk-proj-abcdefabcdefabcdef12345678 "password=hunter2"',
    "ghp_1234567890abcdefghij1234567890abcdef 'DB_PASSWORD=hunter2'",
    'AKIAZ7Q3HN2MXK4TW9PL "secret=hunter2"',
    'my password is Tr0ub4dor "token=hunter2"',
]


# From the first fresh-eyes bug hunt (a test written before its fix).
@pytest.mark.parametrize("text", SECRET_AFTER_SECRET)
def test_a_quoted_secret_right_after_a_redacted_one_is_redacted_too(repo: Path, text: str) -> None:
    # The first secret's marker ends with a keyword ("[REDACTED:api_key]"); the generic
    # assignment rule matched that keyword, then the quoted text after it as its value,
    # saw it was inside a marker and left the whole match alone: the second secret
    # was stored as it was typed.
    assert "hunter2" not in redact(text)
    with ProjectMemory.open(repo, backend="off") as memory:
        assert memory.record_turn("general_chat", f"why does login fail? {text}") is not None
    stored = (repo / ".autopatch-j" / "memory.json").read_text(encoding="utf-8")
    assert "hunter2" not in stored and "[REDACTED:" in stored


# From the hunt in round E's new code paths (the test that found it).
@pytest.mark.parametrize(
    "text",
    [
        "MYSQL_PASSWORD: secret_value\nAPI_KEY: sk-" + "a" * 40,
        "DB_PASSWORD: aws_access_key\nAWS key AKIAZ7Q3HN2MXK4TW9PL",
        "数据库密码：private_key\n另外 GitHub 令牌 ghp_" + "a1B2" * 9,
    ],
)
def test_a_repeated_value_is_not_replaced_inside_a_marker(text: str) -> None:
    # The value, redacted once, is also a word of a marker's kind: the other markers
    # must stay whole ([REDACTED:kind]), not get a marker nested inside them.
    redacted = privacy.redact(text)
    assert "[REDACTED:[" not in redacted
    assert all(MARKER_RE.fullmatch(m) for m in re.findall(r"\[REDACTED:[^\]]*\]\]?", redacted))


# From the hunt in round E's new code paths (the test that found it).
@pytest.mark.parametrize(
    "text",
    [
        "password=hunter2 and token ghp_" + "a1B2" * 9,
        "my password is hunter2 and the token ghp_" + "a1B2" * 9,
        "测试库密码是 hunter2，另外 token ghp_" + "a1B2" * 9,
    ],
)
def test_the_marker_after_a_stated_password_is_not_read_as_its_value(text: str) -> None:
    # "[R] and token [REDACTED:github_token]": the colon inside the second marker is no
    # "is" before a value; the marker stays whole and keeps its kind.
    redacted = privacy.redact(text)
    assert "[REDACTED:github_token]" in redacted
    assert "[REDACTED:[" not in redacted and "ghp_" not in redacted
