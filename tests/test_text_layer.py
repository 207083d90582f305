"""The text layer: a host message is data until a front end prints it, text
out of plugin code is never the host's, and host lines break between words
at any width."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from cardshell import interactive, layout, messages
from cardshell.messages import say
from cardshell.render import Laid, Layout, for_terminal, laid, text_of
from cardshell.reply import GAME, HOST
from cardshell.shell import Shell

PLUGINS = Path(__file__).parent / "plugins"


@pytest.fixture
def echo_shell(monkeypatch, tmp_path):
    monkeypatch.syspath_prepend(str(PLUGINS))
    shell = Shell.create(plugins=[], extra_modules=["host_words_plugin"], data_dir=tmp_path / "data",
                         autosave=False)
    assert shell.execute("play echo --seed 1").ok
    return shell


# -- a plugin never speaks as the host ---------------------------------------------
def test_a_handlers_say_is_the_games_output_without_a_host_id(echo_shell):
    reply = echo_shell.execute("speak")
    assert reply.ok and "interrupted; nothing was changed" in reply.output
    spoken = [piece for piece in reply.parts if piece.text == "interrupted; nothing was changed"]
    assert [(piece.origin, piece.message_id, piece.plugin) for piece in spoken] == [(GAME, None, "host_words_plugin")]
    assert all(piece.origin == GAME and piece.message_id is None for piece in reply.parts)


def test_a_render_built_with_say_is_the_games_board(echo_shell):
    reply = echo_shell.execute("speak")
    [board] = [piece for piece in reply.parts if piece.kind == "board"]
    assert (board.origin, board.message_id, board.text) == (GAME, None, "> said 1")


def test_a_command_error_built_with_say_is_the_games_error(echo_shell):
    reply = echo_shell.execute("refuse")
    assert not reply.ok and reply.error == say("game.none-in-progress").text
    assert [(piece.origin, piece.message_id, piece.plugin)
            for piece in reply.error_as_parts()] == [(GAME, None, "host_words_plugin")]


def test_the_porcelain_names_the_game_for_a_plugins_say(tmp_path):
    env = {"PYTHONPATH": str(PLUGINS), "CARDSHELL_LOAD_PLUGINS": "", "PATH": "/usr/bin:/bin",
           "HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path / "xdg")}
    done = subprocess.run([sys.executable, "-m", "cardshell", "--jsonl", "--plugin", "host_words_plugin",
                           "--data-dir", str(tmp_path / "data"),
                           "--no-autosave"], input="play echo --seed 1\nspeak\nrefuse\n", capture_output=True,
                          text=True, env=env, timeout=120, check=False)
    records = [json.loads(line) for line in done.stdout.splitlines()]
    spoken = [r for r in records if r.get("text") == "interrupted; nothing was changed"]
    refused = [r for r in records if r.get("text") == say("game.none-in-progress").text]
    assert spoken and refused, done.stdout + done.stderr
    assert {(r["origin"], r["id"]) for r in spoken + refused} == {("game", None)}


def test_the_hosts_own_lines_keep_their_ids(echo_shell):
    reply = echo_shell.execute("nosuchcommand")
    assert [piece.message_id for piece in reply.error_as_parts()] == ["command.unknown"]
    assert reply.error_as_parts()[0].origin == HOST


# -- a host message is data until printed -------------------------------------------
def test_a_host_message_is_not_text_until_printed():
    said = say("game.started", title="Aces Up", seed=7)
    with pytest.raises(TypeError):
        f"{said}"  # noqa: B018
    assert text_of(said) == "Aces Up, seed 7." and said.args["seed"] == 7


def test_the_layout_is_one_value_the_renderer_receives():
    said = say("game.started", title="A game with a rather long title", seed=123456)
    assert Layout(24, "  ").wrap(said.text) == "A game with a rather\n  long title, seed\n  123456."
    assert laid(said, 24, "  ") == Laid(said, Layout(24, "  "))
    assert Layout(None).wrap(said.text) == said.text


# -- width: no host line breaks inside a word ---------------------------------------
LONG = say("terminal.left-in-progress", title="Thumb and Pouch", game="thumb-and-pouch")


@pytest.mark.parametrize("width", [40, 60, 80, 200])
def test_ctrl_d_says_where_the_game_is_without_breaking_a_word(width):
    out = io.StringIO()
    interactive.say(LONG, out, width=width)
    lines = out.getvalue().rstrip("\n").split("\n")
    assert all(len(line) <= width for line in lines), lines
    assert " ".join(line.strip() for line in lines) == LONG.text  # every word whole
    assert "'play thumb-and-pouch'" in out.getvalue().replace("\n  ", " ")


@pytest.mark.parametrize("width", [40, 60, 80, 200])
def test_host_lines_at_a_terminal_break_only_between_words(width, echo_shell):
    words = {word for line in layout.wrap(LONG.text, None).split("\n") for word in line.split()}
    shown = for_terminal(LONG, width)
    assert {word for line in shown.split("\n") for word in line.split()} == words
    assert all(len(line) <= width for line in shown.split("\n"))
    # the help menu and the game list, laid out by the host at the width
    for command in ("help", "games", "help speak"):
        echo_shell.front_end.columns = width
        for line in echo_shell.execute(command).output.split("\n"):
            assert len(line) <= width or len(line.split()) == 1, (command, line)


@pytest.mark.parametrize("width", [40, 60, 80, 200])
def test_an_interrupted_commands_note_breaks_between_words(width, echo_shell):
    echo_shell.front_end.columns = width
    reply = echo_shell.execute("stop")
    assert reply.interrupted and not reply.ok
    lines = reply.error.split("\n")
    path = "/home/player/.local/share/cardshell/winnability.sqlite3;"
    assert all(len(line) <= width or line.strip() == path for line in lines), lines
    assert path in [word for line in lines for word in line.split()]  # the path whole, on one line
    # noted by the game's code: the game's words, though made with the host's say()
    assert [(piece.origin, piece.message_id) for piece in reply.error_as_parts()] == [(GAME, None)]


def test_a_message_nobody_reads_is_never_formatted(monkeypatch):
    made = []
    original = messages.HostMessage.text.fget
    monkeypatch.setattr(messages.HostMessage, "text", property(lambda self: made.append(self.id) or original(self)))
    labels = [say("plugin.hook-of-game", function="legal_moves", game="'x'") for _ in range(100)]
    assert made == [] and len(labels) == 100
