"""Crazy Eights against seeded computer opponents, as a built-in game (game id ``crazy-eights``)."""
