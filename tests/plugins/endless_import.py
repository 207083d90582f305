"""A plugin stuck in an endless loop while it is imported."""

while True:
    pass
