"""The cardshell plugin contract: every hook a plugin may implement.

This module is what a plugin author reads.  A plugin is a module (or any
object) with functions marked ``@cardshell.hookimpl`` whose names match the
hook specifications below, made known to cardshell through an entry point in
the ``cardshell`` group::

    # pyproject.toml of your distribution
    [project.entry-points.cardshell]
    higher-lower = "cardshell_higher_lower.plugin"

Every hook's arguments are passed by keyword; an implementation may accept
any subset of them (pluggy's rule).  Records (:class:`~cardshell.records.Game`,
:class:`~cardshell.records.Command`, :class:`~cardshell.records.Outcome`)
come from :mod:`cardshell.records`; the read-only
:class:`~cardshell.views.SessionView` the lifecycle hooks receive from
:mod:`cardshell.views`; the user-facing error type
:class:`~cardshell.errors.CommandError` from :mod:`cardshell.errors`; all of
them are importable from :mod:`cardshell` directly.

Hooks are called by the host in this order:

1. at start-up, once per shell: :func:`cardshell_games`, then
   :func:`cardshell_commands`, each implementation under its own guard.  A
   plugin is accepted or refused as a whole: if its hook raises, returns
   something that is not a record, or takes a game id or command word
   already taken, none of its games, commands or other hooks are used, and
   it is reported once (``cardshell plugins`` lists it with its
   distribution, version and the reason) while every other game works;
2. when a game starts (``play``, ``new``, ``restart``):
   :func:`cardshell_game_started`;
3. after every accepted command of a game: :func:`cardshell_command_applied`,
   then, if the game's :attr:`~cardshell.records.Game.outcome` just went
   from None to a result, :func:`cardshell_game_over`;
4. whenever a state is shown: :func:`cardshell_render`.

Every hook is called by pluggy's rules (:mod:`cardshell.hookcall`): the
last registered implementation first, ``tryfirst``/``trylast`` to move one
to the front or the back, new-style (``wrapper=True``) and old-style
(``hookwrapper=True``) wrappers around the others, ``firstresult`` where a
specification says so; each implementation runs under its own guard.  An
exception (or ``sys.exit()``) in a lifecycle or display hook never stops
the other implementations nor the shell: it is reported once, on standard
error, naming the plugin and the file and line that raised.  A plugin
implementing a hook that is not specified here (a misspelt
``cardshell_game_ended``) is refused at load with the closest real hook
named, unless the implementation is marked ``optionalhook=True``; the
registration hooks cannot be wrappers (each plugin's own records are
collected).

Contract versioning: :data:`CONTRACT_VERSION` is the version of this
contract (the hooks here and the records of :mod:`cardshell.records`).  A
plugin declares the version it was written for with a module-level
``CARDSHELL_CONTRACT = N`` (an int) in the module its entry point names; the
host accepts every version from :data:`OLDEST_CONTRACT_VERSION` to
:data:`CONTRACT_VERSION` and refuses any other before any of its hooks run,
with a message naming both versions (``needs plugin contract version 3,
but this cardshell provides plugin contract versions 1 to 2``), instead of
letting it fail later in play.  A plugin that declares nothing is loaded on
trust.

Version 2 added games as legal moves over immutable states: the
:class:`~cardshell.records.Move` record, the :class:`~cardshell.records.Hint`
record and the :class:`~cardshell.records.Game` fields ``immutable``,
``moves``, ``legal_moves``, ``determinize``, ``key``, ``heuristic`` and
``hint``.  All are optional, so a version 1 plugin (mutable states, commands
with handlers) works unchanged: the host deep-copies its states as before.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import pluggy

if TYPE_CHECKING:  # pragma: no cover - imports for the annotations only
    from cardshell.records import Command, Game, Outcome
    from cardshell.views import SessionView

#: The project name pluggy uses to match hook specifications and implementations.
PROJECT = "cardshell"

#: The version of this contract.  It goes up when hooks or records gain
#: something a plugin may rely on.
CONTRACT_VERSION = 2

#: The oldest contract version this host still serves unchanged.
OLDEST_CONTRACT_VERSION = 1

hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


@hookspec
def cardshell_games() -> Iterable[Game] | None:
    """Register games.

    Called once at start-up, for every plugin (not firstresult).

    :return: a list (or any iterable) of :class:`~cardshell.records.Game`
        records, possibly empty (None counts as empty).  A game id registered by two plugins is
        refused for the later one, with a message naming both plugins; the
        later plugin is then refused as a whole.  Built-in plugins (those of
        the ``cardshell`` distribution) come first, then third-party ones in
        registration order (entry-point names in sorted order, then
        ``--plugin`` modules).
    """


@hookspec
def cardshell_commands() -> Iterable[Command] | None:
    """Register commands, global or for a game.

    Called once at start-up, for every plugin (not firstresult), after
    :func:`cardshell_games`.  The host's own commands (``help``, ``games``,
    ``play``, ``quit``, ``exit``, ...) are registered through this same hook
    by the host's default plugins, before any other (``cardshell plugins``
    lists them).

    A command's :attr:`~cardshell.records.Command.game` names the game it
    belongs to; a plugin may add commands to a game registered by another
    plugin.  A command whose game is not registered is refused.  Two
    commands of one scope (the same game, or global) sharing a name or
    alias are refused for the later one (built-in plugins first, then, in a
    game's scope, the game's own plugin, then registration order), with a
    message naming both plugins; a game command may not reuse one of its
    game's :attr:`~cardshell.records.Game.host_aliases`.  As for games, a
    plugin with a refused command is refused as a whole.

    A game command **may** use any global command's word (``hint``,
    ``show``, ``moves``, ``help``, ...), including words a later cardshell
    adds: inside its game the game's command wins, and the shell's stays
    reachable there as ``%WORD`` (``%hint``);
    ``help`` shows both and ``plugins`` lists the words each game shadows.
    So a new host command never removes a game (docs/compatibility.md).

    :return: a list (or any iterable) of :class:`~cardshell.records.Command`
        records, possibly empty (None counts as empty).
    """


@hookspec(firstresult=True)
def cardshell_render(game: Game, state: Any) -> str | None:
    """Show a game state as text, overriding the game's own ``render``.

    Called (firstresult: the first non-None answer wins) every time the host
    shows a state: after ``play`` and after each accepted command whose
    ``show_state`` is true.  Use it for themes or a different layout of a
    game you did not write; return None to leave the state to the next
    implementation and, finally, to :attr:`~cardshell.records.Game.render`.

    :param game: the :class:`~cardshell.records.Game` being shown.
    :param state: its current state (read it, never change it).
    :return: the text to show, or None.
    """


@hookspec
def cardshell_game_started(session: SessionView) -> None:
    """A game has just started.

    Called for every plugin after ``play`` (for a new game, not when one in
    progress is resumed), ``new`` and ``restart``, once the initial state
    exists and before it is shown.

    :param session: the game, read-only (a
        :class:`~cardshell.views.SessionView`): its ``game``, ``seed``,
        ``options``, ``state``, ``uid`` and ``data_dir``.
    :return: ignored.
    """


@hookspec
def cardshell_command_applied(session: SessionView, command: Command, line: str) -> None:
    """A command of a game was accepted and its new state kept.

    Called for every plugin after each accepted command that changes state
    (:attr:`~cardshell.records.Command.changes_state`), before the state is
    shown and before :func:`cardshell_game_over`.  The host's ``undo`` and
    ``redo`` are not moves and call no hook (read ``session.moves``,
    ``session.log`` and ``session.undo_used`` for where the game stands).

    :param session: the game, read-only (a
        :class:`~cardshell.views.SessionView`), with the new state and
        ``moves`` already counted.
    :param command: the :class:`~cardshell.records.Command` that ran.
    :param line: the line as typed, stripped.
    :return: ignored.
    """


@hookspec
def cardshell_game_over(session: SessionView, outcome: Outcome) -> None:
    """A game, or a round of a game, has just ended.

    Called for every plugin when the game's
    :attr:`~cardshell.records.Game.outcome` goes from None to an
    :class:`~cardshell.records.Outcome` after an accepted command (or right
    at the start, for games that play themselves out).  Statistics, hints
    and achievements plugins are written against this hook.  Each ending is
    reported once: an ending taken back by ``undo`` and then reached again
    (by ``redo`` or other moves) is not reported a second time, and a saved
    game being rebuilt (``load``, resuming) fires no hook at all.

    :param session: the game, read-only (a
        :class:`~cardshell.views.SessionView`): ``moves``, ``elapsed``,
        ``undo_used`` and the rest as the game ended.
    :param outcome: how it ended.
    :return: ignored.
    """
