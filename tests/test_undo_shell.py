"""Undo and redo, kept by the host for every game that allows them.

The property test runs over every installed game with ``Game.undo`` true
(plus the toy counter), generating lines from each game's own command words
and completions, so a game added later is covered without a line here.
"""

from __future__ import annotations

import copy

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import toy_addon
from cardshell.shell import Shell


@pytest.fixture
def shell():
    shell = Shell.create(plugins=["aces-up", "blackjack"], seed=1, extra_modules=["toy_counter", "toy_addon"])
    shell.execute("play counter --seed 5")
    return shell


def test_undo_shows_the_game_again_and_redo_goes_forward(shell):
    shell.execute("inc 1")
    shell.execute("inc 1")
    reply = shell.execute("undo")
    assert (reply.ok, reply.output) == (True, "Undid 'inc 1'.\n[1]")
    assert shell.current.log == ["inc 1"] and shell.current.moves == 1
    reply = shell.execute("redo")
    assert (reply.ok, reply.output) == (True, "Redid 'inc 1'.\n[2]")
    assert shell.current.log == ["inc 1", "inc 1"] and shell.current.moves == 2


def test_undo_n_and_redo_n_name_the_moves(shell):
    for line in ("inc 1", "+ 1", "double"):
        shell.execute(line)
    assert shell.current.state.count == 4
    reply = shell.execute("undo 3")
    assert reply.output == "Undid 3 moves: 'double', '+ 1', 'inc 1'.\n[0]"
    assert shell.current.log == [] and shell.current.state == Shell.create(
        plugins=[], extra_modules=["toy_counter"]).games["counter"].new(5, {"start": 0})
    assert shell.execute("redo 2").output == "Redid 2 moves: 'inc 1', '+ 1'.\n[2]"


@pytest.mark.parametrize("setup, line, message", [
    ([], "undo", "Nothing to undo."),
    (["inc 1"], "redo", "Nothing to redo."),
    (["inc 1"], "undo 2", "Only 1 move can be undone: 'undo 1' takes it back."),
    (["inc 1", "inc 1", "undo 2"], "redo 3", "Only 2 moves can be redone."),
    (["inc 1"], "undo 0", "'0' is not a number of moves (1 or more) (usage: undo [N])"),
    (["inc 1"], "undo x", "'x' is not a number of moves (1 or more) (usage: undo [N])"),
    (["inc 1"], "redo 1 2", "'1 2' is not a number of moves (1 or more) (usage: redo [N])"),
])
def test_impossible_undo_is_rejected_and_changes_nothing(shell, setup, line, message):
    for move in setup:
        assert shell.execute(move).ok
    before = copy.deepcopy(shell.current.state)
    log = list(shell.current.log)
    reply = shell.execute(line)
    assert (reply.ok, reply.error) == (False, message)
    assert shell.current.state == before and shell.current.log == log


def test_a_new_move_after_undo_clears_redo(shell):
    shell.execute("inc 2")
    shell.execute("undo")
    shell.execute("inc 1")
    assert shell.current.redo_stack == []
    assert shell.execute("redo").error == "Nothing to redo."


def test_undo_outside_a_game_and_in_a_game_without_undo():
    shell = Shell.create(plugins=["blackjack"], seed=1)
    assert shell.execute("undo").error == "no game in progress; type 'play GAME' to start one"
    shell.execute("play blackjack --seed 3")
    before = copy.deepcopy(shell.current.state)
    reply = shell.execute("undo")
    assert (reply.ok, reply.error) == (False, "Blackjack does not allow undo or redo.")
    assert shell.execute("redo").error == "Blackjack does not allow undo or redo."
    assert shell.current.state == before


def test_undo_marks_the_game_and_an_undone_ending_is_reported_once(shell):
    toy_addon.EVENTS.clear()
    shell.execute("inc 3")  # won
    assert shell.current.outcome is not None and not shell.current.undo_used
    shell.execute("undo")
    assert shell.current.outcome is None and shell.current.undo_used
    shell.execute("redo")  # the same ending again: not reported twice
    shell.execute("undo")
    shell.execute("inc 1")
    shell.execute("inc 2")  # another way to the end: still the same game
    assert shell.current.outcome is not None
    overs = [event for event in toy_addon.EVENTS if event[0] == "over"]
    assert overs == [("over", "counter", "won")]
    applied = [event for event in toy_addon.EVENTS if event[0] == "applied"]
    assert applied == [("applied", "counter", line) for line in ("inc 3", "inc 1", "inc 2")]  # undo is no move


def test_restart_after_undo_is_a_fresh_game(shell):
    shell.execute("inc 1")
    shell.execute("undo")
    shell.execute("restart")
    assert not shell.current.undo_used and shell.current.undo_stack == [] and shell.current.redo_stack == []


def test_undo_is_per_game(shell):
    shell.execute("inc 1")
    shell.execute("play aces-up --seed 7")
    shell.execute("D")
    shell.execute("play counter")
    assert shell.execute("undo").output == "Undid 'inc 1'.\n[0]"
    shell.execute("play aces-up")
    assert shell.current.log == ["D"]


# -- the property, over every installed game with undo ------------------------

def _undo_games() -> list[str]:
    shell = Shell.create(extra_modules=["toy_counter"])
    return sorted(gid for gid, game in shell.games.items() if game.undo)


UNDO_GAMES = _undo_games()
DIGITS = [str(n) for n in range(0, 10)]


def test_the_games_that_allow_undo_include_the_built_in_solitaires():
    assert {"counter", "aces-up"} <= set(UNDO_GAMES)
    assert "blackjack" not in UNDO_GAMES and "snap" not in UNDO_GAMES


def _safe(complete, state, index):
    if complete is None:
        return []
    try:
        return [str(word) for word in complete(copy.deepcopy(state), index)]
    except Exception:
        return []


def _draw_move(data, shell) -> str | None:
    """A line made of one of the game's command words and arguments taken
    from its completions (or small numbers)."""
    session = shell.current
    commands = [c for c in shell.game_commands(session.id) if c.changes_state]
    if not commands:
        return None
    command = data.draw(st.sampled_from(commands))
    if command.pattern is not None:
        choices = _safe(command.complete, session.state, 0)
        return data.draw(st.sampled_from(choices)) if choices else None
    words = [data.draw(st.sampled_from(command.words))]
    if command.complete is None:
        words += data.draw(st.lists(st.sampled_from(DIGITS), max_size=2))
        return " ".join(words)
    for index in range(4):  # as many arguments as the completer offers, now and then one too many
        choices = _safe(command.complete, session.state, index)
        if not choices:
            if data.draw(st.integers(0, 9)) == 0:
                words.append(data.draw(st.sampled_from(DIGITS)))
            break
        words.append(data.draw(st.sampled_from(choices)))
    return " ".join(words)


@pytest.fixture(scope="module")
def every_game_shell(tmp_path_factory):
    # Its own data directory: a module-scoped fixture runs before the
    # per-test one of conftest.py, and finished games go to the statistics.
    return Shell.create(extra_modules=["toy_counter"], seed=11, autosave=False,
                        data_dir=tmp_path_factory.mktemp("every-game-data"))


@pytest.mark.parametrize("game_id", UNDO_GAMES)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.function_scoped_fixture])
@given(data=st.data(), seed=st.integers(1, 999_999))
def test_undo_k_gives_the_state_k_moves_earlier_and_redo_returns(every_game_shell, game_id, data, seed):
    shell = every_game_shell
    # %play: the shared shell may be inside an installed game whose own
    # command is `play` (the compatibility suite's Golf), where `play` is the game's.
    assert shell.execute(f"%play {game_id} --seed {seed}").ok
    session = shell.current
    past = [copy.deepcopy(session.state)]  # the states along the log; past[-1] is the current one
    future: list = []  # undone states; future[-1] is what redo brings back
    for _ in range(data.draw(st.integers(1, 30))):
        action = data.draw(st.sampled_from(["move", "move", "move", "undo", "redo"]))
        if action == "move":
            line = _draw_move(data, shell)
            if line is None:
                continue
            moves = session.moves
            shell.execute(line)
            if shell.current is not session:  # the game ended itself
                return
            if session.moves == moves + 1:
                past.append(copy.deepcopy(session.state))
                future.clear()
                assert session.redo_stack == []  # a new move after undo clears redo
            else:
                assert session.moves == moves and session.state == past[-1]
        else:
            count = data.draw(st.integers(1, 4))
            reply = shell.execute(f"{action} {count}")
            source, target = (past, future) if action == "undo" else (future, past)
            available = len(source) - 1 if action == "undo" else len(source)
            assert reply.ok == (count <= available), reply.error
            if reply.ok:
                for _ in range(count):
                    target.append(source.pop())
        assert session.state == past[-1]
        assert session.moves == len(session.log) == len(past) - 1 == len(session.undo_stack)
        assert len(session.redo_stack) == len(future)
    # The log rebuilds the state exactly (what saves rely on).
    rebuilt = shell.replayer.replay(session.game, session.seed, session.options, session.log)
    assert rebuilt.state == session.state
    # And undoing everything gives the deal back.
    if session.log:
        assert shell.execute(f"undo {len(session.log)}").ok
        assert session.state == past[0]
