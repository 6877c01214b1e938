"""Compiled patterns kept between runs (autopatch_memory.lang.pattern_cache): a pattern
built from a kept program is the one ``re.compile`` gives, for every pattern the library
holds; the next process reads what one wrote; a file that is damaged, foreign or not to
be trusted is ignored; and with the cache off, or on an interpreter whose ``re`` differs,
patterns compile as before."""

from __future__ import annotations

import gc
import json
import marshal
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from test_lazy_patterns import _all_modules, _open_texts

from autopatch_memory.lang import LazyPattern
from autopatch_memory.lang import pattern_cache as cache

DATA = Path(__file__).resolve().parent.parent / "data"
needs_cache = pytest.mark.skipif(not cache.enabled({}), reason="this interpreter's re differs")


def _run(code: str, env: dict[str, str], stdin: str | None = None) -> str:
    """What ``code`` prints, run in a fresh interpreter with ``env`` added."""
    done = subprocess.run(
        [sys.executable, "-c", code],
        input=stdin,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
        env={**os.environ, **env},
    )
    return done.stdout


_REDACT_AND_COUNT = """
import json
from autopatch_memory.lang import pattern_cache
from autopatch_memory.privacy import redact
print(json.dumps([redact("password = hunter2 and How does FindingQueue order findings?"),
                  pattern_cache.stats(), str(pattern_cache.cache_file())]))
"""


def test_the_tests_keep_their_programs_in_a_temporary_folder() -> None:
    path = cache.cache_file()
    assert path is not None and Path(os.environ["XDG_CACHE_HOME"]) in path.parents
    assert "autopatch-memory-tests-cache-" in str(path)


@needs_cache
def test_every_pattern_of_the_library_built_from_its_program_is_the_compiled_one() -> None:
    _all_modules()
    sources = {(o.pattern, int(o.flags)) for o in gc.get_objects() if isinstance(o, LazyPattern)}
    assert len(sources) > 600
    texts = [*_open_texts()[:300], "password=hunter2 密码：abc123 AKIAIOSFODNN7EXAMPLE"]
    for source, flags in sorted(sources):
        compiled, entry = cache._program(source, flags)
        # Through the file's own format, as the next process reads it.
        rebuilt = cache._built(source, marshal.loads(marshal.dumps(entry)))
        expected = re.compile(source, flags)
        for built in (compiled, rebuilt):
            assert (built.pattern, built.flags, built.groups, built.groupindex) == (
                expected.pattern,
                expected.flags,
                expected.groups,
                expected.groupindex,
            )
        for text in texts:
            found = [(m.span(), m.groups()) for m in expected.finditer(text)]
            assert [(m.span(), m.groups()) for m in rebuilt.finditer(text)] == found, source


@needs_cache
def test_the_next_process_builds_its_patterns_from_what_the_last_one_kept(
    tmp_path: Path,
) -> None:
    env = {"XDG_CACHE_HOME": str(tmp_path)}
    first_text, first, path = json.loads(_run(_REDACT_AND_COUNT, env))
    assert first["misses"] > 10 and first["hits"] == 0
    assert Path(path).is_file() and Path(path).parent == tmp_path / "autopatch-memory"
    if os.name == "posix":
        assert Path(path).stat().st_mode & 0o077 == 0
    second_text, second, _ = json.loads(_run(_REDACT_AND_COUNT, env))
    assert second_text == first_text and "hunter2" not in second_text
    assert second["misses"] == 0 and second["hits"] == first["misses"]


@needs_cache
@pytest.mark.parametrize("damage", ["garbage", "wrong shape", "bad program", "writable"])
def test_a_damaged_or_untrusted_file_is_ignored_and_the_patterns_still_match(
    tmp_path: Path, damage: str
) -> None:
    env = {"XDG_CACHE_HOME": str(tmp_path)}
    expected, _, path = json.loads(_run(_REDACT_AND_COUNT, env))
    file = Path(path)
    entries = marshal.loads(file.read_bytes())
    if damage == "garbage":
        file.write_bytes(b"\x00not marshal at all")
    elif damage == "wrong shape":
        file.write_bytes(marshal.dumps([1, 2, 3]))
    elif damage == "bad program":  # every program replaced by one the engine refuses
        broken = {key: (e[0], b"\xff" * 8, *e[2:]) for key, e in entries.items()}
        file.write_bytes(marshal.dumps(broken))
    else:
        if os.name != "posix":
            pytest.skip("POSIX permissions")
        file.chmod(0o666)
    text, counts, _ = json.loads(_run(_REDACT_AND_COUNT, env))
    assert text == expected and counts["hits"] == 0


def test_with_the_cache_off_nothing_is_kept_and_patterns_compile_as_before(
    tmp_path: Path,
) -> None:
    env = {"XDG_CACHE_HOME": str(tmp_path), "AUTOPATCH_MEMORY_PATTERN_CACHE": "off"}
    text, counts, path = json.loads(_run(_REDACT_AND_COUNT, env))
    assert "hunter2" not in text and path == "None"
    assert counts == {"hits": 0, "misses": 0, "kept": 0}
    assert not any(tmp_path.iterdir())


def test_an_interpreter_whose_re_differs_compiles_as_re_does(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Python 3.10 and PyPy: no internals to keep the output of (forced here).
    monkeypatch.setattr(cache, "_INTERNALS", None)
    assert not cache.enabled() and cache.cache_file() is None
    source = r"(?P<key>token)\s*=\s*(?P<value>\w+)"
    built = cache.compile_pattern(source, re.IGNORECASE)
    assert built.groupindex == {"key": 1, "value": 2}
    assert built.search("TOKEN = abc").group("value") == "abc"  # type: ignore[union-attr]
    with pytest.raises(re.error):
        cache.compile_pattern("(unclosed")


@needs_cache
def test_a_bad_pattern_raises_what_re_compile_raises() -> None:
    with pytest.raises(re.error):
        cache.compile_pattern("(unclosed")
    with pytest.raises(re.error):
        cache.compile_pattern("[z-a]")


_ROUTE_REDACT_AND_COUNT = """
import json, sys
from autopatch_memory.lang import pattern_cache
from autopatch_memory.privacy import redact
from autopatch_memory_cli.classify.rules import classify
for text in json.loads(sys.stdin.read()):
    classify(text)
    redact(text)
print(json.dumps(pattern_cache.stats()))
"""


@needs_cache
def test_a_pattern_built_from_a_word_list_is_the_same_in_every_process(tmp_path: Path) -> None:
    # A list's alternation in a set's order would differ with the hash seed: every run
    # would compile it anew, and add it to the file again.
    texts = json.dumps(_open_texts()[:120])
    counts = []
    for seed in ("1", "2"):
        env = {"XDG_CACHE_HOME": str(tmp_path), "PYTHONHASHSEED": seed}
        counts.append(json.loads(_run(_ROUTE_REDACT_AND_COUNT, env, stdin=texts)))
    assert counts[0]["misses"] > 100
    assert counts[1]["misses"] == 0 and counts[1]["hits"] == counts[0]["misses"]


_READ_INSTRUCTIONS = """
import json, sys
from autopatch_memory.injection import instruction_like
from autopatch_memory.lang import pattern_cache
texts = json.loads(sys.stdin.read())
print(json.dumps([[instruction_like(t) for t in texts], pattern_cache.stats()]))
"""


def _instruction_texts() -> list[str]:
    path = DATA / "instruction_like" / "own_r2.jsonl"
    return [json.loads(line)["text"] for line in path.read_text("utf-8").splitlines() if line]


def _read_instructions(texts: list[str], cache_home: Path) -> tuple[list[str | None], dict]:
    env = {"XDG_CACHE_HOME": str(cache_home)}
    ids, counts = json.loads(_run(_READ_INSTRUCTIONS, env, stdin=json.dumps(texts)))
    return ids, counts


@needs_cache
def test_what_the_prefilter_derives_from_a_pattern_is_kept_and_read_back_alike(
    tmp_path: Path,
) -> None:
    # The first instruction-like check of a process parsed every rule's patterns
    # (~130 ms); the next process reads what the parse gave.
    texts = _instruction_texts()
    first, counts = _read_instructions(texts, tmp_path)
    assert counts["misses"] > 20 and any(first) and not all(first)
    again, counts = _read_instructions(texts, tmp_path)
    assert again == first and counts["misses"] == 0
    # An entry of the wrong shape is derived anew, with the same answers.
    file = next((tmp_path / "autopatch-memory").iterdir())
    entries = marshal.loads(file.read_bytes())
    derived = [key for key in entries if key[0].startswith("prefilter.branches:")]
    assert derived
    for key in derived:
        entries[key] = ((None, ("x",)),)
    file.write_bytes(marshal.dumps(entries))
    damaged, counts = _read_instructions(texts, tmp_path)
    assert damaged == first and counts["misses"] == len(derived)


@needs_cache
def test_values_another_version_of_the_code_kept_are_never_read(tmp_path: Path) -> None:
    # Two installs share one cache folder, or the library was upgraded: a value derived by
    # other code (another digest in its kind) is not this code's, whatever its shape.
    texts = _instruction_texts()
    first, _ = _read_instructions(texts, tmp_path)
    file = next((tmp_path / "autopatch-memory").iterdir())
    entries = marshal.loads(file.read_bytes())
    for key in [k for k in entries if k[0].startswith("prefilter.branches:")]:
        # valid in shape, wrong in content: every branch needs a string no text holds
        entries[("prefilter.branches:0123456789abcdef", key[1])] = ((key[1], ("\x00never",)),)
        del entries[key]
    file.write_bytes(marshal.dumps(entries))
    again, counts = _read_instructions(texts, tmp_path)
    assert again == first and counts["misses"] > 0


def test_without_a_home_folder_patterns_compile_and_nothing_is_kept(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A container's user with no home: Path.home() raises; the library must still work.
    def no_home() -> Path:
        raise RuntimeError("Could not determine home directory")

    monkeypatch.setattr(Path, "home", staticmethod(no_home))
    assert cache.cache_file({"XDG_CACHE_HOME": ""}) is None
    assert cache.cache_file({"XDG_CACHE_HOME": "relative/dir"}) is None


def test_a_lock_an_interrupt_left_held_does_not_keep_the_process_from_exiting(
    tmp_path: Path,
) -> None:
    # Ctrl-C between a `with` taking the cache's lock and the body that releases it leaves
    # the lock held; the save at exit gives up after a moment instead of waiting for ever.
    script = (
        "from autopatch_memory.lang import pattern_cache as cache\n"
        "cache._keep(('test', 'x'), 1)  # something to save: the save at exit is registered\n"
        "cache._KEPT.lock.acquire()\n"
    )
    started = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=30, check=False
    )
    assert done.returncode == 0, done.stderr
    assert time.monotonic() - started < 20
