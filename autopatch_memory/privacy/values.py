"""Judging a candidate value: is what follows a secret's name a secret?

A placeholder (``${DB_PASSWORD}``), a type (``String``), a variable (``rawPassword``), a
path or a word of a sentence is not; key material (random-looking), a chosen password
(letters, digits and a symbol) or a passphrase is. Every family of rules asks these
questions, so they live apart from the patterns that find the candidates.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from functools import lru_cache

from autopatch_memory import limits
from autopatch_memory.lang import lazy_compile
from autopatch_memory.privacy.documented import documented_example
from autopatch_memory.privacy.markers import MARKER_PREFIX
from autopatch_memory.privacy.spelling import compile_bounded
from autopatch_memory.privacy.words import (
    NOT_SECRET_VALUES,
    NOT_SECRET_WORDS,
    STOPWORDS,
    TECH_TERMS,
    TRAILING,
)

PLACEHOLDER_RE = lazy_compile(
    r"""^(?:\$\{|\{\{|\#\{|<[^<>]*>$|\[[A-Za-z\s_-]*\]?$|%[sd(]|\$[A-Za-z_(]|%[A-Za-z_]\w*%$|\$env:
    |env:|file:|\*{3,}|x{3,}$|X{3,}$|\.{3}|…|your[_\-.\s]|(?-i:your[A-Z])|<your|enc\(|vault:
    |@[\w.\-]+@$)""",
    re.I | re.X,
)
# A token that opens with a dash: long, of one token's characters, with digits and both
# cases ("-iu4Q73gdPFdzY81t8ybtWKONRFwXilEXyiLVarWCqU").
_DASHED_TOKEN_RE = lazy_compile(
    r"-(?=[\w-]*\d)(?=[\w-]*[a-z])(?=[\w-]*[A-Z])[A-Za-z0-9_][\w-]{19,}"
)
# A password stored hashed (bcrypt's "$2a$10$…", argon2, crypt's $5$/$6$, Django's pbkdf2)
# or encrypted by the tool that keeps it (Jenkins' "{AQAAAB…}"): neither logs anyone in.
_HASHED_OR_ENCRYPTED_RE = lazy_compile(
    r"^\$(?:2[abxy]?|argon2(?:id|i|d)|scrypt|[56])\$\S{8,}|^pbkdf2_sha\d+\$\d+\$"
    r"|^\{AQAAA[A-Za-z0-9+/=]{16,}\}$"
)


# "SG.xxxxxxxx.xxxxxxxx", "whsec_xxxx-xxxx": a vendor's prefix, then only runs of a
# placeholder character joined by separators (each run shorter than the filler rule's).
_FILLER_GROUPS_RE = lazy_compile(
    r"^(?:[A-Za-z0-9]{1,8}[._\-])?(?:[xX]{4,}|\*{4,}|#{4,})(?:[._\-](?:[xX]{4,}|\*{4,}|#{4,}))+$"
)


def hashed_or_encrypted(value: str) -> bool:
    """A password stored hashed or encrypted by the tool that keeps it (see above)."""
    return bool(_HASHED_OR_ENCRYPTED_RE.match(value))


# A value of words alone (and at most a short counter) that says it is none: "dummy-signing-
# key-for-unit-tests-only-not-a-real-secret", "test-secret-not-real-0000", "o_mock_openid_001"
# (not "dummy-Xk9$2mQ!vT" or "Fake_Pa55w0rd!2024": a digit or a symbol inside a word is a
# credential's).
_SAYS_IT_IS_NONE_RE = lazy_compile(
    r"(?i)(?=.*(?:^|[-_.])(?:dummy|fake|mock|not[-_.]?(?:a[-_.]?)?real|for[-_.](?:unit[-_.])?tests?)"
    r"(?:[-_.]|$))"
    # words, and at most a short counter ("test-secret-not-real-0000", "o_mock_openid_001")
    r"[a-z]+(?:[-_.][a-z]+){2,}(?:[-_.]\d{1,4})?"
)
# "sk-your-key-here", "api_key_goes_here": a placeholder wherever its words stand; and
# a value that asks to be replaced ("changeme", "please-change-me", "change_me_in_prod",
# "REPLACE_WITH_YOUR_SECRET", "to-be-filled"). Not "changeit": Java's keystores ship with
# it as their password, and a keystore that kept it is opened with it.
_PLACEHOLDER_WORDS_RE = lazy_compile(
    r"(?i)(?:^|[\W_])your[\W_]|[\W_](?:goes[\W_])?here$"
    r"|(?:^|[\W_])(?:change|replace|fill|set)[\W_]?(?:me|this|with)(?:[\W_]|$)"
    r"|(?:^|[\W_])to[\W_]?be[\W_]?(?:changed|replaced|filled|set)(?:[\W_]|$)"
)
# Public key material, by how it opens: an OpenSSH public key ("ssh-ed25519 AAAA…", its
# base64 "AAAAC3NzaC1lZDI1NTE5…"), or the base64 of a DER SubjectPublicKeyInfo (RSA
# "MIIBIjANBgkqhkiG9w0BAQEFAAOC…", EC "MFkwEwYHKoZIzj0CAQYI…", Ed25519 "MCowBQYDK2VwAyEA…")
# or of an X.509 certificate ("MIIC…CCA…gAwIBAgI…"). Private keys open otherwise (see
# shapes.PRIVATE_KEY_BODY).
_PUBLIC_KEY_RE = lazy_compile(
    r"^(?:ssh-(?:rsa|dss|ed25519)|ecdsa-sha2-nistp\d{3}|sk-(?:ssh-ed25519|ecdsa-sha2-nistp256)"
    r"@openssh\.com)(?:[ \t]|$)"
    r"|^AAAA[B-E]3NzaC1"
    r"|^MI[A-Za-z0-9+/]{1,4}ANBgkqhkiG9w0BAQEFAAO"
    r"|^M[A-Za-z0-9+/]{2,4}EwYHKoZIzj0CAQ|^MCowBQYDK2Vw[AQ]yEA|^MEMwBQYDK2VxAzoA"
    r"|^MII[A-Za-z0-9+/]{3}CC[A-Za-z0-9+/]{3}gAwIBAgI"
    # a token published in web pages by design: Stripe's publishable key, Mapbox's public
    # token (their secret twins open with sk_live_ and sk.eyJ)
    r"|^pk_(?:live|test)_[A-Za-z0-9]{16,}$|^pk\.eyJ[\w\-]{8,}\.[\w\-]{8,}$"
)


def public_key_material(value: str) -> bool:
    """``value`` is a public key or a certificate (an OpenSSH public key, or the base64
    of a DER public key or certificate): shared by design, no secret."""
    return bool(_PUBLIC_KEY_RE.match(value))


# The public half of an app's credentials, by its well-known shape: a DingTalk appkey,
# a WeChat appid, a WeCom corpid, a Feishu app_id, a Twilio account SID.
SECRET_WORD_RE = lazy_compile(r"(?i)secret|pass|pwd|token|credential")
PUBLIC_ID_RE = lazy_compile(
    r"^(?:ding[a-z0-9]{12,24}|wx[0-9a-f]{16}|ww[0-9a-f]{16}|cli_[0-9a-f]{16}|AC[0-9a-f]{32})$"
)
# A Harbor robot account's name ("robot$project+k8s-pull"): the user its secret goes with,
# named beside the word "secret" as often as not.
_ROBOT_ACCOUNT_RE = lazy_compile(r"^robot\$[\w.\-]{1,64}(?:\+[\w.\-]{1,64})?$")
# "ghp_xxxx…", "sk-000000…": a token's prefix padded with a placeholder character
# (x, 0, *, #, .) is a placeholder; a run of another letter is a test's made-up secret.
FILLER_RUN_RE = lazy_compile(
    r"([xX0*#.])\1{" + str(limits.SECRET_PLACEHOLDER_FILLER_RUN - 1) + ",}"
)
# "sk-...", "ghp_xxx…", "AKIA****", "sk-proj-...a1B2", "••••••••": a value shown elided or
# masked (by the dots or bullets a console draws for hidden characters), not the value.
_ELIDED_RE = lazy_compile(
    r"(?:\.{3}|…)[\"'`”]?$|[*•●∙·⚫◦＊]{3,}|(?<=[\w\-])(?:\.{3}|…)(?=[\w\-]{2,}[\"'`”]?$)"
)
# "DB_PASSWORD:  20 bytes" (kubectl describe secret), "token: 2 KiB": a size, not the value.
_DATA_SIZE_RE = lazy_compile(r"\d{1,12}[ \t]?(?:(?i:bytes?)|[KMG]i?B|字节)[ \t]*(?=\r?\n|\Z)")
# "sk_live_…Xk2q": a short prefix, an ellipsis and a few last characters, as a console
# shows a key elided (not "Rt#88xqLm2…ask ops": a whole value, then words).
_ELIDED_AFTER_RE = lazy_compile(r"(?:\.{3}|…)[A-Za-z0-9]{2,6}(?![\w\-])")
_ELIDED_PREFIX_CHARS = 8
# "密码/Token": a slash and another name of the same secret (not "/letmein", a password).
_SLASH_WORD_RE = lazy_compile(
    r"^/(?:(?i:token|tokens|pass|password|passwd|pwd|secret|key|apikey|credential)|密码|口令|密钥|令牌)$"
)
# "ghp_", "sk-": a vendor's prefix alone ("token 是 ghp_ 开头的那个"), not a value.
_PREFIX_ONLY_RE = lazy_compile(r"^[A-Za-z]{2,10}[_\-]$")
# "vault-token:/etc/credstore/…": a credential's name and the path of plain segments that
# holds it (not "rEd1s:/pr0d", a password).
_NAMED_PATH_RE = lazy_compile(
    r"^[\w.\-]{0,64}(?i:token|secret|key|password|passwd|credential)[\w.\-]{0,64}:"
    r"(?:/[\w.\-]+){2,}$"
)
# Names that are no secret wherever they stand: an AWS resource name ("arn:aws:kms:…:key/…"),
# an ssh or scp target ("deploy@10.0.0.5:~/.ssh/authorized_keys"), an HTTP header's name
# (HEADER_API_KEY = "X-Api-Key").
_RESOURCE_NAME_RE = lazy_compile(
    r"^arn:aws[\w-]*:[\w-]+:|^[\w.\-]+@[\w.\-]+:[~/.]|^X-[A-Z][A-Za-z]*(?:-[A-Z][A-Za-z]*)+$"
)
# "[]byte(", "getenv(": a call's opening, the value is inside it (not "Xk9#mQ2(").
_CALL_OPENING_RE = lazy_compile(r"^(?:\[\])?[A-Za-z_$][\w$.]*\($")
IDENTIFIER_RE = lazy_compile(r"^[A-Za-z_$][\w$]*$")
_DOTTED_REF_RE = lazy_compile(r"^(?:this\.|self\.)?[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+$")
PATH_RE = lazy_compile(r"^(?:/[\w.\-]+/|~/|\./|\.\./|[A-Za-z]:\\|classpath:|https?://)")
# Long base64 with a '+' or padding: no path has those ("/TPq1CLU9…/K0C+wX8…==").
_BASE64_BLOB_RE = lazy_compile(r"(?=[A-Za-z0-9/]*[+=])[A-Za-z0-9+/]{32,}={0,2}")
_KEYWORD_IN_NAME_RE = lazy_compile(r"(?i)pass(?:word|wd)?|pwd|secret|token|key|credential")
CAMEL_OR_SNAKE_RE = lazy_compile(r"[a-z][A-Z]|_")
# DB_PASSWORD, APP_SECRET: the name of a variable or a setting, wherever it appears.
_CONSTANT_NAME_RE = lazy_compile(r"^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$")
# "password.invalid", "app.jwt.secret": a dotted lower-case name holding a secret word is
# a message or property key, not the secret
_MESSAGE_KEY_RE = lazy_compile(r"^[a-z][a-z0-9_\-]*(?:\.[a-z][a-z0-9_\-]*)+$")
_CMDLET_RE = lazy_compile(r"^[A-Z][a-z]+-[A-Z][A-Za-z]+$")  # PowerShell: $pw = Read-Host …
# words joined by hyphens or listed with commas: "read-only", "Id,Secret"
_HYPHEN_WORDS_RE = lazy_compile(r"^[A-Za-z]+(?:[-,][A-Za-z]+)+$")


_CLOSERS = {")": "(", "]": "[", "}": "{", "）": "（"}


def bare_value(value: str) -> str:
    """The value without quotes, sentence punctuation or an unbalanced closing bracket
    ("(using password: YES)" → "YES")."""
    bare = value.strip().strip("\"'`“”‘’").rstrip(TRAILING)
    for closer, opener in _CLOSERS.items():
        surplus = bare.count(closer) - bare.count(opener)
        while surplus > 0 and bare.endswith(closer):
            bare = bare[:-1].rstrip(TRAILING)
            surplus -= 1
    return bare


def _is_word_list_value(value: str, *, words: bool) -> bool:
    low = bare_value(value).lower()
    if low in NOT_SECRET_VALUES or low.rstrip("?") in NOT_SECRET_VALUES:
        return True
    return words and (low in NOT_SECRET_WORDS or low in STOPWORDS or low in TECH_TERMS)


def is_code_reference(value: str) -> bool:
    """``dto.password``, ``rawPassword``, ``DB_PASSWORD``: a name, not a literal."""
    bare = value.rstrip(".,:;")
    digits = sum(ch.isdigit() for ch in bare)
    if _DOTTED_REF_RE.match(bare) and not digits:
        return True
    # Names hold a digit or two at most; "tcSecretKey0987654321" is a value.
    return bool(
        IDENTIFIER_RE.match(bare)
        and _KEYWORD_IN_NAME_RE.search(bare)
        and CAMEL_OR_SNAKE_RE.search(bare)
        and digits < limits.SECRET_MIN_DIGITS_IN_VALUE_NOT_NAME
    )


_CALL_START_RE = lazy_compile(r"^(?:new[ \t]+)?[A-Za-z_$][\w$.]*[ \t]*\(")
# A square bracket or a brace in what follows a "(" is no call of Java or JS code:
# "xQ(2v]kTz9" is a password holding brackets.
_NOT_A_CALL_RE = lazy_compile(r"\([^\[\]{}]*[\[\]{}]")


def not_a_value(value: str, *, code: bool = False, words: bool = True) -> bool:
    """A placeholder, a type name, a literal, a path, (with ``words``) a word that
    describes rather than states a secret, or (with ``code``: an unquoted value where
    code may be around) a variable name. ``password=a`` is an assignment of "a":
    after ``=`` the description words do not apply."""
    bare = bare_value(value)
    return (
        not bare
        or bare.startswith(MARKER_PREFIX)
        or bool(_ELIDED_RE.search(value.strip()))
        or bool(_DATA_SIZE_RE.fullmatch(bare))
        or bool(_SLASH_WORD_RE.match(bare))
        or bool(_CALL_OPENING_RE.match(bare))
        or bool(_PREFIX_ONLY_RE.match(bare))
        or bool(_NAMED_PATH_RE.match(bare))
        or bool(_RESOURCE_NAME_RE.match(bare))
        or bool(FILLER_RUN_RE.search(bare))
        or bool(PLACEHOLDER_RE.match(bare))
        or bool(_PLACEHOLDER_WORDS_RE.search(bare))
        or bool(_SAYS_IT_IS_NONE_RE.fullmatch(bare))
        or bool(_HASHED_OR_ENCRYPTED_RE.match(bare))
        or bool(_FILLER_GROUPS_RE.match(bare))
        or documented_example(bare)
        or public_key_material(bare)
        or bool(_MESSAGE_KEY_RE.match(bare) and _KEYWORD_IN_NAME_RE.search(bare))
        or _is_word_list_value(bare, words=words)
        # request.getParameter("pw"), encoder.encode(x), (String) o, "x  (from Nacos)";
        # not a password holding a bracket ("Gr4dle!(pkg)")
        or (
            "(" in bare
            and (
                " " in bare
                or bare.startswith("(")
                or bool(_CALL_START_RE.match(bare) and not _NOT_A_CALL_RE.search(bare))
            )
        )
        or bare.startswith(("new ", "this.", "self."))
        # "-Dkey=x", "--password-stdin": a flag; not "-iu4Q73gdPFdzY81t8yb…", a token that
        # happens to open with a dash
        or (bare.startswith("-") and not _DASHED_TOKEN_RE.fullmatch(bare))
        # "password": {"value": "******"}: an object opens, the value is inside it
        or bare in ("{", "[", "{}", "[]")
        # (not base64 that opens with "/": "/TPq1CLU9…K0C+wX8…==", an Azure AccountKey)
        or bool(PATH_RE.match(bare) and not _BASE64_BLOB_RE.fullmatch(bare))
        or (code and is_code_reference(value.strip()))  # "Pr0pPass!" is no name
        or bool(_CONSTANT_NAME_RE.match(bare) and _KEYWORD_IN_NAME_RE.search(bare))
        or bool(_CMDLET_RE.match(bare))
        or bool(_ROBOT_ACCOUNT_RE.match(bare))
    )


def data_size_at(text: str, value_start: int) -> bool:
    """The rest of the line from ``value_start`` is a size ("20 bytes"): what ``kubectl
    describe secret`` shows in place of each value."""
    return bool(_DATA_SIZE_RE.match(text, value_start))


def shown_elided(text: str, value_start: int, value_end: int) -> bool:
    """The value from ``value_start`` to ``value_end`` is a short prefix that goes on after
    an ellipsis with a few last characters ("sk_live_…Xk2q"): what is shown is the key's two
    ends, not the key."""
    prefix = text[value_start:value_end]
    short = len(prefix) <= _ELIDED_PREFIX_CHARS or prefix.endswith(("_", "-"))
    return short and bool(_ELIDED_AFTER_RE.match(text, value_end))


def credential_like(value: str) -> bool:
    """Has the look of a credential: a digit or a symbol (hyphenated words do not count),
    or letters whose case changes as often as drawn at random ("WhGolaKTjrRNnkxHOgWDQA",
    not "OrderServiceImpl")."""
    bare = bare_value(value)
    if _HYPHEN_WORDS_RE.match(bare):
        # words joined by hyphens, unless their letters change case as at random
        # ("CbFcQZ-GNeYhbvWwvEcHaODZ-qMaU", a key id that happens to hold no digit)
        return random_letters(bare.replace("-", "").replace(",", ""))
    if any(ch.isdigit() or not (ch.isalnum() or ch == "-") for ch in bare):
        return True
    return random_letters(bare)


# application-prod.yml, id_rsa.pem, HTTP/1.1, TLSv1.2, nacos-server:v2.3.1: a file, a
# protocol or an image named in a sentence, not a value stated in it
_NAMED_THING_RE = lazy_compile(
    r"^[\w.\-]+\.(?:ya?ml|properties|xml|json|java|kt|jar|war|sql|sh|txt|md|conf|cfg|ini|env"
    r"|log|pem|crt|key|jks|p12|pfx|gradle|kts|py|js|ts|go|toml|lock|html?|do|jsp|action|php"
    r"|aspx?|vue)$"
    r"|^(?:HTTP|HTTPS|TLS|SSL|SMTP|FTP|SSH|SOCKS)(?:/|v)\d(?:\.\d)?$"
    r"|^[a-z0-9][\w.\-]*:[\w.\-]+@sha256:[0-9a-f]{16,64}$",
    re.I,
)
# secret/tms/dispatch, config/fleet-gps/data: a path of words (a Vault or Consul path)
_RELATIVE_PATH_RE = lazy_compile(r"^[a-z][a-z0-9_.\-]*(?:/[a-z0-9_.\-]+){2,}/?$")
# 8-16, 1.2.3, v2.0, 1,532: a range, a version or a number with separators
QUANTITY_RE = lazy_compile(r"^v?\d+(?:[.\-~～]\d+)+$|^\d{1,3}(?:,\d{3})+$")


def plausible_in_prose(value: str, *, min_chars: int) -> bool:
    """A value stated in a sentence: long enough, not a word, and credential-like;
    a number must be long enough not to be a count ("max token: 1200"), and a range
    or a version is not a secret ("密码 8-16 位")."""
    bare = bare_value(value)
    if len(bare) < min_chars or not_a_value(bare) or not credential_like(bare):
        return False
    if QUANTITY_RE.match(bare) or _NAMED_THING_RE.match(bare) or _RELATIVE_PATH_RE.match(bare):
        return False
    return not (bare.isdigit() and len(bare) < limits.SECRET_MIN_DIGITS_IN_PROSE)


# A secret given in parts is stored under numbered names: DB_PASSWORD_PART2, jwtSecret2,
# token.part.1 (the name of each part still ends with the secret word and a number).
SECRET_PART_SUFFIX = r"(?:[-_.]?(?i:part|half|seg|segment|chunk|piece)?[-_.]?\d{1,2})"
SECRET_KEY_NAME_RE = compile_bounded(
    r"(?i)(?:pass(?:word|wd)?|pwd|secret|token|credentials?|api[-_.]?key|access[-_.]?key"
    r"|private[-_.]?key|requirepass|masterauth|_auth(?:entication)?|(?:erlang|node)[-_.]?cookie"
    # a key that signs or encrypts: FIRMWARE_SIGN_KEY, hmacKey, aes_key
    r"|(?:sign(?:ing)?|hmac|encrypt(?:ion)?|aes|sm4)[-_.]?key"
    # an RTC vendor's app certificate (Agora, ZEGO): the key tokens are signed with
    r"|app[-_.]?cert(?:ificate)?)" + SECRET_PART_SUFFIX + "?$"
)


STRONG_SYMBOL_RE = lazy_compile(r"[!@#$%^&*+=?~]")


KEY_ID_RE = lazy_compile(r"^(?=[A-Z0-9]*\d)[A-Z0-9]{16,40}$")


ADJECTIVE_SUFFIXES = ("ed", "ing", "able", "ible", "ly", "ful", "ous", "ive", "less")


_CHAR_CLASS_RUNS_RE = lazy_compile(r"[a-z]+|[A-Z]+|\d+")
HEX_RE = lazy_compile(r"^[0-9a-fA-F]+$")
UUID_RE = lazy_compile(r"^[0-9a-fA-F]{8}-(?:[0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12}$")


def random_looking(value: str) -> bool:
    """Key material rather than a name: long, letters and digits, and either hex or
    letters, capitals and digits alternating often ("k9Q2mX7pL4vT8wZ3", "ABCD1-EFGH2-…")
    instead of forming words and a number ("user:session:12345", "order2024Detail")."""
    bare = bare_value(value)
    if len(bare) < limits.SECRET_MIN_CHARS_RANDOM or " " in bare or not_a_value(bare):
        return False
    if not (any(c.isdigit() for c in bare) and any(c.isalpha() for c in bare)):
        return False
    if UUID_RE.match(bare):
        return False  # an id (request, trace, idempotency), not key material
    if ":" in bare:  # "apikey:quota:tenant-42:2024-06": a cache key's segments
        return any(random_looking(part) for part in bare.split(":"))
    if HEX_RE.match(bare):
        return len(bare) >= limits.SECRET_MIN_HEX_CHARS_RANDOM
    runs = _CHAR_CLASS_RUNS_RE.findall(bare)
    digit_runs = sum(1 for run in runs if run[0].isdigit())
    return (
        len(runs) >= limits.SECRET_RANDOM_RUNS_PER_CHAR * len(bare)
        or digit_runs >= limits.SECRET_MIN_DIGIT_RUNS_RANDOM
    )


def key_id_like(value: str) -> bool:
    """An access key id: capitals and digits (Huawei, MinIO, AWS without its prefix), or
    random."""
    return bool(KEY_ID_RE.match(value)) or random_looking(value)


_PASSPHRASE_RE = lazy_compile(r"^[A-Za-z]{3,}(?:-[A-Za-z]{3,}){2,}$")


def is_passphrase(value: str) -> bool:
    """correct-horse-battery-staple: three or more words joined by hyphens, none of them
    a word that describes ("must-be-changed", "auto-generated-once")."""
    if not _PASSPHRASE_RE.match(value):
        return False
    words = value.lower().split("-")
    return not any(
        w in STOPWORDS or w in NOT_SECRET_WORDS or w.endswith(ADJECTIVE_SUFFIXES) for w in words
    )


def strong_credential(value: str) -> bool:
    """Letters, digits and a symbol: the shape of a chosen password."""
    return bool(
        STRONG_SYMBOL_RE.search(value)
        and any(c.isdigit() for c in value)
        and any(c.isalpha() for c in value)
        and not re.search(r"@v?\d", value)  # actions/checkout@v4, pkg@1.2.3
    )


def shannon_entropy(value: str) -> float:
    """Bits of information a character of ``value`` carries, by its own character counts
    ("aaaa" 0, "k9Q2mX7p" 3)."""
    if not value:
        return 0.0
    counts = Counter(value).values()
    return -sum(n / len(value) * math.log2(n / len(value)) for n in counts)


# A word of a name: a capital and lower-case letters, or lower-case letters alone, holding
# a vowel ("Encoder", "token", "Refresh"); random strings seldom hold two of them.
_NAME_WORD_RE = lazy_compile(r"[A-Z]?[a-z]*[aeiou][a-z]*")
_DIGIT_RUN_RE = lazy_compile(r"\d+")
_NOT_SHAPED_RE = lazy_compile(
    # an e-mail address, a URL, a key=value pair, a path, a dotted name or a version
    # (a key is a name: "C4ka=c_iE+T" holds a digit inside its "key", a password's mix;
    # base64's padding "…jZQ==" is kept apart as it was)
    r"^[\w.+\-]+@[\w\-]+\.[\w.\-]+$|://|^(?![\w.\-]*\d[A-Za-z])[\w.\-]+=|^[\w.\-]+=+$"
    r"|^\.{0,2}/|/[\w.\-]+/"
    r"|^[A-Za-z_][\w\-]*(?:\.[A-Za-z_][\w\-]*)+$"
    r"|^v?\d+(?:\.\d+)+"
    # a SQL LIKE pattern or a glob: lower-case words, a wildcard at an end ("geomag-gw-p2-%")
    r"|^[%*]?[a-z0-9]+(?:[-_.][a-z0-9]+)*[-_.]?[%*]$|^[%*][a-z0-9]+(?:[-_.][a-z0-9]+)*[%*]?$"
)


# The two consonants a word of English (or pinyin) may start with: "Ktciabs" (kt…) is no
# word, though it holds vowels; "Strict", "Shard", "Kafka" are ("y" counts as a vowel).
_WORD_ONSETS = frozenset(
    "bl br ch cl cr dr dw fl fr gh gl gn gr kl kn kr kw ph pl pn pr ps qu rh sc sh sk sl sm sn"
    " sp sq st sv sw th tr ts tw vl wh wr zh".split()
)
_CONSONANTS = frozenset("bcdfghjklmnpqrstvwxz")


def _speakable_start(word: str) -> bool:
    head = word[:2].lower()
    return not (head[0] in _CONSONANTS and head[1:] in _CONSONANTS) or head in _WORD_ONSETS


def _name_words(bare: str) -> list[str]:
    """The words of a name in ``bare``: three letters or more with a vowel, starting as a
    word may ("Ktciabs" does not)."""
    return [w for w in _NAME_WORD_RE.findall(bare) if len(w) >= 3 and _speakable_start(w)]


def _made_of_words(bare: str) -> bool:
    """Half of it words ("Sha256Hex_Encoder2x"), or two words or more making two fifths
    of an identifier ("getTokenV2x9Q"). Random letters hold short vowel runs too ("Kwaz",
    "Iec"), so a few such chunks alone do not make a name."""
    # A name holds a number or two ("Sha256Hex_Encoder2x"); a random run holds digits
    # scattered in runs of their own, and vowel chunks enough to cover half of it
    # ("Ceb4qWlGs98YkUca6wWYGhubwRcew9")
    if len(_DIGIT_RUN_RE.findall(bare)) >= limits.SECRET_MIN_DIGIT_RUNS_NOT_NAME:
        return False
    words = _name_words(bare)
    covered = sum(map(len, words))
    return covered * 2 >= len(bare) or (
        len(words) >= 2 and bool(IDENTIFIER_RE.match(bare)) and covered * 5 >= len(bare) * 2
    )


@lru_cache(maxsize=4096)
def secret_shaped(value: str) -> bool:
    """Shaped like a secret, with nothing around it saying so: letters and digits mixed at
    random and long (``9fK2mQ7xLp3vT8wZ4nR6``), or a chosen password of letters, digits
    and a symbol (``Xk9#mQ2$vLp8``). Not a placeholder, a hex string (an id, a hash, a
    digest), a UUID, a path, a URL, an e-mail address, a dotted name, a version, or an
    identifier made of words (``tokenRefreshScheduler2``)."""
    bare = bare_value(value)
    if not (limits.SECRET_SHAPED_MIN_CHARS_SYMBOL <= len(bare) <= limits.SECRET_SHAPED_MAX_CHARS):
        return False
    if HEX_RE.match(bare) or UUID_RE.match(bare) or _NOT_SHAPED_RE.search(bare):
        return False
    if not_a_value(bare) or QUANTITY_RE.match(bare):
        return False
    if strong_credential(bare):
        return True
    if _made_of_words(bare):
        return False  # words: a name (Sha256Hex_Encoder2x), a sentence run together
    return (
        len(bare) >= limits.SECRET_SHAPED_MIN_CHARS
        and random_looking(bare)
        and shannon_entropy(bare) >= limits.SECRET_SHAPED_MIN_ENTROPY
    )


def labelled_value(value: str) -> bool:
    """A value alone on the line below a label that names a secret ("Password:" then
    ``oYZQa7Ppe2``): long enough, a digit or a symbol, and not a name (a placeholder, a
    path, a URL, an e-mail address, a dotted or camel-case name of words, a version)."""
    bare = bare_value(value)
    if len(bare) < limits.SECRET_LABELLED_MIN_CHARS or not_a_value(bare):
        return False
    if UUID_RE.match(bare) or _NOT_SHAPED_RE.search(bare) or QUANTITY_RE.match(bare):
        return False
    if _NAMED_THING_RE.match(bare):
        return False
    if not (any(c.isdigit() for c in bare) or STRONG_SYMBOL_RE.search(bare)):
        return False
    words = _name_words(bare)
    return not (len(words) >= 2 and IDENTIFIER_RE.match(bare) and CAMEL_OR_SNAKE_RE.search(bare))


def symbol_password(value: str) -> bool:
    """A chosen password without a digit: letters in both cases and a symbol, at least
    ``SECRET_SHAPED_MIN_CHARS_SYMBOL`` long ("OIgHvxTYL@orz"), not an address, a path, a
    URL or a dotted name."""
    bare = bare_value(value)
    return (
        limits.SECRET_SHAPED_MIN_CHARS_SYMBOL <= len(bare) <= limits.SECRET_SHAPED_MAX_CHARS
        and any(c.islower() for c in bare)
        and any(c.isupper() for c in bare)
        and bool(STRONG_SYMBOL_RE.search(bare))
        and not _NOT_SHAPED_RE.search(bare)
        and not not_a_value(bare)
    )


_CASE_SWITCH_RE = lazy_compile(r"[a-z][A-Z]|[A-Z][a-z]")


def random_letters(value: str) -> bool:
    """Letters alone, drawn at random: at least ``SECRET_SHAPED_MIN_CHARS`` of them, both
    cases switching often ("adeXOADNmDvSChDzso"), not words run together
    ("ConfigurationManagerFactory")."""
    bare = bare_value(value)
    if not (limits.SECRET_SHAPED_MIN_CHARS <= len(bare) <= limits.SECRET_SHAPED_MAX_CHARS):
        return False
    if not bare.isascii() or not bare.isalpha() or _made_of_words(bare):
        return False
    switches = len(_CASE_SWITCH_RE.findall(bare))
    return (
        switches * 4 >= len(bare)
        and shannon_entropy(bare) >= limits.SECRET_SHAPED_MIN_ENTROPY
        and not not_a_value(bare)
    )
