"""The host checks what a plugin answers, and names the plugin and the hook
when it is wrong, never the player nor the host (issue 26 item 3).

Each hostile plugin under tests/plugins/hostile_*.py gets one answer wrong
in the game they share (Pairs: ``take i`` removes the equal neighbours at
i, i+1).  Every test plays one honest move first, then asks for what the
plugin gets wrong, and checks the message (plugin, hook, value) and that the
live game is exactly as it was: the same display, and ``undo`` takes back
the honest move.
"""

from __future__ import annotations

import copy
import math
import signal
import time

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardshell.contractcheck import check_game
from cardshell.plugincheck import PluginFault, StateGuard, checked_score
from cardshell.render import text_of
from cardshell.shell import Shell
from cardshell.watchdog import PluginTimeout, TimeBound, bound_for

#: The row every test deals: 'take 2' is the honest first move (to 2 2 1 1).
ROW = "2,3,3,2,1,1"


def started(module: str, game: str, row: str = ROW) -> Shell:
    """A shell with the hostile plugin, its game dealt and one honest move made."""
    shell = Shell.create(plugins=[], extra_modules=[module], seed=0, autosave=False)
    assert shell.execute(f"play {game} --row {row}").ok
    assert shell.execute("take 2").ok
    return shell


def assert_unharmed(shell: Shell, display: str, row: str = ROW) -> None:
    """The game shows ``display`` still, and undo takes back the honest 'take 2' (to ``row``)."""
    assert shell.execute("show").output == display
    undone = shell.execute("undo")
    assert undone.ok and undone.output.splitlines()[0] == "Undid 'take 2'."
    assert shell.execute("show").output == " ".join(row.split(","))


# --- answers that are left out: the player still gets an answer ------------------------------


def test_a_listed_legal_move_its_rules_reject_is_left_out_with_one_warning():
    shell = started("hostile_listed_move", "lying-moves")
    display = shell.execute("show").output
    moves = shell.execute("moves")
    assert moves.ok and moves.output == "Legal moves: take 1, take 3"
    assert moves.warnings == ["plugin 'hostile_listed_move': legal_moves listed 'take 4', which its rules reject; "
                              "left out"]
    hint, solve = shell.execute("hint"), shell.execute("solve")
    assert hint.ok and hint.output == "Hint: take 1 (starts a winning line of 2 moves)"
    assert solve.ok and solve.output.splitlines()[1] == "take 1, take 1"
    assert hint.warnings == solve.warnings == []  # one warning, not one per command
    assert "You cannot" not in hint.output + solve.output and "no pair at" not in hint.output + solve.output
    assert_unharmed(shell, display)


def test_a_successors_child_its_rules_do_not_produce_is_left_out_and_search_answers_by_the_rules():
    # 2 2 1 2 cannot be won; the plugin's successors claims an empty row after 'take 9'.
    shell = started("hostile_successors", "lying-successors", row="2,3,3,2,1,2")
    display = shell.execute("show").output
    reply = shell.execute("solve")
    assert reply.ok and reply.output.startswith("No win from here"), reply.output
    assert reply.warnings == ["plugin 'hostile_successors': successors gave 'take 9', which its rules reject; "
                              "searched without successors"]
    assert "take 9" not in shell.execute("hint").output
    assert_unharmed(shell, display, row="2,3,3,2,1,2")


def test_a_successors_lie_never_becomes_a_winning_line():
    shell = started("hostile_successors", "lying-successors")
    reply = shell.execute("solve")
    assert reply.ok and reply.output.splitlines()[1] == "take 1, take 1"
    assert [text_of(w).split(":")[0] for w in reply.warnings] == ["plugin 'hostile_successors'"]


def test_a_game_hint_that_is_not_a_legal_move_is_left_out_and_the_hosts_search_answers():
    shell = started("hostile_hint_move", "lying-hint")
    display = shell.execute("show").output
    reply = shell.execute("hint")
    assert reply.ok and reply.output == "Hint: take 1 (starts a winning line of 2 moves)"
    assert reply.warnings == ["plugin 'hostile_hint_move': hint suggested 'take 99', which its rules reject; "
                              "left out (the host's search answers instead)"]
    assert_unharmed(shell, display)


def test_a_game_hint_that_is_not_a_hint_is_left_out_and_the_hosts_search_answers():
    shell = started("hostile_hint_type", "loose-hint")
    display = shell.execute("show").output
    reply = shell.execute("hint")
    assert reply.ok and reply.output == "Hint: take 1 (starts a winning line of 2 moves)"
    assert reply.warnings == ["plugin 'hostile_hint_type': hint returned str 'take 1', not a cardshell.Hint; "
                              "left out (the host's search answers instead)"]
    assert_unharmed(shell, display)


def test_an_honest_sweep_with_an_illegal_game_hint_plays_on_and_is_no_usage_error(tmp_path):
    shell = Shell.create(plugins=[], extra_modules=["hostile_hint_move"], seed=0, autosave=False,
                         data_dir=tmp_path / "data")
    # --jobs 1: the warning is said by the process that plays the deals (one deal a chunk: 3 deals are 3 chunks,
    # which a pool would play)
    reply = shell.execute("winnability lying-hint --deals 0:3 --honest --seconds 5 --jobs 1")
    assert reply.ok, reply.error
    assert reply.warnings == ["plugin 'hostile_hint_move': hint suggested 'take 99', which its rules reject; "
                              "left out (the host's search answers instead)"]


# --- answers of the wrong type: the command fails, naming the plugin and the hook --------------


@pytest.mark.parametrize("command", ["hint", "solve"])
def test_an_unhashable_key_is_the_plugins_fault(command):
    shell = started("hostile_key", "list-key")
    display = shell.execute("show").output
    reply = shell.execute(command)
    assert not reply.ok
    assert reply.error == "plugin 'hostile_key': key returned list [2, 2, 1, 1], which is not hashable"
    assert_unharmed(shell, display)


@pytest.mark.parametrize(("score", "shown"), [("high", "str 'high'"), (math.nan, "float nan"),
                                              (math.inf, "float inf"), (None, "NoneType None")])
def test_a_heuristic_that_is_not_a_finite_number_is_the_plugins_fault(monkeypatch, score, shown):
    import hostile_heuristic

    monkeypatch.setattr(hostile_heuristic, "SCORE", score)
    shell = started("hostile_heuristic", "odd-heuristic")
    display = shell.execute("show").output
    reply = shell.execute("solve")
    assert not reply.ok
    assert reply.error == f"plugin 'hostile_heuristic': heuristic returned {shown}, not a finite number"
    assert "internal error" not in reply.error
    assert_unharmed(shell, display)


def test_an_outcome_that_is_not_an_outcome_is_the_plugins_fault(monkeypatch):
    import toy_pairs

    monkeypatch.setattr(toy_pairs, "outcome", lambda state: "won" if not state else None)
    shell = Shell.create(plugins=[], extra_modules=["toy_pairs"], seed=0, autosave=False)
    shell.execute("play pairs --row 1,1")
    reply = shell.execute("solve")
    assert not reply.ok
    assert reply.error == "plugin 'toy_pairs': outcome returned str 'won', not a cardshell.Outcome or None"


@given(st.floats(allow_nan=False, allow_infinity=False) | st.integers(-10**6, 10**6))
def test_every_finite_number_is_a_heuristic(score):
    assert checked_score("p", score) == score


@given(st.sampled_from([math.nan, math.inf, -math.inf]) | st.text() | st.none() | st.lists(st.integers()))
def test_nothing_else_is_a_heuristic(score):
    with pytest.raises(PluginFault, match="^plugin 'p': heuristic returned .*, not a finite number$"):
        checked_score("p", score)


# --- a declared-immutable state changed by the plugin ---------------------------------------

MUTATION = ("plugin 'hostile_mutating': move 'take 1' changed the state it was given, though game "
            "'mutating-row' declares immutable states; the game is left as it was")


@pytest.fixture(params=["unhashable-state", "hashable-state", "proven-state"])
def mutating(request, monkeypatch):
    """The kind of state hostile_mutating deals: a list inside (not hashable), hashable, or immutable by its
    type (a frozen dataclass of a tuple of ints, changed with object.__setattr__)."""
    import hostile_mutating

    monkeypatch.setattr(hostile_mutating, "HASHED", request.param == "hashable-state")
    monkeypatch.setattr(hostile_mutating, "PROVEN", request.param == "proven-state")
    return request.param


@pytest.mark.parametrize("command", ["take 1", "hint", "solve", "moves"])
def test_a_state_changed_by_plugin_code_is_named_and_put_back(mutating, command):
    shell = started("hostile_mutating", "mutating-row")  # 2 2 1 1: 'take 1' changes its state
    display = shell.execute("show").output
    state = copy.deepcopy(shell.current.state)
    reply = shell.execute(command)
    assert not reply.ok and reply.error == MUTATION
    assert shell.current.state == state and shell.current.log == ["take 2"]
    assert_unharmed(shell, display)


def test_a_first_move_that_changes_the_state_is_put_back_from_the_deal(mutating):
    shell = Shell.create(plugins=[], extra_modules=["hostile_mutating"], seed=0, autosave=False)
    shell.execute("play mutating-row --row 1,1,2,2")
    reply = shell.execute("take 1")
    assert not reply.ok and reply.error == MUTATION
    assert shell.execute("show").output == "1 1 2 2" and shell.current.log == []
    assert shell.execute("take 3").ok and shell.execute("show").output == "1 1"  # the game plays on


@pytest.mark.parametrize("kind", ["HASHED", "PROVEN"])
def test_the_contract_check_names_the_plugin_that_changes_a_state(monkeypatch, kind):
    import hostile_mutating

    monkeypatch.setattr(hostile_mutating, kind, True)
    expected = r"'take 1' mutated the state \(plugin 'hostile_mutating' declares immutable states\)"
    with pytest.raises(AssertionError, match=expected):
        for seed in range(20):  # some deals list 'take 1' at once
            check_game("mutating-row", seed, plugins=[], extra_modules=["hostile_mutating"])


def test_the_contract_check_reports_an_unhashable_immutable_state():
    with pytest.raises(AssertionError, match="plugin 'hostile_mutating' declares immutable states, but its state "
                                             "is not hashable"):
        check_game("mutating-row", 0, plugins=[], extra_modules=["hostile_mutating"])


@pytest.mark.parametrize(("module", "game", "message"), [
    ("hostile_key", "list-key", "plugin 'hostile_key': key returned list"),
    ("hostile_heuristic", "odd-heuristic", "plugin 'hostile_heuristic': heuristic returned str 'high'"),
    ("hostile_successors", "lying-successors", "plugin 'hostile_successors': successors gave 'take 9'"),
    ("hostile_hint_type", "loose-hint", "plugin 'hostile_hint_type': hint returned str"),
    ("hostile_hint_move", "lying-hint", "plugin 'hostile_hint_move': hint suggested 'take 99'"),
    ("hostile_listed_move", "lying-moves", "plugin 'hostile_listed_move': legal_moves listed 'take "),
])
def test_the_contract_check_names_the_plugin_and_the_hook(module, game, message):
    with pytest.raises(AssertionError, match=message):
        check_game(game, 3, plugins=[], extra_modules=[module])


def test_a_state_guard_sees_a_change_inside_a_hashable_state_and_keeps_no_copy_unless_asked():
    row = [1, 2]
    state = (1, 2)
    assert StateGuard(state, keep=False).backup is None and not StateGuard(state).changed()
    guard = StateGuard(("x", row))  # a tuple holding a list: not hashable, so copied
    row.append(3)
    assert guard.changed() and guard.backup == ("x", [1, 2])


# --- plugin code that never returns -----------------------------------------------------------


def test_a_game_hint_that_never_returns_fails_after_its_bound_naming_the_plugin():
    shell = started("hostile_endless_hint", "endless-hint")
    display = shell.execute("show").output
    began = time.monotonic()
    reply = shell.execute("hint --seconds 0.2")
    assert not reply.ok and not reply.interrupted
    assert reply.error == ("plugin 'hostile_endless_hint': hint did not return within 1.25 s (the budget's 0.2 s "
                           "plus a margin); stopped at hostile_endless_hint.py:10")
    assert time.monotonic() - began >= bound_for(0.2)
    assert signal.getsignal(signal.SIGALRM) is signal.SIG_DFL and signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
    assert_unharmed(shell, display)


def test_a_piped_script_with_a_hint_that_never_returns_ends(run_cli):
    script = f"play endless-hint --row {ROW}\nhint --seconds 0.2\nshow\n"
    result = run_cli("--plugin", "hostile_endless_hint", stdin=script)
    assert result.returncode == 1
    assert ("<stdin>:2: plugin 'hostile_endless_hint': hint did not return within 1.25 s (the budget's 0.2 s plus "
            "a margin); stopped") in result.stderr
    assert result.stdout.splitlines()[-1] == "2 3 3 2 1 1"  # the script went on


def test_a_sweep_whose_hint_never_returns_records_its_deals_as_unknown_naming_the_plugin(tmp_path):
    shell = Shell.create(plugins=[], extra_modules=["hostile_endless_hint"], seed=0, autosave=False,
                         data_dir=tmp_path / "data")
    reply = shell.execute("winnability endless-hint --deals 0:2 --honest --seconds 0.2")
    assert reply.ok, reply.error
    assert reply.warnings == ["plugin 'hostile_endless_hint': hint did not return within 1.25 s (the budget's 0.2 s "
                              "plus a margin); stopped at hostile_endless_hint.py:10; each deal that ran that long is "
                              "recorded as unknown"]
    assert "Unknown (2): 0, 1" in reply.output


def test_ctrl_c_inside_a_time_bound_is_still_ctrl_c():
    previous = signal.getsignal(signal.SIGALRM)
    with pytest.raises(KeyboardInterrupt) as caught, TimeBound(5.0, "p", "hint"):
        raise KeyboardInterrupt
    assert type(caught.value) is KeyboardInterrupt
    assert signal.getsignal(signal.SIGALRM) is previous


def test_a_plugin_that_swallows_the_first_alarm_is_stopped_by_the_next():
    def stubborn():
        for _ in range(1):
            try:
                while True:
                    pass
            except BaseException:  # the bare except: some plugins have
                continue
        while True:
            pass

    with pytest.raises(PluginFault,
                       match=r"^plugin 'p': hint did not return within 0.1 s; stopped at test_plugin_answers.py:\d+$"):
        with TimeBound(0.1, "p", "hint"):
            stubborn()


def test_a_nested_time_bound_leaves_the_outer_one_armed():
    with pytest.raises(PluginFault, match="within 0.2 s"), TimeBound(0.2, "outer", "hint"):
        with TimeBound(30.0, "inner", "hint"):
            pass
        while True:
            pass


def test_the_alarm_exception_is_not_an_exception_a_plugin_catches_by_accident():
    assert not issubclass(PluginTimeout, Exception)
