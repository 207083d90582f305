"""The grammar of ``simulate``, the same for every game on the sweep engine::

    simulate N [I] [EXTRA ...] [--first SEED] [--jobs J] [--scheduler ADDR] [--plot [FILE.png]]

``N`` deals (at most :data:`cardshell.sweep.deals.MAX_DEALS`) of seeds
``SEED .. SEED + N - 1``, SEED given by ``I`` (where the game's hand-out
has it) or ``--first``, else the game's own seed.  Game-specific integers
follow (:class:`Extra`).  Options may come anywhere, spelt in full; a
repeated one keeps its last value.  Integers are read by
:func:`cardshell.option_values.count`, range checked before conversion.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import urlsplit

from cardshell import option_values
from cardshell.errors import UsageError
from cardshell.messages import say
from cardshell.parsers import quoted
from cardshell.render import Text
from cardshell.sweep.deals import MAX_DEALS

__all__ = [
    "MAX_ADDRESS", "MAX_JOBS", "MAX_PATH", "MAX_SEED", "SCHEMES", "Extra", "Grammar", "SweepArgs", "check_address",
    "integer", "split_address",
]

#: The largest seed magnitude: seeds are -MAX_SEED .. MAX_SEED (:data:`cardshell.option_values.MAX_SEED`).
MAX_SEED = option_values.MAX_SEED
#: The largest ``--jobs`` accepted as typed (it is then capped at the cores).
MAX_JOBS = 1_000_000
#: The longest scheduler address.
MAX_ADDRESS = 255
#: The schemes of a scheduler address cardshell accepts (``HOST:PORT`` is TCP too).
SCHEMES = ("tcp",)
#: The longest PNG path.
MAX_PATH = 4096

_INTEGER = re.compile(r"-?[0-9]+")
_ADDRESS = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://\S+|[^\s:/]+:[0-9]+")


@dataclass(frozen=True)
class Extra:
    """A game-specific integer argument after N (and I), e.g. Blackjack's T.

    Attributes:
        name: as shown in the usage (``"T"``).
        what: as named in messages (``"the threshold T"``).
        low, high: the smallest and largest values allowed.
        default: the value when it is not typed.
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
        n: deals, 1 .. MAX_DEALS.
        first: the first deal's seed; None for the game's seed.
        jobs: ``--jobs`` as typed (0: every core); None if not given.
        scheduler: ``--scheduler`` as typed; None if not given.
        plot, plot_file: ``--plot`` was given; the PNG to write, or None.
        extras: the game's extra integers, defaults filled in.
    """

    n: int
    first: int | None = None
    jobs: int | None = None
    scheduler: str | None = None
    plot: bool = False
    plot_file: str | None = None
    extras: tuple[int, ...] = ()


def integer(word: str, what: Text, low: int, high: int) -> int:
    """Read an integer argument, ``low <= value <= high`` (:func:`cardshell.option_values.count`).

    ``what`` names it in messages (``"the number of games N"``); the digits are
    counted before converting, so a 5,000-digit word is a usage error.

    Raises:
        UsageError: not an integer, or out of range.
    """
    return option_values.count(word, what, low, high)


def check_address(address: str, where: str = "--scheduler") -> str:
    """Check a Dask scheduler address's form and scheme (not that it answers); return it.

    Accepted: ``tcp://HOST:PORT`` (``tcp://[IPv6]:PORT`` too) and ``HOST:PORT``,
    PORT 1 to 65535 (:data:`SCHEMES`).  ``tls://`` needs certificates
    cardshell has no option for, ``inproc://`` a scheduler in this process,
    ``ws://``/``ucx://`` extras not installed.  ``where`` names the option or
    variable in the message.

    Raises:
        UsageError: too long, another scheme, or no HOST:PORT.
    """
    split_address(address, where)
    return address


def split_address(address: str, where: Text = "--scheduler") -> tuple[str, int]:
    """The host (IPv6 brackets removed) and TCP port of an address; UsageError as :func:`check_address`."""
    if len(address) > MAX_ADDRESS:
        raise UsageError(say("sweep.address-too-long", where=where, limit=MAX_ADDRESS))
    shown = quoted(address)
    scheme, has_scheme, _ = address.partition("://")
    if has_scheme and scheme.lower() not in SCHEMES:
        raise UsageError(say("sweep.address-not-tcp", where=where, address=shown, schemes=", ".join(SCHEMES)))
    if not _ADDRESS.fullmatch(address):
        raise UsageError(say("sweep.not-an-address", where=where, address=shown))
    try:
        parts = urlsplit(address if has_scheme else f"tcp://{address}")
        host, port = parts.hostname, parts.port
    except ValueError:
        host = port = None
    if not host or port is None or not 1 <= port <= 65535 or parts.path or parts.query or parts.fragment:
        raise UsageError(say("sweep.bad-port", where=where, address=shown))
    return host, port


@dataclass(frozen=True)
class Grammar:
    """A game's variant of the ``simulate`` grammar.

    Attributes:
        positional_first: the second positional is the first seed ``I`` (the
            COMP9021 ``simulate(n, i)``).
        extras: integers after N (and I), in order.
        first_aliases: other spellings of ``--first`` (Blackjack's ``--seed``).
        max_deals: the largest N.
        unit: what a deal is called in messages, plural (``"games"``).
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
        first = " | ".join(f"{option} SEED" for option in ("--first", *self.first_aliases))
        words += [f"[{first}]", "[--jobs J]", "[--scheduler ADDR]", "[--plot [FILE.png]]"]
        return " ".join(words)

    def parse(self, text: str) -> SweepArgs:
        """Parse what followed ``simulate`` (``Command.parse``).

        Raises:
            UsageError: a missing N, an unknown option, an option without its
                value, a value out of range or not an integer, too many numbers,
                the first seed given twice, or ``--jobs`` with ``--scheduler``.
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
                    raise UsageError(say("sweep.needs-value", option=name))
                index += 1
                return words[index - 1]

            if name in ("--jobs", "-j"):
                jobs = integer(value(), say("sweep.what-jobs"), 0, MAX_JOBS)
            elif name in first_options:
                first = integer(value(), say("sweep.what-first"), -MAX_SEED, MAX_SEED)
            elif name == "--scheduler":
                scheduler = check_address(value())
            elif name == "--plot":
                plot = True
                if equals or (index < len(words) and words[index].lower().endswith(".png")):
                    plot_file = value()
                    if not plot_file.lower().endswith(".png") or len(plot_file) > MAX_PATH:
                        raise UsageError(say("sweep.plot-not-png", limit=MAX_PATH, file=quoted(plot_file)))
            else:
                raise UsageError(say("sweep.unknown-option", option=quoted(name)))
        if not positional:
            raise UsageError(say("sweep.needs-n", unit=self.unit))
        most = 1 + int(self.positional_first) + len(self.extras)
        if len(positional) > most:
            raise UsageError(say("sweep.too-many-numbers", numbers=quoted(" ".join(positional[most:]))))
        n = integer(positional[0], say("sweep.what-n", unit=self.unit), 1, self.max_deals)
        rest = positional[1:]
        if self.positional_first and rest:
            if first is not None:
                raise UsageError(say("sweep.first-seed-twice"))
            first = integer(rest.pop(0), say("sweep.what-first-i"), -MAX_SEED, MAX_SEED)
        extras = []
        for position, extra in enumerate(self.extras):
            typed = rest[position] if position < len(rest) else None
            extras.append(extra.default if typed is None else integer(typed, extra.what, extra.low, extra.high))
        if jobs is not None and scheduler is not None:
            raise UsageError(say("sweep.jobs-and-scheduler"))
        return SweepArgs(n, first, jobs, scheduler, plot, plot_file, tuple(extras))
