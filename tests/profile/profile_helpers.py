"""Helpers shared by the repo profile tests (imported by module name, not a fixture)."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path

RepoMaker = Callable[..., Path]
"""The ``make_repo`` fixture: ``make_repo({"pom.xml": "..."})`` → a repository folder."""

# Old enough that the cache's racy-mtime guard never applies (a real checkout).
_SETTLED_AGE_SECONDS = 3600


def write_files(root: Path, files: dict[str, str]) -> None:
    """Write ``files`` (relative posix path → text) under ``root``."""
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def settle(root: Path) -> None:
    """Give every file and folder under ``root`` an mtime an hour in the past."""
    past = time.time() - _SETTLED_AGE_SECONDS
    for folder, dirs, names in os.walk(root):
        for name in [*dirs, *names]:
            path = os.path.join(folder, name)
            if not os.path.islink(path):
                os.utime(path, (past, past))
    os.utime(root, (past, past))


def bump_mtime(path: Path) -> None:
    """Change ``path``'s mtime (content and size unchanged), still outside the racy window."""
    stat = path.stat()
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))


def pom(body: str = "", *, artifact: str = "demo", namespace: bool = True) -> str:
    """A minimal POM around ``body``."""
    xmlns = ' xmlns="http://maven.apache.org/POM/4.0.0"' if namespace else ""
    return (
        f'<?xml version="1.0" encoding="UTF-8"?>\n<project{xmlns}>\n'
        f"  <modelVersion>4.0.0</modelVersion>\n  <groupId>org.example</groupId>\n"
        f"  <artifactId>{artifact}</artifactId>\n  <version>1.0</version>\n{body}\n</project>\n"
    )


def dependency(group: str, artifact: str, extra: str = "") -> str:
    """A ``<dependency>`` element."""
    return (
        f"<dependency><groupId>{group}</groupId><artifactId>{artifact}</artifactId>"
        f"{extra}</dependency>"
    )
