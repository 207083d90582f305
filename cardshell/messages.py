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
         "A row of the report's details: the run's deals (`count` right-aligned in 8 characters; the rows "
         "are aligned by the spaces of their templates).")
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
