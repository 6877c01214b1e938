"""What the views show, through the real command line (issue 30, item 8): a label that
only repeats its text is not shown ("X: X"), and ``--help`` lists every command's
description whole, never cut with "…"."""

from __future__ import annotations

from pathlib import Path

from cli_process import run_cli

from autopatch_memory import ProjectMemory


def test_show_gives_a_label_only_when_it_adds_something(repo: Path) -> None:
    with ProjectMemory.open(repo, backend="off") as memory:
        memory.remember("以后回答请用中文，并且先给结论再解释。", label="回答用中文")
        memory.remember("Always answer in Chinese.", label="answer in Chinese")
        memory.remember("Run mvn verify before every push.", label="CI gate")
    shown = run_cli("show", str(repo)).stdout
    assert "回答用中文:" not in shown and "以后回答请用中文，并且先给结论再解释。" in shown
    assert "answer in Chinese:" not in shown and "Always answer in Chinese." in shown
    assert "CI gate: Run mvn verify before every push." in shown  # a label that adds


def test_help_lists_every_description_whole() -> None:
    done = run_cli("--help", env={"COLUMNS": "80"})
    assert done.returncode == 0
    commands = done.stdout.split("Commands:", 1)[1]
    assert "..." not in commands and "…" not in commands
    # The longest descriptions end as written, wrapped onto their own lines.
    assert "the answered turn is recorded\n" in commands or "recorded in memory." in commands
    assert "what was rejected and why." in commands
    assert max(len(line) for line in commands.splitlines()) <= 80
