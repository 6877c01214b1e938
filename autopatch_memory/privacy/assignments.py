"""Secrets assigned to a key: ``key = value`` in every syntax (``=``, ``:``, ``=>``,
``:=``, typed declarations, ``("password", "x")``, Gradle's ``storePassword 'x'``),
YAML lines whose plain scalar holds spaces, and Kubernetes ``name:``/``value:`` pairs.

The generic rule of the table, run late: it decides whether the key names a secret
and whether what it is given is a literal rather than a variable, a placeholder or a
sentence.
"""

from __future__ import annotations

import re

from autopatch_memory import limits
from autopatch_memory.lang import CJK_CLASS, lazy_compile
from autopatch_memory.patterns import one_of
from autopatch_memory.privacy.markers import MARKER_PREFIX, SecretKind, marker
from autopatch_memory.privacy.replacing import (
    replace_lines,
    replace_span,
    replace_spans,
    requote,
    value_group,
)
from autopatch_memory.privacy.rule import RedactionRule
from autopatch_memory.privacy.spelling import (
    MARKER_VALUE,
    UNQUOTED_VALUE,
    compile_bounded,
    first_char_gate,
    quoted_string,
)
from autopatch_memory.privacy.surroundings import (
    inside_marker,
    line_after,
    line_before,
    resource_type_of_arn,
    walk_back,
)
from autopatch_memory.privacy.values import (
    HEX_RE,
    IDENTIFIER_RE,
    KEY_ID_RE,
    PUBLIC_ID_RE,
    SECRET_PART_SUFFIX,
    SECRET_WORD_RE,
    UUID_RE,
    credential_like,
    data_size_at,
    is_code_reference,
    is_passphrase,
    not_a_value,
    plausible_in_prose,
    random_letters,
    random_looking,
)
from autopatch_memory.privacy.words import (
    CJK_TEXT_RE,
    KEYWORD_NEEDLES,
    NOT_SECRET_VALUES,
    STOPWORDS,
    TRAILING,
)

# ${NAME:default} (Spring) and ${NAME:-default} (shell); ${NAME:?message} is an error text.
_PLACEHOLDER_DEFAULT_RE = lazy_compile(r"(\$\{[\w.\-]{1,100}:-?)(?!\?)([^{}\s\"']{1,256})(\})")


# (and where a secret store keeps it: "${kms:acs/rds/app#password}", "${ssm:/app/db/pw}")
_PLACEHOLDER_SCHEMES = frozenset(
    {
        "env", "sys", "file", "secret", "secrets", "vault", "k8s", "kms", "ssm", "sm",
        "secretsmanager", "aws-secretsmanager", "keyvault", "secretmanager", "gsm",
    }
)  # fmt: skip


# A default made of words alone ("changeme", "postgres", "dev-key", "mySecretKey") is the
# placeholder's stand-in for a local run, not a credential: one holds a digit or a symbol.
_WORDS_DEFAULT_RE = lazy_compile(r"[A-Za-z]+(?:[-_.][A-Za-z]+)*")


def _redact_placeholder_defaults(value: str, kind: SecretKind) -> str:
    """``${DB_PASSWORD:root123}``: the default after the colon is a secret;
    ``${env:API_KEY}`` and ``${DB_PW:OTHER_PASSWORD}`` name where the value comes from, and
    ``${DB_PASSWORD:changeme}`` or ``${DB_PASSWORD:postgres}`` stand in for one."""

    def replace(m: re.Match[str]) -> str:
        name = m.group(1)[2:].rstrip(":-").lower()
        if name in _PLACEHOLDER_SCHEMES or not_a_value(m.group(2), code=True):
            return m.group(0)
        if _WORDS_DEFAULT_RE.fullmatch(m.group(2)):
            return m.group(0)
        return m.group(1) + marker(kind) + m.group(3)

    return _PLACEHOLDER_DEFAULT_RE.sub(replace, value)


# The key ends with one of these. Compound keys come before their last word so
# "secret_key" is tried before "secret".
_KEY_PREFIXES = (
    "api secret private access client signing sign encryption encrypt decrypt master"
    " account shared[-_.]?access storage license subscription consumer webhook deploy session"
    " hmac jwt aes mch apiv3 auth"
).split()
_KEYWORD = (
    "(?P<kw>"
    + one_of(
        (
            *(f"{prefix}[-_.]?key" for prefix in _KEY_PREFIXES),
            *"apikey accountkey keypass storepass requirepass masterauth".split(),
            r"erlang[-_.]?cookie",
            r"node[-_.]?cookie",  # an Erlang cluster's (EMQX, RabbitMQ): nodes log in with it
            r"user[-_.]?sig",  # Tencent Cloud IM's login signature
            r"security[-_.]?js[-_.]?code",  # AMap's JS API security code, the key's secret
            r"check[-_.]?word",  # SF Express's API signing secret
            *"pass(?:word|wd|phrase|code)? pswd psw pwd pw secret token credentials?".split(),
            *"auth sig sk ak".split(),
            # a key-encryption or data-encryption key: "CONTENT_KEK = …", "dek: …"
            *"kek dek".split(),
            "psk",  # a Wi-Fi pre-shared key: wpa_supplicant's psk="…", hostapd's wpa_psk
            # an RTC vendor's app certificate (Agora, ZEGO): the key its tokens are signed with
            r"app[-_.]?cert(?:ificate)?",
            "signature",
            "key",
        )
    )
    + ")"
)
_SHORT_KEYWORDS = frozenset(
    {
        "pass",
        "pwd",
        "pswd",
        "psw",
        "pw",
        "auth",
        "sig",
        "signature",
        "passcode",
        "aeskey",
        "aes_key",
        "sk",
        "key",
        "ak",
        "kek",
        "dek",
    }
)
_QUERY_ONLY_KEYWORDS = frozenset({"sig", "signature"})
# Besides ``=``/``:``/``=>``/``:=`` and full-width forms, three shapes whose value must
# be a literal: ``val token: String = "x"`` (a typed declaration), ``("password", "x")``
# (a quoted key and a comma) and ``storePassword 'x'`` (a Groovy/Gradle DSL call).
_SEPARATOR = (
    r"(?P<sep>(?P<typed>:[ \t]{0,4}[A-Za-z_][\w.]{0,40}(?:<[\w.<>, ?]{0,60}>)?\??[ \t]{0,4}"
    r"=(?![=>])(?=[ \t]*[bBrRuU]{0,2}[\"'`]))"
    r"|:=|=>|=(?![=~>])|:(?![:/]|\\(?![\"']))|：|＝"
    r"|(?P<comma>,)(?=[ \t]{0,8}(?:\(\)[ \t]{0,4}->[ \t]{0,4})?[\"'])"
    r"|(?P<dsl>(?<=[ \t]))(?=[\"']))"
)
_KEYWORD_GATE = first_char_gate("AaSsPpCcEeMmLlWwDdKkTtHhJjRrUuNn")
# A keyword closed by "]" is a key only when that "]" does not end a marker: "api_key]"
# in "[REDACTED:api_key] 'password=x'" would take the quoted text after it as its value,
# and the whole match, left alone because it starts inside a marker, would hide the
# secret in it from this rule. (Fixed-width look-behinds, one per kind; tried only
# after a keyword and a "]".)
_NOT_A_MARKER_END = "".join(f"(?<!{re.escape(marker(kind))})" for kind in SecretKind)
# password=\"x\" inside a Java or JSON string; \\\" inside it is a quote of the value
# itself, escaped twice (a JSON body logged as a JSON string), and so is a \" that no
# separator follows (a JSON body built by hand: \"password\":\"Xt5uwn\"1N45\",)
_ESCAPED_QUOTED = (
    r'\\"(?:\\\\\\"|\\"(?![ \t]*[,}\]:)]|[ \t]*$)|[^"\\\n]|\\[^"\n]){1,256}\\"'
    + r"|\\'(?:[^'\\\n]|\\[^'\n]){1,256}\\'"
)
# ODBC and SQL Server braced values: Pwd={a;b}}c} (a doubled "}" is one "}")
_BRACED = r"(?<==)\{(?:[^{}\n]|\}\}){1,256}\}(?=;|[ \t]*(?:\n|\Z))"
_ASSIGNMENT_RE = compile_bounded(
    _KEYWORD_GATE
    + r"(?i:"
    + _KEYWORD
    # a numbered part ("password_2"), not after a bare "key" ("key1=value1" is a map)
    + r")(?:(?<![Kk][Ee][Yy])"
    + SECRET_PART_SUFFIX
    + r"(?![\w-]))?(?P<close>\\?[\"']?(?:\]"
    + _NOT_A_MARKER_END
    + r")?)[ \t]{0,8}"
    # which one, in brackets: "shared secret (prod): …", "token（测试环境）：…", or the name
    # again ("EncodingAESKey(消息加解密密钥)：…"); not "token (TTL): 30m" nor "password (see
    # vault): …", which say something else
    + r"(?:[(（](?:(?i:prod|production|staging|stg|test|testing|dev|uat|sit|qa|pre|preprod"
    r"|local|old|new|current|backup|测试|生产|预发|开发|线上|内网|外网|旧|新|备用)(?:[ \t]*环境)?"
    r"|[^()（）\n]{0,12}(?:密钥|秘钥|密码|令牌|口令|(?i:key|secret|token|password))[^()（）\n]{0,6})"
    r"[)）][ \t]{0,4})?" + _SEPARATOR + r"[ \t]*"
    r"(?:\(\)[ \t]{0,4}->[ \t]{0,4})?(?:[bBrRuU]{1,2}(?=[\"']))?(?!\[REDACTED:)(?P<value>"
    r"\$\{[^{}\s]{0,300}\}|\$\{|\{\{|\#\{|"
    + _BRACED
    + "|"
    + _ESCAPED_QUOTED
    + "|"
    + quoted_string(2048)
    + r"|"
    + UNQUOTED_VALUE
    + r")"
)
# Kubernetes env: "- name: DB_PASSWORD" then "value: x" on the next line.
_K8S_ENV_RE = compile_bounded(
    r"\b(?i:name|property|key):[ \t]{0,8}(?P<q>[\"']?)[\w.\-]{0,64}?(?i:" + _KEYWORD + r")(?P=q)"
    r"[ \t]*\r?\n[ \t]{0,64}(?i:value):[ \t]{0,8}(?P<value>"
    + MARKER_VALUE
    + r"|"
    + quoted_string(1024)
    + r"|[^\s\"'#][^\n]{0,1023})"
)
_KEY_CHARS_RE = compile_bounded(r"[\w.\-$]")


def _key_start(text: str, kw_start: int) -> int:
    """Where the key that ends with the keyword begins (bounded walk back)."""
    return walk_back(text, kw_start, _KEY_CHARS_RE, limits.SECRET_MAX_KEY_CHARS)


def _keyword_is_component(text: str, kw_start: int, kw: str) -> bool:
    """The keyword is a word of the key, not the tail of another word ("bypass")."""
    if kw_start == 0:
        return True
    prev = text[kw_start - 1]
    if not prev.isalnum():
        return True
    if kw[0].isupper() and (prev.islower() or prev.isdigit()):
        return True  # camelCase: dbPassword, accessToken
    return kw.lower() not in _SHORT_KEYWORDS


def _in_query(text: str, key_start: int) -> bool:
    return key_start > 0 and text[key_start - 1] in "?&;"


def _prose_key(text: str, key_start: int, kw_end: int) -> bool:
    """``The secret: it…`` / ``Forgot password: click…`` — a plain word used in a
    sentence, not a configuration key (those have ``_ . -``, camelCase or sit alone)."""
    key = text[key_start:kw_end]
    if not key.isalpha() or any(c.isupper() for c in key[1:]):
        return False
    before = line_before(text, key_start)
    return bool(before.strip()) or key[0].isupper()


def _assignment(m: re.Match[str]) -> str:
    text, value = m.string, m.group("value")
    if value.startswith(MARKER_PREFIX) or value in ("${", "{{", "#{"):
        return m.group(0)
    key_start = _key_start(text, m.start("kw"))
    if _not_an_assignment(m, key_start):
        return m.group(0)
    if value.startswith("${") and value.endswith("}"):
        return replace_span(m, "value", _redact_placeholder_defaults(value, SecretKind.ASSIGNMENT))
    open_quote = _opening_quote(value)
    if not open_quote and data_size_at(text, m.start("value")):
        return m.group(0)  # "DB_PASSWORD:  20 bytes": kubectl describes a secret's sizes
    if not open_quote and value == "\\":
        return m.group(0)  # password=\"" + pass + "\": a literal cut for concatenation
    value = value.rstrip() if open_quote else value
    inner = value[len(open_quote) : len(value) - len(open_quote)] if open_quote else value
    if open_quote and "${" in inner:
        redacted = _redact_placeholder_defaults(inner, SecretKind.ASSIGNMENT)
        return replace_span(m, "value", open_quote + redacted + open_quote)
    if not _assigned_literal(m, key_start, inner, quoted=bool(open_quote)):
        return m.group(0)
    in_query = _in_query(text, key_start)
    kind = _jdbc_or_assignment(text, key_start) if in_query else SecretKind.ASSIGNMENT
    if open_quote:
        return replace_span(m, "value", open_quote + marker(kind) + open_quote)
    return replace_span(m, "value", requote(value, marker(kind)))


def _opening_quote(value: str) -> str:
    """The quote a value opens with: ``"``, ``'``, a back-quote, or an escaped ``\\"``."""
    if value.startswith(('\\"', "\\'")):
        return value[:2]
    return value[0] if value[0] in "\"'`“" else ""


def _not_an_assignment(m: re.Match[str], key_start: int) -> bool:
    """The keyword and separator are not a secret key being given a value: "bypass=",
    ``sig`` outside a query, "auth: basic", ``${JWT_SECRET:?must be set}``, a Maven
    coordinate ("io.jsonwebtoken:jjwt-api:0.11.5")…"""
    text, value, kw = m.string, m.group("value"), m.group("kw")
    kw_start = m.start("kw")
    if not _keyword_is_component(text, kw_start, kw) or inside_marker(text, kw_start):
        return True
    if kw.lower() in _QUERY_ONLY_KEYWORDS and not _in_query(text, key_start):
        return True
    if kw.lower() == "auth" and text[kw_start - 1 : kw_start] != "_":
        return True  # only npm's "_auth=…", not "auth: basic"
    if kw.lower() == "key" and (
        _PUBLIC_KEY_NAME_RE.search(text[key_start:kw_start])
        or _NONCE_KEY_NAME_RE.search(text[key_start:kw_start])
        or (
            kw_start == key_start
            and not _in_query(text, key_start)
            and not _map_entry_key_material(m)
        )
    ):
        # a public key, or a bare "key:" (the value's shape decides elsewhere); "?key=" in
        # a URL is an API or webhook key
        return True
    if text[max(0, key_start - 2) : key_start] == "${" and value.startswith("?"):
        return True  # ${JWT_SECRET:?must be set}: an error message, not a default
    if m.group("sep") == ":" and _COORDINATE_RE.match(value):
        return True  # group:artifact:version
    if (
        m.group("sep") == ":"
        and text[m.end("sep") : m.end("sep") + 1] not in (" ", "\t")
        and _namespaced_name(text, key_start, value)
    ):
        return True  # login:token:<id>, "KEYS token:blacklist:*": a cache key's segments
    if kw.lower() == "token" and _PAGE_CURSOR_NAME_RE.search(text[key_start:kw_start]):
        return True  # pageToken=, nextPageToken: a cursor into a listing, no credential
    if resource_type_of_arn(text, key_start):
        return True  # arn:aws:secretsmanager:…:secret:app/db: a resource's public name
    if _REFERENCE_KEY_RE.search(text[key_start:kw_start]) and _OBJECT_NAME_RE.match(value):
        return True  # existingSecret: mall-mysql names a Kubernetes Secret
    return bool(
        (m.group("comma") or m.group("dsl") is not None) and not _literal_form_ok(m, key_start)
    )


_PUBLIC_KEY_NAME_RE = lazy_compile(r"(?i)pub(?:lic)?[-_.]?$")
_PAGE_CURSOR_NAME_RE = lazy_compile(r"(?i)(?:page|next|continuation|cursor|sync|resume)[-_.]?$")
# A nonce or an id named a key: a WebSocket handshake's key, an idempotency key, the
# query key of a DingTalk message (processQueryKey), a message's key (msgKey).
_NONCE_KEY_NAME_RE = lazy_compile(r"(?i)(?:websocket|idempotency|query|msg|message)[-_.]?$")
_MAP_ENTRY_BEFORE_RE = lazy_compile(r"[{,][ \t]{0,4}$")


def _map_entry_key_material(m: re.Match[str]) -> bool:
    """``{appid=wx…, key=LxP67z8O…}``: a bare ``key`` of a map printed in a log, given key
    material (random letters and digits; not hex, which a cache key's digest is too)."""
    value = m.group("value").rstrip(",;}")
    return (
        m.group("sep") == "="
        and bool(_MAP_ENTRY_BEFORE_RE.search(line_before(m.string, m.start("kw"))))
        and random_looking(value)
        and not HEX_RE.match(value)
    )


# A Redis or cache key is written as segments joined by ":" ("auth:token:10086"); a value
# right after "token:" that goes on with ":" or a glob is the next segment, as is
# anything after a key that is itself a segment ("login:token:…").
_NAMESPACE_BEFORE_RE = lazy_compile(r"[\w\-]:$")
_NEXT_SEGMENT_RE = lazy_compile(r"^[\w.\-{}#]{1,64}(?::[\w.\-{}#*]{0,64})+$|^[\w.\-{}]{0,64}\*$")


def _namespaced_name(text: str, key_start: int, value: str) -> bool:
    """The keyword and its value are segments of a colon-joined name (a cache key), not
    a key being given a value: no blank after the colon, and a segment before the key or
    after the value."""
    if value[:1] in "\"'" or len(value) > limits.SECRET_CACHE_KEY_MAX_CHARS:
        return False  # (a run longer than a key is no key, and declining it would cost a
        # read of it from every keyword inside it)
    before = text[max(0, key_start - 2) : key_start]
    return bool(_NAMESPACE_BEFORE_RE.search(before) or _NEXT_SEGMENT_RE.match(value))


_REFERENCE_KEY_RE = lazy_compile(r"(?i)(?:existing|external|ref|from)[-_.]?$")
_OBJECT_NAME_RE = lazy_compile(r"^[\"']?[a-z0-9](?:[a-z0-9.\-]{0,251}[a-z0-9])?[\"']?$")
_COORDINATE_RE = lazy_compile(r"^[A-Za-z][\w.\-]{0,100}:v?\d[\w.\-]{0,40}(?::[\w.\-]{1,40})?$")


def _assigned_literal(m: re.Match[str], key_start: int, inner: str, *, quoted: bool) -> bool:
    """Whether the value assigned to a secret key is a literal secret, not a variable, a
    placeholder, a type or a word of a sentence."""
    text = m.string
    in_query = _in_query(text, key_start)
    in_default = text[key_start - 2 : key_start] == "${"
    kw = m.group("kw").lower()
    if PUBLIC_ID_RE.match(inner) and not SECRET_WORD_RE.search(kw):
        return False  # app-key: ding…, a public app id (an appSecret is secret whatever it is)
    if kw == "key":
        if in_query:  # ?key=…: an API key (a UUID or a short hex key too)
            hex_key = len(inner) >= limits.SECRET_MIN_HEX_CHARS_RANDOM and not inner.isdigit()
            return random_looking(inner) or bool(
                UUID_RE.match(inner) or (hex_key and HEX_RE.match(inner))
            )
        return random_looking(inner)  # "api-v3-key: …", not "cache-key: user:1"
    if kw == "ak":  # an access key id (Qiniu's: letters and "-" alone, at random)
        return (
            random_looking(inner)
            or bool(KEY_ID_RE.match(inner))
            or random_letters(inner.replace("-", ""))
        )
    if in_default and _WORDS_DEFAULT_RE.fullmatch(inner):
        return False  # ${DB_PASSWORD:postgres}: a stand-in (see _redact_placeholder_defaults)
    # After "=", or as the default of "${key:default}", the value is a literal.
    literal = m.group("sep") in ("=", ":=", "=>", "＝") or in_default
    if not_a_value(inner, words=not literal):
        return False
    if not quoted and inner.lower() in STOPWORDS and _WORD_AFTER_RE.match(text, m.end("value")):
        return False  # "password = the one in vault": a sentence goes on after an article
    if (
        not (quoted or in_query or in_default)
        and is_code_reference(inner.strip())
        and _code_line(m, key_start)
    ):
        return False  # ``password = rawPassword``: a variable where code may be around
    if not quoted and _SUBSCRIPT_RE.match(inner):
        return False  # password=os.environ['DB_PASSWORD'], token=cfg["token"]
    if not quoted and not in_query and _ends_code_statement(text, m.end("value"), inner):
        return False  # ``String pwd = input;``: a variable, not a literal
    if (
        not quoted
        and IDENTIFIER_RE.match(inner)
        and _EXPRESSION_GOES_ON_RE.match(text, m.end("value"))
    ):
        return False  # ``dbPassword = part1 + part2``, ``secret = buildString {``: an expression
    prose = (
        m.group("sep") in (":", "：")
        and _prose_key(text, key_start, m.end("kw"))
        # "{ user: 'u', pass: 'V' }": a quoted member of an object literal is code
        and not (quoted and _OBJECT_MEMBER_RE.search(line_before(text, key_start)))
    )
    if not prose or plausible_in_prose(inner, min_chars=limits.SECRET_MIN_CHARS_IN_PROSE):
        return True
    # "use this password: horse-battery-staple" ends its line
    passphrase_key = m.group("kw").lower().startswith("pass")
    return passphrase_key and is_passphrase(inner) and not line_after(text, m.end("value")).strip()


_OBJECT_MEMBER_RE = lazy_compile(r"[{,][ \t]*$")
# After a name, an operator or a block goes on with the expression it starts.
_EXPRESSION_GOES_ON_RE = lazy_compile(r"[ \t]{0,4}(?:\+[ \t]{0,4}[\w\"'$(]|\{[ \t]*(?:\n|$))")
_SUBSCRIPT_RE = lazy_compile(r"^[A-Za-z_$][\w$.]{0,80}\[$")
# A word of prose after a value: not the key of another assignment ("pwd=a pwd=a").
_WORD_AFTER_RE = lazy_compile(r"[ \t]{1,4}(?:[A-Za-z]+(?=[ \t,.;!?]|$)|[" + CJK_CLASS + "])")
# Code around an assignment: a declaration, a call or an object literal before the key.
_CODE_BEFORE_KEY_RE = lazy_compile(r"[({,]|\b(?:val|var|let|const|final|String|this|self|def)\b")


def _code_line(m: re.Match[str], key_start: int) -> bool:
    """The assignment may be code, where a bare name is a variable (``password =
    rawPassword``), rather than a line of configuration (``keyPassword=AndroidKeyPw1``,
    ``db_pass: MyDbPass``): something precedes the key on its line, the separator is
    spaced, or a statement or argument list goes on after the value."""
    text = m.string
    if _CODE_BEFORE_KEY_RE.search(line_before(text, key_start)):
        return True
    sep_start = m.start("sep")
    if m.group("sep") in ("=", ":=") and text[sep_start - 1 : sep_start] in (" ", "\t"):
        return True
    return bool(line_after(text, m.end("value")).strip(" \t"))


_KEY_AFTER_RE = lazy_compile(r"[ \t]{0,4}:")
_CONSTANT_KEY_RE = lazy_compile(r"^(?:[A-Z]\w{0,40}\.)?[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$")


def _literal_form_ok(m: re.Match[str], key_start: int) -> bool:
    """``("password", "x")`` needs a quoted key; ``storePassword 'x'`` a statement of
    its own line or a credential-like literal ("the password 'reset' flow" is prose)."""
    text = m.string
    if m.group("comma"):
        if _KEY_AFTER_RE.match(text, m.end("value")):
            return False  # {"field":"password","rejectedValue":null}: the next key of an object
        close = m.group("close")[:1]
        if not close:  # env.put(Context.SECURITY_CREDENTIALS, "x"): a constant names it
            return bool(_CONSTANT_KEY_RE.match(text[key_start : m.end("kw")]))
        return text[key_start - 1 : key_start] == close
    alone = not line_before(text, key_start).strip() and not line_after(text, m.end()).strip(
        " \t;)"
    )
    inner = m.group("value")[1:-1]
    return alone or plausible_in_prose(inner, min_chars=limits.SECRET_MIN_CHARS_IN_PROSE)


def _jdbc_or_assignment(text: str, key_start: int) -> SecretKind:
    """A ``password=`` parameter of a JDBC URL is a JDBC password."""
    window = text[max(0, key_start - limits.SECRET_MAX_URL_CHARS) : key_start]
    token = window.split()[-1] if window.split() else ""
    return SecretKind.JDBC_PASSWORD if "jdbc:" in token else SecretKind.ASSIGNMENT


def _ends_code_statement(text: str, end: int, value: str) -> bool:
    bare = value.rstrip(TRAILING)
    return bool(IDENTIFIER_RE.match(bare)) and text[end : end + 1] == ";" and not bare.isdigit()


# YAML plain scalars may hold spaces: ``password: correct horse battery staple``.
_YAML_LINE_RE = compile_bounded(
    # A key starts the line and a colon follows soon: other lines fail at once.
    r"^(?=[ \t\-\"']{0,64}[\w.\-][^\n:]{0,130}:)"
    r"[ \t]{0,64}(?:-[ \t]+)?[\"']?(?P<key>[\w.\-]{0,64}?(?i:" + _KEYWORD + r"))[\"']?"
    r"[ \t]{0,8}:[ \t]+(?P<value>[^\s\"'#|>&*!{\[`][^\n]{0,2047})(?=\n|\Z)",
    re.M,
)
_YAML_COMMENT_RE = compile_bounded(r"[ \t]#")
# A plain scalar holding these runs to the end of its line ("Seata&Tx=2024"), where the
# generic rule would stop at the next "k=" of a query string.
_DELIMITERS_RE = lazy_compile(r"[&;,]")


def _yaml_line(m: re.Match[str]) -> str:
    # The pattern takes the line to its end (no lazy scan: that would backtrack);
    # the comment and trailing blanks are cut here.
    key, line = m.group("key"), m.group("value")
    comment = _YAML_COMMENT_RE.search(line)
    value = (line[: comment.start()] if comment else line).rstrip()
    if value.startswith(MARKER_PREFIX) or (" " not in value and not _DELIMITERS_RE.search(value)):
        return m.group(0)  # one word: the generic assignment rule decides
    if m.group("kw").lower() in ("key", "ak") and not random_looking(value):
        return m.group(0)  # "cache-key: order detail"
    if key.isalpha() and key[0].isupper():
        return m.group(0)  # "Password: reset it by mail" is a sentence, not YAML
    words = value.lower().split()
    if (
        any(w.strip(TRAILING) in STOPWORDS for w in words)
        or CJK_TEXT_RE.search(value)
        or value.rstrip().endswith(("?", "？"))
        or words[0] in NOT_SECRET_VALUES
        or not_a_value(value)
    ):
        return m.group(0)  # prose after a colon: leave it to the sentence rules
    kw = m.group("kw")
    if not _keyword_is_component(m.string, m.start("kw"), kw):
        return m.group(0)
    return replace_span(m, "value", marker(SecretKind.ASSIGNMENT) + line[len(value) :])


# Vault's AppRole secret_id: a UUID, and a credential though its name ends with "id"
# ("secret-id: …", "secret_id    …" in vault's key/value table, "secret_id: …" in a chat).
_SECRET_ID_RE = compile_bounded(
    r"(?<![\w\-])(?i:(?:secret|application[-_]?credential)[-_]?id)[\"']?[ \t]*(?:[:=：][ \t]*"
    r"|[ \t]{2,})[\"']?"
    r"(?P<value>[0-9a-fA-F]{8}-?(?:[0-9a-fA-F]{4}-?){3}[0-9a-fA-F]{12})(?![\w\-])"
)
SECRET_ID_VALUE = RedactionRule(
    id="secret-id-value",
    description=(
        "The UUID of a secret_id (Vault AppRole) or an application_credential_id (OpenStack):"
        " a credential despite its name's 'id'"
    ),
    examples_match=(
        "      secret-id: 6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b",
        '      application_credential_id: "21be3d04c9a84f6e8f0b7a5d3c2e1f90"',
        "secret_id             0b9a8c7d-6e5f-4a3b-9c2d-1e0f9a8b7c6d",
    ),
    examples_no_match=(
        "secret_id_accessor    0f0d06bc-708f-4537-b7f7-f96a38bd7590",
        "role_id: 6e38bf60-c763-46c8-a9b5-779d38750e28",
    ),
    keywords=("secret", "credential"),
    pattern=_SECRET_ID_RE,
    replace=value_group(SecretKind.ASSIGNMENT),
)


# A YAML block scalar under a secret's key ("fcmServerKey: >-" then the token folded over
# indented lines): each line of key characters is a piece of the secret.
_YAML_BLOCK_RE = compile_bounded(
    r"^(?P<indent>[ \t]{0,32})(?P<name>[\w.\-]{0,64}?(?i:" + _KEYWORD + r"))[\"']?[ \t]*:"
    r"[ \t]*[|>][-+]?"
    r"[ \t]*\n(?P<value>(?:(?P=indent)[ \t]{1,16}[^\n]{1,4096}(?:\n|\Z)){1,40})",
    re.M,
)


_PUBLIC_NAME_RE = lazy_compile(r"(?i)public|pub[-_.]|cert")


def _yaml_block(m: re.Match[str]) -> str:
    if "-----BEGIN" in m.group("value") or _PUBLIC_NAME_RE.search(m.group("name")):
        return m.group(0)  # a PEM block (a private key is the PEM rule's), a public key
    return replace_lines(
        m,
        "value",
        SecretKind.ASSIGNMENT,
        lambda line: random_looking(line) or bool(HEX_RE.match(line)),
    )


YAML_BLOCK_SECRET = RedactionRule(
    id="yaml-block-secret",
    description="The lines of a YAML block scalar (| or >) under a secret's key",
    examples_match=(
        "fcm:\n  serverKey: >-\n    AAAAq7Lm2Xv:APA91bH9Pw4Kz8Rt3Nb6Hy1Jc5Fs0Ed\n"
        "    Zx4Cv7Bn2Mq9Lw5Kp8Jr3Ht6Gf1Ds0Ae\n",
    ),
    examples_no_match=(
        "release:\n  notes: >-\n    The token refresh now retries twice\n    before it fails.\n",
        "privateKey: |\n  ${PRIVATE_KEY}\n",
        "key: |\n  -----BEGIN CERTIFICATE-----\n"
        "  MIIBszCCAVmgAwIBAgIU3fQ9xK2mLp7Rv4Wn8Zt1Bc6Yd0Ew\n  -----END CERTIFICATE-----\n",
    ),
    keywords=KEYWORD_NEEDLES,
    also=("|", ">"),
    pattern=_YAML_BLOCK_RE,
    replace=_yaml_block,
)


# A map of secrets by name under a key that names them in the plural ("app-keys:",
# "api_keys:", "tokens:", "passwords:") — its children's values are the secrets, each
# named for its client, not for a secret.
_YAML_SECRET_MAP_RE = compile_bounded(
    r"^(?P<indent>[ \t]{0,32})"
    r"(?i:(?:app|api|access|secret|private|client|signing|sign|auth)[-_]?keys"
    r"|[\w.\-]{0,32}?(?:secrets|tokens|passwords|credentials))"
    r"[\"']?[ \t]*:[ \t]*\n"
    r"(?P<value>(?:(?P=indent)[ \t]{1,16}[\w.\-]{1,64}[\"']?[ \t]*:[ \t]*[^\n]{1,512}"
    r"(?:\n|\Z)){1,40})",
    re.M,
)
_YAML_CHILD_VALUE_RE = lazy_compile(
    # (a "#" with no blank before it is the value's own: YAML starts a comment at " #")
    r"^[ \t]+[\w.\-]{1,64}[\"']?[ \t]*:[ \t]*[\"']?(?P<value>[^\s\"']{1,512})",
    re.M,
)


def _yaml_secret_map(m: re.Match[str]) -> str:
    block = m.group("value")
    spans = [
        child.span("value")
        for child in _YAML_CHILD_VALUE_RE.finditer(block)
        if random_looking(child.group("value")) or bool(KEY_ID_RE.match(child.group("value")))
    ]
    if not spans:
        return m.group(0)
    return replace_span(m, "value", replace_spans(block, spans, marker(SecretKind.ASSIGNMENT)))


YAML_SECRET_MAP = RedactionRule(
    id="yaml-secret-map",
    description=(
        "The random values of a YAML map of secrets named in the plural (app-keys:, tokens:,"
        " passwords:), each child named for its client"
    ),
    examples_match=(
        "sign:\n  app-keys:\n    pda: Kq7mZ2xP9vL4tR8wN3bY6cD1fG5hJ0sA\n",
        "tokens:\n  partner-a: 3f9a1c7e5b2d4a6c8e0f1a2b3c4d5e6f\n",
    ),
    examples_no_match=(
        "tokens:\n  ttl: 3600\n  issuer: mes-auth\n",
        "keys:\n  primary: order_id\n  sort: created_at\n",
        "release-keys:\n  maintainer: 4AEE18F83AFDEB23\n",
    ),
    keywords=("keys", "secrets", "tokens", "passwords", "credentials"),
    pattern=_YAML_SECRET_MAP_RE,
    replace=_yaml_secret_map,
)


KUBERNETES_ENV_VALUE = RedactionRule(
    id="kubernetes-env-value",
    description=(
        "The value: line after a name: (or key:) naming a secret (Kubernetes env, Helm values)"
    ),
    examples_match=("- name: DB_PASSWORD\n  value: K8s!Env9",),
    examples_no_match=(
        "- name: DB_HOST\n  value: mysql.default",
        "- name: DB_PASSWORD\n  value: ${DB_PASSWORD}",
    ),
    keywords=("value:",),
    pattern=_K8S_ENV_RE,
    replace=value_group(SecretKind.ASSIGNMENT),
)
YAML_PASSWORD_LINE = RedactionRule(
    id="yaml-password-line",
    description=(
        "A YAML plain scalar assigned to a secret key that holds spaces or &;, (to the end of "
        "its line)"
    ),
    examples_match=("    password: correct horse battery staple", "  secret: Seata&Tx=2024"),
    examples_no_match=(
        "Password: reset it by mail",
        "  password: the one in vault",
        "Data\n====\nSMTP_PASSWORD:   24 bytes",
    ),
    keywords=KEYWORD_NEEDLES,
    pattern=_YAML_LINE_RE,
    replace=_yaml_line,
)
# A listing of settings in two columns, as a config centre's table is copied out ("Key
# Value" then "amap.web.key   ebf6…"): a dotted or joined name that ends with a secret's
# word, two blanks or more, one value that looks like a credential, and nothing after it.
_COLUMN_LISTED_RE = compile_bounded(
    r"^[ \t]{0,8}(?P<key>[\w\-]{1,40}[._\-][\w.\-]{0,80}?(?i:" + _KEYWORD + r"))"
    r"[ \t]{2,40}(?P<value>[^\s\"'`]{8,256})[ \t]*$",
    re.M,
)


def _column_listed(m: re.Match[str]) -> str:
    value = m.group("value")
    if not_a_value(value, code=True) or not (random_looking(value) or credential_like(value)):
        return m.group(0)
    return replace_span(m, "value", marker(SecretKind.ASSIGNMENT))


COLUMN_LISTED_SECRET = RedactionRule(
    id="column-listed-secret",
    description=(
        "A setting listed in two columns (a config centre's table copied out): a name that ends "
        "with a secret's word, blanks, a credential"
    ),
    examples_match=("Key               Value\namap.web.key      c8e1f2a3b4d5e6f708192a3b4c5d6e7f",),
    examples_no_match=(
        "amap.web.key      ${AMAP_KEY}",
        "cache.token.ttl   3600",
        "the api.secret    is kept in Vault",
    ),
    keywords=KEYWORD_NEEDLES,
    pattern=_COLUMN_LISTED_RE,
    replace=_column_listed,
)
# "ak" is a keyword of this rule alone ("BAIDU_MAP_AK=…"); as a keyword of every
# keyword rule it would run them on most English text ("make", "break")
SECRET_ASSIGNMENT = RedactionRule(
    id="secret-assignment",
    description=(
        "A literal assigned to a key that ends with a secret word, in every syntax (= : := => "
        "typed, DSL, JSON…)"
    ),
    examples_match=(
        "spring.datasource.password=Xk9#mQ2$vL",
        'String token = "tk_4c5d6e7f8a9b";',
        "password=hunter2",
        "sign params: {appid=wx8c1e2f3a4b5c6d7e, key=LxP67z8OQhejDnzswOpCHzLHNpSAvp7h}",
        "/v4/openim/sendmsg?sdkappid=1400512345&usersig=eJw1jcEKgjAYhF9lz3UQ",
        "window._AMapSecurityConfig = { securityJsCode: 'c8e1f2a3b4d5e6f708192a3b4c5d6e7f' };",
        "sf.checkword=Q8mZr2LxW9vT4nBp7Kc1",
        'const val CONTENT_KEK = "17c55f6d12bc2f012092bcc3d5fe4d9e"',
        '"body": "{\\"password\\": \\"Qv8=z\\\\\\"Lk2p\\", \\"remember\\": true}"',
    ),
    examples_no_match=(
        "password: ${DB_PASSWORD}",
        "passwordEncoder = new BCryptPasswordEncoder()",
        "bypass=true",
        "{id=42, key=d41d8cd98f00b204e9800998ecf8427e}",
    ),
    # (an Erlang cookie, pswd=, AMap's securityJsCode, SF Express's checkword, a KEK or DEK)
    keywords=(
        *KEYWORD_NEEDLES,
        *("ak", "cookie", "psw", "jscode", "js_code", "js-code", "checkword", "check_word"),
        *("kek", "dek"),
    ),
    pattern=_ASSIGNMENT_RE,
    replace=_assignment,
)
