"""Secrets in tables: every cell of a Markdown, CSV or TSV table's column whose header
names a password, a secret or a key.
"""

from __future__ import annotations

import re

from autopatch_memory import limits
from autopatch_memory.lang import lazy_compile
from autopatch_memory.privacy.markers import SecretKind, marker
from autopatch_memory.privacy.replacing import replace_span
from autopatch_memory.privacy.rule import RedactionRule
from autopatch_memory.privacy.spelling import compile_bounded
from autopatch_memory.privacy.values import plausible_in_prose, secret_shaped
from autopatch_memory.privacy.vendors import is_vendor_token
from autopatch_memory.privacy.words import CJK_TEXT_RE

# A Markdown table whose header names a password column: every cell of that column.
_TABLE_RE = compile_bounded(
    # (or a console's: a mysql client draws its rules with "+": "+----+-------+")
    r"^[ \t]{0,8}\|(?P<header>[^\n]{1,1024})\n[ \t]{0,8}[|+][ \t]*:?-{1,64}[-:|+ \t]{0,1024}\n"
    r"(?P<rows>(?:[ \t]{0,8}\|[^\n]{0,2048}(?:\n|\Z)){1,500})",
    re.M,
)
_SECRET_COLUMN_WORD = (
    r"(?:密码|口令|密钥|秘钥|令牌|[\w .\-]{0,20}(?:password|passwd|pwd|secret|token|"
    r"api[ _\-]?key|secret[ _\-]?key|access[ _\-]?key(?:[ _\-]?(?:id|secret))?|credentials?))"
)
# One name, or several joined ("密码/Token", "password / key").
_SECRET_COLUMN_RE = lazy_compile(
    r"(?i)^" + _SECRET_COLUMN_WORD + r"(?:[ \t]*[/、|][ \t]*" + _SECRET_COLUMN_WORD + r")*$"
)


# A row keyed by a secret's name ("| ES_PASSWORD | V |", "| 短信 (Twilio auth token) | V |",
# "| 数据库密码 | V |"): the cell after the name holds its value.
_SECRET_ROW_KEY_RE = lazy_compile(
    r"(?i)(?:(?<![A-Za-z])(?:password|passwd|pwd|secret|token|api[ _\-]?key|access[ _\-]?key"
    r"|secret[ _\-]?key|credentials?|(?:web|js|server|app|sdk|license|signing|encryption|master"
    r"|private)[ _\-]?key|\b(?:ak|sk))|(?<=[a-z0-9_.\-])(?:password|passwd|pwd|secret|token))"
    r"\)?$|(?:密码|口令|密钥|秘钥|令牌)(?:[（(][^（）()]{1,20}[）)])?$"
)


def _table(m: re.Match[str]) -> str:
    header = [cell.strip() for cell in m.group("header").strip().strip("|").split("|")]
    columns = [i for i, cell in enumerate(header) if _SECRET_COLUMN_RE.match(cell)]
    rows = []
    for line in m.group("rows").split("\n"):
        cells = line.split("|")
        # cells[0] is what precedes the first "|"; the last, what follows the last
        keyed = [j for j in range(1, len(cells) - 2) if _SECRET_ROW_KEY_RE.search(cells[j].strip())]
        for i in {*(c + 1 for c in columns), *(j + 1 for j in keyed)}:
            if i < len(cells) - 1:
                cells[i] = _redacted_cell(cells[i])
        rows.append("|".join(cells))
    return replace_span(m, "rows", "\n".join(rows))


def _redacted_cell(raw: str) -> str:
    """A table cell with its value replaced when it looks like a credential."""
    cell = raw.strip()
    # (in a password column, letters of both cases are enough: "HJfIJIoJSvCuJF")
    mixed = cell.isalpha() and not cell.islower() and not cell.isupper() and len(cell) >= 8
    if CJK_TEXT_RE.search(cell) or not (
        mixed or plausible_in_prose(cell, min_chars=limits.SECRET_MIN_CHARS_IN_PROSE)
    ):
        return raw
    if is_vendor_token(cell):
        return raw  # a vendor's token: its own rule names its kind ([REDACTED:github_token])
    return raw.replace(cell, marker(SecretKind.PASSWORD), 1)


# CSV or TSV with a header naming a password column: "username,password,role\nops,x,ops"
_DELIMITED_TABLE_RE = compile_bounded(
    # a delimiter within the first field, then a secret word somewhere on the line
    r"^(?=[\w .\-]{1,40}[,\t])(?=[^\n]{0,400}?(?i:pass|pwd|secret|token|密码|口令))"
    r"(?P<header>[\w .\-]{1,40}(?:(?P<d>[,\t])[\w .\-]{1,40}){1,30})"
    r"[ \t]*\n(?P<rows>(?:[^\n]{1,2048}(?:\n|\Z)){1,500})",
    re.M,
)


def _delimited_table(m: re.Match[str]) -> str:
    delimiter = m.group("d")
    header = [cell.strip() for cell in m.group("header").split(delimiter)]
    columns = {
        # "Access Key Id": the public half of a key pair, a secret all the same
        i: SecretKind.CLOUD_ACCESS_KEY if cell[-2:].lower() == "id" else SecretKind.PASSWORD
        for i, cell in enumerate(header)
        if _SECRET_COLUMN_RE.match(cell)
    }
    if not columns:
        return m.group(0)
    rows = m.group("rows").split("\n")
    for r, line in enumerate(rows):
        cells = _fields(line, delimiter)
        if cells is None or len(cells) != len(header):
            break  # the table ended
        for i, kind in columns.items():
            cell = cells[i].strip()
            inner = cell[1:-1].replace('""', '"') if cell[:1] == '"' == cell[-1:] else cell
            if plausible_in_prose(inner, min_chars=limits.SECRET_MIN_CHARS_IN_PROSE):
                quote = '"' if inner != cell else ""
                cells[i] = cells[i].replace(cell, quote + marker(kind) + quote, 1)
        rows[r] = delimiter.join(cells)
    return replace_span(m, "rows", "\n".join(rows))


# One field of a CSV or TSV line, quoted ("a,b") or not.
_CSV_FIELD_RE = lazy_compile(r'"(?:[^"\n]|""){0,512}"|[^,"\n]{0,512}')
_TSV_FIELD_RE = lazy_compile(r'"(?:[^"\n]|""){0,512}"|[^\t"\n]{0,512}')


def _fields(line: str, delimiter: str) -> list[str] | None:
    """The raw fields of a CSV/TSV line (quotes kept), or None when it is not one."""
    field_re = _CSV_FIELD_RE if delimiter == "," else _TSV_FIELD_RE
    fields: list[str] = []
    pos = 0
    while True:
        field = field_re.match(line, pos)
        if field is None or len(fields) > limits.SECRET_TABLE_MAX_COLUMNS:
            return None
        fields.append(field.group(0))
        pos = field.end()
        if pos == len(line):
            return fields
        if line[pos] != delimiter:
            return None
        pos += 1


# A server list pasted as it was handed over: an address, a user and a password a line
# ("10.20.11.21  root  Pmh@Srv2026a"); the third column must be shaped like a secret (an
# /etc/hosts line's third column is a name, a log line's a request).
_HOST_ACCOUNT_ROW_RE = compile_bounded(
    r"^[ \t]{0,8}(?:\d{1,3}(?:\.\d{1,3}){3}(?::\d{1,5})?|[\w\-]{1,63}(?:\.[\w\-]{1,63}){1,8})"
    # (not a known_hosts line: its second column is a key type)
    r"[ \t]+(?!ssh-|ecdsa-|sk-)[A-Za-z_][\w.@\-]{0,31}[ \t]+(?P<value>[\x21-\x7e]{6,128})"
    # a note may follow: "  # db master", "，主库"
    r"(?:[ \t]+#[^\n]*|[ \t]*[，,；;（(][^\n]*)?[ \t]*$",
    re.M,
)


# A version in the third column ("Temurin-17.0.10+7", "redis-7.2.4#cluster"): software, not a
# password.
_VERSION_IN_VALUE_RE = lazy_compile(r"\d+\.\d+\.\d+")


def _host_account_row(m: re.Match[str]) -> str:
    value = m.group("value")
    if not secret_shaped(value) or _VERSION_IN_VALUE_RE.search(value):
        return m.group(0)
    return replace_span(m, "value", marker(SecretKind.PASSWORD))


HOST_ACCOUNT_ROW = RedactionRule(
    id="host-account-row",
    description="The password of a server list's line: an address, a user and a password",
    examples_match=(
        "服务器清单（运维给的）：\n10.20.11.21  root  Pmh@Srv2026a\n"
        "10.20.11.22  root  Pmh@Srv2026b",
        "db01.pmh.internal  admin  Xk9#mQ2$vLp8",
        "10.20.11.21  root  Pmh@Srv2026a，主库",
    ),
    examples_no_match=(
        "10.20.11.21  db01  db01.pmh.internal",
        '10.20.11.21 - - "GET /api/v1/orders?page=2 HTTP/1.1" 200',
        "10.20.11.21  root  22",
        "10.0.0.21  jdk  Temurin-17.0.10+7",
        "10.0.0.7  redis  redis-7.2.4#cluster",
        "10.0.0.5 ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTY",
    ),
    keywords=(".",),
    pattern=_HOST_ACCOUNT_ROW_RE,
    replace=_host_account_row,
)
MARKDOWN_TABLE = RedactionRule(
    id="markdown-secret-column",
    description=(
        "The cells of a Markdown table's password, secret or key column, and of rows keyed by a "
        "secret's name"
    ),
    examples_match=(
        "| user | password |\n|---|---|\n| ops | 0ps#Team1 |",
        "| name | value |\n|---|---|\n| ES_PASSWORD | El4stic!9 |",
        "| item | value |\n|---|---|\n| Baidu AK | Qm7TzP2wXv9LkN4rB8cD1eF6gH3jK5sA |",
        "+------+------------------+\n| id   | device_secret    |\n+------+------------------+\n"
        "| 1201 | hjFwVhvEgqawxS8H |\n+------+------------------+",
    ),
    examples_no_match=(
        "| user | role |\n|---|---|\n| ops | admin#1 |",
        "| item | value |\n|---|---|\n| Baidu AK | (in Vault) |",
    ),
    keywords=("|",),
    pattern=_TABLE_RE,
    replace=_table,
)
# Before the sentence rules, which would read a header ("Access Key Id,Secret") as prose
DELIMITED_TABLE = RedactionRule(
    id="delimited-secret-column",
    description="The cells of a CSV or TSV table's password, secret or access-key column",
    examples_match=("username,password,role\nops,0ps#Team1,admin",),
    examples_no_match=("username,role\nops,admin", "username,password\nops,${OPS_PASSWORD}"),
    keywords=("pass", "pwd", "secret", "token", "密码", "口令"),
    pattern=_DELIMITED_TABLE_RE,
    replace=_delimited_table,
)
