"""The words the instruction-like rules share, as pattern fragments (plain strings:
nothing is compiled here). Read on :func:`~autopatch_memory.injection.reading.looks`,
so everything is lower case."""

from __future__ import annotations

# Where an order begins: the start of a line or clause, or after a word that leads into
# one ("please", "and", "always", "you should"). A verb found here is an imperative, not
# the verb of a sentence about something else ("the review never reports …").
LEAD = (
    r"(?:^|[.;:!?。；：！？,，(\[{<\"'“「*#>|]\s*|\s[-–—]+\s*|\b(?:please|pls|kindly|just|also|"
    r"then|and|so|now|simply|first|always|instead|rather|silently|quietly|secretly|"
    r"you(?:\s+(?:should|must|will|shall|need to|have to|are to|can|may))?|from now on,?|"
    r"going forward,?|henceforth,?|from here on,?|important:?)\s+)"
)
# Whoever is told: the assistant, addressed or named.
AI = (
    r"(?:ai|assistant|model|llm|chatbot|bot|agent|copilot|gpt|chatgpt|claude|language model|"
    r"ai model|ai assistant|ai agent|coding assistant|code assistant|autopatch)"
)
# An AI named as a kind, as comments and READMEs address it ("AI code reviewers", "any LLM",
# "the automated reviewer"); a human reviewer is no AI.
AI_KIND = (
    r"(?:(?:ai|llm|gpt|automated|autonomous|machine)\s+(?:code\s+)?(?:reviewers?|assistants?|"
    r"models?|agents?|bots?|tools?|systems?|readers?)|(?:code(?:-| )?review(?:ing)?|review|coding|"
    r"chat)\s+(?:bots?|assistants?|agents?|ai)|" + AI + r"s?)"
)
# Where a marker or an aside starts: a line, a bracket, a quote, a comment opener.
MARK_START = (
    r"(?:^|[(\[{<【「“\"'|>*]\s*|<!--\s*|/\*+\s*|//+\s*|#+\s*|--\s*|\[comment\]:\s*#\s*\(\s*|"
    r"\s[-–—]+\s*)"
)
ZH_AI = (
    r"\s?(?:ai|人工智能|助手|大模型|模型|机器人|智能助手|语言模型|gpt|chatgpt|代码助手|编程助手|"
    r"智能体|"
    r"(?:代码)?(?:审查|审核|评审)(?:机器人|助手|ai))\s?"
)

# --- the assistant's instructions -------------------------------------------------------
# What comes first and binds the assistant ("the previous instructions", "your rules").
PRIOR = (
    r"(?:previous|prior|above|earlier|preceding|former|original|initial|foregoing|"
    r"aforementioned|preset|hidden|built-in|underlying|initial)"
)
# What the assistant was given: only these make "ignore the …" an attack by themselves.
ORDERS_STRONG = (
    r"(?:instructions?|prompts?|system prompt|system message|directives?|guidelines|guidance|"
    r"guardrails|programming|training|conditioning|safeguards|safety (?:rules|measures|"
    r"guidelines|protocols|filters|settings)|content polic(?:y|ies))"
)
ORDERS = (
    rf"(?:{ORDERS_STRONG}|rules?|constraints?|restrictions?|limitations?|polic(?:y|ies)|orders?|"
    r"commands?)"
)
# Other qualifiers of "your …" ("your usual rules", "your safety guidelines").
YOUR_KIND = (
    r"(?:default|current|existing|safety|security|content|usual|normal|own|standing|given|"
    r"core|ethical|moral|base|system|developer|original|previous|prior|earlier)"
)
IGNORE_VERB = (
    r"(?:(?:ignore|disregard|forget|override|overrule|bypass|circumvent|skip|drop|abandon|discard|"
    r"neglect|dismiss|erase|wipe|reset|cancel|nullify|suspend|lift|throw away|throw out|"
    r"set aside|put aside|let go|get rid|dispense with|do away with|look past|move past|"
    r"move beyond)(?:\s+(?:about|of))?|pay no (?:attention|heed|mind) to|(?:do not|don'?t|never|"
    r"stop) (?:pay(?:ing)?|giv(?:e|ing)) (?:any )?(?:attention|heed|mind|regard|weight) to|"
    r"(?:no longer|stop|do not|don'?t|"
    r"never|cease to|refuse to) (?:follow(?:ing)?|obey(?:ing)?|adher(?:e|ing) to|"
    r"comply(?:ing)? with|apply(?:ing)?|respect(?:ing)?)|deviate from|go against|"
    r"free yourself from|break free (?:of|from))"
)
# Instructions that are said to be gone.
VOID = (
    r"(?:void|null|obsolete|cancell?ed|revoked|invalid(?:ated)?|superseded|overridden|lifted|"
    r"suspended|withdrawn|rescinded|irrelevant|no longer (?:valid|apply|applies|applicable|"
    r"in effect|in force|binding|relevant|matter)|not (?:valid|binding|applicable) any ?more|"
    r"(?:to|should|must|can) be (?:ignored|disregarded|forgotten)|replaced by (?:this|these|"
    r"the following|what follows|mine|the ones below)|outdated|out of date|stale|deprecated)"
)
ZH_IGNORE_VERB = (
    r"(?:忽略|忽视|无视|忘掉|忘记|忘了|不要理会|不用理会|不必理会|别理会|不理会|不要管|不用管|"
    r"别管|跳过|抛开|抛弃|丢掉|丢弃|放弃|废除|推翻|覆盖|绕过|违背|违反|(?:不要|不用|不必|别|无需|"
    r"不再|"
    r"停止|不需要)再?(?:遵守|遵循|执行|服从|听从|理会|按照|照着)|清除|清空|重置)"
)
ZH_IGNORE_STRONG = (
    r"(?:忽略|忽视|无视|忘掉|忘记|忘了|不要理会|不用理会|不必理会|别理会|不理会|不要管|不用管|别管)"
)
ZH_PRIOR = (
    r"(?:之前|以上|上面|上文|上述|前面|前文|此前|先前|以前|原来|原先|原有|原始|最初|初始|系统|"
    r"默认|内置|预设|固有|开发者|官方|所有|全部|一切|你|您)"
)
ZH_PRIOR_STRONG = r"(?:之前|以上|上面|上文|上述|前面|前文|此前|先前|你|您|所有|全部)"
# Short words that may sit between the parts ("之前给你的所有", "你之前收到的").
ZH_GAP = (
    r"(?:你|您|的|所有|全部|一切|收到|得到|接收|被|给你|给|设定|说|掉|都|中|里|里面|那些|这些|"
    r"任何|过|了|之|个|条|些|刚才|曾经|已|已经|设置|写|写的|定|下|学到|学过|学|知道|记得|记住|接受|"
    r"接到|"
    r"拿到|听到|看到|读到)"
)
ZH_ORDERS = (
    r"(?:指令|指示|提示词|提示语|系统提示|系统消息|提示|规则|设定|要求|约束|限制|规范|命令|准则|"
    r"守则|规定|原则|安全策略|安全规则|安全限制|条款|prompt|instructions?)"
)
ZH_ORDERS_STRONG = r"(?:指令|指示|提示词|提示语|系统提示|系统消息|设定|prompt|instructions?)"
ZH_VOID = (
    r"(?:作废|无效|失效|不算数|不算|不再有效|不再适用|取消|撤销|清零|清空|废除|忽略|忽视|无视|忘掉|"
    r"忘记|"
    r"忘了|丢掉|丢弃|放弃|抛开|推翻)"
)

# --- data that must not leave -----------------------------------------------------------
# Data that must not leave; used without a \b around it (some forms start with "~" or ".").
SENSITIVE = (
    r"(?:\b(?:source code|codebase|the code\b|all (?:the |of the )?code|(?:users?|projects?|repo|"
    r"their|your|our|my)'?s? (?:source )?code|code of|sources?|repo(?:sitory)?|(?:api|private|"
    r"ssh|secret|access|aws|signing|gpg|encryption) keys?|(?:all|the|your) keys|keys you|secrets?|"
    r"tokens?|credentials?|passwords?|passphrases?|cookies?|session(?: ids?| tokens?)?|"
    r"env(?:ironment)?(?: variables| vars)|id_rsa|id_ed25519|kubeconfig|memory(?: file)?|"
    r"memory\.json|conversations?|chats?|chat (?:history|logs?)|(?:the |conversation |command "
    r"|shell )history|questions?|prompts?|transcripts?|contents? of|config(?:uration)? files?|"
    r"settings\.xml|application[-\w]*\.(?:ya?ml|properties)|[\w-]+\.(?:env|pem|key|p12|jks|kdbx|"
    r"ya?ml|properties)|databases?|db dumps?|user data|personal data|pii|(?:every|all|any|each) "
    r"(?:the )?(?:files?|documents?)|files? you (?:read|see|open|access|touch))\b"
    r"|~/\.[\w.-]+|\.(?:env|aws|ssh|npmrc|netrc|m2|gradle|docker|kube|git-credentials|pgpass)\b)"
)
DESTINATION = (
    r"(?:https?://(?!localhost|127\.|0\.0\.0\.0|\[::1\])\S+|ftp://\S+|[\w.+-]+@[\w-]+\.[\w.-]+|"
    r"www\.\S+|(?:[a-z0-9-]+\.)+(?:com|net|org|io|cn|xyz|ru|top|me|co|info|biz|site|online|tk|"
    r"cc|app|dev|sh|ly)\b(?:/\S*)?|(?:\d{1,3}\.){3}\d{1,3}\b|(?:my|our|this|that|the following|"
    r"following|below|an external|external|attacker'?s?|remote|third[- ]party|personal|private|"
    r"discord|telegram|pastebin|ngrok|requestbin)\s+(?:[a-z]+\s+)?(?:webhooks?|endpoints?|"
    r"servers?|url|address|inbox|email(?: address)?|mailbox|bucket|channel|site|host|ip|api|"
    r"domain|link|gist|paste(?:bin)?)\b|webhook\.site|pastebin|(?:s3|gs|az|wasbs?|abfss?|hdfs|"
    r"sftp|scp|smb)://\S+|(?:an?\s+)?public\s+(?:gist|"
    r"repo(?:sitory)?|bucket|url|paste|channel|site|link|page|issue)\b|\bgists?\b)"
)
SEND_VERB = (
    r"(?:send|post|upload|forward|add|exfiltrate|email|e-mail|mail|transmit|leak|share|submit|sync|"
    r"push|pipe|beacon|append|attach|include|embed|encode|put|paste|copy|dump|relay|ship|"
    r"export|publish|deliver|write|save|report|smuggle|tunnel)"
)
ZH_SENSITIVE = (
    r"(?:代码|源码|源代码|密钥|秘钥|私钥|key|token|令牌|密码|口令|凭证|凭据|credentials|对话|"
    r"聊天记录|对话记录|会话|记忆|memory|配置文件|配置|环境变量|\.env|env|cookie|session|数据库|"
    r"用户数据|个人信息|问题|提问|提示词|ssh|id_rsa|\.aws|文件内容|仓库)"
)
ZH_SEND = (
    r"(?:发送到|发到|发给|发往|传到|上传到|上传至|发送至|转发到|转发给|转发至|同步到|同步至|推送到|"
    r"推送至|提交到|提交至|post ?到|寄到|泄露给|泄漏给|外发到|回传到|回传给|传给|传送到|贴到|"
    r"粘贴到|发送给|上报到|上报给|写入|附加到|拼接到|带到|放到|放进|附在|上传|发送|外发|回传)"
)
ZH_DESTINATION = (
    r"(?:https?://|ftp://|www\.|\S+@\S+\.\S+|邮箱|服务器|地址|网址|链接|接口|webhook|外部|外网|"
    r"第三方|这个|以下|下面|我的|域名|(?:\d{1,3}\.){3}\d{1,3}|\.(?:com|cn|net|org|io|ru|top|xyz)\b)"
)
# Who may sit before a Chinese verb of sending in a description of the code, not an
# order ("前端把 token 发给 …").
ZH_AGENT = (
    r"(?:前端|后端|服务端|客户端|服务|系统|程序|网关|模块|接口|sdk|应用|app|job|脚本|任务|浏览器|"
    r"插件|组件|框架|中间件|拦截器|过滤器|jenkins|ci|流水线|filebeat|logstash|agent|定时器|"
    r"用户|业务|功能|它|他们|我们)"
)

# --- verdicts -----------------------------------------------------------------------------
FINDINGS = (
    r"(?:vulnerabilit(?:y|ies)|security (?:issues?|problems?|findings?|bugs?|flaws?|holes?|"
    r"risks?)|sql injection|injections?|xss|csrf|ssrf|rce|cves?|exploits?|weakness(?:es)?|"
    r"hard-?coded (?:credentials?|passwords?|secrets?|keys?|tokens?)|secrets|backdoors?)"
)
GENERIC_FINDINGS = r"(?:issues?|findings?|problems?|bugs?|risks?|flaws?|warnings?|errors?)"
REVIEWED = (
    r"(?:patch(?:es)?|prs?|pull requests?|merge requests?|mrs?|code|changes?|commits?|diffs?|"
    r"findings?|reviews?|audits?|scans?|submissions?|codebase|repo(?:sitory)?)"
)
GOOD = (
    r"(?:safe|secure|fine|clean|correct|ok|okay|good|approved|bug-free|vulnerability-free|"
    r"flawless|perfect|passed|lgtm|compliant|harmless|benign|acceptable|trustworthy|safe to merge)"
)
NONE_FOUND = (
    rf"(?:there (?:are|is|were|was) no (?:\w+ )?(?:{FINDINGS}|{GENERIC_FINDINGS})|no (?:\w+ )?"
    rf"(?:{FINDINGS}|{GENERIC_FINDINGS})(?: (?:were|was|are|is))?(?: found| detected| present)?)"
)
ZH_GOOD = (
    r"(?:安全|没问题|没有问题|无问题|正确|通过|没有漏洞|无漏洞|不存在漏洞|没有(?:发现)?(?:任何)?"
    r"(?:漏洞|问题|风险|安全问题)|未发现(?:任何)?(?:漏洞|问题|风险)|误报|无风险|没有风险|合格|lgtm|"
    r"正常)"
)
