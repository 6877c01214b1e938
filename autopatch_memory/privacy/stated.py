"""What the sentence rules share: how a stated value is spelled, when the words
before it name an attribute of the secret rather than the secret ("the password length
is 12"), how a stated value is replaced, and the form both languages write alike: a
value in brackets after the keyword ("密码（Root#2024）").
"""

from __future__ import annotations

import re

from autopatch_memory import limits
from autopatch_memory.lang import lazy_compile
from autopatch_memory.privacy.markers import SecretKind, marker
from autopatch_memory.privacy.replacing import replace_span, requote
from autopatch_memory.privacy.rule import RedactionRule
from autopatch_memory.privacy.spelling import compile_bounded, first_char_gate
from autopatch_memory.privacy.values import (
    STRONG_SYMBOL_RE,
    credential_like,
    not_a_value,
    strong_credential,
)
from autopatch_memory.privacy.words import (
    CJK_TEXT_RE,
    FULLWIDTH_VALUE_CHARS,
    KEYWORD_NEEDLES,
    NOT_SECRET_WORDS,
    STOPWORDS,
    TECH_TERMS,
    ZH_NEEDLES,
)

# A stated value: printable ASCII up to a blank, a quote or CJK text. A marker is not
# a value (the engine skips it without a callback), and without a connector or a quote
# ("密码 X") the value must hold a digit or a symbol: thousands of "密码 abc" in one
# text cost one regex scan, not thousands of Python calls.
STATED_VALUE = r"[\x21\x23-\x26\x28-\x5f\x61-\x7e" + FULLWIDTH_VALUE_CHARS + "]{1,256}"
# Where a stated value starts: not at a marker, not at a separator the pattern let go of.
VALUE_START = r"(?![=:：＝]|\[REDACTED:)"
CREDENTIAL_SHAPE = (
    r"(?=[A-Za-z]{0,255}[\x21\x23-\x26\x28-\x40\x5b-\x5f\x7b-\x7e" + FULLWIDTH_VALUE_CHARS + "])"
)
# "密码 Bastion 2024 Ops!（中间有空格）", "pw Blue Sky 7 (with spaces)": the sentence
# says the value goes on over blanks.
SPACED_VALUE = (
    r"(?P<spaced>(?:[ \t]{1,2}[\x21-\x27\x2a-\x7e]{1,64}){1,6}"
    r"(?=[ \t]{0,2}[(（][^()（）\n]{0,12}(?:空格|(?i:spaces?|blanks?))))?"
)


ZH_UNIT_RE = lazy_compile(
    r"[ \t]{0,2}(?:位|个|次|天|小时|分钟|秒|字符|字节|元|年|月|岁|条|种|[KMG]B\b)"
)


def replace_stated(m: re.Match[str]) -> str:
    """Replace the stated value, and the words after it a remark says belong to it (or,
    in a Chinese clause, that look like part of it)."""
    whole, offset = m.group(0), m.start()
    if m.group("spaced"):
        return whole[: m.start("value") - offset] + marker(SecretKind.PASSWORD)
    tail = m.group("tail") if "tail" in m.re.groupindex else None
    if tail and m.group("conn") and not m.group("q") and credential_like(tail.replace(" ", "")):
        return (
            whole[: m.start("value") - offset]
            + marker(SecretKind.PASSWORD)
            + whole[m.end("tail") - offset :]
        )
    return replace_span(m, "value", requote(m.group("value"), marker(SecretKind.PASSWORD)))


# What a sentence can say about a secret instead of stating it: "the password *length*
# is 12", "the token *endpoint* is /oauth/token", "the secret *name* is db-creds".
_ATTRIBUTE_NOUNS_EN: frozenset[str] = frozenset(
    """
    id ids name names length size version type format endpoint endpoints url uri path file
    files header headers field fields column prefix suffix ttl expiry expiration lifetime
    timeout count limit policy hash hashes algorithm scheme provider store location owner
    scope scopes issuer audience rotation strength hint param parameter variable env ref
    reference label tag table bucket mode rule rules regex pattern salt cost encoding encoder
    class bean service manager property setting option flag grant entropy charset arn
    fingerprint fingerprints thumbprint
    """.split()
)
_ATTRIBUTE_NOUNS_ZH = (
    "长度 位数 有效期 格式 类型 规则 强度 算法 文件 路径 字段 名称 名字 前缀 后缀 过期时间 参数"
    " 变量 配置项 策略 方式 位置 地址 接口 列 表 编码 版本 个数 数量 指纹"
).split()


PIN_RE = lazy_compile(r"^\d{4,8}$")


def about_an_attribute(*parts: str | None) -> bool:
    """The words between the keyword and the value name an attribute of the secret."""
    for part in parts:
        if not part:
            continue
        if any(w.lower() in _ATTRIBUTE_NOUNS_EN for w in re.findall(r"[A-Za-z]+", part)):
            return True
        if any(noun in part for noun in _ATTRIBUTE_NOUNS_ZH):
            return True
    return False


# "the admin password (Adm!n Pa55 w0rd)", "密码（Root#2024）": a value in brackets
_BRACKETED_SECRET_RE = compile_bounded(
    first_char_gate("PpTtSsAa密口令")
    + r"(?:(?<![\w\-])(?i:pass(?:word|wd|phrase)|pwd|token|secret|api[ _\-]?key)|密码|口令|令牌)"
    r"[ \t]{0,4}[(（](?P<value>[^()（）\n]{4,64})[)）]"
)


def _bracketed_secret(m: re.Match[str]) -> str:
    value = m.group("value").strip()
    words = value.lower().split()
    if CJK_TEXT_RE.search(value) or any(w in STOPWORDS or w in TECH_TERMS for w in words):
        return m.group(0)
    mixed = any(c.islower() for c in value) and any(c.isupper() for c in value)
    digits = sum(c.isdigit() for c in value)
    letters = sum(c.isalpha() for c in value)
    # tk_live_5566aa: a token's parts joined by "_", with enough letters and digits
    joined = "_" in value and digits >= 3 and letters >= 3 and len(value) >= 10
    if not (digits and (STRONG_SYMBOL_RE.search(value) or mixed or joined)):
        return m.group(0)
    if not_a_value(value):
        return m.group(0)
    return replace_span(m, "value", marker(SecretKind.PASSWORD))


# "deploy 用的 key（有 passphrase: river stone 88 lantern）", "(token: Tk9#x)": a keyword
# and its value filling the rest of a bracket, spaces and all
_BRACKETED_STATEMENT_RE = compile_bounded(
    first_char_gate("(（") + r"[(（][^()（）\n:：]{0,20}?"
    r"(?:(?<![\w\-])(?i:pass(?:word|wd|phrase)|pwd|token|secret|api[ _\-]?key)|密码|口令|令牌)"
    r"[ \t]{0,2}[:：=][ \t]{0,2}(?P<value>[^()（）\n]{4,64}?)[ \t]{0,2}[)）]"
)


def _bracketed_statement(m: re.Match[str]) -> str:
    value = m.group("value")
    words = value.lower().split()
    if CJK_TEXT_RE.search(value) or about_an_attribute(value) or not_a_value(value):
        return m.group(0)
    if any(w in STOPWORDS or w in TECH_TERMS or w in NOT_SECRET_WORDS for w in words):
        return m.group(0)  # "(token: see the wiki)", "(password: hashed)"
    if words[0].isdigit():
        return m.group(0)  # "(password: 8 chars min)": a count and its unit
    # one credential, or a passphrase of three words or more that holds a digit
    compact = value.replace(" ", "")
    spaced_phrase = len(words) >= limits.SECRET_PASSPHRASE_MIN_WORDS and any(
        c.isdigit() for c in value
    )
    if not (spaced_phrase or (" " not in value.strip() and strong_credential(compact))):
        return m.group(0)
    return replace_span(m, "value", marker(SecretKind.PASSWORD))


BRACKETED_SECRET = RedactionRule(
    id="bracketed-secret",
    description=(
        "A credential in brackets right after a secret keyword (the admin password (Adm!n Pa55 "
        "w0rd), 密码（Root#2024）)"
    ),
    examples_match=("the admin password (Adm!n Pa55 w0rd)", "密码（Root#2024）"),
    examples_no_match=("the password (see the wiki)", "密码（测试环境）"),
    keywords=("(", "（"),
    pattern=_BRACKETED_SECRET_RE,
    replace=_bracketed_secret,
)
BRACKETED_STATEMENT = RedactionRule(
    id="bracketed-statement",
    description=(
        "A keyword and its value filling a bracket ((token: Tk9#x), （passphrase: river stone 88 "
        "lantern）)"
    ),
    examples_match=("deploy 用的 key（有 passphrase: river stone 88 lantern）", "(token: Tk9#x2)"),
    examples_no_match=("(password: 8 chars min)", "(token: see the wiki)"),
    keywords=("(", "（"),
    also=(*ZH_NEEDLES, *KEYWORD_NEEDLES),
    pattern=_BRACKETED_STATEMENT_RE,
    replace=_bracketed_statement,
)
