"""The framework table: its labels, its matching, and its documentation."""

from __future__ import annotations

from pathlib import Path

import pytest

from autopatch_memory.profile.catalog import MICRONAUT_ALIASES
from autopatch_memory.profile.frameworks import (
    COORDINATE_RULES,
    PLUGIN_RULES,
    Framework,
    canonical_labels,
    labels_for_coordinate,
    labels_for_plugin,
)

DOC = Path(__file__).resolve().parents[2] / "docs" / "frameworks.md"

REQUIRED = [
    "spring boot", "spring cloud", "spring", "spring security", "mybatis", "mybatis-plus",
    "hibernate", "jpa", "quarkus", "micronaut", "dubbo", "netty", "vert.x", "kafka", "junit5",
    "junit4", "testng", "mockito", "lombok", "mapstruct",
]  # fmt: skip


def test_every_required_label_exists_in_lower_case() -> None:
    values = [f.value for f in Framework]
    assert sorted(values) == sorted(REQUIRED)
    assert all(v == v.lower() for v in values)


@pytest.mark.parametrize(
    ("group", "artifact", "expected"),
    [
        ("org.springframework.boot", "spring-boot-starter-security",
         ["spring boot", "spring security"]),
        ("org.springframework.boot", "spring-boot-starter-oauth2-resource-server",
         ["spring boot", "spring security"]),
        ("org.springframework.cloud", "spring-cloud-starter-stream-kafka",
         ["spring cloud", "kafka"]),
        ("com.alibaba.cloud", "spring-cloud-starter-alibaba-nacos-discovery", ["spring cloud"]),
        ("io.quarkus", "quarkus-hibernate-orm-panache", ["quarkus", "hibernate"]),
        ("io.micronaut.kafka", "micronaut-kafka", ["micronaut", "kafka"]),
        ("io.micronautx", "other", []),
        ("com.alibaba", "dubbo", ["dubbo"]),
        ("com.alibaba", "fastjson", []),
        ("org.hibernate.validator", "hibernate-validator", []),
        ("org.hibernate", "hibernate-validator", []),
        ("com.baomidou", "mybatis-plus-boot-starter", ["mybatis-plus"]),
        ("com.baomidou", "dynamic-datasource-spring-boot-starter", []),
        ("org.junit.vintage", "junit-vintage-engine", ["junit4"]),
        ("org.testcontainers", "kafka", ["kafka"]),
        ("junit", "junit-dep", []),
    ],
)  # fmt: skip
def test_coordinate_labels(group: str, artifact: str, expected: list[str]) -> None:
    assert canonical_labels(labels_for_coordinate(group, artifact)) == expected


@pytest.mark.parametrize(
    ("plugin_id", "expected"),
    [("org.springframework.boot", ["spring boot"]), ("io.micronaut.minimal.application",
     ["micronaut"]), ("io.quarkus", ["quarkus"]), ("io.quarkus.extension", []),
     ("io.spring.dependency-management", [])],
)  # fmt: skip
def test_plugin_labels(plugin_id: str, expected: list[str]) -> None:
    assert canonical_labels(labels_for_plugin(plugin_id)) == expected


def test_canonical_order_and_spring_under_boot() -> None:
    found = [Framework.MOCKITO, Framework.SPRING, Framework.KAFKA, Framework.SPRING]
    assert canonical_labels(found) == ["spring", "kafka", "mockito"]
    assert canonical_labels([*found, Framework.SPRING_BOOT]) == ["spring boot", "kafka", "mockito"]


def test_docs_list_every_rule_with_its_labels() -> None:
    doc = DOC.read_text(encoding="utf-8")
    for rule in COORDINATE_RULES:
        labels = ", ".join(label.value for label in rule.labels)
        assert f"| `{rule.pattern}` | {labels} |" in doc, rule
    for plugin in PLUGIN_RULES:
        labels = ", ".join(label.value for label in plugin.labels)
        assert f"| `{plugin.plugin_id}` | {labels} |" in doc, plugin
    table_rows = [line for line in _rows(doc) if line.count("|") == 3]
    assert len(table_rows) == len(COORDINATE_RULES) + len(PLUGIN_RULES)


def _rows(doc: str) -> list[str]:
    return [line for line in doc.splitlines() if line.startswith("| `")]


def test_docs_list_the_micronaut_catalog_aliases() -> None:
    doc = DOC.read_text(encoding="utf-8")
    for prefix, group, artifact in MICRONAUT_ALIASES:
        # An empty artifact prefix: the rest of the alias is the artifact.
        shown = f"`{artifact}`" if artifact else "(none)"
        assert f"| `{prefix}` | `{group}` | {shown} |" in doc
    assert len([line for line in _rows(doc) if line.count("|") == 4]) == len(MICRONAUT_ALIASES)
