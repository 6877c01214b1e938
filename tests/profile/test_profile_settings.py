"""Settings scripts as a small language: computed project names, folders, declared catalogs."""

from __future__ import annotations

import pytest
from profile_helpers import RepoMaker

from autopatch_memory import limits
from autopatch_memory.profile import collect
from autopatch_memory.profile.catalog import micronaut_coordinate
from autopatch_memory.profile.gradle_settings import parse_settings

# --- computed includes --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Kotlin: literal collections of every kind, `it` and a named parameter
        ('sequenceOf("api", "proxy").forEach { include(":velocity-$it") }',
         ["velocity-api", "velocity-proxy"]),
        ('listOf("a", "b").forEach { name -> include(":x-$name") }', ["x-a", "x-b"]),
        ('arrayOf(\n    "one",\n    "two",\n).forEach {\n    include(":p-${it}")\n}',
         ["p-one", "p-two"]),
        ('setOf("core").forEach { include("lib-" + it) }', ["lib-core"]),
        ('listOf("a", "b").forEach(::include)', ["a", "b"]),
        ('mutableListOf("a").onEach { include(it) }', ["a"]),
        # Groovy lists and closures
        ("['a', 'b'].each { include \":x-$it\" }", ["x-a", "x-b"]),
        ("['svc'].each { String name -> include \":${name}-api\", \":${name}-impl\" }",
         ["svc-api", "svc-impl"]),
        # variables holding a collection or a string
        ('val modules = listOf("core", "web")\nmodules.forEach { include(it) }', ["core", "web"]),
        ("def names = ['a', 'b']\nnames.each { include it }", ["a", "b"]),
        ('val prefix = "shop"\ninclude(":$prefix-api", ":${prefix}-web")',
         ["shop-api", "shop-web"]),
        ('val group = "tools"\nval name = ":$group:lint"\ninclude(name)', ["tools:lint"]),
        # for loops, Kotlin and Groovy
        ('for (m in listOf("a", "b")) { include(":m-$m") }', ["m-a", "m-b"]),
        ("def xs = ['a']\nfor (x in xs) {\n    include \"x-$x\"\n}", ["x-a"]),
        ("for (String x : ['a', 'b']) { include x }", ["a", "b"]),
        # declaration order is kept across plain includes and loops
        ('include("first")\nlistOf("a").forEach { include(it) }\ninclude("last")',
         ["first", "a", "last"]),
        # computed from outside the script: unknown, so left out
        ("file('.').eachDir { include it.name }", []),
        ('rootDir.listFiles().filter { it.isDirectory }.forEach { include(it.name) }', []),
        ('include(":x-$unknown")', []),
        ("include(\":x-${project.version}\")", []),
        ('modules.forEach { include(it) }', []),  # never assigned in the script
        ('val xs = computeModules()\nxs.forEach { include(it) }', []),
        ('listOf("a").map { ":x-$it" }.forEach { include(it) }', []),
        # a reassigned variable takes its new value, or becomes unknown
        ('var v = "a"\ninclude(v)\nv = "b"\ninclude(v)', ["a", "b"]),
        ('var v = "a"\nv = compute()\ninclude(v)', []),
        ("def xs = ['a']\nxs = ['b', 'c']\nxs.each { include it }", ["b", "c"]),
        ('val v = "a"\nif (v == "a") { include(v) }', ["a"]),
    ],
)  # fmt: skip
def test_computed_includes(text: str, expected: list[str]) -> None:
    assert parse_settings(text).projects == expected


def test_project_dirs_set_in_a_loop() -> None:
    settings = parse_settings(
        'sequenceOf("api", "proxy").forEach {\n'
        '    val project = ":velocity-$it"\n'
        "    include(project)\n"
        "    project(project).projectDir = file(it)\n"
        "}\n"
        '[\'a\'].each { project(":lib-$it").projectDir = new File(settingsDir, "libs/$it") }\n'
        'project(":web").projectDir = file("$rootDir/frontends/web")\n'
    )
    assert settings.project_dirs == {
        "velocity-api": "api",
        "velocity-proxy": "proxy",
        "lib-a": "libs/a",
        "web": "./frontends/web",
    }


def test_computed_project_folders_are_read(make_repo: RepoMaker) -> None:
    repo = make_repo({
        "settings.gradle.kts": 'sequenceOf("api", "proxy").forEach {\n'
                               '    val p = ":relay-$it"\n    include(p)\n'
                               "    project(p).projectDir = file(it)\n}\n",
        "api/build.gradle.kts": 'dependencies { implementation("io.netty:netty-all:4.1.108") }',
        "proxy/build.gradle.kts": 'dependencies { implementation("io.vertx:vertx-core:4.5.7") }',
    })  # fmt: skip
    profile = collect(repo, use_cache=False).profile
    assert profile.modules == ["relay-api", "relay-proxy"]
    assert profile.frameworks == ["vert.x", "netty"]
    assert profile.source_files[1:] == ["api/build.gradle.kts", "proxy/build.gradle.kts"]


def test_root_name_from_a_variable_and_the_last_assignment() -> None:
    assert parse_settings('val n = "shop"\nrootProject.name = n').root_name == "shop"
    assert parse_settings("rootProject.name = 'a'\nrootProject.name = 'b'").root_name == "b"
    assert parse_settings("rootProject.name = 'a'\nrootProject.name = compute()").root_name is None


def test_loop_elements_are_capped() -> None:
    many = ", ".join(f'"m{i}"' for i in range(limits.PROFILE_MAX_LOOP_ELEMENTS + 50))
    settings = parse_settings(f"listOf({many}).forEach {{ include(it) }}")
    assert len(settings.projects) == limits.PROFILE_MAX_LOOP_ELEMENTS
    assert settings.complete


def test_a_script_past_its_step_budget_is_reported(
    make_repo: RepoMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(limits, "PROFILE_MAX_SETTINGS_STEPS", 10)
    text = "".join(f"include ':m{i}'\n" for i in range(30))
    assert not parse_settings(text).complete
    report = collect(make_repo({"settings.gradle": text}), use_cache=False)
    assert report.problems == ["settings.gradle: too many declarations; the rest not read"]
    assert report.profile.module_count == 10


# --- catalogs the settings declare ---------------------------------------------------------------


def test_catalog_declarations() -> None:
    settings = parse_settings(
        "dependencyResolutionManagement {\n"
        "  versionCatalogs {\n"
        '    create("mn") { from("io.micronaut.platform:micronaut-platform:${micronautVersion}") }\n'
        '    create("deps") {\n'
        '      from(files("gradle/deps.versions.toml"))\n'
        '      library("spring-web", "org.springframework:spring-web:6.1.6")\n'
        '      library("kafka", "org.apache.kafka", "kafka-clients").version("3.7.0")\n'
        '      plugin("boot", "org.springframework.boot").version("3.2.5")\n'
        '      bundle("messaging", listOf("kafka"))\n'
        "    }\n"
        "    tools {\n"  # the Groovy form
        "      from(files('gradle/tools.toml'))\n"
        "    }\n"
        "  }\n"
        "}\n"
    )
    by_name = {d.name: d for d in settings.catalogs}
    assert list(by_name) == ["mn", "deps", "tools"]
    assert by_name["mn"].published == "io.micronaut.platform:micronaut-platform"
    deps = by_name["deps"]
    assert deps.file == "gradle/deps.versions.toml"
    assert deps.inline.libraries == {
        "spring.web": ("org.springframework", "spring-web"),
        "kafka": ("org.apache.kafka", "kafka-clients"),
    }
    assert deps.inline.plugins == {"boot": "org.springframework.boot"}
    assert deps.inline.bundles == {"messaging": ["kafka"]}
    assert by_name["tools"].file == "gradle/tools.toml"


def test_the_micronaut_settings_plugin_adds_the_mn_catalog() -> None:
    settings = parse_settings('plugins {\n  id("io.micronaut.platform.catalog") version "4.4.2"\n}')
    assert [(d.name, d.published) for d in settings.catalogs] == [
        ("mn", "io.micronaut.platform:micronaut-platform")
    ]


@pytest.mark.parametrize(
    ("alias", "expected"),
    [
        ("micronaut.data.hibernate.jpa", ("io.micronaut.data", "micronaut-data-hibernate-jpa")),
        ("micronaut.hibernate.jpa", ("io.micronaut.sql", "micronaut-hibernate-jpa")),
        ("micronaut.http.client", ("io.micronaut", "micronaut-http-client")),
        ("micronaut.test.junit5", ("io.micronaut.test", "micronaut-test-junit5")),
        ("lombok", ("org.projectlombok", "lombok")),
        ("junit.jupiter.api", ("org.junit.jupiter", "junit-jupiter-api")),
        ("testcontainers.junit.jupiter", ("org.testcontainers", "junit-jupiter")),
        ("mockito.core", ("org.mockito", "mockito-core")),
        ("lombok.get", ("org.projectlombok", "lombok")),
        ("testcontainers.postgres", ("org.testcontainers", "postgres")),
        ("testcontainers", None),
        ("logback.classic", None),
    ],
)
def test_micronaut_catalog_aliases(alias: str, expected: tuple[str, str] | None) -> None:
    assert micronaut_coordinate(alias) == expected


@pytest.mark.parametrize(
    ("settings", "script", "expected"),
    [
        # the settings plugin
        ('plugins { id("io.micronaut.platform.catalog") version "4.4.2" }',
         "dependencies {\n implementation(mn.micronaut.data.hibernate.jpa)\n"
         " compileOnly(mn.lombok)\n testImplementation(mn.testcontainers.junit.jupiter)\n}",
         ["micronaut", "hibernate", "jpa", "lombok", "junit5"]),
        # the explicit catalog, in Groovy
        ("dependencyResolutionManagement { versionCatalogs { mn {\n"
         "  from(\"io.micronaut.platform:micronaut-platform:4.4.2\") } } }",
         "dependencies { testImplementation mn.micronaut.test.junit5 }", ["micronaut", "junit5"]),
        # inline entries of a declared catalog
        ('dependencyResolutionManagement { versionCatalogs { create("deps") {\n'
         '  library("web", "org.springframework.boot:spring-boot-starter-web:3.2.5")\n'
         '  plugin("q", "io.quarkus")\n} } }',
         "plugins { alias(deps.plugins.q) }\ndependencies { implementation(deps.web) }",
         ["spring boot", "quarkus"]),
        # an undeclared name is nobody's catalog...
        ("", "dependencies { implementation(deps.lombok) }", []),
        # ...but `mn`, the Micronaut platform catalog's name (issue 31 item 4)
        ("", "dependencies { implementation(mn.lombok) }", ["lombok"]),
        # a published catalog the profile does not know: its aliases name nothing
        ('dependencyResolutionManagement { versionCatalogs { create("x") {\n'
         '  from("org.example:catalog:1.0") } } }',
         "dependencies { implementation(x.lombok) }", []),
    ],
)  # fmt: skip
def test_frameworks_through_declared_catalogs(
    make_repo: RepoMaker, settings: str, script: str, expected: list[str]
) -> None:
    repo = make_repo({"settings.gradle.kts": f'{settings}\ninclude("app")\n',
                      "app/build.gradle.kts": script})  # fmt: skip
    assert collect(repo, use_cache=False).profile.frameworks == expected


def test_a_catalog_file_declared_in_the_settings_is_read_and_listed(make_repo: RepoMaker) -> None:
    repo = make_repo({
        "settings.gradle": "dependencyResolutionManagement { versionCatalogs {\n"
                           "  create('deps') { from(files('gradle/deps.versions.toml')) }\n"
                           "  create('far') { from(files('../shared/far.toml')) }\n} }",
        "gradle/deps.versions.toml": '[libraries]\nnetty = "io.netty:netty-all:4.1.108.Final"\n',
        "build.gradle": "dependencies { implementation deps.netty }",
    })  # fmt: skip
    report = collect(repo, use_cache=False)
    assert report.profile.frameworks == ["netty"]
    assert report.profile.source_files == ["settings.gradle", "build.gradle",
                                           "gradle/deps.versions.toml"]  # fmt: skip
    assert report.problems == ["catalog '../shared/far.toml': outside the repository, not read"]


@pytest.mark.parametrize(
    ("script", "expected"),
    [
        ('subprojects {\n  dependencies { "testImplementation"("org.junit.jupiter:junit-jupiter") }\n}',
         ["junit5"]),
        ('"implementation"(platform("org.springframework.cloud:spring-cloud-dependencies:2023.0.1"))',
         ["spring cloud"]),
        ('"description"("org.junit.jupiter:junit-jupiter")', []),
        ('micronaut {\n  runtime("netty")\n  testRuntime("junit5")\n}', ["junit5"]),
        ('micronaut { testRuntime("spock2") }', []),
    ],
)  # fmt: skip
def test_more_script_forms(make_repo: RepoMaker, script: str, expected: list[str]) -> None:
    repo = make_repo({"build.gradle.kts": script})
    assert collect(repo, use_cache=False).profile.frameworks == expected
