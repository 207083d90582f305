"""How the tests start cardshell at a real terminal: ``python -m cardshell``
on a pexpect pseudo-terminal, with the environment every such test needs."""

from __future__ import annotations

import os
import sys
from collections.abc import Collection, Mapping
from pathlib import Path
from typing import Any

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
    return pexpect.spawn(sys.executable, ["-m", "cardshell", "--data-dir", str(data_dir), *args], env=full,
                         encoding="utf-8", timeout=timeout, dimensions=(rows, columns))
