"""Golden scripts: their ``# cardshell:`` header, how what they printed compares
with their expected files, and how a difference is shown.

What a script printed is compared piece by piece (:class:`Item`, made from
a reply's :class:`~cardshell.reply.Part` s): a game's text by its words
and the spaces between them within a line, wherever the host breaks or
indents its lines; a game's board line by line; a host message in a
handful of its wordings (now and former, :func:`host_wordings`); a host
line about no plugin may be absent from the expected file, a warning or
error naming a plugin never.  The expected file is the readable ``.out``
(and ``.err``) alone: golden files recorded by any release keep passing.
:func:`compare` is linear in the stream's length.

Part of the testing kit (re-exported by :mod:`cardshell.testing`), used by
the pytest plugin (:mod:`cardshell.pytest_plugin`) to collect
``test_*.cardshell`` files.  No pytest import here.
"""

from __future__ import annotations

import argparse
import difflib
import re
import shlex
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import NoReturn

from cardshell.messages import CATALOG, _shown, fields_of
from cardshell.render import message_of
from cardshell.reply import GAME, HOST, INPUT, Part, joined

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
COMPARED = ("(pieces compare in order: the game's text by its words and spaces, wherever the host breaks or indents a "
            "line; a board line by line; the host's messages in their wording now or a former one; a host "
            "line absent from the expected file is allowed unless it names a plugin; "
            f"{STRICT_OPTION} compares every byte)")
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


# -- comparing by pieces --------------------------------------------------------
#: The most texts one piece is tried as (its printed text, then the host's
#: former wordings of it); a piece costs at most this many checks.
MAX_CANDIDATES = 12
#: The word standing for an empty line when texts compare by their words.
BLANK = "\n"


def words(text: str) -> list[str]:
    r"""The words of a text as the game's and the host's pieces compare: each
    line split on whitespace, an empty (or blank) line as :data:`BLANK`.

    Where a line breaks and how its continuation is indented are the host's
    layout, so ``"a b\n  c"`` and ``"a\nb c"`` have the same words; an
    empty line stays one.
    """
    return _spaced(text)[0]


#: The space between two words, as :func:`_spaced` gives it: within a line,
#: the exact characters; at a line break, this (any space matches it).
BREAK = ""
_WORD = re.compile(r"\S+")


def _spaced(text: str) -> tuple[list[str], list[str]]:
    """The :func:`words` of a text, and the space after each: the exact
    characters between two words of a line, :data:`BREAK` at a line's end."""
    found: list[str] = []
    spaces: list[str] = []
    for line in text.split("\n"):
        matches = list(_WORD.finditer(line))
        if not matches:
            found.append(BLANK)
            spaces.append(BREAK)
            continue
        for number, match in enumerate(matches):
            found.append(match.group())
            spaces.append(line[match.end():matches[number + 1].start()] if number + 1 < len(matches) else BREAK)
    return found, spaces


def _same_space(one: str, other: str) -> bool:
    """Whether two spaces between words match: equal, or either a line break
    or holding a tab (the host's layout may break a line there or expand its tabs)."""
    return one == other or one == BREAK or other == BREAK or "\t" in one or "\t" in other


@dataclass(frozen=True)
class Item:
    """One piece of a script's stream as a golden test compares it: a line
    group of a reply (a game's text, a host message, the two on one line),
    a game's board, a report on standard error.

    Attributes:
        text: what was printed, ending with a newline.
        wordings: the texts the piece may have in a golden file, each ending
            with a newline: ``text`` first, then the host's former wordings
            of it (at most :data:`MAX_CANDIDATES`).
        optional: the piece is a host note about no plugin: a golden file of
            a release that did not print it still matches.
        board: a game's display: compared line by line, byte for byte;
            any other piece compares by its :func:`words` and the spaces
            between them within a line (not where a line breaks).
        label: how a failure names the piece: ``the game's line '...'`` or
            ``the host's message ID``; "" for its first line.
        plugin: the plugin a host warning or error in the piece names (it
            failed, or answered the host wrongly), else None; such a piece is
            never optional, and its absence from a golden file is the
            plugin's regression.
        writer: the plugin whose code wrote the piece's text (a message it
            made with ``say`` too), else None; such a piece is the game's.
        former: makes the texts the piece may have had in a golden file
            of an earlier release, tried after :attr:`wordings` (a host
            message's former wordings), only when those do not match.
    """

    text: str
    wordings: tuple[str, ...]
    optional: bool
    board: bool = False
    label: str = ""
    plugin: str | None = None
    writer: str | None = None
    former: Callable[[], Sequence[str]] | None = field(default=None, compare=False, repr=False)

    def candidates(self) -> Iterator[str]:
        """:attr:`wordings`, then what :attr:`former` makes; at most :data:`MAX_CANDIDATES`, each once."""
        yield from self.wordings
        if self.former is None:
            return
        seen = set(self.wordings)
        for text in self.former():
            if len(seen) >= MAX_CANDIDATES:
                return
            if text not in seen:
                seen.add(text)
                yield text

    def named(self) -> str:
        """How a failure names the piece (and the plugin that wrote it)."""
        first = self.text.split("\n", 1)[0]
        named = self.label or f"the line {first!r}"
        return named if self.writer is None else f"{named}, written by plugin {self.writer!r}"


def _message_of(text: object) -> tuple[str, Mapping[str, object]] | None:
    """A host message's catalog id and arguments (a laid-out one's too), or None for any other text."""
    message = message_of(text)
    if message is not None and message.id in CATALOG:
        return message.id, message.args
    return None


def _templates(message_id: str, args: Mapping[str, object]) -> list[str]:
    """A message's wordings, now first then each former one whose fields are all given."""
    message = CATALOG[message_id]
    return [template for template in (message.text, *message.former)
            if all(name in args for name in fields_of(template))]


def _rendered(text: object, top: int, nested: int) -> str:
    """A text with every host message in it in one wording: the outer one in
    its ``top``-th (or oldest), those in its arguments in their ``nested``-th."""
    found = _message_of(text)
    if found is None:
        return text if isinstance(text, str) else _shown(text)  # type: ignore[arg-type]
    message_id, args = found
    templates = _templates(message_id, args)
    template = templates[min(top, len(templates) - 1)]
    return template.format_map({name: _rendered(args[name], nested, nested) for name in fields_of(template)})


def _depth(text: object) -> int:
    """The most wordings any host message in ``text`` has (1 for plain text)."""
    found = _message_of(text)
    if found is None:
        return 1
    message_id, args = found
    return max([len(_templates(message_id, args)), *(_depth(value) for value in args.values())])


def host_wordings(text: object) -> list[str]:
    """The texts a piece may have had in a golden file: as printed first, then
    the host message (if it is one) in each of its wordings, the messages in
    its arguments each in its wording now, its newest former one or its
    oldest; at most :data:`MAX_CANDIDATES`, without repeats.  No product of
    every nested message's every wording: a handful of candidates per piece.
    """
    found: dict[str, None] = {str(text): None}
    message = _message_of(text)
    if message is None:
        return list(found)
    tops = range(len(_templates(*message)))
    oldest = _depth(text) - 1
    for nested in dict.fromkeys((1, 0, oldest)):
        for top in tops:
            found.setdefault(_rendered(text, top, nested), None)
            if len(found) >= MAX_CANDIDATES:
                return list(found)
    return list(found)


def plugin_named(text: object) -> str | None:
    """The plugin a host message names (its or a nested message's ``plugin``
    field, as written: ``'golf'``), or None."""
    found = _message_of(text)
    if found is None:
        return None
    _, args = found
    if "plugin" in args:
        return str(args["plugin"]).strip("'\"")
    for value in args.values():
        named = plugin_named(value)
        if named is not None:
            return named
    return None


def _part_plugin(piece: Part) -> str | None:
    """The plugin a host warning or error names, else None."""
    if piece.origin == HOST and piece.kind in ("warning", "error"):
        return plugin_named(piece.body)
    return None


def group_wordings(parts: Sequence[Part]) -> list[str]:
    """The texts a line group of parts may have had (joined as
    :func:`cardshell.reply.joined` does): the ``k``-th of each part's
    :func:`host_wordings` together, for each ``k``; at most :data:`MAX_CANDIDATES`."""
    choices = [host_wordings(piece.body) for piece in parts]
    found: dict[str, None] = {}
    for k in range(max(len(choice) for choice in choices)):
        text = ""
        for number, (piece, choice) in enumerate(zip(parts, choices)):
            text += ("" if number == 0 or piece.inline else "\n") + choice[min(k, len(choice) - 1)]
        found.setdefault(text, None)
    return list(found)[:MAX_CANDIDATES]


def _label(parts: Sequence[Part], text: str, plugin: str | None) -> str:
    """How a failure names a group: the game's line, or the host's message id
    (and the nested ones down to the one naming ``plugin``)."""
    first = text.split("\n", 1)[0]
    if any(piece.origin != HOST for piece in parts):
        who = "the game's" if all(piece.origin != INPUT for piece in parts) else "the echoed"
        return f"{who} line {first!r}"
    if plugin is None:
        return "the host's message " + " + ".join(piece.message_id or "(no id)" for piece in parts)
    return "the host's message " + " + ".join(" > ".join(_ids(piece.body)) or "(no id)" for piece in parts)


def _ids(text: object) -> list[str]:
    """A host message's id, then those of the nested messages down to the one naming a plugin, if any."""
    found = _message_of(text)
    if found is None:
        return []
    message_id, args = found
    if "plugin" not in args:
        for value in args.values():
            inner = _ids(value)
            if inner and plugin_named(value) is not None:
                return [message_id, *inner]
    return [message_id]


def item_of(parts: Sequence[Part], *, optional: bool | None = None, label: str = "") -> Item:
    """The item of one line group of parts.

    Args:
        parts: the group: its first part starts a line, the others are inline.
        optional: None: optional when every part is the host's and none
            names a plugin (:func:`plugin_named`); else as given (a plugin
            named makes it required all the same).
        label: how a failure names it; "" names the game's line or the host's id.
    """
    printed = joined(parts)
    plugin = next((named for named in map(_part_plugin, parts) if named), None)
    writer = next((str(piece.plugin) for piece in parts if getattr(piece, "plugin", None)), None)
    board = len(parts) == 1 and parts[0].kind == "board" and parts[0].origin == GAME
    if board and not label:
        label = f"the game's board {printed.split(chr(10), 1)[0]!r}"
    if optional is None:
        optional = all(piece.origin == HOST for piece in parts)
    return Item(printed + "\n", (printed + "\n",), optional and plugin is None and writer is None, board,
                label or _label(parts, printed, plugin), plugin, writer,
                lambda: [text + "\n" for text in group_wordings(parts)])


def items_of(parts: Sequence[Part]) -> list[Item]:
    """A reply's output as items: one per line group (a part and the inline
    parts after it), optional when all its parts are the host's and name no plugin."""
    groups: list[list[Part]] = []
    for piece in parts:
        if piece.inline and groups:
            groups[-1].append(piece)
        else:
            groups.append([piece])
    return [item_of(group) for group in groups]


def exact_item(text: str, label: str = "") -> Item:
    """An item of text as printed, compared by its words, never optional."""
    return Item(text, (text,), False, label=label)


@dataclass
class Comparison:
    """How an expected stream compares with the items printed.

    Attributes:
        ok: every item is matched in order (the game's by its words, a board
            line by line, the host's in one of its wordings) and every
            expected line accounted for; an optional item may be absent.
        exact: the texts are equal byte for byte.
        host_lines: printed host lines matched in a former wording or absent.
        problem: the piece that differs and a diff of it, for a failing comparison.
        plugin: the plugin a failing piece's warning or error names (:attr:`Item.plugin`), else None.
        checks: candidate texts tried (at most :data:`MAX_CANDIDATES` per item).
        steps: words and lines compared.
    """

    ok: bool
    exact: bool
    host_lines: int = 0
    problem: str = ""
    plugin: str | None = None
    checks: int = 0
    steps: int = 0


@dataclass(frozen=True)
class _Match:
    """How far one wording of a piece matched the expected stream.

    Attributes:
        end: the number (from 0) of the expected line after the piece; None: no match.
        reached: the words matched (lines, where it failed line by line).
        line: the expected line where matching stopped.
        printed: the piece's line (from 0) where it stopped.
    """

    end: int | None
    reached: int
    line: int
    printed: int


class _Expected:
    """An expected stream's lines, each made words (:func:`_spaced`) when first compared so."""

    def __init__(self, text: str) -> None:
        self.lines = text.split("\n")[:-1]
        self._spaced: dict[int, tuple[list[str], list[str]]] = {}
        self.steps = 0

    def spaced(self, number: int) -> tuple[list[str], list[str]]:
        """The words of line ``number`` and the space after each."""
        found = self._spaced.get(number)
        if found is None:
            found = self._spaced[number] = _spaced(self.lines[number])
        return found

    def match(self, first: int, wording: str, board: bool) -> _Match:
        """Whether ``wording`` (ending with a newline) is there from line
        ``first``: its lines as they are (a board must be), else (not a
        board) its words and the spaces between them within a line."""
        shown = wording[:-1].split("\n")
        number = 0
        for number, line in enumerate(shown):
            self.steps += 1
            if first + number >= len(self.lines) or self.lines[first + number] != line:
                break
        else:
            return _Match(first + len(shown), len(shown), first + len(shown), len(shown) - 1)
        if board:
            return _Match(None, number, first + number, number)
        found: list[str] = []
        spaces: list[str] = []
        printed: list[int] = []
        for index, line in enumerate(shown):
            words_of, spaces_of = _spaced(line)
            found += words_of
            spaces += spaces_of
            printed += [index] * len(words_of)
        at, column, last = first, 0, len(found) - 1
        for number, word in enumerate(found):
            self.steps += 1
            if at >= len(self.lines):
                return _Match(None, number, at, printed[number])
            expected_words, expected_spaces = self.spaced(at)
            if expected_words[column] != word or (
                    number < last and not _same_space(expected_spaces[column], spaces[number])):
                return _Match(None, number, at, printed[number])
            column += 1
            if column == len(expected_words):
                at, column = at + 1, 0
        if column:  # the piece ends inside an expected line
            return _Match(None, len(found), at, printed[-1])
        return _Match(at, len(found), at, len(shown) - 1)


def compare(expected: str, items: Sequence[Item]) -> Comparison:
    """Compare a golden file's text with the items printed on that stream.

    The items are matched in order, each from the line where the previous
    one ended: the first of its wordings that is there (its lines as they
    are; else, but for a board, its words and the spaces between them
    within a line) is taken; an optional item none of whose wordings is
    there is absent.  Linear in the stream's length: each item tries at
    most :data:`MAX_CANDIDATES` wordings, each compared up to its length,
    and no choice is revisited.
    """
    actual = "".join(item.text for item in items)
    if expected == actual:
        return Comparison(True, True)
    if expected and not expected.endswith("\n"):
        return Comparison(False, False, problem="the expected file's last line has no newline at its end")
    stream = _Expected(expected)
    line, host_lines, checks = 0, 0, 0
    for item in items:
        taken: _Match | None = None
        best: tuple[_Match, str] | None = None
        for index, wording in enumerate(item.candidates()):
            checks += 1
            found = stream.match(line, wording, item.board)
            if found.end is not None:
                taken = found
                host_lines += item.text.count("\n") if index else 0
                break
            if best is None or found.reached > best[0].reached:
                best = (found, wording)
        if taken is not None and taken.end is not None:
            line = taken.end
        elif item.optional:
            host_lines += item.text.count("\n")
        else:
            assert best is not None
            problem = _differs(stream, line, item, *best)
            return Comparison(False, False, problem=problem, plugin=item.plugin, checks=checks, steps=stream.steps)
    if line < len(stream.lines):
        problem = (f"expected line {line + 1}, {stream.lines[line]!r}, and the {len(stream.lines) - line - 1} "
                   f"after it: nothing printed matches them (the expected file goes on after the last piece printed)")
        return Comparison(False, False, problem=problem, checks=checks, steps=stream.steps)
    return Comparison(True, False, host_lines, checks=checks, steps=stream.steps)


def _differs(stream: _Expected, first: int, item: Item, found: _Match, wording: str) -> str:
    """What a failing comparison says: the piece, where it was expected, and a diff of both."""
    shown = wording[:-1].split("\n")
    printed_line = shown[min(found.printed, len(shown) - 1)]
    there = (f"expected line {found.line + 1}: {stream.lines[found.line]!r}"
             if found.line < len(stream.lines) else "the expected file has ended")
    head = f"{item.named()} differs at its line {printed_line!r}; {there}"
    if item.plugin is not None:
        head = (f"plugin {item.plugin!r} regressed: {item.named()}, a warning or error about it, is not in the "
                f"expected file; {there}")
    window = "".join(line + "\n" for line in stream.lines[first:max(first + len(shown), found.line + 1)])
    return f"{head}\n{text_diff(window, wording, f'expected from line {first + 1}', 'printed piece')}"


def changed_lines(expected: str, actual: str) -> tuple[list[int], list[int]]:
    """The numbers (from 1) of the lines that differ between two texts: the
    expected's and the actual's, by :class:`difflib.SequenceMatcher`."""
    old, new = expected.split("\n"), actual.split("\n")
    gone: list[int] = []
    added: list[int] = []
    for tag, a1, a2, b1, b2 in difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes():
        if tag != "equal":
            gone += range(a1 + 1, a2 + 1)
            added += range(b1 + 1, b2 + 1)
    return gone, added


def numbered(numbers: Sequence[int]) -> str:
    """Line numbers as ranges: ``3, 7-9``; ``none`` when empty."""
    spans: list[list[int]] = []
    for number in numbers:
        if spans and spans[-1][1] == number - 1:
            spans[-1][1] = number
        else:
            spans.append([number, number])
    return ", ".join(str(a) if a == b else f"{a}-{b}" for a, b in spans) or "none"
