"""Completion candidates, computed from the registered metadata.

Pure logic, wrapped in a prompt_toolkit ``Completer`` (and, for the colour
of an unknown command as it is typed, :class:`CommandCheck`, a ``Lexer``) by
:mod:`cardshell.interactive`.  Tab offers exactly what is valid now: as the
first word, the commands the current game would accept as typed (a move
whose validators pass or whose word starts a legal move) and the shell's
commands that apply (not :data:`NEEDS_GAME` outside a game); as arguments,
the command's :attr:`~cardshell.records.Command.complete`, what ``play``
takes, or what the usage names, and in a game that lists its legal moves
the next word of the legal lines.  A shell command shadowed by the game's
is offered as ``%WORD``.  Candidates are unique, in :func:`natural` order.
A completer or validator that raises never breaks typing: its command is
offered, its arguments are not.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from cardshell import parsers
from cardshell.errors import CommandError
from cardshell.records import Command, Game, Option
from cardshell.registry import ESCAPE
from cardshell.shell import Shell
from cardshell.undo import MOVE_COMMANDS, plays_itself

#: The host commands hidden in a game that does not allow undo.
UNDO_COMMANDS = frozenset({"undo", "redo"})
#: The host commands not offered at ``cardshell>``: they act on the current game.
NEEDS_GAME = frozenset({"show", "moves", "hint", "solve", "undo", "redo", "save"})
#: The host commands offered at ``cardshell>`` only while a finished game is
#: there to deal again (:meth:`cardshell.gametable.GameTable.last_finished`).
NEEDS_GAME_OR_FINISHED = frozenset({"new", "restart"})

_USAGE_TOKEN = re.compile(r"\[|\]|--[A-Za-z][A-Za-z0-9-]*")
_DIGITS = re.compile(r"([0-9]+)")


#: The most characters of a completion's description (the menu's meta column), an ellipsis past it.
DESCRIPTION_LENGTH = 48


def describe(shell: Shell, text: str, word: str) -> str:
    """The short description shown beside ``word`` when it completes the first
    word of ``text`` (the line up to the cursor), as fish shows one: the
    summary of the command it names (a game's move, its alias, a host
    command, ``%WORD``), cut to :data:`DESCRIPTION_LENGTH`; "" for an
    argument or a word that names no command."""
    if len(text.lstrip().split()) > 1 or text.lstrip().endswith(" "):
        return ""
    try:
        entry, rest = shell.dispatcher.resolve(word)
    except Exception:  # a word no command has: no description
        return ""
    summary = entry.command.summary.strip() if not rest else ""
    return summary if len(summary) <= DESCRIPTION_LENGTH else summary[:DESCRIPTION_LENGTH - 1].rstrip() + "…"


def candidates(shell: Shell, text: str) -> tuple[list[str], str]:
    """What may complete ``text``, the line up to the cursor.

    Returns:
        The candidates (unique, in :func:`natural` order, each starting with
        the partial word, without case unless the game is case sensitive)
        and the partial word they replace.
    """
    stripped = text.lstrip()
    words = stripped.split()
    partial = "" if (not words or stripped.endswith(" ")) else words[-1]
    before = words[:-1] if partial else words
    scope = shell.dispatcher.scope()
    if not before and partial.startswith(ESCAPE):  # '%h': the shell's own commands
        found = [f"{ESCAPE}{w}" for entry in shell.registry.global_scope.entries for w in entry.command.words]
    elif not before:
        found = first_words(shell, with_patterns=bool(partial))
    else:
        try:
            entry, _ = shell.dispatcher.resolve(before[0])
        except Exception:
            entry = None
        legal = _Legal(scope.game, shell.current.state) if scope.game and shell.current else None
        if (legal is not None and entry is not None and _is_move(entry.command)
                and (entry.command.pattern is not None or legal.by_words(_move_words(scope)))):
            firsts: Sequence[str] = entry.command.words if entry.command.pattern is None else (before[0],)
            found = legal.next_words(firsts, before[1:])
            if not found and entry.command.pattern is not None:
                found = arguments(shell, entry.command, before[1:], partial)
        elif entry is None and legal is not None and legal.known():  # a pattern move of several words: ``2 a``
            found = legal.next_words((before[0],), before[1:])
        elif entry is None:
            return [], partial
        else:
            found = arguments(shell, entry.command, before[1:], partial)
    fold = (lambda s: s) if scope.case_sensitive else str.lower
    given = {fold(word.partition("=")[0]) for word in before if word.startswith("--")}
    matches = {c for c in found if fold(c).startswith(fold(partial)) and fold(c) not in given}
    return sorted(matches, key=natural), partial


def first_words(shell: Shell, *, with_patterns: bool = True) -> list[str]:
    """The command words offered for the first word of a line.

    In a game, its words valid now (:func:`offered`) and the shell's commands
    that apply; outside one, every global name and alias.  ``with_patterns``
    adds the candidates of whole-line pattern commands.
    """
    scope = shell.dispatcher.scope()
    session = shell.current
    if scope.game is None or session is None:
        finished = shell.table.last_finished() is not None
        return [w for entry in scope.entries for w in entry.command.words
                if not (entry.command.game is None and entry.command.name in NEEDS_GAME)
                and (finished or entry.command.game is not None or entry.command.name not in NEEDS_GAME_OR_FINISHED)]
    found: list[str] = []
    legal = _Legal(scope.game, session.state)
    legal.worded = legal.by_words(_move_words(scope))
    patterned = False
    for entry in scope.entries:
        command = entry.command
        if command.pattern is not None:
            if with_patterns and command.complete is not None:
                found.extend(_safe(command.complete, session.state, 0))
            elif command.complete is None:
                patterned = True
        elif offered(command, session.state, legal):
            found.extend(command.words)
    if patterned and with_patterns and legal.known():  # moves without a command word: from the legal lines
        commands = {w.lower() for entry in scope.entries if entry.command.pattern is None for w in entry.command.words}
        found.extend(word for word in legal.first_words() if word.lower() not in commands)
    shadowed = set(shell.registry.shadowed(scope.game.id))
    hidden = set() if scope.game.undo else set(UNDO_COMMANDS)
    if plays_itself(scope.game, (entry.command for entry in scope.entries if entry.command.game == scope.game.id)):
        hidden |= MOVE_COMMANDS  # no moves to undo, redo, hint or solve
    found.extend(f"{ESCAPE}{entry.command.name}" if entry.command.name in shadowed else entry.command.name
                 for entry in shell.registry.global_scope.entries if entry.command.name not in hidden)
    return found


class _Legal:
    """The legal moves of a state, read on first use (at most :data:`MAX_LEGAL_LINES` lines)."""

    def __init__(self, game: Game, state: Any) -> None:
        self.game, self.state = game, state
        self._lines: set[str] | None = None
        self._split: list[list[str]] | None = None
        self._broken = False
        #: whether the legal lines speak for the move commands (:meth:`by_words`)
        self.worded = False

    def known(self) -> bool:
        return self.game.legal_moves is not None and not self._read_broken()

    def _read_broken(self) -> bool:
        self._load()
        return self._broken

    def _load(self) -> None:
        if self._split is not None or self._broken:
            return
        try:
            lines = []
            for line in self.game.legal_moves(self.state):  # type: ignore[misc]
                lines.append(str(line).strip())
                if len(lines) >= MAX_LEGAL_LINES:
                    break
        except Exception:  # a broken legal_moves hides nothing
            self._broken = True
            return
        self._split = [line.split() for line in lines if line]
        self._lines = {line.lower() for line in lines}

    def __contains__(self, word: str) -> bool:
        self._load()
        if self._lines is None:
            return True
        return word.lower() in self._lines

    def first_words(self) -> list[str]:
        self._load()
        return [words[0] for words in self._split or ()]

    def by_words(self, move_words: set[str]) -> bool:
        """Whether the legal lines use the game's move command words (``tt 5 6 1``), not another grammar.

        False when they cannot be read, none is legal, or they are written
        otherwise (Minesweeper lists ``a5`` while ``open a5`` is the command).
        """
        self._load()
        return any(line[0].lower() in move_words for line in self._split or ())

    def starts_with(self, words: Iterable[str]) -> bool:
        wanted = {w.lower() for w in words}
        self._load()
        if self._split is None:
            return True
        return any(line[0].lower() in wanted for line in self._split)

    def next_words(self, first: Iterable[str], typed: Sequence[str]) -> list[str]:
        """The word after ``typed`` in the legal lines starting with a word of ``first`` then ``typed``."""
        wanted = {w.lower() for w in first}
        self._load()
        typed_lower = [w.lower() for w in typed]
        found = []
        for line in self._split or ():
            if (len(line) > len(typed) + 1 and line[0].lower() in wanted
                    and [w.lower() for w in line[1:len(typed) + 1]] == typed_lower):
                found.append(line[len(typed) + 1])
        return found


#: At most this many legal lines are read for completion (a bound on the
#: work of one Tab press; the built-in games list far fewer).
MAX_LEGAL_LINES = 10_000


def _move_words(scope: Any) -> set[str]:
    return {w.lower() for entry in scope.entries if entry.command.move is not None and entry.command.pattern is None
            for w in entry.command.words}


def _is_move(command: Command) -> bool:
    return command.game is not None and (command.move is not None or command.pattern is not None)


def offered(command: Command, state: Any, legal: _Legal) -> bool:
    """Whether a game command (no pattern) is offered as the first word: False only if the game would refuse it."""
    try:
        if command.move is not None and legal.known() and legal.worded:
            return legal.starts_with(command.words)
        if command.move is not None and legal.known() and _alone(command):
            return any(word in legal for word in command.words)
        if command.parse is parsers.no_args:
            for validator in command.validators:
                validator(state, None)
            return True
        if command.move is not None and command.complete is not None:
            return bool(list(command.complete(state, 0)))
    except CommandError:
        return False
    except Exception:  # a plugin's bug: offer the command, let dispatch report it
        return True
    return True


def _alone(command: Command) -> bool:
    """Whether a command may be typed without arguments (its parser accepts "")."""
    try:
        command.parse("")
    except CommandError:
        return False
    except Exception:  # a plugin's bug: treat it as taking arguments
        return False
    return True


def arguments(shell: Shell, command: Command, args: Sequence[str], partial: str) -> list[str]:
    """The unfiltered candidates for the argument after ``args``, ``partial`` being typed."""
    if command.game is None and command.name == "play":
        return play_arguments(shell, args, partial)
    if command.game is None and command.name == "new":
        return [] if args and args[-1] == "--seed" else ["--seed"]
    if command.pattern is not None:
        return []
    if command.complete is not None:
        state = shell.current.state if (shell.current and command.game) else None
        return _safe(command.complete, state, len(args))
    return usage_arguments(shell, command, args)


def play_arguments(shell: Shell, args: Sequence[str], partial: str) -> list[str]:
    """Candidates after ``play``: game ids, then ``--seed`` and the game's options, then an option's values.

    ``partial`` may be ``--level=ex``, completing the value; a number option
    offers nothing.
    """
    if not args:
        return sorted(shell.games)
    game = _game(shell, args[0])
    if game is None:
        return []
    options = {f"--{option.name}": option for option in game.options}
    if args[-1] == "--seed" or (args[-1] in options and len(args) > 1):
        option = options.get(args[-1])
        return [] if option is None else option_values(option)
    name, equals, _ = partial.partition("=")
    if equals and name in options:
        return [f"{name}={value}" for value in option_values(options[name])]
    return ["--seed", *options]


def option_values(option: Option) -> list[str]:
    """The values Tab offers for a ``play`` option: its ``choices``, else its ``completions``."""
    values = option.choices if option.choices is not None else option.completions
    return [str(value) for value in values]


def usage_arguments(shell: Shell, command: Command, args: Sequence[str]) -> list[str]:
    """Candidates read from a command's usage, for commands without a completer.

    The ``--options`` the usage lists, and the game ids when it names ``GAME``
    and nothing else is typed yet (``stats [GAME] [--reset [--yes]]``).
    """
    usage = command.usage_text
    typed = {word.partition("=")[0] for word in args}
    found = [option for option, needs in usage_options(usage) if needs is None or needs in typed]
    if re.search(r"\bGAME\b", usage) and not any(not word.startswith("-") for word in args):
        found.extend(sorted(shell.games))
    return found


def usage_options(usage: str) -> list[tuple[str, str | None]]:
    """The ``--options`` a usage names, each with the option it needs first (``--yes`` needs ``--reset``) or None."""
    heads: list[str | None] = [None]  # the first option of each open bracket group
    found: list[tuple[str, str | None]] = []
    for token in _USAGE_TOKEN.findall(usage):
        if token == "[":
            heads.append(None)
        elif token == "]":
            if len(heads) > 1:
                heads.pop()
        else:
            found.append((token, next((head for head in reversed(heads[:-1]) if head), None)))
            if heads[-1] is None:
                heads[-1] = token
    return found


def natural(word: str) -> tuple[Any, ...]:
    """A sort key putting numbers in numeric order: ``a2`` before ``a10``."""
    return tuple(int(part) if part.isdigit() else part for part in _DIGITS.split(word))


def _game(shell: Shell, word: str) -> Game | None:
    key = word.lower()
    if key in shell.games:
        return shell.games[key]
    starting = [gid for gid in shell.games if gid.startswith(key)]
    return shell.games[starting[0]] if len(starting) == 1 else None


def _safe(complete: Any, state: Any, index: int) -> list[str]:
    try:
        found: Iterable[Any] = complete(state, index)
        return [str(c) for c in found]
    except Exception:  # a broken completer must never break typing
        return []


class CommandCheck:
    """Whether the first word of a line being typed can name a command: the
    terminal colours it when it cannot (as fish colours an unknown command).

    A word can name a command when it starts (or is) a name or alias of a
    shell command or of the current game's, or the game's word for a host
    command; after :data:`~cardshell.scopes.ESCAPE` (``%hint``), a shell
    command's.  A line a pattern command takes whole (Minesweeper's ``a5f``)
    names one too, and in a game with pattern commands so does a word that
    starts one of its legal moves.  Where that cannot be told (a plugin not
    imported yet has a shell pattern command, or the game lists no legal
    moves) the word counts as a command: only a word sure to be refused is
    coloured.  Nothing is imported; a game's legal moves are read once per
    state, and only for a word that starts no command word.
    """

    def __init__(self, shell: Shell) -> None:
        self.shell = shell
        self._read: tuple[Game, Any] | None = None  # the game and state the legal moves were read of
        self._starts: frozenset[str] | None = None

    def unknown(self, text: str) -> bool:
        """Whether the first word of ``text`` (a line as typed so far) can name no command here."""
        line = text.strip()
        escaped = line.startswith(ESCAPE)
        if escaped:
            line = line[len(ESCAPE):].lstrip()
        if not line:
            return False
        word = line.split()[0]
        registry = self.shell.registry
        lowered = word.lower()
        if any(known.startswith(lowered) for known in registry.global_words()):
            return False
        patterns, hidden = registry.global_patterns()
        if hidden or any(pattern.fullmatch(line) for pattern, _ in patterns):
            return False
        scope = self.shell.dispatcher.scope()
        session = self.shell.current
        if escaped or scope.game is None or session is None:
            return True
        key = scope.key(word)
        if any(known.startswith(key) for known in (*scope.words, *scope.aliases)):
            return False
        if not scope.patterns:
            return True
        if any(pattern.fullmatch(line) for pattern, _ in scope.patterns):
            return False
        starts = self._legal_starts(scope.game, session.state, scope.key)
        return starts is not None and not any(start.startswith(key) for start in starts)

    def _legal_starts(self, game: Game, state: Any, key: Any) -> frozenset[str] | None:
        """The first words of ``state``'s legal moves, keyed as the scope keys words; None when not listed."""
        if self._read is None or self._read[0] is not game or self._read[1] is not state:
            legal = _Legal(game, state)
            self._starts = frozenset(key(word) for word in legal.first_words()) if legal.known() else None
            self._read = (game, state)
        return self._starts
