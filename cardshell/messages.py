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

# -- end of section C --
