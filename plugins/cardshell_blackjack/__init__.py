"""Blackjack, the hand-out's problem 2 (game id ``blackjack``)."""
