"""The redaction engine's keyword index finds exactly the keywords in a text: the same
ones, and so the same rules, as a substring search per keyword (what it replaced, for
speed: docs/benchmarks.md, "Where the time goes")."""

from __future__ import annotations

from secret_corpora import splits

from autopatch_memory.privacy.engine import RULES, RuleSet
from autopatch_memory.privacy.rule import RedactionRule, fold_for_matching

ALL = RuleSet(RULES)


def _reference(rules: RuleSet, lowered: str) -> tuple[set[str], list[RedactionRule]]:
    """One substring search per keyword: ASCII keywords in the text's ASCII characters,
    the others in the text."""
    narrow = lowered.encode("ascii", "ignore").decode()
    present = {
        needle
        for needle, (_, ascii_only, _) in rules.by_needle.items()
        if needle in (narrow if ascii_only else lowered)
    }
    chosen = set(rules.always).union(*(rules.by_needle[n][2] for n in present))
    ordered = [rules.rules[i] for i in sorted(chosen)]
    kept = [
        r
        for r in ordered
        if not r.also or any(n in (narrow if n.isascii() else lowered) for n in r.also)
    ]
    return present, kept


def _texts() -> list[str]:
    texts = [case.text for split in splits() for case in (*split.secrets, *split.look_alikes)]
    for rule in RULES:
        texts.extend(rule.examples_match)
        texts.extend(rule.examples_no_match)
    tricky = [
        "passwordpassword",
        "pas sword",
        "密码是 p-a-s-s",
        "ｐａｓｓｗｏｒｄ＝Ｋｑ９",
        "token密钥secret口令",
        "",
        "n",
        "sk-sk-sk_",
    ]
    return texts + tricky + [t.upper() for t in texts] + ["说明：" + t + " 是" for t in texts]


def test_the_index_finds_what_a_search_per_keyword_finds() -> None:
    mismatches = []
    for text in _texts():
        lowered = fold_for_matching(text).lower()
        found: list[str] = []
        rules = ALL.matching(lowered, found)
        expected_found, expected_rules = _reference(ALL, lowered)
        if set(found) != expected_found or len(found) != len(set(found)):
            mismatches.append((text, "keywords"))
        if [r.id for r in rules] != [r.id for r in expected_rules]:
            mismatches.append((text, "rules"))
    assert not mismatches, mismatches[:5]


def test_known_keywords_are_looked_up_among_those_only() -> None:
    lowered = "the password and the token"
    found: list[str] = []
    ALL.matching(lowered, found)
    assert {"pass", "token"} <= set(found)
    only: list[str] = []
    rules = ALL.matching(lowered, only, among=["token"])
    assert only == ["token"]
    assert rules and all(not r.keywords or "token" in r.keywords for r in rules)
