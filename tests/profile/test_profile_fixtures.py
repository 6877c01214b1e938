"""Every fixture repository under fixtures/repos/ and its exact expected profile."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from autopatch_memory.profile import collect

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "repos"


def _profile(
    build_tool: str | None,
    java_version: str | None,
    project_name: str | None,
    modules: list[str],
    frameworks: list[str],
    source_files: list[str],
    *,
    module_count: int | None = None,
) -> dict[str, Any]:
    return {
        "build_tool": build_tool,
        "java_version": java_version,
        "project_name": project_name,
        "modules": modules,
        "module_count": module_count or len(modules) or None,
        "frameworks": frameworks,
        "source_files": source_files,
    }


EXPECTED: dict[str, dict[str, Any]] = {
    "spring-boot-maven-single": _profile(
        "maven", "17", "library-catalog-api", [],
        ["spring boot", "spring security", "jpa", "lombok"],
        ["pom.xml"],
    ),
    "spring-boot-gradle-groovy": _profile(
        "gradle", "17", "inventory-service", [],
        ["spring boot", "mybatis", "kafka", "lombok"],
        ["settings.gradle", "build.gradle"],
    ),
    "maven-aggregator-nested": _profile(
        "maven", "8", "shopfront",
        ["shop-common", "shop-mbg", "shop-security", "shop-admin",
         "services", "services/order", "services/payment"],
        ["spring boot", "spring cloud", "spring security", "mybatis", "lombok"],
        ["pom.xml", "shop-common/pom.xml", "shop-mbg/pom.xml", "shop-security/pom.xml",
         "shop-admin/pom.xml", "services/pom.xml", "services/order/pom.xml",
         "services/payment/pom.xml"],
    ),
    "maven-profile-modules": _profile(
        "maven", "11", "Telemetry Toolkit",
        ["telemetry-core", "telemetry-netty", "examples/basic"],
        ["netty", "junit5", "mockito"],
        ["pom.xml", "telemetry-core/pom.xml", "telemetry-netty/pom.xml", "examples/basic/pom.xml"],
    ),
    "maven-compiler-plugin-only": _profile(
        "maven", "8", "permit-office", [],
        ["spring", "junit4", "mockito"],
        ["pom.xml"],
    ),
    "maven-parent-java-version": _profile(
        "maven", "21", "Northwind Billing",
        ["billing-core", "billing-api"],
        ["hibernate", "jpa", "mapstruct", "junit5"],
        ["pom.xml", "billing-core/pom.xml", "billing-api/pom.xml", "parent/pom.xml"],
    ),
    "gradle-groovy-multi": _profile(
        "gradle", "8", "chat-relay",
        ["relay-common", "relay-server", "relay-client", "tools:loadgen", "tools:admin",
         "plugins:auth"],
        ["spring security", "netty", "kafka", "testng"],
        ["settings.gradle", "build.gradle", "relay-common/build.gradle",
         "relay-server/build.gradle", "relay-client/build.gradle", "tools/loadgen/build.gradle",
         "plugins/auth/build.gradle.kts"],
    ),
    "gradle-kotlin-catalog": _profile(
        "gradle", "21", "fleet-tracker",
        ["app", "platform:application", "platform:domain"],
        ["spring boot", "jpa", "mapstruct", "junit5", "mockito"],
        ["settings.gradle.kts", "build.gradle.kts", "gradle/libs.versions.toml",
         "app/build.gradle.kts", "platform/application/build.gradle.kts",
         "platform/domain/build.gradle.kts"],
    ),
    "gradle-toolchain-conventions": _profile(
        "gradle", "21", "ticket-hub",
        ["ticket-api", "ticket-worker"],
        ["vert.x", "kafka", "junit5"],
        ["settings.gradle.kts", "build-logic/build.gradle.kts",
         "build-logic/src/main/kotlin/ticket.java-conventions.gradle.kts",
         "ticket-api/build.gradle.kts", "ticket-worker/build.gradle"],
    ),
    "quarkus-maven": _profile(
        "maven", "17", "parcel-tracking", [],
        ["quarkus", "hibernate", "kafka"],
        ["pom.xml"],
    ),
    "micronaut-gradle-kotlin": _profile(
        "gradle", "17", "catalog-service", [],
        ["micronaut", "hibernate", "jpa", "junit5"],
        ["settings.gradle.kts", "build.gradle.kts"],
    ),
    "mybatis-plus-maven": _profile(
        "maven", "8", "订单中心", [],
        ["spring boot", "mybatis-plus", "lombok", "mapstruct"],
        ["pom.xml"],
    ),
    "dubbo-maven": _profile(
        "maven", "8", "order-rpc",
        ["order-api", "order-provider", "order-consumer"],
        ["spring boot", "dubbo", "lombok"],
        ["pom.xml", "order-api/pom.xml", "order-provider/pom.xml", "order-consumer/pom.xml"],
    ),
    "maven-and-gradle": _profile(
        "maven+gradle", "11", "Retry Kit", [],
        ["junit5", "mockito"],
        ["pom.xml", "settings.gradle", "build.gradle"],
    ),
    "readme-only": _profile(
        None, None, "Payments Playground", [], [], ["README.md"],
    ),
    "broken-module-pom": _profile(
        "maven", "17", "metrics-platform",
        ["ingest", "reporting"],
        ["spring boot", "kafka"],
        ["pom.xml", "ingest/pom.xml", "reporting/pom.xml"],
    ),
    "broken-root-pom": _profile(
        "maven", None, "Ledger Service", [], [], ["pom.xml", "README.adoc"],
    ),
    # --- the last mile: classes that failed on real repositories ---
    "gradle-kotlin-computed-includes": _profile(
        "gradle", "17", "relay-proxy",
        ["relay-api", "relay-native", "relay-proxy", "tools:bench-cli", "tools:config-lint",
         "docs"],
        ["netty", "junit5", "mockito"],
        ["settings.gradle.kts", "build.gradle.kts", "api/build.gradle.kts",
         "native/build.gradle.kts", "proxy/build.gradle.kts",
         "tools/bench-cli/build.gradle.kts"],
    ),
    "gradle-groovy-computed-includes": _profile(
        "gradle", "11", "billing-suite",
        ["billing-invoice", "billing-payment", "billing-ledger", "adapter-kafka",
         "adapter-jdbc"],
        ["spring", "mybatis", "kafka", "junit4"],
        ["settings.gradle", "build.gradle", "services/invoice/build.gradle",
         "services/ledger/build.gradle", "adapter-kafka/build.gradle"],
    ),
    "micronaut-platform-catalog": _profile(
        "gradle", "21", "conference-planner", ["planner-api", "planner-service"],
        ["micronaut", "hibernate", "jpa", "lombok", "mapstruct", "junit5"],
        ["settings.gradle.kts", "build.gradle.kts", "gradle/tools.versions.toml",
         "planner-api/build.gradle.kts", "planner-service/build.gradle.kts"],
    ),
    "gradle-test-only-java-level": _profile(
        "gradle", None, "json-path-kit", ["core", "jackson", "java-21-tests", "benchmarks"],
        ["junit5"],
        ["settings.gradle.kts", "build.gradle.kts", "core/build.gradle.kts",
         "jackson/build.gradle.kts", "java-21-tests/build.gradle.kts",
         "benchmarks/build.gradle.kts"],
    ),
    "maven-test-module-java-level": _profile(
        "maven", "11", "Geo Fence",
        ["geo-fence-core", "geo-fence-spring", "geo-fence-integration-tests", "examples",
         "examples/quickstart"],
        ["spring", "junit5"],
        ["pom.xml", "geo-fence-core/pom.xml", "geo-fence-spring/pom.xml",
         "geo-fence-integration-tests/pom.xml", "examples/pom.xml",
         "examples/quickstart/pom.xml"],
    ),
    "gradle-default-project-name": _profile(
        "gradle", "8", "gradle-default-project-name", ["sdk", "samples:checkout"],
        ["lombok", "junit4"],
        ["settings.gradle", "build.gradle", "sdk/build.gradle"],
    ),
    "readme-section-first": _profile(None, None, None, [], [], []),
    "gradle-many-projects": _profile(
        "gradle", "21", "commerce-platform",
        # 26 projects: the 20 kept are every top-level one and the first nested ones.
        ["services:auth", "services:billing", "services:catalog", "services:checkout",
         "bom", "common-core", "common-web", "common-data", "common-messaging",
         "common-security", "gateway", "admin-console", "storefront", "test-fixtures",
         "load-tests", "docs", "platform-starter", "observability", "feature-flags",
         "rate-limiter"],
        ["spring boot"],
        ["settings.gradle.kts", "build.gradle.kts"],
        module_count=26,
    ),
    # Issue 31 item 4: what only a convention build says.
    "gradle-settings-plugin-catalog": _profile(
        "gradle", "21", "conference-hall", ["hall-api", "hall-service"],
        ["micronaut", "hibernate", "jpa", "lombok", "mapstruct", "junit5"],
        ["settings.gradle.kts", "gradle/tools.versions.toml",
         "gradle/plugins/src/main/kotlin/conference/gradle/ConferenceSettingsPlugin.kt",
         "gradle/plugins/src/main/kotlin/conference.catalogs.settings.gradle.kts",
         "gradle/plugins/build.gradle.kts", "hall-api/build.gradle.kts",
         "hall-service/build.gradle.kts"],
    ),
    "gradle-build-logic-java-level": _profile(
        "gradle", "21", "ledger", ["ledger-core", "ledger-web"], ["spring"],
        ["settings.gradle.kts", "build-logic/conventions/build.gradle.kts",
         "build-logic/conventions/src/main/kotlin/ledger/java-library.gradle.kts",
         "ledger-core/build.gradle.kts", "ledger-web/build.gradle.kts"],
    ),
    "gradle-buildsrc-test-conventions": _profile(
        "gradle", "17", "inventory", ["inventory-core", "inventory-app"],
        ["spring boot", "lombok", "junit5", "mockito"],
        ["settings.gradle", "gradle/libs.versions.toml", "buildSrc/build.gradle",
         "buildSrc/src/main/groovy/inventory.java-conventions.gradle",
         "buildSrc/src/main/groovy/InventoryAppPlugin.groovy", "inventory-core/build.gradle",
         "inventory-app/build.gradle"],
    ),
}  # fmt: skip

EXPECTED_PROBLEMS: dict[str, list[str]] = {
    "broken-module-pom": ["reporting/pom.xml: malformed XML at line 17: "],
    "broken-root-pom": ["pom.xml: malformed XML at line 7: "],
}
"""Problem prefixes per fixture (the rest of each line is lxml's own wording)."""


def test_every_fixture_has_an_expectation() -> None:
    present = sorted(p.name for p in FIXTURES.iterdir() if p.is_dir())
    assert present == sorted(EXPECTED)
    assert len(present) >= 15


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_fixture_profile(name: str) -> None:
    report = collect(FIXTURES / name, use_cache=False)

    facts = report.profile.model_dump(mode="json")
    assert facts.pop("updated_at") is not None
    assert facts == EXPECTED[name]
    expected_problems = EXPECTED_PROBLEMS.get(name, [])
    assert len(report.problems) == len(expected_problems), report.problems
    for problem, prefix in zip(report.problems, expected_problems, strict=True):
        assert problem.startswith(prefix), problem
    assert not report.from_cache


def test_fixtures_are_left_untouched_without_cache() -> None:
    for name in EXPECTED:
        collect(FIXTURES / name, use_cache=False)
        assert not (FIXTURES / name / ".autopatch-j").exists()


@pytest.mark.parametrize(
    "name", ["maven-aggregator-nested", "gradle-kotlin-catalog", "gradle-settings-plugin-catalog"]
)
def test_fixture_profile_is_the_same_through_the_cache(name: str, tmp_path: Path) -> None:
    repo = tmp_path / name
    shutil.copytree(FIXTURES / name, repo)
    fresh = collect(repo)
    assert fresh.profile.facts() == EXPECTED[name]
    assert (repo / ".autopatch-j" / "profile.cache.json").is_file()
