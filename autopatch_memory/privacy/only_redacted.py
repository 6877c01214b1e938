"""Whether a redacted text says anything besides its markers.

It reads :func:`~autopatch_memory.privacy.redact`'s output rather than a text to redact
(the applier and the heuristic summaries drop a note that is only a removed secret),
so it stands apart from the engine.
"""

from __future__ import annotations

from autopatch_memory import limits, signals
from autopatch_memory.lang import cjk_count
from autopatch_memory.privacy.markers import MARKER_PREFIX, MARKER_RE
from autopatch_memory.privacy.spelling import compile_bounded

# Words that carry no information once the secret itself is gone: "from now on remember
# my OpenAI key: [REDACTED]" says nothing worth remembering (long-term signals count
# as filler: they say how long, not what).
_FILLER_EN: frozenset[str] = frozenset(
    """
    my our your the a an is are was be this that it its of for to and or in on with as
    user user's users project project's key keys token tokens password passwords passwd
    secret secrets credential credentials api apikey access pin passphrase login account
    remember save store keep note please use used using value here below above
    """.split()
) | {w for phrase in signals.LONG_TERM_SIGNALS_EN for w in phrase.split()}
_FILLER_ZH = (
    "请记住",
    "记住",
    "帮我",
    "保存",
    "存一下",
    "记一下",
    "用户的",
    "用户",
    "我的",
    "我们的",
    "项目的",
    "这个",
    "一下",
    "密码",
    "口令",
    "密钥",
    "秘钥",
    "令牌",
    "凭证",
    "账号",
    "是",
    "为",
    "的",
    "了",
)
_WORD_RE = compile_bounded(r"[A-Za-z][A-Za-z0-9'_\-]*|\d+")
# A credential's word ("key" alone names sharding and cache keys too).
_CREDENTIAL_WORD = (
    r"(?:(?<![A-Za-z])(?i:password|passwd|pwd|secret|token|credentials?|api[ _-]?key"
    r"|access[ _-]?key|secret[ _-]?key|private[ _-]?key)s?|密码|口令|密钥|秘钥|令牌|凭证|账密)"
)
# A title that names a credential: it ends with the credential's word ("billing 测试 Redis
# 密码", "staging DB password").
_CREDENTIAL_TITLE_RE = compile_bounded(_CREDENTIAL_WORD + r"[\W_]*$")
# The text gives that credential's value, now a marker: "密码是 [R]", "password: [R]".
_CREDENTIAL_VALUE_RE = compile_bounded(
    _CREDENTIAL_WORD + r"[ \t]{0,3}(?:是|为|(?i:is|was|are))?[ \t]{0,3}[:：=]?[ \t]{0,3}\[REDACTED:"
)


def titled_for_a_secret(label: str, summary: str) -> bool:
    """An item titled for a credential whose value its text holds redacted: its point was
    the secret ("记一下，测试 Redis 的密码是 …" as a note "测试 Redis 密码": the password
    [REDACTED]), and a turn whose point is to store a credential makes no item."""
    return bool(_CREDENTIAL_TITLE_RE.search(label) and _CREDENTIAL_VALUE_RE.search(summary))


def is_only_redacted(text: str) -> bool:
    """True when ``text`` holds a redaction marker and nothing meaningful besides it:
    once markers, filler words ("my", "key", "密码", "是"…) and punctuation are
    removed, at most :data:`~autopatch_memory.limits.ONLY_REDACTED_MAX_CONTENT_UNITS`
    units of content are left (a word, or two CJK characters, each count one)."""
    if MARKER_PREFIX not in text:
        return False
    rest = MARKER_RE.sub(" ", text)
    for filler in (*signals.LONG_TERM_SIGNALS_ZH, *_FILLER_ZH):
        rest = rest.replace(filler, " ")
    words = [w for w in _WORD_RE.findall(rest) if w.lower() not in _FILLER_EN]
    cjk = cjk_count(rest)
    units = len(words) + (cjk + 1) // 2
    return units <= limits.ONLY_REDACTED_MAX_CONTENT_UNITS
