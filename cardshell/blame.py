"""Blame: which plugin an exception came from, where, and how to say so.

A report names the plugin and the file and line of the raising frame in
its own code (``internal error in plugin 'golf' (golf.py:12): ...``),
relative to the plugin's directory.  A plugin's code is its module's file,
or the whole top-level package of a module in one, so an error in a game's
``render`` called by a host command is the game's.  A plugin's
``SystemExit`` is a failure; Ctrl-C and the host's own ``SystemExit`` are
not (:func:`is_plugin_failure`).  An exception from a sweep's worker
carries its :class:`Origin` (:func:`cardshell.sweep.worker.carry`) and is
blamed the same way.
"""

from __future__ import annotations

import os
import sys
import traceback
from collections.abc import Callable, Collection, Iterable, Iterator
from types import FrameType, ModuleType, TracebackType
from typing import NamedTuple

import pluggy

#: The host's own package directory (``cardshell/``): its frames are never a plugin's.
HOST_DIR = os.path.dirname(os.path.abspath(__file__))
_PLUGGY_DIR = os.path.dirname(os.path.abspath(pluggy.__file__))
#: The ``cardshell`` command's entry point (``cardshell_launcher``), the host's too.
_LAUNCHER_DIR = os.path.join(os.path.dirname(HOST_DIR), "cardshell_launcher")

#: The environment variable that turns traceback printing on (like ``--traceback``).
TRACEBACK_ENV = "CARDSHELL_TRACEBACK"
#: The attribute of an exception that holds its :class:`Origin`
#: (set by :func:`cardshell.sweep.worker.carry`).
ORIGIN = "__cardshell_origin__"
#: The most frames an :class:`Origin` keeps (the innermost ones: a deep
#: recursion's thousand frames are the same few lines).
MAX_ORIGIN_FRAMES = 200
#: The most characters of traceback text an :class:`Origin` keeps (its end).
MAX_ORIGIN_TEXT = 20_000


def _inside(path: str, root: str) -> bool:
    return path == root or path.startswith(root + os.sep)


def is_host_file(path: str) -> bool:
    """Whether a frame's ``co_filename`` is the host's or pluggy's machinery (or frozen importlib)."""
    absolute = os.path.abspath(path) if not path.startswith("<") else path
    return path.startswith("<frozen") or _inside(absolute, HOST_DIR) or _inside(absolute, _PLUGGY_DIR) \
        or _inside(absolute, _LAUNCHER_DIR) \
        or os.sep + "importlib" + os.sep in absolute


def plugin_root(plugin: object) -> str | None:
    """The file or directory holding a plugin's code.

    Args:
        plugin: a module, or an object whose class's module is used.

    Returns:
        The absolute path of the top-level package directory for a module of a
        package (``.../cardshell_aces_up``), else of the module's file; a
        plugin module inside the host's package is its file alone; None when
        the module has no file.
    """
    module = plugin if isinstance(plugin, ModuleType) else sys.modules.get(type(plugin).__module__)
    found = getattr(module, "__file__", None)
    if not isinstance(found, str) or not found:
        return None
    filename = os.path.abspath(found)
    top = (getattr(module, "__package__", None) or "").partition(".")[0]
    paths = getattr(sys.modules.get(top), "__path__", None) if top else None
    if paths:
        directory = os.path.abspath(str(next(iter(paths))))
        if directory != HOST_DIR and _inside(filename, directory):
            return directory
    return filename


class Blame(NamedTuple):
    """Where an exception was raised.

    Attributes:
        plugin: the plugin of the innermost plugin frame, None if no plugin
            code is in the traceback.
        where: ``FILE:LINE`` of that frame (relative to the plugin's
            directory), else of the innermost frame outside the host's
            machinery; None without a traceback.
    """

    plugin: str | None
    where: str | None


def _frames(tb: TracebackType | None) -> list[tuple[str, int]]:

    return [(frame.f_code.co_filename, line) for frame, line in traceback.walk_tb(tb)]


class Origin(NamedTuple):
    """Where an exception raised in another process was raised.

    Attributes:
        frames: ``(module, file, line)`` of its traceback's frames there,
            outermost first (the innermost :data:`MAX_ORIGIN_FRAMES`).
        text: its traceback's text there (the last :data:`MAX_ORIGIN_TEXT`
            characters).
    """

    frames: tuple[tuple[str, str, int], ...]
    text: str

    def local_frames(self) -> list[tuple[str, int]]:
        """(filename, line) of the frames, each file as this process knows its module."""
        found = []
        for module, filename, line in self.frames:
            loaded = getattr(sys.modules.get(module), "__file__", None)
            found.append((loaded if isinstance(loaded, str) and loaded else filename, line))
        return found


class CarriedFailure(Exception):
    """A plugin failure of another process that could not travel as itself.

    It stands for an exception that does not pickle and for a plugin's
    ``SystemExit``, and is described (:func:`describe`) and located
    (:func:`locate`) exactly as the original.

    Args:
        description: :func:`describe` of the original exception.
        origin: where it was raised.
    """

    def __init__(self, description: str, origin: Origin) -> None:
        super().__init__(description)
        self.description = description
        setattr(self, ORIGIN, origin)

    def __reduce__(self) -> tuple[type[CarriedFailure], tuple[str, Origin]]:
        return type(self), (self.description, getattr(self, ORIGIN))


def origin(exc: BaseException) -> Origin | None:
    """The :class:`Origin` a sweep's worker attached to ``exc``
    (:func:`cardshell.sweep.worker.carry`), or None for a local exception."""
    found = getattr(exc, ORIGIN, None)
    return found if isinstance(found, Origin) else None


def _short(filename: str, root: str | None) -> str:
    absolute = os.path.abspath(filename) if not filename.startswith("<") else filename
    if root is not None and os.path.isdir(root):
        return os.path.relpath(absolute, os.path.dirname(root))
    if _inside(absolute, HOST_DIR):
        return os.path.relpath(absolute, os.path.dirname(HOST_DIR))
    return os.path.basename(absolute)


def locate(exc: BaseException, roots: Iterable[tuple[str, str]], prefer: str | None = None) -> Blame:
    """Find the plugin and the frame an exception was raised in.

    Args:
        exc: a caught exception, with its traceback.
        roots: (plugin name, code root) pairs, as :func:`plugin_roots` gives.
        prefer: a plugin known to be responsible (a hook implementation's
            owner): its innermost frame is used if it has one.
    """
    pairs = list(roots)
    carried = origin(exc)
    frames = carried.local_frames() if carried is not None else _frames(exc.__traceback__)

    def owner(filename: str) -> tuple[str, str] | None:
        absolute = os.path.abspath(filename)
        return next(((name, root) for name, root in pairs if _inside(absolute, root)), None)

    found = [(filename, line, owner(filename)) for filename, line in reversed(frames)]
    for filename, line, hit in found:
        if hit is not None and (prefer is None or hit[0] == prefer):
            return Blame(hit[0], f"{_short(filename, hit[1])}:{line}")
    for filename, line, hit in found:
        if hit is not None:
            return Blame(hit[0], f"{_short(filename, hit[1])}:{line}")
    for filename, line, _ in found:
        if not is_host_file(filename):
            return Blame(None, f"{_short(filename, None)}:{line}")
    if found:
        filename, line, _ = found[0]
        return Blame(None, f"{_short(filename, None)}:{line}")
    return Blame(None, None)


#: :func:`_library_dirs` once read from :mod:`sysconfig`.
_LIBRARY_DIRS: list[tuple[tuple[str, ...], tuple[str, ...]]] = []


def _library_dirs() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The standard library's directories (its frames are charged to whoever
    called them) and the installed packages' (under the standard library's
    in some installations), each ending with a separator; read from
    :func:`sysconfig.get_paths` when a frame is first looked at.

    A signal or a time bound can ask while :mod:`sysconfig` itself is being
    imported (a plugin's import on a slow machine): then the answer is made
    from ``os``'s directory and ``sys.path`` instead, and not kept.
    """
    if _LIBRARY_DIRS:
        return _LIBRARY_DIRS[0]
    import sysconfig  # only when a signal or a bound asks

    get_paths = getattr(sysconfig, "get_paths", None)
    if get_paths is None:  # partially initialised: importing it is what was interrupted
        stdlib = (os.path.dirname(os.path.abspath(os.__file__)) + os.sep,)
        site = tuple({os.path.abspath(path) + os.sep for path in sys.path
                      if os.path.basename(path) in ("site-packages", "dist-packages")})
        return stdlib, site
    paths = get_paths()
    stdlib = tuple({os.path.abspath(path) + os.sep for key in ("stdlib", "platstdlib") if (path := paths.get(key))})
    site = tuple({os.path.abspath(path) + os.sep for key in ("purelib", "platlib") if (path := paths.get(key))})
    _LIBRARY_DIRS.append((stdlib, site))
    return stdlib, site


#: Whether a code object's file is plugin code (:func:`_is_plugin_file`), by file name.
_PLUGIN_FILES: dict[str, bool] = {}


def _is_plugin_file(filename: str) -> bool:
    """Whether a frame's file is plugin code: neither the host's, pluggy's,
    importlib's nor the standard library's (frozen modules included)."""
    known = _PLUGIN_FILES.get(filename)
    if known is None:
        if filename.startswith("<"):
            known = False
        else:
            stdlib, site = _library_dirs()
            neutral = filename.startswith(stdlib) and not filename.startswith(site)
            known = not neutral and not is_host_file(filename)
        _PLUGIN_FILES[filename] = known
    return known


def plugin_frame(frame: FrameType | None, outer: FrameType | None = None) -> FrameType | None:
    """The one answer to "is plugin code running?": the innermost frame of
    plugin code from ``frame`` out to ``outer`` (included; None: the whole
    stack), or None when only the host's and the standard library's code
    runs there.  A plugin's function calling the host's helpers or the
    standard library is still plugin code running.

    Args:
        frame (FrameType | None): the innermost frame (a signal handler's).
        outer (FrameType | None): the frame the host called plugin code from
            (a time bound's ``with``); frames outside it are not looked at.
    """
    while frame is not None:
        if _is_plugin_file(frame.f_code.co_filename):
            return frame
        if frame is outer:
            break
        frame = frame.f_back
    return None


def running_plugin(frame: FrameType | None, roots: Iterable[tuple[str, str]]) -> tuple[str, str] | None:
    """The plugin whose code ``frame`` or one of its callers runs (:func:`plugin_frame`), for a signal handler.

    Args:
        roots: (plugin name, code root) pairs, as :func:`plugin_roots` gives.

    Returns:
        The plugin owning the innermost plugin frame that one of ``roots``
        holds, and that frame's ``FILE:LINE``; None when no plugin's code runs.
    """
    pairs = list(roots)
    found = plugin_frame(frame)
    while found is not None:
        filename = found.f_code.co_filename
        absolute = os.path.abspath(filename)
        hit = next(((name, root) for name, root in pairs if _inside(absolute, root)), None)
        if hit is not None:
            return hit[0], f"{_short(filename, hit[1])}:{found.f_lineno}"
        found = plugin_frame(found.f_back)  # a library the plugin called: its caller names it
    return None


def plugin_roots(plugins: Iterable[tuple[str, object]], hosts: Collection[str]) -> Iterator[tuple[str, str]]:
    """(name, code root) of each plugin but the host's own.

    Args:
        plugins: (name, plugin) pairs, as ``PluginManager.list_name_plugin()`` gives.
        hosts: the names of the host's default plugins, left out.
    """
    for name, plugin in plugins:
        root = plugin_root(plugin) if name not in hosts and plugin is not None else None
        if root is not None:
            yield name, root


def describe(exc: BaseException) -> str:
    """``Type: message``, or ``Type`` alone when the message is empty; a carried failure's original's."""
    if isinstance(exc, CarriedFailure):
        return exc.description
    text = str(exc)
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


def is_plugin_failure(exc: BaseException) -> bool:
    """Whether a caught exception is a plugin failure to report and survive.

    True for every ``Exception`` and a ``SystemExit`` raised outside the
    host's package; False for ``KeyboardInterrupt``, ``GeneratorExit``, other
    ``BaseException`` subclasses and the host's own ``SystemExit`` (a front
    end's signal handler), which must go on up.
    """
    if isinstance(exc, Exception):
        return True
    if isinstance(exc, SystemExit):
        frames = _frames(exc.__traceback__)
        return not frames or not _inside(os.path.abspath(frames[-1][0]), HOST_DIR)
    return False


class guard:  # lower case, like contextlib.suppress: read as ``with blame.guard(report):``
    """The plugin-failure guard: ``with blame.guard(report) as guarded: ...``.

    A plugin failure raised in the block ends it, is kept in :attr:`failed`
    (None if none) and passed to ``report`` (None: only kept); anything else,
    and the types in ``passes``, goes on up.  A value the block assigns keeps
    its earlier value when the block failed, so set the fallback first.
    ``report`` may raise an error of its own instead (``SaveError``).
    """

    __slots__ = ("report", "passes", "failed")

    def __init__(self, report: Callable[[BaseException], None] | None = None,
                 passes: tuple[type[BaseException], ...] = ()) -> None:
        self.report = report
        self.passes = passes
        self.failed: BaseException | None = None

    def __enter__(self) -> guard:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 traceback: TracebackType | None) -> bool:
        if exc is None or isinstance(exc, self.passes) or not is_plugin_failure(exc):
            return False
        self.failed = exc
        if self.report is not None:
            self.report(exc)
        return True


def format_traceback(exc: BaseException) -> str:
    """The traceback of a plugin's exception, from its first non-host frame.

    The host's dispatch and pluggy's machinery at the top are left out; host
    helpers the plugin called stay.  For an exception from another process:
    its traceback there (:attr:`Origin.text`).
    """
    carried = origin(exc)
    if carried is not None:
        return carried.text
    tb = exc.__traceback__
    while tb is not None and tb.tb_next is not None and is_host_file(tb.tb_frame.f_code.co_filename):
        tb = tb.tb_next

    return "".join(traceback.format_exception(type(exc), exc, tb))


def tracebacks_wanted(flag: bool | None) -> bool:
    """Whether to print plugins' tracebacks: ``flag`` (``--traceback``), else ``CARDSHELL_TRACEBACK``.

    ``CARDSHELL_TRACEBACK`` counts when set to anything but ``""`` or ``0``.
    """
    if flag is not None:
        return flag
    return os.environ.get(TRACEBACK_ENV, "") not in ("", "0")


def print_traceback(exc: BaseException) -> None:
    """Write :func:`format_traceback` to standard error, ignoring a missing or closed stream."""
    from cardshell.capture import host_stderr  # the real stderr under porcelain schema 2

    stream = host_stderr()
    if stream is None:
        return
    try:
        stream.write(format_traceback(exc))
        stream.flush()
    except (OSError, ValueError):  # stderr closed or broken: nothing to tell
        pass
