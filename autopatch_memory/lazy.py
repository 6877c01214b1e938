"""Package faces that import each name's module on first use (PEP 562).

A face (a package's ``__init__.py``) writes its public names once, in the stub beside
it (``__init__.pyi``), as the imports type checkers and IDEs read: one
``from module import Name as Name`` per name (the ``as`` form is how a stub says a
name is exported). At run time the face calls :func:`attach_stub`, which reads those
imports and gives the face its ``__getattr__``, ``__dir__`` and ``__all__``:
``import package`` then imports none of the submodules, and
``from package import name`` imports only the one that defines ``name`` (and what
that one imports). A command that reads the memory file thus never pays for the
directive grammar, the redaction rules or the build-file parsers.

The stub is the one list: the names type checkers see are the names the face loads,
and ``__all__`` is derived from them, never written again.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Callable
from pathlib import Path

__all__ = ["StubError", "attach_stub", "stub_exports"]


class StubError(ImportError):
    """A face's stub says something other than ``from module import Name as Name``."""


def stub_exports(stub: Path) -> tuple[dict[str, str], list[str]]:
    """What the stub ``stub`` exports: ``{name: the module that defines it}`` for each
    import, and the names it only declares (``__version__: str``), which the face
    provides itself."""
    tree = ast.parse(stub.read_text(encoding="utf-8"), filename=str(stub))
    imported: dict[str, str] = {}
    declared: list[str] = []
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                if alias.asname != alias.name:  # a stub exports `X as X`, nothing else
                    raise StubError(f"{stub}:{node.lineno}: write {alias.name} as {alias.name}")
                imported[alias.name] = node.module
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            declared.append(node.target.id)
        elif not (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)):
            raise StubError(f"{stub}:{node.lineno}: a stub holds absolute imports only")
    return imported, declared


def attach_stub(
    package: str, init_file: str
) -> tuple[Callable[[str], object], Callable[[], list[str]], list[str]]:
    """The ``__getattr__``, ``__dir__`` and ``__all__`` of the face ``package`` whose
    ``__init__.py`` is ``init_file``, from the ``__init__.pyi`` beside it.

    The face defines the declared names (``__version__``) itself: ``__getattr__``
    raises ``AttributeError`` for them, for the face's own ``__getattr__`` to answer.
    """
    imported, declared = stub_exports(Path(init_file).with_suffix(".pyi"))

    def get(name: str) -> object:
        if name not in imported:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        # __import__, not importlib.import_module: `python -X importtime` sees only it.
        module = __import__(imported[name], fromlist=[name])
        value = getattr(module, name)
        setattr(sys.modules[package], name, value)  # later lookups skip this function
        return value

    exported = sorted([*imported, *declared])

    def listing() -> list[str]:
        return sorted({*vars(sys.modules[package]), *exported})

    return get, listing, exported
