"""Maven: what the root ``pom.xml``, its modules and in-repo parents say (docs/frameworks.md).

POMs are parsed with a locked-down lxml parser (no DTD loading, no entity
expansion, no network, no huge trees) and read namespace-agnostically, so
``http://maven.apache.org/POM/4.0.0`` POMs, Maven 4 POMs and POMs without a
namespace all work. lxml errors are translated into problems at this boundary.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, TypeAlias

# lxml ships no type information (lxml-stubs is not a dependency).
from lxml import etree  # type: ignore[import-untyped, unused-ignore]

from autopatch_memory import limits
from autopatch_memory.errors import PomError
from autopatch_memory.profile.build_files import POM
from autopatch_memory.profile.cpu_budget import CpuBudget, parse_budget
from autopatch_memory.profile.facts import (
    BuildFacts,
    normalize_java_version,
    repository_java_version,
)
from autopatch_memory.profile.files import RepoFiles, normalize_rel, skipped_part
from autopatch_memory.profile.frameworks import Framework, labels_for_coordinate
from autopatch_memory.profile.names import name_or_none

_DEFAULT_PARENT_PATH = "../pom.xml"
_DEFAULT_PLUGIN_GROUP = "org.apache.maven.plugins"
_COMPILER_PLUGIN = "maven-compiler-plugin"
_AGGREGATOR_PACKAGING = "pom"

# Where the Java version can come from, in the order docs/frameworks.md gives.
_JAVA_PROPERTIES = (
    "maven.compiler.release",
    "maven.compiler.source",
    "maven.compiler.target",
    "java.version",
)
_COMPILER_KEYS = ("release", "source", "target")

_REFERENCE = re.compile(r"\$\{([^}]*)\}")

Element: TypeAlias = Any  # an lxml element
Coordinate = tuple[str, str]


@dataclass
class ParentRef:
    """The ``<parent>`` of a POM."""

    group_id: str | None
    artifact_id: str | None
    version: str | None
    # None: Maven's default (../pom.xml); "": an explicit empty <relativePath/>.
    relative_path: str | None


@dataclass
class Pom:
    """The parts of one POM the profile needs (values not interpolated yet)."""

    rel: str
    group_id: str | None = None
    artifact_id: str | None = None
    version: str | None = None
    name: str | None = None
    packaging: str | None = None  # "pom" for an aggregator or a parent: no code of its own
    parent: ParentRef | None = None
    properties: dict[str, str] = field(default_factory=dict)
    modules: list[str] = field(default_factory=list)
    coordinates: list[Coordinate] = field(default_factory=list)
    compiler: dict[str, str] = field(default_factory=dict)
    complete: bool = True  # False: the CPU budget stopped the reading of its sections

    @property
    def directory(self) -> str:
        """The folder of the POM, relative to the repository root ("" for the root)."""
        return posixpath.dirname(self.rel)


# --- parsing one file ---------------------------------------------------------------


def _new_parser() -> Any:
    # Untrusted input: nothing is fetched, expanded or allowed to grow without bound.
    return etree.XMLParser(
        resolve_entities=False,
        no_network=True,
        load_dtd=False,
        dtd_validation=False,
        huge_tree=False,
        remove_comments=True,
        remove_pis=True,
    )


def _local_name(tag: str) -> str:
    """``{namespace}name`` → ``name``: POMs are read namespace-agnostically."""
    return tag.rpartition("}")[2]


@lru_cache(maxsize=64)
def _element_path(path: tuple[str, ...]) -> str:
    # `{*}` matches a name in any namespace or in none (lxml's ElementPath).
    return "/".join(f"{{*}}{name}" for name in path)


def _elements(parent: Element | None, *path: str) -> Iterator[Element]:
    """Child elements at ``path`` below ``parent`` (entity references and such skipped)."""
    if parent is None:
        return iter(())
    if not path:
        return iter((parent,))
    return parent.iterfind(_element_path(path))  # type: ignore[no-any-return]


def _first(parent: Element | None, *path: str) -> Element | None:
    if parent is None:
        return None
    return parent.find(_element_path(path)) if path else parent


def _leaf(element: Element | None) -> str | None:
    """The text of a leaf element; ``None`` when absent or when it has children.

    An element holding an (unexpanded) entity reference has a child node, so a
    value built from an entity is treated as unknown rather than half-read.
    """
    if element is None or len(element):
        return None
    return (element.text or "").strip()


def _value(parent: Element | None, *path: str) -> str | None:
    text = _leaf(_first(parent, *path))
    return text or None


def _children(element: Element) -> dict[str, Element]:
    """The first child element of each name: one pass instead of a search per value.

    Thousands of POMs with a dozen lookups each make this the parser's hot spot.
    """
    found: dict[str, Element] = {}
    for child in element:
        tag = child.tag
        if isinstance(tag, str):
            found.setdefault(tag.rpartition("}")[2], child)
    return found


def _text(children: dict[str, Element], name: str) -> str | None:
    return _leaf(children.get(name)) or None


def _coordinate(element: Element, default_group: str | None = None) -> Coordinate | None:
    children = _children(element)
    group = _text(children, "groupId") or default_group
    artifact = _text(children, "artifactId")
    if group is None or artifact is None:
        return None
    return group, artifact


def _read_section(section: Element, pom: Pom, budget: CpuBudget) -> None:
    """Modules and coordinates of ``<project>`` or of one ``<profile>``."""
    bounded = budget.bounded
    modules = (_leaf(e) for e in bounded(_elements(section, "modules", "module")))
    pom.modules.extend(m for m in modules if m)
    for dependency in bounded(_elements(section, "dependencies", "dependency")):
        _add(pom, _coordinate(dependency))
    for managed in bounded(
        _elements(section, "dependencyManagement", "dependencies", "dependency")
    ):
        # Managed versions are pins, not usage; an imported BOM is an explicit choice.
        if _value(managed, "scope") == "import":
            _add(pom, _coordinate(managed))
    build = _first(section, "build")
    for plugin in bounded(_elements(build, "plugins", "plugin")):
        _add(pom, _coordinate(plugin, _DEFAULT_PLUGIN_GROUP))
        _read_plugin_configuration(plugin, pom)
    for plugin in bounded(_elements(build, "pluginManagement", "plugins", "plugin")):
        # Parents configure the compiler here; the plugin itself is only managed.
        _read_plugin_configuration(plugin, pom)


def _read_plugin_configuration(plugin: Element, pom: Pom) -> None:
    children = _children(plugin)
    configuration = children.get("configuration")
    if configuration is None:
        return
    for processors in _elements(configuration, "annotationProcessorPaths"):
        for path in processors:
            if isinstance(path.tag, str):
                _add(pom, _coordinate(path))
    if _text(children, "artifactId") == _COMPILER_PLUGIN:
        for key in _COMPILER_KEYS:
            value = _value(configuration, key)
            if value is not None:
                pom.compiler.setdefault(key, value)


def _add(pom: Pom, coordinate: Coordinate | None) -> None:
    if coordinate is not None:
        pom.coordinates.append(coordinate)


def module_target(directory: str, declared: str) -> tuple[str, str] | None:
    """``(folder, POM)`` of a ``<module>`` value declared in the POM of ``directory``
    (posix paths relative to the repository; a value may name the POM file itself);
    ``None`` when it points outside the repository."""
    path = normalize_rel(directory, declared)
    if path is None:
        return None
    if path.endswith(".xml"):  # <module>sub/pom-alt.xml</module>
        return posixpath.dirname(path), path
    return path, posixpath.join(path, POM) if path else POM


def parse_pom(data: bytes, rel: str, parser: Any = None, budget: CpuBudget | None = None) -> Pom:
    """Parse one POM. Raises :class:`PomError` for malformed or non-POM XML.

    The XML parser runs in one call (the caller caps its input:
    PROFILE_MAX_FILE_BYTES); past ``budget``, the sections read so far are
    returned with ``complete`` false.
    """
    budget = parse_budget(budget)
    try:
        root = etree.fromstring(data, parser or _new_parser())
    except etree.XMLSyntaxError as exc:
        line = exc.lineno or 1
        raise PomError(f"malformed XML at line {line}: {exc.msg}") from exc
    except (etree.LxmlError, ValueError) as exc:
        raise PomError(f"unreadable XML: {exc}") from exc
    if root is None:
        raise PomError("empty document")
    tag = _local_name(root.tag) if isinstance(root.tag, str) else str(root.tag)
    if tag != "project":
        raise PomError(f"not a Maven POM (root element <{tag}>)")
    top = _children(root)
    pom = Pom(
        rel=rel,
        group_id=_text(top, "groupId"),
        artifact_id=_text(top, "artifactId"),
        version=_text(top, "version"),
        name=_text(top, "name"),
        packaging=_text(top, "packaging"),
    )
    parent = top.get("parent")
    if parent is not None:
        of_parent = _children(parent)
        pom.parent = ParentRef(
            group_id=_text(of_parent, "groupId"),
            artifact_id=_text(of_parent, "artifactId"),
            version=_text(of_parent, "version"),
            relative_path=_leaf(of_parent.get("relativePath")),
        )
        _add(pom, _coordinate(parent))
    for prop in _elements(root, "properties"):
        for child in budget.bounded(prop):
            text = _leaf(child)
            if isinstance(child.tag, str) and text is not None:
                pom.properties[_local_name(child.tag)] = text
    _read_section(root, pom, budget)
    for profile in budget.bounded(_elements(root, "profiles", "profile")):
        _read_section(profile, pom, budget)
    pom.complete = not budget.exhausted
    return pom


# --- property interpolation ------------------------------------------------------------


class _Interpolator:
    """Resolves ``${name}`` against a property table, recursively and bounded."""

    def __init__(self, properties: dict[str, str]) -> None:
        self._properties = properties
        self._resolved: dict[str, str | None] = {}
        self._active: set[str] = set()

    def raw(self, name: str) -> str | None:
        """The effective value of property ``name`` before interpolation."""
        return self._properties.get(name)

    def resolve(self, value: str, depth: int = 0) -> str | None:
        """``value`` with every reference replaced, or ``None`` if one is unknown."""
        if "${" not in value:
            return value
        if depth >= limits.PROFILE_MAX_NESTING:
            return None
        parts: list[str] = []
        position = 0
        for match in _REFERENCE.finditer(value):
            replacement = self._lookup(match.group(1).strip(), depth)
            if replacement is None:
                return None
            parts.append(value[position : match.start()])
            parts.append(replacement)
            position = match.end()
        parts.append(value[position:])
        result = "".join(parts)
        # Self-multiplying definitions must not grow without bound.
        if "${" in result or len(result) > limits.PROFILE_MAX_VALUE_CHARS:
            return None
        return result

    def _lookup(self, name: str, depth: int) -> str | None:
        if name in self._resolved:
            return self._resolved[name]
        raw = self._properties.get(name)
        if raw is None or name in self._active:
            return None
        self._active.add(name)
        resolved = self.resolve(raw, depth + 1)
        self._active.discard(name)
        self._resolved[name] = resolved
        return resolved


# --- the project ---------------------------------------------------------------------------


class MavenProject:
    """The Maven build of one repository, followed from the root ``pom.xml``.

    Modules are found by following ``<modules>`` declarations (never by searching
    the tree), so a huge repository costs one read per declared module.
    """

    def __init__(self, files: RepoFiles) -> None:
        self._files = files
        self._parser = _new_parser()
        self._poms: dict[str, Pom | None] = {}
        # POMs of the build as they are reached: root, modules, accepted parents
        # (a dict: ordered, and membership in O(1) for builds of thousands of modules).
        self._members: dict[str, None] = {}
        self._read: set[str] = set()
        self._interpolators: dict[str, _Interpolator] = {}

    # -- loading -------------------------------------------------------------------------

    def load(self, rel: str) -> Pom | None:
        """The parsed POM at ``rel`` (memoized), a member of the build.

        Problems are reported, never raised.
        """
        pom = self._load_candidate(rel)
        if rel in self._read:  # a malformed module POM is still a file of the build
            self._add_member(rel)
        return pom

    def _load_candidate(self, rel: str) -> Pom | None:
        """Like :meth:`load`, for a POM that may turn out not to belong to the build."""
        if rel in self._poms:
            return self._poms[rel]
        self._poms[rel] = None
        data = self._files.read_bytes(rel)
        if data is None:
            return None
        self._read.add(rel)
        try:
            pom = parse_pom(data, rel, self._parser)
        except PomError as exc:
            self._files.problem(f"{rel}: {exc}")
            return None
        if not pom.complete:
            self._files.report_cut(rel)
        self._poms[rel] = pom
        return pom

    def _add_member(self, rel: str) -> None:
        self._members.setdefault(rel)

    def parent_of(self, pom: Pom) -> Pom | None:
        """The in-repo parent POM, when ``<relativePath>`` leads to the declared parent."""
        ref = pom.parent
        if ref is None or ref.relative_path == "":
            return None
        target = normalize_rel(pom.directory, ref.relative_path or _DEFAULT_PARENT_PATH)
        if target is None:
            return None  # outside the repository: a parent from a remote repository
        if not target.endswith(".xml"):
            target = posixpath.join(target, POM) if target else POM
        if target == pom.rel or skipped_part(target) is not None:
            return None
        if not self._files.is_file(target):
            return None
        parent = self._load_candidate(target)
        if parent is None or parent.artifact_id != ref.artifact_id:
            # Maven ignores a relativePath POM that is not the declared parent.
            return None
        parent_group = parent.group_id or (parent.parent.group_id if parent.parent else None)
        if ref.group_id and parent_group and parent_group != ref.group_id:
            return None
        self._add_member(parent.rel)
        return parent

    # -- interpolation ------------------------------------------------------------------

    def _properties(self, pom: Pom, depth: int, chain: set[str]) -> dict[str, str]:
        parent = self.parent_of(pom) if depth < limits.PROFILE_MAX_NESTING else None
        merged: dict[str, str] = {}
        if parent is not None and parent.rel not in chain:
            merged.update(self._properties(parent, depth + 1, chain | {parent.rel}))
        # A child's own definitions win over its parents'.
        merged.update(pom.properties)
        group = pom.group_id or (pom.parent.group_id if pom.parent else None)
        version = pom.version or (pom.parent.version if pom.parent else None)
        builtins = {
            "project.groupId": group,
            "project.artifactId": pom.artifact_id,
            "project.version": version,
            "project.parent.groupId": pom.parent.group_id if pom.parent else None,
            "project.parent.artifactId": pom.parent.artifact_id if pom.parent else None,
            "project.parent.version": pom.parent.version if pom.parent else None,
        }
        merged.update({key: value for key, value in builtins.items() if value is not None})
        return merged

    def interpolator(self, pom: Pom) -> _Interpolator:
        """Resolves references with the POM's effective properties (its own and its parents')."""
        found = self._interpolators.get(pom.rel)
        if found is None:
            found = _Interpolator(self._properties(pom, 0, {pom.rel}))
            self._interpolators[pom.rel] = found
        return found

    def _parent_chain(self, pom: Pom) -> Iterator[Pom]:
        seen = {pom.rel}
        current: Pom | None = pom
        for _ in range(limits.PROFILE_MAX_NESTING):
            if current is None:
                return
            yield current
            current = self.parent_of(current)
            if current is not None and current.rel in seen:
                return
            if current is not None:
                seen.add(current.rel)

    def java_version(self, pom: Pom) -> str | None:
        """The POM's Java version by the rules of docs/frameworks.md, or ``None``."""
        interpolator = self.interpolator(pom)
        for key in _JAVA_PROPERTIES:
            version = self._resolved_version(interpolator, interpolator.raw(key))
            if version is not None:
                return version
        chain = list(self._parent_chain(pom))
        for key in _COMPILER_KEYS:
            for member in chain:
                raw = member.compiler.get(key)
                if raw is not None:
                    version = self._resolved_version(self.interpolator(member), raw)
                    if version is not None:
                        return version
        return None

    @staticmethod
    def _resolved_version(interpolator: _Interpolator, raw: str | None) -> str | None:
        if raw is None:
            return None
        return normalize_java_version(interpolator.resolve(raw))

    def frameworks(self, pom: Pom) -> set[Framework]:
        """Labels of the coordinates the POM names (references resolved)."""
        found: set[Framework] = set()
        interpolator: _Interpolator | None = None
        for group, artifact in pom.coordinates:
            if "${" in group or "${" in artifact:
                interpolator = interpolator or self.interpolator(pom)
                resolved_group = interpolator.resolve(group)
                resolved_artifact = interpolator.resolve(artifact)
                if resolved_group is None or resolved_artifact is None:
                    continue
                group, artifact = resolved_group, resolved_artifact
            found.update(labels_for_coordinate(group, artifact))
        return found

    # -- modules -------------------------------------------------------------------------

    def _module_target(self, pom: Pom, declared: str) -> tuple[str, str] | None:
        """``(module folder, its POM)`` for a ``<module>`` value, or ``None`` (reported)."""
        target = module_target(pom.directory, declared)
        if target is None:
            self._files.problem(f"{pom.rel}: module {declared!r} is outside the repository")
        return target

    def walk_modules(self, root: Pom) -> list[tuple[str, Pom | None]]:
        """Every declared module, depth-first in declaration order, with its POM."""
        walk = _Walk(found=[], seen={root.directory}, seen_real={""})
        self._walk(root, 0, walk)
        return walk.found

    def _walk(self, pom: Pom, depth: int, walk: _Walk) -> None:
        if depth >= limits.PROFILE_MAX_NESTING:
            self._files.problem(f"{pom.rel}: modules nested too deeply, not followed")
            return
        for declared in self._files.cpu.bounded(pom.modules):
            target = self._module_target(pom, declared)
            if target is None or target[0] in walk.seen:
                continue
            directory, pom_rel = target
            walk.seen.add(directory)
            if len(walk.found) >= limits.PROFILE_MAX_BUILD_FILES:
                # Still a declared module; past the budget it is listed, never probed.
                self._files.report_budget()
                walk.found.append((directory, None))
                continue
            part = skipped_part(pom_rel)
            if part is not None:
                self._files.problem(f"{pom.rel}: module {declared!r} is inside {part}/, skipped")
                continue
            if not self._follows(pom, declared, directory, walk):
                walk.found.append((directory, None))
                continue
            child = self.load(pom_rel)
            if child is None and self._files.was_absent(pom_rel):
                self._files.problem(f"{pom.rel}: declared module {declared!r} has no {POM}")
            walk.found.append((directory, child))
            if child is not None:
                self._walk(child, depth + 1, walk)

    def _follows(self, pom: Pom, declared: str, directory: str, walk: _Walk) -> bool:
        """Whether a module's folder may be read: never again through another name, never
        through a link back up the tree (``s1 -> .`` would make ``s1``, ``s1/s1``...)."""
        real = self._files.real_rel(directory)
        if real is None:
            return True  # outside the repository: reading it reports that
        here = self._files.real_rel(pom.directory) or ""
        if real == "" or real == here or here.startswith(real + "/"):
            self._files.problem(
                f"{pom.rel}: module {declared!r} is a symbolic link back up the tree, not followed"
            )
            return False
        if real in walk.seen_real:
            return False  # the same folder, already walked under another name
        walk.seen_real.add(real)
        return True

    # -- the whole build --------------------------------------------------------------------

    def collect(self) -> BuildFacts | None:
        """Facts of the Maven build, or ``None`` when there is no root ``pom.xml``."""
        if not self._files.is_file(POM):
            return None
        facts = BuildFacts(root_files=[POM])
        root = self.load(POM)
        if root is None:
            return facts  # reported; the tool is still Maven
        # <name> when it is plain text and a name, else <artifactId> (docs/frameworks.md).
        facts.project_name = name_or_none(
            _plain(root.name), f"{POM}: <name>", self._files.problem
        ) or name_or_none(_plain(root.artifact_id), f"{POM}: <artifactId>", self._files.problem)
        modules = self.walk_modules(root)
        facts.modules = [directory for directory, _ in modules]
        # The root POM (with its parents) speaks for the repository; else the modules
        # that hold code vote (aggregators have none; test modules do not count).
        facts.java_version = repository_java_version(
            [self.java_version(root)],
            [(directory, self.java_version(pom)) for directory, pom in modules
             if pom is not None and pom.packaging != _AGGREGATOR_PACKAGING],
        )  # fmt: skip
        # Every POM of the build counts: modules, and in-repo parents outside <modules> too.
        for rel in self._members:
            pom = self._poms.get(rel)
            if pom is not None:
                facts.frameworks |= self.frameworks(pom)
        facts.module_files = [rel for rel in self._members if rel != POM]
        return facts


@dataclass
class _Walk:
    """The state of one walk over the module tree."""

    found: list[tuple[str, Pom | None]]
    seen: set[str]  # module folders as declared
    seen_real: set[str]  # module folders with links resolved


def _plain(value: str | None) -> str | None:
    """``value`` when it is plain text (no Maven expression in it)."""
    if value is None or "${" in value:
        return None
    return value
