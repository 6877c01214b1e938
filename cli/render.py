"""Human output of the command line: streams, styles, progress, and the views.

Conventions (SPEC §11): answers and views go to stdout, diagnostics to stderr;
``--json`` prints exactly one JSON document on stdout. Colour only when the
stream is a terminal and ``NO_COLOR`` is unset (https://no-color.org); a
progress spinner only on a terminal. The streams are looked up on every write,
not at import, because test runners swap ``sys.stdout``/``sys.stderr``.

No third-party terminal library is needed for this: a handful of ANSI codes.
"""

from __future__ import annotations

import itertools
import json
import os
import sys
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TextIO

from autopatch_memory import limits
from autopatch_memory.applier import ApplyReport
from autopatch_memory.context import MemoryContext, size_of
from autopatch_memory.diagnostics import CheckStatus, Diagnosis
from autopatch_memory.journal import JournalEntry, Outcome
from autopatch_memory.model import LongTermItem, MemoryDocument, RepoProfile

from .answer import TurnResult

__all__ = [
    "Console",
    "Styler",
    "color_enabled",
    "format_size",
    "render_context",
    "render_diagnosis",
    "render_document",
    "render_journal",
    "render_profile",
    "render_report",
    "render_turn",
]

_ANSI: dict[str, str] = {
    "bold": "1",
    "dim": "2",
    "red": "31",
    "green": "32",
    "yellow": "33",
    "blue": "34",
    "magenta": "35",
    "cyan": "36",
}
_RESET = "\033[0m"
_CLEAR_LINE = "\r\033[K"
_SPINNER_FRAMES = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"
_SPINNER_INTERVAL_SECONDS = 0.1
# Within one list of the human views, longer texts are cut to keep one item per line.
_LINE_TEXT_CHARS = 160


def color_enabled(stream: TextIO) -> bool:
    """Colour for ``stream``: a terminal, ``NO_COLOR`` unset or empty, not a dumb terminal."""
    if os.environ.get("NO_COLOR", ""):
        return False
    if os.environ.get("TERM") == "dumb":
        return False
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty and isatty())
    except ValueError:  # a closed stream
        return False


class Styler:
    """Applies ANSI styles when enabled, and nothing otherwise."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled

    def __call__(self, text: str, *styles: str) -> str:
        """``text`` wrapped in the named styles (``bold``, ``dim``, ``red``…)."""
        if not self.enabled or not styles or not text:
            return text
        codes = ";".join(_ANSI[s] for s in styles)
        return f"\033[{codes}m{text}{_RESET}"


PLAIN = Styler(False)


class Console:
    """Where the command line writes. Streams are resolved at write time."""

    @property
    def stdout(self) -> TextIO:
        """The current standard output."""
        return sys.stdout

    @property
    def stderr(self) -> TextIO:
        """The current standard error."""
        return sys.stderr

    @property
    def out_style(self) -> Styler:
        """Styles for stdout (plain unless it is a colour terminal)."""
        return Styler(color_enabled(self.stdout))

    @property
    def err_style(self) -> Styler:
        """Styles for stderr."""
        return Styler(color_enabled(self.stderr))

    @property
    def interactive(self) -> bool:
        """Standard error is a terminal (progress lines are shown)."""
        isatty = getattr(self.stderr, "isatty", None)
        return bool(isatty and isatty())

    def out(self, text: str = "") -> None:
        """One chunk of output (a newline is added)."""
        self.stdout.write(text + "\n")
        self.stdout.flush()

    def json(self, value: Any) -> None:
        """The one JSON document of a ``--json`` command."""
        self.stdout.write(json.dumps(value, ensure_ascii=False, indent=2) + "\n")
        self.stdout.flush()

    def err(self, text: str) -> None:
        """A diagnostic line on stderr."""
        self.stderr.write(text + "\n")
        self.stderr.flush()

    def note(self, text: str) -> None:
        """A dim diagnostic line (memory degraded, hints) on stderr."""
        self.err(self.err_style(text, "dim"))

    def degraded(self, messages: Sequence[str]) -> None:
        """One dim line for the memory failures a turn survived (SPEC §13).

        One cause (an unwritable folder) often fails several steps; the last
        message says what it cost, the count says there was more.
        """
        if not messages:
            return
        more = len(messages) - 1
        suffix = f" (+{more} more; run `doctor`)" if more else ""
        self.note(messages[-1] + suffix)

    def warn(self, text: str) -> None:
        """A warning line on stderr."""
        self.err(self.err_style(f"warning: {text}", "yellow"))

    def error(self, text: str) -> None:
        """The one line of a failed command: ``error: …``."""
        self.err(self.err_style("error: ", "red", "bold") + text)

    @contextmanager
    def progress(self, message: str) -> Iterator[None]:
        """A spinner line on stderr while the block runs (only on a terminal)."""
        if not self.interactive:
            yield
            return
        stream = self.stderr
        style = self.err_style
        done = threading.Event()

        def spin() -> None:
            for frame in itertools.cycle(_SPINNER_FRAMES):
                stream.write(f"{_CLEAR_LINE}{style(frame, 'cyan')} {style(message, 'dim')}")
                stream.flush()
                if done.wait(_SPINNER_INTERVAL_SECONDS):
                    break
            stream.write(_CLEAR_LINE)
            stream.flush()

        worker = threading.Thread(target=spin, name="progress", daemon=True)
        worker.start()
        try:
            yield
        finally:
            done.set()
            worker.join()


# --- helpers ------------------------------------------------------------------------


def format_size(size: int) -> str:
    """``3.2 KiB`` (or ``512 B``)."""
    if size < limits.KIB:
        return f"{size} B"
    return f"{size / limits.KIB:.1f} KiB"


def _one_line(text: str, limit: int = _LINE_TEXT_CHARS) -> str:
    folded = " ".join(text.split())
    return folded if len(folded) <= limit else folded[: limit - 1].rstrip() + limits.CLIP_MARK


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _heading(style: Styler, text: str) -> str:
    return style(text, "bold")


def _listing(values: Sequence[str], total: int | None = None) -> str:
    shown = list(values[: limits.PROFILE_MAX_LIST_ITEMS])
    extra = max(len(values), total or 0) - len(shown)
    return ", ".join(shown) + (f" (+{extra} more)" if extra > 0 else "")


# --- views --------------------------------------------------------------------------


def render_profile(
    profile: RepoProfile | None,
    style: Styler = PLAIN,
    *,
    problems: Sequence[str] = (),
    from_cache: bool | None = None,
) -> list[str]:
    """The repo profile and the files it came from."""
    if profile is None or (profile.is_empty and not profile.source_files):
        lines = [style("no repo profile: no build file or README title was found", "dim")]
    else:
        fields = [
            ("project", profile.project_name),
            ("build tool", profile.build_tool.value if profile.build_tool else None),
            ("Java", profile.java_version),
            ("modules", _listing(profile.modules, profile.module_count) or None),
            ("frameworks", _listing(profile.frameworks) if profile.frameworks else None),
            ("read from", _listing(profile.source_files) if profile.source_files else None),
        ]
        width = max(len(name) for name, _ in fields)
        lines = [
            f"  {style(name.ljust(width), 'cyan')}  {value}" for name, value in fields if value
        ]
        if profile.updated_at is not None:
            cached = " (from the cache)" if from_cache else ""
            stamp = f"{profile.updated_at.isoformat()}{cached}"
            lines.append(style(f"  {'collected'.ljust(width)}  {stamp}", "dim"))
    for problem in problems:
        lines.append(style(f"  problem: {problem}", "yellow"))
    return lines


def _item_line(item: LongTermItem, style: Styler) -> str:
    archived = style(" [archived]", "yellow") if not item.is_active else ""
    text = f"{item.label}: {item.summary}" if item.label else item.summary
    return f"  {style(item.id, 'dim')}  {_one_line(text)}{archived}"


def render_document(
    doc: MemoryDocument,
    style: Styler = PLAIN,
    *,
    path: str,
    size_bytes: int,
    last_failure: JournalEntry | None = None,
    compact: bool = False,
) -> list[str]:
    """The readable overview of ``show``; ``compact`` (``/memory``) leaves out the
    heading and the repo profile."""
    wm, ltm = doc.working_memory, doc.long_term_memory
    soft, hard = limits.SOFT_LIMIT_BYTES, limits.HARD_LIMIT_BYTES
    share = size_bytes / soft if soft else 0.0
    size_style = "green" if size_bytes <= soft else ("yellow" if size_bytes <= hard else "red")
    lines: list[str] = []
    if not compact:
        lines.append(_heading(style, f"Memory: {path}"))
    updated = doc.updated_at.isoformat() if doc.updated_at else "never written"
    lines.append(
        f"  size {style(format_size(size_bytes), size_style)} of {format_size(soft)} soft / "
        f"{format_size(hard)} hard limit ({share:.0%} of soft) · generation {doc.generation} "
        f"· updated {updated}"
    )
    if not compact:
        lines.append("")
        lines.append(_heading(style, "Repo profile"))
        lines.extend(render_profile(doc.repo_profile, style))

    active_prefs = [i for i in ltm.durable_preferences if i.is_active]
    active_notes = [i for i in ltm.project_notes if i.is_active]
    sections: list[tuple[str, list[str]]] = [
        (
            f"Durable preferences ({len(active_prefs)} active, "
            f"{len(ltm.durable_preferences)} total)",
            [_item_line(i, style) for i in ltm.durable_preferences],
        ),
        (
            f"Project notes ({len(active_notes)} active, {len(ltm.project_notes)} total)",
            [_item_line(i, style) for i in ltm.project_notes],
        ),
        (
            f"Active topics ({len(wm.active_topics)} of {limits.MAX_ACTIVE_TOPICS})",
            [
                f"  {style(t.id, 'dim')}  {_one_line(f'{t.label}: {t.summary}')}"
                for t in wm.active_topics
            ],
        ),
    ]
    pending = len(doc.pending_turns())
    turn_lines: list[str] = []
    for turn in wm.recent_turns:
        status = style("pending", "yellow") if turn.is_pending else style("ready", "green")
        turn_lines.append(
            f"  {style(turn.id, 'dim')}  {turn.intent.value}  {status}  {_one_line(turn.user_text)}"
        )
        if turn.summary:
            turn_lines.append(style(f"      summary: {_one_line(turn.summary)}", "dim"))
        if turn.scope_paths:
            turn_lines.append(style(f"      scope: {', '.join(turn.scope_paths)}", "dim"))
    sections.append(
        (
            f"Recent turns ({len(wm.recent_turns)} of {limits.MAX_RECENT_TURNS}, "
            f"{pending} pending)",
            turn_lines,
        )
    )
    for title, entries in sections:
        lines.append("")
        lines.append(_heading(style, title))
        lines.extend(entries or [style("  (none)", "dim")])
    if last_failure is not None:
        lines.append("")
        lines.append(style("Last failure", "bold", "red"))
        lines.append(f"  {render_journal_entry(last_failure)}")
    return lines


def render_report(report: ApplyReport, style: Styler = PLAIN) -> list[str]:
    """An apply report: what was accepted, what was rejected and why."""
    changed = style("changed", "green") if report.changed else style("unchanged", "dim")
    generation = f" · generation {report.generation}" if report.generation is not None else ""
    lines = [
        f"{len(report.accepted)} accepted, {len(report.rejected)} rejected · file {changed} "
        f"· {format_size(report.size_bytes)}{generation}"
    ]
    for op in report.accepted:
        ids = ", ".join(op.ids) or "-"
        extra = f" ({op.note})" if op.note else ""
        evicted = f" evicted {', '.join(op.evicted)}" if op.evicted else ""
        lines.append(
            f"  {style('+', 'green')} {op.section}[{op.index}] {op.operation} → {ids}"
            f"{extra}{evicted}"
        )
    for rejected in report.rejected:
        where = (
            f"{rejected.section}[{rejected.index}]"
            if rejected.section is not None
            else "whole delta"
        )
        detail = f": {rejected.detail}" if rejected.detail else ""
        reason = style(rejected.reason.value, "yellow")
        lines.append(f"  {style('-', 'red')} {where} {reason}{detail}")
    return lines


def render_context(ctx: MemoryContext, style: Styler = PLAIN) -> list[str]:
    """The memory context block as injected, with its size."""
    if ctx.is_empty:
        return [style("(no memory context: nothing to inject)", "dim")]
    rendered = ctx.render().rstrip("\n")
    size = size_of(rendered)
    return [
        *rendered.splitlines(),
        style(
            f"({_count(len(ctx.items), 'item')}, {size.chars} chars, ~{size.tokens} tokens)",
            "dim",
        ),
    ]


def render_journal_entry(entry: JournalEntry, style: Styler = PLAIN) -> str:
    """One journal entry on one line."""
    colour = {
        Outcome.APPLIED: "green",
        Outcome.REJECTED: "yellow",
        Outcome.FAILED: "red",
        Outcome.DISCARDED: "yellow",
        Outcome.RECOVERED: "magenta",
        Outcome.TRIMMED: "dim",
    }[entry.outcome]
    parts = [
        style(entry.ts.isoformat(), "dim"),
        entry.actor,
        entry.op,
        style(entry.outcome.value, colour),
    ]
    if entry.target:
        parts.append(entry.target)
    if entry.reason:
        parts.append(f"reason={entry.reason}")
    line = "  ".join(parts)
    if entry.detail:
        line += style(f"  {_one_line(entry.detail)}", "dim")
    return line


def render_journal(entries: Sequence[JournalEntry], style: Styler = PLAIN) -> list[str]:
    """The journal, oldest first."""
    if not entries:
        return [style("(the journal is empty)", "dim")]
    return [render_journal_entry(e, style) for e in entries]


def render_diagnosis(diagnosis: Diagnosis, style: Styler = PLAIN) -> list[str]:
    """The ``doctor`` report."""
    marks = {
        CheckStatus.OK: style("ok   ", "green"),
        CheckStatus.WARN: style("warn ", "yellow"),
        CheckStatus.ERROR: style("error", "red", "bold"),
        CheckStatus.SKIPPED: style("skip ", "dim"),
    }
    lines = [
        _heading(style, f"doctor: {diagnosis.repo}"),
        f"  memory file: {diagnosis.memory_file}",
    ]
    for check in diagnosis.checks:
        lines.append(f"  {marks[check.status]}  {check.name.value:<12} {check.summary}")
        lines.extend(style(f"           {'':<12} {detail}", "dim") for detail in check.details)
    verdict = (
        style("no problems found", "green")
        if diagnosis.ok
        else style("problems found", "red", "bold")
    )
    lines.append(verdict)
    return lines


def render_turn(result: TurnResult, style: Styler = PLAIN) -> list[str]:
    """One answered (or context-only) turn, as ``ask`` and ``chat`` show it."""
    head = style(f"[{result.intent.value} · {result.classification.explanation}]", "dim")
    lines = [head]
    if result.gated:
        lines.append(
            style(
                f"{result.intent.value} is outside memory: no memory context was given "
                "and nothing is recorded",
                "yellow",
            )
        )
    if result.attachments:
        lines.append(style(f"in scope: {', '.join(result.scope_paths)}", "dim"))
    if result.answer is not None:
        lines.append(result.answer)
    elif not result.gated:
        lines.append(style("memory context a model would be given:", "bold"))
        lines.extend(render_context(result.context, style))
    if result.turn_id is not None:
        lines.append(style(f"(recorded {result.turn_id})", "dim"))
    return lines
