"""The rules of Snap, a two-player game with no player input: an immutable state and pure functions.

Rules: plugins/cardshell_snap/NOTES.md (the hand-out's ``playgame(seed)``).
The deck is 52 rank strings, suit after suit, shuffled by
``random.Random(seed)`` (as :class:`~cardshell.rng.GameRandom`); A takes the
first 26, B the last 26.  Turns alternate, A first; the thrower draws ``r``
and throws from the end of its deck if ``r > 0.5``, else from the front.  A
card whose rank is in the pile takes the pile from the first such card on,
then itself, onto the end of the thrower's deck; otherwise it goes on the
pile.  A player whose deck is empty after its turn has lost.  After
:data:`MAX_TURNS` turns (cards thrown) the game is a draw, a guard against a
game that never ends (seeds 1..100,000 all end within 4,722 turns).

The generator draws one number per turn, so ``seed`` and ``turns`` fix it;
a state caches the generator's state tuple outside its value.
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
    """The unshuffled deck, a fresh list: ``A`` .. ``K``, four times."""
    return list(RANKS) * 4


def _shuffled(seed: int) -> tuple[random.Random, list[str]]:
    """The game's generator for ``seed`` and the deck it shuffled."""
    rng = random.Random(seed)
    deck = new_deck()
    rng.shuffle(deck)
    return rng, deck


@dataclass(frozen=True)
class SnapState:
    """One game of Snap: an immutable, hashable value.

    Attributes:
        seed: the seed the game was dealt from.
        a: player A's deck, front first.
        b: player B's deck, front first.
        pile: the public pile, oldest card first.
        turn: ``"A"`` or ``"B"``, the player to throw next.
        turns: the cards thrown so far.
        result: None in play, else ``"A wins"``, ``"B wins"`` or ``"Draw"``.
        max_turns: the turn cap of this game.
        rng_state: a cache, not compared: the generator's state after the
            shuffle and ``turns`` draws; ``()`` has it computed.
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
        """An immutable value is its own deep copy; this spares copying the generator's 625-number state."""
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
        """Every card in play: A's deck, B's deck, the pile (always 52)."""
        return [*self.a, *self.b, *self.pile]


@dataclass(frozen=True)
class Throw:
    """What one turn did, for the commentary.

    Attributes:
        player: ``"A"`` or ``"B"``.
        card: the rank thrown.
        from_end: the card came off the end of the deck (``r > 0.5``), not the front.
        taken: the cards taken from the pile plus the thrown one (0 if none).
    """

    player: str
    card: str
    from_end: bool
    taken: int


def new_game(seed: int, max_turns: int = MAX_TURNS) -> SnapState:
    """Shuffle and split a deck from ``seed``: A holds the first 26 cards, B the last 26; A throws first.

    Raises:
        CommandError: if ``max_turns`` is below 1.
    """
    if max_turns < 1:
        raise CommandError(f"The turn cap must be at least 1, got {max_turns}")
    rng, deck = _shuffled(seed)
    return SnapState(seed=seed, a=tuple(deck[:26]), b=tuple(deck[26:]), max_turns=max_turns,
                     rng_state=rng.getstate())


def check_in_play(state: SnapState, *args: object) -> None:
    """Raise ``CommandError`` (``The game is over: RESULT``) unless the game is in play."""
    if state.result is not None:
        raise CommandError(f"The game is over: {state.result}")


def _turn(deck: deque[str], pile: list[str], r: float) -> tuple[str, bool, int]:
    """One throw on working copies: ``(card, from_end, taken)``."""
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
    """The state after ``count`` turns (fewer if the game ends), each :class:`Throw` appended to ``throws`` if given."""
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
    """Play one turn: the new state and the :class:`Throw`.

    Raises:
        CommandError: if the game is over.
    """
    throws: list[Throw] = []
    after = _play(state, 1, throws)
    return after, throws[0]


def throw_with(state: SnapState, r: float) -> tuple[SnapState, Throw]:
    """One turn with the draw ``r`` (0 <= r < 1) given, for worked examples; the generator does not move.

    Raises:
        CommandError: if the game is over.
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

    Raises:
        CommandError: if the game is over.
    """
    return _play(state, count, None)


def throws_between(before: SnapState, after: SnapState) -> list[Throw]:
    """The throws from ``before`` to ``after``, a later state of the same game, replayed for the commentary."""
    throws: list[Throw] = []
    if after.turns > before.turns and before.result is None:
        _play(before, after.turns - before.turns, throws)
    return throws


def run(state: SnapState) -> SnapState:
    """The game played to its end (``state`` itself if it is over)."""
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
    """Play a whole game: ``("A wins", A's final deck)``, ``("B wins", B's final deck)`` or ``("Draw", [])``.

    The hand-out's ``playgame(seed)``; the turn cap is ours.  Seed 305 gives
    ``('A wins', ['2', 'A', '8', ...])`` with 45 cards.
    """
    state = run(new_game(seed, max_turns))
    return state.result or DRAW, final_deck(state)


def legal_moves(state: SnapState) -> list[str]:
    """``["step", "run"]`` while the game is in play, ``[]`` once it is over."""
    return [] if state.result is not None else [STEP, RUN]


@dataclass(frozen=True)
class Statistics:
    """The results of many games (``simulate``).

    Attributes:
        games: games played.
        a_wins: games won by A.
        b_wins: games won by B.
        draws: games stopped by the turn cap.
        turns: the turns of all games.
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
    """Play one game per seed, each capped at ``max_turns``, and count the results."""
    counts = {A_WINS: 0, B_WINS: 0, DRAW: 0}
    games = turns = 0
    for seed in seeds:
        state = run(new_game(seed, max_turns))
        assert state.result is not None  # run plays to the end
        counts[state.result] += 1
        games += 1
        turns += state.turns
    return Statistics(games, counts[A_WINS], counts[B_WINS], counts[DRAW], turns)
