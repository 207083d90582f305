"""Where cardshell keeps its files: the user's data directory.

Order of precedence: the ``--data-dir`` option, then the environment
variable ``CARDSHELL_DATA_DIR``, then platformdirs' per-user data directory
(``~/.local/share/cardshell`` on Linux).  The test suite always sets
``CARDSHELL_DATA_DIR`` so that it never writes into the real home directory.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

import platformdirs

if TYPE_CHECKING:  # pragma: no cover
    from pathlib import Path

#: The environment variable that moves the data directory.
DATA_DIR_ENV = "CARDSHELL_DATA_DIR"


def data_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """The data directory (not created here).

    Args:
        override (str | PathLike | None): the ``--data-dir`` value, if given.

    Returns:
        Path: the directory to keep history, saves and statistics in.
    """
    if override:
        return Path(override).expanduser()
    from_env = os.environ.get(DATA_DIR_ENV)
    if from_env:
        return Path(from_env).expanduser()

    return Path(platformdirs.user_data_dir("cardshell", appauthor=False))


def history_file(directory: Path) -> Path:
    """The interactive history file inside a data directory."""
    return directory / "history"
