"""A plugin that prints while it is imported and while it registers."""

import cardshell

print("noisy_import: hello from the import")


@cardshell.hookimpl
def cardshell_games():
    print("noisy_import: hello from cardshell_games")
    return []
