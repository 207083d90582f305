"""Messages that point the way a player should go, and the small commands a
player expects of a shell (``clear``, ``help`` at ``cardshell>``)."""

from __future__ import annotations

import pytest

from cardshell.shell import Shell


@pytest.fixture
def shell(tmp_path):
    return Shell.create(seed=1, autosave=False, data_dir=tmp_path)


def test_restart_after_leaving_a_game_in_progress_names_it(shell):
    shell.execute("play aces-up --seed 3")
    shell.execute("D")
    shell.lifecycle.leave(abandon=False)  # Ctrl-D: the game stays in progress
    assert shell.execute("restart").error == ("no current game: aces-up is in progress; 'play aces-up' resumes it "
                                              "(then 'new' or 'restart' acts on it)")
    assert shell.execute("games").ok and "aces-up" in shell.execute("games").output


@pytest.mark.parametrize(("line", "error"), [
    ("rules", "no current game: 'rules aces-up' shows its rules; aces-up is in progress ('play aces-up' resumes it)"),
    ("show", "no current game: aces-up is in progress; 'play aces-up' resumes it"),
    ("undo", "no current game: aces-up is in progress; 'play aces-up' resumes it"),
    ("moves", "no current game: aces-up is in progress; 'play aces-up' resumes it"),
])
def test_a_command_needing_a_game_after_leaving_one_in_progress_names_it(shell, line, error):
    shell.execute("play aces-up --seed 3")
    shell.execute("D")
    shell.lifecycle.leave(abandon=False)  # Ctrl-D: the game stays in progress
    assert shell.execute(line).error == error
    shell.execute("play thumb-and-pouch --seed 2")
    shell.lifecycle.leave(abandon=False)  # a second one, with no move: still in progress
    several = shell.execute(line).error
    assert "aces-up, thumb-and-pouch are in progress" in several and "'play GAME' resumes one" in several, several
    assert shell.current is None


@pytest.mark.parametrize(("line", "error"), [
    ("rules", "no game in progress: 'rules GAME' shows the rules of a game ('games' lists them)"),
    ("play acs", "no game 'acs' (did you mean 'aces-up'?); the games are: "),
])
def test_a_message_says_what_to_type(shell, line, error):
    assert shell.execute(line).error.startswith(error)


def test_undo_more_than_there_is_offers_what_there_is(shell):
    shell.execute("play aces-up --seed 3")
    shell.execute("D")
    shell.execute("D")
    assert shell.execute("undo 5").error == "Only 2 moves can be undone: 'undo 2' takes them back."
    assert shell.current.moves == 2  # nothing undone
    assert shell.execute("undo 2").ok and shell.current.moves == 0


def test_solve_names_the_budget_that_ran_out(shell):
    shell.execute("play aces-up --seed 3")
    timed = shell.execute("solve --seconds 0.05 --nodes 5000000").output
    assert timed.endswith("try 'solve --seconds 0.5'.")
    counted = shell.execute("solve --nodes 10").output
    assert counted.startswith("Unknown after 10 positions") and counted.endswith("try 'solve --nodes 100'.")


def test_help_at_the_top_lists_what_can_be_done_there_on_one_screen(shell):
    text = shell.execute("help").output
    also = text[text.index("Also: "):text.index("Type 'help")]
    words = {line.split()[0] for line in text.splitlines() if line.startswith("  ") and line[2:3].strip()}
    words |= set(also.replace(",", " ").replace(".", " ").split()[1:])
    assert {"games", "play", "load", "rules", "stats", "clear", "exit", "history", "winnability"} <= words
    assert not words & {"undo", "redo", "moves", "hint", "solve", "show", "save", "new", "restart"}
    assert text.startswith("Start with:\n  games ")
    assert text.endswith("Type 'help COMMAND' for details, 'help all' for every command.")
    for width in (60, 80):  # one screen of 20 or 24 lines, with the banner and the prompt
        shell.front_end.columns = width
        assert len(shell.execute("help").output.splitlines()) <= {60: 20, 80: 24}[width] - 3
    assert "undo [N]" in shell.execute("help all").output


def test_clear_clears_a_terminal_and_is_never_recorded(tmp_path):
    shell = Shell.create(seed=1, autosave=False, data_dir=tmp_path, interactive=True)
    cleared = []
    shell.front_end.clear_screen = lambda: cleared.append(True)
    shell.execute("play aces-up --seed 3")
    assert shell.execute("clear").ok and cleared == [True]
    assert shell.current is not None and shell.current.id == "aces-up"  # the game stays
    assert "clear" not in shell.execute("history").output
    script = Shell.create(seed=1, autosave=False, data_dir=tmp_path)
    script.front_end.clear_screen = lambda: cleared.append(False)
    assert script.execute("clear").ok and script.execute("clear").output == "" and cleared == [True]


def test_cardshell_play_game_in_a_script_plays_the_rest_of_stdin(run_cli, tmp_path):
    env = {"CARDSHELL_LOAD_PLUGINS": "aces-up", "CARDSHELL_DATA_DIR": str(tmp_path)}
    result = run_cli("play", "aces-up", "--seed", "7", stdin="D\nbogus\n", env=env)
    assert result.stdout.startswith("Aces Up, seed 7.\n") and result.stdout.count("stock") == 2  # dealt, then D
    assert result.stderr.startswith("<stdin>:2: ")  # stdin's lines keep their numbers
    assert result.returncode == 1


def test_a_game_that_played_itself_is_never_resumed_from_a_save(tmp_path):
    shell = Shell.create(seed=1, autosave=False, data_dir=tmp_path)
    shell.execute("play up-and-down --seed 124696")  # over at once, no move
    assert shell.execute("save mygame").ok
    shell.persistence.save(shell.current, "up-and-down")  # its automatic save, as an older cardshell wrote it
    loaded = Shell.create(seed=1, autosave=False, data_dir=tmp_path).execute("load mygame").output.splitlines()
    assert loaded[0] == "Loaded 'mygame': Up-and-Down, seed 124696 (over: won; shown, not resumed)."
    assert loaded[-1] == "Next: an answer to the menu above, or 'new', 'restart' or 'quit'."  # the ending, last
    again = Shell.create(seed=1, autosave=True, data_dir=tmp_path)  # automatic saves are offered
    reply = again.execute("play up-and-down")
    assert reply.output.startswith("warning: save 'up-and-down' holds a finished game (Up-and-Down, seed 124696: "
                                   "won); it is not resumed; starting a new game instead.\nUp-and-Down, seed ")
    assert again.current.seed != 124696 and "Resuming" not in reply.output


def test_a_cardshell_imported_as_a_namespace_package_is_named_with_what_to_do():
    import types

    import cardshell
    from cardshell.cli import namespace_problem

    hidden = types.ModuleType("cardshell")
    hidden.__path__ = ["/home/me/src/cardshell"]  # a checkout's root, no __init__.py: a namespace package
    message = namespace_problem(hidden)
    assert message.text.startswith("'cardshell' was imported as a namespace package from /home/me/src/cardshell")
    assert "run cardshell from another directory" in message.text
    assert namespace_problem(cardshell) is None and namespace_problem(None) is None


def test_restart_at_the_top_never_deals_an_older_game_than_the_one_left_in_progress(shell):
    shell.execute("play pictures --seed 3")  # over at once
    shell.execute("play aces-up --seed 3")
    shell.execute("D")
    shell.lifecycle.leave(abandon=False)  # Ctrl-D out of Aces Up, in progress
    assert shell.execute("restart").error.startswith("no current game: aces-up is in progress; 'play aces-up'")
    assert shell.current is None
    shell.execute("play aces-up")
    shell.execute("quit")
    assert shell.execute("restart").output.startswith("Restarted: Pictures, seed 3.")  # the game that ended last


@pytest.mark.parametrize(("game", "title"), [("pictures", "Pictures"), ("up-and-down", "Up-and-Down")])
def test_a_game_that_plays_itself_says_so_to_undo_and_does_not_offer_moves_commands(shell, game, title):
    from cardshell.testing import completions

    assert shell.execute(f"play {game} --seed 3").ok
    for word in ("undo", "redo"):
        assert shell.execute(word).error == f"{title} plays itself: it has no moves to undo or redo."
    menu = shell.execute("help").output
    assert "Shell commands: rules, show, moves, new," in " ".join(menu.split()), menu
    assert "undo" not in shell.execute("help all").output
    offered, _ = completions(shell, "")
    assert not {"undo", "redo", "hint", "solve"} & set(offered) and {"show", "moves", "new"} <= set(offered)


def test_a_game_with_moves_keeps_undo_in_its_menu_and_completion(shell):
    from cardshell.testing import completions

    assert shell.execute("play aces-up --seed 3").ok
    assert shell.execute("undo").error == "Nothing to undo."
    assert "undo, redo" in shell.execute("help").output
    offered, _ = completions(shell, "")
    assert {"undo", "redo", "hint", "solve"} <= set(offered)


def test_saving_a_finished_game_says_load_shows_it_and_never_that_it_resumes(shell):
    assert shell.execute("play pictures --seed 3").ok  # over at once
    saved = "Saved Pictures (seed 3, 0 moves) as"
    assert shell.execute("save pic").output == f"{saved} 'pic': it is over; 'load pic' shows it."
    assert shell.execute("save").output == (f"{saved} 'pictures': it is over, so 'play pictures' deals a new game; "
                                            "'save NAME' keeps it to be shown.")
    shell.execute("quit")
    shown = shell.execute("load pic").output
    assert shown.startswith("Loaded 'pic': Pictures, seed 3 (over: lost; shown, not resumed).")
    assert shell.execute("play aces-up --seed 7").ok  # a game in progress still resumes
    assert shell.execute("save x").output == "Saved Aces Up (seed 7, 0 moves) as 'x': 'load x' resumes it."


def test_switching_at_a_terminal_says_the_game_left_is_kept(tmp_path):
    shell = Shell.create(seed=1, autosave=False, data_dir=tmp_path, interactive=True)
    shell.execute("play aces-up --seed 3")
    assert shell.execute("D").ok
    switched = shell.execute("play thumb-and-pouch --seed 1")
    assert switched.ok and switched.output.startswith("Aces Up is kept; 'play aces-up' resumes it.\n")
    # a game left without a move, a resumed game's own line, and a finished game: nothing said
    back = shell.execute("play aces-up")
    assert back.ok and "is kept" not in back.output
    script = Shell.create(seed=1, autosave=False, data_dir=tmp_path / "script")
    script.execute("play aces-up --seed 3")
    script.execute("D")
    assert "is kept" not in script.execute("play thumb-and-pouch --seed 1").output  # a script knows what it played


def test_a_won_game_is_said_won_once_and_the_porcelain_keeps_the_outcome():
    from cardshell import porcelain
    from cardshell.cards import parse_card
    from cardshell.render import message_of
    from cardshell_aces_up import rules as aces

    shell = Shell.create(plugins=["aces-up"], seed=1, autosave=False)
    shell.execute("play aces-up --seed 7")
    deals = ("AS KS QS AH", "KH QH AD KD", "QD AC KC QC")  # the hand-out's TEST 2
    shell.current.state = aces.start_from_deck(list(reversed([parse_card(w) for d in deals for w in d.split()])))
    *moves, last = ["F 1", "F 2", "F 3", "D", "f 4", "F 2", "T 1 2", "F 2", "D", "F 3", "F 4", "F 1"]
    for line in moves:  # some are the hand-out's rejected moves
        shell.execute(line)
    reply = shell.execute(last)
    assert reply.ok and reply.output.startswith("You won!\n")  # the game's words (the hand-out's)
    assert reply.output.lower().count("won") == 1
    assert reply.output.endswith("Aces Up is over, score 8.\nNext: 'new', 'restart', 'undo' or 'quit'.")
    ending = next(found for found in (message_of(piece.body) for piece in reply.parts)
                  if found is not None and found.id == "game.ending")
    record = porcelain.typed(ending)  # what --jsonl=2 writes as the ending record's id and args
    assert record["args"]["over"]["args"]["result"] == "won"
    assert record["args"]["over"]["args"]["score"]["args"]["score"] == "8"


def test_a_mistyped_shell_word_in_a_game_takes_one_line_at_a_terminal(tmp_path):
    shell = Shell.create(plugins=["aces-up", "thumb-and-pouch"], seed=1, autosave=False, data_dir=tmp_path,
                         interactive=True)
    shell.front_end.columns = 120
    shell.execute("play aces-up --seed 7")
    reply = shell.execute("hitn")
    assert not reply.ok
    assert reply.error == ("unknown command 'hitn' in Aces Up (did you mean 'hint'?); "
                           "type 'help' for the list of commands")
    assert "Error in option: F 9" in shell.execute("F 9").error  # a move the game rejects: the game's words
    shell.execute("play thumb-and-pouch --seed 1")
    assert len(shell.execute("undoo").error.splitlines()) == 1
    script = Shell.create(plugins=["aces-up"], seed=1, autosave=False, data_dir=tmp_path / "script")
    script.execute("play aces-up --seed 7")  # a script keeps the game's rejection, the suggestion under it
    assert script.execute("hitn").error.splitlines()[::3] == ["Error in option: hitn", "Did you mean 'hint'?"]


def test_a_games_command_typed_outside_any_game_names_the_game_and_how_to_start_it(tmp_path):
    shell = Shell.create(plugins=["aces-up", "thumb-and-pouch"], seed=1, autosave=False, data_dir=tmp_path)
    assert shell.execute("sw").error == ("unknown command 'sw' ('sw' is a command of Thumb and Pouch: 'play "
                                         "thumb-and-pouch' first); type 'help' for the list of commands")
    both = Shell.create(plugins=["aces-up", "crazy-eights"], seed=1, autosave=False, data_dir=tmp_path)
    assert "('D' is a command of Aces Up and Crazy Eights: 'play GAME' first)" in both.execute("D").error
    assert "is a command of" not in shell.execute("zzz").error
    assert "(did you mean 'help'?)" in shell.execute("hlep").error  # a near shell word first
