"""The plugin index: what ``games``, ``help``, ``plugins`` and completion need
to know of the plugins, without importing them.

Written as JSON in :func:`cache_dir` from a shell that imported every
plugin with none failing, and read at the next start while its key holds:
versions, ``sys.prefix``, the plugin switches, each ``sys.path`` entry's
and each plugin file's modification time.  At most
:data:`MAX_INDEX_BYTES` are read; a bad index is rebuilt.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any, NamedTuple

from cardshell.defaults import DEFAULT_PLUGINS
from cardshell.version import __version__

#: The format of the index file; another number is ignored.
FORMAT = 2
#: The environment variable naming the cache directory.
CACHE_DIR_ENV = "CARDSHELL_CACHE_DIR"
#: The largest index file read, in bytes.
MAX_INDEX_BYTES = 1024 * 1024
#: The largest number of files stat'ed per plugin package for the key.
MAX_FILES_PER_PLUGIN = 500
_FILE = "plugin-index.json"


class IndexedGame(NamedTuple):
    """A game as ``games`` lists it, before its plugin is imported.

    Attributes:
        id: the game id (``aces-up``).
        title: its title.
        summary: its one-line summary.
    """

    id: str
    title: str
    summary: str


class IndexedPlugin(NamedTuple):
    """One plugin of the index.

    Attributes:
        name: the entry point's name.
        module: the module it imports.
        dist: its distribution.
        version: that distribution's version.
        hooks: the hooks it implements.
        games: the games it registers.
        global_words: the names and aliases of its global commands.
        global_patterns: whether it has a global pattern command.
        targets: the games of other plugins it adds commands to.
        files: its package's files and their modification times (ns).
    """

    name: str
    module: str
    dist: str | None
    version: str | None
    hooks: list[str]
    games: list[IndexedGame]
    global_words: list[str]
    global_patterns: bool
    targets: list[str]
    files: list[tuple[str, int]]


def cache_dir() -> str:
    """``CARDSHELL_CACHE_DIR``, else platformdirs' ``user_cache_dir``; a string,
    so a warm start does not import pathlib.
    """
    override = os.environ.get(CACHE_DIR_ENV)
    if override:
        return os.path.expanduser(override)
    import platformdirs  # here: a start whose directories are set never imports it

    return str(platformdirs.user_cache_dir("cardshell", appauthor=False))


def fingerprint() -> list[Any]:
    """The part of the key that does not depend on the indexed plugins."""

    paths = []
    # sys.path[0] is the script's directory or the current one (python -m): not where
    # distributions are installed, and it changes with how and where cardshell is started.
    for entry in sys.path[0 if sys.flags.safe_path else 1:]:
        try:
            paths.append([entry, os.stat(entry or ".").st_mtime_ns])
        except OSError:
            paths.append([entry, None])
    return [FORMAT, __version__, sys.prefix, sys.version, os.environ.get("CARDSHELL_LOAD_PLUGINS"),
            os.environ.get("CARDSHELL_DISABLE_PLUGINS"), paths]


def _files_of(module_name: str) -> list[tuple[str, int]]:
    """The ``.py`` files of a module's top-level package with their mtimes (ns)."""
    top = sys.modules.get(module_name.partition(".")[0])
    origin = getattr(top, "__file__", None)
    if origin is None:
        return []

    root = Path(origin).parent if Path(origin).name == "__init__.py" else Path(origin)
    paths = sorted(root.rglob("*.py"))[:MAX_FILES_PER_PLUGIN] if root.is_dir() else [root]
    return [(str(path), path.stat().st_mtime_ns) for path in paths]


def _files_unchanged(files: list[list[Any]]) -> bool:
    for path, mtime in files:
        try:
            if os.stat(path).st_mtime_ns != mtime:
                return False
        except OSError:
            return False
    return True


def from_shell(shell: Any) -> list[IndexedPlugin] | None:
    """The index of a shell that imported every plugin, or None if it must not be
    cached (a plugin failed or was refused, or ``--plugin`` modules).

    The default plugins are indexed under their ``module:Class``
    (:data:`cardshell.defaults.DEFAULT_PLUGINS`) with their module's file.
    """
    registry = shell.registry
    if registry.failures:
        return None
    targets = dict(DEFAULT_PLUGINS)
    plugins = []
    for info in registry.plugins:
        if info.dist is None:  # a --plugin module: not an entry point
            return None
        games = [IndexedGame(gid, registry.games[gid].title, registry.games[gid].summary)
                 for gid in registry.plugin_games(info.name)]
        own = {game.id for game in games}
        words = [w for e in registry.global_scope.entries if e.plugin == info.name for w in e.command.words]
        patterns = any(e.plugin == info.name for _, e in registry.global_scope.patterns)
        found = sorted({gid for gid in registry.games if gid not in own
                        and any(e.plugin == info.name for e in registry.commands(gid))})
        target = targets.get(info.name)
        files = _files_of(info.module) if target is None else _module_file(target.partition(":")[0])
        plugins.append(IndexedPlugin(info.name, info.module if target is None else target, info.dist, info.version,
                                     list(info.hooks), games, words, patterns, found, files))
    return plugins


def _module_file(module_name: str) -> list[tuple[str, int]]:
    origin = getattr(sys.modules.get(module_name), "__file__", None)
    if origin is None:
        return []
    return [(origin, os.stat(origin).st_mtime_ns)]


def save(plugins: list[IndexedPlugin], directory: str | os.PathLike[str] | None = None) -> None:
    """Write the index atomically to ``directory`` (default :func:`cache_dir`);
    one that cannot be written is skipped silently.
    """
    directory = Path(cache_dir() if directory is None else directory)
    data = {"key": fingerprint(), "plugins": [
        {**p._asdict(), "games": [g._asdict() for g in p.games]} for p in plugins]}
    try:
        directory.mkdir(parents=True, exist_ok=True)
        temp = directory / f".{_FILE}.{os.getpid()}"
        temp.write_text(json.dumps(data), encoding="utf-8")
        os.replace(temp, directory / _FILE)
    except OSError:
        return


def load(directory: str | os.PathLike[str] | None = None) -> list[IndexedPlugin] | None:
    """The index in ``directory`` (default :func:`cache_dir`), or None when missing or out of date."""
    path = os.path.join(cache_dir() if directory is None else directory, _FILE)
    try:
        with open(path, "rb") as handle:
            raw = handle.read(MAX_INDEX_BYTES + 1)
        if len(raw) > MAX_INDEX_BYTES:
            return None
        data = json.loads(raw)
        if data.get("key") != json.loads(json.dumps(fingerprint())):
            return None
        plugins = []
        for item in data["plugins"]:
            if not _files_unchanged(item["files"]):
                return None
            games = [IndexedGame(**game) for game in item.pop("games")]
            plugins.append(IndexedPlugin(**item, games=games))
        return plugins
    except (OSError, ValueError, TypeError, KeyError, AttributeError):
        return None
