"""What looks like a secret and is none (issue 29 item 10, fourth round): a vendor's own
published documentation example (jwt.io's token, by its claims, whatever its signature;
Stripe's test keys, Slack's example tokens and signing secret, Mailgun's sample key, the
Azure Storage emulator's key, GitHub's webhook secret; AWS's ``…EXAMPLE`` keys as
before), a value shown masked (bullets, stars, an ellipsis in its middle), public key
material near a credential keyword (an OpenSSH public key, a DER public key or
certificate in base64, a JWKS). A value of the same vendor format that is not the
published one is still a secret.

The measured set of these classes is tests/data/secrets/own_r4.jsonl; the cases below are
other wordings of the same classes.
"""

from __future__ import annotations

import base64
import json

import pytest

from autopatch_memory.privacy import redact
from autopatch_memory.privacy.documented import PUBLISHED_EXAMPLES, documented_example
from autopatch_memory.privacy.values import public_key_material


def _segment(claims: dict[str, object]) -> str:
    return base64.urlsafe_b64encode(json.dumps(claims).encode()).decode().rstrip("=")


_HS256 = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9"
# jwt.io's token as a reader edits it: its claims stay, the signature is theirs
JWT_IO_EDITED = (
    f"{_HS256}.{_segment({'sub': '1234567890', 'name': 'John Doe', 'iat': 1516239022})}"
    ".Qm7xT2pLw9Zk4Vn8Rb3cTq7Lm2Xz9Wv4Kp8Rn3Bc12"
)
OWN_JWT = (
    f"{_HS256}.{_segment({'sub': '1001', 'name': 'Grader One', 'iat': 1717400000})}"
    ".Qm7xT2pLw9Zk4Vn8Rb3cTq7Lm2Xz9Wv4Kp8Rn3Bc12"
)
_SPKI = "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA" + "q7Lm2Xz9Wv4Kp8Rn3Bc" * 16 + "IDAQAB"

KEPT = [
    # published documentation examples
    f"Authorization: Bearer {JWT_IO_EDITED}",
    'String demo = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6'
    'IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c";',
    "STRIPE_KEY=sk_test_BQokikJOvBiI2HlWgH4olfQ2 # the API reference's sample key",
    "stripe.api_key = 'sk_test_26PHem9AhJZvU623DfE1x4sd'",
    "Stripe 文档的例子：curl https://api.stripe.com/v1/charges -u sk_test_4eC39HqLyjWDarjtT1zdp7dc:",
    'SLACK_BOT_TOKEN="xoxb-17653672481-19874698323-pdFZKVeTuE8sk7oOcBrzbqgy"  # Slack 文档里的',
    "slack.signing-secret=8f742231b10e8888abcd99yyyzzz85a5",
    "mailgun.api-key=key-3ax6xnjp29jd6fds4gc373sgvjxteol0",
    "AccountName=devstoreaccount1;AccountKey=Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2"
    "UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==;",
    'webhook.secret="It\'s a Secret to Everybody"',
    "aws_access_key_id = AKIAIOSFODNN7EXAMPLE",
    # masked values
    "api_key: sk-proj-...Wq3x",
    "密码：●●●●●●●●",
    "client_secret = '••••••••••••'",
    "token: ghp_••••••••••••••••••••••••••••••••Wq3x",
    "password=Gr****24",
    "AccessKeySecret：已隐藏（****9c2a）",
    # public key material
    "deploy key: ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGq7xKp2mW9vL4zN8tR3cB5yH1jF6dS0 ci@runner",
    f"jwt.verify-key={_SPKI}",
    f"公钥 key：{_SPKI}",
    f"The key the gateway verifies tokens with: {_SPKI}",
    "token signing key (public): MCowBQYDK2VwAyEAq7Lm2Xz9Wv4Kp8Rn3BcQm7xT2pLw9Zk4Vn8Rb3cTq7=",
]

FOUND = [
    (f"Authorization: Bearer {OWN_JWT}", OWN_JWT),
    ("STRIPE_KEY=sk_test_51Nq8Tq7Lm2Xz9Wv4Kp8Rn3Bc", "sk_test_51Nq8Tq7Lm2Xz9Wv4Kp8Rn3Bc"),
    ("mailgun key-0ibyyurl65b4kj4hbi6jlvhkpo2drvau", "key-0ibyyurl65b4kj4hbi6jlvhkpo2drvau"),
    (
        "SLACK_BOT_TOKEN=xoxb-804255581971-1773418060502-ESHOfWXRyzE0MFySbJZQE5RY",
        "xoxb-804255581971-1773418060502-ESHOfWXRyzE0MFySbJZQE5RY",
    ),
    ("client_secret = 'Tq7Lm2Xz9Wv4Kp8R'", "Tq7Lm2Xz9Wv4Kp8R"),
    ("password=Gr4d!ng#2024x", "Gr4d!ng#2024x"),
]


@pytest.mark.parametrize("text", KEPT, ids=lambda v: v[:40])
def test_a_published_example_a_masked_value_or_a_public_key_stays(text: str) -> None:
    assert redact(text) == text


@pytest.mark.parametrize(("text", "secret"), FOUND, ids=lambda v: v[:40])
def test_a_value_of_the_same_form_that_is_not_one_is_redacted(text: str, secret: str) -> None:
    assert secret not in redact(text)


def test_every_published_example_is_known_whole() -> None:
    for value in PUBLISHED_EXAMPLES:
        assert documented_example(value)
        assert not documented_example(value[:-1] + ("x" if value[-1] != "x" else "y"))


def test_a_jwt_is_the_documentation_example_by_its_claims_alone() -> None:
    assert documented_example(JWT_IO_EDITED)
    assert not documented_example(OWN_JWT)
    assert not documented_example(f"{_HS256}.notbase64!!.sig")


def test_public_key_material_is_told_by_how_it_opens() -> None:
    assert public_key_material("ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQC7")
    assert public_key_material(_SPKI)
    assert public_key_material("MIIDdzCCAl+gAwIBAgIEq7Lm2Xz9Wv4Kp8Rn3Bc")  # a certificate
    # a private key's body opens otherwise (PKCS#8, PKCS#1)
    assert not public_key_material("MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQ")
    assert not public_key_material("MIIEowIBAAKCAQEAq7Lm2Xz9Wv4Kp8Rn3Bc")
