"""Blind evaluation corpus E for secret redaction (fifth round).

(Copied from the blind set's corpus_e.py: the data are unchanged, only reformatted.
Scored once, blind, before any rule saw it (main at d829440): recall 90.0% (242/269
secrets), precision 99.1% (215/217 look-alikes). Then one round of class-level fixes
brought it to 100% (269/269) / 100% (217/217); docs/privacy.md records both numbers.
It is no longer held out.)

SECRETS: (form, text, exact secret substrings that must be gone after redaction)
LOOK_ALIKES: (form, text that holds no secret and must come back unchanged)

All values are synthetic (random or invented); none is a live credential.
Labelling rules are in README.md next to this file.
"""

from __future__ import annotations

SECRETS: list[tuple[str, str, tuple[str, ...]]] = [
    # ------------------------------------------------------------------ yaml
    (
        "yaml",
        '问一下，我们 LIMS 实验室系统的配置是这样的：\nspring:\n  datasource:\n    url: jdbc:postgresql://10.8.1.21:5432/lims\n    username: lims_app\n    password: "Ph3n0l#Red;2024"\n启动时报 FATAL: password authentication failed，是不是分号要转义？',
        ("Ph3n0l#Red;2024",),
    ),
    (
        "yaml",
        "spring:\n  mail:\n    host: smtp.exmail.qq.com\n    port: 465\n    username: notice@harbor-tos.cn\n    password: blue whale 7 sails east\n    properties:\n      mail.smtp.ssl.enable: true",
        ("blue whale 7 sails east",),
    ),
    (
        "yaml",
        "spring:\n  redis:\n    host: ${REDIS_HOST:10.2.3.4}\n    port: 6379\n    password: ${REDIS_PASSWORD:Wt&9mq,Lz}\n    database: 3",
        ("Wt&9mq,Lz",),
    ),
    (
        "yaml",
        "jwt:\n  issuer: edu-portal\n  secret: 21bXLj07renR16YD2D/V7t6S5hEOumtZDQ9FrGQP4daj5a9BsE7G5ZfcK2n6UU6s\n  expire-hours: 12",
        ("21bXLj07renR16YD2D/V7t6S5hEOumtZDQ9FrGQP4daj5a9BsE7G5ZfcK2n6UU6s",),
    ),
    (
        "yaml",
        "sa-token:\n  token-name: Authorization\n  timeout: 86400\n  jwt-secret-key: qhdfkjsdhfuweyr8734ksdjfhksd9\n  is-concurrent: false",
        ("qhdfkjsdhfuweyr8734ksdjfhksd9",),
    ),
    (
        "yaml",
        "shardingsphere 的数据源这样配的，ds_1 总是起不来：\n  dataSources:\n    ds_0:\n      url: jdbc:mysql://10.0.5.1:3306/waybill_0\n      username: wb\n      password: Sh@rd0-wb\n    ds_1:\n      url: jdbc:mysql://10.0.5.2:3306/waybill_1\n      username: wb\n      password: 'Sh@rd1-wb'",
        ("Sh@rd0-wb", "Sh@rd1-wb"),
    ),
    (
        "yaml",
        "xxl:\n  job:\n    admin:\n      addresses: http://10.9.1.1:8080/xxl-job-admin\n    accessToken: xJ0b_Tok3n#prod\n    executor:\n      appname: parcel-sorter",
        ("xJ0b_Tok3n#prod",),
    ),
    # ------------------------------------------------------------ properties
    (
        "properties",
        "# OPAC 检索服务\nspring.datasource.druid.username=opac\nspring.datasource.druid.password=Lib@Rary_88!\nspring.datasource.druid.initial-size=5",
        ("Lib@Rary_88!",),
    ),
    (
        "properties",
        "# 电表采集前置机\ncollector.mqtt.url=tcp://emq.local:1883\ncollector.mqtt.username=meter-gw\ncollector.mqtt.password=M3ter}Gw{2025\ncollector.mqtt.qos=1",
        ("M3ter}Gw{2025",),
    ),
    (
        "properties",
        "ftp.host=10.12.0.8\nftp.user=edi\nftp.password:Q7w!e9r#t\nftp.passive=true",
        ("Q7w!e9r#t",),
    ),
    (
        "properties",
        "ldap.url=ldap://ad.court.local:389\nldap.manager.dn=cn=svc-efile,ou=svc,dc=court,dc=local\nldap.manager.password=Dir\\:Mgr\\=77\nldap.base=dc=court,dc=local",
        ("Dir\\:Mgr\\=77",),
    ),
    (
        "properties",
        "spring.rabbitmq.host = 10.3.0.7\nspring.rabbitmq.username = ward\nspring.rabbitmq.password = rabbit&Hole;42\nspring.rabbitmq.virtual-host = /his",
        ("rabbit&Hole;42",),
    ),
    (
        "properties",
        "spring.datasource.druid.stat-view-servlet.enabled=true\nspring.datasource.druid.stat-view-servlet.login-username=druid\nspring.datasource.druid.stat-view-servlet.login-password=Dru1d_M0n",
        ("Dru1d_M0n",),
    ),
    (
        "properties",
        "canal.instance.master.address=10.1.2.3:3306\ncanal.instance.dbUsername=canal\ncanal.instance.dbPassword=Can@l_Bin1og\ncanal.instance.filter.regex=ins\\\\..*",
        ("Can@l_Bin1og",),
    ),
    (
        "properties",
        "spring.security.user.name=actuator\nspring.security.user.password=Act!uat0r 2\nmanagement.endpoints.web.exposure.include=health,info,prometheus",
        ("Act!uat0r 2",),
    ),
    (
        "gradle-properties",
        "org.gradle.jvmargs=-Xmx2g\nnexusUsername=deploy\nnexusPassword=N3xus+Deploy/2024\nsigning.keyId=24875D73",
        ("N3xus+Deploy/2024",),
    ),
    (
        "gradle-properties",
        "我 ~/.gradle/gradle.properties 里有这几行，为什么 signing 插件还是说找不到 key：\nsigning.keyId=9F2A61C4\nsigning.password=pgp sign 4 release!\nsigning.secretKeyRingFile=/home/ci/.gnupg/secring.gpg",
        ("pgp sign 4 release!",),
    ),
    # ------------------------------------------------------- nacos / apollo
    (
        "nacos",
        "spring:\n  cloud:\n    nacos:\n      config:\n        server-addr: 172.16.3.9:8848\n        namespace: ward-prod\n        username: nacos\n        password: Nc0s!Ward#prd\n        file-extension: yaml",
        ("Nc0s!Ward#prd",),
    ),
    (
        "nacos",
        "nacos 控制台账号还是 nacos 没变，但是密码前两天被运维改成了 Xm9@nacOS-ops，所以现在所有服务都注册不上去",
        ("Xm9@nacOS-ops",),
    ),
    (
        "nacos",
        "### application.properties (nacos-server 2.3)\nnacos.core.auth.enabled=true\nnacos.core.auth.server.identity.key=serverIdentity\nnacos.core.auth.server.identity.value=7f1c9e2ab44d\nnacos.core.auth.plugin.nacos.token.secret.key=VI7bpmQCGBdmmWGsSqj7lbVRr/2oyUFlyYmvlvGYbYExbb5x7aSokNxykk6Mmj1a",
        ("VI7bpmQCGBdmmWGsSqj7lbVRr/2oyUFlyYmvlvGYbYExbb5x7aSokNxykk6Mmj1a",),
    ),
    (
        "apollo",
        "apollo 上 application 这个 namespace 里有个 key 叫 payment.notify.secret，value 现在是 hMz7#Kq2@vLp9，我们想把它挪到 Vault 里，要改哪些代码？",
        ("hMz7#Kq2@vLp9",),
    ),
    (
        "apollo",
        "app:\n  id: insure-claim\napollo:\n  meta: http://apollo-meta.insure:8080\n  access-key:\n    secret: 201d66d82e73ddc80f508b0832e909d8\n  bootstrap:\n    enabled: true",
        ("201d66d82e73ddc80f508b0832e909d8",),
    ),
    # --------------------------------------------------------- settings.xml
    (
        "settings-xml",
        "<servers>\n  <server>\n    <id>hospital-releases</id>\n    <username>ci-deployer</username>\n    <password>Mvn&amp;Rel3ase!</password>\n  </server>\n</servers>",
        ("Mvn&amp;Rel3ase!",),
    ),
    (
        "settings-xml",
        "<server>\n  <id>deploy-ssh</id>\n  <username>deploy</username>\n  <privateKey>${user.home}/.ssh/id_ed25519</privateKey>\n  <passphrase>tide pool 42 anchor</passphrase>\n</server>",
        ("tide pool 42 anchor",),
    ),
    (
        "settings-xml",
        "阿里云效的 maven 仓库 deploy 一直 401，settings.xml 是这样写的 <server><id>rdc-releases</id><username>61f0a1b2c3d4e5f6a7b8c9d0</username><password>xQ(2v]kTz9</password></server> 有问题吗",
        ("xQ(2v]kTz9",),
    ),
    # ----------------------------------------------------------------- .env
    (
        "dotenv",
        'DB_HOST=pg-claims.internal\nDB_USER=claims\nDB_PASS="Cl@ims 2024 #west"\nDB_PORT=5432',
        ("Cl@ims 2024 #west",),
    ),
    (
        "dotenv",
        "# .env (本地跑知识库问答用)\nOPENAI_API_KEY=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\nEMBEDDING_MODEL=text-embedding-3-small",
        (
            "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",
        ),
    ),
    (
        "dotenv",
        "NODE_ENV=production\nSESSION_SECRET=H#oC2zRjjU4@$E\nCOOKIE_DOMAIN=.museum-tickets.cn",
        ("H#oC2zRjjU4@$E",),
    ),
    (
        "dotenv",
        "AZURE_TENANT_ID=5b1e6c2f-0a3d-4f8e-9c7b-1d2e3f4a5b6c\nAZURE_CLIENT_ID=8c7d6e5f-4a3b-2c1d-0e9f-8a7b6c5d4e3f\nAZURE_CLIENT_SECRET=OLu8Q~2SuVBwIpUAZnCbeORfCPl6H86FcO8nS",
        ("OLu8Q~2SuVBwIpUAZnCbeORfCPl6H86FcO8nS",),
    ),
    # ------------------------------------------------------- docker-compose
    (
        "docker-compose",
        'services:\n  mysql:\n    image: mysql:8.0.36\n    environment:\n      MYSQL_ROOT_PASSWORD: \'Gr@in-Silo!9\'\n      MYSQL_DATABASE: grain\n    healthcheck:\n      test: ["CMD", "mysqladmin", "ping", "-h", "localhost", "-uroot", "-pGr@in-Silo!9"]',
        ("Gr@in-Silo!9",),
    ),
    (
        "docker-compose",
        "  minio:\n    image: minio/minio:RELEASE.2024-05-10T01-41-38Z\n    environment:\n      - MINIO_ROOT_USER=media-admin\n      - MINIO_ROOT_PASSWORD=Fr4me$Rate/60fps\n    command: server /data --console-address :9001",
        ("Fr4me$Rate/60fps",),
    ),
    (
        "docker-compose",
        "  postgres:\n    image: postgis/postgis:16-3.4\n    environment:\n      POSTGRES_USER: signal\n      POSTGRES_PASSWORD: ${PG_PASS:-Tr@ffic_L1ght}\n    volumes:\n      - pgdata:/var/lib/postgresql/data",
        ("Tr@ffic_L1ght",),
    ),
    # ---------------------------------------------------------- kubernetes
    (
        "k8s-secret",
        "apiVersion: v1\nkind: Secret\nmetadata:\n  name: opac-db\ntype: Opaque\ndata:\n  username: cmVhZGVy\n  password: SHpfbGliIzIwMjQh",
        ("SHpfbGliIzIwMjQh",),
    ),
    (
        "k8s-secret",
        'apiVersion: v1\nkind: Secret\nmetadata:\n  name: kafka-client\n  namespace: grid\nstringData:\n  KAFKA_SASL_USERNAME: grid-ingest\n  KAFKA_SASL_PASSWORD: "S4sl!pass 9"',
        ("S4sl!pass 9",),
    ),
    (
        "k8s-manifest",
        '      containers:\n      - name: ward-api\n        image: harbor.his.local/ward/ward-api:1.8.3\n        env:\n        - name: SPRING_PROFILES_ACTIVE\n          value: prod\n        - name: SPRING_DATASOURCE_PASSWORD\n          value: "Wx!2rt^Kp0"',
        ("Wx!2rt^Kp0",),
    ),
    (
        "kubectl",
        "kubectl create secret generic es-cred -n logging --from-literal=username=elastic --from-literal=password='El@st1c;Search'",
        ("El@st1c;Search",),
    ),
    (
        "kubectl",
        "kubectl create secret docker-registry harbor-pull --docker-server=harbor.school.edu.cn --docker-username='robot$edu' --docker-password=Hb7mPq2xLz9RwT4s -n jw",
        ("Hb7mPq2xLz9RwT4s",),
    ),
    (
        "helm",
        "helm install erp-db bitnami/postgresql -n erp --set auth.username=erp --set auth.password='H3lm!Pg_erp' --set auth.database=erp",
        ("H3lm!Pg_erp",),
    ),
    # -------------------------------------------------------------- CI/CD
    (
        "jenkinsfile",
        "pipeline {\n  agent any\n  environment {\n    SONAR_TOKEN = 'squ_afdd033e1afc39ccbc1d7f9dc48722e5f6bb7453'\n  }\n  stages {\n    stage('scan') { steps { sh 'mvn sonar:sonar -Dsonar.token=$SONAR_TOKEN' } }\n  }\n}",
        ("squ_afdd033e1afc39ccbc1d7f9dc48722e5f6bb7453",),
    ),
    (
        "jenkinsfile",
        "stage('deploy') {\n  steps {\n    sh \"sshpass -p 'Dep!oy#Ward9' scp target/his.war deploy@10.9.0.5:/opt/tomcat/webapps/\"\n  }\n}",
        ("Dep!oy#Ward9",),
    ),
    (
        "jenkinsfile",
        "这段 Jenkinsfile 老是卡在 login：\nsh 'docker login -u admin -p Harb0r12345 harbor.mes.local'\nsh 'docker push harbor.mes.local/mes/andon:${BUILD_NUMBER}'",
        ("Harb0r12345",),
    ),
    (
        "gitlab-ci",
        "deploy-web:\n  stage: deploy\n  variables:\n    ALIYUN_AK: LTAI5tD4kE9DH9dvyGkwmtpm\n    ALIYUN_SK: lsOT6KPx0ify799ei8CSrr3j8KQSUJ\n  script:\n    - ossutil cp -r dist/ oss://cinema-web/ -i $ALIYUN_AK -k $ALIYUN_SK",
        ("lsOT6KPx0ify799ei8CSrr3j8KQSUJ",),
    ),
    (
        "gitlab-ci",
        'build-image:\n  before_script:\n    - echo "glpat-Znz8aD7Yf9RxqOUs1AM5" | docker login registry.gitlab.com -u ci-bot --password-stdin\n  script:\n    - docker build -t $IMAGE .',
        ("glpat-Znz8aD7Yf9RxqOUs1AM5",),
    ),
    (
        "github-actions",
        "      - name: Publish SDK\n        run: npm publish --access public\n        env:\n          NODE_AUTH_TOKEN: npm_LHgWZZeyd47YZzVXiOI9KkcXO1B965Lfk1zW",
        ("npm_LHgWZZeyd47YZzVXiOI9KkcXO1B965Lfk1zW",),
    ),
    # ------------------------------------------------------- shell commands
    (
        "shell-history",
        "  501  export PGPASSWORD='Bl00d#Bank_77'\n  502  psql -h 10.3.4.5 -U donor -d bloodbank\n  503  history | grep psql",
        ("Bl00d#Bank_77",),
    ),
    (
        "shell-history",
        "   88  redis-cli -h 10.0.6.12 -p 6379 -a 'P@rk1ng;Lot*3' --no-auth-warning\n   89  redis-cli -h 10.0.6.12 info memory",
        ("P@rk1ng;Lot*3",),
    ),
    (
        "shell-history",
        '$ export ANTHROPIC_API_KEY="sk-ant-api03-qxYEVStT5c6-_VX3pHqeSbTgInsZM45l01a7efTifBKuGGunlt0_jWvhLq52jrSnNOZWLTrev9glu2tLvOuDVo-71Auz9AA"\n$ ./gradlew :assistant:run',
        (
            "sk-ant-api03-qxYEVStT5c6-_VX3pHqeSbTgInsZM45l01a7efTifBKuGGunlt0_jWvhLq52jrSnNOZWLTrev9glu2tLvOuDVo-71Auz9AA",
        ),
    ),
    (
        "mysql-cli",
        "$ mysql -h rm-bp1k2j3h4g5f6d7s8.mysql.rds.aliyuncs.com -uexam_rw -pEx4m!Score2025 exam\nERROR 2003 (HY000): Can't connect to MySQL server",
        ("Ex4m!Score2025",),
    ),
    (
        "mysql-cli",
        "mysql --user=hr --password='Pay Roll 2025!' --host=127.0.0.1 payroll < patch_20251201.sql",
        ("Pay Roll 2025!",),
    ),
    (
        "mysql-cli",
        "mysqldump -h10.2.2.9 -P3306 -ubackup --password=Dump%Nightly7 --single-transaction library > library.sql",
        ("Dump%Nightly7",),
    ),
    (
        "psql-cli",
        "psql \"postgresql://gis:T1le%40Map%2F9@pg-gis:5432/tiles?sslmode=require\" -c 'select count(*) from planet_osm_line'",
        ("T1le%40Map%2F9",),
    ),
    (
        "psql-cli",
        "PGPASSWORD=w3ather_St@tion pg_dump -h 10.7.7.7 -U obs climate > climate.sql",
        ("w3ather_St@tion",),
    ),
    (
        "redis-cli",
        "redis-cli -u redis://default:Q9x%23lk2@cache-3.internal:6379/2 --scan --pattern 'seat:*'",
        ("Q9x%23lk2",),
    ),
    (
        "redis-cli",
        "redis-cli -h 10.4.4.2 -a \"Cin3ma&Seat\" keys 'lock:*' | head",
        ("Cin3ma&Seat",),
    ),
    (
        "keytool",
        "keytool -importkeystore -srckeystore old.jks -srcstorepass Ks0ld!pw -destkeystore new.p12 -deststoretype PKCS12 -deststorepass 'N3w Store#p12'",
        ("Ks0ld!pw", "N3w Store#p12"),
    ),
    (
        "keytool",
        "keytool -genkeypair -alias tomcat -keyalg RSA -keysize 2048 -keystore ward.jks -storepass Tm9cat_ks -keypass Tm9cat_key -validity 3650",
        ("Tm9cat_ks", "Tm9cat_key"),
    ),
    (
        "openssl",
        "openssl pkcs12 -export -in server.crt -inkey server.key -out server.p12 -name gateway -passout pass:Cert#Exp0rt",
        ("Cert#Exp0rt",),
    ),
    (
        "openssl",
        "解密银联给的私钥用的是这条：openssl rsa -in encrypted.key -out plain.key -passin pass:R5a_Unl0ck! 解出来之后 Java 这边怎么读 PKCS1？",
        ("R5a_Unl0ck!",),
    ),
    (
        "openssl",
        "openssl enc -aes-256-cbc -pbkdf2 -salt -in backup.sql -out backup.sql.enc -k 'dump it 4 safe'",
        ("dump it 4 safe",),
    ),
    (
        "curl",
        "curl -u admin:Gr@fana!Mon -X POST http://grafana.ops:3000/api/dashboards/db -H 'Content-Type: application/json' -d @dash.json",
        ("Gr@fana!Mon",),
    ),
    ("curl", "curl -k -u elastic:'N7z+Wq;ES' https://es-logs:9200/_cat/indices?v", ("N7z+Wq;ES",)),
    (
        "curl",
        "curl -X POST https://iot.example-meter.cn/oauth/token -d 'grant_type=password&username=gw01&password=Gw%2601pass&client_id=edge'",
        ("Gw%2601pass",),
    ),
    (
        "curl",
        "curl -X POST https://auth.fleet-rental.cn/oauth2/token -d grant_type=client_credentials -d client_id=billing-job -d client_secret=5d8Fq2LmZ9xR7wT3vB1n",
        ("5d8Fq2LmZ9xR7wT3vB1n",),
    ),
    (
        "sshpass",
        "sshpass -p 'Ans!ble 3 root' ssh -o StrictHostKeyChecking=no root@10.0.3.3 'systemctl restart his-gateway'",
        ("Ans!ble 3 root",),
    ),
    # ---------------------------------------------------------- DB URLs
    (
        "jdbc-url",
        "url: jdbc:sqlserver://10.1.1.8:1433;databaseName=HIS;user=his_ro;password={Sa;Pw2024!};encrypt=false",
        ("Sa;Pw2024!",),
    ),
    (
        "jdbc-url",
        "jdbc:mysql://app_rw:Tk%239x%21Lp2@10.2.2.2:3306/tos?useSSL=false",
        ("Tk%239x%21Lp2",),
    ),
    (
        "jdbc-url",
        "老系统用的是 Oracle，连接串是 jdbc:oracle:thin:insurer/Or4cle#Clm@//db-claims:1521/CLAIMS ，升级 ojdbc11 以后连不上",
        ("Or4cle#Clm",),
    ),
    (
        "jdbc-url",
        "spring.datasource.url=jdbc:postgresql://pg:5432/court?user=efile&password=C0urt%26Case1&currentSchema=filing",
        ("C0urt%26Case1",),
    ),
    (
        "jdbc-url",
        "政务云上用的达梦，url 写的 jdbc:dm://10.10.1.3:5236?user=SYSDBA&password=Dm8_Gov#2025&schema=PORTAL，这个 # 会不会被当成锚点截断？",
        ("Dm8_Gov#2025",),
    ),
    (
        "mongo-url",
        "spring.data.mongodb.uri=mongodb://museum:Art!fact_2024@10.6.1.1:27017,10.6.1.2:27017/collections?authSource=admin&replicaSet=rs0",
        ("Art!fact_2024",),
    ),
    (
        "mongo-url",
        "mongodb+srv://telemetry:Sat%2Fv1%3Dlink@cluster0.ab1cd.mongodb.net/weather?retryWrites=true&w=majority",
        ("Sat%2Fv1%3Dlink",),
    ),
    (
        "amqp-url",
        "spring.rabbitmq.addresses=amqp://parcel:H0p$c0tch@mq1.logi:5672/parcel-vhost",
        ("H0p$c0tch",),
    ),
    (
        "amqp-url",
        "连接串 amqps://guest_ops:W4rren~Rab@rabbit.prod:5671 在 k8s 里用 secret 注入的话要不要 urlencode？",
        ("W4rren~Rab",),
    ),
    ("redis-url", "spring.redis.url=redis://:Zk7%2Bq%2Fw@10.1.9.9:6379/0", ("Zk7%2Bq%2Fw",)),
    (
        "redis-url",
        "REDIS_URL=rediss://default:Lib/Hold+Q9@redis-holds.internal:6380",
        ("Lib/Hold+Q9",),
    ),
    (
        "kafka-jaas",
        'spring.kafka.properties.security.protocol=SASL_PLAINTEXT\nspring.kafka.properties.sasl.mechanism=SCRAM-SHA-512\nspring.kafka.properties.sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required username="grid-ingest" password="Gr1d;Ingest=5";',
        ("Gr1d;Ingest=5",),
    ),
    (
        "kafka-jaas",
        "KafkaClient {\n  org.apache.kafka.common.security.plain.PlainLoginModule required\n  username='QWERT6YUIOP2ASDF'\n  password='4R+8KYWE07xyQeFG6qyaQrSXxILG8m+h8yeaogxHNtW8RVIA6NXH17uKlaoe1fqW';\n};",
        ("4R+8KYWE07xyQeFG6qyaQrSXxILG8m+h8yeaogxHNtW8RVIA6NXH17uKlaoe1fqW",),
    ),
    (
        "elasticsearch",
        'kibana.yml:\nserver.host: "0.0.0.0"\nelasticsearch.hosts: ["https://es-logs:9200"]\nelasticsearch.username: "kibana_system"\nelasticsearch.password: "K1bana_sys#01"',
        ("K1bana_sys#01",),
    ),
    (
        "elasticsearch",
        'RestClient 这么建的，返回 401：\nHeader[] headers = { new BasicHeader("Authorization", "ApiKey VngyYVE5ZlRiRTFrTG03blAwclM6dWkybHAyYXhUTm1zeWFrdzl0dk5udw==") };',
        ("VngyYVE5ZlRiRTFrTG03blAwclM6dWkybHAyYXhUTm1zeWFrdzl0dk5udw==",),
    ),
    (
        "pgpass",
        "~/.pgpass 里写的是 10.3.3.3:5432:warehouse:etl:Etl\\:Pass#5 权限也改成 600 了，psql 还是让我输密码",
        ("Etl\\:Pass#5",),
    ),
    (
        "netrc",
        "machine repo.energy-grid.cn\n  login builder\n  password Gr1d-Bu1lder_#",
        ("Gr1d-Bu1lder_#",),
    ),
    (
        "redis-conf",
        "# redis.conf (哨兵模式，主从都要配)\nbind 0.0.0.0\nrequirepass Rq!pass_6379\nmasterauth Rq!pass_6379\nappendonly yes",
        ("Rq!pass_6379",),
    ),
    (
        "zk-cli",
        "[zk: 10.0.0.1:2181(CONNECTED) 3] addauth digest dubbo:Zk_Dub8o!\n[zk: 10.0.0.1:2181(CONNECTED) 4] ls /dubbo",
        ("Zk_Dub8o!",),
    ),
    (
        "rocketmq-acl",
        "plain_acl.yml:\naccounts:\n  - accessKey: logi-producer\n    secretKey: Rmq#Sk_9f2e71\n    whiteRemoteAddress:\n    admin: false\n    defaultTopicPerm: PUB",
        ("Rmq#Sk_9f2e71",),
    ),
    # --------------------------------------------------------------- SQL
    (
        "sql",
        "CREATE USER 'bi_reader'@'%' IDENTIFIED BY 'Bi_R3ader#2025';\nGRANT SELECT ON dw.* TO 'bi_reader'@'%';",
        ("Bi_R3ader#2025",),
    ),
    ("sql", "ALTER USER postgres WITH PASSWORD 'Pg$up3r;Us3r';", ("Pg$up3r;Us3r",)),
    (
        "sql",
        'oracle 里执行 alter user scott identified by "T1ger#Ora"; 报 ORA-00988，是因为井号吗',
        ("T1ger#Ora",),
    ),
    # ------------------------------------------------------------ code
    (
        "java",
        'DataSource ds = DataSourceBuilder.create()\n    .url("jdbc:mysql://10.3.3.3:3306/parking")\n    .username("park")\n    .password("P4rk!ng#Spot")\n    .build();',
        ("P4rk!ng#Spot",),
    ),
    (
        "java",
        'JedisPool pool = new JedisPool(new JedisPoolConfig(), "10.0.8.8", 6379, 2000, "J3dis+Pool=ok");',
        ("J3dis+Pool=ok",),
    ),
    (
        "java",
        'Algorithm algorithm = Algorithm.HMAC256("my-jwt-signing-key-for-edu-2025");\nString token = JWT.create().withIssuer("edu").sign(algorithm);',
        ("my-jwt-signing-key-for-edu-2025",),
    ),
    (
        "java",
        'ConnectionFactory factory = new ConnectionFactory();\nfactory.setHost("10.3.0.7");\nfactory.setUsername("ward");\nfactory.setPassword("r@bbit-Ops;2");',
        ("r@bbit-Ops;2",),
    ),
    (
        "java",
        'Session session = Session.getInstance(props, new Authenticator() {\n    @Override\n    protected PasswordAuthentication getPasswordAuthentication() {\n        return new PasswordAuthentication("alert@hydro.cn", "Hydr0 Alert 2025");\n    }\n});',
        ("Hydr0 Alert 2025",),
    ),
    (
        "java",
        'CredentialsProvider cp = new BasicCredentialsProvider();\ncp.setCredentials(AuthScope.ANY, new UsernamePasswordCredentials("svc-backup", "B4ckup!Svc".toCharArray()));',
        ("B4ckup!Svc",),
    ),
    (
        "java",
        'Stripe.apiKey = "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";\nPaymentIntent intent = PaymentIntent.create(params);',
        (
            "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",
        ),
    ),
    (
        "java",
        'MinioClient client = MinioClient.builder()\n    .endpoint("http://10.8.0.2:9000")\n    .credentials("media-rw", "M1n10/Secret+Key22")\n    .build();',
        ("M1n10/Secret+Key22",),
    ),
    (
        "java",
        '// TODO 上线前删掉 测试账号 test01/Tst#0101\n@Test void loginOk() { login("test01", "Tst#0101"); }',
        ("Tst#0101",),
    ),
    (
        "java",
        'OSS ossClient = new OSSClientBuilder().build("https://oss-cn-hangzhou.aliyuncs.com", "LTAI5tQw7Yk2Ea9PzRm4Nc8B", "Z3mK8pQ1vR7sT0uW2xY4aB6cD9eF5g");',
        ("Z3mK8pQ1vR7sT0uW2xY4aB6cD9eF5g",),
    ),
    (
        "kotlin",
        'val client = OkHttpClient.Builder().addInterceptor { chain ->\n    chain.proceed(chain.request().newBuilder()\n        .header("Authorization", "Bearer hf_yRylTR6Wu4fDtG0gReJZy4hMazMuRfacJe")\n        .build())\n}.build()',
        ("hf_yRylTR6Wu4fDtG0gReJZy4hMazMuRfacJe",),
    ),
    (
        "kotlin",
        'object FarmDb {\n    const val URL = "jdbc:mysql://10.2.0.4:3306/greenhouse"\n    const val USER = "farm"\n    const val PWD = "K0tl!n_Farm"\n}',
        ("K0tl!n_Farm",),
    ),
    (
        "groovy",
        "publishing {\n  repositories {\n    maven {\n      url 'https://nexus.insure.local/repository/releases/'\n      credentials {\n        username 'gradle-pub'\n        password 'Gr4dle~Pub!'\n      }\n    }\n  }\n}",
        ("Gr4dle~Pub!",),
    ),
    (
        "groovy",
        "def sql = Sql.newInstance('jdbc:postgresql://pg/erp', 'erp', 'Erp#Gro0vy', 'org.postgresql.Driver')\nsql.eachRow('select * from bom limit 10') { println it }",
        ("Erp#Gro0vy",),
    ),
    (
        "go",
        'cfg := &mysql.Config{User: "fleet", Passwd: "Fl33t_Car#rent", Net: "tcp", Addr: "10.5.5.5:3306", DBName: "rental"}\ndb, err := sql.Open("mysql", cfg.FormatDSN())',
        ("Fl33t_Car#rent",),
    ),
    (
        "go",
        'client := openai.NewClient("sk-55GMJfukyzlqWk6kUiNu07wWhV01ls6pHTmjchktyi6znXjP")\nresp, err := client.CreateChatCompletion(ctx, req)',
        ("sk-55GMJfukyzlqWk6kUiNu07wWhV01ls6pHTmjchktyi6znXjP",),
    ),
    (
        "python",
        "conn = pymysql.connect(host='10.7.0.3', user='lab', password='Py!Lab;07', db='lims', charset='utf8mb4')",
        ("Py!Lab;07",),
    ),
    (
        "python",
        "HF_TOKEN = \"hf_Bj98QvwxEBLNT6T5tgFpGp0xRbDFTe4u2Z\"\nmodel = AutoModel.from_pretrained('lab-org/internal-ocr', token=HF_TOKEN)",
        ("hf_Bj98QvwxEBLNT6T5tgFpGp0xRbDFTe4u2Z",),
    ),
    (
        "python",
        'import stripe\nstripe.api_key = "sk_live_y6LXnSlqhGbauTNqetO82fJc"\nprint(stripe.Balance.retrieve())',
        ("sk_live_y6LXnSlqhGbauTNqetO82fJc",),
    ),
    (
        "javascript",
        "const transporter = nodemailer.createTransport({ host: 'smtp.163.com', port: 465, secure: true, auth: { user: 'museum_notice@163.com', pass: 'UXKQJHWBMZPQRSTA' } });",
        ("UXKQJHWBMZPQRSTA",),
    ),
    (
        "javascript",
        "const sgMail = require('@sendgrid/mail');\nsgMail.setApiKey('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');",
        ("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",),
    ),
    # ------------------------------------------------------ stack traces
    (
        "stacktrace",
        "org.springframework.data.redis.RedisConnectionFailureException: Unable to connect to Redis\nCaused by: io.lettuce.core.RedisConnectionException: Unable to connect to redis://:Qn4%2Fbed@10.1.9.9:6379\n\tat io.lettuce.core.RedisConnectionException.create(RedisConnectionException.java:78)",
        ("Qn4%2Fbed",),
    ),
    (
        "stacktrace",
        "2025-12-02 09:13:44.101 ERROR 7 --- [reate-15536177] com.alibaba.druid.pool.DruidDataSource  : create connection SQLException, url: jdbc:mysql://10.0.1.1:3306/cms?user=cms&password=Cms%40Edit2025, errorCode 1045, state 28000\njava.sql.SQLException: Access denied for user 'cms'@'10.0.1.9' (using password: YES)",
        ("Cms%40Edit2025",),
    ),
    (
        "stacktrace",
        "Caused by: java.sql.SQLException: Access denied for user 'ticket'@'10.4.0.17' (using password: YES)\n\tat com.mysql.cj.jdbc.exceptions.SQLError.createSQLException(SQLError.java:130)\n... url=jdbc:mysql://10.4.0.9:3306/rail?user=ticket&password=Ra1l!Tix88&useSSL=false",
        ("Ra1l!Tix88",),
    ),
    # ------------------------------------------------------- log lines
    (
        "log-line",
        "2025-11-30 14:02:11.337 DEBUG 1 --- [nio-8080-exec-3] c.h.w.filter.AuthFilter : incoming token=ghs_7XSSoPa0D3P0O3n0gOW7naNudMlLwoPQLq6T from 10.2.0.44",
        ("ghs_7XSSoPa0D3P0O3n0gOW7naNudMlLwoPQLq6T",),
    ),
    (
        "log-line",
        "INFO  o.a.c.RequestLog - GET /gettoken?appkey=dingq3xk2l1v&appsecret=DTM6moj9pOmyfXSnufo4Zi3ZaxRSPjUP5L9KcQjW7U0xPP22GkGwnT-cX_0DIBQ3 200 31ms",
        ("DTM6moj9pOmyfXSnufo4Zi3ZaxRSPjUP5L9KcQjW7U0xPP22GkGwnT-cX_0DIBQ3",),
    ),
    (
        "log-line",
        "[OrderClient#charge] ---> POST http://pay-gw/api/v1/charge HTTP/1.1\n[OrderClient#charge] Authorization: Bearer eyJhbGciOiJIUzUxMiJ9.eyJ1aWQiOjc3LCJpYXQiOjE3NjQ4MDY0MDB9.hGflRtU-yOKhJXvbJWybPk-7SYFG73Awy_lTclLczq3XZLajL7sJrerhCcSplyA5dTUrh4sUXIpC2ITPTP2nLQ\n[OrderClient#charge] ---> END HTTP (512-byte body)",
        (
            "eyJhbGciOiJIUzUxMiJ9.eyJ1aWQiOjc3LCJpYXQiOjE3NjQ4MDY0MDB9.hGflRtU-yOKhJXvbJWybPk-7SYFG73Awy_lTclLczq3XZLajL7sJrerhCcSplyA5dTUrh4sUXIpC2ITPTP2nLQ",
        ),
    ),
    (
        "log-line",
        "WARN  c.e.g.GameLoginHandler - login failed uid=88123 pwd=Dr@gon!Slayer77 ip=113.5.2.9 reason=BANNED",
        ("Dr@gon!Slayer77",),
    ),
    # ---------------------------------------------------- Chinese chat
    (
        "zh-chat",
        "刚才那个连不上的问题解决了吗？哦对，我忘了说，测试环境那台 PostgreSQL 我们上周重置过，现在用的口令是 Qz!81pp#Lm",
        ("Qz!81pp#Lm",),
    ),
    (
        "zh-chat",
        "你帮我看下为啥登录失败，用户名 his_admin，我输的密码是 Yy_1688@ward，确定没输错",
        ("Yy_1688@ward",),
    ),
    ("zh-chat", "跳板机 10.20.0.1，账号 ops，密码我放最后说：Jb#0ps!2025", ("Jb#0ps!2025",)),
    (
        "zh-chat",
        "这套 MES 的管理员是 mes_admin，初始密码一直没改过，就是 Mes@2023! 这个，审计说要改",
        ("Mes@2023!",),
    ),
    (
        "zh-chat",
        "pg 那边 replication 用户的 password 我改成 rep1ic@tion-Slot 了，从库的 primary_conninfo 要跟着改吗",
        ("rep1ic@tion-Slot",),
    ),
    (
        "zh-chat",
        "你把 Kd9#2mQ!p 填进 spring.datasource.password 就能连上了，我刚试过",
        ("Kd9#2mQ!p",),
    ),
    (
        "zh-chat",
        "你要是需要连那个报表库的话，地址是 10.9.8.7，端口 3306，用户 report，密码嘛，Rp#2025q3 ，只读的别担心",
        ("Rp#2025q3",),
    ),
    (
        "zh-chat",
        "打印机管理后台（就是那台 CUPS）root 的口令被我设成了 cups4Print!! ，你先别管它，先看 Java 这边为啥提交不了任务",
        ("cups4Print!!",),
    ),
    (
        "zh-chat",
        "新同事入职要连测试库，我把账号给他了：qa_reader，口令：Qa~Read 0nly",
        ("Qa~Read 0nly",),
    ),
    ("zh-chat", "密码：Hk2025!@jw （教务系统后台的，周五前要改）", ("Hk2025!@jw",)),
    (
        "zh-chat",
        "SFTP 对方说用户名和密码一起发邮件了，我抄过来：用户名 edi_sf，密码 9Lm$eDi&Sf",
        ("9Lm$eDi&Sf",),
    ),
    (
        "zh-chat",
        "<private>我家 NAS 的管理员密码 nas!Home2025</private> 顺便问一下 Java 怎么用 SMB 协议读 NAS 上的文件",
        ("nas!Home2025",),
    ),
    # ---------------------------------------------- Chinese voice input
    (
        "zh-voice",
        "帮我连一下生产的redis密码是r3dis8899prod然后看看内存为什么一直涨",
        ("r3dis8899prod",),
    ),
    (
        "zh-voice",
        "我跟你说一下啊gitlab的token是glpat-xp40w8pfcN37w11fNkNa你用这个去拉代码就行不用再问我了",
        ("glpat-xp40w8pfcN37w11fNkNa",),
    ),
    (
        "zh-voice",
        "测试环境数据库账号root密码Test1234那个库名叫his_test你帮我写个连接配置",
        ("Test1234",),
    ),
    (
        "zh-voice",
        "就是那个sftp服务器嘛用户名是edi密码是edi2024sftp然后端口是22你看下为啥连不上",
        ("edi2024sftp",),
    ),
    (
        "zh-voice",
        "对方给的接口密钥是7f3c9a12e8b44d0f9e1a6b2c5d8f0a3e然后签名用的md5你帮我写个签名工具类",
        ("7f3c9a12e8b44d0f9e1a6b2c5d8f0a3e",),
    ),
    (
        "zh-voice",
        "嗯那个堡垒机我登不上了我的密码应该是Bl0ck@house吧你帮我看看是不是被锁了",
        ("Bl0ck@house",),
    ),
    # ---------------------------------------------------- two sentences
    (
        "two-sentence",
        "staging 的 redis 密码我发你一下。是 r3d!s-Stg-2024，后面没有空格。",
        ("r3d!s-Stg-2024",),
    ),
    (
        "two-sentence",
        "I'll give you the SFTP login for the carrier. User is edi_dhl. The password, which they rotated last Friday, is now Xf8#pw_Carrier.",
        ("Xf8#pw_Carrier",),
    ),
    (
        "two-sentence",
        "自助借还机连后台用的是一个写死的 token。值是 Kiosk.7f40b3d2e7c1a9，写在 kiosk.conf 里。",
        ("Kiosk.7f40b3d2e7c1a9",),
    ),
    (
        "two-sentence",
        "Jenkins 那台的管理员账号是 admin。密码呢，是 Jk!ns-C1-Mgr，别外传。",
        ("Jk!ns-C1-Mgr",),
    ),
    (
        "two-sentence",
        "The vendor finally answered. Their sandbox key for the customs declaration API: cbx_test_9fK2mLq7Rz4Wv1Tn8Yp3",
        ("cbx_test_9fK2mLq7Rz4Wv1Tn8Yp3",),
    ),
    (
        "two-sentence",
        "数据库是 mysql 8。root 我们不用，应用账号叫 lease_app，它的密码跟去年那个不一样了，现在是 L3ase_App@24。",
        ("L3ase_App@24",),
    ),
    # --------------------------------------------------------- English
    (
        "en-chat",
        "fyi the read replica creds for the warehouse db: user wms_ro, pw wms_R0!replica - rotate after the audit",
        ("wms_R0!replica",),
    ),
    (
        "en-chat",
        "Okay so after a lot of back and forth with the vendor, who kept sending us keys that had already expired, the API key they finally gave us for the marine weather feed is mwf-4b9d2e71c0a8f356 and it seems to work in Postman.",
        ("mwf-4b9d2e71c0a8f356",),
    ),
    (
        "en-chat",
        "We rotated it this morning; the new value for the broker password is `mQ7!vb 3Lx` (yes, there's a space in it).",
        ("mQ7!vb 3Lx",),
    ),
    (
        "en-chat",
        "the secret for verifying webhooks from the payment provider is whsec_qE3nYEm13vPKQOphnEFZ58NsDiVKfpXm, but signature check fails on every event",
        ("whsec_qE3nYEm13vPKQOphnEFZ58NsDiVKfpXm",),
    ),
    (
        "en-chat",
        "Our Stripe restricted key (rk_live_51v5Jntg2wykITVyo9v0NeP2sSXmQvrloC7tas80QhNDVm0Z3yUL) only has read on charges, why can it still list customers?",
        ("rk_live_51v5Jntg2wykITVyo9v0NeP2sSXmQvrloC7tas80QhNDVm0Z3yUL",),
    ),
    (
        "en-chat",
        "Our keystore password is Store&Pass 2025 (with the space). Does Spring need it quoted in server.ssl.key-store-password?",
        ("Store&Pass 2025",),
    ),
    (
        "en-chat",
        "Login for the staging Keycloak admin console, in case you need it to check the realm settings, is admin and the password we agreed on yesterday, K3ycl0ak!stg.",
        ("K3ycl0ak!stg",),
    ),
    # ------------------------------------------------ non-native English
    (
        "en-nonnative",
        "Hello, my teamleader tell me the password of test environment mysql is change to 'Wq8#mnb2' yesterday, but still I can not login, please help check",
        ("Wq8#mnb2",),
    ),
    (
        "en-nonnative",
        "the token of our gitea is dda172aaec33091a6b99a559dc2b19f3a9a0219e ,i put it in the header but it return 401 always",
        ("dda172aaec33091a6b99a559dc2b19f3a9a0219e",),
    ),
    (
        "en-nonnative",
        "For connect the elevator monitor platform, username is elev_api and pass word is Elv@tor_9F , why return 403?",
        ("Elv@tor_9F",),
    ),
    (
        "en-nonnative",
        "I am use this key AIzawHvZZsoz7qvffao25FcEk7xG-fTM7Pk1C-7 for call the google geocoding, but it say REQUEST_DENIED",
        ("AIzawHvZZsoz7qvffao25FcEk7xG-fTM7Pk1C-7",),
    ),
    # ----------------------------------------------------- 中英混合
    (
        "mixed",
        "这个 service 的 client_secret 是 Qm8$Lz0-Ro7!，scope 只给了 read，帮我看下 token endpoint 为啥 401",
        ("Qm8$Lz0-Ro7!",),
    ),
    (
        "mixed",
        "prod 的 DB password 是 Pr0d_Db&2025, 不过我们下周会 rotate，先帮我把 HikariCP 的参数调一下",
        ("Pr0d_Db&2025",),
    ),
    (
        "mixed",
        "API key 我已经 export 了：DEEPSEEK_API_KEY=sk-9f3b2c7e1a4d4e8f9b0c6d5e2a1f7c3b ，但 Spring AI 还是读不到",
        ("sk-9f3b2c7e1a4d4e8f9b0c6d5e2a1f7c3b",),
    ),
    (
        "mixed",
        "帮我 debug 一下，request header 里带的是 `Authorization: Basic amVua2luczoxMWEyZjBjMzllNWQ0YjdmOGExYzNlOWQyYjZmNGE3MGJl`，Jenkins 还是返回 403",
        ("amVua2luczoxMWEyZjBjMzllNWQ0YjdmOGExYzNlOWQyYjZmNGE3MGJl",),
    ),
    (
        "mixed",
        "Slack bot 的 token 是 xoxb-493652511581-2927297462902-qGezOugiryYi08B14C7YKhgP，channel 我已经 invite 过了，为什么 chat.postMessage 还是 not_in_channel？",
        ("xoxb-493652511581-2927297462902-qGezOugiryYi08B14C7YKhgP",),
    ),
    # -------------------------------------------------- markdown tables
    (
        "markdown-table",
        "各环境账号整理如下：\n\n| 环境 | 地址 | 账号 | 密码 |\n|---|---|---|---|\n| dev | 10.1.0.5 | dev_rw | Dev#2025rw |\n| uat | 10.1.1.5 | uat_rw | U@t!rw-77 |",
        ("Dev#2025rw", "U@t!rw-77"),
    ),
    (
        "markdown-table",
        "| 服务 | Key |\n|---|---|\n| 地图 (Google) | AIzaGy6qPXaAXcp4CKgH6l8L1n59PsZlsEXi6TS |\n| 短信 (Twilio auth token) | 30fdd286e543650067137629445ae9e1 |",
        ("AIzaGy6qPXaAXcp4CKgH6l8L1n59PsZlsEXi6TS", "30fdd286e543650067137629445ae9e1"),
    ),
    (
        "markdown-table",
        "| name | value |\n|------|-------|\n| ES_USER | elastic |\n| ES_PASSWORD | Xs9!kibana-ES |\n| ES_HOST | https://es.grid:9200 |",
        ("Xs9!kibana-ES",),
    ),
    (
        "markdown-table",
        "| 应用 | AppID | AppSecret |\n| --- | --- | --- |\n| 挂号小程序 | wx5e1f0a9b8c7d6e21 | 84d7f74c69d1b606e50a2e8d520f8227 |",
        ("84d7f74c69d1b606e50a2e8d520f8227",),
    ),
    # ---------------------------------------------------- bullet lists
    (
        "bullet-list",
        "部署清单：\n- 服务器：10.30.2.11\n- SSH 用户：deploy\n- SSH 密码：Dp!0y 2025 blue\n- 目录：/opt/ticketing",
        ("Dp!0y 2025 blue",),
    ),
    (
        "bullet-list",
        "Monitoring stack:\n* Grafana admin: `admin` / `Gf_pa55;word`\n* Prometheus: no auth\n* Alert robot: https://oapi.dingtalk.com/robot/send?access_token=feb61b197e81a68a2e9176dde8525836b14c806d390c1e225c454fe34ab9555d",
        ("Gf_pa55;word", "feb61b197e81a68a2e9176dde8525836b14c806d390c1e225c454fe34ab9555d"),
    ),
    (
        "bullet-list",
        "交接一下 OA 那边的东西：\n1. 域名证书下个月到期\n2. LDAP 绑定账号 cn=oa-bind，密码 Ld@p-Bind_3\n3. 备份脚本在 /data/scripts/backup.sh",
        ("Ld@p-Bind_3",),
    ),
    # ------------------------------------------------------------- JSON
    (
        "json",
        '{\n  "type": "service_account",\n  "project_id": "agri-drone-prod",\n  "private_key": "-----BEGIN PRIVATE KEY-----\\nUFCeEbJF0Fgox25h9TFDSTlX+ZEmlo1qbNYnPH7ttxMpu8pv31QGwznjMXTOysA0\\n0H9OhLXlTfkYiuFptfkLHx4KNqkdCedAtnq0Q6PHrVYmwGa6j7KJDY1mrjcDSA+C\\n-----END PRIVATE KEY-----\\n",\n  "client_email": "uploader@agri-drone-prod.iam.gserviceaccount.com"\n}',
        (
            "UFCeEbJF0Fgox25h9TFDSTlX+ZEmlo1qbNYnPH7ttxMpu8pv31QGwznjMXTOysA0",
            "0H9OhLXlTfkYiuFptfkLHx4KNqkdCedAtnq0Q6PHrVYmwGa6j7KJDY1mrjcDSA+C",
        ),
    ),
    (
        "json",
        '微信支付配置：{"appId":"wx8f3a2b1c0d9e7f65","mchId":"1603344556","apiV3Key":"Vk3Jq9Lm2Xp7Rt5Wz8Yb1Nc4Hd6Fg0Sa","notifyUrl":"https://pay.clinic.cn/notify"}',
        ("Vk3Jq9Lm2Xp7Rt5Wz8Yb1Nc4Hd6Fg0Sa",),
    ),
    (
        "json",
        '~/.docker/config.json:\n{\n  "auths": {\n    "harbor.media.cn": {\n      "auth": "cm9ib3QkbWVkaWErY2k6SHE3cFoya0w5bVh3NFJ0Tg=="\n    }\n  }\n}',
        ("cm9ib3QkbWVkaWErY2k6SHE3cFoya0w5bVh3NFJ0Tg==",),
    ),
    (
        "json",
        '"ConnectionStrings": {\n  "Default": "Server=tcp:sql-claims.database.windows.net,1433;Initial Catalog=claims;User ID=claims_app;Password=Cl@1ms!Az;Encrypt=True;"\n}',
        ("Cl@1ms!Az",),
    ),
    (
        "json",
        'POST /api/login 的请求体抓包是 {"account":"lib_circ01","pwd":"C1rc,desk}2","remember":true}，后端收到的 pwd 被截断了',
        ("C1rc,desk}2",),
    ),
    # -------------------------------------------------------------- XML
    (
        "xml",
        '<bean id="dataSource" class="com.alibaba.druid.pool.DruidDataSource">\n  <property name="url" value="jdbc:mysql://10.0.2.2:3306/erp"/>\n  <property name="username" value="erp"/>\n  <property name="password" value="Xml&lt;Erp&gt;9"/>\n</bean>',
        ("Xml&lt;Erp&gt;9",),
    ),
    (
        "xml",
        '<Resource name="jdbc/lib" auth="Container" type="javax.sql.DataSource" username="lib" password="T0mc@t-Lib" url="jdbc:oracle:thin:@10.1.1.1:1521:ORCL"/>',
        ("T0mc@t-Lib",),
    ),
    (
        "xml",
        'tomcat-users.xml:\n<role rolename="manager-gui"/>\n<user username="manager" password="Mgr!tc9_" roles="manager-gui"/>',
        ("Mgr!tc9_",),
    ),
    (
        "xml",
        '<appender name="MAIL" class="ch.qos.logback.classic.net.SMTPAppender">\n  <smtpHost>smtp.qiye.aliyun.com</smtpHost>\n  <username>alarm@port.cn</username>\n  <password>P0rt Alarm;7</password>\n  <to>ops@port.cn</to>\n</appender>',
        ("P0rt Alarm;7",),
    ),
    # ------------------------------------------------------------- TOML
    (
        "toml",
        '[database]\nhost = "10.4.4.4"\nuser = "ingest"\npassword = \'T0ml"Quote\'\npool = 8',
        ('T0ml"Quote',),
    ),
    (
        "toml",
        '# ~/.config/pypoetry/auth.toml\n[http-basic.private]\nusername = "ci"\npassword = "Po3try+Priv"',
        ("Po3try+Priv",),
    ),
    (
        "toml",
        '~/.cargo/credentials.toml\n[registries.internal]\ntoken = "cio7Rk2pQz9LmX4vT8bN3sW6yH1jF5dG0cE"',
        ("cio7Rk2pQz9LmX4vT8bN3sW6yH1jF5dG0cE",),
    ),
    # ------------------------------------------------------------ HOCON
    (
        "hocon",
        'akka.persistence.jdbc {\n  db {\n    url = "jdbc:postgresql://pg:5432/events"\n    user = "akka"\n    password = "Hoc0n&Akka,1"\n  }\n}',
        ("Hoc0n&Akka,1",),
    ),
    (
        "hocon",
        'play.http.secret.key = "QCY?tAnfk?aZ?iwrNwnxIlR6CTf:G3gf:90Latabg@5241AB`R5W:1uDFN];Ik@n"',
        ("QCY?tAnfk?aZ?iwrNwnxIlR6CTf:G3gf:90Latabg@5241AB`R5W:1uDFN];Ik@n",),
    ),
    (
        "hocon",
        'db.default {\n  password = "Dflt#Hocon9"\n  password = ${?DB_PASSWORD}\n}',
        ("Dflt#Hocon9",),
    ),
    # -------------------------------------------------------------- INI
    (
        "ini",
        '~/.my.cnf\n[client]\nuser=backup\npassword="My.cnf;Backup#1"\nhost=10.2.2.9',
        ("My.cnf;Backup#1",),
    ),
    (
        "ini",
        "~/.pypirc\n[distutils]\nindex-servers = pypi\n\n[pypi]\nusername = __token__\npassword = pypi-AgEIcHlwaS5vcmcdH8q5hcyKozMfOjH7VhIYn21_CuOdM1W61rZpTp3wP93q8gIacceqnEExE8TKAHyvbC3Eg82-lWXSNGz0YYF2XxahNsIMQ3EWeSU0nNcKccKSODpQCcmlrvqanw8yHvrRY3X0UfwhAQ7",
        (
            "pypi-AgEIcHlwaS5vcmcdH8q5hcyKozMfOjH7VhIYn21_CuOdM1W61rZpTp3wP93q8gIacceqnEExE8TKAHyvbC3Eg82-lWXSNGz0YYF2XxahNsIMQ3EWeSU0nNcKccKSODpQCcmlrvqanw8yHvrRY3X0UfwhAQ7",
        ),
    ),
    (
        "ini",
        "/etc/odbc.ini\n[HIS_DSN]\nDriver=ODBC Driver 18 for SQL Server\nServer=10.2.3.4\nUID=his_rpt\nPWD={Rpt;0dbc}",
        ("Rpt;0dbc",),
    ),
    (
        "ini",
        "ansible 的 inventory：\n[db]\n10.0.3.3 ansible_user=root ansible_ssh_pass='Ans!ble 4 db'\n[web]\n10.0.3.4",
        ("Ans!ble 4 db",),
    ),
    (
        "terraform",
        'terraform.tfvars\nregion      = "cn-shanghai"\ndb_password = "Tf-Vars&Rds9"\ninstance    = "rds.mysql.s2.large"',
        ("Tf-Vars&Rds9",),
    ),
    # -------------------------------------------------------- -D props
    (
        "sysprop",
        "java -Dspring.datasource.password='Sys!Prop 9' -jar tos-gateway.jar --server.port=8081",
        ("Sys!Prop 9",),
    ),
    (
        "sysprop",
        'JAVA_OPTS="-Xms1g -Xmx1g -Djasypt.encryptor.password=J4sypt#Master -Dfile.encoding=UTF-8"',
        ("J4sypt#Master",),
    ),
    (
        "sysprop",
        "-Djavax.net.ssl.keyStore=/opt/app/client.p12 -Djavax.net.ssl.keyStorePassword=Ks_Tr@de9 -Djavax.net.ssl.trustStorePassword=Ts_Tr@de9",
        ("Ks_Tr@de9", "Ts_Tr@de9"),
    ),
    (
        "sysprop",
        "mvn -B deploy -DskipTests -Drepo.username=ci -Drepo.password=Nx#77-ci!",
        ("Nx#77-ci!",),
    ),
    # --------------------------------------------------- docker run -e
    (
        "docker-run",
        "docker run -d --name pg-gis -e POSTGRES_PASSWORD='G!s;Tiles 01' -p 5432:5432 postgis/postgis:16-3.4",
        ("G!s;Tiles 01",),
    ),
    (
        "docker-run",
        "docker run -d -e RABBITMQ_DEFAULT_USER=iot -e RABBITMQ_DEFAULT_PASS=Iot#Mq_2025 -p 15672:15672 rabbitmq:3-management",
        ("Iot#Mq_2025",),
    ),
    (
        "docker-run",
        'docker run --rm -e SPRING_APPLICATION_JSON=\'{"spring":{"datasource":{"password":"Js0n&Env"}}}\' registry.local/cms:2.4.0',
        ("Js0n&Env",),
    ),
    (
        "docker-login",
        "echo dckr_pat_a2smwn26vAbre0jiS3uT23BJB0Z | docker login -u cinemaops --password-stdin",
        ("dckr_pat_a2smwn26vAbre0jiS3uT23BJB0Z",),
    ),
    # ------------------------------------------------------- git URLs
    (
        "git-clone",
        "git clone https://zhang.wei:Gt%40Clone2025@git.hospital.local/his/his-core.git",
        ("Gt%40Clone2025",),
    ),
    (
        "git-clone",
        "git clone https://oauth2:glpat-7hQz2LmX9pV4rT6yN8bW@gitlab.energy.cn/scada/collector.git && cd collector",
        ("glpat-7hQz2LmX9pV4rT6yN8bW",),
    ),
    (
        "git-clone",
        "git remote set-url origin https://x-access-token:gho_MBs9NqikH19PFpeiABFTY5X5rzKX8TMWuJmk@github.com/museum-lab/catalog.git",
        ("gho_MBs9NqikH19PFpeiABFTY5X5rzKX8TMWuJmk",),
    ),
    ("git-credentials", "cat ~/.git-credentials\nhttps://li.na:Kx!8vP2q@gitee.com", ("Kx!8vP2q",)),
    (
        "url-query-token",
        "curl 'https://gitlab.school.edu.cn/api/v4/projects?private_token=glpat-Rq3vWx8Lm2Pz7Tk9Yb4N&per_page=100'",
        ("glpat-Rq3vWx8Lm2Pz7Tk9Yb4N",),
    ),
    (
        "url-with-creds",
        "ftp://scan_upload:Sc@n%2FUp1@10.11.0.3:21/incoming/ 这个地址在 Java 里用 URL 类打开会报错",
        ("Sc@n%2FUp1",),
    ),
    # ----------------------------------------------------- HTTP headers
    (
        "http-header",
        "POST /api/v3/claims HTTP/1.1\nHost: api.insure.cn\nContent-Type: application/json\nAuthorization: Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMDA4NiIsInRlbmFudCI6Imhpcy13YXJkLTMiLCJyb2xlcyI6WyJudXJzZSJdLCJleHAiOjE3NjcxMzkyMDB9.pU3KGCUwux1tEyze1iN7LtkeP3IfyxlxF0SU1kk8nVw",
        (
            "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMDA4NiIsInRlbmFudCI6Imhpcy13YXJkLTMiLCJyb2xlcyI6WyJudXJzZSJdLCJleHAiOjE3NjcxMzkyMDB9.pU3KGCUwux1tEyze1iN7LtkeP3IfyxlxF0SU1kk8nVw",
        ),
    ),
    (
        "http-header",
        "GET /v1/stations HTTP/1.1\nHost: api.bikeshare.cn\nX-Api-Key: 10a51856133a13d9297331b311c1403f\nAccept: application/json",
        ("10a51856133a13d9297331b311c1403f",),
    ),
    (
        "http-header",
        "curl -s https://api.github.com/repos/museum-lab/catalog/actions/runs -H 'Authorization: token ghp_J6XQHYdGgYaUhdx6wgzHWXocQiFoobiLHEJx'",
        ("ghp_J6XQHYdGgYaUhdx6wgzHWXocQiFoobiLHEJx",),
    ),
    (
        "http-header",
        "CONNECT repo.maven.apache.org:443 HTTP/1.1\nProxy-Authorization: Basic cHJveHk6UHIweHkhOTk=",
        ("cHJveHk6UHIweHkhOTk=",),
    ),
    (
        "http-header",
        "用 Postman 调物流轨迹接口，Headers 里只加了一个 `X-Auth-Token: 3e7a1c9f-route-Q8kz2Lw` 就 200 了，但 Java 里用 RestTemplate 就 401",
        ("3e7a1c9f-route-Q8kz2Lw",),
    ),
    (
        "cookie",
        "curl 'https://jw.school.edu.cn/api/grades?term=2025-1' -H 'Cookie: JSESSIONID=8F3A1C0D2B4E6F7A9C1B3D5E7F9A0B2C; route=a1b2'",
        ("8F3A1C0D2B4E6F7A9C1B3D5E7F9A0B2C",),
    ),
    (
        "cookie",
        "Cookie: SESSION=YjM3ZmE1NjAtOWQ4Mi00ZDE0LWE3MzQtOTk2YjA1ZGQ3ZTk3; lang=zh-CN",
        ("YjM3ZmE1NjAtOWQ4Mi00ZDE0LWE3MzQtOTk2YjA1ZGQ3ZTk3",),
    ),
    (
        "bearer-prose",
        "用 Bearer eyJhbGciOiJSUzI1NiIsImtpZCI6ImsxIn0.eyJpc3MiOiJodHRwczovL3Nzby5leGFtcGxlLWxvZ2lzdGljcy5jbiIsInN1YiI6ImRyaXZlcl8yMjMxIiwic2NvcGUiOiJ3YXliaWxsOndyaXRlIiwiZXhwIjoxNzY3MjI1NjAwfQ.NGC-MSAeaf7aoO7ouZl_XHwpmf2v5ZMlPNZUr0361xQnoK6z_ukjL4ryIR-e5JHFsQvstVY7_B5vk0J-y8j-KVXlzY5G3I7Ut8J2TSpaTXZ3BvhdhpACSta9o0Ab6cjLzMk19s0fYSJq4VM4rho0AE0zug0kasBMgbG68j47-e71958rSTSvh_VSC2m5Sw2YLoW7VbZyqHJjes10Zvy2Dg6P8YRjsOSyuilwNHTwZKxo9wD1sCs9xmb0W96qLMrtzStRV0EOTe5K8rNPQwoHNEfeY2wOgGyVe6aE1kMfterXQk0J4V0CTFhI8j0fpvc2HX9hjRUy5w4g4qZmjef0fg 调司机端的运单接口返回 401，是不是 scope 不对",
        (
            "eyJhbGciOiJSUzI1NiIsImtpZCI6ImsxIn0.eyJpc3MiOiJodHRwczovL3Nzby5leGFtcGxlLWxvZ2lzdGljcy5jbiIsInN1YiI6ImRyaXZlcl8yMjMxIiwic2NvcGUiOiJ3YXliaWxsOndyaXRlIiwiZXhwIjoxNzY3MjI1NjAwfQ.NGC-MSAeaf7aoO7ouZl_XHwpmf2v5ZMlPNZUr0361xQnoK6z_ukjL4ryIR-e5JHFsQvstVY7_B5vk0J-y8j-KVXlzY5G3I7Ut8J2TSpaTXZ3BvhdhpACSta9o0Ab6cjLzMk19s0fYSJq4VM4rho0AE0zug0kasBMgbG68j47-e71958rSTSvh_VSC2m5Sw2YLoW7VbZyqHJjes10Zvy2Dg6P8YRjsOSyuilwNHTwZKxo9wD1sCs9xmb0W96qLMrtzStRV0EOTe5K8rNPQwoHNEfeY2wOgGyVe6aE1kMfterXQk0J4V0CTFhI8j0fpvc2HX9hjRUy5w4g4qZmjef0fg",
        ),
    ),
    # ------------------------------------------------- cloud vendors
    (
        "aws",
        "Can you check why this fails? I'm using AWS_ACCESS_KEY_ID=AKIAFMK4NCYO2JAPBDHB and AWS_SECRET_ACCESS_KEY=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 with region cn-north-1",
        ("AKIAFMK4NCYO2JAPBDHB", "6nPYH7zjeDiropqvjMkoiixbMYkoivW0RYKLh0QN"),
    ),
    (
        "aws",
        "~/.aws/credentials\n[bi-export]\naws_access_key_id = AKIAXTSLGCFXDQFNGE5R\naws_secret_access_key = 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",
        ("AKIAXTSLGCFXDQFNGE5R", "QTBrZgOKZrW77u9v1R6tjUees4v0JW6QeurLD1lu"),
    ),
    (
        "aws",
        "临时凭证是 STS 拿的，三个值都贴给你了：\nAccessKeyId: ASIARTHBAMG3KSONTCE4\nSecretAccessKey: 2pLk8QzR/vT1mWx5+Nc7Bd9Fh3Jy6Ge0Ua4Sn8Ko\nSessionToken: IQoJb3JpZ2luX2VjE6VwQ6RTX2xVNT5SZIdHY8cqLAH56KLphZudr9kZBVKNccmTsnvUmM2tjQUTabSGYTCHps/ZUz5eQZieuMQum6fgDpJhVSA/8e8EH49KSiDoAudA+EPoXT+/l",
        (
            "ASIARTHBAMG3KSONTCE4",
            "2pLk8QzR/vT1mWx5+Nc7Bd9Fh3Jy6Ge0Ua4Sn8Ko",
            "IQoJb3JpZ2luX2VjE6VwQ6RTX2xVNT5SZIdHY8cqLAH56KLphZudr9kZBVKNccmTsnvUmM2tjQUTabSGYTCHps/ZUz5eQZieuMQum6fgDpJhVSA/8e8EH49KSiDoAudA+EPoXT+/l",
        ),
    ),
    (
        "azure",
        "DefaultEndpointsProtocol=https;AccountName=mediaassets;AccountKey=qI0balVxEYP7fZo/ddS3cR+cp3XtgPLbGdy+LZ/Chm9JgnavbTr0bXDFnCacKKRrZMyQxzx+gOSHZPK29k450g==;EndpointSuffix=core.chinacloudapi.cn",
        (
            "qI0balVxEYP7fZo/ddS3cR+cp3XtgPLbGdy+LZ/Chm9JgnavbTr0bXDFnCacKKRrZMyQxzx+gOSHZPK29k450g==",
        ),
    ),
    (
        "azure",
        "视频转码服务从这个 SAS 链接下载原片：https://mediaassets.blob.core.windows.net/raw/clip-0931.mp4?sv=2022-11-02&ss=b&srt=sco&sp=rwdlacupiytfx&se=2025-12-31T10:00:00Z&st=2025-01-01T02:00:00Z&spr=https&sig=M0aD2%2FpYAb%2FmjhTI63VxM1OizhsbZ4qxK0mxIBDjJJY%3D ，下载到一半 403",
        ("M0aD2%2FpYAb%2FmjhTI63VxM1OizhsbZ4qxK0mxIBDjJJY%3D",),
    ),
    (
        "gcp",
        "maps.api-key=AIzaSyD4kP9mQ2xL7vR3tN8wB1cF6hJ0gZ5yE2u\nmaps.language=zh-CN",
        ("AIzaSyD4kP9mQ2xL7vR3tN8wB1cF6hJ0gZ5yE2u",),
    ),
    (
        "aliyun",
        "sms:\n  aliyun:\n    access-key-id: LTAI5tD4kE9DH9dvyGkwmtpm\n    access-key-secret: wKLBk0VF0nsDLpm72q8ev6qrvHK2Nz\n    sign-name: 智慧停车\n    template-code: SMS_462130001",
        ("wKLBk0VF0nsDLpm72q8ev6qrvHK2Nz",),
    ),
    (
        "aliyun",
        "AK/SK 分别是 LTAI5tPz8Wm3Xq7Lk2Rv9Nb4 和 8vGqLm2XrT5pW0nYs7KdFb3Hj6CeAu，bucket 是 lib-scan-images，region 杭州，你帮我写一下上传的代码",
        ("8vGqLm2XrT5pW0nYs7KdFb3Hj6CeAu",),
    ),
    (
        "tencent",
        "腾讯云 COS 的 SecretId 是 AKID7l66t5MJL6uTZDdxNZVrvt6zpqBqOG4z，SecretKey: PTuE4IO9nPLqsejZqenXIuxd2PvcJM9s，上传的时候报签名不匹配",
        ("PTuE4IO9nPLqsejZqenXIuxd2PvcJM9s",),
    ),
    (
        "tencent",
        "tencent:\n  cloud:\n    secret-id: AKIDq4Wm7Rz2Lk9Xp3Tn6Vb8Yc1Fd5Gh0Js2\n    secret-key: Nf3kQ8zWp2Lm7Xr4Tv9Bc6Yh1Jd5Gs0R\n    region: ap-guangzhou",
        ("Nf3kQ8zWp2Lm7Xr4Tv9Bc6Yh1Jd5Gs0R",),
    ),
    (
        "huawei",
        "华为云 OBS 给的 AK 是 98MU9MIXZKFT7OAQZPMJ，SK 是 yIolQry5feMTZ2Q3dQPHCu8AtkSjVLZKj9si5Jzp，endpoint 用的 obs.cn-north-4.myhuaweicloud.com",
        ("yIolQry5feMTZ2Q3dQPHCu8AtkSjVLZKj9si5Jzp",),
    ),
    # ----------------------------------------------------- IM platforms
    (
        "wechat",
        'private static final String APP_ID = "wx3c2b1a0f9e8d7c6b";\nprivate static final String APP_SECRET = "73910c610bb23babb161eb2f038d03b3"; // 公众号后台复制的',
        ("73910c610bb23babb161eb2f038d03b3",),
    ),
    (
        "wechat",
        "appSecret 填的是 b7e29c04f1a86d53e0c4a9f27b18d6e5，小程序后台重置过一次，jscode2session 还是返回 40125",
        ("b7e29c04f1a86d53e0c4a9f27b18d6e5",),
    ),
    (
        "wecom",
        "企业微信那个自建应用的 corpsecret 我贴一下 wazPAphIN9SNkvjf9Ul7Wgwuwii8MuRnV8aeGDeiQSL 是用来拿 access_token 的",
        ("wazPAphIN9SNkvjf9Ul7Wgwuwii8MuRnV8aeGDeiQSL",),
    ),
    (
        "wecom",
        '告警推到企业微信群：\ncurl \'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=10dc65bd-e1d0-46d2-ad04-aae0f6e48354\' -H \'Content-Type: application/json\' -d \'{"msgtype":"text","text":{"content":"磁盘满了"}}\'',
        ("10dc65bd-e1d0-46d2-ad04-aae0f6e48354",),
    ),
    (
        "dingtalk",
        "钉钉机器人的加签密钥是 SEC63bc0552dff180e7bdba18a343d784f99e0f8d0d60ab69fe51a18f52362e63ca，然后 webhook 里的 access_token 是 c9f952ca151168f60b5af1fb50cb3c4d8a37308aa9436fe1f645478b72bf1e7b，发消息返回 310000 sign not match",
        (
            "SEC63bc0552dff180e7bdba18a343d784f99e0f8d0d60ab69fe51a18f52362e63ca",
            "c9f952ca151168f60b5af1fb50cb3c4d8a37308aa9436fe1f645478b72bf1e7b",
        ),
    ),
    (
        "feishu",
        "飞书自建应用 app_id 是 cli_a5f3b2c1d0e9f8a7，app_secret 是 SmD21gHvxSNm74Mu52uLEKTGZlqLmIjj，tenant_access_token 拿不到",
        ("SmD21gHvxSNm74Mu52uLEKTGZlqLmIjj",),
    ),
    (
        "feishu",
        "feishu.alert.webhook=https://open.feishu.cn/open-apis/bot/v2/hook/7175fbc7-90af-4df6-933a-0c6beb043214",
        ("7175fbc7-90af-4df6-933a-0c6beb043214",),
    ),
    (
        "slack",
        "SLACK_APP_TOKEN=xapp-1-A0ZEQB7CA02-6302374662858-d85efadbce2e74c75f572b8a55bdc9de1e8347b6eddb5f64efc68289aaa3c7e0\nSLACK_USER_TOKEN=xoxp-133767792129-433893603326-3506740005617-3005c434d549f74adcd90e5a169ab191",
        (
            "xapp-1-A0ZEQB7CA02-6302374662858-d85efadbce2e74c75f572b8a55bdc9de1e8347b6eddb5f64efc68289aaa3c7e0",
            "xoxp-133767792129-433893603326-3506740005617-3005c434d549f74adcd90e5a169ab191",
        ),
    ),
    (
        "slack",
        "build failures go to https://hooks.slack.com/services/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 via the notify step",
        ("nL62dXH9Z9E0uvsvQR3lS3Re",),
    ),
    (
        "discord",
        "游戏服的异常上报走的是 Discord：https://discord.com/api/webhooks/119063332897782671/xGtAWoLy8UGS8y8T85Em9z4uezWRwmE3rvvlzHeXtUXzwYhf4PjnsWAtp2JJ2-EPHaTc ，现在一直 429",
        ("xGtAWoLy8UGS8y8T85Em9z4uezWRwmE3rvvlzHeXtUXzwYhf4PjnsWAtp2JJ2-EPHaTc",),
    ),
    # --------------------------------------------- mail/sms/registries
    (
        "mailgun",
        "mailgun:\n  domain: mg.rental-notice.cn\n  api-key: key-181f88f43732a72a16bf63232bc0e5f3",
        ("key-181f88f43732a72a16bf63232bc0e5f3",),
    ),
    (
        "mailgun",
        "curl -s --user 'api:3116cbc8a9b3e2d1821646501bc0fff0-d0c014a0-b90341ae' https://api.mailgun.net/v3/mg.rental-notice.cn/messages -F to=ops@rental.cn -F subject=test",
        ("3116cbc8a9b3e2d1821646501bc0fff0-d0c014a0-b90341ae",),
    ),
    (
        "twilio",
        "twilio.account-sid=AC58f1e8f2b1556e8b4c1d5a0f7e3b2c91\ntwilio.auth-token=e4c19a7f02b6d8e35a1c7f9b0d2e4a68\ntwilio.from=+15005550006",
        ("e4c19a7f02b6d8e35a1c7f9b0d2e4a68",),
    ),
    (
        "npmrc",
        "项目根目录的 .npmrc：\nregistry=https://registry.npmjs.org/\n//registry.npmjs.org/:_authToken=npm_Q2w8Lz7Rk4Tp9Vx3Nm6Bc1Hd5Fg0Js2Ya8Eu",
        ("npm_Q2w8Lz7Rk4Tp9Vx3Nm6Bc1Hd5Fg0Js2Ya8Eu",),
    ),
    (
        "npmrc",
        "//nexus.farm.local/repository/npm-private/:_auth=ZmFybTpOcG0hRmFybTIwMjU=\nalways-auth=true",
        ("ZmFybTpOcG0hRmFybTIwMjU=",),
    ),
    (
        "github-token",
        "fine-grained 的 PAT 我生成好了：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 ，只给了 contents:read，renovate 用",
        (
            "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",
        ),
    ),
    (
        "github-token",
        "GH_TOKEN=ghu_QCCeCARmhtFVRL6WrsffyDtyWcJ73pK5r0aP gh pr list --repo museum-lab/catalog",
        ("ghu_QCCeCARmhtFVRL6WrsffyDtyWcJ73pK5r0aP",),
    ),
    # ------------------------------------------------------- JWT / PEM
    (
        "jwt",
        "前端存的 localStorage.token 是这个：eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMDA4NiIsInRlbmFudCI6Imhpcy13YXJkLTMiLCJyb2xlcyI6WyJudXJzZSJdLCJleHAiOjE3NjcxMzkyMDB9.pU3KGCUwux1tEyze1iN7LtkeP3IfyxlxF0SU1kk8nVw 为什么后端解析出来 tenant 是空的",
        (
            "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMDA4NiIsInRlbmFudCI6Imhpcy13YXJkLTMiLCJyb2xlcyI6WyJudXJzZSJdLCJleHAiOjE3NjcxMzkyMDB9.pU3KGCUwux1tEyze1iN7LtkeP3IfyxlxF0SU1kk8nVw",
        ),
    ),
    (
        "pem-key",
        "这是对接银联的商户私钥，帮我看看为什么 PKCS1 加载失败：\n-----BEGIN RSA PRIVATE KEY-----\nCMK9EpkxIoRZdYrMKeteoQoC4U+DUh0eemDf5y3KfYP8Q8+QwoZU+j4UZWfc2wHU\nqrG078WhtWq3whLbHwaV/BkCZ2LA0AZxXgE4ZTPyGU/Iz8eC+BYnMeNtQJbJ2BvG\n-----END RSA PRIVATE KEY-----",
        (
            "CMK9EpkxIoRZdYrMKeteoQoC4U+DUh0eemDf5y3KfYP8Q8+QwoZU+j4UZWfc2wHU",
            "qrG078WhtWq3whLbHwaV/BkCZ2LA0AZxXgE4ZTPyGU/Iz8eC+BYnMeNtQJbJ2BvG",
        ),
    ),
    (
        "pem-key",
        "-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIHq9d2Lx7PmR4sT1vW8yZ3bN6cK0fJ5gH2aQ9eU1iO7roAoGCCqGSM49\nAwEHoUQDQgAEp8Zk2Lw4Vn7Qx1Rj5Ty9Bc3Hd6Fg0Sa8Ku2Me4Ni7Ob1Pc5Qd9Re\n-----END EC PRIVATE KEY-----\n上面是 APNs 推送用的 p8 转出来的",
        (
            "MHcCAQEEIHq9d2Lx7PmR4sT1vW8yZ3bN6cK0fJ5gH2aQ9eU1iO7roAoGCCqGSM49",
            "AwEHoUQDQgAEp8Zk2Lw4Vn7Qx1Rj5Ty9Bc3Hd6Fg0Sa8Ku2Me4Ni7Ob1Pc5Qd9Re",
        ),
    ),
    (
        "pem-key",
        "deploy 用的 key（有 passphrase: river stone 88 lantern）：\n-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAACmFlczI1Ni1jdHIAAAAGYmNyeXB0AAAAGAAAABD\nTdE/MTxJl1la0Upqo/93gzy5XyWTBRisbsHMrMzF1L0QmV7hK2pXc9Rw4TyLz8Nb\n-----END OPENSSH PRIVATE KEY-----",
        (
            "river stone 88 lantern",
            "TdE/MTxJl1la0Upqo/93gzy5XyWTBRisbsHMrMzF1L0QmV7hK2pXc9Rw4TyLz8Nb",
        ),
    ),
    (
        "pem-key",
        "server:\n  ssl:\n    private-key: |\n      -----BEGIN PRIVATE KEY-----\n      VI7bpmQCGBdmmWGsSqj7lbVRr/2oyUFlyYmvlvGYbYExbb5x7aSokNxykk6Mmj1b\n      4R+8KYWE07xyQeFG6qyaQrSXxILG8m+h8yeaogxHNtW8RVIA6NXH17uKlaoe1fqX\n      -----END PRIVATE KEY-----",
        (
            "VI7bpmQCGBdmmWGsSqj7lbVRr/2oyUFlyYmvlvGYbYExbb5x7aSokNxykk6Mmj1b",
            "4R+8KYWE07xyQeFG6qyaQrSXxILG8m+h8yeaogxHNtW8RVIA6NXH17uKlaoe1fqX",
        ),
    ),
    # --------------------------------------------- TOTP / recovery / seeds
    (
        "totp",
        "Google Authenticator 那个二维码扫不了，手动输入的密钥是 LLMF GWYN RIOD 7H66 RLH7 DA33 ZEIZ LEUU ，输进去生成的码服务端校验不过",
        ("LLMF GWYN RIOD 7H66 RLH7 DA33 ZEIZ LEUU",),
    ),
    (
        "totp",
        "otpauth://totp/VPN:wangfang?secret=42EMTIK7FQQRKU44&issuer=VPN&digits=6",
        ("42EMTIK7FQQRKU44",),
    ),
    (
        "totp",
        "Our Java TOTP impl gives different codes than the phone app. The shared secret I'm testing with is JBQW4ZLNMVZXI3TBOR2GKZLX, 30s step, SHA1.",
        ("JBQW4ZLNMVZXI3TBOR2GKZLX",),
    ),
    (
        "recovery-codes",
        "GitHub recovery codes for the org owner account, pasting here so I don't lose them:\n7f3a2-9c1b4\n0e8d6-b2a51\nc41f9-77d3e",
        ("7f3a2-9c1b4", "0e8d6-b2a51", "c41f9-77d3e"),
    ),
    (
        "recovery-codes",
        "公司 SSO 的两步验证备用码还剩这几个：48213907、55190346、90277314，别的都用掉了",
        ("48213907", "55190346", "90277314"),
    ),
    (
        "seed-phrase",
        "溯源链测试网的钱包助记词：armed rural blossom tenant oyster depart candy hover proof lunar wagon quit ，web3j 导入后地址和 MetaMask 不一样",
        ("armed rural blossom tenant oyster depart candy hover proof lunar wagon quit",),
    ),
    (
        "wallet-key",
        'Credentials credentials = Credentials.create("0xadff797dbdc0efd44d65e537958e4c2d163858e07f7570b8cef1ea72d1b904c0"); // 部署合约用的私钥',
        ("0xadff797dbdc0efd44d65e537958e4c2d163858e07f7570b8cef1ea72d1b904c0",),
    ),
    # ------------------------------------------------------ long chatty
    (
        "long-chatty",
        "背景先交代一下：我们是做港口集装箱码头操作系统（TOS）的，核心是一个跑了十年的 Spring MVC 单体，最近在拆微服务。拆出来的第一个服务是堆场计划，它需要读老库里的箱位表，所以我们给它单独建了一个只读账号，用户名 yard_plan_ro，"
        "密码当时是 DBA 随手设的，叫 Y@rd#Plan.ro-2019，一直没换过。现在的问题是：新服务用 HikariCP，老系统用的是 c3p0，两个连接池同时连上去以后，老库那边的 max_connections 经常被打满，白天作业高峰的时候桥吊的指令下发就会延迟好几秒。"
        "我想问的是，除了调小 maximumPoolSize 之外，有没有什么办法让两个系统共享连接，或者至少让新服务在高峰期自动退让？",
        ("Y@rd#Plan.ro-2019",),
    ),
    (
        "long-chatty",
        "So here's the situation, and sorry for the wall of text. We run the ticketing backend for a chain of regional theatres; it's a Spring Boot 2.7 app with a Quartz scheduler that syncs seat maps from each venue every five minutes. "
        "Each venue exposes an old SOAP endpoint behind basic auth, and the credentials are the same for all of them (I know, I know): the user is sync_bot and the password is Th3atre!Seats&Sync, which is stored in a properties file that gets baked into the image. "
        "Last week two venues upgraded their box-office software and now the sync job hangs for exactly 60 seconds before failing with a SocketTimeoutException, but only on those two. Could it be a TLS version mismatch, and how would I confirm that from the Java side?",
        ("Th3atre!Seats&Sync",),
    ),
    (
        "long-chatty",
        "哈喽，又是我。上次你帮我改的那个农机调度系统的 GPS 上报接口，上线以后效果挺好的。今天遇到个新问题，顺便把上下文给你：设备那边是通过 MQTT 连我们的 EMQX，设备端的用户名统一是 tractor，密码是出厂烧进去的，"
        "所有设备都一样，就是 Tr@ct0r-Fleet 这个；我们后端订阅用的是另一个账号。现在的现象是：凌晨两点到三点之间会有大量设备同时掉线重连，EMQX 的 CPU 飙到 90%，后端的 Paho 客户端也会被踢下线。我怀疑是设备固件有个定时重启，但厂家说没有，你觉得从服务端日志上怎么排查比较快？",
        ("Tr@ct0r-Fleet",),
    ),
]

LOOK_ALIKES: list[tuple[str, str]] = [
    # ------------------------------------------------------ Chinese questions
    ("zh-question", "密码是否需要加盐存储？"),
    ("zh-question", "数据库密码放在 Nacos 里安全吗，还是应该接 KMS？"),
    ("zh-question", "token 过期之后前端应该怎么无感刷新？"),
    ("zh-question", "为什么 BCrypt 每次生成的密文都不一样，还能校验密码？"),
    ("zh-question", "我们的密钥轮换周期一般定多久比较合适"),
    ("zh-question", "令牌桶和漏桶限流有什么区别，网关用哪个好"),
    ("zh-question", "密码输错五次锁定账户，这个逻辑放在网关还是认证服务里好？"),
    ("zh-question", "口令复杂度策略要求至少包含大小写字母和数字，这个正则怎么写"),
    ("zh-question", "凭证泄露了的话第一步应该做什么，先吊销还是先查日志？"),
    ("zh-question", "appSecret 可以放在前端代码里吗？"),
    ("zh-question", "用户忘记密码以后，重置链接里的 token 有效期设多久合适？"),
    ("zh-question", "怎么把 application.yml 里的明文密码换成 jasypt 加密的形式？"),
    ("zh-question", "密码为什么不能用 MD5 存，加了盐也不行吗"),
    ("zh-question", "令牌为什么建议放在 HttpOnly cookie 里而不是 localStorage"),
    ("zh-question", "阿里云的 AccessKey Secret 和 STS 临时凭证有什么区别？"),
    (
        "zh-question",
        "redis 设置了密码之后 spring boot 连不上，报 NOAUTH Authentication required，怎么办",
    ),
    ("zh-question", "密码是对的，但是 mysql 一直报 1045，可能是什么原因"),
    ("zh-question", "密码是在哪一步被加密的？我看 controller 里拿到的还是明文"),
    ("zh-question", "token 是怎么生成的，用的是 UUID 还是 JWT？"),
    ("zh-question", "AppSecret 是什么意思，和 AppKey 有什么区别"),
    ("zh-question", "密码为空的时候接口应该返回 400 还是 401"),
    ("zh-question", "新密码和旧密码不能相同，这个校验写在 service 层还是 validator 里"),
    ("zh-question", "密钥对是用 keytool 生成好还是 openssl 生成好？"),
    ("zh-question", "企业微信的 corpsecret 每个应用都不一样吗"),
    ("zh-question", "钉钉机器人加签和关键词两种安全设置能同时开吗"),
    ("zh-question", "Spring Security 里 PasswordEncoder 的 matches 方法参数顺序是什么？"),
    # ---------------------------------------------- Chinese voice input
    ("zh-voice", "那个token过期时间我想改成两个小时你看看在哪配"),
    ("zh-voice", "密码那个字段在数据库里用什么类型存比较好varchar一百够不够"),
    ("zh-voice", "帮我看一下为什么登录的时候密码明明是对的还是提示密码错误"),
    ("zh-voice", "就是说密钥这个东西到底应该放在配置中心还是放在环境变量里"),
    ("zh-voice", "密码错误次数超过五次锁定三十分钟这个需求你帮我实现一下"),
    # ------------------------------------------------------ English questions
    ("en-question", "What's the recommended password hashing algorithm for Spring Security 6?"),
    ("en-question", "How do I rotate the JWT signing key without logging everyone out?"),
    ("en-question", "Should the refresh token be stored in localStorage or an HttpOnly cookie?"),
    (
        "en-question",
        "my password is not working after the upgrade to MySQL 8, is it the caching_sha2_password plugin?",
    ),
    (
        "en-question",
        "The password is too short according to the validator; what's the minimum length in our policy?",
    ),
    ("en-question", "Where does Kubernetes mount the token for a service account inside the pod?"),
    ("en-question", "Is it OK to log the first four characters of an API key for debugging?"),
    (
        "en-question",
        "Password policy for library patrons: at least 8 characters and one digit. How do I express that with Bean Validation?",
    ),
    ("en-question", "Does the secret key for HS256 need to be at least 256 bits?"),
    ("en-question", "Which is safer for service-to-service calls: mTLS or a shared API token?"),
    ("en-nonnative", "how to make password encrypt before save to database in spring boot?"),
    ("en-nonnative", "the token is expired, how to refresh it automatically in Feign interceptor?"),
    (
        "en-nonnative",
        "I forget where is the keystore password configured, in yml or in the jvm options?",
    ),
    ("en-chat", "The secret: it's all about sizing the connection pool to the number of cores."),
    (
        "en-chat",
        "The secret to fast Gradle builds is the configuration cache plus a remote build cache.",
    ),
    ("en-chat", "Token bucket it is, then. I'll write the limiter tomorrow."),
    # ------------------------------------------------- Chinese concepts
    ("zh-concept", "密钥管理服务 KMS 负责生成和轮换数据密钥，应用只拿到加密后的密文。"),
    ("zh-concept", "令牌在网关统一校验，下游服务只信任网关透传的用户 ID。"),
    ("zh-concept", "口令和密码在这份文档里是同一个意思。"),
    ("zh-concept", "凭证不应该出现在 Git 仓库里，提交前跑一下 gitleaks。"),
    ("zh-concept", "这个密码学库支持 SM2、SM3、SM4 国密算法。"),
    ("zh-concept", "我们把密钥分成了主密钥和数据密钥两级，主密钥只存在 HSM 里。"),
    ("zh-concept", "临时凭证 STS 的有效期默认是一小时，最长可以配到十二小时。"),
    ("zh-concept", "密码是必填项，前端校验已经加了，后端也要再校验一次。"),
    ("zh-concept", "token 是空的，所以 Feign 调用被下游拒了，我已经查到原因了。"),
    ("zh-concept", "secret 我已经放到 K8s 的 Secret 里了，名字叫 his-db-secret。"),
    ("zh-concept", "token 我放在环境变量 GITLAB_TOKEN 里了，CI 里直接引用就行。"),
    ("zh-concept", "AK/SK 已经配在 RAM 角色上了，代码里不用再写。"),
    ("zh-concept", "keystore 的密码我已经改成启动时从 Vault 读取了。"),
    ("zh-concept", "密码：见 1Password 里的 prod-db 条目，别在群里发。"),
    ("zh-concept", "JWT 的结构是 header.payload.signature，三段用点分隔。"),
    ("zh-concept", "eyJ 开头的字符串一般就是 Base64 编码的 JSON，比如 JWT 的头部。"),
    ("zh-concept", "ghp_ 开头的是 GitHub 的 classic token，github_pat_ 开头的是 fine-grained 的。"),
    ("zh-concept", "xoxb- 开头的是 Slack 的 bot token，xoxp- 开头的是用户 token，对吧？"),
    ("zh-concept", "AIza 开头的是不是 Google 的 API key？"),
    ("zh-concept", "阿里云 AccessKey ID 一般以 LTAI 开头，腾讯云的 SecretId 以 AKID 开头。"),
    ("zh-concept", "他说密码学这门课是整个研究生阶段最难的。"),
    ("en-concept", "the password is stored as a bcrypt hash, never in plain text"),
    ("en-concept", "Password: see the vault path secret/data/his/prod, don't paste it here."),
    ("en-concept", "The API token lives in the CI variable DEPLOY_TOKEN, masked and protected."),
    # -------------------------------------------------------- placeholders
    ("placeholder-properties", "spring.datasource.password=${DB_PASSWORD}"),
    ("placeholder-properties", "spring.redis.password="),
    (
        "placeholder-properties",
        "server.ssl.key-store=classpath:keystore.p12\nserver.ssl.key-store-password=${KEYSTORE_PASSWORD}\nserver.ssl.key-store-type=PKCS12",
    ),
    (
        "placeholder-properties",
        "spring.security.oauth2.client.registration.gitee.client-id=${GITEE_CLIENT_ID}\nspring.security.oauth2.client.registration.gitee.client-secret=${GITEE_CLIENT_SECRET}",
    ),
    (
        "placeholder-yaml",
        "spring:\n  datasource:\n    username: root\n    password: <your-password>",
    ),
    ("placeholder-yaml", "openai:\n  api-key: <your-token>\n  base-url: https://api.openai.com/v1"),
    (
        "placeholder-yaml",
        "aliyun:\n  oss:\n    access-key-id: xxx\n    access-key-secret: xxx\n    bucket: xxx",
    ),
    ("placeholder-yaml", "spring:\n  datasource:\n    password: ******"),
    ("placeholder-yaml", 'spring:\n  redis:\n    password: ""'),
    ("placeholder-yaml", "jwt:\n  secret: ${JWT_SECRET}\n  expire-seconds: 7200"),
    ("placeholder-yaml", "spring:\n  datasource:\n    password: null"),
    ("placeholder-yaml", "mail:\n  password: ~  # 走 SASL，外部注入"),
    ("placeholder-yaml", "secret: CHANGE_ME\ntoken: TODO"),
    (
        "placeholder-yaml",
        "spring:\n  cloud:\n    nacos:\n      config:\n        username: ${NACOS_USER:nacos}\n        password: ${NACOS_PASSWORD}",
    ),
    ("placeholder-env", "# .env.example\nDB_PASSWORD=\nJWT_SECRET=\nOPENAI_API_KEY="),
    ("placeholder-env", "export OPENAI_API_KEY=sk-...\nexport ANTHROPIC_API_KEY=sk-ant-..."),
    ("placeholder-env", "OPENAI_API_KEY=sk-xxxxxxxxxxxxxxxxxxxxxxxx"),
    ("placeholder-header", "Authorization: Bearer <token>"),
    (
        "placeholder-header",
        'curl -H "Authorization: Bearer $TOKEN" https://api.bikeshare.cn/v1/stations',
    ),
    ("placeholder-header", 'curl -H "X-Api-Key: ${API_KEY}" https://api.weather.local/v2/forecast'),
    (
        "placeholder-cli",
        'curl -u "$NEXUS_USER:$NEXUS_PASS" --upload-file app.jar https://nexus.local/repository/raw/app.jar',
    ),
    ("placeholder-cli", "mysql -u root -p"),
    ("placeholder-cli", "mysql -uroot -p -h 127.0.0.1 -P 3306 his"),
    ("placeholder-cli", "redis-cli -h 10.0.6.12 -p 6379 --askpass"),
    ("placeholder-cli", "keytool -list -v -keystore cacerts -storepass:env KS_PASS"),
    (
        "placeholder-cli",
        "openssl pkcs12 -in client.p12 -nokeys -passin env:P12_PASS -out client.crt",
    ),
    (
        "placeholder-cli",
        "openssl req -new -newkey rsa:2048 -nodes -keyout server.key -out server.csr -subj '/CN=api.port.cn'",
    ),
    ("placeholder-cli", "java -Dspring.datasource.password=$DB_PASS -jar app.jar"),
    ("placeholder-cli", "docker run -e POSTGRES_PASSWORD -p 5432:5432 postgres:16"),
    ("placeholder-cli", "docker run -d -e MYSQL_RANDOM_ROOT_PASSWORD=yes mysql:8.0"),
    ("placeholder-cli", "kubectl get secret his-db -o jsonpath='{.data.password}' | base64 -d"),
    ("placeholder-cli", "vault kv get -field=password secret/his/prod"),
    ("placeholder-cli", 'PGPASSWORD="$(cat /run/secrets/pg)" psql -h db -U app'),
    (
        "placeholder-compose",
        "services:\n  mysql:\n    environment:\n      MYSQL_ROOT_PASSWORD: ${MYSQL_ROOT_PASSWORD}\n      MYSQL_ALLOW_EMPTY_PASSWORD: 'false'",
    ),
    (
        "placeholder-compose",
        "    environment:\n      POSTGRES_PASSWORD_FILE: /run/secrets/pg_password\n    secrets:\n      - pg_password",
    ),
    (
        "placeholder-k8s",
        "        env:\n        - name: DB_PASSWORD\n          valueFrom:\n            secretKeyRef:\n              name: his-db\n              key: password",
    ),
    ("placeholder-helm", "  password: {{ .Values.auth.password | b64enc | quote }}"),
    (
        "placeholder-ci",
        "      - run: docker login -u ${{ secrets.DOCKERHUB_USER }} -p ${{ secrets.DOCKERHUB_TOKEN }}",
    ),
    (
        "placeholder-ci",
        "withCredentials([usernamePassword(credentialsId: 'nexus', usernameVariable: 'NEXUS_U', passwordVariable: 'NEXUS_P')]) {\n  sh 'mvn deploy -s settings.xml'\n}",
    ),
    ("placeholder-ci", "environment {\n  DB = credentials('his-db')\n}"),
    (
        "placeholder-ci",
        "  script:\n    - docker login -u gitlab-ci-token -p $CI_JOB_TOKEN $CI_REGISTRY",
    ),
    (
        "placeholder-xml",
        "<server>\n  <id>releases</id>\n  <username>${env.NEXUS_USER}</username>\n  <password>${env.NEXUS_PASSWORD}</password>\n</server>",
    ),
    ("placeholder-toml", '[database]\nuser = "app"\npassword = ""  # 本地开发留空'),
    ("placeholder-hocon", "db.default.password = ${?DB_PASSWORD}"),
    ("placeholder-ini", "[client]\nuser=backup\npassword="),
    ("placeholder-url", "git clone https://github.com/alibaba/nacos.git"),
    ("placeholder-url", "git clone git@gitee.com:dromara/hutool.git"),
    (
        "placeholder-url",
        "spring.datasource.url=jdbc:mysql://localhost:3306/library?useUnicode=true&characterEncoding=utf8&serverTimezone=Asia/Shanghai",
    ),
    ("placeholder-url", "spring.redis.url=redis://localhost:6379/0"),
    ("placeholder-url", "spring.data.mongodb.uri=mongodb://localhost:27017/telemetry"),
    ("placeholder-url", "spring.rabbitmq.addresses=amqp://10.3.0.7:5672"),
    (
        "placeholder-url",
        "mongodb://${MONGO_USER}:${MONGO_PASS}@mongo:27017/museum?authSource=admin",
    ),
    ("placeholder-url", "jdbc:postgresql://pg:5432/court?user=efile&password=${PG_PASSWORD}"),
    (
        "placeholder-markdown",
        "| 变量 | 说明 |\n|---|---|\n| DB_PASSWORD | 数据库密码，从 Vault 注入 |\n| JWT_SECRET | JWT 签名密钥，至少 32 字节 |",
    ),
    (
        "placeholder-markdown",
        "- password：不要写在代码里\n- token：用完即焚\n- AK/SK：用 RAM 角色代替",
    ),
    # ------------------------------------- config keys with non-secret values
    (
        "config-nonsecret",
        "security:\n  password-encoder: bcrypt\n  password-min-length: 12\n  max-password-age-days: 90",
    ),
    ("config-nonsecret", "jwt:\n  header: Authorization\n  token-prefix: Bearer\n  expire: 86400"),
    (
        "config-nonsecret",
        "sa-token:\n  token-name: satoken\n  timeout: 2592000\n  is-concurrent: true\n  token-style: uuid",
    ),
    ("config-nonsecret", "crypto.secret-key-length=32\ncrypto.secret-key-algorithm=AES"),
    (
        "config-nonsecret",
        "PasswordAuthentication no\nPubkeyAuthentication yes\nPermitRootLogin prohibit-password",
    ),
    (
        "config-nonsecret",
        'auth_basic "Restricted";\nauth_basic_user_file /etc/nginx/.htpasswd;\nssl_certificate_key /etc/nginx/ssl/server.key;',
    ),
    (
        "config-nonsecret",
        "spring.kafka.properties.sasl.mechanism=SCRAM-SHA-512\nspring.kafka.properties.security.protocol=SASL_SSL",
    ),
    ("config-nonsecret", "MYSQL_ALLOW_EMPTY_PASSWORD: 'true'"),
    # ---------------------------------------------------- Java identifiers
    ("java-ident", "private final TokenService tokenService;"),
    ("java-ident", "String password = user.getPassword();"),
    (
        "java-ident",
        "@Bean\npublic PasswordEncoder passwordEncoder() {\n    return new BCryptPasswordEncoder();\n}",
    ),
    ("java-ident", "public static final int SECRET_KEY_LENGTH = 32;"),
    ("java-ident", "user.setPassword(passwordEncoder.encode(dto.getPassword()));"),
    (
        "java-ident",
        'if (!StringUtils.hasText(token)) {\n    throw new UnauthorizedException("token 不能为空");\n}',
    ),
    ("java-ident", '@Value("${jwt.secret}")\nprivate String jwtSecret;'),
    ("java-ident", 'String token = request.getHeader("Authorization");'),
    ("java-ident", 'Assert.notNull(password, "password must not be null");'),
    ("java-ident", 'throw new BadCredentialsException("用户名或密码错误");'),
    ("java-ident", "accessTokenRepository.deleteByExpiresAtBefore(Instant.now());"),
    ("java-ident", "@JsonIgnore\nprivate String password;"),
    ("java-ident", 'ds.setPassword(""); // H2 内存库默认空密码'),
    (
        "java-ident",
        "HikariConfig#setPassword(String) 和 DataSourceProperties#getPassword() 哪个优先级高？",
    ),
    ("java-ident", '@Schema(description = "密码", example = "******")\nprivate String password;'),
    ("java-ident", 'log.info("token refreshed for user {}", userId);'),
    ("kotlin-ident", "val passwordHash = encoder.encode(rawPassword)"),
    ("go-ident", 'password := os.Getenv("DB_PASSWORD")'),
    ("python-ident", "password = getpass.getpass('DB password: ')"),
    ("js-ident", "const token = localStorage.getItem('token');"),
    ("sql-ident", "SELECT id, username, password_hash FROM sys_user WHERE status = 1;"),
    (
        "sql-ident",
        "ALTER TABLE sys_user MODIFY password VARCHAR(100) NOT NULL COMMENT '密码(BCrypt)';",
    ),
    (
        "sql-ident",
        "CREATE USER 'app'@'%' IDENTIFIED WITH caching_sha2_password BY RANDOM PASSWORD;",
    ),
    (
        "html-ident",
        '<input type="password" name="password" placeholder="请输入密码" autocomplete="current-password">',
    ),
    ("json-ident", '{"username":"zhangsan","password":null,"rememberMe":true}'),
    ("json-ident", '{"code":400,"message":"password is required"}'),
    # ------------------------------------------------------ error messages
    (
        "error-message",
        "Caused by: com.mysql.cj.exceptions.CJException: Access denied for user 'his'@'172.17.0.1' (using password: NO)",
    ),
    (
        "error-message",
        "java.sql.SQLException: Access denied for user 'ticket'@'10.4.0.17' (using password: YES)",
    ),
    (
        "error-message",
        "mysql: [Warning] Using a password on the command line interface can be insecure.",
    ),
    ("error-message", "java.io.IOException: Keystore was tampered with, or password was incorrect"),
    (
        "error-message",
        'psql: error: connection to server at "10.3.4.5", port 5432 failed: FATAL:  password authentication failed for user "gis"',
    ),
    (
        "error-message",
        "io.jsonwebtoken.ExpiredJwtException: JWT expired at 2025-11-30T08:00:00Z. Current time: 2025-11-30T08:05:12Z",
    ),
    (
        "error-message",
        "org.springframework.security.authentication.BadCredentialsException: Bad credentials",
    ),
    (
        "error-message",
        "remote: HTTP Basic: Access denied. The provided password or token is incorrect or your account has 2FA enabled",
    ),
    (
        "error-message",
        'Error response from daemon: Get "https://harbor.mes.local/v2/": unauthorized: authentication required',
    ),
    ("error-message", "(error) NOAUTH Authentication required."),
    # ----------------------------------------------------- masked logs
    (
        "masked-log",
        "2025-12-01 10:00:01.204 INFO  DruidDataSource - {dataSource-1} inited, url=jdbc:mysql://10.0.1.1:3306/cms, username=cms, password=******",
    ),
    ("masked-log", "[OrderClient#charge] Authorization: Bearer ***"),
    ("masked-log", "oss.access-key-secret=****（已脱敏）"),
    (
        "masked-log",
        "HikariPool-1 - Starting... jdbcUrl=jdbc:postgresql://pg:5432/tiles username=gis password=<masked>",
    ),
    (
        "masked-log",
        "MongoCredential{mechanism=SCRAM-SHA-256, userName='museum', source='admin', password=<hidden>, mechanismProperties=<hidden>}",
    ),
    ("masked-log", "c.e.s.LoginAudit - login ok user=lib_circ01 pwd=[PROTECTED] ip=10.8.2.14"),
    # --------------------------------------------- hashes, ids, versions
    (
        "commit-hash",
        "git cherry-pick cc6577428c2f6d6bc64e5a22fac180d6b2e6e1b4 之后冲突了，怎么只保留对方的改动？",
    ),
    ("commit-hash", "这个 NPE 是 a3f9c21 引入的，git bisect 找到的"),
    (
        "commit-hash",
        "Reverted commit 4e07408562bedb8b60ce05c1decfe3ad16b72230 because it broke the Surefire run.",
    ),
    ("uuid", "订单号 3f2b8c1e-9d4a-4e7b-b1c2-6a5d8e0f9a13 的物流轨迹查不到"),
    ("uuid", "nacos 的 namespace id 是 7c9e3f12-5b8a-4d6e-a1f0-2e4c6b8d0a13，dev 和 test 分开了"),
    (
        "uuid",
        "@TableId(type = IdType.ASSIGN_UUID) 生成的 id 像 22214266-2a3f-413d-b33c-c35910eedcd2 这样，能不能去掉横线",
    ),
    ("trace-id", "traceId=6a1f0c9e2b7d4a58 spanId=3c9e1b0a7d5f2e41 的请求在网关超时了"),
    (
        "trace-id",
        "SkyWalking TID: 65e551305fd2d2490ca4c616e8c4bf14.58.17331234567890001 这条链路里 Redis 耗时 800ms",
    ),
    ("trace-id", "X-Request-Id: 0a7c3e9f-1b2d-4c5e-8f6a-9b0c1d2e3f4a"),
    ("hex-color", "主题色改成 #1677ff，hover 用 #4096ff，禁用态 #d9d9d9"),
    (
        "checksum",
        "下载的 apache-maven-3.9.9-bin.tar.gz，官网给的 SHA-256 校验值是 210c4cd00c1ded4e2bbf6d572184d1376477e5b36970d60d2612488ec9788d8a，我本地算出来不一样",
    ),
    (
        "checksum",
        "gradle-wrapper.properties\ndistributionUrl=https\\://services.gradle.org/distributions/gradle-8.10.2-bin.zip\ndistributionSha256Sum=b29814cf5792e684cd75d6a7fce7a67a11887e312f87ca2ac2496d81f365ff72",
    ),
    (
        "checksum",
        'package-lock.json 里 lodash 的 "integrity": "sha512-WWBGtyfDRrPIzxFy0HaPccRrj678i95zax2MixXJQT5RTkjHJJWsd/YhWwqy4EaG9POVDAK/RjxiWi0jaoAHnA==" 和私服上的对不上',
    ),
    (
        "checksum",
        "commons-io-2.16.1.jar.sha1 文件内容是 f92e777f4341930bad9b2422283c4680d00dbc06，和 jar 的 sha1sum 对得上",
    ),
    (
        "checksum",
        "镜像 digest：postgres@sha256:c4f1a9e07b3d52e8a6f0d1b9c7e24a5f83d6b0e9a1c7f2d4b8e05a3c6d9f1b27，生产上要锁定这个",
    ),
    ("maven-coord", "com.alibaba.cloud:spring-cloud-starter-alibaba-nacos-config:2022.0.0.0"),
    (
        "maven-coord",
        "<dependency>\n  <groupId>io.jsonwebtoken</groupId>\n  <artifactId>jjwt-api</artifactId>\n  <version>0.12.6</version>\n</dependency>",
    ),
    ("maven-coord", 'implementation("org.springframework.security:spring-security-crypto:6.3.4")'),
    ("version", "spring-boot 3.2.5, jdk 17.0.11+9-LTS, nacos-server 2.3.2, apollo 2.2.0"),
    ("version", "Keycloak 24.0.5 升级到 26.0.7 以后 token endpoint 的路径变了吗"),
    (
        "path",
        "src/main/java/com/hospital/his/outpatient/registration/service/impl/RegistrationTokenServiceImpl.java",
    ),
    ("path", "/opt/app/config/secrets/README.txt 里只写了怎么申请权限"),
    ("path", "modules/auth-center/src/main/resources/keystore/jwt-public.pem"),
    ("snowflake-id", "订单 ID 1734567890123456789 在分库 3 里，雪花算法生成的"),
    ("container-id", "docker logs -f 4f9a2c1b7e3d --tail 200"),
    (
        "kafka-cluster-id",
        "kafka-storage.sh random-uuid 生成的 cluster.id 是 MkU3OEVBNTcwNTJENDM2Qk，三台 broker 要一致吗",
    ),
    (
        "arn",
        "Secrets Manager 里那个 secret 的 ARN 是 arn:aws-cn:secretsmanager:cn-north-1:210987654321:secret:his/db-AbCdEf，IAM policy 怎么写",
    ),
    ("app-id", "小程序的 AppID 是 wx5e1f0a9b8c7d6e21，AppSecret 我没带，需要的话去后台看"),
    ("app-id", "飞书应用 app_id 是 cli_a5f3b2c1d0e9f8a7，权限已经申请了 im:message"),
    # -------------------------------------------- base64 of non-secret text
    ("base64-nonsecret", "echo aGVsbG8gd29ybGQ= | base64 -d 输出的是 hello world 对吧"),
    ("base64-nonsecret", "5L2g5aW977yM5LiW55WM 是“你好，世界”的 Base64，我测试中文编码用的"),
    (
        "base64-nonsecret",
        'eyJ0eXAiOiJKV1QiLCJhbGciOiJub25lIn0= 解出来是 {"typ":"JWT","alg":"none"}，这种 alg=none 的要拒绝',
    ),
    # ------------------------------------------------- public keys / certs
    (
        "public-key",
        "authorized_keys 里加了这一行：ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIF3kW9pLq2Zx7Rt4Vn8Bc1Hd6Fg0Sa5Ku2Me9Ni7Ob3 deploy@ci",
    ),
    (
        "public-key",
        "给支付平台上传的是公钥：\n-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEp8Zk2Lw4Vn7Qx1Rj5Ty9Bc3Hd6Fg\n0Sa8Ku2Me4Ni7Ob1Pc5Qd9ReXk3Lm7Pq2Rs8Tu4Vw6Xy0Za1Bc3De5Fg==\n-----END PUBLIC KEY-----",
    ),
    # ------------------------------------------------ long chatty, no secret
    (
        "long-chatty",
        "我们在给市图书馆做新的借阅系统，读者登录以后会拿到一个 token，前端放在 cookie 里。现在的问题是馆员端和读者端共用一个认证中心，馆员那边要求密码至少 12 位并且 90 天强制修改，读者这边只要 6 位数字。"
        "我想把两套密码策略放在同一个 PasswordPolicyService 里，用策略模式区分，token 的有效期也按角色区分：馆员 8 小时，读者 30 天。这样设计有没有问题？密钥轮换的时候旧 token 怎么平滑过渡？",
    ),
    (
        "long-chatty",
        "Hi again. For the hospital pharmacy module we decided not to keep any credentials in the repo at all: the DB password comes from Vault through the Spring Cloud Vault starter, the JWT signing key is fetched from KMS at startup, "
        "and the only thing in application.yml is placeholders like ${DB_PASSWORD} and ${JWT_KEY_ID}. The question is about startup time: with Vault and KMS calls the app takes 40 seconds to become ready, and Kubernetes kills it. Should I raise the startup probe or cache the token somewhere?",
    ),
    (
        "long-chatty",
        "先说下背景：电厂的设备巡检 App 离线也要能用，所以登录成功后我们会在本地存一个加密的凭证，联网以后再用它换新的 access token。安全组说这个凭证不能明文存，也不能存用户密码本身。"
        "我现在的做法是用 Android Keystore 生成一对密钥，用公钥加密 refresh token 存到 SharedPreferences，需要时用私钥解密。后端是 Spring Authorization Server，你觉得 refresh token 的轮换策略应该怎么配？",
    ),
    (
        "mixed",
        "这个 bug 是因为 token refresh 的时候 race condition，两个请求同时拿到旧 token，后端只认一次 rotate",
    ),
    (
        "mixed",
        "password reset 的邮件模板在 templates/mail/reset-password.html，链接里只带一次性的 code，不带密码",
    ),
    ("mixed", "我把 secret 相关的配置都挪到 bootstrap.yml 了，application.yml 里只剩下业务配置"),
    (
        "en-nonnative",
        "Sorry my english not good. The password rule in our company is: 8 to 16 char, must have upper, lower and number. How to write this in regex for Java?",
    ),
]
