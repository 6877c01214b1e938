"""Secrets that continue what was said before them: a second value after a stated one
("…密码是 [R]，生产是 X", "the passwords are [R] and X"), a value after a comma in a
clause about a secret, "分别是 a 和 X", and the answer on the line after a question
about a password.

Most start at a marker an earlier rule put in, so they run after the sentence rules.
"""

from __future__ import annotations

import re

from autopatch_memory import limits
from autopatch_memory.lang import CJK_CLASS, lazy_compile
from autopatch_memory.privacy.markers import MARKER_PREFIX, MARKER_RE, SecretKind, marker
from autopatch_memory.privacy.replacing import (
    replace_password,
    replace_plausible,
    replace_span,
    replace_spans,
    requote,
)
from autopatch_memory.privacy.rule import RedactionRule
from autopatch_memory.privacy.spelling import (
    CHAT_SPEAKER,
    MARKER_VALUE,
    compile_bounded,
    first_char_gate,
)
from autopatch_memory.privacy.stated import about_an_attribute
from autopatch_memory.privacy.surroundings import inside_marker
from autopatch_memory.privacy.values import (
    bare_value,
    labelled_value,
    not_a_value,
    plausible_in_prose,
    random_looking,
    strong_credential,
)
from autopatch_memory.privacy.words import KEYWORD_NEEDLES, ZH_NEEDLES

# A stated secret, and a remark in brackets after it: "[REDACTED:password] (dev)".
_STATED_MARKER = r"\[REDACTED:(?:password|secret_value)\](?:[ \t]{0,4}[(（][^()（）\n]{1,20}[)）])?"
# After a stated password, another one in the same sentence: "…密码是 [R]，生产是 X",
# "the qa password is [R], prod: X", "[R] and prod is X"; and "密码在 … 里，是 X".
_NEXT_CONNECTOR_VALUE = (
    # (a URL's scheme is no label: "https://…")
    r"(?:是|为|[:：](?!//)|(?<![A-Za-z])(?i:is|are|was)(?![A-Za-z]))[ \t]*(?P<value>"
    + MARKER_VALUE
    + r"|[\x21\x23-\x26\x28-\x5f\x61-\x7e]{1,256})"
)
_NEXT_SECRET_RE = compile_bounded(
    _STATED_MARKER
    + r"(?:[ \t]*[，,、；;][ \t]*(?:(?i:and|or)[ \t]+)?|[ \t]+(?i:and|or|but|while|whereas)[ \t]+)"
    # The words before the connector: never (part of) a marker, whose colon is no
    # connector ("[R] and token [REDACTED:github_token]", "[R], x[REDACTED:…]" name no value).
    r"[^\s，,。；;:：=是为\[]{1,16}"
    r"(?:[ \t]+[^\s，,。；;:：=是为\[]{1,16}){0,2}?[ \t]*" + _NEXT_CONNECTOR_VALUE
)
# "密码在 … 里，是 X", "重置了 AppSecret，现在是 X": found at the comma, the keyword
# looked for in the clause before it (a pattern that started at every keyword and
# scanned ahead for a comma cost a factor on keyword-dense text).
_SECRET_AFTER_COMMA_RE = compile_bounded(
    r"(?:[，,][ \t]*(?:就|现在|目前|当前|新的|已经|改成了?"
    r"|(?:(?!是|为)[" + CJK_CLASS + r"]){1,6}(?=[是为：]))?"  # "，内容是 X", "，补一下：X"
    r"|[;；,][ \t]*(?i:(?:the[ \t]+)?new[ \t]+one|new|now|it(?:'s|[ \t]+is)[ \t]+now)"
    r"[ \t]*(?=[:：]))"
    + _NEXT_CONNECTOR_VALUE
    # "密码当时是 DBA 随手设的，叫 X": named after the comma
    + r"|[，,][ \t]*叫做?[ \t]*(?P<named>[\x21\x23-\x26\x28-\x5f\x61-\x7e]{1,256})"
)
_KEYWORD_BEFORE_COMMA_RE = lazy_compile(
    r"(?:密码|口令|密钥|秘钥|令牌|(?<![A-Za-z])(?i:(?P<key>key)|password|secret|token"
    r"|app[ _\-]?secret|api[ _\-]?key)(?![A-Za-z]))[^。\n]*$"
)


def _secret_after_comma(m: re.Match[str]) -> str:
    clause = m.string[max(0, m.start() - limits.SECRET_CLAUSE_CHARS) : m.start()]
    found = _KEYWORD_BEFORE_COMMA_RE.search(clause)
    group = "value" if m.group("value") is not None else "named"
    value = m.group(group)
    if not found or (found.group("key") and not random_looking(value)):
        return m.group(0)  # after a bare "key" only key material
    if about_an_attribute(found.group(0)):
        return m.group(0)  # "token 生成规则：…，如下：tk_20240603_0001": the rule's example
    if not plausible_in_prose(value, min_chars=limits.SECRET_MIN_CHARS_IN_PROSE):
        return m.group(0)
    return replace_span(m, group, requote(value, marker(SecretKind.PASSWORD)))


# "key 叫 payment.secret，value 现在是 X", "…写死的 token。值是 X": the value of a secret
# named just before; the keyword is looked for in a bounded window on the same line.
_VALUE_OF_SECRET_RE = compile_bounded(
    first_char_gate("值取VvHhWw") + r"(?:(?:取值|值|(?<![\w\-.])(?i:value)(?![\w\-]))"
    r"[ \t]{0,2}(?:现在|目前|当前|也|就)?[ \t]{0,2}"
    r"(?:是|为|[:：]|(?<=[ \t])(?i:is)(?=[ \t]))"
    # "the key app.jwt.secret has value X"
    r"|(?<![A-Za-z])(?i:has|with)[ \t]+(?i:the[ \t]+)?(?i:value))[ \t]*"
    r"(?P<q>[\"'`“])?(?P<value>[\x21\x23-\x26\x28-\x5f\x61-\x7e]{1,256})"
)
# A secret word before the value (on its line); a bare "key" only when no other is there.
# (Not the kind inside a marker: "[REDACTED:password]" names no secret of this value.)
_SECRET_BEFORE_VALUE_RE = lazy_compile(
    r"(?<!REDACTED:)(?:密码|口令|密钥|秘钥|私钥|令牌|(?<![A-Za-z])(?i:password|passwd|pwd|secret|token"
    r"|api[ _\-]?key)(?![A-Za-z])|(?<=[a-z0-9])(?:Password|Passwd|Secret|Token)(?![a-z]))[^\n]*$"
)
_KEY_BEFORE_VALUE_RE = lazy_compile(r"(?<![A-Za-z])(?i:key)(?![A-Za-z])[^\n]*$")


def _value_of_secret(m: re.Match[str]) -> str:
    value = m.group("value")
    if value.startswith(MARKER_PREFIX) or not_a_value(value):
        return m.group(0)
    # A marker's kind names no secret of this value ("[REDACTED:vendor_token]' … 校验值是 X"),
    # the part of one the window starts in neither.
    text, start = m.string, max(0, m.start() - limits.SECRET_VALUE_WORD_WINDOW_CHARS)
    if inside_marker(text, start):
        start = text.rfind(MARKER_PREFIX, 0, start)
    window = MARKER_RE.sub(" ", text[start : m.start()])
    if _SECRET_BEFORE_VALUE_RE.search(window):
        ok = plausible_in_prose(value, min_chars=limits.SECRET_MIN_CHARS_IN_PROSE)
    else:
        ok = bool(_KEY_BEFORE_VALUE_RE.search(window)) and random_looking(value)
    if not ok:
        return m.group(0)
    return replace_span(m, "value", requote(value, marker(SecretKind.PASSWORD)))


# A list of secrets: "the passwords are [R] and X", "Tokens: [R] (dev), X (prod)",
# "AK/SK 分别是 [R] 和 X". What follows a key id must be key material itself.
_LISTED_SECRET_RE = compile_bounded(
    r"\[REDACTED:(?P<kind>password|secret_value|cloud_access_key|aws_access_key)\]"
    r"(?:[ \t]{0,4}[(（][^()（）\n]{1,20}[)）])?"
    r"(?:[ \t]*(?:[,，、/&]|和|及|以及|然后|再加上|加上|后面跟"
    r"|(?<=[ \t])(?i:and|then|plus|followed[ \t]+by)(?=[ \t]))[ \t]*"
    r"|(?:(?<=cloud_access_key\])|(?<=aws_access_key\]))[ \t]*\r?\n[ \t]*)"
    # (a marker is no value: the next one is tried from it, "[R]、[R]、X")
    r"(?P<q>[\"'`])?(?!\[REDACTED:)(?P<value>[\x21\x23-\x26\x28-\x5f\x61-\x7e]{1,256})"
)
_KEY_VALUE_PAIR_RE = lazy_compile(r"^[A-Za-z_][\w.\-]{0,40}[=:]")


def _listed_secret(m: re.Match[str]) -> str:
    value = m.group("value")
    if value.startswith(MARKER_PREFIX) or _KEY_VALUE_PAIR_RE.match(value):
        return m.group(0)  # "[R], port=3306": the next setting, not the next secret
    bare = bare_value(value)
    if m.group("kind") in ("password", "secret_value"):
        ok = plausible_in_prose(bare, min_chars=limits.SECRET_MIN_CHARS_IN_PROSE)
    else:
        ok = random_looking(bare)
    if not ok:
        return m.group(0)
    return replace_span(m, "value", requote(value, marker(SecretKind.PASSWORD)))


# A chat: "生产 mongo 的 root 密码是多少" and, on the next line, "运维-小刘: M0ngo!Root#GZ …"
_ANSWERED_QUESTION_RE = compile_bounded(
    first_char_gate("密口令账PpTtSsCc") + r"(?:密码|口令|密钥|令牌|账密"
    r"|(?<![A-Za-z])(?i:password|passwd|pwd|pw|pass|token|secret|creds?)(?![A-Za-z]))"
    # (not an SQL placeholder: "password = ?", "VALUES (?, ?)")
    r"[^\n]{0,60}(?:多少|是什么|是啥|(?<![=(,])(?<![=(,][ \t])[?？])[ \t]*\r?\n"
    r"(?:[^\n:：]{0,40}[:：][ \t]*)?"
    r"(?P<value>[\x21\x23-\x26\x28-\x5f\x61-\x7e]{6,128})(?=[ \t\r\n]|\Z)"
)


def _answered_question(m: re.Match[str]) -> str:
    value = m.group("value")
    if not (strong_credential(value) or random_looking(value)) or not_a_value(value):
        return m.group(0)
    return replace_password(m)


# "账号密码分别是 admin 和 Adm1n#2024": the second of a pair
_RESPECTIVELY_RE = compile_bounded(
    r"分别(?:是|为)[ \t]{0,4}[:：]?[ \t]{0,4}[^\s，,、/和及]{1,128}"
    r"[ \t]{0,4}(?:和|及|、|/|,|，)[ \t]{0,4}"
    r"(?P<value>[\x21\x23-\x26\x28-\x5f\x61-\x7e]{1,256})"
)


# What the pair before "分别是" names: a credential among them ("账号密码", "AK/SK"), not
# "requestId 分别是 A 和 B" (two ids).
_PAIR_OF_SECRETS_RE = lazy_compile(
    r"(?:密码|口令|密钥|秘钥|令牌|账密|(?i:password|passwd|pwd|secret|token|key|ak|sk))"
    r"[^，,。；;\n]{0,16}$"
)


def _respectively(m: re.Match[str]) -> str:
    before = m.string[max(0, m.start() - 24) : m.start()]
    # named as a credential, or shaped as one ("root 在两个库上分别是 Dev#2024x 和 Pr0d!9xk")
    if _PAIR_OF_SECRETS_RE.search(before) or strong_credential(m.group("value")):
        return replace_plausible(m)
    return m.group(0)


# After the sentence rules: it continues a sentence they redacted (no keywords).
NEXT_SECRET = RedactionRule(
    id="next-secret",
    description=(
        "Another value after a stated one in the same sentence (…密码是 [R]，生产是 X; [R], "
        "prod: X)"
    ),
    examples_match=(
        "测试库密码是 [REDACTED:password]，生产是 Pr0d#2024",
        "the qa password is [REDACTED:password], prod: Pr0d#2024",
    ),
    examples_no_match=(
        "密码是 [REDACTED:password]，端口是 3306",
        "[REDACTED:password] and token [REDACTED:github_token]",
        "PAT：[REDACTED:secret_value]，git clone https://dev.azure.com/pev/_git/sdk 还是失败",
    ),
    pattern=_NEXT_SECRET_RE,
    replace=replace_plausible,
)
SECRET_AFTER_COMMA = RedactionRule(
    id="secret-after-comma",
    description=(
        "A value after a comma in a clause about a secret (密码在 … 里，是 X; …, new one: X)"
    ),
    examples_match=(
        "重置了 AppSecret，现在是 9f8e7d6c5b4a",
        "密码当时是 DBA 随手设的，叫 Db@2019x",
    ),
    examples_no_match=("重置了 AppSecret，现在是周五", "key 在 Redis 里，是 user:session:12345"),
    keywords=(*ZH_NEEDLES, *KEYWORD_NEEDLES),
    pattern=_SECRET_AFTER_COMMA_RE,
    replace=_secret_after_comma,
)
LISTED_SECRET = RedactionRule(
    id="listed-secret",
    description="The next secret of a list after a redacted one ([R] and X, AK/SK 分别是 [R] 和 X)",
    examples_match=("the passwords are [REDACTED:password] and Pw2#beta",),
    examples_no_match=(
        "the password is [REDACTED:password], port=3306",
        "[REDACTED:password] and then",
    ),
    pattern=_LISTED_SECRET_RE,
    replace=_listed_secret,
)
VALUE_OF_NAMED_SECRET = RedactionRule(
    id="value-of-named-secret",
    description=(
        "The value of a secret named just before (key 叫 a.b.secret，value 现在是 X; "
        "…token。值是 X)"
    ),
    examples_match=(
        "key 叫 payment.secret，value 现在是 Pay#S3cret9",
        "the key app.jwt.secret has value Jw7!Secret",
    ),
    examples_no_match=("key 叫 cache.ttl，value 现在是 3600", "token 的值是 null"),
    keywords=("值", "value"),
    also=(*ZH_NEEDLES, *KEYWORD_NEEDLES),
    pattern=_VALUE_OF_SECRET_RE,
    replace=_value_of_secret,
)
RESPECTIVELY = RedactionRule(
    id="respectively",
    description="The second of a pair given with 分别是 (账号密码分别是 admin 和 Adm1n#2024)",
    examples_match=(
        "账号密码分别是 admin 和 Adm1n#2024",
        "root 在测试库和生产库上分别是 Dev#2024x 和 Pr0d!9xk",
    ),
    examples_no_match=(
        "端口分别是 8080 和 8081",
        "requestId 分别是 558d3e18-5696-456b 和 60a0c155-9c9e-4b72",
    ),
    keywords=("分别",),
    pattern=_RESPECTIVELY_RE,
    replace=_respectively,
)
ANSWERED_QUESTION = RedactionRule(
    id="answered-question",
    description=(
        "A credential on the line after a question about a password (生产库 root 密码是多少？ / "
        "运维: X)"
    ),
    examples_match=("生产 mongo 的 root 密码是多少？\n运维-小刘: M0ngo!Root#GZ",),
    examples_no_match=(
        "生产 mongo 的 root 密码是多少？\n运维-小刘: 去问 DBA",
        "==>  Preparing: UPDATE sys_user SET password = ?\n==> Parameters: Xk9#mQ2vLp(String)",
    ),
    keywords=("?", "？", "多少", "是什么", "是啥"),
    pattern=_ANSWERED_QUESTION_RE,
    replace=_answered_question,
)


# A secret split in two: the literal concatenated to one already redacted
# ('"[REDACTED:secret_value]" + "pVz4Kt8Wn3"', the "+" may end a line).
# Every literal of the chain is taken at once (a key in four lines of "…" + is one match).
_PART_JOIN = r"[ \t]*\+[ \t]*(?:\r?\n[ \t]{0,64})?"
_CONCATENATED_PART_RE = compile_bounded(
    r"\[REDACTED:[a-z_]{1,32}\](?P<q>[\"'])(?P<parts>(?:" + _PART_JOIN + r"(?P=q)(?!\[REDACTED:)"
    r"(?:[^\"'\\\n]|\\.){1,1024}(?P=q)){1,16})"
)
_PART_LITERAL_RE = lazy_compile(
    _PART_JOIN + r"(?P<q>[\"'])(?P<value>(?:[^\"'\\\n]|\\.){1,1024})(?P=q)"
)


def _concatenated_part(m: re.Match[str]) -> str:
    parts = m.group("parts")
    spans = []
    for part in _PART_LITERAL_RE.finditer(parts):
        value = part.group("value")
        if not_a_value(value) or not plausible_in_prose(
            value, min_chars=limits.SECRET_MIN_CHARS_IN_PROSE
        ):
            break  # '"[R]" + "/"', '"[R]" + ".json"': the secret ended
        spans.append(part.span("value"))
    if not spans:
        return m.group(0)
    return replace_span(m, "parts", replace_spans(parts, spans, marker(SecretKind.ASSIGNMENT)))


CONCATENATED_SECRET_PART = RedactionRule(
    id="concatenated-secret-part",
    description="The rest of a secret split in code: a literal concatenated to a redacted one",
    examples_match=(
        'String apiKey = "[REDACTED:secret_value]" + "pVz4Kt8Wn3";',
        'SECRET = "[REDACTED:secret_value]" +\n        "pL9wZ4nR";',
    ),
    examples_no_match=(
        'String url = "[REDACTED:secret_value]" + "/";',
        'String url = "https://api.acme.io/" + "v2/token";',
    ),
    keywords=("+",),
    pattern=_CONCATENATED_PART_RE,
    replace=_concatenated_part,
)

# A secret given in parts: "前半段 X，后半段 Y", "first half X, second half Y", "第二段：Y"
_PART_WORD = (
    r"(?:前半段|后半段|前半部分|后半部分|上半段|下半段|上半部分|下半部分|上半截|下半截|前一半|后一半"
    r"|第[一二三四1-4](?:段|部分|截|条|行|块)"
    r"|(?:前|后|中间|最后|末尾?)[ \t]{0,2}\d{1,3}[ \t]{0,2}位|剩下的|剩余的?|其余的?"
    r"|(?<![A-Za-z])(?i:(?:first|second|third|middle|last|other)[ \t]+(?:half|part|piece|bit|chunk)"
    r"|(?:first|middle|last|next|remaining|final)[ \t]+\d{1,3}"
    r"(?:[ \t]+(?:char(?:acter)?s|letters))?"
    r"|part[ \t]*(?:[1-4]|one|two|three))(?![A-Za-z]))"
)
_SECRET_IN_PARTS_RE = compile_bounded(
    first_char_gate("前后中最末剩其上下第FfSsTtMmLlOoPpNnRr")
    + _PART_WORD
    + r"[ \t]*(?:是|为|[:：=]|(?<=[ \t])(?i:is|are|was|were)(?=[ \t]))?[ \t]*(?P<q>[`\"'])?"
    r"(?P<value>[\x21\x23-\x26\x28-\x5f\x61-\x7e]{3,256})"
)
# The clause before names the secret being split (within a bounded window, no blank line).
_SPLIT_SECRET_BEFORE_RE = lazy_compile(
    r"(?:密码|口令|密钥|秘钥|私钥|令牌|(?<![A-Za-z])(?i:password|passwd|pwd|secret|token|key"
    r"|credential)s?(?![A-Za-z])|(?<=[a-z0-9])(?:Password|Secret|Token|Key)(?![a-z])"
    # a cloud key pair's halves by their short names: "OBS 的 SK 太长了，我分两条发"
    r"|(?<![A-Za-z])(?:SK|AK|sk|ak)(?![A-Za-z]))"
    r"(?:(?!\n[ \t]*\n)[\s\S])*$"
)


# "剩下的 X" is the rest of a secret only after a part was given ("前 16 位 …，剩下的 …").
_REST_WORD_RE = lazy_compile(r"^(?:剩下的|剩余的?|其余的?)")
_EARLIER_PART_RE = lazy_compile(
    r"一半|前半|上半|第[一1](?:段|部分|截)|前[ \t]{0,2}\d{1,3}[ \t]{0,2}位"
    r"|(?i:first half|first \d+)"
)


def _secret_in_parts(m: re.Match[str]) -> str:
    value = m.group("value")
    window = m.string[max(0, m.start() - limits.SECRET_VALUE_WORD_WINDOW_CHARS) : m.start()]
    if value.startswith(MARKER_PREFIX) or not _SPLIT_SECRET_BEFORE_RE.search(window):
        return m.group(0)
    rest = _REST_WORD_RE.match(m.group(0))
    if rest and not (_EARLIER_PART_RE.search(window) and random_looking(value)):
        return m.group(0)  # "剩下的 TokenFilter2 你来改": the rest of a task, not of a secret
    if not plausible_in_prose(value, min_chars=limits.SECRET_MIN_CHARS_IN_PROSE):
        return m.group(0)
    return replace_span(m, "value", requote(value, marker(SecretKind.PASSWORD)))


SECRET_IN_PARTS = RedactionRule(
    id="secret-in-parts",
    description="A part of a secret given in parts (前半段 X，后半段 Y; first half X, then Y)",
    examples_match=(
        "token 太长我分两段发：前半段 Ab3Cd5Ef7Gh9，后半段 Ij1Kl3Mn5Op7Qr9St1",
        "the password is in two parts: first half Bq7#Lm2, second half Xz9!Vn4",
        "密钥第一段：Ka8Qm2Xz，第二段：Lp4Wn7Vt",
        "the SFTP password in two bits: first bit 7Z7C%i2t4 and second bit RAwekg7E",
        "The admin password is long: the first 12 characters are tthC2FPG41Ry and the last 10 "
        "are a87NB%JiN6",
        "token 太长，我拆开发：上半部分 FFLAA0rw8tSLFMfw，下半部分 GZvOH9RyLRdHWZ5r",
        "appSecret 前 16 位是 Pq7sLm2xWv9kTz4n，后 16 位是 Hd8sW3nTz5Xk9mQ2",
        "口令分三段给：前 6 位 Qm4#Lx，中间 6 位 Tz9!Wp，末尾 4 位 Kd2s",
        "secret key 一半在 1Password 里，剩下的 Vt7mQ2xL9pRw4kZs 在 Jenkins 凭据里",
        "the key in three bits: first 6 Ab3Cd5, middle 6 Ef7Gh9, last 4 Ij1K",
        "[10:02] 王磊: OBS 的 SK 太长了我分两条发\n[10:02] 王磊: 前半段 WRlOTcEokd5ihu9l\n"
        "[10:03] 王磊: 后半段 EmJcADwyQNeLnpT5",
    ),
    examples_no_match=(
        "分两段部署：前半段 order-service，后半段 pay-service",
        "the first half of the sprint: refactor the token service",
        "token 前 16 位是版本号和时间戳，后面才是随机部分",
        "密码规则：中间 4 位是年份，最后 2 位是校验码",
        "token 相关的 3 个类我改完了，剩下的 TokenFilter2 你来改",
        "the first 8 characters of the token are the tenant id",
    ),
    keywords=(
        "前",
        "后",
        "中间",
        "最后",
        "剩",
        "其余",
        "末",
        "middle",
        "上半",
        "下半",
        "第",
        "half",
        "part",
        "piece",
        "bit",
        "chunk",
        "first",
        "last",
        "next",
        "remaining",
        "final",
    ),
    pattern=_SECRET_IN_PARTS_RE,
    replace=_secret_in_parts,
)


# A secret wrapped onto the next line (a chat window, a terminal, a message sent in two):
# the line after a value that was redacted at the end of its line, holding one run of
# secret characters and nothing else.
_WRAPPED_RE = compile_bounded(
    r"\[REDACTED:[a-z_]{1,32}\][ \t]*\r?\n[ \t]{0,16}(?:" + CHAT_SPEAKER + ")?"
    r"(?P<value>[A-Za-z0-9+/=_\-.~!@#$%^&*]{6,256})[ \t]*(?=\r?\n|\Z)"
)
# The text says the value was split or wrapped.
_SPLIT_SAID_RE = lazy_compile(
    r"(?i)wrap|split|two[ \t]+(?:lines|parts|pieces|messages|halves)|continue|broken"
    r"|拼|两行|两段|两条|分两|换行|折行|断开|截断"
)


def _wrapped_part(m: re.Match[str]) -> str:
    value, text = m.group("value"), m.string
    if m.start() and text[m.start() - 1] not in " \t\r\n:：=":
        return m.group(0)  # the marker was a value of its line, not part of a word
    if not_a_value(value) or _KEY_VALUE_PAIR_RE.match(value):
        return m.group(0)
    if not (random_looking(value) or strong_credential(value)):
        window = text[max(0, m.start() - limits.SECRET_CONTEXT_CHARS) : m.end() + 80]
        mixed = any(c.islower() for c in value) and not value[1:].islower()
        if not (_SPLIT_SAID_RE.search(window) and labelled_or_mixed(value, mixed=mixed)):
            return m.group(0)
    return replace_span(m, "value", marker(SecretKind.ASSIGNMENT))


def labelled_or_mixed(value: str, *, mixed: bool) -> bool:
    """A piece the text says is part of a split value: a value by its label's standard,
    or letters in mixed case (random letters rather than a word)."""
    return labelled_value(value) or (mixed and value.isalnum())


WRAPPED_SECRET = RedactionRule(
    id="wrapped-secret",
    description=(
        "The rest of a secret wrapped onto the next line, after a value redacted at the end "
        "of its line"
    ),
    examples_match=(
        "GitHub token:\n[REDACTED:github_token]\n0pcoImXEYSsMk1oL",
        "token 太长分两行：\n[REDACTED:secret_value]\nkDoVueaarh",
    ),
    examples_no_match=(
        "password: [REDACTED:secret_value]\nport: 3306",
        "token: [REDACTED:github_token]\nREADME.md",
        "token: [REDACTED:github_token]\nThanks",
    ),
    pattern=_WRAPPED_RE,
    replace=_wrapped_part,
)
