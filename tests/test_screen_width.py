"""Everything the host prints fits the screen (issue 27 item 1).

Every help, rules, games, stats and report screen, and the host's messages
(errors included) around a game of every built-in game, are printed at 40,
60, 80 and 120 columns; no line may be wider than the screen except the
exceptions listed in :data:`cardshell.screen.EXCEPTIONS` (boards, exact
text, a single word longer than the screen).  :data:`SCREENS_CHECKED`
counts the screens (one reply at one width).
"""

from __future__ import annotations

import pytest

from cardshell import screen
from cardshell.shell import Shell

WIDTHS = (40, 60, 80, 120)

#: The games whose every screen is checked: the built-in ones.
GAMES = ("aces-up", "thumb-and-pouch", "pictures", "up-and-down", "minesweeper", "blackjack", "snap")

#: Lines typed in each game after 'play GAME --seed 3': its own help, rules
#: and moves, the host's messages on it (save, restart, new, a bad line ...).
IN_GAME = ["help", "help all", "rules", "show", "moves", "hint --nodes 200", "save", "save first",
           "load", "games", "undo", "redo", "restart", "new --seed 4", "no-such-command 1 2",
           "history", "quit"]

#: Lines for the games with their own commands: moves, errors, reports.
OWN = {
    "aces-up": ["F 9", "T 1", "D", "D", "solve --nodes 3000", "F 1", "T 2 3"],
    "thumb-and-pouch": ["tt 9 9 9", "tf 1", "wt 1"] + ["sw"] * 23 + ["tt 1 2 1", "help tt"],
    "pictures": ["simulate 40", "simulate 40 --plot", "simulate 0"],
    "up-and-down": ["lines 5", "-3", "3--8", "Q", "simulate 40", "simulate 40 --plot"],
    "minesweeper": ["e5", "a1f", "a1", "zz99", "open", "flag e5"],
    "blackjack": ["1", "0", "score", "y", "0", "simulate 100", "simulate 100 --plot", "simulate ten"],
    "snap": ["step 5", "s 3", "run", "step", "simulate 20", "simulate 20 --plot"],
}

#: Lines typed with no game: every help screen, the lists, the reports.
TOP = ["help", "help all", "games", "plugins", "history", "stats", "stats pictures", "stats --reset",
       "load", "new", "restart", "save", "undo", "moves", "play", "play no-such-game", "help no-such",
       "rules", "winnability aces-up --deals 1:2 --seconds 0.2", "winnability no-such-game"]


def screens(width: int) -> list[tuple[str, str, list[str]]]:
    """Every screen at ``width``: (line typed, what was printed, its exact pieces)."""
    shell = Shell.create(seed=1, autosave=False)
    shell.front_end.columns = width
    shown: list[tuple[str, str, list[str]]] = []

    def run(line: str) -> None:
        reply = shell.execute(line)
        shown.append((line, f"{reply.output}\n{reply.error or ''}", reply.exact))

    commands = sorted({word for entry in shell.registry.global_scope.entries for word in entry.command.words})
    for word in commands:
        run(f"help {word}")
    for game in GAMES:
        run(f"help {game}")
        run(f"rules {game}")
    for game in GAMES:
        run(f"play {game} --seed 3")
        for line in OWN[game] + IN_GAME:
            run(line)
            if shell.current is None:
                run(f"play {game} --seed 3")
    for line in TOP:
        run(line)
    return shown


SHOWN = {width: screens(width) for width in WIDTHS}

#: How many screens the test checks (one reply at one width).
SCREENS_CHECKED = sum(len(found) for found in SHOWN.values())


@pytest.mark.parametrize("width", WIDTHS)
def test_no_line_is_wider_than_the_screen(width):
    wide = [(line, bad) for line, text, exact in SHOWN[width] for bad in screen.too_wide(text, width, exact)]
    assert wide == []


def test_the_screens_are_many_and_not_empty():
    """The check sees what it claims to see: several hundred screens, each
    game's board among the exact pieces, help screens with text."""
    assert SCREENS_CHECKED >= 4 * 250
    for width in WIDTHS:
        exact = [piece for _, _, pieces in SHOWN[width] for piece in pieces]
        assert all(isinstance(piece, screen.Exact) and piece.kind in screen.EXCEPTIONS for piece in exact)
        assert any("Stock #(" in piece for piece in exact)  # Thumb and Pouch's board is an exception
        helps = [text for line, text, _ in SHOWN[width] if line == "help all"]
        assert helps and all("Shell commands:" in text for text in helps)


def test_a_line_too_wide_is_caught():
    """The check is not vacuous: a long message, not a board, is reported."""
    assert screen.too_wide("x " * 50, 40) == ["x " * 50]
    assert screen.too_wide("/a/very/long/path/" * 5, 40) == []  # one word: never broken
    board = screen.Exact("a, " * 30, "board")
    assert screen.too_wide(str(board), 40, [board]) == []


@pytest.mark.parametrize("game", GAMES)
def test_help_in_a_game_fits_one_screen(game):
    """'help' in a game fits a 24-line screen at 80 columns, prompt included."""
    shell = Shell.create(seed=1, autosave=False)
    shell.front_end.columns = 80
    shell.execute(f"play {game} --seed 3")
    text = shell.execute("help").output
    assert len(text.splitlines()) <= 23
    assert "'help all'" in text


#: Lists, tables and reports that their commands lay out at the screen's
#: width: each fits before the text layer's :func:`cardshell.screen.fit`
#: would wrap it a second time (raggedly).
LAID_OUT = ["load", "plugins", "games", "stats", "help", "help all", "help solve", "help play",
            "winnability aces-up --deals 1:3 --nodes 300",
            "winnability aces-up --deals 1:3 --nodes 300 --honest --samples 1"]


@pytest.mark.parametrize("width", WIDTHS)
def test_lists_tables_and_reports_are_laid_out_at_the_width(width, monkeypatch, tmp_path):
    shell = Shell.create(seed=1, autosave=False, data_dir=tmp_path)
    shell.front_end.columns = width
    shell.execute("play thumb-and-pouch --seed 3")
    shell.execute("save a-save-with-a-long-name-for-the-list")
    shell.execute("quit")
    monkeypatch.setattr(screen, "fit", lambda text, width=None, *, terminal=False: text)  # the builders' own layout
    wide = []
    for line in LAID_OUT:
        reply = shell.execute(line)
        assert reply.ok, (line, reply.error)
        wide += [(line, bad) for bad in screen.too_wide(reply.output, width, reply.exact)]
    assert wide == []


@pytest.mark.parametrize("width", WIDTHS)
def test_the_save_lines_on_exit_and_cardshell_help_fit(width, monkeypatch, tmp_path):
    import io

    from cardshell.cli import build_parser
    from cardshell.script import run_script

    shell = Shell.create(seed=1, autosave=True, data_dir=tmp_path)
    shell.front_end.columns = width
    out = io.StringIO()
    run_script(shell, ["play thumb-and-pouch --seed 3", "sw", "play aces-up --seed 2", "D"], "<t>", out, io.StringIO())
    saved = [line for line in out.getvalue().splitlines() if line.startswith("Saved") or line.startswith("  ")]
    assert saved and screen.too_wide(out.getvalue(), width, []) == []
    assert "'play thumb-and-pouch' resumes it." in " ".join(out.getvalue().split())  # never broken mid-word
    monkeypatch.setenv("COLUMNS", str(width))
    text = build_parser().format_help()
    assert screen.too_wide(text if width >= 60 else text[text.index("With no FILE"):], width) == []
    lines = text.splitlines()
    assert not any(len(line.split()) == 1 and line.strip() in ("a", "the") for line in lines)  # no lone word


def test_a_blackjack_hand_continues_with_one_indent_at_60_columns():
    shell = Shell.create(seed=1, autosave=False, interactive=True)
    shell.front_end.columns = 60
    text = shell.execute("play blackjack --seed 3").output + "\n" + shell.execute("1").output
    lines = text.splitlines()
    continued = [after for before, after in zip(lines, lines[1:]) if before.endswith(",")]
    assert continued and all(line.startswith("  ") and line[2] != " " for line in continued), text
