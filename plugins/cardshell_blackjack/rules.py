"""Blackjack: the state and the pure rules.

Rules: plugins/cardshell_blackjack/NOTES.md (the hand-out's problem 2).  The
deck's top is its last card.  Each round shuffles a fresh 52-card deck with
the game's generator, kept as its immutable state tuple, so a seed replays
every round.  The player gets two cards, then the dealer two.  A round is
in phase ``"player"`` (hit or stay?), ``"again"`` (play again?) or ``"done"``.
An answer that does not fit the phase raises
:class:`cardshell.errors.CommandError`.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from cardshell.cards import ACE, Card, new_deck
from cardshell.errors import CommandError
from cardshell.rng import GeneratorState  # the generator's state: immutable, hashable

_RANK_NAMES = {1: "ACE", 11: "JACK", 12: "QUEEN", 13: "KING"}

#: Hand-out: the target value; more is a bust.
TARGET = 21
#: Hand-out, rules list and part (d): the dealer hits while under this value.
DEALER_STANDS = 17

PHASE_PLAYER = "player"
PHASE_AGAIN = "again"
PHASE_DONE = "done"

#: The questions (hand-out sample sessions), used as the game's prompt.
PROMPT_HIT = "Hit or stay? (Hit = 1, Stay = 0): "
PROMPT_AGAIN = "Want to play again? (y/n): "

#: Result lines (hand-out sample sessions), by result from the player's view.
RESULT_LINES = {
    "won": "*** You beat the dealer! ***",
    "lost": "*** Dealer wins! ***",
    "draw": "*** You tied the dealer, nobody wins. ***",
}

MSG_ROUND_IN_PLAY = "Error, the round is still in play: answer 1 to hit or 0 to stay."
MSG_ROUND_OVER = "Error, the round is over: answer y to play again or n to stop."
MSG_GAME_OVER = "Error, the game is over: type new for a new game or quit to leave."


# --- values and text --------------------------------------------------------


def card_value(card: Card) -> int:
    """A card's value, an ace counted 11: 2-10, 10 for a face card."""
    if card.rank == ACE:
        return 11
    return min(card.rank, 10)


def hand_value(cards: Sequence[Card]) -> int:
    """The value of a hand: aces 11, each dropping to 1 while over 21 (``A+A+9`` is 21)."""
    total = 0
    aces = 0
    for card in cards:
        if card.rank == ACE:
            aces += 1
            total += 11
        else:
            total += min(card.rank, 10)
    while total > TARGET and aces:
        total -= 10
        aces -= 1
    return total


def value_text(value: int) -> str:
    """``Blackjack! (21)`` for 21, ``Bust! (>21)`` over 21, else the number."""
    if value == TARGET:
        return "Blackjack! (21)"
    if value > TARGET:
        return "Bust! (>21)"
    return str(value)


def card_name(card: Card) -> str:
    """A card as Blackjack names it: ``ACE-CLUB``, ``10-HEART``, ``QUEEN-DIAMOND``."""
    return f"{_RANK_NAMES.get(card.rank, str(card.rank))}-{card.suit.name[:-1]}"


def hand_text(cards: Sequence[Card]) -> str:
    """The hand as the hand-out prints it: ``10-HEART, 9-HEART``."""
    return ", ".join(card_name(card) for card in cards)


def player_line(cards: Sequence[Card]) -> str:
    """``Your current value is V with the hand: C1, C2`` (hand-out samples)."""
    return f"Your current value is {value_text(hand_value(cards))} with the hand: {hand_text(cards)}"


def dealer_line(cards: Sequence[Card]) -> str:
    """``Dealer's current value is V with the hand: C1, C2`` (hand-out samples)."""
    return f"Dealer's current value is {value_text(hand_value(cards))} with the hand: {hand_text(cards)}"


#: Where the dealer's face-up card is in the dealer's hand: the first card the
#: dealer is dealt (plugins/cardshell_blackjack/NOTES.md, "Rules"), as at a real table.
UP_CARD = 0

#: How a face-down card is shown.
FACE_DOWN = "?"


def dealer_up_line(cards: Sequence[Card]) -> str:
    """The dealer's hand in the player's turn: ``Dealer's hand: 2-CLUB, ? (one card face down)``."""
    shown = [card_name(card) if index == UP_CARD else FACE_DOWN for index, card in enumerate(cards)]
    down = len(cards) - 1
    count = "one card" if down == 1 else f"{down} cards"
    return f"Dealer's hand: {', '.join(shown)} ({count} face down)"


# --- settlement ------------------------------------------------------------------


def settle(player: Sequence[Card], dealer: Sequence[Card]) -> str:
    """``"won"``, ``"lost"`` or ``"draw"`` for the player's final hand against the dealer's.

    In order: a player's bust loses; 21 wins unless the dealer has 21 too (a
    draw); a dealer's bust wins; else the closer to 21 wins, equal draws.
    """
    mine, theirs = hand_value(player), hand_value(dealer)
    if mine > TARGET:
        return "lost"
    if mine == TARGET:
        return "draw" if theirs == TARGET else "won"
    if theirs > TARGET or mine > theirs:
        return "won"
    return "draw" if mine == theirs else "lost"


def dealer_play(deck: list[Card], dealer: list[Card]) -> list[Card]:
    """The dealer hits while under 17, moving cards from ``deck`` (top last) to ``dealer``; returns them."""
    drawn = []
    while hand_value(dealer) < DEALER_STANDS:
        card = deck.pop()
        dealer.append(card)
        drawn.append(card)
    return drawn


# --- the state -------------------------------------------------------------------

#: The unshuffled deck (:func:`cardshell.cards.new_deck`), built once.
_FRESH_DECK = tuple(new_deck())

#: A scratch generator: :func:`shuffle_round` sets its state, shuffles and
#: reads the state back, so no state ever holds a mutable generator (and no
#: generator is built, and seeded from the system, per round).
_SCRATCH = random.Random(0)


def _cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    return cards if type(cards) is tuple else tuple(cards)


def generator_state(seed: int) -> GeneratorState:
    """The state of ``random.Random(seed)``, hence of :class:`cardshell.rng.GameRandom`."""
    return random.Random(seed).getstate()


def shuffle_round(generator: GeneratorState) -> tuple[tuple[Card, ...], GeneratorState]:
    """A fresh deck shuffled from the generator state ``generator`` (top last), and the state after.

    It draws as :func:`cardshell.cards.shuffled_deck` does, so rounds match :mod:`.simulation`.
    """
    _SCRATCH.setstate(generator)
    deck = list(_FRESH_DECK)
    _SCRATCH.shuffle(deck)
    return tuple(deck), _SCRATCH.getstate()


@dataclass(frozen=True)
class BlackjackState:
    """A Blackjack game, an immutable value: the current round and the score.

    ``deck + player + dealer`` is always the 52 cards, each once.

    Attributes:
        seed: the game's seed (``simulate``'s default).
        generator: the generator's state after the last shuffle.
        deck: the undealt cards, top last.
        player: the player's hand, in the order drawn.
        dealer: the dealer's hand, in the order drawn.
        phase: ``"player"``, ``"again"`` or ``"done"``.
        result: ``"won"``, ``"lost"`` or ``"draw"`` once settled, else None.
        rounds: rounds dealt, this one included.
        won: rounds won.
        lost: rounds lost.
        tied: rounds tied.
    """

    seed: int
    generator: GeneratorState
    deck: tuple[Card, ...] = ()
    player: tuple[Card, ...] = ()
    dealer: tuple[Card, ...] = ()
    phase: str = PHASE_PLAYER
    result: str | None = None
    rounds: int = 0
    won: int = 0
    lost: int = 0
    tied: int = 0

    def __post_init__(self) -> None:
        for name in ("deck", "player", "dealer"):
            value = getattr(self, name)
            if type(value) is not tuple:
                object.__setattr__(self, name, tuple(value))

    def cards(self) -> list[Card]:
        """Every card of the round: deck, player's hand, dealer's hand."""
        return [*self.deck, *self.player, *self.dealer]

    def score_line(self) -> str:
        """The running score: ``Score: won 1, lost 2, tied 0 (3 rounds)``."""
        settled = self.won + self.lost + self.tied
        rounds = f"{settled} round{'s' if settled != 1 else ''}"
        return f"Score: won {self.won}, lost {self.lost}, tied {self.tied} ({rounds})"


def deal_round(state: BlackjackState) -> BlackjackState:
    """A new round from the state's generator: two cards to the player, then two to the dealer."""
    deck, generator = shuffle_round(state.generator)
    return BlackjackState(state.seed, generator, deck[:-4], (deck[-1], deck[-2]), (deck[-3], deck[-4]),
                          PHASE_PLAYER, None, state.rounds + 1, state.won, state.lost, state.tied)


def new_game(seed: int) -> BlackjackState:
    """A game from ``seed`` with its first round dealt."""
    return deal_round(BlackjackState(seed=seed, generator=generator_state(seed)))


def _settled(state: BlackjackState, player: tuple[Card, ...], dealer: tuple[Card, ...],
             deck: tuple[Card, ...]) -> BlackjackState:
    result = settle(player, dealer)
    return BlackjackState(state.seed, state.generator, deck, player, dealer, PHASE_AGAIN, result, state.rounds,
                          state.won + (result == "won"), state.lost + (result == "lost"),
                          state.tied + (result == "draw"))


def _require(state: BlackjackState, phase: str) -> None:
    if state.phase == phase:
        return
    raise CommandError(
        {PHASE_PLAYER: MSG_ROUND_IN_PLAY, PHASE_AGAIN: MSG_ROUND_OVER, PHASE_DONE: MSG_GAME_OVER}[state.phase]
    )


def check_player_turn(state: BlackjackState) -> None:
    """Raise CommandError unless the player is being asked to hit or stay."""
    _require(state, PHASE_PLAYER)


def check_round_over(state: BlackjackState) -> None:
    """Raise CommandError unless the player is being asked to play again."""
    _require(state, PHASE_AGAIN)


def draw(state: BlackjackState) -> BlackjackState:
    """The player hits (``1``): the top card joins the hand; over 21 the round is lost at once.

    A player on 21 may still hit (NOTES.md).

    Raises:
        CommandError: the round is not waiting for hit or stay.
    """
    check_player_turn(state)
    deck = state.deck
    player = (*state.player, deck[-1])
    if hand_value(player) > TARGET:
        return _settled(state, player, state.dealer, deck[:-1])
    return BlackjackState(state.seed, state.generator, deck[:-1], player, state.dealer, state.phase, None,
                          state.rounds, state.won, state.lost, state.tied)


def stand(state: BlackjackState) -> BlackjackState:
    """The player stays (``0``): the dealer hits while under 17, then the round is settled.

    Raises:
        CommandError: the round is not waiting for hit or stay.
    """
    check_player_turn(state)
    deck, dealer = list(state.deck), list(state.dealer)
    dealer_play(deck, dealer)
    return _settled(state, state.player, tuple(dealer), tuple(deck))


def hit_lines(before: BlackjackState, after: BlackjackState) -> list[str]:
    """The lines of a hit: ``You draw CARD``, and on a bust the player's value line and the result."""
    lines = [f"You draw {card_name(after.player[-1])}"]
    if after.result is not None:
        lines.append(player_line(after.player))
        lines.append(RESULT_LINES[after.result])
    return lines


def stay_lines(before: BlackjackState, after: BlackjackState) -> list[str]:
    """The lines of a stay: the dealer's hand, ``Dealer draws CARD`` per card and its final hand, the result."""
    lines = [dealer_line(before.dealer)]
    drawn = after.dealer[len(before.dealer):]
    lines.extend(f"Dealer draws {card_name(card)}" for card in drawn)
    if drawn:
        lines.append(dealer_line(after.dealer))
    lines.append(RESULT_LINES[after.result])  # type: ignore[index]
    return lines


def hit(state: BlackjackState) -> tuple[BlackjackState, list[str]]:
    """:func:`draw` and its lines.

    Raises:
        CommandError: the round is not waiting for hit or stay.
    """
    after = draw(state)
    return after, hit_lines(state, after)


def stay(state: BlackjackState) -> tuple[BlackjackState, list[str]]:
    """:func:`stand` and its lines.

    Raises:
        CommandError: the round is not waiting for hit or stay.
    """
    after = stand(state)
    return after, stay_lines(state, after)


def play_again(state: BlackjackState, again: bool) -> BlackjackState:
    """Answer ``Want to play again? (y/n)``: True deals a new round, False ends the game keeping the result.

    Raises:
        CommandError: the round is not settled, or the game is over.
    """
    check_round_over(state)
    if again:
        return deal_round(state)
    return replace(state, phase=PHASE_DONE)


def question(state: BlackjackState) -> str:
    """The question the game asks now: hit or stay, play again, or none ("")."""
    return {PHASE_PLAYER: PROMPT_HIT, PHASE_AGAIN: PROMPT_AGAIN}.get(state.phase, "")


# --- contract 2: legal moves, what the player sees -------------------------------


def legal_moves(state: BlackjackState) -> list[str]:
    """The answers accepted now: ``["1", "0"]`` in play, ``["y", "n"]`` once settled, ``[]`` when done."""
    if state.phase == PHASE_PLAYER:
        return ["1", "0"]
    if state.phase == PHASE_AGAIN:
        return ["y", "n"]
    return []


def dealer_shown(state: BlackjackState) -> bool:
    """Whether the player has seen the dealer's whole hand: only once they stayed."""
    return state.result is not None and hand_value(state.player) <= TARGET


def determinize(state: BlackjackState, rng: random.Random) -> BlackjackState:
    """The state with what the player cannot see re-drawn by ``rng`` (determinization).

    The player sees their hand, the dealer's up card (:data:`UP_CARD`) and, once
    they stayed, the dealer's hand.  The dealer's face-down cards, the deck and
    the generator of later rounds are re-drawn from the unseen cards, sorted
    first so the result depends only on what the player sees and on ``rng``.
    """
    shown = dealer_shown(state)
    seen = set(state.player)
    if shown:
        seen.update(state.dealer)
    elif state.dealer:
        seen.add(state.dealer[UP_CARD])
    unseen = sorted(card for card in _FRESH_DECK if card not in seen)
    rng.shuffle(unseen)
    down = 0 if shown else max(len(state.dealer) - 1, 0)
    if shown or not state.dealer:
        dealer = state.dealer
    else:
        hidden = iter(unseen[len(unseen) - down:])
        dealer = tuple(card if index == UP_CARD else next(hidden) for index, card in enumerate(state.dealer))
    deck = tuple(unseen[:len(unseen) - down])
    return replace(state, deck=deck, dealer=dealer, generator=generator_state(rng.getrandbits(64)))
