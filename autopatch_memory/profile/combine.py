"""A repository's build facts combined into its profile (docs/profile.md): what the
collector does when its cache cannot answer. The parsers of the build files (lxml among
them) load with this module, not with the collector.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from autopatch_memory import limits
from autopatch_memory.ids import local_now
from autopatch_memory.model import BuildTool, RepoProfile
from autopatch_memory.privacy import redact
from autopatch_memory.profile.facts import BuildFacts
from autopatch_memory.profile.files import RepoFiles
from autopatch_memory.profile.frameworks import canonical_labels
from autopatch_memory.profile.gradle import GradleProject
from autopatch_memory.profile.maven import MavenProject
from autopatch_memory.profile.names import is_module_shaped
from autopatch_memory.profile.readme import readme_title
from autopatch_memory.text import clean_text, clip

__all__ = ["RepoFiles", "problem_text", "profile_of"]

_MAVEN_WRAPPERS = ("mvnw", "mvnw.cmd")
_GRADLE_WRAPPERS = ("gradlew", "gradlew.bat")
_CI_FILES = (".gitlab-ci.yml", "Jenkinsfile", ".circleci/config.yml", "azure-pipelines.yml",
             ".travis.yml")  # fmt: skip
_WORKFLOW_DIR = ".github/workflows"
_WORKFLOW_SUFFIXES = (".yml", ".yaml")
_USES_MAVEN = re.compile(r"\bmvnw?\b|\bcache:\s*['\"]?maven\b", re.IGNORECASE)
_USES_GRADLE = re.compile(
    r"\bgradlew\b|\bgradle\s+[\w:-]|gradle/(?:actions|gradle-build-action)|\bcache:\s*['\"]?gradle\b",
    re.IGNORECASE,
)


def profile_of(files: RepoFiles) -> RepoProfile:
    """The profile the build files of ``files`` (and its README) give."""
    maven = MavenProject(files).collect()
    gradle = GradleProject(files).collect()
    build_tool = _build_tool(files, maven, gradle)
    # The tool the repo would use speaks first; the other only fills gaps.
    first, second = (gradle, maven) if build_tool is BuildTool.GRADLE else (maven, gradle)
    ordered = [facts for facts in (first, second) if facts is not None]
    name = next((f.project_name for f in ordered if f.project_name), None)
    source_files = [rel for f in ordered for rel in f.root_files]
    if name is None:
        found = readme_title(files)
        if found is not None:
            readme, name = found
            source_files.append(readme)
    modules, module_count = _modules((m for f in ordered for m in f.modules), files)
    return RepoProfile(
        build_tool=build_tool,
        java_version=next((f.java_version for f in ordered if f.java_version), None),
        project_name=(_text(name) or None) if name else None,
        modules=modules,
        module_count=module_count,
        frameworks=_capped(canonical_labels(label for f in ordered for label in f.frameworks)),
        source_files=_capped(
            rel
            for rel in [*source_files, *(rel for f in ordered for rel in f.module_files)]
            if is_module_shaped(rel)
        ),
        updated_at=local_now(),
    )


def _text(value: str) -> str:
    """A value as stored: one line of visible characters (no control, escape or bidi
    character), secrets masked, then clipped (a module name may hold a URL)."""
    return clip(redact(clean_text(value, single_line=True)), limits.PROFILE_MAX_VALUE_CHARS)


def problem_text(message: str) -> str:
    """A problem as reported: like a value, with its own length bound."""
    return clip(redact(clean_text(message, single_line=True)), limits.PROFILE_MAX_PROBLEM_CHARS)


def _capped(values: Iterable[str]) -> list[str]:
    """Redacted, clipped, de-duplicated, in first-seen order, at most the list cap."""
    result: list[str] = []
    for value in values:
        text = _text(value)
        if text and text not in result:
            result.append(text)
            if len(result) == limits.PROFILE_MAX_LIST_ITEMS:
                break
    return result


def _depth(module: str) -> int:
    # `services/order` (Maven folders) and `platform:domain` (Gradle paths) are one level down.
    return module.count("/") + module.count(":")


def _modules(declared: Iterable[str], files: RepoFiles) -> tuple[list[str], int | None]:
    """The modules to store and how many there are (``None`` when there are none).

    Past the list cap, the ones shown are chosen breadth-first — every top-level
    module before any nested one — and keep their declaration order; the count
    lets the rendering say how many more there are. A module whose path is not
    name-shaped (docs/profile.md#names) is counted but never shown.
    """
    unique = list(dict.fromkeys(m.strip() for m in declared if m.strip()))
    if not unique:
        return [], None
    order: Iterable[int] = range(len(unique))
    if len(unique) > limits.PROFILE_MAX_LIST_ITEMS:
        order = sorted(order, key=lambda i: (_depth(unique[i]), i))
    chosen: list[int] = []
    unnamed = 0
    for index in order:
        if len(chosen) == limits.PROFILE_MAX_LIST_ITEMS:
            break
        if is_module_shaped(unique[index]):
            chosen.append(index)
        else:
            unnamed += 1
    if unnamed:
        files.problem(f"{unnamed} declared module path(s) not shown: not names")
    return _capped(unique[i] for i in sorted(chosen)), len(unique)


def _build_tool(
    files: RepoFiles, maven: BuildFacts | None, gradle: BuildFacts | None
) -> BuildTool | None:
    if maven is None and gradle is None:
        return None
    if gradle is None:
        return BuildTool.MAVEN
    if maven is None:
        return BuildTool.GRADLE
    # The wrappers say how the repo is built; without any, CI is the next witness.
    votes = _wrapper_votes(files) or _ci_votes(files)
    if votes == {BuildTool.MAVEN}:
        return BuildTool.MAVEN
    if votes == {BuildTool.GRADLE}:
        return BuildTool.GRADLE
    return BuildTool.MAVEN_AND_GRADLE


def _wrapper_votes(files: RepoFiles) -> set[BuildTool]:
    votes: set[BuildTool] = set()
    if any(files.is_file(name) for name in _MAVEN_WRAPPERS):
        votes.add(BuildTool.MAVEN)
    if any(files.is_file(name) for name in _GRADLE_WRAPPERS):
        votes.add(BuildTool.GRADLE)
    return votes


def _ci_votes(files: RepoFiles) -> set[BuildTool]:
    workflows = [n for n in files.list_dir(_WORKFLOW_DIR) if n.endswith(_WORKFLOW_SUFFIXES)]
    candidates = [f"{_WORKFLOW_DIR}/{n}" for n in workflows[: limits.PROFILE_MAX_SCANNED_FILES]]
    candidates += [rel for rel in _CI_FILES if files.is_file(rel)]
    votes: set[BuildTool] = set()
    for rel in candidates:
        text = files.read_text(rel) or ""
        if _USES_MAVEN.search(text):
            votes.add(BuildTool.MAVEN)
        if _USES_GRADLE.search(text):
            votes.add(BuildTool.GRADLE)
    return votes
