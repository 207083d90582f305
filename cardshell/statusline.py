"""One line redrawn in place on a terminal, then wiped: what a progress line
(:mod:`cardshell.progress`) and a spinner (:mod:`cardshell.spinner`)
draw with.

Each draw overwrites the previous one after a carriage return, cut to one
character less than the terminal's width (a wrapped line could not be
redrawn) and padded with spaces over what the previous draw left; wiping
puts spaces over the line and the cursor back at its start, so the reply or
the prompt starts on a clean line.  A stream that fails (a closed terminal)
never stops the work being shown.
"""

from __future__ import annotations

import shutil
from typing import TextIO

__all__ = ["StatusLine"]


class StatusLine:
    """A line drawn in place on ``stream``.

    Args:
        stream (TextIO): where to draw (a terminal).
        columns (int | None): the width to fit, in characters; None for the
            terminal's (``shutil.get_terminal_size``, 80 when unknown).
    """

    def __init__(self, stream: TextIO, columns: int | None = None) -> None:
        self.stream = stream
        self.columns = shutil.get_terminal_size((80, 24)).columns if columns is None else columns
        self._drawn = 0

    def show(self, text: str) -> None:
        """Draw ``text`` over the previous line (cut to ``columns - 1`` characters).

        Args:
            text (str): one line, no newline.
        """
        line = text[: max(self.columns - 1, 1)]
        pad = " " * max(self._drawn - len(line), 0)
        self._write(f"\r{line}{pad}")
        self._drawn = len(line)

    def wipe(self) -> None:
        """Spaces over the line, the cursor back at its start; idempotent."""
        if self._drawn:
            self._write("\r" + " " * self._drawn + "\r")
            self._drawn = 0

    def _write(self, text: str) -> None:
        try:
            self.stream.write(text)
            self.stream.flush()
        except (OSError, ValueError):  # a closed terminal must not stop the work shown
            pass
