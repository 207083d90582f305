"""Putting a new game in place, shared by ``play``, ``new``, ``restart`` and
``load``: asking before a game with moves is abandoned, keeping the
abandoned game loadable until exit, starting or rebuilding the game and
showing it (:class:`GameSwitching`).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

from cardshell import help as helptext
from cardshell import saves
from cardshell.commands.common import HostPlugin
from cardshell.errors import CommandError
from cardshell.messages import say
from cardshell.persistence import describe
from cardshell.records import CommandContext, Game


class GameSwitching(HostPlugin):
    """Starting, resuming and replacing games, for the plugins whose commands do."""

    def _resume_saved(self, ctx: CommandContext, name: str, verb: str,
                      record: saves.SaveRecord | None = None) -> None:
        """Rebuild the save ``name``, make it current and show it.

        Raises SaveError (nothing changed) when it cannot be read or
        rebuilt; CommandError when the player declines to abandon the game
        it replaces.
        """
        shell = self.shell
        if record is None:
            record = shell.persistence.read(name)
        with self._replacing(ctx, record.game, incoming=record):
            session = shell.persistence.rebuild(name, record)
            shell.persistence.abandoned.pop(name, None)  # an abandoned game resumed is in progress again
            shell.install(session)
        shell.record_as = f"load {name}"
        ctx.echo(f"{verb}, seed {session.seed} ({helptext.moves(session.moves)} so far).")
        ctx.echo(shell.render(session))
        if session.outcome is not None:
            ctx.echo(f"This game is over: {session.outcome.result}"
                     f"{f' ({session.outcome.detail})' if session.outcome.detail else ''}.")

    @contextlib.contextmanager
    def _replacing(self, ctx: CommandContext, game_id: str, incoming: saves.SaveRecord | None = None,
                   ) -> Iterator[None]:
        """Guard a command that puts a new game of ``game_id`` in place.

        The game it drops is the one in progress here, if it has moves and
        is not over, or else (autosave on) the automatic save with moves
        that exit would replace.  At a terminal (:attr:`Shell.confirm`) the
        player is asked first; declining raises :class:`CommandError` and
        changes nothing.  In a script the command goes on.  Either way the
        dropped game is kept loadable until exit
        (:meth:`cardshell.persistence.Persistence.abandon`) and one line
        names it (game, seed, moves) and how to get it back.  If the body
        fails, nothing is kept (the shell's host-command snapshot puts the
        rest back, the session seed generator included).

        Args:
            ctx (CommandContext): the command's context (for the note).
            game_id (str): the game about to be started or loaded.
            incoming (SaveRecord | None): the save being loaded, if any.
        """
        shell, persistence = self.shell, self.shell.persistence
        record, snapshot, what = None, None, ""
        session = shell.sessions.get(game_id)
        if session is not None:
            same = incoming is not None and (incoming.uid, incoming.log) == (session.uid, session.log)
            if session.outcome is None and session.moves and not same:
                record = persistence.record_of(session)
                what = describe(session.game.title, session.seed, session.moves)
        else:
            record, snapshot = persistence.automatic_save_at_stake(game_id, incoming)
            if record is not None:
                game = shell.games.get(game_id)
                what = "the saved " + describe(game.title if game else game_id, record.seed, len(record.log))
        if record is not None and shell.confirm is not None and not shell.confirm(f"This abandons {what}. Go on?"):
            raise CommandError(f"Nothing was changed: {what} is kept.")
        name = persistence.abandon(record) if record is not None else None
        if name is not None:
            ctx.echo(f"Abandoned {what}: 'load {name}' brings it back until you exit.")
        try:
            yield
        except BaseException:
            if name is not None:
                persistence.abandoned.pop(name, None)
            raise
        persistence.trim_abandoned()
        persistence.claim(game_id, snapshot)

    def _start(self, ctx: CommandContext, game: Game, seed: int, options: dict[str, Any], message: str) -> None:
        shell = self.shell
        # Plugin failures (hooks, render, outcome) reach the player through the reply's warnings.
        session = shell.start(game, seed, options, [])
        ctx.echo(say(message, title=game.title, seed=seed))
        ctx.echo(shell.render(session))
        shell.check_outcome(session, [])
        ending = shell.announce_ending(session, None)
        if ending:  # a game played out by its deal (Pictures, Up-and-Down)
            ctx.echo(ending)
