"""``python -m cardshell_up_and_down``: the hand-out's ``solitaire_2.py`` (Section 4.2), browser included.

Exit status 1 when the seed is missing or not an integer; an end of input in the browser ends with 0.
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
