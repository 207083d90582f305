"""Pairs through cardshell (contract 2): the host's legal moves, its hint
(the game's own ``Game.hint``) and its search (the game's ``successors``,
``key`` and ``prune``), beside the game's own ``hint``, ``show`` and
``moves`` commands that shadow the host's words (reached with ``%``)."""

from __future__ import annotations

import re
from functools import cache

import pytest
from cardshell.contractcheck import check_game
from cardshell.testing import execute_checked
from hypothesis import given, settings
from hypothesis import strategies as st

from cardshell_compat_pairs import display, rules


@cache
def winnable(ranks: tuple[int, ...]) -> bool:
    """An independent exhaustive answer: can this row of ranks be cleared?"""
    if not ranks:
        return True
    return any(winnable(ranks[:i] + ranks[i + 1:j] + ranks[j + 1:])
               for i in range(len(ranks)) for j in (i + 1, i + 3) if j < len(ranks) and ranks[i] == ranks[j])


def ranks(seed: int, size: int = 12) -> tuple[int, ...]:
    return tuple(card.rank for card in rules.new_game(seed, size).row)


def test_the_game_is_listed(cardshell_script):
    result = cardshell_script("games\n")
    assert "compat-pairs" in result.output and "remove pairs of the same rank" in result.output


def test_the_games_own_hint_show_and_moves_answer(cardshell_script):
    state = rules.new_game(0)
    result = cardshell_script("play compat-pairs --seed 0\nhint\nshow\nmoves\n")
    assert result.status == 0, result.errors
    move, left = rules.advice(state)
    assert result.lines[-3:] == [f"Pairs hint: {move}, which leaves {left} pairs.", display.positions(state),
                                 "Pairs to remove: " + " ".join(f"{i}-{j}" for i, j in rules.pairs(state))]
    assert result.shell.current.moves == 0


def test_the_hosts_words_reach_the_games_fields_with_the_escape(cardshell_shell):
    shell = cardshell_shell()
    assert shell.execute("play compat-pairs --seed 0").ok
    state = shell.current.state
    assert shell.execute("%show").output == display.render(state)
    assert shell.execute("%moves").output == "Legal moves: " + ", ".join(rules.legal_moves(state))
    move, left = rules.advice(state)
    assert shell.execute("%hint").output == f"Hint: {move} (leaves {left} pairs)"  # Game.hint, not a search
    assert shell.current.state is state


def test_a_rejected_pair_is_reported_and_changes_nothing(cardshell_script):
    result = cardshell_script("play compat-pairs --seed 0\npair 1 2\npair 1 3\npair 1\npair 1 40\n")
    assert result.status == 1 and len(result.messages) == 4
    assert result.messages[0] == "A♦ and 3♦ are not a pair."
    assert "next to each other" in result.messages[1]
    assert result.shell.current.state == rules.new_game(0)


def test_a_move_returns_a_new_state_and_undo_gives_back_the_old_one(cardshell_shell):
    shell = cardshell_shell()
    assert shell.execute("play compat-pairs --seed 0").ok
    start = shell.current.state
    assert execute_checked(shell, "pair 2 3").ok
    assert shell.current.state == rules.remove(start, 2, 3) and start == rules.new_game(0)
    assert execute_checked(shell, "undo").ok and shell.current.state is start


def deals(size: int, won: bool, count: int) -> list[int]:
    """The first ``count`` seeds whose deal of ``size`` cards can (or cannot) be won."""
    return [seed for seed in range(1000) if winnable(ranks(seed, size)) is won][:count]


@pytest.mark.parametrize(("seed", "won"), [(seed, True) for seed in deals(12, True, 3)]
                         + [(seed, False) for seed in deals(12, False, 3)])
def test_solve_agrees_with_an_exhaustive_search_and_its_line_wins(cardshell_shell, seed, won):
    shell = cardshell_shell()
    assert shell.execute(f"play compat-pairs --seed {seed}").ok
    reply = shell.execute("solve --play")
    assert reply.ok, reply.error
    if won:
        assert shell.current.outcome is not None and shell.current.outcome.result == "won", reply.output
    else:
        assert "no win" in reply.output.lower() and shell.current.moves == 0


def reachable(seed: int, size: int) -> tuple[int, int]:
    """How many rows of cards, and how many keys, can be reached from a deal."""
    rows, keys, todo = set(), set(), [rules.new_game(seed, size)]
    while todo:
        state = todo.pop()
        if state.row not in rows:
            rows.add(state.row)
            keys.add(rules.key(state))
            todo.extend(child for _, child in rules.successors(state))
    return len(rows), len(keys)


def test_the_search_uses_the_games_key(cardshell_shell):
    # A deal of 20 cards that cannot be won, where the key (the ranks only) merges at least 10 rows of cards:
    # the host's "no win" counts the positions it searched, at most the keys reachable.
    seed = next(seed for seed in deals(20, False, 50) if reachable(seed, 20)[0] - reachable(seed, 20)[1] >= 10)
    rows, keys = reachable(seed, 20)
    shell = cardshell_shell()
    assert shell.execute(f"play compat-pairs --seed {seed} --size 20").ok
    reply = shell.execute("solve")
    assert "no win" in reply.output.lower(), reply.output
    searched = int(re.search(r"([\d,]+) positions", reply.output).group(1).replace(",", ""))
    assert searched <= keys < rows, (searched, keys, rows)


@settings(max_examples=10, deadline=None, derandomize=True, database=None)
@given(st.integers(-10**6, 10**6), st.integers(1, 50))
def test_the_game_keeps_the_plugin_contract(seed, walk):
    check_game("compat-pairs", seed, plugins=["compat-pairs"], walk_seed=walk,
               extra_lines=["pair 1 2", "pair 1 4", "pair 2 3", "pair 1 3"])
