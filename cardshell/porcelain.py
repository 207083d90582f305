"""The porcelain output of scripts: ``cardshell --jsonl``, one JSON object per part.

As ``git status --porcelain`` for programs: every part of every reply
(:class:`cardshell.reply.Part`) becomes a JSON line saying who wrote it
and, for the host's words, its message's stable id and arguments, so a
rewording never breaks the reader.  The schema is versioned and pinned
with ``--jsonl=N`` (:data:`SCHEMAS`; a bare ``--jsonl`` is schema
:data:`SCHEMA_VERSION`, as git's ``--porcelain`` is its v1);
docs/porcelain.md gives each field of each schema.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any, TextIO

from cardshell.messages import HostMessage, say
from cardshell.pipes import GuardedStream, OutputFailed
from cardshell.render import Text, text_of
from cardshell.reply import HOST, Part, Reply, part
from cardshell.screen import printable

#: The schema of a bare ``--jsonl``: the value of every object's ``cardshell`` field.
SCHEMA_VERSION = 1
#: The schemas served, oldest first: ``--jsonl=N`` pins one (docs/porcelain.md).
SCHEMAS = (1, 2)
#: The newest schema.
LATEST = SCHEMAS[-1]

#: What the ``status`` of an input line may be (``skipped``: schema 2's blank and comment lines).
STATUSES = ("ok", "rejected", "interrupted", "skipped")

#: A lone surrogate (text decoded with ``surrogateescape``, or made by plugin code): never valid UTF-8.
_SURROGATE = re.compile("[\ud800-\udfff]")


class JsonWriter:
    """A script's results as JSON lines on one stream (a :class:`cardshell.script.ScriptWriter`).

    Objects have the fields of :func:`record`; each input line's parts end with
    an object of kind ``result``, and the run with one of kind ``exit``.
    ``out`` and ``err`` are None when closed; a failure of ``out`` is reported on ``err``.
    """

    def __init__(self, out: TextIO | None, err: TextIO | None, schema: int = SCHEMA_VERSION) -> None:
        if schema not in SCHEMAS:
            raise ValueError(f"porcelain schema {schema} is not served (served: {SCHEMAS})")
        self.out = GuardedStream(out, "stdout")
        self.err = GuardedStream(err, "stderr")
        self.schema = schema

    def _write(self, obj: dict[str, Any]) -> None:
        if self.schema >= 2:
            obj = upgraded(obj)
        else:
            obj.pop("_message", None)
            obj["text"] = _SURROGATE.sub(_escaped, obj["text"])  # strict UTF-8 in every schema
        self.out.write(json.dumps(obj, ensure_ascii=False) + "\n")

    def before(self, warnings: Sequence[Text]) -> None:
        if self.schema >= 2:
            self.out.write(json.dumps(hello(self.schema)) + "\n")
        for warning in warnings:
            self._write(record(part(warning, HOST, "warning"), "err"))

    def skipped(self, number: int, line: str) -> None:
        """A blank or comment line (``line`` stripped): schema 2 answers it with a ``result`` of status ``skipped``."""
        if self.schema >= 2:
            self._write(result(number, line, "skipped"))
            self.out.flush()

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
    made = {"cardshell": SCHEMA_VERSION, "stream": stream, "line": line, "input": text, "status": status,
            "origin": piece.origin, "kind": piece.kind, "id": piece.message_id, "args": args,
            "text": piece.text, "inline": piece.inline}
    if piece.message is not None:
        made["_message"] = piece.message  # for schema 2's typed arguments (:func:`upgraded`); never written
    return made


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


def hello(schema: int) -> dict[str, Any]:
    """Schema 2's first object: the schema written, those served and the cardshell version."""
    from cardshell.version import __version__

    return {"cardshell": schema, "kind": "hello", "version": __version__, "schemas": list(SCHEMAS)}


def upgraded(obj: dict[str, Any]) -> dict[str, Any]:
    """An object of schema 1 as schema 2 writes it: ``cardshell`` 2, a game's
    ending of kind ``ending``, typed ``args`` (:func:`typed`) and every string
    escaped as the plain output escapes it (:func:`clean`)."""
    obj = dict(obj, cardshell=2)
    message = obj.pop("_message", None)
    if message is not None:
        obj["args"] = typed(message)["args"]
    if obj["kind"] == "note" and obj["id"] is not None and obj["id"].startswith("game.ending"):
        obj["kind"] = "ending"
    for key in ("text", "input"):
        if isinstance(obj.get(key), str):
            obj[key] = clean(obj[key])
    return obj


def clean(text: str) -> str:
    r"""``text`` as the plain output prints it, and strict UTF-8: control characters escaped
    (``\x1b``, :func:`cardshell.screen.printable`), lone surrogates as ``\udcff``."""
    return _SURROGATE.sub(_escaped, printable(text))


def _escaped(match: re.Match[str]) -> str:
    return f"\\u{ord(match.group()):04x}"


def typed(message: HostMessage) -> dict[str, Any]:
    """A host message as ``{"id", "args", "text"}`` with its arguments as typed: numbers
    as numbers, lists as arrays, words as strings, a nested message as such an object."""
    args: dict[str, Any] = {}
    for name, value in message.args.items():
        if isinstance(value, HostMessage):
            args[name] = typed(value)
        elif isinstance(value, (tuple, list)):
            args[name] = [clean(str(item)) for item in value]
        elif isinstance(value, (int, float)) and not isinstance(value, bool):
            args[name] = value
        else:
            args[name] = clean(str(value))
    return {"id": message.id, "args": args, "text": clean(message.text)}
