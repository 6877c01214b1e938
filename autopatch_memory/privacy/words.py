"""The word lists and character classes the privacy rules judge text by.

After "password:" a type or a placeholder word is no secret ("password: String"); after
"my password is" a describing word is none either ("wrong"). Only the privacy rules use
these lists (docs/privacy.md), so they live here rather than in ``signals``.
"""

from __future__ import annotations

from autopatch_memory.lang import CJK_CLASS, lazy_compile

# After "password:"/"token=", these are a type, a literal or a placeholder word,
# not a secret ("password: String", "token = null", "secret: required").
NOT_SECRET_VALUES: frozenset[str] = frozenset(
    """
    string str charsequence char[] chararray bytearray byte[] int integer long char any
    object secret secretstr secretstring bytes number boolean bool
    null none nil true false undefined required optional empty yes no on off
    text varchar password passwd token hidden masked redacted placeholder example
    dummy test todo tbd n/a na include omit same-origin auto default disabled enabled new await
    replace_me replaceme change_me changeme fixme env file stdin prompt ~
    """.split()
)
# After "my password is ...": a description, not the password itself.
NOT_SECRET_WORDS: frozenset[str] = frozenset(
    """
    wrong incorrect invalid expired correct right empty blank missing required set unset
    changed reset rotated revoked weak strong long short too not still the a an same
    different ok fine stored saved hashed encrypted encoded rejected accepted valid
    optional mandatory generated random unique secure insecure sensitive case-sensitive
    shared private public visible hidden leaked compromised needed necessary useful
    used sent passed checked verified validated refreshed renewed issued signed
    below above attached following
    """.split()
)
# Function words: a "value" that is one of these is the next word of a sentence.
STOPWORDS: frozenset[str] = frozenset(
    """
    a an the it its this that these those there here is are was were be been being
    has have had got gets get
    to of in on at by for from with without as into onto about over under than then
    and or but if so not no nor do does did done can could should would will shall
    may might must i you he she we they me him her us them my your our their his
    what which who whom whose when where why how also just only very much more most
    some any all each every both either neither such same other another via per
    see ask check refer contact get find read look
    """.split()
)
# Algorithms, formats and schemes named after "password is"/"密码用": not values.
TECH_TERMS: frozenset[str] = frozenset(
    """
    md5 sha1 sha-1 sha256 sha-256 sha384 sha512 sha-512 sha2 sha3 bcrypt scrypt argon2
    argon2id pbkdf2 hmac hmac-sha256 hs256 hs384 hs512 rs256 rs512 es256 ps256 aes
    aes-128 aes-256 aes-gcm aes/gcm rsa rsa-2048 rsa2048 des 3des sm2 sm3 sm4 ecdsa
    ed25519 base64 base64url hex utf-8 utf8 jwt jws jwe oauth oauth2 oauth2.0 oidc
    saml ldap kerberos bearer basic digest uuid guid totp hotp 2fa mfa otp sso cas
    json xml yaml http https tls ssl plaintext plain cleartext
    accesskey accesskeyid accesskeysecret secretkey secretid appkey appid appsecret clientid
    clientsecret apikey
    """.split()
)

# CJK text and its punctuation and symbols (inside a character class): where an unquoted
# value ends. The kernel's CJK_CLASS, and radicals, CJK punctuation, bopomofo and
# compatibility symbols, vertical and full-width forms.
CJK_TEXT_CLASS = (
    CJK_CLASS + r"\u2e80-\u2fff\u3000-\u303f\u3100-\u33ff\u4dc0-\u4dff\ufe30-\ufe4f\uff00-\uffef"
)
CJK_TEXT_RE = lazy_compile("[" + CJK_TEXT_CLASS + "]")
# Full-width letters, digits and symbols belong to a value ("Kb0rd＃Admin"); full-width
# punctuation that ends a clause does not: ！（），：；？
FULLWIDTH_VALUE_CHARS = r"\uff02-\uff07\uff0a\uff0b\uff0d-\uff19\uff1c-\uff1e\uff20-\uff5e"
TRAILING = ".,:;!?…"  # sentence punctuation after a value is not part of it

# Needles (see ``engine._Rule``): a rule about secret keywords runs only when one of these
# is in the text.
KEYWORD_NEEDLES = (
    *("pass", "pw", "secret", "token", "key", "cred", "auth", "sig", "sk"),
    *("app-cert", "app_cert", "appcert", "app.cert"),  # an RTC vendor's app certificate
    "psk",  # a Wi-Fi or VPN pre-shared key
)
# "PAT" (a personal access token) as a word before its value: "pat" alone is in "path",
# "patch" and "pattern", which every Java answer holds, so the word and what follows it.
PAT_NEEDLES = ("pat ", "pat:", "pat：", "pat=", "pat是", "pat为", "pat,", "pat，", "pat\t", "pats ")
ZH_NEEDLES = ("密码", "口令", "密钥", "秘钥", "私钥", "令牌", "授权码", "凭证", "凭据")
