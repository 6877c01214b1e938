"""Hostile repositories: the collector never raises, never blocks, never loops, stays linear."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable

import pytest
from profile_helpers import RepoMaker, pom

from autopatch_memory import limits
from autopatch_memory.profile import ProfileReport, collect
from autopatch_memory.profile.gradle_dsl import parse_script
from autopatch_memory.profile.gradle_settings import parse_settings

HANG_DEADLINE_SECONDS = 30.0
# A quadratic pass over a 2 MiB settings file takes minutes; a linear one well under
# a second on a quiet machine. The bound is generous for a loaded two-core machine.
LINEAR_BOUND_SECONDS = 15.0
needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this platform")


def _without_hanging(action: Callable[[], ProfileReport]) -> ProfileReport:
    done = threading.Event()
    result: list[ProfileReport] = []

    def run() -> None:
        result.append(action())
        done.set()

    threading.Thread(target=run, daemon=True).start()
    assert done.wait(HANG_DEADLINE_SECONDS), "the collector blocked"
    return result[0]


# --- files that are not what they seem ---------------------------------------------------------


@pytest.mark.parametrize(
    "catalog",
    [
        "[versions]\njava = " + "[" * 5000 + "]" * 5000,
        "[libraries]\nx = " + "{ a = " * 3000 + "1" + " }" * 3000,
        "[bundles]\nx = " + "[" * 200_000,
    ],
    ids=["nested arrays", "nested tables", "unclosed arrays"],
)
def test_a_deeply_nested_catalog_is_a_problem_not_an_exception(
    make_repo: RepoMaker, catalog: str
) -> None:
    repo = make_repo({
        "build.gradle": "plugins { id 'io.quarkus' }\ndependencies { implementation libs.x }",
        "gradle/libs.versions.toml": catalog,
    })  # fmt: skip
    report = collect(repo, use_cache=False)
    assert report.profile.frameworks == ["quarkus"]
    assert report.problems == ["gradle/libs.versions.toml: malformed TOML: nested too deeply"]


@needs_fifo
@pytest.mark.parametrize(
    "fifo",
    ["pom.xml", "settings.gradle", "build.gradle", "README.md", "gradle/libs.versions.toml",
     "a/pom.xml", ".github/workflows/ci.yml"],
)  # fmt: skip
def test_a_fifo_in_place_of_any_file_is_a_problem_and_never_blocks(
    make_repo: RepoMaker, fifo: str
) -> None:
    files = {
        "pom.xml": pom("<modules><module>a</module></modules>"),
        "a/pom.xml": pom(artifact="a"),
        "settings.gradle": "include 'x'",
        "gradle/libs.versions.toml": "",
        ".github/workflows/ci.yml": "",
        "README.md": "",
    }
    files.pop(fifo, None)
    if fifo == "README.md":
        files = {}  # the README is read only when no build file names the project
    repo = make_repo(files)
    (repo / fifo).parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(repo / fifo)
    report = _without_hanging(lambda: collect(repo))
    assert report.problems.count(f"{fifo}: not a regular file") == 1
    assert report.profile.build_tool is not None or fifo == "README.md"


def test_a_file_swapped_for_a_fifo_after_the_check_does_not_block(
    make_repo: RepoMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs on this platform")
    repo = make_repo({"pom.xml": pom()})
    real_stat = os.stat

    def stat_then_swap(path: object, *args: object, **kwargs: object) -> os.stat_result:
        result = real_stat(path, *args, **kwargs)  # type: ignore[arg-type]
        if os.fspath(path) == str(repo / "pom.xml"):  # type: ignore[arg-type]
            os.unlink(repo / "pom.xml")
            os.mkfifo(repo / "pom.xml")
        return result

    monkeypatch.setattr(os, "stat", stat_then_swap)
    report = _without_hanging(lambda: collect(repo, use_cache=False))
    monkeypatch.undo()
    assert report.problems == ["pom.xml: cannot read (not a regular file)"]


# --- links that loop or climb ------------------------------------------------------------------


def test_a_module_linked_to_the_root_is_not_walked_again(make_repo: RepoMaker) -> None:
    repo = make_repo({"pom.xml": pom("<modules><module>s1</module><module>core</module>"
                                     "</modules>"),
                      "core/pom.xml": pom("<modules><module>up</module><module>deep</module>"
                                          "</modules>", artifact="core"),
                      "core/deep/pom.xml": pom(artifact="deep")})  # fmt: skip
    os.symlink(".", repo / "s1")
    os.symlink("..", repo / "core" / "up")
    report = collect(repo, use_cache=False)
    assert report.profile.modules == ["s1", "core", "core/up", "core/deep"]
    assert report.problems == [
        "pom.xml: module 's1' is a symbolic link back up the tree, not followed",
        "core/pom.xml: module 'up' is a symbolic link back up the tree, not followed",
    ]
    assert report.files_read == 3


def test_two_names_for_one_module_folder_are_read_once(make_repo: RepoMaker) -> None:
    repo = make_repo({"pom.xml": pom("<modules><module>real</module><module>alias</module>"
                                     "</modules>"),
                      "real/pom.xml": pom("<modules><module>child</module></modules>",
                                          artifact="real"),
                      "real/child/pom.xml": pom(artifact="child")})  # fmt: skip
    os.symlink("real", repo / "alias")
    report = collect(repo, use_cache=False)
    assert report.profile.modules == ["real", "real/child", "alias"]
    assert report.files_read == 3
    assert report.problems == []


def test_a_deep_declared_path_is_survived(make_repo: RepoMaker) -> None:
    deep = "/".join(["a"] * 3000)  # far past any path limit and the recursion limit
    repo = make_repo({"pom.xml": pom(f"<modules><module>{deep}</module></modules>"),
                      "settings.gradle": f"include '{deep.replace('/', ':')}'"})  # fmt: skip
    report = collect(repo)
    assert report.profile.module_count == 2
    assert all(len(m) <= limits.PROFILE_MAX_VALUE_CHARS for m in report.profile.modules)


def test_thousands_of_declared_modules_are_listed_but_probed_within_budget(
    make_repo: RepoMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(limits, "PROFILE_MAX_BUILD_FILES", 50)
    modules = [f"m{i}" for i in range(300)]
    maven = {f"{m}/pom.xml": pom(artifact=m) for m in modules}
    maven["pom.xml"] = pom("<modules>" + "".join(f"<module>{m}</module>" for m in modules)
                           + "</modules>")  # fmt: skip
    gradle = {f"{m}/build.gradle": "apply plugin: 'java'" for m in modules}
    gradle["settings.gradle"] = "".join(f"include ':{m}'\n" for m in modules)
    for files in (maven, gradle):
        report = collect(make_repo(files))
        assert report.profile.module_count == 300
        assert report.files_read == 50
        assert report.problems == ["stopped after reading 50 files"]


# --- linear on any shape --------------------------------------------------------------------


def _fill(unit: str, size: int) -> str:
    return (unit * (size // len(unit) + 1))[:size]


SIZE = limits.PROFILE_MAX_FILE_BYTES - 64
ADVERSARIAL_SETTINGS = {
    # include parsing used to check each new project against a list: quadratic
    "distinct includes": lambda: "".join(f"include ':m{i}'\n" for i in range(SIZE // 14)),
    "one long include list": lambda: "include " + ", ".join(f"'p{i}'" for i in range(SIZE // 9)),
    "repeated include": lambda: "include " + _fill("'x', ", SIZE),
    "unclosed quotes": lambda: _fill("include '", SIZE),
    "quotes": lambda: _fill("'\"", SIZE),
    "braces after a loop": lambda: 'listOf("a").forEach {' + _fill("{", SIZE),
    "closing braces": lambda: "listOf('a').forEach { include(it) }" + _fill("}", SIZE),
    "loops": lambda: _fill('listOf("a", "b").forEach { include(":x-$it") }\n', SIZE),
    "nested loops": lambda: _fill('listOf("a").forEach { ', SIZE),
    "each chains": lambda: _fill("x.each {", SIZE),
    "unclosed comments": lambda: _fill("/*", SIZE),
    "triple quotes": lambda: _fill('"""', SIZE),
    "templates": lambda: 'include("' + _fill("$it", SIZE) + '")',
    "concatenations": lambda: "include(" + _fill('"a" + ', SIZE) + '"b")',
    "assignments": lambda: _fill("val x = ", SIZE),
    "reassignments": lambda: "var x = 'a'\n" + _fill("x = x\n", SIZE),
    "for headers": lambda: _fill("for (x in ", SIZE),
    "catalog blocks": lambda: "versionCatalogs {" + _fill('create("x") {', SIZE),
    "identifiers": lambda: _fill("implementation.api.", SIZE),
}


@pytest.mark.reliability
@pytest.mark.parametrize("shape", sorted(ADVERSARIAL_SETTINGS))
def test_settings_and_scripts_are_linear_on_adversarial_shapes(shape: str) -> None:
    text = ADVERSARIAL_SETTINGS[shape]()[:SIZE]
    started = time.thread_time()  # CPU time: waiting for a core costs the algorithm nothing
    settings = parse_settings(text)
    parse_script(text)
    assert time.thread_time() - started < LINEAR_BOUND_SECONDS
    assert len(settings.projects) <= limits.PROFILE_MAX_SETTINGS_STEPS


@pytest.mark.reliability
def test_a_2_mib_settings_file_through_the_collector(make_repo: RepoMaker) -> None:
    text = ADVERSARIAL_SETTINGS["distinct includes"]()[:SIZE]
    repo = make_repo({"settings.gradle": text})
    started = time.thread_time()  # CPU time: waiting for a core costs the algorithm nothing
    report = collect(repo)
    assert time.thread_time() - started < LINEAR_BOUND_SECONDS
    assert report.profile.module_count is not None and report.profile.module_count > 1000
    assert len(report.profile.modules) == limits.PROFILE_MAX_LIST_ITEMS
