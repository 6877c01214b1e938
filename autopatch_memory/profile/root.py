"""Where a repository's root is: the outermost build that aggregates a folder.

A host (the command line, an agent) working in a subfolder of a Java repository
needs the folder whose build describes the whole project:

1. the *VCS root* is the nearest folder upward holding ``.git`` (a folder, or a
   file in worktrees and submodules); the walk never goes above it;
2. the *nearest build* is the nearest folder upward (up to the VCS root) holding a
   build file: ``pom.xml``, ``build.gradle[.kts]``, ``settings.gradle[.kts]``;
3. from there the root climbs to every further folder (up to the VCS root) whose
   build *aggregates* the current root: a POM listing it among its ``<modules>``
   (profiles included; a nested aggregator counts once it was climbed to), a Gradle
   settings file including it as a project (``include 'platform:plugin'``, a
   ``projectDir`` mapping, ``includeBuild``) or owning it as ``buildSrc``. Folders
   without a build file in between do not stop the climb (``halo/platform/plugin``
   finds ``halo``, whose ``settings.gradle`` includes ``platform:plugin``);
4. without any build file, the root is the VCS root.

A monorepo with several independent builds under one ``.git`` therefore gets one
memory per build: from ``mono/service-a/src`` the root is ``mono/service-a`` unless a
build at ``mono`` aggregates it. That keeps each memory's repo profile about one build,
which is what its questions are about. Build files are read like the collector
reads them: regular files only, never through a link, bounded in size.
"""

from __future__ import annotations

from pathlib import Path

from autopatch_memory import limits
from autopatch_memory.errors import BuildFileError
from autopatch_memory.profile.build_files import BUILD_SRC, GRADLE_BUILD_FILES, POM, SETTINGS_FILES
from autopatch_memory.profile.files import normalize_rel
from autopatch_memory.safe_io import read_no_follow

__all__ = ["BUILD_FILES", "REPO_MARKERS", "find_repo_root"]

VCS_MARKER = ".git"
BUILD_FILES: tuple[str, ...] = (POM, *GRADLE_BUILD_FILES, *SETTINGS_FILES)
REPO_MARKERS: tuple[str, ...] = (VCS_MARKER, *BUILD_FILES)


def _has_any(folder: Path, names: tuple[str, ...]) -> bool:
    # `.git` may be a file (worktrees, submodules): existence is what counts.
    return any((folder / name).exists() for name in names)


def _read(path: Path) -> bytes | None:
    """A build file's bytes; None when it is missing, unreadable, not a regular file or huge."""
    try:
        return read_no_follow(path, max_bytes=limits.PROFILE_MAX_FILE_BYTES)
    except OSError:
        return None


def _maven_modules(folder: Path) -> set[str]:
    """The module folders a POM declares, relative to its folder (normalized)."""
    # The parsers load only when a build above the nearest one must be read.
    from autopatch_memory.profile.maven import module_target, parse_pom

    data = _read(folder / POM)
    if data is None:
        return set()
    try:
        pom = parse_pom(data, POM)  # bytes: the parser honours the declared encoding
    except BuildFileError:
        return set()
    targets = (module_target("", declared) for declared in pom.modules)
    return {target[0] for target in targets if target is not None}


def _gradle_projects(folder: Path) -> set[str]:
    """The folders a Gradle settings file makes part of its build, relative to it."""
    from autopatch_memory.profile.gradle import declared_project_dir  # as in _maven_modules
    from autopatch_memory.profile.gradle_settings import parse_settings

    found: set[str] = set()
    for name in SETTINGS_FILES:
        data = _read(folder / name)
        if data is None:
            continue
        settings = parse_settings(data.decode("utf-8", errors="replace"))
        declared = [declared_project_dir(settings, p) for p in settings.projects]
        for path in [*declared, *settings.included_builds, BUILD_SRC]:
            directory = normalize_rel("", path)
            if directory is not None:
                found.add(directory)
    return found


def _aggregates(outer: Path, inner: Path) -> bool:
    """``outer``'s build declares ``inner`` as one of its modules or projects."""
    relative = inner.relative_to(outer).as_posix()
    return relative in _maven_modules(outer) | _gradle_projects(outer)


def find_repo_root(start: str | Path) -> Path | None:
    """The repository root for work in ``start``, or ``None`` when ``start`` is in no
    repository (no ``.git`` and no build file above it); see the module docstring."""
    folder = Path(start).resolve()
    upward = (folder, *folder.parents)
    vcs_root = next((f for f in upward if _has_any(f, (VCS_MARKER,))), None)
    within = upward if vcs_root is None else upward[: upward.index(vcs_root) + 1]
    builds = [f for f in within if _has_any(f, BUILD_FILES)]
    if not builds:
        return vcs_root
    root = builds[0]
    for outer in builds[1:]:
        if _aggregates(outer, root):
            root = outer
    return root
