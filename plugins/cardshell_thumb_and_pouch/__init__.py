"""cardshell_thumb_and_pouch: a built-in cardshell game (work in progress)."""
