"""Blind secret-redaction evaluation corpus A (helper "secret-eval").

(Copied from the blind set's corpus_a.py, the development split: the data are unchanged,
only reformatted. Its labelling rules are summarised in docs/privacy.md.)

Style: an e-commerce team ("mall": mall-order, mall-pay, mall-user, mall-gateway) on Alibaba
Cloud, Spring Boot/Spring Cloud Alibaba, Nacos, Jenkins and GitLab. Mostly short, casual
Chinese messages and raw pastes of config files, shell history and commands.

SECRETS: (form, text, substrings that must all be absent after redaction). Each substring is
exactly the secret value as it appears in the text (URL-encoded, XML-escaped or base64 where
the text has it so), never the key name. LOOK_ALIKES: (form, text) holding no secret; the text
must come back unchanged. Labelling rules: README.md next to this file. All values are
invented for this corpus.
"""

SECRETS: list[tuple[str, str, tuple[str, ...]]] = [
    # ---------------------------------------------------------------- application.yml
    (
        "spring-yaml",
        "spring:\n  datasource:\n    url: jdbc:mysql://10.12.3.41:3306/mall_order?useUnicode=true&characterEncoding=utf8\n"
        "    username: mall_rw\n    password: Mall#Ord3r!2024\n    driver-class-name: com.mysql.cj.jdbc.Driver",
        ("Mall#Ord3r!2024",),
    ),
    (
        "spring-yaml",
        "spring:\n  redis:\n    host: r-bp1f2a9c.redis.rds.aliyuncs.com\n    port: 6379\n"
        '    password: "k8s&redis;Prod,9}"\n    database: 3',
        ("k8s&redis;Prod,9}",),
    ),
    (
        "spring-yaml",
        "spring:\n  mail:\n    host: smtp.gmail.com\n    port: 587\n    username: mall.notice@gmail.com\n"
        "    password: hzqw pvkd ltma xyer\n    properties:\n      mail.smtp.starttls.enable: true",
        ("hzqw pvkd ltma xyer",),
    ),
    (
        "spring-yaml",
        "  rabbitmq:\n    host: mq.internal\n    port: 5672\n    username: order_svc\n"
        "    password: 'R@bbit!Q_2023'\n    virtual-host: /mall",
        ("R@bbit!Q_2023",),
    ),
    (
        "spring-yaml",
        "spring:\n  security:\n    oauth2:\n      client:\n        registration:\n          github:\n"
        "            client-id: Iv1.8a61f9b3a7aba766\n            client-secret: daed5a6998313b1f4d5e9e465eee764cdeb6831f\n"
        "            scope: read:user",
        ("daed5a6998313b1f4d5e9e465eee764cdeb6831f",),
    ),
    (
        "spring-yaml",
        "jwt:\n  secret: ga2QwTIVS2VROwAU0qcjk8OxY3iSICA39nCb7Dx4cVr+weBHh109ILloZYQLjbr7\n  expiration: 86400\n  header: Authorization",
        ("ga2QwTIVS2VROwAU0qcjk8OxY3iSICA39nCb7Dx4cVr+weBHh109ILloZYQLjbr7",),
    ),
    (
        "spring-yaml",
        "server:\n  port: 8443\n  ssl:\n    key-store: classpath:mall.p12\n    key-store-password: P12-store:pass\n"
        "    key-store-type: PKCS12",
        ("P12-store:pass",),
    ),
    (
        "spring-yaml",
        "spring:\n  datasource:\n    druid:\n      stat-view-servlet:\n        enabled: true\n"
        '        login-username: admin\n        login-password: "druid monitor 2024!"',
        ("druid monitor 2024!",),
    ),
    (
        "spring-yaml",
        "aliyun:\n  oss:\n    endpoint: oss-cn-hangzhou.aliyuncs.com\n    access-key-id: LTAI5tw53iWVEVo3qmi9QvJf\n"
        "    access-key-secret: jW9FZOUKE2M6b0A0E9Rhe0FiwqOsRO\n    bucket-name: mall-images",
        ("LTAI5tw53iWVEVo3qmi9QvJf", "jW9FZOUKE2M6b0A0E9Rhe0FiwqOsRO"),
    ),
    (
        "spring-yaml",
        "minio:\n  endpoint: http://192.168.1.20:9000\n  access-key: mall-uploader\n  secret-key: mIn!o_s3cr3t/Key+9x\n"
        "  bucket: mall-avatar",
        ("mIn!o_s3cr3t/Key+9x",),
    ),
    (
        "spring-yaml",
        "xxl:\n  job:\n    admin:\n      addresses: http://xxl-job-admin:8080/xxl-job-admin\n"
        "    accessToken: Xxl_J0b@tok3n\n    executor:\n      appname: mall-order-job\n      port: 9999",
        ("Xxl_J0b@tok3n",),
    ),
    (
        "spring-yaml",
        "azure:\n  activedirectory:\n    tenant-id: 206b46a8-88db-4269-926a-3e6acd031ec5\n    client-id: f76a06b0-879b-48ca-95e7-588fadeac359\n"
        "    client-secret: Z3c4Q~MuiXksdSEMN_Cmw2zBdU2nm0GXZsax7Jc4",
        ("Z3c4Q~MuiXksdSEMN_Cmw2zBdU2nm0GXZsax7Jc4",),
    ),
    (
        "spring-yaml",
        "wechat:\n  pay:\n    mch-id: 1600012345\n    merchant-serial-number: 3775B6A45ACD588826D15E583A95F5DD\n"
        "    private-key: |\n      -----BEGIN EC PRIVATE KEY-----\n      MHcCAQEEIMdTuCWPA+IlTT+Uw4XGUzNDyPUgrwuFCJOw46WSmzZ43sjgrFXlGXJH\n      gy887SaADfRCh5Q0MOZtOQ7Kpn4d1EALySAiMqOqlSDCXOaHoq72X68CWsVpQL37\n      1BFxJHUb2BHEsJfKducSbGSRBENjhbHq1A==\n      -----END EC PRIVATE KEY-----\n    api-v3-key: cfhaaKiVkckjSRrccHQNF8Xc85Z3pkr0",
        (
            "MHcCAQEEIMdTuCWPA+IlTT+Uw4XGUzNDyPUgrwuFCJOw46WSmzZ43sjgrFXlGXJH",
            "1BFxJHUb2BHEsJfKducSbGSRBENjhbHq1A==",
            "cfhaaKiVkckjSRrccHQNF8Xc85Z3pkr0",
        ),
    ),
    # ---------------------------------------------------------------- bootstrap.yml / Nacos / Apollo
    (
        "bootstrap-yaml",
        "spring:\n  application:\n    name: mall-user\n  cloud:\n    nacos:\n      config:\n"
        "        server-addr: 10.0.8.11:8848\n        namespace: prod\n        username: nacos_ro\n"
        "        password: N@cos.Pr0d#88\n        file-extension: yaml",
        ("N@cos.Pr0d#88",),
    ),
    (
        "bootstrap-yaml",
        "spring:\n  cloud:\n    config:\n      uri: http://config-server:8888\n      username: cfg\n"
        '      password: "Cfg!Srv_2024%ok"\n      fail-fast: true',
        ("Cfg!Srv_2024%ok",),
    ),
    (
        "bootstrap-yaml",
        "seata:\n  registry:\n    type: nacos\n    nacos:\n      server-addr: 10.0.8.11:8848\n"
        "      group: SEATA_GROUP\n      username: seata\n      password: Seata&Tx=2024",
        ("Seata&Tx=2024",),
    ),
    (
        "nacos-config",
        "Data ID: mall-order-prod.yaml\nGroup: DEFAULT_GROUP\n配置内容：\nspring:\n  datasource:\n    dynamic:\n"
        "      primary: master\n      datasource:\n        master:\n"
        "          url: jdbc:mysql://rm-bp1x.mysql.rds.aliyuncs.com:3306/mall_order\n          username: order_rw\n"
        "          password: 0rder_Rw!x9\n        slave:\n"
        "          url: jdbc:mysql://rm-bp2y.mysql.rds.aliyuncs.com:3306/mall_order\n          username: order_ro\n"
        "          password: 0rder_R0@y7",
        ("0rder_Rw!x9", "0rder_R0@y7"),
    ),
    (
        "nacos-config",
        "Data ID: mall-pay.properties   Group: PAY_GROUP\npay.alipay.app-id=2021004123456789\n"
        "pay.alipay.private-key=MIIEvgIBADANBgkqhkiG9w0BAQEFAASC7cL+K25TR+ckmauPLnz5ep70qyLoROAyBRmOUNJ2V8LC5Y//V7w2agGquOaGqi8kVhPJouvaP1kCtkotUV9esiEv5GSp8a5GtXLkWgP9DJz3cowBgmG4emzGiRKIimLhxkWNIteeuuhg44z6MHcubgBsq+YnseDsI1lvSakT9o1Z+eIRiuzAwj1gtzvf4RUBUy/EmG3BmIF3tGBXKPxsjkoDmgDcyDkYmin/50DFE1v2LRkysUjj7Diun9GPGuFIJS8g5VddgEh5OMGJuc5KqdFImGF27rvtq0QgFDYt7Utj/VK5UH28V/QJ1TTge+n6vvZIznqacU9aHm/6arsRS9yLYR2Z6PjHAijc+34TZqFt+dhaiDjY2INRb9SNv6McvBwbdVnPx0YjrDV5609JzoQNqkV9kMmwGHdqfm+UMVFwDkhJ4x2Vmnn/vMcD0o4SghCofQcqL5JVYse8+3aW1+U6WIeGqyP7h1LIkT2qoeOpz2jAvEpPEmuepMHx3XJIpyWg1t7YhGIl2nuzLhW03vDD9s+TaHydvRJyBGuyveUa51Oqt1K7CLSLtdBqCY1RW6h02aYMfVaC6AmPLXsZGNp0J5d1xEI6hiOnFBIr8arcKUTIHhR5BKUjvfPyzFAgvrNAOqMyZJLs0EOiW06d4g5DjOZDkMmxXOXIfJsXsPw1zA4hLv0SGYMthBzPPgISyveiPygSOfY0ZSnpMNIxp5siNpqSiYZLsNYlIGyVSl8bJQ3PmYmMjskXck08aFCCBn6mJzi8kSIjxQZYpNSaVzRAPot9QsiX6S2LLka/+aG0f7oilvnN3OAJRNzQEsk4ZMPkzEU6ntg6BHeC62N9iUqFFNNvi5ftXGy8P9eu3cIpUMV4jWe7Aj50dGR1qSj6fnUjH0I8kaeZWyuOCW/tqTvYq8LZdNCF/UUZDeMDn5AKFl/qc8qLRZkB/CvxB78WoADU32qYQzNOSUxcTQmyk6QeouvHMYcC33+Dt2kNBkbFxlamI70IWP+E3GZ/VVP4On0e3CDIAxXCTQY82q4elM5y2qZ0o45XHB9HlKC3qlRwnBRCMT2qFa+OxjYvfhlTnuWEEIab29GIVLUPWQ100Fi/ngDaRGvMLHLK33mDpbxxvGEBvdAXTWgTtGokxX/Q0dbR8AIAciKw5I8ozrSkar/wLP+XehstL4zZkIU1G9Qs3atv4KfifB9ipfgGioNXaAJ/2YTUsuKCEE7RCt/LIdOWyBWWf32B8IuLpeR42fOpLuk9xkuAtVB6ffniK7ejIlY/KJAGXtW8EXAQcSUclSUzffd5MOxu8jSa3+U/j3nQ/KnniWQQ9PzUKMDwKXsOoPLETloypOGua2185kxSGv9YOVQPBcYdBHq1RsncbbX/TFII01tYqxY8rf+EemkPUCgXFHGeLEQo6REC8jpQtXh3t7bqc30Qqoprv8sd1beaDLt1YjrdJ9JJ/CykayDLLSs4YRgra0y54lpP0SdhHeO0sZgkBFbKBoPM36dYoAZ/wBftFvxgPujnLC+eCSf4A75uOSMuyNB77IsqbvBN875WAzueVVmfX5HIMF5UEw5oNasI/7Rvpg==\npay.alipay.sign-type=RSA2\n"
        "pay.wechat.mch-id=1600012345\npay.wechat.api-v3-key=16G8K2W8Oo0sVNgLmVRcwd1acXQx4YpG",
        (
            "MIIEvgIBADANBgkqhkiG9w0BAQEFAASC7cL+K25TR+ckmauPLnz5ep70qyLoROAyBRmOUNJ2V8LC5Y//V7w2agGquOaGqi8kVhPJouvaP1kCtkotUV9esiEv5GSp8a5GtXLkWgP9DJz3cowBgmG4emzGiRKIimLhxkWNIteeuuhg44z6MHcubgBsq+YnseDsI1lvSakT9o1Z+eIRiuzAwj1gtzvf4RUBUy/EmG3BmIF3tGBXKPxsjkoDmgDcyDkYmin/50DFE1v2LRkysUjj7Diun9GPGuFIJS8g5VddgEh5OMGJuc5KqdFImGF27rvtq0QgFDYt7Utj/VK5UH28V/QJ1TTge+n6vvZIznqacU9aHm/6arsRS9yLYR2Z6PjHAijc+34TZqFt+dhaiDjY2INRb9SNv6McvBwbdVnPx0YjrDV5609JzoQNqkV9kMmwGHdqfm+UMVFwDkhJ4x2Vmnn/vMcD0o4SghCofQcqL5JVYse8+3aW1+U6WIeGqyP7h1LIkT2qoeOpz2jAvEpPEmuepMHx3XJIpyWg1t7YhGIl2nuzLhW03vDD9s+TaHydvRJyBGuyveUa51Oqt1K7CLSLtdBqCY1RW6h02aYMfVaC6AmPLXsZGNp0J5d1xEI6hiOnFBIr8arcKUTIHhR5BKUjvfPyzFAgvrNAOqMyZJLs0EOiW06d4g5DjOZDkMmxXOXIfJsXsPw1zA4hLv0SGYMthBzPPgISyveiPygSOfY0ZSnpMNIxp5siNpqSiYZLsNYlIGyVSl8bJQ3PmYmMjskXck08aFCCBn6mJzi8kSIjxQZYpNSaVzRAPot9QsiX6S2LLka/+aG0f7oilvnN3OAJRNzQEsk4ZMPkzEU6ntg6BHeC62N9iUqFFNNvi5ftXGy8P9eu3cIpUMV4jWe7Aj50dGR1qSj6fnUjH0I8kaeZWyuOCW/tqTvYq8LZdNCF/UUZDeMDn5AKFl/qc8qLRZkB/CvxB78WoADU32qYQzNOSUxcTQmyk6QeouvHMYcC33+Dt2kNBkbFxlamI70IWP+E3GZ/VVP4On0e3CDIAxXCTQY82q4elM5y2qZ0o45XHB9HlKC3qlRwnBRCMT2qFa+OxjYvfhlTnuWEEIab29GIVLUPWQ100Fi/ngDaRGvMLHLK33mDpbxxvGEBvdAXTWgTtGokxX/Q0dbR8AIAciKw5I8ozrSkar/wLP+XehstL4zZkIU1G9Qs3atv4KfifB9ipfgGioNXaAJ/2YTUsuKCEE7RCt/LIdOWyBWWf32B8IuLpeR42fOpLuk9xkuAtVB6ffniK7ejIlY/KJAGXtW8EXAQcSUclSUzffd5MOxu8jSa3+U/j3nQ/KnniWQQ9PzUKMDwKXsOoPLETloypOGua2185kxSGv9YOVQPBcYdBHq1RsncbbX/TFII01tYqxY8rf+EemkPUCgXFHGeLEQo6REC8jpQtXh3t7bqc30Qqoprv8sd1beaDLt1YjrdJ9JJ/CykayDLLSs4YRgra0y54lpP0SdhHeO0sZgkBFbKBoPM36dYoAZ/wBftFvxgPujnLC+eCSf4A75uOSMuyNB77IsqbvBN875WAzueVVmfX5HIMF5UEw5oNasI/7Rvpg==",
            "16G8K2W8Oo0sVNgLmVRcwd1acXQx4YpG",
        ),
    ),
    (
        "nacos-config",
        "这是 nacos 上 sentinel 的配置：\nsentinel.dashboard.auth.username=sentinel_admin\n"
        "sentinel.dashboard.auth.password=Sent1nel!Dash\nserver.port=8858",
        ("Sent1nel!Dash",),
    ),
    (
        "apollo-config",
        "app.id=mall-gateway\napollo.meta=http://apollo-config.prod:8080\napollo.bootstrap.enabled=true\n"
        "apollo.access-key.secret=e13c0207a5654697e5f77ef7fbf17199",
        ("e13c0207a5654697e5f77ef7fbf17199",),
    ),
    (
        "apollo-config",
        "Apollo 里 application 命名空间：\ngateway.auth.sign-secret = eq3MD9eE19bPbCRskBcBzYxHEFsiN1t0wJ_zk40y\n"
        "gateway.auth.ignore-urls = /actuator/**,/doc.html",
        ("eq3MD9eE19bPbCRskBcBzYxHEFsiN1t0wJ_zk40y",),
    ),
    # ---------------------------------------------------------------- .properties
    (
        "properties",
        "spring.datasource.url=jdbc:postgresql://pg-master:5432/mall\nspring.datasource.username=mall\n"
        "spring.datasource.password=Pg$ecret;42,ok",
        ("Pg$ecret;42,ok",),
    ),
    (
        "properties",
        "spring.datasource.username = root\nspring.datasource.password = 123456",
        ("123456",),
    ),
    (
        "properties",
        "jasypt.encryptor.password=mall-jasypt-S3cret!\njasypt.encryptor.algorithm=PBEWithMD5AndDES",
        ("mall-jasypt-S3cret!",),
    ),
    (
        "properties",
        "spring.mail.host=smtp.exmail.qq.com\nspring.mail.username=ops@mall-demo.cn\nspring.mail.password=Qwe!2#rTy",
        ("Qwe!2#rTy",),
    ),
    (
        "properties",
        "hibernate.connection.url:jdbc:mysql://10.12.3.50/legacy\nhibernate.connection.username:legacy\n"
        "hibernate.connection.password:Hb-9x!Kq",
        ("Hb-9x!Kq",),
    ),
    (
        "properties",
        "aliyun.sms.accessKeyId=LTAIRPP38ehL1rdX\naliyun.sms.accessKeySecret=VoUgezsaWhLA7kBn3NOOpAYTlLdpLP\n"
        "aliyun.sms.signName=商城\naliyun.sms.templateCode=SMS_463720155",
        ("LTAIRPP38ehL1rdX", "VoUgezsaWhLA7kBn3NOOpAYTlLdpLP"),
    ),
    (
        "properties",
        "wx.miniapp.appid=wxb77bb21cc623143f\nwx.miniapp.secret=e5e5be1f4573817dc9320e9cdbbff745\nwx.miniapp.token=mallwxtoken2024\n"
        "wx.miniapp.aesKey=Bs80degS3Kewv3lHoRM0LDowgpnvloqePykl0JOSrjV\nwx.miniapp.msgDataFormat=JSON",
        (
            "e5e5be1f4573817dc9320e9cdbbff745",
            "mallwxtoken2024",
            "Bs80degS3Kewv3lHoRM0LDowgpnvloqePykl0JOSrjV",
        ),
    ),
    (
        "properties",
        "google.oauth.client-id=047185712341.apps.googleusercontent.com\n"
        "google.oauth.client-secret=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",
        ("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",),
    ),
    (
        "properties",
        "spring.redis.password=Redis@Mall2024\nspring.redis.host=10.12.3.60\nspring.redis.port=6379",
        ("Redis@Mall2024",),
    ),
    (
        "gradle-properties",
        "signing.keyId=24875D73\nsigning.password=Sign!ng Key Pass\n"
        "signing.secretKeyRingFile=/home/ci/.gnupg/secring.gpg\nossrhUsername=mall\nossrhPassword=Ossrh#Pw2024",
        ("Sign!ng Key Pass", "Ossrh#Pw2024"),
    ),
    # ---------------------------------------------------------------- Maven settings.xml / pom / XML
    (
        "maven-settings",
        "<servers>\n  <server>\n    <id>mall-releases</id>\n    <username>deployer</username>\n"
        "    <password>Nx3us!Depl0y&amp;Go</password>\n  </server>\n</servers>",
        ("Nx3us!Depl0y&amp;Go",),
    ),
    (
        "maven-settings",
        "<server>\n    <id>rdc-releases</id>\n    <username>6123a0b5f1e2c3d4e5f6a7b8</username>\n"
        "    <password>7dcJdl1qGmRq</password>\n</server>",
        ("7dcJdl1qGmRq",),
    ),
    (
        "maven-settings",
        "settings.xml 里配了 GitHub Packages：<server><id>github</id><username>mall-ci</username>"
        "<password>ghp_GxBbpJf7m6xrFRDb15Ipyj1vn80qHqcnRVAL</password></server>，deploy 还是 401",
        ("ghp_GxBbpJf7m6xrFRDb15Ipyj1vn80qHqcnRVAL",),
    ),
    (
        "maven-settings",
        "<server>\n  <id>deploy-ssh</id>\n  <username>deploy</username>\n"
        "  <privateKey>${user.home}/.ssh/id_rsa</privateKey>\n  <passphrase>blue whale eats 7 krill</passphrase>\n</server>",
        ("blue whale eats 7 krill",),
    ),
    (
        "pom-xml",
        "<properties>\n    <java.version>17</java.version>\n    <docker.registry>registry.cn-hangzhou.aliyuncs.com</docker.registry>\n"
        "    <docker.registry.password>P0m-Dkr#Pw</docker.registry.password>\n</properties>",
        ("P0m-Dkr#Pw",),
    ),
    (
        "pom-xml",
        "<plugin>\n  <groupId>org.flywaydb</groupId>\n  <artifactId>flyway-maven-plugin</artifactId>\n  <configuration>\n"
        "    <url>jdbc:postgresql://10.20.1.60:5432/mall</url>\n    <user>flyway</user>\n"
        "    <password>Fly#Way 2024</password>\n  </configuration>\n</plugin>",
        ("Fly#Way 2024",),
    ),
    (
        "xml-config",
        '<jdbcConnection driverClass="com.mysql.cj.jdbc.Driver"\n'
        '                connectionURL="jdbc:mysql://127.0.0.1:3306/mall"\n'
        '                userId="root"\n                password="Mbg&amp;Gen#1">\n</jdbcConnection>',
        ("Mbg&amp;Gen#1",),
    ),
    (
        "xml-config",
        '<bean id="dataSource" class="com.alibaba.druid.pool.DruidDataSource" init-method="init">\n'
        '    <property name="url" value="jdbc:mysql://10.20.1.5:3306/legacy"/>\n'
        '    <property name="username" value="legacy"/>\n'
        '    <property name="password" value="Leg@cy-Xml!"/>\n</bean>',
        ("Leg@cy-Xml!",),
    ),
    (
        "xml-config",
        '<dubbo:registry address="nacos://10.0.8.11:8848" username="dubbo" password="Dubb0-Reg!"/>',
        ("Dubb0-Reg!",),
    ),
    (
        "tomcat-users",
        '<tomcat-users>\n  <role rolename="manager-gui"/>\n'
        '  <user username="manager" password="T0mcat&lt;Mgr&gt;" roles="manager-gui"/>\n</tomcat-users>',
        ("T0mcat&lt;Mgr&gt;",),
    ),
    # ---------------------------------------------------------------- .env / compose / k8s / helm
    (
        "env-file",
        '# .env\nDB_HOST=127.0.0.1\nDB_PASSWORD="lazy cat & 9 lives"\nREDIS_PASSWORD=r3d1s_L0cal!',
        ("lazy cat & 9 lives", "r3d1s_L0cal!"),
    ),
    (
        "env-file",
        "OPENAI_API_KEY=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\nOPENAI_BASE_URL=https://api.openai.com/v1",
        (
            "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",
        ),
    ),
    (
        "env-file",
        "# .env.local\nANTHROPIC_API_KEY='sk-ant-api03-ZhYBafPYk3IpnCC3o73gSN-Z3f3dX5wUoUzKU5K3XJL74xb-IWRa7DLJTM3Um9emJzzOdBdXMiRWcVO_K4YTDSE1bFJ1jAA'\nCLAUDE_MODEL=claude-3-5-sonnet-latest",
        (
            "sk-ant-api03-ZhYBafPYk3IpnCC3o73gSN-Z3f3dX5wUoUzKU5K3XJL74xb-IWRa7DLJTM3Um9emJzzOdBdXMiRWcVO_K4YTDSE1bFJ1jAA",
        ),
    ),
    (
        "env-file",
        "STRIPE_SECRET_KEY=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\nSTRIPE_WEBHOOK_SECRET=whsec_b5yYoul1mFPyFsO1j5eDLhYb1zdff0KE",
        (
            "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",
            "whsec_b5yYoul1mFPyFsO1j5eDLhYb1zdff0KE",
        ),
    ),
    (
        "env-file",
        "SENDGRID_API_KEY=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\nMAIL_FROM=noreply@mall-demo.cn",
        ("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",),
    ),
    (
        "env-file",
        "# huggingface 下模型用的\nHF_TOKEN=hf_87VTTC711o2MYdR3ehaSZwo44v6X3Ucejl\nHF_HOME=/data/hf-cache",
        ("hf_87VTTC711o2MYdR3ehaSZwo44v6X3Ucejl",),
    ),
    (
        "env-file",
        "SLACK_APP_TOKEN=xapp-1-A0Y26PLA5PT-7268043663080-67bad24029b765cd59e2845ae591e968a2f79dda9714b84efabc600d72eb970a\nSLACK_USER_TOKEN=xoxp-92260901888-76991943472-7170016885708-b45f48b8886cad3d4a0f742be97fddad",
        (
            "xapp-1-A0Y26PLA5PT-7268043663080-67bad24029b765cd59e2845ae591e968a2f79dda9714b84efabc600d72eb970a",
            "xoxp-92260901888-76991943472-7170016885708-b45f48b8886cad3d4a0f742be97fddad",
        ),
    ),
    (
        "docker-compose",
        "services:\n  mysql:\n    image: mysql:8.0.36\n    environment:\n      MYSQL_ROOT_PASSWORD: Root#Mall!2024\n"
        '      MYSQL_DATABASE: mall\n    ports:\n      - "3306:3306"',
        ("Root#Mall!2024",),
    ),
    (
        "docker-compose",
        "  postgres:\n    image: postgres:16\n    environment:\n      - POSTGRES_USER=mall\n"
        "      - POSTGRES_PASSWORD=pg;drop=no,really\n      - POSTGRES_DB=mall",
        ("pg;drop=no,really",),
    ),
    (
        "docker-compose",
        '  redis:\n    image: redis:7.2\n    command: redis-server --requirepass "Rq!7 pass,word" --appendonly yes\n'
        "    ports:\n      - 6379:6379",
        ("Rq!7 pass,word",),
    ),
    (
        "docker-compose",
        "  nacos:\n    image: nacos/nacos-server:v2.3.1\n    environment:\n      - MODE=standalone\n"
        "      - NACOS_AUTH_ENABLE=true\n      - NACOS_AUTH_TOKEN=tVXDKwOxxm630+vBud5SWBIaGnHODuydKOweCbFx807a\n"
        "      - NACOS_AUTH_IDENTITY_KEY=serverIdentity\n      - NACOS_AUTH_IDENTITY_VALUE=bb5nFVbUEMvvb7GB",
        ("tVXDKwOxxm630+vBud5SWBIaGnHODuydKOweCbFx807a", "bb5nFVbUEMvvb7GB"),
    ),
    (
        "docker-compose",
        "  rabbitmq:\n    image: rabbitmq:3.12-management\n    environment:\n      RABBITMQ_DEFAULT_USER: mall\n"
        "      RABBITMQ_DEFAULT_PASS: 'Rabb1t&Carrot'",
        ("Rabb1t&Carrot",),
    ),
    (
        "docker-compose",
        "  es:\n    image: elasticsearch:8.12.2\n    environment:\n      - ELASTIC_PASSWORD=El@stic_9200!\n"
        "      - discovery.type=single-node",
        ("El@stic_9200!",),
    ),
    (
        "k8s-secret",
        "apiVersion: v1\nkind: Secret\nmetadata:\n  name: mall-db\n  namespace: mall\ntype: Opaque\ndata:\n"
        "  username: bWFsbF9hcHA=\n  password: SzhzLURiI1Bhc3MhNzc=",
        ("SzhzLURiI1Bhc3MhNzc=",),
    ),
    (
        "k8s-secret",
        "apiVersion: v1\nkind: Secret\nmetadata:\n  name: openai-cred\ntype: Opaque\nstringData:\n"
        "  OPENAI_API_KEY: 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",
        ("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",),
    ),
    (
        "k8s-secret",
        "apiVersion: v1\nkind: Secret\nmetadata:\n  name: acr-pull\ntype: kubernetes.io/dockerconfigjson\ndata:\n"
        "  .dockerconfigjson: eyJhdXRocyI6eyJyZWdpc3RyeS5jbi1oYW5nemhvdS5hbGl5dW5jcy5jb20iOnsidXNlcm5hbWUiOiJtYWxsQDE2ODgiLCJwYXNzd29yZCI6IkFjciFQdWxsMjAyNCJ9fX0=",
        (
            "eyJhdXRocyI6eyJyZWdpc3RyeS5jbi1oYW5nemhvdS5hbGl5dW5jcy5jb20iOnsidXNlcm5hbWUiOiJtYWxsQDE2ODgiLCJwYXNzd29yZCI6IkFjciFQdWxsMjAyNCJ9fX0=",
        ),
    ),
    (
        "k8s-secret",
        "apiVersion: v1\nkind: Secret\nmetadata:\n  name: mall-tls\ntype: kubernetes.io/tls\ndata:\n"
        "  tls.crt: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSURkekNDQWwrZ0F3SUJBZ0lFYzJWaE01aWtpUUVPRnN4MDM1ZGhBYkNvYmtuMkJNaGdNeVd0eFlwc1Z6TkMKTzdwNEIwbmhvOUdOZi91TTRXUk9YdVNycFpZVXBrOTFYdlJkNDlZS3FNc2xtK1NzUGN1d05NdWdQTkljSnhRcApIb2hOQUZFeXdjQmREK2k4eXVzaWpGc2plMGgrL215Q1NSN1pNOXljQXQ3SjhvRFFWQ0R6bEFwc2YyUHpQblBtCnppWjkxbHVYUFIwLzFXbzduZzVmREcrNm8yRFQ5UTBGejUwblJKbktiSkNpR3JsTk5HS3dnL29yazNlTVZSeEQKY3ZTalU4bmdpTGVHRXpNRGxJUlZTTmFSVkpiTWs2dzE4ZCtWTi9oWm4vUXNqYmljOUtwTFpHRkVTRVo2bWdQVQo0NzExNGJhWlBmS0srSEp0blhpS29Na09CZ0oweHU4YmNBalhRUi9UREE5b3JaVVFyanhWWTE5RUpEM24xQkV6ClFtaEh0WjdGQldseGEybWxhaXRQU2Y1R3BOOUl1ZTZ3L29RK0ZlaTZIU1h3WCtVbWJCbmN5TTl6K2pWQXNBL00KaTQ4YXIrbnVmL2ZGcmtQaG5nSy9BTUVPL0dEL3B3Uis1VTRKUmxOTTdSeHFmbXNwWTFuZUlPekh1ODFuVlJOVQpMK0hRcCtZZEVUdTlZQTlqTjhtNVBDR3NFRTZaZ1lHcU4vTHFjcHdJaktOSjl2ZkR1QzAyNEIwbmo1d3NyWE9uCktUd1duZFlCenRVRWRLWjZlNDFOU0x6MmhIZVVqdGQwMW9RQkk0WVpvSm9IM2ZraWVnOWtmQ0ltd0JRUFFwUnAKRmFNd2RuLzZzV0ZPSW9xeW9ISlZ0VTBLdEpZYTZJbHFITDMrbzM5MDlqTnI2ZmZhNmd6MUZ2bVhUZlZQUWpUNQpLdnk3YnQxRTlwa1hpMVo5clpYZWFhcUZVbDI0K3E2dVlQLzFTbndLTHpQRkJMNlVCTTd1dEltdkdTemFKNENmCllvQ3VKcVhIbHJNOFVBMXUxNG8waU5EMWxaamlRT2Vnam1ZOVd4ZlVvYlVsZ3ZQMk81djVSTDVhLy9zODl3bm8KSlg1QWxrNEk3eWcwdng0Rk5OdzdVRnpzRFhHc25ENUJYTEdqQlcwYmk0d21DUk84ZnRKZ2VTWU14QTBLc1BwTQoxS3JIRWdDSXdVVlk0bEdsYXU4SUxwOWw4eFROc3ZYU1VyVnFNNTB1dGxWL3R6ZGZnM0Q5dnNHMGgwVEk2TWZpCnpndk56dVRDZE15QW9jNjlKbk01cHZIeWdob1RuRDlkNE1UbWtiTW4xWm56ZlpPekpQTDBhSzhtOCtFQmZrWGwKelo1WEg5TzVVd1hhdnBNdVJwd3JXV3lvVnBDbm5mR0JocGYvOVc5Z1NkYWdpY2FnYnJ6bE1jdm5WTS9paVA5WgplQTQyeDlZMlZJWmwrTWJvSUg4NkdSMU5ONmE5VGxhZWJDdmZYcTRpdHRNU1ZMZXZFK2c2Q1djdWh1Ump3bHdhCjdtakt5RzRLaGtVNXl2WUdFTnZla0xkOVozbVd2eGV2dTZnPQotLS0tLUVORCBDRVJUSUZJQ0FURS0tLS0tCg==\n  tls.key: LS0tLS1CRUdJTiBQUklWQVRFIEtFWS0tLS0tCk1JSUV2Z0lCQURBTkJna3Foa2lHOXcwQkFRRUZBQVNDNlBOREdZcG9PMkc4dEtJWWNmRXJEUmIvQVFnNE94NW4KdGZYUHJlWHJ1SUpWNlZTVWlhNW1ZblErZFd0YUN3OE5Gbml6SWt5MVlXL2czTE5abUI0MFovS0RnS3NhQkxMZQpxVkNFaGQ0enJ4VWdaYzZZbnMwNlR6VGpwMk4wWVpmRk9qbmtKR2pGek5obnBzZFFJSXdKS0NySlFzRTNjc2dFCkNlSjFiSDVlUVNuSXF4V3VLcDI1c3BaMUNsazlFWTVZc0xEdzdCZWI2RFJ6REFISE5QVXRVY2JxWkpzbUxuNkQKbFl1QXVqdlB2QUJBMGRjams1ZjMzZWtQeFJTWjhQa2YrQjNua3EyOUIvT3MvOWQxOGwrWDdZeVR6czlpN0FkWgpGYjQxOFNBeVFWWWJERmlCNkJienhMdDNwOGcybGl2cGJPRGpuUG16bllNZnNRbGxIRE5valMxWXY2Y2p3QW5HClNxU09veUozVklvVXBPYjdlOWZlUElXM3dTNWpqSWhId2tNMFdaTlBsYXhIbVVsMWdLeFRUZVpkdFlxcmM0SHQKUDdsK1Vnc3BHQzB4MU9meDBVeG1lWFBRTnFjRW9tQUQ3YU9QTjNCbkxCdG80Z3g0MndzeW5vY2x0UFFhZ2U4MAplK2FOZk5scmR6L0tBYk1qb2k5N0t6cFRscm1xeWEzcXM4WTFzVWVIUFk5MmVWdjVjVG14aHZpcldrcldPczdzCmhkc2Q5dUZ3NFlyNXBZOTlOa2ZGcjg0NDkyVEVPY3JxUlJEN2pZZXliOUZQVlhseGdtTHk5c1U0WFdIdEhtTnUKU2ppVnNEakhzUjh3USsyTk5NMUQyemtJM1RBVzl2dlkyd1crN1VkUVZHS0U4UnZDSDRWV0xTc3UvOXlNRzQ1YwpPLzZvZVpueEs5TTY2RlJCbis1QkEydU5weXBwa3JPVEN5VTl6T2k3N2FWNVFLUXU3K3FCOXZBNmZQMmhuVmJwCmg5dlJTT0NIUVlFRGFWNkM3MXRBMkgrVTl6VGpFV0hVUG9KTk13REtQeGZpeG5ucmhWcHlqVkt5dkw1d2pPYkIKekFqeGxmcnhZV3p3WHFnRlJxcU51N2oxL2ZaT0YrWE40d2s0NGxDZzduc3Jla2RIaXJkWHFJTThmRXlVYWc2agp3RnU0WXZ5RWtDS1JkRFhEZll2S0VqMWhrYUVMT0R6MDExcG42bXAvMmtIUHhndXBkV3hLZU84L0crdzBHT0M1CjY5UXFxV1RJdmszOUQ0OHlsWnlqT3NIZ2xEMjZqNUVYSFlYdCswWDhTOGxnQUFORUJ2RFg4M2lsRjhERGNkalcKaGlHaXVWTm5HZHgyNlBUbUU3eTlsQjAvMTMvRi95eFZ6U05zcmN6RjhKZjloRDVNWUJjclBheGJab3huQ0xvSgpRWFhvYm85dzQrVjNJb0h5YXBGMGpIcW9xazVXRkF4NjBOSk50OEU5TjlHVXR6YVhxU2dKeEZzYUhyNVR0MjlKCklsTWRkVDlrckFweEVYSXZhWWhVTW9UTE9HOGtGd2xUZ0RUc2ZiRmdVdGhmVGoraXEvNzU1aHpJVTV0RnV2aEEKWlRvWmNlR3lLemkwY3d0RDJPeDNRWVpjKzRldmVycDVyZEdlbFZuRWVsMTBtK2ZhSVhDWk9xcHl2bkZ5T2V3RApVZmtDZDE5Ry9GVjhrTXk0SGtpb0lkT0xmSXZjMmRRMXJ3UTE1dWxVdkJqelJld0I4UHBYNW1kbmtSbi9ZYVR4CnMzdE1veGhLUGpEcU1DeUtBOVVMZHpTSHU1ZDlEKytLd1ZSTXFNOGtncXo4bEpHakl6Rng2ZHpwNGFpK00wdUsKRjVqWUxvNUJkYnFOUkxoK3MwaHpyQ1dVWEJVWGVaMzQremJIajZjQ2tmOWRPSXlVL2V2NVdMSzdET2pSSVk1RgpZT2ZuUThsSEsyd0VpSkV4VzVZZExWUU1VSmMvUEI5QmErTVM0dTZiZXdxU0Y2RVlrbUtVWmVkb2R3SVo0UFlECm9QZmlzaFFtc3hEakJ2Vk52WndwNE1zYVJRUmtvZGJhQU9zbUFhR3VDN0c3REJOak1VQ0VwbHNzRDcvS0RuSjEKOUp5QVkvVmpqbUZBLzAyakdLUSs1QT09Ci0tLS0tRU5EIFBSSVZBVEUgS0VZLS0tLS0K",
        (
            "LS0tLS1CRUdJTiBQUklWQVRFIEtFWS0tLS0tCk1JSUV2Z0lCQURBTkJna3Foa2lHOXcwQkFRRUZBQVNDNlBOREdZcG9PMkc4dEtJWWNmRXJEUmIvQVFnNE94NW4KdGZYUHJlWHJ1SUpWNlZTVWlhNW1ZblErZFd0YUN3OE5Gbml6SWt5MVlXL2czTE5abUI0MFovS0RnS3NhQkxMZQpxVkNFaGQ0enJ4VWdaYzZZbnMwNlR6VGpwMk4wWVpmRk9qbmtKR2pGek5obnBzZFFJSXdKS0NySlFzRTNjc2dFCkNlSjFiSDVlUVNuSXF4V3VLcDI1c3BaMUNsazlFWTVZc0xEdzdCZWI2RFJ6REFISE5QVXRVY2JxWkpzbUxuNkQKbFl1QXVqdlB2QUJBMGRjams1ZjMzZWtQeFJTWjhQa2YrQjNua3EyOUIvT3MvOWQxOGwrWDdZeVR6czlpN0FkWgpGYjQxOFNBeVFWWWJERmlCNkJienhMdDNwOGcybGl2cGJPRGpuUG16bllNZnNRbGxIRE5valMxWXY2Y2p3QW5HClNxU09veUozVklvVXBPYjdlOWZlUElXM3dTNWpqSWhId2tNMFdaTlBsYXhIbVVsMWdLeFRUZVpkdFlxcmM0SHQKUDdsK1Vnc3BHQzB4MU9meDBVeG1lWFBRTnFjRW9tQUQ3YU9QTjNCbkxCdG80Z3g0MndzeW5vY2x0UFFhZ2U4MAplK2FOZk5scmR6L0tBYk1qb2k5N0t6cFRscm1xeWEzcXM4WTFzVWVIUFk5MmVWdjVjVG14aHZpcldrcldPczdzCmhkc2Q5dUZ3NFlyNXBZOTlOa2ZGcjg0NDkyVEVPY3JxUlJEN2pZZXliOUZQVlhseGdtTHk5c1U0WFdIdEhtTnUKU2ppVnNEakhzUjh3USsyTk5NMUQyemtJM1RBVzl2dlkyd1crN1VkUVZHS0U4UnZDSDRWV0xTc3UvOXlNRzQ1YwpPLzZvZVpueEs5TTY2RlJCbis1QkEydU5weXBwa3JPVEN5VTl6T2k3N2FWNVFLUXU3K3FCOXZBNmZQMmhuVmJwCmg5dlJTT0NIUVlFRGFWNkM3MXRBMkgrVTl6VGpFV0hVUG9KTk13REtQeGZpeG5ucmhWcHlqVkt5dkw1d2pPYkIKekFqeGxmcnhZV3p3WHFnRlJxcU51N2oxL2ZaT0YrWE40d2s0NGxDZzduc3Jla2RIaXJkWHFJTThmRXlVYWc2agp3RnU0WXZ5RWtDS1JkRFhEZll2S0VqMWhrYUVMT0R6MDExcG42bXAvMmtIUHhndXBkV3hLZU84L0crdzBHT0M1CjY5UXFxV1RJdmszOUQ0OHlsWnlqT3NIZ2xEMjZqNUVYSFlYdCswWDhTOGxnQUFORUJ2RFg4M2lsRjhERGNkalcKaGlHaXVWTm5HZHgyNlBUbUU3eTlsQjAvMTMvRi95eFZ6U05zcmN6RjhKZjloRDVNWUJjclBheGJab3huQ0xvSgpRWFhvYm85dzQrVjNJb0h5YXBGMGpIcW9xazVXRkF4NjBOSk50OEU5TjlHVXR6YVhxU2dKeEZzYUhyNVR0MjlKCklsTWRkVDlrckFweEVYSXZhWWhVTW9UTE9HOGtGd2xUZ0RUc2ZiRmdVdGhmVGoraXEvNzU1aHpJVTV0RnV2aEEKWlRvWmNlR3lLemkwY3d0RDJPeDNRWVpjKzRldmVycDVyZEdlbFZuRWVsMTBtK2ZhSVhDWk9xcHl2bkZ5T2V3RApVZmtDZDE5Ry9GVjhrTXk0SGtpb0lkT0xmSXZjMmRRMXJ3UTE1dWxVdkJqelJld0I4UHBYNW1kbmtSbi9ZYVR4CnMzdE1veGhLUGpEcU1DeUtBOVVMZHpTSHU1ZDlEKytLd1ZSTXFNOGtncXo4bEpHakl6Rng2ZHpwNGFpK00wdUsKRjVqWUxvNUJkYnFOUkxoK3MwaHpyQ1dVWEJVWGVaMzQremJIajZjQ2tmOWRPSXlVL2V2NVdMSzdET2pSSVk1RgpZT2ZuUThsSEsyd0VpSkV4VzVZZExWUU1VSmMvUEI5QmErTVM0dTZiZXdxU0Y2RVlrbUtVWmVkb2R3SVo0UFlECm9QZmlzaFFtc3hEakJ2Vk52WndwNE1zYVJRUmtvZGJhQU9zbUFhR3VDN0c3REJOak1VQ0VwbHNzRDcvS0RuSjEKOUp5QVkvVmpqbUZBLzAyakdLUSs1QT09Ci0tLS0tRU5EIFBSSVZBVEUgS0VZLS0tLS0K",
        ),
    ),
    (
        "k8s-manifest",
        "      containers:\n        - name: mall-order\n          image: registry.cn-hangzhou.aliyuncs.com/mall/order:1.4.2\n"
        '          env:\n            - name: SPRING_DATASOURCE_PASSWORD\n              value: "Ord3r&Pay;2024"\n'
        "            - name: SPRING_PROFILES_ACTIVE\n              value: prod",
        ("Ord3r&Pay;2024",),
    ),
    (
        "k8s-manifest",
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: mall-cart-config\ndata:\n  application.properties: |\n"
        "    spring.redis.host=redis-master\n    spring.redis.password=Cm-Redis/Pw+1",
        ("Cm-Redis/Pw+1",),
    ),
    (
        "helm-values",
        'mysql:\n  auth:\n    rootPassword: "H3lm Root Pw"\n    username: mall\n    password: helm_app_pw_77\n'
        "  primary:\n    persistence:\n      size: 50Gi",
        ("H3lm Root Pw", "helm_app_pw_77"),
    ),
    # ---------------------------------------------------------------- CI
    (
        "jenkinsfile",
        "stage('Deploy') {\n    steps {\n"
        "        sh 'docker login -u mall-ci -p Jnk!ns_D0cker registry.cn-hangzhou.aliyuncs.com'\n"
        "        sh 'kubectl apply -f k8s/'\n    }\n}",
        ("Jnk!ns_D0cker",),
    ),
    (
        "jenkinsfile",
        "pipeline {\n  agent any\n  environment {\n    SONAR_TOKEN = 'squ_daa9407604a8a54417e31ad5f5c0faa01e3767a5'\n"
        "    NEXUS_PASS = \"Nexus@Jenkins#1\"\n  }\n  stages { stage('Build') { steps { sh 'mvn -B clean deploy' } } }\n}",
        ("squ_daa9407604a8a54417e31ad5f5c0faa01e3767a5", "Nexus@Jenkins#1"),
    ),
    (
        "jenkinsfile",
        "post {\n    failure {\n"
        "        sh \"curl -s 'https://oapi.dingtalk.com/robot/send?access_token=355ff245d01eb2db933a9f4cf6c0b674bfb5e1f865a5df4cb018091e91549ed9' "
        "-H 'Content-Type: application/json' -d @msg.json\"\n    }\n}",
        ("355ff245d01eb2db933a9f4cf6c0b674bfb5e1f865a5df4cb018091e91549ed9",),
    ),
    (
        "gitlab-ci",
        'variables:\n  MAVEN_OPTS: "-Dmaven.repo.local=.m2/repository"\n  SONAR_LOGIN: squ_53575f0d28343641d00bfed9be175e8863100e8f\n'
        '  DOCKER_PASSWORD: "Gl!tlab-Ci-Dkr"',
        ("squ_53575f0d28343641d00bfed9be175e8863100e8f", "Gl!tlab-Ci-Dkr"),
    ),
    (
        "gitlab-ci",
        "deploy:\n  stage: deploy\n  script:\n"
        "    - git remote set-url origin https://oauth2:glpat-HyNJYA6ez2D9zBRGnKfu@gitlab.mall-demo.cn/mall/mall-order.git\n"
        "    - git push origin HEAD:release",
        ("glpat-HyNJYA6ez2D9zBRGnKfu",),
    ),
    (
        "gitlab-ci",
        "publish-web:\n  image: node:20\n  script:\n"
        '    - echo "//registry.npmjs.org/:_authToken=npm_4bO3Pgx7zsvSZHQo5OUqPf9pIkQ4o3D3Raf4" > .npmrc\n    - npm publish --access public',
        ("npm_4bO3Pgx7zsvSZHQo5OUqPf9pIkQ4o3D3Raf4",),
    ),
    # ---------------------------------------------------------------- shell history / commands
    (
        "shell-history",
        "  501  export AWS_ACCESS_KEY_ID=AKIAUG5ZBLJBTMGX3KB3\n  502  export AWS_SECRET_ACCESS_KEY=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\n"
        "  503  aws s3 ls s3://mall-backup/",
        ("AKIAUG5ZBLJBTMGX3KB3", "SsYCZtapKNNLdeKOU9/JmjC+GFH5RvCnJ76Yu6gD"),
    ),
    (
        "shell-history",
        "  611  mysql -h 10.12.3.41 -P 3306 -uroot -p'My$ql!Root#9' mall_order\n  612  exit",
        ("My$ql!Root#9",),
    ),
    (
        "shell-history",
        "$ export DASHSCOPE_API_KEY=sk-a2cdb2b989d5abb74803ee7c4d8e5516\n$ python qwen_test.py\nInvalidApiKey",
        ("sk-a2cdb2b989d5abb74803ee7c4d8e5516",),
    ),
    (
        "shell-history",
        "   88  sshpass -p 'Ssh pass 2024!' ssh deploy@10.0.1.17\n   89  sudo systemctl restart mall-order",
        ("Ssh pass 2024!",),
    ),
    (
        "shell-history",
        "  912  echo dckr_pat_dAAixUQNHN0VcbdIku6L_IvHBgq | docker login -u mallci --password-stdin\n  913  docker push mallci/mall-web:1.2.0",
        ("dckr_pat_dAAixUQNHN0VcbdIku6L_IvHBgq",),
    ),
    (
        "shell-history",
        "   93  git clone https://mallbot:ghp_dQPZyUAcZVjBXd8g0VilmqvEeMKL8H6aTlON@github.com/mall-demo/mall-portal.git",
        ("ghp_dQPZyUAcZVjBXd8g0VilmqvEeMKL8H6aTlON",),
    ),
    (
        "shell-history",
        "  140  helm repo add mall-charts https://harbor.mall-demo.cn/chartrepo/mall --username admin "
        "--password 'H@rb0r#Mall2024'",
        ("H@rb0r#Mall2024",),
    ),
    (
        "docker-login",
        "docker login --username=mall@1688 --password=Dkr!Acr_77 registry.cn-hangzhou.aliyuncs.com",
        ("Dkr!Acr_77",),
    ),
    (
        "mvn-cli",
        "mvn deploy -DskipTests -Dnexus.username=deployer -Dnexus.password=Mvn#Deploy!2",
        ("Mvn#Deploy!2",),
    ),
    (
        "java-cli",
        "java -jar mall-order.jar --spring.datasource.password='Cli;Arg&Pw' --server.port=8081",
        ("Cli;Arg&Pw",),
    ),
    (
        "java-cli",
        "nohup java -Djasypt.encryptor.password=J@sypt-Cli -Xms512m -jar mall-user.jar > user.log 2>&1 &",
        ("J@sypt-Cli",),
    ),
    # ---------------------------------------------------------------- connection URLs
    (
        "jdbc-url",
        "jdbc:mysql://10.20.1.5:3306/mall_user?user=mall&password=Jd8c%21Pw%40rd&useSSL=false",
        ("Jd8c%21Pw%40rd",),
    ),
    (
        "jdbc-url",
        "jdbc:sqlserver://10.3.0.9:1433;databaseName=ERP;user=sa;password={Sa;Pass!word};encrypt=false",
        ("Sa;Pass!word",),
    ),
    (
        "jdbc-url",
        "url: jdbc:oracle:thin:erp_app/Orcl#Pw2024@10.3.0.12:1521:ORCL",
        ("Orcl#Pw2024",),
    ),
    (
        "jdbc-url",
        "jdbc:postgresql://pg.internal:5432/report?user=report_ro&password=r3p0rt-RO;x&ssl=true",
        ("r3p0rt-RO;x",),
    ),
    (
        "jdbc-url",
        "jdbc:clickhouse://ch01:8123/default?user=default&password=Cl1ckH0use!",
        ("Cl1ckH0use!",),
    ),
    (
        "jdbc-url",
        "jdbc:mysql://root:Pa55%2Fword@10.20.1.5:3306/mall",
        ("Pa55%2Fword",),
    ),
    (
        "redis-url",
        "spring.redis.url=redis://:Rds%23Pw2024@10.20.1.8:6379/2",
        ("Rds%23Pw2024",),
    ),
    (
        "redis-url",
        "REDIS_URL=rediss://default:AVNS_gMfKVbyBTec5tvtUa2HHUjI@redis-mall.aivencloud.com:12345",
        ("AVNS_gMfKVbyBTec5tvtUa2HHUjI",),
    ),
    (
        "redis-url",
        "cache:\n  url: redis://:ab/cd+ef==@cache-01:6379/0",
        ("ab/cd+ef==",),
    ),
    (
        "mongo-url",
        "spring.data.mongodb.uri=mongodb://mall_mongo:M0ngo%40Mall%21@10.20.1.30:27017,10.20.1.31:27017/mall"
        "?authSource=admin&replicaSet=rs0",
        ("M0ngo%40Mall%21",),
    ),
    (
        "mongo-url",
        "mongodb+srv://analytics:OCmfBeMP743Ck64z@cluster0.x7kq2.mongodb.net/?retryWrites=true&w=majority",
        ("OCmfBeMP743Ck64z",),
    ),
    (
        "amqp-url",
        "spring.rabbitmq.addresses=amqps://order:QmKIpKc45oaxHb2gQ82c@rat.rmq2.cloudamqp.com/order",
        ("QmKIpKc45oaxHb2gQ82c",),
    ),
    (
        "amqp-url",
        "rabbit 地址 amqp://mq_user:Amqp!Pass%3B1@10.20.1.40:5672/mall-vhost 连不上",
        ("Amqp!Pass%3B1",),
    ),
    (
        "kafka-jaas",
        "spring.kafka.properties.security.protocol=SASL_PLAINTEXT\nspring.kafka.properties.sasl.mechanism=PLAIN\n"
        "spring.kafka.properties.sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required "
        'username="mall_producer" password="Kafka#Sasl!2024";',
        ("Kafka#Sasl!2024",),
    ),
    (
        "kafka-jaas",
        "sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required "
        "username='alikafka_post' password='Scr@m-256 x';",
        ("Scr@m-256 x",),
    ),
    (
        "elasticsearch",
        "spring.elasticsearch.uris=https://es-cn-abc.elasticsearch.aliyuncs.com:9200\n"
        "spring.elasticsearch.username=elastic\nspring.elasticsearch.password=Es!Mall_9200x",
        ("Es!Mall_9200x",),
    ),
    (
        "elasticsearch",
        '# kibana.yml\nelasticsearch.hosts: ["https://10.20.1.50:9200"]\nelasticsearch.username: kibana_system\n'
        'elasticsearch.password: "kibana_sys 8!"',
        ("kibana_sys 8!",),
    ),
    (
        "azure-connection-string",
        "DefaultEndpointsProtocol=https;AccountName=mallblob;AccountKey=pX/XWlLH1yOuhXZA74jNZUlBYNNd8WpGm008i31nbZKlMCYEy46NT25MhxTjm49au0nA76zpFzWLztChE7iy+A==;EndpointSuffix=core.chinacloudapi.cn",
        (
            "pX/XWlLH1yOuhXZA74jNZUlBYNNd8WpGm008i31nbZKlMCYEy46NT25MhxTjm49au0nA76zpFzWLztChE7iy+A==",
        ),
    ),
    (
        "azure-connection-string",
        "Endpoint=sb://mall-bus.servicebus.chinacloudapi.cn/;SharedAccessKeyName=RootManageSharedAccessKey;"
        "SharedAccessKey=krshwAn7aTvAHc9L3VmBJmmckbn6BYQEJrsnlfldIi0=",
        ("krshwAn7aTvAHc9L3VmBJmmckbn6BYQEJrsnlfldIi0=",),
    ),
    (
        "odbc-connection-string",
        "Server=tcp:mall-sql.database.chinacloudapi.cn,1433;Initial Catalog=mall;User ID=mall_admin;"
        "Password=Ad0.Net!Pw;Encrypt=True;",
        ("Ad0.Net!Pw",),
    ),
    (
        "odbc-connection-string",
        "Driver={ODBC Driver 18 for SQL Server};Server=10.3.0.9;Database=ERP;Uid=sa;Pwd={Odbc;Pw#2024};",
        ("Odbc;Pw#2024",),
    ),
    # ---------------------------------------------------------------- CLI tools
    (
        "curl",
        'curl -H "Authorization: Bearer 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" https://api.openai.com/v1/models',
        ("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",),
    ),
    (
        "curl",
        "curl https://api.anthropic.com/v1/messages -H 'x-api-key: sk-ant-api03-ddWhN7bbDUDcRyfeuoKPqYXxiwkbmH-aQAN0upQfDT_quy6uI7DN8JTbE844lCZ3R5PRtXn9O_ts0KI1peSaAj7PddtYNAA' "
        "-H 'anthropic-version: 2023-06-01' -H 'content-type: application/json' -d @req.json",
        (
            "sk-ant-api03-ddWhN7bbDUDcRyfeuoKPqYXxiwkbmH-aQAN0upQfDT_quy6uI7DN8JTbE844lCZ3R5PRtXn9O_ts0KI1peSaAj7PddtYNAA",
        ),
    ),
    (
        "curl",
        "curl -X POST -u 'admin:Adm1n:W1th,Colon' 'http://10.0.1.5:8848/nacos/v1/auth/login'",
        ("Adm1n:W1th,Colon",),
    ),
    (
        "curl",
        "curl -X POST 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=6d06c65f-4a73-4946-a98a-4ebc0868815e' "
        '-H \'Content-Type: application/json\' -d \'{"msgtype":"text","text":{"content":"发布完成"}}\'',
        ("6d06c65f-4a73-4946-a98a-4ebc0868815e",),
    ),
    (
        "curl",
        "curl -s https://api.stripe.com/v1/charges -u sk_live_Qs8hQtWskQO729otzXvPdMyV: -d amount=2000 -d currency=cny",
        ("sk_live_Qs8hQtWskQO729otzXvPdMyV",),
    ),
    (
        "curl",
        "curl --user mall-ci:glpat-BJbqccNLPBJ6jnqAsWRE https://gitlab.mall-demo.cn/api/v4/projects?per_page=100",
        ("glpat-BJbqccNLPBJ6jnqAsWRE",),
    ),
    (
        "curl",
        "curl --header 'PRIVATE-TOKEN: glpat-RC4N1wgoNwMJvE8-irDz' 'https://gitlab.mall-demo.cn/api/v4/projects/42/pipelines'",
        ("glpat-RC4N1wgoNwMJvE8-irDz",),
    ),
    (
        "curl",
        "curl 'https://oapi.dingtalk.com/gettoken?appkey=dingavmigtsx43djj6e2&appsecret=PIGnHuDXOLK1i3rJfeJbjh4399AFNhZRL3wUemgsNCJdfUgFniSBMZ4PfEoB7MxH'",
        ("PIGnHuDXOLK1i3rJfeJbjh4399AFNhZRL3wUemgsNCJdfUgFniSBMZ4PfEoB7MxH",),
    ),
    (
        "curl",
        "curl -X POST https://open.feishu.cn/open-apis/auth/v3/tenant_access_token/internal "
        '-H \'Content-Type: application/json\' -d \'{"app_id":"cli_a3e4ae97cc97b8ad","app_secret":"i0XhVlywpTzPQ2LnQZmcrP7cXEHOtAsp"}\'',
        ("i0XhVlywpTzPQ2LnQZmcrP7cXEHOtAsp",),
    ),
    (
        "curl",
        "curl 'https://api.weixin.qq.com/cgi-bin/token?grant_type=client_credential&appid=wx57c9549690e7ff34&secret=b04d9877fdf09184d224ad8e6fd5796b'",
        ("b04d9877fdf09184d224ad8e6fd5796b",),
    ),
    (
        "curl",
        "curl -X POST https://api.twilio.com/2010-04-01/Accounts/AC30dff6e2bc302681d5f94f127666e66c/Messages.json "
        "-u AC30dff6e2bc302681d5f94f127666e66c:169b0fe7247e92cacd3a34197a366125 --data-urlencode 'To=+8613800138000' --data-urlencode 'Body=验证码 6821'",
        ("169b0fe7247e92cacd3a34197a366125",),
    ),
    (
        "curl",
        "curl -s --user 'api:key-096f99b3edaa0ed41979bbbc467664d2' https://api.mailgun.net/v3/mg.mall-demo.cn/messages "
        "-F from='Mall <noreply@mg.mall-demo.cn>' -F to=buyer@example.com -F subject=Hi -F text=Test",
        ("key-096f99b3edaa0ed41979bbbc467664d2",),
    ),
    (
        "curl",
        'curl -H "Authorization: Bearer hf_xHdsnf6ngnqGVKK6BwmnPWfIbsj3FsZncd" https://huggingface.co/api/whoami-v2',
        ("hf_xHdsnf6ngnqGVKK6BwmnPWfIbsj3FsZncd",),
    ),
    (
        "curl",
        "curl -H 'Authorization: token gho_Rx8cwFtNoP2igHlREEHkAP05X6CoOaaIt6vr' https://api.github.com/user/repos",
        ("gho_Rx8cwFtNoP2igHlREEHkAP05X6CoOaaIt6vr",),
    ),
    (
        "curl",
        'curl -H "Authorization: Basic YWRtaW46QWRtIW4jQmFzaWM5" http://10.0.1.8:15672/api/overview',
        ("YWRtaW46QWRtIW4jQmFzaWM5",),
    ),
    (
        "curl",
        "curl -k -u elastic:Es-Cluster@2024 'https://10.20.1.50:9200/_cat/indices?v'",
        ("Es-Cluster@2024",),
    ),
    (
        "mysql-cli",
        "mysql -uroot -pRootPw_2024 -h127.0.0.1 -e 'show databases'",
        ("RootPw_2024",),
    ),
    (
        "mysql-cli",
        "mysqldump -h rm-bp1x.mysql.rds.aliyuncs.com -u mall_bak --password='Dump&Bak;9' mall_order > mall_order.sql",
        ("Dump&Bak;9",),
    ),
    (
        "mysql-cli",
        "mysqladmin -u root -p'0ld!Pw' password 'N3w!Pw_2024'",
        ("0ld!Pw", "N3w!Pw_2024"),
    ),
    (
        "psql",
        "PGPASSWORD='pg pw with spaces!' psql -h 10.20.1.60 -U mall -d mall_report -c '\\dt'",
        ("pg pw with spaces!",),
    ),
    (
        "psql",
        'psql "postgresql://mall_admin:Pg%2BAdmin%3D1@10.20.1.60:5432/mall?sslmode=require"',
        ("Pg%2BAdmin%3D1",),
    ),
    (
        "pgpass",
        "~/.pgpass 内容：\n10.20.1.60:5432:*:mall_admin:PgPass#Adm1n\n权限已经 chmod 600 了",
        ("PgPass#Adm1n",),
    ),
    (
        "redis-cli",
        "redis-cli -h r-bp1f2a9c.redis.rds.aliyuncs.com -p 6379 -a 'Redis!Cli#2024' info memory",
        ("Redis!Cli#2024",),
    ),
    (
        "redis-cli",
        "redis-cli -u redis://default:Rc-Url%26Pw@10.20.1.8:6379 ping",
        ("Rc-Url%26Pw",),
    ),
    (
        "redis-cli",
        "127.0.0.1:6379> AUTH Auth&Me;Now\nOK\n127.0.0.1:6379> keys order:*",
        ("Auth&Me;Now",),
    ),
    (
        "redis-cli",
        "redis-cli --user app --pass 'App P@ss' -h 10.0.0.3 --no-auth-warning",
        ("App P@ss",),
    ),
    (
        "keytool",
        "keytool -genkeypair -alias mall -keyalg RSA -keysize 2048 -keystore mall.jks -storepass St0re!Pass "
        '-keypass K3y#Pass -dname "CN=mall-demo.cn"',
        ("St0re!Pass", "K3y#Pass"),
    ),
    (
        "keytool",
        "keytool -importkeystore -srckeystore old.p12 -srcstoretype PKCS12 -srcstorepass 'src pw 1' "
        "-destkeystore new.jks -deststorepass Dest_Pw;2",
        ("src pw 1", "Dest_Pw;2"),
    ),
    (
        "openssl",
        "openssl pkcs12 -export -in server.crt -inkey server.key -out server.p12 -name mall -passout pass:P12Export!x",
        ("P12Export!x",),
    ),
    (
        "openssl",
        "openssl rsa -in encrypted.key -out plain.key -passin 'pass:Ops Key 2024'",
        ("Ops Key 2024",),
    ),
    (
        "openssl",
        "openssl enc -aes-256-cbc -salt -pbkdf2 -in backup.tar -out backup.tar.enc -k 'Enc;Bak,Key'",
        ("Enc;Bak,Key",),
    ),
    # ---------------------------------------------------------------- Java / Gradle code
    (
        "java-code",
        'DruidDataSource ds = new DruidDataSource();\nds.setUrl("jdbc:mysql://10.20.1.5:3306/mall");\n'
        'ds.setUsername("mall");\nds.setPassword("Dru1d!Pw#x");',
        ("Dru1d!Pw#x",),
    ),
    (
        "java-code",
        '// 小程序 appSecret，先写死，上线前改\nprivate static final String APP_SECRET = "f5d5443103a8ef1cec34997940bfaac9";',
        ("f5d5443103a8ef1cec34997940bfaac9",),
    ),
    (
        "java-code",
        "AmazonS3 s3 = AmazonS3ClientBuilder.standard()\n    .withCredentials(new AWSStaticCredentialsProvider(\n"
        '        new BasicAWSCredentials("AKIAW5CCZC5OK27PLUH2", "Oi2uVjz2IWfLLIKfzKZHn3Ar4TLkqpUejlpwBgHx")))\n    .withRegion(Regions.AP_EAST_1).build();',
        ("AKIAW5CCZC5OK27PLUH2", "Oi2uVjz2IWfLLIKfzKZHn3Ar4TLkqpUejlpwBgHx"),
    ),
    (
        "java-code",
        'Connection conn = DriverManager.getConnection("jdbc:mysql://localhost:3306/mall", "root", "Local#Root1");',
        ("Local#Root1",),
    ),
    (
        "java-code",
        'DefaultProfile profile = DefaultProfile.getProfile("cn-hangzhou", "LTAI5t0j89JrD5SyGjs0GYoG", "ej85Z65lkqpyngz986NJUehkH6gkHM");\n'
        "IAcsClient client = new DefaultAcsClient(profile);",
        ("LTAI5t0j89JrD5SyGjs0GYoG", "ej85Z65lkqpyngz986NJUehkH6gkHM"),
    ),
    (
        "java-code",
        'Credential cred = new Credential("AKID6A53TOGsWYl0KaWuvl3bthJqszsDSRK8", "uDCi7Qh0Wi0LUa4v9X4CderQjf3eVhAM");\n'
        "CosClient cos = new CosClient(cred, region);",
        ("AKID6A53TOGsWYl0KaWuvl3bthJqszsDSRK8", "uDCi7Qh0Wi0LUa4v9X4CderQjf3eVhAM"),
    ),
    (
        "java-code",
        'ICredential auth = new BasicCredentials()\n        .withAk("LSJWQK30Q5PM31Q8I0Q2")\n        .withSk("kmJpgEoKnD6QdQFqwOeW5tuJF0H1uxmqnffvymay");',
        ("LSJWQK30Q5PM31Q8I0Q2", "kmJpgEoKnD6QdQFqwOeW5tuJF0H1uxmqnffvymay"),
    ),
    (
        "java-code",
        '@Value("${jwt.secret:16eD1OZ8MSTCyNv+ruhXuNz4XJ7h8YTiysoQPXjpcEZKaV8B}")\nprivate String jwtSecret;',
        ("16eD1OZ8MSTCyNv+ruhXuNz4XJ7h8YTiysoQPXjpcEZKaV8B",),
    ),
    (
        "java-code",
        'Algorithm algorithm = Algorithm.HMAC256("mall-hmac-secret-2024!@#");\n'
        'String sign = JWT.create().withIssuer("mall").sign(algorithm);',
        ("mall-hmac-secret-2024!@#",),
    ),
    (
        "java-code",
        'props.put("sasl.jaas.config", "org.apache.kafka.common.security.plain.PlainLoginModule required '
        'username=\\"mall\\" password=\\"Kfk;Java=Pw\\";");',
        ("Kfk;Java=Pw",),
    ),
    (
        "java-code",
        "credentialsProvider.setCredentials(AuthScope.ANY,\n"
        '        new UsernamePasswordCredentials("elastic", "Es_J4va!Cred"));',
        ("Es_J4va!Cred",),
    ),
    (
        "java-code",
        'OpenAiService service = new OpenAiService("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", Duration.ofSeconds(60));',
        ("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",),
    ),
    (
        "java-code",
        'Stripe.apiKey = "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";',
        (
            "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",
        ),
    ),
    (
        "java-code",
        'Jedis jedis = new Jedis("10.20.1.8", 6379);\njedis.auth("J3dis&Auth");',
        ("J3dis&Auth",),
    ),
    (
        "java-code",
        'System.setProperty("javax.net.ssl.keyStorePassword", "Sys-Prop!Ks");',
        ("Sys-Prop!Ks",),
    ),
    (
        "java-code",
        'Twilio.init("AC119481dc3eb2da5e59f64ba953711872", "e85159da658317be774359f46e7a8473");',
        ("e85159da658317be774359f46e7a8473",),
    ),
    (
        "gradle-build",
        "publishing {\n  repositories {\n    maven {\n"
        '      url = uri("https://nexus.mall-demo.cn/repository/maven-releases/")\n'
        '      credentials {\n        username = "deployer"\n        password = "Gr4dle&Nexus"\n      }\n    }\n  }\n}',
        ("Gr4dle&Nexus",),
    ),
    # ---------------------------------------------------------------- stack traces / logs
    (
        "stack-trace",
        "2024-05-11 10:30:12.004 ERROR 1 --- [reate-12345678] com.alibaba.druid.pool.DruidDataSource   : "
        "create connection SQLException, url: jdbc:mysql://10.20.1.5:3306/mall?user=mall&password=Dru!dLog9&useSSL=false, "
        "errorCode 1045, state 28000\njava.sql.SQLException: Access denied for user 'mall'@'10.20.3.7' (using password: YES)\n"
        "\tat com.mysql.cj.jdbc.exceptions.SQLError.createSQLException(SQLError.java:130)",
        ("Dru!dLog9",),
    ),
    (
        "stack-trace",
        "io.lettuce.core.RedisConnectionException: Unable to connect to redis://:Lett%40ce99@10.20.1.8:6379\n"
        "\tat io.lettuce.core.RedisConnectionException.create(RedisConnectionException.java:78)\n"
        "\tat io.lettuce.core.RedisConnectionException.create(RedisConnectionException.java:56)",
        ("Lett%40ce99",),
    ),
    (
        "stack-trace",
        "Caused by: java.lang.IllegalArgumentException: Illegal character in authority at index 21: "
        "mongodb://mall:M0ng0#Pw@10.20.1.30:27017/mall\n\tat java.base/java.net.URI.create(URI.java:906)",
        ("M0ng0#Pw",),
    ),
    (
        "stack-trace",
        "org.springframework.amqp.AmqpConnectException: java.net.UnknownHostException: mq.internal\n"
        "\tat org.springframework.amqp.rabbit.support.RabbitExceptionTranslator.convertRabbitAccessException(...)\n"
        "uri=amqp://order:Amqp%2FPw1@mq.internal:5672/mall",
        ("Amqp%2FPw1",),
    ),
    (
        "stack-trace",
        "feign.FeignException$Unauthorized: [401 Unauthorized] during [GET] to "
        "[https://api.mall-partner.cn/v1/stock?appKey=mall01&appSecret=Fe1gn-S3cret-x9] [StockClient#query(String)]: []",
        ("Fe1gn-S3cret-x9",),
    ),
    (
        "log-line",
        "2024-05-11 10:22:31.114 DEBUG 1 --- [nio-8080-exec-3] c.m.u.filter.LoginLogFilter : "
        'request body: {"username":"wangwu","password":"Wangwu@2024"}',
        ("Wangwu@2024",),
    ),
    (
        "log-line",
        "2024-05-11 10:23:02.557  INFO 7 --- [main] c.m.o.config.FeignConfig : add header Authorization=Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ3YW5nZmFuZyIsImlhdCI6MTcwMzUyMTkxMywiZXhwIjoxNzAzNTI5MTEzfQ.-ZsGoyGd-QyY06KR-pKleWiDW7Gaf7c3esxPw0kLfSQ",
        (
            "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ3YW5nZmFuZyIsImlhdCI6MTcwMzUyMTkxMywiZXhwIjoxNzAzNTI5MTEzfQ.-ZsGoyGd-QyY06KR-pKleWiDW7Gaf7c3esxPw0kLfSQ",
        ),
    ),
    (
        "log-line",
        '10.20.3.7 - - [11/May/2024:10:24:15 +0800] "GET /api/order/list?access_token=vn0TvwUfmSY3fnFG62ZLaPjnFhNg6NKI&page=1 HTTP/1.1" 200 5123',
        ("vn0TvwUfmSY3fnFG62ZLaPjnFhNg6NKI",),
    ),
    (
        "log-line",
        "[main] INFO  o.a.d.r.z.ZookeeperRegistry - Register: zookeeper://zk-01:2181/org.apache.dubbo.registry.RegistryService"
        "?application=mall-order&password=Zk!Dubbo_1&username=dubbo",
        ("Zk!Dubbo_1",),
    ),
    (
        "log-line",
        "WARN  c.a.c.n.c.NacosPropertySourceBuilder - get data from Nacos error,dataId:mall-order.yaml, accessToken=eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJsb2dpbl91c2VyX2tleSI6IjUxNjM3MjdhLWVhM2ItM2M2My0xZjhkLTE5MzAwM2I3YzJlOSIsInVzZXJfaWQiOjR9.pa9TSY6BGY8F6ZbujUwDAGZsH2L9Yx5xP5QUHfBHarg",
        (
            "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJsb2dpbl91c2VyX2tleSI6IjUxNjM3MjdhLWVhM2ItM2M2My0xZjhkLTE5MzAwM2I3YzJlOSIsInVzZXJfaWQiOjR9.pa9TSY6BGY8F6ZbujUwDAGZsH2L9Yx5xP5QUHfBHarg",
        ),
    ),
    (
        "log-line",
        "DEBUG org.apache.http.headers - http-outgoing-0 >> Authorization: Basic ZXN1c2VyOkh0dHAhQ2xpZW50Izc=",
        ("ZXN1c2VyOkh0dHAhQ2xpZW50Izc=",),
    ),
    # ---------------------------------------------------------------- Chinese sentences
    (
        "zh-sentence",
        "测试环境数据库密码是 Test_db#2024，用户名 mall_test",
        ("Test_db#2024",),
    ),
    (
        "zh-sentence",
        "redis 密码为：Rd&Pw;x9，连不上帮我看看",
        ("Rd&Pw;x9",),
    ),
    (
        "zh-sentence",
        "token 给你：ghp_X6fZSE3kKcDd0NpD0FhKg3UYgA1kYHCDHZxp，帮我查下为什么 push 不上去",
        ("ghp_X6fZSE3kKcDd0NpD0FhKg3UYgA1kYHCDHZxp",),
    ),
    (
        "zh-sentence",
        "AK/SK 分别是 LTAI5tm54b5txpMhu4wZH6un / xqa4x1GDUSA4iDYmKIw1dbF17zdCrA，OSS 上传报 403",
        ("LTAI5tm54b5txpMhu4wZH6un", "xqa4x1GDUSA4iDYmKIw1dbF17zdCrA"),
    ),
    (
        "zh-sentence",
        "appSecret 填的是 9e03b49c26f52a35eafb7442d16d4f56，但是 code2session 一直返回 40125",
        ("9e03b49c26f52a35eafb7442d16d4f56",),
    ),
    (
        "zh-sentence",
        "生产 MySQL 的 root 密码 Pr0d!root，别外传",
        ("Pr0d!root",),
    ),
    (
        "zh-sentence",
        "钉钉机器人的加签密钥是 SECb410764df3589ae72653d1dac700b1990342c8f107f1cfd089213b306aecf8db，webhook 是 https://oapi.dingtalk.com/robot/send?access_token=7eb5d3fb3fdb48e1605ab90bd518f349e9c7d131949ce09c9454ce9d2af612a0",
        (
            "SECb410764df3589ae72653d1dac700b1990342c8f107f1cfd089213b306aecf8db",
            "7eb5d3fb3fdb48e1605ab90bd518f349e9c7d131949ce09c9454ce9d2af612a0",
        ),
    ),
    (
        "zh-sentence",
        "飞书机器人 webhook：https://open.feishu.cn/open-apis/bot/v2/hook/d8626537-cbd1-43b1-9736-9e8513446f8b，发消息一直报 19021",
        ("d8626537-cbd1-43b1-9736-9e8513446f8b",),
    ),
    (
        "zh-sentence",
        "企业微信的 corpsecret 是 PJ6aVZig6A-yAKcUskQbUuKdHHzdTBp6Cf6o1zBrqMG，corpid 是 ww2d3c97ac2baf172c，获取 access_token 报 40001",
        ("PJ6aVZig6A-yAKcUskQbUuKdHHzdTBp6Cf6o1zBrqMG",),
    ),
    (
        "zh-sentence",
        "我的 OpenAI key：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 额度是不是用完了",
        (
            "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",
        ),
    ),
    (
        "zh-sentence",
        "腾讯云 SecretId AKIDJ9KAGTk55HrfWWQ7KDpcuk85PrvFVygm SecretKey 3dJ1jHFp2p4R2m32xiiHlndfMT9fDK0y 调 COS 签名不对",
        ("AKIDJ9KAGTk55HrfWWQ7KDpcuk85PrvFVygm", "3dJ1jHFp2p4R2m32xiiHlndfMT9fDK0y"),
    ),
    (
        "zh-sentence",
        "华为云 AK 是 A2L2I4T7UMXBI8CS04AT，SK 是 lLlcnsfZaUWWp7eqP9J7D713mjRzpOgglPMWtuKO，OBS 上传失败",
        ("A2L2I4T7UMXBI8CS04AT", "lLlcnsfZaUWWp7eqP9J7D713mjRzpOgglPMWtuKO"),
    ),
    (
        "zh-sentence",
        "堡垒机账号 ops，密码 Bastion 2024 Ops!（中间有空格）",
        ("Bastion 2024 Ops!",),
    ),
    (
        "zh-sentence",
        "nacos 控制台我改了密码，新密码＝N@cos_New88",
        ("N@cos_New88",),
    ),
    (
        "zh-sentence",
        "数据库连接串 jdbc:mysql://10.20.1.5:3306/mall?user=root&password=Zh%26Pw2024 帮我看下有没有问题",
        ("Zh%26Pw2024",),
    ),
    (
        "zh-sentence",
        "JWT 签名密钥我用的 mall-secret-key-2024-!@#$，是不是太短了",
        ("mall-secret-key-2024-!@#$",),
    ),
    (
        "zh-sentence",
        "我们 Jenkins 的 admin 密码是 Jk@dmin_2024 ，登录后 build 一直 pending",
        ("Jk@dmin_2024",),
    ),
    (
        "zh-sentence",
        "阿里云 RAM 子账号 AccessKey ID：LTAI5tsLa79g30uYsXxAG0Xf  AccessKey Secret：ZE99J43ASjZb5rKuesrBkTyFrZdGtf",
        ("LTAI5tsLa79g30uYsXxAG0Xf", "ZE99J43ASjZb5rKuesrBkTyFrZdGtf"),
    ),
    (
        "zh-sentence",
        "DeepSeek 的 key 是 sk-d9a042149c403fd9bd25795f9eae3ece，调 chat/completions 返回 401",
        ("sk-d9a042149c403fd9bd25795f9eae3ece",),
    ),
    (
        "zh-sentence",
        "Anthropic 的 key 我放这了 sk-ant-api03-qlTk2J2u6KzGLnktFGeqf8ho-ORvQ2skyV5uGjl1KZCigT9PwQKjEMdcML03mxfWsZ191ZMl6QG1XNc5RVgs6qlnawMavAA 你帮我测下 claude 能不能调通",
        (
            "sk-ant-api03-qlTk2J2u6KzGLnktFGeqf8ho-ORvQ2skyV5uGjl1KZCigT9PwQKjEMdcML03mxfWsZ191ZMl6QG1XNc5RVgs6qlnawMavAA",
        ),
    ),
    (
        "zh-sentence",
        "这个 token 解出来 exp 不对：eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ6aGFuZ3dlaSIsImlhdCI6MTcxNjU2MjkxMSwiZXhwIjoxNzE2NTcwMTExfQ.Kc_o02DgtmTY3FKDzuZuB08Nfj6wCEjh02Ssi0PX4gY",
        (
            "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ6aGFuZ3dlaSIsImlhdCI6MTcxNjU2MjkxMSwiZXhwIjoxNzE2NTcwMTExfQ.Kc_o02DgtmTY3FKDzuZuB08Nfj6wCEjh02Ssi0PX4gY",
        ),
    ),
    (
        "zh-sentence",
        "sonar 的 token：squ_1a7cc226edaa47bc4368e91ef3bd7fcded28e0a7，扫描的时候报 Not authorized",
        ("squ_1a7cc226edaa47bc4368e91ef3bd7fcded28e0a7",),
    ),
    (
        "zh-sentence",
        "小程序后台重置了 AppSecret，现在是 09017d25004c349397db975c19fa97a3，之前那个作废了",
        ("09017d25004c349397db975c19fa97a3",),
    ),
    (
        "zh-sentence",
        "邮箱授权码：tyy10rvlrxq5l613（QQ 邮箱 SMTP 用的，不是登录密码）",
        ("tyy10rvlrxq5l613",),
    ),
    (
        "private-tag",
        "<private>内网 VPN 账号 zhangwei 密码 Vpn#Zw!2024</private> 这个先记一下，下周要用",
        ("内网 VPN 账号 zhangwei 密码 Vpn#Zw!2024",),
    ),
    (
        "private-tag",
        "部署文档里这段别存：<private>跳板机 10.0.1.2 root / Jump-Box#77</private>",
        ("跳板机 10.0.1.2 root / Jump-Box#77",),
    ),
    # ---------------------------------------------------------------- English sentences
    (
        "en-sentence",
        "the staging password is Stg!ng_2024 for user mall_stage",
        ("Stg!ng_2024",),
    ),
    (
        "en-sentence",
        "My GitHub token is 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 and mvn deploy to GitHub Packages still returns 401",
        (
            "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",
        ),
    ),
    (
        "en-sentence",
        "Redis password for prod is `R3d!s_Pr0d;9`, it has a semicolon so maybe the URL breaks?",
        ("R3d!s_Pr0d;9",),
    ),
    (
        "en-sentence",
        "here's the webhook: https://hooks.slack.com/services/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 "
        "can you check why it returns invalid_payload",
        ("8QQpwJfCpDrL3unRTou7dsqa",),
    ),
    (
        "en-sentence",
        "Our Slack bot token is xoxb-59516007233-7636198750551-j6BpXZMnmtl0v7LqIaeyY2hm, and chat.postMessage says not_in_channel",
        ("xoxb-59516007233-7636198750551-j6BpXZMnmtl0v7LqIaeyY2hm",),
    ),
    (
        "en-sentence",
        "Discord webhook https://discord.com/api/webhooks/414799809622352904/yaDe6LRc-CJQDf2GtnEWs_Z_JF8Uoatpnmo0esSa7NPH-Ytv4YoKeCyy7yMkEw0DQOmJ stopped working after the rename",
        ("yaDe6LRc-CJQDf2GtnEWs_Z_JF8Uoatpnmo0esSa7NPH-Ytv4YoKeCyy7yMkEw0DQOmJ",),
    ),
    (
        "en-sentence",
        "I set the PyPI token pypi-AgEIcHlwaS5vcmcr8A3EUC1QxCqFxANK-Dre06HgSnyrqq3Mw1q9S9MLQu3rGd3ZMTQeFL4MdmnEj0X1pFpB8znlClzWH4doNGVM1ZjCu33g4CIhAmdJxUueoyPQWFdlj1K9nibe5eqMVu-hp7GQoeKMZlhReAMPbIAfndJk7TgGaUk but twine still prompts for a password",
        (
            "pypi-AgEIcHlwaS5vcmcr8A3EUC1QxCqFxANK-Dre06HgSnyrqq3Mw1q9S9MLQu3rGd3ZMTQeFL4MdmnEj0X1pFpB8znlClzWH4doNGVM1ZjCu33g4CIhAmdJxUueoyPQWFdlj1K9nibe5eqMVu-hp7GQoeKMZlhReAMPbIAfndJk7TgGaUk",
        ),
    ),
    (
        "en-sentence",
        "GCP API key (restricted to the Maps SDK): AIzacS6aAW8AOR0tb-8P37LmG2I7LxLdOY0j2VB",
        ("AIzacS6aAW8AOR0tb-8P37LmG2I7LxLdOY0j2VB",),
    ),
    (
        "en-sentence",
        "The Azure storage account key is dmfWGZsjtq9OTk7W1TQAPgl+7ql9B46OWLhiXcA4UEOL/u1tNmsgr51Hj9DRy3Am4sdFapjNZ4qFXl8/bZA5XA==, rotated last week",
        (
            "dmfWGZsjtq9OTk7W1TQAPgl+7ql9B46OWLhiXcA4UEOL/u1tNmsgr51Hj9DRy3Am4sdFapjNZ4qFXl8/bZA5XA==",
        ),
    ),
    (
        "en-sentence",
        "sendgrid returns 403 with this key 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 — is the sender identity not verified?",
        ("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",),
    ),
    (
        "en-sentence",
        "I pasted the admin password (Adm!n Pa55 w0rd) into the wrong channel, how do I rotate it?",
        ("Adm!n Pa55 w0rd",),
    ),
    (
        "en-sentence",
        "password for the ftp is ftp#upload&2024; username is mallftp",
        ("ftp#upload&2024",),
    ),
    (
        "en-sentence",
        "npm token npm_… no wait, here is the full one: npm_awsQMIZ8Yi62I2QxMUXZzMQh7wDc8miivbkD",
        ("npm_awsQMIZ8Yi62I2QxMUXZzMQh7wDc8miivbkD",),
    ),
    # ---------------------------------------------------------------- JSON configs
    (
        "json-config",
        '{\n  "datasource": {\n    "url": "jdbc:mysql://10.20.1.5:3306/mall",\n    "user": "mall",\n'
        '    "password": "Js0n\\"Quote!Pw"\n  }\n}',
        ('Js0n\\"Quote!Pw',),
    ),
    (
        "gcp-service-account",
        '{\n  "type": "service_account",\n  "project_id": "mall-prod-4821",\n'
        '  "private_key_id": "9759de430ab1c0f7fda113d192baae7c9278207f",\n  "private_key": "-----BEGIN PRIVATE KEY-----\\nMIIEvgIBADANBgkqhkiG9w0BAQEFAASCBqixJoWsv3ytBImm4tGEl1tKotM6ow/S\\njc10mm1xS/XGkiMkZ1d0KYhiuOBq7sybLOhGhb3JRzHJbelEK87NYCGScr6JwiWA\\nr0MeEZx1Ff3ler3kqHuvkzA5d//5fQFwe3dtM6ixCDZYbiILUEyQpw7Szq7JbfZ5\\nZMAgsNq5LXi4BGIfx5GoVjq/JacvLrb72fcGCwUfI7BfXJOgVeYhyMXHydCVH5kg\\niog+PrY0CPhXIPNwSjphq+njc07I32JiXCPFNdRQgqiiw7LytdRzZm1jIyyQro3a\\nEFs5ZX+wI6m9lUXoGFWY4ae5Pvd/5ZZ82NiuX9J3moC5Eh8Gh3V/87/i9uXixbgD\\n86sSxcZHyAWuOjCCAo+Y5UqIcH70nAMr4FWJ5UciWzNxjonLGozMf4hhjtLGCAed\\nCgtmMTwMLwMoDY+8sR7MKsLsJ1FZ80hg/5vkJ5JILEGA/1aOkvCdA+oTl0tnj1EX\\n2qB2jNZdUWpWBCMvdY5FT0iXca7BeI5OlSOXted4a8DqAmHMMk/Hko4PvMDC/4/h\\nDne5aGSL3JdTUs71Ez5CitLG+cvbTGgnmnLPLqY1wrRr127hGuuGDGv5wI33Qbod\\nnKPkEkylgT9mIVc7mD7klGuGlTXsZmq+Ur8LtD6AuJqsTGL82ZZojeJcUJTZ/IMM\\nM5YU3WPjtivA854JVI32MYCyTY3E0DEVmVqpUjCH+RSyMlHQeixIwitmEAIzXSfH\\ncI8z6EuDssImCGnvvXIV0b0QwRdNTdOJoilLGP+HboE04cC9RenIKuzJKprcQ10g\\nX2Eu02TAJsDw5RZC36TE8aOgLuL6oE2Oyi5Jl2PTQubT2Y/LMCjNiUeOx4/DV63H\\negQy+0mhZpEABTtxXfPY1YJNqWX9tjVW9lvzH/mufZmpea2cev/4npRT4d/5Wx6s\\n49/9WSwGdJZpz1Dhp83pRJmY5bl+fX/t3KjbnQL4KtVRng8xFhHTKH+a7ZKQEbwu\\nEFz1SMxDgC+T3TDMcNXrMlIQA5zCD9l3WfKT1CRTSc8P4nXtEJEHQ+79fnupS1yL\\n21awZF7BrckrtVZmEOP1RuqXAlasp8Zz8B58p7NHck6ZOCMdQoeOvOord0mjuysl\\nQI3Y4j3iIl1FKIgV7kAOei2qq6i/5kMz2xf9DpEKeyWUVy6LU5oMBpN4G2JRJNgS\\n3Katxbn07fiyYC533Cg58ujJ/RMaKDTZa0fPztoliTHEqno2tBf/olFPNhttqgcL\\n+Q4vVKdZdnt7szbgdaDmENle/Sm6LwnYvuxuRxdyD5qVb26vyz7mOO1LqE/Ymry2\\nn4CxrKkElfeeB+61/GjnaYg2LNoBnnZ01TqXqLlFKdNBse1++DhCiOcJb6hLYds0\\nqmtJusznWVe5pYH/TnuvK0vGSoBFxIvuivoYcflwtm+Iheg4d1mRJopIkFajHg/U\\nSVsS3P7Olf5ZgSF9ciAf9JkBlaf3X5uvpbcDOsTGmhIytF72kZjwWnbGVV74Fd/g\\njXprxsnCYLOC6otS/jrWBPC3kp1QyiOCzxLUJQQmwzdWh3GR1r+gW3epSmRJ1RbR\\no8D6A8C/sBgkt+XbDeUb5A==\\n-----END PRIVATE KEY-----\\n",\n'
        '  "client_email": "mall-uploader@mall-prod-4821.iam.gserviceaccount.com",\n  "client_id": "287548124623628039815"\n}',
        (
            "MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBqixJoWsv3ytBImm4tGEl1tKotM6ow/S",
            "CgtmMTwMLwMoDY+8sR7MKsLsJ1FZ80hg/5vkJ5JILEGA/1aOkvCdA+oTl0tnj1EX",
            "o8D6A8C/sBgkt+XbDeUb5A==",
        ),
    ),
    (
        "docker-config-json",
        'cat ~/.docker/config.json\n{\n  "auths": {\n    "registry.cn-hangzhou.aliyuncs.com": {\n'
        '      "auth": "bWFsbEAxNjg4OkFjciNQdXNoITIwMjQ="\n    }\n  }\n}',
        ("bWFsbEAxNjg4OkFjciNQdXNoITIwMjQ=",),
    ),
    (
        "ide-settings-json",
        '{\n  "java.configuration.updateBuildConfiguration": "automatic",\n'
        '  "continue.apiKey": "sk-bZmHUr4TJnvgGUqWOBymu4k3FO9E0KMBPZ8bPjodwwX4XgJp",\n  "continue.apiBase": "https://api.moonshot.cn/v1"\n}',
        ("sk-bZmHUr4TJnvgGUqWOBymu4k3FO9E0KMBPZ8bPjodwwX4XgJp",),
    ),
    # ---------------------------------------------------------------- INI / TOML / dotfiles
    (
        "toml",
        '[database]\nhost = "10.20.1.5"\nuser = "etl"\npassword = "T0ml#Pw!"\n\n[kafka]\nbrokers = ["10.20.2.1:9092"]',
        ("T0ml#Pw!",),
    ),
    (
        "my-cnf",
        '[client]\nuser=root\npassword="My.Cnf;Pw"\nhost=127.0.0.1',
        ("My.Cnf;Pw",),
    ),
    (
        "aws-credentials",
        "[default]\naws_access_key_id = AKIAOHCBAS6XB3RPYIS2\naws_secret_access_key = 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\n\n[mall-sts]\n"
        "aws_access_key_id = ASIAUY6OPYQRFAGMELP7\naws_secret_access_key = WO5lvtFm9p6ErNXMh0MKAmvWwbYHHIhy+tN+MXKj\naws_session_token = IQoJb3JpZ2luX2VjE3yUP1TsclEExmUIRz7Q7h7DoAnle6eUBBcZFMro6kmocAc4bdPOC8PVITujZoqxxwut4XEUnc5CR+ye/n+89xvECaMcqoCDr6Urz9cIqGi+IAF4VcZrvoEv+YK/JAPs3tpV6jNmAQhUKDu3ngOBqc3wYWt77CcmpuESW1fgGvDS/VIdqgv+RdzT4M4ioIO7f8aaI+BXjZ3rKpkcTBTA7Gogp5srSPOrAukblxwwMKgLg6nhItd4V5zsPhRgIli3TPlcasTptwEDP5NPMDC4DrbBtSMC6pkcNK5Q16gTddL7p3cW0e88VnK+hVCZvjv9WWotYLhIrni9NBUUW84W",
        (
            "AKIAOHCBAS6XB3RPYIS2",
            "OcgC7RCwfk5hLyg1eV/Ok/hhGAQDEB6AnUClOXXS",
            "ASIAUY6OPYQRFAGMELP7",
            "WO5lvtFm9p6ErNXMh0MKAmvWwbYHHIhy+tN+MXKj",
            "IQoJb3JpZ2luX2VjE3yUP1TsclEExmUIRz7Q7h7DoAnle6eUBBcZFMro6kmocAc4bdPOC8PVITujZoqxxwut4XEUnc5CR+ye/n+89xvECaMcqoCDr6Urz9cIqGi+IAF4VcZrvoEv+YK/JAPs3tpV6jNmAQhUKDu3ngOBqc3wYWt77CcmpuESW1fgGvDS/VIdqgv+RdzT4M4ioIO7f8aaI+BXjZ3rKpkcTBTA7Gogp5srSPOrAukblxwwMKgLg6nhItd4V5zsPhRgIli3TPlcasTptwEDP5NPMDC4DrbBtSMC6pkcNK5Q16gTddL7p3cW0e88VnK+hVCZvjv9WWotYLhIrni9NBUUW84W",
        ),
    ),
    (
        "pypirc",
        "[distutils]\nindex-servers = pypi\n\n[pypi]\n  username = __token__\n  password = pypi-AgEIcHlwaS5vcmcU5o_Xkhf5K-NX0uFwImCscnAHBQtojC7E1thvfyDXTYziOtqLrwm8IWwa6E8WX0xMRqQde1bO0IpbtMIpw701WSICQez6RbHtU_2uE2mH8wEthwaDMQ0j7lky161zLdLZXGv-sjBxCt7fk_6uBWXfPL1sFXdu602",
        (
            "pypi-AgEIcHlwaS5vcmcU5o_Xkhf5K-NX0uFwImCscnAHBQtojC7E1thvfyDXTYziOtqLrwm8IWwa6E8WX0xMRqQde1bO0IpbtMIpw701WSICQez6RbHtU_2uE2mH8wEthwaDMQ0j7lky161zLdLZXGv-sjBxCt7fk_6uBWXfPL1sFXdu602",
        ),
    ),
    (
        "pip-conf",
        "[global]\nindex-url = https://mall-pip:Pip%21Idx@nexus.mall-demo.cn/repository/pypi/simple\ntrusted-host = nexus.mall-demo.cn",
        ("Pip%21Idx",),
    ),
    (
        "git-credentials",
        "~/.git-credentials:\nhttps://zhangwei:ghp_bb8t5I6vLxgpkp6bexG1Mpg3ty0ZvrgyU2vT@github.com\nhttps://zhangwei:glpat-8kw1PDOjkcPgSl40xWuL@gitlab.mall-demo.cn",
        ("ghp_bb8t5I6vLxgpkp6bexG1Mpg3ty0ZvrgyU2vT", "glpat-8kw1PDOjkcPgSl40xWuL"),
    ),
    (
        "netrc",
        "machine nexus.mall-demo.cn login deployer password N3trc!Pw\nmachine api.heroku.com login ops@mall-demo.cn password 5bbcc16f-73ba-4232-a5b3-d801cf00fa1d",
        ("N3trc!Pw", "5bbcc16f-73ba-4232-a5b3-d801cf00fa1d"),
    ),
    (
        "npmrc",
        "registry=https://registry.npmmirror.com/\n"
        "//nexus.mall-demo.cn/repository/npm-private/:_auth=bnBtY2k6TnBtIUF1dGg5\nalways-auth=true",
        ("bnBtY2k6TnBtIUF1dGg5",),
    ),
    (
        "git-config",
        '[url "https://x-access-token:ghs_YOyG2O54O2f1DBslkPCI4iOoiG1Fw0Prz8Lm@github.com/"]\n\tinsteadOf = https://github.com/',
        ("ghs_YOyG2O54O2f1DBslkPCI4iOoiG1Fw0Prz8Lm",),
    ),
    # ---------------------------------------------------------------- HTTP / SQL / webhooks / keys
    (
        "http-request",
        "POST /oauth/token HTTP/1.1\nHost: auth.mall-demo.cn\nContent-Type: application/x-www-form-urlencoded\n\n"
        "grant_type=password&username=wangwu&password=Http%20Form%26Pw&client_id=mall-app&client_secret=cjV0jZqmbEUqUrHMkYvFvNcSM3ElN7wg",
        ("Http%20Form%26Pw", "cjV0jZqmbEUqUrHMkYvFvNcSM3ElN7wg"),
    ),
    (
        "http-request",
        "GET /v1/models HTTP/1.1\nHost: api.openai.com\nAuthorization: Bearer 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\nUser-Agent: mall-ai/0.3",
        (
            "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",
        ),
    ),
    (
        "http-request",
        "GET /api/v2/goods?page=1 HTTP/1.1\nHost: open.mall-partner.cn\nX-Api-Key: e98c26d75401694f2df238b2aedc23bbd20dbe5f\nAccept: application/json",
        ("e98c26d75401694f2df238b2aedc23bbd20dbe5f",),
    ),
    (
        "http-request",
        "Authorization: Bearer eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJodHRwczovL2F1dGguZXhhbXBsZS1jb3JwLmNuIiwic3ViIjoiMjE3MTYxMDkzIiwiYXVkIjoib3JkZXItYXBpIiwiaWF0IjoxNzI5NDQ3MTE1LCJleHAiOjE3Mjk0NTA3MTUsInNjb3BlIjoicmVhZCB3cml0ZSJ9.h5RjcGP53OKWQjMYVAZxInvGc5WNTINyeJVJzfagA_8u0ufSFW58xXfXAVcZXAGp4ExwSbfGh9CQgOpqU3Oyed7zKJoTNN1mWlEljC_Q1VW5WgEup-kl6fe6YjNgnevUbzE9OocaA9NAnWo9faTEY2Ob5h1F0koUL6XmHgVrmKXCi7O8JdYrUs6liIBc_lt5MWup28QLYlQyQlTortxVYgPiJC44J5mA4aPqava-o9Am6JrjjEdH44viKXfHj-It8rzUIlHvWcXojSuPTtLEDr1KJ7RsMShZ5lhvMYzviBZXask3JoKoEI8bEr9fi78VN8kfgdx8cEchYrK01VbwvQ",
        (
            "eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJodHRwczovL2F1dGguZXhhbXBsZS1jb3JwLmNuIiwic3ViIjoiMjE3MTYxMDkzIiwiYXVkIjoib3JkZXItYXBpIiwiaWF0IjoxNzI5NDQ3MTE1LCJleHAiOjE3Mjk0NTA3MTUsInNjb3BlIjoicmVhZCB3cml0ZSJ9.h5RjcGP53OKWQjMYVAZxInvGc5WNTINyeJVJzfagA_8u0ufSFW58xXfXAVcZXAGp4ExwSbfGh9CQgOpqU3Oyed7zKJoTNN1mWlEljC_Q1VW5WgEup-kl6fe6YjNgnevUbzE9OocaA9NAnWo9faTEY2Ob5h1F0koUL6XmHgVrmKXCi7O8JdYrUs6liIBc_lt5MWup28QLYlQyQlTortxVYgPiJC44J5mA4aPqava-o9Am6JrjjEdH44viKXfHj-It8rzUIlHvWcXojSuPTtLEDr1KJ7RsMShZ5lhvMYzviBZXask3JoKoEI8bEr9fi78VN8kfgdx8cEchYrK01VbwvQ",
        ),
    ),
    (
        "sql",
        "ALTER USER 'root'@'localhost' IDENTIFIED WITH mysql_native_password BY 'Alt3r#Root!';",
        ("Alt3r#Root!",),
    ),
    (
        "sql",
        "mysql> CREATE USER 'report'@'%' IDENTIFIED BY 'Rep0rt!ng#2024';\nQuery OK, 0 rows affected (0.01 sec)",
        ("Rep0rt!ng#2024",),
    ),
    (
        "sql",
        "CREATE USER report WITH PASSWORD 'Pg Report 1!';",
        ("Pg Report 1!",),
    ),
    (
        "sql",
        "INSERT INTO sys_config(config_key, config_value) VALUES ('sms.aliyun.secret', 'wIVbMdy7xdm2BJnW0ZX19fDOrsAO9Z');",
        ("wIVbMdy7xdm2BJnW0ZX19fDOrsAO9Z",),
    ),
    (
        "sql",
        "UPDATE sys_user SET password = 'Init@Mall#01' WHERE user_name = 'admin';",
        ("Init@Mall#01",),
    ),
    (
        "webhook-url",
        "https://oapi.dingtalk.com/robot/send?access_token=1e7521c67e60f461d42cd19c56957b4fe83b7197fbfcf1c2fe6ce90419979f6e",
        ("1e7521c67e60f461d42cd19c56957b4fe83b7197fbfcf1c2fe6ce90419979f6e",),
    ),
    (
        "webhook-url",
        "https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=23d07be6-c3bb-4374-b11a-9999eef3a824",
        ("23d07be6-c3bb-4374-b11a-9999eef3a824",),
    ),
    (
        "webhook-url",
        "https://hooks.slack.com/services/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",
        ("sCRJBNEtHcXl7WEUQr0ozkBV",),
    ),
    (
        "pem-key",
        "这个私钥能直接放到 application.yml 里吗？\n-----BEGIN RSA PRIVATE KEY-----\nMIIEpQIBAAKCAQEAsiMR8L7pbMU04ImbHIuKW66Uf7cdvGhX3oHMVJ0iEb5jVMG7\njCKVYQvWD9+Vm/Nx3HFy84x4jZdWy9M73dYZSyAA6a6iqF7TggJJWRZ8rVmXWm3s\ncgKy/FkdghnnKBhxmV5x3DGc3ivZU8c8cErXO5RyR09AL7LcJTyx/fPVxvk9BaZJ\nD/VLWiENjONBgCEI+qYTFyAA9yOaeJan385Epd7OBO+O6Bzt/4NoYpAIzN03Wrkk\nw+MPhTZCMletsVrz3iBwKja+iZ3Or6XszhjrCY0YkMlGotJi2oGdiLdSVg56ANOH\nRE/p3Jp0+ronlS2UXvfc52OLKHFo77D4Jz9ieG+h5gSkUorvRaM/H/YRRlVmwRT3\nWwYouOiJArv3A98xoKp/jXQicMpB1GprZsQqMdiSW5jOBO8B8wsJoGnxN/NIYcE2\nJYPGCHsKwVZGm6g+xRebfGl3Y0jqGCiQ1cTZ84S4wXrnpsFSyAy5GLffDubpwT3Q\n9m/gZX9rGa9oIW0qTi6tRSlm4CReSgqawfDubjXib11N0F+a6GaOv/1GYQIy+S9b\n+upv3YCCXMpmcgkkFq1k3jJ7CtLRCjNJnXg++qOyHfxgPu9HsWuH4KH7jEfw5syG\n7VxaprdE4+TIJ/fAINizoYNpx7eryjzLgCBrXfXAh3OzjhVQ7XgoyfRvbD0XAIcB\nORkmN5yHDcLuTH+OTDlZoc4EeNY2uYQXCJ1wtFahuptS1YMZm7frawgY3uMMQFnm\nH2ArTy8krLZzI54EDto506Ym/UpZjDTmuOck+WCJ2a5zWrzRvySOcm0APU7ikYZr\ngduRZ+ZoMKvFnZ3OMIf4vHYo0X+GGTJ66bY383fdKAKMjcuakvmEdIT30faORCuq\nXDVGrj+BmYtwqroZNRP5Wcqqe0P/PCalSI06rYS58+zq1Y7glXllmUVMP6pARHxu\ne64pOv6cGqeGhe0LdSiHzjH5j0yrQCGVzL4N06qvbNmavRM/qf9Or72J1OzVgoZn\ncezgXeM0DsgkjrgWMrNGbJxFG+i5lWy+THdM8eR3Wbmq+9cjIWuBX5nhCg8k6+Ti\n/BsJaWdC5/FjyLyWMb9F2+G4ZjCDrMrJha5uUbEx07RiSp0GWTqJ/0HEwDdPn+QS\nFu2bRoHBW0I5cAe3KabDcVripj2iziXAgK1/CFdAcJkPjOJcK/QKs7RjSrYYMbiK\nYOOVw2X0i/pZtix7odM89m8ebq8wuI5kKjpRgd0VZwSNeCrcW57Z7JwsXXRWaC//\nsCgzQdUNJJi15BwGP5JMWzGMPRGz4eGr6qxVf8hQ2IeS7vg/PfVdA3l/GA5M0rmK\n3WRB1cLWCg9KbFhT4kicUj+1RW4xbc9PVbxI/HFT5d5uln9nNgvqsXuxXlDJrB2Q\n+vmKO6sbBk+4ubHNNH35te0pFT3ypEZziFbLgtlrFdWQ0dZ0tG36RBnPF71128T9\nJnubuv7gMgFM8bV6ERZyZX+34lGW8VhtSp92Q5iECzQgIGxfK4F08+IdV0GZTMsg\nHaN8i9X5GkEHDekvEHXN3TpaVZhKWbtSvImYMBXX9IIcSz2YAh0=\n-----END RSA PRIVATE KEY-----",
        (
            "MIIEpQIBAAKCAQEAsiMR8L7pbMU04ImbHIuKW66Uf7cdvGhX3oHMVJ0iEb5jVMG7",
            "+upv3YCCXMpmcgkkFq1k3jJ7CtLRCjNJnXg++qOyHfxgPu9HsWuH4KH7jEfw5syG",
            "HaN8i9X5GkEHDekvEHXN3TpaVZhKWbtSvImYMBXX9IIcSz2YAh0=",
        ),
    ),
    (
        "pem-key",
        "cat ~/.ssh/id_ed25519\n-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAAkt2BVITUZczn5cRM6QzvaqMfgIVNmGNXxRJywIK0T6PG3D\nPbafdGr7AJ8JNpxnMTXV/NOeEOrNDn4G63/tFvFnPV6PBq3p1wwriewm8RSXJ/xnhAARpn\nJ6lW1K2wVyUJHqcoPaShZr+GEzHFhcTcnGQ/BeDyuxa8CaeWng0s2+cfSwO6xtpFovAzN1\n8aBAgOzpmVsHEUOmCOYQkeL24G4VkVaNWFMPW0Oyn7V74VU1CDXt32DYkFJERh3mS3jxMm\nBCFOV3Q46nJBJOuDCOPX7D5SqhlSljY7hCn/wvrhsEZiUd1Ue+eOdue9ZrRnS7kAQG6jZg\nbH6HfZgndjvuXKYIl3iePSELiRmJk0d/tuuTaNTv8uNbqQdR8kkCv92uxCXERhYwnG5YQO\n3qp1P7Ba+nj4yQjLCHs03GbDPIimGUu4avhxjDMWYTTVqaWSLi61pDnxv5+aHA/7WWUjsJ\ny827xnIbzNr/JDXfP5y+gEEnPA+Bny\n-----END OPENSSH PRIVATE KEY-----",
        (
            "b3BlbnNzaC1rZXktdjEAAAAAkt2BVITUZczn5cRM6QzvaqMfgIVNmGNXxRJywIK0T6PG3D",
            "J6lW1K2wVyUJHqcoPaShZr+GEzHFhcTcnGQ/BeDyuxa8CaeWng0s2+cfSwO6xtpFovAzN1",
            "y827xnIbzNr/JDXfP5y+gEEnPA+Bny",
        ),
    ),
    # ---------------------------------------------------------------- tables / infra as code
    (
        "account-table",
        "| 环境 | 地址 | 账号 | 密码 |\n|---|---|---|---|\n| test | 10.20.5.1 | admin | Tst!Adm_01 |\n"
        "| uat | 10.30.5.1 | admin | U@t-Adm#02 |",
        ("Tst!Adm_01", "U@t-Adm#02"),
    ),
    (
        "account-table",
        "测试账号：\n- 商家后台 merchant01 / Mch#Test!88\n- 运营后台 ops01 / 0ps_Test&99",
        ("Mch#Test!88", "0ps_Test&99"),
    ),
    (
        "terraform",
        'provider "alicloud" {\n  access_key = "LTAI5tpA9ylCs8cpU1G6My8H"\n  secret_key = "7UuFsYZchUL2trmpC3TKoXboJzCAWD"\n  region     = "cn-hangzhou"\n}',
        ("LTAI5tpA9ylCs8cpU1G6My8H", "7UuFsYZchUL2trmpC3TKoXboJzCAWD"),
    ),
    (
        "ansible",
        '# group_vars/db.yml\nmysql_root_password: "Ans!ble Root"\nmysql_users:\n  - name: mall\n    password: Ans1ble_mall\n'
        "    priv: 'mall.*:ALL'",
        ("Ans!ble Root", "Ans1ble_mall"),
    ),
    (
        "nginx-conf",
        "location /api/ {\n    proxy_pass http://mall-gateway;\n"
        '    proxy_set_header Authorization "Basic Z2F0ZXdheTpOZ3gjQmFzaWMhMQ==";\n}',
        ("Z2F0ZXdheTpOZ3gjQmFzaWMhMQ==",),
    ),
]

LOOK_ALIKES: list[tuple[str, str]] = [
    # ---------------------------------------------------------------- questions about credentials
    ("zh-question", "用户密码存数据库之前要不要加盐？BCrypt 和 PBKDF2 选哪个"),
    ("zh-question", "密码为什么不能用 MD5 存？"),
    ("zh-question", "令牌为什么要设置过期时间，refresh token 又是干嘛的"),
    ("zh-question", "token 放 localStorage 还是 cookie 里更安全？"),
    ("zh-question", "密钥轮换一般怎么做，Nacos 里的配置改了要重启才生效吗"),
    ("zh-question", "AK/SK 应该放在哪里比较安全，直接写在 application.yml 里可以吗？"),
    ("zh-question", "Jasypt 加密数据库密码的原理是什么？"),
    ("zh-question", "appSecret 泄露了怎么办，微信后台能重置吗"),
    ("zh-question", "为啥 redis 设置了 requirepass 之后 Spring Boot 就连不上了？"),
    ("zh-question", "密码是必填项吗？注册接口里我没传"),
    ("zh-question", "token 是怎么生成的？是 UUID 还是 JWT"),
    ("zh-question", "密钥是用 RSA 还是 SM2 生成的，国密要求怎么满足"),
    ("zh-question", "密码为空的时候 MySQL 8 会报什么错"),
    ("zh-question", "Sa-Token 的 token 是存在 redis 里的吗"),
    ("zh-question", "数据库密码写在配置文件里不安全，有什么替代方案？"),
    ("zh-question", "令牌桶和漏桶算法有什么区别？"),
    ("zh-question", "secret 和 configmap 在 k8s 里有什么区别"),
    ("zh-question", "AKIA 开头的是 access key id 吗？ASIA 开头的又是什么？"),
    ("zh-question", "ghp_ 和 github_pat_ 两种 token 有什么区别"),
    ("zh-question", "sk- 开头的 key 都是 OpenAI 的吗？DeepSeek 也是这个前缀"),
    ("zh-question", "-----BEGIN RSA PRIVATE KEY----- 和 -----BEGIN PRIVATE KEY----- 有什么区别？"),
    ("zh-question", "Authorization: Basic 后面跟的是 base64(username:password) 吗？"),
    ("zh-question", "Bearer 认证和 Basic 认证有什么区别"),
    ("zh-question", "钉钉机器人的加签和关键词两种安全设置，选哪个好？"),
    ("zh-question", "企业微信的 access_token 有效期是多少，要自己缓存吗"),
    # ---------------------------------------------------------------- English questions
    ("en-question", "What's a good password policy for internal admin accounts?"),
    ("en-question", "How do I rotate the JWT signing key without logging everyone out?"),
    ("en-question", "Should the refresh token be stored in Redis or in the database?"),
    ("en-question", "Why does Spring Security say 'Encoded password does not look like BCrypt'?"),
    ("en-question", "Is it safe to put the API key in application.yml if the repo is private?"),
    ("en-question", "How long should an access token live compared to a refresh token?"),
    ("en-question", "What's the difference between a token and a session id?"),
    ("en-question", "password reset emails are not being sent, where do I look?"),
    ("en-question", "Can the password in settings.xml be encrypted with mvn --encrypt-password?"),
    (
        "en-question",
        "My password is not accepted after the upgrade to Spring Security 6, what changed?",
    ),
    (
        "en-question",
        "token is null when the request reaches the controller, is the filter order wrong?",
    ),
    (
        "en-sentence",
        "The secret to fast startup: lazy initialization and fewer auto-configurations.",
    ),
    (
        "en-sentence",
        "The password is stored in Vault under secret/mall/db, the app reads it at startup.",
    ),
    (
        "en-sentence",
        "The password field is hashed with BCrypt before insert; the plain password never leaves the service.",
    ),
    # ---------------------------------------------------------------- Chinese sentences using the concepts
    ("zh-concept", "密钥管理服务（KMS）负责加密数据密钥，应用只拿到明文数据密钥的一次性副本。"),
    ("zh-concept", "令牌桶限流的速率设成每秒 200 个令牌"),
    ("zh-concept", "这个接口用的是 HMAC-SHA256 签名，密钥由网关统一下发"),
    ("zh-concept", "我们的密码策略：90 天强制修改，不能与最近 5 次相同"),
    ("zh-concept", "登录失败 5 次后锁定账号 30 分钟，密码错误提示不要区分用户名不存在"),
    ("zh-concept", "把 AccessKey 换成 RAM 角色 + STS 临时凭证吧"),
    ("zh-concept", "密码：至少 8 位，包含大小写字母和数字"),
    ("zh-concept", "用户名/密码：见 1Password 里的 mall-prod-db 条目"),
    ("zh-concept", "密码：问运维要，我这边没有权限"),
    ("zh-concept", "token 数不够了，max_tokens 调到 8192 试试"),
    ("zh-concept", "Lexer 把 a+b 切成三个 token：IDENT、PLUS、IDENT"),
    ("zh-concept", "csrf token 放在 X-XSRF-TOKEN 请求头里，前端从 cookie 读出来"),
    (
        "zh-concept",
        "PasswordEncoderFactories.createDelegatingPasswordEncoder() 默认用的是 {bcrypt}",
    ),
    # ---------------------------------------------------------------- placeholders in config
    (
        "yaml-placeholder",
        "spring:\n  datasource:\n    username: ${DB_USER}\n    password: ${DB_PASSWORD}",
    ),
    ("properties-placeholder", "spring.datasource.password=${MYSQL_PASSWORD:}"),
    (
        "properties-placeholder",
        "spring.redis.password=${REDIS_PASSWORD}\nspring.redis.host=${REDIS_HOST:localhost}",
    ),
    (
        "yaml-placeholder",
        "openai:\n  api-key: <your-api-key>\n  base-url: https://api.openai.com/v1",
    ),
    ("yaml-placeholder", "github:\n  token: <your-token>"),
    ("yaml-placeholder", 'spring:\n  rabbitmq:\n    username: guest\n    password: ""'),
    (
        "yaml-placeholder",
        "spring:\n  redis:\n    host: localhost\n    password:\n    timeout: 3000ms",
    ),
    ("yaml-placeholder", "jwt:\n  secret: ${JWT_SECRET}\n  expiration: 7200"),
    ("env-placeholder", "DB_PASSWORD=\nREDIS_PASSWORD=\nOPENAI_API_KEY="),
    ("env-placeholder", 'export OPENAI_API_KEY="sk-..."'),
    ("env-placeholder", "OPENAI_API_KEY=your_openai_api_key_here"),
    (
        "properties-placeholder",
        "aliyun.oss.access-key-id=******\naliyun.oss.access-key-secret=******",
    ),
    ("yaml-placeholder", "spring:\n  datasource:\n    password: '********'"),
    (
        "maven-settings-placeholder",
        "<server>\n  <id>mall-releases</id>\n  <username>${env.NEXUS_USER}</username>\n  <password>${env.NEXUS_PASSWORD}</password>\n</server>",
    ),
    ("helm-template", "data:\n  password: {{ .Values.mysql.password | b64enc | quote }}"),
    (
        "github-actions",
        "env:\n  DB_PASSWORD: ${{ secrets.DB_PASSWORD }}\n  SONAR_TOKEN: ${{ secrets.SONAR_TOKEN }}",
    ),
    (
        "gitlab-ci-placeholder",
        'script:\n  - docker login -u "$CI_REGISTRY_USER" -p "$CI_REGISTRY_PASSWORD" $CI_REGISTRY',
    ),
    (
        "jenkinsfile-placeholder",
        "sh 'docker login -u $DOCKER_USER -p $DOCKER_PASS registry.cn-hangzhou.aliyuncs.com'",
    ),
    (
        "jenkinsfile-placeholder",
        "withCredentials([usernamePassword(credentialsId: 'harbor', usernameVariable: 'HARBOR_USER', passwordVariable: 'HARBOR_PASS')]) {\n    sh 'helm push mall-order-1.4.2.tgz harbor'\n}",
    ),
    (
        "jenkinsfile-placeholder",
        "parameters {\n    password(name: 'DEPLOY_PASS', defaultValue: '', description: '部署密码')\n}",
    ),
    (
        "k8s-manifest",
        "env:\n  - name: DB_PASSWORD\n    valueFrom:\n      secretKeyRef:\n        name: mall-db\n        key: password",
    ),
    (
        "docker-compose",
        '    environment:\n      MYSQL_RANDOM_ROOT_PASSWORD: "yes"\n      MYSQL_DATABASE: mall',
    ),
    (
        "docker-compose",
        "    environment:\n      MYSQL_ROOT_PASSWORD_FILE: /run/secrets/mysql_root_password\n    secrets:\n      - mysql_root_password",
    ),
    ("docker-compose", '    environment:\n      MYSQL_ALLOW_EMPTY_PASSWORD: "true"'),
    (
        "ide-settings-json",
        '{\n  "http.proxyStrictSSL": false,\n  "continue.apiKey": "${env:MOONSHOT_API_KEY}"\n}',
    ),
    # ---------------------------------------------------------------- commands without secrets
    ("mysql-cli", "mysql -u root -p"),
    ("mysql-cli", "mysql -h 127.0.0.1 -P 3306 -u root -p mall"),
    ("redis-cli", "redis-cli -h 127.0.0.1 -p 6379 ping"),
    (
        "curl",
        'curl -u "$NEXUS_USER:$NEXUS_PASS" --upload-file target/mall-order.jar https://nexus.mall-demo.cn/repository/raw/',
    ),
    ("curl", 'curl -H "Authorization: Bearer $TOKEN" http://localhost:8080/api/me'),
    ("http-request", "Authorization: Bearer <token>"),
    ("keytool", "keytool -list -v -keystore mall.jks"),
    (
        "keytool",
        "keytool -genkeypair -alias mall -keystore mall.jks -storepass:env STORE_PASS -keypass:env KEY_PASS",
    ),
    (
        "openssl",
        "openssl genrsa -out private.key 2048 && openssl rsa -in private.key -pubout -out public.key",
    ),
    ("shell", 'ssh-keygen -t ed25519 -C "zhangwei@mall-demo.cn"'),
    ("shell", "kubectl create secret generic mall-db --from-env-file=.env.prod -n mall"),
    ("shell", "kubectl get secret mall-db -o jsonpath='{.data.password}' | base64 -d"),
    ("shell", "docker login registry.cn-hangzhou.aliyuncs.com"),
    ("shell", "git config --global credential.helper store"),
    (
        "shell",
        'export JAVA_HOME=/usr/lib/jvm/java-17-openjdk-amd64\nexport MAVEN_OPTS="-Xmx2g -XX:MaxMetaspaceSize=512m"',
    ),
    (
        "java-cli",
        "java -Dspring.profiles.active=prod -Dserver.port=8081 -Duser.timezone=Asia/Shanghai -jar mall-order.jar",
    ),
    ("gitignore", "application-local.yml\n.env\n*.pem\n*.jks\nsecrets/"),
    # ---------------------------------------------------------------- Java identifiers
    ("java-code", "@Autowired\nprivate TokenService tokenService;"),
    ("java-code", "String encoded = passwordEncoder.encode(rawPassword);"),
    (
        "java-code",
        'if (!passwordEncoder.matches(form.getPassword(), user.getPassword())) {\n    throw new BadCredentialsException("用户名或密码错误");\n}',
    ),
    (
        "java-code",
        "@Bean\npublic PasswordEncoder passwordEncoder() {\n    return new BCryptPasswordEncoder();\n}",
    ),
    ("java-code", 'String password = request.getParameter("password");'),
    ("java-code", '@Value("${jwt.secret}")\nprivate String secret;'),
    ("java-code", "String token = jwtUtil.generateToken(userDetails);"),
    (
        "java-code",
        'private static final String TOKEN_HEADER = "Authorization";\nprivate static final String TOKEN_PREFIX = "Bearer ";',
    ),
    (
        "java-code",
        "@Data\npublic class OssProperties {\n    private String accessKeyId;\n    private String accessKeySecret;\n    private String bucketName;\n}",
    ),
    ("java-code", "user.setPassword(passwordEncoder.encode(dto.getPassword()));"),
    ("java-code", 'ds.setPassword(env.getProperty("db.password"));'),
    ("java-code", 'log.info("user {} login, token expires at {}", userId, expireAt);'),
    ("java-code", 'Map<String, Object> secrets = vaultTemplate.read("secret/mall").getData();'),
    ("java-code", 'throw new InvalidTokenException("token 已过期，请重新登录");'),
    ("java-code", 'PASSWORD_ERROR(1002, "密码错误"),\nTOKEN_EXPIRED(1003, "登录已过期"),'),
    # ---------------------------------------------------------------- hashes, ids, paths
    ("commit-hash", "git revert dcaa5607e17c18a72280375031ad5f0bc63a8d33"),
    ("commit-hash", "回滚到 df086da1efc13d1d52435f4652bb718ccdf6c450 之后启动就报错了"),
    ("commit-hash", "git cherry-pick df1ed5c..bf2ebb3"),
    (
        "commit-hash",
        "commit 1343b44fbc84c578c593ce19cb3c29b9cd6d6954\nAuthor: zhangwei <zhangwei@mall-demo.cn>\nDate:   Mon May 13 10:21:07 2024 +0800\n\n    fix: 修复订单超时未关闭的问题",
    ),
    ("uuid", "订单对应的 requestId 是 6fffb12e-3471-42a0-82eb-99b781a00d6b，帮我查下日志"),
    ("uuid", "spring.cloud.nacos.config.namespace=b8733901-2cd2-4c2a-96ec-5240db3a2337"),
    ("uuid", "X-Request-Id: 3310e00f-7420-49c4-aa87-46549c357510"),
    (
        "trace-id",
        "[TraceId:cb22cf35d78c710115babb2d91952f52] ERROR c.m.o.s.OrderService - 库存扣减失败",
    ),
    ("trace-id", "traceId=f18e07223c723a68 spanId=444a3447d79f9bf2 这个链路在 SkyWalking 里看不到"),
    (
        "checksum",
        "sha256: b6d46575784feb67ec2915ce95895f91c93e0aba405895f9fc7c9f0ae870054b  nacos-server-2.3.1.tar.gz",
    ),
    (
        "checksum",
        "image: mysql@sha256:04fef7ca092e65068f4e307248cc07d17fd9270ca18192ba11c4a8d4647a9256",
    ),
    ("path", "src/main/java/com/mall/order/service/impl/OrderServiceImpl.java 第 128 行空指针"),
    ("path", "mall-order/src/main/resources/mapper/OrderItemMapper.xml"),
    ("path", "/home/deploy/apps/mall-gateway/config/application-prod.yml"),
    (
        "path",
        "~/.m2/repository/org/springframework/boot/spring-boot-autoconfigure/3.2.5/spring-boot-autoconfigure-3.2.5.jar",
    ),
    ("path", "src/test/java/com/mall/security/token/JwtTokenProviderImplTest.java"),
    ("path", "src/main/java/com/mall/auth/password/PasswordResetController.java"),
    # ---------------------------------------------------------------- encodings, keys that are public
    (
        "base64-context",
        "这个字段是 base64 编码的 JSON：eyJvcmRlcklkIjoxMDA4Niwic3RhdHVzIjoiUEFJRCJ9，解出来是订单状态",
    ),
    ("base64-context", "echo aGVsbG8gbWFsbA== | base64 -d   # 输出 hello mall"),
    ("base64-context", "邮件头里的文件名是 =?UTF-8?B?6K6i5Y2V5oql6KGoLnhsc3g=?="),
    (
        "public-key",
        "支付宝公钥：\n-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAVX5nUMTcQl782EhicBX0\nSDgMtNJ+8e412QG3HEwYMqPEfo8WUxK9Jceivh7CeI5XmmxueOWuBEeNulHxwr9K\nu6jGk0/9XQiR4hMl9/zTSU5kUZoNfZzZCpj4Ne4tKLWmC1H+ysHkWg9Lw7aE35+Z\nl4Ml526Cm206McQl9pXEzlSvIJEZXgmL62R7CkbFDtRZ40a2NL1icRpAp69GICzy\nyW+1AzZiHDGYRQaTrLNmowDojD9as865BtasA1k+aGrH9pKWQSK8JnQLHMzZukIj\noqVOwuw7poB8JuyCufvE6KL5+xdSnJSCc+IhjWZ9/kKDhGYlscYpdPUcYBUXTiXK\nAgMBAAE=\n-----END PUBLIC KEY-----",
    ),
    (
        "public-key",
        "authorized_keys 里加了这一行：ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI+hTE46pNUkfm+QpabiWa8EQ2Rq9U8r1k9UpcAsdFJ3l zhangwei@mall-demo.cn",
    ),
    (
        "certificate",
        "-----BEGIN CERTIFICATE-----\nMIIDdzCCAl+gAwIBAgIEc2Vhh249ROS9leiF2jee7SF0+cdZsXMcOMsPk6ZbABtG\nXVutIz+bFrSDe/vHrAHF5vb5KXsChwMVK4PTDJm57BC265lCtEw/6G1W1cYdkCk3\nXws0lGFqBrr1mPRyrCYd3AWNBolSeZhTyNZLaOcX8nlvdG7GbK4tQIPjA3W2/v49\nSk+2g4hKCNz8JYx51m+oTzvJvANQ0SXpSi1jV0HXQgZTXrOesva3E6Ow9bAOABSw\nYV1BjyUMgk8lKuwGGOhTecEcHqJKWpTTH52KQLICXxH35QsCgP+WVMXX0X3jq+tx\nMi71MKm1T+R7eapJfeySvSjmTFRp+h+uV+aL8ICSyuNrK0LfkF/uZri5vtSbkXzo\nH6QgVQlJaqruMEhactcJ7oquVIiSnQ/2vTONPGD6wOUtG3OV+Fg65ofTETWBXzHz\nbZLOUEx3x1e0b89wtm9LDYRPF1oJBj+/t1sKKDuQbG8yeeHua6LG3s/q456ZYi/l\nrwcGvfnOSQ2dtGn1BOUTCGgj8wgiUiJ4irsTLOBvQLZ84v9JW01gFr3bn/DtZG26\nz4W0IuC0kasMyPrqeTDuvaBqJXBOUgcVGZM8OevQdKkpB4Ya/SIaVM0v/FRfBvVs\nnUu4zRbGcElEtLphDdmVbtVHH3SozCLmKFhNhBwrtcnGWn96Nd9ByIdHGqPX2r0T\naE9dZHGKpB0LxRw0ba7Tb2jMHZpqZRhXQzgfqAPOkdKuRwPC643HwCTrCqcOzZa1\niU/w7TiWjZBoB5aXZGMsbUdXtjCXc1mLaFFZ8ByJ/wUDo8hzl1Ykw3pXDu/EraAY\nE1WbiK0NAtfL0295GuNspsfjGWHHZNerUvtxCRmCRRqTuRTn1RmkgUVKKXe+yPx5\nEt3UVbtvfefrElf3862ga1k+Ke1RMqGaE+tNxHHH0urqhJ7MhGN2le6F1nxPUY7L\nmcxIFzEIB+R/KJkBVjO3JLurycFk3iWsQBrPE6BIZP7cHjs+bb30UFYIGvAF+BrF\nG6xnElTPiDY0Kg5bap1KASNb6OWzUEuuML9J4T1G0QWaAQBwmLJA7lyXQ+AMtwTJ\nqt6XziybNmKX2c5lmsSuH3Zsv850UrKpdsBBjdf3FyTxGb6crK1mK7ijsgnYxV9h\n0iLaIpycf77LA/0CjiO4I1icWu2mZ1InAh0=\n-----END CERTIFICATE-----",
    ),
    # ---------------------------------------------------------------- versions and coordinates
    ("version", "spring-boot-starter-parent 3.2.5 升级到 3.3.0 之后 Nacos 配置读不到了"),
    ("version", 'java version "1.8.0_392"\nJava(TM) SE Runtime Environment (build 1.8.0_392-b08)'),
    ("maven-coordinate", "com.alibaba.cloud:spring-cloud-starter-alibaba-nacos-config:2022.0.0.0"),
    (
        "maven-coordinate",
        "<dependency>\n  <groupId>io.jsonwebtoken</groupId>\n  <artifactId>jjwt-api</artifactId>\n  <version>0.12.5</version>\n</dependency>",
    ),
    ("maven-coordinate", "cn.dev33:sa-token-spring-boot3-starter:1.37.0"),
    # ---------------------------------------------------------------- YAML with secret-ish keys, harmless values
    (
        "yaml-config",
        "sa-token:\n  token-name: satoken\n  timeout: 2592000\n  active-timeout: -1\n  is-concurrent: true\n  token-style: uuid\n  is-log: false",
    ),
    (
        "yaml-config",
        'jwt:\n  header: Authorization\n  token-prefix: "Bearer "\n  expire-seconds: 7200',
    ),
    (
        "yaml-config",
        "security:\n  oauth2:\n    resource:\n      token-info-uri: http://mall-auth/oauth/check_token",
    ),
    (
        "yaml-config",
        "spring:\n  ai:\n    openai:\n      api-key: ${OPENAI_API_KEY}\n      chat:\n        options:\n          model: gpt-4o\n          max-tokens: 4096",
    ),
    ("yaml-config", "password-policy:\n  min-length: 8\n  require-digit: true\n  expire-days: 90"),
    ("yaml-config", "token:\n  expire-time: 30\n  refresh-expire-time: 1440"),
    # ---------------------------------------------------------------- logs without secrets
    (
        "log-line",
        "2024-05-11 10:21:07.331  INFO 1 --- [main] o.s.b.w.e.tomcat.TomcatWebServer : Tomcat started on port(s): 8080 (http)",
    ),
    (
        "log-line",
        "WARN  o.s.s.c.bcrypt.BCryptPasswordEncoder - Encoded password does not look like BCrypt",
    ),
    (
        "log-line",
        "java.sql.SQLException: Access denied for user 'root'@'172.17.0.1' (using password: YES)",
    ),
    (
        "log-line",
        "MongoCredential{mechanism=SCRAM-SHA-256, userName='mall', source='admin', password=<hidden>, mechanismProperties=<hidden>}",
    ),
    (
        "log-line",
        "io.jsonwebtoken.ExpiredJwtException: JWT expired at 2024-05-10T08:00:00Z. Current time: 2024-05-11T02:13:44Z",
    ),
    ("log-line", "login failed: username=zhangwei, reason=BAD_PASSWORD, ip=10.20.3.7"),
    (
        "log-line",
        "npm ERR! code E401\nnpm ERR! Unable to authenticate, your authentication token seems to be invalid.",
    ),
    # ---------------------------------------------------------------- URLs without credentials
    (
        "url",
        "jdbc:mysql://10.20.1.5:3306/mall?useUnicode=true&characterEncoding=utf8&serverTimezone=Asia/Shanghai&allowPublicKeyRetrieval=true",
    ),
    ("url", "redis://10.20.1.8:6379/0"),
    ("url", "git@github.com:mall-demo/mall-order.git"),
    ("url", "https://zhangwei@gitlab.mall-demo.cn/mall/mall-order.git"),
    (
        "url",
        "mongodb://10.20.1.30:27017,10.20.1.31:27017/mall?replicaSet=rs0&readPreference=secondaryPreferred",
    ),
    ("url", "https://oapi.dingtalk.com/robot/send?access_token=${DINGTALK_TOKEN}"),
    (
        "url",
        "http://localhost:8080/oauth/authorize?response_type=code&client_id=mall-web&redirect_uri=http://localhost:3000/callback",
    ),
    ("email", "安全问题直接发邮件给 security-team@mall-demo.cn 就行"),
]
