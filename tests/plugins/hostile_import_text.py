"""A plugin that fails to import with a message holding terminal escape
sequences (clear the screen, set the window's title): the report of the
failure must show them escaped."""

raise ImportError("needs \x1b[2J\x1b]0;pwned\x07 a library")
