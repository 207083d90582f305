"""Golden tests test the plugin, not the host: the game's lines compare
exactly and in order, the host's by message id in any wording the catalog
has had, and a host line added by a later release never fails a golden
file.  The whole check runs over every golden file of the repository (the
built-in games' and the compatibility suite's) with three host messages
reworded and a line added to every game's ending."""

from __future__ import annotations

import importlib.metadata
import sys
import tomllib
from pathlib import Path

import pytest

from cardshell import messages
from cardshell.golden import Item, compare
from cardshell.messages import CATALOG, Message, say
from cardshell.render import Laid
from cardshell.reply import GAME, HOST, Part
from cardshell.testing import check_golden, run_cardshell

ROOT = Path(__file__).resolve().parent.parent
COMPAT = ROOT / "tests" / "compat"
#: The folders of third-party-style packages whose golden files are checked: the
#: compatibility suite and the example plugin.
PACKAGES = sorted([*COMPAT.iterdir(), *(ROOT / "examples").iterdir()])
TOY_PLUGINS = ROOT / "tests" / "plugins"

#: The host messages the rewording test changes, with their new wording;
#: ``game.ending`` gains a third line.
REWORDED = {
    "game.started": "Dealt {title} (seed {seed}).",
    "game.none-in-progress": "there is no game in progress: 'play GAME' starts one",
    "command.unknown": "{word} is not a command{where}{suggestion}; {help} lists the commands",
    "game.ending": "{over}\n{next}\n(A line a later release adds to every ending.)",
}


# -- the comparison -----------------------------------------------------------
def game(text: str) -> Item:
    return Item(text + "\n", (text + "\n",), False)


def host(text: str, *former: str) -> Item:
    wordings = (text + "\n", *(f + "\n" for f in former))
    return Item(wordings[0], wordings, True)


def test_equal_texts_compare_exactly():
    verdict = compare("a\nb\n", [game("a"), host("b")])
    assert verdict.ok and verdict.exact and verdict.host_lines == 0


def test_a_host_line_in_a_former_wording_passes_and_is_counted():
    verdict = compare("board\nold words\n", [game("board"), host("new words", "old words")])
    assert verdict.ok and not verdict.exact and verdict.host_lines == 1


def test_a_host_line_the_expected_file_lacks_passes_and_is_counted():
    verdict = compare("board\nmore\n", [game("board"), host("an ending\nover two lines"), game("more")])
    assert verdict.ok and verdict.host_lines == 2


def test_a_changed_game_line_fails_and_says_where():
    verdict = compare("board\nYou won!\n", [game("board"), game("You lost!")])
    assert not verdict.ok
    assert "expected line 2: 'You won!'" in verdict.problem and "'You lost!'" in verdict.problem


def test_a_missing_game_line_fails():
    assert not compare("board\nYou won!\n", [game("board")]).ok


def test_an_expected_host_line_the_host_no_longer_prints_fails():
    # the host's lines are asserted by id: a line of the expected file that no printed part accounts for fails
    assert not compare("board\nA host line\n", [game("board")]).ok


def test_a_host_line_with_other_arguments_fails():
    printed = say("game.started", title="Aces Up", seed=8)
    item = Item(printed.text + "\n", tuple(w + "\n" for w in printed.wordings()), True)
    assert not compare("Aces Up, seed 7.\n", [item]).ok


def test_game_lines_keep_their_order():
    assert not compare("b\na\n", [game("a"), game("b")]).ok


def test_an_expected_file_without_its_last_newline_fails():
    verdict = compare("board", [game("board")])
    assert not verdict.ok and "no newline" in verdict.problem


# -- a rewording release, against every golden file --------------------------------
def golden_files(*, frozen: bool = True) -> list[tuple[Path, list[str] | None]]:
    """Every golden script of the repository (tests/golden, the compatibility
    packages, the example plugin, the built-in games' tests) with the
    plugins its suite loads (a compatibility package's ini option
    ``cardshell_plugins``); without
    ``frozen``, not those of the frozen packages (``tests/compat/frozen-*``,
    recorded by earlier releases)."""
    found: list[tuple[Path, list[str] | None]] = []
    for path in sorted((ROOT / "tests" / "golden").glob("test_*.cardshell")):
        found.append((path, None))
    for package in (p for p in PACKAGES if (p / "pyproject.toml").is_file()):
        if not frozen and package.name.startswith("frozen-"):
            continue
        settings = tomllib.loads((package / "pyproject.toml").read_text(encoding="utf-8"))
        ini = settings.get("tool", {}).get("pytest", {}).get("ini_options", {}).get("cardshell_plugins")
        plugins = None if ini is None else [name.strip() for name in ini.split(",") if name.strip()]
        for path in sorted((package / "tests").glob("test_*.cardshell")):
            found.append((path, plugins))
    found += [(path, None) for path in sorted(ROOT.glob("plugins/*/tests/test_*.cardshell"))]  # the built-in games'
    return found


#: The compatibility suite's contract-2 package gives its search as the
#: deprecated flat fields, on purpose (docs/compatibility.md): expected here.
pytestmark = pytest.mark.filterwarnings("ignore:.*gives its search as the flat Game fields:DeprecationWarning")


@pytest.fixture(scope="module")
def compat_installed(tmp_path_factory):
    """The compatibility packages importable, with their entry points, as
    ``pip install`` would make them: each package's folder on ``sys.path``
    and a ``*.dist-info`` folder declaring its ``cardshell`` entry points."""
    site = tmp_path_factory.mktemp("site")
    added = [str(site)]
    for package in (p for p in PACKAGES if (p / "pyproject.toml").is_file()):
        project = tomllib.loads((package / "pyproject.toml").read_text(encoding="utf-8"))["project"]
        try:
            importlib.metadata.distribution(project["name"])
            continue  # installed already (the example plugin, by the README's test command)
        except importlib.metadata.PackageNotFoundError:
            pass
        info = site / f"{project['name'].replace('-', '_')}-{project['version']}.dist-info"
        info.mkdir()
        (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {project['name']}\n"
                                       f"Version: {project['version']}\n", encoding="utf-8")
        points = project.get("entry-points", {}).get("cardshell", {})
        (info / "entry_points.txt").write_text(
            "[cardshell]\n" + "".join(f"{name} = {target}\n" for name, target in points.items()), encoding="utf-8")
        added.append(str(package))
    sys.path[:0] = added
    yield
    for entry in added:
        sys.path.remove(entry)


@pytest.fixture
def reworded(monkeypatch):
    """A later release: three host messages reworded and a line added to the
    ending, each earlier wording kept as former (as a release does)."""
    for message_id, text in REWORDED.items():
        old = CATALOG[message_id]
        monkeypatch.setitem(CATALOG, message_id, Message(message_id, text, old.doc, (old.text, *old.former)))


@pytest.mark.usefixtures("compat_installed")
def test_the_golden_files_were_recorded_by_this_release():
    """The premise of the rewording test: every golden file passes byte for byte today."""
    files = golden_files(frozen=False)
    assert len(files) >= 15
    failing = [str(path) for path, plugins in files if check_golden(path, plugins=plugins, strict=True).problems]
    assert failing == []


@pytest.mark.usefixtures("compat_installed", "reworded")
def test_a_rewording_release_fails_no_golden_file_and_strict_mode_shows_exactly_the_reworded_lines():
    reworded_files = 0
    for path, plugins in golden_files():
        check = check_golden(path, plugins=plugins)
        assert check.problems == [], f"{path}: {check.problems}"
        if path.parent.parent.name.startswith("frozen-"):  # recorded by an earlier release: default mode only
            continue
        strict = check_golden(path, plugins=plugins, strict=True)
        changed = [piece for _, piece in strict.result.parts if _reworded(piece)]
        if not changed:
            assert strict.problems == [], path
            continue
        reworded_files += 1
        assert check.host_lines > 0, path
        assert strict.problems, path
        # the strict difference is exactly the reworded lines: putting their former wording back gives the file
        restored_out, restored_err = strict.result.output, strict.result.errors
        for piece in changed:
            former = _former_text(piece)
            restored_out = restored_out.replace(str(piece.text), former)
            restored_err = restored_err.replace(str(piece.text), former)
        assert restored_out == path.with_name(path.name + ".out").read_text(encoding="utf-8"), path
        expected_err = path.with_name(path.name + ".err")
        assert restored_err == (expected_err.read_text(encoding="utf-8") if expected_err.exists() else ""), path
    assert reworded_files >= 5


def test_a_reworded_report_around_a_games_error_fails_no_golden_file(monkeypatch):
    # The FILE:LINE: report on standard error is the host's (script.report) around the game's words.
    old = CATALOG["script.report"]
    monkeypatch.setitem(CATALOG, "script.report",
                        Message("script.report", "{source} line {number}: {message}", old.doc, (old.text,)))
    path = ROOT / "tests" / "golden" / "test_minesweeper_manner.cardshell"
    assert ":7: A cell is missing" in path.with_name(path.name + ".err").read_text(encoding="utf-8")
    assert check_golden(path).problems == []
    strict = check_golden(path, strict=True)
    assert "line 7: A cell is missing" in strict.result.errors and strict.problems


def _reworded(piece: Part) -> bool:
    return piece.message is not None and _mentions_reworded(piece.message)


def _mentions_reworded(text: object) -> bool:
    if not isinstance(text, messages.HostMessage):
        return False
    return text.id in REWORDED or any(_mentions_reworded(value) for value in text.args.values())


def _former_text(piece: Part) -> str:
    """The text a part had before :data:`REWORDED`: every reworded message in it, nested ones too, in its
    former wording."""
    body = piece.body
    if isinstance(body, Laid):
        return body.layout.wrap(_before(body.message))
    return _before(body)


def _before(text: object) -> str:
    if not isinstance(text, messages.HostMessage):
        return text if isinstance(text, str) else ", ".join(text) if isinstance(text, tuple) else str(text)
    message = CATALOG[text.id]
    template = message.former[0] if text.id in REWORDED else message.text
    return template.format_map({name: _before(value) for name, value in text.args.items()})


# -- what a plugin's tests read ------------------------------------------------------
@pytest.fixture
def counter_path(monkeypatch):
    monkeypatch.syspath_prepend(str(TOY_PLUGINS))


@pytest.mark.usefixtures("counter_path")
def test_game_lines_hold_only_the_games_words_and_host_reads_a_message_by_id():
    result = run_cardshell("play counter --seed 5\ninc 2\nnope\n", plugins=[], modules=["toy_counter"])
    assert result.game_lines == ["[0]", "count is now 2", "[2]"]
    assert result.host("game.started") == [{"title": "Counter", "seed": "5"}]
    assert [args["word"] for args in result.host("command.unknown")] == ["'nope'"]
    with pytest.raises(KeyError, match="no host message"):
        result.host("no.such-message")


@pytest.mark.usefixtures("counter_path", "reworded")
def test_game_lines_and_host_messages_survive_a_rewording():
    result = run_cardshell("play counter --seed 5\ninc 2\n", plugins=[], modules=["toy_counter"])
    assert result.lines[0] == "Dealt Counter (seed 5)."
    assert result.game_lines == ["[0]", "count is now 2", "[2]"]
    assert result.host("game.started") == [{"title": "Counter", "seed": "5"}]


@pytest.mark.usefixtures("counter_path")
def test_a_games_error_is_the_games_and_the_usage_the_hosts():
    result = run_cardshell("play counter --seed 5\ninc x\n", plugins=[], modules=["toy_counter"])
    errors = [piece for stream, piece in result.parts if stream == "err"]
    assert [piece.origin for piece in errors][-1] == HOST and errors[-1].message_id == "command.usage"
    assert errors[-1].inline
    assert any(piece.origin in (GAME, HOST) and piece.kind == "error" for piece in errors[:-1])


def test_every_part_of_a_script_joins_to_its_plain_output(counter_path):
    result = run_cardshell("play counter --seed 5\ninc 2\nnope\nundo\nhistory\n", plugins=[],
                           modules=["toy_counter"])
    assert "".join(item.text for item in result.out_items) == result.output
    assert "".join(item.text for item in result.err_items) == result.errors
