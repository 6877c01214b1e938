"""The vendor and class-prefixed token rules match what their plain spellings match."""

from __future__ import annotations

import pytest
from corpora import splits
from token_shapes import PLAIN_CLASS_PREFIXED, PLAIN_VENDORS, VENDOR_EXAMPLES

from autopatch_memory.privacy import redact
from autopatch_memory.privacy.shapes import (
    _CLASS_PREFIXED_RULES,
    _VENDOR_KIND,
    _VENDOR_RE,
    _class_first,
    _vendor,
)


def _tokens() -> list[str]:
    """Every vendor or class-prefixed token in the corpus texts, and the examples."""
    found: set[str] = set(VENDOR_EXAMPLES.values())
    for split in splits():
        for case in split.secrets:
            for pattern in (PLAIN_VENDORS, PLAIN_CLASS_PREFIXED):
                found.update(m.group(0) for m in pattern.finditer(case.text))
    return sorted(found)


TOKENS = _tokens()
# What may come before and after a token: a word character, '-', '.', a blank, CJK.
BEFORE = ["", " ", "a", "Z", "9", "_", "-", ".", "svc-", "中", "\n", "=", "/"]
AFTER = ["", " ", "a", "0", "-", ".", "_", "中", "~"]


def _variants(token: str) -> list[str]:
    return [token, token[:-1], token[1:], token.upper(), token.lower(), token[: len(token) // 2]]


def _fast(text: str) -> str:
    text = _VENDOR_RE.sub(_vendor, text)
    for pattern, _ in _CLASS_PREFIXED_RULES:
        text = pattern.sub(_vendor, text)
    return text


def _plain(text: str) -> str:
    text = PLAIN_VENDORS.sub(_vendor, text)
    return PLAIN_CLASS_PREFIXED.sub(_vendor, text)


def test_every_vendor_token_shape_has_an_example_and_is_redacted() -> None:
    assert set(VENDOR_EXAMPLES) == set(_VENDOR_KIND)  # a new shape needs an example
    for name, token in VENDOR_EXAMPLES.items():
        out = redact(f"value {token} here")
        assert token not in out and out.startswith("value [REDACTED:"), (name, out)


@pytest.mark.parametrize("token", TOKENS)
def test_a_token_in_any_surroundings_is_matched_as_the_plain_pattern_matches_it(
    token: str,
) -> None:
    for variant in _variants(token):
        for before in BEFORE:
            for after in AFTER:
                text = f"{before}{variant}{after}"
                assert _fast(text) == _plain(text), text


def test_class_first_keeps_the_run_length() -> None:
    after = r"(?:(?<![\w\-].)|(?<=/bot.))"  # not inside a word, or right after "/bot"
    assert _class_first(r"[0-9a-f]{32}x") == r"[0-9a-f]" + after + r"[0-9a-f]{31}x"
    assert _class_first(r"\d{8,10}:") == r"\d" + after + r"\d{7,9}:"
