"""The host's own commands, registered through ``cardshell_commands`` like
any plugin's (as datasette's and tox's defaults are): ``help``, ``games``,
``play``, ``new``, ``restart``, ``quit``, ``exit`` and ``plugins``.
"""

from __future__ import annotations

import argparse
import shlex
from typing import TYPE_CHECKING, Any, NoReturn

from cardshell import help as helptext
from cardshell import parsers
from cardshell.errors import CommandError, UsageError
from cardshell.hookspecs import hookimpl
from cardshell.records import Command, CommandContext, Game

if TYPE_CHECKING:  # pragma: no cover
    from cardshell.shell import Shell


class _OptionParser(argparse.ArgumentParser):
    """argparse that raises :class:`UsageError` instead of exiting."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def play_parser(game: Game) -> argparse.ArgumentParser:
    """The argument parser of ``play GAME``: ``--seed N`` and the game's options.

    Args:
        game (Game): the game whose :attr:`Game.options` to accept.

    Returns:
        argparse.ArgumentParser: raises :class:`UsageError` on bad input.
    """
    parser = _OptionParser(prog=f"play {game.id}", add_help=False)
    parser.add_argument("--seed", type=int, default=None)
    for option in game.options:
        parser.add_argument(f"--{option.name}", type=option.type, default=None, choices=option.choices,
                            help=option.help)
    return parser


def _split(text: str) -> list[str]:
    try:
        return shlex.split(text)
    except ValueError as exc:
        raise UsageError(str(exc)) from None


class HostCommands:
    """The plugin object that registers the host's commands for one shell.

    Args:
        shell (Shell): the shell whose games the commands act on.
    """

    def __init__(self, shell: Shell) -> None:
        self.shell = shell

    @hookimpl
    def cardshell_commands(self) -> list[Command]:
        """The host's global commands."""
        return [
            Command("help", "show this menu, or help for one command", self.help, usage="help [COMMAND]",
                    parse=parsers.words, complete=self._complete_help),
            Command("games", "list the games and the games in progress", self.games),
            Command("play", "start a game, or resume the one in progress", self.play,
                    usage="play GAME [--seed N] [--OPTION VALUE ...]", parse=_split, complete=self._complete_play,
                    help="Playing another game suspends the current one; 'play' with only the game's id "
                         "resumes a game in progress exactly where it was.  --seed N replays a deal; "
                         "without it, a seed is picked and shown."),
            Command("new", "start a new deal of the current game with a new seed", self.new),
            Command("restart", "replay the current deal from its seed", self.restart),
            Command("quit", "leave (abandon) the current game; outside a game, leave the shell", self.quit),
            Command("exit", "leave the shell", self.exit),
            Command("plugins", "list the loaded plugins and any that failed", self.plugins),
        ]

    # -- help ------------------------------------------------------------
    def _global_commands(self) -> list[Command]:
        return [entry.command for entry in self.shell.registry.global_scope.entries]

    def help(self, ctx: CommandContext, words: list[str]) -> None:
        """``help [COMMAND]``: the menu, or one command's help."""
        shell = self.shell
        session = shell.current
        if not words:
            game = session.game if session else None
            game_commands = shell.game_commands(game.id) if game else []
            ctx.echo(helptext.menu(self._global_commands(), game, game_commands))
            return
        if len(words) > 1:
            raise UsageError("help takes at most one command name")
        word = words[0]
        scope = shell.scope()
        entry = scope.lookup(word) or next(
            (e for e in scope.entries if e.command.pattern and scope.key(e.command.name) == scope.key(word)), None)
        if entry is None:
            target = scope.aliases.get(scope.key(word))
            entry = shell.registry.global_scope.lookup(target or word)
        if entry is None:
            raise CommandError(f"no command {word!r}; type 'help' for the list of commands")
        game = shell.games.get(entry.command.game) if entry.command.game else None
        ctx.echo(helptext.command_help(entry.command, game))

    def _complete_help(self, state: Any, index: int) -> list[str]:
        if index != 0:
            return []
        scope = self.shell.scope()
        words = [w for e in scope.entries for w in (e.command.words if not e.command.pattern else ())]
        return words + [w for e in self.shell.registry.global_scope.entries for w in e.command.words]

    # -- games -----------------------------------------------------------
    def games(self, ctx: CommandContext, args: None) -> None:
        """``games``: the available games and the games in progress."""
        shell = self.shell
        if not shell.games:
            ctx.echo("No games are installed.")
        else:
            ctx.echo("Games:")
            ctx.echo(helptext.games_list(shell.games))
        if shell.sessions:
            ctx.echo("In progress:")
            rows = []
            for gid, session in sorted(shell.sessions.items()):
                marker = " (current)" if session is shell.current else ""
                state = "over" if session.outcome is not None else "in play"
                rows.append((gid, f"seed {session.seed}, {session.moves} moves, {state}{marker}"))
            ctx.echo(helptext.table(rows))

    # -- play / new / restart ----------------------------------------------
    def _find_game(self, game_id: str) -> Game:
        game = self.shell.games.get(game_id.lower())
        if game is None:
            known = ", ".join(sorted(self.shell.games)) or "none installed"
            raise CommandError(f"no game {game_id!r}; the games are: {known}")
        return game

    def play(self, ctx: CommandContext, words: list[str]) -> None:
        """``play GAME [--seed N] [options]``: start or resume a game."""
        shell = self.shell
        if not words:
            raise UsageError("which game? type 'games' for the list")
        game = self._find_game(words[0])
        namespace = play_parser(game).parse_args(words[1:])
        given = {k: v for k, v in vars(namespace).items() if v is not None}
        session = shell.sessions.get(game.id)
        if session is not None and not given:
            shell.current = session
            ctx.echo(f"Resuming {game.title}, seed {session.seed} ({session.moves} moves so far).")
            ctx.echo(shell.render(session))
            return
        seed = given.pop("seed", None)
        options = {option.name.replace("-", "_"): option.default for option in game.options} | given
        self._start(ctx, game, shell.next_seed() if seed is None else seed, options, "")

    def _start(self, ctx: CommandContext, game: Game, seed: int, options: dict[str, Any], verb: str) -> None:
        shell = self.shell
        warnings: list[str] = []
        session = shell.start(game, seed, options, warnings)
        ctx.echo(f"{verb}{game.title}, seed {seed}.")
        ctx.echo(shell.render(session, warnings))
        shell.check_outcome(session, warnings)
        for warning in warnings:
            ctx.echo(f"warning: {warning}")

    def _current(self) -> Any:
        session = self.shell.current
        if session is None:
            raise CommandError("no game in progress; type 'play GAME' to start one")
        return session

    def new(self, ctx: CommandContext, args: None) -> None:
        """``new``: a new deal of the current game (new seed, same options)."""
        session = self._current()
        self._start(ctx, session.game, self.shell.next_seed(), session.options, "New game: ")

    def restart(self, ctx: CommandContext, args: None) -> None:
        """``restart``: the same deal again from its seed."""
        session = self._current()
        self._start(ctx, session.game, session.seed, session.options, "Restarted: ")

    def _complete_play(self, state: Any, index: int) -> list[str]:
        if index == 0:
            return sorted(self.shell.games)
        return ["--seed"]

    # -- leaving -----------------------------------------------------------
    def quit(self, ctx: CommandContext, args: None) -> None:
        """``quit``: abandon the current game; outside a game, leave the shell."""
        session = self.shell.leave(abandon=True)
        if session is None:
            self.shell.exiting = True
            return
        ctx.echo(f"Left {session.game.title} (seed {session.seed}).")

    def exit(self, ctx: CommandContext, args: None) -> None:
        """``exit``: leave the shell."""
        self.shell.exiting = True

    # -- plugins -----------------------------------------------------------
    def plugins(self, ctx: CommandContext, args: None) -> None:
        """``plugins``: loaded plugins with distribution, version, games and hooks; failures."""
        rows = []
        for info in self.shell.plugins:
            dist = f"{info.dist} {info.version}" if info.dist else "(no distribution)"
            games = f"games: {', '.join(info.games)}; " if info.games else ""
            rows.append((info.name, f"{dist}; {games}hooks: {', '.join(info.hooks) or 'none'}"))
        ctx.echo("Plugins:")
        ctx.echo(helptext.table(rows))
        if self.shell.failures:
            ctx.echo("Failed plugins:")
            ctx.echo("\n".join(f"  {failure.describe()}" for failure in self.shell.failures))
