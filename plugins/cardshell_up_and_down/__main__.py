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
from cardshell_comp9021.standalone import PROMPT, ask_seed  # noqa: F401 (PROMPT: re-exported)
from cardshell_up_and_down import browser
from cardshell_up_and_down.rules import play


def main() -> int:
    """Run the standalone program; return the exit status."""
    seed = ask_seed()
    if seed is None:
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
