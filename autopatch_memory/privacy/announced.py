"""A secret given a sentence or two after the one that names it: the first sentence says
what it is about ("We had to reset the admin password for the Grafana box."), a later
one hands the value over with words of their own ("Here it is: X", "it's now X", "New
one: X", "Try X", "You can log in with X"; 新的是 X, 给你：X, 用这个 X).

The handing-over words are the anchor; a credential keyword must come before them in the
same paragraph (a bounded window), and the value must be shaped like a secret: what
follows "try" or "use" in a text about a password is a secret only when it looks like
one.
"""

from __future__ import annotations

import re

from autopatch_memory import limits
from autopatch_memory.lang import lazy_compile
from autopatch_memory.patterns import one_of
from autopatch_memory.privacy.markers import SecretKind, marker
from autopatch_memory.privacy.rule import RedactionRule
from autopatch_memory.privacy.spelling import compile_bounded, first_char_gate
from autopatch_memory.privacy.values import (
    labelled_value,
    not_a_value,
    random_letters,
    secret_shaped,
    symbol_password,
)
from autopatch_memory.privacy.words import KEYWORD_NEEDLES, TRAILING, ZH_NEEDLES

_VALUE_NOUN = r"[ \t]+(?:thing|value|string|one)(?:[ \t]+is)?"
_EN_HANDED_OVER = (
    r"here[ \t]+(?:it[ \t]+is|you[ \t]+(?:go|are)|it['’]s)",
    r"here(?:['’]s|[ \t]+is)[ \t]+the[ \t]+(?:new[ \t]+)?(?:one|value)",
    r"it(?:['’]s|[ \t]+is|[ \t]+was)(?:[ \t]+(?:now|just))?",
    r"the[ \t]+(?:new|full|whole|complete|entire|actual|real)" + _VALUE_NOUN,
    r"the[ \t]+value(?:[ \t]+(?:I|we)[ \t]+(?:chose|picked|set|used|generated))?(?:[ \t]+is)?",
    *(word + _VALUE_NOUN for word in "new full whole complete entire actual real".split()),
    # "value" alone is a YAML key ("value: …" of any setting): a clause must follow it
    r"value[ \t]+(?:I|we)[ \t]+(?:chose|picked|set|used|generated)(?:[ \t]+is)?",
    r"just[ \t]+(?:try|use)",
    "try",
    "use",
    r"log[ \t]?(?:in|on)[ \t]+with",
    r"login[ \t]+with",
    r"sign[ \t]?(?:in|on)[ \t]+with",
    *(verb + r"[ \t]+(?:it|them)[ \t]+to" for verb in "changed set reset rotated updated".split()),
    r"you(?:['’]ll|[ \t]+will)?[ \t]+(?:can[ \t]+use|need)",
    # "I think you had a typo; it should be X", "We settled on X in the meeting"
    r"it[ \t]+(?:should|must|needs[ \t]+to|has[ \t]+to)[ \t]+be",
    # an incident report quotes it: "Leaked value: X", "exposed token: X"
    *(
        word + r"[ \t]+(?:value|token|key|secret|credential)"
        for word in ("leaked", "exposed", "compromised")
    ),
    *(
        who + r"[ \t]+(?:settled[ \t]+on|went[ \t]+with|agreed[ \t]+on|decided[ \t]+on|picked"
        r"|chose|generated|set)"
        for who in ("we", "I", "they")
    ),
)
_ZH_HANDED_OVER = (
    "新的是 新的为 现在是 现在为 改成了 改成 换成了 换成 如下 给你 发你 用这个 试试".split()
)
_HANDED_OVER = (
    r"(?:(?<![A-Za-z])(?i:"
    + one_of(_EN_HANDED_OVER)
    + r")(?![A-Za-z])|"
    + "|".join(_ZH_HANDED_OVER)
    + ")"
)
_ANNOUNCED_RE = compile_bounded(
    first_char_gate(
        "".join(sorted({c for w in _EN_HANDED_OVER for c in (w[0].lower(), w[0].upper())}))
        + "".join(sorted({w[0] for w in _ZH_HANDED_OVER}))
    )
    + _HANDED_OVER
    # a blank or a colon after the words ("<value>${X}</value>" hands nothing over)
    + r"(?:[ \t]*[:：][ \t]*|[ \t]+)(?P<q>[\"'`“])?"
    + r"(?P<value>[\x21\x23-\x26\x28-\x3b\x3d\x3f-\x5f\x61-\x7e]{8,256})"
)
_LEAKED_RE = lazy_compile(r"(?i)(?:leaked|exposed|compromised)\b")
# A credential keyword earlier in the paragraph.
_KEYWORD_BEFORE_RE = lazy_compile(
    r"(?:密码|口令|密钥|秘钥|令牌|凭证|凭据|(?<![A-Za-z])(?i:pass(?:word|wd|phrase)s?|pwd|pw"
    r"|secrets?|tokens?|credentials?|creds|api[ \t_\-]?keys?|access[ \t_\-]?keys?)(?![A-Za-z]))"
)


def _shaped(value: str) -> bool:
    """A random value or a chosen password (letters in mixed case and a symbol count,
    "OIgHvxTYL@orz", and random letters alone, "adeXOADNmDvSChDzso")."""
    return secret_shaped(value) or symbol_password(value) or random_letters(value)


def _announced(m: re.Match[str]) -> str:
    text = m.string
    window = text[max(0, m.start() - limits.SECRET_ANNOUNCED_WINDOW_CHARS) : m.start()]
    window = window[window.rfind("\n\n") + 1 :]  # the same paragraph
    if _KEYWORD_BEFORE_RE.search(window) is None:
        return m.group(0)
    value = m.group("value")
    if m.group("q"):
        closing = value.find({"“": "”"}.get(m.group("q"), m.group("q")))
        value = value if closing < 0 else value[:closing]
    value = value.rstrip(TRAILING)
    # What a report says was leaked is the secret named before it, whatever its shape (a
    # token of hex digits too): the words say so.
    leaked = _LEAKED_RE.match(m.group(0)) is not None
    if not (_shaped(value) or (leaked and labelled_value(value))) or not_a_value(value):
        return m.group(0)
    start = m.start("value") - m.start()
    whole = m.group(0)
    return whole[:start] + marker(SecretKind.PASSWORD) + whole[start + len(value) :]


ANNOUNCED_SECRET = RedactionRule(
    id="announced-secret",
    description=(
        "A secret handed over in a later sentence of a paragraph about it (… password. Here it "
        "is: X; it's now X; New one: X; 新的是 X)"
    ),
    examples_match=(
        "We reset the admin password for the Grafana box. Here it is: JQ8dv!b4vzGk",
        "Our deploy credentials got rotated. New one: gIdpx1ey3tAfyInfJk",
        "About the SMTP credentials: ops changed them. You can log in with OIgHvxTYL@orz now.",
        "Could you try the token again? You had a typo; it should be Z78mh61FFLAA0rw8tSLFMfw",
        "You'll need a secret for the webhook. We settled on RdHWZ5rJiWmkqBaDqv0KzCQa.",
        "测试库密码上周被安全组改了。新的是 Xk9#mQ2$vL，别外传",
        "INC-88: a Twilio auth token was exposed in the logs.\n"
        "Leaked value: 3f9e21c07ab45d68e10f2c3b9a7d4e55",
        "@here kafka pw for staging rotated per the runbook. new one: Kf7_qL2mXv9PwR4zT8nB",
        "staging 库的 password 已经 rotate 了，new one: Q7ve=m_kA+R-Z3pX ，记得更新",
    ),
    examples_no_match=(
        "We rotated the token. Here it is: the stack trace of the failing refresh.",
        "The password policy changed. Try mvn -U clean install first.",
        "The token expired. We decided on TokenRefreshJob2 to renew it.",
        "Here it is: 9fK2mQ7xLp3vT8wZ4nR6 (no secret named before)",
    ),
    keywords=(*KEYWORD_NEEDLES, *ZH_NEEDLES),
    pattern=_ANNOUNCED_RE,
    replace=_announced,
)
