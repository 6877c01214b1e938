"""What a user sees: a small terminal emulator for the tests of the command line on a
pseudo-terminal.

It understands what the command line and rich write — printable text with the
terminal's automatic wrap at the right margin (xterm's "pending wrap": the character
after one written in the last column starts the next line), carriage return, line
feed, cursor moves up/down/left/right, erase in line and in display — and ignores
styles, mode switches and OSC strings. Text is taken one column per character (the
tests draw ASCII).
"""

from __future__ import annotations

import re

__all__ = ["Screen"]

_CSI = re.compile(r"\x1b\[([0-9;?]*)([ -/]*)([@-~])")
_OSC = re.compile(r"\x1b\].*?(?:\x07|\x1b\\)", re.DOTALL)


class Screen:
    """A terminal ``width`` columns wide; the screen is its last ``height`` rows."""

    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.height = height
        self.rows: list[list[str]] = [[]]
        self.row = 0
        self.col = 0
        self._wrap_pending = False

    @property
    def _top(self) -> int:
        return max(0, len(self.rows) - self.height)

    def _line_feed(self) -> None:
        self.row += 1
        if self.row == len(self.rows):
            self.rows.append([])

    def _put(self, char: str) -> None:
        if self._wrap_pending:
            self.col = 0
            self._line_feed()
            self._wrap_pending = False
        line = self.rows[self.row]
        line.extend(" " * (self.col + 1 - len(line)))
        line[self.col] = char
        if self.col == self.width - 1:
            self._wrap_pending = True
        else:
            self.col += 1

    def _csi(self, params: str, final: str) -> None:
        self._wrap_pending = False
        numbers = [int(p) for p in params.lstrip("?").split(";") if p.isdigit()]
        count = numbers[0] if numbers else 0
        line = self.rows[self.row]
        if final == "A":
            self.row = max(self._top, self.row - max(count, 1))
        elif final == "B":
            self.row = min(len(self.rows) - 1, self.row + max(count, 1))
        elif final == "C":
            self.col = min(self.width - 1, self.col + max(count, 1))
        elif final == "D":
            self.col = max(0, self.col - max(count, 1))
        elif final == "G":
            self.col = max(0, min(self.width - 1, max(count, 1) - 1))
        elif final == "K":
            if count == 0:
                del line[self.col :]
            elif count == 1:
                line[: self.col + 1] = [" "] * min(len(line), self.col + 1)
            else:
                line.clear()
        elif final == "J" and count == 0:
            del line[self.col :]
            del self.rows[self.row + 1 :]
        # Styles (m), modes (h, l) and anything else do not move text.

    def feed(self, text: str) -> None:
        """Take what the program wrote (as the terminal received it)."""
        text = _OSC.sub("", text)
        at = 0
        while at < len(text):
            char = text[at]
            if char == "\x1b":
                match = _CSI.match(text, at)
                if match is not None:
                    self._csi(match.group(1), match.group(3))
                    at = match.end()
                    continue
                at += 2  # an escape this emulator does not know: skipped with its letter
                continue
            if char == "\r":
                self.col, self._wrap_pending = 0, False
            elif char == "\n":
                self._wrap_pending = False
                self._line_feed()
            elif char == "\b":
                self.col, self._wrap_pending = max(0, self.col - 1), False
            elif char >= " " and char != "\x7f":
                self._put(char)
            at += 1

    def lines(self) -> list[str]:
        """Every row written, scrolled-off ones first, without trailing blanks."""
        return ["".join(row).rstrip() for row in self.rows]
