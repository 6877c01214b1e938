"""The fixed framework table (docs/frameworks.md): build coordinates and plugin ids → labels.

Only explicit coordinates count: a dependency, a plugin, a parent POM or an
imported BOM that the build names. Nothing transitive is inferred (a Spring Boot
starter does not make "hibernate" appear). Every rule that matches a coordinate
contributes its labels, so ``spring-boot-starter-security`` is both "spring boot"
(its group) and "spring security" (its artifact).

The table is documented in ``docs/frameworks.md``; a test keeps the two in step.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from fnmatch import translate
from functools import lru_cache

from autopatch_memory import limits


class Framework(str, Enum):
    """Canonical framework labels, in the order a profile lists them."""

    SPRING_BOOT = "spring boot"
    SPRING_CLOUD = "spring cloud"
    SPRING = "spring"
    SPRING_SECURITY = "spring security"
    QUARKUS = "quarkus"
    MICRONAUT = "micronaut"
    DUBBO = "dubbo"
    VERTX = "vert.x"
    NETTY = "netty"
    MYBATIS = "mybatis"
    MYBATIS_PLUS = "mybatis-plus"
    HIBERNATE = "hibernate"
    JPA = "jpa"
    KAFKA = "kafka"
    LOMBOK = "lombok"
    MAPSTRUCT = "mapstruct"
    JUNIT5 = "junit5"
    JUNIT4 = "junit4"
    TESTNG = "testng"
    MOCKITO = "mockito"


_ORDER = {framework: index for index, framework in enumerate(Framework)}


@dataclass(frozen=True)
class CoordinateRule:
    """``group:artifact`` patterns (``*`` is a wildcard) and the labels they give."""

    group: str
    artifact: str
    labels: tuple[Framework, ...]

    @property
    def pattern(self) -> str:
        """The rule as written in the docs (``group:artifact``)."""
        return f"{self.group}:{self.artifact}"


@dataclass(frozen=True)
class PluginRule:
    """A Gradle plugin id pattern and the labels it gives."""

    plugin_id: str
    labels: tuple[Framework, ...]


F = Framework
_BOOT = "org.springframework.boot"

COORDINATE_RULES: tuple[CoordinateRule, ...] = (
    # Spring: the group says which project; a few starters name a second framework.
    CoordinateRule(_BOOT, "*", (F.SPRING_BOOT,)),
    CoordinateRule(_BOOT, "spring-boot-starter-security", (F.SPRING_SECURITY,)),
    CoordinateRule(_BOOT, "spring-boot-starter-oauth2-*", (F.SPRING_SECURITY,)),
    CoordinateRule(_BOOT, "spring-boot-starter-data-jpa", (F.JPA,)),
    CoordinateRule("org.springframework.cloud", "*", (F.SPRING_CLOUD,)),
    CoordinateRule("com.alibaba.cloud", "*", (F.SPRING_CLOUD,)),
    CoordinateRule("org.springframework", "*", (F.SPRING,)),
    CoordinateRule("org.springframework.security", "*", (F.SPRING_SECURITY,)),
    CoordinateRule("org.springframework.data", "spring-data-jpa", (F.SPRING, F.JPA)),
    CoordinateRule("org.springframework.kafka", "*", (F.KAFKA,)),
    # Application platforms.
    CoordinateRule("io.quarkus", "*", (F.QUARKUS,)),
    CoordinateRule("io.quarkus.platform", "*", (F.QUARKUS,)),
    CoordinateRule("io.quarkus", "quarkus-hibernate-orm*", (F.HIBERNATE,)),
    CoordinateRule("io.micronaut", "*", (F.MICRONAUT,)),
    CoordinateRule("io.micronaut.*", "*", (F.MICRONAUT,)),
    CoordinateRule("io.micronaut.data", "micronaut-data-hibernate-jpa", (F.HIBERNATE, F.JPA)),
    CoordinateRule("io.micronaut.sql", "micronaut-hibernate-jpa", (F.HIBERNATE, F.JPA)),
    CoordinateRule("org.apache.dubbo", "*", (F.DUBBO,)),
    CoordinateRule("com.alibaba", "dubbo*", (F.DUBBO,)),
    CoordinateRule("com.alibaba.boot", "dubbo*", (F.DUBBO,)),
    CoordinateRule("io.vertx", "*", (F.VERTX,)),
    CoordinateRule("io.netty", "*", (F.NETTY,)),
    # Persistence.
    CoordinateRule("org.mybatis", "*", (F.MYBATIS,)),
    CoordinateRule("org.mybatis.spring.boot", "*", (F.MYBATIS,)),
    CoordinateRule("org.mybatis.generator", "*", (F.MYBATIS,)),
    CoordinateRule("com.baomidou", "mybatis-plus*", (F.MYBATIS_PLUS,)),
    CoordinateRule("org.hibernate", "hibernate-core", (F.HIBERNATE,)),
    CoordinateRule("org.hibernate", "hibernate-entitymanager", (F.HIBERNATE, F.JPA)),
    CoordinateRule("org.hibernate.orm", "*", (F.HIBERNATE,)),
    CoordinateRule("jakarta.persistence", "*", (F.JPA,)),
    CoordinateRule("javax.persistence", "*", (F.JPA,)),
    CoordinateRule("org.hibernate.javax.persistence", "*", (F.JPA,)),
    CoordinateRule("org.eclipse.persistence", "*", (F.JPA,)),
    # Messaging: any artifact named after Kafka is a Kafka client or integration.
    CoordinateRule("org.apache.kafka", "*", (F.KAFKA,)),
    CoordinateRule("*", "*kafka*", (F.KAFKA,)),
    # Code generation.
    CoordinateRule("org.projectlombok", "*", (F.LOMBOK,)),
    CoordinateRule("org.mapstruct", "*", (F.MAPSTRUCT,)),
    # Tests (test scope counts: it is an explicit dependency, labelled as what it is).
    CoordinateRule("org.junit.jupiter", "*", (F.JUNIT5,)),
    CoordinateRule("org.junit.platform", "*", (F.JUNIT5,)),
    CoordinateRule("org.junit", "junit-bom", (F.JUNIT5,)),
    # Integrations that exist only for JUnit 5: choosing one is choosing JUnit 5.
    CoordinateRule("org.testcontainers", "junit-jupiter", (F.JUNIT5,)),
    CoordinateRule("io.micronaut.test", "micronaut-test-junit5", (F.JUNIT5,)),
    CoordinateRule("junit", "junit", (F.JUNIT4,)),
    CoordinateRule("org.junit.vintage", "*", (F.JUNIT4,)),
    CoordinateRule("org.testng", "*", (F.TESTNG,)),
    CoordinateRule("org.mockito", "*", (F.MOCKITO,)),
)
"""Every coordinate rule, in documentation order."""

PLUGIN_RULES: tuple[PluginRule, ...] = (
    PluginRule("org.springframework.boot", (F.SPRING_BOOT,)),
    PluginRule("io.quarkus", (F.QUARKUS,)),
    PluginRule("io.micronaut.*", (F.MICRONAUT,)),
    PluginRule("io.freefair.lombok", (F.LOMBOK,)),
    PluginRule("org.hibernate.orm", (F.HIBERNATE,)),
    PluginRule("io.vertx.vertx-plugin", (F.VERTX,)),
)
"""Every Gradle plugin id rule (Maven plugins are coordinates and use the table above)."""


def _compile(pattern: str) -> re.Pattern[str]:
    return re.compile(translate(pattern))


_Artifacts = tuple[tuple[re.Pattern[str], tuple[Framework, ...]], ...]
# Most rules name one group: found by a dict lookup; the few group patterns are matched.
_BY_GROUP: dict[str, _Artifacts] = {}
for _rule in COORDINATE_RULES:
    if "*" not in _rule.group:
        _entry = (_compile(_rule.artifact), _rule.labels)
        _BY_GROUP[_rule.group] = (*_BY_GROUP.get(_rule.group, ()), _entry)
_GROUP_PATTERNS = tuple(
    (_compile(rule.group), _compile(rule.artifact), rule.labels)
    for rule in COORDINATE_RULES
    if "*" in rule.group
)
_COMPILED_PLUGINS = tuple((_compile(rule.plugin_id), rule.labels) for rule in PLUGIN_RULES)


@lru_cache(maxsize=limits.PROFILE_MAX_BUILD_FILES)
def _rules_of_group(group: str) -> _Artifacts:
    """The artifact patterns (and labels) of the rules whose group matches ``group``:
    a build names many artifacts of few groups, so most of the table is ruled out once."""
    patterned = tuple(
        (artifact_re, labels)
        for group_re, artifact_re, labels in _GROUP_PATTERNS
        if group_re.match(group)
    )
    return _BY_GROUP.get(group, ()) + patterned


@lru_cache(maxsize=limits.PROFILE_MAX_BUILD_FILES)
def labels_for_coordinate(group: str, artifact: str) -> tuple[Framework, ...]:
    """The labels a ``group:artifact`` coordinate gives (cached: modules repeat coordinates)."""
    found: list[Framework] = []
    for artifact_re, labels in _rules_of_group(group):
        if artifact_re.match(artifact):
            found.extend(label for label in labels if label not in found)
    return tuple(found)


@lru_cache(maxsize=limits.PROFILE_MAX_BUILD_FILES)
def labels_for_plugin(plugin_id: str) -> tuple[Framework, ...]:
    """The labels a Gradle plugin id gives."""
    found: list[Framework] = []
    for id_re, labels in _COMPILED_PLUGINS:
        if id_re.match(plugin_id):
            found.extend(label for label in labels if label not in found)
    return tuple(found)


def canonical_labels(found: Iterable[Framework]) -> list[str]:
    """De-duplicated labels in table order.

    "spring" means the Spring Framework used *without* Boot: when Spring Boot is
    there, the framework underneath is implied and the label would only be noise.
    """
    unique = set(found)
    if Framework.SPRING_BOOT in unique:
        unique.discard(Framework.SPRING)
    return [label.value for label in sorted(unique, key=_ORDER.__getitem__)]
