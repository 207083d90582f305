"""A plugin written for a plugin contract version this cardshell does not provide."""

import cardshell

CARDSHELL_CONTRACT = 99


@cardshell.hookimpl
def cardshell_games():
    return [cardshell.Game("future-game", "Future", "from the future", new=lambda seed, options: 0,
                           render=lambda state: "future")]
