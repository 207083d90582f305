"""Minesweeper as a cardshell game (game id ``minesweeper``): :mod:`.rules`, :mod:`.display`, :mod:`.plugin`."""
