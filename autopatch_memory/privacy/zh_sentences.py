"""Secrets stated in Chinese sentences: "密码是 X", "密钥我放这了 X", and an ASCII keyword
inside Chinese text ("token 是 X", "AppSecret 为 X", "requirepass 设成了 X").

Without a connector, after a remark or a weak connector ("叫", "填", which also start
questions), the value must look like a credential.
"""

from __future__ import annotations

import re

from autopatch_memory import limits
from autopatch_memory.lang import CJK_CLASS, lazy_compile
from autopatch_memory.patterns import one_of
from autopatch_memory.privacy.markers import MARKER_PREFIX, SecretKind, marker
from autopatch_memory.privacy.replacing import replace_span
from autopatch_memory.privacy.rule import RedactionRule
from autopatch_memory.privacy.spelling import compile_bounded, first_char_gate
from autopatch_memory.privacy.stated import (
    CREDENTIAL_SHAPE,
    PIN_RE,
    SPACED_VALUE,
    STATED_VALUE,
    VALUE_START,
    ZH_UNIT_RE,
    about_an_attribute,
    replace_stated,
)
from autopatch_memory.privacy.surroundings import inside_marker, resource_type_of_arn
from autopatch_memory.privacy.values import (
    PUBLIC_ID_RE,
    QUANTITY_RE,
    SECRET_WORD_RE,
    bare_value,
    not_a_value,
    plausible_in_prose,
    random_letters,
    random_looking,
    strong_credential,
)
from autopatch_memory.privacy.words import PAT_NEEDLES, ZH_NEEDLES

_ZH_KEYWORD = r"(?P<kw>密码|口令|密钥|秘钥|私钥|令牌|授权码|凭证|凭据|(?i:pin)[ \t]?码)"
# An ASCII keyword inside Chinese text: "token 是 X", "AppSecret 为 X", "SK：X",
# "requirepass 设成了 X", "jasypt.encryptor.password 是 X"; a bare "key" and "pin" need
# a value of their own shape (_zh_sentence).
_ASCII_KEYWORDS_IN_ZH = one_of(
    (
        r"access[ _\-]?key[ _\-]?secret",
        *(
            rf"{prefix}[ _\-.]?(?:key|secret)"
            for prefix in "api access secret app client private encrypt signing sign".split()
        ),
        *r"pass(?:word|wd|phrase) pwd token secret apikey appsecret requirepass masterauth".split(),
        # a service account key's id, which its key pair counts as secret: "private_key_id 是 X"
        r"private[ _\-.]?key[ _\-.]?id",
        # a personal access token (Azure DevOps, GitHub): "默认用这个 PAT：X"
        r"personal[ _\-]?access[ _\-]?token",
        *"ak sk key pin pat".split(),
    )
)
_ASCII_KEYWORD_IN_ZH = (
    r"(?P<kw>(?:(?<![A-Za-z])(?i:" + _ASCII_KEYWORDS_IN_ZH + r")"
    # the last word of a longer name: jasypt.encryptor.password, appSecret, AccessKeySecret
    r"|(?<=[a-z0-9])(?:Password|Passwd|Passphrase|AccessKeySecret|AccessKey|SecretKey|Secret"
    r"|Token|ApiKey|AppSecret|AppKey)|(?<=[a-z])(?:secret|token|password|passwd))"
    # ended by anything but a letter, a digit, "_" or "-": Chinese may follow with no
    # space ("token是…")
    r"(?![A-Za-z0-9_\-]))"
)
# Connectors: "是", "为", "设成了", "给你", "填的是", "分别是"… The weak ones ("叫", "填",
# "给你", "分别是") also start questions ("密码叫什么"): their value must look like one.
_ZH_STRONG_CONNECTORS = (
    "是|为|设为|设置为|设置成|设成|改为|改成|换成|配置为|配置成|配成|用的是|写的是|设的是|配的是"
    "|配置的是|填的是|填写的是"
)
_ZH_WEAK_CONNECTORS = (
    "用的|设的|配的|填的|写的|分别是|分别为|给你的是|给你|发给你了|发给你|发你了|发你|填写|填|叫|用"
)
_ZH_CONNECTOR = (
    r"(?P<conn>(?:也|都|就|还|仍|依然|仍然|统一|默认|应该|就是)?"
    r"(?:" + _ZH_STRONG_CONNECTORS + "|" + _ZH_WEAK_CONNECTORS + r")了?|[:：=＝]"
    # "密码我发你一下。是 X": the next sentence gives it
    r"|。[ \t]{0,2}就?是)"
)
_ZH_WEAK_CONNECTOR_RE = lazy_compile(
    r"^(?:也|都|就|还|仍|依然|仍然|统一|默认|应该|就是)?(?:" + _ZH_WEAK_CONNECTORS + ")了?$"
)


def _zh_value(shape: str) -> str:
    """The value after a keyword, its remark and connector; without a connector or a
    quote it must have ``shape``."""
    return (
        r"[ \t]{0,4}[:：]?[ \t]{0,4}"
        # "密码还是之前那个 X", "SecretKey 我放这了 X": a few words before the value
        # (neither a remark nor a gap runs over a connector: "密码是密码是…" stays cheap)
        # "密码是下面这个\nX": the value on the next line
        r"(?:(?P<below>(?:下面这个|下面这条|下面|如下|以下)[:：]?[ \t]{0,2}\r?\n[ \t]{0,8})"
        r"|(?P<gap>(?:(?!是|为)[" + CJK_CLASS + r"]){1,6}[ \t]{0,2}(?=[\x21-\x7e])"
        # "密码嘛，X": a spoken pause, then the value
        r"|(?:嘛|呢|啊|呀|的话)[ \t]{0,2}[，,][ \t]{0,2}(?=[\x21-\x7e])))?"
        # a quote or a lenticular bracket (a notice: "密码已修改为【X】")
        r"(?P<q>[「『“\"'`【〖])?"
        + VALUE_START
        + r"(?(conn)|(?(q)|"
        + shape
        + r"))(?P<value>(?<=[「『“\"'`【〖])[^」』”\"'`】〗\n]{1,256}(?=[」』”\"'`】〗])|"
        + STATED_VALUE
        + r")"
        + SPACED_VALUE
        # "口令是 Pkcs8 Pass;x，Java 里…": ASCII words up to the full-width punctuation that ends
        # the Chinese clause (kept unless they look like part of a credential)
        + r"(?P<tail>(?:[ \t][\x21-\x7e]{1,64}){1,3}(?=[，。；！？]|[ \t]*(?:\n|\Z)))?"
    )


# A mail service's SMTP authorization code (QQ, 163): 16 lower-case letters, a word in
# no dictionary, so "授权码 X" states one without a connector (_zh_sentence decides).
_MAIL_AUTH_CODE_SHAPE = r"(?=[a-z]{16}(?![A-Za-z0-9]))"
_MAIL_AUTH_CODE_RE = lazy_compile(r"^[a-z]{16}$")
# 密码（测试环境）：X  /  密码我记得是 X  /  密钥 32位：X: a remark before the connector
_ZH_REMARK = (
    r"(?P<remark>[ \t]{0,2}[（(][^）)\n]{1,40}[）)]"
    r"|[ \t]{0,2}(?:(?!是|为)[\w" + CJK_CLASS + r" \t]){1,10}?[ \t]{0,2}"
    # "密码前两天被运维改成了 X": a verb of change ends the remark as well
    r"(?=是|为|：|:(?!//)|用的|设的|配的|填的|写的|给你|发你|叫|填|改成|改为|换成|设成|设为"
    r"|设置[成为]|配[置]?成|。[ \t]{0,2}就?是))?"
)
_ZH_SENTENCE_RE = compile_bounded(
    first_char_gate("密口秘私令授凭PpＰ")
    + _ZH_KEYWORD
    + _ZH_REMARK
    + r"[ \t]{0,4}(?:"
    + _ZH_CONNECTOR
    + r")?"
    + _zh_value("(?:" + CREDENTIAL_SHAPE + "|" + _MAIL_AUTH_CODE_SHAPE + ")")
)
_ASCII_IN_ZH_RE = compile_bounded(
    first_char_gate("AaCcSsPpTtKkEeRrMmPp")
    + _ASCII_KEYWORD_IN_ZH
    + _ZH_REMARK
    + r"[ \t]{0,4}(?P<conn>(?:也|都|就|还|仍|依然|仍然|统一|默认|应该|就是)?"
    r"(?:"
    + _ZH_STRONG_CONNECTORS
    + "|"
    + _ZH_WEAK_CONNECTORS
    + r")了?|：|。[ \t]{0,2}就?是)?"
    + _zh_value(CREDENTIAL_SHAPE)
)
# Words that point somewhere else: "密码：见 1Password", "token 在 Vault 里", "通过 X 获取".
_ZH_POINTER_RE = lazy_compile(
    r"见|参考|参见|查看|看|在|位于|联系|问|找|通过|由|从|来自|变量|文件|配置"
)


_CLAUSE_IN_REMARK_RE = lazy_compile(r"[（(][^）)]*[，,；;][^）)]*[）)]")
_HEX_KEY_ID_RE = lazy_compile(r"^(?:[0-9A-F]{8}|[0-9A-F]{16}|[0-9A-F]{40})$")
# Words right before a bare "key" that make it a secret key: encryption, decryption,
# signing, verification, private, (a)symmetric.
_KEY_QUALIFIER_ZH_RE = lazy_compile(r"(?:加密|解密|签名|验签|加签|私有|私|对称)[ \t]{0,2}$")
_ZH_WORD_AFTER_RE = lazy_compile(r"[ \t]{0,2}[" + CJK_CLASS + "、]")


# The secret said to be absent right before its keyword: "不带密码", "没有密码", "免密码".
_WITHOUT_IT_RE = lazy_compile(r"(?:不带|不含|没有|没带|无需|不需要|不用|免|无)$")


def _zh_sentence(m: re.Match[str]) -> str:
    value, conn = m.group("value"), m.group("conn")
    if len(value) < limits.SECRET_MIN_CHARS_STATED or value.startswith(MARKER_PREFIX):
        return m.group(0)  # cheap checks first: a text may hold thousands of candidates
    if inside_marker(m.string, m.start("kw")) or resource_type_of_arn(m.string, m.start("kw")):
        return m.group(0)  # "[REDACTED:secret_value]", "arn:aws:…:secret:x" name no secret
    if _WITHOUT_IT_RE.search(m.string, max(0, m.start("kw") - 4), m.start("kw")):
        return m.group(0)  # "连接串不带密码：jdbc:…": what follows has none
    bare = bare_value(value)
    if (bare.isdigit() or QUANTITY_RE.match(bare)) and ZH_UNIT_RE.match(
        m.string, m.start("value") + len(bare)
    ):
        return m.group(0)  # 密钥长度是 2048 位: a quantity
    if m.group("q") and value[:1].isspace():
        return m.group(0)  # placeholder="请输入密码" autocomplete=…: the quote closes
    q = m.group("q")
    if q and m.start("q") == m.end("kw") and m.string[m.start("kw") - 1 : m.start("kw")] == q:
        return m.group(0)  # description = "密码", example = …: the keyword is a string
    remark, gap = m.group("remark"), m.group("gap")
    if conn is None and _HEX_KEY_ID_RE.match(bare):
        return m.group(0)  # "RSA 密钥 7A1C2B3D4E5F6071 作出": a key id, printed by gpg
    if (
        conn is None
        and m.re is _ASCII_IN_ZH_RE.compiled
        and not (random_looking(bare) or strong_credential(bare))
    ):
        return m.group(0)  # "secret 调 jscode2session": no connector, no key material
    # a remark that is a clause of its own ("key（…生成的，有效期一年）是 X") says where the
    # secret came from, not which attribute follows
    named = None if remark and _CLAUSE_IN_REMARK_RE.search(remark) else remark
    if about_an_attribute(named, gap) or (gap and _ZH_POINTER_RE.search(gap)):
        return m.group(0)  # 密码长度：12, token 有效期：2h, 密码：见 1Password
    kw = m.group("kw").lower().replace(" ", "")
    if PUBLIC_ID_RE.match(bare) and not SECRET_WORD_RE.search(kw):
        return m.group(0)  # "钉钉 appkey 是 ding…": a public app id
    if kw in ("pin", "pin码"):
        ok = bool(PIN_RE.match(bare))
    elif kw == "key":
        # A bare key is a cache or a map key unless its value is key material, or a
        # qualifier makes it a secret one ("加密 key 是 X", "签名 key：X").
        qualified = _KEY_QUALIFIER_ZH_RE.search(
            m.string, max(0, m.start("kw") - limits.SECRET_KEY_QUALIFIER_ZH_CHARS), m.start("kw")
        )
        ok = random_looking(bare) or bool(
            qualified and plausible_in_prose(bare, min_chars=limits.SECRET_MIN_CHARS_IN_PROSE)
        )
    elif not m.group("q") and (
        conn is None
        or remark
        or gap
        or _ZH_WEAK_CONNECTOR_RE.match(conn)
        or m.re is _ASCII_IN_ZH_RE.compiled
        or _ZH_WORD_AFTER_RE.match(m.string, m.start("value") + len(bare))
    ):
        # Without a connector ("密码 X"), after a remark ("密码我记得是 X") or a weak
        # connector, after an English word that may name a concept ("token：IDENT、…",
        # "AccessKey 换成 RAM 角色"), or when Chinese words go on after it, the value
        # must look like a credential ("用户名 a 密码 b" is the user-then-password rule's).
        ok = plausible_in_prose(bare, min_chars=limits.SECRET_MIN_CHARS_IN_PROSE) or bool(
            kw == "授权码" and _MAIL_AUTH_CODE_RE.match(bare)
        )
    else:
        ok = len(bare) >= limits.SECRET_MIN_CHARS_STATED and not not_a_value(bare)
    if not ok:
        return m.group(0)
    return replace_stated(m)


# "Ｒｅｄｉｓ 密码 → X（lb-prod）": an arrow hands the value over when the value ends the line
# or a bracket follows it ("密码 → PasswordEncoder → 比对" and "密码 → AES256 加密后存库"
# describe a flow).
_ARROW_VALUE_RE = compile_bounded(
    r"(?:密码|口令|密钥|秘钥|令牌|(?<![A-Za-z])(?i:password|passwd|pwd|token|secret))[ \t\u3000]*"
    r"(?:→|->|=>)[ \t\u3000]*(?P<value>[\x21-\x7e]{8,128})(?=[ \t\u3000]*(?:$|\n|[（(]))",
    re.M,
)


def _arrow_value(m: re.Match[str]) -> str:
    value = m.group("value")
    if not_a_value(value) or not (
        random_looking(value) or strong_credential(value) or random_letters(value)
    ):
        return m.group(0)
    return replace_span(m, "value", marker(SecretKind.PASSWORD))


ARROW_VALUE = RedactionRule(
    id="arrow-value",
    description="A secret handed over after an arrow, ending its line (Redis 密码 → X)",
    examples_match=("Redis 密码 → Vq8LmZ2xKp4RwT9n（staging）",),
    examples_no_match=("登录流程：密码 → PasswordEncoder → 比对", "密码 → AES256 加密后存库"),
    keywords=("→", "->", "=>"),
    pattern=_ARROW_VALUE_RE,
    replace=_arrow_value,
)
ZH_STATED_PASSWORD = RedactionRule(
    id="zh-stated-password",
    description=(
        "A secret stated in a Chinese sentence after 密码/口令/密钥/令牌… (密码是 X, 密码：X, "
        "密码我用的 X)"
    ),
    examples_match=("生产库密码是 Pr0d#2024", "密码（测试环境）：Test!123", "密码嘛，Hz8#kq2"),
    examples_no_match=(
        "密码是否需要加密？",
        "密码长度：12",
        "密钥长度是 2048 位",
        "密码：见 1Password",
        "连接串不带密码：jdbc:postgresql://pg.internal:5432/fm?user=analyst&sslmode=verify-full",
    ),
    keywords=ZH_NEEDLES,
    pattern=_ZH_SENTENCE_RE,
    replace=_zh_sentence,
)
ASCII_KEYWORD_IN_ZH = RedactionRule(
    id="ascii-keyword-in-zh",
    description=(
        "A secret stated after an ASCII keyword inside Chinese text (token 是 X, AppSecret 为 X)"
    ),
    examples_match=(
        "token 是 tk_9f8e7d6c5b4a",
        "requirepass 设成了 R3dis!zh",
        "AppSecret 为 a1b2c3d4e5f6a7b8",
    ),
    examples_no_match=("token 是怎么生成的？", "AccessKey 换成 RAM 角色", "token 有效期：2h"),
    keywords=(
        "是",
        "为",
        "：",
        "设",
        "改",
        "换",
        "配",
        "用",
        "写",
        "填",
        "给",
        "发",
        "叫",
        "分别",
        "了",
        "这",
    ),
    # one of the ASCII keywords (every alternative holds one of these)
    also=("key", "secret", "pass", "pwd", "token", "masterauth", "ak", "sk", "pin", *PAT_NEEDLES),
    pattern=_ASCII_IN_ZH_RE,
    replace=_zh_sentence,
)
