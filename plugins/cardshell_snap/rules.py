"""The rules of Snap: a two-player simulation with no player input.

Source: ``seeds/snap.txt`` (CSE2050 LAB04, section 4.1 ``playgame(seed)``),
as settled by ``specs/GAMES.md``, section "snap".  This module is pure: a
:class:`SnapState` dataclass and functions over it, no terminal I/O.

The deck is a list of 52 rank strings, suit after suit, each suit ``A``,
``2`` .. ``10``, ``J``, ``Q``, ``K``.  A :class:`~cardshell.rng.GameRandom`
seeded with the seed shuffles it; player A takes the first 26, player B the
last 26, and the public pile starts empty.  Turns alternate, A first.  The
thrower draws ``r = rng.random()``: ``r > 0.5`` throws the card at the end of
its deck, else the one at the front.  If a card of the same rank is already in
the public pile, the thrower takes the pile from the first such card to the
end, then the thrown card, and appends them in that order to the end of its
deck; otherwise the thrown card goes on the end of the pile.  A player whose
deck is empty after its turn has lost.

Turn cap (not in the hand-out, ``issues show 5``): a game still running after
:data:`MAX_TURNS` turns (one turn = one card thrown, by A or by B) stops and
is a draw.  No game of seeds 1..100,000 came near the cap (the longest,
seed 21892, took 4,722 turns; the mean is about 524), so the cap only guards
against a game that never ends.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

from cardshell.errors import CommandError
from cardshell.rng import GameRandom

#: The ranks of one suit, in the order of the hand-out's deck list.
RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")

#: The default turn cap: a game still running after this many turns is a draw.
MAX_TURNS = 10_000

#: The result texts (``playgame``'s first element, the Outcome detail).
A_WINS, B_WINS, DRAW = "A wins", "B wins", "Draw"


def new_deck() -> list[str]:
    """The unshuffled deck: 52 rank strings, suit after suit (``A`` .. ``K``, four times).

    Returns:
        list[str]: a fresh list of 52 strings.
    """
    return list(RANKS) * 4


@dataclass
class SnapState:
    """One game of Snap in progress (or finished).

    Attributes:
        seed (int): the seed the game was dealt from.
        rng (GameRandom): the game's generator; it shuffled the deck and
            decides every throw (front or end).
        a (deque[str]): player A's deck, front first.
        b (deque[str]): player B's deck, front first.
        pile (list[str]): the public pile, oldest card first.
        turn (str): ``"A"`` or ``"B"``, the player to throw next.
        turns (int): the number of turns played (cards thrown) so far.
        result (str | None): None while in play, else ``"A wins"``,
            ``"B wins"`` or ``"Draw"`` (the turn cap was reached).
        max_turns (int): the turn cap of this game.
    """

    seed: int
    rng: GameRandom
    a: deque[str]
    b: deque[str]
    pile: list[str] = field(default_factory=list)
    turn: str = "A"
    turns: int = 0
    result: str | None = None
    max_turns: int = MAX_TURNS

    def deck(self, player: str) -> deque[str]:
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
        seed (int): seeds the game's :class:`GameRandom`, which shuffles the
            deck and is then used for every throw.
        max_turns (int): the turn cap (>= 1).

    Returns:
        SnapState: A holds the first 26 cards of the shuffled deck, B the
        last 26; the pile is empty; A throws first.

    Raises:
        CommandError: if ``max_turns`` is below 1.
    """
    if max_turns < 1:
        raise CommandError(f"The turn cap must be at least 1, got {max_turns}")
    rng = GameRandom(seed)
    deck = new_deck()
    rng.shuffle(deck)
    return SnapState(seed=seed, rng=rng, a=deque(deck[:26]), b=deque(deck[26:]), max_turns=max_turns)


def play_turn(state: SnapState) -> Throw:
    """Play one turn: the player to throw throws a card (hand-out 4.1, step 2).

    Changes ``state`` in place: the thrower's deck, the pile, ``turns``,
    ``turn``, and ``result`` when the game ends (the thrower's deck is empty
    after its turn: the other player wins; or the turn cap is reached: draw).

    Args:
        state (SnapState): a game in play.

    Returns:
        Throw: what happened.

    Raises:
        CommandError: ``The game is over: RESULT`` if the game has ended.
    """
    if state.result is not None:
        raise CommandError(f"The game is over: {state.result}")
    player = state.turn
    deck = state.deck(player)
    from_end = state.rng.random() > 0.5
    card = deck.pop() if from_end else deck.popleft()
    taken = 0
    if card in state.pile:
        first = state.pile.index(card)
        deck.extend(state.pile[first:])
        deck.append(card)
        taken = len(state.pile) - first + 1
        del state.pile[first:]
    else:
        state.pile.append(card)
    state.turns += 1
    other = "B" if player == "A" else "A"
    if not deck:
        state.result = A_WINS if other == "A" else B_WINS
    elif state.turns >= state.max_turns:
        state.result = DRAW
    state.turn = other
    return Throw(player, card, from_end, taken)


def run(state: SnapState) -> SnapState:
    """Play turns until the game ends (a player wins or the cap is reached).

    Args:
        state (SnapState): changed in place.

    Returns:
        SnapState: the same object, finished.
    """
    # The same rule as play_turn, written as one tight loop: simulate plays
    # hundreds of thousands of games with it (tests check both agree).
    if state.result is not None:
        return state
    rng_random = state.rng.random
    pile = state.pile
    decks = {"A": state.a, "B": state.b}
    player, turns, cap = state.turn, state.turns, state.max_turns
    while True:
        deck = decks[player]
        card = deck.pop() if rng_random() > 0.5 else deck.popleft()
        if card in pile:
            first = pile.index(card)
            deck.extend(pile[first:])
            deck.append(card)
            del pile[first:]
        else:
            pile.append(card)
        turns += 1
        other = "B" if player == "A" else "A"
        if not deck:
            state.result = A_WINS if other == "A" else B_WINS
        elif turns >= cap:
            state.result = DRAW
        player = other
        if state.result is not None:
            break
    state.turn, state.turns = player, turns
    return state


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


def simulate(seeds, max_turns: int = MAX_TURNS) -> Statistics:
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
        counts[state.result] += 1
        games += 1
        turns += state.turns
    return Statistics(games, counts[A_WINS], counts[B_WINS], counts[DRAW], turns)
