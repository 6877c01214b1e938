"""Secrets recognised by their own shape, wherever they stand: ``<private>`` blocks, PEM
and bare private keys, JWTs, webhook URLs and AWS secret keys. (Vendor tokens, a fixed
prefix and a body, have a catalogue of their own: :mod:`.vendors`.)

No keyword is needed, so these rules run first.
"""

from __future__ import annotations

import re

from autopatch_memory.lang import lazy_compile
from autopatch_memory.privacy.documented import documented_example
from autopatch_memory.privacy.markers import SecretKind, marker
from autopatch_memory.privacy.replacing import replace_whole, value_group
from autopatch_memory.privacy.rule import RedactionRule
from autopatch_memory.privacy.spelling import compile_bounded, first_char_gate

PRIVATE_BLOCK = RedactionRule(
    id="private-block",
    description="Everything between <private> and </private> (or the end of the text)",
    examples_match=("keep this <private>my home address</private> out", "<PRIVATE>all of it"),
    examples_no_match=("a private repository", "the private key stays on the server"),
    keywords=("<private>",),
    pattern=compile_bounded(r"<private>.*?(?:</private>|\Z)", re.S | re.I),
    replace=replace_whole(SecretKind.PRIVATE_BLOCK),
)
PEM_PRIVATE_KEY = RedactionRule(
    id="pem-private-key",
    description=(
        "A PEM private key block (RSA, EC, OpenSSH, PGP, encrypted), escaped line breaks too"
    ),
    examples_match=(
        (
            "-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEAsiMR8L7pbMU04I\n-----END RSA "
            "PRIVATE KEY-----"
        ),
        (
            '"private_key": "-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBgkqhkiG9w0\\n-----END '
            'PRIVATE KEY-----"'
        ),
        "-----BEGIN OpenVPN Static key V1-----\nfc3858144239eeb4c4d3610bde4616e1\n"
        "-----END OpenVPN Static key V1-----",
    ),
    examples_no_match=(
        "what does -----BEGIN RSA PRIVATE KEY----- mean?",
        (
            "-----BEGIN PUBLIC "
            "KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAu1SU\n-----END PUBLIC KEY-----"
        ),
    ),
    keywords=("-----begin",),
    pattern=compile_bounded(
        # (and an OpenVPN static key, tls-auth's ta.key: "-----BEGIN OpenVPN Static key V1-----")
        r"-----BEGIN (?:OpenVPN Static key V1-----(?=\s{1,8}[0-9a-f]{16}).*?"
        r"(?:-----END OpenVPN Static key V1-----|\Z)"
        r"|[A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----"
        # key material follows (after blanks, escaped line breaks or a header such
        # as "Proc-Type: 4,ENCRYPTED"), not a question about the header
        r"(?=(?:[ \t\r\n\"',]{1,8}|\\[nr]|[\w\-]{1,30}:[^\n]{0,200}\n){0,8}[A-Za-z0-9+/=]{16})"
        r".*?"
        r"(?:-----END[A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----|\Z))",
        re.S,
    ),
    replace=replace_whole(SecretKind.PRIVATE_KEY),
)
# A PuTTY key file (.ppk): its private lines and their MAC. "Private-Lines: N" is followed
# by N lines of base64 (64 a line) and "Private-MAC:" (version 2 and 3) or
# "Private-Hash:" (version 1); pasted from a JSON string, its line breaks are escaped.
_PPK_BREAK = r"(?:\r?\n|\\r\\n|\\n)"
_PPK_BREAK_RE = lazy_compile(_PPK_BREAK)
_PPK_MAC_RE = lazy_compile(r"Private-(?:MAC|Hash):[ \t]*[0-9a-fA-F]{8,128}")


def _putty_private_lines(m: re.Match[str]) -> str:
    """The number of lines the header gives (no more: a line of prose after them may
    look like base64), then the MAC when it follows them."""
    body, count = m.group("lines"), int(m.group("count"))
    breaks = list(_PPK_BREAK_RE.finditer(body))
    end = len(body)  # a file cut short: every line there is
    if len(breaks) > count:
        mac = _PPK_MAC_RE.match(body, breaks[count].end())
        end = breaks[count].start() if mac is None else mac.end()
    head = m.group(0)[: m.start("lines") - m.start()]
    return head + breaks[0].group(0) + marker(SecretKind.PRIVATE_KEY) + body[end:]


PUTTY_PRIVATE_KEY = RedactionRule(
    id="putty-private-key",
    description="The private lines and MAC of a PuTTY key file (.ppk), escaped line breaks too",
    examples_match=(
        "PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\nComment: eddsa-key\n"
        "Public-Lines: 1\nAAAAC3NzaC1lZDI1NTE5AAAAIMx\nPrivate-Lines: 1\n"
        "AAAAIGwq8Zk3LpR7mV2xN9cT4bY6hJ1fD5sQ0eW\nPrivate-MAC: 6f1e9a2b4c7d8e0f3a5b",
        "Private-Lines: 1\\r\\nAAAAIGwq8Zk3LpR7mV2xN9cT4bY6hJ1fD5sQ0eW\\r\\n"
        "Private-MAC: 6f1e9a2b4c7d8e0f3a5b",
    ),
    examples_no_match=(
        "PuTTY-User-Key-File-3 is the format PuTTY 0.75 writes",
        "Private-Lines: says how many lines follow",
    ),
    keywords=("private-lines:",),
    pattern=compile_bounded(
        r"Private-Lines:[ \t]*(?P<count>\d{1,2})[ \t]*(?P<lines>(?:"
        + _PPK_BREAK
        + r"[A-Za-z0-9+/=]{4,128}(?![\w+/=\-:])){1,64}(?:"
        + _PPK_BREAK
        + r"Private-(?:MAC|Hash):[ \t]*[0-9a-fA-F]{8,128})?)"
    ),
    replace=_putty_private_lines,
)


def _jwt(m: re.Match[str]) -> str:
    # jwt.io's example token (its claims say so, whatever its signature) grants nothing
    return m.group(0) if documented_example(m.group(0)) else marker(SecretKind.JWT)


JWT = RedactionRule(
    id="jwt",
    description="A JSON Web Token (three base64url parts, the first two opening with eyJ)",
    examples_match=("Authorization token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.sig-nature_42",),
    examples_no_match=(
        "eyJhbGciOiJIUzI1NiJ9 alone is a header",
        "x.eyJhbGciOiJIUzI1.eyJzdWIiOiIx.abcdefgh",
        # jwt.io's example token
        "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwi"
        "aWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c",
    ),
    keywords=("eyj",),
    pattern=compile_bounded(r"(?<![\w.\-])eyJ[\w-]{8,}\.eyJ[\w-]{8,}\.[\w-]{8,}"),
    replace=_jwt,
)
# A private key's body without its PEM lines, as SDKs take it (Alipay, WeChat Pay):
# base64 of DER that opens with version 0 (PKCS#8 "MII…IBADAN", PKCS#1 "MII…IBAAK",
# EC "MHcCAQEE"/"MIG…AgEA"). A public key opens differently ("MIIBIjAN…").
PRIVATE_KEY_BODY = RedactionRule(
    id="private-key-body",
    description="A private key's base64 body without its PEM lines (PKCS#8, PKCS#1, EC)",
    examples_match=(
        (
            "alipay.private-key=MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7xKp2mW9vL4zN8tR3cB5yH"
        ),
    ),
    examples_no_match=(
        (
            "alipay.public-key=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0"
        ),
    ),
    keywords=("mii", "mhccaqee", "mig"),
    pattern=compile_bounded(
        r"(?<![A-Za-z0-9+/])(?:MII[A-Za-z0-9+/]{3}IBA(?:DAN|AK)|MHcCAQEE|MIG[A-Za-z0-9+/]AgEA)"
        r"(?:[A-Za-z0-9+/]|\\n|\r?\n[ \t]{0,16}){40,8192}={0,2}"
    ),
    replace=replace_whole(SecretKind.PRIVATE_KEY),
)


WEBHOOK_URL = RedactionRule(
    id="webhook-url",
    description=(
        "The secret part of a Slack, Discord, WeCom, Feishu/Lark, Teams or DingTalk webhook URL"
    ),
    examples_match=(
        "https://hooks.slack.com/services/T0000/B0000/XXXXabcd1234",
        "https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=693a91f6-7xxx-4bc4-97a0-0ec2sifa5aaa",
    ),
    examples_no_match=("https://api.slack.com/messaging/webhooks", "hooks.slack.com/services/"),
    keywords=("webhook", "hooks.", "hook/", "dingtalk"),
    pattern=compile_bounded(
        r"(?:hooks\.slack\.com/(?:services|workflows|triggers)/"
        r"|discord(?:app)?\.com/api/webhooks/"
        r"|qyapi\.weixin\.qq\.com/cgi-bin/webhook/send\?key="
        r"|open\.(?:feishu\.cn|larksuite\.com)/open-apis/bot/v2/hook/"
        r"|webhook\.office\.com/webhookb2/|outlook\.office\.com/webhook/"
        r"|oapi\.dingtalk\.com/robot/send\?access_token=)"
        r"(?P<value>[\w@/-]{8,})"
    ),
    replace=value_group(SecretKind.WEBHOOK),
)


AWS_SECRET_KEY_ASSIGNMENT = RedactionRule(
    id="aws-secret-key-assignment",
    description="A 40-character AWS secret access key assigned to a secret-access-key name",
    examples_match=("aws_secret_access_key = kX9mQ2vL7pT4wZ8nR3cB6yH1jF5dS0gA/uE+oI2q",),
    examples_no_match=(
        "aws_secret_access_key = ${AWS_SECRET_ACCESS_KEY}",
        "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    ),
    keywords=("secret",),
    pattern=compile_bounded(
        first_char_gate("AaSs_.\\-")
        + r"(?i:aws)?[_\-.]?(?i:secret)[_\-.]?(?i:access)?[_\-.]?(?i:key)[\"']?"
        r"[ \t]{0,4}[:=][ \t]{0,4}[\"']?(?P<value>[A-Za-z0-9/+=]{40})(?![A-Za-z0-9/+=])"
    ),
    replace=value_group(SecretKind.AWS_SECRET_KEY),  # (an EXAMPLEKEY is no value)
)
_BARE_AWS_SECRET_RE = compile_bounded(
    r"(?<![A-Za-z0-9/+=.\-_])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=.\-_])"
)
_LOWER_WORD_RE = compile_bounded(r"^[a-z]{2,}$")


def _bare_aws_secret(m: re.Match[str]) -> str:
    """40 base64 characters with '/' or '+' and mixed case and digits — unless they
    are a path (``src/main/java/com/acme/…``): path segments are words."""
    text = m.group(0)
    if not ("/" in text or "+" in text) or documented_example(text):
        return text
    before = m.string[: m.start()]
    if before.rfind("-----BEGIN ") > before.rfind("-----END "):
        return text  # a line of a PEM block: a certificate's (a private key's goes whole)
    if not (
        any(c.islower() for c in text)
        and any(c.isupper() for c in text)
        and any(c.isdigit() for c in text)
    ):
        return text
    segments = text.split("/")
    words = sum(1 for s in segments if _LOWER_WORD_RE.match(s))
    if words >= 2 or (text.count("/") >= 3 and "+" not in text):
        return text
    return marker(SecretKind.AWS_SECRET_KEY)


BARE_AWS_SECRET_KEY = RedactionRule(
    id="bare-aws-secret-key",
    description=(
        "A bare run of 40 base64 characters with '/' or '+', mixed case and digits, not a path"
    ),
    examples_match=("the secret is kX9mQ2vL7pT4wZ8nR3cB6yH1jF5dS0gA/uE+oI2q ok",),
    examples_no_match=(
        "the AWS docs' wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
        "src/main/java/com/acme/order/OrderService",
        "0123456789abcdef0123456789abcdef01234567",
        "-----BEGIN CERTIFICATE-----\nMIIB\nkX9mQ2vL7pT4wZ8nR3cB6yH1jF5dS0gA/uE+oI2q\n"
        "-----END CERTIFICATE-----",
    ),
    pattern=_BARE_AWS_SECRET_RE,
    replace=_bare_aws_secret,
)
