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
from cardshell.render import text_of
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
    assert sorted(map(text_of, reply.warnings)) == sorted(failing.values())
    assert toy_addon.EVENTS == [("started", "counter", 1)]

    reply = shell.execute("inc 1")
    assert reply.ok and reply.output == "count is now 1\n[1]"
    assert sorted(map(text_of, reply.warnings)) == sorted([
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
    assert text_of(warnings[1][0]).startswith("plugin 'toy_bad_display' failed in render of game 'fragile' (")


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
    expected = pm.hook.cardshell_render(game=None, state=None, size=None)
    expected_log = list(log)
    log.clear()
    failures: list[tuple[str, str, BaseException]] = []
    got = hookcall.call(pm, "cardshell_render", lambda *failure: failures.append(failure),
                        game=None, state=None, size=None)
    assert (got, log, failures) == (expected, expected_log, [])


def test_a_failing_firstresult_implementation_lets_the_next_one_answer():
    log: list[str] = []
    pm = _manager(["plain", "plain"], log)

    def boom(game, state):
        raise SystemExit(4)

    pm.register(SimpleNamespace(cardshell_render=hookspecs.hookimpl(boom)), name="exits")
    failures: list[tuple[str, str, BaseException]] = []
    got = hookcall.call(pm, "cardshell_render", lambda *failure: failures.append(failure),
                        game=None, state=None, size=None)
    assert got == "p1" and log == ["p1"]
    assert [(plugin, hook, type(exc)) for plugin, hook, exc in failures] == [("exits", "cardshell_render", SystemExit)]


def test_ctrl_c_in_a_hook_is_not_swallowed():
    pm = _manager([], [])

    def interrupted(game, state):
        raise KeyboardInterrupt

    pm.register(SimpleNamespace(cardshell_render=hookspecs.hookimpl(interrupted)), name="ctrl-c")
    with pytest.raises(KeyboardInterrupt):
        hookcall.call(pm, "cardshell_render", lambda *failure: None, game=None, state=None, size=None)


# -- pluggy's public API only (issue 26 item 6) ----------------------------------------------

def _two_impl_plugin(index: int, kinds: tuple[str, str | None], log: list[str]) -> object:
    """A plugin with one or two cardshell_render implementations (the second by ``specname``)."""
    first = _toy_plugin(index, kinds[0], log)
    if kinds[1] is None:
        return first
    second = _toy_plugin(100 + index, kinds[1], log)  # logs as p1xx: told apart from the first
    function = second.cardshell_render
    opts = dict(getattr(function, f"{hookspecs.PROJECT}_impl"), specname="cardshell_render")
    again = hookspecs.hookimpl(**opts)(lambda game, state: function(game, state))
    if opts["wrapper"] or opts["hookwrapper"]:  # a wrapper must stay a generator function
        def again(game, state):
            return (yield from function(game, state))
        again = hookspecs.hookimpl(**opts)(again)
    return SimpleNamespace(cardshell_render=first.cardshell_render, render_again=again)


@settings(max_examples=60)
@given(st.lists(st.tuples(st.sampled_from(KINDS), st.none() | st.sampled_from(KINDS)), max_size=5),
       st.lists(st.integers(0, 4), max_size=2))
def test_plugins_with_two_implementations_registered_and_removed_keep_pluggys_order(kinds, removed):
    log: list[str] = []
    pm = pluggy.PluginManager(hookspecs.PROJECT)
    pm.add_hookspecs(hookspecs)
    for index, pair in enumerate(kinds):
        pm.register(_two_impl_plugin(index, pair, log), name=f"p{index}")
    hooks = hookcall.GuardedHooks(pm, lambda *failure: pytest.fail(f"no failure expected: {failure}"))
    hooks.call("cardshell_render", game=None, state=None, size=None)  # builds the guarded copies once
    for index in removed:  # a plugin leaves, then comes back last: the copies follow
        if index < len(kinds):
            plugin = pm.unregister(name=f"p{index}")
            pm.register(plugin, name=f"p{index}")
    log.clear()
    expected = pm.hook.cardshell_render(game=None, state=None, size=None)
    expected_log = list(log)
    log.clear()
    assert hooks.call("cardshell_render", game=None, state=None, size=None) == expected
    assert log == expected_log


def test_results_name_the_managers_own_implementations():
    log: list[str] = []
    pm = _manager(["plain", "none", "wrapper"], log)
    answers: list[tuple[pluggy.HookImpl, object]] = []
    hookcall.GuardedHooks(pm, lambda *failure: None).call("cardshell_render", answers, game=None, state=None, size=None)
    own = pm.hook.cardshell_render.get_hookimpls()
    assert [(impl.plugin_name, value) for impl, value in answers] == [("p1", None), ("p0", "p0")]
    assert all(any(impl is mine for mine in own) for impl, _ in answers)


def test_a_plugin_registered_after_the_first_call_is_called_and_one_unregistered_is_not():
    log: list[str] = []
    pm = _manager(["plain"], log)
    hooks = hookcall.GuardedHooks(pm, lambda *failure: None)
    assert hooks.call("cardshell_render", game=None, state=None, size=None) == "p0"
    pm.register(_toy_plugin(1, "wrapper", log), name="p1")
    assert hooks.call("cardshell_render", game=None, state=None, size=None) == "p1(p0)"
    pm.unregister(name="p0")
    log.clear()
    assert hooks.call("cardshell_render", game=None, state=None, size=None) == "p1(None)" and log == ["p1 in", "p1 out"]


def test_hookcall_uses_only_pluggys_public_api():
    """No private name of pluggy (``_hookexec``, ``_hookimpls``) and no HookImpl made by hand:
    pyproject.toml accepts every pluggy from 1.3 on, and only the public API is kept across them."""
    import ast
    import inspect

    tree = ast.parse(inspect.getsource(hookcall))
    private = sorted({node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)
                      and node.attr.startswith("_") and not node.attr.startswith("__")
                      and not (isinstance(node.value, ast.Name) and node.value.id == "self")})
    assert private == []
    used = {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name) and node.value.id == "pluggy"}
    assert used and used <= set(pluggy.__all__)
    made = [node for node in ast.walk(tree) if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr == "HookImpl"]
    assert made == []


def test_the_guarded_calls_keep_no_manager_nor_plugin_alive():
    """The stand-ins' managers are kept for reuse (hookcall.MAX_SHAPES) but hold no plugin."""
    import gc
    import weakref

    log: list[str] = []
    pm = _manager(["plain", "wrapper", "hookwrapper"], log)
    hookcall.call(pm, "cardshell_render", lambda *failure: None, game=None, state=None, size=None)
    hookcall.GuardedHooks(pm, lambda *failure: None).call("cardshell_render", game=None, state=None, size=None)
    assert log == ["p2 in", "p1 in", "p0", "p1 out", "p2 out"] * 2
    gone = weakref.ref(pm)
    del pm
    gc.collect()
    assert gone() is None
