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
from autopatch_memory.privacy.replacing import _replace_span
from autopatch_memory.privacy.spelling import _compile, _gate
from autopatch_memory.privacy.values import _bare, _plausible_in_prose

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
_VALUE_FIRST_ZH_RE = _compile(
    _gate("把")
    + r"把[ \t]{0,2}"
    + _VALUE
    + r"[ \t]{0,2}(?:填进|填到|填入|填在|写进|写到|写入|写在|配到|配进|配在|配成|放进|放到|放在"
    r"|设到|设置到|设为|设成|贴到|粘贴到|复制到|作为|当作|当成)了?(?:去|到)?[ \t]{0,2}" + _TARGET_ZH
)
# "put X into the password field", "paste X in spring.datasource.password"
_VALUE_FIRST_EN_RE = _compile(
    _gate("PpEeTtFfSsAa")
    + r"(?<![A-Za-z])(?i:put|paste|enter|type|fill[ \t]in|set|add)[ \t]+"
    + _VALUE
    + r"[ \t]+(?i:into|in|to|for|as)[ \t]+"
    + _TARGET_EN
)


def _value_first(m: re.Match[str]) -> str:
    bare = _bare(m.group("value"))
    if not _plausible_in_prose(bare, min_chars=limits.SECRET_MIN_CHARS_IN_PROSE):
        return m.group(0)
    return _replace_span(m, "value", marker(SecretKind.PASSWORD))
