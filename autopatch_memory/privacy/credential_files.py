"""Fields of credential files pasted whole that no generic rule reads as secret, because
their name does not end with a secret word: a service-account key file's
``private_key_id`` and a kubeconfig's ``client-key-data``.

The other secret fields of such files (``private_key``, a kubeconfig user's ``token``,
``.npmrc``'s ``_authToken``/``_auth``/``_password``, ``settings.xml``'s ``<password>``
and ``<passphrase>``, an AWS credentials file's keys) are found by the rules of their
syntax; ``tests/privacy/test_credential_files.py`` checks every field of each file goes
and nothing else does. A file named for a secret and printed whole (``cat keyfile``) loses
its key lines.
"""

from __future__ import annotations

import re

from autopatch_memory.privacy.markers import MARKER_PREFIX, SecretKind
from autopatch_memory.privacy.replacing import replace_lines, value_group
from autopatch_memory.privacy.rule import RedactionRule
from autopatch_memory.privacy.spelling import compile_bounded
from autopatch_memory.privacy.values import key_id_like, random_looking

SERVICE_ACCOUNT_KEY_ID = RedactionRule(
    id="service-account-key-id",
    description="The private_key_id of a cloud service-account JSON key file (the id of its key)",
    examples_match=('  "private_key_id": "3f9c0d8e7b6a5f4e3d2c1b0a9f8e7d6c5b4a3f2e",',),
    examples_no_match=('"private_key_id": "${KEY_ID}"', '"client_id": "104857392011223344556"'),
    keywords=("private_key_id",),
    pattern=compile_bounded(
        r"[\"']private_key_id[\"'][ \t]*:[ \t]*[\"'](?P<value>[0-9A-Za-z_\-]{16,128})[\"']"
    ),
    replace=value_group(SecretKind.CLOUD_ACCESS_KEY),
)
# The id half of a cloud key pair, named so in any syntax: rclone's and an INI file's
# "access_key_id = X", "aws configure set aws_access_key_id X", "AccessKeyId: X" (the
# labelling rules count it a secret; AWS's own AKIA ids have a rule of their shape).
_ACCESS_KEY_ID_RE = compile_bounded(
    r"(?<![A-Za-z])(?i:[\w.\-]{0,24}access[-_.]?key[-_.]?id)[\"']?"
    r"(?:[ \t]*[:=＝][ \t]*|[ \t]+)[\"']?(?P<value>[A-Za-z0-9]{16,64})(?![\w/+=\-.])"
)


def _key_id_shaped(value: str) -> bool:
    """A key id's shape, and not a class's name of words ("StsAssumeRoleProviderV2")."""
    return not re.search(r"[A-Z][a-z]{3,}[A-Z][a-z]{3,}", value) and key_id_like(value)


ACCESS_KEY_ID = RedactionRule(
    id="access-key-id",
    description=(
        "The value of a key named access key id (access_key_id = X, aws_access_key_id X,"
        " AccessKeyId: X) when it has a key id's shape"
    ),
    examples_match=(
        "access_key_id = HPUANQLRZK59ZFCUGKA6",
        "aws configure set aws_access_key_id NF9E34XXLL2IHO1V7BGM --profile minio-prod",
        '"AccessKeyId": "STS9Q2MX7PL4VT8WZ3K5"',
    ),
    examples_no_match=(
        "access_key_id = ${MINIO_ACCESS_KEY_ID}",
        "the access key id is shown in the console",
        "access_key_id = minio-admin-user",
        "AccessKeyId: StsAssumeRoleProviderV2",
    ),
    keywords=("access",),
    pattern=_ACCESS_KEY_ID_RE,
    replace=value_group(SecretKind.CLOUD_ACCESS_KEY, check=_key_id_shaped),
)


KUBECONFIG_CLIENT_KEY = RedactionRule(
    id="kubeconfig-client-key",
    description="A kubeconfig user's client-key-data: a private key in base64, cut short or whole",
    examples_match=(
        "    client-key-data: LS0tLS1CRUdJTiBFQyBQUklWQVRFIEtFWS0tLS0tCk1IY0NBUUVFSUxx",
        '"client-key-data": "LS0tLS1CRUdJTiBSU0EgUFJJVkFURSBLRVktLS0tLQpNSUlF"',
    ),
    examples_no_match=(
        "    client-certificate-data: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0t",
        "    client-key: /etc/kubernetes/pki/admin.key",
    ),
    keywords=("client-key-data",),
    pattern=compile_bounded(
        # (the whole run of base64 characters: a value pasted twice over holds "=" inside)
        r"client-key-data[\"']?[ \t]*:[ \t]*[\"']?(?P<value>[A-Za-z0-9+/][A-Za-z0-9+/=]{15,65535})"
    ),
    replace=value_group(SecretKind.PRIVATE_KEY),
)


# A file named for a secret, printed whole: "$ cat /etc/mongo/keyfile", "cat
# /run/secrets/pulsar_token", then its content, one or more lines of key characters.
_PRINTED_KEY_FILE_RE = compile_bounded(
    r"(?:^|\n)[ \t]{0,8}(?:\$[ \t]{0,4})?(?:sudo[ \t]+)?(?:cat|more|less|head|tail)[ \t]+"
    r"(?![^\s|;&]{0,200}(?:\.git/|\.sha\d*\b|\.md5\b))"
    r"[^\s|;&]{0,200}(?<![A-Za-z])(?i:key(?:file)?|secret|token|password|passwd|credential)s?(?![a-z])"
    r"[^\s|;&/]{0,64}[ \t]*\n"
    r"(?P<value>(?:(?:\[REDACTED:[a-z_]{1,32}\]|[A-Za-z0-9+/=_\-.]{16,8192})(?:\n|\Z)){1,16})"
)


def _printed_key_file(m: re.Match[str]) -> str:
    return replace_lines(
        m,
        "value",
        SecretKind.PRIVATE_KEY,
        lambda line: not line.startswith(MARKER_PREFIX) and _key_line(line),
    )


def _key_line(line: str) -> bool:
    """Key characters, not words: letters and digits drawn at random (a line of a token
    cut by the terminal may start with "-"); not a digest's hex (32, 40 or 64 of it)."""
    if _DIGEST_RE.match(line):
        return False
    return random_looking(line.lstrip("-"))


_DIGEST_RE = re.compile(r"^(?:[0-9a-f]{32}|[0-9a-f]{40}|[0-9a-f]{64})(?:\s.*)?$")


PRINTED_KEY_FILE = RedactionRule(
    id="printed-key-file",
    description=(
        "The content of a file named for a secret printed with cat (a MongoDB keyfile, a Docker"
        " secret)"
    ),
    examples_match=(
        "$ cat /etc/mongo/keyfile\nq8L2vX9mT4kP7zW1nB5cY3hJ6fG0sAx4Cv7Bn2Mq9Lw5Kp8Jr3Ht6Gf1Ds0Ae\n",
        "cat /run/secrets/api_token\nTk9xQ2vL7mP4zR8wYb3nHc6\n",
    ),
    examples_no_match=(
        "$ cat /etc/hosts\n127.0.0.1 localhost\n",
        "$ cat keys.txt\nREADME_SECTION_HEADER_PLACEHOLDER\n",
        "$ cat keycloak-24.0.5.zip.sha256\n"
        "8c1f0a3b5d7e9f2146a8c0e2b4d6f8a1c3e5b7d9f0a2c4e6b8d0f1a3c5e7b9d2\n",
        "cat .git/refs/heads/feature/token-refresh\n4b825dc642cb6eb9a060e54bf8d69288fbee4904\n",
    ),
    keywords=("cat", "more", "less", "head", "tail"),
    also=("key", "secret", "token", "passw", "credential"),
    pattern=_PRINTED_KEY_FILE_RE,
    replace=_printed_key_file,
)
