"""What looks like a secret and is none (issue 29 item 10, the sealed set's over-redacted
look-alikes): a placeholder that asks to be replaced or stands in with a word
(``changeme``, ``${DB_PASSWORD:postgres}``), a documentation's example key (AWS's
``…EXAMPLE``), a message or property key holding a secret word (``"password.invalid"``),
a cache key's colon-joined segments (``login:token:<id>``) and the settings of a log line
(``key hash=…``, ``token expired: exp=…``). Each stays as written; a real value in the
same places is still redacted.
"""

from __future__ import annotations

import pytest

from autopatch_memory.privacy import redact

KEPT = [
    # placeholders that ask to be replaced
    "DB_PASSWORD=changeme",
    "jwt.secret=${JWT_SECRET:please-change-me}",
    "POSTGRES_PASSWORD: change_me_in_prod",
    "secret: REPLACE_WITH_YOUR_SECRET",
    "api_key: TO_BE_FILLED",
    "the default password is changeme; you are asked to change it at first login",
    "初始密码是 changeme，首次登录必须修改",
    "GITHUB_TOKEN=<paste your token here>",
    # a placeholder's default made of words: a stand-in for a local run
    "spring.datasource.password=${DB_PASSWORD:postgres}",
    '@Value("${app.jwt.secret:dev-only-secret}")',
    "redis.password=${REDIS_PASSWORD:}",
    # documentation example keys
    "aws_access_key_id = AKIAIOSFODNN7EXAMPLE",
    "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    "AWS 文档里的示例：AKIAI44QH8DHBEXAMPLE / je7MtGbClwBF/2Zp9Utk/h3yCo8nvbEXAMPLEKEY",
    # names holding a secret word
    'private static final String MSG_BAD_PASSWORD = "password.invalid";',
    'String prop = "spring.datasource.password";',
    # cache keys
    "redis-cli GET login:token:9f8e7d6c-5b4a-4f3e-9d2c-1b0a9f8e7d6c",
    "KEYS refresh_token:*",
    "the cache key is apikey:quota:tenant-42:2024-06",
    "缓存 key：user:token:10086",
    # log lines
    "2024-06-03 11:00:00 INFO  ApiKeyRateLimiter - key hash=3f786850e387550fdab836ed7e6dc881de23001b exceeded 100 req/min",
    "WARN  JwtFilter - token expired: exp=1717400000 now=1717403600 kid=2024-06-key-01",
    "2024-06-03 14:02:11 WARN  [网关] 鉴权失败：token 已过期，traceId=7d2c9a1b3e5f4a60",
]

STILL_SECRET = [
    ("spring.datasource.password=${DB_PASSWORD:Pg#local24}", "Pg#local24"),
    ("DB_PASSWORD=changeme2Qx!", "changeme2Qx!"),
    ("aws_access_key_id = AKIAZ7Q3HN2MXK4TW9PL", "AKIAZ7Q3HN2MXK4TW9PL"),
    ('private static final String DB_PASSWORD = "Xk9#mQ2$vL";', "Xk9#mQ2$vL"),
    ("token:Xk9#mQ2$vL8", "Xk9#mQ2$vL8"),
    ("key-store-password: P12-store:pass", "P12-store:pass"),
]


@pytest.mark.parametrize("text", KEPT)
def test_a_look_alike_of_a_secret_is_kept(text: str) -> None:
    assert redact(text) == text


@pytest.mark.parametrize(("text", "secret"), STILL_SECRET, ids=[s for _, s in STILL_SECRET])
def test_a_real_value_in_the_same_place_is_still_redacted(text: str, secret: str) -> None:
    assert secret not in redact(text)
