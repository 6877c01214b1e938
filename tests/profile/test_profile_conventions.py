"""What convention builds say: ``buildSrc/`` and included builds (issue 31 item 4).

Settings plugins from an included build (precompiled or a class) and the catalogs they
add, the Micronaut platform catalog's ``mn`` when nothing declares it, the Java level
and the frameworks set only in convention plugins, and the cache key covering every
file of a convention build that was read or probed.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from profile_helpers import RepoMaker, settle, write_files

from autopatch_memory.profile import collect
from autopatch_memory.profile.gradle_conventions import plugin_registrations
from autopatch_memory.profile.gradle_dsl import parse_script

KTS = "build.gradle.kts"
MAPSTRUCT_TOML = '[libraries]\nmapstruct = "org.mapstruct:mapstruct:1.5.5.Final"\n'
USES_TOOLS = "dependencies { implementation(tools.mapstruct) }"
DECLARES_TOOLS = (
    'dependencyResolutionManagement { versionCatalogs { create("tools") {\n'
    '    from(files("gradle/tools.versions.toml")) } } }\n'
)


def _frameworks(repo: Path) -> list[str]:
    report = collect(repo, use_cache=False)
    assert report.problems == []
    return report.profile.frameworks


def _settings(plugin_id: str, build: str = "gradle/plugins") -> str:
    return (
        f'pluginManagement {{ includeBuild("{build}") }}\n'
        f'plugins {{ id("{plugin_id}") }}\n'
        'rootProject.name = "app"\ninclude("app")\n'
    )


# --- settings plugins of an included build --------------------------------------------------------


@pytest.mark.parametrize(
    ("script", "plugin_id"),
    [
        ("conference.settings.gradle.kts", "conference"),  # Gradle drops `.settings.gradle.kts`
        ("conference-settings.settings.gradle", "conference-settings"),  # Groovy
        ("nested/deeper/catalogs.settings.gradle.kts", "catalogs"),  # a folder is no package
    ],
)
def test_a_precompiled_settings_plugin_is_found_by_its_id(
    make_repo: RepoMaker, script: str, plugin_id: str
) -> None:
    repo = make_repo({
        "settings.gradle.kts": _settings(plugin_id),
        f"gradle/plugins/src/main/{'kotlin' if script.endswith('kts') else 'groovy'}/{script}":
            DECLARES_TOOLS,
        "gradle/tools.versions.toml": MAPSTRUCT_TOML,
        f"app/{KTS}": USES_TOOLS,
    })  # fmt: skip
    assert _frameworks(repo) == ["mapstruct"]


def test_a_kotlin_settings_plugins_package_is_part_of_its_id(make_repo: RepoMaker) -> None:
    files = {
        "gradle/plugins/src/main/kotlin/x.settings.gradle.kts": f"package acme\n{DECLARES_TOOLS}",
        "gradle/tools.versions.toml": MAPSTRUCT_TOML,
        f"app/{KTS}": USES_TOOLS,
    }
    assert _frameworks(make_repo({**files, "settings.gradle.kts": _settings("acme.x")})) == [
        "mapstruct"
    ]
    # The id Gradle would not find: the plugin is not applied, its catalog not declared.
    assert _frameworks(make_repo({**files, "settings.gradle.kts": _settings("x")})) == []


def test_a_settings_plugin_class_applying_the_micronaut_catalog(make_repo: RepoMaker) -> None:
    repo = make_repo({
        "settings.gradle": _settings("acme.settings", build="build-logic").replace('"', "'"),
        "build-logic/build.gradle": (
            "plugins { id 'java-gradle-plugin' }\n"
            "gradlePlugin { plugins { settings {\n"
            "    id = 'acme.settings'\n"
            "    implementationClass = 'com.acme.build.AcmeSettingsPlugin'\n} } }\n"
        ),
        "build-logic/src/main/java/com/acme/build/AcmeSettingsPlugin.java": (
            "public class AcmeSettingsPlugin implements Plugin<Settings> {\n"
            "  public void apply(Settings settings) {\n"
            '    settings.getPluginManager().apply("io.micronaut.platform.catalog");\n  }\n}\n'
        ),
        f"app/{KTS}": "dependencies { implementation(mn.micronaut.data.hibernate.jpa) }",
    })  # fmt: skip
    report = collect(repo, use_cache=False)
    assert report.profile.frameworks == ["micronaut", "hibernate", "jpa"]
    assert "build-logic/src/main/java/com/acme/build/AcmeSettingsPlugin.java" in (
        report.profile.source_files
    )


def test_a_settings_plugin_not_applied_declares_nothing(make_repo: RepoMaker) -> None:
    repo = make_repo({
        "settings.gradle.kts": 'pluginManagement { includeBuild("gradle/plugins") }\n'
                               'include("app")\n',
        "gradle/plugins/src/main/kotlin/unused.settings.gradle.kts": DECLARES_TOOLS,
        "gradle/tools.versions.toml": MAPSTRUCT_TOML,
        f"app/{KTS}": USES_TOOLS,
    })  # fmt: skip
    report = collect(repo, use_cache=False)
    assert report.profile.frameworks == []
    assert "gradle/tools.versions.toml" not in report.profile.source_files


def test_a_settings_plugin_is_not_read_as_a_project_convention(make_repo: RepoMaker) -> None:
    # Its plugin ids are the settings' (the catalog plugin), not the projects' frameworks.
    repo = make_repo({
        "settings.gradle.kts": 'pluginManagement { includeBuild("gradle/plugins") }\n',
        "gradle/plugins/src/main/kotlin/acme.settings.gradle.kts":
            'plugins { id("io.micronaut.platform.catalog") }',
        "gradle/plugins/src/main/kotlin/acme.init.gradle.kts":
            'plugins { id("io.quarkus") }',  # an init script plugin configures Gradle
    })  # fmt: skip
    report = collect(repo, use_cache=False)
    assert report.profile.frameworks == []
    assert report.profile.source_files == ["settings.gradle.kts"]


def test_buildsrc_provides_no_settings_plugin(make_repo: RepoMaker) -> None:
    # Gradle builds buildSrc after it has evaluated the settings.
    repo = make_repo({
        "settings.gradle.kts": 'plugins { id("x") }\ninclude("app")\n',
        "buildSrc/src/main/kotlin/x.settings.gradle.kts": DECLARES_TOOLS,
        "gradle/tools.versions.toml": MAPSTRUCT_TOML,
        f"app/{KTS}": USES_TOOLS,
    })  # fmt: skip
    assert _frameworks(repo) == []


def test_settings_plugins_applying_each_other_are_followed_once(make_repo: RepoMaker) -> None:
    repo = make_repo({
        "settings.gradle.kts": _settings("a"),
        "gradle/plugins/src/main/kotlin/a.settings.gradle.kts": 'plugins { id("b") }',
        "gradle/plugins/src/main/kotlin/b.settings.gradle.kts":
            f'plugins {{ id("a") }}\n{DECLARES_TOOLS}',
        "gradle/tools.versions.toml": MAPSTRUCT_TOML,
        f"app/{KTS}": USES_TOOLS,
    })  # fmt: skip
    assert _frameworks(repo) == ["mapstruct"]


# --- the Micronaut platform catalog's name -----------------------------------------------------------


@pytest.mark.parametrize(
    ("reference", "expected"),
    [
        ("mn.lombok", ["lombok"]),
        ("mn.micronaut.data.hibernate.jpa", ["micronaut", "hibernate", "jpa"]),
        ("mn.micronaut.test.junit5", ["micronaut", "junit5"]),
        ("mn.junit.jupiter.api", ["junit5"]),
        ("mn.mockito.core", ["mockito"]),
        ("mn.testcontainers.kafka", ["kafka"]),
        ("mn.junit.vintage.engine", ["junit4"]),
        ("mn.snakeyaml", []),  # a family that carries no label
    ],
)
def test_mn_without_a_declared_catalog_is_the_micronaut_platform(
    make_repo: RepoMaker, reference: str, expected: list[str]
) -> None:
    # The catalog comes from a published settings plugin the profile cannot read.
    repo = make_repo({
        "settings.gradle.kts": 'plugins { id("io.micronaut.build.shared.settings") }\n'
                               'include("app")\n',
        f"app/{KTS}": f"dependencies {{ implementation({reference}) }}",
    })  # fmt: skip
    assert _frameworks(repo) == expected


def test_a_declared_mn_catalog_wins_over_the_platform(make_repo: RepoMaker) -> None:
    repo = make_repo({
        "settings.gradle.kts": (
            'dependencyResolutionManagement { versionCatalogs { create("mn") {\n'
            '    from(files("gradle/mn.versions.toml")) } } }\ninclude("app")\n'
        ),
        "gradle/mn.versions.toml": '[libraries]\nlombok = "org.example:not-lombok:1"\n',
        f"app/{KTS}": "dependencies { compileOnly(mn.lombok) }",
    })  # fmt: skip
    assert _frameworks(repo) == []


# --- the Java level in convention plugins --------------------------------------------------------------

PLACES = {
    "build-logic": ('pluginManagement { includeBuild("build-logic") }\n', "build-logic"),
    "gradle/plugins": ('pluginManagement { includeBuild("gradle/plugins") }\n', "gradle/plugins"),
    "buildSrc": ("", "buildSrc"),
}
FORMS = {
    "sourceCompatibility": ("java { sourceCompatibility = JavaVersion.VERSION_17 }", "17"),
    "toolchain": (
        "java { toolchain { languageVersion = JavaLanguageVersion.of(21) } }", "21"
    ),
    "jvmToolchain": ("kotlin { jvmToolchain(21) }", "21"),
    "constant": ("val javaVersion = 11\nkotlin { jvmToolchain(javaVersion) }", "11"),
    "majorVersion": (
        "java.toolchain.languageVersion.set(JavaLanguageVersion.of(JavaVersion.VERSION_17"
        ".majorVersion))", "17",
    ),
}  # fmt: skip


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("place", PLACES)
def test_the_java_level_of_a_precompiled_convention_plugin(
    make_repo: RepoMaker, place: str, form: str
) -> None:
    settings, folder = PLACES[place]
    code, level = FORMS[form]
    repo = make_repo({
        "settings.gradle.kts": f'{settings}include("core", "web")\n',
        f"{folder}/{KTS}": "plugins { `kotlin-dsl` }",
        f"{folder}/src/main/kotlin/com/acme/acme.java-conventions.gradle.kts":
            f"package com.acme\n\nplugins {{ java }}\n{code}\n",
        f"core/{KTS}": 'plugins { id("com.acme.acme.java-conventions") }',
        f"web/{KTS}": 'plugins { id("com.acme.acme.java-conventions") }',
    })  # fmt: skip
    report = collect(repo, use_cache=False)
    assert report.profile.java_version == level
    assert f"{folder}/src/main/kotlin/com/acme/acme.java-conventions.gradle.kts" in (
        report.profile.source_files
    )


def test_conventions_in_the_projects_of_a_multi_project_build_logic(
    make_repo: RepoMaker,
) -> None:
    repo = make_repo({
        "settings.gradle.kts": 'pluginManagement { includeBuild("build-logic") }\n'
                               'include("app")\n',
        "build-logic/settings.gradle.kts": 'include("java", "testing")\n'
                                           'project(":testing").projectDir = file("test-kit")\n',
        "build-logic/java/src/main/kotlin/java-conventions.gradle.kts":
            "java { toolchain { languageVersion.set(JavaLanguageVersion.of(21)) } }",
        "build-logic/test-kit/src/main/groovy/testing-conventions.gradle":
            "testing { suites { test { useTestNG() } } }",
        f"app/{KTS}": 'plugins { id("java-conventions") }',
    })  # fmt: skip
    report = collect(repo, use_cache=False)
    assert report.profile.java_version == "21"
    assert report.profile.frameworks == ["testng"]


def test_a_constant_assigned_twice_is_unknown() -> None:
    code = (
        "var javaVersion = 17\nif (ci) { javaVersion = 21 }\nkotlin { jvmToolchain(javaVersion) }"
    )
    assert parse_script(code).java_version is None


# --- frameworks declared only in conventions -----------------------------------------------------------

LIBS_TOML = (
    '[versions]\njava = "17"\n'
    '[libraries]\njunit-jupiter = "org.junit.jupiter:junit-jupiter:5.10.2"\n'
    'mockito = "org.mockito:mockito-core:5.11.0"\n'
    '[bundles]\ntesting = ["junit-jupiter", "mockito"]\n'
    '[plugins]\nboot = "org.springframework.boot:3.2.5"\n'
)


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ('dependencies { testImplementation(libs.findLibrary("junit-jupiter").get()) }',
         ["junit5"]),
        ('val catalog = extensions.getByType<VersionCatalogsExtension>().named("libs")\n'
         'dependencies { testImplementation(catalog.findBundle("testing").get()) }',
         ["junit5", "mockito"]),
        ('dependencies { add("testImplementation", versionCatalogs.named("libs")'
         '.findLibrary("mockito").get()) }', ["mockito"]),
        ('pluginManager.apply(libs.findPlugin("boot").get().get().pluginId)', ["spring boot"]),
        ('dependencies.add("testImplementation", "org.testng:testng:7.9.0")', ["testng"]),
        ('pluginManager.apply("org.springframework.boot")', ["spring boot"]),
        ("testing { suites { val test by getting(JvmTestSuite::class) { useJUnitJupiter() } } }",
         ["junit5"]),
        ("tasks.test { useJUnit() }", ["junit4"]),
        ("tasks.test { useJUnitPlatform() }", []),  # runs JUnit 5, Spock, Kotest…: no one
        ('val other = versionCatalogs.named("other")\n'
         'dependencies { implementation(other.findLibrary("junit-jupiter").get()) }', []),
    ],
)  # fmt: skip
def test_frameworks_a_convention_plugin_declares(
    make_repo: RepoMaker, code: str, expected: list[str]
) -> None:
    repo = make_repo({
        "settings.gradle.kts": 'include("app")\n',
        "gradle/libs.versions.toml": LIBS_TOML,
        "buildSrc/src/main/kotlin/conventions.gradle.kts": code,
        f"app/{KTS}": 'plugins { id("conventions") }',
    })  # fmt: skip
    assert _frameworks(repo) == expected


def test_a_java_level_looked_up_in_the_catalog(make_repo: RepoMaker) -> None:
    repo = make_repo({
        "gradle/libs.versions.toml": LIBS_TOML,
        "settings.gradle": "include 'app'",
        "buildSrc/src/main/groovy/conventions.gradle": (
            "def libs = versionCatalogs.named('libs')\n"
            "java { toolchain { languageVersion = JavaLanguageVersion.of("
            "libs.findVersion('java').get().requiredVersion) } }"
        ),
    })  # fmt: skip
    assert collect(repo, use_cache=False).profile.java_version == "17"


def test_a_project_plugin_class_is_a_convention(make_repo: RepoMaker) -> None:
    repo = make_repo({
        "settings.gradle.kts": 'include("app")\n',
        f"buildSrc/{KTS}": (
            "plugins { `kotlin-dsl` }\ngradlePlugin { plugins {\n"
            '  register("boot") { id = "acme.boot"; implementationClass = "acme.BootPlugin" }\n'
            '  register("settings") { id = "acme.s"; implementationClass = "acme.SettingsPlugin" }\n'
            "} }\n"
        ),
        "buildSrc/src/main/kotlin/acme/BootPlugin.kt": (
            "class BootPlugin : Plugin<Project> { override fun apply(project: Project) {\n"
            '  project.pluginManager.apply("org.springframework.boot")\n'
            "  project.extensions.configure<JavaPluginExtension> {\n"
            "    toolchain { languageVersion.set(JavaLanguageVersion.of(17)) } } } }\n"
        ),
        # Never applied by the settings, and a settings plugin: not a project convention.
        "buildSrc/src/main/kotlin/acme/SettingsPlugin.kt": (
            "class SettingsPlugin : Plugin<Settings> { override fun apply(settings: Settings) {\n"
            '  settings.pluginManager.apply("io.quarkus") } }\n'
        ),
    })  # fmt: skip
    report = collect(repo, use_cache=False)
    assert report.profile.frameworks == ["spring boot"]
    assert report.profile.java_version == "17"
    assert "buildSrc/src/main/kotlin/acme/SettingsPlugin.kt" not in report.profile.source_files


def test_plugin_registrations_pair_an_id_with_its_class() -> None:
    script = (
        'plugins { id("java-gradle-plugin") }\n'
        "gradlePlugin {\n  plugins {\n"
        '    register("a") {\n      id = "acme.a"\n      implementationClass = "acme.A"\n    }\n'
        "    b {\n      implementationClass = 'acme.B'\n      id = 'acme.b'\n    }\n"
        '    register("c") { implementationClass = "acme.C" }\n'  # no id in its block
        "  }\n}\n"
    )
    assert plugin_registrations(script) == [("acme.a", "acme.A"), ("acme.b", "acme.B")]


# --- the cache key covers the convention builds --------------------------------------------------------


def _settings_plugin_repo(make_repo: RepoMaker) -> Path:
    repo = make_repo({
        "settings.gradle.kts": _settings("acme.settings"),
        f"gradle/plugins/{KTS}": (
            'gradlePlugin { plugins { register("s") {\n'
            '  id = "acme.settings"\n  implementationClass = "acme.AcmeSettings"\n} } }\n'
        ),
        "gradle/plugins/src/main/kotlin/acme/AcmeSettings.kt":
            'class AcmeSettings : Plugin<Settings> { /* nothing applied yet */ }',
        "gradle/tools.versions.toml": MAPSTRUCT_TOML,
        f"app/{KTS}": f"{USES_TOOLS}\ndependencies {{ compileOnly(mn.lombok) }}",
    })  # fmt: skip
    settle(repo)
    return repo


def _edit(path: Path, text: str) -> None:
    """Rewrite ``path`` as an editor would, its mtime outside the cache's racy window."""
    path.write_text(text)
    settle(path.parent)


def test_editing_the_settings_plugin_class_invalidates_the_cache(make_repo: RepoMaker) -> None:
    repo = _settings_plugin_repo(make_repo)
    assert collect(repo).profile.frameworks == ["lombok"]
    assert collect(repo).from_cache
    _edit(repo / "gradle/plugins/src/main/kotlin/acme/AcmeSettings.kt",
          'class AcmeSettings : Plugin<Settings> { fun apply(s: Settings) {\n'
          '  s.pluginManager.apply("acme.tools") } }')  # fmt: skip
    write_files(repo, {"gradle/plugins/src/main/kotlin/acme.tools.settings.gradle.kts":
                       DECLARES_TOOLS})  # fmt: skip
    settle(repo)
    report = collect(repo)
    assert not report.from_cache
    assert report.profile.frameworks == ["lombok", "mapstruct"]
    assert collect(repo).from_cache


def test_a_new_convention_in_a_package_folder_invalidates_the_cache(make_repo: RepoMaker) -> None:
    repo = _settings_plugin_repo(make_repo)
    assert collect(repo).profile.java_version is None
    assert collect(repo).from_cache
    write_files(
        repo, {"gradle/plugins/src/main/kotlin/acme/java.gradle.kts": "kotlin { jvmToolchain(21) }"}
    )
    settle(repo)
    report = collect(repo)
    assert not report.from_cache and report.profile.java_version == "21"


def test_a_plugin_class_appearing_where_its_name_points_invalidates_the_cache(
    make_repo: RepoMaker,
) -> None:
    repo = _settings_plugin_repo(make_repo)
    kotlin = repo / "gradle/plugins/src/main/kotlin/acme/AcmeSettings.kt"
    kotlin.unlink()
    java = repo / "gradle/plugins/src/main/java/acme/AcmeSettings.java"
    java.parent.mkdir(parents=True)
    settle(repo)
    collect(repo)
    assert collect(repo).from_cache
    # Probed and absent: its appearing is seen, with nothing else touched.
    java.write_text('class AcmeSettings implements Plugin<Settings> { void apply(Settings s) {\n'
                    '  s.getPluginManager().apply("acme.tools"); } }')  # fmt: skip
    write_files(repo, {"gradle/plugins/src/main/kotlin/acme.tools.settings.gradle.kts":
                       DECLARES_TOOLS})  # fmt: skip
    settle(repo)
    report = collect(repo)
    assert not report.from_cache
    assert report.profile.frameworks == ["lombok", "mapstruct"]


def test_editing_an_included_builds_settings_invalidates_the_cache(make_repo: RepoMaker) -> None:
    repo = make_repo({
        "settings.gradle.kts": 'pluginManagement { includeBuild("build-logic") }\n',
        "build-logic/settings.gradle.kts": 'include("java")\n',
        "build-logic/java/src/main/kotlin/java-conventions.gradle.kts": "kotlin { jvmToolchain(17) }",
        "build-logic/other/src/main/kotlin/other-conventions.gradle.kts": "kotlin { jvmToolchain(21) }",
    })  # fmt: skip
    settle(repo)
    assert collect(repo).profile.java_version == "17"
    assert collect(repo).from_cache
    _edit(repo / "build-logic/settings.gradle.kts", 'include("other")\n')
    report = collect(repo)
    assert not report.from_cache and report.profile.java_version == "21"
