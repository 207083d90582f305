"""Aces Up, the CSE 231 solitaire (game id ``aces-up``): ``rules``, ``display`` and the hooks in ``plugin``."""
