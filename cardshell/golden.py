"""Golden scripts: their ``# cardshell:`` header and how their differences are shown.

Part of the testing kit (:mod:`cardshell.testing` re-exports every name
here): :func:`parse_header` reads a golden script's options,
:func:`visible_lines` and :func:`text_diff` show where an actual output
differs from the expected file, invisible characters included.  The pytest
plugin (:mod:`cardshell.pytest_plugin`) collects ``test_*.cardshell`` files
with them.  No pytest import here.
"""

from __future__ import annotations

import argparse
import difflib
import shlex
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import NoReturn

#: The suffix of golden-test scripts; their names start with ``test_``.
GOLDEN_SUFFIX = ".cardshell"
#: The header comment that sets a golden script's options.
HEADER_PREFIX = "# cardshell:"
#: The session seed used when a test gives none.
DEFAULT_SEED = 0
#: The command-line option that rewrites the expected files.
UPDATE_OPTION = "--cardshell-update-golden"
#: How :func:`visible_lines` shows invisible characters, printed under a diff.
LEGEND = "(· trailing space, \\t tab, \\r carriage return, [no newline at end]: the last line has no newline)"


# -- showing differences ------------------------------------------------------
def visible_lines(text: str) -> list[str]:
    """Split a text into lines with every invisible difference made visible.

    Args:
        text (str): output as printed.

    Returns:
        list[str]: one entry per line (split on ``\\n`` only): trailing spaces
        as ``·``, tabs as ``\\t``, carriage returns as ``\\r``, other
        unprintable characters as ``\\xNN``/``\\uNNNN``; a last line without
        its newline ends with ``[no newline at end]``.
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
    """A unified diff of two outputs, with invisible characters shown.

    Args:
        expected (str): the expected text.
        actual (str): the actual text.
        expected_name (str): label of the expected side (a file name).
        actual_name (str): label of the actual side.

    Returns:
        str: the diff (``-`` expected, ``+`` actual), or "" if the texts are equal.
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
        seed (int): the session seed.
        echo (bool): transcript output.
        stop_on_error (bool): stop at the first rejected command.
        plugins (list[str] | None): the plugins to load; None: the default.
        modules (list[str]): extra plugin modules or files.
        disabled (list[str]): plugins not to load.
    """

    seed: int = DEFAULT_SEED
    echo: bool = False
    stop_on_error: bool = False
    plugins: list[str] | None = None
    modules: list[str] | None = None
    disabled: list[str] | None = None


def parse_header(lines: Sequence[str]) -> GoldenOptions:
    """Read the ``# cardshell: OPTIONS`` comment lines at the top of a script.

    Args:
        lines (Sequence[str]): the script's lines.

    Returns:
        GoldenOptions: the options (defaults where not given).

    Raises:
        GoldenError: for an unknown option or a bad value.
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
