"""Every built-in game ships its rules page (issue 12 item 2), written for
players (issue 27 item 3).

The page is ``RULES.md`` in the game's own package (package data, listed in
pyproject.toml), loadable with :mod:`importlib.resources`; it starts with the
title line ``# Title (game id)``, names (in backquotes, as typed) every
command word the game registers and every option of ``play``, and fits a
terminal: no line over 78 characters.  It is short (what the game is, how to
play, the commands, how it ends, the options) and says nothing meant for
developers: the hand-out, its settlement and our choices are in ``NOTES.md``
beside it, never shown.  ``rules`` shows the page rendered: no Markdown
mark reaches the terminal.  docs/games/README.md indexes both.
"""

from __future__ import annotations

import importlib
import re
import shutil
import subprocess
import sys
from importlib import metadata, resources
from pathlib import Path

import pytest

from cardshell.records import Game
from cardshell.shell import Shell

ROOT = Path(__file__).resolve().parent.parent
INDEX = ROOT / "docs" / "games" / "README.md"
PAGE = "RULES.md"
WIDTH = 78

#: The seven built-in games; the test fails if one is added without a page.
BUILT_IN = ("aces-up", "thumb-and-pouch", "pictures", "up-and-down", "minesweeper", "blackjack", "snap", "crazy-eights")

_CODE = re.compile(r"`([^`]+)`")
_TAG = re.compile(r"</?[A-Za-z][^>]*>")


def built_in_games() -> dict[str, tuple[Game, str, str]]:
    """The games registered by the cardshell distribution's own entry points.

    Returns:
        dict[str, tuple[Game, str, str]]: game id -> (the Game record, its
        package name such as ``cardshell_aces_up``, the entry point name).
    """
    games = {}
    for ep in metadata.distribution("cardshell").entry_points:
        if ep.group != "cardshell":
            continue
        module = importlib.import_module(ep.value)
        for game in getattr(module, "cardshell_games", list)():
            games[game.id] = (game, module.__name__.partition(".")[0], ep.name)
    return games


GAMES = built_in_games()


def read_page(package: str) -> str:
    """The rules page of ``package`` as installed, read with importlib.resources."""
    page = resources.files(package).joinpath(PAGE)
    assert page.is_file(), f"{package} has no {PAGE}"
    return page.read_text(encoding="utf-8")


def code_words(text: str) -> set[str]:
    """Every whitespace-separated word inside a backquoted span of ``text``."""
    return {word for span in _CODE.findall(text) for word in span.split()}


def command_words(game_id: str, entry_point: str) -> tuple[set[str], bool]:
    """The words a game registers, as a shell built from its entry point sees them.

    Returns:
        tuple[set[str], bool]: command names and aliases, the words of a
        pattern command's usage (``a5 | a5f`` gives ``a5`` and ``a5f``), and
        the game's own letters for host commands (``Game.host_aliases``);
        then whether the game's words are case-sensitive.
    """
    shell = Shell.create(plugins=[entry_point], autosave=False)
    registry = shell.registry
    scope = registry.scope(game_id)
    owner = registry.game_plugins[game_id]
    words = set(scope.game.host_aliases)
    for entry in scope.entries:
        if entry.plugin != owner:
            continue
        command = entry.command
        if command.pattern is None:
            words.update(command.words)
        else:
            words.update(word for word in command.usage.split() if word != "|")
    return words, scope.case_sensitive


def unnamed(text: str, words: set[str], case_sensitive: bool) -> set[str]:
    """The words of ``words`` that no backquoted span of ``text`` names."""
    named = code_words(text)
    if case_sensitive:
        return words - named
    lowered = {word.lower() for word in named}
    return {word for word in words if word.lower() not in lowered}


def test_every_built_in_game_is_covered():
    assert set(GAMES) == set(BUILT_IN)


@pytest.mark.parametrize("game_id", BUILT_IN)
def test_the_page_is_installed_and_starts_with_its_title_line(game_id):
    game, package, _ = GAMES[game_id]
    text = read_page(package)
    assert text.splitlines()[0] == f"# {game.title} ({game.id})"
    assert text.endswith("\n") and not text.endswith("\n\n")


@pytest.mark.parametrize("game_id", BUILT_IN)
def test_the_page_fits_a_terminal(game_id):
    text = read_page(GAMES[game_id][1])
    long = [(number, len(line)) for number, line in enumerate(text.splitlines(), 1) if len(line) > WIDTH]
    assert long == [], f"lines over {WIDTH} characters (line, length)"
    assert not any(line != line.rstrip() for line in text.splitlines()), "trailing spaces"
    assert "\t" not in text
    assert _TAG.search(text) is None, "HTML in a terminal page"


@pytest.mark.parametrize("game_id", BUILT_IN)
def test_the_page_names_every_command_word(game_id):
    _, package, entry_point = GAMES[game_id]
    words, case_sensitive = command_words(game_id, entry_point)
    assert words, "the game registers no command word: the check would prove nothing"
    assert unnamed(read_page(package), words, case_sensitive) == set()


@pytest.mark.parametrize("game_id", BUILT_IN)
def test_the_page_names_every_play_option_with_its_default(game_id):
    game, package, _ = GAMES[game_id]
    text = read_page(package)
    named = code_words(text)
    flat = " ".join(text.split())  # a default may sit on the next line
    assert f"play {game_id}" in flat
    assert "--seed" in named  # the host's option of every game
    for option in game.options:
        assert f"--{option.name}" in named, option.name
        if option.default is not None:
            assert f"default {option.default}" in flat or f"default `{option.default}`" in flat, option.name


#: The most lines a player's page has (Markdown source): about two screens.
MAX_PAGE_LINES = 45

#: Words that belong in the developers' notes, not on a player's screen.
DEVELOPER_WORDS = ("hand-out", "CSE 231", "COMP9021", "trailing space", "settled", "NO_COLOR")


@pytest.mark.parametrize("game_id", BUILT_IN)
def test_the_page_has_every_part(game_id):
    text = read_page(GAMES[game_id][1])
    headings = [line for line in text.splitlines() if line.startswith("## ")]
    assert "## How to play" in headings or "## How it plays" in headings
    for part in ("## Commands", "## How it ends", "## Options"):
        assert part in headings, part


@pytest.mark.parametrize("game_id", BUILT_IN)
def test_the_page_is_short_and_for_players(game_id):
    text = read_page(GAMES[game_id][1])
    assert len(text.splitlines()) <= MAX_PAGE_LINES
    assert [word for word in DEVELOPER_WORDS if word.lower() in text.lower()] == []


@pytest.mark.parametrize("game_id", BUILT_IN)
def test_the_developer_notes_are_beside_the_page_and_not_shown(game_id):
    """NOTES.md keeps the full reference (the hand-out's settlement, the
    choices) for developers; ``rules`` never shows it."""
    package = GAMES[game_id][1]
    notes = (ROOT / "plugins" / package / "NOTES.md").read_text(encoding="utf-8")
    assert "## Choices where the hand-out is silent" in notes
    shell = Shell.create(plugins=[GAMES[game_id][2]], autosave=False)
    shown = shell.execute(f"rules {game_id}").output
    assert "hand-out" not in shown and "Choices where" not in shown


@pytest.mark.parametrize("game_id", BUILT_IN)
@pytest.mark.parametrize("width", [40, 80])
def test_the_page_is_shown_rendered(game_id, width):
    """No Markdown mark on the terminal: no heading mark, backquote or
    ``**``; the title line is the game's title; nothing over the width."""
    game = GAMES[game_id][0]
    shell = Shell.create(plugins=[GAMES[game_id][2]], autosave=False)
    shell.front_end.columns = width
    shown = shell.execute(f"rules {game_id}").output
    lines = shown.splitlines()
    assert lines[0] == f"{game.title} ({game.id})"
    assert not any(line.lstrip().startswith("#") for line in lines)
    assert "`" not in shown and "**" not in shown
    assert [line for line in lines if len(line) > width] == []
    assert "Commands" in lines and "Options" in lines


def test_a_word_left_out_of_the_page_is_reported():
    """The word check is not vacuous: blank every span naming ``T`` in Aces
    Up's page and the check reports exactly ``T``."""
    _, package, entry_point = GAMES["aces-up"]
    words, case_sensitive = command_words("aces-up", entry_point)
    text = read_page(package)
    without_t = _CODE.sub(lambda m: "`...`" if "T" in m.group(1).split() else m.group(0), text)
    assert unnamed(without_t, words, case_sensitive) == {"T"}
    # Case: up-and-down is case-sensitive, so `Q` does not name its q.
    assert unnamed("`Q`", {"q"}, True) == {"q"}
    assert unnamed("`Q`", {"q"}, False) == set()


def test_the_index_links_to_every_page():
    text = INDEX.read_text(encoding="utf-8")
    links = re.findall(r"\]\(([^)]+)\)", text)
    targets = {(INDEX.parent / link).resolve() for link in links}
    for game_id in BUILT_IN:
        package = GAMES[game_id][1]
        assert (ROOT / "plugins" / package / PAGE).resolve() in targets, game_id
        assert f"`{game_id}`" in text
    assert all(target.is_file() for target in targets)
    assert max(len(line) for line in text.splitlines()) <= WIDTH


def test_a_build_ships_every_page(tmp_path):
    """``pip install .`` (not editable) installs the pages: setuptools'
    ``build_py``, the step of a wheel build that copies the packages, run
    on a copy of the sources, puts each page beside its package, byte for
    byte.  (The CI installs non-editable, where the tests above read the
    installed pages themselves.)"""
    pytest.importorskip("setuptools", reason="building needs setuptools")
    source = tmp_path / "src"
    source.mkdir()
    ignore = shutil.ignore_patterns("__pycache__", "*.egg-info", "build", "dist")
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, source / name)
    for name in ("cardshell", "plugins"):
        shutil.copytree(ROOT / name, source / name, ignore=ignore)
    out = tmp_path / "lib"
    build = "import setuptools\nsetuptools.setup()"
    done = subprocess.run([sys.executable, "-c", build, "build_py", "--build-lib", str(out)], cwd=source,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert (out / "cardshell_aces_up" / "plugin.py").is_file()  # the packages were built here
    for game_id in BUILT_IN:
        package = GAMES[game_id][1]
        shipped = out / package / PAGE
        assert shipped.is_file(), f"{package}/{PAGE} is not package data"
        assert shipped.read_bytes() == (ROOT / "plugins" / package / PAGE).read_bytes(), game_id
