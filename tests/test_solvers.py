"""The solvers of Aces Up and Thumb and Pouch (plugins' solver.py through the
host's search): exactness against a plain search, known wins replayed
through the piped CLI, proven losses, and hints that obey the rules and never
read hidden cards (issue 10, "Tests that must exist"; issue 14 item 3)."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardshell.cards import ACE, Card, Suit, new_deck, parse_card
from cardshell.search import Budget, hint
from cardshell.shell import Shell
from cardshell.testing import check_search, random_walk
from cardshell_aces_up import rules as aces
from cardshell_thumb_and_pouch import rules as pouch
from cardshell_thumb_and_pouch.rules import Placed

BIG = Budget(seconds=120, nodes=2_000_000)


def shell_for(game_id: str) -> Shell:
    return Shell.create(plugins=[game_id], seed=0, autosave=False)


# --- exactness: the solver never turns a won deal into "no win" ----------------------


@settings(max_examples=12, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(2, 3))
def test_aces_up_solver_agrees_with_a_plain_search_on_small_stacked_deals(rnd, deals):
    others = [card for card in new_deck() if card.rank != ACE]
    deck = [card for card in new_deck() if card.rank == ACE] + rnd.sample(others, 4 * deals - 4)
    rnd.shuffle(deck)
    check_search("aces-up", states=[aces.start_from_deck(deck)], plugins=["aces-up"], budget=BIG)


def endgame(rnd: random.Random, on_foundations: int) -> pouch.ThumbAndPouchState:
    """A Thumb and Pouch position with ranks 1..on_foundations on the
    foundations and the other cards dealt at random to the tableau (some
    face down), the waste and the stock."""
    suits = list(Suit)
    rnd.shuffle(suits)
    foundations = [tuple(Card(rank, suit) for rank in range(1, on_foundations + 1)) for suit in suits]
    rest = [card for card in new_deck() if card.rank > on_foundations]
    rnd.shuffle(rest)
    tableau: list[list[Placed]] = [[] for _ in range(7)]
    for card in rest[:len(rest) // 2]:
        tableau[rnd.randrange(7)].append(Placed(card, rnd.random() < 0.5))
    for pile in tableau:
        if pile:
            pile[-1] = Placed(pile[-1].card, True)
    cut = rnd.randrange(len(rest) // 2, len(rest) + 1)
    return pouch.ThumbAndPouchState(foundations, tableau, stock=rest[cut:], waste=rest[len(rest) // 2:cut])


@settings(max_examples=20, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(10, 11))
def test_thumb_and_pouch_solver_agrees_with_a_plain_search_on_endgames(rnd, on_foundations):
    check_search("thumb-and-pouch", states=[endgame(rnd, on_foundations)], plugins=["thumb-and-pouch"], budget=BIG)


def test_an_ace_or_a_two_goes_up_without_branching():
    from cardshell_thumb_and_pouch import search_moves

    state = pouch.new_game(3)
    state = dataclasses.replace(state, waste=(parse_card("A♥"),))
    assert [line for line, _ in search_moves.moves(state)] == ["wf 1"]


def test_aces_up_free_slots_share_one_key_and_deal_in_every_arrangement():
    from cardshell_aces_up import solver

    one = aces.AcesUpState(stock=aces.init_game(1).stock[:8],
                           tableau=[[parse_card("5♠")], [], [parse_card("9♥"), parse_card("2♦")], [parse_card("K♣")]])
    other = dataclasses.replace(one, tableau=((), one.tableau[0], one.tableau[2], one.tableau[3]))
    assert solver.search_key(one) == solver.search_key(other)
    rules = shell_for("aces-up").rules("aces-up")
    deals = [move for move, _ in solver.successors(one) if isinstance(move, tuple) and move[-1] == "D"]
    assert len(deals) == 6  # 5♠ and K♣ over three free slots: 3 * 2 arrangements
    for move, child in solver.successors(one):
        lines = (move,) if isinstance(move, str) else move
        state = one
        for line in lines:
            state = rules.play(state, line)
        assert state == child


# --- known wins, replayed through the piped CLI ---------------------------------------


@pytest.mark.parametrize("game_id, seed, won", [("aces-up", 15, "You won!"),
                                                ("thumb-and-pouch", 0, pouch.MSG_WON)])
def test_solve_finds_a_winning_line_that_wins_when_piped_back(run_cli, game_id, seed, won):
    shell = shell_for(game_id)
    shell.execute(f"play {game_id} --seed {seed}")
    reply = shell.execute("solve --seconds 30")
    assert reply.ok and reply.output.startswith("Winning line"), reply.output
    line = reply.output.splitlines()[1].split(", ")
    script = "\n".join([f"play {game_id} --seed {seed}", *line, "exit"]) + "\n"
    result = run_cli(stdin=script, env={"CARDSHELL_LOAD_PLUGINS": game_id})
    assert result.returncode == 0, result.stderr
    assert won in result.stdout and "Error" not in result.stdout


# --- proven losses ----------------------------------------------------------------


def lost_aces_up() -> aces.AcesUpState:
    """Stock empty; F 1 (5♥ under 7♥) is the only move, then nothing moves."""
    cols = [["2♣", "5♥"], ["3♣", "7♥"], ["A♠"], ["A♦"]]
    return aces.AcesUpState(stock=(), tableau=[[parse_card(c) for c in col] for col in cols])


def lost_thumb_and_pouch() -> pouch.ThumbAndPouchState:
    """Only spades are left; no pile is empty, spades never go on spades."""
    done = [tuple(Card(rank, suit) for rank in range(1, 14)) for suit in (Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)]
    spade = {rank: Card(rank, Suit.SPADES) for rank in range(1, 14)}
    tableau = [[Placed(spade[1], False), Placed(spade[7], True)]] + [[Placed(spade[r], True)] for r in (13, 12, 11, 10,
                                                                                                      9, 8)]
    return pouch.ThumbAndPouchState([*done, ()], tableau, stock=[spade[4]], waste=[spade[2], spade[3], spade[5],
                                                                                     spade[6]])


@pytest.mark.parametrize("game_id, position", [("aces-up", lost_aces_up), ("thumb-and-pouch", lost_thumb_and_pouch)])
def test_solve_says_no_win_from_a_position_proven_lost(game_id, position):
    shell = shell_for(game_id)
    shell.execute(f"play {game_id} --seed 1")
    state = position()
    assert shell.rules(game_id).legal(state)  # not over yet: there is a move
    shell.current.state = state
    reply = shell.execute("solve")
    assert reply.ok and reply.output.startswith("No win from here"), reply.output
    [checked] = check_search(game_id, states=[state], plugins=[game_id], budget=BIG)
    assert checked.plain.result == "no win"


# --- hints --------------------------------------------------------------------------


def walked(game_id: str, seed: int, steps: int):
    rules = shell_for(game_id).rules(game_id)
    state = rules.game.new(seed, {})
    state = random_walk(rules, state, seed, steps)
    return rules, state


SMALL = Budget(seconds=5, nodes=600)


@settings(max_examples=15)
@given(st.sampled_from(["aces-up", "thumb-and-pouch"]), st.integers(0, 10_000), st.integers(0, 30))
def test_hint_never_names_an_illegal_move(game_id, seed, steps):
    rules, state = walked(game_id, seed, steps)
    found = hint(rules, state, rng=random.Random(1), samples=3, budget=SMALL)
    legal = rules.legal(state)
    assert found.move in legal if legal else found.move == ""


@settings(max_examples=10)
@given(st.sampled_from(["aces-up", "thumb-and-pouch"]), st.integers(0, 10_000), st.integers(0, 20))
def test_hint_never_reads_hidden_cards(game_id, seed, steps):
    rules, state = walked(game_id, seed, steps)
    # The same position with only its hidden cards re-drawn.
    other = rules.game.determinize(state, random.Random(seed + 1))
    assert rules.game.render(other) == rules.game.render(state)
    assert rules.game.determinize(other, random.Random(5)) == rules.game.determinize(state, random.Random(5))
    first = hint(rules, state, rng=random.Random(7), samples=3, budget=SMALL)
    again = hint(rules, other, rng=random.Random(7), samples=3, budget=SMALL)
    assert first == again
