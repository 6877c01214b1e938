"""A user name and its password, said together: "账号 admin/Adm1n!", "root/Root@123",
"用户名 admin 密码 admin", "login as root with toor123", and a user, a slash and a strong
credential where the text around speaks of accounts.
"""

from __future__ import annotations

import re

from autopatch_memory import limits
from autopatch_memory.lang import lazy_compile
from autopatch_memory.privacy.markers import MARKER_PREFIX
from autopatch_memory.privacy.replacing import replace_password, replace_plausible
from autopatch_memory.privacy.rule import RedactionRule
from autopatch_memory.privacy.spelling import MARKER_VALUE, compile_bounded, first_char_gate
from autopatch_memory.privacy.stated import (
    SPACED_VALUE,
    STATED_VALUE,
    VALUE_START,
    ZH_UNIT_RE,
    about_an_attribute,
    replace_stated,
)
from autopatch_memory.privacy.surroundings import line_after, line_before, walk_back
from autopatch_memory.privacy.values import (
    bare_value,
    not_a_value,
    plausible_in_prose,
    strong_credential,
)
from autopatch_memory.privacy.words import NOT_SECRET_WORDS, STOPWORDS

# 账号 admin/Adm1n!  /  login: ops / 0ps#Team  /  user root/toor
_USER_SLASH_PASSWORD_RE = compile_bounded(
    first_char_gate("账帐用Uu登LlAaCc")
    + r"(?:(?P<kw>账号密码|账号/密码|用户名密码|用户名/密码|账密|账号|帐号|账户|帐户|用户名|登录)"
    r"[ \t]{0,4}[:：]?"
    r"|(?<![\w\-])(?P<kw2>(?i:user(?:name)?|login|account|creds?|credentials))"
    r"(?:[ \t]{0,4}[:：]|[ \t]+(?i:are|is)[ \t]|[ \t]))"
    r"[ \t]{0,4}[A-Za-z0-9_.@\-]{1,64}(?:/|[ \t]{1,2}/[ \t]{1,2})"
    r"(?P<value>" + MARKER_VALUE + r"|[\x21-\x2e\x30-\x7e]{3,128})"
)
_PAIR_WORD_RE = lazy_compile(r"密码|账密|(?i:cred)")


def _user_slash_password(m: re.Match[str]) -> str:
    """A user, a slash and a password, unless the slash is one of a path's.

    "登录 admin/login", "user admin/list", "后台登录走/admin/login": a route (the path goes
    on after the value, or the value is a bare word and nothing said "password").
    """
    if m.string.startswith("/", m.end()):
        return m.group(0)
    said_password = _PAIR_WORD_RE.search(m.group("kw") or m.group("kw2"))
    plausible = plausible_in_prose(m.group("value"), min_chars=limits.SECRET_MIN_CHARS_IN_PROSE)
    if not said_password and not plausible:
        return m.group(0)
    return replace_password(m)


# root/Root@123, admin / Adm1n!: a well-known account name, a slash, a credential.
_ACCOUNT_SLASH_PASSWORD_RE = compile_bounded(
    first_char_gate("RrAaSsPpTtDdOoGgNnEe")
    + r"(?<![\w/.\-])(?i:root|admin|administrator|sa|postgres|sys|system|test|dev|ops|guest"
    r"|deploy|nacos|elastic)[ \t]{0,2}/[ \t]{0,2}(?P<value>[\x21-\x2e\x30-\x7e]{4,128})"
)
_FILE_NAME_RE = lazy_compile(r"^[\w\-]+\.[A-Za-z]{1,5}$")


def _account_slash_password(m: re.Match[str]) -> str:
    value = bare_value(m.group("value"))
    if m.string[m.end() : m.end() + 1] == "/" or value.startswith("."):
        return m.group(0)  # root/.ssh/…: a path
    if (
        _FILE_NAME_RE.match(value)
        or _IMAGE_TAG_RE.match(value)
        or not plausible_in_prose(value, min_chars=limits.SECRET_MIN_CHARS_IN_PROSE)
        or value.lower() in _PRODUCT_DEFAULTS
    ):
        return m.group(0)
    return replace_password(m)


# The passwords a product ships with or every tutorial prints: "admin/123456", "root/root".
# Left as they are: they open nothing that is not open to everyone.
_PRODUCT_DEFAULTS = frozenset(
    "123456 12345678 123456789 admin admin123 password root toor changeme public nacos"
    " minioadmin guest".split()
)


# nacos/nacos-server:v2.3.1, library/mysql:8.0@sha256:…: an image, not user/password
_IMAGE_TAG_RE = lazy_compile(r"^[a-z0-9][a-z0-9._\-]*:[\w.\-]+(?:@sha256:[0-9a-f]{16,64})?$")


# "login as root with toor123", "ssh as ops using 0ps!"
_LOGIN_WITH_RE = compile_bounded(
    r"\b(?i:log[ \t]?in|sign[ \t]?in|ssh|connect)[ \t]+(?i:as[ \t]+)?[\w.@\-]{1,64}[ \t]+"
    r"(?i:with|using)[ \t]+(?:(?i:password|pw)[ \t]+)?(?P<value>"
    + MARKER_VALUE
    + r"|[\x21\x23-\x26\x28-\x5f\x61-\x7e]{1,256})"
)


# "用户名 admin 密码 admin", "user ops password hunter", "root 密码 toor": after a user
# name a password needs no digit.
_USER_THEN_PASSWORD_RE = compile_bounded(
    first_char_gate("用账帐UuLlRrAaSsPp")
    + r"(?:(?:用户名|账号|帐号|账户|用户|(?<![\w\-])(?i:user(?:name)?|login)(?![A-Za-z]))"
    r"[ \t:：]{0,8}"
    r"(?P<user>[\w.@\-]{1,64})|(?<![\w\-])(?i:root|admin|administrator|sa|postgres|system))"
    r"[ \t,，、;；]{0,8}(?:(?i:and)[ \t]+)?"
    r"(?:密码|口令|(?<![\w\-])(?i:password|passwd|pwd|pass|pw)(?![\w\-]))[ \t]*[:：=＝]?[ \t]*"
    r"(?P<q>[\"'`“])?"
    + VALUE_START
    + r"(?![,，、;；])(?P<value>"
    + STATED_VALUE
    + r")"
    + SPACED_VALUE
)


def _user_then_password(m: re.Match[str]) -> str:
    user = (m.group("user") or "").lower()
    bare = bare_value(m.group("value"))
    if user in STOPWORDS or user in NOT_SECRET_WORDS or len(bare) < limits.SECRET_MIN_CHARS_STATED:
        return m.group(0)
    if not_a_value(bare) or (bare.isdigit() and ZH_UNIT_RE.match(m.string, m.end())):
        return m.group(0)
    if bare.isalpha() and about_an_attribute(bare):
        return m.group(0)  # "admin 账号的 password policy 改成了…": the password's policy
    return replace_stated(m)


# "merchant01 / Mch#Test!88" under "测试账号：", "ops: deploy/D3ploy#2024": a user, a
# slash and a strong credential, where the text around speaks of accounts.
_USER_PASSWORD_PAIR_RE = compile_bounded(
    r"(?<=[\w.@\-])(?:/|[ \t]{1,2}/[ \t]{1,2})(?P<value>[\x21-\x2e\x30-\x7e]{4,128})(?![\x21-\x7e])"
)
_USER_NAME_RE = lazy_compile(r"[A-Za-z][\w.@\-]{1,31}$")
# A labelled entry of a list: "- 生产 Mongo：", "* Jenkins: ", "1. OSS AK："
_LIST_ENTRY_RE = lazy_compile(r"[ \t]{0,8}(?:[-*•·]|\d{1,2}[.)、])[ \t]{1,4}[^\n:：]{1,40}[:：]")
_USER_NAME_CHARS_RE = lazy_compile(r"[\w.@\-]")
_ACCOUNT_CONTEXT_RE = lazy_compile(
    r"账号|帐号|账户|账密|密码|口令|用户|登录|(?i:account|login|user|password|credential|creds)"
)


def _user_password_pair(m: re.Match[str]) -> str:
    value = bare_value(m.group("value"))
    if not_a_value(value) or _IMAGE_TAG_RE.match(value):
        return m.group(0)
    text, start = m.string, m.start()
    user_start = walk_back(text, start, _USER_NAME_CHARS_RE, limits.SECRET_USER_NAME_WALK_CHARS)
    before = text[user_start - 1 : user_start]
    if not _USER_NAME_RE.match(text[user_start:start]) or (before and before in "/:"):
        return m.group(0)  # a path (a/b/c), a URL, or no user name
    if not strong_credential(value):
        # "weiXiao_0hhk8888" is a password too in a list whose line above or below is a
        # user and a password already redacted ("运营后台 admin-uat / [REDACTED]")
        plausible = plausible_in_prose(value, min_chars=limits.SECRET_MIN_CHARS_IN_PROSE)
        # (a password's mix of cases and digits, not "jdk17-temurin" or "order-refactor2")
        mixed = value not in (value.lower(), value.upper()) and any(c.isdigit() for c in value)
        if not (plausible and mixed and _beside_a_redacted_pair(text, start, m.end())):
            return m.group(0)
        return replace_password(m)
    window = text[max(0, start - limits.SECRET_CONTEXT_CHARS) : m.end()]
    if not _ACCOUNT_CONTEXT_RE.search(window) and not _among_secrets(text, start, m.end()):
        return m.group(0)
    return replace_password(m)


# A line that is a user and a password already redacted: "  运营后台 admin-uat / [REDACTED:…]".
_REDACTED_PAIR_LINE_RE = lazy_compile(
    r"^[^\n/]{0,40}?[\w.@\-]{2,64}[ \t]{0,2}/[ \t]{0,2}" + re.escape(MARKER_PREFIX)
)


def _beside_a_redacted_pair(text: str, start: int, end: int) -> bool:
    """The line before or after the pair's own is a user and a redacted password."""
    line_start = start - len(line_before(text, start))
    line_end = end + len(line_after(text, end))
    before = line_before(text, line_start - 1) if line_start > 0 else ""
    after = line_after(text, line_end + 1) if line_end < len(text) else ""
    return any(_REDACTED_PAIR_LINE_RE.match(line.strip()) for line in (before, after) if line)


def _among_secrets(text: str, start: int, end: int) -> bool:
    """The pair is an entry of a list whose next or previous entry holds a secret found
    already (a handover's credentials: "- 生产 Mongo：app / X", then "- OSS AK：[R] / [R]"):
    its line is a labelled list entry, and so is the line beside it, with a marker. Each
    line is looked at within the bounded window of :mod:`.surroundings` (a line longer
    than that is no entry of such a list)."""
    head = _whole_line_before(text, start)
    if head is None or not _LIST_ENTRY_RE.match(head):
        return False
    line_start = start - len(head)
    tail = line_after(text, end)
    line_end = end + len(tail)
    before = _whole_line_before(text, line_start - 1) if line_start > 0 else None
    after = line_after(text, line_end + 1) if line_end < len(text) else None
    if after is not None and len(after) == limits.SECRET_CONTEXT_CHARS:
        after = None  # runs on past the window
    return any(
        MARKER_PREFIX in line and _LIST_ENTRY_RE.match(line) is not None
        for line in (before, after)
        if line
    )


def _whole_line_before(text: str, pos: int) -> str | None:
    """The text before ``pos`` on its line, or ``None`` when the line starts beyond the
    bounded window."""
    head = line_before(text, pos)
    reaches_start = len(head) < limits.SECRET_CONTEXT_CHARS or pos == len(head)
    return head if reaches_start else None


# A Markdown list of accounts: "* Jenkins: `admin` / `Adm!n-2024`", "- `ops` / `0ps Team#1`":
# a user and its password, each in a code span, joined by a slash.
_CODE_SPAN_PAIR_RE = compile_bounded(
    r"`[\w.@\-]{1,64}`[ \t]{0,2}/[ \t]{0,2}`(?P<value>[^`\n]{3,128})`"
)


def _code_span_pair(m: re.Match[str]) -> str:
    value = m.group("value")
    # a path or a route ("`src` / `main`", "`GET` / `POST`") is no credential
    if value.startswith(("/", ".")) or not plausible_in_prose(
        value.replace(" ", ""), min_chars=limits.SECRET_MIN_CHARS_IN_PROSE
    ):
        return m.group(0)
    return replace_password(m)


USER_SLASH_PASSWORD = RedactionRule(
    id="user-slash-password",
    description=(
        "A user, a slash and a password after an account word (账号 admin/Adm1n!, login: ops / "
        "0ps#Team)"
    ),
    examples_match=("账号 admin/Adm1n!2024", "login: ops / 0ps#Team"),
    examples_no_match=("后台登录走/admin/login接口", "user admin/list returns 403"),
    keywords=("/",),
    pattern=_USER_SLASH_PASSWORD_RE,
    replace=_user_slash_password,
)
ACCOUNT_SLASH_PASSWORD = RedactionRule(
    id="account-slash-password",
    description=(
        "A well-known account name, a slash and a credential (root/Root@123, admin / Adm1n!)"
    ),
    examples_match=("默认是 root/Root@123", "nacos/Nac0s#2024 登录控制台"),
    examples_no_match=(
        "nacos/nacos-server:v2.3.1",
        "root/.ssh/authorized_keys",
        "测试环境默认账号是 admin/123456",
    ),
    keywords=("/",),
    pattern=_ACCOUNT_SLASH_PASSWORD_RE,
    replace=_account_slash_password,
)
CODE_SPAN_PAIR = RedactionRule(
    id="code-span-pair",
    description=(
        "A Markdown list of accounts: a user and its password in code spans joined by a slash"
    ),
    examples_match=("* Jenkins: `admin` / `Adm!n-2024`",),
    examples_no_match=("`src` / `main`", "`GET` / `POST`"),
    keywords=("`",),
    also=("/",),
    pattern=_CODE_SPAN_PAIR_RE,
    replace=_code_span_pair,
)
LOGIN_WITH_PASSWORD = RedactionRule(
    id="login-with-password",
    description="The credential of 'log in as USER with X', 'ssh as USER using X'",
    examples_match=("login as root with toor123", "ssh as ops using 0ps!Team"),
    examples_no_match=("log in as admin with SSO", "connect as app using TLS"),
    keywords=("with", "using"),
    also=("login", "log in", "log\tin", "signin", "sign in", "sign\tin", "ssh", "connect"),
    pattern=_LOGIN_WITH_RE,
    replace=replace_plausible,
)
USER_THEN_PASSWORD = RedactionRule(
    id="user-then-password",
    description=(
        "A password right after a user name (用户名 admin 密码 admin, user ops password hunter)"
    ),
    examples_match=("用户名 admin 密码 admin888", "user ops password hunter"),
    examples_no_match=(
        "用户名和密码都不能为空",
        "user password reset",
        "admin 账号的 password policy 改成了 12 位以上",
    ),
    keywords=("pass", "pw", "密码", "口令"),
    pattern=_USER_THEN_PASSWORD_RE,
    replace=_user_then_password,
)
USER_PASSWORD_PAIR = RedactionRule(
    id="user-password-pair",
    description=(
        "A user, a slash and a strong credential where the text around speaks of accounts, or "
        "beside another secret (a list of credentials)"
    ),
    examples_match=(
        "测试账号：\n- merchant01 / Mch#Test!88",
        "- 测试 Redis：cache_ro / Rd7!kq2#Lm\n- 短信签名密钥：[REDACTED:password]",
    ),
    examples_no_match=(
        "merchant01 / Mch#Test!88",
        "账号列表见 docs/accounts.md",
        "export GITHUB_TOKEN=[REDACTED:github_token]\nthroughput is requests/sec@p99",
    ),
    keywords=("/",),
    pattern=_USER_PASSWORD_PAIR_RE,
    replace=_user_password_pair,
)
