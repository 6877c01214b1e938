"""Secrets in what a developer pastes from the tools around a service (issue 29 item 10,
fourth round): a Kubernetes Secret (``data:`` base64 values, ``stringData:``, a JSON
manifest, ``kubectl create secret … --from-literal``, the value a command printed), an
HTTP request (a header named for a credential, a query parameter), a CI configuration
(GitLab CI, GitHub Actions, Jenkins), a session cookie set in code or copied from a
browser, and a log line (MyBatis' bound parameters, a map printed whole). What has their
look and is none stays.

The measured set of these classes is tests/data/secrets/own_r4.jsonl; the cases below are
other wordings of the same classes.
"""

from __future__ import annotations

import base64
import time

import pytest

from autopatch_memory.privacy import redact


def _b64(text: str) -> str:
    return base64.b64encode(text.encode()).decode()


FOUND = [
    # a Kubernetes Secret, whatever its keys are called
    (
        f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: grading\ndata:\n"
        f"  user: {_b64('grader')}\n  hmac-seed: {_b64('Qm7xT2pLw9Zk4Vn8')}",
        [_b64("Qm7xT2pLw9Zk4Vn8")],
    ),
    (
        "kind: Secret\nstringData:\n  DB_URL: jdbc:postgresql://db:5432/grading\n"
        "  DB_PWD: Gr4d!ng#2024\n  SMS_SIGN: 7f3kQ9xL2mWz8vPb",
        ["Gr4d!ng#2024", "7f3kQ9xL2mWz8vPb"],
    ),
    (
        '{"kind": "Secret", "stringData": {"getui.master": "Lq9oEr2Wd8TsKTuj", "region": "cn"}}',
        ["Lq9oEr2Wd8TsKTuj"],
    ),
    (
        "kubectl -n edu create secret generic push --from-literal=apns.key=Zq8mKd2xLp9Wv4nT",
        ["Zq8mKd2xLp9Wv4nT"],
    ),
    (
        "$ kubectl get secret grading -o jsonpath='{.data.hmac}' | base64 -d\nQm7xT2pLw9Zk4Vn8",
        ["Qm7xT2pLw9Zk4Vn8"],
    ),
    ("vault kv get -field=api_token secret/grading\nhvx9Kq2Lm7pVz4Tn", ["hvx9Kq2Lm7pVz4Tn"]),
    ("Secret 里的密码这样生成：echo -n 'Gr4d!ng#2024' | base64", ["Gr4d!ng#2024"]),
    # an HTTP request
    (
        "### 成绩导出\nGET https://api.example.edu/grades/export\n"
        "Ocp-Apim-Subscription-Key: 5e2f9c1a7b3d4e6f8a0b1c2d3e4f5a6b",
        ["5e2f9c1a7b3d4e6f8a0b1c2d3e4f5a6b"],
    ),
    (
        "POST /v1/push HTTP/1.1\nHost: push.example.edu\nX-Access-Token: Tq7Lm2Xz9Wv4Kp8Rn3Bc\n",
        ["Tq7Lm2Xz9Wv4Kp8Rn3Bc"],
    ),
    (
        "curl https://api.example.edu/v1/me --header 'X-Auth-Key: Vn8Qm7xT2pLw9Zk4' -s",
        ["Vn8Qm7xT2pLw9Zk4"],
    ),
    ("POST /sms/send\n\naccount=edu_sms&pswd=Sm5#pW9xQ2&mobile=13900000000", ["Sm5#pW9xQ2"]),
    # a CI configuration
    (
        "sonar:\n  script:\n    - mvn verify sonar:sonar -Dsonar.token=squ_0a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a1b",
        ["squ_0a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a1b"],
    ),
    (
        "      - run: podman login -u ci -p Pd9#mQ2xLv7 registry.example.edu",
        ["Pd9#mQ2xLv7"],
    ),
    (
        "stage('scan') { steps { sh 'mvn sonar:sonar -Dsonar.login=0f1e2d3c4b5a69788796a5b4c3d2e1f0a9b8c7d6' } }",
        ["0f1e2d3c4b5a69788796a5b4c3d2e1f0a9b8c7d6"],
    ),
    # a session cookie in code or copied from a browser
    (
        'HttpRequest.newBuilder(uri).header("Cookie", "JSESSIONID=7C1A9E3B5D2F4A6C8E0B1D3F")',
        ["7C1A9E3B5D2F4A6C8E0B1D3F"],
    ),
    (
        'r = requests.post(url, cookies={"SESSION": "ZDk3YjJmNTItNzQ1Ni00Y2Rl"})',
        ["ZDk3YjJmNTItNzQ1Ni00Y2Rl"],
    ),
    (
        '{"domain": "exam.example.edu", "hostOnly": true, "name": "XT_SESSION", "path": "/", '
        '"secure": true, "value": "Kx9mQ2vLp7Wz4Tn8Rb3c"}',
        ["Kx9mQ2vLp7Wz4Tn8Rb3c"],
    ),
    (
        "XT_SESSION\tKx9mQ2vLp7Wz4Tn8Rb3c\texam.example.edu\t/\tSession\t32\t✓",
        ["Kx9mQ2vLp7Wz4Tn8Rb3c"],
    ),
    ("你用这个 SESSION=ZDk3YjJmNTItNzQ1Ni00Y2Rl 调 /grades 接口试试", ["ZDk3YjJmNTItNzQ1Ni00Y2Rl"]),
    # a log line
    (
        "==>  Preparing: INSERT INTO sys_user (username, password, phone) VALUES (?, ?, ?)\n"
        "==> Parameters: grader01(String), Gr4d!ng#2024(String), 13900000000(String)",
        ["Gr4d!ng#2024"],
    ),
    (
        "DEBUG c.e.pay.Signer - params {mch_id=1650000001, nonce=k3j4h5g6, key=Qm7xT2pLw9Zk4Vn8Rb3c}",
        ["Qm7xT2pLw9Zk4Vn8Rb3c"],
    ),
    (
        'WARN c.e.oss.Uploader - request={"accessKeyId":"LTAI5tQ9xKp2Lm7vWn3Rz8Yc",'
        '"accessKeySecret":"Vn8Qm7xT2pLw9Zk4Rb3cXy5"}',
        ["LTAI5tQ9xKp2Lm7vWn3Rz8Yc", "Vn8Qm7xT2pLw9Zk4Rb3cXy5"],
    ),
]

KEPT = [
    "kind: Secret\ndata:\n  username: " + _b64("grader") + "\n  port: " + _b64("5432"),
    "kind: ConfigMap\ndata:\n  FEATURES: " + _b64("exam,grades") + "\n  MODE: prod",
    "kubectl create secret generic push --from-file=./push/ -n edu",
    "kubectl create secret generic db --from-literal=username=grader",
    "$ kubectl get secret grading -o yaml\napiVersion: v1",
    "echo -n 'grader' | base64",
    "GET https://api.example.edu/grades\nX-Request-Id: 4bf92f3577b34da6a3ce929d0e0e4736",
    "GET https://api.example.edu/grades\nX-Access-Token: {{accessToken}}",
    "ws:\n  Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
    "grading:\n  app-key: dingavmigtsx43djj6e2\n  agent-id: 2891234567",
    "      - run: podman login -u ci -p $REGISTRY_PASSWORD registry.example.edu",
    "mvn sonar:sonar -Dsonar.login=${SONAR_TOKEN}",
    "environment { NEXUS = credentials('nexus-creds') }",
    'headers.add(HttpHeaders.COOKIE, "lang=zh-CN");',
    'r = requests.post(url, cookies={"lang": "zh-CN"})',
    '{"name": "SESSION_TIMEOUT", "value": "1800"}',
    "session: redis-cluster-primary-01",
    "login ok user=admin session=3f2a9c1e7b5d4f60a8e2c4b6d8f0a1c3 ip=10.0.0.8",
    "==>  Preparing: SELECT id, password FROM sys_user WHERE username = ?\n"
    "==> Parameters: grader01(String)",
    "==>  Preparing: UPDATE sys_user SET password = ? WHERE id = ?\n"
    "==> Parameters: {bcrypt}$2a$10$N9qo8uLOickgx2ZMRZoMye(String), 7(Long)",
    "DEBUG c.e.cache.Loader - loaded {id=42, key=d41d8cd98f00b204e9800998ecf8427e}",
]


@pytest.mark.parametrize(("text", "secrets"), FOUND, ids=lambda v: str(v)[:40])
def test_a_secret_pasted_from_the_tools_around_a_service_is_redacted(
    text: str, secrets: list[str]
) -> None:
    out = redact(text)
    for secret in secrets:
        assert secret not in out, out


def test_tencent_ims_user_signature_is_a_credential() -> None:
    # a UserSig logs its holder in; the signature of a request ("sign=") is none
    out = redact("GET /im/send?sdkappid=1400000001&usersig=eJyrVkrOSSxRsqpWKkktLlGyUjJU0l&r=9")
    assert "eJyrVkrOSSxRsqpWKkktLlGyUjJU0l" not in out and "sdkappid=1400000001" in out


@pytest.mark.parametrize("text", KEPT, ids=lambda v: v[:40])
def test_what_only_looks_like_one_stays(text: str) -> None:
    assert redact(text) == text


def test_a_secret_manifests_public_entries_stay() -> None:
    text = (
        "kind: Secret\ndata:\n  username: "
        + _b64("grader")
        + "\n  password: "
        + _b64("Gr4d!ng#2024")
        + "\n  host: "
        + _b64("10.0.8.21")
    )
    out = redact(text)
    assert _b64("Gr4d!ng#2024") not in out
    assert _b64("grader") in out and _b64("10.0.8.21") in out


# Every new rule's anchor, followed by long runs of each kind of filler: each pass must stay
# linear (docs/privacy.md#linear-time).
ANCHORS = [
    "kind: Secret\ndata:\n  a: ",
    'kind: Secret\n"data": {"a": "',
    "create secret generic a --from-literal=a=",
    "$ kubectl get secret a | base64 -d\n",
    "echo -n '",
    "password: a\necho ",
    "==>  Preparing: UPDATE t SET password = ?\n==> Parameters: ",
    "==>  Preparing: INSERT INTO t (a, password) VALUES (?, ?)\n==> Parameters: ",
    'x.addHeader("Cookie", "SESSION=',
    "cookies={'a': '",
    '{"domain": "a", "name": "SESSION", "value": "',
    "SESSION\t",
    "remember-me 值是 ",
    "GET /a HTTP/1.1\nX-Auth: ",
    "curl -H 'X-Auth: ",
    "-Dsonar.login=",
    "az login -u a -p ",
    "{a=1, key=",
    "usersig=",
    "pswd=",
]
FILLERS = [" ", "a", "1", ":", "=", "-", "'", '"', "\t", "\n", "{", "?", ", ", "(String), "]


@pytest.mark.reliability
@pytest.mark.parametrize("anchor", ANCHORS, ids=repr)
def test_the_rules_for_manifests_requests_and_logs_are_linear(anchor: str) -> None:
    unit = "".join(anchor + filler * 2000 + "x\n" for filler in FILLERS)
    text = (unit * (256 * 1024 // len(unit) + 1))[: 256 * 1024]
    redact.cache_clear()
    started = time.thread_time()
    redact(text)
    assert time.thread_time() - started < 3.0
