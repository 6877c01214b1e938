"""Gradle rules (docs/profile.md): settings, Java version forms, plugins, dependencies, catalogs."""

from __future__ import annotations

import pytest
from profile_helpers import RepoMaker

from autopatch_memory.errors import CatalogError
from autopatch_memory.profile import collect
from autopatch_memory.profile.catalog import normalize_alias, parse_catalog
from autopatch_memory.profile.gradle_dsl import parse_script, strip_comments
from autopatch_memory.profile.gradle_settings import parse_settings, project_path

# --- settings ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("include 'a', 'b'", ["a", "b"]),
        ('include "a", "b"', ["a", "b"]),
        ("include('a', ':b:c')", ["a", "b:c"]),
        ('include(":a")', ["a"]),
        ('include(":a"); include(":b")\ninclude ":c", ":d:e:f"', ["a", "b", "c", "d:e:f"]),
        ("include ':app',\n        ':platform:application',\n        ':platform:domain'",
         ["app", "platform:application", "platform:domain"]),
        ('include(\n    ":app",\n    ":lib",\n)', ["app", "lib"]),
        ("include 'a'\ninclude 'a'\ninclude ':a'", ["a"]),
        ("// include 'commented'\n/* include 'block' */\ninclude 'real'", ["real"]),
        ("includeBuild('build-logic')\ninclude 'x'", ["x"]),
        ("def modules = ['a', 'b']\nmodules.each { include it }", ["a", "b"]),
    ],
)  # fmt: skip
def test_include_forms(text: str, expected: list[str]) -> None:
    assert parse_settings(text).projects == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("rootProject.name = 'shop'", "shop"),
        ('rootProject.name = "shop"', "shop"),
        ('rootProject.name="shop"', "shop"),
        ("rootProject.name = ''", None),
        ("// rootProject.name = 'old'\nrootProject.name = 'new'", "new"),
        ("include 'a'", None),
    ],
)
def test_root_project_name(text: str, expected: str | None) -> None:
    assert parse_settings(text).root_name == expected


def test_project_path_drops_the_leading_colon() -> None:
    assert project_path(":platform:application") == "platform:application"
    assert project_path("platform:application") == "platform:application"
    assert project_path(":") == ""


def test_project_dir_override_is_followed(make_repo: RepoMaker) -> None:
    repo = make_repo({
        "settings.gradle": "include ':web'\nproject(':web').projectDir = file('frontends/web')",
        "frontends/web/build.gradle": "dependencies { implementation 'io.vertx:vertx-web:4.5.1' }",
    })  # fmt: skip
    facts = collect(repo, use_cache=False).profile.facts()
    assert facts["modules"] == ["web"]
    assert facts["frameworks"] == ["vert.x"]
    assert facts["source_files"] == ["settings.gradle", "frontends/web/build.gradle"]


# --- Java version ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("script", "expected"),
    [
        ("sourceCompatibility = '17'", "17"),
        ('sourceCompatibility = "11"', "11"),
        ("sourceCompatibility = 17", "17"),
        ("sourceCompatibility = 1.8", "8"),
        ("sourceCompatibility 1.8", "8"),
        ("sourceCompatibility = JavaVersion.VERSION_17", "17"),
        ("sourceCompatibility = JavaVersion.VERSION_1_8", "8"),
        ("java.sourceCompatibility = JavaVersion.VERSION_11", "11"),
        ('java { sourceCompatibility = JavaVersion.toVersion("21") }', "21"),
        ("sourceCompatibility.set(JavaVersion.VERSION_17)", "17"),
        ("targetCompatibility = JavaVersion.VERSION_1_8", "8"),
        ("java { toolchain { languageVersion = JavaLanguageVersion.of(21) } }", "21"),
        ("java {\n toolchain {\n  languageVersion.set(JavaLanguageVersion.of(21))\n }\n}", "21"),
        ('languageVersion.set(JavaLanguageVersion.of("17"))', "17"),
        ("kotlin { jvmToolchain(21) }", "21"),
        ("kotlin { jvmToolchain 17 }", "17"),
        ("tasks.withType(JavaCompile) { options.release = 17 }", "17"),
        ("tasks.withType<JavaCompile> { options.release.set(17) }", "17"),
        ("compileJava { release.set(11) }", "11"),
        # order: release > source > target > toolchain > jvmToolchain
        ("java { toolchain { languageVersion = JavaLanguageVersion.of(21) } }\n"
         "sourceCompatibility = '17'\noptions.release = 11", "11"),
        ("targetCompatibility = '11'\nsourceCompatibility = '17'", "17"),
        ("jvmToolchain(17)\njava { toolchain { languageVersion = JavaLanguageVersion.of(21) } }",
         "21"),
        # not Java versions
        ('kotlin { compilerOptions { languageVersion = "1.9" } }', None),
        ("sourceCompatibility = JavaVersion.current()", None),
        ("sourceCompatibility = javaVersion", None),
        ("// sourceCompatibility = '17'", None),
        ("version = '17'", None),
    ],
)  # fmt: skip
def test_java_version_forms(script: str, expected: str | None) -> None:
    assert parse_script(script).java_version == expected


def test_java_version_from_the_catalog() -> None:
    catalog = parse_catalog('[versions]\njava = "21"\njdk-lts = "17"\n')
    script = "toolchain { languageVersion.set(JavaLanguageVersion.of(libs.versions.java.get())) }"
    assert parse_script(script, catalog).java_version == "21"
    kotlin = "jvmToolchain(libs.versions.jdk.lts.get().toInt())"
    assert parse_script(kotlin, catalog).java_version == "17"
    assert parse_script(script, None).java_version is None


def test_root_build_wins_then_conventions_then_projects(make_repo: RepoMaker) -> None:
    repo = make_repo({
        "settings.gradle": "include 'a'",
        "build.gradle": "subprojects { sourceCompatibility = '11' }",
        "buildSrc/src/main/groovy/conventions.gradle": "sourceCompatibility = '17'",
        "a/build.gradle": "sourceCompatibility = '21'",
    })  # fmt: skip
    assert collect(repo, use_cache=False).profile.java_version == "11"


def test_project_build_file_supplies_java_version_when_the_root_is_silent(
    make_repo: RepoMaker,
) -> None:
    repo = make_repo({
        "settings.gradle.kts": 'include("core", "api")',
        "build.gradle.kts": "plugins { java }",
        "api/build.gradle.kts": "java { sourceCompatibility = JavaVersion.VERSION_17 }",
    })  # fmt: skip
    facts = collect(repo, use_cache=False).profile.facts()
    assert facts["java_version"] == "17"
    assert facts["source_files"] == [
        "settings.gradle.kts", "build.gradle.kts", "api/build.gradle.kts",
    ]  # fmt: skip


# --- plugins and dependencies ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("script", "expected"),
    [
        ("plugins { id 'org.springframework.boot' version '3.2.0' }", ["spring boot"]),
        ('plugins { id("io.quarkus") }', ["quarkus"]),
        ('plugins { id("io.micronaut.application") version "4.3.5" }', ["micronaut"]),
        ('plugins { id("io.micronaut.library") }', ["micronaut"]),
        ("apply plugin: 'org.springframework.boot'", ["spring boot"]),
        ('apply(plugin = "io.freefair.lombok")', ["lombok"]),
        ("plugins { id 'io.spring.dependency-management' }", []),
        ("implementation 'org.springframework.boot:spring-boot-starter-web'", ["spring boot"]),
        ('implementation("org.springframework:spring-context:6.1.0")', ["spring"]),
        ("implementation group: 'io.netty', name: 'netty-all', version: '4.1.100.Final'",
         ["netty"]),
        ('implementation(group = "org.mybatis", name = "mybatis", version = "3.5.15")',
         ["mybatis"]),
        ("implementation platform('org.springframework.cloud:spring-cloud-dependencies:2023.0.0')",
         ["spring cloud"]),
        ('implementation(enforcedPlatform("io.quarkus.platform:quarkus-bom:3.8.3"))', ["quarkus"]),
        ("testImplementation 'junit:junit:4.13.2'", ["junit4"]),
        ('testRuntimeOnly("org.junit.platform:junit-platform-launcher")', ["junit5"]),
        ("annotationProcessor 'org.mapstruct:mapstruct-processor:1.5.5.Final'", ["mapstruct"]),
        ('kapt("org.mapstruct:mapstruct-processor:1.5.5.Final")', ["mapstruct"]),
        ("compileOnly 'org.projectlombok:lombok', 'org.mapstruct:mapstruct:1.5.5.Final'",
         ["lombok", "mapstruct"]),
        ("integrationTestImplementation 'org.testng:testng:7.9.0'", ["testng"]),
        ("classpath 'org.springframework.boot:spring-boot-gradle-plugin:2.7.18'",
         ["spring boot"]),
        ('implementation "com.baomidou:mybatis-plus-boot-starter:$mpVersion"', ["mybatis-plus"]),
        ("// implementation 'io.netty:netty-all:4.1.100.Final'", []),
        ("/* implementation 'io.netty:netty-all' */", []),
        ("implementation project(':core')", []),
        ("maven { url 'https://repo.example.org/releases' } // io.netty:netty-all", []),
        ("description = 'io.netty:netty-all'", []),
    ],
)  # fmt: skip
def test_frameworks_from_scripts(make_repo: RepoMaker, script: str, expected: list[str]) -> None:
    repo = make_repo({"build.gradle": script})
    assert collect(repo, use_cache=False).profile.frameworks == expected


def test_strip_comments_keeps_urls_in_strings() -> None:
    code = strip_comments("url 'https://x.org/a' // note\nid 'b' /* c */ id 'd'")
    assert "https://x.org/a" in code
    assert "note" not in code and " c " not in code
    assert "id 'd'" in code


def test_unclosed_block_comment_runs_to_the_end() -> None:
    assert parse_script("id 'io.quarkus'\n/* implementation 'io.netty:netty-all'").plugin_ids == [
        "io.quarkus"
    ]
    assert parse_script("id 'io.quarkus'\n/* implementation 'io.netty:netty-all'").coordinates == []


# --- version catalogs ------------------------------------------------------------------------

CATALOG = """
[versions]
boot = "3.2.4"
junit = { strictly = "5.10.2" }

[libraries]
spring-boot-starter-web = { module = "org.springframework.boot:spring-boot-starter-web", \
version.ref = "boot" }
spring_kafka = { group = "org.springframework.kafka", name = "spring-kafka" }
mybatis-plus = "com.baomidou:mybatis-plus-boot-starter:3.5.5"
junit-jupiter = { module = "org.junit.jupiter:junit-jupiter", version.ref = "junit" }
mockito = "org.mockito:mockito-core:5.11.0"
netty = "io.netty:netty-all:4.1.108.Final"
broken = { version = "1.0" }

[bundles]
tests = ["junit-jupiter", "mockito", "no-such-library"]

[plugins]
spring-boot = { id = "org.springframework.boot", version.ref = "boot" }
quarkus = "io.quarkus:3.9.0"
micronaut-app = { id = "io.micronaut.application", version = "4.3.5" }
"""


def test_catalog_entries_in_all_forms() -> None:
    catalog = parse_catalog(CATALOG)
    assert catalog.versions == {"boot": "3.2.4", "junit": "5.10.2"}
    assert catalog.libraries["spring.boot.starter.web"] == (
        "org.springframework.boot", "spring-boot-starter-web",
    )  # fmt: skip
    assert catalog.libraries["spring.kafka"] == ("org.springframework.kafka", "spring-kafka")
    assert catalog.libraries["mybatis.plus"] == ("com.baomidou", "mybatis-plus-boot-starter")
    assert "broken" not in catalog.libraries
    assert catalog.plugins == {
        "spring.boot": "org.springframework.boot",
        "quarkus": "io.quarkus",
        "micronaut.app": "io.micronaut.application",
    }
    assert catalog.coordinates("bundles.tests") == [
        ("org.junit.jupiter", "junit-jupiter"), ("org.mockito", "mockito-core"),
    ]  # fmt: skip


@pytest.mark.parametrize("alias", ["spring-boot-web", "spring_boot_web", "spring.boot.web"])
def test_alias_separators_are_equivalent(alias: str) -> None:
    assert normalize_alias(alias) == "spring.boot.web"


@pytest.mark.parametrize(
    ("script", "expected"),
    [
        ("implementation(libs.spring.boot.starter.web)", ["spring boot"]),
        ("implementation libs.spring.kafka", ["kafka"]),
        ("implementation(libs.mybatis.plus)", ["mybatis-plus"]),
        ("testImplementation(libs.bundles.tests)", ["junit5", "mockito"]),
        ("plugins { alias(libs.plugins.spring.boot) }", ["spring boot"]),
        ("plugins { alias(libs.plugins.quarkus) }", ["quarkus"]),
        ("plugins { alias(libs.plugins.micronaut.app) }", ["micronaut"]),
        ("implementation(libs.junit.jupiter.get())", ["junit5"]),
        # declared in the catalog but not referenced: nothing
        ("dependencies { }", []),
        ("implementation(libs.does.not.exist)", []),
        ("// implementation(libs.netty)", []),
    ],
)  # fmt: skip
def test_only_referenced_catalog_entries_count(
    make_repo: RepoMaker, script: str, expected: list[str]
) -> None:
    repo = make_repo({"build.gradle.kts": script, "gradle/libs.versions.toml": CATALOG})
    report = collect(repo, use_cache=False)
    assert report.profile.frameworks == expected
    assert report.profile.source_files == ["build.gradle.kts", "gradle/libs.versions.toml"]


def test_malformed_catalog_is_a_problem(make_repo: RepoMaker) -> None:
    repo = make_repo({
        "build.gradle": "plugins { id 'io.quarkus' }\nimplementation(libs.x)",
        "gradle/libs.versions.toml": "[libraries\nx = ",
    })  # fmt: skip
    report = collect(repo, use_cache=False)
    assert report.profile.frameworks == ["quarkus"]
    assert len(report.problems) == 1
    assert report.problems[0].startswith("gradle/libs.versions.toml: malformed TOML")
    with pytest.raises(CatalogError):
        parse_catalog("= nope")


def test_settings_without_root_build_and_build_without_settings(make_repo: RepoMaker) -> None:
    only_settings = make_repo({"settings.gradle.kts": 'rootProject.name = "empty"'})
    only_build = make_repo({"build.gradle": "apply plugin: 'java'"}, name="only-build")
    for repo, name in ((only_settings, "empty"), (only_build, "only-build")):
        profile = collect(repo, use_cache=False).profile
        assert profile.build_tool is not None and profile.build_tool.value == "gradle"
        assert profile.project_name == name


def test_projects_in_generated_or_outside_folders_are_not_read(make_repo: RepoMaker) -> None:
    repo = make_repo({
        "settings.gradle": "include 'ok'\nproject(':ok').projectDir = file('build/ok')\n"
                           "include 'far'\nproject(':far').projectDir = file('../../far')",
        "build/ok/build.gradle": "plugins { id 'io.quarkus' }",
    })  # fmt: skip
    report = collect(repo, use_cache=False)
    assert report.profile.modules == ["ok", "far"]
    assert report.profile.frameworks == []
    assert report.problems == [
        "project 'ok': folder inside build/, not read",
        "project 'far': folder '../../far' is outside the repository",
    ]


# --- script plugins (apply from) -----------------------------------------------------------


@pytest.mark.parametrize(
    ("script", "expected"),
    [
        ("apply from: 'gradle/java.gradle'", [("gradle/java.gradle", False)]),
        ('apply from: "$rootDir/gradle/a.gradle"', [("gradle/a.gradle", True)]),
        ('apply(from = "${rootDir}/gradle/a.gradle.kts")', [("gradle/a.gradle.kts", True)]),
        ('apply from: "${projectDir}/local.gradle"', [("local.gradle", False)]),
        ("apply from: 'https://example.org/remote.gradle'", []),
        ('apply from: "$buildDir/gen.gradle"', []),
        ("apply from: file('x.gradle')", []),
    ],
)
def test_apply_from_targets(script: str, expected: list[tuple[str, bool]]) -> None:
    assert parse_script(script).applied_scripts == expected


def test_applied_scripts_are_read_after_the_script_applying_them(make_repo: RepoMaker) -> None:
    repo = make_repo({
        "settings.gradle": "include 'svc'",
        "build.gradle": "apply from: 'gradle/java.gradle'\n"
                        'apply from: "$rootDir/gradle/deps.gradle"\n'
                        "apply from: 'https://example.org/remote.gradle'\n"
                        "apply from: '../../outside.gradle'\n",
        "gradle/java.gradle": "sourceCompatibility = JavaVersion.VERSION_11",
        "gradle/deps.gradle": "apply from: 'gradle/java.gradle'\n"
                              "dependencies { implementation 'io.netty:netty-all:4.1' }",
        "svc/build.gradle": 'apply(from = "${rootDir}/gradle/quarkus.gradle")\n'
                            "apply from: 'local.gradle'",
        "gradle/quarkus.gradle": "apply plugin: 'io.quarkus'",
        "svc/local.gradle": "dependencies { testImplementation 'org.testng:testng:7.9.0' }",
    })  # fmt: skip
    report = collect(repo, use_cache=False)
    facts = report.profile.facts()
    assert facts["java_version"] == "11"
    assert facts["frameworks"] == ["quarkus", "netty", "testng"]
    assert facts["source_files"] == [
        "settings.gradle", "build.gradle", "gradle/java.gradle", "gradle/deps.gradle",
        "svc/build.gradle", "gradle/quarkus.gradle", "svc/local.gradle",
    ]  # fmt: skip
    assert report.problems == [
        "apply from '../../outside.gradle': outside the repository, not read"
    ]
