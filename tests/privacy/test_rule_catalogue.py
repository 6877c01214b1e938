"""docs/privacy.md's rule catalogue lists every redaction rule, in the order they run, with
the description the rule itself carries.

The table is generated: ``python tests/privacy/test_rule_catalogue.py`` rewrites it
from ``privacy.engine.RULES``.
"""

from __future__ import annotations

import sys
from pathlib import Path

from autopatch_memory.privacy import RULES

PRIVACY_DOC = Path(__file__).resolve().parents[2] / "docs" / "privacy.md"
BEGIN = "<!-- rule catalogue: generated from privacy.engine.RULES (tests/privacy/test_rule_catalogue.py) -->"
END = "<!-- end of the rule catalogue -->"


def catalogue() -> str:
    """The Markdown table of every rule, in the order they run."""
    lines = ["| # | rule | what it finds |", "|---|---|---|"]
    for number, rule in enumerate(RULES, 1):
        description = rule.description.replace("|", "\\|").replace("<", "&lt;")
        lines.append(f"| {number} | `{rule.id}` | {description} |")
    return "\n".join(lines)


def _documented(text: str) -> str:
    start, end = text.index(BEGIN) + len(BEGIN), text.index(END)
    return text[start:end].strip()


def test_the_catalogue_in_the_docs_is_the_registry() -> None:
    text = PRIVACY_DOC.read_text(encoding="utf-8")
    assert _documented(text) == catalogue(), "run python tests/privacy/test_rule_catalogue.py"


def test_every_rule_id_is_named_once_in_the_catalogue() -> None:
    documented = _documented(PRIVACY_DOC.read_text(encoding="utf-8"))
    for rule in RULES:
        assert documented.count(f"`{rule.id}`") == 1, rule.id


def _write() -> None:
    text = PRIVACY_DOC.read_text(encoding="utf-8")
    start, end = text.index(BEGIN) + len(BEGIN), text.index(END)
    PRIVACY_DOC.write_text(text[:start] + "\n\n" + catalogue() + "\n\n" + text[end:], "utf-8")


if __name__ == "__main__":
    _write()
    sys.exit(0)
