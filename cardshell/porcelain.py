"""The porcelain output of scripts: ``cardshell --jsonl``, one JSON object per part.

A program that reads cardshell's output reads this, as scripts read
``git status --porcelain``: every part of every reply
(:class:`cardshell.reply.Part`) becomes one JSON object on its own line of
standard output, with who wrote it and, for the host's words, the stable id
and arguments of its message (:mod:`cardshell.messages`), so a rewording of
the host never breaks the reader.  The schema is versioned
(:data:`SCHEMA_VERSION`) and follows the compatibility policy
(docs/porcelain.md says what each field means and what may change).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, TextIO

from cardshell.messages import HostText, say
from cardshell.pipes import GuardedStream, OutputFailed
from cardshell.reply import HOST, Part, Reply, part

#: The version of the schema, the value of every object's ``cardshell`` field.
SCHEMA_VERSION = 1

#: What the ``status`` of an input line may be.
STATUSES = ("ok", "rejected", "interrupted")


class JsonWriter:
    """A script's results as JSON lines on one stream (standard output).

    Implements :class:`cardshell.script.ScriptWriter`.  Each object has the
    fields of :func:`record`; after each input line's parts comes one object
    of kind ``result`` with that line's status, and after the last line one
    of kind ``exit``, written by :meth:`exit`.

    Args:
        out: where the JSON lines go; None when standard output was closed.
        err: where a failure of ``out`` is reported; None when closed.
    """

    def __init__(self, out: TextIO | None, err: TextIO | None) -> None:
        self.out = GuardedStream(out, "stdout")
        self.err = GuardedStream(err, "stderr")

    def _write(self, obj: dict[str, Any]) -> None:
        self.out.write(json.dumps(obj, ensure_ascii=False) + "\n")

    def before(self, warnings: Sequence[str]) -> None:
        for warning in warnings:
            self._write(record(part(warning, HOST, "warning"), "err"))

    def echo(self, number: int, prompt: str, line: str) -> None:
        """Nothing: every object carries its input line already."""

    def refused(self, number: int, message: str) -> None:
        self._write(record(part(message, HOST, "error"), "err", number, None, "rejected"))
        self._write(result(number, None, "rejected"))
        self.out.flush()

    def reply(self, number: int, line: str, reply: Reply) -> None:
        status = "ok" if reply.ok else ("interrupted" if reply.interrupted else "rejected")
        for piece in reply.output_as_parts():
            self._write(record(piece, "out", number, line, status))
        for piece in reply.warning_parts():
            self._write(record(piece, "err", number, line, status))
        for piece in reply.error_as_parts():
            self._write(record(piece, "err", number, line, status))
        self._write(result(number, line, status))
        self.out.flush()

    def flush(self) -> None:
        self.out.flush()

    def save_failed(self, problems: Sequence[str]) -> None:
        for problem in problems:
            self._write(record(part(say("script.save-failed", problem=problem), HOST, "error"), "err"))

    def closed(self, notes: Sequence[str]) -> None:
        for note in notes:
            self._write(record(part(note, HOST, "note"), "out"))
        self.out.flush()

    def output_failed(self, failure: OutputFailed, where: str, notes: Sequence[str]) -> None:
        try:
            for text in [f"cardshell: {failure}: the script stopped {where}", *notes]:
                self.err.write(text + "\n")
            self.err.flush()
        except OutputFailed:
            pass

    def exit(self, status: int) -> None:
        """The last object: the exit status of the run.

        Raises:
            OutputFailed: standard output cannot be written.
        """
        self._write({"cardshell": SCHEMA_VERSION, "stream": None, "line": None, "input": None, "status": status,
                     "origin": HOST, "kind": "exit", "id": None, "args": {}, "text": "", "inline": False})
        self.out.flush()


def record(piece: Part, stream: str, line: int | None = None, text: str | None = None,
           status: str | None = None) -> dict[str, Any]:
    """The JSON object of one part.

    Args:
        piece: the part.
        stream: ``out`` or ``err``: where the plain output prints it.
        line: the number of the input line it answers (from 1), None for
            what comes before the first line or after the last.
        text: that input line, stripped.
        status: that line's status (:data:`STATUSES`).

    Returns:
        dict: ``cardshell`` (the schema version), ``stream``, ``line``,
        ``input``, ``status``, ``origin`` (game, host, input), ``kind``,
        ``id`` (a host message's id, else None), ``args`` (its arguments:
        strings, or for a host message inside it, :func:`structured`),
        ``text`` (as the plain output prints it) and ``inline`` (it
        continues the previous part's last line).
    """
    args = structured(piece.text)["args"] if isinstance(piece.text, HostText) else dict(piece.args)
    return {"cardshell": SCHEMA_VERSION, "stream": stream, "line": line, "input": text, "status": status,
            "origin": piece.origin, "kind": piece.kind, "id": piece.message_id, "args": args,
            "text": str(piece.text), "inline": piece.inline}


def structured(message: HostText) -> dict[str, Any]:
    """A host message as JSON: ``{"id", "args", "text"}``, where an
    argument that is a host message itself is such an object too (the
    ending's ``over`` holds ``game.over`` with its ``result``)."""
    args = {name: structured(value) if isinstance(value, HostText) else str(value)
            for name, value in message.args.items()}
    return {"id": message.message_id, "args": args, "text": str(message)}


def result(line: int, text: str | None, status: str) -> dict[str, Any]:
    """The object that ends an input line's parts: its status."""
    return {"cardshell": SCHEMA_VERSION, "stream": None, "line": line, "input": text, "status": status,
            "origin": HOST, "kind": "result", "id": None, "args": {}, "text": "", "inline": False}
