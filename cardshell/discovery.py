"""Plugin discovery: the entry points of the ``cardshell`` group, each imported
under its own guard.

Unlike pluggy's ``load_setuptools_entrypoints``, one plugin failing to
import (an exception, ``SystemExit``, Ctrl-C, a contract it was not written
for, an unknown hook) is refused alone as a :class:`PluginFailure`; what it
prints goes to standard error, and a watchdog names one still importing
after :data:`IMPORT_WATCHDOG_SECONDS`.  ``CARDSHELL_LOAD_PLUGINS`` and
``CARDSHELL_DISABLE_PLUGINS`` choose what is imported; ``--plugin`` adds a
module (:func:`import_extra`).  Built-in plugins register first, then
entry points by name, then ``--plugin`` modules.
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import os
import sys
import time
from collections.abc import Callable, Collection, Iterable
from types import ModuleType
from typing import TYPE_CHECKING, NamedTuple

import pluggy

if TYPE_CHECKING:  # pragma: no cover
    import importlib.metadata as metadata

import traceback
from importlib import util
from pathlib import Path

from cardshell import blame, hookcall, hookspecs
from cardshell.messages import say
from cardshell.plugincheck import PluginFault
from cardshell.render import Text
from cardshell.watchdog import ImportWatchdog, plugin_bound

#: The entry-point group plugins register under.
ENTRY_POINT_GROUP = "cardshell"

#: The distribution of the host itself: its entry points are the built-in plugins.
HOST_DISTRIBUTION = "cardshell"

#: Seconds a plugin may take to import before the watchdog says which one it is.
IMPORT_WATCHDOG_SECONDS = 3.0


class PluginInfo(NamedTuple):
    """A plugin that loaded.

    Attributes:
        name: its name in the plugin manager (the entry point's name, or the
            module name for ``--plugin``).
        module: the imported module (``cardshell_aces_up.plugin``).
        dist: the distribution that ships it, if any.
        version: that distribution's version.
        games: the ids of the games it registered.
        hooks: the names of the hooks it implements.
    """

    name: str
    module: str
    dist: str | None = None
    version: str | None = None
    games: tuple[str, ...] = ()
    hooks: tuple[str, ...] = ()


class PluginFailure(NamedTuple):
    """A plugin, or one of its registrations, that was refused.

    Attributes:
        name: the plugin's name (entry point or module).
        dist: the distribution that ships it, if known.
        version: that distribution's version.
        reason: what went wrong, in one line.
    """

    name: str
    dist: str | None
    version: str | None
    reason: Text

    def describe(self) -> Text:
        """One line naming the plugin, its distribution and the reason
        (``plugin.failure``, ``plugin.failure-from``)."""
        if self.dist:
            return say("plugin.failure-from", plugin=self.name, dist=self.dist, version=self.version,
                       reason=self.reason)
        return say("plugin.failure", plugin=self.name, reason=self.reason)


def _names(value: str | None) -> set[str] | None:
    if value is None:
        return None
    return {name.strip() for name in value.split(",") if name.strip()}


def _describe_exception(exc: BaseException) -> Text:
    """``Type: message`` and where the plugin's own code raised it."""
    if isinstance(exc, PluginFault):  # the time bound: it says where the import was stopped
        return say("plugin.hook-problem", hook=exc.hook, problem=exc.problem)
    text = blame.describe(exc)

    frames = [f for f in traceback.extract_tb(exc.__traceback__) if "importlib" not in f.filename
              and not f.filename.startswith("<frozen")]
    if frames and Path(frames[-1].filename).resolve() != Path(__file__).resolve():
        return say("plugin.exception-at", error=text, where=f"{frames[-1].filename}:{frames[-1].lineno}")
    return text


def check_contract(module: object) -> Text | None:
    """None if ``module``'s ``CARDSHELL_CONTRACT`` is undeclared or served
    (:data:`~cardshell.hookspecs.OLDEST_CONTRACT_VERSION` to
    :data:`~cardshell.hookspecs.CONTRACT_VERSION`), else the reason naming both versions.
    """
    wanted = getattr(module, "CARDSHELL_CONTRACT", None)
    oldest, newest = hookspecs.OLDEST_CONTRACT_VERSION, hookspecs.CONTRACT_VERSION
    if wanted is None or (type(wanted) is int and oldest <= wanted <= newest):
        return None
    provides = (say("plugin.contract-one", version=newest) if oldest == newest
                else say("plugin.contract-range", oldest=oldest, newest=newest))
    if type(wanted) is not int:
        return say("plugin.contract-not-int", provides=provides, value=repr(wanted))
    return say("plugin.contract-unsupported", version=wanted, provides=provides)


def _is_path(spec: str) -> bool:
    return spec.endswith(".py") or os.sep in spec or bool(os.altsep and os.altsep in spec)


def extra_name(spec: str) -> str:
    """The plugin name of a ``--plugin`` argument: the module name as given, or a
    path's stem (``path/to/my_game.py`` is ``my_game``), so golden files do not
    depend on where a checkout lives.
    """
    return os.path.splitext(os.path.basename(spec))[0] if _is_path(spec) else spec


def import_extra(spec: str) -> ModuleType:
    """Import a ``--plugin`` module: ``my_game.plugin`` or ``path/to/plugin.py``,
    the directory above it put on ``sys.path``; a file beside an
    ``__init__.py`` is imported as ``package.module``.

    Raises:
        Exception: whatever importing raises.
    """
    if _is_path(spec):
        path = Path(spec).resolve()
        if not path.is_file():
            raise FileNotFoundError(say("plugin.no-such-file", path=spec))
        # A module of a package (my_game/plugin.py beside my_game/__init__.py)
        # is imported as my_game.plugin, so that its own imports work.
        parts, root = [path.stem], path.parent
        while (root / "__init__.py").is_file():
            parts.insert(0, root.name)
            root = root.parent
        if str(root) not in sys.path:
            sys.path.append(str(root))
        if len(parts) > 1:
            return importlib.import_module(".".join(parts))

        module_spec = util.spec_from_file_location(path.stem, path)
        if module_spec is None or module_spec.loader is None:  # pragma: no cover - .py files always have one
            raise ImportError(say("plugin.cannot-import", path=spec))
        module = util.module_from_spec(module_spec)
        sys.modules[path.stem] = module  # dataclasses and pickling look modules up here
        try:
            module_spec.loader.exec_module(module)
        except BaseException:
            sys.modules.pop(path.stem, None)
            raise
        return module
    cwd = os.getcwd()
    if cwd not in sys.path and "" not in sys.path:
        sys.path.append(cwd)  # the console script does not search the current directory
    return importlib.import_module(spec)


def installed_metadata() -> ModuleType:
    """:mod:`importlib.metadata`, imported when first asked for, for discovery and
    ``new-plugin``'s clash checks (:func:`cardshell.scaffold.taken`).

    Deferred because it costs about 15 ms at import (it brings :mod:`email`),
    which a start from the plugin index never pays.
    """
    import importlib.metadata  # the deferred-plugin boundary: see the docstring

    return importlib.metadata


def load_entry_points(
    pm: pluggy.PluginManager,
    only: Iterable[str] | None = None,
    disabled: Iterable[str] = (),
    extra_modules: Iterable[str] = (),
    tracebacks: bool = False,
) -> tuple[list[PluginInfo], list[PluginFailure]]:
    """Import and register every plugin, each under its own guard; what loaded
    and what was refused, in registration order, never raising for a plugin.

    ``only`` names entry points or distributions to load (None: all, subject
    to ``CARDSHELL_LOAD_PLUGINS``); ``disabled`` adds to
    ``CARDSHELL_DISABLE_PLUGINS``; ``extra_modules`` are ``--plugin`` modules,
    loaded regardless; ``tracebacks`` prints each import failure's traceback.
    """
    wanted = set(only) if only is not None else _names(os.environ.get("CARDSHELL_LOAD_PLUGINS"))
    blocked = set(disabled) | (_names(os.environ.get("CARDSHELL_DISABLE_PLUGINS")) or set())
    loaded: list[PluginInfo] = []
    failures: list[PluginFailure] = []
    dists: dict[int, tuple[str | None, str | None]] = {}

    metadata = installed_metadata()  # 15 ms: not on a start from the plugin index

    found = [(ep, *_distribution(ep, dists)) for ep in metadata.entry_points(group=ENTRY_POINT_GROUP)]
    found.sort(key=lambda item: (not is_builtin(item[1]), item[0].name))
    seen: dict[str, tuple[str | None, str | None]] = {}  # plugin name -> (distribution, version)
    # Entry points in precedence order, then --plugin modules.
    candidates: list[tuple[str, Callable[[], object], str, str | None, str | None, set[str] | None]] = [
        (ep.name, ep.load, ep.value, dist, version, {ep.name} | ({dist} if dist else set()))
        for ep, dist, version in found]
    candidates += [(extra_name(spec), functools.partial(import_extra, spec), spec, None, None, None)
                   for spec in extra_modules]
    with ImportWatchdog(IMPORT_WATCHDOG_SECONDS) as watchdog:
        for name, load, value, dist_name, version, names in candidates:
            if names is not None and ((wanted is not None and not names & wanted) or names & blocked):
                continue
            if name in seen:
                failures.append(PluginFailure(name, dist_name, version, say(
                    "plugin.name-taken", plugin=repr(name), other=_named(name, *seen[name]))))
                continue
            seen[name] = (dist_name, version)
            module, problem = _import_guarded(name, load, tracebacks, watchdog)
            if problem is not None:
                failures.append(PluginFailure(name, dist_name, version, problem))
                continue
            info = PluginInfo(name, getattr(module, "__name__", value), dist_name, version)
            _register(pm, module, info, loaded, failures)
    return loaded, failures


def installed_since(known: Collection[str], only: Iterable[str] | None = None,
                    disabled: Iterable[str] = ()) -> list[str]:
    """The entry points of the group ``cardshell`` installed after the shell
    started: those it would load now (``only`` and ``disabled`` as given to
    :func:`load_entry_points`, and the environment's choice) whose name is
    not in ``known`` (the plugins the shell knew at its start), sorted.

    Reads the installed distributions' metadata again (about 2 ms of CPU warm): for a
    word that named no game, never on a start.
    """
    wanted = set(only) if only is not None else _names(os.environ.get("CARDSHELL_LOAD_PLUGINS"))
    blocked = set(disabled) | (_names(os.environ.get("CARDSHELL_DISABLE_PLUGINS")) or set())
    metadata = installed_metadata()
    new: set[str] = set()
    for ep in metadata.entry_points(group=ENTRY_POINT_GROUP):
        dist = getattr(getattr(ep, "dist", None), "name", None)
        names = {ep.name} | ({dist} if dist else set())
        if ep.name in known or (wanted is not None and not names & wanted) or names & blocked:
            continue
        new.add(ep.name)
    return sorted(new)


def is_builtin(dist_name: str | None) -> bool:
    """Whether a distribution is the host's own (its plugins are built in)."""
    return dist_name is not None and dist_name.lower().replace("_", "-") == HOST_DISTRIBUTION


def _named(name: str, dist: str | None, version: str | None) -> Text:
    return say("plugin.named", plugin=repr(name), dist=dist, version=version) if dist else repr(name)


def _import_guarded(name: str, load: Callable[[], object], tracebacks: bool,
                    watchdog: ImportWatchdog) -> tuple[object, Text | None]:
    """Import one plugin, its output sent to standard error, watched: (module, None) or (None, reason)."""
    started = time.monotonic()
    watchdog.importing(name)
    try:
        with blame.guard(blame.print_traceback if tracebacks else None) as guarded:
            with contextlib.redirect_stdout(sys.stderr), plugin_bound(name, "import"):  # bounded in scripts
                return load(), None
        failure = guarded.failed
        assert failure is not None  # the block returns unless it failed
        return None, say("plugin.import-failed", error=_describe_exception(failure))
    except KeyboardInterrupt:
        return None, say("plugin.import-interrupted", seconds=f"{time.monotonic() - started:.1f}")
    finally:
        watchdog.finished()


def _distribution(ep: metadata.EntryPoint, cache: dict[int, tuple[str | None, str | None]]
                  ) -> tuple[str | None, str | None]:
    """The (name, version) of an entry point's distribution, read once per distribution (``cache`` by ``id()``)."""
    dist = ep.dist
    if dist is None:
        return None, None
    found = cache.get(id(dist))
    if found is None:
        meta = dist.metadata
        found = cache[id(dist)] = (meta["Name"], meta["Version"])
    return found


def _register(
    pm: pluggy.PluginManager,
    module: ModuleType | object,
    info: PluginInfo,
    loaded: list[PluginInfo],
    failures: list[PluginFailure],
) -> None:
    """Register one imported plugin, or refuse it (contract version, pluggy's
    checks, :func:`cardshell.hookcall.check_plugin`) and leave it unregistered.
    """
    problem = check_contract(module)
    if problem is None:
        try:
            pm.register(module, name=info.name)
        except Exception as exc:  # pluggy validation errors, duplicate names
            problem = say("plugin.cannot-register", error=_describe_exception(exc))
    if problem is None:
        problem = hookcall.check_plugin(pm, module)
        if problem is None:
            try:
                pm.check_pending()
            except pluggy.PluginValidationError as exc:
                if exc.plugin is module:  # (another plugin's, registered by the caller, is not ours to judge)
                    problem = str(exc)
        if problem is not None:
            pm.unregister(module)
    if problem is not None:
        failures.append(PluginFailure(info.name, info.dist, info.version, problem))
        return
    loaded.append(info._replace(hooks=tuple(sorted(caller.name for caller in pm.get_hookcallers(module) or ()))))
