"""Every named rule of every family shows what it finds (docs/design.md#rules).

One generic test walks every registry: each rule has at least one example it must
match and one it must not, and does as its examples say. A rule without examples,
or whose examples disagree with it, fails here.
"""

from __future__ import annotations

import pytest

from autopatch_memory.lang import Rule, all_registries

_REGISTRIES = all_registries("autopatch_memory", "autopatch_memory_cli")
_RULES = [(family, rule) for family, registry in _REGISTRIES.items() for rule in registry]


def _id(case: tuple[str, Rule]) -> str:
    return f"{case[0]}:{case[1].id}"


@pytest.mark.parametrize("case", _RULES, ids=[_id(c) for c in _RULES])
def test_each_rule_does_what_its_examples_say(case: tuple[str, Rule]) -> None:
    family, rule = case
    assert rule.description.strip(), f"{family}:{rule.id} says nothing of what it finds"
    assert rule.examples_match, f"{family}:{rule.id} has no example it matches"
    assert rule.examples_no_match, f"{family}:{rule.id} has no example it must not match"
    for text in rule.examples_match:
        assert rule.fires(text), f"{family}:{rule.id} should fire on {text!r}"
    for text in rule.examples_no_match:
        assert not rule.fires(text), f"{family}:{rule.id} should not fire on {text!r}"


def test_rule_ids_are_unique_within_each_family() -> None:
    for family, registry in _REGISTRIES.items():
        ids = [rule.id for rule in registry]
        assert len(ids) == len(set(ids)), family
