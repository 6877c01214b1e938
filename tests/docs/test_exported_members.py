"""The public surface: exactly what a host imports from ``autopatch_memory``.

The names are written once, in the package's stub (``autopatch_memory/__init__.pyi``),
which type checkers read and ``__all__`` is derived from; a change to it is a change of
the library's API: make it on purpose. The package loads each name from its submodule
on first use; what that loads at start-up is checked in tests/cli/test_cli_startup.py.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import types
import typing
from importlib.metadata import version
from pathlib import Path

import pytest

import autopatch_memory
from autopatch_memory import errors, testing
from autopatch_memory.lazy import StubError, stub_exports
from autopatch_memory.memory import ProjectMemory

# The public surface, as the package derives it from its stub.
EXPORTED: list[str] = list(autopatch_memory.__all__)

TESTING_EXPORTED = [
    "DocumentBuilder",
    "ScriptExhaustedError",
    "ScriptedBackend",
    "ScriptedChat",
    "summarize_turns",
]


def test_the_export_list_names_each_once() -> None:
    # What the package loads lazily is the list: test_nothing_public_is_left_out.
    assert len(set(EXPORTED)) == len(EXPORTED) > 100
    assert testing.__all__ == TESTING_EXPORTED


def test_every_exported_name_resolves() -> None:
    namespace: dict[str, object] = {}
    exec("from autopatch_memory import *", namespace)
    assert set(namespace) - {"__builtins__"} == set(EXPORTED)
    for name in TESTING_EXPORTED:
        assert getattr(testing, name) is not None


def test_nothing_public_is_left_out() -> None:
    # Submodules are reachable as attributes of a package; everything else that is
    # public must be in __all__, whether it was loaded yet or not.
    def public() -> set[str]:
        return {
            name
            for name in dir(autopatch_memory)
            if not name.startswith("_")
            and not isinstance(getattr(autopatch_memory, name), types.ModuleType)
        }

    assert public() == set(EXPORTED) - {"__version__"}
    for name in EXPORTED:
        getattr(autopatch_memory, name)
    assert public() == set(EXPORTED) - {"__version__"}
    loaded = {
        name
        for name, value in vars(autopatch_memory).items()
        if not name.startswith("_") and not isinstance(value, types.ModuleType)
    }
    assert loaded == set(EXPORTED) - {"__version__"}


# The package faces that import each name on first use (autopatch_memory.lazy).
LAZY_FACES = ["autopatch_memory", "autopatch_memory.privacy", "autopatch_memory.profile"]


@pytest.mark.parametrize("name", LAZY_FACES)
def test_a_face_exports_what_its_stub_says(name: str) -> None:
    # The stub beside a face is the one list of its names: type checkers read it, and
    # the face's __all__ and what it loads at run time come from it.
    face = importlib.import_module(name)
    imported, declared = stub_exports(Path(face.__file__ or "").with_suffix(".pyi"))
    assert face.__all__ == sorted([*imported, *declared])
    for exported, module in imported.items():
        defined = getattr(importlib.import_module(module), exported)
        assert getattr(face, exported) is defined, exported


@pytest.mark.parametrize(
    ("stub", "problem"),
    [
        ("from autopatch_memory.model import Turn\n", "write Turn as Turn"),
        ("from autopatch_memory.text import normalize as clean\n", "write normalize as normalize"),
        ("from .model import Turn as Turn\n", "absolute imports only"),
        ("import autopatch_memory.model\n", "absolute imports only"),
        ("Alias = int\n", "absolute imports only"),
    ],
)
def test_a_stub_that_exports_otherwise_is_refused(tmp_path: Path, stub: str, problem: str) -> None:
    # Anything but `from module import Name as Name` would be a name type checkers see
    # and the face does not load (or the reverse).
    path = tmp_path / "__init__.pyi"
    path.write_text('"""A face."""\n' + stub, encoding="utf-8")
    with pytest.raises(StubError, match=problem):
        stub_exports(path)


def _own_docstring(value: object) -> str | None:
    # A class's own docstring: it must not pass on its base class's.
    return vars(value).get("__doc__") if inspect.isclass(value) else inspect.getdoc(value)


def test_every_exported_class_and_function_is_documented() -> None:
    values = {name: getattr(autopatch_memory, name) for name in EXPORTED}
    documented = {
        name: bool(_own_docstring(value))
        for name, value in values.items()
        if inspect.isclass(value) or inspect.isfunction(value)
    }
    assert len(documented) > len(EXPORTED) // 2  # the check does see the classes
    assert [name for name, ok in documented.items() if not ok] == []


def test_an_unknown_name_is_an_attribute_error() -> None:
    assert not hasattr(autopatch_memory, "NoSuchName")
    with pytest.raises(ImportError, match="NoSuchName"):
        exec("from autopatch_memory import NoSuchName", {})


def test_every_error_is_exported() -> None:
    assert set(errors.__all__) <= set(EXPORTED)
    defined = {
        name
        for name, value in vars(errors).items()
        if inspect.isclass(value) and issubclass(value, BaseException)
    }
    assert defined == set(errors.__all__)


def _our_classes(annotation: object) -> set[type]:
    """The classes of this library an annotation names (through unions and generics)."""
    found: set[type] = set()
    if inspect.isclass(annotation) and annotation.__module__.startswith("autopatch_memory"):
        found.add(annotation)
    for argument in typing.get_args(annotation):
        found |= _our_classes(argument)
    return found


def test_every_return_type_of_the_facade_is_exported() -> None:
    public = {name: getattr(autopatch_memory, name) for name in EXPORTED}
    exported = set(public.values())
    returned: set[type] = set()
    for name, member in inspect.getmembers(ProjectMemory):
        if name.startswith("_"):
            continue
        function = member.fget if isinstance(member, property) else member
        if callable(function):
            # The facade imports some of its types for type checkers only (their modules
            # load with the method that needs them): a host resolves them as here.
            hints = typing.get_type_hints(function, localns=public)
            returned |= _our_classes(hints.get("return"))
    assert returned, "no return types found"
    missing = {cls.__name__ for cls in returned if cls not in exported}
    assert missing == set()


def test_the_version_comes_from_the_package_metadata() -> None:
    assert autopatch_memory.__version__ == version("autopatch-memory")


def test_the_command_line_uses_only_the_public_surface() -> None:
    # The CLI (and the MCP server in it) is a host like any other: it imports from
    # ``autopatch_memory`` itself, never from the library's modules.
    from pathlib import Path

    cli = Path(__file__).resolve().parents[2] / "cli"
    reaching = []
    for path in sorted([*cli.glob("*.py"), *cli.glob("commands/*.py")]):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(
                "autopatch_memory."
            ):
                reaching.append(f"{path.name}:{node.lineno} {node.module}")
            if isinstance(node, ast.Import):
                reaching += [
                    f"{path.name}:{node.lineno} {a.name}"
                    for a in node.names
                    if a.name.startswith("autopatch_memory.")
                ]
    assert reaching == []
