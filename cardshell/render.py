"""The text of a reply's pieces, made at the edge.

A reply holds pieces (:mod:`cardshell.reply`); their text is made here,
when a front end prints them.  A :class:`Laid` is a host message with the
shape its place in a reply asks for (:mod:`cardshell.layout`, the one
module where lines break: a sentence wrapped at the width a front end gives,
a help row's continuation under its right column, a list broken between
items, a rules page rendered); :func:`text_of` makes the text of any piece.
A board is never wrapped (:class:`cardshell.screen.Exact`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardshell.layout import DEFAULT_WIDTH, Layout, Shape
from cardshell.messages import HostMessage

__all__ = ["DEFAULT_WIDTH", "Layout", "Laid", "Shape", "Text", "add_note", "for_terminal", "laid", "message_of",
           "note_of", "plugin_text", "text_of"]


@dataclass(frozen=True)
class Laid:
    """A host message with the layout its place asks for (a help row, a report's row).

    Attributes:
        message: the host message.
        layout: where its lines break (a shape of :mod:`cardshell.layout`).
    """

    message: HostMessage
    layout: Shape

    @property
    def text(self) -> str:
        """The message's text, laid out (made once, then kept)."""
        kept = self.__dict__
        made: str | None = kept.get("_text")
        if made is None:
            made = kept["_text"] = self.layout.wrap(self.message.text)
        return made

    def __str__(self) -> str:
        return self.text

    def wordings(self) -> list[str]:
        """The message's :meth:`~cardshell.messages.HostMessage.wordings`, each laid out alike."""
        return list(dict.fromkeys(self.layout.wrap(wording) for wording in self.message.wordings()))

    def __format__(self, spec: str) -> str:
        raise TypeError(f"host message {self.message.id!r} formatted into a str: pass it whole")


#: What a reply's piece may be: a game's or the player's text (``str``,
#: :class:`cardshell.screen.Exact`), a host message, or a laid-out one.
Text = str | HostMessage | Laid


def laid(message: HostMessage, width: int | None, indent: str = "") -> Laid:
    """``message`` laid out at ``width`` with continuation lines indented by ``indent``."""
    return Laid(message, Layout(width, indent))


def text_of(piece: Text) -> str:
    """The text of a piece as it is printed (a host message in its wording, laid out)."""
    if isinstance(piece, str):
        return piece
    return piece.text


def message_of(piece: object) -> HostMessage | None:
    """The host message a piece holds, or None (a game's text)."""
    if isinstance(piece, HostMessage):
        return piece
    if isinstance(piece, Laid):
        return piece.message
    return None


def plugin_text(value: Any) -> Any:
    """What plugin code gave, as the plugin's own words: a host message it built
    (:func:`cardshell.messages.say`) becomes its plain text, so a plugin never
    speaks as the host; any other value is returned as it is."""
    if isinstance(value, (HostMessage, Laid)):
        return value.text
    return value


def for_terminal(piece: Text, width: int | None) -> str:
    """The text of a piece as a terminal shows it, no line breaking inside a word:
    a laid-out message as laid out; any other host message wrapped between words
    at ``width`` with continuation lines indented by two spaces; a game's or the
    player's text as it is (its own layout)."""
    if isinstance(piece, HostMessage):
        return Layout(width, "  ").wrap(piece.text)
    return text_of(piece)


def add_note(exc: BaseException, note: Text) -> None:
    """Add ``note`` to ``exc`` (:pep:`678`: its text in ``__notes__``), keeping a
    host message whole for :func:`note_of`."""
    exc.add_note(text_of(note))
    exc.__dict__["cardshell_note"] = note


def note_of(exc: BaseException) -> Text | None:
    """The last note of ``exc``: the one :func:`add_note` kept whole, else its last
    ``__notes__`` text, else None."""
    notes = getattr(exc, "__notes__", None)
    if not notes:
        return None
    kept: Text | None = exc.__dict__.get("cardshell_note") if hasattr(exc, "__dict__") else None
    if kept is not None and text_of(kept) == notes[-1]:
        return kept
    return str(notes[-1])
