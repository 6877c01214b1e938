"""The README's first title: the project name of last resort (SPEC §6).

Only the title is used, never the prose: the profile does not summarize what a
project is for. Markdown (``# Title`` and setext underlines), AsciiDoc
(``= Title``) and an HTML ``<h1>`` (common at the top of GitHub READMEs) count.
"""

from __future__ import annotations

import re

from autopatch_memory import limits
from autopatch_memory.profile.files import RepoFiles

README_FILES = ("README.md", "README", "readme.md", "README.adoc")

_IMAGE = re.compile(r"!\[[^\]\n]*\]\([^)\n]*\)")
_LINK = re.compile(r"\[([^\]\n]*)\]\([^)\n]*\)")
_TAG = re.compile(r"<[^>\n]*>")
_MARKUP = re.compile(r"[*_`]+")
_FENCES = ("```", "~~~")
_MAX_HEADING_LEVEL = 6


def _clean(title: str) -> str:
    # Bounded before any pattern runs: the result is clipped to a short value anyway.
    text = _IMAGE.sub("", title[: limits.PROFILE_MAX_TITLE_SOURCE_CHARS])
    text = _LINK.sub(r"\1", text)
    text = _TAG.sub("", text)
    text = _MARKUP.sub("", text)
    return " ".join(text.split())


def _marked_heading(line: str, mark: str) -> str | None:
    """The text of ``# Title`` (or ``= Title`` with ``mark="="``), else ``None``.

    Plain string handling on purpose: no regular expression to backtrack on a
    hostile line.
    """
    level = len(line) - len(line.lstrip(mark))
    if not 1 <= level <= _MAX_HEADING_LEVEL or line[level : level + 1] not in (" ", "\t"):
        return None
    text = line[level:].strip()
    if mark == "#":
        text = text.rstrip("#").strip()  # closing hashes of `# Title #`
    return text


def _is_setext_underline(line: str) -> bool:
    return bool(line) and (set(line) == {"="} or set(line) == {"-"})


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


def first_title(text: str, *, asciidoc: bool = False) -> str | None:
    """The first heading of a README with a non-empty text, cleaned of markup."""
    html = _html_h1(text)
    html_at = html[0] if html else len(text)
    previous = ""
    in_fence = False
    offset = 0
    for line in text.splitlines(keepends=True):
        if offset > html_at:
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
        if heading is None and not asciidoc and previous and _is_setext_underline(stripped):
            heading = previous
        title = _clean(heading) if heading is not None else ""
        if title:
            return title
        previous = stripped
    if html is not None:
        return _clean(html[1]) or None
    return None


def readme_title(files: RepoFiles) -> tuple[str, str] | None:
    """``(README path, title)`` from the first README present, or ``None``."""
    for name in README_FILES:
        if not files.is_file(name):
            continue
        text = files.read_text(name, max_bytes=limits.PROFILE_README_BYTES, truncate=True)
        if text is None:
            return None
        title = first_title(text, asciidoc=name.endswith(".adoc"))
        return (name, title) if title else None
    return None
