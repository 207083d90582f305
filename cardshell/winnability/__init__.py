"""``winnability GAME``: a solver sweep over many deals of any searchable game.

Modules, one job each:

* :mod:`.args`: the command's grammar and its bounds;
* :mod:`.run`: solving (thoughtful) or playing with hints (honest) one deal,
  and the sweep over a run's deals on the sweep engine;
* :mod:`.store`: the SQLite table of results in the data directory;
* :mod:`.stats`: the Wilson interval and the bounds, pure functions;
* :mod:`.report`: the report and the ``--plot`` histogram;
* :mod:`.command`: the host's default plugin registering the command.
"""
