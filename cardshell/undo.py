"""Undo and redo, once for every game, from the host's own snapshots.

Undo walks back along the states kept before each accepted move and redo
forward, so a game gets both without a line of its own; a game opts out
with ``Game(undo=False)`` (where undo would reveal hidden cards).  Session
bookkeeping only: no output, no hooks (undo is not a move).
"""

from __future__ import annotations

from collections.abc import Iterable

from cardshell.errors import CommandError
from cardshell.messages import HostMessage, say
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
    """Refuse time travel (:class:`CommandError`) in a game that does not allow undo."""
    if not session.game.undo:
        raise CommandError(say("undo.not-allowed", title=session.game.title))


def undo(session: GameSession, count: int = 1) -> list[str]:
    """Take back the last ``count`` (>= 1) moves of ``session``; the lines taken
    back, most recent first.  Nothing changes on an error.

    Raises:
        CommandError: undo not allowed, or fewer than ``count`` moves to undo.
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
    """Make again the last ``count`` (>= 1) undone moves; the lines, in replay
    order.  Nothing changes on an error.

    Raises:
        CommandError: undo not allowed, or fewer than ``count`` moves to redo
            (a move made after ``undo`` clears them).
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


def describe(lines: list[str], *, redo: bool = False) -> HostMessage:
    """The line after undo, or after redo when ``redo``: ``Undid 'F 1'.`` or
    ``Undid 2 moves: 'F 1', 'D'.`` (``undo.undid-one``, ``undo.undid``,
    ``undo.redid-one``, ``undo.redid``).
    """
    quoted = ", ".join(repr(line) for line in lines)
    one, several = ("undo.redid-one", "undo.redid") if redo else ("undo.undid-one", "undo.undid")
    if len(lines) == 1:
        return say(one, line=quoted)
    return say(several, count=len(lines), lines=quoted)
