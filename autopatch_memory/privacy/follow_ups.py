"""Secrets that continue what was said before them: a second value after a stated one
("…密码是 [R]，生产是 X", "the passwords are [R] and X"), a value after a comma in a
clause about a secret, "分别是 a 和 X", and the answer on the line after a question
about a password.

Most start at a marker an earlier rule put in, so they run after the sentence rules.
"""

from __future__ import annotations

import re

from autopatch_memory import limits
from autopatch_memory.privacy.markers import MARKER_PREFIX, SecretKind, marker
from autopatch_memory.privacy.replacing import (
    _replace_password,
    _replace_span,
    _requote,
)
from autopatch_memory.privacy.spelling import _MARKER_VALUE, _compile, _gate
from autopatch_memory.privacy.values import (
    _bare,
    _not_a_value,
    _plausible_in_prose,
    _random_looking,
    _strong_credential,
)

# A stated secret, and a remark in brackets after it: "[REDACTED:password] (dev)".
_STATED_MARKER = r"\[REDACTED:(?:password|secret_value)\](?:[ \t]{0,4}[(（][^()（）\n]{1,20}[)）])?"
# After a stated password, another one in the same sentence: "…密码是 [R]，生产是 X",
# "the qa password is [R], prod: X", "[R] and prod is X"; and "密码在 … 里，是 X".
_NEXT_CONNECTOR_VALUE = (
    r"(?:是|为|[:：]|(?<![A-Za-z])(?i:is|are|was)(?![A-Za-z]))[ \t]*(?P<value>"
    + _MARKER_VALUE
    + r"|[\x21\x23-\x26\x28-\x5f\x61-\x7e]{1,256})"
)
_NEXT_SECRET_RE = _compile(
    _STATED_MARKER
    + r"(?:[ \t]*[，,、；;][ \t]*(?:(?i:and|or)[ \t]+)?|[ \t]+(?i:and|or|but|while|whereas)[ \t]+)"
    # The words before the connector: never a marker, whose colon is no connector
    # ("[R] and token [REDACTED:github_token]" names no value).
    r"(?!\[REDACTED:)[^\s，,。；;:：=是为]{1,16}"
    r"(?:[ \t]+(?!\[REDACTED:)[^\s，,。；;:：=是为]{1,16}){0,2}?[ \t]*" + _NEXT_CONNECTOR_VALUE
)
# "密码在 … 里，是 X", "重置了 AppSecret，现在是 X": found at the comma, the keyword
# looked for in the clause before it (a pattern that started at every keyword and
# scanned ahead for a comma cost a factor on keyword-dense text).
_SECRET_AFTER_COMMA_RE = _compile(
    r"(?:[，,][ \t]*(?:就|现在|目前|当前|新的|已经|改成了?"
    r"|(?:(?!是|为)[\u4e00-\u9fff]){1,6}(?=[是为：]))?"  # "，内容是 X", "，补一下：X"
    r"|[;；,][ \t]*(?i:(?:the[ \t]+)?new[ \t]+one|new|now|it(?:'s|[ \t]+is)[ \t]+now)"
    r"[ \t]*(?=[:：]))"
    + _NEXT_CONNECTOR_VALUE
    # "密码当时是 DBA 随手设的，叫 X": named after the comma
    + r"|[，,][ \t]*叫做?[ \t]*(?P<named>[\x21\x23-\x26\x28-\x5f\x61-\x7e]{1,256})"
)
_KEYWORD_BEFORE_COMMA_RE = re.compile(
    r"(?:密码|口令|密钥|秘钥|令牌|(?<![A-Za-z])(?i:(?P<key>key)|password|secret|token"
    r"|app[ _\-]?secret|api[ _\-]?key)(?![A-Za-z]))[^。\n]*$"
)


def _secret_after_comma(m: re.Match[str]) -> str:
    clause = m.string[max(0, m.start() - limits.SECRET_CLAUSE_CHARS) : m.start()]
    found = _KEYWORD_BEFORE_COMMA_RE.search(clause)
    group = "value" if m.group("value") is not None else "named"
    value = m.group(group)
    if not found or (found.group("key") and not _random_looking(value)):
        return m.group(0)  # after a bare "key" only key material
    if not _plausible_in_prose(value, min_chars=limits.SECRET_MIN_CHARS_IN_PROSE):
        return m.group(0)
    return _replace_span(m, group, _requote(value, marker(SecretKind.PASSWORD)))


# "key 叫 payment.secret，value 现在是 X", "…写死的 token。值是 X": the value of a secret
# named just before; the keyword is looked for in a bounded window on the same line.
_VALUE_OF_SECRET_RE = _compile(
    _gate("值取VvHhWw") + r"(?:(?:取值|值|(?<![\w\-.])(?i:value)(?![\w\-]))"
    r"[ \t]{0,2}(?:现在|目前|当前|也|就)?[ \t]{0,2}"
    r"(?:是|为|[:：]|(?<=[ \t])(?i:is)(?=[ \t]))"
    # "the key app.jwt.secret has value X"
    r"|(?<![A-Za-z])(?i:has|with)[ \t]+(?i:the[ \t]+)?(?i:value))[ \t]*"
    r"(?P<q>[\"'`“])?(?P<value>[\x21\x23-\x26\x28-\x5f\x61-\x7e]{1,256})"
)
# A secret word before the value (on its line); a bare "key" only when no other is there.
_SECRET_BEFORE_VALUE_RE = re.compile(
    r"(?:密码|口令|密钥|秘钥|私钥|令牌|(?<![A-Za-z])(?i:password|passwd|pwd|secret|token"
    r"|api[ _\-]?key)(?![A-Za-z])|(?<=[a-z0-9])(?:Password|Passwd|Secret|Token)(?![a-z]))[^\n]*$"
)
_KEY_BEFORE_VALUE_RE = re.compile(r"(?<![A-Za-z])(?i:key)(?![A-Za-z])[^\n]*$")


def _value_of_secret(m: re.Match[str]) -> str:
    value = m.group("value")
    window = m.string[max(0, m.start() - limits.SECRET_VALUE_WORD_WINDOW_CHARS) : m.start()]
    if value.startswith(MARKER_PREFIX) or _not_a_value(value):
        return m.group(0)
    if _SECRET_BEFORE_VALUE_RE.search(window):
        ok = _plausible_in_prose(value, min_chars=limits.SECRET_MIN_CHARS_IN_PROSE)
    else:
        ok = bool(_KEY_BEFORE_VALUE_RE.search(window)) and _random_looking(value)
    if not ok:
        return m.group(0)
    return _replace_span(m, "value", _requote(value, marker(SecretKind.PASSWORD)))


# A list of secrets: "the passwords are [R] and X", "Tokens: [R] (dev), X (prod)",
# "AK/SK 分别是 [R] 和 X". What follows a key id must be key material itself.
_LISTED_SECRET_RE = _compile(
    r"\[REDACTED:(?P<kind>password|secret_value|cloud_access_key|aws_access_key)\]"
    r"(?:[ \t]{0,4}[(（][^()（）\n]{1,20}[)）])?"
    r"(?:[ \t]*(?:[,，、/&]|和|及|以及|(?<=[ \t])(?i:and)(?=[ \t]))[ \t]*"
    r"|(?:(?<=cloud_access_key\])|(?<=aws_access_key\]))[ \t]*\r?\n[ \t]*)"
    r"(?P<q>[\"'`])?(?P<value>" + _MARKER_VALUE + r"|[\x21\x23-\x26\x28-\x5f\x61-\x7e]{1,256})"
)
_KEY_VALUE_PAIR_RE = re.compile(r"^[A-Za-z_][\w.\-]{0,40}[=:]")


def _listed_secret(m: re.Match[str]) -> str:
    value = m.group("value")
    if value.startswith(MARKER_PREFIX) or _KEY_VALUE_PAIR_RE.match(value):
        return m.group(0)  # "[R], port=3306": the next setting, not the next secret
    bare = _bare(value)
    if m.group("kind") in ("password", "secret_value"):
        ok = _plausible_in_prose(bare, min_chars=limits.SECRET_MIN_CHARS_IN_PROSE)
    else:
        ok = _random_looking(bare)
    if not ok:
        return m.group(0)
    return _replace_span(m, "value", _requote(value, marker(SecretKind.PASSWORD)))


# A chat: "生产 mongo 的 root 密码是多少" and, on the next line, "运维-小刘: M0ngo!Root#GZ …"
_ANSWERED_QUESTION_RE = _compile(
    _gate("密口令账PpTtSsCc") + r"(?:密码|口令|密钥|令牌|账密"
    r"|(?<![A-Za-z])(?i:password|passwd|pwd|pw|pass|token|secret|creds?)(?![A-Za-z]))"
    r"[^\n]{0,60}(?:多少|是什么|是啥|[?？])[ \t]*\r?\n"
    r"(?:[^\n:：]{0,40}[:：][ \t]*)?"
    r"(?P<value>[\x21\x23-\x26\x28-\x5f\x61-\x7e]{6,128})(?=[ \t\r\n]|\Z)"
)


def _answered_question(m: re.Match[str]) -> str:
    value = m.group("value")
    if not (_strong_credential(value) or _random_looking(value)) or _not_a_value(value):
        return m.group(0)
    return _replace_password(m)


# "账号密码分别是 admin 和 Adm1n#2024": the second of a pair
_RESPECTIVELY_RE = _compile(
    r"分别(?:是|为)[ \t]{0,4}[:：]?[ \t]{0,4}[^\s，,、/和及]{1,128}"
    r"[ \t]{0,4}(?:和|及|、|/|,|，)[ \t]{0,4}"
    r"(?P<value>[\x21\x23-\x26\x28-\x5f\x61-\x7e]{1,256})"
)
