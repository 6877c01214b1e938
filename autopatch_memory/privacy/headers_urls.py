"""Credentials in HTTP headers and URLs: ``Authorization:``, ``Bearer``/``Basic``
values, session cookies (``Cookie:``, ``Set-Cookie:``, ``curl -b``),
``scheme://user:password@host``, Go's ``user:password@tcp(…)`` and Oracle's
``jdbc:oracle:thin:user/password@``.
"""

from __future__ import annotations

import re

from autopatch_memory import limits
from autopatch_memory.privacy.markers import MARKER_PREFIX, SecretKind, marker
from autopatch_memory.privacy.replacing import value_group
from autopatch_memory.privacy.rule import RedactionRule
from autopatch_memory.privacy.spelling import MARKER_VALUE, compile_bounded, first_char_gate
from autopatch_memory.privacy.values import PLACEHOLDER_RE, credential_like, random_looking


def _bearer_ok(value: str) -> bool:
    # A credential has a digit or symbol, or is long: "Bearer authentication" stays.
    return credential_like(value) or len(value) >= limits.SECRET_MIN_LETTERS_BEARER


_BEARER_RE = compile_bounded(
    first_char_gate("Bb") + r"\b(?:[Bb]earer|BEARER|[Bb]asic|BASIC)[ \t]{1,8}"
    r"(?P<value>" + MARKER_VALUE + r"|[A-Za-z0-9\-._~+/]{8,}=*)"
)
_AUTHORIZATION_RE = compile_bounded(
    first_char_gate("Aa") + r"\b(?i:authorization)[\"']?[ \t]{0,8}[:=][ \t]{0,8}[\"']?"
    r"(?:(?i:bearer|basic|token|digest)[ \t]{1,8})?"
    r"(?P<value>" + MARKER_VALUE + r"|(?!(?i:bearer|basic|token|digest)\b)[\x21\x23-\x26\x28-\x2b"
    r"\x2d-\x3a\x3c-\x7e]{4,})"
)
_ORACLE_JDBC_RE = compile_bounded(
    r"jdbc:oracle:[a-z]{1,10}:[^\s/@:\"']{1,128}/(?P<value>\"[^\"\n]{1,256}\"|[^\s@\"']{1,256})(?=@)"
)

# scheme://user:pass@host: the password runs to the first '@' that a host follows (so
# it may hold '@' and '/'). The match ends at that '@', so the next URL of a long run of
# them is found in the same pass; a quick look-ahead skips a "user:" with no '@' after.
_URL_HOST = r"[\w.\-%\[\]:,]{1,253}(?:[/?#\s\"'<>]|\Z)"  # "h1:27017,h2:27017/db" too
_URL_USERINFO_RE = compile_bounded(
    r"://(?P<user>[^\s:/?#@\"'<>\[\]]{0,128}):(?!\[REDACTED:)(?=[^\s\"'<>@]{0,256}@)"
    r"(?P<value>[^\s\"'<>]{1,256}?)@(?=" + _URL_HOST + r")"
)


_PORT_AND_QUERY_RE = re.compile(r"^\d{1,5}[?#;]")


def _url_credentials(m: re.Match[str]) -> str:
    """``scheme://user:pass@host`` loses ``pass``; ``host:port/@x`` is no password."""
    password, user = m.group("value"), m.group("user")
    head = password.split("/", 1)[0]
    port = head.isdigit() and ("/" in password or len(head) <= limits.URL_PORT_MAX_DIGITS)
    if port and ("." in user or user == "localhost"):
        return m.group(0)  # host:port, not user:password
    if _PORT_AND_QUERY_RE.match(password):
        return m.group(0)  # host:5236?user=u&password=p@x: a port, then a query that holds '@'

    if PLACEHOLDER_RE.match(password):
        return m.group(0)
    return f"://{user}:{marker(SecretKind.URL_CREDENTIALS)}@"


# A cookie header or a cookie handed to curl: "Cookie: a=1; b=2", "Set-Cookie: SESSION=…",
# "curl -b 'SESSION=…'", "--cookie".
_COOKIE_RE = compile_bounded(
    first_char_gate("CcSs-") + r"(?:(?<![\w\-])(?i:(?:set-)?cookie)[\"']?[ \t]*:[ \t]*[\"']?"
    r"|(?<![\w\-])(?:-b|--cookie)[ \t]+[\"']?)"
    rf"(?P<pairs>[^\n\"']{{1,{limits.SECRET_COOKIE_HEADER_CHARS}}})"
)
_COOKIE_PAIR_RE = re.compile(
    r"(?:^|(?<=;))[ \t]*(?P<name>[\w.\-$]{1,64})=(?P<value>[^;\s]{1,4096})"
)
# Cookie names that hold a session or a login; attributes (Path, Expires) are no cookies.
_SESSION_COOKIE_NAME_RE = re.compile(
    r"(?i)sess|sid$|^sid|token|auth|remember|login|jwt|^_?csrf|xsrf|^ticket|credential"
)
_COOKIE_ATTRIBUTE_NAMES = frozenset("path domain expires max-age samesite version comment".split())


def _cookie(m: re.Match[str]) -> str:
    pairs = m.group("pairs")
    out, cursor = [], 0
    for pair in _COOKIE_PAIR_RE.finditer(pairs):
        name, value = pair.group("name"), pair.group("value")
        if name.lower() in _COOKIE_ATTRIBUTE_NAMES or value.startswith(MARKER_PREFIX):
            continue
        if not (_SESSION_COOKIE_NAME_RE.search(name) or random_looking(value)):
            continue  # "lang=zh-CN", "theme=dark"
        if PLACEHOLDER_RE.match(value) or len(value) < limits.SECRET_MIN_CHARS_IN_PROSE:
            continue
        out.append(pairs[cursor : pair.start("value")] + marker(SecretKind.BEARER))
        cursor = pair.end("value")
    if not out:
        return m.group(0)
    out.append(pairs[cursor:])
    return m.group(0)[: m.start("pairs") - m.start()] + "".join(out)


# Go's MySQL DSN: "user:password@tcp(host:3306)/db" (no scheme, so no "://").
_GO_DSN_RE = compile_bounded(
    r"(?<![\w.\-:/@])[\w.\-]{1,64}:(?P<value>[^\s\"'`@/]{1,256})@(?:tcp|udp|unix)\("
)


AUTHORIZATION_HEADER = RedactionRule(
    id="authorization-header",
    description=(
        "The credential of an Authorization header or setting (after Bearer/Basic/token too)"
    ),
    examples_match=(
        "Authorization: Bearer abc123XYZ789qweRTY",
        '"authorization": "token 0a1b2c3d4e5f"',
    ),
    examples_no_match=("Authorization: Bearer", "the authorization server issues tokens"),
    keywords=("authorization",),
    pattern=_AUTHORIZATION_RE,
    replace=value_group(SecretKind.BEARER),
)
BEARER_VALUE = RedactionRule(
    id="bearer-value",
    description="A credential after Bearer or Basic, when it has a digit or a symbol or is long",
    examples_match=("curl -H 'X-Auth: Bearer 9f8e7d6c5b4a'", "Basic dXNlcjpwYXNzd29yZA=="),
    examples_no_match=("Bearer authentication", "basic usage of the API"),
    keywords=("bearer", "basic"),
    pattern=_BEARER_RE,
    replace=value_group(SecretKind.BEARER, check=_bearer_ok),
)
SESSION_COOKIE = RedactionRule(
    id="session-cookie",
    description=(
        "A session or login cookie (by its name or a random value) in Cookie, Set-Cookie, curl -b"
    ),
    examples_match=(
        "Cookie: lang=zh-CN; SESSION=YTg2ZjQ1ZGMtNGQ1",
        "curl -b 'JSESSIONID=8F3A2B1C9D7E' https://x",
    ),
    examples_no_match=("Cookie: lang=zh-CN; theme=dark", "Set-Cookie: Path=/; HttpOnly"),
    keywords=("cookie", "-b"),
    pattern=_COOKIE_RE,
    replace=_cookie,
)
GO_DSN_PASSWORD = RedactionRule(
    id="go-dsn-password",
    description="The password of Go's MySQL DSN, user:password@tcp(host)/db",
    examples_match=('dsn := "app:Go!Dsn2024@tcp(10.0.0.5:3306)/shop"',),
    examples_no_match=('dsn := "app@tcp(10.0.0.5:3306)/shop"',),
    keywords=("@tcp(", "@unix(", "@udp("),
    pattern=_GO_DSN_RE,
    replace=value_group(SecretKind.URL_CREDENTIALS),
)
ORACLE_JDBC_PASSWORD = RedactionRule(
    id="oracle-jdbc-password",
    description="The password of an Oracle JDBC URL, jdbc:oracle:thin:user/password@host",
    examples_match=("jdbc:oracle:thin:scott/Tiger#42@db.acme:1521/ORCL",),
    examples_no_match=("jdbc:oracle:thin:@db.acme:1521/ORCL",),
    keywords=("jdbc:oracle",),
    pattern=_ORACLE_JDBC_RE,
    replace=value_group(SecretKind.JDBC_PASSWORD),
)
URL_PASSWORD = RedactionRule(
    id="url-password",
    description="The password of scheme://user:password@host (an empty user, '@' or '/' in it too)",
    examples_match=(
        "redis://:pw%40123@cache:6379/0",
        "mongodb://app:M0ngo/Pw@h1:27017,h2:27017/db",
    ),
    examples_no_match=("http://localhost:8080/@admin", "jdbc:dm://host:5236?user=u&password=p@x"),
    keywords=("://",),
    pattern=_URL_USERINFO_RE,
    replace=_url_credentials,
)
