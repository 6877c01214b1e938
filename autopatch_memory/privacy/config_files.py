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
from autopatch_memory.privacy.markers import MARKER_PREFIX, SecretKind, marker
from autopatch_memory.privacy.replacing import _replace_password, _replace_span
from autopatch_memory.privacy.spelling import _MARKER_VALUE, _compile, _gate, _quoted
from autopatch_memory.privacy.values import (
    _SECRET_KEY_NAME_RE,
    _not_a_value,
    _plausible_in_prose,
    _random_looking,
    _strong_credential,
)
from autopatch_memory.privacy.words import _CJK_CLASS, _CJK_TEXT_RE, _STOPWORDS, _TRAILING

_SECRET_TAG = (
    r"(?i:password|passwd|passphrase|secret|token|api[-_.]?key|apikey|secret[-_.]?key"
    r"|access[-_.]?key|credentials?)"
)
# <password>x</password>, <password><![CDATA[x]]></password>
_XML_ELEMENT_RE = _compile(
    r"<(?P<tag>[\w.:-]{0,40}?" + _SECRET_TAG + r")(?:[ \t][^<>]{0,200})?>"
    r"(?:<!\[CDATA\[(?P<cdata>[^\]\n]{1,1024})\]\]>|(?P<value>[^<]{1,2048}))</(?P=tag)[ \t]*>"
)
# Maven's settings-security.xml: <master>{…}</master> holds the master password.
_XML_MASTER_RE = _compile(r"<master>(?P<value>\{[A-Za-z0-9+/=]{16,512}\})</master>")
# Hadoop-style XML: <name>fs.s3a.secret.key</name><value>x</value>
_XML_NAME_ELEMENT_RE = _compile(
    r"<name>[\w.:-]{0,100}?" + _SECRET_TAG + r"</name>[ \t\r\n]{0,64}"
    r"<value>(?P<value>[^<]{1,1024})</value>"
)
# Java properties XML: <entry key="db.password">x</entry>
_XML_KEYED_ELEMENT_RE = _compile(
    r"<(?P<tag>[\w.:-]{1,40})[ \t][^<>]{0,200}?\b(?:name|key)[ \t]*=[ \t]*(?P<q>[\"'])"
    r"[\w.:-]{0,60}?" + _SECRET_TAG + r"(?P=q)[^<>]{0,200}>(?P<value>[^<]{1,1024})</(?P=tag)[ \t]*>"
)
# Postman environments, ECS/k8s env arrays: {"key": "password", "value": "x"}
_JSON_NAME_VALUE_RE = _compile(
    r"\"(?:key|name)\"[ \t]*:[ \t]*\"[\w.:-]{0,60}?"
    + _SECRET_TAG
    + r"\"[ \t\r\n]*,[ \t\r\n]{0,32}\"value\"[ \t]*:[ \t]*\"(?P<value>(?:[^\"\\\n]|\\.){1,1024})\""
)
_XML_NAME_VALUE_RE = _compile(
    _gate("nk")
    + r"\b(?:name|key)[ \t]*=[ \t]*(?P<q1>[\"'])[\w.:-]{0,60}?"
    + _SECRET_TAG
    + r"(?P=q1)"
    r"[ \t\r\n]{1,32}value[ \t]*=[ \t]*(?P<q2>[\"'])(?P<value>[^\"'\n]{1,1024})(?P=q2)"
)


def _netrc(m: re.Match[str]) -> str:
    """``machine h login u password p``; not "login only, password login disabled"."""
    user = m.group("user")
    if user[-1] in ",.;:，。；" or user.lower() in _STOPWORDS or not any(c.isalnum() for c in user):
        return m.group(0)
    return _replace_password(m)


def _xml_value(m: re.Match[str]) -> str:
    group = "cdata" if "cdata" in m.re.groupindex and m.group("cdata") is not None else "value"
    value = m.group(group)
    if not value.strip() or _not_a_value(value.strip()):
        return m.group(0)
    return _replace_span(m, group, marker(SecretKind.PASSWORD))


_NETRC_RE = _compile(
    _gate("mludp")
    + r"\b(?:machine|login|user|username|default)[ \t]+(?P<user>\S{1,128})[ \t\r\n]{1,16}"
    r"(?:\S{1,128}[ \t]+\S{1,128}[ \t\r\n]{1,16})?"
    r"(?:password|passwd)[ \t]+(?P<value>" + _MARKER_VALUE + r"|" + _quoted(256) + r"|\S{1,256})"
)
# A line that is only "password X": .netrc, redis.conf (requirepass, masterauth).
_PASSWORD_LINE_RE = _compile(
    r"^[ \t]{0,32}(?:password|passwd|requirepass|masterauth|masterpassword)[ \t]+(?P<value>"
    + _MARKER_VALUE
    + r"|[^\s"
    + _CJK_CLASS
    + r"]{1,256})[ \t]*$",
    re.M,
)


# An environment line, "POSTGRES_PASSWORD=pg;drop=no,really" or "- DB_PASS=x" in a
# compose file: the value runs to the end of the line (no connection string follows).
# Environment="DB_PASSWORD=a b c", -e 'API_TOKEN=x y': the value runs to the closing quote
# TOML's multi-line basic string on one line: password = """a "quoted" b"""
_TOML_TRIPLE_QUOTED_RE = _compile(
    r"^[ \t]{0,32}(?P<key>[\w.\-]{1,64})[ \t]*=[ \t]*\"\"\"(?P<value>[^\n]{1,512}?)\"\"\"[ \t]*$",
    re.M,
)


def _toml_triple_quoted(m: re.Match[str]) -> str:
    if not _SECRET_KEY_NAME_RE.search(m.group("key")) or _not_a_value(m.group("value")):
        return m.group(0)
    return _replace_span(m, "value", marker(SecretKind.ASSIGNMENT))


_QUOTED_ASSIGNMENT_RE = _compile(
    r"(?P<q>[\"'])(?P<key>[A-Za-z_][\w.\-]{0,63})=(?P<value>[^\s\"'$][^\"'\n]{0,510}?)(?P=q)"
)


def _quoted_assignment(m: re.Match[str]) -> str:
    value = m.group("value")
    if " " not in value or not _SECRET_KEY_NAME_RE.search(m.group("key")):
        return m.group(0)  # one word: the generic assignment rule decides
    if _prose_after_value(value) or _not_a_value(value):
        return m.group(0)
    return _replace_span(m, "value", marker(SecretKind.ASSIGNMENT))


_ENV_LINE_RE = _compile(
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
    if _not_a_value(value):
        return m.group(0)
    # NACOS_AUTH_IDENTITY_VALUE=bb5n…: a secret word inside the name, random key material
    inside = _secret_word_inside(set(key.upper().split("_"))) and _random_looking(value)
    if not (_SECRET_KEY_NAME_RE.search(key) or inside):
        return m.group(0)
    return _replace_span(m, "value", marker(SecretKind.ASSIGNMENT))


# A .properties line, "signing.password=Sign!ng Key Pass": the value is the rest of the line.
_PROPERTIES_LINE_RE = _compile(
    # a dotted key, or (.ini, odbc.ini, my.cnf) a plain one with spaces around its '='
    r"^[ \t]{0,32}(?P<key>[\w\-]{1,64}(?:\.[\w\-]{1,64}){1,12}|[\w\-]{1,64}(?=[ \t]+=[ \t]))"
    r"[ \t]*=[ \t]*(?P<value>[^\s\"'$#][^\n]{0,2047})",
    re.M,
)


# "secret = a + b;", "token = x if y else z {": a statement, not a value with spaces
_CODE_END_RE = re.compile(r"[;{]$|[ \t][+*|&?:][ \t]")


def _properties_line(m: re.Match[str]) -> str:
    value, key = m.group("value").rstrip(), m.group("key")
    # nacos.core.auth.server.identity.value=Id3ntity-V4lue#91: a secret word inside the
    # name, and a value that is key material or a chosen password
    inside = _secret_word_inside(set(key.upper().replace("-", ".").split(".")))
    if inside and " " not in value and not _SECRET_KEY_NAME_RE.search(key):
        if not (_random_looking(value) or _strong_credential(value)) or _not_a_value(value):
            return m.group(0)
        return _replace_span(m, "value", marker(SecretKind.ASSIGNMENT))
    if " " not in value or not _SECRET_KEY_NAME_RE.search(key):
        return m.group(0)  # one word: the generic assignment rule decides
    if _prose_after_value(value):
        return m.group(0)  # "password=hunter2 是不是这里配错了？": the value is its first word
    if _not_a_value(value) or value.startswith(MARKER_PREFIX) or _CODE_END_RE.search(value):
        return m.group(0)
    return _replace_span(m, "value", marker(SecretKind.ASSIGNMENT) + m.group("value")[len(value) :])


def _prose_after_value(value: str) -> bool:
    """Words of a sentence go on after the first one: a question, Chinese text, or a
    function word ("hunter2 is this right?")."""
    words = value.lower().split()
    return bool(
        _CJK_TEXT_RE.search(value)
        or value.endswith(("?", "？"))
        or any(w.strip(_TRAILING) in _STOPWORDS for w in words[1:])
    )


# ADO.NET / ODBC / JDBC-sqlserver: "Password=npgsql pass 1;Database=…" runs to its ";"
_CONNECTION_PASSWORD_RE = _compile(
    r"(?=[ \tPp])(?:(?<=[;\n\"'])|^)[ \t]{0,8}(?i:password|pwd)[ \t]*=[ \t]*"
    r"(?P<value>\{(?:[^}\n]|\}\}){1,256}\}|[^;\n\"'{][^;\n\"']{0,255})(?P<end>;)?"
)


def _connection_password(m: re.Match[str]) -> str:
    text, start = m.string, m.start()
    if not (m.group("end") or text[start - 1 : start] == ";") or " " not in m.group("value"):
        return m.group(0)  # not a connection string, or one word (the generic rule's)
    return _replace_password(m)


# ~/.pgpass: host:port:database:user:password, one entry a line
_PGPASS_RE = _compile(
    r"^[ \t]{0,8}[\w.\-*\[\]]{1,253}:(?:\d{1,5}|\*):[^:\s]{1,128}:[^:\s]{1,128}:"
    r"(?P<value>[^\s]{1,256})[ \t]*$",
    re.M,
)


def _pgpass(m: re.Match[str]) -> str:
    value = m.group("value")
    named = "pgpass" in m.string[max(0, m.start() - limits.SECRET_CONTEXT_CHARS) : m.start()]
    if m.re is _PGPASS_INLINE_RE and not named:
        return m.group(0)  # inside a sentence only where the text says it is a .pgpass line
    if value.isdigit() or not (
        named or _plausible_in_prose(value, min_chars=limits.SECRET_MIN_CHARS_IN_PROSE)
    ):
        return m.group(0)
    return _replace_password(m)


# A .pgpass line quoted inside a sentence ("~/.pgpass 里写的是 h:5432:db:u:V 权限…"),
# a field's ":" and "\" escaped with "\"
_PGPASS_FIELD = r"(?:\\[:\\]|[^:\s\\]){1,128}"
_PGPASS_INLINE_RE = _compile(
    r"(?<![\w.:\-])[\w.\-*\[\]]{1,253}:(?:\d{1,5}|\*):"
    + _PGPASS_FIELD
    + ":"
    + _PGPASS_FIELD
    + r":(?P<value>(?:\\[:\\]|[^:\s\\]){1,256})(?!\S)"
)


# The cookie a RabbitMQ/Erlang node authenticates with, shown by cat .erlang.cookie
_ERLANG_COOKIE_FILE_RE = _compile(
    r"\.erlang\.cookie\b[^\n]{0,120}\n[ \t]{0,8}(?P<value>[A-Za-z0-9]{16,255})[ \t]*$", re.M
)
