"""Secrets on command lines and in consoles: a password option of a known tool
(``mysql -p…``, ``curl -u user:…``, ``--password …``), ``config set`` of a secret key,
a password piped or here-stringed into a program, ``AUTH`` in a Redis console and
PowerShell's ``ConvertTo-SecureString``.
"""

from __future__ import annotations

import re

from autopatch_memory.lang import Pattern, lazy_compile
from autopatch_memory.privacy.markers import SecretKind
from autopatch_memory.privacy.replacing import replace_password, replace_plausible, value_group
from autopatch_memory.privacy.rule import RedactionRule
from autopatch_memory.privacy.spelling import (
    MARKER_VALUE,
    SAME_COMMAND,
    compile_bounded,
    quoted_string,
    same_command,
)
from autopatch_memory.privacy.surroundings import line_before
from autopatch_memory.privacy.values import (
    SECRET_KEY_NAME_RE,
    key_id_like,
    not_a_value,
    random_looking,
    secret_shaped,
    strong_credential,
)
from autopatch_memory.privacy.words import KEYWORD_NEEDLES

# aws configure set aws_secret_access_key X / npm config set //r/:_authToken X
_CONFIG_SET_RE = compile_bounded(
    r"\b(?:config|configure)[ \t]+(?:--global[ \t]+)?(?i:set)[ \t]+(?P<key>[^\s=]{1,100})[ \t]+"
    r"(?P<value>" + MARKER_VALUE + r"|" + quoted_string(256) + r"|[^\s\"'`]{1,256})"
)


def _config_set(m: re.Match[str]) -> str:
    if not SECRET_KEY_NAME_RE.search(m.group("key")):
        return m.group(0)
    return replace_password(m)


# A Redis console: "127.0.0.1:6379> AUTH x", "AUTH default x"
_REDIS_AUTH_RE = compile_bounded(
    r"^(?:[\w.:\-]{1,64}>)?[ \t]*AUTH[ \t]+(?:\S{1,64}[ \t]+)?(?P<value>"
    + quoted_string(256)
    + r"|\S{1,256})[ \t]*$",
    re.M,
)
# PowerShell: ConvertTo-SecureString "x" -AsPlainText
_POWERSHELL_SECURE_STRING_RE = compile_bounded(
    r"\b(?i:ConvertTo-SecureString)[ \t]+(?:-String[ \t]+)?(?P<value>" + quoted_string(256) + r")"
)


# echo 'x' | docker login --password-stdin, echo x | sudo -S …, echo x | passwd --stdin u:
# a password piped into a program that reads it (--password-stdin <<< 'x' below)
_STDIN_PASSWORD_RE = compile_bounded(
    r"\becho[ \t]+(?:-[ne][ \t]+)?(?P<value>"
    + quoted_string(256)
    + r"|[^\s|'\"]{1,256})[ \t]*\|[ \t]*"
    r"(?:sudo[ \t]+(?:-\w{1,8}[ \t]+){0,3}?-S\b|passwd[ \t]+--stdin\b|kinit\b"
    r"|(?:sudo[ \t]+)?[\w\-]{1,20}[ \t]+(?:[\w\-]{1,20}[ \t]+)?login\b)"
)
_HERE_STRING_PASSWORD_RE = compile_bounded(
    r"--password-stdin[ \t]*<<<[ \t]*(?P<value>" + quoted_string(256) + r"|\S{1,256})"
)


# An option's value: quoted, or printable ASCII not starting with '-' (the next option)
# and without CJK text ("--password 参数是干嘛的" asks about the option).
_CLI_VALUE = (
    r"(?P<value>"
    + MARKER_VALUE
    + r"|"
    + quoted_string(256)
    # (not at a redirection, a pipe or a list separator: "--with-token < file")
    + r"|[\x21\x23-\x25\x28-\x2c\x2e-\x3a\x3d\x3f-\x5f\x61-\x7b\x7d\x7e]"
    r"[\x21\x23-\x26\x28-\x5f\x61-\x7e]{0,255})" + r"(?![^\s\x21-\x7e])"
)


def _tool_option(
    rule_id: str,
    description: str,
    pattern: Pattern,
    keywords: tuple[str, ...],
    examples_match: tuple[str, ...],
    examples_no_match: tuple[str, ...],
) -> RedactionRule:
    return RedactionRule(
        id=rule_id,
        description=description,
        examples_match=examples_match,
        examples_no_match=examples_no_match,
        keywords=keywords,
        pattern=pattern,
        replace=replace_password,
    )


# A tool's password option, and the keywords that must be in a text for it to run.
# mysql -uroot -pS3cret  (only attached: "-p mydb" prompts for the password)
MYSQL_PASSWORD_OPTION = _tool_option(
    "mysql-password-option",
    "The password attached to -p of mysql, mysqldump, mariadb… (-pS3cret)",
    compile_bounded(
        r"\b(?:mysql|mysqldump|mysqladmin|mysqlimport|mysqlsh|mariadb|mariadb-dump)\b"
        + SAME_COMMAND
        # the option may be quoted whole: '-pS3cret' (a CI log shows it so)
        + r"[ \t][\"']?-p(?P<value>"
        + MARKER_VALUE
        + r"|"
        + quoted_string(256)
        + r"|[^\s\"'`]{1,256})"
    ),
    ("mysql", "mariadb"),
    ("mysql -uroot -pS3cret!db shop", "+ mysql -h db -u ci '-pQ=x+S3cret9' -e 'select 1'"),
    ("mysql -uroot -p shop",),
)
REDIS_CLI_PASSWORD = _tool_option(
    "redis-cli-password",
    "The password after -a of redis-cli",
    compile_bounded(r"\bredis-cli\b" + SAME_COMMAND + r"[ \t]-a[ \t]+" + _CLI_VALUE),
    ("redis-cli",),
    ("redis-cli -h cache -a R3dis!cli ping",),
    ("redis-cli -h cache ping",),
)
MONGO_PASSWORD_OPTION = _tool_option(
    "mongo-password-option",
    "The password after -p of mongo or mongosh",
    compile_bounded(r"\bmongo(?:sh)?\b" + SAME_COMMAND + r"[ \t]-p[ \t]+" + _CLI_VALUE),
    ("mongo",),
    ("mongosh -u app -p M0ngo!sh --authenticationDatabase admin",),
    ("mongosh -u app -p",),
)
SSHPASS_PASSWORD = _tool_option(
    "sshpass-password",
    "The password after sshpass -p",
    compile_bounded(r"\bsshpass[ \t]+-p[ \t]*" + _CLI_VALUE),
    ("sshpass",),
    ("sshpass -p 'Ssh!pass9' ssh ops@bastion",),
    ("sshpass -f ~/.pw ssh ops@bastion",),
)
# ZooKeeper's CLI: addauth digest user:password
ZOOKEEPER_ADDAUTH = _tool_option(
    "zookeeper-addauth",
    "The password of ZooKeeper's addauth digest user:password",
    compile_bounded(r"\baddauth[ \t]+digest[ \t]+[^\s:]{1,128}:(?P<value>[^\s]{1,256})"),
    ("addauth",),
    ("addauth digest admin:Zk!digest9",),
    ("addauth digest admin",),
)
DOCKER_LOGIN_PASSWORD = _tool_option(
    "docker-login-password",
    "The password after -p of a login command (docker, podman, helm registry, az, oc, cf login)",
    compile_bounded(
        r"\b(?:docker|podman|buildah|nerdctl|helm[ \t]+registry|oras|az|oc|cf)[ \t]+login\b"
        + same_command(200)
        + r"[ \t]-p[ \t]+"
        + _CLI_VALUE
    ),
    ("login",),
    (
        "docker login -u ci -p D0cker!pw registry.acme.io",
        "docker login r.acme.io \\\n  -u ci \\\n  -p D0cker!pw9x",
        "az login --service-principal -u 3f1c2a9e-8b7d -p voUOM2gye5L1z4An8Wwf --tenant t",
    ),
    ("docker login registry.acme.io", "az login --service-principal -u $ID -p $SECRET"),
)
# SonarQube's analysis token, given as its login (-Dsonar.login=…) or its token.
SONAR_LOGIN_TOKEN = _tool_option(
    "sonar-login-token",
    "The token given to a SonarQube analysis as sonar.login or sonar.token",
    compile_bounded(
        r"(?:(?<=-D)|(?<![\w.\-]))sonar\.(?:login|token)[ \t]*[=:][ \t]*[\"']?"
        r"(?P<value>[^\s\"']{8,256})"
    ),
    ("sonar.",),
    ("mvn sonar:sonar -Dsonar.login=82aa25da611f018939e7b2b0125be07a1e99d4ab",),
    ("mvn sonar:sonar -Dsonar.login=${SONAR_TOKEN}", "sonar.login=admin"),
)
# curl -u user:pass / --user 'user:pass'; httpie -a user:pass
CURL_USER_PASSWORD = _tool_option(
    "curl-user-password",
    "The password of curl or wget -u/--user user:password",
    compile_bounded(
        # (a user already redacted is a marker, whose colon is no separator)
        r"\b(?:curl|wget)\b" + SAME_COMMAND + r"[ \t](?:-u|--user|--proxy-user|-U)[ \t]*[\"']?"
        r"(?!\[REDACTED:)[^\s:\"'@]{1,128}:(?P<value>"
        + MARKER_VALUE
        + "|"
        + quoted_string(256)
        + r"|[^\s\"']{1,256})"
    ),
    ("curl", "wget"),
    (
        "curl -u admin:Curl!pw9 https://nexus.acme.io",
        'curl -X POST "https://nexus.acme.io/rest" \\\n  -u ci:3f9a1c7e5b2d4a6c \\\n  -d @a.json',
    ),
    (
        "curl -u admin https://nexus.acme.io",
        "curl https://a.io/x \\\n  -H 'Accept: */*'\necho done; ssh -u ops:Ops!pw9",
    ),
)
HTTPIE_AUTH = _tool_option(
    "httpie-auth",
    "The password of httpie -a/--auth user:password",
    compile_bounded(
        r"\bhttps?(?=[ \t])" + SAME_COMMAND + r"[ \t](?:-a|--auth)[ \t]*[\"']?"
        r"[^\s:\"'@]{1,128}:(?P<value>"
        + MARKER_VALUE
        + "|"
        + quoted_string(256)
        + r"|[^\s\"']{1,256})"
    ),
    ("http",),
    ("http -a admin:'Http!e pw' GET https://api.acme.io",),
    ("http GET https://api.acme.io -a admin",),
)
# sqlplus scott/tiger@orcl
SQLPLUS_PASSWORD = _tool_option(
    "sqlplus-password",
    "The password of sqlplus/expdp/impdp user/password@db",
    compile_bounded(
        r"\b(?:sqlplus|expdp|impdp|exp|imp|rman)[ \t]+(?:-[sSlL][ \t]+)?[\w$#]{1,64}/"
        r"(?P<value>" + MARKER_VALUE + r"|[^\s@/\"']{1,128})"
    ),
    ("sqlplus", "exp", "imp", "rman"),
    ("sqlplus scott/Tiger#42@orcl",),
    ("sqlplus /nolog",),
)
# openssl enc -k X, -passin 'pass:X Y' (unquoted pass:X is an assignment)
OPENSSL_PASSWORD = _tool_option(
    "openssl-password",
    "An openssl -k password or a quoted -passin/-passout 'pass:…'",
    compile_bounded(
        r"\bopenssl\b"
        + SAME_COMMAND
        + r"[ \t](?:-k[ \t]+"
        + _CLI_VALUE
        + r"|-pass(?:in|out|word)?[ \t]+"
        r"(?P<q>['\"])pass:(?P<quoted>[^'\"\n]{1,256})(?P=q))"
    ),
    ("openssl",),
    ("openssl enc -aes-256-cbc -k Op3nSSL!k -in a", "openssl pkcs12 -passin 'pass:P12 pass 9'"),
    ("openssl enc -aes-256-cbc -kfile key.txt",),
)
# rabbitmqctl add_user u X, rabbitmqctl change_password u X
RABBITMQCTL_PASSWORD = _tool_option(
    "rabbitmqctl-password",
    "The password of rabbitmqctl add_user / change_password",
    compile_bounded(
        r"\brabbitmqctl[ \t]+(?:add_user|change_password)[ \t]+[^\s-][^\s]{0,63}[ \t]+" + _CLI_VALUE
    ),
    ("rabbitmqctl",),
    ("rabbitmqctl add_user ops R4bbit!mq",),
    ("rabbitmqctl list_users",),
)
# MinIO client: mc alias set NAME URL ACCESS_KEY SECRET_KEY (also the older
# "mc config host add"): the fourth word is the secret
MINIO_CLIENT_SECRET = _tool_option(
    "minio-client-secret",
    "The secret key of mc alias set NAME URL ACCESS_KEY SECRET_KEY",
    compile_bounded(
        r"\bmc[ \t]+(?:alias[ \t]+set|config[ \t]+host[ \t]+add)[ \t]+[^\s-]\S{0,63}[ \t]+"
        r"[^\s-]\S{0,511}[ \t]+[^\s-]\S{0,127}[ \t]+" + _CLI_VALUE
    ),
    ("mc alias", "mc config"),
    ("mc alias set prod https://minio.acme.io minioadmin M1n10!Secret",),
    ("mc alias list",),
)
# htpasswd -b[c] file u X: -b takes the password from the command line
HTPASSWD_PASSWORD = _tool_option(
    "htpasswd-password",
    "The password htpasswd -b takes from the command line",
    compile_bounded(
        r"\bhtpasswd[ \t]+(?:-[a-zA-Z]{0,6}[ \t]+){0,3}?-[a-zA-Z]{0,5}b[a-zA-Z]{0,5}"
        r"(?:[ \t]+-[a-zA-Z]{1,6}){0,3}[ \t]+[^\s-]\S{0,255}[ \t]+[^\s-]\S{0,63}[ \t]+" + _CLI_VALUE
    ),
    ("htpasswd",),
    ("htpasswd -bc /etc/nginx/.htpasswd ops Ht!pass9",),
    ("htpasswd -c /etc/nginx/.htpasswd ops",),
)
# lftp -u user,'pass'
LFTP_PASSWORD = _tool_option(
    "lftp-password",
    "The password of lftp -u user,password",
    compile_bounded(r"\blftp\b" + SAME_COMMAND + r"[ \t]-u[ \t]+[^\s,]{1,64}," + _CLI_VALUE),
    ("lftp",),
    ("lftp -u ftpuser,Ftp!pass9 ftp.acme.io",),
    ("lftp ftp.acme.io",),
)
# vault operator unseal X, consul acl set-agent-token agent X
VAULT_CONSUL_TOKEN = _tool_option(
    "vault-consul-token",
    "An unseal key or agent token given to vault operator unseal or consul acl set-agent-token",
    compile_bounded(
        r"\b(?:operator[ \t]+unseal|acl[ \t]+set-agent-token[ \t]+[\w\-]{1,40})[ \t]+" + _CLI_VALUE
    ),
    ("unseal", "set-agent-token"),
    ("vault operator unseal 9f8e7d6c5b4a3928", "consul acl set-agent-token agent 1c2d3e4f-5a6b"),
    ("vault operator unseal -status",),
)
# ossutil/obsutil config -i ID -k KEY: the key that goes with an access key id
OBJECT_STORAGE_CLI_KEY = _tool_option(
    "object-storage-cli-key",
    "The key after -k of an object-storage CLI given an access key id with -i",
    compile_bounded(
        r"(?<![\w\-])-i[ \t=]+(?:[A-Za-z0-9]{16,40}|"
        + MARKER_VALUE
        + r")[ \t]"
        + same_command(120)
        + r"(?<![\w\-])-k[ \t=]+"
        + _CLI_VALUE
    ),
    (" -k",),
    ("ossutil config -i LTAI5tQw8cRZp3Vn7Hx2 -k 0ssS3cretKey9 -e oss.aliyuncs.com",),
    ("ossutil config -e oss.aliyuncs.com -k",),
)
# A Vault token of before Vault 1.10 (s.…, b.…: the shape of a method call on "s" or "b"
# too), where Vault is named: "vault login s.…", "VAULT_TOKEN=s.…", "X-Vault-Token: s.…"
VAULT_LEGACY_TOKEN = _tool_option(
    "vault-legacy-token",
    "A Vault token of before Vault 1.10 (s.…, b.…) after vault login, VAULT_TOKEN or X-Vault-Token",
    compile_bounded(
        r"(?i:\bvault[ \t]+login\b|\bvault_token\b|\bx-vault-token\b)[^\n]{0,40}?"
        r"(?<![\w.])(?P<value>[sb]\.[A-Za-z0-9]{24})(?![\w.\-/(])"
    ),
    ("vault",),
    ("vault login s.Q2mX7pL4vT8wZ3k9R5nB1cYd", "export VAULT_TOKEN=s.Q2mX7pL4vT8wZ3k9R5nB1cYd"),
    ("String out = s.convertToBase64UrlString();", "vault login -method=oidc"),
)
# coscmd config -a SECRET_ID -s SECRET_KEY (Tencent COS)
COSCMD_SECRET_KEY = _tool_option(
    "coscmd-secret-key",
    "The secret key after -s of coscmd (Tencent COS)",
    compile_bounded(r"\bcoscmd\b" + same_command(200) + r"[ \t]-s[ \t]+" + _CLI_VALUE),
    ("coscmd",),
    ("coscmd config -a AKIDq7Lm2Xv9Pw4Kz8Rt3Nb6Hy1Jc5Fs0Ed -s Cos5ecretKey9xQ2mLp7 -b b-125",),
    ("coscmd upload -r ./dist/ /hotfix/",),
)
# mosquitto_pub/sub -u USER -P X, mqttx pub -u USER -P X (an MQTT broker's password)
MQTT_CLIENT_PASSWORD = _tool_option(
    "mqtt-client-password",
    "The password after -P or --pw of an MQTT client (mosquitto_pub/sub/rr, mqttx)",
    compile_bounded(
        r"\b(?:mosquitto_(?:pub|sub|rr)|mqttx(?:[ \t]+(?:pub|sub|conn|bench))?)\b"
        + same_command(300)
        + r"[ \t](?:-P|--pw|--password)[ \t=]+"
        + _CLI_VALUE
    ),
    ("mosquitto", "mqttx"),
    (
        "mosquitto_sub -h emqx.internal -u telemetry -P r.Qnh2gIwMmLEnlqXKMz -t 'a/#'",
        "mqttx pub -t t -h broker -u dev01 -P 'TyxQAJp0ABjXDRiI4aOv' -m hi",
    ),
    ("mosquitto_sub -h emqx.internal -p 1883 -t 'a/#' -v",),
)
# zip -P X, unzip -P X, 7z -pX
ZIP_PASSWORD = _tool_option(
    "zip-password",
    "The password of zip/unzip -P or 7z -p",
    compile_bounded(
        r"\b(?:zip|unzip|7z|7za)\b"
        + same_command(200)
        + r"[ \t](?:-P[ \t]+|-p(?=[^\s-]))"
        + _CLI_VALUE
    ),
    ("zip", "7z"),
    (
        "zip -P Z1p!pass backup.zip data/",
        "7z x -pS3ven!z a.7z",
        "zip -r b.zip d/ \\\n  -P Z1p!pass9",
    ),
    ("zip -r backup.zip data/",),
)
# net user u X /add
NET_USER_PASSWORD = _tool_option(
    "net-user-password",
    "The password of Windows net user NAME PASSWORD",
    compile_bounded(r"\bnet[ \t]+user[ \t]+[^\s/]{1,64}[ \t]+(?!/)" + _CLI_VALUE),
    ("net user",),
    ("net user ops N3tUser!pw /add",),
    ("net user ops /delete",),
)
LDAP_BIND_PASSWORD = _tool_option(
    "ldap-bind-password",
    "The bind password after -w of ldapsearch, ldapmodify, ldapadd, ldapdelete, ldappasswd",
    compile_bounded(
        r"\bldap(?:search|modify|add|delete|passwd|whoami|compare)\b"
        + SAME_COMMAND
        + r"[ \t]-w[ \t]+"
        + _CLI_VALUE
    ),
    ("ldap",),
    ("ldapsearch -x -H ldap://10.30.0.10 -D 'svc@szh.local' -w 'eF3WktlsZP8gDD' -b 'dc=szh'",),
    ("ldapsearch -x -H ldap://10.30.0.10 -D 'svc@szh.local' -W -b 'dc=szh'",),
)
SNMP_COMMUNITY = _tool_option(
    "snmp-community",
    "An SNMP community string (snmp-server community X, snmpwalk -c X)",
    compile_bounded(
        r"(?:\bsnmp-server[ \t]+community"
        r"|\bsnmp(?:walk|get|bulkwalk|set|bulkget)\b"
        + SAME_COMMAND
        + r"[ \t]-c)[ \t]+"
        + _CLI_VALUE
    ),
    ("snmp",),
    ("snmp-server community YhJIqi2i65UGru RW", "snmpwalk -v2c -c Yh7Jqi2iU6 10.20.0.5 system"),
    ("snmp-server community public RO", "snmpwalk -v3 -u admin 10.20.0.5"),
)
# --password X, -storepass X, --api-key X, --token=X is an assignment
PASSWORD_OPTION = _tool_option(
    "password-option",
    "The value of a password, token, key or secret option (--password X, -storepass X)",
    compile_bounded(
        r"(?<![\w\-])--?[\w.\-]{0,40}?"
        r"(?i:password|passwd|pass|pwd|token|api-?key|access-?key|secret-?key|private-?key"
        r"|client-?secret|storepass|keypass|passphrase|credentials?)[ \t]+" + _CLI_VALUE
    ),
    KEYWORD_NEEDLES,
    ("keytool -list -storepass St0re!pw", "gh auth login --with-token ghtoken123"),
    ("--password-file /run/secrets/pw", "--token <your-token>"),
)
TOOL_OPTION_RULES: tuple[RedactionRule, ...] = (
    MYSQL_PASSWORD_OPTION,
    REDIS_CLI_PASSWORD,
    MONGO_PASSWORD_OPTION,
    SSHPASS_PASSWORD,
    ZOOKEEPER_ADDAUTH,
    DOCKER_LOGIN_PASSWORD,
    VAULT_LEGACY_TOKEN,
    COSCMD_SECRET_KEY,
    SONAR_LOGIN_TOKEN,
    CURL_USER_PASSWORD,
    HTTPIE_AUTH,
    SQLPLUS_PASSWORD,
    OPENSSL_PASSWORD,
    RABBITMQCTL_PASSWORD,
    MINIO_CLIENT_SECRET,
    HTPASSWD_PASSWORD,
    LFTP_PASSWORD,
    VAULT_CONSUL_TOKEN,
    OBJECT_STORAGE_CLI_KEY,
    ZIP_PASSWORD,
    MQTT_CLIENT_PASSWORD,
    NET_USER_PASSWORD,
    LDAP_BIND_PASSWORD,
    SNMP_COMMUNITY,
    PASSWORD_OPTION,
)


_CLI_KEY_ID_RE = compile_bounded(
    r"(?<![\w\-])-i[ \t=]+(?P<value>[A-Za-z0-9]{16,40})(?=[ \t]"
    + same_command(120)
    + r"(?<![\w\-])-k[ \t=]+\S)"
)


# --proxy-auth user:pass, --auth user:pass, --user=user:pass in any tool (a uid:gid
# such as "--user 1000:1000" is no credential: the value must look like one)
_OPTION_USER_PASSWORD_RE = compile_bounded(
    r"(?<![\w\-])--?[\w\-]{0,30}(?:auth|user|creds?|credentials)[ \t=]+[\"']?[^\s:\"'@]{1,64}:"
    r"(?P<value>" + MARKER_VALUE + r"|[\x21\x23-\x26\x28-\x5f\x61-\x7e]{1,256})"
)


# backup.sh -u backup -p 'x', any tool given a user and then a password with -p (not
# mysql's, whose -p takes the password attached: "mysql -u root -p shop" names a database;
# nor a port or a port mapping: "psql -U app -p 5432", "docker run -u app -p 8080:80")
_USER_THEN_P_OPTION_RE = compile_bounded(
    r"(?<![\w\-])(?:-u|-U|--user(?:name)?)[ \t=]+[\"']?[\w.@\-]{1,64}[\"']?"
    + same_command(120)
    + r"(?<![\w\-])-p[ \t]+"
    + _CLI_VALUE
)
# mysql's own command, in the command the option belongs to (not "mysql_backup.sh")
_PROMPTING_P_TOOL_RE = lazy_compile(
    r"(?:^|[;&|]\s*|\bsudo\s+)(?:mysql|mysqldump|mysqladmin|mysqlsh|mariadb|mariadb-dump)(?=\s)"
)
_COMMAND_BREAK_RE = lazy_compile(r"&&|\|\||[;|]")


def _user_then_p_option(m: re.Match[str]) -> str:
    # the value must be shaped like a password: not a path (mkdir -p logs/app), a port
    # mapping (-p localhost:3000:3000) or a word
    command = _COMMAND_BREAK_RE.split(line_before(m.string, m.start()))[-1]
    if not secret_shaped(m.group("value")) or _PROMPTING_P_TOOL_RE.search(command):
        return m.group(0)
    return replace_password(m)


# sed -i "s/__DB_PASSWORD__/x/g" app.yml: a placeholder named for a secret replaced by the
# secret itself (any delimiter sed takes)
# (a look-ahead first: a start whose pattern names no secret costs one short scan, not a
# search for every pair of delimiters after it)
_SED_SECRET_RE = compile_bounded(
    r"(?<![\w$])s(?P<d>[/|#,@:~!%])"
    r"(?=[^\n]{0,80}?(?i:pass|pwd|pw|secret|token|key|credential))"
    r"(?P<name>[^\n]{1,80}?)(?P=d)(?P<value>[^\n]{1,256}?)(?P=d)[gIip0-9]{0,3}(?=[\"'\s;]|$)"
)
# A placeholder's name: capitals between markers or alone ("__DB_PASSWORD__", "@@API_TOKEN@@",
# "${JWT_SECRET}"): not a word renamed in code ("s/apiKey/api_key/").
_SECRET_PLACEHOLDER_NAME_RE = lazy_compile(
    r"^[_@%{$<\[]*[A-Z0-9_]*(?:PASS(?:WORD|WD)?|PWD|PW|SECRET|TOKEN|API_?KEY|ACCESS_?KEY"
    r"|PRIVATE_?KEY|CREDENTIALS?)[A-Z0-9_]*[_@%}>\]]*$"
)


def _sed_secret(m: re.Match[str]) -> str:
    if not _SECRET_PLACEHOLDER_NAME_RE.match(m.group("name")) or not secret_shaped(
        m.group("value")
    ):
        return m.group(0)
    return replace_password(m)


USER_THEN_P_OPTION = RedactionRule(
    id="user-then-p-option",
    description=(
        "The password after -p of a command given a user with -u (a backup script, a client "
        "tool; not mysql's -p, nor a port)"
    ),
    examples_match=(
        "0 3 * * * /opt/scripts/backup_inventory.sh -u backup -p 'Cr0n#Bk2026' >> /var/log/b.log",
        "./sync-tool --user ops -p Sync!2026pw --host 10.0.0.5",
        "/opt/scripts/mysql_backup.sh -u backup -p 'Cr0n#Bk2026'",
    ),
    examples_no_match=(
        "mysql -u root -p shop < dump.sql",
        "psql -U app -p 5432 -d orders",
        "docker run -u app -p 8080:80 nginx",
        "./backup.sh -u backup -p $BACKUP_PW",
        "sudo -u www-data mkdir -p storage/logs",
        "docker run -u node -p localhost:3000:3000 my-app",
        "jmeter -n -t plan.jmx -u 100 -p ramp10s",
    ),
    keywords=("-p",),
    pattern=_USER_THEN_P_OPTION_RE,
    replace=_user_then_p_option,
)
SED_SECRET_REPLACEMENT = RedactionRule(
    id="sed-secret-replacement",
    description=(
        "The value sed puts in place of a placeholder named for a secret (s/__DB_PASSWORD__/x/)"
    ),
    examples_match=(
        'sed -i "s/__DB_PASSWORD__/Sed#Prod2026x/g" /opt/app/config/application-prod.yml',
        "sed -e 's|@@API_TOKEN@@|tK9mQ2xL7pV4wZ8n|' app.env",
        "sed -i 's~__DB_PW__~Sed#Prod2026x~g' app.yml",
    ),
    examples_no_match=(
        'sed -i "s/__DB_PASSWORD__/${DB_PASSWORD}/g" application-prod.yml',
        "sed -i 's/__DB_HOST__/10.0.0.12/g' application-prod.yml",
        "sed -i 's/apiKey/api_key/g' config.json",
        "sed -i 's/PASSWORD_MIN_LENGTH=8/PASSWORD_MIN_LENGTH=12/' .env",
    ),
    keywords=("s/", "s|", "s#", "s,", "s@", "s:", "s~", "s!", "s%"),
    also=KEYWORD_NEEDLES,
    pattern=_SED_SECRET_RE,
    replace=_sed_secret,
)
# ngrok config add-authtoken X, ngrok authtoken X, a CLI's set-token X: a subcommand named
# for the token, then the token
_TOKEN_SUBCOMMAND_RE = compile_bounded(
    r"(?<![\w\-])(?:add-authtoken|authtoken|set-token|add-token|set-auth-token)[ \t]+" + _CLI_VALUE
)


def _token_subcommand(m: re.Match[str]) -> str:
    if not random_looking(m.group("value")):
        return m.group(0)
    return replace_password(m)


TOKEN_SUBCOMMAND = RedactionRule(
    id="token-subcommand",
    description="The token given to a subcommand named for it (ngrok config add-authtoken X)",
    examples_match=(
        "ngrok config add-authtoken G9qafMdPKXtJ7yzF3Yk8BXOdsaX_Vmol0n5aCoYkdGzDhnlZv",
    ),
    examples_no_match=("ngrok config add-authtoken $NGROK_AUTHTOKEN", "ngrok authtoken --help"),
    keywords=("authtoken", "set-token", "add-token", "set-auth-token"),
    pattern=_TOKEN_SUBCOMMAND_RE,
    replace=_token_subcommand,
)
OPTION_USER_PASSWORD = RedactionRule(
    id="option-user-password",
    description=(
        "The password of a user:password given to an --auth, --user or --creds option of any tool"
    ),
    examples_match=("skopeo copy --creds ci:Sk0peo!pw docker://a docker://b",),
    examples_no_match=("docker run --user 1000:1000 app",),
    keywords=("auth", "user", "cred"),
    pattern=_OPTION_USER_PASSWORD_RE,
    replace=replace_plausible,
)
OBJECT_STORAGE_KEY_ID = RedactionRule(
    id="object-storage-cli-key-id",
    description="The access key id after -i of an object-storage CLI that is given its key with -k",
    examples_match=("obsutil config -i HPUAK9ZQ2LM7PVZ4KT8W -k 0bsS3cretKey9",),
    examples_no_match=("ssh -i mykeyfile.pem -k host",),
    keywords=(" -k",),
    pattern=_CLI_KEY_ID_RE,
    replace=value_group(SecretKind.CLOUD_ACCESS_KEY, check=key_id_like),
)


def _user_key_id(value: str) -> bool:
    """A user that is an access key id: a key id's shape, or 16 hex digits and more (an
    API key's id: EMQX, Kong); a person's login is neither."""
    return key_id_like(value) or bool(_HEX_USER_RE.fullmatch(value))


_HEX_USER_RE = lazy_compile(r"[0-9a-f]{16,64}")
# Where a command takes a user, an access key id: mc alias set NAME URL ACCESS SECRET,
# curl -u KEYID:…, docker login -u cn-north-4@KEYID (Huawei SWR).
_KEY_ID_AS_USER_RE = compile_bounded(
    r"(?:\bmc[ \t]+(?:alias[ \t]+set|config[ \t]+host[ \t]+add)[ \t]+[^\s-]\S{0,63}[ \t]+"
    r"[^\s-]\S{0,511}[ \t]+"
    r"|\b(?:curl|wget)\b" + SAME_COMMAND + r"[ \t](?:-u|--user)[ \t]*[\"']?"
    r"|\b(?:docker|podman|nerdctl|buildah)[ \t]+login\b"
    + same_command(200)
    + r"[ \t](?:-u|--username)[ \t=]+[\"']?(?:[\w-]{1,32}@)?"
    # kubectl create secret docker-registry … --docker-username=cn-north-4@KEYID
    r"|--docker-username[ \t=]+[\"']?(?:[\w-]{1,32}@)?)"
    r"(?P<value>[A-Za-z0-9]{16,64})(?=[ \t:\"']|$)"
)
KEY_ID_AS_USER = RedactionRule(
    id="key-id-as-user",
    description=(
        "An access key id given where a command takes a user (mc alias set NAME URL KEY_ID"
        " SECRET, curl -u KEY_ID:…, docker login -u region@KEY_ID, --docker-username=…)"
    ),
    examples_match=(
        "mc alias set store http://minio.lan:9000 Q7ZK2M9VX4PL8R3TWB6N [REDACTED:password]",
        "curl -u 3f9a1c7e5b2d4a6c:[REDACTED:password] http://emqx:18083/api/v5/clients",
        "docker login -u cn-east-3@HPUAK9ZQ2LM7PVZ4KT8W -p x swr.cn-east-3.myhuaweicloud.com",
        "kubectl create secret docker-registry r --docker-username=cn-north-4@UDSIP87UIG0ZGDQ1L9",
    ),
    examples_no_match=(
        "mc alias set local http://127.0.0.1:9000 minioadmin minioadmin",
        "curl -u admin:[REDACTED:password] https://nexus.lan",
        "docker login -u ci-robot -p x registry.lan",
    ),
    keywords=("mc ", "curl", "wget", "login", "docker-username"),
    pattern=_KEY_ID_AS_USER_RE,
    replace=value_group(SecretKind.CLOUD_ACCESS_KEY, check=_user_key_id),
)
# Any client given -u USER and a password glued to -p, as mysql takes it: TDengine's taos,
# OceanBase's obclient, ClickHouse's older clients (-p8080 of docker run is a port: the
# value must look like a credential).
_GLUED_PASSWORD_RE = compile_bounded(
    r"(?<![\w\-])-u[ \t]*[\w.@\-]{1,64}(?:[ \t]+(?!-p)[^\s]{1,200}){0,6}?[ \t]+[\"']?-p"
    r"(?P<value>[^\s\"'`\-][^\s\"'`]{3,255})"
)
# -p8080:80, -p127.0.0.1:5432:5432/tcp, -p8080-8090:8080-8090, -p[::1]:8080:80, top's
# -p12345,12346: ports or process ids, not a password
_PORT_MAPPING_RE = lazy_compile(r"[\d.:\-\[\],]+(?:/(?:tcp|udp|sctp))?")


def _glued_password(m: re.Match[str]) -> str:
    if _PORT_MAPPING_RE.fullmatch(m.group("value")):
        return m.group(0)
    return replace_plausible(m)


GLUED_PASSWORD_OPTION = RedactionRule(
    id="glued-password-option",
    description="A password glued to -p after -u USER, in any client that takes it as mysql does",
    examples_match=("taos -h td01 -u meter_w -pKz8=Vq1mTx -s 'select 1'",),
    examples_no_match=(
        "docker run -u 1000 -p8080:80 nginx",
        "docker run -u 1000 -p8080-8090:8080-8090 app",
        "top -u app -p12345,12346",
        "mvn -U -pl app -am package",
        "taos -u meter_w -p",
    ),
    keywords=("-p",),
    pattern=_GLUED_PASSWORD_RE,
    replace=_glued_password,
)
# An interactive prompt answered in a transcript: "AWS Secret Access Key [None]: X",
# "TencentCloud API secretKey [*None]: X" (the brackets hold the current default).
_PROMPT_ANSWER_RE = compile_bounded(
    r"(?im)^(?P<name>[^\n:\[\]]{0,60})[ \t]\[[^\]\n]{0,40}\]:[ \t]*(?P<value>[^\s]{6,256})"
)


_PROMPT_FOR_A_SECRET_RE = lazy_compile(
    r"(?i)secret|pass(?:word|wd|phrase)|token|(?:api|access|private)[ _\-]?key"
)


def _prompt_answer(m: re.Match[str]) -> str:
    if not _PROMPT_FOR_A_SECRET_RE.search(m.group("name")):
        return m.group(0)  # "Default region name [None]: eu-west-1"
    return replace_plausible(m)


PROMPT_ANSWER = RedactionRule(
    id="prompt-answer",
    description=(
        "The answer typed at a credential's interactive prompt in a pasted transcript "
        "(aws configure, tccli configure: 'Secret Access Key [None]: X')"
    ),
    examples_match=(
        "AWS Secret Access Key [None]: Kx9mQ2vL7pT4wZ8nR3cB6yH1jF5dS0gAuEoI2qWe",
        "TencentCloud API secretKey [*None]: Qm7xTz4Lp92wKc8Rv3Nd6Yb1",
    ),
    examples_no_match=(
        "Default region name [None]: eu-west-1",
        "AWS Secret Access Key [None]: <your-secret-key>",
    ),
    keywords=KEYWORD_NEEDLES,
    pattern=_PROMPT_ANSWER_RE,
    replace=_prompt_answer,
)
# A password typed at a shell prompt by mistake, after the tool's prompt for it ("Enter
# password:" then "$ X"; the shell's "X: command not found" is the same value again).
_TYPED_AT_THE_PROMPT_RE = compile_bounded(
    r"(?im)^[^\n]{0,40}(?:password|passphrase|passwd|密码)[^\n:：]{0,20}[:：][ \t]*\r?\n"
    r"[ \t]*[$#>%][ \t]+(?P<value>[^\s]{6,128})[ \t]*$"
)


def _typed_at_the_prompt(m: re.Match[str]) -> str:
    value = m.group("value")
    if not_a_value(value) or not (strong_credential(value) or random_looking(value)):
        return m.group(0)
    return replace_password(m)


TYPED_AT_THE_PROMPT = RedactionRule(
    id="typed-at-the-prompt",
    description="A password typed at the shell prompt on the line after a tool asked for it",
    examples_match=("Enter password:\n$ Ember!57fsW.\nbash: Ember!57fsW.: command not found",),
    examples_no_match=("Enter password:\n$ ls -la", "Enter password:\n$ mysql -u root -p"),
    keywords=("pass", "密码"),
    pattern=_TYPED_AT_THE_PROMPT_RE,
    replace=_typed_at_the_prompt,
)
CONFIG_SET_SECRET = RedactionRule(
    id="config-set-secret",
    description="The value given to a secret key by config set (aws configure set, npm config set)",
    examples_match=("aws configure set aws_secret_access_key wJalrXUtnFEMI/K7MDENG",),
    examples_no_match=("aws configure set region ap-southeast-1",),
    keywords=("config",),
    pattern=_CONFIG_SET_RE,
    replace=_config_set,
)
STDIN_PASSWORD = RedactionRule(
    id="stdin-password",
    description=(
        "A password echoed into a program that reads it (docker login --password-stdin, sudo -S)"
    ),
    examples_match=(
        "echo 'D0cker!pw' | docker login -u ci --password-stdin",
        "echo S3cret | sudo -S ls",
    ),
    examples_no_match=("echo hello | grep h",),
    keywords=("login", "sudo", "passwd", "kinit"),
    pattern=_STDIN_PASSWORD_RE,
    replace=replace_password,
)
HERE_STRING_PASSWORD = RedactionRule(
    id="here-string-password",
    description="A password here-stringed into --password-stdin",
    examples_match=("docker login -u ci --password-stdin <<< 'D0cker!pw'",),
    examples_no_match=("docker login -u ci --password-stdin < ~/.docker-pw",),
    keywords=("<<<",),
    pattern=_HERE_STRING_PASSWORD_RE,
    replace=replace_password,
)
REDIS_AUTH = RedactionRule(
    id="redis-auth",
    description="The password of AUTH typed in a Redis console",
    examples_match=("127.0.0.1:6379> AUTH R3dis!auth", "AUTH default R3dis!auth"),
    examples_no_match=("the AUTH command takes a password and an optional user",),
    keywords=("auth",),
    pattern=_REDIS_AUTH_RE,
    replace=replace_password,
)
POWERSHELL_SECURE_STRING = RedactionRule(
    id="powershell-secure-string",
    description='The literal of PowerShell\'s ConvertTo-SecureString "…" -AsPlainText',
    examples_match=('$pw = ConvertTo-SecureString "P0wer!Shell" -AsPlainText -Force',),
    examples_no_match=("$pw = Read-Host -AsSecureString | ConvertTo-SecureString",),
    keywords=("securestring",),
    pattern=_POWERSHELL_SECURE_STRING_RE,
    replace=replace_password,
)
