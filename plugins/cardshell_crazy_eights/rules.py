"""The rules of Crazy Eights for one player against one computer opponent.

Pure functions over an immutable :class:`EightsState`; no I/O.  The rules
are those of the package's ``RULES.md`` (pagat.com's two-player Crazy
Eights, with its "draw one" variation): seven cards each, match the top
card of the discard pile by suit or rank, an eight is wild and names a
suit, a player who draws takes one card and the turn passes, and the
first to empty their hand wins.

The computer's turn follows the player's inside the same move
(:func:`apply_player_move`), decided by :func:`computer_move`, a fixed
policy that reads only what the computer may know (its own hand, the top
card, the suit called, the card counts): the host never chooses the
opponent's move.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, replace

from cardshell.cards import SUITS, Card, Suit, new_deck, parse_card
from cardshell.errors import CommandError

#: Cards dealt to each player.
HAND_SIZE = 7
#: The suit letters a player types after an eight (``play 8s h``).
SUIT_LETTERS = {"c": Suit.CLUBS, "d": Suit.DIAMONDS, "h": Suit.HEARTS, "s": Suit.SPADES}
#: A suit's letter, the reverse of :data:`SUIT_LETTERS`.
LETTER_OF = {suit: letter for letter, suit in SUIT_LETTERS.items()}
#: The most turns a game may last: a position after it is a draw (a bound on play).
MAX_TURNS = 400


@dataclass(frozen=True)
class EightsState:
    """One position of Crazy Eights, an immutable value.

    Attributes:
        hand: the player's cards, sorted.
        opponent: the computer's cards, sorted (hidden from the player).
        stock: the face-down stock; its end is the top (hidden).
        discard: the discard pile; its end is the top card, face up.
        suit: the suit to follow (the top card's, or the one an eight called).
        seed: seeds the reshuffles of the discard pile into the stock.
        reshuffles: how many reshuffles happened (each uses its own generator).
        turns: turns played by both players.
        passes: consecutive passes (two with an empty stock block the game).
        last: what the computer did on its last turn, for the message.
    """

    hand: tuple[Card, ...]
    opponent: tuple[Card, ...]
    stock: tuple[Card, ...]
    discard: tuple[Card, ...]
    suit: Suit
    seed: int = 0
    reshuffles: int = 0
    turns: int = 0
    passes: int = 0
    last: str = ""

    @property
    def top(self) -> Card:
        """The face-up card to match."""
        return self.discard[-1]

    @property
    def over(self) -> bool:
        """A hand is empty, the game is blocked, or it reached :data:`MAX_TURNS`."""
        return not self.hand or not self.opponent or self.passes >= 2 or self.turns >= MAX_TURNS


def card_word(card: Card) -> str:
    """A card as the player types it: rank then suit letter (``7h``, ``10s``, ``qd``)."""
    return f"{card.rank_text.lower()}{LETTER_OF[card.suit]}"


def _sorted(cards: tuple[Card, ...] | list[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda card: (card.suit, card.rank)))


def new_game(seed: int) -> EightsState:
    """Deal seven cards each from a deck shuffled by ``seed`` and turn the starter.

    An eight turned as the starter is put back into the middle of the stock
    and the next card turned (RULES.md, "The deal").
    """
    rng = random.Random(seed)
    deck = new_deck()
    rng.shuffle(deck)
    hand, opponent, rest = deck[:HAND_SIZE], deck[HAND_SIZE:2 * HAND_SIZE], deck[2 * HAND_SIZE:]
    while rest[-1].rank == 8:
        eight = rest.pop()
        rest.insert(len(rest) // 2, eight)
    starter = rest.pop()
    return EightsState(_sorted(hand), _sorted(opponent), tuple(rest), (starter,), starter.suit, seed)


def playable(state: EightsState, card: Card) -> bool:
    """Whether ``card`` may be played now: an eight, the suit to follow, or the top card's rank."""
    return card.rank == 8 or card.suit == state.suit or card.rank == state.top.rank


def can_draw(state: EightsState) -> bool:
    """Whether a card can be drawn: the stock, or discards below the top to reshuffle."""
    return bool(state.stock) or len(state.discard) > 1


def legal_moves(state: EightsState) -> list[str]:
    """The player's legal moves as typed: ``play CARD`` (``play 8x S`` for each
    suit an eight may call), ``draw`` while a card can be drawn, else ``pass``."""
    if state.over:
        return []
    moves: list[str] = []
    for card in state.hand:
        if not playable(state, card):
            continue
        if card.rank == 8:
            moves += [f"play {card_word(card)} {letter}" for letter in SUIT_LETTERS]
        else:
            moves.append(f"play {card_word(card)}")
    moves.append("draw" if can_draw(state) else "pass")
    return moves


@dataclass(frozen=True)
class Action:
    """A parsed move: ``kind`` is ``play``, ``draw`` or ``pass``; ``card`` and
    ``called`` (the suit an eight names) for a play."""

    kind: str
    card: Card | None = None
    called: Suit | None = None


def parse_play(text: str) -> Action:
    """Parser of ``play``: a card (``7h``, ``10s``, ``7♥``) and, for an eight, a suit letter.

    Raises:
        CommandError: not a card, or an eight without a suit (or a suit after another card).
    """
    words = text.split()
    if not words or len(words) > 2:
        raise CommandError("play a card, e.g. 'play 7h' (an eight names a suit: 'play 8s h')")
    try:
        card = parse_card(words[0])
    except ValueError:
        raise CommandError(f"{words[0]!r} is not a card: type rank then suit, e.g. 7h, 10s, qd") from None
    called = None
    if len(words) == 2:
        called = SUIT_LETTERS.get(words[1].lower())
        if called is None:
            raise CommandError(f"{words[1]!r} is not a suit: c, d, h or s")
    if card.rank == 8 and called is None:
        raise CommandError(f"an eight names the suit to follow: 'play {card_word(card)} h' (c, d, h or s)")
    if card.rank != 8 and called is not None:
        raise CommandError("only an eight names a suit")
    return Action("play", card, called)


def check(state: EightsState, action: Action) -> None:
    """Refuse a move the rules do not allow now (the state is left as it is).

    Raises:
        CommandError: the game is over, the card is not in the hand or does not
            match, a draw with nothing to draw, a pass while a draw is possible.
    """
    if state.over:
        raise CommandError("the game is over: 'new' deals again")
    if action.kind == "play":
        assert action.card is not None
        if action.card not in state.hand:
            raise CommandError(f"{card_word(action.card)} is not in your hand")
        if not playable(state, action.card):
            raise CommandError(f"{card_word(action.card)} matches neither the suit to follow "
                               f"({state.suit.name.lower()}) nor the rank of {card_word(state.top)}")
    elif action.kind == "draw" and not can_draw(state):
        raise CommandError("nothing left to draw: 'pass'")
    elif action.kind == "pass" and can_draw(state):
        raise CommandError("you may pass only when nothing is left to draw: 'draw'")


def _draw(state: EightsState, into_hand: bool) -> EightsState:
    """One card from the stock to a hand (the player's or the computer's), the
    discards below the top reshuffled into the stock first when it is empty."""
    if not state.stock:
        below = list(state.discard[:-1])
        random.Random(f"{state.seed}:{state.reshuffles}").shuffle(below)
        state = replace(state, stock=tuple(below), discard=state.discard[-1:], reshuffles=state.reshuffles + 1)
    card, stock = state.stock[-1], state.stock[:-1]
    if into_hand:
        return replace(state, stock=stock, hand=_sorted(state.hand + (card,)), passes=0)
    return replace(state, stock=stock, opponent=_sorted(state.opponent + (card,)), passes=0)


def _play(state: EightsState, action: Action, mine: bool) -> EightsState:
    assert action.card is not None
    card = action.card
    suit = action.called if card.rank == 8 and action.called is not None else card.suit
    if mine:
        return replace(state, hand=tuple(c for c in state.hand if c != card), discard=state.discard + (card,),
                       suit=suit, passes=0)
    return replace(state, opponent=tuple(c for c in state.opponent if c != card), discard=state.discard + (card,),
                   suit=suit, passes=0)


def _act(state: EightsState, action: Action, mine: bool) -> EightsState:
    if action.kind == "play":
        state = _play(state, action, mine)
    elif action.kind == "draw":
        state = _draw(state, mine)
    else:
        state = replace(state, passes=state.passes + 1)
    return replace(state, turns=state.turns + 1)


def computer_move(state: EightsState) -> Action:
    """The computer's policy, from what it may know (its hand, the top card, the suit to follow).

    It plays a matching card other than an eight, preferring the suit it holds
    most of, then the highest rank; else an eight, calling the suit it holds
    most of; else it draws, or passes when nothing is left to draw.  It has
    no randomness of its own.
    """
    counts = Counter(card.suit for card in state.opponent if card.rank != 8)
    matching = [card for card in state.opponent if card.rank != 8 and playable(state, card)]
    if matching:
        best = max(matching, key=lambda card: (counts[card.suit], card.rank, -SUITS.index(card.suit)))
        return Action("play", best)
    eights = [card for card in state.opponent if card.rank == 8]
    if eights:
        called = max(SUITS, key=lambda suit: (counts[suit], -SUITS.index(suit)))
        return Action("play", eights[0], called)
    return Action("draw") if can_draw(state) else Action("pass")


def describe(action: Action) -> str:
    """What the computer did, in words: ``plays 9h``, ``plays 8c and calls hearts``, ``draws``."""
    if action.kind == "play":
        assert action.card is not None
        said = f"plays {card_word(action.card)}"
        return said + (f" and calls {action.called.name.lower()}" if action.card.rank == 8 and action.called else "")
    return "draws a card" if action.kind == "draw" else "passes"


def apply_player_move(state: EightsState, action: Action) -> EightsState:
    """The player's move, then the computer's reply unless the game ended (``last`` says what it did).

    Raises:
        CommandError: as :func:`check`.
    """
    check(state, action)
    state = replace(_act(state, action, True), last="")
    if state.over:
        return state
    reply = computer_move(state)
    return replace(_act(state, reply, False), last=describe(reply))


def determinize(state: EightsState, rng: random.Random) -> EightsState:
    """The same position with what the player cannot see drawn again from ``rng``:
    the computer's hand and the stock are pooled, put in a canonical order,
    shuffled and dealt back in their sizes, and the reshuffle seed replaced."""
    pool = sorted(state.opponent + state.stock, key=lambda card: (card.suit, card.rank))
    rng.shuffle(pool)
    size = len(state.opponent)
    return replace(state, opponent=_sorted(pool[:size]), stock=tuple(pool[size:]), seed=rng.getrandbits(32))


def result(state: EightsState) -> tuple[str, str] | None:
    """``(result, detail)`` once the game is over: ``won``/``lost``/``draw`` from the player's view."""
    if not state.over:
        return None
    if not state.hand:
        return "won", "you played your last card"
    if not state.opponent:
        return "lost", "the computer played its last card"
    mine, theirs = len(state.hand), len(state.opponent)
    why = "the game is blocked" if state.passes >= 2 else f"{MAX_TURNS} turns played"
    if mine < theirs:
        return "won", f"{why}: you hold fewer cards ({mine} against {theirs})"
    if mine > theirs:
        return "lost", f"{why}: the computer holds fewer cards ({theirs} against {mine})"
    return "draw", f"{why}: both hold {mine} cards"


def heuristic(state: EightsState) -> float:
    """For the search: fewer cards in the player's hand, more in the computer's, is better."""
    return float(len(state.opponent) - len(state.hand))
