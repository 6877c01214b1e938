"""Credentials in HTTP headers and URLs: ``Authorization:``, ``Bearer``/``Basic``
values, session cookies (``Cookie:``, ``Set-Cookie:``, ``curl -b``),
``scheme://user:password@host``, Go's ``user:password@tcp(…)`` and Oracle's
``jdbc:oracle:thin:user/password@``.
"""

from __future__ import annotations

import re

from autopatch_memory import limits
from autopatch_memory.privacy.markers import MARKER_PREFIX, SecretKind, marker
from autopatch_memory.privacy.spelling import _MARKER_VALUE, _compile, _gate
from autopatch_memory.privacy.values import _PLACEHOLDER_RE, _credential_like, _random_looking


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
    r"(?P<value>" + _MARKER_VALUE + r"|(?!(?i:bearer|basic|token|digest)\b)[\x21\x23-\x26\x28-\x2b"
    r"\x2d-\x3a\x3c-\x7e]{4,})"
)
_ORACLE_JDBC_RE = _compile(
    r"jdbc:oracle:[a-z]{1,10}:[^\s/@:\"']{1,128}/(?P<value>\"[^\"\n]{1,256}\"|[^\s@\"']{1,256})(?=@)"
)

# scheme://user:pass@host: the password runs to the first '@' that a host follows (so
# it may hold '@' and '/'). The match ends at that '@', so the next URL of a long run of
# them is found in the same pass; a quick look-ahead skips a "user:" with no '@' after.
_URL_HOST = r"[\w.\-%\[\]:,]{1,253}(?:[/?#\s\"'<>]|\Z)"  # "h1:27017,h2:27017/db" too
_URL_USERINFO_RE = _compile(
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

    if _PLACEHOLDER_RE.match(password):
        return m.group(0)
    return f"://{user}:{marker(SecretKind.URL_CREDENTIALS)}@"


# A cookie header or a cookie handed to curl: "Cookie: a=1; b=2", "Set-Cookie: SESSION=…",
# "curl -b 'SESSION=…'", "--cookie".
_COOKIE_RE = _compile(
    _gate("CcSs-") + r"(?:(?<![\w\-])(?i:(?:set-)?cookie)[\"']?[ \t]*:[ \t]*[\"']?"
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
        if not (_SESSION_COOKIE_NAME_RE.search(name) or _random_looking(value)):
            continue  # "lang=zh-CN", "theme=dark"
        if _PLACEHOLDER_RE.match(value) or len(value) < limits.SECRET_MIN_CHARS_IN_PROSE:
            continue
        out.append(pairs[cursor : pair.start("value")] + marker(SecretKind.BEARER))
        cursor = pair.end("value")
    if not out:
        return m.group(0)
    out.append(pairs[cursor:])
    return m.group(0)[: m.start("pairs") - m.start()] + "".join(out)


# Go's MySQL DSN: "user:password@tcp(host:3306)/db" (no scheme, so no "://").
_GO_DSN_RE = _compile(
    r"(?<![\w.\-:/@])[\w.\-]{1,64}:(?P<value>[^\s\"'`@/]{1,256})@(?:tcp|udp|unix)\("
)
