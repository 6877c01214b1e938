"""What a question points at when it points at this repository: "this project",
"we/our", "this class", "where is…", what the repository uses and how it does things,
the application's parts and the nouns of its domain.

Names and paths (``OrderService``, ``mall-admin``, ``src/main``) are read by
:mod:`.pointers`; these are the words around them.
"""

from __future__ import annotations

from .lexicon import CJK, Lexicon, any_of, rx

_PROJECT_WORDS = (
    "这个项目", "本项目", "该项目", "这个仓库", "本仓库", "这个工程", "代码库", "这个系统",
    "本系统", "这个服务", "本服务", "这个应用", "整个项目", "整个工程", "这个repo", "这个 repo",
    "this project", "the project", "this repo", "the repo", "this repository", "the repository",
    "the codebase", "this codebase", "our codebase", "our code", "our project", "our repo",
    "this code base", "the code base", "this app", "this application", "this service",
    "this system", "in here", "the whole project", "the entire project", "across the project",
    "across the codebase", "the source", "the sources",
)  # fmt: skip
PROJECT = Lexicon(_PROJECT_WORDS)
# "项目", "仓库", "工程" alone mean this one, except a kind: "一个项目", "电商项目", "maven 项目".
BARE_PROJECT_RE = any_of(
    # "系统里" of this system, not of a kind ("分布式系统里", "后台管理系统里").
    rf"(?<![{CJK}a-z])系统(?:里|中)",
    r"(?<!一个)(?<!某个)(?<!新)(?<!小)(?<!大)(?<!个人)(?<!开源)(?<!电商)(?<!企业级)(?<!微服务)"
    r"(?<!普通)(?<!多模块)(?<!别的)(?<!其他)(?<!其它)(?<!老)(?<!web)(?<!实际)(?<!真实)(?<!生产)"
    r"(?<!一般)(?<!单体)(?<![a-z] )(?<![a-z])(?:项目|仓库|工程)(?!经理|管理|经验)",
    r"\brepo\b|\bcodebase\b",
)
WE_RE = any_of(
    r"咱们|我们(?:的|这边|这里|现在|目前|项目|服务|系统|用|需要|部署|依赖|配置|连|启动|是|有|在|怎么|哪"
    # "我们线上…", "我们生产环境…"
    r"|线上|生产|测试环境|本地)",
    r"\bour\b|\bours\b",
    r"\b(?:do|does|did|are|have|can|should) we (?:need|use|have|handle|connect|store|run|deploy"
    r"|call|build|support|configure|depend|start|log|send|load|expose|catch|validate|check|hash"
    r"|encrypt|persist|cache|read|write|generate|manage|define|get|set|keep|test)",
    r"\bwe (?:use|need|call|store|send|log|deploy|run|build|handle|keep|read|write)\b",
    r"\bwhere do we\b|\bhow do we\b|\bwe're using\b|\bwe are using\b|\bare we\b",
    r"\b(?:are|were) we (?:on|using|running|vulnerable|affected|exposed|safe)\b",
)
# "this class", "这段代码", "这里的 catch", "这些接口": code in front of the user.
_CODE_NOUNS_ZH = (
    "类|方法|接口|文件|函数|代码|逻辑|配置|模块|服务|写法|实现|字段|表|注解|判断|循环|查询|锁"
    "|事务|变量|常量|参数|返回值|页面|流程|功能|任务|sql|controller|service|mapper|dao|bean|catch"
    "|if|else|try|段|块|处|行|地方|定时任务|脚本|测试|单测|依赖|包|目录|请求"
)
DEICTIC_RE = any_of(
    r"(?:这个|这段|这里的?|这边的?|这些|该|此|这块|那个|那段|这几个|上面的?|下面的?)\s*"
    rf"(?:{_CODE_NOUNS_ZH})",
    # (not "我这边", "on my side": the user's machine, not this code)
    r"这里|(?<![我你他她])这边|此处|\bhere\b",
    # "这个 MQ 的消息", "这个网关的路由": a part of this system, by the kind of system it is.
    r"(?:这个|这套|我们这个)\s*(?:mq|broker|网关|gateway|爬虫|crawler|网站|平台|中台|后台)\s*的",
    r"\b(?:this|these|that|those) (?:class|classes|method|methods|file|files|function|code"
    r"|endpoint|endpoints|api|apis|module|service|controller|query|queries|config|configuration"
    r"|test|tests|logic|bean|table|lock|loop|handler|implementation|line|lines|snippet|sql|mapper"
    r"|repository|filter|job|task|script|check|call|field|constant|component|interceptor"
    r"|listener|request|transaction|dependency|package|folder|directory|page|flow)\b",
)
# Where something is (a concept has no location); anywhere in the code.
WHERE_RE = any_of(
    # Where something is: "Where is the JWT secret configured?", "在哪配的", "which class…".
    r"\bwhere(?:'s|'re| is| are| do(?! i (?:even )?(?:start|begin|learn))| does| did|abouts)\b",
    r"\band where\b",
    r"\bwhere\??$",
    r"\bsomewhere\b",
    r"\b(?:show|tell|find|see|know|point|explain|remind) (?:me |us )?(?:to )?where\b",
    r"\bwhich (?:[\w-]+ ){0,2}(?:class|file|module|package|service|controller|table|method|bean"
    r"|component|folder|directory|config|endpoint|api|job|mapper|dao|profile|property|properties"
    r"|handler|filter|interceptor|listener|test|tests)(?:es|s)?\b",
    # Not a quality's or a difference's "where" ("区别在哪", "泄漏在哪", "难在哪"), nor
    # "遇到哪些坑".
    r"(?<![现存实好处正所强别异漏露慢错难坑差])在哪|从哪(?!几?个?方面|些方面|入手|下手|开始|学)"
    r"|(?<![遇碰学讲说聊想])到哪(?!个版本|一版|个版)|去哪"
    r"|(?<![好强在])哪里|哪儿|什么地方",
    r"哪(?:个|几个|几)(?:类|文件|模块|包|接口|表|服务|目录|方法|配置|controller|service|mapper|地方)",
    r"哪些(?:接口|类(?![型似别])|方法|表(?![达示])|模块|地方|服务|配置|文件|包|controller|service"
    r"|mapper|bean|定时任务|页面)",
    r"哪张表|哪些表|哪几张表|哪个表|(?:类|文件|模块|包|接口|表|服务|目录|方法|配置)是哪一?个",
    # Anywhere in the code: "有没有哪里…", "find places that…", "所有的 Controller", "the code".
    r"有没有(?:哪里|地方|哪些地方)|哪些地方|哪几处|有几处|的地方",
    r"\b(?:places|spots|callers|usages) (?:that|where|which)\b",
    r"\b(?:anywhere|any place|any places|all places|every place|every (?:endpoint|controller"
    r"|service|class|mapper|method|query))\b",
    r"(?:所有|全部|每个)(?:的)?\s*[\w" + CJK + r"]{0,6}\s*(?:接口|地方|类|方法|controller|service"
    r"|mapper|dao|查询|依赖|配置|模块|文件|服务)",
    r"\b(?:the|this|our) code\b",
)
# A fact of this repository's own choosing: what it uses, how it was built.
USAGE_RE = any_of(
    # What it uses or has: "用的是", "有没有用到", "有接 ELK 吗", "does it use…", "is X used in…".
    # ("有没有接口…": the noun interface, not 接 "connected")
    r"用的是|用的(?:什么|啥|哪)|用了(?:什么|啥|哪)|有没有用到?|有用到|有没有接(?!口)|有接(?!口)|有没有配|有配"
    r"|配的是|(?<![匹搭分装适支调])配了|是否使用|采用了?(?:什么|哪)|对接的|接的是|走的是|存的是",
    # "用的 xxl-job 吗", "是用的 Nacos 吗": whether it uses a named tool.
    r"用的\s*[a-z][\w.+-]*\s*(?:吗|么|嘛)",
    # (not "有没有实现对": whether it was done right is a check, not a fact it has)
    r"有实现吗|实现了吗|有没有实现(?![对好错正])|是否实现(?![对好错正])",
    r"(?:有没有|是否有|有无)(?:单元测试|集成测试|单测|测试|文档|接口文档|ci|dockerfile|readme|swagger"
    r"|监控|健康检查|限流|缓存|定时任务|消息队列|多租户|国际化)",
    r"有(?:单元测试|集成测试|单测|测试|文档)吗",
    r"\bdoes (?:it|this|the app|the service|the project|the build) (?:use|need|have|support|run"
    r"|depend|call|store|handle|produce|ship)\b",
    r"\b(?:is|are) (?:there|\w+) (?:used|configured|defined|set|declared|stored|enabled"
    r"|registered|loaded|wired|mapped|deployed|started|implemented|generated|handled|computed"
    r"|calculated|persisted|cached) (?:in|by|at|for|on|here|anywhere)\b",
    r"\b(?:is|are) there (?:a |an |any )?(?:[\w-]+ ){0,2}(?:endpoint|test|tests|dockerfile|readme"
    r"|ci|job|jobs|migration|migrations|profile|health check|swagger|frontend|module|scheduler)\b",
    # Which one it chose: "存 Redis 还是数据库", "which database", "which version".
    # "用的 nacos 还是 apollo", "是用 Feign 调用还是 Dubbo", "是递归查数据库还是一次性查出来".
    r"(?:存|用|走|放|接|连|部署|跑|查)(?:的是|的)?\s*(?:[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}"
    r"|[\w" + CJK + r"]{1,12})(?:\s*[" + CJK + r"]{1,4})?\s*还是",
    r"\bwhich version\b|\bwhat version\b|\bwhat port\b",
    r"\bwhich (?:database|db|queue|cache|broker|orm|framework|library|registry|profile|version|jdk"
    r"|java|redis|mq)\b",
    # Where a value is and what it is: "存在哪", "定义在", "端口是多少", "is set to what".
    r"存在哪|存哪|放在哪|放哪|定义在|配在|写在|声明在",
    r"是几版本|哪个版本|什么版本|版本是多少|版本号|端口是|端口多少",
    r"(?<!默认)(?:地址|端口|账号|密码|路径|url|链接|入口|超时时间|过期时间|前缀)(?:分别|都|各自|现在)?"
    r"(?:是|为|配的是|设的是)?(?:多少|什么|啥|几)",
    r"\bset to what\b|\bwhat (?:is|are) (?:the )?[\w -]{1,30} set to\b",
    # What building or running it needs: "required to build", "from source".
    r"\b(?:required|needed|need) to (?:build|run|compile|start)\b",
    r"\brequirements? for (?:building|running)\b|\bfrom source\b",
)
# How this application does something: "是怎么实现的", "How is X configured?",
# "What happens when…" (also said of the Java world: "Spring 是怎么解决循环依赖的").
MANNER_RE = any_of(
    r"是(?:怎么|如何|在哪)[" + CJK + r"]{0,6}的|是在[" + CJK + r"]{1,8}的|默认(?:是|用)",
    r"\bhow (?:is|are) (?:the |our |this |these )?[\w-]+(?: [\w-]+){0,3} (?:configured"
    r"|implemented|handled|stored|computed|calculated|generated|wired|mapped|registered|loaded"
    r"|defined|built|structured|organi[sz]ed|deployed|persisted|applied|validated|authenticated"
    r"|routed|cached|managed|tested|started)\b",
    r"\bhow (?:is|are) (?:the |our |this |these )?[\w-]+(?: [\w-]+){0,3} [\w-]+ed\b",
    r"\bwhat happens (?:when|if|after|before)\b",
    # Which of two ways it was done: "凭证过账是同步还是异步的？" (of the Java world, a
    # known topic makes it knowledge: "Kafka 的消费是推还是拉的").
    r"是[^，,。？?；;]{1,12}还是[^，,。？?；;]{1,12}的(?=\s*[？?]|$)",
)
# The application's parts named as such: "the login endpoint", "登录接口", "后台".
APP_PART_RE = any_of(
    # "帮我看下代码": the code here.
    r"(?:看|查|检查|审|扫|review|过)[一下看遍]{0,2}\s*(?:代码|源码)",
    # "the login endpoint", "the cart service", "the docs folder".
    r"\bthe (?:[\w/{}`-]+ ){0,3}(?:endpoint|endpoints|controller|controllers|service|app"
    r"|application|module|layer|page|pipeline|table|job|scheduler|api|apis|schema|database|flow"
    r"|seed data"
    r"|migration|migrations|script|handler|mapper|dao|entity|templates?|frontend|backend|ui|client"
    r"|server|build|modules|dependencies|pom|menu|admin|cart|checkout|dashboard|screen|form|config"
    r"|configuration|profile|profiles|entry point|main class|base package|job|jobs|tests"
    r"|test suite|startup|login|signup|registration|callback|webhook|queue|consumer|producer"
    r"|listener|filter|interceptor|gateway|repository|repositories|dto|dtos|folder|folders"
    r"|directory|dir|package|packages|resources|docs|scripts|sources|readme|changelog|makefile)\b",
    # "登录接口", "订单流程", "dubbo 接口", "后台", "详情页", "prod 环境".
    rf"(?:[{CJK}]{{2}}|\b[a-z]+ ?)(?<![的个些和与或种类])"
    r"(?:接口|页面|流程|后台|前台|菜单|回调|模块|服务|子项目|工程|插件|定时任务|配置类|控制器)",
    r"(?:详情|列表|登录|注册|管理|结算|支付|确认)页|首页|主页|后台|前台|管理端|用户端|商家端",
)
# Words before a part that make it a kind of part: "普通业务服务", "这类后台", "某个模块".
_KIND_WORDS = r"(?:普通|一般|典型|常规|传统|某个|某些|一些|这类|这种|那种|各种|任何)"
KIND_BEFORE_RE = rx(_KIND_WORDS + r"的?\s*$")
KIND_OPENING_RE = rx("^" + _KIND_WORDS)
# Parts of a build and a source tree: this repository's, unless the message asks for knowledge.
PART_RE = rx(
    r"模块|子模块|依赖|构建|打包|目录|入口|源码|包结构|启动类|配置文件|单元测试|集成测试"
    r"|\b(?:modules?|submodules?|build|dependencies|folders?|director(?:y|ies)|entry point"
    r"|source code|package (?:layout|structure)|config files?|integration tests|unit tests"
    r"|test suite)\b"
    r"|(?:prod|dev|test|uat|生产|测试|开发|预发|线上)\s*环境"
    # Its records: "更新日志里 1.4.2 修复了哪些问题", "the release notes of 2.0".
    r"|更新日志|变更日志|发布说明|\b(?:release notes|changelog|known issues)\b"
)
# Nouns of an application's own domain (shops, payments, blogs, clinics, registries).
_DOMAIN_WORDS = (
    "商品", "订单", "购物车", "会员", "优惠券", "库存", "支付", "退款", "回调", "管理员", "菜单",
    "角色", "积分", "秒杀", "物流", "收货", "地址", "评论", "文章", "博客", "主题", "商户", "账单",
    "发票", "租户", "宠物", "兽医", "预约", "品牌", "分类", "专题", "广告", "营销", "促销", "活动",
    "运费", "发货", "售后", "退货", "首页", "浏览记录", "收藏", "审核", "流水", "下单", "支付单",
    "订单号", "对账", "结算", "商家", "店铺", "门店", "客户", "员工", "部门", "工单", "考勤",
    "报表", "字典",
    # Logistics, hospitals, ledgers, claims, schools, games, devices, offices.
    "运单", "司机", "车辆", "签收", "网点", "库位", "入库", "出库", "拣货", "挂号", "处方",
    "病历", "科室", "患者", "门诊", "住院", "医保", "药品", "采购", "凭证", "物料", "供应商",
    "记账", "余额", "转账", "理赔", "保单", "投保", "核保", "简历", "职位", "候选人", "课程",
    "学员", "车位", "停车", "车牌", "玩家", "道具", "副本", "公会", "稿件", "栏目", "请假",
    "报销", "审批",
    "order", "orders", "product", "products", "cart", "carts", "coupon", "coupons",
    "member", "members", "inventory", "stock", "payment", "payments", "refund", "refunds",
    "callback", "admin", "menu", "role", "roles", "points", "shipping", "address", "comment",
    "comments", "article", "articles", "post", "posts", "theme", "themes", "merchant", "invoice",
    "tenant", "tenants", "owner", "owners", "pet", "pets", "vet", "vets", "visit", "visits",
    "checkout", "finding", "findings", "customer", "customers", "sku", "skus", "brand", "brands",
    "discount", "promotion", "wallet", "bill", "bills", "appointment", "appointments",
    "waybill", "waybills", "shipment", "shipments", "patient", "patients", "prescription",
    "prescriptions", "ledger", "candidates", "courses", "player", "players", "warehouse",
    "parking",
)  # fmt: skip
DOMAIN = Lexicon(_DOMAIN_WORDS)
