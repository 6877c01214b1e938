"""The collector: build tool choice, README fallback, caps, robustness and the cache."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from profile_helpers import RepoMaker, bump_mtime, dependency, pom, settle, write_files

from autopatch_memory import limits
from autopatch_memory.model import RepoProfile
from autopatch_memory.profile import CACHE_FILE_NAME, clear_cache, collect, collect_repo_profile
from autopatch_memory.profile import files as files_module
from autopatch_memory.profile.readme import first_title

GRADLE = {"settings.gradle": "rootProject.name = 'g-name'", "build.gradle": "apply plugin: 'java'"}
MAVEN = {"pom.xml": pom("<name>m-name</name>")}


def _cache(repo: Path) -> Path:
    return repo / ".autopatch-j" / CACHE_FILE_NAME


# --- build tool --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("extra", "expected"),
    [
        ({}, "maven+gradle"),
        ({"mvnw": "#!/bin/sh\n"}, "maven"),
        ({"mvnw.cmd": "@echo off\n"}, "maven"),
        ({"gradlew": "#!/bin/sh\n"}, "gradle"),
        ({"gradlew.bat": "@echo off\n"}, "gradle"),
        ({"mvnw": "", "gradlew": ""}, "maven+gradle"),
        ({".github/workflows/ci.yml": "steps:\n  - run: mvn -B verify\n"}, "maven"),
        ({".github/workflows/ci.yaml": "steps:\n  - run: ./gradlew build\n"}, "gradle"),
        ({".github/workflows/a.yml": "run: mvn test",
          ".github/workflows/b.yml": "run: gradle build"}, "maven+gradle"),
        ({".gitlab-ci.yml": "script:\n  - mvn package\n"}, "maven"),
        ({"Jenkinsfile": "sh './gradlew check'"}, "gradle"),
        # a wrapper decides on its own; CI is only asked when there is none
        ({"mvnw": "", ".github/workflows/ci.yml": "run: ./gradlew build"}, "maven"),
        ({".github/workflows/ci.yml": "uses: actions/setup-java@v4\n  with:\n    cache: maven"},
         "maven"),
    ],
)  # fmt: skip
def test_build_tool_when_both_are_present(
    make_repo: RepoMaker, extra: dict[str, str], expected: str
) -> None:
    repo = make_repo({**MAVEN, **GRADLE, **extra})
    profile = collect(repo, use_cache=False).profile
    assert profile.build_tool is not None and profile.build_tool.value == expected
    assert profile.source_files[:3] == (
        ["settings.gradle", "build.gradle", "pom.xml"] if expected == "gradle"
        else ["pom.xml", "settings.gradle", "build.gradle"]
    )  # fmt: skip
    assert profile.project_name == ("g-name" if expected == "gradle" else "m-name")


def test_single_tool_repos_ignore_wrappers_of_the_other(make_repo: RepoMaker) -> None:
    repo = make_repo({**MAVEN, "gradlew": ""})
    profile = collect(repo, use_cache=False).profile
    assert profile.build_tool is not None and profile.build_tool.value == "maven"


def test_no_build_file_and_no_readme_gives_an_empty_profile(make_repo: RepoMaker) -> None:
    repo = make_repo({"src/Main.java": "class Main {}", "docs/notes.md": "# Not a README"})
    report = collect(repo, use_cache=False)
    assert report.profile.facts() == RepoProfile().facts()
    assert report.profile.updated_at is not None
    assert report.problems == []


# --- README --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "asciidoc", "expected"),
    [
        ("# Mall\n\nAn online shop.", False, "Mall"),
        ("Intro line\n\n# Title #\n## Later", False, "Title"),
        ("Setext Title\n============\n\ntext", False, "Setext Title"),
        # a README that opens with a section has no title: a section is not a name
        ("Intro line\n\n## Sub Title ##\n# Later", False, None),
        ("Second Level\n------------", False, None),
        ("# Introduction\n\nThis service...", False, None),
        ("# 1. Getting Started\n", False, None),
        ("# 快速开始\n\n运行 mvn package", False, None),
        ("# 项目简介：\n", False, None),
        ("# 🚀 Overview", False, None),
        ("text\n\n---\n\n# After rule", False, "After rule"),
        ("[![ci](https://b/x.svg)](https://ci)\n\n# **Fleet** [Tracker](docs/x.md)", False,
         "Fleet Tracker"),
        ('<p align="center"><img src="logo.png"/></p>\n<h1 align="center">Mall Swarm</h1>', False,
         "Mall Swarm"),
        ("```\n# inside a fence\n```\n# Outside", False, "Outside"),
        ("#hashtag is not a heading\n# Real", False, "Real"),
        ("= Ledger Service\n:toc:", True, "Ledger Service"),
        ("== Section\n= Title", True, None),
        ("# Markdown-style title in AsciiDoc", True, "Markdown-style title in AsciiDoc"),
        ("no titles at all", False, None),
        ("", False, None),
    ],
)  # fmt: skip
def test_first_title(text: str, asciidoc: bool, expected: str | None) -> None:
    assert first_title(text, asciidoc=asciidoc) == expected


@pytest.mark.parametrize(
    ("files", "expected_name", "expected_source"),
    [
        ({"README.md": "# From md", "README": "# From plain", "README.adoc": "= From adoc"},
         "From md", "README.md"),
        ({"README": "Plain Title\n===", "README.adoc": "= From adoc"}, "Plain Title", "README"),
        ({"readme.md": "# lower", "README.adoc": "= From adoc"}, "lower", "readme.md"),
        ({"README.adoc": "= From adoc"}, "From adoc", "README.adoc"),
    ],
)  # fmt: skip
def test_readme_order(
    make_repo: RepoMaker, files: dict[str, str], expected_name: str, expected_source: str
) -> None:
    profile = collect(make_repo(files), use_cache=False).profile
    assert (profile.project_name, profile.source_files) == (expected_name, [expected_source])
    assert profile.build_tool is None


def test_readme_is_not_read_when_a_build_file_names_the_project(make_repo: RepoMaker) -> None:
    report = collect(make_repo({**MAVEN, "README.md": "# Other"}), use_cache=False)
    assert report.profile.project_name == "m-name"
    assert report.profile.source_files == ["pom.xml"]
    assert report.files_read == 1


def test_gradle_without_root_project_name_is_named_after_its_folder(
    make_repo: RepoMaker,
) -> None:
    # Gradle's default: the checkout folder's name, not a README heading.
    readme = "# Gradle Thing\n\n## Usage\n"
    for files in ({"build.gradle": "apply plugin: 'java'", "README.md": readme},
                  {"settings.gradle.kts": 'include("app")', "README.md": readme}):  # fmt: skip
        repo = make_repo(files, name=f"checkout-{len(files)}-{next(iter(files))}")
        report = collect(repo, use_cache=False)
        assert report.profile.project_name == repo.name
        assert "README.md" not in report.profile.source_files
        assert report.files_read == 1


def test_huge_readme_is_read_only_at_its_top(make_repo: RepoMaker) -> None:
    text = "# Big\n" + "x" * (limits.PROFILE_README_BYTES * 4)
    report = collect(make_repo({"README.md": text}), use_cache=False)
    assert report.profile.project_name == "Big"
    assert report.problems == []


# --- caps ------------------------------------------------------------------------------------


def test_lists_are_capped_and_values_clipped(make_repo: RepoMaker) -> None:
    long_name = "m" * 200  # longer than a value may be, short enough for a file name
    modules = [f"module-{i:02d}" for i in range(30)] + [long_name]
    files = {"pom.xml": pom("<name>" + "N" * 500 + "</name><modules>"
                            + "".join(f"<module>{m}</module>" for m in [long_name, *modules])
                            + "</modules>")}  # fmt: skip
    for module in modules:
        files[f"{module}/pom.xml"] = pom(artifact=module)
    profile = collect(make_repo(files), use_cache=False).profile
    assert len(profile.modules) == limits.PROFILE_MAX_LIST_ITEMS
    assert len(profile.source_files) == limits.PROFILE_MAX_LIST_ITEMS
    assert profile.modules[0] == "m" * (limits.PROFILE_MAX_VALUE_CHARS - 1) + limits.CLIP_MARK
    assert profile.modules[1:3] == ["module-00", "module-01"]
    # A 500-character <name> is no name (docs/profile.md#names): the artifactId stands.
    assert profile.project_name == "demo"
    assert all(len(v) <= limits.PROFILE_MAX_VALUE_CHARS for v in profile.source_files)


def test_spring_is_dropped_when_spring_boot_is_there(make_repo: RepoMaker) -> None:
    body = "<dependencies>" + dependency("org.springframework", "spring-context")
    repo_plain = make_repo({"pom.xml": pom(body + "</dependencies>")})
    body += dependency("org.springframework.boot", "spring-boot-starter") + "</dependencies>"
    repo_boot = make_repo({"pom.xml": pom(body)})
    assert collect(repo_plain, use_cache=False).profile.frameworks == ["spring"]
    assert collect(repo_boot, use_cache=False).profile.frameworks == ["spring boot"]


# --- robustness -----------------------------------------------------------------------------


def test_missing_path_gives_an_empty_profile(tmp_path: Path) -> None:
    report = collect(tmp_path / "nope")
    assert report.profile.facts() == RepoProfile().facts()
    assert report.problems == [f"{tmp_path / 'nope'}: not a folder"]
    assert collect_repo_profile(tmp_path / "nope").is_empty
    assert not (tmp_path / "nope").exists()


def test_a_file_path_gives_an_empty_profile(tmp_path: Path) -> None:
    path = tmp_path / "pom.xml"
    path.write_text(pom())
    assert collect_repo_profile(path).is_empty


def test_a_folder_named_like_a_build_file_is_not_read(make_repo: RepoMaker) -> None:
    repo = make_repo({"pom.xml/oops.txt": "", "build.gradle/x": "", "README.md/y": ""})
    report = collect(repo, use_cache=False)
    assert report.profile.is_empty
    assert report.files_read == 0


RUNS_AS_ROOT = os.geteuid() == 0 if hasattr(os, "geteuid") else True


@pytest.mark.skipif(
    RUNS_AS_ROOT, reason="root reads files whatever their mode; see the monkeypatched test"
)
def test_unreadable_file_by_mode_is_a_problem(make_repo: RepoMaker) -> None:
    repo = make_repo({"pom.xml": pom("<modules><module>a</module></modules>"),
                      "a/pom.xml": pom(artifact="a")})  # fmt: skip
    (repo / "a" / "pom.xml").chmod(0)
    try:
        report = collect(repo, use_cache=False)
    finally:
        (repo / "a" / "pom.xml").chmod(0o644)
    assert report.profile.modules == ["a"]
    assert report.problems == ["a/pom.xml: cannot read (permission denied)"]


def test_unreadable_file_is_a_problem(
    make_repo: RepoMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    repo = make_repo({"pom.xml": pom("<modules><module>a</module></modules>"),
                      "a/pom.xml": pom("<dependencies>" + dependency("io.netty", "netty-all")
                                       + "</dependencies>", artifact="a")})  # fmt: skip
    real_read = files_module.read_no_follow
    denied = os.path.realpath(repo / "a" / "pom.xml")

    def guarded_read(path: Path, *, max_bytes: int | None = None) -> bytes:
        # What the OS answers for a mode-000 file when the tests do not run as root.
        if os.fspath(path) == denied:
            raise PermissionError(13, "Permission denied", os.fspath(path))
        return real_read(path, max_bytes=max_bytes)

    monkeypatch.setattr(files_module, "read_no_follow", guarded_read)
    report = collect(repo, use_cache=False)
    assert report.profile.modules == ["a"]
    assert report.profile.frameworks == []
    assert report.problems == ["a/pom.xml: cannot read (permission denied)"]
    assert report.files_read == 1


def test_symlink_loops_are_survived(make_repo: RepoMaker) -> None:
    repo = make_repo({"pom.xml": pom("<modules><module>loop</module><module>ok</module>"
                                     "</modules>"), "ok/pom.xml": pom(artifact="ok")})  # fmt: skip
    os.symlink("loop", repo / "loop")
    # settings.gradle -> self.gradle -> settings.gradle
    os.symlink("self.gradle", repo / "settings.gradle")
    os.symlink("settings.gradle", repo / "self.gradle")
    report = collect(repo)
    assert report.profile.modules == ["loop", "ok"]
    assert report.profile.build_tool is not None and report.profile.build_tool.value == "maven"
    assert any(p.startswith("loop/pom.xml: cannot access") for p in report.problems)
    assert any(p.startswith("settings.gradle: cannot access") for p in report.problems)
    assert collect(repo).profile.facts() == report.profile.facts()


def test_symlinks_leaving_the_repository_are_not_read(make_repo: RepoMaker, tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    write_files(outside, {
        "pom.xml": pom("<dependencies>" + dependency("io.quarkus", "quarkus-core")
                       + "</dependencies>", artifact="outside"),
        "README.md": "# Outside Secret Title",
    })  # fmt: skip
    repo = make_repo({"pom.xml": pom("<modules><module>ext</module><module>inner</module>"
                                     "</modules>")})  # fmt: skip
    os.symlink(outside, repo / "ext")
    os.symlink(repo / "ext", repo / "inner")  # a link to a link that leaves
    readme_repo = make_repo({})
    os.symlink(outside / "README.md", readme_repo / "README.md")

    report = collect(repo, use_cache=False)
    assert report.profile.frameworks == []
    assert report.profile.modules == ["ext", "inner"]
    assert report.files_read == 1
    assert report.problems == [
        "ext/pom.xml: not read (a symbolic link that leaves the repository)",
        "inner/pom.xml: not read (a symbolic link that leaves the repository)",
    ]
    readme_report = collect(readme_repo, use_cache=False)
    assert readme_report.profile.project_name is None
    assert readme_report.files_read == 0


def test_symlinks_inside_the_repository_are_followed(make_repo: RepoMaker) -> None:
    repo = make_repo({
        "pom.xml": pom("<modules><module>alias</module></modules>"),
        "real/pom.xml": pom("<dependencies>" + dependency("io.netty", "netty-all")
                            + "</dependencies>", artifact="real"),
    })  # fmt: skip
    os.symlink("real", repo / "alias")
    assert collect(repo, use_cache=False).profile.frameworks == ["netty"]


def test_generated_folders_and_our_own_are_never_read(make_repo: RepoMaker) -> None:
    repo = make_repo({
        "settings.gradle": "include 'build', 'out:x', 'node_modules:y', '.gradle:z', 'ok'",
        "build/build.gradle": "plugins { id 'io.quarkus' }",
        "out/x/build.gradle": "plugins { id 'io.quarkus' }",
        "node_modules/y/build.gradle": "plugins { id 'io.quarkus' }",
        ".gradle/z/build.gradle": "plugins { id 'io.quarkus' }",
        "ok/build.gradle": "plugins { id 'io.micronaut.application' }",
        "target/pom.xml": pom(),
        ".git/README.md": "# git internals",
    })  # fmt: skip
    report = collect(repo, use_cache=False)
    assert report.profile.frameworks == ["micronaut"]
    assert report.profile.source_files == ["settings.gradle", "ok/build.gradle"]
    assert report.files_read == 2
    assert len(report.problems) == 4


def test_oversized_build_file_is_a_problem(make_repo: RepoMaker) -> None:
    padding = "<!--" + "x" * limits.PROFILE_MAX_FILE_BYTES + "-->"
    report = collect(make_repo({"pom.xml": pom(padding)}), use_cache=False)
    assert report.problems == [
        f"pom.xml: not read (larger than {limits.PROFILE_MAX_FILE_BYTES} bytes)"
    ]
    assert report.files_read == 0


# --- the cache ----------------------------------------------------------------------------------


def _maven_repo(make_repo: RepoMaker) -> Path:
    repo = make_repo({
        "pom.xml": pom("<name>cached</name><modules><module>a</module><module>b</module>"
                       "</modules>"),
        "a/pom.xml": pom(artifact="a"),
    })  # fmt: skip
    settle(repo)
    return repo


def test_cache_hit_serves_the_stored_profile(make_repo: RepoMaker) -> None:
    repo = _maven_repo(make_repo)
    first = collect(repo)
    second = collect(repo)
    assert (first.from_cache, second.from_cache) == (False, True)
    assert first.files_read == 2 and second.files_read == 0
    assert second.profile == first.profile  # including the original updated_at
    assert second.problems == first.problems == ["pom.xml: declared module 'b' has no pom.xml"]
    assert collect_repo_profile(repo) == first.profile


def test_cache_records_read_and_absent_inputs(make_repo: RepoMaker) -> None:
    repo = _maven_repo(make_repo)
    collect(repo)
    record = json.loads(_cache(repo).read_text())
    flat = record["present"]
    present = {
        rel: (size, mtime)
        for rel, size, mtime in zip(flat[::3], flat[1::3], flat[2::3], strict=True)
    }
    assert present["pom.xml"][0] == (repo / "pom.xml").stat().st_size
    assert present["a/pom.xml"][1] == (repo / "a" / "pom.xml").stat().st_mtime_ns
    for absent in ("b/pom.xml", "settings.gradle", "settings.gradle.kts", "build.gradle",
                   "build.gradle.kts"):  # fmt: skip
        assert absent in record["absent"]
    assert record["errors"] == []
    assert record["root_name"] == repo.name
    assert record["root"] == [repo.stat().st_dev, repo.stat().st_ino]


def test_touching_a_module_pom_invalidates(make_repo: RepoMaker) -> None:
    repo = _maven_repo(make_repo)
    collect(repo)
    bump_mtime(repo / "a" / "pom.xml")
    assert not collect(repo).from_cache
    assert collect(repo).from_cache


def test_same_size_edit_invalidates(make_repo: RepoMaker) -> None:
    repo = _maven_repo(make_repo)
    assert collect(repo).profile.project_name == "cached"
    text = (repo / "pom.xml").read_text().replace("cached", "CACHED")
    (repo / "pom.xml").write_text(text)
    settle(repo)  # an older mtime than before, same size: still a different fingerprint
    report = collect(repo)
    assert (report.from_cache, report.profile.project_name) == (False, "CACHED")


def test_a_new_settings_gradle_invalidates(make_repo: RepoMaker) -> None:
    repo = _maven_repo(make_repo)
    assert collect(repo).profile.build_tool.value == "maven"  # type: ignore[union-attr]
    write_files(repo, {"settings.gradle": "rootProject.name = 'x'"})
    settle(repo)
    report = collect(repo)
    assert not report.from_cache
    assert report.profile.build_tool.value == "maven+gradle"  # type: ignore[union-attr]


def test_a_declared_module_appearing_invalidates(make_repo: RepoMaker) -> None:
    repo = _maven_repo(make_repo)
    collect(repo)
    write_files(repo, {"b/pom.xml": pom("<dependencies>" + dependency("io.netty", "netty-all")
                                        + "</dependencies>", artifact="b")})  # fmt: skip
    settle(repo)
    report = collect(repo)
    assert (report.from_cache, report.profile.frameworks, report.problems) == (False, ["netty"], [])


def test_a_new_ci_workflow_invalidates_the_tool_decision(make_repo: RepoMaker) -> None:
    repo = make_repo({**MAVEN, **GRADLE, ".github/workflows/keep.txt": ""})
    settle(repo)
    assert collect(repo).profile.build_tool.value == "maven+gradle"  # type: ignore[union-attr]
    write_files(repo, {".github/workflows/ci.yml": "run: ./gradlew build"})
    settle(repo)
    bump_mtime(repo / ".github" / "workflows")
    assert collect(repo).profile.build_tool.value == "gradle"  # type: ignore[union-attr]


def test_freshly_written_files_are_not_trusted_from_the_cache(make_repo: RepoMaker) -> None:
    repo = make_repo(MAVEN)  # mtimes are "now": within the racy window
    collect(repo)
    assert not collect(repo).from_cache


@pytest.mark.parametrize(
    "content",
    [b"", b"{not json", b'{"format": 1}', b"[]", b"\xff\xfe",
     b'{"format": 999, "collected_at_ns": 0, "inputs": {}, "profile": {}, "problems": []}'],
)  # fmt: skip
def test_corrupt_or_foreign_cache_is_ignored_and_replaced(
    make_repo: RepoMaker, content: bytes
) -> None:
    repo = _maven_repo(make_repo)
    collect(repo)
    _cache(repo).write_bytes(content)
    report = collect(repo)
    assert not report.from_cache
    assert report.profile.project_name == "cached"
    assert collect(repo).from_cache


def test_a_cache_that_lies_about_inputs_is_not_trusted(make_repo: RepoMaker) -> None:
    repo = _maven_repo(make_repo)
    collect(repo)
    original = json.loads(_cache(repo).read_text())
    lies = [
        {"present": ["pom.xml", 1, 1]},  # a wrong fingerprint
        {"absent": ["pom.xml"]},  # a present file claimed absent
        {"errors": ["pom.xml", 40]},  # a readable file claimed unreadable
        {"root": [0, 0]},  # another folder's cache
        {"root_name": "elsewhere"},
        {"present": "not a list"},
        {"collected_at_ns": "soon"},
    ]
    for change in lies:
        _cache(repo).write_text(json.dumps({**original, **change}))
        assert not collect(repo).from_cache, change
        _cache(repo).write_text(json.dumps(original))
        assert collect(repo).from_cache


def test_use_cache_false_neither_reads_nor_writes(make_repo: RepoMaker) -> None:
    repo = _maven_repo(make_repo)
    report = collect(repo, use_cache=False)
    assert not report.from_cache
    assert not (repo / ".autopatch-j").exists()
    collect(repo)
    assert not collect(repo, use_cache=False).from_cache


def test_collector_writes_nothing_outside_its_folder(make_repo: RepoMaker) -> None:
    repo = _maven_repo(make_repo)

    def tree() -> set[str]:
        return {
            os.path.relpath(os.path.join(folder, name), repo)
            for folder, _, names in os.walk(repo)
            for name in names
        }

    before = tree()
    collect(repo)
    collect(repo)
    # The folder's .gitignore is written with it (it keeps the folder out of git).
    assert tree() - before == {
        os.path.join(".autopatch-j", CACHE_FILE_NAME),
        os.path.join(".autopatch-j", ".gitignore"),
    }


def test_state_folder_that_is_a_link_is_not_written_through(
    make_repo: RepoMaker, tmp_path: Path
) -> None:
    repo = _maven_repo(make_repo)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    os.symlink(elsewhere, repo / ".autopatch-j")
    report = collect(repo)
    assert list(elsewhere.iterdir()) == []
    assert report.profile.project_name == "cached"
    assert report.problems[-1].startswith("profile cache not written: ")
    assert report.problems[-1].endswith(".autopatch-j is a symbolic link; refusing to follow it")


def test_cache_file_that_is_a_link_is_not_read(make_repo: RepoMaker, tmp_path: Path) -> None:
    repo = _maven_repo(make_repo)
    collect(repo)
    planted = tmp_path / "planted.json"
    planted.write_text(_cache(repo).read_text())
    _cache(repo).unlink()
    os.symlink(planted, _cache(repo))
    assert not collect(repo).from_cache


def test_clear_cache_removes_the_file_and_leftovers(make_repo: RepoMaker) -> None:
    repo = _maven_repo(make_repo)
    collect(repo)
    leftover = repo / ".autopatch-j" / ".profile.cache.abc123.tmp"
    leftover.write_text("{}")
    keep = repo / ".autopatch-j" / "memory.json"
    keep.write_text("{}")
    clear_cache(repo)
    assert not _cache(repo).exists() and not leftover.exists()
    assert keep.exists()
    assert not collect(repo).from_cache
    clear_cache(repo / "does-not-exist")  # nothing to do, no error


def test_huge_repositories_stop_reading_at_the_file_budget(
    make_repo: RepoMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    modules = [f"m{i}" for i in range(6)]
    files = {"pom.xml": pom("<modules>" + "".join(f"<module>{m}</module>" for m in modules)
                            + "</modules>")}  # fmt: skip
    files.update({f"{m}/pom.xml": pom(artifact=m) for m in modules})
    monkeypatch.setattr(limits, "PROFILE_MAX_BUILD_FILES", 3)
    report = collect(make_repo(files), use_cache=False)
    assert report.files_read == 3
    assert report.profile.modules == modules  # declared by the root, even if never read
    assert report.problems == ["stopped after reading 3 files"]
