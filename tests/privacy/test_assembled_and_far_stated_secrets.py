"""A secret in two or more pieces that no line holds whole, and a secret stated in prose
far from its keyword or with words between (issue 29 item 10, fourth round): literals a
program joins through names (``A = "…"`` … ``secret = A + B``), a builder's appends, a
joining call or an array of parts, parts given in bits or by their first and last
characters, parts in two chat messages; a value a long remark apart from its keyword, a
value before the secret it is for, a value handed over with "it should be" or "we
settled on", in English, Chinese and both. What has their look and is none stays.

The measured set of these classes is tests/data/secrets/own_r4.jsonl; the cases below are
other wordings of the same classes.
"""

from __future__ import annotations

import time

import pytest

from autopatch_memory.privacy import redact

FOUND = [
    # pieces a program joins
    (
        'private static final String H1 = "Qm7xT2pLw9", H2 = "Zk4Vn8Rb3c";\n'
        "private static final String HMAC_SECRET = H1 + H2;",
        ["Qm7xT2pLw9", "Zk4Vn8Rb3c"],
    ),
    (
        'StringBuilder key = new StringBuilder();\nkey.append("Tq7Lm2Xz9W");\n'
        'key.append("v4Kp8Rn3Bc");\nString signingToken = key.toString();',
        ["Tq7Lm2Xz9W", "v4Kp8Rn3Bc"],
    ),
    ('String token = String.join("", "Tq7Lm2Xz9W", "v4Kp8Rn3Bc");', ["Tq7Lm2Xz9W", "v4Kp8Rn3Bc"]),
    ('String[] passwordParts = {"Gr4d!ng", "#2024x"};', ["Gr4d!ng", "#2024x"]),
    ('token = "".join(["Tq7Lm2Xz9W", "v4Kp8Rn3Bc"])', ["Tq7Lm2Xz9W", "v4Kp8Rn3Bc"]),
    (
        'SIGN_KEY = (\n    "Tq7Lm2Xz9Wv4Kp8R"\n    "n3BcQm7xT2pLw9Zk"\n)',
        ["Tq7Lm2Xz9Wv4Kp8R", "n3BcQm7xT2pLw9Zk"],
    ),
    (
        'String secret = "Tq7Lm2Xz9W"\n        .concat("v4Kp8Rn3Bc");',
        ["Tq7Lm2Xz9W", "v4Kp8Rn3Bc"],
    ),
    (
        'HEAD=Tq7Lm2Xz9W\nTAIL=v4Kp8Rn3Bc\nexport GRADING_TOKEN="$HEAD$TAIL"',
        ["Tq7Lm2Xz9W", "v4Kp8Rn3Bc"],
    ),
    # parts given as such
    (
        "the VPN password in two chunks: first chunk Gr4d!ng#, second chunk 2024xQ",
        ["Gr4d!ng#", "2024xQ"],
    ),
    (
        "The token's first 10 characters are Tq7Lm2Xz9W, the last 10 are v4Kp8Rn3Bc",
        ["Tq7Lm2Xz9W", "v4Kp8Rn3Bc"],
    ),
    (
        "密钥太长，上半部分 Tq7Lm2Xz9Wv4Kp8R，下半部分 n3BcQm7xT2pLw9Zk",
        ["Tq7Lm2Xz9Wv4Kp8R", "n3BcQm7xT2pLw9Zk"],
    ),
    ("appSecret 前 10 位 Tq7Lm2Xz9W，后 10 位 v4Kp8Rn3Bc", ["Tq7Lm2Xz9W", "v4Kp8Rn3Bc"]),
    ("口令分两条发：\n第一条：Gr4d!ng#\n第二条：2024xQ", ["Gr4d!ng#", "2024xQ"]),
    (
        "[09:14] 周航: 回调的 apiV3Key 分两条发\n[09:14] 周航: Tq7Lm2Xz9Wv4Kp8R\n"
        "[09:15] 周航: n3BcQm7xT2pLw9Zk",
        ["Tq7Lm2Xz9Wv4Kp8R", "n3BcQm7xT2pLw9Zk"],
    ),
    (
        "token 拆成三段：Tq7Lm2Xz9W、v4Kp8Rn3Bc、Qm7xT2pLw9",
        ["Tq7Lm2Xz9W", "v4Kp8Rn3Bc", "Qm7xT2pLw9"],
    ),
    # far from the keyword, or with words between
    (
        "The password for the grading replica, the box Marta built back in March when we "
        "split reporting off the primary and before anyone thought to put it behind the "
        "bastion, is Gr4d!ng#2024x.",
        ["Gr4d!ng#2024x"],
    ),
    (
        "I've been signing in with Gr4d!ng#2024x as the root password on the test box.",
        ["Gr4d!ng#2024x"],
    ),
    (
        "Nobody remembers why, but they picked Gr4d!ng#2024x, so use that for the password.",
        ["Gr4d!ng#2024x"],
    ),
    (
        "You had a typo in the token. It should be Tq7Lm2Xz9Wv4Kp8Rn3Bc, no trailing dot.",
        ["Tq7Lm2Xz9Wv4Kp8Rn3Bc"],
    ),
    (
        "We need a shared secret for the callback. We agreed on Qm7xT2pLw9Zk4Vn8 yesterday.",
        ["Qm7xT2pLw9Zk4Vn8"],
    ),
    ("The passphrase? Gr4d!ng#2024x, as before.", ["Gr4d!ng#2024x"]),
    ("For the signing passphrase, type Gr4d!ng#2024x when gpg asks.", ["Gr4d!ng#2024x"]),
    (
        "the key for the sandbox callback validation is the string Tq7Lm2Xz9Wv4Kp8Rn3Bc",
        ["Tq7Lm2Xz9Wv4Kp8Rn3Bc"],
    ),
    (
        "推流 key（腾讯云控制台里生成的，有效期一年）是 5e2f9c1a7b3d4e6f8a0b1c2d3e4f5a6b",
        ["5e2f9c1a7b3d4e6f8a0b1c2d3e4f5a6b"],
    ),
    (
        "把 MinIO 的 secret key 贴这里，只在 local profile 里用：Ceb4qWlGs98YkUca6wWYGhubwRcew9",
        ["Ceb4qWlGs98YkUca6wWYGhubwRcew9"],
    ),
]

KEPT = [
    'static final String K1 = "course", K2 = "detail";\nstatic final String CACHE_KEY = K1 + ":" + K2;',
    'String user = "grader01";\nString token = jwt.sign(user, secret);',
    'String tokenUrl = String.join("/", "https://sso.example.edu", "oauth", "token");',
    'String passwordHint = "at least " + MIN + " characters";',
    '"tokenTypes": ["bearer", "mac"]',
    "conn = pymysql.connect(host='db', user='grader', password=os.environ['DB_PASSWORD'], db='grades')",
    "第一条：先跑 mvn clean\n第二条：再跑 mvn deploy",
    "token 前 8 位是租户号，后面才是随机部分",
    "the first 8 characters of the token are the tenant id",
    "Could you try the token refresh again? It should be TokenRefreshJob2 that runs it.",
    "The token expired. We decided on TokenRefreshJob2 to renew it.",
    "we went with Argon2id as the password hashing scheme",
    "with tokenService2 as the token provider",
    "trace id 7Hq2Lx9Pm4Vz8Kc3Nd6T for the failed token request",
    "the token request id: 7Hq2Lx9Pm4Vz8Kc3Nd6T",
    "the token hash for user 1001 is 7Hq2Lx9Pm4Vz8Kc3Nd6T",
    "admin 账号的 password policy 改成了 12 位以上",
    "==>  Preparing: UPDATE sys_user SET password = ?\n==> Parameters: $2a$10$N9qo8uLOickgx2ZMRZoMye(String)",
    "docker login -u ci -p $REGISTRY_PASSWORD registry.example.edu",
    'Authorization: Bearer {{$auth.token("grading")}}',
]


@pytest.mark.parametrize(("text", "secrets"), FOUND, ids=lambda v: str(v)[:40])
def test_a_secret_in_pieces_or_far_from_its_keyword_is_redacted(
    text: str, secrets: list[str]
) -> None:
    out = redact(text)
    for secret in secrets:
        assert secret not in out, out


@pytest.mark.parametrize("text", KEPT, ids=lambda v: v[:40])
def test_what_only_looks_like_one_stays(text: str) -> None:
    assert redact(text) == text


def test_an_expression_after_a_secrets_name_is_no_literal() -> None:
    # "dbPassword = part1 + part2" assigns no "part1": the parts are the literals
    text = 'String part1 = "Gr4d!ng";\nString part2 = "#2024x";\nString dbPassword = part1 + part2;'
    out = redact(text)
    assert "String dbPassword = part1 + part2;" in out
    assert "Gr4d!ng" not in out and "#2024x" not in out


ANCHORS = [
    'a = "x1"\nsecret = a + ',
    'sb.append("',
    'String token = String.join("", "',
    'token = ("',
    "P1=",
    "first bit ",
    "上半部分 ",
    "第一条：",
    "[10:02] a: token 分两条发\n[10:02] a: ",
    "password - ",
    "logging in with ",
    "chose ",
    "The password? ",
    "it should be ",
    "we settled on ",
    "key（",
]
FILLERS = [" ", "a", "1", '"', "'", "+", ",", "=", "\n", "-", "(", "、", "，"]


@pytest.mark.reliability
@pytest.mark.parametrize("anchor", ANCHORS, ids=repr)
def test_the_rules_for_pieces_and_far_values_are_linear(anchor: str) -> None:
    unit = "".join(anchor + filler * 2000 + "x\n" for filler in FILLERS)
    text = (unit * (256 * 1024 // len(unit) + 1))[: 256 * 1024]
    redact.cache_clear()
    started = time.thread_time()
    redact(text)
    assert time.thread_time() - started < 3.0
