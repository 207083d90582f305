"""Completion candidates, computed from the registered metadata.

Pure logic shared by the interactive front end (which wraps it in a
prompt_toolkit ``Completer``, :mod:`cardshell.interactive`) and the tests.
What Tab offers (issue 12 item 4):

* **The first word** in a game: the game's commands that are valid *now*
  and the shell's commands.  A game command is left out when the game
  itself would refuse it as typed: a command without arguments whose
  validators (a move's ``check``) refuse the state, or, for a move of a
  game that lists its legal moves, whose word is not one of them (Aces Up's
  ``D`` with an empty stock, Blackjack's ``y`` and ``n`` during a hand, its
  ``1`` and ``0`` between rounds); a move with arguments whose completer
  offers nothing for its first argument (Aces Up's ``T`` with no empty
  column).  ``undo`` and ``redo`` are left out in a game that does not
  allow undo.  Whole-line pattern commands (Minesweeper's cells) are offered
  only once a first character is typed, so an empty line offers commands
  only.
* **Arguments**: the command's :attr:`~cardshell.records.Command.complete`;
  for ``play GAME``, the game ids, then ``--seed`` and the game's own
  options (:attr:`~cardshell.records.Game.options`), and after an option
  its values (``choices``, else ``completions``); for ``new``, ``--seed``.
  A command without a completer gets what its usage names: game ids where
  the usage says ``GAME`` (``stats [GAME]``) and the ``--options`` it lists.
  An option already on the line is never offered again.

**Exactly what is valid now** (issue 27 item 4):

* At ``cardshell>`` (no game), the host commands that act on a game
  (:data:`NEEDS_GAME`: ``show``, ``moves``, ``hint``, ``undo`` ...) are not
  offered; ``new`` and ``restart`` are offered only while a finished game
  is there for them to deal again (:data:`NEEDS_GAME_OR_FINISHED`).
* In a game that lists its legal moves (:attr:`Game.legal_moves`), a move
  is completed from those lines, word by word, whatever its grammar: a move
  command is offered as the first word only if a legal line starts with
  it, and each argument offers the next word of the legal lines that start
  with what is typed (Thumb and Pouch ``tt `` offers only the piles of its
  legal ``tt`` moves).  Moves without a command word (``3a``, ``a5``) are
  offered from the legal lines once a first character is typed, unless
  their command has its own completer.

A shell command that the current game's own command shadows is offered in
its ``%WORD`` form (the form that reaches it there), and a first word
starting with ``%`` is completed from the shell's commands.

Candidates are unique and sorted with numbers in numeric order (``a2``
before ``a10``).  A completer or validator that raises never breaks typing:
its command is offered, its arguments are not.
"""

from __future__ import annotations

import math
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
#: there to deal again (:meth:`cardshell.sessions.Sessions.last_finished`).
NEEDS_GAME_OR_FINISHED = frozenset({"new", "restart"})

_USAGE_TOKEN = re.compile(r"\[|\]|--[A-Za-z][A-Za-z0-9-]*")
_DIGITS = re.compile(r"([0-9]+)")


def candidates(shell: Shell, text: str) -> tuple[list[str], str]:
    """What may complete the text before the cursor.

    Args:
        shell (Shell): the shell (current game, registry).
        text (str): the line up to the cursor.

    Returns:
        tuple[list[str], str]: the candidates (unique, in :func:`natural`
        order, each starting with the partial word, compared without case
        unless the game is case sensitive) and the partial word they replace.
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

    Args:
        shell (Shell): the shell.
        with_patterns (bool): also the candidates of the current game's
            whole-line pattern commands (Minesweeper's cells).

    Returns:
        list[str]: in a game, the game's words valid now (:func:`offered`)
        and the names of the shell's commands that apply to it; outside a
        game, every global name and alias.
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
    """The legal moves of a state, computed on first use (at most
    :data:`MAX_LEGAL_LINES` lines are read: a game listing more is completed
    from the first ones)."""

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
        """The first word of every legal line (none when they cannot be read)."""
        self._load()
        return [words[0] for words in self._split or ()]

    def by_words(self, move_words: set[str]) -> bool:
        """Whether the legal lines are written with the game's move command
        words (Thumb and Pouch ``tt 5 6 1``), so that they say which of
        those commands are valid now.  False when they use another grammar
        (Minesweeper lists cells, ``a5``, while ``open a5`` is a command),
        cannot be read, or none is legal.

        Args:
            move_words (set[str]): the lower-cased words (names and aliases)
                of the game's move commands that have a command word.
        """
        self._load()
        return any(line[0].lower() in move_words for line in self._split or ())

    def starts_with(self, words: Iterable[str]) -> bool:
        """Whether some legal line's first word is one of ``words`` (any case)."""
        wanted = {w.lower() for w in words}
        self._load()
        if self._split is None:
            return True
        return any(line[0].lower() in wanted for line in self._split)

    def next_words(self, first: Iterable[str], typed: Sequence[str]) -> list[str]:
        """The word after ``typed`` in the legal lines whose first word is in
        ``first`` and whose next words are ``typed`` (any case)."""
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
    """The lower-cased words of a game scope's move commands that have a command word."""
    return {w.lower() for entry in scope.entries if entry.command.move is not None and entry.command.pattern is None
            for w in entry.command.words}


def _is_move(command: Command) -> bool:
    """Whether a command is one of the game's moves (a pattern command is one)."""
    return command.game is not None and (command.move is not None or command.pattern is not None)


def offered(command: Command, state: Any, legal: _Legal) -> bool:
    """Whether a game command is offered as the first word now (see the module docstring).

    Args:
        command (Command): a command of the current game (no pattern).
        state (Any): the game's state (read, never changed).
        legal (_Legal): the state's legal moves.

    Returns:
        bool: False only when the game would refuse the command as typed.
    """
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
    """Whether a command may be typed without arguments (its parser accepts
    an empty text): such a move is offered only when it is a legal move."""
    try:
        command.parse("")
    except CommandError:
        return False
    except Exception:  # a plugin's bug: treat it as taking arguments
        return False
    return True


def arguments(shell: Shell, command: Command, args: Sequence[str], partial: str) -> list[str]:
    """The candidates for the argument after ``args`` (the words already typed).

    Args:
        shell (Shell): the shell.
        command (Command): the command the line starts with.
        args (Sequence[str]): the complete argument words before the cursor.
        partial (str): the argument word being typed ("" for a new one).

    Returns:
        list[str]: unfiltered candidates (see the module docstring).
    """
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
    """Candidates after ``play``: game ids, then ``--seed``, the game's
    options and their values.

    Args:
        shell (Shell): the shell (its games).
        args (Sequence[str]): the words after ``play`` before the cursor.
        partial (str): the word being typed (``--level=ex`` completes the value).

    Returns:
        list[str]: game ids for the first word; after a game id (or the
        unique prefix of one), the options (``--seed``, ``--level`` ...);
        after an option that takes a value, its values (none for a number).
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
    """The values Tab offers for a ``play`` option: its ``choices``, else its
    ``completions`` (:class:`~cardshell.records.Option`)."""
    values = option.choices if option.choices is not None else option.completions
    return [str(value) for value in values]


def usage_arguments(shell: Shell, command: Command, args: Sequence[str]) -> list[str]:
    """Candidates read from a command's usage, for commands without a completer.

    Args:
        shell (Shell): the shell (its games).
        command (Command): the command.
        args (Sequence[str]): the argument words already typed.

    Returns:
        list[str]: the ``--options`` the usage lists, and the game ids when
        the usage names ``GAME`` and no other word has been typed yet
        (``stats [GAME] [--reset [--yes]]``).
    """
    usage = command.usage_text
    typed = {word.partition("=")[0] for word in args}
    found = [option for option, needs in usage_options(usage) if needs is None or needs in typed]
    if re.search(r"\bGAME\b", usage) and not any(not word.startswith("-") for word in args):
        found.extend(sorted(shell.games))
    return found


def usage_options(usage: str) -> list[tuple[str, str | None]]:
    """The ``--options`` a usage names, each with the option it needs first.

    Args:
        usage (str): a usage such as ``stats [GAME] [--reset [--yes]]``.

    Returns:
        list[tuple[str, str | None]]: ``(option, needs)``: ``needs`` is the
        option heading an enclosing bracket group (``--yes`` needs
        ``--reset``), or None.
    """
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


def columns(words: Sequence[str], width: int) -> str:
    """Words in columns, down then across, as a shell lists its completions.

    Args:
        words (Sequence[str]): the words, in order.
        width (int): the terminal's width in characters (at least 1).

    Returns:
        str: lines of at most ``width`` characters (a longer word has a line
        of its own), no trailing spaces; "" when there are no words.
    """
    if not words:
        return ""
    cell = max(len(word) for word in words) + 2
    per_line = max(1, (width + 2) // cell)
    rows = math.ceil(len(words) / per_line)
    lines = []
    for row in range(rows):
        line = "".join(word.ljust(cell) for word in words[row::rows])
        lines.append(line.rstrip())
    return "\n".join(lines)


def _game(shell: Shell, word: str) -> Game | None:
    """The game a typed id names: the id, or the unique prefix of one."""
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
