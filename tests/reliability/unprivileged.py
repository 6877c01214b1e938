"""Run Python in a child process that file permissions apply to.

Root ignores permission bits (``CAP_DAC_OVERRIDE``), so a test of a read-only
folder would pass vacuously when the suite runs as root, as it does in many
containers. As root, the child drops ``CAP_DAC_OVERRIDE`` and
``CAP_DAC_READ_SEARCH`` from its capability bounding set before it starts Python
(Linux ``prctl``), so the owner's permission bits apply to it again; as any other
user they apply anyway. Tests call :func:`require_permissions` first: it skips
where neither is possible.
"""

from __future__ import annotations

import ctypes
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

_PR_CAPBSET_DROP = 24
_CAPS = (1, 2)  # CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH


def _drop_override() -> None:
    libc = ctypes.CDLL(None, use_errno=True)
    for cap in _CAPS:
        if libc.prctl(_PR_CAPBSET_DROP, cap, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "prctl(PR_CAPBSET_DROP) failed")


def run_unprivileged(
    code: str, *args: object, timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    """Run ``code`` (``python -c``) with ``args``; permissions apply to it."""
    return subprocess.run(
        [sys.executable, "-c", code, *map(str, args)],
        capture_output=True,
        text=True,
        timeout=timeout,
        preexec_fn=_drop_override if os.geteuid() == 0 else None,
    )


def require_permissions() -> None:
    """Skip the test unless a child of :func:`run_unprivileged` obeys permission bits."""
    if not hasattr(os, "geteuid") or sys.platform != "linux":
        pytest.skip("permission checks in a child process need Linux")
    with tempfile.TemporaryDirectory() as folder:
        locked = Path(folder) / "read-only"
        locked.mkdir(mode=0o555)
        try:
            probe = run_unprivileged(
                "import sys; open(sys.argv[1] + '/x', 'w')", locked, timeout=60
            )
        except (OSError, subprocess.SubprocessError) as exc:
            pytest.skip(f"cannot start a child without permission override: {exc}")
        finally:
            locked.chmod(0o755)
    if probe.returncode == 0 or "PermissionError" not in probe.stderr:
        pytest.skip("this user writes into read-only folders (cannot test permissions)")
