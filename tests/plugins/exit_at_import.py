"""A plugin that ends the program while it is imported."""

import sys

sys.exit(3)
