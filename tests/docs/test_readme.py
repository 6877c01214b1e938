"""The README's two commands stay true: CI runs exactly the README's test command."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _commands() -> list[str]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Two commands", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```sh\n(.+?)\n```", section)


def test_readme_has_a_demo_and_a_test_command() -> None:
    demo, tests = _commands()
    assert demo.endswith("autopatch-memory demo")
    assert "pytest" in tests


def test_ci_runs_the_readme_test_command() -> None:
    _, tests = _commands()
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert tests in ci.splitlines()


def test_the_test_command_needs_only_the_test_extras() -> None:
    """``-n`` comes from pytest-xdist, so ``.[test]`` must install it."""
    _, tests = _commands()
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    test_extras = pyproject.split("\ntest = [", 1)[1].split("]", 1)[0]
    assert " -n " in tests
    assert '"pytest-xdist' in test_extras


def test_every_limit_in_the_docs_is_the_code_value() -> None:
    from autopatch_memory import limits

    doc = (ROOT / "docs" / "file-format.md").read_text(encoding="utf-8")
    assert f"| recent_turns | {limits.MAX_RECENT_TURNS} |" in doc
    assert f"| active_topics | {limits.MAX_ACTIVE_TOPICS} |" in doc
    assert (
        f"{limits.SOFT_LIMIT_BYTES // 1024} KiB" in doc
        and f"{limits.HARD_LIMIT_BYTES // 1024} KiB" in doc
    )
