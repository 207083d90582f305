"""What one input line produced: :class:`Reply`, made of :class:`Part` s
that each know who wrote them.

A reply's text (``output``, ``error``) is what the front ends print; its
parts say, piece by piece, whose words those are: the host's (with the id
and arguments of its message, :mod:`cardshell.messages`), a game's (its
board, what its commands echo, its :class:`~cardshell.errors.CommandError`
messages), or the player's own line echoed back.  Golden tests compare a
game's parts exactly and the host's by id (:mod:`cardshell.golden`); the
porcelain output writes one JSON object per part (:mod:`cardshell.porcelain`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from cardshell.messages import CATALOG, HostText
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
    """One piece of a reply's text and who wrote it.

    Parts of one stream follow each other on new lines, except an
    ``inline`` part, which continues the last line of the part before it
    (``Error in option: F 9`` then the host's `` (usage: F N)``).

    Attributes:
        text: the text, one or more lines, no trailing newline.
        origin: :data:`GAME`, :data:`HOST` or :data:`INPUT`.
        kind: one of :data:`KINDS`.
        message_id: the catalog id of a host part, else None (a host part
            without an id is a text the host has not yet put in its catalog).
        args: the arguments of the message (plain strings).
        inline: the part continues the previous part's last line.
    """

    text: str
    origin: str
    kind: str = "output"
    message_id: str | None = None
    args: Mapping[str, str] = field(default_factory=dict)
    inline: bool = False

    def wordings(self) -> list[str]:
        """The texts this part may have been printed as: a host message in
        each of its wordings (:meth:`cardshell.messages.HostText.wordings`),
        anything else as it is."""
        if isinstance(self.text, HostText):
            return self.text.wordings()
        return [str(self.text)]


def part(text: str, origin: str, kind: str = "output", *, inline: bool = False) -> Part:
    """The part of a piece of text: a :class:`~cardshell.messages.HostText`
    is the host's whatever ``origin`` says; a board (an
    :class:`~cardshell.screen.Exact` of kind ``board``) is the game's.

    Args:
        text: the text.
        origin: who wrote it, when the text does not say.
        kind: one of :data:`KINDS`.
        inline: continue the previous part's last line.
    """
    if isinstance(text, HostText):
        declared = CATALOG[text.message_id].kind
        return Part(text, HOST, declared if kind == "output" else kind, text.message_id, text.plain_args(), inline)
    if isinstance(text, Exact) and text.kind == "board":
        return Part(text, GAME, "board", inline=inline)
    return Part(text, origin, kind, inline=inline)


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


@dataclass
class Reply:
    """What one input line produced.

    Attributes:
        ok: the line was accepted (blank lines and comments are).
        output: text for standard output, no trailing newline ("" if none),
            fitted to the screen (:mod:`cardshell.screen`).
        error: the message of a rejected line.
        warnings: reports about plugins that misbehaved while the line ran
            (a hook, or a game's display, outcome or prompt, raised): each
            distinct problem once per shell, naming the plugin (see
            :mod:`cardshell.problems`); the front ends print them on
            standard error.
        interrupted: the line was stopped by Ctrl-C (then ``ok`` is False
            and nothing was changed); a script stops there.
        follow_up: lines the command asked to run next
            (:meth:`CommandContext.then`); :meth:`Shell.execute` runs them,
            except steps at a terminal (``steps``; ``Shell.pace_steps``):
            those it leaves here for the front end to play.
        steps: the follow-up lines are steps played for the player
            (``CommandContext.then(line, step=True)``: ``solve --play``).
        pace: seconds between two steps at a terminal, as the command asked
            (:meth:`CommandContext.then`); None: the front end's default.
        exact: the pieces of ``output`` shown as they are, not fitted to the
            width (:data:`cardshell.screen.EXCEPTIONS`: boards).
        parts: ``output`` as parts, before fitting: who wrote each piece.
        error_parts: ``error`` as parts, before fitting; empty when
            ``error`` was given as a plain text (then :meth:`error_as_parts`
            reads it as the host's).
        pageable: the output is a document of the host's (help, rules,
            tables, reports) that a front end may show through a pager;
            False when it holds a game's own display: a board, a game's
            exact text, what a move printed with its ending, or the reply of
            a command followed by play (``follow_up``: ``solve --play``'s
            winning line) (shown whole, never paged, so the result and the
            ``Next:`` line stay on the screen and play starts at once).
    """

    ok: bool = True
    output: str = ""
    error: str | None = None
    warnings: list[str] = field(default_factory=list)
    interrupted: bool = False
    follow_up: list[str] = field(default_factory=list)
    steps: bool = False
    pace: float | None = None
    exact: list[str] = field(default_factory=list)
    parts: list[Part] = field(default_factory=list)
    error_parts: list[Part] = field(default_factory=list)
    pageable: bool = True

    @property
    def lines(self) -> list[str]:
        """The output's lines without the host's notes (a game's ending; see
        :attr:`cardshell.messages.Message.kind`), before any fitting to a screen."""
        return joined([piece for piece in self.output_as_parts() if piece.kind != "note"]).splitlines()

    @property
    def game_lines(self) -> list[str]:
        """The output's lines the game wrote (its display, what its commands
        printed), without any line of the host."""
        return [line for piece in self.output_as_parts() if piece.origin == GAME for line in piece.text.split("\n")]

    def output_as_parts(self) -> list[Part]:
        """``output`` as parts: :attr:`parts`, or, for a reply built with
        text alone, that text as one host part."""
        if self.parts or not self.output:
            return list(self.parts)
        return [part(self.output, HOST)]

    def error_as_parts(self) -> list[Part]:
        """``error`` as parts (``[]`` when there is none): :attr:`error_parts`,
        or the text as one host part."""
        if self.error_parts:
            return list(self.error_parts)
        if not self.error:
            return []
        return [part(self.error, HOST, "error")]

    def warning_parts(self) -> list[Part]:
        """One part per warning: the host's words about a plugin."""
        return [part(warning, HOST, "warning") for warning in self.warnings]
