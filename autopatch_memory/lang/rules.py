"""Named detection rules with their examples, in ordered registries (docs/design.md#rules).

Every family of judgement the program still makes — secret kinds, the veto rules on a
model's proposal, intent cues, the code/log guard — declares each rule as a
:class:`Rule`: an id, one line saying what it finds, how it matches, the keywords that
must appear before it is even tried, and examples it must and must not match. Rules are
kept in one ordered :class:`Registry` per family, so that "which rule fired?" always
has an answer (``Registry.fired(text)``) and one generic test walks every rule's
examples (``tests/rules/test_rule_examples.py``). A rule without examples fails it.

Adding a wording class is adding one rule with its examples; nothing else changes.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Generic, TypeVar


@dataclass(frozen=True)
class Rule:
    """One named rule: what it finds and the examples that show it.

    Subclasses say how it matches (:meth:`fires`). ``keywords`` (lower case) gate it:
    when given, the rule is tried only on a text that holds one of them.
    """

    id: str
    description: str
    examples_match: tuple[str, ...]
    examples_no_match: tuple[str, ...]
    keywords: tuple[str, ...] = ()

    def gated_out(self, lowered: str) -> bool:
        """No keyword of this rule is in ``lowered`` (the text, lower-cased)."""
        return bool(self.keywords) and not any(k in lowered for k in self.keywords)

    def fires(self, text: str) -> bool:
        """Whether this rule finds what it looks for in ``text``."""
        raise NotImplementedError

    def __hash__(self) -> int:
        return hash(self.id)


@dataclass(frozen=True, eq=False)
class PatternRule(Rule):
    """A rule that fires when its compiled pattern is found."""

    pattern: re.Pattern[str] = field(default=re.compile(r"(?!)"), kw_only=True)

    def fires(self, text: str) -> bool:
        if self.gated_out(text.lower()):
            return False
        return self.pattern.search(text) is not None


@dataclass(frozen=True, eq=False)
class FunctionRule(Rule):
    """A rule that fires when its function says so (for what one pattern cannot say)."""

    test: Callable[[str], bool] = field(default=lambda _text: False, kw_only=True)

    def fires(self, text: str) -> bool:
        if self.gated_out(text.lower()):
            return False
        return self.test(text)


R = TypeVar("R", bound=Rule)

_REGISTRIES: dict[str, Registry[Rule]] = {}


class Registry(Generic[R]):
    """The ordered rules of one family; ids are unique within it."""

    def __init__(self, family: str, rules: Iterable[R] = ()) -> None:
        self.family = family
        self._rules: list[R] = []
        for rule in rules:
            self.add(rule)
        _REGISTRIES[family] = self  # type: ignore[assignment]

    def add(self, rule: R) -> R:
        """Register ``rule`` after the others; returns it (usable as a decorator's result)."""
        if any(r.id == rule.id for r in self._rules):
            raise ValueError(f"{self.family}: rule id {rule.id!r} is registered twice")
        self._rules.append(rule)
        return rule

    def __iter__(self) -> Iterator[R]:
        return iter(self._rules)

    def __len__(self) -> int:
        return len(self._rules)

    def get(self, rule_id: str) -> R:
        """The rule named ``rule_id`` (``KeyError`` when there is none)."""
        for rule in self._rules:
            if rule.id == rule_id:
                return rule
        raise KeyError(f"{self.family} has no rule {rule_id!r}")

    def fired(self, text: str) -> list[str]:
        """The ids of the rules that fire on ``text``, in registry order."""
        return [rule.id for rule in self._rules if rule.fires(text)]

    def first(self, text: str) -> R | None:
        """The first rule that fires on ``text``, if any."""
        return next((rule for rule in self._rules if rule.fires(text)), None)


def all_registries(*packages: str) -> dict[str, Registry[Rule]]:
    """Every family's registry, by family name, once every module of ``packages`` (dotted
    names) is imported: a module registers its family when it is imported."""
    for package in packages:
        root = importlib.import_module(package)
        for info in pkgutil.walk_packages(root.__path__, prefix=f"{package}."):
            importlib.import_module(info.name)
    return dict(_REGISTRIES)
