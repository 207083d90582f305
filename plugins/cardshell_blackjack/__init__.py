"""cardshell_blackjack: a built-in cardshell game (work in progress)."""
