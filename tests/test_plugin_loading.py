"""Loading plugins: a plugin stuck importing is named and Ctrl-C skips it
(issue 11 item 17); unknown hooks and wrapped registration hooks are refused
at load (issue 13 item 2, item 1); CARDSHELL_TRACE_PLUGINS=1 traces every
hook call (issue 13 item 3).

Toy plugins (tests/plugins/): endless_import, misspelt_hook, optional_hook,
wrapped_registration, toy_counter, toy_addon.
"""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import time

from conftest import TOY_PLUGINS

from cardshell import hookcall
from cardshell.defaults import DEFAULT_PLUGINS
from cardshell.shell import Shell
from cardshell.watchdog import ImportWatchdog

# -- a plugin that never finishes importing --------------------------------------------

#: Runs the real CLI with a short watchdog delay (the default is a few seconds).
WATCHED_CLI = ("import sys, cardshell.discovery as d; d.IMPORT_WATCHDOG_SECONDS = 0.3; "
               "from cardshell.cli import main; sys.exit(main(sys.argv[1:]))")


def _read_stderr_until(process: subprocess.Popen, text: str, timeout: float) -> str:
    """What the process wrote on stderr, up to and including ``text`` (or the timeout)."""
    seen = b""
    deadline = time.monotonic() + timeout
    fd = process.stderr.fileno()
    while text.encode() not in seen and time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], max(0.0, deadline - time.monotonic()))
        if not ready:
            break
        chunk = os.read(fd, 4096)
        if not chunk:
            break
        seen += chunk
    return seen.decode()


def test_a_plugin_stuck_importing_is_named_and_ctrl_c_skips_it():
    env = dict(os.environ, PYTHONPATH=str(TOY_PLUGINS), CARDSHELL_LOAD_PLUGINS="aces-up")
    process = subprocess.Popen([sys.executable, "-c", WATCHED_CLI, "--plugin", "endless_import", "plugins"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    try:
        said = _read_stderr_until(process, "Ctrl-C", timeout=20)
        assert said == ("cardshell: plugin 'endless_import' is still importing after 0.3 s; "
                        "press Ctrl-C to skip it\n")
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=20)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    assert process.returncode == 0, err
    out = out.decode()
    assert "  aces-up " in out  # the other plugins loaded and the command ran
    failed = out.partition("Failed plugins:\n")[2]
    assert failed.startswith("  endless_import: import interrupted by Ctrl-C after ") and failed.endswith(
        " s (skipped)\n")


def test_a_quick_import_says_nothing(run_cli):
    result = run_cli("--plugin", "toy_counter", "plugins", env={"CARDSHELL_LOAD_PLUGINS": ""})
    assert result.returncode == 0 and result.stderr == ""


# -- hooks the host does not have --------------------------------------------------------

def test_a_misspelt_hook_refuses_the_plugin_naming_the_closest_hook():
    shell = Shell.create(plugins=[], extra_modules=["misspelt_hook", "toy_counter"])
    assert [(f.name, f.reason) for f in shell.failures] == [
        ("misspelt_hook", "unknown hook 'cardshell_game_ended'; did you mean 'cardshell_game_over'?")]
    assert "misspelt" not in shell.games and "counter" in shell.games
    assert "misspelt_hook" not in shell.execute("plugins").output.partition("Failed plugins:")[0]
    assert shell.pm.get_plugin("misspelt_hook") is None
    shell.pm.check_pending()  # pluggy agrees: nothing unknown is left registered


def test_an_optional_unknown_hook_is_accepted():
    shell = Shell.create(plugins=[], extra_modules=["optional_hook"])
    assert shell.failures == [] and "optional" in shell.games


def test_a_wrapper_around_a_registration_hook_is_refused():
    shell = Shell.create(plugins=[], extra_modules=["wrapped_registration", "toy_counter"])
    assert [(f.name, f.reason) for f in shell.failures] == [
        ("wrapped_registration", "cardshell_games cannot be a wrapper (wrapper=True or hookwrapper=True): "
                                 "a registration hook returns the plugin's own records")]
    assert sorted(shell.games) == ["counter"]


# -- tracing ---------------------------------------------------------------------------------

def test_trace_plugins_prints_every_hook_call_and_result_on_stderr(run_cli):
    env = {"CARDSHELL_LOAD_PLUGINS": "aces-up", "CARDSHELL_TRACE_PLUGINS": "1"}
    script = "play aces-up --seed 7\nD\n"
    traced = run_cli("--plugin", "toy_counter", "--plugin", "toy_addon", stdin=script, env=env)
    plain = run_cli("--plugin", "toy_counter", "--plugin", "toy_addon", stdin=script,
                    env=dict(env, CARDSHELL_TRACE_PLUGINS="0"))
    assert traced.returncode == plain.returncode == 0
    assert traced.stdout == plain.stdout and plain.stderr == ""
    lines = traced.stderr.splitlines()
    assert all(line.startswith("cardshell: trace: ") for line in lines)
    calls = [line.removeprefix("cardshell: trace: ") for line in lines]
    names = [call.partition("(")[0] for call in calls[::2]]
    assert names == ["cardshell_games", "cardshell_commands", "cardshell_game_started", "cardshell_render",
                     "cardshell_command_applied", "cardshell_render"]
    # the plugins in pluggy's call order: the last registered first (the host registers last)
    assert calls[0] == "cardshell_games() [toy_counter, aces-up]"
    defaults = ", ".join(name for name, _ in reversed(DEFAULT_PLUGINS))  # the host's default plugins
    assert calls[2] == f"cardshell_commands() [{defaults}, toy_addon, toy_counter]"
    assert calls[4] == "cardshell_game_started(session=<SessionView aces-up seed 7, 0 moves>) [toy_addon]"
    assert calls[5] == "cardshell_game_started -> []"
    assert calls[8].startswith("cardshell_command_applied(session=") and "line='D'" in calls[8]
    assert calls[11] == "cardshell_render -> None"
    assert max(len(call) for call in calls) == hookcall.TRACE_LINE_MAX  # long values are cut


def test_the_watchdog_names_each_slow_import_once_and_quick_ones_never():
    said: list[str] = []
    with ImportWatchdog(0.05, said.append) as watchdog:
        for name, seconds in [("quick", 0.0), ("slow", 0.4), ("quick-too", 0.0), ("slower", 0.4)]:
            watchdog.importing(name)
            time.sleep(seconds)
            watchdog.finished()
    assert said == [f"cardshell: plugin {name!r} is still importing after 0.05 s; press Ctrl-C to skip it"
                    for name in ("slow", "slower")]
