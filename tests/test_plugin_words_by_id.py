"""The host's words about plugins, the command line's and the terminal's
are messages of the catalog: each line keeps its id and arguments (nested
messages too) on its way to a reply, a script's standard error, a pickle
or the terminal, worded as before."""

from __future__ import annotations

import pickle
import random

from cardshell import search
from cardshell.interactive import left_line, play_steps
from cardshell.messages import HostMessage
from cardshell.pipes import OutputFailed
from cardshell.plugincheck import PluginFault, checked_key
from cardshell.render import text_of
from cardshell.reply import HOST
from cardshell.shell import Shell
from cardshell.testing import run_cardshell


def started(module: str, game: str) -> Shell:
    """A shell with one toy plugin and its game dealt (Pairs: 'take 2' is an honest move)."""
    shell = Shell.create(plugins=[], extra_modules=[module], seed=0, autosave=False)
    assert shell.execute(f"play {game} --row 2,3,3,2,1,1").ok
    return shell


def ids(text: object) -> list[str]:
    """The id of a host message and of every message nested in it, outermost first."""
    if not isinstance(text, HostMessage):
        return []
    return [text.message_id, *(found for value in text.args.values() for found in ids(value))]


def test_a_plugins_fault_is_the_hosts_line_with_what_was_wrong_nested():
    shell = started("hostile_key", "list-key")
    reply = shell.execute("hint")
    assert reply.error == "plugin 'hostile_key': key returned list [2, 3, 3, 2, 1, 1], which is not hashable"
    [piece] = reply.error_parts
    assert (piece.origin, piece.message_id) == (HOST, "plugin.fault")
    assert piece.args == {"plugin": "'hostile_key'", "hook": "key",
                          "problem": "returned list [2, 3, 3, 2, 1, 1], which is not hashable"}
    assert ids(piece.message) == ["plugin.fault", "plugin.not-hashable"]


def test_a_warning_about_an_answer_left_out_keeps_its_id():
    shell = started("hostile_listed_move", "lying-moves")
    reply = shell.execute("moves")
    assert reply.ok
    [warning] = reply.warning_parts()
    assert warning.text == "plugin 'hostile_listed_move': legal_moves listed 'take 6', which its rules reject; left out"
    assert ids(warning.message) == ["plugin.fault", "plugin.rejected-listed"]


def test_a_fault_keeps_its_message_through_a_pickle_as_a_sweep_worker_sends_it():
    try:
        checked_key("golf", [2, 2])
    except PluginFault as fault:
        received = pickle.loads(pickle.dumps(fault))
    assert str(received) == "plugin 'golf': key returned list [2, 2], which is not hashable"
    assert ids(received.said) == ["plugin.fault", "plugin.not-hashable"]
    assert (received.plugin, received.hook) == ("golf", "key")


def test_a_plugin_refused_at_start_is_reported_to_a_script_by_id():
    result = run_cardshell("games\n", plugins=[], modules=["misspelt_hook"])
    assert result.errors.startswith("cardshell: warning: plugin misspelt_hook: unknown hook 'cardshell_game_ended'; "
                                    "did you mean 'cardshell_game_over'?\n")
    assert result.host("plugin.unknown-hook") == [{"hook": "'cardshell_game_ended'",
                                                   "hint": "did you mean 'cardshell_game_over'?"}]
    assert [args["plugin"] for args in result.host("plugin.failure")] == ["misspelt_hook"]


def test_a_failing_display_is_a_warning_naming_the_games_function_by_id():
    result = run_cardshell("play fragile\nbump\nbump\n", plugins=[], modules=["toy_bad_display"])
    [failed] = result.host("plugin.failed-in")
    assert failed["plugin"] == "'toy_bad_display'" and failed["error"] == "ValueError: cannot draw this"
    assert result.host("plugin.hook-of-game") == [{"function": "render", "game": "'fragile'"}]


def test_the_hosts_hint_gives_its_reason_by_id():
    shell = started("hostile_listed_move", "lying-moves")
    assert shell.current is not None
    found = search.hint(shell.registry.rules("lying-moves"), shell.current.state, rng=random.Random(0))
    assert (found.move, text_of(found.why)) == ("take 2", "starts a winning line of 3 moves")
    assert ids(found.why) == ["search.winning-line"]


def test_a_stream_that_fails_says_so_by_id():
    failure = OutputFailed("stdout", "Broken pipe")
    assert str(failure) == "cannot write to stdout (Broken pipe)"
    assert ids(failure.message) == ["script.cannot-write"]


def test_the_terminals_lines_are_messages():
    shell = Shell.create(plugins=[], extra_modules=["toy_counter"], seed=0, autosave=False)
    assert shell.execute("play counter").ok
    left = shell.lifecycle.leave(abandon=False)
    assert left is not None
    assert text_of(left_line(left)) == "Left Counter (still in progress: 'play counter' resumes it)."
    assert ids(left_line(left)) == ["terminal.left-in-progress"]
    assert shell.execute("play counter").ok
    shown: list[str] = []
    last = play_steps(shell, ["inc 1", "inc 1"], shown.append, lambda seconds: "", 0)  # the count wins at 3
    assert (text_of(last), ids(last)) == ("Played the 2 moves.", ["terminal.steps-played"])
    assert shown[0].startswith("> inc 1\n")
    stopped = play_steps(shell, ["inc 1"], shown.append, lambda seconds: "q", 0)
    assert text_of(stopped) == "Stopped after 0 of 1 moves ('solve --play' plays on from here)."
    assert ids(stopped) == ["terminal.steps-stopped"]
