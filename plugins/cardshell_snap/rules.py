"""The rules of Snap: a two-player simulation with no player input.

Source: the hand-out (CSE2050 LAB04, section 4.1 ``playgame(seed)``),
as settled by ``plugins/cardshell_snap/NOTES.md``.  This module is pure: an
immutable :class:`SnapState` and functions that return new states, no
terminal I/O (plugin contract 2).

The deck is a list of 52 rank strings, suit after suit, each suit ``A``,
``2`` .. ``10``, ``J``, ``Q``, ``K``.  The game's generator,
``random.Random(seed)`` (the sequence of :class:`~cardshell.rng.GameRandom`),
shuffles it; player A takes the first 26, player B the
last 26, and the public pile starts empty.  Turns alternate, A first.  The
thrower draws ``r = rng.random()``: ``r > 0.5`` throws the card at the end of
its deck, else the one at the front.  If a card of the same rank is already in
the public pile, the thrower takes the pile from the first such card to the
end, then the thrown card, and appends them in that order to the end of its
deck; otherwise the thrown card goes on the end of the pile.  A player whose
deck is empty after its turn has lost.

The generator draws exactly one number per turn after the shuffle, so its
position is fixed by the seed and the number of turns played: a state keeps
``seed`` and ``turns`` as its value and, as a cache that is not part of its
value, the generator's state tuple (:meth:`random.Random.getstate`, an
immutable tuple), from which each turn's draw is made without changing
anything.

Turn cap (not in the hand-out, ``issues show 5``): a game still running after
:data:`MAX_TURNS` turns (one turn = one card thrown, by A or by B) stops and
is a draw.  No game of seeds 1..100,000 came near the cap (the longest,
seed 21892, took 4,722 turns; the mean is about 524), so the cap only guards
against a game that never ends.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field

from cardshell.errors import CommandError
from cardshell.rng import GeneratorState

#: The ranks of one suit, in the order of the hand-out's deck list.
RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")

#: The default turn cap: a game still running after this many turns is a draw.
MAX_TURNS = 10_000

#: The result texts (``playgame``'s first element, the Outcome detail).
A_WINS, B_WINS, DRAW = "A wins", "B wins", "Draw"

#: The moves' command words (``step [N]`` and ``run``), as ``legal_moves`` lists them.
STEP, RUN = "step", "run"


def new_deck() -> list[str]:
    """The unshuffled deck: 52 rank strings, suit after suit (``A`` .. ``K``, four times).

    Returns:
        list[str]: a fresh list of 52 strings.
    """
    return list(RANKS) * 4


def _shuffled(seed: int) -> tuple[random.Random, list[str]]:
    """The game's generator for ``seed`` and the deck it shuffled (hand-out 4.1, step 1)."""
    rng = random.Random(seed)
    deck = new_deck()
    rng.shuffle(deck)
    return rng, deck


@dataclass(frozen=True)
class SnapState:
    """One game of Snap in progress (or finished): an immutable, hashable value.

    Attributes:
        seed (int): the seed the game was dealt from.
        a (tuple[str, ...]): player A's deck, front first.
        b (tuple[str, ...]): player B's deck, front first.
        pile (tuple[str, ...]): the public pile, oldest card first.
        turn (str): ``"A"`` or ``"B"``, the player to throw next.
        turns (int): the number of turns played (cards thrown) so far; with
            ``seed``, it fixes the generator's position.
        result (str | None): None while in play, else ``"A wins"``,
            ``"B wins"`` or ``"Draw"`` (the turn cap was reached).
        max_turns (int): the turn cap of this game.
        rng_state (tuple): a cache, not compared: the state tuple of the
            game's generator after the shuffle and ``turns`` draws; ``()``
            (the default) has it computed from ``seed`` and ``turns``.

    Lists and deques given to the constructor are stored as tuples.
    """

    seed: int
    a: tuple[str, ...]
    b: tuple[str, ...]
    pile: tuple[str, ...] = ()
    turn: str = "A"
    turns: int = 0
    result: str | None = None
    max_turns: int = MAX_TURNS
    rng_state: GeneratorState | tuple[()] = field(default=(), compare=False, repr=False)

    def __deepcopy__(self, memo: dict) -> SnapState:
        """An immutable value is its own deep copy (as a tuple of numbers is);
        this spares copying the generator's 625-number state tuple."""
        return self

    def __post_init__(self) -> None:
        for name in ("a", "b", "pile"):
            value = getattr(self, name)
            if type(value) is not tuple:
                object.__setattr__(self, name, tuple(value))
        if not self.rng_state:
            rng, _ = _shuffled(self.seed)
            for _ in range(self.turns):
                rng.random()
            object.__setattr__(self, "rng_state", rng.getstate())

    def deck(self, player: str) -> tuple[str, ...]:
        """The deck of ``player`` (``"A"`` or ``"B"``)."""
        return self.a if player == "A" else self.b

    def all_cards(self) -> list[str]:
        """Every card in play (A's deck, B's deck, the pile); always 52 of them."""
        return [*self.a, *self.b, *self.pile]


@dataclass(frozen=True)
class Throw:
    """What one turn did (for the shell's commentary).

    Attributes:
        player (str): ``"A"`` or ``"B"``.
        card (str): the rank thrown.
        from_end (bool): True if the card came off the end of the deck
            (``r > 0.5``), False if off the front.
        taken (int): the number of cards the thrower took from the pile plus
            the thrown card (0 when the card stayed on the pile).
    """

    player: str
    card: str
    from_end: bool
    taken: int


def new_game(seed: int, max_turns: int = MAX_TURNS) -> SnapState:
    """Shuffle and split a deck (hand-out 4.1, step 1).

    Args:
        seed (int): seeds the game's generator, which shuffles the deck and
            is then used for every throw.
        max_turns (int): the turn cap (>= 1).

    Returns:
        SnapState: A holds the first 26 cards of the shuffled deck, B the
        last 26; the pile is empty; A throws first.

    Raises:
        CommandError: if ``max_turns`` is below 1.
    """
    if max_turns < 1:
        raise CommandError(f"The turn cap must be at least 1, got {max_turns}")
    rng, deck = _shuffled(seed)
    return SnapState(seed=seed, a=tuple(deck[:26]), b=tuple(deck[26:]), max_turns=max_turns,
                     rng_state=rng.getstate())


def check_in_play(state: SnapState, *args: object) -> None:
    """Raise unless the game is in play (the check of ``step`` and ``run``).

    Raises:
        CommandError: ``The game is over: RESULT``.
    """
    if state.result is not None:
        raise CommandError(f"The game is over: {state.result}")


def _turn(deck: deque[str], pile: list[str], r: float) -> tuple[str, bool, int]:
    """One throw on working copies: ``(card, from_end, taken)`` (hand-out 4.1, step 2)."""
    from_end = r > 0.5
    card = deck.pop() if from_end else deck.popleft()
    if card in pile:
        first = pile.index(card)
        deck.extend(pile[first:])
        deck.append(card)
        taken = len(pile) - first + 1
        del pile[first:]
        return card, from_end, taken
    pile.append(card)
    return card, from_end, 0


def _play(state: SnapState, count: int, throws: list[Throw] | None) -> SnapState:
    """The state after ``count`` turns (fewer if the game ends), appending
    each turn's :class:`Throw` to ``throws`` when it is a list."""
    check_in_play(state)
    rng = random.Random()
    rng.setstate(state.rng_state)
    draw = rng.random
    decks = {"A": deque(state.a), "B": deque(state.b)}
    pile = list(state.pile)
    player, turns, cap = state.turn, state.turns, state.max_turns
    result = None
    end = turns + count
    if throws is None:
        # The same rule as _turn, written as one tight loop: simulate plays
        # hundreds of thousands of games with it (tests check both agree).
        while turns < end:
            deck = decks[player]
            card = deck.pop() if draw() > 0.5 else deck.popleft()
            if card in pile:
                first = pile.index(card)
                deck.extend(pile[first:])
                deck.append(card)
                del pile[first:]
            else:
                pile.append(card)
            turns += 1
            player = "B" if player == "A" else "A"
            if not deck:
                result = A_WINS if player == "A" else B_WINS
                break
            if turns >= cap:
                result = DRAW
                break
    else:
        while turns < end:
            deck = decks[player]
            card, from_end, taken = _turn(deck, pile, draw())
            throws.append(Throw(player, card, from_end, taken))
            turns += 1
            player = "B" if player == "A" else "A"
            if not deck:
                result = A_WINS if player == "A" else B_WINS
                break
            if turns >= cap:
                result = DRAW
                break
    return SnapState(state.seed, tuple(decks["A"]), tuple(decks["B"]), tuple(pile), player, turns, result,
                     cap, rng.getstate())


def play_turn(state: SnapState) -> tuple[SnapState, Throw]:
    """Play one turn: the player to throw throws a card (hand-out 4.1, step 2).

    The generator's next draw ``r`` decides: ``r > 0.5`` throws the card at
    the end of the deck, else the one at the front.  The game ends when the
    thrower's deck is empty after its turn (the other player wins) or the
    turn cap is reached (a draw).

    Args:
        state (SnapState): a game in play (unchanged).

    Returns:
        tuple[SnapState, Throw]: the new state and what happened.

    Raises:
        CommandError: ``The game is over: RESULT`` if the game has ended.
    """
    throws: list[Throw] = []
    after = _play(state, 1, throws)
    return after, throws[0]


def throw_with(state: SnapState, r: float) -> tuple[SnapState, Throw]:
    """One turn with the draw ``r`` given instead of drawn (for worked
    examples: ``r > 0.5`` throws from the end).  The generator does not move.

    Args:
        state (SnapState): a game in play (unchanged).
        r (float): the draw, 0 <= r < 1.

    Returns:
        tuple[SnapState, Throw]: the new state and what happened.

    Raises:
        CommandError: ``The game is over: RESULT`` if the game has ended.
    """
    check_in_play(state)
    decks = {"A": deque(state.a), "B": deque(state.b)}
    pile = list(state.pile)
    player = state.turn
    card, from_end, taken = _turn(decks[player], pile, r)
    turns = state.turns + 1
    other = "B" if player == "A" else "A"
    result = (A_WINS if other == "A" else B_WINS) if not decks[player] else DRAW if turns >= state.max_turns else None
    after = SnapState(state.seed, tuple(decks["A"]), tuple(decks["B"]), tuple(pile), other, turns, result,
                      state.max_turns, state.rng_state)
    return after, Throw(player, card, from_end, taken)


def step(state: SnapState, count: int = 1) -> SnapState:
    """``step [N]``: the state after ``count`` turns, or fewer if the game ends.

    Args:
        state (SnapState): a game in play (unchanged).
        count (int): the number of turns (>= 1).

    Returns:
        SnapState: the new state.

    Raises:
        CommandError: ``The game is over: RESULT`` if the game has ended.
    """
    return _play(state, count, None)


def throws_between(before: SnapState, after: SnapState) -> list[Throw]:
    """The throws that led from ``before`` to ``after`` (a later state of the
    same game), replayed for the commentary of ``step``.

    Args:
        before (SnapState): a state in play, or finished (then no throw).
        after (SnapState): a state reached from it by playing turns.

    Returns:
        list[Throw]: ``after.turns - before.turns`` throws, in order.
    """
    throws: list[Throw] = []
    if after.turns > before.turns and before.result is None:
        _play(before, after.turns - before.turns, throws)
    return throws


def run(state: SnapState) -> SnapState:
    """Play turns until the game ends (a player wins or the cap is reached).

    Args:
        state (SnapState): any state (unchanged).

    Returns:
        SnapState: the finished game (``state`` itself if already finished).
    """
    if state.result is not None:
        return state
    return _play(state, state.max_turns, None)


def final_deck(state: SnapState) -> list[str]:
    """The winner's deck as a list, front first; ``[]`` for a draw or a game in play."""
    if state.result == A_WINS:
        return list(state.a)
    if state.result == B_WINS:
        return list(state.b)
    return []


def playgame(seed: int, max_turns: int = MAX_TURNS) -> tuple[str, list[str]]:
    """Play a whole game of Snap (the hand-out's ``playgame(seed)``, section 4.1).

    Args:
        seed (int): the seed of the game's generator.
        max_turns (int): the turn cap (default :data:`MAX_TURNS`).

    Returns:
        tuple[str, list[str]]: ``("A wins", A's final deck)`` or
        ``("B wins", B's final deck)``; ``("Draw", [])`` if the cap was
        reached (an extension: the hand-out has no cap).  For seed 305:
        ``('A wins', ['2', 'A', '8', ...])`` with 45 cards.
    """
    state = run(new_game(seed, max_turns))
    return state.result or DRAW, final_deck(state)


def legal_moves(state: SnapState) -> list[str]:
    """``Game.legal_moves``: ``["step", "run"]`` while the game is in play
    (``step N`` is ``step`` N times), ``[]`` once it is over.

    Args:
        state (SnapState): any state.

    Returns:
        list[str]: the lines, as typed.
    """
    return [] if state.result is not None else [STEP, RUN]


@dataclass(frozen=True)
class Statistics:
    """The results of many games (``simulate``).

    Attributes:
        games (int): the number of games played.
        a_wins (int): games won by A.
        b_wins (int): games won by B.
        draws (int): games stopped by the turn cap.
        turns (int): the total number of turns over all games.
    """

    games: int
    a_wins: int
    b_wins: int
    draws: int
    turns: int

    @property
    def mean_turns(self) -> float:
        """The mean number of turns per game (0.0 for no game)."""
        return self.turns / self.games if self.games else 0.0


def simulate(seeds: Iterable[int], max_turns: int = MAX_TURNS) -> Statistics:
    """Play one game per seed and count the results.

    Args:
        seeds (Iterable[int]): the seeds, one game each (the shell passes
            ``seed, seed + 1, ...`` wrapped in a progress bar).
        max_turns (int): the turn cap of each game.

    Returns:
        Statistics: the counts.
    """
    counts = {A_WINS: 0, B_WINS: 0, DRAW: 0}
    games = turns = 0
    for seed in seeds:
        state = run(new_game(seed, max_turns))
        assert state.result is not None  # run plays to the end
        counts[state.result] += 1
        games += 1
        turns += state.turns
    return Statistics(games, counts[A_WINS], counts[B_WINS], counts[DRAW], turns)
