"""The default plugin ``cardshell.plugins``: ``plugins``, the loaded plugins and the refused ones."""

from __future__ import annotations

from cardshell import help as helptext
from cardshell.commands.common import HostPlugin
from cardshell.hookspecs import hookimpl
from cardshell.messages import say
from cardshell.records import Command, CommandContext
from cardshell.registry import ESCAPE
from cardshell.render import Text, laid


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
        width = self.shell.front_end.width
        rows: list[tuple[str, Text]] = []
        for info in registry.plugins:
            dist = f"{info.dist} {info.version}" if info.dist else say("plugins.no-distribution")
            games = say("plugins.games", games=", ".join(info.games)) if info.games else ""
            hooks = ", ".join(info.hooks) or say("plugins.no-hooks")
            rows.append((info.name, say("plugins.row", distribution=dist, games=games, hooks=hooks)))
        ctx.echo(say("plugins.heading"))
        for piece in helptext.table_rows(rows, width=width):
            ctx.echo(piece)
        registry.load_all()  # what each game shadows needs its commands: import them all
        shadowed = {gid: registry.shadowed(gid) for gid in registry.games}
        shadowing = [(gid, ", ".join(f"{word} ({ESCAPE}{word})" for word in words))
                     for gid, words in shadowed.items() if words]
        if shadowing:
            ctx.echo(laid(say("plugins.shadowing-heading"), width))
            for piece in helptext.table_rows(shadowing, width=width):
                ctx.echo(piece)
        if registry.notes:
            ctx.echo(say("plugins.notes-heading"))
            for note in registry.notes:
                ctx.echo(say("plugins.note", note=note))
        if registry.failures:
            ctx.echo(say("plugins.failed-heading"))
            for failure in registry.failures:
                ctx.echo(say("plugins.failure", failure=failure.describe()))
