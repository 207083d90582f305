"""The cardshell plugin contract: every hook a plugin may implement.

A plugin is a module with functions marked ``@cardshell.hookimpl`` named
after the hook specifications below, made known through an entry point in
the ``cardshell`` group::

    # pyproject.toml of your distribution
    [project.entry-points.cardshell]
    higher-lower = "cardshell_higher_lower.plugin"

Arguments are passed by keyword; an implementation may accept any subset of
them (pluggy's rule).  The records (:class:`~cardshell.records.Game`,
:class:`~cardshell.records.Command`, :class:`~cardshell.records.Outcome`),
the read-only :class:`~cardshell.views.SessionView` and
:class:`~cardshell.errors.CommandError` are all importable from
:mod:`cardshell`.

Order of calls: :func:`cardshell_games` then :func:`cardshell_commands` at
start-up; :func:`cardshell_game_started` when a game starts;
:func:`cardshell_command_applied` after each accepted command, then
:func:`cardshell_game_over` if it ended the game; :func:`cardshell_render`
whenever a state is shown.  A plugin is accepted or refused as a whole: a
registration hook that raises, returns something other than records, or
takes a game id or command word already taken refuses the plugin, reported
once (``cardshell plugins`` gives the reason) while every other game works.

Calls follow pluggy's rules (:mod:`cardshell.hookcall`): last registered
first, ``tryfirst``/``trylast``, new-style and old-style wrappers,
``firstresult`` where a specification says so.  Each implementation runs
under its own guard: an exception (or ``sys.exit()``) in a lifecycle or
display hook is reported once on standard error, naming the plugin and the
file and line that raised, and stops neither the other implementations nor
the shell.  An implementation of a hook not specified here (a misspelt
``cardshell_game_ended``) is refused at load with the closest real hook
named, unless marked ``optionalhook=True``; registration hooks cannot be
wrappers.

Contract versions: a plugin declares the version it was written for with a
module-level ``CARDSHELL_CONTRACT = N`` (an int) in the module its entry
point names.  The host accepts :data:`OLDEST_CONTRACT_VERSION` to
:data:`CONTRACT_VERSION` and refuses any other before any of its hooks run,
with a message naming both versions (``needs plugin contract version 3,
but this cardshell provides plugin contract versions 1 to 2``).  A plugin
that declares nothing is loaded on trust.  Version 2 is needed for games
as legal moves over immutable states (:class:`~cardshell.records.Move`,
:class:`~cardshell.records.Hint`, :class:`~cardshell.records.Search` and the
``Game`` fields ``immutable``, ``moves``, ``legal_moves``, ``determinize``
and ``hint``); a version 1 game's mutable states are adapted at
registration (docs/compatibility.md).
"""

from __future__ import annotations

import os
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

    Called once at start-up, for every plugin (not firstresult).  Built-in
    plugins come first, then third-party ones in registration order
    (entry-point names sorted, then ``--plugin`` modules).

    :return: an iterable of :class:`~cardshell.records.Game` records, possibly
        empty (None counts as empty).  A game id registered by two plugins is
        refused for the later one, with a message naming both, and the later
        plugin is refused as a whole.
    """


@hookspec
def cardshell_commands() -> Iterable[Command] | None:
    """Register commands, global or for a game.

    Called once at start-up, for every plugin (not firstresult), after
    :func:`cardshell_games`.  The host's own commands (``help``, ``play``,
    ``quit``, ...) come first, through this same hook.

    A command's :attr:`~cardshell.records.Command.game` names its game, which
    may be another plugin's; a command for a game not registered is refused.
    Two commands of one scope sharing a name or alias are refused for the later
    one (built-in plugins first, then the game's own plugin, then registration
    order), with a message naming both plugins; a game command may not reuse
    one of its game's :attr:`~cardshell.records.Game.host_aliases`.  A plugin
    with a refused command is refused as a whole.

    A game command may use any global command's word (``hint``, ``show``, ...),
    including words a later cardshell adds: inside its game the game's command
    wins and the shell's stays reachable as ``%WORD``, so a new host command
    never breaks a game (docs/compatibility.md).

    :return: an iterable of :class:`~cardshell.records.Command` records,
        possibly empty (None counts as empty).
    """


@hookspec(firstresult=True)
def cardshell_render(game: Game, state: Any, size: os.terminal_size | None) -> str | None:
    """Show a game state as text, overriding the game's own ``render``.

    Called (firstresult) every time the host shows a state: after ``play`` and
    after each accepted command whose ``show_state`` is true.  Use it for themes
    or another layout of a game you did not write, fitted to the terminal if
    you like (``size``).  A game's own smaller display for a small terminal is
    :attr:`~cardshell.records.Game.compact`, chosen by the host.

    :param game: the :class:`~cardshell.records.Game` being shown.
    :param state: its current state (read it, never change it).
    :param size: the terminal's size, an :class:`os.terminal_size` (``columns``
        and ``lines``, in characters), read at each call, when a person plays
        at a terminal; None where the text goes to no screen (a script, a pipe,
        the porcelain, a golden test): draw it then as if there were no
        terminal, so a script's output never depends on a window.  At a
        terminal the line typed stays above the board and the prompt comes
        below it, so a board keeps its top line on screen after a move when it
        has at most ``size.lines - 2`` lines.  Like every argument it is
        optional: an implementation that names only ``game`` and ``state`` is
        called with those (pluggy's rule).
    :return: the text to show, or None to leave it to the next implementation
        and finally to :attr:`~cardshell.records.Game.render`.
    """


@hookspec
def cardshell_game_started(session: SessionView) -> None:
    """A game has just started.

    Called for every plugin after ``play`` of a new game (not a resumed one),
    ``new`` and ``restart``, once the initial state exists and before it is
    shown.

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
    shown and before :func:`cardshell_game_over`.  ``undo`` and ``redo`` call
    no hook (read ``session.moves``, ``session.log`` and ``session.undo_used``).

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

    Called for every plugin when :attr:`~cardshell.records.Game.outcome` goes
    from None to an :class:`~cardshell.records.Outcome` after an accepted
    command (or at the start, for games that play themselves out).  Each ending
    is reported once: one taken back by ``undo`` and reached again is not
    reported a second time, and rebuilding a saved game (``load``, resuming)
    fires no hook.

    :param session: the game, read-only (a
        :class:`~cardshell.views.SessionView`): ``moves``, ``elapsed``,
        ``undo_used`` and the rest as the game ended.
    :param outcome: how it ended.
    :return: ignored.
    """
