"""Temp files of interrupted profile cache writes: swept once stale, never a live writer's.

A crash or a kill between writing ``.profile.cache.<random>.tmp`` and renaming it
leaves the temp file behind (issue 29 item 11). These tests plant such files, as a
crashed writer leaves them, and a real second process holding one as a live writer.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from profile_helpers import RepoMaker, bump_mtime, settle

from autopatch_memory import limits
from autopatch_memory.profile import collect
from autopatch_memory.profile.cache import sweep_stale_temps

STATE = ".autopatch-j"
needs_flock = pytest.mark.skipif(sys.platform == "win32", reason="needs flock")


def _repo(make_repo: RepoMaker) -> Path:
    repo = make_repo({
        "settings.gradle.kts": 'rootProject.name = "shop"\ninclude("api")',
        "api/build.gradle.kts": 'dependencies { implementation("io.netty:netty-all:4.1") }',
    })  # fmt: skip
    settle(repo)
    (repo / STATE).mkdir()
    return repo


def _temps(repo: Path) -> list[str]:
    return sorted(p.name for p in (repo / STATE).iterdir() if p.name.endswith(".tmp"))


def _plant(repo: Path, name: str, *, age: float, text: str = '{"format": 2, "pres') -> Path:
    """A temp file as a writer killed mid-write leaves it, ``age`` seconds old."""
    path = repo / STATE / name
    path.write_text(text)
    when = time.time() - age
    os.utime(path, (when, when))
    return path


STALE = limits.PROFILE_CACHE_STALE_TEMP_SECONDS + 60


def test_stale_temp_files_are_swept_by_the_next_write(make_repo: RepoMaker) -> None:
    repo = _repo(make_repo)
    crashed = [_plant(repo, f".profile.cache.crash{i}.tmp", age=STALE) for i in range(3)]
    empty = _plant(repo, ".profile.cache.empty.tmp", age=STALE, text="")
    report = collect(repo)
    assert not report.from_cache and report.problems == []
    assert not any(path.exists() for path in [*crashed, empty])
    assert _temps(repo) == []
    assert collect(repo).from_cache


def test_a_young_temp_file_is_left_and_swept_by_a_later_cache_hit(make_repo: RepoMaker) -> None:
    repo = _repo(make_repo)
    # A crash moments ago, then a successful collection: the temp is too young to judge.
    young = _plant(repo, ".profile.cache.young.tmp", age=0)
    assert not collect(repo).from_cache
    assert young.exists()
    # Every later run is a cache hit (no write); the first one after it has aged sweeps.
    old = time.time() - STALE
    os.utime(young, (old, old))
    assert collect(repo).from_cache
    assert not young.exists()
    assert collect(repo).from_cache


def test_only_our_temp_files_are_swept(make_repo: RepoMaker, tmp_path: Path) -> None:
    repo = _repo(make_repo)
    others = [_plant(repo, name, age=STALE) for name in
              ("memory.json.tmp", ".profile.cache.json", "profile.cache.x.tmp", "notes.tmp")]  # fmt: skip
    folder = repo / STATE / ".profile.cache.folder.tmp"
    folder.mkdir()
    target = tmp_path / "outside.txt"
    target.write_text("keep me")
    link = repo / STATE / ".profile.cache.link.tmp"
    os.symlink(target, link)
    old = time.time() - STALE
    os.utime(link, (old, old), follow_symlinks=False)
    collect(repo)
    assert all(path.exists() for path in others)
    assert folder.is_dir()
    assert not os.path.lexists(link)  # the link is removed, never followed
    assert target.read_text() == "keep me"


def test_a_temp_in_a_missing_folder_is_nothing_to_sweep(tmp_path: Path) -> None:
    assert sweep_stale_temps(str(tmp_path / "absent")) == 0


# A second process that writes a cache temp file the way the collector does (locked) and
# stalls, its file made old: alive, so never swept.
_LIVE_WRITER = textwrap.dedent(
    """
    import fcntl, os, sys, time
    path = sys.argv[1]
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    fcntl.flock(fd, fcntl.LOCK_EX)
    os.write(fd, b'{"format": 2, "partial')
    old = time.time() - float(sys.argv[2])
    os.utime(path, (old, old))
    print("locked", flush=True)
    sys.stdin.readline()  # stalled until the test lets it go
    """
)


@needs_flock
def test_a_live_writers_temp_file_is_never_swept_however_old(make_repo: RepoMaker) -> None:
    repo = _repo(make_repo)
    live = repo / STATE / ".profile.cache.live.tmp"
    writer = subprocess.Popen(
        [sys.executable, "-c", _LIVE_WRITER, str(live), str(STALE)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert writer.stdout is not None and writer.stdout.readline().strip() == "locked"
        crashed = _plant(repo, ".profile.cache.crashed.tmp", age=STALE)
        assert not collect(repo).from_cache
        assert live.exists(), "a live writer's temp file was swept"
        assert not crashed.exists()
    finally:
        assert writer.stdin is not None
        writer.stdin.close()
        writer.wait(timeout=60)
    # The writer is gone and its temp file still there: the next write sweeps it.
    bump_mtime(repo / "api" / "build.gradle.kts")
    assert not collect(repo).from_cache
    assert not live.exists()


def test_the_collectors_own_write_leaves_no_temp_file(make_repo: RepoMaker) -> None:
    repo = _repo(make_repo)
    for _ in range(3):
        bump_mtime(repo / "api" / "build.gradle.kts")
        collect(repo)
    assert _temps(repo) == []
