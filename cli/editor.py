"""Opening a text in the user's editor, as git does: ``$VISUAL``, else ``$EDITOR``, run by
the shell (so ``EDITOR="code --wait"`` works), on a private temporary file.

Without either variable, a terminal gets ``vi`` (``notepad`` on Windows); without a
terminal there is no one to edit, and that is the caller's usage error.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

__all__ = ["EditorError", "NoEditorError", "edit_text"]

_FALLBACK = "notepad" if sys.platform == "win32" else "vi"


class NoEditorError(Exception):
    """No editor is set and there is no terminal to run a default one on."""


class EditorError(Exception):
    """The editor could not be started, or it exited with an error."""


def _editor() -> str:
    for name in ("VISUAL", "EDITOR"):
        value = os.environ.get(name, "").strip()
        if value:
            return value
    if sys.stdin is not None and sys.stdin.isatty():
        return _FALLBACK
    raise NoEditorError("no editor: set $EDITOR (or $VISUAL)")


def edit_text(text: str, *, name: str) -> str:
    """``text`` as the user leaves it in the editor (``name``: the temporary file's name,
    whose suffix tells the editor the format). Raises :class:`NoEditorError` or
    :class:`EditorError`; the temporary file is removed either way."""
    editor = _editor()
    with tempfile.TemporaryDirectory(prefix="autopatch-memory-") as folder:
        path = Path(folder) / name
        path.write_text(text, encoding="utf-8")
        os.chmod(path, 0o600)  # memory is the user's: not for other accounts to read
        if sys.platform == "win32":
            command: str | list[str] = f'{editor} "{path}"'
        else:
            # As git runs it: the editor's words through the shell, the file as "$1".
            command = ["/bin/sh", "-c", f'{editor} "$@"', editor, str(path)]
        try:
            done = subprocess.run(command, shell=sys.platform == "win32", check=False)
        except OSError as exc:
            raise EditorError(
                f"cannot start the editor {editor!r}: {exc.strerror or exc}"
            ) from None
        if done.returncode != 0:
            raise EditorError(f"the editor {editor!r} exited with status {done.returncode}")
        try:
            return path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            raise EditorError("the edited text is not UTF-8; save it as UTF-8") from None
        except OSError as exc:
            raise EditorError(f"cannot read the edited text: {exc.strerror or exc}") from None
