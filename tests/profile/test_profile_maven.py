"""Maven rules (docs/profile.md): name, Java version, properties, parents, modules, frameworks."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from profile_helpers import RepoMaker, dependency, pom

from autopatch_memory.errors import PomError
from autopatch_memory.profile import collect
from autopatch_memory.profile.facts import normalize_java_version
from autopatch_memory.profile.maven import parse_pom


def _profile(repo: Path) -> dict[str, object]:
    return collect(repo, use_cache=False).profile.facts()


def _properties(**values: str) -> str:
    body = "".join(f"<{key}>{value}</{key}>" for key, value in values.items())
    return f"<properties>{body}</properties>"


# --- project name ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ("<name>Order Center</name>", "Order Center"),
        ("<name>${project.artifactId}</name>", "demo"),
        ("<name>demo ${revision}</name>", "demo"),
        ("", "demo"),
        ("<name>  </name>", "demo"),
    ],
)
def test_project_name_is_plain_name_else_artifact_id(
    make_repo: RepoMaker, body: str, expected: str
) -> None:
    repo = make_repo({"pom.xml": pom(body)})
    assert _profile(repo)["project_name"] == expected


def test_name_and_java_version_from_a_pom_without_namespace(make_repo: RepoMaker) -> None:
    text = pom("<name>plain</name>" + _properties(**{"java.version": "11"}), namespace=False)
    repo = make_repo({"pom.xml": text})
    facts = _profile(repo)
    assert (facts["project_name"], facts["java_version"]) == ("plain", "11")


def test_maven4_namespace_is_read_too(make_repo: RepoMaker) -> None:
    text = pom("<name>four</name>").replace("POM/4.0.0", "POM/4.1.0")
    assert _profile(make_repo({"pom.xml": text}))["project_name"] == "four"


# --- Java version ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "expected"),
    [("1.8", "8"), ("1.7", "7"), ("8", "8"), ("11", "11"), ("11.0", "11"), ("17.0.2", "17"),
     ("21", "21"), (" 17 ", "17"), ("${java.version}", None), ("abc", None), ("1", None),
     ("1.0", None), ("", None), (None, None)],
)  # fmt: skip
def test_normalize_java_version(raw: str | None, expected: str | None) -> None:
    assert normalize_java_version(raw) == expected


@pytest.mark.parametrize(
    ("properties", "plugin", "expected"),
    [
        # maven.compiler.release beats everything else
        ({"maven.compiler.release": "21", "maven.compiler.source": "17", "java.version": "11"},
         "<release>8</release>", "21"),
        ({"maven.compiler.source": "17", "maven.compiler.target": "11", "java.version": "1.8"},
         "", "17"),
        ({"maven.compiler.target": "11", "java.version": "1.8"}, "", "11"),
        ({"java.version": "1.8"}, "<release>17</release>", "8"),
        ({}, "<release>17</release><source>11</source>", "17"),
        ({}, "<source>1.7</source><target>1.7</target>", "7"),
        ({}, "<target>11</target>", "11"),
        ({}, "", None),
        # an unresolvable property is left out, the next rule may still answer
        ({"maven.compiler.release": "${jdk.release}", "java.version": "17"}, "", "17"),
        ({"maven.compiler.release": "${jdk.release}"}, "", None),
        ({"java.version": "${env.JAVA_VERSION}"}, "", None),
        # a nested reference through two properties
        ({"maven.compiler.release": "${java.version}", "java.version": "${jdk}", "jdk": "1.8"},
         "", "8"),
    ],
)  # fmt: skip
def test_java_version_rule_order(
    make_repo: RepoMaker, properties: dict[str, str], plugin: str, expected: str | None
) -> None:
    build = (
        "<build><plugins><plugin><artifactId>maven-compiler-plugin</artifactId>"
        f"<configuration>{plugin}</configuration></plugin></plugins></build>"
    )
    repo = make_repo({"pom.xml": pom(_properties(**properties) + build)})
    assert _profile(repo)["java_version"] == expected


def test_compiler_plugin_in_plugin_management_counts(make_repo: RepoMaker) -> None:
    build = (
        "<build><pluginManagement><plugins><plugin>"
        "<groupId>org.apache.maven.plugins</groupId><artifactId>maven-compiler-plugin</artifactId>"
        "<configuration><release>${jdk}</release></configuration>"
        "</plugin></plugins></pluginManagement></build>"
    )
    repo = make_repo({"pom.xml": pom(_properties(jdk="19") + build)})
    assert _profile(repo)["java_version"] == "19"


def test_self_referencing_properties_do_not_loop(make_repo: RepoMaker) -> None:
    props = _properties(**{"java.version": "${a}", "a": "${b}", "b": "${a}"})
    repo = make_repo({"pom.xml": pom(props)})
    assert _profile(repo)["java_version"] is None


def test_long_property_chains_stop_at_the_depth_guard(make_repo: RepoMaker) -> None:
    chain = {f"p{i}": f"${{p{i + 1}}}" for i in range(40)}
    chain["p40"] = "17"
    chain["java.version"] = "${p0}"
    repo = make_repo({"pom.xml": pom(_properties(**chain))})
    assert _profile(repo)["java_version"] is None


def test_exponential_property_definitions_stay_bounded(make_repo: RepoMaker) -> None:
    props = {f"x{i}": f"${{x{i + 1}}}${{x{i + 1}}}" for i in range(30)}
    props["x30"] = "1"
    props["java.version"] = "${x0}"
    repo = make_repo({"pom.xml": pom(_properties(**props))})
    started = time.thread_time()  # CPU time: waiting for a core costs the algorithm nothing
    assert _profile(repo)["java_version"] is None
    assert time.thread_time() - started < 2


# --- parents -----------------------------------------------------------------------------


def _child(parent_artifact: str, relative_path: str | None, body: str = "") -> str:
    relative = "" if relative_path is None else f"<relativePath>{relative_path}</relativePath>"
    parent = (
        f"<parent><groupId>org.example</groupId><artifactId>{parent_artifact}</artifactId>"
        f"<version>1.0</version>{relative}</parent>"
    )
    return pom(parent + body, artifact="child")


def test_java_version_from_parent_via_default_relative_path(make_repo: RepoMaker) -> None:
    repo = make_repo({
        "pom.xml": pom("<modules><module>app</module></modules>"
                       + _properties(**{"java.version": "1.8"}), artifact="root"),
        "app/pom.xml": _child("root", None, _properties(
            **{"maven.compiler.source": "${java.version}"})),
    })  # fmt: skip
    assert _profile(repo)["java_version"] == "8"


def test_root_pom_inherits_java_version_from_in_repo_parent(make_repo: RepoMaker) -> None:
    repo = make_repo({
        "pom.xml": _child("corp-parent", "build-support",
                          _properties(**{"maven.compiler.release": "${java.version}"})),
        "build-support/pom.xml": pom(_properties(**{"java.version": "17"}), artifact="corp-parent"),
    })  # fmt: skip
    facts = _profile(repo)
    assert facts["java_version"] == "17"
    assert facts["source_files"] == ["pom.xml", "build-support/pom.xml"]


def test_child_property_overrides_parent(make_repo: RepoMaker) -> None:
    repo = make_repo({
        "pom.xml": _child("p", "parent/pom.xml", _properties(**{"java.version": "21"})),
        "parent/pom.xml": pom(_properties(**{"java.version": "11",
                                            "maven.compiler.release": "${java.version}"}),
                              artifact="p"),
    })  # fmt: skip
    assert _profile(repo)["java_version"] == "21"


def test_relative_path_to_a_different_artifact_is_not_the_parent(make_repo: RepoMaker) -> None:
    repo = make_repo({
        "pom.xml": _child("spring-boot-starter-parent", "parent/pom.xml"),
        "parent/pom.xml": pom(_properties(**{"java.version": "11"}), artifact="something-else"),
    })  # fmt: skip
    facts = _profile(repo)
    assert facts["java_version"] is None
    assert facts["source_files"] == ["pom.xml"]


def test_empty_relative_path_means_no_in_repo_parent(make_repo: RepoMaker) -> None:
    repo = make_repo({
        "pom.xml": pom("<modules><module>m</module></modules>"
                       + _properties(**{"java.version": "11"}), artifact="root"),
        "m/pom.xml": _child("root", ""),
    })  # fmt: skip
    # The root answers anyway; the point is the module's lookup is not attempted.
    assert _profile(repo)["java_version"] == "11"


def test_parent_outside_the_repository_is_not_read(make_repo: RepoMaker, tmp_path: Path) -> None:
    (tmp_path / "pom.xml").write_text(pom(_properties(**{"java.version": "11"}), artifact="out"))
    repo = make_repo({"pom.xml": _child("out", None)})
    facts = _profile(repo)
    assert facts["java_version"] is None
    assert facts["source_files"] == ["pom.xml"]


def test_parent_cycle_terminates(make_repo: RepoMaker) -> None:
    repo = make_repo({
        "pom.xml": _child("b", "b/pom.xml").replace("<artifactId>child</artifactId>",
                                                    "<artifactId>a</artifactId>"),
        "b/pom.xml": _child("a", "../pom.xml").replace("<artifactId>child</artifactId>",
                                                       "<artifactId>b</artifactId>"),
    })  # fmt: skip
    assert _profile(repo)["java_version"] is None


# --- modules -------------------------------------------------------------------------------


def _aggregator(*modules: str, artifact: str = "demo", profiles: tuple[str, ...] = ()) -> str:
    declared = "".join(f"<module>{m}</module>" for m in modules)
    profile = "".join(
        f"<profile><id>p{i}</id><modules><module>{m}</module></modules></profile>"
        for i, m in enumerate(profiles)
    )
    return pom(f"<modules>{declared}</modules><profiles>{profile}</profiles>", artifact=artifact)


def test_nested_modules_are_paths_from_the_root_in_declaration_order(
    make_repo: RepoMaker,
) -> None:
    repo = make_repo({
        "pom.xml": _aggregator("dubbo-common", "dubbo-config", "dubbo-rpc"),
        "dubbo-common/pom.xml": pom(artifact="common"),
        "dubbo-config/pom.xml": _aggregator("dubbo-config-api", "dubbo-config-spring"),
        "dubbo-config/dubbo-config-api/pom.xml": pom(artifact="api"),
        "dubbo-config/dubbo-config-spring/pom.xml": pom(artifact="spring"),
        "dubbo-rpc/pom.xml": _aggregator("../dubbo-common", "dubbo-rpc-api"),
        "dubbo-rpc/dubbo-rpc-api/pom.xml": pom(artifact="rpc-api"),
    })  # fmt: skip
    assert _profile(repo)["modules"] == [
        "dubbo-common", "dubbo-config", "dubbo-config/dubbo-config-api",
        "dubbo-config/dubbo-config-spring", "dubbo-rpc", "dubbo-rpc/dubbo-rpc-api",
    ]  # fmt: skip


def test_modules_in_profiles_count_once(make_repo: RepoMaker) -> None:
    repo = make_repo({
        "pom.xml": _aggregator("core", profiles=("core", "services/order", "./core/")),
        "core/pom.xml": pom(artifact="core"),
        "services/order/pom.xml": pom(artifact="order"),
    })  # fmt: skip
    assert _profile(repo)["modules"] == ["core", "services/order"]


def test_module_declared_as_a_pom_file(make_repo: RepoMaker) -> None:
    repo = make_repo({
        "pom.xml": _aggregator("legacy/pom-java8.xml"),
        "legacy/pom-java8.xml": pom(
            "<dependencies>" + dependency("junit", "junit") + "</dependencies>", artifact="legacy"
        ),
    })  # fmt: skip
    facts = _profile(repo)
    assert facts["modules"] == ["legacy"]
    assert facts["frameworks"] == ["junit4"]
    assert facts["source_files"] == ["pom.xml", "legacy/pom-java8.xml"]


def test_problems_for_missing_escaping_and_generated_modules(make_repo: RepoMaker) -> None:
    repo = make_repo({
        "pom.xml": _aggregator("present", "missing", "../../elsewhere", "target/generated"),
        "present/pom.xml": pom(artifact="present"),
        "target/generated/pom.xml": pom(
            "<dependencies>" + dependency("io.quarkus", "quarkus-core") + "</dependencies>"
        ),
    })  # fmt: skip
    report = collect(repo, use_cache=False)
    assert report.profile.modules == ["present", "missing"]
    assert report.profile.frameworks == []
    assert report.problems == [
        "pom.xml: declared module 'missing' has no pom.xml",
        "pom.xml: module '../../elsewhere' is outside the repository",
        "pom.xml: module 'target/generated' is inside target/, skipped",
    ]


def test_module_cycle_terminates(make_repo: RepoMaker) -> None:
    repo = make_repo({
        "pom.xml": _aggregator("a", "."),
        "a/pom.xml": _aggregator("..", "../a", artifact="a"),
    })  # fmt: skip
    assert _profile(repo)["modules"] == ["a"]


def test_deeply_nested_aggregators_stop_at_the_guard(make_repo: RepoMaker) -> None:
    files = {"pom.xml": _aggregator("n")}
    path = "n"
    for _ in range(30):
        files[f"{path}/pom.xml"] = _aggregator("n", artifact="n")
        path += "/n"
    report = collect(make_repo(files), use_cache=False)
    assert len(report.profile.modules) == 16  # PROFILE_MAX_NESTING, then capped at 20 anyway
    assert any("nested too deeply" in p for p in report.problems)


# --- frameworks ------------------------------------------------------------------------------


def test_frameworks_from_dependencies_plugins_parent_boms_and_processors(
    make_repo: RepoMaker,
) -> None:
    body = (
        "<parent><groupId>org.springframework.boot</groupId>"
        "<artifactId>spring-boot-starter-parent</artifactId><version>3.2.0</version>"
        "<relativePath/></parent>"
        "<dependencyManagement><dependencies>"
        + dependency("org.springframework.cloud", "spring-cloud-dependencies",
                     "<type>pom</type><scope>import</scope>")
        + dependency("org.apache.dubbo", "dubbo-bom")  # a pin, not an import
        + "</dependencies></dependencyManagement>"
        "<dependencies>"
        + dependency("org.testng", "testng", "<scope>test</scope>")
        + "</dependencies>"
        "<build><plugins><plugin><groupId>io.quarkus</groupId>"
        "<artifactId>quarkus-maven-plugin</artifactId></plugin>"
        "<plugin><artifactId>maven-compiler-plugin</artifactId><configuration>"
        "<annotationProcessorPaths><path><groupId>org.mapstruct</groupId>"
        "<artifactId>mapstruct-processor</artifactId></path></annotationProcessorPaths>"
        "</configuration></plugin></plugins></build>"
        "<profiles><profile><id>it</id><dependencies>"
        + dependency("io.vertx", "vertx-core")
        + "</dependencies></profile></profiles>"
    )  # fmt: skip
    facts = _profile(make_repo({"pom.xml": pom(body)}))
    assert facts["frameworks"] == [
        "spring boot", "spring cloud", "quarkus", "vert.x", "mapstruct", "testng",
    ]  # fmt: skip


def test_coordinates_with_properties_are_resolved(make_repo: RepoMaker) -> None:
    body = _properties(g="io.netty") + "<dependencies>" + dependency("${g}", "netty-all")
    body += dependency("${unknown}", "lombok") + "</dependencies>"
    assert _profile(make_repo({"pom.xml": pom(body)}))["frameworks"] == ["netty"]


def test_frameworks_from_a_parent_that_is_not_a_module(make_repo: RepoMaker) -> None:
    repo = make_repo({
        "pom.xml": _child("corp", "corp/pom.xml"),
        "corp/pom.xml": pom("<dependencies>" + dependency("org.projectlombok", "lombok")
                            + "</dependencies>", artifact="corp"),
    })  # fmt: skip
    assert _profile(repo)["frameworks"] == ["lombok"]


# --- malformed and hostile XML ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"", "malformed XML at line 1"),
        (b"<project>\n<name>x</name>\n", "malformed XML at line 3"),
        (b"<settings/>", "not a Maven POM (root element <settings>)"),
        (b"\xff\xfe\x00garbage", "malformed XML"),
    ],
)
def test_parse_pom_reports_readable_errors(data: bytes, message: str) -> None:
    with pytest.raises(PomError) as caught:
        parse_pom(data, "pom.xml")
    assert str(caught.value).startswith(message)


def test_malformed_root_pom_is_a_problem_not_an_exception(make_repo: RepoMaker) -> None:
    repo = make_repo({"pom.xml": "<project>\n  <artifactId>x</artifactId>\n  <oops>\n</project>"})
    report = collect(repo, use_cache=False)
    assert report.profile.build_tool is not None and report.profile.build_tool.value == "maven"
    assert report.profile.project_name is None
    assert len(report.problems) == 1
    assert report.problems[0].startswith("pom.xml: malformed XML at line 4: ")


def test_external_entities_are_never_resolved(make_repo: RepoMaker, tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP-SECRET-VALUE")
    text = (
        '<?xml version="1.0"?>\n'
        f'<!DOCTYPE project [<!ENTITY xxe SYSTEM "file://{secret}">\n'
        '<!ENTITY remote SYSTEM "http://192.0.2.1/x.dtd">]>\n'
        '<project xmlns="http://maven.apache.org/POM/4.0.0">'
        "<artifactId>safe</artifactId><name>&xxe;</name>"
        "<properties><java.version>&remote;</java.version></properties>"
        "<dependencies><dependency><groupId>&xxe;</groupId><artifactId>x</artifactId>"
        "</dependency></dependencies></project>"
    )
    report = collect(make_repo({"pom.xml": text}), use_cache=False)
    assert "TOP-SECRET-VALUE" not in report.model_dump_json()
    assert report.profile.project_name == "safe"
    assert report.profile.java_version is None


def test_entity_expansion_bomb_is_harmless(make_repo: RepoMaker) -> None:
    entities = '<!ENTITY a0 "lolololololololololo">' + "".join(
        f'<!ENTITY a{i} "{("&a" + str(i - 1) + ";") * 10}">' for i in range(1, 12)
    )
    text = (
        f'<?xml version="1.0"?>\n<!DOCTYPE project [{entities}]>\n'
        "<project><artifactId>bomb</artifactId><name>&a11;</name></project>"
    )
    started = time.thread_time()  # CPU time: waiting for a core costs the algorithm nothing
    report = collect(make_repo({"pom.xml": text}), use_cache=False)
    assert time.thread_time() - started < 2
    # Either refused by libxml2's amplification guard or left unexpanded: never expanded.
    assert report.profile.project_name in (None, "bomb")
    assert "lololo" not in report.model_dump_json()
