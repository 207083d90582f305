"""Help menus, built from the registered metadata (never written per game).

Pure formatting: given commands and games, return text.
"""

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
    """Wrap each line of ``text`` longer than ``width`` at word boundaries
    (:func:`cardshell.screen.wrap`, kept here for the host's callers)."""

    return screen.wrap(text, width, indent)


def table(rows: Iterable[tuple[str, str]], indent: int = 2, gap: int = 2, width: int = DEFAULT_WIDTH) -> str:
    """Two aligned columns, the right one wrapped at word boundaries.

    Args:
        rows: (left, right) text pairs.
        indent (int): spaces before the left column.
        gap (int): spaces between the columns (at least).
        width (int): the most characters per line; a right-column text that
            does not fit continues on the next lines, aligned under itself.
            The left column is as wide as its longest text that takes at
            most :data:`_LEFT_SHARE` of the width; a longer left text (a
            long usage) has its own lines, its right text under it,
            indented, as does a row whose right column would be under 20
            characters or narrower than its longest word.

    Returns:
        str: one line per row or more, right-stripped; no word is broken.
    """
    return "\n".join(table_rows(rows, indent, gap, width))


def table_rows(rows: Iterable[tuple[str, str]], indent: int = 2, gap: int = 2,
               width: int = DEFAULT_WIDTH) -> list[str]:
    """The rows of :func:`table` as the pieces a command echoes, each the
    host's message ``help.row`` (its right column a message of its own where
    the caller gives one), so that every line keeps its id.

    Args:
        rows: (left, right) pairs; a right text may be a
            :class:`~cardshell.messages.HostText`.
        indent (int): spaces before the left column.
        gap (int): spaces between the columns (at least).
        width (int): the most characters per line (see :func:`table`).

    Returns:
        list[str]: one piece per row, or two for a row whose right column
        goes under its left one; joined by newlines they are
        :func:`table`'s text.  A row the catalog's layout
        (:meth:`~cardshell.messages.HostText.laid_out`) would wrap
        otherwise than the table does is its plain text.
    """
    rows = list(rows)
    fitting = [len(left) for left, _ in rows if indent + len(left) + gap <= width * _LEFT_SHARE]
    left_width = max(fitting, default=0)
    found: list[str] = []
    for left, right in rows:
        found += _row(left, right, indent, left_width, indent + left_width + gap, width)
    return found


def _row(left: str, right: str, indent: int, left_width: int, column: int, width: int) -> list[str]:
    """One row of a table: its lines as :func:`table` lays them out, as
    ``help.row`` messages where those give exactly these lines."""
    lead = " " * indent
    first = f"{lead}{left.ljust(column - indent)}"
    longest = max((len(word) for word in right.split()), default=0)
    if len(left) <= left_width and (column + len(right) <= width or width - column >= max(_MIN_RIGHT, longest)):
        if column + len(right) <= width:
            lines = [f"{first}{right}".rstrip()]
        else:
            chunks = textwrap.wrap(right, width - column, break_long_words=False, break_on_hyphens=False)
            lines = [f"{first}{chunks[0]}".rstrip(), *(" " * column + chunk for chunk in chunks[1:])]
        said: list[str] = [say("help.row", indent=lead, left=left, pad=" " * (column - indent - len(left)),
                    right=right).laid_out(width, " " * (column - indent))]
    else:
        left_lines = textwrap.wrap(left, width, initial_indent=lead, subsequent_indent=" " * (indent + 2),
                                   break_long_words=False, break_on_hyphens=False) or [""]
        right_lines = textwrap.wrap(right, width, initial_indent=" " * (indent + 4),
                                    subsequent_indent=" " * (indent + 4), break_long_words=False,
                                    break_on_hyphens=False)
        lines = [*left_lines, *right_lines]
        said = [say("help.row", indent=lead, left=left, pad="", right="").laid_out(width, "  ")]
        if right_lines:
            said.append(say("help.row", indent=" " * (indent + 4), left="", pad="", right=right).laid_out(width))
    text = "\n".join(lines)
    return said if "\n".join(said) == text else [text]


def listed(said: HostText, lead: str, items: Iterable[str], width: int | None, *, sep: str = ", ",
           end: str = "") -> str:
    """A message that ends in a list (``Legal moves: F 1, D``), laid out as
    :func:`cardshell.screen.wrap_list` lays out ``lead`` and ``items``
    (wrapped between items, never inside one).

    Args:
        said: the message; its text is ``lead``, the items joined by ``sep``, then ``end``.
        lead: the start of its first line.
        items: the items of the list.
        width: the most characters per line; None: one line.
        sep: put between two items.
        end: put after the last item.

    Returns:
        str: ``said`` laid out (:meth:`~cardshell.messages.HostText.laid_out`)
        where that gives :func:`~cardshell.screen.wrap_list`'s text, else that
        text (an item with spaces in it that the catalog's layout would split).
    """
    text = screen.wrap_list(lead, items, width, sep=sep, end=end)
    indent = " " * len(lead) if width is None or len(lead) <= width // 2 else "  "
    shaped = said.laid_out(width, indent)
    return shaped if shaped == text else text


def pieces(parts: Iterable[str]) -> list[str]:
    """The pieces a command echoes for a page laid out as ``parts``.

    Args:
        parts: the page's parts in order, each one or more lines; "" is a
            blank line.

    Returns:
        list[str]: the non-empty parts, each blank line carried by the part
        after it as the message ``help.spaced`` (a reply drops empty
        pieces); joined by newlines they are ``parts`` joined by newlines,
        but for blank lines at the end, which are dropped.
    """
    found: list[str] = []
    blanks = 0
    for piece in parts:
        if not piece:
            blanks += 1
            continue
        for _ in range(blanks):
            piece = say("help.spaced", text=piece)
        blanks = 0
        found.append(piece)
    return found


def escaped(word: str, shadowed: set[str] | frozenset[str]) -> str:
    """How a shell command word is typed where a game shadows it: ``%word``
    if ``word`` is in ``shadowed``, else ``word``."""
    return f"%{word}" if word in shadowed else word


def command_rows(commands: Iterable[Command], shadowed: set[str] | frozenset[str] = frozenset()
                 ) -> list[tuple[str, str]]:
    """(usage, summary) rows for a menu, aliases noted after the summary
    (the message ``help.command``).

    Args:
        commands: the commands, in menu order.
        shadowed: words to show in their ``%WORD`` form (global commands a
            game's own commands shadow, see :func:`menu`).
    """
    rows: list[tuple[str, str]] = []
    for command in commands:
        aliases = (say("help.aliases", aliases=", ".join(escaped(alias, shadowed) for alias in command.aliases))
                   if command.aliases else "")
        usage = f"%{command.usage_text}" if command.name in shadowed else command.usage_text
        rows.append((usage, say("help.command", summary=command.summary, aliases=aliases)))
    return rows


def game_letters(game: Game, width: int = DEFAULT_WIDTH) -> HostText:
    """The line of a game's letters for shell commands (``Game.host_aliases``:
    ``h = help, q = quit``), wrapped to ``width``."""
    letters = ", ".join(f"{word} = {target}" for word, target in game.host_aliases.items())
    return say("help.game-letters", letters=letters).laid_out(width, "  ")


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
         shadowed: Iterable[str] = (), *, short: bool = False) -> list[str]:
    """The ``help`` menu: the current game's commands, then the shell's.

    Args:
        global_commands: the global commands.
        game (Game | None): the current game, if any.
        game_commands: its commands.
        width (int): the terminal's width in characters.
        shadowed (Iterable[str]): the global words the game's own commands
            shadow (:meth:`cardshell.registry.Registry.shadowed`): listed
            among the shell's commands in their ``%WORD`` form, the form
            that reaches them in the game.
        short (bool): the short menu that fits a 24-line screen and says
            how to see the rest (``help all``): in a game, the game's
            commands, then the shell's words of :data:`COMMON_WORDS` as one
            list; outside a game, the commands of :data:`START_WORDS`
            among ``global_commands`` (the caller passes those that can be
            used there) with their summaries, then the others by name.

    Returns:
        list[str]: the menu as the pieces ``help`` echoes (:func:`pieces`),
        each the host's message; no line longer than ``width`` unless one
        word is.
    """
    hidden = set(shadowed)
    parts: list[str] = []
    if game is not None:
        parts.append(say("help.game-commands", title=game.title))
        parts += table_rows(command_rows(game_commands), width=width) or [""]
        if game.host_aliases:
            parts.append(game_letters(game, width))
        parts.append("")
        if short:
            names = {command.name for command in global_commands}
            words = [escaped(w, hidden) for w in COMMON_WORDS if w in names]
            parts.append(listed(say("help.shell-words", words=", ".join(words)), "Shell commands: ", words, width,
                                end="."))
            parts.append(say("help.details-all", help=escaped("help", hidden)).laid_out(width))
            return pieces(parts)
    if short and game is None:  # at cardshell>: where to start, then the other words usable there
        commands = list(global_commands)
        first = sorted((c for c in commands if c.name in START_WORDS), key=lambda c: START_WORDS.index(c.name))
        parts.append(say("help.start-with"))
        parts += table_rows(command_rows(first), width=width) or [""]
        others = [c.name for c in commands if c.name not in START_WORDS]
        parts.append(listed(say("help.also", words=", ".join(others)), "Also: ", others, width, end="."))
        parts.append(say("help.details-all", help="help").laid_out(width))
        return pieces(parts)
    parts.append(say("help.shell-commands"))
    parts += table_rows(command_rows(global_commands, hidden), width=width) or [""]
    if hidden and game is not None:
        order = hidden_order(global_commands, hidden)
        own, theirs = ", ".join(f"'{w}'" for w in order), ", ".join(f"'%{w}'" for w in order)
        parts.append(say("help.shadowed", title=game.title, own=own, theirs=theirs).laid_out(width, "  "))
    parts.append("")
    parts.append(say("help.details", help=escaped("help", hidden)))
    return pieces(parts)


def hidden_order(commands: Iterable[Command], hidden: set[str]) -> list[str]:
    """The shadowed words among ``commands``' names and aliases, in menu order."""
    return [word for command in commands for word in command.words if word in hidden]


def usage_groups(usage: str) -> list[str]:
    """The words of a usage, a bracketed group (``[--OPTION VALUE ...]``)
    counting as one word, so that a usage is wrapped between groups only."""
    groups: list[str] = []
    depth = 0
    for word in usage.split():
        if depth and groups:
            groups[-1] += " " + word
        else:
            groups.append(word)
        depth = max(depth + word.count("[") + word.count("(") - word.count("]") - word.count(")"), 0)
    return groups


def command_help(command: Command, game: Game | None = None, width: int = DEFAULT_WIDTH) -> list[str]:
    """``help NAME``: usage, aliases, summary and the longer help of a command.

    Args:
        command (Command): the command.
        game (Game | None): the game it belongs to, if any.
        width (int): the terminal's width: the usage is wrapped between its
            groups (:func:`usage_groups`), never inside ``[...]``.

    Returns:
        list[str]: the help as the pieces ``help`` echoes (:func:`pieces`):
        the host's messages, then the command's own help text.
    """
    groups = usage_groups(command.usage_text)
    parts: list[str] = [listed(say("help.usage", usage=" ".join(groups)), "usage: ", groups, width, sep=" ")]
    if command.aliases:
        parts.append(listed(say("help.aliases-line", aliases=", ".join(command.aliases)), "aliases: ",
                            command.aliases, width))
    where = say("help.summary-game", title=game.title) if game is not None else ""
    parts.append(say("help.summary", summary=command.summary, game=where).laid_out(width, "  "))
    if command.help:
        parts.append("")
        parts.append(screen.reflow(command.help.strip("\n"), width))
    return pieces(parts)


def games_list(games: Mapping[str, Game], width: int = DEFAULT_WIDTH) -> list[str]:
    """The table of available games: id, title and summary, wrapped to
    ``width``, as the pieces ``games`` echoes (:func:`table_rows`)."""
    return table_rows(((gid, say("games.listed", title=game.title, summary=game.summary))
                       for gid, game in sorted(games.items())), width=width)


def ending(game: Game, outcome: Outcome, going_on: Iterable[str] = (),
           spell: Callable[[str], str] = str, menu: bool = False, *, undo: bool | None = None) -> HostText:
    """The lines that say a game (or a round) is over and what the player can
    do next.

    Args:
        game (Game): the game.
        outcome (Outcome): how it ended.
        going_on (Iterable[str]): the game's own legal moves after the
            ending (``y``/``n`` of "play again?"); when there are some, the
            ending is a round's and those moves come first.
        spell (Callable[[str], str]): how the player types a shell command
            word in this game (``%undo`` where the game has its own
            ``undo``: :meth:`cardshell.dispatch.Dispatcher.host_word`).
        menu (bool): the game shows a menu of its own above (Up-and-Down's
            browser): a blank line first, and the next steps start with an
            answer to that menu.
        undo (bool | None): whether ``undo`` can take a move back here;
            None: whether the game allows undo (``Game.undo``).  A game that
            plays itself (no move was made) has nothing to undo.

    Returns:
        HostText: the message ``game.ending``: two lines, e.g. ``Aces Up is
        over: lost, score 36 (no move left, 12 cards in the tableau).`` then
        ``Next: 'new', 'restart', 'undo' or 'quit'.`` (``undo`` only where
        it can take a move back).
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


def moves(count: int) -> HostText:
    """``1 move``, ``3 moves``: a move count in words (the message
    ``game.moves-one`` or ``game.moves``)."""
    return say("game.moves-one" if count == 1 else "game.moves", count=count)
