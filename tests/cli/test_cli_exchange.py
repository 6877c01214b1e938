"""Export and import between projects through the real command line (issue 30, item 8):
the Markdown export keeps ``<module>``-like text visible, and importing another
project's export warns."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_process import run_cli

from autopatch_memory import ProjectMemory

RULE = "Put the sources under src/main/java/<module>; never use a raw `<T>` type."
NOTE = "Feign clients return ResponseEntity<Order> from OrderClient."


@pytest.fixture
def mall(tmp_path: Path) -> Path:
    root = tmp_path / "mall"
    (root / ".git").mkdir(parents=True)
    with ProjectMemory.open(root, backend="off") as memory:
        memory.remember(RULE)
        memory.remember(NOTE, kind="note")
    return root


@pytest.fixture
def shop(tmp_path: Path) -> Path:
    root = tmp_path / "shop"
    (root / ".git").mkdir(parents=True)
    return root


def test_markdown_export_escapes_what_markdown_would_hide(mall: Path, tmp_path: Path) -> None:
    done = run_cli("export", str(mall))
    assert done.returncode == 0, done.stderr
    text = done.stdout
    assert "src/main/java/\\<module>" in text  # shown as <module>, not taken for a tag
    assert "`<T>`" in text  # inline code stays verbatim
    assert "ResponseEntity\\<Order>" in text
    # The same memory reads its export back as the very same texts.
    exported = tmp_path / "mall.md"
    exported.write_text(text, encoding="utf-8")
    back = run_cli("import", str(mall), str(exported), "--json")
    assert back.returncode == 0, back.stderr
    assert [item["outcome"] for item in json.loads(back.stdout)["items"]] == [
        "unchanged",
        "unchanged",
    ]


@pytest.mark.parametrize("format", ["markdown", "json"])
def test_importing_another_projects_export_warns(
    mall: Path, shop: Path, tmp_path: Path, format: str
) -> None:
    exported = tmp_path / f"mall.{format}"
    done = run_cli("export", str(mall), "--format", format, "--output", str(exported))
    assert done.returncode == 0, done.stderr
    plan = run_cli("import", str(shop), str(exported), "--dry-run")
    assert "warning: this is an export of another project, 'mall'" in plan.stderr
    imported = run_cli("import", str(shop), str(exported), "--json")
    assert imported.returncode == 0, imported.stderr
    assert json.loads(imported.stdout)["foreign_project"] == "mall"
    assert "`undo` takes the import back" in imported.stderr
    # Its own export, back into the same project: no warning.
    again = run_cli("import", str(mall), str(exported))
    assert "another project" not in again.stderr
