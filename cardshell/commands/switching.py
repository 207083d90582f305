"""Putting a new game in place, shared by ``play``, ``new``, ``restart`` and ``load``."""

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
from cardshell.render import Text


class GameSwitching(HostPlugin):
    """Starting, resuming and replacing games, for the plugins whose commands do."""

    def _resume_saved(self, ctx: CommandContext, name: str, verb: Text,
                      record: saves.SaveRecord | None = None) -> None:
        """Rebuild the save ``name``, make it current and show it.

        A finished game is never resumed as in progress: a named save of one is
        shown over; the automatic save of one is refused, so a new game is dealt.
        Raises SaveError (nothing changed) or CommandError (the player declined).
        """
        shell = self.shell
        if record is None:
            record = shell.persistence.read(name)
        session = shell.replayer.rebuild(name, record)
        if session.outcome is not None and saves.is_automatic(name):
            raise saves.SaveError(say("save.finished", name=repr(saves.plain_name(name)),
                                      title=session.game.title, seed=session.seed,
                                      result=session.outcome.result))
        with self._replacing(ctx, record.game, incoming=record):
            shell.persistence.abandoned.pop(name, None)  # an abandoned game resumed is in progress again
            shell.lifecycle.install(session)
        shell.dispatcher.record_as = f"load {saves.plain_name(name)}"
        if session.outcome is not None:
            ctx.echo(say("save.shown-over", verb=verb, seed=session.seed, result=session.outcome.result))
            ctx.echo(shell.lifecycle.render(session))
            ctx.echo(shell.lifecycle.announce_ending(session, None))
            return
        ctx.echo(say("save.resumed", verb=verb, seed=session.seed, moves=helptext.moves(session.moves)))
        ctx.echo(shell.lifecycle.render(session))

    @contextlib.contextmanager
    def _replacing(self, ctx: CommandContext, game_id: str, incoming: saves.SaveRecord | None = None,
                   ) -> Iterator[None]:
        """Guard a command that puts a new game of ``game_id`` in place.

        The game dropped (one in progress here with moves, not over, or the
        automatic save exit would replace; ``incoming`` is a save being loaded)
        is asked about at a terminal, where declining raises CommandError; it is
        kept loadable until exit and one line names it.  If the body fails,
        nothing is kept.
        """
        shell, persistence = self.shell, self.shell.persistence
        record, snapshot = None, None
        what: Text = ""
        session = shell.table.sessions.get(game_id)
        if session is not None:
            same = incoming is not None and (incoming.uid, incoming.log) == (session.uid, session.log)
            if session.outcome is None and session.moves and not same:
                record = persistence.record_of(session)
                what = describe(session.game.title, session.seed, session.moves)
        else:
            record, snapshot = persistence.automatic_save_at_stake(game_id, incoming)
            if record is not None:
                game = shell.registry.games.get(game_id)
                what = say("game.the-saved", what=describe(game.title if game else game_id, record.seed,
                                                           len(record.log)))
        confirm = shell.front_end.confirm
        if record is not None and confirm is not None and not confirm(say("game.confirm-abandon", what=what)):
            raise CommandError(say("game.kept", what=what))
        name = persistence.abandon(record) if record is not None else None
        if name is not None:
            ctx.echo(say("game.abandoned", what=what, name=name))
        try:
            yield
        except BaseException:
            if name is not None:
                persistence.abandoned.pop(name, None)
            raise
        persistence.trim_abandoned()
        persistence.claim(game_id, snapshot)

    def _start(self, ctx: CommandContext, game: Game, seed: int, options: dict[str, Any], message: str) -> None:
        lifecycle = self.shell.lifecycle
        # Plugin failures (hooks, render, outcome) reach the player through the reply's warnings.
        session = lifecycle.start(game, seed, options)
        ctx.echo(say(message, title=game.title, seed=seed))
        ctx.echo(lifecycle.render(session))
        lifecycle.check_outcome(session, [])
        ending = lifecycle.announce_ending(session, None)
        if ending:  # a game played out by its deal (Pictures, Up-and-Down)
            ctx.echo(ending)
