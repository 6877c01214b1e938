"""The vendor token formats (``privacy/vendors.py``): each is redacted with its own kind,
and each format's fast spelling matches exactly what its plain spelling matches."""

from __future__ import annotations

import re

import pytest
from secret_corpora import splits

from autopatch_memory.privacy import marker, redact
from autopatch_memory.privacy.vendors import TOKEN_RULES, TokenRule, class_first


def _tokens() -> list[tuple[TokenRule, str]]:
    """Every token of a format in the corpus texts and in the rules' own examples."""
    found: set[tuple[TokenRule, str]] = set()
    texts = [c.text for split in splits() for c in split.secrets]
    for rule in TOKEN_RULES:
        for text in (*texts, *rule.examples_match):
            found.update((rule, m.group(0)) for m in rule.plain_pattern.finditer(text))
    return sorted(found, key=lambda pair: (pair[0].id, pair[1]))


TOKENS = _tokens()
# What may come before and after a token: a word character, '-', '.', a blank, CJK.
BEFORE = ["", " ", "a", "Z", "9", "_", "-", ".", "svc-", "中", "\n", "=", "/", "/bot"]
AFTER = ["", " ", "a", "0", "-", ".", "_", "中", "~"]


def _variants(token: str) -> list[str]:
    return [token, token[:-1], token[1:], token.upper(), token.lower(), token[: len(token) // 2]]


def test_every_format_is_redacted_with_its_own_kind() -> None:
    assert len({rule.id for rule in TOKEN_RULES}) == len(TOKEN_RULES) >= 60
    for rule in TOKEN_RULES:
        for example in rule.examples_match:
            token = rule.plain_pattern.search(example)
            assert token is not None, rule.id
            out = redact(example)
            assert token.group(0) not in out and marker(rule.kind) in out, (rule.id, out)


def test_a_token_padded_with_a_placeholder_character_is_no_token() -> None:
    for text in ("ghp_" + "x" * 36, "sk-proj-" + "0" * 32, "npm_" + "X" * 36):
        assert redact(text) == text


@pytest.mark.parametrize("rule, token", TOKENS, ids=[f"{r.id}:{t[:12]}" for r, t in TOKENS])
def test_a_token_in_any_surroundings_is_matched_as_the_plain_pattern_matches_it(
    rule: TokenRule, token: str
) -> None:
    for variant in _variants(token):
        for before in BEFORE:
            for after in AFTER:
                text = f"{before}{variant}{after}"
                fast = [m.span() for m in rule.pattern.finditer(text)]
                plain = [m.span() for m in rule.plain_pattern.finditer(text)]
                assert fast == plain, text


def test_class_first_keeps_the_run_length() -> None:
    after = r"(?:(?<![\w\-].)|(?<=/bot.))"  # not inside a word, or right after "/bot"
    assert class_first(r"[0-9a-f]{32}x") == r"[0-9a-f]" + after + r"[0-9a-f]{31}x"
    assert class_first(r"\d{8,10}:") == r"\d" + after + r"\d{7,9}:"
    with pytest.raises(ValueError, match="no leading run"):
        class_first(re.escape("abc"))
