"""Secrets by their place in a configuration file: XML and JSON elements named for a
secret, ``.netrc`` and ``redis.conf`` password lines, environment and ``.properties``
lines whose value runs to the end of the line, connection strings, ``.pgpass`` and
``.erlang.cookie``.

These forms say where a value ends by the file's own syntax, which the generic
``key = value`` rule (:mod:`autopatch_memory.privacy.assignments`) cannot know.
"""

from __future__ import annotations

import re

from autopatch_memory import limits
from autopatch_memory.lang import lazy_compile
from autopatch_memory.privacy.markers import MARKER_PREFIX, SecretKind, marker
from autopatch_memory.privacy.replacing import (
    replace_password,
    replace_span,
    replace_spans,
    value_group,
)
from autopatch_memory.privacy.rule import RedactionRule
from autopatch_memory.privacy.spelling import (
    MARKER_VALUE,
    compile_bounded,
    first_char_gate,
    quoted_string,
)
from autopatch_memory.privacy.values import (
    PUBLIC_ID_RE,
    SECRET_KEY_NAME_RE,
    UUID_RE,
    credential_like,
    not_a_value,
    plausible_in_prose,
    random_looking,
    strong_credential,
)
from autopatch_memory.privacy.words import (
    CJK_TEXT_CLASS,
    CJK_TEXT_RE,
    KEYWORD_NEEDLES,
    STOPWORDS,
    TRAILING,
)

_SECRET_TAG = (
    r"(?i:password|passwd|passphrase|secret|token|api[-_.]?key|apikey|secret[-_.]?key"
    r"|access[-_.]?key|credentials?)"
)
# <password>x</password>, <password><![CDATA[x]]></password>
_XML_ELEMENT_RE = compile_bounded(
    r"<(?P<tag>[\w.:-]{0,40}?" + _SECRET_TAG + r")(?:[ \t][^<>]{0,200})?>"
    r"(?:<!\[CDATA\[(?P<cdata>[^\]\n]{1,1024})\]\]>|(?P<value>[^<]{1,2048}))</(?P=tag)[ \t]*>"
)
# Maven's settings-security.xml: <master>{…}</master> holds the master password.
_XML_MASTER_RE = compile_bounded(r"<master>(?P<value>\{[A-Za-z0-9+/=]{16,512}\})</master>")
# Hadoop-style XML: <name>fs.s3a.secret.key</name><value>x</value>
_XML_NAME_ELEMENT_RE = compile_bounded(
    r"<name>[\w.:-]{0,100}?" + _SECRET_TAG + r"</name>[ \t\r\n]{0,64}"
    r"<value>(?P<value>[^<]{1,1024})</value>"
)
# Java properties XML: <entry key="db.password">x</entry>
_XML_KEYED_ELEMENT_RE = compile_bounded(
    r"<(?P<tag>[\w.:-]{1,40})[ \t][^<>]{0,200}?\b(?:name|key)[ \t]*=[ \t]*(?P<q>[\"'])"
    r"[\w.:-]{0,60}?" + _SECRET_TAG + r"(?P=q)[^<>]{0,200}>(?P<value>[^<]{1,1024})</(?P=tag)[ \t]*>"
)
# Postman environments, ECS/k8s env arrays: {"key": "password", "value": "x"}
_JSON_NAME_VALUE_RE = compile_bounded(
    r"\"(?:key|name)\"[ \t]*:[ \t]*\"[\w.:-]{0,60}?"
    # or a name that ends with "key" ("mch_v3_key"): then the value must be key material
    + r"(?:"
    + _SECRET_TAG
    + r"|(?P<keyname>(?<=[\w])[-_.]?(?i:key)))"
    + r"\"[ \t\r\n]*,[ \t\r\n]{0,32}\"value\"[ \t]*:[ \t]*\"(?P<value>(?:[^\"\\\n]|\\.){1,1024})\""
)
_XML_NAME_VALUE_RE = compile_bounded(
    first_char_gate("nk")
    + r"\b(?:name|key)[ \t]*=[ \t]*(?P<q1>[\"'])[\w.:-]{0,60}?"
    + _SECRET_TAG
    + r"(?P=q1)"
    r"[ \t\r\n]{1,32}value[ \t]*=[ \t]*(?P<q2>[\"'])(?P<value>[^\"'\n]{1,1024})(?P=q2)"
)


def _netrc(m: re.Match[str]) -> str:
    """``machine h login u password p``; not "login only, password login disabled"."""
    user = m.group("user")
    if user[-1] in ",.;:，。；" or user.lower() in STOPWORDS or not any(c.isalnum() for c in user):
        return m.group(0)
    return replace_password(m)


# Keys that are no credential's: a cache, sort, routing or dedup key holds ids and hashes.
_NOT_A_SECRET_KEY_RE = lazy_compile(
    r"(?i)(?:cache|sort|routing|route|idempoten\w*|dedup\w*|object|partition|primary|foreign"
    r"|unique|lookup|search|group|message|i18n|locale|shard\w*|hash|redis|map)[-_.]?key$"
)


def _json_value(m: re.Match[str]) -> str:
    if m.group("keyname") is not None:
        value = m.group("value")
        name = m.string[m.start() : m.end("keyname")].rsplit('"', 1)[-1]
        if _NOT_A_SECRET_KEY_RE.search(name) or ":" in value or "/" in value:
            return m.group(0)  # "cache_key": "user:9f8e…", "dedup_key": a digest
        if not random_looking(value):
            return m.group(0)
    return _xml_value(m)


def _xml_value(m: re.Match[str]) -> str:
    group = "cdata" if "cdata" in m.re.groupindex and m.group("cdata") is not None else "value"
    value = m.group(group)
    if not value.strip() or not_a_value(value.strip()):
        return m.group(0)
    return replace_span(m, group, marker(SecretKind.PASSWORD))


_NETRC_RE = compile_bounded(
    first_char_gate("mludp")
    + r"\b(?:machine|login|user|username|default)[ \t]+(?P<user>\S{1,128})[ \t\r\n]{1,16}"
    r"(?:\S{1,128}[ \t]+\S{1,128}[ \t\r\n]{1,16})?"
    r"(?:password|passwd)[ \t]+(?P<value>"
    + MARKER_VALUE
    + r"|"
    + quoted_string(256)
    + r"|\S{1,256})"
)
# A line that is only "password X": .netrc, redis.conf (requirepass, masterauth).
_PASSWORD_LINE_RE = compile_bounded(
    r"^[ \t]{0,32}(?:password|passwd|requirepass|masterauth|masterpassword)[ \t]+(?P<value>"
    + MARKER_VALUE
    + r"|[^\s"
    + CJK_TEXT_CLASS
    + r"]{1,256})[ \t]*$",
    re.M,
)


# An environment line, "POSTGRES_PASSWORD=pg;drop=no,really" or "- DB_PASS=x" in a
# compose file: the value runs to the end of the line (no connection string follows).
# Environment="DB_PASSWORD=a b c", -e 'API_TOKEN=x y': the value runs to the closing quote
# TOML's multi-line basic string on one line: password = """a "quoted" b"""
_TOML_TRIPLE_QUOTED_RE = compile_bounded(
    r"^[ \t]{0,32}(?P<key>[\w.\-]{1,64})[ \t]*=[ \t]*\"\"\"(?P<value>[^\n]{1,512}?)\"\"\"[ \t]*$",
    re.M,
)


def _toml_triple_quoted(m: re.Match[str]) -> str:
    if not SECRET_KEY_NAME_RE.search(m.group("key")) or not_a_value(m.group("value")):
        return m.group(0)
    return replace_span(m, "value", marker(SecretKind.ASSIGNMENT))


_QUOTED_ASSIGNMENT_RE = compile_bounded(
    r"(?P<q>[\"'])(?P<key>[A-Za-z_][\w.\-]{0,63})=(?P<value>[^\s\"'$][^\"'\n]{0,510}?)(?P=q)"
)


def _quoted_assignment(m: re.Match[str]) -> str:
    value = m.group("value")
    if " " not in value or not SECRET_KEY_NAME_RE.search(m.group("key")):
        return m.group(0)  # one word: the generic assignment rule decides
    if _prose_after_value(value) or not_a_value(value):
        return m.group(0)
    return replace_span(m, "value", marker(SecretKind.ASSIGNMENT))


_ENV_LINE_RE = compile_bounded(
    r"^(?P<lead>[ \t]{0,32}(?:-[ \t]{1,4})?(?:export[ \t]+|set[ \t]+|ENV[ \t]+)?(?P<q>[\"']?))"
    r"(?P<key>[A-Z][A-Z0-9_]{0,63})=(?P<value>[^\s\"'$][^\s\"']{0,1023})(?P=q)[ \t]*$",
    re.M,
)


_SECRET_NAME_PARTS = frozenset(
    "AUTH SECRET SECRETS TOKEN CREDENTIAL CREDENTIALS PASSWORD PASS PWD KEY APIKEY".split()
)


def _secret_word_inside(parts: set[str]) -> bool:
    """A secret word among a name's parts, and no word saying the key is public."""
    return bool(_SECRET_NAME_PARTS & parts) and not parts & {"PUBLIC", "PUB"}


def _env_line(m: re.Match[str]) -> str:
    key, value = m.group("key"), m.group("value")
    if not_a_value(value):
        return m.group(0)
    # NACOS_AUTH_IDENTITY_VALUE=bb5n…: a secret word inside the name, random key material
    inside = _secret_word_inside(set(key.upper().split("_"))) and random_looking(value)
    if not (SECRET_KEY_NAME_RE.search(key) or inside):
        return m.group(0)
    return replace_span(m, "value", marker(SecretKind.ASSIGNMENT))


# A .properties line, "signing.password=Sign!ng Key Pass": the value is the rest of the line.
_PROPERTIES_LINE_RE = compile_bounded(
    # a dotted key, or (.ini, odbc.ini, my.cnf) a plain one with spaces around its '='
    r"^[ \t]{0,32}(?P<key>[\w\-]{1,64}(?:\.[\w\-]{1,64}){1,12}|[\w\-]{1,64}(?=[ \t]+=[ \t]))"
    r"[ \t]*=[ \t]*(?P<value>[^\s\"'$#][^\n]{0,2047})",
    re.M,
)


# "secret = a + b;", "token = x if y else z {": a statement, not a value with spaces
_CODE_END_RE = lazy_compile(r"[;{]$|[ \t][+*|&?:][ \t]")


def _properties_line(m: re.Match[str]) -> str:
    value, key = m.group("value").rstrip(), m.group("key")
    # nacos.core.auth.server.identity.value=Id3ntity-V4lue#91: a secret word inside the
    # name, and a value that is key material or a chosen password
    inside = _secret_word_inside(set(key.upper().replace("-", ".").split(".")))
    if inside and " " not in value and not SECRET_KEY_NAME_RE.search(key):
        if not (random_looking(value) or strong_credential(value)) or not_a_value(value):
            return m.group(0)
        if PUBLIC_ID_RE.match(value):
            return m.group(0)  # dingtalk.app-key=ding…: an app's public id
        return replace_span(m, "value", marker(SecretKind.ASSIGNMENT))
    if " " not in value or not SECRET_KEY_NAME_RE.search(key):
        return m.group(0)  # one word: the generic assignment rule decides
    if _prose_after_value(value):
        return m.group(0)  # "password=hunter2 是不是这里配错了？": the value is its first word
    if not_a_value(value) or value.startswith(MARKER_PREFIX) or _CODE_END_RE.search(value):
        return m.group(0)
    return replace_span(m, "value", marker(SecretKind.ASSIGNMENT) + m.group("value")[len(value) :])


def _prose_after_value(value: str) -> bool:
    """Words of a sentence go on after the first one: a question, Chinese text, or a
    function word ("hunter2 is this right?")."""
    words = value.lower().split()
    return bool(
        CJK_TEXT_RE.search(value)
        or value.endswith(("?", "？"))
        or any(w.strip(TRAILING) in STOPWORDS for w in words[1:])
    )


# ADO.NET / ODBC / JDBC-sqlserver: "Password=npgsql pass 1;Database=…" runs to its ";"
_CONNECTION_PASSWORD_RE = compile_bounded(
    r"(?=[ \tPp])(?:(?<=[;\n\"'])|^)[ \t]{0,8}(?i:password|pwd)[ \t]*=[ \t]*"
    r"(?P<value>\{(?:[^}\n]|\}\}){1,256}\}|[^;\n\"'{][^;\n\"']{0,255})(?P<end>;)?"
)


def _connection_password(m: re.Match[str]) -> str:
    text, start = m.string, m.start()
    if not (m.group("end") or text[start - 1 : start] == ";") or " " not in m.group("value"):
        return m.group(0)  # not a connection string, or one word (the generic rule's)
    return replace_password(m)


# ~/.pgpass: host:port:database:user:password, one entry a line
_PGPASS_RE = compile_bounded(
    r"^[ \t]{0,8}[\w.\-*\[\]]{1,253}:(?:\d{1,5}|\*):[^:\s]{1,128}:[^:\s]{1,128}:"
    r"(?P<value>[^\s]{1,256})[ \t]*$",
    re.M,
)


def _pgpass(m: re.Match[str]) -> str:
    value = m.group("value")
    named = "pgpass" in m.string[max(0, m.start() - limits.SECRET_CONTEXT_CHARS) : m.start()]
    if m.re is _PGPASS_INLINE_RE.compiled and not named:
        return m.group(0)  # inside a sentence only where the text says it is a .pgpass line
    if value.isdigit() or not (
        named or plausible_in_prose(value, min_chars=limits.SECRET_MIN_CHARS_IN_PROSE)
    ):
        return m.group(0)
    return replace_password(m)


# A .pgpass line quoted inside a sentence ("~/.pgpass 里写的是 h:5432:db:u:V 权限…"),
# a field's ":" and "\" escaped with "\"
_PGPASS_FIELD = r"(?:\\[:\\]|[^:\s\\]){1,128}"
_PGPASS_INLINE_RE = compile_bounded(
    r"(?<![\w.:\-])[\w.\-*\[\]]{1,253}:(?:\d{1,5}|\*):"
    + _PGPASS_FIELD
    + ":"
    + _PGPASS_FIELD
    + r":(?P<value>(?:\\[:\\]|[^:\s\\]){1,256})(?!\S)"
)


# The cookie a RabbitMQ/Erlang node authenticates with, shown by cat .erlang.cookie
_ERLANG_COOKIE_FILE_RE = compile_bounded(
    r"\.erlang\.cookie\b[^\n]{0,120}\n[ \t]{0,8}(?P<value>[A-Za-z0-9]{16,255})[ \t]*$", re.M
)


XML_SECRET_ELEMENT = RedactionRule(
    id="xml-secret-element",
    description=(
        "The text of an XML element named for a secret (<password>, <gpg.passphrase>…), CDATA too"
    ),
    examples_match=(
        "<server><id>nexus</id><password>N3xus#Deploy</password></server>",
        "<storePassword><![CDATA[keyst0re!]]></storePassword>",
    ),
    examples_no_match=(
        "<password>${env.NEXUS_PASSWORD}</password>",
        "<passwordPolicy>strict</passwordPolicy>",
    ),
    keywords=("</",),
    pattern=_XML_ELEMENT_RE,
    replace=_xml_value,
)
MAVEN_MASTER_PASSWORD = RedactionRule(
    id="maven-master-password",
    description="The encrypted master password of Maven's settings-security.xml",
    examples_match=(
        "<settingsSecurity><master>{jSMOWnoPFgsHVpMvz5VrIt5kRbzGpI8u+9EF1iFQyJQ=}</master>",
    ),
    examples_no_match=("<master>{short}</master>",),
    keywords=("<master>",),
    pattern=_XML_MASTER_RE,
    replace=_xml_value,
)
XML_NAME_VALUE_ATTRIBUTES = RedactionRule(
    id="xml-name-value-attributes",
    description="The value attribute of an element whose name or key attribute names a secret",
    examples_match=(
        '<property name="password" value="Bean#Pw99"/>',
        '<add key="ApiKey" value="dotnet-key-5566"/>',
    ),
    examples_no_match=(
        '<property name="username" value="admin"/>',
        '<add key="ApiKey" value="${API_KEY}"/>',
    ),
    keywords=("value",),
    pattern=_XML_NAME_VALUE_RE,
    replace=_xml_value,
)
JSON_KEY_VALUE_PAIR = RedactionRule(
    id="json-key-value-pair",
    description=(
        'The value of a JSON {"key": "<secret name>", "value": "…"} pair (Postman, ECS, k8s env)'
    ),
    examples_match=(
        '{"key": "db_password", "value": "Pm4n#Env"}',
        '{ "key": "mch_v3_key", "value": "q8L2vX9mT4kP7zW1nB5cY3hJ6fG0sAx4" }',
    ),
    examples_no_match=(
        '{"key": "db_host", "value": "10.0.0.5"}',
        '{"key": "cache_key", "value": "order:detail:1"}',
        '{"key": "dedup_key", "value": "9f8e7d6c5b4a3f2e1d0c9b8a7f6e5d4c3b2a1f0e"}',
    ),
    keywords=("value",),
    pattern=_JSON_NAME_VALUE_RE,
    replace=_json_value,
)
XML_KEYED_ELEMENT = RedactionRule(
    id="xml-keyed-element",
    description=(
        "The text of an element whose key or name attribute names a secret (<entry "
        'key="db.password">)'
    ),
    examples_match=('<entry key="db.password">Pr0ps#Xml</entry>',),
    examples_no_match=('<entry key="db.url">jdbc:mysql://db/shop</entry>',),
    keywords=("</",),
    pattern=_XML_KEYED_ELEMENT_RE,
    replace=_xml_value,
)
XML_NAME_VALUE_ELEMENTS = RedactionRule(
    id="xml-name-value-elements",
    description=(
        "A <value> after a <name> naming a secret (Hadoop configuration, Maven HTTP headers)"
    ),
    examples_match=("<name>fs.s3a.secret.key</name>\n<value>s3aS3cretKey/abc+123</value>",),
    examples_no_match=("<name>fs.s3a.endpoint</name><value>s3.amazonaws.com</value>",),
    keywords=("</name>",),
    pattern=_XML_NAME_ELEMENT_RE,
    replace=_xml_value,
)
NETRC = RedactionRule(
    id="netrc",
    description="The password of a .netrc entry (machine h login u password p)",
    examples_match=("machine api.acme.io login ci password N3trc!pw",),
    examples_no_match=("login only, password login disabled",),
    keywords=("passw",),
    pattern=_NETRC_RE,
    replace=_netrc,
)
PASSWORD_LINE = RedactionRule(
    id="password-line",
    description=(
        "A line that is only a password directive and its value (redis.conf requirepass, "
        "masterauth)"
    ),
    examples_match=("requirepass R3dis!Conf", "masterauth m4ster-Auth"),
    examples_no_match=("requirepass is set in redis.conf", "password reset flow"),
    keywords=("passw", "requirepass", "masterauth"),
    pattern=_PASSWORD_LINE_RE,
    replace=replace_password,
)
TOML_TRIPLE_QUOTED = RedactionRule(
    id="toml-triple-quoted",
    description='A TOML """…""" string on one line assigned to a secret key',
    examples_match=('password = """a "quoted" b9"""',),
    examples_no_match=('description = """a "quoted" text"""',),
    keywords=('"""',),
    pattern=_TOML_TRIPLE_QUOTED_RE,
    replace=_toml_triple_quoted,
)
QUOTED_ENV_ASSIGNMENT = RedactionRule(
    id="quoted-env-assignment",
    description=(
        'A quoted "KEY=value with spaces" (systemd Environment=, docker run -e) to its closing '
        "quote"
    ),
    examples_match=('Environment="DB_PASSWORD=a b c9"', "docker run -e 'API_TOKEN=x y z1' app"),
    examples_no_match=('Environment="DB_HOST=db one"', 'Environment="DB_PASSWORD=Pw9"'),
    keywords=("=",),
    pattern=_QUOTED_ASSIGNMENT_RE,
    replace=_quoted_assignment,
)
ENV_LINE = RedactionRule(
    id="env-line",
    description="An environment line whose name says secret: the value runs to the end of the line",
    examples_match=("- POSTGRES_PASSWORD=pg;drop=no", "NACOS_AUTH_IDENTITY_VALUE=bb5nK2x9Qm7pL3vZ"),
    examples_no_match=("POSTGRES_DB=shop", "DB_PASSWORD=${DB_PASSWORD}"),
    keywords=("=",),
    pattern=_ENV_LINE_RE,
    replace=_env_line,
)
PROPERTIES_LINE = RedactionRule(
    id="properties-line",
    description=(
        "A .properties or .ini line with a secret key whose value holds spaces, to the end of "
        "the line"
    ),
    examples_match=("signing.password=Sign!ng Key Pass", "Password = a b c"),
    examples_no_match=("signing.keyId=24875D73", "password=hunter2 是不是这里配错了？"),
    keywords=("=",),
    pattern=_PROPERTIES_LINE_RE,
    replace=_properties_line,
)
CONNECTION_STRING_PASSWORD = RedactionRule(
    id="connection-string-password",
    description="A connection string's Password=/Pwd= value with spaces, to its ';'",
    examples_match=("Server=db;Database=shop;Password=npgsql pass 1;Pooling=true",),
    examples_no_match=("Server=db;Database=shop;Integrated Security=true;",),
    keywords=(";",),
    also=("passw", "pwd"),
    pattern=_CONNECTION_PASSWORD_RE,
    replace=_connection_password,
)
PGPASS_LINE = RedactionRule(
    id="pgpass-line",
    description="The password field of a ~/.pgpass line (host:port:database:user:password)",
    examples_match=("db.acme.io:5432:shop:app:Pg!pass2024",),
    examples_no_match=("10.0.0.5:5432:shop:app:12345", "12:30:45:00:10"),
    keywords=(":",),
    pattern=_PGPASS_RE,
    replace=_pgpass,
)
PGPASS_INLINE = RedactionRule(
    id="pgpass-inline",
    description=(
        "A .pgpass line quoted inside a sentence that names .pgpass (escaped ':' and '\\' too)"
    ),
    examples_match=("~/.pgpass 里写的是 db:5432:shop:app:Pg\\:pass9 权限 600",),
    examples_no_match=("the log says db:5432:shop:app:ready",),
    keywords=("pgpass",),
    pattern=_PGPASS_INLINE_RE,
    replace=_pgpass,
)
ERLANG_COOKIE_FILE = RedactionRule(
    id="erlang-cookie-file",
    description="The cookie a RabbitMQ/Erlang node authenticates with, shown after .erlang.cookie",
    examples_match=("$ cat /var/lib/rabbitmq/.erlang.cookie\nWJZQXHRKMNPLVBTA",),
    examples_no_match=("the .erlang.cookie file must be mode 400",),
    keywords=(".erlang.cookie",),
    pattern=_ERLANG_COOKIE_FILE_RE,
    replace=replace_password,
)


# Consul's acl { tokens { agent = "…", initial_management = "…" } }: every value of a
# block named tokens is one (a UUID, which elsewhere is an id).
_TOKENS_BLOCK_RE = compile_bounded(
    r"(?<![\w\-])\"?tokens\"?[ \t]*(?:[=:][ \t]*)?\{(?P<body>[^{}]{1,2000})\}"
)
_BLOCK_VALUE_RE = lazy_compile(
    r"(?:^|[{,\n])[ \t]*\"?[A-Za-z_][\w\-]{0,40}\"?[ \t]*[=:][ \t]*"
    r"\"(?P<value>[A-Za-z0-9+/=_\-.]{16,256})\""
)


_CONSUL_CONTEXT_RE = lazy_compile(r"(?i)\bacl\b|\bconsul\b")


def _tokens_block(m: re.Match[str]) -> str:
    # Consul's: within an acl block or a consul file (not design tokens, nor an LLM's
    # token counts), and each value a UUID or key material
    before = m.string[max(0, m.start() - limits.SECRET_CONTEXT_CHARS) : m.start()]
    if _CONSUL_CONTEXT_RE.search(before) is None:
        return m.group(0)
    body = m.group("body")
    spans = [
        v.span("value")
        for v in _BLOCK_VALUE_RE.finditer(body)
        if not not_a_value(v.group("value"))
        and (UUID_RE.match(v.group("value")) or random_looking(v.group("value")))
    ]
    if not spans:
        return m.group(0)
    return replace_span(m, "body", replace_spans(body, spans, marker(SecretKind.ASSIGNMENT)))


TOKENS_BLOCK = RedactionRule(
    id="tokens-block",
    description="Every value of a block named tokens (Consul's acl.tokens in HCL or JSON)",
    examples_match=(
        'acl {\n  tokens {\n    agent = "b491e8bb-c5ab-4999-940c-61da0254b3e5"\n  }\n}',
        '"acl": {"tokens": {"initial_management": "820c8095-a710-4950-8973-859775b259b7"}}',
    ),
    examples_no_match=(
        'tokens {\n  agent = "${CONSUL_AGENT_TOKEN}"\n}',
        "max_tokens { limit = 1024 }",
        '"tokens": {"primaryColor": "color.brand.primary.500", "font": "Inter-Regular-Bold"}',
    ),
    keywords=("tokens",),
    pattern=_TOKENS_BLOCK_RE,
    replace=_tokens_block,
)
# encrypt = "…" of a Consul or Serf agent: the gossip key, 16 or 32 bytes in base64.
GOSSIP_KEY = RedactionRule(
    id="gossip-encryption-key",
    description="The gossip encryption key of a Consul or Serf agent (encrypt = base64 key)",
    examples_match=('encrypt = "j4kt/UDNz8Un+ncSP9FjP5SBot8NpzgI8rZPRbVCkCg="',),
    examples_no_match=("encrypt = true", "encrypt_verify_incoming = true"),
    keywords=("encrypt",),
    pattern=compile_bounded(
        r"(?<![\w\-])\"?encrypt\"?[ \t]*[=:][ \t]*\""
        r"(?P<value>[A-Za-z0-9+/]{22}==|[A-Za-z0-9+/]{43}=)\""
    ),
    replace=value_group(SecretKind.ASSIGNMENT),
)
_SECRET_LAST_SEGMENT_RE = lazy_compile(
    r"(?i)(?:(?:api|web|access|secret|private|app|sign(?:ing)?|client|master|encrypt(?:ion)?)"
    r"[-_]?key|secret|token|password|passwd|pwd|credentials?)(?:\[\d+\])?$"
)


def _actuator_value(m: re.Match[str]) -> str:
    name, value = m.group("name"), m.group("value")
    if not _SECRET_LAST_SEGMENT_RE.search(name) or not_a_value(value):
        return m.group(0)
    if not plausible_in_prose(value, min_chars=limits.SECRET_MIN_CHARS_IN_PROSE):
        return m.group(0)
    return replace_span(m, "value", marker(SecretKind.ASSIGNMENT))


# Spring Boot's /actuator/env, unmasked: "agriwing.amap.web-key":{"value":"…"} — a property
# named for a secret, its value one level down.
ACTUATOR_PROPERTY_VALUE = RedactionRule(
    id="actuator-property-value",
    description=(
        "The value of a property named for a secret in an /actuator/env dump"
        ' ("x.web-key":{"value":"…"})'
    ),
    examples_match=(
        '"agriwing.amap.web-key":{"value":"a5355ad3bd4da304e69d31a5925a26dc"}',
        '"spring.datasource.password": {\n      "value": "Xq7#mP2v!Lz9eS",\n      "origin": "x"',
    ),
    examples_no_match=(
        '"spring.mail.username":{"value":"apikey"}',
        '"spring.datasource.password":{"value":"******"}',
        '"app.cache.key":{"value":"orders::byCustomerId"}',
    ),
    keywords=('"value"',),
    pattern=compile_bounded(
        # on one line, or pretty-printed (the value on the line below the name)
        r"\"(?P<name>[\w.\-\[\]]{1,120})\"[ \t]*:[ \t]*\{\s{0,40}\"value\"[ \t]*:[ \t]*"
        r"\"(?P<value>[^\"\n]{6,512})\""
    ),
    replace=_actuator_value,
)


# PgBouncer's userlist.txt: one '"user" "password"' a line (a hash there — md5…, SCRAM-SHA-256$…
# — is no password: it is left alone).
_USERLIST_LINE_RE = compile_bounded(
    r"(?m)^[ \t]*\"[^\"\n]{1,64}\"[ \t]+\"(?P<value>[^\"\n]{4,256})\"[ \t]*$"
)


_USERLIST_NAMED_RE = lazy_compile(r"(?i)userlist|pgbouncer")


def _userlist_line(m: re.Match[str]) -> str:
    value = m.group("value")
    if not_a_value(value) or value.startswith(("md5", "SCRAM-SHA-256$")) or " " in value:
        return m.group(0)
    # the file named a few lines above, not anywhere in the text (each line looks once)
    before = m.string[max(0, m.start() - limits.SECRET_CONTEXT_CHARS) : m.start()]
    if _USERLIST_NAMED_RE.search(before) is None or not credential_like(value):
        return m.group(0)
    return replace_span(m, "value", marker(SecretKind.PASSWORD))


PGBOUNCER_USERLIST = RedactionRule(
    id="pgbouncer-userlist",
    description='The password of a PgBouncer userlist.txt line ("user" "password")',
    examples_match=('pgbouncer userlist.txt:\n"flightplan_rw" "x0vS6UD7ZnQJIgZf9MwD"',),
    examples_no_match=(
        'userlist.txt:\n"app" "md5a3556571e93b0d20722ba62be61e8c2d"',
        '"flightplan_rw" "x0vS6UD7ZnQJIgZf9MwD"',
        'The userlist component renders:\n"Name" "Email Address"',
    ),
    keywords=("userlist",),
    pattern=_USERLIST_LINE_RE,
    replace=_userlist_line,
)


# A Wi-Fi QR code's text: "WIFI:S:ward-5G;T:WPA;P:secret;H:false;;" (the P field)
WIFI_QR_PASSWORD = RedactionRule(
    id="wifi-qr-password",
    description="The password field of a Wi-Fi QR code's text (WIFI:S:…;T:WPA;P:…;;)",
    examples_match=(
        "病区 Wi-Fi 的二维码解出来是 WIFI:S:MediBot-Ward-5G;T:WPA;P:f47AX637;H:false;;",
    ),
    examples_no_match=("WIFI:S:Guest;T:nopass;P:;;",),
    keywords=("wifi:",),
    pattern=compile_bounded(
        r"\bWIFI:(?:[A-Z]:[^;\n]{0,64};){0,4}?P:(?P<value>(?:\\;|[^;\n]){1,128});"
    ),
    replace=value_group(SecretKind.PASSWORD),
)
# strongSwan's ipsec.secrets: "left right : PSK \"secret\"" (and the same for EAP/XAUTH)
IPSEC_SECRET = RedactionRule(
    id="ipsec-secret",
    description='A secret of strongSwan\'s ipsec.secrets (… : PSK "…", : EAP "…", : XAUTH "…")',
    examples_match=('101.89.33.10 10.30.0.1 : PSK "OcYul5yeEEcukbKrj5or44dfGOWH"',),
    examples_no_match=(": RSA server.key.pem", "PSK mode needs a key of 8 to 63 characters"),
    keywords=("psk", "eap", "xauth"),
    pattern=compile_bounded(
        r":[ \t]*(?:PSK|EAP|XAUTH)[ \t]+(?P<value>\"[^\"\n]{1,256}\"|\S{4,256})"
    ),
    replace=value_group(SecretKind.PASSWORD),
)


# A password said to be written encoded, then the encoding: "密码…我转成 hex 了：5773…",
# "The Wi-Fi password … is in base64 so IM doesn't mangle it: SWhST2…=="
ENCODED_IN_PROSE = RedactionRule(
    id="encoded-in-prose",
    description="A secret said to be given in hex or base64, then given (密码…转成 hex 了：X)",
    examples_match=(
        "密码里有单双引号，怕 YAML 转义出错，我转成 hex 了：57735a683322526446642750494f，帮我解码",
        "The Wi-Fi password for the robot VLAN is in base64 so IM doesn't mangle it:"
        " SWhST2xVXzNNcU16aA==",
    ),
    examples_no_match=(
        "密码要转成 hex 存吗？",
        "the password hash is in hex: we use sha256",
    ),
    keywords=("hex", "base64", "十六进制"),
    also=("密码", "口令", "密钥", "password", "passphrase", "secret", "token"),
    pattern=compile_bounded(
        # (a word of its own, not a marker's kind: "[REDACTED:password]")
        r"(?<!REDACTED:)(?:密码|口令|密钥|(?i:password|passphrase|secret|token))"
        r"(?![^\n]{0,60}?(?i:hash|digest|摘要|哈希))"
        r"[^\n]{0,60}?(?:(?i:hex|base64)|十六进制)[^\n:：]{0,40}[:：][ \t]*"
        r"(?P<value>[0-9a-fA-F]{12,256}|[A-Za-z0-9+/]{12,256}={0,2})(?![A-Za-z0-9+/=])"
    ),
    replace=value_group(SecretKind.ENCODED),
)


# A .properties line's value runs to the end of the line, spaces and all:
# "spring.rabbitmq.password=Lift bank 3 & ward 7!" (a dotted key named for a secret, "="
# with no blank around it, as the file is written)
_PROPERTIES_BLANKS_RE = compile_bounded(
    r"(?m)^[ \t]*(?P<key>[a-z][\w\-]*(?:\.[\w\-]+)+)=(?P<value>[^\s#!][^\n]{0,255}?)[ \t]*$"
)


def _value_with_blanks(m: re.Match[str]) -> str:
    value = m.group("value")
    if " " not in value or not SECRET_KEY_NAME_RE.search(m.group("key")):
        return m.group(0)  # one word: the assignment rules read it
    if value.count(" ") > limits.SECRET_PROPERTIES_VALUE_MAX_SPACES or not_a_value(value):
        return m.group(0)
    if CJK_TEXT_RE.search(value) or " #" in value:
        return m.group(0)  # prose or a comment goes on after the value: not the value
    return replace_span(m, "value", marker(SecretKind.ASSIGNMENT))


PROPERTIES_LINE_VALUE = RedactionRule(
    id="properties-line-value",
    description="A .properties secret whose value holds spaces (…password=Lift bank 3 & ward 7!)",
    examples_match=("spring.rabbitmq.password=Lift bank 3 & ward 7!",),
    examples_no_match=(
        "spring.rabbitmq.password=${RABBIT_PASSWORD}",
        "app.token.description=the token the gateway signs requests with",
        "spring.datasource.password=Abc12345 是不是这里配错了",
    ),
    keywords=KEYWORD_NEEDLES,
    pattern=_PROPERTIES_BLANKS_RE,
    replace=_value_with_blanks,
)
