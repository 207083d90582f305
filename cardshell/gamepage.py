"""A game's page, its rules, commands and ``play`` options, as ``help GAME``
and ``rules [GAME]`` show it.

The rules are :attr:`Game.rules <cardshell.records.Game.rules>` or else the
``RULES.md`` of the registering plugin's package (the built-in games'
``plugins/cardshell_<game>/RULES.md``; their ``NOTES.md`` is for developers
and never shown), Markdown shown rendered (:func:`render`).
"""

from __future__ import annotations

import os
import re
import sys
import textwrap
from collections.abc import Iterable
from typing import Any

from cardshell import help as helptext
from cardshell.messages import say
from cardshell.records import Command, Game
from cardshell.render import Text, text_of

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
    message ``help.rules-page``; without one, the host's messages for the title
    line, headings and rows.
    """
    if rules:
        return [say("help.rules-page", page=render(rules, width))]
    parts: list[Text] = [say("help.page-title", title=game.title, game=game.id, summary=game.summary), "",
                        say("help.page-commands")]
    parts += helptext.table_rows(helptext.command_rows(commands), width=width) or [""]
    if game.host_aliases:
        parts.append(helptext.game_letters(game, width))
    parts.append("")
    parts.append(say("help.page-options", game=game.id))
    parts += helptext.table_rows(_option_rows(game), width=width) or [""]
    return helptext.pieces(parts)


_FENCE = re.compile(r"^\s*(```|~~~)")
_ITEM = re.compile(r"^(\s*)([-*+]|\d+[.)])\s+(.*)$")
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_LINK = re.compile(r"\[([^\]]+)\]\([^)]*\)")
_STRONG = re.compile(r"(\*\*|__)(.+?)\1")


#: Stands for a space inside a code span while a paragraph is wrapped
#: (``textwrap`` breaks at ASCII whitespace only), so that ``tt 5 6 1`` stays whole.
_KEEP = "\xa0"


def inline(text: str, keep: str = " ") -> str:
    """Markdown's inline marks taken out: code spans in single quotes (their
    spaces become ``keep``), strong marks dropped, a link's text kept.
    """
    text = _LINK.sub(r"\1", text)
    text = _STRONG.sub(r"\2", text)
    return re.sub(r"`+([^`]*)`+", lambda span: "'" + span.group(1).replace(" ", keep) + "'", text)


def render(markdown: str, width: int = helptext.DEFAULT_WIDTH) -> str:
    """A Markdown page as a player reads it at a terminal ``width`` wide.

    The subset rules pages use: ``#`` headings (the title first, a blank line
    before each section), paragraphs and list items (``-``, ``*``, ``1.``)
    wrapped, fenced code kept line for line, inline marks (:func:`inline`).
    No line is over ``width`` but a longer word or code line; no trailing spaces.
    """
    out: list[str] = []
    block: list[str] = []
    marker = ""
    lead = ""

    def flush() -> None:
        nonlocal block, marker, lead
        if block:
            text = inline(" ".join(part.strip() for part in block), _KEEP)
            first = lead + (f"{marker} " if marker else "")
            out.extend(line.replace(_KEEP, " ") for line in textwrap.wrap(
                text, max(width, len(first) + 10), initial_indent=first, subsequent_indent=" " * len(first),
                break_long_words=False, break_on_hyphens=False))
        block, marker, lead = [], "", ""

    fenced = False
    for line in markdown.splitlines():
        if _FENCE.match(line):
            flush()
            fenced = not fenced
            continue
        if fenced:
            out.append(line.rstrip())
            continue
        heading = _HEADING.match(line)
        item = _ITEM.match(line)
        if not line.strip():
            flush()
            if out and out[-1]:
                out.append("")
        elif heading:
            flush()
            if out and out[-1]:
                out.append("")
            out.append(inline(heading.group(2)))
        elif item:
            flush()
            lead, marker, block = "  " * (len(item.group(1)) // 2), item.group(2), [item.group(3)]
        else:
            block.append(line)
    flush()
    while out and not out[-1]:
        out.pop()
    return "\n".join(out)
