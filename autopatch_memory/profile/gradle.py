"""Gradle: what the settings, the build scripts and the version catalog say (SPEC §6).

Projects are found by following ``include`` declarations of the settings file
(never by searching the tree); each project's folder is probed for
``build.gradle`` / ``build.gradle.kts``. Convention plugins in ``buildSrc/`` and
in included builds (``includeBuild("build-logic")``) are read too: modern builds
configure the Java toolchain and shared dependencies there.
"""

from __future__ import annotations

import posixpath
from collections import deque

from autopatch_memory import limits
from autopatch_memory.errors import CatalogError
from autopatch_memory.profile.catalog import CATALOG_FILE, Catalog, parse_catalog
from autopatch_memory.profile.facts import BuildFacts
from autopatch_memory.profile.files import RepoFiles, normalize_rel, skipped_part
from autopatch_memory.profile.frameworks import (
    Framework,
    labels_for_coordinate,
    labels_for_plugin,
)
from autopatch_memory.profile.gradle_dsl import ScriptFacts, Settings, parse_script, parse_settings

SETTINGS_FILES = ("settings.gradle", "settings.gradle.kts")
BUILD_FILES = ("build.gradle", "build.gradle.kts")
_BUILD_SRC = "buildSrc"
_CONVENTION_SOURCE_DIRS = ("src/main/groovy", "src/main/kotlin")
_SCRIPT_SUFFIXES = (".gradle", ".gradle.kts")
_PLUGINS_PREFIX = "plugins."
_VERSIONS_PREFIX = "versions."


class GradleProject:
    """The Gradle build of one repository, followed from its root settings and build file."""

    def __init__(self, files: RepoFiles) -> None:
        self._files = files
        self._catalog: Catalog | None = None

    def _first_file(self, directory: str, names: tuple[str, ...]) -> str | None:
        for name in names:
            rel = posixpath.join(directory, name) if directory else name
            if self._files.is_file(rel):
                return rel
        return None

    def _script(self, rel: str) -> ScriptFacts | None:
        text = self._files.read_text(rel)
        return None if text is None else parse_script(text, self._catalog)

    def _read_catalog(self) -> bool:
        if not self._files.is_file(CATALOG_FILE):
            return False
        text = self._files.read_text(CATALOG_FILE)
        if text is None:
            return False
        try:
            self._catalog = parse_catalog(text)
        except CatalogError as exc:
            self._files.problem(f"{CATALOG_FILE}: {exc}")
        return True

    def _project_dir(self, settings: Settings, path: str) -> str | None:
        declared = settings.project_dirs.get(path, path.replace(":", "/"))
        directory = normalize_rel("", declared)
        if directory is None:
            self._files.problem(f"project {path!r}: folder {declared!r} is outside the repository")
            return None
        part = skipped_part(directory)
        if part is not None:
            self._files.problem(f"project {path!r}: folder inside {part}/, not read")
            return None
        return directory

    def _convention_scripts(self, settings: Settings) -> list[str]:
        """Build files and precompiled script plugins of buildSrc and included builds."""
        scripts: list[str] = []
        for declared in [_BUILD_SRC, *settings.included_builds]:
            directory = normalize_rel("", declared)
            if not directory or skipped_part(directory) is not None:
                continue
            own = self._first_file(directory, BUILD_FILES)
            if own is not None:
                scripts.append(own)
            for source_dir in _CONVENTION_SOURCE_DIRS:
                folder = posixpath.join(directory, source_dir)
                names = [n for n in self._files.list_dir(folder) if n.endswith(_SCRIPT_SUFFIXES)]
                names = names[: limits.PROFILE_MAX_SCANNED_FILES]
                scripts += [posixpath.join(folder, n) for n in names]
        return scripts

    def collect(self) -> BuildFacts | None:
        """Facts of the Gradle build, or ``None`` when the root has no Gradle file."""
        settings_file = self._first_file("", SETTINGS_FILES)
        root_build = self._first_file("", BUILD_FILES)
        if settings_file is None and root_build is None:
            return None
        facts = BuildFacts(root_files=[f for f in (settings_file, root_build) if f is not None])
        settings = Settings()
        if settings_file is not None:
            text = self._files.read_text(settings_file)
            settings = parse_settings(text) if text is not None else settings
        facts.project_name = settings.root_name
        facts.modules = list(settings.projects)
        if self._read_catalog():
            facts.root_files.append(CATALOG_FILE)

        # Root first, then conventions, then projects: the first Java version wins.
        # Each item is (script, the folder of the project it configures).
        pending: deque[tuple[str, str]] = deque()
        if root_build is not None:
            pending.append((root_build, ""))
        pending += [(rel, posixpath.dirname(rel)) for rel in self._convention_scripts(settings)]
        for path in settings.projects:
            directory = self._project_dir(settings, path)
            build_file = self._first_file(directory, BUILD_FILES) if directory else None
            if build_file is not None:
                pending.append((build_file, directory or ""))
        seen: set[str] = set()
        while pending:
            rel, project_dir = pending.popleft()
            if rel in seen:
                continue
            seen.add(rel)
            script = self._script(rel)
            if script is None:
                continue
            if rel != root_build:
                facts.module_files.append(rel)
            facts.java_version = facts.java_version or script.java_version
            facts.frameworks |= self._frameworks(script)
            # Script plugins are read right after the script that applies them.
            applied = self._applied(script, project_dir)
            pending.extendleft(reversed([(target, project_dir) for target in applied]))
        return facts

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
        catalog = self._catalog
        if catalog is None:
            return found
        for reference in script.catalog_references:
            if reference.startswith(_PLUGINS_PREFIX):
                catalog_plugin = catalog.plugin(reference.removeprefix(_PLUGINS_PREFIX))
                if catalog_plugin is not None:
                    found.update(labels_for_plugin(catalog_plugin))
            elif not reference.startswith(_VERSIONS_PREFIX):
                for group, artifact in catalog.coordinates(reference):
                    found.update(labels_for_coordinate(group, artifact))
        return found
