"""The host's default plugins (datasette's ``DEFAULT_PLUGINS``): the plugin
objects that register the host's own commands through the same hooks as
any plugin, in the order their commands appear in ``help``.

Each is named here by its plugin name and the ``module:Class`` that builds
it for one shell; the module is imported when a shell is built, so that
this list (read by :mod:`cardshell.registry` for precedence) costs nothing
to import and no command module imports the shell back.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from cardshell.host import Host

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


def default_plugins(shell: Host) -> list[tuple[str, object]]:
    """Build the default plugins for one shell.

    Args:
        shell (Host): the shell their commands act on.

    Returns:
        list[tuple[str, object]]: (plugin name, plugin object) in
        :data:`DEFAULT_PLUGINS` order, ready for ``pm.register(obj, name=name)``.
    """
    built = []
    for name, target in DEFAULT_PLUGINS:
        module_name, _, class_name = target.partition(":")
        cls = getattr(importlib.import_module(module_name), class_name)
        built.append((name, cls(shell)))
    return built
