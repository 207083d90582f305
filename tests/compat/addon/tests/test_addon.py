"""The add-on over two games it did not write: a render override for Pairs,
lifecycle hooks kept in a journal, and ``auto`` added to Golf."""

from __future__ import annotations

from cardshell_compat_golf import display as golf_display
from cardshell_compat_golf import rules as golf
from cardshell_compat_pairs import display as pairs_display
from cardshell_compat_pairs import rules as pairs


def winning_line(state: pairs.PairsState) -> list[str] | None:
    """A line that clears the row, by exhaustive search over the rules."""
    if not state.row:
        return []
    for line, child in pairs.successors(state):
        rest = winning_line(child)
        if rest is not None:
            return [line, *rest]
    return None


def first_winnable_seed() -> tuple[int, list[str]]:
    for seed in range(100):
        line = winning_line(pairs.new_game(seed, 8))
        if line is not None:
            return seed, line
    raise AssertionError("no winnable deal of 8 cards in seeds 0..99")


def test_the_theme_replaces_the_display_of_pairs_only(cardshell_shell):
    shell = cardshell_shell()
    reply = shell.execute("play compat-pairs --seed 0")
    state = pairs.new_game(0)
    boxes = " ".join(f"[{card.text}]" for card in state.row)
    themed = f"{boxes}\n12 cards, {len(pairs.legal_moves(state))} pairs to remove"
    assert reply.output.endswith(themed) and pairs_display.render(state) not in reply.output
    assert shell.execute("%show").output == themed
    assert shell.execute("%play compat-golf --seed 3").output.endswith(golf_display.render(golf.new_game(3)))


def test_without_the_addon_pairs_has_its_own_display(cardshell_shell):
    shell = cardshell_shell(plugins=["compat-pairs"])
    assert shell.execute("play compat-pairs --seed 0").output.endswith(pairs_display.render(pairs.new_game(0)))


def test_the_lifecycle_hooks_see_starts_moves_and_endings(cardshell_script):
    seed, line = first_winnable_seed()
    script = f"play compat-golf --seed 3\n{golf.advice(golf.new_game(3))}\n%play compat-pairs --seed {seed} --size 8\n"
    result = cardshell_script(script + "\n".join(line) + "\njournal\n")
    assert result.status == 0, result.errors
    journal = [text for text in result.lines if text.startswith("journal: ")]
    assert journal == [
        "journal: started compat-golf seed 3",
        f"journal: compat-golf move 1: {golf.advice(golf.new_game(3))} ({golf.advice(golf.new_game(3)).split()[0]})",
        f"journal: started compat-pairs seed {seed}",
        *[f"journal: compat-pairs move {number}: {move} (pair)" for number, move in enumerate(line, 1)],
        f"journal: compat-pairs over after {len(line)} moves: won, score 0",
    ]


def test_the_journal_starts_empty_and_reports_are_not_moves(cardshell_script):
    result = cardshell_script("journal\nplay compat-golf --seed 3\nhint\nshow\njournal\n")
    assert result.lines[0] == "journal: empty"
    assert result.lines[-1] == "journal: started compat-golf seed 3"


def test_auto_is_added_to_golf_and_changes_its_state_in_place(cardshell_shell):
    shell = cardshell_shell()
    assert shell.execute("play compat-golf --seed 3").ok
    expected = golf.new_game(3)
    played = 0
    while golf.playable(expected):
        golf.play(expected, golf.playable(expected)[0])
        played += 1
    assert played > 0
    reply = shell.execute("auto")
    assert reply.ok and reply.output.startswith(f"Auto played {played} card")
    assert shell.current.state == expected and shell.current.moves == 1
    again = shell.execute("auto")
    assert (again.ok, again.error) == (False, "Nothing to play: draw.") and shell.current.state == expected
    assert shell.execute("undo").ok and shell.current.state == golf.new_game(3)


def test_auto_belongs_to_golf_only(cardshell_shell):
    shell = cardshell_shell()
    assert shell.execute("play compat-pairs --seed 0").ok
    reply = shell.execute("auto")
    assert not reply.ok and shell.current.state == pairs.new_game(0)
