"""Classes a blind set of pastes showed (a dental-clinic chain's team; tests/data/secrets/
probe_x.jsonl): a secret written a second time another way, a value below another keyword
that a first match took in, an account list whose passwords hold no symbol, a URI without
its scheme, credentials fixed in a provider's constructor — and the look-alikes beside
them that must stay: a value that says it is a test's, a secret store's reference, a
constant holding a header's name, a listing's cursor, a robot account's name.

Each case below is our own wording of a class, in both languages where text is involved.
"""

from __future__ import annotations

import base64
from urllib.parse import quote

import pytest

from autopatch_memory.privacy import redact

PASSWORD = "Qx0kx4#5428ojo"
FULL_WIDTH = "".join(chr(ord(c) + 0xFEE0) for c in PASSWORD)


@pytest.mark.parametrize(
    "other",
    [
        FULL_WIDTH,  # typed with a Chinese IME before switching to half-width
        base64.b64encode(PASSWORD.encode()).decode(),  # a Kubernetes Secret's data
        base64.b64encode(PASSWORD.encode()).decode().rstrip("="),
        quote(PASSWORD, safe=""),  # inside a connection URI
    ],
)
@pytest.mark.parametrize(
    "template",
    [
        "数据库密码是 {password}，另外那个 {other} 也是它，别搞混",
        "db password: {password}\nand the same thing once more: {other}",
    ],
)
def test_a_secret_found_once_goes_in_every_spelling(template: str, other: str) -> None:
    out = redact(template.format(password=PASSWORD, other=other))
    assert PASSWORD not in out and other not in out


def test_a_value_below_a_keyword_that_an_earlier_match_took_in_goes() -> None:
    text = (
        "minio:\n  access-key: AKminio01\n  secret-key:\n"
        "    Q7tuB7iSJs3T0BT9YS7orJh97gENIpurWKGWsyZX\n  bucket: xray-raw"
    )
    assert "Q7tuB7iSJs3T0BT9YS7orJh97gENIpurWKGWsyZX" not in redact(text)


@pytest.mark.parametrize(
    "text",
    [
        "公共测试账号如下：\n  运营后台 admin-uat / yaKe!4w28w9666\n  医生端 doctor01 / weiXiao_0hhk8888",
        "Shared UAT logins:\n  back office ops-uat / Rk!29xq77Lm\n  front desk desk01 / deskUser_77ab9",
    ],
)
def test_every_password_of_an_account_list_goes_when_one_of_them_did(text: str) -> None:
    out = redact(text)
    assert "weiXiao_0hhk8888" not in out and "deskUser_77ab9" not in out
    assert "doctor01" in out or "desk01" in out  # the user names stay


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("mysqlsh --uri 'clusteradmin:Pulpg8Ss%2FaxT%25297@10.0.2.31:3306'", "Pulpg8Ss%2FaxT"),
        ("本地连一下 root:Sh3ll#pw9@localhost:3306 看看", "Sh3ll#pw9"),
    ],
)
def test_a_password_of_a_uri_without_its_scheme_goes(text: str, secret: str) -> None:
    assert secret not in redact(text)


def test_credentials_fixed_in_a_providers_constructor_go() -> None:
    text = 'new StaticSessionCredentialsProvider("smiler4l2i2gb7tq", "yi2LoPLSzpMXiZI1");'
    assert "yi2LoPLSzpMXiZI1" not in redact(text)


@pytest.mark.parametrize(
    "text",
    [
        # a value that says it is a test's
        'String fakeSecret = "test-secret-not-real-0000";',
        'new WxMaJscode2SessionResult("mock-session-key", "o_mock_openid_001", null)',
        # where a secret store keeps it
        "spring.datasource.password=${kms:acs/rds/appointment-prod#password}",
        "db.password=${ssm:/clinic/prod/db-password}",
        # a constant that holds a header's name
        'public static final String AUTHORIZATION = "Authorization";',
        # a listing's cursor
        '{"items": [], "nextToken": "eyJjcmVhdGVkQXQiOiIyMDI0LTA1LTE2In0="}',
        # a robot account's name, the user its secret goes with
        "k8s 的 pull secret 用的是 robot$smilechain+k8s-pull 还是 robot$smilechain+jenkins？",
        # a mail address is no user and password
        "mailto:ops2024@example.com:25",
    ],
)
def test_look_alikes_of_these_classes_stay(text: str) -> None:
    assert redact(text) == text


# Classes of a second blind set (a smart-farming drone company; tests/data/secrets/probe_y.jsonl).


@pytest.mark.parametrize(
    "text",
    [
        "data:\n  password: SXFDRXYyaW5iUTdPeUc2SU1uVjc=\n我拿 IqCEv2inbQ7OyG6IMnV7 去 PG 上试了一下，能连",
        "data:\n  password: SXFDRXYyaW5iUTdPeUc2SU1uVjc=\ntried IqCEv2inbQ7OyG6IMnV7 against PG, works",
    ],
)
def test_what_a_redacted_base64_value_says_goes_too(text: str) -> None:
    out = redact(text)
    assert "IqCEv2inbQ7OyG6IMnV7" not in out and "SXFDRXYy" not in out


@pytest.mark.parametrize(
    "text",
    [
        "Twilio auth token (billing SMS 用的那个 subaccount):\n\nb067cb3b331264c450d95603c81682a6",
        "influx 的 token（终端里复制出来折行了）：\nCul06PAFDNZjJGVuKeLfaFALdREGojeTihzqESUy",
    ],
)
def test_a_value_below_a_label_with_a_note_in_brackets_goes(text: str) -> None:
    out = redact(text)
    assert "b067cb3b331264c450d95603c81682a6" not in out and "Cul06PAFDNZj" not in out


@pytest.mark.parametrize(
    "text",
    [
        "只读账号改成证书认证了，连接串不带密码：jdbc:postgresql://pg.internal:5432/fm?user=analyst",
        "这个库没有密码：jdbc:h2:mem:testdb;MODE=MySQL",
    ],
)
def test_a_secret_said_to_be_absent_leaves_what_follows(text: str) -> None:
    assert redact(text) == text


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        (
            'object DrmKeys {\n    const val CONTENT_KEK = "17c55f6d12bc2f012092bcc3d5fe4d9e"\n}',
            "17c55f6d12bc",
        ),
        ("dek: 9f2c4e7a1b3d5f6089a7c2e4b6d8f0a1", "9f2c4e7a1b3d"),
        ("Enter password:\n$ Ember!57fsW.\nbash: Ember!57fsW.: command not found", "Ember!57fsW."),
        ("请输入密码：\n$ Qz7#kLm2pX\nzsh: command not found: Qz7#kLm2pX", "Qz7#kLm2pX"),
    ],
)
def test_a_key_encryption_key_and_a_password_typed_at_the_prompt_go(text: str, secret: str) -> None:
    # Classes of a third blind set (an e-book lending platform; tests/data/secrets/probe_z.jsonl).
    assert secret not in redact(text)
