"""The question both standalone programs start with (Sections 3.2 and 4.2).

``python -m cardshell_pictures`` and ``python -m cardshell_up_and_down`` ask
for a seed with :data:`PROMPT` (ending in a single space) and read one line.
"""

from __future__ import annotations

import sys

#: The question of Sections 3.2 and 4.2.
PROMPT = "Please enter an integer to feed the seed() function: "


def ask_seed() -> int | None:
    """Ask :data:`PROMPT` on standard output and read the seed from standard input.

    Returns:
        int | None: the seed; None when there is none to play: at an end of
        input or an interrupt (Ctrl-C) a newline is printed to end the
        prompt's line, and an answer that is not an integer is reported on
        standard error as ``Not an integer: 'ANSWER'``.  The programs exit
        with status 1 then.
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
