"""The test suite keeps the layout tests/README.md describes: one folder per capability,
test file names unique across the tree, no file named after where its cases came from,
and every corpus family the loader reads documented next to its data."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from corpora import DATA, FAMILIES, splits

TESTS = Path(__file__).resolve().parents[1]


def _test_files() -> list[Path]:
    return sorted(p for p in TESTS.rglob("test_*.py") if "__pycache__" not in p.parts)


def test_every_test_file_is_in_a_capability_folder() -> None:
    assert [p.name for p in _test_files() if p.parent == TESTS] == []
    folders = {p.parent.name for p in _test_files()}
    readme = (TESTS / "README.md").read_text(encoding="utf-8")
    assert [f for f in sorted(folders) if f"| `{f}/` |" not in readme] == []


def test_test_file_names_are_unique_and_there_is_no_package() -> None:
    # pytest imports each test file as a top-level module named after it.
    names = Counter(p.name for p in _test_files())
    assert [name for name, count in names.items() if count > 1] == []
    assert sorted(TESTS.rglob("__init__.py")) == []


def test_no_file_is_named_after_a_round_or_a_hunt() -> None:
    named = re.compile(r"round_[a-z]\b|_round\b|hunt")
    assert [p.name for p in TESTS.rglob("*.py") if named.search(p.stem)] == []


def test_every_corpus_family_says_where_its_data_came_from() -> None:
    for family in FAMILIES:
        assert (DATA / family / "README.md").is_file(), family
        assert splits(family), family
