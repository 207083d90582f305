"""Sort through cardshell, with the ``cardshell_script`` fixture that
cardshell's pytest plugin provides (no conftest needed)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardshell_frozen_c1 import display, rules


def hint_line(state: rules.SortState) -> list[str]:
    """The swaps that following the game's own hint makes from ``state``."""
    state = rules.SortState(list(state.row), state.limit, state.swaps)
    lines = []
    while (position := rules.advice(state)) is not None:
        rules.swap(state, position)
        lines.append(f"swap {position}")
    return lines


def test_the_game_is_listed(cardshell_script):
    result = cardshell_script("games\n")
    assert "frozen-sort  Sort: put a row of cards in order by swapping neighbours" in result.output


def test_play_shows_the_row(cardshell_script):
    result = cardshell_script("play frozen-sort --seed 1\n")
    assert result.status == 0 and result.errors == ""
    assert result.output == "Sort, seed 1.\n" + display.render(rules.new_game(1)) + "\n"


def test_a_swap_and_its_short_form(cardshell_script):
    result = cardshell_script("play frozen-sort --seed 2\nswap 3\nS 3\n")
    assert result.status == 0, result.errors
    assert result.lines[-6:-3] == ["Swapped Q♠ and 6♣.", "Row: 1:J♣  2:J♦  3:6♣  4:Q♠  5:4♣", "Swaps: 1 of 10"]
    assert result.shell.current.state.row == rules.new_game(2).row
    assert result.shell.current.moves == 2


def test_rejected_commands_are_reported_and_change_nothing(cardshell_script):
    result = cardshell_script("play frozen-sort --seed 1\nswap 5\nswap 0\nswap\n")
    assert result.status == 1
    assert result.messages == [
        "Card 5 is the last one: swap 4 swaps it with its left.",
        "0 is out of range 1..10 (usage: swap N)",
        "expected 1 number, got 0 (usage: swap N)",
    ]
    assert result.shell.current.state == rules.new_game(1)


def test_a_plugin_bug_is_reported_and_the_row_rolled_back(cardshell_script):
    result = cardshell_script("play frozen-sort --seed 1\njam\n")
    assert result.status == 1
    assert result.messages[0].startswith("internal error in plugin 'frozen-sort': RuntimeError: the row jammed")
    assert result.shell.current.state == rules.new_game(1)  # the in-place reverse was thrown away
    assert result.shell.current.moves == 0


def test_the_games_own_hint_changes_nothing(cardshell_script):
    result = cardshell_script("play frozen-sort --seed 1\nhint\n")
    assert result.lines[-1] == "Sort hint: swap 4 (2 swaps to go)."
    assert result.shell.current.moves == 0


def test_help_hint_is_the_games_own(cardshell_script):
    result = cardshell_script("play frozen-sort --seed 1\nhelp hint\n")
    assert result.status == 0, result.errors
    assert result.lines[-5:] == [
        "usage: hint",
        "suggest the next swap (Sort)",
        "",
        "Sort's own hint: the leftmost pair of neighbours out of order,",
        "and how many swaps the row still needs.",
    ]


def test_a_won_game_stays_current_and_refuses_more_swaps(cardshell_script):
    result = cardshell_script("play frozen-sort --seed 1\nswap 4\nswap 3\nswap 1\n")
    assert result.messages == ["The game is over: type 'new' to deal again."]
    current = result.shell.current
    assert current.outcome.result == "won" and current.outcome.score == 2
    assert current.state.sorted and current.moves == 2
    assert result.shell.prompt_text() == "frozen-sort: game over (new or quit): "


def test_running_out_of_swaps_loses(cardshell_script):
    result = cardshell_script("play frozen-sort --seed 1 --limit 1\nswap 1\n")
    assert result.status == 0, result.errors
    assert result.shell.current.outcome.result == "lost"


@settings(deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.integers())
def test_any_seed_deals_the_rules_row_and_the_hint_wins_it(cardshell_script, seed):
    swaps = hint_line(rules.new_game(seed))
    result = cardshell_script(f"play frozen-sort --seed {seed}\n" + "".join(f"{line}\n" for line in swaps))
    assert result.status == 0, result.errors
    assert f"Sort, seed {seed}." in result.lines
    state = result.shell.current.state
    assert sorted(state.row) == sorted(rules.new_game(seed).row) and state.sorted
    assert state.swaps == rules.out_of_order(rules.new_game(seed)) <= state.limit
    if swaps:
        assert result.shell.current.outcome.result == "won"
