"""Snap, a two-player simulation, as a built-in game (game id ``snap``); ``playgame`` is its Python API::

    >>> from cardshell_snap import playgame
    >>> playgame(305)[0]
    'A wins'
"""

from cardshell_snap.rules import MAX_TURNS, playgame

__all__ = ["MAX_TURNS", "playgame"]
