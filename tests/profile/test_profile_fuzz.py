"""Fuzzing the parsers: any text in a build file gives a valid profile, never an exception."""

from __future__ import annotations

import contextlib
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from profile_helpers import write_files

from autopatch_memory import limits
from autopatch_memory.errors import CatalogError, PomError
from autopatch_memory.model import RepoProfile
from autopatch_memory.profile import collect
from autopatch_memory.profile.catalog import parse_catalog
from autopatch_memory.profile.gradle_dsl import parse_script
from autopatch_memory.profile.gradle_settings import parse_settings
from autopatch_memory.profile.maven import parse_pom
from autopatch_memory.profile.readme import first_title

FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
END_TO_END = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Pieces real build files are made of, so the fuzzer reaches deep into the parsers.
POM_PIECES = [
    "<project>", "</project>", '<project xmlns="http://maven.apache.org/POM/4.0.0">',
    "<modules>", "</modules>", "<module>", "</module>", "a", "../x", "b/c", ".", "pom.xml",
    "<properties>", "</properties>", "<java.version>", "</java.version>", "1.8", "${java.version}",
    "<maven.compiler.release>", "</maven.compiler.release>", "${", "}", "<parent>", "</parent>",
    "<relativePath>", "</relativePath>", "<artifactId>", "</artifactId>", "<groupId>",
    "</groupId>", "org.springframework.boot", "io.quarkus", "<dependencies>", "</dependencies>",
    "<dependency>", "</dependency>", "<scope>import</scope>", "<profiles><profile>",
    "</profile></profiles>", "<name>", "</name>", "&amp;", "&x;", "<!--", "-->", "<![CDATA[",
    "]]>", '<?xml version="1.0"?>', "<!DOCTYPE project [<!ENTITY x \"y\">]>",
]  # fmt: skip
GRADLE_PIECES = [
    "include", "include(", ")", "'a'", '":b:c"', ",", "\n", "rootProject.name = ", "'n'",
    "sourceCompatibility = ", "JavaVersion.VERSION_1_8", "JavaVersion.VERSION_", "17", "'11'",
    "java { toolchain { languageVersion", ".set(", "JavaLanguageVersion.of(", "= ", "21",
    "jvmToolchain(", "options.release", "release.set(", "plugins {", "}", "id ", "id(",
    "'org.springframework.boot'", "apply plugin: ", "alias(libs.plugins.", "spring.boot",
    "implementation ", "implementation(", "platform(", "'io.netty:netty-all:4'", "group: ",
    "name: ", "libs.", "bundles.x", "versions.java.get()", "//", "/*", "*/", '"""', "'''",
    "\\", "$", "project(':a').projectDir = file(", "includeBuild(",
    # settings as a language: variables, templates, loops, declared catalogs
    "val x = ", "def m = ", "var v = ", "listOf(", "sequenceOf(", "['a', 'b']", ".forEach {",
    ".each { n -> ", "(::include)", "for (m in ", '":x-$it"', '"${it}"', " + ", "it", "->",
    "versionCatalogs {", 'create("mn") {', 'from("io.micronaut.platform:micronaut-platform:4")',
    "from(files('gradle/x.toml'))", 'library("a", "g:a:1")', "mn.lombok", "x = x",
    'id("io.micronaut.platform.catalog")', '"implementation"(', 'testRuntime("junit5")',
]  # fmt: skip
TOML_PIECES = [
    "[versions]", "[libraries]", "[plugins]", "[bundles]", "\n", "a = ", '"g:a:1"',
    '{ module = "g:a" }', '{ group = "g", name = "a" }', '{ id = "io.quarkus" }', '["a", "b"]',
    "java = ", '"21"', "{ strictly = 1 }", "[", "]", "=", '"', "spring-boot = ", "x.y = 1",
]  # fmt: skip

# Part of the reliability suite (-m reliability); also in the default run.
pytestmark = pytest.mark.reliability


def _assembled(pieces: list[str]) -> st.SearchStrategy[str]:
    return st.lists(st.one_of(st.sampled_from(pieces), st.text(max_size=8)), max_size=60).map(
        "".join
    )


ANY_TEXT = st.text(max_size=400)


def _assert_valid(profile: RepoProfile) -> None:
    again = RepoProfile.model_validate(profile.model_dump(mode="json"))
    assert again.facts() == profile.facts()
    for values in (profile.modules, profile.frameworks, profile.source_files):
        assert len(values) <= limits.PROFILE_MAX_LIST_ITEMS
        assert len(values) == len(set(values))
        assert all(0 < len(v) <= limits.PROFILE_MAX_VALUE_CHARS for v in values)
    for value in (profile.project_name, profile.java_version):
        assert value is None or 0 < len(value) <= limits.PROFILE_MAX_VALUE_CHARS
    assert profile.java_version is None or profile.java_version.isdigit()


@FAST
@given(st.one_of(_assembled(POM_PIECES), ANY_TEXT, st.binary(max_size=200)))
def test_parse_pom_raises_only_pom_error(text: str | bytes) -> None:
    data = text.encode("utf-8") if isinstance(text, str) else text
    with contextlib.suppress(PomError):
        parse_pom(data, "pom.xml")


@FAST
@given(st.one_of(_assembled(GRADLE_PIECES), ANY_TEXT))
def test_gradle_parsers_never_raise(text: str) -> None:
    catalog = parse_catalog('[versions]\njava = "17"\n')
    settings_facts = parse_settings(text)
    assert all(not p.startswith(":") for p in settings_facts.projects)
    script = parse_script(text, catalog)
    assert script.java_version is None or script.java_version.isdigit()


@FAST
@given(st.one_of(_assembled(TOML_PIECES), ANY_TEXT))
def test_parse_catalog_raises_only_catalog_error(text: str) -> None:
    try:
        catalog = parse_catalog(text)
    except CatalogError:
        return
    for reference in ("a", "bundles.a", "x.y"):
        catalog.coordinates(reference)
    catalog.plugin("a")
    catalog.version("java")


@FAST
@given(ANY_TEXT, st.booleans())
def test_first_title_never_raises(text: str, asciidoc: bool) -> None:
    title = first_title(text, asciidoc=asciidoc)
    assert title is None or title == title.strip()


@END_TO_END
@given(
    pom_text=st.one_of(_assembled(POM_PIECES), ANY_TEXT),
    settings_text=st.one_of(_assembled(GRADLE_PIECES), ANY_TEXT),
    build_text=st.one_of(_assembled(GRADLE_PIECES), ANY_TEXT),
    catalog_text=st.one_of(_assembled(TOML_PIECES), ANY_TEXT),
    readme_text=ANY_TEXT,
)
def test_collect_on_arbitrary_build_files_gives_a_valid_profile(
    pom_text: str, settings_text: str, build_text: str, catalog_text: str, readme_text: str
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        repo = Path(folder)
        write_files(repo, {
            "pom.xml": pom_text,
            "settings.gradle": settings_text,
            "build.gradle.kts": build_text,
            "gradle/libs.versions.toml": catalog_text,
            "README.md": readme_text,
        })  # fmt: skip
        report = collect(repo)
        _assert_valid(report.profile)
        assert report.profile.build_tool is not None
        assert report.profile.build_tool.value == "maven+gradle"
        assert all(isinstance(p, str) and p for p in report.problems)
