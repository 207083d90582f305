"""cardshell_snap: the Snap simulation as a built-in cardshell game.

Python API (``plugins/cardshell_snap/NOTES.md``)::

    >>> from cardshell_snap import playgame
    >>> playgame(305)[0]
    'A wins'

Rules: :mod:`cardshell_snap.rules`; display: :mod:`cardshell_snap.display`;
the shell commands: :mod:`cardshell_snap.plugin`.
"""

from cardshell_snap.rules import MAX_TURNS, playgame

__all__ = ["MAX_TURNS", "playgame"]
