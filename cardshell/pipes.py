"""Standard output whose reader goes away (``cardshell ... | head -1``).

Writing to a pipe nobody reads raises :class:`BrokenPipeError`; after it the
interpreter's own final flush of ``sys.stdout`` fails again and prints
"Exception ignored ...".  Python's documented recipe (the ``signal`` module's
notes on SIGPIPE) is to point stdout at ``os.devnull`` once that happens.
Used by the ``cardshell`` command and by the built-in games' standalone
programs, so none of them shows a traceback to a reader that left.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable


def silence_closed_stdout() -> None:
    """Point file descriptor 1 at ``os.devnull`` after a BrokenPipeError, so
    that nothing more is written and the final flush does not fail."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())


def run_main(main: Callable[[], int], broken_pipe_status: int = 1) -> int:
    """Run a program's ``main`` and return its exit status, quietly when the
    reader of stdout goes away.

    Args:
        main (Callable[[], int]): the program; returns its exit status.
        broken_pipe_status (int): the status to return when stdout's reader
            left before the program finished.

    Returns:
        int: ``main()``'s status, or ``broken_pipe_status``.
    """
    try:
        status = main()
        sys.stdout.flush()
    except BrokenPipeError:
        silence_closed_stdout()
        return broken_pipe_status
    return status
