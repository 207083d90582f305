"""The one way the host calls hooks: pluggy's rules, each implementation guarded.

Every hook (registration, lifecycle and display) is called through
:func:`call`, which runs pluggy's own executor over the hook's
implementations, so pluggy's semantics hold exactly as documented at
https://pluggy.readthedocs.io: the last registered implementation is called
first, ``tryfirst``/``trylast`` move an implementation to the front or the
back, new-style wrappers (``wrapper=True``) and old-style ones
(``hookwrapper=True``) run around the others, and a ``firstresult`` hook
(:func:`cardshell.hookspecs.cardshell_render`) stops at the first non-None
answer.  The only difference is the guard: each implementation runs under
its own ``try``, so that one plugin raising (or calling ``sys.exit()``)

* is reported through ``on_failure`` with the plugin's name,
* counts as having returned None (a failing ``firstresult`` implementation
  lets the next one answer), and
* never stops the other implementations nor the shell.

A wrapper that raises before its ``yield`` is skipped (the call goes on
without it); one that raises after its ``yield``, yields twice or never
leaves the result as the implementations inside it made it.
``KeyboardInterrupt`` is not guarded: Ctrl-C stops the command.

:func:`check_plugin` refuses, at load, what this host cannot honour: an
implementation of an unknown hook (a misspelt ``cardshell_game_ended``;
pluggy's ``check_pending`` rule, with the closest real hook named), and a
wrapper around a registration hook (each plugin's own records are what
registration collects).  :func:`trace_calls` prints every hook call and
its result (``CARDSHELL_TRACE_PLUGINS=1``), through pluggy's
``add_hookcall_monitoring`` as datasette's ``DATASETTE_TRACE_PLUGINS`` does.
"""

from __future__ import annotations

import functools
import os
import reprlib
import sys
from collections.abc import Callable, Generator, Mapping, Sequence
from typing import Any

import pluggy

from cardshell import blame

#: Called with (plugin name, hook name, exception) for each implementation that failed.
OnFailure = Callable[[str, str, BaseException], None]

#: The hooks that collect each plugin's records at start-up: no wrappers allowed.
REGISTRATION_HOOKS = frozenset({"cardshell_games", "cardshell_commands"})

#: The environment variable that turns on :func:`trace_calls` (any value but "" and "0").
TRACE_ENV = "CARDSHELL_TRACE_PLUGINS"


class WrapperError(RuntimeError):
    """A hook wrapper broke pluggy's protocol (did not yield, or yielded twice)."""


def call(pm: pluggy.PluginManager, hook_name: str, on_failure: OnFailure,
         results: list[tuple[pluggy.HookImpl, Any]] | None = None,
         select: Callable[[pluggy.HookImpl], bool] | None = None, **kwargs: Any) -> Any:
    """Call a hook by pluggy's rules, each implementation under its own guard.

    Args:
        pm (pluggy.PluginManager): the manager holding the implementations.
        hook_name (str): the hook (``cardshell_render``).
        on_failure (OnFailure): receives (plugin name, hook name, exception)
            once per implementation that raised (``Exception`` or a plugin's
            ``SystemExit``, see :func:`cardshell.blame.is_plugin_failure`).
        results (list | None): if given, receives (implementation, value)
            for every plain implementation that returned (None included), in
            call order: which plugin answered what, for registration hooks.
        select (Callable[[pluggy.HookImpl], bool] | None): if given, only
            the implementations it accepts are called (the registry calls a
            registration hook once per plugin, :mod:`cardshell.registry`).
        **kwargs: the hook's arguments, by name.

    Returns:
        Any: what pluggy returns: the list of non-None answers, or the first
        one (None if none) for a ``firstresult`` hook, as changed by wrappers.

    Raises:
        KeyboardInterrupt: Ctrl-C during a plugin's code, passed on.
    """
    caller = getattr(pm.hook, hook_name)
    impls = [_guarded(impl, hook_name, on_failure, results) for impl in caller.get_hookimpls()
             if select is None or select(impl)]
    return _execute(pm, caller, impls, kwargs)


def _execute(pm: pluggy.PluginManager, caller: pluggy.HookCaller, impls: list[pluggy.HookImpl],
             kwargs: Mapping[str, Any]) -> Any:
    """Run implementations with pluggy's executor (``PluginManager._hookexec``:
    the function every ``HookCaller`` calls, and the one
    ``add_hookcall_monitoring`` wraps, so tracing sees these calls too)."""
    firstresult = bool(caller.spec is not None and caller.spec.opts.get("firstresult"))
    return pm._hookexec(caller.name, impls, kwargs, firstresult)


class GuardedHooks:
    """:func:`call` for one plugin manager and one failure callback, reusing
    the guarded copy of each implementation (making one costs pluggy's
    signature inspection; the hooks called on every move reuse theirs).

    Args:
        pm (pluggy.PluginManager): the manager holding the implementations.
        on_failure (OnFailure): see :func:`call`.
    """

    def __init__(self, pm: pluggy.PluginManager, on_failure: OnFailure) -> None:
        self.pm = pm
        self.on_failure = on_failure
        # (id of the implementation, hook) -> (the implementation, kept so that
        # its id stays its own; its guarded copy)
        self._copies: dict[tuple[int, str], tuple[pluggy.HookImpl, pluggy.HookImpl]] = {}

    def call(self, hook_name: str, results: list[tuple[pluggy.HookImpl, Any]] | None = None,
             **kwargs: Any) -> Any:
        """Call a hook as :func:`call` does (same arguments, same result)."""
        if results is not None:  # the copies record into this list: made afresh
            return call(self.pm, hook_name, self.on_failure, results, **kwargs)
        caller = getattr(self.pm.hook, hook_name)
        impls = []
        for impl in caller.get_hookimpls():
            found = self._copies.get((id(impl), hook_name))
            if found is None or found[0] is not impl:
                found = self._copies[id(impl), hook_name] = (impl, _guarded(impl, hook_name, self.on_failure, None))
            impls.append(found[1])
        return _execute(self.pm, caller, impls, kwargs)


def _guarded(impl: pluggy.HookImpl, hook_name: str, on_failure: OnFailure,
             results: list[tuple[pluggy.HookImpl, Any]] | None) -> pluggy.HookImpl:
    """A copy of ``impl`` (same plugin, name and options) whose function is guarded."""
    function = impl.function

    def fail(exc: BaseException) -> None:
        on_failure(impl.plugin_name, hook_name, exc)

    guarded: Callable[..., Any]
    if impl.wrapper:
        guarded = _wrapper_guard(function, fail)
    elif impl.hookwrapper:
        guarded = _old_wrapper_guard(function, fail)
    else:
        def guarded(*args: Any, **kwargs: Any) -> Any:
            with blame.guard(fail) as guard:
                value = function(*args, **kwargs)
            if guard.failed is not None:
                return None
            if results is not None:
                results.append((impl, value))
            return value
    # __wrapped__ lets pluggy read the plugin's own parameter names.
    functools.update_wrapper(guarded, function)
    return pluggy.HookImpl(impl.plugin, impl.plugin_name, guarded, impl.opts)


def _start(function: Callable[..., Any], args: Sequence[Any], kwargs: Mapping[str, Any],
           fail: Callable[[BaseException], None]) -> Generator[Any, Any, Any] | None:
    """Run a wrapper up to its ``yield``; None (reported) if it failed on the way."""
    try:
        with blame.guard(fail, passes=(StopIteration,)) as guard:
            gen: Generator[Any, Any, Any] = function(*args, **kwargs)
            next(gen)
    except StopIteration:
        fail(WrapperError(f"the wrapper {getattr(function, '__name__', function)!r} did not yield"))
        return None
    return None if guard.failed is not None else gen


def _wrapper_guard(function: Callable[..., Any], fail: Callable[[BaseException], None]
                   ) -> Callable[..., Generator[None, Any, Any]]:
    """Guard a new-style wrapper (``wrapper=True``: ``result = yield``, then return it)."""

    def guarded(*args: Any, **kwargs: Any) -> Generator[None, Any, Any]:
        gen = _start(function, args, kwargs, fail)
        if gen is None:
            return (yield)
        try:
            result = yield
        except BaseException as inner:  # Ctrl-C inside: the wrapper sees it, as in pluggy
            try:
                gen.throw(inner)
            except StopIteration as stop:
                return stop.value
            gen.close()
            raise inner from None
        try:
            with blame.guard(fail, passes=(StopIteration,)) as guard:
                gen.send(result)
        except StopIteration as stop:
            return stop.value
        if guard.failed is not None:
            return result
        gen.close()
        fail(WrapperError(f"the wrapper {getattr(function, '__name__', function)!r} yielded more than once"))
        return result

    return guarded


def _old_wrapper_guard(function: Callable[..., Any], fail: Callable[[BaseException], None]
                       ) -> Callable[..., Generator[None, Any, None]]:
    """Guard an old-style wrapper (``hookwrapper=True``: ``outcome = yield``,
    then ``outcome.get_result()`` or ``outcome.force_result(...)``)."""

    def guarded(*args: Any, **kwargs: Any) -> Generator[None, Any, None]:
        gen = _start(function, args, kwargs, fail)
        outcome = yield
        if gen is None:
            return
        try:
            with blame.guard(fail, passes=(StopIteration,)) as guard:
                gen.send(outcome)
        except StopIteration:
            return
        if guard.failed is not None:
            return
        gen.close()
        fail(WrapperError(f"the wrapper {getattr(function, '__name__', function)!r} yielded more than once"))

    return guarded


def check_plugin(pm: pluggy.PluginManager, plugin: object) -> str | None:
    """Refuse what the host cannot honour in a registered plugin.

    Args:
        pm (pluggy.PluginManager): the manager the plugin is registered with.
        plugin (object): the plugin object (module).

    Returns:
        str | None: None if every implementation is fine, else the reason:
        an implementation of a hook with no specification (unless marked
        ``optionalhook=True``, pluggy's rule), naming the closest real hook
        (``unknown hook 'cardshell_game_ended'; did you mean
        'cardshell_game_over'?``), or a wrapper around a registration hook.
    """
    known = sorted(name for name, caller in vars(pm.hook).items()
                   if isinstance(caller, pluggy.HookCaller) and caller.has_spec())
    for caller in pm.get_hookcallers(plugin) or ():
        mine = [impl for impl in caller.get_hookimpls() if impl.plugin is plugin]
        if not caller.has_spec():
            if all(impl.optionalhook for impl in mine):
                continue
            import difflib  # only for a refusal: kept out of start-up

            close = difflib.get_close_matches(caller.name, known, n=1)
            hint = f"did you mean {close[0]!r}?" if close else f"the hooks are: {', '.join(known)}"
            return f"unknown hook {caller.name!r}; {hint}"
        if caller.name in REGISTRATION_HOOKS and any(impl.wrapper or impl.hookwrapper for impl in mine):
            return (f"{caller.name} cannot be a wrapper (wrapper=True or hookwrapper=True): "
                    "a registration hook returns the plugin's own records")
    return None


#: Shortens every value a trace line shows (strings and other values to 60
#: characters, containers to 4 items).
_TRACE_REPR = reprlib.Repr()
_TRACE_REPR.maxstring = _TRACE_REPR.maxother = 60
_TRACE_REPR.maxlist = _TRACE_REPR.maxtuple = _TRACE_REPR.maxdict = _TRACE_REPR.maxset = 4
_TRACE_REPR.maxlevel = 3

#: A trace line is cut to at most this many characters (ending in "...").
TRACE_LINE_MAX = 400


def trace_wanted() -> bool:
    """Whether ``CARDSHELL_TRACE_PLUGINS`` asks for hook tracing (set, and not "" or "0")."""
    return os.environ.get(TRACE_ENV, "") not in ("", "0")


def trace_calls(pm: pluggy.PluginManager) -> Callable[[], None]:
    """Print every hook call and its result on standard error.

    Two lines per call, each value shortened (strings and other values to
    60 characters, containers to 4 items) and each line cut to
    :data:`TRACE_LINE_MAX` characters::

        cardshell: trace: cardshell_game_over(session=..., outcome=Outcome(...)) [stats, toy_addon]
        cardshell: trace: cardshell_game_over -> [None, None]

    The bracket lists the plugins in call order (wrappers first).  Failures
    of single implementations are reported by the guard (see :func:`call`);
    their value shows as None.

    Args:
        pm (pluggy.PluginManager): the manager whose calls to trace.

    Returns:
        Callable[[], None]: undoes the tracing.
    """

    def write(text: str) -> None:
        stream = sys.stderr
        if stream is None:
            return
        if len(text) > TRACE_LINE_MAX:
            text = text[:TRACE_LINE_MAX - 3] + "..."
        try:
            stream.write(f"cardshell: trace: {text}\n")
            stream.flush()
        except (OSError, ValueError):  # stderr closed: tracing is best effort
            pass

    def before(hook_name: str, hook_impls: Sequence[pluggy.HookImpl], kwargs: Mapping[str, Any]) -> None:
        arguments = ", ".join(f"{name}={_TRACE_REPR.repr(value)}" for name, value in kwargs.items())
        plugins = ", ".join(impl.plugin_name for impl in reversed(hook_impls))
        write(f"{hook_name}({arguments}) [{plugins}]")

    def after(outcome: pluggy.Result[Any], hook_name: str, hook_impls: Sequence[pluggy.HookImpl],
              kwargs: Mapping[str, Any]) -> None:
        if outcome.exception is not None:
            write(f"{hook_name} raised {blame.describe(outcome.exception)}")
        else:
            write(f"{hook_name} -> {_TRACE_REPR.repr(outcome.get_result())}")

    return pm.add_hookcall_monitoring(before, after)
