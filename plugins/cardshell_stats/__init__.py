"""Statistics of every finished game, written only against the plugin contract's lifecycle hooks.

``store`` keeps the results in SQLite in the data directory, ``summary``
computes the figures, ``plugin`` holds the hooks and the ``stats`` command.
"""
