"""Today's held ids: found as before by the faster scan, and read again from where the
last read stopped when a log only grew (docs/benchmarks.md, "Where the time goes")."""

from __future__ import annotations

import os
import re
from datetime import datetime
from pathlib import Path

from autopatch_memory import limits
from autopatch_memory.ids import highest_ids
from autopatch_memory.safe_io import read_appended
from autopatch_memory.store.held_ids import held_ids

NOW = datetime(2026, 12, 7, 9, 30)
# The pattern the scan had before it looked for the day first: the reference.
REFERENCE = re.compile(rb"(?<![\w])(?:mem|topic)_20261207_\d+(?!\w)")


def _held(folder: Path, *logs: Path) -> frozenset[str]:
    return held_ids(NOW, logs=logs, folder=folder, backups=())


def test_the_scan_finds_what_the_reference_pattern_finds(tmp_path: Path) -> None:
    text = (
        b'{"target":"mem_20261207_001"} topic_20261207_02 xmem_20261207_003 '
        b"_mem_20261207_004 mem_20261207_5a mem_20261206_006 mem_20261207_ "
        b"\xe4\xb8\xadmem_20261207_007 topic_20261207_1234,mem_20261207_008"
    )
    log = tmp_path / "log.jsonl"
    log.write_bytes(text)
    expected = {m.decode() for m in REFERENCE.findall(text)}
    assert expected == {
        "mem_20261207_001",
        "topic_20261207_02",
        "mem_20261207_007",
        "topic_20261207_1234",
        "mem_20261207_008",
    }
    # The highest of each kind is what is kept (all a new id counts past) ...
    assert _held(tmp_path, log) == highest_ids(expected)
    # ... and each word of the text alone is found exactly as the reference finds it.
    for word in text.split(b" "):
        log.write_bytes(word)
        assert _held(tmp_path, log) == highest_ids(m.decode() for m in REFERENCE.findall(word))


def test_a_log_that_grew_is_read_from_where_the_last_read_stopped(tmp_path: Path) -> None:
    log = tmp_path / "journal.jsonl"
    log.write_bytes(b"mem_20261207_001\n" + b"x" * 200 + b" mem_20261207_0")
    assert _held(tmp_path, log) == {"mem_20261207_001"}
    with log.open("ab") as appending:  # the id cut by the last read's end, completed
        appending.write(b"02\ntopic_20261207_003\n")
    data, mark, continued = read_appended(log, max_bytes=1 << 20)
    assert not continued and mark.end == len(data) == log.stat().st_size
    again, _, continued = read_appended(log, max_bytes=1 << 20, since=mark)
    assert continued and again == data[-limits.READ_OVERLAP_BYTES :]
    assert _held(tmp_path, log) == {"mem_20261207_002", "topic_20261207_003"}


def test_a_log_replaced_or_cut_and_rewritten_is_read_whole(tmp_path: Path) -> None:
    log = tmp_path / "journal.jsonl"
    log.write_bytes(b"mem_20261207_001\n" + b"y" * 100)
    _, mark, _ = read_appended(log, max_bytes=1 << 20)
    # Cut back and written again past the old end: the bytes before the mark differ.
    with log.open("r+b") as rewriting:
        rewriting.truncate(10)
        rewriting.seek(10)
        rewriting.write(b"z" * 200 + b" topic_20261207_009")
    data, _, continued = read_appended(log, max_bytes=1 << 20, since=mark)
    assert not continued and data == log.read_bytes()
    # Replaced (another inode, as a rotation or an atomic write makes it).
    fresh = tmp_path / "fresh.jsonl"
    fresh.write_bytes(b"mem_20261207_010\n" + b"w" * 300)
    os.replace(fresh, log)
    _, mark2, _ = read_appended(log, max_bytes=1 << 20)
    data, _, continued = read_appended(log, max_bytes=1 << 20, since=mark)
    assert not continued and data == log.read_bytes()
    assert mark2.inode != mark.inode
    assert _held(tmp_path, log) == {"mem_20261207_010"}


def test_only_the_tail_is_read_the_first_time(tmp_path: Path) -> None:
    log = tmp_path / "journal.jsonl"
    log.write_bytes(b"mem_20261207_001\n" + b"v" * 100)
    data, _, _ = read_appended(log, max_bytes=50)
    assert data == log.read_bytes()[-50:]
