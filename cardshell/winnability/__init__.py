"""``winnability GAME``: a solver sweep over many deals of any searchable game.

:mod:`.args` parses the command, :mod:`.run` solves or plays one deal and
sweeps a run's deals, :mod:`.store` keeps the results in SQLite,
:mod:`.stats` and :mod:`.report` turn them into the report, and
:mod:`.command` registers the command.
"""
