"""Secrets that are lists of codes or words: 2FA recovery and backup codes, a TOTP setup
key written in groups, and a BIP-39 wallet mnemonic, each given as such ("recovery
codes:", "助记词：", "setup key:") or, for a mnemonic, as a string literal of its shape.

A code or a word alone is no secret; what makes one is the name given to the list
before it, or (a mnemonic in code) the exact shape: 12 to 24 words of 3 to 8 lower-case
letters, a count no sentence of English has without a short word ("a", "to", "is").
"""

from __future__ import annotations

import re

from autopatch_memory import limits
from autopatch_memory.lang import lazy_compile
from autopatch_memory.privacy.markers import SecretKind, marker
from autopatch_memory.privacy.replacing import replace_span
from autopatch_memory.privacy.rule import RedactionRule
from autopatch_memory.privacy.spelling import compile_bounded

# "recovery codes …:" / "恢复码我先存这儿：": the name, then at most a short lead to a colon
# ("recovery codes (keep safe) — …": a dash may end the lead as a colon does)
_LEAD = rf"(?:[^\n:：—–]{{0,{limits.SECRET_CODES_LEAD_CHARS}}}[:：—–])?[ \t]*(?:\n[ \t]*){{0,2}}"
# One code: groups of 4 to 16 letters and digits joined by "-", holding a digit.
_CODE = r"(?=[A-Za-z\-]{0,40}\d)[A-Za-z0-9]{4,16}(?:-[A-Za-z0-9]{4,16}){0,3}(?![\w\-])"
# A list's bullet or number before a code ("- 4f2a-9c1b", "3. 7d3e-2a8f", "* …")
_BULLET = r"(?:(?:\d{1,2}[.)]|[-*•])[ \t]{1,4})?"
# Codes on one line (blanks, commas) or on lines of their own, a blank line among them.
_CODE_SEPARATOR = (
    r"(?:[ \t]{1,4}|[ \t]{0,4}[,，;；、][ \t]{0,4}"
    r"|[ \t]{0,4}\n(?:[ \t]{0,8}\n)?[ \t]{0,8}" + _BULLET + ")"
)
_RECOVERY_CODES_RE = compile_bounded(
    r"(?P<kw>(?i:(?:recovery|backup|rescue|emergency|scratch|2fa|mfa|one[ \t\-]?time"
    r"|single[ \t\-]?use)(?:[ \t_\-](?:scratch|verification|recovery|backup))?[ \t_\-]?codes?)"
    r"|恢复码|备用码|备份码|救援码|应急码|恢复代码|备用验证码)"
    + _LEAD
    + _BULLET
    + r"(?P<value>"
    + _CODE
    + rf"(?:{_CODE_SEPARATOR}{_CODE}){{1,{limits.SECRET_CODES_MAX_COUNT - 1}}})"
)
# A TOTP setup key typed in groups of four base32 characters ("2b23 elgf fyq2 …"), after
# its name or after any secret key's ("手动输入的密钥是 ABCD EFG2 …": the groups tell).
# (Found at "key"/"secret", each branch a literal letter first so the engine finds them in
# C; the name before it — "setup", "2FA", "authenticator" — decides nothing: the groups do.)
_SETUP_KEY_RE = compile_bounded(
    r"(?P<kw>K(?i:ey)|k(?i:ey)|S(?i:ecret)|s(?i:ecret)|密钥|秘钥)"
    + _LEAD
    + r"(?:(?:是|为|(?<=[ \t])(?i:is))[ \t]*)?"
    + r"(?P<value>[A-Za-z2-7]{4}(?:[ \t][A-Za-z2-7]{4}){3,15})(?![\w\-])"
)
_MNEMONIC_WORDS = r"[a-z]{3,8}(?:[ \t]{1,2}[a-z]{3,8}){11,23}(?![A-Za-z])"
_SEED_PHRASE_RE = compile_bounded(
    r"(?P<kw>(?i:mnemonic(?:[ \t](?:phrase|words))?|seed[ \t](?:phrase|words)"
    r"|recovery[ \t]phrase|bip-?39(?:[ \t](?:phrase|mnemonic|words))?)|助记词|种子短语|恢复短语)"
    + _LEAD
    + r"(?P<value>"
    + _MNEMONIC_WORDS
    + r")"
    # a mnemonic passed in code: exactly a quoted literal of the shape
    r"|(?<=[\"'])(?P<literal>" + _MNEMONIC_WORDS + r")(?=[\"'])"
)


# A mail client's authorization code (NetEase, QQ Mail: 16 letters) or an app password
# (Gmail: four groups of four), after its name.
_MAIL_AUTH_CODE_RE = compile_bounded(
    r"(?P<kw>授权码|应用专用密码|应用密码"
    r"|(?i:app(?:lication)?[ \t\-]?(?:specific[ \t\-]?)?password|authori[sz]ation[ \t]code))"
    # 16 letters of one case, a few non-letters after the name ("授权码 X", "授权码是：X"); or
    # four groups of four right after a label ("app password: qwxz plmk …")
    r"(?:[^\nA-Za-z]{0,24}?(?<![A-Za-z])(?P<value>[A-Z]{16}|[a-z]{16})"
    r"|[ \t]*(?:是|为|[:：=])[ \t]*"
    r"(?P<groups>[a-z]{4}(?:[ \t][a-z]{4}){3}|[A-Z]{4}(?:[ \t][A-Z]{4}){3}))"
    r"(?![A-Za-z])"
)


def _mail_auth_code(m: re.Match[str]) -> str:
    group = "value" if m.group("value") is not None else "groups"
    letters = m.group(group).replace(" ", "").replace("\t", "").lower()
    vowels = sum(letters.count(v) for v in "aeiou")
    if (
        len(set(letters)) < limits.SECRET_MAIL_CODE_MIN_DISTINCT_LETTERS
        or vowels > limits.SECRET_MAIL_CODE_MAX_VOWELS
    ):
        return m.group(0)  # words run together, not letters drawn at random
    return replace_span(m, group, marker(SecretKind.PASSWORD))


def _recovery_codes(m: re.Match[str]) -> str:
    return replace_span(m, "value", marker(SecretKind.ONE_TIME_CODE))


def _setup_key(m: re.Match[str]) -> str:
    if not any(c.isdigit() for c in m.group("value")):
        return m.group(0)  # words of four letters ("that will stay here"), not base32
    return replace_span(m, "value", marker(SecretKind.ONE_TIME_CODE))


_WORD_RE = lazy_compile(r"[a-z]+")


def _seed_phrase(m: re.Match[str]) -> str:
    if m.group("literal") is not None:
        if len(m.group("literal").split()) not in limits.SEED_PHRASE_WORD_COUNTS:
            return m.group(0)
        return replace_span(m, "literal", marker(SecretKind.SEED_PHRASE))
    # After "助记词：" the sentence may go on in English: the phrase is the longest
    # count of words a mnemonic can have.
    words = list(_WORD_RE.finditer(m.group("value")))
    count = max((n for n in limits.SEED_PHRASE_WORD_COUNTS if n <= len(words)), default=0)
    if not count:
        return m.group(0)
    start, end = m.start("value") - m.start(), m.start("value") - m.start() + words[count - 1].end()
    whole = m.group(0)
    return whole[:start] + marker(SecretKind.SEED_PHRASE) + whole[end:]


RECOVERY_CODES = RedactionRule(
    id="recovery-codes",
    description="2FA recovery or backup codes given as such (on lines, with commas or blanks)",
    examples_match=(
        "GitHub recovery codes:\n4f2a-9c1b\n7d3e-2a8f\nb6c1-0e9d",
        "备用码：83920174 55102938 66018273",
        "Your emergency scratch codes are:\n  79716358\n  10125448",
        "GitLab 恢复码：\n- 242e2f529d89c6ce\n- d4d60bd4357431e9",
    ),
    examples_no_match=("recovery codes are stored in 1Password", "error codes: 404 500"),
    keywords=("code", "恢复码", "备用码", "备份码", "救援码", "应急码", "恢复代码", "备用验证码"),
    pattern=_RECOVERY_CODES_RE,
    replace=_recovery_codes,
)
TOTP_SETUP_KEY = RedactionRule(
    id="totp-setup-key",
    description="A TOTP setup key written in groups of four base32 characters",
    examples_match=("setup key: 2b2a elgf fyq2 k7mz", "手动输入的密钥是 ABCD EFG2 HIJ3 KLM4"),
    examples_no_match=("setup key: that will stay here", "the key is a b c d"),
    keywords=("key", "secret", "密钥", "秘钥"),
    pattern=_SETUP_KEY_RE,
    replace=_setup_key,
)
MAIL_AUTH_CODE = RedactionRule(
    id="mail-auth-code",
    description=(
        "A mail client's authorization code or an app password after its name (16 letters, "
        "or four groups of four)"
    ),
    examples_match=(
        "网易企业邮箱开了客户端授权码 PXOVTLXJKFMKOUAH ，spring.mail.password 填这个",
        "Gmail app password: qwxz plmk rtvb ndjc",
        "QQ mail authorization code: pxovtlxjkfmkouah",
        "应用专用密码：XQZW PLMK RTVB NDJC",
    ),
    examples_no_match=(
        "授权码模式下 AUTHORIZEDCLIENT 的流程",
        "app password internationalization settings",
        "授权码在 1Password 里",
        "授权码模式里 CodeTokenGranter 是干什么的",
        "Use an app password, then copy that into spring.mail.password",
    ),
    keywords=("授权码", "应用专用密码", "应用密码", "password", "authori"),
    pattern=_MAIL_AUTH_CODE_RE,
    replace=_mail_auth_code,
)
SEED_PHRASE = RedactionRule(
    id="seed-phrase",
    description=(
        "A BIP-39 mnemonic after its name, or a string literal of exactly 12 to 24 short words"
    ),
    examples_match=(
        "助记词：legal winner thank year wave sausage worth useful legal winner thank yellow",
        (
            'wallet.restore("abandon ability able about above absent absorb abstract absurd '
            'abuse access accident")'
        ),
    ),
    examples_no_match=(
        "the seed phrase is written on paper in the safe",
        '"one two three four five six seven eight nine ten eleven"',
    ),
    keywords=("mnemonic", "seed", "phrase", "bip", "助记词", "种子短语", "恢复短语", '"', "'"),
    pattern=_SEED_PHRASE_RE,
    replace=_seed_phrase,
)
