"""Secrets stated in English sentences: "the API key is X", "my password: X", "the
password for the staging DB should be X", "use X as the password".

A plain word after "is" is a secret only where the sentence says so firmly (it ends
there, an owner says it); what describes the secret ("hashed", "kept in Vault") is not.
"""

from __future__ import annotations

import re

from autopatch_memory import limits
from autopatch_memory.lang import lazy_compile
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
    about_an_attribute,
    replace_stated,
)
from autopatch_memory.privacy.surroundings import (
    inside_marker,
    line_after,
    line_before,
    resource_type_of_arn,
)
from autopatch_memory.privacy.values import (
    ADJECTIVE_SUFFIXES,
    CAMEL_OR_SNAKE_RE,
    PUBLIC_ID_RE,
    SECRET_WORD_RE,
    bare_value,
    credential_like,
    is_passphrase,
    not_a_value,
    plausible_in_prose,
    random_looking,
    shown_elided,
    strong_credential,
)
from autopatch_memory.privacy.words import KEYWORD_NEEDLES, TRAILING

# "the API key is X", "the admin key for … is X": words that make "key" a secret. A bare
# "key" ("the key is …") and "pin" need a value of their own shape (_en_sentence).
_SENTENCE_KEY_PREFIXES = (
    "api access secret private license app master signing deploy admin root encryption"
    " decryption aes hmac jwt unseal recovery"
).split()
# A word of a qualifier or a relative clause: taken whole, so backtracking stays short.
_EN_WORD = r"(?:[^\s,.;:!?\"'`，。；：()（）]|\.(?=\w)){1,40}(?![^\s,.;:!?\"'`，。；：()（）])"
# "I'm", "they've": a contraction is one word
_EN_ASCII_WORD = r"[A-Za-z][\w\-]{0,20}(?:['’][a-z]{1,2})?(?![\w\-'’])"
# "is", "is now", "was", "should be", "has been changed to", "equals", "'s"…
# A verb of change and "to", a time word between them: "changed to", "rotated last night
# to", "switched over to" (the value follows "to", the verb is no value)
_CHANGED_TO = (
    r"(?:changed?|set|reset|updated?|rotated|switched(?:[ \t]+over)?|moved|bumped|modified)"
    r"(?:[ \t]+(?:yesterday|today|tonight|again|already|just|recently|now|finally"
    r"|last[ \t]+(?:night|week|month)|this[ \t]+(?:morning|week)))?[ \t]+to"
)
_EN_CONNECTORS = (
    # "was set to": before "was", which would take "set" for the value
    # "is change to": the tense a non-native writer may drop
    r"(?:is|are|was|were|got|gets|get)[ \t]+"
    + _CHANGED_TO
    # "I'll give you the DB password. It's X": the next sentence gives it
    + r"|\.[ \t]+(?:It|it)(?:['’]s|[ \t]+is)"
    r"|"
    r"(?:is|are|was|were)(?:[ \t]+(?:now|still|also|always|just|currently|actually|both|all))?"
    r"|(?:has|have|had)[ \t]+been[ \t]+"
    + _CHANGED_TO
    + "|"
    + _CHANGED_TO
    + r"|(?:should|must|will|would|shall|can|could|may|might)(?:[ \t]+(?:now|still|always))?"
    r"[ \t]+be|needs?[ \t]+to[ \t]+be|equals|remains|becomes|to|['’]s"
)
_EN_SENTENCE_RE = compile_bounded(
    first_char_gate("PpTtSsCcAaLlMmDdRrEeHhJjKk")
    # MYSQL_ROOT_PASSWORD may be the subject; /oauth/token may not
    + r"(?<![A-Za-z0-9\-/=])(?P<kw>(?i:"
    + one_of(
        (
            *(rf"{prefix}[ \t_\-]?keys?" for prefix in _SENTENCE_KEY_PREFIXES),
            r"pass(?:word|wd|phrase|code)s?",
            r"pass[ \t]word",  # a non-native spelling
            "pwd?",
            "pass",  # like "pw": only with "is" or ":" ("pass the token on" is a verb)
            r"auth(?:orization)?[ \t]code",
            r"pin[ \t]code",
            "pins?",
            "keys?",
            *"tokens? secrets? creds? credentials?".split(),
        )
    )
    + "))"
    r"(?:[ \t]{1,4}#?\d{1,2}(?![\w.]))?"  # "Unseal Key 1: …", "token #2: …"
    # "my token (don't share): X": a remark in brackets
    r"(?P<remark>[ \t]{0,4}[(（][^()（）\n]{1,30}[)）]"
    # "the password, which they rotated last week, is now X": a relative clause
    r"|,[ \t]{1,2}(?i:which|that|who)[ \t][^,\n]{1,"
    + str(limits.SECRET_RELATIVE_CLAUSE_CHARS)
    + r"},"
    # "the password — don't laugh — is X": a remark between dashes
    r"|[ \t]{1,2}(?:[—–]|--)[ \t]{0,2}[^—–\n]{1,"
    + str(limits.SECRET_RELATIVE_CLAUSE_CHARS)
    + r"}?[ \t]{0,2}(?:[—–]|--))?"
    # "the password for the staging DB is X": a qualifier, then a connector;
    # "the password everywhere: X", "db password -> X": a few words, then a colon;
    # "the password I set was X": a relative clause, then a connector
    # (the qualifier may end with an aside in brackets: "for staging (trip db, user x)")
    r"(?:(?P<qual>[ \t]+(?i:for|of|on|to)(?:[ \t]+" + _EN_WORD + r"){1,4}?"
    r"(?:[ \t]{0,4}[(（][^()（）\n]{1,40}[)）])?)?"
    r"[ \t]*(?:(?P<conn>(?i:" + _EN_CONNECTORS + r"))[ \t]*(?P<colon>:)?"
    r"|(?P<sep>[:=]|->|→|[—–]))"
    r"|(?P<qual2>(?:[ \t]+" + _EN_ASCII_WORD + r"){1,12}?)[ \t]*"
    r"(?:(?P<sep2>:|->|→)|(?P<rconn>(?i:is|are|was|were|should[ \t]+be|must[ \t]+be))"
    # "the password we agreed on yesterday, X": a clause, a comma, a strong credential
    r"|(?P<comma>,)))?"
    r"[ \t]+(?P<q>[\"'`“])?"
    + VALUE_START
    + r"(?(conn)|(?(sep)|(?(sep2)|(?(rconn)|(?(q)|"
    + CREDENTIAL_SHAPE
    + r")))))"
    r"(?P<value>(?<=[\"'`“])[^\"'`”\n]{1,256}(?=[\"'`”])|" + STATED_VALUE + r")" + SPACED_VALUE
)
# Past participles that are not "-ed", and adjectives: "the secret is kept in Vault".
_IRREGULAR_PARTICIPLES: frozenset[str] = frozenset(
    """
    kept sent set put read held known shown given taken written hidden stolen broken chosen
    lost found built bound made paid told sold spent split cut shut hit run done gone seen
    unknown opaque stateless static dynamic temporary permanent global local unchanged never
    """.split()
)


_STATEMENT_END_RE = compile_bounded(r"[ \t]*(?:[,.;!?，。；！？)）\n]|\Z)")


def _plain_word(value: str) -> bool:
    """A single word that names no state ("changeit", not "hashed" or "kept")."""
    low = value.lower()
    return (
        value.isalpha()
        and not CAMEL_OR_SNAKE_RE.search(value)
        and not low.endswith(ADJECTIVE_SUFFIXES)
        and low not in _IRREGULAR_PARTICIPLES
        and not not_a_value(value)
    )


def _value_end(m: re.Match[str]) -> int:
    """Where the value of ``m`` ends, sentence punctuation after it left out."""
    return m.start("value") + len(m.group("value").rstrip(TRAILING))


def _ends_statement(text: str, end: int) -> bool:
    """The value ends its clause: no further word follows ("is case sensitive")."""
    return bool(_STATEMENT_END_RE.match(text, end))


_OWNER_RE = compile_bounded(r"(?i)\b(?:my|our)\b(?:[ \t]+[\w\-]{1,30}){0,3}[ \t]*$")


# "site key" (reCAPTCHA, hCaptcha, Turnstile): the public half; its twin is the secret key.
_SITE_KEY_BEFORE_RE = lazy_compile(r"(?i)(?<![A-Za-z])site[ \t_\-]?$")


def _en_sentence(m: re.Match[str]) -> str:
    value = m.group("value")
    if value.startswith(MARKER_PREFIX) or inside_marker(m.string, m.start("kw")):
        return m.group(0)
    if resource_type_of_arn(m.string, m.start("kw")):
        return m.group(0)  # arn:aws:secretsmanager:…:secret:app/db names a secret
    if shown_elided(m.string, m.start("value"), m.end("value")):
        return m.group(0)  # "Secret key sk_live_…Xk2q": a dashboard shows its two ends
    if _VARIABLE_BEFORE_RE.search(m.string, max(0, m.start("kw") - 64), m.start("kw")):
        return m.group(0)  # "-p $REGISTRY_PASSWORD registry.example.edu": a variable's name
    kw = m.group("kw").lower()
    # "the password length is 12"; a "for …" qualifier names what the secret is for
    if about_an_attribute(m.group("qual2"), m.group("remark")):
        return m.group(0)
    bare = bare_value(value)
    if PUBLIC_ID_RE.match(bare) and not SECRET_WORD_RE.search(kw):
        return m.group(0)  # "the app key is ding…": a public app id
    if kw == "key" and _SITE_KEY_BEFORE_RE.search(
        m.string, max(0, m.start("kw") - 12), m.start("kw")
    ):
        return m.group(0)  # a CAPTCHA's site key, published in every page that loads it
    bare_form = not (m.group("conn") or m.group("sep") or m.group("sep2") or m.group("q"))
    # (a name drawn at random is no setting's: "password jIXhAm3=9-S9ldrs" is one value)
    setting = _SETTING_RE.match(bare)
    if (
        setting
        and not credential_like(setting.group(0)[:-1])
        and (bare_form or _SETTING_AFTER_RE.match(line_after(m.string, _value_end(m))))
    ):
        # "key hash=3f78…", "token expired: exp=1717400000 now=…": a log line's settings
        return m.group(0)
    if m.group("kw") == "Secret" and _OBJECT_REFERENCE_RE.fullmatch(bare):
        return m.group(0)  # "in Secret dispatch/dispatch-core-secrets": the object's name
    if bare.endswith(">") and _OPEN_ANGLE_RE.search(line_before(m.string, m.start("kw"))):
        return m.group(0)  # "<paste your token here>": a placeholder's words
    if kw.startswith("pin"):
        ok = bool(PIN_RE.match(bare)) and _ends_statement(m.string, _value_end(m))
    elif kw in ("key", "keys"):
        # "using RSA key C29C…": a public key's fingerprint, not key material
        ok = random_looking(bare) and not _KEY_KIND_BEFORE_RE.search(
            m.string, max(0, m.start("kw") - 16), m.start("kw")
        )
    else:
        ok = _stated_value_ok(m, kw, bare)
    if not ok:
        return m.group(0)
    return replace_stated(m)


_ARROWS = ("->", "→", "—", "–")  # separators no configuration file uses
_KEY_KIND_BEFORE_RE = lazy_compile(r"(?i)\b(?:rsa|dsa|ecdsa|eddsa|ed25519|gpg|pgp|ssh|host)[ \t]+$")
_SETTING_RE = lazy_compile(r"^[A-Za-z_][\w.\-]{0,40}=")
_SETTING_AFTER_RE = lazy_compile(r"[ \t,;]{1,4}[A-Za-z_][\w.\-]{0,40}=")
_OPEN_ANGLE_RE = lazy_compile(r"<[^<>]*$")
# A Kubernetes object named by its namespace: lower case words joined by dashes.
_OBJECT_REFERENCE_RE = lazy_compile(
    r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*/[a-z][a-z0-9]*(?:[-.][a-z0-9]+)+"
)
# The keyword ends a variable's name: $REGISTRY_PASSWORD, ${DB_PASSWORD}, %API_TOKEN%.
_VARIABLE_BEFORE_RE = lazy_compile(r"(?:\$\{?|%)[A-Za-z0-9_]{0,60}$")


def _stated_value_ok(m: re.Match[str], kw: str, bare: str) -> bool:
    """Whether the value an English sentence states after a secret keyword is one."""
    conn = (m.group("conn") or "").lower()
    text = m.string
    owner = bool(
        _OWNER_RE.search(text, max(0, m.start() - limits.SECRET_OWNER_WINDOW_CHARS), m.start())
    )
    min_chars = limits.SECRET_MIN_CHARS_IN_PROSE
    sep = m.group("sep") or m.group("sep2")
    if m.group("comma"):
        return strong_credential(bare) or random_looking(bare)
    qualified = m.group("qual") or m.group("qual2") or m.group("remark") or sep in _ARROWS
    if kw in ("pw", "pwd", "pass") and not (conn or sep):
        return False  # "-field=pw secret/db": an abbreviation needs "is"/":"
    if sep and not qualified and " " not in kw and not kw.endswith("s"):
        return False  # "key: value" without a qualifier: the assignment rule decided
    # "was set to expire": a verb may follow "set to", so a plain word after it is none
    set_to = conn.startswith(("is", "are", "was", "were")) and conn.endswith("to")
    stated = conn.startswith(("is", "are", "was", "has", "'s", "’s")) and not set_to
    if (owner and stated) or (m.group("q") and conn):
        return len(bare) >= min_chars and not not_a_value(bare)
    if m.group("colon") and _ends_statement(text, _value_end(m)):
        return len(bare) >= min_chars and not not_a_value(bare)  # "the password is: X"
    if (
        (stated or sep)
        and kw.startswith("pass")
        and _ends_statement(text, _value_end(m))
        and _plain_word(bare)
    ):
        return len(bare) >= min_chars  # "the keystore password is changeit."
    if _git_object_id(text, m.start(), bare):
        return False  # "the commit that rotated the token is 4f2a…": a hash
    return plausible_in_prose(bare, min_chars=min_chars) or (
        kw.startswith("pass") and is_passphrase(bare) and _ends_statement(text, _value_end(m))
    )


_HASH_CONTEXT_RE = lazy_compile(r"(?i)commit|sha|hash|revision|checksum|digest|提交")
_GIT_ID_RE = lazy_compile(r"^[0-9a-f]{7,40}$|^[0-9a-f]{64}$")


def _git_object_id(text: str, start: int, value: str) -> bool:
    """A hex value in a sentence about commits or checksums: an object id, not a token."""
    window = text[max(0, start - limits.SECRET_CONTEXT_CHARS // 4) : start]
    return bool(_GIT_ID_RE.match(value) and _HASH_CONTEXT_RE.search(window))


# "use hunter2 as the password"
_USE_AS_RE = compile_bounded(
    # "use X as…", and what was tried or typed as it: "Tried `X` as the password for…"
    first_char_gate("UuTtEeSs") + r"\b(?i:use|used|using|tried|try|trying|typed|entered|set)[ \t]+"
    r"(?:`(?P<quoted>[^`\n]{1,128})`|[\"'`]?(?P<value>[^\s\"'`]{4,128})[\"'`]?)"
    r"[ \t]+(?i:as)[ \t]+"
    r"(?:(?i:the|my|our|a|an)[ \t]+)?(?:[\w\-]{1,30}[ \t]+)?"
    r"(?i:password|passphrase|token|secret|api[ \t]key)\b"
    # (not what the secret is made with: "tried JWT-RS256 as the token format")
    r"(?![ \t]+(?i:format|encoder|hash|hashing|scheme|digest|type|algorithm|provider|store"
    r"|storage|policy|strategy|generator|length)\b)"
)


def _use_as(m: re.Match[str]) -> str:
    group = "value" if m.group("value") is not None else "quoted"
    if not plausible_in_prose(m.group(group), min_chars=limits.SECRET_MIN_CHARS_IN_PROSE):
        return m.group(0)
    return replace_span(m, group, marker(SecretKind.PASSWORD))


EN_STATED_SECRET = RedactionRule(
    id="en-stated-secret",
    description=(
        "A secret stated in an English sentence (the API key is X, my password: X, the password "
        "should be X)"
    ),
    examples_match=(
        "the staging DB password is hunter2.",
        "the password I set was Qwerty!9",
        "my token (don't share): tok_9988776655",
        "The root password is Rt#88xqLm2…ask ops before using it",
    ),
    examples_no_match=(
        "the password is case-sensitive",
        "the token is stored in Redis",
        "the password length is 12",
        "API key  rk_live_…Q7fw  (rolled Mar 2)",
        "gpg: using RSA key 3F9A21C07B5E4D8A96C1B2E3F4A5D6C7B8E9F0A1",
    ),
    keywords=(*KEYWORD_NEEDLES, "pin"),
    pattern=_EN_SENTENCE_RE,
    replace=_en_sentence,
)
USE_AS_PASSWORD = RedactionRule(
    id="use-as-password",
    description="The value of 'use X as the password/token/secret'",
    examples_match=(
        "use hunter2! as the password",
        "use `Tk-9f8e7d` as the token",
        "tried `q7#Lm=xP2v` as the password for billing_ro, still denied",
    ),
    examples_no_match=(
        "use SSO as the login",
        "use bcrypt as the password hash",
        "tried the old one as the password, no luck",
        "I tried JWT-RS256 as the token format, then went back to HS256",
        "I set PBKDF2WithHmacSHA256 as the password encoder",
    ),
    keywords=(" as ",),
    pattern=_USE_AS_RE,
    replace=_use_as,
)
