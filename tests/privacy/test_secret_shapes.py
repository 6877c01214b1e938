"""Secrets found by their shape, not only by their sentence (issue 29 item 10): a
secret-shaped value near a credential keyword (across a line break, a few words away), a
password named with a verb in between, a secret split in two, full-width input; what
looks like one and is not stays; and the new rules stay linear and idempotent.

The measured set of these classes is tests/data/secrets/shapes.jsonl; the cases below
are other wordings of the same classes, written after it.
"""

from __future__ import annotations

import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from autopatch_memory.privacy import MARKER_RE, redact

SECRETS = [
    (
        "the bot token, which I regenerated after the leak:\n  Rq8mZ2xK9pL4vT7wN3cB",
        "Rq8mZ2xK9pL4vT7wN3cB",
    ),
    ("Jenkins credentials for the nightly job ->  Nt7#Qp2!Lm9x", "Nt7#Qp2!Lm9x"),
    ("oh and the secret, in case you need it again: wX3kP9qL2mZ7vN4tR8yB", "wX3kP9qL2mZ7vN4tR8yB"),
    ("接口的 token 我记一下\n  aP3xQ9mL2kZ7wV4nT8rB", "aP3xQ9mL2kZ7wV4nT8rB"),
    ("这是测试环境 Redis 的密码，别告诉别人 Rt5@Mq9!Lz", "Rt5@Mq9!Lz"),
    ("> password\n> Xx7!kQ2#pLm", "Xx7!kQ2#pLm"),
    ("ＡＰＩ＿ＫＥＹ＝ｋ９Ｑ２ｍＸ７ｐＬ４ｖＴ８ｗＺ３", "ｋ９Ｑ２ｍＸ７ｐＬ４ｖＴ８ｗＺ３"),
    ("密码：Ｍｙ＠Ｐａｓｓ２０２５", "Ｍｙ＠Ｐａｓｓ２０２５"),
    ("the root password was reset last night to Rn8$Kq2Wxz", "Rn8$Kq2Wxz"),
    ("MongoDB 管理员密码已经修改为 Mg3#Ad9Kqp 了", "Mg3#Ad9Kqp"),
    ("they bumped the SMTP password to Sm7!Tp2Qwz", "Sm7!Tp2Qwz"),
    ("管理员密码被重置成了 Ad5%Rs8Lmq", "Ad5%Rs8Lmq"),
    ("the password got changed to hunter22", "hunter22"),
    ("The admin password has been rotated to hunter22", "hunter22"),
    ("the token was rotated last night to tk_abc123", "tk_abc123"),
    ("数据库密码昨天改为了 hunter22", "hunter22"),
    ('String pwd = "Ab3#" + "Cd5$Ef7";', "Cd5$Ef7"),
    ("密码分两次发：第一部分 Qw3#Er，第二部分 Ty5!Ui", "Ty5!Ui"),
    ("the webhook secret (second half): Hk4mQ9xL2pZ7", "Hk4mQ9xL2pZ7"),
    (
        "linear token: lin_api_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8s9T0",
        "lin_api_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8s9T0",
    ),
]

LOOK_ALIKES = [
    "the token endpoint is\n/oauth2/token",
    "password:\n  must be at least 12 characters",
    "secret scanning found 0 issues in commit 3f2c1a9e8b7d6c5f4e3a2b1c0d9e8f7a6b5c4d3e",
    "the key we use for staging is rotated every 90 days by the Vault agent",
    "API key for the map service -- ask Li Wei, she has it",
    "token 刷新逻辑在 TokenRefreshFilter2 里",
    "密码：\n  - 至少 12 位\n  - 必须包含数字",
    "密钥指纹 SHA256:Kq9xLm2vT8wZ4nR6yB1cQ7pL3vZ8nB6yR1cJ0aX",
    "implementation 'com.google.crypto.tink:tink:1.13.0' // for the token encryption",
    "the secret is that the cache warms up in 3 seconds",
    "token: ${{ secrets.GITHUB_TOKEN }}",
    "password hash: $2a$10$N9qo8uLOickgx2ZMRZoMyeIjZAgcfl7p92ldGxad68LJZdL17lhWy",
    "the API key header is X-Api-Key, see docs/api.md",
    "前半段 token 校验，后半段权限校验",
    'String path = "/api/v1/" + "token/refresh";',
    "token usage: 15234 prompt, 832 completion",
    "token_type: Bearer\nexpires_in: 7200",
    "keystore password policy: rotate yearly",
    "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQC7xKp2mW9vL4zN8tR3cB5yH1jF6dS0aQ9e deploy key",
    "key: value pairs are separated by a colon",
    "the password field should be masked as ********",
    "Key ID: 7A1C2B3D4E5F6071, created 2024-01-01",
    "the token looks like ghp_ followed by 36 characters",
    "docker image sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08 holds the scanner",
    "password reset link: https://acme.io/reset?code=Xk9mQ2",
    "API 密钥长度是 32 位，格式为 sk- 开头",
    "the credentials file is ~/.aws/credentials",
    "new password must differ from the last 5 passwords",
    "密码已经改成了用 Vault 动态生成",
    "the password was set to expire in 90 days",
    "the password was changed to meet the policy",
    "a PyPI upload token (pypi-AgEIcHlwaS5vcmc…)",
    "alipay.public-key=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAz8kz",
    "mongodb://${MONGO_USER}:${MONGO_PASS}@mongo:27017/museum?authSource=admin",
    "secret: sk-your-key-here",
]


@pytest.mark.parametrize(("text", "secret"), SECRETS, ids=[s for _, s in SECRETS])
def test_a_secret_of_these_classes_is_redacted(text: str, secret: str) -> None:
    out = redact(text)
    assert secret not in out, out
    assert redact(out) == out


@pytest.mark.parametrize("text", LOOK_ALIKES)
def test_a_look_alike_of_these_classes_is_kept(text: str) -> None:
    assert redact(text) == text


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("the Redis password got updated to Rd5%Tq8mXz after the incident", "got updated to"),
        ("The admin password has been rotated to hunter22", "has been rotated to"),
        ("数据库密码改成了 Lk9$mNq2Xp", "改成了 "),
        ("I reset the root password to Rt7!pQ9xLm yesterday", "reset the root password to "),
    ],
)
def test_a_verb_between_the_password_and_its_value_is_kept(text: str, kept: str) -> None:
    out = redact(text)
    assert kept in out and out.count("[REDACTED:") == 1, out


def test_a_secret_in_two_parts_loses_both() -> None:
    out = redact("the password is in two parts: first half Bq7#Lm2, second half Xz9!Vn4.")
    assert "Bq7#Lm2" not in out and "Xz9!Vn4" not in out and out.endswith(".")
    out = redact('String apiKey = "k9Xq2Lm7" + "pVz4Kt8Wn3" + "Qa1Zs2Wx";')
    assert MARKER_RE.sub("", out) == 'String apiKey = "" + "" + "";', out


# A keyword, then runs of every character a value or its surroundings is made of.
_UNITS = [
    "the token is\n",
    "password:\n  ",
    "密码：\n",
    "token " + "k9Q2mX7pL4vT8wZ3" * 4,
    "前半段 ",
    "first half Bq7#Lm2, ",
    '"[REDACTED:secret_value]" + ',
    '" + "',
    "client-key-data: ",
    "private_key_id",
    "ｐａｓｓｗｏｒｄ＝",
    "key " + "a" * 300,
    "secret \n\n",
]


@pytest.mark.parametrize("unit", _UNITS, ids=repr)
def test_the_new_rules_are_linear_on_adversarial_input(unit: str) -> None:
    size = 256 * 1024
    text = (unit * (size // len(unit) + 1))[:size]
    redact.cache_clear()
    started = time.thread_time()
    redact(text)
    assert time.thread_time() - started < 3.0


_FRAGMENTS = st.sampled_from(
    [
        *("the token is", "\n", "\n\n", "  ", "password:", "密码：", "token", "key ", "secret"),
        *("9fK2mQ7xLp3vT8wZ4nR6yB1c", "Xk9#mQ2$vLp8", "ｋ９Ｑ２ｍＸ７", "ｐａｓｓｗｏｒｄ＝", "，"),
        *('"', " + ", '"Qm8vT2xK"', "前半段 ", "后半段 ", "first half ", "second half ", ", "),
        *("client-key-data: ", "LS0tLS1CRUdJTiBFQyBQ", '"private_key_id": ', "was changed to "),
        *("改成了 ", "[REDACTED:secret_value]", "sha256:", "id ", "public key ", "…", "-- "),
    ]
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.one_of(_FRAGMENTS, st.text(max_size=4)), max_size=14).map("".join))
def test_redacting_any_mix_of_the_new_pieces_is_a_fixed_point(text: str) -> None:
    once = redact(text)
    assert redact(once) == once
    assert once.count("[REDACTED:") == len(MARKER_RE.findall(once))
