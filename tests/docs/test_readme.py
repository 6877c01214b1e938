"""The README's two commands stay true: CI runs exactly the README's test command, and
the reliability tests it leaves out right after it."""

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


RELIABILITY = ".venv/bin/python -m pytest -q -n auto -m reliability"


def test_ci_runs_the_readme_test_command() -> None:
    _, tests = _commands()
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert tests in ci.splitlines()


def test_ci_runs_the_reliability_tests_right_after_the_fast_suite() -> None:
    """The README's command is the default suite, which leaves the reliability tests out
    (pyproject's addopts); CI runs them next, and the README says how."""
    _, tests = _commands()
    assert " -m " not in tests.split(" pytest ", 1)[1]  # the default selection of pyproject
    commands = [
        line
        for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    ]
    assert commands[commands.index(tests) + 1] == RELIABILITY
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert "addopts = \"-ra --strict-markers -m 'not reliability'\"" in pyproject
    assert RELIABILITY in (ROOT / "README.md").read_text(encoding="utf-8")


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
