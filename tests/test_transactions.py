"""Each command is a transaction (issue 11 items 7-9): everything reflects an
accepted move, or nothing does, and plugins only get read-only views."""

from __future__ import annotations

import pytest

from cardshell.shell import Shell


@pytest.fixture
def hostile():
    import toy_hostile

    toy_hostile.BEHAVIOUR.clear()
    yield toy_hostile.BEHAVIOUR
    toy_hostile.BEHAVIOUR.clear()


def make_shell():
    return Shell.create(plugins=["aces-up"], extra_modules=["toy_hostile", "toy_counter"], seed=5, autosave=False)


@pytest.mark.parametrize("where", ["cardshell_command_applied", "cardshell_render"])
def test_an_interrupt_after_a_move_keeps_the_move_everywhere_and_says_so(hostile, where):
    shell = make_shell()
    shell.execute("play aces-up --seed 7")
    before = shell.current.state
    hostile[where] = "interrupt"
    reply = shell.execute("D")
    assert reply.ok and reply.interrupted
    assert any("the move stands" in str(warning) for warning in reply.warnings)
    session = shell.current
    assert session.state != before and session.log == ["D"] and session.moves == 1
    assert shell.recorder.lines[-1] == "D"  # history and --record agree with the game
    assert "nothing was changed" not in (reply.error or "")


@pytest.mark.parametrize("where", ["cardshell_command_applied", "cardshell_render"])
def test_a_failing_hook_after_a_move_is_a_warning_on_an_accepted_move(hostile, where):
    shell = make_shell()
    shell.execute("play aces-up --seed 7")
    hostile[where] = "raise"
    reply = shell.execute("D")
    assert reply.ok and reply.warnings and "rolled back" not in " ".join(map(str, reply.warnings))
    assert shell.current.log == ["D"] and shell.recorder.lines[-1] == "D"


def test_an_interrupted_play_installs_nothing_and_consumes_no_seed(hostile):
    shell = make_shell()
    reference = make_shell()
    hostile["cardshell_game_started"] = "interrupt"
    reply = shell.execute("play counter")
    assert not reply.ok and reply.interrupted
    assert shell.current is None and shell.sessions == {}
    hostile.clear()
    # The session seed generator is where it was: the next deal is the reference's first.
    shell.execute("play counter")
    reference.execute("play counter")
    assert shell.current.seed == reference.current.seed


def test_an_interrupted_undo_changes_nothing(hostile):
    shell = make_shell()
    shell.execute("play aces-up --seed 7")
    shell.execute("D")
    state, log = shell.current.state, list(shell.current.log)
    hostile["cardshell_render"] = "interrupt"
    reply = shell.execute("undo")
    assert not reply.ok and reply.interrupted
    assert shell.current.state is state and shell.current.log == log and shell.current.redo_stack == []


def test_hooks_get_a_read_only_view_of_the_session(hostile):
    shell = make_shell()
    shell.execute("play counter --seed 1")

    def tamper(session, line):
        session.log.append("inc 5")

    hostile["cardshell_command_applied"] = tamper
    reply = shell.execute("inc 1")
    assert reply.ok and any("toy_hostile" in str(warning) for warning in reply.warnings)
    assert shell.current.log == ["inc 1"]  # a tuple was appended to nothing

    def assign(session, line):
        session.moves = 99

    hostile["cardshell_command_applied"] = assign
    shell.execute("inc 1")
    assert shell.current.moves == 2


def test_a_command_cannot_change_another_game_through_ctx_shell(hostile):
    shell = make_shell()
    shell.execute("play counter --seed 1")
    shell.execute("inc 2")
    shell.execute("play aces-up --seed 7")
    counter_state = shell.sessions["counter"].state

    def reach(ctx):
        other = ctx.shell.sessions["counter"]
        other.state.count = 1000  # a copy: mutable states are handed out copied
        other.state.history.append(7)
        with pytest.raises(AttributeError):
            ctx.shell.current = None
        with pytest.raises(TypeError):
            ctx.shell.sessions["counter"] = None

    hostile["meddle"] = reach
    reply = shell.execute("meddle")
    assert reply.ok and reply.output.startswith("meddled")
    assert shell.sessions["counter"].state is counter_state and counter_state.count == 2
    assert shell.current.id == "aces-up"
