"""Convention builds: what ``buildSrc/`` and included builds hold (docs/profile.md).

Modern Gradle builds keep their shared configuration out of the projects: in
``buildSrc/`` or in an included build (``includeBuild("build-logic")``,
``pluginManagement { includeBuild("gradle/plugins") }``), as plugins the projects and
the settings apply by id. This module finds, in each such build, without running
anything:

* its own build scripts (which compile the plugins: they configure the plugin code,
  not the repository) — the build's root and, when its settings include projects
  (``build-logic/conventions``), each of them;
* its precompiled script plugins under ``src/main/kotlin`` and ``src/main/groovy``
  (package folders included): ``java-conventions.gradle.kts`` configures projects,
  ``x.settings.gradle.kts`` configures the settings. A precompiled plugin's id is its
  file name without ``.gradle(.kts)`` — ``.settings.gradle(.kts)`` for a settings
  plugin — after the Kotlin script's ``package``, as Gradle derives it;
* its plugin classes, registered in its build script
  (``gradlePlugin { plugins { register("x") { id = "..."; implementationClass = "..." } } }``)
  and found where the class name puts them (``src/main/kotlin/a/b/C.kt``).

Every folder listed, file read and candidate probed goes through
:class:`~autopatch_memory.profile.files.RepoFiles`, so it is an input of the cache.
"""

from __future__ import annotations

import bisect
import posixpath
import re
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum

from autopatch_memory import limits
from autopatch_memory.profile.build_files import BUILD_SRC, GRADLE_BUILD_FILES, SETTINGS_FILES
from autopatch_memory.profile.files import RepoFiles, normalize_rel, skipped_part
from autopatch_memory.profile.gradle_dsl import LIT, literals, strip_comments
from autopatch_memory.profile.gradle_settings import parse_settings

_SCRIPT_SOURCE_DIRS = ("src/main/groovy", "src/main/kotlin")
# Where a plugin class is, by the language of its folder.
_CLASS_SOURCES = (("src/main/kotlin", ".kt"), ("src/main/java", ".java"),
                  ("src/main/groovy", ".groovy"))  # fmt: skip
_SETTINGS_SUFFIXES = (".settings.gradle.kts", ".settings.gradle")
_INIT_SUFFIXES = (".init.gradle.kts", ".init.gradle")
_PROJECT_SUFFIXES = (".gradle.kts", ".gradle")
# Names that are certainly files, never a package folder worth a probe.
_FILE_SUFFIXES = (*_PROJECT_SUFFIXES, ".kt", ".kts", ".java", ".groovy", ".md", ".txt")
_PACKAGE = re.compile(r"\s*(?:@file:[^\n]*\s*)*package\s+([A-Za-z_][\w.]*)")
_SETTER = r"\s*(?:=|\.set\s*\(|\()\s*"  # `x = "…"`, `x.set("…")`, Groovy `x("…")`
_PLUGIN_ID = re.compile(rf"(?<![\w.]){'id'}{_SETTER}(?P<value>{LIT})")
_IMPLEMENTATION = re.compile(rf"(?<![\w.])implementationClass{_SETTER}(?P<value>{LIT})")
_CLASS_NAME = re.compile(r"[A-Za-z_][\w]*(?:\.[A-Za-z_][\w]*)*")


class SourceKind(Enum):
    """What a plugin source configures."""

    PROJECT_SCRIPT = "project script"  # a precompiled plugin applied to projects
    SETTINGS_SCRIPT = "settings script"  # a precompiled plugin applied to the settings
    PLUGIN_CLASS = "plugin class"  # a plugin class registered by id (projects or settings)


@dataclass(frozen=True)
class PluginSource:
    """One plugin of a convention build, and where its source is."""

    path: str  # relative to the repository
    kind: SourceKind
    plugin_id: str  # as projects and settings apply it (`id("…")`)


@dataclass
class ConventionBuild:
    """``buildSrc/`` or one included build: its own build scripts and its plugins."""

    folder: str
    build_scripts: list[str] = field(default_factory=list)
    plugins: list[PluginSource] = field(default_factory=list)


TextReader = Callable[[str], "str | None"]
"""Reads a repository file as text (memoized by the caller: scripts are read once)."""


def convention_builds(
    files: RepoFiles, included_builds: list[str], read: TextReader
) -> list[ConventionBuild]:
    """``buildSrc`` (when present) and every included build inside the repository."""
    found: list[ConventionBuild] = []
    seen: set[str] = set()
    for declared in [BUILD_SRC, *included_builds]:
        folder = normalize_rel("", declared)
        if not folder or folder in seen or skipped_part(folder) is not None:
            continue
        seen.add(folder)
        build = _convention_build(files, folder, read)
        if build.build_scripts or build.plugins:
            found.append(build)
    return found


def _first_file(files: RepoFiles, folder: str, names: tuple[str, ...]) -> str | None:
    for name in names:
        rel = posixpath.join(folder, name) if folder else name
        if files.is_file(rel):
            return rel
    return None


def _convention_build(files: RepoFiles, folder: str, read: TextReader) -> ConventionBuild:
    build = ConventionBuild(folder)
    for root in _project_folders(files, folder, read):
        script = _first_file(files, root, GRADLE_BUILD_FILES)
        for source_dir in _SCRIPT_SOURCE_DIRS:
            build.plugins += _precompiled(files, posixpath.join(root, source_dir), read)
        if script is not None:
            build.build_scripts.append(script)
            text = read(script)
            if text is not None:
                build.plugins += _registered_classes(files, root, text)
    return build


def _project_folders(files: RepoFiles, folder: str, read: TextReader) -> list[str]:
    """The convention build's root folder, then its projects' (``build-logic/conventions``)."""
    folders = [folder]
    settings_file = _first_file(files, folder, SETTINGS_FILES)
    text = read(settings_file) if settings_file is not None else None
    if text is None:
        return folders
    settings = parse_settings(text)
    for path in settings.projects[: limits.PROFILE_MAX_SCANNED_FILES]:
        declared = settings.project_dirs.get(path, path.replace(":", "/"))
        project = normalize_rel(folder, declared)
        if project and project not in folders and skipped_part(project) is None:
            folders.append(project)
    return folders


def _precompiled(files: RepoFiles, source_dir: str, read: TextReader) -> list[PluginSource]:
    """The precompiled script plugins under ``source_dir``, package folders included
    (breadth-first, in name order, at most PROFILE_MAX_SCANNED_FILES scripts and
    PROFILE_MAX_CONVENTION_DIRS folders)."""
    found: list[PluginSource] = []
    folders = deque([source_dir])
    listed = 0
    while folders and listed < limits.PROFILE_MAX_CONVENTION_DIRS:
        folder = folders.popleft()
        listed += 1
        for name in files.list_dir(folder):
            rel = posixpath.join(folder, name)
            if name.endswith(_PROJECT_SUFFIXES):
                # An init script plugin configures Gradle itself, not this build.
                full = len(found) >= limits.PROFILE_MAX_SCANNED_FILES
                if not full and not name.endswith(_INIT_SUFFIXES):
                    found.append(_script_source(rel, name, read))
            elif (
                not name.endswith(_FILE_SUFFIXES) and not name.startswith(".") and files.is_dir(rel)
            ):
                folders.append(rel)
    return found


def _script_source(rel: str, name: str, read: TextReader) -> PluginSource:
    if name.endswith(_SETTINGS_SUFFIXES):
        suffix = next(s for s in _SETTINGS_SUFFIXES if name.endswith(s))
        plugin_id = name[: -len(suffix)]
        if name.endswith(".kts"):  # a Kotlin script's package prefixes its id
            text = read(rel)
            package = _PACKAGE.match(strip_comments(text)) if text else None
            if package is not None:
                plugin_id = f"{package.group(1)}.{plugin_id}"
        return PluginSource(rel, SourceKind.SETTINGS_SCRIPT, plugin_id)
    suffix = next(s for s in _PROJECT_SUFFIXES if name.endswith(s))
    return PluginSource(rel, SourceKind.PROJECT_SCRIPT, name[: -len(suffix)])


def plugin_registrations(text: str) -> list[tuple[str, str]]:
    """``(plugin id, implementation class)`` pairs a build script registers: an ``id`` and
    an ``implementationClass`` set in the same block, with no brace between them."""
    code = strip_comments(text)
    if "implementationClass" not in code:
        return []
    ids = [(m.start(), m.end(), literals(m.group("value"))[0]) for m in _PLUGIN_ID.finditer(code)]
    starts = [start for start, _, _ in ids]
    pairs: list[tuple[str, str]] = []
    for match in _IMPLEMENTATION.finditer(code):
        class_name = literals(match.group("value"))[0]
        index = bisect.bisect_left(starts, match.start())
        # The id just before it, else the one just after, within the same block.
        for candidate in (index - 1, index):
            if not 0 <= candidate < len(ids):
                continue
            start, end, plugin_id = ids[candidate]
            gap = code[end : match.start()] if candidate < index else code[match.end() : start]
            if "{" not in gap and "}" not in gap:
                pairs.append((plugin_id, class_name))
                break
        if len(pairs) >= limits.PROFILE_MAX_SCANNED_FILES:
            break
    return pairs


def _registered_classes(files: RepoFiles, root: str, build_script: str) -> list[PluginSource]:
    """The plugin classes a convention build's script registers, where their names put them."""
    found: list[PluginSource] = []
    for plugin_id, class_name in plugin_registrations(build_script):
        if not _CLASS_NAME.fullmatch(class_name):
            continue
        relative = class_name.replace(".", "/")
        for source_dir, suffix in _CLASS_SOURCES:
            rel = posixpath.join(root, source_dir, relative + suffix)
            if files.is_file(rel):
                found.append(PluginSource(rel, SourceKind.PLUGIN_CLASS, plugin_id))
                break
    return found
