"""The privacy family's one ordered registry (``privacy.engine.RULES``) and
``redact(text, explain=True)``, which says which of its rules fired."""

from __future__ import annotations

import importlib
import pkgutil
import re

import pytest

import autopatch_memory.privacy as privacy
from autopatch_memory.lang import all_registries
from autopatch_memory.privacy import RULES, Redaction, redact
from autopatch_memory.privacy.rule import RedactionRule

_KEBAB = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


def _declared() -> set[RedactionRule]:
    """Every redaction rule a module of the package declares (alone or in a tuple)."""
    found: set[RedactionRule] = set()
    for info in pkgutil.iter_modules(privacy.__path__, prefix="autopatch_memory.privacy."):
        for value in vars(importlib.import_module(info.name)).values():
            values = value if isinstance(value, tuple) else (value,)
            found.update(v for v in values if isinstance(v, RedactionRule))
    return found


def test_every_declared_rule_is_in_the_registry_once() -> None:
    assert all_registries("autopatch_memory.privacy")["privacy"] is RULES
    ids = [rule.id for rule in RULES]
    assert len(ids) == len(set(ids))
    assert _declared() == set(RULES)  # no rule declared and never run


def test_rule_ids_are_kebab_case_and_descriptions_one_line() -> None:
    for rule in RULES:
        assert _KEBAB.match(rule.id), rule.id
        assert rule.description.strip() and "\n" not in rule.description, rule.id


def test_the_generic_rules_run_after_the_shapes_and_the_base64_rule_last() -> None:
    ids = [rule.id for rule in RULES]
    assert ids.index("pem-private-key") < ids.index("github-token") < ids.index("secret-assignment")
    assert (
        ids.index("secret-assignment") < ids.index("zh-stated-password") < ids.index("next-secret")
    )
    assert ids[-1] == "encoded-credential"


@pytest.mark.parametrize(
    ("text", "fired"),
    [
        ("password=hunter2", ("secret-assignment",)),
        (
            "token ghp_1234567890abcdefghijABCDEFGHIJklmnop, password=hunter2",
            ("github-token", "secret-assignment"),
        ),
        ("生产库密码是 Pr0d#2024", ("zh-stated-password",)),
        ("docker auth: b3BzOlMzY3JldCFwdzk=", ("encoded-credential",)),
        ("the password is case-sensitive", ()),
    ],
)
def test_explain_names_the_rules_that_fired(text: str, fired: tuple[str, ...]) -> None:
    explained = redact(text, explain=True)
    assert isinstance(explained, Redaction)
    assert explained.text == redact(text)
    assert explained.rule_ids == fired


def test_explain_names_each_rule_once_in_the_order_it_first_fired() -> None:
    text = "password=hunter2\npasswd=S3cret!x\nghp_1234567890abcdefghijABCDEFGHIJklmnop"
    explained = redact(text, explain=True)
    assert explained.rule_ids == ("github-token", "secret-assignment")
    assert redact(explained.text, explain=True).rule_ids == ()  # nothing left to fire


def test_a_rule_fires_alone_as_its_examples_say() -> None:
    rule = RULES.get("secret-assignment")
    assert rule.fires("password=hunter2") and not rule.fires("password: ${DB_PASSWORD}")
    assert RULES.fired("password=hunter2") == ["secret-assignment"]
    with pytest.raises(KeyError):
        RULES.get("no-such-rule")


def test_plain_redact_is_still_memoized() -> None:
    redact.cache_clear()
    redact("password=hunter2 memo")
    redact("password=hunter2 memo")
    assert redact.cache_info().hits >= 1
    assert redact.__wrapped__("password=hunter2") == redact("password=hunter2")
