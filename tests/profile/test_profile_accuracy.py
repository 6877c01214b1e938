"""Accuracy classes: the repository's Java level, README titles, module sampling and counts."""

from __future__ import annotations

import pytest
from autopatch_memory_cli.render import render_profile
from profile_helpers import RepoMaker, pom

from autopatch_memory import limits
from autopatch_memory.context import build_context
from autopatch_memory.intents import IntentType
from autopatch_memory.model import MemoryDocument, RepoProfile
from autopatch_memory.profile import collect
from autopatch_memory.profile.facts import is_main_module, repository_java_version
from autopatch_memory.profile.readme import first_title

# --- the repository's Java level --------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "main"),
    [
        ("core", True), ("spring-boot-starter", True), ("services/order", True),
        ("platform:domain", True), ("latest-api", True), ("contest", True), ("testng-support", True),
        ("java-21-tests", False), ("integration-tests", False), ("integrationTest", False),
        ("Java21Tests", False), ("shop-it", False), ("e2e", False), ("jmh", False),
        ("benchmarks", False), ("examples/basic", False), ("samples:web", False),
        ("tests/api", False), ("demo", False), ("接口测试", False), ("示例工程", False),
    ],
)  # fmt: skip
def test_main_modules(path: str, main: bool) -> None:
    assert is_main_module(path) is main


@pytest.mark.parametrize(
    ("shared", "modules", "expected"),
    [
        (["17"], [("core", "21")], "17"),  # the root speaks for everything
        ([None, "11"], [("core", "21")], "11"),  # then conventions
        ([None], [("core", "17"), ("web", "17"), ("java-21-tests", "21")], "17"),
        ([None], [("java-21-tests", "21")], None),  # a test module never speaks
        ([None], [("core", None), ("web", None), ("java-21-tests", "21")], None),
        ([None], [("core", "17"), ("web", None), ("cli", None)], None),  # one among silent ones
        ([None], [("core", "17"), ("web", "17"), ("cli", None)], "17"),
        ([None], [("core", "17"), ("web", "21")], None),  # a tie is not a majority
        ([], [], None),
    ],
)
def test_repository_java_version(
    shared: list[str | None], modules: list[tuple[str, str | None]], expected: str | None
) -> None:
    assert repository_java_version(shared, modules) == expected


def test_gradle_convention_and_buildsrc_levels(make_repo: RepoMaker) -> None:
    repo = make_repo({
        "settings.gradle": "include 'app', 'java-21-tests'",
        # buildSrc's own build compiles the plugin code, not the repository
        "buildSrc/build.gradle": "plugins { id 'groovy-gradle-plugin' }\njava { toolchain {"
                                 " languageVersion = JavaLanguageVersion.of(11) } }",
        "buildSrc/src/main/groovy/app.java-conventions.gradle": "sourceCompatibility = '17'",
        "buildSrc/src/main/groovy/app.test21-tests-conventions.gradle": "sourceCompatibility = 21",
        "app/build.gradle": "plugins { id 'app.java-conventions' }",
        "java-21-tests/build.gradle": "plugins { id 'app.test21-tests-conventions' }",
    })  # fmt: skip
    assert collect(repo, use_cache=False).profile.java_version == "17"


def test_maven_aggregators_do_not_vote(make_repo: RepoMaker) -> None:
    release = "<properties><maven.compiler.release>{}</maven.compiler.release></properties>"
    repo = make_repo({
        "pom.xml": pom("<packaging>pom</packaging><modules><module>services</module>"
                       "<module>perf-tests</module></modules>"),
        "services/pom.xml": pom("<packaging>pom</packaging><modules><module>order</module>"
                                "</modules>", artifact="services"),
        "services/order/pom.xml": pom(release.format(17), artifact="order"),
        "perf-tests/pom.xml": pom(release.format(21), artifact="perf-tests"),
    })  # fmt: skip
    assert collect(repo, use_cache=False).profile.java_version == "17"


# --- README titles: a bilingual evaluation set ------------------------------------------------

# (README head, the project's title or None when the README opens with a section)
README_CASES: list[tuple[str, str | None]] = [
    ("# Mall\n\nAn online shop built on Spring Boot.", "Mall"),
    ("# 订单中心\n\n基于 Spring Cloud 的订单服务。", "订单中心"),
    ("Fleet Tracker\n=============\n\nTracks trucks.", "Fleet Tracker"),
    ("[![CI](https://ci/b.svg)](https://ci)\n\n# **Ledger** Service", "Ledger Service"),
    ('<p align="center"><img src="logo.png"></p>\n<h1 align="center">Mall Swarm</h1>',
     "Mall Swarm"),
    ('<div align="center">\n<h1>若依管理系统</h1>\n</div>\n\n## 简介', "若依管理系统"),
    ("# RuoYi-Vue-Plus\n\n## 项目简介", "RuoYi-Vue-Plus"),
    ("# jeecg-boot 低代码平台\n", "jeecg-boot 低代码平台"),
    ("# 🚀 Rocket Cache\n\nA cache.", "🚀 Rocket Cache"),
    ("# Payment Gateway SDK #\n", "Payment Gateway SDK"),
    ("<!-- badges -->\n\n# inventory-service\n\n## Build\n", "inventory-service"),
    ("# 2048\n\nThe game, in Java.", "2048"),
    ("```\n# not a title\n```\n\n# Real Name\n", "Real Name"),
    ("# [Spring PetClinic](https://spring.io) Sample\n", "Spring PetClinic Sample"),
    ("# 电商秒杀系统 (Seckill)\n", "电商秒杀系统 (Seckill)"),
    ("学生管理系统\n======\n", "学生管理系统"),
    ("# Overview of Ledger\n", "Overview of Ledger"),  # a name that starts like a section
    # A README that opens with a section has no title.
    ("## Overview\n\nScripts for nightly jobs.", None),
    ("## 简介\n\n支付网关 SDK。", None),
    ("### Features\n- fast", None),
    ("Intro text\n\n## Getting Started\n\n# Later Heading", None),
    ("Some words\n----------\n\nMore.", None),
    ("# Introduction\n\nThis repository contains...", None),
    ("# Getting Started\n\n1. Install JDK 17", None),
    ("# 快速开始\n\n```bash\nmvn package\n```", None),
    ("# 项目介绍\n\n本项目是...", None),
    ("# 1. 项目简介\n", None),
    ("# 📖 Table of Contents\n", None),
    ("# Installation:\n", None),
    ("# 使用说明\n", None),
    ("# 目录\n- [简介](#简介)", None),
    ("# License\n\nMIT", None),
    ("# 功能特性\n", None),
    ("# About\n", None),
    ("# Quick Start\n", None),
    ("# 背景\n", None),
    ("no heading at all, just text", None),
    ("", None),
    ("<h2>Not a title</h2>\n\nText.", None),
    ("[![badge](x.svg)](y)\n\n## Usage\n", None),
]  # fmt: skip
README_PRECISION_BAR = 0.97
README_RECALL_BAR = 0.95


def test_readme_title_precision_and_recall() -> None:
    predicted = [(first_title(text), expected) for text, expected in README_CASES]
    claimed = [(got, want) for got, want in predicted if got is not None]
    correct = sum(1 for got, want in claimed if got == want)
    expected_titles = sum(1 for _, want in predicted if want is not None)
    precision = correct / len(claimed)
    recall = correct / expected_titles
    assert len(README_CASES) >= 40 and expected_titles >= 15
    assert precision >= README_PRECISION_BAR, [c for c in claimed if c[0] != c[1]]
    assert recall >= README_RECALL_BAR, [p for p in predicted if p[0] != p[1]]


# --- modules: breadth-first sample, total count --------------------------------------------


def test_maven_modules_are_sampled_breadth_first(make_repo: RepoMaker) -> None:
    # Declared depth-first: a nested aggregator with many children comes first.
    nested = [f"platform/p{i:02d}" for i in range(15)]
    top = [f"app-{i:02d}" for i in range(12)]
    files = {"pom.xml": pom("<modules><module>platform</module>"
                            + "".join(f"<module>{m}</module>" for m in top) + "</modules>"),
             "platform/pom.xml": pom("<modules>" + "".join(
                 f"<module>{m.split('/')[1]}</module>" for m in nested) + "</modules>",
                 artifact="platform")}  # fmt: skip
    profile = collect(make_repo(files), use_cache=False).profile
    assert profile.module_count == 1 + 15 + 12
    assert len(profile.modules) == limits.PROFILE_MAX_LIST_ITEMS
    # every top-level module is kept, in declaration order, then the first nested ones
    assert profile.modules == ["platform", *nested[:7], *top]


def test_no_modules_means_no_count(make_repo: RepoMaker) -> None:
    profile = collect(make_repo({"pom.xml": pom()}), use_cache=False).profile
    assert (profile.modules, profile.module_count) == ([], None)


def test_modules_of_both_tools_are_counted_once(make_repo: RepoMaker) -> None:
    repo = make_repo({
        "pom.xml": pom("<modules><module>api</module><module>web</module></modules>"),
        "settings.gradle": "include 'api', 'cli'",
    })  # fmt: skip
    profile = collect(repo, use_cache=False).profile
    assert profile.modules == ["api", "web", "cli"]
    assert profile.module_count == 3


# --- rendering: a partial list is never shown as complete ----------------------------------


def _sampled_profile() -> RepoProfile:
    modules = [f"module-{i:02d}" for i in range(limits.PROFILE_MAX_LIST_ITEMS)]
    return RepoProfile(build_tool="gradle", modules=modules, module_count=2000)


@pytest.mark.parametrize(
    ("question", "more"),
    [("Which modules does this repository have?", "+1980 more"),
     ("这个仓库有哪些模块？", "另有 1980 个")],
)  # fmt: skip
def test_the_context_says_how_many_modules_are_not_listed(question: str, more: str) -> None:
    doc = MemoryDocument(repo_profile=_sampled_profile())
    context = build_context(doc, IntentType.CODE_EXPLAIN, question)
    rendered = context.render()
    assert more in rendered
    assert "module-19" in rendered


def _plain_lines(profile: RepoProfile) -> list[str]:
    # Lines are strings or rich Text, depending on the renderer's version.
    return [str(getattr(line, "plain", line)) for line in render_profile(profile)]


def test_the_cli_says_how_many_modules_are_not_listed() -> None:
    modules_line = next(line for line in _plain_lines(_sampled_profile()) if "module-00" in line)
    assert modules_line.endswith("(+1980 more)")
    complete = RepoProfile(modules=["a", "b"], module_count=2)
    assert not any("more" in line for line in _plain_lines(complete))
