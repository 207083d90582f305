"""Plugin failures in play: sys.exit() is a plugin failure (issue 11 item 5),
printing at import stays off stdout (issue 11 item 22), and every report
names the plugin and the file and line that raised, with --traceback for
the whole traceback (issue 13 item 4).

Toy plugins (tests/plugins/): toy_exit (sys.exit in a handler and a hook),
exit_at_import, noisy_import, toy_bad_game (a deal, prompt and outcome that
raise), toy_counter (its ``crash`` command raises RuntimeError).
"""

from __future__ import annotations

import sys
import types
from pathlib import Path

import pytest

import toy_bad_game
import toy_counter
import toy_exit
from cardshell import blame, hookimpl
from cardshell.shell import Shell
from source_lines import line_of, where

NO_INSTALLED = {"CARDSHELL_LOAD_PLUGINS": ""}
EXIT_AT_IMPORT = Path(__file__).resolve().parent / "plugins" / "exit_at_import.py"


# -- sys.exit() ------------------------------------------------------------------------

def test_sys_exit_in_a_handler_is_an_internal_error_of_the_plugin_and_changes_nothing():
    shell = Shell.create(plugins=[], extra_modules=["toy_counter", "toy_exit"])
    shell.execute("play counter --seed 1")
    shell.execute("inc 1")
    reply = shell.execute("bail")
    assert not reply.ok
    assert reply.error == ("internal error in plugin 'toy_exit': SystemExit: 7 (game 'counter' rolled back to "
                           f"before the command) (raised at {where(toy_exit, 'sys.exit(7)')})")
    assert shell.current.state.count == 1 and shell.current.log == ["inc 1"]
    assert shell.execute("inc 1").ok


def test_sys_exit_in_a_hook_is_reported_and_the_game_starts():
    shell = Shell.create(plugins=[], extra_modules=["toy_counter", "toy_exit"])
    reply = shell.execute("play counter --seed 1")
    assert reply.ok and reply.output == "Counter, seed 1.\n[0]"
    assert reply.warnings == [f"plugin 'toy_exit' failed in cardshell_game_started "
                              f"({where(toy_exit, 'sys.exit()')}): SystemExit"]


def test_sys_exit_in_play_ends_neither_the_script_nor_the_autosave(run_cli, tmp_path):
    result = run_cli("--plugin", "toy_counter", "--plugin", "toy_exit", "--autosave",
                     stdin="play counter --seed 1\ninc 1\nbail\ninc 1\n", env=NO_INSTALLED)
    assert result.returncode == 1  # one rejected line
    assert result.stdout.endswith("count is now 2\n[2]\nSaved Counter (seed 1, 2 moves): 'play counter' resumes it.\n")
    assert "<stdin>:3: internal error in plugin 'toy_exit': " in result.stderr
    assert "Traceback" not in result.stderr


def test_sys_exit_at_import_is_a_failed_plugin_and_plugins_still_works(run_cli):
    result = run_cli("--plugin", "exit_at_import", "plugins", env=NO_INSTALLED)
    assert result.returncode == 0, result.stderr
    assert result.stdout.endswith(
        f"Failed plugins:\n  exit_at_import: failed to import: SystemExit: 3 "
        f"(at {EXIT_AT_IMPORT}:{line_of(EXIT_AT_IMPORT, 'sys.exit(3)')})\n")


# -- printing at import -------------------------------------------------------------------------

def test_a_plugin_printing_at_import_and_registration_writes_to_stderr_not_stdout(run_cli):
    result = run_cli("--plugin", "noisy_import", "--plugin", "toy_counter",
                     stdin="play counter --seed 2\n", env=NO_INSTALLED)
    assert result.returncode == 0
    assert result.stdout == "Counter, seed 2.\n[0]\n"
    assert result.stderr == ("noisy_import: hello from the import\n"
                             "noisy_import: hello from cardshell_games\n")


# -- the one-line report and --traceback -----------------------------------------------------

CRASH = ("internal error in plugin 'toy_counter': RuntimeError: boom (game 'counter' rolled back to before the "
         f"command) (raised at {where(toy_counter, 'boom')})")


def test_the_report_gives_the_plugins_file_and_line():
    shell = Shell.create(plugins=[], extra_modules=["toy_counter"])
    shell.execute("play counter --seed 1")
    assert shell.execute("crash").error == CRASH


@pytest.mark.parametrize("switch", [("--traceback",), ()])
def test_traceback_shows_the_plugins_traceback_on_stderr(run_cli, switch):
    env = dict(NO_INSTALLED) if switch else dict(NO_INSTALLED, CARDSHELL_TRACEBACK="1")
    result = run_cli(*switch, "--plugin", "toy_counter", stdin="play counter --seed 1\ncrash\n", env=env)
    assert result.returncode == 1
    assert "Traceback" not in result.stdout
    traceback, _, report = result.stderr.partition("RuntimeError: boom\n")
    assert traceback.startswith("Traceback (most recent call last):\n")
    assert f'toy_counter.py", line {line_of(toy_counter, "boom")}, in crash' in traceback
    assert "shell.py" not in traceback  # the host's dispatch is left out
    assert report == f"<stdin>:2: {CRASH}\n"


def test_no_traceback_without_the_switch(run_cli):
    result = run_cli("--plugin", "toy_counter", stdin="play counter --seed 1\ncrash\n",
                     env=dict(NO_INSTALLED, CARDSHELL_TRACEBACK="0"))
    assert "Traceback" not in result.stderr and CRASH in result.stderr


def test_traceback_of_a_failing_hook_is_printed_once(run_cli):
    result = run_cli("--traceback", "--plugin", "toy_counter", "--plugin", "toy_exit",
                     stdin="play counter --seed 1\nrestart\n", env=NO_INSTALLED)
    assert result.returncode == 0
    assert result.stderr.count("Traceback (most recent call last):\n") == 1
    assert f'toy_exit.py", line {line_of(toy_exit, "sys.exit()")}, in cardshell_game_started' in result.stderr


def test_an_error_in_a_games_deal_is_blamed_on_the_game_not_the_host():
    shell = Shell.create(plugins=[], extra_modules=["toy_bad_game"])
    reply = shell.execute("play bad-new --seed 5")
    assert reply.error == ("internal error in plugin 'toy_bad_game': ZeroDivisionError: division by zero "
                           f"(raised at {where(toy_bad_game, 'seed / 0')})")
    assert shell.current is None and shell.sessions == {}


def test_an_error_in_a_games_prompt_is_reported_once_and_the_plain_prompt_is_used():
    shell = Shell.create(plugins=[], extra_modules=["toy_bad_game"])
    shell.execute("play bad-prompt --seed 5")
    assert shell.prompt_text() == "bad-prompt> "
    assert shell.prompt_text() == "bad-prompt> "
    reply = shell.execute("bump")
    prompt_problem = (f"plugin 'toy_bad_game' failed in prompt of game 'bad-prompt' "
                      f"({where(toy_bad_game, 'no question')}): AttributeError: no question")
    outcome_problem = (f"plugin 'toy_bad_game' failed in outcome of game 'bad-prompt' "
                       f"({where(toy_bad_game, 'cannot tell')}): TypeError: cannot tell")
    assert reply.ok and reply.warnings == [prompt_problem, outcome_problem]
    shell.prompt_text()
    assert shell.execute("bump").warnings == []


def test_a_prompt_failure_in_an_echoed_script_is_a_warning_on_stderr(run_cli):
    result = run_cli("--echo", "--plugin", "toy_bad_game", stdin="play bad-prompt --seed 1\nbump\nbump\n",
                     env=NO_INSTALLED)
    assert result.stdout == "cardshell> play bad-prompt --seed 1\nBad prompt, seed 1.\n<0>\n" \
                            "bad-prompt> bump\n<1>\nbad-prompt> bump\n<2>\n"
    assert result.stderr.splitlines() == [
        f"<stdin>:2: warning: plugin 'toy_bad_game' failed in prompt of game 'bad-prompt' "
        f"({where(toy_bad_game, 'no question')}): AttributeError: no question",
        f"<stdin>:2: warning: plugin 'toy_bad_game' failed in outcome of game 'bad-prompt' "
        f"({where(toy_bad_game, 'cannot tell')}): TypeError: cannot tell",
    ]


def test_sys_exit_in_a_registration_hook_refuses_only_that_plugin(tmp_path):
    plugin = tmp_path / "exits_registering.py"
    plugin.write_text("import sys\nimport cardshell\n\n@cardshell.hookimpl\ndef cardshell_games():\n"
                      "    sys.exit(2)\n")
    shell = Shell.create(plugins=[], extra_modules=[str(plugin), "toy_counter"])
    assert [(f.name, f.reason) for f in shell.failures] == [
        ("exits_registering", "raised in cardshell_games (exits_registering.py:6): SystemExit: 2")]
    assert "counter" in shell.games


# -- the host's own SystemExit still ends the program -------------------------------------

def _host_exit():
    """A function whose code lies in the host's package, as a front end's signal
    handler would (SystemExit raised there must pass through the shell)."""
    namespace: dict = {}
    exec(compile("def stop():\n    raise SystemExit(143)\n", str(Path(blame.HOST_DIR) / "signals.py"), "exec"),
         namespace)
    return namespace["stop"]


def test_a_system_exit_raised_by_the_host_is_not_a_plugin_failure():
    stop = _host_exit()
    with pytest.raises(SystemExit) as caught:
        stop()
    assert not blame.is_plugin_failure(caught.value)
    try:
        sys.exit(1)
    except SystemExit as exc:
        assert blame.is_plugin_failure(exc)  # raised here, outside the host
    assert not blame.is_plugin_failure(KeyboardInterrupt())


def test_the_hosts_system_exit_during_a_command_passes_through_the_shell():
    stop = _host_exit()
    shell = Shell.create(plugins=[], extra_modules=["toy_counter"])
    shell.pm.register(types.SimpleNamespace(cardshell_game_started=hookimpl(lambda session: stop())), name="sig")
    with pytest.raises(SystemExit):
        shell.execute("play counter --seed 1")


def test_a_save_whose_deal_fails_on_replay_names_the_file_and_line(monkeypatch):
    shell = Shell.create(plugins=[], extra_modules=["toy_bad_game"])
    shell.execute("play flaky --seed 3")
    shell.execute("bump")
    assert shell.execute("save mine").ok
    monkeypatch.setattr(toy_bad_game, "BREAK_DEAL", True)
    assert shell.execute("load mine").error == (
        f"save 'mine' cannot be resumed: Flaky failed to deal ({where(toy_bad_game, 'the deal broke')}): "
        "RuntimeError: the deal broke")
