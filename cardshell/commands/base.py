"""The base of the host's default command plugins: the shell they act on.

Apart from :mod:`.common`, so that a plugin needing nothing else of it
(:mod:`.leaving`: ``exit``, ``quit``, ``history``, ``set``) imports none of
what the others share (the game lookup's close matches, the saves' times,
a game's page).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cardshell.host import Host


class ShellPlugin:
    """A default command plugin, acting on ``shell`` (the host's declared interface).

    Args:
        shell (Host): the shell whose games, settings and records the plugin's
            commands read and change.
    """

    def __init__(self, shell: Host) -> None:
        self.shell = shell
