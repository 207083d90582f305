"""An add-on for the compatibility suite's Golf and Pairs: a theme, a journal and ``auto``."""
