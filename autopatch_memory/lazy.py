"""Package faces that import each name's module on first use (PEP 562).

A face (a package's ``__init__.py``) lists its names by the submodule that defines
them and gets its module ``__getattr__`` and ``__dir__`` from :func:`lazy_names`:
``import package`` then imports none of those submodules, and
``from package import name`` imports only the one that defines ``name`` (and what
that one imports). A command that reads the memory file thus never pays for the
directive grammar, the redaction rules or the build-file parsers.

Type checkers and IDEs see the same names through the face's own
``if TYPE_CHECKING:`` imports; tests/docs/test_exported_members.py checks that the two
lists agree.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping

__all__ = ["lazy_names"]


def lazy_names(
    package: str,
    exports: Mapping[str, tuple[str, ...]],
    *,
    renamed: Mapping[str, str] | None = None,
) -> tuple[Callable[[str], object], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of the package ``package``.

    ``exports`` maps a submodule (relative to the package) to the names it defines;
    ``renamed`` maps an exported name to the submodule's own name for it.
    """
    home = {name: module for module, names in exports.items() for name in names}
    own_name = dict(renamed or {})

    def get(name: str) -> object:
        if name not in home:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        # __import__, not importlib.import_module: `python -X importtime` sees only it.
        module = __import__(f"{package}.{home[name]}", fromlist=[name])
        value = getattr(module, own_name.get(name, name))
        setattr(sys.modules[package], name, value)  # later lookups skip this function
        return value

    def listing() -> list[str]:
        face = sys.modules[package]
        return sorted({*vars(face), *getattr(face, "__all__", ()), *home})

    return get, listing
