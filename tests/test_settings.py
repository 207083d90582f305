"""``set samples N`` and ``set pace S``: the session's defaults for ``hint --samples`` and
``solve --play --pace``, within the bounds the options take; an option given on the line wins;
bad input changes nothing; a setting is never saved."""

from __future__ import annotations

import pytest

from cardshell.settings import HINT_SAMPLES, MAX_SAMPLES, PLAY_PACE, Settings
from cardshell.shell import Shell


@pytest.fixture
def shell(tmp_path) -> Shell:
    return Shell.create(plugins=[], extra_modules=["fixed_draws"], seed=0, data_dir=tmp_path / "data",
                        autosave=False)


def test_samples_is_the_hints_default_and_an_option_on_the_line_wins(shell):
    assert shell.execute("play doors --seed 3").ok
    assert shell.settings.samples == HINT_SAMPLES
    assert f" of {HINT_SAMPLES} re-drawn deals" in shell.execute("hint").output
    assert shell.execute("set samples 7").output == "samples is 7 for this session."
    assert " of 7 re-drawn deals" in shell.execute("hint").output
    assert " of 3 re-drawn deals" in shell.execute("hint --samples 3").output


def test_pace_is_solve_plays_default_and_an_option_on_the_line_wins(shell):
    assert shell.execute("play doors --seed 3").ok
    assert shell.execute("solve --play").pace == PLAY_PACE
    assert shell.execute("restart").ok and shell.execute("set pace 2.5").ok
    played = shell.execute("solve --play")
    assert played.ok and played.pace == 2.5 and shell.current.moves == 1  # the line was played
    assert shell.execute("restart").ok
    assert shell.execute("solve --play --pace 0.1").pace == 0.1


@pytest.mark.parametrize("line, error", [
    ("set samples 0", "samples must be from 1 to 1,000, got 0"),
    (f"set samples {MAX_SAMPLES + 1}", "samples must be from 1 to 1,000, got 1,001"),
    ("set samples many", "samples must be a whole number from 1 to 1,000, got 'many'"),
    ("set samples 3 4", "samples is one number, not '3 4'"),
    ("set samples", "say a number: 'set samples 20'"),
    ("set pace 0", "pace must be a number of seconds above 0 and at most 10, got '0'"),
    ("set pace nan", "pace must be a number of seconds above 0 and at most 10, got 'nan'"),
    ("set pace 11", "pace must be a number of seconds above 0 and at most 10, got '11'"),
])
def test_bad_values_are_refused_and_change_nothing(shell, line, error):
    reply = shell.execute(line)
    assert not reply.ok and reply.error.startswith(error)
    assert shell.settings == Settings()


def test_set_lists_every_setting_with_its_value(shell):
    assert shell.execute("set samples 40").ok and shell.execute("set pace 1.5").ok
    listed = shell.execute("set")
    rows = [line.split()[:2] for line in listed.output.splitlines() if not line.startswith("   ")]
    assert rows == [["autoplay", "off:"], ["samples", "40:"], ["pace", "1.5:"]]
    assert [part.message_id for part in listed.parts] == ["help.row"] * 3  # each row its own message
    assert [part.message.args["right"].args["value"] for part in listed.parts] == ["off", "40", "1.5"]


def test_a_setting_is_never_saved(tmp_path):
    first = Shell.create(plugins=[], extra_modules=["fixed_draws"], seed=0, data_dir=tmp_path / "data",
                         autosave=False)
    assert first.execute("set samples 3").ok and first.execute("play doors --seed 3").ok
    assert first.execute("save mine").ok
    second = Shell.create(plugins=[], extra_modules=["fixed_draws"], seed=0, data_dir=tmp_path / "data",
                          autosave=False)
    assert second.execute("load mine").ok
    assert second.settings.samples == HINT_SAMPLES
    assert f" of {HINT_SAMPLES} re-drawn deals" in second.execute("hint").output
