"""Crazy Eights against a computer opponent, a built-in cardshell game (rules: RULES.md)."""
