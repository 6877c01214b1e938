"""Print how the applier admits the model-proposal corpus: ``python tests/proposals/report.py``.

``-v`` lists every miss of the splits that are not sealed. Sealed splits are left out
unless ``--sealed`` is given, and then shown as counts only: measured, never read, and
never measured again and again while the rules change (that would tune on them).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from proposals import load, score, splits


def main(verbose: bool, with_sealed: bool) -> None:
    for name in splits():
        sealed = name.startswith("sealed")
        if sealed and not with_sealed:
            continue
        result = score(load(name), keep_cases=not sealed)
        print(f"## {name}{' (sealed)' if sealed else ''}")
        for metric, value in result.row().items():
            print(f"  {metric}: {value}")
        if verbose and not sealed:
            for line in result.wrongly_refused:
                print(f"  - refused: {line}")
            for line in result.wrongly_admitted:
                print(f"  - admitted: {line}")


if __name__ == "__main__":
    main("-v" in sys.argv[1:], "--sealed" in sys.argv[1:])
