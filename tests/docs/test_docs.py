"""The repository explains itself: docs/design.md is the design, and citations of it hold.

Comments and docs point at ``docs/<page>.md`` (often ``docs/design.md#<section>``),
never at a specification outside the repository. These tests keep it so: no citation
of the old product brief, every ``<page>.md#<anchor>`` names a heading that exists,
and every limit docs/design.md quotes by name is the value in ``limits.py``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

from autopatch_memory import limits

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
DESIGN = DOCS / "design.md"

# Where the repository's own prose lives: the library, the command line, the docs,
# the benchmark and the tests.
SCANNED = ("autopatch_memory", "cli", "docs", "bench", "tests", "README.md")
_TEXT_SUFFIXES = frozenset({".py", ".md", ".toml", ".txt", ".java", ".xml", ".kts", ".gradle"})

# Built in two parts so that this file does not cite it itself.
SPEC_CITATION = "SPEC" + " §"


def _files() -> Iterator[Path]:
    for name in SCANNED:
        path = ROOT / name
        if path.is_file():
            yield path
            continue
        for found in sorted(path.rglob("*")):
            if (
                found.is_file()
                and found.suffix in _TEXT_SUFFIXES
                and "__pycache__" not in found.parts
            ):
                yield found


def _relative(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def _spec_citations(skip: frozenset[str] = frozenset()) -> list[str]:
    found = []
    for path in _files():
        if _relative(path) in skip:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if SPEC_CITATION in line:
                found.append(f"{_relative(path)}:{number}")
    return found


def test_no_file_cites_the_old_specification() -> None:
    assert _spec_citations() == []


# --- anchors ------------------------------------------------------------------------


def _slug(heading: str) -> str:
    """The anchor GitHub makes of a heading: lower case, punctuation dropped, spaces → '-'."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading.strip().lower())
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    """Every heading anchor of a Markdown page (code blocks skipped, repeats numbered)."""
    seen: dict[str, int] = {}
    in_code = False
    for line in page.read_text(encoding="utf-8").splitlines():
        if line.lstrip().startswith("```"):
            in_code = not in_code
            continue
        match = re.match(r"#{1,6} (.+)", line)
        if in_code or match is None:
            continue
        slug = _slug(match.group(1))
        count = seen.get(slug, 0)
        seen[slug] = count + 1
        if count:
            seen[f"{slug}-{count}"] = 1
    return set(seen)


_LINK = re.compile(r"([A-Za-z][\w-]*)\.md#([\w-]+)")


def _page(name: str) -> Path:
    return ROOT / "README.md" if name == "README" else DOCS / f"{name}.md"


def _cited_anchors() -> list[tuple[str, str, str]]:
    cited = []
    for path in _files():
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for page, anchor in _LINK.findall(line):
                cited.append((f"{_relative(path)}:{number}", page, anchor))
    return cited


def test_the_anchor_rule_matches_github() -> None:
    assert _slug("Loading: salvage, never lose a file") == "loading-salvage-never-lose-a-file"
    assert _slug("The Memory Delta and the applier") == "the-memory-delta-and-the-applier"
    assert _slug("Late results: generation and epoch") == "late-results-generation-and-epoch"
    assert _slug("`show [REPO] [--json]`") == "show-repo---json"


def test_every_cited_anchor_exists() -> None:
    cited = _cited_anchors()
    assert any(page == "design" for _, page, _ in cited), "the code cites docs/design.md sections"
    broken = []
    for where, page, anchor in cited:
        target = _page(page)
        if not target.is_file():
            broken.append(f"{where}: no page {page}.md")
        elif anchor not in anchors(target):
            broken.append(f"{where}: {page}.md has no section #{anchor}")
    assert broken == []


def test_the_design_is_linked_from_the_readme_and_the_architecture() -> None:
    assert "docs/design.md" in (ROOT / "README.md").read_text(encoding="utf-8")
    assert "(design.md)" in (DOCS / "architecture.md").read_text(encoding="utf-8")


# --- numbers --------------------------------------------------------------------------

_UNITS = {"": 1, "KiB": 1024, "MiB": 1024 * 1024, "s": 1}
_QUOTED_LIMIT = re.compile(r"`([A-Z][A-Z0-9_]+)`\s+=\s+(\d[\d_]*(?:\.\d+)?)(?:\s(KiB|MiB|s)\b)?")


def test_every_limit_the_design_quotes_is_the_code_value() -> None:
    quoted = _QUOTED_LIMIT.findall(DESIGN.read_text(encoding="utf-8"))
    assert len(quoted) >= 40, "the design quotes its limits by name"
    wrong = []
    for name, number, unit in quoted:
        value = float(number.replace("_", "")) * _UNITS[unit]
        actual = getattr(limits, name, None)
        if not isinstance(actual, (int, float)) or actual != value:
            wrong.append(f"{name}: the design says {number} {unit}, limits.py has {actual!r}")
    assert wrong == []
