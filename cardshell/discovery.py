"""Plugin discovery: entry points of the ``cardshell`` group, each loaded
under its own guard.

pluggy's ``load_setuptools_entrypoints`` stops at the first plugin that fails
to import (the cause of llm's issue 1280).  Here every entry point is
imported separately; a failure is recorded as a :class:`PluginFailure`
(shown by ``plugins``) and every other plugin still loads.

Environment:

* ``CARDSHELL_LOAD_PLUGINS``: a comma-separated list of plugin names (entry
  point names such as ``aces-up``, or distribution names) to load; when set,
  nothing else is loaded, and when set to the empty string no plugin is
  loaded at all (the host's own commands remain).
* ``CARDSHELL_DISABLE_PLUGINS``: a comma-separated list of names never to load.

A plugin that is not loaded is not imported either, so these switches also
set a broken plugin aside.  ``cardshell --plugin MODULE`` (``extra_modules``
here) loads one more plugin for a session, even when it is not installed:
an importable module name (the current directory is searched too) or the
path of a ``.py`` file (its directory is searched for its own imports).  A
module is named as given (``my_game.plugin``), a file by its module stem
(``path/to/my_game.py`` is plugin ``my_game`` in ``plugins`` and in
messages), so that golden files do not depend on where a checkout lives
(:func:`extra_name`).

A plugin module may declare the contract version it was written for with a
module-level ``CARDSHELL_CONTRACT = N`` (see :mod:`cardshell.hookspecs`);
:func:`check_contract` refuses one this cardshell does not provide, naming
both versions.  A plugin implementing a hook that does not exist (a
misspelt ``cardshell_game_ended``) or wrapping a registration hook is
refused too (:func:`cardshell.hookcall.check_plugin`, then pluggy's own
``check_pending``).

Order and precedence: the built-in plugins (entry points of the
``cardshell`` distribution itself) are registered first, then third-party
entry points in name order, then ``--plugin`` modules.  When two plugins
claim the same name, game id or command word, the one registered first
keeps it and only the later one is refused (see :mod:`cardshell.registry`),
so no third-party plugin can replace or disable a built-in one.

Importing a plugin runs its module code, so each import is guarded:

* an exception, or ``SystemExit`` (a ``sys.exit()`` at import), refuses
  that plugin alone, with the file and line that raised;
* whatever the module prints while importing goes to standard error, never
  into the output of the run;
* a watchdog thread (:mod:`cardshell.watchdog`) tells, on standard error,
  which plugin is still importing after :data:`IMPORT_WATCHDOG_SECONDS` and
  that Ctrl-C skips it;
  Ctrl-C during a plugin's import refuses that plugin (reported like any
  failure) and loading goes on with the next one.
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import os
import sys
import time
from collections.abc import Callable, Iterable
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
from cardshell.watchdog import ImportWatchdog, plugin_bound

#: The entry-point group plugins register under.
ENTRY_POINT_GROUP = "cardshell"

#: The distribution of the host itself: its entry points are the built-in plugins.
HOST_DISTRIBUTION = "cardshell"

#: Seconds a plugin may take to import before the watchdog says which one it is.
IMPORT_WATCHDOG_SECONDS = 3.0


class PluginInfo(NamedTuple):
    """A plugin that loaded (a NamedTuple, as the other plugin records:
    cheaper to define at start than a dataclass; ``info._replace(games=...)``
    gives it with other values).

    Attributes:
        name: the name it is registered under in the plugin manager (the
            entry point's name, or the module name for ``--plugin``).
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
    reason: str

    def describe(self) -> str:
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


def _describe_exception(exc: BaseException) -> str:
    """``Type: message``, then where it was raised (the plugin's own code,
    not importlib's frames), so that a plugin author can find it."""
    if isinstance(exc, PluginFault):  # the time bound: it says where the import was stopped
        return say("plugin.hook-problem", hook=exc.hook, problem=exc.problem)
    text = blame.describe(exc)

    frames = [f for f in traceback.extract_tb(exc.__traceback__) if "importlib" not in f.filename
              and not f.filename.startswith("<frozen")]
    if frames and Path(frames[-1].filename).resolve() != Path(__file__).resolve():
        return say("plugin.exception-at", error=text, where=f"{frames[-1].filename}:{frames[-1].lineno}")
    return text


def check_contract(module: object) -> str | None:
    """Check a plugin's declared contract version.

    Args:
        module: the imported plugin module; its optional ``CARDSHELL_CONTRACT``
            attribute (int) names the contract it was written for.

    Returns:
        str | None: None if compatible (declared version from
        :data:`~cardshell.hookspecs.OLDEST_CONTRACT_VERSION` to
        :data:`~cardshell.hookspecs.CONTRACT_VERSION`, or undeclared), else
        the reason naming both versions.
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
    """The plugin name of a ``--plugin`` argument.

    Args:
        spec (str): a module name (``my_game.plugin``) or a path
            (``path/to/my_game.py``).

    Returns:
        str: the module name as given, or the file's stem (``my_game``).
    """
    return os.path.splitext(os.path.basename(spec))[0] if _is_path(spec) else spec


def import_extra(spec: str) -> ModuleType:
    """Import a ``--plugin`` module: a module name or the path of a ``.py`` file.

    Args:
        spec (str): ``my_game.plugin`` (importable from ``sys.path`` or the
            current directory) or ``path/to/plugin.py``.

    Returns:
        ModuleType: the imported module.  A file in a package
        (``my_game/plugin.py`` beside ``my_game/__init__.py``) is imported
        as ``my_game.plugin``; any other file under its stem (``plugin``).
        The directory above the package (or the file's own directory) is
        added to ``sys.path``, so that the plugin's own imports work.

    Raises:
        Exception: whatever importing raises (``FileNotFoundError`` for a
        missing file, ``ModuleNotFoundError``, the module's own errors).
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
    """:mod:`importlib.metadata`, imported when first asked for: the one
    way into what is installed (entry points, distributions), for discovery
    here and for ``new-plugin``'s clash checks (:func:`cardshell.scaffold.taken`).

    Importing it costs about 15 ms (it brings :mod:`email` and more), which a
    start from the plugin index (:mod:`cardshell.registry`) and every command
    but ``new-plugin`` never pay: this is the deferred-plugin boundary of the
    host's imports (issue 29 item 4).

    Returns:
        ModuleType: the :mod:`importlib.metadata` module.
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
    """Import and register every plugin, each under its own guard.

    Args:
        pm (pluggy.PluginManager): the manager to register plugins with.
        only (Iterable[str] | None): names to load (entry point or
            distribution names); None means "all", subject to
            ``CARDSHELL_LOAD_PLUGINS``.  An explicit value wins over the
            environment.
        disabled (Iterable[str]): names never to load, added to
            ``CARDSHELL_DISABLE_PLUGINS``.
        extra_modules (Iterable[str]): module names or ``.py`` paths to
            register as plugins for this session (``--plugin``, see
            :func:`import_extra`), loaded even when ``only`` would exclude them.
        tracebacks (bool): print the traceback of each import failure on
            standard error (``--traceback``).

    Returns:
        tuple[list[PluginInfo], list[PluginFailure]]: what loaded and what was
        refused, in registration order (built-in plugins first, see the
        module's docstring).  Nothing is raised for a broken plugin, not
        even for ``SystemExit`` or Ctrl-C during its import.
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


def is_builtin(dist_name: str | None) -> bool:
    """Whether a distribution is the host's own (its plugins are built in)."""
    return dist_name is not None and dist_name.lower().replace("_", "-") == HOST_DISTRIBUTION


def _named(name: str, dist: str | None, version: str | None) -> str:
    """A plugin's name for messages, with its distribution when it has one."""
    return say("plugin.named", plugin=repr(name), dist=dist, version=version) if dist else repr(name)


def _import_guarded(name: str, load: Callable[[], object], tracebacks: bool,
                    watchdog: ImportWatchdog) -> tuple[object, str | None]:
    """Import one plugin: (module, None), or (None, the reason it failed).

    The import runs with standard output sent to standard error, watched by
    ``watchdog`` (which names the plugin on standard error if it takes longer
    than :data:`IMPORT_WATCHDOG_SECONDS`).  Ctrl-C (``KeyboardInterrupt``)
    and ``SystemExit`` during the import are failures of this plugin.

    Args:
        name (str): the plugin's name, for the watchdog's message.
        load (Callable[[], object]): imports and returns the module.
        tracebacks (bool): print the traceback of a failure on standard error.
        watchdog (ImportWatchdog): the start-up's watchdog.
    """
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
    """The (name, version) of the distribution that ships an entry point.

    ``Distribution.name`` and ``.version`` each parse the distribution's
    METADATA file again; the entry points of one distribution share one
    ``Distribution`` object, so it is read once per distribution here (the
    built-in games are eight entry points of one distribution: start-up).

    Args:
        ep (metadata.EntryPoint): the entry point.
        cache (dict[int, tuple[str | None, str | None]]): what was read,
            by ``id()`` of the distribution object (alive while the entry
            points are).

    Returns:
        tuple[str | None, str | None]: (None, None) for an entry point
        with no distribution.
    """
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
    """Register one imported plugin, or refuse it (then it is not left registered).

    Refused: a contract version this host does not provide, what pluggy
    refuses at registration (a hook implementation with an argument the
    hook does not have), and what :func:`cardshell.hookcall.check_plugin`
    refuses (an unknown hook, a wrapper of a registration hook); pluggy's
    ``check_pending`` is then run as the final word on unknown hooks.
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
