"""The wheel installs exactly our packages, under names that are ours."""

from __future__ import annotations

import ast
import importlib.metadata
import re
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


def test_every_stub_is_installed() -> None:
    # A face reads its stub at run time (autopatch_memory/lazy.py): a wheel without it
    # could not import the package.
    data = _setuptools_table()["package-data"]
    assert isinstance(data, dict)
    stubs = {
        ".".join(stub.parent.relative_to(ROOT).parts)
        for stub in (ROOT / "autopatch_memory").rglob("__init__.pyi")
    }
    assert len(stubs) == 3
    assert {package for package in stubs if "__init__.pyi" in data.get(package, [])} == stubs


def test_no_package_named_plain_cli_is_installed() -> None:
    table = _setuptools_table()
    packages = table["packages"]
    assert isinstance(packages, list)
    assert all(p.split(".")[0] in {"autopatch_memory", "autopatch_memory_cli"} for p in packages)
    assert table["package-dir"] == {"autopatch_memory_cli": "cli"}


def test_console_script_points_at_the_installed_name() -> None:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert data["project"]["scripts"]["autopatch-memory"] == "autopatch_memory_cli.__main__:main"


def _imported_top_names(folder: Path) -> dict[str, str]:
    """Top-level names of the absolute imports in ``folder``'s modules -> one place each."""
    found: dict[str, str] = {}
    for path in sorted(folder.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            for name in names:
                found.setdefault(name.split(".")[0], f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


def _declared_distributions(*extras: str) -> set[str]:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    names = set()
    requirements = list(data["project"]["dependencies"])
    for extra in extras:
        requirements += data["project"]["optional-dependencies"][extra]
    for requirement in requirements:
        name = re.split(r"[\s<>=!~;\[(]", requirement, maxsplit=1)[0]
        names.add(_normalized(name))
    return names


def _normalized(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def test_every_third_party_import_is_a_declared_dependency() -> None:
    # A package that arrives only through another one's pin (mcp_types, which mcp
    # requires) may disappear or change with that pin: import it through its owner, or
    # declare it (issue 30, item 14: the MCP server imported mcp_types).
    declared = _declared_distributions()
    owners = importlib.metadata.packages_distributions()
    ours = {"autopatch_memory", "autopatch_memory_cli", "__future__"}
    undeclared = []
    for folder in (ROOT / "autopatch_memory", ROOT / "cli"):
        for name, where in _imported_top_names(folder).items():
            if name in ours or name in sys.stdlib_module_names:
                continue
            distributions = {_normalized(d) for d in owners.get(name, [name])}
            if not distributions & declared:
                undeclared.append(f"{where} imports {name} ({', '.join(sorted(distributions))})")
    assert "mcp" in declared and "pydantic" in declared  # the check does see the list
    assert undeclared == []


def test_every_third_party_import_of_the_tests_is_declared() -> None:
    # The tests install from the `test` extra (the README's test command): what they
    # import must come from it or from the package's own dependencies, not from a pin
    # of one of those (tests/context imported mcp_types, which only mcp requires).
    declared = _declared_distributions("test")
    owners = importlib.metadata.packages_distributions()
    tests = ROOT / "tests"
    # The tests' own helper modules, imported by their names (pytest's rootdir import).
    local = {path.stem for path in tests.rglob("*.py")} | {"autopatch_memory_cli", "conftest"}
    ours = {"autopatch_memory", "__future__", "bench"}
    undeclared = []
    for name, where in _imported_top_names(tests).items():
        if name in ours or name in local or name in sys.stdlib_module_names:
            continue
        distributions = {_normalized(d) for d in owners.get(name, [name])}
        if not distributions & declared:
            undeclared.append(f"{where} imports {name} ({', '.join(sorted(distributions))})")
    assert "hypothesis" in declared  # the check does see the extra
    assert undeclared == []
