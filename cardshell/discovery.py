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
"""

from __future__ import annotations

import importlib
import importlib.metadata as metadata
import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from types import ModuleType

import pluggy

from cardshell import hookspecs

#: The entry-point group plugins register under.
ENTRY_POINT_GROUP = "cardshell"


@dataclass
class PluginInfo:
    """A plugin that loaded.

    Attributes:
        name (str): the name it is registered under in the plugin manager
            (the entry point's name, or the module name for ``--plugin``).
        module (str): the imported module (``cardshell_aces_up.plugin``).
        dist (str | None): the distribution that ships it, if any.
        version (str | None): that distribution's version.
        games (list[str]): the ids of the games it registered.
        hooks (list[str]): the names of the hooks it implements.
    """

    name: str
    module: str
    dist: str | None = None
    version: str | None = None
    games: list[str] = field(default_factory=list)
    hooks: list[str] = field(default_factory=list)


@dataclass
class PluginFailure:
    """A plugin, or one of its registrations, that was refused.

    Attributes:
        name (str): the plugin's name (entry point or module).
        dist (str | None): the distribution that ships it, if known.
        version (str | None): that distribution's version.
        reason (str): what went wrong, in one line.
    """

    name: str
    dist: str | None
    version: str | None
    reason: str

    def describe(self) -> str:
        """One line naming the plugin, its distribution and the reason."""
        origin = f" (from {self.dist} {self.version})" if self.dist else ""
        return f"{self.name}{origin}: {self.reason}"


def _names(value: str | None) -> set[str] | None:
    if value is None:
        return None
    return {name.strip() for name in value.split(",") if name.strip()}


def _describe_exception(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}"


def check_contract(module: object) -> str | None:
    """Check a plugin's declared contract version.

    Args:
        module: the imported plugin module; its optional ``CARDSHELL_CONTRACT``
            attribute (int) names the contract it was written for.

    Returns:
        str | None: None if compatible (or undeclared), else the reason
        naming both versions.
    """
    wanted = getattr(module, "CARDSHELL_CONTRACT", None)
    if wanted is None or wanted == hookspecs.CONTRACT_VERSION:
        return None
    return (
        f"plugin needs plugin contract version {wanted}, "
        f"this cardshell provides version {hookspecs.CONTRACT_VERSION}"
    )


def load_entry_points(
    pm: pluggy.PluginManager,
    only: Iterable[str] | None = None,
    disabled: Iterable[str] = (),
    extra_modules: Iterable[str] = (),
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
        extra_modules (Iterable[str]): importable module names to register as
            plugins for this session (``--plugin``), loaded even when
            ``only`` would exclude them.

    Returns:
        tuple[list[PluginInfo], list[PluginFailure]]: what loaded and what was
        refused.  Nothing is raised for a broken plugin.
    """
    wanted = set(only) if only is not None else _names(os.environ.get("CARDSHELL_LOAD_PLUGINS"))
    blocked = set(disabled) | (_names(os.environ.get("CARDSHELL_DISABLE_PLUGINS")) or set())
    loaded: list[PluginInfo] = []
    failures: list[PluginFailure] = []
    seen: set[str] = set()

    for ep in sorted(metadata.entry_points(group=ENTRY_POINT_GROUP), key=lambda e: e.name):
        dist_name = ep.dist.name if ep.dist is not None else None
        version = ep.dist.version if ep.dist is not None else None
        names = {ep.name} | ({dist_name} if dist_name else set())
        if ep.name in seen:
            failures.append(PluginFailure(ep.name, dist_name, version, "a plugin with this name is already loaded"))
            continue
        if (wanted is not None and not names & wanted) or names & blocked:
            continue
        seen.add(ep.name)
        try:
            module = ep.load()
        except Exception as exc:  # a broken plugin must not take the shell down
            failures.append(PluginFailure(ep.name, dist_name, version, f"failed to import: {_describe_exception(exc)}"))
            continue
        info = PluginInfo(ep.name, getattr(module, "__name__", ep.value), dist_name, version)
        _register(pm, module, info, loaded, failures)

    for module_name in extra_modules:
        try:
            module = importlib.import_module(module_name)
        except Exception as exc:
            failures.append(PluginFailure(module_name, None, None, f"failed to import: {_describe_exception(exc)}"))
            continue
        _register(pm, module, PluginInfo(module_name, module_name), loaded, failures)
    return loaded, failures


def _register(
    pm: pluggy.PluginManager,
    module: ModuleType | object,
    info: PluginInfo,
    loaded: list[PluginInfo],
    failures: list[PluginFailure],
) -> None:
    problem = check_contract(module)
    if problem is None:
        try:
            pm.register(module, name=info.name)
        except Exception as exc:  # pluggy validation errors, duplicate names
            problem = f"cannot be registered: {_describe_exception(exc)}"
    if problem is not None:
        failures.append(PluginFailure(info.name, info.dist, info.version, problem))
        return
    info.hooks = sorted(caller.name for caller in pm.get_hookcallers(module) or ())
    loaded.append(info)
