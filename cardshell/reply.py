"""What one input line produced: :class:`Reply`, returned by
:meth:`cardshell.shell.Shell.execute` to the front ends (and importable from
:mod:`cardshell.shell` as before)."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Reply:
    """What one input line produced.

    Attributes:
        ok (bool): True if the line was accepted (blank lines and comments are).
        output (str): text for standard output, no trailing newline ("" if none).
        error (str | None): the message of a rejected line.
        warnings (list[str]): reports about plugins that misbehaved while
            the line ran (a hook, or a game's display, outcome or prompt,
            raised): each distinct problem once per shell, naming the plugin
            (see :mod:`cardshell.problems`); the front ends print them on
            standard error.
        interrupted (bool): the line was stopped by Ctrl-C (then ``ok`` is
            False and nothing was changed); a script stops there.
        follow_up (list[str]): lines the command asked to run next
            (:meth:`CommandContext.then`); :meth:`Shell.execute` runs them,
            except steps at a terminal (``steps``; ``Shell.pace_steps``):
            those it leaves here for the front end to play.
        steps (bool): the follow-up lines are steps played for the player
            (``CommandContext.then(line, step=True)``: ``solve --play``).
        pace (float | None): seconds between two steps at a terminal, as
            the command asked (:meth:`CommandContext.then`); None: the
            front end's default.
        exact (list[str]): the pieces of ``output`` shown as they are, not
            fitted to the width (:data:`cardshell.screen.EXCEPTIONS`: boards).
        pageable (bool): the output is a document of the host's (help,
            rules, tables, reports) that a front end may show through a
            pager; False when it holds a game's own display: a board, a
            game's exact text, or what a move printed with its ending
            (shown whole, never paged, so the result and the ``Next:``
            line stay on the screen).
    """

    ok: bool = True
    output: str = ""
    error: str | None = None
    warnings: list[str] = field(default_factory=list)
    interrupted: bool = False
    follow_up: list[str] = field(default_factory=list)
    steps: bool = False
    pace: float | None = None
    exact: list[str] = field(default_factory=list)
    pageable: bool = True
