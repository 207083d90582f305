"""cardshell_minesweeper: Minesweeper as a built-in cardshell game.

Rules: :mod:`cardshell_minesweeper.rules`; board drawing:
:mod:`cardshell_minesweeper.display`; the shell adapter:
:mod:`cardshell_minesweeper.plugin`.
"""
