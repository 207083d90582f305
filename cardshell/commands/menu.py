"""The default plugin ``cardshell.builtin``: ``help``, ``games`` and ``clear``."""

from __future__ import annotations

from typing import Any

from cardshell import help as helptext
from cardshell import parsers, undo
from cardshell.commands.common import HostPlugin, _did_you_mean_game, game_commands, game_page
from cardshell.completion import NEEDS_GAME, NEEDS_GAME_OR_FINISHED
from cardshell.errors import CommandError, UsageError
from cardshell.hookspecs import hookimpl
from cardshell.messages import say
from cardshell.records import Command, CommandContext
from cardshell.registry import ESCAPE
from cardshell.render import Text, laid


class MenuCommands(HostPlugin):
    """The help menu and the list of games."""

    @hookimpl
    def cardshell_commands(self) -> list[Command]:
        """The commands ``help``, ``games``, ``clear``."""
        return [
            Command("help", "show this menu, or help for one command or game", self.help,
                    usage="help [COMMAND|GAME|all]",
                    parse=parsers.words, complete=self._complete_help),
            Command("games", "list the games and the games in progress", self.games),
            Command("clear", "clear the screen (also Ctrl-L)", self.clear, show_state=False, changes_state=False,
                    help="At a terminal, clear the screen; the game and the history stay.  In a script it "
                         "does nothing."),
        ]

    def _global_commands(self) -> list[Command]:
        return [entry.command for entry in self.shell.registry.global_scope.entries]

    def _usable_here(self, commands: list[Command]) -> list[Command]:
        """The commands that do something at ``cardshell>``, no game current."""
        finished = self.shell.table.last_finished() is not None
        return [command for command in commands if command.name not in NEEDS_GAME
                and (finished or command.name not in NEEDS_GAME_OR_FINISHED)]

    def clear(self, ctx: CommandContext, args: Any) -> None:
        """``clear``: clear the terminal (nothing in scripts); never recorded."""
        self.shell.dispatcher.record_as = ""
        clear_screen = self.shell.front_end.clear_screen
        if clear_screen is not None and ctx.interactive:
            clear_screen()

    def help(self, ctx: CommandContext, words: list[str]) -> None:
        """``help [COMMAND]``: the menu, or one command's help."""
        shell = self.shell
        registry, width = shell.registry, shell.front_end.width
        session = shell.table.current
        if not words or words == ["all"]:  # 'help' is short (one screen); 'help all' has everything
            game = session.game if session else None
            commands = game_commands(registry, game.id) if game else []
            shell_commands = self._global_commands()
            if game is None and not words:  # at cardshell>: what can be done there
                shell_commands = self._usable_here(shell_commands)
            if game is not None and undo.plays_itself(game, commands):  # no moves to undo, hint or solve
                shell_commands = [command for command in shell_commands if command.name not in undo.MOVE_COMMANDS]
            for piece in helptext.menu(shell_commands, game, commands, width=width,
                                       shadowed=registry.shadowed(game.id if game else None), short=not words):
                ctx.echo(piece)
            return
        if len(words) > 1:
            raise UsageError(say("help.too-many"))
        word = words[0]
        if word.startswith(ESCAPE) and len(word) > len(ESCAPE):  # help %hint: the shell's own command
            global_entry = registry.global_scope.lookup(word[len(ESCAPE):])
            if global_entry is None:
                help_word = shell.lifecycle.host_word("help")
                raise CommandError(say("help.no-shell-command", word=repr(word), help=help_word))
            for piece in helptext.command_help(global_entry.command):
                ctx.echo(piece)
            return
        scope = shell.dispatcher.scope()
        entry = scope.lookup(word) or next(
            (e for e in scope.entries if e.command.pattern and scope.key(e.command.name) == scope.key(word)), None)
        if entry is None:
            target = scope.aliases.get(scope.key(word))
            entry = registry.global_scope.lookup(target or word)
        if entry is None:  # an example of a pattern command, as the menu shows it: 'help a5'
            matched = scope.match(word)
            entry = matched[0] if matched is not None else None
        if entry is None:
            game_id = self._game_id(word)
            if game_id is not None:  # help GAME: the game's page
                for piece in game_page(shell, game_id):
                    ctx.echo(piece)
                return
            owners = self._games_with_command(word)
            if owners:  # a command of some games, asked about outside them
                ctx.echo(laid(say("help.command-elsewhere", word=word, games=_series(owners)), width))
                return
            close = shell.dispatcher.did_you_mean(word)
            hint = (say("command.did-you-mean", word=repr(close)) if close
                    else _did_you_mean_game(word.lower(), registry.games))
            raise CommandError(say("help.unknown", word=parsers.quoted(word), suggestion=hint,
                                   help=shell.lifecycle.host_word("help")))
        game = registry.games.get(entry.command.game) if entry.command.game else None
        for piece in helptext.command_help(entry.command, game, width):
            ctx.echo(piece)
        if game is not None and registry.global_scope.lookup(word) is not None:
            ctx.echo(say("help.shell-word", word=repr(word), word_plain=word, title=game.title))

    def _complete_help(self, state: Any, index: int) -> list[str]:
        if index != 0:
            return []
        registry = self.shell.registry
        scope = self.shell.dispatcher.scope()
        words = [w for e in scope.entries for w in (e.command.words if not e.command.pattern else ())]
        shadowed = [f"{ESCAPE}{w}" for w in registry.shadowed(scope.game.id if scope.game else None)]
        return (words + [w for e in registry.global_scope.entries for w in e.command.words]
                + shadowed + sorted(registry.games))

    def _games_with_command(self, word: str) -> list[str]:
        """The sorted titles of the games with a command or alias ``word`` (any case)."""
        registry, key = self.shell.registry, word.lower()
        owners = []
        for gid, game in sorted(registry.games.items()):
            if any(key in (w.lower() for w in command.words) for command in game_commands(registry, gid)
                   if command.game is not None):
                owners.append(game.title)
        return owners

    def games(self, ctx: CommandContext, args: None) -> None:
        """``games``: the available games and the games in progress."""
        shell = self.shell
        table, width = shell.table, shell.front_end.width
        if not shell.registry.games:
            ctx.echo(say("games.none"))
        else:
            ctx.echo(say("games.heading"))
            for piece in helptext.games_list(shell.registry.listing(), width):
                ctx.echo(piece)
        playing: list[tuple[str, Text]] = []
        finished: list[tuple[str, Text]] = []
        ended = {gid: s for gid, s in table.finished.items() if s.outcome is not None and gid not in table.sessions}
        for gid, session in sorted((table.sessions | ended).items()):
            marker = say("games.current") if session is table.current else ""
            moves = helptext.moves(session.moves)
            if session.outcome is None:
                playing.append((gid, say("games.playing", seed=session.seed, moves=moves, current=marker)))
            else:
                finished.append((gid, say("games.finished", seed=session.seed, moves=moves,
                                          result=session.outcome.result, current=marker)))
        listings = [(say("games.in-progress"), playing), (say("games.finished-heading"), finished)]
        if shell.persistence.autosave:
            listings.append((say("save.list-heading"), self._saved_rows()))
        for heading, rows in listings:
            if rows:
                ctx.echo(heading)
                for piece in helptext.table_rows(rows, width=width):
                    ctx.echo(piece)


def _series(items: list[str]) -> Text:
    """``Blackjack, Snap and Pictures``: items joined as a sentence does
    (the message ``help.list-and`` for more than one)."""
    return items[0] if len(items) == 1 else say("help.list-and", items=", ".join(items[:-1]), last=items[-1])
