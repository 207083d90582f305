"""The host's own commands: kept for the names importable from here before
they were split into small default plugins (:mod:`cardshell.commands`,
listed in :data:`cardshell.defaults.DEFAULT_PLUGINS`).

``OptionParser``, ``play_parser`` and ``find_game`` are in
:mod:`cardshell.commands.common`; ``HostCommands`` is the plugin
``cardshell.builtin`` (``help`` and ``games``).
"""

from __future__ import annotations

from cardshell.commands.common import OptionParser, find_game, play_parser
from cardshell.commands.menu import MenuCommands as HostCommands

__all__ = ["HostCommands", "OptionParser", "find_game", "play_parser"]
