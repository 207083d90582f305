"""What one input line produced: a :class:`Reply` made of :class:`Part` s that know who wrote them.

A part is the host's (with its message id and arguments,
:mod:`cardshell.messages`), a game's (its board, its echoes, its
:class:`~cardshell.errors.CommandError` messages) or the player's line
echoed.  Golden tests compare a game's parts exactly and the host's by id
(:mod:`cardshell.golden`); ``--jsonl`` writes one object per part
(:mod:`cardshell.porcelain`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from cardshell.messages import CATALOG, HostMessage
from cardshell.render import Text, message_of, text_of
from cardshell.screen import Exact

#: A part written by a game: its display, what its commands echo, its error messages.
GAME = "game"
#: A part written by the host: a message of the catalog (:mod:`cardshell.messages`).
HOST = "host"
#: The player's (or the script's) own line, echoed back (``--echo``).
INPUT = "input"
#: The origins a part may have.
ORIGINS = (GAME, HOST, INPUT)

#: The kinds of parts: what a command printed, a game's display of its
#: state, a rejected line's message, a warning about a plugin, a line the
#: front end adds (a script's echo of its input, the saves made at exit).
KINDS = ("output", "board", "error", "warning", "echo", "note")


@dataclass(frozen=True)
class Part:
    """One piece of a reply and who wrote it; an ``inline`` part continues
    the previous part's last line (the host's `` (usage: F N)``).

    Attributes:
        body: what it says: a host message (:class:`~cardshell.messages.HostMessage`,
            or one laid out, :class:`~cardshell.render.Laid`) in a host part; a
            game's or the player's text (``str``, a board
            :class:`~cardshell.screen.Exact`) in any other.
        origin: :data:`GAME`, :data:`HOST` or :data:`INPUT`.
        kind: one of :data:`KINDS`.
        inline: it continues the previous part's last line.
        plugin: the plugin that wrote it, or that a warning names; None when unknown
            or the host's own.
        code: the id a game gave its rejection (``CommandError(..., id=...)``), else None.
    """

    body: Text
    origin: str
    kind: str = "output"
    inline: bool = False
    plugin: str | None = None
    code: str | None = None

    @property
    def text(self) -> str:
        """The text of the part as printed (one or more lines, no trailing newline)."""
        body = self.body
        return body if isinstance(body, str) else body.text

    @property
    def message(self) -> HostMessage | None:
        """A host part's message, else None."""
        return message_of(self.body) if self.origin == HOST else None

    @property
    def message_id(self) -> str | None:
        """A host part's catalog id, else None."""
        message = self.message
        return None if message is None else message.id

    @property
    def args(self) -> Mapping[str, str]:
        """A host part's message's arguments as plain text (a nested message in its wording), else empty;
        :attr:`message` has them typed."""
        message = self.message
        return {} if message is None else message.plain_args()

    def wordings(self) -> list[str]:
        """The texts this part may have been printed as: a host message in each of
        its wordings, anything else as it is.
        """
        body = self.body
        if self.origin == HOST and not isinstance(body, str):
            return body.wordings()
        return [text_of(body)]


def part(text: Text, origin: str, kind: str = "output", *, inline: bool = False,
         plugin: str | None = None, code: str | None = None) -> Part:
    """The part of ``text``, written by ``origin``.

    A host message is a host part (with its id) only when the host wrote it
    (``origin`` :data:`HOST`); a message that came out of plugin code
    (``origin`` :data:`GAME`, or any ``plugin`` named) is that game's text,
    whatever its Python type.  A board (:class:`~cardshell.screen.Exact` of
    kind ``board``) is the game's.
    """
    if plugin is not None:
        origin = GAME
    message = message_of(text)
    if message is not None:
        if origin != HOST:
            return Part(text_of(text), origin, kind, inline, plugin, code)
        declared = CATALOG[message.id].kind
        return Part(text, HOST, declared if kind == "output" else kind, inline, plugin)
    if isinstance(text, Exact) and text.kind == "board":
        return Part(text, GAME, "board", inline, plugin)
    return Part(text, origin, kind, inline, plugin, code)


def joined(parts: Iterable[Part]) -> str:
    """The text of parts as a front end prints them (no trailing newline)."""
    text = ""
    first = True
    for piece in parts:
        if not first and not piece.inline:
            text += "\n"
        text += piece.text
        first = False
    return text


@dataclass(init=False)
class Reply:
    """What one input line produced.

    Attributes:
        ok: the line was accepted (blank lines and comments are).
        output: text for standard output, no trailing newline, fitted to the screen.
        error: the message of a rejected line.
        warned: the host's warnings about plugins that misbehaved while the line
            ran, each problem once per shell (:mod:`cardshell.problems`), for
            standard error, as said (host messages keep their ids); their
            texts are :attr:`warnings`.
        interrupted: stopped by Ctrl-C (``ok`` False, nothing changed).
        follow_up: lines the command asked to run next (:meth:`CommandContext.then`),
            left here only for a terminal to play as steps.
        steps: the follow-up lines are moves played for the player.
        pace: seconds between two steps at a terminal; None: the default.
        exact: the pieces of ``output`` not fitted to the width (boards).
        parts: ``output`` as parts, before fitting.
        error_parts: ``error`` as parts; empty when it was plain text.
        pageable: a host document a front end may page; False when it holds a
            game's display, a move's ending, or precedes play (``solve --play``): shown whole.
        plugin: the plugin whose command the line ran (a game's move, another
            plugin's command); None for the host's own commands and a line
            that named no command.
    """

    ok: bool = True
    error: str | None = None
    warned: list[Text] = field(default_factory=list)
    interrupted: bool = False
    follow_up: list[str] = field(default_factory=list)
    steps: bool = False
    pace: float | None = None
    exact: list[str] = field(default_factory=list)
    parts: list[Part] = field(default_factory=list)
    error_parts: list[Part] = field(default_factory=list)
    pageable: bool = True
    plugin: str | None = None
    _output: str = field(default="", repr=False)
    _lay_out: Callable[[], str] | None = field(default=None, repr=False, compare=False)

    def __init__(self, ok: bool = True, output: str = "", error: str | None = None,
                 warned: list[Text] | None = None, interrupted: bool = False, follow_up: list[str] | None = None,
                 steps: bool = False, pace: float | None = None, exact: list[str] | None = None,
                 parts: list[Part] | None = None, error_parts: list[Part] | None = None, pageable: bool = True,
                 plugin: str | None = None) -> None:
        """The fields as the attributes above say, in the order of earlier releases (``output`` second)."""
        self.ok, self.error, self.interrupted, self.steps, self.pace = ok, error, interrupted, steps, pace
        self.warned = [] if warned is None else warned
        self.follow_up = [] if follow_up is None else follow_up
        self.exact = [] if exact is None else exact
        self.parts = [] if parts is None else parts
        self.error_parts = [] if error_parts is None else error_parts
        self.pageable, self.plugin = pageable, plugin
        self._output, self._lay_out = output, None

    @property
    def output(self) -> str:
        """Text for standard output, no trailing newline, fitted to the screen: laid out
        the first time it is read (:meth:`lay_out`), so a front end that prints the parts
        (the porcelain) never pays for it."""
        if self._lay_out is not None:
            self._output, self._lay_out = self._lay_out(), None
        return self._output

    @output.setter
    def output(self, text: str) -> None:
        self._output, self._lay_out = text, None

    def lay_out(self, make: Callable[[], str]) -> None:
        """Make :attr:`output` with ``make()`` when it is first read, not now."""
        self._lay_out = make

    @property
    def warnings(self) -> list[str]:
        """The text of each warning (:attr:`warned`), in order."""
        return [text_of(warning) for warning in self.warned]

    @property
    def lines(self) -> list[str]:
        """The output's lines without the host's notes (a game's ending), before any fitting."""
        return joined([piece for piece in self.output_as_parts() if piece.kind != "note"]).splitlines()

    @property
    def game_lines(self) -> list[str]:
        """The output's lines the game wrote (its display, its commands' echoes)."""
        return [line for piece in self.output_as_parts() if piece.origin == GAME for line in piece.text.split("\n")]

    def output_as_parts(self) -> list[Part]:
        """``output`` as parts: :attr:`parts`, or a text-only reply's text as one host part."""
        if self.parts or not self.output:
            return list(self.parts)
        return [part(self.output, HOST)]

    def error_as_parts(self) -> list[Part]:
        """``error`` as parts (``[]`` when none): :attr:`error_parts`, or the text as one host part."""
        if self.error_parts:
            return list(self.error_parts)
        if not self.error:
            return []
        return [part(self.error, HOST, "error")]

    def warning_parts(self) -> list[Part]:
        """One part per warning: the host's words about a plugin."""
        return [part(warning, HOST, "warning") for warning in self.warned]
