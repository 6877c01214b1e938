"""A Kubernetes Secret's values and the commands that make or read one.

In a Secret every value of ``data:`` (base64) and ``stringData:`` (plain) is a secret
unless its key names something public (a user, a host, a port, an id), whatever the key
is called: ``hmac``, ``jpush.master``, ``wechat-apiv3`` say nothing a generic rule reads.
The manifest may be YAML or JSON, whole or as ``kubectl get secret … -o yaml`` prints it.
``kubectl create secret … --from-literal=KEY=VALUE`` gives the same values on a command
line; a command that prints a secret (``kubectl get secret … | base64 -d``, ``vault kv get
-field=…``) is followed by the value; ``echo -n 'X' | base64`` in a text about a secret
encodes one.
"""

from __future__ import annotations

import base64
import binascii
import re

from autopatch_memory import limits
from autopatch_memory.lang import lazy_compile
from autopatch_memory.privacy.markers import MARKER_PREFIX, SecretKind, marker
from autopatch_memory.privacy.replacing import replace_span, replace_spans
from autopatch_memory.privacy.rule import RedactionRule
from autopatch_memory.privacy.spelling import compile_bounded, first_char_gate
from autopatch_memory.privacy.values import bare_value, credential_like, not_a_value

_WINDOW = limits.SECRET_KUBERNETES_CONTEXT_CHARS
# The manifest is a Secret (its kind, or the command that printed it), near the block.
_A_SECRET_RE = lazy_compile(
    r"(?i:\bkind[\"']?[ \t]*:[ \t]*[\"']?)Secret\b|\bget[ \t]+secrets?\b|\bcreate[ \t]+secret\b"
)
_SEALED_RE = lazy_compile(r"\bkind[\"']?[ \t]*:[ \t]*[\"']?SealedSecret\b")
# A key that names something public: a user, a host, a port, an id, a setting.
_PUBLIC_KEY_RE = lazy_compile(
    r"(?i)(?:^|[-_.])(?:user(?:name)?|login|account|host(?:name)?|port|url|uri|endpoint|server"
    r"|domain|database|db|schema|name|namespace|region|bucket|e?mail|from|id|project|zone|path"
    r"|dir|mode|env|profile|driver|protocol|scheme|type|version|timeout|ttl|size|enabled?)$"
)
# ...unless it names a secret as well ("access-key-id" is the id of a key pair).
_SECRET_WORD_RE = lazy_compile(r"(?i)key|secret|token|pass|pwd|auth|cred|sign|private|cert|sk$")
_PUBLIC_WORD_RE = lazy_compile(r"(?i)public|pub[-_.]?key")


def _public_key_name(key: str) -> bool:
    return bool(
        _PUBLIC_WORD_RE.search(key)
        or (_PUBLIC_KEY_RE.search(key) and not _SECRET_WORD_RE.search(key))
    )


def _decoded(value: str) -> str | None:
    """The text a ``data:`` value is the base64 of (``None``: not base64 of text)."""
    if len(value) % 4:
        return None
    try:
        return base64.b64decode(value, validate=True).decode("utf-8")
    except (binascii.Error, ValueError):
        return None


def _secret_entry(key: str, value: str, *, encoded: bool) -> bool:
    """The entry ``key: value`` of a Secret holds a secret."""
    if not value or value.startswith(MARKER_PREFIX) or _public_key_name(key):
        return False
    plain = _decoded(value) if encoded else bare_value(value)
    if plain is None or len(plain.strip()) < limits.SECRET_MIN_CHARS_IN_PROSE:
        return False
    # a secret-named key takes any literal; another key a value that looks like one
    return not not_a_value(plain.strip()) and (
        bool(_SECRET_WORD_RE.search(key)) or credential_like(plain.strip())
    )


def _in_a_secret(text: str, pos: int) -> bool:
    window = text[max(0, pos - _WINDOW) : pos + _WINDOW]
    return bool(_A_SECRET_RE.search(window)) and not _SEALED_RE.search(window)


# YAML: "data:" (or "stringData:") and the lines indented deeper below it.
_YAML_BLOCK_RE = compile_bounded(
    r"(?m)^(?P<indent>[ \t]{0,16})(?P<section>data|stringData):[ \t]*\r?\n"
    r"(?P<body>(?:(?P=indent)[ \t]{1,16}[^\n]{0,8192}(?:\n|\Z)){1,512})"
)
_YAML_ENTRY_RE = lazy_compile(
    r"(?m)^(?P<pad>[ \t]+)(?P<q>[\"']?)(?P<key>[\w.\-]{1,253})(?P=q):[ \t]*"
    r"(?P<vq>[\"']?)(?P<value>[^\s\"'#|>][^\s\"']{0,8191})(?P=vq)[ \t]*\r?$"
)


def _yaml_block(m: re.Match[str]) -> str:
    text = m.string
    if not _in_a_secret(text, m.start()):
        return m.group(0)
    body = m.group("body")
    encoded = m.group("section") == "data"
    # the entries' own indentation, the first line's (a deeper line is inside a block value)
    depth = len(body) - len(body.lstrip(" \t"))
    spans = [
        entry.span("value")
        for entry in _YAML_ENTRY_RE.finditer(body)
        if len(entry.group("pad")) == depth
        and _secret_entry(entry.group("key"), entry.group("value"), encoded=encoded)
    ]
    if not spans:
        return m.group(0)
    return replace_span(m, "body", replace_spans(body, spans, marker(SecretKind.ASSIGNMENT)))


# JSON: "data": {"key": "value", …} (no nested object inside).
_JSON_BLOCK_RE = compile_bounded(
    r"\"(?P<section>data|stringData)\"[ \t]*:[ \t]*\{(?P<body>[^{}]{1,16384})\}"
)
_JSON_ENTRY_RE = lazy_compile(
    r"\"(?P<key>[\w.\-]{1,253})\"[ \t\r\n]*:[ \t\r\n]*\"(?P<value>[^\"\\\n]{1,8192})\""
)


def _json_block(m: re.Match[str]) -> str:
    if not _in_a_secret(m.string, m.start()):
        return m.group(0)
    body = m.group("body")
    encoded = m.group("section") == "data"
    spans = [
        entry.span("value")
        for entry in _JSON_ENTRY_RE.finditer(body)
        if _secret_entry(entry.group("key"), entry.group("value"), encoded=encoded)
    ]
    if not spans:
        return m.group(0)
    return replace_span(m, "body", replace_spans(body, spans, marker(SecretKind.ASSIGNMENT)))


# kubectl create secret … --from-literal=KEY=VALUE (quoted or not)
_FROM_LITERAL_RE = compile_bounded(
    r"--from-literal[= ](?P<q>[\"']?)(?P<key>[\w.\-]{1,253})="
    r"(?P<value>(?(q)[^\"'\n]{1,4096}|[^\s\"'\\]{1,4096}))(?P=q)"
)
_CREATE_SECRET_RE = lazy_compile(r"create[ \t]+secret")


def _from_literal(m: re.Match[str]) -> str:
    text = m.string
    if not _CREATE_SECRET_RE.search(text, max(0, m.start() - _WINDOW), m.start()):
        return m.group(0)
    if not _secret_entry(m.group("key"), m.group("value"), encoded=False):
        return m.group(0)
    return replace_span(m, "value", marker(SecretKind.ASSIGNMENT))


# A command that prints a secret, then the line it printed.
_PRINTED_RE = compile_bounded(
    r"(?m)^(?P<cmd>[ \t]{0,8}(?:[$#>%][ \t]{1,4})?(?:sudo[ \t]+)?(?:kubectl|oc|vault|aws|gcloud|az"
    r"|doppler|op|cat|printenv|echo)[ \t][^\n]{1,1024})\r?\n"
    r"(?P<value>[^\s$#>][^\s]{5,511})[ \t]*\r?$"
)
_PRINTS_A_SECRET_RE = lazy_compile(
    r"(?:kubectl|oc)[ \t].*\bget[ \t]+secrets?\b.*(?:base64[ \t]+(?:-d|--decode|-D)|jsonpath)"
    r"|vault[ \t]+(?:kv[ \t]+get|read)[ \t].*-field"
    r"|aws[ \t]+secretsmanager[ \t]+get-secret-value"
    r"|gcloud[ \t]+secrets[ \t]+versions[ \t]+access"
    r"|az[ \t]+keyvault[ \t]+secret[ \t]+show"
    r"|doppler[ \t]+secrets[ \t]+get|op[ \t]+read"
    r"|cat[ \t]+/(?:run|var/run)/secrets/"
    r"|(?:printenv[ \t]+|echo[ \t]+\$\{?)[A-Z0-9_]{0,40}"
    r"(?:PASSWORD|PASSWD|PWD|SECRET|TOKEN|API_KEY)\b"
)


def _printed(m: re.Match[str]) -> str:
    value = m.group("value")
    if not _PRINTS_A_SECRET_RE.search(m.group("cmd")) or not_a_value(value):
        return m.group(0)
    if (
        value.startswith(("{", "[", "Error", "error"))
        or len(value) < limits.SECRET_LABELLED_MIN_CHARS
    ):
        return m.group(0)  # a JSON document (its fields are read by the other rules), an error
    start = m.start("value") - m.start()
    return m.group(0)[:start] + marker(SecretKind.PASSWORD) + m.group(0)[start + len(value) :]


# echo -n 'X' | base64, where the text speaks of a secret (the value to put in one).
_ECHO_BASE64_RE = compile_bounded(
    first_char_gate("e")
    + r"echo[ \t]+(?:-n?e?[ \t]+)?(?P<q>[\"'])(?P<value>[^\"'\n]{4,256})(?P=q)[ \t]*\|[ \t]*base64"
    r"(?![ \t]+(?:-d|--decode|-D))"
    r"|echo[ \t]+(?:-n?e?[ \t]+)?(?P<plain>[^\s\"'|$][^\s\"'|]{3,255})[ \t]*\|[ \t]*base64"
    r"(?![ \t]+(?:-d|--decode|-D))"
)
_ABOUT_A_SECRET_RE = lazy_compile(
    r"(?i:secret|password|passwd|token|credential|api[ _\-]?key)|密码|口令|密钥|令牌"
)


def _echo_base64(m: re.Match[str]) -> str:
    group = "value" if m.group("value") is not None else "plain"
    value = m.group(group)
    text = m.string
    window = text[
        max(0, m.start() - limits.SECRET_CONTEXT_CHARS) : m.end() + limits.SECRET_CONTEXT_CHARS
    ]
    if not _ABOUT_A_SECRET_RE.search(window) or not_a_value(value) or not credential_like(value):
        return m.group(0)
    return replace_span(m, group, marker(SecretKind.PASSWORD))


SECRET_MANIFEST_DATA = RedactionRule(
    id="kubernetes-secret-data",
    description=(
        "The values of a Kubernetes Secret's data: (base64) and stringData: whose keys name no "
        "public thing (YAML)"
    ),
    examples_match=(
        "kind: Secret\ndata:\n  username: YWRtaW4=\n  hmac: OWZLMm1RN3hMcDN2VDh3WjRuUjY=",
        "kind: Secret\nstringData:\n  PUSH_AUTH: 6ca9ec66cd996d64bea4c3e03cd88324",
    ),
    examples_no_match=(
        "kind: Secret\ndata:\n  username: YWRtaW4=\n  host: MTAuMC44LjIx\n  port: MzMwNg==",
        "kind: ConfigMap\ndata:\n  LOG_LEVEL: INFO\n  FLAGS: bGl2ZSxleGFt",
    ),
    keywords=("data:",),
    also=("secret",),
    pattern=_YAML_BLOCK_RE,
    replace=_yaml_block,
)
SECRET_MANIFEST_JSON_DATA = RedactionRule(
    id="kubernetes-secret-json-data",
    description="The values of a Kubernetes Secret's data or stringData in a JSON manifest",
    examples_match=(
        '{"kind":"Secret","data":{"hmac":"OWZLMm1RN3hMcDN2VDh3WjRuUjY=","db-host":"MTAuMC44LjEy"}}',
    ),
    examples_no_match=('{"kind":"ConfigMap","data":{"hmac":"OWZLMm1RN3hMcDN2VDh3WjRuUjY="}}',),
    keywords=('data"',),
    also=("secret",),
    pattern=_JSON_BLOCK_RE,
    replace=_json_block,
)
FROM_LITERAL = RedactionRule(
    id="kubernetes-from-literal",
    description="A value of kubectl create secret … --from-literal=KEY=VALUE",
    examples_match=(
        "kubectl create secret generic push --from-literal=jpush.master=43c075c0df23a7c967c43afc",
    ),
    examples_no_match=(
        "kubectl create secret generic db --from-literal=username=app",
        "kubectl create configmap cfg --from-literal=mode=Gx8#2kLq",
    ),
    keywords=("--from-literal",),
    pattern=_FROM_LITERAL_RE,
    replace=_from_literal,
)
PRINTED_SECRET = RedactionRule(
    id="printed-secret",
    description=(
        "The line a command that prints a secret printed (kubectl get secret … | base64 -d, "
        "vault kv get -field=…, aws secretsmanager get-secret-value)"
    ),
    examples_match=(
        "$ kubectl get secret sms -o jsonpath='{.data.appSecret}' | base64 -d\nQm9yZGVyQ29sbGll42",
        "vault kv get -field=password secret/db\nVt#9kLq2xPz",
    ),
    examples_no_match=(
        "$ kubectl get secret sms -o yaml\napiVersion: v1",
        "$ kubectl get pods\nNAME READY STATUS",
    ),
    keywords=("secret", "printenv", "echo $"),
    pattern=_PRINTED_RE,
    replace=_printed,
)
ECHO_TO_BASE64 = RedactionRule(
    id="echo-to-base64",
    description=(
        "A literal echoed into base64 where the text speaks of a secret (echo -n 'X' | base64)"
    ),
    examples_match=("echo -n 'Xt9#kLq2' | base64   # 放进 Secret 的 data.password",),
    examples_no_match=(
        "echo -n 'admin' | base64   # the username of the Secret",
        "echo -n 'aGVsbG8=' | base64 -d",
    ),
    keywords=("base64",),
    also=("echo",),
    pattern=_ECHO_BASE64_RE,
    replace=_echo_base64,
)
