"""Secret recall and precision on the corpus of ``tests/privacy/``, overall and per form,
and the worst redaction time over adversarial 256 KiB inputs.

    python bench/secret_redaction.py

(Not ``bench/secrets.py``: with ``bench/`` first on ``sys.path`` that name would shadow
the standard library's ``secrets``, which the HTTP client under ``openai`` imports.)
The corpus and its scorer live with the tests (``tests/privacy/secret_corpus.py``), so
the test that enforces the bars and this table always measure the same thing.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

_CORPUS_DIR = Path(__file__).resolve().parent.parent / "tests" / "privacy"
sys.path.insert(0, str(_CORPUS_DIR))

from secret_corpus import render, score  # noqa: E402

from autopatch_memory.privacy import redact  # noqa: E402

ADVERSARIAL_BYTES = 256 * 1024
# Runs of one character, keywords repeated, and shapes that once backtracked.
ADVERSARIAL_UNITS = [
    "-",
    ".",
    "=",
    "/",
    ":",
    "@",
    '"',
    "'",
    "\n",
    " ",
    "a",
    "password=",
    'password="',
    "password: ",
    "Bearer ",
    "aB3+/x9Z",
    "a://b:c@",
    "密码是",
    "token 是 ",
    "my password is ",
    "setPassword(",
    "password: a" + " " * 2000 + "x\n",
]


def worst_adversarial_seconds() -> tuple[float, str]:
    """The slowest redaction of a 256 KiB adversarial text, and its repeated unit."""
    worst = (0.0, "")
    for unit in ADVERSARIAL_UNITS:
        text = (unit * (ADVERSARIAL_BYTES // len(unit) + 1))[:ADVERSARIAL_BYTES]
        redact.cache_clear()
        started = time.perf_counter()
        redact(text)
        worst = max(worst, (time.perf_counter() - started, unit))
    return worst


def bench_secrets() -> dict[str, Any]:
    """The numbers ``bench/run.py`` reports (and this script prints as a table)."""
    result = score(redact)
    seconds, unit = worst_adversarial_seconds()
    return {
        "recall": round(result.recall.rate, 4),
        "precision": round(result.precision.rate, 4),
        "secrets": result.recall.total,
        "look_alikes": result.precision.total,
        "worst_adversarial_ms": round(seconds * 1000, 1),
        "worst_adversarial_unit": unit[:20],
        "table": render(result),
    }


def render_summary(numbers: dict[str, Any]) -> str:
    return (
        f"{numbers['table']}\n\nworst redaction of a 256 KiB adversarial text: "
        f"{numbers['worst_adversarial_ms']:.1f} ms (unit {numbers['worst_adversarial_unit']!r})"
    )


def main() -> int:
    print(render_summary(bench_secrets()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
