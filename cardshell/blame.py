"""Blame: which plugin an exception came from, where, and how to say so.

Every report of a plugin's failure names the plugin and gives the file and
line of the raising frame in that plugin's own code, e.g. ``internal error
in plugin 'golf' (golf.py:12): ZeroDivisionError: division by zero``.  The
plugin is found from the traceback: a plugin's code is the file of its
module (``golf.py``) or, for a module of a package, the whole top-level
package directory (``cardshell_aces_up/``), so an error raised in
``cardshell_aces_up/rules.py`` by a function the host called (a game's
``new``, ``render``, ``outcome`` or ``prompt``) is blamed on the plugin
``aces-up`` and not on the host command that called it.  Locations are
shown relative to the plugin's directory (``cardshell_aces_up/rules.py:40``)
so that messages do not depend on where the plugin is installed.

``SystemExit`` raised by a plugin (``sys.exit()`` in a handler, a hook or at
import) is a plugin failure like any exception; ``KeyboardInterrupt`` is
not (Ctrl-C stops the command), and neither is a ``SystemExit`` raised by
the host's own code (a signal handler of the front end), see
:func:`is_plugin_failure`.

Plugin code that runs in another process (a sweep's pool or Dask worker)
is blamed by the same rule: the worker attaches an :class:`Origin` to the
exception (:func:`cardshell.sweep.worker.carry`: the module, file and line
of every frame, and the traceback's text), which crosses the process
boundary with it, and
:func:`locate` reads the frames from it instead of from the local
traceback (which would name the pool's own files).  An exception that
would not survive the trip (not picklable, a ``SystemExit`` that must not
end the sweeping process) travels as a :class:`CarriedFailure` with the
same origin and description.
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
    """Whether a code file is the host's or pluggy's machinery (or frozen importlib).

    Args:
        path (str): a frame's ``co_filename``.
    """
    absolute = os.path.abspath(path) if not path.startswith("<") else path
    return path.startswith("<frozen") or _inside(absolute, HOST_DIR) or _inside(absolute, _PLUGGY_DIR) \
        or os.sep + "importlib" + os.sep in absolute


def plugin_root(plugin: object) -> str | None:
    """The file or directory holding a plugin's code.

    Args:
        plugin (object): a registered plugin: a module, or an object whose
            class's module is used.

    Returns:
        str | None: the absolute path of the top-level package directory for
        a module of a package (``.../cardshell_aces_up``), of the module's
        file otherwise (``.../golf.py``); None when the module has no file.
        A plugin module inside the host's own package is its file alone.
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
        plugin (str | None): the plugin whose code raised it (the innermost
            plugin frame), None if no plugin code is in the traceback.
        where (str | None): ``FILE:LINE`` of that frame (relative to the
            plugin's directory), or of the innermost frame outside the host's
            machinery when no plugin frame is found; None for an exception
            without a traceback.
    """

    plugin: str | None
    where: str | None


def _frames(tb: TracebackType | None) -> list[tuple[str, int]]:
    """(filename, line) of every frame of a traceback, outermost first."""

    return [(frame.f_code.co_filename, line) for frame, line in traceback.walk_tb(tb)]


class Origin(NamedTuple):
    """Where an exception raised in another process was raised.

    Attributes:
        frames (tuple[tuple[str, str, int], ...]): ``(module, file, line)``
            of the frames of its traceback there, outermost first (at most
            :data:`MAX_ORIGIN_FRAMES`, the innermost ones).
        text (str): its traceback as :func:`format_traceback` gave it there
            (at most :data:`MAX_ORIGIN_TEXT` characters, the end kept).
    """

    frames: tuple[tuple[str, str, int], ...]
    text: str

    def local_frames(self) -> list[tuple[str, int]]:
        """(filename, line) of the frames, each file as this process knows
        its module (a Dask worker may keep its plugins elsewhere), else as
        the other process named it."""
        found = []
        for module, filename, line in self.frames:
            loaded = getattr(sys.modules.get(module), "__file__", None)
            found.append((loaded if isinstance(loaded, str) and loaded else filename, line))
        return found


class CarriedFailure(Exception):
    """A plugin failure of another process that could not travel as itself.

    It stands for an exception that does not survive pickling, and for a
    plugin's ``SystemExit`` (which must not end the process it reaches).
    :func:`describe` gives the original's description and :func:`locate`
    its origin, so it is reported exactly as the original would be.

    Args:
        description (str): :func:`describe` of the original exception.
        origin (Origin): where it was raised.
    """

    def __init__(self, description: str, origin: Origin) -> None:
        super().__init__(description)
        self.description = description
        setattr(self, ORIGIN, origin)

    def __reduce__(self) -> tuple[type[CarriedFailure], tuple[str, Origin]]:
        """Pickled with its description and origin."""
        return type(self), (self.description, getattr(self, ORIGIN))


def origin(exc: BaseException) -> Origin | None:
    """The :class:`Origin` a sweep's worker attached to ``exc``
    (:func:`cardshell.sweep.worker.carry`), or None for a local exception."""
    found = getattr(exc, ORIGIN, None)
    return found if isinstance(found, Origin) else None


def _short(filename: str, root: str | None) -> str:
    """A frame's file for messages: relative to the plugin root's parent, else short."""
    absolute = os.path.abspath(filename) if not filename.startswith("<") else filename
    if root is not None and os.path.isdir(root):
        return os.path.relpath(absolute, os.path.dirname(root))
    if _inside(absolute, HOST_DIR):
        return os.path.relpath(absolute, os.path.dirname(HOST_DIR))
    return os.path.basename(absolute)


def locate(exc: BaseException, roots: Iterable[tuple[str, str]], prefer: str | None = None) -> Blame:
    """Find the plugin and the frame an exception was raised in.

    Args:
        exc (BaseException): a caught exception (with its traceback).
        roots (Iterable[tuple[str, str]]): (plugin name, code root) pairs,
            as :func:`plugin_roots` gives.
        prefer (str | None): a plugin known to be responsible (the owner of
            a hook implementation): its innermost frame is used if it has one.

    Returns:
        Blame: the plugin and ``FILE:LINE``; see :class:`Blame`.
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


def running_plugin(frame: FrameType | None, roots: Iterable[tuple[str, str]]) -> tuple[str, str, FrameType] | None:
    """The plugin whose code a frame, or one of its callers, is running.

    For a signal handler, which receives the frame the main thread was
    interrupted in.

    Args:
        frame (FrameType | None): the innermost frame.
        roots (Iterable[tuple[str, str]]): (plugin name, code root) pairs,
            as :func:`plugin_roots` gives.

    Returns:
        tuple[str, str, FrameType] | None: the plugin of the innermost
        plugin frame, that frame's ``FILE:LINE`` and the outermost frame of
        the same plugin's code (where the host called it: it stays on the
        stack while that call runs); None when no plugin code runs.
    """
    pairs = list(roots)
    found: tuple[str, str, FrameType] | None = None
    while frame is not None:
        filename = frame.f_code.co_filename
        absolute = os.path.abspath(filename) if not filename.startswith("<") else filename
        hit = next(((name, root) for name, root in pairs if _inside(absolute, root)), None)
        if hit is not None:
            if found is None:
                found = (hit[0], f"{_short(filename, hit[1])}:{frame.f_lineno}", frame)
            elif hit[0] == found[0]:
                found = (found[0], found[1], frame)
        frame = frame.f_back
    return found


def plugin_roots(plugins: Iterable[tuple[str, object]], hosts: Collection[str]) -> Iterator[tuple[str, str]]:
    """(name, code root) of each plugin but the host's own.

    Args:
        plugins (Iterable[tuple[str, object]]): (name, plugin) pairs, as
            ``PluginManager.list_name_plugin()`` gives.
        hosts (Collection[str]): the names of the host's own plugins (its
            default plugins), left out: their code is the host's.
    """
    for name, plugin in plugins:
        root = plugin_root(plugin) if name not in hosts and plugin is not None else None
        if root is not None:
            yield name, root


def describe(exc: BaseException) -> str:
    """``Type: message``, or ``Type`` alone when the message is empty
    (``SystemExit`` for ``sys.exit()``, ``SystemExit: 3`` for ``sys.exit(3)``);
    a :class:`CarriedFailure`'s is the original exception's."""
    if isinstance(exc, CarriedFailure):
        return exc.description
    text = str(exc)
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


def is_plugin_failure(exc: BaseException) -> bool:
    """Whether a caught exception is a plugin failure to report (and survive).

    Args:
        exc (BaseException): the exception.

    Returns:
        bool: True for every ``Exception`` and for a ``SystemExit`` raised
        outside the host's own package (a plugin's ``sys.exit()``); False for
        ``KeyboardInterrupt``, ``GeneratorExit``, other ``BaseException``
        subclasses and a ``SystemExit`` raised by the host itself (e.g. a
        front end's signal handler), which must go on up.
    """
    if isinstance(exc, Exception):
        return True
    if isinstance(exc, SystemExit):
        frames = _frames(exc.__traceback__)
        return not frames or not _inside(os.path.abspath(frames[-1][0]), HOST_DIR)
    return False


class guard:  # lower case, like contextlib.suppress: read as ``with blame.guard(report):``
    """The plugin-failure guard: ``with blame.guard(report) as guarded: ...``.

    A plugin failure (:func:`is_plugin_failure`) raised in the block ends the
    block where it was raised, is kept in :attr:`failed` and is passed to
    ``report``; it does not go on.  Anything else (Ctrl-C, the host's own
    ``SystemExit``, and the exception types in ``passes``) goes on up
    unchanged.  It stands for the host's idiom::

        try:
            ...
        except BaseException as exc:
            if not blame.is_plugin_failure(exc):
                raise
            report(exc)

    Code after the block tells the two endings apart by :attr:`failed`; a
    value the block assigns keeps what it had before the block when it
    failed, so set the fallback first.  ``report`` may raise an exception of
    its own instead (e.g. ``SaveError``), which then goes on up in place of
    the failure.

    Args:
        report (Callable[[BaseException], None] | None): called with the
            failure (e.g. to report it once, naming the plugin); None: only
            keep it in :attr:`failed`.
        passes (tuple[type[BaseException], ...]): exception types that are
            never caught here, though they are plugin failures by
            :func:`is_plugin_failure` (a ``CommandError`` the caller handles
            itself, a generator's ``StopIteration``).

    Attributes:
        failed (BaseException | None): the plugin failure caught, None while
            the block has not failed.
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

    The host's dispatch and pluggy's call machinery at the top of the stack
    are left out (a plugin author's code starts the traceback); frames
    below it, including host helpers the plugin called, are kept.

    Args:
        exc (BaseException): a caught exception.

    Returns:
        str: the text ``traceback`` prints, ending with a newline; for an
        exception raised in another process, its traceback there
        (:attr:`Origin.text`).
    """
    carried = origin(exc)
    if carried is not None:
        return carried.text
    tb = exc.__traceback__
    while tb is not None and tb.tb_next is not None and is_host_file(tb.tb_frame.f_code.co_filename):
        tb = tb.tb_next

    return "".join(traceback.format_exception(type(exc), exc, tb))


def tracebacks_wanted(flag: bool | None) -> bool:
    """Whether to print plugins' tracebacks: ``flag`` if given (``--traceback``),
    else ``CARDSHELL_TRACEBACK`` set to a value other than ``""`` or ``0``."""
    if flag is not None:
        return flag
    return os.environ.get(TRACEBACK_ENV, "") not in ("", "0")


def print_traceback(exc: BaseException) -> None:
    """Write :func:`format_traceback` to standard error (as it is now),
    ignoring a missing or closed stream."""
    stream = sys.stderr
    if stream is None:
        return
    try:
        stream.write(format_traceback(exc))
        stream.flush()
    except (OSError, ValueError):  # stderr closed or broken: nothing to tell
        pass
