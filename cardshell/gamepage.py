"""A game's page: its rules, its commands and its ``play`` options.

``help GAME`` and ``rules [GAME]`` show it, so that a player can learn any
game without opening a file.  The rules text is :attr:`Game.rules
<cardshell.records.Game.rules>` or, when that is empty, the ``RULES.md`` file
shipped in the package of the plugin module that registered the game (the
built-in games keep theirs in ``plugins/cardshell_<game>/RULES.md``: the
player's page; the notes for developers are ``NOTES.md`` beside it, never
shown).  The page is Markdown, shown rendered (:func:`render`): no ``#``,
backquote or ``**`` reaches the terminal.
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

#: The largest rules page read from a package (bytes); a larger file is cut.
MAX_RULES_BYTES = 64 * 1024


def rules_text(game: Game, plugin: Any) -> str:
    """The game's rules page, or "" when it has none.

    Args:
        game (Game): the game.
        plugin (Any): the plugin object (usually a module) that registered it.

    Returns:
        str: the Markdown text, without trailing blank lines: ``Game.rules``,
        else the file ``RULES.md`` beside the plugin module's package (at
        most :data:`MAX_RULES_BYTES` bytes read; "" when there is none or it
        cannot be read).
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


def _option_rows(game: Game) -> list[tuple[str, str]]:
    rows: list[tuple[str, str]] = [("--seed N", say("help.option-seed"))]
    for option in game.options:
        choices = say("help.option-choices", choices=" | ".join(map(str, option.choices))) if option.choices else ""
        default = say("help.option-default", default=option.default) if option.default not in (None, "") else ""
        rows.append((f"--{option.name}", say("help.option", help=option.help, choices=choices, default=default)))
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
        str: the text, wrapped to ``width`` at word boundaries (a rules
        page rendered: :func:`render`).
    """
    return "\n".join(page_pieces(game, commands, rules, width))


def page_pieces(game: Game, commands: Iterable[Command], rules: str,
                width: int = helptext.DEFAULT_WIDTH) -> list[str]:
    """:func:`page` as the pieces ``help GAME`` and ``rules`` echo
    (:func:`cardshell.help.pieces`): a rules page whole, as its author wrote
    it (rendered), in the message ``help.rules-page``; without one, the
    host's messages for the title line, headings and rows.

    Args:
        game (Game): the game.
        commands (Iterable[Command]): its commands, in registration order.
        rules (str): its rules text (see :func:`rules_text`).
        width (int): the terminal's width in characters.

    Returns:
        list[str]: the pieces, joined by newlines :func:`page`'s text.
    """
    if rules:
        return [say("help.rules-page", page=render(rules, width))]
    parts: list[str] = [say("help.page-title", title=game.title, game=game.id, summary=game.summary), "",
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
    """Markdown's inline marks taken out: ``code`` spans are put in single
    quotes, as the host's messages quote what to type (their spaces become ``keep``), ``**strong**`` and
    ``__strong__`` their marks, a link ``[text](url)`` keeps its text."""
    text = _LINK.sub(r"\1", text)
    text = _STRONG.sub(r"\2", text)
    return re.sub(r"`+([^`]*)`+", lambda span: "'" + span.group(1).replace(" ", keep) + "'", text)


def render(markdown: str, width: int = helptext.DEFAULT_WIDTH) -> str:
    """A Markdown page as a player reads it at a terminal.

    The subset rules pages use: ``#`` headings (shown as their text; the
    title first, a blank line before each section), paragraphs (joined and
    wrapped), list items ``-``, ``*``, ``1.`` (wrapped under their text),
    fenced code blocks (kept line for line), inline code, strong text and
    links (:func:`inline`).  Words are never broken.

    Args:
        markdown (str): the page.
        width (int): the terminal's width in characters.

    Returns:
        str: the text, no line over ``width`` except a word (or a line of a
        code block) longer than the width; no trailing spaces.
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
