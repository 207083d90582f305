"""Help menus, built from the registered metadata (never written per game).

Pure formatting: given commands and games, return text.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from cardshell.records import Command, Game


def table(rows: Iterable[tuple[str, str]], indent: int = 2, gap: int = 2) -> str:
    """Two aligned columns.

    Args:
        rows: (left, right) text pairs.
        indent (int): spaces before the left column.
        gap (int): spaces between the columns (at least).

    Returns:
        str: one line per row, right-stripped.
    """
    rows = list(rows)
    width = max((len(left) for left, _ in rows), default=0)
    return "\n".join(f"{' ' * indent}{left.ljust(width + gap)}{right}".rstrip() for left, right in rows)


def command_rows(commands: Iterable[Command]) -> list[tuple[str, str]]:
    """(usage, summary) rows for a menu, aliases noted after the summary."""
    rows = []
    for command in commands:
        aliases = f" (also: {', '.join(command.aliases)})" if command.aliases else ""
        rows.append((command.usage_text, command.summary + aliases))
    return rows


def menu(global_commands: Iterable[Command], game: Game | None = None,
         game_commands: Iterable[Command] = ()) -> str:
    """The ``help`` menu: the current game's commands, then the shell's.

    Args:
        global_commands: the global commands.
        game (Game | None): the current game, if any.
        game_commands: its commands.

    Returns:
        str: the menu text.
    """
    parts = []
    if game is not None:
        parts.append(f"{game.title} commands:")
        parts.append(table(command_rows(game_commands)))
        if game.host_aliases:
            aliases = ", ".join(f"{word} = {target}" for word, target in game.host_aliases.items())
            parts.append(f"  Game letters: {aliases}")
        parts.append("")
    parts.append("Shell commands:")
    parts.append(table(command_rows(global_commands)))
    parts.append("")
    parts.append("Type 'help COMMAND' for details.")
    return "\n".join(parts)


def command_help(command: Command, game: Game | None = None) -> str:
    """``help NAME``: usage, aliases, summary and the longer help of a command.

    Args:
        command (Command): the command.
        game (Game | None): the game it belongs to, if any.

    Returns:
        str: the help text.
    """
    lines = [f"usage: {command.usage_text}"]
    if command.aliases:
        lines.append(f"aliases: {', '.join(command.aliases)}")
    where = f" ({game.title})" if game is not None else ""
    lines.append(f"{command.summary}{where}")
    if command.help:
        lines.append("")
        lines.append(command.help.strip("\n"))
    return "\n".join(lines)


def games_list(games: Mapping[str, Game]) -> str:
    """The table of available games: id, title and summary."""
    return table((gid, f"{game.title}: {game.summary}") for gid, game in sorted(games.items()))


def moves(count: int) -> str:
    """``1 move``, ``3 moves``: a move count in words."""
    return f"{count} move{'' if count == 1 else 's'}"
