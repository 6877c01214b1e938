"""Credentials in HTTP headers and URLs: ``Authorization:``, ``Bearer``/``Basic``
values, session cookies (``Cookie:``, ``Set-Cookie:``, ``curl -b``),
``scheme://user:password@host``, Go's ``user:password@tcp(…)`` and Oracle's
``jdbc:oracle:thin:user/password@``.
"""

from __future__ import annotations

import re

from autopatch_memory import limits
from autopatch_memory.lang import lazy_compile
from autopatch_memory.privacy.markers import MARKER_PREFIX, SecretKind, marker
from autopatch_memory.privacy.replacing import replace_span, replace_spans, value_group
from autopatch_memory.privacy.rule import RedactionRule
from autopatch_memory.privacy.spelling import MARKER_VALUE, compile_bounded, first_char_gate
from autopatch_memory.privacy.values import (
    HEX_RE,
    PLACEHOLDER_RE,
    UUID_RE,
    credential_like,
    not_a_value,
    random_looking,
    strong_credential,
)


def _bearer_ok(value: str) -> bool:
    # A credential has a digit or symbol, or is long: "Bearer authentication" stays.
    return credential_like(value) or len(value) >= limits.SECRET_MIN_LETTERS_BEARER


_BEARER_RE = compile_bounded(
    first_char_gate("Bb") + r"\b(?:[Bb]earer|BEARER|[Bb]asic|BASIC)[ \t]{1,8}"
    r"(?P<value>" + MARKER_VALUE + r"|[A-Za-z0-9\-._~+/]{8,}=*)"
)
_AUTHORIZATION_RE = compile_bounded(
    first_char_gate("Aa") + r"\b(?i:authorization)[\"']?[ \t]{0,8}[:=][ \t]{0,8}[\"']?"
    # The scheme: Bearer, Basic, token, Digest, or a vendor's (Okta's SSWS, Opsgenie's
    # GenieKey, GoDaddy's sso-key): a word, then the credential.
    r"(?:(?:(?i:bearer|basic|token|digest)|(?P<scheme>[A-Za-z][\w.\-]{0,39}))[ \t]{1,8}"
    r"(?=[^\s\"']))?"
    # (not the header's own name: AUTHORIZATION = "Authorization", a constant)
    r"(?P<value>" + MARKER_VALUE + r"|(?!(?i:bearer|basic|token|digest|authorization)\b)"
    r"[\x21\x23-\x26\x28-\x2b"
    r"\x2d-\x3a\x3c-\x7e]{4,})"
)
_ORACLE_JDBC_RE = compile_bounded(
    r"jdbc:oracle:[a-z]{1,10}:[^\s/@:\"']{1,128}/(?P<value>\"[^\"\n]{1,256}\"|[^\s@\"']{1,256})(?=@)"
)

# scheme://user:pass@host: the password runs to the first '@' that a host follows (so
# it may hold '@' and '/'). The match ends at that '@', so the next URL of a long run of
# them is found in the same pass; a quick look-ahead skips a "user:" with no '@' after.
# "h1:27017,h2:27017/db" too; the host ends before a Chinese mark ("…:9200，是不是…")
_URL_HOST = r"[\w.\-%\[\]:,]{1,253}(?:[/?#\s\"'<>)`]|[\u3000-\u303f\uff00-\uffef]|\Z)"
_URL_USERINFO_RE = compile_bounded(
    r"://(?P<user>[^\s:/?#@\"'<>\[\]]{0,128}):(?!\[REDACTED:)(?=[^\s\"'<>@]{0,256}@)"
    r"(?P<value>[^\s\"'<>]{1,256}?)@(?=" + _URL_HOST + r")"
)

# The same userinfo without its scheme, as MySQL Shell's --uri and a few CLIs take it:
# "clusteradmin:Pulpg8Ss%2FaxT%25297@10.0.2.31:3306" (a host with a dot, an address or
# localhost after the '@', a port after that; never "mailto:", nor "nginx:1.25@sha256:…").
_BARE_USERINFO_RE = compile_bounded(
    r"(?<![\w/:@.%\-\[])(?P<user>[A-Za-z_][\w.\-]{0,63}):(?!\[REDACTED:)"
    r"(?P<value>[^\s@/:'\"<>\[\]]{3,128})@"
    r"(?=(?:\d{1,3}(?:\.\d{1,3}){3}|localhost|[A-Za-z0-9\-]{1,63}(?:\.[A-Za-z0-9\-]{1,63})+)"
    r":\d{2,5}(?![\w.]))"
)


def _bare_userinfo(m: re.Match[str]) -> str:
    user, value = m.group("user"), m.group("value")
    # a user is a login, not a class or a package ("OrderService:142@host:8080" is a log
    # line's logger and line, "DemoService:1.0.0@10.0.0.5" a Dubbo service key)
    if user.lower() in ("mailto", "tel", "sip", "xmpp") or "." in user or user[:1].isupper():
        return m.group(0)
    if not ("%" in value or strong_credential(value) or random_looking(value)):
        return m.group(0)
    return replace_span(m, "value", marker(SecretKind.URL_CREDENTIALS))


_PORT_AND_QUERY_RE = lazy_compile(r"^\d{1,5}[?#;]")


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


# A Sentry DSN, https://<public key>[:<secret key>]@<host>/<project id>: the key lets
# anyone send events to the project. A user part of 32 hex digits (the key's shape) over a
# numeric project path, or any key on a sentry host.
_SENTRY_DSN_RE = compile_bounded(
    r"://(?P<value>[0-9a-f]{32}|[A-Za-z0-9]{16,64}(?=@[\w.\-]{0,200}sentry))"
    r"(?::(?P<secret>[0-9a-f]{32}|[A-Za-z0-9]{16,64}))?"
    r"@(?P<host>[\w.\-]{1,253})(?::\d{1,5})?/(?:[\w.\-]{1,64}/){0,4}\d{1,20}(?![\w.\-/])"
)


def _sentry_dsn(m: re.Match[str]) -> str:
    whole, offset = m.group(0), m.start()
    end = m.end("secret") if m.group("secret") else m.end("value")
    put = marker(SecretKind.URL_CREDENTIALS)
    if m.group("secret"):
        put = f"{put}:{put}"
    return whole[: m.start("value") - offset] + put + whole[end - offset :]


# A cookie header or a cookie handed to curl: "Cookie: a=1; b=2", "Set-Cookie: SESSION=…",
# "curl -b 'SESSION=…'", "--cookie".
_COOKIE_RE = compile_bounded(
    first_char_gate("CcSs-") + r"(?:(?<![\w\-])(?i:(?:set-)?cookie)[\"']?[ \t]*:[ \t]*[\"']?"
    # a header set in code: .addHeader("Cookie", "…"), headers.add(HttpHeaders.COOKIE, "…")
    r"|(?<![\w\-])(?i:(?:set-)?cookie)[\"'][ \t]*,[ \t]*[\"']"
    r"|(?<=HttpHeaders\.)(?:SET_)?COOKIE[ \t]*,[ \t]*[\"']"
    # "浏览器里的 cookie 是 SESSION=…", "my cookie is sid=…": a sentence gives the pairs
    r"|(?<![\w\-])(?i:cookies?)[ \t]*(?:是|为|(?i:is|was|are)(?=[ \t]))[ \t]*[\"'`]?"
    r"|(?<![\w\-])(?:-b|--cookie)[ \t]+[\"']?)"
    rf"(?P<pairs>[^\n\"'`]{{1,{limits.SECRET_COOKIE_HEADER_CHARS}}})"
)
# A cookie's value ends at ';', a blank or the punctuation of a Chinese sentence.
_COOKIE_PAIR_RE = lazy_compile(
    r"(?:^|(?<=;))[ \t]*(?P<name>[\w.\-$]{1,64})=(?P<value>[^;\s，。；、！？（）]{1,4096})"
)
# Cookie names that hold a session or a login; attributes (Path, Expires) are no cookies.
_SESSION_COOKIE_NAME_RE = lazy_compile(
    r"(?i)sess|sid$|^sid|token|auth|remember|login|jwt|^_?csrf|xsrf|^ticket|credential"
)
_COOKIE_ATTRIBUTE_NAMES = frozenset("path domain expires max-age samesite version comment".split())


def session_cookie(name: str, value: str) -> bool:
    """The cookie ``name=value`` holds a session or a login: its name says so, or its value
    is random ("lang=zh-CN", "theme=dark" and attributes such as Path are none)."""
    if name.lower() in _COOKIE_ATTRIBUTE_NAMES or value.startswith(MARKER_PREFIX):
        return False
    if not (_SESSION_COOKIE_NAME_RE.search(name) or random_looking(value)):
        return False
    if value.isdigit() and len(value) < limits.SECRET_MIN_DIGITS_IN_PROSE:
        return False  # SESSION_TIMEOUT=1800: a count, not a session
    return not (PLACEHOLDER_RE.match(value) or len(value) < limits.SECRET_MIN_CHARS_IN_PROSE)


def _cookie(m: re.Match[str]) -> str:
    pairs = m.group("pairs")
    spans = [
        pair.span("value")
        for pair in _COOKIE_PAIR_RE.finditer(pairs)
        if session_cookie(pair.group("name"), pair.group("value"))
    ]
    if not spans:
        return m.group(0)
    return replace_span(m, "pairs", replace_spans(pairs, spans, marker(SecretKind.BEARER)))


# A cookie made in code or exported by a browser: new Cookie("JSESSIONID", "…"),
# RestAssured's .cookie("SESSION", "…"), a JSON export {"name": "sid", "value": "…"}.
_COOKIE_CALL_RE = compile_bounded(
    first_char_gate('CcHhBbSs"')
    + r"(?:(?<![\w$])(?:(?:Http|Basic|Servlet|Simple)?Cookie|cookie)[ \t]{0,4}\([ \t]{0,4}"
    r"|\"name\"[ \t]{0,4}:[ \t]{0,4}(?=\"[\w.\-$]{1,64}\"[ \t]{0,4},[ \t\r\n]{0,64}\"value\"))"
    r"(?P<q>[\"'])(?P<name>[\w.\-$]{1,64})(?P=q)[ \t]{0,4},[ \t\r\n]{0,64}"
    r"(?:\"value\"[ \t]{0,4}:[ \t]{0,4})?(?P<q2>[\"'])(?P<value>[^\"'\n\\]{1,4096})(?P=q2)"
)
# A line of a Netscape cookie file (curl -c, wget --save-cookies, a browser export):
# domain, subdomains, path, secure, expiry, name and value, separated by tabs.
_COOKIE_FILE_LINE_RE = compile_bounded(
    r"(?m)^(?:#HttpOnly_)?[\w.\-]{1,253}\t(?:TRUE|FALSE)\t[^\t\n]{1,512}\t(?:TRUE|FALSE)"
    r"\t\d{1,20}\t(?P<name>[^\t\n]{1,256})\t(?P<value>[^\t\n]{1,4096})$"
)
# The session cookies of the common servers by name, wherever they stand: a URL
# (";jsessionid=…"), a sentence ("the JSESSIONID is …", "remember-me 值是 …"), a log of
# headers; Spring Session's SESSION, Flask's session, Keycloak's AUTH_SESSION_ID,
# Spring Security's remember-me.
_SESSION_ID_RE = compile_bounded(
    first_char_gate("JjPpAaCcLlSsRr_")
    # a name of its own, or the end of a longer one ("AUTH_SESSION_ID", "XT_SESSION")
    + r"(?:(?<![\w.\-$])|(?<=[A-Za-z0-9][_\-]))"
    r"(?P<name>(?i:jsessionid|phpsessid|asp\.net_sessionid|connect\.sid|laravel_session"
    r"|_session_id|sessionid|sessid|remember[-_]me|session(?:[_\-]?id)?))(?![\w\-])"
    r"(?:[ \t]{0,4}(?:=|:|是|为|的?值[ \t]{0,2}(?:是|为|[:：]))"
    r"|[ \t]{1,4}(?:(?i:value)[ \t]{1,4})?(?i:is|was)[ \t]{1,4}(?:(?i:now)[ \t]{1,4})?)"
    r"[ \t]{0,4}[\"'`]?(?P<value>[A-Za-z0-9%._~+/=\-]{16,4096})"
)


def _named_session_cookie(m: re.Match[str]) -> str:
    value = m.group("value").rstrip(".")
    if not session_cookie(m.group("name"), value) or not_a_value(value):
        return m.group(0)
    whole, offset = m.group(0), m.start()
    put = marker(SecretKind.BEARER)
    return (
        whole[: m.start("value") - offset] + put + whole[m.start("value") - offset + len(value) :]
    )


# The servers' own session cookie names: a long value after one is the session itself.
_SERVER_SESSION_NAMES = frozenset(
    "jsessionid phpsessid asp.net_sessionid connect.sid laravel_session _session_id sessionid"
    " session_id sessid".split()
)


def _session_id(m: re.Match[str]) -> str:
    value = m.group("value").rstrip(".")
    prefixed = m.start() > 0 and m.string[m.start() - 1] in "_-"
    if prefixed or m.group("name").lower() not in _SERVER_SESSION_NAMES:
        # a name of the application's making ("SESSION", "x_session_id", "remember-me"):
        # with a random value, not hex (a log's session=<digest> is an id it prints), and
        # not after a bare colon ("session: redis-cluster-01" is a setting, "session:8f14…"
        # a cache key)
        sep = m.string[m.end("name") : m.start("value")].strip(" \t\"'`")
        if sep == ":" or HEX_RE.match(value) or not random_looking(value):
            return m.group(0)
    elif not (random_looking(value) or len(value) >= limits.SECRET_SESSION_ID_MIN_CHARS):
        return m.group(0)
    return _named_session_cookie(m)


# A row copied from a browser's cookie table (DevTools, Application > Cookies): name,
# value, domain and path, separated by tabs.
_COOKIE_TABLE_ROW_RE = compile_bounded(
    r"(?m)^(?P<name>[\w.\-$]{1,64})\t(?P<value>[^\t\n]{1,4096})"
    r"\t\.?[\w\-]{1,63}(?:\.[\w\-]{1,63}){0,8}\t/"
)
# Cookies given as a map in code: requests' cookies={"sessionid": "…"}, cookies: {…}.
_COOKIE_MAP_RE = compile_bounded(
    first_char_gate("Cc") + r"(?<![\w$])(?i:cookies?)[\"']?[ \t]{0,4}[=:][ \t]{0,4}(?:dict\()?"
    r"\{(?P<pairs>[^{}\n]{1,2048})\}"
)
_MAP_PAIR_RE = lazy_compile(
    r"(?P<q>[\"'])(?P<name>[\w.\-$]{1,64})(?P=q)[ \t]{0,4}:[ \t]{0,4}"
    r"(?P<q2>[\"'])(?P<value>[^\"'\n\\]{1,4096})(?P=q2)"
)
# A browser extension's JSON export: {"domain": …, "name": "SESSION", "path": "/",
# "value": "…"} — the members in any order, one object at a time (no nested braces, so
# each character is read by one attempt).
_COOKIE_OBJECT_RE = compile_bounded(r"\{(?P<pairs>[^{}]{1,2048})\}")
_COOKIE_OBJECT_NAME_RE = lazy_compile(r"\"name\"[ \t]{0,4}:[ \t]{0,4}\"(?P<name>[\w.\-$]{1,64})\"")
_COOKIE_OBJECT_VALUE_RE = lazy_compile(
    r"\"value\"[ \t]{0,4}:[ \t]{0,4}\"(?P<value>[^\"\n\\]{1,4096})\""
)
# What tells a cookie's object from any {"name", "value"} pair (a setting, an env entry).
_COOKIE_OBJECT_FIELDS_RE = lazy_compile(
    r"\"(?:domain|path|httpOnly|hostOnly|secure|expirationDate|sameSite|expires)\"[ \t]{0,4}:"
)


def _cookie_map(m: re.Match[str]) -> str:
    pairs = m.group("pairs")
    spans = [
        pair.span("value")
        for pair in _MAP_PAIR_RE.finditer(pairs)
        if session_cookie(pair.group("name"), pair.group("value"))
        and not not_a_value(pair.group("value"))
    ]
    if not spans:
        return m.group(0)
    return replace_span(m, "pairs", replace_spans(pairs, spans, marker(SecretKind.BEARER)))


def _cookie_object(m: re.Match[str]) -> str:
    pairs = m.group("pairs")
    name = _COOKIE_OBJECT_NAME_RE.search(pairs)
    value = _COOKIE_OBJECT_VALUE_RE.search(pairs)
    if name is None or value is None or not _COOKIE_OBJECT_FIELDS_RE.search(pairs):
        return m.group(0)
    if not session_cookie(name.group("name"), value.group("value")):
        return m.group(0)
    if not_a_value(value.group("value")):
        return m.group(0)
    start, end = value.span("value")
    return "{" + pairs[:start] + marker(SecretKind.BEARER) + pairs[end:] + "}"


# A request's header whose name says it carries a credential (X-Auth, X-Access-Token,
# Ocp-Apim-Subscription-Key, X-App-Secret…), on a line of its own (an HTTP client file, a
# request copied from a browser or a log) or handed to curl -H. Found at the ":" of a
# line's end value (or at "-H"); the callback reads the header's name back.
_CREDENTIAL_HEADER_RE = compile_bounded(
    r"(?m):[ \t]*(?P<value>[^\s]{8,4096})[ \t]*\r?$"
    r"|-(?<![\w\-]-)(?:H|-header)[ \t]+(?P<q>[\"'])(?P<name2>[A-Za-z][\w\-]{0,64}):[ \t]*"
    r"(?P<value2>[^\"'\n]{8,4096})(?P=q)"
)
_HEADER_LINE_NAME_RE = lazy_compile(r"[ \t]{0,8}(?P<name>[A-Za-z][\w\-]{0,64})")
_HEADER_KEYWORD_RE = lazy_compile(r"(?i)auth|token|key|secret|credential|ticket|session|pass")
# Headers whose value is a nonce, an id or a name, not a credential.
_NOT_CREDENTIAL_HEADERS = frozenset(
    """
    sec-websocket-key sec-websocket-accept idempotency-key x-idempotency-key cache-key
    x-cache-key x-request-key authorization proxy-authorization x-session-id-hint
    """.split()
)


# What shows a block of lines is a request's head: its request line, its Host header, a
# status line, a browser's ":authority:".
_REQUEST_HEAD_RE = lazy_compile(
    r"(?m)^[ \t]{0,8}(?:(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)[ \t]+\S|Host:|:authority:"
    r"|HTTP/[12])|(?i:request headers)"
)


def _in_request_head(text: str, pos: int) -> bool:
    """The header line at ``pos`` belongs to a request's head: a request line (or a Host
    header) before it in the same block of lines (no blank line between)."""
    window = text[max(0, pos - limits.SECRET_REQUEST_HEAD_CHARS) : pos]
    blank = max(window.rfind("\n\n"), window.rfind("\n\r\n"))
    return bool(_REQUEST_HEAD_RE.search(window, blank + 1))


def _credential_header(m: re.Match[str]) -> str:
    group = "value" if m.group("value") is not None else "value2"
    text = m.string
    if group == "value":
        newline = text.rfind("\n", max(0, m.start() - 80), m.start())
        if newline < 0 and m.start() > 80:
            return m.group(0)  # a long line: no header's name
        head = _HEADER_LINE_NAME_RE.fullmatch(text, newline + 1, m.start())
        if head is None or not _HEADER_KEYWORD_RE.search(head.group("name")):
            return m.group(0)
        if not _in_request_head(text, m.start()):
            return m.group(0)  # a YAML or properties key, not a header
        name = head.group("name").lower()
    else:
        name = m.group("name2").lower()
        if not _HEADER_KEYWORD_RE.search(name):
            return m.group(0)
    value = m.group(group).strip()
    if name in _NOT_CREDENTIAL_HEADERS or value.startswith(MARKER_PREFIX) or not_a_value(value):
        return m.group(0)
    if not (random_looking(value) or strong_credential(value)):
        return m.group(0)
    start = m.start(group) - m.start()
    whole = m.group(0)
    return whole[:start] + marker(SecretKind.BEARER) + whole[start + len(value) :]


# Go's MySQL DSN: "user:password@tcp(host:3306)/db" (no scheme, so no "://").
_GO_DSN_RE = compile_bounded(
    r"(?<![\w.\-:/@])[\w.\-]{1,64}:(?P<value>[^\s\"'`@/]{1,256})@(?:tcp|udp|unix)\("
)


_AUTHORIZATION_VALUE = value_group(SecretKind.BEARER)


def _authorization_value(m: re.Match[str]) -> str:
    # After a scheme of its own (Okta's SSWS, Opsgenie's GenieKey), the value must be key
    # material: "Authorization: See AuthFilter.java" names none.
    value = m.group("value")
    if m.group("scheme") is not None and not (
        random_looking(value) or UUID_RE.match(value) or strong_credential(value)
    ):
        return m.group(0)
    return _AUTHORIZATION_VALUE(m)


AUTHORIZATION_HEADER = RedactionRule(
    id="authorization-header",
    description=(
        "The credential of an Authorization header or setting (after Bearer/Basic/token too)"
    ),
    examples_match=(
        "Authorization: Bearer abc123XYZ789qweRTY",
        '"authorization": "token 0a1b2c3d4e5f"',
        "Authorization: SSWS 00q8dEKuKuWc-mTJ9egGhpwrGa0beSWRBCOi8457gZ",
        "-H 'Authorization: GenieKey 6e72d6f8-9b56-4528-a061-3fe86432fada'",
    ),
    examples_no_match=(
        "Authorization: Bearer",
        "Authorization: see docs",
        "authorization: See AuthFilter.java for details",
        'Authorization: OAuth realm="Photos"',
        "the authorization server issues tokens",
        'public static final String AUTHORIZATION = "Authorization";',
    ),
    keywords=("authorization",),
    pattern=_AUTHORIZATION_RE,
    replace=_authorization_value,
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
COOKIE_IN_CODE = RedactionRule(
    id="cookie-in-code",
    description=(
        'A session cookie made in code or exported as JSON (new Cookie("JSESSIONID", "…"), '
        '{"name": "sid", "value": "…"})'
    ),
    examples_match=(
        'Cookie c = new Cookie("JSESSIONID", "7F1C0A9E3B5D2F4A6C8E0B1D3F5A7C9E");',
        'given().cookie("SESSION", "YTg2ZjQ1ZGMtNGQ1Ni00ZGEy").get("/orders")',
        '{"name": "PHPSESSID", "value": "81b70d0644e8f4b0deb8edc6e85c92ca"}',
    ),
    examples_no_match=('new Cookie("theme", "dark")', '{"name": "locale", "value": "zh-CN"}'),
    keywords=("cookie", '"name"'),
    pattern=_COOKIE_CALL_RE,
    replace=_named_session_cookie,
)
COOKIE_FILE_LINE = RedactionRule(
    id="cookie-file-line",
    description="The value of a session cookie on a line of a Netscape cookie file (cookies.txt)",
    examples_match=(".example.com\tTRUE\t/\tTRUE\t1767225600\tremember_token\tq8Zk3LpR7mV2xN9c",),
    examples_no_match=(".example.com\tTRUE\t/\tFALSE\t1767225600\tlang\ten-US",),
    keywords=("\ttrue\t", "\tfalse\t"),
    pattern=_COOKIE_FILE_LINE_RE,
    replace=_named_session_cookie,
)
CREDENTIAL_HEADER = RedactionRule(
    id="credential-header",
    description=(
        "A request header named for a credential (X-Auth, X-Access-Token, "
        "Ocp-Apim-Subscription-Key…) whose value is key material, on its own line or after "
        "curl -H"
    ),
    examples_match=(
        "GET https://api.example.com/v1/orders\nX-Auth: 0IVblkKfeSknjhmzPNIy0LD0ooL5PByv",
        "curl -H 'Ocp-Apim-Subscription-Key: 9c2f1e7a4b8d4c6e8f0a1b2c3d4e5f6a' https://x",
    ),
    examples_no_match=(
        "GET https://api.example.com/v1/orders\nX-Auth: {{token}}",
        "dingtalk:\n  app-key: dingavmigtsx43djj6e2",
        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
        "X-Session-Timeout: 1800",
    ),
    keywords=("auth", "token", "key", "secret", "cred", "ticket", "session", "pass"),
    also=(":",),
    pattern=_CREDENTIAL_HEADER_RE,
    replace=_credential_header,
)
COOKIE_TABLE_ROW = RedactionRule(
    id="cookie-table-row",
    description=(
        "A session cookie's value in a row copied from a browser's cookie table (name, value, "
        "domain, path)"
    ),
    examples_match=("SESSION\tMmE4Zjk3YjItNzQ1Ni00Y2Rl\tapi.example.com\t/\tSession\t48",),
    examples_no_match=("lang\tzh-CN\tapi.example.com\t/\tSession\t7",),
    keywords=("\t/",),
    pattern=_COOKIE_TABLE_ROW_RE,
    replace=_named_session_cookie,
)
COOKIE_MAP = RedactionRule(
    id="cookie-map",
    description=(
        'A session cookie given as a map in code (cookies={"sessionid": "…"}, cookies: {…})'
    ),
    examples_match=(
        'requests.get(url, cookies={"sessionid": "k3v9q8w2x7m4n6b1z5c0a8s7d6f5g4h3"})',
    ),
    examples_no_match=('requests.get(url, cookies={"lang": "zh-CN"})',),
    keywords=("cookie",),
    pattern=_COOKIE_MAP_RE,
    replace=_cookie_map,
)
COOKIE_OBJECT = RedactionRule(
    id="cookie-object",
    description=(
        "A session cookie's value in a browser's JSON export, its members in any order "
        '({"domain": …, "name": "SESSION", "path": "/", "value": "…"})'
    ),
    examples_match=(
        '{"domain": ".example.com", "name": "SESSION", "path": "/", '
        '"value": "MmE4Zjk3YjItNzQ1Ni00Y2Rl"}',
    ),
    examples_no_match=(
        '{"name": "SESSION_TIMEOUT", "value": "1800"}',
        '{"domain": ".example.com", "name": "lang", "path": "/", "value": "zh-CN"}',
    ),
    keywords=('"name"',),
    also=('"value"',),
    pattern=_COOKIE_OBJECT_RE,
    replace=_cookie_object,
)
SESSION_ID = RedactionRule(
    id="session-id",
    description=(
        "The value of a server's session cookie named as such (;jsessionid=…, the PHPSESSID is …)"
    ),
    examples_match=(
        "http://shop.local/cart;jsessionid=8F3A2B1C9D7E4F6A0B2C4D6E8F0A1B3C",
        "the session cookie JSESSIONID is GT6JEOJ3K3B32EDUHWF9IDO16QM6OHP9 if you need it",
        "用 SESSION=ZDk3YjJmNTItNzQ1Ni00Y2RlLTk5 这个 cookie 调接口",
        "cookie 里的 remember-me 值是 YWRtaW46MTcxNzQwMDAwMDAwMDpmM2E5",
        "the AUTH_SESSION_ID is 3f1c2a9e-8b7d-4e6f.keycloak-0 if you want to replay it",
    ),
    examples_no_match=(
        "the JSESSIONID cookie is not sent because SameSite=Strict",
        "sessionid=user-profile-settings",
        "the session is 30 minutes long",
        "session: redis-cluster-primary-01",
    ),
    keywords=("sess", "connect.sid", "remember"),
    pattern=_SESSION_ID_RE,
    replace=_session_id,
)
SESSION_COOKIE = RedactionRule(
    id="session-cookie",
    description=(
        "A session or login cookie (by its name or a random value) in Cookie, Set-Cookie, curl -b"
    ),
    examples_match=(
        "Cookie: lang=zh-CN; SESSION=YTg2ZjQ1ZGMtNGQ1",
        "curl -b 'JSESSIONID=8F3A2B1C9D7E' https://x",
        '.addHeader("Cookie", "SESSION=YTg2ZjQ1ZGMtNGQ1; lang=zh-CN")',
        'headers.add(HttpHeaders.COOKIE, "JSESSIONID=8F3A2B1C9D7E4F6A0B2C");',
    ),
    examples_no_match=(
        "Cookie: lang=zh-CN; theme=dark",
        "Set-Cookie: Path=/; HttpOnly",
        'headers.add(HttpHeaders.COOKIE, "lang=zh-CN; theme=dark");',
    ),
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
        "ES 地址是 https://elastic:Kq7Frost!zz31@es.acme.internal:9200，连不上",
    ),
    examples_no_match=("http://localhost:8080/@admin", "jdbc:dm://host:5236?user=u&password=p@x"),
    keywords=("://",),
    pattern=_URL_USERINFO_RE,
    replace=_url_credentials,
)
BARE_USERINFO_PASSWORD = RedactionRule(
    id="bare-userinfo-password",
    description="The password of user:password@host:port written without a scheme (a CLI's --uri)",
    examples_match=(
        "mysqlsh --uri 'clusteradmin:Pulpg8Ss%2FaxT%25297@10.0.2.31:3306'",
        "mysqlsh root:Sh3ll#pw@localhost:3306",
    ),
    examples_no_match=(
        "mailto:ops2024@example.com:25",
        "nginx:1.25@sha256:0d17b565c37bcbd895e9d92315a05c1c3c9a29f762b011a10c54a66cd53c9b31",
        "git@github.com:org/repo.git",
        "at 10:30@office.example.com:8080 we meet",
        "[main] INFO c.e.OrderService:142@app01.internal:8080 - started",
        "org.apache.dubbo.demo.DemoService:1.0.0@10.0.0.5:20880",
        "order-service:v2.3.1@gateway.internal:8443",
    ),
    keywords=("@",),
    pattern=_BARE_USERINFO_RE,
    replace=_bare_userinfo,
)
SENTRY_DSN = RedactionRule(
    id="sentry-dsn",
    description="The key (and legacy secret) of a Sentry DSN, https://<key>@<host>/<project id>",
    examples_match=(
        "sentry.dsn=https://5c724a5893a73bf06c95e9bf7c596506@o807595.ingest.sentry.io/1471",
        "SENTRY_DSN=https://38c9e7be57d5af94b0db361b12cf2560@sentry.internal.corp/12",
    ),
    examples_no_match=(
        "https://<key>@<org>.ingest.sentry.io/<project>",
        "https://git@github.com/acme/billing.git",
    ),
    keywords=("://",),
    pattern=_SENTRY_DSN_RE,
    replace=_sentry_dsn,
)
