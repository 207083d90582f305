"""The host interface: what the host's default plugins see of the shell.

The default plugins (:data:`cardshell.defaults.DEFAULT_PLUGINS`) are built
with the shell typed as :class:`Host`, its collaborators by name (as
pytest hands a plugin its ``config``), and ask the collaborator that owns a
duty (``host.lifecycle.start``, ``host.persistence.save``); the type
checker refuses one that reaches past it, and none imports
:mod:`cardshell.shell` (tests/test_layering.py).  Third-party plugins see
the read-only :class:`cardshell.views.ShellView` instead.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:  # pragma: no cover - annotations only; every name below is a lower layer than the shell
    from cardshell.context import FrontEnd, Places
    from cardshell.dispatch import Dispatcher
    from cardshell.endings import Endings
    from cardshell.gametable import GameTable
    from cardshell.persistence import Persistence
    from cardshell.recording import Recorder
    from cardshell.registry import Registry
    from cardshell.replay import Replayer
    from cardshell.seeds import SeedSource
    from cardshell.sessions import Sessions
    from cardshell.settings import Settings


class Host(Protocol):
    """The shell as the default plugins see it: its collaborators.

    Attributes:
        table: the games in progress, the current one, the last finished ones.
        lifecycle: starts, leaves, shows and ends games; ``host_word``.
        registry: the plugins, games, commands by scope, rules for search.
        dispatcher: the scope now, did-you-mean, ``record_as``, ``exiting``.
        persistence: this session's saves and abandoned games, ``autosave``.
        replayer: rebuilds a save's game.
        recorder: the session's accepted lines (``history``).
        seeds: the seeds of games started without ``--seed``.
        endings: the deals that reached an ending.
        front_end: the front end's settings (``width``, ``confirm``, ``working``).
        places: where files are kept (``data_dir``).
        settings: the session's settings (``set``: ``autoplay``).
    """

    table: GameTable
    lifecycle: Sessions
    registry: Registry
    dispatcher: Dispatcher
    persistence: Persistence
    replayer: Replayer
    recorder: Recorder
    seeds: SeedSource
    endings: Endings
    front_end: FrontEnd
    places: Places
    settings: Settings
