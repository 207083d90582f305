"""``--record FILE`` and ``history``: a session's accepted commands as a script
that replays it, byte for byte."""

from __future__ import annotations

from cardshell.recording import HEADER
from cardshell.shell import Shell

SESSION = """\
games
play aces-up
D
F 9
D
undo
redo
play thumb-and-pouch
sw
sw
undo 2
nosuch
play counter --start 1
inc 1
r
inc 2
restart
help inc
play blackjack
play aces-up
r
D
history
play counter
quit
"""


def test_record_round_trip_across_several_games_is_byte_identical(run_cli, tmp_path):
    env = {"CARDSHELL_LOAD_PLUGINS": "aces-up,thumb-and-pouch,blackjack"}
    record = tmp_path / "session.txt"
    original = run_cli("--plugin", "toy_counter", "--seed", "5", "--record", str(record), stdin=SESSION, env=env)
    assert original.returncode == 1
    reports = [line for line in original.stderr.splitlines() if not line.startswith("  ")]  # continuations indented
    assert {line.split(":")[1] for line in reports} == {"4", "12"}  # F 9, nosuch
    text = record.read_text()
    assert text.startswith(HEADER)
    lines = text[len(HEADER):].splitlines()
    assert "nosuch" not in lines and "F 9" not in lines  # rejected lines are left out
    assert lines[1].startswith("play aces-up --seed ")  # host-chosen seeds made explicit
    assert lines[10].startswith("play counter --start 1 --seed ")
    assert lines[12].startswith("new --seed ") and lines[18].startswith("new --seed ")  # 'r' = new
    # Replayed under another session seed (or none): the same standard output, byte for byte.
    for seed in (("--seed", "999"), ()):
        replay = run_cli("--plugin", "toy_counter", *seed, str(record), env=env)
        assert (replay.returncode, replay.stderr) == (0, "")
        assert replay.stdout == original.stdout
    # 'history' printed the recording so far (in the original and in the replay).
    assert "\n".join(lines[: lines.index("history")]) + "\n" in original.stdout


def test_history_lists_the_accepted_commands(tmp_path):
    shell = Shell.create(plugins=[], seed=1, extra_modules=["toy_counter"], data_dir=tmp_path)
    assert shell.execute("history").output == "No commands yet."
    shell.execute("play counter")
    seed = shell.current.seed
    shell.execute("inc 9")  # rejected
    shell.execute("inc 1")
    shell.execute("new --seed 12")
    assert shell.execute("history").output == f"history\nplay counter --seed {seed}\ninc 1\nnew --seed 12"
    assert shell.current.seed == 12
