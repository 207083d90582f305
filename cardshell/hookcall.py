"""The one way the host calls hooks: pluggy's rules, each implementation guarded.

:func:`call` has pluggy's own executor run guarded stand-ins of a hook's
implementations, so pluggy's semantics hold as documented at
https://pluggy.readthedocs.io (last registered first, ``tryfirst`` and
``trylast``, new- and old-style wrappers, ``firstresult``).  The guard is
the only difference: an implementation that raises (or calls
``sys.exit()``) is reported through ``on_failure``, counts as having
returned None, and stops neither the others nor the shell.  A wrapper that
raises before its ``yield`` is skipped; one that raises after it, yields
twice or never leaves the result as the implementations inside made it.
``KeyboardInterrupt`` is not guarded.

Only pluggy's public API is used, so any pluggy the project accepts runs
it.  The stand-ins are the plugins of a private ``PluginManager`` per
shape of a hook's implementations (:func:`_build`), registered in the
order that rebuilds pluggy's own list; they hold no plugin, so at most
:data:`MAX_SHAPES` managers are kept and shared.

:func:`check_plugin` refuses at load what this host cannot honour;
:func:`trace_calls` prints every hook call (``CARDSHELL_TRACE_PLUGINS=1``).
"""

from __future__ import annotations

import functools
import os
import reprlib
import weakref
from collections.abc import Callable, Generator, Mapping, Sequence
from contextvars import ContextVar
from types import ModuleType
from typing import Any

import pluggy

from cardshell import blame, watchdog
from cardshell.defaults import DEFAULT_PLUGIN_NAMES
from cardshell.messages import say
from cardshell.render import Text

#: Called with (plugin name, hook name, exception) for each implementation that failed.
OnFailure = Callable[[str, str, BaseException], None]

#: The hooks that collect each plugin's records at start-up: no wrappers allowed.
REGISTRATION_HOOKS = frozenset({"cardshell_games", "cardshell_commands"})

#: The environment variable that turns on :func:`trace_calls` (any value but "" and "0").
TRACE_ENV = "CARDSHELL_TRACE_PLUGINS"

#: The most shapes (:func:`_shape`) whose private managers are kept for
#: reuse; older ones are built again when needed.
MAX_SHAPES = 256

_Before = Callable[[str, Sequence[pluggy.HookImpl], Mapping[str, Any]], None]
_After = Callable[[pluggy.Result[Any], str, Sequence[pluggy.HookImpl], Mapping[str, Any]], None]
_Tracer = tuple[_Before, _After]

#: The tracers of each plugin manager (:func:`trace_calls`).
_TRACERS: weakref.WeakKeyDictionary[pluggy.PluginManager, tuple[_Tracer, ...]] = weakref.WeakKeyDictionary()
#: Bumped whenever tracers are added or removed (:class:`GuardedHooks` looks again).
_trace_epoch = 0


class WrapperError(RuntimeError):
    """A hook wrapper broke pluggy's protocol (did not yield, or yielded twice)."""


class _Call:
    """The hook call in progress, which the stand-ins serve; arguments as for :func:`call`."""

    __slots__ = ("hook_name", "impls", "kwargs", "on_failure", "results")

    def __init__(self, hook_name: str, impls: Sequence[pluggy.HookImpl], kwargs: Mapping[str, Any],
                 on_failure: OnFailure, results: list[tuple[pluggy.HookImpl, Any]] | None) -> None:
        self.hook_name = hook_name
        self.impls = impls
        self.kwargs = kwargs
        self.on_failure = on_failure
        self.results = results

    def arguments(self, impl: pluggy.HookImpl) -> list[Any]:
        """``impl``'s arguments by name; pluggy.HookCallError for one the call lacks."""
        try:
            return [self.kwargs[name] for name in impl.argnames]
        except KeyError as missing:
            raise pluggy.HookCallError(say("plugin.hook-argument-missing", name=repr(missing.args[0]))) from None

    def failed(self, impl: pluggy.HookImpl) -> Callable[[BaseException], None]:
        return lambda exc: self.on_failure(impl.plugin_name, self.hook_name, exc)


_CALL: ContextVar[_Call] = ContextVar("cardshell_hook_call")


def call(pm: pluggy.PluginManager, hook_name: str, on_failure: OnFailure,
         results: list[tuple[pluggy.HookImpl, Any]] | None = None,
         select: Callable[[pluggy.HookImpl], bool] | None = None, **kwargs: Any) -> Any:
    """Call a hook by pluggy's rules, each implementation under its own guard.

    Args:
        on_failure: receives (plugin name, hook name, exception) once per
            implementation that failed (:func:`cardshell.blame.is_plugin_failure`).
        results: if given, receives (pm's implementation, value) for every
            plain implementation that returned, in call order.
        select: if given, only the implementations it accepts are called.
        **kwargs: the hook's arguments.

    Returns:
        What pluggy returns: the non-None answers, or the first one for a
        ``firstresult`` hook, as wrappers changed it.

    Raises:
        KeyboardInterrupt: Ctrl-C during a plugin's code.
    """
    caller = getattr(pm.hook, hook_name)
    impls = [impl for impl in caller.get_hookimpls() if select is None or select(impl)]
    return _run(_stand_ins(pm, caller, impls), _Call(hook_name, impls, kwargs, on_failure, results))


class GuardedHooks:
    """:func:`call` for one plugin manager and one failure callback, with
    fast paths for the hooks called on every move: a hook no plugin
    implements gives pluggy's empty answer at once (unless calls are traced).

    The private manager of a hook is reused without looking while its
    implementations stay the same objects (the hooks called on every move).
    """

    def __init__(self, pm: pluggy.PluginManager, on_failure: OnFailure) -> None:
        self.pm = pm
        self.on_failure = on_failure
        # hook -> (trace epoch, its implementations then, their stand-ins' caller)
        self._last: dict[str, tuple[int, list[pluggy.HookImpl], pluggy.HookCaller | None]] = {}

    def call(self, hook_name: str, results: list[tuple[pluggy.HookImpl, Any]] | None = None,
             **kwargs: Any) -> Any:
        """Call a hook as :func:`call` does."""
        caller = getattr(self.pm.hook, hook_name)
        impls = caller.get_hookimpls()
        if not impls and not _TRACERS:  # nothing to call, no one tracing: pluggy's empty answer
            return None if caller.spec is not None and caller.spec.opts.get("firstresult") else []
        last = self._last.get(hook_name)
        if last is not None and last[0] == _trace_epoch and last[1] == impls:  # HookImpl: equal if the same
            stand_ins = last[2]
        else:
            stand_ins = _stand_ins(self.pm, caller, impls)
            self._last[hook_name] = (_trace_epoch, impls, stand_ins)
        return _run(stand_ins, _Call(hook_name, impls, kwargs, self.on_failure, results))


def _run(stand_ins: pluggy.HookCaller | None, current: _Call) -> Any:
    if stand_ins is None:  # no specification and no implementation: pluggy's empty answer
        return []
    token = _CALL.set(current)
    try:
        return stand_ins(**current.kwargs)
    finally:
        _CALL.reset(token)


#: One stand-in implementation: (position in pluggy's list, wrapper, hookwrapper, tryfirst, trylast).
_Entry = tuple[int, bool, bool, bool, bool]
#: The shape of a hook's implementations: each plugin's name and entries, in registration order.
_Shape = tuple[tuple[str, tuple[_Entry, ...]], ...]


def _stand_ins(pm: pluggy.PluginManager, caller: pluggy.HookCaller,
               impls: Sequence[pluggy.HookImpl]) -> pluggy.HookCaller | None:
    spec = caller.spec.function if caller.spec is not None else None
    return _build(pm.project_name, caller.name, spec, _shape(pm, impls), _TRACERS.get(pm, ()))


def _shape(pm: pluggy.PluginManager, impls: Sequence[pluggy.HookImpl]) -> _Shape:
    """What the stand-ins of ``impls`` depend on, and the order that registers them into pluggy's order.

    pluggy keeps implementations in six groups (plain, then wrappers; each
    trylast, plain, tryfirst), in registration order except trylast, which is
    reversed.  Registering plugins in pm's order, each with its
    implementations in group order (trylast reversed back), rebuilds the list.
    """
    rank = {name: index for index, (name, _plugin) in enumerate(pm.list_name_plugin())}
    order: dict[str, list[tuple[tuple[bool, int], _Entry]]] = {}
    for position, impl in enumerate(impls):
        group = (impl.wrapper or impl.hookwrapper, -position if impl.trylast else position)
        entry = (position, impl.wrapper, impl.hookwrapper, impl.tryfirst, impl.trylast)
        order.setdefault(impl.plugin_name, []).append((group, entry))
    plugins = sorted(order, key=lambda name: rank.get(name, len(rank)))
    return tuple((name, tuple(entry for _, entry in sorted(order[name]))) for name in plugins)


@functools.lru_cache(maxsize=MAX_SHAPES)
def _build(project: str, hook_name: str, spec: Callable[..., Any] | None, shape: _Shape,
           tracers: tuple[_Tracer, ...]) -> pluggy.HookCaller | None:
    """A private plugin manager for one shape; its hook caller (None: nothing to call).

    The stand-ins find their implementation in the call in progress
    (:data:`_CALL`), so one manager serves every shell and keeps nothing alive.
    """
    manager = pluggy.PluginManager(project)
    if spec is not None:
        namespace = ModuleType(f"{project}_spec_{hook_name}")  # the one specification
        setattr(namespace, hook_name, spec)
        manager.add_hookspecs(namespace)
    marker = pluggy.HookimplMarker(project)
    for plugin_name, entries in shape:
        stand_in = ModuleType(plugin_name)  # a module: dir() lists little besides the implementations
        for index, (position, wrapper, hookwrapper, tryfirst, trylast) in enumerate(entries):
            function = _stand_in(position, wrapper, hookwrapper)
            setattr(stand_in, f"impl_{index:04d}", marker(  # dir() order is the registration order
                function, specname=hook_name, wrapper=wrapper, hookwrapper=hookwrapper,
                tryfirst=tryfirst, trylast=trylast))
        manager.register(stand_in, name=plugin_name)
    for before, after in tracers:
        manager.add_hookcall_monitoring(before, after)
    return getattr(manager.hook, hook_name, None)


def _stand_in(position: int, wrapper: bool, hookwrapper: bool) -> Callable[[], Any]:
    """The guarded stand-in for the implementation at ``position`` of the call in progress."""
    if wrapper or hookwrapper:
        guard = _wrapper_guard if wrapper else _old_wrapper_guard

        def wrapping() -> Generator[None, Any, Any]:
            current = _CALL.get()
            impl = current.impls[position]
            return (yield from guard(impl.function, current.failed(impl))(*current.arguments(impl)))

        return wrapping

    def plain() -> Any:
        current = _CALL.get()
        impl = current.impls[position]
        arguments = current.arguments(impl)
        plugin = None if impl.plugin_name in DEFAULT_PLUGIN_NAMES else impl.plugin_name
        try:
            with watchdog.plugin_bound(plugin, current.hook_name):  # a bound in scripts only
                value = impl.function(*arguments)
        except BaseException as exc:
            if not blame.is_plugin_failure(exc):
                raise
            current.failed(impl)(exc)
            return None
        if current.results is not None:
            current.results.append((impl, value))
        return value

    return plain


def _named(function: Callable[..., Any]) -> str:
    """A wrapper as messages name it: its ``__name__`` (or the object) quoted."""
    return repr(getattr(function, "__name__", function))


def _start(function: Callable[..., Any], args: Sequence[Any], kwargs: Mapping[str, Any],
           fail: Callable[[BaseException], None]) -> Generator[Any, Any, Any] | None:
    """Run a wrapper up to its ``yield``; None (reported) if it failed on the way."""
    try:
        gen: Generator[Any, Any, Any] = function(*args, **kwargs)
        next(gen)
    except StopIteration:
        fail(WrapperError(say("plugin.wrapper-no-yield", function=_named(function))))
        return None
    except BaseException as exc:
        if not blame.is_plugin_failure(exc):
            raise
        fail(exc)
        return None
    return gen


def _wrapper_guard(function: Callable[..., Any], fail: Callable[[BaseException], None]
                   ) -> Callable[..., Generator[None, Any, Any]]:
    """Guard a new-style wrapper (``wrapper=True``)."""

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
            gen.send(result)
        except StopIteration as stop:
            return stop.value
        except BaseException as exc:
            if not blame.is_plugin_failure(exc):
                raise
            fail(exc)
            return result
        gen.close()
        fail(WrapperError(say("plugin.wrapper-yielded-twice", function=_named(function))))
        return result

    return guarded


def _old_wrapper_guard(function: Callable[..., Any], fail: Callable[[BaseException], None]
                       ) -> Callable[..., Generator[None, Any, None]]:
    """Guard an old-style wrapper (``hookwrapper=True``)."""

    def guarded(*args: Any, **kwargs: Any) -> Generator[None, Any, None]:
        gen = _start(function, args, kwargs, fail)
        outcome = yield
        if gen is None:
            return
        try:
            gen.send(outcome)
        except StopIteration:
            return
        except BaseException as exc:
            if not blame.is_plugin_failure(exc):
                raise
            fail(exc)
            return
        gen.close()
        fail(WrapperError(say("plugin.wrapper-yielded-twice", function=_named(function))))

    return guarded


def check_plugin(pm: pluggy.PluginManager, plugin: object) -> Text | None:
    """Refuse what the host cannot honour in a registered plugin.

    Returns:
        None if every implementation is fine, else the reason: a hook with no
        specification (unless ``optionalhook=True``), naming the closest real
        hook (``unknown hook 'cardshell_game_ended'; did you mean
        'cardshell_game_over'?``), or a wrapper around a registration hook.
    """
    known = sorted(name for name, caller in vars(pm.hook).items()
                   if isinstance(caller, pluggy.HookCaller) and caller.has_spec())
    for caller in pm.get_hookcallers(plugin) or ():
        mine = [impl for impl in caller.get_hookimpls() if impl.plugin is plugin]
        if not caller.has_spec():
            if all(impl.optionalhook for impl in mine):
                continue

            import difflib  # here: a start never needs it
            close = difflib.get_close_matches(caller.name, known, n=1)
            hint = (say("plugin.hook-did-you-mean", hook=repr(close[0])) if close
                    else say("plugin.hook-list", hooks=", ".join(known)))
            return say("plugin.unknown-hook", hook=repr(caller.name), hint=hint)
        if caller.name in REGISTRATION_HOOKS and any(impl.wrapper or impl.hookwrapper for impl in mine):
            return say("plugin.wrapped-registration", hook=caller.name)
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
    """Whether ``CARDSHELL_TRACE_PLUGINS`` is set, and not "" or "0"."""
    return os.environ.get(TRACE_ENV, "") not in ("", "0")


def trace_calls(pm: pluggy.PluginManager) -> Callable[[], None]:
    """Print every hook call of ``pm`` and its result on standard error; returns the undo.

    Two lines per call, values shortened and each line cut to
    :data:`TRACE_LINE_MAX` characters, the plugins in call order::

        cardshell: trace: cardshell_game_over(session=..., outcome=Outcome(...)) [stats, toy_addon]
        cardshell: trace: cardshell_game_over -> [None, None]
    """

    def write(text: str) -> None:
        from cardshell.capture import host_stderr  # the real stderr under porcelain schema 2

        stream = host_stderr()
        if stream is None:
            return
        if len(text) > TRACE_LINE_MAX:
            text = text[:TRACE_LINE_MAX - 3] + "..."
        try:
            stream.write(say("trace.line", text=text).text + "\n")
            stream.flush()
        except (OSError, ValueError):  # stderr closed: tracing is best effort
            pass

    def before(hook_name: str, hook_impls: Sequence[pluggy.HookImpl], kwargs: Mapping[str, Any]) -> None:
        arguments = ", ".join(f"{name}={_TRACE_REPR.repr(value)}" for name, value in kwargs.items())
        plugins = ", ".join(impl.plugin_name for impl in reversed(hook_impls))
        write(say("trace.call", hook=hook_name, arguments=arguments, plugins=plugins).text)

    def after(outcome: pluggy.Result[Any], hook_name: str, hook_impls: Sequence[pluggy.HookImpl],
              kwargs: Mapping[str, Any]) -> None:
        if outcome.exception is not None:
            write(say("trace.raised", hook=hook_name, error=blame.describe(outcome.exception)).text)
        else:
            write(say("trace.result", hook=hook_name, value=_TRACE_REPR.repr(outcome.get_result())).text)

    return monitor(pm, before, after)


def monitor(pm: pluggy.PluginManager, before: _Before, after: _After) -> Callable[[], None]:
    """pluggy's ``add_hookcall_monitoring`` for the guarded calls of pm's hooks as well as pm's own.

    ``before(hook_name, hook_impls, kwargs)`` and ``after(outcome, hook_name,
    hook_impls, kwargs)`` are called as pluggy calls them, with the stand-ins
    (the plugins' names and options, in call order).

    Returns:
        The undo.
    """
    global _trace_epoch
    tracer = (before, after)
    _TRACERS[pm] = (*_TRACERS.get(pm, ()), tracer)  # the stand-ins' managers install it
    _trace_epoch += 1
    undo_direct = pm.add_hookcall_monitoring(before, after)  # pm.hook.NAME(...) called directly

    def undo() -> None:
        global _trace_epoch
        undo_direct()
        _TRACERS[pm] = tuple(other for other in _TRACERS.get(pm, ()) if other is not tracer)
        _trace_epoch += 1

    return undo
