"""Governing memory from the command line: remember, edit, search, restore, forget, export,
import, and the matching slash commands of `chat` (a real subprocess)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from autopatch_memory_cli.app import app
from autopatch_memory_cli.chat import ChatSession
from typer.testing import CliRunner, Result

from autopatch_memory.store import MEMORY_DIR_NAME, MEMORY_FILE_NAME
from autopatch_memory.testing import DocumentBuilder

SUBPROCESS_TIMEOUT = 60


@pytest.fixture(autouse=True)
def _bugs_raise(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AUTOPATCH_MEMORY_DEBUG", "1")


def invoke(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(app, list(args), input=input, catch_exceptions=False)


def ok(*args: str, input: str | None = None) -> Result:
    result = invoke(*args, input=input)
    assert result.exit_code == 0, result.output
    return result


def as_json(result: Result) -> Any:
    return json.loads(result.stdout)


def error_line(result: Result) -> str:
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: ") and "Traceback" not in result.output
    return lines[0]


def remember(repo: Path, text: str, *flags: str) -> dict[str, Any]:
    change: dict[str, Any] = as_json(ok("remember", str(repo), text, "--json", *flags))
    return change


def stored(repo: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(
        (repo / MEMORY_DIR_NAME / MEMORY_FILE_NAME).read_text(encoding="utf-8")
    )
    return data


# --- remember, edit, restore, forget ------------------------------------------------------------


def test_help_lists_the_governing_commands() -> None:
    listing = ok("--help").stdout
    for name in ("remember", "edit", "search", "restore", "export", "import", "mcp"):
        assert f"  {name} " in listing
    assert "[REPO] TEXT" in ok("remember", "--help").stdout
    assert "[REPO] [ID] [TEXT]" in ok("edit", "--help").stdout


def test_remember_a_rule_and_a_note(repo: Path) -> None:
    human = ok("remember", str(repo), "以后回答都用中文")
    assert human.stdout.startswith("+ mem_")
    assert "remembered · rule: 以后回答都用中文" in human.stdout
    note = remember(repo, "mall-order 通过 Feign 调用 mall-search", "--note", "--label", "调用链")
    assert note["outcome"] == "created" and note["item"]["type"] == "project_note"
    assert note["item"]["label"] == "调用链"
    doc = stored(repo)
    assert [p["summary"] for p in doc["long_term_memory"]["durable_preferences"]] == [
        "以后回答都用中文"
    ]
    assert doc["long_term_memory"]["project_notes"][0]["summary"].startswith("mall-order")


def test_a_new_rule_says_what_it_supersedes(repo: Path) -> None:
    old = remember(repo, "Give me Maven commands")
    result = ok("remember", str(repo), "Use Gradle commands from now on")
    assert "supersedes" not in result.stdout  # it names nothing it replaces: both kept
    result = ok("remember", str(repo), "Use Bazel commands instead of Maven")
    assert f"supersedes {old['item_id']}: " in result.stdout


def test_a_partial_replacement_is_shown_as_a_conflict(repo: Path) -> None:
    both = remember(repo, "Use Maven, and always show the full command line.")
    result = ok("remember", str(repo), "Use Gradle instead of Maven.")
    assert f"may contradict {both['item_id']} in part" in result.stdout
    shown = ok("show", str(repo)).stdout
    assert "Conflicts (both kept)" in shown and both["item_id"] in shown


def active_rules(repo: Path) -> list[str]:
    """The active rules of the memory file, as written there."""
    rules = stored(repo)["long_term_memory"]["durable_preferences"]
    return [p["summary"] for p in rules if p["status"] == "active"]


def test_undo_reverts_the_last_change_and_a_reset(repo: Path) -> None:
    rule = remember(repo, "Write Javadoc for public methods")
    ok("edit", str(repo), rule["item_id"], "Write Javadoc for every method")
    undone = ok("undo", str(repo))
    assert "undid 1 change" in undone.stdout and "back to its earlier text" in undone.stdout
    doc = stored(repo)
    [item] = [p for p in doc["long_term_memory"]["durable_preferences"] if p["status"] == "active"]
    assert item["summary"] == "Write Javadoc for public methods"
    reset = ok("reset", str(repo), "--yes")
    assert "1 rule" in reset.stdout and "memory.reset" in reset.stdout
    ok("undo", str(repo))
    assert active_rules(repo) == ["Write Javadoc for public methods"]


def test_undo_after_two_resets_brings_back_what_the_first_removed(repo: Path) -> None:
    # The second reset found memory empty and kept no backup; undoing it changed
    # nothing, so every plain `undo` undid it again and the rules never came back.
    remember(repo, "Never recommend Guava.")
    ok("reset", str(repo), "--yes")
    assert "already empty" in ok("reset", str(repo), "--yes").stdout
    assert "undid 1 change" in ok("undo", str(repo)).stdout
    assert active_rules(repo) == ["Never recommend Guava."]


def test_import_previews_with_dry_run_and_refuses_a_foreign_markdown(
    repo: Path, tmp_path: Path
) -> None:
    readme = tmp_path / "README.md"
    readme.write_text("# Demo\n\n- run mvn install first\n", encoding="utf-8")
    refused = invoke("import", str(repo), str(readme))
    assert refused.exit_code == 1 and "--as-rules" in error_line(refused)
    plan = ok("import", str(repo), str(readme), "--as-notes", "--dry-run")
    assert "would create" in plan.stdout and "nothing written" in plan.stdout
    assert not (repo / MEMORY_DIR_NAME / MEMORY_FILE_NAME).exists()
    done = ok("import", str(repo), str(readme), "--as-notes")
    assert "1 created" in done.stdout


def test_a_refused_remember_is_one_error_line_and_exit_1(repo: Path) -> None:
    result = invoke("remember", str(repo), "my password is hunter2")
    assert result.exit_code == 1
    assert error_line(result).startswith("error: not remembered (credential): ")
    too_long = invoke("remember", str(repo), "x" * 400, "--json")
    assert too_long.exit_code == 1
    assert as_json(too_long) == {
        "action": "remember",
        "outcome": "rejected",
        "item_id": None,
        "item": None,
        "previous": None,
        "superseded": [],
        "evicted": [],
        "revisions": [],
        "conflicts": [],
        "reason": "too_long",
        "detail": too_long.stderr.split("): ", 1)[1].strip(),
    }
    assert "hunter2" not in (repo / MEMORY_DIR_NAME / "memory.journal.jsonl").read_text("utf-8")
    assert not (repo / MEMORY_DIR_NAME / MEMORY_FILE_NAME).exists()  # nothing was stored


def test_remember_usage_errors(repo: Path) -> None:
    assert invoke("remember").exit_code == 2
    assert invoke("remember", str(repo), "   ").exit_code == 2
    assert invoke("remember", str(repo)).exit_code == 2  # a folder and no text
    assert invoke("remember", "a", "b", "c").exit_code == 2


def test_edit_then_restore_then_forget(repo: Path) -> None:
    rule = remember(repo, "Write Javadoc for public methods", "--label", "Javadoc")
    edited = as_json(
        ok("edit", str(repo), rule["item_id"], "Write Javadoc for every method", "--json")
    )
    assert edited["outcome"] == "updated" and edited["item"]["label"] == "Javadoc"
    forgotten = as_json(ok("forget", str(repo), rule["item_id"], "--json"))
    assert forgotten["outcome"] == "archived"
    assert "restore" in ok("forget", str(repo), "--help").stdout
    restored = ok("restore", str(repo), rule["item_id"])
    assert f"+ {rule['item_id']} restored (active again)" in restored.stdout
    assert "already active" in ok("restore", str(repo), rule["item_id"]).stdout
    journal = as_json(ok("log", str(repo), "--json"))
    assert [(e["actor"], e["op"]) for e in journal if e["op"] != "change"] == [
        ("user", "remember"),
        ("user", "edit"),
        ("user", "forget"),
        ("user", "restore"),
    ]


def test_edit_and_restore_errors(repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("EDITOR", raising=False)
    monkeypatch.delenv("VISUAL", raising=False)
    rule = remember(repo, "Answer in English")
    unknown = invoke("edit", str(repo), "mem_19990101_001", "text")
    assert unknown.exit_code == 1 and "no memory item" in error_line(unknown)
    # Without TEXT the item opens in $EDITOR: none is set and there is no terminal.
    no_editor = invoke("edit", str(repo), rule["item_id"])
    assert no_editor.exit_code == 2 and "set $EDITOR" in error_line(no_editor)
    unknown_alone = invoke("edit", str(repo), "only-one")
    assert unknown_alone.exit_code == 1 and "no memory item" in error_line(unknown_alone)
    ok("forget", str(repo), rule["item_id"])
    archived = invoke("edit", str(repo), rule["item_id"], "Answer in French")
    assert archived.exit_code == 1
    assert "not edited (inactive_target)" in error_line(archived)
    missing = invoke("restore", str(repo), "mem_19990101_001")
    assert missing.exit_code == 1 and "no memory item" in error_line(missing)


# --- search ---------------------------------------------------------------------------------


def test_search_human_json_and_archived(repo: Path) -> None:
    remember(repo, "示例代码不要用 Lombok")
    note = remember(repo, "订单服务的数据库是 MySQL 8", "--note")
    ok("forget", str(repo), note["item_id"])
    human = ok("search", str(repo), "Lombok").stdout
    assert "rule   示例代码不要用 Lombok" in human and "(1 match)" in human
    assert "(nothing in memory matches)" in ok("search", str(repo), "MySQL").stdout
    hits = as_json(ok("search", str(repo), "MySQL", "--all", "--json"))
    assert [(h["id"], h["kind"], h["active"]) for h in hits] == [
        (note["item_id"], "project_note", False)
    ]
    assert "[archived]" in ok("search", str(repo), "数据库", "--all").stdout


# --- export and import ----------------------------------------------------------------------


def test_export_markdown_and_json_to_stdout_and_a_file(repo: Path, tmp_path: Path) -> None:
    remember(repo, "Always use constructor injection")
    remember(repo, "The api module exposes REST endpoints under /api/v1", "--note")
    markdown = ok("export", str(repo)).stdout
    assert markdown.startswith("# Project memory: repo\n")
    assert "## Rules\n\n- Always use constructor injection\n" in markdown
    data = as_json(ok("export", str(repo), "--format", "json"))
    assert data["format"] == "autopatch-memory/export"
    target = tmp_path / "AGENTS.md"
    written = ok("export", str(repo), "-o", str(target), "--ids")
    assert written.stdout == "" and "wrote the markdown export" in written.stderr
    assert target.read_text(encoding="utf-8").count("<!-- mem_") == 2
    bad = invoke("export", str(repo), "-o", str(tmp_path / "no" / "such" / "dir" / "x.md"))
    assert bad.exit_code == 1 and "could not write" in error_line(bad)
    assert invoke("export", str(repo), "--format", "yaml").exit_code == 2


@pytest.mark.parametrize("name", ["memory.json", "AGENTS.md"])
def test_export_never_writes_into_the_memory_folder(repo: Path, name: str) -> None:
    remember(repo, "Always use constructor injection")
    memory_file = repo / ".autopatch-j" / "memory.json"
    before = memory_file.read_bytes()
    refused = invoke(
        "export", str(repo), "-o", str(repo / ".autopatch-j" / ".." / ".autopatch-j" / name)
    )
    assert refused.exit_code == 2 and "inside .autopatch-j/" in error_line(refused)
    assert memory_file.read_bytes() == before
    assert not (repo / ".autopatch-j" / "AGENTS.md").exists()


def test_import_from_a_file_and_from_stdin(repo: Path, tmp_path: Path) -> None:
    source = tmp_path / "source"
    (source / ".git").mkdir(parents=True)
    remember(source, "以后回答都用中文")
    remember(source, "订单服务的数据库是 MySQL 8", "--note")
    exported = tmp_path / "memory.json"
    ok("export", str(source), "--format", "json", "-o", str(exported))
    report = ok("import", str(repo), str(exported))
    assert "[0] + created: mem_" in report.stdout
    assert "2 created · file changed (json)" in report.stdout
    again = as_json(ok("import", str(repo), "-", "--json", input=exported.read_text("utf-8")))
    assert [item["outcome"] for item in again["items"]] == ["unchanged", "unchanged"]
    listing = "- Use Gradle commands\n- my password is hunter2\n"
    mixed = ok("import", str(repo), "-", "--as-rules", input=listing)
    assert "rejected credential" in mixed.stdout
    assert "1 created, 1 rejected" in mixed.stdout


def test_import_errors(repo: Path, tmp_path: Path) -> None:
    assert invoke("import", str(repo), str(tmp_path / "missing.json")).exit_code == 2
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    result = invoke("import", str(repo), str(broken))
    assert result.exit_code == 1
    assert error_line(result).startswith("error: not imported (invalid_json): ")
    assert not (repo / MEMORY_DIR_NAME).exists()


def test_hostile_text_is_refused_and_never_printed_raw(repo: Path) -> None:
    hostile = "Use Gradle\x1b]52;c;ZXZpbA==\x07 commands \x1b[2J now"
    refused = invoke("remember", str(repo), hostile)
    assert refused.exit_code == 1
    assert "not remembered (bad_shape): the text holds control characters" in error_line(refused)
    assert "\x1b" not in refused.output and "\x07" not in refused.output
    # A line break or a tab is no control character: it is folded.
    assert ok("remember", str(repo), "Use Gradle\r\n\tcommands").stdout
    # Text planted in the file (a hand edit) is cleaned on the way to the terminal.
    builder = DocumentBuilder()
    builder.add_preference("gradle\x1b[2J", "Use Gradle\x1b]52;c;ZXZpbA==\x07 commands")
    builder.write(repo)
    for args in (("search", str(repo), "Gradle"), ("export", str(repo))):
        output = ok(*args).stdout
        assert "Gradle" in output and "\x1b" not in output and "\x07" not in output


def _cli(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}  # the fail-closed environment of conftest
    return subprocess.run(
        [sys.executable, "-m", "autopatch_memory_cli", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        cwd=cwd,
        timeout=SUBPROCESS_TIMEOUT,
    )


# From the second fresh-eyes bug hunt (a test written before its fix).
def test_the_cli_refuses_a_gbk_import_file_with_one_line(repo: Path, tmp_path: Path) -> None:
    source = tmp_path / "AGENTS.md"
    source.write_bytes("- 以后回答都用中文\n".encode("gbk"))
    done = _cli("import", str(repo), str(source), "--as-rules")
    assert done.returncode == 1, done.stderr
    assert done.stderr.startswith("error: not imported (bad_shape)"), done.stderr
    assert "UTF-8" in done.stderr and "Traceback" not in done.stderr
    assert done.stdout == ""


# --- the slash commands of chat ---------------------------------------------------------------


def test_slash_help_is_generated_for_the_new_commands() -> None:
    names = [command.name for command in ChatSession.commands()]
    for name in ("remember", "edit", "restore", "search", "export", "forget", "memory"):
        assert name in names
    for command in ChatSession.commands():
        assert command.help, command.name  # every command has a docstring for /help


def run_chat(repo: Path, lines: list[str]) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env["AUTOPATCH_MEMORY_DEBUG"] = "1"
    env["PYTHONIOENCODING"] = "utf-8"
    return subprocess.run(
        [sys.executable, "-m", "autopatch_memory_cli", "chat", str(repo)],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        timeout=SUBPROCESS_TIMEOUT,
    )


def test_governing_memory_inside_chat(repo: Path) -> None:
    done = run_chat(
        repo,
        [
            "/help",
            "/remember Always answer in Chinese",
            "/remember Answer in English from now on instead of Chinese",
            "/remember --note mall-order 通过 Feign 调用 mall-search",
            "/remember my password is hunter2",
            "/remember --label build 以后都给 Gradle 命令",
            "/search --all Chinese",
            "/search Feign",
            "/remember",
            "/edit",
            "/export",
            "/export json",
            "/export yaml",
            "/exit",
        ],
    )
    assert done.returncode == 0, done.stderr
    out, err = done.stdout, done.stderr
    assert "Traceback" not in err
    for synopsis in (
        "/remember [--note] TEXT",
        "/edit ID TEXT",
        "/restore ID",
        "/search [--all] TEXT",
    ):
        assert synopsis in out
    doc = stored(repo)
    prefs = doc["long_term_memory"]["durable_preferences"]
    chinese, english = prefs[0]["id"], prefs[1]["id"]
    assert not any("--label" in p["summary"] or "Gradle" in p["summary"] for p in prefs)
    assert f"supersedes {chinese}" in out
    assert "not remembered (credential)" in err
    assert f"{chinese}  rule   Always answer in Chinese [archived (superseded by {english})]" in out
    assert "mall-order 通过 Feign 调用 mall-search" in out
    assert "usage: /remember [--note] TEXT" in err and "usage: /edit ID TEXT" in err
    assert "# Project memory: repo" in out and '"format": "autopatch-memory/export"' in out
    assert "usage: /export [markdown|json]" in err

    again = run_chat(
        repo,
        [
            f"/restore {chinese}",
            f"/edit {chinese} Always answer in Chinese, conclusions first",
            "/undo",
            "/exit",
        ],
    )
    assert again.returncode == 0, again.stderr
    assert f"+ {chinese} restored (active again)" in again.stdout
    assert f"may contradict {english} in part" in again.stdout  # both kept, shown
    assert f"~ {chinese} revised (the old text kept, archived)" in again.stdout
    assert "undid 1 change" in again.stdout
    ops = [
        json.loads(line)["op"]
        for line in (repo / MEMORY_DIR_NAME / "memory.journal.jsonl")
        .read_text("utf-8")
        .splitlines()
    ]
    assert ops.count("remember") == 4 and "restore" in ops and "edit" in ops


def test_mcp_without_a_repository_is_a_usage_error(tmp_path: Path) -> None:
    result = invoke("mcp", str(tmp_path / "missing"))
    assert result.exit_code == 2
    assert "repository folder not found" in error_line(result)
    assert "docs/mcp.md" in ok("mcp", "--help").stdout
