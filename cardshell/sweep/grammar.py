"""The grammar of ``simulate``, the same for every game on the sweep engine.

::

    simulate N [I] [EXTRA ...] [--first SEED] [--jobs J] [--scheduler ADDR] [--plot [FILE.png]]

* ``N``: the number of deals, 1 to :data:`cardshell.sweep.deals.MAX_DEALS`;
* ``I`` (only where the game's hand-out has it, as Pictures' and
  Up-and-Down's ``simulate(n, i)``) or ``--first SEED``: the seed of the
  first deal; the deals are seeds ``SEED .. SEED + N - 1``; when neither is
  given the game's own seed is used; ``|SEED|`` at most :data:`MAX_SEED`;
* game-specific integers after them (Blackjack's threshold ``T``), each
  with its range (:class:`Extra`);
* ``--jobs J`` (``-j J``, ``--jobs=J``): J processes of this machine, 0 or
  not given for every usable core, capped at the usable cores
  (:mod:`cardshell.sweep.backends`); at most :data:`MAX_JOBS` as typed;
* ``--scheduler ADDR`` (``--scheduler=ADDR``): the Dask scheduler to run on
  (``tcp://HOST:PORT``, any address ``dask.distributed`` reads, at most
  :data:`MAX_ADDRESS` characters); not together with ``--jobs``;
* ``--plot``: add a text histogram of the results; ``--plot FILE.png`` (the
  next word, when it ends in ``.png``) or ``--plot=FILE.png`` also writes a
  PNG (at most :data:`MAX_PATH` characters).

Options may come anywhere, a repeated option keeps its last value.  Every
integer is ASCII digits with an optional leading ``-`` (``+5``, ``--1``,
``1.5``, ``10**400``, ``３`` are refused) and is checked against its range
before it is converted, so a 5,000-digit number is a usage error, not a
crash.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from cardshell.errors import UsageError
from cardshell.sweep.deals import MAX_DEALS

__all__ = [
    "MAX_ADDRESS", "MAX_JOBS", "MAX_PATH", "MAX_SEED", "Extra", "Grammar", "SweepArgs", "check_address", "integer",
]

#: The largest seed magnitude: seeds are -MAX_SEED .. MAX_SEED.
MAX_SEED = 10**18
#: The largest ``--jobs`` accepted as typed (it is then capped at the cores).
MAX_JOBS = 1_000_000
#: The longest scheduler address.
MAX_ADDRESS = 255
#: The longest PNG path.
MAX_PATH = 4096

_INTEGER = re.compile(r"-?[0-9]+")
_ADDRESS = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://\S+|[^\s:/]+:[0-9]+")


@dataclass(frozen=True)
class Extra:
    """A game-specific integer argument after N (and I), e.g. Blackjack's T.

    Attributes:
        name (str): as shown in the usage (``"T"``).
        what (str): as named in messages (``"the threshold T"``).
        low (int): smallest value allowed.
        high (int): largest value allowed.
        default (int): the value when it is not typed.
    """

    name: str
    what: str
    low: int
    high: int
    default: int


@dataclass(frozen=True)
class SweepArgs:
    """The parsed arguments of ``simulate``.

    Attributes:
        n (int): deals, 1 .. MAX_DEALS.
        first (int | None): the first deal's seed; None for the game's seed.
        jobs (int | None): ``--jobs`` as typed (0: every core); None if not given.
        scheduler (str | None): ``--scheduler`` as typed; None if not given.
        plot (bool): ``--plot`` was given.
        plot_file (str | None): the PNG to write, or None.
        extras (tuple[int, ...]): the game's extra integers (defaults filled in).
    """

    n: int
    first: int | None = None
    jobs: int | None = None
    scheduler: str | None = None
    plot: bool = False
    plot_file: str | None = None
    extras: tuple[int, ...] = ()


def integer(word: str, what: str, low: int, high: int) -> int:
    """Read an integer argument, refusing anything else with a clear message.

    ASCII digits with an optional leading ``-``; the number of digits is
    checked before the conversion, so a 5,000-digit word is a usage error,
    not Python's "Exceeds the limit" ValueError.

    Args:
        word (str): as typed.
        what (str): its name in messages (``"the number of games N"``).
        low (int): smallest value allowed.
        high (int): largest value allowed.

    Returns:
        int: the value, ``low <= value <= high``.

    Raises:
        UsageError: not an integer, or out of range (the message says which).
    """
    if not (word.isascii() and _INTEGER.fullmatch(word)):
        raise UsageError(f"{what} must be a whole number from {low:,} to {high:,}, got {word!r}")
    digits = len(word.lstrip("-").lstrip("0"))
    if digits > len(str(max(abs(low), abs(high)))) + 1:
        side = "at least" if word.startswith("-") else "at most"
        bound = low if word.startswith("-") else high
        raise UsageError(f"{what} must be {side} {bound:,}, got a number of {digits:,} digits")
    value = int(word)
    if not low <= value <= high:
        raise UsageError(f"{what} must be from {low:,} to {high:,}, got {value:,}")
    return value


def check_address(address: str, where: str = "--scheduler") -> str:
    """Check a Dask scheduler address's form (not that it answers).

    Args:
        address (str): ``PROTOCOL://...`` or ``HOST:PORT``.
        where (str): what gave it, for the message (the option or variable).

    Returns:
        str: the address.

    Raises:
        UsageError: too long, or not of either form.
    """
    if len(address) > MAX_ADDRESS:
        raise UsageError(f"{where}: the scheduler address is longer than {MAX_ADDRESS} characters")
    if not _ADDRESS.fullmatch(address):
        raise UsageError(f"{where}: {address!r} is not a scheduler address such as tcp://HOST:PORT")
    return address


@dataclass(frozen=True)
class Grammar:
    """A game's variant of the ``simulate`` grammar.

    Attributes:
        positional_first (bool): the second positional is the first seed
            ``I`` (the COMP9021 ``simulate(n, i)``).
        extras (tuple[Extra, ...]): integers after N (and I), in order.
        first_aliases (tuple[str, ...]): other spellings of ``--first``
            (Blackjack's ``--seed``).
        max_deals (int): the largest N.
        unit (str): what a deal is called in messages, plural (``"games"``,
            ``"rounds"``).
    """

    positional_first: bool = False
    extras: tuple[Extra, ...] = ()
    first_aliases: tuple[str, ...] = ()
    max_deals: int = MAX_DEALS
    unit: str = "games"

    @property
    def usage(self) -> str:
        """The usage line, e.g. ``simulate N [I] [--first SEED] [--jobs J] ...``."""
        words = ["simulate", "N"]
        if self.positional_first:
            words.append("[I]")
        words += [f"[{extra.name}]" for extra in self.extras]
        words += ["[--first SEED]", "[--jobs J]", "[--scheduler ADDR]", "[--plot [FILE.png]]"]
        return " ".join(words)

    def parse(self, text: str) -> SweepArgs:
        """Parse what followed ``simulate`` (usable as ``Command.parse``).

        Args:
            text (str): the argument text.

        Returns:
            SweepArgs: the arguments.

        Raises:
            UsageError: a missing N, an unknown option, an option without
                its value, a value out of its range or not an integer, too
                many numbers, the first seed given twice, or ``--jobs`` with
                ``--scheduler``.
        """
        words = text.split()
        first_options = ("--first", *self.first_aliases)
        positional: list[str] = []
        first: int | None = None
        jobs: int | None = None
        scheduler: str | None = None
        plot = False
        plot_file: str | None = None
        index = 0
        while index < len(words):
            word = words[index]
            index += 1
            name, equals, inline = word.partition("=")
            if word.isascii() and _INTEGER.fullmatch(word) or not word.startswith("-"):
                positional.append(word)
                continue

            def value() -> str:
                nonlocal index
                if equals:
                    return inline
                if index >= len(words):
                    raise UsageError(f"{name} needs a value")
                index += 1
                return words[index - 1]

            if name in ("--jobs", "-j"):
                jobs = integer(value(), "the number of processes J", 0, MAX_JOBS)
            elif name in first_options:
                first = integer(value(), "the first seed", -MAX_SEED, MAX_SEED)
            elif name == "--scheduler":
                scheduler = check_address(value())
            elif name == "--plot":
                plot = True
                if equals or (index < len(words) and words[index].lower().endswith(".png")):
                    plot_file = value()
                    if not plot_file.lower().endswith(".png") or len(plot_file) > MAX_PATH:
                        raise UsageError(f"--plot writes a PNG: the file name must end in .png "
                                         f"(at most {MAX_PATH} characters), got {plot_file[:60]!r}")
            else:
                raise UsageError(f"unknown option {name!r}")
        if not positional:
            raise UsageError(f"simulate needs the number of {self.unit} N")
        most = 1 + int(self.positional_first) + len(self.extras)
        if len(positional) > most:
            raise UsageError(f"too many numbers: {' '.join(positional[most:])!r}")
        n = integer(positional[0], f"the number of {self.unit} N", 1, self.max_deals)
        rest = positional[1:]
        if self.positional_first and rest:
            if first is not None:
                raise UsageError("the first seed is given twice (I and --first)")
            first = integer(rest.pop(0), "the first seed I", -MAX_SEED, MAX_SEED)
        extras = []
        for position, extra in enumerate(self.extras):
            typed = rest[position] if position < len(rest) else None
            extras.append(extra.default if typed is None else integer(typed, extra.what, extra.low, extra.high))
        if jobs is not None and scheduler is not None:
            raise UsageError("--jobs and --scheduler cannot be combined: on a cluster its workers do the work")
        return SweepArgs(n, first, jobs, scheduler, plot, plot_file, tuple(extras))
