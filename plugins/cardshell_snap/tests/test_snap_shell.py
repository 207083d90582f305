"""Snap through the host: play, step, run, simulate (issues show 5)."""

from __future__ import annotations

import copy

import pytest

from cardshell.testing import new_shell
from cardshell_snap import playgame, rules


@pytest.fixture
def shell():
    sh = new_shell(["snap"])
    reply = sh.execute("play snap --seed 305")
    assert reply.ok, reply.error
    return sh


def test_play_shows_initial_state(shell):
    out = shell.execute("play snap --seed 305").output
    assert out.splitlines() == [
        "Snap, seed 305.",
        "Turn 0, A to throw",
        "Pile (0):",
        "A (26): 6 A A 7 Q 8 10 4 9 9 6 K 3 10 3 Q 7 3 2 3 10 2 5 7 10 5",
        "B (26): A 8 8 J 9 2 6 4 4 9 K 7 J 5 5 J A K 8 6 4 2 K Q J Q",
    ]


def test_step_shows_pile_and_deck_sizes(shell):
    reply = shell.execute("step")
    assert reply.ok
    assert reply.output.splitlines() == [
        "A throws 5 from the end",
        "Turn 1, B to throw",
        "Pile (1): 5",
        "A (25): 6 A A 7 Q 8 10 4 9 9 6 K 3 10 3 Q 7 3 2 3 10 2 5 7 10",
        "B (26): A 8 8 J 9 2 6 4 4 9 K 7 J 5 5 J A K 8 6 4 2 K Q J Q",
    ]
    reply = shell.execute("step 3")
    assert reply.output.splitlines()[:4] == [
        "B throws Q from the end",
        "A throws 6 from the front",
        "B throws J from the end",
        "Turn 4, A to throw",
    ]
    assert "Pile (4): 5 Q 6 J" in reply.output
    assert list(shell.current.state.a) == ['A', 'A', '7', 'Q', '8', '10', '4', '9', '9', '6', 'K', '3', '10', '3',
                                           'Q', '7', '3', '2', '3', '10', '2', '5', '7', '10']


def test_step_reports_a_snap(shell):
    # Find the first turn of seed 305 that takes cards, and check its commentary.
    state = rules.new_game(305)
    while True:
        state, throw = rules.play_turn(state)
        if throw.taken:
            break
    for _ in range(state.turns - 1):
        shell.execute("step")
    out = shell.execute("step").output
    assert out.splitlines()[0].endswith(f": snap! {throw.player} takes {throw.taken} cards")


def test_run_to_the_end_and_outcome(shell):
    reply = shell.execute("run")
    assert reply.ok
    lines = reply.output.splitlines()
    assert lines[0] == "A wins after 376 turns"
    assert lines[1] == "Turn 376, A wins"
    assert lines[3] == "A (45): " + " ".join(playgame(305)[1])
    assert lines[4] == "B (0):"
    assert shell.current.outcome is not None
    assert shell.current.outcome.result == "won"  # from A's point of view
    assert shell.current.outcome.detail == "A wins"
    # Nothing more to play: rejected, state unchanged.
    before = copy.deepcopy(shell.current.state)
    for line in ("step", "run"):
        reply = shell.execute(line)
        assert not reply.ok and reply.error == "The game is over: A wins"
        assert shell.current.state == before


def test_b_win_is_lost_for_a():
    seed = next(s for s in range(100) if playgame(s)[0] == "B wins")
    sh = new_shell(["snap"])
    sh.execute(f"play snap --seed {seed}")
    assert sh.execute("run").ok
    assert sh.current.outcome.result == "lost"


def test_step_stops_at_the_end(shell):
    reply = shell.execute("step 1000")
    assert reply.ok
    assert reply.output.splitlines()[376] == "A wins after 376 turns"
    assert shell.current.state.turns == 376


def test_turn_cap_option_gives_a_draw():
    sh = new_shell(["snap"])
    assert sh.execute("play snap --seed 305 --max-turns 50").ok
    reply = sh.execute("run")
    assert reply.output.splitlines()[:2] == [
        "Draw: the turn cap of 50 turns was reached",
        "Turn 50, Draw (turn cap 50)",
    ]
    assert sh.current.outcome.result == "draw"


def test_simulate_reports_and_changes_nothing(shell):
    shell.execute("step 2")
    before = copy.deepcopy(shell.current.state)
    moves = shell.current.moves
    reply = shell.execute("simulate 20")
    assert reply.ok
    stats = rules.simulate(range(305, 325))
    assert reply.output.splitlines() == [
        "Simulated 20 games from seed 305 (turn cap 10,000)",
        f"A wins: {stats.a_wins} ({stats.a_wins / 20:.2%})",
        f"B wins: {stats.b_wins} ({stats.b_wins / 20:.2%})",
        "Draws: 0 (0.00%)",
        f"Mean turns: {stats.mean_turns:.1f}",
    ]
    assert shell.current.state == before
    assert shell.current.moves == moves


@pytest.mark.parametrize("line", ["simulate", "simulate 0", "simulate x", "step -1", "step x", "run 3"])
def test_bad_arguments_are_rejected_without_change(shell, line):
    before = copy.deepcopy(shell.current.state)
    reply = shell.execute(line)
    assert not reply.ok and reply.error
    assert shell.current.state == before


def test_undo_is_off_and_game_registered():
    sh = new_shell(["snap"])
    game = sh.games["snap"]
    assert game.undo is False
    assert "won = A wins" in game.summary


def test_same_seed_replays():
    one, two = new_shell(["snap"]), new_shell(["snap"])
    for sh in (one, two):
        sh.execute("play snap --seed 77")
        sh.execute("step 25")
    assert one.current.state == two.current.state


def test_game_and_command_summaries_are_one_short_line():
    """``games`` and ``help`` print summaries in a table: one line of at most 70 characters."""
    from cardshell_snap import plugin as game_plugin

    (game,) = game_plugin.cardshell_games()
    assert "\n" not in game.summary and len(game.summary) <= 70, game.summary
    for command in [*game_plugin.MOVES, *game_plugin.cardshell_commands()]:
        assert "\n" not in command.summary and len(command.summary) <= 70, command.summary
