"""Secrets of fixed forms the sealed set's writer used and the rules did not know (issue 29
item 10): a session cookie made in code, exported as JSON, saved in a cookie file or named
in a sentence; the key of a Sentry DSN; the private lines of a PuTTY key file; recovery
codes in a numbered or bulleted list, or "scratch codes"; vendor token formats. What has
their look and is none stays.

The measured set of these classes is tests/data/secrets/own_r3.jsonl; the cases below are
other wordings of the same classes.
"""

from __future__ import annotations

import pytest

from autopatch_memory.privacy import redact
from autopatch_memory.privacy.vendors import TOKEN_RULES

FOUND = [
    # session cookies
    ('Cookie session = new Cookie("SESSION", "ZGY4NmE0YjQtOTk3Mi00");', ["ZGY4NmE0YjQtOTk3Mi00"]),
    (
        'mockMvc.perform(get("/cart").cookie(new Cookie("JSESSIONID", "9C1D7E3B5A2F4C6E8D0B")))',
        ["9C1D7E3B5A2F4C6E8D0B"],
    ),
    ('[{"name": "remember_me", "value": "Zq8mKd2xLp9Wv4nT7rB3"}]', ["Zq8mKd2xLp9Wv4nT7rB3"]),
    (
        "#HttpOnly_.shop.local\tTRUE\t/\tTRUE\t1767225600\tSESSION\tNjQ2ZTk5YzEtZTg",
        ["NjQ2ZTk5YzEtZTg"],
    ),
    ("login.jsp;jsessionid=A1B2C3D4E5F60718293A4B5C6D7E8F90", ["A1B2C3D4E5F60718293A4B5C6D7E8F90"]),
    (
        "F12 里看到的 cookie 是 PHPSESSID=q8mzk2xl9pv4tw7n3cb6；还在有效期内",
        ["q8mzk2xl9pv4tw7n3cb6"],
    ),
    # Sentry DSN keys
    (
        "sentry.dsn=https://0f9e8d7c6b5a49382716afbecd504132@o451.ingest.sentry.io/5567",
        ["0f9e8d7c6b5a49382716afbecd504132"],
    ),
    (
        "监控接的 DSN：https://a1b2c3d4e5f60718293a4b5c6d7e8f90@sentry.mall.cn/3",
        ["a1b2c3d4e5f60718293a4b5c6d7e8f90"],
    ),
    # PuTTY key files
    (
        "PuTTY-User-Key-File-2: ssh-rsa\nEncryption: none\nComment: ci\nPublic-Lines: 1\n"
        "AAAAB3NzaC1yc2EAAAADAQABAAABAQC7\nPrivate-Lines: 2\n"
        "AAABAHq8mZ2xK9pL4vT7wN3cB6yH1jF5dS0gAu2Qm8vT2xK9pL4vT7wN3cB6yH1j\n"
        "F5dS0gAu2Zq8mKd2xLp9Wv4nT7rB3cY6hJ1fQ0sA\nPrivate-MAC: 3c9a1e7b5d4f60a8e2c4b6d8f0a1c3e5",
        [
            "AAABAHq8mZ2xK9pL4vT7wN3cB6yH1jF5dS0gAu2Qm8vT2xK9pL4vT7wN3cB6yH1j",
            "3c9a1e7b5d4f60a8e2c4b6d8f0a1c3e5",
        ],
    ),
    # recovery codes
    (
        "Backup codes:\n1. 4821-7730\n2. 9902-1184\n3. 3378-5521",
        ["4821-7730", "9902-1184", "3378-5521"],
    ),
    ("emergency scratch codes\n  71829304\n  66120495", ["71829304", "66120495"]),
    (
        "GitLab 恢复码（只能用一次）：\n* 7c3e9a1b5d2f4e60\n* 0a8b6c4d2e1f3a59",
        ["7c3e9a1b5d2f4e60", "0a8b6c4d2e1f3a59"],
    ),
]

KEPT = [
    'Cookie theme = new Cookie("theme", "dark-mode");',
    '{"name": "locale", "value": "zh-CN"}',
    ".shop.local\tTRUE\t/\tFALSE\t1767225600\tlang\ten-US",
    "the JSESSIONID cookie is HttpOnly and Secure",
    "sentry.dsn=${SENTRY_DSN}",
    "DSN 格式：https://<key>@<org>.ingest.sentry.io/<project>",
    "Private-Lines: is followed by the private key's lines",
    "recovery codes: regenerate them under Settings > Security",
    "状态码：200, 201, 204",
]


@pytest.mark.parametrize(("text", "secrets"), FOUND, ids=[s[0][:16] for _, s in FOUND])
def test_a_secret_of_a_fixed_form_is_redacted(text: str, secrets: list[str]) -> None:
    out = redact(text)
    for secret in secrets:
        assert secret not in out, out


@pytest.mark.parametrize("text", KEPT)
def test_its_look_alike_is_kept(text: str) -> None:
    assert redact(text) == text


def test_a_putty_key_keeps_its_public_lines_and_loses_only_the_announced_private_lines() -> None:
    text = (
        "Public-Lines: 1\nAAAAC3NzaC1lZDI1NTE5AAAAIMx\nPrivate-Lines: 1\n"
        "AAAAIGwq8Zk3LpR7mV2xN9cT4bY6hJ1fD5sQ0eW\nPrivate-MAC: 6f1e9a2b4c7d8e0f3a5b\nThanks"
    )
    out = redact(text)
    assert "AAAAC3NzaC1lZDI1NTE5AAAAIMx" in out and out.endswith("\nThanks")
    assert "AAAAIGwq8Zk3" not in out and "6f1e9a2b" not in out


@pytest.mark.parametrize(
    "rule_id",
    [
        "heroku-api-key",
        "openshift-user-token",
        "hubspot-private-app-token",
        "tailscale-key",
        "aws-session-token",
        "alibaba-sts-token",
        "1password-secret-key",
        "jetbrains-permanent-token",
        "teamcity-access-token",
        "bitbucket-server-token",
    ],
)
def test_the_catalogue_holds_the_formats_java_teams_paste(rule_id: str) -> None:
    rule = next(r for r in TOKEN_RULES if r.id == rule_id)
    for example in rule.examples_match:
        assert redact(example) != example
