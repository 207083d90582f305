"""Blackjack inside the host: the exact text of full rounds, answers and their
aliases, the prompt, one game-over per round, simulate, and property tests.

Hand-out ``seeds/minesweeper-blackjack.txt`` problem 2 and GAMES.md "blackjack".
"""

from __future__ import annotations

import copy

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardshell
from cardshell.cards import new_deck
from cardshell.testing import execute_checked, new_shell
from cardshell_blackjack import plugin, rules, simulation


def start(seed: int = 42):
    shell = new_shell(["blackjack"])
    reply = shell.execute(f"play blackjack --seed {seed}")
    assert reply.ok, reply.error
    return shell


def transcript(shell, lines: list[str]) -> str:
    """Prompt + line, then the output, for each line (like ``cardshell --echo``)."""
    out = []
    for line in lines:
        out.append(shell.prompt_text() + line)
        reply = shell.execute(line)
        assert reply.ok, reply.error
        if reply.output:
            out.append(reply.output)
    return "\n".join(out)


FULL_ROUNDS_SEED_42 = """\
cardshell> play blackjack --seed 42
Blackjack, seed 42.
Your current value is 10 with the hand: 2-SPADE, 8-CLUB
Dealer's hand: 2-CLUB, ? (one card face down)
blackjack: Hit or stay? (Hit = 1, Stay = 0): 1
You draw 5-DIAMOND
Your current value is 15 with the hand: 2-SPADE, 8-CLUB, 5-DIAMOND
Dealer's hand: 2-CLUB, ? (one card face down)
blackjack: Hit or stay? (Hit = 1, Stay = 0): 0
Dealer's current value is 11 with the hand: 2-CLUB, 9-SPADE
Dealer draws 3-DIAMOND
Dealer draws 2-DIAMOND
Dealer draws 9-CLUB
Dealer's current value is Bust! (>21) with the hand: 2-CLUB, 9-SPADE, 3-DIAMOND, 2-DIAMOND, 9-CLUB
*** You beat the dealer! ***
Score: won 1, lost 0, tied 0 (1 round)
Blackjack: the round is over: won, score 15 (You beat the dealer).
Next: 'y', 'n', 'new', 'restart' or 'quit'.
blackjack: Want to play again? (y/n): y
Your current value is 16 with the hand: QUEEN-DIAMOND, 6-CLUB
Dealer's hand: 10-HEART, ? (one card face down)
blackjack: Hit or stay? (Hit = 1, Stay = 0): 0
Dealer's current value is 16 with the hand: 10-HEART, 6-DIAMOND
Dealer draws 2-SPADE
Dealer's current value is 18 with the hand: 10-HEART, 6-DIAMOND, 2-SPADE
*** Dealer wins! ***
Score: won 1, lost 1, tied 0 (2 rounds)
Blackjack: the round is over: lost, score 16 (Dealer wins).
Next: 'y', 'n', 'new', 'restart' or 'quit'.
blackjack: Want to play again? (y/n): n
Score: won 1, lost 1, tied 0 (2 rounds)"""


def test_exact_text_of_full_rounds_for_a_fixed_seed():
    shell = new_shell(["blackjack"])
    lines = ["play blackjack --seed 42", "1", "0", "y", "0", "n"]
    assert transcript(shell, lines) == FULL_ROUNDS_SEED_42
    assert shell.prompt_text() == "cardshell> "  # n left the game


def test_word_aliases_and_case():
    shell_digits, shell_words = start(), start()
    transcript(shell_digits, ["1", "0", "y", "0"])
    transcript(shell_words, ["HIT", "Stay", "yes", "stay"])
    assert shell_words.current.state == shell_digits.current.state
    assert shell_words.execute("No").ok and shell_words.current is None


def test_bust_round_text():
    shell = start(1)
    reply = shell.execute("1")
    assert reply.output == (
        "You draw 4-DIAMOND\n"
        "Your current value is Bust! (>21) with the hand: 9-CLUB, JACK-HEART, 4-DIAMOND\n"
        "*** Dealer wins! ***\n"
        "Score: won 0, lost 1, tied 0 (1 round)\n"
        "Blackjack: the round is over: lost, score 23 (Dealer wins).\n"
        "Next: 'y', 'n', 'new', 'restart' or 'quit'."
    )
    assert shell.current.state.dealer == rules.new_game(1).dealer  # the dealer did not draw


#: The usage line of Blackjack's simulate (the sweep engine's grammar with T).
SIMULATE_USAGE = "simulate N [T] [--first SEED | --seed SEED] [--jobs J] [--scheduler ADDR] [--plot [FILE.png]]"


@pytest.mark.parametrize(
    ("lines", "bad", "message"),
    [
        ([], "y", rules.MSG_ROUND_IN_PLAY),
        ([], "n", rules.MSG_ROUND_IN_PLAY),
        (["0"], "1", rules.MSG_ROUND_OVER),
        (["0"], "stay", rules.MSG_ROUND_OVER),
        ([], "2", "Error, '2' is not an answer: type 1 (hit) or 0 (stay) during a round, "
         "y or n after it (or simulate N [T], score, help)."),
        ([], "1 1", "Error, '1 1' is not an answer: type 1 (hit) or 0 (stay) during a round, "
         "y or n after it (or simulate N [T], score, help)."),
        ([], "simulate", f"Error, simulate needs the number of rounds N (usage: {SIMULATE_USAGE})."),
        ([], "simulate ten", "Error, the number of rounds N must be a whole number from 1 to "
         f"1,000,000,000,000, got 'ten' (usage: {SIMULATE_USAGE})."),
        ([], "simulate 0", "Error, the number of rounds N must be from 1 to 1,000,000,000,000, got 0 "
         f"(usage: {SIMULATE_USAGE})."),
        ([], "simulate 10 30", f"Error, the threshold T must be from 1 to 22, got 30 (usage: {SIMULATE_USAGE})."),
        ([], "simulate 10 --seed", f"Error, --seed needs a value (usage: {SIMULATE_USAGE})."),
        ([], "simulate 10 17 1", f"Error, too many numbers: '1' (usage: {SIMULATE_USAGE})."),
    ],
)
def test_rejected_answers(lines, bad, message):
    shell = start()
    transcript(shell, lines)
    before = copy.deepcopy(shell.current.state)
    reply = shell.execute(bad)
    assert not reply.ok
    assert reply.error == message
    assert shell.current.state == before


def test_prompt_follows_the_phase():
    shell = start()
    assert shell.prompt_text() == "blackjack: Hit or stay? (Hit = 1, Stay = 0): "
    shell.execute("0")
    assert shell.prompt_text() == "blackjack: Want to play again? (y/n): "
    shell.execute("y")
    assert shell.prompt_text() == "blackjack: Hit or stay? (Hit = 1, Stay = 0): "


class GameOverRecorder:
    def __init__(self):
        self.outcomes = []

    @cardshell.hookimpl
    def cardshell_game_over(self, session, outcome):
        self.outcomes.append(outcome)


def test_game_over_fires_once_per_round():
    shell = start()
    recorder = GameOverRecorder()
    shell.pm.register(recorder)
    transcript(shell, ["1", "0"])
    assert [o.result for o in recorder.outcomes] == ["won"]
    assert shell.current.outcome == cardshell.Outcome("won", 15.0, "You beat the dealer")
    transcript(shell, ["score", "y"])
    assert shell.current.outcome is None
    transcript(shell, ["0"])
    assert [o.result for o in recorder.outcomes] == ["won", "lost"]
    assert shell.current.outcome.result == "lost"


def test_n_shows_the_final_score_and_leaves_the_game():
    shell = start()
    transcript(shell, ["1", "0"])
    reply = shell.execute("n")
    assert reply.ok and reply.output == "Score: won 1, lost 0, tied 0 (1 round)"
    assert shell.current is None and "blackjack" not in shell.sessions


def test_score_command_changes_nothing():
    shell = start()
    transcript(shell, ["1", "0"])
    before = copy.deepcopy(shell.current.state)
    reply = shell.execute("score")
    assert reply.output == "Score: won 1, lost 0, tied 0 (1 round)"
    assert shell.current.state == before
    assert shell.current.log == ["1", "0"]


def test_undo_is_off():
    assert plugin.GAME.undo is False


# --- simulate ---------------------------------------------------------------------------


def test_simulate_command_uses_the_games_seed_and_changes_nothing():
    shell = start(42)
    before = copy.deepcopy(shell.current.state)
    reply = shell.execute("simulate 500")
    assert reply.ok
    assert reply.output == simulation.format_simulation(simulation.simulate(500, 17, 42), 17, 42)
    assert shell.current.state == before
    assert shell.current.log == []
    assert shell.execute("simulate 500").output == reply.output  # reproducible


def test_simulate_command_with_threshold_and_seed():
    shell = start(42)
    reply = shell.execute("simulate 300 15 --seed 7")
    assert reply.output == simulation.format_simulation(simulation.simulate(300, 15, 7), 15, 7)
    assert reply.output.startswith(
        "Blackjack simulation: 300 rounds (seeds 7 to 306), player hits below 15, dealer hits below 17\n"
    )
    assert shell.execute("simulate 300 15 --first 7").output == reply.output


# --- properties --------------------------------------------------------------------------

_line = st.one_of(
    st.sampled_from(["1", "0", "y", "n", "hit", "stay", "YES", "no", "score", "1 0", "2", "simulate 3",
                     "simulate x", "simulate 2 30", "-1", ""]),
    st.text(alphabet="01ynhitsaYN -", max_size=6),
    st.text(max_size=6),
)
_LEAVING = {"q", "quit", "exit", "play", "n", "no"}


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(-1000, 1000), lines=st.lists(_line, max_size=40))
def test_random_lines_never_escape_and_rejections_change_nothing(seed, lines):
    shell = start(seed)
    deck = sorted(new_deck())
    for line in lines:
        words = line.split()
        if words and words[0].lower() in _LEAVING:
            continue
        reply = execute_checked(shell, line)
        assert reply.warnings == []
        state = shell.current.state
        assert sorted(state.cards()) == deck
        assert (state.result is None) == (state.phase == rules.PHASE_PLAYER)
        assert state.won + state.lost + state.tied == state.rounds - (state.phase == rules.PHASE_PLAYER)


def test_switching_to_thumb_and_pouch_and_back_resumes_both():
    shell = new_shell(["blackjack", "thumb-and-pouch"])
    transcript(shell, ["play blackjack --seed 42", "1", "play thumb-and-pouch --seed 3", "sw"])
    pouch = copy.deepcopy(shell.current.state)
    reply = shell.execute("play blackjack")
    assert reply.ok
    assert reply.output.endswith("Your current value is 15 with the hand: 2-SPADE, 8-CLUB, 5-DIAMOND\n"
                                 "Dealer's hand: 2-CLUB, ? (one card face down)")
    assert shell.prompt_text() == "blackjack: Hit or stay? (Hit = 1, Stay = 0): "
    transcript(shell, ["0", "play thumb-and-pouch"])
    assert shell.current.state == pouch


def test_game_and_command_summaries_are_one_short_line():
    """``games`` and ``help`` print summaries in a table: one line of at most 70 characters."""
    from cardshell_blackjack import plugin as game_plugin

    (game,) = game_plugin.cardshell_games()
    assert "\n" not in game.summary and len(game.summary) <= 70, game.summary
    for command in game_plugin.cardshell_commands():
        assert "\n" not in command.summary and len(command.summary) <= 70, command.summary
