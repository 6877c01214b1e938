"""Hostile but legal input profiles fast, in linear time, within its budgets (issue 29 item 9).

Each input is generated here (no big file is committed): a Gradle script repeating one
keyword thousands of times, a POM of 85,000 modules, a version catalog of 25,000
libraries that a script all uses, settings including thousands of projects. Each must
profile within :data:`TIME_BOUND_SECONDS` of CPU time and scale linearly: twice the
input costs at most :data:`SCALING_BOUND` times the time. Then the budgets themselves:
every parser stops at its CPU budget, and every file is capped before it is parsed,
each time with a problem, never an exception.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pytest
from profile_helpers import RepoMaker, pom

from autopatch_memory import limits
from autopatch_memory.profile import collect
from autopatch_memory.profile.gradle_dsl import parse_script
from autopatch_memory.profile.gradle_settings import parse_settings

# Generous for a loaded two-core machine: these inputs take 5–400 ms of CPU here.
TIME_BOUND_SECONDS = 1.0
SCALING_BOUND = 2.5
RUNS = 3  # the least CPU time of a few runs: a stray collection or cache miss is not the code

Files = dict[str, str]


def _cpu_seconds(action: Callable[[], object]) -> float:
    best = float("inf")
    for _ in range(RUNS):
        started = time.thread_time()  # CPU time: waiting for a core costs the code nothing
        action()
        best = min(best, time.thread_time() - started)
    return best


def _profile_seconds(make_repo: RepoMaker, files: Files) -> float:
    repo = make_repo(files)
    report = collect(repo, use_cache=False)
    assert not any("CPU time" in problem for problem in report.problems), report.problems
    return _cpu_seconds(lambda: collect(repo, use_cache=False))


def _assert_fast_and_linear(make_repo: RepoMaker, build: Callable[[int], Files], n: int) -> None:
    """``build(n)`` profiles within the time bound, and ``build(2n)`` costs at most the
    scaling bound times ``build(n)``."""
    single = _profile_seconds(make_repo, build(n))
    double = _profile_seconds(make_repo, build(2 * n))
    assert double <= TIME_BOUND_SECONDS, f"{double:.3f} s at twice the input"
    # A floor keeps a millisecond of noise on a tiny time from failing the ratio.
    assert double <= SCALING_BOUND * max(single, 0.005), f"{single:.4f} s → {double:.4f} s"


# --- a Gradle script repeating one keyword ------------------------------------------------------

# Every literal the script and settings readers look for, and the openings of their forms.
KEYWORDS = [
    "implementation", "include", "id", "apply", "sourceCompatibility", "languageVersion",
    "release", "group", "libs.", "mn.", "forEach", "for", "val", "var", "def", "project",
    "rootProject.name =", "includeBuild", "jvmToolchain(", "testRuntime", "JavaLanguageVersion.of(",
    "JavaVersion.toVersion(", "options.release = (", "implementation(platform(",
    "implementation 'a:b', ", "include 'a', ", 'include("a" + ', "listOf(\"a\",",
    'project("a").projectDir = file(', "for (x in listOf(", "x.forEach { a -> ",
    'versionCatalogs { create("x") { library("a", ', 'bundle("a", listOf(',
    "group: 'a', name: ", "apply from: '", "apply plugin: '", "findLibrary(\"", "add(\"api\", ",
    "useJUnitJupiter()", "{", "(", '"', "'", "$", "/*", '"""', "api", "val x = 1\n",
    "jvmToolchain(x)\n", "libs.findLibrary(", "named(\"libs\").", "pluginManager.apply(\"",
]  # fmt: skip
SCRIPT_BYTES = 20 * 1024


# Apart, and glued into one long word (`apiapiapi…`: every hit inside one word).
GLUES = {"spaced": " ", "glued": ""}


def _repeated(keyword: str, size: int, glue: str) -> str:
    unit = keyword + glue
    return (unit * (size // len(unit) + 1))[:size]


def _script_repo(keyword: str, glue: str) -> Callable[[int], Files]:
    def build(size: int) -> Files:
        text = _repeated(keyword, size, glue)
        return {"settings.gradle": text, "build.gradle": text, "build-logic/build.gradle": text}

    return build


@pytest.mark.parametrize("glue", GLUES)
@pytest.mark.parametrize("keyword", KEYWORDS)
def test_a_script_repeating_one_keyword(make_repo: RepoMaker, keyword: str, glue: str) -> None:
    _assert_fast_and_linear(make_repo, _script_repo(keyword, GLUES[glue]), SCRIPT_BYTES // 2)


@pytest.mark.parametrize("glue", GLUES)
@pytest.mark.parametrize("keyword", KEYWORDS)
def test_the_parsers_alone_on_a_repeated_keyword(keyword: str, glue: str) -> None:
    # Without the collector's fixed costs, at four times the size: a quadratic pass shows.
    def parse(size: int) -> Callable[[], object]:
        text = _repeated(keyword, size, GLUES[glue])
        # Within the time bound by being fast, not by being stopped by the budget.
        assert parse_script(text).complete and not parse_settings(text).out_of_time
        return lambda: (parse_script(text), parse_settings(text))

    single = _cpu_seconds(parse(2 * SCRIPT_BYTES))
    double = _cpu_seconds(parse(4 * SCRIPT_BYTES))
    assert double <= TIME_BOUND_SECONDS
    assert double <= SCALING_BOUND * max(single, 0.005), f"{single:.4f} s → {double:.4f} s"


# --- a POM of 85,000 modules --------------------------------------------------------------------


def _pom_modules(count: int) -> Files:
    modules = "".join(f"<module>m{i}</module>" for i in range(count))
    return {"pom.xml": pom(f"<modules>{modules}</modules>")}


def test_a_pom_of_85_thousand_modules(make_repo: RepoMaker) -> None:
    files = _pom_modules(85_000)
    assert len(files["pom.xml"].encode()) <= limits.PROFILE_MAX_FILE_BYTES  # read, not refused
    _assert_fast_and_linear(make_repo, _pom_modules, 42_500)
    report = collect(make_repo(files), use_cache=False)
    assert report.profile.module_count == 85_000


# --- a catalog of 25,000 libraries, all used ------------------------------------------------------

_GROUPS = ("org.springframework.boot", "org.junit.jupiter", "io.netty", "com.example.internal")


def _catalog_all_used(count: int) -> Files:
    libraries = "".join(f'lib{i} = "{_GROUPS[i % 4]}:a{i}:1"\n' for i in range(count))
    uses = "".join(f"    implementation(libs.lib{i})\n" for i in range(count))
    return {
        "settings.gradle.kts": 'rootProject.name = "many"\n',
        "gradle/libs.versions.toml": f"[libraries]\n{libraries}",
        "build.gradle.kts": f"dependencies {{\n{uses}}}\n",
    }


def test_a_catalog_of_25_thousand_libraries_all_used(make_repo: RepoMaker) -> None:
    files = _catalog_all_used(25_000)
    assert len(files["gradle/libs.versions.toml"].encode()) <= limits.PROFILE_MAX_CATALOG_BYTES
    _assert_fast_and_linear(make_repo, _catalog_all_used, 12_500)
    report = collect(make_repo(files), use_cache=False)
    assert report.profile.frameworks == ["spring boot", "netty", "junit5"]
    assert report.problems == []


# --- settings with thousands of includes ---------------------------------------------------------


def _includes(count: int) -> Files:
    kts = "".join(f'include(":group{i % 50}:project-{i}")\n' for i in range(count))
    return {"settings.gradle.kts": kts}


def test_settings_with_thousands_of_includes(make_repo: RepoMaker) -> None:
    _assert_fast_and_linear(make_repo, _includes, 3_000)
    report = collect(make_repo(_includes(6_000)), use_cache=False)
    assert report.profile.module_count == 6_000


# --- the budgets stop a parse, with a problem -------------------------------------------------------


@pytest.fixture
def no_parse_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every parse's CPU budget is spent at its first look at the clock."""
    monkeypatch.setattr(limits, "PROFILE_PARSE_CPU_SECONDS", 0.0)


def _cut(rel: str) -> str:
    return f"{rel}: cut short after 0 s of CPU time; the rest not read"


MANY = 200  # far more items than a budget lets through before it looks at the clock


@pytest.mark.usefixtures("no_parse_time")
def test_a_script_past_its_budget_is_cut_short(make_repo: RepoMaker) -> None:
    deps = "".join(f"    implementation 'io.netty:netty-{i}:4'\n" for i in range(MANY))
    repo = make_repo({"build.gradle": f"dependencies {{\n{deps}}}\n"})
    report = collect(repo, use_cache=False)
    assert report.problems == [_cut("build.gradle")]
    assert report.profile.frameworks == ["netty"]  # what was read before the cut counts


@pytest.mark.usefixtures("no_parse_time")
def test_settings_past_their_budget_are_cut_short(make_repo: RepoMaker) -> None:
    includes = "".join(f"include ':m{i}'\n" for i in range(MANY))
    report = collect(make_repo({"settings.gradle": includes}), use_cache=False)
    assert report.problems == [_cut("settings.gradle")]
    assert (report.profile.module_count or 0) < MANY


@pytest.mark.usefixtures("no_parse_time")
def test_a_catalog_past_its_budget_is_cut_short(make_repo: RepoMaker) -> None:
    libraries = "".join(f'lib{i} = "io.netty:netty-{i}:4"\n' for i in range(MANY))
    repo = make_repo({"gradle/libs.versions.toml": f"[libraries]\n{libraries}",
                      "build.gradle.kts": "dependencies { implementation(libs.lib0) }"})  # fmt: skip
    report = collect(repo, use_cache=False)
    assert _cut("gradle/libs.versions.toml") in report.problems


@pytest.mark.usefixtures("no_parse_time")
def test_a_pom_past_its_budget_is_cut_short(make_repo: RepoMaker) -> None:
    modules = "".join(f"<module>m{i}</module>" for i in range(MANY))
    report = collect(make_repo({"pom.xml": pom(f"<modules>{modules}</modules>")}),
                     use_cache=False)  # fmt: skip
    assert report.problems[0] == _cut("pom.xml")
    assert report.profile.module_count is not None and report.profile.module_count < MANY


def test_a_collection_past_its_budget_reads_no_further_file(
    make_repo: RepoMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(limits, "PROFILE_COLLECT_CPU_SECONDS", 0.0)
    settings = "".join(f"include ':m{i}'\n" for i in range(MANY))
    files = {"settings.gradle": settings}
    files.update({f"m{i}/build.gradle": "apply plugin: 'java'" for i in range(MANY)})
    report = collect(make_repo(files), use_cache=False)
    assert report.problems == ["stopped after 0 s of CPU time; the rest not read"]
    assert report.files_read < MANY
    assert report.profile.module_count == MANY  # declared in the settings, read before


# --- caps on what is read before parsing ------------------------------------------------------------


def test_a_script_larger_than_the_cap_is_read_up_to_its_last_whole_line(
    make_repo: RepoMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(limits, "PROFILE_MAX_FILE_BYTES", 1000)
    lines = [f"include ':m{i:03d}'\n" for i in range(100)]  # 16 bytes a line
    report = collect(make_repo({"settings.gradle": "".join(lines)}), use_cache=False)
    whole = 1000 // 16
    assert report.problems == [
        f"settings.gradle: cut short: only its first {whole * 16} bytes read"
    ]
    assert report.profile.module_count == whole  # no half line: `include ':m06` is not m062


def test_a_catalog_larger_than_its_cap_is_read_up_to_its_last_whole_line(
    make_repo: RepoMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(limits, "PROFILE_MAX_CATALOG_BYTES", 200)
    libraries = "".join(f'l{i:02d} = "io.netty:netty-{i:02d}:4"\n' for i in range(40))
    uses = "".join(f"implementation(libs.l{i:02d})\n" for i in (0, 39))
    repo = make_repo({"gradle/libs.versions.toml": f"[libraries]\n{libraries}",
                      "build.gradle.kts": f"dependencies {{\n{uses}}}"})  # fmt: skip
    report = collect(repo, use_cache=False)
    assert len(report.problems) == 1
    assert report.problems[0].startswith("gradle/libs.versions.toml: cut short: only its first ")
    assert report.profile.frameworks == ["netty"]  # l00 was read; l39 was past the cap


def test_a_pom_larger_than_the_cap_is_not_read(
    make_repo: RepoMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(limits, "PROFILE_MAX_FILE_BYTES", 1000)
    modules = "".join(f"<module>m{i}</module>" for i in range(MANY))
    report = collect(make_repo({"pom.xml": pom(f"<modules>{modules}</modules>")}),
                     use_cache=False)  # fmt: skip
    assert report.problems == ["pom.xml: not read (larger than 1000 bytes)"]
    assert report.profile.build_tool is not None


def test_a_whole_2_mib_of_includes_is_within_the_budgets(tmp_path: Path) -> None:
    # The largest settings file read: its parse ends within the bound, cut or not.
    text = "".join(f"include ':m{i}'\n" for i in range(limits.PROFILE_MAX_FILE_BYTES // 16))
    assert _cpu_seconds(lambda: parse_settings(text)) <= TIME_BOUND_SECONDS + 0.2
