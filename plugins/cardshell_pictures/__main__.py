"""``python -m cardshell_pictures``: the hand-out's ``python3 solitaire_1.py``.

Section 3.2: prompt (ending in a single space), read the seed, print the
game.  An end of input or an interrupt at the prompt ends quietly (status
1); an answer that is not an integer is reported on stderr (status 1).
"""

from __future__ import annotations

import sys

from cardshell.pipes import run_main
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


if __name__ == "__main__":
    sys.exit(run_main(main))
