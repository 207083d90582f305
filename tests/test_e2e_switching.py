"""End to end: one piped script plays three games and switches between them."""

from __future__ import annotations

SCRIPT = """\
play aces-up --seed 7
D
play thumb-and-pouch --seed 1
sw
play blackjack --seed 3
1
play aces-up
play thumb-and-pouch
exit
"""


def test_three_games_switch_and_resume_unchanged(run_cli):
    env = {"CARDSHELL_LOAD_PLUGINS": "aces-up,thumb-and-pouch,blackjack"}
    result = run_cli("--echo", stdin=SCRIPT, env=env)
    assert result.returncode == 0, result.stderr
    transcript = result.stdout.split("\n")
    prefixes = ("cardshell> ", "aces-up: ", "thumb-and-pouch> ", "blackjack: ", "blackjack> ")
    prompts = [i for i, line in enumerate(transcript) if line.startswith(prefixes)]
    assert len(prompts) == SCRIPT.count("\n")

    def output_after(command: str) -> str:
        """What the shell printed for the (first) echoed line ending in ``command``."""
        mark = next(i for i in prompts if transcript[i].endswith(command))
        end = next(i for i in prompts if i > mark)
        return "\n".join(transcript[mark + 1:end])

    aces_before = output_after("D")  # the Aces Up board after the deal
    aces_resumed = output_after("play aces-up")
    assert aces_resumed.startswith("Resuming Aces Up, seed 7 (1 move so far).\n")
    assert aces_resumed.split("\n", 1)[1] == aces_before
    pouch_before = output_after("sw")
    pouch_resumed = output_after("play thumb-and-pouch")
    assert pouch_resumed.startswith("Resuming Thumb and Pouch, seed 1 (1 move so far).\n")
    assert pouch_resumed.split("\n", 1)[1] == pouch_before
    assert "You draw " in output_after("(Hit = 1, Stay = 0): 1")  # the blackjack hit happened in between
