"""Change requests the router must keep in the audit flow, and messages about memory or
the answer it must not send there (found by a review of the round's last rules: each row
was routed the other way by a first version of them)."""

from __future__ import annotations

import pytest
from autopatch_memory_cli.classify import classify

from autopatch_memory import IntentType
from autopatch_memory.intents import memory_access

AUDIT = IntentType.CODE_AUDIT

# Requests to change or write code: never routed to memory.
CHANGES = (
    "注释写中文就行",
    "异常信息写英文就行",
    "方法返回值用列表就行，不用 Set",
    "给 OrderService 做个拆分的方案，直接改代码",
    "方案定了，帮我创建一个 OrderArchiveJob",
    "写个迁移计划，然后把 OrderService 迁到 Java 21",
    "create a report endpoint in OrderController",
    "generate a summary DTO for OrderService",
    "帮我写一个上传文档的 endpoint 到 FileController",
    "帮我修改一下 OrderService 中计算折扣的方案",
    "帮我处理一下 OrderService",
    "帮我管理一下依赖版本",
    "我先说一下需求 帮我把 OrderService 改成异步",
    "我不想要 OrderService 里的重试了 删掉吧",
    "别动 OrderDTO",
    "把 OrderService 里的 System.out 删了",
)
# About memory, the answer or the user's own steps: never kept out of memory.
MEMORY = (
    "Nacos 配置改完之后需要重启服务吗？",
    "pom 改完之后要 mvn clean 吗",
    "OrderService 第 40 行为什么要加 synchronized？",
    "你怎么把上一条记忆删了？",
    "你为什么把我那条规则删了",
    "不用改了，谢谢",
    "你不用改，我只是问问",
    "算了，不用动了",
    "别删这条笔记",
    "不要删掉我的记忆",
    "别改话题",
    "别动不动就抛异常",
    "把缓存删了，结果还是报错，为什么",
    "能不能帮我画一下 OrderService 的调用关系，文字版就行",
    "给 mall-admin 出一个拆分模块的计划，先别动代码",
    "好的，那我先去开会了",
)


@pytest.mark.parametrize("text", CHANGES)
def test_a_change_request_stays_in_the_audit_flow(text: str) -> None:
    assert classify(text).intent is AUDIT
    assert not memory_access(classify(text, patch_pending=True).intent).reads


@pytest.mark.parametrize("text", MEMORY)
def test_a_message_about_memory_or_the_answer_gets_memory(text: str) -> None:
    assert memory_access(classify(text).intent).reads
