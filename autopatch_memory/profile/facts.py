"""What one build tool's files say about a repository, before the collector combines them."""

from __future__ import annotations

import re

from pydantic import BaseModel, Field

from autopatch_memory.profile.frameworks import Framework

_JAVA_VERSION = re.compile(r"(?:1\.([1-9]\d*)|([1-9]\d+|[2-9]))(?:\.\d+)*")


class BuildFacts(BaseModel):
    """Facts read from one build tool's files (Maven or Gradle).

    ``root_files`` are the files at the top of the build (``pom.xml``,
    ``settings.gradle``...) and ``module_files`` the rest, so that a profile capped
    at a few source files still names the root files of both tools.
    """

    project_name: str | None = None
    java_version: str | None = None
    modules: list[str] = Field(default_factory=list)
    frameworks: set[Framework] = Field(default_factory=set)
    root_files: list[str] = Field(default_factory=list)
    module_files: list[str] = Field(default_factory=list)


def normalize_java_version(raw: str | None) -> str | None:
    """The major Java version as a string: ``1.8`` → ``8``, ``11.0`` → ``11``, ``17`` → ``17``.

    Anything that is not a plain version number (an unresolved ``${...}``, a
    variable name, ``1.0``) gives ``None``: unknown values are left out, not guessed.
    """
    if raw is None:
        return None
    match = _JAVA_VERSION.fullmatch(raw.strip())
    if match is None:
        return None
    return match.group(1) or match.group(2)
