"""What the host's default command plugins share: argument readers, the
lookup of a game by id or prefix (:func:`find_game`), a game's page
(:func:`game_page`) and :class:`HostPlugin`, the base of each plugin.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from cardshell import discovery, gamepage, option_values, parsers, saves, timestamps
from cardshell import help as helptext
from cardshell.commands.base import ShellPlugin
from cardshell.errors import CommandError, UsageError
from cardshell.game_options import play_parser as play_parser  # its home; kept importable here
from cardshell.messages import say
from cardshell.option_values import OptionParser
from cardshell.records import Command, Game
from cardshell.render import Text

if TYPE_CHECKING:  # pragma: no cover
    from cardshell.gametable import GameTable
    from cardshell.host import Host
    from cardshell.registry import Registry


def _new_parser() -> OptionParser:
    parser = OptionParser(prog="new", add_help=False)
    parser.add_argument("--seed", type=option_values.seed, default=None)
    return parser


def _count(text: str) -> int:
    """``undo``/``redo`` argument: nothing (1) or a positive number of moves."""
    words = text.split()
    if not words:
        return 1
    if len(words) > 1 or not (words[0].isascii() and words[0].isdigit()):
        raise UsageError(say("undo.not-a-count", text=parsers.quoted(text.strip())))
    count = parsers.integer(words[0])  # at most parsers.MAX_DIGITS digits
    if count < 1:
        raise UsageError(say("undo.not-a-count", text=parsers.quoted(text.strip())))
    return count


def _split(text: str) -> list[str]:
    """``play``/``new`` arguments as shell words, of bounded length."""
    return parsers.shell_words(text)


def _did_you_mean(word: str, candidates: Iterable[str]) -> Text:
    close = difflib.get_close_matches(word, list(candidates), n=1, cutoff=0.75)
    return say("command.did-you-mean", word=repr(close[0])) if close else ""


def find_game(games: Mapping[str, Game], word: str) -> Game:
    """The game ``word`` names (any case): its id, or a prefix of exactly one id (``aces``).

    Raises:
        CommandError: no game, or more than one, starts so (the message lists
            the candidates, or suggests a close id).
    """
    key = word.lower()
    game = games.get(key)
    if game is not None:
        return game
    starting = [gid for gid in games if gid.startswith(key)]
    if len(starting) == 1:
        return games[starting[0]]
    if len(starting) > 1:
        raise CommandError(say("game.ambiguous", word=parsers.quoted(word), games=", ".join(sorted(starting))))
    known = ", ".join(sorted(games)) or say("game.none-installed")
    raise CommandError(say("game.unknown", word=parsers.quoted(word), suggestion=_did_you_mean_game(key, games),
                           games=known))


def _did_you_mean_game(word: str, games: Iterable[str]) -> Text:
    """A close game id for a mistyped ``word`` (``aces-upp``, ``acs``: ``aces-up``), else ""."""
    ids = sorted(games)
    close = _did_you_mean(word, ids)
    if close:
        return close
    by_word = {part: gid for gid in reversed(ids) for part in gid.split("-") if len(part) > 2}
    found = difflib.get_close_matches(word, list(by_word), n=1, cutoff=0.75)
    return say("command.did-you-mean", word=repr(by_word[found[0]])) if found else ""


def game_commands(registry: Registry, game_id: str) -> list[Command]:
    """The commands of a game, its own and those other plugins added, in registration order."""
    return [entry.command for entry in registry.commands(game_id)]


def game_page(host: Host, game_id: str) -> list[Text]:
    """``help GAME`` and ``rules GAME``: the game's page wrapped to the width, as the pieces echoed.

    The pieces are :func:`cardshell.gamepage.page_pieces`: the rules page (its
    ``RULES.md``, or its summary), commands and ``play`` options.

    Raises:
        KeyError: no such game.
    """
    registry = host.registry
    game = registry.games[game_id]
    plugin = registry.plugin(registry.game_plugins[game_id])
    return gamepage.page_pieces(game, game_commands(registry, game_id), gamepage.rules_text(game, plugin),
                                host.front_end.width)


def no_current_game(table: GameTable, *, rules: bool = False) -> CommandError:
    """The error of a command that needs the current game, typed at
    ``cardshell>``: it names the games left in progress (Ctrl-D) and how to
    resume one, or says that none is in progress.

    Args:
        table: the shell's games.
        rules: the command is ``rules`` without a game id (the message
            also says how to read a game's rules without playing it).

    Returns:
        CommandError: to raise.
    """
    left = table.in_progress()
    if len(left) == 1:
        return CommandError(say("rules.not-current-one" if rules else "game.not-current-one", game=left[0]))
    if left:
        return CommandError(say("rules.not-current" if rules else "game.not-current", games=", ".join(left)))
    return CommandError(say("rules.no-game" if rules else "game.none-in-progress"))


class HostPlugin(ShellPlugin):
    """The base of the host's default command plugins that find games and saves, acting on ``shell``'s games."""

    def _current(self) -> Any:
        session = self.shell.table.current
        if session is None:
            raise no_current_game(self.shell.table)
        return session

    def _game_id(self, word: str) -> str | None:
        try:
            return self._find_game(word).id
        except CommandError:
            return None

    def _find_game(self, word: str) -> Game:
        """:func:`find_game` in this shell's games; a word that names none says so, and
        names the plugins installed since the shell started (a restart loads them).

        Raises:
            CommandError: no game, or more than one, starts so.
        """
        try:
            return find_game(self.shell.registry.games, word)
        except CommandError:
            if word.lower() in self.shell.registry.games or any(
                    gid.startswith(word.lower()) for gid in self.shell.registry.games):
                raise
            new = discovery.installed_since(self.shell.registry.known_plugins(), *self.shell.registry.selection)
            if not new:
                raise
            raise CommandError(say("game.installed-since", word=parsers.quoted(word),
                                   plugins=", ".join(repr(name) for name in new))) from None

    def _saved_rows(self) -> list[tuple[str, Text]]:
        """One row per save: resumable ones with how to resume, broken ones with why not."""
        rows: list[tuple[str, Text]] = []
        for key, found in saves.list_saves(self.shell.places.data_dir):
            name = saves.plain_name(key)
            if isinstance(found, saves.SaveError):
                rows.append((name, say("save.row-unusable", problem=found.message)))
                continue
            if saves.is_automatic(key) and not found.log:  # nothing to resume: 'play GAME' deals anew
                continue
            game = self.shell.registry.games.get(found.game)
            if game is None:
                rows.append((name, say("save.row-not-installed", game=parsers.clipped(repr(found.game)))))
                continue
            ended = self.shell.endings.ended_at(found.uid)
            if not game.undo and ended is not None and len(found.log) < ended:
                rows.append((name, say("save.row-ended", title=game.title, seed=found.seed)))
                continue
            how = f"play {name}" if saves.is_automatic(key) else f"load {name}"
            rows.append((name, say("save.row", title=game.title, seed=found.seed, moves=helptext.moves(len(found.log)),
                                   when=timestamps.readable(found.saved), how=how)))
        return rows

    def _save_name(self, word: str) -> str:
        try:
            return saves.check_name(word)
        except saves.SaveError as exc:
            raise UsageError(exc.message) from None
