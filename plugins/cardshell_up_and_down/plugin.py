"""Up-and-Down as a cardshell game: :mod:`.rules`, :mod:`.browser` and :mod:`.simulation` on the plugin contract.

The game plays itself, so it is over once dealt and shows the hand-out's screen
after a game; the browser's answers (``n``, ``-n``, ``m--n``, or ``lines SPEC``)
and ``simulate`` are reports, and ``q`` is the host's ``quit``, case-sensitive
as in the hand-out (plugins/cardshell_up_and_down/NOTES.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import cardshell
from cardshell import Command, CommandContext, CommandError, Game, Outcome, UsageError, parsers

from . import browser, rules, simulation

#: The plugin contract version this plugin was written for.
CARDSHELL_CONTRACT = 2

#: The game id typed after ``play``.
GAME_ID = "up-and-down"

LINES_USAGE = "lines [n | -n | m--n]"

#: A bare browser answer typed at the game's prompt (the host strips the
#: line first; the exact grammar, spaces included, is checked by the parser).
LINE_SPEC_PATTERN = r"[-+ 0-9]*[0-9][-+ 0-9]*"


def new_game(seed: int, options: Mapping[str, Any]) -> rules.UpAndDownGame:
    """``Game.new``: the whole game for ``seed`` (no options)."""
    return rules.play(seed)


def render(state: rules.UpAndDownGame) -> str:
    """``Game.render``: the result line, the browser's question and its menu (Section 4.2)."""
    total = len(state.lines)
    return f"{state.result}\n\n{browser.question(total)}\n\n{browser.menu(total)}"


def outcome(state: rules.UpAndDownGame) -> Outcome:
    """``Game.outcome``: won or lost at once, scored by the cards left."""
    return Outcome("won" if state.won else "lost", float(state.cards_left), state.result)


# -- browsing the collected output --------------------------------------


def parse_lines(text: str) -> browser.LineRequest | None:
    """Parse what followed ``lines`` (or a bare answer): the request, or None for every line.

    Raises:
        UsageError: if the text is not ``n``, ``-n`` or ``m--n`` as the hand-out allows them.
    """
    if not text.strip():
        return None
    request = browser.parse_request(text)
    if request is None:
        raise UsageError(
            f"incorrect line request {parsers.quoted(text)}: "
            "type n (first n lines), -n (last n lines) or m--n (lines m to n)"
        )
    return request


def check_range(state: rules.UpAndDownGame, request: browser.LineRequest | None) -> None:
    """Validator: the line numbers must be within the collected output.

    Raises:
        CommandError: naming the allowed range.
    """
    total = len(state.lines)
    if request is None or request.span(total) is not None:
        return
    a, b = browser.shown(request.a), browser.shown(request.b)
    if request.kind == "first":
        raise CommandError(f"there are {total} lines: a last line number is between 1 and {total}, not {a}")
    if request.kind == "last":
        minus = "minus " if request.a >= browser.TOO_LONG else "-"
        raise CommandError(f"there are {total} lines: a first line number is between -1 and -{total}, not {minus}{a}")
    raise CommandError(f"there are {total} lines: a range m--n needs 1 <= m <= n <= {total}, not {a}--{b}"
                       if max(request.a, request.b) < browser.TOO_LONG else
                       f"there are {total} lines: a range m--n needs 1 <= m <= n <= {total}, and "
                       f"{a if request.a >= browser.TOO_LONG else b} is no line number")


def show_lines(ctx: CommandContext, request: browser.LineRequest | None) -> None:
    """``lines``: print the requested lines of the collected output."""
    lines = ctx.state.lines
    if request is None:
        selected = list(lines)
    else:
        first, last = request.span(len(lines))  # type: ignore[misc]  # checked by check_range
        selected = list(lines[first - 1 : last])
    ctx.echo("\n".join(selected))


@cardshell.hookimpl
def cardshell_games() -> list[Game]:
    """Register the Up-and-Down game."""
    return [
        Game(
            id=GAME_ID,
            title="Up-and-Down",
            summary="COMP9021 solitaire 2: place the 52 cards on 8 stacks (plays itself)",
            new=new_game,
            render=render,
            outcome=outcome,
            immutable=True,
            legal_moves=rules.legal_moves,
            host_aliases={"q": "quit"},
            # plugins/cardshell_up_and_down/NOTES.md: only ``q`` exactly quits, ``Q`` is an
            # incorrect answer; the hand-out never makes its input case-insensitive.
            case_sensitive=True,
        )
    ]


@cardshell.hookimpl
def cardshell_commands() -> list[Command]:
    """Register ``lines``, the bare browser answers and ``simulate`` for Up-and-Down."""
    lines_help = (
        "lines n: the first n lines of the collected output; lines -n: the last n lines;\n"
        "lines m--n: lines m to n (1 <= m <= n <= N); lines: every line.  The same answers\n"
        "work without the word lines, as in the hand-out's browser (Section 4.2).  Spaces are\n"
        "allowed around the numbers and before/after the -- of a range, never between a minus\n"
        "sign and its digits; no +."
    )
    return [
        Command(
            name="lines",
            aliases=("browse",),
            summary="show lines of the collected output: n (first n), -n (last n), m--n",
            handler=show_lines,
            game=GAME_ID,
            usage=LINES_USAGE,
            help=lines_help,
            parse=parse_lines,
            validators=(check_range,),
            show_state=False,
            changes_state=False,
        ),
        Command(
            name="line-numbers",
            summary="n, -n or m--n typed alone: the hand-out's line browser (same as lines)",
            handler=show_lines,
            game=GAME_ID,
            usage="n | -n | m--n",
            help=lines_help,
            parse=parse_lines,
            validators=(check_range,),
            pattern=LINE_SPEC_PATTERN,
            show_state=False,
            changes_state=False,
        ),
        simulation.SIMULATION.command(),
    ]
