"""The seed question of the standalone programs, ``python -m cardshell_pictures`` and ``cardshell_up_and_down``."""

from __future__ import annotations

import sys

#: The question of Sections 3.2 and 4.2.
PROMPT = "Please enter an integer to feed the seed() function: "


def ask_seed() -> int | None:
    """Ask :data:`PROMPT` and read a seed from standard input; None when there is none to play.

    At an end of input or Ctrl-C a newline ends the prompt's line; an answer
    that is not an integer is reported on standard error as ``Not an integer:
    'ANSWER'``.
    """
    try:
        answer = input(PROMPT)
    except (EOFError, KeyboardInterrupt):
        print()
        return None
    try:
        return int(answer)
    except ValueError:
        print(f"Not an integer: {answer!r}", file=sys.stderr)
        return None
