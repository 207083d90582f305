"""The porcelain output of scripts: ``cardshell --jsonl``, one JSON object per part.

As ``git status --porcelain`` for programs: every part of every reply
(:class:`cardshell.reply.Part`) becomes a JSON line saying who wrote it
and, for the host's words, its message's stable id and arguments, so a
rewording never breaks the reader.  The schema is versioned
(:data:`SCHEMA_VERSION`); docs/porcelain.md gives each field.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, TextIO

from cardshell.messages import HostMessage, say
from cardshell.pipes import GuardedStream, OutputFailed
from cardshell.render import Text, text_of
from cardshell.reply import HOST, Part, Reply, part

#: The version of the schema, the value of every object's ``cardshell`` field.
SCHEMA_VERSION = 1

#: What the ``status`` of an input line may be.
STATUSES = ("ok", "rejected", "interrupted")


class JsonWriter:
    """A script's results as JSON lines on one stream (a :class:`cardshell.script.ScriptWriter`).

    Objects have the fields of :func:`record`; each input line's parts end with
    an object of kind ``result``, and the run with one of kind ``exit``.
    ``out`` and ``err`` are None when closed; a failure of ``out`` is reported on ``err``.
    """

    def __init__(self, out: TextIO | None, err: TextIO | None) -> None:
        self.out = GuardedStream(out, "stdout")
        self.err = GuardedStream(err, "stderr")

    def _write(self, obj: dict[str, Any]) -> None:
        self.out.write(json.dumps(obj, ensure_ascii=False) + "\n")

    def before(self, warnings: Sequence[Text]) -> None:
        for warning in warnings:
            self._write(record(part(warning, HOST, "warning"), "err"))

    def echo(self, number: int, prompt: Text, line: str) -> None:
        """Nothing: every object carries its input line already."""

    def refused(self, number: int, message: Text) -> None:
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

    def save_failed(self, problems: Sequence[Text]) -> None:
        for problem in problems:
            self._write(record(part(say("script.save-failed", problem=problem), HOST, "error"), "err"))

    def closed(self, notes: Sequence[Text]) -> None:
        for note in notes:
            self._write(record(part(note, HOST, "note"), "out"))
        self.out.flush()

    def output_failed(self, failure: OutputFailed, where: Text, notes: Sequence[Text]) -> None:
        try:
            for text in [f"cardshell: {failure}: the script stopped {text_of(where)}", *notes]:
                self.err.write(text_of(text) + "\n")
            self.err.flush()
        except OutputFailed:
            pass

    def exit(self, status: int) -> None:
        """The last object, the run's exit status; :class:`OutputFailed` when it cannot be written."""
        self._write({"cardshell": SCHEMA_VERSION, "stream": None, "line": None, "input": None, "status": status,
                     "origin": HOST, "kind": "exit", "id": None, "args": {}, "text": "", "inline": False})
        self.out.flush()


def record(piece: Part, stream: str, line: int | None = None, text: str | None = None,
           status: str | None = None) -> dict[str, Any]:
    """The JSON object of one part, printed on ``stream`` (``out``, ``err``),
    answering the 1-based input ``line`` (None before the first or after the
    last) whose stripped ``text`` got ``status``.

    Its keys: ``cardshell`` (the schema version), ``stream``, ``line``,
    ``input``, ``status``, ``origin``, ``kind``, ``id`` (a host message's),
    ``args`` (:func:`structured` for a nested message), ``text``, ``inline``.
    """
    args = structured(piece.message)["args"] if piece.message is not None else {}
    return {"cardshell": SCHEMA_VERSION, "stream": stream, "line": line, "input": text, "status": status,
            "origin": piece.origin, "kind": piece.kind, "id": piece.message_id, "args": args,
            "text": piece.text, "inline": piece.inline}


def structured(message: HostMessage) -> dict[str, Any]:
    """A host message as ``{"id", "args", "text"}``, a nested host message as such an object too."""
    plain = message.plain_args()
    args = {name: structured(value) if isinstance(value, HostMessage) else plain[name]
            for name, value in message.args.items()}
    return {"id": message.id, "args": args, "text": message.text}


def result(line: int, text: str | None, status: str) -> dict[str, Any]:
    """The object that ends an input line's parts: its status."""
    return {"cardshell": SCHEMA_VERSION, "stream": None, "line": line, "input": text, "status": status,
            "origin": HOST, "kind": "result", "id": None, "args": {}, "text": "", "inline": False}
