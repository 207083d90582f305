"""Higher or Lower, a small game for cardshell: an example third-party plugin.

The rules are in :mod:`cardshell_higher_lower.rules` (pure functions over a
state), the text display in :mod:`cardshell_higher_lower.display`, and
:mod:`cardshell_higher_lower.plugin` registers both with cardshell through
its hooks.  Nothing here imports anything of cardshell's beyond its public
contract (``cardshell``, ``cardshell.cards``, ``cardshell.parsers``,
``cardshell.rng``).
"""

__version__ = "0.1.0"
