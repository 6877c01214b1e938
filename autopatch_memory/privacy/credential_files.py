"""Fields of credential files pasted whole that no generic rule reads as secret, because
their name does not end with a secret word: a service-account key file's
``private_key_id`` and a kubeconfig's ``client-key-data``.

The other secret fields of such files (``private_key``, a kubeconfig user's ``token``,
``.npmrc``'s ``_authToken``/``_auth``/``_password``, ``settings.xml``'s ``<password>``
and ``<passphrase>``, an AWS credentials file's keys) are found by the rules of their
syntax; ``tests/privacy/test_credential_files.py`` checks every field of each file goes
and nothing else does.
"""

from __future__ import annotations

from autopatch_memory.privacy.markers import SecretKind
from autopatch_memory.privacy.replacing import value_group
from autopatch_memory.privacy.rule import RedactionRule
from autopatch_memory.privacy.spelling import compile_bounded

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
        r"client-key-data[\"']?[ \t]*:[ \t]*[\"']?(?P<value>[A-Za-z0-9+/]{16,65536}={0,2})"
    ),
    replace=value_group(SecretKind.PRIVATE_KEY),
)
