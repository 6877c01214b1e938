"""Secrets on command lines and in consoles: a password option of a known tool
(``mysql -p…``, ``curl -u user:…``, ``--password …``), ``config set`` of a secret key,
a password piped or here-stringed into a program, ``AUTH`` in a Redis console and
PowerShell's ``ConvertTo-SecureString``.
"""

from __future__ import annotations

import re

from autopatch_memory.privacy.replacing import _replace_password
from autopatch_memory.privacy.spelling import _MARKER_VALUE, _compile, _quoted
from autopatch_memory.privacy.values import _KEY_ID_RE, _SECRET_KEY_NAME_RE, _random_looking
from autopatch_memory.privacy.words import _KEYWORD_NEEDLES

# aws configure set aws_secret_access_key X / npm config set //r/:_authToken X
_CONFIG_SET_RE = _compile(
    r"\b(?:config|configure)[ \t]+(?:--global[ \t]+)?(?i:set)[ \t]+(?P<key>[^\s=]{1,100})[ \t]+"
    r"(?P<value>" + _MARKER_VALUE + r"|" + _quoted(256) + r"|[^\s\"'`]{1,256})"
)


def _config_set(m: re.Match[str]) -> str:
    if not _SECRET_KEY_NAME_RE.search(m.group("key")):
        return m.group(0)
    return _replace_password(m)


# A Redis console: "127.0.0.1:6379> AUTH x", "AUTH default x"
_REDIS_AUTH_RE = _compile(
    r"^(?:[\w.:\-]{1,64}>)?[ \t]*AUTH[ \t]+(?:\S{1,64}[ \t]+)?(?P<value>"
    + _quoted(256)
    + r"|\S{1,256})[ \t]*$",
    re.M,
)
# PowerShell: ConvertTo-SecureString "x" -AsPlainText
_POWERSHELL_SECURE_STRING_RE = _compile(
    r"\b(?i:ConvertTo-SecureString)[ \t]+(?:-String[ \t]+)?(?P<value>" + _quoted(256) + r")"
)


# echo 'x' | docker login --password-stdin, echo x | sudo -S …, echo x | passwd --stdin u:
# a password piped into a program that reads it (--password-stdin <<< 'x' below)
_STDIN_PASSWORD_RE = _compile(
    r"\becho[ \t]+(?:-[ne][ \t]+)?(?P<value>" + _quoted(256) + r"|[^\s|'\"]{1,256})[ \t]*\|[ \t]*"
    r"(?:sudo[ \t]+(?:-\w{1,8}[ \t]+){0,3}?-S\b|passwd[ \t]+--stdin\b|kinit\b"
    r"|(?:sudo[ \t]+)?[\w\-]{1,20}[ \t]+(?:[\w\-]{1,20}[ \t]+)?login\b)"
)
_HERE_STRING_PASSWORD_RE = _compile(
    r"--password-stdin[ \t]*<<<[ \t]*(?P<value>" + _quoted(256) + r"|\S{1,256})"
)


# An option's value: quoted, or printable ASCII not starting with '-' (the next option)
# and without CJK text ("--password 参数是干嘛的" asks about the option).
_CLI_VALUE = (
    r"(?P<value>"
    + _MARKER_VALUE
    + r"|"
    + _quoted(256)
    # (not at a redirection, a pipe or a list separator: "--with-token < file")
    + r"|[\x21\x23-\x25\x28-\x2c\x2e-\x3a\x3d\x3f-\x5f\x61-\x7b\x7d\x7e]"
    r"[\x21\x23-\x26\x28-\x5f\x61-\x7e]{0,255})" + r"(?![^\s\x21-\x7e])"
)
# A tool's password option, and the needles that must be in a text for it to run.
_CLI_RULES: tuple[tuple[re.Pattern[str], tuple[str, ...]], ...] = (
    # mysql -uroot -pS3cret  (only attached: "-p mydb" prompts for the password)
    (
        _compile(
            r"\b(?:mysql|mysqldump|mysqladmin|mysqlimport|mysqlsh|mariadb|mariadb-dump)\b"
            r"[^\n]{0,300}?[ \t]-p(?P<value>"
            + _MARKER_VALUE
            + r"|"
            + _quoted(256)
            + r"|[^\s\"'`]{1,256})"
        ),
        ("mysql", "mariadb"),
    ),
    (_compile(r"\bredis-cli\b[^\n]{0,300}?[ \t]-a[ \t]+" + _CLI_VALUE), ("redis-cli",)),
    (_compile(r"\bmongo(?:sh)?\b[^\n]{0,300}?[ \t]-p[ \t]+" + _CLI_VALUE), ("mongo",)),
    (_compile(r"\bsshpass[ \t]+-p[ \t]*" + _CLI_VALUE), ("sshpass",)),
    # ZooKeeper's CLI: addauth digest user:password
    (
        _compile(r"\baddauth[ \t]+digest[ \t]+[^\s:]{1,128}:(?P<value>[^\s]{1,256})"),
        ("addauth",),
    ),
    (_compile(r"\bdocker[ \t]+login\b[^\n]{0,200}?[ \t]-p[ \t]+" + _CLI_VALUE), ("docker",)),
    # curl -u user:pass / --user 'user:pass'; httpie -a user:pass
    (
        _compile(
            r"\b(?:curl|wget)\b[^\n]{0,300}?[ \t](?:-u|--user|--proxy-user|-U)[ \t]*[\"']?"
            r"[^\s:\"'@]{1,128}:(?P<value>"
            + _MARKER_VALUE
            + "|"
            + _quoted(256)
            + r"|[^\s\"']{1,256})"
        ),
        ("curl", "wget"),
    ),
    (
        _compile(
            r"\bhttps?(?=[ \t])[^\n]{0,300}?[ \t](?:-a|--auth)[ \t]*[\"']?"
            r"[^\s:\"'@]{1,128}:(?P<value>"
            + _MARKER_VALUE
            + "|"
            + _quoted(256)
            + r"|[^\s\"']{1,256})"
        ),
        ("http",),
    ),
    # sqlplus scott/tiger@orcl
    (
        _compile(
            r"\b(?:sqlplus|expdp|impdp|exp|imp|rman)[ \t]+(?:-[sSlL][ \t]+)?[\w$#]{1,64}/"
            r"(?P<value>" + _MARKER_VALUE + r"|[^\s@/\"']{1,128})"
        ),
        ("sqlplus", "exp", "imp", "rman"),
    ),
    # openssl enc -k X, -passin 'pass:X Y' (unquoted pass:X is an assignment)
    (
        _compile(
            r"\bopenssl\b[^\n]{0,300}?[ \t](?:-k[ \t]+"
            + _CLI_VALUE
            + r"|-pass(?:in|out|word)?[ \t]+"
            r"(?P<q>['\"])pass:(?P<quoted>[^'\"\n]{1,256})(?P=q))"
        ),
        ("openssl",),
    ),
    # rabbitmqctl add_user u X, rabbitmqctl change_password u X
    (
        _compile(
            r"\brabbitmqctl[ \t]+(?:add_user|change_password)[ \t]+[^\s-][^\s]{0,63}[ \t]+"
            + _CLI_VALUE
        ),
        ("rabbitmqctl",),
    ),
    # MinIO client: mc alias set NAME URL ACCESS_KEY SECRET_KEY (also the older
    # "mc config host add"): the fourth word is the secret
    (
        _compile(
            r"\bmc[ \t]+(?:alias[ \t]+set|config[ \t]+host[ \t]+add)[ \t]+[^\s-]\S{0,63}[ \t]+"
            r"[^\s-]\S{0,511}[ \t]+[^\s-]\S{0,127}[ \t]+" + _CLI_VALUE
        ),
        ("mc alias", "mc config"),
    ),
    # htpasswd -b[c] file u X: -b takes the password from the command line
    (
        _compile(
            r"\bhtpasswd[ \t]+(?:-[a-zA-Z]{0,6}[ \t]+){0,3}?-[a-zA-Z]{0,5}b[a-zA-Z]{0,5}"
            r"(?:[ \t]+-[a-zA-Z]{1,6}){0,3}[ \t]+[^\s-]\S{0,255}[ \t]+[^\s-]\S{0,63}[ \t]+"
            + _CLI_VALUE
        ),
        ("htpasswd",),
    ),
    # lftp -u user,'pass'
    (_compile(r"\blftp\b[^\n]{0,300}?[ \t]-u[ \t]+[^\s,]{1,64}," + _CLI_VALUE), ("lftp",)),
    # vault operator unseal X, consul acl set-agent-token agent X
    (
        _compile(
            r"\b(?:operator[ \t]+unseal|acl[ \t]+set-agent-token[ \t]+[\w\-]{1,40})[ \t]+"
            + _CLI_VALUE
        ),
        ("unseal", "set-agent-token"),
    ),
    # ossutil/obsutil config -i ID -k KEY: the key that goes with an access key id
    (
        _compile(
            r"(?<![\w\-])-i[ \t=]+(?:[A-Za-z0-9]{16,40}|" + _MARKER_VALUE + r")[ \t][^\n]{0,120}?"
            r"(?<![\w\-])-k[ \t=]+" + _CLI_VALUE
        ),
        (" -k",),
    ),
    # zip -P X, unzip -P X, 7z -pX
    (
        _compile(
            r"\b(?:zip|unzip|7z|7za)\b[^\n]{0,200}?[ \t](?:-P[ \t]+|-p(?=[^\s-]))" + _CLI_VALUE
        ),
        ("zip", "7z"),
    ),
    # net user u X /add
    (_compile(r"\bnet[ \t]+user[ \t]+[^\s/]{1,64}[ \t]+(?!/)" + _CLI_VALUE), ("net user",)),
    # --password X, -storepass X, --api-key X, --token=X is an assignment
    (
        _compile(
            r"(?<![\w\-])--?[\w.\-]{0,40}?"
            r"(?i:password|passwd|pass|pwd|token|api-?key|access-?key|secret-?key|private-?key"
            r"|client-?secret|storepass|keypass|passphrase|credentials?)[ \t]+" + _CLI_VALUE
        ),
        _KEYWORD_NEEDLES,
    ),
)


def _key_id_like(value: str) -> bool:
    """An access key id: capitals and digits (Huawei, AWS without its prefix), or random."""
    return bool(_KEY_ID_RE.match(value)) or _random_looking(value)


_CLI_KEY_ID_RE = _compile(
    r"(?<![\w\-])-i[ \t=]+(?P<value>[A-Za-z0-9]{16,40})(?=[ \t][^\n]{0,120}?(?<![\w\-])-k[ \t=]+\S)"
)


# --proxy-auth user:pass, --auth user:pass, --user=user:pass in any tool (a uid:gid
# such as "--user 1000:1000" is no credential: the value must look like one)
_OPTION_USER_PASSWORD_RE = _compile(
    r"(?<![\w\-])--?[\w\-]{0,30}(?:auth|user|creds?|credentials)[ \t=]+[\"']?[^\s:\"'@]{1,64}:"
    r"(?P<value>" + _MARKER_VALUE + r"|[\x21\x23-\x26\x28-\x5f\x61-\x7e]{1,256})"
)
