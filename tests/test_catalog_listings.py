"""The player's commands say every line through the catalog: headings,
table rows, menus and answers are host messages with their ids, laid out
exactly as before, and a reworded message keeps matching its former layout."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardshell import help as helptext
from cardshell.messages import CATALOG, HostMessage, Message, say
from cardshell.render import message_of, text_of
from cardshell.reply import HOST
from cardshell.testing import run_cardshell

WORD = st.sampled_from(["a", "bb", "seed", "12345", "moves,", "(current)", "cardshell_commands,", "[--seed", "N]",
                        "x" * 25])
TEXT = st.lists(WORD, min_size=1, max_size=12).map(" ".join)


def former_table(rows, indent=2, gap=2, width=80):
    """The table layout as the host has always printed it (the reference the catalog's pieces must give)."""
    rows = list(rows)
    fitting = [len(left) for left, _ in rows if indent + len(left) + gap <= width * 0.5]
    left_width = max(fitting, default=0)
    column = indent + left_width + gap
    lines = []
    for left, right in rows:
        first = f"{' ' * indent}{left.ljust(left_width + gap)}"
        longest = max((len(word) for word in right.split()), default=0)
        if len(left) <= left_width and column + len(right) <= width:
            lines.append(f"{first}{right}".rstrip())
        elif len(left) <= left_width and width - column >= max(20, longest):
            chunks = textwrap.wrap(right, width - column, break_long_words=False, break_on_hyphens=False)
            lines.append(f"{first}{chunks[0]}".rstrip())
            lines.extend(" " * column + chunk for chunk in chunks[1:])
        else:
            lines.extend(textwrap.wrap(left, width, initial_indent=" " * indent, subsequent_indent=" " * (indent + 2),
                                       break_long_words=False, break_on_hyphens=False) or [""])
            lines.extend(textwrap.wrap(right, width, initial_indent=" " * (indent + 4),
                                       subsequent_indent=" " * (indent + 4), break_long_words=False,
                                       break_on_hyphens=False))
    return "\n".join(lines)


@given(st.lists(st.tuples(TEXT, TEXT), min_size=1, max_size=5), st.integers(min_value=20, max_value=120))
def test_a_table_of_host_messages_prints_what_the_table_always_printed(rows, width):
    said = [(left, say("games.listed", title=left, summary=right)) for left, right in rows]
    pieces = helptext.table_rows(said, width=width)
    assert "\n".join(map(text_of, pieces)) == former_table([(left, right.text) for left, right in said], width=width)


def test_each_row_is_a_host_message_holding_its_own():
    rows = [("aces-up", say("games.playing", seed=7, moves=helptext.moves(1), current=say("games.current"))),
            ("thumb-and-pouch", say("games.listed", title="Thumb and Pouch",
                                    summary="Klondike variant: build down on another suit; one pass of the stock."))]
    laid_out = helptext.table_rows(rows, width=60)
    pieces = [message_of(piece) for piece in laid_out]
    assert [piece.id for piece in pieces] == ["help.row", "help.row"]
    assert text_of(laid_out[0]) == "  aces-up          seed 7, 1 move (current)"
    assert pieces[0].args["right"].id == "games.playing"
    assert pieces[0].args["right"].args["moves"].id == "game.moves-one"
    assert text_of(laid_out[1]).count("\n") == 2  # wrapped under its right column, still one message
    assert pieces[1].args["left"] == "thumb-and-pouch" and pieces[1].args["right"].id == "games.listed"


def test_a_row_too_wide_for_its_left_column_is_two_messages():
    rows = [("help", "show this menu"), ("simulate N [I] [--first SEED] [--jobs J] [--plot [FILE.png]]",
                                         say("help.command", summary="play many games", aliases=""))]
    pieces = helptext.table_rows(rows, width=40)
    assert all(isinstance(message_of(piece), HostMessage) for piece in pieces) and len(pieces) == 3
    assert text_of(pieces[2]) == "      play many games" and pieces[2].message.args["right"].id == "help.command"


def test_a_reworded_row_matches_its_former_layout(monkeypatch):
    row = say("games.playing", seed=123456, moves=helptext.moves(40), current="")
    before = helptext.table_rows([("thumb-and-pouch", row)], width=40)[0]
    old = CATALOG["games.playing"]
    monkeypatch.setitem(CATALOG, "games.playing", Message(old.id, "dealt with seed {seed}, {moves} played{current}",
                                                          old.doc, (old.text,)))
    row = say("games.playing", seed=123456, moves=helptext.moves(40), current="")
    after = helptext.table_rows([("thumb-and-pouch", row)], width=40)[0]
    assert after.text != before.text and before.text in after.wordings()
    assert after.message == before.message  # the same id and arguments: a golden file matches either


def test_blank_lines_go_with_the_piece_after_them():
    heading = say("help.shell-commands")
    pieces = helptext.pieces(["a", "", heading, "", "", "c"])
    assert "\n".join(map(text_of, pieces)) == "a\n\nShell commands:\n\n\nc"
    assert pieces[1].message_id == "help.spaced" and pieces[1].args["text"] is heading
    assert pieces[2].args["text"].message_id == "help.spaced"


@pytest.fixture
def toy_plugins(monkeypatch):
    monkeypatch.syspath_prepend(str(Path(__file__).parent / "plugins"))


SCRIPT = """\
help
help all
games
load
play aces-up --seed 7
help
help all
help D
help undo
help stones1
rules
moves
solve --nodes 5
D
undo
redo
save mine
history
games
load
plugins
quit
play stones1 --seed 1
help
help all
help hint
play stones1
play stones2 --seed 2
solve
play aces-up --seed 8
nope
"""


@pytest.mark.usefixtures("toy_plugins")
def test_every_line_the_players_commands_print_is_a_host_message_or_the_games():
    result = run_cardshell(SCRIPT, plugins=["aces-up"], modules=["own_words1", "own_words2"])
    assert result.status == 1  # 'nope'
    without_id = [piece.text for _, piece in result.parts if piece.origin == HOST and piece.message_id is None]
    assert without_id == []
    assert result.host("undo.undid-one") == [{"line": "'D'"}]
    assert result.host("undo.redid-one") == [{"line": "'D'"}]
    assert result.host("games.playing") == [{"seed": "7", "moves": "1 move", "current": " (current)"}]
    assert result.host("save.saved")[0]["name"] == "'mine'"
    assert [args["text"] for args in result.host("help.spaced")][:1] == ["Type 'help COMMAND' for details."]
    assert result.host("help.page-options") == [{"game": "stones1"}]
    assert result.host("game.resumed") == [{"title": "Stones", "seed": "1", "moves": "0 moves"}]
    line = result.host("solve.line")[0]
    assert line["moves"] == "4 moves" and line["seen"] == "(the search sees face-down cards)"
    assert result.host("solve.moves") == [{"moves": "take 3, take 3, take 3, take 3"}]


@pytest.mark.usefixtures("toy_plugins")
def test_the_players_errors_are_host_messages():
    script = ("play\nplay zz\nhelp a b\nhelp %zz\nload a b\nrules a b\nnew\n"
              "play aces-up --seed 1\nundo x\nsave a b\nundo\n")
    result = run_cardshell(script, plugins=["aces-up"], modules=["own_words1"])
    errors = [piece for stream, piece in result.parts if stream == "err" and piece.kind == "error"]
    ids = [piece.message_id for piece in errors if piece.message_id != "command.usage"]
    assert ids == ["game.which", "game.unknown", "help.too-many", "help.no-shell-command", "save.load-too-many",
                   "rules.too-many", "game.none-to-deal", "undo.not-a-count", "save.too-many", "undo.nothing"]
