"""A game's page, its rules, commands and ``play`` options, as ``help GAME``
and ``rules [GAME]`` show it.

The rules are :attr:`Game.rules <cardshell.records.Game.rules>` or else the
``RULES.md`` of the registering plugin's package (the built-in games'
``plugins/cardshell_<game>/RULES.md``; their ``NOTES.md`` is for developers
and never shown), Markdown shown rendered (:func:`cardshell.layout.markdown`).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable
from typing import Any

from cardshell import help as helptext
from cardshell.layout import Markdown
from cardshell.messages import say
from cardshell.records import Command, Game
from cardshell.render import Laid, Text, text_of

#: The largest rules page read from a package (bytes); a larger file is cut.
MAX_RULES_BYTES = 64 * 1024


def rules_text(game: Game, plugin: Any) -> str:
    """The rules page of ``game`` (Markdown, no trailing blank lines):
    ``Game.rules``, else ``RULES.md`` beside the module of ``plugin`` (at most
    :data:`MAX_RULES_BYTES` read); "" when there is none or it cannot be read.
    """
    if game.rules:
        return game.rules.rstrip()
    package = sys.modules.get(getattr(plugin, "__package__", None) or "")
    folder = os.path.dirname(getattr(package, "__file__", None) or "")
    if not folder:  # no package, or a namespace package: no file to read
        return ""
    try:  # the package's own folder, as installed (a wheel unpacks it: package data beside the code)
        with open(os.path.join(folder, "RULES.md"), "rb") as handle:
            data = handle.read(MAX_RULES_BYTES)
    except OSError:
        return ""
    return data.decode("utf-8", errors="replace").rstrip()


def _option_rows(game: Game) -> list[tuple[str, Text]]:
    rows: list[tuple[str, Text]] = [("--seed N", say("help.option-seed"))]
    for option in game.options:
        choices = say("help.option-choices", choices=" | ".join(map(str, option.choices))) if option.choices else ""
        default = say("help.option-default", default=option.default) if option.default not in (None, "") else ""
        rows.append((f"--{option.name}", say("help.option", help=option.help, choices=choices, default=default)))
    return rows


def page(game: Game, commands: Iterable[Command], rules: str, width: int = helptext.DEFAULT_WIDTH) -> str:
    """The page of a game, wrapped to ``width``: its ``rules`` rendered as they
    are (they name the commands and options themselves), or without rules the
    summary and the commands and options from the game's records.
    """
    return "\n".join(text_of(piece) for piece in page_pieces(game, commands, rules, width))


def page_pieces(game: Game, commands: Iterable[Command], rules: str,
                width: int = helptext.DEFAULT_WIDTH) -> list[Text]:
    """:func:`page` as the pieces ``help GAME`` and ``rules`` echo
    (:func:`cardshell.help.pieces`): a rules page whole, rendered, in the
    message ``help.rules-page`` holding its Markdown, rendered when printed
    (:class:`cardshell.layout.Markdown`); without one, the host's messages for the title
    line, headings and rows.
    """
    if rules:
        return [Laid(say("help.rules-page", page=rules), Markdown(width))]
    parts: list[Text] = [say("help.page-title", title=game.title, game=game.id, summary=game.summary), "",
                        say("help.page-commands")]
    parts += helptext.table_rows(helptext.command_rows(commands), width=width) or [""]
    if game.host_aliases:
        parts.append(helptext.game_letters(game, width))
    parts.append("")
    parts.append(say("help.page-options", game=game.id))
    parts += helptext.table_rows(_option_rows(game), width=width) or [""]
    return helptext.pieces(parts)
