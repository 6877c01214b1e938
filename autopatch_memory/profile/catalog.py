"""Gradle version catalogs and references into them.

A catalog only declares what *may* be used: an entry counts for the profile when
a build script references it (``libs.spring.boot.starter.web``,
``libs.bundles.spring``, ``alias(libs.plugins.spring.boot)``). Gradle makes
``-``, ``_`` and ``.`` equivalent in aliases, so all three are normalized to ``.``.

Catalogs come from ``gradle/libs.versions.toml`` (the default ``libs``), from
TOML files or inline entries that the settings declare
(``versionCatalogs { create("deps") { ... } }``), and from catalogs published as
artifacts, which are not in the repository: of those, only the Micronaut
platform catalog (``mn``) is known, by the documented shape of its aliases
(see docs/frameworks.md).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from typing import Any, TypeVar

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised only on Python 3.10
    # Only installed where tomllib is missing; stubs may be absent for the type checker.
    import tomli as tomllib  # type: ignore[import-not-found, unused-ignore]

from autopatch_memory.errors import CatalogError
from autopatch_memory.profile.cpu_budget import CpuBudget, parse_budget

CATALOG_FILE = "gradle/libs.versions.toml"
CATALOG_ACCESSOR = "libs"  # the name Gradle gives the default catalog
MICRONAUT_CATALOG_ACCESSOR = "mn"  # the name the Micronaut platform catalog gets
MICRONAUT_CATALOG_PLUGIN = "io.micronaut.platform.catalog"  # a settings plugin that adds it
MICRONAUT_CATALOG_ARTIFACTS = frozenset(
    {"io.micronaut.platform:micronaut-platform", "io.micronaut:micronaut-bom"}
)
"""``group:artifact`` of the published Micronaut catalogs (``from("...:4.4.2")``)."""

# Accessor methods that may trail a reference (`libs.versions.java.get()`).
_TRAILING_METHODS = ("get", "asProvider")
_VERSION_KEYS = ("require", "strictly", "prefer")


_T = TypeVar("_T")


def normalize_alias(alias: str) -> str:
    """Gradle's alias normalization: ``spring-boot_web`` → ``spring.boot.web``."""
    return alias.replace("-", ".").replace("_", ".")


@dataclass
class Catalog:
    """The entries of one version catalog, keyed by normalized alias."""

    versions: dict[str, str] = field(default_factory=dict)
    libraries: dict[str, tuple[str, str]] = field(default_factory=dict)
    plugins: dict[str, str] = field(default_factory=dict)
    bundles: dict[str, list[str]] = field(default_factory=dict)
    complete: bool = True  # False: the CPU budget stopped the reading of its entries

    def version(self, reference: str) -> str | None:
        """The version for ``versions.<alias>`` (``reference`` without the ``versions.``)."""
        return _lookup(self.versions, reference)

    def plugin(self, reference: str) -> str | None:
        """The plugin id for ``plugins.<alias>``."""
        return _lookup(self.plugins, reference)

    def coordinates(self, reference: str) -> list[tuple[str, str]]:
        """The ``(group, artifact)`` pairs a library or ``bundles.<alias>`` reference names."""
        if reference.startswith("bundles."):
            members = _lookup(self.bundles, reference.removeprefix("bundles.")) or []
            return [self.libraries[m] for m in members if m in self.libraries]
        library = _lookup(self.libraries, reference)
        return [library] if library is not None else []


def _lookup(table: dict[str, _T], reference: str) -> _T | None:
    key = normalize_alias(reference)
    while key not in table:
        head, _, last = key.rpartition(".")
        if not head or last not in _TRAILING_METHODS:
            return None
        key = head
    return table[key]


def parse_catalog(text: str, budget: CpuBudget | None = None) -> Catalog:
    """Read a catalog; unknown shapes of single entries are skipped, not fatal.

    Raises :class:`CatalogError` when the file is not TOML at all. The TOML parser
    runs in one call (the caller caps its input: PROFILE_MAX_CATALOG_BYTES); past
    ``budget``, the entries read so far are returned with ``complete`` false.
    """
    budget = parse_budget(budget)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise CatalogError(f"malformed TOML: {exc}") from exc
    except RecursionError as exc:
        # tomllib parses nested arrays and inline tables recursively.
        raise CatalogError("malformed TOML: nested too deeply") from exc
    catalog = Catalog()
    bounded = budget.bounded
    for alias, value in bounded(_table(data, "versions").items()):
        version = _version_of(value)
        if version is not None:
            catalog.versions[normalize_alias(alias)] = version
    for alias, value in bounded(_table(data, "libraries").items()):
        library = _library_of(value)
        if library is not None:
            catalog.libraries[normalize_alias(alias)] = library
    for alias, value in bounded(_table(data, "plugins").items()):
        plugin_id = _plugin_of(value)
        if plugin_id is not None:
            catalog.plugins[normalize_alias(alias)] = plugin_id
    for alias, value in bounded(_table(data, "bundles").items()):
        if isinstance(value, list):
            members = [normalize_alias(m) for m in bounded(value) if isinstance(m, str)]
            catalog.bundles[normalize_alias(alias)] = members
    catalog.complete = not budget.exhausted
    return catalog


def _table(data: dict[str, Any], name: str) -> dict[str, Any]:
    value = data.get(name)
    return value if isinstance(value, dict) else {}


def _version_of(value: Any) -> str | None:
    if isinstance(value, str):
        return value
    if isinstance(value, dict):
        for key in _VERSION_KEYS:
            found = value.get(key)
            if isinstance(found, str):
                return found
    return None


def _split_coordinate(text: str) -> tuple[str, str] | None:
    parts = text.split(":")
    if len(parts) < 2 or not parts[0].strip() or not parts[1].strip():
        return None
    return parts[0].strip(), parts[1].strip()


def _library_of(value: Any) -> tuple[str, str] | None:
    if isinstance(value, str):  # "group:artifact:version"
        return _split_coordinate(value)
    if not isinstance(value, dict):
        return None
    module = value.get("module")
    if isinstance(module, str):
        return _split_coordinate(module)
    group, name = value.get("group"), value.get("name")
    if isinstance(group, str) and isinstance(name, str) and group and name:
        return group, name
    return None


def _plugin_of(value: Any) -> str | None:
    if isinstance(value, str):  # "plugin.id:version"
        plugin_id = value.split(":", 1)[0].strip()
        return plugin_id or None
    if isinstance(value, dict) and isinstance(value.get("id"), str):
        return str(value["id"]).strip() or None
    return None


# --- the published Micronaut platform catalog ----------------------------------------------

# (alias prefix, group, artifact prefix): `mn.<prefix>.<rest>` names
# `group:<artifact prefix>-<rest>`, the way the platform derives its aliases from
# artifact ids. The longest prefix wins. Only families that carry a framework
# label are listed; any other alias names nothing the profile reports.
MICRONAUT_ALIASES: tuple[tuple[str, str, str], ...] = (
    ("micronaut.data", "io.micronaut.data", "micronaut-data"),
    ("micronaut.hibernate.jpa", "io.micronaut.sql", "micronaut-hibernate-jpa"),
    ("micronaut.kafka", "io.micronaut.kafka", "micronaut-kafka"),
    ("micronaut.test", "io.micronaut.test", "micronaut-test"),
    ("micronaut", "io.micronaut", "micronaut"),
    ("lombok", "org.projectlombok", "lombok"),
    ("mapstruct", "org.mapstruct", "mapstruct"),
    ("jakarta.persistence", "jakarta.persistence", "jakarta-persistence"),
    ("hibernate", "org.hibernate.orm", "hibernate"),
    ("kafka", "org.apache.kafka", "kafka"),
    ("junit.jupiter", "org.junit.jupiter", "junit-jupiter"),
    ("junit.platform", "org.junit.platform", "junit-platform"),
    ("junit.vintage", "org.junit.vintage", "junit-vintage"),
    ("testcontainers.junit.jupiter", "org.testcontainers", "junit-jupiter"),
    # Testcontainers modules are named by what they start: `mn.testcontainers.kafka`.
    ("testcontainers", "org.testcontainers", ""),
    ("mockito", "org.mockito", "mockito"),
)
_MICRONAUT_BY_LENGTH = sorted(MICRONAUT_ALIASES, key=lambda rule: -len(rule[0]))


def micronaut_coordinate(reference: str) -> tuple[str, str] | None:
    """The coordinate a Micronaut platform catalog alias names, when its family is known."""
    alias = normalize_alias(reference)
    head, _, last = alias.rpartition(".")
    if head and last in _TRAILING_METHODS:
        alias = head
    for prefix, group, artifact in _MICRONAUT_BY_LENGTH:
        if alias == prefix:
            return (group, artifact) if artifact else None
        if alias.startswith(prefix + "."):
            rest = alias[len(prefix) + 1 :].replace(".", "-")
            return group, f"{artifact}-{rest}" if artifact else rest
    return None


@dataclass
class MicronautCatalog(Catalog):
    """The Micronaut platform catalog: published, never read; its aliases are derived."""

    def coordinates(self, reference: str) -> list[tuple[str, str]]:
        """Entries declared in the settings first, then the platform's derived aliases."""
        declared = super().coordinates(reference)
        if declared:
            return declared
        coordinate = micronaut_coordinate(reference)
        return [coordinate] if coordinate is not None else []
