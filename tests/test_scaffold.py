"""``new-plugin NAME`` writes a working plugin distribution (issue 13 item 7),
safely (issue 26 item 4): taken names are refused saying by what, the folder
appears complete or not at all, the next steps use the running interpreter,
and the game it writes installs, plays and passes its own tests."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from cardshell import scaffold
from cardshell.contractcheck import check_game
from cardshell.errors import CommandError, UsageError
from cardshell.scaffold import write_plugin
from cardshell.shell import Shell
from cardshell.testing import run_cardshell


@pytest.fixture
def out(tmp_path):
    """An empty folder to write in (tmp_path holds the test's HOME: tests/conftest.py)."""
    folder = tmp_path / "out"
    folder.mkdir()
    return folder


def _forget(module: str) -> None:
    for name in [m for m in sys.modules if m == module or m.startswith(module + ".")]:
        del sys.modules[name]


def test_the_written_distribution_declares_its_entry_point_and_plays(tmp_path):
    target = write_plugin("demo-game", tmp_path)
    project = tomllib.loads((target / "pyproject.toml").read_text())
    assert project["project"]["entry-points"]["cardshell"] == {"demo-game": "cardshell_demo_game.plugin"}
    assert project["tool"]["pytest"]["ini_options"]["cardshell_plugins"] == "demo-game"
    golden = target / "tests" / "test_play.cardshell"
    sys.path.insert(0, str(target))
    try:
        # The golden files hold what the game prints, and the game keeps the contract.
        result = run_cardshell(golden, plugins=[], modules=["cardshell_demo_game.plugin"], echo=True)
        assert result.output == (target / "tests" / "test_play.cardshell.out").read_text()
        assert "Legal moves: take 1, take 3, draw" in result.output and "Hint: take 1 (wins in" in result.output
        assert result.status == int((target / "tests" / "test_play.cardshell.status").read_text())
        for seed in range(5):
            check_game("demo-game", seed, plugins=[], extra_modules=["cardshell_demo_game.plugin"])
    finally:
        sys.path.remove(str(target))
        _forget("cardshell_demo_game")


def test_the_written_distribution_ships_a_rules_page_and_a_readme_of_its_own_game(tmp_path):
    target = write_plugin("demo-game", tmp_path)
    page = (target / "cardshell_demo_game" / "RULES.md").read_text()
    assert page.splitlines()[0] == "# Demo Game (demo-game)"
    assert "## How to play" in page and "## How it ends" in page and "## Commands" in page
    assert max(len(line) for line in page.splitlines()) <= 78
    project = tomllib.loads((target / "pyproject.toml").read_text())
    assert project["tool"]["setuptools"]["package-data"] == {"cardshell_demo_game": ["RULES.md"]}
    readme = (target / "README.md").read_text()
    assert readme.startswith("# Demo Game\n") and "Demo Game (`demo-game`) is a game" in readme
    assert "cardshell_demo_game/RULES.md" in readme
    sys.path.insert(0, str(target))
    try:
        shell = Shell.create(plugins=[], extra_modules=["cardshell_demo_game.plugin"], seed=0, autosave=False)
        shown = shell.execute("help demo-game").output
        assert "Clear the columns to win" in shown
    finally:
        sys.path.remove(str(target))
        _forget("cardshell_demo_game")


def test_the_game_deals_cards_from_the_toolkits_seeded_generator(tmp_path):
    """Golf over cardshell.cards, shuffled by cardshell.rng.GameRandom: the same seed, the same deal."""
    from cardshell.cards import Card, shuffled_deck
    from cardshell.rng import GameRandom

    target = write_plugin("golfer", tmp_path)
    sys.path.insert(0, str(target))
    try:
        from cardshell_golfer import rules  # type: ignore[import-not-found]

        state = rules.new(11)
        deck = shuffled_deck(GameRandom(11))
        assert state.columns[0] == tuple(deck[:rules.DEPTH]) and all(isinstance(c, Card) for c in state.stock)
        assert rules.new(11) == state and hash(rules.new(11)) == hash(state)
        with pytest.raises(AttributeError):
            state.stock = ()  # type: ignore[misc]  # frozen: contract 2
    finally:
        sys.path.remove(str(target))
        _forget("cardshell_golfer")


@pytest.mark.parametrize("name", ["Demo", "1demo", "demo_", "demo-", "", "x" * 41, "../evil"])
def test_bad_names_are_refused(tmp_path, name):
    parent = tmp_path / "out"
    parent.mkdir()
    with pytest.raises(UsageError):
        write_plugin(name, parent)
    assert list(parent.iterdir()) == []


@pytest.mark.parametrize(("name", "because"), [
    ("aces-up", "the import package 'cardshell_aces_up' is installed (built into cardshell)"),
    ("aces-up", "the entry point 'aces-up' of the 'cardshell' group is installed (by cardshell)"),
    ("stats", "the entry point 'stats' of the 'cardshell' group is installed (by cardshell)"),
    ("minesweeper", "the import package 'cardshell_minesweeper' is installed (built into cardshell)"),
    ("pytest", "the distribution 'pytest' "),
    ("pytest", "the import package 'pytest' is installed (by the distribution pytest)"),
    ("cardshell", "the distribution 'cardshell' "),
    ("higher-lower", "the distribution 'cardshell-higher-lower' "),  # a third-party plugin (tests/conftest.py)
    ("random", "the module 'random' is installed (Python's standard library)"),
])
def test_a_name_already_used_is_refused_saying_by_what(out, name, because):
    with pytest.raises(CommandError) as refused:
        write_plugin(name, out)
    assert str(refused.value).startswith(f"cannot use the name {name!r}: ")
    assert because in str(refused.value)
    assert list(out.iterdir()) == []


def test_a_registered_game_id_is_refused_too(out, monkeypatch):
    monkeypatch.chdir(out)
    shell = Shell.create(plugins=[], extra_modules=["toy_counter"])
    reply = shell.execute("new-plugin counter")
    assert not reply.ok and "a game 'counter' is registered" in reply.error
    assert list(out.iterdir()) == []


def test_new_plugin_minesweeper_with_an_empty_plugin_index_is_a_clear_refusal(tmp_path, run_cli):
    """Before: an internal error (the built-in package was imported as the new one) and a half-written folder."""
    work = tmp_path / "work"
    work.mkdir()
    for cache in (tmp_path / "empty-cache", tmp_path / "missing-cache"):
        if cache.name.startswith("empty"):
            cache.mkdir()
        done = subprocess.run([sys.executable, "-m", "cardshell", "new-plugin", "minesweeper"], cwd=work,
                              capture_output=True, text=True, encoding="utf-8",
                              env=dict(os.environ, CARDSHELL_CACHE_DIR=str(cache)))
        assert done.returncode == 1 and "internal error" not in done.stderr
        assert done.stderr.startswith("<command line>:1: cannot use the name 'minesweeper': ")
        assert list(work.iterdir()) == []


def test_an_existing_folder_is_never_overwritten(out):
    (out / "demo").mkdir()
    (out / "demo" / "keep.txt").write_text("mine")
    with pytest.raises(CommandError, match="exists already"):
        write_plugin("demo", out)
    assert (out / "demo" / "keep.txt").read_text() == "mine"
    assert sorted(path.name for path in out.iterdir()) == ["demo"]


@pytest.mark.parametrize("failure", [OSError(28, "No space left on device"), RuntimeError("a bug"),
                                     KeyboardInterrupt()])
def test_a_failure_half_way_leaves_nothing_behind(out, monkeypatch, failure):
    """The failure comes after every source file is written, while the golden files are made."""
    written = []

    def fail(script, module, source, root):
        written.extend(sorted(str(p.relative_to(out)) for p in out.rglob("*.py")))
        raise failure

    real = scaffold._run_golden
    monkeypatch.setattr(scaffold, "_run_golden", fail)
    before_path = list(sys.path)
    with pytest.raises(CommandError if isinstance(failure, OSError) else type(failure)) as raised:
        write_plugin("demo", out)
    assert len(written) == 4 and all(path.startswith(".demo.") for path in written)  # staged beside the target
    assert list(out.iterdir()) == []  # neither the folder nor the staging folder
    assert sys.path == before_path and "cardshell_demo" not in sys.modules
    if isinstance(failure, OSError):
        assert str(raised.value) == (f"cannot write {out / 'demo'}: No space left on device; "
                                     "nothing was written")
    monkeypatch.setattr(scaffold, "_run_golden", real)
    write_plugin("demo", out)  # and the same name works at once afterwards
    assert (out / "demo" / "tests" / "test_play.cardshell.out").is_file()


def test_the_folder_gets_the_permissions_of_a_plain_mkdir(tmp_path):
    (tmp_path / "plain").mkdir()
    target = write_plugin("demo", tmp_path)
    assert target.stat().st_mode == (tmp_path / "plain").stat().st_mode


def test_new_plugin_is_a_shell_command_that_gives_the_next_steps_with_this_python(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    shell = Shell.create(plugins=[])
    reply = shell.execute("new-plugin demo")
    assert reply.ok and reply.output.startswith(
        f"Wrote {tmp_path / 'demo'}: the game 'demo' (distribution cardshell-demo, package cardshell_demo).")
    python = shlex.quote(sys.executable)
    assert f"  {python} -m pip install -e './demo[test]'" in reply.output.splitlines()  # editable
    assert f"  {python} -m pytest ./demo" in reply.output.splitlines()
    assert (tmp_path / "demo" / "cardshell_demo" / "plugin.py").is_file()
    assert not shell.execute("new-plugin a b").ok


def test_the_next_steps_name_a_folder_outside_the_current_one_by_its_path(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    steps = scaffold.next_steps(Path("/elsewhere/my game"), "mine", python="/opt/py 3/bin/python")
    assert steps.text.splitlines()[1] == "  '/opt/py 3/bin/python' -m pip install -e '/elsewhere/my game[test]'"


def test_new_plugin_works_where_pytest_is_not_installed(tmp_path):
    """A player's cardshell need not have pytest: writing the golden files must not import it."""
    code = ("import sys\nsys.modules['pytest'] = None  # importing pytest now fails\n"
            "from pathlib import Path\nfrom cardshell.cli import main\n"
            "sys.exit(main(['--data-dir', sys.argv[1], 'new-plugin', 'demo']))\n")
    done = subprocess.run([sys.executable, "-c", code, str(tmp_path / "data")], cwd=tmp_path, capture_output=True,
                          text=True, encoding="utf-8")
    assert done.returncode == 0, done.stderr
    assert "pytest" not in done.stderr
    out = (tmp_path / "demo" / "tests" / "test_play.cardshell.out").read_text(encoding="utf-8")
    assert "Legal moves: take 1, take 3, draw" in out


# -- the written plugin installs, plays and passes its own tests --------------------------

def _stand_in_install(target: Path, site: Path) -> None:
    """What ``pip install`` leaves for importlib.metadata to find: a dist-info
    with the metadata and the entry points the written pyproject.toml
    declares (the package itself is found on PYTHONPATH).  The suite never
    installs into its own environment."""
    project = tomllib.loads((target / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    info = site / f"{project['name'].replace('-', '_')}-{project['version']}.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {project['name']}\nVersion: {project['version']}\n",
                                   encoding="utf-8")
    groups = project["entry-points"]
    (info / "entry_points.txt").write_text(
        "".join(f"[{group}]\n" + "".join(f"{name} = {value}\n" for name, value in entries.items())
                for group, entries in groups.items()), encoding="utf-8")


def test_the_written_plugin_is_listed_plays_and_passes_its_own_tests(tmp_path):
    target = write_plugin("mygame", tmp_path)
    site = tmp_path / "site"
    _stand_in_install(target, site)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(target), str(site)]),
               CARDSHELL_CACHE_DIR=str(tmp_path / "cache"), CARDSHELL_DATA_DIR=str(tmp_path / "data"))
    env.pop("CARDSHELL_LOAD_PLUGINS", None)

    def cardshell(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "cardshell", *args], input=stdin, capture_output=True,
                              text=True, encoding="utf-8", env=env, cwd=tmp_path)

    listed = cardshell("games")
    assert listed.returncode == 0, listed.stderr
    assert any(line.split()[:1] == ["mygame"] and "Golf patience" in line for line in listed.stdout.splitlines())
    played = cardshell(stdin="play mygame --seed 2\ntake 1\nmoves\n")
    assert played.returncode == 0 and played.stderr == ""
    assert "Foundation: 10♣   Stock: 16 cards" in played.stdout
    assert played.stdout.rstrip().endswith("Legal moves: take 4, draw")
    # Loaded by --plugin as well (no entry point needed).
    alone = subprocess.run([sys.executable, "-m", "cardshell", "--plugin", "cardshell_mygame.plugin"],
                           input="play mygame --seed 2\n", capture_output=True, text=True, encoding="utf-8",
                           env=dict(env, PYTHONPATH=str(target), CARDSHELL_LOAD_PLUGINS=""), cwd=tmp_path)
    assert alone.returncode == 0 and alone.stdout.startswith("Mygame, seed 2.")
    # Its own tests: the rules, the contract check under hypothesis, the golden game.
    tests = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:xdist"],
                           capture_output=True, text=True, encoding="utf-8", env=env, cwd=target)
    assert tests.returncode == 0, tests.stdout + tests.stderr
    assert "6 passed" in tests.stdout


def test_the_templates_are_package_data_that_a_wheel_ships():
    root = Path(scaffold.__file__).resolve().parent.parent
    shipped = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["package-data"]
    package = root / "cardshell"
    data = sorted(path.relative_to(package) for path in package.rglob("*")
                  if path.is_file() and path.suffix not in (".py", ".pyc"))
    assert data and all(any(path.match(pattern) for pattern in shipped["cardshell"]) for path in data), data
    templates = {name for name, _ in scaffold.FILES} | {scaffold.GOLDEN[0]}
    assert {path.name for path in data if path.suffix == ".tmpl"} == templates  # each used, none missing


def test_a_missing_template_is_a_clear_error():
    with pytest.raises(FileNotFoundError):
        scaffold.template("nosuch.tmpl")
