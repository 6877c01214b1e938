"""A credential file pasted whole loses every secret field and nothing else: a cloud
service-account key file, a kubeconfig, an .npmrc, a Maven settings.xml, an AWS
credentials file, a docker config.json, an Azure service principal, .git-credentials.
All values are invented."""

from __future__ import annotations

import pytest

from autopatch_memory.privacy import redact

_KEY_BODY = "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7xKp2mW9vL4zN8tR3c"
_KEY_BODY_2 = "Qb5yH1jF6dS0aQ9eU2iO7pXk3Lm8Nz4Wv6Rt1Yh7Gd2Sa9Fq5Jc0Ke3Mb8Vx4Pn6Tw1Lz"
_CLIENT_KEY = (
    "LS0tLS1CRUdJTiBSU0EgUFJJVkFURSBLRVktLS0tLQpNSUlFb3dJQkFBS0NBUUVBdzRrUXg5TG0yVnA4UnQzTno3"
    "S3ExWWI2SGM1SmQwV3M0RWYKVGcyVWg3Vmk5T2ozUGs2UWwxUm04U241VG8wVXA0VnE3V3IyWHMKLS0tLS1FTkQg"
    "UlNBIFBSSVZBVEUgS0VZLS0tLS0K"
)
_CERT = (
    "LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSUM1ekNDQWMrZ0F3SUJBZ0lCQURBTkJna3Foa2lHOXcwQkFR"
    "c0ZBREFWTVJNd0VRWURWUVFERXdwcmRXSmwKLS0tLS1FTkQgQ0VSVElGSUNBVEUtLS0tLQo="
)

FILES: list[tuple[str, str, tuple[str, ...], tuple[str, ...]]] = [
    (
        "service-account",
        "{\n"
        '  "type": "service_account",\n'
        '  "project_id": "acme-billing-prod",\n'
        '  "private_key_id": "3f9c0d8e7b6a5f4e3d2c1b0a9f8e7d6c5b4a3f2e",\n'
        '  "private_key": "-----BEGIN PRIVATE KEY-----\\n'
        + _KEY_BODY
        + "\\n"
        + _KEY_BODY_2
        + '\\n-----END PRIVATE KEY-----\\n",\n'
        '  "client_email": "billing-sa@acme-billing-prod.iam.gserviceaccount.com",\n'
        '  "client_id": "104857392011223344556",\n'
        '  "auth_uri": "https://accounts.google.com/o/oauth2/auth",\n'
        '  "token_uri": "https://oauth2.googleapis.com/token"\n'
        "}",
        ("3f9c0d8e7b6a5f4e3d2c1b0a9f8e7d6c5b4a3f2e", _KEY_BODY, _KEY_BODY_2),
        (
            '"project_id": "acme-billing-prod"',
            "billing-sa@acme-billing-prod.iam.gserviceaccount.com",
            '"client_id": "104857392011223344556"',
            '"token_uri": "https://oauth2.googleapis.com/token"',
        ),
    ),
    (
        "kubeconfig",
        "apiVersion: v1\nkind: Config\nclusters:\n- cluster:\n"
        "    certificate-authority-data: " + _CERT + "\n"
        "    server: https://10.8.0.1:6443\n  name: prod\n"
        "contexts:\n- context:\n    cluster: prod\n    user: admin\n  name: prod-admin\n"
        "users:\n- name: admin\n  user:\n"
        "    client-certificate-data: " + _CERT + "\n"
        "    client-key-data: " + _CLIENT_KEY + "\n"
        "- name: ci-bot\n  user:\n    token: kq9Xm2Lp7Vz4Tw8Nc3Rb6Yh1Jd5Fs0Ga\n"
        "- name: legacy\n  user:\n    username: ops\n    password: K8s!Basic2025\n",
        (_CLIENT_KEY, "kq9Xm2Lp7Vz4Tw8Nc3Rb6Yh1Jd5Fs0Ga", "K8s!Basic2025"),
        (
            "certificate-authority-data: " + _CERT,
            "server: https://10.8.0.1:6443",
            "client-certificate-data: " + _CERT,
            "username: ops",
            "name: prod-admin",
        ),
    ),
    (
        "npmrc",
        "registry=https://nexus.acme.cn/repository/npm-group/\n"
        "//nexus.acme.cn/repository/npm-private/:_authToken=NpmToken.7c1e2f3a-4b5c-6d7e-8f90-a1b2c3d4e5f6\n"
        "//registry.acme.io/:_auth=Y2ktYm90Ok5wbSFBdXRoMjAyNQ==\n"
        "//npm.pkg.acme.io/:username=ci\n"
        "//npm.pkg.acme.io/:_password=TnAhbTIwMjVwd1g=\n"
        "//npm.pkg.acme.io/:email=ci@acme.io\n"
        "always-auth=true\n",
        (
            "NpmToken.7c1e2f3a-4b5c-6d7e-8f90-a1b2c3d4e5f6",
            "Y2ktYm90Ok5wbSFBdXRoMjAyNQ==",
            "TnAhbTIwMjVwd1g=",
        ),
        (
            "registry=https://nexus.acme.cn/repository/npm-group/",
            ":username=ci",
            ":email=ci@acme.io",
            "always-auth=true",
        ),
    ),
    (
        "maven-settings",
        "<settings>\n  <mirrors>\n    <mirror>\n      <id>aliyun</id>\n"
        "      <url>https://maven.aliyun.com/repository/public</url>\n    </mirror>\n  </mirrors>\n"
        "  <servers>\n"
        "    <server>\n      <id>nexus-releases</id>\n      <username>deployer</username>\n"
        "      <password>Mv9#Rel2025</password>\n    </server>\n"
        "    <server>\n      <id>bastion-scp</id>\n      <username>deploy</username>\n"
        "      <privateKey>${user.home}/.ssh/id_rsa</privateKey>\n"
        "      <passphrase>gpg key for maven central 42</passphrase>\n    </server>\n"
        "    <server>\n      <id>gitlab-maven</id>\n      <configuration>\n        <httpHeaders>\n"
        "          <property>\n            <name>Private-Token</name>\n"
        "            <value>Gm7pK2xQ9vL4wZ8nR3tB</value>\n"
        "          </property>\n        </httpHeaders>\n      </configuration>\n    </server>\n"
        "    <server>\n      <id>snapshots</id>\n      <username>${env.NEXUS_USER}</username>\n"
        "      <password>${env.NEXUS_PASSWORD}</password>\n    </server>\n"
        "  </servers>\n</settings>",
        ("Mv9#Rel2025", "gpg key for maven central 42", "Gm7pK2xQ9vL4wZ8nR3tB"),
        (
            "<url>https://maven.aliyun.com/repository/public</url>",
            "<username>deployer</username>",
            "<privateKey>${user.home}/.ssh/id_rsa</privateKey>",
            "<password>${env.NEXUS_PASSWORD}</password>",
            "<name>Private-Token</name>",
        ),
    ),
    (
        "aws-credentials",
        "[default]\naws_access_key_id = ASIAY34FZKBOKMUTVV7A\n"
        "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYzEXAMPLE9\n"
        "aws_session_token = IQoJb3JpZ2luX2VjEHoaDmFwLXNvdXRoZWFzdC0xIkcwRQIhAKq7xKp2mW9vL4zN8tR3cB5yH1==\n"
        "region = ap-southeast-1\noutput = json\n",
        (
            "ASIAY34FZKBOKMUTVV7A",
            "wJalrXUtnFEMI/K7MDENG/bPxRfiCYzEXAMPLE9",
            "IQoJb3JpZ2luX2VjEHoaDmFwLXNvdXRoZWFzdC0xIkcwRQIhAKq7xKp2mW9vL4zN8tR3cB5yH1==",
        ),
        ("[default]", "region = ap-southeast-1", "output = json"),
    ),
    (
        "docker-config",
        '{\n  "auths": {\n    "harbor.acme.io": {\n      "auth": "cm9ib3QkY2k6RGs3I1JlZzFzdHJ5"\n    },\n'
        '    "registry.acme.io": {\n      "identitytoken": "Dk9mQ2xL7pV4zT8wN3cR6yB1"\n    }\n  },\n'
        '  "credsStore": "desktop"\n}',
        ("cm9ib3QkY2k6RGs3I1JlZzFzdHJ5", "Dk9mQ2xL7pV4zT8wN3cR6yB1"),
        ('"harbor.acme.io"', '"credsStore": "desktop"'),
    ),
    (
        "azure-service-principal",
        '{\n  "appId": "5a1b2c3d-4e5f-6071-8293-a4b5c6d7e8f9",\n  "displayName": "ci-deployer",\n'
        '  "password": "Xy8Q~k2Lm9Pq4Rs7Tv1Wx3Yz5Ab8Cd0Ef6Gh2Jk",\n'
        '  "tenant": "0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0"\n}',
        ("Xy8Q~k2Lm9Pq4Rs7Tv1Wx3Yz5Ab8Cd0Ef6Gh2Jk",),
        (
            '"appId": "5a1b2c3d-4e5f-6071-8293-a4b5c6d7e8f9"',
            '"displayName": "ci-deployer"',
            '"tenant": "0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0"',
        ),
    ),
    (
        "git-credentials",
        "https://ci-bot:glpat-Xk2mQ9pL4vZ7nR3tB8wY@gitlab.acme.io\n"
        "https://ops:Gh!Cred2025@github.acme.io\n",
        ("glpat-Xk2mQ9pL4vZ7nR3tB8wY", "Gh!Cred2025"),
        ("https://ci-bot:", "@gitlab.acme.io", "https://ops:", "@github.acme.io"),
    ),
]


@pytest.mark.parametrize(("name", "text", "secrets", "kept"), FILES, ids=[f[0] for f in FILES])
def test_a_credential_file_loses_every_secret_and_nothing_else(
    name: str, text: str, secrets: tuple[str, ...], kept: tuple[str, ...]
) -> None:
    out = redact(text)
    assert [s for s in secrets if s in out] == [], out
    assert [k for k in kept if k not in out] == [], out
    assert redact(out) == out


def test_a_kubeconfig_without_a_secret_is_kept() -> None:
    text = (
        "clusters:\n- cluster:\n    certificate-authority-data: " + _CERT + "\n"
        "    server: https://10.0.0.1:6443\nusers:\n- name: dev\n  user:\n    exec:\n"
        "      apiVersion: client.authentication.k8s.io/v1beta1\n      command: aws\n"
        '      args: ["eks", "get-token", "--cluster-name", "dev"]\n'
    )
    assert redact(text) == text
