"""A game whose display raises: the move stands, the failure is reported."""

import toy_bad_display
from cardshell.shell import Shell
from source_lines import where


def test_display_failure_is_a_warning_and_keeps_the_accepted_move():
    shell = Shell.create(plugins=[], extra_modules=["toy_bad_display"])
    assert shell.execute("play fragile --seed 1").output == "Fragile, seed 1.\n<0>"
    assert shell.execute("bump").output == "<1>"
    reply = shell.execute("bump")
    assert reply.ok and reply.output == ""
    assert reply.warnings == [f"plugin 'toy_bad_display' failed in render of game 'fragile' "
                              f"({where(toy_bad_display, 'cannot draw this')}): ValueError: cannot draw this"]
    assert shell.current.state == {"count": 2} and shell.current.log == ["bump", "bump"]
    # undo goes back to a state that can be shown again
    assert shell.execute("undo").ok and shell.current.state == {"count": 1}


def test_a_raising_invalid_input_message_falls_back_to_the_host_message():
    shell = Shell.create(plugins=[], extra_modules=["toy_bad_display"])
    shell.execute("play fragile-input --seed 1")
    reply = shell.execute("nonsense")
    assert not reply.ok
    assert reply.error == "unknown command 'nonsense' in Fragile input; type 'help' for the list of commands"
