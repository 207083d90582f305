"""A plugin with a misspelt hook (cardshell_game_ended for cardshell_game_over)."""

import cardshell


@cardshell.hookimpl
def cardshell_games():
    return [cardshell.Game("misspelt", "Misspelt", "never registered", new=lambda seed, options: 0,
                           render=lambda state: "misspelt")]


@cardshell.hookimpl
def cardshell_game_ended(session, outcome):
    pass
