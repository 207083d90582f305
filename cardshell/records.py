"""The typed records a plugin returns from its hooks (:mod:`cardshell.hookspecs`).

Small frozen records, as conda's plugin hooks return
``CondaSubcommand(name, summary, action)``: a :class:`Game` per game, a
:class:`Command` per command; a handler receives a :class:`CommandContext`.
They are generic over the state type ``S`` (``Game[MyState]``), so mypy
checks a plugin's functions against one another; ``S`` defaults to ``Any``
(PEP 696), so plain ``Game`` still type-checks.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, Literal

from cardshell.command_records import (  # the records of a command, part of this contract
    Command,
    CommandContext,
    Completer,
    Move,
    Validator,
    spread,
)
from cardshell.render import Text

if TYPE_CHECKING:  # pragma: no cover - the default is for type checkers only
    from typing_extensions import TypeVar

    #: The type of a game's state (``Any`` when not given).
    S = TypeVar("S", default=Any)
else:  # at run time a TypeVar's default changes nothing: keep start-up lean
    from typing import TypeVar

    S = TypeVar("S")

#: The results a finished game can have.
Result = Literal["won", "lost", "draw"]


@dataclass(frozen=True)
class Outcome:
    """How a game (or one round of it) ended.

    Attributes:
        result: ``"won"``, ``"lost"`` or ``"draw"``, from the player's view
            (or :attr:`Game.side`'s).
        score: the game's score where it has one (cards left), else None.
        detail: a short text, e.g. ``"A wins"``.
        duration: seconds from the start to this ending, for a game that keeps
            its own clock (Minesweeper); None: the host's clock counts.
    """

    result: Result
    score: float | None = None
    detail: str = ""
    duration: float | None = None


@dataclass(frozen=True)
class Option:
    """One option of ``play GAME [--NAME VALUE ...]``.

    Attributes:
        name: the name without dashes (``"level"`` gives ``--level``); the value
            is stored under it with dashes turned into underscores.
        help: one line shown by ``help play`` and ``games``.
        type: converts the typed text (``int``).
        default: the value when the option is not given.
        choices: the allowed values, if a fixed set (others are refused).
        completions: values Tab offers when ``choices`` is None, unchecked by
            the host (Minesweeper's levels).
    """

    name: str
    help: str
    type: Callable[[str], Any] = str
    default: Any = None
    choices: tuple[Any, ...] | None = None
    completions: tuple[str, ...] = ()


def _no_outcome(state: Any) -> Outcome | None:
    return None


#: The verdicts of a search (:class:`Verdict`).
SearchResult = Literal["won", "no win", "unknown"]


@dataclass(frozen=True)
class Budget:
    """How much a search may spend (:func:`cardshell.search.solve`, :attr:`Search.solver`).

    Attributes:
        seconds: wall-clock limit (> 0).
        nodes: the most positions to expand (>= 1); also bounds the
            transposition table.
    """

    seconds: float = 10.0
    nodes: int = 200_000

    def split(self, parts: int) -> Budget:
        """This budget shared evenly by ``parts`` (>= 1) searches."""
        return Budget(self.seconds / parts, max(1, self.nodes // parts))


@dataclass(frozen=True)
class Verdict:
    """What a search found (:func:`cardshell.search.solve`, :attr:`Search.solver`).

    Attributes:
        result: ``"won"``, ``"no win"`` (a proof: every position searched) or
            ``"unknown"`` (the budget ran out).
        line: for ``won``, the winning moves as a player types them (empty if
            the start is already won).
        positions: the positions expanded, the start included.
        seconds: the time the search took.
    """

    result: SearchResult
    line: tuple[str, ...] = ()
    positions: int = 0
    seconds: float = 0.0


@dataclass(frozen=True)
class Search(Generic[S]):
    """The search part of a game, ``Game(search=Search(...))``: how ``solve``,
    ``hint`` and winnability sweeps search it (docs/howto/search.md).

    Every field is optional; without them a game is searched through its
    :attr:`Game.legal_moves`.  ``solve`` calls :attr:`solver` when set and
    reads nothing else; otherwise it expands :attr:`successors` (else the legal
    moves by :attr:`heuristic`), keyed by :attr:`key`, skipping what
    :attr:`prune` proves lost.  Honest play and ``hint``'s choice among moves
    read :attr:`key`, :attr:`successors` and :attr:`heuristic`, solver or not;
    so beside a solver :attr:`prune` is never read, as the host says at registration.

    Attributes:
        key: a canonical hashable form of a state for the transposition table
            (ignoring the order of interchangeable piles); None: the state.
        heuristic: a finite score of a state, higher is more promising, tried
            first; None keeps the legal moves' order.
        successors: ``successors(state)`` yields ``(move, new_state)`` pairs,
            best first, ``move`` a typed line or a tuple of lines (a macro
            move, ``("T 1 3", "D")``).  It may leave out moves reaching the
            same results and yield only a dominant move (an ace to an empty
            foundation), but every line must be legal in turn and a winnable
            state must keep a winning successor: "no win" rests on it.
        prune: True only for a state proven lost (a cheap bound, never a
            guess); None: no pruning.
        safe: ``safe(state)`` returns a move that can never hurt (a typed
            line; None when there is none): from a state from which a win is
            reachable, a win is still reachable after it (a card to its
            foundation that no other card can need).  The generic search
            plays it, and the safe moves after it, in a row as the
            position's only child (one macro move: the positions between
            are not spent from its budget); ``check_search`` checks
            the promise on small positions exhaustively.  None: no safe moves.
        solver: the game's own search, ``solver(state, budget, clock)`` given
            a state that may show every card, a :class:`Budget` and the clock
            (seconds), returning a :class:`Verdict`.  A ``won`` line is replayed
            through the rules and rejected if it does not win; a ``no win``
            must be a proof.  None: the generic search.
    """

    key: Callable[[S], Hashable] | None = None
    heuristic: Callable[[S], float] | None = None
    successors: Callable[[S], Iterable[tuple[str | tuple[str, ...], S]]] | None = None
    prune: Callable[[S], bool] | None = None
    solver: Callable[[S, Budget, Callable[[], float]], Verdict] | None = None
    safe: Callable[[S], str | None] | None = None

    def unread(self) -> tuple[str, ...]:
        """The fields set that the host never reads: ``("prune",)`` beside a solver, else ``()``."""
        return ("prune",) if self.solver is not None and self.prune is not None else ()


@dataclass(frozen=True)
class Players(Generic[S]):
    """The seats of a game with computer opponents, as OpenSpiel's games declare
    their players (``current_player``, a player's information state).

    The host applies the computer's turns itself, in the one path from a line
    to a state (:meth:`cardshell.ruleset.RuleSet.run`): after each of the
    player's moves, while the game is not over and :attr:`current` names a
    computer seat, that seat's :attr:`policies` entry chooses its move from
    the seat's :attr:`view` and a generator seeded with :attr:`seed`, and the
    host plays it through the game's own rules.  The host never chooses an
    opponent's move: only the game's policy and its seeded generator do, so
    ``hint`` and ``solve`` see the opponent as the game declares it (its
    policy fixed), never as a helper of the player.

    Attributes:
        seats: every seat's name in turn order (``("you", "west")``); unique,
            non-empty.
        human: the seat the player takes; one of :attr:`seats`.
        current: ``current(state)``: the seat to move; the host only asks it
            while :attr:`Game.outcome` is None.  ``new`` returns a state where
            the player is to move (the game plays any opening computer turns
            itself, with its own policies).
        policies: each computer seat's policy, ``policy(view, rng) -> line``:
            the move it makes, one of the lines :attr:`Game.legal_moves` lists
            for the state (a computer seat's turn lists that seat's moves);
            ``view`` is :attr:`view` of the state for that seat, so a policy
            reads only what its seat sees.  Every seat but :attr:`human`.
        view: ``view(state, seat)``: everything the seat can see, as a
            hashable value (its hand, the top card, the other hands' sizes);
            two states with the same view for :attr:`human` must get the same
            ``hint`` (:func:`cardshell.testing.assert_hint_reads_only_view`).
            :attr:`Game.determinize` keeps the player's view
            (:func:`cardshell.testing.assert_determinize_keeps_view`).
        seed: ``seed(state)``: the seed of the generator a computer seat's
            policy receives at ``state``, taken from the game's own seeded
            state (the deal's seed and the turn number), so a seed replays
            the computer's choices and a search cannot steer them.
    """

    seats: tuple[str, ...]
    human: str
    current: Callable[[S], str]
    policies: Mapping[str, Callable[[Hashable, random.Random], str]]
    view: Callable[[S, str], Hashable]
    seed: Callable[[S], int]


@dataclass(frozen=True)
class Game(Generic[S]):
    """A game a plugin registers through ``cardshell_games``.

    The host owns a game's state and never looks inside it; only the functions
    below do.  Every random choice comes from a generator kept in the state and
    seeded from ``seed``, so a seed replays a game and rollback restores it.  A
    state is mutable (contract 1: deep-copyable, copied before each command) or
    immutable (``immutable=True``, contract 2: hashable values compared with
    ``==``; a move returns a new state, and with :attr:`legal_moves` the host
    gives ``moves``, ``hint``, ``solve`` and winnability sweeps).

    Attributes:
        id: typed after ``play`` (``"aces-up"``): unique, lower-case letters,
            digits and dashes.
        title: display name (``"Aces Up"``).
        summary: one line for ``games`` and ``help``.
        new: ``new(seed, options)`` returns a fresh state; ``seed`` is any int,
            ``options`` maps each :class:`Option` name to its value.  May raise
            :class:`cardshell.errors.CommandError` for options that do not fit.
        render: the plain-text display of a state (no trailing newline needed),
            shown after ``play`` and after each accepted command whose
            :attr:`Command.show_state` is true; a ``cardshell_render`` hookimpl
            may override it.  SGR colours are kept; other control characters
            are shown escaped (:data:`cardshell.screen.ALLOWED`).
        outcome: None while the game (or round) is in play, else how it ended;
            ``cardshell_game_over`` fires each time it turns to an :class:`Outcome`.
        prompt: the game's question for the state, shown after the game id in
            the prompt; None gives ``GAME> ``.
        options: the options ``play`` accepts.
        host_aliases: the game's own letters for host commands, e.g.
            ``{"h": "help", "q": "quit"}``.
        invalid_input: the message for a stripped line the game cannot parse;
            None gives the host's message.
        case_sensitive: whether command names and aliases must match case.
        undo: whether ``undo``/``redo`` are allowed (not where undo would
            reveal hidden cards, as in Blackjack).
        immutable: the states are immutable values (contract 2).
        moves: the game's moves in declarative form (contract 2).  A game with
            :attr:`legal_moves` but no move plays itself (Pictures): its endings
            are the deals', with no streaks or best times, and no ``undo``.
        legal_moves: ``legal_moves(state)``: every move the player could make
            now, as typed (``"F 2"``); each must be accepted and change the
            state, and a line of the game's grammar not listed must be rejected
            (:func:`cardshell.contractcheck.check_game`).  Needs ``immutable``.
        determinize: ``determinize(state, rng)``: the state with everything the
            player cannot see drawn again from ``rng``, consistent with what was
            seen and depending on nothing else, so ``hint`` never reads hidden
            cards; None: nothing is hidden.
        key: deprecated flat form of :attr:`Search.key` (see :attr:`search`).
        heuristic: deprecated flat form of :attr:`Search.heuristic`.
        hint: the game's own hint from what the player sees, replacing the
            host's search (Minesweeper: a provably safe cell); ``rng`` is seeded.
        rules: the rules page (Markdown, lines of at most 78 characters) of
            ``help GAME`` and ``rules``; "" reads ``RULES.md`` from the
            registering plugin module's package, if there is one.
        successors: deprecated flat form of :attr:`Search.successors`.
        prune: deprecated flat form of :attr:`Search.prune`.
        solver: deprecated flat form of :attr:`Search.solver`.
        side: for a game the player makes no decision in (Snap), the side its
            results are told from (``"A"``); "": the player's.
        search: the search part (:class:`Search`); None: searched through
            :attr:`legal_moves`.  The flat fields are deprecated, served to
            contracts 1 and 2 (docs/compatibility.md), refused beside
            ``search``, and read at registration into it (a registered game's
            flat fields are None).
        players: the seats of a game against computer opponents
            (:class:`Players`); None: the player alone (or a game that
            plays itself, :attr:`side`).  Needs ``immutable`` and
            :attr:`legal_moves`.
        compact: a smaller display of a state (no trailing newline needed),
            shown at a terminal instead of :attr:`render`'s when that one does
            not fit: a line wider than the terminal, or more lines than the
            terminal's less two (the line typed above a board and the prompt
            below it stay on screen with its top line).  Never in a script,
            whose output stays :attr:`render`'s.  None: :attr:`render`
            everywhere.
    """

    id: str
    title: str
    summary: str
    new: Callable[[int, Mapping[str, Any]], S]
    render: Callable[[S], str]
    outcome: Callable[[S], Outcome | None] = _no_outcome
    prompt: Callable[[S], str] | None = None
    options: tuple[Option, ...] = ()
    host_aliases: Mapping[str, str] = field(default_factory=dict)
    invalid_input: Callable[[str], str] | None = None
    case_sensitive: bool = False
    undo: bool = True
    immutable: bool = False
    moves: tuple[Move[S], ...] = ()
    legal_moves: Callable[[S], Iterable[str]] | None = None
    determinize: Callable[[S, random.Random], S] | None = None
    key: Callable[[S], Hashable] | None = None
    heuristic: Callable[[S], float] | None = None
    hint: Callable[[S, random.Random], Hint] | None = None
    rules: str = ""
    successors: Callable[[S], Iterable[tuple[str | tuple[str, ...], S]]] | None = None
    prune: Callable[[S], bool] | None = None
    solver: Callable[[S, Budget, Callable[[], float]], Verdict] | None = None
    side: str = ""
    search: Search[S] | None = None
    players: Players[S] | None = None
    compact: Callable[[S], str] | None = None


@dataclass(frozen=True)
class Hint:
    """A suggested move, from a game's :attr:`Game.hint` or the host's search.

    Attributes:
        move: the line to type (``"T 1 3"``); "" when there is no move.
        why: a short reason shown after it (``"provably safe"``); may be "".
    """

    move: str
    why: Text = ""


__all__ = ["Command", "CommandContext", "Completer", "Game", "Hint", "Move", "Option", "Outcome",
           "Players", "Result", "Validator", "spread"]
