"""The pager: a document taller than the terminal is shown a screen at a time.

Only the host's documents are paged (help, rules, tables, reports); a
game's own display never is (:attr:`cardshell.reply.Reply.pageable`).

As git and IPython do it, at a terminal only (never in scripts):

* the command is ``CARDSHELL_PAGER`` if set (empty: no pager at all), else
  ``PAGER`` if set and not empty, else ``less -R`` if ``less`` is on the
  ``PATH``, else the built-in pager (:func:`builtin_pager`: a screenful,
  then ``-- more --``);
* ``cardshell --no-pager`` turns it off;
* ``less`` gets ``LESS=FRX`` when ``LESS`` is unset (git's default: quit if
  the text fits, keep colours, leave the text on the screen afterwards).

:func:`choose` and :func:`needed` decide (pure, tested without a
terminal); :func:`show` runs the pager.  Only the interactive front end
(:mod:`cardshell.interactive`) calls :func:`show`.

Why not :func:`pydoc.pager`: it chooses from ``MANPAGER``/``PAGER`` only and
keeps its first choice for the life of the process (no
``CARDSHELL_PAGER``, no ``--no-pager``); it runs ``less`` without ``-R`` or
``LESS=FRX``, so colours are lost and the text vanishes after ``q``; a pager
command that fails loses the text instead of falling back; it pages text
that fits the screen; and its parts (``pipepager``, ``ttypager``) are not
documented and changed their signatures in Python 3.13.  What is left here
is git's choice of a pager and a subprocess call.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TextIO

from cardshell.messages import say

#: The environment variable naming cardshell's pager (empty: no pager).
PAGER_ENV = "CARDSHELL_PAGER"
#: The pager used when neither ``CARDSHELL_PAGER`` nor ``PAGER`` names one
#: and ``less`` is installed.
DEFAULT_PAGER = "less -R"
#: What ``less`` is told when ``LESS`` is unset (as git does).
LESS_DEFAULT = "FRX"
#: The built-in pager's prompt.
MORE = say("terminal.more")


@dataclass(frozen=True)
class Pager:
    """The pager to use.

    Attributes:
        kind (str): ``"off"`` (no pager), ``"command"`` (run ``command``)
            or ``"builtin"`` (:func:`builtin_pager`).
        command (tuple[str, ...]): the program and its arguments, for
            ``"command"``.
    """

    kind: str
    command: tuple[str, ...] = ()


def choose(env: Mapping[str, str], *, enabled: bool = True,
           which: Callable[[str], str | None] = shutil.which) -> Pager:
    """Which pager to use (see the module docstring for the order).

    Args:
        env (Mapping[str, str]): the environment (``os.environ``).
        enabled (bool): False after ``--no-pager``.
        which (Callable[[str], str | None]): finds a program on the PATH
            (:func:`shutil.which`).

    Returns:
        Pager: off, a command, or the built-in pager.  A variable that does
        not split into words (an unclosed quote) counts as unset.
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
    """Whether ``text`` is taller than a screen of ``lines`` lines (one line
    is kept for the prompt that follows)."""
    return text.count("\n") + 1 > max(lines - 1, 1)


def show(text: str, pager: Pager, lines: int, out: TextIO | None = None,
         read: Callable[[str], str] = input) -> None:
    """Print ``text`` through the pager when it is taller than the screen.

    Args:
        text (str): what to show (ANSI colours allowed), no trailing newline.
        pager (Pager): from :func:`choose`.
        lines (int): the screen's height in lines.
        out (TextIO | None): where to print (standard output by default).
        read (Callable[[str], str]): reads the built-in pager's answer.

    A pager command that cannot be started, or fails, falls back to the
    built-in pager; nothing is ever lost.
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
            done = subprocess.run(pager.command, input=text + "\n", text=True, env=env, check=False)
        except OSError:
            done = None
        except KeyboardInterrupt:  # Ctrl-C while paging: the pager is stopped, the shell goes on
            return
        if done is not None and done.returncode == 0:
            return
        if done is not None:  # the pager ran and failed: say so once, then show the text plainly
            print(say("terminal.pager-failed", command=repr(" ".join(pager.command)), variable=PAGER_ENV), file=stream)
    builtin_pager(text, lines, stream, read)


def builtin_pager(text: str, lines: int, out: TextIO, read: Callable[[str], str] = input) -> None:
    """Print ``text`` a screenful at a time, asking :data:`MORE` between two.

    Args:
        text (str): the text.
        lines (int): the screen's height (a screenful is ``lines - 1``
            lines, the last line being the question).
        out (TextIO): where to print.
        read (Callable[[str], str]): reads the answer; ``q`` (or Ctrl-C,
            Ctrl-D) stops, anything else shows the next screenful.
    """
    rows = text.split("\n")
    step = max(lines - 1, 1)
    for start in range(0, len(rows), step):
        if start:
            try:
                answer = read(MORE)
            except (EOFError, KeyboardInterrupt):
                print(file=out)
                return
            if answer.strip().lower() in ("q", "quit"):
                return
        print("\n".join(rows[start:start + step]), file=out)
        out.flush()
