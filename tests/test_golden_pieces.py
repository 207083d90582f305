"""Golden tests compare pieces: the game's words exactly wherever the host
breaks or indents a line, a board line by line, the host's messages in a
handful of wordings; a warning or a text that names a plugin is never
optional; the comparison is linear in the script's length.

The host's layout is changed through one helper, :func:`change_host_layout`
(the seam: a width and a continuation indent), with three host messages
reworded as a release rewords them (the old wording kept as former)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from cardshell import layout, screen
from cardshell.golden import BLANK, MAX_CANDIDATES, Item, compare, words
from cardshell.messages import CATALOG, HostMessage, Message, say
from cardshell.render import Layout, laid, message_of
from cardshell.reply import GAME, HOST, Part, joined
from cardshell.testing import check_golden, run_cardshell, run_golden
from test_golden_by_origin import compat_installed, golden_files  # noqa: F401  (a fixture, used by name)

ROOT = Path(__file__).resolve().parent.parent
TOY_PLUGINS = ROOT / "tests" / "plugins"

#: Three host messages reworded by a later release (one nested inside
#: ``game.over``); each earlier wording is kept as former.
REWORDED = {
    "game.started": "Dealt {title} (seed {seed}).",
    "command.unknown": "{word} is not a command{where}{suggestion}; {help} lists the commands",
    "game.over.what": "{title} has ended",
}

#: The continuation indent of the changed layout (the host's own is two spaces).
CHANGED_INDENT = "    "

pytest_plugins = ["pytester"]

pytestmark = pytest.mark.filterwarnings("ignore:.*gives its search as the flat Game fields:DeprecationWarning")


def change_host_layout(monkeypatch: pytest.MonkeyPatch, width: int, indent: str) -> None:
    """Lay out every host text at ``width`` columns, continuation lines
    indented by ``indent``: the one seam of the host's layout, also where a
    script's text is not fitted today (a later release may wrap it)."""
    original = Layout.wrap
    changed = Layout(width, indent)

    def wrap(self: Layout, text: str) -> str:
        return original(changed, text)

    monkeypatch.setattr(Layout, "wrap", wrap)
    for shape in (layout.Columns, layout.Hanging, layout.Listing, layout.Figure, layout.Markdown):
        # every other shape of cardshell.layout: its own layout, then laid out again by the changed one
        monkeypatch.setattr(shape, "wrap", _relaid(shape.wrap, changed, original))


def _relaid(own, changed, original):  # type: ignore[no-untyped-def]
    return lambda self, text: original(changed, own(self, text))


def reword(monkeypatch: pytest.MonkeyPatch) -> None:
    """The messages of :data:`REWORDED` in their new wording, the old one former."""
    for message_id, text in REWORDED.items():
        old = CATALOG[message_id]
        monkeypatch.setitem(CATALOG, message_id, Message(message_id, text, old.doc, (old.text, *old.former), old.kind))


def _reworded(text: object) -> bool:
    message = message_of(text)
    if not isinstance(message, HostMessage):
        return False
    return message.id in REWORDED or any(_reworded(value) for value in message.args.values())


# -- a later release's layout and wording, against every golden file ------------------
@pytest.mark.usefixtures("compat_installed")
@pytest.mark.parametrize("width", [40, 80, 200])
def test_a_layout_change_and_rewordings_fail_no_golden_file(monkeypatch, width):
    files = golden_files()
    assert len(files) >= 19  # tests/golden, the compatibility packages (frozen ones too), the example plugin
    change_host_layout(monkeypatch, width, CHANGED_INDENT)
    reword(monkeypatch)
    relaid = 0
    for path, plugins in files:
        check = check_golden(path, plugins=plugins)
        assert check.problems == [], f"{path}: {check.problems}"
        relaid += check_golden(path, plugins=plugins, strict=True).problems != []
    assert relaid >= 10  # the change shows in most files: the default mode did not pass them by luck


@pytest.mark.usefixtures("compat_installed")
def test_every_message_reworded_and_laid_out_at_80_columns_fails_no_golden_file(monkeypatch):
    """A release that rewords every host message with words of its own (the
    wording of today kept as former) and lays out all text at 80 columns."""
    change_host_layout(monkeypatch, 80, CHANGED_INDENT)
    for message_id, old in list(CATALOG.items()):
        if re.search(r"[A-Za-z]", re.sub(r"\{\w+\}", "", old.text)):
            text = "\n".join("[reworded] " + line for line in old.text.split("\n"))
            monkeypatch.setitem(CATALOG, message_id, Message(message_id, text, old.doc, (old.text, *old.former),
                                                             old.kind))
    for path, plugins in golden_files():
        check = check_golden(path, plugins=plugins)
        assert check.problems == [], f"{path}: {check.problems}"


@pytest.mark.usefixtures("compat_installed")
@pytest.mark.parametrize("width", [40, 200])
def test_strict_mode_names_exactly_the_changed_lines(monkeypatch, width):
    """Every line strict mode does not name is printed unchanged and in order,
    and every line it names is one the change touched: a reworded message's,
    or a host-laid-out line wider than the new width."""
    named = 0
    for path, plugins in golden_files(frozen=False):
        before = run_golden(path, plugins=plugins)[0]
        with monkeypatch.context() as patch:
            change_host_layout(patch, width, CHANGED_INDENT)
            reword(patch)
            strict = check_golden(path, plugins=plugins, strict=True)
        touched = _touched_lines(before.parts, width)
        for kind, printed in (("out", strict.result.output), ("err", strict.result.errors)):
            expected_path = path.with_name(f"{path.name}.{kind}")
            expected = expected_path.read_text(encoding="utf-8") if expected_path.exists() else ""
            gone, added = strict.changed.get(kind, ([], []))
            old, new = expected.split("\n"), printed.split("\n")
            kept_old = [line for number, line in enumerate(old, 1) if number not in gone]
            kept_new = [line for number, line in enumerate(new, 1) if number not in added]
            assert kept_old == kept_new, f"{path}.{kind}: a changed line is not named"
            for number in gone:
                line = old[number - 1]
                assert any(piece in line for piece in touched[kind]), f"{path}.{kind}:{number} {line!r} is unchanged"
            named += len(gone)
            assert (gone == []) == (expected == printed)
    assert named > 0


def _touched_lines(parts: list[tuple[str, Part]], width: int) -> dict[str, list[str]]:
    """Per stream, the lines (as printed before the change) that the change
    alters: a reworded message's lines, and the lines wider than ``width``
    of text the host lays out (not a board, an exact text or an echo); a
    part and the inline parts after it make one line group."""
    groups: list[tuple[str, list[Part]]] = []
    for stream, piece in parts:
        if piece.inline and groups and groups[-1][0] == stream:
            groups[-1][1].append(piece)
        else:
            groups.append((stream, [piece]))
    touched: dict[str, list[str]] = {"out": [], "err": []}
    for stream, group in groups:
        laid_out = not any(isinstance(piece.body, screen.Exact) or piece.kind == "echo" for piece in group)
        reworded = any(_reworded(piece.body) for piece in group)
        for line in joined(group).split("\n"):
            if line.strip() and (reworded or (laid_out and len(line) > width and len(line.split()) > 1)):
                touched[stream].append(line)
    return touched


# -- the game's words, wherever the host breaks its lines --------------------------------
def test_a_games_summary_wrapped_by_the_host_matches_its_unwrapped_recording_and_the_reverse():
    summary = "move a card or a run: SOURCE (w, 1-7, or a foundation c/d/h/s) to TARGET (f or 1-7)"
    text = say("help.summary", summary=summary, game=say("help.summary-game", title="Klondike"))
    wrapped = laid(text, 80, "  ").text
    assert "\n  " in wrapped
    unwrapped_file = str(text) + "\n"
    wrapped_file = str(wrapped) + "\n"
    for printed, recorded in ((wrapped, unwrapped_file), (text, wrapped_file)):
        item = Item(str(printed) + "\n", (str(printed) + "\n",), False)
        verdict = compare(recorded, [item])
        assert verdict.ok and not verdict.exact
    other = Item(str(text).replace("TARGET", "DEST") + "\n", (str(text).replace("TARGET", "DEST") + "\n",), False)
    assert not compare(wrapped_file, [other]).ok


def test_the_space_between_a_games_words_counts_within_a_line_but_not_at_a_break():
    item = Item("Streak:  2 of 3\n", ("Streak:  2 of 3\n",), False)
    assert compare("Streak:\n    2 of 3\n", [item]).ok  # the host broke the line there
    verdict = compare("Streak: 2 of 3\n", [item])
    assert not verdict.ok and "expected line 1: 'Streak: 2 of 3'" in verdict.problem


def test_words_keep_empty_lines():
    assert words("a b\n  c\n\nd") == ["a", "b", "c", BLANK, "d"]
    assert not compare("a\n\nb\n", [Item("a\nb\n", ("a\nb\n",), False)]).ok


def test_a_board_compares_line_by_line_exactly():
    board = Item("1  2\n3 4\n", ("1  2\n3 4\n",), False, board=True, label="the game's board")
    assert compare("1  2\n3 4\n", [board]).exact
    verdict = compare("1 2\n3 4\n", [board])
    assert not verdict.ok and "the game's board" in verdict.problem and "expected line 1: '1 2'" in verdict.problem


def test_a_changed_game_line_is_named_with_a_diff():
    items = [Item("Dealt.\n", ("Dealt.\n", "Old dealt.\n"), True, label="the host's message game.started"),
             Item("count is now 3\n", ("count is now 3\n",), False, label="the game's line 'count is now 3'")]
    verdict = compare("Old dealt.\ncount is now 2\n", items)
    assert not verdict.ok
    assert "the game's line 'count is now 3'" in verdict.problem and "expected line 2" in verdict.problem
    assert "-count is now 2" in verdict.problem and "+count is now 3" in verdict.problem


def test_a_host_line_the_host_no_longer_prints_is_named():
    verdict = compare("Dealt.\nA host line\n", [Item("Dealt.\n", ("Dealt.\n",), True)])
    assert not verdict.ok and "expected line 2, 'A host line'" in verdict.problem


# -- a plugin that regresses ------------------------------------------------------------
REGRESSING_PLUGIN = '''\
"""A game whose plugin regresses when GOLDEN_REGRESSION says how."""

import os

import cardshell
from cardshell import CommandError, Game, Move, Option, Outcome, parsers
from cardshell.messages import say

CARDSHELL_CONTRACT = 2


def pairs(state):
    return [f"take {i}" for i in range(1, len(state)) if state[i - 1] == state[i]]


def legal(state):
    lie = [f"take {len(state) + 5}"] if os.environ.get("GOLDEN_REGRESSION") == "legal" else []
    return pairs(state) + lie


def new(seed, options):
    return tuple(int(word) for word in (options.get("row") or "1,1,2,2").split(","))


def check(state, i):
    if not 1 <= i < len(state) or state[i - 1] != state[i]:
        raise CommandError(f"no pair at {i}")


def take(state, i):
    return state[:i - 1] + state[i + 1:]


def outcome(state):
    if not state:
        return Outcome("won", 0.0)
    return None if pairs(state) else Outcome("lost", float(len(state)))


def note(ctx, args):
    ctx.echo("the row is kept")
    if os.environ.get("GOLDEN_REGRESSION") == "say":
        ctx.echo(say("game.none-in-progress"))


@cardshell.hookimpl
def cardshell_games():
    return [Game(id="regressing-pairs", title="Regressing Pairs", summary="remove equal neighbours",
                 new=new, render=lambda s: " ".join(map(str, s)) or "(empty)", outcome=outcome,
                 options=(Option("row", "the numbers, comma-separated", str, ""),),
                 immutable=True, legal_moves=legal,
                 moves=(Move("take", "remove the pair at positions i, i+1", apply=take, check=check,
                             usage="take i", parse=parsers.integers(1, 1, 99)),))]


@cardshell.hookimpl
def cardshell_commands():
    return [cardshell.Command("note", "say the row is kept", note, game="regressing-pairs")]


@cardshell.hookimpl
def cardshell_game_over(session, outcome):
    if os.environ.get("GOLDEN_REGRESSION") == "game-over":
        raise RuntimeError("the score board is gone")
'''

REGRESSING_SCRIPT = """\
# cardshell: --echo --plugins "" --plugin regressing_pairs.py
play regressing-pairs --seed 1
note
moves
take 1
take 1
"""


@pytest.fixture
def recorded(tmp_path, monkeypatch):
    """A golden test of the regressing plugin, recorded before it regresses."""
    monkeypatch.delenv("GOLDEN_REGRESSION", raising=False)
    (tmp_path / "regressing_pairs.py").write_text(REGRESSING_PLUGIN, encoding="utf-8")
    path = tmp_path / "test_pairs.cardshell"
    path.write_text(REGRESSING_SCRIPT, encoding="utf-8")
    result, _ = run_golden(path)
    assert result.status == 0 and result.errors == ""
    path.with_name(path.name + ".out").write_text(result.output, encoding="utf-8")
    assert check_golden(path).problems == []
    return path


@pytest.mark.parametrize(("regression", "shown"), [
    ("game-over", "failed in cardshell_game_over"),
    ("legal", "legal_moves listed 'take 9'"),
    ("say", "no game in progress"),
])
def test_a_regressing_plugins_golden_test_fails_naming_the_plugin(recorded, monkeypatch, regression, shown):
    monkeypatch.setenv("GOLDEN_REGRESSION", regression)
    check = check_golden(recorded)
    assert check.problems, f"{regression}: the golden test passed"
    report = "\n".join(check.problems)
    assert "plugin 'regressing_pairs'" in report and shown in report
    # a warning about the plugin is its regression; its own text may be a change its author meant
    assert check.regressed == ([] if regression == "say" else ["regressing_pairs"])


def test_the_pytest_report_of_a_plugins_regression_never_advises_recording_it(recorded, pytester, monkeypatch):
    for name in ("regressing_pairs.py", "test_pairs.cardshell", "test_pairs.cardshell.out"):
        (pytester.path / name).write_bytes((recorded.parent / name).read_bytes())
    monkeypatch.setenv("GOLDEN_REGRESSION", "game-over")
    run = pytester.runpytest("-p", "no:cacheprovider", "-p", "no:hypothesispytest")
    run.assert_outcomes(failed=1)
    text = run.stdout.str()
    assert "plugin 'regressing_pairs' regressed" in text
    assert "update (then review)" not in text


# -- linear in the script's length --------------------------------------------------------
@pytest.fixture
def counter_path(monkeypatch):
    monkeypatch.syspath_prepend(str(TOY_PLUGINS))


@pytest.mark.usefixtures("counter_path")
@pytest.mark.parametrize(("lines", "echo"), [
    ("inc 1\ninc -1\nnope\nshow\n", True),  # the game's, the host's and the player's lines, errors too
    ("help inc\n", False),  # the host's lines only: each may be absent from the expected file
])
def test_a_4000_line_script_with_one_changed_line_compares_in_a_bounded_number_of_checks(monkeypatch, lines, echo):
    script = "play counter --seed 5\n" + lines * (4000 // lines.count("\n")) + "inc 1\n"
    assert len(script.splitlines()) >= 4000
    recorded = run_cardshell(script, plugins=[], modules=["toy_counter"], echo=echo)
    expected = recorded.output.split("\n")
    changed = max(number for number, line in enumerate(expected) if line.startswith("count is now"))
    expected[changed] = "count is now 7"
    reword(monkeypatch)  # the host's lines are matched in their former wording
    result = run_cardshell(script, plugins=[], modules=["toy_counter"], echo=echo)
    items = result.out_items
    verdict = compare("\n".join(expected), items)
    assert not verdict.ok and f"expected line {changed + 1}: 'count is now 7'" in verdict.problem
    assert "the game's line 'count is now 1'" in verdict.problem
    # each piece tries a bounded number of wordings, each compared up to its length
    assert verdict.checks <= MAX_CANDIDATES * len(items)
    assert verdict.steps <= MAX_CANDIDATES * (len(items) + len(words(result.output)))
    passing = compare(recorded.output, items)
    assert passing.ok and passing.host_lines > 0
    assert passing.checks <= MAX_CANDIDATES * len(items)
    assert passing.steps <= MAX_CANDIDATES * (len(items) + len(words(result.output)))
    errors = compare(recorded.errors, result.err_items)
    assert errors.ok and errors.checks <= MAX_CANDIDATES * max(1, len(result.err_items))


def test_a_host_message_tries_a_handful_of_wordings_however_deep_its_nesting(monkeypatch):
    deep: object = "the words"
    for _ in range(6):
        deep = say("script.warning", warning=deep)
    for message_id in ("script.warning",):
        old = CATALOG[message_id]
        monkeypatch.setitem(CATALOG, message_id, Message(message_id, "careful: {warning}", old.doc,
                                                         (old.text, "w: {warning}", "W {warning}")))
    from cardshell.golden import host_wordings

    found = host_wordings(deep)
    assert 1 < len(found) <= MAX_CANDIDATES
    assert "warning: " * 6 + "the words" in found  # the release before, every level in its former wording


def test_a_plugins_own_text_is_the_games_part_whatever_its_type(tmp_path, monkeypatch):
    (tmp_path / "regressing_pairs.py").write_text(REGRESSING_PLUGIN, encoding="utf-8")
    monkeypatch.setenv("GOLDEN_REGRESSION", "say")
    result = run_cardshell("play regressing-pairs\nnote\n", plugins=[],
                           modules=[os.fspath(tmp_path / "regressing_pairs.py")])
    said = [piece for stream, piece in result.parts if "no game in progress" in str(piece.text)]
    assert said and said[0].origin == GAME and said[0].plugin == "regressing_pairs" and said[0].message_id is None
    assert all(piece.origin == HOST for stream, piece in result.parts if "seed" in str(piece.text))


def test_updating_a_golden_file_that_records_a_plugins_failure_says_so(recorded, pytester, monkeypatch):
    for name in ("regressing_pairs.py", "test_pairs.cardshell"):
        (pytester.path / name).write_bytes((recorded.parent / name).read_bytes())
    monkeypatch.setenv("GOLDEN_REGRESSION", "game-over")
    run = pytester.runpytest("-p", "no:cacheprovider", "-p", "no:hypothesispytest", "--cardshell-update-golden")
    run.assert_outcomes(passed=1)
    text = run.stdout.str()
    assert "records a warning or error naming plugin 'regressing_pairs'" in text
    assert "golden file(s) changed" in text and "wrote" in text
