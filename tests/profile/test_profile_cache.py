"""The profile cache: what invalidates it, what it refuses to trust, privacy and crash safety."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from profile_helpers import RepoMaker, bump_mtime, pom, settle, write_files

from autopatch_memory import limits
from autopatch_memory.profile import CACHE_FILE_NAME, ProfileReport, collect

STATE = ".autopatch-j"
HANG_DEADLINE_SECONDS = 30.0  # generous: a blocked open never returns at all
TOKEN = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"  # the shape of a GitHub token

needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this platform")


def _cache(repo: Path) -> Path:
    return repo / STATE / CACHE_FILE_NAME


def _gradle_repo(make_repo: RepoMaker, **extra: str) -> Path:
    repo = make_repo({
        "settings.gradle.kts": 'rootProject.name = "shop"\ninclude("api", "web")',
        "api/build.gradle.kts": 'dependencies { implementation("io.netty:netty-all:4.1") }',
        "web/build.gradle.kts": 'dependencies { implementation("io.vertx:vertx-web:4.5") }',
        **extra,
    })  # fmt: skip
    settle(repo)
    return repo


def _without_hanging(action: Callable[[], ProfileReport]) -> ProfileReport:
    """Run ``action`` in a daemon thread; fail (instead of hanging) if it blocks."""
    done = threading.Event()
    result: list[ProfileReport] = []

    def run() -> None:
        result.append(action())
        done.set()

    threading.Thread(target=run, daemon=True).start()
    assert done.wait(HANG_DEADLINE_SECONDS), "the collector blocked"
    return result[0]


# --- what invalidates -----------------------------------------------------------------------


def test_creating_the_state_folder_does_not_invalidate(make_repo: RepoMaker) -> None:
    repo = _gradle_repo(make_repo)
    assert not (repo / STATE).exists()
    first = collect(repo)  # creates .autopatch-j/: the root folder's mtime moves
    assert (first.from_cache, collect(repo).from_cache) == (False, True)


def test_build_output_and_editor_files_do_not_invalidate(make_repo: RepoMaker) -> None:
    repo = _gradle_repo(make_repo)
    collect(repo)
    write_files(repo, {"build/tmp/x.bin": "", "api/build/classes/A.class": "",
                       ".build.gradle.kts.swp": "", "api/notes.txt": ""})  # fmt: skip
    assert collect(repo).from_cache


@pytest.mark.parametrize(
    ("change", "expected_frameworks"),
    [
        # a Groovy build file appearing next to a Kotlin one: Gradle prefers it
        (lambda repo: write_files(repo, {"api/build.gradle": "plugins { id 'io.quarkus' }"}),
         ["quarkus", "vert.x"]),
        (lambda repo: (repo / "web" / "build.gradle.kts").unlink(), ["netty"]),
        (lambda repo: write_files(repo, {"web/build.gradle.kts": "// emptied"}), ["netty"]),
        (lambda repo: write_files(repo, {"build.gradle.kts": 'plugins { id("io.quarkus") }'}),
         ["quarkus", "vert.x", "netty"]),
        (lambda repo: write_files(repo, {"gradle/libs.versions.toml": "[libraries]\n"}),
         ["vert.x", "netty"]),
        (lambda repo: write_files(repo, {"pom.xml": pom()}), ["vert.x", "netty"]),
    ],
)  # fmt: skip
def test_every_change_of_an_input_invalidates(
    make_repo: RepoMaker, change: Callable[[Path], object], expected_frameworks: list[str]
) -> None:
    repo = _gradle_repo(make_repo)
    assert collect(repo).profile.frameworks == ["vert.x", "netty"]
    assert collect(repo).from_cache
    change(repo)
    settle(repo)  # past the racy window: only the fingerprints can tell
    report = collect(repo)
    assert not report.from_cache
    assert sorted(report.profile.frameworks) == sorted(expected_frameworks)
    assert collect(repo).from_cache


def test_an_input_that_could_not_be_inspected_is_watched_too(make_repo: RepoMaker) -> None:
    repo = _gradle_repo(make_repo)
    os.symlink("loop.gradle", repo / "build.gradle.kts")  # build.gradle.kts <-> loop.gradle
    os.symlink("build.gradle.kts", repo / "loop.gradle")
    first = collect(repo)
    assert any(p.startswith("build.gradle.kts: cannot access") for p in first.problems)
    assert json.loads(_cache(repo).read_text())["errors"][0] == "build.gradle.kts"
    assert collect(repo).from_cache
    (repo / "build.gradle.kts").unlink()
    write_files(repo, {"build.gradle.kts": 'plugins { id("io.quarkus") }'})
    settle(repo)
    report = collect(repo)
    assert not report.from_cache
    assert "quarkus" in report.profile.frameworks and report.problems == []


def test_a_new_included_project_invalidates(make_repo: RepoMaker) -> None:
    repo = _gradle_repo(make_repo)
    collect(repo)
    (repo / "settings.gradle.kts").write_text('rootProject.name = "shop"\ninclude("api")')
    settle(repo)
    bump_mtime(repo / "settings.gradle.kts")
    report = collect(repo)
    assert (report.from_cache, report.profile.modules) == (False, ["api"])


def test_a_renamed_checkout_is_profiled_again(make_repo: RepoMaker, tmp_path: Path) -> None:
    repo = make_repo({"settings.gradle": "include 'app'"}, name="first-name")
    settle(repo)
    assert collect(repo).profile.project_name == "first-name"
    moved = repo.rename(tmp_path / "second-name")
    report = collect(moved)
    assert (report.from_cache, report.profile.project_name) == (False, "second-name")


def test_a_copied_or_planted_cache_is_not_trusted(make_repo: RepoMaker, tmp_path: Path) -> None:
    repo = _gradle_repo(make_repo)
    collect(repo)
    copy = tmp_path / "copy" / repo.name  # same name, mtimes preserved, cache included
    shutil.copytree(repo, copy, symlinks=True)
    assert _cache(copy).is_file()
    assert not collect(copy).from_cache
    assert collect(repo).from_cache


def test_racy_entries_are_not_trusted(make_repo: RepoMaker) -> None:
    repo = _gradle_repo(make_repo)
    (repo / "api" / "build.gradle.kts").write_text("// just written")  # mtime: now
    collect(repo)
    assert not collect(repo).from_cache
    settle(repo)
    collect(repo)
    assert collect(repo).from_cache


# --- what is read, and how ------------------------------------------------------------------------


@needs_fifo
def test_a_fifo_as_the_cache_file_neither_hangs_nor_is_read(make_repo: RepoMaker) -> None:
    repo = _gradle_repo(make_repo)
    (repo / STATE).mkdir()
    os.mkfifo(_cache(repo))
    report = _without_hanging(lambda: collect(repo))
    assert not report.from_cache
    assert report.profile.modules == ["api", "web"]
    assert _cache(repo).is_file()  # the write replaced the FIFO
    assert collect(repo).from_cache


def test_a_linked_state_folder_is_neither_read_nor_written(
    make_repo: RepoMaker, tmp_path: Path
) -> None:
    repo = _gradle_repo(make_repo)
    collect(repo)
    elsewhere = tmp_path / "elsewhere"
    (repo / STATE).rename(elsewhere)  # holds a cache that would be valid
    before = sorted(p.name for p in elsewhere.iterdir())
    os.symlink(elsewhere, repo / STATE)
    report = collect(repo)
    assert not report.from_cache
    assert report.problems[-1].endswith("is a symbolic link; refusing to follow it")
    assert sorted(p.name for p in elsewhere.iterdir()) == before


def test_a_huge_cache_file_is_refused_unread(
    make_repo: RepoMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    repo = _gradle_repo(make_repo)
    collect(repo)
    monkeypatch.setattr(limits, "PROFILE_CACHE_MAX_BYTES", 64)
    assert not collect(repo).from_cache


def test_the_cache_is_compact(make_repo: RepoMaker) -> None:
    repo = _gradle_repo(make_repo)
    collect(repo)
    record = json.loads(_cache(repo).read_text(encoding="utf-8"))
    assert set(record) == {"format", "collected_at_ns", "root_name", "root", "present",
                           "absent", "errors", "profile", "problems"}  # fmt: skip
    assert record["present"][0::3] == ["settings.gradle.kts", "api/build.gradle.kts",
                                       "web/build.gradle.kts"]  # fmt: skip
    # Build files absent next to present ones are checked for existence, not stat'ed.
    assert "api/build.gradle" in record["absent"] and "build.gradle.kts" in record["absent"]
    assert b"\n" not in _cache(repo).read_bytes()


# --- privacy ------------------------------------------------------------------------------------


def test_every_string_in_the_cache_is_redacted(make_repo: RepoMaker) -> None:
    repo = make_repo({
        "settings.gradle.kts": f'rootProject.name = "shop-{TOKEN}"\ninclude("api")',
        "api/build.gradle.kts": "plugins { java }",
        "README.md": "# password=hunter2hunter2\n",
    })  # fmt: skip
    settle(repo)
    report = collect(repo)
    assert report.profile.project_name == "shop-[REDACTED:github_token]"
    cached = _cache(repo).read_text(encoding="utf-8")
    assert TOKEN not in cached and "[REDACTED:github_token]" in cached
    assert collect(repo).profile == report.profile


def test_paths_that_look_like_secrets_are_never_cached(make_repo: RepoMaker) -> None:
    repo = make_repo({
        "settings.gradle": f"include 'svc-{TOKEN}'",
        f"svc-{TOKEN}/build.gradle": "apply plugin: 'java'",
    })  # fmt: skip
    settle(repo)
    report = collect(repo)
    assert report.profile.modules == ["svc-[REDACTED:github_token]"]
    assert TOKEN not in report.model_dump_json()
    assert not _cache(repo).exists()  # a path cannot be masked and still be checked
    assert not collect(repo).from_cache


def test_problems_are_redacted(make_repo: RepoMaker) -> None:
    repo = make_repo({"pom.xml": pom(f"<modules><module>m-{TOKEN}</module></modules>")})
    report = collect(repo, use_cache=False)
    assert report.problems == [
        "pom.xml: declared module 'm-[REDACTED:github_token]' has no pom.xml"
    ]


# --- crash safety ----------------------------------------------------------------------------


def _temps(repo: Path) -> list[str]:
    return sorted(p.name for p in (repo / STATE).iterdir() if p.name.endswith(".tmp"))


def test_a_stale_temp_file_is_removed_by_the_next_write(make_repo: RepoMaker) -> None:
    repo = _gradle_repo(make_repo)
    (repo / STATE).mkdir()
    stale = repo / STATE / ".profile.cache.crashed1.tmp"
    stale.write_text('{"partial": ')
    old = time.time() - limits.PROFILE_CACHE_STALE_TEMP_SECONDS - 60
    os.utime(stale, (old, old))
    live = repo / STATE / ".profile.cache.writing2.tmp"
    live.write_text("{")  # another process writing right now: left alone
    unrelated = repo / STATE / "memory.json.tmp"
    unrelated.write_text("{}")
    collect(repo)
    assert not stale.exists()
    assert live.exists() and unrelated.exists()
    assert collect(repo).from_cache


@pytest.mark.reliability
@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_a_writer_killed_mid_write_leaves_a_temp_that_a_later_write_removes(
    make_repo: RepoMaker,
) -> None:
    repo = _gradle_repo(make_repo)
    # A real process, killed by the OS between writing its temp file and renaming it.
    script = textwrap.dedent(
        """
        import os, signal, sys
        from autopatch_memory.profile import cache, collect

        def die(*args):
            os.kill(os.getpid(), signal.SIGKILL)

        cache.os.replace = die
        collect(sys.argv[1])
        """
    )
    result = subprocess.run([sys.executable, "-c", script, str(repo)], timeout=120, check=False)
    assert result.returncode == -signal.SIGKILL
    leftovers = _temps(repo)
    assert len(leftovers) == 1 and leftovers[0].startswith(".profile.cache.")
    assert not _cache(repo).exists()
    # Moments later the temp file is still left alone (its writer might be alive)...
    collect(repo)
    assert _temps(repo) == leftovers
    # ...once it is older than any live write, the next write removes it.
    old = time.time() - limits.PROFILE_CACHE_STALE_TEMP_SECONDS - 1
    os.utime(repo / STATE / leftovers[0], (old, old))
    bump_mtime(repo / "api" / "build.gradle.kts")
    assert not collect(repo).from_cache
    assert _temps(repo) == []
