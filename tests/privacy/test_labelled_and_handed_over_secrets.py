"""A secret away from its keyword (issue 29 item 10, the next_line_value and prose_en
classes of the sealed set's misses): the value alone on the line below a label that names
it ("Password:", "redis 密码：", "**Admin password**"), and a value handed over a sentence
or two after the one that names it ("… reset the admin password. Here it is: X", "…
密码上周改了。新的是 X"). What a label or a later sentence says about a secret without
giving it stays.

The measured set of these classes is tests/data/secrets/own_r3.jsonl; the cases below are
other wordings of the same classes.
"""

from __future__ import annotations

import pytest

from autopatch_memory.privacy import redact

LABELLED = [
    ("Login: deploy-bot\nPassword:\nDb2024x#", "Db2024x#"),
    ("Password:\r\nq7Lm2xPz9\r\n", "q7Lm2xPz9"),
    ("MinIO secret\n\nminio4Ops2024", "minio4Ops2024"),
    ("### Grafana admin password\n\n`graf9Adm!n`", "graf9Adm!n"),
    ("spring:\n  rabbitmq:\n    password:\n      mq7Rabbit24", "mq7Rabbit24"),
    ("the SFTP password is below\nsftp8Drop#", "sftp8Drop#"),
    ("测试库 root 密码：\nRoot2024db", "Root2024db"),
    ("堡垒机口令如下\n  Jump#2024x", "Jump#2024x"),
    ("VPN_PASSWORD=\nvpn9Office", "vpn9Office"),
]

LABEL_LOOK_ALIKES = [
    "Password:\nsee the vault entry 'prod-db'",
    "Password:\nMust be at least 8 characters",
    "密码：\n找运维要",
    "Token\nv2.3.1",
    "Token\nTokenRefreshScheduler2",
    "Secret\nMY_APP_CONFIG_PATH",
    "password:\n  ${DB_PASSWORD}",
    "API key\napi-gateway.yaml",
    "Password\nForgot your password? Click here to reset it.",
    "| key | value |\n|---|---|\ncache key\norder2024",
]

HANDED_OVER = [
    (
        "We had to rebuild the Jenkins controller, so the admin password changed. "
        "Here you go: Jk8#ctrl2Lm",
        "Jk8#ctrl2Lm",
    ),
    (
        "The Sonar token from last sprint was revoked. The new one is sqa9Xk2mQ7pL4vT8wZ3n",
        "sqa9Xk2mQ7pL4vT8wZ3n",
    ),
    (
        "About the keystore password: I changed it after the audit; it's now Ks7%Store2x.",
        "Ks7%Store2x",
    ),
    ("Need the staging DB credentials? Sure. Try Pg5$stage9L", "Pg5$stage9L"),
    ("SMTP creds got rotated yesterday. You can sign in with Mail@OpsTeam now", "Mail@OpsTeam"),
    (
        "The webhook secret was regenerated. The full value is whk9Xq2mL7pZ4vT8nR3c",
        "whk9Xq2mL7pZ4vT8nR3c",
    ),
    ("Redis 的密码上周被安全组强制改了，我在群里找到了。新的是 Rd7#cache2x，别外传", "Rd7#cache2x"),
    ("令牌过期了，我在控制台重新生成了一个。给你：tkQ8mZ2xK9pL4vT7wN3c", "tkQ8mZ2xK9pL4vT7wN3c"),
]

HANDED_OVER_LOOK_ALIKES = [
    "We rotated the token. Here it is: the stack trace of the failing refresh.",
    "The password policy changed. Try ./gradlew --refresh-dependencies first.",
    "The token TTL changed. It's now 3600s.",
    "The password check moved to a filter. Use PasswordFilter instead of the interceptor.",
    "Here it is: 9fK2mQ7xLp3vT8wZ4nR6 (nothing named a secret before it)",
    "The token is in Vault.\n\nHere it is: kQ8mZ2xK9pL4vT7wN3cB (another paragraph)",
    "<name>Job-Token</name>\n<value>${CI_JOB_TOKEN}</value>",
    "令牌的有效期改了，现在是 7200 秒",
    "密码策略改了：至少 12 位。新的是下周一生效",
]


@pytest.mark.parametrize(("text", "secret"), LABELLED, ids=[s for _, s in LABELLED])
def test_a_value_alone_below_a_label_naming_a_secret_is_redacted(text: str, secret: str) -> None:
    out = redact(text)
    assert secret not in out and "[REDACTED:" in out


@pytest.mark.parametrize("text", LABEL_LOOK_ALIKES)
def test_what_follows_a_label_and_is_no_value_is_kept(text: str) -> None:
    assert redact(text) == text


@pytest.mark.parametrize(("text", "secret"), HANDED_OVER, ids=[s for _, s in HANDED_OVER])
def test_a_secret_handed_over_after_the_sentence_naming_it_is_redacted(
    text: str, secret: str
) -> None:
    out = redact(text)
    assert secret not in out and "[REDACTED:" in out


@pytest.mark.parametrize("text", HANDED_OVER_LOOK_ALIKES)
def test_handing_over_words_without_a_secret_are_kept(text: str) -> None:
    assert redact(text) == text


def test_a_value_cut_by_the_window_is_read_whole() -> None:
    # a long remark puts the value across the edge of the window read after the keyword
    text = (
        "So the access token we got back from the OAuth flow (after the consent screen, and "
        "after the redirect to localhost) was 0tf1TBdcIQFZyjWyhmrhYd and it expires soon."
    )
    out = redact(text)
    assert "0tf1TBdcIQFZyjWyhmrhYd" not in out and "hYd" not in out
