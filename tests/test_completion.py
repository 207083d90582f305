"""Completion comes from the registered metadata and knows the game (issue 12 item 4).

The candidates are checked through :func:`cardshell.completion.candidates`
and through the prompt_toolkit completer the interactive shell uses
(:class:`cardshell.interactive.ShellCompleter`, given a ``Document`` and a
``CompleteEvent`` as prompt_toolkit gives them on Tab).
"""

from __future__ import annotations

import pytest
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document

from cardshell.cards import parse_card
from cardshell.completion import candidates, natural, usage_options
from cardshell.interactive import ShellCompleter, listing
from cardshell.layout import grid as columns
from cardshell.shell import Shell
from cardshell_aces_up.rules import AcesUpState
from cardshell_minesweeper import rules


@pytest.fixture
def shell():
    return Shell.create(plugins=["aces-up"], seed=1, extra_modules=["toy_counter"])


@pytest.fixture
def every_game():
    return Shell.create(seed=1, autosave=False)


def tab(shell, text):
    """What Tab offers for ``text`` (cursor at its end): (completion texts, start positions)."""
    found = list(ShellCompleter(shell).get_completions(Document(text), CompleteEvent(completion_requested=True)))
    return [c.text for c in found], {c.start_position for c in found}


def test_top_level_completes_global_commands(shell):
    assert candidates(shell, "pl") == (["play", "plugins"], "pl")
    # no game: nothing that acts on one (issue 27 item 4)
    assert candidates(shell, "")[0] == sorted(["help", "games", "play", "quit", "exit", "plugins", "clear", "load",
                                                "saves", "history", "new-plugin", "rules", "set", "winnability"])


def test_play_completes_game_ids_then_that_games_options(shell):
    assert candidates(shell, "play ") == (["aces-up", "counter"], "")
    assert candidates(shell, "play c") == (["counter"], "c")
    assert candidates(shell, "play counter -")[0] == ["--seed", "--start"]
    assert candidates(shell, "play aces-up -")[0] == ["--seed"]


def test_play_minesweeper_offers_its_own_options_never_one_already_given(every_game):
    texts, starts = tab(every_game, "play minesweeper --seed 3 --")
    assert texts == ["--cols", "--level", "--mines", "--rows"] and starts == {-2}
    assert tab(every_game, "play minesweeper --seed 3 --level expert ")[0] == ["--cols", "--mines", "--rows"]
    assert tab(every_game, "play minesweeper --level=expert --rows 5 --")[0] == ["--cols", "--mines", "--seed"]
    assert tab(every_game, "play mines --l")[0] == ["--level"]  # a unique prefix names the game, as play does


def test_play_option_values(every_game):
    assert tab(every_game, "play minesweeper --level ")[0] == ["beginner", "expert", "intermediate"]
    assert tab(every_game, "play minesweeper --level ex") == (["expert"], {-2})
    assert tab(every_game, "play minesweeper --level=in")[0] == ["--level=intermediate"]
    assert tab(every_game, "play minesweeper --seed ")[0] == []  # a number: nothing to offer
    assert tab(every_game, "play minesweeper --rows ")[0] == []
    assert tab(every_game, "play snap --max-turns ")[0] == []
    assert tab(every_game, "play nosuch --")[0] == []


def test_play_options_of_every_game_come_from_its_declarations(every_game):
    for game_id, game in every_game.games.items():
        expected = sorted(["--seed", *(f"--{option.name}" for option in game.options)])
        assert candidates(every_game, f"play {game_id} ")[0] == expected, game_id


def test_new_offers_seed_once(shell):
    shell.execute("play aces-up --seed 7")
    assert candidates(shell, "new ")[0] == ["--seed"]
    assert candidates(shell, "new --seed ")[0] == []
    assert candidates(shell, "new --seed 4 ")[0] == []


def test_stats_completes_game_ids_and_its_options(every_game):
    words, _ = candidates(every_game, "stats ")
    assert set(every_game.games) < set(words) and "--reset" in words
    assert "--yes" not in words  # only after --reset: stats [GAME] [--reset [--yes]]
    assert {"--all", "--yes"} <= set(candidates(every_game, "stats --reset ")[0])
    assert candidates(every_game, "stats mine")[0] == ["minesweeper"]
    assert candidates(every_game, "stats aces-up ")[0] == ["--all", "--reset"]  # one game id at most


def test_usage_options_know_which_option_comes_first():
    assert usage_options("stats [GAME] [--reset [--yes]]") == [("--reset", None), ("--yes", "--reset")]
    assert usage_options("simulate N [--first SEED] [--jobs J]") == [("--first", None), ("--jobs", None)]


def test_in_game_completes_game_and_shell_commands_and_arguments(shell):
    shell.execute("play counter --seed 1")
    words, _ = candidates(shell, "")
    assert {"inc", "+", "fail", "crash", "play", "help", "undo"} <= set(words)
    assert candidates(shell, "INC ") == (["1", "2"], "")
    assert candidates(shell, "help i") == (["inc"], "i")


def test_unknown_command_completes_nothing(shell):
    assert candidates(shell, "nosuch ") == ([], "")


def aces_up_state(columns, stock=""):
    return AcesUpState(stock=tuple(parse_card(w) for w in stock.split()),
                       tableau=[tuple(parse_card(w) for w in column.split()) for column in columns])


def test_aces_up_completes_the_columns_that_can_move(shell):
    shell.execute("play aces-up --seed 7")
    # 2♠ can go to the foundation (5♠ below column 3); column 2 is empty.
    shell.current.state = aces_up_state(["KH 2S", "", "5S", "AC"], stock="3D 4D 5D 6D")
    assert candidates(shell, "F ")[0] == ["1"]
    assert candidates(shell, "T ")[0] == ["1", "3", "4"]       # every non-empty column ...
    assert candidates(shell, "T 1 ")[0] == ["2"]                # ... onto the empty one
    assert candidates(shell, "T 1 2 ")[0] == []
    assert {"D", "F", "T"} <= set(candidates(shell, "")[0])
    # No empty column, no card that may go to the foundation, an empty stock:
    shell.current.state = aces_up_state(["KH", "QS", "5D", "AC"])
    words, _ = candidates(shell, "")
    assert not {"D", "F", "T"} & set(words) and "undo" in words
    assert candidates(shell, "F ")[0] == [] and candidates(shell, "T ")[0] == []


def test_blackjack_offers_only_the_answers_valid_now(every_game):
    every_game.execute("play blackjack --seed 7")
    words = set(candidates(every_game, "")[0])
    assert {"1", "0", "hit", "stay", "score", "simulate", "help", "quit"} <= words
    assert not {"y", "yes", "n", "no", "undo", "redo"} & words
    assert every_game.execute("0").ok  # stay: the round is settled
    words = set(candidates(every_game, "")[0])
    assert {"y", "yes", "n", "no", "score"} <= words
    assert not {"1", "0", "hit", "stay", "undo", "redo"} & words


def test_minesweeper_labels_past_z_complete(every_game):
    every_game.execute("play minesweeper --seed 2 --level expert")
    assert candidates(every_game, "ab")[0] == [f"ab{row}" for row in range(1, 17)]
    found = candidates(every_game, "a1")[0]
    assert found == ["a1", "a10", "a11", "a12", "a13", "a14", "a15", "a16"]
    assert candidates(every_game, "open ad1")[0][:2] == ["ad1", "ad10"]
    words = candidates(every_game, "")[0]
    assert not any(w[0] in "abcd" and w[-1].isdigit() for w in words)  # no cells on an empty line
    assert {"open", "flag"} <= set(words) and not {"y", "n", "undo"} & set(words)
    assert every_game.execute("ab7").ok
    assert every_game.execute(rules.label(min(every_game.current.state.mines))).ok  # a mine: lost
    words = set(candidates(every_game, "")[0])
    assert {"y", "yes", "n", "no"} <= words and not {"open", "flag"} & words
    assert candidates(every_game, "a")[0] == []  # no cell to unfold once the board is over


def test_tab_on_an_empty_line_lists_the_commands_without_cells(every_game):
    every_game.execute("play minesweeper --seed 3")
    text = listing(every_game, 80)
    assert "open" in text.split() and "a1" not in text.split() and "exit" in text.split()
    assert all(len(line) <= 80 and line == line.rstrip() for line in text.splitlines())


def test_columns_run_down_then_across():
    assert columns(["a", "bb", "c", "d", "e"], 10) == "a   c   e\nbb  d"
    assert columns(["a", "bb", "c", "d", "e"], 6) == "a   d\nbb  e\nc"
    assert columns(["abc"], 2) == "abc"
    assert columns([], 80) == ""


def test_natural_order():
    assert sorted(["a10", "a2", "b1", "a1"], key=natural) == ["a1", "a2", "a10", "b1"]


def test_a_broken_completer_never_breaks_typing(shell):
    shell.execute("play counter --seed 1")
    command = next(c for c in shell.game_commands("counter") if c.name == "inc")
    object.__setattr__(command, "complete", lambda state, index: 1 / 0)
    assert candidates(shell, "inc ") == ([], "")
    assert "inc" in candidates(shell, "")[0]


# -- exactly what is valid now (issue 27 item 4) ----------------------------------------

GAME_ONLY = {"show", "board", "moves", "hint", "solve", "undo", "redo", "save"}


def test_at_the_top_level_the_commands_that_act_on_a_game_are_offered_only_when_they_can(shell):
    words = set(candidates(shell, "")[0])
    assert not (GAME_ONLY | {"new", "restart"}) & words
    assert shell.execute("new").error == "no game in progress or finished; type 'play GAME' to start one"
    shell.execute("play counter --seed 4")
    shell.execute("inc 3")  # won
    shell.execute("quit")
    words = set(candidates(shell, "")[0])
    assert {"new", "restart"} <= words and not GAME_ONLY & words  # they act on the finished game
    assert shell.execute("restart").output.startswith("Restarted: Counter, seed 4.")


def expand(shell):
    """Every line Tab builds word by word from a move's first word (host and
    non-move game words left out), ending where Tab offers nothing more."""
    scope = shell.dispatcher.scope()
    other = {w.lower() for e in shell.registry.global_scope.entries for w in e.command.words}
    other |= {w.lower() for e in scope.entries if e.command.move is None for w in e.command.words}
    firsts = {w for ch in "abcdefghijklmnopqrstuvwxyz0123456789" for w in candidates(shell, ch)[0]}
    lines, todo = set(), [w for w in firsts if w.lower() not in other]
    while todo:
        line = todo.pop()
        more = candidates(shell, line + " ")[0]
        if not more:
            lines.add(line)
        todo.extend(f"{line} {word}" for word in more)
    return lines


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_thumb_and_pouch_tab_builds_exactly_its_legal_moves(seed):
    shell = Shell.create(plugins=["thumb-and-pouch"], seed=1, autosave=False)
    shell.execute(f"play thumb-and-pouch --seed {seed}")
    legal = shell.execute("moves").output.removeprefix("Legal moves: ").split(", ")
    assert expand(shell) == set(legal)


def test_thumb_and_pouch_t_offers_only_what_moves_lists():
    shell = Shell.create(plugins=["thumb-and-pouch"], seed=1, autosave=False)
    shell.execute("play thumb-and-pouch --seed 1")
    assert shell.execute("moves").output == "Legal moves: tt 2 5 1, wt 1, wt 6, sw"
    assert candidates(shell, "t") == (["tt"], "t")  # not tf: no tableau-to-foundation move now
    assert candidates(shell, "tt ") == (["2"], "")  # not the 7 piles
    assert candidates(shell, "tt 2 ") == (["5"], "")
    assert candidates(shell, "wt ") == (["1", "6"], "")
    assert candidates(shell, "tf ") == ([], "")


def test_moves_without_a_command_word_are_completed_from_the_legal_moves():
    shell = Shell.create(plugins=["stats"], seed=1, extra_modules=["toy_slots"], autosave=False)
    shell.execute("play slots")
    shell.execute("a2")
    shell.execute("2 b")
    assert candidates(shell, "a") == (["a1", "a3"], "a")
    assert candidates(shell, "b") == (["b1", "b3"], "b")
    assert candidates(shell, "2 ") == (["c"], "")  # a two-word move: column, then the free rows
    assert candidates(shell, "1 ") == (["a", "b", "c"], "")
    assert not {"a1", "1"} & set(candidates(shell, "")[0])  # as with cells: nothing on an empty line
    assert expand(shell) == set(shell.execute("moves").output.removeprefix("Legal moves: ").split(", "))


def test_minesweeper_cells_and_open_keep_their_own_completers(every_game):
    every_game.execute("play minesweeper --seed 2")
    assert "open" in candidates(every_game, "")[0]  # its legal moves are cells: they do not speak for 'open'
    assert candidates(every_game, "open a")[0][:2] == ["a1", "a2"]


def test_a_completed_command_word_carries_its_summary_as_fish_shows_it():
    from cardshell.completion import DESCRIPTION_LENGTH, describe
    from cardshell.testing import new_shell

    shell = new_shell(["thumb-and-pouch"])
    assert describe(shell, "hel", "help").startswith("show")
    assert shell.execute("play thumb-and-pouch --seed 3").ok
    for move in ("tf", "tt", "sw"):
        said = describe(shell, move[:1], move)
        assert said and len(said) <= DESCRIPTION_LENGTH, move
    assert describe(shell, "tt 1 ", "2") == ""  # an argument has no description
    assert describe(shell, "zz", "zzz") == ""
