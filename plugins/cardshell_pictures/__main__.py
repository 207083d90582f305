"""``python -m cardshell_pictures``: the hand-out's ``solitaire_1.py`` (Section 3.2).

Exit status 1 at an end of input, an interrupt or a seed that is not an integer.
"""

from __future__ import annotations

import sys

from cardshell.pipes import run_main
from cardshell_comp9021.standalone import PROMPT, ask_seed  # noqa: F401 (PROMPT: re-exported)
from cardshell_pictures.rules import play


def main() -> int:
    """Run the standalone program; return the exit status."""
    seed = ask_seed()
    if seed is None:
        return 1
    print()
    print(play(seed).text)
    return 0


if __name__ == "__main__":
    sys.exit(run_main(main))
