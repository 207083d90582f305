"""simulate of every built-in game on the sweep engine: the same totals as
before it (the COMP9021 tables byte for byte), the hand-outs' signatures,
and one grammar with --plot for all."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardshell.shell import Shell
from cardshell.sweep.histogram import matplotlib_available
from cardshell_blackjack import simulation as blackjack
from cardshell_pictures import format_table as pictures_table
from cardshell_pictures import play as play_pictures
from cardshell_pictures import simulate as pictures_simulate
from cardshell_snap import rules as snap_rules
from cardshell_snap import simulation as snap
from cardshell_up_and_down import format_table as up_and_down_table
from cardshell_up_and_down import play as play_up_and_down
from cardshell_up_and_down import simulate as up_and_down_simulate

GOLDEN = Path(__file__).parent / "data" / "simulate"

# Replies of simulate recorded with the code before the sweep engine (the
# montecarlo runner and Snap's own loop); the engine must give them byte for byte.
BEFORE = [
    ("pictures", "play pictures --seed 0", "simulate 5000 0", "pictures_5000_from_0.txt"),
    ("pictures", "play pictures --seed 0", "simulate 2500 -1234", "pictures_2500_from_-1234.txt"),
    ("up-and-down", "play up-and-down --seed 5", "simulate 5000 5", "up_and_down_5000_from_5.txt"),
    ("snap", "play snap --seed 1", "simulate 400", "snap_400_from_1.txt"),
    ("snap", "play snap --seed 7 --max-turns 300", "simulate 300", "snap_300_from_7_cap_300.txt"),
]


@pytest.mark.parametrize(("game", "play", "line", "golden"), BEFORE, ids=[row[3] for row in BEFORE])
@pytest.mark.parametrize("options", ["", " --jobs 2"])
def test_the_engine_gives_the_replies_of_before(game, play, line, golden, options):
    shell = Shell.create(plugins=[game])
    assert shell.execute(play).ok
    reply = shell.execute(line + options)
    assert reply.ok, reply.error
    assert reply.output + "\n" == (GOLDEN / golden).read_text(encoding="utf-8")


@pytest.mark.parametrize("first", [477, -10**6])
def test_comp9021_tables_are_the_literal_games_tables(first):
    pictures, up_and_down = [0] * 13, [0] * 53
    for seed in range(first, first + 250):
        pictures[play_pictures(seed).uncovered] += 1
        up_and_down[play_up_and_down(seed).cards_left] += 1
    for game, counts, table in (("pictures", pictures, pictures_table),
                                ("up-and-down", up_and_down, up_and_down_table)):
        shell = Shell.create(plugins=[game])
        shell.execute(f"play {game} --seed 1")
        assert shell.execute(f"simulate 250 {first}").output == table(counts)
        assert shell.execute(f"simulate 250 --first {first}").output == table(counts)


@pytest.mark.parametrize("cap", [10_000, 150])
def test_snap_tallies_are_its_own_loop_s(cap):
    stats = snap_rules.simulate(range(40, 240), cap)
    counts = snap.tally(range(40, 240), cap)
    assert counts[:4] == [stats.a_wins, stats.b_wins, stats.draws, stats.turns]
    assert sum(counts[4:]) == 200


def test_the_hand_outs_signatures_keep_working(capsys):
    pictures_simulate(300, 2)
    up_and_down_simulate(300, 2)
    out = capsys.readouterr().out.split("\n")
    assert out[0] == "Number of uncovered pictures | Frequency"
    assert "Number of cards left | Frequency" in out
    counts = blackjack.simulate(200, 15)
    assert counts.rounds == 200 and counts == blackjack.simulate(200, 15, 0)


PLAYS = {
    "pictures": "play pictures --seed 2",
    "up-and-down": "play up-and-down --seed 2",
    "blackjack": "play blackjack --seed 2",
    "snap": "play snap --seed 2",
}


@pytest.mark.parametrize("game", list(PLAYS))
def test_every_game_shares_the_grammar_and_the_plot(game):
    shell = Shell.create(plugins=[game])
    shell.execute(PLAYS[game])
    before, log = shell.current.state, list(shell.current.log)
    reply = shell.execute("simulate 300 --first 10 --jobs 1 --plot")
    assert reply.ok, reply.error
    plain = shell.execute("simulate 300 --first 10").output
    assert reply.output.startswith(plain + "\n")
    drawn = reply.output[len(plain) + 1:].split("\n")
    assert drawn[0].endswith("(300 games)") or drawn[0].endswith("(300 rounds)")
    assert all(len(line) <= 80 for line in drawn) and len(drawn) >= 2
    assert len({line.index(" | ") for line in drawn[1:]}) == 1
    assert shell.current.state == before and shell.current.log == log  # nothing changed
    help_text = shell.execute("help simulate").output
    for option in ("--first SEED", "--jobs J", "--scheduler ADDR", "--plot [FILE.png]", "CARDSHELL_DASK_SCHEDULER"):
        assert option in help_text
    assert not shell.execute("simulate 10**400").ok


@pytest.mark.skipif(not matplotlib_available(), reason="matplotlib not installed")
def test_plot_file_writes_a_png_and_says_so(tmp_path):
    shell = Shell.create(plugins=["blackjack"])
    shell.execute("play blackjack --seed 2")
    target = tmp_path / "rounds.png"
    reply = shell.execute(f"simulate 200 --plot {target}")
    assert reply.ok and reply.output.endswith(f"Wrote the histogram to {target}")
    assert target.read_bytes()[:4] == b"\x89PNG"
    missing = tmp_path / "nowhere" / "x.png"
    reply = shell.execute(f"simulate 200 --plot {missing}")
    assert not reply.ok and "does not exist" in reply.error and not missing.parent.exists()


@pytest.mark.parametrize("game", list(PLAYS))
def test_tasks_give_the_same_counts_when_run_in_threads(game):
    # A Dask worker runs several chunks at once in threads: a task must not
    # share a generator (or anything else) between calls.
    from concurrent.futures import ThreadPoolExecutor

    from cardshell.sweep import chunked
    from cardshell_blackjack.simulation import SIMULATION as blackjack_simulation
    from cardshell_pictures.simulation import SIMULATION as pictures_simulation
    from cardshell_snap.simulation import SIMULATION as snap_simulation
    from cardshell_up_and_down.simulation import SIMULATION as up_and_down_simulation

    simulation = {"pictures": pictures_simulation, "up-and-down": up_and_down_simulation,
                  "blackjack": blackjack_simulation, "snap": snap_simulation}[game]
    shell = Shell.create(plugins=[game])
    shell.execute(PLAYS[game])
    task = simulation.task(shell.current.state, simulation.grammar.parse("1"))
    chunks = list(chunked(range(0, 1_600), 100))
    alone = [task(chunk) for chunk in chunks]
    with ThreadPoolExecutor(4) as threads:
        assert list(threads.map(task, chunks)) == alone


@pytest.mark.parametrize("game, spellings", [("blackjack", ("--first SEED", "--seed SEED")),
                                             ("snap", ("--first SEED",))])
def test_help_simulate_states_the_seed_rule_once_and_names_every_spelling_in_its_usage(game, spellings):
    shell = Shell.create(plugins=[game])
    shell.execute(f"play {game} --seed 2")
    help_text = shell.execute("help simulate").output
    usage = help_text.split("\n\n")[0].split("\n")[0]
    for spelling in spellings:
        assert spelling in usage
    flat = " ".join(help_text.split())
    assert flat.count("else this game's seed") == 1
    assert flat.count("SEED+N-1") <= 1
