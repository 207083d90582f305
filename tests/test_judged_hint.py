"""``hint`` counts what it says: each move judged on the same re-drawn deals."""

from __future__ import annotations

import dataclasses
import random

import pytest

from cardshell.judged_hint import judge
from cardshell.shell import Shell
from fixed_draws import OPEN


@pytest.fixture
def shell() -> Shell:
    return Shell.create(plugins=[], extra_modules=["fixed_draws"], seed=0, autosave=False)


def true_counts(seed: str, samples: int) -> dict[str, int]:
    """Each door's wins over the deals ``determinize`` draws from ``random.Random(seed)``."""
    rng = random.Random(seed)
    deals = [rng.randrange(10) for _ in range(samples)]
    return {door: sum(deal in OPEN[door] for deal in deals) for door in OPEN}


@pytest.mark.parametrize("samples", [1, 7, 20, 200])
def test_every_move_is_counted_on_the_same_deals(shell, samples):
    rules = shell.rules("doors")
    judged = judge(rules, (3, ""), rng=random.Random("s"), samples=samples, nodes=50, seconds=60)
    expected = true_counts("s", samples)
    counts = {count.move: count for count in judged.counts}
    for door, wins in expected.items():
        assert counts[f"pick {door}"].won == wins
        assert counts[f"pick {door}"].lost == samples - wins
        assert counts[f"pick {door}"].unsettled == 0
    best = max(expected, key=lambda door: expected[door])  # first of equals, as in the game's order
    assert judged.move == f"pick {best}"


def test_the_reply_gives_the_recommended_moves_true_count_and_is_repeatable(shell):
    assert shell.execute("play doors --seed 3").ok
    first = " ".join(shell.execute("hint --samples 40").output.split())
    expected = true_counts("hint:3:0", 40)
    best = max(expected, key=lambda door: expected[door])
    won = expected[best]
    assert first.startswith(f"Hint: pick {best} (wins in {won} of 40 re-drawn deals: {round(won * 2.5)}%")
    assert f"lost in {40 - won}, unsettled 0" in first
    assert " ".join(shell.execute("hint --samples 40").output.split()) == first



@pytest.mark.parametrize("line", ["restart", "new --seed 0"])
def test_a_game_without_undo_is_not_dealt_again_over_a_deal_played_on(line):
    """``restart`` and ``new --seed`` of the deal played on are refused: the move made stays made."""
    shell = Shell.create(plugins=[], extra_modules=["toy_pairs"], seed=0, autosave=False)
    assert shell.execute("play pairs --seed 0 --row 1,1,2,2,3,3").ok
    shell.current.game = dataclasses.replace(shell.current.game, undo=False)
    assert shell.execute("take 1").ok and shell.current.state == (2, 2, 3, 3)
    reply = shell.execute(line)
    assert not reply.ok and "has no undo" in reply.error
    assert shell.current.state == (2, 2, 3, 3) and shell.current.moves == 1
    assert shell.execute("new --seed 7").ok  # another deal is allowed


def test_a_finished_game_without_undo_may_be_dealt_again_as_its_ending_offers(tmp_path):
    """Its outcome is counted: ``restart``, which the ending's ``Next:`` line offers, deals it again."""
    shell = Shell.create(plugins=["crazy-eights"], data_dir=tmp_path / "data", autosave=False)
    assert shell.execute("play crazy-eights --seed 3").ok
    played = shell.execute("solve --play")
    assert played.ok and shell.current.outcome is not None and not shell.current.game.undo
    assert "'restart'" in played.output.splitlines()[-1]
    again = shell.execute("restart")
    assert again.ok and shell.current.outcome is None and shell.current.moves == 0 and shell.current.seed == 3


def test_help_hint_states_the_defaults_the_hint_uses():
    from cardshell.assist import HINT_NODES, HINT_SECONDS
    from cardshell.messages import CATALOG
    from cardshell.settings import HINT_SAMPLES

    text = CATALOG["command-help.hint"].text
    assert f"K={HINT_SAMPLES}, N={HINT_NODES}" in text and f"S={HINT_SECONDS:g}\n" in text


def test_help_in_a_game_without_undo_does_not_offer_undo():
    from cardshell.testing import new_shell

    shell = new_shell(["blackjack", "aces-up"])
    assert shell.execute("play blackjack --seed 1").ok
    listed = shell.execute("help").output
    assert "Shell commands:" in listed and "undo" not in listed and "redo" not in listed
    assert shell.execute("play aces-up --seed 1").ok
    assert "undo, redo" in shell.execute("help").output


def test_loading_a_save_of_a_no_undo_game_played_on_since_is_refused(tmp_path):
    from cardshell.testing import new_shell

    shell = new_shell(["crazy-eights"], data_dir=tmp_path)
    assert shell.execute("play crazy-eights --seed 1").ok and shell.execute("draw").ok
    assert shell.execute("save s1").ok
    assert shell.execute("draw").ok and shell.execute("draw").ok
    before = shell.table.current.state
    refused = shell.execute("load s1")
    assert not refused.ok and "no take-backs" in (refused.error or "")
    assert shell.table.current.state == before and shell.table.current.moves == 3  # nothing taken back
    elsewhere = new_shell(["crazy-eights"], data_dir=tmp_path)  # another shell never played on it: loads
    assert elsewhere.execute("load s1").ok and elsewhere.table.current.moves == 1


def test_solve_and_the_thoughtful_sweep_say_what_they_assume_of_computer_opponents(tmp_path):
    shell = Shell.create(plugins=["crazy-eights", "aces-up"], data_dir=tmp_path / "data", autosave=False)
    assert shell.execute("play crazy-eights --seed 3").ok
    assert "the computer plays as its seeded policy would" in shell.execute("solve").output
    swept = shell.execute("winnability crazy-eights --deals 0:2 --jobs 1")
    assert swept.ok and "the computer playing as its seeded policy would" in " ".join(swept.output.split())
    assert shell.execute("%play aces-up --seed 13").ok  # Crazy Eights' own 'play' plays a card
    solved = shell.execute("solve").output
    assert "(the search sees face-down cards)" in solved and "computer" not in solved


def _with_safe(shell: Shell, safe):  # type: ignore[no-untyped-def]
    from cardshell.records import Search

    return shell.rules("doors").searched_with(Search(safe=safe))


def test_a_move_safe_in_every_re_drawn_deal_is_suggested_without_a_search(shell):
    rules = _with_safe(shell, lambda state: "pick c")
    judged = judge(rules, (3, ""), rng=random.Random("s"), samples=20, nodes=50, seconds=60)
    assert judged.move == "pick c" and judged.counts == () and judged.why.id == "search.safe-move"


@pytest.mark.parametrize("safe", [lambda state: "pick a" if state[0] < 5 else None,  # not in every deal
                                  lambda state: "pick a" if state[0] % 2 else "pick b"])  # not the same move
def test_a_move_safe_in_some_re_drawn_deals_only_is_judged_like_any_other(shell, safe):
    judged = judge(_with_safe(shell, safe), (3, ""), rng=random.Random("s"), samples=20, nodes=50, seconds=60)
    expected = true_counts("s", 20)
    assert judged.move == f"pick {max(expected, key=lambda door: expected[door])}"
    assert {count.move: count.won for count in judged.counts} == {f"pick {d}": w for d, w in expected.items()}


def test_safety_is_asked_of_the_re_drawn_deals_never_of_the_true_one(shell):
    rules = _with_safe(shell, lambda state: "pick a" if state[0] % 2 else "pick b")  # reads the hidden deal
    answers = {judge(rules, (true, ""), rng=random.Random("same view"), samples=1, nodes=50, seconds=60).move
               for true in range(10)}
    assert len(answers) == 1  # ten true deals, one view: one hint


def test_thumb_and_pouch_suggests_its_safe_move_at_once_and_judges_a_position_without_one():
    shell = Shell.create(seed=0, autosave=False)
    rules = shell.rules("thumb-and-pouch")
    assert shell.execute("play thumb-and-pouch --seed 5").ok  # an ace on top of pile 1
    judged = judge(rules, shell.current.state, rng=random.Random("t"), samples=5, nodes=50, seconds=60)
    assert (judged.move, judged.why.id, judged.counts) == ("tf 1 1", "search.safe-move", ())
    assert shell.execute("play thumb-and-pouch --seed 0").ok  # no card may go home yet
    judged = judge(rules, shell.current.state, rng=random.Random("t"), samples=2, nodes=20, seconds=60)
    assert judged.why is None and len(judged.counts) > 1
