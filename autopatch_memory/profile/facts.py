"""What one build tool's files say about a repository, before the collector combines them."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable

from pydantic import BaseModel, Field

from autopatch_memory import limits
from autopatch_memory.profile.frameworks import Framework

_JAVA_VERSION = re.compile(r"(?:1\.([1-9]\d*)|([1-9]\d+|[2-9]))(?:\.\d+)*")

# Module names that say "not the product": tests, benchmarks, samples. Such a module
# may compile at another Java level than the repository (a `java-21-tests` module
# exercising new language features) and never speaks for it.
_NOT_MAIN_WORDS = frozenset(
    {
        "test", "tests", "testing", "testsuite", "testkit", "it", "itest", "itests",
        "integrationtest", "integrationtests", "e2e", "functionaltest", "functionaltests",
        "jmh", "bench", "benchmark", "benchmarks", "perf", "example", "examples",
        "sample", "samples", "demo", "demos", "playground",
    }
)  # fmt: skip
_NOT_MAIN_CJK = ("测试", "示例", "样例", "演示", "基准")
_WORD_SPLIT = re.compile(r"[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])")


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


def is_main_module(path: str) -> bool:
    """False for a test, benchmark or sample module (``java-21-tests``, ``examples/basic``)."""
    for part in re.split(r"[/:]", path):
        if any(word in part for word in _NOT_MAIN_CJK):
            return False
        words = {w.lower() for w in _WORD_SPLIT.split(part) if w}
        if words & _NOT_MAIN_WORDS:
            return False
    return True


def repository_java_version(
    repository_wide: Iterable[str | None], modules: Iterable[tuple[str, str | None]]
) -> str | None:
    """The Java version of the whole repository, or ``None`` when it has none.

    ``repository_wide`` are the levels set for everything (the root build, shared
    conventions), in priority order: the first one found wins. Otherwise the
    level of the main modules (``(module path, its level or None)``, test and
    sample modules ignored) counts when more than
    :data:`~autopatch_memory.limits.PROFILE_JAVA_VERSION_MAJORITY` of them agree;
    a level set by one module among silent ones is not the repository's.
    """
    for version in repository_wide:
        if version is not None:
            return version
    main = [version for path, version in modules if is_main_module(path)]
    if not main:
        return None
    counts = Counter(version for version in main if version is not None)
    if not counts:
        return None
    version, votes = counts.most_common(1)[0]
    return version if votes > limits.PROFILE_JAVA_VERSION_MAJORITY * len(main) else None
