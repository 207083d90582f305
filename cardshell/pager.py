"""The pager: a host document taller than the terminal, a screen at a time.

Only host documents at a terminal (:attr:`cardshell.reply.Reply.pageable`).
As git: ``CARDSHELL_PAGER`` (empty: none), else ``PAGER``, else ``less -R``
(with ``LESS=FRX`` when unset), else :func:`builtin_pager`; ``--no-pager``
turns it off.  Not :func:`pydoc.pager`, which keeps its first choice for
the process, runs ``less`` without ``-R``, loses the text when the pager
fails, pages text that fits, and whose parts are undocumented.
"""

from __future__ import annotations

import contextlib
import os
import shlex
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TextIO

from cardshell import signals
from cardshell.messages import say

#: The environment variable naming cardshell's pager (empty: no pager).
PAGER_ENV = "CARDSHELL_PAGER"
#: The pager used when neither ``CARDSHELL_PAGER`` nor ``PAGER`` names one
#: and ``less`` is installed.
DEFAULT_PAGER = "less -R"
#: What ``less`` is told when ``LESS`` is unset (as git does).
LESS_DEFAULT = "FRX"
#: Seconds an interrupted pager has to end after SIGTERM (``less`` puts the
#: terminal back as it leaves), then as many after SIGKILL: the bound on the
#: wait before the prompt returns.
CLOSE_SECONDS = 2.0
#: What :func:`run` returns for a pager stopped by Ctrl-C.
INTERRUPTED = -1
#: The built-in pager's prompt.
MORE = say("terminal.more")


@dataclass(frozen=True)
class Pager:
    """The pager to use.

    Attributes:
        kind: ``"off"``, ``"command"`` (run ``command``) or ``"builtin"``.
        command: the program and its arguments, for ``"command"``.
    """

    kind: str
    command: tuple[str, ...] = ()


def choose(env: Mapping[str, str], *, enabled: bool = True,
           which: Callable[[str], str | None] = shutil.which) -> Pager:
    """The pager the environment ``env`` asks for (in the module's order); off
    when not ``enabled`` (``--no-pager``).  ``which`` finds a program on the
    PATH; a variable with an unclosed quote counts as unset.
    """
    if not enabled:
        return Pager("off")
    for name in (PAGER_ENV, "PAGER"):
        value = env.get(name)
        if value is None or (name == "PAGER" and not value.strip()):
            continue
        if not value.strip():
            return Pager("off")  # CARDSHELL_PAGER="" turns the pager off
        try:
            words = tuple(shlex.split(value))
        except ValueError:
            continue
        if words:
            return Pager("command", words)
    if which("less") is not None:
        return Pager("command", tuple(shlex.split(DEFAULT_PAGER)))
    return Pager("builtin")


def needed(text: str, lines: int) -> bool:
    """Whether ``text`` is taller than a screen of ``lines`` lines, less one for the prompt after it."""
    return text.count("\n") + 1 > max(lines - 1, 1)


def show(text: str, pager: Pager, lines: int, out: TextIO | None = None,
         read: Callable[[str], str] = input) -> None:
    """Print ``text`` (colours allowed, no trailing newline) to ``out`` (default
    standard output) through ``pager`` when it is taller than ``lines``.

    A pager command that cannot start or fails falls back to the built-in
    pager, whose answers ``read`` reads; nothing is lost.
    """
    stream = out if out is not None else sys.stdout
    if pager.kind == "off" or not needed(text, lines):
        print(text, file=stream)
        return
    if pager.kind == "command":
        env = dict(os.environ)
        env.setdefault("LESS", LESS_DEFAULT)
        stream.flush()
        try:
            status = run(pager.command, text + "\n", env)
        except OSError:
            status = None
        if status == 0 or status == INTERRUPTED:
            return
        if status is not None:  # the pager ran and failed: say so once, then show the text plainly
            print(say("terminal.pager-failed", command=repr(" ".join(pager.command)), variable=PAGER_ENV), file=stream)
    builtin_pager(text, lines, stream, read)


def run(command: tuple[str, ...], text: str, env: Mapping[str, str]) -> int:
    """Run the pager ``command`` with ``text`` on its standard input and wait for it.

    Ctrl-C (SIGINT, at the terminal or sent to this process alone) stops the
    pager: it is closed (:func:`close`) before this returns, so no pager is
    left running beside the prompt.

    Returns:
        The pager's exit status, or :data:`INTERRUPTED` after Ctrl-C.

    Raises:
        OSError: the pager cannot start.
        signals.Terminated: SIGHUP or SIGTERM arrived (the pager is closed first).
    """
    process = subprocess.Popen(command, stdin=subprocess.PIPE, text=True, env=dict(env))
    try:
        process.communicate(text)  # a pager that quits before reading it all is no error
    except KeyboardInterrupt as stop:
        close(process)
        if isinstance(stop, signals.Terminated):
            raise
        return INTERRUPTED
    except BaseException:
        close(process)
        raise
    return process.returncode


def close(process: subprocess.Popen[str], seconds: float = CLOSE_SECONDS) -> None:
    """End ``process`` (a pager) and reap it, waiting at most about twice ``seconds``.

    SIGTERM first (``less`` puts the terminal back as it leaves), SIGKILL if it
    is still running ``seconds`` later; a further Ctrl-C meanwhile does not cut
    the wait short.  A process that outlives SIGKILL by ``seconds`` (stuck in
    the kernel) is left to :mod:`subprocess`, which reaps it later.
    """
    if process.stdin is not None:
        with contextlib.suppress(OSError):
            process.stdin.close()
    with contextlib.suppress(ProcessLookupError):
        process.terminate()
    for last in (False, True):
        end = time.monotonic() + seconds
        while True:
            try:
                process.wait(timeout=max(end - time.monotonic(), 0.0))
                return
            except subprocess.TimeoutExpired:
                break
            except KeyboardInterrupt:  # Ctrl-C again: the pager is being closed already
                continue
        if last:
            return
        with contextlib.suppress(ProcessLookupError):
            process.kill()


def builtin_pager(text: str, lines: int, out: TextIO, read: Callable[[str], str] = input) -> None:
    """Print ``text`` ``lines - 1`` lines at a time, asking :data:`MORE` on the
    last line; ``q``, Ctrl-C or Ctrl-D stops.
    """
    rows = text.split("\n")
    step = max(lines - 1, 1)
    for start in range(0, len(rows), step):
        if start:
            try:
                answer = read(MORE.text)
            except (EOFError, KeyboardInterrupt):
                print(file=out)
                return
            if answer.strip().lower() in ("q", "quit"):
                return
        print("\n".join(rows[start:start + step]), file=out)
        out.flush()
