"""The host's default plugins (datasette's ``DEFAULT_PLUGINS``): the objects
registering the host's own commands through the same hooks as any plugin,
in ``help``'s order, each as its name and the ``module:Class`` the registry
builds with the :class:`cardshell.host.Host`.  Imports nothing.
"""

from __future__ import annotations

#: (plugin name, ``module:Class``) of each default plugin, in registration order.
#: The class takes the shell (``Class(shell)``) and implements ``cardshell_commands``.
DEFAULT_PLUGINS: tuple[tuple[str, str], ...] = (
    ("cardshell.builtin", "cardshell.commands.menu:MenuCommands"),
    ("cardshell.play", "cardshell.commands.play:PlayCommands"),
    ("cardshell.undo", "cardshell.commands.undoing:UndoCommands"),
    ("cardshell.saves", "cardshell.commands.saving:SaveCommands"),
    ("cardshell.session", "cardshell.commands.leaving:SessionCommands"),
    ("cardshell.plugins", "cardshell.commands.plugins:PluginCommands"),
    ("cardshell.assist", "cardshell.assist:AssistCommands"),
    ("cardshell.scaffold", "cardshell.scaffold:ScaffoldCommands"),
    ("cardshell.winnability", "cardshell.winnability.command:WinnabilityCommands"),
)

#: The names of the default plugins: considered first, never blamed for a game's failure.
DEFAULT_PLUGIN_NAMES = frozenset(name for name, _ in DEFAULT_PLUGINS)
