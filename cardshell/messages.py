"""The catalog of the host's messages: every line the host itself writes,
by a stable id.

A host message is written in one place only, here, as a template with
named fields (``"unknown command {word}{where}{suggestion}; ..."``); the
code that says it calls :func:`say` with the id and the fields' values and
gets a :class:`HostMessage`, a value (not a ``str``) holding both, whose
text is made only when a front end prints it (:mod:`cardshell.render`).
So every line a reply prints knows who wrote it
(:class:`cardshell.reply.Part`): the host, with an id and arguments, or a
game (its ``render``, ``ctx.echo``, its
:class:`~cardshell.errors.CommandError` messages, whatever their type).

An id is never reused for another meaning and never removed while a served
contract version could have recorded it.  When the wording of a message
improves, its earlier wording moves to :attr:`Message.former`: golden files
recorded by earlier releases keep matching it (:mod:`cardshell.golden`), and
programs that read the porcelain output (``cardshell --jsonl``) see the
same id and arguments.  docs/messages.md lists the catalog, generated from
it (:func:`markdown`).
"""

from __future__ import annotations

import functools
import itertools
import string
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Union, cast

#: The most renderings :meth:`HostMessage.wordings` gives of one message (its
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

    @functools.cached_property
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


#: A typed argument of a host message: a word or a line (``str``), a number
#: (``int``, ``float``), a list of words (a tuple of ``str``, shown joined
#: by ``", "``), or another host message (shown in its wording).
Arg = Union[str, int, float, tuple[str, ...], "HostMessage"]


@dataclass(frozen=True, eq=False, init=False)
class HostMessage:
    """A host message as said: its catalog id and its typed arguments; not a ``str``.

    Its text is made only when a front end asks for it (:attr:`text`,
    :meth:`render`), so a message nobody prints costs no formatting.  It
    cannot be concatenated, joined or put in an f-string (``format``
    raises :class:`TypeError`): a message that lost its id would be a
    type error, not a silent change.  Pass it whole (as a reply's text, a
    :class:`~cardshell.errors.CommandError`'s message, or an argument of
    another :func:`say`).  It equals another message with the same id and
    arguments, and a ``str`` of its text.  Build it with :func:`say`.

    Attributes:
        id: the catalog id (:data:`CATALOG`).
        args: the field values, typed (:data:`Arg`).
    """

    id: str
    args: Mapping[str, Arg]

    def __init__(self, id: str, args: Mapping[str, Arg]) -> None:  # noqa: A002 - the catalog's word
        kept = self.__dict__  # frozen: set once, here (without the frozen check's cost on every line)
        kept["id"] = id
        kept["args"] = args

    @property
    def message_id(self) -> str:
        """The catalog id (the same as :attr:`id`)."""
        return self.id

    @property
    def text(self) -> str:
        """The message in its wording now, its arguments in theirs (made once, then kept)."""
        kept = self.__dict__
        made: str | None = kept.get("_text")
        if made is None:
            values = self.args
            for value in values.values():
                if type(value) is not str:  # a number, a list or a message: each shown as text
                    values = {name: _shown(value) for name, value in self.args.items()}
                    break
            made = kept["_text"] = CATALOG[self.id].text.format_map(values)
        return made

    def render(self, template: str | None = None) -> str:
        """The message's text, in ``template`` (an earlier wording, :attr:`Message.former`) if given.

        Raises:
            KeyError: ``template`` has a field this message has no value for.
        """
        if template is None:
            return self.text
        return template.format_map({name: _shown(value) for name, value in self.args.items()})

    def wordings(self) -> list[str]:
        """Every text this message has had with these arguments: its wording
        now first, then each former one (:attr:`Message.former`) whose
        fields are all given, the arguments that are host messages
        themselves taken in each of their wordings; at most
        :data:`MAX_WORDINGS`, without repeats."""
        message = CATALOG[self.id]
        found: dict[str, None] = {self.text: None}
        for template in (message.text, *message.former):
            names = fields_of(template)
            if any(name not in self.args for name in names):
                continue
            choices = [_arg_wordings(self.args[name]) for name in names]
            for values in itertools.islice(itertools.product(*choices), MAX_WORDINGS):
                found.setdefault(template.format_map(dict(zip(names, values))), None)
                if len(found) >= MAX_WORDINGS:
                    return list(found)
        return list(found)

    def plain_args(self) -> dict[str, str]:
        """The arguments as plain strings (a nested message as its text, a list joined by ``", "``)."""
        return {name: _shown(value) for name, value in self.args.items()}

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"say({self.id!r}, {', '.join(f'{name}={value!r}' for name, value in self.args.items())})"

    def __format__(self, spec: str) -> str:
        raise TypeError(f"host message {self.id!r} formatted into a str: pass it whole, or take its .text at the edge")

    def __bool__(self) -> bool:
        return bool(self.text)

    def __eq__(self, other: object) -> bool:
        """Two messages are equal by id and arguments; a message and a ``str`` by
        the message's text now (so a test or a plugin's suite that compares what
        the host said with the words it expects keeps working)."""
        if isinstance(other, str):
            return self.text == other
        if not isinstance(other, HostMessage):
            return NotImplemented
        return self.id == other.id and dict(self.args) == dict(other.args)

    def __hash__(self) -> int:
        return hash(self.text)

    def __reduce__(self) -> tuple[object, ...]:
        return (HostMessage, (self.id, dict(self.args)))


def _shown(value: Arg) -> str:
    """An argument as it reads in a message's text."""
    if isinstance(value, str):
        return value
    if isinstance(value, HostMessage):
        return value.text
    if isinstance(value, tuple):
        return ", ".join(value)
    return str(value)


def _arg_wordings(value: Arg) -> list[str]:
    return value.wordings() if isinstance(value, HostMessage) else [_shown(value)]


def _arg(value: object) -> Arg:
    """A value given to :func:`say` as a typed argument: words, numbers, lists
    of words and host messages are kept; anything else becomes ``str(value)``."""
    if isinstance(value, (str, int, float, HostMessage)):
        return value
    if isinstance(value, (list, tuple)):
        return tuple(item if isinstance(item, str) else str(item) for item in value)
    return str(value)


def say(message_id: str, /, **args: object) -> HostMessage:
    """The host's message ``message_id`` with its fields filled in.

    The one way the host speaks.  The text is not made here: a front end
    makes it when it prints the message (:attr:`HostMessage.text`).

    Args:
        message_id: an id of :data:`CATALOG`.
        **args: a value for each field of its wording: a ``str``, an ``int``
            or ``float``, a list or tuple of words, or a :class:`HostMessage`
            is kept as it is (:data:`Arg`); anything else becomes ``str(value)``.

    Raises:
        KeyError: an unknown id, or a field without a value.
    """
    for name in CATALOG[message_id].fields:
        if name not in args:
            raise KeyError(name)
    for name, value in args.items():  # args is this call's own dict
        if type(value) not in _KEPT:
            args[name] = _arg(value)
    return HostMessage(message_id, cast("dict[str, Arg]", args))


#: The argument types :func:`say` keeps without a look (the common case).
_KEPT = frozenset({str, int, float, HostMessage})


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
_message("command.of-game", " ({word} is a command of {title}: 'play {game}' first)",
         "The suggestion of `command.unknown` outside any game for a word that is one game's own command. "
         "`word` quoted, `title` the game's title, `game` its id.")
_message("command.of-games", " ({word} is a command of {titles}: 'play GAME' first)",
         "`command.of-game` for a word that several games take. `titles` their titles (`help.list-and`).")
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
_message("game.over-said", "{what}{score}.",
         "`game.over` when the move that ended the game printed the game's own words naming its result "
         "(`You won!` for `won`): the result and its detail are the game's to say, so the host adds only "
         "the score. Given the same fields as `game.over` (`result` and `detail` for the porcelain, not "
         "printed).")
_message("game.over.what", "{title} is over", "The subject of `game.over` for a whole game.")
_message("game.over.round", "{title}: the round is over",
         "The subject of `game.over` when the game goes on with moves of its own (play again?).")
_message("game.next", "Next: {choices} or {last}.",
         "After `game.over`: what the player can type next, each quoted.")
_message("game.none-in-progress", "no game in progress; type 'play GAME' to start one",
         "A command that needs a game was typed outside any.")
_message("game.not-current-one", "no current game: {game} is in progress; 'play {game}' resumes it",
         "A command that needs a game was typed outside any, when one game left with Ctrl-D is in progress. "
         "`game` its id.")
_message("game.not-current", "no current game: {games} are in progress; 'play GAME' resumes one",
         "As `game.not-current-one`, for several games in progress. `games` their ids, sorted.")
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

# help: help menus, a command's help, a game's page, and the tables they and other listings lay out
_message("help.row", "{indent}{left}{pad}{right}",
         "A row of a table the host lays out (help menus, a game's page, `games`, `load`, `plugins`): "
         "`indent` and `pad` are spaces, `left` the left column (a command's usage, a game's id, a save's "
         "name, an option), `right` the row's text (a message of its own where it is the host's words).  A "
         "long row continues under its right column; a row whose left column is too wide is two rows, the "
         "left column alone, then the right one alone, indented (`left` and `pad` empty).")
_message("help.spaced", "\n{text}",
         "A blank line, then `text`: a heading or a line of a help page or listing that follows a blank line.")
_message("help.game-commands", "{title} commands:",
         "`help` in a game: the heading of the game's own commands. `title` is the game's title.")
_message("help.game-letters", "  Game letters: {letters}",
         "Under a game's commands (`help`, `help GAME`): the game's letters for shell commands, "
         "`letters` like `h = help, q = quit`.")
_message("help.shell-words", "Shell commands: {words}.",
         "The short `help` in a game: the shell's words most used in a game, `words` like `rules, show, "
         "moves` (a word the game shadows as `%WORD`).")
_message("help.details-all", "Type '{help} COMMAND' for details, '{help} all' for every command.",
         "The last line of the short `help`. `help` is how `help` is typed here (`help` or `%help`).")
_message("help.start-with", "Start with:",
         "The short `help` at `cardshell>`: the heading of the commands to start with.")
_message("help.also", "Also: {words}.",
         "The short `help` at `cardshell>`: the other commands usable there, by name (`words` like "
         "`help, quit`).")
_message("help.shell-commands", "Shell commands:", "`help all`: the heading of the shell's commands.")
_message("help.shadowed", "  {title} has its own {own}: the shell's are {theirs}.",
         "`help all` in a game whose own commands use shell words: `own` the words quoted (`'hint', "
         "'show'`), `theirs` the same words as `%WORD`, quoted.")
_message("help.details", "Type '{help} COMMAND' for details.",
         "The last line of `help all`. `help` is how `help` is typed here (`help` or `%help`).")
_message("help.command", "{summary}{aliases}",
         "The right column of a command in a help menu: `summary` the command's summary (its author's "
         "words), `aliases` the `help.aliases` part or empty.")
_message("help.aliases", " (also: {aliases})",
         "Part of `help.command`: the command's aliases, `aliases` like `board` or `%b, %c`.")
_message("help.usage", "usage: {usage}", "The first line of `help COMMAND`: the command's grammar.")
_message("help.aliases-line", "aliases: {aliases}", "`help COMMAND` for a command with aliases: "
         "`aliases` like `board, b`.")
_message("help.summary", "{summary}{game}",
         "`help COMMAND`: the command's summary (its author's words), `game` the `help.summary-game` "
         "part for a game's command, else empty.")
_message("help.summary-game", " ({title})", "Part of `help.summary`: the title of the game the command belongs to.")
_message("help.too-many", "help takes at most one command name", "`help` with more than one word.")
_message("help.no-shell-command", "no shell command {word}; type '{help}' for the list",
         "`help %WORD` where WORD is no shell command. `word` is what was typed, quoted; `help` how `help` "
         "is typed here.")
_message("help.unknown",
         "no command or game {word}{suggestion}; type '{help}' for the list of commands and 'games' for "
         "the games",
         "`help WORD` where WORD names no command and no game. `word` quoted, `suggestion` a "
         "`command.did-you-mean` (or empty), `help` how `help` is typed here.")
_message("help.command-elsewhere", "'{word}' is a command inside {games}: 'play GAME', then 'help {word}' there.",
         "`help WORD` outside the games that have a command WORD. `games` their titles (`help.list-and` "
         "when there are several).")
_message("help.list-and", "{items} and {last}",
         "Several titles as a sentence lists them: `items` all but the last, joined by commas.")
_message("help.rules-page", "{page}",
         "`help GAME` and `rules`: the game's rules page (its `RULES.md` or `Game.rules`, its author's words); "
         "`page` is its Markdown, the text shows it rendered at the reader's width.")
_message("help.page-title", "{title} ({game}): {summary}",
         "The first line of `help GAME` (and `rules`) for a game without a rules page: its title, id and "
         "summary.")
_message("help.page-commands", "Commands:", "`help GAME` for a game without a rules page: the heading of its commands.")
_message("help.page-options", "Options of 'play {game}':",
         "`help GAME` for a game without a rules page: the heading of its `play` options. `game` is its id.")
_message("help.option-seed", "the deal's number (default: a new one, shown when the game starts)",
         "`help GAME`, the options of `play`: what `--seed N` is.")
_message("help.option", "{help}{choices}{default}",
         "`help GAME`, the options of `play`: one option, `help` its author's words, `choices` the "
         "`help.option-choices` part or empty, `default` the `help.option-default` part or empty.")
_message("help.option-choices", " ({choices})", "Part of `help.option`: the values allowed, like `easy | hard`.")
_message("help.option-default", "; default {default}", "Part of `help.option`: the option's default value.")

# games: the list of games (`games`)
_message("games.none", "No games are installed.", "`games` when no game is registered.")
_message("games.heading", "Games:", "`games`: the heading of the list of games.")
_message("games.listed", "{title}: {summary}", "`games`: a game's title and summary (its author's words).")
_message("games.in-progress", "In progress:", "`games`: the heading of the games in progress.")
_message("games.playing", "seed {seed}, {moves}{current}",
         "`games`: a game in progress, `moves` a `game.moves` count, `current` the `games.current` part for "
         "the current game, else empty.")
_message("games.finished-heading", "Finished ('play GAME' deals a new game):",
         "`games`: the heading of the games that ended in this session.")
_message("games.finished", "seed {seed}, {moves}, {result}{current}",
         "`games`: a game that ended, `result` the game's result word, `current` as in `games.playing`.")
_message("games.current", " (current)", "Part of `games.playing` and `games.finished`: the current game.")

# game: starting, resuming, leaving and abandoning games
_message("game.moves-one", "{count} move", "A count of one move, in other messages.")
_message("game.moves", "{count} moves", "A count of moves other than one, in other messages.")
_message("game.which", "which game? type 'games' for the list", "`play` without a game.")
_message("game.ambiguous", "{word} could be {games}; type more of its name",
         "A game named by a prefix of several ids. `word` quoted, `games` the ids, sorted.")
_message("game.unknown", "no game {word}{suggestion}; the games are: {games}",
         "A word that names no game. `word` quoted, `suggestion` a `command.did-you-mean` (or empty), "
         "`games` the ids, sorted, or `game.none-installed`.")
_message("game.installed-since",
         "no game {word} in this session; installed since cardshell started: {plugins}; exit and start "
         "cardshell again to play it",
         "A word that names no game, when plugins were installed after the shell started (read again "
         "then, from the entry points). `word` quoted, `plugins` their entry-point names, quoted.")
_message("game.none-installed", "none installed", "Part of `game.unknown` when no game is registered.")
_message("game.resumed", "Resuming {title}, seed {seed} ({moves} so far).",
         "`play GAME` for a game in progress here: it goes on. `moves` a `game.moves` count.")
_message("game.other-kept", "{title} is kept; '{play} {game}' resumes it.",
         "At a terminal, first in the reply of a `play GAME` that switched away from another game in progress "
         "with moves: it goes on where it "
         "was. `title` its title, `game` its id, `play` how `play` is typed in the new game (`%play` "
         "where the game has a `play` of its own).", kind="note")
_message("game.was-over", "{title} (seed {seed}) is over: {result}{detail}.",
         "How a finished game is named (in `game.new-deal-after`): `result` the game's result word, "
         "`detail` a `game.detail` part or empty.")
_message("game.new-deal-after", "{over} A new deal:",
         "`play GAME` for a game that ended: `over` is `game.was-over`; the new deal follows.")
_message("game.no-current-one",
         "no current game: {game} is in progress; 'play {game}' resumes it (then 'new' or 'restart' acts on it)",
         "`new` or `restart` outside any game, when one game left with Ctrl-D is in progress. `game` its id.")
_message("game.no-current",
         "no current game: {games} are in progress; 'play GAME' resumes one (then 'new' or 'restart' acts on it)",
         "As `game.no-current-one`, for several games in progress. `games` their ids, sorted.")
_message("game.none-to-deal", "no game in progress or finished; type 'play GAME' to start one",
         "`new` or `restart` with no game in progress and none finished.")
_message("game.confirm-abandon", "This abandons {what}. Go on?",
         "At a terminal, before a command drops a game with moves (`quit`, `new`, `play GAME --seed N`, "
         "`load`). `what` names the game (`Aces Up (seed 7, 5 moves)`, or `game.the-saved`).")
_message("game.kept", "Nothing was changed: {what} is kept.",
         "The player answered no to `game.confirm-abandon`.")
_message("game.the-saved", "the saved {what}",
         "In `game.confirm-abandon`, `game.kept` and `game.abandoned`: the automatic save a new game replaces.")
_message("game.abandoned", "Abandoned {what}: 'load {name}' brings it back until you exit.",
         "A command dropped a game with moves; it stays loadable as `name` until exit.")
_message("game.left-loadable", "Left {title} (seed {seed}): 'load {name}' brings it back until you exit.",
         "`quit` left a game with moves; it stays loadable as `name` until exit.")
_message("game.left-over", "Left {title} (seed {seed}, over: {result}).", "`quit` left a game that had ended.")
_message("game.left", "Left {title} (seed {seed}).", "`quit` left a game without moves.")

# save: `save`, `load` and the list of saves
_message("save.too-many", "save takes at most one name", "`save` with more than one word.")
_message("save.load-too-many", "load takes at most one name", "`load` with more than one word.")
_message("save.name-reserved", "the name {name} is kept for {title}'s automatic save; choose another",
         "`save NAME` where NAME is another game's id. `name` quoted, `title` that game's title.")
_message("save.saved", "Saved {what} as {name}{instead}: '{how}' resumes it.",
         "`save` wrote the game. `what` names it (`Aces Up (seed 7, 5 moves)`), `name` the save's name "
         "quoted, `instead` a `save.instead` part or empty, `how` the command that resumes it (`play "
         "aces-up`, `load mine`).")
_message("save.saved-over", "Saved {what} as {name}{instead}: it is over; '{how}' shows it.",
         "`save` wrote a game that had ended under a name of the player's: `load` shows it with its ending, "
         "never resumes it. Fields as in `save.saved`; `how` is `load NAME`.")
_message("save.saved-over-auto",
         "Saved {what} as {name}{instead}: it is over, so '{how}' deals a new game; 'save NAME' keeps it to be shown.",
         "`save` wrote a game that had ended as its automatic save, which is never resumed (`save.finished`). "
         "Fields as in `save.saved`; `how` is `play GAME`.")
_message("save.instead", " instead of {name} ({reason})",
         "Part of `save.saved` when the save went to another name: `name` the name asked, quoted, and why.")
_message("save.deleted", "Deleted the save {name}{what}.",
         "`saves delete NAME` removed a save. `name` quoted; `what` is `save.what-auto` or empty.")
_message("save.what-auto", " (its automatic save: 'play GAME' now deals a new game)",
         "Part of `save.deleted` when the save deleted was a game's automatic save.")
_message("save.renamed", "Renamed the save {old} to {new}: '{how}' resumes it.",
         "`saves rename OLD NEW` renamed a save; `old` and `new` quoted, `how` is `load NEW`.")
_message("save.rename-abandoned",
         "{name} is a game abandoned in this session; 'load {name_plain}' then 'save {new}' keeps it under that name",
         "`saves rename` of an abandoned game (kept in memory, not a file).")
_message("save.saves-usage", "saves takes nothing, 'delete NAME' or 'rename OLD NEW'",
         "`saves` with arguments it does not take.")
_message("save.none", "No saved games.", "`load` with no save and no game abandoned in this session.")
_message("save.list-heading", "Saved:", "`load` and `games`: the heading of the saves.")
_message("save.abandoned-heading", "Abandoned in this session (kept until exit):",
         "`load`: the heading of the games abandoned in this session.")
_message("save.row", "{title}, seed {seed}, {moves}, saved {when} ('{how}')",
         "A save in `load`'s and `games`' list: `moves` a `game.moves` count, `when` the time it was "
         "saved, `how` the command that resumes it.")
_message("save.row-unusable", "cannot be used: {problem}", "A save in the list that cannot be read, and why.")
_message("save.row-not-installed", "game {game} is not installed",
         "A save in the list of a game that is not installed. `game` its id, quoted.")
_message("save.row-ended",
         "{title}, seed {seed}: cannot be resumed (played on from it to an ending; {title} has no undo)",
         "A save in the list of a deal that was played on to an ending, in a game without undo.")
_message("save.row-abandoned", "{title}, seed {seed}, {moves} ('load {name}')",
         "A game abandoned in this session, in `load`'s list: `moves` a `game.moves` count.")
_message("save.resuming", "Resuming saved {title}",
         "The start of `save.resumed` or `save.shown-over` for a game's automatic save (`play GAME`, `load GAME`).")
_message("save.loaded", "Loaded {name}: {title}",
         "The start of `save.resumed` or `save.shown-over` for a named save. `name` quoted.")
_message("save.resumed", "{verb}, seed {seed} ({moves} so far).",
         "A save was loaded and its game goes on: `verb` is `save.resuming` or `save.loaded`, `moves` a "
         "`game.moves` count.")
_message("save.shown-over", "{verb}, seed {seed} (over: {result}; shown, not resumed).",
         "A named save of a game that had ended was loaded: it is shown with its ending.")
_message("save.finished", "save {name} holds a finished game ({title}, seed {seed}: {result}); it is not resumed",
         "The automatic save of a game that had ended is never resumed (`play GAME` deals a new one). "
         "`name` quoted.")
_message("save.unusable-new-game", "warning: {problem}; starting a new game instead.",
         "`play GAME` found the game's automatic save unusable (`problem` says why) and deals a new game.")
_message("save.ending-not-recorded", "cannot record the end of this game in {path}: {error}",
         "A warning: the ledger of deals that reached an ending could not be written (the game goes on). "
         "`error` is the system's reason.")

# history: the session's accepted commands
_message("history.dropped",
         "# {count} earlier lines are not kept in memory ('cardshell --record FILE' keeps every line)",
         "`history` after more lines than it keeps: how many were dropped (a comment line, so the output "
         "still replays).")
_message("history.lines", "{lines}", "`history`: the accepted lines, one per line (the player's words).")
_message("history.empty", "No commands yet.", "`history` before any command was accepted.")

# settings: the session's settings (`set`)
_message("settings.row", "{value}: {help}",
         "`set` alone: a setting's value and what it does, the right column of a `help.row` whose left is its name.")
_message("settings.changed", "{name} is {value} for this session.", "`set NAME VALUE` accepted.")
_message("settings.unknown", "no setting {name}; the settings are: {names}",
         "`set NAME` with a name that is not a setting.")
_message("settings.bad-value", "{name} is on or off, not {value}",
         "`set NAME VALUE` with a value the setting does not take.")
_message("settings.usage-value", "say on or off: 'set {name} on'", "`set NAME` without a value.")
_message("settings.usage-number", "say a number: 'set {name} {value}'",
         "`set NAME` without a value, for a setting that is a number (`value`: its value now).")
_message("settings.bad-number", "{name} is one number, not {value}",
         "`set NAME VALUE` for a number setting given several words.")

# undo: undo and redo
_message("undo.not-a-count", "{text} is not a number of moves (1 or more)",
         "`undo` or `redo` with something other than a positive number. `text` quoted.")
_message("undo.not-allowed", "{title} does not allow undo or redo.", "`undo` or `redo` in a game that turns undo off.")
_message("undo.nothing", "Nothing to undo.", "`undo` with no move to take back.")
_message("undo.plays-itself", "{title} plays itself: it has no moves to undo or redo.",
         "`undo` or `redo` in a game that plays itself (it lists its legal moves and no command of it changes "
         "the state: Pictures, Up-and-Down).")
_message("undo.only-one", "Only {count} move can be undone: 'undo {count}' takes it back.",
         "`undo N` with one move to take back.")
_message("undo.only", "Only {count} moves can be undone: 'undo {count}' takes them back.",
         "`undo N` with fewer than N moves to take back.")
_message("undo.nothing-to-redo", "Nothing to redo.", "`redo` with no undone move (a new move clears them).")
_message("undo.redo-only-one", "Only {count} move can be redone.", "`redo N` with one undone move.")
_message("undo.redo-only", "Only {count} moves can be redone.", "`redo N` with fewer than N undone moves.")
_message("undo.undid-one", "Undid {line}.", "`undo` took back one move. `line` quoted.")
_message("undo.undid", "Undid {count} moves: {lines}.",
         "`undo N` took back several moves. `lines` each quoted, most recent first.")
_message("undo.redid-one", "Redid {line}.", "`redo` made one move again. `line` quoted.")
_message("undo.redid", "Redid {count} moves: {lines}.", "`redo N` made several moves again. `lines` each quoted.")

# plugins: the list of plugins (`plugins`)
_message("plugins.heading", "Plugins:", "`plugins`: the heading of the loaded plugins.")
_message("plugins.row", "{distribution}; {games}hooks: {hooks}",
         "`plugins`: one plugin, `distribution` its distribution and version or `plugins.no-distribution`, "
         "`games` a `plugins.games` part or empty, `hooks` the hooks it implements or `plugins.no-hooks`.")
_message("plugins.no-distribution", "(no distribution)",
         "Part of `plugins.row`: a plugin loaded from a module or file.")
_message("plugins.games", "games: {games}; ", "Part of `plugins.row`: the ids of the games the plugin registers.")
_message("plugins.no-hooks", "none", "Part of `plugins.row`: a plugin that implements no hook.")
_message("command-help.hint",
         "Options: --samples K, --seconds S, --nodes N.\n"
         "\n"
         "Suggest one move using only what you can see. For a game with\n"
         "face-down cards, K deals consistent with what you have seen are\n"
         "re-drawn at random; every legal move is played in each of the same\n"
         "K deals and the position after it searched with N positions of its\n"
         "own. A deal is won (a winning line follows the move), lost (proved:\n"
         "no line wins) or unsettled (its N positions ran out). The move won\n"
         "in the most deals is suggested (ties: fewer lost, then the game's\n"
         "order), with its counts and a 95% interval of its share of wins.\n"
         "Each deal is searched seeing all its cards, so the count is what a\n"
         "player who guessed the hidden cards right would win: an upper bound.\n"
         "A game that hides nothing has one deal, the true one.\n"
         "Defaults: K=20, N=1000, about a second; S=20\n"
         "bounds the whole hint (deals not reached are unsettled). More K gives\n"
         "a narrower interval, more N fewer unsettled deals. The same position\n"
         "of the same seed gives the same hint. A move the game declares safe\n"
         "(it never costs a win) in every re-drawn deal is suggested at once.\n"
         "Some games have their own hint (a safe cell, basic strategy).",
         "`help hint`: the host's hint command's help text (its defaults: settings.HINT_SAMPLES, assist.HINT_NODES, "
         "HINT_SECONDS).",
         former=(
             "Options: --samples K, --seconds S, --nodes N.\n"
             "\n"
             "Suggest one move using only what you can see. For a game with\n"
             "face-down cards, K deals consistent with what you have seen are\n"
             "re-drawn at random; every legal move is played in each of the same\n"
             "K deals and the position after it searched with N positions of its\n"
             "own. A deal is won (a winning line follows the move), lost (proved:\n"
             "no line wins) or unsettled (its N positions ran out). The move won\n"
             "in the most deals is suggested (ties: fewer lost, then the game's\n"
             "order), with its counts and a 95% interval of its share of wins.\n"
             "Each deal is searched seeing all its cards, so the count is what a\n"
             "player who guessed the hidden cards right would win: an upper bound.\n"
             "A game that hides nothing has one deal, the true one.\n"
             "Defaults: K=20, N=1000, about a second; S=20\n"
             "bounds the whole hint (deals not reached are unsettled). More K gives\n"
             "a narrower interval, more N fewer unsettled deals. The same position\n"
             "of the same seed gives the same hint.\n"
             "Some games have their own hint (a safe cell, basic strategy).",
             "Options: --samples K, --seconds S, --nodes N.\n"
             "\n"
             "Suggest one move using only what you can see. For a game with\n"
             "face-down cards, K deals consistent with what you have seen are\n"
             "drawn at random and solved, and the move that wins in the most of\n"
             "them is suggested (default K=20, 40000 positions in all).\n"
             "Some games have their own hint (a safe cell, basic strategy).",
         ))
_message("cli.jsonl-schema", "no porcelain schema {given}: the schemas served are {served}",
         "`cardshell --jsonl=N` with a schema not served (docs/porcelain.md); `served` lists them.")
_message("plugins.shadowing-heading",
         "Shell words games use for their own commands (%WORD reaches the shell's there):",
         "`plugins`: the heading of the games whose own commands use shell words.",
         former=("Shell words a game uses for its own commands (the shell's reached as %WORD there):",))
_message("plugins.notes-heading", "Notes:", "`plugins`: the heading of the notes about plugins (deprecations).")
_message("plugins.note", "  {note}", "`plugins`: one note about a plugin.")
_message("plugins.failed-heading", "Failed plugins:", "`plugins`: the heading of the plugins that failed to load.")
_message("plugins.failure", "  {failure}", "`plugins`: one plugin that failed to load, and why.")

# rules, moves, hint, solve: the host's help at the table
_message("rules.too-many", "rules takes at most one game id", "`rules` with more than one word.")
_message("rules.no-game", "no game in progress: 'rules GAME' shows the rules of a game ('games' lists them)",
         "`rules` without a game outside any game.")
_message("rules.not-current-one",
         "no current game: 'rules {game}' shows its rules; {game} is in progress ('play {game}' resumes it)",
         "`rules` without a game outside any game, when one game left with Ctrl-D is in progress. `game` its id.")
_message("rules.not-current",
         "no current game: 'rules GAME' shows the rules of a game; {games} are in progress ('play GAME' resumes one)",
         "As `rules.not-current-one`, for several games in progress. `games` their ids, sorted.")
_message("moves.cannot-list", "{title} does not list its legal moves, so the shell cannot list them.",
         "`moves` in a game that does not list its legal moves.")
_message("moves.cannot-search", "{title} does not list its legal moves, so the shell cannot search it.",
         "`hint` or `solve` in a game that does not list its legal moves.")
_message("moves.not-immutable", "{title} does not declare immutable states, so the shell cannot search it.",
         "`hint` or `solve` in a game whose states may change in place.")
_message("moves.legal", "Legal moves: {moves}", "`moves`: the legal moves now, in the game's notation.")
_message("moves.none", "No legal moves.", "`moves` when no move is legal.")
_message("save.no-undo-take-back",
         "Refused: {title} has no undo, and save {name} holds this game at {saved} where you have played on to "
         "{played} (no take-backs).",
         "`load` of a save of a game without undo that this shell has played on since (the same game, more "
         "moves now): refused. `saved` and `played` are `game.moves` counts.")
_message("game.no-undo-replay",
         "Refused: {title} has no undo, and '{what}' would deal seed {seed} again over the game you are playing "
         "on it (no take-backs).",
         "`restart`, or `new --seed N` of the deal being played, in a game declared without undo once a move "
         "was made: refused, not counted as undo. `what` is the line typed.")
_message("hint.thinking", "hint: thinking", "At a terminal, beside the spinner while `hint` searches.")
_message("hint.none", "No hint.", "`hint` found no move and says nothing more.")
_message("hint.none-why", "No hint: {why}.", "`hint` found no move; `why` is the search's or the game's reason.")
_message("hint.move", "Hint: {move}{why}", "`hint`: the move suggested, and a `hint.why` part or empty.")
_message("hint.why", " ({why})", "Part of `hint.move`: why this move (the search's or the game's words).")
_message("hint.judged",
         "Hint: {move} (wins in {won} of {samples} re-drawn deals: {share}%, 95% interval {low}-{high}%; "
         "lost in {lost}, unsettled {unsettled})",
         "`hint` in a game with face-down cards: every legal move was played in the same `samples` deals "
         "re-drawn from what the player sees, each solved with its own budget; `move` won the most of them. "
         "`won` counts deals with a winning line after it, `lost` deals proved lost, `unsettled` deals whose "
         "budget ran out; `share` is won/samples and `low`-`high` its 95% Wilson interval, in percent.")
_message("solve.searching", "solve: searching", "At a terminal, beside the spinner while `solve` searches.")
_message("solve.seen", "(the search sees face-down cards)", "Part of `solve.line` and `solve.no-win`.")
_message("solve.seen-opponents",
         "(the search sees face-down cards, and the computer plays as its seeded policy would)",
         "`solve.seen` in a game against computer opponents (`Game.players`): what the search assumes of them.")
_message("solve.already-won", "The game is already won.", "`solve` in a game already won.")
_message("solve.line", "Winning line ({moves}, {positions} searched) {seen}:",
         "`solve` found a winning line (on the next line). `moves` a `game.moves` count, `positions` a "
         "`solve.positions` count, `seen` is `solve.seen`.")
_message("solve.moves", "{moves}", "After `solve.line`: the winning line's moves, in the game's notation.")
_message("solve.then-safe", "and autoplay plays the other {count}, the safe moves.",
         "After `solve.moves` with `set autoplay on`: how many moves of the winning line autoplay plays "
         "(the game's safe moves), left out of the line shown, which is what the player types.")
_message("solve.positions-one", "{count} position", "A count of one searched position.")
_message("solve.positions", "{count} positions", "A count of searched positions other than one.")
_message("solve.playing", "Playing it, one move every {pace} s ('+' faster, '-' slower, any other key stops).",
         "`solve --play` at a terminal, before the moves are played. `pace` in seconds.")
_message("solve.play-hint", "'{solve} --play' plays it.",
         "After `solve`'s winning line. `solve` is how `solve` is typed here (`solve` or `%solve`).")
_message("solve.no-win", "No win from here: proved lost, {every} {seen}.",
         "`solve` proved that no line wins (a proof, not a budget that ran out): `every` is "
         "`solve.only-position` or `solve.all-positions`.", former=("No win from here: {every} searched {seen}.",))
_message("solve.only-position", "a bound of the game rules out every line",
         "Part of `solve.no-win`: the first position was proved lost without a move (the game's bound or its end).",
         former=("the only position",))
_message("solve.all-positions", "all {count} positions searched",
         "Part of `solve.no-win`: every position reachable was searched and none is won.",
         former=("all {count} positions",))
_message("solve.unknown",
         "Unknown after {positions} ({seconds} seconds): no winning line found within the budget; try "
         "'{solve} {budget}'.",
         "`solve` ran out of its budget. `positions` a `solve.positions` count, `seconds` the time spent "
         "(one decimal), `budget` a larger budget (`--nodes N` or `--seconds S`).")

# -- end of section A --

# -- section B: saves, replays, options, recordings --

# save: save files (cardshell.saves, cardshell.savefile) and the saves of one shell (cardshell.persistence)
_message("save.not-found", "no save named {name}",
         "`load NAME` (or a save read for resuming) names no save. `name` quoted.")
_message("save.bad-name", "bad save name {name}: use letters, digits, '.', '_' and '-' (at most 64)",
         "A save name that is not one (`save NAME`, `load NAME`). `name` quoted as typed.")
_message("save.not-regular", "save {name} is not a regular file",
         "A directory, FIFO, socket or device where a save file should be. `name` quoted.")
_message("save.unreadable", "save {name} cannot be read: {error}",
         "A save file the system cannot read, or whose bytes are not UTF-8. `name` quoted, `error` the "
         "system's (or the decoder's) words.")
_message("save.too-large", "save {name} is too large ({size} bytes; at most {limit})",
         "A save file larger than `cardshell.saves.MAX_SAVE_BYTES`. `size` and `limit` in bytes, unformatted.")
_message("save.too-large-read", "save {name} is too large (more than {limit} bytes)",
         "A save file that grew past `cardshell.saves.MAX_SAVE_BYTES` while it was read. `limit` in bytes.")
_message("save.damaged-nesting", "save {name} is damaged (nested too deeply)",
         "A save file whose JSON nests deeper than Python's parser goes.")
_message("save.damaged-constant", "save {name} is damaged ({word} is not a JSON number)",
         "A save file holding `NaN`, `Infinity` or `-Infinity` (JSON has none). `word` is that word.")
_message("save.huge-number", "save {name} holds a number of {digits} digits, more than the {most} any field "
         "may have (a seed at most)",
         "A save whose JSON holds an integer longer than `option_values.MAX_SEED_DIGITS` digits: refused, named.")
_message("save.duplicate-key", "save {name} gives the key {key} twice; a save names each field once",
         "A save whose JSON repeats a key in one object: refused rather than one of the two taken silently.")
_message("save.damaged-json", "save {name} is damaged (not valid JSON; truncated?)",
         "A save file that is not JSON.")
_message("save.foreign", "save {name} is not a cardshell save",
         "A JSON file in the saves directory whose `format` is not `cardshell-save`.")
_message("save.version", "save {name} has format version {version}; this cardshell reads version {supported}",
         "A save of another format version (a newer cardshell's). `version` the file's, as JSON (clipped), "
         "`supported` the version this cardshell reads.")
_message("save.damaged-field", "save {name} is damaged (field {field} is missing or wrong)",
         "A save field that is missing or of the wrong type (`log` holding anything but strings). `field` "
         "quoted.")
_message("save.damaged-assisted", "save {name} is damaged (field 'assisted' is wrong)",
         "A save whose optional `assisted` field is not true or false.")
_message("save.damaged-seed",
         "save {name} is damaged (field 'seed' is not a whole number of at most {limit} digits)",
         "A save whose seed is longer than a seed `play --seed` takes. `limit` the digits "
         "(`cardshell.option_values.MAX_SEED_DIGITS`, with thousands separators).")
_message("save.damaged-elapsed",
         "save {name} is damaged (field 'elapsed' is not a number of seconds in 0..{limit})",
         "A save whose time played is negative, not finite or above `cardshell.saves.MAX_ELAPSED` (`limit`, "
         "in seconds).")
_message("save.options-not-stored", "cannot save {name}: the game's options cannot be stored ({error})",
         "A game's `play` options are not JSON values. `error` is Python's json module's words.")
_message("save.not-a-directory", "cannot save {name}: {path} is a file, not a directory",
         "The data directory (or a folder above it) is a plain file. `path` quoted.")
_message("save.write-failed", "cannot save {name}: {error}",
         "A save file could not be written (a full disk, no permission); the earlier save is left as it "
         "was. `error` the system's words.")
_message("save.exists", "a save named {name} already exists",
         "Inside the host only: a new save's name was taken meanwhile (the game then goes to another name, "
         "`save.reason-created`).")
_message("save.set-aside-failed", "cannot move the unreadable save {name} aside: {error}",
         "A save this cardshell cannot read could not be renamed out of the way before saving over its name. "
         "`error` the system's words.")
_message("save.set-aside-full", "cannot move the unreadable save {name} aside: every name is taken",
         "As `save.set-aside-failed`, when every `NAME.unreadable-STAMP-N` name is taken.")
_message("save.moved-aside",
         "warning: {error}; this cardshell does not overwrite it: it was moved aside as {aside}.",
         "Before a game is saved over a save this cardshell cannot read (by `save` or at exit): `error` why "
         "it cannot be read (a `save.*` message), `aside` its new name, quoted.")
_message("save.name-abandoned",
         "the name {name} holds a game abandoned in this session ('load {name_plain}' resumes it); choose another",
         "`save NAME` where NAME is a game abandoned in this session. `name` quoted, `name_plain` as it is.")
_message("save.names-taken", "cannot save {name}: {name} and {count} other names for it are taken",
         "A save name and every `NAME-2`, `NAME-3` ... tried for it are taken. `name` quoted, `count` how many "
         "others were tried.")
_message("save.reason-created", "another program created {name} meanwhile",
         "Why a game went to another save name: the name was free when looked at, then taken. `name` quoted.")
_message("save.reason-unread", "{name} holds a save this session has not read",
         "Why a game went to another save name: the file is one this session never read. `name` quoted.")
_message("save.reason-saved", "another cardshell saved {name} meanwhile",
         "Why a game went to another save name: the name was free when this session looked, and another "
         "cardshell saved there since. `name` quoted.")
_message("save.reason-changed", "another cardshell changed {name} since this one read or wrote it",
         "Why a game went to another save name: the file changed since this session read or wrote it. "
         "`name` quoted.")
_message("save.autosaved", "Saved {what}: 'play {game}' resumes it.",
         "At exit, with autosave on: a game in progress saved under its game id. `what` is `save.game`, "
         "`game` the game id.")
_message("save.autosaved-renamed", "Saved {what} as {name} ({reason}): 'load {name_plain}' resumes it.",
         "At exit, with autosave on: a game in progress saved under another name than its id. `what` is "
         "`save.game`, `name` quoted and `name_plain` as it is, `reason` a `save.reason-*` message.")
_message("save.game", "{title} (seed {seed}, {moves})",
         "How the host names a game in its messages about saves and games left: `title` the game's title, "
         "`seed` its seed, `moves` how many moves (`5 moves`, `1 move`).")
_message("save.game-not-installed", "save {name} is for game {game}, which is not installed",
         "A save of a game no installed plugin provides. `name` and `game` quoted.")
_message("save.cannot-resume", "save {name} cannot be resumed: {error}",
         "A save that cannot be rebuilt: `error` is a `replay.*` message or `save.played-to-ending`.")
_message("save.played-to-ending",
         "this {title} deal (seed {seed}) was played on from it to an ending, and {title} has no undo; "
         "'play {game} --seed {seed}' deals it again as a new game",
         "Part of `save.cannot-resume`: the deal was played on from this save to an ending and the game has "
         "no undo, so resuming it would replay that ending. `game` the game id.")

# replay: rebuilding a game from its seed, options and moves (a save's)
_message("replay.raised-at", " ({where})",
         "Part of a `replay.*` message: the plugin's file and line that raised, `FILE:LINE`.")
_message("replay.options-failed", "{title}'s options could not be read{at}: {error}",
         "The plugin code that reads a game's options raised while a saved game's options were read. `at` a "
         "`replay.raised-at` or empty, `error` `Type: message`.")
_message("replay.deal-failed", "{title} failed to deal{at}: {error}",
         "A game's `new` raised while a saved game was rebuilt. `at` a `replay.raised-at` or empty, `error` "
         "`Type: message`.")
_message("replay.options-refused", "{title} refuses the saved options: {error}",
         "A game's `new` refused a saved game's options (a `CommandError`); `error` is its message.")
_message("replay.move-failed", "move {number} ({line}) failed{at}: {error}",
         "Plugin code raised on a move of a saved game. `number` counts from 1, `line` quoted, `at` a "
         "`replay.raised-at` or empty, `error` `Type: message`.")
_message("replay.move-rejected", "move {number} ({line}) was rejected: {error}",
         "A move of a saved game was refused (the log does not fit this version of the game). `error` is the "
         "refusal's message.")
_message("replay.not-a-move", "it is not a move of the game",
         "The `error` of `replay.move-rejected` for a line naming a host command.")
_message("replay.move-no-change", "move {number} ({line}) did not change the game",
         "A move of a saved game was accepted but left the game as it was.")
_message("replay.log-not-a-move", "line {number} of its log ({line}) is not a move of {title}",
         "A saved log holds a line that is not a move of its game (checked before anything is replayed). "
         "`line` quoted, cut to 80 characters.")

# option: the host's option values (cardshell.option_values) and a save's play options (cardshell.game_options)
_message("option.number-too-long",
         "{what} must be a whole number of at most {limit} characters, got {length} characters",
         "A whole number (a seed) longer than `cardshell.option_values.MAX_NUMBER_LENGTH`. `what` names the "
         "value (`--seed`, `the seed`), `limit` and `length` with thousands separators.")
_message("option.not-whole", "{what} must be a whole number, got {word}",
         "A seed that `int()` does not read. `word` quoted.")
_message("option.not-in-range", "{what} must be a whole number from {low} to {high}, got {word}",
         "A count that is not ASCII digits. `low` and `high` with thousands separators, `word` quoted.")
_message("option.too-low-digits", "{what} must be at least {bound}, got a number of {digits} digits",
         "A negative count with far more digits than its lowest value. `bound` the lowest, `digits` its "
         "length, with thousands separators.")
_message("option.too-high-digits", "{what} must be at most {bound}, got a number of {digits} digits",
         "A count with far more digits than its highest value. `bound` the highest, `digits` its length, "
         "with thousands separators.")
_message("option.out-of-range", "{what} must be from {low} to {high}, got {value}",
         "A count outside its option's range; numbers with thousands separators.")
_message("option.seed-digits", "{what} must be a whole number of at most {limit} digits",
         "A seed of more than `cardshell.option_values.MAX_SEED_DIGITS` digits (`limit`, with thousands "
         "separators).")
_message("option.seconds", "{what} must be a number of seconds above 0 and at most {high}, got {word}",
         "A time limit that is not a number in (0, `high`]. `word` quoted.")
_message("option.unknown", "unknown option {name}{suggestion}",
         "An option a host command does not have. `name` quoted, `suggestion` an `option.did-you-mean` or "
         "empty.")
_message("option.did-you-mean", " (did you mean {name}?)", "The did-you-mean part of `option.unknown`: `name` quoted.")
_message("option.unexpected", "unexpected argument {word}",
         "A word after a host command's options that it does not take. `word` quoted.")
_message("option.argparse", "{problem}",
         "Any other mistake in a host command's options (a missing value, a choice not offered): argparse "
         "says what is wrong.")
_message("option.argparse-cut", "{problem}… ({length} characters)",
         "`option.argparse` for a message longer than `cardshell.option_values.MAX_MESSAGE`: its start, then "
         "its whole length (thousands separators).")
_message("option.saved-unknown", "{title} has no option {name}",
         "A saved game's options hold one its game does not declare. `name` quoted (and clipped).")
_message("option.saved-refused", "option --{option} holds {value}, which 'play {game} --{option} VALUE' does not give",
         "A saved game's option holds a value `play` could not have given. `value` as Python writes it "
         "(clipped), `game` the game id.")
_message("option.saved-unreadable", "option --{option} holds {value}: {error}",
         "A saved game's option holds a value the option's parser refuses; `error` is the parser's message.")

# recording: the session's recording (cardshell --record FILE, history)
_message("recording.header", "# cardshell recording: pipe this file into 'cardshell' to replay the session",
         "The first line of a recording (`--record FILE`), a comment scripts skip.")
_message("recording.dropped",
         "# {count} earlier lines are not kept in memory ('cardshell --record FILE' keeps every line)",
         "A comment line at the top of a recording kept in memory when its earliest lines were dropped "
         "(`cardshell.recording.KEEP_LINES`). `count` how many.")
_message("recording.stopped",
         "the recording{name} stopped after {count} lines ({reason}); this line and later ones are not in it "
         "('history' still lists them); the game goes on",
         "A warning, once: the `--record` file could not be written (a full disk). `name` the file's name "
         "after a space (or empty), `count` the lines written (thousands separators), `reason` the system's "
         "words.")
_message("recording.stopped-one",
         "the recording{name} stopped after {count} line ({reason}); this line and later ones are not in it "
         "('history' still lists them); the game goes on",
         "`recording.stopped` after one line.")

# file: the user's files cardshell writes (exports, recordings) and its own files (cardshell.ownfiles)
_message("file.refused-saves",
         "will not write {path}: it is in the saves directory ({real}), and cardshell never writes over its own "
         "files",
         "An export or recording named a file in the saves directory. `path` as given, `real` the saves "
         "directory resolved (each cut to 200 characters).")
_message("file.refused-own",
         "will not write {path}: it is {what} ({real}), and cardshell never writes over its own files",
         "An export or recording named one of cardshell's own files (through a link too). `what` says which "
         "(`file.winnability-table` ...), `real` the file resolved (each path cut to 200 characters).")
_message("file.winnability-table", "the winnability table", "What `winnability.sqlite3` is, in `file.refused-own`.")
_message("file.statistics", "the statistics database", "What `stats.sqlite3` is, in `file.refused-own`.")
_message("file.history", "the command history", "What the `history` file is, in `file.refused-own`.")
_message("file.journal", "{what}'s journal",
         "A SQLite journal file beside one of cardshell's databases, in `file.refused-own`: `what` the database.")
_message("file.no-fifo-reader", "no process is reading this FIFO: start its reader first",
         "The system's error for a FIFO named as an export or recording that no process reads.")

# time: when something happened, in listings (cardshell.timestamps)
_message("time.today", "today {clock}", "An instant of today, local time: `clock` is `HH:MM`.")
_message("time.yesterday", "yesterday {clock}", "An instant of yesterday, local time: `clock` is `HH:MM`.")
_message("time.date", "{date} {clock}",
         "An instant of another day, local time: `date` is `YYYY-MM-DD`, `clock` `HH:MM`.")


# -- end of section B --

# -- section D: the command line, the terminal, signals, plugins' loading and faults --

# plugin: plugins' faults (cardshell.plugincheck, cardshell.ruleset, cardshell.search, cardshell.contract1)
_message("plugin.fault", "plugin {plugin}: {hook} {problem}",
         "A plugin's function answered the host wrongly (a `PluginFault`: the command fails with it), or, as a "
         "warning, gave an answer the host left out. `plugin` quoted; `hook` what ran: a function or hook "
         "(`key`, `legal_moves`, `successors`), a `plugin.hook-move`, `plugin.hook-command` or "
         "`plugin.hook-of-game`; `problem` what was wrong (one of the `plugin.*` problems below).")
_message("plugin.hook-problem", "{hook} {problem}",
         "`plugin.fault` without the plugin's name, where the plugin is named already (a plugin that failed "
         "to import).")
_message("plugin.hook-move", "move {line}", "What ran, in `plugin.fault` and `stop.bound`: a move. `line` quoted.")
_message("plugin.hook-command", "command {line}",
         "What ran, in `plugin.fault` and `stop.bound`: a command that is not a move. `line` quoted.")
_message("plugin.hook-of-game", "{function} of game {game}",
         "What ran, in `plugin.fault`, `plugin.failed-in` and `stop.bound`: one of a game's own functions "
         "(`render`, `outcome`, `prompt`, `legal_moves`, `new`, or `plugin.deep-copy`). `game` quoted.")
_message("plugin.deep-copy", "deep copy of the state",
         "The function in `plugin.hook-of-game` when a contract-1 state is copied for another plugin's hook.")
_message("plugin.hook-its-rules", "its rules",
         "What ran, in `plugin.fault`, when a search through a game's moves changed a state it was given.")
_message("plugin.hook-the-state", "the state", "What is at fault in `plugin.not-copyable`.")
_message("plugin.not-hashable", "returned {value}, which is not hashable",
         "A problem of `plugin.fault`: a game's `key` gave a value a transposition table cannot hold. `value` "
         "is the value's type and a short repr (`list [2, 2]`), as in the problems below.")
_message("plugin.not-a-number", "returned {value}, not a finite number",
         "A problem of `plugin.fault`: a game's `heuristic` gave no finite number.")
_message("plugin.not-a-hint", "returned {value}, not a cardshell.Hint",
         "A problem of `plugin.fault`: a game's `hint` gave something else than a `Hint`.")
_message("plugin.hint-not-text", "returned {value}, whose move and why are not text",
         "A problem of `plugin.fault`: a game's `hint` gave a `Hint` whose move or why is not a `str`.")
_message("plugin.mutated",
         "changed the state it was given, though game {game} declares immutable states; {after}",
         "A problem of `plugin.fault`: plugin code changed a state its game declares immutable. `game` "
         "quoted; `after` what the host did about it (`plugin.left-as-it-was`, `plugin.not-rebuilt`, or a "
         "sweep's own words).")
_message("plugin.left-as-it-was", "the game is left as it was",
         "The end of `plugin.mutated` when the game was put back as it was before the command.")
_message("plugin.not-rebuilt", "the game could not be rebuilt ({error})",
         "The end of `plugin.mutated` when the game could not be put back: replaying its moves failed. "
         "`error` is `Type: message`.")
_message("plugin.not-iterable", "returned {value}, not an iterable",
         "A problem of `plugin.fault`: `legal_moves` or `successors` gave something that cannot be iterated.")
_message("plugin.too-many-items", "gave more than {limit} items; stopped reading there",
         "A problem of `plugin.fault`: `legal_moves` or `successors` gave more items than the host reads "
         "(`cardshell.ruleset.MAX_LISTED`, written with thousands separators).")
_message("plugin.not-a-line", "listed {value}, not a line",
         "A problem of `plugin.fault`: `legal_moves` listed something that is not a `str`.")
_message("plugin.rejected-listed", "listed {line}, which its rules reject; left out",
         "A warning's problem in `plugin.fault`: `legal_moves` listed a line the game's own rules reject; the "
         "host leaves it out. `line` quoted.")
_message("plugin.not-a-seat", "named the seat {value}, which is not one of its players' computer seats",
         "A problem of `plugin.fault`: a game's `Players.current` named a seat without a policy.")
_message("plugin.policy-illegal", "the {seat} seat's policy chose {line}, which is not a legal move",
         "A problem of `plugin.fault`: a computer seat's policy chose a line `legal_moves` does not list. "
         "`line` quoted.")
_message("plugin.endless-turns", "the computer seats made {limit} moves without the player's turn coming",
         "A problem of `plugin.fault`: the host stopped applying the computer's turns "
         "(`cardshell.ruleset.MAX_COMPUTER_TURNS`).")
_message("plugin.not-an-outcome", "returned {value}, not a cardshell.Outcome or None",
         "A problem of `plugin.fault`: a game's `outcome` gave something else.")
_message("plugin.not-a-pair", "gave {value}, not a (move, state) pair",
         "A problem of `plugin.fault`: `successors` gave an item that is not a pair of a move and a state.")
_message("plugin.successor-rejected", "gave {move}, which its rules reject",
         "A problem of `plugin.fault`: a move `successors` gave is rejected by the game's rules. `move` is its "
         "repr (a line, or a tuple of lines).")
_message("plugin.successor-other-state", "gave {move} with a state its rules do not produce",
         "A problem of `plugin.fault`: the state `successors` gave with a move is not the one the rules reach.")
_message("plugin.successors-not-winning", "led to a winning line that does not win by its rules",
         "A problem of `plugin.fault`: the winning line found through `successors` does not win when played "
         "through the rules.")
_message("plugin.searched-without-successors", "{problem}; searched without successors",
         "A warning's problem in `plugin.fault`: `successors` was wrong (`problem`), so the game is searched "
         "through its legal moves from then on.")
_message("plugin.not-a-verdict", "returned {value}, not a Verdict",
         "A problem of `plugin.fault`: a game's `solver` gave something else than a `Verdict` of a known result.")
_message("plugin.verdict-line", "gave the line {value}, not a tuple of lines",
         "A problem of `plugin.fault`: the line of a `solver`'s verdict is not a tuple of `str`.")
_message("plugin.verdict-positions", "counted {value} positions, not a whole number from 0 to {limit}",
         "A problem of `plugin.fault`: a `solver`'s count of positions is out of range (`limit` is "
         "`cardshell.search.MAX_POSITIONS`, with thousands separators).")
_message("plugin.verdict-seconds", "took {value} seconds, not a finite number >= 0",
         "A problem of `plugin.fault`: a `solver`'s seconds are not a finite number >= 0.")
_message("plugin.solver-rejected", "gave a winning line with {move}, which its rules reject",
         "A problem of `plugin.fault`: a move of a `solver`'s winning line is rejected by the rules. `move` quoted.")
_message("plugin.solver-not-winning", "gave a winning line that does not win",
         "A problem of `plugin.fault`: a `solver`'s winning line, played through the rules, does not win.")
_message("plugin.hint-left-out", "{problem}; left out ({instead})",
         "A warning's problem in `plugin.fault`: a game's own `hint` was wrong (`problem`) and is not shown; "
         "`instead` is `plugin.hint-instead-search` or `plugin.hint-instead-none`.")
_message("plugin.hint-rejected", "suggested {move}, which its rules reject; left out ({instead})",
         "A warning's problem in `plugin.fault`: a game's own `hint` suggested a move its rules reject. `move` "
         "quoted, `instead` as in `plugin.hint-left-out`.")
_message("plugin.hint-instead-search", "the host's search answers instead",
         "What `hint` does when a game's own hint was left out and the host can search the game.")
_message("plugin.hint-instead-none", "no hint",
         "What `hint` does when a game's own hint was left out and the host cannot search the game.")
_message("plugin.not-copyable",
         "of game {game} cannot be deep-copied ({error}); a game with mutable states (contract 1) must allow it",
         "A problem of `plugin.fault` (its `hook` is `plugin.hook-the-state`): a contract-1 game's state could "
         "not be copied. `game` quoted, `error` `Type: message`.")
_message("plugin.render-not-text", "it returned {type}, not str",
         "The error of `plugin.failed-in` when a `cardshell_render` hook returned something else than text: "
         "`type` is its type's name.")
_message("plugin.at", " ({where})",
         "Where plugin code was, `FILE:LINE`, after the plugin's name or what ran (`plugin.failed-in`, "
         "`plugin.raised-in`, `stop.bound`).")
_message("plugin.overtime", "did not return within {seconds} s{why}; stopped{at}",
         "A problem of `plugin.fault`: plugin code ran longer than its time bound (in scripts, "
         "`CARDSHELL_PLUGIN_SECONDS`; for a search, its budget) and was stopped. `why` is "
         "`plugin.overtime-budget` or empty, `at` `plugin.stopped-at` or empty.")
_message("plugin.overtime-budget", " (the budget's {budget} s plus a margin)",
         "Part of `plugin.overtime`, when the bound is a search's budget.")
_message("plugin.stopped-at", " at {where}",
         "Part of `plugin.overtime`: the plugin's `FILE:LINE` where it was stopped.")
_message("plugin.still-importing", "cardshell: plugin {plugin} is still importing after {seconds} s; press Ctrl-C to "
         "skip it",
         "On standard error at start, when a plugin's import takes longer than "
         "`cardshell.discovery.IMPORT_WATCHDOG_SECONDS`. `plugin` quoted.")

# plugin: plugins refused at start (cardshell.discovery, cardshell.registry, cardshell.hookcall)
_message("plugin.failure", "{plugin}: {reason}",
         "A plugin that was refused, under `plugins` and in `cli.plugin-failed` and `terminal.plugin-failed`: "
         "its name and why (one of the reasons below).")
_message("plugin.failure-from", "{plugin} (from {dist} {version}): {reason}",
         "`plugin.failure` for a plugin installed from a distribution.")
_message("plugin.named", "{plugin} (from {dist} {version})",
         "A plugin named in a message with the distribution that installed it. `plugin` quoted.")
_message("plugin.import-failed", "failed to import: {error}",
         "A refusal reason: importing the plugin raised. `error` is `Type: message`, then, at start, where "
         "(`plugin.exception-at`).")
_message("plugin.exception-at", "{error} (at {where})",
         "A plugin's import error with the plugin's own `FILE:LINE` that raised (the full path).")
_message("plugin.import-interrupted", "import interrupted by Ctrl-C after {seconds} s (skipped)",
         "A refusal reason: Ctrl-C skipped the plugin's import. `seconds` with one decimal.")
_message("plugin.no-such-file", "no such file: {path}",
         "The error of `plugin.import-failed` for `--plugin PATH.py` naming no file.")
_message("plugin.cannot-import", "cannot import {path}",
         "The error of `plugin.import-failed` for a `--plugin` file Python cannot import.")
_message("plugin.name-taken", "the plugin name {plugin} is already taken by plugin {other}",
         "A refusal reason: two plugins under one name; the one registered first keeps it. Both quoted (the "
         "other as `plugin.named` when it has a distribution).")
_message("plugin.cannot-register", "cannot be registered: {error}",
         "A refusal reason: pluggy refused to register the plugin (a hook implementation with an argument its "
         "hook does not have). `error` is `Type: message`.")
_message("plugin.contract-one", "plugin contract version {version}",
         "What this cardshell provides, in `plugin.contract-not-int` and `plugin.contract-unsupported`, when it "
         "serves one contract version.")
_message("plugin.contract-range", "plugin contract versions {oldest} to {newest}",
         "What this cardshell provides, when it serves several contract versions.")
_message("plugin.contract-not-int", "CARDSHELL_CONTRACT must be an int (this cardshell provides {provides}), "
         "got {value}",
         "A refusal reason: the plugin module's `CARDSHELL_CONTRACT` is not an int. `value` is its repr.")
_message("plugin.contract-unsupported", "needs plugin contract version {version}, but this cardshell provides "
         "{provides}",
         "A refusal reason: the plugin declares a contract version this cardshell does not serve.")
_message("plugin.unknown-hook", "unknown hook {hook}; {hint}",
         "A refusal reason: the plugin implements a hook no specification names. `hook` quoted, `hint` "
         "`plugin.hook-did-you-mean` or `plugin.hook-list`.")
_message("plugin.hook-did-you-mean", "did you mean {hook}?",
         "The hint of `plugin.unknown-hook`: the closest hook, quoted.")
_message("plugin.hook-list", "the hooks are: {hooks}", "The hint of `plugin.unknown-hook` when no hook is close.")
_message("plugin.wrapped-registration", "{hook} cannot be a wrapper (wrapper=True or hookwrapper=True): a "
         "registration hook returns the plugin's own records",
         "A refusal reason: a wrapper implementation of `cardshell_games` or `cardshell_commands`.")
_message("plugin.hook-argument-missing", "hook call must provide argument {name}",
         "The error (pluggy's `HookCallError`, in pluggy's words) of a hook implementation that takes an "
         "argument the call does not give. `name` quoted.")
_message("plugin.wrapper-no-yield", "the wrapper {function} did not yield",
         "The error (`WrapperError`) of a hook wrapper that returned without yielding. `function` quoted.")
_message("plugin.wrapper-yielded-twice", "the wrapper {function} yielded more than once",
         "The error (`WrapperError`) of a hook wrapper that yielded a second time.")
_message("plugin.raised-in", "raised in {hook}{at}: {error}",
         "A refusal reason: a registration hook raised. `at` is `plugin.at` or empty, `error` `Type: message`.")
_message("plugin.not-a-game", "cardshell_games returned {type}, not a cardshell.Game",
         "A refusal reason: `cardshell_games` gave something else than `Game` records. `type` its type's name.")
_message("plugin.bad-game-id", "game id {game} is not lower-case letters, digits and dashes",
         "A refusal reason: a game id the host cannot use. `game` quoted.")
_message("plugin.game-id-taken", "game id {game} is already registered by plugin {owner}",
         "A refusal reason: a game id another plugin registered first. `owner` quoted (`plugin.named`).")
_message("plugin.both-search-forms", "game {game} gives its search both as Game.search and as the flat field "
         "{fields}: give each once, in Game.search",
         "A refusal reason: a game sets `Game.search` and one flat search field. `game` quoted, `fields` the "
         "field.")
_message("plugin.both-search-forms-many", "game {game} gives its search both as Game.search and as the flat "
         "fields {fields}: give each once, in Game.search",
         "`plugin.both-search-forms` for several flat fields (`key, solver`).")
_message("plugin.search-instead", "Game(search=cardshell.Search({fields}))",
         "The `instead` of `plugin.deprecated-search-fields`: `fields` like `key=..., solver=...`.")
_message("plugin.solver-beside", "plugin {plugin}: game {game} has a solver, so its {fields} is never read (the "
         "solver replaces the generic search)",
         "At start and under `plugins`: a game gives a `solver` and search parts the solver replaces. `plugin` "
         "and `game` quoted, `fields` like `heuristic, prune`.")
_message("plugin.not-a-command", "cardshell_commands returned {type}, not a cardshell.Command",
         "A refusal reason: `cardshell_commands` gave something else than `Command` records.")
_message("plugin.command-for-unknown-game", "command {command} is for game {game}, which is not registered",
         "A refusal reason: a command for a game no plugin registered. Both quoted.")
_message("plugin.bad-pattern", "command {command} has a bad pattern: {error}",
         "A refusal reason: a pattern command whose regular expression does not compile (`error` is Python's).")
_message("plugin.word-taken", "command word {word} for {where} is already registered by plugin {owner}",
         "A refusal reason: a command word another plugin registered first in the same scope. `word` and `owner` "
         "quoted; `where` is `plugin.scope-game` or `plugin.scope-shell`.")
_message("plugin.scope-game", "game {game}", "The scope in `plugin.word-taken`: a game's. `game` quoted.")
_message("plugin.scope-shell", "the shell", "The scope in `plugin.word-taken`: the shell's global commands.")

# rules: a game's rules as the host's search and commands play them (cardshell.ruleset)
_message("rules.no-legal-moves", "{title} does not list its legal moves.",
         "A command that needs a game's legal moves (`moves`, `hint`, `solve`) in a game that does not list them.")
_message("rules.not-a-move", "{line} is not a move of {title}",
         "A line played through a game's rules (a listed move, a solver's line) names none of its commands. "
         "`line` quoted.")

# search: the reasons the host's search gives with a hint (cardshell.search.hint)
_message("search.no-usable-hint", "plugin {plugin} gave no usable hint",
         "The reason of an empty hint: the game's own hint was left out and the host cannot search the game.")
_message("search.no-legal-move", "there is no legal move", "The reason of an empty hint: no move is legal.")
_message("search.only-legal-move", "the only legal move", "The reason of a hint when one move is legal.")
_message("search.safe-move", "a safe move: it never costs a win",
         "The reason of a hint when the game declares a move safe (`Search.safe`) in every re-drawn deal.")
_message("search.no-decisions", "{title} has no decisions: every move plays the same game on",
         "The reason of a hint in a game without decisions (`Game.side`).")
_message("search.winning-line", "starts a winning line of {count} moves",
         "The reason of a hint that starts a winning line the search found; `count` its length.")
_message("search.no-win", "no win from here: {every} searched",
         "The reason of a hint when the search proved no line wins; `every` is `search.only-position` or "
         "`search.all-positions`.")
_message("search.only-position", "the only position", "Part of `search.no-win`: one position was searched.")
_message("search.all-positions", "all {count} positions", "Part of `search.no-win`: several positions were searched.")
_message("search.not-found", "no winning line found in {count} positions; the most promising move",
         "The reason of a hint when the search ran out of budget: the move the heuristic prefers.")
_message("search.sampled-wins", "wins in {wins} of {samples} sampled deals",
         "The reason of a hint in a game with hidden cards: the move that won most re-drawn deals.")
_message("search.sampled-none", "wins in 0 of {samples} sampled deals; the most promising move",
         "The reason of a hint in a game with hidden cards when no re-drawn deal was won.")

# command: the dispatcher's parts of its messages (cardshell.dispatch)
_message("command.in-game", " in {title}", "The `where` of `command.unknown` inside a game.")

# stop: who would not stop (cardshell.signals, cardshell.problems)
_message("stop.culprit", "plugin {plugin} ({where})",
         "The `plugin` of `stop.signal` and `stop.interrupt`: the plugin's name quoted and its `FILE:LINE`.")
_message("stop.plugin-code", "plugin code",
         "The `plugin` of `stop.signal` and `stop.interrupt` when the host cannot tell plugins apart.")
_message("stop.autosave-failed", "cardshell: the autosave failed: {error}",
         "On standard error, when the autosave after a given-up plugin raised. `error` is `Type: message`.")

# script: the script front end's streams (cardshell.pipes)
_message("script.cannot-write", "cannot write to {stream} ({reason})",
         "The `failure` of `script.output-failed`: `stream` is `stdout` or `stderr`, `reason` `closed` or the "
         "system's words (`Broken pipe`).")

# cli: the command line (cardshell.cli, cardshell_launcher)
_message("cli.problem", "cardshell: {problem}",
         "On standard error, when the command line cannot run (exit status 2): one of the `cli.*` problems, "
         "or another part's (a refused `--record` file, a `winnability` usage error).")
_message("cli.cannot-read", "cannot read {script}: {error}",
         "The script FILE could not be opened (`error` is the system's).")
_message("cli.record-is-script", "--record {file} would overwrite the script being read",
         "`--record FILE` names the script being read.")
_message("cli.record-refused", "--record: {why}", "`--record FILE` names a file cardshell keeps (`why` says which).")
_message("cli.cannot-write-record", "cannot write {file}: {error}",
         "The `--record` file could not be made (`error` is the system's).")
_message("cli.is-a-directory", "{script}: is a directory, not a script", "FILE is a directory.")
_message("cli.no-such-file", "no such file or command: {script}", "FILE is neither a file nor a shell command.")
_message("cli.unexpected-arguments", "unexpected arguments after {script}: {words}",
         "Words after a script FILE (only a shell command takes more words).")
_message("cli.empty-file-name", "the file name is empty", "argparse's error for `--record ''`.")
_message("cli.seed-name", "the seed", "How the `--seed` option's errors name the value.")
_message("cli.namespace-package",
         "'cardshell' was imported as a namespace package from {folders}: a folder named 'cardshell' without "
         "an __init__.py (a checkout?) in the current directory hides the installed package; run cardshell "
         "from another directory (or run the 'cardshell' command)",
         "Python found a folder `cardshell` without `__init__.py` before the installed package. `folders` "
         "lists where, or is `cli.unknown-folder`.")
_message("cli.unknown-folder", "an unknown folder", "The `folders` of `cli.namespace-package` when Python gives none.")
_message("cli.plugin-failed", "cardshell: warning: plugin {failure}",
         "In a script, on standard error before the first line: a plugin refused at start (`plugin.failure`).")
_message("cli.warning", "cardshell: warning: {note}",
         "In a script, on standard error before the first line: a note about a plugin (`plugin.solver-beside`, "
         "`plugin.deprecated-search-fields`).")
_message("cli.threads-left-one", "cardshell: warning: not waiting for the thread {threads} that plugin code left "
         "running",
         "At exit, after `cardshell_launcher.EXIT_GRACE_SECONDS`: a thread plugin code started still runs, and "
         "the process ends without it. `threads` is its name, quoted.")
_message("cli.threads-left", "cardshell: warning: not waiting for the threads {threads} that plugin code left "
         "running",
         "`cli.threads-left-one` for several threads, their names quoted and joined by commas.")

# terminal: the interactive front end (cardshell.interactive, cardshell.pager)
_message("terminal.banner",
         "cardshell: type 'games' to list the games, 'help' for commands, Ctrl-D or 'exit' to leave.",
         "The first line at a terminal.", kind="note")
_message("terminal.plugin-failed", "warning: plugin {failure} (see 'plugins')",
         "At start, on standard error: a plugin refused (`plugin.failure`).")
_message("terminal.warning", "warning: {warning}",
         "On standard error: a note about a plugin at start, a history file that cannot be kept, or a warning "
         "raised while a line ran.")
_message("terminal.no-history-file", "history is not kept ({path}: not a regular file)",
         "The warning when the history file is a directory, a FIFO or another special file.")
_message("terminal.no-history", "history is not kept ({path}: {error})",
         "The warning when the history file cannot be read and appended to (`error` is the system's).")
_message("terminal.save-skipped", "warning: {problem}; it is skipped",
         "At start: an automatic save that cannot be read (`problem` says why).")
_message("terminal.save-not-installed",
         "warning: save {name} is for game {game}, which is not installed; it is skipped",
         "At start: an automatic save of a game no installed plugin provides. Both quoted.")
_message("terminal.saved-games", "Saved games in progress: ",
         "At start, before the automatic saves offered (`terminal.saved-game`), listed on as many lines as "
         "they need.", kind="note")
_message("terminal.saved-game", "{name} (seed {seed}, {moves})",
         "One automatic save offered at start: `moves` like `3 moves`.")
_message("terminal.saved-game-last", "{game}; 'play GAME' resumes one.",
         "The last save offered at start (`game` is `terminal.saved-game`), with how to resume one.")
_message("terminal.left-in-progress", "Left {title} (still in progress: 'play {game}' resumes it).",
         "Ctrl-D in a game in progress: it is kept. `game` is its id.")
_message("terminal.left-over", "Left {title} (over: {result}; 'play {game}' deals a new game).",
         "Ctrl-D in a game that ended. `result` is the game's result word.")
_message("terminal.confirm", "{question} [y/N] ",
         "A yes/no question (before a game with moves is abandoned): `question` is the command's.")
_message("terminal.line-too-long", "line too long (over {limit} characters); it is not run",
         "Under the prompt, when Enter is pressed on a line longer than the limit; the line stays to be edited.")
_message("terminal.steps-stopped", "Stopped after {done} of {total} moves ('{solve} --play' plays on from here).",
         "A key pressed while `solve --play` played its moves at a terminal. `solve` is how to type `solve` here.")
_message("terminal.step-rejected", "Stopped after {done} of {total} moves: {line}: {error}",
         "A move `solve --play` played at a terminal was rejected. `line` quoted, `error` the rejection.")
_message("terminal.steps-played", "Played the {total} moves.",
         "Every move `solve --play` played at a terminal, when the game is not over.")
_message("terminal.steps-played-one", "Played the {total} move.", "`terminal.steps-played` for one move.")
_message("terminal.working", "working", "The label of the progress line of a command that gives none.")
_message("terminal.items", "items", "What the progress line of a command that names nothing counts.")
_message("terminal.more", "-- more -- (Enter: next screen, q: stop) ",
         "The built-in pager's question between two screens.")
_message("terminal.pager-failed", "(pager {command} failed; {variable}= turns it off)",
         "The pager command failed; the reply is shown by the built-in pager. `command` is the command quoted, "
         "`variable` `CARDSHELL_PAGER`.")

# trace: CARDSHELL_TRACE_PLUGINS=1 (cardshell.hookcall.trace_calls), on standard error
_message("trace.line", "cardshell: trace: {text}", "One line of the hook trace (`trace.call`, `trace.raised`, "
         "`trace.result`), cut to `cardshell.hookcall.TRACE_LINE_MAX` characters.")
_message("trace.call", "{hook}({arguments}) [{plugins}]",
         "A hook is called: its arguments (each shortened) and its plugins in call order.")
_message("trace.raised", "{hook} raised {error}", "A hook call raised: `error` is `Type: message`.")
_message("trace.result", "{hook} -> {value}", "A hook call returned `value` (shortened).")


# -- end of section D --

# -- section C: sweeps, winnability, the scaffold, the contract check --

# sweep: the sweep engine (cardshell.sweep): a game's `simulate`, and what `winnability` shares with it
_message("sweep.needs-n", "simulate needs the number of {unit} N",
         "`simulate` without its number of deals. `unit` is what the game calls a deal, plural (`games`, "
         "`rounds`).")
_message("sweep.needs-value", "{option} needs a value",
         "An option of `simulate` at the end of the line without its value. `option` as typed (`--jobs`).")
_message("sweep.unknown-option", "unknown option {option}",
         "An option `simulate` does not have. `option` quoted.")
_message("sweep.too-many-numbers", "too many numbers: {numbers}",
         "More numbers after `simulate` than its grammar takes. `numbers` the extra ones, quoted.")
_message("sweep.first-seed-twice", "the first seed is given twice (I and --first)",
         "`simulate N I --first SEED`: the first seed both ways.")
_message("sweep.jobs-and-scheduler",
         "--jobs and --scheduler cannot be combined: on a cluster its workers do the work",
         "`simulate` or `winnability` with both `--jobs` and `--scheduler`.")
_message("sweep.plot-not-png",
         "--plot writes a PNG: the file name must end in .png (at most {limit} characters), got {file}",
         "`--plot FILE` (of `simulate` or `winnability`) whose FILE does not end in `.png` or is too long. "
         "`limit` the longest name, `file` quoted.")
_message("sweep.what-n", "the number of {unit} N",
         "The name of `simulate`'s N in the messages about a number (`unit` as in `sweep.needs-n`).")
_message("sweep.what-first", "the first seed",
         "The name of `--first SEED` in the messages about a number.")
_message("sweep.what-first-i", "the first seed I",
         "The name of `simulate`'s I (the first seed as a number after N) in the messages about a number.")
_message("sweep.what-jobs", "the number of processes J",
         "The name of `--jobs J` in the messages about a number.")
_message("sweep.what-processes", "the number of processes",
         "The name of `--jobs J` of the deprecated `cardshell.montecarlo` grammar in the messages about a number.")
_message("sweep.address-too-long", "{where}: the scheduler address is longer than {limit} characters",
         "A Dask scheduler address over the limit. `where` is what gave it: `--scheduler`, the variable "
         "`CARDSHELL_DASK_SCHEDULER` or `sweep.the-address`.")
_message("sweep.address-not-tcp",
         "{where}: {address} is not a TCP address; cardshell reaches a Dask scheduler only at tcp://HOST:PORT "
         "or HOST:PORT (accepted schemes: {schemes})",
         "A scheduler address with a scheme other than TCP. `where` as in `sweep.address-too-long`, "
         "`address` quoted, `schemes` the accepted ones (`tcp`).")
_message("sweep.not-an-address", "{where}: {address} is not a scheduler address such as tcp://HOST:PORT",
         "A scheduler address that is not HOST:PORT. `where` as in `sweep.address-too-long`, `address` quoted.")
_message("sweep.bad-port",
         "{where}: {address} is not a scheduler address such as tcp://HOST:PORT (PORT 1 to 65535)",
         "A scheduler address without a host or a port from 1 to 65535, or with a path. `where` as in "
         "`sweep.address-too-long`, `address` quoted.")
_message("sweep.the-address", "the address",
         "What gave a scheduler address when the sweep reaches it (the `where` of `sweep.address-too-long`).")
_message("sweep.jobs-capped", "note: --jobs {jobs} is more than the {cores} usable cores; using {cores}",
         "Before a sweep's report: `--jobs` asked for more processes than this machine's usable cores "
         "(`cores`, more than one), so it runs on `cores` processes.", kind="note")
_message("sweep.jobs-capped-one", "note: --jobs {jobs} is more than the {cores} usable core; using {cores}",
         "`sweep.jobs-capped` on a machine with one usable core.", kind="note")
_message("sweep.backend-one-core", "one core", "How a sweep names running in this process.")
_message("sweep.backend-processes", "{jobs} processes", "How a sweep names running on `jobs` worker processes.")
_message("sweep.backend-process", "{jobs} process", "`sweep.backend-processes` for one worker process.")
_message("sweep.backend-cluster", "the Dask cluster at {address}",
         "How a sweep names running on a Dask cluster. `address` as given.")
_message("sweep.worker-died",
         "a worker process of the sweep ended abruptly (killed, or out of memory); the sweep stopped",
         "A worker process of `--jobs J` died while the sweep ran; the deals finished before it were counted.")
_message("sweep.needs-dask", "--scheduler needs Dask's distributed scheduler: {install}",
         "A sweep on a Dask cluster where Dask is not installed. `install` the command that installs it.")
_message("sweep.unreachable", "could not reach the Dask scheduler at {address}: {reason}",
         "The Dask scheduler did not answer, or not as one. `address` as given (quoted when it is not an "
         "address), `reason` why: the system's or Dask's words, or one of `sweep.no-answer`, "
         "`sweep.no-handshake`, `sweep.handshake-closed`, `sweep.not-dask`, `sweep.no-host-address`, "
         "`sweep.not-resolved`.")
_message("sweep.no-answer", "no answer within {seconds} s",
         "The reason of `sweep.unreachable` when the connection timed out without a word.")
_message("sweep.no-handshake", "no Dask handshake within {seconds} s",
         "The reason of `sweep.unreachable`: the port accepted the connection but sent nothing in time.")
_message("sweep.handshake-closed", "the connection was closed before a Dask handshake",
         "The reason of `sweep.unreachable`: the port closed the connection without a word.")
_message("sweep.not-dask", "it answers, but not as a Dask scheduler",
         "The reason of `sweep.unreachable`: the port's first bytes are not a Dask scheduler's.")
_message("sweep.no-host-address", "no address for {host}",
         "The reason of `sweep.unreachable`: the host name has no address. `host` quoted.")
_message("sweep.not-resolved", "the name {host} was not resolved within {seconds} s",
         "The reason of `sweep.unreachable`: the name server did not answer in time. `host` quoted.")
_message("sweep.no-worker", "the Dask scheduler at {address} has no worker: {reason}",
         "The Dask scheduler answered but no worker joined it in time. `reason` Dask's words.")
_message("sweep.worker-failed", "a Dask worker failed on deals {deals}: {error_type}: {error}",
         "The Dask cluster itself failed on a chunk of deals (not the game's code). `deals` one deal or "
         "`sweep.deal-range`, `error_type` and `error` the exception.")
_message("sweep.deal-range", "{first}..{last} ({count} deals)",
         "Consecutive deals in `sweep.worker-failed`: the first, the last, how many.")
_message("sweep.outcome-out-of-range", "outcome {outcome} of deal {deal} is not in 0..{last}",
         "A game's task for `simulate` counted a deal under an outcome it does not have (the message of an "
         "IndexError, in the plugin's internal error).")
_message("sweep.wrong-count", "a chunk returned {count} counts, expected {expected}",
         "A game's task for `simulate` returned another number of counts than the chunks before it (the "
         "message of a ValueError, in the plugin's internal error).")
_message("sweep.count-chunk-wrong", "count_chunk returned {count} counts, expected {expected}",
         "The deprecated `cardshell.montecarlo.simulate_counts`: a game's `count_chunk` returned another number of "
         "counts than its outcomes (the message of a ValueError, in the plugin's internal error).")
_message("sweep.progress-label", "simulate {deals}",
         "What the progress line of `simulate` shows first (`progress.line`): the number of deals.")
_message("sweep.histogram", "{heading}\n{rows}",
         "The text histogram of `--plot`: `heading` (`sweep.histogram-heading`), then one row a line: "
         "`LABEL | ##### COUNT SHARE%`, the labels and counts the game's (or `winnability`'s), the bars "
         "scaled to the screen.")
_message("sweep.histogram-empty", "{heading}\n(nothing to draw)",
         "The text histogram of `--plot` with no count above zero.")
_message("sweep.histogram-heading", "{title} ({total} {unit})",
         "The heading of a histogram (and the title of its PNG): what is counted (the game's words, or "
         "`winnability.time-histogram`), the total and what was counted (`games`, `rounds`, "
         "`winnability.unit`).")
_message("sweep.histogram-heading-cut", "{heading}",
         "`sweep.histogram-heading` cut at the screen's width (a very long title): `heading` its first "
         "characters.")
_message("sweep.plot-needs-matplotlib",
         "--plot {file} needs matplotlib: {install} (--plot alone draws a text histogram)",
         "`--plot FILE.png` where matplotlib is not installed; checked before the sweep. `install` the "
         "command that installs it.")
_message("sweep.png-needs-matplotlib", "writing a PNG needs matplotlib: {install}",
         "A histogram's PNG could not be drawn: matplotlib is missing.")
_message("sweep.plot-file-not-png", "the plot file must end in .png, got {file}",
         "`--plot` was given a file whose suffix is not `.png` (`--plot=.png`). `file` quoted.")
_message("sweep.no-folder", "cannot write {file}: the folder {folder} does not exist",
         "The folder of `--plot FILE.png` does not exist; checked before the sweep. `folder` quoted.")
_message("sweep.is-folder", "cannot write {file}: it is a folder",
         "`--plot FILE.png` names a folder; checked before the sweep.")
_message("sweep.folder-not-writable", "cannot write {file}: the folder {folder} is not writable",
         "The folder of `--plot FILE.png` cannot be written; checked before the sweep. `folder` quoted.")
_message("sweep.cannot-write", "cannot write {file}: {reason}",
         "A histogram's PNG or `winnability --export`'s CSV file could not be written. `reason` the "
         "system's words.")
_message("sweep.wrote-histogram", "Wrote the histogram to {file}",
         "After `--plot FILE.png`: the PNG was written.")
_message("sweep.jobs-needs-number", "{option} needs a number of processes",
         "The deprecated `cardshell.montecarlo` grammar: `--jobs` at the end of the line without its value.")
_message("sweep.too-many-arguments", "too many arguments: {words}",
         "The deprecated `cardshell.montecarlo` grammar: more than N and I. `words` the extra ones, quoted.")
_message("sweep.montecarlo-deprecated",
         "cardshell.montecarlo is deprecated and will be removed in cardshell {removal}: use cardshell.sweep "
         "(sweep.Simulation for a simulate command, sweep.run of a sweep.RangeCounter for counts over seeds)",
         "The DeprecationWarning of `cardshell.montecarlo` (at its import and at each call of its "
         "functions), for a plugin's author. `removal` the release that removes it.")

# winnability: the `winnability GAME` command (cardshell.winnability)
_message("winnability.which-game", "which game? e.g. 'winnability aces-up --deals 0:100'",
         "`winnability` without a game.")
_message("winnability.deals-form",
         "--deals takes A:B, two whole numbers from 0 to {limit} with A < B (the deals A to B-1), got {deals}",
         "`--deals` that is not `A:B`. `limit` the largest seed, `deals` as typed, quoted.")
_message("winnability.what-first-deal", "the first deal A",
         "The name of A of `--deals A:B` in the messages about a number.")
_message("winnability.what-end", "the end B of --deals A:B",
         "The name of B of `--deals A:B` in the messages about a number.")
_message("winnability.deals-empty", "--deals {start}:{stop} is empty: A must be below B (the deals are A to B-1)",
         "`--deals A:B` with A not below B.")
_message("winnability.too-many-deals", "--deals {start}:{stop} is {count} deals; at most {limit} per run",
         "`--deals A:B` covering more deals than one run may.")
_message("winnability.samples-honest-only",
         "--samples is for --honest (the thoughtful solver sees every card)",
         "`--samples` without `--honest`.")
_message("winnability.export-not-csv",
         "--export writes CSV: the file name must end in .csv (at most {limit} characters), got {file}",
         "`--export FILE` whose FILE does not end in `.csv` or is too long. `file` quoted.")
_message("winnability.export-is-directory", "cannot write {file}: it is a directory",
         "`--export FILE` names a directory; checked before the sweep.")
_message("winnability.export-no-directory", "cannot write {file}: no directory {directory}",
         "The directory of `--export FILE` does not exist; checked before the sweep. `directory` quoted.")
_message("winnability.no-legal-moves",
         "{title} does not list its legal moves, so the shell cannot solve its deals; nothing was done.",
         "`winnability GAME` for a game that does not list its legal moves.")
_message("winnability.mutable-states",
         "{title} does not declare immutable states, so the shell cannot solve its deals; nothing was done.",
         "`winnability GAME` for a game whose states are not declared immutable.")
_message("winnability.retrying", "Retrying {count} unknown deals of this budget.",
         "`--retry-unknown`: before the sweep, how many deals stored as unknown with this budget are solved "
         "again.")
_message("winnability.retrying-one", "Retrying {count} unknown deal of this budget.",
         "`winnability.retrying` for one deal.")
_message("winnability.progress-label", "winnability {game}",
         "What the progress line of `winnability` shows first (`progress.line`). `game` the game's id.")
_message("winnability.interrupted",
         "interrupted; the {kept} settled or tried before stay in {table}; {remain} remain (the same command "
         "resumes)",
         "Ctrl-C (or SIGTERM, SIGHUP) stopped `winnability`: what the table kept. `kept` and `remain` are "
         "`winnability.deals` (or `winnability.deals-one`), `table` the table's file.")
_message("winnability.deals", "{count} deals", "A number of deals, in `winnability.interrupted`.")
_message("winnability.deals-one", "{count} deal", "`winnability.deals` for one deal.")
_message("winnability.shared",
         "Another sweep on the same table solved {count} of these deals meanwhile (the deals were shared, none "
         "solved twice).",
         "Before the report: another `winnability` on the same table and budget solved some of this run's "
         "deals.")
_message("winnability.exported", "Wrote {count} rows to {file}", "After the report: `--export FILE.csv` was written.")
_message("winnability.usage-problem",
         "winnability: {problem}\nusage: {usage} (options: 'cardshell help winnability')",
         "`cardshell winnability ...` on the command line with arguments that do not parse (exit status 2). "
         "`problem` the grammar's message, `usage` the command's usage line.")
_message("winnability.problem", "winnability: {problem}",
         "`cardshell winnability GAME` on the command line naming no game (exit status 2).")
_message("winnability.not-installed-here", "the game {game} is not installed here (plugins: {plugins}){failures}",
         "A worker process (`--jobs`) or a Dask worker (`--scheduler`) cannot load the game. `game` quoted, "
         "`plugins` the plugins loaded (or `winnability.no-plugins`), `failures` "
         "`winnability.plugin-failed` for each plugin that failed to load there (or empty).")
_message("winnability.no-plugins", "none", "The `plugins` of `winnability.not-installed-here` when there are none.")
_message("winnability.plugin-failed", "; plugin {failure}",
         "The first plugin that failed to load in `winnability.not-installed-here`: its name and why.")
_message("winnability.plugin-failed-more", "{failures}; plugin {failure}",
         "Each further plugin that failed to load, after the ones before (`failures`).")
_message("winnability.deal-not-stored", "deal {deal} was not stored",
         "What the sweep did when plugin code changed a deal's state (the end of that plugin's fault).")
_message("winnability.nothing-solved", "nothing was solved or read from the table",
         "What the sweep did when a listed move of the first deal changed its state, before the sweep (the "
         "end of that plugin's fault).")
_message("winnability.move", "move {line}",
         "What changed a state in the first deal's check: a listed move, quoted (in the plugin's fault).")
_message("winnability.its-rules", "its rules",
         "What ran a deal's plugin code when the game has no `solver` or `hint` of its own (in a time "
         "bound's or a fault's message).")
_message("winnability.overtime", "{problem}; each deal that ran that long is recorded as unknown",
         "A warning: a deal's plugin code overran its time bound. `problem` says how long and where.")
_message("winnability.summary",
         "{title}: {won} of the {settled} deals settled can be won (95 % interval {low}-{high} %); "
         "{unknown} unknown.",
         "The report's first line (thoughtful): how many of the deals settled can be won, with the 95 % "
         "Wilson interval in whole percents, and how many are unknown.")
_message("winnability.summary-one",
         "{title}: {won} of the {settled} deal settled can be won (95 % interval {low}-{high} %); "
         "{unknown} unknown.",
         "`winnability.summary` with one deal settled.")
_message("winnability.summary-honest",
         "{title}: {won} of the {settled} deals settled were won by the honest player (95 % interval "
         "{low}-{high} %); {unknown} unknown.",
         "`winnability.summary` of an `--honest` run.")
_message("winnability.summary-honest-one",
         "{title}: {won} of the {settled} deal settled were won by the honest player (95 % interval "
         "{low}-{high} %); {unknown} unknown.",
         "`winnability.summary-honest` with one deal settled.")
_message("winnability.summary-none",
         "{title}: no deal settled; {unknown} unknown (a bigger --seconds or --nodes may settle them).",
         "The report's first line when no deal was settled.")
_message("winnability.next-bigger-budget",
         "Next: {count} deals are unknown; a bigger budget may settle them:\n  {command}",
         "The report's last line when deals ran out of budget: the same run with twice `--seconds` and "
         "`--nodes` (each at most its limit), as `command` to type; not said when both are at their limits.")
_message("winnability.next-bigger-budget-one",
         "Next: {count} deal is unknown; a bigger budget may settle it:\n  {command}",
         "`winnability.next-bigger-budget` for one unknown deal.")
_message("winnability.thoughtful-opponents",
         "Thoughtful: each deal is solved seeing every card, the computer playing as its seeded policy would: "
         "can it be won at all?",
         "`winnability.thoughtful` for a game against computer opponents (`Game.players`).")
_message("winnability.thoughtful", "Thoughtful: each deal is solved seeing every card: can it be won at all?",
         "The report's second line for `--thoughtful` (also in `help winnability`).")
_message("winnability.honest",
         "Honest: each deal is played with the hints, seeing only what a player sees: how often does good "
         "play win?",
         "The report's second line for `--honest` (also in `help winnability`).")
_message("winnability.won-list", "Won ({count}):{deals}",
         "The report's list of the deals won: `count` of them; `deals` their numbers, each after a space, "
         "wrapped between numbers under the first.")
_message("winnability.not-won-list", "Not won ({count}):{deals}",
         "The report's list of the deals not won, as `winnability.won-list`.")
_message("winnability.unknown-list", "Unknown ({count}):{deals}",
         "The report's list of the unknown deals, as `winnability.won-list`.")
_message("winnability.more", "{listed} and {more} more ('--list' lists them all)",
         "A list of the report (`listed`, `winnability.won-list` ...) that shows only its first deals: how "
         "many more there are.")
_message("winnability.deal-n", "Deal N is 'play {game} --seed N'.",
         "After the report's lists: how to play a deal. `game` the game's id.")
_message("winnability.details", "Details: {game}, {mode}, deals {start}:{stop}",
         "The first line of the report's details: the game's id, the mode (`thoughtful` or `honest`) and "
         "the deals.")
_message("winnability.budget", "  budget: {seconds} s and {nodes} positions per deal",
         "The report's budget of a thoughtful run.")
_message("winnability.budget-honest",
         "  budget: {seconds} s per deal; {samples} samples and {nodes} positions per move",
         "The report's budget of an honest run.")
_message("winnability.rules-version", "  rules version: {version}",
         "The report's rules version of the rows (`VERSION+HASH.CODE`).")
_message("winnability.key-covers", "(plugin version + hash of its rules page . hash of its package's code)",
         "What the rules version covers (`winnability.key-covers-line`).")
_message("winnability.key-covers-line", "  {covers}",
         "The report's line under the rules version: `winnability.key-covers`.")
_message("winnability.row-deals", "  deals            {count}",
         "A row of the report's details: the run's deals (`count` as `1,234`; the text right-aligns each "
         "row's figure in 8 characters after its label).")
_message("winnability.row-won", "  won              {count}", "A row of the report's details: deals won.")
_message("winnability.row-no-win", "  no win           {count}",
         "A row of the report's details: deals with no win.")
_message("winnability.row-unknown", "  unknown          {count}",
         "A row of the report's details: deals whose budget ran out.")
_message("winnability.row-winnability",
         "  winnability      {rate}  95 % Wilson interval {low} to {high} of settled",
         "A row of the report's details: won of settled (`rate`, or `-` when none is settled) and the 95 % "
         "Wilson interval, in percents.")
_message("winnability.row-bounds", "  bounds           {lower}  to {upper}: unknowns as losses / as wins",
         "A row of the report's details: the winnability counting every unknown deal as lost, and as won.")
_message("winnability.row-wall-time", "  wall time        {seconds}", "A row of the report's details: the run's time.")
_message("winnability.row-per-deal", "  per settled deal {median}  median; max {longest}",
         "A row of the report's details: the median and longest time of a settled deal (`-` when none).")
_message("winnability.row-from-table", "  from the table   {reused}  of {count} deals",
         "A row of the report's details: the deals answered from the table rather than solved now.")
_message("winnability.time-histogram", "Time per settled deal",
         "The title of `winnability --plot`'s histogram (its rows are decades of seconds: `< 1 ms` ... "
         "`>= 100 s`).")
_message("winnability.unit", "deals", "What `winnability --plot`'s histogram counts.")
_message("winnability.table-no-directory", "cannot make the directory of the winnability table {table}: {reason}",
         "The data directory of the table cannot be made. `reason` the system's words.")
_message("winnability.table-cannot-open", "cannot open the winnability table {table}: {reason}",
         "SQLite cannot open the table. `reason` SQLite's words.")
_message("winnability.table-damaged-check",
         "the winnability table {table} is damaged (SQLite's quick check: {reason}); move it aside and run "
         "again (its stored deals are solved again)",
         "SQLite's quick check of the table found damage. `reason` its first finding (or "
         "`winnability.no-answer`).")
_message("winnability.no-answer", "no answer", "SQLite's quick check gave no finding at all.")
_message("winnability.table-foreign",
         "{table} holds a table 'results' that is not a winnability table (no column {column}); move it aside "
         "or use another --data-dir",
         "The table's file is another program's SQLite database. `column` the first missing, quoted.")
_message("winnability.table-locked",
         "the winnability table {table} is locked by another process (waited {seconds} s); run again when it "
         "is done", "Another process held the table's lock for longer than the wait.")
_message("winnability.table-read-only",
         "cannot write the winnability table {table}: it is read-only (the file, its directory or its file "
         "system); use another --data-dir", "The table cannot be written.")
_message("winnability.table-not-database",
         "{table} is not a winnability table (not an SQLite database); move it aside or use another --data-dir",
         "The table's file is not an SQLite database.")
_message("winnability.table-damaged",
         "the winnability table {table} is damaged ({reason}); move it aside and run again (its stored deals "
         "are solved again)", "SQLite found the table damaged while reading or writing it.")
_message("winnability.table-cannot-read", "cannot read the winnability table {table}: {reason}",
         "Any other SQLite error while reading the table. `reason` SQLite's words.")
_message("winnability.table-cannot-write", "cannot write the winnability table {table}: {reason}",
         "Any other SQLite error while writing the table. `reason` SQLite's words.")
_message("winnability.table-stayed-locked",
         "the winnability table {table} stayed locked by another process for {seconds} s: {count} solved deals "
         "could not be stored (the same command solves them again)",
         "At the end of a sweep (or when too many results wait): another process held the table's lock "
         "for the whole wait, so these results are lost.")
_message("winnability.table-stayed-locked-one",
         "the winnability table {table} stayed locked by another process for {seconds} s: {count} solved deal "
         "could not be stored (the same command solves them again)",
         "`winnability.table-stayed-locked` for one deal.")
_message("winnability.table-damaged-row",
         "the winnability table {table} has a damaged row (deal {deal} of {game}: {reason}); move the table "
         "aside and run again",
         "A stored row of the run's deals does not decode. `game` quoted, `reason` "
         "`winnability.not-a-row` or `winnability.not-a-row-result`.")
_message("winnability.not-a-row", "not a winnability row ({error_type})",
         "Why a row does not decode: a value of the wrong type (`error_type` the Python exception's name).")
_message("winnability.not-a-row-result", "not a winnability row (its result or its line)",
         "Why a row does not decode: its result is not `won`, `no win` or `unknown`, or its line is not a "
         "list of moves.")

# new-plugin: the `new-plugin NAME` command (cardshell.scaffold)
_message("new-plugin.one-name", "new-plugin takes one name, e.g. 'new-plugin demo'",
         "`new-plugin` without a name, or with several.")
_message("new-plugin.bad-name",
         "a plugin name is 1 to 40 lower-case letters, digits and dashes, starting with a letter",
         "`new-plugin NAME` with a NAME outside the bounds.")
_message("new-plugin.taken", "cannot use the name {name}: {clashes}. Choose another name.",
         "`new-plugin NAME` with a NAME already used. `name` quoted, `clashes` one of the `new-plugin.*-installed` "
         "and `new-plugin.game-registered` messages, or `new-plugin.clashes` for several.")
_message("new-plugin.clashes", "{clashes}; {clash}",
         "Several clashes of `new-plugin.taken`: those before (`clashes`), then one more.")
_message("new-plugin.distribution-installed", "the distribution {dist} {version} is installed",
         "A clash of `new-plugin.taken`: a distribution of that name. `dist` quoted.")
_message("new-plugin.package-installed", "the import package {module} is installed ({where})",
         "A clash of `new-plugin.taken`: an importable package. `module` quoted; `where` one of the "
         "`new-plugin.where-*` messages, or its folder.")
_message("new-plugin.module-installed", "the module {module} is installed ({where})",
         "A clash of `new-plugin.taken`: an importable module, as `new-plugin.package-installed`.")
_message("new-plugin.entry-point-installed", "the entry point {name} of the {group} group is installed (by {owner})",
         "A clash of `new-plugin.taken`: an entry point of that name. `name` and `group` quoted, `owner` "
         "the distribution's name or `new-plugin.unknown-owner`.")
_message("new-plugin.unknown-owner", "an unknown distribution",
         "The `owner` of `new-plugin.entry-point-installed` when the entry point has no distribution.")
_message("new-plugin.game-registered", "a game {name} is registered",
         "A clash of `new-plugin.taken`: a game of that id. `name` quoted.")
_message("new-plugin.where-cardshell", "cardshell itself", "Where the package `cardshell` comes from.")
_message("new-plugin.where-built-in", "built into cardshell", "Where a package of cardshell's distribution comes from.")
_message("new-plugin.where-distribution", "by the distribution {dists}",
         "Where a package of other distributions comes from: their names.")
_message("new-plugin.where-python", "built into Python", "Where a module built into the interpreter comes from.")
_message("new-plugin.where-stdlib", "Python's standard library",
         "Where a module of Python's standard library comes from.")
_message("new-plugin.exists", "{folder} exists already; choose another name or folder",
         "`new-plugin NAME` where the folder NAME is there already.")
_message("new-plugin.cannot-write", "cannot write {folder}: {reason}; nothing was written",
         "The new plugin's folder could not be written; nothing is left behind. `reason` the system's words.")
_message("new-plugin.too-slow", "the new game's first run took over {seconds} seconds",
         "The run that records the new plugin's golden output did not end in time; nothing is left behind.")
_message("new-plugin.wrote",
         "Wrote {folder}: the game {name} (distribution {dist}, package {module}).\n{next}",
         "`new-plugin NAME` wrote its folder. `name` quoted, `next` `new-plugin.next-steps`.")
_message("new-plugin.next-steps",
         "Next, with this Python (the editable install makes your edits take effect at once):\n"
         "  {python} -m pip install -e {install}\n"
         "  {python} -m cardshell            # then: play {name}\n"
         "  {python} -m pytest {folder}",
         "After `new-plugin.wrote`: what to type next, with the running interpreter (`python`, quoted for "
         "the shell): the editable install of `install` (the folder with its test extra), the game, its "
         "tests (`folder`).")

# progress: the progress line of a sweep and the spinner of a search, redrawn on the terminal while work runs
_message("progress.line", "{label}: {done}/{total} {unit} ({share}), {rate} {unit}/s, {eta}",
         "The progress line of a sweep at a terminal (never in scripts), at its widest: `label` what runs "
         "(`sweep.progress-label`, `winnability.progress-label`), deals done of the total, the share done, "
         "the rate, and `eta` (`progress.eta` or `progress.held`). `unit` the game's word for deals.")
_message("progress.line-no-rate", "{label}: {done}/{total} {unit} ({share}), {eta}",
         "`progress.line` without the rate: narrower, or while one deal holds the sweep.")
_message("progress.line-share", "{label}: {share}, {eta}", "`progress.line` without the counts, narrower still.")
_message("progress.share-eta", "{share}, {eta}", "`progress.line` without the label, narrower still.")
_message("progress.eta", "ETA {duration}",
         "The time left of `progress.line`, `H:MM:SS` (`--:--:--` while unknown).")
_message("progress.held", "a deal running {duration}{bound}",
         "Instead of `progress.eta` while no deal finished for longer than the time left said: how long "
         "the deal holding the sweep has run; `bound` `progress.held-bound` or empty.")
_message("progress.held-bound", " (at most {duration})", "The longest one deal may take, in `progress.held`.")
_message("progress.open", "{label}: {done} {unit}, {rate} {unit}/s",
         "The progress line of a sweep whose number of deals is not known: deals done and the rate.")
_message("progress.open-no-rate", "{label}: {done} {unit}", "`progress.open` without the rate, narrower.")
_message("progress.open-count", "{done} {unit}", "`progress.open` without the label, narrower still.")
_message("progress.spinner", "{frame} {label}, {seconds} s (Ctrl-C stops)",
         "The spinner of a search at a terminal (`solve`, `hint`): a turning frame, what runs, whole seconds "
         "since it began, how to stop it.")
_message("progress.spinner-no-hint", "{frame} {label}, {seconds} s", "`progress.spinner`, narrower.")
_message("progress.spinner-label", "{frame} {label}", "`progress.spinner`, narrower still.")

# -- end of section C --
