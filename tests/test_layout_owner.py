"""One module breaks lines (cardshell/layout.py): help tables, lists, rules
pages and notes are host messages carrying a shape, their text made when
printed; every row and list keeps its id at every width."""

from __future__ import annotations

import ast
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from cardshell import gamepage, layout
from cardshell import help as helptext
from cardshell.layout import Columns, Hanging, Listing, Markdown
from cardshell.messages import say
from cardshell.records import Game
from cardshell.render import Laid, message_of, text_of

PACKAGE = Path(__file__).resolve().parent.parent / "cardshell"

WORD = st.sampled_from(["a", "bb", "seed", "12345", "moves,", "(current)", "[--seed", "N]", "x" * 25])
TEXT = st.lists(WORD, min_size=1, max_size=12).map(" ".join)


def _layout_calls(path: Path) -> list[str]:
    """What in ``path`` lays text out by itself: an import of textwrap, a str's ljust/rjust/center."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import) and any(alias.name == "textwrap" for alias in node.names):
            found.append(f"{path.name}:{node.lineno} import textwrap")
        elif isinstance(node, ast.ImportFrom) and node.module == "textwrap":
            found.append(f"{path.name}:{node.lineno} from textwrap")
        elif isinstance(node, ast.Attribute) and node.attr in ("ljust", "rjust", "center"):
            found.append(f"{path.name}:{node.lineno} .{node.attr}")
    return found


def test_no_module_but_layout_breaks_lines():
    outside = [call for path in sorted(PACKAGE.rglob("*.py")) if path.name != "layout.py"
               or path.parent != PACKAGE for call in _layout_calls(path)]
    assert outside == []
    assert _layout_calls(PACKAGE / "layout.py")  # the test sees what it looks for


@given(st.lists(st.tuples(TEXT, TEXT), min_size=1, max_size=5), st.integers(min_value=20, max_value=120))
def test_every_table_row_is_a_help_row_at_every_width(rows, width):
    pieces = helptext.table_rows([(left, say("games.listed", title=left, summary=right)) for left, right in rows],
                                 width=width)
    assert all(message_of(piece) is not None and message_of(piece).id == "help.row" for piece in pieces)
    assert all(len(line) <= width or len(line.split()) == 1 or "x" * 25 in line
               for piece in pieces for line in text_of(piece).split("\n"))


@given(st.lists(st.sampled_from(["F 1", "T 2 10", "D", "tt 1 2 1", "x" * 30]), min_size=1, max_size=30),
       st.integers(min_value=20, max_value=100))
def test_a_listed_message_keeps_its_id_and_breaks_between_items(items, width):
    piece = helptext.listed(say("moves.legal", moves=", ".join(items)), items, width)
    assert message_of(piece).id == "moves.legal"
    lines = [line.strip() for line in text_of(piece).split("\n")]
    assert " ".join(lines) == "Legal moves: " + ", ".join(items)  # the same words, broken only at spaces
    for line in lines:  # and only between items
        assert all(item in items for item in line.removeprefix("Legal moves:").strip().rstrip(",").split(", ")
                   if item)


def test_a_listing_lays_out_another_wording_with_its_own_lead():
    items = ("F 1", "F 2", "T 1 2", "T 3 4", "D")
    shape = Listing(20, items)
    assert shape.wrap("Legal moves: F 1, F 2, T 1 2, T 3 4, D") == "Legal moves: F 1,\n  F 2, T 1 2, T 3 4,\n  D"
    assert shape.wrap("Moves: F 1, F 2, T 1 2, T 3 4, D") == "Moves: F 1, F 2,\n       T 1 2, T 3 4,\n       D"
    assert shape.wrap("no list at the end of this line at all") == "no list at the end\n  of this line at\n  all"


def test_shapes_keep_a_blank_line_before_their_text():
    assert Columns(20, 6).wrap("\n  ab  one two three four") == "\n  ab  one two three\n      four"
    assert Hanging(12, "  ", "    ").wrap("\n  one two three") == "\n  one two\n    three"
    rows = helptext.table_rows([("ab", "one two three four five six seven eight nine ten eleven")], width=40)
    spaced = helptext.pieces(["a", "", *rows])
    assert text_of(spaced[1]) == "\n  ab  one two three four five six seven\n      eight nine ten eleven"
    assert spaced[1].message.id == "help.spaced" and spaced[1].layout == Columns(40, 6)


def test_a_rules_page_holds_its_markdown_and_is_rendered_at_the_readers_width():
    page = "# Golf\n\nMove `tt 5 6 1` a card from one column to another when the ranks touch.\n"
    game = Game(id="golf", title="Golf", summary="a patience", new=lambda seed: seed, render=str)
    wide, narrow = (gamepage.page_pieces(game, [], page, width) for width in (80, 30))
    assert isinstance(wide[0], Laid) and wide[0].layout == Markdown(80)
    assert wide[0].message.args["page"] == page  # the data is the author's Markdown, not a layout of it
    assert text_of(wide[0]) == layout.markdown(page, 80)
    assert all(len(line) <= 30 for line in text_of(narrow[0]).split("\n"))
    assert "'tt 5 6 1'" in text_of(narrow[0])  # a code span is never broken


def test_a_reports_rows_carry_their_figures_and_the_shape_aligns_them():
    from cardshell.winnability.report import Tally, report_lines
    from cardshell.winnability.store import Key

    tally = Tally(won=1234, lost=5, unknown=0)
    tally.times.extend([0.5] * 1239)
    lines = report_lines("Aces Up", Key("aces-up", "1+abc", "thoughtful", 10.0, 1000), range(0, 1239), tally,
                         12.5, 3)
    rows = {message_of(line).id: line for line in lines if message_of(line).id.startswith("winnability.row-")}
    assert rows["winnability.row-won"].message.args["count"] == "1,234"  # the figure, not a layout of it
    assert text_of(rows["winnability.row-won"]) == "  won                 1,234"
    assert text_of(rows["winnability.row-no-win"]) == "  no win                  5"
    assert text_of(rows["winnability.row-per-deal"]) == "  per settled deal  0.500 s  median; max 0.500 s"


def test_a_listing_without_items_breaks_its_text_between_words():
    text = "Winning line: every move is one autoplay plays for you, none left to type"
    assert layout.Listing(30, ()).wrap(text) == layout.Layout(30, "  ").wrap(text)
    assert all(len(line) <= 30 for line in layout.Listing(30, ()).wrap(text).split("\n"))
