"""Help menus, built from the registered metadata (never written per game): given commands and games, text."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING

from cardshell import layout
from cardshell.layout import Columns, Hanging, Listing
from cardshell.messages import CATALOG, HostMessage, say
from cardshell.render import Laid, Text, laid, text_of

if TYPE_CHECKING:  # pragma: no cover
    from cardshell.records import Command, Game, Outcome

#: The width text is laid out for when the terminal's is unknown (scripts):
#: :data:`cardshell.layout.DEFAULT_WIDTH`.
DEFAULT_WIDTH = layout.DEFAULT_WIDTH


def table(rows: Iterable[tuple[str, Text]], indent: int = 2, gap: int = 2, width: int = DEFAULT_WIDTH) -> str:
    """The text of :func:`table_rows`: two aligned columns, the right one wrapped
    at word boundaries, no line over ``width`` characters and no word broken
    (:func:`cardshell.layout.table_plan`).  ``indent`` and ``gap`` are in spaces.
    """
    return "\n".join(text_of(row) for row in table_rows(rows, indent, gap, width))


def table_rows(rows: Iterable[tuple[str, Text]], indent: int = 2, gap: int = 2,
               width: int = DEFAULT_WIDTH) -> list[Laid]:
    """A table's rows (``rows`` of left, right, a right text possibly a
    :class:`~cardshell.messages.HostMessage`) as the pieces a command echoes:
    each the message ``help.row`` holding its right text whole, shaped as
    :func:`cardshell.layout.table_plan` places it (:class:`~cardshell.layout.Columns`);
    a row whose right column goes under its left is two pieces
    (:class:`~cardshell.layout.Hanging`).
    """
    rows = list(rows)
    plans = layout.table_plan([(left, text_of(right)) for left, right in rows], indent, gap, width)
    lead = " " * indent
    found: list[Laid] = []
    for (left, right), plan in zip(rows, plans):
        held = right if isinstance(right, (str, HostMessage)) else right.message
        if plan.column is not None:
            found.append(Laid(say("help.row", indent=lead, left=left, pad=plan.pad, right=held),
                              Columns(width, plan.column)))
            continue
        found.append(Laid(say("help.row", indent=lead, left=left, pad="", right=""),
                          Hanging(width, lead, " " * (indent + 2))))
        if text_of(right).strip():
            under = " " * (indent + 4)
            found.append(Laid(say("help.row", indent=under, left="", pad="", right=held), Hanging(width, under, under)))
    return found


def listed(said: HostMessage, items: Iterable[str], width: int | None, *, sep: str = ", ",
           end: str = "") -> Laid:
    """A message ``said`` ending in a list (``Legal moves: F 1, D``: a lead, the
    ``items`` joined by ``sep``, then ``end``), shaped to be broken between
    items at ``width`` (None: one line) by :class:`~cardshell.layout.Listing`;
    the shape finds the lead in the text, so another wording is laid out alike.
    """
    return Laid(said, Listing(width, tuple(items), sep, end))


def pieces(parts: Iterable[Text]) -> list[Text]:
    """The pieces a command echoes for a page of ``parts`` ("" a blank line): the
    non-empty parts, a blank line carried by the part after it as
    ``help.spaced``; joined by newlines they are the parts', trailing blank lines dropped.
    """
    found: list[Text] = []
    blanks = 0
    for piece in parts:
        if not piece:
            blanks += 1
            continue
        for _ in range(blanks):
            piece = _spaced(piece)
        blanks = 0
        found.append(piece)
    return found


def _spaced(piece: Text) -> Text:
    """``piece`` after a blank line (``help.spaced``), laid out as ``piece`` was."""
    if isinstance(piece, Laid):
        return Laid(say("help.spaced", text=piece.message), piece.layout)
    return say("help.spaced", text=piece)


def escaped(word: str, shadowed: set[str] | frozenset[str]) -> str:
    """``%word`` if ``word`` is in ``shadowed``, else ``word``: how a shell word is typed in the game."""
    return f"%{word}" if word in shadowed else word


def command_rows(commands: Iterable[Command], shadowed: set[str] | frozenset[str] = frozenset()
                 ) -> list[tuple[str, Text]]:
    """(usage, summary) rows for a menu (``help.command``), aliases after the
    summary, ``shadowed`` words in their ``%WORD`` form.
    """
    rows: list[tuple[str, Text]] = []
    for command in commands:
        aliases = (say("help.aliases", aliases=", ".join(escaped(alias, shadowed) for alias in command.aliases))
                   if command.aliases else "")
        usage = f"%{command.usage_text}" if command.name in shadowed else command.usage_text
        rows.append((usage, say("help.command", summary=command.summary, aliases=aliases)))
    return rows


def game_letters(game: Game, width: int = DEFAULT_WIDTH) -> Laid:
    """The line of a game's letters for shell commands (``Game.host_aliases``:
    ``h = help, q = quit``), wrapped to ``width``."""
    letters = ", ".join(f"{word} = {target}" for word, target in game.host_aliases.items())
    return laid(say("help.game-letters", letters=letters), width, "  ")


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
         shadowed: Iterable[str] = (), *, short: bool = False) -> list[Text]:
    """The ``help`` menu as the pieces ``help`` echoes (:func:`pieces`): the
    current game's commands, then the shell's, the ``shadowed`` words in their
    ``%WORD`` form, no line wider than ``width``.

    ``short`` gives the menu for a 24-line screen, pointing at ``help all``:
    in a game its commands and :data:`COMMON_WORDS`; outside, the
    :data:`START_WORDS` with summaries, then the others by name.
    """
    hidden = set(shadowed)
    parts: list[Text] = []
    if game is not None:
        parts.append(say("help.game-commands", title=game.title))
        parts += table_rows(command_rows(game_commands), width=width) or [""]
        if game.host_aliases:
            parts.append(game_letters(game, width))
        parts.append("")
        if short:
            names = {command.name for command in global_commands}
            offered = [w for w in COMMON_WORDS if w in names and (game.undo or w not in ("undo", "redo"))]
            words = [escaped(w, hidden) for w in offered]  # a game without undo is not offered it
            parts.append(listed(say("help.shell-words", words=", ".join(words)), words, width,
                                end="."))
            parts.append(laid(say("help.details-all", help=escaped("help", hidden)), width))
            return pieces(parts)
    if short and game is None:  # at cardshell>: where to start, then the other words usable there
        commands = list(global_commands)
        first = sorted((c for c in commands if c.name in START_WORDS), key=lambda c: START_WORDS.index(c.name))
        parts.append(say("help.start-with"))
        parts += table_rows(command_rows(first), width=width) or [""]
        others = [c.name for c in commands if c.name not in START_WORDS]
        parts.append(listed(say("help.also", words=", ".join(others)), others, width, end="."))
        parts.append(laid(say("help.details-all", help="help"), width))
        return pieces(parts)
    parts.append(say("help.shell-commands"))
    parts += table_rows(command_rows(global_commands, hidden), width=width) or [""]
    if hidden and game is not None:
        order = hidden_order(global_commands, hidden)
        own, theirs = ", ".join(f"'{w}'" for w in order), ", ".join(f"'%{w}'" for w in order)
        parts.append(laid(say("help.shadowed", title=game.title, own=own, theirs=theirs), width, "  "))
    parts.append("")
    parts.append(say("help.details", help=escaped("help", hidden)))
    return pieces(parts)


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


def command_help(command: Command, game: Game | None = None, width: int = DEFAULT_WIDTH) -> list[Text]:
    """``help NAME`` as the pieces ``help`` echoes: usage (wrapped between its
    groups to ``width``), aliases, summary, then the command's own help text.
    """
    groups = usage_groups(command.usage_text)
    parts: list[Text] = [listed(say("help.usage", usage=" ".join(groups)), groups, width, sep=" ")]
    if command.aliases:
        parts.append(listed(say("help.aliases-line", aliases=", ".join(command.aliases)), command.aliases, width))
    where = say("help.summary-game", title=game.title) if game is not None else ""
    parts.append(laid(say("help.summary", summary=command.summary, game=where), width, "  "))
    if command.help:
        parts.append("")
        own = f"command-help.{command.name}"  # a host command's help is a message of the catalog
        if own in CATALOG and command.help == CATALOG[own].text:
            parts.append(laid(say(own), width))
        else:
            parts.append(layout.reflow(command.help.strip("\n"), width))
    return pieces(parts)


def games_list(games: Mapping[str, Game], width: int = DEFAULT_WIDTH) -> list[Laid]:
    """The table of games (id, title, summary) wrapped to ``width``, as the pieces ``games`` echoes."""
    return table_rows(((gid, say("games.listed", title=game.title, summary=game.summary))
                       for gid, game in sorted(games.items())), width=width)


def ending(game: Game, outcome: Outcome, going_on: Iterable[str] = (),
           spell: Callable[[str], str] = str, menu: bool = False, *, undo: bool | None = None,
           said: bool = False) -> HostMessage:
    """The message ``game.ending``: the game (or round) is over, then ``Next:``
    and what the player can type.

    ``going_on`` are the game's moves after the ending (``y``/``n``), listed
    first; ``spell`` is how a shell word is typed in the game (``%undo``);
    ``menu`` says the game shows its own menu above; ``undo`` whether undo can
    take a move back (None: ``game.undo``); ``said`` that the game's own words
    printed with the ending move already told it (its ``over`` is then
    ``game.over-said``: the subject and the score, with the same fields).
    """
    score = say("game.score", score=f"{outcome.score:g}") if outcome.score is not None else ""
    detail = say("game.detail", detail=outcome.detail) if outcome.detail else ""
    own = [f"'{move}'" for move in going_on]
    host = ["new", "restart", *(["undo"] if (game.undo if undo is None else undo) else []), "quit"]
    steps = [*own, *(f"'{spell(word)}'" for word in host)]
    what = say("game.over.round" if own else "game.over.what", title=game.title)
    over = say("game.over-said" if said else "game.over", what=what, result=outcome.result, score=score, detail=detail)
    going = say("game.next-menu" if menu else "game.next", choices=", ".join(steps[:-1]), last=steps[-1])
    return say("game.ending-menu" if menu else "game.ending", over=over, next=going)


def moves(count: int) -> HostMessage:
    """``1 move``, ``3 moves`` (``game.moves-one``, ``game.moves``)."""
    return say("game.moves-one" if count == 1 else "game.moves", count=count)
