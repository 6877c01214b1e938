"""The one loader of the secret corpus (``corpora.py``): open and sealed splits, the
order they are scored in, labels checked against their texts, and a sealed split shown
as totals only. Runs on files of its own in a temp dir (never on a real sealed split)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from secret_corpora import load_split, render, render_totals, score, splits


def _write(path: Path, rows: list[dict[str, object]]) -> None:
    path.write_text(
        "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows), encoding="utf-8"
    )


SECRET = {"kind": "secret", "form": "env", "text": "DB_PASSWORD=Zq8#vL2m", "secrets": ["Zq8#vL2m"]}
LOOK = {"kind": "look_alike", "form": "env", "text": "DB_PASSWORD=${DB_PASSWORD}"}


def test_open_splits_come_in_their_order_and_sealed_ones_apart(tmp_path: Path) -> None:
    for name in ("zeta", "blind_a", "tuned", "sealed_f", "sealed_g"):
        _write(tmp_path / f"{name}.jsonl", [SECRET, LOOK])
    assert [s.name for s in splits(tmp_path)] == ["tuned", "blind_a", "zeta"]
    sealed = splits(tmp_path, sealed=True)
    assert [s.name for s in sealed] == ["sealed_f", "sealed_g"]
    assert all(s.sealed for s in sealed) and not any(s.sealed for s in splits(tmp_path))


def test_a_split_reads_its_secrets_and_look_alikes(tmp_path: Path) -> None:
    _write(tmp_path / "tuned.jsonl", [SECRET, LOOK, SECRET])
    split = load_split(tmp_path / "tuned.jsonl")
    assert len(split.secrets) == 2 and len(split.look_alikes) == 1
    assert split.secrets[0].secrets == ("Zq8#vL2m",)


@pytest.mark.parametrize(
    "row",
    [
        {**SECRET, "secrets": ["not in the text"]},
        {**SECRET, "secrets": []},
        {**LOOK, "kind": "maybe"},
    ],
)
def test_a_bad_row_is_refused_with_its_line(tmp_path: Path, row: dict[str, object]) -> None:
    _write(tmp_path / "bad.jsonl", [LOOK, row])
    with pytest.raises(ValueError, match=r"bad\.jsonl:2"):
        load_split(tmp_path / "bad.jsonl")


def test_the_totals_of_a_split_show_no_text(tmp_path: Path) -> None:
    _write(tmp_path / "sealed_x.jsonl", [SECRET, LOOK])
    split = splits(tmp_path, sealed=True)[0]
    result = score(lambda t: t.replace("y", "Y"), split.secrets, split.look_alikes)
    assert result.recall.ok == 0  # nothing redacted: the secret stays
    assert "Zq8#vL2m" in render(result)  # the full table names what was missed…
    totals = render_totals(result)
    assert "Zq8#vL2m" not in totals and "DB_PASSWORD" not in totals  # …the totals do not
    assert "0/1 secrets" in totals and "1/1 look-alikes" in totals
