"""A value given before the key it goes into: "你把 X 填进 spring.datasource.password",
"把 X 配到 redis 的密码里", "put X into the password field", "paste X in api_key".

The sentence names the secret after the value, so the rules that read a keyword and
then its value cannot see it. What the value goes into must name a secret (a key that
ends with a secret word, or a secret word), and the value must look like a credential.
"""

from __future__ import annotations

import re

from autopatch_memory import limits
from autopatch_memory.privacy.markers import SecretKind, marker
from autopatch_memory.privacy.replacing import replace_span, requote
from autopatch_memory.privacy.rule import RedactionRule
from autopatch_memory.privacy.spelling import compile_bounded, first_char_gate
from autopatch_memory.privacy.stated import about_an_attribute
from autopatch_memory.privacy.values import bare_value, not_a_value, plausible_in_prose
from autopatch_memory.privacy.words import KEYWORD_NEEDLES, ZH_NEEDLES

_VALUE = r"(?P<q>[\"'`“])?(?P<value>[\x21\x23-\x26\x28-\x5f\x61-\x7e]{4,128})(?(q)[\"'`”])"
# Where the value goes: a key ending with a secret word, or a few words holding one.
_TARGET_EN = (
    r"(?:[\w.\-]{0,64}(?i:password|passwd|pwd|secret|token|api[_\-]?key|access[_\-]?key)"
    r"(?![A-Za-z])|(?i:the|my|your|our)[ \t]+(?:[\w\-]{1,20}[ \t]+){0,2}"
    r"(?i:password|passphrase|secret|token|api[ \t]key)(?![A-Za-z]))"
)
# "填到 application.yml 的 sms.secret 里": a few words may come first
_TARGET_ZH = r"[^\n，。；,;]{0,24}?(?:" + _TARGET_EN + r"|密码|口令|密钥|秘钥|令牌)"

# "你把 X 填进 …password", "把 X 配到 redis 的密码里"
_VALUE_FIRST_ZH_RE = compile_bounded(
    first_char_gate("把")
    + r"把[ \t]{0,2}"
    + _VALUE
    + r"[ \t]{0,2}(?:填进|填到|填入|填在|写进|写到|写入|写在|配到|配进|配在|配成|放进|放到|放在"
    r"|设到|设置到|设为|设成|贴到|粘贴到|复制到|作为|当作|当成)了?(?:去|到)?[ \t]{0,2}" + _TARGET_ZH
)
# "put X into the password field", "paste X in spring.datasource.password"; "logging in
# with X as the admin password", "whoever set it up chose X, so use that for the password"
_VALUE_FIRST_EN_RE = compile_bounded(
    first_char_gate("PpEeTtFfSsAaWwCcUu")
    + r"(?<![A-Za-z])(?i:put|paste|enter(?:ed)?|typed?|fill[ \t]in|set|add|with|chose|picked"
    r"|used?|using)[ \t]+"
    + _VALUE
    + r"(?:[ \t]*,?[ \t]+(?i:so[ \t]+)?(?i:use|try|take)[ \t]+(?i:that|it|this))?"
    + r"[ \t]+(?i:into|in|to|for|as)[ \t]+"
    + _TARGET_EN
    + r"(?P<after>[ \t]{1,4}[A-Za-z]{1,20})?"
)


# "into the password field": where a value is typed, not an attribute of the secret
_INPUT_NOUNS = frozenset({"field", "fields", "box", "input", "prompt"})


def _value_first(m: re.Match[str]) -> str:
    bare = bare_value(m.group("value"))
    if not plausible_in_prose(bare, min_chars=limits.SECRET_MIN_CHARS_IN_PROSE):
        return m.group(0)
    after = (m.group("after") or "").strip().lower() if "after" in m.re.groupindex else ""
    if after not in _INPUT_NOUNS and about_an_attribute(after):
        return m.group(0)  # "with tokenService2 as the token provider": the noun is another
    return replace_span(m, "value", requote(m.group("value"), marker(SecretKind.PASSWORD)))


VALUE_FIRST_ZH = RedactionRule(
    id="value-first-zh",
    description="A value given before the secret it goes into, in Chinese (把 X 填进 …password)",
    examples_match=(
        "你把 Fz8#kLq2 填进 spring.datasource.password",
        "把 R3dis!pw 配到 redis 的密码里",
    ),
    examples_no_match=(
        "把 application.yml 填进 spring.config.location",
        "把 8080 配到 server.port",
    ),
    keywords=("把",),
    also=(*ZH_NEEDLES, *KEYWORD_NEEDLES),
    pattern=_VALUE_FIRST_ZH_RE,
    replace=_value_first,
)
VALUE_FIRST_EN = RedactionRule(
    id="value-first-en",
    description="A value given before the secret it goes into (put X into the password field)",
    examples_match=(
        "put Fz8#kLq2 into the password field",
        "paste tk_9f8e7d6c in api_key",
        "I've been logging in with z5NHn2&TwEz0 as the admin password on the test Nexus",
        "Whoever set it up chose MiiG3~rFA9, so use that for the password",
    ),
    examples_no_match=(
        "put 8080 in server.port",
        "set it to the password field",
        "we went with Argon2id as the password hashing scheme",
        "with tokenService2 as the token provider",
    ),
    keywords=(
        "put",
        "paste",
        "enter",
        "type",
        "fill",
        "set",
        "add",
        "with",
        "chose",
        "picked",
        "use",
    ),
    also=("pass", "pwd", "secret", "token", "key"),
    pattern=_VALUE_FIRST_EN_RE,
    replace=_value_first,
)


# "store.db 那边是 X 这个密码", "用 X 这串 token": the value, then "this password" naming it
_VALUE_THEN_ITS_NAME_RE = compile_bounded(
    r"(?:是|用|就是|用的是|填|换成|改成|设成)[ \t]{0,2}"
    + _VALUE
    + r"[ \t]{0,2}(?:这个|这串|这一串|那个|那串)[ \t]{0,2}"
    r"(?:密码|口令|密钥|秘钥|令牌|(?i:token|key|secret))"
)


def _named_after(m: re.Match[str]) -> str:
    # named a password right after it, a value needs less than a credential's look: any
    # run that is not a lower-case word ("SCcvuAhbKlGO" holds no digit)
    bare = bare_value(m.group("value"))
    if len(bare) < limits.SECRET_MIN_CHARS_IN_PROSE or not_a_value(bare) or bare.islower():
        return m.group(0)
    return replace_span(m, "value", requote(m.group("value"), marker(SecretKind.PASSWORD)))


VALUE_THEN_ITS_NAME = RedactionRule(
    id="value-then-its-name",
    description="A value named right after it as this password or key (是 X 这个密码)",
    examples_match=(
        "store.db 那边是 SCcvuAhbKlGO 这个密码，TC 起来后 TM 找不到",
        "后来换成 Vx9#Lm2kQp 这串 token 就好了",
    ),
    examples_no_match=(
        "用 admin 这个账号登录",
        "是 3306 这个端口",
        "用 application-prod.yml 这个配置",
        "用 changeme 这个密码是不行的",
    ),
    keywords=("这个", "这串", "这一串", "那个", "那串"),
    also=(*ZH_NEEDLES, "token", "key", "secret"),
    pattern=_VALUE_THEN_ITS_NAME_RE,
    replace=_named_after,
)


# The value opens the sentence, then says what it is: "DaFx541upOX 这个是…维护后台密码",
# "B2lift#5O6StA — that's the new admin login for the lift-bridge web UI"
_VALUE_THEN_WHAT_IT_IS_RE = compile_bounded(
    r"(?:^|\n)[ \t]*" + _VALUE + r"[ \t]*"
    r"(?:(?:这个|这串|那个)?(?:就)?是[^，,。\n]{0,30}?(?:密码|口令|密钥|秘钥|令牌)"
    r"|[—–\-:]{1,2}[ \t]*(?i:that'?s|it'?s|is)[ \t]+(?i:the|my|our|your)[ \t]+"
    r"(?:[\w\-]+[ \t]+){0,3}?(?i:password|passphrase|login|token|secret|api[ \t]key))"
)
VALUE_THEN_WHAT_IT_IS = RedactionRule(
    id="value-then-what-it-is",
    description=(
        "A value opening its sentence, then named a password (X 这个是…密码; X — that's the new "
        "login)"
    ),
    examples_match=(
        "DaFx541upOX 这个是 3 号楼药房智能柜的维护后台密码，别外传",
        "B2lift#5O6StA — that's the new admin login for the lift-bridge web UI on floor B2",
    ),
    examples_no_match=(
        "v2.3.1 — that's the new login page version",
        "admin 这个是默认账号，密码在 Vault 里",
    ),
    keywords=(*ZH_NEEDLES, "password", "passphrase", "login", "token", "secret", "api key"),
    pattern=_VALUE_THEN_WHAT_IT_IS_RE,
    replace=_named_after,
)
