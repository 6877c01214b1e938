"""The single secret choke point (see docs/privacy.md).

:func:`redact` replaces every secret it recognises with ``[REDACTED:<kind>]``.
The store calls it on every string of the document right before a write and the
journal on every entry, so no other code path can put a secret on disk. It is
idempotent (a redacted text stays as it is) and deliberately conservative about
what it calls a secret: the bare words "key" and "token", Java identifiers such
as ``tokenService``, commit hashes, UUIDs, paths and questions about passwords
are left alone.

Linear time on any input. Python's ``re`` backtracks, so every pattern here
keeps one discipline: a pattern either starts at a literal anchor (``://``,
``-----BEGIN``, a keyword, a vendor prefix guarded by a negative look-behind of
its own body class, so one run of characters gives at most one attempt), or
every quantifier it uses before a required element is bounded. No quantified
group can match the same text two ways. A 256 KiB adversarial text costs a
bounded number of steps per character; ``tests/test_privacy.py`` checks it.
"""

from __future__ import annotations

import base64
import binascii
import re
from collections import deque
from collections.abc import Iterable
from functools import lru_cache
from typing import NamedTuple

from autopatch_memory import limits, signals
from autopatch_memory.patterns import one_of
from autopatch_memory.privacy.command_lines import (
    _CLI_KEY_ID_RE,
    _CLI_RULES,
    _CONFIG_SET_RE,
    _HERE_STRING_PASSWORD_RE,
    _OPTION_USER_PASSWORD_RE,
    _POWERSHELL_SECURE_STRING_RE,
    _REDIS_AUTH_RE,
    _STDIN_PASSWORD_RE,
    _config_set,
    _key_id_like,
)
from autopatch_memory.privacy.config_files import (
    _CONNECTION_PASSWORD_RE,
    _ENV_LINE_RE,
    _ERLANG_COOKIE_FILE_RE,
    _JSON_NAME_VALUE_RE,
    _NETRC_RE,
    _PASSWORD_LINE_RE,
    _PGPASS_RE,
    _PROPERTIES_LINE_RE,
    _QUOTED_ASSIGNMENT_RE,
    _XML_ELEMENT_RE,
    _XML_KEYED_ELEMENT_RE,
    _XML_MASTER_RE,
    _XML_NAME_ELEMENT_RE,
    _XML_NAME_VALUE_RE,
    _connection_password,
    _env_line,
    _netrc,
    _pgpass,
    _properties_line,
    _quoted_assignment,
    _xml_value,
)
from autopatch_memory.privacy.headers_urls import (
    _AUTHORIZATION_RE,
    _BEARER_RE,
    _ORACLE_JDBC_RE,
    _URL_USERINFO_RE,
    _bearer_ok,
    _url_credentials,
)
from autopatch_memory.privacy.markers import MARKER_PREFIX, MARKER_RE, SecretKind, marker
from autopatch_memory.privacy.replacing import (
    _plausible_value,
    _replace_password,
    _replace_span,
    _Replacer,
    _requote,
    _value_group,
)
from autopatch_memory.privacy.shapes import (
    _AWS_SECRET_ASSIGNMENT_RE,
    _BARE_AWS_SECRET_RE,
    _BLOCK_RULES,
    _CLASS_PREFIXED_RULES,
    _VENDOR_RE,
    _WEBHOOK_RE,
    _bare_aws_secret,
    _vendor,
)
from autopatch_memory.privacy.source_code import (
    _CHAR_ARRAY_LITERAL_RE,
    _CLIENT_SETUP_RE,
    _CREDENTIAL_CALL_RE,
    _ENCODED_PAIR_LITERAL_RE,
    _JDBC_ARGUMENTS_RE,
    _KEY_MATERIAL_CALL_RE,
    _SECRET_AFTER_KEY_ID_RE,
    _SETTER_RE,
    _SQL_INSERT_RE,
    _SQL_PASSWORD_RE,
    _char_array_literal,
    _client_setup,
    _credential_call,
    _key_material_call,
    _setter,
    _sql_insert,
)
from autopatch_memory.privacy.spelling import (
    _MARKER_VALUE,
    _UNQUOTED_VALUE,
    _compile,
    _gate,
    _quoted,
)
from autopatch_memory.privacy.surroundings import (
    _inside_marker,
    _line_after,
    _line_before,
    _walk_back,
)
from autopatch_memory.privacy.tables import _DELIMITED_TABLE_RE, _TABLE_RE, _delimited_table, _table
from autopatch_memory.privacy.values import (
    _ADJECTIVE_SUFFIXES,
    _CAMEL_OR_SNAKE_RE,
    _HEX_RE,
    _IDENTIFIER_RE,
    _KEY_ID_RE,
    _PUBLIC_ID_RE,
    _QUANTITY_RE,
    _SECRET_WORD_RE,
    _STRONG_SYMBOL_RE,
    _UUID_RE,
    _bare,
    _credential_like,
    _is_code_reference,
    _not_a_value,
    _passphrase,
    _plausible_in_prose,
    _random_looking,
    _strong_credential,
)
from autopatch_memory.privacy.words import (
    _CJK_TEXT_RE,
    _FULLWIDTH_VALUE_CHARS,
    _STOPWORDS,
    _TECH_TERMS,
    _TRAILING,
    NOT_SECRET_VALUES,
    NOT_SECRET_WORDS,
)

# ${NAME:default} (Spring) and ${NAME:-default} (shell); ${NAME:?message} is an error text.
_PLACEHOLDER_DEFAULT_RE = re.compile(r"(\$\{[\w.\-]{1,100}:-?)(?!\?)([^{}\s\"']{1,256})(\})")


_PLACEHOLDER_SCHEMES = frozenset({"env", "sys", "file", "secret", "secrets", "vault", "k8s"})


def _redact_placeholder_defaults(value: str, kind: SecretKind) -> str:
    """``${DB_PASSWORD:root123}``: the default after the colon is a secret;
    ``${env:API_KEY}`` and ``${DB_PW:OTHER_PASSWORD}`` name where the value comes from."""

    def replace(m: re.Match[str]) -> str:
        name = m.group(1)[2:].rstrip(":-").lower()
        if name in _PLACEHOLDER_SCHEMES or _not_a_value(m.group(2), code=True):
            return m.group(0)
        return m.group(1) + marker(kind) + m.group(3)

    return _PLACEHOLDER_DEFAULT_RE.sub(replace, value)


# 账号 admin/Adm1n!  /  login: ops / 0ps#Team  /  user root/toor
_USER_SLASH_PASSWORD_RE = _compile(
    _gate("账帐用Uu登LlAaCc")
    + r"(?:(?P<kw>账号密码|账号/密码|用户名密码|用户名/密码|账密|账号|帐号|账户|帐户|用户名|登录)"
    r"[ \t]{0,4}[:：]?"
    r"|(?<![\w\-])(?P<kw2>(?i:user(?:name)?|login|account|creds?|credentials))"
    r"(?:[ \t]{0,4}[:：]|[ \t]+(?i:are|is)[ \t]|[ \t]))"
    r"[ \t]{0,4}[A-Za-z0-9_.@\-]{1,64}(?:/|[ \t]{1,2}/[ \t]{1,2})"
    r"(?P<value>" + _MARKER_VALUE + r"|[\x21-\x2e\x30-\x7e]{3,128})"
)
_PAIR_WORD_RE = re.compile(r"密码|账密|(?i:cred)")


def _user_slash_password(m: re.Match[str]) -> str:
    """A user, a slash and a password, unless the slash is one of a path's.

    "登录 admin/login", "user admin/list", "后台登录走/admin/login": a route (the path goes
    on after the value, or the value is a bare word and nothing said "password").
    """
    if m.string.startswith("/", m.end()):
        return m.group(0)
    said_password = _PAIR_WORD_RE.search(m.group("kw") or m.group("kw2"))
    plausible = _plausible_in_prose(m.group("value"), min_chars=limits.SECRET_MIN_CHARS_IN_PROSE)
    if not said_password and not plausible:
        return m.group(0)
    return _replace_password(m)


# root/Root@123, admin / Adm1n!: a well-known account name, a slash, a credential.
_ACCOUNT_SLASH_PASSWORD_RE = _compile(
    _gate("RrAaSsPpTtDdOoGgNnEe")
    + r"(?<![\w/.\-])(?i:root|admin|administrator|sa|postgres|sys|system|test|dev|ops|guest"
    r"|deploy|nacos|elastic)[ \t]{0,2}/[ \t]{0,2}(?P<value>[\x21-\x2e\x30-\x7e]{4,128})"
)
_FILE_NAME_RE = re.compile(r"^[\w\-]+\.[A-Za-z]{1,5}$")


def _account_slash_password(m: re.Match[str]) -> str:
    value = _bare(m.group("value"))
    if m.string[m.end() : m.end() + 1] == "/" or value.startswith("."):
        return m.group(0)  # root/.ssh/…: a path
    if (
        _FILE_NAME_RE.match(value)
        or _IMAGE_TAG_RE.match(value)
        or not _plausible_in_prose(value, min_chars=limits.SECRET_MIN_CHARS_IN_PROSE)
    ):
        return m.group(0)
    return _replace_password(m)


# nacos/nacos-server:v2.3.1, library/mysql:8.0@sha256:…: an image, not user/password
_IMAGE_TAG_RE = re.compile(r"^[a-z0-9][a-z0-9._\-]*:[\w.\-]+(?:@sha256:[0-9a-f]{16,64})?$")


# A stated secret, and a remark in brackets after it: "[REDACTED:password] (dev)".
_STATED_MARKER = r"\[REDACTED:(?:password|secret_value)\](?:[ \t]{0,4}[(（][^()（）\n]{1,20}[)）])?"
# After a stated password, another one in the same sentence: "…密码是 [R]，生产是 X",
# "the qa password is [R], prod: X", "[R] and prod is X"; and "密码在 … 里，是 X".
_NEXT_CONNECTOR_VALUE = (
    r"(?:是|为|[:：]|(?<![A-Za-z])(?i:is|are|was)(?![A-Za-z]))[ \t]*(?P<value>"
    + _MARKER_VALUE
    + r"|[\x21\x23-\x26\x28-\x5f\x61-\x7e]{1,256})"
)
_NEXT_SECRET_RE = _compile(
    _STATED_MARKER
    + r"(?:[ \t]*[，,、；;][ \t]*(?:(?i:and|or)[ \t]+)?|[ \t]+(?i:and|or|but|while|whereas)[ \t]+)"
    r"[^\s，,。；;:：=是为]{1,16}(?:[ \t]+[^\s，,。；;:：=是为]{1,16}){0,2}?[ \t]*"
    + _NEXT_CONNECTOR_VALUE
)
# "密码在 … 里，是 X", "重置了 AppSecret，现在是 X": found at the comma, the keyword
# looked for in the clause before it (a pattern that started at every keyword and
# scanned ahead for a comma cost a factor on keyword-dense text).
_SECRET_AFTER_COMMA_RE = _compile(
    r"(?:[，,][ \t]*(?:就|现在|目前|当前|新的|已经|改成了?"
    r"|(?:(?!是|为)[\u4e00-\u9fff]){1,6}(?=[是为：]))?"  # "，内容是 X", "，补一下：X"
    r"|[;；,][ \t]*(?i:(?:the[ \t]+)?new[ \t]+one|new|now|it(?:'s|[ \t]+is)[ \t]+now)"
    r"[ \t]*(?=[:：]))" + _NEXT_CONNECTOR_VALUE
)
_KEYWORD_BEFORE_COMMA_RE = re.compile(
    r"(?:密码|口令|密钥|秘钥|令牌|(?<![A-Za-z])(?i:(?P<key>key)|password|secret|token"
    r"|app[ _\-]?secret|api[ _\-]?key)(?![A-Za-z]))[^。\n]*$"
)


def _secret_after_comma(m: re.Match[str]) -> str:
    clause = m.string[max(0, m.start() - limits.SECRET_CLAUSE_CHARS) : m.start()]
    found = _KEYWORD_BEFORE_COMMA_RE.search(clause)
    if not found or (found.group("key") and not _random_looking(m.group("value"))):
        return m.group(0)  # after a bare "key" only key material
    return _plausible_value(m)


# A list of secrets: "the passwords are [R] and X", "Tokens: [R] (dev), X (prod)",
# "AK/SK 分别是 [R] 和 X". What follows a key id must be key material itself.
_LISTED_SECRET_RE = _compile(
    r"\[REDACTED:(?P<kind>password|secret_value|cloud_access_key|aws_access_key)\]"
    r"(?:[ \t]{0,4}[(（][^()（）\n]{1,20}[)）])?"
    r"(?:[ \t]*(?:[,，、/&]|和|及|以及|(?<=[ \t])(?i:and)(?=[ \t]))[ \t]*"
    r"|(?:(?<=cloud_access_key\])|(?<=aws_access_key\]))[ \t]*\r?\n[ \t]*)"
    r"(?P<q>[\"'`])?(?P<value>" + _MARKER_VALUE + r"|[\x21\x23-\x26\x28-\x5f\x61-\x7e]{1,256})"
)
_KEY_VALUE_PAIR_RE = re.compile(r"^[A-Za-z_][\w.\-]{0,40}[=:]")


def _listed_secret(m: re.Match[str]) -> str:
    value = m.group("value")
    if value.startswith(MARKER_PREFIX) or _KEY_VALUE_PAIR_RE.match(value):
        return m.group(0)  # "[R], port=3306": the next setting, not the next secret
    bare = _bare(value)
    if m.group("kind") in ("password", "secret_value"):
        ok = _plausible_in_prose(bare, min_chars=limits.SECRET_MIN_CHARS_IN_PROSE)
    else:
        ok = _random_looking(bare)
    if not ok:
        return m.group(0)
    return _replace_span(m, "value", _requote(value, marker(SecretKind.PASSWORD)))


# "login as root with toor123", "ssh as ops using 0ps!"
_LOGIN_WITH_RE = _compile(
    r"\b(?i:log[ \t]?in|sign[ \t]?in|ssh|connect)[ \t]+(?i:as[ \t]+)?[\w.@\-]{1,64}[ \t]+"
    r"(?i:with|using)[ \t]+(?:(?i:password|pw)[ \t]+)?(?P<value>"
    + _MARKER_VALUE
    + r"|[\x21\x23-\x26\x28-\x5f\x61-\x7e]{1,256})"
)


# The key ends with one of these. Compound keys come before their last word so
# "secret_key" is tried before "secret".
_KEY_PREFIXES = (
    "api secret private access client signing sign encryption encrypt decrypt master"
    " account shared[-_.]?access storage license subscription consumer webhook deploy session"
    " hmac jwt aes mch apiv3 auth"
).split()
_KEYWORD = (
    "(?P<kw>"
    + one_of(
        (
            *(f"{prefix}[-_.]?key" for prefix in _KEY_PREFIXES),
            *"apikey accountkey keypass storepass requirepass masterauth".split(),
            r"erlang[-_.]?cookie",
            *"pass(?:word|wd|phrase|code)? pwd pw secret token credentials? auth sig sk ak".split(),
            "signature",
            "key",
        )
    )
    + ")"
)
_SHORT_KEYWORDS = frozenset(
    {
        "pass",
        "pwd",
        "pw",
        "auth",
        "sig",
        "signature",
        "passcode",
        "aeskey",
        "aes_key",
        "sk",
        "key",
        "ak",
    }
)
_QUERY_ONLY_KEYWORDS = frozenset({"sig", "signature"})
# Besides ``=``/``:``/``=>``/``:=`` and full-width forms, three shapes whose value must
# be a literal: ``val token: String = "x"`` (a typed declaration), ``("password", "x")``
# (a quoted key and a comma) and ``storePassword 'x'`` (a Groovy/Gradle DSL call).
_SEPARATOR = (
    r"(?P<sep>(?P<typed>:[ \t]{0,4}[A-Za-z_][\w.]{0,40}(?:<[\w.<>, ?]{0,60}>)?\??[ \t]{0,4}"
    r"=(?![=>])(?=[ \t]*[bBrRuU]{0,2}[\"'`]))"
    r"|:=|=>|=(?![=~>])|:(?![:/]|\\(?![\"']))|：|＝"
    r"|(?P<comma>,)(?=[ \t]{0,8}(?:\(\)[ \t]{0,4}->[ \t]{0,4})?[\"'])"
    r"|(?P<dsl>(?<=[ \t]))(?=[\"']))"
)
_KEYWORD_GATE = _gate("AaSsPpCcEeMmLlWwDdKkTtHhJjRr")
# password=\"x\" inside a Java or JSON string
_ESCAPED_QUOTED = r'\\"(?:[^"\\\n]|\\[^"\n]){1,256}\\"' + r"|\\'(?:[^'\\\n]|\\[^'\n]){1,256}\\'"
_ASSIGNMENT_RE = _compile(
    _KEYWORD_GATE
    + r"(?i:"
    + _KEYWORD
    + r")(?P<close>\\?[\"']?\]?)[ \t]{0,8}"
    + _SEPARATOR
    + r"[ \t]*"
    r"(?:\(\)[ \t]{0,4}->[ \t]{0,4})?(?:[bBrRuU]{1,2}(?=[\"']))?(?!\[REDACTED:)(?P<value>"
    r"\$\{[^{}\s]{0,300}\}|\$\{|\{\{|\#\{|"
    + _ESCAPED_QUOTED
    + "|"
    + _quoted(2048)
    + r"|"
    + _UNQUOTED_VALUE
    + r")"
)
# Kubernetes env: "- name: DB_PASSWORD" then "value: x" on the next line.
_K8S_ENV_RE = _compile(
    r"\b(?i:name|property|key):[ \t]{0,8}(?P<q>[\"']?)[\w.\-]{0,64}?(?i:" + _KEYWORD + r")(?P=q)"
    r"[ \t]*\r?\n[ \t]{0,64}(?i:value):[ \t]{0,8}(?P<value>"
    + _MARKER_VALUE
    + r"|"
    + _quoted(1024)
    + r"|[^\s\"'#][^\n]{0,1023})"
)
_KEY_CHARS_RE = _compile(r"[\w.\-$]")


def _key_start(text: str, kw_start: int) -> int:
    """Where the key that ends with the keyword begins (bounded walk back)."""
    return _walk_back(text, kw_start, _KEY_CHARS_RE, limits.SECRET_MAX_KEY_CHARS)


def _keyword_is_component(text: str, kw_start: int, kw: str) -> bool:
    """The keyword is a word of the key, not the tail of another word ("bypass")."""
    if kw_start == 0:
        return True
    prev = text[kw_start - 1]
    if not prev.isalnum():
        return True
    if kw[0].isupper() and (prev.islower() or prev.isdigit()):
        return True  # camelCase: dbPassword, accessToken
    return kw.lower() not in _SHORT_KEYWORDS


def _in_query(text: str, key_start: int) -> bool:
    return key_start > 0 and text[key_start - 1] in "?&;"


def _prose_key(text: str, key_start: int, kw_end: int) -> bool:
    """``The secret: it…`` / ``Forgot password: click…`` — a plain word used in a
    sentence, not a configuration key (those have ``_ . -``, camelCase or sit alone)."""
    key = text[key_start:kw_end]
    if not key.isalpha() or any(c.isupper() for c in key[1:]):
        return False
    before = _line_before(text, key_start)
    return bool(before.strip()) or key[0].isupper()


def _assignment(m: re.Match[str]) -> str:
    text, value = m.string, m.group("value")
    if value.startswith(MARKER_PREFIX) or value in ("${", "{{", "#{"):
        return m.group(0)
    key_start = _key_start(text, m.start("kw"))
    if _not_an_assignment(m, key_start):
        return m.group(0)
    if value.startswith("${") and value.endswith("}"):
        return _replace_span(m, "value", _redact_placeholder_defaults(value, SecretKind.ASSIGNMENT))
    open_quote = _opening_quote(value)
    value = value.rstrip() if open_quote else value
    inner = value[len(open_quote) : len(value) - len(open_quote)] if open_quote else value
    if open_quote and "${" in inner:
        redacted = _redact_placeholder_defaults(inner, SecretKind.ASSIGNMENT)
        return _replace_span(m, "value", open_quote + redacted + open_quote)
    if not _assigned_literal(m, key_start, inner, quoted=bool(open_quote)):
        return m.group(0)
    in_query = _in_query(text, key_start)
    kind = _jdbc_or_assignment(text, key_start) if in_query else SecretKind.ASSIGNMENT
    if open_quote:
        return _replace_span(m, "value", open_quote + marker(kind) + open_quote)
    return _replace_span(m, "value", _requote(value, marker(kind)))


def _opening_quote(value: str) -> str:
    """The quote a value opens with: ``"``, ``'``, a back-quote, or an escaped ``\\"``."""
    if value.startswith(('\\"', "\\'")):
        return value[:2]
    return value[0] if value[0] in "\"'`“" else ""


def _not_an_assignment(m: re.Match[str], key_start: int) -> bool:
    """The keyword and separator are not a secret key being given a value: "bypass=",
    ``sig`` outside a query, "auth: basic", ``${JWT_SECRET:?must be set}``, a Maven
    coordinate ("io.jsonwebtoken:jjwt-api:0.11.5")…"""
    text, value, kw = m.string, m.group("value"), m.group("kw")
    kw_start = m.start("kw")
    if not _keyword_is_component(text, kw_start, kw) or _inside_marker(text, kw_start):
        return True
    if kw.lower() in _QUERY_ONLY_KEYWORDS and not _in_query(text, key_start):
        return True
    if kw.lower() == "auth" and text[kw_start - 1 : kw_start] != "_":
        return True  # only npm's "_auth=…", not "auth: basic"
    if kw.lower() == "key" and (
        _PUBLIC_KEY_NAME_RE.search(text[key_start:kw_start])
        or (kw_start == key_start and not _in_query(text, key_start))
    ):
        # a public key, or a bare "key:" (the value's shape decides elsewhere); "?key=" in
        # a URL is an API or webhook key
        return True
    if text[max(0, key_start - 2) : key_start] == "${" and value.startswith("?"):
        return True  # ${JWT_SECRET:?must be set}: an error message, not a default
    if m.group("sep") == ":" and _COORDINATE_RE.match(value):
        return True  # group:artifact:version
    if _REFERENCE_KEY_RE.search(text[key_start:kw_start]) and _OBJECT_NAME_RE.match(value):
        return True  # existingSecret: mall-mysql names a Kubernetes Secret
    return bool(
        (m.group("comma") or m.group("dsl") is not None) and not _literal_form_ok(m, key_start)
    )


_PUBLIC_KEY_NAME_RE = re.compile(r"(?i)pub(?:lic)?[-_.]?$")


_REFERENCE_KEY_RE = re.compile(r"(?i)(?:existing|external|ref|from)[-_.]?$")
_OBJECT_NAME_RE = re.compile(r"^[\"']?[a-z0-9](?:[a-z0-9.\-]{0,251}[a-z0-9])?[\"']?$")
_COORDINATE_RE = re.compile(r"^[A-Za-z][\w.\-]{0,100}:v?\d[\w.\-]{0,40}(?::[\w.\-]{1,40})?$")


def _assigned_literal(m: re.Match[str], key_start: int, inner: str, *, quoted: bool) -> bool:
    """Whether the value assigned to a secret key is a literal secret, not a variable, a
    placeholder, a type or a word of a sentence."""
    text = m.string
    in_query = _in_query(text, key_start)
    in_default = text[key_start - 2 : key_start] == "${"
    kw = m.group("kw").lower()
    if _PUBLIC_ID_RE.match(inner) and not _SECRET_WORD_RE.search(kw):
        return False  # app-key: ding…, a public app id (an appSecret is secret whatever it is)
    if kw == "key":
        if in_query:  # ?key=…: an API key (a UUID or a short hex key too)
            hex_key = len(inner) >= limits.SECRET_MIN_HEX_CHARS_RANDOM and not inner.isdigit()
            return _random_looking(inner) or bool(
                _UUID_RE.match(inner) or (hex_key and _HEX_RE.match(inner))
            )
        return _random_looking(inner)  # "api-v3-key: …", not "cache-key: user:1"
    if kw == "ak":
        return _random_looking(inner) or bool(_KEY_ID_RE.match(inner))  # an access key id
    # After "=", or as the default of "${key:default}", the value is a literal.
    literal = m.group("sep") in ("=", ":=", "=>", "＝") or in_default
    if _not_a_value(inner, words=not literal):
        return False
    if not quoted and inner.lower() in _STOPWORDS and _WORD_AFTER_RE.match(text, m.end("value")):
        return False  # "password = the one in vault": a sentence goes on after an article
    if (
        not (quoted or in_query or in_default)
        and _is_code_reference(inner.strip())
        and _code_line(m, key_start)
    ):
        return False  # ``password = rawPassword``: a variable where code may be around
    if not quoted and _SUBSCRIPT_RE.match(inner):
        return False  # password=os.environ['DB_PASSWORD'], token=cfg["token"]
    if not quoted and not in_query and _ends_code_statement(text, m.end("value"), inner):
        return False  # ``String pwd = input;``: a variable, not a literal
    prose = m.group("sep") in (":", "：") and _prose_key(text, key_start, m.end("kw"))
    if not prose or _plausible_in_prose(inner, min_chars=limits.SECRET_MIN_CHARS_IN_PROSE):
        return True
    # "use this password: horse-battery-staple" ends its line
    passphrase_key = m.group("kw").lower().startswith("pass")
    return passphrase_key and _passphrase(inner) and not _line_after(text, m.end("value")).strip()


_SUBSCRIPT_RE = re.compile(r"^[A-Za-z_$][\w$.]{0,80}\[$")
# A word of prose after a value: not the key of another assignment ("pwd=a pwd=a").
_WORD_AFTER_RE = re.compile(r"[ \t]{1,4}(?:[A-Za-z]+(?=[ \t,.;!?]|$)|[\u4e00-\u9fff])")
# Code around an assignment: a declaration, a call or an object literal before the key.
_CODE_BEFORE_KEY_RE = re.compile(r"[({,]|\b(?:val|var|let|const|final|String|this|self|def)\b")


def _code_line(m: re.Match[str], key_start: int) -> bool:
    """The assignment may be code, where a bare name is a variable (``password =
    rawPassword``), rather than a line of configuration (``keyPassword=AndroidKeyPw1``,
    ``db_pass: MyDbPass``): something precedes the key on its line, the separator is
    spaced, or a statement or argument list goes on after the value."""
    text = m.string
    if _CODE_BEFORE_KEY_RE.search(_line_before(text, key_start)):
        return True
    sep_start = m.start("sep")
    if m.group("sep") in ("=", ":=") and text[sep_start - 1 : sep_start] in (" ", "\t"):
        return True
    return bool(_line_after(text, m.end("value")).strip(" \t"))


_CONSTANT_KEY_RE = re.compile(r"^(?:[A-Z]\w{0,40}\.)?[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$")


def _literal_form_ok(m: re.Match[str], key_start: int) -> bool:
    """``("password", "x")`` needs a quoted key; ``storePassword 'x'`` a statement of
    its own line or a credential-like literal ("the password 'reset' flow" is prose)."""
    text = m.string
    if m.group("comma"):
        close = m.group("close")[:1]
        if not close:  # env.put(Context.SECURITY_CREDENTIALS, "x"): a constant names it
            return bool(_CONSTANT_KEY_RE.match(text[key_start : m.end("kw")]))
        return text[key_start - 1 : key_start] == close
    alone = not _line_before(text, key_start).strip() and not _line_after(text, m.end()).strip(
        " \t;)"
    )
    inner = m.group("value")[1:-1]
    return alone or _plausible_in_prose(inner, min_chars=limits.SECRET_MIN_CHARS_IN_PROSE)


def _jdbc_or_assignment(text: str, key_start: int) -> SecretKind:
    """A ``password=`` parameter of a JDBC URL is a JDBC password."""
    window = text[max(0, key_start - limits.SECRET_MAX_URL_CHARS) : key_start]
    token = window.split()[-1] if window.split() else ""
    return SecretKind.JDBC_PASSWORD if "jdbc:" in token else SecretKind.ASSIGNMENT


def _ends_code_statement(text: str, end: int, value: str) -> bool:
    bare = value.rstrip(_TRAILING)
    return bool(_IDENTIFIER_RE.match(bare)) and text[end : end + 1] == ";" and not bare.isdigit()


# YAML plain scalars may hold spaces: ``password: correct horse battery staple``.
_YAML_LINE_RE = _compile(
    # A key starts the line and a colon follows soon: other lines fail at once.
    r"^(?=[ \t\-\"']{0,64}[\w.\-][^\n:]{0,130}:)"
    r"[ \t]{0,64}(?:-[ \t]+)?[\"']?(?P<key>[\w.\-]{0,64}?(?i:" + _KEYWORD + r"))[\"']?"
    r"[ \t]{0,8}:[ \t]+(?P<value>[^\s\"'#|>&*!{\[`][^\n]{0,2047})(?=\n|\Z)",
    re.M,
)
_YAML_COMMENT_RE = _compile(r"[ \t]#")
# A plain scalar holding these runs to the end of its line ("Seata&Tx=2024"), where the
# generic rule would stop at the next "k=" of a query string.
_DELIMITERS_RE = re.compile(r"[&;,]")


def _yaml_line(m: re.Match[str]) -> str:
    # The pattern takes the line to its end (no lazy scan: that would backtrack);
    # the comment and trailing blanks are cut here.
    key, line = m.group("key"), m.group("value")
    comment = _YAML_COMMENT_RE.search(line)
    value = (line[: comment.start()] if comment else line).rstrip()
    if value.startswith(MARKER_PREFIX) or (" " not in value and not _DELIMITERS_RE.search(value)):
        return m.group(0)  # one word: the generic assignment rule decides
    if m.group("kw").lower() in ("key", "ak") and not _random_looking(value):
        return m.group(0)  # "cache-key: order detail"
    if key.isalpha() and key[0].isupper():
        return m.group(0)  # "Password: reset it by mail" is a sentence, not YAML
    words = value.lower().split()
    if (
        any(w.strip(_TRAILING) in _STOPWORDS for w in words)
        or _CJK_TEXT_RE.search(value)
        or value.rstrip().endswith(("?", "？"))
        or words[0] in NOT_SECRET_VALUES
        or _not_a_value(value)
    ):
        return m.group(0)  # prose after a colon: leave it to the sentence rules
    kw = m.group("kw")
    if not _keyword_is_component(m.string, m.start("kw"), kw):
        return m.group(0)
    return _replace_span(m, "value", marker(SecretKind.ASSIGNMENT) + line[len(value) :])


_ZH_KEYWORD = r"(?P<kw>密码|口令|密钥|秘钥|私钥|令牌|授权码|凭证|凭据|(?i:pin)[ \t]?码)"
# An ASCII keyword inside Chinese text: "token 是 X", "AppSecret 为 X", "SK：X",
# "requirepass 设成了 X", "jasypt.encryptor.password 是 X"; a bare "key" and "pin" need
# a value of their own shape (_zh_sentence).
_ASCII_KEYWORDS_IN_ZH = one_of(
    (
        r"access[ _\-]?key[ _\-]?secret",
        *(
            rf"{prefix}[ _\-.]?(?:key|secret)"
            for prefix in "api access secret app client private encrypt signing sign".split()
        ),
        *r"pass(?:word|wd|phrase) pwd token secret apikey appsecret requirepass masterauth".split(),
        *"ak sk key pin".split(),
    )
)
_ASCII_KEYWORD_IN_ZH = (
    r"(?P<kw>(?:(?<![A-Za-z])(?i:" + _ASCII_KEYWORDS_IN_ZH + r")"
    # the last word of a longer name: jasypt.encryptor.password, appSecret, AccessKeySecret
    r"|(?<=[a-z0-9])(?:Password|Passwd|Passphrase|AccessKeySecret|AccessKey|SecretKey|Secret"
    r"|Token|ApiKey|AppSecret|AppKey)|(?<=[a-z])(?:secret|token|password|passwd))"
    # ended by anything but a letter, a digit, "_" or "-": Chinese may follow with no
    # space ("token是…")
    r"(?![A-Za-z0-9_\-]))"
)
# Connectors: "是", "为", "设成了", "给你", "填的是", "分别是"… The weak ones ("叫", "填",
# "给你", "分别是") also start questions ("密码叫什么"): their value must look like one.
_ZH_STRONG_CONNECTORS = (
    "是|为|设为|设置为|设置成|设成|改为|改成|换成|配置为|配置成|配成|用的是|写的是|设的是|配的是"
    "|配置的是|填的是|填写的是"
)
_ZH_WEAK_CONNECTORS = (
    "用的|设的|配的|填的|写的|分别是|分别为|给你的是|给你|发给你了|发给你|发你了|发你|填写|填|叫|用"
)
_ZH_CONNECTOR = (
    r"(?P<conn>(?:也|都|就|还|仍|依然|仍然|统一|默认|应该|就是)?"
    r"(?:" + _ZH_STRONG_CONNECTORS + "|" + _ZH_WEAK_CONNECTORS + r")了?|[:：=＝])"
)
_ZH_WEAK_CONNECTOR_RE = re.compile(
    r"^(?:也|都|就|还|仍|依然|仍然|统一|默认|应该|就是)?(?:" + _ZH_WEAK_CONNECTORS + ")了?$"
)
# A stated value: printable ASCII up to a blank, a quote or CJK text. A marker is not
# a value (the engine skips it without a callback), and without a connector or a quote
# ("密码 X") the value must hold a digit or a symbol: thousands of "密码 abc" in one
# text cost one regex scan, not thousands of Python calls.
_STATED_VALUE = r"[\x21\x23-\x26\x28-\x5f\x61-\x7e" + _FULLWIDTH_VALUE_CHARS + "]{1,256}"
# Where a stated value starts: not at a marker, not at a separator the pattern let go of.
_VALUE_START = r"(?![=:：＝]|\[REDACTED:)"
_CREDENTIAL_SHAPE = (
    r"(?=[A-Za-z]{0,255}[\x21\x23-\x26\x28-\x40\x5b-\x5f\x7b-\x7e" + _FULLWIDTH_VALUE_CHARS + "])"
)
# "密码 Bastion 2024 Ops!（中间有空格）", "pw Blue Sky 7 (with spaces)": the sentence
# says the value goes on over blanks.
_SPACED_VALUE = (
    r"(?P<spaced>(?:[ \t]{1,2}[\x21-\x27\x2a-\x7e]{1,64}){1,6}"
    r"(?=[ \t]{0,2}[(（][^()（）\n]{0,12}(?:空格|(?i:spaces?|blanks?))))?"
)
_ZH_VALUE = (
    r"[ \t]{0,4}[:：]?[ \t]{0,4}"
    # "密码还是之前那个 X", "SecretKey 我放这了 X": a few words before the value
    # (neither a remark nor a gap runs over a connector: "密码是密码是…" stays cheap)
    r"(?P<gap>(?:(?!是|为)[\u4e00-\u9fff]){1,6}[ \t]{0,2}(?=[\x21-\x7e]))?"
    r"(?P<q>[「『“\"'`])?"
    + _VALUE_START
    + r"(?(conn)|(?(q)|"
    + _CREDENTIAL_SHAPE
    + r"))(?P<value>(?<=[「『“\"'`])[^」』”\"'`\n]{1,256}(?=[」』”\"'`])|"
    + _STATED_VALUE
    + r")"
    + _SPACED_VALUE
    # "口令是 Pkcs8 Pass;x，Java 里…": ASCII words up to the full-width punctuation that ends
    # the Chinese clause (kept unless they look like part of a credential)
    + r"(?P<tail>(?:[ \t][\x21-\x7e]{1,64}){1,3}(?=[，。；！？]|[ \t]*(?:\n|\Z)))?"
)
# 密码（测试环境）：X  /  密码我记得是 X  /  密钥 32位：X: a remark before the connector
_ZH_REMARK = (
    r"(?P<remark>[ \t]{0,2}[（(][^）)\n]{1,20}[）)]"
    r"|[ \t]{0,2}(?:(?!是|为)[\w\u4e00-\u9fff \t]){1,10}?[ \t]{0,2}"
    r"(?=是|为|：|:(?!//)|用的|设的|配的|填的|写的|给你|发你|叫|填))?"
)
_ZH_SENTENCE_RE = _compile(
    _gate("密口秘私令授凭PpＰ")
    + _ZH_KEYWORD
    + _ZH_REMARK
    + r"[ \t]{0,4}(?:"
    + _ZH_CONNECTOR
    + r")?"
    + _ZH_VALUE
)
_ASCII_IN_ZH_RE = _compile(
    _gate("AaCcSsPpTtKkEeRrMmPp")
    + _ASCII_KEYWORD_IN_ZH
    + _ZH_REMARK
    + r"[ \t]{0,4}(?P<conn>(?:也|都|就|还|仍|依然|仍然|统一|默认|应该|就是)?"
    r"(?:" + _ZH_STRONG_CONNECTORS + "|" + _ZH_WEAK_CONNECTORS + r")了?|：)?" + _ZH_VALUE
)
# Words that point somewhere else: "密码：见 1Password", "token 在 Vault 里", "通过 X 获取".
_ZH_POINTER_RE = re.compile(
    r"见|参考|参见|查看|看|在|位于|联系|问|找|通过|由|从|来自|变量|文件|配置"
)


_HEX_KEY_ID_RE = re.compile(r"^(?:[0-9A-F]{8}|[0-9A-F]{16}|[0-9A-F]{40})$")
# Words right before a bare "key" that make it a secret key: encryption, decryption,
# signing, verification, private, (a)symmetric.
_KEY_QUALIFIER_ZH_RE = re.compile(r"(?:加密|解密|签名|验签|加签|私有|私|对称)[ \t]{0,2}$")
_ZH_WORD_AFTER_RE = re.compile(r"[ \t]{0,2}[\u4e00-\u9fff、]")
_ZH_UNIT_RE = re.compile(
    r"[ \t]{0,2}(?:位|个|次|天|小时|分钟|秒|字符|字节|元|年|月|岁|条|种|[KMG]B\b)"
)


def _zh_sentence(m: re.Match[str]) -> str:
    value, conn = m.group("value"), m.group("conn")
    if len(value) < limits.SECRET_MIN_CHARS_STATED or value.startswith(MARKER_PREFIX):
        return m.group(0)  # cheap checks first: a text may hold thousands of candidates
    if _inside_marker(m.string, m.start("kw")):
        return m.group(0)  # "[REDACTED:secret_value]" names no secret
    bare = _bare(value)
    if (bare.isdigit() or _QUANTITY_RE.match(bare)) and _ZH_UNIT_RE.match(
        m.string, m.start("value") + len(bare)
    ):
        return m.group(0)  # 密钥长度是 2048 位: a quantity
    remark, gap = m.group("remark"), m.group("gap")
    if conn is None and _HEX_KEY_ID_RE.match(bare):
        return m.group(0)  # "RSA 密钥 7A1C2B3D4E5F6071 作出": a key id, printed by gpg
    if (
        conn is None
        and m.re is _ASCII_IN_ZH_RE
        and not (_random_looking(bare) or _strong_credential(bare))
    ):
        return m.group(0)  # "secret 调 jscode2session": no connector, no key material
    if _about_an_attribute(remark, gap) or (gap and _ZH_POINTER_RE.search(gap)):
        return m.group(0)  # 密码长度：12, token 有效期：2h, 密码：见 1Password
    kw = m.group("kw").lower().replace(" ", "")
    if _PUBLIC_ID_RE.match(bare) and not _SECRET_WORD_RE.search(kw):
        return m.group(0)  # "钉钉 appkey 是 ding…": a public app id
    if kw in ("pin", "pin码"):
        ok = bool(_PIN_RE.match(bare))
    elif kw == "key":
        # A bare key is a cache or a map key unless its value is key material, or a
        # qualifier makes it a secret one ("加密 key 是 X", "签名 key：X").
        qualified = _KEY_QUALIFIER_ZH_RE.search(m.string, max(0, m.start("kw") - 8), m.start("kw"))
        ok = _random_looking(bare) or bool(
            qualified and _plausible_in_prose(bare, min_chars=limits.SECRET_MIN_CHARS_IN_PROSE)
        )
    elif not m.group("q") and (
        conn is None
        or remark
        or gap
        or _ZH_WEAK_CONNECTOR_RE.match(conn)
        or m.re is _ASCII_IN_ZH_RE
        or _ZH_WORD_AFTER_RE.match(m.string, m.start("value") + len(bare))
    ):
        # Without a connector ("密码 X"), after a remark ("密码我记得是 X") or a weak
        # connector, after an English word that may name a concept ("token：IDENT、…",
        # "AccessKey 换成 RAM 角色"), or when Chinese words go on after it, the value
        # must look like a credential ("用户名 a 密码 b" is the user-then-password rule's).
        ok = _plausible_in_prose(bare, min_chars=limits.SECRET_MIN_CHARS_IN_PROSE)
    else:
        ok = len(bare) >= limits.SECRET_MIN_CHARS_STATED and not _not_a_value(bare)
    if not ok:
        return m.group(0)
    return _replace_stated(m)


def _replace_stated(m: re.Match[str]) -> str:
    """Replace the stated value, and the words after it a remark says belong to it (or,
    in a Chinese clause, that look like part of it)."""
    whole, offset = m.group(0), m.start()
    if m.group("spaced"):
        return whole[: m.start("value") - offset] + marker(SecretKind.PASSWORD)
    tail = m.group("tail") if "tail" in m.re.groupindex else None
    if tail and m.group("conn") and not m.group("q") and _credential_like(tail.replace(" ", "")):
        return (
            whole[: m.start("value") - offset]
            + marker(SecretKind.PASSWORD)
            + whole[m.end("tail") - offset :]
        )
    return _replace_span(m, "value", _requote(m.group("value"), marker(SecretKind.PASSWORD)))


# "用户名 admin 密码 admin", "user ops password hunter", "root 密码 toor": after a user
# name a password needs no digit.
_USER_THEN_PASSWORD_RE = _compile(
    _gate("用账帐UuLlRrAaSsPp")
    + r"(?:(?:用户名|账号|帐号|账户|用户|(?<![\w\-])(?i:user(?:name)?|login)(?![A-Za-z]))"
    r"[ \t:：]{0,8}"
    r"(?P<user>[\w.@\-]{1,64})|(?<![\w\-])(?i:root|admin|administrator|sa|postgres|system))"
    r"[ \t,，、;；]{0,8}(?:(?i:and)[ \t]+)?"
    r"(?:密码|口令|(?<![\w\-])(?i:password|passwd|pwd|pass)(?![\w\-]))[ \t]*[:：=＝]?[ \t]*"
    r"(?P<q>[\"'`“])?"
    + _VALUE_START
    + r"(?![,，、;；])(?P<value>"
    + _STATED_VALUE
    + r")"
    + _SPACED_VALUE
)


def _user_then_password(m: re.Match[str]) -> str:
    user = (m.group("user") or "").lower()
    bare = _bare(m.group("value"))
    if user in _STOPWORDS or user in NOT_SECRET_WORDS or len(bare) < limits.SECRET_MIN_CHARS_STATED:
        return m.group(0)
    if _not_a_value(bare) or (bare.isdigit() and _ZH_UNIT_RE.match(m.string, m.end())):
        return m.group(0)
    return _replace_stated(m)


# "the API key is X", "the admin key for … is X": words that make "key" a secret. A bare
# "key" ("the key is …") and "pin" need a value of their own shape (_en_sentence).
_SENTENCE_KEY_PREFIXES = (
    "api access secret private license app master signing deploy admin root encryption"
    " decryption aes hmac jwt unseal recovery"
).split()
# A word of a qualifier or a relative clause: taken whole, so backtracking stays short.
_EN_WORD = r"(?:[^\s,.;:!?\"'`，。；：()（）]|\.(?=\w)){1,40}(?![^\s,.;:!?\"'`，。；：()（）])"
_EN_ASCII_WORD = r"[A-Za-z][\w\-]{0,20}(?![\w\-])"
# "is", "is now", "was", "should be", "has been changed to", "equals", "'s"…
_EN_CONNECTORS = (
    r"(?:is|are|was|were)(?:[ \t]+(?:now|still|also|always|just|currently|actually|both|all))?"
    r"|(?:has|have)[ \t]+been[ \t]+(?:changed|set|reset|updated)[ \t]+to"
    r"|(?:changed|set|reset|updated)[ \t]+to"
    r"|(?:should|must|will|would|shall|can|could|may|might)(?:[ \t]+(?:now|still|always))?"
    r"[ \t]+be|needs?[ \t]+to[ \t]+be|equals|remains|becomes|to|['’]s"
)
_EN_SENTENCE_RE = _compile(
    _gate("PpTtSsCcAaLlMmDdRrEeHhJjKk")
    # MYSQL_ROOT_PASSWORD may be the subject; /oauth/token may not
    + r"(?<![A-Za-z0-9\-/=])(?P<kw>(?i:"
    + one_of(
        (
            *(rf"{prefix}[ \t_\-]?keys?" for prefix in _SENTENCE_KEY_PREFIXES),
            r"pass(?:word|wd|phrase|code)s?",
            "pwd?",
            "pass",  # like "pw": only with "is" or ":" ("pass the token on" is a verb)
            r"auth(?:orization)?[ \t]code",
            r"pin[ \t]code",
            "pins?",
            "keys?",
            *"tokens? secrets? creds? credentials?".split(),
        )
    )
    + "))"
    r"(?:[ \t]{1,4}#?\d{1,2}(?![\w.]))?"  # "Unseal Key 1: …", "token #2: …"
    # "my token (don't share): X": a remark in brackets
    r"(?P<remark>[ \t]{0,4}[(（][^()（）\n]{1,30}[)）])?"
    # "the password for the staging DB is X": a qualifier, then a connector;
    # "the password everywhere: X", "db password -> X": a few words, then a colon;
    # "the password I set was X": a relative clause, then a connector
    r"(?:(?P<qual>[ \t]+(?i:for|of|on|to)(?:[ \t]+" + _EN_WORD + r"){1,4}?)?"
    r"[ \t]*(?:(?P<conn>(?i:" + _EN_CONNECTORS + r"))[ \t]*(?P<colon>:)?"
    r"|(?P<sep>[:=]|->|→|[—–]))"
    r"|(?P<qual2>(?:[ \t]+" + _EN_ASCII_WORD + r"){1,8}?)[ \t]*"
    r"(?:(?P<sep2>:|->|→)|(?P<rconn>(?i:is|are|was|were|should[ \t]+be|must[ \t]+be))))?"
    r"[ \t]+(?P<q>[\"'`“])?"
    + _VALUE_START
    + r"(?(conn)|(?(sep)|(?(sep2)|(?(rconn)|(?(q)|"
    + _CREDENTIAL_SHAPE
    + r")))))"
    r"(?P<value>(?<=[\"'`“])[^\"'`”\n]{1,256}(?=[\"'`”])|" + _STATED_VALUE + r")" + _SPACED_VALUE
)
# Past participles that are not "-ed", and adjectives: "the secret is kept in Vault".
_IRREGULAR_PARTICIPLES: frozenset[str] = frozenset(
    """
    kept sent set put read held known shown given taken written hidden stolen broken chosen
    lost found built bound made paid told sold spent split cut shut hit run done gone seen
    unknown opaque stateless static dynamic temporary permanent global local unchanged never
    """.split()
)


_STATEMENT_END_RE = _compile(r"[ \t]*(?:[,.;!?，。；！？)）\n]|\Z)")
# What a sentence can say about a secret instead of stating it: "the password *length*
# is 12", "the token *endpoint* is /oauth/token", "the secret *name* is db-creds".
_ATTRIBUTE_NOUNS_EN: frozenset[str] = frozenset(
    """
    id ids name names length size version type format endpoint endpoints url uri path file
    files header headers field fields column prefix suffix ttl expiry expiration lifetime
    timeout count limit policy hash hashes algorithm scheme provider store location owner
    scope scopes issuer audience rotation strength hint param parameter variable env ref
    reference label tag table bucket mode rule rules regex pattern salt cost encoding encoder
    class bean service manager property setting option flag grant entropy charset
    """.split()
)
_ATTRIBUTE_NOUNS_ZH = (
    "长度 位数 有效期 格式 类型 规则 强度 算法 文件 路径 字段 名称 名字 前缀 后缀 过期时间 参数"
    " 变量 配置项 策略 方式 位置 地址 接口 列 表 编码 版本 个数 数量"
).split()


def _plain_word(value: str) -> bool:
    """A single word that names no state ("changeit", not "hashed" or "kept")."""
    low = value.lower()
    return (
        value.isalpha()
        and not _CAMEL_OR_SNAKE_RE.search(value)
        and not low.endswith(_ADJECTIVE_SUFFIXES)
        and low not in _IRREGULAR_PARTICIPLES
        and not _not_a_value(value)
    )


def _value_end(m: re.Match[str]) -> int:
    """Where the value of ``m`` ends, sentence punctuation after it left out."""
    return m.start("value") + len(m.group("value").rstrip(_TRAILING))


def _ends_statement(text: str, end: int) -> bool:
    """The value ends its clause: no further word follows ("is case sensitive")."""
    return bool(_STATEMENT_END_RE.match(text, end))


_OWNER_RE = _compile(r"(?i)\b(?:my|our)\b(?:[ \t]+[\w\-]{1,30}){0,3}[ \t]*$")
_PIN_RE = re.compile(r"^\d{4,8}$")


def _about_an_attribute(*parts: str | None) -> bool:
    """The words between the keyword and the value name an attribute of the secret."""
    for part in parts:
        if not part:
            continue
        if any(w.lower() in _ATTRIBUTE_NOUNS_EN for w in re.findall(r"[A-Za-z]+", part)):
            return True
        if any(noun in part for noun in _ATTRIBUTE_NOUNS_ZH):
            return True
    return False


def _en_sentence(m: re.Match[str]) -> str:
    value = m.group("value")
    if value.startswith(MARKER_PREFIX) or _inside_marker(m.string, m.start("kw")):
        return m.group(0)
    kw = m.group("kw").lower()
    # "the password length is 12"; a "for …" qualifier names what the secret is for
    if _about_an_attribute(m.group("qual2"), m.group("remark")):
        return m.group(0)
    bare = _bare(value)
    if _PUBLIC_ID_RE.match(bare) and not _SECRET_WORD_RE.search(kw):
        return m.group(0)  # "the app key is ding…": a public app id
    if kw.startswith("pin"):
        ok = bool(_PIN_RE.match(bare)) and _ends_statement(m.string, _value_end(m))
    elif kw in ("key", "keys"):
        ok = _random_looking(bare)
    else:
        ok = _stated_value_ok(m, kw, bare)
    if not ok:
        return m.group(0)
    return _replace_stated(m)


_ARROWS = ("->", "→", "—", "–")  # separators no configuration file uses


def _stated_value_ok(m: re.Match[str], kw: str, bare: str) -> bool:
    """Whether the value an English sentence states after a secret keyword is one."""
    conn = (m.group("conn") or "").lower()
    text = m.string
    owner = bool(_OWNER_RE.search(text, max(0, m.start() - 60), m.start()))
    min_chars = limits.SECRET_MIN_CHARS_IN_PROSE
    sep = m.group("sep") or m.group("sep2")
    qualified = m.group("qual") or m.group("qual2") or m.group("remark") or sep in _ARROWS
    if kw in ("pw", "pwd", "pass") and not (conn or sep):
        return False  # "-field=pw secret/db": an abbreviation needs "is"/":"
    if sep and not qualified and " " not in kw and not kw.endswith("s"):
        return False  # "key: value" without a qualifier: the assignment rule decided
    stated = conn.startswith(("is", "are", "was", "has", "'s", "’s"))
    if (owner and stated) or (m.group("q") and conn):
        return len(bare) >= min_chars and not _not_a_value(bare)
    if m.group("colon") and _ends_statement(text, _value_end(m)):
        return len(bare) >= min_chars and not _not_a_value(bare)  # "the password is: X"
    if (
        (stated or sep)
        and kw.startswith("pass")
        and _ends_statement(text, _value_end(m))
        and _plain_word(bare)
    ):
        return len(bare) >= min_chars  # "the keystore password is changeit."
    if _git_object_id(text, m.start(), bare):
        return False  # "the commit that rotated the token is 4f2a…": a hash
    return _plausible_in_prose(bare, min_chars=min_chars) or (
        kw.startswith("pass") and _passphrase(bare) and _ends_statement(text, _value_end(m))
    )


_HASH_CONTEXT_RE = re.compile(r"(?i)commit|sha|hash|revision|checksum|digest|提交")
_GIT_ID_RE = re.compile(r"^[0-9a-f]{7,40}$|^[0-9a-f]{64}$")


def _git_object_id(text: str, start: int, value: str) -> bool:
    """A hex value in a sentence about commits or checksums: an object id, not a token."""
    window = text[max(0, start - limits.SECRET_CONTEXT_CHARS // 4) : start]
    return bool(_GIT_ID_RE.match(value) and _HASH_CONTEXT_RE.search(window))


# "use hunter2 as the password"
_USE_AS_RE = _compile(
    _gate("Uu") + r"\b(?i:use|using)[ \t]+"
    r"(?:`(?P<quoted>[^`\n]{1,128})`|[\"'`]?(?P<value>[^\s\"'`]{4,128})[\"'`]?)"
    r"[ \t]+(?i:as)[ \t]+"
    r"(?:(?i:the|my|our|a|an)[ \t]+)?(?:[\w\-]{1,30}[ \t]+)?"
    r"(?i:password|passphrase|token|secret|api[ \t]key)\b"
)


def _use_as(m: re.Match[str]) -> str:
    group = "value" if m.group("value") is not None else "quoted"
    if not _plausible_in_prose(m.group(group), min_chars=limits.SECRET_MIN_CHARS_IN_PROSE):
        return m.group(0)
    return _replace_span(m, group, marker(SecretKind.PASSWORD))


# Base64 that decodes to a credential: a Basic/docker/npm "user:password" pair, a PEM
# private key (a Kubernetes tls.key), a config holding a password (.dockerconfigjson).
_ENCODED_RE = _compile(
    r"(?<![A-Za-z0-9+/=_\-.])[A-Za-z0-9+/]{16,16384}={0,2}(?![A-Za-z0-9+/=_\-.])"
)
_DECODED_PAIR_RE = re.compile(r"^[\w.@+%\-]{1,128}:[^\s]{1,256}$")  # user:password


def _encoded(m: re.Match[str]) -> str:
    encoded = m.group(0)
    if len(encoded) % 4 or encoded.startswith(MARKER_PREFIX):
        return encoded
    try:
        decoded = base64.b64decode(encoded, validate=True).decode("utf-8")
    except (binascii.Error, ValueError):
        return encoded  # not base64 of text: an identifier, a hash, binary data
    if not decoded.isprintable() and not all(c.isprintable() or c in "\r\n\t" for c in decoded):
        return encoded
    if "PRIVATE KEY-----" in decoded or _DECODED_PAIR_RE.match(decoded.strip()):
        return marker(SecretKind.ENCODED)
    if _redact_once(decoded, rules=_PLAIN_RULES) != decoded:
        return marker(SecretKind.ENCODED)
    return encoded


# "merchant01 / Mch#Test!88" under "测试账号：", "ops: deploy/D3ploy#2024": a user, a
# slash and a strong credential, where the text around speaks of accounts.
_USER_PASSWORD_PAIR_RE = _compile(
    r"(?<=[\w.@\-])(?:/|[ \t]{1,2}/[ \t]{1,2})(?P<value>[\x21-\x2e\x30-\x7e]{4,128})(?![\x21-\x7e])"
)
_USER_NAME_RE = re.compile(r"[A-Za-z][\w.@\-]{1,31}$")
_USER_NAME_CHARS_RE = re.compile(r"[\w.@\-]")
_ACCOUNT_CONTEXT_RE = re.compile(
    r"账号|帐号|账户|账密|密码|口令|用户|登录|(?i:account|login|user|password|credential|creds)"
)


def _user_password_pair(m: re.Match[str]) -> str:
    value = _bare(m.group("value"))
    if not _strong_credential(value) or _not_a_value(value) or _IMAGE_TAG_RE.match(value):
        return m.group(0)
    text, start = m.string, m.start()
    user_start = _walk_back(text, start, _USER_NAME_CHARS_RE, 33)
    before = text[user_start - 1 : user_start]
    if not _USER_NAME_RE.match(text[user_start:start]) or (before and before in "/:"):
        return m.group(0)  # a path (a/b/c), a URL, or no user name
    window = text[max(0, start - limits.SECRET_CONTEXT_CHARS) : m.end()]
    if not _ACCOUNT_CONTEXT_RE.search(window):
        return m.group(0)
    return _replace_password(m)


# "the admin password (Adm!n Pa55 w0rd)", "密码（Root#2024）": a value in brackets
_BRACKETED_SECRET_RE = _compile(
    _gate("PpTtSsAa密口令")
    + r"(?:(?<![\w\-])(?i:pass(?:word|wd|phrase)|pwd|token|secret|api[ _\-]?key)|密码|口令|令牌)"
    r"[ \t]{0,4}[(（](?P<value>[^()（）\n]{4,64})[)）]"
)


def _bracketed_secret(m: re.Match[str]) -> str:
    value = m.group("value").strip()
    words = value.lower().split()
    if _CJK_TEXT_RE.search(value) or any(w in _STOPWORDS or w in _TECH_TERMS for w in words):
        return m.group(0)
    mixed = any(c.islower() for c in value) and any(c.isupper() for c in value)
    digits = sum(c.isdigit() for c in value)
    letters = sum(c.isalpha() for c in value)
    # tk_live_5566aa: a token's parts joined by "_", with enough letters and digits
    joined = "_" in value and digits >= 3 and letters >= 3 and len(value) >= 10
    if not (digits and (_STRONG_SYMBOL_RE.search(value) or mixed or joined)):
        return m.group(0)
    if _not_a_value(value):
        return m.group(0)
    return _replace_span(m, "value", marker(SecretKind.PASSWORD))


# A chat: "生产 mongo 的 root 密码是多少" and, on the next line, "运维-小刘: M0ngo!Root#GZ …"
_ANSWERED_QUESTION_RE = _compile(
    _gate("密口令账PpTtSsCc") + r"(?:密码|口令|密钥|令牌|账密"
    r"|(?<![A-Za-z])(?i:password|passwd|pwd|pw|pass|token|secret|creds?)(?![A-Za-z]))"
    r"[^\n]{0,60}(?:多少|是什么|是啥|[?？])[ \t]*\r?\n"
    r"(?:[^\n:：]{0,40}[:：][ \t]*)?"
    r"(?P<value>[\x21\x23-\x26\x28-\x5f\x61-\x7e]{6,128})(?=[ \t\r\n]|\Z)"
)


def _answered_question(m: re.Match[str]) -> str:
    value = m.group("value")
    if not (_strong_credential(value) or _random_looking(value)) or _not_a_value(value):
        return m.group(0)
    return _replace_password(m)


# "账号密码分别是 admin 和 Adm1n#2024": the second of a pair
_RESPECTIVELY_RE = _compile(
    r"分别(?:是|为)[ \t]{0,4}[:：]?[ \t]{0,4}[^\s，,、/和及]{1,128}"
    r"[ \t]{0,4}(?:和|及|、|/|,|，)[ \t]{0,4}"
    r"(?P<value>[\x21\x23-\x26\x28-\x5f\x61-\x7e]{1,256})"
)


class _Rule(NamedTuple):
    """One pass over the text. ``needles``: lower-case substrings one of which every
    match contains; when none is in the text the pass is skipped (a shortcut only).
    ``also``: a second such set, for a rule whose matches hold one of each."""

    pattern: re.Pattern[str]
    replace: _Replacer
    needles: tuple[str, ...] = ()
    also: tuple[str, ...] = ()


_KEYWORD_NEEDLES = ("pass", "pw", "secret", "token", "key", "cred", "auth", "sig", "sk")
_ZH_NEEDLES = ("密码", "口令", "密钥", "秘钥", "私钥", "令牌", "授权码", "凭证", "凭据")
_CLI_NEEDLES: tuple[tuple[str, ...], ...] = (
    ("mysql", "mariadb"),
    ("redis-cli",),
    ("mongo",),
    ("sshpass",),
    ("docker",),
    ("curl", "wget"),
    ("http",),
    ("sqlplus", "exp", "imp", "rman"),
    ("openssl",),
    ("rabbitmqctl",),
    ("htpasswd",),
    ("lftp",),
    ("unseal", "set-agent-token"),
    (" -k",),
    ("zip", "7z"),
    ("net user",),
    _KEYWORD_NEEDLES,
)

# Order matters: whole structures (blocks, PEM, JWT) first, then the token shapes,
# URLs and structured forms, and the generic ``key = value`` and sentence rules last,
# so each later rule sees earlier secrets as markers (which it leaves alone).
_RULES: tuple[_Rule, ...] = (
    _Rule(*_BLOCK_RULES[0], ("<private>",)),
    _Rule(*_BLOCK_RULES[1], ("-----begin",)),
    _Rule(*_BLOCK_RULES[2], ("eyj",)),
    _Rule(*_BLOCK_RULES[3], ("mii", "mhccaqee", "mig")),
    _Rule(_TABLE_RE, _table, ("|",)),
    # Before the sentence rules, which would read a header ("Access Key Id,Secret") as prose
    _Rule(
        _DELIMITED_TABLE_RE, _delimited_table, ("pass", "pwd", "secret", "token", "密码", "口令")
    ),
    _Rule(_VENDOR_RE, _vendor),
    *(_Rule(pattern, _vendor, (needle,)) for pattern, needle in _CLASS_PREFIXED_RULES),
    _Rule(_WEBHOOK_RE, _value_group(SecretKind.WEBHOOK), ("webhook", "hooks.", "hook/")),
    _Rule(_AWS_SECRET_ASSIGNMENT_RE, _value_group(SecretKind.AWS_SECRET_KEY), ("secret",)),
    _Rule(_BARE_AWS_SECRET_RE, _bare_aws_secret),
    _Rule(_AUTHORIZATION_RE, _value_group(SecretKind.BEARER), ("authorization",)),
    _Rule(_BEARER_RE, _value_group(SecretKind.BEARER, check=_bearer_ok), ("bearer", "basic")),
    _Rule(_ORACLE_JDBC_RE, _value_group(SecretKind.JDBC_PASSWORD), ("jdbc:oracle",)),
    _Rule(_URL_USERINFO_RE, _url_credentials, ("://",)),
    _Rule(_XML_ELEMENT_RE, _xml_value, ("</",)),
    _Rule(_XML_MASTER_RE, _xml_value, ("<master>",)),
    _Rule(_XML_NAME_VALUE_RE, _xml_value, ("value",)),
    _Rule(_JSON_NAME_VALUE_RE, _xml_value, ("value",)),
    _Rule(_XML_KEYED_ELEMENT_RE, _xml_value, ("</",)),
    _Rule(_XML_NAME_ELEMENT_RE, _xml_value, ("</name>",)),
    _Rule(_SETTER_RE, _setter, ("(",)),
    _Rule(_CREDENTIAL_CALL_RE, _credential_call, ("(",)),
    _Rule(_KEY_MATERIAL_CALL_RE, _key_material_call, ("key", "hmac", "sign", "aes", "des", "sm4")),
    _Rule(_CLIENT_SETUP_RE, _client_setup, ("init", "auth", "connect", "client", "credential")),
    _Rule(_CHAR_ARRAY_LITERAL_RE, _char_array_literal, ("tochararray",)),
    _Rule(_ENCODED_PAIR_LITERAL_RE, _replace_password, ("base64",)),
    *(
        _Rule(pattern, _replace_password, needles)
        for pattern, needles in zip(_CLI_RULES, _CLI_NEEDLES, strict=True)
    ),
    _Rule(_OPTION_USER_PASSWORD_RE, _plausible_value, ("auth", "user", "cred")),
    _Rule(_CLI_KEY_ID_RE, _value_group(SecretKind.CLOUD_ACCESS_KEY, check=_key_id_like), (" -k",)),
    _Rule(_NETRC_RE, _netrc, ("passw",)),
    _Rule(_PASSWORD_LINE_RE, _replace_password, ("passw", "requirepass", "masterauth")),
    _Rule(_CONFIG_SET_RE, _config_set, ("config",)),
    _Rule(_K8S_ENV_RE, _value_group(SecretKind.ASSIGNMENT), ("value:",)),
    _Rule(_JDBC_ARGUMENTS_RE, _replace_password, ("jdbc:",)),
    _Rule(_QUOTED_ASSIGNMENT_RE, _quoted_assignment, ("=",)),
    _Rule(_ENV_LINE_RE, _env_line, ("=",)),
    _Rule(_PROPERTIES_LINE_RE, _properties_line, ("=",)),
    _Rule(_CONNECTION_PASSWORD_RE, _connection_password, (";",), ("passw", "pwd")),
    _Rule(_PGPASS_RE, _pgpass, (":",)),
    _Rule(_USER_SLASH_PASSWORD_RE, _user_slash_password, ("/",)),
    _Rule(_ACCOUNT_SLASH_PASSWORD_RE, _account_slash_password, ("/",)),
    # No needles: it looks for a marker an earlier pass put in.
    _Rule(_SECRET_AFTER_KEY_ID_RE, _value_group(SecretKind.ASSIGNMENT)),
    _Rule(_STDIN_PASSWORD_RE, _replace_password, ("login", "sudo", "passwd", "kinit")),
    _Rule(_HERE_STRING_PASSWORD_RE, _replace_password, ("<<<",)),
    _Rule(_SQL_PASSWORD_RE, _replace_password, ("identified", "password")),
    _Rule(_REDIS_AUTH_RE, _replace_password, ("auth",)),
    _Rule(_POWERSHELL_SECURE_STRING_RE, _replace_password, ("securestring",)),
    _Rule(
        _LOGIN_WITH_RE,
        _plausible_value,
        ("with", "using"),
        ("login", "log in", "log\tin", "signin", "sign in", "sign\tin", "ssh", "connect"),
    ),
    _Rule(_YAML_LINE_RE, _yaml_line, _KEYWORD_NEEDLES),
    _Rule(_ASSIGNMENT_RE, _assignment, _KEYWORD_NEEDLES),
    _Rule(_USER_THEN_PASSWORD_RE, _user_then_password, ("pass", "pw", "密码", "口令")),
    _Rule(_ZH_SENTENCE_RE, _zh_sentence, _ZH_NEEDLES),
    _Rule(
        _ASCII_IN_ZH_RE,
        _zh_sentence,
        (
            "是",
            "为",
            "：",
            "设",
            "改",
            "换",
            "配",
            "用",
            "写",
            "填",
            "给",
            "发",
            "叫",
            "分别",
            "了",
            "这",
        ),
        # one of the ASCII keywords (every alternative holds one of these)
        ("key", "secret", "pass", "pwd", "token", "masterauth", "ak", "sk", "pin"),
    ),
    _Rule(_EN_SENTENCE_RE, _en_sentence, (*_KEYWORD_NEEDLES, "pin")),
    _Rule(_USE_AS_RE, _use_as, (" as ",)),
    # After the sentence rules: it continues a sentence they redacted (no needles).
    _Rule(_NEXT_SECRET_RE, _plausible_value),
    _Rule(_SECRET_AFTER_COMMA_RE, _secret_after_comma, (*_ZH_NEEDLES, *_KEYWORD_NEEDLES)),
    _Rule(_LISTED_SECRET_RE, _listed_secret),
    _Rule(_RESPECTIVELY_RE, _plausible_value, ("分别",)),
    _Rule(_ANSWERED_QUESTION_RE, _answered_question, ("?", "？", "多少", "是什么", "是啥")),
    _Rule(_SQL_INSERT_RE, _sql_insert, ("insert",)),
    _Rule(_ERLANG_COOKIE_FILE_RE, _replace_password, (".erlang.cookie",)),
    _Rule(_BRACKETED_SECRET_RE, _bracketed_secret, ("(", "（")),
    _Rule(_USER_PASSWORD_PAIR_RE, _user_password_pair, ("/",)),
)


class _RuleSet:
    """Rules in the order they run, indexed by needle: a pass runs the rules without
    needles and those with a needle in the text, and looks each distinct needle up at
    most once (rules share many; on a short string the lookups were most of the cost)."""

    def __init__(self, rules: tuple[_Rule, ...]) -> None:
        self.rules = rules
        self.always = frozenset(i for i, rule in enumerate(rules) if not rule.needles)
        by_needle: dict[str, set[int]] = {}
        for i, rule in enumerate(rules):
            for needle in rule.needles:
                by_needle.setdefault(needle, set()).add(i)
        # By first character: a needle whose first character is not in the text is not
        # either, and one set intersection rules most of them out at once.
        # Each with whether it is ASCII (see matching).
        self.by_first: dict[str, list[tuple[str, bool, frozenset[int]]]] = {}
        self.by_needle: dict[str, tuple[str, bool, frozenset[int]]] = {}
        for needle, found in by_needle.items():
            entry = (needle, needle.isascii(), frozenset(found))
            self.by_first.setdefault(needle[0], []).append(entry)
            self.by_needle[needle] = entry

    def matching(
        self, lowered: str, found: list[str] | None = None, among: Iterable[str] | None = None
    ) -> list[_Rule]:
        """The rules a pass over a text (``lowered``: lower case) must run, in order.

        ``found``: the needles in the text are added to it. ``among``: needles known to
        include every needle of the text; only those are looked up.
        """
        # Most needles are ASCII: in a text that mixes in other scripts they are looked
        # up in its ASCII characters alone (a shorter, narrower string, searched faster).
        # Dropping characters can join two pieces into a needle that is not in the
        # text, which runs a rule for nothing; it never hides one.
        narrow = lowered if lowered.isascii() else lowered.encode("ascii", "ignore").decode()
        chosen = set(self.always)
        if among is None:
            entries = (
                e for first in self.by_first.keys() & set(lowered) for e in self.by_first[first]
            )
        else:
            entries = (self.by_needle[n] for n in among if n in self.by_needle)
        for needle, ascii_only, rules_of in entries:
            if needle in (narrow if ascii_only else lowered):
                chosen |= rules_of
                if found is not None:
                    found.append(needle)
        rules = (self.rules[i] for i in sorted(chosen))
        return [
            r
            for r in rules
            if not r.also or any(n in (narrow if n.isascii() else lowered) for n in r.also)
        ]


# Every rule but the one that decodes base64 (used on what it decodes).
_PLAIN_RULES = _RuleSet(_RULES)
_ALL_RULES = _RuleSet((*_RULES, _Rule(_ENCODED_RE, _encoded)))


_SURROGATE = _compile("[\ud800-\udfff]")


def scrub(text: str) -> str:
    """Replace lone surrogates (undecodable bytes that reached a ``str``, e.g. from
    ``argv`` or a ``\\ud800`` escape) with U+FFFD, so the text can be written as UTF-8."""
    if _SURROGATE.search(text) is None:
        return text
    return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")


def _redact_once(
    text: str,
    rules: _RuleSet | None = None,
    *,
    found: list[str] | None = None,
    among: Iterable[str] | None = None,
) -> str:
    # Needles are looked up in the text the pass starts from, markers left out: a
    # marker (added before or on the way) holds no secret for a rule to find, and the
    # one rule that looks for a marker has no needles, so skipping is safe.
    lowered = (MARKER_RE.sub(" ", text) if MARKER_PREFIX in text else text).lower()
    for rule in (rules or _ALL_RULES).matching(lowered, found, among):
        text = rule.pattern.sub(rule.replace, text)
    return text


# Recent results of redact, each with the needles it holds. The size policy clips a
# stored text (``text[:n].rstrip() + "…"``), and the clip is redacted again on the
# next write: a needle of the clip is a needle of the text it was cut from, so only
# those are looked up. Not when the cut splits a marker: half a marker is plain text.
_RECENT: deque[tuple[str, tuple[str, ...]]] = deque(maxlen=limits.REDACTION_RECENT_RESULTS)


def _needles_of_source(text: str) -> tuple[str, ...] | None:
    """The needles of the recent result ``text`` was clipped from; ``None`` if unknown."""
    if not text.endswith(limits.CLIP_MARK):
        return None
    head = text[: -len(limits.CLIP_MARK)]
    if head.rfind("[") > head.rfind("]"):
        return None
    for source, needles in reversed(list(_RECENT)):  # a copy: other threads append
        if len(source) > len(head) and source.startswith(head):
            return needles
    return None


# An id this program makes (docs/file-format.md): a new one is redacted at every write
# (its element is new), and no rule can match one, so it is returned as it is.
_PROGRAM_ID_RE = re.compile(r"(?:turn_[0-9]{8}_[0-9]{6}|topic_[0-9]{8}|mem_[0-9]{8})_[0-9]{3,6}")


@lru_cache(maxsize=limits.REDACTION_CACHE_ENTRIES)
def redact(text: str) -> str:
    """Return ``text`` safe to store: every recognised secret replaced by
    ``[REDACTED:<kind>]`` and undecodable characters by U+FFFD (:func:`scrub`).

    Linear in the length of ``text`` and idempotent: ``redact(redact(t)) == redact(t)``.
    A pass that changed the text is followed by another (a replaced value can expose
    the shape of a secret around it), up to a small fixed number of passes.
    """
    if not text or _PROGRAM_ID_RE.fullmatch(text):
        return text
    text = scrub(text)
    among = _needles_of_source(text)
    for _ in range(limits.REDACTION_MAX_PASSES):
        found: list[str] = []
        redacted = _redact_once(text, found=found, among=among)
        if redacted == text:
            _RECENT.append((text, tuple(found)))
            break
        text, among = redacted, None  # a changed text: its needles are looked up anew
    return text


def contains_secret(text: str) -> bool:
    """True when :func:`redact` would change ``text``."""
    return redact(text) != text


# Words that carry no information once the secret itself is gone: "from now on remember
# my OpenAI key: [REDACTED]" says nothing worth remembering (long-term signals count
# as filler: they say how long, not what).
_FILLER_EN: frozenset[str] = frozenset(
    """
    my our your the a an is are was be this that it its of for to and or in on with as
    user user's users project project's key keys token tokens password passwords passwd
    secret secrets credential credentials api apikey access pin passphrase login account
    remember save store keep note please use used using value here below above
    """.split()
) | {w for phrase in signals.LONG_TERM_SIGNALS_EN for w in phrase.split()}
_FILLER_ZH = (
    "请记住",
    "记住",
    "帮我",
    "保存",
    "存一下",
    "记一下",
    "用户的",
    "用户",
    "我的",
    "我们的",
    "项目的",
    "这个",
    "一下",
    "密码",
    "口令",
    "密钥",
    "秘钥",
    "令牌",
    "凭证",
    "账号",
    "是",
    "为",
    "的",
    "了",
)
_WORD_RE = _compile(r"[A-Za-z][A-Za-z0-9'_\-]*|\d+")
_IDEOGRAPH_RE = _compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")


def is_only_redacted(text: str) -> bool:
    """True when ``text`` holds a redaction marker and nothing meaningful besides it:
    once markers, filler words ("my", "key", "密码", "是"…) and punctuation are
    removed, at most :data:`~autopatch_memory.limits.ONLY_REDACTED_MAX_CONTENT_UNITS`
    units of content are left (a word, or two CJK characters, each count one)."""
    if MARKER_PREFIX not in text:
        return False
    rest = MARKER_RE.sub(" ", text)
    for filler in (*signals.LONG_TERM_SIGNALS_ZH, *_FILLER_ZH):
        rest = rest.replace(filler, " ")
    words = [w for w in _WORD_RE.findall(rest) if w.lower() not in _FILLER_EN]
    cjk = len(_IDEOGRAPH_RE.findall(rest))
    units = len(words) + (cjk + 1) // 2
    return units <= limits.ONLY_REDACTED_MAX_CONTENT_UNITS


__all__ = [
    "MARKER_PREFIX",
    "MARKER_RE",
    "NOT_SECRET_VALUES",
    "NOT_SECRET_WORDS",
    "SecretKind",
    "contains_secret",
    "is_only_redacted",
    "marker",
    "redact",
    "scrub",
]
