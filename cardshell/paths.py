"""Where cardshell keeps its files: ``--data-dir``, else ``CARDSHELL_DATA_DIR``,
else platformdirs' per-user data directory (``~/.local/share/cardshell`` on
Linux).  The test suite always sets ``CARDSHELL_DATA_DIR``.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from pathlib import Path

#: The environment variable that moves the data directory.
DATA_DIR_ENV = "CARDSHELL_DATA_DIR"


def data_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """The directory for history, saves and statistics (not created): ``override``
    (``--data-dir``) when given.
    """
    if override:
        return Path(override).expanduser()
    from_env = os.environ.get(DATA_DIR_ENV)
    if from_env:
        return Path(from_env).expanduser()
    import platformdirs  # here: a start whose directories are set never imports it

    return Path(platformdirs.user_data_dir("cardshell", appauthor=False))


def history_file(directory: Path) -> Path:
    """The interactive history file inside a data directory."""
    return directory / "history"
