"""Plugin problems in play, each reported once, naming the plugin:
``plugin 'stats' failed in cardshell_game_over (cardshell_stats/store.py:40):
DatabaseError: file is not a database``.

The same plugin, place, exception type and line is reported the first time
only; lines go out with the reply's :attr:`~cardshell.reply.Reply.warnings`,
and at most :data:`MAX_PROBLEMS` are remembered.
"""

from __future__ import annotations

from collections.abc import Iterator
from types import FrameType

import pluggy

from cardshell import blame
from cardshell.defaults import DEFAULT_PLUGIN_NAMES
from cardshell.messages import say
from cardshell.plugincheck import PluginFault
from cardshell.render import Text

#: At most this many distinct problems are remembered (and reported) per shell.
MAX_PROBLEMS = 1000


class ProblemReporter:
    """Collects plugin failures, each distinct one once.

    Args:
        pm: the plugins a failure may be blamed on, as registered at the time
            (the default plugins left out: :func:`cardshell.blame.plugin_roots`).
        tracebacks: also print each failure's traceback (``--traceback``).
    """

    def __init__(self, pm: pluggy.PluginManager, tracebacks: bool = False) -> None:
        self._pm = pm
        self.tracebacks = tracebacks
        self._seen: set[tuple[str | None, Text, str, str | None]] = set()
        self._pending: list[Text] = []

    def _roots(self) -> Iterator[tuple[str, str]]:
        return blame.plugin_roots(self._pm.list_name_plugin(), DEFAULT_PLUGIN_NAMES)

    def locate(self, exc: BaseException, prefer: str | None = None) -> blame.Blame:
        """Where ``exc`` was raised (see :func:`cardshell.blame.locate`)."""
        return blame.locate(exc, self._roots(), prefer)

    def culprit(self, frame: FrameType | None) -> Text | None:
        """The plugin a frame or its callers run, for a signal handler
        (:data:`cardshell.signals.Culprit`): ``plugin 'spinner' (spinner.py:12)``;
        None when no plugin code runs (:func:`cardshell.blame.plugin_frame`).
        """
        found = blame.running_plugin(frame, self._roots())
        return None if found is None else say("stop.culprit", plugin=repr(found[0]), where=found[1])

    def failure(self, plugin: str | None, where: Text, exc: BaseException) -> Text | None:
        """Report that plugin code raised while the shell goes on; the line queued,
        or None when reported before or past :data:`MAX_PROBLEMS`.

        ``plugin`` is the one responsible (None: whose code raised); ``where`` is
        what the host called (``render of game 'fragile'``).
        """
        found = self.locate(exc, plugin)
        name = plugin or found.plugin or "?"
        key = (name, where, type(exc).__name__, found.where)
        if key in self._seen or len(self._seen) >= MAX_PROBLEMS:
            return None
        self._seen.add(key)
        if isinstance(exc, PluginFault):  # it names the plugin, the hook and what went wrong itself
            line = exc.said
        else:
            at = say("plugin.at", where=found.where) if found.where else ""
            line = say("plugin.failed-in", plugin=repr(name), where=where, at=at, error=blame.describe(exc))
        self._pending.append(line)
        if self.tracebacks:
            blame.print_traceback(exc)
        return line

    def note(self, key: str, line: Text) -> None:
        r"""Queue ``line`` about a plugin's wrong answer the first time for ``key``
        (the plugin and hook, e.g. ``"golf\0legal_moves"``).
        """
        seen = ("note", key, "", None)
        if seen in self._seen or len(self._seen) >= MAX_PROBLEMS:
            return
        self._seen.add(seen)
        self._pending.append(line)

    def drain(self) -> list[Text]:
        """The lines reported since the last call, oldest first (then forgotten)."""
        lines, self._pending = self._pending, []
        return lines
