"""The single secret choke point (SPEC §8).

:func:`redact` replaces every secret it recognises with ``[REDACTED:<kind>]``.
The store calls it on every string of the document right before a write and the
journal on every entry, so no other code path can put a secret on disk. It is
idempotent (a redacted text stays as it is) and deliberately conservative about
what it calls a secret: the bare words "key" and "token", Java identifiers such
as ``tokenService``, commit hashes and UUIDs are left alone.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from enum import Enum
from functools import lru_cache

from autopatch_memory import limits, signals


class SecretKind(str, Enum):
    """What a redaction marker says was removed."""

    PRIVATE_BLOCK = "private"
    PRIVATE_KEY = "private_key"
    JWT = "jwt"
    API_KEY = "api_key"
    GITHUB_TOKEN = "github_token"
    GITLAB_TOKEN = "gitlab_token"
    SLACK_TOKEN = "slack_token"
    AWS_ACCESS_KEY = "aws_access_key"
    AWS_SECRET_KEY = "aws_secret_key"
    GOOGLE_API_KEY = "google_api_key"
    STRIPE_KEY = "stripe_key"
    NPM_TOKEN = "npm_token"
    BEARER = "bearer"
    URL_CREDENTIALS = "url_credentials"
    JDBC_PASSWORD = "jdbc_password"
    ASSIGNMENT = "secret_value"
    PASSWORD = "password"


def marker(kind: SecretKind) -> str:
    """The text that replaces a secret of ``kind``."""
    return f"[REDACTED:{kind.value}]"


# Full-width punctuation ends a secret value: "password=hunter2，然后…" keeps "，然后…".
_CJK_PUNCTUATION = "，。；、：！？（）【】《》「」『』“”‘’"

# A redaction marker must never be mistaken for (part of) a secret value.
_NOT_MARKER = r"(?!\[REDACTED:)"

_Replacer = Callable[["re.Match[str]"], str]


def _whole(kind: SecretKind) -> _Replacer:
    return lambda _m: marker(kind)


def _keep_prefix(kind: SecretKind) -> _Replacer:
    """Keep group ``head`` (the key name, the scheme...) and replace the rest."""
    return lambda m: m.group("head") + marker(kind)


def _requote(value: str, replacement: str) -> str:
    """Replace a possibly quoted value, keeping its quotes."""
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
        if value[1:].startswith("[REDACTED:") or value[1:].startswith("${"):
            return value
        return value[0] + replacement + value[-1]
    return replacement


_PLACEHOLDER = re.compile(r"^[\"']?(?:\$\{|\{\{|<|%[sd]|\[REDACTED:)")
_TRAILING_PUNCTUATION = ".!?:"


def _not_a_value(value: str) -> bool:
    """A placeholder, a type name, a literal or a code expression, not a secret."""
    bare = value.strip("\"'").rstrip(_TRAILING_PUNCTUATION)
    return (
        not bare
        or bool(_PLACEHOLDER.match(value))
        or bare.lower() in signals.NOT_SECRET_VALUES
        or "(" in bare  # request.getParameter("pw"), encoder.encode(x)
        or bare.startswith(("new ", "this.", "self."))
    )


def _assignment(m: re.Match[str], replacement: str) -> str:
    value = m.group("value")
    if _not_a_value(value):
        return m.group(0)
    return m.group("head") + _requote(value, replacement)


def _looks_like_credential(value: str) -> bool:
    return any(ch.isdigit() or not ch.isalnum() for ch in value.rstrip(_TRAILING_PUNCTUATION))


def _statement(m: re.Match[str], replacement: str) -> str:
    """ "my password is X" states a secret unless X is a plain word ("wrong", "expired");
    with "the/his/her/their" only a credential-looking X counts."""
    value = m.group("value")
    if (
        _not_a_value(value)
        or value.lower().rstrip(_TRAILING_PUNCTUATION) in signals.NOT_SECRET_WORDS
    ):
        return m.group(0)
    if m.group("whose").lower() not in {"my", "our"} and not _looks_like_credential(value):
        return m.group(0)
    return m.group("head") + replacement


_ASSIGNMENT_KEY = (
    r"(?:pass(?:word|wd|phrase)?|pwd|secret|token|credentials?"
    r"|(?:api|secret|private|access|client|signing|encryption|master|app)[_\-.]?key"
    r"|apikey)"
)

# Order matters: whole-structure patterns (blocks, PEM, JWT) run before the
# token shapes, and those before the generic ``key = value`` assignments.
_RULES: tuple[tuple[re.Pattern[str], _Replacer], ...] = (
    (
        re.compile(r"<private>.*?(?:</private>|\Z)", re.S | re.I),
        _whole(SecretKind.PRIVATE_BLOCK),
    ),
    (
        re.compile(
            r"-----BEGIN[A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----.*?"
            r"(?:-----END[A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----|\Z)",
            re.S,
        ),
        _whole(SecretKind.PRIVATE_KEY),
    ),
    (
        re.compile(r"\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}"),
        _whole(SecretKind.JWT),
    ),
    (
        re.compile(r"(?<![A-Za-z0-9_-])sk-(?:ant-|proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}"),
        _whole(SecretKind.API_KEY),
    ),
    (
        re.compile(r"(?<![A-Za-z0-9_])(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})"),
        _whole(SecretKind.GITHUB_TOKEN),
    ),
    (re.compile(r"(?<![A-Za-z0-9_-])glpat-[A-Za-z0-9_-]{20,}"), _whole(SecretKind.GITLAB_TOKEN)),
    (
        re.compile(r"(?<![A-Za-z0-9_-])xox[abprs]-[A-Za-z0-9-]{10,}"),
        _whole(SecretKind.SLACK_TOKEN),
    ),
    (
        re.compile(r"(?<![A-Za-z0-9])(?:AKIA|ASIA|ABIA|ACCA|AIDA|AROA)[A-Z0-9]{16}(?![A-Za-z0-9])"),
        _whole(SecretKind.AWS_ACCESS_KEY),
    ),
    (
        re.compile(
            r"(?P<head>(?i:aws)?[_\-.]?(?i:secret)[_\-.]?(?i:access)?[_\-.]?(?i:key)"
            r"\s*[\"']?\s*[:=]\s*[\"']?)" + _NOT_MARKER + r"[A-Za-z0-9/+=]{40}(?![A-Za-z0-9/+=])"
        ),
        _keep_prefix(SecretKind.AWS_SECRET_KEY),
    ),
    (
        # A bare AWS-style secret: 40 base64 characters with '/' or '+' and mixed
        # case and digits. Commit hashes (hex only) and identifiers never match.
        re.compile(
            r"(?<![A-Za-z0-9/+=])(?=[A-Za-z0-9/+]*[/+])(?=[A-Za-z0-9/+]*[a-z])"
            r"(?=[A-Za-z0-9/+]*[A-Z])(?=[A-Za-z0-9/+]*[0-9])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])"
        ),
        _whole(SecretKind.AWS_SECRET_KEY),
    ),
    (
        re.compile(r"(?<![A-Za-z0-9_-])AIza[0-9A-Za-z_-]{30,}"),
        _whole(SecretKind.GOOGLE_API_KEY),
    ),
    (
        re.compile(r"(?<![A-Za-z0-9_])(?:sk|rk|pk)_(?:live|test)_[0-9A-Za-z]{10,}"),
        _whole(SecretKind.STRIPE_KEY),
    ),
    (
        re.compile(r"(?<![A-Za-z0-9_])npm_[A-Za-z0-9]{30,}"),
        _whole(SecretKind.NPM_TOKEN),
    ),
    (
        re.compile(
            # A credential has a digit or symbol, or is long: "Bearer authentication" stays.
            r"(?P<head>\b(?:[Bb]earer|BEARER|[Bb]asic|BASIC)\s+)"
            + _NOT_MARKER
            + r"(?:(?=[A-Za-z0-9\-._~+/]*[0-9\-._~+/])[A-Za-z0-9\-._~+/]{8,}|[A-Za-z]{24,})=*"
        ),
        _keep_prefix(SecretKind.BEARER),
    ),
    (
        # jdbc:oracle:thin:scott/tiger@host
        re.compile(r"(?P<head>jdbc:oracle:[a-z]+:)" + _NOT_MARKER + r"[^\s/@:]+/[^\s@]+(?=@)"),
        _keep_prefix(SecretKind.JDBC_PASSWORD),
    ),
    (
        # jdbc:...;password=x  /  jdbc:...?user=a&password=x
        re.compile(r"(?P<head>jdbc:[^\s]*?[;?&](?i:password|pwd)=)" + _NOT_MARKER + r"[^\s;&\"']+"),
        _keep_prefix(SecretKind.JDBC_PASSWORD),
    ),
    (
        # scheme://user:pass@host — keep the scheme and the host.
        re.compile(
            r"(?P<head>\b[A-Za-z][A-Za-z0-9+.\-]*://)"
            + _NOT_MARKER
            # user:password up to the last '@' before the host (passwords may hold '@');
            # the user may be empty ("redis://:pass@host")
            + r"[^\s:/@\"'<>]*:[^\s/\"'<>]+(?=@[^\s@/\"'<>]+(?:[/?#:\s]|$))"
        ),
        _keep_prefix(SecretKind.URL_CREDENTIALS),
    ),
    (
        # Authorization: Bearer x / Authorization: token ghp_x / authorization=Basic x
        re.compile(
            r"(?P<head>\b(?i:authorization)[\"']?\s*[:=]\s*[\"']?"
            r"(?:(?i:bearer|basic|token|digest)\s+)?)"
            + _NOT_MARKER
            + r"(?!(?i:bearer|basic|token|digest)\b)[^\s\"',;]{4,}"
        ),
        _keep_prefix(SecretKind.BEARER),
    ),
    (
        # password=hunter2, PGPASSWORD=x, DB_PASSWORD: x, "apiKey": "x y", a.b.password = x
        # The key must END with the keyword, so ``tokenService = …`` is not a key.
        re.compile(
            r"(?P<head>(?<![A-Za-z0-9_])[\"']?[A-Za-z0-9_.\-]*?(?i:"
            + _ASSIGNMENT_KEY
            + r")[\"']?\s*(?::=|=|:|：)\s*)"
            + _NOT_MARKER
            + r"(?P<value>\"[^\"\n]+\"|'[^'\n]+'|(?![=\"'\s,;&)}\]])"
            + r"[^\s\"',;&)}\]"
            + _CJK_PUNCTUATION
            + r"]+)"
        ),
        lambda m: _assignment(m, marker(SecretKind.ASSIGNMENT)),
    ),
    (
        # "my password is hunter2", "the token was x9!": a statement of the value
        re.compile(
            r"(?P<head>\b(?P<whose>(?i:my|our|the|his|her|their))\s+(?:[A-Za-z]+\s+)?"
            r"(?i:password|passwd|passphrase|passcode|pin|token|secret|api key)\s+"
            r"(?i:is|was|is now|to|=|:)\s+[\"']?)"
            + _NOT_MARKER
            + r"(?P<value>[^\s\"',;"
            + _CJK_PUNCTUATION
            + r"]+)"
        ),
        lambda m: _statement(m, marker(SecretKind.PASSWORD)),
    ),
    (
        # 密码是 hunter2 / 口令：abc / 我的密钥为 xyz
        re.compile(
            r"(?P<head>(?:密码|口令|密钥|令牌|秘钥)\s*(?:是|为|都是|设置为|改成|=|:|：)\s*[\"'“”]?)"
            + _NOT_MARKER
            + r"[^\s\"',;"
            + _CJK_PUNCTUATION
            + r"]+"
        ),
        _keep_prefix(SecretKind.PASSWORD),
    ),
)


_SURROGATE = re.compile("[\ud800-\udfff]")


def scrub(text: str) -> str:
    """Replace lone surrogates (undecodable bytes that reached a ``str``, e.g. from
    ``argv`` or a ``\\ud800`` escape) with U+FFFD, so the text can be written as UTF-8."""
    if _SURROGATE.search(text) is None:
        return text
    return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")


@lru_cache(maxsize=limits.REDACTION_CACHE_ENTRIES)
def redact(text: str) -> str:
    """Return ``text`` safe to store: every recognised secret replaced by
    ``[REDACTED:<kind>]`` and undecodable characters by U+FFFD (:func:`scrub`)."""
    if not text:
        return text
    text = scrub(text)
    for pattern, replace in _RULES:
        text = pattern.sub(replace, text)
    return text


def contains_secret(text: str) -> bool:
    """True when :func:`redact` would change ``text``."""
    return redact(text) != text
