"""A game's rules as functions over states, for search: no shell, no output.

:class:`RuleSet` gathers what the host knows of one game (its record and the
commands registered for it) into the small interface a search needs, the
way OpenSpiel's ``legal_actions``/``apply_action`` serve every game:

* :meth:`RuleSet.legal`: the legal moves now, as the lines a player types;
* :meth:`RuleSet.play`: the state after one line, through the same parse,
  validators and handler as a typed line (rejected lines raise);
* :meth:`RuleSet.outcome`, :meth:`RuleSet.key`, :meth:`RuleSet.heuristic`;
* :meth:`RuleSet.expand`: the successors search tries, best first, through
  the game's fast :attr:`~cardshell.records.Game.successors` when it has
  one, else through :meth:`RuleSet.children` ordered by the heuristic;
  :meth:`RuleSet.pruned`: the game's proof that a state is lost.

Only games with immutable states and :attr:`~cardshell.records.Game.legal_moves`
can be searched (:attr:`RuleSet.searchable`).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import Any

from cardshell.errors import CommandError, UsageError
from cardshell.records import CommandContext, Game, Outcome, spread
from cardshell.registry import Entry, Scope


class RuleSet:
    """One game's rules, as pure functions over its states.

    Args:
        game (Game): the game.
        scope (Scope): the game's command scope in the registry (its moves
            and any commands other plugins added to it).

    Attributes:
        game (Game): the game.
        searchable (bool): the game lists its legal moves and its states are
            immutable, so ``solve`` and ``hint`` can search it.
    """

    def __init__(self, game: Game, scope: Scope) -> None:
        self.game = game
        self._scope = scope
        self.searchable = game.legal_moves is not None and game.immutable
        self._key = game.key
        self._heuristic = game.heuristic
        self._successors = game.successors
        self._prune = game.prune

    def legal(self, state: Any) -> list[str]:
        """The legal moves in ``state``, as lines, in the game's order.

        Raises:
            CommandError: when the game does not list its legal moves.
        """
        if self.game.legal_moves is None:
            raise CommandError(f"{self.game.title} does not list its legal moves.")
        return list(self.game.legal_moves(state))

    def resolve(self, line: str) -> tuple[Entry, str]:
        """The game command a line names and its argument text.

        Raises:
            UsageError: when no command of the game matches the line.
        """
        word, _, rest = line.partition(" ")
        entry = self._scope.lookup(word)
        if entry is not None:
            return entry, rest.strip()
        matched = self._scope.match(line)
        if matched is not None:
            return matched
        raise UsageError(f"{line!r} is not a move of {self.game.title}")

    def play(self, state: Any, line: str) -> Any:
        """The state after the move ``line`` (``state`` itself is unchanged).

        Args:
            state (Any): a state of this game.
            line (str): one stripped command line, as typed.

        Returns:
            Any: the new state.

        Raises:
            CommandError: (or UsageError) when the line is not a legal move;
                other exceptions from plugin code pass through.
        """
        entry, args_text = self.resolve(line)
        command = entry.command
        args = command.parse(args_text)
        move = command.move
        if move is not None:
            if move.check is not None:
                move.check(state, *spread(args))
            return move.apply(state, *spread(args))
        working = state  # a value (a contract-1 game's handlers copy it: cardshell.contract1)
        for validator in command.validators:
            validator(working, args)
        ctx = CommandContext(state=working, line=line, game_id=self.game.id, shell=None, interactive=False)
        command.handler(ctx, args)
        return ctx.state

    def children(self, state: Any) -> Iterable[tuple[str, Any]]:
        """Each legal move with the state it leads to, in the game's order."""
        play = self.play
        for line in self.legal(state):
            yield line, play(state, line)

    def outcome(self, state: Any) -> Outcome | None:
        """The game's outcome in ``state`` (None while in play)."""
        return self.game.outcome(state)

    def key(self, state: Any) -> Hashable:
        """The transposition-table key of a state (:attr:`Game.key`, or the state)."""
        return state if self._key is None else self._key(state)

    def heuristic(self, state: Any) -> float:
        """The game's score of a state, higher first (0 without a heuristic)."""
        return 0.0 if self._heuristic is None else self._heuristic(state)

    @property
    def has_heuristic(self) -> bool:
        """Whether the game orders moves by a heuristic."""
        return self._heuristic is not None

    def expand(self, state: Any) -> list[tuple[str | tuple[str, ...], Any]]:
        """The successors search tries from ``state``, best first.

        Through :attr:`Game.successors` when the game has it (its order, its
        dominance and its macro moves), else every legal line with its state,
        ordered by the heuristic, highest first (ties in the game's order).

        Returns:
            list: ``(move, new_state)`` pairs; ``move`` is a line or a tuple
            of lines played in order.
        """
        if self._successors is not None:
            return list(self._successors(state))
        children: list[tuple[str | tuple[str, ...], Any]] = list(self.children(state))
        if self._heuristic is not None and len(children) > 1:
            heuristic = self._heuristic
            children.sort(key=lambda child: -heuristic(child[1]))
        return children

    def pruned(self, state: Any) -> bool:
        """Whether the game proves ``state`` lost (:attr:`Game.prune`); False without a bound."""
        return self._prune is not None and self._prune(state)
