"""The catalog of the host's messages: every line the host itself writes,
by a stable id.

A host message is written in one place only, here, as a template with
named fields (``"unknown command {word}{where}{suggestion}; ..."``); the
code that says it calls :func:`say` with the id and the fields' values and
gets a :class:`HostText`, a ``str`` that remembers both.  So every line a
reply prints knows who wrote it (:class:`cardshell.reply.Part`): the host,
with an id and arguments, or a game (its ``render``, ``ctx.echo``, its
:class:`~cardshell.errors.CommandError` messages).

An id is never reused for another meaning and never removed while a served
contract version could have recorded it.  When the wording of a message
improves, its earlier wording moves to :attr:`Message.former`: golden files
recorded by earlier releases keep matching it (:mod:`cardshell.golden`), and
programs that read the porcelain output (``cardshell --jsonl``) see the
same id and arguments.  docs/messages.md lists the catalog, generated from
it (:func:`markdown`).
"""

from __future__ import annotations

import itertools
import string
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from cardshell import screen

#: The most renderings :meth:`HostText.wordings` gives of one message (its
#: own wordings times those of the messages in its arguments).
MAX_WORDINGS = 64


@dataclass(frozen=True)
class Message:
    """One host message.

    Attributes:
        id: the stable id, ``area.what`` (``command.unknown``).
        text: the wording, a :meth:`str.format` template with named fields only.
        doc: when the host says it and what its fields hold (docs/messages.md).
        former: earlier wordings of the same message, newest first; they may
            use fewer fields than :attr:`text`, never fields it lacks.
        kind: ``"output"``, or ``"note"`` for a line the host adds around a
            game's output on its own (a game's ending, a remark under a
            help page): the testing helpers' ``lines`` leave notes out, so a
            release that adds one never moves a game's line
            (:attr:`cardshell.testing.ScriptResult.lines`).
    """

    id: str
    text: str
    doc: str
    former: tuple[str, ...] = ()
    kind: str = "output"

    @property
    def fields(self) -> tuple[str, ...]:
        """The names of the fields of :attr:`text`, in order, each once."""
        return fields_of(self.text)


def fields_of(template: str) -> tuple[str, ...]:
    """The field names of a template, in order of first use.

    Raises:
        ValueError: a field is positional (``{}``, ``{0}``), has a format
            spec or a conversion, or the braces do not balance.
    """
    names: list[str] = []
    for _, name, spec, conversion in string.Formatter().parse(template):
        if name is None:
            continue
        if not name.isidentifier() or spec or conversion:
            raise ValueError(f"template field {{{name}}} must be a plain name: {template!r}")
        if name not in names:
            names.append(name)
    return tuple(names)


class HostText(str):
    """A host message as said: its text, id and arguments.

    A ``str`` (printed, compared and joined like one; joining or formatting
    it gives a plain ``str``).  Build it with :func:`say`.

    Attributes:
        message_id: the catalog id.
        args: the field values; each a ``str`` or a :class:`HostText` (a
            host message inside another).
    """

    message_id: str
    args: Mapping[str, str]
    layout: tuple[int | None, str] = (None, "")

    def __new__(cls, message_id: str, args: Mapping[str, str]) -> HostText:
        message = CATALOG[message_id]
        made = super().__new__(cls, message.text.format_map(args))
        made.message_id = message_id
        made.args = args
        return made

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuilt, (self.message_id, dict(self.args), self.layout))

    def wordings(self) -> list[str]:
        """Every text this message has had with these arguments: its wording
        now first, then each former one (:attr:`Message.former`) whose
        fields are all given, the arguments that are host messages
        themselves taken in each of their wordings; at most
        :data:`MAX_WORDINGS`, without repeats."""
        message = CATALOG[self.message_id]
        found: dict[str, None] = {str(self): None}
        for template in (message.text, *message.former):
            names = fields_of(template)
            if any(name not in self.args for name in names):
                continue
            choices = [_arg_wordings(self.args[name]) for name in names]
            for values in itertools.islice(itertools.product(*choices), MAX_WORDINGS):
                text = template.format_map(dict(zip(names, values)))
                found.setdefault(screen.wrap(text, *self.layout), None)
                if len(found) >= MAX_WORDINGS:
                    return list(found)
        return list(found)

    def laid_out(self, width: int | None, indent: str = "") -> HostText:
        """The same message wrapped to a width (:func:`cardshell.screen.wrap`),
        its continuation lines indented by ``indent``; its
        :meth:`wordings` are wrapped alike."""
        made = str.__new__(HostText, screen.wrap(str(self), width, indent))
        made.message_id = self.message_id
        made.args = self.args
        made.layout = (width, indent)
        return made

    def plain_args(self) -> dict[str, str]:
        """The arguments as plain strings (a nested message as its text)."""
        return {name: str(value) for name, value in self.args.items()}


def _rebuilt(message_id: str, args: Mapping[str, str], layout: tuple[int | None, str]) -> HostText:
    """A :class:`HostText` from its pickle (its wording as this release has it)."""
    text = HostText(message_id, args)
    return text.laid_out(*layout) if layout != (None, "") else text


def _arg_wordings(value: str) -> list[str]:
    return value.wordings() if isinstance(value, HostText) else [value]


def say(message_id: str, /, **args: object) -> HostText:
    """The host's message ``message_id`` with its fields filled in.

    Args:
        message_id: an id of :data:`CATALOG`.
        **args: a value for each field of its wording: a :class:`HostText`
            is kept as it is, anything else becomes ``str(value)``.

    Raises:
        KeyError: an unknown id, or a field without a value.
    """
    values = {name: value if isinstance(value, HostText) else str(value) for name, value in args.items()}
    return HostText(message_id, values)


def ids() -> Iterator[str]:
    """Every message id, in catalog order."""
    return iter(CATALOG)


def markdown() -> str:
    """docs/messages.md: every host message by id, with its wording, its
    former wordings and what it is for."""
    lines = [
        "# The host's messages",
        "",
        "Generated from `cardshell/messages.py` by `python -m cardshell.docs --messages --write docs/messages.md`;",
        "do not edit by hand.  Every line the host itself writes is one of these,",
        "by a stable id.  Golden tests compare the host's lines by id and arguments",
        "(any wording below matches); the porcelain output (`cardshell --jsonl`,",
        "[porcelain.md](porcelain.md)) gives the id and arguments of every host line.",
        "",
    ]
    areas: dict[str, list[Message]] = {}
    for message in CATALOG.values():
        areas.setdefault(message.id.partition(".")[0], []).append(message)
    for area, listed in areas.items():
        lines += [f"## {area}", ""]
        for message in listed:
            lines.append(f"### `{message.id}`")
            lines.append("")
            lines.append(message.doc + (" (A note: the testing helpers' `lines` leave it out.)"
                                        if message.kind == "note" else ""))
            lines.append("")
            lines.append("    " + message.text.replace("\n", "\n    "))
            lines.append("")
            if message.fields:
                lines.append("Fields: " + ", ".join(f"`{name}`" for name in message.fields) + ".")
                lines.append("")
            for former in message.former:
                lines.append("Formerly:")
                lines.append("")
                lines.append("    " + former.replace("\n", "\n    "))
                lines.append("")
    return "\n".join(lines).rstrip("\n") + "\n"


CATALOG: dict[str, Message] = {}


def _message(message_id: str, text: str, doc: str, former: tuple[str, ...] = (), kind: str = "output") -> None:
    CATALOG[message_id] = Message(message_id, text, doc, former, kind)


# -- the catalog ----------------------------------------------------------------
# Grouped by area (the part of the id before the dot); an area's messages
# are listed together in docs/messages.md.

# command: finding and running the command a line names
_message("command.unknown",
         "unknown command {word}{where}{suggestion}; type {help} for the list of commands",
         "A line whose first word names no command here. `word` is the word quoted, `where` is "
         "\" in TITLE\" inside a game (else empty), `suggestion` a did-you-mean (or empty), `help` the "
         "way to type `help` here ('help' or '%help').")
_message("command.did-you-mean", " (did you mean {word}?)",
         "The did-you-mean part of `command.unknown`: `word` quoted.")
_message("command.unknown-shell",
         "unknown shell command {word}{suggestion}; %WORD reaches the shell's command WORD; "
         "type '%help' for the list",
         "A `%WORD` line whose WORD is no shell command. `word` is what was typed, quoted.")
_message("command.did-you-mean-escaped", " (did you mean '%{word}'?)",
         "The did-you-mean part of `command.unknown-shell`.")
_message("command.did-you-mean-line", "\nDid you mean {word}?",
         "Added on a line of its own after a game's own invalid-input text, when a command word is close "
         "to what was typed. `word` quoted.")
_message("command.usage", " (usage: {usage})",
         "Added after a command's usage error: the command's grammar.")
_message("command.interrupted", "interrupted; nothing was changed",
         "Ctrl-C stopped a command before it changed anything.")
_message("command.interrupted-after-move",
         "interrupted after {line} was accepted: the move stands ({undo} takes it back where the game allows)",
         "Ctrl-C arrived after a move was accepted, while its display or hooks ran. `line` quoted; `undo` "
         "the way to type `undo` here, quoted.")
_message("command.step", "> {line}",
         "Before each move a command plays for the player (`solve --play`), in a script: the move's line.")
_message("command.step-rejected", "{line}: ",
         "Before the error of a move a command played for the player, which was rejected. `line` quoted.")

# parser: the argument parsers of the toolkit (cardshell.parsers), which games use for their commands
_message("parser.not-a-number", "{word} is not a number", "A word a number parser could not read. `word` quoted.")
_message("parser.too-many-digits", "{word} has more than {limit} digits",
         "A number with more digits than the parsers read (`cardshell.parsers.MAX_DIGITS`).")
_message("parser.too-long", "the arguments are {length} characters long; at most {limit} are accepted",
         "An argument text longer than `cardshell.parsers.MAX_SHELL_WORDS_LENGTH`, refused before it is split.")
_message("parser.shell-words", "{problem}",
         "An argument text that does not split into shell words (an unclosed quote): Python's shlex says "
         "what is wrong.")
_message("parser.no-arguments", "this command takes no arguments, got {got}",
         "Arguments after a command that takes none. `got` quoted.")
_message("parser.count", "expected {count} numbers, got {got}",
         "A command that takes several numbers got another count.")
_message("parser.count-one", "expected {count} number, got {got}", "A command that takes one number got another count.")
_message("parser.out-of-range", "{value} is out of range {range}",
         "A number outside what the command takes. `range` reads like `1..4`.")
_message("parser.choice-missing", "expected one of {words}, got nothing",
         "A command that takes one word of a fixed set (`cardshell.parsers.choice`) got none. `words` lists "
         "the set (`w, 1, 2 or 3`; past `cardshell.parsers.LISTED_WORDS` words, the first ones and the count).")
_message("parser.choice-too-many", "expected one of {words}, got {got} words",
         "A command that takes one word of a fixed set got several. `words` as in `parser.choice-missing`.")
_message("parser.choice-count", "expected {count} words, got {got}",
         "A command that takes a word from each of several fixed sets (`cardshell.parsers.choices`) got "
         "another number of words.")
_message("parser.choice-unknown", "{word} is not one of {words}",
         "A word outside the fixed set a command takes. `word` quoted; `words` as in `parser.choice-missing`.")
_message("parser.choice-unknown-nth", "word {number}: {word} is not one of {words}",
         "Word `number` (from 1) of a command that takes a word from each of several fixed sets is outside "
         "its set. `word` quoted; `words` as in `parser.choice-missing`.")

# plugin: plugin code that failed or answered wrongly
_message("plugin.internal-error",
         "internal error in plugin {plugin}: {error}{rolled}{at}",
         "A command failed in plugin code with an exception. `plugin` quoted, `error` `Type: message`, "
         "`rolled` the `plugin.rolled-back` note when a game was rolled back (or empty), `at` the "
         "`plugin.raised-at` note naming the plugin's file and line that raised (or empty).  New details go "
         "at the end, so the start of the message stays what earlier releases printed.",
         former=("internal error in plugin {plugin}{at}: {error}{rolled}",
                 "internal error in plugin {plugin}: {error}{rolled}"))
_message("plugin.raised-at", " (raised at {where})",
         "Part of `plugin.internal-error`: the plugin's file and line that raised, `FILE:LINE`.",
         former=(" ({where})",))
_message("plugin.rolled-back", " (game {game} rolled back to before the command)",
         "Part of `plugin.internal-error`: the game put back. `game` quoted.")
_message("plugin.failed-in",
         "plugin {plugin} failed in {where}{at}: {error}",
         "A plugin hook or a game's own function raised while the shell went on (a warning). `where` names "
         "the hook or the function (`render of game 'golf'`).")
_message("plugin.deprecated-search-fields",
         "plugin {plugin}: game {game} gives its search as the flat Game fields {fields}, deprecated: they "
         "are served to contracts 1 and 2 and go with contract 2 (cardshell {removal} at the earliest); "
         "use {instead}",
         "At start (on standard error in scripts and at the terminal) and under `plugins`: a game gives "
         "`key`, `heuristic`, `successors`, `prune` or `solver` as fields of `Game` rather than in "
         "`Game(search=cardshell.Search(...))`. `plugin` and `game` quoted, `fields` the fields given "
         "(`key, solver`), `removal` the release, `instead` the same fields as a `Search`.")

# help: help pages
_message("help.shell-word", "\nThe shell's own {word} is '%{word_plain}' in {title} ('help %{word_plain}').",
         "Under `help WORD` for a game's own command named like a shell command: how to reach the "
         "shell's. `word` quoted.", kind="note")

# game: the ending of a game
_message("game.ending", "{over}\n{next}",
         "The two lines that say a game (or a round) just ended, `game.over` then `game.next`.", kind="note")
_message("game.over", "{what}: {result}{score}{detail}.",
         "A game (or a round of it) just ended. `what` is `game.over.what` or `game.over.round`; "
         "`result` the game's result word, `score` \", score N\" or empty, `detail` \" (DETAIL)\" or empty.")
_message("game.over.what", "{title} is over", "The subject of `game.over` for a whole game.")
_message("game.over.round", "{title}: the round is over",
         "The subject of `game.over` when the game goes on with moves of its own (play again?).")
_message("game.next", "Next: {choices} or {last}.",
         "After `game.over`: what the player can type next, each quoted.")
_message("game.none-in-progress", "no game in progress; type 'play GAME' to start one",
         "A command that needs a game was typed outside any.")
_message("game.started", "{title}, seed {seed}.", "`play GAME` dealt a game: its title and seed.")
_message("game.started-new", "New game: {title}, seed {seed}.", "`new` dealt a new game of the same kind.")
_message("game.restarted", "Restarted: {title}, seed {seed}.", "`restart` dealt the same deal again.")
_message("game.score", ", score {score}", "The score in `game.over`.")
_message("game.detail", " ({detail})", "The game's own detail of its result in `game.over`.")
_message("game.ending-menu", "\n{over}\n{next}",
         "`game.ending` for a game that shows a menu of its own (Up-and-Down's browser): a blank line "
         "first, and `next` is `game.next-menu`.", kind="note")
_message("game.next-menu", "Next: an answer to the menu above, or {choices} or {last}.",
         "After `game.over`, for a game that shows a menu of its own.")

# prompt: the prompt for the next line (at a terminal, and echoed by --echo)
_message("prompt.shell", "cardshell> ", "The prompt outside any game.")
_message("prompt.game", "{game}> ", "The prompt in a game that asks no question of its own. `game` is its id.")
_message("prompt.question", "{game}: {question}",
         "The prompt in a game that asks its own question (`Game.prompt`): the game's id, then its words.")

# script: the script front end
_message("script.report", "{source}:{number}: {message}",
         "A rejected line of a script, on standard error: the script's name, the line number and the "
         "message (further lines of the message indented by two spaces).")
_message("script.warning", "warning: {warning}",
         "A warning raised while a script line ran, reported like a rejected line.")
_message("script.output-failed", "cardshell: {failure}: the script stopped {where}",
         "Standard output or standard error could not be written (closed, full, its reader gone); said on "
         "the other stream. `failure` says which stream and why.")
_message("script.stopped-at", "at {source}:{number}, {when} running that line",
         "Where a script stopped when its output failed: `when` is `before` or `after`.")
_message("script.stopped-before-first", "before the first line",
         "Where a script stopped when its output failed before its first line.")
_message("script.output-failed-at-end", "cardshell: {failure}: at the end of the script",
         "Standard output failed as the script ended (writing the saves made); said on standard error.")
_message("script.line-too-long", "line too long (over {limit} characters); it was not run",
         "A script line longer than the limit, refused unread.")
_message("script.save-failed", "cardshell: {problem}",
         "A game could not be saved (the autosave at exit or after a signal), on standard error; the run "
         "exits 74. `problem` names the save and the cause (`cannot save 'aces-up': No space left on device`).")

# stop: plugin code that would not stop, given up on (cardshell.signals.give_up); then the process ends
_message("stop.signal", "cardshell: {plugin} did not stop within {seconds} s of {signal}; cardshell stops here",
         "SIGTERM or SIGHUP arrived and plugin code swallowed it for `seconds` (`CARDSHELL_SIGNAL_GRACE`): "
         "`plugin` is `plugin 'NAME' (FILE:LINE)`, where it was; the autosave follows, then exit 128 + the "
         "signal.")
_message("stop.interrupt", "cardshell: {plugin} did not stop at Ctrl-C and was interrupted again; "
         "cardshell stops here",
         "A second Ctrl-C while plugin code that swallowed the first still ran; the autosave follows, then "
         "exit 130.")
_message("stop.bound", "cardshell: plugin {plugin}: {hook} did not return within {seconds} s and ignored "
         "{count} requests to stop{where}; cardshell stops here",
         "Plugin code swallowed the time bound's stops (`cardshell.watchdog.ALARMS_BEFORE_GIVING_UP`); "
         "`where` is ` (FILE:LINE)` or empty. The autosave follows, then exit 70.")


# The messages of the host's parts, each part in its own section below (the
# order of sections is not the order of docs/messages.md, which groups every
# area's messages together).

# -- section A: the player's commands (cardshell/commands/, assist, undo, gamepage, help) --

# -- end of section A --

# -- section B: saves, replays, options, recordings --

# -- end of section B --

# -- section D: the command line, the terminal, signals, plugins' loading and faults --

# -- end of section D --

# -- section C: sweeps, winnability, the scaffold, the contract check --

# -- end of section C --
