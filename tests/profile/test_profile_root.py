"""Where a repository's root is (profile/root.py): the build that aggregates a folder."""

from __future__ import annotations

from pathlib import Path

from autopatch_memory.profile import find_repo_root

_POM_NS = "http://maven.apache.org/POM/4.0.0"


def _pom(*modules: str, encoding: str = "UTF-8") -> bytes:
    listed = "".join(f"<module>{m}</module>" for m in modules)
    text = (
        f'<?xml version="1.0" encoding="{encoding}"?>\n'
        f'<project xmlns="{_POM_NS}"><modules>{listed}</modules></project>\n'
    )
    return text.encode(encoding)


def test_a_gbk_pom_aggregates_a_module_with_a_chinese_name(tmp_path: Path) -> None:
    # Chinese teams' POMs are often GBK; the module's folder name must be read as such.
    root = tmp_path / "mall"
    (root / ".git").mkdir(parents=True)
    (root / "pom.xml").write_bytes(_pom("订单服务", "pay/../支付", encoding="GBK"))
    for module in ("订单服务", "支付"):
        (root / module / "src").mkdir(parents=True)
        (root / module / "pom.xml").write_bytes(_pom())
    assert find_repo_root(root / "订单服务" / "src") == root.resolve()
    assert find_repo_root(root / "支付") == root.resolve()


def test_a_module_outside_the_build_is_not_aggregated(tmp_path: Path) -> None:
    outer = tmp_path / "outer"
    (outer / ".git").mkdir(parents=True)
    (outer / "pom.xml").write_bytes(_pom("../elsewhere", "/abs/path"))
    (outer / "elsewhere").mkdir()
    (outer / "elsewhere" / "pom.xml").write_bytes(_pom())
    assert find_repo_root(outer / "elsewhere") == (outer / "elsewhere").resolve()


def test_gradle_settings_with_a_custom_folder_and_an_included_build(tmp_path: Path) -> None:
    root = tmp_path / "g"
    (root / ".git").mkdir(parents=True)
    (root / "settings.gradle.kts").write_text(
        'include(":core")\nproject(":core").projectDir = file("libs/core")\n'
        'includeBuild("build-logic")\n',
        encoding="utf-8",
    )
    for folder in ("libs/core", "build-logic", "buildSrc"):
        (root / folder).mkdir(parents=True)
        (root / folder / "build.gradle.kts").write_text("", encoding="utf-8")
    for folder in ("libs/core", "build-logic", "buildSrc"):
        assert find_repo_root(root / folder) == root.resolve()
