"""The default plugin ``cardshell.plugins``: ``plugins``, the loaded plugins and the refused ones."""

from __future__ import annotations

from cardshell import help as helptext
from cardshell.commands.common import HostPlugin
from cardshell.hookspecs import hookimpl
from cardshell.records import Command, CommandContext
from cardshell.registry import ESCAPE


class PluginCommands(HostPlugin):
    """The list of plugins."""

    @hookimpl
    def cardshell_commands(self) -> list[Command]:
        """The commands ``plugins``."""
        return [
            Command("plugins", "list the loaded plugins and any that failed", self.plugins),
        ]

    def plugins(self, ctx: CommandContext, args: None) -> None:
        """``plugins``: loaded plugins (distribution, version, games, hooks, shadowed words) and failures."""
        registry = self.shell.registry
        rows = []
        for info in registry.plugins:
            dist = f"{info.dist} {info.version}" if info.dist else "(no distribution)"
            games = f"games: {', '.join(info.games)}; " if info.games else ""
            rows.append((info.name, f"{dist}; {games}hooks: {', '.join(info.hooks) or 'none'}"))
        ctx.echo("Plugins:")
        ctx.echo(helptext.table(rows, width=self.shell.front_end.width))
        registry.load_all()  # what each game shadows needs its commands: import them all
        shadowed = {gid: registry.shadowed(gid) for gid in registry.games}
        shadowing = [(gid, ", ".join(f"{word} ({ESCAPE}{word})" for word in words))
                     for gid, words in shadowed.items() if words]
        if shadowing:
            ctx.echo("Shell words a game uses for its own commands (the shell's reached as %WORD there):")
            ctx.echo(helptext.table(shadowing, width=self.shell.front_end.width))
        if registry.notes:
            ctx.echo("Notes:")
            ctx.echo("\n".join(f"  {note}" for note in registry.notes))
        if registry.failures:
            ctx.echo("Failed plugins:")
            ctx.echo("\n".join(f"  {failure.describe()}" for failure in registry.failures))
