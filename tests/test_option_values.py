"""One reader for every count, seconds and seed option of the host (issue 28 item 7):
the same bounds, the same underscore rule, the same prefix rule, and every
echo of what was typed cut to a bounded length."""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardshell import assist, option_values
from cardshell.commands.common import play_parser
from cardshell.errors import UsageError
from cardshell.option_values import MAX_MESSAGE, MAX_SEED
from cardshell.parsers import QUOTE_LENGTH
from cardshell.savefile import SaveError, SaveRecord
from cardshell.shell import Shell
from cardshell.sweep.grammar import Grammar
from cardshell.winnability import args as winnability_args

#: The longest reply a refused option may give: the message, then the command's usage.
MAX_REPLY = MAX_MESSAGE + 200


@pytest.fixture
def shell():
    shell = Shell.create(plugins=["aces-up", "pictures"], autosave=False)
    assert shell.execute("play aces-up --seed 3").ok
    return shell


def state_of(shell):
    session = shell.current
    return session.game.id, session.seed, session.state, tuple(session.log)


@pytest.mark.parametrize("word", ["1_000", "+5", "٣", " 5", "5 ", "1.0", "0x10", "1e3", "", "--1"])
def test_a_count_is_ascii_digits_with_an_optional_minus(word):
    with pytest.raises(UsageError, match="must be a whole number"):
        option_values.count(word, "--nodes", 1, 100)


@pytest.mark.parametrize("word", ["inf", "nan", "-1", "0", "3601", "0x1", "1.5.5", "x", "1" * 40])
def test_seconds_are_refused_unless_float_reads_them_in_range(word):
    with pytest.raises(UsageError, match="must be a number of seconds above 0 and at most 3600"):
        option_values.seconds(word, "--seconds", 3600.0)


@pytest.mark.parametrize(("word", "value"), [("10", 10.0), ("2.5", 2.5), (".5", 0.5), ("3.", 3.0), ("3600", 3600.0),
                                             ("1_0", 10.0), ("1e3", 1000.0), ("+5", 5.0), (" 5", 5.0)])
def test_seconds_are_what_float_reads(word, value):
    assert option_values.seconds(word, "--seconds", 3600.0) == value


def test_seconds_are_read_as_float_reads_them_and_counts_as_ascii_digits(shell):
    # Before they were made one rule, 'solve --seconds 1_0' was accepted and '--nodes 1_000' refused; served
    # contracts had it so, and what they accepted is never narrowed.
    assert shell.execute("solve --seconds 1_0 --nodes 50").ok
    refused = shell.execute("solve --nodes 1_000")
    assert not refused.ok and "whole number" in refused.error


@pytest.mark.parametrize(("line", "full"), [
    ("solve --nod 50", "solve --nodes 50"), ("hint --samp 3", "hint --samples 3"),
    ("play aces-up --se 5", "play aces-up --seed 5"),
])
def test_a_unique_option_prefix_is_the_option_where_it_always_was(line, full):
    # Prefixes worked in solve, hint and play when contracts 1 and 2 were served: they still do.
    shells = []
    for typed in (line, full):
        shell = Shell.create(plugins=["aces-up"], autosave=False, seed=0)
        shell.execute("play aces-up --seed 3")
        reply = shell.execute(typed)
        assert reply.ok, reply.error
        # The time a search took differs between two runs; everything else is the same.
        shells.append((re.sub(r"[\d.]+ seconds?", "T seconds", reply.output), state_of(shell)))
    assert shells[0] == shells[1]


@pytest.mark.parametrize("line", ["winnability aces-up --dea 0:3", "simulate 5 --job 1"])
def test_an_option_prefix_is_refused_where_it_never_worked(line):
    # winnability and simulate always spelt their options in full
    shell = Shell.create(plugins=["aces-up", "pictures"], autosave=False)
    shell.execute("play pictures --seed 3" if line.startswith("simulate") else "play aces-up --seed 3")
    before = state_of(shell)
    reply = shell.execute(line)
    assert not reply.ok
    assert "unrecognized arguments" in reply.error or "unknown option" in reply.error
    assert state_of(shell) == before


@pytest.mark.parametrize(("text", "message"), [
    ("aces-up --deals -5:3", "--deals takes A:B, two whole numbers"),
    ("aces-up --seconds -1", "--seconds must be a number of seconds above 0"),
    ("aces-up --nodes -1", "--nodes must be from 1 to"),
])
def test_a_value_starting_with_minus_is_read_as_the_value(text, message):
    # '--deals -5:3' said "expected one argument".
    with pytest.raises(UsageError) as caught:
        winnability_args.parse(text)
    assert message in str(caught.value)


def test_solve_reads_a_negative_value_as_the_value(shell):
    reply = shell.execute("solve --seconds -1")
    assert reply.error.startswith("--seconds must be a number of seconds above 0 and at most 3600, got '-1'")


def test_a_60000_digit_samples_is_echoed_at_most_quote_length_characters(shell):
    # 'hint --samples <60,000 digits>' echoed all 60,000 characters.
    before = state_of(shell)
    reply = shell.execute("hint --samples " + "7" * 60_000)
    assert not reply.ok and len(reply.error) < MAX_REPLY
    assert "7" * (QUOTE_LENGTH + 1) not in reply.error
    assert state_of(shell) == before


def test_play_and_the_save_loader_share_the_seed_bound(shell):
    biggest = int("9" * option_values.MAX_SEED_DIGITS)
    assert shell.execute(f"play aces-up --seed {biggest}").ok and shell.current.seed == biggest
    assert shell.execute(f"play aces-up --seed -{biggest}").ok
    refused = shell.execute(f"play aces-up --seed 1{'0' * option_values.MAX_SEED_DIGITS}")
    assert not refused.ok and "--seed must be a whole number of at most 4,000 digits" in refused.error
    record = SaveRecord(game="aces-up", seed=biggest, options={}, log=[])
    assert SaveRecord.from_json(record.to_json(), "ok").seed == biggest
    data = json.loads(record.to_json())
    data["seed"] = biggest + 1  # 4,001 digits: a seed play refuses
    with pytest.raises(SaveError, match="field 'seed' is not a whole number"):
        SaveRecord.from_json(json.dumps(data), "big")


def test_a_seed_is_what_int_reads(shell):
    for word, seed in (("+5", 5), ("1_000", 1000), (str(MAX_SEED + 1), MAX_SEED + 1)):
        assert shell.execute(f"play aces-up --seed {word}").ok and shell.current.seed == seed


def test_the_command_line_seed_has_the_same_bound(run_cli):
    refused = run_cli("--seed", "1" + "0" * option_values.MAX_SEED_DIGITS, stdin="games\n")
    assert refused.returncode == 2 and "the seed must be a whole number of at most 4,000 digits" in refused.stderr
    refused = run_cli("--seed", "1.0", stdin="games\n")
    assert refused.returncode == 2 and "the seed must be a whole number" in refused.stderr
    accepted = run_cli("--seed", "1_0", stdin="play aces-up\n")
    assert accepted.returncode == 0, accepted.stderr


# --- Properties: any text given to these options gives one bounded message and changes nothing ---------

PARSERS = {
    "hint": assist._parse_with(assist._HINT),
    "solve": assist._parse_with(assist._SOLVE),
    "play": lambda text: play_parser(Shell.create(plugins=["aces-up"], autosave=False).games["aces-up"]
                                     ).parse_words(text.split()),
    "winnability": winnability_args.parse,
    "simulate": Grammar().parse,
}
OPTIONS = {
    "hint": ["--samples", "--seconds", "--nodes"],
    "solve": ["--seconds", "--nodes"],
    "play": ["--seed"],
    "winnability": ["--deals", "--seconds", "--nodes", "--samples", "--jobs", "--scheduler"],
    "simulate": ["--first", "--jobs", "--scheduler"],
}
words = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=20) | st.sampled_from(
    ["1_0", "1e3", "-5:3", "inf", "-1", "٣", "9" * 5000, "x" * 70_000, "--1", "+5", "0", "1.5"])


@settings(max_examples=300)
@given(command=st.sampled_from(sorted(OPTIONS)), data=st.data())
def test_any_option_value_is_parsed_or_refused_in_one_bounded_line(command, data):
    option = data.draw(st.sampled_from(OPTIONS[command]))
    value = data.draw(words)
    head = "aces-up " if command == "winnability" else "5 " if command == "simulate" else ""
    honest = "--honest " if command == "winnability" and option == "--samples" else ""
    text = f"{head}{honest}{option} {value}"
    try:
        PARSERS[command](text)
    except UsageError as exc:
        assert len(str(exc)) <= MAX_MESSAGE + 40, str(exc)[:400]
        assert "\n" not in str(exc)


@settings(max_examples=60)
@given(option=st.sampled_from(["--samples", "--seconds", "--nodes"]), value=words)
def test_hint_with_any_value_changes_nothing(option, value):
    shell = Shell.create(plugins=["aces-up"], autosave=False)
    shell.execute("play aces-up --seed 3")
    before = state_of(shell)
    budget = "" if option == "--nodes" else "--nodes 1 "
    reply = shell.execute(f"hint {budget}--seconds 1 {option} {value}")
    if not reply.ok:
        assert len(reply.error) <= MAX_REPLY and "\n" not in reply.error.strip()
    assert state_of(shell) == before


@pytest.mark.parametrize("line", ["x" * 70_000, "help " + "h" * 300, "rules " + "r" * 5000, "load " + "l" * 5000,
                                  "play " + "q" * 3000, "simulate 5 --plot=" + "p" * 6000 + ".png",
                                  "solve --nodes " + "--" * 3000])
def test_the_host_echoes_at_most_quote_length_characters_of_a_word(line):
    shell = Shell.create(plugins=["aces-up", "pictures"], autosave=False)
    shell.execute("play pictures --seed 3" if line.startswith("simulate") else "play aces-up --seed 3")
    before = state_of(shell)
    reply = shell.execute(line)
    assert not reply.ok and len(reply.error) < MAX_REPLY, reply.error[:400]
    assert state_of(shell) == before


@pytest.mark.parametrize("game", ["aces-up", "thumb-and-pouch", "pictures", "up-and-down", "minesweeper",
                                  "blackjack", "snap"])
@pytest.mark.parametrize("line", ["x" * 70_000, "a" + "1" * 5000, "1 " * 3000, "F " + "9" * 5000])
def test_no_game_echoes_a_long_line_whole(game, line):
    # The fuzz's 70,000-character line came back whole from Aces Up, Blackjack,
    # Thumb and Pouch and Up-and-Down.
    shell = Shell.create(plugins=[game], autosave=False)
    assert shell.execute(f"play {game} --seed 3").ok
    before = state_of(shell)
    reply = shell.execute(line)
    assert not reply.ok and len(reply.error) < MAX_REPLY, reply.error[:400]
    assert state_of(shell) == before
