"""The game the hostile plugins of issue 26 item 3 share: Pairs (see
``toy_pairs``) under another id, with one of its answers to the host made
wrong by the plugin that registers it.  Not a plugin itself."""

from __future__ import annotations

import dataclasses

from cardshell import Game, Move, Option, parsers
from toy_pairs import check, legal, new, outcome, take


def row_game(game_id: str, **wrong: object) -> Game:
    """Pairs as game ``game_id``, with the ``Game`` fields in ``wrong`` replaced.

    ``play GAME --row 1,1,2,2`` deals the row 1 1 2 2; a move is ``take i``.
    """
    game = Game(
        id=game_id, title=game_id.replace("-", " ").title(), summary="Pairs, with one wrong answer to the host",
        new=new, render=lambda s: " ".join(map(str, s)) or "(empty)", outcome=outcome,
        options=(Option("row", "the numbers, comma-separated", str, ""),),
        immutable=True, legal_moves=legal,
        moves=(Move("take", "remove the pair at positions i, i+1", apply=take, check=check, usage="take i",
                    parse=parsers.integers(1, 1, 99)),),
    )
    return dataclasses.replace(game, **wrong)
