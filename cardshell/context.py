"""What the shell's collaborators are given from outside: where files go
(:class:`Places`) and what the front end is like (:class:`FrontEnd`).
Each is made once, before the shell, and handed to those that need it.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

from cardshell import screen
from cardshell.paths import DATA_DIR_ENV, data_dir
from cardshell.render import Text


class Places:
    """Where cardshell keeps its files, each directory resolved when first used.

    ``data_dir`` is ``--data-dir``; None: ``CARDSHELL_DATA_DIR``, else the user
    data directory (:func:`cardshell.paths.data_dir`).
    """

    __slots__ = ("_given", "_data_dir")

    def __init__(self, data_dir: str | os.PathLike[str] | None = None) -> None:
        self._given = data_dir or os.environ.get(DATA_DIR_ENV) or None
        self._data_dir: Path | None = None

    @property
    def data_dir(self) -> Path:
        """The data directory: saves, statistics, history, winnability tables (not created here)."""
        if self._data_dir is None:
            self._data_dir = data_dir(self._given)
        return self._data_dir


class FrontEnd:
    """The front end's settings, as the collaborators read them.

    Args:
        interactive: a person types at a terminal (False: a script).
        columns: a script's screen width when its output goes to a screen;
            None: the terminal's at a terminal, else no fitting.
        confirm: asks a yes/no question; None: scripts ask nothing.
        progress: runs ``CommandContext.progress`` with a display; None: none.
        working: ``with working(label):`` shows work of unknown length runs.
        pace: a command's steps (``solve --play``) are left in the reply for
            the front end to play at a readable pace; False: they run at once.
        clear_screen: clears the terminal; None in scripts.
        one_command: the only line is one command given on cardshell's
            command line (``cardshell stats``): a person asking, so not a
            script (:attr:`scripted`).
    """

    __slots__ = ("interactive", "columns", "confirm", "progress", "working", "pace", "clear_screen", "one_command")

    def __init__(self, *, interactive: bool = False, columns: int | None = None,
                 confirm: Callable[[Text], bool] | None = None,
                 progress: Callable[[Iterable[Any], int | None, Text], Iterator[Any]] | None = None,
                 working: Callable[[Text], AbstractContextManager[Any]] | None = None,
                 pace: bool = False, clear_screen: Callable[[], None] | None = None,
                 one_command: bool = False) -> None:
        self.interactive = interactive
        self.one_command = one_command
        self.clear_screen = clear_screen
        self.columns = columns
        self.confirm = confirm
        self.progress = progress
        self.working = working
        self.pace = pace

    @property
    def scripted(self) -> bool:
        """Whether the lines are a script's (a file, or standard input that is
        no terminal): neither a person at a terminal nor :attr:`one_command`."""
        return not self.interactive and not self.one_command

    @property
    def fit_width(self) -> int | None:
        """The width replies are fitted to, or None when the output goes to no screen
        (it stays byte for byte as written): :attr:`columns` (at least
        :data:`cardshell.screen.MIN_WIDTH`), else the terminal's at a terminal.
        """
        if self.columns is not None:
            return max(self.columns, screen.MIN_WIDTH)
        if self.interactive:
            return screen.size().columns
        return None

    @property
    def size(self) -> os.terminal_size | None:
        """The terminal's size a game's display may fit (``cardshell_render``'s
        ``size``): :func:`cardshell.screen.size` at a terminal, read now; None in a
        script, whatever its screen (its output stays byte for byte as written).
        """
        return screen.size() if self.interactive else None

    @property
    def width(self) -> int:
        """The width menus and tables are laid out for: :attr:`fit_width`, else 80."""
        return self.fit_width or screen.DEFAULT_WIDTH
