"""Redaction: every secret kind of SPEC §8 goes, nothing that merely looks like one."""

from __future__ import annotations

import pytest

from autopatch_memory.privacy import SecretKind, contains_secret, redact

# (text, the secret that must disappear, the kind named in the marker)
SECRETS: list[tuple[str, str, SecretKind]] = [
    (
        "my key is sk-proj-Abc123def456GHI789jkl012MNO345",
        "sk-proj-Abc123def456GHI789jkl012MNO345",
        SecretKind.API_KEY,
    ),
    (
        "OPENAI_API_KEY=sk-1234567890abcdefghijABCDEFGHIJ",
        "sk-1234567890abcdefghijABCDEFGHIJ",
        SecretKind.API_KEY,
    ),
    (
        "anthropic: sk-ant-api03-AAAAbbbbCCCCddddEEEEffff0000-xyz",
        "sk-ant-api03-AAAAbbbbCCCCddddEEEEffff0000-xyz",
        SecretKind.API_KEY,
    ),
    (
        "token ghp_1234567890abcdefghijABCDEFGHIJklmnop",
        "ghp_1234567890abcdefghijABCDEFGHIJklmnop",
        SecretKind.GITHUB_TOKEN,
    ),
    (
        "gho_abcdefghijklmnopqrstuvwxyz0123456789",
        "gho_abcdefghijklmnopqrstuvwxyz0123456789",
        SecretKind.GITHUB_TOKEN,
    ),
    (
        "ghu_abcdefghijklmnopqrstuvwxyz0123456789",
        "ghu_abcdefghijklmnopqrstuvwxyz0123456789",
        SecretKind.GITHUB_TOKEN,
    ),
    (
        "ghs_abcdefghijklmnopqrstuvwxyz0123456789",
        "ghs_abcdefghijklmnopqrstuvwxyz0123456789",
        SecretKind.GITHUB_TOKEN,
    ),
    (
        "github_pat_11AAAAAAA0abcdefghijkl_mnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUV",
        "github_pat_11AAAAAAA0abcdefghijkl_mnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUV",
        SecretKind.GITHUB_TOKEN,
    ),
    ("CI uses glpat-abcdEFGH1234ijklMNOP", "glpat-abcdEFGH1234ijklMNOP", SecretKind.GITLAB_TOKEN),
    (
        "slack xoxb-123456789012-1234567890123-abcdefABCDEF",
        "xoxb-123456789012-1234567890123-abcdefABCDEF",
        SecretKind.SLACK_TOKEN,
    ),
    ("xoxp-1111-2222-3333-abcdef", "xoxp-1111-2222-3333-abcdef", SecretKind.SLACK_TOKEN),
    ("aws id AKIAIOSFODNN7EXAMPLE in env", "AKIAIOSFODNN7EXAMPLE", SecretKind.AWS_ACCESS_KEY),
    ("ASIAY34FZKBOKMUTVV7A", "ASIAY34FZKBOKMUTVV7A", SecretKind.AWS_ACCESS_KEY),
    (
        "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
        "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
        SecretKind.AWS_SECRET_KEY,
    ),
    (
        "AWS_SECRET_ACCESS_KEY: Je7MtGbClwBF2Zp9Utk8ftQW5zLrFTq6EXAMPLEx",
        "Je7MtGbClwBF2Zp9Utk8ftQW5zLrFTq6EXAMPLEx",
        SecretKind.AWS_SECRET_KEY,
    ),
    (
        "the secret is wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY ok",
        "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
        SecretKind.AWS_SECRET_KEY,
    ),
    (
        "maps key AIzaSyDdI0hCZtE6vySjMm-WEfRq3CPzqKqqsHI",
        "AIzaSyDdI0hCZtE6vySjMm-WEfRq3CPzqKqqsHI",
        SecretKind.GOOGLE_API_KEY,
    ),
    (
        "stripe sk_live_51HqLyjWDarjtT1zdp7dc",
        "sk_live_51HqLyjWDarjtT1zdp7dc",
        SecretKind.STRIPE_KEY,
    ),
    ("rk_live_51HqLyjWDarjtT1zdp7dcXYZ", "rk_live_51HqLyjWDarjtT1zdp7dcXYZ", SecretKind.STRIPE_KEY),
    (
        "//registry.npmjs.org/:_authToken=npm_abcdefghijklmnopqrstuvwxyz0123456789",
        "npm_abcdefghijklmnopqrstuvwxyz0123456789",
        SecretKind.NPM_TOKEN,
    ),
    (
        "jwt eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4ifQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c",
        "SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c",
        SecretKind.JWT,
    ),
    (
        "key:\n-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEAx4UbaDzY\nabc+def/ghi==\n-----END RSA PRIVATE KEY-----\nthanks",
        "MIIEowIBAAKCAQEAx4UbaDzY",
        SecretKind.PRIVATE_KEY,
    ),
    (
        "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ (clipped",
        "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ",
        SecretKind.PRIVATE_KEY,
    ),
    (
        "curl -H 'Authorization: Bearer abcDEF123456.ghiJKL789'",
        "abcDEF123456.ghiJKL789",
        SecretKind.BEARER,
    ),
    (
        "git clone https://alice:s3cr3tPass@git.example.com/team/repo.git",
        "s3cr3tPass",
        SecretKind.URL_CREDENTIALS,
    ),
    ("redis://default:hunter2@localhost:6379/0", "hunter2", SecretKind.URL_CREDENTIALS),
    # A password with an empty user name (Redis AUTH without ACL users).
    ("redis://:Sk1ll-pass@10.2.3.4:6379", "Sk1ll-pass", SecretKind.URL_CREDENTIALS),
    (
        "url: jdbc:mysql://db:3306/app?user=root&password=Rootpw1",
        "Rootpw1",
        SecretKind.JDBC_PASSWORD,
    ),
    ("jdbc:postgresql://db/app?password=pg_pass&ssl=true", "pg_pass", SecretKind.JDBC_PASSWORD),
    ("jdbc:sqlserver://host;databaseName=x;password=P4ss;", "P4ss", SecretKind.JDBC_PASSWORD),
    ("jdbc:oracle:thin:scott/tiger@//db:1521/orcl", "tiger", SecretKind.JDBC_PASSWORD),
    ("password=hunter2", "hunter2", SecretKind.ASSIGNMENT),
    ("spring.datasource.password=root123", "root123", SecretKind.ASSIGNMENT),
    ("  passwd: abc", "abc", SecretKind.ASSIGNMENT),
    ("secret=xyz", "xyz", SecretKind.ASSIGNMENT),
    ("token=abc123", "abc123", SecretKind.ASSIGNMENT),
    ('DB_PASSWORD="pa ss word"', "pa ss word", SecretKind.ASSIGNMENT),
    ('{"apiKey": "k-98765"}', "k-98765", SecretKind.ASSIGNMENT),
    ("accessToken: tok_live_value", "tok_live_value", SecretKind.ASSIGNMENT),
    ("client_secret = cs-42-abc", "cs-42-abc", SecretKind.ASSIGNMENT),
    ("export GITHUB_TOKEN=whatever-it-is", "whatever-it-is", SecretKind.ASSIGNMENT),
    ("my password is hunter2, please keep it", "hunter2", SecretKind.PASSWORD),
    ("set the password to hunter2 and restart", "hunter2", SecretKind.PASSWORD),
    ("export PGPASSWORD=hunter2", "hunter2", SecretKind.ASSIGNMENT),
    ("MYSQL_PWD=r00t psql", "r00t", SecretKind.ASSIGNMENT),
    ("dbPassword: s3cret", "s3cret", SecretKind.ASSIGNMENT),
    ("SECRET_KEY=django-insecure-abc123", "django-insecure-abc123", SecretKind.ASSIGNMENT),
    ("curl -H 'Authorization: token ghp_short1'", "ghp_short1", SecretKind.BEARER),
    ("postgres://app:p@ss@db.internal/app", "p@ss", SecretKind.URL_CREDENTIALS),
    ("The database password is Sup3rS3cret!", "Sup3rS3cret!", SecretKind.PASSWORD),
    ("我的密码是 hunter2，请记住", "hunter2", SecretKind.PASSWORD),
    ("数据库口令：Zx9#kk", "Zx9#kk", SecretKind.PASSWORD),
    ("token：abc123，然后呢", "abc123", SecretKind.ASSIGNMENT),
    (
        "内网地址 <private>10.1.2.3 admin/admin</private> 不要记录",
        "10.1.2.3 admin/admin",
        SecretKind.PRIVATE_BLOCK,
    ),
    ("<private>unclosed block with stuff", "unclosed block with stuff", SecretKind.PRIVATE_BLOCK),
]

# Text that must come back unchanged.
NOT_SECRETS: list[str] = [
    "What is the key difference between HashMap and TreeMap?",
    "key",
    "token",
    "How is the token validated?",
    "tokenService.validate(token) returns a Claims object",
    "TokenService and KeyGenerator live in the auth module",
    'private static final String KEY = "user";',
    "commit 3f2a9c1e8b7d6a5f4e3d2c1b0a9f8e7d6c5b4a39 fixed it",
    "short hash 3f2a9c1",
    "request id 123e4567-e89b-12d3-a456-426614174000",
    "password: ${DB_PASSWORD}",
    'password: "${DB_PASSWORD}"',
    "if (password == null) { return; }",
    "the password policy requires 12 characters",
    "a Map key: any object with equals and hashCode",
    "skip the sk- prefix when parsing",
    "Use Bearer tokens for the API",
    "Use Bearer authentication for every request",
    "Basic authentication is disabled in production",
    "jdbc:mysql://db:3306/app",
    "https://github.com/acme/repo.git",
    "AbstractSingletonProxyFactoryBeanHelper1",
    "设置一个 token 过期时间",
    "The token was rejected by the server",
    "the token is expired",
    "the password is wrong",
    "my password is incorrect, how do I reset it?",
    "token: String",
    "password: String",
    "val apiKey: String? = null",
    'String password = request.getParameter("pw");',
    "user.password = encoder.encode(dto.getPassword())",
    "passwordEncoder.encode(raw)",
    "tokenizer: whitespace",
    "keyword: final",
    "secret: required",
    "Authorization header: Basic auth",
    "set the password to the one in Vault",
    "密码策略是什么？",
    "用户关注 review 模块如何管理 finding 队列。",
]


@pytest.mark.parametrize(("text", "secret", "kind"), SECRETS)
def test_secret_is_redacted(text: str, secret: str, kind: SecretKind) -> None:
    out = redact(text)
    assert secret not in out
    assert f"[REDACTED:{kind.value}]" in out
    assert contains_secret(text)


@pytest.mark.parametrize("text", NOT_SECRETS)
def test_non_secret_is_kept(text: str) -> None:
    assert redact(text) == text
    assert not contains_secret(text)


@pytest.mark.parametrize(("text", "secret", "kind"), SECRETS)
def test_redaction_is_idempotent(text: str, secret: str, kind: SecretKind) -> None:
    once = redact(text)
    assert redact(once) == once


def test_context_around_a_secret_is_kept() -> None:
    out = redact("连接串 jdbc:mysql://db:3306/app?user=root&password=Rootpw1 是测试库")
    assert out.startswith("连接串 jdbc:mysql://db:3306/app?user=root&password=[REDACTED:")
    assert out.endswith(" 是测试库")
    out = redact("我的 password=hunter2，GitHub 也配好了")
    assert out == "我的 password=[REDACTED:secret_value]，GitHub 也配好了"
    out = redact("git clone https://alice:pw@git.example.com/x.git")
    assert "https://" in out and "@git.example.com/x.git" in out
