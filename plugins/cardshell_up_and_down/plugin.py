"""Up-and-Down as a cardshell game: adapts :mod:`.rules`, :mod:`.browser`
and :mod:`.simulation` to the plugin contract (:mod:`cardshell.hookspecs`).

Source: the hand-out's Section 4, as recorded in
``plugins/cardshell_up_and_down/NOTES.md``.  The game plays itself from its
seed; as in the hand-out's program, what is shown is the result and the browser's
question and menu, and the collected output is browsed afterwards.

Choices made here:

* the display is the hand-out's screen after the game: the result line,
  ``There are N lines of output; what do you want me to do?`` and the menu;
* the browser's answers work as typed in the hand-out (``n``, ``-n``,
  ``m--n``, same spaces allowed) through a pattern command, and as
  ``lines SPEC`` (alias ``browse``; ``lines`` alone shows every line);
  ``q`` is the host's ``quit``.  Words are case-sensitive, as in the
  hand-out's browser (``Q`` is an incorrect answer, not ``quit``).  Unlike
  the standalone program, which does nothing on an incorrect answer, the
  shell rejects it with a message;
* the outcome is ``won`` when all cards were placed, else ``lost``; the
  score is the number of cards left (0 for a win);
* ``simulate N [I]`` prints the table of Section 4.3 for seeds
  I .. I + N - 1; I defaults to the current game's seed; the command and
  its options (``--jobs``, ``--scheduler``, ``--plot``) are the host's sweep
  engine's (:data:`.simulation.SIMULATION`).
* plugin contract 2: a state is an immutable value (a frozen dataclass of
  tuples), so the host never copies it; the game plays itself, so
  :func:`.rules.legal_moves` lists no move (``moves`` says so), and
  ``lines``, the bare browser answers and ``simulate`` are reports that
  change nothing, not moves.
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
    """``Game.render``: the result line, then the browser's question and menu
    (Section 4.2), as the hand-out's program shows them after a game."""
    total = len(state.lines)
    return f"{state.result}\n\n{browser.question(total)}\n\n{browser.menu(total)}"


def outcome(state: rules.UpAndDownGame) -> Outcome:
    """``Game.outcome``: always decided (the game plays itself): won with
    score 0, or lost with the number of cards left as score."""
    return Outcome("won" if state.won else "lost", float(state.cards_left), state.result)


# -- browsing the collected output --------------------------------------


def parse_lines(text: str) -> browser.LineRequest | None:
    """Parse the argument of ``lines``: the browser's grammar, or nothing.

    Args:
        text (str): what followed ``lines`` (or, for a bare answer, the
            whole line).

    Returns:
        LineRequest | None: the request; None for "every line".

    Raises:
        UsageError: if the text is not ``n``, ``-n`` or ``m--n`` as the
            hand-out allows them (``+5``, ``- 5``, ``3 - - 8``, ``1---3``).
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
    """Validator: the numbers must be within the collected output.

    Raises:
        CommandError: naming the allowed range, for ``0``, ``-0``, a number
            above N, or ``m--n`` with m > n.
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
    """Register ``lines`` (and the bare ``n`` / ``-n`` / ``m--n`` answers) and
    ``simulate`` for Up-and-Down."""
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
