"""Blackjack: the rules, as plain data and pure functions.

Source: ``seeds/minesweeper-blackjack.txt``, problem 2 (rules list, parts
(a)-(f) and the sample sessions), as settled by ``specs/GAMES.md``,
section "blackjack".

Vocabulary and conventions:

* the **deck** is a list of cards whose *end* is the top (``pop()`` deals);
  each round shuffles a full fresh 52-card deck with the game's own
  :class:`~cardshell.rng.GameRandom`;
* the **hand** is the player's cards, the **dealer**'s hand the dealer's, in
  the order drawn.  The deal gives the player two cards from the top of the
  deck, then the dealer two (hand-out part (b) leaves the order open);
* a round is in one of three **phases**: ``"player"`` (the player is asked
  to hit or stay), ``"again"`` (settled, asked whether to play again),
  ``"done"`` (the player answered no; nothing more happens).

Every function is pure: it never changes its argument and returns a new
:class:`BlackjackState` together with the lines the hand-out prints; an
answer that does not fit the phase raises
:class:`cardshell.errors.CommandError`.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass, field

from cardshell.cards import ACE, Card, shuffled_deck
from cardshell.errors import CommandError
from cardshell.rng import GameRandom

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
    """The value of a hand (hand-out part (c); GAMES.md "blackjack").

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


def hand_text(cards: Sequence[Card]) -> str:
    """The hand as the hand-out prints it: ``10-HEART, 9-HEART``."""
    return ", ".join(card.long_name for card in cards)


def player_line(cards: Sequence[Card]) -> str:
    """``Your current value is V with the hand: C1, C2`` (hand-out samples)."""
    return f"Your current value is {value_text(hand_value(cards))} with the hand: {hand_text(cards)}"


def dealer_line(cards: Sequence[Card]) -> str:
    """``Dealer's current value is V with the hand: C1, C2`` (hand-out samples)."""
    return f"Dealer's current value is {value_text(hand_value(cards))} with the hand: {hand_text(cards)}"


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


@dataclass
class BlackjackState:
    """The whole state of a Blackjack game: the current round and the score.

    Attributes:
        seed (int): the game's seed (the default seed of ``simulate``).
        rng (GameRandom): the game's generator; each round's shuffle draws
            from it, so a seed replays every round.
        deck (list[Card]): the undealt cards of this round, top last.
        player (list[Card]): the player's hand.
        dealer (list[Card]): the dealer's hand.
        phase (str): ``"player"``, ``"again"`` or ``"done"``.
        result (str | None): the round's result once settled (``"won"``,
            ``"lost"``, ``"draw"``), None while in play.
        rounds (int): rounds dealt so far, this one included.
        won (int): rounds the player won.
        lost (int): rounds the player lost.
        tied (int): rounds tied.

    ``deck + player + dealer`` is always the 52 cards, each once.
    """

    seed: int
    rng: GameRandom
    deck: list[Card] = field(default_factory=list)
    player: list[Card] = field(default_factory=list)
    dealer: list[Card] = field(default_factory=list)
    phase: str = PHASE_PLAYER
    result: str | None = None
    rounds: int = 0
    won: int = 0
    lost: int = 0
    tied: int = 0

    def cards(self) -> list[Card]:
        """Every card of the round: deck, player's hand, dealer's hand."""
        return [*self.deck, *self.player, *self.dealer]

    def score_line(self) -> str:
        """The running score: ``Score: won 1, lost 2, tied 0 (3 rounds)``."""
        settled = self.won + self.lost + self.tied
        return f"Score: won {self.won}, lost {self.lost}, tied {self.tied} ({settled} round{'s' if settled != 1 else ''})"


def _deal_round(state: BlackjackState) -> None:
    """Shuffle a fresh deck with the state's generator and deal 2 + 2 (in place)."""
    deck = shuffled_deck(state.rng)
    state.player = [deck.pop(), deck.pop()]
    state.dealer = [deck.pop(), deck.pop()]
    state.deck = deck
    state.phase = PHASE_PLAYER
    state.result = None
    state.rounds += 1


def new_game(seed: int) -> BlackjackState:
    """A game from ``seed`` with its first round dealt (hand-out parts (a)-(b)).

    Args:
        seed (int): any int.

    Returns:
        BlackjackState: phase ``"player"``, score 0-0-0.
    """
    state = BlackjackState(seed=seed, rng=GameRandom(seed))
    _deal_round(state)
    return state


def _settle_into(state: BlackjackState, lines: list[str]) -> None:
    result = settle(state.player, state.dealer)
    state.result = result
    state.phase = PHASE_AGAIN
    if result == "won":
        state.won += 1
    elif result == "lost":
        state.lost += 1
    else:
        state.tied += 1
    lines.append(RESULT_LINES[result])


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


def hit(state: BlackjackState) -> tuple[BlackjackState, list[str]]:
    """The player hits (answers 1): draw one card (hand-out part (d)).

    A player on 21 may still hit (GAMES.md).  If the new value is over 21
    the round is lost at once and the dealer does not play.

    Returns:
        tuple[BlackjackState, list[str]]: the new state and the lines to
        print: ``You draw CARD``, and on a bust the player's value line and
        ``*** Dealer wins! ***``.

    Raises:
        CommandError: the round is not waiting for hit or stay.
    """
    check_player_turn(state)
    new = copy.deepcopy(state)
    card = new.deck.pop()
    new.player.append(card)
    lines = [f"You draw {card.long_name}"]
    if hand_value(new.player) > TARGET:
        lines.append(player_line(new.player))
        _settle_into(new, lines)
    return new, lines


def stay(state: BlackjackState) -> tuple[BlackjackState, list[str]]:
    """The player stays (answers 0): the dealer plays, then settlement.

    Hand-out parts (d)-(e): the dealer's hand is shown, the dealer hits while
    under 17 printing ``Dealer draws CARD`` each time, and if it drew, its
    final hand is shown; then the result line.

    Returns:
        tuple[BlackjackState, list[str]]: the new state and the lines to print.

    Raises:
        CommandError: the round is not waiting for hit or stay.
    """
    check_player_turn(state)
    new = copy.deepcopy(state)
    lines = [dealer_line(new.dealer)]
    drawn = dealer_play(new.deck, new.dealer)
    lines.extend(f"Dealer draws {card.long_name}" for card in drawn)
    if drawn:
        lines.append(dealer_line(new.dealer))
    _settle_into(new, lines)
    return new, lines


def play_again(state: BlackjackState, again: bool) -> BlackjackState:
    """Answer ``Want to play again? (y/n)`` (hand-out part (f)).

    Args:
        state: a settled round (phase ``"again"``).
        again (bool): True deals a new round from a full fresh deck shuffled
            with the game's generator; False ends the game (phase ``"done"``,
            the last result stays).

    Returns:
        BlackjackState: the new state.

    Raises:
        CommandError: the round is not settled yet, or the game is over.
    """
    check_round_over(state)
    new = copy.deepcopy(state)
    if again:
        _deal_round(new)
    else:
        new.phase = PHASE_DONE
    return new


def question(state: BlackjackState) -> str:
    """The question the game asks now: hit or stay, play again, or none ("")."""
    return {PHASE_PLAYER: PROMPT_HIT, PHASE_AGAIN: PROMPT_AGAIN}.get(state.phase, "")
