"""The host used the odd ways real users use it: closed or undecodable stdin,
a directory for a script, a recording over its own script, Ctrl-C in a
script, ``help`` on an example of a pattern command.  None may show a
traceback; each has its documented exit status."""

from __future__ import annotations

import io
import os
import subprocess
import sys

import pluggy
import pytest

from cardshell import hookspecs
from cardshell.records import Command, Game
from cardshell.render import text_of
from cardshell.script import EXIT_INTERRUPTED, run_script
from cardshell.shell import Shell
from conftest import TOY_PLUGINS
from terminal import spawn_cardshell


def _cardshell(*args: str, stdin=subprocess.DEVNULL, env: dict[str, str] | None = None, **kwargs):
    """Run ``python -m cardshell`` on bytes; returns the CompletedProcess (bytes)."""
    full_env = dict(os.environ, PYTHONPATH=str(TOY_PLUGINS), CARDSHELL_LOAD_PLUGINS="")
    full_env.update(env or {})
    return subprocess.run([sys.executable, "-m", "cardshell", "--plugin", "toy_counter", *args], stdin=stdin,
                          capture_output=True, env=full_env, timeout=60, **kwargs)


def test_closed_stdin_is_an_empty_script():
    # cardshell <&- : sys.stdin is None in the child; it used to be iterated.
    result = _cardshell(preexec_fn=lambda: os.close(0))
    assert (result.returncode, result.stdout, result.stderr) == (0, b"", b"")


def test_undecodable_stdin_rejects_the_line_instead_of_crashing():
    # PYTHONIOENCODING=utf-8 makes stdin strict, as a UTF-8 locale (not C.UTF-8) does.
    result = _cardshell(input=b"play counter --seed 1\n\xff\xfe\ninc 1\n", stdin=None,
                        env={"PYTHONIOENCODING": "utf-8"})
    stderr = result.stderr.decode("utf-8", "replace")
    assert "Traceback" not in stderr
    assert result.returncode == 1
    assert stderr.startswith("<stdin>:2: ") and stderr.count("\n") == 1
    assert result.stdout.decode().endswith("count is now 1\n[1]\n")  # the run went on


def test_a_directory_is_reported_as_a_directory(tmp_path):
    result = _cardshell(str(tmp_path))
    assert result.returncode == 2
    assert result.stderr.decode() == f"cardshell: {tmp_path}: is a directory, not a script\n"


def test_record_refuses_to_overwrite_the_script_on_stdin(tmp_path):
    script = tmp_path / "session.txt"
    script.write_text("play counter --seed 1\ninc 1\n")
    with script.open("rb") as stdin:
        result = _cardshell("--record", str(script), stdin=stdin)
    assert result.returncode == 2
    assert b"would overwrite the script being read" in result.stderr
    assert script.read_text() == "play counter --seed 1\ninc 1\n"  # not truncated


class _Interrupter:
    """A plugin whose global command is stopped by Ctrl-C, and a game with a pattern command."""

    @hookspecs.hookimpl
    def cardshell_games(self):
        return [Game(id="grid", title="Grid", summary="cells", new=lambda seed, options: 0, render=str)]

    @hookspecs.hookimpl
    def cardshell_commands(self):
        def nap(ctx, args):
            raise KeyboardInterrupt

        def cell(ctx, args):
            ctx.state += 1

        return [
            Command("nap", "stopped by Ctrl-C", nap),
            Command("cell", "open a cell", cell, game="grid", usage="a5", pattern=r"[a-i][1-9]",
                    parse=lambda text: text, help="Type a column letter and a row number."),
        ]


def _shell() -> Shell:
    pm = pluggy.PluginManager(hookspecs.PROJECT)
    pm.add_hookspecs(hookspecs)
    pm.register(_Interrupter(), name="interrupter")
    return Shell(pm, seed=1)


def test_ctrl_c_during_a_command_stops_the_script():
    out, err = io.StringIO(), io.StringIO()
    status = run_script(_shell(), ["games", "nap", "games"], "s.txt", out, err)
    assert status == EXIT_INTERRUPTED
    assert err.getvalue() == "s.txt:2: interrupted; nothing was changed\n"
    assert out.getvalue().count("Games:") == 1  # the line after the interrupted one was not run


def test_help_on_an_example_of_a_pattern_command():
    shell = _shell()
    assert shell.execute("play grid --seed 1").ok
    by_name, by_example = shell.execute("help cell"), shell.execute("help b7")
    assert by_example.ok, by_example.error
    assert by_example.output == by_name.output
    assert by_example.output.startswith("usage: a5\n")
    assert not shell.execute("help z0").ok


def test_an_unusable_history_file_falls_back_to_this_sessions_history(tmp_path):
    from prompt_toolkit.history import FileHistory, InMemoryHistory

    from cardshell.interactive import open_history

    (tmp_path / "history").mkdir()  # the history file is a directory
    history, problem = open_history(tmp_path / "history")
    assert isinstance(history, InMemoryHistory) and "history is not kept" in text_of(problem)
    (tmp_path / "file").write_text("")  # the data directory is a file
    history, problem = open_history(tmp_path / "file" / "history")
    assert isinstance(history, InMemoryHistory) and str(tmp_path / "file") in text_of(problem)
    history, problem = open_history(tmp_path / "new" / "history")
    assert isinstance(history, FileHistory) and problem is None
    assert open_history(None)[1] is None


def test_an_unusable_data_dir_at_a_terminal_is_a_warning_not_a_traceback(tmp_path):
    pexpect = pytest.importorskip("pexpect")
    data = tmp_path / "data"
    data.write_text("not a directory")
    child = spawn_cardshell(data, "")
    child.expect_exact("warning: history is not kept")
    child.expect_exact("cardshell>")
    child.send("exit\r")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert "Traceback" not in child.before


def test_a_quoted_command_runs_whatever_its_length(run_cli):
    """A one-argument command longer than any file name (255 bytes) is a command, not a file to read."""
    done = run_cli("play aces-up --seed 7" + " " * 300)
    assert done.returncode == 0, done.stderr
    assert "Aces Up, seed 7." in done.stdout and "too long" not in done.stderr
