"""The redaction engine: the rule table in the order it runs, the needle index that
skips rules whose needles are not in a text, the passes of :func:`redact`, its clip
hint and the fast path for the program's own ids.

The one rule that decodes base64 lives here too: it runs the engine again on what it
decodes.
"""

from __future__ import annotations

import base64
import binascii
import re
from collections import deque
from collections.abc import Iterable
from functools import lru_cache
from typing import NamedTuple

from autopatch_memory import limits
from autopatch_memory.privacy.accounts import (
    _ACCOUNT_SLASH_PASSWORD_RE,
    _CODE_SPAN_PAIR_RE,
    _LOGIN_WITH_RE,
    _USER_PASSWORD_PAIR_RE,
    _USER_SLASH_PASSWORD_RE,
    _USER_THEN_PASSWORD_RE,
    _account_slash_password,
    _code_span_pair,
    _user_password_pair,
    _user_slash_password,
    _user_then_password,
)
from autopatch_memory.privacy.assignments import (
    _ASSIGNMENT_RE,
    _K8S_ENV_RE,
    _YAML_LINE_RE,
    _assignment,
    _yaml_line,
)
from autopatch_memory.privacy.codes import (
    _RECOVERY_CODES_RE,
    _SEED_PHRASE_RE,
    _SETUP_KEY_RE,
    _recovery_codes,
    _seed_phrase,
    _setup_key,
)
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
    _PGPASS_INLINE_RE,
    _PGPASS_RE,
    _PROPERTIES_LINE_RE,
    _QUOTED_ASSIGNMENT_RE,
    _TOML_TRIPLE_QUOTED_RE,
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
    _toml_triple_quoted,
    _xml_value,
)
from autopatch_memory.privacy.en_sentences import _EN_SENTENCE_RE, _USE_AS_RE, _en_sentence, _use_as
from autopatch_memory.privacy.follow_ups import (
    _ANSWERED_QUESTION_RE,
    _LISTED_SECRET_RE,
    _NEXT_SECRET_RE,
    _RESPECTIVELY_RE,
    _SECRET_AFTER_COMMA_RE,
    _VALUE_OF_SECRET_RE,
    _answered_question,
    _listed_secret,
    _secret_after_comma,
    _value_of_secret,
)
from autopatch_memory.privacy.headers_urls import (
    _AUTHORIZATION_RE,
    _BEARER_RE,
    _COOKIE_RE,
    _GO_DSN_RE,
    _ORACLE_JDBC_RE,
    _URL_USERINFO_RE,
    _bearer_ok,
    _cookie,
    _url_credentials,
)
from autopatch_memory.privacy.markers import MARKER_PREFIX, MARKER_RE, SecretKind, marker
from autopatch_memory.privacy.repeats import redact_repeats, removed_value
from autopatch_memory.privacy.replacing import (
    _plausible_value,
    _replace_password,
    _Replacer,
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
from autopatch_memory.privacy.spelling import _compile
from autopatch_memory.privacy.stated import (
    _BRACKETED_SECRET_RE,
    _BRACKETED_STATEMENT_RE,
    _bracketed_secret,
    _bracketed_statement,
)
from autopatch_memory.privacy.tables import _DELIMITED_TABLE_RE, _TABLE_RE, _delimited_table, _table
from autopatch_memory.privacy.value_first import (
    _VALUE_FIRST_EN_RE,
    _VALUE_FIRST_ZH_RE,
    _value_first,
)
from autopatch_memory.privacy.words import _KEYWORD_NEEDLES, _ZH_NEEDLES
from autopatch_memory.privacy.zh_sentences import _ASCII_IN_ZH_RE, _ZH_SENTENCE_RE, _zh_sentence

# Base64 that decodes to a credential: a Basic/docker/npm "user:password" pair, a PEM
# private key (a Kubernetes tls.key), a config holding a password (.dockerconfigjson).
_ENCODED_RE = _compile(
    r"(?<![A-Za-z0-9+/=_\-.])[A-Za-z0-9+/]{16,16384}={0,2}(?![A-Za-z0-9+/=_\-.])"
)
# user:password; a Harbor robot account is named "robot$name"
_DECODED_PAIR_RE = re.compile(r"^[\w.@+%$\-]{1,128}:[^\s]{1,256}$")


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


class _Rule(NamedTuple):
    """One pass over the text. ``needles``: lower-case substrings one of which every
    match contains; when none is in the text the pass is skipped (a shortcut only).
    ``also``: a second such set, for a rule whose matches hold one of each."""

    pattern: re.Pattern[str]
    replace: _Replacer
    needles: tuple[str, ...] = ()
    also: tuple[str, ...] = ()


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
    _Rule(
        _RECOVERY_CODES_RE,
        _recovery_codes,
        ("code", "恢复码", "备用码", "备份码", "救援码", "应急码", "恢复代码", "备用验证码"),
    ),
    _Rule(_SETUP_KEY_RE, _setup_key, ("key", "secret", "密钥", "秘钥")),
    _Rule(
        _SEED_PHRASE_RE,
        _seed_phrase,
        ("mnemonic", "seed", "phrase", "bip", "助记词", "种子短语", "恢复短语", '"', "'"),
    ),
    _Rule(_VENDOR_RE, _vendor),
    *(_Rule(pattern, _vendor, (needle,)) for pattern, needle in _CLASS_PREFIXED_RULES),
    _Rule(_WEBHOOK_RE, _value_group(SecretKind.WEBHOOK), ("webhook", "hooks.", "hook/")),
    _Rule(_AWS_SECRET_ASSIGNMENT_RE, _value_group(SecretKind.AWS_SECRET_KEY), ("secret",)),
    _Rule(_BARE_AWS_SECRET_RE, _bare_aws_secret),
    _Rule(_AUTHORIZATION_RE, _value_group(SecretKind.BEARER), ("authorization",)),
    _Rule(_BEARER_RE, _value_group(SecretKind.BEARER, check=_bearer_ok), ("bearer", "basic")),
    _Rule(_COOKIE_RE, _cookie, ("cookie", "-b")),
    _Rule(_GO_DSN_RE, _value_group(SecretKind.URL_CREDENTIALS), ("@tcp(", "@unix(", "@udp(")),
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
    _Rule(
        _KEY_MATERIAL_CALL_RE,
        _key_material_call,
        ("key", "hmac", "sign", "aes", "des", "sm4", "credentials.create"),
    ),
    _Rule(_CLIENT_SETUP_RE, _client_setup, ("init", "auth", "connect", "client", "credential")),
    _Rule(_CHAR_ARRAY_LITERAL_RE, _char_array_literal, ("tochararray",)),
    _Rule(_ENCODED_PAIR_LITERAL_RE, _replace_password, ("base64",)),
    *(_Rule(pattern, _replace_password, needles) for pattern, needles in _CLI_RULES),
    _Rule(_OPTION_USER_PASSWORD_RE, _plausible_value, ("auth", "user", "cred")),
    _Rule(_CLI_KEY_ID_RE, _value_group(SecretKind.CLOUD_ACCESS_KEY, check=_key_id_like), (" -k",)),
    _Rule(_NETRC_RE, _netrc, ("passw",)),
    _Rule(_PASSWORD_LINE_RE, _replace_password, ("passw", "requirepass", "masterauth")),
    _Rule(_CONFIG_SET_RE, _config_set, ("config",)),
    _Rule(_K8S_ENV_RE, _value_group(SecretKind.ASSIGNMENT), ("value:",)),
    _Rule(_JDBC_ARGUMENTS_RE, _replace_password, ("jdbc:",)),
    _Rule(_TOML_TRIPLE_QUOTED_RE, _toml_triple_quoted, ('"""',)),
    _Rule(_QUOTED_ASSIGNMENT_RE, _quoted_assignment, ("=",)),
    _Rule(_ENV_LINE_RE, _env_line, ("=",)),
    _Rule(_PROPERTIES_LINE_RE, _properties_line, ("=",)),
    _Rule(_CONNECTION_PASSWORD_RE, _connection_password, (";",), ("passw", "pwd")),
    _Rule(_PGPASS_RE, _pgpass, (":",)),
    _Rule(_PGPASS_INLINE_RE, _pgpass, ("pgpass",)),
    _Rule(_USER_SLASH_PASSWORD_RE, _user_slash_password, ("/",)),
    _Rule(_ACCOUNT_SLASH_PASSWORD_RE, _account_slash_password, ("/",)),
    _Rule(_CODE_SPAN_PAIR_RE, _code_span_pair, ("`",), ("/",)),
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
    # "ak" is a keyword of this rule alone ("BAIDU_MAP_AK=…"); as a needle of every
    # keyword rule it would run them on most English text ("make", "break")
    _Rule(_ASSIGNMENT_RE, _assignment, (*_KEYWORD_NEEDLES, "ak")),
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
    _Rule(_VALUE_FIRST_ZH_RE, _value_first, ("把",), (*_ZH_NEEDLES, *_KEYWORD_NEEDLES)),
    _Rule(
        _VALUE_FIRST_EN_RE,
        _value_first,
        ("put", "paste", "enter", "type", "fill", "set", "add"),
        ("pass", "pwd", "secret", "token", "key"),
    ),
    # After the sentence rules: it continues a sentence they redacted (no needles).
    _Rule(_NEXT_SECRET_RE, _plausible_value),
    _Rule(_SECRET_AFTER_COMMA_RE, _secret_after_comma, (*_ZH_NEEDLES, *_KEYWORD_NEEDLES)),
    _Rule(_LISTED_SECRET_RE, _listed_secret),
    _Rule(
        _VALUE_OF_SECRET_RE, _value_of_secret, ("值", "value"), (*_ZH_NEEDLES, *_KEYWORD_NEEDLES)
    ),
    _Rule(_RESPECTIVELY_RE, _plausible_value, ("分别",)),
    _Rule(_ANSWERED_QUESTION_RE, _answered_question, ("?", "？", "多少", "是什么", "是啥")),
    _Rule(_SQL_INSERT_RE, _sql_insert, ("insert",)),
    _Rule(_ERLANG_COOKIE_FILE_RE, _replace_password, (".erlang.cookie",)),
    _Rule(_BRACKETED_SECRET_RE, _bracketed_secret, ("(", "（")),
    _Rule(
        _BRACKETED_STATEMENT_RE,
        _bracketed_statement,
        ("(", "（"),
        (*_ZH_NEEDLES, *_KEYWORD_NEEDLES),
    ),
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
    removed: list[tuple[str, str]] | None = None,
) -> str:
    """One pass of the rules over ``text``. ``removed``: what each replacement took out,
    with its marker, is added to it (see :mod:`.repeats`)."""
    # Needles are looked up in the text the pass starts from, markers left out: a
    # marker (added before or on the way) holds no secret for a rule to find, and the
    # one rule that looks for a marker has no needles, so skipping is safe.
    lowered = (MARKER_RE.sub(" ", text) if MARKER_PREFIX in text else text).lower()
    for rule in (rules or _ALL_RULES).matching(lowered, found, among):
        text = _substitute(rule.pattern, rule.replace, text, removed)
    return text


def _redact_pass(
    text: str,
    rules: _RuleSet | None = None,
    *,
    found: list[str] | None = None,
    among: Iterable[str] | None = None,
) -> str:
    """One pass of :func:`redact`: the rules, then the other occurrences of every value
    they removed (:mod:`.repeats`)."""
    removed: list[tuple[str, str]] = []
    redacted = _redact_once(text, rules, found=found, among=among, removed=removed)
    return redact_repeats(redacted, removed) if removed else redacted


def _substitute(
    pattern: re.Pattern[str],
    replace: _Replacer,
    text: str,
    removed: list[tuple[str, str]] | None = None,
) -> str:
    """``pattern.sub(replace, text)``, except that a match the replacer declines (returns
    unchanged) does not hide a match that starts inside its value: in 'the cache key
    "password": "V"', the key "key" with the value '"password"' is no secret, but
    '"password": "V"' is. The search resumes where the declined value began (past it
    when it is a marker), so each declined match reads its value once more."""
    parts: list[str] = []
    pos = done = 0
    while (m := pattern.search(text, pos)) is not None:
        replacement = replace(m)
        if replacement == m.group(0):
            pos = max(_resume_after_declined(m, text), m.start() + 1)
            continue
        parts += (text[done : m.start()], replacement)
        if removed is not None and (value := removed_value(m.group(0), replacement)):
            removed.append(value)
        done = m.end()
        pos = done if m.end() > m.start() else done + 1
    if not parts:
        return text
    parts.append(text[done:])
    return "".join(parts)


def _resume_after_declined(m: re.Match[str], text: str) -> int:
    """Where to search again after the declined match ``m``: after its keyword (at its
    value when it has none), unless the value is (or begins inside) a marker, whose text
    no rule may read."""
    start = next(
        (
            m.start(g)
            for g in ("value", "quoted")
            if g in m.re.groupindex and m.start(g) > m.start()
        ),
        -1,
    )
    if start < 0:
        return m.end()
    reach = len(MARKER_PREFIX) + limits.REDACTION_MARKER_KIND_MAX_CHARS + 1
    for marked in MARKER_RE.finditer(text, max(0, start - reach), start + reach):
        if marked.start() <= start < marked.end():
            return m.end()
    # "the key my password is V": the declined keyword "key" took "my password" as its
    # qualifier, so the search resumes after that keyword, where another may begin.
    if "kw" in m.re.groupindex and m.start() < m.end("kw") < start:
        return m.end("kw")
    return start


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
    the shape of a secret around it), up to a small fixed number of passes. A value a
    pass redacted is redacted wherever else it occurs in the text (:mod:`.repeats`).
    """
    if not text or _PROGRAM_ID_RE.fullmatch(text):
        return text
    text = scrub(text)
    among = _needles_of_source(text)
    for _ in range(limits.REDACTION_MAX_PASSES):
        found: list[str] = []
        redacted = _redact_pass(text, found=found, among=among)
        if redacted == text:
            _RECENT.append((text, tuple(found)))
            break
        text, among = redacted, None  # a changed text: its needles are looked up anew
    return text


def contains_secret(text: str) -> bool:
    """True when :func:`redact` would change ``text``."""
    return redact(text) != text
