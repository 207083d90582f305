"""A game's ``play`` options: the parser of ``play GAME [--seed N]
[--OPTION VALUE ...]`` and the check of a save's options, so a game's
``new`` only receives options ``play`` could have given.

A saved value is accepted when it is the option's default; a string or
number the option's parser gives back unchanged from ``str(value)``; or
another JSON value when the option's type is a function (not a class such
as ``int``) and the default is ``null`` or of the same kind.  An option the
game does not declare is refused; one the save lacks gets its default.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardshell import option_values
from cardshell.errors import UsageError
from cardshell.messages import say
from cardshell.option_values import OptionParser
from cardshell.parsers import clipped
from cardshell.records import Game, Option

__all__ = ["play_parser", "saved_options"]


def play_parser(game: Game) -> OptionParser:
    """The argument parser of ``play GAME``: ``--seed N``
    (:func:`cardshell.option_values.seed`) and the game's options; parse with
    :meth:`~cardshell.option_values.OptionParser.parse_words`.
    """
    parser = OptionParser(prog=f"play {game.id}", add_help=False)
    parser.add_argument("--seed", type=option_values.seed, default=None)
    if offers_autoplay(game):
        parser.add_argument("--autoplay", action="store_true", default=None,
                            help="turn autoplay on for this session (set autoplay on)")
    for option in game.options:
        parser.add_argument(f"--{option.name}", type=option.type, default=None, choices=option.choices,
                            help=option.help)
    return parser


def offers_autoplay(game: Game) -> bool:
    """Whether ``play GAME --autoplay`` is offered: the game declares safe moves
    (``Search.safe``) and no option of its own named ``autoplay``."""
    return (game.search is not None and game.search.safe is not None
            and all(option.name != "autoplay" for option in game.options))


def saved_options(game: Game, options: Mapping[str, Any]) -> dict[str, Any]:
    """Every option of ``game`` in its order, the saved value (by name with dashes
    as underscores) or the default, checked as the module says.

    Raises:
        UsageError: an option the game does not have, or a value ``play``
            would not give.
    """
    declared = {option.name.replace("-", "_"): option for option in game.options}
    unknown = [name for name in options if name not in declared]
    if unknown:
        raise UsageError(say("option.saved-unknown", title=game.title, name=clipped(repr(unknown[0]))))
    checked = {}
    for key, option in declared.items():
        value = options.get(key, option.default)
        if not _same(value, option.default):
            _check(game, option, value)
        checked[key] = value
    return checked


def _same(value: Any, default: Any) -> bool:
    """The saved value is the default: equal, and of the same type (``1`` is not ``True``)."""
    return type(value) is type(default) and value == default


def _check(game: Game, option: Option, value: Any) -> None:
    """Refuse a saved value ``play GAME --NAME VALUE`` would not give (UsageError)."""
    refused = UsageError(say("option.saved-refused", option=option.name, value=clipped(repr(value)), game=game.id))
    if isinstance(value, (str, int, float)) and not isinstance(value, bool):
        try:
            parsed = getattr(play_parser(game).parse_words([f"--{option.name}", str(value)]),
                             option.name.replace("-", "_"))
        except UsageError as exc:
            raise UsageError(say("option.saved-unreadable", option=option.name, value=clipped(repr(value)),
                                 error=exc.said)) from None
        if type(parsed) is not type(value) or parsed != value:
            raise refused
        return
    a_function = not isinstance(option.type, type)
    if a_function and (option.default is None or isinstance(value, type(option.default))):
        return
    raise refused
