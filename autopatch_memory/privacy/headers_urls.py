"""Credentials in HTTP headers and URLs: ``Authorization:``, ``Bearer``/``Basic``
values, ``scheme://user:password@host`` and Oracle's ``jdbc:oracle:thin:user/password@``.
"""

from __future__ import annotations

import re

from autopatch_memory import limits
from autopatch_memory.privacy.markers import SecretKind, marker
from autopatch_memory.privacy.spelling import _MARKER_VALUE, _compile, _gate
from autopatch_memory.privacy.values import _PLACEHOLDER_RE, _credential_like


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
