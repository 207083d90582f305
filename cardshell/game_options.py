"""A game's ``play`` options: the parser of ``play GAME [--seed N]
[--OPTION VALUE ...]`` (:func:`play_parser`) and the check of options read
from elsewhere, a save file's (:func:`saved_options`), so that a game's
``new`` only ever receives options ``play`` could have given it.

A saved option value is accepted when it is:

* the option's default (``Option.default``), whatever it is;
* a string or a number that the option's parser gives back unchanged from
  its text (``str(value)`` through ``Option.type`` and ``Option.choices``,
  exactly as ``play`` reads a typed value): ``"hard"`` for Minesweeper's
  ``--level`` is read and then refused by its ``new`` as a typed one is,
  ``["hard"]`` is refused here;
* another JSON value (``true``/``false``, a list, an object) only when the
  option's type is a function rather than a class such as ``int`` or
  ``str`` (so what it gives cannot be known without text) and the
  default is ``null`` or the same kind of value.

An option the game does not declare is refused; one the save lacks gets its
default (a save written before the game had it), as ``play`` gives it.
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
    """The argument parser of ``play GAME``: ``--seed N`` and the game's options.

    ``--seed`` is read by :func:`cardshell.option_values.seed` (a whole
    number within ``±MAX_SEED``); parse with
    :meth:`~cardshell.option_values.OptionParser.parse_words`.

    Args:
        game (Game): the game whose :attr:`Game.options` to accept.

    Returns:
        OptionParser: raises :class:`UsageError` on bad input.
    """
    parser = OptionParser(prog=f"play {game.id}", add_help=False)
    parser.add_argument("--seed", type=option_values.seed, default=None)
    for option in game.options:
        parser.add_argument(f"--{option.name}", type=option.type, default=None, choices=option.choices,
                            help=option.help)
    return parser


def saved_options(game: Game, options: Mapping[str, Any]) -> dict[str, Any]:
    """Options read from a save, checked as ``play`` reads typed ones (see
    the module's rules).

    Args:
        game (Game): the save's game.
        options (Mapping[str, Any]): the saved options, by name with dashes
            turned into underscores (as ``play`` stores them).

    Returns:
        dict[str, Any]: every option of the game, the saved value or the
        default, in the game's order.

    Raises:
        UsageError: an option the game does not have, or a value ``play``
            would not give (``option --level holds ['hard'], which 'play
            minesweeper --level VALUE' does not give``).
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
    """Refuse a saved value that ``play GAME --NAME VALUE`` would not give.

    Raises:
        UsageError: naming the option and the value (cut to 40 characters).
    """
    refused = UsageError(say("option.saved-refused", option=option.name, value=clipped(repr(value)), game=game.id))
    if isinstance(value, (str, int, float)) and not isinstance(value, bool):
        try:
            parsed = getattr(play_parser(game).parse_words([f"--{option.name}", str(value)]),
                             option.name.replace("-", "_"))
        except UsageError as exc:
            raise UsageError(say("option.saved-unreadable", option=option.name, value=clipped(repr(value)),
                                 error=exc.message)) from None
        if type(parsed) is not type(value) or parsed != value:
            raise refused
        return
    a_function = not isinstance(option.type, type)
    if a_function and (option.default is None or isinstance(value, type(option.default))):
        return
    raise refused
