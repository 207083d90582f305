"""Plugin problems in play: each reported once, always naming the plugin.

A plugin that fails while the shell goes on (a lifecycle or display hook
raising, a game whose ``render``, ``outcome`` or ``prompt`` raises) is
reported with one line, ``plugin 'stats' failed in cardshell_game_over
(cardshell_stats/store.py:40): DatabaseError: file is not a database``.
The same problem (same plugin, same place in the host, same exception type
at the same line) is reported the first time only, so a display hook that
fails on every move does not repeat its warning on every move.

Lines wait in :meth:`ProblemReporter.drain` until the shell hands them out
with the reply of the command being run (:attr:`cardshell.shell.Reply.warnings`),
which both front ends print on standard error.  The number of remembered
problems is bounded by :data:`MAX_PROBLEMS`.
"""

from __future__ import annotations

from collections.abc import Iterator
from types import FrameType

import pluggy

from cardshell import blame
from cardshell.defaults import DEFAULT_PLUGIN_NAMES
from cardshell.messages import say
from cardshell.plugincheck import PluginFault

#: At most this many distinct problems are remembered (and reported) per shell.
MAX_PROBLEMS = 1000


class ProblemReporter:
    """Collects plugin failures, each distinct one once.

    Args:
        pm (pluggy.PluginManager): the plugins whose code a failure is
            blamed on, as registered at the time of the failure (the host's
            default plugins left out: :func:`cardshell.blame.plugin_roots`).
        tracebacks (bool): also print each reported failure's traceback on
            standard error (``--traceback``).
    """

    def __init__(self, pm: pluggy.PluginManager, tracebacks: bool = False) -> None:
        self._pm = pm
        self.tracebacks = tracebacks
        self._seen: set[tuple[str | None, str, str, str | None]] = set()
        self._pending: list[str] = []

    def _roots(self) -> Iterator[tuple[str, str]]:
        """(plugin name, code root) of each plugin registered now, the host's own left out."""
        return blame.plugin_roots(self._pm.list_name_plugin(), DEFAULT_PLUGIN_NAMES)

    def locate(self, exc: BaseException, prefer: str | None = None) -> blame.Blame:
        """Where ``exc`` was raised (see :func:`cardshell.blame.locate`)."""
        return blame.locate(exc, self._roots(), prefer)

    def culprit(self, frame: FrameType | None) -> tuple[str, FrameType] | None:
        """The plugin a frame (or its callers) runs, for a signal handler
        (:data:`cardshell.signals.Culprit`): ``plugin 'spinner' (spinner.py:12)``
        and the outermost frame of its code; None when no plugin code runs."""
        found = blame.running_plugin(frame, self._roots())
        return None if found is None else (say("stop.culprit", plugin=repr(found[0]), where=found[1]), found[2])

    def failure(self, plugin: str | None, where: str, exc: BaseException) -> str | None:
        """Report that plugin code raised while the shell goes on.

        Args:
            plugin (str | None): the plugin responsible (the hook's owner, the
                game's plugin); None to blame the plugin whose code raised.
            where (str): what the host was calling, e.g. ``cardshell_render``
                or ``render of game 'fragile'``.
            exc (BaseException): the exception.

        Returns:
            str | None: the line queued for the user, or None when the same
            problem was reported before (or :data:`MAX_PROBLEMS` is reached).
        """
        found = self.locate(exc, plugin)
        name = plugin or found.plugin or "?"
        key = (name, where, type(exc).__name__, found.where)
        if key in self._seen or len(self._seen) >= MAX_PROBLEMS:
            return None
        self._seen.add(key)
        if isinstance(exc, PluginFault):  # it names the plugin, the hook and what went wrong itself
            line = exc.message
        else:
            at = say("plugin.at", where=found.where) if found.where else ""
            line = say("plugin.failed-in", plugin=repr(name), where=where, at=at, error=blame.describe(exc))
        self._pending.append(line)
        if self.tracebacks:
            blame.print_traceback(exc)
        return line

    def note(self, key: str, line: str) -> None:
        """Queue a warning about a plugin's wrong answer, the first time for ``key``.

        Args:
            key (str): what makes the problem the same one (the plugin and
                the hook, e.g. ``"golf\\0legal_moves"``): reported once.
            line (str): the text, naming the plugin, the hook and the value
                (:class:`cardshell.ruleset.RuleSet.warn`).
        """
        seen = ("note", key, "", None)
        if seen in self._seen or len(self._seen) >= MAX_PROBLEMS:
            return
        self._seen.add(seen)
        self._pending.append(line)

    def drain(self) -> list[str]:
        """The lines reported since the last call, oldest first (then forgotten)."""
        lines, self._pending = self._pending, []
        return lines
