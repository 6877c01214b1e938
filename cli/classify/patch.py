"""The pending patch: the words that refer to it ("the patch", 补丁, 这么改, "why did
you…"), the patch words that name none (the HTTP method, git's patches), a new patch
asked for, and the words that revise, restrict, adjust or fail to understand a patch.

:func:`.reader._read_problems` finds the words that name a patch; the patch rule of
:mod:`.rules` weighs the rest.
"""

from __future__ import annotations

from .lexicon import CJK, Lexicon, any_of, rx

_PATCH_WORDS = ("补丁", "patch", "patches", "diff", "diffs", "hunk", "hunks")
PATCH_WORD = Lexicon(_PATCH_WORDS)
_PATCH_REF_WORDS = (
    "这个修改", "这次修改", "这个改动", "这次改动", "改动", "这么改", "这样改", "这个改法", "改法",
    "你改的", "你的修改", "修改的地方", "改的地方", "这处修改", "这个修复", "这次修复", "你的修复",
    "这个方案", "这次的修改", "刚才的修改", "这个变更", "这次变更", "the change", "the changes",
    "this change", "these changes", "your change", "your changes", "that change", "the fix",
    "this fix", "your fix", "that fix", "the proposed change", "the proposed fix", "the new code",
    "this version", "applying this", "apply this", "applying it", "merging this", "merge this",
    # Mixed: "这个 change 对 settle 模块有影响吗".
    "这个 change", "这次 change", "这个 fix", "这次 fix",
    # Northern Mandarin's 整 for 改: "你这么整会不会…".
    "这么整", "这样整",
    # The place it changes, pointed at: "为啥这里要加 volatile？" (with a patch pending)
    "这里要加", "这里加了", "这里要改", "这里改成", "这儿要加", "这里为啥要",
)  # fmt: skip
# The user's own changes, and the places still to change, are not the pending patch.
_NOT_PATCH_REFS = (
    "the changes i made", "the change i made", "changes i made", "my changes", "my change",
    "我的修改", "我改的", "我做的修改",
    "该改的地方", "要改的地方", "需要改的地方", "应该改的地方", "能改的地方", "可以改的地方",
    "待改的地方", "得改的地方", "the changes needed", "changes needed", "the changes required",
)  # fmt: skip
# "我昨天提交的 ReservationService 改动": the user's own change, not the pending patch.
OWN_CHANGE_RE = rx(r"我.{0,12}(?:提交|写|做|改|加|合)的.{0,24}(?:改动|修改|变更|代码|commit|pr)")
PATCH_REF = Lexicon(_PATCH_REF_WORDS, exceptions=_NOT_PATCH_REFS)
# Patch words that name no pending patch: the HTTP method, a new patch asked for, git.
NOT_PATCH_RE = any_of(
    # The HTTP method: "http patch", "PATCH 接口", "PUT 和 PATCH", "@PatchMapping".
    r"\bhttp\s*patch\b",
    r"\bpatch\s*(?:request|requests|method|endpoint|endpoints|mapping|接口|请求|方法)",
    r"(?:put|get|post|delete)\s*(?:和|或|and|or|/|、|,)\s*patch",
    r"patch\s*(?:和|或|and|or|/|、)\s*(?:put|post)",
    r"@patchmapping|\bpatchmapping\b",
    # Patch files and versions of the world: "git format-patch", "a .patch file", "安全补丁".
    r"(?:一个|a|an)\s*patch\s*(?:文件|file)|git\s+(?:format-)?patch|\.patch\b|\bpatch files?\b",
    r"\bgit\s+diff\b",
    # The patch set aside for another question: "ignore the patch for a sec - what…",
    # "补丁先放一边".
    r"\b(?:ignore|forget|park|set\s+aside)\s+the\s+(?:patch|diff)\b|补丁先(?:放一边|不管|放着)|先不管补丁",
    # Said to be apart from the patch: "跟 patch 没关系哈", "unrelated to the patch".
    r"(?:跟|和)\s*(?:这个\s*)?(?:patch|补丁)\s*没(?:啥|什么)?关系"
    r"|\b(?:unrelated|not related) to the (?:patch|diff)\b",
    # A diff a program computes: "diff 的结果", "the diff algorithm".
    r"diff\s*的?\s*(?:结果|算法|逻辑|计算)|\bdiff (?:result|results|algorithm|logic)\b",
    # "the diff between X and Y", "what's the diff": a difference.
    r"\bdiff\s+(?:between|of)\b(?!\s+(?:your|the\s+patch|this\s+patch))"
    r"|\bwhat'?s\s+the\s+diff\b(?!\s+between\s+your)",
    # A patch mechanism of this code, a thing: "groovy 补丁脚本", "hotfix patch scripts".
    r"(?:补丁|patch)\s*(?:脚本|包(?!含|括)|机制|加载器|目录|管理器)|\bpatch\s*(?:scripts?|mechanism|loader"
    r"|folder|directory)\b",
    r"\bpatch\s*(?:version|release|level)\b|版本补丁|系统补丁|安全补丁|热补丁|\bhot[- ]?patch\w*",
)
# A patch named with a determiner: "the patch", "this diff", "patch 里", "hunk 2".
PATCH_DETERMINED_RE = any_of(
    r"\b(?:the|this|that|your|pending|proposed)\s+(?:patch|diff|hunk)",
    r"(?:patch|diff|hunk)\s*(?:里|中|\d)|(?:这个|这次|你的)\s*(?:patch|diff)|\bhunks?\b",
)
# "打个补丁", "write a patch", "Patch the…": a new patch, an audit.
NEW_PATCH_RE = any_of(
    r"打(?:个|一个)?补丁|(?:出|写|做|给|生成)(?:个|一个)补丁",
    # "Patch the decoder", "patch 一下" (not "patch 会影响哪些调用方？", its subject).
    r"^(?:please\s+)?patch\b(?!\s*(?:[:：]|(?!一下|下|掉|上)["
    + CJK
    + r"]))(?!\s+(?:looks|seems|is|was"
    r"|has|does|feels|appears|touches|changes|adds|removes|breaks)\b)",
    r"(?:帮忙|帮我|麻烦|给我|请|你)\s*patch\s*(?:一下|下|掉)",
    r"(?:\b(?:and|please|to|then|you|pls)\s+|(?:^|[,，;；]\s*))patch\s+(?:it|this|that|them|the)\b",
    r"\b(?:write|create|generate|propose|prepare|make)\s+(?:a|an)\s+(?:new\s+)?patch\b",
)
# "why did you change…", "你为什么要改返回值": what "you" changed is the patch.
YOU_CHANGED_RE = any_of(
    r"\bwhy (?:did|do|would) you\b|\bwhy'd you\b|\b(?:where|how) did you\b",
    r"\byou (?:changed|removed|added|dropped|renamed|moved|touched|deleted|replaced|introduced)\b",
    # A choice made in the change, asked about: "why a new class instead of editing X",
    # "为啥不直接用 redisson 要自己写 lua".
    r"\bwhy (?:a|an) new \w+ instead of\b",
    r"^(?:\W*(?:那|那么|所以)\W*)?(?:为什么|为啥|咋)不直接(?:用|改|在)(?=[^，,。？?]{1,30}(?:要|而|还))",
    # A change asked about with no subject of its own: "为什么要删掉那个判空", "为啥把 A 换成 B 了"
    # (not "为什么 Spring Boot 3 把 javax 换成 jakarta", whose subject made the change).
    # (it happened, or "that" one: not "为什么要把构造器设成 private", a question of Java)
    r"^(?:\W*(?:那|那么|所以|请问)\W*)?(?:为什么|为啥|咋)要?(?:把|删掉|去掉|移除|换成|改成)"
    r"(?=[^，,。？?]{0,30}(?:了|那个|这个|那段|这段|那行|这行|那些|这些))",
    r"你(?:为什么|为啥|咋)要?(?:改|删|加|换|去掉|动|移除|用)|你(?:改|删|加|换|去掉|动|移除)了",
    # "你把重试删了？为啥" (not "你把答案删了", "你把…加了个例子": the answer, not the code)
    r"你(?:为什么|为啥|咋|怎么)?(?:把|将)(?![^，,。？?]{0,16}(?:回答|答案|例子|解释|说明|记忆|规则|偏好"
    r"|笔记|话题|设置|记录|备注))"
    r".{1,16}?(?:改|删|加|换|去掉|动|移除|拿掉)(?:掉|成|回)?了",
)
# A change to a numbered line, asked about: "为什么要改第 40 行", "第 12 行为啥删了".
YOU_CHANGED_LINE_RE = rx(
    r"(?:为什么|为啥|咋)要?(?:改|删|动|去掉)(?:了|掉)?\s*第\s*\d+\s*行"
    # "改完之后…还生效吗": what follows the change, the change unnamed (it opens the clause:
    # "Nacos 配置改完之后" names what was changed)
    r"|(?:^|[，,。；;!！?？])\s*(?:这个|这样|这么)?改完(?:之后|以后|后)"
)
# "为啥要加这个判断", "why not…": with a patch pending, the patch, implied.
PATCH_IMPLIED_RE = any_of(
    r"\bwhy (?:did|do|does|would) you\b|\b(?:where|how) did you\b",
    r"\bwhy (?:did|does|do|is|was) (?:it|this|the patch) (?:change|remove|add|use|drop|touch)",
    # A change asked about in the passive: "why is the lock moved out of the loop?".
    r"\bwhy (?:is|are|was|were|has|have) (?:the |this |that |these )?[\w.()-]+(?: [\w.()-]+){0,3}"
    r" (?:been )?(?:moved|removed|changed|added|dropped|renamed|replaced|deleted|introduced"
    r"|inlined|extracted|wrapped|made|turned|switched|widened|narrowed|reordered)\b",
    r"\bwhy not\b|(?:为什么|为啥|咋)不(?:直接|在|放|改)|\bwhy'd you\b",
    r"(?:为什么|为啥|咋)把[^，,。？?]{1,24}?(?:改|删|加|换|去掉|动|移除|拿掉|挪)",
    r"\byou (?:changed|removed|added|dropped|renamed|moved|used|touched)\b",
    r"你(?:为什么|为啥|咋)?要?(?:改|删|加|换|去掉|动|移除|用)",
    r"(?:为什么|为啥|咋)(?:要|你要?)(?:改|删掉?|去掉|移除|加|换|把|用|动)",
    r"(?:为什么|为啥)(?:改|删|加|换|去掉|移除)(?:了|成|掉|这|那)",
    r"这一行|这行|第\s*\d+\s*行|\bthis line\b|\bline \d+\b",
)
# "RegistrationService 第 120 行", "line 42 of OrderService", "OrderService.java:42": a line of
# a file named by the message, not of the patch ("{name}" is the escaped name).
LINE_OF_NAME = (
    r"{name}(?:\.java)?\s*(?:的|里的?|中的?|里面的?)?\s*第\s*\d+\s*行|\bline \d+ (?:of|in) {name}\b"
    r"|{name}(?:\.java)?:\d+"
)
# A change to the previous *answer*, not to code: "上面那个例子改成 lambda", "make the example
# shorter".
ANSWER_WORDS = Lexicon(
    ("例子", "示例", "回答", "答案", "上面", "刚才", "你说的", "你上面", "解释一遍", "说法",
     "这段话", "demo", "example", "examples", "answer", "answers", "reply", "replies", "response",
     "responses", "explanation", "snippet above", "previous", "above",
     # The answer's layout: "写成段落", "用要点列出来", "as bullet points".
     "段落", "分段", "要点", "paragraph", "paragraphs", "bullet points", "bullets",
     # The answer said again: "那换成英文再说一遍", "say that again in English".
     "再说一遍", "再讲一遍", "重新说一遍", "重新讲一遍", "再解释一遍", "say that again",
     "say it again", "explain that again", "explain it again", "repeat that"),
    # The change the assistant proposed, taken: "就按你说的改" changes code.
    exceptions=("按你说的", "照你说的"),
)  # fmt: skip
# Revising words: a patch sentence with one asks for a different patch.
REVISE_WORDS = Lexicon(
    ("不要", "别", "只改", "只保留", "只动", "不改", "保留", "再加", "改回", "换成", "改成",
     "小一点", "短一点", "简单点", "试试", "去掉", "instead", "without", "only touch",
     "only change", "don't", "do not", "rather than", "keep"),
)  # fmt: skip
# A change phrased as a continuation ("…instead", "改成…吧", "再加个…") or a restriction
# ("只动 X", "don't touch the tests"): with a patch pending, the patch's revision.
FOLLOW_UP_CHANGE = Lexicon(
    ("改成", "换成", "换个", "换种", "换一种", "改用", "再加", "也加", "顺便加", "写法", "吧",
     "一点", "一些", "再给我看看", "再给我看", "instead", "rather", "also", "too", "there", "it",
     "that", "this", "smaller", "simpler", "shorter", "less", "more"),
)  # fmt: skip
# "再短一点", "更简单些", "smaller": an adjustment asked of the patch.
ADJUST_RE = rx(
    r"再?(?:短|小|简单|精简|少|清楚|干净|保守|通用)(?:一)?(?:点|些)|更(?:短|小|简单|精简|少)"
    r"|\b(?:shorter|smaller|simpler|leaner|less invasive|more minimal|more conservative)\b"
)
# The answers' form: a limit on it ("别用表情符号", "no emojis") restricts no patch.
ANSWER_FORM = Lexicon(("表情符号", "表情", "颜文字", "emoji", "emojis"))
RESTRICTIVE_RE = any_of(
    r"只(?:改|动|保留|修改)|(?<![级区类特个性])(?<!要)(?:别|不要)(?:改|动|碰|用|删|去掉)",
    r"\bonly (?:touch|change|modify)\b|\b(?:don't|do not|never) (?:touch|change|modify)\b",
    r"\bleave\b.{1,30}\balone\b|\bkeep the\b",
)
# Not understanding the patch asks to have it explained.
CONFUSED = Lexicon(
    ("看不懂", "看不太懂", "没看懂", "不太懂", "不理解", "不明白", "没明白", "啥意思", "什么意思",
     "don't understand", "do not understand", "confused", "confusing", "not sure why", "unclear"),
)  # fmt: skip
