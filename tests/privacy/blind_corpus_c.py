"""Blind secret-redaction evaluation corpus C (helper "secret-eval", second shift).

(Copied from the blind set's corpus_c.py, the held-out split: the data are unchanged,
only reformatted. It was scored once, blind, before any rule saw it; docs/privacy.md
records that first measurement and the one round of class fixes after it.)

Written independently of corpus A. Style: a logistics company ("途达物流", tudawl.cn: tms-dispatch,
wms-stock, fleet-gps, route-engine, settle-center, bms-billing) on Tencent Cloud and Huawei Cloud,
with Apollo, Dubbo/ZooKeeper, RocketMQ, Kafka, PostgreSQL, TiDB, Oracle, SQL Server, ShardingSphere,
Vault, Harbor, self-hosted GitLab and Jenkins. More snippets are embedded in longer messages,
chat transcripts, tickets, wiki pages, assistant answers and summaries (text the memory stores),
mixing Chinese and English.

SECRETS: (form, text, substrings that must all be absent after redaction). Each substring is
exactly the secret value as it appears in the text (quotes excluded; URL-encoded, XML-escaped,
backslash-escaped, base64 or indented where the text has it so), never the key name.
LOOK_ALIKES: (form, text) holding no secret; the text must come back unchanged.
Labelling rules: summarised in docs/privacy.md. All values are invented for this corpus.
"""

SECRETS: list[tuple[str, str, tuple[str, ...]]] = [
    # ---------------------------------------------------------------- spring-yaml
    (
        "spring-yaml",
        "# tms-dispatch/src/main/resources/application-prod.yml\n"
        "spring:\n"
        "  datasource:\n"
        "    hikari:\n"
        "      maximum-pool-size: 40\n"
        "    url: jdbc:postgresql://pg-tms-primary.tuda.internal:5432/tms?currentSchema=dispatch\n"
        "    username: tms_app\n"
        "    password: 'wu liu 2023 @ dispatch'\n",
        ("wu liu 2023 @ dispatch",),
    ),
    (
        "spring-yaml",
        "spring:\n"
        "  data:\n"
        "    redis:\n"
        "      cluster:\n"
        "        nodes: 10.40.2.11:7001,10.40.2.12:7002,10.40.2.13:7003\n"
        '      password: "}Route{Cache;77,a"\n'
        "      lettuce:\n"
        "        pool:\n"
        "          max-active: 64",
        ("}Route{Cache;77,a",),
    ),
    (
        "spring-yaml",
        "spring:\n"
        "  kafka:\n"
        "    bootstrap-servers: ckafka-q8x2.tuda.internal:9092\n"
        "    properties:\n"
        "      security.protocol: SASL_SSL\n"
        "      sasl.mechanism: SCRAM-SHA-512\n"
        "      sasl.jaas.config: >-\n"
        "        org.apache.kafka.common.security.scram.ScramLoginModule required\n"
        '        username="fleet-gps-producer" password="gpsTrack&&2023*";',
        ("gpsTrack&&2023*",),
    ),
    (
        "spring-yaml",
        "tencent:\n"
        "  cos:\n"
        "    region: ap-guangzhou\n"
        "    bucket: tuda-waybill-1310982271\n"
        "    secret-id: AKIDH5Kp6AE2udPt1YwfLL15amiAbN0TR6Q7\n"
        "    secret-key: sgerDRn2qWXA2FAMwXbijq07aOPri5dA\n"
        "    prefix: pod-images/",
        ("AKIDH5Kp6AE2udPt1YwfLL15amiAbN0TR6Q7", "sgerDRn2qWXA2FAMwXbijq07aOPri5dA"),
    ),
    (
        "spring-yaml",
        "management:\n"
        "  endpoints:\n"
        "    web:\n"
        "      exposure:\n"
        "        include: health,prometheus\n"
        "spring:\n"
        "  boot:\n"
        "    admin:\n"
        "      client:\n"
        "        url: http://sba.tuda.internal:8769\n"
        "        username: sba\n"
        "        password: Adm1n-Board%z\n",
        ("Adm1n-Board%z",),
    ),
    (
        "spring-yaml",
        "amap:\n"
        "  # 高德 web 服务 key + 数字签名私钥\n"
        "  key: 6c1f0b2e93d84a7f8b0c5e2d1a9f3b47\n"
        "  sig-secret: 05515cc5a0ada21a4d6dd6c0f8cf829d\n"
        "  geo-url: https://restapi.amap.com/v3/geocode/geo",
        ("6c1f0b2e93d84a7f8b0c5e2d1a9f3b47", "05515cc5a0ada21a4d6dd6c0f8cf829d"),
    ),
    (
        "spring-yaml",
        "spring:\n"
        "  ldap:\n"
        "    urls: ldaps://ad.tuda.internal:636\n"
        "    base: DC=tuda,DC=local\n"
        "    username: CN=svc-jira,OU=Service,DC=tuda,DC=local\n"
        "    password: L#dap\\Bind\\2023\n",
        ("L#dap\\Bind\\2023",),
    ),
    (
        "spring-yaml",
        "wxpay:\n"
        "  app-id: wx8d2f6b1a0c3e5f79\n"
        "  mch-id: '1640987712'\n"
        "  mch-serial-no: A7A573538C1C853549338F02F5564E71DA348ECF\n"
        "  api-v3-key: HkQXKZ5UgQtx9JcAv0I4qqKK17zghK4V\n"
        "  private-key-path: /data/cert/apiclient_key.pem\n"
        "  notify-url: https://pay.tudawl.cn/api/wxpay/notify",
        ("HkQXKZ5UgQtx9JcAv0I4qqKK17zghK4V",),
    ),
    (
        "spring-yaml",
        "spring:\n"
        "  cloud:\n"
        "    gateway:\n"
        "      routes:\n"
        "        - id: legacy-erp\n"
        "          uri: http://erp.tuda.internal:8080\n"
        "          filters:\n"
        "            - SetRequestHeader=Authorization, Basic ZXJwX2dhdGV3YXk6RXJwIUd3XzIwMjNxNA==\n",
        ("ZXJwX2dhdGV3YXk6RXJwIUd3XzIwMjNxNA==",),
    ),
    (
        "spring-yaml",
        "spring:\n"
        "  mail:\n"
        "    host: smtp.qiye.aliyun.com\n"
        "    port: 465\n"
        "    username: alarm@tudawl.cn\n"
        "    password: \"Mail'Alarm'2023\"\n"
        "    protocol: smtps",
        ("Mail'Alarm'2023",),
    ),
    (
        "spring-yaml",
        "spring:\n"
        "  datasource:\n"
        "    username: ${TMS_DB_USER:tms_app}\n"
        "    password: ${TMS_DB_PASSWORD:Def@ult;Tms9}\n",
        ("Def@ult;Tms9",),
    ),
    # ---------------------------------------------------------------- bootstrap-yaml
    (
        "bootstrap-yaml",
        "app:\n"
        "  id: wms-stock\n"
        "apollo:\n"
        "  meta: http://apollo-meta.tuda.internal:8080\n"
        "  cluster: gz-prod\n"
        "  bootstrap:\n"
        "    enabled: true\n"
        "    namespaces: application,TUDA.common\n"
        "  accesskey:\n"
        "    secret: 7f3b19d04ae2c5886e1f0b7a9d2c4e61\n",
        ("7f3b19d04ae2c5886e1f0b7a9d2c4e61",),
    ),
    # ---------------------------------------------------------------- nacos-server-config
    (
        "nacos-server-config",
        "# nacos/conf/application.properties\n"
        "nacos.core.auth.enabled=true\n"
        "nacos.core.auth.system.type=nacos\n"
        "nacos.core.auth.plugin.nacos.token.secret.key=VHVkYU5hY29zVG9rZW5TZWNyZXRLZXktMjAyMy1nei1wcm9kLTA3MTk=\n"
        "nacos.core.auth.server.identity.key=tudaIdentity\n"
        "nacos.core.auth.server.identity.value=Id3ntity-V4lue#91",
        ("VHVkYU5hY29zVG9rZW5TZWNyZXRLZXktMjAyMy1nei1wcm9kLTA3MTk=", "Id3ntity-V4lue#91"),
    ),
    # ---------------------------------------------------------------- apollo-config
    (
        "apollo-config",
        "Apollo 上 TUDA.common 这个公共 namespace 的内容（properties 格式）：\n"
        "common.sms.provider = tencent\n"
        "common.sms.sdk-app-id = 1400812345\n"
        "common.sms.app-key = 9b1c4a0e7d2f48e3a6b5c8d7e0f1a2b3\n"
        "common.sms.sign-name = 途达物流",
        ("9b1c4a0e7d2f48e3a6b5c8d7e0f1a2b3",),
    ),
    # ---------------------------------------------------------------- properties
    (
        "properties",
        "# route-engine application.properties\n"
        "spring.datasource.url=jdbc:oracle:thin:@//10.40.9.3:1521/TMSPDB\n"
        "spring.datasource.username=ROUTE_APP\n"
        "spring.datasource.password=R0ute\\=Engine\\:1\n",
        ("R0ute\\=Engine\\:1",),
    ),
    (
        "properties",
        "spring.rabbitmq.host=amqp-gz.tuda.internal\n"
        "spring.rabbitmq.username=settle\n"
        "spring.rabbitmq.password=settle#mq,prod;v2\n"
        "spring.rabbitmq.virtual-host=/settle",
        ("settle#mq,prod;v2",),
    ),
    (
        "properties",
        "# quartz.properties\n"
        "org.quartz.jobStore.dataSource=qzDS\n"
        "org.quartz.dataSource.qzDS.URL=jdbc:mysql://10.40.3.8:3306/quartz\n"
        "org.quartz.dataSource.qzDS.user=quartz\n"
        "org.quartz.dataSource.qzDS.password=Qu4rtz~Sched!\n",
        ("Qu4rtz~Sched!",),
    ),
    (
        "properties",
        "rocketmq.name-server=rmq-ns-1.tuda.internal:9876;rmq-ns-2.tuda.internal:9876\n"
        "rocketmq.producer.group=PID_WAYBILL\n"
        "rocketmq.producer.access-key=waybill_ak\n"
        "rocketmq.producer.secret-key=Wb&Rmq$Secret%2023",
        ("Wb&Rmq$Secret%2023",),
    ),
    (
        "properties",
        "dingtalk.app-key=dingq2xjf0ktwm8vybnr\n"
        "dingtalk.app-secret=Hy3_ZkPq9Tn-4vWmR8sLcA2bXeJ0oUiGd7fYhN5tK1jQw6EaS3rVzMxCp9lBgD0u\n"
        "dingtalk.agent-id=2876543210",
        ("Hy3_ZkPq9Tn-4vWmR8sLcA2bXeJ0oUiGd7fYhN5tK1jQw6EaS3rVzMxCp9lBgD0u",),
    ),
    (
        "properties",
        "minio.endpoint=http://10.40.6.20:9000\n"
        "minio.accessKey=wms-backup\n"
        "minio.secretKey=Bkp/Min1o+Key==x\n"
        "minio.bucket=wms-snapshot",
        ("Bkp/Min1o+Key==x",),
    ),
    (
        "properties",
        "# 注意 properties 里中文要转义\n"
        "login.default.password=\\u7269\\u6d41Tuda@88\n"
        "login.captcha.enabled=true",
        ("\\u7269\\u6d41Tuda@88",),
    ),
    (
        "properties",
        "spring.datasource.druid.filter.config.enabled=true\n"
        "spring.datasource.druid.connection-properties=config.decrypt=false;druid.stat.slowSqlMillis=3000\n"
        "spring.datasource.druid.password : Tms  Druid  2023",
        ("Tms  Druid  2023",),
    ),
    (
        "properties",
        "feishu.app-id=cli_a4f7c2d91e38d00c\n"
        "feishu.app-secret=lqofqEmhLGlowjGCRF7Z1MxQZnaNzu3S\n"
        "feishu.encrypt-key=\n"
        "feishu.verification-token=",
        ("lqofqEmhLGlowjGCRF7Z1MxQZnaNzu3S",),
    ),
    # ---------------------------------------------------------------- shardingsphere-yaml
    (
        "shardingsphere-yaml",
        "dataSources:\n"
        "  ds_0:\n"
        "    dataSourceClassName: com.zaxxer.hikari.HikariDataSource\n"
        "    jdbcUrl: jdbc:mysql://10.40.3.21:3306/waybill_0\n"
        "    username: shard\n"
        "    password: Sh@rd_0-pw\n"
        "  ds_1:\n"
        "    dataSourceClassName: com.zaxxer.hikari.HikariDataSource\n"
        "    jdbcUrl: jdbc:mysql://10.40.3.22:3306/waybill_1\n"
        "    username: shard\n"
        "    password: Sh@rd_1-pw\n"
        "rules:\n"
        "- !SHARDING\n"
        "  tables:\n"
        "    t_waybill:\n"
        "      actualDataNodes: ds_${0..1}.t_waybill_${0..15}",
        ("Sh@rd_0-pw", "Sh@rd_1-pw"),
    ),
    (
        "shardingsphere-yaml",
        "# ShardingSphere-Proxy server.yaml\n"
        "authority:\n"
        "  users:\n"
        "    - user: root@%\n"
        "      password: Pr0xy Root Pass\n"
        "    - user: readonly@%\n"
        "      password: ro.proxy.2023\n"
        "  privilege:\n"
        "    type: ALL_PERMITTED",
        ("Pr0xy Root Pass", "ro.proxy.2023"),
    ),
    # ---------------------------------------------------------------- canal-properties
    (
        "canal-properties",
        "# canal.deployer conf/example/instance.properties\n"
        "canal.instance.master.address=10.40.3.21:3306\n"
        "canal.instance.dbUsername=canal\n"
        "canal.instance.dbPassword=C4nal!Binlog\n"
        "canal.instance.filter.regex=waybill_.*\\\\..*",
        ("C4nal!Binlog",),
    ),
    # ---------------------------------------------------------------- datax-json
    (
        "datax-json",
        "DataX 的 job.json，reader 这边一直报 Access denied：\n"
        '{"job":{"content":[{"reader":{"name":"mysqlreader","parameter":{"username":"etl_r","password":"Etl,Read}2023","column":["*"],"connection":[{"table":["t_order"],"jdbcUrl":["jdbc:mysql://10.40.3.21:3306/waybill_0"]}]}},"writer":{"name":"clickhousewriter","parameter":{"username":"default","password":"ck_w@2023"}}}]}}',
        ("Etl,Read}2023", "ck_w@2023"),
    ),
    # ---------------------------------------------------------------- flyway-conf
    (
        "flyway-conf",
        "# flyway.conf\n"
        "flyway.url=jdbc:postgresql://pg-tms-primary.tuda.internal:5432/tms\n"
        "flyway.user=tms_owner\n"
        "flyway.password=Mig-Owner#7x\n"
        "flyway.schemas=dispatch,settle",
        ("Mig-Owner#7x",),
    ),
    # ---------------------------------------------------------------- liquibase-properties
    (
        "liquibase-properties",
        "changeLogFile=db/changelog/db.changelog-master.yaml\n"
        "url=jdbc:sqlserver://10.40.9.30:1433;databaseName=BMS;encrypt=false\n"
        "username=bms_lb\n"
        "password=Lb;Sql{Srv}9",
        ("Lb;Sql{Srv}9",),
    ),
    # ---------------------------------------------------------------- rocketmq-acl
    (
        "rocketmq-acl",
        "# conf/plain_acl.yml\n"
        "globalWhiteRemoteAddresses:\n"
        "  - 10.40.*.*\n"
        "accounts:\n"
        "  - accessKey: tudaRead\n"
        "    secretKey: 83920417\n"
        "    admin: false\n"
        "  - accessKey: tudaAdmin\n"
        "    secretKey: Tud@RmqAdm1n\n"
        "    admin: true",
        ("83920417", "Tud@RmqAdm1n"),
    ),
    # ---------------------------------------------------------------- hocon
    (
        "hocon",
        "# application.conf (Akka HTTP 的旧服务)\n"
        "slick.dbs.default {\n"
        '  profile = "slick.jdbc.PostgresProfile$"\n'
        "  db {\n"
        '    url = "jdbc:postgresql://10.40.9.12/track"\n'
        '    user = "track"\n'
        '    password = "Hocon pw 7&"\n'
        "  }\n"
        "}",
        ("Hocon pw 7&",),
    ),
    # ---------------------------------------------------------------- logstash-conf
    (
        "logstash-conf",
        "output {\n"
        "  elasticsearch {\n"
        '    hosts => ["https://es-gz-01:9200"]\n'
        '    user => "logstash_writer"\n'
        '    password => "Lgs=>Wr1ter"\n'
        '    index => "tms-%{+YYYY.MM.dd}"\n'
        "  }\n"
        "}",
        ("Lgs=>Wr1ter",),
    ),
    # ---------------------------------------------------------------- env-file
    (
        "env-file",
        "# route-engine/.env  (本地调试 LLM 路线解释)\n"
        "OPENAI_API_KEY=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\n"
        "OPENAI_MODEL=gpt-4o-mini\n"
        "ROUTE_EXPLAIN_ENABLED=true",
        (
            "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",
        ),
    ),
    (
        "env-file",
        "LLM_PROVIDER=deepseek\n"
        'LLM_API_KEY="sk-13fd9f9238ff1bb00ae76f1e89e18525"\n'
        "LLM_BASE_URL=https://api.deepseek.com",
        ("sk-13fd9f9238ff1bb00ae76f1e89e18525",),
    ),
    (
        "env-file",
        "POSTGRES_USER=tms\nPOSTGRES_PASSWORD=pg-local-Δ-2023\nPOSTGRES_DB=tms",
        ("pg-local-Δ-2023",),
    ),
    (
        "env-file",
        "GF_SECURITY_ADMIN_USER=admin\n"
        "GF_SECURITY_ADMIN_PASSWORD='graf ana! ops'\n"
        "GRAFANA_SA_TOKEN=glsa_2hzGdmD9VnwyG11UvoE8XfNhHHEPioGw_70b3b5eb",
        ("graf ana! ops", "glsa_2hzGdmD9VnwyG11UvoE8XfNhHHEPioGw_70b3b5eb"),
    ),
    (
        "env-file",
        "SENTRY_DSN=https://o123456.ingest.sentry.io/4505123456789012\n"
        "SENTRY_AUTH_TOKEN=sntrys_tOa4o7UJfh6yzda4UjZw18bxdR_BTgJsgzJ_1AOiunn-imVXX_nzTLBqI-xu\n"
        "SENTRY_ORG=tuda",
        ("sntrys_tOa4o7UJfh6yzda4UjZw18bxdR_BTgJsgzJ_1AOiunn-imVXX_nzTLBqI-xu",),
    ),
    (
        "env-file",
        'export JASYPT_ENCRYPTOR_PASSWORD="Jsy#Master;K3y"\nexport SPRING_PROFILES_ACTIVE=prod',
        ("Jsy#Master;K3y",),
    ),
    # ---------------------------------------------------------------- docker-compose
    (
        "docker-compose",
        "services:\n"
        "  tidb-dashboard-proxy:\n"
        "    image: nginx:1.25\n"
        "  mysql57:\n"
        "    image: mysql:5.7\n"
        "    environment:\n"
        "      - MYSQL_ROOT_PASSWORD=root@Dev#57\n"
        "      - MYSQL_DATABASE=wms\n"
        "    ports:\n"
        '      - "13306:3306"',
        ("root@Dev#57",),
    ),
    (
        "docker-compose",
        "  redis:\n"
        "    image: redis:7-alpine\n"
        '    command: ["redis-server", "--requirepass", "dev;redis;pw", "--appendonly", "yes"]\n',
        ("dev;redis;pw",),
    ),
    (
        "docker-compose",
        "  minio:\n"
        "    image: minio/minio\n"
        '    command: server /data --console-address ":9001"\n'
        "    environment:\n"
        "      MINIO_ROOT_USER: tudaminio\n"
        '      MINIO_ROOT_PASSWORD: "m1nio root,local"',
        ("m1nio root,local",),
    ),
    (
        "docker-compose",
        "  xxl-admin:\n"
        "    image: xuxueli/xxl-job-admin:2.4.0\n"
        "    environment:\n"
        '      PARAMS: "--spring.datasource.url=jdbc:mysql://mysql57:3306/xxl_job --spring.datasource.username=root --spring.datasource.password=Xj0b/Adm1n --xxl.job.accessToken=tuda_job_token_77"',
        ("Xj0b/Adm1n", "tuda_job_token_77"),
    ),
    # ---------------------------------------------------------------- dockerfile
    (
        "dockerfile",
        "FROM eclipse-temurin:17-jre\n"
        "ENV TZ=Asia/Shanghai \\\n"
        "    DB_PASSWORD=Img-Baked!pw \\\n"
        '    JAVA_OPTS="-Xms1g -Xmx1g"\n'
        "COPY target/wms-stock.jar /app.jar\n"
        'ENTRYPOINT ["sh","-c","java $JAVA_OPTS -jar /app.jar"]',
        ("Img-Baked!pw",),
    ),
    (
        "dockerfile",
        "FROM maven:3.9-eclipse-temurin-17 AS build\n"
        "ARG GITHUB_TOKEN=ghp_DENBaox3kLLB6feZUJi4XCQ2JWxdmPFmWJli\n"
        "RUN mvn -s settings-ci.xml -B package -DskipTests",
        ("ghp_DENBaox3kLLB6feZUJi4XCQ2JWxdmPFmWJli",),
    ),
    # ---------------------------------------------------------------- docker-run
    (
        "docker-run",
        "docker run -d --name pg15 -e POSTGRES_PASSWORD='Pg15*Local*' -p 15432:5432 postgres:15",
        ("Pg15*Local*",),
    ),
    (
        "docker-run",
        'docker run -d --name es8 -e "ELASTIC_PASSWORD=E1astic+8=ok" -e discovery.type=single-node -p 9200:9200 docker.elastic.co/elasticsearch/elasticsearch:8.11.1',
        ("E1astic+8=ok",),
    ),
    # ---------------------------------------------------------------- skopeo-cli
    (
        "skopeo-cli",
        "skopeo copy --dest-creds 'robot$tms-ci:Hb0rRobot#2023' docker://docker.io/library/nginx:1.25 docker://harbor.tudawl.cn/base/nginx:1.25",
        ("Hb0rRobot#2023",),
    ),
    # ---------------------------------------------------------------- k8s-secret
    (
        "k8s-secret",
        "apiVersion: v1\n"
        "kind: Secret\n"
        "metadata:\n"
        "  name: wms-stock-secret\n"
        "  namespace: wms\n"
        "type: Opaque\n"
        "data:\n"
        "  DB_PASSWORD: V21zQEs4cyNQcm9k\n"
        "  REDIS_URL: cmVkaXM6Ly86d21zUjNkaXNAcmVkaXMtd21zOjYzNzkvMA==\n",
        ("V21zQEs4cyNQcm9k", "cmVkaXM6Ly86d21zUjNkaXNAcmVkaXMtd21zOjYzNzkvMA=="),
    ),
    (
        "k8s-secret",
        "apiVersion: v1\n"
        "kind: Secret\n"
        "metadata:\n"
        "  name: settle-center\n"
        "stringData:\n"
        '  SPRING_DATASOURCE_PASSWORD: "settle:center:pw"\n'
        "  BANK_API_SECRET: 'b@nk-Api-S3cret'\n",
        ("settle:center:pw", "b@nk-Api-S3cret"),
    ),
    (
        "k8s-secret",
        "apiVersion: v1\n"
        "kind: Secret\n"
        "metadata:\n"
        "  name: harbor-pull\n"
        "type: kubernetes.io/dockerconfigjson\n"
        "data:\n"
        "  .dockerconfigjson: eyJhdXRocyI6eyJoYXJib3IudHVkYXdsLmNuIjp7InVzZXJuYW1lIjoicm9ib3QkZGVwbG95IiwicGFzc3dvcmQiOiJSYjB0LURlcGwweS1QdyIsImF1dGgiOiJjbTlpYjNRa1pHVndiRzk1T2xKaU1IUXRSR1Z3YkRCNUxWQjMifX19",
        (
            "eyJhdXRocyI6eyJoYXJib3IudHVkYXdsLmNuIjp7InVzZXJuYW1lIjoicm9ib3QkZGVwbG95IiwicGFzc3dvcmQiOiJSYjB0LURlcGwweS1QdyIsImF1dGgiOiJjbTlpYjNRa1pHVndiRzk1T2xKaU1IUXRSR1Z3YkRCNUxWQjMifX19",
        ),
    ),
    # ---------------------------------------------------------------- kubectl-cli
    (
        "kubectl-cli",
        "kubectl -n tms create secret generic tms-dispatch-db --from-literal=username=tms_app --from-literal=password='K8s Literal;pw&1'",
        ("K8s Literal;pw&1",),
    ),
    (
        "kubectl-cli",
        "kubectl create secret docker-registry harbor-cred --docker-server=harbor.tudawl.cn --docker-username=robot$ci --docker-password=Hrb-R0bot-9a -n fleet",
        ("Hrb-R0bot-9a",),
    ),
    # ---------------------------------------------------------------- helm-cli
    (
        "helm-cli",
        "helm upgrade --install tms-pg bitnami/postgresql -n tms \\\n"
        "  --set auth.postgresPassword=HelmPg\\,Admin \\\n"
        "  --set auth.password=helm-app-77 --set primary.persistence.size=100Gi",
        ("HelmPg\\,Admin", "helm-app-77"),
    ),
    # ---------------------------------------------------------------- helm-values
    (
        "helm-values",
        "# values-prod.yaml\n"
        "rabbitmq:\n"
        "  auth:\n"
        "    username: tuda\n"
        '    password: "Rmq-Helm%Prod"\n'
        "    erlangCookie: QWJ5Z0pWc3lLQmd0Uk9vZQ\n"
        "  replicaCount: 3",
        ("Rmq-Helm%Prod", "QWJ5Z0pWc3lLQmd0Uk9vZQ"),
    ),
    # ---------------------------------------------------------------- jenkinsfile
    (
        "jenkinsfile",
        "pipeline {\n"
        "  agent { label 'k8s-maven' }\n"
        "  stages {\n"
        "    stage('Push image') {\n"
        "      steps {\n"
        "        sh \"echo 'Jk\\$Harbor2023' | docker login harbor.tudawl.cn -u robot\\$jenkins --password-stdin\"\n"
        "      }\n"
        "    }\n"
        "  }\n"
        "}",
        ("Jk\\$Harbor2023",),
    ),
    (
        "jenkinsfile",
        "stage('Sonar') {\n"
        "  steps {\n"
        '    sh "mvn sonar:sonar -Dsonar.host.url=https://sonar.tudawl.cn -Dsonar.token=sqp_d2c741a94d388cbf7b063289012039ca777cf080"\n'
        "  }\n"
        "}",
        ("sqp_d2c741a94d388cbf7b063289012039ca777cf080",),
    ),
    (
        "jenkinsfile",
        "def deployToTest() {\n"
        "    sshagent(['deploy-key']) {\n"
        "        sh 'sshpass -p \"Te5t Deploy!\" scp target/tms-dispatch.jar deploy@10.40.1.31:/opt/tms/'\n"
        "    }\n"
        "}",
        ("Te5t Deploy!",),
    ),
    # ---------------------------------------------------------------- gitlab-ci
    (
        "gitlab-ci",
        "# 注册 runner 的命令，写在 wiki 里了\n"
        "gitlab-runner register --non-interactive --url https://git.tudawl.cn/ --token glrt-HSZSy144DtyhMFiA564S --executor docker --docker-image maven:3.9-eclipse-temurin-17",
        ("glrt-HSZSy144DtyhMFiA564S",),
    ),
    (
        "gitlab-ci",
        "variables:\n"
        "  SPRING_DATASOURCE_URL: jdbc:postgresql://pg-ci:5432/tms_it\n"
        "  SPRING_DATASOURCE_PASSWORD: ci_it_pw_2023\n"
        '  MAVEN_CLI_OPTS: "-s .m2/settings.xml --batch-mode"\n'
        "integration-test:\n"
        "  services:\n"
        "    - postgres:15\n"
        "  script:\n"
        "    - mvn $MAVEN_CLI_OPTS verify -Pit",
        ("ci_it_pw_2023",),
    ),
    (
        "gitlab-ci",
        "before_script:\n"
        "  - git clone https://gitlab+deploy-token-12:gldt-3R6wAA1taXr7P-baKulA@git.tudawl.cn/infra/helm-charts.git charts",
        ("gldt-3R6wAA1taXr7P-baKulA",),
    ),
    # ---------------------------------------------------------------- github-actions
    (
        "github-actions",
        "name: release\n"
        "on:\n"
        "  push:\n"
        "    tags: ['v*']\n"
        "jobs:\n"
        "  publish:\n"
        "    runs-on: ubuntu-latest\n"
        "    env:\n"
        "      GH_TOKEN: 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\n"
        "    steps:\n"
        "      - uses: actions/checkout@v4\n"
        "      - run: mvn -B deploy",
        (
            "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",
        ),
    ),
    (
        "github-actions",
        "      - uses: docker/login-action@v3\n"
        "        with:\n"
        "          username: tudalogistics\n"
        "          password: dckr_pat_fjLi92pf8ovShgc04BQDRVCei_G\n"
        "      - run: docker push tudalogistics/route-engine:${{ github.ref_name }}",
        ("dckr_pat_fjLi92pf8ovShgc04BQDRVCei_G",),
    ),
    # ---------------------------------------------------------------- shell-history
    (
        "shell-history",
        "$ history | grep tccli\n"
        " 1021  tccli configure set secretId AKIDmuDK9G9uYlkhFqVJ7mIrCGBhWkJ7n321\n"
        " 1022  tccli configure set secretKey SPiNCBufJkz12IuMtU1p2LHxCo5ip4VY\n"
        " 1023  tccli cvm DescribeInstances --region ap-guangzhou",
        ("AKIDmuDK9G9uYlkhFqVJ7mIrCGBhWkJ7n321", "SPiNCBufJkz12IuMtU1p2LHxCo5ip4VY"),
    ),
    (
        "shell-history",
        ' 2210  export PGPASSWORD="pg\\"quoted\\"pw"\n'
        " 2211  pg_dump -h 10.40.9.12 -U track -Fc track > track.dump",
        ('pg\\"quoted\\"pw',),
    ),
    (
        "shell-history",
        "  355  ./obsutil config -i=P8PL8MUW6AEV70OL4KWV -k=186EACgrQSWoGNR2CcvwMvm48joGnxsciDjJgshS -e=obs.cn-south-1.myhuaweicloud.com\n"
        "  356  ./obsutil ls obs://tuda-archive -limit=10",
        ("P8PL8MUW6AEV70OL4KWV", "186EACgrQSWoGNR2CcvwMvm48joGnxsciDjJgshS"),
    ),
    (
        "shell-history",
        "[liming@jump-01 ~]$ ftp 10.40.1.80\n"
        "Name (10.40.1.80:liming): edi_upload\n"
        "331 Please specify the password.\n"
        "Password:\n"
        "230 Login successful.\n"
        "[liming@jump-01 ~]$ lftp -u edi_upload,'Edi Ftp#2023' sftp://10.40.1.80",
        ("Edi Ftp#2023",),
    ),
    (
        "shell-history",
        "  77  RSYNC_PASSWORD='rs,ync;Bak' rsync -avz /data/pod/ backup@10.40.1.90::pod\n"
        "  78  df -h",
        ("rs,ync;Bak",),
    ),
    (
        "shell-history",
        "  412  ossutil64 config -e oss-cn-shenzhen.aliyuncs.com -i LTAI5ti1CSf4vw3LZTRvRyZz -k 5qA6VME6vzeBnudZwavWd0qRaMWLFa -L CH\n"
        "  413  ossutil64 cp -r ./reports oss://tuda-report/2023/",
        ("LTAI5ti1CSf4vw3LZTRvRyZz", "5qA6VME6vzeBnudZwavWd0qRaMWLFa"),
    ),
    (
        "shell-history",
        "  918  wget --user=release --password='W9et&Rel' https://repo.tudawl.cn/repository/raw/tools/arthas-boot.jar",
        ("W9et&Rel",),
    ),
    (
        "shell-history",
        "  633  echo 'Unseal Key 1: KZf5Vsldy79hJtQTH30yVTpnk42W4X6NvnzR7vRcE2E=' >> ~/unseal.txt\n"
        "  634  vault operator unseal KZf5Vsldy79hJtQTH30yVTpnk42W4X6NvnzR7vRcE2E=",
        ("KZf5Vsldy79hJtQTH30yVTpnk42W4X6NvnzR7vRcE2E=",),
    ),
    # ---------------------------------------------------------------- vault-cli
    (
        "vault-cli",
        "export VAULT_ADDR=https://vault.tudawl.cn:8200\n"
        "export VAULT_TOKEN=hvs.7DAqAFNw0Aw1vDj8D3DChkfB\n"
        "vault kv put secret/tms/dispatch db_password='Vault Put;pw=1' redis_password=vRedis#9",
        ("hvs.7DAqAFNw0Aw1vDj8D3DChkfB", "Vault Put;pw=1", "vRedis#9"),
    ),
    # ---------------------------------------------------------------- consul-cli
    (
        "consul-cli",
        "consul kv put config/fleet-gps/data 'spring.datasource.password: C0nsul-KV-pw'\n"
        "consul acl set-agent-token agent 6a1f2e3d-9b8c-4d7e-a5f6-0c1b2a3d4e5f",
        ("C0nsul-KV-pw", "6a1f2e3d-9b8c-4d7e-a5f6-0c1b2a3d4e5f"),
    ),
    # ---------------------------------------------------------------- ansible-inventory
    (
        "ansible-inventory",
        "[tms_app]\n"
        "10.40.1.31 ansible_user=deploy ansible_ssh_pass='Ans Ssh,31'\n"
        "10.40.1.32 ansible_user=deploy ansible_ssh_pass=AnsSsh32! ansible_become_pass=Bec0me#32",
        ("Ans Ssh,31", "AnsSsh32!", "Bec0me#32"),
    ),
    # ---------------------------------------------------------------- terraform
    (
        "terraform",
        'provider "tencentcloud" {\n'
        '  region     = "ap-guangzhou"\n'
        '  secret_id  = "AKIDYHCCk7oFYzpwQCbw5MOdCDZIhBDb8FTA"\n'
        '  secret_key = "5pyub1rbHxBc6fWhN9ISibWVYuoEl9Mk"\n'
        "}\n"
        "\n"
        'resource "tencentcloud_mysql_instance" "tms" {\n'
        '  root_password = "Tf#Mysql;Root8"\n'
        "  mem_size = 8000\n"
        "}",
        (
            "AKIDYHCCk7oFYzpwQCbw5MOdCDZIhBDb8FTA",
            "5pyub1rbHxBc6fWhN9ISibWVYuoEl9Mk",
            "Tf#Mysql;Root8",
        ),
    ),
    # ---------------------------------------------------------------- curl
    (
        "curl",
        "curl https://api.anthropic.com/v1/messages \\\n"
        '  --header "x-api-key: sk-ant-api03-nR0BHJmzqpr9IC8kGqu3SyU-mhv9uTLjZ5YiIQrpu2itWU4Eu7nxo3QyTIpyfNZM0B0FNaOTJD7q8YGg09FmxWIYhMVULAA" \\\n'
        '  --header "anthropic-version: 2023-06-01" \\\n'
        '  --header "content-type: application/json" \\\n'
        '  --data \'{"model": "claude-3-5-haiku-20241022", "max_tokens": 256, "messages": [{"role": "user", "content": "ping"}]}\'',
        (
            "sk-ant-api03-nR0BHJmzqpr9IC8kGqu3SyU-mhv9uTLjZ5YiIQrpu2itWU4Eu7nxo3QyTIpyfNZM0B0FNaOTJD7q8YGg09FmxWIYhMVULAA",
        ),
    ),
    (
        "curl",
        "curl \"https://generativelanguage.googleapis.com/v1beta/models/gemini-1.5-flash:generateContent?key=AIzadH3PM9_Sp2_ZhgOwHYdQXpRvwcO21iJaFk0\" -H 'Content-Type: application/json' -X POST -d @prompt.json",
        ("AIzadH3PM9_Sp2_ZhgOwHYdQXpRvwcO21iJaFk0",),
    ),
    (
        "curl",
        'curl -X POST -H \'Authorization: Bearer xoxb-822384892091-4206856933626-ciDYokRkBsXCUNNOjjaDHVEL\' -H \'Content-type: application/json\' --data \'{"channel":"C05TMSALERT","text":"dispatch backlog > 5000"}\' https://slack.com/api/chat.postMessage',
        ("xoxb-822384892091-4206856933626-ciDYokRkBsXCUNNOjjaDHVEL",),
    ),
    (
        "curl",
        "curl -s 'https://api.tudawl.cn/driver/v2/tasks?status=PENDING' \\\n"
        "  -H 'authorization: bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJ0dWRhLWF1dGgiLCJzdWIiOiJkcml2ZXI6ODgyMTMiLCJyb2xlcyI6WyJEUklWRVIiXSwiaWF0IjoxNjk1MDkxMjAwLCJleHAiOjE2OTUxNzc2MDB9.b2D2sx6z2LrCITE-bqUIPZpmWp4QUb-Lp8NKxTdlUMK'",
        (
            "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJ0dWRhLWF1dGgiLCJzdWIiOiJkcml2ZXI6ODgyMTMiLCJyb2xlcyI6WyJEUklWRVIiXSwiaWF0IjoxNjk1MDkxMjAwLCJleHAiOjE2OTUxNzc2MDB9.b2D2sx6z2LrCITE-bqUIPZpmWp4QUb-Lp8NKxTdlUMK",
        ),
    ),
    (
        "curl",
        "curl -X PUT 'http://10.40.5.10:9200/_security/user/tms_reader/_password' -u elastic:'Es El@stic 8' -H 'Content-Type: application/json' -d '{\"password\":\"Tms.Reader-2023\"}'",
        ("Es El@stic 8", "Tms.Reader-2023"),
    ),
    (
        "curl",
        'curl -H "Authorization: ApiKey VnVhQ2ZHY0JDZGJrUW0tZTVhT3g6dWkybHAyYXhUTm1zeWFrdzl0dk5udw==" https://es-gz-01:9200/tms-*/_search?q=level:ERROR',
        ("VnVhQ2ZHY0JDZGJrUW0tZTVhT3g6dWkybHAyYXhUTm1zeWFrdzl0dk5udw==",),
    ),
    (
        "curl",
        "curl -X POST 'https://api.tudawl.cn/oauth2/token' -d 'grant_type=client_credentials' -d 'client_id=partner-jd' -d 'client_secret=Jd%2BPartner%26Sec9' ",
        ("Jd%2BPartner%26Sec9",),
    ),
    (
        "curl",
        "curl 'https://qyapi.weixin.qq.com/cgi-bin/gettoken?corpid=ww8a1c2b3d4e5f6071&corpsecret=GF1fkhXlOy8e6W6c_ZdLWeSKXGwY3pmlI8hHcJL0kXe'",
        ("GF1fkhXlOy8e6W6c_ZdLWeSKXGwY3pmlI8hHcJL0kXe",),
    ),
    (
        "curl",
        "curl --request POST --url https://api.sendgrid.com/v3/mail/send --header 'Authorization: Bearer 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' --header 'Content-Type: application/json' --data @mail.json",
        ("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",),
    ),
    # ---------------------------------------------------------------- properties
    (
        "properties",
        "# 海外仓短信通知\n"
        "twilio.account-sid=AC5e1b9c0d2f3a4b5c6d7e8f90a1b2c3d4\n"
        "twilio.auth-token=dfd2dc775cd3336d765fc4027532bd31\n"
        "twilio.from-number=+14155550123",
        ("dfd2dc775cd3336d765fc4027532bd31",),
    ),
    # ---------------------------------------------------------------- curl
    (
        "curl",
        "curl --request GET --url 'https://tuda.atlassian.net/rest/api/3/issue/TMS-2231' --user 'chenjing@tudawl.cn:ATATT3xFfGF0AaOlEWLTPoN_q5HHmijElNW0sa2X1JHvnB6RDLWyGYs_Y1NqpQfofgtPR5gmlkeQzaKcAJcUmu_sjHd670aplBvDbycqRBAvh_ZK1Ef0zNjFd5tcOdDmu4JHU4loeM7931EeG5vfUOnlmAbTsi3I3EK3wdhg1bQPu2d2uhBOAi=B89AA782' --header 'Accept: application/json'",
        (
            "ATATT3xFfGF0AaOlEWLTPoN_q5HHmijElNW0sa2X1JHvnB6RDLWyGYs_Y1NqpQfofgtPR5gmlkeQzaKcAJcUmu_sjHd670aplBvDbycqRBAvh_ZK1Ef0zNjFd5tcOdDmu4JHU4loeM7931EeG5vfUOnlmAbTsi3I3EK3wdhg1bQPu2d2uhBOAi=B89AA782",
        ),
    ),
    (
        "curl",
        'curl -X GET -H "Content-Type: application/json" -H "Authorization: Bearer dop_v1_e9dac2984e80131ea4f3ebebb9370155490cb45a94c15f7a957b8fb0ede1d865" "https://api.digitalocean.com/v2/droplets?page=1&per_page=20"',
        ("dop_v1_e9dac2984e80131ea4f3ebebb9370155490cb45a94c15f7a957b8fb0ede1d865",),
    ),
    (
        "curl",
        "curl -F 'file=@tms-dispatch-1.8.0.jar' 'http://admin:Nx%40Upl0ad!@repo.tudawl.cn/service/rest/v1/components?repository=maven-releases'",
        ("Nx%40Upl0ad!",),
    ),
    # ---------------------------------------------------------------- http-cli
    (
        "http-cli",
        "http POST https://api.newrelic.com/graphql API-Key:NRAK-RKDWD2ZQ6E0GS5PJTOL6O90PQDK query='{ actor { user { name } } }'",
        ("NRAK-RKDWD2ZQ6E0GS5PJTOL6O90PQDK",),
    ),
    (
        "http-cli",
        "http -a ops:'Httpie pw 1' GET http://10.40.1.50:15672/api/queues/%2Fsettle",
        ("Httpie pw 1",),
    ),
    # ---------------------------------------------------------------- powershell
    (
        "powershell",
        "$pw = ConvertTo-SecureString 'Win$Srv-2019!' -AsPlainText -Force\n"
        "$cred = New-Object System.Management.Automation.PSCredential ('TUDA\\svc-deploy', $pw)\n"
        "Enter-PSSession -ComputerName 10.40.9.30 -Credential $cred",
        ("Win$Srv-2019!",),
    ),
    # ---------------------------------------------------------------- mysql-cli
    (
        "mysql-cli",
        'mysql --host=10.40.3.21 --user=wms_ops --password="Wms Ops;2023" --default-character-set=utf8mb4 waybill_0',
        ("Wms Ops;2023",),
    ),
    (
        "mysql-cli",
        "mycli mysql://dba:Dba%21Mycli@10.40.3.21:3306/waybill_1",
        ("Dba%21Mycli",),
    ),
    (
        "mysql-cli",
        "mysql -h tidb.tuda.internal -P 4000 -u root -pTiDB\\!root4000 -e 'select tidb_version()'",
        ("TiDB\\!root4000",),
    ),
    # ---------------------------------------------------------------- psql
    (
        "psql",
        "psql 'host=10.40.9.12 port=5432 dbname=track user=track password=Ps+Ql=Conn sslmode=disable'",
        ("Ps+Ql=Conn",),
    ),
    (
        "psql",
        "tms=# ALTER ROLE tms_app WITH LOGIN PASSWORD 'AltR0le!tms';\nALTER ROLE",
        ("AltR0le!tms",),
    ),
    # ---------------------------------------------------------------- redis-cli
    (
        "redis-cli",
        "redis-cli -c -h 10.40.2.11 -p 7001 -a 'cl,uster Pw;7' --no-auth-warning cluster info",
        ("cl,uster Pw;7",),
    ),
    (
        "redis-cli",
        "redis-cli -h 10.40.2.30\n"
        '10.40.2.30:6379> AUTH fleet "Fleet Acl#pw"\n'
        "OK\n"
        "10.40.2.30:6379> SCAN 0 MATCH gps:* COUNT 100",
        ("Fleet Acl#pw",),
    ),
    (
        "redis-cli",
        "# redis.conf\n"
        "bind 0.0.0.0\n"
        "requirepass Rq!pass_6379\n"
        "masterauth Rq!pass_6379\n"
        "maxmemory 8gb",
        ("Rq!pass_6379",),
    ),
    # ---------------------------------------------------------------- mongo-shell
    (
        "mongo-shell",
        "mongosh \"mongodb://10.40.7.5:27017/track\" --username track_rw --password 'M0ngosh!rw' --authenticationDatabase admin",
        ("M0ngosh!rw",),
    ),
    (
        "mongo-shell",
        "use admin\n"
        'db.createUser({ user: "gps_writer", pwd: "Gps{Writer}2023", roles: [{ role: "readWrite", db: "track" }] })',
        ("Gps{Writer}2023",),
    ),
    # ---------------------------------------------------------------- kafka-cli
    (
        "kafka-cli",
        "# client.properties 给 kafka-console-consumer 用\n"
        "security.protocol=SASL_PLAINTEXT\n"
        "sasl.mechanism=PLAIN\n"
        'sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username="ops" password="K@fka-0ps";\n'
        "$ bin/kafka-console-consumer.sh --bootstrap-server 10.40.4.1:9092 --topic gps-raw --consumer.config client.properties",
        ("K@fka-0ps",),
    ),
    # ---------------------------------------------------------------- jdbc-url
    (
        "jdbc-url",
        "jdbc:mysql://10.40.3.21:3306/waybill_0?user=wb&password=Wb%3Dpw%26x&serverTimezone=Asia/Shanghai",
        ("Wb%3Dpw%26x",),
    ),
    (
        "jdbc-url",
        "jdbc:postgresql://pg-tms-primary.tuda.internal:5432/tms?user=tms_ro&password=ro.tms.2023&ApplicationName=bi",
        ("ro.tms.2023",),
    ),
    (
        "jdbc-url",
        "jdbc:dm://10.40.9.40:5236?user=SYSDBA&password=Dameng@SYSDBA1",
        ("Dameng@SYSDBA1",),
    ),
    (
        "jdbc-url",
        'jdbc:oracle:thin:BMS/"Orcl;Q#1"@(DESCRIPTION=(ADDRESS=(PROTOCOL=TCP)(HOST=10.40.9.3)(PORT=1521))(CONNECT_DATA=(SERVICE_NAME=BMSPDB)))',
        ("Orcl;Q#1",),
    ),
    (
        "jdbc-url",
        "url=jdbc:sqlserver://10.40.9.30\\\\BMS;databaseName=Billing;user=bill;password=Bi11,ing#7;trustServerCertificate=true",
        ("Bi11,ing#7",),
    ),
    (
        "jdbc-url",
        "jdbc:tdengine://10.40.7.30:6041/gps?user=root&password=taosdata_tuda",
        ("taosdata_tuda",),
    ),
    # ---------------------------------------------------------------- redis-url
    (
        "redis-url",
        "spring.data.redis.url=rediss://fleet:Fl%2Ft%2BRedis@r-gz.tuda.internal:6380",
        ("Fl%2Ft%2BRedis",),
    ),
    (
        "redis-url",
        "REDIS_SENTINEL=redis-sentinel://:S3nt1nel@10.40.2.41:26379,10.40.2.42:26379/0#mymaster",
        ("S3nt1nel",),
    ),
    # ---------------------------------------------------------------- mongo-url
    (
        "mongo-url",
        "spring:\n"
        "  data:\n"
        "    mongodb:\n"
        "      uri: mongodb://track_rw:tr%40ck%3Arw@10.40.7.5:27017,10.40.7.6:27017/track?authSource=admin",
        ("tr%40ck%3Arw",),
    ),
    (
        "mongo-url",
        "Atlas 给的连接串 mongodb+srv://tuda_bi:BiMongo2023xyz@bi-cluster.ab12c.mongodb.net/report 在 Spring Boot 3 里直接配到 spring.data.mongodb.uri 就行吗",
        ("BiMongo2023xyz",),
    ),
    # ---------------------------------------------------------------- amqp-url
    (
        "amqp-url",
        "spring.rabbitmq.addresses=amqp://settle:St%21Amqp@10.40.4.20:5672,amqp://settle:St%21Amqp@10.40.4.21:5672",
        ("St%21Amqp",),
    ),
    # ---------------------------------------------------------------- url-credentials
    (
        "url-credentials",
        "ftp://edi_pull:Edi%20Pull%232023@edi.partner-sf.cn:21/outbound/",
        ("Edi%20Pull%232023",),
    ),
    (
        "url-credentials",
        "Prometheus 抓取地址配的是 http://prom:Pr0m!scrape@10.40.1.50:9100/metrics，basic auth 对不对？",
        ("Pr0m!scrape",),
    ),
    (
        "url-credentials",
        "zookeeper 的 dubbo 注册中心：\n"
        "dubbo.registry.address=zookeeper://10.40.4.31:2181?backup=10.40.4.32:2181\n"
        "dubbo.registry.username=dubbo\n"
        "dubbo.registry.password=Zk/Digest+1",
        ("Zk/Digest+1",),
    ),
    # ---------------------------------------------------------------- ado-connection-string
    (
        "ado-connection-string",
        '"ConnectionStrings": {\n'
        "  \"Billing\": \"Data Source=10.40.9.30,1433;Initial Catalog=Billing;User Id=bill_ro;Password='Ado;Bill''ro';\"\n"
        "}",
        ("Ado;Bill''ro",),
    ),
    # ---------------------------------------------------------------- azure-connection-string
    (
        "azure-connection-string",
        "azure.storage.connection-string=DefaultEndpointsProtocol=https;AccountName=tudaexport;AccountKey=8FMCC/wsI6Dza/Jtpg6b+0DbFeCCXzi0/nll4PHvcUyJz2fKalS98g+XPmq22SAMKtiLlYA3hrHVLkrJS+dFHg==;EndpointSuffix=core.windows.net",
        (
            "8FMCC/wsI6Dza/Jtpg6b+0DbFeCCXzi0/nll4PHvcUyJz2fKalS98g+XPmq22SAMKtiLlYA3hrHVLkrJS+dFHg==",
        ),
    ),
    (
        "azure-connection-string",
        "下载链接 https://tudaexport.blob.core.windows.net/pod/2023-09.zip?sv=2022-11-02&ss=b&srt=co&sp=rl&se=2024-12-31T15:59:59Z&st=2023-09-01T00:00:00Z&spr=https&sig=MIm0dn%2FokzehuMI9GynTCGvTXxB23lU2s07Rk73bqXs%3D 给客户过期了",
        ("MIm0dn%2FokzehuMI9GynTCGvTXxB23lU2s07Rk73bqXs%3D",),
    ),
    # ---------------------------------------------------------------- maven-settings
    (
        "maven-settings",
        "<settings>\n"
        "  <servers>\n"
        "    <server>\n"
        "      <id>tuda-nexus</id>\n"
        "      <username>ci-bot</username>\n"
        "      <password><![CDATA[Cd@ta<&>Pw]]></password>\n"
        "    </server>\n"
        "  </servers>\n"
        "</settings>",
        ("Cd@ta<&>Pw",),
    ),
    (
        "maven-settings",
        "<proxies>\n"
        "  <proxy>\n"
        "    <id>corp</id>\n"
        "    <active>true</active>\n"
        "    <protocol>http</protocol>\n"
        "    <host>proxy.tuda.internal</host>\n"
        "    <port>3128</port>\n"
        "    <username>liming</username>\n"
        "    <password>Pr0xy;Lm2023</password>\n"
        "  </proxy>\n"
        "</proxies>",
        ("Pr0xy;Lm2023",),
    ),
    (
        "maven-settings",
        "<server>\n"
        "  <id>aliyun-rdc</id>\n"
        "  <configuration>\n"
        "    <httpHeaders>\n"
        "      <property>\n"
        "        <name>Private-Token</name>\n"
        "        <value>rdc_9Hk2mQ7xVb3nLp8T</value>\n"
        "      </property>\n"
        "    </httpHeaders>\n"
        "  </configuration>\n"
        "</server>",
        ("rdc_9Hk2mQ7xVb3nLp8T",),
    ),
    # ---------------------------------------------------------------- gradle-init
    (
        "gradle-init",
        "// ~/.gradle/init.gradle\n"
        "allprojects {\n"
        "  repositories {\n"
        "    maven {\n"
        "      url 'https://repo.tudawl.cn/repository/maven-public/'\n"
        "      credentials { username 'gradle'; password 'Gr@dle;Init' }\n"
        "    }\n"
        "  }\n"
        "}",
        ("Gr@dle;Init",),
    ),
    # ---------------------------------------------------------------- gradle-kts
    (
        "gradle-kts",
        "repositories {\n"
        '    maven("https://maven.pkg.github.com/tuda-logistics/route-sdk") {\n'
        "        credentials {\n"
        '            username = "tuda-bot"\n'
        '            password = "ghp_cThVQ3ToZpCvbXna2yXGpOA8aeR7PLzjfW04"\n'
        "        }\n"
        "    }\n"
        "}",
        ("ghp_cThVQ3ToZpCvbXna2yXGpOA8aeR7PLzjfW04",),
    ),
    # ---------------------------------------------------------------- yarnrc
    (
        "yarnrc",
        "# .yarnrc.yml\n"
        "nodeLinker: node-modules\n"
        "npmScopes:\n"
        "  tuda:\n"
        '    npmRegistryServer: "https://registry.npmjs.org"\n'
        '    npmAuthToken: "npm_CDaqNel9n0g9pf7vNFedW39bfHeyJufDfCRY"',
        ("npm_CDaqNel9n0g9pf7vNFedW39bfHeyJufDfCRY",),
    ),
    # ---------------------------------------------------------------- odbc-ini
    (
        "odbc-ini",
        "[TDengineGPS]\n"
        "Driver = /usr/local/taos/driver/libtaosodbc.so\n"
        "Server = 10.40.7.30:6041\n"
        "UID = gps_odbc\n"
        "PWD = Odbc ini #1\n"
        "Database = gps",
        ("Odbc ini #1",),
    ),
    # ---------------------------------------------------------------- cloud-cli-config
    (
        "cloud-cli-config",
        "~/.cos.yaml 里是这样的：\n"
        "cos:\n"
        "  base:\n"
        "    secretid: AKIDd0zE37NglEEc7vo50FDFml0YvEPPq7qy\n"
        "    secretkey: 2yYpBOTuv8WQcn4tbciaANanrZ2IBwmv\n"
        '    sessiontoken: ""\n'
        "    protocol: https",
        ("AKIDd0zE37NglEEc7vo50FDFml0YvEPPq7qy", "2yYpBOTuv8WQcn4tbciaANanrZ2IBwmv"),
    ),
    (
        "cloud-cli-config",
        "$ cat ~/.s3cfg | head\n"
        "[default]\n"
        "access_key = AKIAYYLCJCKROS2VGU14\n"
        "secret_key = QvoaEo8XyhCKwh6KuHSkOoaPMA3Ggz3MaRaJb/Nu\n"
        "host_base = s3.ap-east-1.amazonaws.com\n"
        "use_https = True",
        ("AKIAYYLCJCKROS2VGU14", "QvoaEo8XyhCKwh6KuHSkOoaPMA3Ggz3MaRaJb/Nu"),
    ),
    # ---------------------------------------------------------------- crontab
    (
        "crontab",
        "# crontab -l\n"
        "30 2 * * * /usr/bin/mysqldump -uroot -p'Cr0n!Dump' --all-databases | gzip > /backup/all_$(date +\\%F).sql.gz",
        ("Cr0n!Dump",),
    ),
    # ---------------------------------------------------------------- systemd-unit
    (
        "systemd-unit",
        "[Service]\n"
        "User=tms\n"
        'Environment="SPRING_DATASOURCE_PASSWORD=Sysd Unit pw"\n'
        "Environment=SPRING_PROFILES_ACTIVE=prod\n"
        "ExecStart=/usr/bin/java -jar /opt/tms/tms-dispatch.jar",
        ("Sysd Unit pw",),
    ),
    # ---------------------------------------------------------------- supervisor-conf
    (
        "supervisor-conf",
        "[program:fleet-gps]\n"
        "command=java -Dspring.redis.password=Sup3rv!sor -jar /opt/fleet/fleet-gps.jar\n"
        "autorestart=true\n"
        "stdout_logfile=/var/log/fleet-gps.out",
        ("Sup3rv!sor",),
    ),
    # ---------------------------------------------------------------- git-remote
    (
        "git-remote",
        "$ git remote -v\n"
        "origin\thttps://liming:Gl%21tLab%2Fpw@git.tudawl.cn/tms/tms-dispatch.git (fetch)\n"
        "origin\thttps://liming:Gl%21tLab%2Fpw@git.tudawl.cn/tms/tms-dispatch.git (push)",
        ("Gl%21tLab%2Fpw",),
    ),
    (
        "git-remote",
        "# .git/config\n"
        '[remote "upstream"]\n'
        "\turl = https://x-access-token:ghu_JP3BXedZT0FL4wm6X9ORj1cgedwMoO8csdjt@github.com/tuda-logistics/route-sdk.git\n"
        "\tfetch = +refs/heads/*:refs/remotes/upstream/*",
        ("ghu_JP3BXedZT0FL4wm6X9ORj1cgedwMoO8csdjt",),
    ),
    # ---------------------------------------------------------------- intellij-run-config
    (
        "intellij-run-config",
        '<component name="RunManager">\n'
        '  <configuration name="WmsStockApplication" type="SpringBootApplicationConfigurationType">\n'
        "    <envs>\n"
        '      <env name="DB_PASSWORD" value="Idea&amp;Env#pw" />\n'
        '      <env name="SPRING_PROFILES_ACTIVE" value="dev" />\n'
        "    </envs>\n"
        "  </configuration>\n"
        "</component>",
        ("Idea&amp;Env#pw",),
    ),
    # ---------------------------------------------------------------- vscode-launch-json
    (
        "vscode-launch-json",
        "{\n"
        '  "configurations": [\n'
        "    {\n"
        '      "type": "java",\n'
        '      "name": "RouteEngineApplication",\n'
        '      "request": "launch",\n'
        '      "mainClass": "cn.tudawl.route.RouteEngineApplication",\n'
        '      "vmArgs": "-Dspring.datasource.password=Vsc0de:pw -Dfile.encoding=UTF-8"\n'
        "    }\n"
        "  ]\n"
        "}",
        ("Vsc0de:pw",),
    ),
    # ---------------------------------------------------------------- postman-env
    (
        "postman-env",
        "{\n"
        '  "name": "tms-uat",\n'
        '  "values": [\n'
        '    { "key": "baseUrl", "value": "https://uat-api.tudawl.cn", "enabled": true },\n'
        '    { "key": "adminPassword", "value": "Uat Admin 2023!", "type": "secret", "enabled": true },\n'
        '    { "key": "appSecret", "value": "4c2e8a1f9b7d3e6a0c5f8b2d1e4a7c9f", "type": "secret", "enabled": true }\n'
        "  ]\n"
        "}",
        ("Uat Admin 2023!", "4c2e8a1f9b7d3e6a0c5f8b2d1e4a7c9f"),
    ),
    # ---------------------------------------------------------------- dbeaver-note
    (
        "dbeaver-note",
        "DBeaver 连接信息导出来是这样：Host 10.40.3.21 Port 3306 Database waybill_0 User dba Password Dbvr#Exp;0 ，勾了 Save password locally",
        ("Dbvr#Exp;0",),
    ),
    # ---------------------------------------------------------------- tomcat-context-xml
    (
        "tomcat-context-xml",
        "<Context>\n"
        '  <Resource name="jdbc/BmsDS" auth="Container" type="javax.sql.DataSource"\n'
        '            driverClassName="oracle.jdbc.OracleDriver" url="jdbc:oracle:thin:@10.40.9.3:1521/BMSPDB"\n'
        '            username="BMS" password="Jndi&quot;Bms&quot;1" maxTotal="50"/>\n'
        "</Context>",
        ("Jndi&quot;Bms&quot;1",),
    ),
    # ---------------------------------------------------------------- logback-xml
    (
        "logback-xml",
        '<appender name="MAIL" class="ch.qos.logback.classic.net.SMTPAppender">\n'
        "  <smtpHost>smtp.exmail.qq.com</smtpHost>\n"
        "  <smtpPort>465</smtpPort>\n"
        "  <SSL>true</SSL>\n"
        "  <username>alarm@tudawl.cn</username>\n"
        "  <password>LogbackM@il9</password>\n"
        "  <to>oncall@tudawl.cn</to>\n"
        "</appender>",
        ("LogbackM@il9",),
    ),
    (
        "logback-xml",
        '<appender name="CLS" class="com.tencentcloudapi.cls.LoghubAppender">\n'
        "  <endpoint>ap-guangzhou.cls.tencentcs.com</endpoint>\n"
        "  <accessKeyId>AKIDhSkwR7QQcJQkx3DT3qLo7yPqx1kDMT5Z</accessKeyId>\n"
        "  <accessKeySecret>lTw3WSbTCjLR5egyX9rAoDpm2c0AOiYu</accessKeySecret>\n"
        "  <topicId>3f2a1b0c-d4e5-4f60-8a9b-0c1d2e3f4a5b</topicId>\n"
        "</appender>",
        ("AKIDhSkwR7QQcJQkx3DT3qLo7yPqx1kDMT5Z", "lTw3WSbTCjLR5egyX9rAoDpm2c0AOiYu"),
    ),
    # ---------------------------------------------------------------- soap-xml
    (
        "soap-xml",
        "<soapenv:Header>\n"
        '  <wsse:Security soapenv:mustUnderstand="1">\n'
        "    <wsse:UsernameToken>\n"
        "      <wsse:Username>TUDA_EDI</wsse:Username>\n"
        '      <wsse:Password Type="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0#PasswordText">Ws$e-Edi-77</wsse:Password>\n'
        "    </wsse:UsernameToken>\n"
        "  </wsse:Security>\n"
        "</soapenv:Header>",
        ("Ws$e-Edi-77",),
    ),
    # ---------------------------------------------------------------- pom-xml
    (
        "pom-xml",
        "<plugin>\n"
        "  <groupId>com.google.cloud.tools</groupId>\n"
        "  <artifactId>jib-maven-plugin</artifactId>\n"
        "  <configuration>\n"
        "    <to>\n"
        "      <image>harbor.tudawl.cn/tms/tms-dispatch</image>\n"
        "      <auth>\n"
        "        <username>robot$jib</username>\n"
        "        <password>J1b-Push!x</password>\n"
        "      </auth>\n"
        "    </to>\n"
        "  </configuration>\n"
        "</plugin>",
        ("J1b-Push!x",),
    ),
    # ---------------------------------------------------------------- sql
    (
        "sql",
        "GRANT SELECT ON waybill_0.* TO 'bi_ro'@'10.40.%' IDENTIFIED BY 'Gr@nt-Bi-Ro';",
        ("Gr@nt-Bi-Ro",),
    ),
    (
        "sql",
        "CREATE LOGIN etl_sync WITH PASSWORD = N'Mssql]Etl[2023', CHECK_POLICY = OFF;",
        ("Mssql]Etl[2023",),
    ),
    (
        "sql",
        "CREATE DATABASE LINK bms_link CONNECT TO bms_ro IDENTIFIED BY \"Db#Link1\" USING 'BMSPDB';",
        ("Db#Link1",),
    ),
    (
        "sql",
        "CHANGE MASTER TO MASTER_HOST='10.40.3.21', MASTER_USER='repl', MASTER_PASSWORD='R3pl!ca;x', MASTER_AUTO_POSITION=1;",
        ("R3pl!ca;x",),
    ),
    # ---------------------------------------------------------------- java-code
    (
        "java-code",
        "HikariConfig cfg = new HikariConfig();\n"
        'cfg.setJdbcUrl("jdbc:postgresql://10.40.9.12:5432/track");\n'
        'cfg.setUsername("track");\n'
        'cfg.setPassword("H1kari;Track,pw");\n'
        "cfg.setMaximumPoolSize(20);",
        ("H1kari;Track,pw",),
    ),
    (
        "java-code",
        "Session session = Session.getInstance(props, new Authenticator() {\n"
        "    @Override\n"
        "    protected PasswordAuthentication getPasswordAuthentication() {\n"
        '        return new PasswordAuthentication("alarm@tudawl.cn", "JavaM@il Auth".toCharArray());\n'
        "    }\n"
        "});",
        ("JavaM@il Auth",),
    ),
    (
        "java-code",
        "RestTemplate rt = new RestTemplateBuilder()\n"
        '        .basicAuthentication("erp_gw", "Rest#Tmpl-Basic")\n'
        '        .rootUri("http://erp.tuda.internal:8080")\n'
        "        .build();",
        ("Rest#Tmpl-Basic",),
    ),
    (
        "java-code",
        "Request request = new Request.Builder()\n"
        '        .url("https://api.openai.com/v1/chat/completions")\n'
        '        .addHeader("Authorization", "Bearer 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")\n'
        "        .post(body)\n"
        "        .build();",
        ("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",),
    ),
    (
        "java-code",
        "MinioClient minio = MinioClient.builder()\n"
        '        .endpoint("http://10.40.6.20:9000")\n'
        '        .credentials("wms-backup", "M1nIO/Java+Sk")\n'
        "        .build();",
        ("M1nIO/Java+Sk",),
    ),
    (
        "java-code",
        "ObsClient obsClient = new ObsClient(\n"
        '        "6LW7P2K728L86BELHU28",\n'
        '        "L8JD2ge67hpYdk240LqVQSLeYQ4xVjkkmpoCBndm",\n'
        '        "https://obs.cn-south-1.myhuaweicloud.com");',
        ("6LW7P2K728L86BELHU28", "L8JD2ge67hpYdk240LqVQSLeYQ4xVjkkmpoCBndm"),
    ),
    (
        "java-code",
        'COSCredentials cred = new BasicCOSCredentials("AKID8Y52pabbVli8KqFLRxDZY7IrcApf4ubT", "BpL0Ekz84JELJzvbUCTWCK80yOkSoMrz");\n'
        'ClientConfig clientConfig = new ClientConfig(new Region("ap-guangzhou"));\n'
        "COSClient cosClient = new COSClient(cred, clientConfig);",
        ("AKID8Y52pabbVli8KqFLRxDZY7IrcApf4ubT", "BpL0Ekz84JELJzvbUCTWCK80yOkSoMrz"),
    ),
    (
        "java-code",
        "@Bean\n"
        "public RequestInterceptor partnerAuth() {\n"
        '    return t -> t.header("X-Partner-Secret", "pTnr-9f8e7d6c5b4a");\n'
        "}",
        ("pTnr-9f8e7d6c5b4a",),
    ),
    (
        "java-code",
        'private static final byte[] AES_KEY = "TudaWaybill2023!".getBytes(StandardCharsets.UTF_8);\n'
        'SecretKeySpec keySpec = new SecretKeySpec(AES_KEY, "AES");',
        ("TudaWaybill2023!",),
    ),
    (
        "java-code",
        'KeyStore ks = KeyStore.getInstance("PKCS12");\n'
        'try (InputStream in = new FileInputStream("/data/cert/apiclient_cert.p12")) {\n'
        '    ks.load(in, "P12-Ks;Load".toCharArray());\n'
        "}",
        ("P12-Ks;Load",),
    ),
    (
        "java-code",
        'String sign = SecureUtil.hmacSha256("bms-sign-key_v2#").digestHex(payload);',
        ("bms-sign-key_v2#",),
    ),
    (
        "java-code",
        '// TODO 上线前挪到配置中心\nprivate String secretKey = "SM4:8f3a\\"b2c1\\\\d4e5";',
        ('SM4:8f3a\\"b2c1\\\\d4e5',),
    ),
    (
        "java-code",
        "SecretKey key = Keys.hmacShaKeyFor(Decoders.BASE64.decode(\n"
        '        "DX0B5+XuiDBHRiy9Nr6LiBw6Uphb4tbEYBkDaz/O0ZXDp8Apl6+JrwyPV7dx2cL/"));\n'
        "String jws = Jwts.builder().subject(driverId).signWith(key).compact();",
        ("DX0B5+XuiDBHRiy9Nr6LiBw6Uphb4tbEYBkDaz/O0ZXDp8Apl6+JrwyPV7dx2cL/",),
    ),
    (
        "java-code",
        "ConnectionFactory factory = new ConnectionFactory();\n"
        'factory.setHost("10.40.4.20");\n'
        'factory.setUsername("settle");\n'
        'factory.setPassword("Rabbit Java 9;");\n'
        'factory.setVirtualHost("/settle");',
        ("Rabbit Java 9;",),
    ),
    (
        "java-code",
        "Config config = new Config();\n"
        "config.useSingleServer()\n"
        '      .setAddress("redis://10.40.2.30:6379")\n'
        '      .setPassword("Redisson#Lock!");\n'
        "RedissonClient redisson = Redisson.create(config);",
        ("Redisson#Lock!",),
    ),
    (
        "java-code",
        'MongoCredential credential = MongoCredential.createScramSha256Credential("gps_writer", "admin", "Mongo-Java-Cr3d".toCharArray());',
        ("Mongo-Java-Cr3d",),
    ),
    (
        "java-code",
        "Map<String, String> headers = Map.of(\n"
        '        "appKey", "tuda-open-01",\n'
        '        "appSecret", "0pen=Secret&Tuda");',
        ("0pen=Secret&Tuda",),
    ),
    (
        "java-code",
        "@Test\n"
        "void shouldQueryBill() throws Exception {\n"
        '    mockMvc.perform(get("/api/bill/2023-09")\n'
        '            .header("Authorization", "Bearer eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJodHRwczovL3Nzby50dWRhd2wuY24iLCJzdWIiOiJzdmMtc2V0dGxlIiwiYXVkIjoiYm1zIiwic2NvcGUiOiJiaWxsLnJlYWQiLCJleHAiOjE3MjYwMDAwMDB9.C6PQPLNjBjwPukqBkYBvkQL26CouGn6xanNhWow8rscFn-vPiJ5LHMH8VhCSF_DBRpI54KHMOYcbjmm5XOSuZGdn9AYMZp9XIzqQX3nVlgZ6G3QXjZpMVZiC_3RHFB664AJDhqflBIp5Ip8CfuS5jwJ901V2_SO-f-lM93gbBqK4LRfQ3ky8_GqGzZBuXc1uLZ_Hb_IlF1rNYV1R9VjD60EdCND_rOuOcmUD4uNGPAI3zPormjrIyY0NjKxQVrql9vehGas9AO1PM3_ZYoEkdFvRjMjNRMQLb78twq1KETtEdMZeXvEE8Asa8YHvSLLg1mbNPeQ8hZDFageJ0LKIaz"))\n'
        "        .andExpect(status().isOk());\n"
        "}",
        (
            "eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJodHRwczovL3Nzby50dWRhd2wuY24iLCJzdWIiOiJzdmMtc2V0dGxlIiwiYXVkIjoiYm1zIiwic2NvcGUiOiJiaWxsLnJlYWQiLCJleHAiOjE3MjYwMDAwMDB9.C6PQPLNjBjwPukqBkYBvkQL26CouGn6xanNhWow8rscFn-vPiJ5LHMH8VhCSF_DBRpI54KHMOYcbjmm5XOSuZGdn9AYMZp9XIzqQX3nVlgZ6G3QXjZpMVZiC_3RHFB664AJDhqflBIp5Ip8CfuS5jwJ901V2_SO-f-lM93gbBqK4LRfQ3ky8_GqGzZBuXc1uLZ_Hb_IlF1rNYV1R9VjD60EdCND_rOuOcmUD4uNGPAI3zPormjrIyY0NjKxQVrql9vehGas9AO1PM3_ZYoEkdFvRjMjNRMQLb78twq1KETtEdMZeXvEE8Asa8YHvSLLg1mbNPeQ8hZDFageJ0LKIaz",
        ),
    ),
    (
        "java-code",
        'static PostgreSQLContainer<?> pg = new PostgreSQLContainer<>("postgres:15")\n'
        '        .withDatabaseName("tms")\n'
        '        .withUsername("tms")\n'
        '        .withPassword("tc-it-pw-15");',
        ("tc-it-pw-15",),
    ),
    (
        "java-code",
        "@DynamicPropertySource\n"
        "static void props(DynamicPropertyRegistry r) {\n"
        '    r.add("spring.rabbitmq.password", () -> "Dyn@mic;Prop");\n'
        "}",
        ("Dyn@mic;Prop",),
    ),
    (
        "java-code",
        "WxPayConfig payConfig = new WxPayConfig();\n"
        'payConfig.setAppId("wx8d2f6b1a0c3e5f79");\n'
        'payConfig.setMchId("1640987712");\n'
        'payConfig.setMchKey("Wx2PayMchKeyV2Tuda0000000000abcd");',
        ("Wx2PayMchKeyV2Tuda0000000000abcd",),
    ),
    (
        "java-code",
        'AlipayClient alipayClient = new DefaultAlipayClient("https://openapi.alipay.com/gateway.do",\n'
        '        "2021003145678901", "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQgj3K2WzKa0YfCxL1ZyRHECaXPGBfsf+nSNlNtpHgBoe243u2qdMwwb1wALMvPpws0lEftrlcNOGhE7fteMTTFCECD9tlJVsY+5YgzeyIazSSZDAjcBuE4Cz3ikk4mj2vEZu2LSAMxuw8V6ynlPqXOoC8O9W2ByfImcGHwtdpvJxXVMqCVkZJJu1aEizZnloNyY6WZhlqVpS3olSPO4QNq42DU6E1qPVBE+LoFh8vPaiO/2H/r6aqPd8JAMwy/3mWCqdA6d+H00NONeve2fTFWIC4AFz2e6VG005qJ37Vzsgz", "json", "UTF-8", ALIPAY_PUBLIC_KEY, "RSA2");',
        (
            "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQgj3K2WzKa0YfCxL1ZyRHECaXPGBfsf+nSNlNtpHgBoe243u2qdMwwb1wALMvPpws0lEftrlcNOGhE7fteMTTFCECD9tlJVsY+5YgzeyIazSSZDAjcBuE4Cz3ikk4mj2vEZu2LSAMxuw8V6ynlPqXOoC8O9W2ByfImcGHwtdpvJxXVMqCVkZJJu1aEizZnloNyY6WZhlqVpS3olSPO4QNq42DU6E1qPVBE+LoFh8vPaiO/2H/r6aqPd8JAMwy/3mWCqdA6d+H00NONeve2fTFWIC4AFz2e6VG005qJ37Vzsgz",
        ),
    ),
    (
        "java-code",
        "JSch jsch = new JSch();\n"
        'Session s = jsch.getSession("edi", "10.40.1.80", 22);\n'
        's.setPassword("Jsch Sftp 2023");\n'
        's.setConfig("StrictHostKeyChecking", "no");',
        ("Jsch Sftp 2023",),
    ),
    (
        "java-code",
        "try (Connection c = DriverManager.getConnection(\n"
        '        "jdbc:mysql://10.40.3.21:3306/waybill_0?user=batch&password=B@tch%2Fjob")) {\n'
        "    // ...\n"
        "}",
        ("B@tch%2Fjob",),
    ),
    # ---------------------------------------------------------------- kotlin-code
    (
        "kotlin-code",
        "val dataSource = HikariDataSource().apply {\n"
        '    jdbcUrl = "jdbc:postgresql://10.40.9.12:5432/track"\n'
        '    username = "track"\n'
        '    password = "K0tlin\\$Track"\n'
        "}",
        ("K0tlin\\$Track",),
    ),
    (
        "kotlin-code",
        "private val client = HttpClient(CIO) {\n"
        "    defaultRequest {\n"
        '        header(HttpHeaders.Authorization, "Bearer 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")\n'
        "    }\n"
        "}",
        ("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",),
    ),
    # ---------------------------------------------------------------- groovy-script
    (
        "groovy-script",
        "def sql = Sql.newInstance('jdbc:mysql://10.40.3.21:3306/waybill_0', 'ops', 'Gr00vy Sql!', 'com.mysql.cj.jdbc.Driver')\n"
        "sql.eachRow('select count(*) c from t_waybill_0') { println it.c }",
        ("Gr00vy Sql!",),
    ),
    # ---------------------------------------------------------------- python-code
    (
        "python-code",
        "# 导数脚本 export_pod.py\n"
        "import oss2\n"
        "auth = oss2.Auth('LTAI5t1n9HMaoi7GB6IQfNuy', 'rI2BJu8hSiiUQwdAoMgrMmUlXdux8c')\n"
        "bucket = oss2.Bucket(auth, 'https://oss-cn-shenzhen.aliyuncs.com', 'tuda-report')",
        ("LTAI5t1n9HMaoi7GB6IQfNuy", "rI2BJu8hSiiUQwdAoMgrMmUlXdux8c"),
    ),
    (
        "python-code",
        "conn = pymysql.connect(host='10.40.3.21', user='py_report', password=\"Py'Report'23\", database='waybill_0')",
        ("Py'Report'23",),
    ),
    # ---------------------------------------------------------------- java-cli
    (
        "java-cli",
        "java -Dspring.cloud.nacos.config.password='N4cos Cli' -Dspring.cloud.nacos.config.username=nacos -jar fleet-gps.jar --spring.profiles.active=test",
        ("N4cos Cli",),
    ),
    (
        "java-cli",
        "mvn -Dmaven.wagon.http.ssl.insecure=true deploy:deploy-file -DrepositoryId=tuda-nexus -Durl=https://deployer:Mvn%23Wagon@repo.tudawl.cn/repository/thirdparty/ -Dfile=ojdbc8.jar",
        ("Mvn%23Wagon",),
    ),
    # ---------------------------------------------------------------- keytool
    (
        "keytool",
        "keytool -import -trustcacerts -alias tuda-root -file tuda-root.crt -keystore $JAVA_HOME/lib/security/cacerts -storepass 'TrustSt0re Pw' -noprompt",
        ("TrustSt0re Pw",),
    ),
    # ---------------------------------------------------------------- openssl
    (
        "openssl",
        "openssl req -x509 -newkey rsa:4096 -keyout gw.key -out gw.crt -days 825 -passout 'pass:Gw Key;2023' -subj '/CN=gw.tudawl.cn'",
        ("Gw Key;2023",),
    ),
    (
        "openssl",
        "openssl pkcs12 -in apiclient_cert.p12 -nodes -passin env:P12PW\n"
        "# 其中 export P12PW='wxP12-1640987712!'",
        ("wxP12-1640987712!",),
    ),
    # ---------------------------------------------------------------- stack-trace
    (
        "stack-trace",
        'org.postgresql.util.PSQLException: FATAL: password authentication failed for user "tms_app"\n'
        "\tat org.postgresql.core.v3.ConnectionFactoryImpl.doAuthentication(ConnectionFactoryImpl.java:693)\n"
        "\t...\n"
        "Caused by: ... while connecting with properties {user=tms_app, password=Trc!PgProps_5, ApplicationName=tms-dispatch}",
        ("Trc!PgProps_5",),
    ),
    (
        "stack-trace",
        "Caused by: org.springframework.beans.factory.BeanCreationException: Error creating bean with name 'dataSource' ... Failed to bind properties under 'spring.datasource.password' to java.lang.String:\n"
        "    Property: spring.datasource.password\n"
        '    Value: "Bind&Fail;pw"\n'
        "    Origin: class path resource [application-prod.yml] - 7:15",
        ("Bind&Fail;pw",),
    ),
    (
        "stack-trace",
        "com.mongodb.MongoSecurityException: Exception authenticating MongoCredential{mechanism=SCRAM-SHA-256, userName='track_rw', source='admin', password=<hidden>}\n"
        "Caused by: java.net.URISyntaxException: Malformed escape pair at index 22: mongodb://track_rw:p%zz#Tr@10.40.7.5/track",
        ("p%zz#Tr",),
    ),
    (
        "stack-trace",
        "java.lang.IllegalStateException: Cannot connect to Elasticsearch http://elastic:Es%2BTrace9@10.40.5.10:9200\n"
        "\tat co.elastic.clients.transport.rest_client.RestClientTransport.performRequest(RestClientTransport.java:149)",
        ("Es%2BTrace9",),
    ),
    (
        "stack-trace",
        "feign.RetryableException: Connection refused executing POST http://bms-billing/api/settle/push?sign=ok&accessKey=tudaBms&secretKey=Fgn%21Sk%40ret\n"
        "\tat feign.FeignException.errorExecuting(FeignException.java:268)",
        ("Fgn%21Sk%40ret",),
    ),
    # ---------------------------------------------------------------- log-line
    (
        "log-line",
        "2023-09-18 14:02:11.906 WARN  [tms-dispatch,,] 1 --- [main] .s.s.UserDetailsServiceAutoConfiguration :\n"
        "\n"
        "Using generated security password: 3f0c9b2e-7a41-4d8e-9c65-1b2d3e4f5a6b\n"
        "\n"
        "This generated password is for development use only.",
        ("3f0c9b2e-7a41-4d8e-9c65-1b2d3e4f5a6b",),
    ),
    (
        "log-line",
        '{"@timestamp":"2023-09-18T06:11:02.113Z","level":"DEBUG","logger":"c.t.d.c.DriverLoginController","message":"login req: phone=138****2211, pwd=Drv@8821x, deviceId=HUAWEI-NOH-AN00"}',
        ("Drv@8821x",),
    ),
    (
        "log-line",
        "2023-09-18 14:03:55 [http-nio-8080-exec-7] INFO  c.t.gw.AccessLogFilter - GET /driver/v2/tasks 200 34ms headers={authorization=Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMzgwMDAwMjIxMSIsInJvbGUiOiJEUklWRVIiLCJ0ZW5hbnQiOiJneiIsImV4cCI6MTY5NTEwMDAwMH0.1So29NwqueBz3tGEmjzt5MlhcYZ2ApRxTYKJwnuvI5m, user-agent=okhttp/4.12.0}",
        (
            "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMzgwMDAwMjIxMSIsInJvbGUiOiJEUklWRVIiLCJ0ZW5hbnQiOiJneiIsImV4cCI6MTY5NTEwMDAwMH0.1So29NwqueBz3tGEmjzt5MlhcYZ2ApRxTYKJwnuvI5m",
        ),
    ),
    (
        "log-line",
        '2023-09-18 14:05:01.220 DEBUG 8 --- [pool-3-thread-1] o.a.h.i.c.Wire : http-outgoing-5 >> "Proxy-Authorization: Basic bGltaW5nOlByMHh5O0xtMjAyMw==[\\r][\\n]"',
        ("bGltaW5nOlByMHh5O0xtMjAyMw==",),
    ),
    (
        "log-line",
        "[2023-09-18 14:06:44] INFO  SqlSessionFactory - jdbcUrl=jdbc:mysql://10.40.3.21:3306/waybill_0, username=wms_ops, password=L0g#Prints!It, poolName=HikariPool-1",
        ("L0g#Prints!It",),
    ),
    (
        "log-line",
        '2023-09-18 14:09:10.003 INFO  c.t.n.WxWorkNotifier - refresh access_token ok: {"errcode":0,"errmsg":"ok","access_token":"p5X5dz7bFO6h3N1ZV871w6pUlB9QAI3Uag-Q9L7A8xZ2ROxrk7pUG5PuH_vPkYTo7DKfSjm-ZcudT3yhCFTDvDk2Bd-iW5Pan1oqy7-NoVn-_BH4w71phBln","expires_in":7200}',
        (
            "p5X5dz7bFO6h3N1ZV871w6pUlB9QAI3Uag-Q9L7A8xZ2ROxrk7pUG5PuH_vPkYTo7DKfSjm-ZcudT3yhCFTDvDk2Bd-iW5Pan1oqy7-NoVn-_BH4w71phBln",
        ),
    ),
    (
        "log-line",
        "Sep 18 14:10:33 jump-01 sudo[22871]:   liming : TTY=pts/3 ; PWD=/home/liming ; USER=root ; COMMAND=/usr/bin/mysql -uroot -pSud0Log!Root",
        ("Sud0Log!Root",),
    ),
    (
        "log-line",
        'nginx access: 10.40.8.7 - - [18/Sep/2023:14:11:02 +0800] "GET /api/open/track?appid=sf01&sign=7d1c&secret=Ngx.Qs-Secret_01 HTTP/1.1" 200 812',
        ("Ngx.Qs-Secret_01",),
    ),
    # ---------------------------------------------------------------- http-request
    (
        "http-request",
        "POST /api/open/v1/waybill HTTP/1.1\n"
        "Host: open.tudawl.cn\n"
        "Content-Type: application/json\n"
        "X-App-Id: partner_sf\n"
        "X-App-Secret: 5e7c1a9d3b2f4e6a8c0d1b3f5a7e9c2d\n"
        "\n"
        '{"waybillNo":"TD2309180001"}',
        ("5e7c1a9d3b2f4e6a8c0d1b3f5a7e9c2d",),
    ),
    (
        "http-request",
        "GET /bms/api/bill/list HTTP/1.1\n"
        "Host: bms.tudawl.cn\n"
        "Cookie: Admin-Token=eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ1aWQiOjEwMDIxLCJuYW1lIjoiY2hlbmppbmciLCJwZXJtIjpbImJtczoqIl0sImV4cCI6MTY5NTIwMDAwMH0.zoASAkpBMd5qot79wa0HIwGKSF9yTBIDc2tpg_0CmRI; sidebarStatus=1",
        (
            "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ1aWQiOjEwMDIxLCJuYW1lIjoiY2hlbmppbmciLCJwZXJtIjpbImJtczoqIl0sImV4cCI6MTY5NTIwMDAwMH0.zoASAkpBMd5qot79wa0HIwGKSF9yTBIDc2tpg_0CmRI",
        ),
    ),
    (
        "http-request",
        "POST /login HTTP/1.1\n"
        "Host: bms.tudawl.cn\n"
        "Content-Type: application/json\n"
        "\n"
        '{"username":"chenjing","password":"Cj\\\\Bms\\"2023","code":"8k2m","uuid":"b7a1c2d3"}',
        ('Cj\\\\Bms\\"2023',),
    ),
    # ---------------------------------------------------------------- webhook-url
    (
        "webhook-url",
        "SLACK_WEBHOOK=https://hooks.slack.com/services/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",
        ("LPsXffhdu4UEghPjoRmtZpP6",),
    ),
    (
        "webhook-url",
        "alert.discord.url=https://discord.com/api/webhooks/1153247768123456789/XhX4rt6yc0WAcA2SDE5-9phKut7j-ho8QmBh7y8hZKsiFp1VRRtNr9Zd8YxXQ-qvz9F_",
        ("XhX4rt6yc0WAcA2SDE5-9phKut7j-ho8QmBh7y8hZKsiFp1VRRtNr9Zd8YxXQ-qvz9F_",),
    ),
    (
        "webhook-url",
        "feishu:\n"
        "  robot:\n"
        "    webhook: https://open.feishu.cn/open-apis/bot/v2/hook/ae39ad52-1bda-4497-8f52-f9adb80a80d9\n"
        "    sign-secret: m3vHibvSdRhlcNSZu7dEcy",
        ("ae39ad52-1bda-4497-8f52-f9adb80a80d9", "m3vHibvSdRhlcNSZu7dEcy"),
    ),
    (
        "webhook-url",
        "Prometheus alertmanager 的 webhook_configs：\n"
        "  - url: 'http://prometheus-webhook-wechat:8060/adapter/wx?key=b6f0e848-7cd4-4a4c-8120-c440f2950641'\n"
        "    send_resolved: true",
        ("b6f0e848-7cd4-4a4c-8120-c440f2950641",),
    ),
    (
        "webhook-url",
        "dingtalk.robot.url=https://oapi.dingtalk.com/robot/send?access_token=04d669c2a360cc96981d5ecd791aa967646e5e6b322d7079a3a06c7ccf4d12db\n"
        "dingtalk.robot.secret=SEC27c7fed9dcf54d6bcbcbad4a556c96c3a639a54fcff9a0957431662b9221e8b8",
        (
            "04d669c2a360cc96981d5ecd791aa967646e5e6b322d7079a3a06c7ccf4d12db",
            "SEC27c7fed9dcf54d6bcbcbad4a556c96c3a639a54fcff9a0957431662b9221e8b8",
        ),
    ),
    # ---------------------------------------------------------------- pem-key
    (
        "pem-key",
        "route-engine/src/main/resources/cert/rsa_private.pem:\n"
        "-----BEGIN RSA PRIVATE KEY-----\n"
        "MIIEowIBAAKCAQEASbNhYj//a/7bzLtGEudgi9jzJ027xMIhfHho/KrVRavLzpvl\n"
        "W6fHZ3eAVuuH5BXLI3jD31737W3u4V0bORQJxSvZ8b/bipJVFXJhhqjLMwKthnKx\n"
        "c+7YiLX9oRC2F4AA8HYWe8ARtUHQbymaHurQZxf0X3aC1TUOOepNKxNoWGNxzORT\n"
        "O2I8MH51JafSh5Ktm4I0T+yUV+YQ3rBhVeQhMebWjETK+v2ydIKndVF6DWC2UUJ3\n"
        "/Q5MYc/eKsz7I7mPnosYnGHm0Y/l1G65ZXznE/aAHwntDprPGDB16aU8Lb3dPB/I\n"
        "WFyPIrjF+pVk0hH4XqRM24EYJ3qbUt2eOAkq0KRMVYP578fucpaPJNfG4cizHXDN\n"
        "5RRAkywbZlK5zI0wm6QHpmsbfMfkzwUhaAa8qR53n6TKTVh7A6MuYWsRy02IYUsC\n"
        "aqRBMy+KhLtdOatf7XsR5zBDF35vz5EmTlF2fsHlVBziktizrlHYIwZxnh2T+vgM\n"
        "SIRQLLSpnceXnD9XByOxDGvG1h945dU6N/dN2eQ90t3rif4RY/x/G0ap60uX7NOQ\n"
        "uSNq9LuIe/oDh4OOmnuWU2LMEaj2BmLGUy0aTOzxo14Z+dcq78BReoZW+a5ZB8Jj\n"
        "ynmSQawF751SFMBsyyYB3Wa7BRVTSAhZyetXkZ1LihZiSQdV2KBYCBtsiZYOO94J\n"
        "ZcoC1LlxxvO0Gh//8aPKUugvKmaWMLAGp63j1OA0yLaDJybdpTwKgr4f2RhqlCEr\n"
        "2Gr4r/CKdWDWV39DoIgY7O0q4f7mVNzQvq19zXanenPpaNLM2UJGXCh5NThCuwgj\n"
        "3C0v6RGI59PyOy2UDgr8WfLjHKn+oFWMgPLU8nTV2d/IZwpaL2Olrt6NUaeuSLcV\n"
        "Wllf4qfO4PW3v7h67GQ3F5XEsR6k7uIf5UmN/w8WQjYCA4JTo3664TNF/TNxVkSj\n"
        "tFA9ljc/59WsZWJvWjQ95KCo6PIM/guaW03UV3mKeZt/6WDP7wSktMCe9jZv7E91\n"
        "Y1nqLX3AiRmyi4z5P5bp8F8PJRZ1J8tGAMWlpJY9DSzJSp5qSXE3r5ALTbPHxoaX\n"
        "S0L7sugcAYrvLSVylxEyHYqM/K9CFbT5AMXgtHJN7SJIOQuoeSpaT8EDoenHrE1n\n"
        "F5vFQQR7IRYvGQ92K9nlEVze+a0d4GWClEMXOw/0STZ7YmI30W7IGkoEiBcXQn0j\n"
        "2jOfcJSF1xlT7Phn9bNrimy1mggIZaZsg02iC9TOVDZ/RHAsrDhJwAOglc9uDQ3w\n"
        "PyX7vLDVxrWWHLAzUiEKwoxwc6XkMwMyrt81Wx+jMXGf+3lf7jJ4Erd3ZLDDQ0+a\n"
        "Ee2YTpPbvCtpVjc4nvgxJirRZq/SNXZZjfVsH9/wlw1GfDmR0Af6A4vkP6mFycaR\n"
        "Ou2pCSMMwMmZJYe9e+k4461OTOMXgIuL5oIVOF8bx/Hb02mxes6Ia5rzT5TLhqJx\n"
        "4xUG0mlxSQAXDjS0wSFhm4cbNEsapHPaCu4d5dugONZwJn482jtQgNdhS4L6QqVX\n"
        "J84SAAjvKxr4TxBScNIyuskY/sOAwdYbRx3PPhNzOzG0I3I2HJbajzeRuhhqSJdn\n"
        "gfNGoaEKuRnJad0jy\n"
        "-----END RSA PRIVATE KEY-----",
        (
            "MIIEowIBAAKCAQEASbNhYj//a/7bzLtGEudgi9jzJ027xMIhfHho/KrVRavLzpvl\nW6fHZ3eAVuuH5BXLI3jD31737W3u4V0bORQJxSvZ8b/bipJVFXJhhqjLMwKthnKx\nc+7YiLX9oRC2F4AA8HYWe8ARtUHQbymaHurQZxf0X3aC1TUOOepNKxNoWGNxzORT\nO2I8MH51JafSh5Ktm4I0T+yUV+YQ3rBhVeQhMebWjETK+v2ydIKndVF6DWC2UUJ3\n/Q5MYc/eKsz7I7mPnosYnGHm0Y/l1G65ZXznE/aAHwntDprPGDB16aU8Lb3dPB/I\nWFyPIrjF+pVk0hH4XqRM24EYJ3qbUt2eOAkq0KRMVYP578fucpaPJNfG4cizHXDN\n5RRAkywbZlK5zI0wm6QHpmsbfMfkzwUhaAa8qR53n6TKTVh7A6MuYWsRy02IYUsC\naqRBMy+KhLtdOatf7XsR5zBDF35vz5EmTlF2fsHlVBziktizrlHYIwZxnh2T+vgM\nSIRQLLSpnceXnD9XByOxDGvG1h945dU6N/dN2eQ90t3rif4RY/x/G0ap60uX7NOQ\nuSNq9LuIe/oDh4OOmnuWU2LMEaj2BmLGUy0aTOzxo14Z+dcq78BReoZW+a5ZB8Jj\nynmSQawF751SFMBsyyYB3Wa7BRVTSAhZyetXkZ1LihZiSQdV2KBYCBtsiZYOO94J\nZcoC1LlxxvO0Gh//8aPKUugvKmaWMLAGp63j1OA0yLaDJybdpTwKgr4f2RhqlCEr\n2Gr4r/CKdWDWV39DoIgY7O0q4f7mVNzQvq19zXanenPpaNLM2UJGXCh5NThCuwgj\n3C0v6RGI59PyOy2UDgr8WfLjHKn+oFWMgPLU8nTV2d/IZwpaL2Olrt6NUaeuSLcV\nWllf4qfO4PW3v7h67GQ3F5XEsR6k7uIf5UmN/w8WQjYCA4JTo3664TNF/TNxVkSj\ntFA9ljc/59WsZWJvWjQ95KCo6PIM/guaW03UV3mKeZt/6WDP7wSktMCe9jZv7E91\nY1nqLX3AiRmyi4z5P5bp8F8PJRZ1J8tGAMWlpJY9DSzJSp5qSXE3r5ALTbPHxoaX\nS0L7sugcAYrvLSVylxEyHYqM/K9CFbT5AMXgtHJN7SJIOQuoeSpaT8EDoenHrE1n\nF5vFQQR7IRYvGQ92K9nlEVze+a0d4GWClEMXOw/0STZ7YmI30W7IGkoEiBcXQn0j\n2jOfcJSF1xlT7Phn9bNrimy1mggIZaZsg02iC9TOVDZ/RHAsrDhJwAOglc9uDQ3w\nPyX7vLDVxrWWHLAzUiEKwoxwc6XkMwMyrt81Wx+jMXGf+3lf7jJ4Erd3ZLDDQ0+a\nEe2YTpPbvCtpVjc4nvgxJirRZq/SNXZZjfVsH9/wlw1GfDmR0Af6A4vkP6mFycaR\nOu2pCSMMwMmZJYe9e+k4461OTOMXgIuL5oIVOF8bx/Hb02mxes6Ia5rzT5TLhqJx\n4xUG0mlxSQAXDjS0wSFhm4cbNEsapHPaCu4d5dugONZwJn482jtQgNdhS4L6QqVX\nJ84SAAjvKxr4TxBScNIyuskY/sOAwdYbRx3PPhNzOzG0I3I2HJbajzeRuhhqSJdn\ngfNGoaEKuRnJad0jy",
        ),
    ),
    (
        "pem-key",
        "apiclient_key.pem 内容（微信支付 v3）：\n"
        "-----BEGIN PRIVATE KEY-----\n"
        "MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQboO1ag77jsHvu7\n"
        "xKvZPO5tU7y+GcaTkvJUnc3JnxDFqVO0tLhOPlhiadYjyFoquT7GOLk1BZi5/OR/\n"
        "hAsrGCZIgovRJaZBP1Xmy59IwI6g//PWDHi28dhSMYJgUSf6vnpSxg4E8PScUWuW\n"
        "Bt+g5SzGfv5n79BqA/6CVdYA40yxFDjIZL9fGf2SGOkZtaiB8IP2bcqMJrmpQRyZ\n"
        "6jsbNWgF9bwx8JZQtUBzcUvyqgQWL4ddzrnbSm8X3Z+BaaCJCXuSvimmAA/DklkY\n"
        "q/aSV4e4oGFiyoJ8YB/toPBx1bxf/v63U0Z6PXjvopfniDLn6XqsXymFd9iaPJIe\n"
        "6bv4pvFZct5yayApkueWDmcTbdrn6r65hIpv8q5xaQTZ4o/buThKxQHUMz52f/C5\n"
        "HdBbORTH7r7wRZXd2Dr6oT8ZXlpAs/NyWDRGxC0TuOZrbBJOOp3okoExnE9E/PpY\n"
        "k/5g2BxZy5NM/7J2IynMRfylIm/wOa+DYmpkC6sKbx22jIV3FQT1cLC00oGiP+/a\n"
        "EpeOAAKiU0mfTBhWdFbqC74nzkYaLjqQV/v7gdZfnIpAam78ACLJiNWHD37H8swy\n"
        "cxkl/oYe9EGcTn+PS4f5JDDvH6KWitdVwdGntuyjV9d0r3IuupXYyg+ACGBTp9qt\n"
        "Gz3gqblc9zJikT5Fat6m44CskX9LnL7BTvjEyrNbr7cYIfqBcfYOp+EA6KOJ0cgT\n"
        "skIExall4NDGbInDrvO1TE2LZn7uccEOoN3M5x4boed0MJFv2XQzIQC3FLnBxdIH\n"
        "jeDqAku8lWVbUW4Tegvm4OtWUHjWfCGwZkSeUW9smgZLPZN5aear4u05itfpe0Fi\n"
        "l370OhR0+n0pjzgZgbPDZri4wdrDJxgLm5x3KWAzrkQuFASiP9Af8DW8YfZJQaLH\n"
        "w82ubb8KBLyerC759YEjyl4/Mzk9ho+kqnONddwlcRRAI1g2qz4bjYjtCuveK+Fi\n"
        "BSSx1qVjkS5cVr46gadneqt1m9YpHPD4dTfwpuioLZMd+5iMZR9+cpX65MfEUU8P\n"
        "iH8uijy+6po7nhmv+47nJMWvbpyXMlv6e4vrMmUTr+FuJUOzGMpbnuvmGbvVe2fc\n"
        "met1M1zZXBAaq0xkEHKF2iQx+QRvhCpxyL4MWizXOnwLEqtw/y5aQlrmFhT55Uo4\n"
        "TpOTBHQJSsbYbQjzEHVmS/Kk+bKfmHFcQnzMBl3N+24Mh4UXsoAY6sEQVRB9+e2O\n"
        "pa6IdZvJbULih+S3qG1B16QWB2IAFN2Wg5Aw177wcC0clsTwA7L2fucNzoRz9jPq\n"
        "6EMbwcrB6t1Z/0oWpFrU1XUgJHMmkUOcxxWAw8nfdhqIUujcun4aePyLd8jw3A8H\n"
        "AeISYWVYIITvYajgC9pqgV1vPKr8IN7XwyxC2ML2/BC/Qf+bKjKMjRqKYp6vYQsT\n"
        "POWcveJOuqjfqLm9uERmbTvQ5MT9rT+wYzS+QBUyCOdfjt+wn3qx90NLvktnUsW/\n"
        "k3YYVHGOtDYNqqMgV2tJpgQJPCJZsGHxwLZtb97sl7ly1ejuFQUF/67uz8nvywYV\n"
        "JPTGh0zKZoc+8fi=\n"
        "-----END PRIVATE KEY-----\n"
        "验签一直失败",
        (
            "MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQboO1ag77jsHvu7\nxKvZPO5tU7y+GcaTkvJUnc3JnxDFqVO0tLhOPlhiadYjyFoquT7GOLk1BZi5/OR/\nhAsrGCZIgovRJaZBP1Xmy59IwI6g//PWDHi28dhSMYJgUSf6vnpSxg4E8PScUWuW\nBt+g5SzGfv5n79BqA/6CVdYA40yxFDjIZL9fGf2SGOkZtaiB8IP2bcqMJrmpQRyZ\n6jsbNWgF9bwx8JZQtUBzcUvyqgQWL4ddzrnbSm8X3Z+BaaCJCXuSvimmAA/DklkY\nq/aSV4e4oGFiyoJ8YB/toPBx1bxf/v63U0Z6PXjvopfniDLn6XqsXymFd9iaPJIe\n6bv4pvFZct5yayApkueWDmcTbdrn6r65hIpv8q5xaQTZ4o/buThKxQHUMz52f/C5\nHdBbORTH7r7wRZXd2Dr6oT8ZXlpAs/NyWDRGxC0TuOZrbBJOOp3okoExnE9E/PpY\nk/5g2BxZy5NM/7J2IynMRfylIm/wOa+DYmpkC6sKbx22jIV3FQT1cLC00oGiP+/a\nEpeOAAKiU0mfTBhWdFbqC74nzkYaLjqQV/v7gdZfnIpAam78ACLJiNWHD37H8swy\ncxkl/oYe9EGcTn+PS4f5JDDvH6KWitdVwdGntuyjV9d0r3IuupXYyg+ACGBTp9qt\nGz3gqblc9zJikT5Fat6m44CskX9LnL7BTvjEyrNbr7cYIfqBcfYOp+EA6KOJ0cgT\nskIExall4NDGbInDrvO1TE2LZn7uccEOoN3M5x4boed0MJFv2XQzIQC3FLnBxdIH\njeDqAku8lWVbUW4Tegvm4OtWUHjWfCGwZkSeUW9smgZLPZN5aear4u05itfpe0Fi\nl370OhR0+n0pjzgZgbPDZri4wdrDJxgLm5x3KWAzrkQuFASiP9Af8DW8YfZJQaLH\nw82ubb8KBLyerC759YEjyl4/Mzk9ho+kqnONddwlcRRAI1g2qz4bjYjtCuveK+Fi\nBSSx1qVjkS5cVr46gadneqt1m9YpHPD4dTfwpuioLZMd+5iMZR9+cpX65MfEUU8P\niH8uijy+6po7nhmv+47nJMWvbpyXMlv6e4vrMmUTr+FuJUOzGMpbnuvmGbvVe2fc\nmet1M1zZXBAaq0xkEHKF2iQx+QRvhCpxyL4MWizXOnwLEqtw/y5aQlrmFhT55Uo4\nTpOTBHQJSsbYbQjzEHVmS/Kk+bKfmHFcQnzMBl3N+24Mh4UXsoAY6sEQVRB9+e2O\npa6IdZvJbULih+S3qG1B16QWB2IAFN2Wg5Aw177wcC0clsTwA7L2fucNzoRz9jPq\n6EMbwcrB6t1Z/0oWpFrU1XUgJHMmkUOcxxWAw8nfdhqIUujcun4aePyLd8jw3A8H\nAeISYWVYIITvYajgC9pqgV1vPKr8IN7XwyxC2ML2/BC/Qf+bKjKMjRqKYp6vYQsT\nPOWcveJOuqjfqLm9uERmbTvQ5MT9rT+wYzS+QBUyCOdfjt+wn3qx90NLvktnUsW/\nk3YYVHGOtDYNqqMgV2tJpgQJPCJZsGHxwLZtb97sl7ly1ejuFQUF/67uz8nvywYV\nJPTGh0zKZoc+8fi=",
        ),
    ),
    (
        "pem-key",
        "-----BEGIN ENCRYPTED PRIVATE KEY-----\n"
        "MIIFHDBOBgkqhkiG9w0BBQ0wQTApBgkqhkiG9w0BBQwwHAQIMiOCHBY8Kg/lnm0b\n"
        "gF3CyFQN51CtXln9vH7eafbOSKu/XEyojrIqmaTfXWvhsOIR0QPcwsi4it5iHmI4\n"
        "t5lvBFLXo7oQQ6phrZFEH/uKX4EuTnjL9xqm9lGVQ8VEB6mBbt/o4XKutYSXxJXy\n"
        "Ryes65Yi7CfsxD1eah1G/zEbeUQX5E+UkTcH4P6exOe3fyFqcKrT2thtZx7QiZvQ\n"
        "Fe1xQ3lt4HNf5pGEn5Ixaxev3b3rv5jwtZDKRu0QK4X8k3X0S33vEEQf+DKLopHh\n"
        "HQ+OA7N63IuPAT2Q0GFnijFDEHa7CGY4KwulVPDp8l8cyKvATG9cLu3Ucv7P1DI3\n"
        "9D49MuRUGJe14YfPbIWSmawDtSt/TmAICsxaKHa/2C5ZVnw8in+B9PhOFWsBSyAS\n"
        "gaK2c86KARxLD4V+q6X8xxnUt9xyRfBFlc8IGCEm/lCuKgFb4bKQVL2sp0t/o4Iy\n"
        "TTKjRTCRvBk+5Cyiu7/qpOQ2RIMTgJAyeZV7pbu5nQ05icjL/BfIhRpxeXyE8ZmP\n"
        "VQEjPYQ1WsGnn+S8hSxbnr9hS+xWtY7lHBCiaCVIeCFhdFsGzI56TgIUVyPIrCUT\n"
        "FpoH5gBt3/PLRhVIJoDLAgBypxIIV6CZJRIJ66QExYuor0WrVd+mHmlrbXjruRCY\n"
        "57+hPBeh16n8WMZd/G5WCvpHavSRdEuSBGOAvCKu0afS8qM/k7KBJ9MxHWHXJQ58\n"
        "12zIRta0TPuXY4PbUYu9+lu46/ZUv5CVU==\n"
        "-----END ENCRYPTED PRIVATE KEY-----\n"
        "这个 key 的口令是 Pkcs8 Pass;x，Java 里怎么加载？",
        (
            "MIIFHDBOBgkqhkiG9w0BBQ0wQTApBgkqhkiG9w0BBQwwHAQIMiOCHBY8Kg/lnm0b\ngF3CyFQN51CtXln9vH7eafbOSKu/XEyojrIqmaTfXWvhsOIR0QPcwsi4it5iHmI4\nt5lvBFLXo7oQQ6phrZFEH/uKX4EuTnjL9xqm9lGVQ8VEB6mBbt/o4XKutYSXxJXy\nRyes65Yi7CfsxD1eah1G/zEbeUQX5E+UkTcH4P6exOe3fyFqcKrT2thtZx7QiZvQ\nFe1xQ3lt4HNf5pGEn5Ixaxev3b3rv5jwtZDKRu0QK4X8k3X0S33vEEQf+DKLopHh\nHQ+OA7N63IuPAT2Q0GFnijFDEHa7CGY4KwulVPDp8l8cyKvATG9cLu3Ucv7P1DI3\n9D49MuRUGJe14YfPbIWSmawDtSt/TmAICsxaKHa/2C5ZVnw8in+B9PhOFWsBSyAS\ngaK2c86KARxLD4V+q6X8xxnUt9xyRfBFlc8IGCEm/lCuKgFb4bKQVL2sp0t/o4Iy\nTTKjRTCRvBk+5Cyiu7/qpOQ2RIMTgJAyeZV7pbu5nQ05icjL/BfIhRpxeXyE8ZmP\nVQEjPYQ1WsGnn+S8hSxbnr9hS+xWtY7lHBCiaCVIeCFhdFsGzI56TgIUVyPIrCUT\nFpoH5gBt3/PLRhVIJoDLAgBypxIIV6CZJRIJ66QExYuor0WrVd+mHmlrbXjruRCY\n57+hPBeh16n8WMZd/G5WCvpHavSRdEuSBGOAvCKu0afS8qM/k7KBJ9MxHWHXJQ58\n12zIRta0TPuXY4PbUYu9+lu46/ZUv5CVU==",
            "Pkcs8 Pass;x",
        ),
    ),
    (
        "pem-key",
        "    private-key: |\n"
        "      -----BEGIN OPENSSH PRIVATE KEY-----\n"
        "      b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n"
        "      cwhv2+96baVQEk6dJ7vrl+sGf2bADh5dIAb8HiWSQIG24JmHroSlA1HxI0eG4Aweyeyc7k\n"
        "      1IRoyzKOQtqCymZQTfuldJi3sxDzHhmggsXoG71BWGyNwlJJ6IUzlktzz0XNqU9o7ENEWT\n"
        "      me956vxqM0bhVT8IjtKfZkRFHJg/tGNR93KyHuxc2eFoRsBgkCj2li8QvlMsYpElhD6Y0W\n"
        "      WbYFZrOhF5SMtZsloSHHiNjzyCnvRPyOhrsP8TZzfVqsYKUEj6BD2NPvLecpAsCtTL/nq+\n"
        "      vur7XhhZ6DjDjLnHET9L\n"
        "      -----END OPENSSH PRIVATE KEY-----\n"
        "    known-hosts: git.tudawl.cn",
        (
            "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n      cwhv2+96baVQEk6dJ7vrl+sGf2bADh5dIAb8HiWSQIG24JmHroSlA1HxI0eG4Aweyeyc7k\n      1IRoyzKOQtqCymZQTfuldJi3sxDzHhmggsXoG71BWGyNwlJJ6IUzlktzz0XNqU9o7ENEWT\n      me956vxqM0bhVT8IjtKfZkRFHJg/tGNR93KyHuxc2eFoRsBgkCj2li8QvlMsYpElhD6Y0W\n      WbYFZrOhF5SMtZsloSHHiNjzyCnvRPyOhrsP8TZzfVqsYKUEj6BD2NPvLecpAsCtTL/nq+\n      vur7XhhZ6DjDjLnHET9L",
        ),
    ),
    (
        "pem-key",
        "gpg --export-secret-keys --armor 0x7A1C2B3D4E5F6071 的输出：\n"
        "-----BEGIN PGP PRIVATE KEY BLOCK-----\n"
        "\n"
        "lQOYBGUH24GSqFKCsHvYdRF9KoodUpXV7OAQwpqrvO1wEDflDaO75smrn3E12mca\n"
        "0tVifIV0i6QjALU8eweBdyjq/XKVFH0GPbnYEWDtB8FfRbBu+ZhwuNcGGfUvKN40\n"
        "8Ob4799eBeeYSNIQ9VWt6BuQ4jkzexQiW8oaUVc0GDmCFjC1/WFQi3RQjD6ozSq0\n"
        "e2YBeHWjkECzGjW0I24G2Ep22he4oV7PvGkjex0HPtP25lywvYMOt5EVuy15bv+6\n"
        "PGG0YxRuH1SpeRS9rifXbzJGYYWMtLlHx/kZs6Nk8aUcKZMcO6UP0i8CWfjq340d\n"
        "QP/+JHQ+C4UoVehS2M77I99IeuYGoh6R9HKJDeI+bHii1VzisTZvS0s5ezb/Egzp\n"
        "zNYA/VP+4OiMntH4e/zF8394YrDNJDxMuvR5EyMpGz2PG2esaqLbxxRV2iTKI1Nv\n"
        "Xi52mboo0ZKBBbrt9jsek4HSHSDE/fjUMqbmmYfqnbTUT+tZmHVKwv3Sc8Q0RPRv\n"
        "9t0fUbT5zT33qKBMxBP1AlWUGJj0yAwH+6I0QCKmOBx=\n"
        "=a1Bc\n"
        "-----END PGP PRIVATE KEY BLOCK-----",
        (
            "lQOYBGUH24GSqFKCsHvYdRF9KoodUpXV7OAQwpqrvO1wEDflDaO75smrn3E12mca\n0tVifIV0i6QjALU8eweBdyjq/XKVFH0GPbnYEWDtB8FfRbBu+ZhwuNcGGfUvKN40\n8Ob4799eBeeYSNIQ9VWt6BuQ4jkzexQiW8oaUVc0GDmCFjC1/WFQi3RQjD6ozSq0\ne2YBeHWjkECzGjW0I24G2Ep22he4oV7PvGkjex0HPtP25lywvYMOt5EVuy15bv+6\nPGG0YxRuH1SpeRS9rifXbzJGYYWMtLlHx/kZs6Nk8aUcKZMcO6UP0i8CWfjq340d\nQP/+JHQ+C4UoVehS2M77I99IeuYGoh6R9HKJDeI+bHii1VzisTZvS0s5ezb/Egzp\nzNYA/VP+4OiMntH4e/zF8394YrDNJDxMuvR5EyMpGz2PG2esaqLbxxRV2iTKI1Nv\nXi52mboo0ZKBBbrt9jsek4HSHSDE/fjUMqbmmYfqnbTUT+tZmHVKwv3Sc8Q0RPRv\n9t0fUbT5zT33qKBMxBP1AlWUGJj0yAwH+6I0QCKmOBx=",
        ),
    ),
    # ---------------------------------------------------------------- zh-sentence
    (
        "zh-sentence",
        "uat 的 pg 账密：tms_app / Uat.Pg#0918，你先连上看看 dispatch schema 下有没有 t_task 表",
        ("Uat.Pg#0918",),
    ),
    (
        "zh-sentence",
        "老的 SVN 仓库还在用，账号 liming 口令 `svn;Gz 2023`（带空格和分号），svn checkout 一直 E170001",
        ("svn;Gz 2023",),
    ),
    (
        "zh-sentence",
        "密码为 Ab12&cd34 的那个账号是测试专用的，可以随便删数据",
        ("Ab12&cd34",),
    ),
    (
        "zh-sentence",
        "密码：Tuda_wms_88（区分大小写）",
        ("Tuda_wms_88",),
    ),
    (
        "zh-sentence",
        "es 集群 elastic 用户的密码 Es7ElaStic9 ，kibana 登不上去报 security_exception",
        ("Es7ElaStic9",),
    ),
    (
        "zh-sentence",
        "我新建了个 classic token ghp_SUDA7BaQPpda4IqpAkL4ROenVjX4BBBPGt55 权限勾了 repo 和 write:packages，mvn deploy 还是 403",
        ("ghp_SUDA7BaQPpda4IqpAkL4ROenVjX4BBBPGt55",),
    ),
    (
        "zh-sentence",
        "gitlab 的 access token 是 glpat-RP0UjB9gzjjuBi2NfjId，scope 只给了 read_api，够不够调 pipelines 接口？",
        ("glpat-RP0UjB9gzjjuBi2NfjId",),
    ),
    (
        "zh-sentence",
        "CLS 日志上报一直 AuthFailure.SignatureFailure，logback 里配的是 AKIDIxumiBLKVySke6q62XN8C58zL0JX7N0M / OMMjXTeCGTTEacl5kIqap3FPHgyuKNRV 这一对，同一对在 wms 服务里是好的",
        ("AKIDIxumiBLKVySke6q62XN8C58zL0JX7N0M", "OMMjXTeCGTTEacl5kIqap3FPHgyuKNRV"),
    ),
    (
        "zh-sentence",
        "公众号「途达司机」的开发者密码(AppSecret)：697b29370ffd96c08a0e311131adeebd，IP 白名单已经加了 10.40.1.0/24，获取 access_token 还是 40164",
        ("697b29370ffd96c08a0e311131adeebd",),
    ),
    (
        "zh-sentence",
        "redis 没设用户名，只有密码 r3d!s-Gz.01 ，哨兵模式下 spring 要怎么配？",
        ("r3d!s-Gz.01",),
    ),
    (
        "zh-sentence",
        "Kuboard 管理员的密码改成 Kb0rd＃Admin 了（全角井号，复制的时候注意）",
        ("Kb0rd＃Admin",),
    ),
    (
        "zh-sentence",
        "数据库密码＝Fw;Eq=Sign9，用户名 bms",
        ("Fw;Eq=Sign9",),
    ),
    (
        "zh-sentence",
        "RAM 用户 tuda-report-ro 的 AccessKey 我贴这：\n"
        "LTAI5tlm2HkBbpmFKNmA1WqV\n"
        "x2hIWBQVqRPmDFo9rcQ62QZwTlOMrM\n"
        "策略只给了 oss:GetObject，列目录当然不行对吧？",
        ("LTAI5tlm2HkBbpmFKNmA1WqV", "x2hIWBQVqRPmDFo9rcQ62QZwTlOMrM"),
    ),
    (
        "zh-sentence",
        "智谱 GLM 的 API Key 是 7dadd24fca396e4c31ab0b28f8c6723c.LlykHtB7u47RlkgL，用 zhipuai-sdk-java 调 glm-4 报 1002",
        ("7dadd24fca396e4c31ab0b28f8c6723c.LlykHtB7u47RlkgL",),
    ),
    (
        "zh-sentence",
        "网易企业邮箱开了安全登录，客户端专用密码是 qkzmwvbxjtrplhea，JavaMail 发信报 535 Error: authentication failed",
        ("qkzmwvbxjtrplhea",),
    ),
    (
        "zh-sentence",
        'MySQL 用户 sync 的密码我设成了 "sync pass 2023"（带引号里的空格），canal 连不上',
        ("sync pass 2023",),
    ),
    (
        "zh-sentence",
        "帮我看下 harbor 的 robot 账号：用户名 robot$tms-ci，密码 Hrb0r.Robot-CI，push 报 unauthorized",
        ("Hrb0r.Robot-CI",),
    ),
    (
        "zh-sentence",
        "飞书应用 App ID cli_a5b8c9d0e1f2a3b4，App Secret uvtLnlrH7sXoXRmnUOhVyERESWMAj85W，获取 tenant_access_token 报 10003",
        ("uvtLnlrH7sXoXRmnUOhVyERESWMAj85W",),
    ),
    (
        "zh-sentence",
        "前端传过来的 token 是 eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ1c2VySWQiOiJ1XzIwOTMxIiwidXNlck5hbWUiOiJ6aGFvbGVpIiwibG9naW5UaW1lIjoxNjk1MDIwMDAwLCJleHAiOjE2OTUxMDY0MDB9.EkBpcw_K--EI-YSZk68fMsHn01_oahHI5Jm-GWvj_xK ，后端解析的时候报 SignatureException",
        (
            "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ1c2VySWQiOiJ1XzIwOTMxIiwidXNlck5hbWUiOiJ6aGFvbGVpIiwibG9naW5UaW1lIjoxNjk1MDIwMDAwLCJleHAiOjE2OTUxMDY0MDB9.EkBpcw_K--EI-YSZk68fMsHn01_oahHI5Jm-GWvj_xK",
        ),
    ),
    (
        "zh-sentence",
        "仓库现场的 Wi-Fi（TUDA-WMS-5G）密码 Wms5G@Dock7 ，PDA 连上后拉不到任务",
        ("Wms5G@Dock7",),
    ),
    # ---------------------------------------------------------------- credentials-csv
    (
        "credentials-csv",
        "华为云 IAM 用户 tuda-iot 下载的 credentials.csv：\n"
        "User Name,Access Key Id,Secret Access Key\n"
        "tuda-iot,E6VAQYFETFUZES2OQA92,Xx5O11nrFSY2HORmbe2l0ECph8nivIdvYZVMW4sZ",
        ("E6VAQYFETFUZES2OQA92", "Xx5O11nrFSY2HORmbe2l0ECph8nivIdvYZVMW4sZ"),
    ),
    # ---------------------------------------------------------------- zh-sentence
    (
        "zh-sentence",
        "Jenkins 上 ci 这个用户的 API Token 是 11a7c3e9f0b2d4c6e8a1b3d5f7092c4e6a，触发构建的时候要带上吗",
        ("11a7c3e9f0b2d4c6e8a1b3d5f7092c4e6a",),
    ),
    (
        "zh-sentence",
        "老系统 sa 密码是 Sql2008!Sa，连接串里要不要转义感叹号？",
        ("Sql2008!Sa",),
    ),
    (
        "zh-sentence",
        "记住我的 OpenAI key，以后都用这个：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",
        (
            "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",
        ),
    ),
    (
        "zh-sentence",
        "AppSecret 是 d41f9a07c3b85e26 吗？我看文档说是 32 位，这个才 16 位",
        ("d41f9a07c3b85e26",),
    ),
    (
        "zh-sentence",
        "token 是 tk_live_8Hq2Zm5Vx9Lc3Nb7Rw1Pd4，调顺丰的路由查询接口一直提示鉴权失败",
        ("tk_live_8Hq2Zm5Vx9Lc3Nb7Rw1Pd4",),
    ),
    (
        "zh-sentence",
        "ZK 开了 digest 认证，账号 super 密码 Zk$uper:Digest，zkCli 里 addauth 之后还是 NoAuth",
        ("Zk$uper:Digest",),
    ),
    (
        "zh-sentence",
        "rabbitmq 管理台 admin/Rmq,Admin;GZ 登进去看到 settle 队列堆了 20 万条",
        ("Rmq,Admin;GZ",),
    ),
    # ---------------------------------------------------------------- en-sentence
    (
        "en-sentence",
        "can you check why the lock isn't released? fyi uat redis pw = Uat-R3dis&9, host 10.40.2.30",
        ("Uat-R3dis&9",),
    ),
    (
        "en-sentence",
        "Use `Tms Ro; 2023` as the password for tms_ro (yes, with the space and the semicolon).",
        ("Tms Ro; 2023",),
    ),
    (
        "en-sentence",
        "Fine-grained token (expires in 30 days): 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 -- does it need Contents: write to push tags?",
        (
            "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",
        ),
    ),
    (
        "en-sentence",
        "creds for the partner sandbox: sf_sandbox / Sbx!Pass-7781",
        ("Sbx!Pass-7781",),
    ),
    (
        "en-sentence",
        "here's the stripe test key so you can reproduce: sk_test_51o5O7uMrtKBHqmWhQLhRdMkd8JXzM5RPXChqoD5YRJSKOh3S7JuRLBs8lBAnOxpaBhs5h98YIbpkwzybY5FiPxnzkC0liett02",
        (
            "sk_test_51o5O7uMrtKBHqmWhQLhRdMkd8JXzM5RPXChqoD5YRJSKOh3S7JuRLBs8lBAnOxpaBhs5h98YIbpkwzybY5FiPxnzkC0liett02",
        ),
    ),
    (
        "en-sentence",
        "AWS keys for the export bucket: access key AKIA81HD94ASP7BR8JUB, secret juSwZBCr7mo8DH9LpcRpfRg1coT/Kq897m/E9BR8 (region ap-east-1)",
        ("AKIA81HD94ASP7BR8JUB", "juSwZBCr7mo8DH9LpcRpfRg1coT/Kq897m/E9BR8"),
    ),
    (
        "en-sentence",
        'The keystore passphrase is "correct horse tuda staple" - keytool keeps saying the password was incorrect.',
        ("correct horse tuda staple",),
    ),
    (
        "en-sentence",
        "remember my hugging face token 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 for the embedding model download",
        ("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",),
    ),
    (
        "en-sentence",
        "users.list gives missing_scope with the xoxp user token xoxp-178010714876-9328663740186-uJCmXbftFrpgFg7Euk0mPYqt -- which scope is it, users:read?",
        ("xoxp-178010714876-9328663740186-uJCmXbftFrpgFg7Euk0mPYqt",),
    ),
    (
        "en-sentence",
        "pw is Gz2023-ops!x for the grafana admin, the old one was rotated yesterday",
        ("Gz2023-ops!x",),
    ),
    (
        "en-sentence",
        "twine upload fails with 403 even though I pass -u __token__ -p pypi-AgEIcHlwaS5vcmcCJ8UBg_aObcKqoUAorz-kKGp2jxb8U83bi-sw6XuK9iVqBcCuFULCS9jJ-5bk4QB6NzuBLR9nt4jBj0j-7qQYXMhblzWCkthmgtTMTaPEehxOvD01jTIbTLJkp",
        (
            "pypi-AgEIcHlwaS5vcmcCJ8UBg_aObcKqoUAorz-kKGp2jxb8U83bi-sw6XuK9iVqBcCuFULCS9jJ-5bk4QB6NzuBLR9nt4jBj0j-7qQYXMhblzWCkthmgtTMTaPEehxOvD01jTIbTLJkp",
        ),
    ),
    (
        "en-sentence",
        "The npm automation token npm_anL2fZQYoxumEcxJYlReKgM60aiwrBm0u9wl was added to CI but npm publish still asks for OTP.",
        ("npm_anL2fZQYoxumEcxJYlReKgM60aiwrBm0u9wl",),
    ),
    (
        "en-sentence",
        "mailgun api key: key-b5f93a7ee23c241f7b6bfbcfe11219c2, domain mg.tudawl.cn; messages go out but bounce.",
        ("key-b5f93a7ee23c241f7b6bfbcfe11219c2",),
    ),
    (
        "en-sentence",
        "the DB password for staging contains a comma and a brace: st,aging}Pw8 - is that why the URL parser breaks?",
        ("st,aging}Pw8",),
    ),
    # ---------------------------------------------------------------- zh-chat
    (
        "zh-chat",
        "[企业微信] 陈静 10:21\n"
        "测试库密码改了哈 新的是 Test#Bms.0918\n"
        "[企业微信] 赵磊 10:22\n"
        "收到，我改下 nacos",
        ("Test#Bms.0918",),
    ),
    (
        "zh-chat",
        "李明：钉钉告警机器人的 token 发我下\n"
        "王芳：https://oapi.dingtalk.com/robot/send?access_token=f4f59a0b43ad8097c43ca03af6e0986a6c1da17374b0140f03f0e8979c156653\n"
        "李明：👌",
        ("f4f59a0b43ad8097c43ca03af6e0986a6c1da17374b0140f03f0e8979c156653",),
    ),
    (
        "zh-chat",
        "> 赵磊: 生产 mongo 的 root 密码是多少\n"
        "> 运维-小刘: M0ngo!Root#GZ 用完记得退出，别在 navicat 里保存",
        ("M0ngo!Root#GZ",),
    ),
    # ---------------------------------------------------------------- en-chat
    (
        "en-chat",
        "[Slack #tms-dev] kevin: anyone has the sonar admin pw?\n"
        "[Slack #tms-dev] amy: S0nar!Admin_gz but pls rotate after",
        ("S0nar!Admin_gz",),
    ),
    # ---------------------------------------------------------------- assistant-answer
    (
        "assistant-answer",
        "你的 `application-uat.yml` 里 `spring.datasource.password` 被设成了 `Uat;Pw=ok`，分号在 YAML 里没问题，问题出在 `url` 末尾多了一个 `&`。把它删掉再重启即可。",
        ("Uat;Pw=ok",),
    ),
    (
        "assistant-answer",
        'The failing line is `jedis.auth("Jed1s Fleet")`: since Redis 6 with ACLs you need `jedis.auth("fleet", "Jed1s Fleet")`, passing the user name as well.',
        ("Jed1s Fleet",),
    ),
    (
        "assistant-answer",
        "Your `~/.aws/credentials` profile `tuda-export` has `aws_secret_access_key = sLuLGpGpYX6iDa0SvkwB7hpy4AywZ0PyAR82iAYv` but no `region`; add `region = ap-east-1` to the `config` file.",
        ("sLuLGpGpYX6iDa0SvkwB7hpy4AywZ0PyAR82iAYv",),
    ),
    (
        "assistant-answer",
        "可以这样写 Jenkins 凭据：把 `Jk-Nexus#77` 存成 Username with password 类型的 credential，Jenkinsfile 里用 `withCredentials` 引用，而不是直接写在 `sh` 命令里。",
        ("Jk-Nexus#77",),
    ),
    # ---------------------------------------------------------------- summary
    (
        "summary",
        "用户在排查 fleet-gps 连不上 Kafka 的问题；SASL 用户 fleet-gps-producer，密码 gpsK@fka#2023，已确认 broker 开了 SCRAM-SHA-512。",
        ("gpsK@fka#2023",),
    ),
    (
        "summary",
        "User's UAT environment: Postgres at 10.40.9.12, user track, password Trk-Uat!55; the migration fails on V23__add_gps_index.sql.",
        ("Trk-Uat!55",),
    ),
    (
        "summary",
        "Confluence 导出脚本用的 API token ATATT3xFfGF0JkFLWxiTufI8F2XrdXRWIGiTtwkdM1hba5Szk3lCvXAqlj3VnY_BbSstnMufImQVqgjtVMjdyY3e9OmgaP-p64x4vhBXVL8UGiBYPjctz5zAy1PBzlYhKMVlkAMjHiY-MP1szmUGLCDVL8-KCZQ5YV0ld_JPFHK_qtxpGUS9SG=9FBF3958，用户希望改成从环境变量读取。",
        (
            "ATATT3xFfGF0JkFLWxiTufI8F2XrdXRWIGiTtwkdM1hba5Szk3lCvXAqlj3VnY_BbSstnMufImQVqgjtVMjdyY3e9OmgaP-p64x4vhBXVL8UGiBYPjctz5zAy1PBzlYhKMVlkAMjHiY-MP1szmUGLCDVL8-KCZQ5YV0ld_JPFHK_qtxpGUS9SG=9FBF3958",
        ),
    ),
    # ---------------------------------------------------------------- ticket
    (
        "ticket",
        "TMS-2231 【UAT】调度单推送顺丰失败\n"
        "复现步骤：\n"
        "1. 用账号 dispatcher01 / Disp@tch01! 登录调度台\n"
        "2. 创建调度单 → 推送\n"
        "预期：推送成功；实际：500",
        ("Disp@tch01!",),
    ),
    # ---------------------------------------------------------------- email
    (
        "email",
        "主题：新合作方接入信息\n"
        "\n"
        "王工您好，\n"
        "\n"
        "贵司在途达开放平台的接入信息如下：\n"
        "AppKey: tdo_partner_5581\n"
        "AppSecret: 7Yh2-Kq9x-Wm4p-Zt8r\n"
        "沙箱地址：https://sandbox-open.tudawl.cn\n"
        "\n"
        "请妥善保管。",
        ("7Yh2-Kq9x-Wm4p-Zt8r",),
    ),
    # ---------------------------------------------------------------- wiki-markdown
    (
        "wiki-markdown",
        "## 测试环境账号\n"
        "\n"
        "| 系统 | 地址 | 账号 | 密码 |\n"
        "| --- | --- | --- | --- |\n"
        "| 调度台 | https://uat-tms.tudawl.cn | admin | `Uat/Tms!1` |\n"
        "| 仓储 | https://uat-wms.tudawl.cn | admin | Wms Uat 2 |",
        ("Uat/Tms!1", "Wms Uat 2"),
    ),
    (
        "wiki-markdown",
        "### 本地启动\n"
        "```bash\n"
        "export NEXUS_USER=dev\n"
        "export NEXUS_PASS='N3xus Dev&Read'\n"
        "./mvnw spring-boot:run\n"
        "```",
        ("N3xus Dev&Read",),
    ),
    # ---------------------------------------------------------------- account-csv
    (
        "account-csv",
        "env,host,user,password\n"
        'uat,10.40.3.21,wms_ops,"Csv,Quoted;pw"\n'
        "prod,10.41.3.21,wms_ops,Prod-Csv#Pw9",
        ("Csv,Quoted;pw", "Prod-Csv#Pw9"),
    ),
    # ---------------------------------------------------------------- private-tag
    (
        "private-tag",
        "<private>ClickHouse prod: default / Ck!Prod#GZ</private> 上面这段排查记录里别带出去",
        ("ClickHouse prod: default / Ck!Prod#GZ",),
    ),
    (
        "private-tag",
        "<private>\n"
        "SFTP edi@10.40.1.80\n"
        "passphrase: blue-lorry-88\n"
        "</private>\n"
        "The rest of the setup is in the runbook.",
        ("\nSFTP edi@10.40.1.80\npassphrase: blue-lorry-88\n",),
    ),
]

LOOK_ALIKES: list[tuple[str, str]] = [
    # ---------------------------------------------------------------- zh-question
    ("zh-question", "司机端登录要不要做短信验证码 + 密码双因素？密码错误几次锁定比较合适"),
    ("zh-question", "密码为啥要用 char[] 而不是 String 存？"),
    ("zh-question", "令牌为什么放在请求头里而不是 URL 参数里？"),
    ("zh-question", "密钥是存在 KMS 里好还是 Vault 里好，我们在腾讯云上"),
    ("zh-question", "密码是明文传输的吗？前端需要先 RSA 加密一下吗"),
    ("zh-question", "token 是放在 Redis 里还是直接用 JWT 无状态？调度台要支持踢人下线"),
    ("zh-question", "AppSecret 是每个合作方一个，还是所有合作方共用一个？"),
    ("zh-question", "Apollo 里的数据库密码怎么加密？支持 jasypt 吗"),
    ("zh-question", "为什么 spring.datasource.password 配了还是报 using password: NO？"),
    ("zh-question", "k8s 的 Secret 只是 base64，算不算加密？要不要上 sealed-secrets"),
    ("zh-question", "refresh_token 过期之后前端应该跳登录页还是静默续期？"),
    ("zh-question", "Nacos 2.2.1 之后必须配置 token.secret.key 吗，不配会怎样"),
    ("zh-question", "OAuth2 的 client_secret 能不能放在 App 里？"),
    ("zh-question", "密码字段在日志里怎么脱敏，logback 有现成的 converter 吗"),
    ("zh-question", "git 提交里不小心带了密钥，用 git filter-repo 能彻底清掉吗"),
    ("zh-question", "钉钉机器人加签的 timestamp 和 sign 是怎么算的"),
    ("zh-question", "为什么 MySQL 8 的 caching_sha2_password 用 Navicat 连不上"),
    ("zh-question", "口令复杂度要求是多少位？等保三级有规定吗"),
    ("zh-question", "签名密钥多久轮换一次合适，轮换期间老 token 怎么办"),
    ("zh-question", "Harbor 的 robot 账号和普通账号有什么区别？"),
    ("zh-question", "密钥长度 128 位和 256 位的 AES 性能差多少"),
    ("zh-question", "Spring Cloud Gateway 怎么统一校验 token，再把用户信息传给下游？"),
    # ---------------------------------------------------------------- en-question
    ("en-question", "How do I make Hikari read the password from a file instead of an env var?"),
    (
        "en-question",
        "Why does Jasypt throw EncryptionOperationNotPossibleException after upgrading to 3.0?",
    ),
    ("en-question", "What is the recommended length for an HMAC secret used with HS512?"),
    (
        "en-question",
        "Does Spring Boot mask values of keys named password or secret in /actuator/env?",
    ),
    (
        "en-question",
        "Is there a way to rotate the Kafka SCRAM password without restarting the consumers?",
    ),
    ("en-question", "Should we store the Alipay private key in the database or in a mounted file?"),
    (
        "en-question",
        "What's the difference between apiclient_key.pem and the platform certificate in WeChat Pay v3?",
    ),
    (
        "en-question",
        "How do you pass a password that contains $ to docker compose without it being interpolated?",
    ),
    (
        "en-question",
        "Which token does GitLab CI use for the container registry, CI_JOB_TOKEN or a deploy token?",
    ),
    ("en-question", "Can a fine-grained GitHub token read packages from another organization?"),
    (
        "en-question",
        "Where does Maven look for settings-security.xml when decrypting server passwords?",
    ),
    (
        "en-question",
        "Password policy question: do we still force rotation every 90 days, given NIST 800-63B?",
    ),
    (
        "en-question",
        "Why is my access token rejected with 'invalid audience' by the resource server?",
    ),
    # ---------------------------------------------------------------- zh-concept
    ("zh-concept", "这里的令牌是指限流用的令牌，和鉴权没关系"),
    (
        "zh-concept",
        "签名校验流程：按参数名排序拼接，加上 timestamp 和 nonce，用密钥做 HMAC-SHA256，再转大写十六进制",
    ),
    ("zh-concept", "密码找回流程改成短信验证码，不再发邮件链接"),
    (
        "zh-concept",
        "数据库密码统一放到 Vault 的 secret/tms/* 下面，应用启动时通过 Spring Cloud Vault 拉取",
    ),
    ("zh-concept", "密钥：由合作方在开放平台自助生成，我们这边不保存明文"),
    ("zh-concept", "令牌有效期 2 小时，刷新令牌 7 天"),
    ("zh-concept", "口令：请联系值班运维获取"),
    ("zh-concept", "账号密码见飞书文档《UAT 环境清单》，有权限的人才能看"),
    ("zh-concept", "这次 token 消耗主要在 prompt 上，输入 12k token，输出只有 300 token"),
    ("zh-concept", "密码输错会提示“用户名或密码错误”，不区分是哪个错"),
    # ---------------------------------------------------------------- en-concept
    ("en-concept", "The secret: it is not the algorithm, it is the cache warm-up before the peak."),
    ("en-concept", "Token bucket with capacity 100 and refill rate 20/s per partner."),
    (
        "en-concept",
        "Passwords are hashed with Argon2id (m=64MiB, t=3, p=1) before they reach the database.",
    ),
    (
        "en-concept",
        "The password: must be at least 12 characters and cannot contain the user name.",
    ),
    ("en-concept", "We moved every key and secret out of the repo into Vault last quarter."),
    ("en-concept", "Parser error: unexpected token '}' at line 14, column 3 of application.yml"),
    # ---------------------------------------------------------------- yaml-placeholder
    (
        "yaml-placeholder",
        "spring:\n"
        "  datasource:\n"
        "    password: ${vault.tms.db-password}\n"
        "  data:\n"
        "    redis:\n"
        "      password: ${REDIS_PWD}",
    ),
    (
        "yaml-placeholder",
        "tencent:\n  cos:\n    secret-id: ${COS_SECRET_ID}\n    secret-key: ${COS_SECRET_KEY}",
    ),
    (
        "yaml-placeholder",
        "wxpay:\n  api-v3-key: ''\n  mch-serial-no: ''\n  private-key-path: ''",
    ),
    (
        "yaml-placeholder",
        "feishu:\n  app-id: cli_xxxxxxxxxxxxxxxx\n  app-secret: xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
    ),
    (
        "yaml-placeholder",
        "dingtalk:\n"
        "  robot:\n"
        "    access-token: <填你的机器人 access_token>\n"
        "    secret: <加签密钥>",
    ),
    (
        "yaml-placeholder",
        "spring:\n"
        "  cloud:\n"
        "    nacos:\n"
        "      username: ${NACOS_USER:nacos}\n"
        "      password: ${NACOS_PASSWORD}",
    ),
    (
        "yaml-placeholder",
        "apollo:\n  accesskey:\n    secret: ${APOLLO_ACCESS_KEY_SECRET}",
    ),
    (
        "yaml-placeholder",
        "spring:\n  mail:\n    password: ~\n    username: ~",
    ),
    # ---------------------------------------------------------------- properties-placeholder
    (
        "properties-placeholder",
        "spring.datasource.password=@db.password@\nspring.datasource.username=@db.username@",
    ),
    (
        "properties-placeholder",
        "dingtalk.app-secret=\ndingtalk.app-key=",
    ),
    (
        "properties-placeholder",
        "minio.secretKey=${MINIO_SECRET_KEY}\nminio.accessKey=${MINIO_ACCESS_KEY}",
    ),
    # ---------------------------------------------------------------- env-placeholder
    (
        "env-placeholder",
        "# copy to .env and fill in\nOPENAI_API_KEY=<your key here>\nDB_PASSWORD=<db password>",
    ),
    ("env-placeholder", 'ANTHROPIC_API_KEY="$(vault kv get -field=key secret/llm/anthropic)"'),
    ("env-placeholder", "GRAFANA_SA_TOKEN=${GRAFANA_SA_TOKEN:?must be set}"),
    # ---------------------------------------------------------------- masked-value
    ("masked-value", "Password: ********（Navicat 里导出来就是星号）"),
    ("masked-value", "数据库：10.40.3.21:3306 / wms_ops / ******（密码私聊）"),
    ("masked-value", "AccessKey Secret：仅在创建时显示，已隐藏"),
    # ---------------------------------------------------------------- xml-placeholder
    (
        "xml-placeholder",
        "<server>\n"
        "  <id>gitlab-maven</id>\n"
        "  <configuration>\n"
        "    <httpHeaders>\n"
        "      <property>\n"
        "        <name>Job-Token</name>\n"
        "        <value>${CI_JOB_TOKEN}</value>\n"
        "      </property>\n"
        "    </httpHeaders>\n"
        "  </configuration>\n"
        "</server>",
    ),
    (
        "xml-placeholder",
        '<Resource name="jdbc/BmsDS" auth="Container" type="javax.sql.DataSource" username="${bms.db.user}" password="${bms.db.password}"/>',
    ),
    # ---------------------------------------------------------------- k8s-manifest
    (
        "k8s-manifest",
        "envFrom:\n"
        "  - secretRef:\n"
        "      name: tms-dispatch-db\n"
        "  - configMapRef:\n"
        "      name: tms-dispatch-config",
    ),
    (
        "k8s-manifest",
        "apiVersion: external-secrets.io/v1beta1\n"
        "kind: ExternalSecret\n"
        "metadata:\n"
        "  name: wms-db\n"
        "spec:\n"
        "  secretStoreRef:\n"
        "    name: vault-backend\n"
        "    kind: ClusterSecretStore\n"
        "  data:\n"
        "    - secretKey: password\n"
        "      remoteRef:\n"
        "        key: secret/wms/db\n"
        "        property: password",
    ),
    (
        "k8s-manifest",
        "volumes:\n"
        "  - name: wxpay-cert\n"
        "    secret:\n"
        "      secretName: wxpay-apiclient\n"
        "      items:\n"
        "        - key: apiclient_key.pem\n"
        "          path: apiclient_key.pem",
    ),
    # ---------------------------------------------------------------- helm-template
    (
        "helm-template",
        'password: {{ required "db password is required" .Values.db.password | quote }}',
    ),
    # ---------------------------------------------------------------- docker-compose
    (
        "docker-compose",
        "    environment:\n"
        "      POSTGRES_PASSWORD: ${POSTGRES_PASSWORD:?err}\n"
        "      POSTGRES_USER: tms",
    ),
    (
        "docker-compose",
        "    secrets:\n"
        "      - db_password\n"
        "secrets:\n"
        "  db_password:\n"
        "    file: ./secrets/db_password.txt",
    ),
    # ---------------------------------------------------------------- jenkinsfile-placeholder
    (
        "jenkinsfile-placeholder",
        "environment {\n"
        "    NEXUS = credentials('nexus-deployer')\n"
        "}\n"
        "steps {\n"
        "    sh 'mvn -B deploy -s settings.xml -Dnexus.user=$NEXUS_USR -Dnexus.pass=$NEXUS_PSW'\n"
        "}",
    ),
    # ---------------------------------------------------------------- gitlab-ci-placeholder
    (
        "gitlab-ci-placeholder",
        "deploy:\n"
        "  script:\n"
        '    - echo "$HARBOR_PASSWORD" | docker login harbor.tudawl.cn -u "$HARBOR_USER" --password-stdin',
    ),
    # ---------------------------------------------------------------- github-actions
    (
        "github-actions",
        "      - uses: docker/login-action@v3\n"
        "        with:\n"
        "          username: ${{ vars.DOCKERHUB_USER }}\n"
        "          password: ${{ secrets.DOCKERHUB_TOKEN }}",
    ),
    # ---------------------------------------------------------------- terraform
    (
        "terraform",
        'variable "db_password" {\n'
        "  type      = string\n"
        "  sensitive = true\n"
        "}\n"
        "\n"
        'resource "tencentcloud_mysql_instance" "tms" {\n'
        "  root_password = var.db_password\n"
        "}",
    ),
    # ---------------------------------------------------------------- ansible
    ("ansible", 'mysql_root_password: "{{ vault_mysql_root_password }}"'),
    # ---------------------------------------------------------------- shell
    ("shell", "kubectl -n tms get secret tms-dispatch-db -o yaml | grep -v '^  password'"),
    ("shell", "vault kv get -field=password secret/tms/dispatch"),
    ("shell", "gh auth login --with-token < ~/.config/tuda/gh-token"),
    ("shell", "aws configure --profile tuda-export"),
    (
        "shell",
        "docker login -u robot$tms-ci --password-stdin harbor.tudawl.cn < /run/secrets/harbor",
    ),
    ("shell", "ssh-copy-id -i ~/.ssh/id_ed25519.pub deploy@10.40.1.31"),
    ("shell", "openssl rand -base64 32 > /tmp/new-jwt-secret && chmod 600 /tmp/new-jwt-secret"),
    ("shell", "mvn --encrypt-master-password"),
    ("shell", "git log --oneline -n 5 -- src/main/resources/application-prod.yml"),
    # ---------------------------------------------------------------- mysql-cli
    ("mysql-cli", "mysql --login-path=tms-prod -e 'show processlist'"),
    # ---------------------------------------------------------------- psql
    ("psql", "PGPASSFILE=~/.pgpass psql -h 10.40.9.12 -U track track"),
    # ---------------------------------------------------------------- redis-cli
    ("redis-cli", "redis-cli -h 10.40.2.30 --askpass"),
    # ---------------------------------------------------------------- curl
    ("curl", "curl -s -o /dev/null -w '%{http_code}' https://api.tudawl.cn/actuator/health"),
    (
        "curl",
        'curl -H "Authorization: Bearer ${ACCESS_TOKEN}" https://api.tudawl.cn/driver/v2/tasks',
    ),
    (
        "curl",
        "curl --netrc-file ~/.netrc-nexus -O https://repo.tudawl.cn/repository/raw/tools/arthas-boot.jar",
    ),
    # ---------------------------------------------------------------- keytool
    ("keytool", "keytool -list -keystore $JAVA_HOME/lib/security/cacerts -alias tuda-root"),
    # ---------------------------------------------------------------- java-cli
    (
        "java-cli",
        "java -jar tms-dispatch.jar --spring.config.additional-location=file:/etc/tms/ --spring.profiles.active=prod",
    ),
    (
        "java-cli",
        "java -Djavax.net.ssl.trustStore=/etc/pki/tuda-truststore.p12 -Djavax.net.ssl.trustStoreType=PKCS12 -jar route-engine.jar",
    ),
    # ---------------------------------------------------------------- java-code
    (
        "java-code",
        "public interface TokenStore {\n"
        "    void save(String driverId, AccessToken token);\n"
        "    Optional<AccessToken> find(String driverId);\n"
        "}",
    ),
    (
        "java-code",
        "@JsonIgnore\n"
        "private String password;\n"
        "\n"
        "@JsonProperty(access = JsonProperty.Access.WRITE_ONLY)\n"
        "private String secretKey;",
    ),
    ("java-code", 'char[] pwd = System.console().readPassword("keystore password: ");'),
    ("java-code", 'SecretKeySpec keySpec = new SecretKeySpec(keyBytes, "HmacSHA256");'),
    ("java-code", "String accessToken = wxMpService.getAccessToken();"),
    (
        "java-code",
        '@ConfigurationProperties(prefix = "tencent.cos")\n'
        "public record CosProperties(String secretId, String secretKey, String region, String bucket) {}",
    ),
    (
        "java-code",
        "if (StringUtils.isBlank(props.getAppSecret())) {\n"
        '    throw new IllegalStateException("dingtalk.app-secret 未配置");\n'
        "}",
    ),
    (
        "java-code",
        "private final PasswordPolicyValidator passwordPolicyValidator;\n"
        "private final RefreshTokenRepository refreshTokenRepository;",
    ),
    (
        "java-code",
        "String header = request.getHeader(HttpHeaders.AUTHORIZATION);\n"
        'if (header != null && header.startsWith("Bearer ")) {\n'
        "    String jwt = header.substring(7);\n"
        "}",
    ),
    ("java-code", 'cfg.setPassword(Files.readString(Path.of("/run/secrets/db_password")).trim());'),
    (
        "java-code",
        'KeyStore ks = KeyStore.getInstance("PKCS12");\nks.load(in, p12Password.toCharArray());',
    ),
    (
        "java-code",
        'private static final String SECRET_HEADER = "X-App-Secret";\n'
        'private static final String TOKEN_PARAM = "access_token";',
    ),
    (
        "java-code",
        'log.warn("partner {} secret mismatch, expected sign={}, got={}", appKey, expectedSign, sign);',
    ),
    (
        "java-code",
        'assertThrows(BadCredentialsException.class, () -> authService.login("driver01", wrongPassword));',
    ),
    (
        "java-code",
        "public enum AuthErrorCode {\n"
        "    TOKEN_INVALID, TOKEN_EXPIRED, PASSWORD_WEAK, SECRET_ROTATED\n"
        "}",
    ),
    # ---------------------------------------------------------------- kotlin-code
    ("kotlin-code", "val token: String by lazy { tokenProvider.issue(driverId) }"),
    # ---------------------------------------------------------------- sql
    (
        "sql",
        "ALTER TABLE sys_user ADD COLUMN password_updated_at DATETIME NULL COMMENT '密码最后修改时间';",
    ),
    ("sql", "SELECT user, host, plugin, password_expired FROM mysql.user WHERE user = 'tms_app';"),
    # ---------------------------------------------------------------- commit-hash
    ("commit-hash", "这个 bug 是 8f14e45fceea167a5a36dedd4bea2543b7c2d1e0 引入的，revert 掉就好了"),
    ("commit-hash", "git bisect good 3c59dc048e8850243be8079a5c74d079c9d2a1b4"),
    (
        "commit-hash",
        "Merge branch 'feature/route-cache' into 'release/1.8' (see merge request tms/tms-dispatch!412, sha 45c48cce2e2d7fbdea1afc51c7c6ad26f2a0b1c3)",
    ),
    # ---------------------------------------------------------------- uuid
    ("uuid", "调度单 id 0f8fad5b-d9cb-469f-a165-70867728950e 在 route-engine 里没找到"),
    ("uuid", "spring.cloud.nacos.discovery.namespace=6e2a9c1d-3f4b-4a8e-9d7c-1b2a3c4d5e6f"),
    ("uuid", "<topicId>9a7b3c1d-2e4f-4a6b-8c0d-1e2f3a4b5c6d</topicId>"),
    # ---------------------------------------------------------------- trace-id
    ("trace-id", "SkyWalking TID: 7a3f9e12c4b84d0e9f21a6c5d8b7e301.125.16950213011230001"),
    ("trace-id", "traceparent: 00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"),
    # ---------------------------------------------------------------- checksum
    ("checksum", "ojdbc8-21.9.0.0.jar.sha1: 4d9a8e1f0c2b3a5d6e7f8091a2b3c4d5e6f70819"),
    ("checksum", 'ETag: "5d41402abc4b2a76b9719d911017c592"'),
    (
        "checksum",
        "docker inspect 出来的 Id 是 sha256:9c7a54a9a43cca047013b82af109fe963fde787f63f9e016fdc3384500c2823d",
    ),
    # ---------------------------------------------------------------- container-id
    (
        "container-id",
        "CONTAINER ID   IMAGE                         STATUS\n"
        "3f4e8a1b9c2d   harbor.tudawl.cn/tms/tms-dispatch:1.8.0   Up 3 hours",
    ),
    # ---------------------------------------------------------------- gpg-fingerprint
    (
        "gpg-fingerprint",
        "gpg: 签名由 RSA 密钥 7A1C2B3D4E5F6071 作出，指纹 4F2A 9C1E 7B3D 0A6F 8E5C  1D2B 7A1C 2B3D 4E5F 6071",
    ),
    # ---------------------------------------------------------------- id-number
    ("id-number", "运单号 TD2309180001，订单号 1703550018234400769（雪花 ID）"),
    # ---------------------------------------------------------------- wechat-ids
    ("wechat-ids", "小程序 appid 是 wx3b9e2d7c1a0f4e86，商户号 1640987712，这两个不是敏感信息吧？"),
    # ---------------------------------------------------------------- java-code
    ("java-code", "private static final long serialVersionUID = -6849794470754667710L;"),
    # ---------------------------------------------------------------- path
    ("path", "cn/tudawl/tms/dispatch/service/RouteAssignService.java"),
    ("path", "src/main/java/cn/tudawl/wms/stock/StockLockAspect.java"),
    (
        "path",
        "tms-dispatch/src/main/java/cn/tudawl/tms/dispatch/security/TokenAuthenticationFilter.java:57",
    ),
    ("path", "/opt/tms/config/secrets/README.md 里写了怎么从 Vault 取"),
    ("path", "route-engine/src/test/resources/fixtures/partner_secret_rotation_cases.json"),
    (
        "path",
        "C:\\Users\\liming\\.m2\\repository\\com\\tencentcloudapi\\tencentcloud-sdk-java-common\\3.1.830\\",
    ),
    ("path", "build/libs/wms-stock-1.8.0-SNAPSHOT-plain.jar"),
    (
        "path",
        "at cn.tudawl.tms.dispatch.controller.DispatchController.assign(DispatchController.java:88)",
    ),
    # ---------------------------------------------------------------- base64-context
    (
        "base64-context",
        "Kafka 消息体是 base64 的 JSON：eyJ3YXliaWxsTm8iOiJURDIzMDkxODAwMDEiLCJzdGF0dXMiOiJERUxJVkVSRUQifQ==，解码后是签收事件",
    ),
    (
        "base64-context",
        '前端埋点参数 e=eyJwYWdlIjoiL2Rpc3BhdGNoIiwiZXZlbnQiOiJjbGljayJ9 是 base64 过的事件 JSON，解出来 {"page":"/dispatch","event":"click"}',
    ),
    # ---------------------------------------------------------------- url-encoded
    (
        "url-encoded",
        "Content-Disposition 里 filename*=UTF-8''%E8%BF%90%E5%8D%95%E6%98%8E%E7%BB%86.xlsx",
    ),
    # ---------------------------------------------------------------- base64-context
    (
        "base64-context",
        'JWT header 就是 eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9，解出来是 {"alg":"HS256","typ":"JWT"}',
    ),
    # ---------------------------------------------------------------- public-key
    (
        "public-key",
        "~/.ssh/id_rsa.pub：ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABgQ2QQeNwKBJO2YX4xT+tlPfsrwwU1T1zFn27FKpS8PtWeqo9myr4go/596LaTO7wR9hvOpeDypzsP5TLGKxZjGqyRtgMKdKSDXa/zxEl7sapFOw13WdTAwxSl/zR32OCxU6P2S93wdNkbFOLyOkrEBYIDP/M7J6B/p50GbGOwVkA9GTTOCsBaEuakvvyOjyMigic50VBXGtyKQfa3Q8shSlzWTUnvpM5XH6RTV3HDpLQoMOs4YBQoexwbQt0xyn1QoYtxj4gWO0GkJ7WIyBA84iuIGZPKngd13gB8Ga/BgjYLOou3wmMDrXrEcPZdzVkhrpN6PKWrOf9LPI7hG0YM2HfHg25NVXrAeptJ8zrTIexFvuNJO2yYe3h/0wmnEO8XVSrfY4a8/rwIMMs7sRPqRM7/fR8/P77yqkMeOp2zMS0Z0X+EEsaL3E2/7g0du7m72kWs4aYTaCT5pM3n2r0W71xOIEc7cXq18qvD1TfPm6R5KL+p4GLOm deploy@jump-01",
    ),
    (
        "public-key",
        "微信支付平台证书公钥要放到 wxpay.platform-public-key 里，格式是 -----BEGIN PUBLIC KEY----- 开头的那种，对吧",
    ),
    # ---------------------------------------------------------------- known-hosts
    (
        "known-hosts",
        "git.tudawl.cn ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBBj89xzwrEvHSwVPH+HKacv9U1dUO7tjQLAvm6F3BlWmh3WSQUwZHPvnu8ZiAN00+mirKk/GRhG0HVX4dG9IZ3Bw==",
    ),
    # ---------------------------------------------------------------- version
    (
        "version",
        "Spring Boot 3.1.5 + Spring Cloud 2022.0.4 + Spring Cloud Alibaba 2022.0.0.0 能一起用吗",
    ),
    (
        "version",
        'openjdk version "17.0.8" 2023-07-18\n'
        "OpenJDK Runtime Environment Temurin-17.0.8+7 (build 17.0.8+7)",
    ),
    # ---------------------------------------------------------------- maven-coordinate
    ("maven-coordinate", "com.tencentcloudapi:tencentcloud-sdk-java-cls:3.1.830"),
    ("maven-coordinate", 'implementation("com.github.wechatpay-apiv3:wechatpay-java:0.2.11")'),
    (
        "maven-coordinate",
        "<dependency>\n"
        "  <groupId>com.github.ulisesbocchio</groupId>\n"
        "  <artifactId>jasypt-spring-boot-starter</artifactId>\n"
        "  <version>3.0.5</version>\n"
        "</dependency>",
    ),
    ("maven-coordinate", "org.springframework.security:spring-security-crypto:6.1.4"),
    # ---------------------------------------------------------------- yaml-config
    (
        "yaml-config",
        "security:\n"
        "  jwt:\n"
        "    token-header: Authorization\n"
        "    token-ttl: 2h\n"
        "    refresh-token-ttl: 7d\n"
        "    secret-location: vault:secret/tms/jwt",
    ),
    (
        "yaml-config",
        "spring:\n"
        "  security:\n"
        "    oauth2:\n"
        "      resourceserver:\n"
        "        jwt:\n"
        "          issuer-uri: https://sso.tudawl.cn/realms/tuda\n"
        "          jwk-set-uri: https://sso.tudawl.cn/realms/tuda/protocol/openid-connect/certs",
    ),
    (
        "yaml-config",
        "management:\n"
        "  endpoint:\n"
        "    env:\n"
        "      show-values: WHEN_AUTHORIZED\n"
        "      keys-to-sanitize: password,secret,key,token,credentials",
    ),
    (
        "yaml-config",
        "password:\n  min-length: 10\n  max-age-days: 180\n  history: 5\n  lock-after-failures: 5",
    ),
    (
        "yaml-config",
        "tencent:\n"
        "  cos:\n"
        "    region: ap-guangzhou\n"
        "    bucket: tuda-waybill-1310982271\n"
        "    secret-id-env: COS_SECRET_ID\n"
        "    secret-key-env: COS_SECRET_KEY",
    ),
    # ---------------------------------------------------------------- properties-config
    (
        "properties-config",
        "spring.cloud.vault.kv.backend=secret\n"
        "spring.cloud.vault.authentication=KUBERNETES\n"
        "spring.cloud.vault.kubernetes.role=tms-dispatch",
    ),
    (
        "properties-config",
        "jasypt.encryptor.algorithm=PBEWITHHMACSHA512ANDAES_256\n"
        "jasypt.encryptor.key-obtention-iterations=1000",
    ),
    (
        "properties-config",
        "server.ssl.key-store=classpath:keystore/gw.p12\n"
        "server.ssl.key-store-type=PKCS12\n"
        "server.ssl.key-alias=gw",
    ),
    # ---------------------------------------------------------------- log-line
    (
        "log-line",
        "2023-09-18 14:20:01.002 WARN  c.t.a.LoginService - login failed for user=dispatcher01 reason=PASSWORD_MISMATCH attempts=3",
    ),
    (
        "log-line",
        "o.s.s.o.s.r.a.JwtAuthenticationProvider - Failed to authenticate since the JWT was invalid",
    ),
    (
        "log-line",
        "HikariPool-1 - Exception during pool initialization.\n"
        "java.sql.SQLException: Access denied for user 'tms_app'@'10.40.1.31' (using password: YES)",
    ),
    (
        "log-line",
        "WARN  c.a.n.c.a.i.NacosClientAuthServiceImpl - [NacosClientAuthServiceImpl] login failed, username=nacos, code=403",
    ),
    (
        "log-line",
        "INFO  o.s.c.v.c.VaultPropertySource - Fetched 6 secrets from secret/tms/dispatch (lease 768h)",
    ),
    (
        "log-line",
        "ERROR c.t.o.PartnerSignFilter - sign check failed: appKey=partner_sf, timestamp=1695021300, nonce=8c1f2a",
    ),
    (
        "log-line",
        "kafka: org.apache.kafka.common.errors.SaslAuthenticationException: Authentication failed during authentication due to invalid credentials with SASL mechanism SCRAM-SHA-512",
    ),
    ("log-line", "redis: NOAUTH Authentication required."),
    (
        "log-line",
        "Maven: [ERROR] Failed to execute goal deploy: status code: 401, reason phrase: Unauthorized (401)",
    ),
    # ---------------------------------------------------------------- url
    (
        "url",
        "jdbc:postgresql://pg-tms-primary.tuda.internal:5432/tms?currentSchema=dispatch&ApplicationName=tms-dispatch",
    ),
    ("url", "https://git.tudawl.cn/tms/tms-dispatch/-/merge_requests/412"),
    ("url", "rediss://r-gz.tuda.internal:6380/1"),
    ("url", "https://open.feishu.cn/open-apis/bot/v2/hook/{hook_id}"),
    (
        "url",
        "钉钉机器人 webhook 的格式是 https://oapi.dingtalk.com/robot/send?access_token=XXXXXX ，XXXXXX 换成你自己机器人的",
    ),
    (
        "url",
        "https://sso.tudawl.cn/realms/tuda/protocol/openid-connect/auth?client_id=tms-web&response_type=code&scope=openid&state=af0ifjsldkj&redirect_uri=https%3A%2F%2Ftms.tudawl.cn%2Fcallback",
    ),
    # ---------------------------------------------------------------- assistant-answer
    (
        "assistant-answer",
        "不要把 AppSecret 写进前端代码，应该由后端用 appid + secret 调 jscode2session，前端只拿自定义登录态。",
    ),
    (
        "assistant-answer",
        "Set `spring.datasource.password` from an environment variable (`${DB_PASSWORD}`) and keep the value in the Kubernetes Secret `tms-dispatch-db`.",
    ),
    (
        "assistant-answer",
        "The 401 comes from an expired token, not a wrong password: the `exp` claim is in the past.",
    ),
    # ---------------------------------------------------------------- summary
    (
        "summary",
        "用户在给 route-engine 接入 Vault，已经确定用 Kubernetes 认证方式，密钥路径 secret/tms/route-engine。",
    ),
    (
        "summary",
        "User is migrating password hashing from MD5 to BCrypt with a lazy upgrade on next login.",
    ),
]
