"""Fixtures for the repo profile tests: small repositories written on the fly."""

from __future__ import annotations

from pathlib import Path

import pytest
from profile_helpers import RepoMaker, write_files


@pytest.fixture
def make_repo(tmp_path: Path) -> RepoMaker:
    """``make_repo({"pom.xml": "..."})`` → a fresh repository folder holding those files."""
    counter = iter(range(1_000_000))

    def make(files: dict[str, str], *, name: str | None = None) -> Path:
        root = tmp_path / (name or f"repo{next(counter)}")
        root.mkdir(parents=True)
        write_files(root, files)
        return root

    return make
