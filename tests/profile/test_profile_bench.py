"""The benchmark's repository generators make the repositories they claim (not timed)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

from autopatch_memory.profile import collect

BENCH = Path(__file__).resolve().parents[2] / "bench" / "profile_repos.py"


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("profile_repos_bench", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_generated_maven_repo_profile(tmp_path: Path) -> None:
    repo = _bench().make_maven_repo(tmp_path / "maven", modules=30)
    report = collect(repo)
    assert report.problems == []
    assert report.files_read == 1 + 2 + 30  # root, two group aggregators, the modules
    facts = report.profile.facts()
    assert facts["build_tool"] == "maven"
    assert facts["java_version"] == "17"
    assert facts["project_name"] == "bench-monorepo"
    assert facts["modules"][:3] == ["group-00", "group-00/service-000", "group-00/service-001"]
    assert facts["frameworks"] == [
        "spring boot", "spring cloud", "netty", "mybatis-plus", "jpa", "kafka", "lombok",
        "mapstruct", "junit5",
    ]  # fmt: skip
    assert collect(repo).from_cache  # generated mtimes are in the past, like a checkout


def test_generated_gradle_repo_profile(tmp_path: Path) -> None:
    repo = _bench().make_gradle_repo(tmp_path / "gradle", projects=30)
    report = collect(repo)
    assert report.problems == []
    facts = report.profile.facts()
    assert facts["build_tool"] == "gradle"
    assert facts["java_version"] == "21"
    assert facts["modules"][:2] == ["group-00:service-000", "group-00:service-001"]
    assert facts["frameworks"] == [
        "spring boot", "netty", "mybatis-plus", "jpa", "kafka", "junit5", "mockito",
    ]  # fmt: skip
    assert collect(repo).from_cache
