"""The README's title: the project name of last resort (see docs/profile.md).

Only the title is used, never the prose: the profile does not summarize what a
project is for. The title is the document's first heading when it is a
top-level one — Markdown ``# Title`` or a ``===`` underline, AsciiDoc
``= Title``, an HTML ``<h1>`` (common at the top of GitHub READMEs) — and not a
generic section name. A README that opens with a section (``## Overview``,
``# 快速开始``) has no title: a section heading is not the project's name.
"""

from __future__ import annotations

import re

from autopatch_memory import limits
from autopatch_memory.profile.cpu_budget import CpuBudget
from autopatch_memory.profile.files import RepoFiles
from autopatch_memory.profile.names import name_or_none

README_FILES = ("README.md", "README", "readme.md", "README.adoc")

_IMAGE = re.compile(r"!\[[^\]\n]*\]\([^)\n]*\)")
_LINK = re.compile(r"\[([^\]\n]*)\]\([^)\n]*\)")
_TAG = re.compile(r"<[^>\n]*>")
_MARKUP = re.compile(r"[*_`]+")
_FENCES = ("```", "~~~")
_MAX_HEADING_LEVEL = 6
_TITLE_LEVEL = 1
_EDGE_NOISE = re.compile(r"^[\W\d_]+|[\W_]+$")  # numbering, emoji, colons around a heading

# Headings that name a part of a README, never a project (compared lower-cased,
# without numbering, emoji or trailing punctuation).
_SECTION_NAMES = frozenset(
    {
        "introduction", "intro", "overview", "about", "about this project", "about the project",
        "description", "summary", "background", "motivation", "features", "feature list",
        "key features", "highlights", "getting started", "get started", "quick start",
        "quickstart", "installation", "install", "setup", "usage", "how to use", "examples",
        "requirements", "prerequisites", "build", "building", "how to build", "configuration",
        "documentation", "docs", "contents", "table of contents", "toc", "license", "licence",
        "contributing", "contributors", "changelog", "faq", "roadmap", "todo", "demo",
        "screenshots", "architecture", "project structure", "tech stack", "technology stack",
        "目录", "简介", "介绍", "项目介绍", "项目简介", "概述", "概览", "特性", "特点", "功能",
        "功能特性", "主要功能", "核心功能", "快速开始", "快速上手", "快速入门", "入门", "安装",
        "安装说明", "使用", "使用说明", "使用方法", "用法", "示例", "构建", "编译", "部署",
        "环境要求", "环境准备", "依赖", "配置", "配置说明", "文档", "说明", "背景", "许可证",
        "开源协议", "协议", "贡献", "参与贡献", "更新日志", "常见问题", "技术栈", "项目结构",
        "架构", "演示", "截图", "联系方式", "致谢",
    }
)  # fmt: skip


def _clean(title: str) -> str:
    # Bounded before any pattern runs: the result is clipped to a short value anyway.
    text = _IMAGE.sub("", title[: limits.PROFILE_MAX_TITLE_SOURCE_CHARS])
    text = _LINK.sub(r"\1", text)
    text = _TAG.sub("", text)
    text = _MARKUP.sub("", text)
    return " ".join(text.split())


def _marked_heading(line: str, mark: str) -> tuple[int, str] | None:
    """``(level, text)`` of ``# Title`` (or ``= Title`` with ``mark="="``), else ``None``.

    Plain string handling on purpose: no regular expression to backtrack on a
    hostile line.
    """
    level = len(line) - len(line.lstrip(mark))
    if not 1 <= level <= _MAX_HEADING_LEVEL or line[level : level + 1] not in (" ", "\t"):
        return None
    text = line[level:].strip()
    if mark == "#":
        text = text.rstrip("#").strip()  # closing hashes of `# Title #`
    return level, text


def _setext_level(line: str) -> int | None:
    if line and set(line) == {"="}:
        return 1
    if line and set(line) == {"-"}:
        return 2
    return None


def _html_h1(text: str) -> tuple[int, str] | None:
    lower = text.lower()
    start = lower.find("<h1")
    if start < 0:
        return None
    content_start = lower.find(">", start)
    end = lower.find("</h1", content_start)
    if content_start < 0 or end < 0:
        return None
    return start, text[content_start + 1 : end]


def _is_section_name(title: str) -> bool:
    return _EDGE_NOISE.sub("", title).lower() in _SECTION_NAMES


def _first_heading(text: str, asciidoc: bool, stop_at: int) -> tuple[int, str] | None:
    """``(level, cleaned text)`` of the first non-empty heading before offset ``stop_at``."""
    previous = ""
    in_fence = False
    offset = 0
    # The text is capped (PROFILE_README_BYTES); the budget is the parsers' common guard.
    for line in CpuBudget().bounded(text.splitlines(keepends=True)):
        if offset > stop_at:
            break
        offset += len(line)
        stripped = line.strip()
        if stripped.startswith(_FENCES):
            in_fence = not in_fence
            previous = ""
            continue
        if in_fence:
            continue
        heading = _marked_heading(stripped, "#")
        if heading is None and asciidoc:
            heading = _marked_heading(stripped, "=")
        if heading is None and not asciidoc and previous:
            level = _setext_level(stripped)
            heading = (level, previous) if level is not None else None
        title = _clean(heading[1]) if heading is not None else ""
        if heading is not None and title:
            return heading[0], title
        previous = stripped
    return None


def first_title(text: str, *, asciidoc: bool = False) -> str | None:
    """The README's title, cleaned of markup, or ``None`` when it opens with a section."""
    html = _html_h1(text)
    heading = _first_heading(text, asciidoc, html[0] if html else len(text))
    if heading is None and html is not None:
        heading = (_TITLE_LEVEL, _clean(html[1]))
    if heading is None or heading[0] != _TITLE_LEVEL or not heading[1]:
        return None
    return None if _is_section_name(heading[1]) else heading[1]


def readme_title(files: RepoFiles) -> tuple[str, str] | None:
    """``(README path, title)`` from the first README present, or ``None``."""
    for name in README_FILES:
        if not files.is_file(name):
            continue
        text = files.read_text(name, max_bytes=limits.PROFILE_README_BYTES, truncate=True)
        if text is None:
            return None
        title = name_or_none(
            first_title(text, asciidoc=name.endswith(".adoc")), f"{name}: the title", files.problem
        )
        return (name, title) if title else None
    return None
