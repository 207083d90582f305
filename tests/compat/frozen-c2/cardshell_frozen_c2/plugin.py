"""The cardshell plugin: registers Ends, a contract-2 game.

Found by cardshell through the entry point in ``pyproject.toml``::

    [project.entry-points.cardshell]
    frozen-ends = "cardshell_frozen_c2.plugin"

The state is immutable (a frozen dataclass of tuples), the two moves are
declarative :class:`cardshell.Move` records, and the game lists its legal
moves, so the host's ``moves``, ``hint`` and ``solve`` work for it.
"""

from __future__ import annotations

from typing import Any

import cardshell

from cardshell_frozen_c2 import display, rules

#: The plugin contract this plugin is written for (see cardshell.hookspecs).
CARDSHELL_CONTRACT = 2

#: The id typed after ``play``.
GAME_ID = "frozen-ends"


def new(seed: int, options: dict[str, Any]) -> rules.EndsState:
    """``Game.new``: a fresh row; a bad ``--size`` is the player's error."""
    try:
        return rules.new_game(seed, options["size"])
    except ValueError as exc:
        raise cardshell.CommandError(str(exc)) from None


def outcome(state: rules.EndsState) -> cardshell.Outcome | None:
    """``Game.outcome``: won with the row taken, lost when both ends are too low."""
    result = rules.result(state)
    if result is None:
        return None
    taken = len(state.taken)
    return cardshell.Outcome(result, taken, f"{taken} card{'s' if taken != 1 else ''} taken")


def prompt(state: rules.EndsState) -> str:
    """``Game.prompt``."""
    return "game over (new or quit): " if rules.result(state) else "left or right? "


def said(end: str) -> Any:
    """The ``Move.message`` of taking from ``end``: which card, and a win."""
    def message(before: rules.EndsState, after: rules.EndsState) -> str:
        text = f"Took {rules.end_card(before, end).text} from the {end}."
        return text + " The row is gone: you win." if not after.row else text
    return message


def move(end: str, alias: str) -> cardshell.Move:
    """The move that takes the card at ``end``."""
    return cardshell.Move(
        end, f"take the card at the {end} end", apply=lambda state: rules.take(state, end),
        check=lambda state: rules.check(state, end), aliases=(alias,), message=said(end),
        help=f"The card at the {end} end must be higher than the last card taken (Aces low).",
    )


@cardshell.hookimpl
def cardshell_games() -> list[cardshell.Game]:
    """Register Ends."""
    return [
        cardshell.Game(
            id=GAME_ID,
            title="Ends",
            summary="take cards from either end of a row in rising rank",
            new=new,
            render=display.render,
            outcome=outcome,
            prompt=prompt,
            options=(cardshell.Option("size", "cards in the row (1-13)", int, 6),),
            immutable=True,
            moves=(move(rules.LEFT, "l"), move(rules.RIGHT, "r")),
            legal_moves=rules.legal_moves,
        )
    ]
