"""A game installed while the shell runs: ``play GAME`` says to start cardshell again."""

from __future__ import annotations

import sys

import pytest

from cardshell import discovery
from cardshell.shell import Shell


def install_entry_point(root, name: str) -> None:
    """A distribution ``cardshell-NAME`` with the entry point ``NAME`` in the group ``cardshell``, under ``root``."""
    info = root / f"cardshell_{name}-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: cardshell-{name}\nVersion: 0.1\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(f"[cardshell]\n{name} = cardshell_{name}.plugin\n", encoding="utf-8")


@pytest.fixture
def site(tmp_path, monkeypatch):
    monkeypatch.delenv("CARDSHELL_LOAD_PLUGINS", raising=False)
    monkeypatch.delenv("CARDSHELL_DISABLE_PLUGINS", raising=False)
    root = tmp_path / "site"
    root.mkdir()
    monkeypatch.setattr(sys, "path", [str(root), *sys.path])
    return root


def test_a_game_installed_after_the_start_is_named_with_the_way_to_load_it(site, tmp_path):
    shell = Shell.create(autosave=False, data_dir=tmp_path)
    before = shell.execute("play mygame")
    assert not before.ok and "no game 'mygame'" in before.error and "start cardshell again" not in before.error
    install_entry_point(site, "mygame")
    after = shell.execute("play mygame")
    assert not after.ok
    assert after.error == ("no game 'mygame' in this session; installed since cardshell started: 'mygame'; "
                           "exit and start cardshell again to play it")
    assert shell.execute("play aces").ok  # a known game is found as before


def test_a_plugin_left_out_at_start_is_not_offered(site, tmp_path):
    shell = Shell.create(["aces-up"], autosave=False, data_dir=tmp_path)
    install_entry_point(site, "mygame")
    reply = shell.execute("play mygame")
    assert not reply.ok and "start cardshell again" not in reply.error  # --plugins chose what to load
    assert discovery.installed_since(set(), None, ("mygame",)) == [
        name for name in discovery.installed_since(set()) if name != "mygame"]
