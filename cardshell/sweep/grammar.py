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
  (``tcp://HOST:PORT`` or ``HOST:PORT``, :func:`check_address`; at most
  :data:`MAX_ADDRESS` characters); not together with ``--jobs``;
* ``--plot``: add a text histogram of the results; ``--plot FILE.png`` (the
  next word, when it ends in ``.png``) or ``--plot=FILE.png`` also writes a
  PNG (at most :data:`MAX_PATH` characters).

Options may come anywhere, spelt in full (no prefixes, as every host
command: :mod:`cardshell.option_values`); a repeated option keeps its last
value.  Every integer is read by :func:`cardshell.option_values.count`:
ASCII digits with an optional leading ``-`` (``+5``, ``--1``, ``1.5``,
``1_000``, ``10**400``, ``３`` are refused), checked against its range
before it is converted, so a 5,000-digit number is a usage error, not a
crash; every echo of what was typed is :func:`cardshell.parsers.quoted`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import urlsplit

from cardshell import option_values
from cardshell.errors import UsageError
from cardshell.messages import say
from cardshell.parsers import quoted
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
    """Read an integer argument: :func:`cardshell.option_values.count`, the
    host's one reader of counts and seeds.

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
    return option_values.count(word, what, low, high)


def check_address(address: str, where: str = "--scheduler") -> str:
    """Check a Dask scheduler address's form and scheme (not that it answers).

    Accepted: ``tcp://HOST:PORT`` (``tcp://[IPv6]:PORT`` too) and the bare
    ``HOST:PORT``, which Dask reads as TCP; PORT 1 to 65535.  Every other
    scheme (:data:`SCHEMES` lists the accepted ones) is refused:
    ``tls://`` needs certificates cardshell has no option for, ``inproc://``
    names a scheduler inside this very process (there is none), and
    ``ws://``/``ucx://`` need extras cardshell does not install (issue 28,
    item 3: these reached Dask and came back as internal errors).

    Args:
        address (str): as typed.
        where (str): what gave it, for the message (the option or variable).

    Returns:
        str: the address, unchanged.

    Raises:
        UsageError: too long, another scheme, or no HOST:PORT.
    """
    split_address(address, where)
    return address


def split_address(address: str, where: str = "--scheduler") -> tuple[str, int]:
    """The host and TCP port of a scheduler address checked as :func:`check_address` does.

    Args:
        address (str): ``tcp://HOST:PORT`` or ``HOST:PORT``.
        where (str): what gave it, for the message.

    Returns:
        tuple[str, int]: the host (brackets of an IPv6 host removed) and the port.

    Raises:
        UsageError: as :func:`check_address`.
    """
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
