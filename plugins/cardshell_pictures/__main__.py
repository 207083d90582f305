"""``python -m cardshell_pictures``: the hand-out's ``python3 solitaire_1.py``.

Section 3.2: prompt (ending in a single space), read the seed, print the
game.  An end of input or an interrupt at the prompt ends quietly (status
1); an answer that is not an integer is reported on stderr (status 1).
"""

from __future__ import annotations

import os
import sys

from cardshell_pictures.rules import play

#: The question of Sections 3.2 and 4.2.
PROMPT = "Please enter an integer to feed the seed() function: "


def main() -> int:
    """Run the standalone program; return the exit status."""
    try:
        answer = input(PROMPT)
    except (EOFError, KeyboardInterrupt):
        print()
        return 1
    try:
        seed = int(answer)
    except ValueError:
        print(f"Not an integer: {answer!r}", file=sys.stderr)
        return 1
    print()
    print(play(seed).text)
    return 0


def run() -> int:
    """:func:`main`, quiet when the reader of stdout goes away (``| head``)."""
    try:
        status = main()
        sys.stdout.flush()
    except BrokenPipeError:
        # Python's documented recipe: point stdout at devnull so that the
        # interpreter's final flush does not fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        status = 1
    return status


if __name__ == "__main__":
    sys.exit(run())
