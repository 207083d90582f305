"""Hooks are called by pluggy's rules, each implementation guarded (issue 13
item 1), and a plugin's problems in play are reported once, on stderr,
naming the plugin (issue 11 item 22).

The toy plugins are tests/plugins/toy_hook_order.py (every calling option)
and tests/plugins/toy_hook_failures.py (implementations that raise).
"""

from __future__ import annotations

from types import SimpleNamespace

import pluggy
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import toy_addon
import toy_hook_failures
import toy_hook_order
from cardshell import hookcall, hookspecs
from cardshell.shell import Shell
from source_lines import where


@pytest.fixture(autouse=True)
def _clear_events():
    for module in (toy_addon, toy_hook_failures, toy_hook_order):
        module.EVENTS.clear()


# -- pluggy's rules ------------------------------------------------------------------

def test_wrappers_tryfirst_and_trylast_run_in_pluggys_order():
    shell = Shell.create(plugins=[], extra_modules=["toy_counter", "toy_hook_order"])
    assert shell.execute("play counter --seed 1").ok
    events = toy_hook_order.EVENTS
    # both wrappers ran, around the plain implementations (which run tryfirst, plain, trylast)
    assert sorted(events[:2]) == ["hookwrapper before", "wrapper before"]
    assert events[2:5] == ["tryfirst", "plain", "trylast"]
    assert sorted(events[5:]) == ["hookwrapper after", "wrapper after"]
    # properly nested: the wrapper entered last is left first
    assert [e.split()[0] for e in events[5:]] == [e.split()[0] for e in reversed(events[:2])]


def test_the_order_is_exactly_pluggys_own():
    shell = Shell.create(plugins=[], extra_modules=["toy_counter", "toy_hook_order"])
    shell.execute("play counter --seed 1")
    guarded = list(toy_hook_order.EVENTS)
    toy_hook_order.EVENTS.clear()
    shell.pm.hook.cardshell_game_started(session=shell.current)  # pluggy itself, unguarded
    assert guarded == toy_hook_order.EVENTS


def test_a_wrapper_changes_the_firstresult_display():
    shell = Shell.create(plugins=[], extra_modules=["toy_counter", "toy_hook_order"])
    assert shell.execute("play counter --seed 1").output == "Counter, seed 1.\n[counter at 0]"
    assert shell.execute("inc 2").output == "count is now 2\n[counter at 2]"


# -- guarded: one failing implementation stops nothing --------------------------------

def test_failing_hooks_are_reported_once_each_naming_the_plugin_and_the_others_run():
    shell = Shell.create(plugins=["aces-up"], extra_modules=["toy_counter", "toy_addon", "toy_hook_failures"])
    assert [failure.name for failure in shell.failures] == []
    reply = shell.execute("play counter --seed 1")
    assert reply.ok and reply.output == "Counter, seed 1.\n[0]"  # the failing display hook is skipped
    failing = {
        "started": f"plugin 'toy_hook_failures' failed in cardshell_game_started "
                   f"({where(toy_hook_failures, 'no welcome today')}): RuntimeError: no welcome today",
        "wrapper": f"plugin 'toy_hook_failures' failed in cardshell_game_started "
                   f"({where(toy_hook_failures, 'before the yield')}): LookupError: before the yield",
        "render": f"plugin 'toy_hook_failures' failed in cardshell_render "
                  f"({where(toy_hook_failures, 'no theme')}): ValueError: no theme",
    }
    assert sorted(reply.warnings) == sorted(failing.values())
    assert toy_addon.EVENTS == [("started", "counter", 1)]

    reply = shell.execute("inc 1")
    assert reply.ok and reply.output == "count is now 1\n[1]"
    assert sorted(reply.warnings) == sorted([
        f"plugin 'toy_hook_failures' failed in cardshell_command_applied "
        f"({where(toy_hook_failures, 'raise KeyError')}): KeyError: 'inc 1'",
        f"plugin 'toy_hook_failures' failed in cardshell_command_applied "
        f"({where(toy_hook_failures, 'after the yield')}): ArithmeticError: after the yield",
    ])
    # the same problems again: not repeated, and everything still runs
    reply = shell.execute("inc 1")
    assert reply.ok and reply.warnings == [] and reply.output == "count is now 2\n[2]"
    assert toy_hook_failures.EVENTS == ["wrapper before", "applied inc 1", "wrapper before", "applied inc 1"]
    assert [event[0] for event in toy_addon.EVENTS] == ["started", "applied", "applied"]

    reply = shell.execute("inc 1")  # the game is won: a hookwrapper that yields twice
    assert reply.ok and toy_addon.EVENTS[-1] == ("over", "counter", "won")
    assert reply.warnings == ["plugin 'toy_hook_failures' failed in cardshell_game_over: "
                              "WrapperError: the wrapper 'yields_twice' yielded more than once"]


def test_a_game_display_failure_is_reported_once_then_silent():
    shell = Shell.create(plugins=[], extra_modules=["toy_bad_display"])
    shell.execute("play fragile --seed 1")
    warnings = [shell.execute("bump").warnings for _ in range(4)]
    assert [len(w) for w in warnings] == [0, 1, 0, 0]
    assert warnings[1][0].startswith("plugin 'toy_bad_display' failed in render of game 'fragile' (")


def test_plugin_warnings_go_to_stderr_at_the_start_of_a_game_too(run_cli):
    """Before: the warnings of a game's start went to stdout, later ones to stderr."""
    result = run_cli("--plugin", "toy_counter", "--plugin", "toy_hook_failures",
                     stdin="play counter --seed 1\ninc 1\ninc 1\n", env={"CARDSHELL_LOAD_PLUGINS": ""})
    assert result.returncode == 0, result.stderr
    assert result.stdout == "Counter, seed 1.\n[0]\ncount is now 1\n[1]\ncount is now 2\n[2]\n"
    lines = result.stderr.splitlines()
    assert len(lines) == 5 and all(" warning: plugin 'toy_hook_failures' failed in " in line for line in lines)
    assert sum(line.startswith("<stdin>:1: ") for line in lines) == 3
    assert sum(line.startswith("<stdin>:2: ") for line in lines) == 2


# -- the caller alone, against pluggy itself ------------------------------------------------

KINDS = ["plain", "tryfirst", "trylast", "wrapper", "hookwrapper", "none"]


def _toy_plugin(index: int, kind: str, log: list[str]) -> object:
    """A plugin with one cardshell_render implementation of the given kind, logging its calls."""
    name = f"p{index}"
    opts = {"tryfirst": kind == "tryfirst", "trylast": kind == "trylast",
            "wrapper": kind == "wrapper", "hookwrapper": kind == "hookwrapper"}

    if kind == "wrapper":
        def render(game, state):
            log.append(f"{name} in")
            text = yield
            log.append(f"{name} out")
            return f"{name}({text})"
    elif kind == "hookwrapper":
        def render(game, state):
            log.append(f"{name} in")
            outcome = yield
            log.append(f"{name} out")
            outcome.force_result(f"{name}<{outcome.get_result()}>")
    else:
        def render(game, state):
            log.append(name)
            return None if kind == "none" else name

    return SimpleNamespace(cardshell_render=hookspecs.hookimpl(**opts)(render))


def _manager(kinds: list[str], log: list[str]) -> pluggy.PluginManager:
    pm = pluggy.PluginManager(hookspecs.PROJECT)
    pm.add_hookspecs(hookspecs)
    for index, kind in enumerate(kinds):
        pm.register(_toy_plugin(index, kind, log), name=f"p{index}")
    return pm


@settings(max_examples=60)
@given(st.lists(st.sampled_from(KINDS), max_size=7))
def test_the_guarded_caller_gives_pluggys_result_and_order(kinds):
    log: list[str] = []
    pm = _manager(kinds, log)
    expected = pm.hook.cardshell_render(game=None, state=None)
    expected_log = list(log)
    log.clear()
    failures: list[tuple[str, str, BaseException]] = []
    got = hookcall.call(pm, "cardshell_render", lambda *failure: failures.append(failure), game=None, state=None)
    assert (got, log, failures) == (expected, expected_log, [])


def test_a_failing_firstresult_implementation_lets_the_next_one_answer():
    log: list[str] = []
    pm = _manager(["plain", "plain"], log)

    def boom(game, state):
        raise SystemExit(4)

    pm.register(SimpleNamespace(cardshell_render=hookspecs.hookimpl(boom)), name="exits")
    failures: list[tuple[str, str, BaseException]] = []
    got = hookcall.call(pm, "cardshell_render", lambda *failure: failures.append(failure), game=None, state=None)
    assert got == "p1" and log == ["p1"]
    assert [(plugin, hook, type(exc)) for plugin, hook, exc in failures] == [("exits", "cardshell_render", SystemExit)]


def test_ctrl_c_in_a_hook_is_not_swallowed():
    pm = _manager([], [])

    def interrupted(game, state):
        raise KeyboardInterrupt

    pm.register(SimpleNamespace(cardshell_render=hookspecs.hookimpl(interrupted)), name="ctrl-c")
    with pytest.raises(KeyboardInterrupt):
        hookcall.call(pm, "cardshell_render", lambda *failure: None, game=None, state=None)
