"""Thumb and Pouch, a Klondike variant, as a cardshell game (game id ``thumb-and-pouch``)."""
