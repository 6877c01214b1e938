"""Secrets a log prints apart from their names: MyBatis logs a statement with ``?`` for
its parameters (``==>  Preparing: UPDATE sys_user SET password = ? …``) and the values on
the next line (``==> Parameters: Xk9#…(String), teacher01(String)``); the value bound to a
secret column is a secret. (A log line that names its values, ``password=…``, ``"token":
"…"``, is read by the rules of that syntax.)
"""

from __future__ import annotations

import re

from autopatch_memory import limits
from autopatch_memory.lang import lazy_compile
from autopatch_memory.privacy.markers import SecretKind, marker
from autopatch_memory.privacy.replacing import replace_span, replace_spans
from autopatch_memory.privacy.rule import RedactionRule
from autopatch_memory.privacy.spelling import compile_bounded
from autopatch_memory.privacy.values import HEX_RE, SECRET_KEY_NAME_RE, not_a_value

_PARAMETERS_RE = compile_bounded(
    r"Preparing:[ \t]*(?P<sql>[^\n]{1,4096})\r?\n[^\n]{0,512}?Parameters:[ \t]?"
    r"(?P<params>[^\n\r]{1,8192})"
)
_INSERT_RE = lazy_compile(
    r"(?is)\binsert[ \t]+(?:ignore[ \t]+)?into[ \t]+[\w.`\"\[\]]+[ \t]*\((?P<cols>[^()]{1,2048})\)"
    r"[ \t]*values[ \t]*\("
)
_COLUMN_BEFORE_RE = lazy_compile(
    r"[`\"\[]?(?P<col>[A-Za-z_][\w]{0,63})[`\"\]]?[ \t]*(?:=|<>|!=)[ \t]*$"
)
# What a password column holds when it is hashed, not a password: bcrypt, an encoder's
# {id}, a hex digest.
_HASHED_RE = lazy_compile(r"^(?:\$2[abxy]?\$\d\d\$|\$argon2|\{(?!noop\})[a-z0-9]+\}|pbkdf2)")


# A "?" inside VALUES (…): bound to the listed column of its place.
_VALUES_SLOT = "\0values"


def _columns(sql: str) -> list[str | None]:
    """The column each ``?`` of ``sql`` is bound to (``None`` where none is named)."""
    insert = _INSERT_RE.search(sql)
    listed = [c.strip(' `"[]') for c in insert.group("cols").split(",")] if insert else []
    values_at = insert.end() if insert and listed else len(sql)
    slots: list[str | None] = []
    quote = ""
    for i, ch in enumerate(sql):
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch == "?" and i >= values_at:
            slots.append(_VALUES_SLOT)
        elif ch == "?":
            found = _COLUMN_BEFORE_RE.search(sql, max(0, i - 80), i)
            slots.append(found.group("col") if found else None)
    # the VALUES slots, in order, take the listed columns (several rows repeat them)
    out: list[str | None] = []
    placed = 0
    for slot in slots:
        if slot == _VALUES_SLOT:
            slot = listed[placed % len(listed)]
            placed += 1
        out.append(slot)
    return out


def _parameters(params: str) -> list[tuple[int, int]]:
    """Where each parameter's value is in ``params`` (``value(Type), null, …``)."""
    spans: list[tuple[int, int]] = []
    pos = 0
    while pos < len(params):
        if params.startswith("null", pos) and params[pos + 4 : pos + 6] in (", ", ""):
            spans.append((pos, pos))  # null: no value
            pos += 6
            continue
        end = params.find("), ", pos)
        stop = len(params) if end < 0 else end + 1
        chunk_end = params.rfind("(", pos, stop)
        if chunk_end < 0:
            break
        spans.append((pos, chunk_end))
        pos = stop + 2
    return spans


def _mybatis(m: re.Match[str]) -> str:
    columns = _columns(m.group("sql"))
    params = m.group("params")
    secret: list[tuple[int, int]] = []
    for column, (start, end) in zip(columns, _parameters(params), strict=False):
        value = params[start:end]
        if (
            column is None
            or not SECRET_KEY_NAME_RE.search(column)
            or end - start < limits.SECRET_MIN_CHARS_STATED
        ):
            continue
        if not_a_value(value) or _HASHED_RE.match(value):
            continue
        if "pass" in column.lower() and HEX_RE.match(value) and len(value) >= 32:
            continue  # a password column holding a digest
        secret.append((start, end))
    if not secret:
        return m.group(0)
    return replace_span(m, "params", replace_spans(params, secret, marker(SecretKind.PASSWORD)))


MYBATIS_PARAMETERS = RedactionRule(
    id="mybatis-parameters",
    description=(
        "The parameter a MyBatis log binds to a secret column (Preparing: … password = ? / "
        "Parameters: X(String))"
    ),
    examples_match=(
        "==>  Preparing: UPDATE sys_user SET password = ? WHERE username = ?\n"
        "==> Parameters: Xk9#mQ2vLp(String), teacher01(String)",
        "==>  Preparing: INSERT INTO t_app (app_key, app_secret) VALUES (?, ?)\n"
        "==> Parameters: xt_report(String), lmtP3k4Xx0kjPZOvl9XuwvDi(String)",
    ),
    examples_no_match=(
        "==>  Preparing: SELECT id FROM sys_user WHERE username = ?\n"
        "==> Parameters: teacher01(String)",
        "==>  Preparing: UPDATE sys_user SET password = ? WHERE id = ?\n"
        "==> Parameters: $2a$10$N9qo8uLOickgx2ZMRZoMye(String), 7(Long)",
    ),
    keywords=("parameters:",),
    also=("preparing:",),
    pattern=_PARAMETERS_RE,
    replace=_mybatis,
)
