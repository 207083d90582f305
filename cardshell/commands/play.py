"""The default plugin ``cardshell.play``: ``play``, ``new`` and ``restart``."""

from __future__ import annotations

import shlex
from typing import Any

from cardshell import help as helptext
from cardshell import saves
from cardshell.commands.common import _new_parser, _split
from cardshell.commands.switching import GameSwitching
from cardshell.errors import CommandError, UsageError
from cardshell.game_options import offers_autoplay, play_parser
from cardshell.hookspecs import hookimpl
from cardshell.messages import HostMessage, say
from cardshell.records import Command, CommandContext


def over_line(session: Any) -> HostMessage:
    """``Aces Up (seed 4) is over: won.``: how a finished game is named (``game.was-over``)."""
    outcome = session.outcome
    detail = say("game.detail", detail=outcome.detail) if outcome.detail else ""
    return say("game.was-over", title=session.game.title, seed=session.seed, result=outcome.result, detail=detail)


class PlayCommands(GameSwitching):
    """Starting, resuming and dealing games again."""

    @hookimpl
    def cardshell_commands(self) -> list[Command]:
        """The commands ``play``, ``new``, ``restart``."""
        return [
            Command("play", "start a game, or resume the one in progress", self.play,
                    usage="play GAME [--seed N] [--OPTION VALUE ...]", parse=_split, complete=self._complete_play,
                    help="Playing another game suspends the current one; 'play' with only the game's id "
                         "resumes a game in progress exactly where it was.  --seed N replays a deal; "
                         "without it, a seed is picked and shown."),
            Command("new", "start a new deal of the current game with a new seed", self.new,
                    usage="new [--seed N]", parse=_split,
                    help="Without --seed a new seed is picked and shown; --seed N deals that one.  "
                         "Outside a game, it deals the game that ended last again."),
            Command("restart", "replay the current deal from its seed", self.restart,
                    help="Outside a game, it replays the deal of the game that ended last."),
        ]

    def play(self, ctx: CommandContext, words: list[str]) -> None:
        """``play GAME [--seed N] [options]``: start or resume a game.

        A new deal abandons a game with moves in progress here, or in the
        automatic save (:meth:`_replacing`).  The game left for another, in
        progress with moves, is kept; at a terminal a last line says how to
        resume it, above the new game (a script prints no such line: it knows
        what it played).
        """
        left = self.shell.table.current if ctx.interactive else None
        self._play(ctx, words)
        table = self.shell.table
        if (left is not None and table.current is not left and left.outcome is None and left.moves
                and table.sessions.get(left.id) is left):
            # first, before the new game: its board and any ending stay the last lines above the prompt
            ctx.output.insert(0, say("game.other-kept", title=left.game.title, game=left.id,
                                     play=self.shell.lifecycle.host_word("play")))

    def _play(self, ctx: CommandContext, words: list[str]) -> None:
        """:meth:`play` but for the line about the game left."""
        shell = self.shell
        table, dispatcher = shell.table, shell.dispatcher
        if not words:
            raise UsageError(say("game.which"))
        game = self._find_game(words[0])
        if words[0] != game.id:  # a prefix: record the game's id, so a replay means the same game
            dispatcher.record_as = shlex.join(["play", game.id, *words[1:]])
        namespace = play_parser(game).parse_words(words[1:])
        if offers_autoplay(game) and vars(namespace).pop("autoplay", None):  # a session setting, not the deal's
            shell.settings.autoplay = True
        given = {k: v for k, v in vars(namespace).items() if v is not None}
        session = table.sessions.get(game.id)
        if session is not None and not given and session.outcome is None:
            table.current = session
            ctx.echo(say("game.resumed", title=game.title, seed=session.seed, moves=helptext.moves(session.moves)))
            ctx.echo(shell.lifecycle.render(session))
            return
        over = None
        if not given:
            over = session if session is not None and session.outcome is not None else table.last_finished(game.id)
        if over is not None:  # a finished game is never resumed: a new deal, and the reply says so
            ctx.echo(say("game.new-deal-after", over=over_line(over)))
        elif (session is None and not given and shell.persistence.autosave
              and shell.persistence.automatic_save(game.id)):
            try:
                self._resume_saved(ctx, saves.automatic(game.id), say("save.resuming", title=game.title))
                return
            except saves.SaveError as exc:
                ctx.echo(say("save.unusable-new-game", problem=exc.message))
        seed = given.pop("seed", None)
        options = {option.name.replace("-", "_"): option.default for option in game.options} | given
        with self._replacing(ctx, game.id):
            if seed is None:
                seed = shell.seeds.next_seed()
                dispatcher.record_as = f"{shlex.join(['play', game.id, *words[1:]])} --seed {seed}"
            self._start(ctx, game, seed, options, "game.started")

    def new(self, ctx: CommandContext, words: list[str]) -> None:
        """``new [--seed N]``: a new deal of the current game (or of the last that ended), same options."""
        session = self._current_or_finished()
        seed = _new_parser().parse_words(words).seed
        self._no_take_back(session, seed, f"new --seed {seed}")
        with self._replacing(ctx, session.id):
            if seed is None:
                seed = self.shell.seeds.next_seed()
                self.shell.dispatcher.record_as = f"new --seed {seed}"
            self._start(ctx, session.game, seed, session.options, "game.started-new")

    def restart(self, ctx: CommandContext, args: None) -> None:
        """``restart``: the same deal again from its seed (or the last game that ended's)."""
        session = self._current_or_finished()
        self._no_take_back(session, session.seed, "restart")
        with self._replacing(ctx, session.id):
            self._start(ctx, session.game, session.seed, session.options, "game.restarted")

    def _no_take_back(self, session: Any, seed: int | None, what: str) -> None:
        """Refuse dealing ``seed`` again over a game without undo in progress on that deal.

        A game that declares no undo (``Game.undo`` False) keeps its moves: a
        new start of the deal being played would let the player see what a
        move does, then play it again differently.  A finished game's deal
        may be dealt again (its outcome is already counted).

        Raises:
            CommandError: ``session`` is the current game, without undo, on
                deal ``seed``, with a move made, not over.
        """
        current = self.shell.table.current
        if current is not None and session is current and not current.game.undo and seed == current.seed \
                and current.moves > 0 and current.outcome is None:
            raise CommandError(say("game.no-undo-replay", title=current.game.title, seed=current.seed, what=what))

    def _current_or_finished(self) -> Any:
        """The current game, or at ``cardshell>`` the last that ended; CommandError if neither exists."""
        table = self.shell.table
        session = table.current or table.last_finished()
        if session is None:
            left = table.in_progress()
            if len(left) == 1:  # left with Ctrl-D: still in progress, but not the current game
                raise CommandError(say("game.no-current-one", game=left[0]))
            if left:
                raise CommandError(say("game.no-current", games=", ".join(left)))
            raise CommandError(say("game.none-to-deal"))
        return session

    def _complete_play(self, state: Any, index: int) -> list[str]:
        if index == 0:
            return sorted(self.shell.registry.games)
        return ["--seed"]
