"""Golden scripts: their ``# cardshell:`` header and how their differences are shown.

Part of the testing kit (re-exported by :mod:`cardshell.testing`), used by
the pytest plugin (:mod:`cardshell.pytest_plugin`) to collect
``test_*.cardshell`` files.  No pytest import here.
"""

from __future__ import annotations

import argparse
import difflib
import itertools
import shlex
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import NoReturn

from cardshell.messages import MAX_WORDINGS
from cardshell.reply import HOST, Part

#: The suffix of golden-test scripts; their names start with ``test_``.
GOLDEN_SUFFIX = ".cardshell"
#: The header comment that sets a golden script's options.
HEADER_PREFIX = "# cardshell:"
#: The session seed used when a test gives none.
DEFAULT_SEED = 0
#: The command-line option that rewrites the expected files.
UPDATE_OPTION = "--cardshell-update-golden"
#: The command-line option that compares golden files byte for byte.
STRICT_OPTION = "--cardshell-strict-golden"
#: How a failing comparison says what was compared.
COMPARED = ("(the game's lines compare exactly and in order; the host's by message id and arguments, in any "
            f"wording it has had, and host lines absent from the expected file are allowed; {STRICT_OPTION} "
            "compares every byte)")
#: How :func:`visible_lines` shows invisible characters, printed under a diff.
LEGEND = "(· trailing space, \\t tab, \\r carriage return, [no newline at end]: the last line has no newline)"


# -- showing differences ------------------------------------------------------
def visible_lines(text: str) -> list[str]:
    r"""A text's lines (split on ``\n`` only) with invisible differences shown:
    trailing spaces as ``·``, tabs ``\t``, carriage returns ``\r``, other
    unprintable characters ``\xNN``/``\uNNNN``, and ``[no newline at end]``.
    """
    parts = text.split("\n")
    missing_newline = parts[-1] != ""
    if not missing_newline:
        parts.pop()
    shown = []
    for part in parts:
        body = part.rstrip(" ")
        trailing = len(part) - len(body)
        chars = []
        for ch in body:
            if ch == "\t":
                chars.append("\\t")
            elif ch == "\r":
                chars.append("\\r")
            elif ch == " " or ch.isprintable():
                chars.append(ch)
            elif ord(ch) < 0x100:
                chars.append(f"\\x{ord(ch):02x}")
            else:
                chars.append(f"\\u{ord(ch):04x}")
        shown.append("".join(chars) + "·" * trailing)
    if missing_newline:
        shown[-1] += "[no newline at end]"
    return shown


def text_diff(expected: str, actual: str, expected_name: str, actual_name: str) -> str:
    """A unified diff (``-`` expected, ``+`` actual) with invisible characters
    shown, the sides labelled by the names; "" if the texts are equal.
    """
    if expected == actual:
        return ""
    lines = list(difflib.unified_diff(visible_lines(expected), visible_lines(actual),
                                      f"{expected_name} (expected)", f"{actual_name} (actual)", lineterm=""))
    if not lines:  # equal once made visible (a literal backslash-t against a tab)
        index = next(i for i, (a, b) in enumerate(zip(expected + "\0", actual + "\0")) if a != b)
        lines = [f"the texts differ at character {index}: expected {expected[index:index + 20]!r}, "
                 f"got {actual[index:index + 20]!r}"]
    return "\n".join(lines)


# -- golden tests -------------------------------------------------------------
class GoldenError(Exception):
    """A golden test's script, header or expected files are unusable."""


class GoldenMismatch(AssertionError):
    """A golden test's actual results differ from its expected files."""


class _HeaderParser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise GoldenError(f"bad '{HEADER_PREFIX}' header: {message}")


def _header_parser() -> argparse.ArgumentParser:
    parser = _HeaderParser(prog=HEADER_PREFIX, add_help=False)
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    parser.add_argument("--echo", action="store_true")
    parser.add_argument("--stop-on-error", action="store_true")
    parser.add_argument("--plugins", default=None)
    parser.add_argument("--plugin", action="append", default=[])
    parser.add_argument("--disable-plugin", action="append", default=[])
    return parser


@dataclass
class GoldenOptions:
    """The options of one golden script (from its ``# cardshell:`` header lines).

    Attributes:
        seed: the session seed.
        echo: transcript output.
        stop_on_error: stop at the first rejected command.
        plugins: the plugins to load; None: the default.
        modules: extra plugin modules or files.
        disabled: plugins not to load.
    """

    seed: int = DEFAULT_SEED
    echo: bool = False
    stop_on_error: bool = False
    plugins: list[str] | None = None
    modules: list[str] | None = None
    disabled: list[str] | None = None


def parse_header(lines: Sequence[str]) -> GoldenOptions:
    """The options of a script's ``# cardshell: OPTIONS`` comment lines, defaults
    where not given; :class:`GoldenError` for an unknown option or a bad value.
    """
    words: list[str] = []
    for line in lines:
        text = line.strip()
        if text.startswith(HEADER_PREFIX):
            try:
                words += shlex.split(text[len(HEADER_PREFIX):])
            except ValueError as exc:
                raise GoldenError(f"bad '{HEADER_PREFIX}' header: {exc}") from None
        elif text and not text.startswith("#"):
            break  # the header ends at the first command
    args = _header_parser().parse_args(words)
    plugins = None if args.plugins is None else [n.strip() for n in args.plugins.split(",") if n.strip()]
    return GoldenOptions(args.seed, args.echo, args.stop_on_error, plugins, args.plugin, args.disable_plugin)


def _read(path: Path) -> str | None:
    try:
        return path.read_bytes().decode("utf-8")
    except FileNotFoundError:
        return None


# -- comparing by origin --------------------------------------------------------
@dataclass(frozen=True)
class Item:
    """One piece of a script's stream as a golden test compares it.

    Attributes:
        text: what was printed, ending with a newline.
        wordings: every text the piece may have had in a golden file of any
            release (a host message in each wording), ``text`` first.
        optional: the piece is the host's alone: a golden file of a release
            that did not print it still matches.
    """

    text: str
    wordings: tuple[str, ...]
    optional: bool


def parts_wordings(parts: Sequence[Part], limit: int = MAX_WORDINGS) -> list[str]:
    """The texts parts may have been printed as (each in each wording, joined as
    :func:`cardshell.reply.joined` does); at most ``limit``.
    """
    choices = [piece.wordings() for piece in parts]
    found: dict[str, None] = {}
    for values in itertools.islice(itertools.product(*choices), limit):
        text = ""
        for number, (piece, value) in enumerate(zip(parts, values)):
            text += ("" if number == 0 or piece.inline else "\n") + value
        found.setdefault(text, None)
    return list(found)


def items_of(parts: Sequence[Part]) -> list[Item]:
    """A reply's output as items: one per line group, optional when all its parts are the host's."""
    groups: list[list[Part]] = []
    for piece in parts:
        if piece.inline and groups:
            groups[-1].append(piece)
        else:
            groups.append([piece])
    items = []
    for group in groups:
        wordings = [text + "\n" for text in parts_wordings(group)]
        items.append(Item(wordings[0], tuple(wordings), all(piece.origin == HOST for piece in group)))
    return items


def exact_item(text: str) -> Item:
    """An item compared byte for byte, never optional."""
    return Item(text, (text,), False)


@dataclass
class Comparison:
    """How an expected stream compares with the items printed.

    Attributes:
        ok: every expected line is matched: the game's exactly and in order,
            the host's in one of their wordings; missing host items allowed.
        exact: the texts are equal byte for byte.
        host_lines: printed host lines that differ or are missing (0 when ``exact``).
        problem: where matching stopped, for a failing comparison.
    """

    ok: bool
    exact: bool
    host_lines: int = 0
    problem: str = ""


def compare(expected: str, items: Sequence[Item]) -> Comparison:
    """Compare a golden file's text with the items printed on that stream.

    The expected text must be the items in order, each in one of its wordings,
    an optional item possibly absent; a dynamic programme over the positions
    reachable after each item decides, matching a multi-line piece whole.
    """
    actual = "".join(item.text for item in items)
    if expected == actual:
        return Comparison(True, True)
    lines = expected.split("\n")
    if lines[-1] != "":
        return Comparison(False, False, problem="the expected file's last line has no newline at its end")
    lines = [line + "\n" for line in lines[:-1]]
    # reach[i] = fewest differing host lines to have matched lines[:i] with the items so far
    reach: dict[int, int] = {0: 0}
    stopped = (0, 0)
    for number, item in enumerate(items):
        following: dict[int, int] = {}
        for start, cost in reach.items():
            if item.optional:
                _keep(following, start, cost + item.text.count("\n"))
            for index, wording in enumerate(item.wordings):
                count = wording.count("\n")
                if "".join(lines[start:start + count]) == wording:
                    _keep(following, start + count, cost + (0 if index == 0 else count))
        if not following:
            stopped = (number, max(reach))
            break
        reach = following
    else:
        if len(lines) in reach:
            return Comparison(True, False, reach[len(lines)])
        stopped = (len(items), max(reach))
    number, line = stopped
    shown = lines[line].rstrip("\n") if line < len(lines) else "(the end of the expected file)"
    printed = items[number].text.rstrip("\n") if number < len(items) else "(nothing more)"
    return Comparison(False, False, problem=f"expected line {line + 1}: {shown!r}\n"
                                            f"  printed there: {printed!r}")


def _keep(reach: dict[int, int], position: int, cost: int) -> None:
    if cost < reach.get(position, cost + 1):
        reach[position] = cost
