"""Print the memory-judgement table of docs/quality.md: ``python tests/quality/report.py``.

Add ``-v`` to list every miss (false preferences, missed rules, irrelevant injections…).
A sealed split (``tests/data/conversations/sealed*.jsonl``) gets its column of aggregate
numbers, never a list of its misses.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tests/: corpora, gold
sys.path.insert(0, str(Path(__file__).resolve().parent))

from harness import OracleBackend, Score, run_all, score
from splits import NAMES, SEALED, conversations_of

from autopatch_memory.backends.heuristic import HeuristicBackend


def scores() -> dict[str, Score]:
    backends = {
        "heuristic": HeuristicBackend,
        "oracle": OracleBackend,
        "oracle, no quotes": lambda: OracleBackend(quotes=False),
    }
    table: dict[str, Score] = {}
    for backend_name, make in backends.items():
        for split_name in NAMES:
            conversations = conversations_of(split_name)
            if conversations:
                table[f"{backend_name} / {split_name}"] = score(run_all(conversations, make))
    return table


def main(verbose: bool) -> None:
    table = scores()
    columns = list(table)
    rows = list(next(iter(table.values())).row())
    print("| metric | " + " | ".join(columns) + " |")
    print("|---|" + "---|" * len(columns))
    for metric in rows:
        print(f"| {metric} | " + " | ".join(table[c].row()[metric] for c in columns) + " |")
    if verbose:
        for name, result in table.items():
            if name.split(" / ", 1)[1] in SEALED:
                continue  # a sealed split: aggregate numbers only
            print(f"\n## {name}")
            for label in (
                "false_preferences",
                "superseded_left_active",
                "duplicates",
                "missed_rules",
                "missed_facts",
                "unsupported_notes",
                "cancelled_notes_left_active",
                "irrelevant_injections",
                "missing_injections",
                "forbidden_injections",
            ):
                for line in getattr(result, label):
                    print(f"- {label}: {line}")


if __name__ == "__main__":
    main("-v" in sys.argv)
