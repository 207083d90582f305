"""Undo and redo, once for every game, from the host's own snapshots.

The host already keeps, for every accepted move, the state before it (it
needs it to roll back rejected commands: see :meth:`cardshell.shell.Shell.execute`).
Undo walks back along those snapshots and redo forward again, so a game gets
undo and redo without writing a line for them.  A game opts out with
``Game(undo=False)`` (Blackjack, Snap, Minesweeper: undo would reveal hidden
cards or has no meaning there); its players get a clear message instead.

Only :class:`~cardshell.session.GameSession` bookkeeping happens here: no
output, no hooks (undo and redo are not moves of the game, so
``cardshell_command_applied`` is not called for them).
"""

from __future__ import annotations

from collections.abc import Iterable

from cardshell.errors import CommandError
from cardshell.messages import HostText, say
from cardshell.records import Command, Game
from cardshell.session import GameSession

#: The shell's commands that act on the player's moves, of no use in a game
#: that plays itself (:func:`plays_itself`): not offered there.
MOVE_COMMANDS = frozenset({"undo", "redo", "hint", "solve"})


def plays_itself(game: Game, commands: Iterable[Command]) -> bool:
    """Whether a game plays itself, so that the player has no move to undo,
    redo, hint or solve (Pictures, Up-and-Down): it lists its legal moves
    (``Game.legal_moves``, contract 2: the rule by which the statistics
    count its endings as the deals' results) and none of its commands
    changes the state (no declared ``Move``, no command with
    ``changes_state``).  A game of contract 1 (no legal moves listed) does
    not.

    Args:
        game: the game's record.
        commands: the game's commands (its moves as commands included:
            :meth:`cardshell.registry.Registry.commands`).
    """
    return game.legal_moves is not None and not any(command.changes_state for command in commands)


def check_allowed(session: GameSession) -> None:
    """Refuse time travel in a game that does not allow undo.

    Args:
        session (GameSession): the current game.

    Raises:
        CommandError: when ``session.game.undo`` is False.
    """
    if not session.game.undo:
        raise CommandError(say("undo.not-allowed", title=session.game.title))


def undo(session: GameSession, count: int = 1) -> list[str]:
    """Take back the last ``count`` moves.

    Args:
        session (GameSession): the current game; changed only on success.
        count (int): how many moves (at least 1).

    Returns:
        list[str]: the lines taken back, most recent first.

    Raises:
        CommandError: undo not allowed, nothing to undo, or fewer than
            ``count`` moves to undo (nothing is changed then).
    """
    check_allowed(session)
    available = len(session.undo_stack)
    if available == 0:
        raise CommandError(say("undo.nothing"))
    if count > available:
        raise CommandError(say("undo.only-one" if available == 1 else "undo.only", count=available))
    lines = []
    for _ in range(count):
        before, line = session.undo_stack.pop()
        session.redo_stack.append((session.state, line))
        session.state = before
        session.log.pop()
        lines.append(line)
    session.moves = len(session.log)
    session.undo_used = True
    return lines


def redo(session: GameSession, count: int = 1) -> list[str]:
    """Make again the last ``count`` undone moves.

    Args:
        session (GameSession): the current game; changed only on success.
        count (int): how many moves (at least 1).

    Returns:
        list[str]: the lines made again, in the order they are replayed.

    Raises:
        CommandError: undo not allowed, nothing to redo (a move made after
            ``undo`` clears what could be redone), or fewer than ``count``.
    """
    check_allowed(session)
    available = len(session.redo_stack)
    if available == 0:
        raise CommandError(say("undo.nothing-to-redo"))
    if count > available:
        raise CommandError(say("undo.redo-only-one" if available == 1 else "undo.redo-only", count=available))
    lines = []
    for _ in range(count):
        after, line = session.redo_stack.pop()
        session.undo_stack.append((session.state, line))
        session.state = after
        session.log.append(line)
        lines.append(line)
    session.moves = len(session.log)
    return lines


def describe(lines: list[str], *, redo: bool = False) -> HostText:
    """The message after undo or redo: ``Undid 'F 1'.`` or ``Undid 2 moves: 'F 1', 'D'.``

    Args:
        lines (list[str]): the lines, in the order they were taken back or made.
        redo (bool): the lines were made again (``Redid``), not taken back.

    Returns:
        HostText: one line, the message ``undo.undid-one``, ``undo.undid``,
        ``undo.redid-one`` or ``undo.redid``.
    """
    quoted = ", ".join(repr(line) for line in lines)
    one, several = ("undo.redid-one", "undo.redid") if redo else ("undo.undid-one", "undo.undid")
    if len(lines) == 1:
        return say(one, line=quoted)
    return say(several, count=len(lines), lines=quoted)
