"""The measured secret corpus: its splits, read from ``tests/data/secrets/*.jsonl``, and
its scorer.

One file a split, one JSON object a line: ``{"kind": "secret", "form": …, "text": …,
"secrets": [exact substrings that must be gone]}`` or ``{"kind": "look_alike", "form": …,
"text": …}`` (a text that must come back unchanged). Where each split came from is in
``tests/data/secrets/README.md``. ``bench/secret_redaction.py`` prints the tables that
``test_secret_corpus.py`` asserts.

A file named ``sealed*.jsonl`` is a sealed held-out split: it is scored like the others
but its texts are never shown (only aggregate numbers), and nothing is tuned on it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

DATA_DIR = Path(__file__).resolve().parent.parent / "data" / "secrets"
# The open splits in the order they were written; any other open file comes after them.
KNOWN_ORDER = (
    "tuned",
    "adversarial",
    "blind_a",
    "blind_c",
    "blind_d",
    "blind_e",
    "shapes",
    "own_r3",
    "own_r4",
)
SEALED_PREFIX = "sealed"


@dataclass(frozen=True)
class SecretCase:
    """A text holding one or more secrets of one form."""

    form: str
    text: str
    secrets: tuple[str, ...]


@dataclass(frozen=True)
class LookAlike:
    """A text that looks like it might hold a secret but does not."""

    form: str
    text: str


@dataclass(frozen=True)
class Split:
    """One independently scored part of the corpus."""

    name: str
    secrets: tuple[SecretCase, ...]
    look_alikes: tuple[LookAlike, ...]
    sealed: bool = False


def load_split(path: Path) -> Split:
    """The split held in ``path`` (a ``.jsonl`` file); each label must be in its text."""
    secrets: list[SecretCase] = []
    look_alikes: list[LookAlike] = []
    with path.open(encoding="utf-8") as lines:
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            row = json.loads(line)
            if row["kind"] == "secret":
                found = tuple(row["secrets"])
                if not found or any(s not in row["text"] for s in found):
                    raise ValueError(f"{path.name}:{number}: a label is not in its text")
                secrets.append(SecretCase(row["form"], row["text"], found))
            elif row["kind"] == "look_alike":
                look_alikes.append(LookAlike(row["form"], row["text"]))
            else:
                raise ValueError(f"{path.name}:{number}: unknown kind {row['kind']!r}")
    name = path.stem
    return Split(name, tuple(secrets), tuple(look_alikes), sealed=name.startswith(SEALED_PREFIX))


def _order(path: Path) -> tuple[int, int, str]:
    name = path.stem
    sealed = name.startswith(SEALED_PREFIX)
    known = KNOWN_ORDER.index(name) if name in KNOWN_ORDER else len(KNOWN_ORDER)
    return (sealed, known, name)


def split_files(data_dir: Path = DATA_DIR) -> list[Path]:
    """Every split file, open ones first (in :data:`KNOWN_ORDER`), sealed ones last."""
    return sorted(data_dir.glob("*.jsonl"), key=_order)


def splits(data_dir: Path = DATA_DIR, *, sealed: bool = False) -> list[Split]:
    """The open splits, or (``sealed``) the sealed ones present."""
    return [
        load_split(path)
        for path in split_files(data_dir)
        if path.stem.startswith(SEALED_PREFIX) == sealed
    ]


@dataclass
class FormScore:
    """Recall or precision counts of one form."""

    total: int = 0
    ok: int = 0

    @property
    def rate(self) -> float:
        return self.ok / self.total if self.total else 1.0


@dataclass
class Score:
    """Recall over secret substrings, precision (kept) over look-alikes, and the misses."""

    recall: FormScore = field(default_factory=FormScore)
    precision: FormScore = field(default_factory=FormScore)
    by_form: dict[str, FormScore] = field(default_factory=dict)
    missed: list[tuple[str, str]] = field(default_factory=list)  # (text, what stayed)
    over_redacted: list[tuple[str, str]] = field(default_factory=list)  # (text, output)


def score(
    redact: Callable[[str], str],
    secrets: Iterable[SecretCase] = (),
    look_alikes: Iterable[LookAlike] = (),
) -> Score:
    """Recall: each secret substring is gone. Precision: each look-alike is unchanged."""
    result = Score()
    for case in secrets:
        out = redact(case.text)
        form = result.by_form.setdefault(case.form, FormScore())
        for secret in case.secrets:
            result.recall.total += 1
            form.total += 1
            if secret in out:
                result.missed.append((case.text, secret))
            else:
                result.recall.ok += 1
                form.ok += 1
    for look in look_alikes:
        out = redact(look.text)
        form = result.by_form.setdefault("not:" + look.form, FormScore())
        result.precision.total += 1
        form.total += 1
        if out == look.text:
            result.precision.ok += 1
            form.ok += 1
        else:
            result.over_redacted.append((look.text, out))
    return result


def render_totals(result: Score) -> str:
    """The overall rates alone (all a sealed split may show)."""
    return "\n".join(
        (
            f"secret recall    {result.recall.rate:6.1%}  "
            f"({result.recall.ok}/{result.recall.total} secrets)",
            f"secret precision {result.precision.rate:6.1%}  "
            f"({result.precision.ok}/{result.precision.total} look-alikes untouched)",
        )
    )


def render(result: Score) -> str:
    """The table the benchmark prints: overall rates, then one line per form and the
    misses (never used for a sealed split: it shows texts)."""
    lines = [
        render_totals(result),
        "",
        f"{'form':<28} {'ok':>5} {'total':>6} {'rate':>7}",
        "-" * 50,
    ]
    for name, form in sorted(result.by_form.items()):
        lines.append(f"{name:<28} {form.ok:>5} {form.total:>6} {form.rate:>7.1%}")
    for text, secret in result.missed:
        lines.append(f"MISSED  {secret!r} in {text!r}")
    for text, out in result.over_redacted:
        lines.append(f"CHANGED {text!r} -> {out!r}")
    return "\n".join(lines)
