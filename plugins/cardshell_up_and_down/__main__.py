"""``python -m cardshell_up_and_down``: the hand-out's ``python3 solitaire_2.py``.

Section 4.2: prompt (ending in a single space), read the seed, print the
result and the number of lines of collected output, then the line browser
(:mod:`cardshell_up_and_down.browser`) until ``q``.  An end of input or an
interrupt ends quietly; an initial answer that is not an integer is
reported on stderr (status 1).
"""

from __future__ import annotations

import sys

from cardshell.pipes import run_main
from cardshell_up_and_down import browser
from cardshell_up_and_down.rules import play

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
    game = play(seed)
    total = len(game.lines)
    print()
    print(game.result)
    print()
    print(browser.question(total))
    while True:
        print()
        print(browser.menu(total))
        try:
            answer = input(browser.PROMPT)
        except (EOFError, KeyboardInterrupt):
            print()
            return 0
        if answer == browser.QUIT:
            return 0
        selected = browser.lines_for(answer, game.lines)
        if selected is not None:
            print()
            print("\n".join(selected))


if __name__ == "__main__":
    sys.exit(run_main(main))
