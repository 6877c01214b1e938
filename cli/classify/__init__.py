"""The rule-based, bilingual intent router of the command line.

The host's intents decide what memory may see: audit and patch turns stay isolated,
explanations and general questions read and write memory (``docs/cli.md``, "Intents").
The CLI has no model to route a question, so it uses transparent rules over three
questions any reader would ask of a message, in Chinese, English or a mix of both:

* **Does it ask me to act on code, or ask a question?** A request is found by its form
  (an imperative, "please", "could you / would you mind…", "we need…", 帮我/麻烦/能不能…,
  把 X 改成 Y, 给 X 加上 Y, a verb with a result: 改掉, 补上) and classed by its verb:
  *change* (fix, rename, add, 改, 换, 删…), *create* (write, implement, 写, 实现…),
  *inspect* (check, review, 看看, 检查…) or *explain* (explain, tell, 讲, 介绍…). A
  negated change ("不要改代码，只解释…"), a condition ("…的话") or the user's own plan
  ("我自己来写") asks for no change; "可以删吗" asks whether, "帮我删了" asks for it.
* **Does it point at this repository or at general knowledge?** Paths and files, the
  repository's own classes and modules, "this project", "we/our", "this class", "where
  is…", "is there anywhere…", the application's own nouns asked about as facts
  ("购物车数据存 Redis 还是数据库") point here; "what is", "how do I", "一般", "区别",
  indefinite objects ("a HashMap") and names of the Java world point at knowledge.
* **Does it refer to a pending patch** ("the patch", 补丁, "this fix", 这么改, "why did
  you…")?

A turn to another question after a remark ("…。顺便问一下，…", "…问个通用的问题：…") or
past a concern set aside ("先不管这个", "补丁先放着") is read by what follows, unless the
part before asks for something or (not set aside) looks for a problem. Then, in this order:

1. while a patch awaits confirmation, a message that refers to it is ``patch_revise``
   when it asks for a change, sets a limit ("补丁里别动测试") or an adjustment ("补丁能再短一点
   吗"), and ``patch_explain`` otherwise; a follow-up change that names nothing new
   ("换成 switch 写法", "use a StringBuilder there instead", "只动 OrderService") revises
   the patch too, while a change with a subject of its own is a new audit, and so is a
   limit beside a request of its own ("先别改代码，帮我审计一下 X"); a limit beside a
   question of its own is that question; a line of a named file ("OrderService 第 120
   行") is that file's; a standing wish about patches to come is remembered;
2. ``code_audit``: patch words without a pending patch; an audit verb (audit, review,
   审计, 扫一下…); audit words (fix, 修复, 漏洞…) unless the message asks for knowledge
   ("什么是 SQL 注入？", "How do I fix a ConcurrentModificationException?") or where the
   code does it ("Where do we scan the classpath?"); a change request on code, whatever
   its verb, unless it is about the previous answer or a how-to in general;
3. ``general_chat``: a question *why* code fails, asked to be understood ("Why does
   OrderServiceImpl.create throw a NullPointerException?", "为什么这个接口偶尔超时？"):
   debugging Q&A gets memory; a why asked of a security hole does not;
4. ``code_audit``: a question whether code here is safe, vulnerable, bypassable,
   injectable or guarded ("is our password-reset flow secure?", "could someone call
   /internal/refund without logging in?"); a problem (a bug, an injection, a leak, 越权, a
   missing check, a worry: "我担心 X 会算错") asked about this code; an inspection that
   looks for something or verifies a condition; a judgement of this code or a complaint
   about it ("这个方法也太长了吧"). Words inside names ask for nothing: ``patches/``,
   ``data-fix``, ``AuditLogAspect``, ``leak_detect_task``; nor do a lookup in a record of
   past fixes ("CHANGELOG 里修复了哪些问题"), audit words naming a thing ("安全检查的拦截器",
   "the audit log table", "review 状态"), a problem the code reports or keeps away ("上报崩
   溃", "是怎么避免 OOM 的") or a review that ends in an explanation of what the code is
   ("review 一下 pom 里的依赖，讲讲每个是干嘛的");
5. ``code_explain``: the message points at this repository;
6. otherwise ``general_chat`` (knowledge, practice, follow-ups, preferences).

Each step is a named rule with its examples, in the ordered registry of
:mod:`.rules` (:data:`INTENT_RULES`); ``classify(text, explain=True)`` lists the rules
that fire, and every result names the rules that decided (``rule_ids``). With a model
configured, :mod:`.model` asks it too when the rules' choice is not plain; audit wins a
disagreement about memory.

Erring is asymmetric: an audit or patch request routed to a memory intent breaks the
isolation, while a question kept outside memory only loses context. So the audit rules
run before the explanation rules, a change request on code is an audit even when its
verb is not listed, and patch words never fall through to memory. The word lists are
this package's own; the labelled sets of ``tests/data/router/`` measure them. Reading is
bounded and linear: a long paste is read by its head and tail, without its log lines
(``limits.CLASSIFIER_MAX_CHARS``), and every word list is one compiled regex.
The choice is always overridable (``--intent``, ``/intent``); the result says why.

The package, one idea a module (the vocabulary apart from the reading of it):

* :mod:`.lexicon`: matching phrases in mixed Chinese/English text (on the language
  kernel, :mod:`autopatch_memory.lang`);
* vocabulary: :mod:`.acts` (what a request asks), :mod:`.problems` (what an audit looks
  for), :mod:`.safety` (a safety question), :mod:`.debugging` (a why asked of a
  failure), :mod:`.patch` (the pending patch), :mod:`.repository` (this repository's
  words), :mod:`.knowledge` (general knowledge, conversation, names of the Java world);
* reading: :mod:`.reading` (the model of one reading), :mod:`.clauses` (clauses,
  questions, requests), :mod:`.pointers` (paths and names), :mod:`.reader` (:func:`read`);
* deciding: :mod:`.cues` (what each rule looks for), :mod:`.rules` (the rules, named, in
  order), :mod:`.classification` (the answer) and :mod:`.model` (asking the configured
  model).
"""

from __future__ import annotations

# The public API is __all__; the router's model (Act, Clause, MessageReading, Request, read),
# public names of the single module it was, stays importable from here too.
from .acts import Act as Act
from .classification import DEFAULT, FORCED, MODEL, Classification
from .pointers import mentioned_paths
from .reader import read as read
from .reading import Clause as Clause
from .reading import MessageReading as MessageReading
from .reading import Request as Request
from .rules import INTENT_RULES, READING_RULES, IntentRule, choose, classify, decisive, forced

__all__ = [
    "DEFAULT",
    "FORCED",
    "INTENT_RULES",
    "MODEL",
    "READING_RULES",
    "Classification",
    "IntentRule",
    "choose",
    "classify",
    "decisive",
    "forced",
    "mentioned_paths",
]
