"""cardshell_aces_up: Aces Up, the CSE 231 solitaire (game id ``aces-up``).

``rules`` holds the state and the pure move functions, ``display`` the
instructor's layout, ``plugin`` the cardshell hook implementations.
"""
