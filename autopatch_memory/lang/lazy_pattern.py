"""A regular expression compiled at its first use.

The families of rules hold hundreds of patterns, and compiling them is most of what
importing a family costs; a text uses a few of them (a short question needs 37 of the
redaction engine's ~600). A :class:`LazyPattern` compiles once per process, on the first
match (one thread compiles; the others wait for it), and then hands its methods to the
compiled pattern's own, so a hot loop pays nothing for the laziness (docs/benchmarks.md,
"Start-up").
"""

from __future__ import annotations

import re
import sys
import threading
from collections.abc import Callable, Iterator, Mapping
from typing import Any, TypeAlias

from autopatch_memory.lang.pattern_cache import compile_pattern

_HANDED_OVER = ("search", "match", "fullmatch", "finditer", "findall", "sub", "subn", "split")
# One compile per pattern, whichever thread comes first: a rule compares a match's ``re``
# with ``compiled`` (``m.re is X.compiled``), so the two must be one object.
_COMPILING = threading.Lock()


class LazyPattern:
    """A regex compiled at its first use, with the methods of :class:`re.Pattern` the
    rules call; ``pattern`` and ``flags`` are read without compiling (patterns are built
    from other patterns' sources)."""

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self.pattern = pattern
        self.flags = flags

    def __repr__(self) -> str:
        return f"LazyPattern({self.pattern!r}, {self.flags!r})"

    @property
    def compiled(self) -> re.Pattern[str]:
        """The compiled regex (compiled now when it is not yet)."""
        found: re.Pattern[str] | None = vars(self).get("_compiled")
        if found is None:
            with _COMPILING:
                found = vars(self).get("_compiled")
                if found is None:
                    found = compile_pattern(self.pattern, self.flags)
                    # From now on the instance's own attributes shadow the methods below:
                    # a call goes straight to the compiled pattern.
                    vars(self).update((name, getattr(found, name)) for name in _HANDED_OVER)
                    self._compiled = found
        return found

    @property
    def is_compiled(self) -> bool:
        """Whether the pattern has been compiled (its first use has come)."""
        return "_compiled" in vars(self)

    @property
    def groupindex(self) -> Mapping[str, int]:
        """As :attr:`re.Pattern.groupindex`."""
        return self.compiled.groupindex

    def search(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        """As :meth:`re.Pattern.search`."""
        return self.compiled.search(string, pos, endpos)

    def match(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        """As :meth:`re.Pattern.match`."""
        return self.compiled.match(string, pos, endpos)

    def fullmatch(
        self, string: str, pos: int = 0, endpos: int = sys.maxsize
    ) -> re.Match[str] | None:
        """As :meth:`re.Pattern.fullmatch`."""
        return self.compiled.fullmatch(string, pos, endpos)

    def finditer(
        self, string: str, pos: int = 0, endpos: int = sys.maxsize
    ) -> Iterator[re.Match[str]]:
        """As :meth:`re.Pattern.finditer`."""
        return self.compiled.finditer(string, pos, endpos)

    def findall(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> list[Any]:
        """As :meth:`re.Pattern.findall`."""
        return self.compiled.findall(string, pos, endpos)

    def sub(self, repl: str | Callable[[re.Match[str]], str], string: str, count: int = 0) -> str:
        """As :meth:`re.Pattern.sub`."""
        return self.compiled.sub(repl, string, count)

    def subn(
        self, repl: str | Callable[[re.Match[str]], str], string: str, count: int = 0
    ) -> tuple[str, int]:
        """As :meth:`re.Pattern.subn`."""
        return self.compiled.subn(repl, string, count)

    def split(self, string: str, maxsplit: int = 0) -> list[str | Any]:
        """As :meth:`re.Pattern.split`."""
        return self.compiled.split(string, maxsplit)


Pattern: TypeAlias = re.Pattern[str] | LazyPattern
"""A pattern a rule may hold: compiled, or compiled at its first use."""


def lazy_compile(pattern: str, flags: int = 0) -> LazyPattern:
    """``re.compile(pattern, flags)``, put off until the pattern is first used."""
    return LazyPattern(pattern, flags)
