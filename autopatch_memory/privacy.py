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

import re
from collections.abc import Callable, Iterable
from enum import Enum
from functools import lru_cache
from typing import NamedTuple

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
    VENDOR_TOKEN = "vendor_token"  # SendGrid, Hugging Face, Twilio, Mailgun, …
    CLOUD_ACCESS_KEY = "cloud_access_key"  # Alibaba Cloud, Tencent Cloud, Volcengine ids
    WEBHOOK = "webhook"  # Slack, Discord, WeCom, Feishu, Teams webhook URLs
    BEARER = "bearer"
    URL_CREDENTIALS = "url_credentials"
    JDBC_PASSWORD = "jdbc_password"
    ASSIGNMENT = "secret_value"
    PASSWORD = "password"


def marker(kind: SecretKind) -> str:
    """The text that replaces a secret of ``kind``."""
    return f"[REDACTED:{kind.value}]"


MARKER_PREFIX = "[REDACTED:"
MARKER_RE = re.compile(r"\[REDACTED:[a-z_]{1,32}\]")
"""Matches any redaction marker."""


# --- privacy words: the lists only this module uses -----------------------------

# After "password:"/"token=", these are a type, a literal or a placeholder word,
# not a secret ("password: String", "token = null", "secret: required").
NOT_SECRET_VALUES: frozenset[str] = frozenset(
    """
    string str charsequence char[] chararray bytearray byte[] int integer long char any
    object secret secretstr secretstring bytes number boolean bool
    null none nil true false undefined required optional empty yes no on off
    text varchar password passwd token hidden masked redacted placeholder example
    dummy todo tbd n/a na include omit same-origin auto default disabled enabled new await
    replace_me replaceme change_me fixme
    """.split()
)
# After "my password is ...": a description, not the password itself.
NOT_SECRET_WORDS: frozenset[str] = frozenset(
    """
    wrong incorrect invalid expired correct right empty blank missing required set unset
    changed reset rotated revoked weak strong long short too not still the a an same
    different ok fine stored saved hashed encrypted encoded rejected accepted valid
    optional mandatory generated random unique secure insecure sensitive case-sensitive
    shared private public visible hidden leaked compromised needed necessary useful
    used sent passed checked verified validated refreshed renewed issued signed
    """.split()
)
# Function words: a "value" that is one of these is the next word of a sentence.
_STOPWORDS: frozenset[str] = frozenset(
    """
    a an the it its this that these those there here is are was were be been being
    to of in on at by for from with without as into onto about over under than then
    and or but if so not no nor do does did done can could should would will shall
    may might must i you he she we they me him her us them my your our their his
    what which who whom whose when where why how also just only very much more most
    some any all each every both either neither such same other another via per
    see ask check refer contact get find read look
    """.split()
)
# Algorithms, formats and schemes named after "password is"/"密码用": not values.
_TECH_TERMS: frozenset[str] = frozenset(
    """
    md5 sha1 sha-1 sha256 sha-256 sha384 sha512 sha-512 sha2 sha3 bcrypt scrypt argon2
    argon2id pbkdf2 hmac hmac-sha256 hs256 hs384 hs512 rs256 rs512 es256 ps256 aes
    aes-128 aes-256 aes-gcm aes/gcm rsa rsa-2048 rsa2048 des 3des sm2 sm3 sm4 ecdsa
    ed25519 base64 base64url hex utf-8 utf8 jwt jws jwe oauth oauth2 oauth2.0 oidc
    saml ldap kerberos bearer basic digest uuid guid totp hotp 2fa mfa otp sso cas
    json xml yaml http https tls ssl plaintext plain cleartext
    accesskey accesskeyid accesskeysecret secretkey secretid appkey appid appsecret clientid
    clientsecret apikey
    """.split()
)

_CJK_CLASS = (
    r"\u2e80-\u2fff\u3000-\u303f\u3040-\u9fff\uac00-\ud7af\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef"
)
_CJK_TEXT_RE = re.compile("[" + _CJK_CLASS + "]")
_TRAILING = ".,:;!?…"  # sentence punctuation after a value is not part of it

_Replacer = Callable[["re.Match[str]"], str]


# --- judging a candidate value --------------------------------------------------

_PLACEHOLDER_RE = re.compile(
    r"""^(?:\$\{|\{\{|\#\{|<[^<>]*>$|\[[A-Za-z\s_-]*\]?$|%[sd(]|\$[A-Za-z_(]|%[A-Za-z_]\w*%$|\$env:
    |env:|file:|\*{3,}|x{3,}$|X{3,}$|\.{3}|…|your[_\-.\s]|<your|enc\(|vault:)""",
    re.I | re.X,
)
_IDENTIFIER_RE = re.compile(r"^[A-Za-z_$][\w$]*$")
_DOTTED_REF_RE = re.compile(r"^(?:this\.|self\.)?[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+$")
_PATH_RE = re.compile(r"^(?:/[\w.\-]+/|~/|\./|\.\./|[A-Za-z]:\\|classpath:|https?://)")
_KEYWORD_IN_NAME_RE = re.compile(r"(?i)pass(?:word|wd)?|pwd|secret|token|key|credential")
_CAMEL_OR_SNAKE_RE = re.compile(r"[a-z][A-Z]|_")
# DB_PASSWORD, APP_SECRET: the name of a variable or a setting, wherever it appears.
_CONSTANT_NAME_RE = re.compile(r"^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$")
_CMDLET_RE = re.compile(r"^[A-Z][a-z]+-[A-Z][A-Za-z]+$")  # PowerShell: $pw = Read-Host …
_HYPHEN_WORDS_RE = re.compile(r"^[A-Za-z]+(?:-[A-Za-z]+)+$")


_CLOSERS = {")": "(", "]": "[", "}": "{", "）": "（"}


def _bare(value: str) -> str:
    """The value without quotes, sentence punctuation or an unbalanced closing bracket
    ("(using password: YES)" → "YES")."""
    bare = value.strip().strip("\"'`“”‘’").rstrip(_TRAILING)
    for closer, opener in _CLOSERS.items():
        surplus = bare.count(closer) - bare.count(opener)
        while surplus > 0 and bare.endswith(closer):
            bare = bare[:-1].rstrip(_TRAILING)
            surplus -= 1
    return bare


def _is_word_list_value(value: str, *, words: bool) -> bool:
    low = _bare(value).lower()
    if low in NOT_SECRET_VALUES or low.rstrip("?") in NOT_SECRET_VALUES:
        return True
    return words and (low in NOT_SECRET_WORDS or low in _STOPWORDS or low in _TECH_TERMS)


def _is_code_reference(value: str) -> bool:
    """``dto.password``, ``rawPassword``, ``DB_PASSWORD``: a name, not a literal."""
    bare = value.rstrip(".,:;")
    digits = sum(ch.isdigit() for ch in bare)
    if _DOTTED_REF_RE.match(bare) and not digits:
        return True
    # Names hold a digit or two at most; "tcSecretKey0987654321" is a value.
    return bool(
        _IDENTIFIER_RE.match(bare)
        and _KEYWORD_IN_NAME_RE.search(bare)
        and _CAMEL_OR_SNAKE_RE.search(bare)
        and digits < limits.SECRET_MIN_DIGITS_IN_VALUE_NOT_NAME
    )


def _not_a_value(value: str, *, code: bool = False, words: bool = True) -> bool:
    """A placeholder, a type name, a literal, a path, (with ``words``) a word that
    describes rather than states a secret, or (with ``code``: an unquoted value where
    code may be around) a variable name. ``password=a`` is an assignment of "a":
    after ``=`` the description words do not apply."""
    bare = _bare(value)
    return (
        not bare
        or bare.startswith(MARKER_PREFIX)
        or bool(_PLACEHOLDER_RE.match(bare))
        or _is_word_list_value(bare, words=words)
        or "(" in bare  # request.getParameter("pw"), encoder.encode(x)
        or bare.startswith(("new ", "this.", "self.", "-"))
        or bool(_PATH_RE.match(bare))
        or (code and _is_code_reference(value.strip()))  # "Pr0pPass!" is no name
        or bool(_CONSTANT_NAME_RE.match(bare) and _KEYWORD_IN_NAME_RE.search(bare))
        or bool(_CMDLET_RE.match(bare))
    )


def _credential_like(value: str) -> bool:
    """Has the look of a credential: a digit or a symbol (hyphenated words do not count)."""
    bare = _bare(value)
    if _HYPHEN_WORDS_RE.match(bare):
        return False
    return any(ch.isdigit() or not (ch.isalnum() or ch == "-") for ch in bare)


# 8-16, 1.2.3, v2.0, 1,532: a range, a version or a number with separators
_QUANTITY_RE = re.compile(r"^v?\d+(?:[.\-~～]\d+)+$|^\d{1,3}(?:,\d{3})+$")


def _plausible_in_prose(value: str, *, min_chars: int) -> bool:
    """A value stated in a sentence: long enough, not a word, and credential-like;
    a number must be long enough not to be a count ("max token: 1200"), and a range
    or a version is not a secret ("密码 8-16 位")."""
    bare = _bare(value)
    if len(bare) < min_chars or _not_a_value(bare) or not _credential_like(bare):
        return False
    if _QUANTITY_RE.match(bare):
        return False
    return not (bare.isdigit() and len(bare) < limits.SECRET_MIN_DIGITS_IN_PROSE)


def _requote(value: str, replacement: str) -> str:
    """Replace a possibly quoted value, keeping its quotes and the punctuation that ends
    a sentence ("password=hunter2." keeps the full stop; "Sup3r!" loses its "!", which
    is more often part of a password than an exclamation)."""
    if len(value) >= 2 and value[0] in "\"'`“" and value[-1] in "\"'`”":
        return value[0] + replacement + value[-1]
    stripped = value.rstrip(".,:;…")
    return replacement + value[len(stripped) :]


# ${NAME:default} (Spring) and ${NAME:-default} (shell); ${NAME:?message} is an error text.
_PLACEHOLDER_DEFAULT_RE = re.compile(r"(\$\{[\w.\-]{1,100}:-?)(?!\?)([^{}\s\"']{1,256})(\})")


def _redact_placeholder_defaults(value: str, kind: SecretKind) -> str:
    """``${DB_PASSWORD:root123}``: the default after the colon is a secret."""
    return _PLACEHOLDER_DEFAULT_RE.sub(lambda m: m.group(1) + marker(kind) + m.group(3), value)


# --- rule building blocks ---------------------------------------------------------


def _whole(kind: SecretKind) -> _Replacer:
    return lambda _m: marker(kind)


def _value_group(kind: SecretKind, *, check: Callable[[str], bool] | None = None) -> _Replacer:
    """Replace group ``value`` (keeping everything around it) when it is a secret."""

    def replace(m: re.Match[str]) -> str:
        value = m.group("value")
        if value.startswith(MARKER_PREFIX) or _not_a_value(value):
            return m.group(0)
        if check is not None and not check(value):
            return m.group(0)
        start, end = m.span("value")
        whole = m.group(0)
        offset = m.start()
        return whole[: start - offset] + _requote(value, marker(kind)) + whole[end - offset :]

    return replace


def _quoted(limit: int) -> str:
    """A single-, double- or back-quoted string on one line (escapes allowed)."""
    return (
        rf'"(?:[^"\\\n]|\\.){{1,{limit}}}"'
        rf"|'(?:[^'\\\n]|\\.){{1,{limit}}}'"
        rf"|`[^`\n]{{1,{limit}}}`"
        rf"|“[^”\n]{{1,{limit}}}”"
    )


# An unquoted value runs to whitespace, a quote, '<', CJK text or CJK punctuation.
# ',' ';' '&' belong to it unless they end it (followed by space, a quote, or the
# next "key=" of a query or connection string); a closing bracket belongs to it
# unless followed by space or another delimiter.
_UNQUOTED_VALUE = (
    r"(?:[^\s\"'`<,;&)}\]" + _CJK_CLASS + r"]"
    r"|[,;&](?![\s\"']|\Z|[\w.\-]{1,64}=)"
    r"|[)}\]](?![\s,;)}\]\"']|\Z))+"
)
_MARKER_VALUE = r"\[REDACTED:[a-z_]{1,32}\]"


def _compile(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """Compile a rule pattern with every run of blanks bounded: ``[ \\t]+`` and
    ``[ \\t]*`` become ``{1,16}`` / ``{0,16}``, so no pattern can scan an unbounded
    stretch of spaces once per position (the patterns stay readable)."""
    bounded = pattern.replace(r"[ \t]+", r"[ \t]{1,16}").replace(r"[ \t]*", r"[ \t]{0,16}")
    return re.compile(bounded, flags)


def _one_of(alternatives: Iterable[str]) -> str:
    """An alternation grouped by first letter, order kept within a letter:
    ``(?:a(?:pi…|ccess…)|s(?:ecret…)|…)``. It matches what the flat alternation
    matches; the engine rejects a position after one test per letter instead of one
    per alternative (a constant factor on keyword-heavy text)."""
    groups: dict[str, list[str]] = {}
    for alternative in alternatives:
        groups.setdefault(alternative[0], []).append(alternative[1:])
    return "(?:" + "|".join(f"{c}(?:{'|'.join(rest)})" for c, rest in groups.items()) + ")"


def _gate(first_chars: str) -> str:
    """A one-character look-ahead in front of a pattern whose alternatives start with
    these characters: every other position fails after one test instead of trying
    each alternative (a constant factor, not a change of meaning)."""
    return "(?=[" + first_chars + "])"


# --- whole-structure rules --------------------------------------------------------

_BLOCK_RULES: tuple[tuple[re.Pattern[str], _Replacer], ...] = (
    (
        _compile(r"<private>.*?(?:</private>|\Z)", re.S | re.I),
        _whole(SecretKind.PRIVATE_BLOCK),
    ),
    (
        _compile(
            r"-----BEGIN[A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----.*?"
            r"(?:-----END[A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----|\Z)",
            re.S,
        ),
        _whole(SecretKind.PRIVATE_KEY),
    ),
    (
        _compile(r"(?<![\w.\-])eyJ[\w-]{8,}\.eyJ[\w-]{8,}\.[\w-]{8,}"),
        _whole(SecretKind.JWT),
    ),
)


# --- vendor tokens: a fixed prefix and a body -------------------------------------

_VENDOR_TOKENS: tuple[tuple[str, SecretKind, str], ...] = (
    (
        "openai",
        SecretKind.API_KEY,
        r"sk-(?:ant-(?:api|admin)\d\d-|proj-|svcacct-|admin-|or-v1-)?[\w-]{20,}",
    ),
    ("github", SecretKind.GITHUB_TOKEN, r"gh[pousr]_[A-Za-z0-9]{20,}|github_pat_\w{20,}"),
    ("gitlab", SecretKind.GITLAB_TOKEN, r"gl(?:pat|ptt|dt|rt|soat|cbt|ffct|imt|oas)-[\w-]{20,}"),
    ("slack", SecretKind.SLACK_TOKEN, r"xox[abprse]-[A-Za-z0-9-]{10,}|xapp-\d-[A-Za-z0-9-]{10,}"),
    (
        "aws",
        SecretKind.AWS_ACCESS_KEY,
        r"(?:AKIA|ASIA|ABIA|ACCA|AIDA|AROA|AIPA|ANPA|ANVA|APKA)[A-Z0-9]{16}(?![A-Za-z0-9])",
    ),
    ("google", SecretKind.GOOGLE_API_KEY, r"AIza[\w-]{30,}|GOCSPX-[\w-]{20,}|ya29\.[\w.-]{20,}"),
    (
        "stripe",
        SecretKind.STRIPE_KEY,
        r"(?:sk|rk)_(?:live|test)_[0-9A-Za-z]{10,}|whsec_[0-9A-Za-z]{20,}",
    ),
    ("npm", SecretKind.NPM_TOKEN, r"npm_[A-Za-z0-9]{30,}"),
    ("sendgrid", SecretKind.VENDOR_TOKEN, r"SG\.[\w-]{16,32}\.[\w-]{16,64}"),
    ("huggingface", SecretKind.VENDOR_TOKEN, r"hf_[A-Za-z0-9]{30,}|api_org_[A-Za-z0-9]{30,}"),
    ("twilio", SecretKind.VENDOR_TOKEN, r"SK[0-9a-fA-F]{32}(?![0-9A-Za-z])"),
    ("mailgun", SecretKind.VENDOR_TOKEN, r"key-[0-9a-zA-Z]{32}(?![0-9A-Za-z])"),
    ("alibaba", SecretKind.CLOUD_ACCESS_KEY, r"LTAI[A-Za-z0-9]{12,24}(?![A-Za-z0-9])"),
    ("tencent", SecretKind.CLOUD_ACCESS_KEY, r"AKID[A-Za-z0-9]{32,40}(?![A-Za-z0-9])"),
    ("volcengine", SecretKind.CLOUD_ACCESS_KEY, r"AKLT[\w-]{20,}"),
    ("qianfan", SecretKind.API_KEY, r"bce-v3/ALTAK-[\w/-]{20,}"),
    ("pypi", SecretKind.VENDOR_TOKEN, r"pypi-AgEIcHlwaS5vcmc[\w-]{50,}"),
    ("shopify", SecretKind.VENDOR_TOKEN, r"shp(?:at|ss|ca|pa)_[a-fA-F0-9]{32}"),
    ("digitalocean", SecretKind.VENDOR_TOKEN, r"do[opr]_v1_[a-f0-9]{64}"),
    ("atlassian", SecretKind.VENDOR_TOKEN, r"ATATT3[\w=-]{50,}"),
    ("databricks", SecretKind.VENDOR_TOKEN, r"dapi[a-f0-9]{32}(?:-\d)?"),
    ("grafana", SecretKind.VENDOR_TOKEN, r"gl(?:sa|c)_[\w=+/-]{32,}"),
    ("newrelic", SecretKind.VENDOR_TOKEN, r"NRAK-[A-Z0-9]{27}"),
    ("docker", SecretKind.VENDOR_TOKEN, r"dckr_pat_[\w-]{20,}"),
    ("vault", SecretKind.VENDOR_TOKEN, r"hv[sb]\.[\w-]{24,}"),
    ("postman", SecretKind.VENDOR_TOKEN, r"PMAK-[a-f0-9]{24}-[a-f0-9]{34}"),
    ("sonarqube", SecretKind.VENDOR_TOKEN, r"sq[upa]_[a-f0-9]{40}(?![a-f0-9])"),
    (
        "artifactory",
        SecretKind.VENDOR_TOKEN,
        r"AKCp[A-Za-z0-9]{60,}|cmVmdGtuOjAxOj[A-Za-z0-9+/=]{40,}",
    ),
    ("notion", SecretKind.VENDOR_TOKEN, r"ntn_[A-Za-z0-9]{40,}|secret_[A-Za-z0-9]{43}(?!\w)"),
    ("square", SecretKind.VENDOR_TOKEN, r"sq0(?:atp|csp)-[\w-]{22,}"),
    ("nuget", SecretKind.VENDOR_TOKEN, r"oy2[a-z0-9]{43}(?![a-z0-9])"),
)
# The first character of every prefix above (tests check that none is missing).
_VENDOR_FIRST_CHARS = "AGLNPSabcdghknoprswxy"
# Tokens that start with a character class rather than a literal prefix.
_CLASS_PREFIXED_TOKENS: tuple[tuple[str, SecretKind, str], ...] = (
    ("mailchimp", SecretKind.VENDOR_TOKEN, r"[0-9a-f]{32}-us\d{1,2}(?![0-9A-Za-z])"),
    ("zhipu", SecretKind.API_KEY, r"[0-9a-f]{32}\.[A-Za-z0-9]{16}(?![A-Za-z0-9])"),
    ("azure_ad", SecretKind.VENDOR_TOKEN, r"[\w-]{3}\dQ~[\w.~-]{31,40}"),
    ("telegram", SecretKind.VENDOR_TOKEN, r"\d{8,10}:AA[\w-]{33}(?![\w-])"),
)
_VENDOR_KIND = {name: kind for name, kind, _ in (*_VENDOR_TOKENS, *_CLASS_PREFIXED_TOKENS)}


def _alternatives(tokens: tuple[tuple[str, SecretKind, str], ...]) -> str:
    return "|".join(f"(?P<{name}>{body})" for name, _, body in tokens)


# One pass for every vendor; each alternative starts with its own literal prefix. A
# token may follow a '-' or a '.' ("svc-ghp_…"), not a letter or digit ("ask-…" is no
# "sk-"). Each body is either bounded or runs to its end and succeeds, so a failed
# attempt costs a bounded scan.
_VENDOR_RE = _compile(
    _gate(_VENDOR_FIRST_CHARS) + r"(?<![A-Za-z0-9_])(?:" + _alternatives(_VENDOR_TOKENS) + ")"
)
_CLASS_PREFIXED_RE = _compile(
    r"(?=[\w\-])(?<![\w\-])(?:" + _alternatives(_CLASS_PREFIXED_TOKENS) + ")"
)


def _vendor(m: re.Match[str]) -> str:
    assert m.lastgroup is not None
    return marker(_VENDOR_KIND[m.lastgroup])


_WEBHOOK_RE = _compile(
    r"(?:hooks\.slack\.com/(?:services|workflows|triggers)/"
    r"|discord(?:app)?\.com/api/webhooks/"
    r"|qyapi\.weixin\.qq\.com/cgi-bin/webhook/send\?key="
    r"|open\.(?:feishu\.cn|larksuite\.com)/open-apis/bot/v2/hook/"
    r"|webhook\.office\.com/webhookb2/|outlook\.office\.com/webhook/"
    r"|oapi\.dingtalk\.com/robot/send\?access_token=)"
    r"(?P<value>[\w@/-]{8,})"
)


# --- bare AWS secret keys ----------------------------------------------------------

_AWS_SECRET_ASSIGNMENT_RE = _compile(
    _gate("AaSs_.\\-")
    + r"(?i:aws)?[_\-.]?(?i:secret)[_\-.]?(?i:access)?[_\-.]?(?i:key)[\"']?[ \t]{0,4}[:=][ \t]{0,4}"
    r"[\"']?(?P<value>[A-Za-z0-9/+=]{40})(?![A-Za-z0-9/+=])"
)
_BARE_AWS_SECRET_RE = _compile(r"(?<![A-Za-z0-9/+=.\-_])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=.\-_])")
_LOWER_WORD_RE = _compile(r"^[a-z]{2,}$")


def _bare_aws_secret(m: re.Match[str]) -> str:
    """40 base64 characters with '/' or '+' and mixed case and digits — unless they
    are a path (``src/main/java/com/acme/…``): path segments are words."""
    text = m.group(0)
    if not ("/" in text or "+" in text):
        return text
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


# --- headers and URLs --------------------------------------------------------------


def _bearer_ok(value: str) -> bool:
    # A credential has a digit or symbol, or is long: "Bearer authentication" stays.
    return _credential_like(value) or len(value) >= limits.SECRET_MIN_LETTERS_BEARER


_BEARER_RE = _compile(
    _gate("Bb") + r"\b(?:[Bb]earer|BEARER|[Bb]asic|BASIC)[ \t]{1,8}"
    r"(?P<value>" + _MARKER_VALUE + r"|[A-Za-z0-9\-._~+/]{8,}=*)"
)
_AUTHORIZATION_RE = _compile(
    _gate("Aa") + r"\b(?i:authorization)[\"']?[ \t]{0,8}[:=][ \t]{0,8}[\"']?"
    r"(?:(?i:bearer|basic|token|digest)[ \t]{1,8})?"
    r"(?P<value>" + _MARKER_VALUE + r"|(?!(?i:bearer|basic|token|digest)\b)[^\s\"',;]{4,})"
)
_ORACLE_JDBC_RE = _compile(
    r"jdbc:oracle:[a-z]{1,10}:[^\s/@:\"']{1,128}/(?P<value>[^\s@\"']{1,256})(?=@)"
)

# scheme://user:pass@host: the password runs to the first '@' that a host follows (so
# it may hold '@' and '/'). The match ends at that '@', so the next URL of a long run of
# them is found in the same pass; a quick look-ahead skips a "user:" with no '@' after.
_URL_HOST = r"[\w.\-%\[\]:]{1,253}(?:[/?#\s\"'<>]|\Z)"
_URL_USERINFO_RE = _compile(
    r"://(?P<user>[^\s:/?#@\"'<>\[\]]{0,128}):(?!\[REDACTED:)(?=[^\s\"'<>@]{0,256}@)"
    r"(?P<value>[^\s\"'<>]{1,256}?)@(?=" + _URL_HOST + r")"
)


def _url_credentials(m: re.Match[str]) -> str:
    """``scheme://user:pass@host`` loses ``pass``; ``host:port/@x`` is no password."""
    password, user = m.group("value"), m.group("user")
    head = password.split("/", 1)[0]
    port = head.isdigit() and ("/" in password or len(head) <= limits.URL_PORT_MAX_DIGITS)
    if port and ("." in user or user == "localhost"):
        return m.group(0)  # host:port, not user:password
    if _PLACEHOLDER_RE.match(password):
        return m.group(0)
    return f"://{user}:{marker(SecretKind.URL_CREDENTIALS)}@"


# --- structured files: XML, .netrc, code, command lines -----------------------------

_SECRET_TAG = (
    r"(?i:password|passwd|passphrase|secret|token|api[-_.]?key|apikey|secret[-_.]?key"
    r"|access[-_.]?key|credentials?)"
)
_XML_ELEMENT_RE = _compile(
    r"<(?P<tag>[\w.:-]{0,40}?" + _SECRET_TAG + r")(?:[ \t][^<>]{0,200})?>"
    r"(?P<value>[^<]{1,2048})</(?P=tag)[ \t]*>"
)
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
    if user[-1] in ",.;:，。；" or user.lower() in _STOPWORDS:
        return m.group(0)
    return _value_group(SecretKind.PASSWORD)(m)


def _xml_value(m: re.Match[str]) -> str:
    value = m.group("value")
    if not value.strip() or _not_a_value(value.strip()):
        return m.group(0)
    start, end = m.span("value")
    whole, offset = m.group(0), m.start()
    kind = SecretKind.PASSWORD
    return whole[: start - offset] + marker(kind) + whole[end - offset :]


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
    + r"|\S{1,256})[ \t]*$",
    re.M,
)


# aws configure set aws_secret_access_key X / npm config set //r/:_authToken X
_CONFIG_SET_RE = _compile(
    r"\b(?:config|configure)[ \t]+(?:--global[ \t]+)?(?i:set)[ \t]+(?P<key>[^\s=]{1,100})[ \t]+"
    r"(?P<value>" + _MARKER_VALUE + r"|" + _quoted(256) + r"|[^\s\"'`]{1,256})"
)
_SECRET_KEY_NAME_RE = _compile(
    r"(?i)(?:pass(?:word|wd)?|pwd|secret|token|credentials?|api[-_.]?key|access[-_.]?key"
    r"|private[-_.]?key|requirepass|masterauth|_auth)$"
)


def _config_set(m: re.Match[str]) -> str:
    if not _SECRET_KEY_NAME_RE.search(m.group("key")):
        return m.group(0)
    return _value_group(SecretKind.PASSWORD)(m)


# 账号 admin/Adm1n!  /  login: ops / 0ps#Team  /  user root/toor
_USER_SLASH_PASSWORD_RE = _compile(
    _gate("账帐用Uu登LlAaCc") + r"(?:(?:账号|帐号|账户|帐户|用户名|登录)[ \t]{0,4}[:：]?"
    r"|(?<![\w\-])(?i:user(?:name)?|login|account|creds?|credentials)"
    r"(?:[ \t]{0,4}[:：]|[ \t]+(?i:are|is)[ \t]|[ \t]))"
    r"[ \t]{0,4}[\w.@\-]{1,64}[ \t]{0,2}/[ \t]{0,2}"
    r"(?P<value>" + _MARKER_VALUE + r"|[\x21-\x2e\x30-\x7e]{3,128})"
)


# root/Root@123, admin / Adm1n!: a well-known account name, a slash, a credential.
_ACCOUNT_SLASH_PASSWORD_RE = _compile(
    r"(?<![\w/.\-])(?i:root|admin|administrator|sa|postgres|sys|system|test|dev|ops|guest"
    r"|deploy|nacos|elastic)[ \t]{0,2}/[ \t]{0,2}(?P<value>[\x21-\x2e\x30-\x7e]{4,128})"
)
_FILE_NAME_RE = re.compile(r"^[\w\-]+\.[A-Za-z]{1,5}$")


def _account_slash_password(m: re.Match[str]) -> str:
    value = _bare(m.group("value"))
    if m.string[m.end() : m.end() + 1] == "/" or value.startswith("."):
        return m.group(0)  # root/.ssh/…: a path
    if _FILE_NAME_RE.match(value) or not _plausible_in_prose(
        value, min_chars=limits.SECRET_MIN_CHARS_IN_PROSE
    ):
        return m.group(0)
    return _value_group(SecretKind.PASSWORD)(m)


# The secret that follows an access key id in a call: build(endpoint, "LTAI…", "x").
_SECRET_AFTER_KEY_ID_RE = _compile(
    r"\[REDACTED:(?:cloud_access_key|aws_access_key)\][\"'][ \t]*,[ \t]*(?P<value>"
    + _quoted(512)
    + r")"
)
# SQL: CREATE USER … IDENTIFIED BY 'x', PASSWORD('x'), ALTER ROLE … PASSWORD 'x'
_SQL_PASSWORD_RE = _compile(
    _gate("IiPpLlWwEeUu")
    + r"(?:\b(?i:identified)[ \t]+(?:(?i:with)[ \t]+\w{1,40}[ \t]+)?(?i:by)[ \t]+"
    r"|\b(?i:password)[ \t]*\([ \t]*"
    r"|\b(?i:login|with|encrypted|unencrypted)[ \t]+(?i:password)[ \t]+(?=['\"]))"
    r"(?P<value>" + _quoted(256) + r")"
)
# A Redis console: "127.0.0.1:6379> AUTH x", "AUTH default x"
_REDIS_AUTH_RE = _compile(
    r"^(?:[\w.:\-]{1,64}>)?[ \t]*AUTH[ \t]+(?:\S{1,64}[ \t]+)?(?P<value>"
    + _quoted(256)
    + r"|\S{1,256})[ \t]*$",
    re.M,
)
# PowerShell: ConvertTo-SecureString "x" -AsPlainText
_POWERSHELL_SECURE_STRING_RE = _compile(
    r"\b(?i:ConvertTo-SecureString)[ \t]+(?:-String[ \t]+)?(?P<value>" + _quoted(256) + r")"
)
# After a stated password, another one in the same sentence: "…密码是 [R]，生产是 X",
# "the qa password is [R], prod: X"; and "密码在 … 里，是 X".
_NEXT_SECRET_RE = _compile(
    r"(?:\[REDACTED:(?:password|secret_value)\][ \t]*[，,、；;][ \t]*(?:(?i:and|or)[ \t]+)?"
    r"[^\s，,。；;:：=是为]{1,16}(?:[ \t]+[^\s，,。；;:：=是为]{1,16}){0,2}?[ \t]*"
    r"|(?:密码|口令|密钥|令牌)[^。\n]{0,40}?[，,][ \t]*(?:就)?)"
    r"(?:是|为|[:：]|(?<![A-Za-z])(?i:is)(?![A-Za-z]))[ \t]*(?P<value>"
    + _MARKER_VALUE
    + r"|[\x21\x23-\x26\x28-\x5f\x61-\x7e]{1,256})"
)
# "login as root with toor123", "ssh as ops using 0ps!"
_LOGIN_WITH_RE = _compile(
    r"\b(?i:log[ \t]?in|sign[ \t]?in|ssh|connect)[ \t]+(?i:as[ \t]+)?[\w.@\-]{1,64}[ \t]+"
    r"(?i:with|using)[ \t]+(?:(?i:password|pw)[ \t]+)?(?P<value>"
    + _MARKER_VALUE
    + r"|[\x21\x23-\x26\x28-\x5f\x61-\x7e]{1,256})"
)


def _plausible_value(m: re.Match[str]) -> str:
    """Replace group ``value`` when it looks like a credential (a sentence said it)."""
    if not _plausible_in_prose(m.group("value"), min_chars=limits.SECRET_MIN_CHARS_IN_PROSE):
        return m.group(0)
    return _value_group(SecretKind.PASSWORD)(m)


# echo 'x' | docker login --password-stdin / --password-stdin <<< 'x'
_STDIN_PASSWORD_RE = _compile(
    r"\becho[ \t]+(?P<value>" + _quoted(256) + r"|[^\s|'\"]{1,256})[ \t]*\|[ \t]*"
    r"(?:sudo[ \t]+)?[\w\-]{1,20}[ \t]+(?:[\w\-]{1,20}[ \t]+)?login\b"
)
_HERE_STRING_PASSWORD_RE = _compile(
    r"--password-stdin[ \t]*<<<[ \t]*(?P<value>" + _quoted(256) + r"|\S{1,256})"
)


_SETTER_RE = _compile(
    r"(?=[A-Za-z])(?<![\w$])(?:set|with)?[A-Za-z]{0,24}?"
    r"(?:Password|Passwd|Passphrase|Secret|SecretKey|Token|ApiKey|AccessKeySecret|Credentials?)"
    r"[ \t]*\((?P<args>(?:[^()\n]|\([^()\n]{0,80}\)){1,400})\)"
    r"|(?<=\.)(?:password|passwd|secret|secretKey|token|apiKey|auth|credentials)"
    r"[ \t]*\((?P<args2>(?:[^()\n]|\([^()\n]{0,80}\)){1,400})\)"
)
_CREDENTIAL_CALL_RE = _compile(
    _gate("gPUBADCSJl")
    + r"(?<![\w$])(?:getConnection|PasswordAuthentication|UsernamePasswordCredentials"
    r"|UsernamePasswordAuthenticationToken|UsernamePasswordToken|BasicAWSCredentials"
    r"|BasicSessionCredentials|AwsBasicCredentials\.create|AwsSessionCredentials\.create"
    r"|DefaultProfile\.getProfile|BasicCredentials|Credential|StsCredentials"
    r"|ClientSecretCredential|BasicAuthenticationInterceptor|BasicAuthRequestInterceptor"
    r"|Credentials\.basic|JedisPool|JedisSentinelPool|(?<=\.)login)"
    r"[ \t]*\((?P<args>(?:[^()\n]|\([^()\n]{0,80}\)){1,400})\)"
)
_STRING_LITERAL_RE = _compile(r'"((?:[^"\\\n]|\\.){0,512})"|\'((?:[^\'\\\n]|\\.){0,512})\'')
_GETTER_PREFIXES = ("get", "is", "has", "check", "verify", "validate", "encode", "hash", "match")


def _top_level_literals(args: str) -> list[re.Match[str]]:
    """The non-empty string literals passed directly, not inside a nested call
    (``setPassword(System.getenv("DB_PASSWORD"))`` passes no literal)."""
    literals = []
    for m in _STRING_LITERAL_RE.finditer(args):
        before = _STRING_LITERAL_RE.sub("", args[: m.start()])
        if before.count("(") == before.count(")") and (m.group(1) or m.group(2) or "").strip():
            literals.append(m)
    return literals


def _redact_literals(call: str, args: str, args_start: int, *, last_only: bool) -> str:
    literals = _top_level_literals(args)
    if last_only:
        literals = literals[-1:] if len(literals) >= 2 else []
    out, cursor = [], 0
    for lit in literals:
        body = lit.group(1) if lit.group(1) is not None else lit.group(2)
        if _not_a_value(body):
            continue
        start = args_start + lit.start() + 1
        out.append(call[cursor:start])
        out.append(marker(SecretKind.PASSWORD))
        cursor = args_start + lit.end() - 1
    out.append(call[cursor:])
    return "".join(out)


def _setter(m: re.Match[str]) -> str:
    call = m.group(0)
    if call.lower().startswith(_GETTER_PREFIXES):
        return call
    group = "args" if m.group("args") is not None else "args2"
    return _redact_literals(call, m.group(group), m.start(group) - m.start(), last_only=False)


def _credential_call(m: re.Match[str]) -> str:
    return _redact_literals(
        m.group(0), m.group("args"), m.start("args") - m.start(), last_only=True
    )


# An option's value: quoted, or printable ASCII not starting with '-' (the next option)
# and without CJK text ("--password 参数是干嘛的" asks about the option).
_CLI_VALUE = (
    r"(?P<value>"
    + _MARKER_VALUE
    + r"|"
    + _quoted(256)
    + r"|[\x21\x23-\x26\x28-\x2c\x2e-\x5f\x61-\x7e][\x21\x23-\x26\x28-\x5f\x61-\x7e]{0,255})"
    + r"(?![^\s\x21-\x7e])"
)
_CLI_RULES: tuple[re.Pattern[str], ...] = (
    # mysql -uroot -pS3cret  (only attached: "-p mydb" prompts for the password)
    _compile(
        r"\b(?:mysql|mysqldump|mysqladmin|mysqlimport|mysqlsh|mariadb|mariadb-dump)\b"
        r"[^\n]{0,300}?[ \t]-p(?P<value>"
        + _MARKER_VALUE
        + r"|"
        + _quoted(256)
        + r"|[^\s\"'`]{1,256})"
    ),
    _compile(r"\bredis-cli\b[^\n]{0,300}?[ \t]-a[ \t]+" + _CLI_VALUE),
    _compile(r"\bmongo(?:sh)?\b[^\n]{0,300}?[ \t]-p[ \t]+" + _CLI_VALUE),
    _compile(r"\bsshpass[ \t]+-p[ \t]*" + _CLI_VALUE),
    _compile(r"\bdocker[ \t]+login\b[^\n]{0,200}?[ \t]-p[ \t]+" + _CLI_VALUE),
    # curl -u user:pass / --user 'user:pass'; httpie -a user:pass
    _compile(
        r"\b(?:curl|wget)\b[^\n]{0,300}?[ \t](?:-u|--user|--proxy-user|-U)[ \t]*[\"']?"
        r"[^\s:\"'@]{1,128}:(?P<value>" + _MARKER_VALUE + r"|[^\s\"']{1,256})"
    ),
    _compile(
        r"\bhttp[ \t][^\n]{0,300}?[ \t](?:-a|--auth)[ \t]*[\"']?"
        r"[^\s:\"'@]{1,128}:(?P<value>" + _MARKER_VALUE + r"|[^\s\"']{1,256})"
    ),
    # sqlplus scott/tiger@orcl
    _compile(
        r"\b(?:sqlplus|expdp|impdp|exp|imp|rman)[ \t]+(?:-[sSlL][ \t]+)?[\w$#]{1,64}/"
        r"(?P<value>" + _MARKER_VALUE + r"|[^\s@/\"']{1,128})"
    ),
    # --password X, -storepass X, --api-key X, --token=X is an assignment
    _compile(
        r"(?<![\w\-])--?[\w.\-]{0,40}?"
        r"(?i:password|passwd|pass|pwd|token|api-?key|access-?key|secret-?key|private-?key"
        r"|client-?secret|storepass|keypass|passphrase|credentials?)[ \t]+" + _CLI_VALUE
    ),
)


# --proxy-auth user:pass, --auth user:pass, --user=user:pass in any tool (a uid:gid
# such as "--user 1000:1000" is no credential: the value must look like one)
_OPTION_USER_PASSWORD_RE = _compile(
    r"(?<![\w\-])--?[\w\-]{0,30}(?:auth|user)[ \t=]+[\"']?[^\s:\"'@]{1,64}:"
    r"(?P<value>" + _MARKER_VALUE + r"|[\x21\x23-\x26\x28-\x5f\x61-\x7e]{1,256})"
)


# --- key = value assignments ---------------------------------------------------------

# The key ends with one of these. Compound keys come before their last word so
# "secret_key" is tried before "secret".
_KEY_PREFIXES = (
    "api secret private access client signing sign encryption encrypt decrypt master app"
    " account shared[-_.]?access storage license subscription consumer webhook deploy session"
    " hmac jwt aes mch apiv3 auth"
).split()
_KEYWORD = (
    "(?P<kw>"
    + _one_of(
        (
            *(f"{prefix}[-_.]?key" for prefix in _KEY_PREFIXES),
            *"apikey accountkey keypass storepass requirepass masterauth".split(),
            *"pass(?:word|wd|phrase|code)? pwd pw secret token credentials? auth sig sk".split(),
            "signature",
        )
    )
    + ")"
)
_SHORT_KEYWORDS = frozenset(
    {"pass", "pwd", "pw", "auth", "sig", "signature", "passcode", "aeskey", "aes_key", "sk"}
)
_QUERY_ONLY_KEYWORDS = frozenset({"sig", "signature"})
# Besides ``=``/``:``/``=>``/``:=`` and full-width forms, three shapes whose value must
# be a literal: ``val token: String = "x"`` (a typed declaration), ``("password", "x")``
# (a quoted key and a comma) and ``storePassword 'x'`` (a Groovy/Gradle DSL call).
_SEPARATOR = (
    r"(?P<sep>(?P<typed>:[ \t]{0,4}[A-Za-z_][\w.]{0,40}(?:<[\w.<>, ?]{0,60}>)?\??[ \t]{0,4}"
    r"=(?![=>])(?=[ \t]*[bBrRuU]{0,2}[\"'`]))"
    r"|:=|=>|=(?![=~>])|:(?![:/\\])|：|＝"
    r"|(?P<comma>,)(?=[ \t]{0,8}[\"'])"
    r"|(?P<dsl>(?<=[ \t]))(?=[\"']))"
)
_KEYWORD_GATE = _gate("AaSsPpCcEeMmLlWwDdKkTtHhJjRr")
_ASSIGNMENT_RE = _compile(
    _KEYWORD_GATE + r"(?i:" + _KEYWORD + r")(?P<close>[\"']?\]?)[ \t]{0,8}" + _SEPARATOR + r"[ \t]*"
    r"(?:[bBrRuU]{1,2}(?=[\"']))?(?!\[REDACTED:)(?P<value>"
    r"\$\{[^{}\s]{0,300}\}|\$\{|\{\{|\#\{|" + _quoted(2048) + r"|" + _UNQUOTED_VALUE + r")"
)
# Kubernetes env: "- name: DB_PASSWORD" then "value: x" on the next line.
_K8S_ENV_RE = _compile(
    r"\bname:[ \t]{0,8}(?P<q>[\"']?)[\w.\-]{0,64}?(?i:" + _KEYWORD + r")(?P=q)[ \t]*\r?\n"
    r"[ \t]{0,64}value:[ \t]{0,8}(?P<value>"
    + _MARKER_VALUE
    + r"|"
    + _quoted(1024)
    + r"|[^\s\"'#][^\n]{0,1023})"
)
_KEY_CHARS_RE = _compile(r"[\w.\-$]")


def _key_start(text: str, kw_start: int) -> int:
    """Where the key that ends with the keyword begins (bounded walk back)."""
    pos = kw_start
    floor = max(0, kw_start - limits.SECRET_MAX_KEY_CHARS)
    while pos > floor and _KEY_CHARS_RE.match(text[pos - 1]):
        pos -= 1
    return pos


def _line_before(text: str, pos: int) -> str:
    """The text before ``pos`` on its line, at most a bounded window of it (every look
    around a match is bounded, or a text of many matches would cost quadratic time)."""
    window = text[max(0, pos - limits.SECRET_CONTEXT_CHARS) : pos]
    return window[window.rfind("\n") + 1 :]


def _line_after(text: str, pos: int) -> str:
    """The text after ``pos`` on its line, within the same bounded window."""
    window = text[pos : pos + limits.SECRET_CONTEXT_CHARS]
    end = window.find("\n")
    return window if end == -1 else window[:end]


def _inside_marker(text: str, pos: int) -> bool:
    """``pos`` is inside a redaction marker: "[REDACTED:password]" names no key."""
    start = text.rfind(MARKER_PREFIX, max(0, pos - len(MARKER_PREFIX) - 32), pos)
    return start != -1 and "]" not in text[start:pos]


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
    text, value, kw = m.string, m.group("value"), m.group("kw")
    if value.startswith(MARKER_PREFIX) or value in ("${", "{{", "#{"):
        return m.group(0)
    kw_start = m.start("kw")
    if not _keyword_is_component(text, kw_start, kw) or _inside_marker(text, kw_start):
        return m.group(0)
    key_start = _key_start(text, kw_start)
    in_query = _in_query(text, key_start)
    if kw.lower() in _QUERY_ONLY_KEYWORDS and not in_query:
        return m.group(0)
    if kw.lower() == "auth" and text[kw_start - 1 : kw_start] != "_":
        return m.group(0)  # only npm's "_auth=…", not "auth: basic"
    if text[max(0, key_start - 2) : key_start] == "${" and value.startswith("?"):
        return m.group(0)  # ${JWT_SECRET:?must be set}: an error message, not a default
    if (m.group("comma") or m.group("dsl") is not None) and not _literal_form_ok(m, key_start):
        return m.group(0)
    if value.startswith("${") and value.endswith("}"):
        return _replace_span(m, "value", _redact_placeholder_defaults(value, SecretKind.ASSIGNMENT))
    quoted = value[0] in "\"'`“"
    value = value.rstrip() if quoted else value
    inner = value[1:-1] if quoted else value
    if quoted and "${" in inner:
        redacted = _redact_placeholder_defaults(inner, SecretKind.ASSIGNMENT)
        return _replace_span(m, "value", value[0] + redacted + value[-1])
    # After "=", or as the default of "${key:default}", the value is a literal.
    literal = m.group("sep") in ("=", ":=", "=>", "＝") or text[key_start - 2 : key_start] == "${"
    code = not quoted and not in_query and text[key_start - 2 : key_start] != "${"
    if _not_a_value(inner, code=code, words=not literal):
        return m.group(0)
    if not quoted and not in_query and _ends_code_statement(text, m.end("value"), inner):
        return m.group(0)  # ``String pwd = input;``: a variable, not a literal
    prose = m.group("sep") in (":", "：") and _prose_key(text, key_start, m.end("kw"))
    if prose and not _plausible_in_prose(inner, min_chars=limits.SECRET_MIN_CHARS_IN_PROSE):
        return m.group(0)
    kind = _jdbc_or_assignment(text, key_start) if in_query else SecretKind.ASSIGNMENT
    return _replace_span(m, "value", _requote(value, marker(kind)))


def _literal_form_ok(m: re.Match[str], key_start: int) -> bool:
    """``("password", "x")`` needs a quoted key; ``storePassword 'x'`` a statement of
    its own line or a credential-like literal ("the password 'reset' flow" is prose)."""
    text = m.string
    if m.group("comma"):
        close = m.group("close")[:1]
        return bool(close) and text[key_start - 1 : key_start] == close
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


def _replace_span(m: re.Match[str], group: str, replacement: str) -> str:
    start, end = m.span(group)
    whole, offset = m.group(0), m.start()
    return whole[: start - offset] + replacement + whole[end - offset :]


# YAML plain scalars may hold spaces: ``password: correct horse battery staple``.
_YAML_LINE_RE = _compile(
    # A key starts the line and a colon follows soon: other lines fail at once.
    r"^(?=[ \t\-\"']{0,64}[\w.\-][^\n:]{0,130}:)"
    r"[ \t]{0,64}(?:-[ \t]+)?[\"']?(?P<key>[\w.\-]{0,64}?(?i:" + _KEYWORD + r"))[\"']?"
    r"[ \t]{0,8}:[ \t]+(?P<value>[^\s\"'#|>&*!{\[`][^\n]{0,2047})(?=\n|\Z)",
    re.M,
)
_YAML_COMMENT_RE = _compile(r"[ \t]#")


def _yaml_line(m: re.Match[str]) -> str:
    # The pattern takes the line to its end (no lazy scan: that would backtrack);
    # the comment and trailing blanks are cut here.
    key, line = m.group("key"), m.group("value")
    comment = _YAML_COMMENT_RE.search(line)
    value = (line[: comment.start()] if comment else line).rstrip()
    if " " not in value or value.startswith(MARKER_PREFIX):
        return m.group(0)  # one word: the generic assignment rule decides
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


# --- free sentences ------------------------------------------------------------------

_ZH_KEYWORD = r"(?P<kw>密码|口令|密钥|秘钥|私钥|令牌|授权码|凭证)"
# An ASCII keyword inside Chinese text: "token 是 X", "AppSecret 为 X", "SK：X".
_ASCII_KEYWORD_IN_ZH = (
    r"(?P<kw>(?i:access[ _\-]?key[ _\-]?secret"
    r"|(?:api|access|secret|app|client)[ _\-]?(?:key|secret)"
    r"|pass(?:word|wd|phrase)|pwd|token|secret|apikey|appsecret)"
    r"|(?<![A-Za-z])(?:AK|SK|ak|sk)(?![A-Za-z]))"
)
_ZH_CONNECTOR = (
    r"(?P<conn>(?:也|都|就|还|仍|依然|仍然|统一|默认|应该)?"
    r"(?:是|为|设为|设置为|设置成|设成|改为|改成|换成|用的是|用)了?|[:：=＝])"
)
# A stated value: printable ASCII up to a blank, a quote or CJK text. A marker is not
# a value (the engine skips it without a callback), and without a connector or a quote
# ("密码 X") the value must hold a digit or a symbol: thousands of "密码 abc" in one
# text cost one regex scan, not thousands of Python calls.
_STATED_VALUE = r"[\x21\x23-\x26\x28-\x5f\x61-\x7e]{1,256}"
# Where a stated value starts: not at a marker, not at a separator the pattern let go of.
_VALUE_START = r"(?![=:：＝]|\[REDACTED:)"
_CREDENTIAL_SHAPE = r"(?=[A-Za-z]{0,255}[\x21\x23-\x26\x28-\x40\x5b-\x5f\x7b-\x7e])"
_ZH_VALUE = (
    r"[ \t]{0,4}[:：]?[ \t]{0,4}(?P<q>[「『“\"'`])?"
    + _VALUE_START
    + r"(?(conn)|(?(q)|"
    + _CREDENTIAL_SHAPE
    + r"))(?P<value>"
    + _STATED_VALUE
    + r")"
)
_ZH_SENTENCE_RE = _compile(
    _gate("密口秘私令授凭")
    + _ZH_KEYWORD
    # 密码（测试环境）：X  /  密码我记得是 X: a remark before the connector
    + r"(?P<remark>[（(][^）)\n]{1,20}[）)]|[\u4e00-\u9fff]{1,4}?(?=(?:是|为|：)))?[ \t]{0,4}(?:"
    + _ZH_CONNECTOR
    + r")?"
    + _ZH_VALUE
)
_ASCII_IN_ZH_RE = _compile(
    _gate("PpTtSsAaCc")
    + _ASCII_KEYWORD_IN_ZH
    + r"[ \t]{0,4}(?P<conn>(?:也|都|就|还|仍|依然|仍然|统一|默认|应该)?"
    r"(?:是|为|设为|设置为|设置成|设成|改为|改成|换成|用的是)了?|：)" + _ZH_VALUE
)


_ZH_UNIT_RE = re.compile(
    r"[ \t]{0,2}(?:位|个|次|天|小时|分钟|秒|字符|字节|元|年|月|岁|条|种|[KMG]B\b)"
)


def _zh_sentence(m: re.Match[str]) -> str:
    value, conn = m.group("value"), m.group("conn")
    if len(value) < limits.SECRET_MIN_CHARS_STATED or value.startswith(MARKER_PREFIX):
        return m.group(0)  # cheap checks first: a text may hold thousands of candidates
    bare = _bare(value)
    if (bare.isdigit() or _QUANTITY_RE.match(bare)) and _ZH_UNIT_RE.match(m.string, m.end()):
        return m.group(0)  # 密钥长度是 2048 位: a quantity
    # Without a connector ("密码 X") or after a remark ("密码我记得是 X") the value must
    # look like a credential ("用户名 a 密码 b" is the user-then-password rule's).
    remark = "remark" in m.re.groupindex and m.group("remark")
    if not m.group("q") and (conn is None or remark):
        ok = _plausible_in_prose(bare, min_chars=limits.SECRET_MIN_CHARS_IN_PROSE)
    else:
        ok = len(bare) >= limits.SECRET_MIN_CHARS_STATED and not _not_a_value(bare)
    if not ok:
        return m.group(0)
    return _replace_span(m, "value", _requote(value, marker(SecretKind.PASSWORD)))


# "用户名 admin 密码 admin", "user ops password hunter", "root 密码 toor": after a user
# name a password needs no digit.
_USER_THEN_PASSWORD_RE = _compile(
    _gate("用账帐UuLlRrAaSsPp")
    + r"(?:(?:用户名|账号|帐号|账户|用户|(?<![\w\-])(?i:user(?:name)?|login))[ \t:：]{0,8}"
    r"(?P<user>[\w.@\-]{1,64})|(?<![\w\-])(?i:root|admin|administrator|sa|postgres|system))"
    r"[ \t,，、;；]{0,8}(?:(?i:and)[ \t]+)?"
    r"(?:密码|口令|(?<![\w\-])(?i:password|passwd|pwd|pass)(?![\w\-]))[ \t]*[:：=＝]?[ \t]*"
    r"(?P<q>[\"'`“])?" + _VALUE_START + r"(?P<value>" + _STATED_VALUE + r")"
)


def _user_then_password(m: re.Match[str]) -> str:
    user = (m.group("user") or "").lower()
    bare = _bare(m.group("value"))
    if user in _STOPWORDS or user in NOT_SECRET_WORDS or len(bare) < limits.SECRET_MIN_CHARS_STATED:
        return m.group(0)
    if _not_a_value(bare) or (bare.isdigit() and _ZH_UNIT_RE.match(m.string, m.end())):
        return m.group(0)
    return _replace_span(m, "value", _requote(m.group("value"), marker(SecretKind.PASSWORD)))


# "the API key is X", "the admin key for … is X": words that make "key" a secret.
_SENTENCE_KEY_PREFIXES = (
    "api access secret private license app master signing deploy admin root".split()
)
_EN_SENTENCE_RE = _compile(
    _gate("PpTtSsCcAaLlMmDdRr")
    + r"(?<![\w\-])(?P<kw>(?i:"
    + _one_of(
        (
            *(rf"{prefix}[ \t_\-]?key" for prefix in _SENTENCE_KEY_PREFIXES),
            r"pass(?:word|wd|phrase|code)",
            "pwd?",
            r"pin[ \t]code",
            *"token secret creds? credentials?".split(),
        )
    )
    + "))"
    # "the password for the staging DB is X": a qualifier, then a connector;
    # "the password everywhere: X", "db password -> X": a few words, then a colon
    # (each word is taken whole: a word that cannot shrink keeps backtracking short)
    r"(?:(?P<qual>[ \t]+(?i:for|of|on|to)"
    r"(?:[ \t]+[^\s,.;:!?\"'`，。；：]{1,40}(?![^\s,.;:!?\"'`，。；：])){1,4}?)?"
    r"[ \t]*(?:(?P<conn>(?i:is[ \t]+now|is[ \t]+still|is|are|was|has[ \t]+been[ \t]+"
    r"(?:changed|set|reset|updated)[ \t]+to|(?:changed|set|reset|updated)[ \t]+to|to))[ \t]*:?"
    r"|(?P<sep>[:=]|->|→))"
    r"|(?P<qual2>(?:[ \t]+[A-Za-z][\w\-]{0,20}(?![\w\-])){1,3}?)[ \t]*(?P<sep2>:|->|→))?"
    r"[ \t]+(?P<q>[\"'`“])?"
    + _VALUE_START
    + r"(?(conn)|(?(sep)|(?(sep2)|(?(q)|"
    + _CREDENTIAL_SHAPE
    + r"))))"
    r"(?P<value>(?<=[\"'`“])[^\"'`”\n]{1,256}(?=[\"'`”])|" + _STATED_VALUE + r")"
)
# Past participles that are not "-ed", and adjectives: "the secret is kept in Vault".
_IRREGULAR_PARTICIPLES: frozenset[str] = frozenset(
    """
    kept sent set put read held known shown given taken written hidden stolen broken chosen
    lost found built bound made paid told sold spent split cut shut hit run done gone seen
    unknown opaque stateless static dynamic temporary permanent global local unchanged never
    """.split()
)
_ADJECTIVE_SUFFIXES = ("ed", "ing", "able", "ible", "ly", "ful", "ous", "ive", "less")
_STATEMENT_END_RE = _compile(r"[ \t]*(?:[,.;!?，。；！？)）\n]|\Z)")


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


def _ends_statement(text: str, end: int) -> bool:
    """The value ends its clause: no further word follows ("is case sensitive")."""
    return bool(_STATEMENT_END_RE.match(text, end))


_OWNER_RE = _compile(r"(?i)\b(?:my|our)\b(?:[ \t]+[\w\-]{1,30}){0,3}[ \t]*$")


def _en_sentence(m: re.Match[str]) -> str:
    value = m.group("value")
    if value.startswith(MARKER_PREFIX):
        return m.group(0)
    conn = (m.group("conn") or "").lower()
    text = m.string
    owner = bool(_OWNER_RE.search(text, max(0, m.start() - 60), m.start()))
    bare = _bare(value)
    min_chars = limits.SECRET_MIN_CHARS_IN_PROSE
    sep, kw = m.group("sep") or m.group("sep2"), m.group("kw").lower()
    qualified = m.group("qual") or m.group("qual2") or sep in ("->", "→")
    if kw in ("pw", "pwd") and not (conn or sep):
        return m.group(0)  # "-field=pw secret/db": an abbreviation needs "is"/":"
    if sep and not qualified:
        return m.group(0)  # "key: value" without a qualifier: the assignment rule decided
    stated = conn.startswith(("is", "are", "was", "has"))
    if (owner and stated) or (m.group("q") and conn):
        ok = len(bare) >= min_chars and not _not_a_value(bare)
    elif (
        (stated or sep)
        and kw.startswith("pass")
        and _ends_statement(text, m.end())
        and _plain_word(bare)
    ):
        ok = len(bare) >= min_chars  # "the keystore password is changeit."
    else:
        ok = _plausible_in_prose(bare, min_chars=min_chars)
    if not ok:
        return m.group(0)
    return _replace_span(m, "value", _requote(value, marker(SecretKind.PASSWORD)))


# "use hunter2 as the password"
_USE_AS_RE = _compile(
    _gate("Uu")
    + r"\b(?i:use|using)[ \t]+[\"'`]?(?P<value>[^\s\"'`]{4,128})[\"'`]?[ \t]+(?i:as)[ \t]+"
    r"(?:(?i:the|my|our|a|an)[ \t]+)?(?:[\w\-]{1,30}[ \t]+)?"
    r"(?i:password|passphrase|token|secret|api[ \t]key)\b"
)


def _use_as(m: re.Match[str]) -> str:
    if not _plausible_in_prose(m.group("value"), min_chars=limits.SECRET_MIN_CHARS_IN_PROSE):
        return m.group(0)
    return _replace_span(m, "value", marker(SecretKind.PASSWORD))


# --- the pipeline ----------------------------------------------------------------------


class _Rule(NamedTuple):
    """One pass over the text. ``needles``: lower-case substrings one of which every
    match contains; when none is in the text the pass is skipped (a shortcut only)."""

    pattern: re.Pattern[str]
    replace: _Replacer
    needles: tuple[str, ...] = ()


_KEYWORD_NEEDLES = ("pass", "pw", "secret", "token", "key", "cred", "auth", "sig", "sk")
_ZH_NEEDLES = ("密码", "口令", "密钥", "秘钥", "私钥", "令牌", "授权码", "凭证")
_CLI_NEEDLES: tuple[tuple[str, ...], ...] = (
    ("mysql", "mariadb"),
    ("redis-cli",),
    ("mongo",),
    ("sshpass",),
    ("docker",),
    ("curl", "wget"),
    ("http",),
    ("sqlplus", "exp", "imp", "rman"),
    _KEYWORD_NEEDLES,
)

# Order matters: whole structures (blocks, PEM, JWT) first, then the token shapes,
# URLs and structured forms, and the generic ``key = value`` and sentence rules last,
# so each later rule sees earlier secrets as markers (which it leaves alone).
_RULES: tuple[_Rule, ...] = (
    _Rule(*_BLOCK_RULES[0], ("<private>",)),
    _Rule(*_BLOCK_RULES[1], ("-----begin",)),
    _Rule(*_BLOCK_RULES[2], ("eyj",)),
    _Rule(_VENDOR_RE, _vendor),
    _Rule(_CLASS_PREFIXED_RE, _vendor),
    _Rule(_WEBHOOK_RE, _value_group(SecretKind.WEBHOOK), ("webhook", "hooks.", "hook/")),
    _Rule(_AWS_SECRET_ASSIGNMENT_RE, _value_group(SecretKind.AWS_SECRET_KEY), ("secret",)),
    _Rule(_BARE_AWS_SECRET_RE, _bare_aws_secret),
    _Rule(_AUTHORIZATION_RE, _value_group(SecretKind.BEARER), ("authorization",)),
    _Rule(_BEARER_RE, _value_group(SecretKind.BEARER, check=_bearer_ok), ("bearer", "basic")),
    _Rule(_ORACLE_JDBC_RE, _value_group(SecretKind.JDBC_PASSWORD), ("jdbc:oracle",)),
    _Rule(_URL_USERINFO_RE, _url_credentials, ("://",)),
    _Rule(_XML_ELEMENT_RE, _xml_value, ("</",)),
    _Rule(_XML_NAME_VALUE_RE, _xml_value, ("value",)),
    _Rule(_XML_KEYED_ELEMENT_RE, _xml_value, ("</",)),
    _Rule(_XML_NAME_ELEMENT_RE, _xml_value, ("</name>",)),
    _Rule(_SETTER_RE, _setter, ("(",)),
    _Rule(_CREDENTIAL_CALL_RE, _credential_call, ("(",)),
    *(
        _Rule(pattern, _value_group(SecretKind.PASSWORD), needles)
        for pattern, needles in zip(_CLI_RULES, _CLI_NEEDLES, strict=True)
    ),
    _Rule(_OPTION_USER_PASSWORD_RE, _plausible_value, ("auth", "user")),
    _Rule(_NETRC_RE, _netrc, ("passw",)),
    _Rule(
        _PASSWORD_LINE_RE, _value_group(SecretKind.PASSWORD), ("passw", "requirepass", "masterauth")
    ),
    _Rule(_CONFIG_SET_RE, _config_set, ("config",)),
    _Rule(_K8S_ENV_RE, _value_group(SecretKind.ASSIGNMENT), ("value:",)),
    _Rule(_USER_SLASH_PASSWORD_RE, _value_group(SecretKind.PASSWORD), ("/",)),
    _Rule(_ACCOUNT_SLASH_PASSWORD_RE, _account_slash_password, ("/",)),
    # No needles: it looks for a marker an earlier pass put in.
    _Rule(_SECRET_AFTER_KEY_ID_RE, _value_group(SecretKind.ASSIGNMENT)),
    _Rule(_STDIN_PASSWORD_RE, _value_group(SecretKind.PASSWORD), ("login",)),
    _Rule(_HERE_STRING_PASSWORD_RE, _value_group(SecretKind.PASSWORD), ("<<<",)),
    _Rule(_SQL_PASSWORD_RE, _value_group(SecretKind.PASSWORD), ("identified", "password")),
    _Rule(_REDIS_AUTH_RE, _value_group(SecretKind.PASSWORD), ("auth",)),
    _Rule(_POWERSHELL_SECURE_STRING_RE, _value_group(SecretKind.PASSWORD), ("securestring",)),
    _Rule(_LOGIN_WITH_RE, _plausible_value, ("with", "using")),
    _Rule(_YAML_LINE_RE, _yaml_line, _KEYWORD_NEEDLES),
    _Rule(_ASSIGNMENT_RE, _assignment, _KEYWORD_NEEDLES),
    _Rule(_USER_THEN_PASSWORD_RE, _user_then_password, ("pass", "pw", "密码", "口令")),
    _Rule(_ZH_SENTENCE_RE, _zh_sentence, _ZH_NEEDLES),
    _Rule(_ASCII_IN_ZH_RE, _zh_sentence, ("是", "为", "：", "设", "改", "换")),
    _Rule(_EN_SENTENCE_RE, _en_sentence, (*_KEYWORD_NEEDLES, "pin")),
    _Rule(_USE_AS_RE, _use_as, (" as ",)),
    # After the sentence rules: it continues a sentence they redacted (no needles).
    _Rule(_NEXT_SECRET_RE, _plausible_value),
)


_SURROGATE = _compile("[\ud800-\udfff]")


def scrub(text: str) -> str:
    """Replace lone surrogates (undecodable bytes that reached a ``str``, e.g. from
    ``argv`` or a ``\\ud800`` escape) with U+FFFD, so the text can be written as UTF-8."""
    if _SURROGATE.search(text) is None:
        return text
    return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")


def _redact_once(text: str) -> str:
    # Needles are looked up in the text the pass starts from, markers left out: a
    # marker (added before or on the way) holds no secret for a rule to find, and the
    # one rule that looks for a marker has no needles, so skipping is safe.
    lowered = (MARKER_RE.sub(" ", text) if MARKER_PREFIX in text else text).lower()
    for rule in _RULES:
        if not rule.needles or any(needle in lowered for needle in rule.needles):
            text = rule.pattern.sub(rule.replace, text)
    return text


@lru_cache(maxsize=limits.REDACTION_CACHE_ENTRIES)
def redact(text: str) -> str:
    """Return ``text`` safe to store: every recognised secret replaced by
    ``[REDACTED:<kind>]`` and undecodable characters by U+FFFD (:func:`scrub`).

    Linear in the length of ``text`` and idempotent: ``redact(redact(t)) == redact(t)``.
    A pass that changed the text is followed by another (a replaced value can expose
    the shape of a secret around it), up to a small fixed number of passes.
    """
    if not text:
        return text
    text = scrub(text)
    for _ in range(limits.REDACTION_MAX_PASSES):
        redacted = _redact_once(text)
        if redacted == text:
            break
        text = redacted
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
