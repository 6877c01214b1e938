"""The wheel installs exactly our packages, under names that are ours."""

from __future__ import annotations

import sys
from pathlib import Path

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[2]


def _setuptools_table() -> dict[str, object]:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    table = data["tool"]["setuptools"]
    assert isinstance(table, dict)
    return table


def test_every_package_is_listed() -> None:
    listed = set(_setuptools_table()["packages"])  # type: ignore[arg-type]
    library = {
        ".".join(init.parent.relative_to(ROOT).parts)
        for init in (ROOT / "autopatch_memory").rglob("__init__.py")
    }
    # The command line's folder `cli/` installs as `autopatch_memory_cli`.
    command_line = {
        ".".join(("autopatch_memory_cli", *init.parent.relative_to(ROOT / "cli").parts))
        for init in (ROOT / "cli").rglob("__init__.py")
    }
    found = library | command_line
    assert "autopatch_memory_cli.classify" in found
    assert found <= listed, f"packages missing from pyproject.toml: {sorted(found - listed)}"


def test_no_package_named_plain_cli_is_installed() -> None:
    table = _setuptools_table()
    packages = table["packages"]
    assert isinstance(packages, list)
    assert all(p.split(".")[0] in {"autopatch_memory", "autopatch_memory_cli"} for p in packages)
    assert table["package-dir"] == {"autopatch_memory_cli": "cli"}


def test_console_script_points_at_the_installed_name() -> None:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert data["project"]["scripts"]["autopatch-memory"] == "autopatch_memory_cli.__main__:main"
