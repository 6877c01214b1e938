"""Secrets in source code: string literals passed to calls that take a credential
(``setPassword("…")``, ``new UsernamePasswordCredentials(u, "…")``, signing keys,
SDK clients set up with an id and a secret, ``"…".toCharArray()``), JDBC arguments,
and SQL that sets a password (``IDENTIFIED BY '…'``, an ``INSERT`` into a password
column).

Call patterns start at the last letters of the called name; the callback reads the
whole name back within a bounded window.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable

from autopatch_memory import limits
from autopatch_memory.lang import lazy_compile
from autopatch_memory.privacy.markers import SecretKind, marker
from autopatch_memory.privacy.replacing import (
    replace_password,
    replace_span,
    replace_spans,
    value_group,
)
from autopatch_memory.privacy.rule import RedactionRule
from autopatch_memory.privacy.spelling import compile_bounded, first_char_gate, quoted_string
from autopatch_memory.privacy.surroundings import walk_back
from autopatch_memory.privacy.values import (
    KEY_ID_RE,
    PATH_RE,
    SECRET_KEY_NAME_RE,
    STRONG_SYMBOL_RE,
    credential_like,
    not_a_value,
    random_looking,
)

# The secret that follows an access key id in a call: build(endpoint, "LTAI…", "x").
_SECRET_AFTER_KEY_ID_RE = compile_bounded(
    # (the arguments may stand one a line)
    r"\[REDACTED:(?:cloud_access_key|aws_access_key)\][\"'][ \t]*,[ \t\r\n]{0,64}(?P<value>"
    + quoted_string(512)
    # not the next key of a JSON object: {"accessKeyId":"…","accessSecret":"…"}
    + r")(?![ \t]*:)"
)
# SQL: CREATE USER … IDENTIFIED BY 'x', PASSWORD('x'), ALTER ROLE … PASSWORD 'x'
_SQL_PASSWORD_RE = compile_bounded(
    first_char_gate("IiPpLlWwEeUu")
    + r"(?:\b(?i:identified)[ \t]+(?:(?i:with)[ \t]+\w{1,40}[ \t]+)?(?i:by)[ \t]+"
    r"|\b(?i:password)[ \t]*\([ \t]*"
    r"|\b(?i:login|with|encrypted|unencrypted)[ \t]+(?i:password)"
    r"(?:[ \t]*=[ \t]*N?|[ \t]+)(?=['\"]))"
    r"(?P<value>" + quoted_string(256) + r")"
)


# Call patterns start at the last letters of the called name, a literal the engine
# finds fast; the callback reads the whole name back (a pattern that started at every
# word and scanned ahead for the name's end cost a bounded but large factor).
_SETTER_RE = compile_bounded(
    r"(?P<tail>Password|Passwd|Passphrase|AccessKeySecret|SecretKey|SecretId|Secret|Token|ApiKey"
    r"|AppKey|PrivateKey|SigningKey|Credentials?|Ak|Sk|Key|BearerAuth)"
    r"[ \t]*\((?P<args>(?:[^()]|\([^()]{0,80}\)){1,400})\)"
    r"|(?<=[.:])(?:password|passwd|secret|secretKey|token|apiKey|auth|credentials)"
    r"[ \t]*\((?P<args2>(?:[^()]|\([^()]{0,80}\)){1,400})\)"
)
# set/with and a few words: setDbPassword, a version: apiV3Key
_SETTER_PREFIX_RE = lazy_compile(r"^(?:[A-Za-z]{1,20}\d{0,2}){0,3}$")
_NAME_CHARS_RE = lazy_compile(r"[\w$]")


def _call_name(text: str, tail_start: int, tail_end: int) -> str:
    """The whole name of a called function whose last letters a pattern matched."""
    return text[walk_back(text, tail_start, _NAME_CHARS_RE, limits.SECRET_MAX_KEY_CHARS) : tail_end]


_CREDENTIAL_CALL_RE = compile_bounded(
    first_char_gate("gPUBADCSJlabswNu")
    # .basicAuthentication("u", "p"), headers.setBasicAuth("u", "p"), .auth().basic("u", "p")
    + r"(?<![\w$])(?:(?<=\.)(?:basic|basicAuth|basicAuthentication|setBasicAuth|withBasicAuth)"
    r"(?=[ \t]*\()|getConnection|PasswordAuthentication|UsernamePasswordCredentials"
    r"|UsernamePasswordAuthenticationToken|UsernamePasswordToken|BasicAWSCredentials"
    r"|BasicSessionCredentials|AwsBasicCredentials\.create|AwsSessionCredentials\.create"
    r"|DefaultProfile\.getProfile|BasicCredentials|Credential|StsCredentials"
    r"|ClientSecretCredential|BasicAuthenticationInterceptor|BasicAuthRequestInterceptor"
    # Go: credentials.NewStaticV4("id", "secret", ""), NewStaticCredentials(…)
    r"|NewStatic(?:V2|V4|Credentials)?"
    # RocketMQ 5's new StaticSessionCredentialsProvider("user", "pw"), the AWS SDK's
    # StaticCredentialsProvider…: credentials fixed in the call, by the call's name
    r"|(?:Static|Basic)\w{0,30}Credentials?(?:Provider)?"
    r"|Credentials\.basic|JedisPool|JedisSentinelPool|(?<=\.)login|(?<![\w$.])(?:login|logIn|signIn"
    r"|authenticate)"
    # A user and a password by the call's name: paho's username_pw_set("u", "p"), gopcua's
    # AuthUsername("u", "p"), Milo's new UsernameProvider("u", "p").
    r"|(?i:user(?:name)?_?(?:pw|pass(?:word)?)\w*)|UsernameProvider|AuthUsername)"
    r"[ \t]*\((?P<args>(?:[^()]|\([^()]{0,80}\)){1,400})\)"
)
# Key material handed to a crypto or signing API: Algorithm.HMAC256("…"),
# Keys.hmacShaKeyFor("…".getBytes()), new SecretKeySpec("…".getBytes(), "AES"),
# signWith(SignatureAlgorithm.HS512, "…"), setSigningKey("…"), SecureUtil.aes("…"),
# web3j's Credentials.create("0x…"), which takes a wallet's private key.
_KEY_MATERIAL_CALL_RE = compile_bounded(
    r"(?P<tail>Key(?:Spec|For)?|HMAC\d{3}|(?i:hmac)\w{0,24}?|signWith|verifyWith"
    # a symmetric-crypto helper made with its key: new AesUtil("…".getBytes()), new SM4Cipher(…)
    r"|(?<=new )(?:\w{0,20}(?:Aes|AES|Sm4|SM4|Des|DES))"
    r"(?:Util|Utils|Cipher|Crypto|Helper|Encryptor)?"
    r"|(?<=\.)(?:aes|des|sm4|AES|DES|SM4)|(?<=Credentials\.)create)"
    r"[ \t]*\((?P<args>(?:[^()]|\([^()]{0,80}\)){1,400})\)"
)
_KEY_MATERIAL_NAME_RE = lazy_compile(
    r"^(?:(?i:hmac)\w*|\w*(?:Signing|Secret|Hmac|Crypt|Cipher|Aes|Sign)Key(?:Spec|For)?"
    r"|\w{0,20}(?:Aes|AES|Sm4|SM4|Des|DES)(?:Util|Utils|Cipher|Crypto|Helper|Encryptor)?"
    r"|\w*KeySpec|signWith|verifyWith|aes|des|sm4|AES|DES|SM4|Credentials\.create)$"
)
# Java keeps passwords in char[]: ks.load(in, "x".toCharArray()), kmf.init(ks, "x".toCharArray())
_CHAR_ARRAY_LITERAL_RE = compile_bounded(
    # ("…").toCharArray() too: the brackets a joined literal is left in
    r"\"(?P<value>(?:[^\"\\\n]|\\.){4,256})\"[ \t]*\)?[ \t]*\.toCharArray\(\)"
)


def _char_array_literal(m: re.Match[str]) -> str:
    value = m.group("value")
    mixed = any(c.islower() for c in value) and any(c.isupper() for c in value)
    symbol = any(not c.isalnum() for c in value)
    digit = any(c.isdigit() for c in value)
    if not (digit and any(c.isalpha() for c in value) and (symbol or mixed)):
        return m.group(0)  # "0123456789".toCharArray(): an alphabet, not a password
    return replace_password(m)


# Basic credentials built in code: Base64.getEncoder().encodeToString("ops:x".getBytes())
_ENCODED_PAIR_LITERAL_RE = compile_bounded(
    r"(?i:base64)[\w.()]{0,40}?\([ \t]*\"[\w.@\-]{1,64}:(?P<value>[^\"\s\\]{1,128})\""
)
# An SDK set up with an id and a secret: Twilio.init("AC…", "…"), new XxxClient("id", "…").
_CLIENT_SETUP_RE = compile_bounded(
    r"(?P<tail>init|initialize|authenticate|connect|Client|Credentials?|Authentication|Auth"
    # a payment gateway's (merchant id, public key, private key); Qiniu's Auth.create(ak, sk)
    r"|Gateway|(?<=Auth\.)create|(?<=Client\.)create)"
    r"[ \t]*\((?P<args>(?:[^()]|\([^()]{0,80}\)){1,400})\)"
)
_CLIENT_SETUP_NAME_RE = lazy_compile(
    r"^(?:init|initialize|authenticate|connect"
    r"|\w{0,30}(?:Client|Credentials?|Auth|Authentication|Gateway)|Auth\.create"
    r"|\w{0,30}Client\.create)$"
)
_STRING_LITERAL_RE = compile_bounded(r'"((?:[^"\\\n]|\\.){0,512})"|\'((?:[^\'\\\n]|\\.){0,512})\'')
_GETTER_PREFIXES = (
    *("get", "is", "has", "check", "verify", "validate", "encode", "hash", "match"),
    *("read", "prompt", "ask"),  # readPassword("keystore password: ") prompts for one
)


def _top_level_literals(args: str) -> list[re.Match[str]]:
    """The non-empty string literals passed directly or through a wrapper
    (``RedisPassword.of("x")``), not to a nested call that reads from elsewhere
    (``setPassword(System.getenv("DB_PASSWORD"))`` passes no literal)."""
    literals = []
    for m in _STRING_LITERAL_RE.finditer(args):
        before = _STRING_LITERAL_RE.sub("", args[: m.start()])
        depth = before.count("(") - before.count(")")
        wrapped = depth == 1 and bool(_WRAPPER_CALL_RE.search(before))
        if (depth == 0 or wrapped) and (m.group(1) or m.group(2) or "").strip():
            literals.append(m)
    return literals


# Calls that pass a literal through: RedisPassword.of("x"), Secret.valueOf("x")
_WRAPPER_CALL_RE = lazy_compile(
    r"\.(?:of|valueOf|from|wrap|fromString|decode|getBytes)[ \t]*\([ \t\r\n]*$"
)


# "usernamePassword(credentialsId: 'harbor', …)": a named argument says what it holds.
_NAMED_ARGUMENT_RE = compile_bounded(r"([A-Za-z_]\w{0,40})[ \t]*[:=][ \t]*$")


def _named_other_than_secret(args: str, literal_start: int) -> bool:
    named = _NAMED_ARGUMENT_RE.search(
        args, max(0, literal_start - limits.SECRET_NAMED_ARGUMENT_CHARS), literal_start
    )
    return bool(named and not SECRET_KEY_NAME_RE.search(named.group(1)))


def _redact_literals(
    call: str,
    args: str,
    args_start: int,
    *,
    last_only: bool,
    check: Callable[[str], bool] | None = None,
) -> str:
    literals = _top_level_literals(args)
    if last_only:
        literals = literals[-1:] if len(literals) >= 2 else []
    out, cursor = [], 0
    for lit in literals:
        body = lit.group(1) if lit.group(1) is not None else lit.group(2)
        if not_a_value(body) or _named_other_than_secret(args, lit.start()):
            continue
        if args[: lit.start()].rstrip().endswith("["):
            continue  # os.environ["MQTT_PW"], props["pw"]: a key looked up, not a value
        if check is not None and not check(body):
            continue
        start = args_start + lit.start() + 1
        out.append(call[cursor:start])
        out.append(marker(SecretKind.PASSWORD))
        cursor = args_start + lit.end() - 1
    out.append(call[cursor:])
    return "".join(out)


# An HTTP client file's dynamic variable: {{$auth.token("xuetu")}} names an auth setup.
_TEMPLATE_BEFORE_RE = lazy_compile(r"\{\{[ \t]*\$[\w.]{0,64}$")


def _setter(m: re.Match[str]) -> str:
    call = m.group(0)
    if _TEMPLATE_BEFORE_RE.search(m.string, max(0, m.start() - 80), m.start()):
        return call
    if m.group("tail") is not None:
        name = _call_name(m.string, m.start(), m.end("tail"))
        prefix = name[: len(name) - len(m.group("tail"))]
        if not _SETTER_PREFIX_RE.match(prefix) or name.lower().startswith(_GETTER_PREFIXES):
            return call
    group = "args" if m.group("args") is not None else "args2"
    # setKey("order:1") names a key; setMchKey("…") holds one only if it looks like one
    check = _key_material if m.group("tail") == "Key" else None
    start = m.start(group) - m.start()
    return _redact_literals(call, m.group(group), start, last_only=False, check=check)


def _credential_call(m: re.Match[str]) -> str:
    return _redact_literals(
        m.group(0), m.group("args"), m.start("args") - m.start(), last_only=True
    )


_ALGORITHM_RE = lazy_compile(
    r"^(?i:hmac)?(?i:sha|md|aes|des|rsa|ec|sm|hs|rs|es|ps|pbkdf|blowfish|chacha|rc4)[\w/\-]*$"
)


def _key_material(literal: str) -> bool:
    """A literal that is a key, not an algorithm name ("HmacSHA256", "AES/GCM/NoPadding")."""
    if _ALGORITHM_RE.match(literal) or " " in literal.strip():
        return False
    return random_looking(literal) or (
        len(literal) >= limits.SECRET_MIN_CHARS_KEY_LITERAL and credential_like(literal)
    )


def _key_material_call(m: re.Match[str]) -> str:
    call = m.group(0)
    name = _call_name(m.string, m.start(), m.end("tail"))
    if name == "create":  # the class it is called on names it: web3j's Credentials only
        owner = m.start() - len("Credentials.")
        name = _call_name(m.string, owner, m.start() - 1) + ".create"
    if not _KEY_MATERIAL_NAME_RE.match(name) or name.lower().startswith(_GETTER_PREFIXES):
        return call
    start = m.start("args") - m.start()
    return _redact_literals(call, m.group("args"), start, last_only=False, check=_key_material)


_URI_RE = lazy_compile(r"^[A-Za-z][\w+.\-]{1,20}:(?://|\S)|^[\w.\-]+:\d{2,5}\b")


def _client_secret_literal(literal: str) -> bool:
    """The secret of an (id, secret) pair: random, or letters, digits and a symbol — not an
    address (jdbc:…, tcp://…, host:port)."""
    if _URI_RE.match(literal):
        return False
    return random_looking(literal) or bool(
        len(literal) >= limits.SECRET_MIN_CHARS_KEY_LITERAL
        and STRONG_SYMBOL_RE.search(literal)
        and any(c.isdigit() for c in literal)
        and any(c.isalpha() for c in literal)
        and not PATH_RE.match(literal)
    )


def _key_id_pair(call: str, args: str, args_start: int) -> str:
    """new ObsClient("HPUA…", "…", endpoint): an access key id literal (capitals and
    digits) and the literal after it are a key pair, both secret."""
    literals = _top_level_literals(args)
    for first, second in itertools.pairwise(literals):
        key_id, secret = first.group(1) or "", second.group(1) or ""
        between = args[first.end() : second.start()]
        if (
            KEY_ID_RE.match(key_id)
            and len(secret) >= limits.SECRET_MIN_CHARS_RANDOM
            and (between.strip() == ",")
        ):
            id_start, id_end = args_start + first.start() + 1, args_start + first.end() - 1
            sk_start, sk_end = args_start + second.start() + 1, args_start + second.end() - 1
            return (
                call[:id_start]
                + marker(SecretKind.CLOUD_ACCESS_KEY)
                + call[id_end:sk_start]
                + marker(SecretKind.PASSWORD)
                + call[sk_end:]
            )
    return call


def _client_setup(m: re.Match[str]) -> str:
    call = m.group(0)
    name = _call_name(m.string, m.start(), m.end("tail"))
    if name == "create":  # Auth.create(…), DefaultSearchClient.create(…): the class names it
        owner = m.start() - 1  # the dot before "create"
        name = _call_name(m.string, owner, owner) + ".create"
    if not _CLIENT_SETUP_NAME_RE.match(name) or name.lower().startswith(_GETTER_PREFIXES):
        return call
    paired = _key_id_pair(call, m.group("args"), m.start("args") - m.start())
    if paired != call:
        return paired
    start = m.start("args") - m.start()
    # Of two literals or more, every one that looks like key material: which argument is
    # the secret differs by SDK (JPush's master secret comes first). A literal alone is
    # an address or an id as often as a key (new MongoClient("mongodb://…")).
    if len(_top_level_literals(m.group("args"))) < 2:
        return call
    return _redact_literals(
        call, m.group("args"), start, last_only=False, check=_client_secret_literal
    )


# A JDBC URL literal, then the user and the password literals: getConnection(url, u, p),
# Sql.newInstance('jdbc:…', 'ops', 'x', driver)
_JDBC_ARGUMENTS_RE = compile_bounded(
    r"[\"']jdbc:[^\"'\n]{1,256}[\"'][ \t\r\n]{0,16},[ \t\r\n]{0,16}[\"'][^\"'\n]{1,64}[\"']"
    r"[ \t\r\n]{0,16},[ \t\r\n]{0,16}(?P<value>" + quoted_string(256) + r")"
)


# INSERT INTO sys_user (name, password) VALUES ('ops', 'x'): the value in the secret column
# A literal ends where no quote follows its closing one (its '' is an escaped quote): a run
# of quotes is then read one way only (otherwise in exponentially many).
_SQL_TUPLE = r"\((?:'(?:[^'\n]|''){0,256}'(?!')|[^()'\n]|\([^()'\n]{0,64}\)){1,2048}\)"
# The column list and VALUES may be on lines of their own, and VALUES may list many rows.
_SQL_INSERT_RE = compile_bounded(
    r"\b(?i:insert)[ \t]+(?i:into)[ \t]+[\w.`\"\[\]]{1,128}[ \t]*\((?P<columns>[^()\n]{1,512})\)"
    r"[ \t\r\n]{0,16}(?i:values)[ \t\r\n]{0,16}(?P<values>"
    + _SQL_TUPLE
    + r"(?:[ \t\r\n]{0,16},[ \t\r\n]{0,16}"
    + _SQL_TUPLE
    + r"){0,256})"
)
_SQL_ROW_RE = lazy_compile(_SQL_TUPLE)
# Spring Security's storage prefix: "{noop}secret" stores the secret as it is.
_STORAGE_PREFIX_RE = lazy_compile(r"^\{(?:noop|plain)\}")
# One value of the list and the comma after it.
_SQL_LITERAL_RE = lazy_compile(r"[ \t]*(?P<v>'(?:[^'\n]|''){0,256}'|[^,']*)[ \t]*(?:,|$)")
_SECRET_COLUMN_NAME_RE = lazy_compile(
    r"(?i)^[`\"\[]?\w{0,30}(?:pass(?:word|wd)?|pwd|secret|token|api_?key)[`\"\]]?$"
)


def _sql_insert(m: re.Match[str]) -> str:
    columns = [c.strip() for c in m.group("columns").split(",")]
    secret = {i for i, c in enumerate(columns) if _SECRET_COLUMN_NAME_RE.match(c)}
    if not secret:
        return m.group(0)
    # Each row, its secret columns' values replaced.
    rows = _SQL_ROW_RE.sub(
        lambda row: f"({_sql_row(row.group(0)[1:-1], secret)})", m.group("values")
    )
    return replace_span(m, "values", rows)


def _sql_row(values: str, secret: set[int]) -> str:
    """One row's values, those of the ``secret`` columns replaced (not a bcrypt hash)."""
    spans = []
    for index, lit in enumerate(_SQL_LITERAL_RE.finditer(values)):
        body = lit.group("v")
        if index in secret and body.startswith("'") and len(body) > 2:
            inner = body[1:-1]
            prefix = _STORAGE_PREFIX_RE.match(inner)
            start = lit.start("v") + 1 + (prefix.end() if prefix else 0)
            inner = inner[prefix.end() :] if prefix else inner
            if not not_a_value(inner) and not inner.startswith(("$2a$", "$2b$", "{bcrypt}")):
                spans.append((start, start + len(inner)))
        if lit.end() >= len(values):
            break
    return replace_spans(values, spans, marker(SecretKind.PASSWORD))


# UPDATE sys_config SET config_value = 'x' WHERE config_key = 'sms.secret-key': a setting
# stored as a row, its name in the WHERE clause.
_SQL_SETTING_ROW_RE = compile_bounded(
    r"\b(?i:update)[ \t]+[\w.`\"\[\]]{1,128}[ \t]+(?i:set)[ \t]+[\w`\"\[\]]{1,64}[ \t]*=[ \t]*"
    r"'(?P<value>(?:[^'\n]|''){1,256})'[ \t\r\n]{1,16}(?i:where)[ \t]+[\w`\"\[\]]{1,64}[ \t]*="
    r"[ \t]*'(?P<name>[^'\n]{1,128})'"
)
_SECRET_SETTING_NAME_RE = lazy_compile(
    r"(?i)(?:pass(?:word|wd)?|pwd|secret|token|credential|private[-_.]?key|api[-_.]?key"
    r"|access[-_.]?key(?![-_.]?id))(?:[-_.]?(?:key|value))?$"
)


def _sql_setting_row(m: re.Match[str]) -> str:
    value = m.group("value")
    if not _SECRET_SETTING_NAME_RE.search(m.group("name")) or not_a_value(value):
        return m.group(0)
    return replace_span(m, "value", marker(SecretKind.PASSWORD))


CREDENTIAL_SETTER_CALL = RedactionRule(
    id="credential-setter-call",
    description=(
        'A literal passed to a setter or builder named for a secret (setPassword("…"), '
        '.apiV3Key("…"))'
    ),
    examples_match=(
        'dataSource.setPassword("H1kari!Pass");',
        'builder.password("Bu1lder-pw")',
        'local res, err = red:auth("Lu4!redis-pw")',
        'headers.setBearerAuth("vUWyuuFdImXQWnLx2VcixrAZQ4zAtXoctAS4MFrh");',
    ),
    examples_no_match=('setPassword(System.getenv("DB_PASSWORD"))', 'cache.setKey("order:1")'),
    keywords=("(",),
    pattern=_SETTER_RE,
    replace=_setter,
)
CREDENTIAL_CONSTRUCTOR_CALL = RedactionRule(
    id="credential-constructor-call",
    description="The last literal of a credential constructor, login or basic-auth call",
    examples_match=(
        'DriverManager.getConnection(url, "root", "Root@1234")',
        'new BasicAWSCredentials("AKID", "s3cr3tKey")',
        'client.username_pw_set("line3_meter", "Qx7!mTt2pLw9")',
        'opcua.AuthUsername("plc_reader", "Rk2#vN8qLs4w")',
        'new UsernameProvider("scada", "Hn5$yT1mWq8z")',
        'new StaticSessionCredentialsProvider("smiler4l2i2gb7tq", "yi2LoPLSzpMXiZI1")',
    ),
    examples_no_match=(
        "getConnection(url, user, password)",
        'login("admin")',
        'client.username_pw_set(os.environ["MQTT_USER"], os.environ["MQTT_PW"])',
    ),
    keywords=("(",),
    pattern=_CREDENTIAL_CALL_RE,
    replace=_credential_call,
)
KEY_MATERIAL_CALL = RedactionRule(
    id="key-material-call",
    description=(
        'Key material handed to a crypto or signing API (Algorithm.HMAC256("…"), new '
        "SecretKeySpec(…))"
    ),
    examples_match=(
        'Algorithm.HMAC256("mY-jWt-S1gning-K3y-2024")',
        'new SecretKeySpec("0123456789abcdef".getBytes(), "AES")',
        'AesUtil aesUtil = new AesUtil("tVkVmX6tLYoCAApv3uJkbgVVXW3c8pLL".getBytes(UTF_8));',
    ),
    examples_no_match=(
        'Mac.getInstance("HmacSHA256")',
        'Cipher.getInstance("AES/GCM/NoPadding")',
        "new AesUtil(config.getApiV3Key().getBytes(UTF_8))",
    ),
    keywords=("key", "hmac", "sign", "aes", "des", "sm4", "credentials.create"),
    pattern=_KEY_MATERIAL_CALL_RE,
    replace=_key_material_call,
)
CLIENT_SETUP_CALL = RedactionRule(
    id="client-setup-call",
    description=(
        'An SDK client set up with an id and a secret (Twilio.init("AC…", "…"), new '
        "ObsClient(ak, sk))"
    ),
    examples_match=(
        'Twilio.init("AC0123456789abcdef", "9f8e7d6c5b4a39281706f5e4d3c2b1a0")',
        'new JPushClient("da2ccfd9157e69ca168bfb69", "7c3b1e5a9d2f4e8a6b0c1d3e", null, config)',
        'Auth auth = Auth.create("uQUq1bOIYmlcE3sTqcH5gmFaY1bomvr2XiVZcZ_0", '
        '"AckKkcpY6VlE8i8XPes956aO76bdofUOOiy8eex_");',
        'new BraintreeGateway(Environment.PRODUCTION, "x7k2m9q4w3e8r5t1", "pmhpublickey88", '
        '"b306894063b6b3f2857ef2b75e053c29")',
        # the address is kept, the key is not
        'new XClient("tcp://10.0.0.1:5555?linger=0", "9f8e7d6c5b4a39281706f5e4d3c2b1a0")',
    ),
    examples_no_match=(
        'new HttpClient("https://api.acme.io")',
        'init("app", "default")',
        'new PaymentGateway("order-service")',
        'Auth.create(System.getenv("QINIU_AK"), System.getenv("QINIU_SK"))',
        'new RedisClient("550e8400-e29b-41d4-a716-446655440000")',
        'new MongoClient("mongodb://localhost:27017/?replicaSet=rs0")',
        'new BuildInfoClient("3f2a1b9c8d7e6f5a4b3c")',
        'new ZkClient("10.0.0.1:2181,10.0.0.2:2181?chroot=/dubbo", "dubbo-registry-01")',
    ),
    keywords=("init", "auth", "connect", "client", "credential", "gateway"),
    pattern=_CLIENT_SETUP_RE,
    replace=_client_setup,
)
# requests' auth=("user", "password"), aiohttp's BasicAuth("user", "password") as a tuple
_AUTH_TUPLE_RE = compile_bounded(
    r"(?<![\w.])auth[ \t]*=[ \t]*\([ \t]*(?P<q1>[\"'])[^\"'\n]{1,64}(?P=q1)[ \t]*,[ \t]*"
    r"(?P<q>[\"'])(?P<value>[^\"'\n]{1,256})(?P=q)[ \t]*\)"
)
AUTH_TUPLE = RedactionRule(
    id="auth-tuple",
    description='The password of an auth=("user", "password") pair (Python requests, httpx)',
    examples_match=('requests.get(url, auth=("ops", "Py!auth9x"), timeout=5)',),
    examples_no_match=('requests.get(url, auth=("ops", os.environ["PW"]))',),
    keywords=("auth",),
    pattern=_AUTH_TUPLE_RE,
    replace=replace_password,
)
# A secret's name given a literal through a conversion: Go's []byte("…"), bytes("…"),
# String("…"), Buffer.from("…")
# Found at the "=" (the callback reads the name back: a pattern that opens with a name
# would be tried at every letter of a text).
_CONVERTED_LITERAL_RE = compile_bounded(
    r"(?<![=!<>])=(?!=)[ \t]*(?:\[\]byte|bytes|String|str|Buffer\.from|(?:bytes|bytearray)\.fromhex"
    r"|base64\.b64decode|binascii\.unhexlify"
    # Java's decoders: HexFormat.of().parseHex("…"), Hex.decodeHex("…"), Base64 decode
    r"|HexFormat\.of\(\)\.parseHex|Hex\.decodeHex|DatatypeConverter\.parseHexBinary"
    r"|Base64\.getDecoder\(\)\.decode|Base64\.decodeBase64|hexStringToByteArray|fromHex)\([ \t]*"
    r"(?P<q>[\"'`])(?P<value>[^\"'`\n]{4,256})(?P=q)"
)
_ASSIGNED_NAME_RE = lazy_compile(
    r"([A-Za-z_$][\w$]{0,63})[ \t]*(?::[ \t]*[\w.\[\]<>]{1,40}[ \t]*)?:?$"
)


def _converted_literal(m: re.Match[str]) -> str:
    name = _ASSIGNED_NAME_RE.search(m.string, max(0, m.start() - 120), m.start())
    if name is None or not SECRET_KEY_NAME_RE.search(name.group(1)):
        return m.group(0)
    if not credential_like(m.group("value")):
        return m.group(0)
    return replace_password(m)


CONVERTED_LITERAL = RedactionRule(
    id="converted-literal",
    description='A literal converted for a secret\'s name (var jwtSecret = []byte("…"))',
    examples_match=(
        'var jwtSecret = []byte("Go!jwt-S3cret9")',
        'apiToken = bytes("tk_9x8y7z6w")',
        'OTA_SIGN_KEY = bytes.fromhex("5be1c04a9d7e23f86a0b4c19e7d2f35a8c6b0e4d1f9a27c3")',
        "private static final byte[] PLATE_AES_KEY = "
        'HexFormat.of().parseHex("18f3f7c4ec228b465b467bd7beae5ee6");',
    ),
    examples_no_match=(
        'var greeting = []byte("hello world")',
        'var token = []byte(os.Getenv("T"))',
    ),
    keywords=("byte", "string", "str(", "buffer.from", "hex", "decode"),
    pattern=_CONVERTED_LITERAL_RE,
    replace=_converted_literal,
)
_A_BYTE = r"(?:\([ \t]*byte[ \t]*\)[ \t]*)?(?:0[xX][0-9a-fA-F]{1,2}|-?\d{1,3})"
# A key written as bytes: byte[] AES_KEY = {(byte) 0x02, (byte) 0xBC, …}, Go's
# []byte{0x02, …}, C#'s new byte[] {…}: eight bytes or more, given to a secret's name.
_BYTE_ARRAY_KEY_RE = compile_bounded(
    r"(?<![\w$])(?P<name>[A-Za-z_$][\w$]{0,63})[ \t]*(?::[ \t]*[\w\[\]]{1,20}[ \t]*)?[=:][ \t]*"
    r"(?:new[ \t]+byte[ \t]*\[[ \t]*\][ \t]*|\[\][ \t]*byte[ \t]*|byteArrayOf\()?[{(]"
    r"(?P<value>[ \t\r\n]{0,16}" + _A_BYTE + r"(?:[ \t]*,[ \t\r\n]{0,16}" + _A_BYTE + r"){7,127})"
)
# The name of a key held as bytes: KEY, AES_KEY, signingKey, hmacSecret (not a public key).
_BYTES_KEY_NAME_RE = lazy_compile(r"(?i)(?:key|secret|seed|password|passwd|pwd|token)$")


def _byte_array_key(m: re.Match[str]) -> str:
    name = m.group("name")
    if not _BYTES_KEY_NAME_RE.search(name) or "pub" in name.lower():
        return m.group(0)
    return replace_span(m, "value", marker(SecretKind.PRIVATE_KEY))


BYTE_ARRAY_KEY = RedactionRule(
    id="byte-array-key",
    description="A key written as a byte array literal and given to a secret's name",
    examples_match=(
        "private static final byte[] AES_KEY = new byte[]{(byte) 0x3A, (byte) 0x91, (byte) 0x07,"
        " (byte) 0xE2, (byte) 0x5C, (byte) 0x18, (byte) 0xD4, (byte) 0x6F};",
        "var signingKey = []byte{0x3a, 0x91, 0x07, 0xe2, 0x5c, 0x18, 0xd4, 0x6f, 0x22}",
    ),
    examples_no_match=(
        "byte[] MAGIC = {(byte) 0xCA, (byte) 0xFE, (byte) 0xBA, (byte) 0xBE, 0, 0, 0, 52};",
        "int[] retryDelays = {1, 2, 4, 8, 16, 32, 64, 128};",
    ),
    keywords=("0x", "(byte)"),
    pattern=_BYTE_ARRAY_KEY_RE,
    replace=_byte_array_key,
)
# String.format("…?appid=%s&secret=%s&js_code=%s", "wx…", "3b39…", code): a template whose
# placeholder is a secret's value, and the literal argument in that place.
_FORMAT_CALL_RE = compile_bounded(
    r"\b(?:String\.format|format|formatted|sprintf|printf|fmt\.Sprintf)[ \t]*\([ \t\r\n]{0,64}"
    r"(?P<template>\"(?:[^\"\\\n]|\\.){1,512}\")(?P<args>(?:[ \t]*,[ \t\r\n]{0,64}"
    r"(?:\"(?:[^\"\\\n]|\\.){0,512}\"|[\w.()]{1,64})){1,16})"
)
_PLACEHOLDER_RE = lazy_compile(r"%[-+ #0]*\d*(?:\.\d+)?[sdvq]|\{\}")
_SECRET_PARAMETER_BEFORE_RE = lazy_compile(
    r"(?i)(?:^|[?&;,{ \t\"])[\w.\-]{0,32}(?:secret|password|passwd|pwd|token|api[_-]?key"
    r"|access[_-]?key(?![_-]?id)|sign(?:ing)?[_-]?key|private[_-]?key)[\"']?[ \t]*[=:][ \t]*[\"']?$"
)
_ARGUMENT_RE = lazy_compile(
    r"[ \t]*,[ \t\r\n]{0,64}(?P<a>\"(?:[^\"\\\n]|\\.){0,512}\"|[\w.()]{1,64})"
)


def _format_call(m: re.Match[str]) -> str:
    template = m.group("template")
    secret_places = {
        i
        for i, ph in enumerate(_PLACEHOLDER_RE.finditer(template))
        if _SECRET_PARAMETER_BEFORE_RE.search(template[: ph.start()])
    }
    if not secret_places:
        return m.group(0)
    args = m.group("args")
    spans = []
    for i, arg in enumerate(_ARGUMENT_RE.finditer(args)):
        literal = arg.group("a")
        if i in secret_places and literal.startswith('"') and len(literal) > 2:
            value = literal[1:-1]
            if credential_like(value) and not not_a_value(value):
                spans.append((arg.start("a") + 1, arg.end("a") - 1))  # inside the quotes
    if not spans:
        return m.group(0)
    return replace_span(m, "args", replace_spans(args, spans, marker(SecretKind.ASSIGNMENT)))


FORMAT_ARGUMENT_SECRET = RedactionRule(
    id="format-argument-secret",
    description=(
        "A literal given to a format template in the place of a secret's value "
        '(String.format("…&secret=%s", appId, "…"))'
    ),
    examples_match=(
        'String.format("https://api.example.com/token?appid=%s&secret=%s", "wx01",'
        ' "9f2c7e1a5b3d4f6081a2b3c4d5e6f708")',
    ),
    examples_no_match=(
        'String.format("https://api.example.com/token?appid=%s&secret=%s", appId, appSecret)',
        'String.format("user=%s&page=%s", "alice", "2")',
    ),
    keywords=("format", "printf"),
    pattern=_FORMAT_CALL_RE,
    replace=_format_call,
)
CHAR_ARRAY_LITERAL = RedactionRule(
    id="char-array-literal",
    description='A literal turned into a char[] password ("…".toCharArray())',
    examples_match=('ks.load(in, "Ch4rArr#y".toCharArray());',),
    examples_no_match=('"0123456789".toCharArray()', '"abcdef".toCharArray()'),
    keywords=("tochararray",),
    pattern=_CHAR_ARRAY_LITERAL_RE,
    replace=_char_array_literal,
)
BASE64_PAIR_LITERAL = RedactionRule(
    id="base64-pair-literal",
    description='The password of a "user:password" literal being base64-encoded for Basic auth',
    examples_match=('Base64.getEncoder().encodeToString("ops:B4sic!pw".getBytes())',),
    examples_no_match=("Base64.getEncoder().encodeToString(bytes)",),
    keywords=("base64",),
    pattern=_ENCODED_PAIR_LITERAL_RE,
    replace=replace_password,
)
JDBC_ARGUMENTS = RedactionRule(
    id="jdbc-arguments",
    description=(
        "The password literal after a JDBC URL literal and a user literal in an argument list"
    ),
    examples_match=("Sql.newInstance('jdbc:mysql://db/shop', 'ops', 'Gr00vy!Sql', driver)",),
    examples_no_match=('getConnection("jdbc:mysql://db/shop", props)',),
    keywords=("jdbc:",),
    pattern=_JDBC_ARGUMENTS_RE,
    replace=replace_password,
)
# No keywords: it looks for a marker an earlier rule put in.
SECRET_AFTER_KEY_ID = RedactionRule(
    id="secret-after-key-id",
    description="The literal that follows a redacted access key id in a call: its secret",
    examples_match=(
        'build(endpoint, "[REDACTED:cloud_access_key]", "x9Kq2Lm7pVz4")',
        'build(\n    endpoint,\n    "[REDACTED:cloud_access_key]",\n    "x9Kq2Lm7pVz4");',
    ),
    examples_no_match=(
        'build(endpoint, "LTAI-not-yet-redacted", "x9Kq2Lm7pVz4")',
        '{"accessKeyId":"[REDACTED:cloud_access_key]","accessSecret":"[REDACTED:secret_value]"}',
    ),
    pattern=_SECRET_AFTER_KEY_ID_RE,
    replace=value_group(SecretKind.ASSIGNMENT),
)
SQL_PASSWORD = RedactionRule(
    id="sql-password",
    description="A password set in SQL (IDENTIFIED BY '…', PASSWORD('…'), WITH PASSWORD '…')",
    examples_match=(
        "CREATE USER app IDENTIFIED BY 'Sql#Pw2024';",
        "ALTER ROLE app WITH PASSWORD 'R0le!pw'",
    ),
    examples_no_match=("CREATE USER app IDENTIFIED EXTERNALLY;", "UPDATE users SET password = ?"),
    keywords=("identified", "password"),
    pattern=_SQL_PASSWORD_RE,
    replace=replace_password,
)
SQL_SETTING_ROW = RedactionRule(
    id="sql-setting-row",
    description=(
        "A setting stored as a table row and set by an SQL UPDATE whose WHERE names a secret"
    ),
    examples_match=(
        "UPDATE sys_config SET config_value = 'Upd4te-s3cret' WHERE config_key = 'sms.secret-key';",
    ),
    examples_no_match=(
        "UPDATE sys_config SET config_value = '30' WHERE config_key = 'sms.timeout';",
        "UPDATE sys_config SET config_value = 'AKID0001' WHERE config_key = 'sms.access-key-id';",
    ),
    keywords=("update",),
    pattern=_SQL_SETTING_ROW_RE,
    replace=_sql_setting_row,
)
SQL_INSERT_PASSWORD = RedactionRule(
    id="sql-insert-password",
    description="The value of the password column in an SQL INSERT … VALUES (bcrypt hashes stay)",
    examples_match=(
        "INSERT INTO sys_user (name, password) VALUES ('ops', 'Ins3rt!pw');",
        "INSERT INTO app_client (client_id, client_secret)\nVALUES ('a', '{noop}Cl1ent-s3cret'),\n"
        "       ('b', 'An0ther-s3cret');",
    ),
    examples_no_match=(
        "INSERT INTO sys_user (name, password) VALUES ('ops', '$2a$10$abcdefghijklmnopqrstuv');",
        "INSERT INTO sys_user (name, role) VALUES ('ops', 'admin');",
    ),
    keywords=("insert",),
    pattern=_SQL_INSERT_RE,
    replace=_sql_insert,
)


# A map of secrets, named so: "PROVIDER_KEYS = Map.of("amap", "7789…", "baidu", "ZvUv…")",
# ImmutableMap.of(…), Map.ofEntries(entry("k", "v"), …): each value is one.
_SECRET_MAP_RE = compile_bounded(
    r"(?i:[\w$]{0,40}(?:keys|secrets|tokens|passwords|credentials|secret_?map|key_?map))"
    r"[ \t]*=[ \t]*(?:new[ \t]+)?(?:Map|ImmutableMap|Maps)\.(?:of|ofEntries|builder)\b"
    r"(?P<args>[^;]{1,2000}?)\)[ \t]*;"
)
_STRING_PAIR_RE = lazy_compile(
    r"\"[^\"\n]{1,100}\"[ \t]*[,(][ \t\r\n]*\"(?P<value>[^\"\n]{8,256})\""
)


# "X-B3-TraceId-Header", "order.notFound.v2": words joined, a name — no key material.
_NAME_OF_WORDS_RE = lazy_compile(r"[A-Za-z]{4,}[-_.][A-Za-z]{4,}")


def _secret_map(m: re.Match[str]) -> str:
    args = m.group("args")
    spans = [
        pair.span("value")
        for pair in _STRING_PAIR_RE.finditer(args)
        if not not_a_value(pair.group("value"))
        and random_looking(pair.group("value"))
        and not _NAME_OF_WORDS_RE.search(pair.group("value"))
    ]
    if not spans:
        return m.group(0)
    return replace_span(m, "args", replace_spans(args, spans, marker(SecretKind.ASSIGNMENT)))


SECRET_MAP_LITERAL = RedactionRule(
    id="secret-map-literal",
    description=(
        "The values of a map literal whose name says it holds secrets (PROVIDER_KEYS ="
        ' Map.of("amap", "…"))'
    ),
    examples_match=(
        'static final Map<String, String> PROVIDER_KEYS = Map.of(\n  "amap", '
        '"77891d8a51126cce6af3aee14c856ff6",\n  "baidu", "ZvUvkdrU3ipiqZgNV8B6e79qiCUfuXx9");',
    ),
    examples_no_match=(
        'static final Map<String, String> ERROR_KEYS = Map.of("E01", "order.not.found");',
        'Map<String, String> LABELS = Map.of("amap", "AMap Web Service");',
        'HEADER_KEYS = Map.of("trace", "X-B3-TraceId-Header", "span", "X-B3-SpanId-Header");',
    ),
    keywords=("map.", "maps."),
    pattern=_SECRET_MAP_RE,
    replace=_secret_map,
)
