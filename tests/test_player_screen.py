"""What a new player sees at a small terminal (60x20 and 80x24), read back
from the screen (pyte, tests/terminal.py): a game's board and result are
never taken by the pager, and Up finds the history line that starts with
what is typed."""

from __future__ import annotations

import pytest

from terminal import spawn_cardshell, wait_for_screen

pexpect = pytest.importorskip("pexpect")

#: A pager that would hide what it is given and leave a mark instead.
MARKING_PAGER = "sh -c 'cat >/dev/null; echo PAGED-AWAY'"


@pytest.mark.parametrize(("rows", "columns"), [(20, 60), (24, 80)])
def test_boards_and_results_are_never_paged_and_up_searches_by_prefix(tmp_path, rows, columns):
    child = spawn_cardshell(tmp_path, "minesweeper,pictures", rows=rows, columns=columns,
                            env={"CARDSHELL_PAGER": MARKING_PAGER})
    screen = child.screen
    child.expect_exact("cardshell>")
    child.send("play minesweeper --seed 3\r")  # the beginner board: ruled in 20 lines, compact at 60x20
    assert wait_for_screen(child, lambda: screen.cursor_row().startswith("minesweeper:")), screen.text()
    child.send("e5\r")  # a move: the whole board again, never through the pager
    assert wait_for_screen(child, lambda: screen.cursor_row().startswith("minesweeper:")
                           and "e5" not in screen.cursor_row()), screen.text()
    rows_shown = screen.rows()
    assert any(row.startswith("9 |") for row in rows_shown), screen.text()  # the last row of the board
    child.send("play pictures --seed 3\r")  # plays itself: rounds, the result, the ending
    assert wait_for_screen(child, lambda: screen.cursor_row() == "pictures>"), screen.text()
    text = screen.text()
    assert "You uncovered only 10 pictures, you lost!" in text and "Pictures is over: lost" in text, text
    assert [row for row in screen.rows() if row][-2:] == ["Next: 'new', 'restart' or 'quit'.", "pictures>"]
    assert "PAGED-AWAY" not in text
    child.send("games\r")
    assert wait_for_screen(child, lambda: screen.cursor_row() == "pictures>" and "games" not in screen.rows()[-1])
    child.send("pla")
    child.send("\x1b[A")  # Up: the latest line starting with 'pla', not the latest line ('games')
    assert wait_for_screen(child, lambda: screen.cursor_row() == "pictures> play pictures --seed 3"), screen.text()
    child.sendcontrol("c")
    child.send("exit\r")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_solve_play_is_never_paged_so_play_starts_at_once(tmp_path):
    # At 60x20 the winning line (127 moves) is taller than the screen: it is shown whole, not paged,
    # and the steps play at once; a key typed during them goes to the shell, never to a pager.
    paged = tmp_path / "paged"
    child = spawn_cardshell(tmp_path, "thumb-and-pouch", rows=20, columns=60,
                            env={"CARDSHELL_PAGER": f"sh -c 'cat >{paged}'"})
    screen = child.screen
    child.expect_exact("cardshell>")
    child.send("play thumb-and-pouch --seed 2\r")
    assert wait_for_screen(child, lambda: screen.cursor_row().startswith("thumb-and-pouch>")), screen.text()
    child.send("solve --play --pace 0.05\r")
    assert wait_for_screen(child, lambda: "Thumb and Pouch is over, score 52." in screen.text()
                           and screen.cursor_row().startswith("thumb-and-pouch>"), 60), screen.text()
    text = screen.text()
    assert not paged.exists(), paged.read_text()
    assert [row for row in screen.rows() if row][-2:] == ["Next: 'new', 'restart', 'undo' or 'quit'.",
                                                          "thumb-and-pouch>"], text
    child.send("restart\r")
    assert wait_for_screen(child, lambda: screen.cursor_row() == "thumb-and-pouch>"
                           and "Restarted" in screen.text()), screen.text()
    child.send("solve --play\r")  # half a second a move: a key stops it, and the line saying so fits
    assert wait_for_screen(child, lambda: "> tt" in screen.text(), 60), screen.text()
    child.send("x")
    assert wait_for_screen(child, lambda: screen.cursor_row() == "thumb-and-pouch>"), screen.text()
    rows = [row for row in screen.rows() if row]
    assert rows[-3].startswith("Stopped after ") and rows[-2:] == ["  here).", "thumb-and-pouch>"], screen.text()
    assert not paged.exists()
    child.send("exit\r")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_saved_games_at_start_and_the_confirm_question_are_wrapped_between_words_at_60(tmp_path):
    child = spawn_cardshell(tmp_path, "aces-up", rows=20, columns=60)
    child.expect_exact("cardshell>")
    child.send("play aces-up --seed 7\r")
    child.expect_exact("aces-up:")
    child.send("D\r")
    child.expect_exact("aces-up:")
    child.send("D\r")
    child.expect_exact("aces-up:")
    child.send("exit\r")  # saved automatically: offered at the next start
    child.expect(pexpect.EOF)
    child.close()
    child = spawn_cardshell(tmp_path, "aces-up", rows=20, columns=60)
    screen = child.screen
    assert wait_for_screen(child, lambda: screen.cursor_row() == "cardshell>"), screen.text()
    rows = screen.rows()
    start = next(n for n, row in enumerate(rows) if row.startswith("Saved games in progress:"))
    assert rows[start:start + 2] == ["Saved games in progress: aces-up (seed 7, 2 moves); 'play",
                                     "  GAME' resumes one."], screen.text()
    child.send("play aces-up --seed 8\r")  # would abandon the saved game: asks first
    assert wait_for_screen(child, lambda: "Go on?" in screen.text()), screen.text()
    rows = screen.rows()
    assert rows[screen.screen.cursor.y - 1:screen.screen.cursor.y + 1] == [
        "This abandons the saved Aces Up (seed 7, 2 moves). Go on?", "[y/N]"], screen.text()
    child.send("n\r")
    assert wait_for_screen(child, lambda: screen.cursor_row() == "cardshell>"), screen.text()
    child.send("exit\r")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_completion_shows_a_description_beside_each_command_at_60x20(tmp_path):
    """As fish shows one: Tab at a 60x20 terminal lists ``saves`` and ``set`` with their summaries."""
    child = spawn_cardshell(tmp_path, "aces-up", rows=20, columns=60)
    screen = child.screen
    child.expect_exact("cardshell>")
    child.send("s")
    child.send("\t")
    assert wait_for_screen(child, lambda: any("saves" in row and "list" in row for row in screen.rows())
                           and any(row.strip().startswith("set") and "settings" in row for row in screen.rows())), \
        screen.text()
    child.sendcontrol("c")
    child.send("exit\r")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
