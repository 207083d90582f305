"""Minesweeper on plugin contract 2: immutable boards, legal moves, the
contract check, determinization, the exact inference and the game's own hint."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardshell import Budget
from cardshell.contractcheck import check_game
from cardshell.errors import CommandError
from cardshell.testing import game_rules, new_shell
from cardshell_minesweeper import display, inference, rules
from cardshell_minesweeper.hint import hint


def walk(board, steps, rng, *, safe_only=True):
    """Play ``steps`` random moves (unfolds of safe cells, some flags)."""
    for _ in range(steps):
        if board.status != rules.PLAYING:
            break
        hidden = [c for c in board.cells() if c not in board.shown and c not in board.flags]
        if not hidden:
            break
        cell = rng.choice(hidden)
        if rng.random() < 0.2:
            board = rules.toggle_flag(board, cell)
            continue
        if safe_only and board.placed:
            safe = [c for c in hidden if c not in board.mines]
            if not safe:
                break
            cell = rng.choice(safe)
        board = rules.unfold(board, cell)
    return board


def brute_force(board):
    """Exact mine probabilities by listing every layout consistent with the view."""
    seen = rules.view(board)
    hidden = [c for c in board.cells() if c not in seen]
    hits = dict.fromkeys(hidden, 0)
    total = 0
    for layout in itertools.combinations(hidden, board.mine_count):
        mines = set(layout)
        if all(sum(n in mines for n in rules.neighbours(board, cell)) == number for cell, number in seen.items()):
            total += 1
            for cell in layout:
                hits[cell] += 1
    return {cell: Fraction(hits[cell], total) for cell in hidden}


SMALL = {"rows": 5, "cols": 6, "mines": 6}


# -- contract check ---------------------------------------------------------------

@settings(max_examples=10)
@given(st.integers(0, 10_000), st.integers(0, 3))
def test_minesweeper_keeps_the_contract(seed, walk_seed):
    check_game("minesweeper", seed, plugins=["minesweeper"], steps=30, walk_seed=walk_seed,
               extra_lines=["y", "a1", "a1f", "e5", "e5f", "i9f"])


def test_legal_moves_are_every_cell_to_open_or_flag_then_y():
    board = rules.new_game(3)
    moves = rules.legal_moves(board)
    assert moves[:4] == ["a1", "a1f", "b1", "b1f"] and len(moves) == 162
    board = rules.toggle_flag(rules.unfold(board, (4, 0)), (0, 1))   # b1 is a mine on seed 3
    moves = rules.legal_moves(board)
    assert "a5" not in moves and "a5f" not in moves                  # a shown 0
    assert "b1f" in moves and "b1" not in moves                      # flagged: only unflag
    assert "a2" in moves and "b2" in moves                           # shown 1s by the flag: chord a1
    assert "c1" not in moves                                         # a 1 with nothing hidden left
    lost = rules.unfold(board, sorted(board.mines - {(0, 1)})[0])
    assert rules.legal_moves(lost) == ["y", "n"]                      # the answers to "Play again? (y/n)"
    assert rules.legal_moves(rules.decline(lost)) == []               # after n: nothing
    with pytest.raises(CommandError, match="not to play again"):
        rules.play_again(rules.decline(lost))


def test_a_move_never_changes_the_board_it_is_given():
    board = rules.new_game(3)
    opened = rules.unfold(board, (4, 0))
    assert board == rules.new_game(3) and not board.shown
    flagged = rules.toggle_flag(opened, (0, 0))
    assert (0, 0) not in opened.flags and (0, 0) in flagged.flags
    assert hash(opened) == hash(rules.unfold(rules.new_game(3), (4, 0)).__class__(**{
        f: getattr(opened, f) for f in ("rows", "cols", "mine_count", "rng_state", "mines", "placed", "shown",
                                        "flags", "status", "started", "elapsed", "number")}))


# -- display -------------------------------------------------------------------------

def plain_render(board, compact=None):
    if compact is None:
        compact = display.is_compact(board.rows, board.cols)
    frame = display._frame(board.rows, board.cols, compact)
    width = len(str(board.rows))
    lines = [frame.header, frame.rule]
    for row in range(board.rows):
        cells = [rules.symbol(board, (row, col)) for col in range(board.cols)]
        if not frame.ruled:  # the compact drawing: hidden cells as '.', no rules between rows
            lines.append(f"{row + 1:>{width}} | " + " ".join(c if c != " " else "." for c in cells) + " |")
            continue
        lines.append(f"{row + 1:>{width}} |" + "".join(f" {c} |" for c in cells))
        lines.append(frame.rule)
    if not frame.ruled:
        lines.append(frame.rule)
    return "\n".join(lines)


@settings(max_examples=25)
@given(st.integers(0, 500), st.lists(st.integers(0, 10**6), min_size=1, max_size=40),
       st.sampled_from(["beginner", "intermediate", "expert"]), st.lists(st.booleans(), min_size=1, max_size=40))
def test_the_incremental_display_equals_a_whole_redraw(seed, picks, level, compacts):
    board = rules.new_game(seed, {"level": level})
    for step, pick in enumerate(picks):
        legal = rules.legal_moves(board)
        if not legal:
            break
        line = legal[pick % len(legal)]
        if line == "y":
            board = rules.play_again(board)
        elif line == "n":
            board = rules.decline(board)
        else:
            cell = rules.parse_cell(line.rstrip("f"), board)
            board = rules.toggle_flag(board, cell) if line.endswith("f") else rules.unfold(board, cell)
        # the host may switch between the two drawings from one move to the next (a resized terminal)
        if compacts[step % len(compacts)]:
            assert display.render_compact(board) == plain_render(board, compact=True)
        assert display.render(board) == plain_render(board)


# -- determinize and inference --------------------------------------------------------

@settings(max_examples=30)
@given(st.integers(0, 10_000), st.integers(1, 6))
def test_determinize_keeps_what_is_seen_and_redraws_only_the_hidden(seed, steps):
    board = walk(rules.unfold(rules.new_game(seed, SMALL), (2, 2)), steps, random.Random(seed))
    other = rules.determinize(board, random.Random(99))
    assert rules.view(other) == rules.view(board) and other.flags == board.flags
    assert other.status == board.status and len(other.mines) == board.mine_count
    assert display.render(other) == display.render(board)
    # The result depends only on what is seen: the same for a board with other hidden mines.
    assert rules.determinize(other, random.Random(5)) == rules.determinize(board, random.Random(5))


def test_determinize_draws_every_consistent_layout_uniformly():
    board = rules.unfold(rules.new_game(4, SMALL), (0, 0))
    exact = brute_force(board)
    rng = random.Random(0)
    draws = 1500
    hits = dict.fromkeys(exact, 0)
    for _ in range(draws):
        for cell in rules.determinize(board, rng).mines:
            hits[cell] += 1
    for cell, probability in exact.items():
        assert abs(hits[cell] / draws - float(probability)) < 0.06, cell


@settings(max_examples=25)
@given(st.integers(0, 10_000), st.integers(0, 6))
def test_the_analysis_gives_the_exact_probabilities(seed, steps):
    board = walk(rules.unfold(rules.new_game(seed, SMALL), (2, 2)), steps, random.Random(seed))
    if board.status != rules.PLAYING:
        return
    found = inference.analyse(board.rows, board.cols, board.mine_count, rules.view(board))
    exact = brute_force(board)
    assert found.exact
    assert found.safe == {cell for cell, p in exact.items() if p == 0}
    assert found.mines == {cell for cell, p in exact.items() if p == 1}
    for cell, probability in exact.items():
        assert found.probability[cell] == pytest.approx(float(probability))


def test_past_the_bound_the_rules_still_find_the_safe_cells(monkeypatch):
    board = rules.unfold(rules.new_game(3), (4, 0))
    monkeypatch.setattr(inference, "MAX_NODES", 3)
    found = inference.analyse(board.rows, board.cols, board.mine_count, rules.view(board))
    assert not found.exact
    assert (0, 0) in found.safe and (0, 1) in found.mines   # b1 is forced by c1 = 1, so a1 is safe
    assert all(cell not in board.mines for cell in found.safe)
    mines = inference.sample_mines(board.rows, board.cols, board.mine_count, rules.view(board), random.Random(1))
    shown = rules.view(board)
    assert len(mines) == board.mine_count and not mines & set(shown)
    assert all(sum(n in mines for n in rules.neighbours(board, c)) == k for c, k in shown.items())


# -- hint ------------------------------------------------------------------------------

@settings(max_examples=40)
@given(st.integers(0, 10_000), st.integers(0, 8))
def test_hint_never_names_a_mine_when_a_provably_safe_cell_exists(seed, steps):
    board = walk(rules.unfold(rules.new_game(seed, SMALL), (2, 2)), steps, random.Random(seed))
    if board.status != rules.PLAYING:
        return
    exact = brute_force(board)
    safe = {cell for cell, p in exact.items() if p == 0 and cell not in board.flags}
    given_hint = hint(board, random.Random(0))
    assert given_hint.move in rules.legal_moves(board)
    if safe:
        cell = rules.parse_cell(given_hint.move, board)
        assert cell in safe and cell not in board.mines and given_hint.why == "provably safe"
    else:
        lowest = min(p for cell, p in exact.items() if cell not in board.flags)
        cell = rules.parse_cell(given_hint.move.rstrip("f"), board)
        if not given_hint.move.endswith("f"):
            assert exact[cell] == lowest and given_hint.why.startswith("mine probability ")


@settings(max_examples=25)
@given(st.integers(0, 10_000), st.integers(0, 12))
def test_hint_on_beginner_boards_is_legal_and_never_a_mine_when_called_safe(seed, steps):
    board = walk(rules.unfold(rules.new_game(seed), (4, 4)), steps, random.Random(seed))
    given_hint = hint(board, random.Random(0))
    assert given_hint.move in rules.legal_moves(board)
    if given_hint.why == "provably safe":
        assert rules.parse_cell(given_hint.move, board) not in board.mines


@settings(max_examples=25)
@given(st.integers(0, 10_000), st.integers(0, 10))
def test_hint_never_reads_the_hidden_mines(seed, steps):
    board = walk(rules.unfold(rules.new_game(seed), (4, 4)), steps, random.Random(seed))
    other = rules.determinize(board, random.Random(seed))   # other mines under the same numbers
    assert hint(other, random.Random(1)) == hint(board, random.Random(2))


def test_hint_gives_the_lowest_mine_probability_when_nothing_is_safe():
    # 1 x 4: a1 and d1 are mines, b1 shows 1: a1/c1 are 50/50, d1 must hold the other mine.
    board = rules.Board(rows=1, cols=4, mine_count=2, rng_state=rules.generator_state(0),
                        mines={(0, 0), (0, 3)}, placed=True, shown={(0, 1)})
    assert hint(board, random.Random(0)).move == "a1"
    assert hint(board, random.Random(0)).why == "mine probability 50 %"


def test_hint_through_the_shell():
    shell = new_shell(["minesweeper"])
    shell.execute("play minesweeper --seed 3")
    assert shell.execute("hint").output == "Hint: e5 (provably safe: the first cell unfolded is always a 0)"
    shell.execute("a5")
    assert shell.execute("hint").output == "Hint: a1 (provably safe)"   # c1 = 1 has only b1 hidden
    shell.execute("b1f")
    shell.execute("a1f")
    assert shell.execute("hint").output == "Hint: h1 (provably safe)"   # a1's flag is skipped for a safe cell
    shell.execute("e4")                                                  # a mine on seed 3
    assert shell.execute("hint").output == "Hint: y (the board is over: play a new one)"


def test_solve_finds_a_winning_line_that_wins_when_played():
    shell = new_shell(["minesweeper"])
    shell.execute("play minesweeper --seed 3")
    shell.execute("a5")
    rules_set = game_rules("minesweeper", plugins=["minesweeper"])
    verdict = rules_set.solve(shell.current.state, Budget(seconds=60, nodes=5000))
    assert verdict.result == "won" and not any(line.endswith("f") for line in verdict.line)
    state = shell.current.state
    for line in verdict.line:
        state = rules_set.play(state, line)
    assert state.status == rules.WON
