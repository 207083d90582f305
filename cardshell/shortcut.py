"""A search's winning line as a person would play it: shortcuts taken, detours and cycles left out.

A depth-first search (:mod:`cardshell.search`) or a game's own solver may give
a winning line that walks one card through several empty columns, where a
person plays one move, or that comes back to a position it was in before.
:func:`shortened` takes such a line and the position it starts from and
returns a line of at most as many moves that still wins by the game's rules.
The ``solve`` command shows and plays its lines through :func:`human_verdict`
(:mod:`cardshell.assist`), and :func:`cardshell.search.hint` takes its move
from such a line in a game that hides nothing.

It knows no game.  It sees one only through a
:class:`~cardshell.ruleset.RuleSet`: the legal moves as typed lines
(:meth:`RuleSet.legal <cardshell.ruleset.RuleSet.legal>`), the state after a
line (:meth:`RuleSet.play <cardshell.ruleset.RuleSet.play>`, the function the
search and a replay play moves with, so chance and the cards the search sees
are dealt exactly as they were for the search), the outcome, and the search's
transposition key (:meth:`RuleSet.key <cardshell.ruleset.RuleSet.key>`).

The walk: the line's positions ``p0 .. pn`` (``pn`` won) are visited in
order.  At position ``pi`` the candidates are

* a *cycle*: a later position ``pj`` (``j > i``) with the key of ``pi``;
  the moves ``i .. j-1`` are left out;
* a *shortcut*: a legal move of ``pi`` whose state has the key of a later
  position ``pj`` with ``j > i + 1`` (or wins at once: ``j = n``); the moves
  ``i .. j-1`` become that one move.

The candidate leaving out the most moves is taken first (the farthest ``j``;
a cycle before a shortcut to the same ``j``).  A key may merge states that
are not equal (a game's key is what its search treats as one position, e.g.
Aces Up's lone cards in any free columns), so a candidate whose state is not
equal (``==``) to ``pj`` is checked: the rest of the line, from ``j`` on, is
played from its state and must end in a win (it is cut where it wins
earlier); a candidate failing the check is passed over.  The walk stays at
``pi`` while a candidate is taken, then goes on to ``pi+1``, and walks again
from the start when a pass took a candidate whose state was not equal to
``pj`` (the positions after it may then differ from those of the line it
was taken from): it ends when a pass takes none of those.

Bounds: at most ``n * w`` applications of the rules (:meth:`RuleSet.play`)
for the candidates and their checks, where ``n`` is the length of the line
given and ``w`` the most legal moves listed at one of its positions (at
least 1), besides replaying the line given once and the result once.  The
walk stops where this allowance is spent and returns the line as shortened
so far, which wins (every change it made was checked).  Memory: the
positions of one line and their keys.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from cardshell.errors import CommandError
from cardshell.records import Verdict
from cardshell.ruleset import RuleSet

__all__ = ["human_verdict", "shortened"]


#: The key :meth:`_Walk.children` gives a child that wins (no game's key is this object).
_WON = object()


class _Spent(Exception):
    """The allowance of rule applications is spent."""


def human_verdict(rules: RuleSet, state: Any, verdict: Verdict) -> Verdict:
    """``verdict`` with its winning line :func:`shortened` (any other verdict as it is).

    Args:
        rules: the game's rules.
        state: the position the verdict's search started from (never changed).
        verdict: the search's answer (:func:`cardshell.search.solve`).

    Returns:
        Verdict: the same result, positions and seconds; a ``won`` line of at
        most as many moves.  The line as it was when shortening it fails
        (plugin code raising: the search that found the line reports such
        faults where they matter).
    """
    if verdict.result != "won" or len(verdict.line) < 2:
        return verdict
    try:
        line = shortened(rules, state, verdict.line)
    except Exception:  # noqa: BLE001 - a refinement of a line already checked: the line stands
        return verdict
    return Verdict(verdict.result, line, verdict.positions, verdict.seconds)


def shortened(rules: RuleSet, state: Any, line: Sequence[str]) -> tuple[str, ...]:
    """``line`` with its shortcuts taken and its cycles left out (see the module's docstring).

    Args:
        rules: the game's rules.
        state: the position ``line`` starts from (never changed).
        line: a winning line from ``state``, as typed lines.

    Returns:
        tuple[str, ...]: a line of at most ``len(line)`` moves that wins from
        ``state`` by the game's rules; ``line`` itself when it does not win
        by them (the rules reject a move, or it does not end in a win).

    Raises:
        PluginFault: the game's key is not hashable, or its outcome not an
            :class:`~cardshell.records.Outcome`; other exceptions from plugin
            code pass through.
    """
    moves = list(line)
    positions = _winning_positions(rules.play, rules, state, moves)
    if positions is None:
        return tuple(line)
    width = max([1, *(len(rules.legal(position)) for position in positions[:-1])])
    walk = _Walk(rules, list(moves), positions, allowance=len(moves) * width)
    try:
        while walk.one_pass():
            pass
    except _Spent:
        pass
    if len(walk.moves) >= len(moves) or _winning_positions(rules.play, rules, state, walk.moves) is None:
        return tuple(line)
    return tuple(walk.moves)


def _winning_positions(play: Callable[[Any, str], Any], rules: RuleSet, state: Any,
                       moves: list[str]) -> list[Any] | None:
    """The positions ``state`` and after each of ``moves``, cut (with ``moves``) at the
    first won one; None when a move is rejected, the game ends otherwise, or no
    position is won."""
    positions = [state]
    for move in moves:
        if rules.outcome(positions[-1]) is not None:
            break
        try:
            positions.append(play(positions[-1], move))
        except CommandError:
            return None
    outcome = rules.outcome(positions[-1])
    if outcome is None or outcome.result != "won":
        return None
    del moves[len(positions) - 1:]
    return positions


class _Walk:
    """One line being shortened: its moves, its positions and their keys, the allowance left."""

    def __init__(self, rules: RuleSet, moves: list[str], positions: list[Any], allowance: int) -> None:
        self.rules = rules
        self.moves = moves
        self.positions = positions
        self.keys = [rules.key(position) for position in positions]
        self.left = allowance
        self._where: dict[Any, list[int]] | None = None

    def play(self, state: Any, move: str) -> Any:
        """:meth:`RuleSet.play`, counted against the allowance."""
        if self.left <= 0:
            raise _Spent
        self.left -= 1
        return self.rules.play(state, move)

    def children(self, state: Any) -> list[tuple[str, Any, Any]]:
        """Each legal move of ``state`` its rules accept, with the state it leads to and
        that state's key (:data:`_WON` for a won game; ended otherwise: left out)."""
        found = []
        for move in self.rules.legal(state):
            try:
                child = self.play(state, move)
            except CommandError:
                continue
            outcome = self.rules.outcome(child)
            if outcome is None:
                found.append((move, child, self.rules.key(child)))
            elif outcome.result == "won":
                found.append((move, child, _WON))
        return found

    def one_pass(self) -> bool:
        """Walk the line once; whether to walk it again (a candidate was taken whose
        state differs from the position of the line it stands for)."""
        again = False
        index = 0
        while index < len(self.moves) - 1:
            children = self.children(self.positions[index])
            while True:
                taken = self._take(index, children)
                if taken is None:
                    break
                again = again or not taken
            index += 1
        return again

    def _later(self) -> dict[Any, list[int]]:
        """Each key of the line's positions with the indexes where it is, farthest first
        (made again after the line changes)."""
        if self._where is None:
            self._where = {}
            for index in range(len(self.keys) - 1, -1, -1):
                self._where.setdefault(self.keys[index], []).append(index)
        return self._where

    def _take(self, index: int, children: list[tuple[str, Any, Any]]) -> bool | None:
        """Take the candidate at position ``index`` leaving out the most moves that passes
        its check; None when none does, else whether its state was the line's own
        (equal to the position it stands for)."""
        where = self._later()
        last = len(self.moves)
        # (moves left out, the move played instead or None for a cycle, its state, the later position's index)
        candidates: list[tuple[int, str | None, Any, int]] = []
        for later in where[self.keys[index]]:
            if later > index:
                candidates.append((later - index, None, self.positions[index], later))
        for move, child, key in children:
            if key is _WON:
                if last > index + 1:
                    candidates.append((last - index - 1, move, child, last))
                continue
            for later in where.get(key, ()):
                if later > index + 1:
                    candidates.append((later - index - 1, move, child, later))
        candidates.sort(key=lambda candidate: (-candidate[0], candidate[1] is not None))
        for _, instead, child, later in candidates:
            own = child is self.positions[later] or bool(child == self.positions[later])
            rest = self.moves[later:]
            if own:
                after, keys = self.positions[later + 1:], self.keys[later + 1:]
            else:
                replayed = _winning_positions(self.play, self.rules, child, rest)
                if replayed is None:
                    continue
                after = replayed[1:]
                keys = [self.rules.key(position) for position in after]
            if instead is None:  # a cycle: position ``index`` stands for position ``later``
                self.moves[index:] = rest
                self.positions[index + 1:] = after
                self.keys[index + 1:] = keys
            else:
                self.moves[index:] = [instead, *rest]
                self.positions[index + 1:] = [child, *after]
                self.keys[index + 1:] = [self.rules.key(child), *keys]
            self._where = None
            return own
        return None
