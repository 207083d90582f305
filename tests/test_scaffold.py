"""``new-plugin NAME`` writes a working plugin distribution (issue 13 item 7)."""

from __future__ import annotations

import subprocess
import sys
import tomllib

import pytest

from cardshell.contractcheck import check_game
from cardshell.errors import CommandError, UsageError
from cardshell.scaffold import write_plugin
from cardshell.shell import Shell
from cardshell.testing import run_cardshell


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
        assert "Legal moves: take 1, take 2, take 3" in result.output and "Hint: take" in result.output
        assert result.status == int((target / "tests" / "test_play.cardshell.status").read_text())
        for seed in range(5):
            check_game("demo-game", seed, plugins=[], extra_modules=["cardshell_demo_game.plugin"])
    finally:
        sys.path.remove(str(target))
        for name in [m for m in sys.modules if m.startswith("cardshell_demo_game")]:
            del sys.modules[name]


@pytest.mark.parametrize("name", ["Demo", "1demo", "demo_", "demo-", "", "x" * 41, "../evil"])
def test_bad_names_are_refused(tmp_path, name):
    parent = tmp_path / "out"
    parent.mkdir()
    with pytest.raises(UsageError):
        write_plugin(name, parent)
    assert list(parent.iterdir()) == []


def test_an_existing_folder_is_never_overwritten(tmp_path):
    (tmp_path / "demo").mkdir()
    (tmp_path / "demo" / "keep.txt").write_text("mine")
    with pytest.raises(CommandError, match="exists already"):
        write_plugin("demo", tmp_path)
    assert (tmp_path / "demo" / "keep.txt").read_text() == "mine"


def test_new_plugin_is_a_shell_command(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    shell = Shell.create(plugins=[])
    reply = shell.execute("new-plugin demo")
    assert reply.ok and reply.output.startswith(f"Wrote {tmp_path / 'demo'}.")
    assert (tmp_path / "demo" / "cardshell_demo" / "plugin.py").is_file()
    assert not shell.execute("new-plugin a b").ok


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
    assert "Legal moves: take 1, take 2, take 3" in out
