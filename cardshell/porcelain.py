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
from collections.abc import Callable, Collection, Sequence
from typing import TYPE_CHECKING, Any, TextIO

from cardshell.messages import HostMessage, say
from cardshell.pipes import GuardedStream, OutputFailed
from cardshell.render import Text, text_of
from cardshell.reply import HOST, Part, Reply, part
from cardshell.screen import printable

if TYPE_CHECKING:  # pragma: no cover
    from cardshell.capture import Capture

#: The schema of a bare ``--jsonl``: the value of every object's ``cardshell`` field.
SCHEMA_VERSION = 1
#: The schemas served, oldest first: ``--jsonl=N`` pins one (docs/porcelain.md).
SCHEMAS = (1, 2)
#: The newest schema.
LATEST = SCHEMAS[-1]

#: Who wrote output that plugin code put on descriptors 1 and 2 (schema 2's captured records),
#: and who wrote the parts of a plugin that is no game (its commands' words).
PLUGIN = "plugin"

#: What the ``status`` of an input line may be (``skipped``: schema 2's blank and comment lines).
STATUSES = ("ok", "rejected", "interrupted", "skipped")

#: A lone surrogate (text decoded with ``surrogateescape``, or made by plugin code): never valid UTF-8.
_SURROGATE = re.compile("[\ud800-\udfff]")
#: What :func:`clean` changes: a control character the plain output escapes, or a lone surrogate.
_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff]")


class JsonWriter:
    """A script's results as JSON lines on one stream (a :class:`cardshell.script.ScriptWriter`).

    Objects have the fields of :func:`record`; each input line's parts end with
    an object of kind ``result``, and the run with one of kind ``exit``.
    ``out`` and ``err`` are None when closed; a failure of ``out`` is reported on ``err``.

    Args:
        out (TextIO | None): where the records go.
        err (TextIO | None): where a failure of ``out`` is reported.
        schema (int): one of :data:`SCHEMAS`.
        capture (Capture | None): schema 2's descriptors 1 and 2 held away
            from plugin code (:class:`cardshell.capture.Capture`): what was
            written there is drained into records before a line's records
            (and before each record written between lines).
        plugin (Callable[[], str | None] | None): the plugin whose game is
            played now, which captured output names (None: unknown).
        games (Callable[[], Collection[str]] | None): the names of the
            plugins that bring games; schema 2 gives any other plugin's
            parts origin :data:`PLUGIN` (None: every plugin is a game's).

    Raises:
        ValueError: ``schema`` is not served.
    """

    def __init__(self, out: TextIO | None, err: TextIO | None, schema: int = SCHEMA_VERSION, *,
                 capture: Capture | None = None, plugin: Callable[[], str | None] | None = None,
                 games: Callable[[], Collection[str]] | None = None) -> None:
        if schema not in SCHEMAS:
            raise ValueError(f"porcelain schema {schema} is not served (served: {SCHEMAS})")
        self.out = GuardedStream(out, "stdout")
        self.err = GuardedStream(err, "stderr")
        self.schema = schema
        self.capture = capture
        self.plugin = plugin
        self.games = games
        self._greeted = schema < 2
        self._game_names: Collection[str] | None = None  # the plugins with games, as last asked
        self.ended = False
        self._ran: str | None = None  # the plugin whose command the line being written ran

    def _write(self, obj: dict[str, Any]) -> None:
        if not self._greeted:
            self._greeted = True
            self.out.write(_encode(hello(self.schema)) + "\n")
        if self.schema >= 2:
            if obj["origin"] == "game" and obj.get("_game") is None:  # a board, a game's echo: the game's plugin
                obj["_game"] = (self._ran if self._ran is not None else self.plugin() if self.plugin else None, None)
            obj = upgraded(obj, self._is_game)
        else:
            obj.pop("_message", None)
            obj.pop("_game", None)
            obj["text"] = _SURROGATE.sub(_escaped, obj["text"])  # strict UTF-8 in every schema
        self.out.write(_encode(obj) + "\n")

    def _line_2(self, piece: Part, stream: str, middle: str) -> str:
        """Schema 2's record of a line's part as :data:`_encode` writes it (what :func:`upgraded`
        makes of :func:`record`'s), made from a template with the line's ``middle`` (its ``line``,
        ``input`` and ``status``, encoded once a line): a line's records are most of the porcelain's cost."""
        message = piece.message
        origin, kind, plugin = piece.origin, piece.kind, piece.plugin
        if origin == "game":
            if plugin is None:  # a board, a game's echo: the game's plugin
                plugin = self._ran if self._ran is not None else self.plugin() if self.plugin else None
            if plugin is not None and not self._is_game(plugin):
                origin = PLUGIN
        if message is not None:
            identity: str | None = message.id
            args = _encode(typed(message)["args"]) if message.args else "{}"
            if kind == "note" and message.id.startswith("game.ending"):
                kind = "ending"
        else:
            identity, args = piece.code, "{}"
        return (f'{{"cardshell": 2, "stream": {_string(stream)}{middle}"origin": {_string(origin)}, '
                f'"kind": {_string(kind)}, "id": {"null" if identity is None else _string(identity)}, '
                f'"args": {args}, "text": {_string(clean(piece.text))}, '
                f'"inline": {"true" if piece.inline else "false"}, '
                f'"plugin": {"null" if plugin is None else _string(plugin)}}}')

    def _is_game(self, plugin: str) -> bool:
        """Whether ``plugin`` brings games (``games``; True when unknown): the names are asked
        again only for a plugin not among them yet, as games are only ever added."""
        if self.games is None:
            return True
        if self._game_names is None or plugin not in self._game_names:
            self._game_names = self.games()
        return plugin in self._game_names

    def drained(self, line: int | None = None, text: str | None = None, status: str | None = None,
                origin: str = PLUGIN) -> None:
        """Write what was written on descriptors 1 and 2 since the last drain, one record per
        stream, of ``origin`` :data:`PLUGIN` and kind ``captured`` (plugin code's writes), or
        ``host`` and kind ``output``/``error`` (argparse's help and usage errors), naming the
        plugin whose command the line ran, else whose game is played (None: unknown),
        and the input line being run (``line``, ``input``, ``status``; None between lines).

        Called once before a line's records (all of the line's plugin code has run by
        then) and before each record written between lines."""
        if self.capture is None:
            return
        found = self.capture.drain()
        if not found:
            return
        named = None
        if origin == PLUGIN:
            named = self._ran if self._ran is not None else (self.plugin() if self.plugin is not None else None)
        for stream, captured in found:
            kind = ("error" if stream == "err" else "output") if origin == HOST else "captured"
            self._write({"cardshell": SCHEMA_VERSION, "stream": stream, "line": line, "input": text,
                         "status": status, "origin": origin, "kind": kind, "id": None, "args": {},
                         "text": captured.rstrip("\n"), "inline": False, "plugin": named})
            if kind == "error":  # argparse's usage error: for a person at the terminal too
                self.err.write(printable(captured))
                self.err.flush()

    def problem(self, message: Text, kind: str = "error") -> None:
        """A problem before or outside any line (a usage error, a start-up failure,
        a signal's reason): one host record of ``kind`` on stream ``err``."""
        self.drained()
        self._write(record(part(message, HOST, kind), "err"))
        self.out.flush()

    def before(self, warnings: Sequence[Text]) -> None:
        if not self._greeted:
            self._greeted = True
            self.out.write(_encode(hello(self.schema)) + "\n")
        self.drained()
        for warning in warnings:
            self._write(record(part(warning, HOST, "warning"), "err"))
        self.out.flush()

    def skipped(self, number: int, line: str) -> None:
        """A blank or comment line (``line`` stripped): schema 2 answers it with a ``result`` of status ``skipped``."""
        if self.schema >= 2:
            self.drained()
            self.out.write(result_line(self.schema, number, line, "skipped"))
            self.out.flush()

    def echo(self, number: int, prompt: Text, line: str) -> None:
        """Nothing: every object carries its input line already."""

    def refused(self, number: int, message: Text) -> None:
        self.drained()
        self._write(record(part(message, HOST, "error"), "err", number, None, "rejected"))
        self._write(result(number, None, "rejected"))
        self.out.flush()

    def reply(self, number: int, line: str, reply: Reply) -> None:
        status = "ok" if reply.ok else ("interrupted" if reply.interrupted else "rejected")
        self._ran = reply.plugin
        if not self._greeted:
            self._greeted = True
            self.out.write(_encode(hello(self.schema)) + "\n")
        self.drained(number, line, status)
        pieces = [("out", reply.output_as_parts()), ("err", reply.warning_parts()), ("err", reply.error_as_parts())]
        if self.schema >= 2:  # the records made at once, the line's input escaped once, written in one go
            shown = clean(line)
            middle = f', "line": {number}, "input": {_string(shown)}, "status": {_string(status)}, '
            line_2 = self._line_2
            lines = [line_2(piece, stream, middle) for stream, parts in pieces for piece in parts]
            lines.append(result_line(2, number, line, status))
            self.out.write("\n".join(lines))
        else:
            middle = f', "line": {number}, "input": {_string(line)}, "status": {_string(status)}, '
            lines = [_line_1(piece, stream, middle) for stream, parts in pieces for piece in parts]
            lines.append(result_line(1, number, line, status))
            self.out.write("\n".join(lines))
        self._ran = None
        self.out.flush()

    def flush(self) -> None:
        self.drained()
        self.out.flush()

    def save_failed(self, problems: Sequence[Text]) -> None:
        self.drained()
        for problem in problems:
            self._write(record(part(say("script.save-failed", problem=problem), HOST, "error"), "err"))

    def closed(self, notes: Sequence[Text]) -> None:
        self.drained()
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
        self.drained()
        self._write({"cardshell": SCHEMA_VERSION, "stream": None, "line": None, "input": None, "status": status,
                     "origin": HOST, "kind": "exit", "id": None, "args": {}, "text": "", "inline": False})
        self.out.flush()
        self.ended = True


#: One JSON encoder for every record (``json.dumps`` with options makes one a call).
_encode = json.JSONEncoder(ensure_ascii=False).encode


#: A JSON string of a ``str`` as :data:`_encode` writes it (non-ASCII kept).
_string = json.encoder.encode_basestring


def _line_1(piece: Part, stream: str, middle: str) -> str:
    """Schema 1's record of a line's part (:func:`record`, its text strict UTF-8) as
    :data:`_encode` writes it, made from a template with the line's ``middle``."""
    message = piece.message
    identity = "null" if message is None else _string(message.id)
    args = "{}" if message is None or not message.args else _encode(structured(message)["args"])
    return (f'{{"cardshell": 1, "stream": {_string(stream)}{middle}"origin": {_string(piece.origin)}, '
            f'"kind": {_string(piece.kind)}, "id": {identity}, "args": {args}, '
            f'"text": {_string(_SURROGATE.sub(_escaped, piece.text))}, '
            f'"inline": {"true" if piece.inline else "false"}}}')


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
    if piece.plugin is not None or piece.code is not None:
        made["_game"] = (piece.plugin, piece.code)  # schema 2's plugin and a game's rejection id
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


def result_line(schema: int, line: int, text: str, status: str) -> str:
    """:func:`result` as schema ``schema`` writes it, a JSON line: made from a template, as
    a line's last record is the one every line has."""
    if schema >= 2:
        return _RESULT_2 % (line, _encode(clean(text)), status)
    return _RESULT_1 % (line, _encode(text), status)


_RESULT_1 = ('{"cardshell": 1, "stream": null, "line": %d, "input": %s, "status": "%s", "origin": "host", '
             '"kind": "result", "id": null, "args": {}, "text": "", "inline": false}\n')
_RESULT_2 = _RESULT_1.replace('"cardshell": 1', '"cardshell": 2').replace("false}", 'false, "plugin": null}')


def hello(schema: int) -> dict[str, Any]:
    """Schema 2's first object: the schema written, those served and the cardshell version."""
    from cardshell.version import __version__

    return {"cardshell": schema, "kind": "hello", "version": __version__, "schemas": list(SCHEMAS)}


def upgraded(obj: dict[str, Any], is_game: Callable[[str], bool] | None = None) -> dict[str, Any]:
    """An object of schema 1 as schema 2 writes it (``obj`` itself, changed): ``cardshell`` 2,
    a game's ending of kind ``ending``, typed ``args`` (:func:`typed`), every string
    escaped as the plain output escapes it (:func:`clean`), the ``plugin``
    that wrote a part (None: the host's, or unknown), origin :data:`PLUGIN`
    for a plugin that brings no game (``is_game``; None: every plugin does), and a
    game's rejection id as ``id``."""
    obj["cardshell"] = 2
    message = obj.pop("_message", None)
    plugin, code = obj.pop("_game", (None, None))
    obj.setdefault("plugin", plugin)
    if code is not None and obj["id"] is None:
        obj["id"] = code
    if plugin is not None and is_game is not None and obj["origin"] == "game" and not is_game(plugin):
        obj["origin"] = PLUGIN
    if message is not None:
        obj["args"] = typed(message)["args"]
        if obj["kind"] == "note" and message.id.startswith("game.ending"):
            obj["kind"] = "ending"
    obj["text"] = clean(obj["text"])
    if obj.get("input") is not None:
        obj["input"] = clean(obj["input"])
    return obj


def clean(text: str) -> str:
    r"""``text`` as the plain output prints it, and strict UTF-8: control characters escaped
    (``\x1b``, :func:`cardshell.screen.printable`), lone surrogates as ``\udcff``."""
    if _UNSAFE.search(text) is None:  # the common case: one scan
        return text
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
