"""The rules of Crazy Eights as pure functions over an immutable state.

The variant is the basic game of pagat.com's "Crazy Eights" page (John
McLeod, https://www.pagat.com/eights/crazy8s.html): seven cards each with
two players, five with three or four; the starter is turned from the stock
(an eight is buried in the stock and another turned); a player plays a card
of the suit or rank of the top card, or any eight and names a suit; a player
may draw instead, one card at a time, and passes only when the stock is
empty and nothing can be played.  Choices where the page offers options: no
reshuffle of the discards; a game blocked by a round of passes is won by the
fewest cards (a tie for the fewest with the player is a draw); the winner
scores the penalty points of the others' hands (eight 50, face 10, ace 1,
others their pip value).  Seat 0 is the player, who leads.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from dataclasses import dataclass, replace

from cardshell.cards import SUITS, Card, Suit, new_deck, parse_card
from cardshell.errors import CommandError, UsageError

#: The player's seat.
YOU = "you"
#: The computer seats' names, in turn order after the player.
COMPUTERS = ("west", "north", "east")
EIGHT = 8
_LETTERS = {suit.letter: suit for suit in SUITS}


@dataclass(frozen=True)
class EightsState:
    """One position of Crazy Eights.

    Attributes:
        seed: the deal's seed (public: shown when the game starts).
        hands: each seat's hand in seat order, seat 0 the player's.
        stock: the face-down stock; the end is its top.
        discard: the discard pile, face up; the end is the top card.
        suit: the suit to follow (an eight's named suit, else the top card's).
        turn: the seat to move (an index into ``hands``).
        passes: consecutive passes (a full round blocks the game).
        moves: the moves made so far (seeds the computer's choices).
        said: what the computer seats did since the player's last move.
    """

    seed: int
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    discard: tuple[Card, ...]
    suit: Suit
    turn: int
    passes: int
    moves: int
    said: tuple[str, ...]


def seats(state: EightsState) -> tuple[str, ...]:
    """The seats' names in turn order: ``("you", "west", ...)``."""
    return (YOU, *COMPUTERS[:len(state.hands) - 1])


def deal(seed: int, opponents: int = 1) -> EightsState:
    """A new game from ``seed`` with ``opponents`` computer seats (1 to 3).

    Raises:
        CommandError: for a number of opponents outside 1..3.
    """
    if not 1 <= opponents <= len(COMPUTERS):
        raise CommandError(f"Crazy Eights takes 1 to {len(COMPUTERS)} opponents, not {opponents}")
    rng = random.Random(seed)
    deck = new_deck()
    rng.shuffle(deck)
    size = 7 if opponents == 1 else 5
    hands = tuple(tuple(sorted(deck[-size * (i + 1):len(deck) - size * i])) for i in range(opponents + 1))
    stock = deck[:len(deck) - size * (opponents + 1)]
    while stock[-1].rank == EIGHT:  # an eight starter is buried in the stock
        stock.insert(rng.randrange(len(stock) - 1), stock.pop())
    starter = stock.pop()
    return EightsState(seed, hands, tuple(stock), (starter,), starter.suit, 0, 0, 0, ())


def top(state: EightsState) -> Card:
    """The top card of the discard pile."""
    return state.discard[-1]


def playable(state: EightsState, card: Card) -> bool:
    """Whether ``card`` may be played now: an eight, the suit to follow, or the top card's rank."""
    return card.rank == EIGHT or card.suit is state.suit or card.rank == top(state).rank


def winner(state: EightsState) -> int | None:
    """The seat that emptied its hand, else None."""
    return next((seat for seat, hand in enumerate(state.hands) if not hand), None)


def blocked(state: EightsState) -> bool:
    """A full round of passes: nobody can play and the stock is empty."""
    return state.passes >= len(state.hands)


def over(state: EightsState) -> bool:
    """Whether the game has ended."""
    return winner(state) is not None or blocked(state)


def legal_moves(state: EightsState) -> list[str]:
    """The moves of the seat to move, as typed: ``play 7h``, ``play 8s c``, ``draw``, ``pass``."""
    if over(state):
        return []
    lines: list[str] = []
    hand = state.hands[state.turn]
    for card in hand:
        if card.rank == EIGHT:
            lines.extend(f"play {card.word} {suit.letter}" for suit in SUITS)
        elif playable(state, card):
            lines.append(f"play {card.word}")
    if state.stock:
        lines.append("draw")
    elif not lines:
        lines.append("pass")
    return lines


def parse_play(text: str) -> tuple[Card, Suit | None]:
    """``play``'s arguments: a card word, and a suit letter after an eight.

    Raises:
        UsageError: the text is not a card, or a suit is missing or misplaced.
    """
    words = text.split()
    if not 1 <= len(words) <= 2:
        raise UsageError("Usage: play CARD [SUIT], e.g. 'play 7h' or 'play 8s c'")
    try:
        card = parse_card(words[0])
    except ValueError:
        raise UsageError(f"Not a card: {words[0]!r} (type a rank and a suit letter, e.g. 7h, 10s, qd)") from None
    if card.rank == EIGHT and len(words) == 1:
        raise UsageError("Name the suit to follow after an eight: c, d, h or s (e.g. 'play 8s c')")
    if card.rank != EIGHT and len(words) == 2:
        raise UsageError("Only an eight names a suit")
    if len(words) == 1:
        return card, None
    suit = _LETTERS.get(words[1].lower())
    if suit is None:
        raise UsageError(f"Not a suit: {words[1]!r} (c, d, h or s)")
    return card, suit


def _after(state: EightsState, **changes: object) -> EightsState:
    """The state after a move by the seat to move: the next seat's turn."""
    turn = (state.turn + 1) % len(state.hands)
    said = state.said if state.turn else ()
    note = changes.pop("note")
    if state.turn:
        said = (*said, f"{seats(state)[state.turn].capitalize()} {note}")
    return replace(state, turn=turn, moves=state.moves + 1, said=said, **changes)  # type: ignore[arg-type]


def check_in_play(state: EightsState, *args: object) -> None:
    """Raise CommandError when the game is over."""
    if over(state):
        raise CommandError("The game is over: type 'new' for another deal")


def play(state: EightsState, card: Card, suit: Suit | None = None) -> EightsState:
    """The seat to move plays ``card`` (naming ``suit`` with an eight).

    Raises:
        CommandError: the card is not in the hand or does not follow.
    """
    check_in_play(state)
    hand = state.hands[state.turn]
    if card not in hand:
        raise CommandError(f"{card.word} is not in the hand")
    if not playable(state, card):
        raise CommandError(f"{card.word} follows neither the suit ({state.suit.letter}) nor the rank of "
                           f"{top(state).word}; play an eight or draw")
    left = tuple(c for c in hand if c != card)
    hands = (*state.hands[:state.turn], left, *state.hands[state.turn + 1:])
    named = f" and names {suit.name.lower()}" if suit is not None else ""
    return _after(state, hands=hands, discard=(*state.discard, card), suit=suit or card.suit, passes=0,
                  note=f"plays {card.word}{named}")


def draw(state: EightsState) -> EightsState:
    """The seat to move takes the top card of the stock; it still has the turn.

    Raises:
        CommandError: the stock is empty.
    """
    check_in_play(state)
    if not state.stock:
        raise CommandError("The stock is empty: play a card, or pass if you cannot")
    hand = tuple(sorted((*state.hands[state.turn], state.stock[-1])))
    hands = (*state.hands[:state.turn], hand, *state.hands[state.turn + 1:])
    said: tuple[str, ...] = ()
    if state.turn:
        said = (*state.said, f"{seats(state)[state.turn].capitalize()} draws")
    return replace(state, hands=hands, stock=state.stock[:-1], moves=state.moves + 1, said=said, passes=0)


def pass_turn(state: EightsState) -> EightsState:
    """The seat to move passes: only with an empty stock and no card to play.

    Raises:
        CommandError: a card could be played, or the stock is not empty.
    """
    check_in_play(state)
    if state.stock or any(playable(state, card) for card in state.hands[state.turn]):
        raise CommandError("You can only pass when the stock is empty and no card can be played")
    return _after(state, passes=state.passes + 1, note="passes")


def penalty(card: Card) -> int:
    """A card's penalty points: eight 50, a face card 10, others their pip value (ace 1)."""
    return 50 if card.rank == EIGHT else min(card.rank, 10)


def view(state: EightsState, seat: int) -> Hashable:
    """What ``seat`` sees: its hand, the discards, the suit, every hand's size, the stock's size and the public rest."""
    return (state.seed, state.hands[seat], state.discard, state.suit, tuple(len(h) for h in state.hands),
            len(state.stock), state.turn, state.passes, state.moves, state.said)


def determinize(state: EightsState, rng: random.Random) -> EightsState:
    """The state with the cards the player cannot see (the others' hands, the stock) dealt again from ``rng``.

    Reads only :func:`view` for seat 0: the unseen cards are the deck less
    the player's hand and the discards, in a fixed order before the shuffle.
    """
    seen = set(state.hands[0]) | set(state.discard)
    unseen = [card for card in new_deck() if card not in seen]
    rng.shuffle(unseen)
    hands = [state.hands[0]]
    for hand in state.hands[1:]:
        hands.append(tuple(sorted(unseen[:len(hand)])))
        unseen = unseen[len(hand):]
    return replace(state, hands=tuple(hands), stock=tuple(unseen))


def policy(seen: Hashable, rng: random.Random) -> str:
    """The computer's move from its seat's view (:func:`view`) and its seeded generator.

    A card that follows without an eight, chosen at random; else an eight,
    naming the suit it holds most of; else a draw; else a pass.
    """
    assert isinstance(seen, tuple)
    hand: tuple[Card, ...] = seen[1]
    discard: tuple[Card, ...] = seen[2]
    suit: Suit = seen[3]
    stock: int = seen[5]
    follows = [c for c in hand if c.rank != EIGHT and (c.suit is suit or c.rank == discard[-1].rank)]
    if follows:
        return f"play {rng.choice(follows).word}"
    eights = [c for c in hand if c.rank == EIGHT]
    if eights:
        rest = [c.suit for c in hand if c.rank != EIGHT] or [eights[0].suit]
        named = max(SUITS, key=lambda s: (rest.count(s), -SUITS.index(s)))
        return f"play {eights[0].word} {named.letter}"
    return "draw" if stock else "pass"
