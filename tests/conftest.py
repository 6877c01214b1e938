"""Shared fixtures. Every test runs fail-closed: no network, no real config.

* ``OPENAI_BASE_URL`` / ``AUTOPATCH_LLM_BASE_URL`` point at a loopback port that is
  bound but never listens, so a forgotten model call is refused at once;
* API keys, model names and backend choices from the developer's shell are removed;
* ``HOME`` and ``XDG_CONFIG_HOME`` point into a temporary folder, and
  ``XDG_CACHE_HOME`` (the compiled patterns' cache, shared by the session's processes)
  into one of the session, removed at exit;
* an audit hook refuses any name lookup, connection or datagram that is not for the
  loopback interface;
* a bug of the library on the background worker (contained there, and logged on the
  ``autopatch_memory`` logger) fails the test that caused it, unless the test asks
  for ``internal_errors_expected``;
* every write checks that it left the document it read as it was (the store copies on
  write: ``MemoryStore.check_copy_on_write``), so a change made in place anywhere in
  the library fails the test that makes it.
"""

from __future__ import annotations

import atexit
import logging
import os
import shutil
import socket
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

# The scriptable local OpenAI-compatible server, as the ``fake_openai`` fixture.
pytest_plugins = ["fake_openai_server"]

_LOOPBACK = {"127.0.0.1", "::1", "localhost"}
_ENV_TO_CLEAR = (
    "OPENAI_API_KEY",
    "OPENAI_BASE_URL",
    "OPENAI_MODEL",
    "OPENAI_ORG_ID",
    "OPENAI_PROJECT_ID",
    "AUTOPATCH_LLM_API_KEY",
    "AUTOPATCH_LLM_BASE_URL",
    "AUTOPATCH_LLM_MODEL",
    "AUTOPATCH_MEMORY_BACKEND",
)


def _host_of(event: str, args: tuple[object, ...]) -> object:
    if event == "socket.getaddrinfo":  # (host, port, family, type, proto): DNS too
        return args[0]
    if event in {"socket.connect", "socket.sendto"}:  # (socket, address)
        address = args[1]
        return address[0] if isinstance(address, tuple) and address else None
    return None


def _refuse_remote_sockets(event: str, args: tuple[object, ...]) -> None:
    host = _host_of(event, args)
    if isinstance(host, bytes):
        host = host.decode("ascii", "replace")
    if isinstance(host, str) and host not in _LOOPBACK:
        raise ConnectionRefusedError(f"tests may not reach the network ({event} {host!r})")


sys.addaudithook(_refuse_remote_sockets)

# Set before anything compiles a pattern: the cache's folder is read once per process.
# The removal is registered first, so it runs after the cache is written at exit.
_CACHE_HOME = tempfile.mkdtemp(prefix="autopatch-memory-tests-cache-")
atexit.register(shutil.rmtree, _CACHE_HOME, ignore_errors=True)
os.environ["XDG_CACHE_HOME"] = _CACHE_HOME

# Every write of every test checks copy on write (a few dumps more per write).
from autopatch_memory.store import MemoryStore  # noqa: E402

MemoryStore.check_copy_on_write = True


@pytest.fixture(scope="session")
def closed_port() -> Iterator[int]:
    """A loopback port that is bound but not listening: connecting is refused."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    try:
        yield sock.getsockname()[1]
    finally:
        sock.close()


@pytest.fixture(autouse=True)
def _fail_closed_environment(
    monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory, closed_port: int
) -> None:
    for name in _ENV_TO_CLEAR:
        monkeypatch.delenv(name, raising=False)
    dead_url = f"http://127.0.0.1:{closed_port}/v1"
    monkeypatch.setenv("OPENAI_BASE_URL", dead_url)
    monkeypatch.setenv("AUTOPATCH_LLM_BASE_URL", dead_url)
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
    monkeypatch.setenv("NO_COLOR", "1")


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """An empty repository folder (a ``.git`` marker and nothing else)."""
    root = tmp_path / "repo"
    (root / ".git").mkdir(parents=True)
    return root


class _ErrorRecords(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture
def internal_errors_expected() -> None:
    """Request this in a test that provokes a library bug on purpose."""


@pytest.fixture(autouse=True)
def _library_bugs_fail_the_test(request: pytest.FixtureRequest) -> Iterator[None]:
    # The worker contains a bug so that a host keeps running; a test must not.
    handler = _ErrorRecords()
    logger = logging.getLogger("autopatch_memory")
    logger.addHandler(handler)
    try:
        yield
    finally:
        logger.removeHandler(handler)
    if handler.records and "internal_errors_expected" not in request.fixturenames:
        first = handler.records[0]
        pytest.fail(f"the library logged an internal error: {first.getMessage()}: {first.exc_info}")
