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
         "`help GAME` and `rules`: the game's rules page (its `RULES.md` or `Game.rules`, its author's words), "
         "rendered for the terminal.")
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
_message("game.none-installed", "none installed", "Part of `game.unknown` when no game is registered.")
_message("game.resumed", "Resuming {title}, seed {seed} ({moves} so far).",
         "`play GAME` for a game in progress here: it goes on. `moves` a `game.moves` count.")
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
_message("save.instead", " instead of {name} ({reason})",
         "Part of `save.saved` when the save went to another name: `name` the name asked, quoted, and why.")
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

# undo: undo and redo
_message("undo.not-a-count", "{text} is not a number of moves (1 or more)",
         "`undo` or `redo` with something other than a positive number. `text` quoted.")
_message("undo.not-allowed", "{title} does not allow undo or redo.", "`undo` or `redo` in a game that turns undo off.")
_message("undo.nothing", "Nothing to undo.", "`undo` with no move to take back.")
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
_message("plugins.shadowing-heading",
         "Shell words a game uses for its own commands (the shell's reached as %WORD there):",
         "`plugins`: the heading of the games whose own commands use shell words.")
_message("plugins.notes-heading", "Notes:", "`plugins`: the heading of the notes about plugins (deprecations).")
_message("plugins.note", "  {note}", "`plugins`: one note about a plugin.")
_message("plugins.failed-heading", "Failed plugins:", "`plugins`: the heading of the plugins that failed to load.")
_message("plugins.failure", "  {failure}", "`plugins`: one plugin that failed to load, and why.")

# rules, moves, hint, solve: the host's help at the table
_message("rules.too-many", "rules takes at most one game id", "`rules` with more than one word.")
_message("rules.no-game", "no game in progress: 'rules GAME' shows the rules of a game ('games' lists them)",
         "`rules` without a game outside any game.")
_message("moves.cannot-list", "{title} does not list its legal moves, so the shell cannot list them.",
         "`moves` in a game that does not list its legal moves.")
_message("moves.cannot-search", "{title} does not list its legal moves, so the shell cannot search it.",
         "`hint` or `solve` in a game that does not list its legal moves.")
_message("moves.not-immutable", "{title} does not declare immutable states, so the shell cannot search it.",
         "`hint` or `solve` in a game whose states may change in place.")
_message("moves.legal", "Legal moves: {moves}", "`moves`: the legal moves now, in the game's notation.")
_message("moves.none", "No legal moves.", "`moves` when no move is legal.")
_message("hint.thinking", "hint: thinking", "At a terminal, beside the spinner while `hint` searches.")
_message("hint.none", "No hint.", "`hint` found no move and says nothing more.")
_message("hint.none-why", "No hint: {why}.", "`hint` found no move; `why` is the search's or the game's reason.")
_message("hint.move", "Hint: {move}{why}", "`hint`: the move suggested, and a `hint.why` part or empty.")
_message("hint.why", " ({why})", "Part of `hint.move`: why this move (the search's or the game's words).")
_message("solve.searching", "solve: searching", "At a terminal, beside the spinner while `solve` searches.")
_message("solve.seen", "(the search sees face-down cards)", "Part of `solve.line` and `solve.no-win`.")
_message("solve.already-won", "The game is already won.", "`solve` in a game already won.")
_message("solve.line", "Winning line ({moves}, {positions} searched) {seen}:",
         "`solve` found a winning line (on the next line). `moves` a `game.moves` count, `positions` a "
         "`solve.positions` count, `seen` is `solve.seen`.")
_message("solve.moves", "{moves}", "After `solve.line`: the winning line's moves, in the game's notation.")
_message("solve.positions-one", "{count} position", "A count of one searched position.")
_message("solve.positions", "{count} positions", "A count of searched positions other than one.")
_message("solve.playing", "Playing it, one move every {pace} s ('+' faster, '-' slower, any other key stops).",
         "`solve --play` at a terminal, before the moves are played. `pace` in seconds.")
_message("solve.play-hint", "'{solve} --play' plays it.",
         "After `solve`'s winning line. `solve` is how `solve` is typed here (`solve` or `%solve`).")
_message("solve.no-win", "No win from here: {every} searched {seen}.",
         "`solve` searched every position: `every` is `solve.only-position` or `solve.all-positions`.")
_message("solve.only-position", "the only position", "Part of `solve.no-win`.")
_message("solve.all-positions", "all {count} positions", "Part of `solve.no-win`.")
_message("solve.unknown",
         "Unknown after {positions} ({seconds} seconds): no winning line found within the budget; try "
         "'{solve} {budget}'.",
         "`solve` ran out of its budget. `positions` a `solve.positions` count, `seconds` the time spent "
         "(one decimal), `budget` a larger budget (`--nodes N` or `--seconds S`).")

# -- end of section A --

# -- section B: saves, replays, options, recordings --

# -- end of section B --

# -- section D: the command line, the terminal, signals, plugins' loading and faults --

# -- end of section D --

# -- section C: sweeps, winnability, the scaffold, the contract check --

# -- end of section C --
