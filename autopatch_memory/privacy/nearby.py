"""A secret found by its shape near a credential keyword, where no sentence or syntax
says which word is the value: a few words away ("the key we use for staging, the one
Bob rotated, is X"), after a dash ("API key for the map service -- X"), or alone on a
line below the keyword ("the token is" / "X", "密码：" / "  X").

The value must be shaped like a secret (:func:`~.values.secret_shaped`: letters and
digits mixed at random and long, or a chosen password with a symbol), and nothing
between the keyword and it may say it is something else (an id, a hash, a digest, a
version, a public key). The rule runs after every other rule but the base64 one, so
what a more precise rule redacted is a marker here.
"""

from __future__ import annotations

import re

from autopatch_memory import limits
from autopatch_memory.lang import lazy_compile
from autopatch_memory.privacy.markers import SecretKind, marker
from autopatch_memory.privacy.replacing import replace_spans
from autopatch_memory.privacy.rule import RedactionRule
from autopatch_memory.privacy.spelling import CHAT_SPEAKER, compile_bounded, first_char_gate
from autopatch_memory.privacy.surroundings import inside_marker
from autopatch_memory.privacy.values import (
    PUBLIC_ID_RE,
    hashed_or_encrypted,
    labelled_value,
    random_looking,
    secret_shaped,
    strong_credential,
)
from autopatch_memory.privacy.words import KEYWORD_NEEDLES, PAT_NEEDLES, TRAILING, ZH_NEEDLES

_KEYWORD = (
    r"(?P<kw>(?<![A-Za-z])(?i:pass(?:word|wd|phrase|code)?s?|pass[ \t]word|pwd|secrets?"
    r"|tokens?|keys?|credentials?|creds?|user[-_ ]?sig|pats?)(?![A-Za-z])"
    r"|密码|口令|密钥|秘钥|私钥|令牌|凭证|凭据|授权码)"
)
# A candidate value: a run of the characters secrets are written with. On the keyword's
# line it starts a word: after a blank, a quote or a bracket, not inside a URL, a
# host:port or an assignment ("@mongo:27017/db?authSource=admin"), and not with a
# character that joins words ("=", "/", ".", "-", "@", "?", "&").
_VALUE_CHARS = r"A-Za-z0-9!#$%&*+/=?@^_~.\-"
# The keyword's line (the rest of it), then at most a few lines below it; a line cut at
# the window's end runs on to the end of the word it cut, so no value is read in part.
_LINE = rf"[^\n]{{0,{limits.SECRET_NEARBY_CHARS}}}[{_VALUE_CHARS}]{{0,256}}"
_WINDOW = rf"(?P<value>{_LINE}(?:\n{_LINE}){{0,{limits.SECRET_NEARBY_LINES}}})"
# A value holds a digit (or, under a label, a symbol): a keyword with none in reach is
# passed over in C, never read by the callback ("token token token…", "the token is
# stored in Redis").
_DIGIT_IN_REACH = rf"(?=[^\d#$%&@^~]{{0,{2 * limits.SECRET_NEARBY_CHARS}}}[\d#$%&@^~])"
_NEARBY_RE = compile_bounded(
    first_char_gate("PpSsTtKkCcUu密口秘私令凭授") + _KEYWORD + _DIGIT_IN_REACH + _WINDOW
)

# Every secret-shaped value holds a digit and a letter: runs without them are passed
# over in C ("password: password: …" costs no call per word).
_CANDIDATE_RE = lazy_compile(
    rf"(?<![{_VALUE_CHARS}:\\])(?![=/.\-@?&])"
    rf"(?=[{_VALUE_CHARS}]{{0,255}}?\d)(?=[{_VALUE_CHARS}]{{0,255}}?[A-Za-z])"
    rf"[{_VALUE_CHARS}]{{8,256}}(?![{_VALUE_CHARS}])"
)
# A line that holds a value alone: indented, in quotes or back-quotes, a list bullet or a
# chat quote before it, or a chat transcript's time and speaker ("[10:03] 李航: X").
_ALONE_RE = lazy_compile(
    rf"[ \t]*(?:[-*>][ \t]+|{CHAT_SPEAKER})?"
    rf"([`\"'“]?)(?P<value>[{_VALUE_CHARS}]{{6,256}})\1[ \t\r]*$"
)
# Words between the keyword and a value that say the value is no secret, wherever they
# stand: an example, a public key, a placeholder; or a sentence ended before it.
_STRONG_VETO_RE = lazy_compile(
    r"(?i)(?<![a-z])(?:example|e\.g|placeholder|pub(?:lic)?|ssh-\w+|ecdsa-[\w-]+)(?![a-z])"
    r"|示例|例如|公钥|[。？?！]|[.!][ \t]+[A-Z]"
)
# Nouns that say the value is something else (an id, a hash or a digest, a version, a
# format, a name, a length…) when they name it: the head of the words right before it
# ("trace id 4bf9…", "the token's request id: …", "key fingerprint is …") or a noun of
# them followed by "of"/"for"/的 ("the hash for user 1001 is …"). Not a noun of an earlier
# phrase ("the credential for the sandbox request validation is X").
_NOUN_VETO = (
    r"ids?|uuid|hash(?:es)?|sha\d*|md5|digest|checksum|fingerprint|commit|revision|version"
    r"|trace|request|format|length|name|prefix|type|ttl|expir\w*"
)
_NOUN_VETO_ZH = "哈希|摘要|指纹|提交|版本|格式|编号|长度|名称|前缀|有效期|过期"
_HEAD_VETO_RE = lazy_compile(
    r"(?i)(?:(?<![a-z])(?:" + _NOUN_VETO + r")(?![a-z])|" + _NOUN_VETO_ZH + r")[^A-Za-z\d]*$"
)
_ANY_NOUN_VETO_RE = lazy_compile(r"(?i)(?<![a-z])(?:" + _NOUN_VETO + r")(?![a-z])|" + _NOUN_VETO_ZH)
_NOUN_OF_VETO_RE = lazy_compile(
    r"(?i)(?:(?<![a-z])(?:"
    + _NOUN_VETO
    + r")[ \t]+(?:of|for)(?![a-z])|(?:"
    + _NOUN_VETO_ZH
    + r")的?)"
)
_ASKED_RE = lazy_compile(r"[ \t]{0,2}[?？][ \t]{0,4}")
# Where the words naming the value start: after the last clause break.
_CLAUSE_BREAK_RE = lazy_compile(r"[,;()（），；、—–]|[ \t]-{1,2}[ \t]")
# Connectors and fillers between the naming words and the value.
_CONNECTOR_TAIL_RE = lazy_compile(
    r"(?i)(?:[ \t:：=\"'`“”]|(?<![a-z])(?:is|are|was|were|be|the|a|an|its|now|still|just"
    r"|string|value)(?![a-z])|是|为|了|的)*$"
)
# "…, type X": the verb at the head of its clause, not the noun ("the key type is RSA").
_VERB_TYPE_RE = lazy_compile(r"(?i)^[ \t]*type[ \t]*$")


def _vetoed(text: str, start: int, end: int) -> bool:
    """Words in ``text[start:end]`` (between a keyword and a candidate value) say the value
    is no secret."""
    # "The password? X - same as last time": the question the value answers
    asked = _ASKED_RE.match(text, start, end)
    if asked is not None:
        start = asked.end()
    if _STRONG_VETO_RE.search(text, start, end):
        return True
    if not _ANY_NOUN_VETO_RE.search(text, start, end):
        return False  # (the common case, one scan in C)
    words = text[start:end]
    breaks = [b.end() for b in _CLAUSE_BREAK_RE.finditer(words)]
    clause = words[breaks[-1] :] if breaks else words
    tail = _CONNECTOR_TAIL_RE.search(clause)
    naming = clause[: tail.start()] if tail else clause
    if _VERB_TYPE_RE.match(naming) and breaks:
        return False
    return bool(_HEAD_VETO_RE.search(naming) or _NOUN_OF_VETO_RE.search(clause))


# What may follow a keyword on a line that labels the value below it: "Password:",
# "redis 密码：", "**Admin password**", "DB_PASSWORD=", "VPN password is below", "密码如下".
_LABEL_TAIL_RE = lazy_compile(
    # (a note in brackets first: "Twilio auth token (billing SMS 用的那个 subaccount):")
    r"(?:[ \t]*[(（][^()（）\n]{1,60}[)）])?"
    r"[ \t*_`'\")\]】]{0,8}(?:(?:[:：=＝]|是|为|如下"
    r"|(?i:(?:is|are)(?:[ \t]+(?:below|as[ \t]+follows|here))?|below|as[ \t]+follows))"
    r"[ \t*_`:：]{0,8})?\r?"
)
_ENCRYPTED_BEFORE_RE = lazy_compile(r"(?i)enc\($")
# A public key is named so right before its keyword ("public key", "PUBLIC_KEY", "公钥").
# (and a CAPTCHA's "site key", published in every page that loads it)
_PUBLIC_BEFORE_RE = lazy_compile(r"(?i)(?:pub(?:lic)?|(?<![a-z])site)[ \t_\-.]?$")
_KEY_ID_BEFORE_RE = lazy_compile(r"[\"']kid[\"'][ \t]*:[ \t]*[\"']$")


def _secret_at(text: str, start: int, end: int, *, label: bool = False) -> tuple[int, int] | None:
    """Where in ``text`` the first secret-shaped value of ``text[start:end]`` (what
    follows a keyword) is: on the keyword's line with no veto before it, or alone on a
    line below (one blank line may come first). Below a line that only labels it
    (``label``: the keyword names a password, token or secret, and the rest of its line
    is a separator at most), a value needs a digit or a symbol, not a shape."""
    line_end = text.find("\n", start, end)
    line_end = end if line_end < 0 else line_end
    for number, candidate in enumerate(_CANDIDATE_RE.finditer(text, start, line_end)):
        if number == limits.SECRET_NEARBY_CANDIDATES:
            return None  # a value is a few words from its keyword, not any word of the line
        if _vetoed(text, start, candidate.start()):
            return None
        value = candidate.group(0).rstrip(TRAILING)
        if candidate.group(0).endswith("...") or text.startswith("…", candidate.end()):
            continue  # shown elided ("pypi-AgEIcHlwaS5vcmc…"): not the value
        if _ENCRYPTED_BEFORE_RE.search(text, max(0, candidate.start() - 4), candidate.start()):
            continue  # ENC(…): Jasypt's encrypted form, which the key decrypts
        if _KEY_ID_BEFORE_RE.search(text, max(0, candidate.start() - 12), candidate.start()):
            continue  # "kid": "…": a published key's id (JWKS), not the key
        if hashed_or_encrypted(text[max(0, candidate.start() - 1) : candidate.end() + 1]):
            continue  # {AQAAAB…}: Jenkins' encrypted form, read from its opening brace
        if secret_shaped(value) and not PUBLIC_ID_RE.match(value):
            return candidate.start(), candidate.start() + len(value)
    if line_end == end or _vetoed(text, start, line_end):
        return None
    label = label and _LABEL_TAIL_RE.fullmatch(text, start, line_end) is not None
    pos = line_end + 1
    for number in range(limits.SECRET_NEARBY_LINES):
        next_end = text.find("\n", pos, end)
        next_end = end if next_end < 0 else next_end
        alone = _ALONE_RE.match(text[pos:next_end])
        if alone is not None:
            value = alone.group("value").rstrip(TRAILING)
            # below a label, a value needs less than a secret's shape, never more
            if not (secret_shaped(value) or (label and labelled_value(value))):
                return None
            start = pos + alone.start("value")
            return start, start + len(value) + _wrapped_rest(text, start + len(value), end, value)
        if text[pos:next_end].strip() or number or next_end == end:
            return None  # prose goes on, or a second blank line
        pos = next_end + 1
    return None


# A terminal wraps a long token at its width: the rest of it on the next line, alone.
_WRAPPED_REST_RE = lazy_compile(r"\r?\n(?P<rest>[A-Za-z0-9+/_\-]{4,256}={0,2})[ \t\r]*(?=\n|$)")


def _wrapped_rest(text: str, at: int, end: int, value: str) -> int:
    """How far the value found alone on a line below its keyword goes on: a long value
    (a line's width) continued on the next line by more of its characters (``0`` if not)."""
    if len(value) < limits.SECRET_WRAPPED_LINE_MIN_CHARS:
        return 0
    rest = _WRAPPED_REST_RE.match(text, at, end)
    if rest is None or not (random_looking(rest.group("rest")) or rest.group("rest").endswith("=")):
        return 0
    return rest.end("rest") - at


def _nearby(m: re.Match[str]) -> str:
    return _nearby_here(m, below=True)


def _nearby_here(m: re.Match[str], *, below: bool) -> str:
    text = m.string
    whole = m.group(0)
    if _PUBLIC_BEFORE_RE.search(text, max(0, m.start() - 8), m.start()):
        return whole  # "PUBLIC_KEY=…"
    # a bare "key" labels nothing: a cache key, a map's key column, a key id
    label = not m.group("kw").lower().startswith("key")
    marked = inside_marker(text, m.start())  # "[REDACTED:secret_value]"
    found = None if marked else _secret_at(text, m.start("value"), m.end("value"), label=label)
    if found is None:
        # The lines below may hold another keyword and its value, which this match took
        # in ("access-key: [REDACTED]⏎  secret-key:⏎    Q7tu…"): read them on their own
        # (once: what they take in is not read again, so the work stays linear).
        line_end = whole.find("\n", m.end("kw") - m.start())
        if not below or line_end < 0:
            return whole
        return whole[:line_end] + _NEARBY_RE.sub(_nearby_below, whole[line_end:])
    start, end = found[0] - m.start(), found[1] - m.start()
    return whole[:start] + marker(SecretKind.ASSIGNMENT) + whole[end:]


def _nearby_below(m: re.Match[str]) -> str:
    return _nearby_here(m, below=False)


SECRET_SHAPED_NEAR_KEYWORD = RedactionRule(
    id="secret-shaped-near-keyword",
    description=(
        "A secret-shaped value (random letters and digits, or a password with a symbol) a few "
        "words after a credential keyword, or alone on a line below it"
    ),
    examples_match=(
        "the token is\n9fK2mQ7xLp3vT8wZ4nR6yB1c",
        "API key for the map service -- aK93jdL0qPz7Xw2Nm5Rt",
        "数据库密码：\n  Zx8#Lq2!Mv7p",
        "the key we use for staging, the one Bob rotated, is 7Hq2Lx9Pm4Vz8Kc3Nd6T",
        "Username:\nsvc_deploy\nPassword:\noYZQa7Ppe2",
        "redis 密码：\nredis2024\n端口 6379",
        "minio:\n  access-key: [REDACTED:secret_value]\n  secret-key:\n    Q7tuB7iSJs3T0BT9YS7o",
        "给了个 PAT：mwdxugkqpp6h2yx4wg4635q3vbknobol7q7qsqldmxrblg3ni2pz，git clone 还是失败",
    ),
    examples_no_match=(
        "the token is\nstored in Redis with a TTL of 30 minutes",
        "trace id 4bf92f3577b34da6a3ce929d0e0e4736 for the failed token request",
        "the deploy key is\nssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGq7xKp2mW9vL4zN8tR3cB5yH1jF6dS0",
        "TokenRefreshScheduler2 runs every 5 minutes",
        "Password:\nsee the team vault entry 'prod-db'",
        "Token:\nTokenRefreshScheduler2",
        "implementation 'org.springframework.security:spring-security-crypto:6.2.1'",
        "reCAPTCHA v3 with site key 6LcPtYgjmUhBel31iEl2hpChYgCfrL1spNxnyVmi",
    ),
    keywords=(*KEYWORD_NEEDLES, *ZH_NEEDLES, *PAT_NEEDLES),
    pattern=_NEARBY_RE,
    replace=_nearby,
)


# A password handed over in a sentence about an account, with no credential word near it:
# "数据库账号是 rx_admin，…他发我的是 Rx!Adm1n_0426", "User stays billing_hk, and the new one
# they sent over is L37p#I1R2FRLZwxDzg". Only a chosen password's shape (letters of both
# cases, digits and a symbol) right after "is"/"是"/":" — an id or a name never has it.
_ACCOUNT_WORD_RE = compile_bounded(
    first_char_gate("账帐用登UuLlCcAa")
    + r"(?:账号|帐号|账户|用户名|登录|(?<![A-Za-z])(?i:user(?:name)?|login|creds|credentials?"
    r"|account)(?![A-Za-z]))" + rf"(?P<value>[^\n]{{0,{limits.SECRET_NEARBY_CHARS}}})"
)
_HANDED_OVER_BEFORE_RE = lazy_compile(r"(?:(?<![A-Za-z])(?i:is|was)|是|为|[:：])[ \t]*$")


def _chosen_password(value: str) -> bool:
    return (
        strong_credential(value)
        and secret_shaped(value)
        and any(c.islower() for c in value)
        and any(c.isupper() for c in value)
    )


def _handed_over(m: re.Match[str]) -> str:
    text = m.string
    start, end = m.start("value"), m.end("value")
    for number, candidate in enumerate(_CANDIDATE_RE.finditer(text, start, end)):
        if number == limits.SECRET_NEARBY_CANDIDATES:
            break
        value = candidate.group(0).rstrip(TRAILING)
        before = text[max(start, candidate.start() - 8) : candidate.start()]
        if _HANDED_OVER_BEFORE_RE.search(before) and _chosen_password(value):
            if _vetoed(text, start, candidate.start()):
                break
            offset = candidate.start() - m.start()
            span = (offset, offset + len(value))
            return replace_spans(m.group(0), [span], marker(SecretKind.PASSWORD))
    return m.group(0)


PASSWORD_HANDED_OVER = RedactionRule(
    id="password-handed-over",
    description=(
        "A chosen password (both cases, digits, a symbol) given as 'is X' a few words after an "
        "account word, with no credential word near it"
    ),
    examples_match=(
        "数据库账号是 rx_admin，老王说原来那个已经禁用了，他发我的是 Rx!Adm1n_0426 ，你试试",
        "User stays billing_hk, and the new one they sent over on WeCom is L37p#I1R2FRLZwxDzg",
    ),
    examples_no_match=(
        "账号是 rx_admin，工单号是 INC-2026-0042",
        "the user id is U2024#001 in the audit table",
        "login 接口返回的 code 是 A1001，message 是 user.locked",
    ),
    keywords=("账号", "帐号", "账户", "用户名", "登录", "user", "login", "cred", "account"),
    pattern=_ACCOUNT_WORD_RE,
    replace=_handed_over,
)
