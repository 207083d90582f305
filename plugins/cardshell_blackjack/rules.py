"""Blackjack: the rules, as plain data and pure functions.

Source: the hand-out, problem 2 (rules list, parts
(a)-(f) and the sample sessions), as settled by ``plugins/cardshell_blackjack/NOTES.md``.

Vocabulary and conventions:

* the **deck** (the shoe) is a tuple of cards whose *end* is the top (dealt
  first); each round shuffles a full fresh 52-card deck with the game's own
  generator, kept in the state as the generator's immutable state tuple
  (:func:`shuffle_round`), so a seed replays every round;
* the **hand** is the player's cards, the **dealer**'s hand the dealer's, in
  the order drawn.  The deal gives the player two cards from the top of the
  deck, then the dealer two (hand-out part (b) leaves the order open);
* a round is in one of three **phases**: ``"player"`` (the player is asked
  to hit or stay), ``"again"`` (settled, asked whether to play again),
  ``"done"`` (the player answered no; nothing more happens).

States are immutable values (plugin contract 2): frozen dataclasses of
tuples, hashable and compared with ``==``.  Every function is pure: it never
changes its argument and returns a new :class:`BlackjackState` (and, for
:func:`hit` and :func:`stay`, the lines the hand-out prints); an answer that
does not fit the phase raises :class:`cardshell.errors.CommandError`.
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
    """A card's value with an ace counted 11 (hand-out, rules list and part (c)).

    Returns:
        int: 2-10 for number cards, 10 for JACK/QUEEN/KING, 11 for an ACE.
    """
    if card.rank == ACE:
        return 11
    return min(card.rank, 10)


def hand_value(cards: Sequence[Card]) -> int:
    """The value of a hand (hand-out part (c); plugins/cardshell_blackjack/NOTES.md).

    Aces count 11, then each ace drops to 1 while the total is over 21.

    Args:
        cards (Sequence[Card]): the hand, any length.

    Returns:
        int: the total (over 21 means bust).  ``A+A+9`` is 21, ``A+K`` 21,
        a hand of 18 plus an ace 19.
    """
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
    """A card as Blackjack names it (plugins/cardshell_blackjack/NOTES.md):
    ``ACE-CLUB``, ``10-HEART``, ``QUEEN-DIAMOND``.

    Args:
        card (Card): any card.

    Returns:
        str: the rank's name (``ACE``, ``2`` .. ``10``, ``JACK``, ``QUEEN``,
        ``KING``), a dash, the singular suit name (``SPADE``, ``HEART``,
        ``DIAMOND``, ``CLUB``).
    """
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
    """The dealer's hand during the player's turn, one card face up (ours, not the hand-out's).

    Args:
        cards (Sequence[Card]): the dealer's hand as dealt (two cards).

    Returns:
        str: ``Dealer's hand: 2-CLUB, ? (one card face down)``: the card at
        :data:`UP_CARD` named, every other card shown as :data:`FACE_DOWN`.
    """
    shown = [card_name(card) if index == UP_CARD else FACE_DOWN for index, card in enumerate(cards)]
    down = len(cards) - 1
    count = "one card" if down == 1 else f"{down} cards"
    return f"Dealer's hand: {', '.join(shown)} ({count} face down)"


# --- settlement ------------------------------------------------------------------


def settle(player: Sequence[Card], dealer: Sequence[Card]) -> str:
    """The result of a round from the player's view (hand-out, "settling").

    In order: the player busts: lost (the dealer's hand does not matter);
    the player has 21: won, unless the dealer also has 21: draw; the
    dealer busts: won; else the closer to 21 wins, equal values draw.

    Args:
        player (Sequence[Card]): the player's final hand.
        dealer (Sequence[Card]): the dealer's final hand.

    Returns:
        str: ``"won"``, ``"lost"`` or ``"draw"``.
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
    """Let the dealer hit while under 17 (hand-out part (d)); changes both lists.

    Args:
        deck (list[Card]): the deck, top last; cards are popped from it.
        dealer (list[Card]): the dealer's hand; drawn cards are appended.

    Returns:
        list[Card]: the cards drawn, in order (possibly none).
    """
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
    """The state of a fresh generator seeded with ``seed`` (as
    ``random.Random(seed)``, hence :class:`cardshell.rng.GameRandom`)."""
    return random.Random(seed).getstate()


def shuffle_round(generator: GeneratorState) -> tuple[tuple[Card, ...], GeneratorState]:
    """A full fresh deck shuffled by the game's generator, as a pure function.

    Draws exactly as :func:`cardshell.cards.shuffled_deck` on a generator in
    state ``generator``, so the rounds of a seed are those of contract 1 (and
    of :mod:`.simulation`).

    Args:
        generator (GeneratorState): the generator's state before the shuffle.

    Returns:
        tuple: the 52 cards (top last) and the generator's state after it.
    """
    _SCRATCH.setstate(generator)
    deck = list(_FRESH_DECK)
    _SCRATCH.shuffle(deck)
    return tuple(deck), _SCRATCH.getstate()


@dataclass(frozen=True)
class BlackjackState:
    """The whole state of a Blackjack game, an immutable value: the current
    round and the score.

    Attributes:
        seed (int): the game's seed (the default seed of ``simulate``).
        generator (GeneratorState): the state of the game's generator after
            the last shuffle (:func:`shuffle_round` draws the next round from
            it), so a seed replays every round.
        deck (tuple[Card, ...]): the undealt cards of this round, top last.
        player (tuple[Card, ...]): the player's hand, in the order drawn.
        dealer (tuple[Card, ...]): the dealer's hand, in the order drawn.
        phase (str): ``"player"``, ``"again"`` or ``"done"``.
        result (str | None): the round's result once settled (``"won"``,
            ``"lost"``, ``"draw"``), None while in play.
        rounds (int): rounds dealt so far, this one included.
        won (int): rounds the player won.
        lost (int): rounds the player lost.
        tied (int): rounds tied.

    ``deck + player + dealer`` is always the 52 cards, each once.  Lists
    given to the constructor are stored as tuples.
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
    """A new round: a fresh deck shuffled by the state's generator, two cards
    to the player then two to the dealer from the top (hand-out part (b)).

    Args:
        state (BlackjackState): the game so far (unchanged).

    Returns:
        BlackjackState: phase ``"player"``, ``rounds`` one more, the score kept.
    """
    deck, generator = shuffle_round(state.generator)
    return BlackjackState(state.seed, generator, deck[:-4], (deck[-1], deck[-2]), (deck[-3], deck[-4]),
                          PHASE_PLAYER, None, state.rounds + 1, state.won, state.lost, state.tied)


def new_game(seed: int) -> BlackjackState:
    """A game from ``seed`` with its first round dealt (hand-out parts (a)-(b)).

    Args:
        seed (int): any int.

    Returns:
        BlackjackState: phase ``"player"``, score 0-0-0.
    """
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
    """The player hits (answers 1): the top card of the deck joins the hand
    (hand-out part (d)).

    A player on 21 may still hit (plugins/cardshell_blackjack/NOTES.md).  If the new value is over 21
    the round is lost at once and the dealer does not play.

    Args:
        state (BlackjackState): a round waiting for hit or stay (unchanged).

    Returns:
        BlackjackState: the new state (settled on a bust).

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
    """The player stays (answers 0): the dealer hits while under 17, then
    the round is settled (hand-out parts (d)-(e); :func:`dealer_play`,
    :func:`settle`).

    Args:
        state (BlackjackState): a round waiting for hit or stay (unchanged).

    Returns:
        BlackjackState: the settled round.

    Raises:
        CommandError: the round is not waiting for hit or stay.
    """
    check_player_turn(state)
    deck, dealer = list(state.deck), list(state.dealer)
    dealer_play(deck, dealer)
    return _settled(state, state.player, tuple(dealer), tuple(deck))


def hit_lines(before: BlackjackState, after: BlackjackState) -> list[str]:
    """The lines the hand-out prints for a hit from ``before`` to ``after``:
    ``You draw CARD``, and on a bust the player's value line and
    ``*** Dealer wins! ***``."""
    lines = [f"You draw {card_name(after.player[-1])}"]
    if after.result is not None:
        lines.append(player_line(after.player))
        lines.append(RESULT_LINES[after.result])
    return lines


def stay_lines(before: BlackjackState, after: BlackjackState) -> list[str]:
    """The lines the hand-out prints when the player stays (parts (d)-(e)):
    the dealer's hand, ``Dealer draws CARD`` for each card drawn and, if it
    drew, its final hand; then the result line."""
    lines = [dealer_line(before.dealer)]
    drawn = after.dealer[len(before.dealer):]
    lines.extend(f"Dealer draws {card_name(card)}" for card in drawn)
    if drawn:
        lines.append(dealer_line(after.dealer))
    lines.append(RESULT_LINES[after.result])  # type: ignore[index]
    return lines


def hit(state: BlackjackState) -> tuple[BlackjackState, list[str]]:
    """:func:`draw` with the lines it prints (:func:`hit_lines`).

    Returns:
        tuple[BlackjackState, list[str]]: the new state and the lines.

    Raises:
        CommandError: the round is not waiting for hit or stay.
    """
    after = draw(state)
    return after, hit_lines(state, after)


def stay(state: BlackjackState) -> tuple[BlackjackState, list[str]]:
    """:func:`stand` with the lines it prints (:func:`stay_lines`).

    Returns:
        tuple[BlackjackState, list[str]]: the new state and the lines.

    Raises:
        CommandError: the round is not waiting for hit or stay.
    """
    after = stand(state)
    return after, stay_lines(state, after)


def play_again(state: BlackjackState, again: bool) -> BlackjackState:
    """Answer ``Want to play again? (y/n)`` (hand-out part (f)).

    Args:
        state: a settled round (phase ``"again"``), unchanged.
        again (bool): True deals a new round from a full fresh deck shuffled
            with the game's generator (:func:`deal_round`); False ends the
            game (phase ``"done"``, the last result stays).

    Returns:
        BlackjackState: the new state.

    Raises:
        CommandError: the round is not settled yet, or the game is over.
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
    """Every answer accepted now, as typed: ``1`` (hit) and ``0`` (stay)
    while the round is in play, ``y`` and ``n`` once it is settled, nothing
    once the game is over (the phases of :func:`question`).

    Args:
        state (BlackjackState): any state.

    Returns:
        list[str]: ``["1", "0"]``, ``["y", "n"]`` or ``[]``.
    """
    if state.phase == PHASE_PLAYER:
        return ["1", "0"]
    if state.phase == PHASE_AGAIN:
        return ["y", "n"]
    return []


def dealer_shown(state: BlackjackState) -> bool:
    """Whether the player has seen the dealer's hand: only once the player
    stayed (the dealer's hand is printed then, hand-out part (d)).  While
    the round is in play, and after a player's bust, both of the dealer's
    cards stay face down."""
    return state.result is not None and hand_value(state.player) <= TARGET


def determinize(state: BlackjackState, rng: random.Random) -> BlackjackState:
    """The state with what the player cannot see drawn again (determinization).

    The player sees their own hand, the dealer's up card (:data:`UP_CARD`,
    face up from the deal on) and, once they stayed, the dealer's whole hand
    (:func:`dealer_shown`).  Everything else is re-drawn at random from the
    unseen cards: the dealer's face-down cards and the deck (the shoe), and
    the generator that will shuffle the later rounds.  The unseen cards are
    put in a canonical order first, so the result depends only on what the
    player sees and on ``rng``.

    Args:
        state (BlackjackState): the true state (unchanged).
        rng (random.Random): the sampling generator.

    Returns:
        BlackjackState: the same player's hand, dealer's up card, phase and
        score over re-drawn hidden cards.
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
