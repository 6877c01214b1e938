"""Blind evaluation corpus D for secret redaction (autopatch-memory, SPEC section 8 and issue 12).

(Copied from the blind set's corpus_d.py: the data are unchanged, only reformatted; one
trailing blank inside a stack trace is written ``\x20`` so the file passes the linter.
Scored once, blind, before any rule saw it: recall 90.9% (437/481 secrets), precision
97.8% (226/231 look-alikes). Then one round of class-level fixes; docs/privacy.md records
both numbers. It is no longer held out.)

Written without looking at the redactor, its docs, its tests or any earlier corpus.
All credentials below are fabricated (random values in each vendor's format, or throwaway keys
generated for this file); none of them grants access to anything.

SECRETS:     (form, text, exact secret substrings that must be gone after redaction)
LOOK_ALIKES: (form, text that holds no secret and must come back unchanged)

The labelling rules: a label is the value exactly as written (no key, separator or quotes);
only the password of a URL; public ids (appid, client id) are no secrets; genuinely
ambiguous values (well-known defaults, ENC(…), password hashes) are left out.
"""

from __future__ import annotations

SECRETS: list[tuple[str, str, tuple[str, ...]]] = [
    # ------------------------------------------------------------------ config files
    (
        "yaml",
        """spring:
  datasource:
    url: jdbc:mysql://10.20.1.15:3306/order_db?useUnicode=true&characterEncoding=utf8&serverTimezone=Asia/Shanghai
    username: order_rw
    password: Hz7&kq;Lm,2}v
    driver-class-name: com.mysql.cj.jdbc.Driver""",
        ("Hz7&kq;Lm,2}v",),
    ),
    (
        "yaml",
        """spring:
  redis:
    host: r-bp1c8e2f3a.redis.rds.aliyuncs.com
    port: 6379
    password: "Rds#2024 cache!"
    database: 3
    timeout: 3000ms""",
        ("Rds#2024 cache!",),
    ),
    (
        "yaml",
        """spring:
  data:
    redis:
      host: 127.0.0.1
      password: 'it''s-a-Redis:pw'
      lettuce:
        pool:
          max-active: 16""",
        ("it''s-a-Redis:pw",),
    ),
    (
        "yaml",
        """spring:
  rabbitmq:
    host: 10.0.5.31
    port: 5672
    username: order_svc
    password: mq_Pr0d;2024
    virtual-host: /prod""",
        ("mq_Pr0d;2024",),
    ),
    (
        "yaml",
        """spring:
  mail:
    host: smtp.qq.com
    port: 465
    username: ci-notify@qq.com
    password: gkpitocgkjscyabv   # QQ邮箱授权码，不是登录密码
    protocol: smtps""",
        ("gkpitocgkjscyabv",),
    ),
    (
        "yaml",
        """jwt:
  header: Authorization
  secret: xQBUQYmXZXW8VdNYnSXbLAS54pdRNBUwoIsLaapaY6v
  expiration: 86400""",
        ("xQBUQYmXZXW8VdNYnSXbLAS54pdRNBUwoIsLaapaY6v",),
    ),
    (
        "yaml",
        """aliyun:
  oss:
    endpoint: oss-cn-hangzhou.aliyuncs.com
    access-key-id: LTAI5tzregijMA83FxrWwYNQ
    access-key-secret: hHz0HycROGaVL40PumXZILAEpSKjqP
    bucket-name: acme-prod-assets""",
        ("LTAI5tzregijMA83FxrWwYNQ", "hHz0HycROGaVL40PumXZILAEpSKjqP"),
    ),
    (
        "yaml",
        """minio:
  endpoint: http://10.0.9.4:9000
  access-key: minio_admin
  secret-key: M1n10!Secret#Key
  bucket: contracts""",
        ("M1n10!Secret#Key",),
    ),
    (
        "yaml",
        """wx:
  mp:
    app-id: wxc2e812efd06cae3c
    secret: 1061dc7f801b610c678ead7ae3112f5c
    token: Tk9wXcb2024mp
    aes-key: uQ9zR2mW4kD7bX1cN5vL8pT3sY6hJ0fA2gE9iK4oP7r""",
        (
            "1061dc7f801b610c678ead7ae3112f5c",
            "Tk9wXcb2024mp",
            "uQ9zR2mW4kD7bX1cN5vL8pT3sY6hJ0fA2gE9iK4oP7r",
        ),
    ),
    (
        "bootstrap-yaml",
        """spring:
  application:
    name: order-service
  cloud:
    nacos:
      config:
        server-addr: 10.0.8.21:8848
        namespace: 965f2458-c82b-4501-b79d-686eddd4c8c3
        username: nacos_prod
        password: N@cos!Prod_88
        file-extension: yaml
      discovery:
        server-addr: ${spring.cloud.nacos.config.server-addr}""",
        ("N@cos!Prod_88",),
    ),
    (
        "bootstrap-yaml",
        """# bootstrap-prod.yml
spring:
  cloud:
    config:
      uri: http://config-server.prod:8888
      username: cfg_reader
      password: "Cfg{Reader}2024,ro"
      fail-fast: true""",
        ("Cfg{Reader}2024,ro",),
    ),
    (
        "nacos-config",
        """Nacos 控制台里 order-service-prod.yaml（Group: DEFAULT_GROUP）的内容是这样的：

xxl:
  job:
    admin:
      addresses: http://10.0.8.40:8080/xxl-job-admin
    accessToken: H5i9OdexJmG48Ydhenm6grNl
    executor:
      appname: order-executor
seata:
  tx-service-group: order_tx_group

帮我看看为什么执行器注册不上？""",
        ("H5i9OdexJmG48Ydhenm6grNl",),
    ),
    (
        "nacos-config",
        """Data ID: gateway-dev.properties
Group: DEFAULT_GROUP
配置格式: Properties
-----
spring.redis.host=10.0.2.6
spring.redis.password=Gw#redis;dev
sa-token.jwt-secret-key=asdkjhqwe98123nmzxcvQWE""",
        ("Gw#redis;dev", "asdkjhqwe98123nmzxcvQWE"),
    ),
    (
        "apollo",
        """app.id=order-service
apollo.meta=http://apollo-config.prod.acme.local:8080
apollo.cluster=hz
apollo.access-key.secret=59346ead2361f8c71c4700ab8cea2e4f
apollo.bootstrap.enabled=true""",
        ("59346ead2361f8c71c4700ab8cea2e4f",),
    ),
    (
        "properties",
        """spring.datasource.druid.url=jdbc:mysql://10.1.4.2:3306/crm?useSSL=false
spring.datasource.druid.username=root
spring.datasource.druid.password=Dr!u1d_root#7
spring.datasource.druid.stat-view-servlet.login-username=druid
spring.datasource.druid.stat-view-servlet.login-password=Stat@View2024""",
        ("Dr!u1d_root#7", "Stat@View2024"),
    ),
    (
        "properties",
        """ldap.urls=ldap://ad.corp.acme.cn:389
ldap.base=dc=corp,dc=acme,dc=cn
ldap.username=cn=svc-ldap,ou=service,dc=corp,dc=acme,dc=cn
ldap.password : Ld@p$ecret,2024""",
        ("Ld@p$ecret,2024",),
    ),
    (
        "properties",
        """# jasypt
jasypt.encryptor.password=OCE01Hc3UaEX42KZ99Pd
jasypt.encryptor.algorithm=PBEWithMD5AndDES""",
        ("OCE01Hc3UaEX42KZ99Pd",),
    ),
    (
        "properties",
        """spring.security.oauth2.client.registration.gitee.client-id=8a7f3e0c9b1d2e4f6a5b
spring.security.oauth2.client.registration.gitee.client-secret=4b8e1d0f93a7c2e6b5d4f1a0c9e8b7d6a5f4e3d2c1b0a9f8e7d6c5b4a3f2e1d0
spring.security.oauth2.client.registration.gitee.redirect-uri={baseUrl}/login/oauth2/code/{registrationId}""",
        ("4b8e1d0f93a7c2e6b5d4f1a0c9e8b7d6a5f4e3d2c1b0a9f8e7d6c5b4a3f2e1d0",),
    ),
    (
        "gradle-properties",
        """org.gradle.jvmargs=-Xmx2g -Dfile.encoding=UTF-8
nexusUsername=deployer
nexusPassword=Nx!s9q2Lm
signing.keyId=24875D73
signing.password=gpg sign phrase 42
signing.secretKeyRingFile=/Users/zhangsan/.gnupg/secring.gpg""",
        ("Nx!s9q2Lm", "gpg sign phrase 42"),
    ),
    (
        "dotenv",
        """APP_ENV=production
DB_HOST=10.0.3.7
DB_USER=app
DB_PASSWORD="Lq9;x,7}kP&m"
REDIS_URL=redis://:Rds%2Fpw%3D9@10.0.3.8:6379/0
OPENAI_API_KEY=sk-YoFTekEJl0vfmCkdX66Kq6jCKA5BSIKUHqAUasGIXOsrjjSg""",
        ("Lq9;x,7}kP&m", "Rds%2Fpw%3D9", "sk-YoFTekEJl0vfmCkdX66Kq6jCKA5BSIKUHqAUasGIXOsrjjSg"),
    ),
    (
        "dotenv",
        """# .env.local —— 别提交
ANTHROPIC_API_KEY=sk-ant-api03-gBOcQQ8htK84nHNuwAzP7qiCatb5AiD1C8LMi6wLDTScRvwkc87K_APP4RU2fNWiM0Nr-4JeHniiwjGKxEXqba1MJN7a6AA
HF_TOKEN=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
SESSION_SECRET='correct horse battery staple'""",
        (
            "sk-ant-api03-gBOcQQ8htK84nHNuwAzP7qiCatb5AiD1C8LMi6wLDTScRvwkc87K_APP4RU2fNWiM0Nr-4JeHniiwjGKxEXqba1MJN7a6AA",
            "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",
            "correct horse battery staple",
        ),
    ),
    (
        "dotenv",
        """export STRIPE_SECRET_KEY=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
export STRIPE_WEBHOOK_SECRET=whsec_JgkD93Q1OeYZ3uF6w2L757TasMUsN4nu""",
        (
            "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",
            "whsec_JgkD93Q1OeYZ3uF6w2L757TasMUsN4nu",
        ),
    ),
    (
        "docker-compose",
        """version: "3.8"
services:
  mysql:
    image: mysql:8.0.36
    environment:
      MYSQL_ROOT_PASSWORD: MyS9lR00t!2024
      MYSQL_DATABASE: nacos_config
  nacos:
    image: nacos/nacos-server:v2.3.2
    environment:
      - MODE=standalone
      - SPRING_DATASOURCE_PLATFORM=mysql
      - MYSQL_SERVICE_USER=root
      - MYSQL_SERVICE_PASSWORD=MyS9lR00t!2024
      - NACOS_AUTH_TOKEN=UklCWHVETDdEeHRwWWxTWHBmS3RIRjR2VUNzTWVoR0FrV3ZqN0ZBYw==""",
        ("MyS9lR00t!2024", "UklCWHVETDdEeHRwWWxTWHBmS3RIRjR2VUNzTWVoR0FrV3ZqN0ZBYw=="),
    ),
    (
        "docker-compose",
        """  redis:
    image: redis:7.2
    command: redis-server --requirepass "Cmp0se&Redis pw" --appendonly yes
    ports:
      - "6379:6379\"""",
        ("Cmp0se&Redis pw",),
    ),
    (
        "docker-compose",
        """  grafana:
    image: grafana/grafana:10.4.2
    environment:
      GF_SECURITY_ADMIN_USER: admin
      GF_SECURITY_ADMIN_PASSWORD: "Grafana#Adm1n 2024"
      GF_SMTP_PASSWORD: Sm7p;Graf""",
        ("Grafana#Adm1n 2024", "Sm7p;Graf"),
    ),
    (
        "k8s-secret",
        """apiVersion: v1
kind: Secret
metadata:
  name: order-db
  namespace: prod
type: Opaque
data:
  username: b3JkZXJfc3Zj
  password: UGcjUHJvZDIwMjQhb3JkZXJz""",
        ("UGcjUHJvZDIwMjQhb3JkZXJz",),
    ),
    (
        "k8s-secret",
        """apiVersion: v1
kind: Secret
metadata:
  name: payment-keys
stringData:
  WECHAT_PAY_API_V3_KEY: KFvwYb48lxHdhYkphU8u7iqqNbs7S9n4
  ALIPAY_APP_PRIVATE_KEY_PASSWORD: "Ali&Pay;key,pw\"""",
        ("KFvwYb48lxHdhYkphU8u7iqqNbs7S9n4", "Ali&Pay;key,pw"),
    ),
    (
        "k8s-secret",
        """apiVersion: v1
kind: Secret
type: kubernetes.io/tls
metadata:
  name: api-acme-tls
data:
  tls.crt: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSUJpekNDQVRHZ0F3SUJBZ0lVYVlqZDJ2ZWVEUzQ2cTQvYmUvbG9uTXUvWU9nd0NnWUlLb1pJemowRUF3SXcKLS0tLS1FTkQgQ0VSVElGSUNBVEUtLS0tLQo=
  tls.key: LS0tLS1CRUdJTiBFQyBQUklWQVRFIEtFWS0tLS0tCk1JR2tBZ0VCQkRCNU53MmFaS2dsRnhCMHZNVUZhL0d6N2tQamZrWlVMQ25FS1JpQ2FkQ3ZiWWpQeGh3QnJCUlEKMzRubjlCSlVaU0tnQndZRks0RUVBQ0toWkFOaUFBVEVEN2VRZFloek5MdjQ4OEJua0ZQMGRYT0J3OHE2c2tIUQpVM1k5TVBRZXRMUk9pRTk5N1BsOTVhZEVuV1N4djdaODVYRWNOSFZVYlRGZXYyMHR3b0s5UEFsRHZxRjlTYmtjClpDNlk1R0hJbVVMemhjZ3oyZGg3cVJDWlNhK3BhTTA9Ci0tLS0tRU5EIEVDIFBSSVZBVEUgS0VZLS0tLS0K""",
        (
            "LS0tLS1CRUdJTiBFQyBQUklWQVRFIEtFWS0tLS0tCk1JR2tBZ0VCQkRCNU53MmFaS2dsRnhCMHZNVUZhL0d6N2tQamZrWlVMQ25FS1JpQ2FkQ3ZiWWpQeGh3QnJCUlEKMzRubjlCSlVaU0tnQndZRks0RUVBQ0toWkFOaUFBVEVEN2VRZFloek5MdjQ4OEJua0ZQMGRYT0J3OHE2c2tIUQpVM1k5TVBRZXRMUk9pRTk5N1BsOTVhZEVuV1N4djdaODVYRWNOSFZVYlRGZXYyMHR3b0s5UEFsRHZxRjlTYmtjClpDNlk1R0hJbVVMemhjZ3oyZGg3cVJDWlNhK3BhTTA9Ci0tLS0tRU5EIEVDIFBSSVZBVEUgS0VZLS0tLS0K",
        ),
    ),
    (
        "k8s-manifest",
        """      containers:
        - name: order-service
          image: registry.cn-hangzhou.aliyuncs.com/acme/order-service:1.8.3
          env:
            - name: SPRING_PROFILES_ACTIVE
              value: prod
            - name: SPRING_DATASOURCE_PASSWORD
              value: "K8s#Env!pw9"
            - name: JAVA_OPTS
              value: "-Xms1g -Xmx1g" """,
        ("K8s#Env!pw9",),
    ),
    (
        "k8s-manifest",
        """kubectl create secret docker-registry acr-pull \\
  --docker-server=registry.cn-hangzhou.aliyuncs.com \\
  --docker-username=acme_ci@1234567890 \\
  --docker-password='Acr!Pull#2024' \\
  -n prod""",
        ("Acr!Pull#2024",),
    ),
    (
        "k8s-manifest",
        """kubectl -n prod create secret generic redis-auth --from-literal=password='R3dis;K8s&pw' --dry-run=client -o yaml""",
        ("R3dis;K8s&pw",),
    ),
    (
        "helm",
        """helm upgrade --install mysql bitnami/mysql -n infra \\
  --set auth.rootPassword='H3lm!Root#pw' \\
  --set auth.username=app \\
  --set auth.password=H3lmApp_2024""",
        ("H3lm!Root#pw", "H3lmApp_2024"),
    ),
    (
        "helm",
        """# values-prod.yaml
postgresql:
  auth:
    postgresPassword: "Pg Helm Admin 77"
    username: keycloak
    password: kc_Db&pw#3
keycloak:
  auth:
    adminPassword: icHTp8hkqdlm7tOtHWnsCGRlrwZbqcab""",
        ("Pg Helm Admin 77", "kc_Db&pw#3", "icHTp8hkqdlm7tOtHWnsCGRlrwZbqcab"),
    ),
    (
        "jenkinsfile",
        """pipeline {
    agent any
    environment {
        SONAR_TOKEN = 'squ_a4c123b1612dd272d1371c17149d439536b3216f'
        REGISTRY = 'harbor.acme.local'
    }
    stages {
        stage('Scan') {
            steps {
                sh 'mvn -B sonar:sonar -Dsonar.host.url=http://sonar.acme.local -Dsonar.token=$SONAR_TOKEN'
            }
        }
    }
}""",
        ("squ_a4c123b1612dd272d1371c17149d439536b3216f",),
    ),
    (
        "jenkinsfile",
        """stage('Push image') {
    steps {
        sh "docker login -u robot\\$ci -p 'Harb0r#Robot!9' harbor.acme.local"
        sh "docker push harbor.acme.local/shop/order:${BUILD_NUMBER}"
    }
}""",
        ("Harb0r#Robot!9",),
    ),
    (
        "gitlab-ci",
        """variables:
  MAVEN_OPTS: "-Dmaven.repo.local=.m2/repository"
  NEXUS_PASSWORD: "Gl#Nexus;2024"

deploy:
  stage: deploy
  script:
    - mvn deploy -s ci_settings.xml -DskipTests""",
        ("Gl#Nexus;2024",),
    ),
    (
        "gitlab-ci",
        """build-image:
  stage: build
  script:
    - docker login -u ci-bot -p glpat-2dnFLls027pFQ_07aVCu registry.gitlab.acme.cn
    - docker build -t registry.gitlab.acme.cn/shop/order:$CI_COMMIT_SHORT_SHA .""",
        ("glpat-2dnFLls027pFQ_07aVCu",),
    ),
    (
        "github-actions",
        """      - name: Publish
        run: ./gradlew publish
        env:
          ORG_GRADLE_PROJECT_ossrhPassword: "0ssrh!Pw&2024"
          ORG_GRADLE_PROJECT_signingKeyPassword: ${{ secrets.SIGNING_PASSWORD }}""",
        ("0ssrh!Pw&2024",),
    ),
    (
        "shell-history",
        """  501  export AWS_ACCESS_KEY_ID=AKIAWWV4EEZURMUTILEL
  502  export AWS_SECRET_ACCESS_KEY=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
  503  aws s3 ls s3://acme-prod-logs/
  504  aws s3 cp app.log s3://acme-prod-logs/2024/12/""",
        ("AKIAWWV4EEZURMUTILEL", "Psp0qg7kYrY2+Rp2jDJ+wE3VCnnE5QE0RNeu7pi8"),
    ),
    (
        "shell-history",
        """$ history | tail -5
 1021  cd /opt/apps/order
 1022  MYSQL_PWD='Hist#Mysql;01' mysqldump -h 10.0.3.7 -u backup order_db > order.sql
 1023  ls -lh
 1024  scp order.sql ops@10.0.9.1:/data/backup/""",
        ("Hist#Mysql;01",),
    ),
    (
        "shell-history",
        """export GITHUB_TOKEN=ghp_9XGFSUcWA43KU33Rl1VAk8bwloIHV6LpKHC4
gh pr list --repo acme/order-service""",
        ("ghp_9XGFSUcWA43KU33Rl1VAk8bwloIHV6LpKHC4",),
    ),
    (
        "maven-settings",
        """<settings>
  <servers>
    <server>
      <id>nexus-releases</id>
      <username>deployer</username>
      <password>Mvn!Nexus#2024</password>
    </server>
    <server>
      <id>nexus-snapshots</id>
      <username>deployer</username>
      <password>Mvn!Nexus#2024</password>
    </server>
  </servers>
</settings>""",
        ("Mvn!Nexus#2024",),
    ),
    (
        "maven-settings",
        """    <server>
      <id>gpg.passphrase</id>
      <passphrase>my gpg passphrase &amp; more</passphrase>
    </server>
    <server>
      <id>aliyun-packages</id>
      <username>61a0f3e2c9d8b7a6e5f4d3c2</username>
      <password>9Sx(ALi)Pkg=pw</password>
    </server>""",
        ("my gpg passphrase &amp; more", "9Sx(ALi)Pkg=pw"),
    ),
    (
        "npmrc",
        """registry=https://registry.npmmirror.com/
//registry.npmjs.org/:_authToken=npm_hzc0EkmYhQLcYnW879cCR4mSlnNHrTYLWwv5
always-auth=true""",
        ("npm_hzc0EkmYhQLcYnW879cCR4mSlnNHrTYLWwv5",),
    ),
    (
        "npmrc",
        """//nexus.acme.local/repository/npm-private/:username=frontend
//nexus.acme.local/repository/npm-private/:_password=RnIwbnQjTmV4dXMh
//nexus.acme.local/repository/npm-private/:email=fe@acme.cn""",
        ("RnIwbnQjTmV4dXMh",),
    ),
    (
        "pypirc",
        """[distutils]
index-servers = pypi

[pypi]
username = __token__
password = pypi-AgEIcHlwaS5vcmcIz7qkiMD7oHnAVIoG9PS4yRGxzHqFGmXJIzJeQWru91_6bRim11CsswenDGbXhxN9AlYbsTkLUdKZjjmC0aO6aAKJqnN9MjCYckhlw2RUkENbWAz2pPTRCPbEGd43KlUi-Os5f8eGs7oMLdgGiMzQM8IylTz_osm""",
        (
            "pypi-AgEIcHlwaS5vcmcIz7qkiMD7oHnAVIoG9PS4yRGxzHqFGmXJIzJeQWru91_6bRim11CsswenDGbXhxN9AlYbsTkLUdKZjjmC0aO6aAKJqnN9MjCYckhlw2RUkENbWAz2pPTRCPbEGd43KlUi-Os5f8eGs7oMLdgGiMzQM8IylTz_osm",
        ),
    ),
    (
        "docker-config-json",
        """~/.docker/config.json:
{
  "auths": {
    "registry.cn-hangzhou.aliyuncs.com": {
      "auth": "d21zOldtNV9OZXh1cyEyMDI0"
    }
  }
}""",
        ("d21zOldtNV9OZXh1cyEyMDI0",),
    ),
    (
        "aws-credentials",
        """[default]
aws_access_key_id = AKIA5I4HOOWI7UQSLVQD
aws_secret_access_key = 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
region = ap-northeast-1""",
        ("AKIA5I4HOOWI7UQSLVQD", "c36DC8mZKzNe1K3WNNdbnq9oOzD59BI2CJCp2+eG"),
    ),
    (
        "aws-credentials",
        """[temp]
aws_access_key_id=ASIAIJ4PD7XKQW4MCIQI
aws_secret_access_key=lxUZ2hhM6v3q5OMPXdARpa7Y14KBe+sJbWXtv/rq
aws_session_token=IQoJb3JpZ2luX2VjEU+3qUmqd0jgSKkfctJCJzne9P944n+psXZ0gC7p8sKXzxpllaxJjHXSHCN/76ehbd4LAKopLQKyPuZd/AlE9umJKTwVhQiaZv3LGLX9GGSVMSmTBrYYL4/vTc7OvhgM6MGcgBFBs7fsP7z0d6T8xmtynGvCak2vUOQotaEhUuks7aJ2EK/MbauQpcyu+SNWlo00YNCR1GJFD3R9cZoh4ezIE3rFWLYp1Vv+LSehXRPf+f3f4x9dTgT2t6RwAR5/govdMFFXYs43y/QS8DhG6KXgEAD8srHLKS03UsbCi3z2i""",
        (
            "ASIAIJ4PD7XKQW4MCIQI",
            "lxUZ2hhM6v3q5OMPXdARpa7Y14KBe+sJbWXtv/rq",
            "IQoJb3JpZ2luX2VjEU+3qUmqd0jgSKkfctJCJzne9P944n+psXZ0gC7p8sKXzxpllaxJjHXSHCN/76ehbd4LAKopLQKyPuZd/AlE9umJKTwVhQiaZv3LGLX9GGSVMSmTBrYYL4/vTc7OvhgM6MGcgBFBs7fsP7z0d6T8xmtynGvCak2vUOQotaEhUuks7aJ2EK/MbauQpcyu+SNWlo00YNCR1GJFD3R9cZoh4ezIE3rFWLYp1Vv+LSehXRPf+f3f4x9dTgT2t6RwAR5/govdMFFXYs43y/QS8DhG6KXgEAD8srHLKS03UsbCi3z2i",
        ),
    ),
    (
        "netrc",
        """machine git.corp.acme.cn login zhangsan password Gt!corp_2024
machine nexus.acme.local login deployer password "Nx pw with spaces\"""",
        ("Gt!corp_2024", "Nx pw with spaces"),
    ),
    (
        "ini",
        """# ~/.my.cnf
[client]
user=root
password="My;cnf#pw=1"
host=127.0.0.1""",
        ("My;cnf#pw=1",),
    ),
    (
        "ini",
        """; php.ini-style config for the legacy admin
[database]
host = 10.0.7.2
user = legacy
pass = L3gacy&Admin!""",
        ("L3gacy&Admin!",),
    ),
    (
        "ini",
        """# ~/.aliyun/config (老版本 ini 格式)
[default]
access_key_id = LTAI5t3YgfBkjvCuIDhyQkxc
access_key_secret = bRccgUczyq3z7FNXFYbyuDn2p1fgVG
region_id = cn-shanghai""",
        ("LTAI5t3YgfBkjvCuIDhyQkxc", "bRccgUczyq3z7FNXFYbyuDn2p1fgVG"),
    ),
    (
        "toml",
        """[database]
host = "10.0.3.7"
port = 5432
user = "billing"
password = 'T0ml#Secret,"x"'

[cache]
url = "redis://default:T0mlRedis%40pw@10.0.3.8:6379/1\"""",
        ('T0ml#Secret,"x"', "T0mlRedis%40pw"),
    ),
    (
        "toml",
        """# ~/.cargo/credentials.toml  (我们的 Rust 小工具也要发版)
[registry]
token = "cio7Vb2kP9xQ4mZ1rT8sW3yN6uH0jL5fD"
""",
        ("cio7Vb2kP9xQ4mZ1rT8sW3yN6uH0jL5fD",),
    ),
    (
        "hocon",
        """slick.dbs.default {
  profile = "slick.jdbc.MySQLProfile$"
  db.url = "jdbc:mysql://10.0.4.4:3306/report"
  db.user = "report"
  db.password = "H0con#Pl4y}x"
}
play.http.secret.key = "r8Vz?Kq2:pL@x7]Wm;3Ng`tY5sHd0Fb?9eJc4uQa1Zo6\"""",
        ("H0con#Pl4y}x", "r8Vz?Kq2:pL@x7]Wm;3Ng`tY5sHd0Fb?9eJc4uQa1Zo6"),
    ),
    (
        "hocon",
        """akka.kafka.producer.kafka-clients {
  bootstrap.servers = "kafka-1:9093"
  security.protocol = SASL_SSL
  sasl.mechanism = PLAIN
  sasl.jaas.config = "org.apache.kafka.common.security.plain.PlainLoginModule required username=\\"akka\\" password=\\"Ak!ka_Sasl#7\\";"
}""",
        ("Ak!ka_Sasl#7",),
    ),
    # ------------------------------------------------------------------ URLs / connection strings
    (
        "jdbc-url",
        "spring.datasource.url=jdbc:mysql://10.0.3.7:3306/order_db?user=order_rw&password=Jd%26bc%3Bpw2024&useSSL=false&serverTimezone=GMT%2B8",
        ("Jd%26bc%3Bpw2024",),
    ),
    (
        "jdbc-url",
        "jdbc:mysql://root:P%40ssw0rd%21@10.1.1.5:3306/inventory?allowPublicKeyRetrieval=true",
        ("P%40ssw0rd%21",),
    ),
    (
        "jdbc-url",
        "url: jdbc:postgresql://pg-master.prod:5432/billing?user=billing_app&password=Pg!Jdbc#77&ssl=true&sslmode=require",
        ("Pg!Jdbc#77",),
    ),
    (
        "jdbc-url",
        "我们老系统连 Oracle 用的是 jdbc:oracle:thin:scott/T1ger#Ora9@//10.0.0.5:1521/ORCLPDB1 ，升级 ojdbc11 之后连不上了",
        ("T1ger#Ora9",),
    ),
    (
        "jdbc-url",
        "jdbc:sqlserver://10.0.6.3:1433;databaseName=erp;user=sa;password={Sq1;Srv}}x!};encrypt=false",
        ("Sq1;Srv}}x!",),
    ),
    (
        "jdbc-url",
        "jdbc:clickhouse://ch-proxy.bi:8123/default?user=bi_reader&password=CkH0use_r3ad&socket_timeout=300000",
        ("CkH0use_r3ad",),
    ),
    (
        "jdbc-url",
        "jdbc:dm://10.2.0.8:5236?schema=HR&user=SYSDBA&password=Dm8_SysDba%23",
        ("Dm8_SysDba%23",),
    ),
    (
        "mongo-url",
        "spring.data.mongodb.uri=mongodb://admin:Mg%23Pass2024@10.0.0.11:27017,10.0.0.12:27017/orders?authSource=admin&replicaSet=rs0",
        ("Mg%23Pass2024",),
    ),
    (
        "mongo-url",
        """MongoClient client = MongoClients.create("mongodb+srv://atlas_app:At1as-Cl0ud_pw@cluster0.ab1cd.mongodb.net/shop?retryWrites=true&w=majority");""",
        ("At1as-Cl0ud_pw",),
    ),
    ("redis-url", "spring.redis.url=redis://:p4ss/w0rd@10.0.0.9:6379/0", ("p4ss/w0rd",)),
    (
        "redis-url",
        "REDIS_URL=rediss://default:AYxQAAIjcDE5NzM2ZjQ5MzA2NGI0@apn1-quiet-ox-31234.upstash.io:6379",
        ("AYxQAAIjcDE5NzM2ZjQ5MzA2NGI0",),
    ),
    (
        "redis-url",
        "redisson 的 singleServerConfig.address 我写的是 redis://10.0.0.9:6379，password 写的 Rson#Single9 ，启动报 NOAUTH",
        ("Rson#Single9",),
    ),
    (
        "amqp-url",
        "spring.rabbitmq.addresses=amqp://order_svc:Rb!tMq_7732@rabbit.prod.internal:5672/%2Fprod",
        ("Rb!tMq_7732",),
    ),
    (
        "amqp-url",
        """ConnectionFactory factory = new ConnectionFactory();
factory.setUri("amqps://mq_user:Amqp%2Bs3cure@b-1234.mq.cn-north-1.amazonaws.com.cn:5671");""",
        ("Amqp%2Bs3cure",),
    ),
    (
        "kafka-jaas",
        """spring.kafka.properties.security.protocol=SASL_PLAINTEXT
spring.kafka.properties.sasl.mechanism=SCRAM-SHA-512
spring.kafka.properties.sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required username="order" password="Kf@Prod#2024";""",
        ("Kf@Prod#2024",),
    ),
    (
        "kafka-jaas",
        """KafkaClient {
  org.apache.kafka.common.security.plain.PlainLoginModule required
  username="alikafka_post"
  password="Ali Kafka;pw 3";
};""",
        ("Ali Kafka;pw 3",),
    ),
    (
        "es-url",
        "spring.elasticsearch.uris=https://elastic:Es!9kQz2@es-cluster.prod:9200",
        ("Es!9kQz2",),
    ),
    (
        "es-url",
        """spring:
  elasticsearch:
    uris: http://10.0.11.2:9200
    username: elastic
    password: eL@stic_Pr0d""",
        ("eL@stic_Pr0d",),
    ),
    (
        "es-url",
        """curl -k -H "Authorization: ApiKey RjZXa3dkeTZhWVRsbURaYkJobjM6T19kcUU4cndvRTk0T05ScXFIdGVvMQ==" "https://10.0.11.2:9200/_cat/indices?v\"""",
        ("RjZXa3dkeTZhWVRsbURaYkJobjM6T19kcUU4cndvRTk0T05ScXFIdGVvMQ==",),
    ),
    (
        "ftp-url",
        "上传用的 ftp://ftpuser:Ftp%24Up_2024@10.0.12.5:21/upload/ ，Hutool 的 Ftp 类能直接用这个吗",
        ("Ftp%24Up_2024",),
    ),
    (
        "zookeeper-url",
        "dubbo.registry.address=zookeeper://10.0.0.3:2181?backup=10.0.0.4:2181&username=dubbo&password=Zk!Dubbo9",
        ("Zk!Dubbo9",),
    ),
    (
        "azure-connstr",
        "AZURE_STORAGE_CONNECTION_STRING=DefaultEndpointsProtocol=https;AccountName=acmelogs;AccountKey=LkzH5xwDJ7qFhjLro96SPeoDlkX0ZydcxJE3buU8TAE1kJcAWT+6HYZ7l1nO20/Ts9tGkei7qDBYR+/ZAbylhQ==;EndpointSuffix=core.chinacloudapi.cn",
        (
            "LkzH5xwDJ7qFhjLro96SPeoDlkX0ZydcxJE3buU8TAE1kJcAWT+6HYZ7l1nO20/Ts9tGkei7qDBYR+/ZAbylhQ==",
        ),
    ),
    (
        "azure-connstr",
        """azure:
  servicebus:
    connection-string: Endpoint=sb://acme-bus.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey=BTHWDoU6UyABZDUl6EetrTRSYPcHNMYoHnhLlpcFSpv=""",
        ("BTHWDoU6UyABZDUl6EetrTRSYPcHNMYoHnhLlpcFSpv=",),
    ),
    (
        "azure-connstr",
        "AZURE_CLIENT_ID=4f8c2b1e-7d3a-4e9f-b6c5-1a2b3c4d5e6f\nAZURE_TENANT_ID=9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d\nAZURE_CLIENT_SECRET=MWg8Q~yIY1qK5S_-Hu0~7gckj3Iqb6Co2LC-CAuQ",
        ("MWg8Q~yIY1qK5S_-Hu0~7gckj3Iqb6Co2LC-CAuQ",),
    ),
    (
        "ado-connstr",
        """{
  "ConnectionStrings": {
    "Default": "Server=tcp:acme.database.windows.net,1433;Initial Catalog=orders;User ID=app;Password=Az#Sql!2024;Encrypt=True;Connection Timeout=30;"
  }
}""",
        ("Az#Sql!2024",),
    ),
    (
        "odbc-connstr",
        "Driver={ODBC Driver 18 for SQL Server};Server=10.0.6.3;Database=erp;Uid=report;Pwd={R3p;ort}}pw};TrustServerCertificate=yes;",
        ("R3p;ort}}pw",),
    ),
    (
        "odbc-connstr",
        "Data Source=10.0.6.3;Initial Catalog=wms;Persist Security Info=True;User ID=wms_app;Password='Wms App pw!';MultipleActiveResultSets=True",
        ("Wms App pw!",),
    ),
    (
        "git-clone",
        "git clone https://zhangsan:ghp_vvhsLouWGttCuMMYkPtxEmJjtTRzcaCHRgRj@github.com/acme-cn/order-service.git",
        ("ghp_vvhsLouWGttCuMMYkPtxEmJjtTRzcaCHRgRj",),
    ),
    (
        "git-clone",
        "git clone https://oauth2:glpat-Yoa6H1KS_1668dfmg3g-@gitlab.acme.cn/shop/payment.git",
        ("glpat-Yoa6H1KS_1668dfmg3g-",),
    ),
    (
        "git-clone",
        "git remote set-url origin https://lisi:L1si%40Git%2F2024@git.corp.acme.cn/platform/gateway.git",
        ("L1si%40Git%2F2024",),
    ),
    (
        "git-clone",
        """$ git push
remote: Invalid username or password.
fatal: Authentication failed for 'https://wangwu:Ww#Gitee88@gitee.com/wangwu/demo.git/'""",
        ("Ww#Gitee88",),
    ),
    (
        "git-config",
        """[remote "origin"]
	url = https://x-access-token:ghs_KJjTB0VgJ0d92sj79KbrC8Q0XA8MiBQbHm8S@github.com/acme-cn/infra.git
	fetch = +refs/heads/*:refs/remotes/origin/*""",
        ("ghs_KJjTB0VgJ0d92sj79KbrC8Q0XA8MiBQbHm8S",),
    ),
    # ------------------------------------------------------------------ command lines
    (
        "curl",
        "curl -u admin:J3nk1ns@CI#2024 -X POST http://jenkins.acme.local/job/order-service/build",
        ("J3nk1ns@CI#2024",),
    ),
    (
        "curl",
        """curl -X GET "https://api.github.com/repos/acme-cn/order-service/actions/runs" \\
  -H "Accept: application/vnd.github+json" \\
  -H "Authorization: Bearer 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\"""",
        (
            "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",
        ),
    ),
    (
        "curl",
        'curl --header "PRIVATE-TOKEN: glpat-eqKzWYntyEnG48oHppxT" "https://gitlab.acme.cn/api/v4/projects/42/pipelines?ref=main"',
        ("glpat-eqKzWYntyEnG48oHppxT",),
    ),
    (
        "curl",
        """curl -s -X POST https://auth.acme.cn/oauth2/token \\
  -d 'grant_type=client_credentials&client_id=order-service&client_secret=Cl!ent$ecret&scope=read'""",
        ("Cl!ent$ecret",),
    ),
    (
        "curl",
        'curl https://api.openai.com/v1/models -H "Authorization: Bearer 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"',
        (
            "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",
        ),
    ),
    (
        "curl",
        """curl https://api.anthropic.com/v1/messages \\
     --header "x-api-key: sk-ant-api03-_AtdtEvJuHNR-IpahN3nvqcP8b1emTXdn2wkpGrSRPC61lNvYHoyW-TF2rU7OUOtFUXqHDl7ArlDE35-X8-Rrt0rXTy4LAA" \\
     --header "anthropic-version: 2023-06-01" \\
     --header "content-type: application/json\"""",
        (
            "sk-ant-api03-_AtdtEvJuHNR-IpahN3nvqcP8b1emTXdn2wkpGrSRPC61lNvYHoyW-TF2rU7OUOtFUXqHDl7ArlDE35-X8-Rrt0rXTy4LAA",
        ),
    ),
    (
        "curl",
        "curl 'https://api.mailgun.net/v3/mg.acme.cn/messages' --user 'api:key-9c56e313e61e81600b261104591d1dc1' -F from='noreply@mg.acme.cn' -F to=ops@acme.cn -F subject=test -F text=hello",
        ("key-9c56e313e61e81600b261104591d1dc1",),
    ),
    (
        "curl",
        'curl -X POST https://api.twilio.com/2010-04-01/Accounts/ACe1b0e315c62a64a829caa0fa7375d922/Messages.json --data-urlencode "To=$ONCALL_PHONE" -u ACe1b0e315c62a64a829caa0fa7375d922:a7e5522d603abafef9090d2aa727a725',
        ("a7e5522d603abafef9090d2aa727a725",),
    ),
    (
        "curl",
        "curl -b 'SESSION=ZDQ3YjE0ZTMtNmU0Ny00ZTc2LWE0YjUtMzc0ZmIzNjJhNmQx; remember-me=emhhbmdzYW46MTczNTY4OTYwMDAwMDpTSEEyNTY6Nzc0YjY3' http://10.0.0.20:8080/admin/users",
        (
            "ZDQ3YjE0ZTMtNmU0Ny00ZTc2LWE0YjUtMzc0ZmIzNjJhNmQx",
            "emhhbmdzYW46MTczNTY4OTYwMDAwMDpTSEEyNTY6Nzc0YjY3",
        ),
    ),
    (
        "wget",
        "wget --user=deployer --password='Wg3t pw;x' https://nexus.acme.local/repository/releases/com/acme/order-api/1.8.3/order-api-1.8.3.jar",
        ("Wg3t pw;x",),
    ),
    (
        "mysql-cli",
        "mysql -h 10.0.3.12 -uroot -p'Rt#9x!2kL' order_db -e 'show processlist'",
        ("Rt#9x!2kL",),
    ),
    ("mysql-cli", "mysql -h127.0.0.1 -P3306 -uapp -pAppPwd_2024 -D test", ("AppPwd_2024",)),
    (
        "mysql-cli",
        'mysqldump --host=10.0.3.7 --user=backup --password="Dump&Bak;7" --single-transaction order_db > /data/backup/order_$(date +%F).sql',
        ("Dump&Bak;7",),
    ),
    (
        "psql",
        "PGPASSWORD='Pg$Cli_2024' psql -h pg-master.prod -U billing_app -d billing -c '\\dt'",
        ("Pg$Cli_2024",),
    ),
    (
        "psql",
        'psql "postgresql://report:R3port%21Ro@10.0.4.9:5432/dw?sslmode=require"',
        ("R3port%21Ro",),
    ),
    (
        "redis-cli",
        "redis-cli -h 10.0.0.9 -p 6379 -a 'Redis#2024!' --no-auth-warning info memory",
        ("Redis#2024!",),
    ),
    (
        "redis-cli",
        """$ redis-cli -h r-bp1c8e2f3a.redis.rds.aliyuncs.com
r-bp1c8e2f3a.redis.rds.aliyuncs.com:6379> AUTH order_rw:Ali#Redis;Acl
OK
r-bp1c8e2f3a.redis.rds.aliyuncs.com:6379> keys order:*""",
        ("Ali#Redis;Acl",),
    ),
    ("redis-cli", "redis-cli --user app --pass 'Acl&pw 6' -h 10.0.0.9 ping", ("Acl&pw 6",)),
    (
        "mongo-cli",
        "mongosh \"mongodb://10.0.0.11:27017/admin\" -u root -p 'M0ngo$h#Root' --authenticationDatabase admin",
        ("M0ngo$h#Root",),
    ),
    (
        "keytool",
        "keytool -genkeypair -alias order-api -keyalg RSA -keysize 2048 -validity 3650 -keystore order-api.p12 -storetype PKCS12 -storepass 'S7ore#Pass!' -keypass 'K3y#Pass!' -dname \"CN=order.acme.cn, OU=IT, O=Acme, C=CN\"",
        ("S7ore#Pass!", "K3y#Pass!"),
    ),
    (
        "keytool",
        """server:
  ssl:
    key-store: classpath:order-api.p12
    key-store-password: Ks;Pkcs12&pw
    key-store-type: PKCS12
    key-alias: order-api""",
        ("Ks;Pkcs12&pw",),
    ),
    (
        "keytool",
        "keytool -importcert -alias acme-root -file acme-root.crt -keystore truststore.jks -storepass Tru5t0re_pw -noprompt",
        ("Tru5t0re_pw",),
    ),
    (
        "openssl",
        "openssl pkcs12 -export -in server.crt -inkey server.key -out server.p12 -name tomcat -passout pass:P12#export!9",
        ("P12#export!9",),
    ),
    (
        "openssl",
        "openssl rsa -in encrypted.key -out server.key -passin pass:'Rsa key pass 2024'",
        ("Rsa key pass 2024",),
    ),
    (
        "openssl",
        "openssl enc -aes-256-cbc -salt -pbkdf2 -in db_backup.sql -out db_backup.sql.enc -k 'B@ckup-Enc;Key'",
        ("B@ckup-Enc;Key",),
    ),
    (
        "docker-run",
        "docker run -d --name mysql8 -p 3306:3306 -e MYSQL_ROOT_PASSWORD='r00t!Secret' -v /data/mysql:/var/lib/mysql mysql:8.0.36",
        ("r00t!Secret",),
    ),
    (
        "docker-run",
        'docker run -d --name minio -p 9000:9000 -e "MINIO_ROOT_USER=minioadmin" -e "MINIO_ROOT_PASSWORD=Mini0 Root&pw" quay.io/minio/minio server /data',
        ("Mini0 Root&pw",),
    ),
    (
        "docker-run",
        "docker run --rm -e SPRING_DATASOURCE_PASSWORD=Dkr_Run#pw -e JASYPT_ENCRYPTOR_PASSWORD=jAsYpT-k3y harbor.acme.local/shop/order:1.8.3",
        ("Dkr_Run#pw", "jAsYpT-k3y"),
    ),
    (
        "docker-login",
        "docker login --username=acme_ci@1234567890 --password 'Acr#Login;2024' registry.cn-hangzhou.aliyuncs.com",
        ("Acr#Login;2024",),
    ),
    (
        "docker-login",
        "echo dckr_pat_G-i1VdMQPFRvrGwY9Wb9S-VBURR | docker login -u acmeci --password-stdin",
        ("dckr_pat_G-i1VdMQPFRvrGwY9Wb9S-VBURR",),
    ),
    (
        "jvm-sysprop",
        "java -Xms512m -Xmx512m -Dspring.profiles.active=prod -Dspring.datasource.password=Sys#Prop!pw -jar order-service.jar",
        ("Sys#Prop!pw",),
    ),
    (
        "jvm-sysprop",
        'JAVA_OPTS="-Djavax.net.ssl.keyStore=/opt/certs/client.jks -Djavax.net.ssl.keyStorePassword=Cl1ent-Ks&pw -Djavax.net.ssl.trustStorePassword=Tr-Ks;pw2"',
        ("Cl1ent-Ks&pw", "Tr-Ks;pw2"),
    ),
    (
        "jvm-sysprop",
        "nohup java -Djasypt.encryptor.password=Jas9pt_Prod! -jar gateway.jar > gateway.log 2>&1 &",
        ("Jas9pt_Prod!",),
    ),
    (
        "maven-cli",
        'mvn clean deploy -P release -Dgpg.passphrase="gpg phrase with spaces" -DskipTests',
        ("gpg phrase with spaces",),
    ),
    (
        "maven-cli",
        "mvn flyway:migrate -Dflyway.url=jdbc:mysql://10.0.3.7:3306/order_db -Dflyway.user=flyway -Dflyway.password=Fly#Way_88",
        ("Fly#Way_88",),
    ),
    (
        "gradle-cli",
        "./gradlew publish -PnexusUsername=deployer -PnexusPassword='Gr4dle!Nexus' --no-daemon",
        ("Gr4dle!Nexus",),
    ),
    (
        "cli-password-flag",
        "nacos 导配置用的 ./nacos-sync.sh --server 10.0.8.21:8848 --username nacos_prod --password 'Sync#Nac0s' --namespace prod",
        ("Sync#Nac0s",),
    ),
    (
        "cli-password-flag",
        "argocd login argocd.acme.local --username admin --password Arg0CD-Adm!n --grpc-web",
        ("Arg0CD-Adm!n",),
    ),
    (
        "cli-password-flag",
        "sshpass -p 'Ssh#Jump;88' ssh -o StrictHostKeyChecking=no ops@10.0.9.1 'tail -n 200 /opt/apps/order/logs/error.log'",
        ("Ssh#Jump;88",),
    ),
    (
        "cli-password-flag",
        "az login --service-principal -u 4f8c2b1e-7d3a-4e9f-b6c5-1a2b3c4d5e6f -p '9Yt8Q~kLm2Zx_Vb7-Np4Rq1Ws6Eu3Ty0Io5Pa8Sd' --tenant 9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
        ("9Yt8Q~kLm2Zx_Vb7-Np4Rq1Ws6Eu3Ty0Io5Pa8Sd",),
    ),
    (
        "cli-password-flag",
        "RSYNC_PASSWORD='Rsync&Bk2' rsync -avz /data/upload/ backup@10.0.12.9::upload",
        ("Rsync&Bk2",),
    ),
    (
        "sql",
        "CREATE USER 'report'@'%' IDENTIFIED BY 'Rep0rt!Ro#2024';\nGRANT SELECT ON dw.* TO 'report'@'%';",
        ("Rep0rt!Ro#2024",),
    ),
    ("sql", "ALTER USER postgres WITH PASSWORD 'Pg$Alter_99';", ("Pg$Alter_99",)),
    (
        "sql",
        "ALTER USER 'root'@'localhost' IDENTIFIED WITH mysql_native_password BY 'N@tive pw 8';",
        ("N@tive pw 8",),
    ),
    (
        "dockerfile",
        """FROM node:20-alpine AS web
WORKDIR /app
RUN echo "//registry.npmjs.org/:_authToken=npm_gEZ2g6dFPQ0LzIRgSOZ6SUIiGR8f2auC6E7C" > .npmrc && npm ci
COPY . .""",
        ("npm_gEZ2g6dFPQ0LzIRgSOZ6SUIiGR8f2auC6E7C",),
    ),
    (
        "dockerfile",
        """FROM eclipse-temurin:17-jre
ENV SPRING_PROFILES_ACTIVE=prod \\
    SPRING_REDIS_PASSWORD=Dfile#Redis7 \\
    TZ=Asia/Shanghai
COPY target/order-service.jar /app.jar""",
        ("Dfile#Redis7",),
    ),
    (
        "nginx",
        """location /nexus/ {
    proxy_pass http://10.0.7.5:8081/;
    proxy_set_header Authorization "Basic ZGVwbG95Ok54IXM5cTJMbQ==";
}""",
        ("ZGVwbG95Ok54IXM5cTJMbQ==",),
    ),
    # ------------------------------------------------------------------ code
    (
        "java",
        """@Configuration
public class DataSourceConfig {
    @Bean
    public DataSource dataSource() {
        HikariDataSource ds = new HikariDataSource();
        ds.setJdbcUrl("jdbc:mysql://10.0.3.7:3306/order_db");
        ds.setUsername("order_rw");
        ds.setPassword("H1kari#Prod;2024");
        return ds;
    }
}""",
        ("H1kari#Prod;2024",),
    ),
    (
        "java",
        """Connection conn = DriverManager.getConnection(
        "jdbc:mysql://10.0.0.5:3306/test?useSSL=false", "root", "Root@123456");""",
        ("Root@123456",),
    ),
    (
        "java",
        """public class JwtUtil {
    private static final String SECRET = "Jw7!kq2#Lz9$pX4&mN8@vB3^cR6*tY1%";
    private static final long EXPIRE = 7 * 24 * 3600 * 1000L;
}""",
        ("Jw7!kq2#Lz9$pX4&mN8@vB3^cR6*tY1%",),
    ),
    (
        "java",
        """SecretKey key = Keys.hmacShaKeyFor("acme-order-jwt-signing-key-2024-prod!!".getBytes(StandardCharsets.UTF_8));
String jwt = Jwts.builder().subject(userId).signWith(key).compact();""",
        ("acme-order-jwt-signing-key-2024-prod!!",),
    ),
    (
        "java",
        """DefaultProfile profile = DefaultProfile.getProfile("cn-hangzhou",
        "LTAI5thxp9VEcDix6FbmoaPf", "aqs3H6jLF2c4RoZ9zGkmzxFXblYPao");
IAcsClient client = new DefaultAcsClient(profile);""",
        ("LTAI5thxp9VEcDix6FbmoaPf", "aqs3H6jLF2c4RoZ9zGkmzxFXblYPao"),
    ),
    (
        "java",
        """OSS ossClient = new OSSClientBuilder().build("https://oss-cn-shenzhen.aliyuncs.com", "LTAI5tY5fyt3BBW99S6YUSMT", "AxtdUZcKnfDprx9y485guTEFnhqKC5");""",
        ("LTAI5tY5fyt3BBW99S6YUSMT", "AxtdUZcKnfDprx9y485guTEFnhqKC5"),
    ),
    (
        "java",
        """Credential cred = new Credential("AKIDPTkWAs07nVWGPtEvwFLiR7FXgz489HWj", "BsftARICasf9qsBIpUvYSZLVpUldJYTz");
SmsClient client = new SmsClient(cred, "ap-guangzhou");""",
        ("AKIDPTkWAs07nVWGPtEvwFLiR7FXgz489HWj", "BsftARICasf9qsBIpUvYSZLVpUldJYTz"),
    ),
    (
        "java",
        """AmazonS3 s3 = AmazonS3ClientBuilder.standard()
        .withCredentials(new AWSStaticCredentialsProvider(
                new BasicAWSCredentials("AKIABZFRBU77DJKXAP3M", "tRM0+RPVzHtzHnw1FZIhq+SxGAyqNwMM9OZRbTP5")))
        .withRegion(Regions.AP_NORTHEAST_1)
        .build();""",
        ("AKIABZFRBU77DJKXAP3M", "tRM0+RPVzHtzHnw1FZIhq+SxGAyqNwMM9OZRbTP5"),
    ),
    (
        "java",
        """WxMpDefaultConfigImpl config = new WxMpDefaultConfigImpl();
config.setAppId("wxc2e812efd06cae3c");
config.setSecret("157d8489c9ab749d5fa7d3d83835f028");
config.setToken("mpToken2024xyz");""",
        ("157d8489c9ab749d5fa7d3d83835f028", "mpToken2024xyz"),
    ),
    (
        "java",
        """RSAAutoCertificateConfig config = new RSAAutoCertificateConfig.Builder()
        .merchantId("1650012345")
        .privateKeyFromPath("/opt/certs/apiclient_key.pem")
        .merchantSerialNumber("5157F09EFDC096DE15EBE81A47057A7232F1B8E1")
        .apiV3Key("KFvwYb48lxHdhYkphU8u7iqqNbs7S9n4")
        .build();""",
        ("KFvwYb48lxHdhYkphU8u7iqqNbs7S9n4",),
    ),
    (
        "java",
        """@Value("${jwt.secret:d3fault-Jwt!Secret#Key}")
private String jwtSecret;""",
        ("d3fault-Jwt!Secret#Key",),
    ),
    (
        "java",
        """Properties props = new Properties();
props.put("bootstrap.servers", "kafka-1:9093");
props.put("sasl.jaas.config", "org.apache.kafka.common.security.plain.PlainLoginModule required username=\\"svc\\" password=\\"Kf@Pr0d#24\\";");""",
        ("Kf@Pr0d#24",),
    ),
    (
        "java",
        """Jedis jedis = new Jedis("10.0.0.9", 6379);
jedis.auth("J3dis!Auth");
String v = jedis.get("order:1001");""",
        ("J3dis!Auth",),
    ),
    (
        "java",
        """RedisStandaloneConfiguration cfg = new RedisStandaloneConfiguration("10.0.0.9", 6379);
cfg.setPassword(RedisPassword.of("Lettuce#88;x"));""",
        ("Lettuce#88;x",),
    ),
    (
        "java",
        """@Bean
public UserDetailsService users() {
    UserDetails admin = User.withUsername("admin")
            .password("{noop}Adm1n!Pass")
            .roles("ADMIN")
            .build();
    return new InMemoryUserDetailsManager(admin);
}""",
        ("Adm1n!Pass",),
    ),
    (
        "java",
        """private static final String DING_SECRET = "SECe92f460d9d9763fea4c80adff3d7da86d95dd37c53d0964141bb29c96ba62e8c";
private static final String DING_WEBHOOK = "https://oapi.dingtalk.com/robot/send?access_token=b0b8164df86e2de93a1fd337bffa1223238c1e7fe9807907a8ad1d3411279311";""",
        (
            "SECe92f460d9d9763fea4c80adff3d7da86d95dd37c53d0964141bb29c96ba62e8c",
            "b0b8164df86e2de93a1fd337bffa1223238c1e7fe9807907a8ad1d3411279311",
        ),
    ),
    (
        "java",
        """String apiKey = "sk-ant-api03-onQh8Cu-S0AzWy2_6_MuwWIvafF_vzes-t8vjmZdmOqDiB568_jepq3b50U8uV0N3DCH5bMc99lcLJ9CpM9-qr6-iqm5QAA"; // TODO 换成配置
AnthropicClient client = AnthropicOkHttpClient.builder().apiKey(apiKey).build();""",
        (
            "sk-ant-api03-onQh8Cu-S0AzWy2_6_MuwWIvafF_vzes-t8vjmZdmOqDiB568_jepq3b50U8uV0N3DCH5bMc99lcLJ9CpM9-qr6-iqm5QAA",
        ),
    ),
    (
        "java",
        """DataSourceProperties p = new DataSourceProperties();
p.setUrl(url);
p.setUsername("sharding");
p.setPassword("Shard!ng=pw/01");""",
        ("Shard!ng=pw/01",),
    ),
    (
        "java",
        """Session session = jsch.getSession("deploy", "10.0.9.1", 22);
session.setPassword("JSch#Dep10y");
session.setConfig("StrictHostKeyChecking", "no");""",
        ("JSch#Dep10y",),
    ),
    (
        "java",
        """String auth = Base64.getEncoder().encodeToString("admin:Es!Basic_77".getBytes());
request.setHeader("Authorization", "Basic " + auth);""",
        ("Es!Basic_77",),
    ),
    (
        "java",
        """// 企业微信
private String corpId = "ww3f2a1b0c9d8e7f6a";
private String corpSecret = "9SIkI6QLYST382zpXqvek7_mOeftqRZBfq3MGoIooYh";""",
        ("9SIkI6QLYST382zpXqvek7_mOeftqRZBfq3MGoIooYh",),
    ),
    (
        "kotlin",
        """object FeishuConfig {
    const val APP_ID = "cli_a5f2c3d4e6b7800d"
    const val APP_SECRET = "dfJnKWaKy42ALd8NbQrTmFUT196CVMKg"
}""",
        ("dfJnKWaKy42ALd8NbQrTmFUT196CVMKg",),
    ),
    (
        "kotlin",
        """val ds = HikariDataSource().apply {
    jdbcUrl = "jdbc:postgresql://pg:5432/app"
    username = "app"
    password = "K0tlin\\$Pg!pw"
}""",
        ("K0tlin\\$Pg!pw",),
    ),
    (
        "kotlin-gradle",
        """publishing {
    repositories {
        maven {
            url = uri("https://nexus.acme.local/repository/maven-releases/")
            credentials {
                username = "deployer"
                password = "Kts#Nexus9"
            }
        }
    }
}""",
        ("Kts#Nexus9",),
    ),
    (
        "groovy-gradle",
        """repositories {
    maven {
        url 'https://packages.aliyun.com/maven/repository/2101234-release-AbCdEf/'
        credentials {
            username '61a0f3e2c9d8b7a6e5f4d3c2'
            password 'Gr00vy!Nx(pkg)'
        }
    }
}""",
        ("Gr00vy!Nx(pkg)",),
    ),
    (
        "groovy",
        """def conn = Sql.newInstance('jdbc:mysql://10.0.3.7:3306/order_db', 'ops', 'Gr@ovy;Sql', 'com.mysql.cj.jdbc.Driver')""",
        ("Gr@ovy;Sql",),
    ),
    (
        "go",
        """dsn := "app:Go!Dsn#9x@tcp(10.0.3.7:3306)/order_db?charset=utf8mb4&parseTime=True&loc=Local"
db, err := gorm.Open(mysql.Open(dsn), &gorm.Config{})""",
        ("Go!Dsn#9x",),
    ),
    (
        "go",
        """client, err := minio.New("10.0.9.4:9000", &minio.Options{
	Creds:  credentials.NewStaticV4("minio_admin", "M1n!o-Go;Key", ""),
	Secure: false,
})""",
        ("M1n!o-Go;Key",),
    ),
    (
        "go",
        """rdb := redis.NewClient(&redis.Options{
	Addr:     "10.0.0.9:6379",
	Password: "G0-Redis&pw",
	DB:       0,
})""",
        ("G0-Redis&pw",),
    ),
    (
        "python",
        """import pymysql
conn = pymysql.connect(host="10.0.3.7", port=3306, user="root", password="Py#Sql!2024", database="order_db", charset="utf8mb4")""",
        ("Py#Sql!2024",),
    ),
    (
        "python",
        """from openai import OpenAI
client = OpenAI(api_key="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", base_url="https://api.openai.com/v1")""",
        (
            "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",
        ),
    ),
    (
        "python",
        """s3 = boto3.client(
    "s3",
    aws_access_key_id="AKIAX2GBLMIH5JNE2XDZ",
    aws_secret_access_key="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",
)""",
        ("AKIAX2GBLMIH5JNE2XDZ", "Zk9Pq2Lm8Xv3Rt7Nw1Yb6Hc4Jd0Fs5Ga8Ue2Io3Q"),
    ),
    (
        "python",
        """resp = requests.get(
    "https://api.acme-partner.cn/v2/orders",
    headers={"X-Api-Key": "pk_9f3b2c7e1a0d4e8b6c5f2a1d3e7b9c0f", "Accept": "application/json"},
    timeout=10,
)""",
        ("pk_9f3b2c7e1a0d4e8b6c5f2a1d3e7b9c0f",),
    ),
    (
        "python",
        """from huggingface_hub import login
login(token="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")""",
        ("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",),
    ),
    (
        "js",
        """const { Octokit } = require("@octokit/rest");
const octokit = new Octokit({ auth: "ghp_ONg6wC13DIYijPcH5EwAA6K1pM1lcsNbeQZq" });""",
        ("ghp_ONg6wC13DIYijPcH5EwAA6K1pM1lcsNbeQZq",),
    ),
    (
        "js",
        """mongoose.connect('mongodb://shop:Sh0p%3AMongo@10.0.0.11:27017/shop?authSource=admin');""",
        ("Sh0p%3AMongo",),
    ),
    (
        "js",
        """const sgMail = require('@sendgrid/mail');
sgMail.setApiKey('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');""",
        ("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",),
    ),
    (
        "js",
        """axios.defaults.headers.common['Authorization'] = 'Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ1c2VySWQiOjUyMDEzLCJ0ZW5hbnQiOiJhY21lIiwiaWF0IjoxNzMzMTAwMDAwLCJleHAiOjE3MzMxODY0MDB9.TZeVcOVThKAynP39iivY8T7XPMfRPtFr4_IGnG_i1jM';""",
        (
            "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ1c2VySWQiOjUyMDEzLCJ0ZW5hbnQiOiJhY21lIiwiaWF0IjoxNzMzMTAwMDAwLCJleHAiOjE3MzMxODY0MDB9.TZeVcOVThKAynP39iivY8T7XPMfRPtFr4_IGnG_i1jM",
        ),
    ),
    (
        "js",
        """const firebaseConfig = {
  apiKey: "AIza98LQBFAtXDYH0ZEmpOnRRU1wVVF9SbjXyDL",
  authDomain: "acme-shop.firebaseapp.com",
  projectId: "acme-shop",
};""",
        ("AIza98LQBFAtXDYH0ZEmpOnRRU1wVVF9SbjXyDL",),
    ),
    (
        "xml-config",
        """<bean id="dataSource" class="com.alibaba.druid.pool.DruidDataSource" init-method="init" destroy-method="close">
    <property name="url" value="jdbc:mysql://10.0.3.7:3306/legacy"/>
    <property name="username" value="legacy"/>
    <property name="password" value="Spr1ng&amp;Xml!"/>
</bean>""",
        ("Spr1ng&amp;Xml!",),
    ),
    (
        "xml-config",
        """<Resource name="jdbc/OrderDB" auth="Container" type="javax.sql.DataSource"
          maxTotal="50" maxIdle="10" username="tomcat_app" password="Tc@t!ctx2024"
          driverClassName="com.mysql.cj.jdbc.Driver"
          url="jdbc:mysql://10.0.3.7:3306/order_db"/>""",
        ("Tc@t!ctx2024",),
    ),
    (
        "xml-config",
        """<tomcat-users>
  <role rolename="manager-gui"/>
  <user username="admin" password="M@nager#GUI 1" roles="manager-gui,manager-script"/>
</tomcat-users>""",
        ("M@nager#GUI 1",),
    ),
    (
        "xml-config",
        """<jdbcConnection driverClass="com.mysql.cj.jdbc.Driver"
                connectionURL="jdbc:mysql://10.0.3.7:3306/order_db"
                userId="root"
                password="Gen#MBG2024">
</jdbcConnection>""",
        ("Gen#MBG2024",),
    ),
    (
        "xml-config",
        """<configuration>
  <property>
    <name>fs.oss.accessKeyId</name>
    <value>LTAI5tzregijMA83FxrWwYNQ</value>
  </property>
  <property>
    <name>fs.oss.accessKeySecret</name>
    <value>hHz0HycROGaVL40PumXZILAEpSKjqP</value>
  </property>
</configuration>""",
        ("LTAI5tzregijMA83FxrWwYNQ", "hHz0HycROGaVL40PumXZILAEpSKjqP"),
    ),
    (
        "json",
        """{
  "type": "service_account",
  "project_id": "acme-bi",
  "private_key_id": "3f1e9d2c7b8a6f5e4d3c2b1a0f9e8d7c6b5a4f3e",
  "private_key": "-----BEGIN PRIVATE KEY-----\\nMIICdgIBADANBgkqhkiG9w0BAQEFAASCAmAwggJcAgEAAoGBAONlC4XKImS03kgy\\nxcg7/rn0WEPyom8STY3rLMmX7lawDPhWiFCYSFPQZoDWbcnSw1BXPuZXcvh5Y3VD\\n+FbR0mezKjTZ6h/b+FJLaT+j0wq0OJsq6yg5F0zgi1jwye1b7whYUH1r7S/P9GWC\\nbkdK7DsSYZ1L1vQexghR9zp1BAw7AgMBAAECgYBqO3WDnmgs9hZ2Ukn1/plFFHL7\\n42mhTEKxD3JQB8uP8hVNG1f5lvsLNOv+Oq71v6IBcZDwGWCb1lHxobxuCv4pFKDP\\np8zXw7C1O/nOA0ksxWfLXLP2WJmWbbSUeRrMjruDOLTwvh+KNe6c4monfRHCBn7t\\nYdQBuggfrn2hw4P3qQJBAPWhoYa+ucw2nRsl0jV5zxlQHdioQ0milyGUvrfSjTS1\\nrr6ZXBr0JiGejUrbUVJdbTTY5Ti+LsoLD1JZBk2hZjcCQQDs/lfNtaYwVB/S3dhl\\ns4siMt/MICK6w1tS2+2c8wOHp7Qm+I/8oRtcgQygO6TUkYVUELFP8pJK+VFBhyyk\\n5EgdAkBi+RCjwaAN2Aev06qC36UCFxUfopUSS5BH+K5sVUuObJKPvC2vsqbWrxNR\\nkVOQM5L4U1jxZzhlMtWmobZ3e0w7AkBCQXEmr4wAouQqvZ7L///71aE/nhRXhlo3\\ntgieAkqQWFBDPOZ0SE4v9FwlR8dzLiPKNsh7g2Nm1oDjAvl2N+P5AkEA8SYe5NdF\\nXIp5TM8W2ocl2c7EwMMquMdkXu9p2pft1nm8mvACSVPSnCx3Teb5+kEao+Hli7Jl\\nwt0x4GUHPXp1YA==\\n-----END PRIVATE KEY-----\\n",
  "client_email": "bi-loader@acme-bi.iam.gserviceaccount.com"
}""",
        (
            "MIICdgIBADANBgkqhkiG9w0BAQEFAASCAmAwggJcAgEAAoGBAONlC4XKImS03kgy",
            "xcg7/rn0WEPyom8STY3rLMmX7lawDPhWiFCYSFPQZoDWbcnSw1BXPuZXcvh5Y3VD",
            "+FbR0mezKjTZ6h/b+FJLaT+j0wq0OJsq6yg5F0zgi1jwye1b7whYUH1r7S/P9GWC",
            "bkdK7DsSYZ1L1vQexghR9zp1BAw7AgMBAAECgYBqO3WDnmgs9hZ2Ukn1/plFFHL7",
            "42mhTEKxD3JQB8uP8hVNG1f5lvsLNOv+Oq71v6IBcZDwGWCb1lHxobxuCv4pFKDP",
            "p8zXw7C1O/nOA0ksxWfLXLP2WJmWbbSUeRrMjruDOLTwvh+KNe6c4monfRHCBn7t",
            "YdQBuggfrn2hw4P3qQJBAPWhoYa+ucw2nRsl0jV5zxlQHdioQ0milyGUvrfSjTS1",
            "rr6ZXBr0JiGejUrbUVJdbTTY5Ti+LsoLD1JZBk2hZjcCQQDs/lfNtaYwVB/S3dhl",
            "s4siMt/MICK6w1tS2+2c8wOHp7Qm+I/8oRtcgQygO6TUkYVUELFP8pJK+VFBhyyk",
            "5EgdAkBi+RCjwaAN2Aev06qC36UCFxUfopUSS5BH+K5sVUuObJKPvC2vsqbWrxNR",
            "kVOQM5L4U1jxZzhlMtWmobZ3e0w7AkBCQXEmr4wAouQqvZ7L///71aE/nhRXhlo3",
            "tgieAkqQWFBDPOZ0SE4v9FwlR8dzLiPKNsh7g2Nm1oDjAvl2N+P5AkEA8SYe5NdF",
            "XIp5TM8W2ocl2c7EwMMquMdkXu9p2pft1nm8mvACSVPSnCx3Teb5+kEao+Hli7Jl",
            "wt0x4GUHPXp1YA==",
        ),
    ),
    (
        "json",
        """Postman 环境导出的一段：
{
  "key": "access_token",
  "value": "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJhdXRoLmFjbWUuY24iLCJzdWIiOiJzdmMtb3JkZXIiLCJzY29wZSI6Im9yZGVyOndyaXRlIiwiZXhwIjoxNzM1Njg5NjAwfQ.ds-sywXtoxZi_rYH8mn-ZMvE_QMPegK3Cbui1gieb3c",
  "type": "secret",
  "enabled": true
}""",
        (
            "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJhdXRoLmFjbWUuY24iLCJzdWIiOiJzdmMtb3JkZXIiLCJzY29wZSI6Im9yZGVyOndyaXRlIiwiZXhwIjoxNzM1Njg5NjAwfQ.ds-sywXtoxZi_rYH8mn-ZMvE_QMPegK3Cbui1gieb3c",
        ),
    ),
    (
        "json",
        """{"appKey": "dingac6fwen9ehcyfzqy", "appSecret": "ge8Okl8F4wSz2qhloOw_Au7mY_xBl9BX-MGzvcwNhIhyxevuWaquU0BcqmHF8-cH", "agentId": 2874651032}""",
        ("ge8Okl8F4wSz2qhloOw_Au7mY_xBl9BX-MGzvcwNhIhyxevuWaquU0BcqmHF8-cH",),
    ),
    (
        "json",
        """{
  "mcpServers": {
    "github": {
      "command": "npx",
      "args": ["-y", "@modelcontextprotocol/server-github"],
      "env": { "GITHUB_PERSONAL_ACCESS_TOKEN": "gho_51LxL5ieO9AGZRKDgXRJA5ERnXGtS8vf4jBk" }
    }
  }
}""",
        ("gho_51LxL5ieO9AGZRKDgXRJA5ERnXGtS8vf4jBk",),
    ),
    (
        "json",
        """{"username":"zhangsan","password":"Zs@2024 login\\"q\\"","captcha":"8f3k"}""",
        ('Zs@2024 login\\"q\\"',),
    ),
    # ------------------------------------------------------------------ logs and stack traces
    (
        "stack-trace",
        """2024-12-03 10:21:33.456 ERROR 23817 --- [           main] o.s.boot.SpringApplication               : Application run failed
org.springframework.beans.factory.BeanCreationException: Error creating bean with name 'redissonClient'
Caused by: org.redisson.client.RedisConnectionException: Unable to connect to Redis server: redis://:Rdsn!Err#4@10.0.0.9:6379
	at org.redisson.connection.pool.ConnectionPool$1.lambda$run$0(ConnectionPool.java:158)
	at java.base/java.util.concurrent.CompletableFuture.uniWhenComplete(CompletableFuture.java:863)""",
        ("Rdsn!Err#4",),
    ),
    (
        "stack-trace",
        """Exception in thread "main" com.mongodb.MongoTimeoutException: Timed out after 30000 ms while waiting to connect. Client view of cluster state is {type=UNKNOWN, servers=[{address=10.0.0.11:27017, type=UNKNOWN, state=CONNECTING}]
	at com.acme.sync.Main.main(Main.java:41)
[main] INFO com.acme.sync.Main - using uri mongodb://sync_job:Sync%26Job%3B9@10.0.0.11:27017/sync?authSource=admin""",
        ("Sync%26Job%3B9",),
    ),
    (
        "stack-trace",
        """java.sql.SQLNonTransientConnectionException: Could not create connection to database server. Attempted reconnect 3 times. Giving up.
	at com.mysql.cj.jdbc.exceptions.SQLError.createSQLException(SQLError.java:111)
	...\x20
Caused by: com.mysql.cj.exceptions.CJException: Access denied for user 'order_rw'@'10.0.2.14' (using password: YES)
DruidDataSource - init datasource error, url: jdbc:mysql://10.0.3.7:3306/order_db?user=order_rw&password=Wr0ng?Or;Right&useSSL=false""",
        ("Wr0ng?Or;Right",),
    ),
    (
        "log-line",
        "2024-12-03 09:12:44.018  INFO 1 --- [main] c.a.order.config.OssConfig : init oss client endpoint=oss-cn-hangzhou.aliyuncs.com accessKeyId=LTAI5t3YgfBkjvCuIDhyQkxc accessKeySecret=bRccgUczyq3z7FNXFYbyuDn2p1fgVG",
        ("LTAI5t3YgfBkjvCuIDhyQkxc", "bRccgUczyq3z7FNXFYbyuDn2p1fgVG"),
    ),
    (
        "log-line",
        "2024-12-03 14:02:11.337 DEBUG 8 --- [nio-8080-exec-3] org.apache.http.headers : http-outgoing-7 >> Authorization: Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMDA4NiIsIm5hbWUiOiJ6aGFuZ3NhbiIsInJvbGVzIjpbIkFETUlOIl0sImlhdCI6MTczMzIxMjgwMCwiZXhwIjoxNzMzMjk5MjAwfQ.2ikIdUTCMHyYC9BVcBelDAZRN3KVfpTybHTz0uL6dDE",
        (
            "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMDA4NiIsIm5hbWUiOiJ6aGFuZ3NhbiIsInJvbGVzIjpbIkFETUlOIl0sImlhdCI6MTczMzIxMjgwMCwiZXhwIjoxNzMzMjk5MjAwfQ.2ikIdUTCMHyYC9BVcBelDAZRN3KVfpTybHTz0uL6dDE",
        ),
    ),
    (
        "log-line",
        """[OrderClient#login] ---> POST http://user-service/api/auth/login HTTP/1.1
[OrderClient#login] Content-Type: application/json
[OrderClient#login] {"username":"zhangsan","password":"Zs@Feign#2024"}
[OrderClient#login] ---> END HTTP (52-byte body)""",
        ("Zs@Feign#2024",),
    ),
    (
        "log-line",
        '10.0.2.1 - - [03/Dec/2024:10:15:32 +0800] "GET /api/v1/orders?page=1&access_token=wR4y9ojfljoQoaF1LlqsajAIxNKu8iS2G8NPRVdD HTTP/1.1" 200 5123 "-" "okhttp/4.12.0"',
        ("wR4y9ojfljoQoaF1LlqsajAIxNKu8iS2G8NPRVdD",),
    ),
    (
        "log-line",
        "2024-12-03 11:00:02.511 WARN  [xxl-job, EmbedServer bizThreadPool-123] c.x.j.c.s.EmbedServer : >>>>>>>>>>> xxl-job request accessToken mismatch, request XXL-JOB-ACCESS-TOKEN=H5i9OdexJmG48Ydhenm6grNl",
        ("H5i9OdexJmG48Ydhenm6grNl",),
    ),
    (
        "log-line",
        "DEBUG c.a.s.AuthFilter - request headers: {host=api.acme.cn, x-api-key=ak_live_7Hc2Xp9Vq4Lm8Rt1Zb6Nw3Yd, user-agent=PostmanRuntime/7.39.0}",
        ("ak_live_7Hc2Xp9Vq4Lm8Rt1Zb6Nw3Yd",),
    ),
    (
        "log-line",
        "2024-12-02 23:59:59,001 INFO  SmsService - send sms ok, sdkAppId=1400812345, secretId=AKID3T7Ix8Okz1MaTih0wAkM9owUAA55hmln, secretKey=a7t3nRN3oZ70U8IoxVd5KufuY9Kv0ExB",
        ("AKID3T7Ix8Okz1MaTih0wAkM9owUAA55hmln", "a7t3nRN3oZ70U8IoxVd5KufuY9Kv0ExB"),
    ),
    # ------------------------------------------------------------------ HTTP headers
    (
        "http-header",
        """GET /api/v1/orders/10086 HTTP/1.1
Host: api.acme.cn
Authorization: Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ1c2VySWQiOjUyMDEzLCJ0ZW5hbnQiOiJhY21lIiwiaWF0IjoxNzMzMTAwMDAwLCJleHAiOjE3MzMxODY0MDB9.TZeVcOVThKAynP39iivY8T7XPMfRPtFr4_IGnG_i1jM
Accept: application/json""",
        (
            "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ1c2VySWQiOjUyMDEzLCJ0ZW5hbnQiOiJhY21lIiwiaWF0IjoxNzMzMTAwMDAwLCJleHAiOjE3MzMxODY0MDB9.TZeVcOVThKAynP39iivY8T7XPMfRPtFr4_IGnG_i1jM",
        ),
    ),
    (
        "http-header",
        "Authorization: Basic YWRtaW46SjNuazFuc0BDSSMyMDI0",
        ("YWRtaW46SjNuazFuc0BDSSMyMDI0",),
    ),
    (
        "http-header",
        "Cookie: JSESSIONID=A7478582715476793580C26001139B47; remember_token=KRGoKEFQGeTrdt5z4zfgNu97QvtJn-oTMLjYTWAu5LQ; lang=zh-CN",
        ("A7478582715476793580C26001139B47", "KRGoKEFQGeTrdt5z4zfgNu97QvtJn-oTMLjYTWAu5LQ"),
    ),
    (
        "http-header",
        "X-Api-Key: 6f1c9e4b2a8d7f3e0c5b9a1d4e7f2c8b",
        ("6f1c9e4b2a8d7f3e0c5b9a1d4e7f2c8b",),
    ),
    (
        "http-header",
        "浏览器里复制的请求头：\nsatoken: 8c2d6e1f-4a7b-4c3d-9e8f-0a1b2c3d4e5f\nx-tenant-id: 1001\nreferer: https://admin.acme.cn/",
        ("8c2d6e1f-4a7b-4c3d-9e8f-0a1b2c3d4e5f",),
    ),
    (
        "http-header",
        "Set-Cookie: SESSION=ZjA3YjE0ZTMtOWE0Ny00ZTc2; Path=/; HttpOnly; SameSite=Lax",
        ("ZjA3YjE0ZTMtOWE0Ny00ZTc2",),
    ),
    # ------------------------------------------------------------------ private keys
    (
        "pem-key",
        """-----BEGIN EC PRIVATE KEY-----
MHcCAQEEIMp/XrmHFjFBO4glf0LAFqozr4EQZ5E/5hs9oZDE3ea+oAoGCCqGSM49
AwEHoUQDQgAEQWn7+N4wik5dzMZd/urv5rieit9krywVUB1S7ooaj2dBhnOiZGuL
ACvBt7WbZr6vQKN2aOtx0W9ykkbRFD1vGw==
-----END EC PRIVATE KEY-----""",
        (
            "MHcCAQEEIMp/XrmHFjFBO4glf0LAFqozr4EQZ5E/5hs9oZDE3ea+oAoGCCqGSM49",
            "AwEHoUQDQgAEQWn7+N4wik5dzMZd/urv5rieit9krywVUB1S7ooaj2dBhnOiZGuL",
            "ACvBt7WbZr6vQKN2aOtx0W9ykkbRFD1vGw==",
        ),
    ),
    (
        "pem-key",
        """微信支付的 apiclient_key.pem 内容我贴一下，帮我看看 PemUtil.loadPrivateKey 为什么报 InvalidKeySpecException：

-----BEGIN PRIVATE KEY-----
MIICdgIBADANBgkqhkiG9w0BAQEFAASCAmAwggJcAgEAAoGBALxRjOXCXnuXlhki
hDgrJmdSqPdxuwdpW7Kw5mPSd1o5x48PLNyj4b7JrciwoSa4wwKEwJlEnu2+josQ
eloZ/OUkNjXErOa4RhEeDAlyIk13+1OMfX8eeIeBBsXBwNN29a7Hho2daVXkVIcx
uk3dkYIqj2BirhhdUZaL6Mg683NNAgMBAAECgYBYKTF2CqWi5JdfUvplNUY4TslN
dk/hq2BDam+hQdGgSrZy8d7FuG8hm1chQhdfglXBIxbraeWhVXlz/xXYgpwSdpJy
nA10aCdtdDEWMj5fbxHBPglN/xv9/kb6qTgHUttnz1xzSPMKDEyfDsgEuPTLXSwX
pk0pjH7s/amsJqwg4QJBAPr3u79OuFebVbrhVpBEky4RtZu9+6nZZBkCioHCYzjt
+TDNlWdusZzJzXHHufp2lCRSpcIeaPb7+olcduGWPRkCQQDAGDoAj66NSqeqXo2S
5x4HQFl2rAFP13nDggZl3HlhPmXwiM2UEiFAgJwZuB/QosIEzn2UagFXBxbJMdzh
tbpVAkEAsQOlUDVk/p3YpRylYtKLgTYKg1RIOq/T03QgX4/NTm1DkzGeTLsd2bnZ
B4TZX5jdupT0x2uNm491Ugd+7nR6mQJACPyZKhGOvvlxIp1NzkOVug0eolilrxCL
l8PrfLR10UDUEA62X2kBuTzLEMD2bBJRNVxbr6fN7D5eqIb2qHCSCQJAAlb31/qG
q3eSoZvX4AZcR0Guyi23HVRg/MUBcoeH1R0bzh7hQSH3fMW5HjiJ5wfDGb5Gmq49
voZMF9O30A8ljw==
-----END PRIVATE KEY-----""",
        (
            "MIICdgIBADANBgkqhkiG9w0BAQEFAASCAmAwggJcAgEAAoGBALxRjOXCXnuXlhki",
            "hDgrJmdSqPdxuwdpW7Kw5mPSd1o5x48PLNyj4b7JrciwoSa4wwKEwJlEnu2+josQ",
            "eloZ/OUkNjXErOa4RhEeDAlyIk13+1OMfX8eeIeBBsXBwNN29a7Hho2daVXkVIcx",
            "uk3dkYIqj2BirhhdUZaL6Mg683NNAgMBAAECgYBYKTF2CqWi5JdfUvplNUY4TslN",
            "dk/hq2BDam+hQdGgSrZy8d7FuG8hm1chQhdfglXBIxbraeWhVXlz/xXYgpwSdpJy",
            "nA10aCdtdDEWMj5fbxHBPglN/xv9/kb6qTgHUttnz1xzSPMKDEyfDsgEuPTLXSwX",
            "pk0pjH7s/amsJqwg4QJBAPr3u79OuFebVbrhVpBEky4RtZu9+6nZZBkCioHCYzjt",
            "+TDNlWdusZzJzXHHufp2lCRSpcIeaPb7+olcduGWPRkCQQDAGDoAj66NSqeqXo2S",
            "5x4HQFl2rAFP13nDggZl3HlhPmXwiM2UEiFAgJwZuB/QosIEzn2UagFXBxbJMdzh",
            "tbpVAkEAsQOlUDVk/p3YpRylYtKLgTYKg1RIOq/T03QgX4/NTm1DkzGeTLsd2bnZ",
            "B4TZX5jdupT0x2uNm491Ugd+7nR6mQJACPyZKhGOvvlxIp1NzkOVug0eolilrxCL",
            "l8PrfLR10UDUEA62X2kBuTzLEMD2bBJRNVxbr6fN7D5eqIb2qHCSCQJAAlb31/qG",
            "q3eSoZvX4AZcR0Guyi23HVRg/MUBcoeH1R0bzh7hQSH3fMW5HjiJ5wfDGb5Gmq49",
            "voZMF9O30A8ljw==",
        ),
    ),
    (
        "pem-key",
        """-----BEGIN OPENSSH PRIVATE KEY-----
b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW
QyNTUxOQAAACAPIgoIrREFYSoPX1Dwok83JHCyZKQZGsiSlXVedhwsWgAAAJjDNwmqwzcJ
qgAAAAtzc2gtZWQyNTUxOQAAACAPIgoIrREFYSoPX1Dwok83JHCyZKQZGsiSlXVedhwsWg
AAAECbeUmmF8jmaXBlH8opztbL9fuc6puUVews60/0+pIaZA8iCgitEQVhKg9fUPCiTzck
cLJkpBkayJKVdV52HCxaAAAAEHpoYW5nc2FuQGRldi1tYnABAgMEBQ==
-----END OPENSSH PRIVATE KEY-----
这是我 ~/.ssh/id_ed25519，Jenkins 的 SSH 凭据里应该填私钥还是公钥？""",
        (
            "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW",
            "QyNTUxOQAAACAPIgoIrREFYSoPX1Dwok83JHCyZKQZGsiSlXVedhwsWgAAAJjDNwmqwzcJ",
            "qgAAAAtzc2gtZWQyNTUxOQAAACAPIgoIrREFYSoPX1Dwok83JHCyZKQZGsiSlXVedhwsWg",
            "AAAECbeUmmF8jmaXBlH8opztbL9fuc6puUVews60/0+pIaZA8iCgitEQVhKg9fUPCiTzck",
            "cLJkpBkayJKVdV52HCxaAAAAEHpoYW5nc2FuQGRldi1tYnABAgMEBQ==",
        ),
    ),
    (
        "pem-key",
        """server.key (加密的，口令是 Enc#Key-Pass 2024):
-----BEGIN ENCRYPTED PRIVATE KEY-----
MIGbMFcGCSqGSIb3DQEFDTBKMCkGCSqGSIb3DQEFDDAcBAigFJ6XV12kCAICCAAw
DAYIKoZIhvcNAgkFADAdBglghkgBZQMEASoEEN7Weaq7TRUPgd7PLS/Rf9AEQEfy
W4/0/LY1wkDhXyCf4t2o1nXrOLPgxgqm8U8eBTNOIa5CDmd9CG1/7SzkCwm9lfRk
E+XQFGgs/dfN5xjL+2k=
-----END ENCRYPTED PRIVATE KEY-----""",
        (
            "Enc#Key-Pass 2024",
            "MIGbMFcGCSqGSIb3DQEFDTBKMCkGCSqGSIb3DQEFDDAcBAigFJ6XV12kCAICCAAw",
            "DAYIKoZIhvcNAgkFADAdBglghkgBZQMEASoEEN7Weaq7TRUPgd7PLS/Rf9AEQEfy",
            "W4/0/LY1wkDhXyCf4t2o1nXrOLPgxgqm8U8eBTNOIa5CDmd9CG1/7SzkCwm9lfRk",
            "E+XQFGgs/dfN5xjL+2k=",
        ),
    ),
    (
        "pem-key",
        """ssl:
  cert: |
    -----BEGIN CERTIFICATE-----
    MIIBizCCATGgAwIBAgIUaYjd2veeDS46q4/be/lonMu/YOgwCgYIKoZIzj0EAwIw
    -----END CERTIFICATE-----
  key: |
    -----BEGIN EC PRIVATE KEY-----
    MIGkAgEBBDB5Nw2aZKglFxB0vMUFa/Gz7kPjfkZULCnEKRiCadCvbYjPxhwBrBRQ
    34nn9BJUZSKgBwYFK4EEACKhZANiAATED7eQdYhzNLv488BnkFP0dXOBw8q6skHQ
    U3Y9MPQetLROiE997Pl95adEnWSxv7Z85XEcNHVUbTFev20twoK9PAlDvqF9Sbkc
    ZC6Y5GHImULzhcgz2dh7qRCZSa+paM0=
    -----END EC PRIVATE KEY-----""",
        (
            "MIGkAgEBBDB5Nw2aZKglFxB0vMUFa/Gz7kPjfkZULCnEKRiCadCvbYjPxhwBrBRQ",
            "34nn9BJUZSKgBwYFK4EEACKhZANiAATED7eQdYhzNLv488BnkFP0dXOBw8q6skHQ",
            "U3Y9MPQetLROiE997Pl95adEnWSxv7Z85XEcNHVUbTFev20twoK9PAlDvqF9Sbkc",
            "ZC6Y5GHImULzhcgz2dh7qRCZSa+paM0=",
        ),
    ),
    (
        "pem-key",
        """private static final String ALIPAY_PRIVATE_KEY = "MIICdgIBADANBgkqhkiG9w0BAQEFAASCAmAwggJcAgEAAoGBALxRjOXCXnuXlhkihDgrJmdSqPdxuwdpW7Kw5mPSd1o5x48PLNyj4b7JrciwoSa4wwKEwJlEnu2+josQeloZ/OUkNjXErOa4RhEeDAlyIk13+1OMfX8eeIeBBsXBwNN29a7Hho2daVXkVIcxuk3dkYIqj2BirhhdUZaL6Mg683NNAgMBAAECgYBYKTF2CqWi5JdfUvplNUY4TslNdk/hq2BDam+hQdGgSrZy8d7FuG8hm1chQhdfglXBIxbraeWhVXlz";""",
        (
            "MIICdgIBADANBgkqhkiG9w0BAQEFAASCAmAwggJcAgEAAoGBALxRjOXCXnuXlhkihDgrJmdSqPdxuwdpW7Kw5mPSd1o5x48PLNyj4b7JrciwoSa4wwKEwJlEnu2+josQeloZ/OUkNjXErOa4RhEeDAlyIk13+1OMfX8eeIeBBsXBwNN29a7Hho2daVXkVIcxuk3dkYIqj2BirhhdUZaL6Mg683NNAgMBAAECgYBYKTF2CqWi5JdfUvplNUY4TslNdk/hq2BDam+hQdGgSrZy8d7FuG8hm1chQhdfglXBIxbraeWhVXlz",
        ),
    ),
    # ------------------------------------------------------------------ webhooks
    (
        "webhook",
        "告警机器人地址：https://oapi.dingtalk.com/robot/send?access_token=79872b555476312973e9c888e0e4acf4e016b3efacd5df64b22b3f6730ded1db ，加签密钥我晚点发",
        ("79872b555476312973e9c888e0e4acf4e016b3efacd5df64b22b3f6730ded1db",),
    ),
    (
        "webhook",
        "alert:\n  wecom:\n    webhook: https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=62e3c939-420e-4a4e-acc4-02919c683a56",
        ("62e3c939-420e-4a4e-acc4-02919c683a56",),
    ),
    (
        "webhook",
        "飞书群机器人 https://open.feishu.cn/open-apis/bot/v2/hook/b1460768-84a4-49ec-99c5-78efe34e8069 签名校验的 secret 是 7Uv1nrp6axmkdDkjGKigvI",
        ("b1460768-84a4-49ec-99c5-78efe34e8069", "7Uv1nrp6axmkdDkjGKigvI"),
    ),
    (
        "webhook",
        "SLACK_WEBHOOK_URL=https://hooks.slack.com/services/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",
        ("5BbYNcLIK5DSfbUV3GLFAgDO",),
    ),
    (
        "webhook",
        "curl -X POST -H 'Content-type: application/json' --data '{\"text\":\"deploy ok\"}' https://hooks.slack.com/services/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",
        ("H0auSaavh4VxUEllhWngpR3t",),
    ),
    (
        "webhook",
        "The Discord webhook for #deploys is https://discord.com/api/webhooks/237943427843094916/rxakrNmLG3VJ9egUg5qdJa_o28pVPQjNVvS5n6xzJaItdrSKeZlRa4fw6y15cc7XeF3I if you need it.",
        ("rxakrNmLG3VJ9egUg5qdJa_o28pVPQjNVvS5n6xzJaItdrSKeZlRa4fw6y15cc7XeF3I",),
    ),
    (
        "webhook",
        "Telegram 通知用的 bot：https://api.telegram.org/bot4998737197:AAZ73hBBhiMSSNdDn91zj5NxfMw31ytp_k9/sendMessage?chat_id=-100123456",
        ("4998737197:AAZ73hBBhiMSSNdDn91zj5NxfMw31ytp_k9",),
    ),
    # ------------------------------------------------------------------ 2FA, recovery codes, seeds
    (
        "totp",
        "otpauth://totp/GitLab:zhangsan@acme.cn?secret=4VHXI4DMEKZIOQZ4DL3AUVXPHRSSFVMI&issuer=GitLab&algorithm=SHA1&digits=6&period=30",
        ("4VHXI4DMEKZIOQZ4DL3AUVXPHRSSFVMI",),
    ),
    (
        "totp",
        "阿里云 MFA 绑定的时候扫不了码，手动输入的密钥是 CPPDHPYXDQKXHSXO，GoogleAuthenticator 里生成的码一直不对，是时间不同步吗？",
        ("CPPDHPYXDQKXHSXO",),
    ),
    (
        "totp",
        "Setup key for the jump host 2FA (Google style): 2b23 elgf fyq2 e7sm 6eea vjji rv3x oykt — I need to generate codes from a cron job.",
        ("2b23 elgf fyq2 e7sm 6eea vjji rv3x oykt",),
    ),
    (
        "totp",
        """# application-prod.properties
admin.mfa.enabled=true
admin.mfa.totp-secret=JQ4UWZLTMRXG6ZDFOJQXG5DP
admin.mfa.window=1""",
        ("JQ4UWZLTMRXG6ZDFOJQXG5DP",),
    ),
    (
        "recovery-codes",
        """github-recovery-codes.txt:

62553-d099f
969e1-c33d2
0bcdd-99764
2f790-65fcb
958d8-c5651
5897e-21190
66132-95323
37241-3ff7e""",
        (
            "62553-d099f",
            "969e1-c33d2",
            "0bcdd-99764",
            "2f790-65fcb",
            "958d8-c5651",
            "5897e-21190",
            "66132-95323",
            "37241-3ff7e",
        ),
    ),
    (
        "recovery-codes",
        "GitLab 给的恢复码我先存这儿：32a5fe5e342dfb36 4ec5f65938a397ec d2d2d98b39899725 c537ae0e657a4019 d95866b902baf496 590f5552ddb3fd6f",
        (
            "32a5fe5e342dfb36",
            "4ec5f65938a397ec",
            "d2d2d98b39899725",
            "c537ae0e657a4019",
            "d95866b902baf496",
            "590f5552ddb3fd6f",
        ),
    ),
    (
        "recovery-codes",
        "Backup codes for the shared Google account: 8215 0937, 4470 1268, 9902 5531 — please keep them somewhere safer than Slack.",
        ("8215 0937", "4470 1268", "9902 5531"),
    ),
    (
        "seed-phrase",
        "测试链的钱包助记词：crane bounce pilot easily ginger velvet orchard shallow mistake uphold tenant ladder ，Web3j 的 WalletUtils.loadBip39Credentials 第一个参数填什么？",
        ("crane bounce pilot easily ginger velvet orchard shallow mistake uphold tenant ladder",),
    ),
    (
        "seed-phrase",
        """Credentials creds = WalletUtils.loadBip39Credentials("Wallet#Pw1", "fossil rapid ocean elbow pudding silver kiwi august rival decade margin cloth");""",
        (
            "Wallet#Pw1",
            "fossil rapid ocean elbow pudding silver kiwi august rival decade margin cloth",
        ),
    ),
    (
        "private-tag",
        "备忘一下 <private>跳板机 root 密码 Jmp#Root!77</private> 以后别问我了",
        ("Jmp#Root!77",),
    ),
    (
        "private-tag",
        "<private>home NAS admin / Nas-Adm1n pw 2024</private> Also, the NAS exposes an SMB share for the build cache.",
        ("home NAS admin / Nas-Adm1n pw 2024",),
    ),
    # ------------------------------------------------------------------ free sentences (Chinese)
    (
        "zh-sentence",
        "数据库密码是 Xk9#mP2$vL，用户名 root，你帮我把 application-dev.yml 补全一下",
        ("Xk9#mP2$vL",),
    ),
    ("zh-sentence", "测试库密码为：Abc@12345，连不上是不是白名单的问题？", ("Abc@12345",)),
    ("zh-sentence", "nexus 的 admin 密码是：Qw3r!ty&Zx 我刚改的", ("Qw3r!ty&Zx",)),
    (
        "zh-sentence",
        "redis 密码 Rds_test#88 ，端口 6380，帮我写个 RedisTemplate 的配置",
        ("Rds_test#88",),
    ),
    (
        "zh-sentence",
        "token 给你：ghu_TlxsiSNl3ZI0sVP6gIfR8pjk2qH9Zq7MhvMG 这个只有 repo 权限",
        ("ghu_TlxsiSNl3ZI0sVP6gIfR8pjk2qH9Zq7MhvMG",),
    ),
    (
        "zh-sentence",
        "AK/SK 分别是 LTAI5tOf0Se8fA6w6IBU1rCm 和 uUdyHR5mSxkLjXHq2IGBuxrs9Rf03c，帮我写一个上传到 OSS 的工具类",
        ("LTAI5tOf0Se8fA6w6IBU1rCm", "uUdyHR5mSxkLjXHq2IGBuxrs9Rf03c"),
    ),
    (
        "zh-sentence",
        "小程序后台的 appSecret 填的是 129e0f83279ae3c959e9a5c3b82db90c，appid 是 wxc2e812efd06cae3c，调 code2Session 一直返回 40125 是怎么回事？",
        ("129e0f83279ae3c959e9a5c3b82db90c",),
    ),
    ("zh-sentence", "堡垒机口令是 Kou!ling_2024 ，每 90 天要改一次", ("Kou!ling_2024",)),
    (
        "zh-sentence",
        "腾讯云 COS 的 SecretId 是 AKID2jAAR55A8MZq5ALCD2ML1xJWnVkbTKbm，SecretKey 是 0TdHtcxHWrQhCZMNIGYXwokVNphxxoe0，上传一直 403",
        ("AKID2jAAR55A8MZq5ALCD2ML1xJWnVkbTKbm", "0TdHtcxHWrQhCZMNIGYXwokVNphxxoe0"),
    ),
    (
        "zh-sentence",
        "华为云 OBS 的 AK：7SQW08ZCJRBKLP61E5JV，SK：wjMzKCIXC7XsbPJO7z3XPdKgI5OxgnUcraXWYL36，endpoint 用 obs.cn-north-4.myhuaweicloud.com",
        ("7SQW08ZCJRBKLP61E5JV", "wjMzKCIXC7XsbPJO7z3XPdKgI5OxgnUcraXWYL36"),
    ),
    (
        "zh-sentence",
        "OpenAI 的 key 是 sk-YMcPNd4eh9MQ2yZRYRqUE4fa8jjNSqTQh4Nw9ZQSYm2sNSn4，Spring AI 里 spring.ai.openai.api-key 直接填这个就行吗",
        ("sk-YMcPNd4eh9MQ2yZRYRqUE4fa8jjNSqTQh4Nw9ZQSYm2sNSn4",),
    ),
    (
        "zh-sentence",
        "DeepSeek 的 API Key：sk-cf99a023821240596b4bb0c311324636，base-url 是 https://api.deepseek.com",
        ("sk-cf99a023821240596b4bb0c311324636",),
    ),
    (
        "zh-sentence",
        "通义千问 DashScope 的 key 我申请到了 sk-bbcdce52aa566a438021d53c54093f08 ，用 spring-ai-alibaba 怎么接？",
        ("sk-bbcdce52aa566a438021d53c54093f08",),
    ),
    (
        "zh-sentence",
        "钉钉机器人的加签密钥是 SECaaadc0bc5c9980a02f37a543d879a26550a7a62d23b3c6d7ff59a0ab5de92a71，签名算法是不是 HmacSHA256 再 Base64？",
        ("SECaaadc0bc5c9980a02f37a543d879a26550a7a62d23b3c6d7ff59a0ab5de92a71",),
    ),
    (
        "zh-sentence",
        "企业微信应用的 Secret 为 N8QR63yQoGkPGL8pziX4CJ2f2Pflk0xyYehZnpxbZ-U，agentid 1000002",
        ("N8QR63yQoGkPGL8pziX4CJ2f2Pflk0xyYehZnpxbZ-U",),
    ),
    (
        "zh-sentence",
        "飞书开放平台 App Secret 是 lz0cFn2KlJ9PAIhVLM7LBRQZqOXM6OrH ，tenant_access_token 拿不到",
        ("lz0cFn2KlJ9PAIhVLM7LBRQZqOXM6OrH",),
    ),
    (
        "zh-sentence",
        "微信支付商户平台设置的 APIv2 密钥：bFBQFtcpEFAWmCvxAi6iTcwnRznkATVL ，签名老是校验失败",
        ("bFBQFtcpEFAWmCvxAi6iTcwnRznkATVL",),
    ),
    (
        "zh-sentence",
        "七牛云的 AccessKey 是 QGfXYsLa19qh9g9uPh-9S7h3rj_NpEf8763R525T，SecretKey 是 Sn5Jm2cLgg_mbOQgLGeBlAdvDEjswTBvfquX0ufR",
        ("QGfXYsLa19qh9g9uPh-9S7h3rj_NpEf8763R525T", "Sn5Jm2cLgg_mbOQgLGeBlAdvDEjswTBvfquX0ufR"),
    ),
    (
        "zh-sentence",
        "百度千帆的 API Key 和 Secret Key：EuKzp4BJ2DxGUWO68NBFK4zn / 1ZrHYA8XX6u30s99GOwSIaS11mYRUMZu",
        ("EuKzp4BJ2DxGUWO68NBFK4zn", "1ZrHYA8XX6u30s99GOwSIaS11mYRUMZu"),
    ),
    (
        "zh-sentence",
        "gitlab 的 runner 注册 token 是 glrt-cMpNckmbSVgW2bctfXHW，注册完 runner 一直是灰的",
        ("glrt-cMpNckmbSVgW2bctfXHW",),
    ),
    (
        "zh-sentence",
        "Harbor 机器人账号 robot$ci 的密钥是 sQQE1D5dFdWiWKA4gooYO4EizdzQuQOS，Jenkins 里应该建哪种凭据？",
        ("sQQE1D5dFdWiWKA4gooYO4EizdzQuQOS",),
    ),
    (
        "zh-sentence",
        "阿里云 STS 拿到的 SecurityToken 是 CAISjG5g/x4iKJJwA8kG+OehMAsrZB7kQICQvMhmUG4gChxMNMTp1XMXmMUkfHmU4TkRVBZN4EOkg2oChx/dz8rJRus7q5YShwPhXhV2jpRwu/5KGAG0rKAUZGhr，这个要放在请求头哪里？",
        (
            "CAISjG5g/x4iKJJwA8kG+OehMAsrZB7kQICQvMhmUG4gChxMNMTp1XMXmMUkfHmU4TkRVBZN4EOkg2oChx/dz8rJRus7q5YShwPhXhV2jpRwu/5KGAG0rKAUZGhr",
        ),
    ),
    ("zh-sentence", "私钥的密码是 Pk#Pass;2024 ，keystore 的密码也一样", ("Pk#Pass;2024",)),
    (
        "zh-sentence",
        "我们 sonar 的 token 是 squ_362b9582bae3fe996959d66a7fba46ee5239a408 ，帮我在 pom 里配 sonar-maven-plugin",
        ("squ_362b9582bae3fe996959d66a7fba46ee5239a408",),
    ),
    (
        "zh-sentence",
        "jenkins 的 API Token：11bb440eedca98e1e3b97e11376899cbbd，用 curl 触发构建报 403",
        ("11bb440eedca98e1e3b97e11376899cbbd",),
    ),
    (
        "zh-sentence",
        "gitea 的访问令牌 8040b3e73e16ad9ed3576e1c9115b17b78c7468b 放到 Drone 里就能拉代码了吗",
        ("8040b3e73e16ad9ed3576e1c9115b17b78c7468b",),
    ),
    (
        "zh-sentence",
        "密钥 1GbnAttrTaaXq9ZICJNB5O9GK3omUaUT 是给回调验签用的，别写进日志",
        ("1GbnAttrTaaXq9ZICJNB5O9GK3omUaUT",),
    ),
    (
        "zh-sentence",
        "记住我的 GitLab token：glpat-HpgHzHtpbn-JOSP1AZQZ，以后推代码直接用",
        ("glpat-HpgHzHtpbn-JOSP1AZQZ",),
    ),
    (
        "zh-sentence",
        "staging 环境的 db password 是 Stg#Mix3d!pw ，user 是 stg_app",
        ("Stg#Mix3d!pw",),
    ),
    (
        "zh-sentence",
        "mq 的账号 admin 密码 admin@RabbitMQ#1 ，控制台 15672 端口",
        ("admin@RabbitMQ#1",),
    ),
    (
        "zh-sentence",
        "password＝Fw!Eq2024 这个是全角等号我从文档里复制过来的，导致配置没生效",
        ("Fw!Eq2024",),
    ),
    ("zh-sentence", "帮我记一下：QQ 邮箱 SMTP 授权码 dulmgnnshsptegec", ("dulmgnnshsptegec",)),
    (
        "zh-sentence",
        "Hugging Face 的令牌是 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，下载 bge 模型需要登录",
        ("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",),
    ),
    # ------------------------------------------------------------------ free sentences (English)
    (
        "en-sentence",
        "The staging DB password is Wint3r-Is-Coming! but it gets rotated every month.",
        ("Wint3r-Is-Coming!",),
    ),
    (
        "en-sentence",
        "my VPN password is Tr1cky&Pass;word and it expires on Friday",
        ("Tr1cky&Pass;word",),
    ),
    ("en-sentence", "pwd for the jump host is q8#Lm!vz, user ops", ("q8#Lm!vz",)),
    (
        "en-sentence",
        "The root password on prod-db-02 was set to 'N0t.S0.Secret;42' by the DBA last night.",
        ("N0t.S0.Secret;42",),
    ),
    (
        "en-sentence",
        "Here's my OpenAI key 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 — can you check why the Java client gets 429?",
        (
            "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",
        ),
    ),
    (
        "en-sentence",
        "Use this Stripe key for the payment-service smoke test: 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",
        (
            "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",
        ),
    ),
    (
        "en-sentence",
        "my GitHub PAT: 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 (fine-grained, read-only on acme-cn/*)",
        (
            "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",
        ),
    ),
    (
        "en-sentence",
        "The Slack bot token xoxb-76104217123-6637558659692-5gLyWAzTRZeo1aj5HJoCNNsd can't post to #alerts, it says not_in_channel.",
        ("xoxb-76104217123-6637558659692-5gLyWAzTRZeo1aj5HJoCNNsd",),
    ),
    (
        "en-sentence",
        "Slack user token is xoxp-65046915801-55110832166-9277508134518-fc4cb09bda40a10f901477a25e389bf9 and the app-level one is xapp-1-AVE2YJJB5MG-6721270056720-24d4c3d02e7e9b102d276396c3262cab4d24e27b7af280bc948fc80d188c2888",
        (
            "xoxp-65046915801-55110832166-9277508134518-fc4cb09bda40a10f901477a25e389bf9",
            "xapp-1-AVE2YJJB5MG-6721270056720-24d4c3d02e7e9b102d276396c3262cab4d24e27b7af280bc948fc80d188c2888",
        ),
    ),
    (
        "en-sentence",
        "AWS creds for the sandbox account: AKIAL5RKR42N5SRT3JKM / i3UKAx5eORQ0ol3fE4ufWxm1Bm2FMgRITDO70GpC",
        ("AKIAL5RKR42N5SRT3JKM", "i3UKAx5eORQ0ol3fE4ufWxm1Bm2FMgRITDO70GpC"),
    ),
    (
        "en-sentence",
        "The GCP API key AIzaDQZ6YlvflZCDGPQdDv0-HSXF0GxpHZQLvKj is restricted to the Maps SDK, so it should be fine in the app, right?",
        ("AIzaDQZ6YlvflZCDGPQdDv0-HSXF0GxpHZQLvKj",),
    ),
    (
        "en-sentence",
        "SendGrid key is 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, sender is noreply@acme.cn",
        ("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",),
    ),
    (
        "en-sentence",
        "Docker Hub access token: dckr_pat_MeofF8gQUY4fuqWhnKEBcMcN4qo",
        ("dckr_pat_MeofF8gQUY4fuqWhnKEBcMcN4qo",),
    ),
    (
        "en-sentence",
        "HF token 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 works in the notebook but not in the container",
        ("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",),
    ),
    (
        "en-sentence",
        "I rotated the npm automation token, new one is npm_3yP7OE4F18INNpmx7RPiEQZ7iuY4MBKlRFkz",
        ("npm_3yP7OE4F18INNpmx7RPiEQZ7iuY4MBKlRFkz",),
    ),
    (
        "en-sentence",
        "Mailgun sending key: cf7d80cc0c667fa3ec317aa16a2bc8c7-812491fa-e2b1544e (EU region)",
        ("cf7d80cc0c667fa3ec317aa16a2bc8c7-812491fa-e2b1544e",),
    ),
    (
        "en-sentence",
        "Twilio auth token is 9104940542d0231f104d52d60f5607fe for account ACe1b0e315c62a64a829caa0fa7375d922",
        ("9104940542d0231f104d52d60f5607fe",),
    ),
    (
        "en-sentence",
        "The storage account key is eazuhRm7YGb+6uMPF7cJEY+krXQ6nbOhGeFzWVUxFStiipLXVAFQ1/VruvMszQkFOTGewLepgnZQ52qZSHSVFw== for acmebackup",
        (
            "eazuhRm7YGb+6uMPF7cJEY+krXQ6nbOhGeFzWVUxFStiipLXVAFQ1/VruvMszQkFOTGewLepgnZQ52qZSHSVFw==",
        ),
    ),
    (
        "en-sentence",
        "Remember my Anthropic key for later: sk-ant-api03-cYVK4HaZfHfcBZNf-L0dj_MpLhLxMIXOJPWRQTkvODztMdeQKPcDzgfjqGA7zK47Y3jb_jOgYirZWySfbNesoOOcNxCbJAA",
        (
            "sk-ant-api03-cYVK4HaZfHfcBZNf-L0dj_MpLhLxMIXOJPWRQTkvODztMdeQKPcDzgfjqGA7zK47Y3jb_jOgYirZWySfbNesoOOcNxCbJAA",
        ),
    ),
    (
        "en-sentence",
        "Our Sentry auth token is sntrys_fqrc5XlrWi0B26R08qzjI6GKFSufrdZSlB5er8bOfZqfM2oeq3hDavJA76rN; the source-map upload step needs it.",
        ("sntrys_fqrc5XlrWi0B26R08qzjI6GKFSufrdZSlB5er8bOfZqfM2oeq3hDavJA76rN",),
    ),
    (
        "en-sentence",
        "Jira API token (Atlassian cloud): ATATT3xFfGF0YYZYn9ZhyiA4uoRgnatmUdjAWtGSU8po-799NksnRH9ucAUsdMlHUvTCQCyEZDz_TddJ8HyS5SUkCnD8zRA9a9SkpXz9w3QlY7Zkuvqdt7s8Stqcbnr3yBdGBLEPH1qhT61qtc4xatws8phP9nhFyJfm5di4PzJ59FHz5r1pY4OjE2jBMptU",
        (
            "ATATT3xFfGF0YYZYn9ZhyiA4uoRgnatmUdjAWtGSU8po-799NksnRH9ucAUsdMlHUvTCQCyEZDz_TddJ8HyS5SUkCnD8zRA9a9SkpXz9w3QlY7Zkuvqdt7s8Stqcbnr3yBdGBLEPH1qhT61qtc4xatws8phP9nhFyJfm5di4PzJ59FHz5r1pY4OjE2jBMptU",
        ),
    ),
    (
        "en-sentence",
        'the keystore passphrase is "blue whale 7 coffee" and the key alias is tomcat',
        ("blue whale 7 coffee",),
    ),
    (
        "en-sentence",
        "Stripe restricted key for the reporting job: 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",
        (
            "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",
        ),
    ),
    (
        "en-sentence",
        "GitLab deploy token gldt-vtyBnQDLkaJv8T1lfPLw is the one the k8s cluster pulls with.",
        ("gldt-vtyBnQDLkaJv8T1lfPLw",),
    ),
    (
        "en-sentence",
        "FYI the GitHub App installation token ghs_sGxr2nXvCQn8UrC6s2sXM8SZFX5t3yUtrvKb expires in an hour",
        ("ghs_sGxr2nXvCQn8UrC6s2sXM8SZFX5t3yUtrvKb",),
    ),
    (
        "en-sentence",
        "The refresh token is ghr_VhPYTy8QdlPSwY0WmnfsHfePZDSfyybm2M0a, the OAuth app uses it to renew.",
        ("ghr_VhPYTy8QdlPSwY0WmnfsHfePZDSfyybm2M0a",),
    ),
    (
        "en-sentence",
        "This is the session JWT I copied from DevTools: eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIyNjk3NyIsInRlbmFudElkIjoiMDAwMDAwIiwibG9naW5fdHlwZSI6ImxvZ2luIiwiaWF0IjoxNzMzMTkwMDAwLCJleHAiOjE3MzMyNzY0MDB9.uIOO4LBXBj7d9oZjWJr0JJl4JtGThIuIhDroVy1tSQk — why does the gateway say it's expired?",
        (
            "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIyNjk3NyIsInRlbmFudElkIjoiMDAwMDAwIiwibG9naW5fdHlwZSI6ImxvZ2luIiwiaWF0IjoxNzMzMTkwMDAwLCJleHAiOjE3MzMyNzY0MDB9.uIOO4LBXBj7d9oZjWJr0JJl4JtGThIuIhDroVy1tSQk",
        ),
    ),
    (
        "en-sentence",
        'the wifi in the Hangzhou office is AcmeGuest, password "Welcome to Acme 2024"',
        ("Welcome to Acme 2024",),
    ),
    (
        "en-sentence",
        "client secret => Cs#Arrow!88 (that's what the admin console shows)",
        ("Cs#Arrow!88",),
    ),
    (
        "php",
        "'mysql' => [\n    'driver' => 'mysql',\n    'host' => env('DB_HOST', '10.0.3.7'),\n    'password' => env('DB_PASSWORD', 'Lara#Def4ult'),\n],",
        ("Lara#Def4ult",),
    ),
    # ------------------------------------------------------------------ dictated across two sentences
    (
        "zh-dictated",
        "生产库的账号是 order_admin。密码我单独发你：Pr0d@Order#88。用完记得跟我说一声。",
        ("Pr0d@Order#88",),
    ),
    (
        "zh-dictated",
        "你要连测试环境的 redis 是吧？密码是下面这个\nT3st-Redis;pw\n用完告诉我，我去改掉",
        ("T3st-Redis;pw",),
    ),
    (
        "zh-dictated",
        "AK 是 LTAI5tn9u2R4l1rHl5gtxnA8。SK 等一下……找到了，是 qcnL6rvfRWFwRPteBMpf8EcxvPZVmB",
        ("LTAI5tn9u2R4l1rHl5gtxnA8", "qcnL6rvfRWFwRPteBMpf8EcxvPZVmB"),
    ),
    (
        "zh-dictated",
        "nacos 控制台账号还是 nacos。密码换了，现在是 N4cos&Console,2024",
        ("N4cos&Console,2024",),
    ),
    (
        "zh-dictated",
        "那个 FTP 你记一下。用户名 upload，口令：Ftp-Up!oad 77，只能内网访问",
        ("Ftp-Up!oad 77",),
    ),
    (
        "en-dictated",
        "I'll give you the DB password. It's Gl4ss&Hou5e;7x, don't paste it anywhere else.",
        ("Gl4ss&Hou5e;7x",),
    ),
    (
        "en-dictated",
        "Need the SFTP creds? User is partner_upload. Password: Upl0ad!2024#cn",
        ("Upl0ad!2024#cn",),
    ),
    (
        "en-dictated",
        "The key for our Anthropic account... hang on. Here: sk-ant-api03-1xeH5SXYaQ0AQUu4Eb7DkR-DAQ2B9rvuNeP4iwJHylTEnq2BYMERjK23R51-3xyXQRvuAFHs6PE-2lpGCULRiaV3TW2x_AA",
        (
            "sk-ant-api03-1xeH5SXYaQ0AQUu4Eb7DkR-DAQ2B9rvuNeP4iwJHylTEnq2BYMERjK23R51-3xyXQRvuAFHs6PE-2lpGCULRiaV3TW2x_AA",
        ),
    ),
    (
        "en-dictated",
        "Username admin. And the password, same as last quarter, is Q3-Admin-2024$ (with the dollar).",
        ("Q3-Admin-2024$",),
    ),
    (
        "en-dictated",
        "OK so the Grafana login. admin / the password is grafana plus the year plus a bang: grafana2024! — yes it's weak, I know.",
        ("grafana2024!",),
    ),
    # ------------------------------------------------------------------ long chatty messages
    (
        "zh-chatty",
        """早上好！昨天那个问题还没解决，我再详细说一下背景：我们的订单服务是 Spring Boot 2.7 + MyBatis-Plus，部署在 K8s 上，本地跑没问题，一上测试环境就启动失败，报 Access denied。我怀疑是 Nacos 里的配置没刷新，因为上周 DBA 把测试库的密码改成了 Ord3r#Test;v2 ，但是我看 Nacos 里的 order-service-test.yaml 已经改过了。另外我们的 Dockerfile 里也没写死密码，是通过环境变量注入的。你帮我想想还有哪些地方可能缓存了旧密码？比如 HikariCP 会不会有什么缓存？或者是 spring-cloud-starter-alibaba-nacos-config 的版本问题？我们用的是 2021.0.5.0。""",
        ("Ord3r#Test;v2",),
    ),
    (
        "zh-chatty",
        """我把排查过程整理了一下，你看看哪里有问题：

1. 先用 telnet 确认了 10.0.3.7:3306 是通的；
2. 然后在跳板机上执行了 `mysql -h 10.0.3.7 -u order_rw -p`，手动输入密码 Hz9!rw&Order 可以登录；
3. 应用里配置的也是同一个密码，但应用日志里一直是 using password: YES 然后 denied；
4. 最后发现 Druid 的 filter 配置有 config 解密开着，可能把明文密码当成密文去解了。

所以应该是第 4 步的问题吧？怎么关掉 ConfigFilter？""",
        ("Hz9!rw&Order",),
    ),
    (
        "en-chatty",
        """Quick context before my actual question: we migrated the notification service from RabbitMQ to Kafka last sprint, and most of it went fine. The producer side works, consumer side works in dev. In staging the consumer keeps getting "Authentication failed during authentication due to invalid credentials with SASL mechanism SCRAM-SHA-256". The staging Kafka user is notif_consumer and the password we set in the secret is Kafka$crAm-Stg!9, I double-checked it with kafka-console-consumer from the bastion and it works there. So it's something about how Spring Kafka picks up the JAAS config. We're on Spring Boot 3.1 and spring-kafka 3.0.9. Any idea what could differ between the CLI and the app?""",
        ("Kafka$crAm-Stg!9",),
    ),
    (
        "en-chatty",
        """Long story short, the build broke because someone committed a .npmrc. I removed it, but I want to understand the blast radius. The file had this line:

//registry.npmjs.org/:_authToken=npm_av6Q7MoYQwtFmpzMUZucjNsO2Q7ytJ4NbbTi

and it was in the repo for about two days. The token is an automation token on the @acme scope. I've already revoked it in the npm UI. Do I also need to rotate anything in our Jenkins credentials store, and how do I purge it from git history without breaking everyone's clones? We have ~40 devs pulling from that repo.""",
        ("npm_av6Q7MoYQwtFmpzMUZucjNsO2Q7ytJ4NbbTi",),
    ),
    (
        "zh-chatty",
        """背景：我们用 GitHub Actions 发布到 Maven Central，之前都好好的，今天突然 401。
我检查了 secrets，OSSRH_USERNAME 没变，OSSRH_TOKEN 是我上个月在 central.sonatype.com 生成的 user token，值是 LkDTRJB97C1zsZjDO4Me2Gbga9XngU4ARiQEMJh6FGwd （我怀疑过期了）。
另外 GPG 私钥的密码 gpg-Central#2024 也存在 secrets 里。
请问 Central Portal 的 user token 会过期吗？还是说 OSSRH 迁移以后要换成新的发布方式？""",
        ("LkDTRJB97C1zsZjDO4Me2Gbga9XngU4ARiQEMJh6FGwd", "gpg-Central#2024"),
    ),
    (
        "en-chatty",
        """Hey, so I'm writing the onboarding doc for the new hires and I want the assistant to help with the wording, not the content. Paragraph three currently says: "For local development, point your IDE at the shared dev MySQL (10.0.3.20, user dev_shared, password Dev_Shared#2024) and the shared Redis (10.0.3.21, no auth)." Can you make that friendlier and also remind them not to use the shared DB for load testing?""",
        ("Dev_Shared#2024",),
    ),
    # ------------------------------------------------------------------ Markdown tables and lists
    (
        "markdown-table",
        """| 环境 | 地址 | 用户 | 密码 |
|------|------|------|------|
| dev  | 10.0.3.20:3306 | dev_app | Dev@2024#x |
| test | 10.0.3.30:3306 | test_app | T3st&App;pw |
| prod | 10.0.3.7:3306 | order_rw | P9!kd^2Lq&z |""",
        ("Dev@2024#x", "T3st&App;pw", "P9!kd^2Lq&z"),
    ),
    (
        "markdown-table",
        """| Service | Key | Value |
|---|---|---|
| OpenAI | API key | sk-NjXFTguuEZH45HueqZDTpQI7SdThCpcXgMJZVCFwpKaXkg2s |
| GitHub | PAT | ghp_8WPoHKPUIWjNnrGlGAXro9Qrft52SfAU4Wfv |
| Slack | Bot token | xoxb-80512344180-5459133139551-MnJ5KiSMa0RsDIsI1CapZg8I |""",
        (
            "sk-NjXFTguuEZH45HueqZDTpQI7SdThCpcXgMJZVCFwpKaXkg2s",
            "ghp_8WPoHKPUIWjNnrGlGAXro9Qrft52SfAU4Wfv",
            "xoxb-80512344180-5459133139551-MnJ5KiSMa0RsDIsI1CapZg8I",
        ),
    ),
    (
        "markdown-table",
        """| 中间件 | 账号 | 口令 | 备注 |
| --- | --- | --- | --- |
| RabbitMQ | mq_admin | `Mq!Adm1n 24` | 控制台 |
| MinIO | minio_admin | `M1n!o:Console` | 9001 端口 |""",
        ("Mq!Adm1n 24", "M1n!o:Console"),
    ),
    (
        "markdown-list",
        """测试环境信息：
- host: 10.0.0.8
- user: deploy
- password: 9Lk$2mq!Wz
- 端口: 22""",
        ("9Lk$2mq!Wz",),
    ),
    (
        "markdown-list",
        """Staging access:
* Jenkins: `admin` / `J3nk!ns-Stg`
* Grafana: `viewer` / `V1ew&Only;pw`
* Kibana: `elastic` / `K1b@na Stg`""",
        ("J3nk!ns-Stg", "V1ew&Only;pw", "K1b@na Stg"),
    ),
    (
        "markdown-list",
        """1. 阿里云 AccessKey ID：LTAI5t1NMl7qDSlJZG22qONw
2. AccessKey Secret：0SkSwxmnDwQ8D6bsBNUlFKUd7r5V2e
3. Region：cn-beijing""",
        ("LTAI5t1NMl7qDSlJZG22qONw", "0SkSwxmnDwQ8D6bsBNUlFKUd7r5V2e"),
    ),
    (
        "markdown-code",
        """```properties
spring.datasource.url=jdbc:mysql://10.0.3.7:3306/pay
spring.datasource.username=pay
spring.datasource.password=Pay#Md;code1
```
为什么加了 `?useSSL=false` 还是报 SSL 警告？""",
        ("Pay#Md;code1",),
    ),
    (
        "markdown-code",
        """```yaml
huaweicloud:
  obs:
    endpoint: https://obs.cn-north-4.myhuaweicloud.com
    ak: EPX4F0ZAME675NFLWEKK
    sk: eyNGAdrj873kGsKCq9jAn4IF9ml6F7fwEI2HnuFe
```""",
        ("EPX4F0ZAME675NFLWEKK", "eyNGAdrj873kGsKCq9jAn4IF9ml6F7fwEI2HnuFe"),
    ),
    # ------------------------------------------------------------------ misc config forms
    (
        "yaml",
        """feishu:
  app-id: cli_a5f2c3d4e6b7800d
  app-secret: "mJSXbBSRpp5WK9bxbMjGht367KoE0eQJ"
  encrypt-key: KviZuVSOpkUqGOki0OPax1ORPDvZpu9l
  verification-token: SeEGvRsBnQCoaRvaZq6BxLsicVHsypus""",
        (
            "mJSXbBSRpp5WK9bxbMjGht367KoE0eQJ",
            "KviZuVSOpkUqGOki0OPax1ORPDvZpu9l",
            "SeEGvRsBnQCoaRvaZq6BxLsicVHsypus",
        ),
    ),
    (
        "yaml",
        """dingtalk:
  app-key: dingac6fwen9ehcyfzqy
  app-secret: JFQDC6uN4FghFgb5XZFTqOftcJqFpWJHkwSpr4ln_9jMYOeNUiYavVsubrmR1KQg
  robot:
    webhook: https://oapi.dingtalk.com/robot/send?access_token=2d2cabf9f8b2564b8ccfba818701e214bf2e5f02e8252ec89e35f191b659f92e""",
        (
            "JFQDC6uN4FghFgb5XZFTqOftcJqFpWJHkwSpr4ln_9jMYOeNUiYavVsubrmR1KQg",
            "2d2cabf9f8b2564b8ccfba818701e214bf2e5f02e8252ec89e35f191b659f92e",
        ),
    ),
    (
        "yaml",
        """spring:
  ai:
    openai:
      api-key: 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
      chat:
        options:
          model: gpt-4o-mini""",
        (
            "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",
        ),
    ),
    (
        "yaml",
        """spring:
  security:
    user:
      name: actuator
      password: Act!uator&Mon""",
        ("Act!uator&Mon",),
    ),
    (
        "yaml",
        """tencent:
  cos:
    secret-id: AKIDAqnYC8zBFCbxNXhQi5CnKq5HYDaxJLa4
    secret-key: uU1OpXEsMeH6X9C41mdueTDsYC4zcs7s
    region: ap-shanghai""",
        ("AKIDAqnYC8zBFCbxNXhQi5CnKq5HYDaxJLa4", "uU1OpXEsMeH6X9C41mdueTDsYC4zcs7s"),
    ),
    (
        "yaml",
        """sms:
  aliyun:
    access-key-id: LTAI5txD0MWExyFWivzeC2Qf
    access-key-secret: RJpDTh3sTvqcJ5VZbOf5cHmTXGZ5bC
    sign-name: 阿克米科技
    template-code: SMS_465123456""",
        ("LTAI5txD0MWExyFWivzeC2Qf", "RJpDTh3sTvqcJ5VZbOf5cHmTXGZ5bC"),
    ),
    (
        "yaml",
        """management:
  endpoints:
    web:
      exposure:
        include: "*"
spring:
  boot:
    admin:
      client:
        url: http://10.0.9.30:8000
        username: sba
        password: "Sb@dmin {pw}\"""",
        ("Sb@dmin {pw}",),
    ),
    (
        "properties",
        """# Alipay
alipay.app-id=2021004123456789
alipay.alipay-public-key=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAo2v
alipay.app-private-key-password=Ali!PrivKey;pw""",
        ("Ali!PrivKey;pw",),
    ),
    (
        "properties",
        """mail.smtp.host=smtp.exmail.qq.com
mail.smtp.user=noreply@acme.cn
mail.smtp.password=Exm@il\\=Pw\\:2024""",
        ("Exm@il\\=Pw\\:2024",),
    ),
    (
        "properties",
        """spring.datasource.dynamic.datasource.master.password=M4ster!Dyn
spring.datasource.dynamic.datasource.slave_1.password=S1ave!Dyn
spring.datasource.dynamic.datasource.slave_1.username=reader""",
        ("M4ster!Dyn", "S1ave!Dyn"),
    ),
    (
        "properties",
        "seata.config.nacos.password=Se@ta-Nacos\nseata.registry.nacos.password=Se@ta-Nacos",
        ("Se@ta-Nacos",),
    ),
    (
        "properties",
        "canal.instance.dbPassword=C4nal!Binlog\ncanal.instance.dbUsername=canal",
        ("C4nal!Binlog",),
    ),
    (
        "properties",
        "spring.shardingsphere.datasource.ds0.password=Ds0#Shard&1\nspring.shardingsphere.datasource.ds1.password=Ds1#Shard&2",
        ("Ds0#Shard&1", "Ds1#Shard&2"),
    ),
    (
        "properties",
        "rocketmq.producer.access-key=rocketmq2\nrocketmq.producer.secret-key=R0cket!MQ-Secret",
        ("R0cket!MQ-Secret",),
    ),
    (
        "properties",
        "xxl.job.accessToken=07E1twnA2BfEsDLpHxLgqRwX\nxxl.job.executor.appname=pay-executor",
        ("07E1twnA2BfEsDLpHxLgqRwX",),
    ),
    (
        "properties",
        "sa-token.jwt-secret-key=JngoJAHCI7qEJ66OZftVvRYBxOx3lWsd\nsa-token.timeout=2592000",
        ("JngoJAHCI7qEJ66OZftVvRYBxOx3lWsd",),
    ),
    (
        "properties",
        "mybatis-plus.configuration.log-impl=org.apache.ibatis.logging.stdout.StdOutImpl\nmpw.key=mUZGOHEFziWrbyC3",
        ("mUZGOHEFziWrbyC3",),
    ),
    (
        "dotenv",
        "VITE_APP_BAIDU_MAP_AK=RWVM2ThBX7Fnk7UVuZc3BIpTmd9vc6Nh\nVITE_APP_TITLE=运营后台",
        ("RWVM2ThBX7Fnk7UVuZc3BIpTmd9vc6Nh",),
    ),
    ("dotenv", 'SPRING_REDIS_PASSWORD="Env Redis;pw"\nSPRING_REDIS_HOST=redis', ("Env Redis;pw",)),
    (
        "jenkinsfile",
        """withEnv(["DB_PASS=Wth!Env#Jk"]) {
    sh 'mvn -B test -Ddb.password=$DB_PASS'
}""",
        ("Wth!Env#Jk",),
    ),
    (
        "gitlab-ci",
        """deploy-prod:
  script:
    - sshpass -p "$SSH_PASS" ssh deploy@10.0.9.1 "cd /opt/apps && ./deploy.sh"
    - curl -s -X POST -H "X-Gitlab-Token: b4w2k7qhnvuqoQyJ8RMuVDkH97Tt0jA4" https://hooks.acme.cn/deploy-done""",
        ("b4w2k7qhnvuqoQyJ8RMuVDkH97Tt0jA4",),
    ),
    (
        "xml-config",
        """<dataSource type="POOLED">
  <property name="driver" value="com.mysql.cj.jdbc.Driver"/>
  <property name="url" value="jdbc:mysql://10.0.3.7:3306/legacy?useSSL=false&amp;characterEncoding=utf8"/>
  <property name="username" value="legacy"/>
  <property name="password" value="My&lt;Batis&gt;pw"/>
</dataSource>""",
        ("My&lt;Batis&gt;pw",),
    ),
    (
        "xml-config",
        """<Connector port="8443" protocol="org.apache.coyote.http11.Http11NioProtocol" SSLEnabled="true">
  <SSLHostConfig>
    <Certificate certificateKeystoreFile="conf/order-api.p12" certificateKeystorePassword="Tc@t-SSL;pw" type="RSA"/>
  </SSLHostConfig>
</Connector>""",
        ("Tc@t-SSL;pw",),
    ),
    (
        "toml",
        """[[servers]]
name = "prod-bastion"
host = "10.0.9.1"
user = "ops"
password = \"\"\"multi word pass "quoted" 9\"\"\"""",
        ('multi word pass "quoted" 9',),
    ),
    (
        "json",
        """{
  "spring.datasource.password": "Js0n!Boot#pw",
  "spring.datasource.username": "app"
}""",
        ("Js0n!Boot#pw",),
    ),
    (
        "json",
        """{"code":0,"msg":"ok","data":{"access_token":"TE3aBmyxX1T5oRbFtFmLVK8sJwp83HQ9MH21vmgb","expires_in":7200,"refresh_token":"FfWPGF1ppfwsu9mpN54c4DfMXFRaf7HCX2BoX4jH"}}""",
        ("TE3aBmyxX1T5oRbFtFmLVK8sJwp83HQ9MH21vmgb", "FfWPGF1ppfwsu9mpN54c4DfMXFRaf7HCX2BoX4jH"),
    ),
    (
        "java",
        """private static final String TOKEN = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI5NjQyOSIsInRlbmFudElkIjoiMDAwMDAwIiwibG9naW5fdHlwZSI6ImxvZ2luIiwiaWF0IjoxNzMzMTkwMDAwLCJleHAiOjE3MzMyNzY0MDB9.75w6sZETAV3XgOT4FbLEMETX1WCYByNBRADnjiLQYUU";

@Test
void callOrderApi() {
    given().header("Authorization", "Bearer " + TOKEN).get("/api/orders").then().statusCode(200);
}""",
        (
            "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI5NjQyOSIsInRlbmFudElkIjoiMDAwMDAwIiwibG9naW5fdHlwZSI6ImxvZ2luIiwiaWF0IjoxNzMzMTkwMDAwLCJleHAiOjE3MzMyNzY0MDB9.75w6sZETAV3XgOT4FbLEMETX1WCYByNBRADnjiLQYUU",
        ),
    ),
    (
        "java",
        """String hmac = HmacUtils.hmacSha256Hex("Hm@cKey!Partner2024", payload);""",
        ("Hm@cKey!Partner2024",),
    ),
    (
        "java",
        """mailSender.setUsername("noreply@acme.cn");
mailSender.setPassword("M@ilSender;pw");""",
        ("M@ilSender;pw",),
    ),
    (
        "java",
        """StringEncryptor encryptor = new PooledPBEStringEncryptor();
((PooledPBEStringEncryptor) encryptor).setPassword("J@sypt-Master-Key");""",
        ("J@sypt-Master-Key",),
    ),
    (
        "python",
        """os.environ["OPENAI_API_KEY"] = "sk-ELALpo7pBAp4UulG3ZkjgEyFQ2SW447ZEzBtjjdASxtgt3Ep"
os.environ["LANGCHAIN_API_KEY"] = "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\"""",
        (
            "sk-ELALpo7pBAp4UulG3ZkjgEyFQ2SW447ZEzBtjjdASxtgt3Ep",
            "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",
        ),
    ),
    (
        "js",
        """export default defineConfig({
  server: {
    proxy: {
      '/api': { target: 'http://10.0.0.20:8080', headers: { 'X-Api-Key': 'vite_XpcZbBuQyJ4QQe1OnrvWfuaPsSMHlghM' } },
    },
  },
});""",
        ("vite_XpcZbBuQyJ4QQe1OnrvWfuaPsSMHlghM",),
    ),
    (
        "go",
        """const slackToken = "xoxb-29538421276-9360234823709-mVwfLOzRN9rnU34lIgQdHf6O"
api := slack.New(slackToken)""",
        ("xoxb-29538421276-9360234823709-mVwfLOzRN9rnU34lIgQdHf6O",),
    ),
    (
        "shell-history",
        """  88  curl -H "Authorization: token ghp_N9cVCnlRqYyEcmgM6dG4UAqAXJb66XU5kvC5" https://api.github.com/user
  89  vim ~/.bashrc""",
        ("ghp_N9cVCnlRqYyEcmgM6dG4UAqAXJb66XU5kvC5",),
    ),
    (
        "shell-history",
        """[root@prod-app-01 ~]# export NACOS_PASSWORD='Sh!Nac0s;prod'
[root@prod-app-01 ~]# sh startup.sh""",
        ("Sh!Nac0s;prod",),
    ),
    (
        "cli-password-flag",
        "./bin/kafka-configs.sh --bootstrap-server kafka-1:9092 --alter --add-config 'SCRAM-SHA-256=[password=Scr@m-New!pw]' --entity-type users --entity-name notif_consumer",
        ("Scr@m-New!pw",),
    ),
    (
        "cli-password-flag",
        "mc alias set prod http://10.0.9.4:9000 minio_admin 'Mc!Alias#Secret'",
        ("Mc!Alias#Secret",),
    ),
    ("cli-password-flag", "htpasswd -b -c /etc/nginx/.htpasswd ops 'Ht!pass;wd'", ("Ht!pass;wd",)),
    (
        "jvm-sysprop",
        "-Dspring.cloud.nacos.config.password=Jvm#Nacos-9 -Dspring.cloud.nacos.config.username=nacos",
        ("Jvm#Nacos-9",),
    ),
    (
        "mysql-cli",
        "mysql -uroot --password='My Sql;Root 1' -e \"select user,host from mysql.user\"",
        ("My Sql;Root 1",),
    ),
    (
        "stack-trace",
        """org.springframework.jdbc.CannotGetJdbcConnectionException: Failed to obtain JDBC Connection
Caused by: org.postgresql.util.PSQLException: FATAL: password authentication failed for user "billing_app"
	at org.postgresql.core.v3.ConnectionFactoryImpl.doAuthentication(ConnectionFactoryImpl.java:693)
DEBUG c.a.b.DataSourceLogger - props={user=billing_app, password=Pg!Wr0ng#1, url=jdbc:postgresql://pg-master.prod:5432/billing}""",
        ("Pg!Wr0ng#1",),
    ),
    # ------------------------------------------------------------------ short values
    ("mysql-cli", "mysql -uroot -p123456 -h127.0.0.1 -P3307", ("123456",)),
    ("properties", "spring.redis.password=r3d1s\nspring.redis.port=6379", ("r3d1s",)),
    ("zh-sentence", "本地虚拟机的 mysql 密码就是 qwe123 ，不用管安全", ("qwe123",)),
    ("en-sentence", "the local postgres password is pg1, only on my laptop", ("pg1",)),
    ("yaml", "spring:\n  datasource:\n    username: admin\n    password: 1qaz@WSX", ("1qaz@WSX",)),
]

LOOK_ALIKES: list[tuple[str, str]] = [
    # ------------------------------------------------------------------ questions (Chinese)
    ("zh-question", "密码是否需要加密后再存数据库？"),
    ("zh-question", "密码为什么要用 BCrypt 而不是 MD5？"),
    ("zh-question", "令牌为什么会提前过期？我们设置的是 2 小时。"),
    ("zh-question", "JWT 的签名密钥应该放在哪里比较安全？"),
    ("zh-question", "口令复杂度策略一般怎么配置，至少几位？"),
    ("zh-question", "凭证泄露了应该先做什么，先吊销还是先查日志？"),
    ("zh-question", "AK/SK 是什么意思，和 token 有什么区别？"),
    ("zh-question", "appSecret 应该放在 Nacos 还是 K8s Secret 里？"),
    ("zh-question", "token 过期时间一般设多久比较合理？"),
    ("zh-question", "数据库密码要不要用 Jasypt 加密？"),
    ("zh-question", "Redis 不设密码会有什么风险？"),
    ("zh-question", "怎么在 Nacos 里配置加密的密码？"),
    ("zh-question", "密码为空的时候 HikariCP 会报什么错？"),
    ("zh-question", "为什么 refresh token 要比 access token 有效期长？"),
    ("zh-question", "密钥轮换应该多久做一次？"),
    ("zh-question", "私钥和公钥哪个放在服务端？"),
    ("zh-question", "密码是多少位比较安全？"),
    ("zh-question", "密码是明文传输的吗？前端要不要先加密？"),
    ("zh-question", "token 是怎么生成的？是 UUID 还是 JWT？"),
    ("zh-question", "AppSecret 是什么？在微信公众平台哪里能看到？"),
    ("zh-question", "密码为什么不能用 String 存，要用 char[]？"),
    ("zh-question", "密码是 null 的时候要不要直接抛异常？"),
    ("zh-question", "OpenAI 的 key 都是 sk- 开头的吗？"),
    ("zh-question", "ghp_ 开头的是 classic token，github_pat_ 开头的是 fine-grained，对吧？"),
    (
        "zh-question",
        "把 -----BEGIN PRIVATE KEY----- 和 -----END PRIVATE KEY----- 之间的内容复制到 apiclient_key.pem 里就行吗？",
    ),
    ("zh-question", "https://github.com/settings/tokens 里生成 token 的时候要勾哪些 scope？"),
    ("zh-question", "钉钉机器人的加签和关键词两种安全设置有什么区别？"),
    ("zh-question", "^[A-Za-z0-9+/]{40}$ 这个正则是校验什么的？"),
    ("zh-question", "密码加密这块，我们现在是前端 RSA 加密、后端解密再 BCrypt，这样设计合理吗？"),
    (
        "zh-question",
        "Spring Security 里 PasswordEncoder 有哪几种实现，DelegatingPasswordEncoder 的 {bcrypt} 前缀是干嘛的？",
    ),
    # ------------------------------------------------------------------ questions (English)
    ("en-question", "What's a good password policy for our admin console?"),
    ("en-question", "Should the JWT secret be rotated, and how often?"),
    (
        "en-question",
        "How do I read the bearer token from the Authorization header in Spring Security?",
    ),
    (
        "en-question",
        "Where does Spring Boot look for spring.datasource.password when it's not in application.yml?",
    ),
    ("en-question", "Is it safe to log the token's expiry time?"),
    (
        "en-question",
        "Why does the password field come back null from my DTO after deserialization?",
    ),
    ("en-question", "What's the difference between an API key and an OAuth access token?"),
    ("en-question", "How long should a password reset token live?"),
    (
        "en-question",
        "My password is too short according to the validator — what's the minimum length by default?",
    ),
    (
        "en-question",
        "The token is invalid after a restart. Is the signing key regenerated on each boot?",
    ),
    ("en-question", "Should we hash API keys before storing them, like passwords?"),
    ("en-question", "How do I configure password-less login with WebAuthn in Spring Security 6.4?"),
    (
        "en-question",
        "Does Jasypt's PBEWITHHMACSHA512ANDAES_256 need a salt generator and an IV generator?",
    ),
    ("en-question", "Can the secret key for HS256 be shorter than 256 bits?"),
    ("en-question", "Do AWS access keys that start with ASIA always need a session token?"),
    (
        "en-question",
        "Which header does GitLab expect for a personal access token, PRIVATE-TOKEN or Authorization?",
    ),
    # ------------------------------------------------------------------ concept sentences
    ("zh-concept", "密钥管理交给 KMS，应用启动时只拿到一个临时凭证。"),
    ("zh-concept", "令牌桶算法每秒往桶里放 100 个令牌，取不到令牌的请求直接拒绝。"),
    ("zh-concept", "这个接口不需要口令，走的是内网白名单。"),
    ("zh-concept", "凭证过期以后 SDK 会自动续期，不用重启。"),
    ("zh-concept", "我们的密码策略是 90 天强制修改一次，不能和最近 5 次重复。"),
    ("zh-concept", "密钥长度至少 256 位，否则 jjwt 会抛 WeakKeyException。"),
    ("zh-concept", "登录失败 5 次锁定账号 30 分钟，锁定期间即使密码正确也不能登录。"),
    ("zh-concept", "令牌：已过期，请重新登录"),
    ("zh-concept", "密码：请输入 8-20 位字符，需包含大小写字母和数字"),
    ("zh-concept", "登录失败：用户名或密码错误（用户 zhangsan，IP 10.0.2.14）"),
    ("zh-concept", "私钥只保存在 HSM 里，服务端只做验签。"),
    ("zh-concept", "口令和密钥不要写进代码，统一走配置中心的加密配置。"),
    ("zh-concept", "AKIA 开头的是长期 AccessKey，ASIA 开头的是 STS 临时凭证。"),
    ("en-concept", "The secret: it's that nobody reviews the migration scripts."),
    ("en-concept", "The secret is out: we're moving the build from Maven to Gradle."),
    (
        "en-concept",
        "The password is the problem here, not the username: Oracle treats it case-sensitively since 11g.",
    ),
    ("en-concept", "My token is expired again, so I'll log in tomorrow and retry the pipeline."),
    ("en-concept", "Use a Bearer token in the Authorization header, not a query parameter."),
    ("en-concept", "The token bucket refills at 50 tokens per second per client."),
    ("en-concept", "We added a forgot-password page and a password-reset flow last sprint."),
    ("en-concept", "The keystore type should be PKCS12, not JKS, since Java 9."),
    (
        "en-concept",
        "Secrets are injected by the Vault agent at pod start; nothing is baked into the image.",
    ),
    ("en-concept", "The key takeaway: keep the service layer free of HTTP concerns."),
    # ------------------------------------------------------------------ placeholders and empty values
    ("placeholder-properties", "spring.datasource.password=${DB_PASSWORD}"),
    ("placeholder-properties", "spring.redis.password=\nspring.redis.host=127.0.0.1"),
    (
        "placeholder-properties",
        "jasypt.encryptor.password=${JASYPT_ENCRYPTOR_PASSWORD}\njasypt.encryptor.algorithm=PBEWithMD5AndDES",
    ),
    (
        "placeholder-properties",
        "aliyun.oss.access-key-id=${OSS_ACCESS_KEY_ID}\naliyun.oss.access-key-secret=${OSS_ACCESS_KEY_SECRET}",
    ),
    ("placeholder-properties", "password=******"),
    ("placeholder-yaml", "spring:\n  datasource:\n    password: ${MYSQL_PASSWORD:}"),
    ("placeholder-yaml", 'password: ""'),
    ("placeholder-yaml", "token: <your-token>"),
    ("placeholder-yaml", 'apiKey: "xxx"'),
    ("placeholder-yaml", "jwt:\n  secret: ${JWT_SECRET}\n  expiration: 86400"),
    (
        "placeholder-yaml",
        "spring:\n  cloud:\n    nacos:\n      config:\n        username: ${NACOS_USERNAME:nacos}\n        password: ${NACOS_PASSWORD:}",
    ),
    ("placeholder-yaml", "spring:\n  ai:\n    openai:\n      api-key: ${OPENAI_API_KEY}"),
    (
        "placeholder-yaml",
        "wx:\n  mp:\n    app-id: wxc2e812efd06cae3c\n    secret: <填你自己的 AppSecret>",
    ),
    ("placeholder-yaml", "password: <填你自己的密码>\nusername: root"),
    (
        "placeholder-yaml",
        "mysql:\n  auth:\n    rootPassword: {{ .Values.mysql.rootPassword | quote }}\n    existingSecret: mysql-auth",
    ),
    ("placeholder-yaml", "access-key-secret: ********\naccess-key-id: LTAI****************"),
    (
        "placeholder-env",
        "# .env.example\nDB_PASSWORD=\nOPENAI_API_KEY=\nREDIS_URL=redis://localhost:6379/0",
    ),
    ("placeholder-env", "OPENAI_API_KEY=sk-...\nANTHROPIC_API_KEY=sk-ant-..."),
    ("placeholder-env", "GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"),
    (
        "placeholder-xml",
        "<server>\n  <id>nexus-releases</id>\n  <username>${env.NEXUS_USER}</username>\n  <password>${env.NEXUS_PASSWORD}</password>\n</server>",
    ),
    ("placeholder-xml", '<property name="password" value="${jdbc.password}"/>'),
    (
        "placeholder-url",
        "jdbc:mysql://${DB_HOST}:3306/${DB_NAME}?user=${DB_USER}&password=${DB_PASSWORD}",
    ),
    ("placeholder-url", "redis://:${REDIS_PASSWORD}@redis:6379/0"),
    (
        "placeholder-url",
        "git clone https://${GITLAB_USER}:${GITLAB_TOKEN}@gitlab.acme.cn/shop/payment.git",
    ),
    (
        "placeholder-url",
        "DefaultEndpointsProtocol=https;AccountName=<account-name>;AccountKey=<account-key>;EndpointSuffix=core.windows.net",
    ),
    (
        "placeholder-url",
        "Driver={ODBC Driver 18 for SQL Server};Server=<server>;Database=<db>;Uid=<user>;Pwd=<password>;",
    ),
    ("placeholder-cli", "docker login -u $CI_REGISTRY_USER -p $CI_REGISTRY_PASSWORD $CI_REGISTRY"),
    ("placeholder-cli", 'echo "$GH_TOKEN" | docker login ghcr.io -u zhangsan --password-stdin'),
    (
        "placeholder-cli",
        "java -Djasypt.encryptor.password=${JASYPT_PASSWORD} -jar order-service.jar",
    ),
    ("placeholder-cli", 'mysql -h 10.0.3.7 -u backup -p"$MYSQL_PWD" order_db'),
    (
        "placeholder-cli",
        "keytool -genkeypair -alias app -keystore app.p12 -storetype PKCS12 -storepass:env KS_PASS",
    ),
    (
        "placeholder-cli",
        "openssl pkcs12 -export -in server.crt -inkey server.key -out server.p12 -passout env:P12_PASS",
    ),
    ("placeholder-cli", 'curl -H "Authorization: Bearer $TOKEN" https://api.acme.cn/v1/orders'),
    ("placeholder-cli", "Authorization: Bearer <token>"),
    ("placeholder-cli", "X-Api-Key: {{apiKey}}"),
    (
        "placeholder-cli",
        "docker run -d -e MYSQL_ROOT_PASSWORD -e MYSQL_DATABASE=nacos mysql:8.0.36",
    ),
    (
        "placeholder-ci",
        "- name: Login to GHCR\n  uses: docker/login-action@v3\n  with:\n    registry: ghcr.io\n    username: ${{ github.actor }}\n    password: ${{ secrets.GITHUB_TOKEN }}",
    ),
    (
        "placeholder-ci",
        "withCredentials([usernamePassword(credentialsId: 'nexus-creds', usernameVariable: 'NEXUS_USER', passwordVariable: 'NEXUS_PASS')]) {\n    sh 'mvn -s settings.xml deploy'\n}",
    ),
    ("placeholder-ci", "environment {\n    SONAR_TOKEN = credentials('sonar-token')\n}"),
    (
        "placeholder-ci",
        "env:\n  - name: SPRING_DATASOURCE_PASSWORD\n    valueFrom:\n      secretKeyRef:\n        name: order-db\n        key: password",
    ),
    (
        "placeholder-ci",
        "services:\n  app:\n    env_file: .env\n    environment:\n      - DB_PASSWORD=${DB_PASSWORD}",
    ),
    (
        "placeholder-code",
        'String accessKeyId = "yourAccessKeyId";\nString accessKeySecret = "yourAccessKeySecret";',
    ),
    (
        "placeholder-code",
        'props.put("sasl.jaas.config", "org.apache.kafka.common.security.plain.PlainLoginModule required username=\\"" + user + "\\" password=\\"" + pass + "\\";");',
    ),
    ("placeholder-code", "const client = new OpenAI({ apiKey: process.env.OPENAI_API_KEY });"),
    ("placeholder-code", 'password = ""\nusername = ""'),
    # ------------------------------------------------------------------ identifiers and code
    ("java-identifier", "tokenService.refresh(userId);"),
    ("java-identifier", "String password = user.getPassword();"),
    ("java-identifier", "PasswordEncoder encoder = new BCryptPasswordEncoder(12);"),
    ("java-identifier", "private static final int SECRET_KEY_LENGTH = 32;"),
    ("java-identifier", 'private static final String TOKEN_HEADER = "Authorization";'),
    ("java-identifier", 'private static final String TOKEN_PREFIX = "Bearer ";'),
    (
        "java-identifier",
        "UsernamePasswordAuthenticationToken auth = new UsernamePasswordAuthenticationToken(username, password);",
    ),
    ("java-identifier", "public record LoginRequest(String username, String password) {}"),
    (
        "java-identifier",
        "private String accessKeySecret;\nprivate String accessKeyId;\nprivate String bucketName;",
    ),
    (
        "java-identifier",
        "@Bean\npublic JwtAccessTokenConverter accessTokenConverter() { return new JwtAccessTokenConverter(); }",
    ),
    (
        "java-code",
        'if (!passwordEncoder.matches(rawPassword, user.getPassword())) {\n    throw new BadCredentialsException("用户名或密码错误");\n}',
    ),
    ("java-code", "dataSource.setPassword(properties.getPassword());"),
    (
        "java-code",
        'String token = request.getHeader("Authorization");\nif (token == null || !token.startsWith("Bearer ")) {\n    return;\n}',
    ),
    ("java-code", '@Value("${jwt.secret}")\nprivate String jwtSecret;'),
    ("java-code", "jedis.auth(redisProperties.getPassword());"),
    ("java-code", 'String apiKey = System.getenv("OPENAI_API_KEY");'),
    ("java-code", 'Assert.hasText(secretKey, "secretKey must not be empty");'),
    ("java-code", 'throw new IllegalArgumentException("password must be at least 8 characters");'),
    ("java-code", 'log.info("token refreshed for user {}, expiresAt={}", userId, expiresAt);'),
    (
        "java-code",
        'public static final String PASSWORD_REGEX = "^(?=.*[A-Z])(?=.*[a-z])(?=.*\\\\d).{8,20}$";',
    ),
    ("java-code", 'String redisKey = "login:token:" + userId;'),
    ("java-code", "private static final long serialVersionUID = 8683452581122892189L;"),
    ("java-code", "SecretKey key = Keys.secretKeyFor(SignatureAlgorithm.HS256);"),
    ("java-code", 'config.setPassword(environment.getProperty("spring.redis.password"));'),
    (
        "kotlin",
        'val password: String? = null\nval token = call.request.headers["Authorization"]?.removePrefix("Bearer ")',
    ),
    (
        "go",
        'password := os.Getenv("DB_PASSWORD")\nif password == "" {\n\tlog.Fatal("DB_PASSWORD is not set")\n}',
    ),
    ("python", 'password = getpass.getpass("DB password: ")'),
    ("js", "const token = localStorage.getItem('token');\nif (!token) router.push('/login');"),
    (
        "sql",
        "SELECT id, username, password_hash, password_updated_at FROM sys_user WHERE username = ?;",
    ),
    ("sql", "ALTER TABLE sys_user ADD COLUMN token_version INT NOT NULL DEFAULT 0;"),
    (
        "html",
        '<input type="password" name="password" placeholder="请输入密码" autocomplete="current-password">',
    ),
    ("json-schema", '{"field":"password","rejectedValue":null,"message":"must not be blank"}'),
    (
        "json-schema",
        '"password": {\n  "type": "string",\n  "minLength": 8,\n  "format": "password"\n}',
    ),
    # ------------------------------------------------------------------ hashes, ids, paths, versions
    (
        "commit-hash",
        "修复在 commit 5a4262faffb7ede9d5ec81bb4496117b034c27f7 里，cherry-pick 到 release/1.8 就行",
    ),
    ("commit-hash", "git revert 9e1f0c3 之后 CI 就绿了"),
    (
        "commit-hash",
        "3f9c2a7 fix(order): NPE when coupon is null\nb81d0e4 feat(auth): add token refresh endpoint\n0c7e5f2 chore: bump spring-boot to 3.2.5",
    ),
    (
        "commit-hash",
        "Merge pull request #482 from acme-cn/feature/token-refresh (commit e4c1a9b07d2f83c6a5b19e0d7f4a2c8b3e6d1f90)",
    ),
    ("uuid", "订单的 requestId=d1ef1ece-f83a-4512-913b-37845cb83310 在日志里找不到"),
    ("uuid", "spring.cloud.nacos.config.namespace=d1e40046-4c54-483c-bec5-68ba7a1c6898"),
    (
        "uuid",
        "The tenant id is 86a4a0f6-3579-401c-98d6-a3c52f03e3a1 and the workspace id is 735c33e7-0844-467b-ab13-15b9875d5b8f.",
    ),
    (
        "trace-id",
        "traceId=f03a535eb7e4db9d1a531bf261526823 spanId=00f067aa0ba902b7 有 3 秒耗在 Redis 上",
    ),
    ("trace-id", "X-B3-TraceId: 80f198ee56343ba864fe8b2a57d3eff7\nX-B3-SpanId: e457b5a2e4d86bd1"),
    ("trace-id", "SkyWalking TID: 7c8f3a2e1b5d4c6e9f0a1b2c3d4e5f60.91.17332128001230001"),
    ("trace-id", "traceparent: 00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"),
    ("hex-colour", "主题色改成 #1E90FF，按钮 hover 用 #0B5ED7，禁用态 #ADB5BD"),
    ("hex-colour", "--el-color-primary: #409EFF; --el-color-danger: #F56C6C;"),
    (
        "checksum",
        "jdk-17.0.10_linux-x64_bin.tar.gz 官网给的 SHA-256 校验和是 69c76ae8765524a45332660bd79978d1cf4be5784b3903ad950acd9e50bffc38，我下载的对不上",
    ),
    (
        "checksum",
        "The image digest is sha256:33996c03b3fd5e4ceee0b7daada231d1619a80b7c72ff71fbb1fd2a323b4571b, pin that in the Helm chart.",
    ),
    (
        "checksum",
        '"integrity": "sha512-pKvURIxJVi2CgRXROh/M6pJ/UrTVRZKX+LQ+QtqJI4vBNibkPcs43bCCSIkn7JBPtCBXRDmD6IWFF51QVRr+Yg=="',
    ),
    (
        "checksum",
        "sha1sum of an empty file is da39a3ee5e6b4b0d3255bfef95601890afd80709, so the upload was empty.",
    ),
    ("checksum", "apache-maven-3.9.6-bin.zip.md5: 6e43b4a9ae2c0e8e2d0d61c1a6e0b3f2"),
    ("path", "src/main/java/com/acme/order/infrastructure/persistence/OrderRepositoryImpl.java"),
    ("path", "com/acme/platform/security/TokenProvider"),
    (
        "path",
        'scope_paths: ["com/acme/gateway/filter/AuthGlobalFilter", "order/service/impl/PasswordResetServiceI"]',
    ),
    (
        "path",
        "/Users/zhangsan/IdeaProjects/acme-order/order-service/src/main/resources/application-prod.yml",
    ),
    (
        "path",
        "C:\\Users\\lisi\\.m2\\repository\\org\\springframework\\security\\spring-security-crypto\\6.2.4\\spring-security-crypto-6.2.4.jar",
    ),
    ("path", "/opt/apps/order/config/secrets/README.md 里写了 secret 的注入方式"),
    (
        "version",
        'openjdk version "17.0.10" 2024-01-16 LTS\nOpenJDK Runtime Environment Temurin-17.0.10+7 (build 17.0.10+7)',
    ),
    (
        "version",
        "Spring Boot 3.2.5 / Spring Cloud 2023.0.1 / Spring Cloud Alibaba 2023.0.1.0 / Nacos 2.3.2",
    ),
    ("version", "mysql  Ver 8.0.36 for Linux on x86_64 (MySQL Community Server - GPL)"),
    ("maven-coord", "io.jsonwebtoken:jjwt-api:0.12.5"),
    (
        "maven-coord",
        "<dependency>\n  <groupId>org.springframework.security</groupId>\n  <artifactId>spring-security-crypto</artifactId>\n  <version>6.2.4</version>\n</dependency>",
    ),
    ("maven-coord", 'implementation("com.github.ulisesbocchio:jasypt-spring-boot-starter:3.0.5")'),
    (
        "maven-coord",
        "com.aliyun.oss:aliyun-sdk-oss:3.17.4 和 com.tencentcloudapi:tencentcloud-sdk-java-sms:3.1.1000 有依赖冲突",
    ),
    # ------------------------------------------------------------------ benign base64 / encoded data
    ("base64-benign", "echo aGVsbG8gd29ybGQ= | base64 -d 输出 hello world，说明编码没问题"),
    (
        "base64-benign",
        '前端传过来的 filter 参数是 eyJlbnYiOiJkZXYiLCJyZWdpb24iOiJjbi1oYW5nemhvdSJ9，解码后是 {"env":"dev","region":"cn-hangzhou"}',
    ),
    (
        "base64-benign",
        '<img src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==">',
    ),
    (
        "base64-benign",
        "k8s 里 username 字段 dXNlci1zZXJ2aWNl 解码出来就是 user-service，这个不是敏感信息吧",
    ),
    (
        "public-key",
        "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIA8iCgitEQVhKg9fUPCiTzckcLJkpBkayJKVdV52HCxa zhangsan@dev-mbp",
    ),
    (
        "public-key",
        "-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEgyNx6lF2+v6In9G4Nc1Z1llUmz/e\nOG7Iqa1GsC785MoeodhVGDBjADhAGPphATZ29glT071E31qquq8+NVuY9Q==\n-----END PUBLIC KEY-----",
    ),
    (
        "certificate",
        "-----BEGIN CERTIFICATE-----\nMIIBizCCATGgAwIBAgIUaYjd2veeDS46q4/be/lonMu/YOgwCgYIKoZIzj0EAwIw\nGzEZMBcGA1UEAwwQYXBpLmFjbWUtZGVtby5jbjAeFw0yNjEyMDMyMDUzMTlaFw0y\nNzEyMDMyMDUzMTlaMBsxGTAXBgNVBAMMEGFwaS5hY21lLWRlbW8uY24wWTATBgcq\nhkjOPQIBBggqhkjOPQMBBwNCAAQ2d3RCczFlFas7FUh3dBCbCow6uVopJ8lM8AJg\n8O0HGxTIX4ta7eA5AMNYYWgwn7BM1x8HvgLX+pyd+xlVp7nlo1MwUTAdBgNVHQ4E\nFgQU4IrIwmGWTAEGwwJIdTRUINcRckQwHwYDVR0jBBgwFoAU4IrIwmGWTAEGwwJI\ndTRUINcRckQwDwYDVR0TAQH/BAUwAwEB/zAKBggqhkjOPQQDAgNIADBFAiEAnQap\nSh+9XlIZu+QMff7ZhX/+T6FFc0V8X0EcUJRNxsECIDvcyk9wEUwFO1dIirx3TOpU\nCbeECcIvNzCuD1onSx0D\n-----END CERTIFICATE-----",
    ),
    # ------------------------------------------------------------------ masked values in logs
    (
        "masked-log",
        "2024-12-03 10:00:01.123 INFO  c.a.o.config.DbConfig : url=jdbc:mysql://10.0.3.7:3306/order_db, username=order_rw, password=******",
    ),
    ("masked-log", "DEBUG org.apache.http.headers - http-outgoing-3 >> Authorization: Bearer ***"),
    ("masked-log", "init oss client accessKeyId=LTAI****YwNQ accessKeySecret=[PROTECTED]"),
    (
        "masked-log",
        "MongoCredential{mechanism=SCRAM-SHA-256, userName='app', source='admin', password=<hidden>, mechanismProperties=<hidden>}",
    ),
    (
        "masked-log",
        "spring.datasource.password=<masked>  (from Nacos dataId=order-service-prod.yaml)",
    ),
    ("masked-log", "[nacos] config changed: spring.redis.password=***, spring.redis.host=10.0.2.6"),
    ("masked-log", "token=eyJhbGci...（已截断） userId=10086 status=EXPIRED"),
    ("masked-log", "x-api-key: sk-****************************f3Ab"),
    (
        "log-line",
        "java.sql.SQLException: Access denied for user 'root'@'10.0.0.4' (using password: YES)",
    ),
    (
        "log-line",
        "ERR AUTH <password> called without any password configured for the default user. Are you sure your configuration is correct?",
    ),
    (
        "log-line",
        "WARN  o.s.s.c.bcrypt.BCryptPasswordEncoder : Encoded password does not look like BCrypt",
    ),
    (
        "log-line",
        "com.alibaba.nacos.api.exception.NacosException: http error, code=403,msg=user not found!,dataId=order-service.yaml",
    ),
    (
        "log-line",
        "Caused by: io.jsonwebtoken.ExpiredJwtException: JWT expired 3600000 milliseconds ago at 2024-12-03T02:00:00.000Z. Current time: 2024-12-03T03:00:00.000Z.",
    ),
    (
        "log-line",
        "INFO  c.a.a.TokenRefreshJob - refreshed 128 tokens in 412 ms, 3 failed (invalid_grant)",
    ),
    # ------------------------------------------------------------------ commands and URLs without secrets
    ("cli-no-secret", "mysql -h 10.0.3.7 -u root -p"),
    ("cli-no-secret", "redis-cli -h 10.0.0.9 -p 6379 info replication"),
    ("cli-no-secret", "psql -h pg-master.prod -U billing_app -d billing -W"),
    ("cli-no-secret", "keytool -list -v -keystore truststore.jks"),
    ("cli-no-secret", "curl -u admin https://nexus.acme.local/service/rest/v1/status"),
    (
        "cli-no-secret",
        "mysql_config_editor set --login-path=prod --host=10.0.3.7 --user=backup --password",
    ),
    ("cli-no-secret", "openssl rand -base64 32"),
    ("cli-no-secret", "kubectl get secret order-db -n prod -o yaml"),
    ("cli-no-secret", "ssh -i ~/.ssh/id_ed25519 ops@10.0.9.1"),
    ("cli-no-secret", "git clone git@gitlab.acme.cn:shop/payment.git"),
    (
        "cli-no-secret",
        "mvn -s ~/.m2/settings.xml -Dmaven.test.skip=true -Ppassword-policy clean package",
    ),
    ("cli-no-secret", "gh auth login --with-token < token.txt"),
    (
        "url-no-secret",
        "jdbc:mysql://10.0.3.7:3306/order_db?useSSL=false&serverTimezone=Asia/Shanghai&allowPublicKeyRetrieval=true",
    ),
    (
        "url-no-secret",
        "mongodb://mongo-0.mongo:27017,mongo-1.mongo:27017/orders?replicaSet=rs0&readPreference=secondaryPreferred",
    ),
    ("url-no-secret", "spring.redis.url=redis://redis-master:6379/0"),
    ("url-no-secret", "amqp://rabbitmq:5672/%2F"),
    ("url-no-secret", "git clone https://github.com/acme-cn/order-service.git"),
    ("url-no-secret", "https://oapi.dingtalk.com/robot/send?access_token= 后面那一串在哪里获取？"),
    ("url-no-secret", "http://10.0.0.20:8080/api/v1/auth/token?grant_type=password"),
    ("url-no-secret", "https://nacos.acme.local/nacos/v1/auth/users/login"),
    # ------------------------------------------------------------------ config blocks with no secret
    (
        "markdown-table",
        "| 配置项 | 说明 | 默认值 |\n|---|---|---|\n| spring.datasource.password | 数据库密码，通过环境变量注入 | 无 |\n| jwt.secret | JWT 签名密钥，至少 32 字节 | 无 |\n| jwt.expiration | 令牌有效期（秒） | 86400 |",
    ),
    (
        "markdown-list",
        "Rotation checklist:\n- revoke the old token in the GitHub UI\n- update the Jenkins credential `github-token`\n- re-run the pipeline\n- confirm the password manager entry is updated",
    ),
    (
        "yaml",
        "spring:\n  datasource:\n    url: jdbc:mysql://10.0.3.7:3306/order_db\n    username: order_rw\n    hikari:\n      maximum-pool-size: 20\n      connection-timeout: 30000",
    ),
    (
        "yaml",
        "security:\n  password-policy:\n    min-length: 12\n    require-digit: true\n    max-age-days: 90\n  token:\n    ttl: 2h\n    refresh-ttl: 7d",
    ),
    (
        "properties",
        "server.servlet.session.cookie.http-only=true\nserver.servlet.session.cookie.secure=true\nserver.servlet.session.timeout=30m",
    ),
    (
        "properties",
        "spring.security.oauth2.resourceserver.jwt.issuer-uri=https://auth.acme.cn/realms/acme\nspring.security.oauth2.resourceserver.jwt.jwk-set-uri=https://auth.acme.cn/realms/acme/protocol/openid-connect/certs",
    ),
    (
        "k8s-manifest",
        "apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: order-service\nautomountServiceAccountToken: false",
    ),
    (
        "docker-compose",
        '  redis:\n    image: redis:7.2\n    command: ["redis-server", "--requirepass", "${REDIS_PASSWORD}"]',
    ),
    (
        "jenkinsfile",
        "stage('Deploy') {\n    steps {\n        sshagent(credentials: ['deploy-key']) {\n            sh 'ssh deploy@10.0.9.1 ./deploy.sh'\n        }\n    }\n}",
    ),
    ("cron", '@Scheduled(cron = "0 0/5 * * * ?") 每 5 分钟刷新一次 token 缓存'),
    (
        "en-chatty",
        "I spent the morning on the login bug. Turns out the frontend trimmed the password before hashing and the backend did not, so users with a trailing space could never log in. Fixed by trimming nowhere and adding a test; no credentials were involved in the repro, just a dummy user.",
    ),
    (
        "zh-chatty",
        "今天主要在排查登录的问题：前端把密码 trim 了，后端没有 trim，导致末尾带空格的用户一直登录失败。现在两边都不 trim 了，并加了单测。顺便把 token 的过期时间从 2 小时调成了 4 小时，refresh token 还是 7 天。",
    ),
]
