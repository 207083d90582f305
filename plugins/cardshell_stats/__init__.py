"""cardshell_stats: statistics of every finished game, for every game.

A built-in plugin written only against the lifecycle hooks of the plugin
contract (``cardshell_game_started``, ``cardshell_command_applied``,
``cardshell_game_over``) plus its own ``stats`` command: it knows nothing
about any particular game.  ``store`` keeps the results in SQLite in the
data directory, ``summary`` computes the figures (pure), ``plugin`` holds
the hook implementations.
"""
