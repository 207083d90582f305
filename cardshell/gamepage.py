"""A game's page: its rules, its commands and its ``play`` options.

``help GAME`` and ``rules [GAME]`` show it, so that a player can learn any
game without opening a file.  The rules text is :attr:`Game.rules
<cardshell.records.Game.rules>` or, when that is empty, the ``RULES.md`` file
shipped in the package of the plugin module that registered the game (the
built-in games keep theirs in ``plugins/cardshell_<game>/RULES.md``).
"""

from __future__ import annotations

import importlib.resources
from collections.abc import Iterable
from typing import Any

from cardshell import help as helptext
from cardshell.records import Command, Game

#: The largest rules page read from a package (bytes); a larger file is cut.
MAX_RULES_BYTES = 64 * 1024


def rules_text(game: Game, plugin: Any) -> str:
    """The game's rules page, or "" when it has none.

    Args:
        game (Game): the game.
        plugin (Any): the plugin object (usually a module) that registered it.

    Returns:
        str: the Markdown text, without trailing blank lines.
    """
    if game.rules:
        return game.rules.rstrip()
    package = getattr(plugin, "__package__", None)
    if not package:
        return ""
    try:
        page = importlib.resources.files(package).joinpath("RULES.md")
        if not page.is_file():
            return ""
        with page.open("rb") as handle:
            data = handle.read(MAX_RULES_BYTES)
    except (OSError, ModuleNotFoundError, TypeError, ValueError):
        return ""
    return data.decode("utf-8", errors="replace").rstrip()


def _option_rows(game: Game) -> list[tuple[str, str]]:
    rows = [("--seed N", "the deal's number (default: a new one, shown when the game starts)")]
    for option in game.options:
        choices = f" ({' | '.join(map(str, option.choices))})" if option.choices else ""
        default = f"; default {option.default}" if option.default not in (None, "") else ""
        rows.append((f"--{option.name}", f"{option.help}{choices}{default}"))
    return rows


def page(game: Game, commands: Iterable[Command], rules: str, width: int = helptext.DEFAULT_WIDTH) -> str:
    """The whole page of a game: rules, commands, options.

    Args:
        game (Game): the game.
        commands (Iterable[Command]): its commands, in registration order.
        rules (str): its rules text (see :func:`rules_text`).  A rules page
            is shown as it is (it names the commands and options itself, as
            the built-in games' pages do); without one, the summary and the
            commands and options from the game's records are shown.
        width (int): the terminal's width in characters.

    Returns:
        str: the text, wrapped to ``width`` at word boundaries.
    """
    if rules:
        return helptext.wrap(rules, width)
    parts = [f"{game.title} ({game.id}): {game.summary}", ""]
    parts.append("Commands:")
    parts.append(helptext.table(helptext.command_rows(commands), width=width))
    if game.host_aliases:
        aliases = ", ".join(f"{word} = {target}" for word, target in game.host_aliases.items())
        parts.append(helptext.wrap(f"  Game letters: {aliases}", width, "  "))
    parts.append("")
    parts.append(f"Options of 'play {game.id}':")
    parts.append(helptext.table(_option_rows(game), width=width))
    return "\n".join(parts)
