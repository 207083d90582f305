"""How the tests start cardshell at a real terminal: ``python -m cardshell``
on a pexpect pseudo-terminal, with the environment every such test needs,
and what that terminal shows (``child.screen``: everything the child wrote,
fed to pyte, a terminal emulator of the same size)."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Collection, Mapping
from pathlib import Path
from typing import Any

import pyte
import pytest

#: What every terminal test sets: no cursor-position requests (pexpect does
#: not answer them), an xterm, no colour (unless a test removes it).
TERMINAL_ENV = {"PROMPT_TOOLKIT_NO_CPR": "1", "TERM": "xterm", "NO_COLOR": "1"}


def spawn_cardshell(data_dir: Path, plugins: str, *args: str, rows: int = 40, columns: int = 120,
                    timeout: float = 20, env: Mapping[str, str] | None = None,
                    without: Collection[str] = ()) -> Any:
    """Start ``python -m cardshell --data-dir DATA_DIR ARGS`` on a pseudo-terminal.

    Args:
        data_dir (Path): the data directory (``--data-dir``).
        plugins (str): ``CARDSHELL_LOAD_PLUGINS``: a comma list, "" for none.
        *args (str): more command-line arguments.
        rows (int), columns (int): the terminal's size, in characters.
        timeout (float): pexpect's default wait, in seconds.
        env (Mapping[str, str] | None): variables to add or override.
        without (Collection[str]): variables to remove (after ``env``).

    Returns:
        pexpect.spawn: the child, nothing read from it yet.
    """
    pexpect = pytest.importorskip("pexpect")
    full = {**os.environ, **TERMINAL_ENV, "CARDSHELL_LOAD_PLUGINS": plugins, **(env or {})}
    for name in without:
        full.pop(name, None)
    child = pexpect.spawn(sys.executable, ["-m", "cardshell", "--data-dir", str(data_dir), *args], env=full,
                          encoding="utf-8", timeout=timeout, dimensions=(rows, columns))
    child.screen = child.logfile_read = Screen(columns, rows)
    return child


def wait_for_screen(child: Any, condition: Any, seconds: float = 30.0) -> bool:
    """Read what the child writes (into ``child.screen``) until
    ``condition()`` holds or ``seconds`` pass; whether it holds."""
    pexpect = pytest.importorskip("pexpect")
    end = time.monotonic() + seconds
    while not condition() and time.monotonic() < end:
        try:
            child.read_nonblocking(65536, timeout=0.05)
        except pexpect.TIMEOUT:
            pass
    return bool(condition())


class Screen:
    """What a terminal of ``columns`` x ``rows`` shows: a file that pexpect
    writes what it reads from the child to (``logfile_read``)."""

    def __init__(self, columns: int, rows: int) -> None:
        self.screen = pyte.Screen(columns, rows)
        self.stream = pyte.Stream(self.screen)

    def write(self, text: str) -> None:
        self.stream.feed(text)

    def flush(self) -> None:
        pass

    def rows(self) -> list[str]:
        """The rows shown now, right-stripped."""
        return [row.rstrip() for row in self.screen.display]

    def text(self) -> str:
        """The rows shown now, one a line."""
        return "\n".join(self.rows())

    def cursor_row(self) -> str:
        """The row the cursor is on (the prompt, while one waits), right-stripped."""
        return self.screen.display[self.screen.cursor.y].rstrip()
