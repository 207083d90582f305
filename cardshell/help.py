"""Help menus, built from the registered metadata (never written per game): given commands and games, text."""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING

from cardshell import screen
from cardshell.messages import HostText, say

if TYPE_CHECKING:  # pragma: no cover
    from cardshell.records import Command, Game, Outcome

#: The width text is wrapped to when the terminal's is unknown (scripts);
#: :data:`cardshell.screen.DEFAULT_WIDTH`.
DEFAULT_WIDTH = 80

#: The narrowest right column before it moves under the left one.
_MIN_RIGHT = 20
#: The largest share of the width the left column of a table takes.
_LEFT_SHARE = 0.5


def wrap(text: str, width: int = DEFAULT_WIDTH, indent: str = "") -> str:
    """Wrap each line of ``text`` longer than ``width`` at word boundaries (:func:`cardshell.screen.wrap`)."""

    return screen.wrap(text, width, indent)


def table(rows: Iterable[tuple[str, str]], indent: int = 2, gap: int = 2, width: int = DEFAULT_WIDTH) -> str:
    """Two aligned columns, the right one wrapped at word boundaries, no line over
    ``width`` characters and no word broken.

    The left column is as wide as its longest text within :data:`_LEFT_SHARE`
    of the width; a longer left text, or a row whose right column would be
    under 20 characters or narrower than its longest word, has its right text
    on the next lines, indented.  ``indent`` and ``gap`` are in spaces.
    """
    rows = list(rows)
    fitting = [len(left) for left, _ in rows if indent + len(left) + gap <= width * _LEFT_SHARE]
    left_width = max(fitting, default=0)
    column = indent + left_width + gap
    lines = []
    for left, right in rows:
        first = f"{' ' * indent}{left.ljust(left_width + gap)}"
        longest = max((len(word) for word in right.split()), default=0)
        if len(left) <= left_width and column + len(right) <= width:
            lines.append(f"{first}{right}".rstrip())
        elif len(left) <= left_width and width - column >= max(_MIN_RIGHT, longest):
            chunks = textwrap.wrap(right, width - column, break_long_words=False, break_on_hyphens=False)
            lines.append(f"{first}{chunks[0]}".rstrip())
            lines.extend(" " * column + chunk for chunk in chunks[1:])
        else:
            lines.extend(textwrap.wrap(left, width, initial_indent=" " * indent, subsequent_indent=" " * (indent + 2),
                                       break_long_words=False, break_on_hyphens=False) or [""])
            lines.extend(textwrap.wrap(right, width, initial_indent=" " * (indent + 4),
                                       subsequent_indent=" " * (indent + 4), break_long_words=False,
                                       break_on_hyphens=False))
    return "\n".join(lines)


def escaped(word: str, shadowed: set[str] | frozenset[str]) -> str:
    """``%word`` if ``word`` is in ``shadowed``, else ``word``: how a shell word is typed in the game."""
    return f"%{word}" if word in shadowed else word


def command_rows(commands: Iterable[Command], shadowed: set[str] | frozenset[str] = frozenset()
                 ) -> list[tuple[str, str]]:
    """(usage, summary) rows for a menu, aliases after the summary, ``shadowed`` words in their ``%WORD`` form."""
    rows = []
    for command in commands:
        aliases = (f" (also: {', '.join(escaped(alias, shadowed) for alias in command.aliases)})"
                   if command.aliases else "")
        usage = f"%{command.usage_text}" if command.name in shadowed else command.usage_text
        rows.append((usage, command.summary + aliases))
    return rows


#: The shell's commands the short ``help`` at ``cardshell>`` shows with their
#: summaries, in this order (the other commands usable there are named after them).
START_WORDS = ("games", "play", "rules", "load", "stats")

#: The host's words a player uses most inside a game, in the order the
#: short in-game ``help`` lists them (those registered; the rest is under
#: ``help all``).
COMMON_WORDS = ("rules", "show", "moves", "hint", "undo", "redo", "new", "restart", "save", "load",
                "games", "play", "quit", "exit")


def menu(global_commands: Iterable[Command], game: Game | None = None,
         game_commands: Iterable[Command] = (), width: int = DEFAULT_WIDTH,
         shadowed: Iterable[str] = (), *, short: bool = False) -> str:
    """The ``help`` menu: the current game's commands, then the shell's, with the
    ``shadowed`` words in their ``%WORD`` form, no line wider than ``width``.

    ``short`` gives the menu for a 24-line screen, pointing at ``help all``:
    in a game its commands and :data:`COMMON_WORDS`; outside, the
    :data:`START_WORDS` with summaries, then the others by name.
    """
    hidden = set(shadowed)
    parts = []
    if game is not None:
        parts.append(f"{game.title} commands:")
        parts.append(table(command_rows(game_commands), width=width))
        if game.host_aliases:
            aliases = ", ".join(f"{word} = {target}" for word, target in game.host_aliases.items())
            parts.append(wrap(f"  Game letters: {aliases}", width, "  "))
        parts.append("")
        if short:
            names = {command.name for command in global_commands}
            parts.append(screen.wrap_list("Shell commands: ", [escaped(w, hidden) for w in COMMON_WORDS
                                                              if w in names], width, end="."))
            help_word = escaped("help", hidden)
            parts.append(wrap(f"Type '{help_word} COMMAND' for details, '{help_word} all' for every command.", width))
            return "\n".join(parts)
    if short and game is None:  # at cardshell>: where to start, then the other words usable there
        commands = list(global_commands)
        first = sorted((c for c in commands if c.name in START_WORDS), key=lambda c: START_WORDS.index(c.name))
        parts.append("Start with:")
        parts.append(table(command_rows(first), width=width))
        parts.append(screen.wrap_list("Also: ", [c.name for c in commands if c.name not in START_WORDS], width,
                                      end="."))
        parts.append(wrap("Type 'help COMMAND' for details, 'help all' for every command.", width))
        return "\n".join(parts)
    parts.append("Shell commands:")
    parts.append(table(command_rows(global_commands, hidden), width=width))
    if hidden and game is not None:
        order = hidden_order(global_commands, hidden)
        own, theirs = ", ".join(f"'{w}'" for w in order), ", ".join(f"'%{w}'" for w in order)
        parts.append(wrap(f"  {game.title} has its own {own}: the shell's are {theirs}.", width, "  "))
    parts.append("")
    parts.append(f"Type '{escaped('help', hidden)} COMMAND' for details.")
    return "\n".join(parts)


def hidden_order(commands: Iterable[Command], hidden: set[str]) -> list[str]:
    """The shadowed words among ``commands``' names and aliases, in menu order."""
    return [word for command in commands for word in command.words if word in hidden]


def usage_groups(usage: str) -> list[str]:
    """The words of a usage, a bracketed group (``[--OPTION VALUE ...]``) counting as one."""
    groups: list[str] = []
    depth = 0
    for word in usage.split():
        if depth and groups:
            groups[-1] += " " + word
        else:
            groups.append(word)
        depth = max(depth + word.count("[") + word.count("(") - word.count("]") - word.count(")"), 0)
    return groups


def command_help(command: Command, game: Game | None = None, width: int = DEFAULT_WIDTH) -> str:
    """``help NAME``: usage (wrapped between its groups to ``width``), aliases,
    summary and the longer help of a command.
    """
    lines = [screen.wrap_list("usage: ", usage_groups(command.usage_text), width, sep=" ")]
    if command.aliases:
        lines.append(screen.wrap_list("aliases: ", command.aliases, width))
    where = f" ({game.title})" if game is not None else ""
    lines.append(wrap(f"{command.summary}{where}", width, "  "))
    if command.help:
        lines.append("")
        lines.append(screen.reflow(command.help.strip("\n"), width))
    return "\n".join(lines)


def games_list(games: Mapping[str, Game], width: int = DEFAULT_WIDTH) -> str:
    """The table of games: id, title and summary, wrapped to ``width``."""
    return table(((gid, f"{game.title}: {game.summary}") for gid, game in sorted(games.items())), width=width)


def ending(game: Game, outcome: Outcome, going_on: Iterable[str] = (),
           spell: Callable[[str], str] = str, menu: bool = False, *, undo: bool | None = None) -> HostText:
    """The message ``game.ending``: the game (or round) is over, then ``Next:``
    and what the player can type.

    ``going_on`` are the game's moves after the ending (``y``/``n``), listed
    first; ``spell`` is how a shell word is typed in the game (``%undo``);
    ``menu`` says the game shows its own menu above; ``undo`` whether undo can
    take a move back (None: ``game.undo``).
    """
    score = say("game.score", score=f"{outcome.score:g}") if outcome.score is not None else ""
    detail = say("game.detail", detail=outcome.detail) if outcome.detail else ""
    own = [f"'{move}'" for move in going_on]
    host = ["new", "restart", *(["undo"] if (game.undo if undo is None else undo) else []), "quit"]
    steps = [*own, *(f"'{spell(word)}'" for word in host)]
    what = say("game.over.round" if own else "game.over.what", title=game.title)
    over = say("game.over", what=what, result=outcome.result, score=score, detail=detail)
    going = say("game.next-menu" if menu else "game.next", choices=", ".join(steps[:-1]), last=steps[-1])
    return say("game.ending-menu" if menu else "game.ending", over=over, next=going)


def moves(count: int) -> str:
    """``1 move``, ``3 moves``."""
    return f"{count} move{'' if count == 1 else 's'}"
