"""A plugin implementing a hook this cardshell does not have, marked optional
(pluggy's optionalhook=True): accepted, the hook is simply never called."""

import cardshell


@cardshell.hookimpl(optionalhook=True)
def cardshell_future_hook():
    raise AssertionError("never called")


@cardshell.hookimpl
def cardshell_games():
    return [cardshell.Game("optional", "Optional", "loads", new=lambda seed, options: 0,
                           render=lambda state: "optional")]
