"""The ``cardshell`` command's entry point: Ctrl-C never prints a traceback,
and no thread left by plugin code holds the process at exit.

Outside the ``cardshell`` package, whose import takes most of a start: a
Ctrl-C while :func:`main` imports it exits with status 130, silently.  The
cyclic garbage collector is paused during that import and the objects it
made are then frozen (:func:`gc.freeze`): they live as long as the process,
so no collection, the one at interpreter exit included, walks them.
:func:`finish` gives threads plugin code left running
:data:`EXIT_GRACE_SECONDS`, then ends the process without them.
"""

from __future__ import annotations

import atexit
import gc
import os
import signal
import sys
import threading
import time

#: The exit status after Ctrl-C (128 + SIGINT).
EXIT_INTERRUPTED = 130
#: Seconds the threads plugin code left running get to end at exit.
EXIT_GRACE_SECONDS = 1.0


def main() -> int:
    """Run the ``cardshell`` command (:func:`cardshell.cli.main`); its exit
    status, 130 after Ctrl-C during the start.
    """
    interrupted: list[int] = []
    # While cardshell's modules are imported, Ctrl-C is only noted: an exception raised there
    # can land in an import (a traceback) or in one of Python's own callbacks, which drops it
    # ("Exception ignored in ... _get_module_lock").
    previous = signal.signal(signal.SIGINT, lambda signum, frame: interrupted.append(signum))
    # The host's modules, classes and catalog live as long as the process: no collection runs
    # while they are made (each would walk all of them made so far), and then they leave the
    # collector's generations, so that no later collection (the one at exit included) walks them.
    collecting = gc.isenabled()
    gc.disable()
    try:
        from cardshell.cli import main as run  # here, after the handler: see the module's notes
    finally:
        signal.signal(signal.SIGINT, previous)
        gc.freeze()
        if collecting:
            gc.enable()
    if interrupted:
        return finish(EXIT_INTERRUPTED)
    try:
        status = run()
    except KeyboardInterrupt as exc:
        status = 128 + getattr(exc, "signum", EXIT_INTERRUPTED - 128)
    from cardshell import signals  # imported by now (see the module's notes)

    if signals.received() is not None:  # SIGHUP or SIGTERM: saved; no exit-time cleanup may hold the process
        signals.end_process(status)
    return finish(status)


def finish(status: int, grace: float = EXIT_GRACE_SECONDS) -> int:
    """Wait up to ``grace`` seconds in all for the non-daemon threads still running.

    Returns ``status`` when none is left.  Otherwise the threads are named on
    standard error, the ``atexit`` functions run and the process ends with
    ``status`` (:func:`os._exit`): it never returns.
    """
    main_thread = threading.main_thread()
    deadline = time.monotonic() + grace
    try:
        for thread in threading.enumerate():
            if thread is not main_thread and not thread.daemon:
                thread.join(max(0.0, deadline - time.monotonic()))
    except KeyboardInterrupt:  # Ctrl-C while waiting: stop waiting
        pass
    left = [thread.name for thread in threading.enumerate()
            if thread is not main_thread and not thread.daemon and thread.is_alive()]
    if not left:
        return status
    from cardshell.messages import say  # cardshell is imported by now (see the module's notes)

    _say(say("cli.threads-left" if len(left) > 1 else "cli.threads-left-one",
             threads=", ".join(repr(name) for name in left)))
    try:
        atexit._run_exitfuncs()  # what a normal exit runs after joining the threads
    except BaseException:  # noqa: BLE001 - the process ends now whatever they do
        pass
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None:
                stream.flush()
        except (OSError, ValueError):
            pass
    os._exit(status)


def _say(text: object) -> None:
    try:
        if sys.stderr is not None:
            sys.stderr.write(str(text) + "\n")
            sys.stderr.flush()
    except (OSError, ValueError):
        pass
