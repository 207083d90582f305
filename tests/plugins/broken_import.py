"""A plugin that cannot be imported: it needs a module that does not exist."""

import cardshell_no_such_dependency  # noqa: F401  (the point of this plugin)
