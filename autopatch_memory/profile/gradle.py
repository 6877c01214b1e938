"""Gradle: what the settings, the build scripts and the version catalogs say (docs/profile.md).

Projects are found by following the ``include`` declarations of the settings
file (never by searching the tree); each project's folder is probed for
``build.gradle`` / ``build.gradle.kts``. Convention plugins in ``buildSrc/`` and
in included builds (``includeBuild("build-logic")``) are read too: modern builds
configure the Java toolchain and shared dependencies there.
"""

from __future__ import annotations

import os
import posixpath
from collections import deque
from dataclasses import dataclass
from enum import Enum

from autopatch_memory import limits
from autopatch_memory.errors import CatalogError
from autopatch_memory.profile.build_files import BUILD_SRC, GRADLE_BUILD_FILES, SETTINGS_FILES
from autopatch_memory.profile.catalog import (
    CATALOG_ACCESSOR,
    CATALOG_FILE,
    MICRONAUT_CATALOG_ACCESSOR,
    MICRONAUT_CATALOG_ARTIFACTS,
    Catalog,
    MicronautCatalog,
    parse_catalog,
)
from autopatch_memory.profile.facts import BuildFacts, is_main_module, repository_java_version
from autopatch_memory.profile.files import RepoFiles, normalize_rel, skipped_part
from autopatch_memory.profile.frameworks import (
    Framework,
    labels_for_coordinate,
    labels_for_plugin,
)
from autopatch_memory.profile.gradle_conventions import (
    ConventionBuild,
    SourceKind,
    convention_builds,
)
from autopatch_memory.profile.gradle_dsl import ScriptFacts, parse_script
from autopatch_memory.profile.gradle_settings import (
    CatalogDeclaration,
    Settings,
    add_plugin_catalogs,
    parse_settings,
)
from autopatch_memory.profile.names import name_or_none

# A plugin class that configures the settings, not projects (Kotlin, Java, Groovy).
_SETTINGS_PLUGIN_CLASS = "Plugin<Settings>"
_PLUGINS_PREFIX = "plugins."
_VERSIONS_PREFIX = "versions."
# The Micronaut plugin's `testRuntime("...")` names the test framework of the build.
_TEST_RUNTIMES = {"junit5": Framework.JUNIT5}
# A test task's or JVM test suite's `useJUnitJupiter()`... (`JUnitPlatform` runs JUnit 5,
# Spock, Kotest and more: it names no one framework).
_TEST_FRAMEWORK_CALLS = {
    "JUnitJupiter": Framework.JUNIT5,
    "JUnit": Framework.JUNIT4,
    "TestNG": Framework.TESTNG,
}


class _Role(Enum):
    """What a script configures, which decides whether its Java level speaks for the repo."""

    ROOT = "root"  # the root build script and what it applies: the whole build
    CONVENTION = "convention"  # a precompiled convention plugin: every project using it
    CONVENTION_BUILD = "convention build"  # buildSrc's own build: the plugin code, not the repo
    PROJECT = "project"  # one project


@dataclass(frozen=True)
class _Pending:
    script: str
    folder: str  # the folder of the project it configures (relative `apply from` starts here)
    role: _Role
    project: str  # the project path ("" for the root and conventions)


def declared_project_dir(settings: Settings, path: str) -> str:
    """The folder a settings file gives the project ``path`` (``platform:plugin``): its
    ``projectDir`` when set, else the path's segments as folders (not normalized)."""
    return settings.project_dirs.get(path, path.replace(":", "/"))


class GradleProject:
    """The Gradle build of one repository, followed from its root settings and build file."""

    def __init__(self, files: RepoFiles) -> None:
        self._files = files
        self._catalogs: dict[str, Catalog] = {}
        self._texts: dict[str, str | None] = {}

    def _first_file(self, directory: str, names: tuple[str, ...]) -> str | None:
        for name in names:
            rel = posixpath.join(directory, name) if directory else name
            if self._files.is_file(rel):
                return rel
        return None

    def _text(self, rel: str) -> str | None:
        """The text of a script, read once per collection (conventions are looked into
        before they are read for their facts)."""
        if rel not in self._texts:
            self._texts[rel] = self._files.read_lines(rel)
        return self._texts[rel]

    def _script(self, rel: str) -> ScriptFacts | None:
        text = self._text(rel)
        if text is None:
            return None
        script = parse_script(text, self._catalogs)
        if not script.complete:
            self._files.report_cut(rel)
        return script

    # -- catalogs --------------------------------------------------------------------------

    def _read_catalog_file(self, rel: str) -> Catalog | None:
        if not self._files.is_file(rel):
            return None
        text = self._files.read_lines(rel, max_bytes=limits.PROFILE_MAX_CATALOG_BYTES)
        if text is None:
            return None
        try:
            catalog = parse_catalog(text)
        except CatalogError as exc:
            self._files.problem(f"{rel}: {exc}")
            return Catalog()
        if not catalog.complete:
            self._files.report_cut(rel)
        return catalog

    def _read_catalogs(self, settings: Settings) -> list[str]:
        """Load every catalog the build can reference; the catalog files read."""
        files_read: list[str] = []
        declared = {d.name: d for d in settings.catalogs}
        if CATALOG_ACCESSOR not in declared:
            declared[CATALOG_ACCESSOR] = CatalogDeclaration(CATALOG_ACCESSOR, file=CATALOG_FILE)
        for name, declaration in declared.items():
            catalog = self._declared_catalog(declaration, files_read)
            if catalog is not None:
                self._catalogs[name] = catalog
        # `mn` is the name the Micronaut platform catalog gets; where no catalog of that
        # name is declared, the build applies the platform through a plugin the profile
        # cannot read (a published settings plugin): its documented aliases are known.
        self._catalogs.setdefault(MICRONAUT_CATALOG_ACCESSOR, MicronautCatalog())
        return files_read

    def _declared_catalog(
        self, declaration: CatalogDeclaration, files_read: list[str]
    ) -> Catalog | None:
        base: Catalog | None = None
        if declaration.file is not None:
            rel = normalize_rel("", declaration.file)
            if rel is None or skipped_part(rel) is not None:
                self._files.problem(
                    f"catalog {declaration.file!r}: outside the repository, not read"
                )
            else:
                base = self._read_catalog_file(rel)
                if base is not None:
                    files_read.append(rel)
        if declaration.published in MICRONAUT_CATALOG_ARTIFACTS:
            base = MicronautCatalog(**vars(base)) if base is not None else MicronautCatalog()
        inline = declaration.inline
        if not (inline.libraries or inline.plugins or inline.bundles):
            return base
        merged = base or Catalog()
        merged.libraries.update(inline.libraries)
        merged.plugins.update(inline.plugins)
        merged.bundles.update(inline.bundles)
        return merged

    # -- projects and conventions -------------------------------------------------------------

    def _project_dir(self, settings: Settings, path: str) -> str | None:
        declared = declared_project_dir(settings, path)
        directory = normalize_rel("", declared)
        if directory is None:
            self._files.problem(f"project {path!r}: folder {declared!r} is outside the repository")
            return None
        part = skipped_part(directory)
        if part is not None:
            self._files.problem(f"project {path!r}: folder inside {part}/, not read")
            return None
        return directory

    def _apply_settings_plugins(
        self, settings: Settings, builds: list[ConventionBuild]
    ) -> list[str]:
        """Follow the settings plugins the convention builds provide, by the ids the
        settings apply (and those plugins apply in turn): their plugins and catalogs
        become the settings'. The plugin sources read, in the order they were followed."""
        # buildSrc is built after the settings are evaluated: it provides no settings plugin.
        by_id = {
            source.plugin_id: source
            for build in builds
            if build.folder != BUILD_SRC
            for source in build.plugins
            if source.kind is not SourceKind.PROJECT_SCRIPT
        }
        used: list[str] = []
        queue = deque(settings.plugin_ids)
        seen: set[str] = set()
        while queue and len(used) < limits.PROFILE_MAX_SCANNED_FILES:
            plugin_id = queue.popleft()
            source = by_id.get(plugin_id)
            if source is None or plugin_id in seen:
                continue
            seen.add(plugin_id)
            text = self._text(source.path)
            if text is None:
                continue
            used.append(source.path)
            if source.kind is SourceKind.SETTINGS_SCRIPT:
                applied = parse_settings(text)
                if applied.out_of_time:
                    self._files.report_cut(source.path)
                named = {declaration.name for declaration in settings.catalogs}
                settings.catalogs += [d for d in applied.catalogs if d.name not in named]
                plugin_ids = applied.plugin_ids
            else:
                plugin_ids = parse_script(text).plugin_ids
            for applied_id in plugin_ids:
                if applied_id not in settings.plugin_ids:
                    settings.plugin_ids.append(applied_id)
                queue.append(applied_id)
        add_plugin_catalogs(settings)
        return used

    def _convention_scripts(
        self, builds: list[ConventionBuild], settings_sources: list[str]
    ) -> list[_Pending]:
        """The build scripts and project plugins of buildSrc and included builds."""
        scripts: list[_Pending] = []
        for build in builds:
            scripts += [
                _Pending(script, posixpath.dirname(script), _Role.CONVENTION_BUILD, "")
                for script in build.build_scripts
            ]
            for source in build.plugins:
                if source.kind is SourceKind.SETTINGS_SCRIPT or source.path in settings_sources:
                    continue
                if source.kind is SourceKind.PLUGIN_CLASS:
                    text = self._text(source.path)
                    if text is None or _SETTINGS_PLUGIN_CLASS in text:
                        continue
                folder = posixpath.dirname(source.path)
                scripts.append(_Pending(source.path, folder, _Role.CONVENTION, source.plugin_id))
        return scripts

    def _project_scripts(self, settings: Settings) -> list[_Pending]:
        scripts: list[_Pending] = []
        for index, path in enumerate(settings.projects):
            if index >= limits.PROFILE_MAX_BUILD_FILES:
                self._files.report_budget()
                break
            directory = self._project_dir(settings, path)
            build_file = self._first_file(directory, GRADLE_BUILD_FILES) if directory else None
            if build_file is not None:
                scripts.append(_Pending(build_file, directory or "", _Role.PROJECT, path))
        return scripts

    def collect(self) -> BuildFacts | None:
        """Facts of the Gradle build, or ``None`` when the root has no Gradle file."""
        settings_file = self._first_file("", SETTINGS_FILES)
        root_build = self._first_file("", GRADLE_BUILD_FILES)
        if settings_file is None and root_build is None:
            return None
        facts = BuildFacts(root_files=[f for f in (settings_file, root_build) if f is not None])
        settings = Settings()
        if settings_file is not None:
            text = self._files.read_lines(settings_file)
            settings = parse_settings(text) if text is not None else settings
            if settings.out_of_time:
                self._files.report_cut(settings_file)
            elif not settings.complete:
                self._files.problem(f"{settings_file}: too many declarations; the rest not read")
        # Without rootProject.name, Gradle names the build after its folder.
        where = settings_file or "settings.gradle"
        facts.project_name = name_or_none(
            settings.root_name, f"{where}: rootProject.name", self._files.problem
        ) or name_or_none(
            os.path.basename(self._files.root), "the repository folder's name", self._files.problem
        )
        facts.modules = list(settings.projects)
        builds = convention_builds(self._files, settings.included_builds, self._text)
        settings_sources = self._apply_settings_plugins(settings, builds)
        facts.root_files += self._read_catalogs(settings)
        facts.module_files += settings_sources

        pending: deque[_Pending] = deque()
        if root_build is not None:
            pending.append(_Pending(root_build, "", _Role.ROOT, ""))
        pending += self._convention_scripts(builds, settings_sources)
        pending += self._project_scripts(settings)
        levels = self._read_scripts(pending, root_build, facts)
        # The root build and shared conventions speak for the repository; a project
        # only as one voice among the main projects (see facts.repository_java_version).
        shared = [
            level
            for (role, name), level in levels.items()
            if role is _Role.ROOT or (role is _Role.CONVENTION and is_main_module(name))
        ]
        projects = [(name, level) for (role, name), level in levels.items()
                    if role is _Role.PROJECT]  # fmt: skip
        facts.java_version = repository_java_version(shared, projects)
        return facts

    def _read_scripts(
        self, pending: deque[_Pending], root_build: str | None, facts: BuildFacts
    ) -> dict[tuple[_Role, str], str | None]:
        """Read every pending script (and what it applies); the Java level of each owner."""
        levels: dict[tuple[_Role, str], str | None] = {}
        seen: set[str] = set()
        while pending:
            item = pending.popleft()
            owner = (item.role, item.project)
            levels.setdefault(owner, None)
            if item.script in seen:
                continue
            seen.add(item.script)
            script = self._script(item.script)
            if script is None:
                continue
            if item.script != root_build:
                facts.module_files.append(item.script)
            if levels[owner] is None and item.role is not _Role.CONVENTION_BUILD:
                levels[owner] = script.java_version
            facts.frameworks |= self._frameworks(script)
            # Script plugins are read right after the script that applies them.
            applied = [_Pending(target, item.folder, item.role, item.project)
                       for target in self._applied(script, item.folder)]  # fmt: skip
            pending.extendleft(reversed(applied))
        return levels

    def _applied(self, script: ScriptFacts, project_dir: str) -> list[str]:
        """In-repo files of the script's ``apply from:`` (relative to its project folder)."""
        targets: list[str] = []
        for path, from_root in script.applied_scripts[: limits.PROFILE_MAX_SCANNED_FILES]:
            target = normalize_rel("" if from_root else project_dir, path)
            if target is None:
                self._files.problem(f"apply from {path!r}: outside the repository, not read")
            elif self._files.is_file(target):
                targets.append(target)
        return targets

    def _frameworks(self, script: ScriptFacts) -> set[Framework]:
        found: set[Framework] = set()
        for plugin_id in script.plugin_ids:
            found.update(labels_for_plugin(plugin_id))
        for group, artifact in script.coordinates:
            found.update(labels_for_coordinate(group, artifact))
        for runtime in script.test_runtimes:
            if runtime in _TEST_RUNTIMES:
                found.add(_TEST_RUNTIMES[runtime])
        for call in script.test_frameworks:
            if call in _TEST_FRAMEWORK_CALLS:
                found.add(_TEST_FRAMEWORK_CALLS[call])
        for accessor, reference in self._files.cpu.bounded(script.catalog_references):
            catalog = self._catalogs.get(accessor)
            if catalog is None:
                continue
            if reference.startswith(_PLUGINS_PREFIX):
                catalog_plugin = catalog.plugin(reference.removeprefix(_PLUGINS_PREFIX))
                if catalog_plugin is not None:
                    found.update(labels_for_plugin(catalog_plugin))
            elif not reference.startswith(_VERSIONS_PREFIX):
                for group, artifact in catalog.coordinates(reference):
                    found.update(labels_for_coordinate(group, artifact))
        return found
