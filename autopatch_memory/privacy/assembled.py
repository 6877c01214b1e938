"""A secret a program assembles from literals kept apart, so that no line holds it whole
(docs/privacy.md#what-is-a-secret):

* the literals of the expression assigned to a secret's name, when that expression only
  joins them: ``String token = String.join("", "…", "…")``, ``new StringBuilder("…")
  .reverse().toString() + "…"``, Kotlin's ``buildString { append("…") … }``, an array of
  its parts (``"secretParts": ["…", "…"]``, ``String[] tokenParts = {…}``);
* a literal held by a name that a later line joins into a secret's name: ``SIGN_A =
  "…"`` … ``SIGN_SECRET = SIGN_A + SIGN_B``, ``sb.append("…")`` … ``String appSecret =
  sb.toString()``, ``P1=…`` … ``TOKEN="${P1}${P2}"``.

(Literals concatenated in place, ``"sk_live_…" + "…"``, are the joined rule's.) The
joining expression may call nothing but what joins strings, so ``jwt.sign("user01",
key)`` or ``fetch(url)`` assembles no secret; the pieces, joined, must look like a
credential.
"""

from __future__ import annotations

import re

from autopatch_memory import limits
from autopatch_memory.lang import lazy_compile
from autopatch_memory.privacy.markers import MARKER_PREFIX, SecretKind, marker
from autopatch_memory.privacy.replacing import replace_span
from autopatch_memory.privacy.rule import RedactionRule
from autopatch_memory.privacy.spelling import compile_bounded
from autopatch_memory.privacy.values import (
    not_a_value,
    plausible_in_prose,
    random_looking,
    secret_shaped,
    strong_credential,
)
from autopatch_memory.privacy.words import KEYWORD_NEEDLES

# A name that ends with a secret word, or names a secret's parts ("secretParts").
_SECRET_WORD = r"(?i:pass(?:word|wd)?|pwd|secret|token|credentials?|key)"
_PARTS = r"(?:s|[-_.]?(?i:parts|pieces|chunks|halves|segments|fragments))?"
# How the values are written: "unseal_keys_b64", "secret_hex".
_ENCODED = r"(?:[-_.]?(?i:b64|base64|hex))?"
_SECRET_NAME_RE = lazy_compile(
    r"(?<![a-z])"
    + _SECRET_WORD
    + _PARTS
    + _ENCODED
    + "$|(?<=[a-z0-9_])(?:Pass(?:word|wd)?|Pwd|Secret|Token|Credentials?|Key)"
    + _PARTS
    + _ENCODED
    + "$"
)
# A key named for no more than "key": its value must be key material.
_KEY_NAME_RE = lazy_compile(r"(?i)key" + _PARTS + _ENCODED + "$")
_SECRET_WORD_RE = lazy_compile(r"(?i)pass|pwd|secret|token|credential")
# What a joining expression may call: nothing but what builds a string from its parts.
_JOINING_CALLS = frozenset(
    """
    join concat toString reverse valueOf copyValueOf String StringBuilder StringBuffer
    append buildString listOf arrayOf mutableListOf of asList new trim strip intern
    toCharArray getBytes format getDecoder getUrlDecoder getMimeDecoder decode b64decode
    """.split()
)
_CALL_RE = lazy_compile(r"(?<![\w$])([A-Za-z_][\w$]*)[ \t]*[({]")
_LITERAL_RE = lazy_compile(r"\"([^\"\\\n]{0,256})\"|'([^'\\\n]{0,256})'")


def _joins_only(expr: str) -> bool:
    """``expr`` calls nothing but what joins strings (a member, ``x.y``, is no call)."""
    return all(name in _JOINING_CALLS for name in _CALL_RE.findall(expr))


def _credential(joined: str, *, key_only: bool) -> bool:
    """The pieces, joined, look like a credential; for a name that says only "key" (a
    cache key, a map key…), like key material or a chosen password."""
    if not joined or not_a_value(joined):
        return False
    if key_only:
        return random_looking(joined) or strong_credential(joined)
    return secret_shaped(joined) or plausible_in_prose(
        joined, min_chars=limits.SECRET_MIN_CHARS_KEY_LITERAL
    )


# A literal that only separates the others (String.join(":", …), "-".join(…)).
_SEPARATOR_RE = lazy_compile(r"^[\W_]{0,2}$")


# The expression assigned to a secret's name, to the end of its statement (a Kotlin
# builder block or a bracketed group to its closing bracket). Found at the "=" or ":"
# (far rarer than the letters a name starts with); the callback reads the name back.
_ASSIGNED_EXPR_RE = compile_bounded(
    # (the separator first, its look-behind after it: the engine finds "=" and ":" in C)
    r"(?:=(?<![=!<>]=)(?![=>])|:(?![:/]))[ \t]*"
    r"(?P<expr>buildString[ \t]*\{[^{}]{1,1024}\}|\([^()]{1,1024}\)|\[[^\[\]]{1,2048}\]"
    r"|[^\n;]{1,512})"
)
# The name before the separator, perhaps quoted or typed ("val secret: String =").
_NAME_BEFORE_RE = lazy_compile(
    r"(?<![\w$.\-])(?P<name>[\w$.\-]{1,64})[\"']?[ \t]*(?::[ \t]*[\w.<>\[\]?]{1,40}[ \t]*)?$"
)


def _name_before(text: str, pos: int) -> str | None:
    """The name assigned to at ``pos`` (its separator), when it is a secret's name."""
    head = text[max(0, pos - 2 * limits.SECRET_MAX_KEY_CHARS) : pos]
    found = _NAME_BEFORE_RE.search(head)
    if found is None or not _SECRET_NAME_RE.search(found.group("name")):
        return None
    return found.group("name")


# What makes an expression a join: "+", a joining call, an array or list of the parts.
_JOIN_RE = lazy_compile(
    r"\+|\b(?:join|concat|append|buildString|listOf|arrayOf|asList|of)[ \t]*[({]|^[ \t]*[\[{]"
    r"|new[ \t]+String[ \t]*\[\]"
    r"|[\"'][ \t]*\r?\n[ \t]*[\"']"  # Python's adjacent literals in brackets
)
# An array whose items are objects holds records (a JWK set's keys), not a secret's parts.
_OBJECTS_RE = lazy_compile(r"[ \t]*\[[ \t\r\n]*\{")
# An object of named fields ("tokens": {"primaryColor": "…", …}: design tokens, a map)
# holds values by name, not the parts of one secret.
_NAMED_FIELDS_RE = lazy_compile(r"[ \t]*\{[ \t\r\n]*[\"'][^\"'\n]{1,64}[\"'][ \t]*:")
# A literal that indexes something (environ['X'], cfg["k"]) is no piece.
_SUBSCRIPT_BEFORE_RE = lazy_compile(r"[\w$\]][ \t]*\[[ \t]*$")


def _statement(expr: str) -> str:
    """``expr`` up to where the statement ends: a comma or a closing bracket at its own
    depth ("os.environ['X'], db='tms')" is an argument, then the next one)."""
    depth, quote = 0, ""
    for i, ch in enumerate(expr):
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "\"'":
            quote = ch
        elif ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
            if depth < 0:
                return expr[:i]
        elif ch == "," and depth == 0:
            return expr[:i]
    return expr


def _assigned_expression(m: re.Match[str]) -> str:
    raw = m.group("expr")
    if raw.count('"') + raw.count("'") < 4 or not _JOIN_RE.search(raw):
        return m.group(0)  # fewer than two literals, or nothing joins them
    name = _name_before(m.string, m.start())
    if name is None:
        return m.group(0)
    expr = _statement(raw)
    if _OBJECTS_RE.match(expr) or _NAMED_FIELDS_RE.match(expr):
        return m.group(0)  # "keys": [{"kty": "RSA", …}]: a list of records (a JWK set), not parts
    literals = [
        lit
        for lit in _LITERAL_RE.finditer(expr)
        if not _SEPARATOR_RE.match(lit.group(1) if lit.group(1) is not None else lit.group(2))
        and not _SUBSCRIPT_BEFORE_RE.search(expr, 0, lit.start())
    ]
    if len(literals) < 2 or not _JOIN_RE.search(expr) or not _joins_only(expr):
        return m.group(0)  # one literal is the assignment rules'; a call may mean anything
    pieces = [lit.group(1) if lit.group(1) is not None else lit.group(2) for lit in literals]
    if any(MARKER_PREFIX in piece for piece in pieces):
        return m.group(0)  # a piece already redacted: the rules that follow one take the rest
    key_only = bool(_KEY_NAME_RE.search(name)) and not _SECRET_WORD_RE.search(name)
    if not _credential("".join(pieces), key_only=key_only):
        return m.group(0)
    out: list[str] = []
    cursor = 0
    for lit in literals:
        group = 1 if lit.group(1) is not None else 2
        out += (expr[cursor : lit.start(group)], marker(SecretKind.ASSIGNMENT))
        cursor = lit.end(group)
    out.append(expr[cursor:])
    return m.group(0)[: m.start("expr") - m.start()] + "".join(out)


# A literal held by a name: assigned to it, or appended to a builder it names. Found at
# the "=" or ".append(" (the callback reads the name back), so a text without either costs
# one scan in C.
_HELD_LITERAL_RE = compile_bounded(
    r"(?:=(?<![=!<>+\-*/%&|^:]=)(?![=>~])[ \t]*|\.append\([ \t]*)"
    r"(?:(?P<q>[\"'])(?P<value>[^\"'\n\\]{4,256})(?P=q)"
    # a shell variable's value: P1=abc123, alone on its line
    r"|(?<==)(?P<plain>[^\s\"'$`;&|()]{4,256})[ \t]*(?=\r?\n|\Z))"
)
# What comes before the "=": a name, perhaps typed (Kotlin's "val a: String ="); a shell
# variable starts its line ("export P1=…").
_HOLDER_BEFORE_RE = lazy_compile(
    r"(?<![\w$.])(?P<holder>[A-Za-z_$][\w$]{0,63})(?::[ \t]*[\w.<>\[\]?]{1,40})?[ \t]*$"
)
_SHELL_HOLDER_BEFORE_RE = lazy_compile(
    r"(?:^|\n)[ \t]{0,16}(?:export[ \t]+)?(?P<holder>[A-Za-z_]\w{0,63})$"
)
_APPENDED_TO_RE = lazy_compile(r"(?<![\w$.])(?P<holder>[A-Za-z_$][\w$]{0,63})$")


def _holder(m: re.Match[str]) -> str | None:
    """The name that holds the literal ``m`` found, read back from its "=" or ".append("."""
    text, start = m.string, m.start()
    head = text[max(0, start - 2 * limits.SECRET_MAX_KEY_CHARS) : start]
    if m.group(0).startswith("."):
        found = _APPENDED_TO_RE.search(head)
    elif m.group("plain") is not None:
        found = _SHELL_HOLDER_BEFORE_RE.search(head)
    else:
        found = _HOLDER_BEFORE_RE.search(head)
    return found.group("holder") if found else None


# The line of a later statement that joins the holder into a secret's name (read on
# one line, bounded: the name's run is walked once).
_JOINING_LINE_RE = lazy_compile(
    r"(?<![\w$.\-])(?P<target>[\w$.\-]{1,80})[\"']?[ \t]*"
    r"(?::[ \t]*[\w.<>\[\]?]{1,40}[ \t]*)?=(?![=>])[ \t]*(?P<expr>[^\n;]{1,512})"
)


def _joined_later(text: str, holder: str, start: int) -> re.Match[str] | None:
    """The statement after ``start`` (within a bounded window) that joins ``holder`` into a
    secret's name, if any."""
    end = min(len(text), start + limits.SECRET_ASSEMBLED_WINDOW_CHARS)
    pos = start
    for _ in range(limits.SECRET_ASSEMBLED_MAX_USES):
        pos = text.find(holder, pos, end)
        if pos < 0:
            return None
        after = pos + len(holder)
        # ("$" bounds a name here: a shell joins "$HEAD$TAIL")
        word = (pos == 0 or not (text[pos - 1].isalnum() or text[pos - 1] == "_")) and (
            after >= len(text) or not (text[after].isalnum() or text[after] == "_")
        )
        if word:
            line_start = text.rfind("\n", 0, pos) + 1
            line_end = text.find("\n", pos)
            line = text[line_start : len(text) if line_end < 0 else line_end]
            joining = _JOINING_LINE_RE.search(line)
            if (
                joining is not None
                and joining.start("expr") <= pos - line_start
                and _SECRET_NAME_RE.search(joining.group("target"))
                and _joins_only(joining.group("expr"))
            ):
                return joining
        pos = after
    return None


def _held_literal(m: re.Match[str]) -> str:
    group = "value" if m.group("value") is not None else "plain"
    value = m.group(group)
    if value.startswith(MARKER_PREFIX) or not_a_value(value):
        return m.group(0)
    holder = _holder(m)
    appended = m.group(0).startswith(".")
    if holder is None or (not appended and _SECRET_NAME_RE.search(holder)):
        return m.group(0)  # a literal given a secret's own name is the assignment rules'
    if not (
        plausible_in_prose(value, min_chars=limits.SECRET_MIN_CHARS_IN_PROSE)
        or (value.isalpha() and not value.islower() and not value[1:].islower())
    ):
        return m.group(0)  # a word, a sentence: no piece of a secret
    joining = _joined_later(m.string, holder, m.end())
    if joining is None:
        return m.group(0)
    key_only = bool(_KEY_NAME_RE.search(joining.group("target"))) and not _SECRET_WORD_RE.search(
        joining.group("target")
    )
    if key_only and not plausible_in_prose(value, min_chars=limits.SECRET_MIN_CHARS_KEY_LITERAL):
        return m.group(0)  # a cache key's segment, a map key
    return replace_span(m, group, marker(SecretKind.ASSIGNMENT))


ASSEMBLED_SECRET = RedactionRule(
    id="assembled-secret",
    description=(
        "The literals of an expression that only joins them, assigned to a secret's name "
        '(String.join("", "…", "…"), buildString { append("…") }, "secretParts": ["…", "…"])'
    ),
    examples_match=(
        'String token = String.join("", "RrMuoAuCDIo6A0uC", "C67phjFxane375nk");',
        'val secret = buildString {\n    append("g9TzLBbivJ4D")\n    append("We4TM2mi3Lp3")\n}',
        '"secretParts": ["u5p60VbnpnWyfniS", "BcqD95YJaYgelcjL"]',
        '"unseal_keys_b64": [\n  "qL8dR2vX9mT4kP7zW1nB5cY3hJ6fG0sA",\n'
        '  "Zx4Cv7Bn2Mq9Lw5Kp8Jr3Ht6Gf1Ds0Ae"\n]',
    ),
    examples_no_match=(
        'String token = jwt.sign("user01", "ROLE_ADMIN");',
        'String tokenUrl = String.join("/", "https://sso.example.com", "oauth", "token");',
        '"tokenTypes": ["bearer", "mac"]',
        '{"keys": [{"kty": "EC", "crv": "P-256", "kid": "k1", "x": "f83OJ3D2", "y": "x_FEzRu9"}]}',
        '"tokens": {"primaryColor": "color.brand.primary.500", "fontFamily": "Inter-Regular-Bold"}',
    ),
    keywords=KEYWORD_NEEDLES,
    pattern=_ASSIGNED_EXPR_RE,
    replace=_assigned_expression,
)
HELD_SECRET_PART = RedactionRule(
    id="held-secret-part",
    description=(
        "A literal held by a name that a later statement joins into a secret's name "
        '(SIGN_A = "…" … SIGN_SECRET = SIGN_A + SIGN_B; sb.append("…") … appSecret = '
        "sb.toString())"
    ),
    examples_match=(
        'String part1 = "DBGC7=fFG5";\nString part2 = "s449FMaSd6";\n'
        "String dbPassword = part1 + part2;",
        'sb.append("ULYkrR7qKJMH");\nsb.append("CPdfdu3o2ddy");\nString appSecret = sb.toString();',
        'P1=Xk9mQ2vLp7\nP2=Hd8sW3nTz5\nexport API_TOKEN="${P1}${P2}"',
    ),
    examples_no_match=(
        'String prefix = "course:";\nString cacheKey = prefix + courseId;',
        'String user = "admin01";\nString token = jwt.sign(user, key);',
        'String base = "https://api.example.com";\nString tokenUrl = base + "/oauth/token";',
    ),
    keywords=KEYWORD_NEEDLES,
    pattern=_HELD_LITERAL_RE,
    replace=_held_literal,
)
